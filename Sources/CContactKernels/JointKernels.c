// Point joints and distance joints four at a time (see JointKernels.h). Each formula is written
// in the order of the Swift one-joint solver's (`StepSolver.pointJointImpulse`,
// `distanceJointImpulse`, `SolverBody.apply`), operand for operand, so that IEEE arithmetic
// (square roots and divisions included) gives the same bits at any vector width, nothing fused.
// No multiply-add contraction in this file (Lanes.h says why; a pragma is not relied on to
// reach out of the header that holds it).
#pragma clang fp contract(off)
#include "ContactKernels.h"
#include "JointKernels.h"
#include "Lanes.h"

/// A joint's body in lanes: the fields a point joint reads.
typedef struct JointBodyLanes {
    Lanes velocityX, velocityY, angularVelocity, inverseMass, inverseInertia, positionX, positionY, cosine, sine;
} JointBodyLanes;

/// The four joints' bodies (solver indices), the ground's lanes as the constants Swift's
/// `StepSolver.body(_:)` gives it rather than whatever `bodies[0]` holds.
ALWAYS_INLINE JointBodyLanes gather(const DRSolverBody *bodies, const int64_t index[4], Flags ground) {
    const double *record[4] = {&bodies[index[0]].velocityX, &bodies[index[1]].velocityX,
                               &bodies[index[2]].velocityX, &bodies[index[3]].velocityX};
    Lanes first[4], second[4];
    columns(record, 0, first);   // velocity x and y, angular velocity, inverse mass
    columns(record, 4, second);  // inverse inertia, position x and y, cosine
    JointBodyLanes lanes;
    lanes.velocityX = select(ground, splat(0), first[0]);
    lanes.velocityY = select(ground, splat(0), first[1]);
    lanes.angularVelocity = select(ground, splat(0), first[2]);
    lanes.inverseMass = select(ground, splat(0), first[3]);
    lanes.inverseInertia = select(ground, splat(0), second[0]);
    lanes.positionX = select(ground, splat(0), second[1]);
    lanes.positionY = select(ground, splat(0), second[2]);
    lanes.cosine = select(ground, splat(1), second[3]);
    lanes.sine = select(ground, splat(0), (Lanes){record[0][8], record[1][8], record[2][8], record[3][8]});
    return lanes;
}

/// `SolverBody.apply(_:at:)` with no angular part, lane by lane: the impulse (x, y) at the
/// anchor (rx, ry); then written back where `write` (not the ground, and only where a joint
/// was solvable), a body's first four numbers in one store (the inverse mass as it was read).
/// No two lanes hold the same moving body, so the order of the writes is free.
ALWAYS_INLINE void apply(const JointBodyLanes *body, Lanes x, Lanes y, Lanes rx, Lanes ry, Flags write,
                         DRSolverBody *bodies, const int64_t index[4]) {
    Lanes rows[4] = {body->velocityX + body->inverseMass * x, body->velocityY + body->inverseMass * y,
                     body->angularVelocity + body->inverseInertia * ((rx * y - ry * x) + splat(0.0)),
                     body->inverseMass};
    transpose(rows);
    for (int k = 0; k < 4; k++) {
        if (write[k]) store(&bodies[index[k]].velocityX, rows[k]);
    }
}

/// What a batch's four joints hold, in lanes: bodies (solver indices, ground flags, state),
/// anchors, accumulated impulse and the pass's scaling (`StepSolver.scaling`: springs and the
/// biased pass use the softness, rigid joints in relax (0, 1, 0)).
typedef struct JointLanes {
    DRSolverJoint *joint[4];
    int64_t indexA[4], indexB[4];
    Flags groundA, groundB;
    JointBodyLanes a, b;
    Lanes localAX, localAY, localBX, localBY, accumulatedX, accumulatedY, rAx, rAy, rBx, rBy;
    Lanes bias, mass, impulseScale;
} JointLanes;

