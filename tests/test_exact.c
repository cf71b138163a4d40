/* tests/test_exact.c - DMLREF_FLOAT_ORDER_EXACT and dmlref_error_bound, judged
   with exact arithmetic (tests/bigfloat.c, written independently of dml_ref.h).

   exact/...  every EXACT output equals the exact prefix sum rounded to nearest
              even, with the rules for NaN, infinities, overflow and the sign of
              zero (docs/semantics.md, "Exact sums"), on adversarial lines of lengths 1 to
              100,000: cancellation, the whole exponent range, subnormals,
              rounding ties, sums of exactly -2^(64 j) smallest subnormals in
              the superaccumulator, sums a few double spacings below a midpoint whose
              rounding errors pile up past it, prefixes that pass the largest
              finite value and come back, -0.0 runs, NaN and infinities; exclusive, both
              directions, in place, strided and broadcast layouts, every path.
   bound/...  soundness: |computed - exact| <= bound, decided exactly, for every
              output of SEQUENTIAL, BLOCKED, EXACT and (for random association
              trees evaluated here) ANY, sums and products, FLOAT16/32/64; +inf
              for every prefix with a non-finite input; finite bounds wherever
              inputs and results stay far from overflow.

   DMLREF_TEST_REPORT=1 prints the case counts and the tightness (median and
   max of error / bound on normal(0,1) data) that docs/error-bounds.md quotes. */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../dml_ref.h"
#include "bigfloat.h"
#include "fixture.h"
#include "oracle.h"
#include "runner.h"
#include "suites.h"

/* ---- types ---------------------------------------------------------------- */

typedef struct ex_type {
    const char *name;
    DML_TENSOR_DATA_TYPE dml;
    unsigned size, precision, exponent_bits;
    int format; /* BF_F16 ... */
} ex_type;

static const ex_type ex_types[3] = {{"f16", DML_TENSOR_DATA_TYPE_FLOAT16, 2, 11, 5, BF_F16},
                                    {"f32", DML_TENSOR_DATA_TYPE_FLOAT32, 4, 24, 8, BF_F32},
                                    {"f64", DML_TENSOR_DATA_TYPE_FLOAT64, 8, 53, 11, BF_F64}};

static uint64_t ex_fraction_mask(const ex_type *t) { return ((uint64_t)1 << (t->precision - 1)) - 1u; }
static unsigned ex_exponent_ones(const ex_type *t) { return (1u << t->exponent_bits) - 1u; }
static uint64_t ex_sign_bit(const ex_type *t) { return (uint64_t)1 << (t->size * 8 - 1); }
static uint64_t ex_make(const ex_type *t, int negative, unsigned biased, uint64_t fraction) {
    return (negative ? ex_sign_bit(t) : 0) | ((uint64_t)biased << (t->precision - 1)) |
           (fraction & ex_fraction_mask(t));
}
static int ex_is_finite(const ex_type *t, uint64_t bits) {
    return ((bits >> (t->precision - 1)) & ex_exponent_ones(t)) != ex_exponent_ones(t);
}
static int ex_is_nan(const ex_type *t, uint64_t bits) {
    return !ex_is_finite(t, bits) && (bits & ex_fraction_mask(t)) != 0;
}
static uint64_t ex_canonical_nan(const ex_type *t) {
    return ex_make(t, 0, ex_exponent_ones(t), (uint64_t)1 << (t->precision - 2));
}

static double ex_to_double(const ex_type *t, uint64_t bits) {
    float f;
    double d;
    uint32_t w = (uint32_t)bits;
    if (t->size == 2) return (double)oracle_f16_to_f32((uint16_t)bits);
    if (t->size == 4) {
        memcpy(&f, &w, 4);
        return (double)f;
    }
    memcpy(&d, &bits, 8);
    return d;
}
static uint64_t ex_from_double(const ex_type *t, double v) { /* round to nearest even */
    float f;
    uint32_t w;
    uint64_t b;
    if (t->size == 2) return oracle_f32_to_f16((float)v); /* v is chosen exact in float32 */
    if (t->size == 4) {
        f = (float)v;
        memcpy(&w, &f, 4);
        return w;
    }
    memcpy(&b, &v, 8);
    return b;
}
static void ex_set(bigfloat *a, const ex_type *t, uint64_t bits) {
    if (t->size == 2) bf_set_f16_bits(a, (uint16_t)bits);
    else if (t->size == 4) bf_set_f32_bits(a, (uint32_t)bits);
    else bf_set_double(a, ex_to_double(t, bits));
}

/* ---- random lines ---------------------------------------------------------- */

static double ex_normal(fx_rng *r) {
    double u = fx_unit(r), v = fx_unit(r);
    if (u < 1e-300) u = 1e-300;
    return sqrt(-2 * log(u)) * cos(6.283185307179586 * v);
}

enum {
    PAT_NORMAL,    /* normal(0,1) */
    PAT_CANCEL,    /* x, -x pairs with tiny residues */
    PAT_SPAN,      /* every exponent, random signs */
    PAT_SUBNORMAL, /* mostly subnormals */
    PAT_TIES,      /* half-ulp steps around one value: sums land on ties */
    PAT_OVERFLOW,  /* around the largest finite value: prefixes pass it and come back */
    PAT_NEGZERO,   /* runs of -0.0, +0.0, exact cancellations */
    PAT_SPECIAL,   /* SPAN with NaN and infinities */
    PAT_MIDRES,    /* a half-ulp tie plus a residue far below the double precision of the sum */
    PAT_CREEP,     /* just below a midpoint; steps below the double precision pile up until the sum passes it */
    PAT_LIMBEDGE,  /* sums of exactly -2^(64 j) smallest subnormals, after inputs too far apart for 128 bits */
    PAT_CLIMB,     /* large positive values, and every 16th a tiny one, then the large ones undone: the sum
                      climbs past 2^28 and comes back to the tiny ones' sum, which a double loses (FLOAT16 SIMD
                      runs hand over to the scalar loop and back) */
    PAT_MIDREV,    /* MIDRES in reverse memory order: what DECREASING scans see as MIDRES */
    PAT_NEAR1,     /* 1 +- small: products */
    PAT_COUNT
};
static const char *const ex_pattern_names[PAT_COUNT] = {"normal",   "cancel",  "span",    "subnormal", "ties",
                                                        "overflow", "negzero", "special", "midres",    "creep",
                                                        "limbedge", "climb",   "midrev",  "near1"};

static uint64_t ex_random_finite(fx_rng *r, const ex_type *t, unsigned biased_low, unsigned biased_high) {
    unsigned biased = biased_low + fx_below(r, biased_high - biased_low + 1u);
    return ex_make(t, (int)(fx_next(r) & 1u), biased, fx_next(r));
}

