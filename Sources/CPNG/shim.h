#ifndef DYNRENDER_CPNG_SHIM_H
#define DYNRENDER_CPNG_SHIM_H
/*
 * libpng reports errors by longjmp-ing out of the failing call, which Swift cannot catch.
 * These helpers put the setjmp on the C side, so a libpng error becomes a return code and a
 * message. They only sequence libpng's own calls; every byte of the format is written by libpng.
 */
#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

/** Error state shared with libpng's error callback: where to jump and what went wrong. */
typedef struct {
    jmp_buf jump;
    char message[256];
} dynrender_png_error;

static void dynrender_png_error_fn(png_structp png, png_const_charp text) {
    dynrender_png_error *error = (dynrender_png_error *)png_get_error_ptr(png);
    strncpy(error->message, text ? text : "unknown libpng error", sizeof error->message - 1);
    error->message[sizeof error->message - 1] = 0;
    longjmp(error->jump, 1);
}

static void dynrender_png_warning_fn(png_structp png, png_const_charp text) {
    (void)png;
    (void)text;
}

static void dynrender_png_flush_fn(png_structp png) { (void)png; }

/**
 * Encodes `height` rows of 8-bit RGBA pixels (`stride` bytes apart) as a PNG stream handed to
 * `write_fn` (with `io` as its io pointer). With `drop_alpha` set the file is RGB8 and libpng
 * strips the fourth byte of every pixel. `level` is zlib's 0...9, `filters` a PNG_FILTER_* mask,
 * `strategy` a zlib strategy. Returns 0, or 1 with `error->message` set.
 */
static inline int dynrender_png_encode(png_rw_ptr write_fn, png_voidp io,
                                       const unsigned char *pixels, size_t stride,
                                       png_uint_32 width, png_uint_32 height, int drop_alpha,
                                       int level, int filters, int strategy,
                                       dynrender_png_error *error) {
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, error,
                                              dynrender_png_error_fn, dynrender_png_warning_fn);
    if (!png) {
        strcpy(error->message, "libpng could not allocate a write struct");
        return 1;
    }
    png_infop info = png_create_info_struct(png);
    if (!info) {
        png_destroy_write_struct(&png, NULL);
        strcpy(error->message, "libpng could not allocate an info struct");
        return 1;
    }
    if (setjmp(error->jump)) {
        png_destroy_write_struct(&png, &info);
        return 1;
    }
    png_set_write_fn(png, io, write_fn, dynrender_png_flush_fn);
    png_set_compression_level(png, level);
    png_set_compression_strategy(png, strategy);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, filters);
    png_set_IHDR(png, info, width, height, 8,
                 drop_alpha ? PNG_COLOR_TYPE_RGB : PNG_COLOR_TYPE_RGBA, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    if (drop_alpha) png_set_filler(png, 0, PNG_FILLER_AFTER);
    for (png_uint_32 y = 0; y < height; y++) png_write_row(png, pixels + (size_t)y * stride);
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    return 0;
}

/**
 * Encodes rows already packed as the PNG format stores them (`bit_depth` bits a sample, samples
 * of `color_type`, `stride` bytes a row) as a PNG stream handed to `write_fn`, interlaced (Adam7)
 * when `interlace` is set, with `palette_count` PLTE entries (`palette`, RGB triples) and
 * `trans_count` tRNS alphas when given. For making test files of every colour type and depth;
 * dynrender's own output goes through `dynrender_png_encode`. Returns 0, or 1 with
 * `error->message` set.
 */
static inline int dynrender_png_encode_packed(png_rw_ptr write_fn, png_voidp io,
                                              const unsigned char *rows, size_t stride,
                                              png_uint_32 width, png_uint_32 height,
                                              int bit_depth, int color_type, int interlace,
                                              const unsigned char *palette, int palette_count,
                                              const unsigned char *trans, int trans_count,
                                              dynrender_png_error *error) {
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, error,
                                              dynrender_png_error_fn, dynrender_png_warning_fn);
    if (!png) {
        strcpy(error->message, "libpng could not allocate a write struct");
        return 1;
    }
    png_infop info = png_create_info_struct(png);
    if (!info) {
        png_destroy_write_struct(&png, NULL);
        strcpy(error->message, "libpng could not allocate an info struct");
        return 1;
    }
    if (setjmp(error->jump)) {
        png_destroy_write_struct(&png, &info);
        return 1;
    }
    png_set_write_fn(png, io, write_fn, dynrender_png_flush_fn);
    png_set_IHDR(png, info, width, height, bit_depth, color_type,
                 interlace ? PNG_INTERLACE_ADAM7 : PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    if (palette_count > 0) {
        png_color colors[256];
        for (int i = 0; i < palette_count && i < 256; i++) {
            colors[i].red = palette[3 * i];
            colors[i].green = palette[3 * i + 1];
            colors[i].blue = palette[3 * i + 2];
        }
        png_set_PLTE(png, info, colors, palette_count);
    }
    if (trans_count > 0) png_set_tRNS(png, info, trans, trans_count, NULL);
    png_write_info(png, info);
    int passes = png_set_interlace_handling(png);
    for (int pass = 0; pass < passes; pass++)
        for (png_uint_32 y = 0; y < height; y++) png_write_row(png, rows + (size_t)y * stride);
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    return 0;
}

