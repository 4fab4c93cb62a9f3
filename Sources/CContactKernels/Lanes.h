// What the solver's lane kernels share (ContactKernels.c, JointKernels.c): four doubles a vector,
// with the operations written so that every width gives the same bits. Private to the target.
#ifndef DYNRENDER_LANES_H
#define DYNRENDER_LANES_H

// The files using these say `#pragma clang fp contract(off)` themselves: a fused multiply-add
// rounds once where the Swift solver rounds twice, so it would change the bits (and only where
// the compiler chose to fuse, as it may on ARM, whose baseline has FMA).
// Four doubles pass in one register only with AVX; every function taking or returning them is
// static and always inlined, so no call crosses that difference in ABI.
#pragma clang diagnostic ignored "-Wpsabi"

#include <stdint.h>
#include <string.h>

typedef double Lanes __attribute__((ext_vector_type(4)));
typedef int64_t Flags __attribute__((ext_vector_type(4)));

#define ALWAYS_INLINE static inline __attribute__((always_inline))

/// Four consecutive doubles at `p`, unaligned (Swift aligns its records to 16 bytes, not 32).
ALWAYS_INLINE Lanes load(const double *p) {
    Lanes v;
    memcpy(&v, p, sizeof v);
    return v;
}

ALWAYS_INLINE void store(double *p, Lanes v) { memcpy(p, &v, sizeof v); }

ALWAYS_INLINE Lanes splat(double x) { return (Lanes){x, x, x, x}; }

/// `flags ? a : b`, lane by lane, on the bits.
ALWAYS_INLINE Lanes select(Flags flags, Lanes a, Lanes b) {
    return (Lanes)(((Flags)a & flags) | ((Flags)b & ~flags));
}

#endif
