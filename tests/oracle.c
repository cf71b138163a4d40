/* tests/oracle.c - naive reference of CUMULATIVE_SUMMATION, CUMULATIVE_PRODUCT,
   ARGMIN, ARGMAX and REDUCE(ARGMIN/ARGMAX), written from the rules in docs/semantics.md only.

   Slow on purpose: an odometer over every N-D index, a byte offset from the
   strides for every element, one float operation per statement (so nothing can
   be contracted into a fused multiply-add). */
#include "oracle.h"

#include <stdlib.h>
#include <string.h>

#define ORACLE_MAX_RANK 8
#define ORACLE_BLOCK 16 /* docs/semantics.md, "Float orders": BLOCKED */

/* ---- FLOAT16 -------------------------------------------------------------- */

static float float_from_bits(uint32_t bits) {
    float value;
    memcpy(&value, &bits, sizeof value);
    return value;
}

static uint32_t bits_from_float(float value) {
    uint32_t bits;
    memcpy(&bits, &value, sizeof bits);
    return bits;
}

float oracle_f16_to_f32(uint16_t half) {
    uint32_t sign = (uint32_t)(half & 0x8000u) << 16;
    uint32_t exponent = (half >> 10) & 0x1Fu;
    uint32_t mantissa = half & 0x3FFu;
    if (exponent == 0x1F) /* inf, or NaN with its payload moved up */
        return float_from_bits(sign | 0x7F800000u | (mantissa << 13));
    if (exponent == 0) {
        int unbiased = -14;
        if (mantissa == 0) return float_from_bits(sign);
        /* Subnormal: shift the leading 1 into the implicit position. */
        while (!(mantissa & 0x400u)) {
            mantissa <<= 1;
            unbiased--;
        }
        return float_from_bits(sign | ((uint32_t)(unbiased + 127) << 23) | ((mantissa & 0x3FFu) << 13));
    }
    return float_from_bits(sign | ((exponent - 15 + 127) << 23) | (mantissa << 13));
}

/* Keep the top bits of significand above `shift`, rounding to nearest even. */
static uint32_t round_shift_even(uint32_t significand, unsigned shift) {
    uint32_t kept = significand >> shift;
    uint32_t rest = significand & ((1u << shift) - 1u);
    uint32_t half = 1u << (shift - 1);
    if (rest > half || (rest == half && (kept & 1u))) kept++;
    return kept;
}

uint16_t oracle_f32_to_f16(float value) {
    uint32_t bits = bits_from_float(value);
    uint16_t sign = (uint16_t)((bits >> 16) & 0x8000u);
    uint32_t exponent = (bits >> 23) & 0xFFu;
    uint32_t significand = (bits & 0x7FFFFFu) | 0x800000u; /* 24 bits, normal inputs */
    int unbiased = (int)exponent - 127;
    if (exponent == 0xFF) return (bits & 0x7FFFFFu) ? (uint16_t)0x7E00u : (uint16_t)(sign | 0x7C00u);
    if (exponent == 0 || unbiased < -25) return sign; /* below half the smallest subnormal */
    if (unbiased > 15) return (uint16_t)(sign | 0x7C00u);
    if (unbiased >= -14) {
        /* Normal range: 11 significant bits; a carry out of the significand
           moves to the next exponent, and from 65504 up to inf, as it should. */
        uint32_t kept = round_shift_even(significand, 13);
        return (uint16_t)(sign | (((uint32_t)(unbiased + 15) << 10) + kept - 0x400u));
    }
    /* Subnormal range: units of 2^-24; rounding up may give the smallest normal. */
    return (uint16_t)(sign | round_shift_even(significand, (unsigned)(-unbiased - 1)));
}

/* ---- tensors ---------------------------------------------------------------- */

uint32_t oracle_type_size(DML_TENSOR_DATA_TYPE type) {
    switch (type) {
    case DML_TENSOR_DATA_TYPE_INT8:
    case DML_TENSOR_DATA_TYPE_UINT8: return 1;
    case DML_TENSOR_DATA_TYPE_FLOAT16:
    case DML_TENSOR_DATA_TYPE_INT16:
    case DML_TENSOR_DATA_TYPE_UINT16: return 2;
    case DML_TENSOR_DATA_TYPE_FLOAT32:
    case DML_TENSOR_DATA_TYPE_INT32:
    case DML_TENSOR_DATA_TYPE_UINT32: return 4;
    case DML_TENSOR_DATA_TYPE_FLOAT64:
    case DML_TENSOR_DATA_TYPE_INT64:
    case DML_TENSOR_DATA_TYPE_UINT64: return 8;
    default: return 0;
    }
}

