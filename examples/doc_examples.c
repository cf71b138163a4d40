/* examples/doc_examples.c - computes every example of the DirectML
   documentation with dml_ref and prints it in the documentation's bracket
   layout, next to the documented result.  Build and run: make demo */
#define DML_REF_IMPLEMENTATION
#include "../dml_ref.h"

#include <stdio.h>
#include <string.h>

/* Print a packed row-major tensor as nested brackets, one innermost row per
   line, indented like the documentation. */
static void print_tensor(const char *label, const double *v, const UINT *sizes, UINT rank) {
    size_t count = 1, i;
    UINT d;
    size_t row = sizes[rank - 1];
    for (d = 0; d < rank; d++) count *= sizes[d];
    printf("  %-11s", label);
    for (i = 0; i < count; i++) {
        size_t stride = 1;
        int opens = 0, closes = 0;
        /* count the brackets that open before / close after element i */
        for (d = rank; d-- > 0;) {
            if (i % (stride * sizes[d]) == 0) opens++;
            if ((i + 1) % (stride * sizes[d]) == 0) closes++;
            stride *= sizes[d];
        }
        if (i % row == 0 && i > 0) printf("\n  %-11s%*s", "", (int)(rank - (UINT)opens), "");
        printf("%.*s%g", opens, "[[[[[[[[", v[i]);
        printf("%.*s%s", closes, "]]]]]]]]", i + 1 < count ? ((i + 1) % row == 0 ? "," : ", ") : "\n");
    }
}

static int report(const char *title, const double *got, const double *expected, const UINT *sizes, UINT rank) {
    size_t count = 1, i;
    int same = 1;
    UINT d;
    for (d = 0; d < rank; d++) count *= sizes[d];
    for (i = 0; i < count; i++) same &= got[i] == expected[i];
    printf("%s\n", title);
    print_tensor("dml_ref", got, sizes, rank);
    print_tensor("documented", expected, sizes, rank);
    printf("  %s\n\n", same ? "MATCH" : "DIFFERS");
    return same;
}

