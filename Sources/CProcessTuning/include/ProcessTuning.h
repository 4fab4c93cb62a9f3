#ifndef DYNRENDER_PROCESS_TUNING_H
#define DYNRENDER_PROCESS_TUNING_H

/// Asks the C allocator to keep freed memory for reuse rather than return it to the kernel
/// (glibc: blocks under 8 MB from the heap, the heap trimmed only past 256 MB free). Does
/// nothing where the allocator has no such settings. For the command-line tool's process only.
void dynrender_keep_freed_memory(void);

#endif
