/* tests/reduce_model.c - the naive REDUCE model (see reduce_model.h). */
#include "reduce_model.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bigfloat.h"
#include "fixture.h"
#include "oracle.h"
#include "tree_model.h"

/* ---- the compute type T -------------------------------------------------------------------- */

enum { RM_HALF, RM_SINGLE, RM_DOUBLE };

/* "Reductions": DEFAULT float32 for FLOAT16/32, float64 for FLOAT64; NATIVE the tensor's own
   type; WIDE float64. */
static int rm_kind(DML_TENSOR_DATA_TYPE type, int accumulation) {
    if (type == DML_TENSOR_DATA_TYPE_FLOAT64 || accumulation == DMLREF_ACCUMULATION_WIDE) return RM_DOUBLE;
    if (type == DML_TENSOR_DATA_TYPE_FLOAT16 && accumulation == DMLREF_ACCUMULATION_NATIVE) return RM_HALF;
    return RM_SINGLE;
}

uint64_t rm_canonical_nan(DML_TENSOR_DATA_TYPE type) {
    if (type == DML_TENSOR_DATA_TYPE_FLOAT16) return 0x7E00u;
    if (type == DML_TENSOR_DATA_TYPE_FLOAT32) return 0x7FC00000u;
    return 0x7FF8000000000000ull;
}

static uint64_t rm_inf_bits(DML_TENSOR_DATA_TYPE type, int negative) {
    if (type == DML_TENSOR_DATA_TYPE_FLOAT16) return negative ? 0xFC00u : 0x7C00u;
    if (type == DML_TENSOR_DATA_TYPE_FLOAT32) return negative ? 0xFF800000u : 0x7F800000u;
    return negative ? 0xFFF0000000000000ull : 0x7FF0000000000000ull;
}

/* Round to nearest even on the scaled magnitude: q >= 0 with an exact fractional part. */
static double rm_round_even(double q) {
    double whole = floor(q), frac = q - whole;
    if (frac > 0.5 || (frac == 0.5 && fmod(whole, 2.0) != 0.0)) whole += 1.0;
    return whole;
}

/* binary16: 11 significand bits, exponents -14..15, subnormal quantum 2^-24. The magnitude is
   scaled by a power of two (exact) to units of its binade's quantum and rounded there. */
uint16_t rm_double_to_half(double v) {
    const uint16_t sign = signbit(v) ? 0x8000u : 0u;
    double a = fabs(v), q;
    int e;
    if (v != v) return 0x7E00u;
    if (a >= 65520.0) return (uint16_t)(sign | 0x7C00u); /* MAX + half an ulp and beyond (infinity too) */
    if (a < 6.103515625e-05) {                           /* below 2^-14: steps of 2^-24 */
        q = rm_round_even(ldexp(a, 24));                 /* 0 .. 1024 (1024: the smallest normal) */
        return (uint16_t)(sign | (uint16_t)q);
    }
    (void)frexp(a, &e);                  /* a in [2^(e-1), 2^e), e from -13 to 16 */
    q = rm_round_even(ldexp(a, 11 - e)); /* 1024 .. 2048; 2048 carries into the exponent below */
    return (uint16_t)(sign | (uint16_t)(((unsigned)(e - 1 + 15) << 10) + (unsigned)q - 1024u));
}

static double rm_half_value(uint16_t h) { return (double)oracle_f16_to_f32(h); }

/* v (already a value of kind) to kind's bits as tests/tree_model.h's types hold them. */
static uint64_t rm_kind_bits(int kind, double v) {
    if (kind == RM_HALF) return rm_double_to_half(v);
    if (kind == RM_SINGLE) return fx_float_bits((float)v);
    return fx_double_bits(v);
}

