// See include/RasterKernels.h. Float arithmetic throughout; no contraction into fused
// multiply-adds, so every target rounds the same way and output stays byte-identical across
// machines (x86-64 has no FMA at its baseline, arm64 would fuse `a * b + c` otherwise).
#pragma clang fp contract(off)

#include "RasterKernels.h"
#include "KernelDispatch.h"
#include <string.h>
#include <wchar.h>

typedef float f4 __attribute__((ext_vector_type(4)));
typedef int32_t i4 __attribute__((ext_vector_type(4)));
typedef uint32_t u4 __attribute__((ext_vector_type(4)));

static inline float min_f(float a, float b) { return a < b ? a : b; }
static inline float max_f(float a, float b) { return a > b ? a : b; }

static inline f4 load4(const float *p) { f4 v; memcpy(&v, p, sizeof v); return v; }
static inline void store4(float *p, f4 v) { memcpy(p, &v, sizeof v); }
static inline f4 splat(float v) { return (f4){v, v, v, v}; }

/// `a` where `mask` is all ones, else `b`.
static inline f4 select4(i4 mask, f4 a, f4 b) { return (f4)(((i4)a & mask) | ((i4)b & ~mask)); }

// MARK: - Accumulating

/// Adds one row's piece of a line: it runs between fa and fb (0 ≤ fa < 1, fa ≤ fb, from the left
/// edge of the column `row` points at; which end is at the row's top does not matter) and adds
/// height d (signed by direction). The exact area in each pixel, as font-rs computes it: within
/// one column, a trapezoid whose mean x splits d between the pixel and the cell after it; across
/// columns, a triangle in the first, constant steps in between and the rest in the last.
/// (Rejected, both measured on text: one branch-free formula over four columns at a time,
/// d·(H(k+1−fa) − H(k+1−fb))/w with H the integral of clamp(z, 0, 1), which never mispredicts
/// but takes twice the instructions, 13 % slower; and a branch-free case for pieces within two
/// columns, no faster. Most pieces of glyph edges stay within one column.)
static inline void add_piece(float *row, float d, float fa, float fb) {
    if (fb <= 1) {
        float middle = 0.5f * (fa + fb);
        row[0] += d - d * middle;
        row[1] += d * middle;
        return;
    }
    float s = 1 / (fb - fa);
    float first = 0.5f * s * (1 - fa) * (1 - fa);
    long ib = (long)fb;
    if ((float)ib < fb) ib += 1;
    float fl = fb - (float)ib + 1;
    float last = 0.5f * s * fl * fl;
    row[0] += d * first;
    if (ib == 2) {
        row[1] += d * (1 - first - last);
    } else {
        float second = s * (1.5f - fa);
        row[1] += d * (second - first);
        float step = d * s;
        for (long i = 2; i < ib - 1; i++) row[i] += step;
        float before = second + (float)(ib - 3) * s;
        row[ib - 1] += d * (1 - before - last);
    }
    row[ib] += d * last;
}

/// Adds an edge given by its upper end (topX, topY), its lower end's y, its slope dx/dy and its
/// direction (+1 downwards, −1 upwards), in Float relative to the box: Float is what a cell
/// holds, and within a box of at most 2¹⁴ px a side it places an edge within 10⁻³ px. Each row's
/// x is computed from the edge's top, not carried from the row above, so no error builds up
/// along long edges.
static inline __attribute__((always_inline)) void add_edge(DRCells c, float topX, float topY, float bottomY, float dxdy,
                                                            float direction) {
    float start = max_f(topY, 0), end = min_f(bottomY, (float)c.rows);
    if (!(start < end)) return;
    float limit = (float)c.columns;
    long first = (long)start;
    long last = (long)end;
    if ((float)last < end) last += 1;
    float x = min_f(max_f(topX + (start - topY) * dxdy, 0), limit);
    float rowTop = (float)first;
    float *row = c.cells + first * c.stride;
    for (long r = first; r < last; r++) {
        float rowBottom = min_f(rowTop + 1, bottomY);
        float dy = rowBottom - max_f(rowTop, topY);
        float next = min_f(max_f(topX + (rowBottom - topY) * dxdy, 0), limit);
        float xa = min_f(x, next), xb = max_f(x, next);
        long column = (long)xa;
        float base = (float)column;
        add_piece(row + column, dy * direction, xa - base, xb - base);
        x = next;
        rowTop += 1;
        row += c.stride;
    }
}

