#ifndef DYNRENDER_CHARFBUZZ_SHIM_H
#define DYNRENDER_CHARFBUZZ_SHIM_H
/* HarfBuzz shapes text: which glyphs, and where, with kerning, ligatures and marks. */
#include <hb.h>
#include <hb-ot.h>
#endif
