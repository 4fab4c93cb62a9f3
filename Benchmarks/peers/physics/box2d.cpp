// dynrender's physics peer on Box2D 2.4 (Debian's libbox2d-dev 2.4.1, C++): W1-W3 of
// workloads.h.
//
//   c++ -O2 -o box2d box2d.cpp -lbox2d      (see Makefile)
//
// Units: Box2D is tuned for metres and bodies of 0.1-10 m (it caps a body's travel at 2 units a
// step and keeps 0.005 units of slop), so every length in points is divided by --ptm (default
// 40 pt per unit: a 40 pt box is 1 m) and speeds are reported back in points. Fixture density
// is ptm^2 so that masses stay 1600 / 1936. The motion, in points, is the same.
// Solver: 8 velocity and 3 position iterations (Box2D's usual), sleeping off unless --sleep.
// Springs: W1's zero-length spring to a fixed anchor is a b2MouseJoint (target = anchor,
// stiffness k, damping c, unlimited force); W3's is a b2DistanceJoint of rest length 300 pt
// with stiffness and damping and no length limits.
#include <box2d/box2d.h>

#include <cfloat>
#include <vector>

#include "workloads.h"

#ifndef PEER_NAME
#define PEER_NAME "box2d-2.4"
#endif

namespace {

const int VELOCITY_ITERATIONS = 8;
const int POSITION_ITERATIONS = 3;

struct Scene {
    b2World *world = nullptr;
    b2Body *ground = nullptr;
    std::vector<b2Body *> bodies;   // the dynamic bodies, in workload order
    double ptm = 40.0;

    Scene(double gravity_y, const run_options &o) : ptm(o.ptm) {
        world = new b2World(b2Vec2(0.0f, float(gravity_y / ptm)));
        world->SetAllowSleeping(o.sleep != 0);
        b2BodyDef def;   // static, at the origin
        ground = world->CreateBody(&def);
    }
    ~Scene() { delete world; }
    Scene(const Scene &) = delete;
    Scene &operator=(const Scene &) = delete;

    b2Vec2 units(double x, double y) const { return b2Vec2(float(x / ptm), float(y / ptm)); }
    double x(int i) const { return double(bodies[i]->GetPosition().x) * ptm; }
    double y(int i) const { return double(bodies[i]->GetPosition().y) * ptm; }

    b2Body *add_body(double x, double y, double angle) {
        b2BodyDef def;
        def.type = b2_dynamicBody;
        def.position = units(x, y);
        def.angle = float(angle);
        b2Body *body = world->CreateBody(&def);
        bodies.push_back(body);
        return body;
    }

    void add_box(b2Body *body, double side) {
        b2PolygonShape box;
        box.SetAsBox(float(side / 2.0 / ptm), float(side / 2.0 / ptm));
        b2FixtureDef def;
        def.shape = &box;
        def.density = float(DENSITY * ptm * ptm);
        def.friction = float(FRICTION);         // pairs mix as sqrt(f1 f2): 0.2
        def.restitution = float(RESTITUTION);   // pairs mix as max(e1, e2): 0.2
        body->CreateFixture(&def);
    }

    void step() { world->Step(float(STEP_DT), VELOCITY_ITERATIONS, POSITION_ITERATIONS); }

