/* tests/test_peers.c - docs/reproducing.md's claims, tested against models of
   the peers' own kernels.

   docs/reproducing.md says which dml_ref options reproduce another
   implementation (a "peer") bit for bit. For every claim whose peer runs on
   the CPU or can be emulated there, this file holds a small C model of the
   PEER's kernel, written from the peer's public source and structured as that
   source is (its loops, its buffers, its types), not from dml_ref.h. The
   model computes the expected output; dml_ref with the claimed options must
   write the same bits on every ISA of this build and CPU (NaN: NaN-ness only,
   since dml_ref writes the canonical NaN). Then, so that no case can pass
   trivially, every listed alternative option (the other identity_seed,
   another order, another accumulation, another NaN policy or direction) must
   give different bits on the same data.

   The peers' scalar_t arithmetic: every value is kept as a double (exact for
   binary16/32/64); a binary16 operation is the float operation rounded to
   binary16 (c10::Half, npy_half: float result, oracle_f32_to_f16), a float32
   operation is C float arithmetic, a float64 one double arithmetic. A float64
   value rounded once to binary16 (webnn-baseline's outputs) uses this file's
   own pv_half_from_double, checked against oracle_f32_to_f16 in
   peers/model-selftest.

   peers/pytorch-cuda-inner-...      PyTorch CUDA cumsum/cumprod, last axis (Sklansky, 2T per block)
   peers/pytorch-cuda-inner-bk-...   the same kernel before the 2023 change (Brent-Kung, T = 16)
   peers/pytorch-cuda-outer-...      PyTorch CUDA, scan axis not the last
   peers/pytorch-cpu-...             PyTorch CPU cpu_cum_base_kernel (acc_type tally)
   peers/pytorch-cpu-063edef3-...    the same with the older float->float CPU acc_type
   peers/onnxruntime-cumsum-...      ONNX Runtime CPU CumSum (inclusive/exclusive, forward/reverse)
   peers/onnxruntime-cumsum-pre22048-...  its older SliceIterator version (exclusive)
   peers/tflite-cumsum-...           TFLite CUMSUM (Eigen TensorScan)
   peers/webnn-cumsum-...            webnn-baseline cumulativeSum (float64 tally, one rounding)
   peers/pytorch-argminmax-...       PyTorch ArgMinOps/ArgMaxOps (LessOrNan/GreaterOrNan)
   peers/onnxruntime-argminmax-...   ONNX Runtime ReduceAggregatorArgMin/ArgMax (rank >= 2)
   peers/onnxruntime-argminmax-last-...  select_last_index=1, slices whose ends are not NaN
   peers/tflite-argminmax-...        TFLite reference_ops::ArgMinMax
   peers/acl-argminmax-...           Arm Compute Library reference ARG_IDX_MIN/MAX
   peers/model-selftest              this file's rounding helpers                              */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../dml_ref.h"
#include "fixture.h"
#include "oracle.h"
#include "runner.h"
#include "suites.h"

#define PV_MAX_RANK 4
#define PV_MAX_CASES 160
#define PV_MAX_ALTS 6
#define PV_FILL 0xA5

/* ---- randomness (splitmix64, seeded by FNV-1a of a label) ------------------- */


/* ---- number formats ------------------------------------------------------------ */

static double pv_half_value(uint16_t h) { return (double)oracle_f16_to_f32(h); }

/* A double rounded once, to nearest even, to binary16 (subnormals, overflow to
   infinity, signed zeros; NaN gives 0x7E00). Own code: a scaling by a power
   of two to units of the target's step, then integer rounding. */
static uint16_t pv_half_from_double(double v) {
    const uint16_t sign = (uint16_t)((fx_double_bits(v) >> 48) & 0x8000u);
    double a = fabs(v), n, f;
    unsigned m;
    int e, field;
    if (v != v) return 0x7E00u;
    if (a >= 65520.0) return (uint16_t)(sign | 0x7C00u); /* 65504 + half a step and up (inf too) */
    if (a <= ldexp(1.0, -25)) return sign;               /* at most half the smallest subnormal: a tie to 0 */
    (void)frexp(a, &e);
    e -= 1; /* a in [2^e, 2^(e+1)) */
    if (e < -14) e = -14;
    n = a / ldexp(1.0, e - 10); /* exact: a power-of-two scaling, no underflow */
    f = floor(n);
    if (n - f > 0.5 || (n - f == 0.5 && fmod(f, 2.0) != 0.0)) f += 1.0;
    m = (unsigned)f; /* 0 .. 2048 */
    if (m == 2048u) {
        m = 1024u;
        e++;
    }
    if (m < 1024u) return (uint16_t)(sign | m); /* subnormal: e is -14 */
    field = e + 15;
    if (field >= 31) return (uint16_t)(sign | 0x7C00u);
    return (uint16_t)(sign | ((unsigned)field << 10) | (m - 1024u));
}


/* A double rounded to the type (the value; exact afterwards). */
static double pv_round_to(DML_TENSOR_DATA_TYPE t, double v) {
    if (t == DML_TENSOR_DATA_TYPE_FLOAT16) return pv_half_value(pv_half_from_double(v));
    if (t == DML_TENSOR_DATA_TYPE_FLOAT32) return (double)(float)v;
    return v;
}

/* Bits of a value exact in the type (NaN: the canonical NaN). */
static uint64_t pv_bits_of(DML_TENSOR_DATA_TYPE t, double v) {
    if (t == DML_TENSOR_DATA_TYPE_FLOAT16) return pv_half_from_double(v);
    if (t == DML_TENSOR_DATA_TYPE_FLOAT32) return v != v ? 0x7FC00000u : fx_float_bits((float)v);
    return v != v ? 0x7FF8000000000000ull : fx_double_bits(v);
}

/* Input bits: NaNs get a sign and a payload, which no output may keep. */
static uint64_t pv_input_bits(DML_TENSOR_DATA_TYPE t, double v) {
    if (v == v) return pv_bits_of(t, v);
    if (t == DML_TENSOR_DATA_TYPE_FLOAT16) return 0xFE01u;
    if (t == DML_TENSOR_DATA_TYPE_FLOAT32) return 0xFFC00123u;
    return 0xFFF8000000000123ull;
}

static int pv_is_nan_bits(DML_TENSOR_DATA_TYPE t, uint64_t b) {
    if (t == DML_TENSOR_DATA_TYPE_FLOAT16) return (b & 0x7C00u) == 0x7C00u && (b & 0x3FFu) != 0;
    if (t == DML_TENSOR_DATA_TYPE_FLOAT32) return (b & 0x7F800000u) == 0x7F800000u && (b & 0x7FFFFFu) != 0;
    return (b & 0x7FF0000000000000ull) == 0x7FF0000000000000ull && (b & 0xFFFFFFFFFFFFFull) != 0;
}


/* ---- the peers' scalar_t arithmetic ---------------------------------------------- */

typedef enum pv_arith {
    PV_HALF = 0,  /* c10::Half / npy_half: the float result rounded to binary16 */
    PV_FLOAT = 1, /* float */
    PV_DOUBLE = 2 /* double */
} pv_arith;

static pv_arith pv_arith_of(DML_TENSOR_DATA_TYPE t) {
    return t == DML_TENSOR_DATA_TYPE_FLOAT16 ? PV_HALF : t == DML_TENSOR_DATA_TYPE_FLOAT32 ? PV_FLOAT : PV_DOUBLE;
}

/* binary_op(x, y) in scalar_t: + or x. Operands are exact in the type. */
static double pv_op(pv_arith a, int product, double x, double y) {
    if (a == PV_HALF || a == PV_FLOAT) {
        const float fx = (float)x, fy = (float)y;
        const float r = product ? fx * fy : fx + fy;
        if (a == PV_HALF) return pv_half_value(oracle_f32_to_f16(r));
        return (double)r;
    }
    return product ? x * y : x + y;
}

/* (scalar_t)v: one rounding of v into the type. */
static double pv_convert(pv_arith to, double v) {
    if (to == PV_HALF) return pv_half_value(pv_half_from_double(v));
    if (to == PV_FLOAT) return (double)(float)v;
    return v;
}

/* ---- shapes ---------------------------------------------------------------------------- */

typedef struct pv_shape {
    UINT rank, axis;
    UINT sizes[PV_MAX_RANK];
} pv_shape;

static size_t pv_count(const pv_shape *s) {
    size_t n = 1;
    UINT d;
    for (d = 0; d < s->rank; d++) n *= s->sizes[d];
    return n;
}
/* The tensor as [outer, n, inner] around the axis (row-major). */
static void pv_split(const pv_shape *s, size_t *outer, size_t *n, size_t *inner) {
    UINT d;
    *outer = *inner = 1;
    for (d = 0; d < s->axis; d++) *outer *= s->sizes[d];
    for (d = s->axis + 1; d < s->rank; d++) *inner *= s->sizes[d];
    *n = s->sizes[s->axis];
}
static void pv_describe_shape(const pv_shape *s, char *buf, size_t cap) {
    size_t len = 0;
    UINT d;
    for (d = 0; d < s->rank && len < cap; d++)
        len += (size_t)snprintf(buf + len, cap - len, "%s%u", d ? "x" : "", (unsigned)s->sizes[d]);
    if (len < cap) snprintf(buf + len, cap - len, "-axis%u", (unsigned)s->axis);
}

/* ---- scans: jobs, claims, the library ---------------------------------------------------- */

typedef struct pv_scan {
    DML_TENSOR_DATA_TYPE type;
    pv_shape shape;
    int product, exclusive, reverse;
} pv_scan;

/* One set of dml_ref options: the documented claim or an alternative. */
typedef struct pv_claim {
    const char *what;
    int order, accumulation, seed;
    dmlref_scan_tree tree;
} pv_claim;

static pv_claim pv_claim_seq(const char *what, int order, int accumulation, int seed) {
    pv_claim c;
    memset(&c, 0, sizeof c);
    c.what = what;
    c.order = order;
    c.accumulation = accumulation;
    c.seed = seed;
    return c;
}
static pv_claim pv_claim_tree(const char *what, int algorithm, uint32_t block, int carry, int accumulation, int seed) {
    pv_claim c = pv_claim_seq(what, DMLREF_FLOAT_ORDER_TREE, accumulation, seed);
    c.tree.algorithm = algorithm;
    c.tree.block = block;
    c.tree.carry = carry;
    return c;
}