void dr_add_line(DRCells cells, double px, double py, double qx, double qy) {
    DREdge e = dr_edge(px, py, qx, qy);
    if (e.direction != 0) add_edge(cells, e.topX, e.topY, e.bottomY, e.dxdy, e.direction);
}

DREdge dr_edge(double px, double py, double qx, double qy) {
    DREdge e = {0, 0, 0, 0, 0};
    float ax = (float)px, ay = (float)py, bx = (float)qx, by = (float)qy;
    if (ay == by) return e;
    int down = ay < by;
    e.direction = down ? 1.0f : -1.0f;
    e.topX = down ? ax : bx;
    e.topY = down ? ay : by;
    e.bottomY = down ? by : ay;
    e.dxdy = ((down ? bx : ax) - e.topX) / (e.bottomY - e.topY);
    return e;
}

/// `add_edge` four edges at a time: the row geometry of four edges (where each row's piece starts
/// and ends, its column and height) in one register each, then each active lane's piece added on
/// its own. (Measured on glyph-sized rings: 1.3× faster than one edge at a time.)
void dr_add_edges(DRCells c, const float *columns, long count, double dx, double dy) {
    const float *topXs = columns, *topYs = columns + count, *bottomYs = columns + 2 * count;
    const float *slopes = columns + 3 * count, *directions = columns + 4 * count;
    f4 ox = splat((float)dx), oy = splat((float)dy);
    f4 rows = splat((float)c.rows), limit = splat((float)c.columns);
    for (long i = 0; i < count; i += 4) {
        f4 topX = load4(topXs + i) + ox, topY = load4(topYs + i) + oy, bottomY = load4(bottomYs + i) + oy;
        f4 slope = load4(slopes + i), direction = load4(directions + i);
        f4 start = select4(topY > 0, topY, splat(0)), end = select4(bottomY < rows, bottomY, rows);
        // Rows first..<last of each edge (none where it misses the box); the ceiling adds 1
        // (subtracts the mask's −1) where truncation rounded down.
        i4 first = __builtin_convertvector(select4(start < end, start, splat(0)), i4);
        i4 last = __builtin_convertvector(end, i4);
        last -= (__builtin_convertvector(last, f4) < end);
        i4 rowCount = (last - first) & (start < end);
        int32_t most = rowCount.x;
        if (rowCount.y > most) most = rowCount.y;
        if (rowCount.z > most) most = rowCount.z;
        if (rowCount.w > most) most = rowCount.w;
        f4 x = topX + (start - topY) * slope;
        x = select4(x > 0, x, splat(0));
        x = select4(x < limit, x, limit);
        f4 rowTop = __builtin_convertvector(first, f4);
        for (int32_t k = 0; k < most; k++) {
            f4 rowBottom = select4(rowTop + 1 < bottomY, rowTop + 1, bottomY);
            f4 height = rowBottom - select4(rowTop > topY, rowTop, topY);
            f4 next = topX + (rowBottom - topY) * slope;
            next = select4(next > 0, next, splat(0));
            next = select4(next < limit, next, limit);
            f4 xa = select4(x < next, x, next), xb = select4(x < next, next, x);
            i4 column = __builtin_convertvector(xa, i4);
            f4 base = __builtin_convertvector(column, f4);
            f4 fa = xa - base, fb = xb - base, d = height * direction;
            i4 active = k < rowCount;
            // Row offsets in 64 bits: a box as large as a canvas may hold more than 2³¹ cells.
            if (active.x) add_piece(c.cells + (first.x + k) * c.stride + column.x, d.x, fa.x, fb.x);
            if (active.y) add_piece(c.cells + (first.y + k) * c.stride + column.y, d.y, fa.y, fb.y);
            if (active.z) add_piece(c.cells + (first.z + k) * c.stride + column.z, d.z, fa.z, fb.z);
            if (active.w) add_piece(c.cells + (first.w + k) * c.stride + column.w, d.w, fa.w, fb.w);
            x = next;
            rowTop += 1;
        }
    }
}

