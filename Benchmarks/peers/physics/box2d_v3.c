/* dynrender's physics peer on Box2D v3 (C API), built from a source tree the user supplies
 * (scripts/bench-peers.sh --box2d-v3 DIR; written against v3.1.1-37-g617d32ab, which reports
 * 3.2.0: positions are b2Pos, joints take local frames, the motor joint has a linear spring).
 *
 * Three options of its own besides workloads.h's:
 *   --workers N    b2WorldDef.workerCount (default 1: single-threaded, no threads started;
 *                  N > 1 uses Box2D's own scheduler)
 *   --substeps N   sub-steps per b2World_Step (default 4, Box2D v3's recommendation)
 *   --profile      before the result, a line {"profile": {stage: us per step, ...}}: the mean of
 *                  b2World_GetProfile over the timed steps (Box2D times its stages always)
 *
 * Units as in box2d.cpp: lengths divided by --ptm (default 40 pt per unit), density ptm^2 so
 * masses stay 1600 / 1936, b2SetLengthUnitsPerMeter left at 1 (slop and restitution threshold
 * as in Box2D 2.4). Sleeping off unless --sleep; continuous collision at its default (on).
 * Springs: W1's zero-length spring to a fixed anchor is a b2MotorJoint with only its linear
 * spring (v3 has no mouse joint; a distance joint cannot have rest length 0): frequency and
 * damping ratio act on the effective mass, which is the item's mass (anchor at the centre, the
 * other body static), so k = m w^2 and c = 2 m zeta w. W3's spring is a b2DistanceJoint of
 * rest length 300 pt with its spring on and no limits or motor. */
#include <box2d/box2d.h>
#include <box2d/math_functions.h>

#include "workloads.h"

#ifndef PEER_NAME
#define PEER_NAME "box2d-v3"
#endif

static int workers = 1;
static int substeps = 4;
static char engine[96] = PEER_NAME;   /* plus -w<N> / -ss<N> when not the defaults */

static int profiling = 0;
static b2Profile profile_sum;
static long profile_steps = 0;

static int own_option(int argc, char **argv, int at) {
    if (!strcmp(argv[at], "--profile")) { profiling = 1; return 1; }
    if (at + 1 >= argc) return 0;
    if (!strcmp(argv[at], "--workers")) { workers = atoi(argv[at + 1]); return 2; }
    if (!strcmp(argv[at], "--substeps")) { substeps = atoi(argv[at + 1]); return 2; }
    return 0;
}

typedef struct {
    b2WorldId world;
    b2BodyId ground;
    b2BodyId *bodies;      /* the dynamic bodies, in workload order */
    int count;
    double ptm;
} scene;

static b2Vec2 units(const scene *s, double x, double y) {
    return (b2Vec2){ (float)(x / s->ptm), (float)(y / s->ptm) };
}

static scene scene_new(double gravity_y, const run_options *o, int capacity) {
    scene s;
    s.ptm = o->ptm;
    b2WorldDef world = b2DefaultWorldDef();
    world.gravity = (b2Vec2){ 0.0f, (float)(gravity_y / o->ptm) };
    world.enableSleep = o->sleep != 0;
    world.workerCount = workers;
    s.world = b2CreateWorld(&world);
    b2BodyDef ground = b2DefaultBodyDef();   /* static, at the origin */
    s.ground = b2CreateBody(s.world, &ground);
    s.bodies = malloc((size_t)capacity * sizeof *s.bodies);
    s.count = 0;
    return s;
}

static void scene_free(scene *s) {
    b2DestroyWorld(s->world);
    free(s->bodies);
}

static b2BodyId add_body(scene *s, double x, double y, double angle) {
    b2BodyDef def = b2DefaultBodyDef();
    def.type = b2_dynamicBody;
    b2Vec2 p = units(s, x, y);
    def.position.x = p.x;
    def.position.y = p.y;
    def.rotation = b2MakeRot((float)angle);
    b2BodyId body = b2CreateBody(s->world, &def);
    s->bodies[s->count++] = body;
    return body;
}

static void add_box(scene *s, b2BodyId body, double side) {
    b2Polygon box = b2MakeBox((float)(side / 2.0 / s->ptm), (float)(side / 2.0 / s->ptm));
    b2ShapeDef def = b2DefaultShapeDef();
    def.density = (float)(DENSITY * s->ptm * s->ptm);
    def.material.friction = (float)FRICTION;         /* pairs mix as sqrt(f1 f2): 0.2 */
    def.material.restitution = (float)RESTITUTION;   /* pairs mix as max(e1, e2): 0.2 */
    b2CreatePolygonShape(body, &def, &box);
}

