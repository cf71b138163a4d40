/* tests/test_reduce.c - DML_OPERATOR_REDUCE's value functions (SUM, AVERAGE, L1, L2,
   SUM_SQUARE, LOG_SUM, LOG_SUM_EXP, MULTIPLY, MIN, MAX) against tests/reduce_model.c, a
   model written from docs/semantics.md ("Reductions", "Float orders", "Accumulation and
   seed", "Exact sums", "NaN") alone, never from dml_ref.h's implementation. Only the
   public API is called.

   reduce/hand/...      DirectML's documented example and small hand-computed cases per
                        function (values worked out in the comments): the model and the
                        library must both give them
   reduce/random/...    every function x type x float order x accumulation x identity_seed
                        (x log_sum_exp formula, x NaN policy) the contract allows; 5 random
                        tensors each: ranks 1-5 (some 8), random axis sets listed in random
                        order, padded / permuted / broadcast (zero-stride) inputs, padded and
                        permuted outputs (odd strides on size-1 axes), reduced lengths
                        crossing 8, 128, 129, 1024; normal, wide-exponent, small-integer data
                        with +-0, +-inf, NaN and subnormals at a low rate
   reduce/long/...      single lines of up to 100,003 elements (PAIRWISE's recursion, long
                        BLOCKED / TREE / EXACT lines a library may split between tasks)
   reduce/invalid/...   every validation rule of "Reductions": the status, the message
                        (REDUCE first, the field and its value), nothing written
   reduce/accepted/...  the positive side: options a function ignores, odd layouts

   Every execution runs on each ISA path this build and CPU have (SCALAR .. REFERENCE) and
   with options.parallel NULL and at 1, 2, 3 (hostile floating-point environment) and 7
   tasks (tests/sched.h); every output buffer must equal the model's bit for bit, guard
   bytes and padding included, and equal every other run's. Fixed seeds (FNV-1a of the
   case name): deterministic. */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../dml_ref.h"
#include "fixture.h"
#include "oracle.h"
#include "reduce_model.h"
#include "runner.h"
#include "sched.h"
#include "suites.h"

#define RD_MAX_RANK 8
#define RD_GUARD 64
#define RD_FILL 0xA5
#define RD_STOP 8 /* a case stops after this many failed checks */
#define RD_TENSORS 5
#define RD_BUDGET 3000u /* elements of a random tensor, about */

static int rd_stop(void) { return tr_case_failures() >= RD_STOP; }

/* ---- names ---------------------------------------------------------------------------------- */

static const char *rd_function_name(int f) {
    switch (f) {
    case DML_REDUCE_FUNCTION_AVERAGE: return "average";
    case DML_REDUCE_FUNCTION_L1: return "l1";
    case DML_REDUCE_FUNCTION_L2: return "l2";
    case DML_REDUCE_FUNCTION_LOG_SUM: return "log-sum";
    case DML_REDUCE_FUNCTION_LOG_SUM_EXP: return "log-sum-exp";
    case DML_REDUCE_FUNCTION_MAX: return "max";
    case DML_REDUCE_FUNCTION_MIN: return "min";
    case DML_REDUCE_FUNCTION_MULTIPLY: return "multiply";
    case DML_REDUCE_FUNCTION_SUM: return "sum";
    case DML_REDUCE_FUNCTION_SUM_SQUARE: return "sum-square";
    default: return "?";
    }
}

static const char *rd_order_name(int o) {
    switch (o) {
    case DMLREF_FLOAT_ORDER_SEQUENTIAL: return "sequential";
    case DMLREF_FLOAT_ORDER_BLOCKED: return "blocked";
    case DMLREF_FLOAT_ORDER_EXACT: return "exact";
    case DMLREF_FLOAT_ORDER_TREE: return "tree";
    case DMLREF_FLOAT_ORDER_PAIRWISE: return "pairwise";
    default: return "?";
    }
}

static const char *const rd_accumulation_names[3] = {"default", "native", "wide"};
static const char *const rd_nan_names[3] = {"propagate", "ignore", "compare"};

static void rd_describe_cfg(const rm_cfg *c, char *buf, size_t cap) {
    char tree[128] = "";
    if (c->float_order == DMLREF_FLOAT_ORDER_TREE)
        snprintf(tree, sizeof tree, "{algorithm %d, block %lu, carry %d, serial %lu, lanes %lu, run_seed %d}",
                 (int)c->tree.algorithm, (unsigned long)c->tree.block, (int)c->tree.carry,
                 (unsigned long)c->tree.serial, (unsigned long)c->tree.lanes, (int)c->tree.run_seed);
    snprintf(buf, cap, "REDUCE %s %s order=%s%s accumulation=%s seed=%d nan_policy=%s log_sum_exp=%d",
             rd_function_name(c->function), fx_type_name(c->type), rd_order_name(c->float_order), tree,
             c->accumulation >= 0 && c->accumulation < 3 ? rd_accumulation_names[c->accumulation] : "?", c->seed,
             c->nan_policy >= 0 && c->nan_policy < 3 ? rd_nan_names[c->nan_policy] : "?", c->log_sum_exp);
}

static rm_cfg rd_cfg(int function, DML_TENSOR_DATA_TYPE type, int order, int accumulation, int seed) {
    rm_cfg c;
    memset(&c, 0, sizeof c);
    c.function = function;
    c.type = type;
    c.float_order = order;
    c.accumulation = accumulation;
    c.seed = seed;
    return c;
}

/* ---- tensors ---------------------------------------------------------------------------------- */

typedef struct rd_geometry {
    UINT rank, axis_count;
    UINT sizes[RD_MAX_RANK], out_sizes[RD_MAX_RANK], axes[RD_MAX_RANK];
    UINT in_strides[RD_MAX_RANK], out_strides[RD_MAX_RANK];
    int in_null, out_null; /* Strides NULL: packed row-major */
} rd_geometry;

static void rd_effective(const rd_geometry *g, int output, uint64_t *strides) {
    const UINT *sizes = output ? g->out_sizes : g->sizes, *given = output ? g->out_strides : g->in_strides;
    uint64_t packed = 1;
    UINT d;
    for (d = g->rank; d-- > 0;) {
        strides[d] = (output ? g->out_null : g->in_null) ? packed : given[d];
        packed *= sizes[d];
    }
}

static void rd_set_reduced(rd_geometry *g) {
    UINT d, a;
    for (d = 0; d < g->rank; d++) g->out_sizes[d] = g->sizes[d];
    for (a = 0; a < g->axis_count; a++) g->out_sizes[g->axes[a]] = 1;
}

/* A packed tensor reducing axes[0..count-1]. */
static void rd_packed(rd_geometry *g, UINT rank, const UINT *sizes, UINT count, const UINT *axes) {
    memset(g, 0, sizeof *g);
    g->rank = rank;
    g->axis_count = count;
    memcpy(g->sizes, sizes, rank * sizeof *sizes);
    memcpy(g->axes, axes, count * sizeof *axes);
    g->in_null = g->out_null = 1;
    rd_set_reduced(g);
}

static void rd_describe_geometry(const rd_geometry *g, char *buf, size_t cap) {
    size_t len = 0;
    UINT d;
#define RD_PUT(...)                                                                \
    do {                                                                           \
        if (len < cap) len += (size_t)snprintf(buf + len, cap - len, __VA_ARGS__); \
    } while (0)
    RD_PUT("sizes [");
    for (d = 0; d < g->rank; d++) RD_PUT("%s%lu", d ? "," : "", (unsigned long)g->sizes[d]);
    RD_PUT("] axes {");
    for (d = 0; d < g->axis_count; d++) RD_PUT("%s%lu", d ? "," : "", (unsigned long)g->axes[d]);
    RD_PUT("} input strides ");
    if (g->in_null) RD_PUT("NULL");
    else
        for (d = 0; d < g->rank; d++) RD_PUT("%s%lu", d ? "," : "[", (unsigned long)g->in_strides[d]);
    RD_PUT("%s output strides ", g->in_null ? "" : "]");
    if (g->out_null) RD_PUT("NULL");
    else
        for (d = 0; d < g->rank; d++) RD_PUT("%s%lu", d ? "," : "[", (unsigned long)g->out_strides[d]);
    if (!g->out_null) RD_PUT("]");
#undef RD_PUT
}

static uint64_t rd_bytes(const rd_geometry *g, DML_TENSOR_DATA_TYPE type, int output) {
    return oracle_buffer_size(type, g->rank, output ? g->out_sizes : g->sizes,
                              (output ? g->out_null : g->in_null) ? NULL
                              : output                            ? g->out_strides
                                                                  : g->in_strides);
}

/* ---- the check: the model, then every path and schedule --------------------------------------------- */

typedef struct rd_parallel {
    uint32_t tasks; /* 0: options.parallel NULL */
    int order, hostile;
    const char *name;
} rd_parallel;

static const rd_parallel rd_parallels[] = {{0, SCHED_FORWARD, 0, "none"},
                                           {1, SCHED_FORWARD, 0, "1 task"},
                                           {2, SCHED_REVERSE, 0, "2 tasks, reverse"},
                                           {3, SCHED_SHUFFLED, 1, "3 tasks, shuffled, hostile"},
                                           {7, SCHED_SHUFFLED, 0, "7 tasks, shuffled"}};
#define RD_PARALLEL_COUNT (sizeof rd_parallels / sizeof rd_parallels[0])

static void rd_set_options(dmlref_options *o, const rm_cfg *c, dmlref_scan_tree *tree, char *message, size_t cap) {
    memset(o, 0, sizeof *o);
    o->float_order = c->float_order;
    o->accumulation = c->accumulation;
    o->identity_seed = c->seed;
    o->nan_policy = c->nan_policy;
    o->log_sum_exp = c->log_sum_exp;
    o->error_message = message;
    o->error_message_capacity = cap;
    if (c->float_order == DMLREF_FLOAT_ORDER_TREE) {
        *tree = c->tree;
        o->tree = tree;
    }
}

/* The first output element whose bits differ between two output buffers (at their element
   offsets), or -1 with *byte the first other byte that differs (or -1 when none). */
static long rd_first_difference(const rd_geometry *g, DML_TENSOR_DATA_TYPE type, const unsigned char *a,
                                const unsigned char *b, size_t total, long *byte, uint64_t *abits, uint64_t *bbits) {
    const unsigned size = fx_type_size(type);
    uint64_t strides[RD_MAX_RANK], count = 1, i;
    size_t k;
    UINT d;
    rd_effective(g, 1, strides);
    for (d = 0; d < g->rank; d++) count *= g->out_sizes[d];
    for (i = 0; i < count; i++) {
        uint64_t rest = i, off = 0;
        for (d = g->rank; d-- > 0;) {
            off += (rest % g->out_sizes[d]) * strides[d];
            rest /= g->out_sizes[d];
        }
        *abits = fx_load(a + RD_GUARD + off * size, size);
        *bbits = fx_load(b + RD_GUARD + off * size, size);
        if (*abits != *bbits) {
            *byte = (long)(off * size);
            return (long)i;
        }
    }
    *byte = -1;
    for (k = 0; k < total; k++)
        if (a[k] != b[k]) {
            *byte = (long)k - RD_GUARD;
            break;
        }
    return -1;
}

/* Runs c on g with the input bytes at input (in_bytes of them); the expected output is the
   model's, or want[] (the outputs in row-major order) when given, which the model must give
   too. Returns 1 when every run matched. */
static int rd_check(const char *what, const rm_cfg *c, const rd_geometry *g, const unsigned char *input,
                    size_t in_bytes, const uint64_t *want) {
    const unsigned size = fx_type_size(c->type);
    const size_t out_bytes = (size_t)rd_bytes(g, c->type, 1), total = out_bytes + 2 * RD_GUARD;
    unsigned char *expect = (unsigned char *)malloc(total), *got = (unsigned char *)malloc(total);
    unsigned char *first = (unsigned char *)malloc(total), *in_copy = (unsigned char *)malloc(in_bytes + 1);
    uint64_t in_strides[RD_MAX_RANK], out_strides[RD_MAX_RANK];
    char cfg_text[320], geo_text[400], message[512], first_name[96] = "";
    fx_tensor tin, tout;
    DML_REDUCE_OPERATOR_DESC desc;
    DML_OPERATOR_DESC op;
    dmlref_scan_tree tree;
    int ok = 1, have_first = 0, model_reported = 0;
    unsigned isa;
    size_t p;
    if (!expect || !got || !first || !in_copy) {
        free(expect), free(got), free(first), free(in_copy);
        return TR_CHECKF(0, "%s: out of memory", what);
    }
    rd_describe_cfg(c, cfg_text, sizeof cfg_text);
    rd_describe_geometry(g, geo_text, sizeof geo_text);
    rd_effective(g, 0, in_strides);
    rd_effective(g, 1, out_strides);
    memcpy(in_copy, input, in_bytes);
    memset(expect, RD_FILL, total);
    if (!rm_reduce_tensor(c, g->rank, g->sizes, in_strides, out_strides, g->axis_count, g->axes, input,
                          expect + RD_GUARD)) {
        free(expect), free(got), free(first), free(in_copy);
        return TR_CHECKF(0, "%s: the model ran out of memory", what);
    }
    if (want) { /* a hand-computed case: the model must agree, and the library is held to the hand values */
        uint64_t count = 1, i;
        UINT d;
        for (d = 0; d < g->rank; d++) count *= g->out_sizes[d];
        for (i = 0; i < count; i++) {
            uint64_t rest = i, off = 0, m;
            for (d = g->rank; d-- > 0;) {
                off += (rest % g->out_sizes[d]) * out_strides[d];
                rest /= g->out_sizes[d];
            }
            m = fx_load(expect + RD_GUARD + off * size, size);
            ok &= TR_CHECKF(m == want[i], "%s: %s %s: the MODEL gives output %lu = 0x%llx, the hand value is 0x%llx",
                            what, cfg_text, geo_text, (unsigned long)i, (unsigned long long)m,
                            (unsigned long long)want[i]);
            fx_store(expect + RD_GUARD + off * size, size, want[i]);
        }
    }
    fx_tensor_set(&tin, c->type, g->rank, g->sizes, g->in_null ? NULL : g->in_strides, rd_bytes(g, c->type, 0));
    fx_tensor_set(&tout, c->type, g->rank, g->out_sizes, g->out_null ? NULL : g->out_strides, out_bytes);
    desc.Function = (DML_REDUCE_FUNCTION)c->function;
    desc.InputTensor = &tin.desc;
    desc.OutputTensor = &tout.desc;
    desc.AxisCount = g->axis_count;
    desc.Axes = g->axes;
    op.Type = DML_OPERATOR_REDUCE;
    op.Desc = &desc;
    for (isa = DMLREF_ISA_SCALAR; isa <= DMLREF_ISA_REFERENCE && !rd_stop(); isa++) {
        if (!dmlref_isa_available((dmlref_isa)isa)) continue;
        for (p = 0; p < RD_PARALLEL_COUNT && !rd_stop(); p++) {
            const rd_parallel *par = &rd_parallels[p];
            dmlref_options o;
            sched s;
            const void *inputs[1];
            void *outputs[1];
            dmlref_status st;
            long element, byte;
            uint64_t ebits = 0, gbits = 0;
            char run_name[96];
            snprintf(run_name, sizeof run_name, "isa=%s parallel=%s", dmlref_isa_name((dmlref_isa)isa), par->name);
            rd_set_options(&o, c, &tree, message, sizeof message);
            o.isa = (int32_t)isa;
            if (par->tasks) {
                sched_init(&s, par->order, par->hostile, par->tasks, fx_fnv1a(what) + p);
                o.parallel = &s.parallel;
            }
            memset(got, RD_FILL, total);
            inputs[0] = input;
            outputs[0] = got + RD_GUARD;
            st = dmlref_execute(&op, inputs, outputs, &o);
            if (!TR_CHECKF(st == DMLREF_OK, "%s: %s %s %s: status %s \"%s\"", what, cfg_text, geo_text, run_name,
                           dmlref_status_name(st), message)) {
                ok = 0;
                continue;
            }
            if (par->tasks) {
                ok &= TR_CHECKF(s.bad_calls == 0 && s.nested == 0,
                                "%s: %s: parallel_for got task_count %lu (max %lu) or was called from a task", what,
                                run_name, (unsigned long)s.first_bad, (unsigned long)par->tasks);
                ok &= TR_CHECKF(s.env_changed == 0, "%s: %s: a task returned in another floating-point mode", what,
                                run_name);
            }
            if (memcmp(got, expect, total) != 0 && !model_reported) {
                element = rd_first_difference(g, c->type, expect, got, total, &byte, &ebits, &gbits);
                if (element >= 0)
                    TR_CHECKF(0, "%s: %s %s %s: output %ld (byte offset %ld): expected 0x%llx, got 0x%llx", what,
                              cfg_text, geo_text, run_name, element, byte, (unsigned long long)ebits,
                              (unsigned long long)gbits);
                else
                    TR_CHECKF(0, "%s: %s %s %s: byte %ld outside the output's elements changed", what, cfg_text,
                              geo_text, run_name, byte);
                model_reported = 1; /* one report against the model per tensor; consistency checked below */
                ok = 0;
            }
            if (!have_first) {
                memcpy(first, got, total);
                snprintf(first_name, sizeof first_name, "%s", run_name);
                have_first = 1;
            } else if (memcmp(got, first, total) != 0) {
                element = rd_first_difference(g, c->type, first, got, total, &byte, &ebits, &gbits);
                TR_CHECKF(0, "%s: %s %s: %s differs from %s at output %ld (byte %ld): 0x%llx there, 0x%llx here", what,
                          cfg_text, geo_text, run_name, first_name, element, byte, (unsigned long long)ebits,
                          (unsigned long long)gbits);
                ok = 0;
            }
        }
    }
    ok &= TR_CHECKF(memcmp(in_copy, input, in_bytes) == 0, "%s: %s: the input changed", what, cfg_text);
    free(expect), free(got), free(first), free(in_copy);
    return ok;
}

