/* tests/test_threads.c - options.parallel: the caller's parallel-for
   (docs/semantics.md, "Threads"). Whatever the schedule, max_tasks and ISA
   path, every output must have the bits of the same call with
   options.parallel NULL, and the library must never ask for more than
   max_tasks tasks.

   Schedules (th_schedules): tests/sched.h's parallel_for on the calling
   thread in forward, reverse and shuffled (seeded) order with max_tasks 1, 2,
   3, 7 and 64; "hostile" ones that set flush-to-zero / denormals-are-zero
   and rounding toward zero around each task; and a pthread pool of 2 workers
   and one of 3 whose workers run in that hostile environment, tasks running
   concurrently. tests/dml_ref_impl.c sets DMLREF_TASK_GRAIN to 64, so the
   small tensors here are split.

   threads/scheduler           the schedules themselves: each index once, in
                               their order; the hostile environment flushes
                               and is restored; the pools run tasks at once
   threads/split/...           the library does split a many-lines scan, a
                               long INT32 sum, a long BLOCKED FLOAT32 sum, a
                               long EXACT FLOAT16/32/64 sum and a long ARGMAX
                               line, and keeps a long SEQUENTIAL FLOAT32 sum
                               on one task
   threads/exact-split/...     EXACT sums of 1-3 lines of 1,025 to 100,003
                               elements built against a split: carries that
                               need ~200 to ~2,100 bits, ties that only the
                               lowest bits break after the top cancels, piece
                               totals +X and -X, NaN / +inf / -inf in middle
                               pieces, -0.0 lines, FLOAT16 MAX runs that pass
                               65504 and come back, subnormals; exclusive,
                               DECREASING, identity_seed, in place. Every
                               output equals the exact oracle's and some
                               parallel_for call has more tasks than lines
   threads/cumsum/T, cumprod/T every float order (SEQUENTIAL, BLOCKED, EXACT,
                               TREE with each algorithm, carry and block 2..64)
                               x accumulation x identity_seed, exclusive and
                               direction in turn, on one long line, 2-3 long
                               lines, many short lines, strided (outer-axis)
                               and 3-D scans, in place, a broadcast input
   threads/argmin/T, argmax/T, reduce-argmin/T, reduce-argmax/T
                               every NaN policy and direction on data with
                               NaN, ties, -0/+0, infinities and subnormals,
                               long lines, several reduced axes, broadcast
   threads/bound/T-sum, -prod  dmlref_error_bound with parallel equals without
   threads/long/...            lines of 100,003 elements on every path

   The ISA paths of a case take turns among its configurations (the long,
   split, exact-split and bound cases run each on every path). Data come from
   fixed seeds (FNV-1a of the case name). Every EXACT sum of the suite is also
   compared, element by element, with an exact oracle written here from
   docs/semantics.md, "Exact sums", on tests/bigfloat.c. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../dml_ref.h"
#include "bigfloat.h"
#include "fixture.h"
#include "oracle.h"
#include "runner.h"
#include "sched.h"
#include "suites.h"

#if defined(__unix__) || defined(__APPLE__) || defined(__MINGW32__)
#include <pthread.h>
#define TH_PTHREADS 1
#endif

#define TH_MAX_FAILURES 16 /* a case stops early after this many failed checks */
#define TH_FILL 0xA5
#define TH_LONG 100003u

static int th_stop(void) { return tr_case_failures() >= TH_MAX_FAILURES; }

/* ---- a pthread pool -------------------------------------------------------------------- */

#define TH_POOL_MAX 3

typedef struct th_pool {
#ifdef TH_PTHREADS
    pthread_mutex_t lock;
    pthread_cond_t wake, done;
    pthread_t threads[TH_POOL_MAX];
#endif
    unsigned workers, running;
    int hostile; /* the workers run with flush-to-zero and rounding toward zero */
    int stop;
    void (*task)(void *argument, uint32_t index);
    void *argument;
    uint32_t count, next, finished;
    sched rec; /* the records; rec.parallel is what options.parallel points at */
} th_pool;

#ifdef TH_PTHREADS
static void *th_worker(void *p) {
    th_pool *pool = (th_pool *)p;
    uint64_t mode = 0;
    if (pool->hostile) {
        sched_env env; /* never restored: the thread ends in it */
        sched_env_hostile(&env);
        mode = sched_mode_bits(sched_control());
    }
    pthread_mutex_lock(&pool->lock);
    for (;;) {
        void (*task)(void *, uint32_t);
        void *argument;
        uint32_t index;
        while (!pool->stop && pool->next >= pool->count) pthread_cond_wait(&pool->wake, &pool->lock);
        if (pool->stop) break;
        index = pool->next++;
        task = pool->task;
        argument = pool->argument;
        pthread_mutex_unlock(&pool->lock);
        task(argument, index);
        pthread_mutex_lock(&pool->lock);
        if (pool->hostile && sched_mode_bits(sched_control()) != mode) pool->rec.env_changed++;
        if (++pool->finished == pool->count) pthread_cond_signal(&pool->done);
    }
    pthread_mutex_unlock(&pool->lock);
    return NULL;
}
#endif

static void th_pool_parallel_for(void *context, uint32_t task_count, void (*task)(void *argument, uint32_t index),
                                 void *argument) {
    th_pool *pool = (th_pool *)context;
#ifdef TH_PTHREADS
    pthread_mutex_lock(&pool->lock);
    sched_record(&pool->rec, task_count);
    if (pool->count != 0 || task_count == 0) { /* a call from inside a task: the contract has them in sequence */
        if (pool->count != 0) pool->rec.nested++;
        pthread_mutex_unlock(&pool->lock);
        for (; task_count > 0; task_count--) task(argument, task_count - 1u);
        return;
    }
    pool->task = task;
    pool->argument = argument;
    pool->count = task_count;
    pool->next = pool->finished = 0;
    pthread_cond_broadcast(&pool->wake);
    while (pool->finished < pool->count) pthread_cond_wait(&pool->done, &pool->lock);
    pool->count = pool->next = pool->finished = 0;
    pthread_mutex_unlock(&pool->lock);
#else
    uint32_t i;
    sched_record(&pool->rec, task_count);
    for (i = 0; i < task_count; i++) task(argument, i);
#endif
}

/* Clear the records; pool->rec.parallel, for options.parallel, then offers max_tasks tasks to the pool. */
static void th_pool_reset(th_pool *pool, uint32_t max_tasks) {
    sched_init(&pool->rec, SCHED_FORWARD, 0, max_tasks, 0);
    pool->rec.parallel.parallel_for = th_pool_parallel_for;
    pool->rec.parallel.context = pool;
}

/* Returns 0 when the threads could not be started (the pool then runs nothing). */
static int th_pool_start(th_pool *pool, unsigned workers, int hostile) {
    memset(pool, 0, sizeof *pool);
    pool->workers = workers;
    pool->hostile = hostile;
    th_pool_reset(pool, 1);
#ifdef TH_PTHREADS
    if (pthread_mutex_init(&pool->lock, NULL) != 0) return 0;
    pthread_cond_init(&pool->wake, NULL);
    pthread_cond_init(&pool->done, NULL);
    for (pool->running = 0; pool->running < workers; pool->running++)
        if (pthread_create(&pool->threads[pool->running], NULL, th_worker, pool) != 0) break;
    return pool->running == workers;
#else
    return 1;
#endif
}

static void th_pool_stop(th_pool *pool) {
#ifdef TH_PTHREADS
    unsigned i;
    pthread_mutex_lock(&pool->lock);
    pool->stop = 1;
    pthread_cond_broadcast(&pool->wake);
    pthread_mutex_unlock(&pool->lock);
    for (i = 0; i < pool->running; i++) pthread_join(pool->threads[i], NULL);
    pthread_cond_destroy(&pool->wake);
    pthread_cond_destroy(&pool->done);
    pthread_mutex_destroy(&pool->lock);
#else
    (void)pool;
#endif
}

/* ---- the schedules ----------------------------------------------------------------------- */

typedef struct th_schedule {
    const char *name;
    unsigned pool; /* 0: the calling thread; else the pool of that many workers */
    int order, hostile;
    uint32_t max_tasks;
} th_schedule;

/* Neighbours differ in order and max_tasks, so any run of consecutive entries mixes them. */
static const th_schedule th_schedules[] = {
    {"forward/1", 0, SCHED_FORWARD, 0, 1},     {"reverse/2", 0, SCHED_REVERSE, 0, 2},
    {"shuffled/3", 0, SCHED_SHUFFLED, 0, 3},   {"forward/7", 0, SCHED_FORWARD, 0, 7},
    {"reverse/64", 0, SCHED_REVERSE, 0, 64},   {"pool2/2", 2, SCHED_FORWARD, 0, 2},
    {"shuffled/1", 0, SCHED_SHUFFLED, 0, 1},   {"forward/2", 0, SCHED_FORWARD, 0, 2},
    {"reverse/3", 0, SCHED_REVERSE, 0, 3},     {"shuffled/7", 0, SCHED_SHUFFLED, 0, 7},
    {"hostile/64", 0, SCHED_REVERSE, 1, 64},   {"pool3/3", 3, SCHED_FORWARD, 0, 3},
    {"reverse/1", 0, SCHED_REVERSE, 0, 1},     {"shuffled/2", 0, SCHED_SHUFFLED, 0, 2},
    {"forward/3", 0, SCHED_FORWARD, 0, 3},     {"reverse/7", 0, SCHED_REVERSE, 0, 7},
    {"shuffled/64", 0, SCHED_SHUFFLED, 0, 64}, {"pool2/64", 2, SCHED_FORWARD, 0, 64},
    {"hostile/3", 0, SCHED_SHUFFLED, 1, 3},    {"forward/64", 0, SCHED_FORWARD, 0, 64},
    {"hostile/7", 0, SCHED_FORWARD, 1, 7},     {"pool3/7", 3, SCHED_FORWARD, 0, 7},
};
#define TH_SCHEDULE_COUNT (sizeof th_schedules / sizeof th_schedules[0])

static unsigned th_schedule_named(const char *name) {
    unsigned i;
    for (i = 0; i < TH_SCHEDULE_COUNT && strcmp(th_schedules[i].name, name) != 0; i++) {}
    return i % (unsigned)TH_SCHEDULE_COUNT;
}

/* What a case runs on: the ISA paths this machine has and the two pools (the
   3-worker one hostile). */
typedef struct th_env {
    dmlref_isa isas[FX_ISA_COUNT];
    unsigned isa_count;
    th_pool pools[2];
    int pools_ok;
} th_env;

static void th_env_begin(th_env *e) {
    unsigned i;
    e->isa_count = 0;
    for (i = 0; i < FX_ISA_COUNT; i++)
        if (dmlref_isa_available(fx_isas[i])) e->isas[e->isa_count++] = fx_isas[i];
    e->pools_ok = th_pool_start(&e->pools[0], 2, 0);
    e->pools_ok &= th_pool_start(&e->pools[1], 3, 1);
    TR_CHECKF(e->pools_ok, "the thread pools could not start");
}

static void th_env_end(th_env *e) {
    th_pool_stop(&e->pools[0]);
    th_pool_stop(&e->pools[1]);
}

/* ---- shapes --------------------------------------------------------------------------- */

typedef struct th_shape {
    const char *name;
    UINT rank;
    UINT sizes[3];
    UINT axis;                            /* scans */
    UINT axis_count;                      /* arg-reductions */
    UINT axes[3];                         /* in any order */
    const UINT *in_strides, *out_strides; /* NULL: packed */
    int in_place;                         /* scans: the output is the input */
} th_shape;

static const UINT th_pad_out[2] = {3100, 1};
static const UINT th_broadcast_rows[2] = {0, 1};
static const UINT th_broadcast_axis[2] = {1, 0};
static const UINT th_outer_padded[2] = {12, 1};

