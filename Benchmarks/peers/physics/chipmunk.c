/* dynrender's physics peer on Chipmunk 7 (Debian's libchipmunk-dev 7.0.3): W1-W3 of
 * workloads.h in points (Chipmunk has no preferred unit, so 1 pt = 1 unit and --ptm is
 * reported as 1). Single-threaded cpSpace with its defaults: 10 iterations, collision slop
 * 0.1, no damping.
 *
 *   cc -O2 -o chipmunk chipmunk.c -lchipmunk -lm      (see Makefile)
 *
 * Debian's library is built with its debug checks on and prints a banner when a space is made;
 * the result is the last line, as JSON. */
#include <chipmunk/chipmunk.h>

#include "workloads.h"

#ifndef PEER_NAME
#define PEER_NAME "chipmunk-7"
#endif

/* Chipmunk multiplies the two shapes' coefficients, so each shape carries sqrt of the pair value. */
#define SHAPE_ELASTICITY sqrt(RESTITUTION)
#define SHAPE_FRICTION sqrt(FRICTION)

typedef struct {
    cpSpace *space;
    int body_count, shape_count, joint_count;
    cpBody **bodies;          /* the dynamic bodies, in workload order */
    cpShape **shapes;
    cpConstraint **joints;
} world;

static world world_new(int bodies, int shapes, int joints, cpVect gravity, int sleep) {
    world w;
    w.space = cpSpaceNew();
    cpSpaceSetGravity(w.space, gravity);
    if (sleep) {
        cpSpaceSetSleepTimeThreshold(w.space, 0.5);
        cpSpaceSetIdleSpeedThreshold(w.space, 1.0);
    }
    w.body_count = w.shape_count = w.joint_count = 0;
    w.bodies = calloc((size_t)bodies + 1, sizeof *w.bodies);
    w.shapes = calloc((size_t)shapes + 1, sizeof *w.shapes);
    w.joints = calloc((size_t)joints + 1, sizeof *w.joints);
    return w;
}

static cpBody *add_body(world *w, double mass, double moment, double x, double y, double angle) {
    cpBody *body = cpSpaceAddBody(w->space, cpBodyNew(mass, moment));
    cpBodySetPosition(body, cpv(x, y));
    cpBodySetAngle(body, angle);
    w->bodies[w->body_count++] = body;
    return body;
}

static void add_shape(world *w, cpShape *shape) {
    cpShapeSetElasticity(shape, SHAPE_ELASTICITY);
    cpShapeSetFriction(shape, SHAPE_FRICTION);
    w->shapes[w->shape_count++] = cpSpaceAddShape(w->space, shape);
}

static void add_joint(world *w, cpConstraint *joint) {
    w->joints[w->joint_count++] = cpSpaceAddConstraint(w->space, joint);
}

static void world_free(world *w) {
    for (int i = 0; i < w->joint_count; i++) { cpSpaceRemoveConstraint(w->space, w->joints[i]); cpConstraintFree(w->joints[i]); }
    for (int i = 0; i < w->shape_count; i++) { cpSpaceRemoveShape(w->space, w->shapes[i]); cpShapeFree(w->shapes[i]); }
    for (int i = 0; i < w->body_count; i++) { cpSpaceRemoveBody(w->space, w->bodies[i]); cpBodyFree(w->bodies[i]); }
    cpSpaceFree(w->space);
    free(w->bodies); free(w->shapes); free(w->joints);
}

static double fastest(const world *w) {
    double top = 0.0;
    for (int i = 0; i < w->body_count; i++) {
        double v = cpvlength(cpBodyGetVelocity(w->bodies[i]));
        if (!(v <= top)) top = v;
    }
    return top;
}

/* ------------------------------------------------------------------ W1 springy grid */

static void springy_grid(const run_options *o) {
    int n = o->n;
    double started = seconds_now();
    world w = world_new(n, 0, n, cpvzero, o->sleep);
    double mass = DENSITY * GRID_ITEM * GRID_ITEM;
    double k = spring_stiffness(mass, GRID_HZ), c = spring_damping(mass, GRID_HZ, GRID_ZETA);
    cpBody *ground = cpSpaceGetStaticBody(w.space);
    double *ax = malloc(n * sizeof *ax), *ay = malloc(n * sizeof *ay);
    for (int i = 0; i < n; i++) {
        grid_anchor(i, n, &ax[i], &ay[i]);
        cpBody *item = add_body(&w, mass, box_moment(mass, GRID_ITEM, GRID_ITEM), ax[i], ay[i], 0.0);
        add_joint(&w, cpDampedSpringNew(ground, item, cpv(ax[i], ay[i]), cpvzero, 0.0, k, c));
    }
    run_result r = { 0 };
    r.episodes = 1;
    r.setup = seconds_now() - started;

    double wall0 = seconds_now(), cpu0 = cpu_seconds_now();
    do {
        for (int s = 0; s < GRID_CYCLE_STEPS; s++, r.steps++) {
            double delta = grid_scroll_before(r.steps);
            if (delta != 0.0) {
                for (int i = 0; i < n; i++) {
                    cpVect p = cpBodyGetPosition(w.bodies[i]);
                    p.y += grid_shift(delta, ax[i], ay[i]);
                    cpBodySetPosition(w.bodies[i], p);   /* a teleport: velocity kept */
                }
            }
            cpSpaceStep(w.space, STEP_DT);
        }
        r.wall = seconds_now() - wall0;
    } while (r.wall < o->min_seconds);
    r.cpu = cpu_seconds_now() - cpu0;

    double *xs = malloc(n * sizeof *xs), *ys = malloc(n * sizeof *ys);
    for (int i = 0; i < n; i++) {
        cpVect p = cpBodyGetPosition(w.bodies[i]);
        xs[i] = p.x; ys[i] = p.y;
    }
    grid_sanity(&r, n, xs, ys, fastest(&w));
    print_result(PEER_NAME, o, &r);
    world_free(&w);
    free(ax); free(ay); free(xs); free(ys);
}