uint64_t oracle_buffer_size(DML_TENSOR_DATA_TYPE type, uint32_t rank, const uint32_t *sizes, const uint32_t *strides) {
    uint64_t elements = 1, bytes;
    uint32_t d;
    if (strides) {
        for (d = 0; d < rank; d++) elements += (uint64_t)(sizes[d] - 1) * strides[d];
    } else {
        for (d = 0; d < rank; d++) elements *= sizes[d];
    }
    bytes = elements * oracle_type_size(type);
    return (bytes + 3) & ~(uint64_t)3;
}

typedef struct tensor_view {
    DML_TENSOR_DATA_TYPE type;
    uint32_t rank;
    uint32_t elem_size;
    uint32_t sizes[ORACLE_MAX_RANK];
    uint64_t strides[ORACLE_MAX_RANK]; /* elements; packed row-major when Strides is NULL */
    unsigned char *base;
} tensor_view;

static int make_view(const DML_TENSOR_DESC *tensor, const void *base, tensor_view *view) {
    const DML_BUFFER_TENSOR_DESC *buffer;
    uint64_t packed = 1;
    uint32_t d;
    if (!tensor || tensor->Type != DML_TENSOR_TYPE_BUFFER || !tensor->Desc) return -1;
    buffer = (const DML_BUFFER_TENSOR_DESC *)tensor->Desc;
    if (buffer->DimensionCount < 1 || buffer->DimensionCount > ORACLE_MAX_RANK) return -1;
    view->type = buffer->DataType;
    view->rank = buffer->DimensionCount;
    view->elem_size = oracle_type_size(buffer->DataType);
    if (!view->elem_size) return -1;
    for (d = view->rank; d-- > 0;) {
        view->sizes[d] = buffer->Sizes[d];
        view->strides[d] = buffer->Strides ? buffer->Strides[d] : packed;
        packed *= buffer->Sizes[d];
    }
    view->base = (unsigned char *)base; /* written only through output views */
    return 0;
}

static unsigned char *element_at(const tensor_view *view, const uint32_t *index) {
    uint64_t offset = 0;
    uint32_t d;
    for (d = 0; d < view->rank; d++) offset += (uint64_t)index[d] * view->strides[d];
    return view->base + offset * view->elem_size;
}

/* Advance index (last dimension fastest) below limits; 0 once it wraps to all zeros. */
static int next_index(uint32_t *index, const uint32_t *limits, uint32_t rank) {
    uint32_t d = rank;
    while (d-- > 0) {
        if (++index[d] < limits[d]) return 1;
        index[d] = 0;
    }
    return 0;
}

static int is_float_type(DML_TENSOR_DATA_TYPE type) {
    return type == DML_TENSOR_DATA_TYPE_FLOAT16 || type == DML_TENSOR_DATA_TYPE_FLOAT32 ||
           type == DML_TENSOR_DATA_TYPE_FLOAT64;
}

static int is_signed_int_type(DML_TENSOR_DATA_TYPE type) {
    return type == DML_TENSOR_DATA_TYPE_INT8 || type == DML_TENSOR_DATA_TYPE_INT16 ||
           type == DML_TENSOR_DATA_TYPE_INT32 || type == DML_TENSOR_DATA_TYPE_INT64;
}