ALWAYS_INLINE JointLanes loadJoints(DRSolverJoint *j0, const DRSolverBody *bodies, int useBias) {
    JointLanes l;
    for (int k = 0; k < 4; k++) {
        l.joint[k] = j0 + k;
        l.indexA[k] = (int64_t)j0[k].bodyA + 1;
        l.indexB[k] = (int64_t)j0[k].bodyB + 1;
    }
    l.groundA = (Flags){l.indexA[0], l.indexA[1], l.indexA[2], l.indexA[3]} == 0;
    l.groundB = (Flags){l.indexB[0], l.indexB[1], l.indexB[2], l.indexB[3]} == 0;
    l.a = gather(bodies, l.indexA, l.groundA);
    l.b = gather(bodies, l.indexB, l.groundB);
    const double *record[4] = {&j0[0].localAnchorAX, &j0[1].localAnchorAX, &j0[2].localAnchorAX, &j0[3].localAnchorAX};
    Lanes local[4], impulseAndA[4], anchorBAndSoftness[4];
    columns(record, 0, local);               // local anchors A (x, y) and B (x, y)
    columns(record, 4, impulseAndA);         // accumulated impulse (x, y), anchor A (x, y)
    columns(record, 8, anchorBAndSoftness);  // anchor B (x, y), bias rate, mass scale
    l.localAX = local[0], l.localAY = local[1], l.localBX = local[2], l.localBY = local[3];
    l.accumulatedX = impulseAndA[0], l.accumulatedY = impulseAndA[1];
    l.rAx = impulseAndA[2], l.rAy = impulseAndA[3], l.rBx = anchorBAndSoftness[0], l.rBy = anchorBAndSoftness[1];
    Flags soft = useBias ? (Flags){-1, -1, -1, -1}
                         : (Flags){j0[0].isSpring ? -1 : 0, j0[1].isSpring ? -1 : 0, j0[2].isSpring ? -1 : 0,
                                   j0[3].isSpring ? -1 : 0};
    l.bias = select(soft, anchorBAndSoftness[2], splat(0));
    l.mass = select(soft, anchorBAndSoftness[3], splat(1));
    l.impulseScale = select(soft, (Lanes){j0[0].impulseScale, j0[1].impulseScale, j0[2].impulseScale, j0[3].impulseScale},
                            splat(0));
    return l;
}

/// cdot = b.velocity(at: rB) − a.velocity(at: rA), velocity(at: r) = v + (−w·r.y, w·r.x).
ALWAYS_INLINE void relativeVelocity(const JointLanes *l, Lanes *x, Lanes *y) {
    *x = (l->b.velocityX + -l->b.angularVelocity * l->rBy) - (l->a.velocityX + -l->a.angularVelocity * l->rAy);
    *y = (l->b.velocityY + l->b.angularVelocity * l->rBx) - (l->a.velocityY + l->a.angularVelocity * l->rAx);
}

/// b.worldPoint(localAnchorB) − a.worldPoint(localAnchorA).
ALWAYS_INLINE void anchorsApart(const JointLanes *l, Lanes *x, Lanes *y) {
    const JointBodyLanes *a = &l->a, *b = &l->b;
    *x = (b->positionX + (b->cosine * l->localBX - b->sine * l->localBY))
        - (a->positionX + (a->cosine * l->localAX - a->sine * l->localAY));
    *y = (b->positionY + (b->sine * l->localBX + b->cosine * l->localBY))
        - (a->positionY + (a->sine * l->localAX + a->cosine * l->localAY));
}

ALWAYS_INLINE void solvePointBatches(DRSolverJoint *joints, long start, long end, DRSolverBody *bodies, int useBias) {
    for (long first = start; first < end; first += 4) {
        JointLanes l = loadJoints(joints + first, bodies, useBias);
        Lanes rAx = l.rAx, rAy = l.rAy, rBx = l.rBx, rBy = l.rBy;
        Lanes bias = l.bias, mass = l.mass, impulseScale = l.impulseScale;
        Lanes accumulatedX = l.accumulatedX, accumulatedY = l.accumulatedY;
        Lanes mA = l.a.inverseMass, mB = l.b.inverseMass, iA = l.a.inverseInertia, iB = l.b.inverseInertia;
        Lanes cdotX, cdotY, separationX, separationY;
        relativeVelocity(&l, &cdotX, &cdotY);
        anchorsApart(&l, &separationX, &separationY);
        Lanes k11 = mA + mB + iA * rAy * rAy + iB * rBy * rBy;
        Lanes k12 = -iA * rAx * rAy - iB * rBx * rBy;
        Lanes k22 = mA + mB + iA * rAx * rAx + iB * rBx * rBx;
        Lanes determinant = k11 * k22 - k12 * k12;
        Flags solvable = (Flags)(determinant > splat(0));
        Lanes targetX = cdotX + bias * separationX, targetY = cdotY + bias * separationY;
        Lanes solvedX = (k22 * targetX - k12 * targetY) / determinant;
        Lanes solvedY = (k11 * targetY - k12 * targetX) / determinant;
        Lanes impulseX = -mass * solvedX - impulseScale * accumulatedX;
        Lanes impulseY = -mass * solvedY - impulseScale * accumulatedY;
        // Applied as `apply(_:to:)` applies them. No two joints of a batch share a moving body,
        // so applying lane by lane in order and all lanes at once give the same numbers.
        Lanes sumX = accumulatedX + impulseX, sumY = accumulatedY + impulseY;
        for (int k = 0; k < 4; k++) {
            if (!solvable[k]) continue;
            l.joint[k]->impulseX = sumX[k];
            l.joint[k]->impulseY = sumY[k];
        }
        apply(&l.a, -impulseX, -impulseY, rAx, rAy, solvable & ~l.groundA, bodies, l.indexA);
        apply(&l.b, impulseX, impulseY, rBx, rBy, solvable & ~l.groundB, bodies, l.indexB);
    }
}

