/* bench/bench.c - throughput of dml_ref's operators, each next to a baseline
   measured in the same run on the same bytes (the machine may be noisy, so
   the ratio is the number to read, not the GB/s).

   Build and run:  make bench          (make bench-quick for a smoke test)
   Options:        --isa=scalar|sse2|avx2|avx512|neon|auto   --quick
                   --filter=SUBSTRING   --markdown            --help
   What is measured and how: bench/README.md. */
#define _POSIX_C_SOURCE 200809L /* examples/thread_pool.h asks for it */
#define DML_REF_IMPLEMENTATION
#include "../dml_ref.h"

#include "../examples/thread_pool.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#if (defined(__x86_64__) || defined(__i386__)) && defined(__SSE2__)
#include <immintrin.h>
#endif
#if defined(__ARM_NEON)
#include <arm_neon.h>
#define BENCH_HAVE_NEON 1
#endif

#if defined(__GNUC__) || defined(__clang__)
#define BENCH_NOINLINE __attribute__((noinline))
#else
#define BENCH_NOINLINE
#endif

#define KIB ((size_t)1024)
#define MIB (KIB * KIB)
#define MAX_RUNS 16
#define MAX_BATCHES 4096

/* ---- settings and global state ------------------------------------------ */

static dmlref_options g_options;
static char g_message[512];
static int g_markdown, g_quick;
static const char *g_filter;
static int g_runs = 7;          /* runs per cache-resident case */
static int g_runs_big = 5;      /* runs per memory-sized case */
static int g_runs_align = 3;    /* runs of the output-address rows: four calls of a memory-sized case per run */
static double g_target = 0.010; /* a cache-resident run repeats the call for at least this long (s) */

static unsigned char *g_src, *g_dst; /* 64-byte aligned, touched before any timing */
static size_t g_cap;

static uint64_t g_checksum = UINT64_C(0xCBF29CE484222325); /* FNV-1a over a few output bytes per case */
static volatile uint64_t g_sink;                           /* keeps baseline results alive */
static int g_cases;

static void die(const char *what) {
    fprintf(stderr, "bench: %s\n", what);
    exit(EXIT_FAILURE);
}

static double now_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void fold_bytes(const void *p, size_t n) {
    const unsigned char *b = (const unsigned char *)p;
    size_t i;
    for (i = 0; i < n; i++) {
        g_checksum ^= b[i];
        g_checksum *= UINT64_C(0x100000001B3);
    }
}

/* Fold the first, middle and last 8 bytes of an output (all of it when short). */
static void fold_output(const void *p, size_t n) {
    const unsigned char *b = (const unsigned char *)p;
    if (n <= 24) {
        fold_bytes(b, n);
        return;
    }
    fold_bytes(b, 8);
    fold_bytes(b + (n / 2 & ~(size_t)7), 8);
    fold_bytes(b + n - 8, 8);
}