static void ex_fill(fx_rng *r, const ex_type *t, int pattern, uint64_t *x, size_t n) {
    unsigned ones = ex_exponent_ones(t), bias = ones / 2u;
    uint64_t max_finite = ex_make(t, 0, ones - 1u, ex_fraction_mask(t));
    size_t i;
    int anchor = (int)bias + (int)fx_below(r, 8); /* exponent of the TIES anchor */
    for (i = 0; i < n; i++) {
        uint64_t v;
        switch (pattern) {
        case PAT_NORMAL: v = ex_from_double(t, ex_normal(r)); break;
        case PAT_CANCEL:
            if (i > 0 && (i % 3u) == 1u) v = x[i - 1] ^ ex_sign_bit(t);             /* -x */
            else if ((i % 3u) == 2u) v = ex_random_finite(r, t, 0, bias / 2u + 1u); /* a tiny residue */
            else v = ex_random_finite(r, t, bias, ones - 2u);
            break;
        case PAT_SPAN: v = ex_random_finite(r, t, 0, ones - 1u); break;
        case PAT_SUBNORMAL: v = fx_below(r, 10) ? ex_random_finite(r, t, 0, 0) : ex_random_finite(r, t, 1, 3); break;
        case PAT_TIES:
            if (i == 0 || fx_below(r, 50) == 0) v = ex_random_finite(r, t, (unsigned)anchor, (unsigned)anchor);
            else /* +-half an ulp of the anchor's binade, sometimes a whole ulp */
                v = ex_make(t, (int)(fx_next(r) & 1u), (unsigned)(anchor - (int)t->precision + (int)fx_below(r, 2)), 0);
            break;
        case PAT_OVERFLOW: {
            unsigned c = fx_below(r, 7);
            if (c <= 2) v = max_finite;
            else if (c == 3) v = ex_make(t, 0, ones - 2u, ex_fraction_mask(t)); /* about MAX / 2 */
            else if (c == 4) v = ex_make(t, 0, ones - t->precision, 0);         /* half an ulp of MAX */
            else v = ex_random_finite(r, t, bias, ones - 1u);
            v |= (fx_next(r) & 1u) ? ex_sign_bit(t) : 0;
            break;
        }
        case PAT_NEGZERO: {
            unsigned c = fx_below(r, 8);
            if (c < 5) v = ex_sign_bit(t);
            else if (c == 5) v = 0;
            else if (c == 6 || i == 0) v = ex_random_finite(r, t, 1, ones - 1u);
            else v = x[i - 1] ^ ex_sign_bit(t);
            break;
        }
        case PAT_SPECIAL: {
            unsigned c = fx_below(r, 50);
            if (c == 0) v = ex_make(t, (int)(fx_next(r) & 1u), ones, 0);
            else if (c == 1) v = ex_make(t, (int)(fx_next(r) & 1u), ones, fx_next(r) | 1u);
            else v = ex_random_finite(r, t, 0, ones - 1u);
            break;
        }
        case PAT_MIDRES:
        case PAT_MIDREV: { /* y, then +-h (half an ulp of y) and +-t, t about y 2^-(p+40) */
            int t_biased = anchor - (int)t->precision - 40;
            unsigned c = (unsigned)(i % 4u);
            if (i == 0) v = ex_random_finite(r, t, (unsigned)anchor, (unsigned)anchor);
            else if (c == 1 || c == 3)
                v = ex_make(t, (int)(fx_next(r) & 1u), (unsigned)(anchor - (int)t->precision), 0);
            else if (c == 2 && t_biased > 0) v = ex_make(t, (int)(fx_next(r) & 1u), (unsigned)t_biased, fx_next(r));
            else if (c == 2) /* FLOAT16: 1-3 smallest subnormals, mostly below float32's last bit of the sum */
                v = ex_make(t, (int)(fx_next(r) & 1u), 0, 1u + fx_below(r, 3));
            else v = x[i - 1] ^ ex_sign_bit(t); /* undo the residue */
            break;
        }
        case PAT_CREEP: { /* blocks of 32: y, h (y + h a midpoint), -k d (d: the double spacing at y, k 1..3),
                             13 steps of d (1 + 2^-21) / 4, each below half a spacing, so the running double
                             keeps M - k d while the exact sum passes M; then all of it undone */
            const double y = ldexp(1.0, anchor - (int)bias), d = ldexp(y, -52);
            const double step = ldexp(d, -2) * (1 + ldexp(1.0, -21)), k = (double)(1u + (unsigned)(i / 32u) % 3u);
            const unsigned c = (unsigned)(i % 32u);
            const double values[4] = {y, ldexp(y, -(int)t->precision), -k * d, step};
            double value = c < 3u ? values[c] : c < 16u ? step : c < 19u ? -values[c - 16u] : -step;
            v = ex_from_double(t, value);
            break;
        }
        case PAT_LIMBEDGE: { /* blocks of 6: +big, +tiny, -big, -tiny (the sum, 0, needs more than 128 bits on
                                the way), -V, +V with V = 2^(64 j) times the smallest subnormal, j = 1 .. jmax */
            const unsigned c = (unsigned)(i % 6u), jmax = (2u * bias + t->precision - 3u) / 64u;
            const unsigned j = jmax ? 1u + (unsigned)(i / 6u) % jmax : 0u;
            const int sign = c >= 2u && c <= 4u;
            if (c == 0 || c == 2) v = ex_make(t, sign, ones - 2u, 0);
            else if (c == 1 || c == 3 || j == 0) v = ex_make(t, sign, 0, 1); /* FLOAT16: V is the subnormal itself */
            else v = ex_make(t, sign, 64u * j + 2u - t->precision, 0);       /* biased: 64 j + (2 - bias - p) + bias */
            break;
        }
        case PAT_CLIMB: /* the second half undoes the first half's large values in mirror order, not its tiny ones */
            if (i < n / 2u && i % 16u == 15u) v = ex_make(t, 0, 0, 1u + fx_below(r, 3));
            else if (i < n / 2u) v = ex_random_finite(r, t, ones - 4u, ones - 1u) & ~ex_sign_bit(t);
            else if (i < n - n / 2u || ((x[n - 1u - i] >> (t->precision - 1u)) & ones) == 0) v = 0;
            else v = x[n - 1u - i] ^ ex_sign_bit(t);
            break;
        default: /* PAT_NEAR1 */ v = ex_from_double(t, 1 + ldexp(ex_normal(r), -(int)t->precision / 2)); break;
        }
        x[i] = v;
    }
    for (i = 0; pattern == PAT_MIDREV && i < n / 2u; i++) {
        uint64_t v = x[i];
        x[i] = x[n - 1u - i];
        x[n - 1u - i] = v;
    }
}

/* ---- the EXACT oracle ---------------------------------------------------- */

