// The solver's own worker threads: a caller and its workers run one task's parts side by side
// and meet again when all are done, many times a step (the joints' and the bodies' pieces in
// each sub-step). Workers spin between tasks for up to 2 ms, since a step's tasks follow each
// other within microseconds, and then sleep on a condition variable, so an idle animator costs
// no processor after that. (Rejected: a condition variable alone — a wake-up took 56–73 µs
// here, longer than a sub-step's piece of work; Swift's Dispatch — `concurrentPerform` queues
// blocks, and its threads are shared with the rest of the process.)
#ifndef DYNRENDER_SOLVER_THREADS_H
#define DYNRENDER_SOLVER_THREADS_H

/// One part of a task: `part` is 0 for the caller, 1 … count − 1 for the workers.
typedef void (*DRSolverTask)(void *context, int part);

typedef struct DRSolverThreads DRSolverThreads;

/// Starts `count − 1` workers (`count` ≥ 1; the caller is the first thread). NULL when a thread
/// could not be started.
DRSolverThreads *dr_solver_threads_create(int count);

/// Stops the workers and frees the pool. No task may be running.
void dr_solver_threads_destroy(DRSolverThreads *threads);

/// Runs `task(context, part)` for every part 0 … count − 1, part 0 on the calling thread, and
/// returns when all have returned. Everything the caller wrote before is visible to the workers'
/// parts, and everything the parts wrote is visible to the caller afterwards. One caller at a time.
void dr_solver_threads_run(DRSolverThreads *threads, DRSolverTask task, void *context);

#endif