/* Integer element as 64 bits, sign-extended for signed types. */
static uint64_t load_integer(const unsigned char *p, DML_TENSOR_DATA_TYPE type) {
    switch (type) {
    case DML_TENSOR_DATA_TYPE_INT8: {
        int8_t v;
        memcpy(&v, p, 1);
        return (uint64_t)(int64_t)v;
    }
    case DML_TENSOR_DATA_TYPE_INT16: {
        int16_t v;
        memcpy(&v, p, 2);
        return (uint64_t)(int64_t)v;
    }
    case DML_TENSOR_DATA_TYPE_INT32: {
        int32_t v;
        memcpy(&v, p, 4);
        return (uint64_t)(int64_t)v;
    }
    case DML_TENSOR_DATA_TYPE_UINT8: {
        uint8_t v;
        memcpy(&v, p, 1);
        return v;
    }
    case DML_TENSOR_DATA_TYPE_UINT16: {
        uint16_t v;
        memcpy(&v, p, 2);
        return v;
    }
    case DML_TENSOR_DATA_TYPE_UINT32: {
        uint32_t v;
        memcpy(&v, p, 4);
        return v;
    }
    default: {
        uint64_t v;
        memcpy(&v, p, 8);
        return v;
    }
    }
}

/* Store the low bits: the wrap-around modulo 2^bits. */
static void store_integer(unsigned char *p, DML_TENSOR_DATA_TYPE type, uint64_t value) {
    switch (oracle_type_size(type)) {
    case 1: {
        uint8_t v = (uint8_t)value;
        memcpy(p, &v, 1);
        break;
    }
    case 2: {
        uint16_t v = (uint16_t)value;
        memcpy(p, &v, 2);
        break;
    }
    case 4: {
        uint32_t v = (uint32_t)value;
        memcpy(p, &v, 4);
        break;
    }
    default: memcpy(p, &value, 8); break;
    }
}

static float load_f32(const unsigned char *p, DML_TENSOR_DATA_TYPE type) {
    if (type == DML_TENSOR_DATA_TYPE_FLOAT16) {
        uint16_t half;
        memcpy(&half, p, 2);
        return oracle_f16_to_f32(half);
    } else {
        float value;
        memcpy(&value, p, 4);
        return value;
    }
}

/* Scans write NaN only as the canonical quiet NaN (docs/semantics.md, "NaN"). */
static void store_f32(unsigned char *p, DML_TENSOR_DATA_TYPE type, float value) {
    if (type == DML_TENSOR_DATA_TYPE_FLOAT16) {
        uint16_t half = oracle_f32_to_f16(value); /* NaN -> 0x7E00 */
        memcpy(p, &half, 2);
    } else {
        uint32_t bits = value != value ? 0x7FC00000u : bits_from_float(value);
        memcpy(p, &bits, 4);
    }
}

static double load_f64(const unsigned char *p) {
    double value;
    memcpy(&value, p, 8);
    return value;
}

static void store_f64(unsigned char *p, double value) {
    uint64_t bits;
    if (value != value) bits = (uint64_t)0x7FF8000000000000ull;
    else memcpy(&bits, &value, 8);
    memcpy(p, &bits, 8);
}

/* ---- scans ------------------------------------------------------------------ */

/* Inclusive scans of one line already in traversal order, in place. The
   sequential tally starts as the first element itself; the blocked order is
   docs/semantics.md's ("Float orders"): blocks of 16, log steps k = 1, 2, 4, 8 reading the
   previous step's values, later blocks offset by the previous block's last
   result. FLOAT16 lines come here as float32, so the carry is unrounded. */
#define ORACLE_DEFINE_INCLUSIVE_SCAN(name, T)                                            \
    static void name(T *line, size_t count, int is_product, int blocked) {               \
        size_t start, i, k;                                                              \
        if (!blocked) {                                                                  \
            for (i = 1; i < count; i++) {                                                \
                if (is_product) line[i] = line[i - 1] * line[i];                         \
                else line[i] = line[i - 1] + line[i];                                    \
            }                                                                            \
            return;                                                                      \
        }                                                                                \
        for (start = 0; start < count; start += ORACLE_BLOCK) {                          \
            size_t length = count - start < ORACLE_BLOCK ? count - start : ORACLE_BLOCK; \
            T step[ORACLE_BLOCK], previous[ORACLE_BLOCK];                                \
            memcpy(step, line + start, length * sizeof *step);                           \
            for (k = 1; k < ORACLE_BLOCK; k *= 2) {                                      \
                memcpy(previous, step, length * sizeof *step);                           \
                for (i = k; i < length; i++) {                                           \
                    if (is_product) step[i] = previous[i - k] * previous[i];             \
                    else step[i] = previous[i - k] + previous[i];                        \
                }                                                                        \
            }                                                                            \
            for (i = 0; i < length; i++) {                                               \
                if (start == 0) line[start + i] = step[i];                               \
                else if (is_product) line[start + i] = line[start - 1] * step[i];        \
                else line[start + i] = line[start - 1] + step[i];                        \
            }                                                                            \
        }                                                                                \
    }