// MARK: - Sweeping

/// The coverage of the four pixels whose cells start at `cells`, given the winding left of them
/// in `carry` (all lanes), which moves on; the cells are cleared. The running sum takes two
/// shifted adds. Coverage is snapped to exactly 0 or 1 within 10⁻⁵ (Float sums of exact areas
/// land that close), so full and empty pixels composite exactly.
static inline f4 coverage4(float *cells, f4 *carry, int evenOdd) {
    f4 v = load4(cells);
    store4(cells, splat(0));
    f4 pairs = v + __builtin_shufflevector(v, splat(0), 4, 0, 1, 2);
    f4 winding = pairs + __builtin_shufflevector(pairs, splat(0), 4, 4, 0, 1) + *carry;
    *carry = __builtin_shufflevector(winding, winding, 3, 3, 3, 3);
    f4 a = (f4)((i4)winding & 0x7FFFFFFF);
    if (evenOdd) {
        a = select4(a < 16777216.0f, a, splat(16777216.0f));
        f4 pairsOfTurns = __builtin_convertvector(__builtin_convertvector(a * 0.5f, i4), f4);
        a = a - 2 * pairsOfTurns;
        a = select4(a > 1, 2 - a, a);
    }
    a = select4(a >= 0.99999f, splat(1), a);
    return (f4)((i4)a & (a > 0.00001f));
}

static inline u4 channel(f4 v) {
    return (u4)__builtin_convertvector(v + 0.5f, i4);
}

/// `DRColor` with every channel in all four lanes, made once per fill: read from the by-value
/// struct inside the loop, the compiler copied it to the stack every quad and reloaded it across
/// that copy, a store-forwarding stall that doubled the sweep's time.
typedef struct {
    f4 r, g, b, a, opacity;
} Source;

/// Source-over onto four packed pixels, each at its own exact coverage: per channel
/// src·c + dst·(1 − srcα·c), rounded once to nearest, so rounding to 8 bits is the only error.
/// Channel-planar, one register per channel. With c = 1 an opaque colour gives itself, and with
/// c = 0 the pixel stays, bit for bit. Premultiplied channels (src ≤ srcα) keep every result
/// within 0…255 without clamping. (Rejected: 16-bit lanes with coverage in 1/256 steps, a third
/// faster, but coverage rounded before blending is up to a level off the exact area.)
static inline void blend4(uint32_t *pixels, f4 c, const Source *s) {
    u4 d;
    memcpy(&d, pixels, sizeof d);
    f4 keep = 1 - s->opacity * c;
    f4 r = __builtin_convertvector((i4)(d & 0xFF), f4) * keep + s->r * c;
    f4 g = __builtin_convertvector((i4)((d >> 8) & 0xFF), f4) * keep + s->g * c;
    f4 b = __builtin_convertvector((i4)((d >> 16) & 0xFF), f4) * keep + s->b * c;
    f4 a = __builtin_convertvector((i4)(d >> 24), f4) * keep + s->a * c;
    u4 out = channel(r) | channel(g) << 8 | channel(b) << 16 | channel(a) << 24;
    memcpy(pixels, &out, sizeof out);
}

static inline int anyCoverage(f4 c) {
    uint64_t halves[2];
    memcpy(halves, &c, sizeof halves);
    return (halves[0] | halves[1]) != 0;
}

typedef float f8 __attribute__((ext_vector_type(8)));
typedef int32_t i8 __attribute__((ext_vector_type(8)));
typedef uint32_t u8 __attribute__((ext_vector_type(8)));

