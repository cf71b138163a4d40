/* examples/threads_job.h - the job that threads_pthread.c and threads_openmp.c run, each through its
   own parallel-for (dmlref_options.parallel). Three operators over SIZE x SIZE FLOAT32 values
   (default 4096 x 4096), each computed with max_tasks 1 and with max_tasks TASKS into two buffers
   that must then hold the same bits (memcmp):
     - a BLOCKED cumsum along axis 1: SIZE independent lines, split between the tasks;
     - a BLOCKED cumsum of the whole buffer as one line: blocks scanned in parallel, their carries
       chained in order, then a second parallel pass;
     - an ARGMAX of that line: chunks merged in order under the tie rule (the largest value occurs
       many times, so the first occurrence must win across chunks).
   Prints both times of each. Include it after dml_ref.h, in the file that defines
   DML_REF_IMPLEMENTATION. */
#ifndef THREADS_JOB_H
#define THREADS_JOB_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* argv: [SIZE [TASKS]]: SIZE 1 to 16384 (default 4096; at most 1 GiB a buffer, whose byte count a 32-bit
   size_t holds), TASKS 1 to 1024 (default default_tasks). Returns 0, or prints the usage and returns 1. */
static int threads_job_args(int argc, char **argv, uint32_t default_tasks, uint32_t *size, uint32_t *tasks) {
    unsigned long fallback = default_tasks < 1 ? 1 : default_tasks > 1024 ? 1024 : default_tasks, value[2];
    int i;
    value[0] = 4096;
    value[1] = fallback;
    for (i = 1; i < argc && i <= 2; i++) {
        char *end;
        value[i - 1] = strtoul(argv[i], &end, 10);
        if (*end != '\0') value[i - 1] = 0; /* not a number: refused below */
    }
    if (argc > 3 || value[0] < 1 || value[0] > 16384 || value[1] < 1 || value[1] > 1024) {
        printf("usage: %s [SIZE [TASKS]]: SIZE 1 to 16384 (default 4096), TASKS 1 to 1024 (default %lu)\n", argv[0],
               fallback);
        return 1;
    }
    *size = (uint32_t)value[0];
    *tasks = (uint32_t)value[1];
    return 0;
}

/* Runs op with max_tasks 1 into out_one, then with max_tasks tasks into out_many (0xFF bytes before it);
   prints both times. Returns 0 when both calls succeeded and the outputs are the same bytes. */
static int threads_job_compare(const char *name, const DML_OPERATOR_DESC *op, const void *input, void *out_one,
                               void *out_many, size_t bytes, dmlref_parallel *parallel, uint32_t tasks,
                               double (*seconds)(void)) {
    void *outputs[2];
    uint32_t max_tasks[2];
    double took[2];
    dmlref_options options;
    char message[256];
    int run, same;
    outputs[0] = out_one;
    outputs[1] = out_many;
    max_tasks[0] = 1;
    max_tasks[1] = tasks;
    memset(&options, 0, sizeof options);
    options.float_order = DMLREF_FLOAT_ORDER_BLOCKED;
    options.error_message = message;
    options.error_message_capacity = sizeof message;
    options.parallel = parallel;
    /* An untimed call first, so that neither timed one pays for first use (page faults, waking the threads). */
    parallel->max_tasks = tasks;
    if (dmlref_execute(op, &input, &out_many, &options) == DMLREF_OK) memset(out_many, 0xFF, bytes);
    for (run = 0; run < 2; run++) {
        double start = seconds();
        dmlref_status status;
        parallel->max_tasks = max_tasks[run];
        status = dmlref_execute(op, &input, &outputs[run], &options);
        took[run] = seconds() - start;
        if (status != DMLREF_OK) {
            printf("  %s: %s: %s\n", name, dmlref_status_name(status), message);
            return 1;
        }
    }
    same = memcmp(out_one, out_many, bytes) == 0;
    printf("  %-24s 1 task %9.2f ms, %4u tasks %9.2f ms: %s\n", name, took[0] * 1e3, (unsigned)tasks, took[1] * 1e3,
           same ? "same bits" : "DIFFERENT BITS");
    return !same;
}

