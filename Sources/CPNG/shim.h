#ifndef DYNRENDER_CPNG_SHIM_H
#define DYNRENDER_CPNG_SHIM_H
/*
 * libpng reports errors by longjmp-ing out of the failing call, which Swift cannot catch.
 * These helpers put the setjmp on the C side, so a libpng error becomes a return code and a
 * message. They only sequence libpng's own calls; every byte of the format is written by libpng.
 */
#include <png.h>
#include <setjmp.h>
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

/** PNG_FORMAT_RGBA, which Swift does not import because it is a macro expression. */
static inline png_uint_32 dynrender_png_format_rgba(void) { return PNG_FORMAT_RGBA; }
/** Whether a png_image format word says the file has an alpha channel. */
static inline int dynrender_png_format_has_alpha(png_uint_32 format) {
    return (format & PNG_FORMAT_FLAG_ALPHA) != 0;
}
/** PNG_IMAGE_VERSION, for initialising a png_image. */
static inline png_uint_32 dynrender_png_image_version(void) { return PNG_IMAGE_VERSION; }

#endif