typedef struct ex_prefix {
    bigfloat sum;
    int nan, plus_infinity, minus_infinity, inputs, all_negative_zero;
} ex_prefix;
static void ex_prefix_init(ex_prefix *p) {
    bf_init(&p->sum);
    p->nan = p->plus_infinity = p->minus_infinity = p->inputs = 0;
    p->all_negative_zero = 1;
}
static void ex_prefix_add(ex_prefix *p, const ex_type *t, uint64_t bits) {
    p->inputs = 1;
    if (bits != ex_sign_bit(t)) p->all_negative_zero = 0;
    if (ex_is_nan(t, bits)) p->nan = 1;
    else if (!ex_is_finite(t, bits)) {
        if (bits & ex_sign_bit(t)) p->minus_infinity = 1;
        else p->plus_infinity = 1;
    } else {
        bf_add_double(&p->sum, ex_to_double(t, bits));
    }
}
/* The contract's value of a prefix. */
static uint64_t ex_prefix_value(const ex_prefix *p, const ex_type *t) {
    uint64_t infinity = ex_make(t, 0, ex_exponent_ones(t), 0);
    if (p->nan || (p->plus_infinity && p->minus_infinity)) return ex_canonical_nan(t);
    if (p->plus_infinity) return infinity;
    if (p->minus_infinity) return infinity | ex_sign_bit(t);
    if (bf_is_zero(&p->sum)) return p->inputs && p->all_negative_zero ? ex_sign_bit(t) : 0;
    return bf_round(&p->sum, t->format);
}

/* Expected outputs of one line in traversal order. */
static void ex_expected_line(const ex_type *t, const uint64_t *x, size_t n, int exclusive, uint64_t *y) {
    ex_prefix p;
    size_t i;
    ex_prefix_init(&p);
    for (i = 0; i < n; i++) {
        if (exclusive) y[i] = ex_prefix_value(&p, t);
        ex_prefix_add(&p, t, x[i]);
        if (!exclusive) y[i] = ex_prefix_value(&p, t);
    }
    bf_free(&p.sum);
}

/* ---- running the library on 2-D layouts -------------------------------------- */

enum { LAY_LINE, LAY_ROWS, LAY_COLUMNS_PADDED, LAY_BROADCAST, LAY_INPLACE, LAY_COUNT };
static const char *const ex_layout_names[LAY_COUNT] = {"line", "rows", "columns-padded", "broadcast", "inplace"};

typedef struct ex_layout {
    UINT sizes[2], in_strides[2], out_strides[2], axis;
    size_t in_elems, out_elems; /* buffer extents */
    size_t lines, length;
} ex_layout;

/* n elements along the axis, `lines` lines. */
static void ex_make_layout(int kind, size_t n, size_t lines, ex_layout *l) {
    l->length = n;
    l->lines = lines;
    switch (kind) {
    case LAY_LINE:
        l->lines = 1;
        /* fall through */
    case LAY_ROWS:
    case LAY_INPLACE:
        l->axis = 1;
        l->sizes[0] = (UINT)l->lines;
        l->sizes[1] = (UINT)n;
        l->in_strides[0] = l->out_strides[0] = (UINT)n;
        l->in_strides[1] = l->out_strides[1] = 1;
        break;
    case LAY_COLUMNS_PADDED: /* the axis is the outer one, rows padded by 3 in, 5 out */
        l->axis = 0;
        l->sizes[0] = (UINT)n;
        l->sizes[1] = (UINT)lines;
        l->in_strides[0] = (UINT)lines + 3u;
        l->out_strides[0] = (UINT)lines + 5u;
        l->in_strides[1] = l->out_strides[1] = 1;
        break;
    default: /* LAY_BROADCAST: every line reads the same input */
        l->axis = 1;
        l->sizes[0] = (UINT)lines;
        l->sizes[1] = (UINT)n;
        l->in_strides[0] = 0;
        l->in_strides[1] = 1;
        l->out_strides[0] = (UINT)n;
        l->out_strides[1] = 1;
        break;
    }
    l->in_elems = (size_t)(l->sizes[0] - 1u) * l->in_strides[0] + (size_t)(l->sizes[1] - 1u) * l->in_strides[1] + 1u;
    l->out_elems = (size_t)(l->sizes[0] - 1u) * l->out_strides[0] + (size_t)(l->sizes[1] - 1u) * l->out_strides[1] + 1u;
}
/* Element offset of (line j, position i along the axis). */
static size_t ex_offset(const ex_layout *l, const UINT *strides, size_t j, size_t i) {
    return l->axis == 1 ? j * strides[0] + i * strides[1] : i * strides[0] + j * strides[1];
}

typedef struct ex_op {
    fx_tensor in, out, bound;
    fx_op scan;
} ex_op;

static void ex_make_op(ex_op *o, const ex_type *t, const ex_layout *l, int product, int exclusive, int decreasing) {
    fx_tensor_set(&o->in, t->dml, 2, l->sizes, l->in_strides, (l->in_elems * t->size + 3u) & ~(size_t)3u);
    fx_tensor_set(&o->out, t->dml, 2, l->sizes, l->out_strides, (l->out_elems * t->size + 3u) & ~(size_t)3u);
    fx_tensor_set(&o->bound, DML_TENSOR_DATA_TYPE_FLOAT64, 2, l->sizes, l->out_strides, l->out_elems * 8u);
    fx_scan_op(&o->scan, product, &o->in.desc, &o->out.desc, l->axis, decreasing, exclusive);
}


static unsigned long long ex_checked_outputs, ex_checked_bounds;

/* ---- exact/... cases --------------------------------------------------------- */

typedef struct ex_case {
    char name[96];
    const ex_type *t;
    int pattern, layout, exclusive, decreasing, all_isas;
    size_t n, lines;
    uint64_t seed;
} ex_case;

#define EX_MAX_CASES 1024
static ex_case ex_cases[EX_MAX_CASES];
static unsigned ex_case_count;

