/* tests/test_fpenv.c - the caller's floating-point environment does not matter
   (docs/semantics.md, "Arithmetic"), and is given back unchanged.

   fpenv/results-*: the caller sets rounding upward (fesetround(FE_UPWARD)) and
   flush-to-zero plus denormals-are-zero (x86-64: MXCSR bits 15 and 6; AArch64:
   FPCR.FZ, bit 24, which does both), then runs FLOAT32/FLOAT64/FLOAT16 sums
   (both float orders), products and arg-reductions over subnormals and values
   whose sums and products round differently upward, under every available ISA
   path. Every output must have the bits the default environment gives. A naive
   loop run in the same environment must give different bits somewhere: that
   proves the inputs and the environment really change float results here.

   fpenv/caller-env-restored: after every call (success, validation error,
   dmlref_validate) the rounding mode, MXCSR (or FPCR and FPSR) and the
   exception flags are exactly what the caller had, including flags the caller
   had raised before the call, and none raised inside the call; on x86-64 one
   environment also unmasks overflow/invalid/divide-by-zero traps, which the
   library must not trip. Platforms with neither x86-64 nor AArch64 check the
   rounding mode and flags through <fenv.h> only; the case output says so. */
#include "../dml_ref.h"
#include "runner.h"
#include "suites.h"

#include <fenv.h>
#include <stdio.h>
#include <string.h>

#if defined(__x86_64__) || defined(_M_X64)
#include <xmmintrin.h>
#define FPE_X86 1
#elif defined(__aarch64__) && (defined(__GNUC__) || defined(__clang__))
#define FPE_ARM 1
#endif

/* ---- the hardware control/status registers ---- */

#define MXCSR_DAZ 0x0040u /* bit 6: denormal inputs read as zero */
#define MXCSR_FTZ 0x8000u /* bit 15: denormal results flushed to zero */
#define MXCSR_IM 0x0080u
#define MXCSR_ZM 0x0200u
#define MXCSR_OM 0x0400u
#define FPCR_FZ (UINT64_C(1) << 24)

typedef struct hw_state {
    uint64_t control; /* MXCSR (x86-64, flags included) or FPCR (AArch64) */
    uint64_t status;  /* FPSR (AArch64); 0 elsewhere */
} hw_state;

static void hw_get(hw_state *s) {
    s->control = 0;
    s->status = 0;
#if defined(FPE_X86)
    s->control = _mm_getcsr();
#elif defined(FPE_ARM)
    {
        uint64_t v;
        __asm__ __volatile__("mrs %0, fpcr" : "=r"(v));
        s->control = v;
        __asm__ __volatile__("mrs %0, fpsr" : "=r"(v));
        s->status = v;
    }
#endif
}

static void hw_set(const hw_state *s) {
#if defined(FPE_X86)
    _mm_setcsr((unsigned int)s->control);
#elif defined(FPE_ARM)
    __asm__ __volatile__("msr fpcr, %0" : : "r"(s->control));
    __asm__ __volatile__("msr fpsr, %0" : : "r"(s->status));
#else
    (void)s;
#endif
}

/* Whether this platform has a flush-to-zero / denormals-are-zero control. */
static int hw_has_flush(void) {
#if defined(FPE_X86) || defined(FPE_ARM)
    return 1;
#else
    return 0;
#endif
}

static void hw_set_flush(int on) {
    hw_state s;
    hw_get(&s);
#if defined(FPE_X86)
    s.control = on ? (s.control | MXCSR_FTZ | MXCSR_DAZ) : (s.control & ~(uint64_t)(MXCSR_FTZ | MXCSR_DAZ));
#elif defined(FPE_ARM)
    s.control = on ? (s.control | FPCR_FZ) : (s.control & ~FPCR_FZ);
#else
    (void)on;
#endif
    hw_set(&s);
}

/* The test's own environment, saved on entry to a case and put back after. */
typedef struct saved_env {
    fenv_t env;
    hw_state hw;
} saved_env;

static void env_save(saved_env *s) {
    fegetenv(&s->env);
    hw_get(&s->hw);
}

static void env_restore(const saved_env *s) {
    fesetenv(&s->env);
    hw_set(&s->hw);
}

/* The hostile environment of the results cases. Returns 0 if the rounding mode
   could not be set (then nothing was changed). */
static int env_enter_hostile(void) {
#ifdef FE_UPWARD
    if (fesetround(FE_UPWARD) != 0) return 0;
    hw_set_flush(1);
    return 1;
#else
    return 0;
#endif
}

static const char *flush_description(void) {
#if defined(FPE_X86)
    return "MXCSR FTZ+DAZ";
#elif defined(FPE_ARM)
    return "FPCR.FZ";
#else
    return "no flush-to-zero control on this platform";
#endif
}

static void note_platform(const char *case_name) {
    if (!hw_has_flush())
        printf("  note %s: this platform has no FTZ/DAZ control (not x86-64 or AArch64): rounding mode only\n",
               case_name);
}

/* ---- data ---- */

#define ROWS 24u
#define COLS 40u
#define COUNT (ROWS * COLS)

