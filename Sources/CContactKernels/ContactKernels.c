// The contact lanes (see ContactKernels.h). Each formula is written in the order of the Swift
// one-manifold solver's (`ContactSolver.swift`), operand for operand: IEEE arithmetic in the
// same order gives the same bits at any vector width, provided nothing is fused.
// No multiply-add contraction in this file (Lanes.h says why; a pragma is not relied on to
// reach out of the header that holds it).
#pragma clang fp contract(off)
#include "ContactKernels.h"
#include "Lanes.h"

ALWAYS_INLINE Flags loadFlags(const int64_t *p) {
    Flags v;
    memcpy(&v, p, sizeof v);
    return v;
}

/// `Swift.max(a, b)`: b where b ≥ a, else a (so max(−0, +0) is +0 and a NaN b yields a).
ALWAYS_INLINE Lanes maximum(Lanes a, Lanes b) { return select((Flags)(b >= a), b, a); }

/// `Swift.min(a, b)`: b where b < a, else a.
ALWAYS_INLINE Lanes minimum(Lanes a, Lanes b) { return select((Flags)(b < a), b, a); }

/// Four bodies' velocities, masses and placements, gathered from the solver's bodies.
typedef struct BodyLanes {
    Lanes velocityX, velocityY, angularVelocity;
    Lanes inverseMass, inverseInertia;
    Lanes positionX, positionY, cosine, sine;
} BodyLanes;

/// The lanes' bodies, read a record at a time and turned into a vector a field (`columns`), the
/// ground's lanes from `bodies[0]`, which holds the ground and is never written. (Rejected: a
/// load and an insert per number, two fifths of a bundle's solve in them.)
ALWAYS_INLINE BodyLanes gather(const DRSolverBody *bodies, const int32_t index[4], int placed) {
    const double *record[4] = {&bodies[index[0]].velocityX, &bodies[index[1]].velocityX,
                               &bodies[index[2]].velocityX, &bodies[index[3]].velocityX};
    Lanes first[4], second[4];
    columns(record, 0, first);   // velocity x and y, angular velocity, inverse mass
    columns(record, 4, second);  // inverse inertia, position x and y, cosine
    BodyLanes lanes;
    lanes.velocityX = first[0];
    lanes.velocityY = first[1];
    lanes.angularVelocity = first[2];
    lanes.inverseMass = first[3];
    lanes.inverseInertia = second[0];
    if (placed) {
        lanes.positionX = second[1];
        lanes.positionY = second[2];
        lanes.cosine = second[3];
        lanes.sine = (Lanes){record[0][8], record[1][8], record[2][8], record[3][8]};
    } else {
        lanes.positionX = lanes.positionY = lanes.cosine = lanes.sine = splat(0);
    }
    return lanes;
}

/// Writes the lanes' velocities back, except to the ground (index 0): a body's first four
/// numbers in one store, the inverse mass as it was read. No two lanes hold the same moving body
/// (a colour's manifolds share none), so the order of the writes is free.
ALWAYS_INLINE void scatter(const BodyLanes *lanes, DRSolverBody *bodies, const int32_t index[4]) {
    Lanes rows[4] = {lanes->velocityX, lanes->velocityY, lanes->angularVelocity, lanes->inverseMass};
    transpose(rows);
    for (int lane = 0; lane < 4; lane++) {
        if (index[lane] != 0) store(&bodies[index[lane]].velocityX, rows[lane]);
    }
}

/// `SolverBody.apply(_:at:)`: the impulse (x, y) at the anchor (rx, ry).
ALWAYS_INLINE void apply(BodyLanes *b, Lanes x, Lanes y, Lanes rx, Lanes ry) {
    b->velocityX += b->inverseMass * x;
    b->velocityY += b->inverseMass * y;
    b->angularVelocity += b->inverseInertia * (rx * y - ry * x);
}

