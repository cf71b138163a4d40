/* examples/judge.c - judging another implementation's cumulative sum with
   dmlref_error_bound and the EXACT order.

   Two stand-ins for a GPU backend compute a FLOAT32 cumsum of 4096 values:
   "blocks-of-64" adds within blocks of 64 and then a running carry (a
   different association order, float32 tally: legitimate rounding), and
   "half-tally" keeps its running tally in binary16 (a real bug for a FLOAT32
   operator). dml_ref gives the exact answer and, with float_order ANY, a bound
   that every float32 association order satisfies: the first lands inside it
   everywhere, the second does not. Build: make examples; run:
   ./build/examples/judge */
#define DML_REF_IMPLEMENTATION
#include "../dml_ref.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 4096

/* Deterministic normal(0,1) values (an LCG and Box-Muller), so every run prints the same. */
static double next_uniform(uint64_t *state) {
    *state = *state * 6364136223846793005ull + 1442695040888963407ull;
    return ((double)(*state >> 11) + 0.5) / 9007199254740992.0;
}

/* A float32 cumsum in blocks of 64: each block summed from its start, then the carry added. */
static void blocks_of_64(const float *x, float *y) {
    float carry = 0;
    int block, i;
    for (block = 0; block < N; block += 64) {
        float partial = 0;
        for (i = block; i < block + 64; i++) {
            partial += x[i];
            y[i] = carry + partial;
        }
        carry = y[block + 63];
    }
}

/* A cumsum whose running tally is rounded to binary16 after every addition. */
static void half_tally(const float *x, float *y) {
    float tally = 0;
    int i;
    for (i = 0; i < N; i++) {
        tally = dmlref_f16_to_f32(dmlref_f32_to_f16(tally + x[i]));
        y[i] = tally;
    }
}

/* Outputs outside the bound, and the largest |actual - exact| / bound. */
static void judge(const char *name, const float *actual, const float *exact, const double *bound) {
    int i, outside = 0, first = -1;
    double worst = 0;
    for (i = 0; i < N; i++) {
        double error = fabs((double)actual[i] - (double)exact[i]);
        if (error > bound[i]) {
            if (first < 0) first = i;
            outside++;
        }
        if (bound[i] > 0 && error / bound[i] > worst) worst = error / bound[i];
    }
    printf("%-13s %4d of %d outputs outside the ANY bound", name, outside, N);
    if (first >= 0) printf(" (first: output %d, %.9g where the exact sum is %.9g)", first, actual[first], exact[first]);
    printf("; largest error/bound %.3g\n", worst);
}

int main(void) {
    static float x[N], exact[N], gpu_a[N], gpu_b[N];
    static double bound[N];
    UINT sizes[1] = {N};
    DML_BUFFER_TENSOR_DESC buffer = {DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_FLAG_NONE, 1, sizes, NULL, N * 4, 0};
    DML_BUFFER_TENSOR_DESC bound_buffer = {
        DML_TENSOR_DATA_TYPE_FLOAT64, DML_TENSOR_FLAG_NONE, 1, sizes, NULL, N * 8, 0};
    DML_TENSOR_DESC tensor = {DML_TENSOR_TYPE_BUFFER, &buffer};
    DML_TENSOR_DESC bound_tensor = {DML_TENSOR_TYPE_BUFFER, &bound_buffer};
    DML_CUMULATIVE_SUMMATION_OPERATOR_DESC cumsum = {&tensor, &tensor, 0, DML_AXIS_DIRECTION_INCREASING, FALSE};
    DML_OPERATOR_DESC op = {DML_OPERATOR_CUMULATIVE_SUMMATION, &cumsum};
    const void *inputs[1] = {x};
    void *outputs[1] = {exact};
    dmlref_options options;
    char message[256];
    uint64_t state = 42;
    int i;
    for (i = 0; i < N; i++) {
        double u = next_uniform(&state), v = next_uniform(&state);
        x[i] = (float)(sqrt(-2 * log(u)) * cos(6.283185307179586 * v));
    }
    memset(&options, 0, sizeof options);
    options.error_message = message;
    options.error_message_capacity = sizeof message;

    /* The exact answer: every output the correctly rounded prefix sum. */
    options.float_order = DMLREF_FLOAT_ORDER_EXACT;
    if (dmlref_execute(&op, inputs, outputs, &options) != DMLREF_OK) {
        printf("%s\n", message);
        return 1;
    }
    /* The bound every float32 association order meets, against the exact real sum. */
    options.float_order = DMLREF_FLOAT_ORDER_ANY;
    if (dmlref_error_bound(&op, inputs, &bound_tensor, bound, &options) != DMLREF_OK) {
        printf("%s\n", message);
        return 1;
    }
    /* exact[] is within half an ulp of the real sum: add that to the bound so the comparison with
       exact[] (not the real sum) stays rigorous. */
    for (i = 0; i < N; i++) bound[i] += fmax(ldexp(fabs((double)exact[i]), -24), ldexp(1, -150));

    blocks_of_64(x, gpu_a);
    half_tally(x, gpu_b);
    printf("FLOAT32 cumsum of %d normal(0,1) values; bound at the last output: %.3g (exact sum %.9g)\n", N,
           bound[N - 1], exact[N - 1]);
    judge("blocks-of-64", gpu_a, exact, bound);
    judge("half-tally", gpu_b, exact, bound);
    return 0;
}