/* An element's exact value. */
static double rm_value(DML_TENSOR_DATA_TYPE type, uint64_t bits) {
    if (type == DML_TENSOR_DATA_TYPE_FLOAT16) return rm_half_value((uint16_t)bits);
    if (type == DML_TENSOR_DATA_TYPE_FLOAT32) return (double)fx_bits_float((uint32_t)bits);
    return fx_bits_double(bits);
}

/* One IEEE operation in kind. float32 in float arithmetic; binary16 through double, where
   + - x are exact and / and sqrt round innocuously (53 >= 2 x 11 + 2), then rounded once. */
static double rm_to_kind(int kind, double v) {
    if (kind == RM_HALF) return rm_half_value(rm_double_to_half(v));
    if (kind == RM_SINGLE) return (double)(float)v;
    return v;
}
static double rm_add(int kind, double a, double b) {
    if (kind == RM_SINGLE) {
        float fa = (float)a, fb = (float)b, r = fa + fb;
        return (double)r;
    }
    return rm_to_kind(kind, a + b);
}
static double rm_sub(int kind, double a, double b) {
    if (kind == RM_SINGLE) {
        float fa = (float)a, fb = (float)b, r = fa - fb;
        return (double)r;
    }
    return rm_to_kind(kind, a - b);
}
static double rm_mul(int kind, double a, double b) {
    if (kind == RM_SINGLE) {
        float fa = (float)a, fb = (float)b, r = fa * fb;
        return (double)r;
    }
    return rm_to_kind(kind, a * b);
}
static double rm_div(int kind, double a, double b) {
    if (kind == RM_SINGLE) {
        float fa = (float)a, fb = (float)b, r = fa / fb;
        return (double)r;
    }
    return rm_to_kind(kind, a / b);
}
static double rm_sqrt(int kind, double a) {
    if (kind == RM_SINGLE) {
        float fa = (float)a, r = sqrtf(fa);
        return (double)r;
    }
    return rm_to_kind(kind, sqrt(a));
}

/* The library's exp and log in kind; infinities, zeros and NaN by IEEE's rules here. */
static double rm_exp(int kind, double a) {
    if (a != a) return a;
    if (a == -HUGE_VAL) return 0.0;
    if (a == HUGE_VAL) return HUGE_VAL;
    if (kind == RM_HALF) return rm_half_value(dmlref_exp_f16(rm_double_to_half(a)));
    if (kind == RM_SINGLE) return (double)dmlref_exp_f32((float)a);
    return dmlref_exp_f64(a);
}
static double rm_log(int kind, double a) {
    if (a != a || a < 0) return NAN;
    if (a == 0) return -HUGE_VAL;
    if (a == HUGE_VAL) return HUGE_VAL;
    if (kind == RM_HALF) return rm_half_value(dmlref_log_f16(rm_double_to_half(a)));
    if (kind == RM_SINGLE) return (double)dmlref_log_f32((float)a);
    return dmlref_log_f64(a);
}

/* A value of kind, rounded once to the output type. */
static uint64_t rm_output_bits(DML_TENSOR_DATA_TYPE type, int kind, double v) {
    if (v != v) return rm_canonical_nan(type);
    if (type == DML_TENSOR_DATA_TYPE_FLOAT64) return fx_double_bits(v);
    if (type == DML_TENSOR_DATA_TYPE_FLOAT32) return fx_float_bits((float)v); /* exact, or float64 rounded once */
    if (kind == RM_SINGLE) return oracle_f32_to_f16((float)v);
    return rm_double_to_half(v); /* exact from binary16, rounded once from float64 */
}

/* ---- the orders ------------------------------------------------------------------------------ */

