/* tests/test_examples.c - every documented example of the DirectML pages
   (the DirectML documentation's examples), bit-exact, in every data type that can hold its values and,
   for ARGMIN/ARGMAX, every index output type; the scan examples again in place;
   and the documented tie-breaking examples. */
#include "../dml_ref.h"
#include "fixture.h"
#include "runner.h"
#include "suites.h"

#include <stdio.h>
#include <string.h>

static const DML_TENSOR_DATA_TYPE all_types[] = {
    DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_DATA_TYPE_FLOAT16, DML_TENSOR_DATA_TYPE_FLOAT64,
    DML_TENSOR_DATA_TYPE_INT8,    DML_TENSOR_DATA_TYPE_INT16,   DML_TENSOR_DATA_TYPE_INT32,
    DML_TENSOR_DATA_TYPE_INT64,   DML_TENSOR_DATA_TYPE_UINT8,   DML_TENSOR_DATA_TYPE_UINT16,
    DML_TENSOR_DATA_TYPE_UINT32,  DML_TENSOR_DATA_TYPE_UINT64};
#define N_TYPES (sizeof all_types / sizeof all_types[0])

static const DML_TENSOR_DATA_TYPE index_types[] = {DML_TENSOR_DATA_TYPE_UINT32, DML_TENSOR_DATA_TYPE_INT32,
                                                   DML_TENSOR_DATA_TYPE_UINT64, DML_TENSOR_DATA_TYPE_INT64};

/* Largest magnitude each type holds exactly (as integers). */
static double type_max(DML_TENSOR_DATA_TYPE t) {
    switch (t) {
    case DML_TENSOR_DATA_TYPE_INT8: return 127;
    case DML_TENSOR_DATA_TYPE_UINT8: return 255;
    case DML_TENSOR_DATA_TYPE_INT16: return 32767;
    case DML_TENSOR_DATA_TYPE_UINT16: return 65535;
    case DML_TENSOR_DATA_TYPE_FLOAT16: return 2048; /* integers exact up to 2^11 */
    default: return 1e9;
    }
}

/* Write value v (an integer in range) as element i of a buffer of type t. */
static void put(void *buf, DML_TENSOR_DATA_TYPE t, size_t i, double v) {
    switch (t) {
    case DML_TENSOR_DATA_TYPE_FLOAT32: ((float *)buf)[i] = (float)v; break;
    case DML_TENSOR_DATA_TYPE_FLOAT16: ((uint16_t *)buf)[i] = dmlref_f32_to_f16((float)v); break;
    case DML_TENSOR_DATA_TYPE_FLOAT64: ((double *)buf)[i] = v; break;
    case DML_TENSOR_DATA_TYPE_INT8: ((int8_t *)buf)[i] = (int8_t)v; break;
    case DML_TENSOR_DATA_TYPE_INT16: ((int16_t *)buf)[i] = (int16_t)v; break;
    case DML_TENSOR_DATA_TYPE_INT32: ((int32_t *)buf)[i] = (int32_t)v; break;
    case DML_TENSOR_DATA_TYPE_INT64: ((int64_t *)buf)[i] = (int64_t)v; break;
    case DML_TENSOR_DATA_TYPE_UINT8: ((uint8_t *)buf)[i] = (uint8_t)v; break;
    case DML_TENSOR_DATA_TYPE_UINT16: ((uint16_t *)buf)[i] = (uint16_t)v; break;
    case DML_TENSOR_DATA_TYPE_UINT32: ((uint32_t *)buf)[i] = (uint32_t)v; break;
    case DML_TENSOR_DATA_TYPE_UINT64: ((uint64_t *)buf)[i] = (uint64_t)v; break;
    default: break;
    }
}

/* Compare n elements of buf (type t) with the expected values, bit for bit. */
static void check_elements(const char *what, const void *buf, DML_TENSOR_DATA_TYPE t, const double *expected,
                           size_t n) {
    unsigned char want[8 * 16];
    size_t i, es = dmlref_data_type_size(t);
    for (i = 0; i < n; i++) put(want, t, i, expected[i]);
    for (i = 0; i < n; i++)
        if (memcmp((const unsigned char *)buf + i * es, want + i * es, es) != 0) {
            TR_CHECKF(0, "%s (%s): element %u differs from the documented %g", what, dmlref_data_type_name(t),
                      (unsigned)i, expected[i]);
            return;
        }
}

/* ---- CUMULATIVE_SUMMATION and CUMULATIVE_PRODUCT ---- */