/* ---- data ------------------------------------------------------------------------------------ */

static uint64_t rd_float_bits(DML_TENSOR_DATA_TYPE t, double v) {
    if (t == DML_TENSOR_DATA_TYPE_FLOAT16) return rm_double_to_half(v);
    if (t == DML_TENSOR_DATA_TYPE_FLOAT32) return fx_float_bits((float)v);
    return fx_double_bits(v);
}

/* The bits of an integer value (two's complement, truncated to the type). */
static uint64_t rd_int_bits(DML_TENSOR_DATA_TYPE t, int64_t v) {
    const unsigned bits = fx_type_size(t) * 8u;
    const uint64_t u = v < 0 ? ~(uint64_t)0 - (uint64_t)(-(v + 1)) : (uint64_t)v;
    return bits == 64 ? u : u & (((uint64_t)1 << bits) - 1u);
}

static uint64_t rd_value_bits(DML_TENSOR_DATA_TYPE t, double v) {
    return fx_is_float(t) ? rd_float_bits(t, v) : rd_int_bits(t, (int64_t)v);
}

enum { DP_NORMAL, DP_WIDE, DP_SMALLINT, DP_POSITIVE, DP_NEAR1, DP_LSE, DP_COUNT };
static const char *const rd_profile_names[DP_COUNT] = {"normal", "wide", "small-int", "positive", "near-1", "lse"};

typedef struct rd_data {
    int profile;
    double scale;
    uint32_t special_per_4096; /* +-0, +-inf, NaN, subnormals, extremes */
} rd_data;

static double rd_normal(fx_rng *r) { return (fx_unit(r) + fx_unit(r) + fx_unit(r) + fx_unit(r) - 2.0) * 1.7320508; }

static uint64_t rd_special(fx_rng *r, DML_TENSOR_DATA_TYPE t) {
    const unsigned size = fx_type_size(t), bits = size * 8u,
                   mant = t == DML_TENSOR_DATA_TYPE_FLOAT16   ? 10u
                          : t == DML_TENSOR_DATA_TYPE_FLOAT32 ? 23u
                                                              : 52u;
    const uint64_t sign = (uint64_t)1 << (bits - 1u), exp_all = (((uint64_t)1 << (bits - 1u - mant)) - 1u) << mant;
    const uint64_t mant_mask = ((uint64_t)1 << mant) - 1u;
    uint64_t s = fx_below(r, 2) ? sign : 0;
    switch (fx_below(r, 9)) {
    case 0: return 0;
    case 1: return sign;
    case 2: return exp_all;
    case 3: return exp_all | sign;
    case 4: return exp_all | s | ((fx_next(r) & mant_mask) | 1u);     /* NaN, any payload, either sign */
    case 5: return s | ((fx_next(r) & mant_mask) | 1u);               /* subnormal */
    case 6: return s | (exp_all - ((uint64_t)1 << mant)) | mant_mask; /* +-MAX */
    case 7: return s | ((uint64_t)1 << mant);                         /* the smallest normal */
    default: return s | (fx_next(r) & (mant_mask >> 3));              /* a small subnormal */
    }
}

static uint64_t rd_generate(fx_rng *r, DML_TENSOR_DATA_TYPE t, const rd_data *d) {
    double v;
    if (!fx_is_float(t)) {
        const unsigned bits = fx_type_size(t) * 8u;
        const uint64_t mask = bits == 64 ? ~(uint64_t)0 : (((uint64_t)1 << bits) - 1u);
        static const int64_t extremes[] = {0, 1, -1, 2, -2};
        switch (d->profile % 3) {
        case 0: return fx_next(r) & mask;
        case 1: return rd_int_bits(t, (int64_t)fx_below(r, 17) - 8);
        default:
            if (fx_below(r, 3) == 0) { /* the type's minimum or maximum */
                const uint64_t top = (uint64_t)1 << (bits - 1u);
                if (fx_is_signed(t)) return fx_below(r, 2) ? top : top - 1u;
                return fx_below(r, 2) ? mask : 0u;
            }
            return rd_int_bits(t, extremes[fx_below(r, 5)]);
        }
    }
    if (d->special_per_4096 && fx_below(r, 4096) < d->special_per_4096) return rd_special(r, t);
    switch (d->profile) {
    case DP_WIDE: {
        const int lo = t == DML_TENSOR_DATA_TYPE_FLOAT16 ? -24 : t == DML_TENSOR_DATA_TYPE_FLOAT32 ? -149 : -1074;
        const int hi = t == DML_TENSOR_DATA_TYPE_FLOAT16 ? 15 : t == DML_TENSOR_DATA_TYPE_FLOAT32 ? 127 : 1023;
        v = ldexp(1.0 + fx_unit(r), lo + (int)fx_below(r, (uint32_t)(hi - lo + 1)));
        if (fx_below(r, 2)) v = -v;
        break;
    }
    case DP_SMALLINT: v = (double)((int)fx_below(r, 33) - 16) / (fx_below(r, 4) ? 1.0 : 2.0); break;
    case DP_POSITIVE:
        v = fabs(rd_normal(r)) * d->scale + 1e-3;
        if (fx_below(r, 32) == 0) v = -v;
        break;
    case DP_NEAR1:
        v = pow(2.0, fx_unit(r) - 0.5);
        if (fx_below(r, 10) == 0) v = -v;
        break;
    case DP_LSE:
        v = (fx_unit(r) * 2.0 - 1.0) * (t == DML_TENSOR_DATA_TYPE_FLOAT16 ? 8.0 : 30.0);
        if (fx_below(r, 40) == 0) v = fx_below(r, 2) ? 100.0 : 1000.0; /* the plain formula's exp overflows */
        break;
    default: v = rd_normal(r) * d->scale; break;
    }
    return rd_float_bits(t, v);
}

static void rd_random_data(fx_rng *r, int function, DML_TENSOR_DATA_TYPE t, rd_data *d) {
    static const double scales[] = {1.0, 1.0, 0.0625, 64.0, 1e-3};
    const uint32_t pick = fx_below(r, 10);
    if (!fx_is_float(t)) {
        d->profile = (int)fx_below(r, 3);
        d->scale = 1;
        d->special_per_4096 = 0;
        return;
    }
    d->profile = (int)fx_below(r, 3); /* normal, wide, small integers */
    if (pick < 2 && (function == DML_REDUCE_FUNCTION_SUM || function == DML_REDUCE_FUNCTION_AVERAGE))
        d->profile = DP_POSITIVE; /* sums far from 0: an EXACT sum past MAX whose average is not */
    if (pick < 6) {
        if (function == DML_REDUCE_FUNCTION_LOG_SUM) d->profile = DP_POSITIVE;
        else if (function == DML_REDUCE_FUNCTION_MULTIPLY) d->profile = DP_NEAR1;
        else if (function == DML_REDUCE_FUNCTION_LOG_SUM_EXP) d->profile = DP_LSE;
    }
    d->scale = scales[fx_below(r, t == DML_TENSOR_DATA_TYPE_FLOAT16 ? 4u : 5u)];
    if (pick < 2 && d->profile == DP_POSITIVE) /* near MAX / 300: long sums overflow, their averages do not */
        d->scale = t == DML_TENSOR_DATA_TYPE_FLOAT16 ? 200.0 : t == DML_TENSOR_DATA_TYPE_FLOAT32 ? 1e36 : 1e306;
    switch (fx_below(r, 10)) {
    case 0:
    case 1:
    case 2:
    case 3:
    case 4: d->special_per_4096 = 0; break;
    case 5:
    case 6:
    case 7: d->special_per_4096 = 40; break;   /* about 1% */
    default: d->special_per_4096 = 200; break; /* about 5% */
    }
}

/* ---- random geometry ---------------------------------------------------------------------------- */

static void rd_shuffle(UINT *items, UINT count, fx_rng *r) {
    UINT i;
    for (i = count; i > 1; i--) {
        UINT j = fx_below(r, i), t = items[i - 1];
        items[i - 1] = items[j];
        items[j] = t;
    }
}

/* Nested strides: dimensions from the innermost (identity order reversed, or shuffled),
   each stride past the span of the ones inside it, with gaps when padded. */
static void rd_layout(fx_rng *r, UINT rank, const UINT *sizes, UINT *strides, int permuted, int padded) {
    UINT order[RD_MAX_RANK], k;
    uint64_t running = padded ? 1u + fx_below(r, 3) : 1u;
    for (k = 0; k < rank; k++) order[k] = rank - 1u - k;
    if (permuted) rd_shuffle(order, rank, r);
    for (k = 0; k < rank; k++) {
        strides[order[k]] = (UINT)running;
        running = running * sizes[order[k]] + (padded ? fx_below(r, 4) : 0u);
    }
}

static const uint32_t rd_lengths[] = {1,   2,   3,   5,   7,   8,   9,    12,   15,   16,   17,   24,
                                      31,  32,  33,  63,  64,  65,  100,  127,  128,  129,  130,  136,
                                      255, 256, 257, 264, 500, 777, 1023, 1024, 1025, 1031, 2048, 2049};
#define RD_LENGTH_COUNT (sizeof rd_lengths / sizeof rd_lengths[0])

static void rd_random_geometry(rd_geometry *g, fx_rng *r, uint32_t n, uint32_t budget) {
    UINT order[RD_MAX_RANK], d, i, kept_limit, kept = 1, rest = n;
    int is_reduced[RD_MAX_RANK] = {0};
    memset(g, 0, sizeof *g);
    g->rank = fx_below(r, 12) == 0 ? 8u : 1u + fx_below(r, 5);
    for (d = 0; d < g->rank; d++) order[d] = d;
    rd_shuffle(order, g->rank, r);
    g->axis_count = 1u + fx_below(r, g->rank);
    for (i = 0; i < g->axis_count; i++) {
        g->axes[i] = order[i]; /* listed in random order */
        is_reduced[order[i]] = 1;
    }
    for (i = 0; i < g->axis_count; i++) { /* the reduced sizes multiply to n */
        UINT divisors[64], count = 0, k;
        if (i + 1 == g->axis_count) {
            g->sizes[g->axes[i]] = rest;
            break;
        }
        for (k = 1; k <= rest && count < 64; k++)
            if (rest % k == 0) divisors[count++] = k;
        g->sizes[g->axes[i]] = divisors[fx_below(r, count)];
        rest /= g->sizes[g->axes[i]];
    }
    kept_limit = budget / n ? budget / n : 1;
    for (d = 0; d < g->rank; d++) {
        UINT s;
        if (is_reduced[d]) continue;
        s = 1u + fx_below(r, g->rank > 5 ? 2u : 4u);
        while (s > 1 && kept * s > kept_limit) s--;
        kept *= s;
        g->sizes[d] = s;
    }
    rd_set_reduced(g);
    switch (fx_below(r, 6)) { /* the input: packed, padded, permuted, broadcast */
    case 0: g->in_null = 1; break;
    case 1: rd_layout(r, g->rank, g->sizes, g->in_strides, 0, 0); break;
    case 2: rd_layout(r, g->rank, g->sizes, g->in_strides, 0, 1); break;
    case 3: rd_layout(r, g->rank, g->sizes, g->in_strides, 1, fx_below(r, 2)); break;
    default: /* zero strides on some axes of size > 1 */
        rd_layout(r, g->rank, g->sizes, g->in_strides, fx_below(r, 2), fx_below(r, 2));
        for (d = 0; d < g->rank; d++)
            if (g->sizes[d] > 1 && fx_below(r, 3) == 0) g->in_strides[d] = 0;
        break;
    }
    switch (fx_below(r, 4)) { /* the output: packed, padded, permuted */
    case 0: g->out_null = 1; break;
    case 1: rd_layout(r, g->rank, g->out_sizes, g->out_strides, 0, 0); break;
    case 2: rd_layout(r, g->rank, g->out_sizes, g->out_strides, 0, 1); break;
    default: rd_layout(r, g->rank, g->out_sizes, g->out_strides, 1, fx_below(r, 2)); break;
    }
    if (!g->out_null) /* any stride on an axis of size 1: it never moves */
        for (d = 0; d < g->rank; d++)
            if (g->out_sizes[d] == 1 && fx_below(r, 3) == 0) g->out_strides[d] = fx_below(r, 2) ? 0u : 1000u;
}

