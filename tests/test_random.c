/* tests/test_random.c - randomized differential tests: dml_ref against the
   naive oracle of tests/oracle.c, bit for bit.

   Every case is drawn from SEED (environment variable, decimal or 0x hex; a
   fixed default otherwise), so a run is deterministic and a failure can be
   replayed: each message names the seed, the suite and the case number, and
   `SEED=s RANDOM_ITER=n make test TESTS=suite` replays just that case.

   Each case runs dmlref_execute under DMLREF_ISA_AUTO and under every other
   ISA the build and CPU have, and checks that
     - the status is DMLREF_OK,
     - every output element has the oracle's exact bits,
     - no other byte of the output buffer changed: padding between strided
       elements, the round-up to 4 bytes and guard bytes on both sides,
     - the input buffer (guards included) is unchanged, unless in place. */
#include "../dml_ref.h"
#include "fixture.h"
#include "oracle.h"
#include "runner.h"
#include "suites.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_RANK 8
#define GUARD_BYTES 64
#define GUARD_FILL 0xA5
#define DEFAULT_SEED 0x5EED2024u
#define MAX_FAILING_CASES 4 /* a suite stops after this many broken cases */
#define MESSAGE_CAPACITY 8192

static uint64_t g_seed = DEFAULT_SEED;
static long g_only_iteration = -1; /* RANDOM_ITER: run one case per suite */

/* ---- deterministic randomness (splitmix64) ------------------------------- */

typedef fx_rng rng;

static int rng_percent(rng *r, uint32_t percent) { return fx_below(r, 100) < percent; }

/* Each (suite, case) gets its own stream, so a filtered or single-case run
   draws exactly what the full run drew. */
static rng rng_for_case(const char *suite, unsigned iteration) {
    rng r = fx_seeded(suite, g_seed); /* FNV-1a of the suite name */
    r.s = fx_next(&r) ^ ((uint64_t)iteration * 0xD1B54A32D192ED03ull);
    return r;
}

static void shuffle(UINT *items, UINT count, rng *r) {
    UINT i;
    for (i = count; i > 1; i--) {
        UINT j = fx_below(r, i), t = items[i - 1];
        items[i - 1] = items[j];
        items[j] = t;
    }
}

/* ---- the types (tests/fixture.h lists them) ------------------------------------- */

static DML_TENSOR_DATA_TYPE random_float_type(rng *r) { return fx_float_types[fx_below(r, FX_FLOAT_TYPE_COUNT)]; }

/* ---- the generated case ----------------------------------------------------- */

typedef enum layout_kind {
    LAYOUT_NULL,      /* Strides NULL: packed row-major */
    LAYOUT_PACKED,    /* the packed strides, spelled out */
    LAYOUT_PADDED,    /* gaps between elements and between rows */
    LAYOUT_PERMUTED,  /* a transposed layout, sometimes padded too */
    LAYOUT_BROADCAST, /* some strides 0 (inputs only) */
    LAYOUT_ALIASED,   /* strides 0..3: indices share elements (inputs only) */
    LAYOUT_COUNT
} layout_kind;

static const char *const layout_names[LAYOUT_COUNT] = {"null", "packed", "padded", "permuted", "broadcast", "aliased"};

typedef enum value_profile {
    VALUES_MIXED,    /* a different profile for every element */
    VALUES_SMALL,    /* small integers (and halves): exact sums */
    VALUES_FINITE,   /* random finite floats of moderate magnitude */
    VALUES_WIDE,     /* any finite float, subnormals included */
    VALUES_EXTREMES, /* type min/max and neighbours, 0, +-1 */
    VALUES_SPECIAL,  /* NaN (any payload), +-inf, +-0, subnormals, max */
    VALUES_RAW_BITS, /* random bit patterns */
    VALUES_NEAR_ONE, /* near 1, or odd integers: products neither vanish nor overflow */
    VALUES_LARGE,    /* near the largest finite: sums overflow */
    VALUES_TIES,     /* few distinct values: ties, +-0, NaN */
    VALUE_PROFILE_COUNT
} value_profile;

static const char *const profile_names[VALUE_PROFILE_COUNT] = {"mixed",   "small",    "finite",   "wide",  "extremes",
                                                               "special", "raw-bits", "near-one", "large", "ties"};

typedef struct gen_case {
    DML_OPERATOR_TYPE op;
    DML_REDUCE_FUNCTION reduce_function; /* REDUCE only */
    DML_TENSOR_DATA_TYPE type;           /* input, and scan output */
    DML_TENSOR_DATA_TYPE index_type;     /* arg-reduction output */
    UINT rank;
    UINT in_sizes[MAX_RANK], out_sizes[MAX_RANK];
    UINT in_strides[MAX_RANK], out_strides[MAX_RANK];
    layout_kind in_layout, out_layout;
    UINT axis;                       /* scans */
    UINT axes[MAX_RANK], axis_count; /* arg-reductions, in listing order */
    DML_AXIS_DIRECTION direction;
    BOOL exclusive;
    int float_order, nan_policy;
    int in_place, shared_desc; /* scans: output pointer == input pointer */
    int long_axis;             /* give the scan axis a long line */
    UINT axis_length;          /* if not 0: the scan axis has exactly this size */
    int staircase;             /* +1 / -1: inputs rise / fall in index order, in steps (ties);
                                  +2 / -2: the same over non-negative steps only */
    int one_sign;              /* floats: +1 / -1 clear / set every sign bit (no minimum
                                  among negatives for ARGMIN, no maximum among positives for ARGMAX) */
    int lone_nan;              /* floats: one element, at a random place, is NaN (found by every
                                  kernel's NaN test wherever it sits in a vector or chunk) */
    value_profile values;
    UINT in_alignment, out_alignment;
    int in_owned_by_dml;
} gen_case;

static int is_scan(DML_OPERATOR_TYPE op) {
    return op == DML_OPERATOR_CUMULATIVE_SUMMATION || op == DML_OPERATOR_CUMULATIVE_PRODUCT;
}

static DML_TENSOR_DATA_TYPE output_type(const gen_case *c) { return is_scan(c->op) ? c->type : c->index_type; }

static const char *op_name(const gen_case *c) {
    switch (c->op) {
    case DML_OPERATOR_CUMULATIVE_SUMMATION: return "CUMULATIVE_SUMMATION";
    case DML_OPERATOR_CUMULATIVE_PRODUCT: return "CUMULATIVE_PRODUCT";
    case DML_OPERATOR_ARGMIN: return "ARGMIN";
    case DML_OPERATOR_ARGMAX: return "ARGMAX";
    default: return c->reduce_function == DML_REDUCE_FUNCTION_ARGMIN ? "REDUCE(ARGMIN)" : "REDUCE(ARGMAX)";
    }
}

static value_profile pick_profile(rng *r, DML_OPERATOR_TYPE op, DML_TENSOR_DATA_TYPE type) {
    /* Weights per profile, in enum order; products get more near-one values
       (else they saturate at once), arg-reductions more ties. */
    static const unsigned float_weights[VALUE_PROFILE_COUNT] = {15, 20, 25, 10, 3, 8, 5, 6, 5, 3};
    static const unsigned int_weights[VALUE_PROFILE_COUNT] = {30, 20, 0, 0, 15, 0, 15, 10, 0, 10};
    unsigned weights[VALUE_PROFILE_COUNT], total = 0, pick, i;
    memcpy(weights, fx_is_float(type) ? float_weights : int_weights, sizeof weights);
    if (op == DML_OPERATOR_CUMULATIVE_PRODUCT) weights[VALUES_NEAR_ONE] += 30;
    if (!is_scan(op)) weights[VALUES_TIES] += 20;
    for (i = 0; i < VALUE_PROFILE_COUNT; i++) total += weights[i];
    pick = fx_below(r, total);
    for (i = 0; pick >= weights[i]; i++) pick -= weights[i];
    return (value_profile)i;
}

