// The contact solver's lanes: coloured contacts solved four at a time, in double precision, by
// one C source compiled twice (the SSE2 baseline and AVX2, chosen at run time). Every lane
// computes, operation for operation, what `StepSolver.solveContact` computes for one manifold,
// with no multiply-add contraction, so both widths and the one-at-a-time Swift path give the
// same bits. (Rejected: Swift's SIMD4<Double>, which compiles for SSE2 only, two lanes an
// instruction, and spilled its sixteen registers: about 1 800 instructions a bundle.)
#ifndef DYNRENDER_CONTACT_KERNELS_H
#define DYNRENDER_CONTACT_KERNELS_H

#include <stdint.h>

/// One contact point's values in four lanes, as `ContactPointLanes` lays them out.
typedef struct DRContactPointLanes {
    double localAnchorAX[4], localAnchorAY[4];
    double localAnchorBX[4], localAnchorBY[4];
    double anchorAX[4], anchorAY[4];
    double anchorBX[4], anchorBY[4];
    double adjustedSeparation[4];
    double normalMass[4], tangentMass[4];
    double normalImpulse[4], tangentImpulse[4];
    double maxNormalImpulse[4];
} DRContactPointLanes;

/// Four manifolds of one colour, as `ContactBundle` lays them out: body indices (0 is the
/// ground, never written), each lane's manifold, and all ones in `twoPoints` where a manifold
/// has a second point.
typedef struct DRContactBundle {
    int32_t bodyA[4], bodyB[4];
    int32_t manifold[4];
    double normalX[4], normalY[4];
    double friction[4];
    int64_t twoPoints[4];
    DRContactPointLanes point0, point1;
    double k11[4], k12[4], k22[4];
} DRContactBundle;

/// A solver body, as `SolverBody` lays it out (fourteen doubles).
typedef struct DRSolverBody {
    double velocityX, velocityY, angularVelocity;
    double inverseMass, inverseInertia;
    double positionX, positionY, cosine, sine;
    double accelerationX, accelerationY, angularAcceleration;
    double linearDamping, angularDamping;
} DRSolverBody;

/// The soft contact's constants for one sub-step stage (see `Softness`).
typedef struct DRContactSoftness {
    /// 1 / h, the sub-step's inverse length, 1/s.
    double inverseH;
    double biasRate;
    /// −(the fastest push apart), pt/s.
    double pushLimit;
    double massScale;
    double impulseScale;
    /// 1 in the solve stage, 0 in relax.
    int useBias;
} DRContactSoftness;

/// Applies bundles `start..<end`'s accumulated impulses to their bodies. `bundles` holds
/// `DRContactBundle`s and `bodies` `DRSolverBody`s (Swift's `ContactBundle` and `SolverBody`,
/// whose layouts `ContactBundle.kernelLayoutMatches` checks). `wide` non-zero takes the AVX2
/// path where the processor has it.
void dr_warm_start_bundles(void *bundles, long start, long end, void *bodies, int wide);

/// Solves bundles `start..<end` once: normal impulses (the two-point block LCP), then friction.
void dr_solve_bundles(void *bundles, long start, long end, void *bodies, const DRContactSoftness *softness,
                      int wide);

/// 1 when this processor has AVX2, so the wide path can run.
int dr_contact_lanes_wide_available(void);

/// The two-point LCP of four lanes (for tests): `x0`, `x1` the impulses, `found` all ones where
/// a case of the enumeration held.
void dr_solve_two_point_lcp_lanes(const double k11[4], const double k12[4], const double k22[4],
                                  const double b1[4], const double b2[4],
                                  double x0[4], double x1[4], int64_t found[4]);

/// The lanes' clamps (for tests): `Swift.max` and `Swift.min` lane by lane.
void dr_lanes_maximum(const double a[4], const double b[4], double out[4]);
void dr_lanes_minimum(const double a[4], const double b[4], double out[4]);

#endif