static void pv_describe_claim(const pv_claim *c, char *buf, size_t cap) {
    static const char *const algorithms[3] = {"KOGGE_STONE", "SKLANSKY", "BRENT_KUNG"};
    static const char *const accumulations[3] = {"DEFAULT", "NATIVE", "WIDE"};
    char order[80];
    if (c->order == DMLREF_FLOAT_ORDER_TREE)
        snprintf(order, sizeof order, "TREE{%s,%lu,%s}", algorithms[c->tree.algorithm % 3],
                 (unsigned long)c->tree.block, c->tree.carry ? "CARRY_INTO_FIRST" : "CARRY_AFTER");
    else snprintf(order, sizeof order, "%s", c->order == DMLREF_FLOAT_ORDER_BLOCKED ? "BLOCKED" : "SEQUENTIAL");
    snprintf(buf, cap, "%s %s identity_seed=%d (%s)", order, accumulations[c->accumulation % 3], c->seed, c->what);
}

static void pv_set_options(dmlref_options *o, const pv_claim *c, dmlref_isa isa, char *message, size_t capacity) {
    memset(o, 0, sizeof *o);
    o->float_order = c->order;
    o->accumulation = c->accumulation;
    o->identity_seed = c->seed;
    o->isa = isa;
    o->error_message = message;
    o->error_message_capacity = capacity;
    if (c->order == DMLREF_FLOAT_ORDER_TREE) o->tree = &c->tree;
}

static dmlref_status pv_exec_scan(const pv_scan *job, const void *in, void *out, const dmlref_options *o) {
    fx_tensor t; /* input and output share the descriptor */
    fx_op op;
    fx_tensor_packed(&t, job->type, job->shape.rank, job->shape.sizes);
    fx_scan_op(&op, job->product, &t.desc, &t.desc, job->shape.axis, job->reverse, job->exclusive);
    return fx_execute(&op, in, out, o);
}


/* First element whose bits differ from expected (NaN: NaN-ness only); count if none.
 *mismatches receives how many differ. */
static size_t pv_first_mismatch(DML_TENSOR_DATA_TYPE t, const unsigned char *out, const uint64_t *expected,
                                size_t count, size_t *mismatches) {
    const unsigned size = fx_type_size(t);
    size_t i, first = count, bad = 0;
    for (i = 0; i < count; i++) {
        uint64_t got = fx_load(out + i * size, size);
        int same = pv_is_nan_bits(t, expected[i]) ? pv_is_nan_bits(t, got) : got == expected[i];
        if (!same) {
            if (first == count) first = i;
            bad++;
        }
    }
    if (mismatches) *mismatches = bad;
    return first;
}

/* The claim on every ISA must give the expected bits; every alternative must not. */
static void pv_check_scan(const char *label, const pv_scan *job, const unsigned char *in, const uint64_t *expected,
                          const pv_claim *claim, const pv_claim *alts, unsigned alt_count) {
    const size_t count = pv_count(&job->shape);
    const unsigned size = fx_type_size(job->type);
    const size_t bytes = (size_t)oracle_buffer_size(job->type, job->shape.rank, job->shape.sizes, NULL);
    unsigned char *out = (unsigned char *)malloc(bytes);
    char text[200], message[256];
    unsigned i;
    if (!TR_CHECK(out != NULL)) return;
    pv_describe_claim(claim, text, sizeof text);
    for (i = 0; i < FX_ISA_COUNT; i++) {
        dmlref_options o;
        dmlref_status st;
        size_t first, bad, outer, n, inner;
        if (!dmlref_isa_available(fx_isas[i])) continue;
        pv_set_options(&o, claim, fx_isas[i], message, sizeof message);
        message[0] = 0;
        memset(out, PV_FILL, bytes);
        st = pv_exec_scan(job, in, out, &o);
        if (!TR_CHECKF(st == DMLREF_OK, "%s isa=%s %s: status %s (%s)", label, dmlref_isa_name(fx_isas[i]), text,
                       dmlref_status_name(st), message))
            continue;
        first = pv_first_mismatch(job->type, out, expected, count, &bad);
        pv_split(&job->shape, &outer, &n, &inner);
        TR_CHECKF(first == count,
                  "%s isa=%s %s: %lu of %lu outputs differ from the peer's model; first: element %lu (line %lu, "
                  "position %lu): dml_ref 0x%llx, peer 0x%llx",
                  label, dmlref_isa_name(fx_isas[i]), text, (unsigned long)bad, (unsigned long)count,
                  (unsigned long)first, (unsigned long)(first / (n * inner) * inner + first % inner),
                  (unsigned long)(first / inner % n), (unsigned long long)fx_load(out + first * size, size),
                  (unsigned long long)(first < count ? expected[first] : 0u));
    }
    for (i = 0; i < alt_count; i++) {
        dmlref_options o;
        dmlref_status st;
        char alt_text[200];
        pv_describe_claim(&alts[i], alt_text, sizeof alt_text);
        pv_set_options(&o, &alts[i], DMLREF_ISA_AUTO, message, sizeof message);
        message[0] = 0;
        memset(out, PV_FILL, bytes);
        st = pv_exec_scan(job, in, out, &o);
        if (!TR_CHECKF(st == DMLREF_OK, "%s alternative %s: status %s (%s)", label, alt_text, dmlref_status_name(st),
                       message))
            continue;
        TR_CHECKF(pv_first_mismatch(job->type, out, expected, count, NULL) < count,
                  "%s: the alternative %s gives the model's bits too: the data cannot tell it from the claim", label,
                  alt_text);
    }
    free(out);
}

/* ---- scan data ---------------------------------------------------------------------------- */

/* Random values with a spread of magnitudes (sums) or factors near 1 (products),
   exact in the type, and special values on the first lines: a leading and a
   trailing -0.0 on line 0 (sums: the identity_seed shows in either direction),
   NaN, +-inf, zeros further on. */
static void pv_fill_scan(fx_rng *r, const pv_scan *job, double *x) {
    const DML_TENSOR_DATA_TYPE t = job->type;
    const int emin = t == DML_TENSOR_DATA_TYPE_FLOAT16 ? -8 : t == DML_TENSOR_DATA_TYPE_FLOAT32 ? -20 : -30;
    const int emax = t == DML_TENSOR_DATA_TYPE_FLOAT16 ? 4 : t == DML_TENSOR_DATA_TYPE_FLOAT32 ? 10 : 20;
    size_t outer, n, inner, i, lines;
    pv_split(&job->shape, &outer, &n, &inner);
    lines = outer * inner;
    for (i = 0; i < outer * n * inner; i++) {
        double v;
        if (job->product) { /* binary16: a narrower spread, so 100000 factors stay mostly in range */
            v = 1.0 + (2.0 * fx_unit(r) - 1.0) * (t == DML_TENSOR_DATA_TYPE_FLOAT16 ? 0.015625 : 0.0625);
        } else {
            v = ldexp(1.0 + fx_unit(r), emin + (int)fx_below(r, (uint32_t)(emax - emin + 1)));
            if (fx_next(r) & 1u) v = -v;
        }
        x[i] = pv_round_to(t, v);
    }
#define PV_AT(line, p) x[((line) / inner * n + (p)) * inner + (line) % inner]
    if (!job->product) {
        PV_AT(0, 0) = -0.0;
        PV_AT(0, n - 1) = -0.0;
        if (lines >= 3) {
            PV_AT(1, n / 2) = NAN;
            PV_AT(2, n / 3) = INFINITY;
        } else {
            PV_AT(lines - 1, n / 4) = -INFINITY;
            PV_AT(lines - 1, 3 * n / 4) = NAN;
        }
        if (lines >= 4) {
            PV_AT(3, n / 4) = -INFINITY;
            PV_AT(3, n / 2) = INFINITY; /* inf - inf: NaN from here */
        }
    } else {
        if (lines >= 3) {
            PV_AT(1, 3 * n / 4) = NAN;
            PV_AT(2, n / 2) = -0.0;
        } else {
            PV_AT(lines - 1, n / 2) = INFINITY;
            PV_AT(lines - 1, 3 * n / 4) = NAN;
        }
        if (lines >= 4) {
            PV_AT(3, n / 3) = 0.0;
            PV_AT(3, n / 2) = -INFINITY; /* 0 x inf: NaN from here */
        }
    }
#undef PV_AT
}

/* ==== the peers' scan kernels ==================================================== */

/* PyTorch CUDA, get_log_num_threads_x_inner_scan<uint32_t>(num_rows, row_size):
   pytorch/pytorch@aten/src/ATen/native/cuda/ScanUtils.cuh. ceil-log2 of each,
   their difference in uint32 (a negative one wraps), (9 + diff) / 2 in uint32,
   clamped to 4..9. */
static uint32_t pv_torch_log_num_threads_x(uint32_t num_rows, uint32_t row_size) {
    uint32_t log_x = 0, log_y = 0, diff;
    while (((uint32_t)1 << log_x) < row_size) ++log_x;
    while (((uint32_t)1 << log_y) < num_rows) ++log_y;
    diff = log_x - log_y;
    log_x = ((uint32_t)9 + diff) / (uint32_t)2;
    if (log_x < 4u) log_x = 4u;
    if (log_x > 9u) log_x = 9u;
    return log_x;
}

/* PyTorch CUDA cumsum/cumprod along the last axis:
   pytorch/pytorch@aten/src/ATen/native/cuda/ScanUtils.cuh, tensor_kernel_scan_innermost_dim_impl.
   One row: blocks of 2 * num_threads_x elements in a shared buffer, padded with
   init; thread 0 folds the running block_total into row_buf[0]; then for
   m = 0..log_num_threads_x every thread tid updates row_buf[ti] with row_buf[si]
   (a = (tid >> m) << (m + 1) | 2^m, ti = a + tid % 2^m, si = a - 1; the with-indices
   kernel writes the same loop as s = 1, 2, .., T); block_total is then the
   buffer's last slot. Within one step no slot is both read and written (si has
   bit m clear, ti has it set), so running the threads one after another is the
   kernel's own result. All in scalar_t (CumsumKernel.cu: std::plus<scalar_t>,
   init 0; CumprodKernel.cu: std::multiplies<scalar_t>, init 1). */