static void run_exact_case(const void *ctx) {
    const ex_case *c = (const ex_case *)ctx;
    const ex_type *t = c->t;
    ex_layout l;
    ex_op o;
    fx_rng r;
    uint64_t *x, *line_in, *line_out;
    unsigned char *in, *out, *expected;
    size_t j, i, in_bytes, out_bytes;
    unsigned k;
    r.s = c->seed;
    ex_make_layout(c->layout, c->n, c->lines, &l);
    ex_make_op(&o, t, &l, 0, c->exclusive, c->decreasing);
    in_bytes = (size_t)o.in.buf.TotalTensorSizeInBytes;
    out_bytes = (size_t)o.out.buf.TotalTensorSizeInBytes;
    if (c->layout == LAY_INPLACE && in_bytes < out_bytes) in_bytes = out_bytes;
    in = (unsigned char *)malloc(in_bytes);
    out = (unsigned char *)malloc(out_bytes);
    expected = (unsigned char *)malloc(out_bytes);
    x = (uint64_t *)malloc(l.in_elems * sizeof *x);
    line_in = (uint64_t *)malloc(l.length * sizeof *line_in);
    line_out = (uint64_t *)malloc(l.length * sizeof *line_out);
    if (!TR_CHECK(in && out && expected && x && line_in && line_out)) goto done;
    memset(in, 0x5A, in_bytes);
    ex_fill(&r, t, c->pattern, x, l.in_elems);
    for (i = 0; i < l.in_elems; i++) fx_store(in + i * t->size, t->size, x[i]);
    if (c->layout == LAY_INPLACE) memcpy(expected, in, out_bytes); /* padding must stay as it was */
    else memset(expected, 0xA5, out_bytes);
    for (j = 0; j < l.lines; j++) {
        for (i = 0; i < l.length; i++) {
            size_t along = c->decreasing ? l.length - 1u - i : i;
            line_in[i] = fx_load(in + ex_offset(&l, l.in_strides, j, along) * t->size, t->size);
        }
        ex_expected_line(t, line_in, l.length, c->exclusive, line_out);
        for (i = 0; i < l.length; i++) {
            size_t along = c->decreasing ? l.length - 1u - i : i;
            fx_store(expected + ex_offset(&l, l.out_strides, j, along) * t->size, t->size, line_out[i]);
        }
    }
    for (k = 0; k < FX_ISA_COUNT; k++) {
        dmlref_options options;
        char message[256];
        const void *inputs[1];
        void *outputs[1];
        dmlref_status s;
        unsigned char *target = c->layout == LAY_INPLACE ? in : out;
        if (!dmlref_isa_available(fx_isas[k])) continue;
        if (!c->all_isas && k > 0) break;
        if (c->layout == LAY_INPLACE) {
            for (i = 0; i < l.in_elems; i++) fx_store(in + i * t->size, t->size, x[i]);
        } else {
            memset(out, 0xA5, out_bytes);
        }
        memset(&options, 0, sizeof options);
        options.float_order = DMLREF_FLOAT_ORDER_EXACT;
        options.isa = fx_isas[k];
        options.error_message = message;
        options.error_message_capacity = sizeof message;
        inputs[0] = in;
        outputs[0] = target;
        s = dmlref_execute(&o.scan.op, inputs, outputs, &options);
        if (!TR_CHECKF(s == DMLREF_OK, "%s: status %s (%s)", dmlref_isa_name(fx_isas[k]), dmlref_status_name(s),
                       message))
            continue;
        if (memcmp(target, expected, out_bytes) != 0) {
            for (i = 0; i < out_bytes; i += t->size)
                if (memcmp(target + i, expected + i, t->size) != 0) break;
            TR_CHECKF(0, "%s: element %lu is 0x%llx, expected 0x%llx", dmlref_isa_name(fx_isas[k]),
                      (unsigned long)(i / t->size), (unsigned long long)fx_load(target + i, t->size),
                      (unsigned long long)fx_load(expected + i, t->size));
        }
        ex_checked_outputs += l.lines * l.length;
    }
    if (c->layout != LAY_INPLACE)
        for (i = 0; i < l.in_elems; i++)
            if (!TR_CHECKF(fx_load(in + i * t->size, t->size) == x[i], "input element %lu changed", (unsigned long)i))
                break;
done:
    free(in);
    free(out);
    free(expected);
    free(x);
    free(line_in);
    free(line_out);
}

static void ex_add_case(const ex_type *t, int pattern, int layout, int exclusive, int decreasing, size_t n,
                        size_t lines, int all_isas, uint64_t seed) {
    ex_case *c;
    if (ex_case_count >= EX_MAX_CASES) return;
    c = &ex_cases[ex_case_count++];
    c->t = t;
    c->pattern = pattern;
    c->layout = layout;
    c->exclusive = exclusive;
    c->decreasing = decreasing;
    c->n = n;
    c->lines = lines;
    c->all_isas = all_isas;
    c->seed = seed;
    snprintf(c->name, sizeof c->name, "%s/%s-%s-%s%s%s-n%lu", n > 1000000 ? "large/exact" : "exact", t->name,
             ex_pattern_names[pattern], ex_layout_names[layout], exclusive ? "-exclusive" : "",
             decreasing ? "-decreasing" : "", (unsigned long)n);
    tr_add(c->name, run_exact_case, c);
}

/* ---- bound/... cases --------------------------------------------------------- */

enum { ORD_SEQUENTIAL, ORD_BLOCKED, ORD_EXACT, ORD_ANY, ORD_TREE, ORD_COUNT };
static const char *const ex_order_names[ORD_COUNT] = {"sequential", "blocked", "exact", "any", "tree"};
static const int ex_order_values[ORD_COUNT] = {DMLREF_FLOAT_ORDER_SEQUENTIAL, DMLREF_FLOAT_ORDER_BLOCKED,
                                               DMLREF_FLOAT_ORDER_EXACT, DMLREF_FLOAT_ORDER_ANY,
                                               DMLREF_FLOAT_ORDER_TREE};
/* The trees ORD_TREE cases take (their index is in the case). */
static const dmlref_scan_tree ex_trees[] = {
    {DMLREF_TREE_SKLANSKY, 32, DMLREF_CARRY_INTO_FIRST, 0, 0, 0},
    {DMLREF_TREE_KOGGE_STONE, 64, DMLREF_CARRY_AFTER, 0, 0, 0},
    {DMLREF_TREE_BRENT_KUNG, 16, DMLREF_CARRY_AFTER, 0, 0, 0},
    {DMLREF_TREE_BRENT_KUNG, 8, DMLREF_CARRY_INTO_FIRST, 0, 0, 0},
    {DMLREF_TREE_SKLANSKY, 2, DMLREF_CARRY_AFTER, 0, 0, 0},
    {DMLREF_TREE_KOGGE_STONE, 2048, DMLREF_CARRY_INTO_FIRST, 0, 0, 0},
    {DMLREF_TREE_KOGGE_STONE, 2, DMLREF_CARRY_INTO_FIRST, 0, 0, 0},
    {DMLREF_TREE_SKLANSKY, 1024, DMLREF_CARRY_AFTER, 0, 0, 0},
    /* serial grains, lanes and recursive carries: torch.compile's, XLA's and CuPy's, and smaller relatives */
    {DMLREF_TREE_KOGGE_STONE, 2048, DMLREF_CARRY_AFTER, 4, 32, 0},
    {DMLREF_TREE_KOGGE_STONE, 16, DMLREF_CARRY_RECURSIVE, 16, 1, 1},
    {DMLREF_TREE_BRENT_KUNG, 512, DMLREF_CARRY_RECURSIVE_LAST, 0, 0, 0},
    {DMLREF_TREE_SKLANSKY, 8, DMLREF_CARRY_RECURSIVE, 3, 2, 0},
    {DMLREF_TREE_BRENT_KUNG, 4, DMLREF_CARRY_RECURSIVE_LAST, 1, 2, 1},
    {DMLREF_TREE_KOGGE_STONE, 32, DMLREF_CARRY_INTO_FIRST, 5, 4, 1}};
static const char *const ex_accumulation_names[3] = {"", "-native", "-wide"};

typedef struct bound_case {
    char name[192];
    const ex_type *t;
    int product, order, pattern, layout, exclusive, decreasing;
    int accumulation, identity_seed, tree; /* options; tree indexes ex_trees (ORD_TREE) */
    size_t n, lines;
    uint64_t seed;
} bound_case;

#define BOUND_MAX_CASES 2048
static bound_case bound_cases[BOUND_MAX_CASES];
static unsigned bound_case_count;