static UINT pick_alignment(rng *r, DML_TENSOR_DATA_TYPE type) {
    /* 0, or a power of two >= the element size that our buffers honour (16). */
    UINT alignment = oracle_type_size(type);
    if (rng_percent(r, 70)) return 0;
    while (alignment < 16 && rng_percent(r, 50)) alignment *= 2;
    return alignment;
}

/* Operator, type, rank, axes and options at random; sizes and strides come
   later (finish_case), so a suite can override any of these first. */
static void begin_case(gen_case *c, rng *r, DML_OPERATOR_TYPE op, UINT rank) {
    static const layout_kind out_layouts[] = {LAYOUT_NULL, LAYOUT_PACKED, LAYOUT_PADDED, LAYOUT_PERMUTED};
    UINT d;
    memset(c, 0, sizeof *c);
    c->op = op;
    c->reduce_function = rng_percent(r, 50) ? DML_REDUCE_FUNCTION_ARGMIN : DML_REDUCE_FUNCTION_ARGMAX;
    c->type = fx_all_types[fx_below(r, FX_TYPE_COUNT)];
    c->index_type = fx_index_types[fx_below(r, 4)];
    c->rank = rank ? rank : 1 + fx_below(r, MAX_RANK);
    c->axis = fx_below(r, c->rank);
    do { /* a random non-empty subset of the axes, listed in random order */
        c->axis_count = 0;
        for (d = 0; d < c->rank; d++)
            if (rng_percent(r, 40)) c->axes[c->axis_count++] = d;
    } while (c->axis_count == 0);
    shuffle(c->axes, c->axis_count, r);
    c->direction = rng_percent(r, 50) ? DML_AXIS_DIRECTION_DECREASING : DML_AXIS_DIRECTION_INCREASING;
    if (op == DML_OPERATOR_REDUCE) c->direction = DML_AXIS_DIRECTION_INCREASING; /* not in the desc */
    c->exclusive = rng_percent(r, 50);
    c->float_order = rng_percent(r, 50) ? DMLREF_FLOAT_ORDER_BLOCKED : DMLREF_FLOAT_ORDER_SEQUENTIAL;
    c->nan_policy = rng_percent(r, 50) ? DMLREF_NAN_IGNORE : DMLREF_NAN_PROPAGATE;
    c->in_layout = rng_percent(r, 10) ? (layout_kind)(LAYOUT_BROADCAST + fx_below(r, 2)) : out_layouts[fx_below(r, 4)];
    c->out_layout = out_layouts[fx_below(r, 4)];
    c->long_axis = is_scan(op) && rng_percent(r, 30);
    c->values = pick_profile(r, op, c->type);
    c->in_owned_by_dml = rng_percent(r, 10);
}

/* Reduce exactly the axes in mask, listed in random order. */
static void set_reduced_axes(gen_case *c, rng *r, unsigned mask) {
    UINT d;
    c->axis_count = 0;
    for (d = 0; d < c->rank; d++)
        if (mask & (1u << d)) c->axes[c->axis_count++] = d;
    shuffle(c->axes, c->axis_count, r);
}

/* Sizes with at most about max_elements elements in all, many of them 1. */
static void make_sizes(gen_case *c, rng *r, uint32_t max_elements) {
    static const uint32_t caps[] = {2, 3, 4, 6, 17, 40, 300, 2000};
    UINT order[MAX_RANK], i;
    uint32_t product = 1;
    for (i = 0; i < c->rank; i++) order[i] = i;
    shuffle(order, c->rank, r);
    if (c->long_axis || c->axis_length) { /* the scan axis first, so it can take most of the budget */
        for (i = 0; order[i] != c->axis; i++) {}
        order[i] = order[0];
        order[0] = c->axis;
    }
    for (i = 0; i < c->rank; i++) {
        uint32_t room = max_elements / product, cap = caps[fx_below(r, 8)];
        UINT size = 1;
        if (c->long_axis && i == 0) cap = 17 + fx_below(r, 300);
        if (room > 1 && !rng_percent(r, 20)) size = 1 + fx_below(r, room < cap ? room : cap);
        if (c->axis_length && i == 0) size = c->axis_length;
        c->in_sizes[order[i]] = size;
        product *= size;
    }
}

/* Strides of one layout kind for the given sizes. */
static void make_strides(rng *r, layout_kind kind, UINT rank, const UINT *sizes, UINT *strides) {
    UINT memory_order[MAX_RANK], i, d;
    uint64_t step;
    int padded = kind == LAYOUT_PADDED || ((kind == LAYOUT_PERMUTED || kind == LAYOUT_BROADCAST) && rng_percent(r, 50));
    for (i = 0; i < rank; i++) memory_order[i] = i;
    if (kind == LAYOUT_PERMUTED || (kind == LAYOUT_BROADCAST && rng_percent(r, 50))) shuffle(memory_order, rank, r);
    step = padded ? 1 + fx_below(r, 3) : 1;
    for (i = rank; i-- > 0;) { /* memory_order[rank - 1] is the fastest dimension */
        d = memory_order[i];
        strides[d] = (UINT)step;
        step *= sizes[d] + (padded ? fx_below(r, 3) : 0);
    }
    if (kind == LAYOUT_ALIASED)
        for (d = 0; d < rank; d++) strides[d] = fx_below(r, 4);
    if (kind == LAYOUT_BROADCAST) {
        UINT wide[MAX_RANK], wide_count = 0;
        for (d = 0; d < rank; d++) {
            if (sizes[d] > 1) wide[wide_count++] = d;
            if (rng_percent(r, 40)) strides[d] = 0;
        }
        if (wide_count) strides[wide[fx_below(r, wide_count)]] = 0; /* at least one real broadcast */
    }
    /* A size-1 dimension's stride is never used, so any value is valid. */
    if (kind != LAYOUT_PACKED)
        for (d = 0; d < rank; d++)
            if (sizes[d] == 1 && rng_percent(r, 30)) strides[d] = fx_below(r, 1000);
}

static uint32_t pick_max_elements(rng *r) {
    static const uint32_t limits[] = {8, 24, 64, 160, 400, 800, 2000};
    return 1 + fx_below(r, limits[fx_below(r, 7)]);
}

/* Sizes, output sizes, strides, alignments: everything begin_case left. */
static void finish_sized_case(gen_case *c, rng *r) {
    UINT i;
    memcpy(c->out_sizes, c->in_sizes, sizeof c->out_sizes);
    if (!is_scan(c->op))
        for (i = 0; i < c->axis_count; i++) c->out_sizes[c->axes[i]] = 1;
    if (c->in_place) { /* in place needs a layout valid for an output */
        c->in_owned_by_dml = 0;
        if (c->in_layout >= LAYOUT_BROADCAST) c->in_layout = LAYOUT_PADDED;
        c->out_layout = c->in_layout;
    }
    make_strides(r, c->in_layout, c->rank, c->in_sizes, c->in_strides);
    if (c->in_place) memcpy(c->out_strides, c->in_strides, sizeof c->out_strides);
    else make_strides(r, c->out_layout, c->rank, c->out_sizes, c->out_strides);
    c->in_alignment = pick_alignment(r, c->type);
    c->out_alignment = c->in_place ? c->in_alignment : pick_alignment(r, output_type(c));
}