static void pv_torch_cuda_inner(const pv_scan *job, const double *x, double *y) {
    const pv_arith scalar_t = pv_arith_of(job->type);
    const double init = job->product ? 1.0 : 0.0;
    size_t outer, n, inner;
    uint32_t num_rows, row_size, log_x, num_threads_x, row;
    double *row_buf;
    pv_split(&job->shape, &outer, &n, &inner);
    num_rows = (uint32_t)(outer * inner);
    row_size = (uint32_t)n;
    log_x = pv_torch_log_num_threads_x(num_rows, row_size);
    num_threads_x = (uint32_t)1 << log_x;
    row_buf = (double *)malloc(2u * num_threads_x * sizeof *row_buf);
    if (!row_buf) return;
    for (row = 0; row < num_rows; row++) {
        const double *row_src = x + (size_t)row * row_size;
        double *row_tgt = y + (size_t)row * row_size;
        double block_total = init;
        uint32_t block_col;
        for (block_col = 0; block_col < row_size; block_col += 2u * num_threads_x) {
            uint32_t tid, m;
            for (tid = 0; tid < num_threads_x; tid++) {
                const uint32_t col1 = block_col + tid, col2 = block_col + num_threads_x + tid;
                row_buf[tid] = col1 < row_size ? row_src[col1] : init;
                row_buf[num_threads_x + tid] = col2 < row_size ? row_src[col2] : init;
            }
            row_buf[0] = pv_op(scalar_t, job->product, row_buf[0], block_total); /* thread 0 */
            for (m = 0; m <= log_x; ++m)
                for (tid = 0; tid < num_threads_x; tid++) {
                    const uint32_t s = (uint32_t)1 << m;
                    const uint32_t a = ((tid >> m) << (m + 1)) | s;
                    const uint32_t ti = a + (tid % s), si = a - 1;
                    row_buf[ti] = pv_op(scalar_t, job->product, row_buf[ti], row_buf[si]);
                }
            for (tid = 0; tid < num_threads_x; tid++) {
                const uint32_t col1 = block_col + tid, col2 = block_col + num_threads_x + tid;
                if (col1 < row_size) row_tgt[col1] = row_buf[tid];
                if (col2 < row_size) row_tgt[col2] = row_buf[num_threads_x + tid];
            }
            block_total = row_buf[2u * num_threads_x - 1u];
        }
    }
    free(row_buf);
}

/* PyTorch CUDA before the Sklansky kernel (PR #103314): an older stored copy of
   pytorch/pytorch@aten/src/ATen/native/cuda/ScanUtils.cuh (found by its text),
   tensor_kernel_scan_innermost_dim_impl<T, 16, 32> launched with dim3 threads(16, 32):
   the same blocks of 2 * 16, padding and carry into row_buf[0], then an up-sweep
   (s = 16, 8, .., 1 with d = 1, 2, .., 16: thread t < s sets slot (2t+1)d-1+d from
   slot (2t+1)d-1) and a down-sweep (s = 2, 4, .. with d = 8, 4, 2, 1: thread t < s-1
   sets slot 2(t+1)d-1+d from slot 2(t+1)d-1). Targets and sources of one step are
   odd and even multiples of d (minus 1): disjoint, so sequential threads are exact. */
static void pv_torch_cuda_inner_bk(const pv_scan *job, const double *x, double *y) {
    enum { num_threads_x = 16 };
    const pv_arith scalar_t = pv_arith_of(job->type);
    const double init = job->product ? 1.0 : 0.0;
    double row_buf[2 * num_threads_x];
    size_t outer, n, inner;
    uint32_t num_rows, row_size, row;
    pv_split(&job->shape, &outer, &n, &inner);
    num_rows = (uint32_t)(outer * inner);
    row_size = (uint32_t)n;
    for (row = 0; row < num_rows; row++) {
        const double *row_src = x + (size_t)row * row_size;
        double *row_tgt = y + (size_t)row * row_size;
        double block_total = init;
        uint32_t block_col;
        for (block_col = 0; block_col < row_size; block_col += 2u * num_threads_x) {
            uint32_t tid, s, d;
            for (tid = 0; tid < num_threads_x; tid++) {
                const uint32_t col1 = block_col + tid, col2 = block_col + num_threads_x + tid;
                row_buf[tid] = col1 < row_size ? row_src[col1] : init;
                row_buf[num_threads_x + tid] = col2 < row_size ? row_src[col2] : init;
            }
            row_buf[0] = pv_op(scalar_t, job->product, row_buf[0], block_total);
            for (s = num_threads_x, d = 1; s >= 1; s >>= 1, d <<= 1)
                for (tid = 0; tid < s; tid++) {
                    const uint32_t offset = (2u * tid + 1u) * d - 1u;
                    row_buf[offset + d] = pv_op(scalar_t, job->product, row_buf[offset], row_buf[offset + d]);
                }
            for (s = 2, d = num_threads_x / 2; d >= 1; s <<= 1, d >>= 1)
                for (tid = 0; tid + 1u < s; tid++) {
                    const uint32_t offset = 2u * (tid + 1u) * d - 1u;
                    row_buf[offset + d] = pv_op(scalar_t, job->product, row_buf[offset], row_buf[offset + d]);
                }
            for (tid = 0; tid < num_threads_x; tid++) {
                const uint32_t col1 = block_col + tid, col2 = block_col + num_threads_x + tid;
                if (col1 < row_size) row_tgt[col1] = row_buf[tid];
                if (col2 < row_size) row_tgt[col2] = row_buf[num_threads_x + tid];
            }
            block_total = row_buf[2 * num_threads_x - 1];
        }
    }
}

/* PyTorch CUDA along an axis that is not the last:
   pytorch/pytorch@aten/src/ATen/native/cuda/ScanUtils.cuh, tensor_kernel_scan_outer_dim.
   One thread per (orow, irow): acc = init, then acc = binary_op(acc, src) in scalar_t
   down the column, each step written out. */
static void pv_torch_cuda_outer(const pv_scan *job, const double *x, double *y) {
    const pv_arith scalar_t = pv_arith_of(job->type);
    const double init = job->product ? 1.0 : 0.0;
    size_t num_orows, row_size, num_irows, orow, irow, col;
    pv_split(&job->shape, &num_orows, &row_size, &num_irows);
    for (orow = 0; orow < num_orows; orow++)
        for (irow = 0; irow < num_irows; irow++) {
            const double *src = x + orow * row_size * num_irows + irow;
            double *tgt = y + orow * row_size * num_irows + irow;
            double acc = init;
            for (col = 0; col < row_size; ++col) {
                acc = pv_op(scalar_t, job->product, acc, *src);
                *tgt = acc;
                src += num_irows;
                tgt += num_irows;
            }
        }
}

/* PyTorch CPU: pytorch/pytorch@aten/src/ATen/native/cpu/ReduceOpsKernel.cpp,
   cumsum_cpu_kernel / cumprod_cpu_kernel through cpu_cum_base_kernel: per line,
   cum_number of type at::acc_type<scalar_t, false> starts at init_val (0 or 1),
   cum_number += (or *=) each element, each output is (scalar_t)cum_number.
   acc_type on CPU (aten/src/ATen/AccumulateType.h, CPU_ACC_TYPE): Half -> float,
   float -> double, double -> double; the older table (commit 063edef3) had
   float -> float: acc_float32 selects it. */
static void pv_torch_cpu_generic(const pv_scan *job, const double *x, double *y, pv_arith acc_float32) {
    const pv_arith scalar_t = pv_arith_of(job->type);
    const pv_arith acc_t = scalar_t == PV_HALF ? PV_FLOAT : scalar_t == PV_FLOAT ? acc_float32 : PV_DOUBLE;
    const double init_val = job->product ? 1.0 : 0.0;
    size_t outer, self_dim_size, inner, o, i, k;
    pv_split(&job->shape, &outer, &self_dim_size, &inner);
    for (o = 0; o < outer; o++)
        for (k = 0; k < inner; k++) {
            const double *self_data = x + o * self_dim_size * inner + k;
            double *result_data = y + o * self_dim_size * inner + k;
            double cum_number = init_val; /* (acc_t)init_val: exact */
            for (i = 0; i < self_dim_size; ++i) {
                cum_number = pv_op(acc_t, job->product, cum_number, self_data[i * inner]);
                result_data[i * inner] = pv_convert(scalar_t, cum_number);
            }
        }
}
static void pv_torch_cpu(const pv_scan *job, const double *x, double *y) { pv_torch_cpu_generic(job, x, y, PV_DOUBLE); }
static void pv_torch_cpu_063edef3(const pv_scan *job, const double *x, double *y) {
    pv_torch_cpu_generic(job, x, y, PV_FLOAT);
}

/* ONNX Runtime CPU CumSum: microsoft/onnxruntime@onnxruntime/core/providers/cpu/math/cumsum.cc,
   CumSum<T>::Compute (current version, after PR #22048). The tensor as
   [upper_dim_count, dim, lower_dim_size]; per upper slice, walking pointers: the
   first lower slice is a copy of the input (inclusive) or zeros (exclusive), each
   next one is the previous output + the input (exclusive: the input one slice back),
   in T. reverse walks the same pointers down from the end. */
static void pv_onnxruntime_cumsum(const pv_scan *job, const double *x, double *y) {
    const pv_arith T = pv_arith_of(job->type);
    size_t upper_dim_count, dim, lower_dim_size, outer, inner, cum_axis;
    pv_split(&job->shape, &upper_dim_count, &dim, &lower_dim_size);
    if (!job->reverse) {
        size_t input_iter = 0, output_iter = 0, prev_output_iter;
        for (outer = 0; outer < upper_dim_count; outer++) {
            prev_output_iter = output_iter;
            if (job->exclusive) {
                for (inner = 0; inner < lower_dim_size; inner++) y[output_iter++] = 0.0;
                for (cum_axis = 1; cum_axis < dim; cum_axis++)
                    for (inner = 0; inner < lower_dim_size; inner++)
                        y[output_iter++] = pv_op(T, 0, y[prev_output_iter++], x[input_iter++]);
                input_iter += lower_dim_size;
            } else {
                for (inner = 0; inner < lower_dim_size; inner++) y[output_iter++] = x[input_iter++];
                for (cum_axis = 1; cum_axis < dim; cum_axis++)
                    for (inner = 0; inner < lower_dim_size; inner++)
                        y[output_iter++] = pv_op(T, 0, y[prev_output_iter++], x[input_iter++]);
            }
        }
    } else {
        size_t input_iter = upper_dim_count * dim * lower_dim_size, output_iter = input_iter, prev_output_iter;
        for (outer = 0; outer < upper_dim_count; outer++) {
            prev_output_iter = output_iter;
            if (job->exclusive) {
                for (inner = 0; inner < lower_dim_size; inner++) y[--output_iter] = 0.0;
                for (cum_axis = 1; cum_axis < dim; cum_axis++)
                    for (inner = 0; inner < lower_dim_size; inner++) {
                        --output_iter;
                        --prev_output_iter;
                        --input_iter;
                        y[output_iter] = pv_op(T, 0, y[prev_output_iter], x[input_iter]);
                    }
                input_iter -= lower_dim_size;
            } else {
                for (inner = 0; inner < lower_dim_size; inner++) {
                    --output_iter;
                    --input_iter;
                    y[output_iter] = x[input_iter];
                }
                for (cum_axis = 1; cum_axis < dim; cum_axis++)
                    for (inner = 0; inner < lower_dim_size; inner++) {
                        --output_iter;
                        --prev_output_iter;
                        --input_iter;
                        y[output_iter] = pv_op(T, 0, y[prev_output_iter], x[input_iter]);
                    }
            }
        }
    }
}

/* ONNX Runtime CPU CumSum before PR #22048: an older stored version of
   microsoft/onnxruntime@onnxruntime/core/providers/cpu/math/cumsum.cc (SliceIterator):
   exclusive zeroes slice 0 (reverse: dim-1), copies input slice 0 (dim-1) into the
   next, then each slice is the previous output + the input one slice back. */
