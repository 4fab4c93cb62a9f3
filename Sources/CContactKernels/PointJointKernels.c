// Point joints four at a time (see PointJointKernels.h). Each formula is written in the order of
// the Swift one-joint solver's (`StepSolver.pointJointImpulse`, `SolverBody.apply`), operand for
// operand, so that IEEE arithmetic gives the same bits at any vector width, nothing being fused.
#pragma clang fp contract(off)
// Four doubles pass in one register only with AVX; every function taking or returning them here
// is static and always inlined, so no call crosses that difference in ABI.
#pragma clang diagnostic ignored "-Wpsabi"

#include "ContactKernels.h"
#include "PointJointKernels.h"

typedef double Lanes __attribute__((ext_vector_type(4)));
typedef int64_t Flags __attribute__((ext_vector_type(4)));

#define ALWAYS_INLINE static inline __attribute__((always_inline))

ALWAYS_INLINE Lanes splat(double x) { return (Lanes){x, x, x, x}; }

/// `flags ? a : b`, lane by lane, on the bits.
ALWAYS_INLINE Lanes select(Flags flags, Lanes a, Lanes b) {
    return (Lanes)(((Flags)a & flags) | ((Flags)b & ~flags));
}

#include <string.h>

/// Four consecutive doubles at `p`, unaligned.
ALWAYS_INLINE Lanes load(const double *p) {
    Lanes v;
    memcpy(&v, p, sizeof v);
    return v;
}

ALWAYS_INLINE void store(double *p, Lanes v) { memcpy(p, &v, sizeof v); }

/// The columns of the 4×4 matrix whose rows are `r[0]`…`r[3]`: four numbers of four records,
/// loaded a record at a time and turned into a vector a field, by shuffles rather than a load
/// and an insert per number.
ALWAYS_INLINE void transpose(Lanes r[4]) {
    Lanes t0 = __builtin_shufflevector(r[0], r[1], 0, 4, 2, 6), t1 = __builtin_shufflevector(r[0], r[1], 1, 5, 3, 7);
    Lanes t2 = __builtin_shufflevector(r[2], r[3], 0, 4, 2, 6), t3 = __builtin_shufflevector(r[2], r[3], 1, 5, 3, 7);
    r[0] = __builtin_shufflevector(t0, t2, 0, 1, 4, 5);
    r[1] = __builtin_shufflevector(t1, t3, 0, 1, 4, 5);
    r[2] = __builtin_shufflevector(t0, t2, 2, 3, 6, 7);
    r[3] = __builtin_shufflevector(t1, t3, 2, 3, 6, 7);
}

/// Field `offset` (in doubles) and the three after it, of four records, as four vectors.
ALWAYS_INLINE void columns(const double *const record[4], int offset, Lanes out[4]) {
    for (int k = 0; k < 4; k++) out[k] = load(record[k] + offset);
    transpose(out);
}

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

