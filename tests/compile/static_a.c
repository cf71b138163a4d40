/* tests/compile/static_a.c - with static_b.c: two translation units, each with
   its own private (DML_REF_STATIC) implementation, linked into one program
   (stb's stb_static.c, in spirit). A duplicate symbol would fail the link.
   Each TU calls a few functions only, as a real user would: the rest must not
   trigger -Wunused-function. */
#define DML_REF_STATIC
#define DML_REF_IMPLEMENTATION
#include "../../dml_ref.h"

#include "static_ab.h"

/* ARGMAX of {3, 9, 9, 1} (INCREASING: the first 9) with this TU's copy. */
int static_a_argmax(void) {
    static const float data[4] = {3, 9, 9, 1};
    uint64_t index = 99;
    UINT in_sizes[1] = {4}, out_sizes[1] = {1}, axes[1] = {0};
    DML_BUFFER_TENSOR_DESC in_buf = {DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_FLAG_NONE, 1, in_sizes, NULL, 16, 0};
    DML_BUFFER_TENSOR_DESC out_buf = {DML_TENSOR_DATA_TYPE_UINT64, DML_TENSOR_FLAG_NONE, 1, out_sizes, NULL, 8, 0};
    DML_TENSOR_DESC in_t = {DML_TENSOR_TYPE_BUFFER, &in_buf}, out_t = {DML_TENSOR_TYPE_BUFFER, &out_buf};
    DML_ARGMAX_OPERATOR_DESC am = {&in_t, &out_t, 1, axes, DML_AXIS_DIRECTION_INCREASING};
    DML_OPERATOR_DESC op = {DML_OPERATOR_ARGMAX, &am};
    const void *in[1];
    void *out[1];
    in[0] = data;
    out[0] = &index;
    if (dmlref_execute(&op, in, out, NULL) != DMLREF_OK) return -1;
    return (int)index;
}