static void pv_onnxruntime_cumsum_pre22048(const pv_scan *job, const double *x, double *y) {
    const pv_arith T = pv_arith_of(job->type);
    size_t upper, dim, lower, o, k;
    pv_split(&job->shape, &upper, &dim, &lower);
    for (o = 0; o < upper; o++)
        for (k = 0; k < lower; k++) {
#define PV_SLICE(v, i) v[(o * dim + (size_t)(i)) * lower + k]
            long index, d = (long)dim;
            if (!job->reverse) {
                index = 0;
                if (job->exclusive) PV_SLICE(y, index++) = 0.0;
                PV_SLICE(y, index) = PV_SLICE(x, 0);
                ++index;
                for (; index < d; ++index)
                    PV_SLICE(y, index) =
                        pv_op(T, 0, PV_SLICE(x, job->exclusive ? index - 1 : index), PV_SLICE(y, index - 1));
            } else {
                index = d - 1;
                if (job->exclusive) PV_SLICE(y, index--) = 0.0;
                PV_SLICE(y, index) = PV_SLICE(x, d - 1);
                --index;
                for (; index >= 0; --index)
                    PV_SLICE(y, index) =
                        pv_op(T, 0, PV_SLICE(x, job->exclusive ? index + 1 : index), PV_SLICE(y, index + 1));
            }
#undef PV_SLICE
        }
}

/* TFLite CUMSUM: tensorflow/tensorflow@tensorflow/lite/kernels/cumsum.cc (FLOAT32)
   calls optimized_ops::CumSum, CumsumImpl: Eigen's input.cumsum(1, exclusive) on a
   RowMajor [outer, axis, inner] view; reverse is reverse(), cumsum, reverse().
   The scan: eigenteam/eigen-git-mirror@unsupported/Eigen/CXX11/src/Tensor/TensorScan.h,
   accumulateTo: per line accum = SumReducer::initialize() (0, TensorFunctors.h);
   exclusive writes accum and then reduces the element into it, inclusive reduces
   and then writes. */
static void pv_eigen_scan(const size_t *dims, int exclusive, const double *in, double *data) {
    const size_t m_size = dims[1], m_stride = dims[2], total = dims[0] * dims[1] * dims[2];
    size_t idx1, idx2, idx3;
    for (idx1 = 0; idx1 < total / m_size; idx1 += m_stride)
        for (idx2 = 0; idx2 < m_stride; idx2++) {
            const size_t offset = idx1 * m_size + idx2;
            double accum = 0.0;
            for (idx3 = 0; idx3 < m_size; idx3++) {
                const size_t curr = offset + idx3 * m_stride;
                if (exclusive) {
                    data[curr] = accum;
                    accum = pv_op(PV_FLOAT, 0, accum, in[curr]);
                } else {
                    accum = pv_op(PV_FLOAT, 0, accum, in[curr]);
                    data[curr] = accum;
                }
            }
        }
}
static void pv_eigen_reverse_axis1(const size_t *dims, const double *in, double *out) {
    size_t a, b, c;
    for (a = 0; a < dims[0]; a++)
        for (b = 0; b < dims[1]; b++)
            for (c = 0; c < dims[2]; c++)
                out[(a * dims[1] + (dims[1] - 1 - b)) * dims[2] + c] = in[(a * dims[1] + b) * dims[2] + c];
}
static void pv_tflite_cumsum(const pv_scan *job, const double *x, double *y) {
    size_t dims[3];
    pv_split(&job->shape, &dims[0], &dims[1], &dims[2]);
    if (job->reverse) {
        const size_t total = dims[0] * dims[1] * dims[2];
        double *reversed = (double *)malloc(total * sizeof *reversed);
        double *scanned = (double *)malloc(total * sizeof *scanned);
        if (reversed && scanned) {
            pv_eigen_reverse_axis1(dims, x, reversed);
            pv_eigen_scan(dims, job->exclusive, reversed, scanned);
            pv_eigen_reverse_axis1(dims, scanned, y);
        }
        free(reversed);
        free(scanned);
    } else {
        pv_eigen_scan(dims, job->exclusive, x, y);
    }
}

/* webnn-baseline: webmachinelearning/webnn-baseline@src/cumulativeSum.js, cumulativeSum:
   for every output location at the line's start, a JavaScript number (float64)
   cumulativeSum = 0; per element outputValue = exclusive ? cumulativeSum :
   cumulativeSum + inputValue, then cumulativeSum += inputValue; reverse starts at
   the end and steps by -1. src/lib/tensor.js (seen in a copy, not in the index's
   webnn-baseline) keeps a plain Array of numbers, so the float64 results are
   rounded once when stored into the output's typed array: modelled here as one
   rounding per output (docs/reproducing.md: "not verified"). */
static void pv_webnn_cumsum(const pv_scan *job, const double *x, double *y) {
    const pv_arith out_t = pv_arith_of(job->type);
    size_t outer, count_along_axis, inner, total, output_index;
    pv_split(&job->shape, &outer, &count_along_axis, &inner);
    total = outer * count_along_axis * inner;
    for (output_index = 0; output_index < total; output_index++) {
        const size_t location_axis = output_index / inner % count_along_axis;
        const size_t start = job->reverse ? count_along_axis - 1 : 0;
        const size_t base = output_index - location_axis * inner;
        double cumulative_sum = 0.0;
        size_t i;
        if (location_axis != start) continue;
        for (i = 0; i < count_along_axis; ++i) {
            const size_t index = job->reverse ? start - i : start + i;
            const double input_value = x[base + index * inner];
            const double output_value = job->exclusive ? cumulative_sum : cumulative_sum + input_value;
            cumulative_sum += input_value;
            y[base + index * inner] = pv_convert(out_t, output_value);
        }
    }
}

/* ---- cases ------------------------------------------------------------------------------ */

typedef enum pv_peer {
    PV_TORCH_CUDA_INNER,
    PV_TORCH_CUDA_INNER_BK,
    PV_TORCH_CUDA_OUTER,
    PV_TORCH_CPU,
    PV_TORCH_CPU_063EDEF3,
    PV_ORT_CUMSUM,
    PV_ORT_CUMSUM_PRE22048,
    PV_TFLITE_CUMSUM,
    PV_WEBNN_CUMSUM,
    PV_TORCH_ARG,
    PV_ORT_ARG,
    PV_ORT_ARG_LAST,
    PV_TFLITE_ARG,
    PV_ACL_ARG
} pv_peer;

typedef struct pv_case {
    char name[96];
    pv_peer peer;
    DML_TENSOR_DATA_TYPE type;
    pv_shape shape;
} pv_case;

static pv_case pv_cases[PV_MAX_CASES];
static unsigned pv_case_count;

typedef void (*pv_scan_model)(const pv_scan *job, const double *x, double *y);

/* The documented options for this peer and mode, and alternatives that the data
   must tell apart from them. Returns the number of alternatives. */