ALWAYS_INLINE void solveBatches(DRSolverJoint *joints, long start, long end, DRSolverBody *bodies, int useBias) {
    for (long first = start; first < end; first += 4) {
        DRSolverJoint *j0 = joints + first, *j1 = j0 + 1, *j2 = j0 + 2, *j3 = j0 + 3;
        int64_t indexA[4] = {(int64_t)j0->bodyA + 1, (int64_t)j1->bodyA + 1, (int64_t)j2->bodyA + 1, (int64_t)j3->bodyA + 1};
        int64_t indexB[4] = {(int64_t)j0->bodyB + 1, (int64_t)j1->bodyB + 1, (int64_t)j2->bodyB + 1, (int64_t)j3->bodyB + 1};
        Flags groundA = (Flags){indexA[0], indexA[1], indexA[2], indexA[3]} == 0;
        Flags groundB = (Flags){indexB[0], indexB[1], indexB[2], indexB[3]} == 0;
        JointBodyLanes a = gather(bodies, indexA, groundA), b = gather(bodies, indexB, groundB);
        const double *record[4] = {&j0->localAnchorAX, &j1->localAnchorAX, &j2->localAnchorAX, &j3->localAnchorAX};
        Lanes local[4], impulseAndA[4], anchorBAndSoftness[4];
        columns(record, 0, local);               // local anchors A (x, y) and B (x, y)
        columns(record, 4, impulseAndA);         // accumulated impulse (x, y), anchor A (x, y)
        columns(record, 8, anchorBAndSoftness);  // anchor B (x, y), bias rate, mass scale
        Lanes lAx = local[0], lAy = local[1], lBx = local[2], lBy = local[3];
        Lanes accumulatedX = impulseAndA[0], accumulatedY = impulseAndA[1];
        Lanes rAx = impulseAndA[2], rAy = impulseAndA[3], rBx = anchorBAndSoftness[0], rBy = anchorBAndSoftness[1];
        // `scaling`: springs and the biased pass use the softness; rigid joints in relax (0, 1, 0).
        Flags soft = useBias ? (Flags){-1, -1, -1, -1}
                             : (Flags){j0->isSpring ? -1 : 0, j1->isSpring ? -1 : 0, j2->isSpring ? -1 : 0,
                                       j3->isSpring ? -1 : 0};
        Lanes bias = select(soft, anchorBAndSoftness[2], splat(0));
        Lanes mass = select(soft, anchorBAndSoftness[3], splat(1));
        Lanes impulseScale = select(soft, (Lanes){j0->impulseScale, j1->impulseScale, j2->impulseScale, j3->impulseScale},
                                    splat(0));
        Lanes mA = a.inverseMass, mB = b.inverseMass, iA = a.inverseInertia, iB = b.inverseInertia;
        // cdot = b.velocity(at: rB) − a.velocity(at: rA), velocity(at: r) = v + (−w·r.y, w·r.x).
        Lanes cdotX = (b.velocityX + -b.angularVelocity * rBy) - (a.velocityX + -a.angularVelocity * rAy);
        Lanes cdotY = (b.velocityY + b.angularVelocity * rBx) - (a.velocityY + a.angularVelocity * rAx);
        // separation = b.worldPoint(localAnchorB) − a.worldPoint(localAnchorA).
        Lanes separationX = (b.positionX + (b.cosine * lBx - b.sine * lBy)) - (a.positionX + (a.cosine * lAx - a.sine * lAy));
        Lanes separationY = (b.positionY + (b.sine * lBx + b.cosine * lBy)) - (a.positionY + (a.sine * lAx + a.cosine * lAy));
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
        // Applied as `solvePointJointBatch` applies them. No two joints of a batch share a moving
        // body, so applying lane by lane in order and all lanes at once give the same numbers.
        Lanes sumX = accumulatedX + impulseX, sumY = accumulatedY + impulseY;
        DRSolverJoint *lane[4] = {j0, j1, j2, j3};
        for (int k = 0; k < 4; k++) {
            if (!solvable[k]) continue;
            lane[k]->impulseX = sumX[k];
            lane[k]->impulseY = sumY[k];
        }
        apply(&a, -impulseX, -impulseY, rAx, rAy, solvable & ~groundA, bodies, indexA);
        apply(&b, impulseX, impulseY, rBx, rBy, solvable & ~groundB, bodies, indexB);
    }
}

static void solveNarrow(DRSolverJoint *joints, long start, long end, DRSolverBody *bodies, int useBias) {
    solveBatches(joints, start, end, bodies, useBias);
}

#if defined(__x86_64__)
__attribute__((target("avx2"))) static void solveWide(DRSolverJoint *joints, long start, long end,
                                                       DRSolverBody *bodies, int useBias) {
    solveBatches(joints, start, end, bodies, useBias);
}
#endif

void dr_solve_point_joint_batches(void *joints, long start, long end, void *bodies, int useBias, int wide) {
#if defined(__x86_64__)
    if (wide && dr_contact_lanes_wide_available()) {
        solveWide(joints, start, end, bodies, useBias);
        return;
    }
#endif
    (void)wide;
    solveNarrow(joints, start, end, bodies, useBias);
}