/* The input buffer of g, every element slot (padding too) filled from d. */
static unsigned char *rd_fill_input(fx_rng *r, const rd_geometry *g, DML_TENSOR_DATA_TYPE t, const rd_data *d,
                                    size_t *bytes) {
    const unsigned size = fx_type_size(t);
    const size_t n = (size_t)rd_bytes(g, t, 0);
    unsigned char *buf = (unsigned char *)malloc(n);
    size_t k;
    if (!buf) return NULL;
    memset(buf, RD_FILL, n);
    for (k = 0; k + size <= n; k += size) fx_store(buf + k, size, rd_generate(r, t, d));
    *bytes = n;
    return buf;
}

static void rd_random_tree(fx_rng *r, dmlref_scan_tree *t) {
    static const uint32_t blocks[] = {2, 4, 8, 16, 32, 64, 128, 512, 2048};
    memset(t, 0, sizeof *t);
    t->algorithm = (int32_t)fx_below(r, 3);
    t->block = blocks[fx_below(r, 9)];
    t->carry = (int32_t)fx_below(r, 4);
    if (fx_below(r, 2)) { /* the plain tree half the time */
        t->serial = fx_below(r, 3) == 0 ? 0u : 1u + fx_below(r, 17);
        t->lanes = fx_below(r, 4) == 0 ? 0u : 1u << fx_below(r, 7);
        t->run_seed = fx_below(r, 3) == 0;
    }
}

/* ---- reduce/random/... ----------------------------------------------------------------------------- */

typedef struct rd_spec {
    rm_cfg cfg;
    int random_options; /* integers, MIN, MAX: options they ignore, drawn per tensor */
    char name[96];
} rd_spec;

#define RD_SPEC_MAX 800
static rd_spec rd_specs[RD_SPEC_MAX];
static unsigned rd_spec_count;

/* Options a function ignores, drawn among the combinations the function takes. */
static void rd_random_ignored(fx_rng *r, rm_cfg *c) {
    static const int orders[] = {DMLREF_FLOAT_ORDER_SEQUENTIAL, DMLREF_FLOAT_ORDER_PAIRWISE, DMLREF_FLOAT_ORDER_BLOCKED,
                                 DMLREF_FLOAT_ORDER_TREE, DMLREF_FLOAT_ORDER_EXACT};
    const int is_float = fx_is_float(c->type);
    do {
        c->float_order = orders[fx_below(r, 5)];
        c->accumulation = (int)fx_below(r, 3);
        /* an order the function would refuse on floats is left out for integers too ("Reductions" does
           not say whether integers refuse it) */
    } while (!rm_order_allowed(fx_is_float(c->type) ? DML_REDUCE_FUNCTION_SUM : c->function, c->float_order,
                               c->accumulation) ||
             (c->float_order == DMLREF_FLOAT_ORDER_EXACT && c->accumulation != DMLREF_ACCUMULATION_DEFAULT));
    c->seed = (int)fx_below(r, 2);
    if (!is_float) c->nan_policy = (int)fx_below(r, 3);
    if (c->float_order == DMLREF_FLOAT_ORDER_TREE) rd_random_tree(r, &c->tree);
}

static void rd_run_random(const void *ctx) {
    const rd_spec *spec = (const rd_spec *)ctx;
    fx_rng r = fx_seeded(spec->name, 0x5EDC0DE2026ull);
    unsigned t;
    for (t = 0; t < RD_TENSORS && !rd_stop(); t++) {
        rm_cfg c = spec->cfg;
        rd_geometry g;
        rd_data d;
        size_t in_bytes = 0;
        unsigned char *input;
        char what[200], geo[400];
        uint32_t n = rd_lengths[fx_below(&r, RD_LENGTH_COUNT)];
        if (t == 0 && n > 300) n = rd_lengths[fx_below(&r, 20)]; /* one short sequence in every case */
        if (spec->random_options) rd_random_ignored(&r, &c);
        if (c.float_order == DMLREF_FLOAT_ORDER_TREE && !spec->random_options) rd_random_tree(&r, &c.tree);
        rd_random_geometry(&g, &r, n, RD_BUDGET);
        rd_random_data(&r, c.function, c.type, &d);
        input = rd_fill_input(&r, &g, c.type, &d, &in_bytes);
        if (!TR_CHECKF(input != NULL, "%s: out of memory", spec->name)) return;
        rd_describe_geometry(&g, geo, sizeof geo);
        snprintf(what, sizeof what, "%s tensor %u (data %s x %g, specials %lu/4096)", spec->name, t,
                 rd_profile_names[d.profile], d.scale, (unsigned long)d.special_per_4096);
        rd_check(what, &c, &g, input, in_bytes, NULL);
        free(input);
    }
}

static void rd_add_spec(const rm_cfg *c, int random_options, const char *name) {
    rd_spec *s;
    if (rd_spec_count >= RD_SPEC_MAX) return;
    s = &rd_specs[rd_spec_count++];
    s->cfg = *c;
    s->random_options = random_options;
    snprintf(s->name, sizeof s->name, "%s", name);
    tr_add(s->name, rd_run_random, s);
}

static void rd_register_random(void) {
    static const int float_functions[] = {DML_REDUCE_FUNCTION_SUM,         DML_REDUCE_FUNCTION_AVERAGE,
                                          DML_REDUCE_FUNCTION_L1,          DML_REDUCE_FUNCTION_L2,
                                          DML_REDUCE_FUNCTION_SUM_SQUARE,  DML_REDUCE_FUNCTION_LOG_SUM,
                                          DML_REDUCE_FUNCTION_LOG_SUM_EXP, DML_REDUCE_FUNCTION_MULTIPLY};
    static const int orders[] = {DMLREF_FLOAT_ORDER_SEQUENTIAL, DMLREF_FLOAT_ORDER_PAIRWISE, DMLREF_FLOAT_ORDER_BLOCKED,
                                 DMLREF_FLOAT_ORDER_TREE, DMLREF_FLOAT_ORDER_EXACT};
    static const int int_functions[] = {DML_REDUCE_FUNCTION_SUM,        DML_REDUCE_FUNCTION_L1,
                                        DML_REDUCE_FUNCTION_SUM_SQUARE, DML_REDUCE_FUNCTION_MULTIPLY,
                                        DML_REDUCE_FUNCTION_MIN,        DML_REDUCE_FUNCTION_MAX};
    char name[96];
    unsigned ti, fi, oi, a, s, formula, policy, extreme;
    for (ti = 0; ti < FX_FLOAT_TYPE_COUNT; ti++) {
        const DML_TENSOR_DATA_TYPE t = fx_float_types[ti];
        for (fi = 0; fi < sizeof float_functions / sizeof float_functions[0]; fi++)
            for (formula = 0; formula < (float_functions[fi] == DML_REDUCE_FUNCTION_LOG_SUM_EXP ? 2u : 1u); formula++)
                for (oi = 0; oi < 5; oi++)
                    for (a = 0; a < 3; a++)
                        for (s = 0; s < 2; s++) {
                            rm_cfg c = rd_cfg(float_functions[fi], t, orders[oi], (int)a, (int)s);
                            if (!rm_order_allowed(c.function, c.float_order, c.accumulation)) continue;
                            c.log_sum_exp = (int)formula;
                            snprintf(name, sizeof name, "reduce/random/%s%s/%s/%s/%s/seed%u",
                                     rd_function_name(c.function), formula ? "-plain" : "", fx_type_short(t),
                                     rd_order_name(c.float_order), rd_accumulation_names[a], s);
                            rd_add_spec(&c, 0, name);
                        }
        for (extreme = 0; extreme < 2; extreme++)
            for (policy = 0; policy < 3; policy++) {
                rm_cfg c = rd_cfg(extreme ? DML_REDUCE_FUNCTION_MAX : DML_REDUCE_FUNCTION_MIN, t, 0, 0, 0);
                c.nan_policy = (int)policy;
                snprintf(name, sizeof name, "reduce/random/%s/%s/nan-%s", rd_function_name(c.function),
                         fx_type_short(t), rd_nan_names[policy]);
                rd_add_spec(&c, 1, name);
            }
    }
    for (ti = 0; ti < FX_TYPE_COUNT; ti++) {
        const DML_TENSOR_DATA_TYPE t = fx_all_types[ti];
        if (fx_is_float(t)) continue;
        for (fi = 0; fi < sizeof int_functions / sizeof int_functions[0]; fi++) {
            rm_cfg c = rd_cfg(int_functions[fi], t, 0, 0, 0);
            snprintf(name, sizeof name, "reduce/random/%s/%s", rd_function_name(c.function), fx_type_short(t));
            rd_add_spec(&c, 1, name);
        }
    }
}

/* ---- reduce/long/... --------------------------------------------------------------------------------- */

typedef struct rd_long {
    const char *name;
    int function;
    DML_TENSOR_DATA_TYPE type;
    int order, accumulation, seed, log_sum_exp;
    dmlref_scan_tree tree;
    UINT rank, sizes[2], axis_count, axes[2];
    int profile;
} rd_long;

#define RD_F16 DML_TENSOR_DATA_TYPE_FLOAT16
#define RD_F32 DML_TENSOR_DATA_TYPE_FLOAT32
#define RD_F64 DML_TENSOR_DATA_TYPE_FLOAT64
#define RD_NO_TREE \
    { 0, 0, 0, 0, 0, 0 }

static const rd_long rd_longs[] = {
    {"reduce/long/sum-f32-pairwise-100003",
     DML_REDUCE_FUNCTION_SUM,
     RD_F32,
     DMLREF_FLOAT_ORDER_PAIRWISE,
     0,
     0,
     0,
     RD_NO_TREE,
     1,
     {100003, 0},
     1,
     {0, 0},
     DP_NORMAL},
    {"reduce/long/sum-f16-pairwise-native-70001",
     DML_REDUCE_FUNCTION_SUM,
     RD_F16,
     DMLREF_FLOAT_ORDER_PAIRWISE,
     1,
     0,
     0,
     RD_NO_TREE,
     1,
     {70001, 0},
     1,
     {0, 0},
     DP_NORMAL},
    {"reduce/long/sum-f64-pairwise-seed-3x33333",
     DML_REDUCE_FUNCTION_SUM,
     RD_F64,
     DMLREF_FLOAT_ORDER_PAIRWISE,
     0,
     1,
     0,
     RD_NO_TREE,
     2,
     {3, 33333},
     2,
     {1, 0},
     DP_WIDE},
    {"reduce/long/average-f32-pairwise-65539",
     DML_REDUCE_FUNCTION_AVERAGE,
     RD_F32,
     DMLREF_FLOAT_ORDER_PAIRWISE,
     0,
     0,
     0,
     RD_NO_TREE,
     1,
     {65539, 0},
     1,
     {0, 0},
     DP_NORMAL},
    {"reduce/long/l2-f16-pairwise-wide-100000",
     DML_REDUCE_FUNCTION_L2,
     RD_F16,
     DMLREF_FLOAT_ORDER_PAIRWISE,
     2,
     0,
     0,
     RD_NO_TREE,
     1,
     {100000, 0},
     1,
     {0, 0},
     DP_NORMAL},
    {"reduce/long/log-sum-exp-f32-pairwise-50000",
     DML_REDUCE_FUNCTION_LOG_SUM_EXP,
     RD_F32,
     DMLREF_FLOAT_ORDER_PAIRWISE,
     0,
     0,
     0,
     RD_NO_TREE,
     1,
     {50000, 0},
     1,
     {0, 0},
     DP_LSE},
    {"reduce/long/sum-f32-pairwise-2x50001",
     DML_REDUCE_FUNCTION_SUM,
     RD_F32,
     DMLREF_FLOAT_ORDER_PAIRWISE,
     0,
     0,
     0,
     RD_NO_TREE,
     2,
     {2, 50001},
     1,
     {1, 0},
     DP_NORMAL},
    {"reduce/long/sum-f32-sequential-100003",
     DML_REDUCE_FUNCTION_SUM,
     RD_F32,
     DMLREF_FLOAT_ORDER_SEQUENTIAL,
     0,
     0,
     0,
     RD_NO_TREE,
     1,
     {100003, 0},
     1,
     {0, 0},
     DP_NORMAL},
    {"reduce/long/sum-f32-blocked-100003",
     DML_REDUCE_FUNCTION_SUM,
     RD_F32,
     DMLREF_FLOAT_ORDER_BLOCKED,
     0,
     0,
     0,
     RD_NO_TREE,
     1,
     {100003, 0},
     1,
     {0, 0},
     DP_NORMAL},
    {"reduce/long/sum-f16-blocked-native-seed-65537",
     DML_REDUCE_FUNCTION_SUM,
     RD_F16,
     DMLREF_FLOAT_ORDER_BLOCKED,
     1,
     1,
     0,
     RD_NO_TREE,
     1,
     {65537, 0},
     1,
     {0, 0},
     DP_SMALLINT},
    {"reduce/long/sum-f32-tree-after-1024-100003",
     DML_REDUCE_FUNCTION_SUM,
     RD_F32,
     DMLREF_FLOAT_ORDER_TREE,
     0,
     0,
     0,
     {DMLREF_TREE_KOGGE_STONE, 1024, DMLREF_CARRY_AFTER, 0, 0, 0},
     1,
     {100003, 0},
     1,
     {0, 0},
     DP_NORMAL},
    {"reduce/long/sum-f64-tree-cupy-100003",
     DML_REDUCE_FUNCTION_SUM,
     RD_F64,
     DMLREF_FLOAT_ORDER_TREE,
     0,
     0,
     0,
     {DMLREF_TREE_BRENT_KUNG, 512, DMLREF_CARRY_RECURSIVE_LAST, 0, 0, 0},
     1,
     {100003, 0},
     1,
     {0, 0},
     DP_NORMAL},
    {"reduce/long/multiply-f32-tree-xla-100000",
     DML_REDUCE_FUNCTION_MULTIPLY,
     RD_F32,
     DMLREF_FLOAT_ORDER_TREE,
     0,
     0,
     0,
     {DMLREF_TREE_KOGGE_STONE, 16, DMLREF_CARRY_RECURSIVE, 16, 1, 1},
     1,
     {100000, 0},
     1,
     {0, 0},
     DP_NEAR1},
    {"reduce/long/sum-f32-exact-100003",
     DML_REDUCE_FUNCTION_SUM,
     RD_F32,
     DMLREF_FLOAT_ORDER_EXACT,
     0,
     0,
     0,
     RD_NO_TREE,
     1,
     {100003, 0},
     1,
     {0, 0},
     DP_WIDE},
    {"reduce/long/average-f16-exact-2x40000",
     DML_REDUCE_FUNCTION_AVERAGE,
     RD_F16,
     DMLREF_FLOAT_ORDER_EXACT,
     0,
     0,
     0,
     RD_NO_TREE,
     2,
     {2, 40000},
     1,
     {1, 0},
     DP_NORMAL},
    {"reduce/long/average-f16-exact-sums-past-max-8x1000",
     DML_REDUCE_FUNCTION_AVERAGE,
     RD_F16,
     DMLREF_FLOAT_ORDER_EXACT,
     0,
     0,
     0,
     RD_NO_TREE,
     2,
     {8, 1000},
     1,
     {1, 0},
     DP_POSITIVE},
    {"reduce/long/average-f32-exact-sums-past-max-4x3000",
     DML_REDUCE_FUNCTION_AVERAGE,
     RD_F32,
     DMLREF_FLOAT_ORDER_EXACT,
     0,
     0,
     0,
     RD_NO_TREE,
     2,
     {3000, 4},
     1,
     {0, 0},
     DP_POSITIVE},
    {"reduce/long/l2-f64-exact-100003",
     DML_REDUCE_FUNCTION_L2,
     RD_F64,
     DMLREF_FLOAT_ORDER_EXACT,
     0,
     0,
     0,
     RD_NO_TREE,
     1,
     {100003, 0},
     1,
     {0, 0},
     DP_WIDE},
    {"reduce/long/multiply-f64-sequential-100000",
     DML_REDUCE_FUNCTION_MULTIPLY,
     RD_F64,
     DMLREF_FLOAT_ORDER_SEQUENTIAL,
     0,
     0,
     0,
     RD_NO_TREE,
     1,
     {100000, 0},
     1,
     {0, 0},
     DP_NEAR1},
    {"reduce/long/max-f32-100003",
     DML_REDUCE_FUNCTION_MAX,
     RD_F32,
     0,
     0,
     0,
     0,
     RD_NO_TREE,
     1,
     {100003, 0},
     1,
     {0, 0},
     DP_NORMAL},
};