static unsigned pv_scan_claims(const pv_case *c, const pv_scan *job, pv_claim *claim, pv_claim *alts,
                               pv_scan_model *model) {
    const DML_TENSOR_DATA_TYPE t = job->type;
    const int f16 = t == DML_TENSOR_DATA_TYPE_FLOAT16, f32 = t == DML_TENSOR_DATA_TYPE_FLOAT32;
    const int sums = !job->product;
    unsigned k = 0;
    size_t outer, n, inner;
    pv_split(&job->shape, &outer, &n, &inner);
    switch (c->peer) {
    case PV_TORCH_CUDA_INNER: {
        const uint32_t block = dmlref_pytorch_cuda_scan_block(outer * inner, n);
        *model = pv_torch_cuda_inner;
        *claim = pv_claim_tree("docs: PyTorch CUDA last axis", DMLREF_TREE_SKLANSKY, block, DMLREF_CARRY_INTO_FIRST,
                               DMLREF_ACCUMULATION_NATIVE, 1);
        if (sums)
            alts[k++] = pv_claim_tree("identity_seed 0", DMLREF_TREE_SKLANSKY, block, DMLREF_CARRY_INTO_FIRST,
                                      DMLREF_ACCUMULATION_NATIVE, 0);
        alts[k++] = pv_claim_seq("SEQUENTIAL order", DMLREF_FLOAT_ORDER_SEQUENTIAL, DMLREF_ACCUMULATION_NATIVE, 1);
        if (block < n && block * 2u <= 65536u)
            alts[k++] = pv_claim_tree("twice the block", DMLREF_TREE_SKLANSKY, block * 2u, DMLREF_CARRY_INTO_FIRST,
                                      DMLREF_ACCUMULATION_NATIVE, 1);
        if (block < n)
            alts[k++] = pv_claim_tree("CARRY_AFTER", DMLREF_TREE_SKLANSKY, block, DMLREF_CARRY_AFTER,
                                      DMLREF_ACCUMULATION_NATIVE, 1);
        if (f16)
            alts[k++] = pv_claim_tree("float32 accumulation", DMLREF_TREE_SKLANSKY, block, DMLREF_CARRY_INTO_FIRST,
                                      DMLREF_ACCUMULATION_DEFAULT, 1);
        break;
    }
    case PV_TORCH_CUDA_INNER_BK:
        *model = pv_torch_cuda_inner_bk;
        *claim = pv_claim_tree("docs: PyTorch CUDA before 2023, last axis", DMLREF_TREE_BRENT_KUNG, 32,
                               DMLREF_CARRY_INTO_FIRST, DMLREF_ACCUMULATION_NATIVE, 1);
        if (sums)
            alts[k++] = pv_claim_tree("identity_seed 0", DMLREF_TREE_BRENT_KUNG, 32, DMLREF_CARRY_INTO_FIRST,
                                      DMLREF_ACCUMULATION_NATIVE, 0);
        alts[k++] = pv_claim_tree("SKLANSKY tree", DMLREF_TREE_SKLANSKY, 32, DMLREF_CARRY_INTO_FIRST,
                                  DMLREF_ACCUMULATION_NATIVE, 1);
        if (n > 32) /* a block at least as long as the line cannot show */
            alts[k++] = pv_claim_tree("block 64", DMLREF_TREE_BRENT_KUNG, 64, DMLREF_CARRY_INTO_FIRST,
                                      DMLREF_ACCUMULATION_NATIVE, 1);
        if (f16)
            alts[k++] = pv_claim_tree("float32 accumulation", DMLREF_TREE_BRENT_KUNG, 32, DMLREF_CARRY_INTO_FIRST,
                                      DMLREF_ACCUMULATION_DEFAULT, 1);
        break;
    case PV_TORCH_CUDA_OUTER:
        *model = pv_torch_cuda_outer;
        *claim = pv_claim_seq("docs: PyTorch CUDA, axis not the last", DMLREF_FLOAT_ORDER_SEQUENTIAL,
                              DMLREF_ACCUMULATION_NATIVE, 1);
        if (sums)
            alts[k++] = pv_claim_seq("identity_seed 0", DMLREF_FLOAT_ORDER_SEQUENTIAL, DMLREF_ACCUMULATION_NATIVE, 0);
        alts[k++] =
            pv_claim_tree("a tree order", DMLREF_TREE_SKLANSKY, 16, DMLREF_CARRY_AFTER, DMLREF_ACCUMULATION_NATIVE, 1);
        if (f16)
            alts[k++] =
                pv_claim_seq("float32 accumulation", DMLREF_FLOAT_ORDER_SEQUENTIAL, DMLREF_ACCUMULATION_DEFAULT, 1);
        break;
    case PV_TORCH_CPU:
    case PV_TORCH_CPU_063EDEF3: {
        const int old = c->peer == PV_TORCH_CPU_063EDEF3;
        const int acc = f32 && !old ? DMLREF_ACCUMULATION_WIDE : DMLREF_ACCUMULATION_DEFAULT;
        *model = old ? pv_torch_cpu_063edef3 : pv_torch_cpu;
        *claim = pv_claim_seq(old ? "docs: PyTorch CPU, float acc_type (063edef3)" : "docs: PyTorch CPU",
                              DMLREF_FLOAT_ORDER_SEQUENTIAL, acc, 1);
        if (sums) alts[k++] = pv_claim_seq("identity_seed 0", DMLREF_FLOAT_ORDER_SEQUENTIAL, acc, 0);
        if (f32)
            alts[k++] =
                pv_claim_seq(old ? "float64 accumulation" : "float32 accumulation", DMLREF_FLOAT_ORDER_SEQUENTIAL,
                             old ? DMLREF_ACCUMULATION_WIDE : DMLREF_ACCUMULATION_DEFAULT, 1);
        else if (f16)
            alts[k++] =
                pv_claim_seq("binary16 accumulation", DMLREF_FLOAT_ORDER_SEQUENTIAL, DMLREF_ACCUMULATION_NATIVE, 1);
        /* another order: not for the float64 tally of FLOAT32 (WIDE), whose sums of these inputs are
           exact in any order, and whose products differ only rarely */
        if (acc != DMLREF_ACCUMULATION_WIDE)
            alts[k++] = pv_claim_tree("a tree order", DMLREF_TREE_SKLANSKY, 16, DMLREF_CARRY_AFTER, acc, 1);
        break;
    }
    case PV_ORT_CUMSUM:
    case PV_ORT_CUMSUM_PRE22048: {
        /* inclusive: the first element copied (seed 0); exclusive: 0 + x[0] since #22048 */
        const int seed = c->peer == PV_ORT_CUMSUM && job->exclusive ? 1 : 0;
        *model = c->peer == PV_ORT_CUMSUM ? pv_onnxruntime_cumsum : pv_onnxruntime_cumsum_pre22048;
        *claim = pv_claim_seq(c->peer == PV_ORT_CUMSUM ? "docs: ONNX Runtime CPU CumSum"
                                                       : "docs: ONNX Runtime CPU CumSum before #22048",
                              DMLREF_FLOAT_ORDER_SEQUENTIAL, DMLREF_ACCUMULATION_DEFAULT, seed);
        alts[k++] = pv_claim_seq(seed ? "identity_seed 0" : "identity_seed 1", DMLREF_FLOAT_ORDER_SEQUENTIAL,
                                 DMLREF_ACCUMULATION_DEFAULT, !seed);
        alts[k++] = pv_claim_tree("a tree order", DMLREF_TREE_SKLANSKY, 16, DMLREF_CARRY_AFTER,
                                  DMLREF_ACCUMULATION_DEFAULT, seed);
        if (f32)
            alts[k++] =
                pv_claim_seq("float64 accumulation", DMLREF_FLOAT_ORDER_SEQUENTIAL, DMLREF_ACCUMULATION_WIDE, seed);
        break;
    }
    case PV_TFLITE_CUMSUM:
        *model = pv_tflite_cumsum;
        *claim = pv_claim_seq("docs: TFLite CUMSUM", DMLREF_FLOAT_ORDER_SEQUENTIAL, DMLREF_ACCUMULATION_DEFAULT, 1);
        alts[k++] = pv_claim_seq("identity_seed 0", DMLREF_FLOAT_ORDER_SEQUENTIAL, DMLREF_ACCUMULATION_DEFAULT, 0);
        alts[k++] = pv_claim_seq("float64 accumulation", DMLREF_FLOAT_ORDER_SEQUENTIAL, DMLREF_ACCUMULATION_WIDE, 1);
        alts[k++] =
            pv_claim_tree("a tree order", DMLREF_TREE_SKLANSKY, 16, DMLREF_CARRY_AFTER, DMLREF_ACCUMULATION_DEFAULT, 1);
        break;
    case PV_WEBNN_CUMSUM:
        *model = pv_webnn_cumsum;
        *claim = pv_claim_seq("docs: webnn-baseline cumulativeSum", DMLREF_FLOAT_ORDER_SEQUENTIAL,
                              DMLREF_ACCUMULATION_WIDE, 1);
        alts[k++] = pv_claim_seq("identity_seed 0", DMLREF_FLOAT_ORDER_SEQUENTIAL, DMLREF_ACCUMULATION_WIDE, 0);
        alts[k++] = pv_claim_seq(f16 ? "binary16 accumulation" : "float32 accumulation", DMLREF_FLOAT_ORDER_SEQUENTIAL,
                                 f16 ? DMLREF_ACCUMULATION_NATIVE : DMLREF_ACCUMULATION_DEFAULT, 1);
        /* (no other order: float64 sums of these binary16/float32 inputs are exact in any order) */
        break;
    default: *model = NULL; break;
    }
    return k;
}

static void pv_run_scan_case(const void *ctx) {
    const pv_case *c = (const pv_case *)ctx;
    const int torch = c->peer == PV_TORCH_CUDA_INNER || c->peer == PV_TORCH_CUDA_INNER_BK ||
                      c->peer == PV_TORCH_CUDA_OUTER || c->peer == PV_TORCH_CPU || c->peer == PV_TORCH_CPU_063EDEF3;
    const int directions = c->peer == PV_ORT_CUMSUM || c->peer == PV_ORT_CUMSUM_PRE22048 ||
                           c->peer == PV_TFLITE_CUMSUM || c->peer == PV_WEBNN_CUMSUM;
    const size_t count = pv_count(&c->shape), size = fx_type_size(c->type);
    unsigned mode;
    if (c->peer == PV_TORCH_CUDA_INNER) {
        /* the model's own T against the helper the docs use for the block */
        size_t outer, n, inner;
        pv_split(&c->shape, &outer, &n, &inner);
        TR_CHECKF(dmlref_pytorch_cuda_scan_block(outer * inner, n) ==
                      2u << pv_torch_log_num_threads_x((uint32_t)(outer * inner), (uint32_t)n),
                  "%s: dmlref_pytorch_cuda_scan_block(%lu, %lu) = %lu, the kernel's 2T is %lu", c->name,
                  (unsigned long)(outer * inner), (unsigned long)n,
                  (unsigned long)dmlref_pytorch_cuda_scan_block(outer * inner, n),
                  (unsigned long)(2u << pv_torch_log_num_threads_x((uint32_t)(outer * inner), (uint32_t)n)));
    }
    for (mode = 0; mode < 8; mode++) {
        pv_scan job;
        pv_claim claim, alts[PV_MAX_ALTS];
        pv_scan_model model = NULL;
        unsigned alt_count;
        char label[200];
        fx_rng r;
        double *x, *y;
        uint64_t *expected;
        unsigned char *in;
        size_t i;
        job.type = c->type;
        job.shape = c->shape;
        job.product = (int)(mode & 1u);
        job.exclusive = (int)((mode >> 1) & 1u);
        job.reverse = (int)((mode >> 2) & 1u);
        if (job.product && !torch) continue;                               /* ONNX Runtime, TFLite, WebNN: sums only */
        if ((job.exclusive || job.reverse) && !directions) continue;       /* PyTorch: inclusive, forward */
        if (c->peer == PV_ORT_CUMSUM_PRE22048 && !job.exclusive) continue; /* inclusive unchanged by #22048 */
        snprintf(label, sizeof label, "%s %s%s%s", c->name, job.product ? "cumprod" : "cumsum",
                 job.exclusive ? " exclusive" : "", job.reverse ? " reverse" : "");
        r = fx_seeded(label, 0x9EE125EEDull);
        x = (double *)malloc(count * sizeof *x);
        y = (double *)malloc(count * sizeof *y);
        expected = (uint64_t *)malloc(count * sizeof *expected);
        in = (unsigned char *)malloc((size_t)oracle_buffer_size(c->type, c->shape.rank, c->shape.sizes, NULL));
        if (TR_CHECK(x && y && expected && in)) {
            pv_fill_scan(&r, &job, x);
            for (i = 0; i < count; i++) fx_store(in + i * size, (unsigned)size, pv_input_bits(c->type, x[i]));
            alt_count = pv_scan_claims(c, &job, &claim, alts, &model);
            if (TR_CHECK(model != NULL)) {
                for (i = 0; i < count; i++) y[i] = 12345.0; /* every output must be written by the model */
                model(&job, x, y);
                for (i = 0; i < count; i++) expected[i] = pv_bits_of(c->type, y[i]);
                pv_check_scan(label, &job, in, expected, &claim, alts, alt_count);
            }
        }
        free(x);
        free(y);
        free(expected);
        free(in);
        if (tr_case_failures() >= 8) return;
    }
}

/* ==== arg-reductions ================================================================ */

/* Small multiples of 0.5 (many ties, +-0 both), an infinity now and then, and
   NaNs by slice: none, first, inside, last, two inside. ends_clean: never at
   either end of a slice. */
static void pv_fill_arg(fx_rng *r, DML_TENSOR_DATA_TYPE t, const pv_shape *s, double *x, int ends_clean) {
    size_t outer, n, inner, i, line;
    pv_split(s, &outer, &n, &inner);
    for (i = 0; i < outer * n * inner; i++) {
        const uint32_t pick = fx_below(r, 40);
        double v = ((double)fx_below(r, 17) - 8.0) * 0.5;
        if (v == 0.0 && (fx_next(r) & 1u)) v = -0.0;
        if (pick == 0) v = INFINITY;
        if (pick == 1) v = -INFINITY;
        x[i] = pv_round_to(t, v);
    }
    for (line = 0; line < outer * inner; line++) {
        double *first = x + line / inner * n * inner + line % inner;
        unsigned pattern = (unsigned)(line % 6u);
        if (ends_clean && (pattern == 1u || pattern == 3u)) pattern = 2u;
        if (n < 3 && pattern != 1u && pattern != 3u) pattern = 0u; /* no inside position */
        if (pattern == 1u) first[0] = NAN;
        if (pattern == 2u) first[(1u + fx_below(r, (uint32_t)(n - 2))) * inner] = NAN;
        if (pattern == 3u) first[(n - 1) * inner] = NAN;
        if (pattern == 4u) {
            first[(1u + fx_below(r, (uint32_t)(n - 2))) * inner] = NAN;
            first[(1u + fx_below(r, (uint32_t)(n - 2))) * inner] = NAN;
        }
    }
}