ALWAYS_INLINE void warmStartBundles(DRContactBundle *bundles, long start, long end, DRSolverBody *bodies) {
    for (long index = start; index < end; index++) {
        DRContactBundle *bundle = bundles + index;
        BodyLanes a = gather(bodies, bundle->bodyA, 0), b = gather(bodies, bundle->bodyB, 0);
        Lanes nx = load(bundle->normalX), ny = load(bundle->normalY);
        Flags two = loadFlags(bundle->twoPoints);
        for (int k = 0; k < 2; k++) {
            const DRContactPointLanes *p = k == 0 ? &bundle->point0 : &bundle->point1;
            Lanes normalImpulse = load(p->normalImpulse), tangentImpulse = load(p->tangentImpulse);
            if (k == 1) {
                normalImpulse = select(two, normalImpulse, splat(0));
                tangentImpulse = select(two, tangentImpulse, splat(0));
            }
            // Normal and tangent (ny, −nx) impulses.
            Lanes x = normalImpulse * nx + tangentImpulse * ny;
            Lanes y = normalImpulse * ny - tangentImpulse * nx;
            apply(&a, -x, -y, load(p->anchorAX), load(p->anchorAY));
            apply(&b, x, y, load(p->anchorBX), load(p->anchorBY));
        }
        scatter(&a, bodies, bundle->bodyA);
        scatter(&b, bodies, bundle->bodyB);
    }
}

/// The point's separation now: normal · (pB − pA) + the adjusted separation.
ALWAYS_INLINE Lanes separation(const BodyLanes *a, const BodyLanes *b, const DRContactPointLanes *p, Lanes nx, Lanes ny) {
    Lanes bx = load(p->localAnchorBX), by = load(p->localAnchorBY);
    Lanes ax = load(p->localAnchorAX), ay = load(p->localAnchorAY);
    Lanes pbx = b->positionX + (b->cosine * bx - b->sine * by), pby = b->positionY + (b->sine * bx + b->cosine * by);
    Lanes pax = a->positionX + (a->cosine * ax - a->sine * ay), pay = a->positionY + (a->sine * ax + a->cosine * ay);
    return nx * (pbx - pax) + ny * (pby - pay) + load(p->adjustedSeparation);
}

/// B's velocity relative to A's at the point: (x, y).
ALWAYS_INLINE void relativeVelocity(const BodyLanes *a, const BodyLanes *b, const DRContactPointLanes *p,
                                    Lanes *x, Lanes *y) {
    Lanes rbx = load(p->anchorBX), rby = load(p->anchorBY), rax = load(p->anchorAX), ray = load(p->anchorAY);
    Lanes vbx = b->velocityX - b->angularVelocity * rby, vby = b->velocityY + b->angularVelocity * rbx;
    Lanes vax = a->velocityX - a->angularVelocity * ray, vay = a->velocityY + a->angularVelocity * rax;
    *x = vbx - vax;
    *y = vby - vay;
}

/// The soft step's scaling for a point at `separation`: bias velocity, mass and impulse scales
/// (a point still apart is speculative: it may close the gap in the sub-step, no more).
ALWAYS_INLINE void scaling(Lanes separation, const DRContactSoftness *s, Lanes *bias, Lanes *mass, Lanes *impulse) {
    Flags apart = (Flags)(separation > splat(0));
    Lanes soft = s->useBias ? maximum(splat(s->biasRate) * separation, splat(s->pushLimit)) : splat(0);
    *bias = select(apart, separation * splat(s->inverseH), soft);
    *mass = select(apart, splat(1), splat(s->useBias ? s->massScale : 1));
    *impulse = select(apart, splat(0), splat(s->useBias ? s->impulseScale : 0));
}

ALWAYS_INLINE void solveTwoPointLCP(Lanes k11, Lanes k12, Lanes k22, Lanes b1, Lanes b2,
                                    Lanes *x0, Lanes *x1, Flags *found) {
    Lanes zero = splat(0);
    Lanes determinant = k11 * k22 - k12 * k12;
    // Both points pushing.
    Lanes bothX0 = (-b1 * k22 + b2 * k12) / determinant;
    Lanes bothX1 = (-b2 * k11 + b1 * k12) / determinant;
    Flags both = (Flags)(determinant > splat(1e-12) * k11 * k22) & (Flags)(bothX0 >= zero) & (Flags)(bothX1 >= zero);
    // Only the first.
    Lanes firstX0 = -b1 / k11;
    Flags first = ~both & (Flags)(k11 > zero) & (Flags)(firstX0 >= zero) & (Flags)(k12 * firstX0 + b2 >= zero);
    // Only the second.
    Lanes secondX1 = -b2 / k22;
    Flags second = ~both & ~first & (Flags)(k22 > zero) & (Flags)(secondX1 >= zero) & (Flags)(k12 * secondX1 + b1 >= zero);
    // Neither.
    Flags neither = (Flags)(b1 >= zero) & (Flags)(b2 >= zero);
    *x0 = select(first, firstX0, select(both, bothX0, zero));
    *x1 = select(second, secondX1, select(both, bothX1, zero));
    *found = both | first | second | neither;
}