/* The first three are the long-line shapes (fewer lines than tasks). */
static const th_shape th_scan_shapes[] = {
    {"line-5000", 1, {5000}, 0, 0, {0}, NULL, NULL, 0},
    {"lines-3x2000", 2, {3, 2000}, 1, 0, {0}, NULL, NULL, 0},
    {"lines-2x3001-padded-out", 2, {2, 3001}, 1, 0, {0}, NULL, th_pad_out, 0},
    {"rows-300x23", 2, {300, 23}, 1, 0, {0}, NULL, NULL, 0},
    {"outer-400x9", 2, {400, 9}, 0, 0, {0}, NULL, NULL, 0},
    {"outer-600x10-padded", 2, {600, 10}, 0, 0, {0}, th_outer_padded, th_outer_padded, 0},
    {"middle-30x70x6", 3, {30, 70, 6}, 1, 0, {0}, NULL, NULL, 0},
    {"in-place-4x1500", 2, {4, 1500}, 1, 0, {0}, NULL, NULL, 1},
    {"in-place-outer-700x5", 2, {700, 5}, 0, 0, {0}, NULL, NULL, 1},
    {"broadcast-40x300", 2, {40, 300}, 1, 0, {0}, th_broadcast_rows, NULL, 0},
    {"broadcast-along-axis-8x900", 2, {8, 900}, 1, 0, {0}, th_broadcast_axis, NULL, 0},
};
#define TH_SCAN_SHAPES (sizeof th_scan_shapes / sizeof th_scan_shapes[0])
#define TH_LONG_SHAPES 3u

static const th_shape th_arg_shapes[] = {
    {"line-5000", 1, {5000}, 0, 1, {0}, NULL, NULL, 0},
    {"lines-3x2000", 2, {3, 2000}, 0, 1, {1}, NULL, NULL, 0},
    {"rows-300x23", 2, {300, 23}, 0, 1, {1}, NULL, NULL, 0},
    {"outer-400x9", 2, {400, 9}, 0, 1, {0}, NULL, NULL, 0},
    {"axes-2-0-of-6x40x50", 3, {6, 40, 50}, 0, 2, {2, 0}, NULL, NULL, 0},
    {"axes-all-of-30x40x50", 3, {30, 40, 50}, 0, 3, {0, 1, 2}, NULL, NULL, 0},
    {"broadcast-40x300", 2, {40, 300}, 0, 1, {1}, th_broadcast_rows, NULL, 0},
};
#define TH_ARG_SHAPES (sizeof th_arg_shapes / sizeof th_arg_shapes[0])

static const th_shape th_long_line = {"line-100003", 1, {TH_LONG}, 0, 1, {0}, NULL, NULL, 0};

/* ---- data ------------------------------------------------------------------------------ */

enum {
    TH_DATA_WIDE,       /* floats of random sign over a wide exponent range (sums), near 1 (products) */
    TH_DATA_SUBNORMAL,  /* subnormals (products: now and then): flush-to-zero would change the results */
    TH_DATA_SPECIAL,    /* sprinkled -0.0, infinities and NaN */
    TH_DATA_TIES,       /* few distinct values: -2, -1, -0.0, +0.0, 1, 2 (integers: -3..3) */
    TH_DATA_NAN,        /* a NaN now and then */
    TH_DATA_RARE_NAN,   /* a NaN or two in a long line */
    TH_DATA_ZEROS,      /* only -0.0 and +0.0 */
    TH_DATA_MOSTLY_NAN, /* NaN but for one element in 40 */
    TH_DATA_ALL_NAN,
    TH_DATA_RISING, /* 16 plateaus rising over the buffer: ties of the extreme span several tasks' chunks */
    TH_DATA_FALLING,
    TH_DATA_COUNT
};
static const char *const th_data_names[TH_DATA_COUNT] = {
    "wide", "subnormal", "special", "ties", "nan", "rare-nan", "zeros", "mostly-nan", "all-nan", "rising", "falling"};

typedef struct th_format {
    unsigned mantissa, exponent; /* bits */
} th_format;

static th_format th_format_of(DML_TENSOR_DATA_TYPE t) {
    th_format f;
    f.mantissa = t == DML_TENSOR_DATA_TYPE_FLOAT16 ? 10u : t == DML_TENSOR_DATA_TYPE_FLOAT32 ? 23u : 52u;
    f.exponent = t == DML_TENSOR_DATA_TYPE_FLOAT16 ? 5u : t == DML_TENSOR_DATA_TYPE_FLOAT32 ? 8u : 11u;
    return f;
}

static uint64_t th_float_bits(DML_TENSOR_DATA_TYPE t, double v) {
    if (t == DML_TENSOR_DATA_TYPE_FLOAT64) return fx_double_bits(v);
    if (t == DML_TENSOR_DATA_TYPE_FLOAT32) return fx_float_bits((float)v);
    return oracle_f32_to_f16((float)v);
}

/* sign, biased exponent field and mantissa bits of a float type */
static uint64_t th_pack(DML_TENSOR_DATA_TYPE t, int negative, uint64_t biased, uint64_t mantissa) {
    const th_format f = th_format_of(t);
    const uint64_t m = mantissa & (((uint64_t)1 << f.mantissa) - 1u);
    return ((uint64_t)(negative ? 1 : 0) << (f.mantissa + f.exponent)) | (biased << f.mantissa) | m;
}

/* A NaN of any sign and payload. */
static uint64_t th_nan(fx_rng *r, DML_TENSOR_DATA_TYPE t) {
    const th_format f = th_format_of(t);
    return th_pack(t, (int)fx_below(r, 2), ((uint64_t)1 << f.exponent) - 1u, fx_next(r) | 1u);
}

static uint64_t th_special(fx_rng *r, DML_TENSOR_DATA_TYPE t) {
    const th_format f = th_format_of(t);
    switch (fx_below(r, 4)) {
    case 0: return th_pack(t, 1, 0, 0);                                                  /* -0.0 */
    case 1: return th_pack(t, (int)fx_below(r, 2), ((uint64_t)1 << f.exponent) - 1u, 0); /* an infinity */
    default: return th_nan(r, t);
    }
}

/* The plateau (0..15) of element slot i of n. */
static unsigned th_plateau(int data, size_t i, size_t n) {
    const unsigned p = (unsigned)((uint64_t)i * 16u / (n ? n : 1));
    return data == TH_DATA_RISING ? p : 15u - p;
}

static uint64_t th_float_value(fx_rng *r, DML_TENSOR_DATA_TYPE t, int data, int product, size_t i, size_t n) {
    static const double ties[6] = {-2.0, -1.0, -0.0, 0.0, 1.0, 2.0};
    const th_format f = th_format_of(t);
    const uint64_t bias = ((uint64_t)1 << (f.exponent - 1u)) - 1u;
    const int negative = (int)fx_below(r, 2);
    switch (data) {
    case TH_DATA_SUBNORMAL:
        if (product && fx_below(r, 500) != 0) break;
        if (fx_below(r, 4) == 0) return th_pack(t, negative, 1u + fx_below(r, 2), fx_next(r));
        return th_pack(t, negative, 0, fx_next(r) | 1u);
    case TH_DATA_SPECIAL:
        if (fx_below(r, 200) == 0) return th_special(r, t);
        break;
    case TH_DATA_TIES: return th_float_bits(t, ties[fx_below(r, 6)]);
    case TH_DATA_NAN:
        if (fx_below(r, 1500) == 0) return th_nan(r, t);
        break;
    case TH_DATA_RARE_NAN:
        if (fx_below(r, 50000) == 0) return th_nan(r, t);
        break;
    case TH_DATA_ZEROS: return th_pack(t, negative, 0, 0);
    case TH_DATA_MOSTLY_NAN:
        if (fx_below(r, 40) != 0) return th_nan(r, t);
        break;
    case TH_DATA_ALL_NAN: return th_nan(r, t);
    case TH_DATA_RISING:
    case TH_DATA_FALLING: return th_float_bits(t, (double)th_plateau(data, i, n));
    default: break;
    }
    if (product) { /* near 1, a few negative: long products neither overflow nor vanish */
        double v = 1.0 + (fx_unit(r) * 2 - 1) * (t == DML_TENSOR_DATA_TYPE_FLOAT16 ? 0.05 : 0.03);
        return th_float_bits(t, fx_below(r, 10) == 0 ? -v : v);
    }
    /* 2^-10 .. 2^10 times a random significand: every association rounds differently */
    return th_pack(t, negative, bias - 10u + fx_below(r, 21), fx_next(r));
}

static uint64_t th_int_value(fx_rng *r, int data, int product, size_t i, size_t n) {
    if (data == TH_DATA_TIES || data == TH_DATA_ZEROS) return (uint64_t)((int64_t)fx_below(r, 7) - 3);
    if (data == TH_DATA_RISING || data == TH_DATA_FALLING) return th_plateau(data, i, n);
    if (product) return fx_below(r, 2) ? (fx_next(r) & 7u) | 1u : fx_next(r) | 1u; /* odd: products never wrap to 0 */
    return fx_next(r);
}

/* Every element slot of the buffer (padding included) gets a value. */
static void th_fill(fx_rng *r, DML_TENSOR_DATA_TYPE t, int data, int product, unsigned char *p, size_t bytes) {
    const unsigned size = fx_type_size(t);
    const size_t n = bytes / size;
    size_t i;
    for (i = 0; i < n; i++)
        fx_store(p + i * size, size,
                 fx_is_float(t) ? th_float_value(r, t, data, product, i, n) : th_int_value(r, data, product, i, n));
}

/* ---- one call ----------------------------------------------------------------------------- */

enum { TH_SCAN, TH_ARG, TH_BOUND };

static const char *const th_algorithm_names[3] = {"kogge-stone", "sklansky", "brent-kung"};
static const char *const th_carry_names[2] = {"after", "into-first"};
static const char *const th_accumulation_names[3] = {"default", "native", "wide"};
static const char *const th_nan_names[3] = {"propagate", "ignore", "compare"};

typedef struct th_config {
    int what;             /* TH_SCAN, TH_ARG or TH_BOUND (of a scan) */
    int product;          /* scans */
    DML_OPERATOR_TYPE op; /* arg-reductions: ARGMIN, ARGMAX or REDUCE */
    int want_max;
    DML_TENSOR_DATA_TYPE type, index_type;
    int exclusive, decreasing;
    int order, accumulation, seed, nan_policy;
    dmlref_scan_tree tree;
    int data;
    const th_shape *shape;
} th_config;

static void th_describe(const th_config *c, char *buf, size_t cap) {
    char order[64];
    if (c->order == DMLREF_FLOAT_ORDER_TREE)
        snprintf(order, sizeof order, "TREE{%s,%lu,%s}", th_algorithm_names[c->tree.algorithm],
                 (unsigned long)c->tree.block, th_carry_names[c->tree.carry]);
    else
        snprintf(order, sizeof order, "%s",
                 c->order == DMLREF_FLOAT_ORDER_BLOCKED ? "BLOCKED"
                 : c->order == DMLREF_FLOAT_ORDER_EXACT ? "EXACT"
                 : c->order == DMLREF_FLOAT_ORDER_ANY   ? "ANY"
                                                        : "SEQUENTIAL");
    if (c->what == TH_ARG)
        snprintf(buf, cap, "%s%s %s->%s nan=%s%s data=%s shape=%s", c->op == DML_OPERATOR_REDUCE ? "reduce-" : "",
                 c->want_max ? "argmax" : "argmin", fx_type_short(c->type), fx_type_short(c->index_type),
                 th_nan_names[c->nan_policy], c->decreasing ? " DECREASING" : "", th_data_names[c->data],
                 c->shape->name);
    else
        snprintf(buf, cap, "%s%s %s %s acc=%s seed=%d%s%s data=%s shape=%s", c->what == TH_BOUND ? "bound of " : "",
                 c->product ? "cumprod" : "cumsum", fx_type_short(c->type), order,
                 th_accumulation_names[c->accumulation], c->seed, c->exclusive ? " exclusive" : "",
                 c->decreasing ? " DECREASING" : "", th_data_names[c->data], c->shape->name);
}