/** Reads from a memory buffer for `dynrender_png_decode`. */
typedef struct {
    const unsigned char *data;
    size_t size;
    size_t offset;
} dynrender_png_source;

static void dynrender_png_read_fn(png_structp png, png_bytep out, size_t length) {
    dynrender_png_source *source = (dynrender_png_source *)png_get_io_ptr(png);
    if (length > source->size - source->offset) png_error(png, "the file ends early (truncated)");
    memcpy(out, source->data + source->offset, length);
    source->offset += length;
}

/**
 * Decodes a PNG of any colour type, bit depth and interlacing to 8-bit straight-alpha RGBA:
 * palettes and low depths expanded, tRNS made alpha, grey made RGB, 16-bit samples scaled to
 * 8 bits with rounding (png_set_scale_16), no gamma conversion (samples are taken as sRGB, as
 * browsers do for files without colour chunks). The header's size is checked against
 * `max_side` and `max_pixels` before any pixel is decoded. On success returns a malloc'd buffer
 * of width × height × 4 bytes (the caller frees it) and sets *width, *height and *has_alpha;
 * otherwise returns NULL with `error->message` set. libpng's error longjmp lands in this function.
 */
static inline unsigned char *dynrender_png_decode(const unsigned char *data, size_t size,
                                                  png_uint_32 max_side, size_t max_pixels,
                                                  png_uint_32 *width, png_uint_32 *height,
                                                  int *has_alpha, dynrender_png_error *error) {
    if (size < 8 || png_sig_cmp(data, 0, 8) != 0) {
        strcpy(error->message, "not a PNG file (the signature is missing)");
        return NULL;
    }
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, error,
                                             dynrender_png_error_fn, dynrender_png_warning_fn);
    if (!png) {
        strcpy(error->message, "libpng could not allocate a read struct");
        return NULL;
    }
    png_infop info = png_create_info_struct(png);
    if (!info) {
        png_destroy_read_struct(&png, NULL, NULL);
        strcpy(error->message, "libpng could not allocate an info struct");
        return NULL;
    }
    /* volatile: read after the longjmp. */
    unsigned char *volatile pixels = NULL;
    png_bytep *volatile rows = NULL;
    if (setjmp(error->jump)) {
        free(pixels);
        free(rows);
        png_destroy_read_struct(&png, &info, NULL);
        return NULL;
    }
    dynrender_png_source source = {data, size, 0};
    png_set_read_fn(png, &source, dynrender_png_read_fn);
    /* The header's own limit on the size, above ours; ours is checked below with a message. */
    png_set_user_limits(png, 0x7fffffff, 0x7fffffff);
    png_read_info(png, info);
    png_uint_32 w = png_get_image_width(png, info), h = png_get_image_height(png, info);
    int color_type = png_get_color_type(png, info), depth = png_get_bit_depth(png, info);
    if (w == 0 || h == 0 || w > max_side || h > max_side || (size_t)w * h > max_pixels) {
        snprintf(error->message, sizeof error->message,
                 "a PNG of %ux%u pixels is over the limit of %u pixels a side and %zu Mpx",
                 (unsigned)w, (unsigned)h, (unsigned)max_side, max_pixels / 1000000);
        png_destroy_read_struct(&png, &info, NULL);
        return NULL;
    }
    *has_alpha = (color_type & PNG_COLOR_MASK_ALPHA) != 0 || png_get_valid(png, info, PNG_INFO_tRNS);
    if (color_type == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
    if (color_type == PNG_COLOR_TYPE_GRAY && depth < 8) png_set_expand_gray_1_2_4_to_8(png);
    if (png_get_valid(png, info, PNG_INFO_tRNS)) png_set_tRNS_to_alpha(png);
    if (depth == 16) png_set_scale_16(png);
    if (color_type == PNG_COLOR_TYPE_GRAY || color_type == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
    png_set_filler(png, 0xFF, PNG_FILLER_AFTER);
    png_set_interlace_handling(png);
    png_read_update_info(png, info);
    pixels = (unsigned char *)malloc((size_t)w * h * 4);
    rows = (png_bytep *)malloc(sizeof(png_bytep) * h);
    if (!pixels || !rows) png_error(png, "out of memory");
    for (png_uint_32 y = 0; y < h; y++) rows[y] = pixels + (size_t)y * w * 4;
    png_read_image(png, rows);
    png_read_end(png, NULL);
    free(rows);
    png_destroy_read_struct(&png, &info, NULL);
    *width = w;
    *height = h;
    return pixels;
}

/** PNG_FORMAT_RGBA, which Swift does not import because it is a macro expression. */
static inline png_uint_32 dynrender_png_format_rgba(void) { return PNG_FORMAT_RGBA; }
/** Whether a png_image format word says the file has an alpha channel. */
static inline int dynrender_png_format_has_alpha(png_uint_32 format) {
    return (format & PNG_FORMAT_FLAG_ALPHA) != 0;
}
/** PNG_IMAGE_VERSION, for initialising a png_image. */
static inline png_uint_32 dynrender_png_image_version(void) { return PNG_IMAGE_VERSION; }

#endif