ORACLE_DEFINE_INCLUSIVE_SCAN(inclusive_scan_f32, float)
ORACLE_DEFINE_INCLUSIVE_SCAN(inclusive_scan_f64, double)

static void inclusive_scan_u64(uint64_t *line, size_t count, int is_product) {
    size_t i;
    for (i = 1; i < count; i++) {
        if (is_product) line[i] = line[i - 1] * line[i];
        else line[i] = line[i - 1] + line[i];
    }
}

typedef struct scan_params {
    uint32_t axis;
    int decreasing, exclusive, is_product, blocked;
} scan_params;

static int run_scan(const tensor_view *in, const tensor_view *out, const scan_params *p) {
    uint32_t count = in->sizes[p->axis], limits[ORACLE_MAX_RANK], index[ORACLE_MAX_RANK];
    /* One line in traversal order, in the accumulation type of the data type. */
    uint64_t *line_int = (uint64_t *)malloc(count * sizeof *line_int);
    float *line_f32 = (float *)malloc(count * sizeof *line_f32);
    double *line_f64 = (double *)malloc(count * sizeof *line_f64);
    DML_TENSOR_DATA_TYPE type = in->type;
    uint32_t t;
    if (!line_int || !line_f32 || !line_f64) {
        free(line_int);
        free(line_f32);
        free(line_f64);
        return -1;
    }
    memcpy(limits, in->sizes, sizeof limits);
    limits[p->axis] = 1;
    memset(index, 0, sizeof index);
    do {
        for (t = 0; t < count; t++) {
            const unsigned char *src;
            index[p->axis] = p->decreasing ? count - 1 - t : t;
            src = element_at(in, index);
            if (type == DML_TENSOR_DATA_TYPE_FLOAT64) line_f64[t] = load_f64(src);
            else if (is_float_type(type)) line_f32[t] = load_f32(src, type);
            else line_int[t] = load_integer(src, type);
        }
        if (type == DML_TENSOR_DATA_TYPE_FLOAT64) inclusive_scan_f64(line_f64, count, p->is_product, p->blocked);
        else if (is_float_type(type)) inclusive_scan_f32(line_f32, count, p->is_product, p->blocked);
        else inclusive_scan_u64(line_int, count, p->is_product);
        for (t = 0; t < count; t++) {
            unsigned char *dst;
            /* Exclusive: the identity, then the inclusive values shifted by one. */
            int identity = p->exclusive && t == 0;
            uint32_t from = p->exclusive ? t - 1 : t;
            index[p->axis] = p->decreasing ? count - 1 - t : t;
            dst = element_at(out, index);
            if (type == DML_TENSOR_DATA_TYPE_FLOAT64)
                store_f64(dst, identity ? (p->is_product ? 1.0 : 0.0) : line_f64[from]);
            else if (is_float_type(type))
                store_f32(dst, type, identity ? (p->is_product ? 1.0f : 0.0f) : line_f32[from]);
            else store_integer(dst, type, identity ? (uint64_t)(p->is_product ? 1 : 0) : line_int[from]);
        }
        index[p->axis] = 0;
    } while (next_index(index, limits, in->rank));
    free(line_int);
    free(line_f32);
    free(line_f64);
    return 0;
}

/* ---- arg-reductions --------------------------------------------------------- */

/* An element as a comparable value: exactly one of the three fields is used. */
typedef struct arg_value {
    int64_t as_signed;
    uint64_t as_unsigned;
    double as_float; /* FLOAT16/32/64 widen exactly */
} arg_value;

static arg_value load_arg_value(const unsigned char *p, DML_TENSOR_DATA_TYPE type) {
    arg_value v;
    memset(&v, 0, sizeof v);
    if (type == DML_TENSOR_DATA_TYPE_FLOAT64) v.as_float = load_f64(p);
    else if (is_float_type(type)) v.as_float = load_f32(p, type);
    else if (is_signed_int_type(type)) v.as_signed = (int64_t)load_integer(p, type);
    else v.as_unsigned = load_integer(p, type);
    return v;
}

