import CContactKernels

/// The contact stages of the sub-steps on bundles of four manifolds (`ContactBundle`), by the C
/// kernels (`ContactKernels.h`): the same soft, speculative constraints as `solveContacts`, each
/// lane computing what the one-manifold path computes for its manifold, on AVX2 where the
/// processor has it and SSE2 otherwise, with the same bits.
extension StepSolver {
    /// Applies the accumulated impulses of every lane of the bundles `range`.
    func warmStartBundles(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        precondition(ContactBundle.kernelLayoutMatches, "the contact kernels read another layout")
        dr_warm_start_bundles(UnsafeMutableRawPointer(bundles.baseAddress!), range.lowerBound, range.upperBound,
                              UnsafeMutableRawPointer(bodies), wideLanes ? 1 : 0)
    }

    /// One pass over the bundles `range`: normal impulses (two points by the block LCP), then
    /// friction, with the soft bias when `useBias` (the solve stage) and without (relax).
    func solveBundles(_ range: Range<Int>, useBias: Bool) {
        guard !range.isEmpty else { return }
        precondition(ContactBundle.kernelLayoutMatches, "the contact kernels read another layout")
        var softness = DRContactSoftness(inverseH: 1 / h, biasRate: contactSoftness.biasRate,
                                         pushLimit: -settings.contactPushMaxVelocity,
                                         massScale: contactSoftness.massScale, impulseScale: contactSoftness.impulseScale,
                                         useBias: useBias ? 1 : 0)
        dr_solve_bundles(UnsafeMutableRawPointer(bundles.baseAddress!), range.lowerBound, range.upperBound,
                         UnsafeMutableRawPointer(bodies), &softness, wideLanes ? 1 : 0)
    }
}
