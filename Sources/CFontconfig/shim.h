#ifndef DYNRENDER_CFONTCONFIG_SHIM_H
#define DYNRENDER_CFONTCONFIG_SHIM_H
/* fontconfig finds an installed font file by family and weight, as every Linux desktop does. */
#include <fontconfig/fontconfig.h>
#endif
