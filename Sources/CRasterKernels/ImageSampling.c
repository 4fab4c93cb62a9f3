// See include/RasterKernels.h (`dr_sample_bilinear`). Double arithmetic in the order the Swift
// loop it replaces uses (`Rasterizer.draw(_: ImageShape, …)`), no contraction into fused
// multiply-adds, integers for the weights and the mix: the same bytes on every target.
#pragma clang fp contract(off)
// Eight-lane vectors are wider than the baseline's registers: every function here that takes
// or returns one is inlined into its caller, so no call passes them and the ABI note is moot.
#pragma clang diagnostic ignored "-Wpsabi"

#include "RasterKernels.h"
#include "KernelDispatch.h"
#include <string.h>

typedef double f64x8 __attribute__((ext_vector_type(8)));
typedef int32_t i32x8 __attribute__((ext_vector_type(8)));
typedef uint32_t u32x8 __attribute__((ext_vector_type(8)));
typedef uint64_t u64x8 __attribute__((ext_vector_type(8)));

static inline __attribute__((always_inline)) i32x8 clamp8(i32x8 value, int32_t high) {
    return __builtin_elementwise_min(__builtin_elementwise_max(value, (i32x8)0), (i32x8)high);
}

/// `x` clamped to 0…`high` as the Swift loop clamps (`min(max(x, 0), high)`), for finite `x`
/// (where the two can differ, −0 against +0, both truncate to the same texel and weight).
static inline __attribute__((always_inline)) f64x8 clampf8(f64x8 x, double high) {
    return __builtin_elementwise_min(__builtin_elementwise_max(x, (f64x8)0), (f64x8)high);
}

/// Composites `sample` at `factor` (of 2¹⁶) onto `*pixel` as the Swift loop does: nothing for a
/// transparent sample, a store for an opaque one at full strength, else `PackedPixel.over`.
static inline void put(uint32_t *pixel, uint32_t sample, uint64_t factor) {
    if (sample >> 24 == 0) return;
    if (sample >> 24 == 255 && factor == 65536) {
        *pixel = sample;
        return;
    }
    uint64_t s = sample, d = *pixel;
    uint64_t keep = 65536 - ((s >> 24) * factor) / 255;
    const uint64_t half = 0x0000800000008000ull, lanes = 0x000000FF000000FFull;
    uint64_t rb = ((d & 0xFF) | ((d & 0xFF0000) << 16)) * keep + ((s & 0xFF) | ((s & 0xFF0000) << 16)) * factor + half;
    uint64_t ga = (((d >> 8) & 0xFF) | ((d & 0xFF000000) << 8)) * keep + (((s >> 8) & 0xFF) | ((s & 0xFF000000) << 8)) * factor
        + half;
    uint64_t packed = ((rb >> 16) & lanes) | (((ga >> 16) & lanes) << 8);
    *pixel = (uint32_t)(packed | (packed >> 16));
}