/* The descriptors, the buffers and the options of one configuration. */
typedef struct th_call {
    th_config c;
    fx_tensor in, out, bound;
    fx_op op;
    UINT out_sizes[3];
    dmlref_options options; /* options.parallel is set per run */
    unsigned char *input;   /* the input's bytes as filled (in place: copied into the output buffer first) */
    unsigned char *input_copy;
    unsigned char *ref, *got;
    unsigned char *expect; /* EXACT sums: the whole output buffer as the exact oracle has it; else NULL */
    size_t in_bytes, out_bytes;
    char what[200];
} th_call;

/* ---- the EXACT oracle -------------------------------------------------------------------------

   docs/semantics.md, "Exact sums", in exact arithmetic (tests/bigfloat.c, which shares nothing with
   dml_ref.h): each output is its prefix's exact sum rounded once to nearest even; a prefix with a NaN,
   or with both +inf and -inf, gives the canonical NaN, else an infinity in it gives that infinity; an
   exact zero is +0.0 unless every input of the prefix is -0.0 and identity_seed is 0; an exclusive
   scan's first output (an empty prefix) is +0.0. */

typedef struct th_exact_prefix {
    bigfloat sum; /* of the finite inputs */
    int nan, plus_infinity, minus_infinity;
    size_t inputs;
    int all_minus_zero; /* every input so far is -0.0 */
} th_exact_prefix;

static uint64_t th_exponent_ones(DML_TENSOR_DATA_TYPE t) { return ((uint64_t)1 << th_format_of(t).exponent) - 1u; }
static uint64_t th_canonical_nan(DML_TENSOR_DATA_TYPE t) {
    return th_pack(t, 0, th_exponent_ones(t), (uint64_t)1 << (th_format_of(t).mantissa - 1u));
}
static uint64_t th_infinity(DML_TENSOR_DATA_TYPE t, int negative) {
    return th_pack(t, negative, th_exponent_ones(t), 0);
}
static uint64_t th_sign_bit(DML_TENSOR_DATA_TYPE t) { return th_pack(t, 1, 0, 0); }
static int th_bits_finite(DML_TENSOR_DATA_TYPE t, uint64_t bits) {
    return ((bits >> th_format_of(t).mantissa) & th_exponent_ones(t)) != th_exponent_ones(t);
}
static int th_bits_nan(DML_TENSOR_DATA_TYPE t, uint64_t bits) {
    return !th_bits_finite(t, bits) && (bits & (((uint64_t)1 << th_format_of(t).mantissa) - 1u)) != 0;
}
/* A finite element's value (exact: binary16 and binary32 widen exactly). */
static double th_bits_value(DML_TENSOR_DATA_TYPE t, uint64_t bits) {
    if (t == DML_TENSOR_DATA_TYPE_FLOAT16) return (double)oracle_f16_to_f32((uint16_t)bits);
    if (t == DML_TENSOR_DATA_TYPE_FLOAT32) return (double)fx_bits_float((uint32_t)bits);
    return fx_bits_double(bits);
}

static void th_exact_init(th_exact_prefix *p) {
    bf_init(&p->sum);
    p->nan = p->plus_infinity = p->minus_infinity = 0;
    p->inputs = 0;
    p->all_minus_zero = 1;
}

static void th_exact_add(th_exact_prefix *p, DML_TENSOR_DATA_TYPE t, uint64_t bits) {
    p->inputs++;
    if (bits != th_sign_bit(t)) p->all_minus_zero = 0;
    if (th_bits_nan(t, bits)) p->nan = 1;
    else if (!th_bits_finite(t, bits)) *(bits & th_sign_bit(t) ? &p->minus_infinity : &p->plus_infinity) = 1;
    else bf_add_double(&p->sum, th_bits_value(t, bits));
}

static uint64_t th_exact_value(const th_exact_prefix *p, DML_TENSOR_DATA_TYPE t, int identity_seed) {
    if (p->nan || (p->plus_infinity && p->minus_infinity)) return th_canonical_nan(t);
    if (p->plus_infinity || p->minus_infinity) return th_infinity(t, p->minus_infinity);
    if (bf_is_zero(&p->sum)) return p->inputs > 0 && p->all_minus_zero && !identity_seed ? th_sign_bit(t) : 0;
    return bf_round(&p->sum, t == DML_TENSOR_DATA_TYPE_FLOAT16   ? BF_F16
                             : t == DML_TENSOR_DATA_TYPE_FLOAT32 ? BF_F32
                                                                 : BF_F64);
}

/* k->expect: the output buffer as a run leaves it (TH_FILL, in place the input, where nothing is written),
   with every line's outputs from the oracle; any shape of up to 3 dimensions, any strides. */
static void th_exact_expect(th_call *k) {
    const th_shape *s = k->c.shape;
    const DML_TENSOR_DATA_TYPE t = k->c.type;
    const unsigned size = fx_type_size(t);
    const UINT n = s->sizes[s->axis];
    UINT packed[3], in[3], out[3], index[3] = {0, 0, 0}, d;
    for (d = s->rank; d-- > 0;) packed[d] = d + 1u == s->rank ? 1u : packed[d + 1u] * s->sizes[d + 1u];
    for (d = 0; d < s->rank; d++) {
        in[d] = s->in_strides ? s->in_strides[d] : packed[d];
        out[d] = s->in_place ? in[d] : s->out_strides ? s->out_strides[d] : packed[d];
    }
    memset(k->expect, TH_FILL, k->out_bytes);
    if (s->in_place) memcpy(k->expect, k->input, k->in_bytes);
    for (;;) { /* every line: index[] over the other axes, index[axis] 0 */
        th_exact_prefix p;
        UINT step;
        th_exact_init(&p);
        for (step = 0; step < n; step++) {
            size_t in_at = 0, out_at = 0;
            uint64_t y = 0;
            index[s->axis] = k->c.decreasing ? n - 1u - step : step;
            for (d = 0; d < s->rank; d++) {
                in_at += (size_t)index[d] * in[d];
                out_at += (size_t)index[d] * out[d];
            }
            if (k->c.exclusive) y = th_exact_value(&p, t, k->c.seed);
            th_exact_add(&p, t, fx_load(k->input + in_at * size, size));
            if (!k->c.exclusive) y = th_exact_value(&p, t, k->c.seed);
            fx_store(k->expect + out_at * size, size, y);
        }
        bf_free(&p.sum);
        index[s->axis] = 0;
        for (d = s->rank; d-- > 0;) {
            if (d == s->axis) continue;
            if (++index[d] < s->sizes[d]) break;
            index[d] = 0;
        }
        if (d == (UINT)-1) break;
    }
}

/* buf against k->expect, element slot by element slot: the first differing slot and how many differ. */
static void th_exact_compare(const th_call *k, const unsigned char *buf, dmlref_isa isa, const char *run) {
    const unsigned size = fx_type_size(k->c.type);
    size_t slot, first = 0, differ = 0;
    if (memcmp(buf, k->expect, k->out_bytes) == 0) return;
    for (slot = 0; slot < k->out_bytes / size; slot++)
        if (memcmp(buf + slot * size, k->expect + slot * size, size) != 0 && differ++ == 0) first = slot;
    TR_CHECKF(0, "%s isa=%s %s: element slot %lu is 0x%llx, the exact oracle has 0x%llx (%lu slots differ)", k->what,
              dmlref_isa_name(isa), run, (unsigned long)first, (unsigned long long)fx_load(buf + first * size, size),
              (unsigned long long)fx_load(k->expect + first * size, size), (unsigned long)differ);
}

/* After k->input is final: k->input_copy, and k->expect for an EXACT float sum. */
static int th_call_input_ready(th_call *k) {
    const th_config *c = &k->c;
    memcpy(k->input_copy, k->input, k->in_bytes);
    free(k->expect);
    k->expect = NULL;
    if (c->what != TH_SCAN || c->product || c->order != DMLREF_FLOAT_ORDER_EXACT || !fx_is_float(c->type)) return 1;
    k->expect = (unsigned char *)malloc(k->out_bytes);
    if (!k->expect) return TR_CHECKF(0, "%s: out of memory", k->what);
    th_exact_expect(k);
    return 1;
}

static int th_call_init(th_call *k, const th_config *c, fx_rng *r) {
    const th_shape *s = c->shape;
    UINT d;
    memset(k, 0, sizeof *k);
    k->c = *c;
    for (d = 0; d < s->rank; d++) k->out_sizes[d] = s->sizes[d];
    if (c->what == TH_ARG)
        for (d = 0; d < s->axis_count; d++) k->out_sizes[s->axes[d]] = 1;
    k->in_bytes = (size_t)oracle_buffer_size(c->type, s->rank, s->sizes, s->in_strides);
    fx_tensor_set(&k->in, c->type, s->rank, s->sizes, s->in_strides, k->in_bytes);
    if (c->what == TH_ARG) {
        fx_tensor_packed(&k->out, c->index_type, s->rank, k->out_sizes);
        fx_arg_op(&k->op, c->op, c->want_max, &k->in.desc, &k->out.desc, s->axis_count, s->axes, c->decreasing);
    } else {
        /* in place: one descriptor for both (same strides) */
        const UINT *out_strides = s->in_place ? s->in_strides : s->out_strides;
        fx_tensor_set(&k->out, c->type, s->rank, s->sizes, out_strides,
                      oracle_buffer_size(c->type, s->rank, s->sizes, out_strides));
        fx_scan_op(&k->op, c->product, &k->in.desc, &k->out.desc, s->axis, c->decreasing, c->exclusive);
    }
    if (c->what == TH_BOUND) fx_tensor_packed(&k->bound, DML_TENSOR_DATA_TYPE_FLOAT64, s->rank, k->out_sizes);
    k->out_bytes =
        (size_t)(c->what == TH_BOUND ? k->bound.buf.TotalTensorSizeInBytes : k->out.buf.TotalTensorSizeInBytes);
    if (c->what == TH_SCAN && s->in_place && k->out_bytes < k->in_bytes) k->out_bytes = k->in_bytes;
    k->options.float_order = c->order;
    k->options.accumulation = c->accumulation;
    k->options.identity_seed = c->seed;
    k->options.nan_policy = c->nan_policy;
    k->options.tree = c->order == DMLREF_FLOAT_ORDER_TREE ? &k->c.tree : NULL;
    th_describe(c, k->what, sizeof k->what);
    k->input = (unsigned char *)malloc(k->in_bytes);
    k->ref = (unsigned char *)malloc(k->out_bytes);
    k->got = (unsigned char *)malloc(k->out_bytes);
    k->input_copy = (unsigned char *)malloc(k->in_bytes);
    if (!k->input || !k->ref || !k->got || !k->input_copy) return TR_CHECKF(0, "%s: out of memory", k->what);
    th_fill(r, c->type, c->data, c->product, k->input, k->in_bytes);
    return th_call_input_ready(k);
}

static void th_call_free(th_call *k) {
    free(k->expect);
    free(k->input);
    free(k->input_copy);
    free(k->ref);
    free(k->got);
}

/* One library call into buf (prepared as every run of this configuration is). */
static dmlref_status th_call_run(th_call *k, unsigned char *buf, dmlref_isa isa, const dmlref_parallel *parallel) {
    const void *inputs[1];
    void *outputs[1];
    const int in_place = k->c.what == TH_SCAN && k->c.shape->in_place;
    memset(buf, TH_FILL, k->out_bytes);
    if (in_place) memcpy(buf, k->input, k->in_bytes);
    k->options.isa = isa;
    k->options.parallel = parallel;
    inputs[0] = in_place ? buf : k->input;
    outputs[0] = buf;
    if (k->c.what == TH_BOUND) return dmlref_error_bound(&k->op.op, inputs, &k->bound.desc, buf, &k->options);
    return dmlref_execute(&k->op.op, inputs, outputs, &k->options);
}

/* What the schedules saw over a set of runs. */
typedef struct th_seen {
    unsigned long runs, calls, split_calls;
    uint32_t largest;
} th_seen;