/* The whole job; title names the example. Returns the exit status: 0 when every output matched. */
static int threads_job_run(const char *title, uint32_t size, uint32_t tasks, dmlref_parallel *parallel,
                           double (*seconds)(void)) {
    size_t count = (size_t)size * size, i;
    float *input = (float *)calloc(count, sizeof(float)); /* zeroed: gcc cannot tell that the fill below runs */
    float *out_one = (float *)malloc(count * sizeof(float)), *out_many = (float *)malloc(count * sizeof(float));
    uint32_t index_one = 0, index_many = 1;
    uint64_t state = 42;
    UINT matrix_sizes[2], line_sizes[1], index_sizes[1] = {1}, axis[1] = {0};
    DML_BUFFER_TENSOR_DESC matrix_buffer = {DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_FLAG_NONE, 2, NULL, NULL, 0, 0};
    DML_BUFFER_TENSOR_DESC line_buffer = {DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_FLAG_NONE, 1, NULL, NULL, 0, 0};
    DML_BUFFER_TENSOR_DESC index_buffer = {DML_TENSOR_DATA_TYPE_UINT32, DML_TENSOR_FLAG_NONE, 1, NULL, NULL, 4, 0};
    DML_TENSOR_DESC matrix = {DML_TENSOR_TYPE_BUFFER, &matrix_buffer}, line = {DML_TENSOR_TYPE_BUFFER, &line_buffer};
    DML_TENSOR_DESC index = {DML_TENSOR_TYPE_BUFFER, &index_buffer};
    DML_CUMULATIVE_SUMMATION_OPERATOR_DESC rows = {&matrix, &matrix, 1, DML_AXIS_DIRECTION_INCREASING, FALSE};
    DML_CUMULATIVE_SUMMATION_OPERATOR_DESC whole = {&line, &line, 0, DML_AXIS_DIRECTION_INCREASING, FALSE};
    DML_ARGMAX_OPERATOR_DESC argmax = {&line, &index, 1, axis, DML_AXIS_DIRECTION_INCREASING};
    DML_OPERATOR_DESC rows_op = {DML_OPERATOR_CUMULATIVE_SUMMATION, &rows};
    DML_OPERATOR_DESC whole_op = {DML_OPERATOR_CUMULATIVE_SUMMATION, &whole};
    DML_OPERATOR_DESC argmax_op = {DML_OPERATOR_ARGMAX, &argmax};
    int failed = 0;
    if (!input || !out_one || !out_many) {
        printf("%s: %lu MiB of buffers could not be allocated\n", title, (unsigned long)(3 * count * 4 >> 20));
        free(input);
        free(out_one);
        free(out_many);
        return 1;
    }
    matrix_sizes[0] = matrix_sizes[1] = size;
    line_sizes[0] = (UINT)count;
    matrix_buffer.Sizes = matrix_sizes;
    line_buffer.Sizes = line_sizes;
    index_buffer.Sizes = index_sizes;
    matrix_buffer.TotalTensorSizeInBytes = line_buffer.TotalTensorSizeInBytes = (UINT64)count * 4;
    /* Multiples of 1/1024 in [-1000/1024, 1000/1024] from an LCG: the maximum recurs about every 2001 values. */
    for (i = 0; i < count; i++) {
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        input[i] = (float)((int)((state >> 33) % 2001u) - 1000) / 1024.0f;
    }
    /* Different bytes in the two outputs, and every page touched before the timed calls. */
    memset(out_one, 0x00, count * sizeof(float));
    memset(out_many, 0xFF, count * sizeof(float));
    printf("%s: %u x %u FLOAT32 (%.1f MiB), max_tasks 1 and %u\n", title, (unsigned)size, (unsigned)size,
           (double)count * 4 / 1048576, (unsigned)tasks);
    failed |= threads_job_compare("cumsum axis 1, BLOCKED", &rows_op, input, out_one, out_many, count * sizeof(float),
                                  parallel, tasks, seconds);
    failed |= threads_job_compare("cumsum one line, BLOCKED", &whole_op, input, out_one, out_many,
                                  count * sizeof(float), parallel, tasks, seconds);
    failed |= threads_job_compare("argmax one line", &argmax_op, input, &index_one, &index_many, sizeof index_one,
                                  parallel, tasks, seconds);
    printf("  argmax: index %lu (value %g)\n", (unsigned long)index_one, index_one < count ? input[index_one] : 0.0);
    free(input);
    free(out_one);
    free(out_many);
    return failed;
}

#endif