/* -1, 0 or 1 as a compares with b; neither may be NaN. -0.0 equals +0.0. */
static int compare_arg_values(const arg_value *a, const arg_value *b, DML_TENSOR_DATA_TYPE type) {
    if (is_float_type(type)) return a->as_float < b->as_float ? -1 : a->as_float > b->as_float;
    if (is_signed_int_type(type)) return a->as_signed < b->as_signed ? -1 : a->as_signed > b->as_signed;
    return a->as_unsigned < b->as_unsigned ? -1 : a->as_unsigned > b->as_unsigned;
}

static void store_index(unsigned char *p, DML_TENSOR_DATA_TYPE type, uint64_t position) {
    switch (type) {
    case DML_TENSOR_DATA_TYPE_INT32: {
        int32_t v = (int32_t)position;
        memcpy(p, &v, 4);
        break;
    }
    case DML_TENSOR_DATA_TYPE_UINT32: {
        uint32_t v = (uint32_t)position;
        memcpy(p, &v, 4);
        break;
    }
    case DML_TENSOR_DATA_TYPE_INT64: {
        int64_t v = (int64_t)position;
        memcpy(p, &v, 8);
        break;
    }
    default: memcpy(p, &position, 8); break;
    }
}

typedef struct arg_params {
    int reduced[ORACLE_MAX_RANK]; /* 1 for a reduced axis */
    int is_max, decreasing, ignore_nan;
} arg_params;

static int run_arg_reduction(const tensor_view *in, const tensor_view *out, const arg_params *p) {
    uint32_t outer[ORACLE_MAX_RANK], inner[ORACLE_MAX_RANK], inner_limits[ORACLE_MAX_RANK];
    uint32_t index[ORACLE_MAX_RANK], d;
    uint64_t count = 1;
    DML_TENSOR_DATA_TYPE type = in->type;
    int floats = is_float_type(type);
    if (out->type != DML_TENSOR_DATA_TYPE_INT32 && out->type != DML_TENSOR_DATA_TYPE_INT64 &&
        out->type != DML_TENSOR_DATA_TYPE_UINT32 && out->type != DML_TENSOR_DATA_TYPE_UINT64)
        return -1;
    for (d = 0; d < in->rank; d++) {
        inner_limits[d] = p->reduced[d] ? in->sizes[d] : 1;
        count *= inner_limits[d];
    }
    memset(outer, 0, sizeof outer);
    do {
        /* Row-major walk of the reduced sub-tensor, axes in increasing order:
           `position` is the index the operator reports. */
        uint64_t position = 0, best_position = 0, nan_position = 0;
        int have_best = 0, have_nan = 0;
        arg_value best;
        memset(&best, 0, sizeof best);
        memset(inner, 0, sizeof inner);
        do {
            arg_value v;
            for (d = 0; d < in->rank; d++) index[d] = outer[d] + inner[d];
            v = load_arg_value(element_at(in, index), type);
            if (floats && v.as_float != v.as_float) {
                /* PROPAGATE: NaN is the extreme, first NaN (INCREASING) or last. */
                if (!have_nan || p->decreasing) nan_position = position;
                have_nan = 1;
            } else {
                int order = have_best ? compare_arg_values(&v, &best, type) : 0;
                int better = p->is_max ? order > 0 : order < 0;
                /* Ties: INCREASING keeps the first extreme, DECREASING takes the last. */
                if (!have_best || better || (order == 0 && p->decreasing)) {
                    best = v;
                    best_position = position;
                    have_best = 1;
                }
            }
            position++;
        } while (next_index(inner, inner_limits, in->rank));
        if (have_nan && !p->ignore_nan) best_position = nan_position;
        else if (!have_best) best_position = p->decreasing ? count - 1 : 0; /* all NaN, ignored */
        store_index(element_at(out, outer), out->type, best_position);
    } while (next_index(outer, out->sizes, out->rank));
    return 0;
}

/* ---- entry point ------------------------------------------------------------ */