static void rd_run_long(const void *ctx) {
    const rd_long *l = (const rd_long *)ctx;
    fx_rng r = fx_seeded(l->name, 0x10C6ull);
    rm_cfg c = rd_cfg(l->function, l->type, l->order, l->accumulation, l->seed);
    rd_geometry g;
    rd_data d;
    unsigned char *input;
    size_t in_bytes = 0;
    c.log_sum_exp = l->log_sum_exp;
    c.tree = l->tree;
    rd_packed(&g, l->rank, l->sizes, l->axis_count, l->axes);
    d.profile = l->profile;
    d.scale = 1;
    if (l->profile == DP_POSITIVE) /* about MAX / 300: the sums pass MAX, the averages do not */
        d.scale = l->type == RD_F16 ? 200.0 : l->type == RD_F32 ? 1e36 : 1e306;
    d.special_per_4096 = 0;
    input = rd_fill_input(&r, &g, l->type, &d, &in_bytes);
    if (!TR_CHECKF(input != NULL, "%s: out of memory", l->name)) return;
    rd_check(l->name, &c, &g, input, in_bytes, NULL);
    free(input);
}

/* ---- reduce/hand/... ---------------------------------------------------------------------------------- */

/* A packed hand case: in[] in row-major order, want[] the outputs in row-major order. */
static void rd_hand(const char *what, const rm_cfg *c, UINT rank, const UINT *sizes, UINT axis_count, const UINT *axes,
                    const uint64_t *in, const uint64_t *want) {
    const unsigned size = fx_type_size(c->type);
    rd_geometry g;
    unsigned char *buf;
    size_t bytes, i, n = 1;
    UINT d;
    rd_packed(&g, rank, sizes, axis_count, axes);
    for (d = 0; d < rank; d++) n *= sizes[d];
    bytes = (size_t)rd_bytes(&g, c->type, 0);
    buf = (unsigned char *)malloc(bytes);
    if (!TR_CHECKF(buf != NULL, "%s: out of memory", what)) return;
    memset(buf, RD_FILL, bytes);
    for (i = 0; i < n; i++) fx_store(buf + i * size, size, in[i]);
    rd_check(what, c, &g, buf, bytes, want);
    free(buf);
}

/* One line of n doubles (converted to the type) to one output given as bits. */
static void rd_hand_line(const char *what, const rm_cfg *c, size_t n, const double *values, uint64_t want) {
    uint64_t in[64];
    UINT size = (UINT)n, axis = 0;
    size_t i;
    for (i = 0; i < n && i < 64; i++) in[i] = rd_value_bits(c->type, values[i]);
    rd_hand(what, c, 1, &size, 1, &axis, in, &want);
}

/* The same with the inputs given as bits. */
static void rd_hand_bits(const char *what, const rm_cfg *c, size_t n, const uint64_t *in, uint64_t want) {
    UINT size = (UINT)n, axis = 0;
    rd_hand(what, c, 1, &size, 1, &axis, in, &want);
}

#define RD_N(a) (sizeof(a) / sizeof((a)[0]))
#define F32B(v) ((uint64_t)fx_float_bits((float)(v)))
#define F64B(v) fx_double_bits(v)
#define F32_NEG_ZERO 0x80000000u
#define F32_NAN 0x7FC00000u
#define F32_INF 0x7F800000u
#define F32_MAX 0x7F7FFFFFu

/* DirectML's example (DML_REDUCE_OPERATOR_DESC): input [[1,2,3],[3,0,4],[2,4,2]]; SUM over
   axis 0 is [[6,6,9]], over axis 1 [[6],[7],[8]], over both [[21]] (Axes {1,0} too). The same
   in INT32, UINT8 and FLOAT16, and in FLOAT64 with strided copies checked by the random cases. */
static void rd_case_doc(const void *ctx) {
    static const double x[9] = {1, 2, 3, 3, 0, 4, 2, 4, 2};
    static const DML_TENSOR_DATA_TYPE types[5] = {RD_F32, RD_F16, RD_F64, DML_TENSOR_DATA_TYPE_INT32,
                                                  DML_TENSOR_DATA_TYPE_UINT8};
    const UINT sizes[2] = {3, 3}, ax0[1] = {0}, ax1[1] = {1}, ax01[2] = {0, 1}, ax10[2] = {1, 0};
    unsigned t, i;
    (void)ctx;
    for (t = 0; t < 5; t++) {
        rm_cfg c = rd_cfg(DML_REDUCE_FUNCTION_SUM, types[t], 0, 0, 0);
        uint64_t in[9], w0[3], w1[3], w01[1];
        char what[64];
        for (i = 0; i < 9; i++) in[i] = rd_value_bits(types[t], x[i]);
        w0[0] = rd_value_bits(types[t], 6), w0[1] = rd_value_bits(types[t], 6), w0[2] = rd_value_bits(types[t], 9);
        w1[0] = rd_value_bits(types[t], 6), w1[1] = rd_value_bits(types[t], 7), w1[2] = rd_value_bits(types[t], 8);
        w01[0] = rd_value_bits(types[t], 21);
        snprintf(what, sizeof what, "doc sum %s axes {0}", fx_type_short(types[t]));
        rd_hand(what, &c, 2, sizes, 1, ax0, in, w0);
        snprintf(what, sizeof what, "doc sum %s axes {1}", fx_type_short(types[t]));
        rd_hand(what, &c, 2, sizes, 1, ax1, in, w1);
        snprintf(what, sizeof what, "doc sum %s axes {0,1}", fx_type_short(types[t]));
        rd_hand(what, &c, 2, sizes, 2, ax01, in, w01);
        snprintf(what, sizeof what, "doc sum %s axes {1,0}", fx_type_short(types[t]));
        rd_hand(what, &c, 2, sizes, 2, ax10, in, w01);
    }
}

/* The other functions on the documented input, FLOAT32, the default options (float32 tally):
   AVERAGE {0,1}: 21 / 9 = 2.33333325 (0x40155555). L1 {1}: [6,7,8]. SUM_SQUARE {1}: [1+4+9,
   9+0+16, 4+16+4] = [14,25,24]. L2 {1}: [sqrt 14 = 3.74165750 (0x406F7751), 5, sqrt 24 =
   4.89897966 (0x409CC471)]. MULTIPLY {0}: [1x3x2, 2x0x4, 3x4x2] = [6,0,24]. MIN {0}: [1,0,2].
   MAX {1}: [3,4,4]. LOG_SUM {0,1}: log 21 = 3.04452252 (0x4042D975). LOG_SUM_EXP {1}, shifted
   by each row's greatest: row [1,2,3]: exp(-2) = 0.135335281, exp(-1) = 0.367879450, exp(0) = 1
   in float32, summed in order 1.50321472, log 0.407605946, 3 + that = 3.40760589 (0x405A1637;
   the real value 3.4076059644); row [3,0,4]: 4.32656288 (0x408A7334); row [2,4,2]: 4.23954487
   (0x4087AA5A). */
static void rd_case_doc_functions(const void *ctx) {
    static const double x[9] = {1, 2, 3, 3, 0, 4, 2, 4, 2};
    const UINT sizes[2] = {3, 3}, ax0[1] = {0}, ax1[1] = {1}, ax01[2] = {0, 1};
    uint64_t in[9], w[3];
    rm_cfg c;
    unsigned i;
    (void)ctx;
    for (i = 0; i < 9; i++) in[i] = F32B(x[i]);
    c = rd_cfg(DML_REDUCE_FUNCTION_AVERAGE, RD_F32, 0, 0, 0);
    w[0] = 0x40155555u;
    rd_hand("doc average {0,1}", &c, 2, sizes, 2, ax01, in, w);
    c.function = DML_REDUCE_FUNCTION_L1;
    w[0] = F32B(6), w[1] = F32B(7), w[2] = F32B(8);
    rd_hand("doc l1 {1}", &c, 2, sizes, 1, ax1, in, w);
    c.function = DML_REDUCE_FUNCTION_SUM_SQUARE;
    w[0] = F32B(14), w[1] = F32B(25), w[2] = F32B(24);
    rd_hand("doc sum-square {1}", &c, 2, sizes, 1, ax1, in, w);
    c.function = DML_REDUCE_FUNCTION_L2;
    w[0] = 0x406F7751u, w[1] = F32B(5), w[2] = 0x409CC471u;
    rd_hand("doc l2 {1}", &c, 2, sizes, 1, ax1, in, w);
    c.function = DML_REDUCE_FUNCTION_MULTIPLY;
    w[0] = F32B(6), w[1] = F32B(0), w[2] = F32B(24);
    rd_hand("doc multiply {0}", &c, 2, sizes, 1, ax0, in, w);
    c.function = DML_REDUCE_FUNCTION_MIN;
    w[0] = F32B(1), w[1] = F32B(0), w[2] = F32B(2);
    rd_hand("doc min {0}", &c, 2, sizes, 1, ax0, in, w);
    c.function = DML_REDUCE_FUNCTION_MAX;
    w[0] = F32B(3), w[1] = F32B(4), w[2] = F32B(4);
    rd_hand("doc max {1}", &c, 2, sizes, 1, ax1, in, w);
    c.function = DML_REDUCE_FUNCTION_LOG_SUM;
    w[0] = 0x4042D975u;
    rd_hand("doc log-sum {0,1}", &c, 2, sizes, 2, ax01, in, w);
    c.function = DML_REDUCE_FUNCTION_LOG_SUM_EXP;
    w[0] = 0x405A1637u, w[1] = 0x408A7334u, w[2] = 0x4087AA5Au;
    rd_hand("doc log-sum-exp {1}", &c, 2, sizes, 1, ax1, in, w);
}

/* FLOAT32 {2^24, then ten 1s} (n = 11; the exact sum 16777226 is a float32):
   SEQUENTIAL: 2^24 + 1 = 16777217 ties to even 16777216 every time: 16777216.
   PAIRWISE (8 <= 11 <= 128): r0 = 2^24, r1..r7 = 1; ((r0+r1) + (r2+r3)) + ((r4+r5) + (r6+r7)) =
     (16777216 + 2) + 4 = 16777222; then + 1 = 16777223, a tie between 16777222 (odd significand)
     and 16777224: 16777224; + 1 = 16777225, a tie with 16777224 even: 16777224. So 16777224.
   BLOCKED (one block of 11): k=1: y1 = 2^24 (rounded), y2..y10 = 2; k=2: y2 = y3 = 2^24 + 2,
     y4..y10 = 4; k=4: y4..y5 = 2^24 + 4, y6..y7 = 2^24 + 6, y8..y10 = 8; k=8: y10 = y2 + 8 =
     16777226. TREE {KOGGE_STONE, block 2, AFTER}: block outputs carried: 2^24, then each pair of
     1s adds 1 (a tie) and 2: 16777216, 16777218; 16777220 (tie 16777219 -> 16777220), 16777220;
     16777220 (16777221 -> 16777220), 16777222; 16777224 (16777223 -> 16777224), 16777224; the last
     block [1]: 16777225 -> 16777224. EXACT and WIDE (float64 tally): 16777226. */
