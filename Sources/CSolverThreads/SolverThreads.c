#include "SolverThreads.h"

#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <time.h>

/// How long a waiting worker looks for the next task before it sleeps: longer than the work
/// between two steps' stages (about 1 ms for 10 000 items written back), since a wake-up costs
/// 50–70 µs on a virtual machine; an animator left idle costs at most this much of a processor.
static const long long SPIN_NANOSECONDS = 2000000;
/// How many times a waiting caller checks before it yields its processor to a worker that is
/// slow to be scheduled.
enum { CALLER_SPIN_LIMIT = 1 << 16 };

static long long nanoseconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (long long)now.tv_sec * 1000000000 + now.tv_nsec;
}

static inline void pause_briefly(void) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ __volatile__("yield");
#endif
}

struct DRSolverThreads {
    int count;
    pthread_t *workers;
    // Written by the caller before a task's generation is published, read by the workers after.
    DRSolverTask task;
    void *context;
    // Each on a cache line of its own: the workers poll `generation`, the caller polls `remaining`.
    _Alignas(64) atomic_uint generation;
    _Alignas(64) atomic_int remaining;
    _Alignas(64) atomic_int sleepers;
    atomic_int stopping;
    pthread_mutex_t mutex;
    pthread_cond_t wake;
};

typedef struct {
    DRSolverThreads *pool;
    int part;
} WorkerStart;

/// Waits for a generation other than `seen`: spins, then sleeps until the caller wakes it.
static unsigned next_generation(DRSolverThreads *pool, unsigned seen) {
    long long deadline = 0;
    for (unsigned spin = 1;; spin++) {
        unsigned generation = atomic_load_explicit(&pool->generation, memory_order_acquire);
        if (generation != seen) return generation;
        pause_briefly();
        if (spin % 256 == 0) {  // the clock is read now and then: it costs more than a pause
            long long now = nanoseconds();
            if (deadline == 0) deadline = now + SPIN_NANOSECONDS;
            else if (now > deadline) break;
        }
    }
    pthread_mutex_lock(&pool->mutex);
    // Counted before the generation is read again: the caller, which publishes the generation
    // and then reads this count (both sequentially consistent), either sees a sleeper and wakes
    // it under the mutex, or published before this read, which then sees it.
    atomic_fetch_add(&pool->sleepers, 1);
    unsigned generation;
    while ((generation = atomic_load(&pool->generation)) == seen) pthread_cond_wait(&pool->wake, &pool->mutex);
    atomic_fetch_sub(&pool->sleepers, 1);
    pthread_mutex_unlock(&pool->mutex);
    return generation;
}

static void *worker_main(void *argument) {
    WorkerStart start = *(WorkerStart *)argument;
    free(argument);
    DRSolverThreads *pool = start.pool;
    unsigned seen = 0;
    for (;;) {
        seen = next_generation(pool, seen);
        if (atomic_load_explicit(&pool->stopping, memory_order_acquire)) return NULL;
        pool->task(pool->context, start.part);
        atomic_fetch_sub_explicit(&pool->remaining, 1, memory_order_acq_rel);
    }
}

/// Publishes a new generation and wakes any sleeping worker.
static void publish(DRSolverThreads *pool) {
    atomic_fetch_add(&pool->generation, 1);
    if (atomic_load(&pool->sleepers) > 0) {
        pthread_mutex_lock(&pool->mutex);
        pthread_cond_broadcast(&pool->wake);
        pthread_mutex_unlock(&pool->mutex);
    }
}

DRSolverThreads *dr_solver_threads_create(int count) {
    if (count < 1) count = 1;
    DRSolverThreads *pool = calloc(1, sizeof *pool);
    if (!pool) return NULL;
    pool->count = count;
    atomic_init(&pool->generation, 0);
    atomic_init(&pool->remaining, 0);
    atomic_init(&pool->sleepers, 0);
    atomic_init(&pool->stopping, 0);
    pthread_mutex_init(&pool->mutex, NULL);
    pthread_cond_init(&pool->wake, NULL);
    pool->workers = calloc((size_t)count, sizeof(pthread_t));
    if (!pool->workers) { free(pool); return NULL; }
    for (int part = 1; part < count; part++) {
        WorkerStart *start = malloc(sizeof *start);
        if (start) *start = (WorkerStart){pool, part};
        if (!start || pthread_create(&pool->workers[part], NULL, worker_main, start) != 0) {
            free(start);
            pool->count = part;  // only the workers started so far are stopped and joined
            dr_solver_threads_destroy(pool);
            return NULL;
        }
    }
    return pool;
}

void dr_solver_threads_destroy(DRSolverThreads *pool) {
    if (!pool) return;
    atomic_store_explicit(&pool->stopping, 1, memory_order_release);
    publish(pool);
    for (int part = 1; part < pool->count; part++) pthread_join(pool->workers[part], NULL);
    pthread_cond_destroy(&pool->wake);
    pthread_mutex_destroy(&pool->mutex);
    free(pool->workers);
    free(pool);
}

void dr_solver_threads_run(DRSolverThreads *pool, DRSolverTask task, void *context) {
    if (pool->count == 1) { task(context, 0); return; }
    pool->task = task;
    pool->context = context;
    atomic_store_explicit(&pool->remaining, pool->count - 1, memory_order_relaxed);
    publish(pool);
    task(context, 0);
    // The workers are awake (or being woken): spin, and yield the processor when one of them
    // is slow to be scheduled, as on a machine with fewer cores than threads.
    for (int spin = 0; atomic_load_explicit(&pool->remaining, memory_order_acquire) != 0; spin++) {
        if (spin < CALLER_SPIN_LIMIT) pause_briefly(); else sched_yield();
    }
}