static void step(const scene *s) {
    b2World_Step(s->world, (float)STEP_DT, substeps);
    if (!profiling) return;
    b2Profile p = b2World_GetProfile(s->world);
    float *sum = (float *)&profile_sum;
    const float *add = (const float *)&p;
    for (size_t i = 0; i < sizeof p / sizeof(float); i++) sum[i] += add[i];
    profile_steps++;
}

/* The profile line: b2Profile's fields (ms per step) as us per step, in b2Profile's order. */
static void print_profile(void) {
    if (!profiling || profile_steps == 0) return;
    static const char *names[] = { "step", "pairs", "collide", "solve", "solverSetup", "constraints",
        "prepareConstraints", "integrateVelocities", "warmStart", "solveImpulses", "integratePositions",
        "relaxImpulses", "applyRestitution", "storeImpulses", "splitIslands", "transforms", "sensorHits",
        "jointEvents", "hitEvents", "refit", "bullets", "sleepIslands", "sensors" };
    _Static_assert(sizeof(b2Profile) == sizeof names / sizeof names[0] * sizeof(float), "b2Profile's fields");
    const float *sum = (const float *)&profile_sum;
    printf("{\"profile\":{");
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        printf("%s\"%s\":%.3f", i ? "," : "", names[i], 1000.0 * sum[i] / (double)profile_steps);
    printf("}}\n");
}

static double x_of(const scene *s, int i) { return (double)b2Body_GetPosition(s->bodies[i]).x * s->ptm; }
static double y_of(const scene *s, int i) { return (double)b2Body_GetPosition(s->bodies[i]).y * s->ptm; }

static double fastest(const scene *s) {
    double top = 0.0;
    for (int i = 0; i < s->count; i++) {
        double v = (double)b2Length(b2Body_GetLinearVelocity(s->bodies[i])) * s->ptm;
        if (!(v <= top)) top = v;
    }
    return top;
}

/* ------------------------------------------------------------------ W1 springy grid */

static void springy_grid(const run_options *o) {
    int n = o->n;
    double started = seconds_now();
    scene s = scene_new(0.0, o, n);
    double mass = DENSITY * GRID_ITEM * GRID_ITEM;
    double side = GRID_ITEM / o->ptm;
    double *ax = malloc(n * sizeof *ax), *ay = malloc(n * sizeof *ay);
    for (int i = 0; i < n; i++) {
        grid_anchor(i, n, &ax[i], &ay[i]);
        b2BodyId item = add_body(&s, ax[i], ay[i], 0.0);
        b2MassData mass_data = { 0 };                /* no shapes: the items collide with nothing */
        mass_data.mass = (float)mass;
        mass_data.rotationalInertia = (float)box_moment(mass, side, side);
        b2Body_SetMassData(item, mass_data);
        b2MotorJointDef spring = b2DefaultMotorJointDef();
        spring.base.bodyIdA = s.ground;
        spring.base.bodyIdB = item;
        spring.base.localFrameA.p = units(&s, ax[i], ay[i]);   /* the anchor */
        spring.base.localFrameB.p = (b2Vec2){ 0.0f, 0.0f };    /* the item's centre */
        spring.linearHertz = (float)GRID_HZ;
        spring.linearDampingRatio = (float)GRID_ZETA;
        spring.maxSpringForce = 1e12f;                          /* unlimited */
        spring.angularHertz = 0.0f;                             /* rotation free */
        spring.maxSpringTorque = 0.0f;
        spring.maxVelocityForce = 0.0f;                         /* no velocity motor */
        spring.maxVelocityTorque = 0.0f;
        b2CreateMotorJoint(s.world, &spring);
    }
    run_result r = { 0 };
    r.episodes = 1;
    r.setup = seconds_now() - started;

    double wall0 = seconds_now(), cpu0 = cpu_seconds_now();
    do {
        for (int k = 0; k < GRID_CYCLE_STEPS; k++, r.steps++) {
            double delta = grid_scroll_before(r.steps);
            if (delta != 0.0) {
                for (int i = 0; i < n; i++) {
                    b2BodyId item = s.bodies[i];
                    b2Pos p = b2Body_GetPosition(item);
                    p.y += (float)(grid_shift(delta, ax[i], ay[i]) / o->ptm);
                    b2Body_SetTransform(item, p, b2Body_GetRotation(item));   /* a teleport: velocity kept */
                }
            }
            step(&s);
        }
        r.wall = seconds_now() - wall0;
    } while (r.wall < o->min_seconds);
    r.cpu = cpu_seconds_now() - cpu0;

    double *xs = malloc(n * sizeof *xs), *ys = malloc(n * sizeof *ys);
    for (int i = 0; i < n; i++) { xs[i] = x_of(&s, i); ys[i] = y_of(&s, i); }
    grid_sanity(&r, n, xs, ys, fastest(&s));
    print_profile();
    print_result(engine, o, &r);
    scene_free(&s);
    free(ax); free(ay); free(xs); free(ys);
}