static void rd_case_orders(const void *ctx) {
    double x[11];
    rm_cfg c;
    unsigned i;
    (void)ctx;
    x[0] = 16777216.0;
    for (i = 1; i < 11; i++) x[i] = 1.0;
    c = rd_cfg(DML_REDUCE_FUNCTION_SUM, RD_F32, DMLREF_FLOAT_ORDER_SEQUENTIAL, 0, 0);
    rd_hand_line("sum f32 sequential", &c, 11, x, F32B(16777216.0));
    c.float_order = DMLREF_FLOAT_ORDER_PAIRWISE;
    rd_hand_line("sum f32 pairwise", &c, 11, x, F32B(16777224.0));
    c.seed = 1;
    rd_hand_line("sum f32 pairwise seeded", &c, 11, x, F32B(16777224.0));
    c.seed = 0;
    c.float_order = DMLREF_FLOAT_ORDER_BLOCKED;
    rd_hand_line("sum f32 blocked", &c, 11, x, F32B(16777226.0));
    c.float_order = DMLREF_FLOAT_ORDER_TREE;
    c.tree.algorithm = DMLREF_TREE_KOGGE_STONE;
    c.tree.block = 2;
    c.tree.carry = DMLREF_CARRY_AFTER;
    rd_hand_line("sum f32 tree{kogge-stone,2,after}", &c, 11, x, F32B(16777224.0));
    c.float_order = DMLREF_FLOAT_ORDER_EXACT;
    rd_hand_line("sum f32 exact", &c, 11, x, F32B(16777226.0));
    c.float_order = DMLREF_FLOAT_ORDER_SEQUENTIAL;
    c.accumulation = DMLREF_ACCUMULATION_WIDE;
    rd_hand_line("sum f32 sequential wide", &c, 11, x, F32B(16777226.0));
    /* AVERAGE: the same sums / 11 in float32: 16777216/11 = 1525201.45 -> 1525201.5; EXACT
       16777226/11 = 1525202.36 -> 1525202.375 (float32 steps of 0.125 there) */
    c = rd_cfg(DML_REDUCE_FUNCTION_AVERAGE, RD_F32, DMLREF_FLOAT_ORDER_SEQUENTIAL, 0, 0);
    rd_hand_line("average f32 sequential", &c, 11, x, F32B(1525201.5));
    c.float_order = DMLREF_FLOAT_ORDER_EXACT;
    rd_hand_line("average f32 exact", &c, 11, x, F32B(1525202.375));
}

/* LOG_SUM_EXP. FLOAT32 {1000, 1000}: shifted, M = 1000, exp(0) + exp(0) = 2, log 2 =
   0.693147182 (float32), 1000 + that = 1000.69318 (0x447A2C5D); plain: exp(1000) overflows
   float32: +inf. FLOAT64: 1000 + log 2 (the library's float64 log, checked elsewhere) and +inf.
   FLOAT16 {12, 12} NATIVE: shifted 12 + log 2 in binary16 (0.693359375, 0x398C) = 12.6933594 ->
   12.6953125 (0x4A59, steps of 2^-7); plain exp(12) = 162755 overflows binary16: +inf. DEFAULT
   FLOAT16 {10, 10}: 10 + 0.693147182 in float32 = 10.6931472 -> binary16 10.6953125 (0x4959).
   {-inf, -inf}: -inf; {+inf, 1}: +inf; {-inf, 0}: M = 0, exp(-inf) + exp(0) = 1, log 1 = 0:
   +0; {NaN, +inf}: NaN. */
static void rd_case_log_sum_exp(const void *ctx) {
    const double thousand[2] = {1000, 1000}, twelve[2] = {12, 12}, ten[2] = {10, 10};
    const double minus_inf[2] = {-HUGE_VAL, -HUGE_VAL}, inf_one[2] = {HUGE_VAL, 1}, minus_inf_zero[2] = {-HUGE_VAL, 0};
    const uint64_t nan_inf[2] = {0x7FC00001u, F32_INF};
    rm_cfg c = rd_cfg(DML_REDUCE_FUNCTION_LOG_SUM_EXP, RD_F32, 0, 0, 0);
    unsigned order;
    (void)ctx;
    for (order = 0; order < 4; order++) { /* two terms: every order of sums gives the same */
        static const int orders[4] = {DMLREF_FLOAT_ORDER_SEQUENTIAL, DMLREF_FLOAT_ORDER_PAIRWISE,
                                      DMLREF_FLOAT_ORDER_BLOCKED, DMLREF_FLOAT_ORDER_TREE};
        c = rd_cfg(DML_REDUCE_FUNCTION_LOG_SUM_EXP, RD_F32, orders[order], 0, 0);
        c.tree.block = 4;
        rd_hand_line("log-sum-exp f32 {1000,1000} shifted", &c, 2, thousand, 0x447A2C5Du);
        c.log_sum_exp = DMLREF_LOG_SUM_EXP_PLAIN;
        rd_hand_line("log-sum-exp f32 {1000,1000} plain", &c, 2, thousand, F32_INF);
    }
    c = rd_cfg(DML_REDUCE_FUNCTION_LOG_SUM_EXP, RD_F64, 0, 0, 0);
    rd_hand_line("log-sum-exp f64 {1000,1000} shifted", &c, 2, thousand, F64B(1000.0 + dmlref_log_f64(2.0)));
    c.log_sum_exp = DMLREF_LOG_SUM_EXP_PLAIN;
    rd_hand_line("log-sum-exp f64 {1000,1000} plain", &c, 2, thousand, F64B(HUGE_VAL));
    c = rd_cfg(DML_REDUCE_FUNCTION_LOG_SUM_EXP, RD_F16, 0, DMLREF_ACCUMULATION_NATIVE, 0);
    rd_hand_line("log-sum-exp f16 native {12,12} shifted", &c, 2, twelve, 0x4A59u);
    c.log_sum_exp = DMLREF_LOG_SUM_EXP_PLAIN;
    rd_hand_line("log-sum-exp f16 native {12,12} plain", &c, 2, twelve, 0x7C00u);
    c = rd_cfg(DML_REDUCE_FUNCTION_LOG_SUM_EXP, RD_F16, 0, 0, 0);
    rd_hand_line("log-sum-exp f16 {10,10}", &c, 2, ten, 0x4959u);
    c = rd_cfg(DML_REDUCE_FUNCTION_LOG_SUM_EXP, RD_F32, 0, 0, 0);
    rd_hand_line("log-sum-exp f32 {-inf,-inf}", &c, 2, minus_inf, 0xFF800000u);
    rd_hand_line("log-sum-exp f32 {+inf,1}", &c, 2, inf_one, F32_INF);
    rd_hand_line("log-sum-exp f32 {-inf,0}", &c, 2, minus_inf_zero, 0);
    rd_hand_bits("log-sum-exp f32 {NaN,+inf}", &c, 2, nan_inf, F32_NAN);
    c.log_sum_exp = DMLREF_LOG_SUM_EXP_PLAIN;
    rd_hand_line("log-sum-exp f32 plain {-inf,-inf}", &c, 2, minus_inf, 0xFF800000u);
    rd_hand_line("log-sum-exp f32 plain {-inf,0}", &c, 2, minus_inf_zero, 0);
}

/* -0.0 (FLOAT32). SUM {-0,-0}: the tally starts as -0.0, -0 + -0 = -0: -0.0 in SEQUENTIAL,
   PAIRWISE, BLOCKED and EXACT (every input -0.0); with identity_seed +0 + -0 = +0. {-0,+0}: +0.
   AVERAGE {-0,-0}: -0 / 2 = -0. L1 {-0}: |-0| = +0; SUM_SQUARE {-0}: +0. MULTIPLY {-0, 5} = -0,
   {-2, -0} = +0. MIN {+0,-0} and {-0,+0}: -0 (-0.0 < +0.0); MAX: +0; COMPARE MIN {+0,-0}:
   -0 < +0 holds, so -0. */
static void rd_case_signed_zeros(const void *ctx) {
    const double zz[2] = {-0.0, -0.0}, zp[2] = {-0.0, 0.0}, pz[2] = {0.0, -0.0}, z[1] = {-0.0};
    const double z5[2] = {-0.0, 5}, m2z[2] = {-2, -0.0};
    static const int sum_orders[4] = {DMLREF_FLOAT_ORDER_SEQUENTIAL, DMLREF_FLOAT_ORDER_PAIRWISE,
                                      DMLREF_FLOAT_ORDER_BLOCKED, DMLREF_FLOAT_ORDER_EXACT};
    rm_cfg c;
    unsigned o, p;
    (void)ctx;
    for (o = 0; o < 4; o++) {
        char what[64];
        c = rd_cfg(DML_REDUCE_FUNCTION_SUM, RD_F32, sum_orders[o], 0, 0);
        snprintf(what, sizeof what, "sum f32 {-0,-0} %s", rd_order_name(sum_orders[o]));
        rd_hand_line(what, &c, 2, zz, F32_NEG_ZERO);
        c.seed = 1;
        snprintf(what, sizeof what, "sum f32 {-0,-0} %s seeded", rd_order_name(sum_orders[o]));
        rd_hand_line(what, &c, 2, zz, 0);
        c.seed = 0;
        snprintf(what, sizeof what, "sum f32 {-0,+0} %s", rd_order_name(sum_orders[o]));
        rd_hand_line(what, &c, 2, zp, 0);
        c.function = DML_REDUCE_FUNCTION_AVERAGE;
        snprintf(what, sizeof what, "average f32 {-0,-0} %s", rd_order_name(sum_orders[o]));
        rd_hand_line(what, &c, 2, zz, F32_NEG_ZERO);
        c.function = DML_REDUCE_FUNCTION_L1;
        snprintf(what, sizeof what, "l1 f32 {-0} %s", rd_order_name(sum_orders[o]));
        rd_hand_line(what, &c, 1, z, 0);
        c.function = DML_REDUCE_FUNCTION_SUM_SQUARE;
        snprintf(what, sizeof what, "sum-square f32 {-0} %s", rd_order_name(sum_orders[o]));
        rd_hand_line(what, &c, 1, z, 0);
    }
    c = rd_cfg(DML_REDUCE_FUNCTION_SUM, RD_F16, DMLREF_FLOAT_ORDER_SEQUENTIAL, DMLREF_ACCUMULATION_NATIVE, 0);
    rd_hand_line("sum f16 native {-0,-0}", &c, 2, zz, 0x8000u);
    c = rd_cfg(DML_REDUCE_FUNCTION_MULTIPLY, RD_F32, 0, 0, 0);
    rd_hand_line("multiply f32 {-0,5}", &c, 2, z5, F32_NEG_ZERO);
    rd_hand_line("multiply f32 {-2,-0}", &c, 2, m2z, 0);
    for (p = 0; p < 3; p++) {
        char what[64];
        c = rd_cfg(DML_REDUCE_FUNCTION_MIN, RD_F32, 0, 0, 0);
        c.nan_policy = (int)p;
        snprintf(what, sizeof what, "min f32 {+0,-0} nan-%s", rd_nan_names[p]);
        rd_hand_line(what, &c, 2, pz, F32_NEG_ZERO);
        snprintf(what, sizeof what, "min f32 {-0,+0} nan-%s", rd_nan_names[p]);
        rd_hand_line(what, &c, 2, zp, F32_NEG_ZERO);
        c.function = DML_REDUCE_FUNCTION_MAX;
        snprintf(what, sizeof what, "max f32 {+0,-0} nan-%s", rd_nan_names[p]);
        rd_hand_line(what, &c, 2, pz, 0);
        snprintf(what, sizeof what, "max f32 {-0,+0} nan-%s", rd_nan_names[p]);
        rd_hand_line(what, &c, 2, zp, 0);
        c.type = RD_F64;
        snprintf(what, sizeof what, "max f64 {-0,-0} nan-%s", rd_nan_names[p]);
        rd_hand_line(what, &c, 2, zz, 0x8000000000000000ull);
    }
}

/* NaN (FLOAT32, payload NaNs 0x7FC01234 and 0xFFC00001 in; the canonical 0x7FC00000 out).
   MIN {3, NaN, 1}: PROPAGATE NaN; IGNORE 1; COMPARE best = 3, NaN < 3 is false, 1 < 3: 1.
   MIN {NaN, 3, 1}: PROPAGATE NaN; IGNORE 1; COMPARE the first NaN sticks: NaN.
   MAX {1, NaN, 5}: NaN; 5; 5. MAX {NaN, NaN}: NaN in every policy. FLOAT16 MIN {NaN, 2}:
   0x7E00; 2 (0x4000); 0x7E00. SUM {1, NaN}: NaN; SUM {+inf, -inf}: NaN; {+inf, 1}: +inf; EXACT
   likewise, {-inf, 5}: -inf. L1 {-inf}: +inf; SUM_SQUARE {-inf, 1}: +inf; L2 {NaN}: NaN;
   MULTIPLY {0, +inf}: NaN; LOG_SUM {1, NaN}: NaN. */
static void rd_case_nan(const void *ctx) {
    const uint64_t a[3] = {F32B(3), 0x7FC01234u, F32B(1)}, b[3] = {0xFFC00001u, F32B(3), F32B(1)};
    const uint64_t m[3] = {F32B(1), 0xFFC00001u, F32B(5)}, nn[2] = {0x7FC01234u, 0xFFC00001u};
    const uint64_t h[2] = {0x7D01u, 0x4000u};
    const uint64_t want_a[3] = {F32_NAN, F32B(1), F32B(1)}, want_b[3] = {F32_NAN, F32B(1), F32_NAN};
    const uint64_t want_m[3] = {F32_NAN, F32B(5), F32B(5)}, want_h[3] = {0x7E00u, 0x4000u, 0x7E00u};
    const uint64_t one_nan[2] = {F32B(1), 0x7FC01234u}, infs[2] = {F32_INF, 0xFF800000u};
    const uint64_t inf_one[2] = {F32_INF, F32B(1)}, minf_five[2] = {0xFF800000u, F32B(5)};
    const uint64_t minf[1] = {0xFF800000u}, minf_one[2] = {0xFF800000u, F32B(1)}, nan1[1] = {0xFFC00001u};
    const uint64_t zero_inf[2] = {0, F32_INF};
    rm_cfg c;
    unsigned p, o;
    (void)ctx;
    for (p = 0; p < 3; p++) {
        char what[64];
        c = rd_cfg(DML_REDUCE_FUNCTION_MIN, RD_F32, 0, 0, 0);
        c.nan_policy = (int)p;
        snprintf(what, sizeof what, "min f32 {3,NaN,1} nan-%s", rd_nan_names[p]);
        rd_hand_bits(what, &c, 3, a, want_a[p]);
        snprintf(what, sizeof what, "min f32 {NaN,3,1} nan-%s", rd_nan_names[p]);
        rd_hand_bits(what, &c, 3, b, want_b[p]);
        c.function = DML_REDUCE_FUNCTION_MAX;
        snprintf(what, sizeof what, "max f32 {1,NaN,5} nan-%s", rd_nan_names[p]);
        rd_hand_bits(what, &c, 3, m, want_m[p]);
        snprintf(what, sizeof what, "max f32 {NaN,NaN} nan-%s", rd_nan_names[p]);
        rd_hand_bits(what, &c, 2, nn, F32_NAN);
        c = rd_cfg(DML_REDUCE_FUNCTION_MIN, RD_F16, 0, 0, 0);
        c.nan_policy = (int)p;
        snprintf(what, sizeof what, "min f16 {NaN,2} nan-%s", rd_nan_names[p]);
        rd_hand_bits(what, &c, 2, h, want_h[p]);
    }
    for (o = 0; o < 2; o++) {
        const int order = o ? DMLREF_FLOAT_ORDER_EXACT : DMLREF_FLOAT_ORDER_SEQUENTIAL;
        char what[64];
        c = rd_cfg(DML_REDUCE_FUNCTION_SUM, RD_F32, order, 0, 0);
        snprintf(what, sizeof what, "sum f32 {1,NaN} %s", rd_order_name(order));
        rd_hand_bits(what, &c, 2, one_nan, F32_NAN);
        snprintf(what, sizeof what, "sum f32 {+inf,-inf} %s", rd_order_name(order));
        rd_hand_bits(what, &c, 2, infs, F32_NAN);
        snprintf(what, sizeof what, "sum f32 {+inf,1} %s", rd_order_name(order));
        rd_hand_bits(what, &c, 2, inf_one, F32_INF);
        snprintf(what, sizeof what, "sum f32 {-inf,5} %s", rd_order_name(order));
        rd_hand_bits(what, &c, 2, minf_five, 0xFF800000u);
        c.function = DML_REDUCE_FUNCTION_L1;
        snprintf(what, sizeof what, "l1 f32 {-inf} %s", rd_order_name(order));
        rd_hand_bits(what, &c, 1, minf, F32_INF);
        c.function = DML_REDUCE_FUNCTION_SUM_SQUARE;
        snprintf(what, sizeof what, "sum-square f32 {-inf,1} %s", rd_order_name(order));
        rd_hand_bits(what, &c, 2, minf_one, F32_INF);
        c.function = DML_REDUCE_FUNCTION_L2;
        snprintf(what, sizeof what, "l2 f32 {NaN} %s", rd_order_name(order));
        rd_hand_bits(what, &c, 1, nan1, F32_NAN);
    }
    c = rd_cfg(DML_REDUCE_FUNCTION_MULTIPLY, RD_F32, 0, 0, 0);
    rd_hand_bits("multiply f32 {0,+inf}", &c, 2, zero_inf, F32_NAN);
    c.function = DML_REDUCE_FUNCTION_LOG_SUM;
    rd_hand_bits("log-sum f32 {1,NaN}", &c, 2, one_nan, F32_NAN);
}

