/* tests/fixture.c - the suites' shared case-building helpers (fixture.h). */
#include "fixture.h"

#include <string.h>

#include "oracle.h"

/* ---- randomness ---------------------------------------------------------------- */

uint64_t fx_fnv1a(const char *text) {
    uint64_t h = 0xCBF29CE484222325ull;
    for (; *text; text++) h = (h ^ (unsigned char)*text) * 0x100000001B3ull;
    return h;
}

fx_rng fx_seeded(const char *label, uint64_t salt) {
    fx_rng r;
    r.s = fx_fnv1a(label) ^ salt;
    return r;
}

/* ---- data types -------------------------------------------------------------------- */

const DML_TENSOR_DATA_TYPE fx_all_types[FX_TYPE_COUNT] = {
    DML_TENSOR_DATA_TYPE_FLOAT16, DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_DATA_TYPE_FLOAT64,
    DML_TENSOR_DATA_TYPE_INT8,    DML_TENSOR_DATA_TYPE_INT16,   DML_TENSOR_DATA_TYPE_INT32,
    DML_TENSOR_DATA_TYPE_INT64,   DML_TENSOR_DATA_TYPE_UINT8,   DML_TENSOR_DATA_TYPE_UINT16,
    DML_TENSOR_DATA_TYPE_UINT32,  DML_TENSOR_DATA_TYPE_UINT64};

const DML_TENSOR_DATA_TYPE fx_float_types[FX_FLOAT_TYPE_COUNT] = {
    DML_TENSOR_DATA_TYPE_FLOAT16, DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_DATA_TYPE_FLOAT64};

const DML_TENSOR_DATA_TYPE fx_index_types[FX_INDEX_TYPE_COUNT] = {
    DML_TENSOR_DATA_TYPE_INT32, DML_TENSOR_DATA_TYPE_INT64, DML_TENSOR_DATA_TYPE_UINT32, DML_TENSOR_DATA_TYPE_UINT64};

int fx_is_float(DML_TENSOR_DATA_TYPE type) {
    return type == DML_TENSOR_DATA_TYPE_FLOAT16 || type == DML_TENSOR_DATA_TYPE_FLOAT32 ||
           type == DML_TENSOR_DATA_TYPE_FLOAT64;
}

int fx_is_signed(DML_TENSOR_DATA_TYPE type) {
    return type == DML_TENSOR_DATA_TYPE_INT8 || type == DML_TENSOR_DATA_TYPE_INT16 ||
           type == DML_TENSOR_DATA_TYPE_INT32 || type == DML_TENSOR_DATA_TYPE_INT64;
}

unsigned fx_type_size(DML_TENSOR_DATA_TYPE type) { return oracle_type_size(type); }

/* Names in fx_all_types order, long and short. */
static int fx_type_index(DML_TENSOR_DATA_TYPE type) {
    int i;
    for (i = 0; i < FX_TYPE_COUNT; i++)
        if (fx_all_types[i] == type) return i;
    return -1;
}

const char *fx_type_short(DML_TENSOR_DATA_TYPE type) {
    static const char *const names[FX_TYPE_COUNT] = {"f16", "f32", "f64", "i8",  "i16", "i32",
                                                     "i64", "u8",  "u16", "u32", "u64"};
    const int i = fx_type_index(type);
    return i < 0 ? "?" : names[i];
}

const char *fx_type_name(DML_TENSOR_DATA_TYPE type) {
    static const char *const names[FX_TYPE_COUNT] = {"FLOAT16", "FLOAT32", "FLOAT64", "INT8",   "INT16", "INT32",
                                                     "INT64",   "UINT8",   "UINT16",  "UINT32", "UINT64"};
    const int i = fx_type_index(type);
    return i < 0 ? "?" : names[i];
}

/* ---- ISAs -------------------------------------------------------------------------- */

