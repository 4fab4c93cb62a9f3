// The rasteriser's innermost loops: adding lines' exact areas to an accumulation buffer, sweeping
// that buffer into composited pixels, and filling runs of one colour. In C with Clang's vector
// extensions, because they compile to the SIMD code they say on every target: Swift's SIMD types
// turned the same selects, clamps and conversions into per-lane branches and generic calls on
// this toolchain (measured on the D4 text workload: 1.5 ms a frame with them, 0.97 with the
// scalar Swift loops, 0.70 with these). The Swift side (`PathRasterizer`, `Canvas`) owns the
// buffers, the clip box and the curve flattening; these functions only index what it hands them.
#ifndef DYNRENDER_RASTER_KERNELS_H
#define DYNRENDER_RASTER_KERNELS_H

#include <stdint.h>

/// An accumulation buffer: `rows` rows of `stride` Float cells (a multiple of 4, at least
/// `columns` + 2), zero between fills. Lines lie within columns 0…`columns`.
typedef struct {
    float *cells;
    long stride;
    long rows;
    long columns;
} DRCells;

/// Adds the signed area of the line from (px, py) to (qx, qy), in cells (x from the box's left
/// edge, clamped to 0…columns; y from its top row; rows outside the box get nothing).
void dr_add_line(DRCells cells, double px, double py, double qx, double qy);

/// A line as the accumulation walks it: its upper end, its lower end's y, its slope and its
/// direction (+1 drawn downwards, −1 upwards, 0 for a horizontal line, which adds nothing).
typedef struct {
    float topX, topY, bottomY, dxdy, direction;
} DREdge;

/// The edge from (px, py) to (qx, qy), in Float.
DREdge dr_edge(double px, double py, double qx, double qy);

/// Adds `count` edges (a multiple of 4) moved by (dx, dy) (cells): an outline turned into edges
/// once (a glyph at one size) and placed many times. `columns` holds the edges' fields one after
/// another, `count` of each: every top x, then every top y, bottom y, dx/dy and direction
/// (padding edges have direction 0 and top y = bottom y).
void dr_add_edges(DRCells cells, const float *columns, long count, double dx, double dy);

/// A premultiplied colour for `dr_sweep`: channels 0…255 (red, green and blue at most `a`), and
/// `opacity` = a / 255.
typedef struct {
    float r, g, b, a, opacity;
} DRColor;

/// Turns the cells into coverage row by row (nonzero, or even-odd when `evenOdd` is non-zero)
/// and composites `color` source-over onto `pixels` (packed RGBA, R in the low byte; the box's
/// first pixel; `pixelStride` pixels a row), clearing the cells. Touches only the box's
/// `columns` pixels a row.
void dr_sweep(DRCells cells, uint32_t *pixels, long pixelStride, int evenOdd, DRColor color);

/// An axial gradient's paint for `dr_sweep_axial`: the gradient's parameter is affine in the
/// pixel, t = `t0` + `dtdx`·x + `dtdy`·y at the centre of the box's pixel (x, y) (x from the box's
/// left column, y from its first row), and a pixel takes `table[round(t·(count − 1))]` (packed
/// premultiplied RGBA, R in the low byte) with t clamped to 0…1, or nothing where t is below 0
/// and `extendStart` is 0, or above 1 and `extendEnd` is 0.
typedef struct {
    const uint32_t *table;
    long count;
    double t0, dtdx, dtdy;
    int extendStart, extendEnd;
} DRAxialPaint;

/// `dr_sweep` with a gradient's colour at each pixel instead of one colour: the same coverage,
/// composited source-over with the same arithmetic and one rounding, in one pass (no coverage
/// layer).
void dr_sweep_axial(DRCells cells, uint32_t *pixels, long pixelStride, int evenOdd, DRAxialPaint paint);

/// Composites `count` packed premultiplied pixels of `source` over those of `destination` at
/// full strength: opaque ones copied, transparent ones skipped, the rest per channel
/// (s·2¹⁶ + d·keep + 2¹⁵)/2¹⁶ with keep = 2¹⁶ − sα·2¹⁶/255 (integer division) — what the
/// rasteriser's `PackedPixel.over` gives at factor 2¹⁶, bit for bit, four pixels a test.
void dr_composite_span(const uint32_t *source, uint32_t *destination, long count);