static const double scan_input[12] = {2, 1, 3, 5, 3, 8, 7, 3, 9, 6, 2, 4};

typedef struct scan_example {
    const char *name;
    DML_OPERATOR_TYPE op;
    UINT axis;
    DML_AXIS_DIRECTION direction;
    BOOL exclusive;
    double expected[12];
} scan_example;

static const scan_example scan_examples[] = {
    {"sum-1-axis3-inc",
     DML_OPERATOR_CUMULATIVE_SUMMATION,
     3,
     DML_AXIS_DIRECTION_INCREASING,
     FALSE,
     {2, 3, 6, 11, 3, 11, 18, 21, 9, 15, 17, 21}},
    {"sum-2-axis3-inc-exclusive",
     DML_OPERATOR_CUMULATIVE_SUMMATION,
     3,
     DML_AXIS_DIRECTION_INCREASING,
     TRUE,
     {0, 2, 3, 6, 0, 3, 11, 18, 0, 9, 15, 17}},
    {"sum-3-axis3-dec",
     DML_OPERATOR_CUMULATIVE_SUMMATION,
     3,
     DML_AXIS_DIRECTION_DECREASING,
     FALSE,
     {11, 9, 8, 5, 21, 18, 10, 3, 21, 12, 6, 4}},
    {"sum-4-axis2-inc",
     DML_OPERATOR_CUMULATIVE_SUMMATION,
     2,
     DML_AXIS_DIRECTION_INCREASING,
     FALSE,
     {2, 1, 3, 5, 5, 9, 10, 8, 14, 15, 12, 12}},
    {"prod-1-axis3-inc",
     DML_OPERATOR_CUMULATIVE_PRODUCT,
     3,
     DML_AXIS_DIRECTION_INCREASING,
     FALSE,
     {2, 2, 6, 30, 3, 24, 168, 504, 9, 54, 108, 432}},
    {"prod-2-axis3-inc-exclusive",
     DML_OPERATOR_CUMULATIVE_PRODUCT,
     3,
     DML_AXIS_DIRECTION_INCREASING,
     TRUE,
     {1, 2, 2, 6, 1, 3, 24, 168, 1, 9, 54, 108}},
    {"prod-3-axis3-dec",
     DML_OPERATOR_CUMULATIVE_PRODUCT,
     3,
     DML_AXIS_DIRECTION_DECREASING,
     FALSE,
     {30, 15, 15, 5, 504, 168, 21, 3, 432, 48, 8, 4}},
    {"prod-4-axis2-inc",
     DML_OPERATOR_CUMULATIVE_PRODUCT,
     2,
     DML_AXIS_DIRECTION_INCREASING,
     FALSE,
     {2, 1, 3, 5, 6, 8, 21, 15, 54, 48, 42, 60}},
};

typedef struct scan_case {
    const scan_example *example;
    DML_TENSOR_DATA_TYPE type;
    int in_place;
    int float_order;
} scan_case;

static void run_scan_case(const void *ctx) {
    const scan_case *c = (const scan_case *)ctx;
    const scan_example *e = c->example;
    UINT sizes[4] = {1, 1, 3, 4};
    uint64_t in_buf[16], out_buf[16]; /* 8-byte aligned, room for 12 FLOAT64 */
    fx_tensor tensor;                 /* input and output */
    fx_op op;
    dmlref_options options;
    char message[256];
    const void *inputs[1];
    void *outputs[1];
    dmlref_status s;
    size_t i;
    memset(&options, 0, sizeof options);
    options.float_order = c->float_order;
    options.error_message = message;
    options.error_message_capacity = sizeof message;
    fx_tensor_set(&tensor, c->type, 4, sizes, NULL, dmlref_calc_buffer_tensor_size(c->type, 4, sizes, NULL));
    fx_scan_op(&op, e->op == DML_OPERATOR_CUMULATIVE_PRODUCT, &tensor.desc, &tensor.desc, e->axis,
               e->direction == DML_AXIS_DIRECTION_DECREASING, e->exclusive);
    memset(in_buf, 0, sizeof in_buf);
    memset(out_buf, 0xA5, sizeof out_buf);
    for (i = 0; i < 12; i++) put(in_buf, c->type, i, scan_input[i]);
    inputs[0] = in_buf;
    outputs[0] = c->in_place ? (void *)in_buf : (void *)out_buf;
    s = dmlref_execute(&op.op, inputs, outputs, &options);
    if (!TR_CHECKF(s == DMLREF_OK, "%s: %s", dmlref_status_name(s), message)) return;
    check_elements(e->name, outputs[0], c->type, e->expected, 12);
    if (!c->in_place) {
        double original[12];
        size_t es = dmlref_data_type_size(c->type);
        memcpy(original, scan_input, sizeof original);
        check_elements("input unchanged", in_buf, c->type, original, 12);
        for (i = 12 * es; i < sizeof out_buf; i++)
            TR_CHECKF(((unsigned char *)out_buf)[i] == 0xA5, "byte %u after the output was written", (unsigned)i);
    }
}