/* Integers wrap modulo 2^bits. INT8: SUM {100,100} = 200 - 256 = -56; MULTIPLY {16,16} = 256 =
   0; {-128,-1} = 128 = -128; L1 {-128} = |-128| = 128 = -128; {-128, 1} = -128 + 1 = -127;
   SUM_SQUARE {-128} = 16384 = 64 x 256: 0; {12, 1} = 145 = -111. UINT8 L1 {200, 100} = 300 -
   256 = 44 (unsigned L1 is SUM). INT16 SUM_SQUARE {300} = 90000 - 65536 = 24464. UINT32 SUM
   {0xFFFFFFFF, 2} = 1. INT32 L1 {INT32_MIN, -1} = INT32_MIN + 1. INT64 SUM {INT64_MAX, 1} =
   INT64_MIN. UINT64 MULTIPLY {2^32, 2^32} = 2^64 = 0. MIN/MAX compare the values: INT8
   {-128, 127}: -128 / 127; UINT8 {255, 0}: 0 / 255. Every float option is ignored. */
static void rd_case_integers(const void *ctx) {
    typedef struct {
        const char *what;
        int function;
        DML_TENSOR_DATA_TYPE type;
        unsigned n;
        double in[2];
        double want;
    } row;
    static const row rows[] = {
        {"sum i8 {100,100}", DML_REDUCE_FUNCTION_SUM, DML_TENSOR_DATA_TYPE_INT8, 2, {100, 100}, -56},
        {"multiply i8 {16,16}", DML_REDUCE_FUNCTION_MULTIPLY, DML_TENSOR_DATA_TYPE_INT8, 2, {16, 16}, 0},
        {"multiply i8 {-128,-1}", DML_REDUCE_FUNCTION_MULTIPLY, DML_TENSOR_DATA_TYPE_INT8, 2, {-128, -1}, -128},
        {"l1 i8 {-128}", DML_REDUCE_FUNCTION_L1, DML_TENSOR_DATA_TYPE_INT8, 1, {-128, 0}, -128},
        {"l1 i8 {-128,1}", DML_REDUCE_FUNCTION_L1, DML_TENSOR_DATA_TYPE_INT8, 2, {-128, 1}, -127},
        {"sum-square i8 {-128}", DML_REDUCE_FUNCTION_SUM_SQUARE, DML_TENSOR_DATA_TYPE_INT8, 1, {-128, 0}, 0},
        {"sum-square i8 {12,1}", DML_REDUCE_FUNCTION_SUM_SQUARE, DML_TENSOR_DATA_TYPE_INT8, 2, {12, 1}, -111},
        {"l1 u8 {200,100}", DML_REDUCE_FUNCTION_L1, DML_TENSOR_DATA_TYPE_UINT8, 2, {200, 100}, 44},
        {"sum-square i16 {300}", DML_REDUCE_FUNCTION_SUM_SQUARE, DML_TENSOR_DATA_TYPE_INT16, 1, {300, 0}, 24464},
        {"sum u32 {0xFFFFFFFF,2}", DML_REDUCE_FUNCTION_SUM, DML_TENSOR_DATA_TYPE_UINT32, 2, {4294967295.0, 2}, 1},
        {"l1 i32 {INT32_MIN,-1}",
         DML_REDUCE_FUNCTION_L1,
         DML_TENSOR_DATA_TYPE_INT32,
         2,
         {-2147483648.0, -1},
         -2147483647.0},
        {"min i8 {-128,127}", DML_REDUCE_FUNCTION_MIN, DML_TENSOR_DATA_TYPE_INT8, 2, {-128, 127}, -128},
        {"max i8 {-128,127}", DML_REDUCE_FUNCTION_MAX, DML_TENSOR_DATA_TYPE_INT8, 2, {-128, 127}, 127},
        {"min u8 {255,0}", DML_REDUCE_FUNCTION_MIN, DML_TENSOR_DATA_TYPE_UINT8, 2, {255, 0}, 0},
        {"max u8 {255,0}", DML_REDUCE_FUNCTION_MAX, DML_TENSOR_DATA_TYPE_UINT8, 2, {255, 0}, 255},
    };
    const uint64_t i64[2] = {0x7FFFFFFFFFFFFFFFull, 1}, u64[2] = {0x100000000ull, 0x100000000ull};
    rm_cfg c;
    unsigned i, variant;
    (void)ctx;
    for (i = 0; i < RD_N(rows); i++)
        for (variant = 0; variant < 3; variant++) { /* default options; pairwise, native, seeded; tree */
            const int order = variant == 1   ? DMLREF_FLOAT_ORDER_PAIRWISE
                              : variant == 2 ? DMLREF_FLOAT_ORDER_TREE
                                             : DMLREF_FLOAT_ORDER_SEQUENTIAL;
            if (order == DMLREF_FLOAT_ORDER_PAIRWISE && rows[i].function == DML_REDUCE_FUNCTION_MULTIPLY) continue;
            c = rd_cfg(rows[i].function, rows[i].type, order, variant == 1, variant == 1);
            c.tree.block = 2;
            rd_hand_line(rows[i].what, &c, rows[i].n, rows[i].in, rd_int_bits(rows[i].type, (int64_t)rows[i].want));
        }
    c = rd_cfg(DML_REDUCE_FUNCTION_SUM, DML_TENSOR_DATA_TYPE_INT64, 0, 0, 0);
    rd_hand_bits("sum i64 {INT64_MAX,1}", &c, 2, i64, 0x8000000000000000ull);
    c = rd_cfg(DML_REDUCE_FUNCTION_MULTIPLY, DML_TENSOR_DATA_TYPE_UINT64, 0, 0, 0);
    rd_hand_bits("multiply u64 {2^32,2^32}", &c, 2, u64, 0);
}

/* FLOAT16 and the compute type. SUM {2048, 1, 1}: DEFAULT (float32) 2050 (0x6801); NATIVE
   (binary16, steps of 2 from 2048) 2048 + 1 ties to 2048 twice: 2048 (0x6800); WIDE and EXACT
   2050. L2 {300, 400}: DEFAULT sqrt(90000 + 160000) = 500 (0x5FD0); NATIVE 300 x 300 = 90000
   overflows binary16 (> 65504): +inf; WIDE, EXACT 500. AVERAGE of 2051 ones, NATIVE: the tally
   stops at 2048 (2049 ties to 2048), n = 2051 converts to 2052 (a tie, even significand),
   2048 / 2052 = 0.99805068 -> 0.998046875 (0x3BFC); DEFAULT: 2051 / 2051 = 1 (0x3C00). AVERAGE
   of 65536 ones, NATIVE: n converted to binary16 is +inf (65536 >= 65520), 2048 / inf = +0;
   DEFAULT 1. FLOAT32 L2 {3 x 2^-100, 4 x 2^-100}: the squares (9 and 16 x 2^-200) underflow
   float32 to 0: DEFAULT sqrt(0) = +0; WIDE (float64 squares) and EXACT 5 x 2^-100 (0x0EA00000).
   EXACT past MAX and back (FLOAT32): SUM {MAX, MAX, -MAX} = MAX; SEQUENTIAL MAX + MAX = +inf,
   inf - MAX = +inf. AVERAGE {MAX, MAX}: EXACT MAX, SEQUENTIAL inf / 2 = +inf, WIDE MAX.
   FLOAT16 AVERAGE {65504 x 3}: EXACT 65504 (0x7BFF), NATIVE +inf; {40000, 40000}: EXACT 40000
   (0x78E2), DEFAULT (float32 tally) 40000; FLOAT64 {MAX, MAX, MAX / 2}: EXACT 5 MAX / 6. LOG_SUM FLOAT64 {2, 2}:
   log 4 (the library's log); {-1, 0.5}: log(-0.5) = NaN; {1, -1}: log 0 = -inf. */
static void rd_case_compute_type(const void *ctx) {
    const double s[3] = {2048, 1, 1}, l2[2] = {300, 400};
    const double big3[3] = {3.4028234663852886e38, 3.4028234663852886e38, -3.4028234663852886e38};
    const double h3[3] = {65504, 65504, 65504}, two2[2] = {2, 2}, neg[2] = {-1, 0.5}, cancel[2] = {1, -1};
    const double h40k[2] = {40000, 40000}, d3[3] = {DBL_MAX, DBL_MAX, DBL_MAX / 2};
    uint64_t *ones = (uint64_t *)malloc(65536 * sizeof *ones);
    double tiny[2];
    rm_cfg c;
    size_t i;
    (void)ctx;
    tiny[0] = ldexp(3.0, -100), tiny[1] = ldexp(4.0, -100);
    c = rd_cfg(DML_REDUCE_FUNCTION_SUM, RD_F16, 0, DMLREF_ACCUMULATION_DEFAULT, 0);
    rd_hand_line("sum f16 {2048,1,1} default", &c, 3, s, 0x6801u);
    c.accumulation = DMLREF_ACCUMULATION_NATIVE;
    rd_hand_line("sum f16 {2048,1,1} native", &c, 3, s, 0x6800u);
    c.float_order = DMLREF_FLOAT_ORDER_PAIRWISE;
    rd_hand_line("sum f16 {2048,1,1} native pairwise", &c, 3, s, 0x6800u);
    c.float_order = DMLREF_FLOAT_ORDER_SEQUENTIAL;
    c.accumulation = DMLREF_ACCUMULATION_WIDE;
    rd_hand_line("sum f16 {2048,1,1} wide", &c, 3, s, 0x6801u);
    c.accumulation = DMLREF_ACCUMULATION_DEFAULT;
    c.float_order = DMLREF_FLOAT_ORDER_EXACT;
    rd_hand_line("sum f16 {2048,1,1} exact", &c, 3, s, 0x6801u);
    c = rd_cfg(DML_REDUCE_FUNCTION_L2, RD_F16, 0, DMLREF_ACCUMULATION_DEFAULT, 0);
    rd_hand_line("l2 f16 {300,400} default", &c, 2, l2, 0x5FD0u);
    c.accumulation = DMLREF_ACCUMULATION_NATIVE;
    rd_hand_line("l2 f16 {300,400} native", &c, 2, l2, 0x7C00u);
    c.accumulation = DMLREF_ACCUMULATION_WIDE;
    rd_hand_line("l2 f16 {300,400} wide", &c, 2, l2, 0x5FD0u);
    c.accumulation = DMLREF_ACCUMULATION_DEFAULT;
    c.float_order = DMLREF_FLOAT_ORDER_EXACT;
    rd_hand_line("l2 f16 {300,400} exact", &c, 2, l2, 0x5FD0u);
    if (TR_CHECKF(ones != NULL, "out of memory")) {
        for (i = 0; i < 65536; i++) ones[i] = 0x3C00u;
        c = rd_cfg(DML_REDUCE_FUNCTION_AVERAGE, RD_F16, 0, DMLREF_ACCUMULATION_NATIVE, 0);
        rd_hand_bits("average f16 native 2051 ones", &c, 2051, ones, 0x3BFCu);
        rd_hand_bits("average f16 native 65536 ones (n converts to +inf)", &c, 65536, ones, 0);
        c.accumulation = DMLREF_ACCUMULATION_DEFAULT;
        rd_hand_bits("average f16 default 2051 ones", &c, 2051, ones, 0x3C00u);
        rd_hand_bits("average f16 default 65536 ones", &c, 65536, ones, 0x3C00u);
        free(ones);
    }
    c = rd_cfg(DML_REDUCE_FUNCTION_L2, RD_F32, 0, DMLREF_ACCUMULATION_DEFAULT, 0);
    rd_hand_line("l2 f32 {3,4} x 2^-100 default", &c, 2, tiny, 0);
    c.accumulation = DMLREF_ACCUMULATION_WIDE;
    rd_hand_line("l2 f32 {3,4} x 2^-100 wide", &c, 2, tiny, 0x0EA00000u);
    c.accumulation = DMLREF_ACCUMULATION_DEFAULT;
    c.float_order = DMLREF_FLOAT_ORDER_EXACT;
    rd_hand_line("l2 f32 {3,4} x 2^-100 exact", &c, 2, tiny, 0x0EA00000u);
    c = rd_cfg(DML_REDUCE_FUNCTION_SUM, RD_F32, DMLREF_FLOAT_ORDER_EXACT, 0, 0);
    rd_hand_line("sum f32 {MAX,MAX,-MAX} exact", &c, 3, big3, F32_MAX);
    c.float_order = DMLREF_FLOAT_ORDER_SEQUENTIAL;
    rd_hand_line("sum f32 {MAX,MAX,-MAX} sequential", &c, 3, big3, F32_INF);
    c = rd_cfg(DML_REDUCE_FUNCTION_AVERAGE, RD_F32, DMLREF_FLOAT_ORDER_EXACT, 0, 0);
    rd_hand_line("average f32 {MAX,MAX} exact", &c, 2, big3, F32_MAX);
    c.float_order = DMLREF_FLOAT_ORDER_SEQUENTIAL;
    rd_hand_line("average f32 {MAX,MAX} sequential", &c, 2, big3, F32_INF);
    c.accumulation = DMLREF_ACCUMULATION_WIDE;
    rd_hand_line("average f32 {MAX,MAX} wide", &c, 2, big3, F32_MAX);
    c = rd_cfg(DML_REDUCE_FUNCTION_AVERAGE, RD_F16, DMLREF_FLOAT_ORDER_EXACT, 0, 0);
    rd_hand_line("average f16 {65504 x 3} exact", &c, 3, h3, 0x7BFFu);
    rd_hand_line("average f16 {40000,40000} exact", &c, 2, h40k, 0x78E2u);
    c.float_order = DMLREF_FLOAT_ORDER_SEQUENTIAL;
    rd_hand_line("average f16 {40000,40000} default", &c, 2, h40k, 0x78E2u);
    c = rd_cfg(DML_REDUCE_FUNCTION_AVERAGE, RD_F64, DMLREF_FLOAT_ORDER_EXACT, 0, 0);
    rd_hand_line("average f64 {MAX,MAX,MAX/2} exact", &c, 3, d3, F64B(DBL_MAX / 6 * 5));
    c = rd_cfg(DML_REDUCE_FUNCTION_AVERAGE, RD_F16, 0, DMLREF_ACCUMULATION_NATIVE, 0);
    rd_hand_line("average f16 {65504 x 3} native", &c, 3, h3, 0x7C00u);
    c = rd_cfg(DML_REDUCE_FUNCTION_LOG_SUM, RD_F64, 0, 0, 0);
    rd_hand_line("log-sum f64 {2,2}", &c, 2, two2, F64B(dmlref_log_f64(4.0)));
    rd_hand_line("log-sum f64 {-1,0.5}", &c, 2, neg, 0x7FF8000000000000ull);
    rd_hand_line("log-sum f64 {1,-1}", &c, 2, cancel, F64B(-HUGE_VAL));
}