/// The normal impulse `delta` (scaled) added to the point's, kept ≥ 0, where `active`.
ALWAYS_INLINE void applyNormal(BodyLanes *a, BodyLanes *b, DRContactPointLanes *p, Lanes nx, Lanes ny, Lanes delta,
                               Lanes mass, Lanes impulseScale, Flags active) {
    Lanes normalImpulse = load(p->normalImpulse);
    Lanes accumulated = maximum(normalImpulse + mass * delta - impulseScale * normalImpulse, splat(0));
    Lanes impulse = select(active, accumulated - normalImpulse, splat(0));
    store(p->normalImpulse, select(active, accumulated, normalImpulse));
    store(p->maxNormalImpulse, maximum(load(p->maxNormalImpulse), impulse));
    apply(a, -impulse * nx, -impulse * ny, load(p->anchorAX), load(p->anchorAY));
    apply(b, impulse * nx, impulse * ny, load(p->anchorBX), load(p->anchorBY));
}

/// Coulomb friction along the tangent (ny, −nx), where `active`.
ALWAYS_INLINE void applyFriction(BodyLanes *a, BodyLanes *b, DRContactPointLanes *p, Lanes nx, Lanes ny,
                                 Lanes friction, Flags active) {
    Lanes dx, dy;
    relativeVelocity(a, b, p, &dx, &dy);
    Lanes vt = dx * ny - dy * nx;
    Lanes tangentImpulse = load(p->tangentImpulse);
    Lanes limit = friction * load(p->normalImpulse);
    Lanes accumulated = minimum(maximum(tangentImpulse - load(p->tangentMass) * vt, -limit), limit);
    Lanes impulse = select(active, accumulated - tangentImpulse, splat(0));
    store(p->tangentImpulse, select(active, accumulated, tangentImpulse));
    apply(a, -impulse * ny, impulse * nx, load(p->anchorAX), load(p->anchorAY));
    apply(b, impulse * ny, -impulse * nx, load(p->anchorBX), load(p->anchorBY));
}

ALWAYS_INLINE void solveBundles(DRContactBundle *bundles, long start, long end, DRSolverBody *bodies,
                                const DRContactSoftness *softness) {
    const Flags all = (Flags){-1, -1, -1, -1};
    for (long index = start; index < end; index++) {
        DRContactBundle *bundle = bundles + index;
        BodyLanes a = gather(bodies, bundle->bodyA, 1), b = gather(bodies, bundle->bodyB, 1);
        Lanes nx = load(bundle->normalX), ny = load(bundle->normalY);
        Flags two = loadFlags(bundle->twoPoints);
        DRContactPointLanes *p0 = &bundle->point0, *p1 = &bundle->point1;

        Lanes bias0, mass0, impulse0, bias1, mass1, impulse1;
        scaling(separation(&a, &b, p0, nx, ny), softness, &bias0, &mass0, &impulse0);
        scaling(separation(&a, &b, p1, nx, ny), softness, &bias1, &mass1, &impulse1);

        // Normal impulses: one point directly, two by the block LCP, as `solveNormal`.
        Lanes dx, dy;
        relativeVelocity(&a, &b, p0, &dx, &dy);
        Lanes vn0 = dx * nx + dy * ny;
        relativeVelocity(&a, &b, p1, &dx, &dy);
        Lanes vn1 = dx * nx + dy * ny;
        Lanes delta0 = -load(p0->normalMass) * (vn0 + bias0);
        Lanes delta1 = -load(p1->normalMass) * (vn1 + bias1);
        Lanes k11 = load(bundle->k11), k12 = load(bundle->k12), k22 = load(bundle->k22);
        Lanes a0 = load(p0->normalImpulse), a1 = load(p1->normalImpulse);
        Lanes x0, x1;
        Flags found;
        solveTwoPointLCP(k11, k12, k22, vn0 + bias0 - (k11 * a0 + k12 * a1), vn1 + bias1 - (k12 * a0 + k22 * a1),
                         &x0, &x1, &found);
        delta0 = select(two & found, x0 - a0, delta0);
        delta1 = select(two & found, x1 - a1, delta1);
        applyNormal(&a, &b, p0, nx, ny, delta0, mass0, impulse0, all);
        applyNormal(&a, &b, p1, nx, ny, delta1, mass1, impulse1, two);

        Lanes friction = load(bundle->friction);
        applyFriction(&a, &b, p0, nx, ny, friction, all);
        applyFriction(&a, &b, p1, nx, ny, friction, two);
        scatter(&a, bodies, bundle->bodyA);
        scatter(&b, bodies, bundle->bodyB);
    }
}