/// Composites `color` source-over onto `count` packed pixels, each at its coverage in `coverage`
/// (0…1), as `dr_sweep` does: exact coverage, one rounding.
void dr_blend_coverage(const float *coverage, uint32_t *pixels, long count, DRColor color);

/// Composites the packed premultiplied colour `source` at full coverage onto `count` pixels:
/// per channel src + round(dst·(255 − srcα)/255), in integers, exactly.
void dr_blend_span(uint32_t *pixels, long count, uint32_t source);

/// A picture's mip level for `dr_sample_bilinear`: `width` × `height` packed premultiplied
/// texels (R in the low byte), rows packed; fewer than 2³¹ of them.
typedef struct {
    const uint32_t *texels;
    long width, height;
} DRTexels;

/// Draws `count` pixels of a picture where its shape covers them fully: each the bilinear sample
/// of `level` at level coordinates (`*u`, `*v`), which step by (`stepU`, `stepV`) from one pixel
/// to the next (added one pixel at a time, so each is the sum a loop over the pixels makes; both
/// are left at the pixel after the last), composited at `factor` (of 2¹⁶) — exactly what
/// `Rasterizer`'s picture loop computes for such a pixel, eight at a time.
void dr_sample_bilinear(DRTexels level, double *u, double *v, double stepU, double stepV, long count, uint32_t *pixels,
                        uint64_t factor);

/// Stores in `samples` the `count` samples `dr_sample_bilinear` would composite from (`*u`,
/// `*v`) on, stepping both as it does: a row's samples kept to be composited again later
/// (`dr_put_samples`) while the picture stays where it is.
void dr_sample_row(DRTexels level, double *u, double *v, double stepU, double stepV, long count, uint32_t *samples);

/// Composites `count` samples onto `pixels` at `factor` (of 2¹⁶) exactly as `dr_sample_bilinear`
/// composites the samples it takes.
void dr_put_samples(const uint32_t *samples, long count, uint32_t *pixels, uint64_t factor);

/// Whether the row `dr_sample_bilinear` would draw from (`u`, `v`) has the level's texels for
/// samples, which it then copies: nothing to gain from keeping them.
int dr_samples_are_texels(DRTexels level, double u, double v, double stepU, double stepV, long count);

/// Whether `dr_sample_bilinear` may copy a row whose samples are texels themselves (1, the
/// default) or must sample it (0). Both give the same bytes; this is for the test that holds
/// them to that.
void dr_set_texel_copy(int copies);

/// Whether `dr_sweep`, `dr_blend_coverage` and `dr_sample_bilinear` may work eight pixels at a
/// time (1, the default where `dr_wide_sweep_available`) or must take four (0); −1 goes back to
/// the default. Both give the same bytes; this is for the tests that hold them to that.
void dr_set_wide_sweep(int wide);

/// Whether this processor can composite eight pixels at a time (x86-64 with AVX2).
int dr_wide_sweep_available(void);

/// One pass of a separable Gaussian blur over `height` rows of `width` doubles, zero beyond the
/// edges, `kernel` holding 2·radius + 1 weights: along rows (`dr_blur_rows`, `padded` scratch of
/// width + 2·radius + 4) or along columns (`dr_blur_columns`, `counts` scratch of 2·width). A
/// window of exact 0s or 1s gives that value without convolving; elsewhere the weighted sum is
/// taken term by term from the window's first value to its last, four outputs side by side, so
/// each output is the same double the plain loop gives.
void dr_blur_rows(const double *input, double *output, long width, long height, const double *kernel, long radius,
                  double *padded);
void dr_blur_columns(const double *input, double *output, long width, long height, const double *kernel, long radius,
                     long *counts);

/// Sets `count` 32-bit words from `words` to `value` (a run of one packed pixel colour): libc's
/// wmemset (wchar_t is 32 bits on Linux and macOS), whose wide, streaming stores measured 1.4×
/// faster than a Swift loop on a full-frame clear (0.21 → 0.15 ms for D4's frames without text).
void dr_fill32(uint32_t *words, uint32_t value, long count);

#endif