static void finish_case(gen_case *c, rng *r, uint32_t max_elements) {
    make_sizes(c, r, max_elements);
    finish_sized_case(c, r);
}

/* ---- describing a case (for failure messages) -------------------------------- */

typedef struct text {
    char *buffer;
    size_t capacity, length;
} text;

/* Append to t, truncating (never overflowing) when it is full. */
static void text_vadd(text *t, const char *fmt, va_list ap) {
    int n;
    if (t->length + 1 >= t->capacity) return;
    n = vsnprintf(t->buffer + t->length, t->capacity - t->length, fmt, ap);
    if (n > 0) t->length += (size_t)n < t->capacity - t->length ? (size_t)n : t->capacity - t->length - 1;
}

static void text_add(text *t, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    text_vadd(t, fmt, ap);
    va_end(ap);
}

static void text_add_list(text *t, const char *label, const UINT *values, UINT count) {
    UINT i;
    text_add(t, " %s {", label);
    for (i = 0; i < count; i++) text_add(t, i ? ",%u" : "%u", values[i]);
    text_add(t, "}");
}

static void describe_case(text *t, const gen_case *c) {
    text_add(t, "%s %s", op_name(c), dmlref_data_type_name(c->type));
    text_add_list(t, "sizes", c->in_sizes, c->rank);
    if (c->in_layout == LAYOUT_NULL) text_add(t, " in-strides NULL");
    else text_add_list(t, "in-strides", c->in_strides, c->rank);
    text_add(t, " (%s)", layout_names[c->in_layout]);
    if (!is_scan(c->op)) text_add_list(t, "out-sizes", c->out_sizes, c->rank);
    if (c->out_layout == LAYOUT_NULL) text_add(t, " out-strides NULL");
    else text_add_list(t, "out-strides", c->out_strides, c->rank);
    text_add(t, " (%s)", layout_names[c->out_layout]);
    if (is_scan(c->op)) {
        text_add(t, " axis %u %s exclusive=%d", c->axis,
                 c->direction == DML_AXIS_DIRECTION_DECREASING ? "DECREASING" : "INCREASING", c->exclusive);
    } else {
        text_add_list(t, "axes", c->axes, c->axis_count);
        text_add(t, " %s -> %s", c->direction == DML_AXIS_DIRECTION_DECREASING ? "DECREASING" : "INCREASING",
                 dmlref_data_type_name(c->index_type));
    }
    text_add(t, " order=%s nan=%s values=%s align=%u/%u%s%s",
             c->float_order == DMLREF_FLOAT_ORDER_BLOCKED ? "BLOCKED" : "SEQUENTIAL",
             c->nan_policy == DMLREF_NAN_IGNORE ? "IGNORE" : "PROPAGATE", profile_names[c->values], c->in_alignment,
             c->out_alignment, c->in_owned_by_dml ? " input OWNED_BY_DML" : "",
             c->in_place ? (c->shared_desc ? " in-place (one desc)" : " in-place (equal descs)") : "");
    if (c->staircase)
        text_add(t, " staircase=%s%s", c->staircase > 0 ? "rising" : "falling",
                 c->staircase == 2 || c->staircase == -2 ? " (non-negative)" : "");
    if (c->one_sign) text_add(t, " signs=%s", c->one_sign > 0 ? "all clear" : "all set");
    if (c->lone_nan) text_add(t, " one NaN");
}

/* ---- values --------------------------------------------------------------------- */

typedef struct float_format {
    unsigned exponent_bits, mantissa_bits;
} float_format;

static float_format format_of(DML_TENSOR_DATA_TYPE type) {
    float_format f;
    f.exponent_bits = type == DML_TENSOR_DATA_TYPE_FLOAT16 ? 5 : type == DML_TENSOR_DATA_TYPE_FLOAT32 ? 8 : 11;
    f.mantissa_bits = type == DML_TENSOR_DATA_TYPE_FLOAT16 ? 10 : type == DML_TENSOR_DATA_TYPE_FLOAT32 ? 23 : 52;
    return f;
}

static uint64_t float_bits(float_format f, int negative, uint64_t exponent, uint64_t mantissa) {
    return ((uint64_t)(negative != 0) << (f.exponent_bits + f.mantissa_bits)) | (exponent << f.mantissa_bits) |
           (mantissa & ((1ull << f.mantissa_bits) - 1));
}

/* Bits of a double's value in the given float type (rounded to nearest). */
static uint64_t bits_of_value(DML_TENSOR_DATA_TYPE type, double value) {
    if (type == DML_TENSOR_DATA_TYPE_FLOAT64) {
        uint64_t bits;
        memcpy(&bits, &value, 8);
        return bits;
    } else {
        float single = (float)value;
        uint32_t bits;
        if (type == DML_TENSOR_DATA_TYPE_FLOAT16) return oracle_f32_to_f16(single);
        memcpy(&bits, &single, 4);
        return bits;
    }
}

static uint64_t random_small_value(rng *r, DML_TENSOR_DATA_TYPE type) {
    int k = (int)fx_below(r, 17) - 8;
    if (k == 0 && rng_percent(r, 30)) return bits_of_value(type, -0.0);
    return bits_of_value(type, rng_percent(r, 25) ? k / 2.0 : (double)k);
}

static uint64_t random_float_value(rng *r, DML_TENSOR_DATA_TYPE type, value_profile profile) {
    float_format f = format_of(type);
    uint64_t max_exponent = (1ull << f.exponent_bits) - 1, bias = max_exponent >> 1;
    uint64_t mantissa = fx_next(r), quiet = 1ull << (f.mantissa_bits - 1);
    int negative = rng_percent(r, 50);
    switch (profile) {
    case VALUES_SMALL: return random_small_value(r, type);
    case VALUES_FINITE: { /* 2^-e .. 2^e with e well inside every type's range */
        uint64_t spread = type == DML_TENSOR_DATA_TYPE_FLOAT16 ? 8 : type == DML_TENSOR_DATA_TYPE_FLOAT32 ? 24 : 40;
        return float_bits(f, negative, bias - spread + fx_below(r, (uint32_t)(2 * spread + 1)), mantissa);
    }
    case VALUES_WIDE: return float_bits(f, negative, fx_below(r, (uint32_t)max_exponent), mantissa);
    case VALUES_RAW_BITS: return fx_next(r) & ((1ull << (f.exponent_bits + f.mantissa_bits)) * 2 - 1);
    case VALUES_NEAR_ONE: /* 1 + tiny or 1 - tiny; now and then 2, 0.5 or 3 */
        if (rng_percent(r, 10)) return bits_of_value(type, rng_percent(r, 50) ? 2.0 : rng_percent(r, 50) ? 0.5 : 3.0);
        mantissa &= (1ull << (f.mantissa_bits / 2)) - 1;
        if (rng_percent(r, 50)) return float_bits(f, rng_percent(r, 5), bias, mantissa);
        return float_bits(f, rng_percent(r, 5), bias - 1, ~mantissa);
    case VALUES_LARGE: return float_bits(f, rng_percent(r, 45), max_exponent - 1 - fx_below(r, 4), mantissa);
    case VALUES_TIES:
        switch (fx_below(r, 8)) {
        case 0: return float_bits(f, 0, 0, 0);
        case 1: return float_bits(f, 1, 0, 0);
        case 2: /* NaN: any payload, or the one just above infinity */
            return float_bits(f, negative, max_exponent, rng_percent(r, 30) ? 1 : mantissa | 1);
        case 3: return float_bits(f, negative, max_exponent, 0);
        default: return bits_of_value(type, (double)fx_below(r, 3) - 1.0);
        }
    case VALUES_SPECIAL:
    case VALUES_EXTREMES:
        switch (fx_below(r, 14)) {
        case 0: return float_bits(f, negative, max_exponent, quiet | mantissa);             /* quiet NaN */
        case 1: return float_bits(f, negative, max_exponent, (mantissa & (quiet - 1)) | 1); /* signalling */
        case 2: return float_bits(f, negative, max_exponent, 0);                            /* +-inf */
        case 3: return float_bits(f, negative, 0, 0);                                       /* +-0 */
        case 4: return float_bits(f, negative, 0, 1);                                       /* smallest subnormal */
        case 5: return float_bits(f, negative, 0, ~0ull);                                   /* largest subnormal */
        case 6: return float_bits(f, negative, 0, mantissa);                                /* any subnormal */
        case 7: return float_bits(f, negative, 1, 0);                                       /* smallest normal */
        case 8: return float_bits(f, negative, max_exponent - 1, ~0ull);                    /* largest finite, 65504 */
        case 9: return float_bits(f, negative, max_exponent - 1, mantissa);                 /* near it */
        case 10: /* integers past the exact range: 2^(mantissa bits + 1) + k */
            return float_bits(f, negative, bias + f.mantissa_bits + 1, fx_below(r, 4));
        case 11: return random_small_value(r, type);
        default: return random_float_value(r, type, VALUES_FINITE);
        }
    default: { /* VALUES_MIXED */
        static const value_profile mix[] = {VALUES_SMALL, VALUES_FINITE, VALUES_WIDE, VALUES_SPECIAL, VALUES_NEAR_ONE};
        return random_float_value(r, type, mix[fx_below(r, 5)]);
    }
    }
}