/// `blend4` on eight pixels, for 256-bit registers: the same arithmetic lane by lane, so the
/// result is the same bit for bit.
static inline void blend8(uint32_t *pixels, f4 low, f4 high, const Source *s) {
    f8 c = __builtin_shufflevector(low, high, 0, 1, 2, 3, 4, 5, 6, 7);
    f8 r8 = __builtin_shufflevector(s->r, s->r, 0, 1, 2, 3, 0, 1, 2, 3);
    f8 g8 = __builtin_shufflevector(s->g, s->g, 0, 1, 2, 3, 0, 1, 2, 3);
    f8 b8 = __builtin_shufflevector(s->b, s->b, 0, 1, 2, 3, 0, 1, 2, 3);
    f8 a8 = __builtin_shufflevector(s->a, s->a, 0, 1, 2, 3, 0, 1, 2, 3);
    f8 opacity = __builtin_shufflevector(s->opacity, s->opacity, 0, 1, 2, 3, 0, 1, 2, 3);
    u8 d;
    memcpy(&d, pixels, sizeof d);
    f8 keep = 1 - opacity * c;
    f8 r = __builtin_convertvector((i8)(d & 0xFF), f8) * keep + r8 * c;
    f8 g = __builtin_convertvector((i8)((d >> 8) & 0xFF), f8) * keep + g8 * c;
    f8 b = __builtin_convertvector((i8)((d >> 16) & 0xFF), f8) * keep + b8 * c;
    f8 a = __builtin_convertvector((i8)(d >> 24), f8) * keep + a8 * c;
    u8 out = (u8)__builtin_convertvector(r + 0.5f, i8) | (u8)__builtin_convertvector(g + 0.5f, i8) << 8 |
             (u8)__builtin_convertvector(b + 0.5f, i8) << 16 | (u8)__builtin_convertvector(a + 0.5f, i8) << 24;
    memcpy(pixels, &out, sizeof out);
}

/// The sweep's rows; `wide` composites eight pixels at a time (`blend8`), for a caller compiled
/// for AVX2. Coverage is summed four at a time either way, in the same order, so both give the
/// same bytes.
static inline __attribute__((always_inline)) void sweep_rows(DRCells c, uint32_t *pixels, long pixelStride,
                                                              int evenOdd, const Source *source, int wide) {
    long whole = c.columns & ~3L, tail = c.columns & 3;
    for (long r = 0; r < c.rows; r++) {
        float *cells = c.cells + r * c.stride;
        uint32_t *out = pixels + r * pixelStride;
        f4 carry = splat(0);
        long x = 0;
        if (wide) {
            for (; x + 8 <= whole; x += 8) {
                f4 low = coverage4(cells + x, &carry, evenOdd);
                f4 high = coverage4(cells + x + 4, &carry, evenOdd);
                if (anyCoverage(low) || anyCoverage(high)) blend8(out + x, low, high, source);
            }
        }
        for (; x < whole; x += 4) {
            f4 coverage = coverage4(cells + x, &carry, evenOdd);
            if (anyCoverage(coverage)) blend4(out + x, coverage, source);
        }
        if (tail) {
            // The last pixels of a row at the canvas' right edge: composited through a copy, so
            // nothing past the row is read or written.
            f4 coverage = coverage4(cells + x, &carry, evenOdd);
            coverage = (f4)((i4)coverage & ((f4){0, 1, 2, 3} < (float)tail));
            uint32_t quad[4] = {0, 0, 0, 0};
            memcpy(quad, out + x, (size_t)tail * sizeof quad[0]);
            blend4(quad, coverage, source);
            memcpy(out + x, quad, (size_t)tail * sizeof quad[0]);
            x += 4;
        }
        // The cells right of the box: whatever lines added at its right edge.
        for (; x < c.stride; x += 4) store4(cells + x, splat(0));
    }
}

static void sweep_narrow(DRCells c, uint32_t *pixels, long pixelStride, int evenOdd, const Source *source) {
    sweep_rows(c, pixels, pixelStride, evenOdd, source, 0);
}

#if defined(__x86_64__)
__attribute__((target("avx2"))) static void sweep_wide(DRCells c, uint32_t *pixels, long pixelStride, int evenOdd,
                                                        const Source *source) {
    sweep_rows(c, pixels, pixelStride, evenOdd, source, 1);
}
#endif

/// What a test asked for with `dr_set_wide_sweep`: −1 for the default.
static int wideSweepRequest = -1;

int dr_wide_sweep_available(void) {
#if defined(__x86_64__)
    return __builtin_cpu_supports("avx2") ? 1 : 0;
#else
    return 0;
#endif
}

