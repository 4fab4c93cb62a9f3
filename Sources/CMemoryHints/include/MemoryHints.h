#ifndef DYNRENDER_MEMORY_HINTS_H
#define DYNRENDER_MEMORY_HINTS_H

/// Asks the processor to bring the cache line holding `address` close, to be written soon.
/// A hint: it changes no value, and does nothing on processors without it.
static inline __attribute__((always_inline)) void dr_prefetch_for_writing(const void *address) {
    __builtin_prefetch(address, 1, 3);
}

#endif