/* Run schedule s; the records of the run in *rec. */
static dmlref_status th_run_schedule(th_call *k, th_env *e, const th_schedule *s, dmlref_isa isa, uint64_t seed,
                                     sched *rec) {
    dmlref_status st;
    if (s->pool) {
        th_pool *pool = &e->pools[s->pool == 2 ? 0 : 1];
        if (!e->pools_ok) {
            sched_init(rec, SCHED_FORWARD, 0, s->max_tasks, 0);
            return th_call_run(k, k->got, isa, NULL);
        }
        th_pool_reset(pool, s->max_tasks);
        st = th_call_run(k, k->got, isa, &pool->rec.parallel);
        *rec = pool->rec;
        return st;
    }
    sched_init(rec, s->order, s->hostile, s->max_tasks, seed);
    st = th_call_run(k, k->got, isa, &rec->parallel);
    return st;
}

/* The reference run (parallel NULL) on isa, then each schedule of the list:
   the same status, the same bytes in the whole output buffer, an unchanged
   input, and no parallel_for call beyond max_tasks. EXACT sums: every run's
   output buffer also equals the exact oracle's (k->expect). */
static void th_check(th_call *k, th_env *e, dmlref_isa isa, const unsigned *schedules, unsigned count, th_seen *seen) {
    dmlref_status want = th_call_run(k, k->ref, isa, NULL), st;
    unsigned i;
    if (!TR_CHECKF(want == DMLREF_OK, "%s isa=%s: status %s without parallel", k->what, dmlref_isa_name(isa),
                   dmlref_status_name(want)))
        return;
    if (k->expect) th_exact_compare(k, k->ref, isa, "without parallel");
    for (i = 0; i < count; i++) {
        const th_schedule *s = &th_schedules[schedules[i] % TH_SCHEDULE_COUNT];
        sched rec;
        size_t b;
        st = th_run_schedule(k, e, s, isa, fx_fnv1a(k->what) ^ schedules[i], &rec);
        if (seen) {
            seen->runs++;
            seen->calls += rec.calls;
            seen->split_calls += rec.split_calls;
            if (rec.largest > seen->largest) seen->largest = rec.largest;
        }
        if (!TR_CHECKF(st == DMLREF_OK, "%s isa=%s schedule=%s: status %s", k->what, dmlref_isa_name(isa), s->name,
                       dmlref_status_name(st)))
            continue;
        TR_CHECKF(rec.bad_calls == 0, "%s isa=%s schedule=%s: parallel_for got task_count %lu (max_tasks %lu)", k->what,
                  dmlref_isa_name(isa), s->name, (unsigned long)rec.first_bad, (unsigned long)s->max_tasks);
        TR_CHECKF(rec.nested == 0, "%s isa=%s schedule=%s: parallel_for called from inside a task", k->what,
                  dmlref_isa_name(isa), s->name);
        TR_CHECKF(rec.env_changed == 0,
                  "%s isa=%s schedule=%s: %lu task(s) returned in another rounding or flush-to-zero mode", k->what,
                  dmlref_isa_name(isa), s->name, rec.env_changed);
        if (memcmp(k->got, k->ref, k->out_bytes) != 0) {
            const unsigned size = k->c.what == TH_BOUND ? 8u : fx_type_size(k->out.buf.DataType);
            for (b = 0; b < k->out_bytes && k->got[b] == k->ref[b]; b++) {}
            TR_CHECKF(0,
                      "%s isa=%s schedule=%s (%lu parallel_for calls, largest task_count %lu): byte %lu (element "
                      "slot %lu) is 0x%02x, without parallel 0x%02x",
                      k->what, dmlref_isa_name(isa), s->name, rec.calls, (unsigned long)rec.largest, (unsigned long)b,
                      (unsigned long)(b / size), k->got[b], k->ref[b]);
        }
        if (k->expect) th_exact_compare(k, k->got, isa, s->name);
        if (th_stop()) break;
    }
    TR_CHECKF(memcmp(k->input, k->input_copy, k->in_bytes) == 0, "%s isa=%s: the input changed", k->what,
              dmlref_isa_name(isa));
}

/* ---- configurations ----------------------------------------------------------------------- */

#define TH_SEED 0x7EAD5EED2025ull
#define TH_MAX_ORDERS 48

/* Every float order of a scan: SEQUENTIAL, BLOCKED, EXACT (sums), ANY (bounds),
   then TREE for each algorithm, carry and block 2..64. */
static unsigned th_orders(int product, int with_any, th_config *list) {
    static const uint32_t blocks[6] = {2, 4, 8, 16, 32, 64};
    unsigned n = 0, a, carry, b;
    memset(list, 0, TH_MAX_ORDERS * sizeof *list);
    list[n++].order = DMLREF_FLOAT_ORDER_SEQUENTIAL;
    list[n++].order = DMLREF_FLOAT_ORDER_BLOCKED;
    if (!product) list[n++].order = DMLREF_FLOAT_ORDER_EXACT;
    if (with_any) list[n++].order = DMLREF_FLOAT_ORDER_ANY;
    for (a = 0; a < 3; a++)
        for (carry = 0; carry < 2; carry++)
            for (b = 0; b < 6; b++) {
                list[n].order = DMLREF_FLOAT_ORDER_TREE;
                list[n].tree.algorithm = (int32_t)a;
                list[n].tree.carry = (int32_t)carry;
                list[n++].tree.block = blocks[b];
            }
    return n;
}

/* Schedule indices first, first + 1, ...: consecutive configurations cover every schedule in turn. */
static void th_schedule_run(unsigned first, unsigned count, unsigned *out) {
    unsigned i;
    for (i = 0; i < count; i++) out[i] = (first + i) % (unsigned)TH_SCHEDULE_COUNT;
}

/* One configuration on one shape, on one path, under `count` schedules from `first`. */
static void th_check_config(const th_config *c, fx_rng *r, th_env *e, dmlref_isa isa, unsigned first, unsigned count,
                            th_seen *seen) {
    th_call k;
    unsigned schedules[TH_SCHEDULE_COUNT];
    if (count > TH_SCHEDULE_COUNT) count = TH_SCHEDULE_COUNT;
    th_schedule_run(first, count, schedules);
    if (th_call_init(&k, c, r)) th_check(&k, e, isa, schedules, count, seen);
    th_call_free(&k);
}

/* ---- threads/cumsum/T, threads/cumprod/T -------------------------------------------------- */

typedef struct th_op_case {
    char name[48];
    int what, product;
    DML_OPERATOR_TYPE op;
    int want_max;
    DML_TENSOR_DATA_TYPE type;
} th_op_case;

static th_op_case th_scan_cases[2 * FX_TYPE_COUNT];
static th_op_case th_arg_cases[4 * FX_TYPE_COUNT];
static th_op_case th_bound_cases[2 * FX_FLOAT_TYPE_COUNT];

static void th_run_scan_case(const void *ctx) {
    static const int scan_data[4] = {TH_DATA_WIDE, TH_DATA_SUBNORMAL, TH_DATA_WIDE, TH_DATA_SPECIAL};
    const th_op_case *oc = (const th_op_case *)ctx;
    const int is_float = fx_is_float(oc->type);
    th_config orders[TH_MAX_ORDERS];
    const unsigned n = th_orders(oc->product, 0, orders);
    fx_rng r = fx_seeded(oc->name, TH_SEED);
    th_env e;
    unsigned o, k = 0;
    int acc, seed;
    th_env_begin(&e);
    for (o = 0; o < n && !th_stop(); o++)
        for (acc = 0; acc < 3; acc++)
            for (seed = 0; seed < 2; seed++) {
                th_config c = orders[o];
                /* integers: one answer in every option, so one accumulation and seed per order */
                if (!is_float && (unsigned)(acc * 2 + seed) != o % 6u) continue;
                if (c.order == DMLREF_FLOAT_ORDER_EXACT && acc != 0) continue;
                c.what = TH_SCAN;
                c.product = oc->product;
                c.type = oc->type;
                c.accumulation = acc;
                c.seed = seed;
                c.exclusive = (int)(k & 1u);
                c.decreasing = (int)((k >> 1) & 1u);
                c.data = is_float ? scan_data[(k >> 2) & 3u] : (k & 4u) ? TH_DATA_TIES : TH_DATA_WIDE;
                c.shape = &th_scan_shapes[k % TH_LONG_SHAPES];
                th_check_config(&c, &r, &e, e.isas[k % e.isa_count], 3u * k, 3, NULL);
                c.shape = &th_scan_shapes[TH_LONG_SHAPES + k % (TH_SCAN_SHAPES - TH_LONG_SHAPES)];
                th_check_config(&c, &r, &e, e.isas[(k + 1u) % e.isa_count], 3u * k + 11u, 3, NULL);
                k++;
                if (th_stop()) break;
            }
    th_env_end(&e);
}

/* ---- threads/argmin/T, argmax/T, reduce-argmin/T, reduce-argmax/T ------------------------- */

static void th_run_arg_case(const void *ctx) {
    const th_op_case *oc = (const th_op_case *)ctx;
    const int directions = oc->op == DML_OPERATOR_REDUCE ? 1 : 2;
    fx_rng r = fx_seeded(oc->name, TH_SEED);
    th_env e;
    unsigned k = 0, s, rep;
    int nan, dir;
    th_env_begin(&e);
    for (nan = 0; nan < 3; nan++)
        for (dir = 0; dir < directions; dir++)
            for (rep = 0; rep < 3u - (unsigned)directions; rep++) /* REDUCE: two data sets per shape instead */
                for (s = 0; s < TH_ARG_SHAPES && !th_stop(); s++) {
                    th_config c;
                    memset(&c, 0, sizeof c);
                    c.what = TH_ARG;
                    c.op = oc->op;
                    c.want_max = oc->want_max;
                    c.type = oc->type;
                    c.index_type = fx_index_types[fx_below(&r, FX_INDEX_TYPE_COUNT)];
                    c.nan_policy = nan;
                    c.decreasing = dir;
                    c.data = (int)fx_below(&r, TH_DATA_COUNT);
                    c.shape = &th_arg_shapes[s];
                    th_check_config(&c, &r, &e, e.isas[k % e.isa_count], 4u * k, 4, NULL);
                    k++;
                }
    th_env_end(&e);
}

/* ---- threads/bound/T-sum, T-prod ----------------------------------------------------------- */

static void th_run_bound_case(const void *ctx) {
    const th_op_case *oc = (const th_op_case *)ctx;
    th_config orders[TH_MAX_ORDERS];
    const unsigned n = th_orders(oc->product, 1, orders);
    fx_rng r = fx_seeded(oc->name, TH_SEED);
    th_env e;
    unsigned o, k = 0, pass;
    th_env_begin(&e);
    for (o = 0; o < n && !th_stop(); o++)
        for (pass = 0; pass < 2; pass++) {
            th_config c = orders[o];
            c.what = TH_BOUND;
            c.product = oc->product;
            c.type = oc->type;
            c.accumulation = c.order == DMLREF_FLOAT_ORDER_EXACT ? 0 : (int)((k / 2u) % 3u);
            c.seed = (int)(k & 1u);
            c.exclusive = (int)((k >> 1) & 1u);
            c.decreasing = (int)((k >> 2) & 1u);
            c.data = (k % 5u) == 4u ? TH_DATA_SPECIAL : TH_DATA_WIDE;
            c.shape = &th_scan_shapes[k % TH_SCAN_SHAPES];
            th_check_config(&c, &r, &e, e.isas[k % e.isa_count], 2u * k, 2, NULL);
            k++;
        }
    th_env_end(&e);
}

/* ---- threads/long/... and threads/split/... ------------------------------------------------- */

enum { TH_SPLIT_ANY, TH_SPLIT_MUST, TH_SPLIT_NEVER };

typedef struct th_fixed_case {
    const char *name;
    th_config c; /* shape NULL: th_long_line */
    int split;   /* TH_SPLIT_MUST: some parallel_for call had task_count > 1; _NEVER: none */
} th_fixed_case;