void dr_set_wide_sweep(int wide) {
    __atomic_store_n(&wideSweepRequest, wide < 0 ? -1 : wide ? 1 : 0, __ATOMIC_RELAXED);
}

int dr_kernels_wide_now(void) {
    return __atomic_load_n(&wideSweepRequest, __ATOMIC_RELAXED) != 0 && dr_wide_sweep_available();
}

static inline Source source_of(DRColor color) {
    return (Source){splat(color.r), splat(color.g), splat(color.b), splat(color.a), splat(color.opacity)};
}

void dr_sweep(DRCells c, uint32_t *pixels, long pixelStride, int evenOdd, DRColor color) {
    const Source source = source_of(color);
#if defined(__x86_64__)
    if (dr_kernels_wide_now()) {
        sweep_wide(c, pixels, pixelStride, evenOdd, &source);
        return;
    }
#endif
    sweep_narrow(c, pixels, pixelStride, evenOdd, &source);
}

// MARK: - Sweeping with a gradient

/// Source-over onto four packed pixels of four premultiplied colours `colours`, each at its own
/// coverage: `blend4`'s arithmetic with a colour per lane.
static inline void blend4_colours(uint32_t *pixels, f4 c, u4 colours) {
    u4 d;
    memcpy(&d, pixels, sizeof d);
    f4 sa = __builtin_convertvector((i4)(colours >> 24), f4);
    f4 keep = 1 - (sa / 255.0f) * c;
    f4 r = __builtin_convertvector((i4)(d & 0xFF), f4) * keep + __builtin_convertvector((i4)(colours & 0xFF), f4) * c;
    f4 g = __builtin_convertvector((i4)((d >> 8) & 0xFF), f4) * keep + __builtin_convertvector((i4)((colours >> 8) & 0xFF), f4) * c;
    f4 b = __builtin_convertvector((i4)((d >> 16) & 0xFF), f4) * keep + __builtin_convertvector((i4)((colours >> 16) & 0xFF), f4) * c;
    f4 a = __builtin_convertvector((i4)(d >> 24), f4) * keep + sa * c;
    u4 out = channel(r) | channel(g) << 8 | channel(b) << 16 | channel(a) << 24;
    memcpy(pixels, &out, sizeof out);
}

/// The table's colours for the four pixels from column `x` of a row, whose parameters are
/// `t` (Float: a parameter off by 10⁻⁷ picks the same entry of 1024 but at a boundary); lanes
/// the gradient leaves unpainted get their coverage cleared in `c`.
static inline __attribute__((always_inline)) u4 axial_colours(const DRAxialPaint *p, f4 t, f4 *c) {
    // Below 0 (or not a number, which the paint's finite terms make all but impossible): 0;
    // above 1: 1; each unpainted where its end does not extend.
    i4 before = ~(t >= 0), after = t > 1;
    i4 unpainted = (before & -(i4)(p->extendStart == 0)) | (after & -(i4)(p->extendEnd == 0));
    *c = (f4)((i4)*c & ~unpainted);
    t = (f4)(((i4)t & ~(before | after)) | ((i4)splat(1) & after));
    i4 index = __builtin_convertvector(t * (float)(p->count - 1) + 0.5f, i4);
    return (u4){p->table[index[0]], p->table[index[1]], p->table[index[2]], p->table[index[3]]};
}

static inline int fullyCovered(f4 c) {
    return c[0] == 1 && c[1] == 1 && c[2] == 1 && c[3] == 1;
}