int rm_order_allowed(int function, int float_order, int accumulation) {
    if (function == DML_REDUCE_FUNCTION_MIN || function == DML_REDUCE_FUNCTION_MAX) return 1; /* read no order */
    if (float_order == DMLREF_FLOAT_ORDER_SEQUENTIAL || float_order == DMLREF_FLOAT_ORDER_BLOCKED ||
        float_order == DMLREF_FLOAT_ORDER_TREE)
        return 1;
    if (float_order == DMLREF_FLOAT_ORDER_PAIRWISE) return function != DML_REDUCE_FUNCTION_MULTIPLY;
    if (float_order == DMLREF_FLOAT_ORDER_EXACT)
        return accumulation == DMLREF_ACCUMULATION_DEFAULT &&
               (function == DML_REDUCE_FUNCTION_SUM || function == DML_REDUCE_FUNCTION_AVERAGE ||
                function == DML_REDUCE_FUNCTION_L1 || function == DML_REDUCE_FUNCTION_SUM_SQUARE ||
                function == DML_REDUCE_FUNCTION_L2);
    return 0;
}

/* NumPy's pairwise_sum as "Reductions" words it: P(m, k). */
static double rm_pairwise(int kind, const double *m, size_t k) {
    double r[8], t;
    size_t i, j, full;
    if (k < 8) {
        t = m[0];
        for (i = 1; i < k; i++) t = rm_add(kind, t, m[i]);
        return t;
    }
    if (k <= 128) {
        full = k - k % 8;
        for (j = 0; j < 8; j++) r[j] = m[j];
        for (i = 8; i < full; i += 8)
            for (j = 0; j < 8; j++) r[j] = rm_add(kind, r[j], m[i + j]);
        t = rm_add(kind, rm_add(kind, rm_add(kind, r[0], r[1]), rm_add(kind, r[2], r[3])),
                   rm_add(kind, rm_add(kind, r[4], r[5]), rm_add(kind, r[6], r[7])));
        for (i = full; i < k; i++) t = rm_add(kind, t, m[i]);
        return t;
    }
    i = k / 2 - (k / 2) % 8;
    {
        const double left = rm_pairwise(kind, m, i), right = rm_pairwise(kind, m + i, k - i);
        return rm_add(kind, left, right);
    }
}

/* BLOCKED and TREE: the last output of the inclusive scan of m in kind, by the scan model:
   T binary16 is FLOAT16 with NATIVE accumulation, float32 FLOAT32, float64 FLOAT64. */
static double rm_scan_last(const rm_cfg *c, int kind, int product, const double *m, size_t n, int *ok) {
    tt_cfg t;
    uint64_t *x = (uint64_t *)malloc(n * sizeof *x), *y = (uint64_t *)malloc(n * sizeof *y), last;
    size_t i;
    double v;
    if (!x || !y) {
        free(x);
        free(y);
        *ok = 0;
        return 0;
    }
    memset(&t, 0, sizeof t);
    t.type = kind == RM_HALF     ? DML_TENSOR_DATA_TYPE_FLOAT16
             : kind == RM_SINGLE ? DML_TENSOR_DATA_TYPE_FLOAT32
                                 : DML_TENSOR_DATA_TYPE_FLOAT64;
    t.accumulation = kind == RM_HALF ? DMLREF_ACCUMULATION_NATIVE : DMLREF_ACCUMULATION_DEFAULT;
    t.product = product;
    t.order = c->float_order;
    t.seed = c->seed;
    if (c->float_order == DMLREF_FLOAT_ORDER_TREE) {
        t.algorithm = c->tree.algorithm;
        t.block = c->tree.block;
        t.carry = c->tree.carry;
        t.serial = c->tree.serial;
        t.lanes = c->tree.lanes;
        t.run_seed = c->tree.run_seed;
    }
    for (i = 0; i < n; i++) x[i] = rm_kind_bits(kind, m[i]);
    tt_model_line(&t, x, n, y);
    last = y[n - 1];
    v = kind == RM_HALF     ? rm_half_value((uint16_t)last)
        : kind == RM_SINGLE ? (double)fx_bits_float((uint32_t)last)
                            : fx_bits_double(last);
    free(x);
    free(y);
    return v;
}

/* ---- EXACT ----------------------------------------------------------------------------------- */