typedef struct pv_arg_claim {
    const char *what;
    int nan_policy, decreasing;
} pv_arg_claim;

static pv_arg_claim pv_arg(const char *what, int nan_policy, int decreasing) {
    pv_arg_claim c;
    c.what = what;
    c.nan_policy = nan_policy;
    c.decreasing = decreasing;
    return c;
}
static const char *pv_policy_name(int p) {
    return p == DMLREF_NAN_PROPAGATE ? "PROPAGATE" : p == DMLREF_NAN_IGNORE ? "IGNORE" : "COMPARE";
}

static dmlref_status pv_exec_arg(int is_min, DML_TENSOR_DATA_TYPE type, DML_TENSOR_DATA_TYPE index_type,
                                 const pv_shape *s, int decreasing, const void *in, void *out,
                                 const dmlref_options *o) {
    fx_tensor in_t, out_t;
    fx_op op;
    UINT out_sizes[PV_MAX_RANK], axes[1];
    memcpy(out_sizes, s->sizes, sizeof out_sizes);
    out_sizes[s->axis] = 1;
    axes[0] = s->axis;
    fx_tensor_packed(&in_t, type, s->rank, s->sizes);
    fx_tensor_packed(&out_t, index_type, s->rank, out_sizes);
    fx_arg_op(&op, is_min ? DML_OPERATOR_ARGMIN : DML_OPERATOR_ARGMAX, !is_min, &in_t.desc, &out_t.desc, 1, axes,
              decreasing);
    return fx_execute(&op, in, out, o);
}

/* First output whose index differs from expected; count if none. */
static size_t pv_first_index_mismatch(const unsigned char *out, unsigned isize, const int64_t *expected, size_t count,
                                      size_t *mismatches) {
    size_t i, first = count, bad = 0;
    for (i = 0; i < count; i++) {
        uint64_t raw = fx_load(out + i * isize, isize);
        int64_t got = isize == 4 ? (int64_t)(int32_t)(uint32_t)raw : (int64_t)raw;
        if (got != expected[i]) {
            if (first == count) first = i;
            bad++;
        }
    }
    if (mismatches) *mismatches = bad;
    return first;
}

static void pv_check_arg(const char *label, int is_min, DML_TENSOR_DATA_TYPE type, DML_TENSOR_DATA_TYPE index_type,
                         const pv_shape *s, const unsigned char *in, const int64_t *expected, const pv_arg_claim *claim,
                         const pv_arg_claim *alts, unsigned alt_count) {
    const size_t outputs = pv_count(s) / s->sizes[s->axis];
    const unsigned isize = fx_type_size(index_type);
    unsigned char *out = (unsigned char *)malloc(outputs * isize + 8u);
    char message[256];
    unsigned i;
    if (!TR_CHECK(out != NULL)) return;
    for (i = 0; i < FX_ISA_COUNT; i++) {
        dmlref_options o;
        dmlref_status st;
        size_t first, bad;
        if (!dmlref_isa_available(fx_isas[i])) continue;
        memset(&o, 0, sizeof o);
        o.nan_policy = claim->nan_policy;
        o.isa = fx_isas[i];
        o.error_message = message;
        o.error_message_capacity = sizeof message;
        message[0] = 0;
        memset(out, PV_FILL, outputs * isize);
        st = pv_exec_arg(is_min, type, index_type, s, claim->decreasing, in, out, &o);
        if (!TR_CHECKF(st == DMLREF_OK, "%s isa=%s: status %s (%s)", label, dmlref_isa_name(fx_isas[i]),
                       dmlref_status_name(st), message))
            continue;
        first = pv_first_index_mismatch(out, isize, expected, outputs, &bad);
        TR_CHECKF(first == outputs,
                  "%s isa=%s %s %s (%s): %lu of %lu indices differ from the peer's model; first: output %lu: "
                  "dml_ref %lld, peer %lld",
                  label, dmlref_isa_name(fx_isas[i]), pv_policy_name(claim->nan_policy),
                  claim->decreasing ? "DECREASING" : "INCREASING", claim->what, (unsigned long)bad,
                  (unsigned long)outputs, (unsigned long)first,
                  first < outputs ? (long long)fx_load(out + first * isize, isize) : 0ll,
                  first < outputs ? (long long)expected[first] : 0ll);
    }
    for (i = 0; i < alt_count; i++) {
        dmlref_options o;
        dmlref_status st;
        memset(&o, 0, sizeof o);
        o.nan_policy = alts[i].nan_policy;
        o.error_message = message;
        o.error_message_capacity = sizeof message;
        message[0] = 0;
        st = pv_exec_arg(is_min, type, index_type, s, alts[i].decreasing, in, out, &o);
        if (!TR_CHECKF(st == DMLREF_OK, "%s alternative %s: status %s (%s)", label, alts[i].what,
                       dmlref_status_name(st), message))
            continue;
        TR_CHECKF(pv_first_index_mismatch(out, isize, expected, outputs, NULL) < outputs,
                  "%s: the alternative %s %s (%s) gives the model's indices too: the data cannot tell it apart", label,
                  pv_policy_name(alts[i].nan_policy), alts[i].decreasing ? "DECREASING" : "INCREASING", alts[i].what);
    }
    free(out);
}

/* ==== the peers' arg-reduction kernels ============================================ */

/* PyTorch argmin/argmax: pytorch/pytorch@aten/src/ATen/native/SharedReduceOps.h,
   LessOrNan / GreaterOrNan and MinMaxReductionOps::reduce (ArgMinOps/ArgMaxOps,
   CPU and CUDA), from the identity pair of ReduceOpsKernel.cpp's argmin/argmax
   kernels: (upper_bound, 0) / (lower_bound, 0). reduce keeps arg when
   comp(arg.value, val, arg.index, idx), else takes (val, idx). The comparison is a
   strict total order (NaN first, then value, then lower index), so the partial
   results of any split combine to this same answer. */
static int pv_torch_comp(int is_min, double a, double b, int64_t idx_a, int64_t idx_b) {
    if (a != a) {
        if (b != b) return idx_a < idx_b;
        return 1;
    }
    return a == b ? idx_a < idx_b : (is_min ? a < b : a > b);
}
static void pv_torch_arg(int is_min, const pv_shape *s, const double *x, int64_t *out) {
    size_t outer, n, inner, o, k, i;
    pv_split(s, &outer, &n, &inner);
    for (o = 0; o < outer; o++)
        for (k = 0; k < inner; k++) {
            double value = is_min ? INFINITY : -INFINITY;
            int64_t index = 0;
            for (i = 0; i < n; i++) {
                const double val = x[(o * n + i) * inner + k];
                if (!pv_torch_comp(is_min, value, val, index, (int64_t)i)) {
                    value = val;
                    index = (int64_t)i;
                }
            }
            out[o * inner + k] = index;
        }
}

/* ONNX Runtime ArgMin/ArgMax, rank >= 2 (one reduced axis):
   microsoft/onnxruntime@onnxruntime/core/providers/cpu/reduction/reduction_ops.h,
   ReduceAggregatorArgMax::update (v > accumulator_) / ArgMin (v <), or with
   select_last_index=1 ReduceAggregatorArgMaxLastIndex (v >=) / ArgMinLastIndex (v <=);
   reduction_ops.cc, NoTransposeReduce1Loop, builds the aggregator from the slice's
   first element and updates it with every element in order (the first included). */
static void pv_onnxruntime_arg(int is_min, int last_index, const pv_shape *s, const double *x, int64_t *out) {
    size_t outer, n, inner, o, k, i;
    pv_split(s, &outer, &n, &inner);
    for (o = 0; o < outer; o++)
        for (k = 0; k < inner; k++) {
            double accumulator = x[o * n * inner + k];
            int64_t arg = 0, index = 0;
            for (i = 0; i < n; i++) {
                const double v = x[(o * n + i) * inner + k];
                int take;
                if (last_index) take = is_min ? v <= accumulator : v >= accumulator;
                else take = is_min ? v < accumulator : v > accumulator;
                if (take) {
                    accumulator = v;
                    arg = index;
                }
                ++index;
            }
            out[o * inner + k] = arg;
        }
}

/* TFLite: tensorflow/tensorflow@tensorflow/lite/kernels/internal/reference/arg_min_max.h,
   reference_ops::ArgMinMax: per (outer, inner) the first element is the best so far,
   then for i = 1..axis_size-1 cmp(curr, best) replaces it; cmp is std::greater /
   std::less (tensorflow/lite/kernels/arg_min_max.cc, GetComparefunction). */
static void pv_tflite_arg(int is_min, const pv_shape *s, const double *input1_data, int64_t *output_data) {
    size_t outer_size, axis_size, inner_size, outer, inner;
    int i;
    pv_split(s, &outer_size, &axis_size, &inner_size);
    for (outer = 0; outer < outer_size; ++outer)
        for (inner = 0; inner < inner_size; ++inner) {
            double min_max_value = input1_data[outer * axis_size * inner_size + inner];
            int64_t min_max_index = 0;
            for (i = 1; i < (int)axis_size; ++i) {
                const double curr_value = input1_data[(outer * axis_size + (size_t)i) * inner_size + inner];
                if (is_min ? curr_value < min_max_value : curr_value > min_max_value) {
                    min_max_value = curr_value;
                    min_max_index = i;
                }
            }
            output_data[outer * inner_size + inner] = min_max_index;
        }
}

/* Arm Compute Library: ARM-software/ComputeLibrary@tests/validation/reference/ReductionOperation.cpp,
   reduce_operation_arg_min_max: res = 0, then for every i (0 first) ARG_IDX_MIN takes i
   when ptr[stride * res] > elem, ARG_IDX_MAX when ptr[stride * res] < elem;
   compute_reduction_operation walks the 4-D tensor per axis (ACL axis 0 is the
   innermost: a DML tensor [batch, depth, height, width] reduced on DML axis 3 - k). */