void dr_sweep_axial(DRCells c, uint32_t *pixels, long pixelStride, int evenOdd, DRAxialPaint paint) {
    long whole = c.columns & ~3L, tail = c.columns & 3;
    for (long r = 0; r < c.rows; r++) {
        float *cells = c.cells + r * c.stride;
        uint32_t *out = pixels + r * pixelStride;
        // The parameter at each pixel: the row's first pixel's plus the column's steps, in Float.
        const float rowT = (float)(paint.t0 + paint.dtdy * (double)r), step = (float)paint.dtdx;
        f4 carry = splat(0);
        long x = 0;
        for (; x < whole; x += 4) {
            f4 coverage = coverage4(cells + x, &carry, evenOdd);
            if (!anyCoverage(coverage)) continue;
            u4 colours = axial_colours(&paint, rowT + step * ((float)x + (f4){0, 1, 2, 3}), &coverage);
            // Wholly covered by opaque colours: the colours themselves (what the blend gives).
            if (fullyCovered(coverage) && (colours[0] & colours[1] & colours[2] & colours[3]) >= 0xFF000000u) {
                memcpy(out + x, &colours, sizeof colours);
            } else {
                blend4_colours(out + x, coverage, colours);
            }
        }
        if (tail) {
            f4 coverage = coverage4(cells + x, &carry, evenOdd);
            coverage = (f4)((i4)coverage & ((f4){0, 1, 2, 3} < (float)tail));
            u4 colours = axial_colours(&paint, rowT + step * ((float)x + (f4){0, 1, 2, 3}), &coverage);
            uint32_t quad[4] = {0, 0, 0, 0};
            memcpy(quad, out + x, (size_t)tail * sizeof quad[0]);
            blend4_colours(quad, coverage, colours);
            memcpy(out + x, quad, (size_t)tail * sizeof quad[0]);
            x += 4;
        }
        for (; x < c.stride; x += 4) store4(cells + x, splat(0));
    }
}

// MARK: - Compositing rows

/// One pixel of `dr_composite_span`, two channels per 64-bit multiply.
static inline uint32_t over_full(uint32_t source, uint32_t destination) {
    uint64_t s = source, d = destination;
    uint64_t keep = 65536 - ((s >> 24) * 65536) / 255;
    const uint64_t half = 0x0000800000008000ull, lanes = 0x000000FF000000FFull;
    uint64_t rb = ((d & 0xFF) | ((d & 0xFF0000) << 16)) * keep + ((s & 0xFF) | ((s & 0xFF0000) << 16)) * 65536 + half;
    uint64_t ga = (((d >> 8) & 0xFF) | ((d & 0xFF000000) << 8)) * keep + (((s >> 8) & 0xFF) | ((s & 0xFF000000) << 8)) * 65536 + half;
    uint64_t packed = ((rb >> 16) & lanes) | (((ga >> 16) & lanes) << 8);
    return (uint32_t)(packed | (packed >> 16));
}

void dr_composite_span(const uint32_t *source, uint32_t *destination, long count) {
    long i = 0;
    for (; i + 4 <= count; i += 4) {
        u4 s;
        memcpy(&s, source + i, sizeof s);
        u4 alpha = s >> 24;
        // All opaque: copied; all clear: nothing to do; else pixel by pixel.
        if ((alpha[0] & alpha[1] & alpha[2] & alpha[3]) == 255) {
            memcpy(destination + i, &s, sizeof s);
        } else if ((alpha[0] | alpha[1] | alpha[2] | alpha[3]) != 0) {
            for (int k = 0; k < 4; k++) {
                if (alpha[k] == 255) destination[i + k] = s[k];
                else if (alpha[k] != 0) destination[i + k] = over_full(s[k], destination[i + k]);
            }
        }
    }
    for (; i < count; i++) {
        uint32_t s = source[i];
        if (s >> 24 == 255) destination[i] = s;
        else if (s >> 24 != 0) destination[i] = over_full(s, destination[i]);
    }
}

/// `count` pixels at the coverages in `coverage`, empty quads skipped; the last few through a copy.
static inline __attribute__((always_inline)) void blend_row(const float *coverage, uint32_t *pixels, long count,
                                                             const Source *source, int wide) {
    long x = 0;
    if (wide) {
        for (; x + 8 <= count; x += 8) {
            f4 low = load4(coverage + x), high = load4(coverage + x + 4);
            if (anyCoverage(low) || anyCoverage(high)) blend8(pixels + x, low, high, source);
        }
    }
    for (; x + 4 <= count; x += 4) {
        f4 c = load4(coverage + x);
        if (anyCoverage(c)) blend4(pixels + x, c, source);
    }
    long rest = count - x;
    if (rest > 0) {
        f4 c = splat(0);
        memcpy(&c, coverage + x, (size_t)rest * sizeof(float));
        uint32_t quad[4] = {0, 0, 0, 0};
        memcpy(quad, pixels + x, (size_t)rest * sizeof quad[0]);
        blend4(quad, c, source);
        memcpy(pixels + x, quad, (size_t)rest * sizeof quad[0]);
    }
}