static uint64_t rm_exact(const rm_cfg *c, const uint64_t *x, size_t n) {
    const int f = c->function, format = c->type == DML_TENSOR_DATA_TYPE_FLOAT16   ? BF_F16
                                        : c->type == DML_TENSOR_DATA_TYPE_FLOAT32 ? BF_F32
                                                                                  : BF_F64;
    const int signed_sum = f == DML_REDUCE_FUNCTION_SUM || f == DML_REDUCE_FUNCTION_AVERAGE;
    int nan = 0, pos_inf = 0, neg_inf = 0, all_negative_zero = 1;
    bigfloat acc, sq, term;
    uint64_t r;
    size_t i;
    for (i = 0; i < n; i++) {
        const double v = rm_value(c->type, x[i]);
        if (v != v) nan = 1;
        else if (v == HUGE_VAL) pos_inf = 1;
        else if (v == -HUGE_VAL) neg_inf = 1;
        if (!(v == 0 && signbit(v))) all_negative_zero = 0;
    }
    if (nan || (signed_sum && pos_inf && neg_inf)) return rm_canonical_nan(c->type);
    if (pos_inf || neg_inf) return rm_inf_bits(c->type, signed_sum && neg_inf);
    bf_init(&acc);
    bf_init(&sq);
    bf_init(&term);
    for (i = 0; i < n; i++) {
        const double v = rm_value(c->type, x[i]);
        if (signed_sum) bf_add_double(&acc, v);
        else if (f == DML_REDUCE_FUNCTION_L1) bf_add_double(&acc, fabs(v));
        else { /* the exact square, unrounded */ bf_set_double(&term, v);
            bf_mul(&sq, &term, &term);
            bf_add(&acc, &acc, &sq);
        }
    }
    if (bf_is_zero(&acc)) { /* "Exact sums": +0.0 unless every input is -0.0 (no seed); mapped |x|, x^2: +0.0 */
        r = signed_sum && all_negative_zero && !c->seed ? (uint64_t)1 << (fx_type_size(c->type) * 8u - 1u) : 0;
    } else if (f == DML_REDUCE_FUNCTION_AVERAGE) {
        r = bf_round_div_u64(&acc, (uint64_t)n, format);
    } else if (f == DML_REDUCE_FUNCTION_L2) {
        r = bf_round_sqrt(&acc, format);
    } else {
        r = bf_round(&acc, format);
    }
    bf_free(&acc);
    bf_free(&sq);
    bf_free(&term);
    return r;
}

/* ---- MIN and MAX ----------------------------------------------------------------------------- */

/* a before b in the order of MIN (IEEE minimum: -0.0 < +0.0); false when either is NaN. */
static int rm_less(double a, double b) {
    if (a < b) return 1;
    return a == b && a == 0 && signbit(a) && !signbit(b);
}

static uint64_t rm_float_extreme(const rm_cfg *c, const uint64_t *x, size_t n) {
    const int want_max = c->function == DML_REDUCE_FUNCTION_MAX;
    size_t i, best = n;
    for (i = 0; i < n; i++) {
        const double v = rm_value(c->type, x[i]);
        if (v != v) {
            if (c->nan_policy == DMLREF_NAN_PROPAGATE) return rm_canonical_nan(c->type);
            if (c->nan_policy == DMLREF_NAN_IGNORE) continue;
            if (i == 0) return rm_canonical_nan(c->type); /* COMPARE: a NaN first sticks */
            continue;                                     /* ... and a later one never wins */
        }
        if (best == n) {
            best = i;
        } else {
            const double b = rm_value(c->type, x[best]);
            if (want_max ? rm_less(b, v) : rm_less(v, b)) best = i;
        }
    }
    return best == n ? rm_canonical_nan(c->type) : x[best];
}

/* ---- integers -------------------------------------------------------------------------------- */