int oracle_run(const DML_OPERATOR_DESC *op, const void *input, void *output, int float_order, int nan_policy) {
    const DML_TENSOR_DESC *input_desc, *output_desc;
    tensor_view in, out;
    scan_params scan;
    arg_params arg;
    const UINT *axes = NULL;
    UINT axis_count = 0, i;
    int is_scan = 0;
    memset(&scan, 0, sizeof scan);
    memset(&arg, 0, sizeof arg);
    if (!op || !op->Desc) return -1;
    switch (op->Type) {
    case DML_OPERATOR_CUMULATIVE_SUMMATION: {
        const DML_CUMULATIVE_SUMMATION_OPERATOR_DESC *d = (const DML_CUMULATIVE_SUMMATION_OPERATOR_DESC *)op->Desc;
        input_desc = d->InputTensor;
        output_desc = d->OutputTensor;
        scan.axis = d->Axis;
        scan.decreasing = d->AxisDirection == DML_AXIS_DIRECTION_DECREASING;
        scan.exclusive = d->HasExclusiveSum != 0;
        scan.blocked = float_order == DMLREF_FLOAT_ORDER_BLOCKED; /* sums only */
        is_scan = 1;
        break;
    }
    case DML_OPERATOR_CUMULATIVE_PRODUCT: {
        const DML_CUMULATIVE_PRODUCT_OPERATOR_DESC *d = (const DML_CUMULATIVE_PRODUCT_OPERATOR_DESC *)op->Desc;
        input_desc = d->InputTensor;
        output_desc = d->OutputTensor;
        scan.axis = d->Axis;
        scan.decreasing = d->AxisDirection == DML_AXIS_DIRECTION_DECREASING;
        scan.exclusive = d->HasExclusiveProduct != 0;
        scan.is_product = 1;
        is_scan = 1;
        break;
    }
    case DML_OPERATOR_ARGMIN:
    case DML_OPERATOR_ARGMAX: {
        /* The two descs have the same layout; read each through its own type. */
        if (op->Type == DML_OPERATOR_ARGMIN) {
            const DML_ARGMIN_OPERATOR_DESC *d = (const DML_ARGMIN_OPERATOR_DESC *)op->Desc;
            input_desc = d->InputTensor;
            output_desc = d->OutputTensor;
            axis_count = d->AxisCount;
            axes = d->Axes;
            arg.decreasing = d->AxisDirection == DML_AXIS_DIRECTION_DECREASING;
        } else {
            const DML_ARGMAX_OPERATOR_DESC *d = (const DML_ARGMAX_OPERATOR_DESC *)op->Desc;
            input_desc = d->InputTensor;
            output_desc = d->OutputTensor;
            axis_count = d->AxisCount;
            axes = d->Axes;
            arg.decreasing = d->AxisDirection == DML_AXIS_DIRECTION_DECREASING;
            arg.is_max = 1;
        }
        break;
    }
    case DML_OPERATOR_REDUCE: {
        /* REDUCE(ARGMIN/ARGMAX) is ARGMIN/ARGMAX with INCREASING. */
        const DML_REDUCE_OPERATOR_DESC *d = (const DML_REDUCE_OPERATOR_DESC *)op->Desc;
        if (d->Function != DML_REDUCE_FUNCTION_ARGMIN && d->Function != DML_REDUCE_FUNCTION_ARGMAX) return -1;
        input_desc = d->InputTensor;
        output_desc = d->OutputTensor;
        axis_count = d->AxisCount;
        axes = d->Axes;
        arg.is_max = d->Function == DML_REDUCE_FUNCTION_ARGMAX;
        break;
    }
    default: return -1;
    }
    if (make_view(input_desc, input, &in) || make_view(output_desc, output, &out)) return -1;
    if (in.rank != out.rank) return -1;
    if (is_scan) {
        if (scan.axis >= in.rank || in.type != out.type) return -1;
        if (!is_float_type(in.type)) scan.blocked = 0; /* integer sums are order-free */
        return run_scan(&in, &out, &scan);
    }
    if (axis_count == 0 || !axes) return -1;
    for (i = 0; i < axis_count; i++) {
        if (axes[i] >= in.rank) return -1;
        arg.reduced[axes[i]] = 1;
    }
    arg.ignore_nan = nan_policy == DMLREF_NAN_IGNORE;
    return run_arg_reduction(&in, &out, &arg);
}