static uint64_t random_integer_value(rng *r, unsigned bits, value_profile profile) {
    uint64_t top = 1ull << (bits - 1), all_ones = top | (top - 1);
    switch (profile) {
    case VALUES_SMALL: return (uint64_t)((int64_t)fx_below(r, 9) - 4);
    case VALUES_EXTREMES:
    case VALUES_SPECIAL: { /* 0, 1, -1, min, max (signed and unsigned) and neighbours */
        const uint64_t extremes[] = {0, 1, all_ones, top, top - 1, top + 1, all_ones - 1, 2, top >> 1};
        return extremes[fx_below(r, 9)];
    }
    case VALUES_NEAR_ONE: return fx_next(r) | 1; /* odd: products never wrap to 0 */
    case VALUES_TIES: {
        const uint64_t few[] = {0, 1, top, top - 1};
        return few[fx_below(r, 4)];
    }
    case VALUES_MIXED: {
        static const value_profile mix[] = {VALUES_SMALL, VALUES_EXTREMES, VALUES_RAW_BITS, VALUES_NEAR_ONE};
        return random_integer_value(r, bits, mix[fx_below(r, 4)]);
    }
    default: return fx_next(r);
    }
}

static void store_random_value(rng *r, DML_TENSOR_DATA_TYPE type, value_profile profile, unsigned char *dst) {
    uint32_t size = oracle_type_size(type);
    fx_store(dst, size,
             fx_is_float(type) ? random_float_value(r, type, profile) : random_integer_value(r, size * 8, profile));
}

/* A NaN of either sign, quiet or signalling, with a random payload. */
static uint64_t random_nan(rng *r, DML_TENSOR_DATA_TYPE type) {
    float_format f = format_of(type);
    uint64_t quiet = 1ull << (f.mantissa_bits - 1), payload = fx_next(r) & (quiet - 1);
    return float_bits(f, rng_percent(r, 50), (1ull << f.exponent_bits) - 1,
                      rng_percent(r, 50) ? quiet | payload : payload | 1);
}