/* Tightness samples: error / bound on normal(0,1) data, per type x op x order. */
typedef struct ex_ratios {
    double *v;
    size_t n, cap;
} ex_ratios;
static ex_ratios ex_tightness[3][2][ORD_COUNT];
static int ex_report;

static void ex_ratio_add(ex_ratios *r, double v) {
    if (r->n == r->cap) {
        size_t cap = r->cap ? r->cap * 2 : 4096;
        double *p = (double *)realloc(r->v, cap * sizeof *p);
        if (!p) return;
        r->v = p;
        r->cap = cap;
    }
    r->v[r->n++] = v;
}

/* binary16 nearest to a double, ties to even, found among the neighbours of
   the float32 rounding (within a factor 2 of v, so each |v - h| is exact). */
static uint16_t ex_f64_to_f16(double v) {
    uint16_t h = oracle_f32_to_f16((float)v), best = h;
    double best_distance;
    int k;
    if (v != v) return 0x7E00u;
    if (fabs(v) >= 65520.0) return (uint16_t)(v < 0 ? 0xFC00u : 0x7C00u);
    best_distance = fabs(v - (double)oracle_f16_to_f32(h));
    for (k = -1; k <= 1; k += 2) {
        uint16_t c = (uint16_t)(h + k);
        double d;
        if ((h & 0x7FFFu) == 0 || (c & 0x7C00u) == 0x7C00u || ((c ^ h) & 0x8000u)) continue;
        d = fabs(v - (double)oracle_f16_to_f32(c));
        if (d < best_distance || (d == best_distance && !(c & 1u))) {
            best = c;
            best_distance = d;
        }
    }
    return best;
}

/* One value of the accumulation type of t: DEFAULT float for FLOAT16/32;
   NATIVE the type itself; WIDE double. */
static double ex_acc_round(const ex_type *t, int accumulation, double v) {
    if (t->size == 8 || accumulation == DMLREF_ACCUMULATION_WIDE) return v;
    if (t->size == 2 && accumulation == DMLREF_ACCUMULATION_NATIVE) return (double)oracle_f16_to_f32(ex_f64_to_f16(v));
    return (double)(float)v;
}

/* An association tree of work[lo..hi) with random split points (expected
   depth O(log n)), in the accumulation type. */
static double ex_split_tree(fx_rng *r, const ex_type *t, int accumulation, const double *work, size_t lo, size_t hi,
                            int product) {
    size_t split;
    double a, b;
    if (hi - lo == 1) return work[lo];
    split = lo + 1u + fx_below(r, (unsigned)(hi - lo - 1u));
    a = ex_split_tree(r, t, accumulation, work, lo, split, product);
    b = ex_split_tree(r, t, accumulation, work, split, hi, product);
    return ex_acc_round(t, accumulation, product ? a * b : a + b);
}

/* The ANY bound covers finite outputs. An infinite output of a finite prefix is consistent when the exact
   sum, give or take the bound, reaches the output type's overflow threshold: the bound is at least the
   accumulation's threshold wherever an order may overflow it. */
static int ex_inf_consistent(const ex_type *t, double b, double exact) {
    const double overflow_out = t->size == 2 ? 65520.0 : t->size == 4 ? ldexp(1.0, 128) - ldexp(1.0, 103) : DBL_MAX;
    return isinf(b) || fabs(exact) + b >= overflow_out;
}

/* What an implementation in ANY order may return for x[0..n): the elements in
   order, combined by a random-split tree (variant 0) or left to right (variant
   1) in the accumulation type, then rounded once to the output type. */
static double ex_random_tree(fx_rng *r, const ex_type *t, int accumulation, const uint64_t *x, size_t n, int product,
                             int variant, double *work) {
    size_t i;
    double v;
    for (i = 0; i < n; i++) work[i] = ex_to_double(t, x[i]); /* in order: a scan associates, never reorders */
    if (variant == 0) {
        v = ex_split_tree(r, t, accumulation, work, 0, n, product);
    } else {
        v = work[0];
        for (i = 1; i < n; i++) v = ex_acc_round(t, accumulation, product ? v * work[i] : v + work[i]);
    }
    return t->size == 2 ? (double)oracle_f16_to_f32(ex_f64_to_f16(v)) : ex_to_double(t, ex_from_double(t, v));
}

/* |computed - exact| as a double (for ratios), with exact held as a bigfloat. */
static double ex_error(const bigfloat *exact, double computed) {
    bigfloat d;
    double e;
    bf_init(&d);
    bf_set_double(&d, computed);
    bf_neg(&d);
    bf_add(&d, &d, exact);
    e = fabs(bf_to_double(&d));
    bf_free(&d);
    return e;
}