/* Rows of th_config; arg-reductions write UINT32 indices. */
#define SCAN_OR_BOUND(what, product, type, order, algorithm, block, carry, accumulation, seed, exclusive, decreasing, \
                      data, shape)                                                                                    \
    {                                                                                                                 \
        what, product, DML_OPERATOR_INVALID, 0, DML_TENSOR_DATA_TYPE_##type, DML_TENSOR_DATA_TYPE_UINT32, exclusive,  \
            decreasing, DMLREF_FLOAT_ORDER_##order, accumulation, seed, 0, {algorithm, block, carry, 0, 0, 0},        \
            TH_DATA_##data, shape                                                                                     \
    }
#define SCAN(...) SCAN_OR_BOUND(TH_SCAN, __VA_ARGS__)
#define BOUND(...) SCAN_OR_BOUND(TH_BOUND, __VA_ARGS__)
#define ARG(op, want_max, type, nan_policy, decreasing, data)                                                \
    {                                                                                                        \
        TH_ARG, 0, DML_OPERATOR_##op, want_max, DML_TENSOR_DATA_TYPE_##type, DML_TENSOR_DATA_TYPE_UINT32, 0, \
            decreasing, 0, 0, 0, nan_policy, {0, 0, 0, 0, 0, 0}, TH_DATA_##data, NULL                        \
    }

static const th_shape th_many_lines = {"rows-512x64", 2, {512, 64}, 1, 0, {0}, NULL, NULL, 0};

/* clang-format off */
static const th_fixed_case th_fixed_cases[] = {
    /* SCAN and BOUND: product, type, order, tree {algorithm, block, carry}, accumulation, seed, exclusive,
       decreasing, data, shape; ARG: operator, want_max, type, nan_policy, decreasing, data */
    {"threads/split/many-lines-scan",
     SCAN(0, FLOAT32, SEQUENTIAL, 0, 0, 0, 0, 0, 0, 0, WIDE, &th_many_lines), TH_SPLIT_MUST},
    {"threads/split/long-int32-cumsum", SCAN(0, INT32, SEQUENTIAL, 0, 0, 0, 0, 0, 0, 0, WIDE, NULL), TH_SPLIT_MUST},
    {"threads/split/long-blocked-float32-cumsum",
     SCAN(0, FLOAT32, BLOCKED, 0, 0, 0, 0, 0, 0, 0, WIDE, NULL), TH_SPLIT_MUST},
    {"threads/split/long-argmax", ARG(ARGMAX, 1, FLOAT32, 0, 0, RARE_NAN), TH_SPLIT_MUST},
    {"threads/split/long-exact-float32-cumsum",
     SCAN(0, FLOAT32, EXACT, 0, 0, 0, 0, 0, 0, 0, WIDE, NULL), TH_SPLIT_MUST},
    {"threads/split/long-exact-float16-cumsum",
     SCAN(0, FLOAT16, EXACT, 0, 0, 0, 0, 0, 0, 0, WIDE, NULL), TH_SPLIT_MUST},
    {"threads/split/long-exact-float64-cumsum",
     SCAN(0, FLOAT64, EXACT, 0, 0, 0, 0, 0, 0, 0, WIDE, NULL), TH_SPLIT_MUST},
    {"threads/split/long-sequential-float32-stays-on-one-task",
     SCAN(0, FLOAT32, SEQUENTIAL, 0, 0, 0, 0, 0, 0, 0, WIDE, NULL), TH_SPLIT_NEVER},
    {"threads/long/cumsum-u8-exclusive-decreasing",
     SCAN(0, UINT8, SEQUENTIAL, 0, 0, 0, 0, 0, 1, 1, WIDE, NULL), TH_SPLIT_ANY},
    {"threads/long/cumsum-i64-tree", SCAN(0, INT64, TREE, 1, 32, 1, 0, 1, 0, 0, WIDE, NULL), TH_SPLIT_ANY},
    {"threads/long/cumprod-i32", SCAN(1, INT32, SEQUENTIAL, 0, 0, 0, 0, 0, 0, 1, WIDE, NULL), TH_SPLIT_ANY},
    {"threads/long/cumsum-f32-blocked-exclusive-decreasing-seed",
     SCAN(0, FLOAT32, BLOCKED, 0, 0, 0, 0, 1, 1, 1, WIDE, NULL), TH_SPLIT_ANY},
    {"threads/long/cumsum-f64-blocked-subnormal",
     SCAN(0, FLOAT64, BLOCKED, 0, 0, 0, 0, 0, 0, 0, SUBNORMAL, NULL), TH_SPLIT_ANY},
    {"threads/long/cumsum-f16-blocked-native",
     SCAN(0, FLOAT16, BLOCKED, 0, 0, 0, 1, 0, 0, 0, WIDE, NULL), TH_SPLIT_ANY},
    {"threads/split/long-blocked-float32-cumsum-special",
     SCAN(0, FLOAT32, BLOCKED, 0, 0, 0, 0, 0, 0, 0, SPECIAL, NULL), TH_SPLIT_MUST},
    {"threads/split/long-blocked-float32-cumsum-subnormal-exclusive",
     SCAN(0, FLOAT32, BLOCKED, 0, 0, 0, 0, 0, 1, 0, SUBNORMAL, NULL), TH_SPLIT_MUST},
    {"threads/split/long-blocked-float16-cumsum",
     SCAN(0, FLOAT16, BLOCKED, 0, 0, 0, 0, 0, 0, 0, WIDE, NULL), TH_SPLIT_MUST},
    {"threads/split/long-blocked-float16-cumsum-special",
     SCAN(0, FLOAT16, BLOCKED, 0, 0, 0, 0, 0, 0, 0, SPECIAL, NULL), TH_SPLIT_MUST},
    {"threads/split/long-tree-16-after-float16-cumsum-subnormal",
     SCAN(0, FLOAT16, TREE, 1, 16, 0, 0, 0, 1, 0, SUBNORMAL, NULL), TH_SPLIT_MUST},
    {"threads/long/cumsum-f32-blocked-wide-special",
     SCAN(0, FLOAT32, BLOCKED, 0, 0, 0, 2, 0, 0, 1, SPECIAL, NULL), TH_SPLIT_ANY},
    {"threads/long/cumsum-f32-exact", SCAN(0, FLOAT32, EXACT, 0, 0, 0, 0, 0, 0, 0, WIDE, NULL), TH_SPLIT_ANY},
    {"threads/long/cumsum-f16-exact-decreasing-seed",
     SCAN(0, FLOAT16, EXACT, 0, 0, 0, 0, 1, 1, 1, SUBNORMAL, NULL), TH_SPLIT_ANY},
    {"threads/long/cumsum-f32-tree-kogge-stone-64-after",
     SCAN(0, FLOAT32, TREE, 0, 64, 0, 0, 0, 0, 0, WIDE, NULL), TH_SPLIT_ANY},
    {"threads/long/cumsum-f16-tree-sklansky-2-after-wide",
     SCAN(0, FLOAT16, TREE, 1, 2, 0, 2, 0, 1, 0, WIDE, NULL), TH_SPLIT_ANY},
    {"threads/long/cumsum-f64-tree-brent-kung-32-after-seed",
     SCAN(0, FLOAT64, TREE, 2, 32, 0, 0, 1, 0, 1, SUBNORMAL, NULL), TH_SPLIT_ANY},
    {"threads/long/cumsum-f32-tree-sklansky-16-into-first",
     SCAN(0, FLOAT32, TREE, 1, 16, 1, 0, 1, 0, 0, WIDE, NULL), TH_SPLIT_ANY},
    {"threads/long/cumsum-f32-tree-kogge-stone-4096-after",
     SCAN(0, FLOAT32, TREE, 0, 4096, 0, 0, 0, 0, 0, WIDE, NULL), TH_SPLIT_ANY},
    {"threads/long/cumprod-f16-tree-sklansky-2048-after-wide",
     SCAN(1, FLOAT16, TREE, 1, 2048, 0, 2, 1, 1, 1, WIDE, NULL), TH_SPLIT_ANY},
    {"threads/long/cumsum-f32-sequential-wide-subnormal",
     SCAN(0, FLOAT32, SEQUENTIAL, 0, 0, 0, 2, 0, 0, 0, SUBNORMAL, NULL), TH_SPLIT_ANY},
    {"threads/long/cumprod-f32-tree-kogge-stone-8-after",
     SCAN(1, FLOAT32, TREE, 0, 8, 0, 0, 0, 0, 0, WIDE, NULL), TH_SPLIT_ANY},
    {"threads/long/cumprod-f16-tree-brent-kung-64-after-native",
     SCAN(1, FLOAT16, TREE, 2, 64, 0, 1, 0, 1, 1, WIDE, NULL), TH_SPLIT_ANY},
    {"threads/long/cumprod-f64-sequential",
     SCAN(1, FLOAT64, SEQUENTIAL, 0, 0, 0, 0, 0, 0, 0, SUBNORMAL, NULL), TH_SPLIT_ANY},
    {"threads/long/argmax-f32-propagate-nan", ARG(ARGMAX, 1, FLOAT32, 0, 0, RARE_NAN), TH_SPLIT_ANY},
    {"threads/long/argmin-f16-ignore-nan", ARG(ARGMIN, 0, FLOAT16, 1, 0, NAN), TH_SPLIT_ANY},
    {"threads/long/argmax-f64-compare-decreasing", ARG(ARGMAX, 1, FLOAT64, 2, 1, RARE_NAN), TH_SPLIT_ANY},
    {"threads/long/argmin-f32-rising-decreasing", ARG(ARGMIN, 0, FLOAT32, 0, 1, RISING), TH_SPLIT_ANY},
    {"threads/long/argmax-f32-rising", ARG(ARGMAX, 1, FLOAT32, 1, 0, RISING), TH_SPLIT_ANY},
    {"threads/long/argmax-f32-subnormal", ARG(ARGMAX, 1, FLOAT32, 0, 0, SUBNORMAL), TH_SPLIT_ANY},
    {"threads/long/argmin-f16-zeros", ARG(ARGMIN, 0, FLOAT16, 2, 1, ZEROS), TH_SPLIT_ANY},
    {"threads/long/reduce-argmax-i8-falling", ARG(REDUCE, 1, INT8, 0, 0, FALLING), TH_SPLIT_ANY},
    {"threads/long/reduce-argmin-u16-ties", ARG(REDUCE, 0, UINT16, 0, 0, TIES), TH_SPLIT_ANY},
    {"threads/long/argmin-f32-ignore-all-nan-decreasing", ARG(ARGMIN, 0, FLOAT32, 1, 1, ALL_NAN), TH_SPLIT_ANY},
    {"threads/long/argmax-f16-propagate-all-nan-decreasing", ARG(ARGMAX, 1, FLOAT16, 0, 1, ALL_NAN), TH_SPLIT_ANY},
    {"threads/long/argmax-f64-compare-all-nan", ARG(ARGMAX, 1, FLOAT64, 2, 0, ALL_NAN), TH_SPLIT_ANY},
    {"threads/long/argmin-f32-propagate-rare-nan-decreasing", ARG(ARGMIN, 0, FLOAT32, 0, 1, RARE_NAN), TH_SPLIT_ANY},
    {"threads/long/reduce-argmax-f32-ignore-mostly-nan", ARG(REDUCE, 1, FLOAT32, 1, 0, MOSTLY_NAN), TH_SPLIT_ANY},
    {"threads/long/bound-f32-any", BOUND(0, FLOAT32, ANY, 0, 0, 0, 0, 0, 0, 0, WIDE, NULL), TH_SPLIT_ANY},
    {"threads/long/bound-f16-tree-after-native",
     BOUND(0, FLOAT16, TREE, 1, 64, 0, 1, 1, 1, 0, WIDE, NULL), TH_SPLIT_ANY},
    {"threads/long/bound-f64-prod-blocked", BOUND(1, FLOAT64, BLOCKED, 0, 0, 0, 0, 0, 0, 1, WIDE, NULL), TH_SPLIT_ANY},
};
/* clang-format on */

#undef SCAN_OR_BOUND
#undef SCAN
#undef BOUND
#undef ARG

