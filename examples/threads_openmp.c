/* examples/threads_openmp.c - dml_ref on the caller's threads (dmlref_options.parallel) through an
   OpenMP loop. It runs the job of threads_job.h (BLOCKED cumsums of a 4096 x 4096 FLOAT32 tensor
   along axis 1 and as one line, an ARGMAX of that line) with 1 task and with N tasks, checks that the
   outputs are the same bits and prints both times; exit status 1 on a mismatch or an error. N is
   omp_get_max_threads() (OMP_NUM_THREADS) unless given.
   Build: make examples (built when the compiler accepts -fopenmp);
   run: ./build/examples/threads_openmp [SIZE [TASKS]] */
#ifndef DMLREF_EXAMPLE_LINKED /* make test links it to the suite's implementation object instead */
#define DML_REF_IMPLEMENTATION
#endif
#include "../dml_ref.h"
#include "threads_job.h"

#include <omp.h>

/* dml_ref's parallel_for: one loop iteration per task, handed out one at a time because tasks may
   differ in length. The loop ends only when every iteration has, as the callback must. */
static void omp_parallel_for(void *context, uint32_t task_count, void (*task)(void *argument, uint32_t task_index),
                             void *argument) {
    int i;
    (void)context;
#pragma omp parallel for schedule(dynamic, 1)
    for (i = 0; i < (int)task_count; i++) task(argument, (uint32_t)i);
}

int main(int argc, char **argv) {
    uint32_t size, tasks;
    dmlref_parallel parallel;
    if (threads_job_args(argc, argv, (uint32_t)omp_get_max_threads(), &size, &tasks) != 0) return 2;
    omp_set_num_threads((int)tasks);
    parallel.parallel_for = omp_parallel_for;
    parallel.context = NULL;
    parallel.max_tasks = tasks;
    return threads_job_run("threads_openmp", size, tasks, &parallel, omp_get_wtime);
}