static void run_bound_case(const void *ctx) {
    const bound_case *c = (const bound_case *)ctx;
    const ex_type *t = c->t;
    ex_layout l;
    ex_op o;
    fx_rng r;
    uint64_t *x = NULL, *line = NULL;
    unsigned char *in = NULL, *out = NULL;
    double *bound = NULL, *work = NULL;
    bigfloat exact, value;
    dmlref_options options;
    char message[256];
    const void *inputs[1];
    void *outputs[1];
    dmlref_status s;
    size_t j, i, in_bytes, out_bytes;
    int normal = c->pattern == PAT_NORMAL || c->pattern == PAT_NEAR1;
    r.s = c->seed;
    bf_init(&exact);
    bf_init(&value);
    ex_make_layout(c->layout, c->n, c->lines, &l);
    ex_make_op(&o, t, &l, c->product, c->exclusive, c->decreasing);
    in_bytes = (size_t)o.in.buf.TotalTensorSizeInBytes;
    out_bytes = (size_t)o.out.buf.TotalTensorSizeInBytes;
    in = (unsigned char *)malloc(in_bytes);
    out = (unsigned char *)malloc(out_bytes);
    bound = (double *)malloc(l.out_elems * sizeof *bound);
    x = (uint64_t *)malloc(l.in_elems * sizeof *x);
    line = (uint64_t *)malloc(l.length * sizeof *line);
    work = (double *)malloc(l.length * sizeof *work);
    if (!TR_CHECK(in && out && bound && x && line && work)) goto done;
    memset(in, 0, in_bytes);
    ex_fill(&r, t, c->pattern, x, l.in_elems);
    for (i = 0; i < l.in_elems; i++) fx_store(in + i * t->size, t->size, x[i]);
    memset(&options, 0, sizeof options);
    options.float_order = ex_order_values[c->order];
    options.accumulation = c->accumulation;
    options.identity_seed = c->identity_seed;
    options.tree = &ex_trees[c->tree];
    options.error_message = message;
    options.error_message_capacity = sizeof message;
    inputs[0] = in;
    outputs[0] = out;
    for (i = 0; i < l.out_elems; i++) bound[i] = -1;
    s = dmlref_error_bound(&o.scan.op, inputs, &o.bound.desc, bound, &options);
    if (!TR_CHECKF(s == DMLREF_OK, "dmlref_error_bound: %s (%s)", dmlref_status_name(s), message)) goto done;
    /* What is judged: execute's output in that order (ANY: SEQUENTIAL's, and random trees below). */
    options.float_order = c->order == ORD_ANY ? DMLREF_FLOAT_ORDER_SEQUENTIAL : ex_order_values[c->order];
    s = dmlref_execute(&o.scan.op, inputs, outputs, &options);
    if (!TR_CHECKF(s == DMLREF_OK, "dmlref_execute: %s (%s)", dmlref_status_name(s), message)) goto done;
    for (j = 0; j < l.lines; j++) {
        int non_finite = 0;
        for (i = 0; i < l.length; i++) {
            size_t along = c->decreasing ? l.length - 1u - i : i;
            line[i] = fx_load(in + ex_offset(&l, l.in_strides, j, along) * t->size, t->size);
        }
        bf_set_double(&exact, c->product ? 1.0 : 0.0);
        for (i = 0; i < l.length; i++) {
            size_t along = c->decreasing ? l.length - 1u - i : i, at = ex_offset(&l, l.out_strides, j, along);
            double b = bound[at], computed = ex_to_double(t, fx_load(out + at * t->size, t->size));
            int first = i == 0;
            if (c->exclusive) { /* output i is the prefix before element i */
                if (first) {
                    TR_CHECKF(b >= 0 && !isnan(b), "line %lu output 0: bound %g", (unsigned long)j, b);
                    continue;
                }
            }
            {
                size_t last = c->exclusive ? i - 1u : i; /* the prefix is line[0..last] */
                if (!ex_is_finite(t, line[last])) non_finite = 1;
                else {
                    ex_set(&value, t, line[last]);
                    if (c->product) bf_mul(&exact, &exact, &value);
                    else bf_add(&exact, &exact, &value);
                    if (c->product && last == 0) bf_copy(&exact, &value);
                }
                ex_checked_bounds++;
                if (!TR_CHECKF(b >= 0 && !isnan(b), "line %lu output %lu: bound %g is not >= 0", (unsigned long)j,
                               (unsigned long)i, b))
                    goto done;
                if (non_finite) {
                    if (!TR_CHECKF(isinf(b), "line %lu output %lu: a non-finite input, bound %g is not +inf",
                                   (unsigned long)j, (unsigned long)i, b))
                        goto done;
                    continue;
                }
                if (normal && !TR_CHECKF(!isinf(b), "line %lu output %lu: bound is +inf on finite data",
                                         (unsigned long)j, (unsigned long)i))
                    goto done;
                if (c->order == ORD_ANY && !c->product && isinf(computed)) {
                    if (!TR_CHECKF(ex_inf_consistent(t, b, bf_to_double(&exact)),
                                   "line %lu output %lu: %g where no order overflows (exact %.17g, bound %.17g)",
                                   (unsigned long)j, (unsigned long)i, computed, bf_to_double(&exact), b))
                        goto done;
                } else if (!TR_CHECKF(bf_within(&exact, computed, b),
                                      "line %lu output %lu: |%.17g - exact (%.17g)| > bound %.17g", (unsigned long)j,
                                      (unsigned long)i, computed, bf_to_double(&exact), b))
                    goto done;
                if (ex_report && c->pattern == PAT_NORMAL && !c->product && b > 0 && !isinf(b))
                    ex_ratio_add(&ex_tightness[t - ex_types][c->product][c->order], ex_error(&exact, computed) / b);
                if (ex_report && c->pattern == PAT_NEAR1 && c->product && b > 0 && !isinf(b))
                    ex_ratio_add(&ex_tightness[t - ex_types][c->product][c->order], ex_error(&exact, computed) / b);
                /* ANY: random association trees of this prefix (a sample of prefixes on long lines) */
                if (c->order == ORD_ANY && (last < 64 || fx_below(&r, (unsigned)(last / 16u + 1u)) == 0)) {
                    unsigned trial;
                    for (trial = 0; trial < 2; trial++) {
                        double tree =
                            ex_random_tree(&r, t, c->accumulation, line, last + 1u, c->product, (int)trial, work);
                        ex_checked_bounds++;
                        if (!c->product && (isinf(tree) || isnan(tree))) { /* inf + -inf: NaN, overflowed too */
                            if (!TR_CHECKF(ex_inf_consistent(t, b, bf_to_double(&exact)),
                                           "line %lu output %lu: a random tree gives %g where no order overflows "
                                           "(exact %.17g, bound %.17g)",
                                           (unsigned long)j, (unsigned long)i, tree, bf_to_double(&exact), b))
                                goto done;
                            continue;
                        }
                        if (!TR_CHECKF(bf_within(&exact, tree, b),
                                       "line %lu output %lu: a random tree gives %.17g, exact %.17g, bound %.17g",
                                       (unsigned long)j, (unsigned long)i, tree, bf_to_double(&exact), b))
                            goto done;
                    }
                }
            }
        }
    }
done:
    bf_free(&exact);
    bf_free(&value);
    free(in);
    free(out);
    free(bound);
    free(x);
    free(line);
    free(work);
}

static bound_case *bound_add_case_with(const ex_type *t, int product, int order, int pattern, int layout, int exclusive,
                                       int decreasing, size_t n, size_t lines, uint64_t seed, int accumulation,
                                       int identity_seed, int tree);
static bound_case *bound_add_case(const ex_type *t, int product, int order, int pattern, int layout, int exclusive,
                                  int decreasing, size_t n, size_t lines, uint64_t seed) {
    return bound_add_case_with(t, product, order, pattern, layout, exclusive, decreasing, n, lines, seed, 0, 0, 0);
}
static bound_case *bound_add_case_with(const ex_type *t, int product, int order, int pattern, int layout, int exclusive,
                                       int decreasing, size_t n, size_t lines, uint64_t seed, int accumulation,
                                       int identity_seed, int tree) {
    bound_case *c;
    static const char *const carries[4] = {"after", "first", "rec", "reclast"};
    char tree_name[64] = "";
    if (bound_case_count >= BOUND_MAX_CASES) return NULL;
    c = &bound_cases[bound_case_count++];
    c->accumulation = accumulation;
    c->identity_seed = identity_seed;
    c->tree = tree;
    c->t = t;
    c->product = product;
    c->order = order;
    c->pattern = pattern;
    c->layout = layout;
    c->exclusive = exclusive;
    c->decreasing = decreasing;
    c->n = n;
    c->lines = lines;
    c->seed = seed;
    if (order == ORD_TREE)
        snprintf(tree_name, sizeof tree_name, "-%s%u%s%s%.0u%s%.0u%s",
                 ex_trees[tree].algorithm == DMLREF_TREE_KOGGE_STONE ? "ks"
                 : ex_trees[tree].algorithm == DMLREF_TREE_SKLANSKY  ? "sk"
                                                                     : "bk",
                 (unsigned)ex_trees[tree].block, carries[ex_trees[tree].carry], ex_trees[tree].serial ? "-s" : "",
                 (unsigned)ex_trees[tree].serial, ex_trees[tree].lanes ? "-l" : "", (unsigned)ex_trees[tree].lanes,
                 ex_trees[tree].run_seed ? "-runseed" : "");
    snprintf(c->name, sizeof c->name, "bound/%s-%s%s%s%s-%s-%s-%s%s%s-n%lu", product ? "cumprod" : "cumsum",
             ex_order_names[order], tree_name, ex_accumulation_names[accumulation], identity_seed ? "-seed" : "",
             t->name, ex_pattern_names[pattern], ex_layout_names[layout], exclusive ? "-exclusive" : "",
             decreasing ? "-decreasing" : "", (unsigned long)n);
    tr_add(c->name, run_bound_case, c);
    return c;
}

