/* tests/compile/api_program.c - a small program using dml_ref's API, written
   in the common subset of C and C++. `make test-compile` builds it as C11, as
   C++11 and C++17 (-x c++), and as C99 with -DDMLREF_NO_SIMD, each with the
   implementation in this file and the header's strict warning set (Makefile WARN_HDR), and runs it;
   the C11 build adds -fopenmp where the compiler takes it, so the README's OpenMP loop runs for real.
   Silent on success; exit status 0 when every check passed. */
#define DML_REF_IMPLEMENTATION
#include "../../dml_ref.h"

#include <stdio.h>
#include <string.h>

static int failures = 0;

static void check(int ok, const char *what) {
    if (!ok) {
        printf("api_program: FAIL %s\n", what);
        failures++;
    }
}

/* The README's example: CUMULATIVE_SUMMATION of {2, 1, 3, 5}. */
static void cumulative_sum(void) {
    float data[4] = {2, 1, 3, 5}, sums[4];
    static const float expected[4] = {2, 3, 6, 11};
    UINT sizes[1] = {4};
    DML_BUFFER_TENSOR_DESC buf = {DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_FLAG_NONE, 1, sizes, NULL, 16, 0};
    DML_TENSOR_DESC t = {DML_TENSOR_TYPE_BUFFER, &buf};
    DML_CUMULATIVE_SUMMATION_OPERATOR_DESC cs = {&t, &t, 0, DML_AXIS_DIRECTION_INCREASING, FALSE};
    DML_OPERATOR_DESC op = {DML_OPERATOR_CUMULATIVE_SUMMATION, &cs};
    const void *in[1];
    void *out[1];
    char message[256];
    dmlref_options options;
    dmlref_status s;
    in[0] = data;
    out[0] = sums;
    memset(&options, 0, sizeof options);
    options.error_message = message;
    options.error_message_capacity = sizeof message;
    s = dmlref_execute(&op, in, out, &options);
    if (s != DMLREF_OK) printf("api_program: %s: %s\n", dmlref_status_name(s), message);
    check(s == DMLREF_OK, "CUMULATIVE_SUMMATION status");
    check(memcmp(sums, expected, sizeof sums) == 0, "CUMULATIVE_SUMMATION {2, 3, 6, 11}");
}

/* The documentation's ARGMIN example: Axes {0, 1} of this 3x3 gives 4, the 0. */
static void argmin_two_axes(void) {
    static const int32_t data[9] = {1, 2, 3, 3, 0, 4, 2, 5, 2};
    uint32_t index = 0xFFFFFFFFu;
    UINT in_sizes[2] = {3, 3}, out_sizes[2] = {1, 1}, axes[2] = {1, 0};
    DML_BUFFER_TENSOR_DESC in_buf = {DML_TENSOR_DATA_TYPE_INT32, DML_TENSOR_FLAG_NONE, 2, in_sizes, NULL, 36, 0};
    DML_BUFFER_TENSOR_DESC out_buf = {DML_TENSOR_DATA_TYPE_UINT32, DML_TENSOR_FLAG_NONE, 2, out_sizes, NULL, 4, 0};
    DML_TENSOR_DESC in_t = {DML_TENSOR_TYPE_BUFFER, &in_buf}, out_t = {DML_TENSOR_TYPE_BUFFER, &out_buf};
    DML_ARGMIN_OPERATOR_DESC am = {&in_t, &out_t, 2, axes, DML_AXIS_DIRECTION_INCREASING};
    DML_OPERATOR_DESC op = {DML_OPERATOR_ARGMIN, &am};
    const void *in[1];
    void *out[1];
    dmlref_status s;
    in[0] = data;
    out[0] = &index;
    s = dmlref_execute(&op, in, out, NULL);
    check(s == DMLREF_OK, "ARGMIN status");
    check(index == 4, "ARGMIN index 4");
}

/* The README's example of "Threads": omp_for and cumsum_on_threads as printed there. */
static void omp_for(void *context, uint32_t task_count, void (*task)(void *argument, uint32_t task_index),
                    void *argument) {
    int i;
    (void)context;
#ifdef _OPENMP /* without -fopenmp, the calling thread runs every task */
#pragma omp parallel for schedule(dynamic, 1)
#endif
    for (i = 0; i < (int)task_count; i++) task(argument, (uint32_t)i);
}