static int scans(void) {
    static const float input[12] = {2, 1, 3, 5, 3, 8, 7, 3, 9, 6, 2, 4};
    static const struct {
        UINT axis;
        DML_AXIS_DIRECTION direction;
        BOOL exclusive;
        double sum[12], product[12];
    } rows[4] = {
        {3,
         DML_AXIS_DIRECTION_INCREASING,
         FALSE,
         {2, 3, 6, 11, 3, 11, 18, 21, 9, 15, 17, 21},
         {2, 2, 6, 30, 3, 24, 168, 504, 9, 54, 108, 432}},
        {3,
         DML_AXIS_DIRECTION_INCREASING,
         TRUE,
         {0, 2, 3, 6, 0, 3, 11, 18, 0, 9, 15, 17},
         {1, 2, 2, 6, 1, 3, 24, 168, 1, 9, 54, 108}},
        {3,
         DML_AXIS_DIRECTION_DECREASING,
         FALSE,
         {11, 9, 8, 5, 21, 18, 10, 3, 21, 12, 6, 4},
         {30, 15, 15, 5, 504, 168, 21, 3, 432, 48, 8, 4}},
        {2,
         DML_AXIS_DIRECTION_INCREASING,
         FALSE,
         {2, 1, 3, 5, 5, 9, 10, 8, 14, 15, 12, 12},
         {2, 1, 3, 5, 6, 8, 21, 15, 54, 48, 42, 60}},
    };
    UINT sizes[4] = {1, 1, 3, 4};
    DML_BUFFER_TENSOR_DESC buffer = {DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_FLAG_NONE, 4, sizes, NULL, 48, 0};
    DML_TENSOR_DESC tensor = {DML_TENSOR_TYPE_BUFFER, &buffer};
    double shown[12];
    int matches = 0, r, product, i;
    for (i = 0; i < 12; i++) shown[i] = input[i];
    printf("== CUMULATIVE_SUMMATION and CUMULATIVE_PRODUCT, FLOAT32 input, Sizes {1,1,3,4}\n");
    print_tensor("input", shown, sizes, 4);
    printf("\n");
    for (product = 0; product < 2; product++)
        for (r = 0; r < 4; r++) {
            DML_CUMULATIVE_SUMMATION_OPERATOR_DESC sum = {&tensor, &tensor, rows[r].axis, rows[r].direction,
                                                          rows[r].exclusive};
            DML_CUMULATIVE_PRODUCT_OPERATOR_DESC prod = {&tensor, &tensor, rows[r].axis, rows[r].direction,
                                                         rows[r].exclusive};
            DML_OPERATOR_DESC op;
            float output[12];
            const void *inputs[1] = {input};
            void *outputs[1] = {output};
            char title[160], message[200] = "";
            dmlref_options options;
            memset(&options, 0, sizeof options);
            options.error_message = message;
            options.error_message_capacity = sizeof message;
            op.Type = product ? DML_OPERATOR_CUMULATIVE_PRODUCT : DML_OPERATOR_CUMULATIVE_SUMMATION;
            op.Desc = product ? (const void *)&prod : (const void *)&sum;
            if (dmlref_execute(&op, inputs, outputs, &options) != DMLREF_OK) {
                printf("error: %s\n", message);
                continue;
            }
            for (i = 0; i < 12; i++) shown[i] = output[i];
            snprintf(title, sizeof title, "%d. %s  Axis %u, %s, %s %s", r + 1,
                     product ? "CUMULATIVE_PRODUCT" : "CUMULATIVE_SUMMATION", (unsigned)rows[r].axis,
                     rows[r].direction ? "DECREASING" : "INCREASING",
                     product ? "HasExclusiveProduct" : "HasExclusiveSum", rows[r].exclusive ? "TRUE" : "FALSE");
            matches += report(title, shown, product ? rows[r].product : rows[r].sum, sizes, 4);
        }
    return matches;
}

static int arg_reductions(void) {
    static const float input[9] = {1, 2, 3, 3, 0, 4, 2, 5, 2};
    static const struct {
        UINT axis_count, axes[2], out_sizes[2];
        double argmin[3], argmax[3];
    } rows[3] = {{1, {0, 0}, {1, 3}, {0, 1, 2}, {1, 2, 1}},
                 {1, {1, 0}, {3, 1}, {0, 1, 0}, {2, 2, 1}},
                 {2, {0, 1}, {1, 1}, {4}, {7}}};
    UINT sizes[2] = {3, 3};
    DML_BUFFER_TENSOR_DESC in_buffer = {DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_FLAG_NONE, 2, sizes, NULL, 36, 0};
    DML_TENSOR_DESC in_tensor = {DML_TENSOR_TYPE_BUFFER, &in_buffer};
    double shown[9];
    int matches = 0, r, want_max, i;
    for (i = 0; i < 9; i++) shown[i] = input[i];
    printf("== ARGMIN and ARGMAX, FLOAT32 input, Sizes {3,3}, AxisDirection INCREASING, UINT32 output\n");
    print_tensor("input", shown, sizes, 2);
    printf("\n");
    for (want_max = 0; want_max < 2; want_max++)
        for (r = 0; r < 3; r++) {
            DML_BUFFER_TENSOR_DESC out_buffer = {
                DML_TENSOR_DATA_TYPE_UINT32, DML_TENSOR_FLAG_NONE, 2, rows[r].out_sizes, NULL, 12, 0};
            DML_TENSOR_DESC out_tensor = {DML_TENSOR_TYPE_BUFFER, &out_buffer};
            DML_ARGMIN_OPERATOR_DESC argmin = {&in_tensor, &out_tensor, rows[r].axis_count, rows[r].axes,
                                               DML_AXIS_DIRECTION_INCREASING};
            DML_ARGMAX_OPERATOR_DESC argmax = {&in_tensor, &out_tensor, rows[r].axis_count, rows[r].axes,
                                               DML_AXIS_DIRECTION_INCREASING};
            DML_OPERATOR_DESC op;
            UINT output[3];
            const void *inputs[1] = {input};
            void *outputs[1] = {output};
            char title[160], message[200] = "";
            dmlref_options options;
            UINT n = rows[r].out_sizes[0] * rows[r].out_sizes[1];
            memset(&options, 0, sizeof options);
            options.error_message = message;
            options.error_message_capacity = sizeof message;
            op.Type = want_max ? DML_OPERATOR_ARGMAX : DML_OPERATOR_ARGMIN;
            op.Desc = want_max ? (const void *)&argmax : (const void *)&argmin;
            if (dmlref_execute(&op, inputs, outputs, &options) != DMLREF_OK) {
                printf("error: %s\n", message);
                continue;
            }
            for (i = 0; i < (int)n; i++) shown[i] = output[i];
            snprintf(title, sizeof title, "%d. %s  Axes {%s}", r + 1, want_max ? "ARGMAX" : "ARGMIN",
                     rows[r].axis_count == 2 ? "0,1"
                     : rows[r].axes[0]       ? "1"
                                             : "0");
            matches += report(title, shown, want_max ? rows[r].argmax : rows[r].argmin, rows[r].out_sizes, 2);
        }
    return matches;
}