static void blend_row_narrow(const float *coverage, uint32_t *pixels, long count, const Source *source) {
    blend_row(coverage, pixels, count, source, 0);
}

#if defined(__x86_64__)
__attribute__((target("avx2"))) static void blend_row_wide(const float *coverage, uint32_t *pixels, long count,
                                                            const Source *source) {
    blend_row(coverage, pixels, count, source, 1);
}
#endif

void dr_blend_coverage(const float *coverage, uint32_t *pixels, long count, DRColor color) {
    const Source source = source_of(color);
#if defined(__x86_64__)
    if (dr_kernels_wide_now()) {
        blend_row_wide(coverage, pixels, count, &source);
        return;
    }
#endif
    blend_row_narrow(coverage, pixels, count, &source);
}

typedef uint16_t u16x8 __attribute__((ext_vector_type(8)));
typedef uint8_t u8x16 __attribute__((ext_vector_type(16)));
typedef uint8_t u8x8 __attribute__((ext_vector_type(8)));

/// round(d·keep/255) per channel, d and keep at most 255, exactly: t = d·keep + 128, then
/// (t + ⌊t/256⌋)/256 — every step fits 16 bits (t ≤ 65 153).
static inline u8x8 scaled8(u8x8 d, uint16_t keep) {
    u16x8 t = __builtin_convertvector(d, u16x8) * keep + 128;
    return __builtin_convertvector((t + (t >> 8)) >> 8, u8x8);
}

void dr_blend_span(uint32_t *pixels, long count, uint32_t source) {
    uint16_t keep = (uint16_t)(255 - (source >> 24));
    u8x16 src;
    memcpy(&src, (uint32_t[4]){source, source, source, source}, sizeof src);
    long x = 0;
    for (; x + 4 <= count; x += 4) {
        u8x16 d;
        memcpy(&d, pixels + x, sizeof d);
        u8x8 low = scaled8(__builtin_shufflevector(d, d, 0, 1, 2, 3, 4, 5, 6, 7), keep);
        u8x8 high = scaled8(__builtin_shufflevector(d, d, 8, 9, 10, 11, 12, 13, 14, 15), keep);
        u8x16 out = __builtin_shufflevector(low, high, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15) + src;
        memcpy(pixels + x, &out, sizeof out);
    }
    for (; x < count; x++) {
        uint32_t d = pixels[x], out = 0;
        for (int shift = 0; shift < 32; shift += 8) {
            uint32_t t = ((d >> shift) & 0xFF) * keep + 128;
            out |= (((t + (t >> 8)) >> 8) + ((source >> shift) & 0xFF)) << shift;
        }
        pixels[x] = out;
    }
}

// MARK: - Filling

_Static_assert(sizeof(wchar_t) == sizeof(uint32_t), "wmemset fills 32-bit words");

void dr_fill32(uint32_t *words, uint32_t value, long count) {
    if (count > 0) wmemset((wchar_t *)words, (wchar_t)value, (size_t)count);
}

// MARK: - Blurring

typedef double d4 __attribute__((ext_vector_type(4)));

/// Four doubles into `v` (by pointer: a 256-bit vector returned by value has a different ABI
/// without AVX, which the compiler warns of even for an inline function).
static inline void load4d(d4 *v, const double *p) { memcpy(v, p, sizeof *v); }

/// 1 where every value of the window is exactly 1, 0 where every one is exactly 0, −1 elsewhere:
/// what `GaussianKernel` writes without convolving (a window of 0s or 1s blurs to itself).
static inline double window_value(long ones, long zeros, long window) {
    return ones == window ? 1 : zeros == window ? 0 : -1;
}