/* ------------------------------------------------------------------ W2 pile, W3 cradle */

static void build_pile(scene *s, int n) {
    for (int k = 0; k < 3; k++) {
        const double *g = PILE_SEGMENTS[k];
        b2Segment segment = { units(s, g[0], g[1]), units(s, g[2], g[3]) };   /* two-sided */
        b2ShapeDef def = b2DefaultShapeDef();
        def.material.friction = (float)FRICTION;
        def.material.restitution = (float)RESTITUTION;
        b2CreateSegmentShape(s->ground, &def, &segment);
    }
    for (int i = 0; i < n; i++) {
        double x, y, angle;
        pile_start(i, &x, &y, &angle);
        add_box(s, add_body(s, x, y, angle), PILE_BOX);
    }
}

static void build_cradle(scene *s) {
    for (int i = 0; i < CRADLE_BOXES; i++) {
        double x, y, ax, ay;
        cradle_start(i, &x, &y);
        cradle_anchor(i, &ax, &ay);
        b2BodyId box = add_body(s, x, y, 0.0);
        add_box(s, box, CRADLE_BOX);
        b2DistanceJointDef spring = b2DefaultDistanceJointDef();
        spring.base.bodyIdA = s->ground;
        spring.base.bodyIdB = box;
        spring.base.localFrameA.p = units(s, ax, ay);
        spring.base.localFrameB.p = (b2Vec2){ 0.0f, 0.0f };
        spring.length = (float)(CRADLE_LENGTH / s->ptm);
        spring.enableSpring = true;
        spring.hertz = (float)CRADLE_HZ;
        spring.dampingRatio = (float)CRADLE_ZETA;
        spring.enableLimit = false;    /* a pure spring: no rope limits */
        spring.enableMotor = false;
        b2CreateDistanceJoint(s->world, &spring);
    }
}

static void episodes(const run_options *o) {
    int cradle = o->workload == 3;
    int steps = cradle ? CRADLE_STEPS : PILE_STEPS;
    run_result r = { 0 };
    double setup = 0.0;
    do {
        double started = seconds_now();
        scene s = scene_new(GRAVITY_Y, o, o->n);
        if (cradle) build_cradle(&s); else build_pile(&s, o->n);
        setup += seconds_now() - started;

        double wall0 = seconds_now(), cpu0 = cpu_seconds_now();
        for (int k = 0; k < steps; k++) step(&s);
        r.wall += seconds_now() - wall0;
        r.cpu += cpu_seconds_now() - cpu0;
        r.steps += steps;

        if (r.episodes == 0) {   /* the outcome of the first episode */
            if (cradle) {
                int last = s.count - 1;
                double a[3] = { x_of(&s, 0), y_of(&s, 0), b2Rot_GetAngle(b2Body_GetRotation(s.bodies[0])) };
                double b[3] = { x_of(&s, last), y_of(&s, last), b2Rot_GetAngle(b2Body_GetRotation(s.bodies[last])) };
                cradle_sanity(&r, a, b, fastest(&s));
            } else {
                double *xs = malloc(s.count * sizeof *xs), *ys = malloc(s.count * sizeof *ys);
                for (int i = 0; i < s.count; i++) { xs[i] = x_of(&s, i); ys[i] = y_of(&s, i); }
                pile_sanity(&r, s.count, xs, ys, fastest(&s));
                free(xs); free(ys);
            }
        }
        r.episodes++;
        scene_free(&s);
    } while (r.wall < o->min_seconds);
    r.setup = setup / (double)r.episodes;
    print_profile();
    print_result(engine, o, &r);
}

int main(int argc, char **argv) {
    run_options o = parse_options(argc, argv, 40.0, own_option);
    if (workers < 1 || substeps < 1) {
        fprintf(stderr, "%s: --workers and --substeps take a number of at least 1\n", argv[0]);
        return 2;
    }
    if (workers != 1) snprintf(engine + strlen(engine), sizeof engine - strlen(engine), "-w%d", workers);
    if (substeps != 4) snprintf(engine + strlen(engine), sizeof engine - strlen(engine), "-ss%d", substeps);
    if (o.workload == 1) springy_grid(&o);
    else episodes(&o);
    return 0;
}
