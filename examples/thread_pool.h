/* examples/thread_pool.h - a small persistent pthread pool that implements dml_ref's parallel_for
   (dmlref_options.parallel): between jobs the workers poll briefly (THREAD_POOL_SPIN_NS), then sleep on a
   condition variable; the calling thread runs tasks too, and concurrent callers wait their turn (one job
   at a time). POSIX threads, C99 and C++11.

   Use: include it (under -std=c99, define _POSIX_C_SOURCE 200809L before the first include), build with
   -pthread, then
       thread_pool *pool = thread_pool_create(8);        (8 concurrent tasks: 7 workers and the caller)
       dmlref_parallel parallel = {thread_pool_parallel_for, pool, 8};
       options.parallel = &parallel;                     (then any number of dmlref_execute calls)
       thread_pool_destroy(pool);                        (when no call uses it any more)
   thread_pool_grow adds workers to a pool in use. examples/threads_pthread.c, python/dml_ref_shared.c and
   cli/ops.c use it. */
#ifndef THREAD_POOL_H
#define THREAD_POOL_H

#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <stdlib.h>
#include <time.h>

/* How long a thread that waits (a worker for the next job, the caller for its job's last task) polls,
   yielding the CPU between looks, before it sleeps on a condition variable: waking a sleeping thread takes
   longer than a short job, and calls often come back to back. 0 sleeps at once. */
#ifndef THREAD_POOL_SPIN_NS
#define THREAD_POOL_SPIN_NS 100000L
#endif

/* A pool of worker threads running one job (one parallel_for call) at a time. */
typedef struct thread_pool {
    pthread_mutex_t mutex; /* guards every field below */
    pthread_cond_t wake;   /* workers wait here for a job or for the end */
    pthread_cond_t done;   /* callers wait here for their job's last task, or for a busy pool */
    pthread_t *threads;
    uint32_t thread_count;
    int stopping; /* set by thread_pool_destroy: the workers return */
    int busy;     /* a job is running: another caller waits for it to end */
    void (*task)(void *argument, uint32_t task_index);
    void *argument;
    uint32_t task_count; /* the job's tasks */
    uint32_t next;       /* the next task index to hand out */
    uint32_t unfinished; /* the job's tasks whose call has not returned yet */
    uint32_t jobs;       /* jobs posted so far (wrapping) */
} thread_pool;

/* The functions are static inline so that a file that leaves one unused gets no warning. */

/* jobs and unfinished are written under the mutex but polled without it, so those accesses are atomic;
   without the GNU atomic builtins the threads sleep at once. */
#if (defined(__GNUC__) || defined(__clang__)) && THREAD_POOL_SPIN_NS > 0
static inline uint32_t thread_pool_load(const uint32_t *value) { return __atomic_load_n(value, __ATOMIC_ACQUIRE); }
static inline void thread_pool_store(uint32_t *value, uint32_t x) { __atomic_store_n(value, x, __ATOMIC_RELEASE); }
/* Polls *value until it equals x (until_equal) or differs from it (!until_equal), or THREAD_POOL_SPIN_NS
   have passed. */
static inline void thread_pool_poll(const uint32_t *value, uint32_t x, int until_equal) {
    struct timespec start, now;
    clock_gettime(CLOCK_MONOTONIC, &start);
    do {
        if ((thread_pool_load(value) == x) == until_equal) return;
        sched_yield(); /* where threads outnumber CPUs, the one that has work runs */
        clock_gettime(CLOCK_MONOTONIC, &now);
    } while ((double)(now.tv_sec - start.tv_sec) * 1e9 + (double)(now.tv_nsec - start.tv_nsec) < THREAD_POOL_SPIN_NS);
}
#else
static inline uint32_t thread_pool_load(const uint32_t *value) { return *value; }
static inline void thread_pool_store(uint32_t *value, uint32_t x) { *value = x; }
static inline void thread_pool_poll(const uint32_t *value, uint32_t x, int until_equal) {
    (void)value;
    (void)x;
    (void)until_equal;
}
#endif

/* Runs the current job's tasks until none is left to hand out. Called and returns with the mutex held;
   each task runs without it, so the other threads take tasks meanwhile. */
static inline void thread_pool_run_tasks(thread_pool *p) {
    while (p->next < p->task_count) {
        uint32_t index = p->next++;
        void (*task)(void *, uint32_t) = p->task;
        void *argument = p->argument;
        pthread_mutex_unlock(&p->mutex);
        task(argument, index);
        pthread_mutex_lock(&p->mutex);
        thread_pool_store(&p->unfinished, p->unfinished - 1);
        if (p->unfinished == 0) pthread_cond_broadcast(&p->done);
    }
}