/* The documented tie-breaking examples on one-dimensional inputs. */
static int ties(void) {
    static const float min_input[5] = {1, 2, 3, 2, 1}, max_input[5] = {3, 2, 1, 2, 3};
    UINT sizes[1] = {5}, one[1] = {1}, axes[1] = {0};
    DML_BUFFER_TENSOR_DESC in_buffer = {DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_FLAG_NONE, 1, sizes, NULL, 20, 0};
    DML_BUFFER_TENSOR_DESC out_buffer = {DML_TENSOR_DATA_TYPE_UINT32, DML_TENSOR_FLAG_NONE, 1, one, NULL, 4, 0};
    DML_TENSOR_DESC in_tensor = {DML_TENSOR_TYPE_BUFFER, &in_buffer};
    DML_TENSOR_DESC out_tensor = {DML_TENSOR_TYPE_BUFFER, &out_buffer};
    int matches = 0, want_max, direction;
    printf("== Ties: ARGMIN of {1,2,3,2,1} and ARGMAX of {3,2,1,2,3}\n");
    for (want_max = 0; want_max < 2; want_max++)
        for (direction = 0; direction < 2; direction++) {
            DML_ARGMIN_OPERATOR_DESC desc = {&in_tensor, &out_tensor, 1, axes, (DML_AXIS_DIRECTION)direction};
            DML_OPERATOR_DESC op;
            UINT index = 99;
            const void *inputs[1];
            void *outputs[1] = {&index};
            unsigned expected = direction ? 4u : 0u;
            inputs[0] = want_max ? max_input : min_input;
            /* ARGMIN and ARGMAX descriptors have the same layout */
            op.Type = want_max ? DML_OPERATOR_ARGMAX : DML_OPERATOR_ARGMIN;
            op.Desc = &desc;
            if (dmlref_execute(&op, inputs, outputs, NULL) != DMLREF_OK) continue;
            printf("  %s %-10s dml_ref %u, documented %u  %s\n", want_max ? "ARGMAX" : "ARGMIN",
                   direction ? "DECREASING" : "INCREASING", (unsigned)index, expected,
                   index == expected ? "MATCH" : "DIFFERS");
            matches += index == expected;
        }
    printf("\n");
    return matches;
}

int main(void) {
    int matches = scans() + arg_reductions() + ties();
    const int total = 8 + 6 + 4;
    printf("%d of %d documented examples match the documentation.\n", matches, total);
    return matches == total ? 0 : 1;
}