void dr_blur_rows(const double *input, double *output, long width, long height, const double *kernel, long radius,
                  double *padded) {
    long window = 2 * radius + 1;
    for (long y = 0; y < height; y++) {
        const double *in = input + y * width;
        double *out = output + y * width;
        // The row with `radius` zeros each side: a term beyond the edge then adds +0 to a sum that
        // is never negative, which leaves it bit for bit as skipping the term does.
        memset(padded, 0, (size_t)radius * sizeof(double));
        memcpy(padded + radius, in, (size_t)width * sizeof(double));
        memset(padded + radius + width, 0, (size_t)(radius + 4) * sizeof(double));
        long ones = 0, zeros = radius;  // the window at x = 0: radius zeros beyond the edge, then in[0…radius]
        for (long k = 0; k <= radius; k++) {
            double v = k < width ? in[k] : 0;
            ones += v == 1;
            zeros += v == 0;
        }
        long x = 0;
        while (x < width) {
            // Four outputs at a time: their sums in one register, term by term in the scalar order.
            double exact[4];
            long lanes = width - x < 4 ? width - x : 4;
            int convolve = 0;
            for (long lane = 0; lane < 4; lane++) {
                exact[lane] = lane < lanes ? window_value(ones, zeros, window) : 0;
                convolve |= exact[lane] < 0;
                if (lane < lanes) {
                    long i = x + lane;
                    double leaving = i - radius >= 0 ? in[i - radius] : 0;
                    double entering = i + radius + 1 < width ? in[i + radius + 1] : 0;
                    ones += (entering == 1) - (leaving == 1);
                    zeros += (entering == 0) - (leaving == 0);
                }
            }
            d4 sum = {0, 0, 0, 0};
            if (convolve) {
                for (long k = 0; k < window; k++) {
                    d4 v;
                    load4d(&v, padded + x + k);
                    sum += kernel[k] * v;
                }
            }
            for (long lane = 0; lane < lanes; lane++) out[x + lane] = exact[lane] >= 0 ? exact[lane] : sum[lane];
            x += lanes;
        }
    }
}

void dr_blur_columns(const double *input, double *output, long width, long height, const double *kernel, long radius,
                     long *counts) {
    long window = 2 * radius + 1;
    long *ones = counts, *zeros = counts + width;
    for (long x = 0; x < width; x++) {
        ones[x] = 0;
        zeros[x] = radius;
        for (long k = 0; k <= radius; k++) {
            double v = k < height ? input[k * width + x] : 0;
            ones[x] += v == 1;
            zeros[x] += v == 0;
        }
    }
    for (long y = 0; y < height; y++) {
        long first = y - radius < 0 ? radius - y : 0;                          // the first k in range
        long last = y + radius >= height ? radius + (height - 1 - y) : 2 * radius;  // the last
        double *out = output + y * width;
        long x = 0;
        for (; x < width; x += 4) {
            long lanes = width - x < 4 ? width - x : 4;
            double exact[4];
            int convolve = 0;
            for (long lane = 0; lane < 4; lane++) {
                exact[lane] = lane < lanes ? window_value(ones[x + lane], zeros[x + lane], window) : 0;
                convolve |= exact[lane] < 0;
            }
            if (convolve && lanes == 4) {
                // Four columns side by side: each lane adds its column's terms in the scalar order.
                d4 sum = {0, 0, 0, 0};
                for (long k = first; k <= last; k++) {
                    d4 v;
                    load4d(&v, input + (y + k - radius) * width + x);
                    sum += kernel[k] * v;
                }
                for (long lane = 0; lane < 4; lane++) out[x + lane] = exact[lane] >= 0 ? exact[lane] : sum[lane];
            } else {
                for (long lane = 0; lane < lanes; lane++) {
                    double sum = 0;
                    if (exact[lane] < 0) {
                        for (long k = first; k <= last; k++) sum += kernel[k] * input[(y + k - radius) * width + x + lane];
                    }
                    out[x + lane] = exact[lane] >= 0 ? exact[lane] : sum;
                }
            }
        }
        // The window moves down a row.
        for (long c = 0; c < width; c++) {
            double leaving = y - radius >= 0 ? input[(y - radius) * width + c] : 0;
            double entering = y + radius + 1 < height ? input[(y + radius + 1) * width + c] : 0;
            ones[c] += (entering == 1) - (leaving == 1);
            zeros[c] += (entering == 0) - (leaving == 0);
        }
    }
}
