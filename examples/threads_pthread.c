/* examples/threads_pthread.c - dml_ref on the caller's threads (dmlref_options.parallel) through a
   small pthread pool (thread_pool.h): persistent workers that poll briefly, then sleep on a condition
   variable between jobs, and the calling thread runs tasks too. It runs the job of threads_job.h (BLOCKED cumsums of a
   4096 x 4096 FLOAT32 tensor along axis 1 and as one line, an ARGMAX of that line) with 1 task and with N tasks, checks
   that the outputs are the same bits and prints both times; exit status 1 on a mismatch or an error. N is the number of
   online CPUs unless given. Build: make examples (with -pthread); run: ./build/examples/threads_pthread [SIZE [TASKS]]
 */
#define _POSIX_C_SOURCE 200809L /* pthreads, clock_gettime and sysconf */
#ifndef DMLREF_EXAMPLE_LINKED   /* make test links it to the suite's implementation object instead */
#define DML_REF_IMPLEMENTATION
#endif
#include "../dml_ref.h"
#include "thread_pool.h"
#include "threads_job.h"

#include <time.h>
#include <unistd.h>

static double seconds_now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

int main(int argc, char **argv) {
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    uint32_t size, tasks;
    dmlref_parallel parallel;
    thread_pool *p;
    int status;
    if (threads_job_args(argc, argv, cpus > 1 ? (uint32_t)cpus : 1u, &size, &tasks) != 0) return 2;
    p = thread_pool_create(tasks);
    if (!p) {
        printf("threads_pthread: the pool could not be created\n");
        return 1;
    }
    parallel.parallel_for = thread_pool_parallel_for;
    parallel.context = p;
    parallel.max_tasks = tasks;
    status = threads_job_run("threads_pthread", size, tasks, &parallel, seconds_now);
    thread_pool_destroy(p);
    return status;
}