/// Eight samples at level coordinates (u, v): the texel rows and columns around each, the
/// weights to 1/256, and the mix of the four texels, two channels a multiply (each 16-bit half
/// of a lane sums to at most 255·256 + 128, so no half carries into the next).
static inline __attribute__((always_inline)) u32x8 sample8(DRTexels level, f64x8 u, f64x8 v) {
    f64x8 fu = clampf8(u + 0.5, (double)(level.width + 1)), fv = clampf8(v + 0.5, (double)(level.height + 1));
    i32x8 iu = __builtin_convertvector(fu, i32x8), iv = __builtin_convertvector(fv, i32x8);
    u32x8 wx = __builtin_convertvector((fu - __builtin_convertvector(iu, f64x8)) * 256 + 0.5, u32x8);
    u32x8 wy = __builtin_convertvector((fv - __builtin_convertvector(iv, f64x8)) * 256 + 0.5, u32x8);
    int32_t maxX = (int32_t)level.width - 1, maxY = (int32_t)level.height - 1, width = (int32_t)level.width;
    i32x8 xa = clamp8(iu - 1, maxX), xb = clamp8(iu, maxX);
    i32x8 ya = clamp8(iv - 1, maxY) * width, yb = clamp8(iv, maxY) * width;
    u32x8 w11 = (wx * wy + 128) >> 8, w10 = wx - w11, w01 = wy - w11, w00 = 256 + w11 - wx - wy;
    i32x8 o00 = ya + xa, o10 = ya + xb, o01 = yb + xa, o11 = yb + xb;
    // Loaded into plain arrays and moved into vectors once: written lane by lane, a vector went
    // through memory at every lane (a store-forwarding stall each: twice the Swift loop's time).
    int32_t offsets[4][8];
    memcpy(offsets[0], &o00, sizeof o00);
    memcpy(offsets[1], &o10, sizeof o10);
    memcpy(offsets[2], &o01, sizeof o01);
    memcpy(offsets[3], &o11, sizeof o11);
    u32x8 p00, p10, p01, p11;
    if (__builtin_reduce_and((iu >= 1) & (iu <= maxX))) {
        // No column clamped: each texel's right neighbour is the next word, so a row's two
        // texels come in one 8-byte load (little-endian: the left one in the low half).
        uint64_t pairs[2][8];
        for (int k = 0; k < 8; k++) {
            memcpy(&pairs[0][k], level.texels + offsets[0][k], sizeof pairs[0][k]);
            memcpy(&pairs[1][k], level.texels + offsets[2][k], sizeof pairs[1][k]);
        }
        u64x8 upper, lower;
        memcpy(&upper, pairs[0], sizeof upper);
        memcpy(&lower, pairs[1], sizeof lower);
        p00 = __builtin_convertvector(upper & 0xFFFFFFFF, u32x8);
        p10 = __builtin_convertvector(upper >> 32, u32x8);
        p01 = __builtin_convertvector(lower & 0xFFFFFFFF, u32x8);
        p11 = __builtin_convertvector(lower >> 32, u32x8);
    } else {
        uint32_t texels[4][8];
        for (int k = 0; k < 8; k++) {
            texels[0][k] = level.texels[offsets[0][k]];
            texels[1][k] = level.texels[offsets[1][k]];
            texels[2][k] = level.texels[offsets[2][k]];
            texels[3][k] = level.texels[offsets[3][k]];
        }
        memcpy(&p00, texels[0], sizeof p00);
        memcpy(&p10, texels[1], sizeof p10);
        memcpy(&p01, texels[2], sizeof p01);
        memcpy(&p11, texels[3], sizeof p11);
    }
    const u32x8 lanes = 0x00FF00FF, half = 0x00800080;
    u32x8 rb = (p00 & lanes) * w00 + (p10 & lanes) * w10 + (p01 & lanes) * w01 + (p11 & lanes) * w11 + half;
    u32x8 ga = ((p00 >> 8) & lanes) * w00 + ((p10 >> 8) & lanes) * w10 + ((p01 >> 8) & lanes) * w01
        + ((p11 >> 8) & lanes) * w11 + half;
    return ((rb >> 8) & lanes) | (((ga >> 8) & lanes) << 8);
}

/// Samples `count` pixels from (`*u`, `*v`) on: composited onto `pixels` at `factor`, or with
/// `raw`, stored there as they are (for `dr_sample_row`).
static inline __attribute__((always_inline)) void sample_row(DRTexels level, double *u, double *v, double stepU, double stepV,
                                                              long count, uint32_t *pixels, uint64_t factor, int raw) {
    double pu = *u, pv = *v;
    for (long x = 0; x < count; x += 8) {
        // The coordinates stepped one pixel at a time, each the sum the Swift loop makes.
        double us[8], vs[8];
        long n = count - x < 8 ? count - x : 8;
        for (long k = 0; k < 8; k++) {
            us[k] = pu;
            vs[k] = pv;
            if (k < n) {
                pu += stepU;
                pv += stepV;
            }
        }
        f64x8 uv, vv;
        memcpy(&uv, us, sizeof uv);
        memcpy(&vv, vs, sizeof vv);
        u32x8 sampled = sample8(level, uv, vv);
        if (raw) {
            memcpy(pixels + x, &sampled, (size_t)n * sizeof *pixels);
            continue;
        }
        if (n == 8 && factor == 65536 && __builtin_reduce_and((sampled >> 24) == 255)) {
            // Eight opaque samples at full strength: eight of `put`'s stores at once.
            memcpy(pixels + x, &sampled, sizeof sampled);
            continue;
        }
        uint32_t samples[8];
        memcpy(samples, &sampled, sizeof samples);
        for (long k = 0; k < n; k++) put(pixels + x + k, samples[k], factor);
    }
    *u = pu;
    *v = pv;
}