/* y = the BLOCKED running sum of the n floats of x, on up to 8 tasks: the same bits as on one. */
static dmlref_status cumsum_on_threads(const float *x, float *y, UINT n) {
    DML_BUFFER_TENSOR_DESC buf = {DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_FLAG_NONE, 1, &n, NULL, (UINT64)n * 4, 0};
    DML_TENSOR_DESC t = {DML_TENSOR_TYPE_BUFFER, &buf};
    DML_CUMULATIVE_SUMMATION_OPERATOR_DESC cs = {&t, &t, 0, DML_AXIS_DIRECTION_INCREASING, FALSE};
    DML_OPERATOR_DESC op = {DML_OPERATOR_CUMULATIVE_SUMMATION, &cs};
    dmlref_parallel parallel = {omp_for, NULL, 8}; /* parallel_for, context, max_tasks */
    dmlref_options options;
    const void *in[1] = {x};
    void *out[1] = {y};
    memset(&options, 0, sizeof options);
    options.float_order = DMLREF_FLOAT_ORDER_BLOCKED;
    options.parallel = &parallel;
    return dmlref_execute(&op, in, out, &options);
}

/* cumsum_on_threads on a line long enough to be split, of multiples of 1/8 whose every partial sum is
   exact, so that any order of the additions gives the naive loop's bits. */
static void threads_example(void) {
    enum { N = 300000 };
    static float x[N], y[N];
    float tally = 0;
    int i, same = 1;
    for (i = 0; i < N; i++) x[i] = (float)(i % 7 - 3) / 8.0f;
    check(cumsum_on_threads(x, y, N) == DMLREF_OK, "cumsum_on_threads status");
    for (i = 0; i < N; i++) {
        tally += x[i];
        same &= y[i] == tally;
    }
    check(same, "cumsum_on_threads: the running sum");
}

/* The rest of the API, once each. */
static void rest_of_api(void) {
    UINT sizes[2] = {3, 5}, strides[2] = {8, 1};
    DML_BUFFER_TENSOR_DESC bad = {DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_FLAG_NONE, 2, sizes, strides, 4, 0};
    DML_TENSOR_DESC t = {DML_TENSOR_TYPE_BUFFER, &bad};
    DML_CUMULATIVE_PRODUCT_OPERATOR_DESC cp = {&t, &t, 1, DML_AXIS_DIRECTION_DECREASING, TRUE};
    DML_OPERATOR_DESC op = {DML_OPERATOR_CUMULATIVE_PRODUCT, &cp};
    check(dmlref_calc_buffer_tensor_size(DML_TENSOR_DATA_TYPE_FLOAT32, 2, sizes, strides) == 84,
          "dmlref_calc_buffer_tensor_size (2*8 + 4 + 1) * 4 = 84");
    check(dmlref_validate(&op, NULL) == DMLREF_ERROR_BUFFER_TOO_SMALL, "dmlref_validate BUFFER_TOO_SMALL");
    check(strcmp(dmlref_status_name(DMLREF_ERROR_OVERLAP), "DMLREF_ERROR_OVERLAP") == 0, "dmlref_status_name");
    check(dmlref_status_description(DMLREF_OK)[0] != '\0', "dmlref_status_description");
    check(strcmp(dmlref_data_type_name(DML_TENSOR_DATA_TYPE_FLOAT16), "FLOAT16") == 0, "dmlref_data_type_name");
    check(dmlref_data_type_size(DML_TENSOR_DATA_TYPE_INT64) == 8, "dmlref_data_type_size");
    check(dmlref_isa_available(dmlref_best_isa()) != 0, "dmlref_best_isa is available");
    check(dmlref_isa_name(DMLREF_ISA_SCALAR)[0] != '\0', "dmlref_isa_name");
    check(dmlref_f32_to_f16(dmlref_f16_to_f32(0x3C00u)) == 0x3C00u, "FLOAT16 round trip of 1.0");
    check(dmlref_version_number() == DMLREF_VERSION_NUMBER, "dmlref_version_number");
#if defined(DMLREF_NO_SIMD)
    check(dmlref_best_isa() == DMLREF_ISA_SCALAR, "DMLREF_NO_SIMD: AUTO is SCALAR");
    check(!dmlref_isa_available(DMLREF_ISA_SSE2) && !dmlref_isa_available(DMLREF_ISA_AVX2) &&
              !dmlref_isa_available(DMLREF_ISA_AVX512) && !dmlref_isa_available(DMLREF_ISA_NEON),
          "DMLREF_NO_SIMD: no SIMD path available");
#endif
}

int main(void) {
    cumulative_sum();
    argmin_two_axes();
    threads_example();
    rest_of_api();
    return failures == 0 ? 0 : 1;
}