static uint64_t rm_integer(const rm_cfg *c, const uint64_t *x, size_t n) {
    const unsigned bits = fx_type_size(c->type) * 8u;
    const uint64_t mask = bits == 64 ? ~(uint64_t)0 : (((uint64_t)1 << bits) - 1u);
    const int is_signed = fx_is_signed(c->type);
    uint64_t acc = c->function == DML_REDUCE_FUNCTION_MULTIPLY ? 1u : 0u, best = 0;
    int64_t best_s = 0;
    size_t i;
    for (i = 0; i < n; i++) {
        uint64_t v = x[i] & mask; /* as an unsigned 64-bit number congruent to the element modulo 2^bits */
        int64_t s;
        if (is_signed && bits < 64 && (v >> (bits - 1)) & 1u) v |= ~mask; /* sign-extended */
        s = (v >> 63) ? -(int64_t)(~v) - 1 : (int64_t)v;                  /* two's complement, no UB */
        switch (c->function) {
        case DML_REDUCE_FUNCTION_SUM: acc += v; break;
        case DML_REDUCE_FUNCTION_L1: acc += is_signed && s < 0 ? 0u - v : v; break;
        case DML_REDUCE_FUNCTION_SUM_SQUARE: acc += v * v; break;
        case DML_REDUCE_FUNCTION_MULTIPLY: acc *= v; break;
        default: /* MIN, MAX: the values compared */
            if (i == 0) {
                best = v, best_s = s;
            } else {
                const int less = is_signed ? s < best_s : v < best;
                const int more = is_signed ? s > best_s : v > best;
                if (c->function == DML_REDUCE_FUNCTION_MIN ? less : more) best = v, best_s = s;
            }
            break;
        }
    }
    if (c->function == DML_REDUCE_FUNCTION_MIN || c->function == DML_REDUCE_FUNCTION_MAX) return best & mask;
    return acc & mask;
}

/* ---- one sequence ---------------------------------------------------------------------------- */

uint64_t rm_reduce_sequence(const rm_cfg *c, const uint64_t *x, size_t n) {
    const int f = c->function, kind = rm_kind(c->type, c->accumulation);
    const int product = f == DML_REDUCE_FUNCTION_MULTIPLY;
    double *m, t = 0, top = -HUGE_VAL;
    int ok = 1, has_nan = 0;
    size_t i;
    if (!fx_is_float(c->type)) return rm_integer(c, x, n);
    if (f == DML_REDUCE_FUNCTION_MIN || f == DML_REDUCE_FUNCTION_MAX) return rm_float_extreme(c, x, n);
    for (i = 0; i < n; i++) {
        const double v = rm_value(c->type, x[i]);
        if (v != v) has_nan = 1;
        else if (v > top) top = v;
    }
    if (has_nan) return rm_canonical_nan(c->type); /* "Special values": a NaN anywhere gives NaN */
    if (f == DML_REDUCE_FUNCTION_LOG_SUM_EXP) {    /* M = +inf gives +inf; -inf only gives -inf */
        if (top == HUGE_VAL) return rm_inf_bits(c->type, 0);
        if (top == -HUGE_VAL) return rm_inf_bits(c->type, 1);
    }
    if (c->float_order == DMLREF_FLOAT_ORDER_EXACT) return rm_exact(c, x, n);
    m = (double *)malloc(n * sizeof *m);
    if (!m) return rm_canonical_nan(c->type) ^ 1u; /* not a result the library can give */
    /* 1. map, in T (the element converted to T is exact) */
    for (i = 0; i < n; i++) {
        const double v = rm_value(c->type, x[i]);
        switch (f) {
        case DML_REDUCE_FUNCTION_L1: m[i] = fabs(v); break;
        case DML_REDUCE_FUNCTION_SUM_SQUARE:
        case DML_REDUCE_FUNCTION_L2: m[i] = rm_mul(kind, v, v); break;
        case DML_REDUCE_FUNCTION_LOG_SUM_EXP:
            m[i] = c->log_sum_exp == DMLREF_LOG_SUM_EXP_PLAIN ? rm_exp(kind, v) : rm_exp(kind, rm_sub(kind, v, top));
            break;
        default: m[i] = v; break;
        }
    }
    /* 2. combine in the float order */
    switch (c->float_order) {
    case DMLREF_FLOAT_ORDER_PAIRWISE:
        t = rm_pairwise(kind, m, n);
        if (c->seed) t = rm_add(kind, 0.0, t);
        break;
    case DMLREF_FLOAT_ORDER_BLOCKED:
    case DMLREF_FLOAT_ORDER_TREE: t = rm_scan_last(c, kind, product, m, n, &ok); break;
    default: /* SEQUENTIAL */
        t = c->seed ? (product ? rm_mul(kind, 1.0, m[0]) : rm_add(kind, 0.0, m[0])) : m[0];
        for (i = 1; i < n; i++) t = product ? rm_mul(kind, t, m[i]) : rm_add(kind, t, m[i]);
        break;
    }
    free(m);
    if (!ok) return rm_canonical_nan(c->type) ^ 1u;
    /* 3. finish */
    switch (f) {
    case DML_REDUCE_FUNCTION_AVERAGE: t = rm_div(kind, t, rm_to_kind(kind, (double)n)); break;
    case DML_REDUCE_FUNCTION_L2: t = rm_sqrt(kind, t); break;
    case DML_REDUCE_FUNCTION_LOG_SUM: t = rm_log(kind, t); break;
    case DML_REDUCE_FUNCTION_LOG_SUM_EXP:
        t = c->log_sum_exp == DMLREF_LOG_SUM_EXP_PLAIN ? rm_log(kind, t) : rm_add(kind, top, rm_log(kind, t));
        break;
    default: break;
    }
    return rm_output_bits(c->type, kind, t);
}