static int64_t pv_acl_arg_min_max(int is_min, const double *ptr, int reduce_elements, size_t stride) {
    uint32_t res = 0;
    int i;
    for (i = 0; i < reduce_elements; ++i) {
        const double elem = ptr[stride * (size_t)i];
        if (is_min ? ptr[stride * res] > elem : ptr[stride * res] < elem) res = (uint32_t)i;
    }
    return (int64_t)res;
}
static void pv_acl_arg(int is_min, const pv_shape *s, const double *src, int64_t *dst) {
    const unsigned src_width = s->sizes[3], src_height = s->sizes[2], src_depth = s->sizes[1], src_batch = s->sizes[0];
    const unsigned axis = 3u - s->axis;
    const int reduce_elems = (int)s->sizes[s->axis];
    unsigned du, x, y, z;
    switch (axis) {
    case 0: {
        const unsigned upper_dims = src_height * src_depth * src_batch;
        for (du = 0; du < upper_dims; ++du)
            dst[du] = pv_acl_arg_min_max(is_min, src + (size_t)du * (size_t)reduce_elems, reduce_elems, 1);
        break;
    }
    case 1: {
        const unsigned upper_dims = src_depth * src_batch;
        for (du = 0; du < upper_dims; ++du)
            for (x = 0; x < src_width; ++x)
                dst[du * src_width + x] =
                    pv_acl_arg_min_max(is_min, src + (size_t)du * src_height * src_width + x, reduce_elems, src_width);
        break;
    }
    case 2: {
        const unsigned upper_dims = src_batch;
        for (du = 0; du < upper_dims; ++du)
            for (x = 0; x < src_width; ++x)
                for (y = 0; y < src_height; ++y)
                    dst[du * src_width * src_height + y * src_width + x] = pv_acl_arg_min_max(
                        is_min, src + (size_t)du * src_depth * src_height * src_width + y * src_width + x, reduce_elems,
                        (size_t)src_width * src_height);
        break;
    }
    default: {
        const unsigned upper_dims = 1;
        for (du = 0; du < upper_dims; ++du)
            for (z = 0; z < src_depth; ++z)
                for (y = 0; y < src_height; ++y)
                    for (x = 0; x < src_width; ++x)
                        dst[du * src_depth * src_height * src_width + z * src_width * src_height + y * src_width + x] =
                            pv_acl_arg_min_max(is_min,
                                               src + (size_t)du * src_batch * src_depth * src_height * src_width +
                                                   (size_t)z * src_width * src_height + y * src_width + x,
                                               reduce_elems, (size_t)src_width * src_height * src_depth);
        break;
    }
    }
}

static void pv_run_arg_case(const void *ctx) {
    const pv_case *c = (const pv_case *)ctx;
    const size_t count = pv_count(&c->shape), outputs = count / c->shape.sizes[c->shape.axis];
    const unsigned size = fx_type_size(c->type);
    int is_min;
    for (is_min = 0; is_min < 2; is_min++) {
        const int ends_clean = c->peer == PV_ORT_ARG_LAST;
        pv_arg_claim claim, alts[PV_MAX_ALTS];
        unsigned alt_count = 0, index_pass;
        char label[200];
        fx_rng r;
        double *x = (double *)malloc(count * sizeof *x);
        int64_t *expected = (int64_t *)malloc(outputs * sizeof *expected);
        unsigned char *in =
            (unsigned char *)malloc((size_t)oracle_buffer_size(c->type, c->shape.rank, c->shape.sizes, NULL));
        size_t i;
        snprintf(label, sizeof label, "%s %s", c->name, is_min ? "argmin" : "argmax");
        r = fx_seeded(label, 0x9EE125EEDull);
        if (!TR_CHECK(x && expected && in)) goto next;
        pv_fill_arg(&r, c->type, &c->shape, x, ends_clean);
        for (i = 0; i < count; i++) fx_store(in + i * size, size, pv_input_bits(c->type, x[i]));
        switch (c->peer) {
        case PV_TORCH_ARG:
            pv_torch_arg(is_min, &c->shape, x, expected);
            claim = pv_arg("docs: PyTorch argmin/argmax", DMLREF_NAN_PROPAGATE, 0);
            alts[alt_count++] = pv_arg("a later NaN never wins", DMLREF_NAN_COMPARE, 0);
            alts[alt_count++] = pv_arg("NaNs skipped", DMLREF_NAN_IGNORE, 0);
            alts[alt_count++] = pv_arg("last index on ties", DMLREF_NAN_PROPAGATE, 1);
            break;
        case PV_ORT_ARG:
            pv_onnxruntime_arg(is_min, 0, &c->shape, x, expected);
            claim = pv_arg("docs: ONNX Runtime ArgMin/ArgMax", DMLREF_NAN_COMPARE, 0);
            alts[alt_count++] = pv_arg("NaN wins", DMLREF_NAN_PROPAGATE, 0);
            alts[alt_count++] = pv_arg("NaNs skipped", DMLREF_NAN_IGNORE, 0);
            alts[alt_count++] = pv_arg("last index on ties", DMLREF_NAN_COMPARE, 1);
            break;
        case PV_ORT_ARG_LAST:
            pv_onnxruntime_arg(is_min, 1, &c->shape, x, expected);
            claim = pv_arg("docs: ONNX Runtime select_last_index=1, ends not NaN", DMLREF_NAN_COMPARE, 1);
            alts[alt_count++] = pv_arg("NaN wins", DMLREF_NAN_PROPAGATE, 1);
            alts[alt_count++] = pv_arg("first index on ties", DMLREF_NAN_COMPARE, 0);
            break;
        case PV_TFLITE_ARG:
            pv_tflite_arg(is_min, &c->shape, x, expected);
            claim = pv_arg("docs: TFLite reference ArgMinMax", DMLREF_NAN_COMPARE, 0);
            alts[alt_count++] = pv_arg("NaN wins", DMLREF_NAN_PROPAGATE, 0);
            alts[alt_count++] = pv_arg("NaNs skipped", DMLREF_NAN_IGNORE, 0);
            alts[alt_count++] = pv_arg("last index on ties", DMLREF_NAN_COMPARE, 1);
            break;
        default: /* PV_ACL_ARG */
            pv_acl_arg(is_min, &c->shape, x, expected);
            claim = pv_arg("docs: Arm Compute Library reference ARG_IDX_MIN/MAX", DMLREF_NAN_COMPARE, 0);
            alts[alt_count++] = pv_arg("NaN wins", DMLREF_NAN_PROPAGATE, 0);
            alts[alt_count++] = pv_arg("NaNs skipped", DMLREF_NAN_IGNORE, 0);
            alts[alt_count++] = pv_arg("last index on ties", DMLREF_NAN_COMPARE, 1);
            break;
        }
        /* index types the peers write: PyTorch and ONNX Runtime int64, ACL S32, TFLite either */
        for (index_pass = 0; index_pass < 2; index_pass++) {
            DML_TENSOR_DATA_TYPE itype = DML_TENSOR_DATA_TYPE_INT64;
            char where[240];
            if (c->peer == PV_ACL_ARG) itype = DML_TENSOR_DATA_TYPE_INT32;
            if (c->peer == PV_TFLITE_ARG && index_pass == 1) itype = DML_TENSOR_DATA_TYPE_INT32;
            if (index_pass == 1 && c->peer != PV_TFLITE_ARG) break;
            snprintf(where, sizeof where, "%s -> %s", label, itype == DML_TENSOR_DATA_TYPE_INT32 ? "int32" : "int64");
            pv_check_arg(where, is_min, c->type, itype, &c->shape, in, expected, &claim, alts,
                         index_pass == 0 ? alt_count : 0u);
        }
        if (c->peer == PV_ORT_ARG_LAST) {
            /* docs/reproducing.md: only where neither end of a slice is NaN. With a NaN
               first, ONNX Runtime keeps index 0 and DECREASING COMPARE does not. */
            dmlref_options o;
            size_t outer, n, inner, line, differs = 0;
            unsigned char *out = (unsigned char *)malloc(outputs * 8u);
            pv_split(&c->shape, &outer, &n, &inner);
            for (line = 0; line < outer * inner; line += 2) x[line / inner * n * inner + line % inner] = NAN;
            for (i = 0; i < count; i++) fx_store(in + i * size, size, pv_input_bits(c->type, x[i]));
            pv_onnxruntime_arg(is_min, 1, &c->shape, x, expected);
            memset(&o, 0, sizeof o);
            o.nan_policy = DMLREF_NAN_COMPARE;
            if (TR_CHECK(out != NULL) && TR_CHECK(pv_exec_arg(is_min, c->type, DML_TENSOR_DATA_TYPE_INT64, &c->shape, 1,
                                                              in, out, &o) == DMLREF_OK)) {
                (void)pv_first_index_mismatch(out, 8u, expected, outputs, &differs);
                TR_CHECKF(differs > 0, "%s: with a leading NaN the model and DECREASING COMPARE should disagree",
                          label);
            }
            free(out);
        }
    next:
        free(x);
        free(expected);
        free(in);
        if (tr_case_failures() >= 8) return;
    }
}

/* ---- peers/model-selftest ------------------------------------------------------------------- */