static void sample_row_narrow(DRTexels level, double *u, double *v, double stepU, double stepV, long count,
                              uint32_t *pixels, uint64_t factor, int raw) {
    sample_row(level, u, v, stepU, stepV, count, pixels, factor, raw);
}

#if defined(__x86_64__)
__attribute__((target("avx2"))) static void sample_row_wide(DRTexels level, double *u, double *v, double stepU,
                                                             double stepV, long count, uint32_t *pixels, uint64_t factor,
                                                             int raw) {
    sample_row(level, u, v, stepU, stepV, count, pixels, factor, raw);
}
#endif

/// What a test asked for with `dr_set_texel_copy`: 1 (copy where the samples are texels) or 0.
static int texelCopyRequest = 1;

void dr_set_texel_copy(int copies) {
    __atomic_store_n(&texelCopyRequest, copies ? 1 : 0, __ATOMIC_RELAXED);
}

/// Composites `count` samples onto `pixels` at `factor` as `put` does, runs of opaque samples at
/// full strength (`put`'s stores) copied.
static void put_run(const uint32_t *samples, long count, uint32_t *pixels, uint64_t factor) {
    long k = 0;
    while (k < count) {
        long end = k;
        if (factor == 65536) {
            while (end < count && samples[end] >> 24 == 255) end++;
        }
        if (end > k) {
            memcpy(pixels + k, samples + k, (size_t)(end - k) * sizeof *pixels);
            k = end;
        } else {
            put(pixels + k, samples[k], factor);
            k++;
        }
    }
}

/// The first texel of a row whose samples are the level's texels themselves, or NULL. That is
/// so when the level is not turned and steps one texel a pixel (a screenshot drawn at its own
/// size) and the first pixel's centre falls on a texel centre, inside the level: `sample8`'s
/// weights are then 256 for the texel at (⌊u + ½⌋ − 1, ⌊v + ½⌋ − 1) and 0 for the others, and
/// its mix rounds each channel back to itself. `u` is then a half-integer, which whole steps keep
/// exact (below 2⁴⁰), so every pixel of the row is such a pixel, and `u + count` is where the
/// stepping loop's sums end.
static const uint32_t *texel_row(DRTexels level, double u, double v, double stepU, double stepV, long count) {
    if (stepV != 0 || stepU != 1 || !__atomic_load_n(&texelCopyRequest, __ATOMIC_RELAXED)) return NULL;
    double fu = u + 0.5, fv = v + 0.5;
    if (!(fu >= 1 && fv >= 1 && fu < 0x1p40 && fu + (double)(count - 1) <= (double)level.width
          && fv <= (double)level.height && fu == (double)(long)fu && fv == (double)(long)fv)) {
        return NULL;
    }
    return level.texels + ((long)fv - 1) * level.width + ((long)fu - 1);
}

int dr_samples_are_texels(DRTexels level, double u, double v, double stepU, double stepV, long count) {
    return texel_row(level, u, v, stepU, stepV, count) != NULL;
}

void dr_put_samples(const uint32_t *samples, long count, uint32_t *pixels, uint64_t factor) {
    put_run(samples, count, pixels, factor);
}

static void sample_or_store(DRTexels level, double *u, double *v, double stepU, double stepV, long count,
                            uint32_t *pixels, uint64_t factor, int raw) {
    const uint32_t *texels = texel_row(level, *u, *v, stepU, stepV, count);
    if (texels) {
        if (raw) {
            memcpy(pixels, texels, (size_t)count * sizeof *pixels);
        } else {
            put_run(texels, count, pixels, factor);
        }
        *u += (double)count;
        return;
    }
#if defined(__x86_64__)
    if (dr_kernels_wide_now()) {
        sample_row_wide(level, u, v, stepU, stepV, count, pixels, factor, raw);
        return;
    }
#endif
    sample_row_narrow(level, u, v, stepU, stepV, count, pixels, factor, raw);
}

void dr_sample_row(DRTexels level, double *u, double *v, double stepU, double stepV, long count, uint32_t *samples) {
    sample_or_store(level, u, v, stepU, stepV, count, samples, 0, 1);
}

void dr_sample_bilinear(DRTexels level, double *u, double *v, double stepU, double stepV, long count, uint32_t *pixels,
                        uint64_t factor) {
    sample_or_store(level, u, v, stepU, stepV, count, pixels, factor, 0);
}