/* ---- reduce/invalid/... and reduce/accepted/... ---------------------------------------------------------- */

#define RV_BLOCK 2048u

typedef struct rv_fix {
    UINT in_sizes[RD_MAX_RANK], out_sizes[RD_MAX_RANK], axes[9], out_strides[RD_MAX_RANK];
    fx_tensor in, out;
    DML_REDUCE_OPERATOR_DESC desc;
    DML_OPERATOR_DESC op;
    dmlref_options options;
    dmlref_scan_tree tree;
    char message[512];
    int use_out_strides, keep_totals;
    long out_in_input; /* > -10000: the output lives this many bytes after the input's base */
} rv_fix;

static unsigned char rv_arena[2][RV_BLOCK + 2 * RD_GUARD + 64];

static unsigned char *rv_block(int which) {
    uintptr_t p = (uintptr_t)rv_arena[which];
    return rv_arena[which] + ((64u - (unsigned)(p % 64u)) % 64u);
}

static unsigned char rv_pattern(size_t k) { return (unsigned char)(k * 131u + 7u); }

/* SUM over axis 1 of a packed 2x3x4 tensor of type: the valid base every row edits. */
static void rv_base(rv_fix *f, int function, DML_TENSOR_DATA_TYPE type) {
    memset(f, 0, sizeof *f);
    f->in_sizes[0] = 2, f->in_sizes[1] = 3, f->in_sizes[2] = 4;
    f->out_sizes[0] = 2, f->out_sizes[1] = 1, f->out_sizes[2] = 4;
    f->axes[0] = 1;
    fx_tensor_set(&f->in, type, 3, f->in_sizes, NULL, 0);
    fx_tensor_set(&f->out, type, 3, f->out_sizes, NULL, 0);
    f->desc.Function = (DML_REDUCE_FUNCTION)function;
    f->desc.InputTensor = &f->in.desc;
    f->desc.OutputTensor = &f->out.desc;
    f->desc.AxisCount = 1;
    f->desc.Axes = f->axes;
    f->op.Type = DML_OPERATOR_REDUCE;
    f->op.Desc = &f->desc;
    f->options.error_message = f->message;
    f->options.error_message_capacity = sizeof f->message;
    f->out_in_input = -10000;
}

/* The buffer sizes of the tensors as they now are (unless a row set them). */
static void rv_finalize(rv_fix *f) {
    if (f->use_out_strides) f->out.buf.Strides = f->out_strides;
    if (f->keep_totals) return;
    f->in.buf.TotalTensorSizeInBytes =
        oracle_buffer_size(f->in.buf.DataType, f->in.buf.DimensionCount, f->in_sizes, f->in.buf.Strides);
    f->out.buf.TotalTensorSizeInBytes =
        oracle_buffer_size(f->out.buf.DataType, f->out.buf.DimensionCount <= 8 ? f->out.buf.DimensionCount : 8,
                           f->out_sizes, f->out.buf.Strides);
}

/* Every needle occurs in the message; a needle "a|b" is satisfied by either. */
static int rv_has(const char *message, const char *needle) {
    char part[128];
    while (*needle) {
        size_t n = strcspn(needle, "|");
        if (n >= sizeof part) n = sizeof part - 1;
        memcpy(part, needle, n);
        part[n] = 0;
        if (strstr(message, part)) return 1;
        needle += n;
        if (*needle == '|') needle++;
    }
    return 0;
}

static void rv_check_message(const rv_fix *f, const char *label, const char *call, dmlref_status st,
                             const char *const *needles) {
    unsigned i;
    if (!TR_CHECKF(memchr(f->message, 0, sizeof f->message) != NULL, "%s: %s left no NUL in the message", label, call))
        return;
    TR_CHECKF(strncmp(f->message, "REDUCE:", 7) == 0 && !strchr(f->message, '\n'),
              "%s: %s (%s): the message is not one line starting \"REDUCE:\": \"%s\"", label, call,
              dmlref_status_name(st), f->message);
    for (i = 0; needles[i]; i++)
        TR_CHECKF(rv_has(f->message, needles[i]), "%s: %s (%s): the message does not name \"%s\": \"%s\"", label, call,
                  dmlref_status_name(st), needles[i], f->message);
}

/* The row's status from dmlref_validate (unless execute_only, when validate must accept it)
   and dmlref_execute, the message naming every needle, and nothing written: the output block
   (canary 0xA5 with guards) and the input block unchanged. */
static void rv_expect(rv_fix *f, const char *label, dmlref_status want, int execute_only, const char *n0,
                      const char *n1, const char *n2) {
    const char *needles[4];
    unsigned char *in = rv_block(0), *out = rv_block(1);
    const void *inputs[1];
    void *outputs[1];
    dmlref_status st;
    size_t k;
    needles[0] = n0, needles[1] = n0 ? n1 : NULL, needles[2] = n0 && n1 ? n2 : NULL, needles[3] = NULL;
    rv_finalize(f);
    memset(f->message, 'x', sizeof f->message);
    st = dmlref_validate(&f->op, &f->options);
    if (execute_only) {
        TR_CHECKF(st == DMLREF_OK, "%s: dmlref_validate gives %s \"%s\" (the rule needs the buffers: OK)", label,
                  dmlref_status_name(st), f->message);
    } else {
        TR_CHECKF(st == want, "%s: dmlref_validate gives %s \"%s\", want %s", label, dmlref_status_name(st), f->message,
                  dmlref_status_name(want));
        if (st != DMLREF_OK) rv_check_message(f, label, "dmlref_validate", st, needles);
    }
    for (k = 0; k < RV_BLOCK + 2 * RD_GUARD; k++) in[k] = rv_pattern(k);
    memset(out, RD_FILL, RV_BLOCK + 2 * RD_GUARD);
    inputs[0] = in + RD_GUARD;
    outputs[0] = f->out_in_input > -10000 ? (void *)(in + RD_GUARD + f->out_in_input) : (void *)(out + RD_GUARD);
    memset(f->message, 'x', sizeof f->message);
    st = dmlref_execute(&f->op, inputs, outputs, &f->options);
    TR_CHECKF(st == want, "%s: dmlref_execute gives %s \"%s\", want %s", label, dmlref_status_name(st), f->message,
              dmlref_status_name(want));
    if (st != DMLREF_OK) rv_check_message(f, label, "dmlref_execute", st, needles);
    for (k = 0; k < RV_BLOCK + 2 * RD_GUARD; k++)
        if (out[k] != RD_FILL || in[k] != rv_pattern(k)) break;
    TR_CHECKF(k == RV_BLOCK + 2 * RD_GUARD, "%s: a refused call wrote byte %ld of the %s block", label,
              (long)k - RD_GUARD, out[k] != RD_FILL ? "output" : "input");
}

#define RV_INVALID(label, want, n0, n1, n2) rv_expect(&f, label, DMLREF_ERROR_##want, 0, n0, n1, n2)

static void rv_case_descriptor(const void *ctx) {
    rv_fix f;
    (void)ctx;
    /* the output's type is the input's */
    rv_base(&f, DML_REDUCE_FUNCTION_SUM, RD_F32);
    f.out.buf.DataType = RD_F16;
    RV_INVALID("output FLOAT16 for FLOAT32", INVALID_ARGUMENT, "OutputTensor.DataType", "FLOAT16", NULL);
    rv_base(&f, DML_REDUCE_FUNCTION_MAX, RD_F16);
    f.out.buf.DataType = RD_F32;
    RV_INVALID("output FLOAT32 for FLOAT16", INVALID_ARGUMENT, "OutputTensor.DataType", "FLOAT32", NULL);
    rv_base(&f, DML_REDUCE_FUNCTION_SUM, DML_TENSOR_DATA_TYPE_INT32);
    f.out.buf.DataType = DML_TENSOR_DATA_TYPE_INT64;
    RV_INVALID("output INT64 for INT32", INVALID_ARGUMENT, "OutputTensor.DataType", "INT64", NULL);
    rv_base(&f, DML_REDUCE_FUNCTION_MIN, DML_TENSOR_DATA_TYPE_UINT8);
    f.out.buf.DataType = DML_TENSOR_DATA_TYPE_INT8;
    RV_INVALID("output INT8 for UINT8", INVALID_ARGUMENT, "OutputTensor.DataType", "INT8", NULL);
    rv_base(&f, DML_REDUCE_FUNCTION_AVERAGE, RD_F64);
    f.out.buf.DataType = DML_TENSOR_DATA_TYPE_UINT32;
    RV_INVALID("average output UINT32 for FLOAT64", INVALID_ARGUMENT, "OutputTensor.DataType", "UINT32", NULL);
    /* the output's rank is the input's */
    rv_base(&f, DML_REDUCE_FUNCTION_SUM, RD_F32);
    f.out.buf.DimensionCount = 2;
    RV_INVALID("output rank 2", INVALID_ARGUMENT, "OutputTensor.DimensionCount", "2", NULL);
    rv_base(&f, DML_REDUCE_FUNCTION_L2, RD_F32);
    f.out_sizes[3] = 1;
    f.out.buf.DimensionCount = 4;
    RV_INVALID("output rank 4", INVALID_ARGUMENT, "OutputTensor.DimensionCount", "4", NULL);
    /* size 1 on every reduced axis, the input's size on every other */
    rv_base(&f, DML_REDUCE_FUNCTION_SUM, RD_F32);
    f.out_sizes[1] = 3;
    RV_INVALID("output size 3 on the reduced axis", INVALID_ARGUMENT, "OutputTensor.Sizes[1] is 3|Sizes[1] = 3", NULL,
               NULL);
    rv_base(&f, DML_REDUCE_FUNCTION_MULTIPLY, RD_F32);
    f.desc.AxisCount = 2, f.axes[0] = 2, f.axes[1] = 0, f.out_sizes[0] = 1, f.out_sizes[1] = 3, f.out_sizes[2] = 4;
    RV_INVALID("output size 4 on reduced axis 2", INVALID_ARGUMENT, "OutputTensor.Sizes[2] is 4|Sizes[2] = 4", NULL,
               NULL);
    rv_base(&f, DML_REDUCE_FUNCTION_SUM, RD_F32);
    f.out_sizes[2] = 1;
    RV_INVALID("output size 1 on a kept axis", INVALID_ARGUMENT, "OutputTensor.Sizes[2] is 1|Sizes[2] = 1", NULL, NULL);
    rv_base(&f, DML_REDUCE_FUNCTION_MIN, DML_TENSOR_DATA_TYPE_INT16);
    f.out_sizes[0] = 3;
    RV_INVALID("output size 3 on a kept axis of 2", INVALID_ARGUMENT, "OutputTensor.Sizes[0] is 3|Sizes[0] = 3", NULL,
               NULL);
    /* AxisCount and Axes */
    rv_base(&f, DML_REDUCE_FUNCTION_SUM, RD_F32);
    f.desc.AxisCount = 0;
    RV_INVALID("AxisCount 0", INVALID_ARGUMENT, "AxisCount is 0|AxisCount = 0", NULL, NULL);
    rv_base(&f, DML_REDUCE_FUNCTION_SUM, RD_F32);
    f.desc.AxisCount = 4, f.axes[0] = 0, f.axes[1] = 1, f.axes[2] = 2, f.axes[3] = 0;
    RV_INVALID("AxisCount 4 of rank 3", INVALID_ARGUMENT, "AxisCount is 4|AxisCount = 4", NULL, NULL);
    rv_base(&f, DML_REDUCE_FUNCTION_L1, RD_F16);
    f.desc.AxisCount = 9;
    RV_INVALID("AxisCount 9", INVALID_ARGUMENT, "AxisCount is 9|AxisCount = 9", NULL, NULL);
    rv_base(&f, DML_REDUCE_FUNCTION_L1, RD_F16);
    f.desc.AxisCount = 0xFFFFFFFFu;
    RV_INVALID("AxisCount 4294967295", INVALID_ARGUMENT, "AxisCount is 4294967295|AxisCount = 4294967295", NULL, NULL);
    rv_base(&f, DML_REDUCE_FUNCTION_SUM, RD_F32);
    f.axes[0] = 3;
    RV_INVALID("axis 3 of rank 3", INVALID_ARGUMENT, "Axes[0] is 3|Axes[0] = 3", NULL, NULL);
    rv_base(&f, DML_REDUCE_FUNCTION_SUM_SQUARE, RD_F64);
    f.desc.AxisCount = 2, f.axes[0] = 0, f.axes[1] = 7, f.out_sizes[0] = 1;
    RV_INVALID("Axes[1] 7", INVALID_ARGUMENT, "Axes[1] is 7|Axes[1] = 7", NULL, NULL);
    rv_base(&f, DML_REDUCE_FUNCTION_SUM, RD_F32);
    f.axes[0] = 0xFFFFFFFFu;
    RV_INVALID("axis 4294967295", INVALID_ARGUMENT, "Axes[0] is 4294967295|Axes[0] = 4294967295", NULL, NULL);
    rv_base(&f, DML_REDUCE_FUNCTION_SUM, RD_F32);
    f.desc.AxisCount = 3, f.axes[0] = 2, f.axes[1] = 0, f.axes[2] = 2, f.out_sizes[0] = 1, f.out_sizes[2] = 1;
    RV_INVALID("axis 2 repeated", INVALID_ARGUMENT, "Axes[2] is 2|Axes[2] = 2", "repeated", NULL);
    rv_base(&f, DML_REDUCE_FUNCTION_MAX, RD_F32);
    f.desc.AxisCount = 2, f.axes[0] = 1, f.axes[1] = 1;
    RV_INVALID("axis 1 twice", INVALID_ARGUMENT, "Axes[1] is 1|Axes[1] = 1", "repeated", NULL);
    rv_base(&f, DML_REDUCE_FUNCTION_SUM, RD_F32);
    f.desc.Axes = NULL;
    RV_INVALID("Axes NULL", NULL_POINTER, "Axes", NULL, NULL);
    /* Function */
    rv_base(&f, 12, RD_F32);
    RV_INVALID("Function 12", INVALID_ARGUMENT, "Function is 12|Function = 12", NULL, NULL);
    rv_base(&f, 0x7FFFFFFF, RD_F32);
    RV_INVALID("Function 2147483647", INVALID_ARGUMENT, "Function is 2147483647|Function = 2147483647", NULL, NULL);
    /* overlapping buffers (input 96 bytes, output 32): execute only */
    rv_base(&f, DML_REDUCE_FUNCTION_SUM, RD_F32);
    f.out_in_input = 0;
    rv_expect(&f, "output at the input's address", DMLREF_ERROR_OVERLAP, 1, "InputTensor", "OutputTensor", "overlap");
    f.out_in_input = 32;
    rv_expect(&f, "output inside the input", DMLREF_ERROR_OVERLAP, 1, "InputTensor", "OutputTensor", "overlap");
    f.out_in_input = 92;
    rv_expect(&f, "output over the input's last element", DMLREF_ERROR_OVERLAP, 1, "InputTensor", "OutputTensor",
              "overlap");
    f.out_in_input = -28;
    rv_expect(&f, "output over the input's first element", DMLREF_ERROR_OVERLAP, 1, "InputTensor", "OutputTensor",
              "overlap");
}