// The same bodies compiled twice: for the baseline (SSE2 on x86-64, NEON on ARM) and for AVX2.
static void warmStartNarrow(DRContactBundle *bundles, long start, long end, DRSolverBody *bodies) {
    warmStartBundles(bundles, start, end, bodies);
}

static void solveNarrow(DRContactBundle *bundles, long start, long end, DRSolverBody *bodies,
                        const DRContactSoftness *softness) {
    solveBundles(bundles, start, end, bodies, softness);
}

#if defined(__x86_64__)
__attribute__((target("avx2"))) static void warmStartWide(DRContactBundle *bundles, long start, long end,
                                                           DRSolverBody *bodies) {
    warmStartBundles(bundles, start, end, bodies);
}

__attribute__((target("avx2"))) static void solveWide(DRContactBundle *bundles, long start, long end,
                                                       DRSolverBody *bodies, const DRContactSoftness *softness) {
    solveBundles(bundles, start, end, bodies, softness);
}
#endif

int dr_contact_lanes_wide_available(void) {
#if defined(__x86_64__)
    // Asked on every call from any thread: the answer is kept, atomically (relaxed: every
    // thread that finds it unset stores the same value).
    static int available = -1;
    int known = __atomic_load_n(&available, __ATOMIC_RELAXED);
    if (known < 0) {
        known = __builtin_cpu_supports("avx2") ? 1 : 0;
        __atomic_store_n(&available, known, __ATOMIC_RELAXED);
    }
    return known;
#else
    return 0;
#endif
}

void dr_warm_start_bundles(void *bundles, long start, long end, void *bodies, int wide) {
#if defined(__x86_64__)
    if (wide && dr_contact_lanes_wide_available()) {
        warmStartWide(bundles, start, end, bodies);
        return;
    }
#endif
    (void)wide;
    warmStartNarrow(bundles, start, end, bodies);
}

void dr_solve_bundles(void *bundles, long start, long end, void *bodies, const DRContactSoftness *softness,
                      int wide) {
#if defined(__x86_64__)
    if (wide && dr_contact_lanes_wide_available()) {
        solveWide(bundles, start, end, bodies, softness);
        return;
    }
#endif
    (void)wide;
    solveNarrow(bundles, start, end, bodies, softness);
}

void dr_solve_two_point_lcp_lanes(const double k11[4], const double k12[4], const double k22[4],
                                  const double b1[4], const double b2[4],
                                  double x0[4], double x1[4], int64_t found[4]) {
    Lanes r0, r1;
    Flags f;
    solveTwoPointLCP(load(k11), load(k12), load(k22), load(b1), load(b2), &r0, &r1, &f);
    store(x0, r0);
    store(x1, r1);
    memcpy(found, &f, sizeof f);
}

void dr_lanes_maximum(const double a[4], const double b[4], double out[4]) { store(out, maximum(load(a), load(b))); }

void dr_lanes_minimum(const double a[4], const double b[4], double out[4]) { store(out, minimum(load(a), load(b))); }