/* ------------------------------------------------------------------ W2 pile, W3 cradle */

static world build_pile(int n, int sleep) {
    world w = world_new(n, n + 3, 0, cpv(0.0, GRAVITY_Y), sleep);
    cpBody *ground = cpSpaceGetStaticBody(w.space);
    for (int s = 0; s < 3; s++) {
        const double *g = PILE_SEGMENTS[s];
        add_shape(&w, cpSegmentShapeNew(ground, cpv(g[0], g[1]), cpv(g[2], g[3]), 0.0));
    }
    double mass = DENSITY * PILE_BOX * PILE_BOX;
    for (int i = 0; i < n; i++) {
        double x, y, angle;
        pile_start(i, &x, &y, &angle);
        cpBody *box = add_body(&w, mass, box_moment(mass, PILE_BOX, PILE_BOX), x, y, angle);
        add_shape(&w, cpBoxShapeNew(box, PILE_BOX, PILE_BOX, 0.0));
    }
    return w;
}

static world build_cradle(int sleep) {
    world w = world_new(CRADLE_BOXES, CRADLE_BOXES, CRADLE_BOXES, cpv(0.0, GRAVITY_Y), sleep);
    cpBody *ground = cpSpaceGetStaticBody(w.space);
    double mass = DENSITY * CRADLE_BOX * CRADLE_BOX;
    double k = spring_stiffness(mass, CRADLE_HZ), c = spring_damping(mass, CRADLE_HZ, CRADLE_ZETA);
    for (int i = 0; i < CRADLE_BOXES; i++) {
        double x, y, ax, ay;
        cradle_start(i, &x, &y);
        cradle_anchor(i, &ax, &ay);
        cpBody *box = add_body(&w, mass, box_moment(mass, CRADLE_BOX, CRADLE_BOX), x, y, 0.0);
        add_shape(&w, cpBoxShapeNew(box, CRADLE_BOX, CRADLE_BOX, 0.0));
        add_joint(&w, cpDampedSpringNew(ground, box, cpv(ax, ay), cpvzero, CRADLE_LENGTH, k, c));
    }
    return w;
}

static void episodes(const run_options *o) {
    int cradle = o->workload == 3;
    int steps = cradle ? CRADLE_STEPS : PILE_STEPS;
    run_result r = { 0 };
    double setup = 0.0;
    do {
        double started = seconds_now();
        world w = cradle ? build_cradle(o->sleep) : build_pile(o->n, o->sleep);
        setup += seconds_now() - started;

        double wall0 = seconds_now(), cpu0 = cpu_seconds_now();
        for (int s = 0; s < steps; s++) cpSpaceStep(w.space, STEP_DT);
        r.wall += seconds_now() - wall0;
        r.cpu += cpu_seconds_now() - cpu0;
        r.steps += steps;

        if (r.episodes == 0) {   /* the outcome of the first episode */
            if (cradle) {
                double ends[2][3];
                for (int e = 0; e < 2; e++) {
                    cpBody *box = w.bodies[e == 0 ? 0 : CRADLE_BOXES - 1];
                    ends[e][0] = cpBodyGetPosition(box).x;
                    ends[e][1] = cpBodyGetPosition(box).y;
                    ends[e][2] = cpBodyGetAngle(box);
                }
                cradle_sanity(&r, ends[0], ends[1], fastest(&w));
            } else {
                double *xs = malloc(o->n * sizeof *xs), *ys = malloc(o->n * sizeof *ys);
                for (int i = 0; i < o->n; i++) {
                    cpVect p = cpBodyGetPosition(w.bodies[i]);
                    xs[i] = p.x; ys[i] = p.y;
                }
                pile_sanity(&r, o->n, xs, ys, fastest(&w));
                free(xs); free(ys);
            }
        }
        r.episodes++;
        world_free(&w);
    } while (r.wall < o->min_seconds);
    r.setup = setup / (double)r.episodes;
    print_result(PEER_NAME, o, &r);
}

int main(int argc, char **argv) {
    run_options o = parse_options(argc, argv, 1.0, NULL);
    o.ptm = 1.0;   /* always simulated in points */
    if (o.workload == 1) springy_grid(&o);
    else episodes(&o);
    return 0;
}