/* AVERAGE, L2, LOG_SUM and LOG_SUM_EXP take FLOAT16/32/64 only at feature_level 0. */
static void rv_case_types(const void *ctx) {
    static const int functions[4] = {DML_REDUCE_FUNCTION_AVERAGE, DML_REDUCE_FUNCTION_L2, DML_REDUCE_FUNCTION_LOG_SUM,
                                     DML_REDUCE_FUNCTION_LOG_SUM_EXP};
    unsigned t, i;
    (void)ctx;
    for (t = 0; t < FX_TYPE_COUNT; t++) {
        if (fx_is_float(fx_all_types[t])) continue;
        for (i = 0; i < 4; i++) {
            rv_fix f;
            char label[96];
            rv_base(&f, functions[i], fx_all_types[t]);
            snprintf(label, sizeof label, "%s on %s", rd_function_name(functions[i]), fx_type_name(fx_all_types[t]));
            rv_expect(&f, label, DMLREF_ERROR_UNSUPPORTED_DATA_TYPE, 0, "DataType", fx_type_name(fx_all_types[t]),
                      NULL);
        }
    }
}

/* The orders a function does not take, and out-of-range options. */
static void rv_case_options(const void *ctx) {
    unsigned t;
    (void)ctx;
    for (t = 0; t < FX_FLOAT_TYPE_COUNT; t++) {
        const DML_TENSOR_DATA_TYPE type = fx_float_types[t];
        rv_fix f;
        char label[96];
#define RV_OPT(fn, order, acc, what, n0, n1)                                                         \
    do {                                                                                             \
        rv_base(&f, fn, type);                                                                       \
        f.options.float_order = order;                                                               \
        f.options.accumulation = acc;                                                                \
        snprintf(label, sizeof label, "%s %s: %s", rd_function_name(fn), fx_type_short(type), what); \
        rv_expect(&f, label, DMLREF_ERROR_INVALID_OPTION, 0, n0, n1, NULL);                          \
    } while (0)
        RV_OPT(DML_REDUCE_FUNCTION_MULTIPLY, DMLREF_FLOAT_ORDER_PAIRWISE, 0, "PAIRWISE", "options.float_order",
               "PAIRWISE|5");
        RV_OPT(DML_REDUCE_FUNCTION_MULTIPLY, DMLREF_FLOAT_ORDER_EXACT, 0, "EXACT", "options.float_order", "EXACT|2");
        RV_OPT(DML_REDUCE_FUNCTION_LOG_SUM, DMLREF_FLOAT_ORDER_EXACT, 0, "EXACT", "options.float_order", "EXACT|2");
        RV_OPT(DML_REDUCE_FUNCTION_LOG_SUM_EXP, DMLREF_FLOAT_ORDER_EXACT, 0, "EXACT", "options.float_order", "EXACT|2");
        RV_OPT(DML_REDUCE_FUNCTION_SUM, DMLREF_FLOAT_ORDER_EXACT, DMLREF_ACCUMULATION_NATIVE, "EXACT with NATIVE",
               "options.accumulation", "NATIVE|1");
        RV_OPT(DML_REDUCE_FUNCTION_AVERAGE, DMLREF_FLOAT_ORDER_EXACT, DMLREF_ACCUMULATION_WIDE, "EXACT with WIDE",
               "options.accumulation", "WIDE|2");
        RV_OPT(DML_REDUCE_FUNCTION_L2, DMLREF_FLOAT_ORDER_EXACT, DMLREF_ACCUMULATION_NATIVE, "EXACT with NATIVE",
               "options.accumulation", "NATIVE|1");
        RV_OPT(DML_REDUCE_FUNCTION_SUM, DMLREF_FLOAT_ORDER_TREE, 0, "TREE without options.tree", "options.tree",
               "NULL");
        RV_OPT(DML_REDUCE_FUNCTION_SUM, DMLREF_FLOAT_ORDER_ANY, 0, "ANY", "options.float_order", "ANY|3");
        RV_OPT(DML_REDUCE_FUNCTION_L1, 6, 0, "float_order 6", "options.float_order", "6");
        RV_OPT(DML_REDUCE_FUNCTION_SUM, 0, 3, "accumulation 3", "options.accumulation", "3");
#undef RV_OPT
        rv_base(&f, DML_REDUCE_FUNCTION_LOG_SUM_EXP, type);
        f.options.log_sum_exp = 2;
        rv_expect(&f, "log_sum_exp 2", DMLREF_ERROR_INVALID_OPTION, 0, "options.log_sum_exp", "2", NULL);
        rv_base(&f, DML_REDUCE_FUNCTION_LOG_SUM_EXP, type);
        f.options.log_sum_exp = -1;
        rv_expect(&f, "log_sum_exp -1", DMLREF_ERROR_INVALID_OPTION, 0, "options.log_sum_exp", "-1", NULL);
        rv_base(&f, DML_REDUCE_FUNCTION_MIN, type);
        f.options.nan_policy = 3;
        rv_expect(&f, "min nan_policy 3", DMLREF_ERROR_INVALID_OPTION, 0, "options.nan_policy", "3", NULL);
        rv_base(&f, DML_REDUCE_FUNCTION_SUM, type);
        f.options.identity_seed = 2;
        rv_expect(&f, "identity_seed 2", DMLREF_ERROR_INVALID_OPTION, 0, "options.identity_seed", "2", NULL);
    }
}

/* The positive side: valid calls the rules above must not refuse, each against the model on
   every path and schedule. Options a function does not read are ignored ("Reductions"). */
static void rv_accepted(const char *label, const rm_cfg *c, const rd_geometry *g) {
    fx_rng r = fx_seeded(label, 7);
    rd_data d;
    size_t bytes = 0;
    unsigned char *input;
    d.profile = fx_is_float(c->type) ? DP_SMALLINT : 1;
    d.scale = 1;
    d.special_per_4096 = 0;
    input = rd_fill_input(&r, g, c->type, &d, &bytes);
    if (!TR_CHECKF(input != NULL, "%s: out of memory", label)) return;
    rd_check(label, c, g, input, bytes, NULL);
    free(input);
}

static void rv_case_accepted(const void *ctx) {
    const UINT sizes3[3] = {2, 3, 4}, ax1[1] = {1}, sizes8[8] = {2, 1, 3, 1, 2, 2, 1, 3};
    const UINT all8[8] = {7, 6, 5, 4, 3, 2, 1, 0}, all3[3] = {2, 0, 1};
    rd_geometry g;
    rm_cfg c;
    (void)ctx;
    rd_packed(&g, 3, sizes3, 1, ax1);
    c = rd_cfg(DML_REDUCE_FUNCTION_MIN, RD_F32, DMLREF_FLOAT_ORDER_PAIRWISE, 0, 1);
    rv_accepted("min f32 with PAIRWISE and the seed (ignored)", &c, &g);
    c = rd_cfg(DML_REDUCE_FUNCTION_SUM, DML_TENSOR_DATA_TYPE_INT32, DMLREF_FLOAT_ORDER_PAIRWISE, 1, 1);
    rv_accepted("sum i32 with PAIRWISE, NATIVE, the seed (ignored)", &c, &g);
    c = rd_cfg(DML_REDUCE_FUNCTION_SUM, RD_F32, DMLREF_FLOAT_ORDER_EXACT, 0, 1);
    c.nan_policy = DMLREF_NAN_COMPARE;
    rv_accepted("sum f32 EXACT seeded, a NaN policy (ignored)", &c, &g);
    c = rd_cfg(DML_REDUCE_FUNCTION_MULTIPLY, RD_F64, DMLREF_FLOAT_ORDER_TREE, 2, 1);
    c.tree.algorithm = DMLREF_TREE_SKLANSKY, c.tree.block = 4, c.tree.carry = DMLREF_CARRY_INTO_FIRST;
    rv_accepted("multiply f64 TREE", &c, &g);
    c = rd_cfg(DML_REDUCE_FUNCTION_LOG_SUM_EXP, RD_F32, DMLREF_FLOAT_ORDER_PAIRWISE, 0, 0);
    c.log_sum_exp = DMLREF_LOG_SUM_EXP_PLAIN;
    rv_accepted("log-sum-exp f32 PLAIN PAIRWISE", &c, &g);
    c = rd_cfg(DML_REDUCE_FUNCTION_AVERAGE, RD_F16, DMLREF_FLOAT_ORDER_SEQUENTIAL, 0, 0);
    c.log_sum_exp = DMLREF_LOG_SUM_EXP_PLAIN;
    rv_accepted("average f16 with log_sum_exp PLAIN (ignored)", &c, &g);
    rd_packed(&g, 3, sizes3, 3, all3);
    c = rd_cfg(DML_REDUCE_FUNCTION_L2, RD_F32, 0, 0, 0);
    rv_accepted("l2 f32 every axis {2,0,1}", &c, &g);
    rd_packed(&g, 8, sizes8, 8, all8);
    c = rd_cfg(DML_REDUCE_FUNCTION_SUM_SQUARE, DML_TENSOR_DATA_TYPE_UINT16, 0, 0, 0);
    rv_accepted("sum-square u16 rank 8 every axis, listed backwards", &c, &g);
    rd_packed(&g, 3, sizes3, 1, ax1);
    g.out_null = 0, g.out_strides[0] = 4, g.out_strides[1] = 0, g.out_strides[2] = 1;
    c = rd_cfg(DML_REDUCE_FUNCTION_SUM, RD_F64, 0, 0, 0);
    rv_accepted("sum f64 output stride 0 on the reduced axis", &c, &g);
    g.out_strides[0] = 1, g.out_strides[1] = 77, g.out_strides[2] = 2;
    rv_accepted("sum f64 output transposed, stride 77 on the reduced axis", &c, &g);
    g.out_null = 1, g.in_null = 0, g.in_strides[0] = 0, g.in_strides[1] = 1, g.in_strides[2] = 0;
    rv_accepted("sum f64 broadcast input (zero strides)", &c, &g);
}

/* MIN and MAX "read no float order or accumulation" and "Options a function does not read are
   ignored" ("Reductions"), so EXACT with NATIVE or WIDE, which "Accumulation and seed" refuses for
   the sums, is accepted for them: a case of its own, the two sentences being read together. */
static void rv_case_extreme_ignores_exact(const void *ctx) {
    const UINT sizes3[3] = {2, 3, 4}, ax1[1] = {1};
    rd_geometry g;
    rm_cfg c;
    (void)ctx;
    rd_packed(&g, 3, sizes3, 1, ax1);
    c = rd_cfg(DML_REDUCE_FUNCTION_MAX, RD_F16, DMLREF_FLOAT_ORDER_EXACT, DMLREF_ACCUMULATION_NATIVE, 0);
    rv_accepted("max f16 with EXACT and NATIVE (ignored)", &c, &g);
    c = rd_cfg(DML_REDUCE_FUNCTION_MIN, RD_F64, DMLREF_FLOAT_ORDER_EXACT, DMLREF_ACCUMULATION_WIDE, 1);
    rv_accepted("min f64 with EXACT and WIDE (ignored)", &c, &g);
}

/* ---- registration ------------------------------------------------------------------------------------- */

void register_reduce_tests(void) {
    unsigned i;
    tr_add("reduce/hand/doc-example", rd_case_doc, NULL);
    tr_add("reduce/hand/doc-functions", rd_case_doc_functions, NULL);
    tr_add("reduce/hand/orders", rd_case_orders, NULL);
    tr_add("reduce/hand/log-sum-exp", rd_case_log_sum_exp, NULL);
    tr_add("reduce/hand/signed-zeros", rd_case_signed_zeros, NULL);
    tr_add("reduce/hand/nan", rd_case_nan, NULL);
    tr_add("reduce/hand/integers", rd_case_integers, NULL);
    tr_add("reduce/hand/compute-type", rd_case_compute_type, NULL);
    tr_add("reduce/invalid/descriptor", rv_case_descriptor, NULL);
    tr_add("reduce/invalid/types", rv_case_types, NULL);
    tr_add("reduce/invalid/options", rv_case_options, NULL);
    tr_add("reduce/accepted/options-and-layouts", rv_case_accepted, NULL);
    tr_add("reduce/accepted/min-max-ignore-exact-accumulation", rv_case_extreme_ignores_exact, NULL);
    rd_register_random();
    for (i = 0; i < RD_N(rd_longs); i++) tr_add(rd_longs[i].name, rd_run_long, &rd_longs[i]);
}
