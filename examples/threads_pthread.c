/* examples/threads_pthread.c - dml_ref on the caller's threads (dmlref_options.parallel) through a
   small pthread pool: persistent workers that sleep on a condition variable between jobs, and the
   calling thread runs tasks too. It runs the job of threads_job.h (BLOCKED cumsums of a 4096 x 4096
   FLOAT32 tensor along axis 1 and as one line, an ARGMAX of that line) with 1 task and with N tasks,
   checks that the outputs are the same bits and prints both times; exit status 1 on a mismatch or an
   error. N is the number of online CPUs unless given.
   Build: make examples (with -pthread); run: ./build/examples/threads_pthread [SIZE [TASKS]] */
#define _POSIX_C_SOURCE 200809L /* pthreads, clock_gettime and sysconf */
#define DML_REF_IMPLEMENTATION
#include "../dml_ref.h"
#include "threads_job.h"

#include <pthread.h>
#include <time.h>
#include <unistd.h>

/* A pool of worker threads running one job (one parallel_for call) at a time. */
typedef struct pool {
    pthread_mutex_t mutex; /* guards every field below */
    pthread_cond_t wake;   /* workers wait here for a job or for the end */
    pthread_cond_t done;   /* callers wait here for their job's last task, or for a busy pool */
    pthread_t *threads;
    uint32_t thread_count;
    int stopping; /* set by pool_destroy: the workers return */
    int busy;     /* a job is running: another caller waits for it to end */
    void (*task)(void *argument, uint32_t task_index);
    void *argument;
    uint32_t task_count; /* the job's tasks */
    uint32_t next;       /* the next task index to hand out */
    uint32_t unfinished; /* the job's tasks whose call has not returned yet */
} pool;

/* Runs the current job's tasks until none is left to hand out. Called and returns with the mutex held;
   each task runs without it, so the other threads take tasks meanwhile. */
static void pool_run_tasks(pool *p) {
    while (p->next < p->task_count) {
        uint32_t index = p->next++;
        void (*task)(void *, uint32_t) = p->task;
        void *argument = p->argument;
        pthread_mutex_unlock(&p->mutex);
        task(argument, index);
        pthread_mutex_lock(&p->mutex);
        if (--p->unfinished == 0) pthread_cond_broadcast(&p->done);
    }
}

static void *pool_worker(void *context) {
    pool *p = (pool *)context;
    pthread_mutex_lock(&p->mutex);
    for (;;) {
        pool_run_tasks(p);
        if (p->stopping) break;
        /* the mutex is held from the last check to here, so a job posted meanwhile wakes this wait */
        pthread_cond_wait(&p->wake, &p->mutex);
    }
    pthread_mutex_unlock(&p->mutex);
    return NULL;
}

/* dml_ref's parallel_for: posts the job, takes tasks itself, returns when every task has returned. */
static void pool_parallel_for(void *context, uint32_t task_count, void (*task)(void *argument, uint32_t task_index),
                              void *argument) {
    pool *p = (pool *)context;
    pthread_mutex_lock(&p->mutex);
    while (p->busy) pthread_cond_wait(&p->done, &p->mutex); /* dml_ref calls from other threads share the pool */
    p->busy = 1;
    p->task = task;
    p->argument = argument;
    p->task_count = task_count;
    p->next = 0;
    p->unfinished = task_count;
    if (task_count > 1) pthread_cond_broadcast(&p->wake);
    pool_run_tasks(p);
    while (p->unfinished > 0) pthread_cond_wait(&p->done, &p->mutex);
    p->busy = 0;
    pthread_cond_broadcast(&p->done);
    pthread_mutex_unlock(&p->mutex);
}

/* A pool for threads concurrent tasks: threads - 1 workers and the caller. NULL if it cannot be made. */
static pool *pool_create(uint32_t threads) {
    pool *p = (pool *)calloc(1, sizeof *p);
    uint32_t i;
    if (!p) return NULL;
    p->threads = (pthread_t *)calloc(threads, sizeof *p->threads);
    if (!p->threads || pthread_mutex_init(&p->mutex, NULL) != 0 || pthread_cond_init(&p->wake, NULL) != 0 ||
        pthread_cond_init(&p->done, NULL) != 0) {
        free(p->threads);
        free(p);
        return NULL;
    }
    /* A worker that cannot be started is left out: the caller and the others still run every task. */
    for (i = 0; i + 1 < threads && pthread_create(&p->threads[i], NULL, pool_worker, p) == 0; i++) p->thread_count++;
    return p;
}

static void pool_destroy(pool *p) {
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

static double seconds_now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

int main(int argc, char **argv) {
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    uint32_t size, tasks;
    dmlref_parallel parallel;
    pool *p;
    int status;
    if (threads_job_args(argc, argv, cpus > 1 ? (uint32_t)cpus : 1u, &size, &tasks) != 0) return 2;
    p = pool_create(tasks);
    if (!p) {
        printf("threads_pthread: the pool could not be created\n");
        return 1;
    }
    parallel.parallel_for = pool_parallel_for;
    parallel.context = p;
    parallel.max_tasks = tasks;
    status = threads_job_run("threads_pthread", size, tasks, &parallel, seconds_now);
    pool_destroy(p);
    return status;
}