/* ---- the tensor ------------------------------------------------------------------------------ */

int rm_reduce_tensor(const rm_cfg *c, uint32_t rank, const uint32_t *sizes, const uint64_t *in_strides,
                     const uint64_t *out_strides, uint32_t axis_count, const uint32_t *axes, const void *input,
                     void *output) {
    const unsigned size = fx_type_size(c->type);
    const unsigned char *in = (const unsigned char *)input;
    unsigned char *out = (unsigned char *)output;
    uint32_t reduced[8], kept[8], nr = 0, nk = 0, d, a, idx[8];
    int is_reduced[8] = {0};
    uint64_t n = 1, outputs = 1, o, s, *x;
    for (a = 0; a < axis_count; a++) is_reduced[axes[a]] = 1;
    for (d = 0; d < rank; d++) { /* increasing dimension order, whatever order Axes lists them in */
        if (is_reduced[d]) {
            reduced[nr++] = d;
            n *= sizes[d];
        } else {
            kept[nk++] = d;
            outputs *= sizes[d];
        }
    }
    x = (uint64_t *)malloc((size_t)n * sizeof *x);
    if (!x) return 0;
    for (o = 0; o < outputs; o++) {
        uint64_t rest = o, base_in = 0, base_out = 0;
        for (a = nk; a-- > 0;) { /* row-major over the kept axes: the last fastest */
            idx[kept[a]] = (uint32_t)(rest % sizes[kept[a]]);
            rest /= sizes[kept[a]];
            base_in += idx[kept[a]] * in_strides[kept[a]];
            base_out += idx[kept[a]] * out_strides[kept[a]];
        }
        for (s = 0; s < n; s++) { /* the sequence: row-major over the reduced axes */
            uint64_t r = s, off = base_in;
            for (a = nr; a-- > 0;) {
                off += (r % sizes[reduced[a]]) * in_strides[reduced[a]];
                r /= sizes[reduced[a]];
            }
            x[s] = fx_load(in + off * size, size);
        }
        fx_store(out + base_out * size, size, rm_reduce_sequence(c, x, (size_t)n));
    }
    free(x);
    return 1;
}
