#ifndef DYNRENDER_CFREETYPE_SHIM_H
#define DYNRENDER_CFREETYPE_SHIM_H
/*
 * FreeType opens fonts and hands dynrender their outlines and metrics; it never rasterises for
 * dynrender (the tests use its smooth renderer as the independent reference). Function-like
 * macros that Swift cannot import are wrapped here.
 */
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H

/** Load flags for outlines in font units: no scaling, no hinting, no embedded bitmaps. */
static inline FT_Int32 dynrender_ft_outline_flags(void) {
    return FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP | FT_LOAD_IGNORE_TRANSFORM;
}
/** Load flags for the test reference: scaled, unhinted outlines. */
static inline FT_Int32 dynrender_ft_unhinted_flags(void) {
    return FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP;
}
static inline int dynrender_ft_is_scalable(FT_Face face) { return FT_IS_SCALABLE(face) ? 1 : 0; }
static inline int dynrender_ft_glyph_is_outline(FT_Face face) {
    return face->glyph->format == FT_GLYPH_FORMAT_OUTLINE ? 1 : 0;
}
#endif