/* ---- ARGMIN and ARGMAX ---- */

static const double arg_input[9] = {1, 2, 3, 3, 0, 4, 2, 5, 2};

typedef struct arg_example {
    const char *name;
    UINT axis_count;
    UINT axes[2];
    UINT out_sizes[2];
    double argmin[3], argmax[3];
    size_t count;
} arg_example;

static const arg_example arg_examples[] = {
    {"1-axes0", 1, {0, 0}, {1, 3}, {0, 1, 2}, {1, 2, 1}, 3},
    {"2-axes1", 1, {1, 0}, {3, 1}, {0, 1, 0}, {2, 2, 1}, 3},
    {"3-axes01", 2, {0, 1}, {1, 1}, {4}, {7}, 1},
    {"3-axes10", 2, {1, 0}, {1, 1}, {4}, {7}, 1}, /* Axes order does not matter */
};

typedef struct arg_case {
    const arg_example *example;
    DML_OPERATOR_TYPE op; /* ARGMIN, ARGMAX or REDUCE */
    int want_max;
    DML_TENSOR_DATA_TYPE type, index_type;
} arg_case;

/* Run ARGMIN/ARGMAX/REDUCE over sizes/input; the index output goes to out. */
static dmlref_status run_arg(DML_OPERATOR_TYPE op_type, int want_max, DML_AXIS_DIRECTION direction,
                             DML_TENSOR_DATA_TYPE type, UINT rank, const UINT *sizes, const void *input,
                             DML_TENSOR_DATA_TYPE index_type, const UINT *out_sizes, void *out, UINT axis_count,
                             const UINT *axes, char *message, size_t capacity) {
    fx_tensor in_t, out_t;
    fx_op op;
    dmlref_options options;
    memset(&options, 0, sizeof options);
    options.error_message = message;
    options.error_message_capacity = capacity;
    fx_tensor_set(&in_t, type, rank, sizes, NULL, dmlref_calc_buffer_tensor_size(type, rank, sizes, NULL));
    fx_tensor_set(&out_t, index_type, rank, out_sizes, NULL,
                  dmlref_calc_buffer_tensor_size(index_type, rank, out_sizes, NULL));
    fx_arg_op(&op, op_type, want_max, &in_t.desc, &out_t.desc, axis_count, axes,
              direction == DML_AXIS_DIRECTION_DECREASING);
    return fx_execute(&op, input, out, &options);
}

static void run_arg_case(const void *ctx) {
    const arg_case *c = (const arg_case *)ctx;
    const arg_example *e = c->example;
    UINT sizes[2] = {3, 3};
    uint64_t in_buf[16], out_buf[8];
    char message[256];
    size_t i, es = dmlref_data_type_size(c->index_type);
    dmlref_status s;
    memset(in_buf, 0, sizeof in_buf);
    memset(out_buf, 0xA5, sizeof out_buf);
    for (i = 0; i < 9; i++) put(in_buf, c->type, i, arg_input[i]);
    s = run_arg(c->op, c->want_max, DML_AXIS_DIRECTION_INCREASING, c->type, 2, sizes, in_buf, c->index_type,
                e->out_sizes, out_buf, e->axis_count, e->axes, message, sizeof message);
    if (!TR_CHECKF(s == DMLREF_OK, "%s: %s", dmlref_status_name(s), message)) return;
    check_elements(e->name, out_buf, c->index_type, c->want_max ? e->argmax : e->argmin, e->count);
    for (i = e->count * es; i < sizeof out_buf; i++)
        TR_CHECKF(((unsigned char *)out_buf)[i] == 0xA5, "byte %u after the output was written", (unsigned)i);
}

/* Ties: ARGMIN {1,2,3,2,1} = 0 / 4, ARGMAX {3,2,1,2,3} = 0 / 4 (INCREASING / DECREASING). */
typedef struct tie_case {
    DML_TENSOR_DATA_TYPE type;
    int want_max;
    DML_AXIS_DIRECTION direction;
    double expected;
} tie_case;