const dmlref_isa fx_isas[FX_ISA_COUNT] = {DMLREF_ISA_SCALAR, DMLREF_ISA_SSE2,       DMLREF_ISA_AVX2,
                                          DMLREF_ISA_AVX512, DMLREF_ISA_AVX512FP16, DMLREF_ISA_NEON};

/* ---- descriptors ---------------------------------------------------------------------- */

void fx_tensor_set(fx_tensor *t, DML_TENSOR_DATA_TYPE type, UINT rank, const UINT *sizes, const UINT *strides,
                   UINT64 total_bytes) {
    memset(t, 0, sizeof *t);
    t->buf.DataType = type;
    t->buf.Flags = DML_TENSOR_FLAG_NONE;
    t->buf.DimensionCount = rank;
    t->buf.Sizes = sizes;
    t->buf.Strides = strides;
    t->buf.TotalTensorSizeInBytes = total_bytes;
    t->buf.GuaranteedBaseOffsetAlignment = 0;
    t->desc.Type = DML_TENSOR_TYPE_BUFFER;
    t->desc.Desc = &t->buf;
}

void fx_tensor_packed(fx_tensor *t, DML_TENSOR_DATA_TYPE type, UINT rank, const UINT *sizes) {
    fx_tensor_set(t, type, rank, sizes, NULL, oracle_buffer_size(type, rank, sizes, NULL));
}

void fx_scan_op(fx_op *o, int product, const DML_TENSOR_DESC *in, const DML_TENSOR_DESC *out, UINT axis, int decreasing,
                int exclusive) {
    memset(o, 0, sizeof *o);
    o->sum.InputTensor = o->product.InputTensor = in;
    o->sum.OutputTensor = o->product.OutputTensor = out;
    o->sum.Axis = o->product.Axis = axis;
    o->sum.AxisDirection = o->product.AxisDirection =
        decreasing ? DML_AXIS_DIRECTION_DECREASING : DML_AXIS_DIRECTION_INCREASING;
    o->sum.HasExclusiveSum = o->product.HasExclusiveProduct = exclusive ? TRUE : FALSE;
    o->op.Type = product ? DML_OPERATOR_CUMULATIVE_PRODUCT : DML_OPERATOR_CUMULATIVE_SUMMATION;
    o->op.Desc = product ? (const void *)&o->product : (const void *)&o->sum;
}

void fx_arg_op(fx_op *o, DML_OPERATOR_TYPE op_type, int want_max, const DML_TENSOR_DESC *in, const DML_TENSOR_DESC *out,
               UINT axis_count, const UINT *axes, int decreasing) {
    memset(o, 0, sizeof *o);
    o->argmin.InputTensor = o->argmax.InputTensor = o->reduce.InputTensor = in;
    o->argmin.OutputTensor = o->argmax.OutputTensor = o->reduce.OutputTensor = out;
    o->argmin.AxisCount = o->argmax.AxisCount = o->reduce.AxisCount = axis_count;
    o->argmin.Axes = o->argmax.Axes = o->reduce.Axes = axes;
    o->argmin.AxisDirection = o->argmax.AxisDirection =
        decreasing ? DML_AXIS_DIRECTION_DECREASING : DML_AXIS_DIRECTION_INCREASING;
    o->reduce.Function = want_max ? DML_REDUCE_FUNCTION_ARGMAX : DML_REDUCE_FUNCTION_ARGMIN;
    o->op.Type = op_type;
    o->op.Desc = op_type == DML_OPERATOR_REDUCE   ? (const void *)&o->reduce
                 : op_type == DML_OPERATOR_ARGMAX ? (const void *)&o->argmax
                                                  : (const void *)&o->argmin;
}

dmlref_status fx_execute(const fx_op *o, const void *input, void *output, const dmlref_options *options) {
    const void *inputs[1];
    void *outputs[1];
    inputs[0] = input;
    outputs[0] = output;
    return dmlref_execute(&o->op, inputs, outputs, options);
}