ALWAYS_INLINE void solveDistanceBatches(DRSolverJoint *joints, long start, long end, DRSolverBody *bodies, int useBias) {
    for (long first = start; first < end; first += 4) {
        JointLanes l = loadJoints(joints + first, bodies, useBias);
        // `axialTerms`: the unit axis from anchor A to anchor B (x when they coincide), the
        // anchors' distance, and the effective mass along the axis.
        Lanes dx, dy;
        anchorsApart(&l, &dx, &dy);
        Lanes length = __builtin_elementwise_sqrt(dx * dx + dy * dy);
        Flags apart = (Flags)(length > splat(1e-9));
        Lanes inverse = splat(1) / length;
        Lanes axisX = select(apart, inverse * dx, splat(1)), axisY = select(apart, inverse * dy, splat(0));
        Lanes crA = l.rAx * axisY - l.rAy * axisX, crB = l.rBx * axisY - l.rBy * axisX;
        Lanes k = l.a.inverseMass + l.b.inverseMass + l.a.inverseInertia * crA * crA + l.b.inverseInertia * crB * crB;
        Flags solvable = (Flags)(k > splat(0));
        Lanes cdotX, cdotY;
        relativeVelocity(&l, &cdotX, &cdotY);
        Lanes cdot = cdotX * axisX + cdotY * axisY;
        Lanes rest = (Lanes){l.joint[0]->length, l.joint[1]->length, l.joint[2]->length, l.joint[3]->length};
        Lanes impulse = -l.mass * (cdot + l.bias * (length - rest)) / k - l.impulseScale * l.accumulatedX;
        // Applied as `apply(_:toDistanceJoint:)` applies them (see the point joints above).
        Lanes sum = l.accumulatedX + impulse;
        for (int lane = 0; lane < 4; lane++) {
            if (solvable[lane]) l.joint[lane]->impulseX = sum[lane];
        }
        Lanes minus = -impulse;
        apply(&l.a, minus * axisX, minus * axisY, l.rAx, l.rAy, solvable & ~l.groundA, bodies, l.indexA);
        apply(&l.b, impulse * axisX, impulse * axisY, l.rBx, l.rBy, solvable & ~l.groundB, bodies, l.indexB);
    }
}

// The same bodies compiled twice: for the baseline (SSE2 on x86-64, NEON on ARM) and for AVX2.
static void solvePointNarrow(DRSolverJoint *joints, long start, long end, DRSolverBody *bodies, int useBias) {
    solvePointBatches(joints, start, end, bodies, useBias);
}

static void solveDistanceNarrow(DRSolverJoint *joints, long start, long end, DRSolverBody *bodies, int useBias) {
    solveDistanceBatches(joints, start, end, bodies, useBias);
}

#if defined(__x86_64__)
__attribute__((target("avx2"))) static void solvePointWide(DRSolverJoint *joints, long start, long end,
                                                            DRSolverBody *bodies, int useBias) {
    solvePointBatches(joints, start, end, bodies, useBias);
}

__attribute__((target("avx2"))) static void solveDistanceWide(DRSolverJoint *joints, long start, long end,
                                                               DRSolverBody *bodies, int useBias) {
    solveDistanceBatches(joints, start, end, bodies, useBias);
}
#endif

void dr_solve_point_joint_batches(void *joints, long start, long end, void *bodies, int useBias, int wide) {
#if defined(__x86_64__)
    if (wide && dr_contact_lanes_wide_available()) {
        solvePointWide(joints, start, end, bodies, useBias);
        return;
    }
#endif
    (void)wide;
    solvePointNarrow(joints, start, end, bodies, useBias);
}

void dr_solve_distance_joint_batches(void *joints, long start, long end, void *bodies, int useBias, int wide) {
#if defined(__x86_64__)
    if (wide && dr_contact_lanes_wide_available()) {
        solveDistanceWide(joints, start, end, bodies, useBias);
        return;
    }
#endif
    (void)wide;
    solveDistanceNarrow(joints, start, end, bodies, useBias);
}