/* A lone input next to the largest finite value is exact (no operation):
   its bound is finite in every order; {MAX, -MAX} may overflow in some order. */
static void run_bound_near_max(const void *ctx) {
    static const float x[4] = {3.40282347e38f, -3.40282347e38f, 1.0f, 1.0f};
    double bound[4];
    UINT sizes[1] = {4};
    DML_BUFFER_TENSOR_DESC buffer = {DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_FLAG_NONE, 1, sizes, NULL, 16, 0};
    DML_BUFFER_TENSOR_DESC bound_buffer = {DML_TENSOR_DATA_TYPE_FLOAT64, DML_TENSOR_FLAG_NONE, 1, sizes, NULL, 32, 0};
    DML_TENSOR_DESC tensor = {DML_TENSOR_TYPE_BUFFER, &buffer}, bound_tensor = {DML_TENSOR_TYPE_BUFFER, &bound_buffer};
    DML_CUMULATIVE_SUMMATION_OPERATOR_DESC sum = {&tensor, &tensor, 0, DML_AXIS_DIRECTION_INCREASING, FALSE};
    DML_OPERATOR_DESC op = {DML_OPERATOR_CUMULATIVE_SUMMATION, &sum};
    const void *inputs[1] = {x};
    dmlref_options options;
    int order;
    (void)ctx;
    memset(&options, 0, sizeof options);
    options.tree = &ex_trees[0];
    for (order = 0; order < ORD_COUNT; order++) {
        options.float_order = ex_order_values[order];
        if (!TR_CHECK(dmlref_error_bound(&op, inputs, &bound_tensor, bound, &options) == DMLREF_OK)) continue;
        TR_CHECKF(!isinf(bound[0]) && bound[0] >= 0, "%s: bound of the lone MAX is %g", ex_order_names[order],
                  bound[0]);
    }
}

/* FLOAT64 {1e308, 0, 0, 0}: every output is exactly 1e308 and cannot
   overflow; the sum of depths times |x| passes DBL_MAX while u times it does
   not: the bound stays finite in every order (found by the fuzzer). */
static void run_bound_near_max_weights(const void *ctx) {
    static const double x[8] = {1e308, 0, 0, 0, 0, 0, 0, 0};
    static const dmlref_scan_tree trees[4] = {{DMLREF_TREE_KOGGE_STONE, 4, DMLREF_CARRY_AFTER, 0, 0, 0},
                                              {DMLREF_TREE_SKLANSKY, 2, DMLREF_CARRY_INTO_FIRST, 0, 0, 0},
                                              {DMLREF_TREE_BRENT_KUNG, 8, DMLREF_CARRY_AFTER, 0, 0, 0},
                                              {DMLREF_TREE_KOGGE_STONE, 2, DMLREF_CARRY_INTO_FIRST, 0, 0, 0}};
    double bound[8];
    UINT sizes[1] = {8};
    DML_BUFFER_TENSOR_DESC buffer = {DML_TENSOR_DATA_TYPE_FLOAT64, DML_TENSOR_FLAG_NONE, 1, sizes, NULL, 64, 0};
    DML_TENSOR_DESC tensor = {DML_TENSOR_TYPE_BUFFER, &buffer};
    DML_CUMULATIVE_SUMMATION_OPERATOR_DESC sum = {&tensor, &tensor, 0, DML_AXIS_DIRECTION_INCREASING, FALSE};
    DML_OPERATOR_DESC op = {DML_OPERATOR_CUMULATIVE_SUMMATION, &sum};
    const void *inputs[1] = {x};
    dmlref_options options;
    int order, k, i;
    (void)ctx;
    for (order = 0; order < 3 + 4; order++) {
        memset(&options, 0, sizeof options);
        options.float_order = order < 3 ? (order == 2 ? DMLREF_FLOAT_ORDER_ANY : order) : DMLREF_FLOAT_ORDER_TREE;
        options.tree = &trees[order < 3 ? 0 : order - 3];
        for (k = 0; k < 2; k++) {
            options.isa = k == 0 ? DMLREF_ISA_AUTO : DMLREF_ISA_SCALAR;
            if (!TR_CHECK(dmlref_error_bound(&op, inputs, &tensor, bound, &options) == DMLREF_OK)) continue;
            for (i = 0; i < 8; i++)
                TR_CHECKF(!isinf(bound[i]) && bound[i] >= 0 && bound[i] < 1e294,
                          "order %d (tree %d): bound[%d] of {1e308, 0, ...} is %g", options.float_order, order - 3, i,
                          bound[i]);
        }
    }
}

