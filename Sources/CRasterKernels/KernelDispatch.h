// Shared by the kernels' sources, not part of the module's interface.
#ifndef DYNRENDER_KERNEL_DISPATCH_H
#define DYNRENDER_KERNEL_DISPATCH_H

/// Whether the kernels take their eight-lane (AVX2) paths now: the processor has them and no
/// test asked for the narrow ones (`dr_set_wide_sweep`).
int dr_kernels_wide_now(void);

#endif