static void pv_run_selftest(const void *ctx) {
    static const struct {
        double v;
        uint16_t half;
    } known[] = {{0.0, 0x0000u},           {-0.0, 0x8000u},          {1.0, 0x3C00u},      {65504.0, 0x7BFFu},
                 {65519.99, 0x7BFFu},      {65520.0, 0x7C00u},       {-65520.0, 0xFC00u}, {1.0009765625, 0x3C01u},
                 {1.00048828125, 0x3C00u}, {1.00146484375, 0x3C02u}, {2049.0, 0x6800u},   {2051.0, 0x6802u},
                 {6.103515625e-5, 0x0400u}};
    fx_rng r = fx_seeded("peers/model-selftest", 0x9EE125EEDull);
    unsigned i;
    (void)ctx;
    for (i = 0; i < sizeof known / sizeof known[0]; i++)
        TR_CHECKF(pv_half_from_double(known[i].v) == known[i].half,
                  "pv_half_from_double(%.17g) = 0x%04x, expected 0x%04x", known[i].v,
                  (unsigned)pv_half_from_double(known[i].v), (unsigned)known[i].half);
    TR_CHECK(pv_half_from_double(ldexp(1.0, -24)) == 0x0001u);                   /* smallest subnormal */
    TR_CHECK(pv_half_from_double(ldexp(1.0, -25)) == 0x0000u);                   /* half of it: a tie, to 0 */
    TR_CHECK(pv_half_from_double(nextafter(ldexp(1.0, -25), 1.0)) == 0x0001u);   /* just above: up */
    TR_CHECK(pv_half_from_double(-ldexp(1.5, -24)) == 0x8002u);                  /* 1.5 steps: a tie, to 2 */
    TR_CHECK(pv_half_from_double(ldexp(1.0, -14) - ldexp(1.0, -25)) == 0x0400u); /* 1023.5 steps: to 1024 */
    TR_CHECK(pv_half_from_double(NAN) == 0x7E00u);
    TR_CHECK(pv_half_from_double(INFINITY) == 0x7C00u);
    TR_CHECK(pv_half_from_double(-INFINITY) == 0xFC00u);
    /* every float: one rounding from the double equals oracle_f32_to_f16 */
    for (i = 0; i < 400000u; i++) {
        uint32_t bits = (uint32_t)fx_next(&r);
        float f;
        if (i % 3u == 1u) /* binary16's range, random significand */
            bits = (bits & 0x807FFFFFu) | ((uint32_t)(0x65u + fx_below(&r, 0x2Bu)) << 23);
        if (i % 3u == 2u) /* the same with few significand bits: many ties */
            bits = (bits & 0x8000E000u) | ((uint32_t)(0x65u + fx_below(&r, 0x2Bu)) << 23);
        f = fx_bits_float(bits);
        if (f != f) continue;
        if (!TR_CHECKF(pv_half_from_double((double)f) == oracle_f32_to_f16(f),
                       "pv_half_from_double(0x%08lx) = 0x%04x, oracle_f32_to_f16 0x%04x", (unsigned long)bits,
                       (unsigned)pv_half_from_double((double)f), (unsigned)oracle_f32_to_f16(f)))
            return;
    }
    /* every binary16 value survives the round trip */
    for (i = 0; i < 0x10000u; i++) {
        const double v = pv_half_value((uint16_t)i);
        if (v != v) continue;
        if (!TR_CHECKF(pv_half_from_double(v) == i, "binary16 0x%04x does not round-trip", i)) return;
    }
    /* a double rounded to binary16 once is not always the double rounded to float,
       then to binary16: 1 + 2^-11 + 2^-40 rounds up once, to a tie (then even: down) twice */
    TR_CHECK(pv_half_from_double(1.0 + ldexp(1.0, -11) + ldexp(1.0, -40)) == 0x3C01u);
    TR_CHECK(oracle_f32_to_f16((float)(1.0 + ldexp(1.0, -11) + ldexp(1.0, -40))) == 0x3C00u);
    /* the PyTorch CUDA thread count, by hand (docs/reproducing.md's examples) */
    TR_CHECK(pv_torch_log_num_threads_x(8, 1000) == 8u);
    TR_CHECK(pv_torch_log_num_threads_x(4096, 4) == 9u);
    TR_CHECK(pv_torch_log_num_threads_x(4096, 8) == 4u);
}

/* ---- registration ------------------------------------------------------------------------- */

static void pv_add(const char *prefix, tr_case_fn fn, pv_peer peer, DML_TENSOR_DATA_TYPE type, UINT rank, UINT s0,
                   UINT s1, UINT s2, UINT s3, UINT axis, int name_axis) {
    pv_case *c;
    char shape[64];
    if (pv_case_count >= PV_MAX_CASES) return;
    c = &pv_cases[pv_case_count++];
    memset(c, 0, sizeof *c);
    c->peer = peer;
    c->type = type;
    c->shape.rank = rank;
    c->shape.axis = axis;
    c->shape.sizes[0] = s0;
    c->shape.sizes[1] = s1;
    c->shape.sizes[2] = s2;
    c->shape.sizes[3] = s3;
    pv_describe_shape(&c->shape, shape, sizeof shape);
    if (!name_axis) *strrchr(shape, '-') = 0;
    snprintf(c->name, sizeof c->name, "peers/%s-%s-%s", prefix, fx_type_short(type), shape);
    tr_add(c->name, fn, c);
}

void register_peer_tests(void) {
    static const DML_TENSOR_DATA_TYPE floats[3] = {DML_TENSOR_DATA_TYPE_FLOAT16, DML_TENSOR_DATA_TYPE_FLOAT32,
                                                   DML_TENSOR_DATA_TYPE_FLOAT64};
    static const UINT inner_shapes[7][2] = {{8, 1000},   {4096, 4}, {4096, 8}, {3, 3000},
                                            {2, 100000}, {64, 257}, {1000, 37}};
    static const UINT bk_shapes[3][2] = {{8, 1000}, {4096, 8}, {64, 257}};
    unsigned t, s;
    tr_add("peers/model-selftest", pv_run_selftest, NULL);
    for (s = 0; s < 7; s++)
        for (t = 0; t < 3; t++)
            pv_add("pytorch-cuda-inner", pv_run_scan_case, PV_TORCH_CUDA_INNER, floats[t], 2, inner_shapes[s][0],
                   inner_shapes[s][1], 0, 0, 1, 0);
    for (s = 0; s < 3; s++)
        for (t = 0; t < 3; t++)
            pv_add("pytorch-cuda-inner-bk", pv_run_scan_case, PV_TORCH_CUDA_INNER_BK, floats[t], 2, bk_shapes[s][0],
                   bk_shapes[s][1], 0, 0, 1, 0);
    for (t = 0; t < 3; t++) {
        pv_add("pytorch-cuda-outer", pv_run_scan_case, PV_TORCH_CUDA_OUTER, floats[t], 2, 1000, 8, 0, 0, 0, 1);
        pv_add("pytorch-cuda-outer", pv_run_scan_case, PV_TORCH_CUDA_OUTER, floats[t], 2, 4, 4096, 0, 0, 0, 1);
        pv_add("pytorch-cuda-outer", pv_run_scan_case, PV_TORCH_CUDA_OUTER, floats[t], 3, 5, 300, 7, 0, 1, 1);
    }
    for (t = 0; t < 3; t++) {
        pv_add("pytorch-cpu", pv_run_scan_case, PV_TORCH_CPU, floats[t], 2, 8, 1000, 0, 0, 1, 1);
        pv_add("pytorch-cpu", pv_run_scan_case, PV_TORCH_CPU, floats[t], 2, 3000, 3, 0, 0, 0, 1);
        pv_add("pytorch-cpu", pv_run_scan_case, PV_TORCH_CPU, floats[t], 3, 4, 500, 3, 0, 1, 1);
        pv_add("pytorch-cpu", pv_run_scan_case, PV_TORCH_CPU, floats[t], 2, 2, 100000, 0, 0, 1, 1);
    }
    pv_add("pytorch-cpu-063edef3", pv_run_scan_case, PV_TORCH_CPU_063EDEF3, DML_TENSOR_DATA_TYPE_FLOAT32, 2, 8, 1000, 0,
           0, 1, 1);
    pv_add("pytorch-cpu-063edef3", pv_run_scan_case, PV_TORCH_CPU_063EDEF3, DML_TENSOR_DATA_TYPE_FLOAT32, 3, 4, 500, 3,
           0, 1, 1);
    for (t = 1; t < 3; t++) { /* ONNX Runtime CPU CumSum: float and double kernels only */
        pv_add("onnxruntime-cumsum", pv_run_scan_case, PV_ORT_CUMSUM, floats[t], 2, 8, 1000, 0, 0, 1, 1);
        pv_add("onnxruntime-cumsum", pv_run_scan_case, PV_ORT_CUMSUM, floats[t], 2, 1000, 8, 0, 0, 0, 1);
        pv_add("onnxruntime-cumsum", pv_run_scan_case, PV_ORT_CUMSUM, floats[t], 3, 5, 200, 3, 0, 1, 1);
        pv_add("onnxruntime-cumsum-pre22048", pv_run_scan_case, PV_ORT_CUMSUM_PRE22048, floats[t], 2, 8, 1000, 0, 0, 1,
               1);
        pv_add("onnxruntime-cumsum-pre22048", pv_run_scan_case, PV_ORT_CUMSUM_PRE22048, floats[t], 3, 5, 200, 3, 0, 1,
               1);
    }
    /* TFLite CUMSUM: FLOAT32 only */
    pv_add("tflite-cumsum", pv_run_scan_case, PV_TFLITE_CUMSUM, DML_TENSOR_DATA_TYPE_FLOAT32, 2, 8, 1000, 0, 0, 1, 1);
    pv_add("tflite-cumsum", pv_run_scan_case, PV_TFLITE_CUMSUM, DML_TENSOR_DATA_TYPE_FLOAT32, 2, 1000, 8, 0, 0, 0, 1);
    pv_add("tflite-cumsum", pv_run_scan_case, PV_TFLITE_CUMSUM, DML_TENSOR_DATA_TYPE_FLOAT32, 3, 5, 200, 3, 0, 1, 1);
    for (t = 0; t < 2; t++) { /* WebNN: float16 and float32 */
        pv_add("webnn-cumsum", pv_run_scan_case, PV_WEBNN_CUMSUM, floats[t], 2, 8, 1000, 0, 0, 1, 1);
        pv_add("webnn-cumsum", pv_run_scan_case, PV_WEBNN_CUMSUM, floats[t], 2, 300, 6, 0, 0, 0, 1);
        pv_add("webnn-cumsum", pv_run_scan_case, PV_WEBNN_CUMSUM, floats[t], 3, 4, 250, 3, 0, 1, 1);
    }
    for (t = 0; t < 3; t++) {
        pv_add("pytorch-argminmax", pv_run_arg_case, PV_TORCH_ARG, floats[t], 2, 300, 37, 0, 0, 1, 1);
        pv_add("pytorch-argminmax", pv_run_arg_case, PV_TORCH_ARG, floats[t], 3, 6, 40, 9, 0, 1, 1);
    }
    for (t = 1; t < 3; t++) {
        pv_add("onnxruntime-argminmax", pv_run_arg_case, PV_ORT_ARG, floats[t], 2, 300, 37, 0, 0, 1, 1);
        pv_add("onnxruntime-argminmax", pv_run_arg_case, PV_ORT_ARG, floats[t], 3, 6, 40, 9, 0, 1, 1);
        pv_add("onnxruntime-argminmax-last", pv_run_arg_case, PV_ORT_ARG_LAST, floats[t], 2, 300, 37, 0, 0, 1, 1);
        pv_add("onnxruntime-argminmax-last", pv_run_arg_case, PV_ORT_ARG_LAST, floats[t], 3, 6, 40, 9, 0, 1, 1);
    }
    pv_add("tflite-argminmax", pv_run_arg_case, PV_TFLITE_ARG, DML_TENSOR_DATA_TYPE_FLOAT32, 2, 300, 37, 0, 0, 1, 1);
    pv_add("tflite-argminmax", pv_run_arg_case, PV_TFLITE_ARG, DML_TENSOR_DATA_TYPE_FLOAT32, 3, 6, 40, 9, 0, 1, 1);
    pv_add("tflite-argminmax", pv_run_arg_case, PV_TFLITE_ARG, DML_TENSOR_DATA_TYPE_FLOAT32, 2, 40, 300, 0, 0, 0, 1);
    for (t = 0; t < 2; t++) /* ACL: F16 and F32 */
        for (s = 0; s < 4; s++) pv_add("acl-argminmax", pv_run_arg_case, PV_ACL_ARG, floats[t], 4, 3, 5, 7, 11, s, 1);
}
