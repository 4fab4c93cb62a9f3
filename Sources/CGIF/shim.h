#ifndef DYNRENDER_CGIF_SHIM_H
#define DYNRENDER_CGIF_SHIM_H
/* giflib reports errors through return codes, so Swift calls it directly. */
#include <gif_lib.h>
#endif