static void run_tie_case(const void *ctx) {
    const tie_case *c = (const tie_case *)ctx;
    static const double min_input[5] = {1, 2, 3, 2, 1}, max_input[5] = {3, 2, 1, 2, 3};
    UINT sizes[1] = {5}, out_sizes[1] = {1}, axes[1] = {0};
    uint64_t in_buf[8], out_buf[2];
    char message[256];
    size_t i;
    dmlref_status s;
    memset(in_buf, 0, sizeof in_buf);
    for (i = 0; i < 5; i++) put(in_buf, c->type, i, c->want_max ? max_input[i] : min_input[i]);
    s = run_arg(c->want_max ? DML_OPERATOR_ARGMAX : DML_OPERATOR_ARGMIN, c->want_max, c->direction, c->type, 1, sizes,
                in_buf, DML_TENSOR_DATA_TYPE_UINT32, out_sizes, out_buf, 1, axes, message, sizeof message);
    if (!TR_CHECKF(s == DMLREF_OK, "%s: %s", dmlref_status_name(s), message)) return;
    check_elements("tie", out_buf, DML_TENSOR_DATA_TYPE_UINT32, &c->expected, 1);
}

/* Case storage lives for the whole run (the runner keeps pointers). */
static scan_case scan_cases[sizeof scan_examples / sizeof scan_examples[0] * N_TYPES * 3];
static arg_case arg_cases[sizeof arg_examples / sizeof arg_examples[0] * 3 * N_TYPES * 4];
static tie_case tie_cases[N_TYPES * 4];

static int fits(const scan_example *e, DML_TENSOR_DATA_TYPE t) {
    size_t i;
    for (i = 0; i < 12; i++)
        if (e->expected[i] > type_max(t)) return 0;
    return 1;
}

void register_example_tests(void) {
    char name[160];
    size_t e, t, k, n = 0;
    for (e = 0; e < sizeof scan_examples / sizeof scan_examples[0]; e++)
        for (t = 0; t < N_TYPES; t++) {
            if (!fits(&scan_examples[e], all_types[t])) continue; /* e.g. 504 does not fit INT8 */
            for (k = 0; k < 3; k++) {
                scan_case *c = &scan_cases[n++];
                c->example = &scan_examples[e];
                c->type = all_types[t];
                c->in_place = k == 1;
                c->float_order = k == 2 ? DMLREF_FLOAT_ORDER_BLOCKED : DMLREF_FLOAT_ORDER_SEQUENTIAL;
                snprintf(name, sizeof name, "examples/%s/%s%s", scan_examples[e].name,
                         dmlref_data_type_name(all_types[t]),
                         k == 1   ? "/in-place"
                         : k == 2 ? "/blocked"
                                  : "");
                tr_add(name, run_scan_case, c);
            }
        }
    n = 0;
    for (e = 0; e < sizeof arg_examples / sizeof arg_examples[0]; e++)
        for (k = 0; k < 3; k++)
            for (t = 0; t < N_TYPES; t++) {
                size_t x;
                for (x = 0; x < 4; x++) {
                    arg_case *c = &arg_cases[n++];
                    static const char *const ops[3] = {"argmin", "argmax", "reduce-argmax"};
                    c->example = &arg_examples[e];
                    c->op = k == 0 ? DML_OPERATOR_ARGMIN : k == 1 ? DML_OPERATOR_ARGMAX : DML_OPERATOR_REDUCE;
                    c->want_max = k != 0;
                    c->type = all_types[t];
                    c->index_type = index_types[x];
                    snprintf(name, sizeof name, "examples/%s-%s/%s/%s", ops[k], arg_examples[e].name,
                             dmlref_data_type_name(all_types[t]), dmlref_data_type_name(index_types[x]));
                    tr_add(name, run_arg_case, c);
                }
            }
    n = 0;
    for (t = 0; t < N_TYPES; t++)
        for (k = 0; k < 4; k++) {
            tie_case *c = &tie_cases[n++];
            c->type = all_types[t];
            c->want_max = (int)(k / 2);
            c->direction = (k % 2) ? DML_AXIS_DIRECTION_DECREASING : DML_AXIS_DIRECTION_INCREASING;
            c->expected = (k % 2) ? 4 : 0;
            snprintf(name, sizeof name, "examples/ties/%s-%s/%s", c->want_max ? "argmax" : "argmin",
                     (k % 2) ? "decreasing" : "increasing", dmlref_data_type_name(all_types[t]));
            tr_add(name, run_tie_case, c);
        }
}