static void th_run_fixed_case(const void *ctx) {
    const th_fixed_case *f = (const th_fixed_case *)ctx;
    /* the split checks run schedules that allow a split; the others take turns through all of them */
    static const char *const split_names[4] = {"forward/7", "shuffled/64", "reverse/2", "pool2/64"};
    unsigned split_schedules[4];
    fx_rng r = fx_seeded(f->name, TH_SEED);
    th_config c = f->c;
    th_call k;
    th_env e;
    th_seen seen;
    unsigned i;
    memset(&seen, 0, sizeof seen);
    if (!c.shape) c.shape = &th_long_line;
    for (i = 0; i < 4; i++) split_schedules[i] = th_schedule_named(split_names[i]);
    th_env_begin(&e);
    if (th_call_init(&k, &c, &r)) {
        for (i = 0; i < e.isa_count && !th_stop(); i++) {
            unsigned schedules[5];
            if (f->split != TH_SPLIT_ANY) {
                th_check(&k, &e, e.isas[i], split_schedules, 4, &seen);
            } else {
                th_schedule_run(5u * i, 5, schedules);
                th_check(&k, &e, e.isas[i], schedules, 5, &seen);
            }
        }
        if (f->split == TH_SPLIT_MUST)
            TR_CHECKF(seen.largest > 1,
                      "%s: the library never split the work (%lu runs, %lu parallel_for calls, none with "
                      "task_count > 1)",
                      k.what, seen.runs, seen.calls);
        if (f->split == TH_SPLIT_NEVER)
            TR_CHECKF(seen.largest <= 1, "%s: a parallel_for call had task_count %lu (must stay on one task)", k.what,
                      (unsigned long)seen.largest);
    }
    th_call_free(&k);
    th_env_end(&e);
}

/* ---- threads/exact-split/... ---------------------------------------------------------------------

   EXACT sums of one to three long lines (fewer lines than tasks), on data built to break a split that
   is not exact: every output equals the exact oracle's, with every schedule that can split, and some
   parallel_for call has more tasks than the call has lines (so a line was cut: its lines alone give
   no work to more tasks). The data are built in traversal order, in segments of 1024 elements (where
   a cut is expected) and of other lengths. */

enum {
    TH_EX_BITS,          /* 2^hi, half its ulp, 1, half an ulp of 1, tiny values: see th_exact_line */
    TH_EX_BITS_FAR,      /* the same from the largest binade down to the subnormals (f64: ~2100 bits) */
    TH_EX_CANCEL,        /* segment pairs: v..., then -v in another order; every other pair leaves a tiny residue */
    TH_EX_NAN_MIDDLE,    /* wide values, one NaN (any sign and payload) in the middle */
    TH_EX_INF_NEG_INF,   /* wide values, +inf in the 2nd quarter, -inf in the 4th */
    TH_EX_PLUS_INF,      /* wide values and -MAX (finite prefixes overflow to -inf), then +inf twice */
    TH_EX_MINUS_ZEROS,   /* -0.0 only */
    TH_EX_ONE_PLUS_ZERO, /* -0.0 but for one +0.0 at 5/8 */
    TH_EX_ZERO_CANCEL,   /* -0.0 but for x and, 1500 later, -x */
    TH_EX_MAX_WALK,      /* +-MAX drifting up (and small values), mirrored back: prefixes pass MAX and return */
    TH_EX_SUBNORMAL      /* subnormals only, 3/4 positive */
};

typedef struct th_exact_case {
    const char *name;
    DML_TENSOR_DATA_TYPE type;
    int pattern;
    UINT lines, length;
    int exclusive, decreasing, seed, in_place;
} th_exact_case;

#define EX(name, type, pattern, lines, length, exclusive, decreasing, seed, in_place)                        \
    {                                                                                                        \
        "threads/exact-split/" name, DML_TENSOR_DATA_TYPE_##type, TH_EX_##pattern, lines, length, exclusive, \
            decreasing, seed, in_place                                                                       \
    }

/* clang-format off */
static const th_exact_case th_exact_cases[] = {
    /* name, type, pattern, lines, length, exclusive, decreasing, identity_seed, in place */
    EX("f64-bits-2^100-1-2^-100", FLOAT64, BITS, 1, 100003, 0, 0, 0, 0),
    EX("f32-bits-2^100-1-2^-100-exclusive", FLOAT32, BITS, 1, 10007, 1, 0, 0, 0),
    EX("f16-bits-2^14-1-2^-24-decreasing", FLOAT16, BITS, 1, 5000, 0, 1, 0, 0),
    EX("f64-bits-2^1023-to-2^-1074-seed-in-place", FLOAT64, BITS_FAR, 1, 9000, 0, 0, 1, 1),
    EX("f32-bits-2^127-to-2^-149-decreasing", FLOAT32, BITS_FAR, 1, 4097, 0, 1, 0, 0),
    EX("f16-bits-2^15-to-2^-24-exclusive", FLOAT16, BITS_FAR, 1, 4500, 1, 0, 0, 0),
    EX("f32-bits-1025", FLOAT32, BITS, 1, 1025, 0, 0, 0, 0),
    EX("f64-bits-4096", FLOAT64, BITS, 1, 4096, 0, 0, 0, 0),
    EX("f64-cancel-pieces", FLOAT64, CANCEL, 1, 100003, 0, 0, 0, 0),
    EX("f32-cancel-pieces-exclusive-decreasing", FLOAT32, CANCEL, 1, 6000, 1, 1, 0, 0),
    EX("f16-cancel-pieces-seed", FLOAT16, CANCEL, 1, 3073, 0, 0, 1, 0),
    EX("f64-cancel-2049", FLOAT64, CANCEL, 1, 2049, 0, 0, 0, 0),
    EX("f32-cancel-2050-in-place", FLOAT32, CANCEL, 1, 2050, 0, 0, 0, 1),
    EX("f32-nan-middle-piece", FLOAT32, NAN_MIDDLE, 1, 5000, 0, 0, 0, 0),
    EX("f16-nan-middle-piece-decreasing-in-place", FLOAT16, NAN_MIDDLE, 1, 4100, 0, 1, 0, 1),
    EX("f64-nan-middle-piece-exclusive", FLOAT64, NAN_MIDDLE, 1, 3001, 1, 0, 0, 0),
    EX("f64-inf-then-minus-inf", FLOAT64, INF_NEG_INF, 1, 5000, 0, 0, 0, 0),
    EX("f32-inf-then-minus-inf-exclusive", FLOAT32, INF_NEG_INF, 1, 8191, 1, 0, 0, 0),
    EX("f16-inf-then-minus-inf-decreasing", FLOAT16, INF_NEG_INF, 1, 2049, 0, 1, 0, 0),
    EX("f16-plus-inf-only", FLOAT16, PLUS_INF, 1, 5000, 0, 0, 0, 0),
    EX("f32-plus-inf-only-seed", FLOAT32, PLUS_INF, 1, 3500, 0, 0, 1, 0),
    EX("f64-plus-inf-only-decreasing", FLOAT64, PLUS_INF, 1, 2049, 0, 1, 0, 0),
    EX("f32-all-minus-zero", FLOAT32, MINUS_ZEROS, 1, 5000, 0, 0, 0, 0),
    EX("f32-all-minus-zero-exclusive", FLOAT32, MINUS_ZEROS, 1, 5000, 1, 0, 0, 0),
    EX("f16-all-minus-zero-seed", FLOAT16, MINUS_ZEROS, 1, 4097, 0, 0, 1, 0),
    EX("f64-all-minus-zero-exclusive-seed", FLOAT64, MINUS_ZEROS, 1, 3000, 1, 0, 1, 0),
    EX("f64-all-minus-zero-decreasing-in-place", FLOAT64, MINUS_ZEROS, 1, 2049, 0, 1, 0, 1),
    EX("f16-all-minus-zero-exclusive-decreasing", FLOAT16, MINUS_ZEROS, 1, 2050, 1, 1, 0, 0),
    EX("f32-minus-zeros-one-plus-zero", FLOAT32, ONE_PLUS_ZERO, 1, 5000, 0, 0, 0, 0),
    EX("f16-minus-zeros-one-plus-zero-exclusive-decreasing", FLOAT16, ONE_PLUS_ZERO, 1, 3001, 1, 1, 0, 0),
    EX("f64-minus-zeros-one-plus-zero-seed", FLOAT64, ONE_PLUS_ZERO, 1, 2500, 0, 0, 1, 0),
    EX("f64-minus-zeros-x-minus-x", FLOAT64, ZERO_CANCEL, 1, 4500, 0, 0, 0, 0),
    EX("f32-minus-zeros-x-minus-x-exclusive-in-place", FLOAT32, ZERO_CANCEL, 1, 3100, 1, 0, 0, 1),
    EX("f16-max-walk", FLOAT16, MAX_WALK, 1, 100003, 0, 0, 0, 0),
    EX("f16-max-walk-even", FLOAT16, MAX_WALK, 1, 20000, 0, 0, 0, 0),
    EX("f16-max-walk-exclusive-decreasing-in-place", FLOAT16, MAX_WALK, 1, 2050, 1, 1, 0, 1),
    EX("f32-max-walk", FLOAT32, MAX_WALK, 1, 5001, 0, 0, 0, 0),
    EX("f64-max-walk-seed", FLOAT64, MAX_WALK, 1, 3334, 0, 0, 1, 0),
    EX("f16-subnormal-only", FLOAT16, SUBNORMAL, 1, 100003, 0, 0, 0, 0),
    EX("f32-subnormal-only-exclusive", FLOAT32, SUBNORMAL, 1, 1025, 1, 0, 0, 0),
    EX("f64-subnormal-only-in-place", FLOAT64, SUBNORMAL, 1, 6000, 0, 0, 0, 1),
    EX("f32-bits-2-lines", FLOAT32, BITS, 2, 5000, 0, 0, 0, 0),
    EX("f64-cancel-3-lines-exclusive", FLOAT64, CANCEL, 3, 3001, 1, 0, 0, 0),
    EX("f16-max-walk-3-lines-decreasing", FLOAT16, MAX_WALK, 3, 2100, 0, 1, 0, 0),
    EX("f32-inf-then-minus-inf-2-lines-in-place", FLOAT32, INF_NEG_INF, 2, 4097, 0, 0, 0, 1),
};
/* clang-format on */
#undef EX

#define TH_EX_SEGMENT 1024u

/* Exponent limits of a float type: the largest binade, the smallest normal one, the smallest subnormal. */
static int th_emax(DML_TENSOR_DATA_TYPE t) { return (int)(th_exponent_ones(t) / 2u); }
static int th_emin(DML_TENSOR_DATA_TYPE t) { return 1 - th_emax(t); }
static int th_etiny(DML_TENSOR_DATA_TYPE t) { return th_emin(t) - (int)th_format_of(t).mantissa; }

/* +-2^e (th_etiny(t) <= e <= th_emax(t)). */
static uint64_t th_pow2(DML_TENSOR_DATA_TYPE t, int negative, int e) {
    if (e >= th_emin(t)) return th_pack(t, negative, (uint64_t)(e + th_emax(t)), 0);
    return th_pack(t, negative, 0, (uint64_t)1 << (e - th_etiny(t)));
}
/* A random significand in the binade of 2^e, random sign; below the normal range a random subnormal. */
static uint64_t th_binade(fx_rng *r, DML_TENSOR_DATA_TYPE t, int e) {
    const int negative = (int)fx_below(r, 2);
    if (e >= th_emin(t)) return th_pack(t, negative, (uint64_t)(e + th_emax(t)), fx_next(r));
    return th_pack(t, negative, 0, fx_next(r) | 1u);
}
/* A tiny value of the binade 2^lo; FLOAT16 subnormals only up to 3 x 2^-24, so that a segment of them
   stays below half an ulp of 1. */
