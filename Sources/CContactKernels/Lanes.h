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

#endif
