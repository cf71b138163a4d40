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

static pthread_mutex_t g_lock = PTHREAD_MUTEX_INITIALIZER; /* guards g_pool and g_parallel */
static thread_pool *g_pool;
static uint32_t g_pool_tasks; /* the concurrent tasks g_pool runs */
/* One dmlref_parallel per task count: calls with different counts may run at once, each reading its own. */
static dmlref_parallel g_parallel[DMLREF_PYTHON_MAX_TASKS + 1];

static void python_before_fork(void) { pthread_mutex_lock(&g_lock); }
static void python_after_fork_parent(void) { pthread_mutex_unlock(&g_lock); }
/* A forked child has none of the workers (and the pool's mutex may be held by one that was mid-task): it
   forgets the pool, and its first threaded call makes its own. */
static void python_after_fork_child(void) {
    g_pool = NULL;
    g_pool_tasks = 0;
    pthread_mutex_unlock(&g_lock);
}

/* The options.parallel for up to tasks concurrent tasks (2 to DMLREF_PYTHON_MAX_TASKS) on the process-wide
   pool, made on first use and grown when more tasks are asked for; NULL when tasks is out of range or the
   pool cannot be made (the call then runs on the calling thread, with the same bits). */
const dmlref_parallel *dmlref_python_parallel(uint32_t tasks) {
    static int fork_handlers;
    const dmlref_parallel *result = NULL;
    if (tasks < 2 || tasks > DMLREF_PYTHON_MAX_TASKS) return NULL;
    pthread_mutex_lock(&g_lock);
    if (!g_pool) {
        uint32_t k;
        if (!fork_handlers)
            fork_handlers = pthread_atfork(python_before_fork, python_after_fork_parent, python_after_fork_child) == 0;
        g_pool = thread_pool_create(tasks);
        g_pool_tasks = g_pool ? tasks : 0;
        for (k = 0; g_pool && k <= DMLREF_PYTHON_MAX_TASKS; k++) {
            g_parallel[k].parallel_for = thread_pool_parallel_for;
            g_parallel[k].context = g_pool;
            g_parallel[k].max_tasks = k;
        }
    } else if (tasks > g_pool_tasks) {
        thread_pool_grow(g_pool, tasks);
        g_pool_tasks = tasks;
    }
    if (g_pool) result = &g_parallel[tasks];
    pthread_mutex_unlock(&g_lock);
    return result;
}
#endif