static uint64_t th_tiny(fx_rng *r, DML_TENSOR_DATA_TYPE t, int lo, int negative) {
    if (lo >= th_emin(t) || t != DML_TENSOR_DATA_TYPE_FLOAT16)
        return (th_binade(r, t, lo) & ~th_sign_bit(t)) | (negative ? th_sign_bit(t) : 0);
    return th_pack(t, negative, 0, 1u + fx_below(r, 3));
}
/* A random value of the binades 2^-w .. 2^w (w per type). */
static uint64_t th_wide(fx_rng *r, DML_TENSOR_DATA_TYPE t) {
    const int w = t == DML_TENSOR_DATA_TYPE_FLOAT16 ? 5 : t == DML_TENSOR_DATA_TYPE_FLOAT32 ? 40 : 300;
    return th_binade(r, t, (int)fx_below(r, (uint32_t)(2 * w + 1)) - w);
}
static uint64_t th_max_finite(DML_TENSOR_DATA_TYPE t, int negative) {
    return th_pack(t, negative, th_exponent_ones(t) - 1u, ~(uint64_t)0);
}

/* One line of n elements in traversal order. */
static void th_exact_line(fx_rng *r, const th_exact_case *x, uint64_t *v, UINT n) {
    const DML_TENSOR_DATA_TYPE t = x->type;
    const uint64_t minus = th_sign_bit(t);
    const int far = x->pattern == TH_EX_BITS_FAR;
    /* BITS: big 2^hi, half its ulp, tiny values of the binade 2^lo */
    const int hi = far ? th_emax(t) : th_emax(t) - 1 < 100 ? th_emax(t) - 1 : 100;
    const int lo = far || th_etiny(t) > -100 ? th_etiny(t) : -100;
    const int precision = (int)th_format_of(t).mantissa + 1;
    UINT i, pair_start = 0, pair = 0, half = n / 2u;
    uint64_t residue = 0;
    for (i = 0; i < n; i++) {
        const UINT segment = i / TH_EX_SEGMENT, o = i % TH_EX_SEGMENT;
        switch (x->pattern) {
        case TH_EX_BITS:
        case TH_EX_BITS_FAR:
            /* segment 0: B = 2^hi, H = half an ulp of B, 1, h = half an ulp of 1, positive tiny values T0:
               the carry after it needs every bit from 2^hi down to 2^lo. Segment 1: -B, -H (the prefix is
               now 1 + h + T0, a tie that only T0 > 0 breaks), then values of the binade of 1. Segment 2:
               tiny values of either sign. Segment 3: -1, -h, segment 1's values negated: the prefix is
               the tiny values alone. Then again. */
            switch (segment % 4u) {
            case 0:
                v[i] = o == 0   ? th_pow2(t, 0, hi)
                       : o == 1 ? th_pow2(t, 0, hi - precision)
                       : o == 2 ? th_pow2(t, 0, 0)
                       : o == 3 ? th_pow2(t, 0, -precision)
                                : th_tiny(r, t, lo, 0);
                break;
            case 1:
                v[i] = o == 0 ? th_pow2(t, 1, hi) : o == 1 ? th_pow2(t, 1, hi - precision) : th_binade(r, t, 0);
                break;
            case 2: v[i] = th_tiny(r, t, lo, (int)fx_below(r, 2)); break;
            default:
                v[i] = o == 0   ? th_pow2(t, 1, 0)
                       : o == 1 ? th_pow2(t, 1, -precision)
                                : v[i - 2u * TH_EX_SEGMENT] ^ minus; /* undo segment 1 */
                break;
            }
            break;
        case TH_EX_CANCEL: {
            /* pair p: L elements, then the same L negated in another order; odd pairs replace their first
               element by a tiny residue (negated as -0.0 instead), the pair after next takes it back */
            const UINT length = pair % 2u ? 777u : TH_EX_SEGMENT;
            const UINT at = i - pair_start;
            if (at < length) {
                if (at == 0 && pair % 2u == 1u)
                    v[i] = residue = pair % 4u == 1u ? th_binade(r, t, th_etiny(t)) : residue ^ minus;
                else v[i] = th_wide(r, t);
            } else {
                const UINT from = pair % 3u == 0 ? 2u * length - 1u - at : (at - length) * 389u % length;
                v[i] = pair % 2u == 1u && from == 0 ? minus : v[pair_start + from] ^ minus;
            }
            if (at + 1u == 2u * length) {
                pair++;
                pair_start = i + 1u;
            }
            break;
        }
        case TH_EX_NAN_MIDDLE: v[i] = i == n / 2u ? th_nan(r, t) : th_wide(r, t); break;
        case TH_EX_INF_NEG_INF:
            v[i] = i == n / 4u + 1u ? th_infinity(t, 0) : i == 3u * (n / 4u) - 1u ? th_infinity(t, 1) : th_wide(r, t);
            break;
        case TH_EX_PLUS_INF:
            v[i] = i == n / 3u || i == 2u * (n / 3u) ? th_infinity(t, 0)
                   : fx_below(r, 20) == 0            ? th_max_finite(t, 1)
                                                     : th_wide(r, t);
            break;
        case TH_EX_MINUS_ZEROS: v[i] = minus; break;
        case TH_EX_ONE_PLUS_ZERO: v[i] = i == n / 8u * 5u ? 0 : minus; break;
        case TH_EX_ZERO_CANCEL:
            v[i] = i == n / 2u - 3u ? th_wide(r, t) : i == n / 2u + 1497u ? v[n / 2u - 3u] ^ minus : minus;
            break;
        case TH_EX_MAX_WALK:
            if (i >= n - half) v[i] = v[n - 1u - i] ^ minus; /* the mirror: prefixes retrace their way back */
            else if (i < half && fx_below(r, 8) == 0) v[i] = th_binade(r, t, (int)fx_below(r, 10) - 6);
            else v[i] = th_max_finite(t, i < half && fx_below(r, 8) >= 5); /* the middle of an odd n: +MAX */
            break;
        default: /* TH_EX_SUBNORMAL */ v[i] = th_pack(t, fx_below(r, 4) == 0, 0, fx_next(r) | 1u); break;
        }
    }
}

/* The oracle's output at traversal position pos of a line (the exact-split shapes are packed). */
static uint64_t th_ex_expected(const th_call *k, UINT line, UINT pos) {
    const UINT n = k->c.shape->sizes[k->c.shape->axis];
    const unsigned size = fx_type_size(k->c.type);
    return fx_load(k->expect + ((size_t)line * n + (k->c.decreasing ? n - 1u - pos : pos)) * size, size);
}

/* What the contract says of some outputs of the patterns, checked on the oracle's answer (so that the
   data do what they are built for, and the oracle agrees with the rules written out by hand). */
static void th_ex_hand_check(const th_exact_case *x, const th_call *k, const uint64_t *v, UINT line) {
    const DML_TENSOR_DATA_TYPE t = x->type;
    const UINT n = x->length, ex = (UINT)x->exclusive;
    const uint64_t minus = th_sign_bit(t), nan = th_canonical_nan(t);
    UINT pos, bad = 0, first = 0;
    uint64_t want = 0, got = 0;
    for (pos = 0; pos < n; pos++) {
        /* the prefix of pos holds the elements before `end` */
        const UINT end = pos + 1u - ex;
        uint64_t w = 0;
        int known = 1;
        switch (x->pattern) {
        case TH_EX_BITS:
        case TH_EX_BITS_FAR:
            known = end == 2u || end == TH_EX_SEGMENT + 2u;
            /* 2^hi plus half its ulp: a tie, to the even 2^hi; 1 + h + T0 (T0 > 0): the float after 1 */
            w = end == 2u ? v[0] : th_pack(t, 0, (uint64_t)th_emax(t), 1);
            if (end == 4u * TH_EX_SEGMENT) { /* the ~1 values and 2^hi gone: the tiny values alone */
                const double y = th_bits_value(t, th_ex_expected(k, line, pos));
                const int precision = (int)th_format_of(t).mantissa + 1;
                const int lo = x->pattern == TH_EX_BITS_FAR || th_etiny(t) > -100 ? th_etiny(t) : -100;
                TR_CHECKF(y != 0 && y < ldexp(1.0, lo + precision + 12) && y > -ldexp(1.0, lo + precision + 12),
                          "%s line %lu: output %lu is %g, not the sum of the tiny values", x->name, (unsigned long)line,
                          (unsigned long)pos, y);
            }
            break;
        case TH_EX_CANCEL: { /* pairs 0, 3, 4, 7, 8, ... end on an exact zero: +0.0 */
            UINT q, at = 0;
            known = 0;
            for (q = 0; at < end; q++) {
                at += 2u * (q % 2u ? 777u : TH_EX_SEGMENT);
                if (at == end && (q % 4u == 0 || q % 4u == 3u)) known = 1;
            }
            break;
        }
        case TH_EX_NAN_MIDDLE:
            known = end > n / 2u;
            w = nan;
            if (!known) TR_CHECKF(!th_bits_nan(t, th_ex_expected(k, line, pos)), "%s: a NaN before the NaN", x->name);
            break;
        case TH_EX_INF_NEG_INF:
            known = end > n / 4u + 1u;
            w = end > 3u * (n / 4u) - 1u ? nan : th_infinity(t, 0);
            break;
        case TH_EX_PLUS_INF:
            known = end > n / 3u;
            w = th_infinity(t, 0);
            break;
        case TH_EX_MINUS_ZEROS: w = end > 0 && !x->seed ? minus : 0; break;
        case TH_EX_ONE_PLUS_ZERO: w = end > 0 && !x->seed && end <= n / 8u * 5u ? minus : 0; break;
        case TH_EX_ZERO_CANCEL:
            w = end > n / 2u + 1497u ? 0 : end > n / 2u - 3u ? v[n / 2u - 3u] : end > 0 && !x->seed ? minus : 0;
            break;
        case TH_EX_MAX_WALK: /* the whole line: 0 (n even), or the middle element +MAX */
            known = end == n;
            w = n % 2u ? th_max_finite(t, 0) : 0;
            break;
        default: known = 0; break;
        }
        if (known && th_ex_expected(k, line, pos) != w && bad++ == 0) {
            first = pos;
            want = w;
            got = th_ex_expected(k, line, pos);
        }
    }
    TR_CHECKF(bad == 0,
              "%s line %lu: the exact oracle has 0x%llx at traversal position %lu, the contract 0x%llx (%lu "
              "positions)",
              x->name, (unsigned long)line, (unsigned long long)got, (unsigned long)first, (unsigned long long)want,
              (unsigned long)bad);
}

static void th_run_exact_case(const void *ctx) {
    /* schedules that can split (max_tasks above the lines), hostile ones and both pools among them */
    static const char *const names[8] = {"forward/7",  "shuffled/64", "reverse/64", "pool2/64",
                                         "hostile/64", "pool3/7",     "hostile/7",  "shuffled/7"};
    const th_exact_case *x = (const th_exact_case *)ctx;
    const unsigned size = fx_type_size(x->type);
    fx_rng r = fx_seeded(x->name, TH_SEED);
    char shape_name[48];
    th_shape shape;
    th_config c;
    th_call k;
    th_env e;
    th_seen seen;
    unsigned schedules[8], i;
    UINT line, pos;
    uint64_t *v = (uint64_t *)malloc((size_t)x->length * sizeof *v);
    memset(&shape, 0, sizeof shape);
    memset(&c, 0, sizeof c);
    memset(&k, 0, sizeof k);
    memset(&seen, 0, sizeof seen);
    if (x->lines > 1)
        snprintf(shape_name, sizeof shape_name, "lines-%lux%lu", (unsigned long)x->lines, (unsigned long)x->length);
    else snprintf(shape_name, sizeof shape_name, "line-%lu", (unsigned long)x->length);
    shape.name = shape_name;
    shape.rank = x->lines > 1 ? 2u : 1u;
    shape.sizes[0] = x->lines > 1 ? x->lines : x->length;
    shape.sizes[1] = x->length;
    shape.axis = shape.rank - 1u;
    shape.in_place = x->in_place;
    c.what = TH_SCAN;
    c.type = x->type;
    c.index_type = DML_TENSOR_DATA_TYPE_UINT32;
    c.exclusive = x->exclusive;
    c.decreasing = x->decreasing;
    c.order = DMLREF_FLOAT_ORDER_EXACT;
    c.seed = x->seed;
    c.shape = &shape;
    for (i = 0; i < 8; i++) schedules[i] = th_schedule_named(names[i]);
    th_env_begin(&e);
    if (TR_CHECKF(v != NULL, "%s: out of memory", x->name) && th_call_init(&k, &c, &r)) {
        snprintf(k.what, sizeof k.what, "%s", x->name);
        for (line = 0; line < x->lines; line++) {
            th_exact_line(&r, x, v, x->length);
            for (pos = 0; pos < x->length; pos++)
                fx_store(k.input + ((size_t)line * x->length + (x->decreasing ? x->length - 1u - pos : pos)) * size,
                         size, v[pos]);
        }
        if (th_call_input_ready(&k)) {
            /* the hand checks see the last line's data; the lines before have their own (same pattern) */
            th_ex_hand_check(x, &k, v, x->lines - 1u);
            for (i = 0; i < e.isa_count && !th_stop(); i++) th_check(&k, &e, e.isas[i], schedules, 8, &seen);
            TR_CHECKF(seen.largest > x->lines,
                      "%s: no line was cut (%lu runs, %lu parallel_for calls, the largest task_count %lu for %lu "
                      "line(s))",
                      x->name, seen.runs, seen.calls, (unsigned long)seen.largest, (unsigned long)x->lines);
        }
    }
    th_call_free(&k);
    free(v);
    th_env_end(&e);
}

