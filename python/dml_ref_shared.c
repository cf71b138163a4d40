/* The implementation of dml_ref.h as a shared library, for python/dml_ref.py
   (ctypes). `make python` builds it into build/libdml_ref.so (with -pthread).
   Beside the library's API it exports dmlref_python_parallel, the options.parallel
   of the module's threads= argument. */
#if !defined(_WIN32) && !defined(_POSIX_C_SOURCE)
#define _POSIX_C_SOURCE 200809L /* pthreads under -std=c99 */
#endif
#define DML_REF_IMPLEMENTATION
#include "../dml_ref.h"

/* The most tasks dmlref_python_parallel serves (the module refuses more). */
#define DMLREF_PYTHON_MAX_TASKS 1024u

const dmlref_parallel *dmlref_python_parallel(uint32_t tasks);

#ifdef _WIN32
/* No pool on Windows: NULL, and the module's calls run on the calling thread. */
const dmlref_parallel *dmlref_python_parallel(uint32_t tasks) {
    (void)tasks;
    return NULL;
}
#else
#include "../examples/thread_pool.h"

static pthread_mutex_t g_lock = PTHREAD_MUTEX_INITIALIZER; /* guards g_pool and g_pool_tasks */
static thread_pool *g_pool;
static uint32_t g_pool_tasks; /* the concurrent tasks g_pool runs */
/* One dmlref_parallel per task count, its context itself: calls with different counts may run at once. */
static dmlref_parallel g_parallel[DMLREF_PYTHON_MAX_TASKS + 1];

static void python_before_fork(void) { pthread_mutex_lock(&g_lock); }
static void python_after_fork_parent(void) { pthread_mutex_unlock(&g_lock); }
/* A forked child has none of the workers (and the pool's mutex may be held by one that was mid-task): it
   forgets the pool, and its first split call makes its own. */
static void python_after_fork_child(void) {
    g_pool = NULL;
    g_pool_tasks = 0;
    pthread_mutex_unlock(&g_lock);
}

/* The process-wide pool, made or grown to run `tasks` concurrent tasks; NULL if it cannot be made. */
static thread_pool *python_pool(uint32_t tasks) {
    static int fork_handlers;
    thread_pool *pool;
    pthread_mutex_lock(&g_lock);
    if (!g_pool) {
        if (!fork_handlers)
            fork_handlers = pthread_atfork(python_before_fork, python_after_fork_parent, python_after_fork_child) == 0;
        g_pool = thread_pool_create(tasks);
        g_pool_tasks = g_pool ? tasks : 0;
    } else if (tasks > g_pool_tasks) {
        thread_pool_grow(g_pool, tasks);
        g_pool_tasks = tasks;
    }
    pool = g_pool;
    pthread_mutex_unlock(&g_lock);
    return pool;
}

/* parallel_for of g_parallel[k]: the library calls it only for a call it splits, so the pool is made on the
   first such call (a process whose calls are all small has none). Without a pool the tasks run here. */
static void python_parallel_for(void *context, uint32_t task_count, void (*task)(void *, uint32_t), void *argument) {
    thread_pool_parallel_for(python_pool(((const dmlref_parallel *)context)->max_tasks), task_count, task, argument);
}

/* The options.parallel for up to tasks concurrent tasks (2 to DMLREF_PYTHON_MAX_TASKS; NULL out of range) on
   the process-wide pool, which the first split call makes and later ones grow. The address is the same on
   every call with the same count, in this process and in its forked children. */
const dmlref_parallel *dmlref_python_parallel(uint32_t tasks) {
    if (tasks < 2 || tasks > DMLREF_PYTHON_MAX_TASKS) return NULL;
    pthread_mutex_lock(&g_lock);
    if (!g_parallel[tasks].parallel_for) {
        g_parallel[tasks].parallel_for = python_parallel_for;
        g_parallel[tasks].context = &g_parallel[tasks];
        g_parallel[tasks].max_tasks = tasks;
    }
    pthread_mutex_unlock(&g_lock);
    return &g_parallel[tasks];
}
#endif