    double fastest() const {
        double top = 0.0;
        for (b2Body *body : bodies) {
            double v = double(body->GetLinearVelocity().Length()) * ptm;
            if (!(v <= top)) top = v;
        }
        return top;
    }
};

// ------------------------------------------------------------------ W1 springy grid

void springy_grid(const run_options &o) {
    const int n = o.n;
    double started = seconds_now();
    Scene scene(0.0, o);
    const double mass = DENSITY * GRID_ITEM * GRID_ITEM;
    const double side = GRID_ITEM / o.ptm;
    std::vector<double> ax(n), ay(n);
    for (int i = 0; i < n; i++) {
        grid_anchor(i, n, &ax[i], &ay[i]);
        b2Body *item = scene.add_body(ax[i], ay[i], 0.0);
        b2MassData mass_data;                  // no fixtures: the items collide with nothing
        mass_data.mass = float(mass);
        mass_data.center.SetZero();
        mass_data.I = float(box_moment(mass, side, side));
        item->SetMassData(&mass_data);
        b2MouseJointDef spring;
        spring.bodyA = scene.ground;
        spring.bodyB = item;
        spring.target = scene.units(ax[i], ay[i]);
        spring.maxForce = 1e12f;
        spring.stiffness = float(spring_stiffness(mass, GRID_HZ));
        spring.damping = float(spring_damping(mass, GRID_HZ, GRID_ZETA));
        scene.world->CreateJoint(&spring);
    }
    run_result r = {};
    r.episodes = 1;
    r.setup = seconds_now() - started;

    double wall0 = seconds_now(), cpu0 = cpu_seconds_now();
    do {
        for (int s = 0; s < GRID_CYCLE_STEPS; s++, r.steps++) {
            double delta = grid_scroll_before(r.steps);
            if (delta != 0.0) {
                for (int i = 0; i < n; i++) {
                    b2Body *item = scene.bodies[i];
                    b2Vec2 p = item->GetPosition();
                    p.y += float(grid_shift(delta, ax[i], ay[i]) / o.ptm);
                    item->SetTransform(p, item->GetAngle());   // a teleport: velocity kept
                }
            }
            scene.step();
        }
        r.wall = seconds_now() - wall0;
    } while (r.wall < o.min_seconds);
    r.cpu = cpu_seconds_now() - cpu0;

    std::vector<double> xs(n), ys(n);
    for (int i = 0; i < n; i++) { xs[i] = scene.x(i); ys[i] = scene.y(i); }
    grid_sanity(&r, n, xs.data(), ys.data(), scene.fastest());
    print_result(PEER_NAME, &o, &r);
}

// ------------------------------------------------------------------ W2 pile, W3 cradle

void build_pile(Scene &scene, int n) {
    for (const double *g : PILE_SEGMENTS) {
        b2EdgeShape edge;
        edge.SetTwoSided(scene.units(g[0], g[1]), scene.units(g[2], g[3]));
        b2FixtureDef def;
        def.shape = &edge;
        def.friction = float(FRICTION);
        def.restitution = float(RESTITUTION);
        scene.ground->CreateFixture(&def);
    }
    for (int i = 0; i < n; i++) {
        double x, y, angle;
        pile_start(i, &x, &y, &angle);
        scene.add_box(scene.add_body(x, y, angle), PILE_BOX);
    }
}

void build_cradle(Scene &scene) {
    for (int i = 0; i < CRADLE_BOXES; i++) {
        double x, y, ax, ay;
        cradle_start(i, &x, &y);
        cradle_anchor(i, &ax, &ay);
        b2Body *box = scene.add_body(x, y, 0.0);
        scene.add_box(box, CRADLE_BOX);
        const double mass = box->GetMass();   // 1600, as the fixture's density makes it
        b2DistanceJointDef spring;
        spring.bodyA = scene.ground;
        spring.bodyB = box;
        spring.localAnchorA = scene.units(ax, ay);
        spring.localAnchorB.SetZero();
        spring.length = float(CRADLE_LENGTH / scene.ptm);
        spring.minLength = 0.0f;               // no rope limits: a pure spring
        spring.maxLength = FLT_MAX;
        spring.stiffness = float(spring_stiffness(mass, CRADLE_HZ));
        spring.damping = float(spring_damping(mass, CRADLE_HZ, CRADLE_ZETA));
        scene.world->CreateJoint(&spring);
    }
}

void episodes(const run_options &o) {
    const bool cradle = o.workload == 3;
    const int steps = cradle ? CRADLE_STEPS : PILE_STEPS;
    run_result r = {};
    double setup = 0.0;
    do {
        double started = seconds_now();
        Scene scene(GRAVITY_Y, o);
        if (cradle) build_cradle(scene); else build_pile(scene, o.n);
        setup += seconds_now() - started;

        double wall0 = seconds_now(), cpu0 = cpu_seconds_now();
        for (int s = 0; s < steps; s++) scene.step();
        r.wall += seconds_now() - wall0;
        r.cpu += cpu_seconds_now() - cpu0;
        r.steps += steps;

        if (r.episodes == 0) {   // the outcome of the first episode
            int count = int(scene.bodies.size());
            if (cradle) {
                double first[3] = { scene.x(0), scene.y(0), double(scene.bodies[0]->GetAngle()) };
                double last[3] = { scene.x(count - 1), scene.y(count - 1), double(scene.bodies[count - 1]->GetAngle()) };
                cradle_sanity(&r, first, last, scene.fastest());
            } else {
                std::vector<double> xs(count), ys(count);
                for (int i = 0; i < count; i++) { xs[i] = scene.x(i); ys[i] = scene.y(i); }
                pile_sanity(&r, count, xs.data(), ys.data(), scene.fastest());
            }
        }
        r.episodes++;
    } while (r.wall < o.min_seconds);
    r.setup = setup / double(r.episodes);
    print_result(PEER_NAME, &o, &r);
}

}  // namespace

int main(int argc, char **argv) {
    run_options o = parse_options(argc, argv, 40.0, nullptr);
    if (o.workload == 1) springy_grid(o);
    else episodes(o);
    return 0;
}