static inline void *thread_pool_worker(void *context) {
    thread_pool *p = (thread_pool *)context;
    pthread_mutex_lock(&p->mutex);
    for (;;) {
        uint32_t seen;
        thread_pool_run_tasks(p);
        if (p->stopping) break;
        seen = p->jobs;
        pthread_mutex_unlock(&p->mutex);
        thread_pool_poll(&p->jobs, seen, 0);
        pthread_mutex_lock(&p->mutex);
        /* the mutex is held from this check to the wait, so a job posted meanwhile wakes it */
        if (p->jobs == seen && !p->stopping) pthread_cond_wait(&p->wake, &p->mutex);
    }
    pthread_mutex_unlock(&p->mutex);
    return NULL;
}

/* dml_ref's parallel_for: posts the job, takes tasks itself, returns when every task has returned. A NULL
   pool (thread_pool_create failed) runs the tasks on the calling thread, with the same results. */
static inline void thread_pool_parallel_for(void *context, uint32_t task_count,
                                            void (*task)(void *argument, uint32_t task_index), void *argument) {
    thread_pool *p = (thread_pool *)context;
    uint32_t t;
    if (!p) {
        for (t = 0; t < task_count; t++) task(argument, t);
        return;
    }
    pthread_mutex_lock(&p->mutex);
    while (p->busy) pthread_cond_wait(&p->done, &p->mutex); /* dml_ref calls from other threads share the pool */
    p->busy = 1;
    p->task = task;
    p->argument = argument;
    p->task_count = task_count;
    p->next = 0;
    thread_pool_store(&p->unfinished, task_count);
    thread_pool_store(&p->jobs, p->jobs + 1);
    if (task_count > 1) pthread_cond_broadcast(&p->wake);
    thread_pool_run_tasks(p);
    if (p->unfinished > 0) {
        pthread_mutex_unlock(&p->mutex);
        thread_pool_poll(&p->unfinished, 0, 1);
        pthread_mutex_lock(&p->mutex);
    }
    while (p->unfinished > 0) pthread_cond_wait(&p->done, &p->mutex);
    p->busy = 0;
    pthread_cond_broadcast(&p->done);
    pthread_mutex_unlock(&p->mutex);
}

/* Adds workers until the pool runs threads concurrent tasks (threads - 1 workers and the caller); safe while
   jobs run, which the new workers join. A worker that cannot be started is left out: the caller and the
   others still run every task. Returns the number of concurrent tasks the pool now runs. */
static inline uint32_t thread_pool_grow(thread_pool *p, uint32_t threads) {
    uint32_t count;
    pthread_mutex_lock(&p->mutex);
    if (threads > p->thread_count + 1) {
        pthread_t *more = (pthread_t *)realloc(p->threads, (size_t)(threads - 1) * sizeof *more);
        if (more) {
            p->threads = more;
            while (p->thread_count + 1 < threads &&
                   pthread_create(&p->threads[p->thread_count], NULL, thread_pool_worker, p) == 0)
                p->thread_count++;
        }
    }
    count = p->thread_count + 1;
    pthread_mutex_unlock(&p->mutex);
    return count;
}

/* A pool for threads concurrent tasks. NULL if it cannot be made. */
static inline thread_pool *thread_pool_create(uint32_t threads) {
    thread_pool *p = (thread_pool *)calloc(1, sizeof *p);
    if (!p) return NULL;
    if (pthread_mutex_init(&p->mutex, NULL) != 0 || pthread_cond_init(&p->wake, NULL) != 0 ||
        pthread_cond_init(&p->done, NULL) != 0) {
        free(p);
        return NULL;
    }
    thread_pool_grow(p, threads);
    return p;
}

/* Stops and joins the workers and frees the pool; no call may be using it. */
static inline void thread_pool_destroy(thread_pool *p) {
    uint32_t i;
    pthread_mutex_lock(&p->mutex);
    p->stopping = 1;
    pthread_cond_broadcast(&p->wake);
    pthread_mutex_unlock(&p->mutex);
    for (i = 0; i < p->thread_count; i++) pthread_join(p->threads[i], NULL);
    pthread_cond_destroy(&p->done);
    pthread_cond_destroy(&p->wake);
    pthread_mutex_destroy(&p->mutex);
    free(p->threads);
    free(p);
}

#endif