static uint64_t load_bits(const unsigned char *p, uint32_t size) {
    switch (size) {
    case 1: return *p;
    case 2: {
        uint16_t v;
        memcpy(&v, p, 2);
        return v;
    }
    case 4: {
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

/* ---- N-D walking ------------------------------------------------------------------ */

static int next_index(UINT *index, const UINT *sizes, UINT rank) {
    UINT d = rank;
    while (d-- > 0) {
        if (++index[d] < sizes[d]) return 1;
        index[d] = 0;
    }
    return 0;
}

/* Element strides in use: the explicit ones, or packed row-major for NULL. */
static void effective_strides(const UINT *sizes, const UINT *strides, UINT rank, uint64_t *out) {
    uint64_t packed = 1;
    UINT d;
    for (d = rank; d-- > 0;) {
        out[d] = strides ? strides[d] : packed;
        packed *= sizes[d];
    }
}

static uint64_t element_offset(const UINT *index, const uint64_t *strides, UINT rank) {
    uint64_t offset = 0;
    UINT d;
    for (d = 0; d < rank; d++) offset += (uint64_t)index[d] * strides[d];
    return offset;
}

/* ---- running one case ------------------------------------------------------------- */

static const dmlref_isa isa_paths[] = {DMLREF_ISA_AUTO,       DMLREF_ISA_SCALAR,   DMLREF_ISA_SSE2,
                                       DMLREF_ISA_AVX2,       DMLREF_ISA_AVX512,   DMLREF_ISA_NEON,
                                       DMLREF_ISA_AVX512FP16, DMLREF_ISA_REFERENCE};
#define ISA_PATH_COUNT (sizeof isa_paths / sizeof isa_paths[0])

/* A buffer of TotalTensorSizeInBytes with GUARD_BYTES on either side. */
typedef struct guarded {
    unsigned char *block; /* guard, data, guard */
    size_t bytes;         /* TotalTensorSizeInBytes */
} guarded;

static int guarded_alloc(guarded *g, uint64_t bytes) {
    g->bytes = (size_t)bytes;
    g->block = (unsigned char *)malloc(g->bytes + 2 * GUARD_BYTES);
    return g->block != NULL;
}

static size_t guarded_span(const guarded *g) { return g->bytes + 2 * GUARD_BYTES; }
static unsigned char *guarded_data(const guarded *g) { return g->block + GUARD_BYTES; }

/* Where a failure is reported from, and how to replay it. */
typedef struct case_report {
    const char *suite;
    unsigned iteration;
    const gen_case *c;
    const unsigned char *input; /* pristine input data, for small dumps */
    const char *isa;
    int failures;
} case_report;

static void report_failure(case_report *rep, const char *fmt, ...) {
    char *message = (char *)malloc(MESSAGE_CAPACITY);
    text t;
    va_list ap;
    if (!message) return;
    t.buffer = message;
    t.capacity = MESSAGE_CAPACITY;
    t.length = 0;
    message[0] = 0;
    text_add(&t, "SEED=%llu RANDOM_ITER=%u %s isa=%s: ", (unsigned long long)g_seed, rep->iteration, rep->suite,
             rep->isa);
    va_start(ap, fmt);
    text_vadd(&t, fmt, ap);
    va_end(ap);
    text_add(&t, "\n    case: ");
    describe_case(&t, rep->c);
    if (rep->input) { /* small inputs in full, so the report is a reproducer */
        const gen_case *c = rep->c;
        uint64_t strides[MAX_RANK];
        UINT index[MAX_RANK] = {0}, count = 0;
        uint32_t size = oracle_type_size(c->type);
        effective_strides(c->in_sizes, c->in_layout == LAYOUT_NULL ? NULL : c->in_strides, c->rank, strides);
        text_add(&t, "\n    input (row-major, hex):");
        do {
            if (++count > 64) {
                text_add(&t, " ...");
                break;
            }
            text_add(&t, " %llx",
                     (unsigned long long)load_bits(rep->input + element_offset(index, strides, c->rank) * size, size));
        } while (next_index(index, c->in_sizes, c->rank));
    }
    tr_failf(__FILE__, __LINE__, "%s", message);
    free(message);
    rep->failures++;
}

typedef struct case_tensors {
    fx_tensor in, out;
    fx_op desc;
} case_tensors;

static void build_descriptors(const gen_case *c, case_tensors *t) {
    const UINT *in_strides = c->in_layout == LAYOUT_NULL ? NULL : c->in_strides;
    const UINT *out_strides = c->out_layout == LAYOUT_NULL ? NULL : c->out_strides;
    const int decreasing = c->direction == DML_AXIS_DIRECTION_DECREASING;
    const DML_TENSOR_DESC *output;
    fx_tensor_set(&t->in, c->type, c->rank, c->in_sizes, in_strides,
                  dmlref_calc_buffer_tensor_size(c->type, c->rank, c->in_sizes, in_strides));
    t->in.buf.Flags = c->in_owned_by_dml ? DML_TENSOR_FLAG_OWNED_BY_DML : DML_TENSOR_FLAG_NONE;
    t->in.buf.GuaranteedBaseOffsetAlignment = c->in_alignment;
    fx_tensor_set(&t->out, output_type(c), c->rank, c->out_sizes, out_strides,
                  dmlref_calc_buffer_tensor_size(output_type(c), c->rank, c->out_sizes, out_strides));
    t->out.buf.GuaranteedBaseOffsetAlignment = c->out_alignment;
    output = c->in_place && c->shared_desc ? &t->in.desc : &t->out.desc;
    if (is_scan(c->op))
        fx_scan_op(&t->desc, c->op == DML_OPERATOR_CUMULATIVE_PRODUCT, &t->in.desc, output, c->axis, decreasing,
                   c->exclusive);
    else
        fx_arg_op(&t->desc, c->op, c->reduce_function == DML_REDUCE_FUNCTION_ARGMAX, &t->in.desc, output, c->axis_count,
                  c->axes, decreasing);
}

/* Compare the library's output buffer (guards included) with the oracle's:
   element bytes must match `expected`, every other byte must still match
   `initial`. Reports the first difference of each kind. */
static void check_output(case_report *rep, const case_tensors *t, const unsigned char *got,
                         const unsigned char *expected, const unsigned char *initial, const unsigned char *is_element,
                         size_t span) {
    const gen_case *c = rep->c;
    uint32_t size = oracle_type_size(t->out.buf.DataType);
    uint64_t strides[MAX_RANK], linear = 0;
    UINT index[MAX_RANK] = {0}, d;
    size_t b;
    effective_strides(c->out_sizes, t->out.buf.Strides, c->rank, strides);
    do {
        size_t at = GUARD_BYTES + (size_t)element_offset(index, strides, c->rank) * size;
        if (memcmp(got + at, expected + at, size) != 0) {
            char where[128];
            text w;
            w.buffer = where;
            w.capacity = sizeof where;
            w.length = 0;
            where[0] = 0;
            for (d = 0; d < c->rank; d++) text_add(&w, d ? ",%u" : "[%u", index[d]);
            text_add(&w, "]");
            report_failure(rep, "output element %s (row-major #%llu) expected 0x%0*llx got 0x%0*llx", where,
                           (unsigned long long)linear, (int)(2 * size),
                           (unsigned long long)load_bits(expected + at, size), (int)(2 * size),
                           (unsigned long long)load_bits(got + at, size));
            break;
        }
        linear++;
    } while (next_index(index, c->out_sizes, c->rank));
    for (b = 0; b < span; b++) {
        int inside = b >= GUARD_BYTES && b < span - GUARD_BYTES;
        if (inside && is_element[b - GUARD_BYTES]) continue;
        if (got[b] != initial[b]) {
            report_failure(rep, "output byte %ld relative to the buffer start (%s) changed from 0x%02x to 0x%02x",
                           (long)b - GUARD_BYTES, inside ? "padding or round-up, not an element" : "guard", initial[b],
                           got[b]);
            break;
        }
    }
}

/* Generate the data for c, run the oracle and the library under every ISA,
   check everything. If oracle_output is given it receives a malloc'ed copy of
   the oracle's output buffer (guards included). Returns 1 when all passed. */
/* Element k of count, in index order, gets step (k * 200 / count) - 100 (or
   99 minus that, falling): 200 values every type holds (unsigned types add
   100), so long runs of ties with a new extreme at every step. One element
   in ten keeps its random value. Non-negative staircases (+-2) take steps
   0..199 only, every element, zeros of either sign: below zero there is at
   most -0.0, which ties with +0.0. */
/* Clear (sign > 0) or set (sign < 0) the sign bit of a float element stored
   in native byte order. */
static void force_sign(unsigned char *dst, uint32_t size, int sign) {
    const uint64_t sign_bit = 1ull << (size * 8 - 1), bits = load_bits(dst, size);
    fx_store(dst, size, sign > 0 ? bits & ~sign_bit : bits | sign_bit);
}

static void store_staircase_value(rng *r, const gen_case *c, uint64_t k, uint64_t count, unsigned char *dst) {
    const int nonnegative = c->staircase == 2 || c->staircase == -2;
    int64_t step = (int64_t)(k * 200 / count) - (nonnegative ? 0 : 100);
    uint64_t bits;
    uint32_t size = oracle_type_size(c->type);
    if (c->staircase < 0) step = (nonnegative ? 199 : -1) - step;
    if (!nonnegative && rng_percent(r, 10)) return;
    if (fx_is_float(c->type)) bits = bits_of_value(c->type, step == 0 && rng_percent(r, 50) ? -0.0 : (double)step);
    else if (c->type == DML_TENSOR_DATA_TYPE_UINT8 || c->type == DML_TENSOR_DATA_TYPE_UINT16 ||
             c->type == DML_TENSOR_DATA_TYPE_UINT32 || c->type == DML_TENSOR_DATA_TYPE_UINT64)
        bits = (uint64_t)(step + (nonnegative ? 0 : 100));
    else bits = (uint64_t)step;
    fx_store(dst, size, bits); /* the low bits, in native byte order */
}

static int run_case(const gen_case *c, rng *r, const char *suite, unsigned iteration, unsigned char **oracle_output) {
    case_tensors t;
    case_report rep;
    guarded in, out, in_pristine, out_initial, expected;
    unsigned char *is_element = NULL;
    uint64_t in_strides[MAX_RANK], out_strides[MAX_RANK];
    UINT index[MAX_RANK] = {0};
    uint32_t in_size = oracle_type_size(c->type), out_size;
    size_t i, k;
    int ok = 0;

    build_descriptors(c, &t);
    out_size = oracle_type_size(t.out.buf.DataType);
    memset(&rep, 0, sizeof rep);
    rep.suite = suite;
    rep.iteration = iteration;
    rep.c = c;
    rep.isa = "-";
    memset(&in, 0, sizeof in);
    out = in_pristine = out_initial = expected = in;

    /* The buffer sizes we allocate are DirectML's formula, computed twice. */
    if (t.in.buf.TotalTensorSizeInBytes != oracle_buffer_size(c->type, c->rank, c->in_sizes, t.in.buf.Strides) ||
        t.out.buf.TotalTensorSizeInBytes !=
            oracle_buffer_size(t.out.buf.DataType, c->rank, c->out_sizes, t.out.buf.Strides)) {
        report_failure(
            &rep, "dmlref_calc_buffer_tensor_size gives %llu/%llu bytes, expected %llu/%llu",
            (unsigned long long)t.in.buf.TotalTensorSizeInBytes, (unsigned long long)t.out.buf.TotalTensorSizeInBytes,
            (unsigned long long)oracle_buffer_size(c->type, c->rank, c->in_sizes, t.in.buf.Strides),
            (unsigned long long)oracle_buffer_size(t.out.buf.DataType, c->rank, c->out_sizes, t.out.buf.Strides));
        return 0;
    }
    if (!guarded_alloc(&in, t.in.buf.TotalTensorSizeInBytes) ||
        !guarded_alloc(&in_pristine, t.in.buf.TotalTensorSizeInBytes) ||
        !guarded_alloc(&out, t.out.buf.TotalTensorSizeInBytes) ||
        !guarded_alloc(&out_initial, t.out.buf.TotalTensorSizeInBytes) ||
        !guarded_alloc(&expected, t.out.buf.TotalTensorSizeInBytes) ||
        !(is_element = (unsigned char *)calloc(out.bytes + 1, 1))) {
        report_failure(&rep, "out of memory");
        goto done;
    }

    /* Input: guards, random bytes in the gaps, then the elements. */
    memset(in.block, GUARD_FILL, guarded_span(&in));
    for (i = 0; i < in.bytes; i++) guarded_data(&in)[i] = (unsigned char)fx_next(r);
    effective_strides(c->in_sizes, t.in.buf.Strides, c->rank, in_strides);
    do {
        unsigned char *e = guarded_data(&in) + element_offset(index, in_strides, c->rank) * in_size;
        store_random_value(r, c->type, c->values, e);
        if (c->one_sign && fx_is_float(c->type)) force_sign(e, in_size, c->one_sign);
    } while (next_index(index, c->in_sizes, c->rank));
    if (c->staircase) {
        uint64_t count = 1, k = 0;
        for (i = 0; i < c->rank; i++) count *= c->in_sizes[i];
        do {
            store_staircase_value(r, c, k++, count,
                                  guarded_data(&in) + element_offset(index, in_strides, c->rank) * in_size);
        } while (next_index(index, c->in_sizes, c->rank));
    }
    if (c->lone_nan && fx_is_float(c->type)) {
        UINT at[MAX_RANK];
        for (i = 0; i < c->rank; i++) at[i] = fx_below(r, c->in_sizes[i]);
        fx_store(guarded_data(&in) + element_offset(at, in_strides, c->rank) * in_size, in_size,
                 random_nan(r, c->type));
    }
    memcpy(in_pristine.block, in.block, guarded_span(&in));
    rep.input = guarded_data(&in_pristine);

    /* Output: guards and random bytes; in place, the output buffer is the input. */
    memset(out.block, GUARD_FILL, guarded_span(&out));
    for (i = 0; i < out.bytes; i++) guarded_data(&out)[i] = (unsigned char)fx_next(r);
    memcpy(out_initial.block, c->in_place ? in.block : out.block, guarded_span(&out));
    effective_strides(c->out_sizes, t.out.buf.Strides, c->rank, out_strides);
    do {
        size_t at = (size_t)element_offset(index, out_strides, c->rank) * out_size;
        for (k = 0; k < out_size; k++) is_element[at + k] = 1;
    } while (next_index(index, c->out_sizes, c->rank));

    memcpy(expected.block, out_initial.block, guarded_span(&out));
    if (oracle_run(&t.desc.op, guarded_data(&in_pristine), guarded_data(&expected), c->float_order, c->nan_policy) !=
        0) {
        report_failure(&rep, "the oracle does not model this case (test generator bug)");
        goto done;
    }

    {
        dmlref_options options;
        char error_message[256];
        dmlref_status status;
        memset(&options, 0, sizeof options);
        options.float_order = c->float_order;
        options.nan_policy = c->nan_policy;
        options.error_message = error_message;
        options.error_message_capacity = sizeof error_message;
        for (i = 0; i < ISA_PATH_COUNT; i++) {
            guarded *target = c->in_place ? &in : &out;
            const void *inputs[1];
            void *outputs[1];
            if (isa_paths[i] != DMLREF_ISA_AUTO && !dmlref_isa_available(isa_paths[i])) continue;
            options.isa = isa_paths[i];
            rep.isa = dmlref_isa_name(isa_paths[i]);
            memcpy(target->block, out_initial.block, guarded_span(target));
            if (!c->in_place) memcpy(in.block, in_pristine.block, guarded_span(&in));
            inputs[0] = guarded_data(&in);
            outputs[0] = guarded_data(target);
            error_message[0] = 0;
            status = dmlref_execute(&t.desc.op, inputs, outputs, &options);
            if (status != DMLREF_OK) {
                report_failure(&rep, "dmlref_execute returned %s: %s", dmlref_status_name(status), error_message);
                continue;
            }
            check_output(&rep, &t, target->block, expected.block, out_initial.block, is_element, guarded_span(target));
            if (!c->in_place && memcmp(in.block, in_pristine.block, guarded_span(&in)) != 0)
                report_failure(&rep, "the input buffer (or its guards) changed");
        }
    }
    ok = rep.failures == 0;
    if (oracle_output) {
        *oracle_output = expected.block;
        expected.block = NULL;
    }
done:
    free(in.block);
    free(in_pristine.block);
    free(out.block);
    free(out_initial.block);
    free(expected.block);
    free(is_element);
    return ok;
}

/* ---- the suites ------------------------------------------------------------------- */

typedef void (*case_generator)(gen_case *c, rng *r, unsigned iteration);

typedef struct random_suite {
    const char *name;
    unsigned iterations;
    case_generator generate;
} random_suite;

static void run_suite(const void *ctx) {
    const random_suite *suite = (const random_suite *)ctx;
    unsigned i, failing = 0;
    for (i = 0; i < suite->iterations; i++) {
        gen_case c;
        rng r;
        if (g_only_iteration >= 0 && (unsigned long)g_only_iteration != i) continue;
        r = rng_for_case(suite->name, i);
        suite->generate(&c, &r, i);
        if (!run_case(&c, &r, suite->name, i, NULL) && ++failing >= MAX_FAILING_CASES) {
            TR_CHECKF(0, "SEED=%llu %s: stopped after %u failing cases", (unsigned long long)g_seed, suite->name,
                      failing);
            return;
        }
    }
}

static void generate_one_op(gen_case *c, rng *r, DML_OPERATOR_TYPE op) {
    begin_case(c, r, op, 0);
    finish_case(c, r, pick_max_elements(r));
}

static void gen_cumsum(gen_case *c, rng *r, unsigned it) {
    (void)it;
    generate_one_op(c, r, DML_OPERATOR_CUMULATIVE_SUMMATION);
}

static void gen_cumprod(gen_case *c, rng *r, unsigned it) {
    (void)it;
    generate_one_op(c, r, DML_OPERATOR_CUMULATIVE_PRODUCT);
}

static void gen_argmin(gen_case *c, rng *r, unsigned it) {
    (void)it;
    generate_one_op(c, r, DML_OPERATOR_ARGMIN);
}

static void gen_argmax(gen_case *c, rng *r, unsigned it) {
    (void)it;
    generate_one_op(c, r, DML_OPERATOR_ARGMAX);
}

static void gen_reduce(gen_case *c, rng *r, unsigned it) {
    (void)it;
    generate_one_op(c, r, DML_OPERATOR_REDUCE);
}

static const DML_OPERATOR_TYPE every_op[] = {DML_OPERATOR_CUMULATIVE_SUMMATION, DML_OPERATOR_CUMULATIVE_PRODUCT,
                                             DML_OPERATOR_ARGMIN, DML_OPERATOR_ARGMAX, DML_OPERATOR_REDUCE};

static void gen_inplace(gen_case *c, rng *r, unsigned it) {
    (void)it;
    begin_case(c, r, rng_percent(r, 50) ? DML_OPERATOR_CUMULATIVE_SUMMATION : DML_OPERATOR_CUMULATIVE_PRODUCT, 0);
    c->in_place = 1;
    c->shared_desc = rng_percent(r, 50);
    finish_case(c, r, pick_max_elements(r));
}

static void gen_broadcast(gen_case *c, rng *r, unsigned it) {
    (void)it;
    begin_case(c, r, every_op[fx_below(r, 5)], 0);
    c->in_layout = rng_percent(r, 60) ? LAYOUT_BROADCAST : LAYOUT_ALIASED;
    finish_case(c, r, pick_max_elements(r));
}

static void gen_special_values(gen_case *c, rng *r, unsigned it) {
    static const value_profile special[] = {VALUES_SPECIAL, VALUES_RAW_BITS, VALUES_TIES,
                                            VALUES_LARGE,   VALUES_WIDE,     VALUES_MIXED};
    (void)it;
    begin_case(c, r, every_op[fx_below(r, 5)], 0);
    if (rng_percent(r, 85)) c->type = random_float_type(r);
    c->values = special[fx_below(r, 6)];
    finish_case(c, r, pick_max_elements(r));
}

/* Deterministic coverage: every (rank, axis, direction, exclusive) of both
   scans, then every non-empty axis set of every rank for the arg-reductions. */
#define SCAN_AXIS_PAIRS 36 /* (rank, axis) for ranks 1..8: 1 + 2 + ... + 8 */
#define SCAN_AXIS_CASES (2 * SCAN_AXIS_PAIRS * 4)
#define ARG_AXIS_SETS 502 /* sum over ranks 1..8 of 2^rank - 1 */

static void gen_every_axis(gen_case *c, rng *r, unsigned it) {
    if (it < SCAN_AXIS_CASES) {
        unsigned pair = (it >> 2) % SCAN_AXIS_PAIRS, rank = 1;
        while (pair >= rank) pair -= rank++;
        begin_case(c, r, it < SCAN_AXIS_CASES / 2 ? DML_OPERATOR_CUMULATIVE_SUMMATION : DML_OPERATOR_CUMULATIVE_PRODUCT,
                   rank);
        c->axis = pair;
        c->direction = (it >> 1) & 1 ? DML_AXIS_DIRECTION_DECREASING : DML_AXIS_DIRECTION_INCREASING;
        c->exclusive = (BOOL)(it & 1);
    } else {
        static const DML_OPERATOR_TYPE arg_ops[] = {DML_OPERATOR_ARGMIN, DML_OPERATOR_ARGMAX, DML_OPERATOR_REDUCE};
        unsigned set = it - SCAN_AXIS_CASES, rank = 1;
        while (set >= (1u << rank) - 1) set -= (1u << rank++) - 1;
        begin_case(c, r, arg_ops[it % 3], rank);
        set_reduced_axes(c, r, set + 1);
    }
    finish_case(c, r, pick_max_elements(r));
}

/* Long arg-reduction lines: many L1 chunks of the contiguous kernels and
   several segments of 32 chunks (128 KiB; 8-bit lines need over 131072
   elements), each searched only where it beats (or, DECREASING, ties) the
   best so far; staircases make every segment do so, with ties across chunk
   and segment borders. */
static void gen_arg_long_lines(gen_case *c, rng *r, unsigned it) {
    static const value_profile profiles[] = {VALUES_TIES, VALUES_SMALL, VALUES_EXTREMES, VALUES_MIXED, VALUES_FINITE};
    begin_case(c, r, it % 2 ? DML_OPERATOR_ARGMAX : DML_OPERATOR_ARGMIN, 1 + fx_below(r, 2));
    c->axis = fx_below(r, c->rank);
    c->axes[0] = c->axis;
    c->axis_count = 1;
    c->axis_length = 1 + fx_below(r, rng_percent(r, 50) ? 9000 : rng_percent(r, 70) ? 70000 : 200000);
    c->values = profiles[fx_below(r, 5)];
    c->staircase = rng_percent(r, 60) ? (rng_percent(r, 50) ? 1 : -1) * (rng_percent(r, 30) ? 2 : 1) : 0;
    if (!c->staircase && rng_percent(r, 60)) c->one_sign = rng_percent(r, 50) ? 1 : -1;
    c->lone_nan = rng_percent(r, 30);
    if (c->lone_nan && rng_percent(r, 70)) c->type = random_float_type(r);
    if (rng_percent(r, 70)) c->in_layout = LAYOUT_PACKED; /* unit-stride lines */
    finish_case(c, r, c->axis_length * 3);
}

/* Many long contiguous lines (8 to 40 lines of 1500 to 5500 elements): the
   transposed kernels' groups of lines, line tails and leftover lines, in
   every float type, both orders, both scans. */
/* A 2-D scan along `axis`, of length base + [0, span), mostly of a float
   type and packed; the caller sizes the other dimension. */
static void begin_matrix_scan(gen_case *c, rng *r, DML_OPERATOR_TYPE op, UINT axis, unsigned base, unsigned span) {
    static const DML_TENSOR_DATA_TYPE floats[] = {DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_DATA_TYPE_FLOAT16,
                                                  DML_TENSOR_DATA_TYPE_FLOAT64};
    begin_case(c, r, op, 2);
    c->type = rng_percent(r, 80) ? floats[fx_below(r, 3)] : c->type;
    c->axis = axis;
    c->axis_length = base + fx_below(r, span);
    if (rng_percent(r, 70)) c->in_layout = c->out_layout = LAYOUT_PACKED;
    make_sizes(c, r, c->axis_length);
}

static void gen_scan_long_lines(gen_case *c, rng *r, unsigned it) {
    begin_matrix_scan(c, r, it % 2 ? DML_OPERATOR_CUMULATIVE_PRODUCT : DML_OPERATOR_CUMULATIVE_SUMMATION, 1, 1500,
                      4000);
    c->in_sizes[0] = 8 + fx_below(r, 33);
    finish_sized_case(c, r);
}

/* In place along a strided axis: the vertical kernels (lanes are adjacent
   lines) with full 16-row BLOCKED blocks, both directions, exclusive or not:
   an output row must never be written before the pass that reads it as input
   (an exclusive two-pass BLOCKED kernel once wrote row 8 of a block in its
   first pass, before its second pass read row 8). */
static void gen_inplace_strided_axis(gen_case *c, rng *r, unsigned it) {
    begin_matrix_scan(c, r, it % 3 == 2 ? DML_OPERATOR_CUMULATIVE_PRODUCT : DML_OPERATOR_CUMULATIVE_SUMMATION, 0, 16,
                      70);
    c->in_place = 1;
    c->shared_desc = rng_percent(r, 50);
    c->in_sizes[1] = 16 + fx_below(r, 300);
    finish_sized_case(c, r);
}

static const random_suite random_suites[] = {
    {"random/cumsum", 4000, gen_cumsum},
    {"random/cumprod", 4000, gen_cumprod},
    {"random/argmin", 3000, gen_argmin},
    {"random/argmax", 3000, gen_argmax},
    {"random/reduce", 2500, gen_reduce},
    {"random/inplace", 2500, gen_inplace},
    {"random/broadcast", 3000, gen_broadcast},
    {"random/special-values", 4000, gen_special_values},
    {"random/every-axis", SCAN_AXIS_CASES + ARG_AXIS_SETS, gen_every_axis},
    {"random/arg-long-lines", 400, gen_arg_long_lines},
    {"random/scan-long-lines", 80, gen_scan_long_lines},
    {"random/inplace-strided-axis", 300, gen_inplace_strided_axis},
};

/* Long float lines under both orders: each must match the oracle, and the
   two orders must give different bits somewhere (else BLOCKED is not really
   exercised, or not really different from SEQUENTIAL). */
#define BLOCKED_CASES 200

static void run_blocked_vs_sequential(const void *ctx) {
    static const char name[] = "random/blocked-vs-sequential";
    static const DML_TENSOR_DATA_TYPE types[] = {DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_DATA_TYPE_FLOAT32,
                                                 DML_TENSOR_DATA_TYPE_FLOAT16, DML_TENSOR_DATA_TYPE_FLOAT64};
    unsigned i, differing[4] = {0, 0, 0, 0}, failing = 0;
    (void)ctx;
    for (i = 0; i < BLOCKED_CASES; i++) {
        unsigned char *blocked = NULL, *sequential = NULL;
        gen_case c;
        rng r, replay;
        int ok;
        if (g_only_iteration >= 0 && (unsigned long)g_only_iteration != i) continue;
        r = rng_for_case(name, i);
        begin_case(&c, &r, DML_OPERATOR_CUMULATIVE_SUMMATION, 1 + fx_below(&r, 3));
        c.type = types[i % 4];
        c.values = rng_percent(&r, 80) ? VALUES_FINITE : VALUES_WIDE;
        c.axis_length = 1000 + fx_below(&r, 3000);
        finish_case(&c, &r, c.axis_length * (1 + fx_below(&r, 3)));
        /* The same data twice: replay the random stream from here. */
        replay = r;
        c.float_order = DMLREF_FLOAT_ORDER_BLOCKED;
        ok = run_case(&c, &r, name, i, &blocked);
        r = replay;
        c.float_order = DMLREF_FLOAT_ORDER_SEQUENTIAL;
        ok &= run_case(&c, &r, name, i, &sequential);
        if (blocked && sequential) {
            /* Only elements can differ: both runs drew identical gap bytes. */
            uint64_t bytes =
                oracle_buffer_size(c.type, c.rank, c.out_sizes, c.out_layout == LAYOUT_NULL ? NULL : c.out_strides);
            if (memcmp(blocked, sequential, (size_t)bytes + 2 * GUARD_BYTES) != 0) differing[i % 4]++;
        }
        free(blocked);
        free(sequential);
        if (!ok && ++failing >= MAX_FAILING_CASES) {
            TR_CHECKF(0, "SEED=%llu %s: stopped after %u failing cases", (unsigned long long)g_seed, name, failing);
            return;
        }
    }
    if (g_only_iteration < 0)
        TR_CHECKF(differing[0] + differing[1] > 0 && differing[3] > 0,
                  "SEED=%llu %s: the oracle's BLOCKED and SEQUENTIAL sums never differed (FLOAT32 %u, FLOAT64 %u "
                  "of %u cases each): the BLOCKED order is not exercised",
                  (unsigned long long)g_seed, name, differing[0] + differing[1], differing[3], BLOCKED_CASES / 4);
}

/* dmlref_f16_to_f32 / dmlref_f32_to_f16 against the oracle's own conversions:
   every binary16 value, every rounding midpoint and its neighbours, and random
   binary32 patterns. NaN has to stay NaN; its payload is not specified. */
static int check_narrowing(float value) {
    uint16_t got = dmlref_f32_to_f16(value), want = oracle_f32_to_f16(value);
    uint32_t bits;
    memcpy(&bits, &value, 4);
    if (value != value)
        return TR_CHECKF((got & 0x7C00u) == 0x7C00u && (got & 0x3FFu),
                         "dmlref_f32_to_f16(0x%08lx) gives 0x%04x, not a NaN", (unsigned long)bits, (unsigned)got);
    return TR_CHECKF(got == want, "SEED=%llu dmlref_f32_to_f16(0x%08lx) gives 0x%04x, expected 0x%04x",
                     (unsigned long long)g_seed, (unsigned long)bits, (unsigned)got, (unsigned)want);
}

static float neighbour(float value, int32_t steps) {
    uint32_t bits;
    memcpy(&bits, &value, 4);
    bits += (uint32_t)steps;
    memcpy(&value, &bits, 4);
    return value;
}

static void run_f16_conversions(const void *ctx) {
    rng r = rng_for_case("random/f16-conversions", 0);
    uint32_t h, i;
    int ok = 1;
    (void)ctx;
    for (h = 0; h < 0x10000u && ok; h++) {
        float got = dmlref_f16_to_f32((uint16_t)h), want = oracle_f16_to_f32((uint16_t)h);
        uint32_t got_bits, want_bits;
        memcpy(&got_bits, &got, 4);
        memcpy(&want_bits, &want, 4);
        if (want != want) ok = TR_CHECKF(got != got, "dmlref_f16_to_f32(0x%04lx) is not NaN", (unsigned long)h);
        else
            ok = TR_CHECKF(got_bits == want_bits, "dmlref_f16_to_f32(0x%04lx) gives 0x%08lx, expected 0x%08lx",
                           (unsigned long)h, (unsigned long)got_bits, (unsigned long)want_bits);
    }
    for (h = 0; h < 0x7C00u && ok; h++) { /* both signs of every finite value and midpoint */
        float low = oracle_f16_to_f32((uint16_t)h);
        float middle = h == 0x7BFFu ? 65520.0f : (low + oracle_f16_to_f32((uint16_t)(h + 1))) * 0.5f;
        int32_t step;
        for (step = -1; step <= 1 && ok; step++) {
            ok = check_narrowing(neighbour(low, step)) && check_narrowing(-neighbour(low, step)) &&
                 check_narrowing(neighbour(middle, step)) && check_narrowing(-neighbour(middle, step));
        }
    }
    for (i = 0; i < 200000 && ok; i++) {
        uint32_t bits = (uint32_t)fx_next(&r);
        float value;
        if (i & 1) /* exponents 2^-27 .. 2^16, around binary16's range */
            bits = (bits & 0x807FFFFFu) | ((100u + fx_below(&r, 44)) << 23);
        memcpy(&value, &bits, 4);
        ok = check_narrowing(value);
    }
}

void register_random_tests(void) {
    const char *seed = getenv("SEED"), *only = getenv("RANDOM_ITER");
    size_t i;
    if (seed && *seed) g_seed = (uint64_t)strtoull(seed, NULL, 0);
    if (only && *only) g_only_iteration = strtol(only, NULL, 10);
    for (i = 0; i < sizeof random_suites / sizeof random_suites[0]; i++)
        tr_add(random_suites[i].name, run_suite, &random_suites[i]);
    tr_add("random/blocked-vs-sequential", run_blocked_vs_sequential, NULL);
    tr_add("random/f16-conversions", run_f16_conversions, NULL);
}