/* ---- threads/scheduler ------------------------------------------------------------------------- */

typedef struct th_trace {
    uint32_t order[64]; /* the indices in the order they ran */
    uint32_t count;
    int hostile_ok; /* every task saw rounding toward zero and a flushed subnormal */
} th_trace;

/* 1 when this thread rounds toward zero and flushes subnormals (where it can). */
static int th_env_is_hostile(void) {
    volatile float tiny = 1e-39f, one = 1.0f; /* a float32 subnormal */
    float product = tiny * one;
    int flushed = 1;
#if defined(SCHED_MXCSR) || defined(SCHED_FPCR)
    flushed = product == 0.0f;
#endif
    (void)product;
#ifdef FE_TOWARDZERO
    return flushed && fegetround() == FE_TOWARDZERO;
#else
    return flushed;
#endif
}

static void th_trace_task(void *argument, uint32_t index) {
    th_trace *t = (th_trace *)argument;
    if (t->count < 64) t->order[t->count++] = index;
    if (!th_env_is_hostile()) t->hostile_ok = 0;
}

#ifdef TH_PTHREADS
typedef struct th_barrier {
    pthread_mutex_t lock;
    pthread_cond_t all_in;
    unsigned arrived, needed, timed_out, hostile_seen;
    int ran[64];
} th_barrier;

/* Each task waits (10 s at most) until `needed` tasks have arrived: only tasks that run at once get through. */
static void th_barrier_task(void *argument, uint32_t index) {
    th_barrier *b = (th_barrier *)argument;
    struct timespec until;
    int hostile = th_env_is_hostile();
    until.tv_sec = time(NULL) + 10;
    until.tv_nsec = 0;
    pthread_mutex_lock(&b->lock);
    if (index < 64) b->ran[index]++;
    if (hostile) b->hostile_seen++;
    if (++b->arrived >= b->needed) pthread_cond_broadcast(&b->all_in);
    while (b->arrived < b->needed)
        if (pthread_cond_timedwait(&b->all_in, &b->lock, &until) != 0 && b->arrived < b->needed) {
            b->timed_out++;
            break;
        }
    pthread_mutex_unlock(&b->lock);
}
#endif

/* 1 when sched_env_hostile takes effect here (valgrind, for one, ignores flush-to-zero). */
static int th_hostile_works(void) {
    sched_env saved;
    int works;
    sched_env_hostile(&saved);
    works = th_env_is_hostile();
    sched_env_restore(&saved);
    return works;
}

static void th_run_scheduler(const void *ctx) {
    static const uint32_t maxes[5] = {1, 2, 3, 7, 64};
    static const char *const order_names[3] = {"forward", "reverse", "shuffled"};
    const int hostile_works = th_hostile_works();
    int order, hostile;
    unsigned m;
    (void)ctx;
    if (!hostile_works)
        printf("  note threads/scheduler: flush-to-zero or rounding toward zero does not take effect here: the "
               "hostile environment is not checked\n");
    for (hostile = 0; hostile < 2; hostile++)
        for (order = 0; order < SCHED_ORDER_COUNT; order++)
            for (m = 0; m < 5; m++) {
                const uint32_t n = maxes[m];
                sched s;
                th_trace t;
                uint32_t i, seen[64];
                uint64_t before = sched_mode_bits(sched_control());
                int round = fegetround();
                memset(&t, 0, sizeof t);
                memset(seen, 0, sizeof seen);
                t.hostile_ok = 1;
                sched_init(&s, order, hostile, n, 12345u + m);
                s.parallel.parallel_for(s.parallel.context, n, th_trace_task, &t);
                TR_CHECKF(t.count == n, "%s/%lu%s: %lu tasks ran", order_names[order], (unsigned long)n,
                          hostile ? " hostile" : "", (unsigned long)t.count);
                for (i = 0; i < t.count; i++) seen[t.order[i]]++;
                for (i = 0; i < n; i++)
                    TR_CHECKF(seen[i] == 1, "%s/%lu: task %lu ran %lu times", order_names[order], (unsigned long)n,
                              (unsigned long)i, (unsigned long)seen[i]);
                if (order == SCHED_FORWARD)
                    for (i = 0; i < n; i++)
                        TR_CHECKF(t.order[i] == i, "forward/%lu: task %lu ran at %lu", (unsigned long)n,
                                  (unsigned long)t.order[i], (unsigned long)i);
                if (order == SCHED_REVERSE)
                    for (i = 0; i < n; i++)
                        TR_CHECKF(t.order[i] == n - 1u - i, "reverse/%lu: task %lu ran at %lu", (unsigned long)n,
                                  (unsigned long)t.order[i], (unsigned long)i);
                if (order == SCHED_SHUFFLED && n == 64) {
                    for (i = 0; i < n && t.order[i] == i; i++) {}
                    TR_CHECKF(i < n, "shuffled/64 ran the tasks in forward order");
                }
                TR_CHECKF(s.calls == 1 && s.bad_calls == 0 && s.largest == n && s.split_calls == (n > 1 ? 1u : 0u),
                          "%s/%lu: records calls %lu, bad %lu, largest %lu", order_names[order], (unsigned long)n,
                          s.calls, s.bad_calls, (unsigned long)s.largest);
                if (hostile && hostile_works)
                    TR_CHECKF(t.hostile_ok, "hostile %s/%lu: a task ran without flush-to-zero or rounding toward zero",
                              order_names[order], (unsigned long)n);
                else if (!hostile)
                    TR_CHECKF(!th_env_is_hostile(), "the test thread itself runs in a hostile environment");
                TR_CHECKF(sched_mode_bits(sched_control()) == before && fegetround() == round,
                          "%s/%lu%s: the thread's floating-point environment was not restored", order_names[order],
                          (unsigned long)n, hostile ? " hostile" : "");
            }
    { /* a call beyond max_tasks is recorded, and still runs every task */
        sched s;
        th_trace t;
        memset(&t, 0, sizeof t);
        sched_init(&s, SCHED_SHUFFLED, 0, 3, 1);
        s.parallel.parallel_for(s.parallel.context, 5, th_trace_task, &t);
        TR_CHECKF(s.bad_calls == 1 && s.first_bad == 5 && t.count == 5,
                  "task_count 5 of max_tasks 3: bad calls %lu (first %lu), %lu tasks ran", s.bad_calls,
                  (unsigned long)s.first_bad, (unsigned long)t.count);
    }
#ifdef TH_PTHREADS
    { /* the pools run every index once, `workers` tasks at the same time, the 3-worker one in a hostile environment */
        th_env e;
        unsigned p;
        th_env_begin(&e);
        for (p = 0; p < 2 && e.pools_ok; p++) {
            th_pool *pool = &e.pools[p];
            unsigned round_trip;
            for (round_trip = 0; round_trip < 2; round_trip++) {
                th_barrier b;
                uint32_t i, count = round_trip ? 64u : pool->workers;
                memset(&b, 0, sizeof b);
                pthread_mutex_init(&b.lock, NULL);
                pthread_cond_init(&b.all_in, NULL);
                b.needed = round_trip ? 0u : pool->workers;
                th_pool_reset(pool, 64);
                pool->rec.parallel.parallel_for(pool->rec.parallel.context, count, th_barrier_task, &b);
                for (i = 0; i < count; i++)
                    TR_CHECKF(b.ran[i] == 1, "pool of %u: task %lu ran %d times", pool->workers, (unsigned long)i,
                              b.ran[i]);
                TR_CHECKF(b.timed_out == 0, "pool of %u: %u tasks did not run at the same time", pool->workers,
                          pool->workers);
                TR_CHECKF(pool->hostile ? b.hostile_seen == count || !hostile_works : b.hostile_seen == 0,
                          "pool of %u: %u of %lu tasks saw a hostile environment", pool->workers, b.hostile_seen,
                          (unsigned long)count);
                pthread_cond_destroy(&b.all_in);
                pthread_mutex_destroy(&b.lock);
            }
        }
        th_env_end(&e);
    }
#else
    printf("  note threads/scheduler: no pthreads here: the pool schedules run on the calling thread\n");
#endif
}

/* ---- registration ---------------------------------------------------------------------------------- */

void register_thread_tests(void) {
    static const DML_OPERATOR_TYPE arg_ops[4] = {DML_OPERATOR_ARGMIN, DML_OPERATOR_ARGMAX, DML_OPERATOR_REDUCE,
                                                 DML_OPERATOR_REDUCE};
    static const char *const arg_names[4] = {"argmin", "argmax", "reduce-argmin", "reduce-argmax"};
    unsigned t, p, a, n;
    tr_add("threads/scheduler", th_run_scheduler, NULL);
    for (n = 0; n < sizeof th_fixed_cases / sizeof th_fixed_cases[0]; n++)
        if (strncmp(th_fixed_cases[n].name, "threads/split/", 14) == 0)
            tr_add(th_fixed_cases[n].name, th_run_fixed_case, &th_fixed_cases[n]);
    for (n = 0; n < sizeof th_exact_cases / sizeof th_exact_cases[0]; n++)
        tr_add(th_exact_cases[n].name, th_run_exact_case, &th_exact_cases[n]);
    for (p = 0; p < 2; p++)
        for (t = 0; t < FX_TYPE_COUNT; t++) {
            th_op_case *c = &th_scan_cases[p * FX_TYPE_COUNT + t];
            c->what = TH_SCAN;
            c->product = (int)p;
            c->type = fx_all_types[t];
            snprintf(c->name, sizeof c->name, "threads/%s/%s", p ? "cumprod" : "cumsum", fx_type_short(c->type));
            tr_add(c->name, th_run_scan_case, c);
        }
    for (a = 0; a < 4; a++)
        for (t = 0; t < FX_TYPE_COUNT; t++) {
            th_op_case *c = &th_arg_cases[a * FX_TYPE_COUNT + t];
            c->what = TH_ARG;
            c->op = arg_ops[a];
            c->want_max = a == 1 || a == 3;
            c->type = fx_all_types[t];
            snprintf(c->name, sizeof c->name, "threads/%s/%s", arg_names[a], fx_type_short(c->type));
            tr_add(c->name, th_run_arg_case, c);
        }
    for (t = 0; t < FX_FLOAT_TYPE_COUNT; t++)
        for (p = 0; p < 2; p++) {
            th_op_case *c = &th_bound_cases[t * 2 + p];
            c->what = TH_BOUND;
            c->product = (int)p;
            c->type = fx_float_types[t];
            snprintf(c->name, sizeof c->name, "threads/bound/%s-%s", fx_type_short(c->type), p ? "prod" : "sum");
            tr_add(c->name, th_run_bound_case, c);
        }
    for (n = 0; n < sizeof th_fixed_cases / sizeof th_fixed_cases[0]; n++)
        if (strncmp(th_fixed_cases[n].name, "threads/long/", 13) == 0)
            tr_add(th_fixed_cases[n].name, th_run_fixed_case, &th_fixed_cases[n]);
}