static uint64_t splitmix(uint64_t *state) {
    uint64_t z = (*state += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

/* Layout of a FLOAT type: mantissa bits, exponent bits, bias. */
typedef struct float_format {
    DML_TENSOR_DATA_TYPE type;
    const char *name;
    unsigned mant, exp, size;
} float_format;

static const float_format formats[] = {
    {DML_TENSOR_DATA_TYPE_FLOAT32, "float32", 23, 8, 4},
    {DML_TENSOR_DATA_TYPE_FLOAT64, "float64", 52, 11, 8},
    {DML_TENSOR_DATA_TYPE_FLOAT16, "float16", 10, 5, 2},
};

static uint64_t make_bits(const float_format *f, uint64_t sign, uint64_t biased_exp, uint64_t mantissa) {
    uint64_t mask = (UINT64_C(1) << f->mant) - 1;
    return (sign << (f->mant + f->exp)) | (biased_exp << f->mant) | (mantissa & mask);
}

static void store_bits(unsigned char *p, unsigned size, uint64_t bits) {
    if (size == 2) {
        uint16_t v = (uint16_t)bits;
        memcpy(p, &v, 2);
    } else if (size == 4) {
        uint32_t v = (uint32_t)bits;
        memcpy(p, &v, 4);
    } else {
        memcpy(p, &bits, 8);
    }
}

static uint64_t bias_of(const float_format *f) { return (UINT64_C(1) << (f->exp - 1)) - 1; }

/* A "tiny" value: a subnormal, a smallest normal, a signed zero, or (FLOAT32,
   FLOAT64) 2^-(mant+1..mant+7) with a random mantissa, less than half an ulp
   of 1. For FLOAT16 a subnormal (a multiple of 2^-24, finer than the float32
   grid of any value from 1 up) plays that part: its float32 tally rounds it. */
static uint64_t tiny_value(const float_format *f, uint64_t r) {
    uint64_t sign = (r >> 63) & 1u, mantissa = r >> 8;
    switch ((r >> 4) % 8) {
    case 0:
    case 1:
    case 2: return make_bits(f, sign, 0, mantissa | 1u); /* subnormal */
    case 3: return make_bits(f, sign, 1, mantissa);      /* smallest normals */
    case 4: return make_bits(f, sign, 0, 0);             /* +-0 */
    default:
        if (f->type == DML_TENSOR_DATA_TYPE_FLOAT16) return make_bits(f, sign, 0, mantissa | 1u);
        return make_bits(f, sign, bias_of(f) - f->mant - 1 - (r >> 12) % 7, mantissa);
    }
}

/* Sum data: along every row and every column, runs of (a, tiny, -a) with a in
   [1, 128): a + tiny rounds (to a, or a + ulp upward) and the exact
   cancellation that follows makes the rounding visible in the output, for
   FLOAT16 too. The value of (i, j) depends on i + j only, which gives both axes
   the runs. One element in eight is replaced by another tiny value. */
static void fill_sum_data(const float_format *f, unsigned char *data, uint64_t *rng) {
    uint64_t a[(ROWS + COLS) / 3 + 1], tiny[ROWS + COLS];
    unsigned i, j;
    for (i = 0; i < (ROWS + COLS) / 3 + 1; i++) {
        uint64_t r = splitmix(rng);
        a[i] = make_bits(f, (r >> 63) & 1u, bias_of(f) + (r >> 4) % 7, r >> 8);
    }
    for (i = 0; i < ROWS + COLS; i++) tiny[i] = tiny_value(f, splitmix(rng));
    for (i = 0; i < ROWS; i++)
        for (j = 0; j < COLS; j++) {
            unsigned d = i + j;
            uint64_t r = splitmix(rng), v;
            if (r % 8 == 0) v = tiny_value(f, r >> 3);
            else if (d % 3 == 0) v = a[d / 3];
            else if (d % 3 == 1) v = tiny[d];
            else v = a[d / 3] ^ (UINT64_C(1) << (f->mant + f->exp)); /* -a */
            store_bits(data + (i * COLS + j) * f->size, f->size, v);
        }
}

/* Product data: mostly values in [0.75, 1.5) with full mantissas (every product
   rounds); now and then a tiny normal (the tally then drifts through the
   subnormal range), a subnormal, +-1 or 2. */
static uint64_t product_value(const float_format *f, uint64_t *rng) {
    uint64_t r = splitmix(rng), bias = bias_of(f);
    uint64_t half = UINT64_C(1) << (f->mant - 1), mantissa = r >> 8;
    unsigned pick = (unsigned)(r % 40);
    if (pick < 34) {
        if ((r >> 5) & 1) return make_bits(f, 0, bias - 1, mantissa | half); /* [0.75, 1) */
        return make_bits(f, 0, bias, mantissa & (half - 1));                 /* [1, 1.5) */
    }
    if (pick == 34 || pick == 35) return make_bits(f, 0, 1 + (r >> 4) % 4, mantissa); /* tiny normal */
    if (pick == 36) return make_bits(f, 0, 0, mantissa | 1u);                         /* subnormal */
    if (pick == 37) return make_bits(f, (r >> 4) & 1, bias, 0);                       /* +-1 */
    return make_bits(f, 0, bias + 1, 0);                                              /* 2 */
}

/* Arg-reduction data: subnormals of both signs and signed zeros only. With
   denormals-are-zero they all compare equal, and the extreme moves to the
   first (or last) position. */
static uint64_t arg_value(const float_format *f, uint64_t *rng) {
    uint64_t r = splitmix(rng);
    if (r % 10 < 3) return make_bits(f, (r >> 63) & 1u, 0, 0);
    return make_bits(f, (r >> 63) & 1u, 0, (r >> 8) | 1u);
}

/* ---- the operations ---- */

typedef struct fp_op {
    DML_OPERATOR_TYPE type;
    UINT axis; /* 1: contiguous lines of COLS; 0: ROWS-long lines across COLS adjacent lanes */
    DML_AXIS_DIRECTION direction;
    BOOL exclusive;
    int float_order;
} fp_op;

static const char *op_label(DML_OPERATOR_TYPE t) {
    switch (t) {
    case DML_OPERATOR_CUMULATIVE_SUMMATION: return "CUMULATIVE_SUMMATION";
    case DML_OPERATOR_CUMULATIVE_PRODUCT: return "CUMULATIVE_PRODUCT";
    case DML_OPERATOR_ARGMIN: return "ARGMIN";
    case DML_OPERATOR_ARGMAX: return "ARGMAX";
    default: return "?";
    }
}

#define N_OPS 20
static void build_ops(fp_op *ops) {
    static const DML_OPERATOR_TYPE scans[2] = {DML_OPERATOR_CUMULATIVE_SUMMATION, DML_OPERATOR_CUMULATIVE_PRODUCT};
    int n = 0, s, order, axis, variant;
    for (s = 0; s < 2; s++)
        for (order = 0; order < 2; order++)
            for (axis = 0; axis < 2; axis++)
                for (variant = 0; variant < 2; variant++) {
                    ops[n].type = scans[s];
                    ops[n].axis = (UINT)axis;
                    ops[n].direction = variant ? DML_AXIS_DIRECTION_DECREASING : DML_AXIS_DIRECTION_INCREASING;
                    ops[n].exclusive = variant ? TRUE : FALSE;
                    ops[n].float_order = order ? DMLREF_FLOAT_ORDER_BLOCKED : DMLREF_FLOAT_ORDER_SEQUENTIAL;
                    n++;
                }
    for (s = 0; s < 2; s++)
        for (axis = 0; axis < 2; axis++) {
            ops[n].type = s ? DML_OPERATOR_ARGMAX : DML_OPERATOR_ARGMIN;
            ops[n].axis = (UINT)axis;
            ops[n].direction = axis ? DML_AXIS_DIRECTION_DECREASING : DML_AXIS_DIRECTION_INCREASING;
            ops[n].exclusive = FALSE;
            ops[n].float_order = DMLREF_FLOAT_ORDER_SEQUENTIAL;
            n++;
        }
}

/* Descriptors of one operation, all pointing into this struct. */
typedef struct op_descs {
    UINT sizes[2], out_sizes[2], axes[1];
    DML_BUFFER_TENSOR_DESC in_buf, out_buf;
    DML_TENSOR_DESC in, out;
    DML_CUMULATIVE_SUMMATION_OPERATOR_DESC sum;
    DML_CUMULATIVE_PRODUCT_OPERATOR_DESC prod;
    DML_ARGMIN_OPERATOR_DESC argmin;
    DML_ARGMAX_OPERATOR_DESC argmax;
    DML_OPERATOR_DESC op;
} op_descs;

static void make_descs(op_descs *d, const fp_op *o, DML_TENSOR_DATA_TYPE type) {
    int arg = o->type == DML_OPERATOR_ARGMIN || o->type == DML_OPERATOR_ARGMAX;
    memset(d, 0, sizeof *d);
    d->sizes[0] = d->out_sizes[0] = ROWS;
    d->sizes[1] = d->out_sizes[1] = COLS;
    if (arg) d->out_sizes[o->axis] = 1;
    d->axes[0] = o->axis;
    d->in_buf.DataType = type;
    d->in_buf.DimensionCount = 2;
    d->in_buf.Sizes = d->sizes;
    d->in_buf.TotalTensorSizeInBytes = dmlref_calc_buffer_tensor_size(type, 2, d->sizes, NULL);
    d->out_buf = d->in_buf;
    d->out_buf.Sizes = d->out_sizes;
    if (arg) {
        d->out_buf.DataType = DML_TENSOR_DATA_TYPE_UINT32;
        d->out_buf.TotalTensorSizeInBytes =
            dmlref_calc_buffer_tensor_size(DML_TENSOR_DATA_TYPE_UINT32, 2, d->out_sizes, NULL);
    }
    d->in.Type = d->out.Type = DML_TENSOR_TYPE_BUFFER;
    d->in.Desc = &d->in_buf;
    d->out.Desc = &d->out_buf;
    d->op.Type = o->type;
    switch (o->type) {
    case DML_OPERATOR_CUMULATIVE_SUMMATION:
        d->sum.InputTensor = &d->in;
        d->sum.OutputTensor = &d->out;
        d->sum.Axis = o->axis;
        d->sum.AxisDirection = o->direction;
        d->sum.HasExclusiveSum = o->exclusive;
        d->op.Desc = &d->sum;
        break;
    case DML_OPERATOR_CUMULATIVE_PRODUCT:
        d->prod.InputTensor = &d->in;
        d->prod.OutputTensor = &d->out;
        d->prod.Axis = o->axis;
        d->prod.AxisDirection = o->direction;
        d->prod.HasExclusiveProduct = o->exclusive;
        d->op.Desc = &d->prod;
        break;
    case DML_OPERATOR_ARGMIN:
        d->argmin.InputTensor = &d->in;
        d->argmin.OutputTensor = &d->out;
        d->argmin.AxisCount = 1;
        d->argmin.Axes = d->axes;
        d->argmin.AxisDirection = o->direction;
        d->op.Desc = &d->argmin;
        break;
    default:
        d->argmax.InputTensor = &d->in;
        d->argmax.OutputTensor = &d->out;
        d->argmax.AxisCount = 1;
        d->argmax.Axes = d->axes;
        d->argmax.AxisDirection = o->direction;
        d->op.Desc = &d->argmax;
        break;
    }
}

static dmlref_status run_op(const op_descs *d, const void *input, void *output, int isa, int float_order) {
    const void *inputs[1];
    void *outputs[1];
    dmlref_options options;
    memset(&options, 0, sizeof options);
    options.isa = isa;
    options.float_order = float_order;
    inputs[0] = input;
    outputs[0] = output;
    return dmlref_execute(&d->op, inputs, outputs, &options);
}

/* ---- naive loops, for the sensitivity check ---- */

/* Sequential sums and products of every contiguous row, in whatever
   environment is current; FLOAT16 data arrives widened to float32.
   volatile keeps every operation in place and un-folded. */
static void naive_rows(int is_f64, const unsigned char *sum_in, const unsigned char *prod_in, unsigned char *sum_out,
                       unsigned char *prod_out) {
    unsigned i, j, es = is_f64 ? 8u : 4u;
    for (i = 0; i < ROWS; i++)
        for (j = 0; j < COLS; j++) {
            size_t at = (i * COLS + j) * es;
            if (is_f64) {
                volatile double s, p, x;
                memcpy((void *)&x, sum_in + at, 8);
                if (j == 0) s = x;
                else {
                    memcpy((void *)&s, sum_out + at - 8, 8);
                    s = s + x;
                }
                memcpy(sum_out + at, (const void *)&s, 8);
                memcpy((void *)&x, prod_in + at, 8);
                if (j == 0) p = x;
                else {
                    memcpy((void *)&p, prod_out + at - 8, 8);
                    p = p * x;
                }
                memcpy(prod_out + at, (const void *)&p, 8);
            } else {
                volatile float s, p, x;
                memcpy((void *)&x, sum_in + at, 4);
                if (j == 0) s = x;
                else {
                    memcpy((void *)&s, sum_out + at - 4, 4);
                    s = s + x;
                }
                memcpy(sum_out + at, (const void *)&s, 4);
                memcpy((void *)&x, prod_in + at, 4);
                if (j == 0) p = x;
                else {
                    memcpy((void *)&p, prod_out + at - 4, 4);
                    p = p * x;
                }
                memcpy(prod_out + at, (const void *)&p, 4);
            }
        }
}

static unsigned char g_wide[2][COUNT * 4], g_plain[2][COUNT * 8], g_hostile[2][COUNT * 8];

/* How many of the naive rows' outputs change in the hostile environment
   (for FLOAT16, after rounding to binary16 as a scan would store them). */
static unsigned naive_sensitivity(const float_format *f, const unsigned char *sum_in, const unsigned char *prod_in) {
    const unsigned char *s = sum_in, *p = prod_in;
    unsigned i, k, changed = 0, is_f64 = f->size == 8, es = is_f64 ? 8u : 4u;
    saved_env saved;
    if (f->type == DML_TENSOR_DATA_TYPE_FLOAT16) {
        for (i = 0; i < COUNT; i++)
            for (k = 0; k < 2; k++) {
                uint16_t h;
                float v;
                memcpy(&h, (k ? prod_in : sum_in) + i * 2u, 2);
                v = dmlref_f16_to_f32(h);
                memcpy(g_wide[k] + i * 4u, &v, 4);
            }
        s = g_wide[0];
        p = g_wide[1];
    }
    naive_rows((int)is_f64, s, p, g_plain[0], g_plain[1]);
    env_save(&saved);
    if (!env_enter_hostile()) return 0;
    naive_rows((int)is_f64, s, p, g_hostile[0], g_hostile[1]);
    env_restore(&saved);
    for (k = 0; k < 2; k++)
        for (i = 0; i < COUNT; i++) {
            if (f->type == DML_TENSOR_DATA_TYPE_FLOAT16) {
                float a, b;
                memcpy(&a, g_plain[k] + i * 4u, 4);
                memcpy(&b, g_hostile[k] + i * 4u, 4);
                changed += dmlref_f32_to_f16(a) != dmlref_f32_to_f16(b);
            } else {
                changed += memcmp(g_plain[k] + i * es, g_hostile[k] + i * es, es) != 0;
            }
        }
    return changed;
}

/* Did the hostile environment take effect? 1 + 2^-24 rounds up to 1 + 2^-23,
   and (with FTZ/DAZ) a subnormal plus zero is zero. */
static void probe_hostile_env(void) {
    volatile float one = 1.0f, half_ulp = 5.9604644775390625e-8f, sub = 1e-40f, zero = 0.0f, sum, flushed;
    uint32_t sum_bits, flushed_bits;
    saved_env saved;
    env_save(&saved);
    if (!env_enter_hostile()) return;
    sum = one + half_ulp;
    flushed = sub + zero;
    env_restore(&saved);
    memcpy(&sum_bits, (const void *)&sum, 4);
    memcpy(&flushed_bits, (const void *)&flushed, 4);
    TR_CHECKF(sum_bits == 0x3F800001u, "fesetround(FE_UPWARD) did not take effect: 1 + 2^-24 gives 0x%08lx",
              (unsigned long)sum_bits);
    if (hw_has_flush())
        TR_CHECKF(flushed_bits == 0, "%s did not take effect: 1e-40f + 0 gives 0x%08lx", flush_description(),
                  (unsigned long)flushed_bits);
}

/* ---- fpenv/results-* ---- */

#define MAX_BYTES (COUNT * 8u)
static unsigned char g_sum_in[MAX_BYTES], g_prod_in[MAX_BYTES], g_arg_in[MAX_BYTES];
static unsigned char g_expected[MAX_BYTES], g_got[DMLREF_ISA_COUNT][MAX_BYTES];
static dmlref_status g_status[DMLREF_ISA_COUNT];

static void run_results_case(const void *ctx) {
    const float_format *f = (const float_format *)ctx;
    fp_op ops[N_OPS];
    uint64_t rng = UINT64_C(0xF0E1D2C3B4A59687) + f->size;
    unsigned i, changed;
    int k, isa, ran = 0;
    saved_env saved;
    char name[64];
    snprintf(name, sizeof name, "fpenv/results-%s", f->name);
#ifndef FE_UPWARD
    printf("  note %s: this platform has no FE_UPWARD rounding mode: case skipped\n", name);
    return;
#endif
    note_platform(name);
    probe_hostile_env();
    fill_sum_data(f, g_sum_in, &rng);
    for (i = 0; i < COUNT; i++) {
        store_bits(g_prod_in + i * f->size, f->size, product_value(f, &rng));
        store_bits(g_arg_in + i * f->size, f->size, arg_value(f, &rng));
    }
    changed = naive_sensitivity(f, g_sum_in, g_prod_in);
    TR_CHECKF(changed > 0,
              "%s: a naive loop gives the same bits upward with %s as in the default environment: the test "
              "inputs do not exercise the environment",
              f->name, flush_description());
    build_ops(ops);
    for (k = 0; k < N_OPS; k++) {
        const fp_op *o = &ops[k];
        int arg = o->type == DML_OPERATOR_ARGMIN || o->type == DML_OPERATOR_ARGMAX;
        const unsigned char *input = arg ? g_arg_in : o->type == DML_OPERATOR_CUMULATIVE_PRODUCT ? g_prod_in : g_sum_in;
        size_t out_bytes = arg ? (o->axis ? ROWS : COLS) * 4u : COUNT * f->size;
        op_descs d;
        dmlref_status s;
        make_descs(&d, o, f->type);
        /* the expected bits: default environment, scalar path */
        memset(g_expected, 0xA5, sizeof g_expected);
        s = run_op(&d, input, g_expected, DMLREF_ISA_SCALAR, o->float_order);
        if (!TR_CHECKF(s == DMLREF_OK, "%s %s: %s in the default environment", f->name, op_label(o->type),
                       dmlref_status_name(s)))
            continue;
        /* every path in the hostile environment; nothing but the calls in it */
        for (isa = 0; isa < DMLREF_ISA_COUNT; isa++) memset(g_got[isa], 0x5A, out_bytes);
        env_save(&saved);
        if (!env_enter_hostile()) {
            TR_CHECKF(0, "fesetround(FE_UPWARD) failed: the rounding mode cannot be changed here");
            return;
        }
        for (isa = 0; isa < DMLREF_ISA_COUNT; isa++) {
            if (!dmlref_isa_available((dmlref_isa)isa)) continue;
            g_status[isa] = run_op(&d, input, g_got[isa], isa, o->float_order);
        }
        env_restore(&saved);
        for (isa = 0; isa < DMLREF_ISA_COUNT; isa++) {
            if (!dmlref_isa_available((dmlref_isa)isa)) continue;
            ran++;
            if (!TR_CHECKF(g_status[isa] == DMLREF_OK, "%s %s axis %u, %s: %s upward with %s", f->name,
                           op_label(o->type), (unsigned)o->axis, dmlref_isa_name((dmlref_isa)isa),
                           dmlref_status_name(g_status[isa]), flush_description()))
                continue;
            if (memcmp(g_got[isa], g_expected, out_bytes) != 0) {
                size_t e, es = arg ? 4u : f->size;
                for (e = 0; e + es <= out_bytes && memcmp(g_got[isa] + e, g_expected + e, es) == 0; e += es) continue;
                TR_CHECKF(0,
                          "%s %s axis %u %s%s %s, %s: upward with %s, output element %lu differs from the default "
                          "environment's",
                          f->name, op_label(o->type), (unsigned)o->axis,
                          o->direction == DML_AXIS_DIRECTION_DECREASING ? "decreasing" : "increasing",
                          o->exclusive ? " exclusive" : "",
                          o->float_order == DMLREF_FLOAT_ORDER_BLOCKED ? "BLOCKED" : "SEQUENTIAL",
                          dmlref_isa_name((dmlref_isa)isa), flush_description(), (unsigned long)(e / es));
            }
        }
    }
    TR_CHECK(ran > 0);
}

/* ---- fpenv/caller-env-restored ---- */

typedef struct caller_env {
    const char *name;
    int round;       /* FE_* rounding mode, or -1 when the platform lacks it */
    int flush;       /* FTZ/DAZ (FZ) on */
    int flags;       /* FE_* exception flags the caller raised before the call */
    unsigned unmask; /* x86-64: MXCSR mask bits to clear (traps enabled) */
} caller_env;

#ifndef FE_UPWARD
#define FE_UPWARD (-1)
#endif
#ifndef FE_DOWNWARD
#define FE_DOWNWARD (-1)
#endif
#ifndef FE_TOWARDZERO
#define FE_TOWARDZERO (-1)
#endif
#ifndef FE_OVERFLOW
#define FE_OVERFLOW 0
#endif
#ifndef FE_DIVBYZERO
#define FE_DIVBYZERO 0
#endif
#ifndef FE_INEXACT
#define FE_INEXACT 0
#endif
#ifndef FE_INVALID
#define FE_INVALID 0
#endif
#ifndef FE_UNDERFLOW
#define FE_UNDERFLOW 0
#endif

/* Set the MXCSR / FPSR flag bits for FE_* flags directly (feraiseexcept may
   raise them in the x87 status word instead, which the library never touches). */
static void raise_flags(int flags) {
#if defined(FPE_X86)
    unsigned int m = _mm_getcsr();
    if (flags & FE_INVALID) m |= 0x01u;
    if (flags & FE_DIVBYZERO) m |= 0x04u;
    if (flags & FE_OVERFLOW) m |= 0x08u;
    if (flags & FE_UNDERFLOW) m |= 0x10u;
    if (flags & FE_INEXACT) m |= 0x20u;
    _mm_setcsr(m);
#elif defined(FPE_ARM)
    hw_state s;
    hw_get(&s);
    if (flags & FE_INVALID) s.status |= 0x01u;
    if (flags & FE_DIVBYZERO) s.status |= 0x02u;
    if (flags & FE_OVERFLOW) s.status |= 0x04u;
    if (flags & FE_UNDERFLOW) s.status |= 0x08u;
    if (flags & FE_INEXACT) s.status |= 0x10u;
    hw_set(&s);
#else
    if (flags) feraiseexcept(flags);
#endif
}

static int enter_caller_env(const caller_env *e) {
    if (e->round < 0 || fesetround(e->round) != 0) return 0;
    feclearexcept(FE_ALL_EXCEPT);
    hw_set_flush(e->flush);
    raise_flags(e->flags);
#if defined(FPE_X86)
    _mm_setcsr(_mm_getcsr() & ~e->unmask);
#endif
    return 1;
}

/* What one call must leave exactly as it found. */
typedef struct observed {
    hw_state hw;
    int round;
    int flags;
} observed;

static void observe(observed *o) {
    memset(o, 0, sizeof *o);
    hw_get(&o->hw);
    o->round = fegetround();
    o->flags = fetestexcept(FE_ALL_EXCEPT);
}

static void describe(const observed *o, char *text, size_t capacity) {
#if defined(FPE_X86)
    snprintf(text, capacity, "MXCSR 0x%04lx, rounding mode %d, fetestexcept 0x%x", (unsigned long)o->hw.control,
             o->round, (unsigned)o->flags);
#elif defined(FPE_ARM)
    snprintf(text, capacity, "FPCR 0x%08lx, FPSR 0x%08lx, rounding mode %d, fetestexcept 0x%x",
             (unsigned long)o->hw.control, (unsigned long)o->hw.status, o->round, (unsigned)o->flags);
#else
    snprintf(text, capacity, "rounding mode %d, fetestexcept 0x%x", o->round, (unsigned)o->flags);
#endif
}

/* The calls: inexact sums and products, overflow to infinity, inf - inf,
   subnormal results, NaN arg-reductions, in every type; then failures. */
typedef struct restore_call {
    const char *what;
    DML_OPERATOR_TYPE type;
    DML_TENSOR_DATA_TYPE data_type;
    int float_order;
    uint64_t values[8];
    int expect_ok;
} restore_call;

static const restore_call restore_calls[] = {
    {"FLOAT32 sum: inexact, inf - inf, subnormal",
     DML_OPERATOR_CUMULATIVE_SUMMATION,
     DML_TENSOR_DATA_TYPE_FLOAT32,
     DMLREF_FLOAT_ORDER_SEQUENTIAL,
     {0x3F800001u, 0x33800000u, 0x00000003u, 0x80800000u, 0x7F800000u, 0xFF800000u, 0x3F8CCCCDu, 0x00400000u},
     1},
    {"FLOAT32 BLOCKED sum",
     DML_OPERATOR_CUMULATIVE_SUMMATION,
     DML_TENSOR_DATA_TYPE_FLOAT32,
     DMLREF_FLOAT_ORDER_BLOCKED,
     {0x3F800001u, 0x33800000u, 0x00000003u, 0x80800000u, 0x7F7FFFFFu, 0x7F7FFFFFu, 0x3F8CCCCDu, 0x00400000u},
     1},
    {"FLOAT32 product: overflow, underflow, 0 x inf",
     DML_OPERATOR_CUMULATIVE_PRODUCT,
     DML_TENSOR_DATA_TYPE_FLOAT32,
     DMLREF_FLOAT_ORDER_SEQUENTIAL,
     {0x00800001u, 0x3F000001u, 0x3E000000u, 0x00000000u, 0x7F800000u, 0x7F7FFFFFu, 0x7F7FFFFFu, 0x3F8CCCCDu},
     1},
    {"FLOAT64 sum",
     DML_OPERATOR_CUMULATIVE_SUMMATION,
     DML_TENSOR_DATA_TYPE_FLOAT64,
     DMLREF_FLOAT_ORDER_SEQUENTIAL,
     {UINT64_C(0x3FF0000000000001), UINT64_C(0x3CA0000000000000), UINT64_C(0x0000000000000003),
      UINT64_C(0x7FEFFFFFFFFFFFFF), UINT64_C(0x7FEFFFFFFFFFFFFF), UINT64_C(0xFFF0000000000000),
      UINT64_C(0x3FF199999999999A), UINT64_C(0x0008000000000000)},
     1},
    {"FLOAT64 product",
     DML_OPERATOR_CUMULATIVE_PRODUCT,
     DML_TENSOR_DATA_TYPE_FLOAT64,
     DMLREF_FLOAT_ORDER_SEQUENTIAL,
     {UINT64_C(0x0010000000000001), UINT64_C(0x3FE0000000000001), UINT64_C(0x3FC0000000000000),
      UINT64_C(0x7FEFFFFFFFFFFFFF), UINT64_C(0x7FEFFFFFFFFFFFFF), UINT64_C(0x7FEFFFFFFFFFFFFF), 0,
      UINT64_C(0x7FF0000000000000)},
     1},
    {"FLOAT16 product: overflow, 0 x inf",
     DML_OPERATOR_CUMULATIVE_PRODUCT,
     DML_TENSOR_DATA_TYPE_FLOAT16,
     DMLREF_FLOAT_ORDER_SEQUENTIAL,
     {0x3C01u, 0x0001u, 0x7BFFu, 0x7BFFu, 0x0000u, 0x7C00u, 0x3E66u, 0x0200u},
     1},
    {"FLOAT16 BLOCKED sum",
     DML_OPERATOR_CUMULATIVE_SUMMATION,
     DML_TENSOR_DATA_TYPE_FLOAT16,
     DMLREF_FLOAT_ORDER_BLOCKED,
     {0x3C01u, 0x0001u, 0x7BFFu, 0x7BFFu, 0xFC00u, 0x7C00u, 0x3E66u, 0x0200u},
     1},
    {"FLOAT32 ARGMAX with NaN",
     DML_OPERATOR_ARGMAX,
     DML_TENSOR_DATA_TYPE_FLOAT32,
     DMLREF_FLOAT_ORDER_SEQUENTIAL,
     {0x00000001u, 0x7FA00000u, 0x80000001u, 0x7FC00000u, 0x00800000u, 0xFF800000u, 0x3F800000u, 0x00000000u},
     1},
    {"FLOAT64 ARGMIN with NaN",
     DML_OPERATOR_ARGMIN,
     DML_TENSOR_DATA_TYPE_FLOAT64,
     DMLREF_FLOAT_ORDER_SEQUENTIAL,
     {1, UINT64_C(0x7FF4000000000000), UINT64_C(0x8000000000000001), 0, 2, 3, 4, 5},
     1},
    {"validation error (output type)",
     DML_OPERATOR_CUMULATIVE_SUMMATION,
     DML_TENSOR_DATA_TYPE_FLOAT32,
     DMLREF_FLOAT_ORDER_SEQUENTIAL,
     {0},
     0},
};
#define N_RESTORE_CALLS (sizeof restore_calls / sizeof restore_calls[0])

typedef struct restore_failure {
    const caller_env *env;
    const char *what;
    int isa;
    int validate_only;
    observed want, got;
} restore_failure;

static void run_restore_case(const void *ctx) {
    /* Caller environments: flags the caller raised before must survive, and no
       flag raised inside a call may leak out. */
    static const caller_env envs[] = {
        {"upward, FTZ/DAZ, divide-by-zero and overflow flags set", FE_UPWARD, 1, FE_DIVBYZERO | FE_OVERFLOW, 0},
        {"toward zero, no flush, no flags, overflow/invalid/divide-by-zero traps unmasked", FE_TOWARDZERO, 0, 0,
         MXCSR_OM | MXCSR_IM | MXCSR_ZM},
        {"downward, FTZ/DAZ, every flag set", FE_DOWNWARD, 1,
         FE_INVALID | FE_DIVBYZERO | FE_OVERFLOW | FE_UNDERFLOW | FE_INEXACT, 0},
    };
    restore_failure failures[16];
    unsigned n_failures = 0, e, c, checked = 0;
    saved_env saved;
    (void)ctx;
    note_platform("fpenv/caller-env-restored");
#if !defined(FPE_X86)
    printf("  note fpenv/caller-env-restored: trap unmasking is only checked on x86-64\n");
#endif
    for (e = 0; e < sizeof envs / sizeof envs[0]; e++) {
        const caller_env *env = &envs[e];
        for (c = 0; c < N_RESTORE_CALLS; c++) {
            const restore_call *rc = &restore_calls[c];
            uint64_t in_storage[8], out_storage[8];
            unsigned char *input = (unsigned char *)in_storage;
            unsigned es = dmlref_data_type_size(rc->data_type), i;
            fp_op o;
            op_descs d;
            int isa;
            for (i = 0; i < 8; i++) store_bits(input + i * es, es, rc->values[i]);
            memset(&o, 0, sizeof o);
            o.type = rc->type;
            o.axis = 1;
            o.float_order = rc->float_order;
            make_descs(&d, &o, rc->data_type);
            d.sizes[0] = d.out_sizes[0] = 1;
            d.sizes[1] = d.out_sizes[1] = 8;
            if (rc->type == DML_OPERATOR_ARGMIN || rc->type == DML_OPERATOR_ARGMAX) d.out_sizes[1] = 1;
            d.in_buf.TotalTensorSizeInBytes = dmlref_calc_buffer_tensor_size(rc->data_type, 2, d.sizes, NULL);
            d.out_buf.TotalTensorSizeInBytes = dmlref_calc_buffer_tensor_size(d.out_buf.DataType, 2, d.out_sizes, NULL);
            if (!rc->expect_ok) d.out_buf.DataType = DML_TENSOR_DATA_TYPE_FLOAT64; /* type mismatch */
            for (isa = 0; isa < DMLREF_ISA_COUNT; isa++) {
                observed want, got, want_v, got_v;
                dmlref_status s, sv;
                if (!dmlref_isa_available((dmlref_isa)isa)) continue;
                memset(out_storage, 0, sizeof out_storage);
                env_save(&saved);
                if (!enter_caller_env(env)) {
                    env_restore(&saved);
                    printf("  note fpenv/caller-env-restored: rounding mode of \"%s\" not available, skipped\n",
                           env->name);
                    break;
                }
                observe(&want);
                s = run_op(&d, input, out_storage, isa, rc->float_order);
                observe(&got);
                {
                    dmlref_options options;
                    memset(&options, 0, sizeof options);
                    options.isa = isa;
                    observe(&want_v);
                    sv = dmlref_validate(&d.op, &options);
                    observe(&got_v);
                }
                env_restore(&saved);
                checked++;
                TR_CHECKF((s == DMLREF_OK) == rc->expect_ok, "%s, %s: dmlref_execute gives %s", rc->what,
                          dmlref_isa_name((dmlref_isa)isa), dmlref_status_name(s));
                TR_CHECKF((sv == DMLREF_OK) == rc->expect_ok, "%s, %s: dmlref_validate gives %s", rc->what,
                          dmlref_isa_name((dmlref_isa)isa), dmlref_status_name(sv));
                if (memcmp(&want, &got, sizeof want) != 0 && n_failures < 16) {
                    restore_failure *f = &failures[n_failures++];
                    f->env = env;
                    f->what = rc->what;
                    f->isa = isa;
                    f->validate_only = 0;
                    f->want = want;
                    f->got = got;
                }
                if (memcmp(&want_v, &got_v, sizeof want_v) != 0 && n_failures < 16) {
                    restore_failure *f = &failures[n_failures++];
                    f->env = env;
                    f->what = rc->what;
                    f->isa = isa;
                    f->validate_only = 1;
                    f->want = want_v;
                    f->got = got_v;
                }
            }
        }
    }
    for (e = 0; e < n_failures; e++) {
        const restore_failure *f = &failures[e];
        char want[128], got[128];
        describe(&f->want, want, sizeof want);
        describe(&f->got, got, sizeof got);
        TR_CHECKF(0, "caller env \"%s\", %s, %s via %s: before the call %s; after it %s", f->env->name, f->what,
                  dmlref_isa_name((dmlref_isa)f->isa), f->validate_only ? "dmlref_validate" : "dmlref_execute", want,
                  got);
    }
    TR_CHECK(checked > 0);
}

void register_fpenv_tests(void) {
    size_t i;
    static char names[sizeof formats / sizeof formats[0]][40];
    for (i = 0; i < sizeof formats / sizeof formats[0]; i++) {
        snprintf(names[i], sizeof names[i], "fpenv/results-%s", formats[i].name);
        tr_add(names[i], run_results_case, &formats[i]);
    }
    tr_add("fpenv/caller-env-restored", run_restore_case, NULL);
}
