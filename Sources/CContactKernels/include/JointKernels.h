// Point joints and distance joints solved four at a time in lanes, in double precision, by one C
// source compiled twice (the SSE2 baseline and AVX2, chosen at run time), as the contact lanes
// are. Every lane computes, operation for operation, what `StepSolver.pointJointImpulse` or
// `distanceJointImpulse` computes for one joint, with no multiply-add contraction, and the
// impulses are applied as one joint after another would apply them: any width, and the Swift
// path, give the same bits.
#ifndef DYNRENDER_JOINT_KERNELS_H
#define DYNRENDER_JOINT_KERNELS_H

#include <stdint.h>

/// A joint as the sub-steps read it, as `SolverJoint` lays it out (bodies −1 for the ground).
typedef struct DRSolverJoint {
    int32_t bodyA, bodyB;
    uint8_t kind, isSpring;
    double localAnchorAX, localAnchorAY, localAnchorBX, localAnchorBY;
    double impulseX, impulseY;
    double anchorAX, anchorAY, anchorBX, anchorBY;
    double biasRate, massScale, impulseScale;
    double length;
} DRSolverJoint;

/// Solves the point joints `start..<end` of `joints` (`DRSolverJoint`s), a whole number of
/// batches of four, each batch's joints sharing no moving body, with the soft bias when
/// `useBias` (springs always have it). `bodies` holds `DRSolverBody`s (the ground at 0, never
/// written). `wide` non-zero takes the AVX2 path where the processor has it.
void dr_solve_point_joint_batches(void *joints, long start, long end, void *bodies, int useBias, int wide);

/// Solves the distance joints `start..<end` of `joints`, as `dr_solve_point_joint_batches`.
void dr_solve_distance_joint_batches(void *joints, long start, long end, void *bodies, int useBias, int wide);

#endif
