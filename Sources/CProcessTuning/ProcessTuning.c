#include "ProcessTuning.h"

#include <stdlib.h>  // defines __GLIBC__ where the C library is glibc
#if defined(__GLIBC__)
#include <malloc.h>
#endif

void dynrender_keep_freed_memory(void) {
#if defined(__GLIBC__)
    // 8 MB, not glibc's 32 MB ceiling: a block of a canvas's pixels (11.85 MB at scale 3) freed
    // into the heap left a hole that smaller buffers took, so the next one grew the heap.
    mallopt(M_MMAP_THRESHOLD, 8 << 20);
    mallopt(M_TRIM_THRESHOLD, 256 << 20);
#endif
}