static int ex_compare_doubles(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static void report_case(const void *ctx) {
    unsigned t, p, o;
    (void)ctx;
    if (!ex_report) return;
    printf("exact/bound report: %llu EXACT outputs compared with the oracle, %llu bounds checked exactly\n",
           ex_checked_outputs, ex_checked_bounds);
    for (t = 0; t < 3; t++)
        for (p = 0; p < 2; p++)
            for (o = 0; o < ORD_COUNT; o++) {
                ex_ratios *r = &ex_tightness[t][p][o];
                if (!r->n) continue;
                qsort(r->v, r->n, sizeof *r->v, ex_compare_doubles);
                printf("tightness %s %s %s (%s data): %lu outputs, error/bound median %.3g, max %.3g\n",
                       p ? "cumprod" : "cumsum", ex_order_names[o], ex_types[t].name, p ? "1 + normal" : "normal(0,1)",
                       (unsigned long)r->n, r->v[r->n / 2], r->v[r->n - 1]);
            }
}

void register_exact_tests(void) {
    static const size_t lengths[] = {1, 2, 3, 17, 100, 1000};
    unsigned ti, pat, li, lay, order;
    uint64_t seed = 0x5EED0001;
    const char *report = getenv("DMLREF_TEST_REPORT");
    ex_report = report && report[0] == '1';
    for (ti = 0; ti < 3; ti++) {
        const ex_type *t = &ex_types[ti];
        for (pat = 0; pat < PAT_NEAR1; pat++)
            for (li = 0; li < sizeof lengths / sizeof lengths[0]; li++)
                ex_add_case(t, (int)pat, LAY_LINE, 0, 0, lengths[li], 1, lengths[li] <= 100, seed++);
        for (lay = 0; lay < LAY_COUNT; lay++) {
            ex_add_case(t, PAT_SPECIAL, (int)lay, 0, 0, 40, 7, 1, seed++);
            ex_add_case(t, PAT_CANCEL, (int)lay, 1, 0, 40, 7, 1, seed++);
            ex_add_case(t, PAT_NEGZERO, (int)lay, 1, 1, 33, 5, 1, seed++);
            ex_add_case(t, PAT_OVERFLOW, (int)lay, 0, 1, 50, 3, 1, seed++);
        }
        ex_add_case(t, PAT_SPAN, LAY_LINE, 0, 0, 100000, 1, 0, seed++);
        ex_add_case(t, PAT_CANCEL, LAY_LINE, 1, 1, 100000, 1, 0, seed++);
        ex_add_case(t, PAT_TIES, LAY_LINE, 0, 0, 100000, 1, 0, seed++);
    }
    /* FLOAT16 lines long enough for the SIMD runs, on every path: run boundaries (the first element, then
       5,002 = 312 groups of 16 and 10), infinities and NaN after runs, signed zeros; CLIMB lines of 80,000
       take sums past the runs' limit (2^28) and back */
    {
        static const int f16_patterns[] = {PAT_NORMAL,   PAT_CANCEL, PAT_TIES,   PAT_NEGZERO, PAT_SPECIAL,
                                           PAT_OVERFLOW, PAT_MIDRES, PAT_MIDREV, PAT_CLIMB};
        unsigned pi, form;
        for (pi = 0; pi < sizeof f16_patterns / sizeof f16_patterns[0]; pi++)
            for (form = 0; form < 4; form++)
                ex_add_case(&ex_types[0], f16_patterns[pi], LAY_LINE, (int)(form & 1u), (int)(form >> 1), 5003, 1, 1,
                            seed++);
        ex_add_case(&ex_types[0], PAT_CLIMB, LAY_LINE, 1, 1, 80000, 1, 1, seed++);
        ex_add_case(&ex_types[0], PAT_CLIMB, LAY_LINE, 0, 0, 80000, 1, 1, seed++);
        ex_add_case(&ex_types[0], PAT_CLIMB, LAY_ROWS, 0, 0, 9000, 3, 1, seed++);
        ex_add_case(&ex_types[0], PAT_NORMAL, LAY_INPLACE, 1, 1, 5003, 2, 1, seed++);
    }
    /* outputs past DMLREF_STREAM_BYTES (32 MiB): the streamed stores (large/, not under valgrind) */
    ex_add_case(&ex_types[1], PAT_NORMAL, LAY_LINE, 0, 0, 9u << 20, 1, 1, seed++);
    ex_add_case(&ex_types[1], PAT_MIDRES, LAY_LINE, 1, 1, 9u << 20, 1, 0, seed++);
    for (ti = 0; ti < 3; ti++) {
        const ex_type *t = &ex_types[ti];
        for (order = 0; order < ORD_COUNT; order++) {
            for (pat = 0; pat < PAT_NEAR1; pat++) {
                bound_add_case(t, 0, (int)order, (int)pat, LAY_LINE, 0, 0, pat == PAT_NORMAL ? 3000 : 300, 1, seed++);
                bound_add_case(t, 0, (int)order, (int)pat, pat % 2 ? LAY_COLUMNS_PADDED : LAY_BROADCAST,
                               (int)(pat & 1u), (int)((pat >> 1) & 1u), 37, 5, seed++);
            }
            bound_add_case(t, 0, (int)order, PAT_NORMAL, LAY_LINE, 0, 0, 100000, 1, seed++);
            bound_add_case(t, 0, (int)order, PAT_CANCEL, LAY_ROWS, 1, 1, 20000, 2, seed++);
            if (order == ORD_EXACT) continue; /* products have no EXACT order */
            {
                static const int product_patterns[] = {PAT_NEAR1,    PAT_NORMAL,  PAT_SPAN,   PAT_SUBNORMAL,
                                                       PAT_OVERFLOW, PAT_NEGZERO, PAT_SPECIAL};
                unsigned k;
                for (k = 0; k < sizeof product_patterns / sizeof product_patterns[0]; k++) {
                    bound_add_case(t, 1, (int)order, product_patterns[k], LAY_LINE, 0, 0, k == 0 ? 600 : 120, 1,
                                   seed++);
                    bound_add_case(t, 1, (int)order, product_patterns[k], LAY_COLUMNS_PADDED, (int)(k & 1u),
                                   (int)((k >> 1) & 1u), 30, 4, seed++);
                }
            }
        }
    }
    /* TREE orders, accumulations and the seed: every tree on every type, sums and products */
    for (ti = 0; ti < 3; ti++) {
        const ex_type *t = &ex_types[ti];
        unsigned k, acc;
        for (k = 0; k < sizeof ex_trees / sizeof ex_trees[0]; k++) {
            for (pat = 0; pat < PAT_NEAR1; pat++)
                bound_add_case_with(t, 0, ORD_TREE, (int)pat, pat % 2 ? LAY_COLUMNS_PADDED : LAY_LINE, (int)(pat & 1u),
                                    (int)((pat >> 1) & 1u), pat == PAT_NORMAL ? 5000 : 700, pat % 2 ? 3 : 1, seed++,
                                    (int)(k % 3u), (int)(k & 1u), (int)k);
            bound_add_case_with(t, 1, ORD_TREE, PAT_NEAR1, LAY_LINE, 0, 0, 2000, 1, seed++, (int)(k % 3u), 0, (int)k);
            bound_add_case_with(t, 1, ORD_TREE, PAT_SUBNORMAL, LAY_LINE, (int)(k & 1u), 0, 120, 1, seed++, 0, 0,
                                (int)k);
            bound_add_case_with(t, 0, ORD_TREE, PAT_NORMAL, LAY_LINE, 0, 0, 100000, 1, seed++, 0, 0, (int)k);
        }
        for (acc = DMLREF_ACCUMULATION_NATIVE; acc <= DMLREF_ACCUMULATION_WIDE; acc++) {
            for (order = 0; order < ORD_TREE; order++) {
                if (order == ORD_EXACT) continue; /* EXACT takes DEFAULT only */
                for (pat = 0; pat < PAT_NEAR1; pat++)
                    bound_add_case_with(t, 0, (int)order, (int)pat, pat % 2 ? LAY_ROWS : LAY_LINE, (int)(pat & 1u), 0,
                                        pat == PAT_NORMAL ? 3000 : 300, pat % 2 ? 2 : 1, seed++, (int)acc,
                                        (int)(pat & 1u), 0);
                bound_add_case_with(t, 1, (int)order, PAT_NEAR1, LAY_LINE, 0, 0, 600, 1, seed++, (int)acc, 0, 0);
                bound_add_case_with(t, 1, (int)order, PAT_SPAN, LAY_LINE, 1, 1, 120, 1, seed++, (int)acc, 1, 0);
            }
        }
    }
    tr_add("bound/near-max", run_bound_near_max, NULL);
    tr_add("bound/near-max-weights", run_bound_near_max_weights, NULL);
    tr_add("bound/report", report_case, NULL);
}