static int compare_doubles(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double median(double *v, int n) {
    qsort(v, (size_t)n, sizeof *v, compare_doubles);
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

/* Case-insensitive substring test. */
static int contains(const char *hay, const char *needle) {
    size_t i, j;
    for (i = 0; hay[i]; i++) {
        for (j = 0; needle[j] && hay[i + j]; j++)
            if (tolower((unsigned char)hay[i + j]) != tolower((unsigned char)needle[j])) break;
        if (!needle[j]) return 1;
    }
    return !needle[0];
}

static int selected(const char *name, const char *size) {
    return !g_filter || contains(name, g_filter) || contains(size, g_filter);
}

/* ---- baselines ------------------------------------------------------------ */

typedef struct copy_arg {
    const unsigned char *src;
    unsigned char *dst;
    size_t bytes;
} copy_arg;

static void run_memcpy(void *a) {
    copy_arg *c = (copy_arg *)a;
    memcpy(c->dst, c->src, c->bytes);
    g_sink += c->dst[c->bytes - 1];
}

/* Copy with streaming (non-temporal) stores: the widest this build has.
   src and dst are 64-byte aligned. */
#if defined(__AVX512F__)
#define NT_NAME "nt-copy(avx512)"
#define NT_DESC "streaming stores"
#define NT_VECTOR 64
static void nt_copy_body(unsigned char *d, const unsigned char *s, size_t n) {
    size_t i;
    for (i = 0; i < n; i += 64) _mm512_stream_si512((__m512i *)(void *)(d + i), _mm512_load_si512(s + i));
}
#elif defined(__AVX__)
#define NT_NAME "nt-copy(avx)"
#define NT_DESC "streaming stores"
#define NT_VECTOR 32
static void nt_copy_body(unsigned char *d, const unsigned char *s, size_t n) {
    size_t i;
    for (i = 0; i < n; i += 32)
        _mm256_stream_si256((__m256i *)(void *)(d + i), _mm256_load_si256((const __m256i *)(const void *)(s + i)));
}
#elif (defined(__x86_64__) || defined(__i386__)) && defined(__SSE2__)
#define NT_NAME "nt-copy(sse2)"
#define NT_DESC "streaming stores"
#define NT_VECTOR 16
static void nt_copy_body(unsigned char *d, const unsigned char *s, size_t n) {
    size_t i;
    for (i = 0; i < n; i += 16)
        _mm_stream_si128((__m128i *)(void *)(d + i), _mm_load_si128((const __m128i *)(const void *)(s + i)));
}
#endif

#ifdef NT_NAME
static void nt_copy(unsigned char *d, const unsigned char *s, size_t n) {
    size_t body = n & ~(size_t)(NT_VECTOR - 1);
    nt_copy_body(d, s, body);
    _mm_sfence();
    if (body < n) memcpy(d + body, s + body, n - body);
}
#else
#define NT_NAME "copy(no NT stores)"
#define NT_DESC "no streaming stores in this build: a plain copy"
static void nt_copy(unsigned char *d, const unsigned char *s, size_t n) { memcpy(d, s, n); }
#endif
static void run_nt_copy(void *a) {
    copy_arg *c = (copy_arg *)a;
    nt_copy(c->dst, c->src, c->bytes);
    g_sink += c->dst[c->bytes - 1];
}

/* Read-only pass: a vectorised 64-bit sum of every input byte group. The
   result goes to the sink (and once per case into the checksum). */
typedef struct read_arg {
    const unsigned char *src;
    size_t bytes;
    uint64_t result;
} read_arg;

static uint64_t read_tail(const unsigned char *p, size_t n) {
    uint64_t s = 0;
    size_t i;
    for (i = 0; i < n; i++) s += p[i];
    return s;
}

#if defined(__AVX512F__)
#define READ_NAME "read-sum(avx512)"
static uint64_t read_sum(const unsigned char *p, size_t n) {
    __m512i a0 = _mm512_setzero_si512(), a1 = a0, a2 = a0, a3 = a0;
    size_t i = 0;
    for (; i + 256 <= n; i += 256) {
        a0 = _mm512_add_epi64(a0, _mm512_load_si512(p + i));
        a1 = _mm512_add_epi64(a1, _mm512_load_si512(p + i + 64));
        a2 = _mm512_add_epi64(a2, _mm512_load_si512(p + i + 128));
        a3 = _mm512_add_epi64(a3, _mm512_load_si512(p + i + 192));
    }
    a0 = _mm512_add_epi64(_mm512_add_epi64(a0, a1), _mm512_add_epi64(a2, a3));
    return (uint64_t)_mm512_reduce_add_epi64(a0) + read_tail(p + i, n - i);
}
#elif defined(__AVX2__)
#define READ_NAME "read-sum(avx2)"
static uint64_t read_sum(const unsigned char *p, size_t n) {
    __m256i a0 = _mm256_setzero_si256(), a1 = a0, a2 = a0, a3 = a0;
    uint64_t lanes[4];
    size_t i = 0;
    for (; i + 128 <= n; i += 128) {
        a0 = _mm256_add_epi64(a0, _mm256_load_si256((const __m256i *)(const void *)(p + i)));
        a1 = _mm256_add_epi64(a1, _mm256_load_si256((const __m256i *)(const void *)(p + i + 32)));
        a2 = _mm256_add_epi64(a2, _mm256_load_si256((const __m256i *)(const void *)(p + i + 64)));
        a3 = _mm256_add_epi64(a3, _mm256_load_si256((const __m256i *)(const void *)(p + i + 96)));
    }
    a0 = _mm256_add_epi64(_mm256_add_epi64(a0, a1), _mm256_add_epi64(a2, a3));
    _mm256_storeu_si256((__m256i *)(void *)lanes, a0);
    return lanes[0] + lanes[1] + lanes[2] + lanes[3] + read_tail(p + i, n - i);
}
#elif (defined(__x86_64__) || defined(__i386__)) && defined(__SSE2__)
#define READ_NAME "read-sum(sse2)"
static uint64_t read_sum(const unsigned char *p, size_t n) {
    __m128i a0 = _mm_setzero_si128(), a1 = a0, a2 = a0, a3 = a0;
    uint64_t lanes[2];
    size_t i = 0;
    for (; i + 64 <= n; i += 64) {
        a0 = _mm_add_epi64(a0, _mm_load_si128((const __m128i *)(const void *)(p + i)));
        a1 = _mm_add_epi64(a1, _mm_load_si128((const __m128i *)(const void *)(p + i + 16)));
        a2 = _mm_add_epi64(a2, _mm_load_si128((const __m128i *)(const void *)(p + i + 32)));
        a3 = _mm_add_epi64(a3, _mm_load_si128((const __m128i *)(const void *)(p + i + 48)));
    }
    a0 = _mm_add_epi64(_mm_add_epi64(a0, a1), _mm_add_epi64(a2, a3));
    _mm_storeu_si128((__m128i *)(void *)lanes, a0);
    return lanes[0] + lanes[1] + read_tail(p + i, n - i);
}
#elif defined(BENCH_HAVE_NEON)
#define READ_NAME "read-sum(neon)"
static uint64_t read_sum(const unsigned char *p, size_t n) {
    uint64x2_t a0 = vdupq_n_u64(0), a1 = a0, a2 = a0, a3 = a0;
    size_t i = 0;
    for (; i + 64 <= n; i += 64) {
        a0 = vaddq_u64(a0, vreinterpretq_u64_u8(vld1q_u8(p + i)));
        a1 = vaddq_u64(a1, vreinterpretq_u64_u8(vld1q_u8(p + i + 16)));
        a2 = vaddq_u64(a2, vreinterpretq_u64_u8(vld1q_u8(p + i + 32)));
        a3 = vaddq_u64(a3, vreinterpretq_u64_u8(vld1q_u8(p + i + 48)));
    }
    a0 = vaddq_u64(vaddq_u64(a0, a1), vaddq_u64(a2, a3));
    return vgetq_lane_u64(a0, 0) + vgetq_lane_u64(a0, 1) + read_tail(p + i, n - i);
}
#else
#define READ_NAME "read-sum(scalar)"
#define READ_DESC "a 64-bit sum over the input bytes"
static uint64_t read_sum(const unsigned char *p, size_t n) {
    uint64_t a0 = 0, a1 = 0, a2 = 0, a3 = 0, w[4];
    size_t i = 0;
    for (; i + 32 <= n; i += 32) {
        memcpy(w, p + i, 32);
        a0 += w[0];
        a1 += w[1];
        a2 += w[2];
        a3 += w[3];
    }
    return a0 + a1 + a2 + a3 + read_tail(p + i, n - i);
}
#endif

#ifndef READ_DESC
#define READ_DESC "a vectorised 64-bit sum over the input bytes"
#endif

static void run_read(void *a) {
    read_arg *r = (read_arg *)a;
    r->result = read_sum(r->src, r->bytes);
    g_sink += r->result;
}

/* Naive C loops: one dependency chain, exactly the running tally of the
   documentation, so the compiler can only run it in order (no -ffast-math). */
typedef struct naive_arg {
    const float *src;
    float *dst;
    size_t n;
} naive_arg;

static BENCH_NOINLINE void naive_cumsum_f32(const float *x, float *y, size_t n) {
    float tally = x[0];
    size_t i;
    y[0] = tally;
    for (i = 1; i < n; i++) {
        tally = tally + x[i];
        y[i] = tally;
    }
}

/* Exclusive: the first output is +0.0, each next one the tally before its element. */
static BENCH_NOINLINE void naive_exclusive_cumsum_f32(const float *x, float *y, size_t n) {
    float tally = x[0];
    size_t i;
    y[0] = 0.0f;
    for (i = 1; i < n; i++) {
        y[i] = tally;
        tally = tally + x[i];
    }
}

static BENCH_NOINLINE void naive_cumprod_f32(const float *x, float *y, size_t n) {
    float tally = x[0];
    size_t i;
    y[0] = tally;
    for (i = 1; i < n; i++) {
        tally = tally * x[i];
        y[i] = tally;
    }
}

static void run_naive_sum(void *a) {
    naive_arg *c = (naive_arg *)a;
    naive_cumsum_f32(c->src, c->dst, c->n);
}
static void run_naive_exclusive_sum(void *a) {
    naive_arg *c = (naive_arg *)a;
    naive_exclusive_cumsum_f32(c->src, c->dst, c->n);
}
static void run_naive_prod(void *a) {
    naive_arg *c = (naive_arg *)a;
    naive_cumprod_f32(c->src, c->dst, c->n);
}

/* ---- the operator under test ---------------------------------------------- */

/* An operator on packed tensors: a scan (input and output share one descriptor) or an
   arg-reduction with UINT32 indices. The descriptors point into the struct, so it must
   not be copied once built. */
typedef struct op_desc {
    UINT sizes[DML_TENSOR_DIMENSION_COUNT_MAX1], out_sizes[DML_TENSOR_DIMENSION_COUNT_MAX1], axis;
    DML_BUFFER_TENSOR_DESC in_buffer, out_buffer;
    DML_TENSOR_DESC in_tensor, out_tensor;
    DML_CUMULATIVE_SUMMATION_OPERATOR_DESC sum;
    DML_CUMULATIVE_PRODUCT_OPERATOR_DESC prod;
    DML_ARGMIN_OPERATOR_DESC argmin;
    DML_ARGMAX_OPERATOR_DESC argmax;
    DML_OPERATOR_DESC op;
    size_t in_bytes, out_bytes;
} op_desc;

static uint64_t element_count(UINT rank, const UINT *sizes) {
    uint64_t n = 1;
    UINT d;
    for (d = 0; d < rank; d++) n *= sizes[d];
    return n;
}

static void packed_buffer(DML_BUFFER_TENSOR_DESC *b, DML_TENSOR_DATA_TYPE type, UINT rank, const UINT *sizes) {
    b->DataType = type;
    b->Flags = DML_TENSOR_FLAG_NONE;
    b->DimensionCount = rank;
    b->Sizes = sizes;
    b->Strides = NULL;
    b->TotalTensorSizeInBytes = dmlref_calc_buffer_tensor_size(type, rank, sizes, NULL);
    b->GuaranteedBaseOffsetAlignment = 0;
}

/* An inclusive INCREASING scan (sum, or product when `product`) along `axis`. */
static void build_scan(op_desc *d, int product, DML_TENSOR_DATA_TYPE type, UINT rank, const UINT *sizes, UINT axis) {
    memset(d, 0, sizeof *d);
    memcpy(d->sizes, sizes, rank * sizeof *sizes);
    d->axis = axis;
    packed_buffer(&d->in_buffer, type, rank, d->sizes);
    d->in_tensor.Type = DML_TENSOR_TYPE_BUFFER;
    d->in_tensor.Desc = &d->in_buffer;
    d->sum.InputTensor = d->sum.OutputTensor = &d->in_tensor;
    d->sum.Axis = axis;
    d->sum.AxisDirection = DML_AXIS_DIRECTION_INCREASING;
    d->sum.HasExclusiveSum = FALSE;
    d->prod.InputTensor = d->prod.OutputTensor = &d->in_tensor;
    d->prod.Axis = axis;
    d->prod.AxisDirection = DML_AXIS_DIRECTION_INCREASING;
    d->prod.HasExclusiveProduct = FALSE;
    d->op.Type = product ? DML_OPERATOR_CUMULATIVE_PRODUCT : DML_OPERATOR_CUMULATIVE_SUMMATION;
    d->op.Desc = product ? (const void *)&d->prod : (const void *)&d->sum;
    d->in_bytes = d->out_bytes = (size_t)(element_count(rank, sizes) * dmlref_data_type_size(type));
}

/* ARGMIN / ARGMAX over `axis`, INCREASING, UINT32 indices. */
static void build_arg(op_desc *d, int want_max, DML_TENSOR_DATA_TYPE type, UINT rank, const UINT *sizes, UINT axis) {
    UINT k;
    memset(d, 0, sizeof *d);
    memcpy(d->sizes, sizes, rank * sizeof *sizes);
    for (k = 0; k < rank; k++) d->out_sizes[k] = k == axis ? 1u : sizes[k];
    d->axis = axis;
    packed_buffer(&d->in_buffer, type, rank, d->sizes);
    packed_buffer(&d->out_buffer, DML_TENSOR_DATA_TYPE_UINT32, rank, d->out_sizes);
    d->in_tensor.Type = d->out_tensor.Type = DML_TENSOR_TYPE_BUFFER;
    d->in_tensor.Desc = &d->in_buffer;
    d->out_tensor.Desc = &d->out_buffer;
    d->argmin.InputTensor = d->argmax.InputTensor = &d->in_tensor;
    d->argmin.OutputTensor = d->argmax.OutputTensor = &d->out_tensor;
    d->argmin.AxisCount = d->argmax.AxisCount = 1;
    d->argmin.Axes = d->argmax.Axes = &d->axis;
    d->argmin.AxisDirection = d->argmax.AxisDirection = DML_AXIS_DIRECTION_INCREASING;
    d->op.Type = want_max ? DML_OPERATOR_ARGMAX : DML_OPERATOR_ARGMIN;
    d->op.Desc = want_max ? (const void *)&d->argmax : (const void *)&d->argmin;
    d->in_bytes = (size_t)(element_count(rank, sizes) * dmlref_data_type_size(type));
    d->out_bytes = (size_t)(element_count(rank, d->out_sizes) * 4u);
}

/* One call: dmlref_execute, or dmlref_error_bound when bound_tensor is set (the
   bound goes to out). Each call carries its own options, so that cases measured
   together can differ in them. */
typedef struct exec_arg {
    const DML_OPERATOR_DESC *op;
    const void *in;
    void *out;
    const DML_TENSOR_DESC *bound_tensor;
    dmlref_options options;
} exec_arg;

static void exec_init(exec_arg *e, const op_desc *d, const void *in, void *out, int float_order) {
    e->op = &d->op;
    e->in = in;
    e->out = out;
    e->bound_tensor = NULL;
    e->options = g_options;
    e->options.float_order = float_order;
}

static void run_exec(void *a) {
    exec_arg *e = (exec_arg *)a;
    dmlref_status s = e->bound_tensor ? dmlref_error_bound(e->op, &e->in, e->bound_tensor, e->out, &e->options)
                                      : dmlref_execute(e->op, &e->in, &e->out, &e->options);
    if (s != DMLREF_OK) {
        fprintf(stderr, "bench: %s failed: %s: %s\n", e->bound_tensor ? "dmlref_error_bound" : "dmlref_execute",
                dmlref_status_name(s), g_message);
        exit(EXIT_FAILURE);
    }
}

/* ---- timing ------------------------------------------------------------------ */

typedef void (*work_fn)(void *arg);
typedef struct measured {
    const char *name;
    work_fn fn;
    void *arg;
    double seconds; /* out: median time per call */
} measured;

static void set_measured(measured *m, const char *name, work_fn fn, void *arg) {
    m->name = name;
    m->fn = fn;
    m->arg = arg;
}

/* Times every function in m[]: an untimed warm-up call each (and, for a
   cache-resident case, one timed call to choose the repetitions), then `runs` runs, interleaved (the order rotates
   every run) so that a slow phase of the machine hits all of them alike. A run of a cache-resident case repeats the
   call for at least g_target seconds and keeps the time per call; a memory-sized run is a single call. Every timed run
   follows an untimed call of the same function: rotating the order keeps the
   cycle (a, b, c), so without it each function would always be timed in the
   cache state the same other one leaves (the operator after the streaming
   copy, which evicts the output: 8x64x64x64 along axis 1 measured 0.83
   there against 0.90 after itself). `same_state`: the functions leave one another the
   cache state each leaves itself (one call on the same buffers, the output shifted by
   less than a cache line or two), so that untimed call is left out. Returns the index of
   the function called last, whose output is the one left in a buffer the functions share. */
static int measure_runs(measured *m, int n, int big, int runs, int same_state) {
    double samples[4][MAX_RUNS];
    unsigned long reps[4];
    int i, r;
    for (i = 0; i < n; i++) {
        m[i].fn(m[i].arg); /* warm-up */
        reps[i] = 1;
        if (!big) { /* calibration: one more call, timed */
            double t0 = now_seconds(), t, want;
            m[i].fn(m[i].arg);
            t = now_seconds() - t0;
            want = g_target / (t > 1e-9 ? t : 1e-9);
            reps[i] = want < 1.0 ? 1ul : want > 1e7 ? 10000000ul : (unsigned long)want + 1ul;
        }
    }
    for (r = 0; r < runs; r++)
        for (i = 0; i < n; i++) {
            int k = (i + r) % n;
            unsigned long j;
            double t0;
            if (!same_state) m[k].fn(m[k].arg); /* the function's own cache state, not its predecessor's */
            t0 = now_seconds();
            for (j = 0; j < reps[k]; j++) m[k].fn(m[k].arg);
            samples[k][r] = (now_seconds() - t0) / (double)reps[k];
        }
    for (i = 0; i < n; i++) m[i].seconds = median(samples[i], runs);
    return (n - 1 + runs - 1) % n;
}

static void measure(measured *m, int n, int big) { measure_runs(m, n, big, big ? g_runs_big : g_runs, 0); }

/* ---- output --------------------------------------------------------------- */

static void format_time(char *buf, size_t cap, double s) {
    if (s < 1e-6) snprintf(buf, cap, "%.1f ns", s * 1e9);
    else if (s < 1e-3) snprintf(buf, cap, "%.2f us", s * 1e6);
    else if (s < 1.0) snprintf(buf, cap, "%.2f ms", s * 1e3);
    else snprintf(buf, cap, "%.3f s", s);
}

static void format_size(char *buf, size_t cap, size_t bytes, const char *level) {
    if (bytes >= MIB && bytes % MIB == 0) snprintf(buf, cap, "%lu MiB (%s)", (unsigned long)(bytes / MIB), level);
    else snprintf(buf, cap, "%lu KiB (%s)", (unsigned long)(bytes / KIB), level);
}

static void print_table_header(void) {
    if (g_markdown) {
        printf("| case | size | bytes | median | GB/s | baseline | baseline GB/s | ratio | vs NT copy |\n");
        printf("|---|---|--:|--:|--:|---|--:|--:|--:|\n");
    } else {
        printf("%-42s %-17s %11s %10s %8s  %-18s %8s %7s %7s\n", "case", "size", "bytes", "median", "GB/s", "baseline",
               "base GB/s", "ratio", "vs NT");
    }
}

/* One row; ratio = baseline time / time, which is GB/s / baseline GB/s when both
   handle the same bytes (base_bytes differs only where the baseline has another
   element type: the ratio is then elements per ns).
   nt_seconds > 0 (scans): the streaming copy's time, for the "vs NT" column. */
static void print_row_bytes(const char *name, const char *size, double bytes, double seconds, const char *base_name,
                            double base_bytes, double base_seconds, double nt_seconds) {
    char t[32], nt[16] = "-";
    double gbs = bytes / seconds * 1e-9, base_gbs = base_bytes / base_seconds * 1e-9;
    format_time(t, sizeof t, seconds);
    if (nt_seconds > 0) snprintf(nt, sizeof nt, "%.3f", nt_seconds / seconds);
    if (g_markdown)
        printf("| %s | %s | %.0f | %s | %.2f | %s | %.2f | %.3f | %s |\n", name, size, bytes, t, gbs, base_name,
               base_gbs, base_seconds / seconds, nt);
    else
        printf("%-42s %-17s %11.0f %10s %8.2f  %-18s %8.2f %7.3f %7s\n", name, size, bytes, t, gbs, base_name, base_gbs,
               base_seconds / seconds, nt);
    fflush(stdout);
    g_cases++;
}

static void print_row(const char *name, const char *size, double bytes, double seconds, const char *base_name,
                      double base_seconds, double nt_seconds) {
    print_row_bytes(name, size, bytes, seconds, base_name, bytes, base_seconds, nt_seconds);
}

/* ---- input data ------------------------------------------------------------ */

enum { FILL_NONE, FILL_F32, FILL_F16, FILL_F64, FILL_INT, FILL_F32_NEAR_ONE };
static int g_fill_kind = FILL_NONE;
static size_t g_filled;

static uint64_t mix64(uint64_t x) { /* splitmix64 finaliser: element i gets mix64(i) */
    x += UINT64_C(0x9E3779B97F4A7C15);
    x = (x ^ (x >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    x = (x ^ (x >> 27)) * UINT64_C(0x94D049BB133111EB);
    return x ^ (x >> 31);
}

/* Uniform in [-1, 1), with 24 random bits. */
static float unit_f32(uint64_t i) { return (float)((double)(mix64(i) >> 40) * (1.0 / 8388608.0) - 1.0); }

/* Fill g_src's first `bytes` with data of a kind; element i's value depends on i
   only, so a longer fill extends a shorter one and is reused when possible.
   Floats are uniform in [-1, 1) (no NaN, no infinity, no subnormal sums to speak
   of); FILL_F32_NEAR_ONE is within 2^-12 of 1 so that a long product stays finite;
   integers are random bits (sums wrap, as the operators define). */
static void fill_input(int kind, size_t bytes) {
    size_t i;
    if (kind == g_fill_kind && bytes <= g_filled) return;
    switch (kind) {
    case FILL_F32:
        for (i = 0; i < bytes / 4; i++) ((float *)(void *)g_src)[i] = unit_f32(i);
        break;
    case FILL_F32_NEAR_ONE:
        for (i = 0; i < bytes / 4; i++) ((float *)(void *)g_src)[i] = 1.0f + unit_f32(i) * (1.0f / 4096.0f);
        break;
    case FILL_F16:
        for (i = 0; i < bytes / 2; i++) ((uint16_t *)(void *)g_src)[i] = dmlref_f32_to_f16(unit_f32(i));
        break;
    case FILL_F64:
        for (i = 0; i < bytes / 8; i++)
            ((double *)(void *)g_src)[i] = (double)(mix64(i) >> 11) * (1.0 / 4503599627370496.0) - 1.0;
        break;
    default:
        for (i = 0; i < bytes / 8; i++) {
            uint64_t v = mix64(i);
            memcpy(g_src + 8 * i, &v, 8);
        }
        break;
    }
    g_fill_kind = kind;
    g_filled = bytes;
}

static int fill_kind_of(DML_TENSOR_DATA_TYPE type) {
    switch (type) {
    case DML_TENSOR_DATA_TYPE_FLOAT32: return FILL_F32;
    case DML_TENSOR_DATA_TYPE_FLOAT16: return FILL_F16;
    case DML_TENSOR_DATA_TYPE_FLOAT64: return FILL_F64;
    default: return FILL_INT;
    }
}

/* ---- a thread pool for options.parallel ----------------------------------------- */

/* The thread rows run on examples/thread_pool.h, the pool the CLI and the Python module use, so that they
   measure what a caller of that pool gets: 1 worker and the calling thread, which takes tasks too. */
static unsigned g_pool_tasks = 2; /* --threads=N */
#define POOL_TASKS g_pool_tasks

static thread_pool *g_pool;
static dmlref_parallel g_parallel;

/* The pool's dmlref_parallel; the worker starts on first use. */
static const dmlref_parallel *pool_parallel(void) {
    if (!g_pool) {
        g_pool = thread_pool_create(POOL_TASKS);
        if (!g_pool || g_pool->thread_count + 1 < POOL_TASKS) die("cannot start the thread pool's worker");
        g_parallel.parallel_for = thread_pool_parallel_for;
        g_parallel.context = g_pool;
        g_parallel.max_tasks = POOL_TASKS;
    }
    return &g_parallel;
}

static void pool_stop(void) {
    if (g_pool) thread_pool_destroy(g_pool);
    g_pool = NULL;
}

/* ---- cases ------------------------------------------------------------------- */

/* The call in `aligned` (its output 64-byte aligned) against the same call with the output 4, 16 and 48 bytes past
   a 64-byte boundary (4 becomes the element size when elements are wider: the library refuses misaligned elements),
   for outputs the library streams: streaming stores write whole aligned 64-byte lines, so an output elsewhere
   needs extra work (a peeled start, a staged copy) that only such an address shows. `bytes` is the bytes column
   of the case. */
static void align_rows(const char *name, const char *size, exec_arg *aligned, double bytes, size_t out_bytes,
                       size_t esize, int big) {
    static const size_t offsets[3] = {4, 16, 48};
    exec_arg shifted[3];
    measured m[4];
    char names[3][80];
    int k, last;
    if (out_bytes < (g_quick ? MIB : (size_t)DMLREF_STREAM_BYTES)) return;
    if ((size_t)((unsigned char *)aligned->out - g_dst) + out_bytes + 64 > g_cap)
        die("internal: no room to shift an output");
    set_measured(&m[0], "out 64-B aligned", run_exec, aligned);
    for (k = 0; k < 3; k++) {
        size_t offset = offsets[k] < esize ? esize : offsets[k];
        shifted[k] = *aligned;
        shifted[k].out = (unsigned char *)aligned->out + offset;
        snprintf(names[k], sizeof names[k], "%s out+%u", name, (unsigned)offset);
        set_measured(&m[k + 1], names[k], run_exec, &shifted[k]);
    }
    last = measure_runs(m, 4, big, g_runs_align, 1);
    fold_output(((exec_arg *)m[last].arg)->out, out_bytes);
    for (k = 0; k < 3; k++) print_row(names[k], size, bytes, m[k + 1].seconds, m[0].name, m[0].seconds, 0.0);
}

/* The scan of `inc` (INCREASING) run DECREASING, against `inc` in the same run: a row "NAME decreasing". */
static void decreasing_row(const char *name, const char *size, const exec_arg *inc, int product, int exclusive,
                           DML_TENSOR_DATA_TYPE type, UINT rank, const UINT *sizes, UINT axis, double bytes, int big) {
    op_desc d;
    exec_arg dec, same = *inc;
    measured m[2];
    char row[96];
    build_scan(&d, product, type, rank, sizes, axis);
    d.sum.AxisDirection = d.prod.AxisDirection = DML_AXIS_DIRECTION_DECREASING;
    d.sum.HasExclusiveSum = d.prod.HasExclusiveProduct = exclusive ? TRUE : FALSE;
    dec = *inc;
    dec.op = &d.op;
    snprintf(row, sizeof row, "%s decreasing", name);
    set_measured(&m[0], "INCREASING", run_exec, &same);
    set_measured(&m[1], row, run_exec, &dec);
    measure(m, 2, big);
    fold_output(dec.out, d.out_bytes);
    print_row(row, size, bytes, m[1].seconds, m[0].name, m[0].seconds, 0.0);
}

/* A scan along `axis` of a packed tensor, out of place from g_src to g_dst,
   against memcpy and a streaming copy of the same bytes; the faster of the two
   is the baseline shown. */
static void scan_case(const char *name, const char *size, int product, DML_TENSOR_DATA_TYPE type, int order, UINT rank,
                      const UINT *sizes, UINT axis, int big) {
    op_desc d;
    exec_arg exec;
    copy_arg copy;
    measured m[3];
    if (!selected(name, size)) return;
    build_scan(&d, product, type, rank, sizes, axis);
    if (d.in_bytes + 64 > g_cap) die("internal: case larger than the buffers");
    fill_input(fill_kind_of(type), d.in_bytes);
    exec_init(&exec, &d, g_src, g_dst, order);
    copy.src = g_src;
    copy.dst = g_dst;
    copy.bytes = d.in_bytes;
    set_measured(&m[0], "memcpy", run_memcpy, &copy);
    set_measured(&m[1], NT_NAME, run_nt_copy, &copy);
    set_measured(&m[2], name, run_exec, &exec);
    measure(m, 3, big);
    run_exec(&exec); /* the output the checksum sees is the operator's */
    fold_output(g_dst, d.out_bytes);
    {
        const measured *base = m[1].seconds < m[0].seconds ? &m[1] : &m[0];
        print_row(name, size, 2.0 * (double)d.in_bytes, m[2].seconds, base->name, base->seconds, m[1].seconds);
    }
    align_rows(name, size, &exec, 2.0 * (double)d.in_bytes, d.out_bytes, dmlref_data_type_size(type), big);
    decreasing_row(name, size, &exec, product, 0, type, rank, sizes, axis, 2.0 * (double)d.in_bytes, big);
}

/* ARGMIN / ARGMAX over one axis of a packed tensor, UINT32 indices, against a
   vectorised read of the same input bytes. */
static void arg_case(const char *name, const char *size, int want_max, DML_TENSOR_DATA_TYPE type, UINT rank,
                     const UINT *sizes, UINT axis, int big) {
    op_desc d;
    exec_arg exec;
    read_arg read;
    measured m[2];
    if (!selected(name, size)) return;
    build_arg(&d, want_max, type, rank, sizes, axis);
    if (d.in_bytes + 64 > g_cap) die("internal: case larger than the buffers");
    fill_input(fill_kind_of(type), d.in_bytes);
    exec_init(&exec, &d, g_src, g_dst, DMLREF_FLOAT_ORDER_SEQUENTIAL);
    read.src = g_src;
    read.bytes = d.in_bytes;
    read.result = 0;
    set_measured(&m[0], READ_NAME, run_read, &read);
    set_measured(&m[1], name, run_exec, &exec);
    measure(m, 2, big);
    fold_bytes(&read.result, sizeof read.result);
    fold_output(g_dst, d.out_bytes);
    print_row(name, size, (double)d.in_bytes, m[1].seconds, m[0].name, m[0].seconds, 0.0);
}

/* One long SEQUENTIAL FLOAT32 line against the naive loop on the same data; the
   two outputs must be bit-identical (SEQUENTIAL is the naive loop, docs/semantics.md). */
static void line_case(const char *name, const char *size, int product, int exclusive, size_t n) {
    op_desc d;
    UINT length = (UINT)n;
    exec_arg exec;
    naive_arg naive;
    measured m[2];
    size_t bytes = n * 4, half = (g_cap / 2) & ~(size_t)63;
    if (!selected(name, size)) return;
    if (bytes + 64 > half) die("internal: line larger than the buffers");
    fill_input(product ? FILL_F32_NEAR_ONE : FILL_F32, bytes);
    build_scan(&d, product, DML_TENSOR_DATA_TYPE_FLOAT32, 1, &length, 0);
    d.sum.HasExclusiveSum = exclusive ? TRUE : FALSE;
    exec_init(&exec, &d, g_src, g_dst, DMLREF_FLOAT_ORDER_SEQUENTIAL);
    naive.src = (const float *)(const void *)g_src;
    naive.dst = (float *)(void *)(g_dst + half);
    naive.n = n;
    set_measured(&m[0], "naive C loop",
                 product     ? run_naive_prod
                 : exclusive ? run_naive_exclusive_sum
                             : run_naive_sum,
                 &naive);
    set_measured(&m[1], name, run_exec, &exec);
    measure(m, 2, n * 4 >= 16 * MIB);
    if (memcmp(g_dst, g_dst + half, bytes) != 0) {
        fprintf(stderr, "bench: %s: dml_ref's SEQUENTIAL output differs from the naive loop's\n", name);
        exit(EXIT_FAILURE);
    }
    fold_output(g_dst, bytes);
    print_row(name, size, 2.0 * (double)bytes, m[1].seconds, m[0].name, m[0].seconds, 0.0);
    align_rows(name, size, &exec, 2.0 * (double)bytes, bytes, 4, n * 4 >= 16 * MIB);
    decreasing_row(name, size, &exec, product, exclusive, DML_TENSOR_DATA_TYPE_FLOAT32, 1, &length, 0,
                   2.0 * (double)bytes, n * 4 >= 16 * MIB);
}

/* FLOAT16 SEQUENTIAL sums of one long line, with DEFAULT and with NATIVE accumulation, against the FLOAT32
   SEQUENTIAL sum of a line of the same length in the same run: the ratio is elements per ns, since FLOAT16 halves
   the bytes. The FLOAT16 data is the FLOAT32 data rounded, placed after it in g_src. */
static void f16_line_case(const char *size, size_t n) {
    static const char *const names[2] = {"cumsum FLOAT16 seq, one line", "cumsum FLOAT16 seq native, one line"};
    op_desc d32, d16;
    UINT length = (UINT)n;
    exec_arg e32, e16[2];
    measured m[3];
    size_t at = (n * 4 + 63) & ~(size_t)63, i;
    uint16_t *h = (uint16_t *)(void *)(g_src + at);
    int k, big = n * 4 >= 16 * MIB;
    if (!selected(names[0], size) && !selected(names[1], size)) return;
    if (at + n * 2 + 64 > g_cap) die("internal: line larger than the buffers");
    fill_input(FILL_F32, n * 4);
    for (i = 0; i < n; i++) h[i] = dmlref_f32_to_f16(unit_f32(i));
    if (g_filled > at) g_filled = at; /* fill_input's cache must not count the bytes overwritten here */
    build_scan(&d32, 0, DML_TENSOR_DATA_TYPE_FLOAT32, 1, &length, 0);
    build_scan(&d16, 0, DML_TENSOR_DATA_TYPE_FLOAT16, 1, &length, 0);
    exec_init(&e32, &d32, g_src, g_dst, DMLREF_FLOAT_ORDER_SEQUENTIAL);
    exec_init(&e16[0], &d16, h, g_dst + at, DMLREF_FLOAT_ORDER_SEQUENTIAL);
    e16[1] = e16[0];
    e16[1].options.accumulation = DMLREF_ACCUMULATION_NATIVE;
    set_measured(&m[0], "FLOAT32 seq", run_exec, &e32);
    for (k = 0; k < 2; k++) set_measured(&m[k + 1], names[k], run_exec, &e16[k]);
    measure(m, 3, big);
    fold_output(g_dst, n * 4);
    for (k = 0; k < 2; k++) {
        run_exec(&e16[k]); /* both write g_dst + at, with different results */
        fold_output(g_dst + at, n * 2);
        print_row_bytes(names[k], size, 4.0 * (double)n, m[k + 1].seconds, m[0].name, 8.0 * (double)n, m[0].seconds,
                        0.0);
    }
    for (k = 0; k < 2; k++) align_rows(names[k], size, &e16[k], 4.0 * (double)n, n * 2, 2, big);
}

/* EXACT sums and dmlref_error_bound (SEQUENTIAL) of one long contiguous line,
   against dmlref_execute's SEQUENTIAL sum of the same type in the same run. */
static void judge_case(const char *name, const char *size, DML_TENSOR_DATA_TYPE type, int bound, size_t n) {
    op_desc d;
    DML_BUFFER_TENSOR_DESC bound_buffer;
    DML_TENSOR_DESC bound_tensor;
    UINT length = (UINT)n;
    exec_arg base, subject;
    measured m[2];
    size_t esize = dmlref_data_type_size(type), bytes = n * esize;
    if (!selected(name, size)) return;
    if (n * 8 + 64 > g_cap) die("internal: line larger than the buffers");
    fill_input(fill_kind_of(type), bytes);
    build_scan(&d, 0, type, 1, &length, 0);
    packed_buffer(&bound_buffer, DML_TENSOR_DATA_TYPE_FLOAT64, 1, d.sizes);
    bound_tensor.Type = DML_TENSOR_TYPE_BUFFER;
    bound_tensor.Desc = &bound_buffer;
    exec_init(&base, &d, g_src, g_dst, DMLREF_FLOAT_ORDER_SEQUENTIAL);
    exec_init(&subject, &d, g_src, g_dst, bound ? DMLREF_FLOAT_ORDER_SEQUENTIAL : DMLREF_FLOAT_ORDER_EXACT);
    subject.bound_tensor = bound ? &bound_tensor : NULL;
    set_measured(&m[0], "SEQUENTIAL", run_exec, &base);
    set_measured(&m[1], name, run_exec, &subject);
    measure(m, 2, bytes >= 16 * MIB);
    fold_output(g_dst, bound ? n * 8 : bytes);
    print_row(name, size, 2.0 * (double)bytes, m[1].seconds, m[0].name, m[0].seconds, 0.0);
    align_rows(name, size, &subject, 2.0 * (double)bytes, bound ? n * 8 : bytes, bound ? 8 : esize, bytes >= 16 * MIB);
}

/* A contiguous scan of one line with input and output from plain malloc, as a user allocates them (glibc places
   large blocks 16 bytes past a 64-byte boundary), against the same call on a 64-byte aligned input and output
   allocated beside them, not on g_src and g_dst: buffers of another size and age can differ in speed for reasons
   that have nothing to do with their addresses. */
static void malloc_case(const char *name, const char *size, DML_TENSOR_DATA_TYPE type, int order, size_t n) {
    op_desc d;
    UINT length = (UINT)n;
    exec_arg aligned, user;
    measured m[2];
    void *buffers[4] = {NULL, NULL, NULL, NULL}; /* aligned in, aligned out, malloc'd in, malloc'd out */
    char row[96];
    int k;
    snprintf(row, sizeof row, "%s malloc", name);
    if (!selected(row, size)) return;
    build_scan(&d, 0, type, 1, &length, 0);
    if (d.in_bytes + 64 > g_cap) die("internal: line larger than the buffers");
    fill_input(fill_kind_of(type), d.in_bytes);
    if (posix_memalign(&buffers[0], 64, d.in_bytes) != 0 || posix_memalign(&buffers[1], 64, d.out_bytes) != 0 ||
        !(buffers[2] = malloc(d.in_bytes)) || !(buffers[3] = malloc(d.out_bytes)))
        die("out of memory");
    for (k = 0; k < 4; k += 2) {
        memcpy(buffers[k], g_src, d.in_bytes);
        memset(buffers[k + 1], 0, d.out_bytes); /* touch every page before timing */
    }
    exec_init(&aligned, &d, buffers[0], buffers[1], order);
    exec_init(&user, &d, buffers[2], buffers[3], order);
    snprintf(row, sizeof row, "%s malloc in+%u out+%u", name, (unsigned)((uintptr_t)buffers[2] % 64),
             (unsigned)((uintptr_t)buffers[3] % 64));
    set_measured(&m[0], "64-B aligned", run_exec, &aligned);
    set_measured(&m[1], row, run_exec, &user);
    measure(m, 2, d.out_bytes >= 16 * MIB);
    fold_output(buffers[3], d.out_bytes);
    print_row(row, size, 2.0 * (double)d.in_bytes, m[1].seconds, m[0].name, m[0].seconds, 0.0);
    decreasing_row(row, size, &user, 0, 0, type, 1, &length, 0, 2.0 * (double)d.in_bytes, d.out_bytes >= 16 * MIB);
    for (k = 0; k < 4; k++) free(buffers[k]);
}

/* The machine's bandwidth with the pool's tasks: the same bytes copied (streaming stores where the build has them)
   or, for arg-reductions, read, cut into one 64-byte aligned piece per task. */
typedef struct pool_copy_arg {
    const unsigned char *src;
    unsigned char *dst; /* NULL: read only */
    size_t bytes;
    uint64_t sums[1024];
} pool_copy_arg;

static void pool_copy_task(void *a, uint32_t t) {
    pool_copy_arg *c = (pool_copy_arg *)a;
    size_t per = (c->bytes / g_parallel.max_tasks + 63) & ~(size_t)63, start = (size_t)t * per, end = start + per;
    if (end > c->bytes) end = c->bytes;
    if (start >= end) return;
    if (!c->dst) {
        c->sums[t % 1024] = read_sum(c->src + start, end - start);
        return;
    }
    nt_copy(c->dst + start, c->src + start, end - start);
}

static void run_pool_copy(void *a) {
    const dmlref_parallel *par = pool_parallel();
    par->parallel_for(par->context, par->max_tasks, pool_copy_task, a);
    g_sink += ((pool_copy_arg *)a)->sums[0];
}

/* The call with options.parallel NULL (1 task) against the same call given the pool (2 tasks), in the same run,
   both writing g_dst: two regions of one buffer can differ in speed, which would pass for a thread effect. The
   2-task output, kept in the second half of g_dst, must be the same bits as the 1-task one (dml_ref.h promises
   the same bits for every max_tasks, at dmlref_parallel). */
static void thread_case(const char *name, const char *size, exec_arg *one, size_t in_bytes, size_t out_bytes,
                        double bytes, int read_only) {
    exec_arg two = *one;
    size_t half = (g_cap / 2) & ~(size_t)63;
    measured m[3];
    char row[96], copy_row[112], copy_name[48];
    static pool_copy_arg copy;
    if (one->out != g_dst || out_bytes + 64 > half) die("internal: thread case larger than the buffers");
    two.options.parallel = pool_parallel();
    snprintf(row, sizeof row, "%u tasks: %s", (unsigned)two.options.parallel->max_tasks, name);
    snprintf(copy_row, sizeof copy_row, "%s vs copy", row);
    snprintf(copy_name, sizeof copy_name, "%u-task %s", (unsigned)two.options.parallel->max_tasks,
             read_only ? "read-sum" : NT_NAME);
    copy.src = g_src;
    copy.dst = read_only ? NULL : g_dst;
    copy.bytes = in_bytes;
    set_measured(&m[0], "1 task", run_exec, one);
    set_measured(&m[1], row, run_exec, &two);
    set_measured(&m[2], copy_name, run_pool_copy, &copy);
    measure(m, 3, bytes >= 16 * MIB);
    run_exec(&two);
    memcpy(g_dst + half, g_dst, out_bytes);
    run_exec(one);
    if (memcmp(g_dst, g_dst + half, out_bytes) != 0) {
        fprintf(stderr, "bench: %s: the output with %u tasks differs from the output with 1\n", name,
                (unsigned)two.options.parallel->max_tasks);
        exit(EXIT_FAILURE);
    }
    fold_output(g_dst, out_bytes);
    print_row(row, size, bytes, m[1].seconds, m[0].name, m[0].seconds, 0.0);
    print_row(copy_row, size, bytes, m[1].seconds, m[2].name, m[2].seconds, 0.0);
}

/* The rows of the thread pool: compute-bound cases first, then memory-bound ones. */
static void thread_cases(UINT square, size_t line) {
    enum { SQUARE, LINE };
    static const struct {
        const char *name;
        int arg, shape;
        UINT axis;
        DML_TENSOR_DATA_TYPE type;
        int order, scalar;
    } cases[9] = {
        {"cumsum FLOAT32 seq axis 1", 0, SQUARE, 1, DML_TENSOR_DATA_TYPE_FLOAT32, DMLREF_FLOAT_ORDER_SEQUENTIAL, 0},
        {"cumsum FLOAT16 seq axis 1", 0, SQUARE, 1, DML_TENSOR_DATA_TYPE_FLOAT16, DMLREF_FLOAT_ORDER_SEQUENTIAL, 0},
        {"cumsum FLOAT32 seq axis 1 scalar", 0, SQUARE, 1, DML_TENSOR_DATA_TYPE_FLOAT32, DMLREF_FLOAT_ORDER_SEQUENTIAL,
         1},
        {"cumsum FLOAT32 exact axis 1", 0, SQUARE, 1, DML_TENSOR_DATA_TYPE_FLOAT32, DMLREF_FLOAT_ORDER_EXACT, 0},
        {"cumsum FLOAT32 exact, one line", 0, LINE, 0, DML_TENSOR_DATA_TYPE_FLOAT32, DMLREF_FLOAT_ORDER_EXACT, 0},
        {"cumsum INT32, one line", 0, LINE, 0, DML_TENSOR_DATA_TYPE_INT32, DMLREF_FLOAT_ORDER_SEQUENTIAL, 0},
        {"cumsum FLOAT32 blocked, one line", 0, LINE, 0, DML_TENSOR_DATA_TYPE_FLOAT32, DMLREF_FLOAT_ORDER_BLOCKED, 0},
        {"argmax FLOAT32, one line", 1, LINE, 0, DML_TENSOR_DATA_TYPE_FLOAT32, DMLREF_FLOAT_ORDER_SEQUENTIAL, 0},
        {"cumsum FLOAT32 blocked axis 0", 0, SQUARE, 0, DML_TENSOR_DATA_TYPE_FLOAT32, DMLREF_FLOAT_ORDER_BLOCKED, 0}};
    char square_size[32], line_size[48];
    int c;
    snprintf(square_size, sizeof square_size, "%ux%u", (unsigned)square, (unsigned)square);
    snprintf(line_size, sizeof line_size, "%lu Ki elements", (unsigned long)(line / KIB));
    for (c = 0; c < 9; c++) {
        UINT sizes[2], rank = cases[c].shape == SQUARE ? 2u : 1u;
        const char *size = cases[c].shape == SQUARE ? square_size : line_size;
        char filter_name[96];
        op_desc d;
        exec_arg one;
        snprintf(filter_name, sizeof filter_name, "tasks: %s", cases[c].name);
        if (!selected(filter_name, size)) continue;
        sizes[0] = cases[c].shape == SQUARE ? square : (UINT)line;
        sizes[1] = square;
        if (cases[c].arg) build_arg(&d, 1, cases[c].type, rank, sizes, cases[c].axis);
        else build_scan(&d, 0, cases[c].type, rank, sizes, cases[c].axis);
        if (d.in_bytes + 64 > g_cap) die("internal: thread case larger than the buffers");
        fill_input(fill_kind_of(cases[c].type), d.in_bytes);
        exec_init(&one, &d, g_src, g_dst, cases[c].order);
        if (cases[c].scalar) one.options.isa = DMLREF_ISA_SCALAR;
        thread_case(cases[c].name, size, &one, d.in_bytes, d.out_bytes, (cases[c].arg ? 1.0 : 2.0) * (double)d.in_bytes,
                    cases[c].arg);
    }
}

/* The 12-element CUMULATIVE_SUMMATION of the DirectML documentation (1x1x3x4,
   axis 3): per-call overhead, median over batches of calls. */
static const float g_doc_input[12] = {2, 1, 3, 5, 3, 8, 7, 3, 9, 6, 2, 4};
static const float g_doc_expected[12] = {2, 3, 6, 11, 3, 11, 18, 21, 9, 15, 17, 21};
static float g_doc_output[12], g_doc_naive[12];

static BENCH_NOINLINE void naive_doc(const float *x, float *y) {
    int row, i;
    for (row = 0; row < 3; row++) {
        float tally = x[4 * row];
        y[4 * row] = tally;
        for (i = 1; i < 4; i++) {
            tally = tally + x[4 * row + i];
            y[4 * row + i] = tally;
        }
    }
}

static double time_batches(work_fn fn, void *arg, int batches, int batch) {
    static double samples[MAX_BATCHES];
    int b, k;
    for (k = 0; k < batch; k++) fn(arg); /* warm-up */
    for (b = 0; b < batches; b++) {
        double t0 = now_seconds();
        for (k = 0; k < batch; k++) fn(arg);
        samples[b] = (now_seconds() - t0) / batch;
    }
    return median(samples, batches);
}

static void run_naive_doc(void *a) {
    (void)a;
    naive_doc(g_doc_input, g_doc_naive);
}

static void doc_case(void) {
    static const UINT sizes[4] = {1, 1, 3, 4};
    const char *name = "cumsum doc example, per call", *size = "1x1x3x4 axis 3";
    op_desc d;
    exec_arg exec;
    int batches = g_quick ? 201 : 2001, batch = 64;
    double t_op, t_naive;
    if (!selected(name, size)) return;
    build_scan(&d, 0, DML_TENSOR_DATA_TYPE_FLOAT32, 4, sizes, 3);
    exec_init(&exec, &d, g_doc_input, g_doc_output, DMLREF_FLOAT_ORDER_SEQUENTIAL);
    t_naive = time_batches(run_naive_doc, NULL, batches, batch);
    t_op = time_batches(run_exec, &exec, batches, batch);
    if (memcmp(g_doc_output, g_doc_expected, sizeof g_doc_expected) != 0 ||
        memcmp(g_doc_naive, g_doc_expected, sizeof g_doc_expected) != 0)
        die("the documented example does not give the documented result");
    fold_output(g_doc_output, sizeof g_doc_output);
    print_row(name, size, 96.0, t_op, "naive C loop", t_naive, 0.0);
}

/* ---- cache sizes --------------------------------------------------------------- */

/* L3 size in bytes from sysconf; on Linux also from sysfs, which virtual
   machines report more faithfully (the smaller one wins). 0 if unknown. */
static size_t sysconf_l3(void) {
#ifdef _SC_LEVEL3_CACHE_SIZE
    long v = sysconf(_SC_LEVEL3_CACHE_SIZE);
    if (v > 0) return (size_t)v;
#endif
    return 0;
}

static size_t sysfs_l3(void) {
#ifdef __linux__
    int index;
    for (index = 0; index < 8; index++) {
        char path[96], text[32];
        FILE *f;
        int level = 0;
        unsigned long value = 0;
        char unit = 0;
        snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu0/cache/index%d/level", index);
        if (!(f = fopen(path, "r"))) break;
        if (fscanf(f, "%d", &level) != 1) level = 0;
        fclose(f);
        if (level != 3) continue;
        snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu0/cache/index%d/size", index);
        if (!(f = fopen(path, "r"))) break;
        if (!fgets(text, sizeof text, f)) text[0] = 0;
        fclose(f);
        if (sscanf(text, "%lu%c", &value, &unit) < 1) return 0;
        return (size_t)value * (unit == 'K' ? KIB : unit == 'M' ? MIB : unit == 'G' ? MIB * KIB : 1);
    }
#endif
    return 0;
}

/* ---- main ---------------------------------------------------------------------- */

/* The CPU's model name (Linux: /proc/cpuinfo), or "unknown". */
static void cpu_model(char *buf, size_t cap) {
    FILE *f = fopen("/proc/cpuinfo", "r");
    char line[256];
    snprintf(buf, cap, "unknown");
    if (!f) return;
    while (fgets(line, sizeof line, f)) {
        const char *colon = strchr(line, ':');
        if (strncmp(line, "model name", 10) == 0 && colon) {
            size_t n;
            snprintf(buf, cap, "%s", colon + 1 + (colon[1] == ' '));
            n = strlen(buf);
            if (n > 0 && buf[n - 1] == '\n') buf[n - 1] = 0;
            break;
        }
    }
    fclose(f);
}

static void usage(FILE *f) {
    fprintf(
        f, "usage: bench [--isa=scalar|sse2|avx2|avx512|avx512fp16|neon|reference|auto] [--quick] [--filter=SUBSTRING] "
           "[--markdown] [--threads=N]\n"
           "  --isa=NAME     force dml_ref's kernel path (dmlref_options.isa); default auto\n"
           "  --quick        small sizes only (L1, L2, small shapes): a smoke test that takes seconds\n"
           "  --filter=TEXT  only cases whose name or size contains TEXT (case-insensitive)\n"
           "  --markdown     print the table as Markdown\n"
           "  --threads=N    the thread rows' tasks: the pool's threads, the caller included (default 2)\n");
}

static int parse_isa(const char *s, dmlref_isa *isa) {
    static const struct {
        const char *name;
        dmlref_isa isa;
    } names[] = {{"auto", DMLREF_ISA_AUTO},
                 {"scalar", DMLREF_ISA_SCALAR},
                 {"sse2", DMLREF_ISA_SSE2},
                 {"avx2", DMLREF_ISA_AVX2},
                 {"avx512", DMLREF_ISA_AVX512},
                 {"neon", DMLREF_ISA_NEON},
                 {"avx512fp16", DMLREF_ISA_AVX512FP16},
                 {"reference", DMLREF_ISA_REFERENCE}};
    size_t i;
    for (i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strcmp(s, names[i].name) == 0) {
            *isa = names[i].isa;
            return 1;
        }
    return 0;
}

static void note(const char *text) { printf(g_markdown ? "- %s\n" : "# %s\n", text); }

int main(int argc, char **argv) {
    static const struct {
        DML_TENSOR_DATA_TYPE type;
        const char *name;
    } types[6] = {{DML_TENSOR_DATA_TYPE_FLOAT32, "FLOAT32"}, {DML_TENSOR_DATA_TYPE_FLOAT16, "FLOAT16"},
                  {DML_TENSOR_DATA_TYPE_FLOAT64, "FLOAT64"}, {DML_TENSOR_DATA_TYPE_INT8, "INT8"},
                  {DML_TENSOR_DATA_TYPE_INT32, "INT32"},     {DML_TENSOR_DATA_TYPE_INT64, "INT64"}};
    static const char *const levels[4] = {"L1", "L2", "L3", "mem"};
    dmlref_isa isa = DMLREF_ISA_AUTO;
    size_t level_bytes[4], l3_conf, l3_fs, l3, line_elems, long_line, cap;
    UINT square, cube;
    char text[768], size[48], name[64];
    int i, t, l, nlevels;
    double start = now_seconds();

    for (i = 1; i < argc; i++) {
        if (strncmp(argv[i], "--isa=", 6) == 0) {
            if (!parse_isa(argv[i] + 6, &isa)) {
                fprintf(stderr, "bench: unknown ISA '%s'\n", argv[i] + 6);
                usage(stderr);
                return 2;
            }
        } else if (strcmp(argv[i], "--quick") == 0) {
            g_quick = 1;
        } else if (strncmp(argv[i], "--filter=", 9) == 0) {
            g_filter = argv[i] + 9;
        } else if (strcmp(argv[i], "--markdown") == 0) {
            g_markdown = 1;
        } else if (strncmp(argv[i], "--threads=", 10) == 0) {
            char *end;
            unsigned long n = strtoul(argv[i] + 10, &end, 10);
            if (*end != 0 || n < 2 || n > 1024) {
                fprintf(stderr, "bench: --threads must be a number from 2 to 1024 (got '%s')\n", argv[i] + 10);
                return 2;
            }
            g_pool_tasks = (unsigned)n;
        } else if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            usage(stdout);
            return 0;
        } else {
            fprintf(stderr, "bench: unknown option '%s'\n", argv[i]);
            usage(stderr);
            return 2;
        }
    }
    if (!dmlref_isa_available(isa)) {
        fprintf(stderr, "bench: dmlref_isa_available(%s) says no: this build or CPU does not have that path\n",
                dmlref_isa_name(isa));
        return 1;
    }
    memset(&g_options, 0, sizeof g_options);
    g_options.isa = isa;
    g_options.error_message = g_message;
    g_options.error_message_capacity = sizeof g_message;

    /* Sizes: input tensor bytes per level; the L3 case is "a few MiB": an eighth
       of the L3 cache, between 1 and 4 MiB; memory is at least 256 MiB. */
    l3_conf = sysconf_l3();
    l3_fs = sysfs_l3();
    l3 = l3_conf && l3_fs ? (l3_conf < l3_fs ? l3_conf : l3_fs) : l3_conf ? l3_conf : l3_fs ? l3_fs : 32 * MIB;
    level_bytes[0] = 16 * KIB;
    level_bytes[1] = 256 * KIB;
    level_bytes[2] = 4 * MIB;
    while (level_bytes[2] > MIB && level_bytes[2] > l3 / 8) level_bytes[2] /= 2;
    level_bytes[3] = 256 * MIB;
    while (level_bytes[3] < 4 * l3 && level_bytes[3] < 1024 * MIB) level_bytes[3] *= 2;
    nlevels = 4;
    square = 4096;
    cube = 64;
    line_elems = 16 * MIB;
    long_line = 64 * MIB;
    if (g_quick) {
        nlevels = 2;
        square = 512;
        cube = 16;
        line_elems = long_line = 256 * KIB;
        g_runs = g_runs_big = 3;
        g_target = 0.002;
    }
    cap = level_bytes[nlevels - 1];
    if (cap < (size_t)square * square * 4) cap = (size_t)square * square * 4;
    if (cap < 8 * (size_t)cube * cube * cube * 4) cap = 8 * (size_t)cube * cube * cube * 4;
    if (cap < 2 * line_elems * 4 + 128) cap = 2 * line_elems * 4 + 128;
    if (cap < line_elems * 8 + 128) cap = line_elems * 8 + 128;       /* a FLOAT64 line, or a bound tensor */
    if (cap < 2 * long_line * 4 + 128) cap = 2 * long_line * 4 + 128; /* a thread case's two outputs */
    g_cap = cap + 64;
    {
        void *a = NULL, *b = NULL;
        if (posix_memalign(&a, 64, g_cap) != 0 || posix_memalign(&b, 64, g_cap) != 0) die("out of memory");
        g_src = (unsigned char *)a;
        g_dst = (unsigned char *)b;
        memset(g_src, 0, g_cap); /* touch every page before timing */
        memset(g_dst, 0, g_cap);
    }

    /* Header: what ran, and the conventions. */
    snprintf(text, sizeof text, "dml_ref %u.%u.%u bench: ISA %s (runs the %s path)%s%s%s", DMLREF_VERSION_MAJOR,
             DMLREF_VERSION_MINOR, DMLREF_VERSION_PATCH, dmlref_isa_name(isa),
             dmlref_isa_name(isa == DMLREF_ISA_AUTO ? dmlref_best_isa() : isa),
#if defined(__clang__) && defined(__VERSION__)
             ", compiler ", __VERSION__,
#elif defined(__GNUC__) && defined(__VERSION__)
             ", compiler gcc ", __VERSION__,
#elif defined(__VERSION__)
             ", compiler ", __VERSION__,
#else
             "", "",
#endif
             g_quick ? ", --quick: L1 and L2 sizes, 512x512, 8x16x16x16, 256 Ki-element lines" : "");
    note(text);
    {
        char model[160];
        cpu_model(model, sizeof model);
        snprintf(text, sizeof text, "CPU: %s; thread rows: %u tasks", model, g_pool_tasks);
        note(text);
    }
    snprintf(
        text, sizeof text,
        "sizes (input tensor bytes): L1 %lu KiB, L2 %lu KiB, L3 %lu KiB (L3 cache: sysconf %lu KiB, sysfs %lu KiB, "
        "used %lu KiB), mem %lu MiB",
        (unsigned long)(level_bytes[0] / KIB), (unsigned long)(level_bytes[1] / KIB),
        (unsigned long)(level_bytes[2] / KIB), (unsigned long)(l3_conf / KIB), (unsigned long)(l3_fs / KIB),
        (unsigned long)(l3 / KIB), (unsigned long)(level_bytes[3] / MIB));
    note(text);
    note("bytes: scans, copies and naive loops count bytes read + bytes written (2 x input); arg-reductions and the "
         "read pass count input bytes read (the small index output is not counted); GB/s = bytes / median / 1e9");
    snprintf(text, sizeof text,
             "median of %d runs (%d for memory-sized cases); a cache-resident run repeats the call for >= %.0f ms "
             "and keeps the time per call; the doc example is the median over %d batches of 64 calls",
             g_runs, g_runs_big, g_target * 1e3, g_quick ? 201 : 2001);
    note(text);
    note("baselines, same run, same buffers, timed interleaved with the case: scans = the faster of memcpy and " NT_NAME
         " (" NT_DESC "); arg-reductions = " READ_NAME " (" READ_DESC "); long "
         "lines and the doc example = a naive C loop (the same dependency chain)");
    note("ratio = GB/s / baseline GB/s (1.0 = as fast as the baseline); scans run out of place, INCREASING, "
         "inclusive; arg-reductions write UINT32 indices; data is random (floats in [-1, 1))");
    snprintf(text, sizeof text,
             "rows 'out+N': the case above with its output N bytes past a 64-byte boundary, against the same call with "
             "its output aligned, same run (outputs of at least %lu KiB, median of %d runs); 'malloc': input and "
             "output from plain malloc against aligned buffers; 'FLOAT16 seq': elements per ns against FLOAT32 seq "
             "of the same length; 'N tasks': options.parallel on examples/thread_pool.h (%u concurrent tasks: a worker "
             "and the calling thread) against parallel NULL, and ('... vs copy') against the same bytes copied (arg-"
             "reductions: read) by as many tasks",
             (unsigned long)((g_quick ? MIB : (size_t)DMLREF_STREAM_BYTES) / KIB), g_runs_align, POOL_TASKS);
    note(text);
    printf("\n");
    print_table_header();

    /* 1-D contiguous, per type and level: scans, then ARGMIN and ARGMAX. */
    for (t = 0; t < 6; t++) {
        DML_TENSOR_DATA_TYPE type = types[t].type;
        int is_float = type == DML_TENSOR_DATA_TYPE_FLOAT32 || type == DML_TENSOR_DATA_TYPE_FLOAT16 ||
                       type == DML_TENSOR_DATA_TYPE_FLOAT64;
        int order;
        for (order = 0; order < 2; order++) {
            /* FLOAT32 in both orders, FLOAT16/FLOAT64 BLOCKED, integers in the default order */
            if (is_float ? (order == 0 && type != DML_TENSOR_DATA_TYPE_FLOAT32) : order == 1) continue;
            snprintf(name, sizeof name, "cumsum %s%s", types[t].name, is_float ? (order ? " blocked" : " seq") : "");
            for (l = 0; l < nlevels; l++) {
                UINT n = (UINT)(level_bytes[l] / dmlref_data_type_size(type));
                format_size(size, sizeof size, level_bytes[l], levels[l]);
                scan_case(name, size, 0, type, order, 1, &n, 0, l == 3);
            }
        }
        for (i = 0; i < 2; i++) {
            snprintf(name, sizeof name, "%s %s", i ? "argmax" : "argmin", types[t].name);
            for (l = 0; l < nlevels; l++) {
                UINT n = (UINT)(level_bytes[l] / dmlref_data_type_size(type));
                format_size(size, sizeof size, level_bytes[l], levels[l]);
                arg_case(name, size, i, type, 1, &n, 0, l == 3);
            }
        }
    }

    /* Shapes: square along axis 0 and 1, 4-D along axis 1. */
    {
        UINT sq[2], nchw[4];
        int big_square = (size_t)square * square * 4 >= 16 * MIB,
            big_cube = 8 * (size_t)cube * cube * cube * 4 >= 64 * MIB;
        char sq_size[32], cube_size[32];
        int order, axis;
        sq[0] = sq[1] = square;
        nchw[0] = 8;
        nchw[1] = nchw[2] = nchw[3] = cube;
        snprintf(sq_size, sizeof sq_size, "%ux%u", (unsigned)square, (unsigned)square);
        snprintf(cube_size, sizeof cube_size, "8x%ux%ux%u", (unsigned)cube, (unsigned)cube, (unsigned)cube);
        for (order = 0; order < 2; order++) {
            for (axis = 0; axis < 2; axis++) {
                snprintf(name, sizeof name, "cumsum FLOAT32 %s axis %d", order ? "blocked" : "seq", axis);
                scan_case(name, sq_size, 0, DML_TENSOR_DATA_TYPE_FLOAT32, order, 2, sq, (UINT)axis, big_square);
            }
            snprintf(name, sizeof name, "cumsum FLOAT32 %s axis 1", order ? "blocked" : "seq");
            scan_case(name, cube_size, 0, DML_TENSOR_DATA_TYPE_FLOAT32, order, 4, nchw, 1, big_cube);
        }
        for (i = 0; i < 2; i++) {
            for (axis = 0; axis < 2; axis++) {
                snprintf(name, sizeof name, "%s FLOAT32 axis %d", i ? "argmax" : "argmin", axis);
                arg_case(name, sq_size, i, DML_TENSOR_DATA_TYPE_FLOAT32, 2, sq, (UINT)axis, big_square);
            }
            snprintf(name, sizeof name, "%s FLOAT32 axis 1", i ? "argmax" : "argmin");
            arg_case(name, cube_size, i, DML_TENSOR_DATA_TYPE_FLOAT32, 4, nchw, 1, big_cube);
        }
    }

    /* One long SEQUENTIAL line against the naive loop; the documented example. */
    snprintf(size, sizeof size, "%lu Ki elements", (unsigned long)(line_elems / KIB));
    line_case("cumsum FLOAT32 seq, one line", size, 0, 0, line_elems);
    line_case("cumsum FLOAT32 seq exclusive, one line", size, 0, 1, line_elems);
    line_case("cumprod FLOAT32 seq, one line", size, 1, 0, line_elems);
    f16_line_case(size, line_elems);
    /* Judging: EXACT sums and error bounds, each against SEQUENTIAL of the same type. */
    judge_case("cumsum FLOAT16 exact, one line", size, DML_TENSOR_DATA_TYPE_FLOAT16, 0, line_elems);
    judge_case("cumsum FLOAT32 exact, one line", size, DML_TENSOR_DATA_TYPE_FLOAT32, 0, line_elems);
    judge_case("cumsum FLOAT64 exact, one line", size, DML_TENSOR_DATA_TYPE_FLOAT64, 0, line_elems);
    judge_case("bound FLOAT16 seq, one line", size, DML_TENSOR_DATA_TYPE_FLOAT16, 1, line_elems);
    judge_case("bound FLOAT32 seq, one line", size, DML_TENSOR_DATA_TYPE_FLOAT32, 1, line_elems);
    judge_case("bound FLOAT64 seq, one line", size, DML_TENSOR_DATA_TYPE_FLOAT64, 1, line_elems);
    /* Addresses as a user's malloc gives them; then 2 tasks against 1. */
    snprintf(size, sizeof size, "%lu Ki elements", (unsigned long)(long_line / KIB));
    malloc_case("cumsum INT32", size, DML_TENSOR_DATA_TYPE_INT32, DMLREF_FLOAT_ORDER_SEQUENTIAL, long_line);
    malloc_case("cumsum FLOAT32 blocked", size, DML_TENSOR_DATA_TYPE_FLOAT32, DMLREF_FLOAT_ORDER_BLOCKED, long_line);
    thread_cases(square, long_line);
    doc_case();
    pool_stop();

    printf("\n");
    if (g_cases == 0) {
        fprintf(stderr, "bench: no case matches --filter=%s\n", g_filter ? g_filter : "");
        return 1;
    }
    snprintf(text, sizeof text,
             "cases: %d, checksum %016llx (for the same other options, the same with every --isa), total %.1f s",
             g_cases, (unsigned long long)g_checksum, now_seconds() - start);
    note(text);
    free(g_src);
    free(g_dst);
    return 0;
}
