/* tests/fuzz/fuzz_seeds.c - writes the seed corpus of the fuzzer (make fuzz-seeds).

   Usage: fuzz_seeds DIRECTORY. Writes DIRECTORY/seed-<name>, one small file
   per case below, in the byte format described at the top of fuzz_check.c:
   each operator valid (several types, layouts, directions, in place, every ISA
   path, feature levels) and invalid (one broken rule per file), plus the
   pointer-level failures of execute; then the format-2 extension word
   (fuzz_check.c: a raw float_order whose top byte is 0xE5): EXACT and ANY
   float orders, accumulation values, and dmlref_error_bound's BoundTensor and
   bound buffer, valid and broken one rule at a time; then the format-3 word
   (top byte 0xE6): each rule of the newer options broken alone (EXACT with
   WIDE, a NULL tree, its algorithm, block and carry, the seed, nan_policy,
   and which of two broken options wins), and valid NATIVE/WIDE accumulation,
   TREE orders (each algorithm and carry, a block over 1024), the identity
   seed and NAN_COMPARE on inputs with NaNs; then the format-4 word (top byte
   0xE7): options.parallel with 2 to 64 tasks in every schedule, on inputs of
   up to 4,096 elements (scans in every float order, in place, arg-reductions
   with NaN, several reduced axes); then REDUCE's value functions (each
   function valid in several types, layouts and orders, the format-5 word (top
   byte 0xE8) for PAIRWISE and options.log_sum_exp, EXACT, NaN policies,
   options.parallel, feature levels) and their broken rules (output type,
   float-only functions on integers, orders a function does not take,
   log_sum_exp out of range, axes, overlap). Deterministic: rerunning rewrites
   the same bytes. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct seed {
    unsigned char b[1024];
    size_t n;
} seed;

static const char *g_dir;
static int g_written;
static unsigned g_env; /* the env_sel byte header_x writes (0 but for one seed) */

static void put(seed *s, unsigned v) {
    if (s->n < sizeof s->b) s->b[s->n++] = (unsigned char)v;
}

static void put32(seed *s, uint32_t v) {
    unsigned i;
    for (i = 0; i < 4; i++) put(s, (v >> (8 * i)) & 0xFFu);
}

/* op_sel buf_sel opt_sel [option bytes: `extra`, n_extra of them] isa_sel
   [raw isa] env_sel fill_sel out_fill */
static void header_x(seed *s, unsigned op, unsigned buf, unsigned opt, const unsigned *extra, unsigned n_extra,
                     unsigned isa, unsigned fill) {
    unsigned i;
    s->n = 0;
    put(s, op);
    put(s, buf);
    put(s, opt);
    for (i = 0; i < n_extra; i++) put(s, extra[i]);
    put(s, isa);
    if (isa == 6) put32(s, 77); /* a raw isa value */
    put(s, g_env);              /* env: 0 is round to nearest, no FTZ/DAZ, no flags */
    put(s, fill);
    put(s, 0xA5); /* out_fill */
}

static void header(seed *s, unsigned op, unsigned buf, unsigned opt, unsigned isa, unsigned fill) {
    header_x(s, op, buf, opt, NULL, 0, isa, fill);
}

/* A header whose options carry one extra byte (feature level or message capacity). */
static void header1(seed *s, unsigned op, unsigned buf, unsigned opt, unsigned extra, unsigned isa, unsigned fill) {
    header_x(s, op, buf, opt, &extra, 1, isa, fill);
}

/* Scan fields: axis, direction (0 INCREASING, 3 DECREASING), exclusive (0, 3). */
static void scan(seed *s, unsigned axis, unsigned dir, unsigned excl) {
    put(s, axis);
    put(s, dir);
    put(s, excl);
}

/* ARGMIN/ARGMAX fields: count, axes, direction. */
static void arg(seed *s, unsigned count, const unsigned *axes, unsigned dir) {
    unsigned i;
    put(s, count);
    for (i = 0; i < count; i++) put(s, axes[i]);
    put(s, dir);
}

/* REDUCE fields: function (0 ARGMAX, 1 ARGMIN), count, axes. */
static void reduce(seed *s, unsigned function, unsigned count, const unsigned *axes) {
    unsigned i;
    put(s, function);
    put(s, count);
    for (i = 0; i < count; i++) put(s, axes[i]);
}

/* The byte of one size: 0..16 as 0x80 + size, 17..64 as 0xC0 + size - 17, and
   100, 1000, 4096 from fuzz_check.c's table of large sizes. */
static unsigned size_code(unsigned size) {
    if (size == 100) return 0xF0;
    if (size == 1000) return 0xF5;
    if (size == 4096) return 0xF6;
    return size <= 16 ? 0x80u + size : 0xC0u + size - 17u;
}

/* An input tensor: type, sizes (size_code), stride selector and its bytes,
   total and alignment selectors. */
static void input(seed *s, unsigned type, unsigned rank, const unsigned *sizes, unsigned str_sel,
                  const unsigned *str_bytes, unsigned n_str, unsigned tot, unsigned algn) {
    unsigned i;
    put(s, 0);    /* t_sel: normal */
    put(s, rank); /* rank_sel */
    put(s, type); /* type_sel: flags NONE */
    for (i = 0; i < rank; i++) put(s, size_code(sizes[i]));
    put(s, str_sel);
    for (i = 0; i < n_str; i++) put(s, str_bytes[i]);
    put(s, tot);
    put(s, algn);
}

/* An output tensor with derived rank, sizes and type, and a layout. */
static void output(seed *s, unsigned str_sel, const unsigned *str_bytes, unsigned n_str, unsigned tot, unsigned algn) {
    unsigned i;
    put(s, 0);    /* t_sel: normal */
    put(s, 11);   /* rank_sel: the input's rank, derived sizes */
    put(s, 0x00); /* type_sel: derived (arg-reductions: INT32) */
    put(s, str_sel);
    for (i = 0; i < n_str; i++) put(s, str_bytes[i]);
    put(s, tot);
    put(s, algn);
}

static void payload(seed *s, unsigned count, unsigned start, unsigned step) {
    unsigned i;
    for (i = 0; i < count; i++) put(s, (start + i * step) & 0xFFu);
}

/* A payload of `count` float elements, raw little-endian bits (for FILL_BYTES, which copies the
   payload as it is, repeated): full random significands and exponents near 1 (values of
   magnitude 0.5 to 4), signs random unless `positive`, from a fixed generator seeded by `start`.
   Their sums round in every type, so the float orders give different bits. */
static uint32_t g_lcg;
static uint32_t lcg(void) {
    g_lcg = g_lcg * 1664525u + 1013904223u;
    return g_lcg >> 8;
}
static void payload_floats(seed *s, unsigned type, unsigned count, uint32_t start, int positive) {
    unsigned i;
    g_lcg = start;
    for (i = 0; i < count; i++) {
        uint32_t r = lcg(), sign = positive ? 0u : r & 1u, e = (r >> 1) % 3u;
        if (type == 2) { /* FLOAT16 */
            uint32_t bits = sign << 15 | (14u + e) << 10 | (lcg() & 0x3FFu);
            put(s, bits & 0xFFu);
            put(s, bits >> 8);
        } else if (type == 1) { /* FLOAT32 */
            put32(s, sign << 31 | (126u + e) << 23 | (lcg() & 0x7FFFFFu));
        } else { /* FLOAT64 */
            put32(s, lcg() ^ lcg() << 16);
            put32(s, sign << 31 | (1022u + e) << 20 | (lcg() & 0xFFFFFu));
        }
    }
}

/* A header whose float_order is the extension word `word` (EXT_*), followed
   by a raw accumulation value when word asks for one (EXT_ACC(3)). */
#define EXT_WORD 0xE5000000u
#define EXT_ACC(k) ((unsigned)(k) << 2) /* accumulation: 1 -> 1, 2 -> -1, 3 -> a raw i32 follows */
#define EXT_BOUND_DECODED 0x10u         /* the BoundTensor's bytes follow the OutputTensor's */
#define EXT_BOUND_IN_INPUT (1u << 5)    /* the bound buffer in the input's, at an i16 offset (after all tensors) */
#define EXT_BOUND_NULL (2u << 5)        /* the bound pointer NULL */
#define EXT_BOUND_MIS(k) ((unsigned)(k) << 7) /* the bound's address + 1, 4 or 8 bytes (k 1, 2, 3) */
static void header_ext(seed *s, unsigned op, unsigned buf, uint32_t word, int32_t acc_raw, unsigned isa,
                       unsigned fill) {
    unsigned extra[8], n = 0, i;
    for (i = 0; i < 4; i++) extra[n++] = (EXT_WORD | word) >> (8 * i) & 0xFFu;
    if (((word >> 2) & 3u) == 3u)
        for (i = 0; i < 4; i++) extra[n++] = ((uint32_t)acc_raw >> (8 * i)) & 0xFFu;
    header_x(s, op, buf, 0x06u | 0x10u, extra, n, isa, fill); /* message capacity 512, float_order raw */
}

/* A header whose float_order is a format-3 extension word (fuzz_check.c: top
   byte 0xE6): float_order (0-3, or 4 TREE), accumulation, options.tree (NULL
   when has_tree is 0; raw values where the field's code cannot say them),
   identity_seed, NAN_COMPARE, the BoundTensor's bits as in format 2, and a
   raw nan_policy when nan_raw_on; with tasks set, a format-4 word (top byte
   0xE7) that adds options.parallel. */
typedef struct ext3 {
    int order;      /* 0 SEQUENTIAL, 1 BLOCKED, 2 EXACT, 3 ANY, 4 TREE */
    int32_t acc;    /* 0 DEFAULT, 1 NATIVE, 2 WIDE, anything else raw */
    int has_tree;   /* 0: options.tree NULL */
    int32_t alg;    /* 0-2 itself, else raw */
    uint32_t block; /* a power of two 2..65536 as a code, else raw */
    int32_t carry;  /* 0-2 itself, else raw */
    int32_t seed;   /* 0-2 itself, else raw */
    int compare;    /* nan_policy COMPARE */
    int nan_raw_on; /* a raw nan_policy follows (instead of opt_sel's PROPAGATE) */
    int32_t nan_raw;
    unsigned bound;      /* EXT_BOUND_* bits */
    unsigned tasks;      /* 1..64: a format-4 word, options.parallel with this max_tasks; 0: format 3 */
    unsigned schedule;   /* format 4: 0 forward, 1 reverse, 2 shuffled, 3 shuffled and hostile */
    unsigned sched_seed; /* format 4, schedules 2 and 3: the shuffle's seed byte */
    int ext5;            /* a format-5 word (top byte 0xE8): its byte follows the word */
    int pairwise;        /* format 5: float_order PAIRWISE (5), whatever `order` says */
    int32_t lse;         /* format 5: options.log_sum_exp (0-2 itself, else raw) */
    unsigned level;      /* 0: no feature_level; else 1 + the index of the level byte (fuzz_check.c) */
} ext3;

static void put_extra32(unsigned *extra, unsigned *n, uint32_t v) {
    unsigned i;
    for (i = 0; i < 4; i++) extra[(*n)++] = (v >> (8 * i)) & 0xFFu;
}

static void header_ext3(seed *s, unsigned op, unsigned buf, const ext3 *e, unsigned isa, unsigned fill) {
    unsigned extra[48], n = 0, log2b = 0, opt = 0x06u | 0x10u; /* message capacity 512, float_order raw */
    uint32_t word = (e->tasks ? 0xE7000000u | (e->tasks - 1u) << 16 | e->schedule << 22 : 0xE6000000u) | e->bound;
    int lse_code = e->lse >= 0 && e->lse <= 2 ? e->lse : 3;
    int acc_code = e->acc >= 0 && e->acc <= 2 ? e->acc : 3, seed_code = e->seed >= 0 && e->seed <= 2 ? e->seed : 3;
    int alg_code = e->alg >= 0 && e->alg <= 2 ? e->alg : 3, carry_code = e->carry >= 0 && e->carry <= 2 ? e->carry : 3;
    int block_coded = e->block >= 2 && e->block <= 65536 && (e->block & (e->block - 1u)) == 0;
    while (block_coded && (2u << log2b) != e->block) log2b++;
    word |= e->order == 4 ? 1u << 9 : (uint32_t)e->order;
    word |= (uint32_t)acc_code << 2;
    if (!e->has_tree) word |= 2u << 11;
    word |= (uint32_t)seed_code << 13;
    if (e->compare) word |= 1u << 15;
    if (e->ext5) word = (word & 0x00FFFFFFu) | 0xE8000000u;
    put_extra32(extra, &n, word);
    if (e->ext5) { /* PAIRWISE, log_sum_exp, options.parallel (bits 16-23 as format 4) */
        extra[n++] = (e->pairwise ? 1u : 0u) | (unsigned)lse_code << 1 | (e->tasks ? 8u : 0u);
        if (lse_code == 3) put_extra32(extra, &n, (uint32_t)e->lse);
    }
    if (acc_code == 3) put_extra32(extra, &n, (uint32_t)e->acc);
    if (e->has_tree) {
        extra[n++] = (unsigned)alg_code | (unsigned)carry_code << 2;
        extra[n++] = block_coded ? log2b : 0xFFu;
        if (alg_code == 3) put_extra32(extra, &n, (uint32_t)e->alg);
        if (!block_coded) put_extra32(extra, &n, e->block);
        if (carry_code == 3) put_extra32(extra, &n, (uint32_t)e->carry);
    }
    if (seed_code == 3) put_extra32(extra, &n, (uint32_t)e->seed);
    if (e->tasks && e->schedule >= 2) extra[n++] = e->sched_seed;
    if (e->nan_raw_on) {
        opt |= 0x40u;
        put_extra32(extra, &n, (uint32_t)e->nan_raw);
    }
    if (e->level) {
        opt |= 0x80u;
        extra[n++] = e->level - 1u;
    }
    header_x(s, op, buf, opt, extra, n, isa, fill);
}

/* An ext3 with every field at its default, and a tree {alg, block, carry}. */
static ext3 x3(int order, int32_t acc, int32_t alg, uint32_t block, int32_t carry) {
    ext3 e;
    memset(&e, 0, sizeof e);
    e.order = order;
    e.acc = acc;
    e.has_tree = 1;
    e.alg = alg;
    e.block = block;
    e.carry = carry;
    return e;
}

/* A BoundTensor with the output's rank and sizes, derived type (FLOAT64)
   unless type_sel says otherwise, and a layout. */
static void bound(seed *s, unsigned t_sel, unsigned type_sel, unsigned str_sel, const unsigned *str_bytes,
                  unsigned n_str, unsigned tot, unsigned algn) {
    unsigned i;
    put(s, t_sel);
    put(s, 11); /* rank_sel: the output's rank, derived sizes */
    put(s, type_sel);
    put(s, str_sel);
    for (i = 0; i < n_str; i++) put(s, str_bytes[i]);
    put(s, tot);
    put(s, algn);
}

static void write_seed(const seed *s, const char *name) {
    char path[1024];
    FILE *f;
    snprintf(path, sizeof path, "%s/seed-%s", g_dir, name);
    f = fopen(path, "wb");
    if (!f || fwrite(s->b, 1, s->n, f) != s->n) {
        fprintf(stderr, "fuzz_seeds: cannot write %s\n", path);
        exit(1);
    }
    fclose(f);
    g_written++;
}

enum {
    T_F32 = 1,
    T_F16 = 2,
    T_U32 = 3,
    T_U16 = 4,
    T_U8 = 5,
    T_I32 = 6,
    T_I16 = 7,
    T_I8 = 8,
    T_F64 = 9,
    T_U64 = 10,
    T_I64 = 11,
    T_U4 = 12
};
enum { OP_CUMSUM = 0, OP_CUMPROD = 1, OP_ARGMIN = 2, OP_ARGMAX = 3, OP_REDUCE = 4 };
enum { ISA_AUTO = 0, ISA_SCALAR = 1, ISA_SSE2 = 2, ISA_AVX2 = 3, ISA_AVX512 = 4, ISA_ALL = 7 };
enum { FILL_BYTES = 0, FILL_MIXED = 4, FILL_SMALL = 5, FILL_SPECIAL = 6, FILL_EQUAL = 7 };
#define OPT_BLOCKED 0x08u
#define OPT_IGNORE 0x20u
#define OPT_LEVEL 0x80u   /* a feature-level byte follows the option bytes */
#define OPT_MESSAGE 0x06u /* error_message of capacity 512 */
#define BUF_IN_PLACE 0x01u
#define BUF_SHARED 0x02u

int main(int argc, char **argv) {
    static const unsigned s1[1] = {8}, s40[1] = {40}, s33[2] = {3, 3}, s345[3] = {3, 4, 5}, s57[2] = {5, 7};
    static const unsigned s46[2] = {4, 6}, s2345[4] = {2, 3, 4, 5}, s64[2] = {6, 4}, s17x3[2] = {17, 3};
    static const unsigned a0[1] = {0}, a1[1] = {1}, a01[2] = {0, 1}, a10[2] = {1, 0}, a2[1] = {2}, a13[2] = {1, 3};
    static const unsigned a023[3] = {0, 2, 3}, a11[2] = {1, 1}, a5[1] = {5};
    static const unsigned perm3[2] = {1, 0}, perm2[1] = {1}, pad2[2] = {3, 1}, pad3[3] = {1, 2, 5};
    static const unsigned raw_clash[2] = {1, 1}, bmask[1] = {0x01}, perm4[3] = {0, 2, 1};
    seed s;
    unsigned i;
    if (argc != 2) {
        fprintf(stderr, "usage: fuzz_seeds DIRECTORY\n");
        return 2;
    }
    g_dir = argv[1];

    /* ---- CUMULATIVE_SUMMATION ---- */
    header(&s, OP_CUMSUM, 0, OPT_MESSAGE, ISA_ALL, FILL_SMALL);
    scan(&s, 0, 0, 0);
    input(&s, T_F32, 1, s1, 0, NULL, 0, 0, 0);
    output(&s, 0, NULL, 0, 0, 0);
    payload(&s, 8, 0x41, 3);
    write_seed(&s, "cumsum-f32-1d");

    header(&s, OP_CUMSUM, 0, OPT_MESSAGE, ISA_ALL, FILL_SPECIAL);
    scan(&s, 1, 3, 3);
    input(&s, T_F16, 3, s345, 1, NULL, 0, 0, 0);
    output(&s, 3, perm3, 2, 0, 0);
    payload(&s, 60, 0, 7);
    write_seed(&s, "cumsum-f16-3d-permuted-decreasing-exclusive");

    header(&s, OP_CUMSUM, 0, OPT_MESSAGE | OPT_BLOCKED, ISA_ALL, FILL_MIXED);
    scan(&s, 0, 0, 0);
    input(&s, T_F32, 1, s40, 0, NULL, 0, 0, 0);
    output(&s, 0, NULL, 0, 0, 0);
    payload(&s, 16, 0x3F, 1);
    write_seed(&s, "cumsum-f32-blocked-40");

    header(&s, OP_CUMSUM, BUF_IN_PLACE, OPT_MESSAGE, ISA_ALL, FILL_BYTES);
    scan(&s, 1, 0, 0);
    input(&s, T_I8, 2, s57, 0, NULL, 0, 0, 0);
    output(&s, 0, NULL, 0, 0, 0);
    payload(&s, 35, 0x80, 13);
    write_seed(&s, "cumsum-i8-in-place");

    header(&s, OP_CUMSUM, 0, OPT_MESSAGE, ISA_ALL, FILL_BYTES);
    scan(&s, 0, 3, 0);
    input(&s, T_U64, 2, s57, 0, NULL, 0, 0, 0);
    output(&s, 2, pad2, 2, 0, 0);
    payload(&s, 40, 0xF0, 31);
    write_seed(&s, "cumsum-u64-padded-output");

    header(&s, OP_CUMSUM, 0, OPT_MESSAGE | OPT_BLOCKED, ISA_ALL, FILL_SMALL);
    scan(&s, 1, 0, 3);
    input(&s, T_F64, 2, s46, 5, bmask, 1, 0, 0);
    output(&s, 0, NULL, 0, 0, 0);
    payload(&s, 24, 5, 9);
    write_seed(&s, "cumsum-f64-broadcast-input-blocked");

    header(&s, OP_CUMSUM, 0, OPT_MESSAGE | OPT_BLOCKED, ISA_ALL, FILL_SMALL);
    scan(&s, 0, 0, 0);
    input(&s, T_F16, 2, s17x3, 0, NULL, 0, 0, 0);
    output(&s, 0, NULL, 0, 0, 0);
    payload(&s, 51, 1, 5);
    write_seed(&s, "cumsum-f16-vertical-blocked");

    header1(&s, OP_CUMSUM, 0, OPT_MESSAGE | OPT_LEVEL, 2, ISA_AUTO, FILL_SMALL); /* DML_FEATURE_LEVEL_2_1 */
    scan(&s, 3, 0, 0);
    input(&s, T_I32, 4, s2345, 0, NULL, 0, 0, 0);
    output(&s, 0, NULL, 0, 0, 0);
    payload(&s, 30, 1, 1);
    write_seed(&s, "cumsum-i32-level-2_1-4d");

    /* ---- CUMULATIVE_PRODUCT ---- */
    header(&s, OP_CUMPROD, 0, OPT_MESSAGE, ISA_ALL, FILL_SMALL);
    scan(&s, 1, 0, 0);
    input(&s, T_F32, 2, s46, 0, NULL, 0, 0, 0);
    output(&s, 0, NULL, 0, 0, 0);
    payload(&s, 24, 0x40, 1);
    write_seed(&s, "cumprod-f32-2d");

    header(&s, OP_CUMPROD, 0, OPT_MESSAGE, ISA_ALL, FILL_BYTES);
    scan(&s, 0, 3, 3);
    input(&s, T_U16, 2, s64, 3, perm2, 1, 0, 0);
    output(&s, 1, NULL, 0, 0, 0);
    payload(&s, 48, 3, 2);
    write_seed(&s, "cumprod-u16-permuted-input-decreasing-exclusive");

    header(&s, OP_CUMPROD, 0, OPT_MESSAGE, ISA_ALL, FILL_SPECIAL);
    scan(&s, 2, 3, 0);
    input(&s, T_F16, 3, s345, 2, pad3, 3, 0, 0);
    output(&s, 0, NULL, 0, 0, 0);
    payload(&s, 60, 0, 3);
    write_seed(&s, "cumprod-f16-padded-specials");

    header(&s, OP_CUMPROD, BUF_IN_PLACE, OPT_MESSAGE, ISA_ALL, FILL_SMALL);
    scan(&s, 0, 0, 3);
    input(&s, T_I64, 1, s40, 0, NULL, 0, 0, 0);
    output(&s, 0, NULL, 0, 0, 0);
    payload(&s, 40, 0x43, 2);
    write_seed(&s, "cumprod-i64-in-place-exclusive");

    header1(&s, OP_CUMPROD, 0, OPT_MESSAGE | OPT_LEVEL, 4, ISA_SCALAR, FILL_SMALL); /* DML_FEATURE_LEVEL_3_1 */
    scan(&s, 0, 0, 0);
    input(&s, T_U32, 4, s2345, 0, NULL, 0, 0, 0);
    output(&s, 0, NULL, 0, 0, 0);
    payload(&s, 8, 1, 1);
    write_seed(&s, "cumprod-u32-level-3_1-4d");

    /* ---- ARGMIN / ARGMAX ---- */
    header(&s, OP_ARGMIN, 0, OPT_MESSAGE, ISA_ALL, FILL_SMALL);
    arg(&s, 2, a01, 0);
    input(&s, T_F32, 2, s33, 0, NULL, 0, 0, 0);
    output(&s, 0, NULL, 0, 0, 0);
    payload(&s, 9, 0x44, 0x7B);
    write_seed(&s, "argmin-f32-axes-0-1");

    header(&s, OP_ARGMAX, 0, OPT_MESSAGE, ISA_ALL, FILL_SPECIAL);
    arg(&s, 1, a1, 3);
    input(&s, T_F16, 3, s345, 0, NULL, 0, 0, 0);
    output(&s, 0, NULL, 0, 0, 0);
    payload(&s, 60, 0, 5);
    write_seed(&s, "argmax-f16-specials-decreasing");

    header(&s, OP_ARGMIN, 0, OPT_MESSAGE | OPT_IGNORE, ISA_ALL, FILL_SPECIAL);
    arg(&s, 2, a10, 0);
    input(&s, T_F64, 2, s46, 3, perm2, 1, 0, 0);
    output(&s, 0, NULL, 0, 0, 0);
    payload(&s, 24, 0, 1);
    write_seed(&s, "argmin-f64-nan-ignore-permuted");

    header(&s, OP_ARGMIN, 0, OPT_MESSAGE, ISA_ALL, FILL_EQUAL);
    arg(&s, 1, a0, 3);
    input(&s, T_I32, 2, s57, 0, NULL, 0, 0, 0);
    output(&s, 0, NULL, 0, 0, 0);
    payload(&s, 4, 7, 0);
    write_seed(&s, "argmin-i32-ties-decreasing");

    header(&s, OP_ARGMAX, 0, OPT_MESSAGE, ISA_ALL, FILL_BYTES);
    arg(&s, 3, a023, 0);
    input(&s, T_U8, 4, s2345, 3, perm4, 3, 0, 0);
    output(&s, 2, pad3, 4, 0, 0);
    payload(&s, 120, 9, 17);
    write_seed(&s, "argmax-u8-three-axes-4d");

    header(&s, OP_ARGMAX, 0, OPT_MESSAGE, ISA_ALL, FILL_MIXED);
    arg(&s, 1, a1, 0);
    input(&s, T_I64, 2, s17x3, 0, NULL, 0, 0, 0);
    output(&s, 0, NULL, 0, 0, 0);
    payload(&s, 32, 1, 1);
    write_seed(&s, "argmax-i64-contiguous");

    header1(&s, OP_ARGMIN, 0, OPT_MESSAGE | OPT_LEVEL, 3, ISA_AUTO, FILL_SMALL); /* DML_FEATURE_LEVEL_3_0 */
    arg(&s, 2, a13, 0);
    input(&s, T_I16, 4, s2345, 0, NULL, 0, 0, 0);
    output(&s, 0, NULL, 0, 0, 0);
    payload(&s, 120, 3, 11);
    write_seed(&s, "argmin-i16-level-3_0");

    /* ---- REDUCE ---- */
    header(&s, OP_REDUCE, 0, OPT_MESSAGE, ISA_ALL, FILL_SMALL);
    reduce(&s, 0, 1, a2);
    input(&s, T_F32, 3, s345, 0, NULL, 0, 0, 0);
    output(&s, 0, NULL, 0, 0, 0);
    payload(&s, 60, 0x30, 29);
    write_seed(&s, "reduce-argmax-f32");

    header(&s, OP_REDUCE, 0, OPT_MESSAGE, ISA_ALL, FILL_BYTES);
    reduce(&s, 1, 2, a01);
    input(&s, T_I16, 2, s46, 0, NULL, 0, 0, 0);
    output(&s, 0, NULL, 0, 0, 0);
    payload(&s, 48, 0x90, 37);
    write_seed(&s, "reduce-argmin-i16");

    /* DML_FEATURE_LEVEL_1_0: 4-D, FLOAT32/16 in, UINT32 out */
    header1(&s, OP_REDUCE, 0, OPT_MESSAGE | OPT_LEVEL, 0, ISA_AUTO, FILL_SMALL);
    reduce(&s, 1, 1, a1);
    input(&s, T_F16, 4, s2345, 0, NULL, 0, 0, 0);
    put(&s, 0);    /* output t_sel */
    put(&s, 11);   /* rank and sizes derived */
    put(&s, 0x02); /* derived: UINT32 */
    put(&s, 0);
    put(&s, 0);
    put(&s, 0);
    payload(&s, 120, 1, 3);
    write_seed(&s, "reduce-argmin-f16-level-1_0-uint32");

    /* ---- invalid descriptors, one broken rule each ---- */
    header(&s, OP_CUMSUM, 0, OPT_MESSAGE, ISA_AUTO, FILL_SMALL);
    scan(&s, 0, 0, 0);
    input(&s, T_F32, 0, NULL, 0, NULL, 0, 0, 0);
    output(&s, 0, NULL, 0, 0, 0);
    write_seed(&s, "invalid-cumsum-rank-0");

    header(&s, OP_CUMSUM, 0, OPT_MESSAGE, ISA_AUTO, FILL_SMALL);
    scan(&s, 0, 0, 0);
    {
        static const unsigned ones[9] = {1, 1, 1, 1, 1, 1, 1, 1, 2};
        input(&s, T_F32, 9, ones, 0, NULL, 0, 0, 0);
    }
    output(&s, 0, NULL, 0, 0, 0);
    write_seed(&s, "invalid-cumsum-rank-9");

    header(&s, OP_CUMPROD, 0, OPT_MESSAGE, ISA_AUTO, FILL_SMALL);
    scan(&s, 0, 0, 0);
    {
        static const unsigned zero[2] = {3, 0};
        input(&s, T_F32, 2, zero, 0, NULL, 0, 0, 0);
    }
    output(&s, 0, NULL, 0, 0, 0);
    write_seed(&s, "invalid-cumprod-size-0");

    header(&s, OP_CUMPROD, 0, OPT_MESSAGE, ISA_AUTO, FILL_SMALL);
    scan(&s, 0, 0, 0);
    input(&s, T_U4, 1, s1, 0, NULL, 0, 0, 0);
    output(&s, 0, NULL, 0, 0, 0);
    write_seed(&s, "invalid-cumprod-uint4");

    header(&s, OP_CUMSUM, 0, OPT_MESSAGE, ISA_AUTO, FILL_SMALL);
    scan(&s, 0, 0, 0);
    input(&s, T_F32, 1, s1, 0, NULL, 0, 0x80, 0); /* TotalTensorSizeInBytes 1 short */
    output(&s, 0, NULL, 0, 0, 0);
    write_seed(&s, "invalid-cumsum-buffer-too-small");

    header(&s, OP_CUMSUM, 0, OPT_MESSAGE, ISA_AUTO, FILL_SMALL);
    scan(&s, 0, 0, 0);
    input(&s, T_F32, 1, s1, 0, NULL, 0, 0, 0xA3); /* alignment 3 */
    output(&s, 0, NULL, 0, 0, 0);
    write_seed(&s, "invalid-cumsum-alignment-3");

    header(&s, OP_CUMSUM, 0, OPT_MESSAGE, ISA_AUTO, FILL_SMALL);
    scan(&s, 0, 0, 0);
    input(&s, T_F32, 2, s33, 0, NULL, 0, 0, 0);
    output(&s, 6, raw_clash, 2, 0, 0); /* strides {1, 1}: two indices, one element */
    write_seed(&s, "invalid-cumsum-output-strides-clash");

    header(&s, OP_CUMSUM, 0, OPT_MESSAGE, ISA_AUTO, FILL_SMALL);
    scan(&s, 5, 0, 0);
    input(&s, T_F32, 2, s33, 0, NULL, 0, 0, 0);
    output(&s, 0, NULL, 0, 0, 0);
    write_seed(&s, "invalid-cumsum-axis-5-of-2");

    header(&s, OP_CUMPROD, 0, OPT_MESSAGE, ISA_AUTO, FILL_SMALL);
    scan(&s, 0, 6, 0); /* AxisDirection 2 */
    input(&s, T_F32, 1, s1, 0, NULL, 0, 0, 0);
    output(&s, 0, NULL, 0, 0, 0);
    write_seed(&s, "invalid-cumprod-direction-2");

    header(&s, OP_CUMSUM, 0, OPT_MESSAGE, ISA_AUTO, FILL_SMALL);
    scan(&s, 0, 0, 0);
    input(&s, T_F32, 1, s1, 0, NULL, 0, 0, 0);
    put(&s, 0);
    put(&s, 11);
    put(&s, 0x10 | T_F64); /* output FLOAT64 */
    put(&s, 0);
    put(&s, 0);
    put(&s, 0);
    write_seed(&s, "invalid-cumsum-type-mismatch");

    header(&s, OP_ARGMIN, 0, OPT_MESSAGE, ISA_AUTO, FILL_SMALL);
    arg(&s, 2, a11, 0);
    input(&s, T_F32, 2, s33, 0, NULL, 0, 0, 0);
    output(&s, 0, NULL, 0, 0, 0);
    write_seed(&s, "invalid-argmin-repeated-axis");

    header(&s, OP_ARGMAX, 0, OPT_MESSAGE, ISA_AUTO, FILL_SMALL);
    arg(&s, 0, NULL, 0);
    input(&s, T_F32, 2, s33, 0, NULL, 0, 0, 0);
    output(&s, 0, NULL, 0, 0, 0);
    write_seed(&s, "invalid-argmax-axis-count-0");

    header(&s, OP_ARGMAX, 0, OPT_MESSAGE, ISA_AUTO, FILL_SMALL);
    arg(&s, 1, a5, 0);
    input(&s, T_F32, 2, s33, 0, NULL, 0, 0, 0);
    output(&s, 0, NULL, 0, 0, 0);
    write_seed(&s, "invalid-argmax-axis-out-of-range");

    header(&s, OP_ARGMIN, 0, OPT_MESSAGE, ISA_AUTO, FILL_SMALL);
    put(&s, 29); /* Axes NULL, AxisCount 1 */
    put(&s, 0);
    input(&s, T_F32, 2, s33, 0, NULL, 0, 0, 0);
    output(&s, 0, NULL, 0, 0, 0);
    write_seed(&s, "invalid-argmin-axes-null");

    header(&s, OP_ARGMIN, 0, OPT_MESSAGE, ISA_AUTO, FILL_SMALL);
    arg(&s, 1, a1, 0);
    {
        put(&s, 0);
        put(&s, 2);
        put(&s, T_F32);
        put(&s, 0x82); /* size 2 */
        put(&s, 0xFE); /* size 0xFFFFFFFF */
        put(&s, 5);    /* broadcast */
        put(&s, 0x03); /* every stride 0: a tiny buffer */
        put(&s, 0);
        put(&s, 0);
    }
    output(&s, 0, NULL, 0, 0, 0); /* INT32 cannot hold index 4294967294 */
    write_seed(&s, "invalid-argmin-index-overflow-int32");

    header(&s, OP_REDUCE, 0, OPT_MESSAGE, ISA_AUTO, FILL_SMALL);
    reduce(&s, 10, 1, a0); /* DML_REDUCE_FUNCTION_SUM */
    input(&s, T_F32, 2, s33, 0, NULL, 0, 0, 0);
    put(&s, 0);
    put(&s, 11);
    put(&s, 0x10 | T_I32); /* output INT32: a value function's output has the input's type */
    put(&s, 0);
    put(&s, 0);
    put(&s, 0);
    write_seed(&s, "invalid-reduce-sum");

    header1(&s, OP_REDUCE, 0, OPT_MESSAGE | OPT_LEVEL, 2, ISA_AUTO, FILL_SMALL); /* 2_1: 4-D only */
    reduce(&s, 0, 1, a0);
    input(&s, T_F32, 2, s33, 0, NULL, 0, 0, 0);
    output(&s, 0, NULL, 0, 0, 0);
    write_seed(&s, "invalid-reduce-level-2_1-rank-2");

    header1(&s, OP_ARGMAX, 0, OPT_MESSAGE | OPT_LEVEL, 2, ISA_AUTO, FILL_SMALL); /* 2_1: before ARGMAX */
    arg(&s, 1, a0, 0);
    input(&s, T_F32, 2, s33, 0, NULL, 0, 0, 0);
    output(&s, 0, NULL, 0, 0, 0);
    write_seed(&s, "invalid-argmax-level-2_1");

    header(&s, 5, 0, OPT_MESSAGE, ISA_AUTO, FILL_SMALL);
    put32(&s, 999); /* unknown DML_OPERATOR_TYPE */
    scan(&s, 0, 0, 0);
    input(&s, T_F32, 1, s1, 0, NULL, 0, 0, 0);
    output(&s, 0, NULL, 0, 0, 0);
    write_seed(&s, "invalid-unknown-operator");

    header(&s, 6 | (OP_ARGMIN << 3), 0, OPT_MESSAGE, ISA_AUTO, FILL_SMALL);
    arg(&s, 1, a0, 0);
    input(&s, T_F32, 1, s1, 0, NULL, 0, 0, 0);
    output(&s, 0, NULL, 0, 0, 0);
    write_seed(&s, "invalid-argmin-operator-pointer-null");

    header(&s, 7 | (OP_CUMPROD << 3), 0, OPT_MESSAGE, ISA_AUTO, FILL_SMALL);
    scan(&s, 0, 0, 0);
    input(&s, T_F32, 1, s1, 0, NULL, 0, 0, 0);
    output(&s, 0, NULL, 0, 0, 0);
    write_seed(&s, "invalid-cumprod-desc-null");

    header(&s, OP_ARGMAX, 0, OPT_MESSAGE, ISA_AUTO, FILL_SMALL);
    arg(&s, 1, a0, 0);
    input(&s, T_F32, 2, s33, 0, NULL, 0, 0, 0);
    put(&s, 5); /* output DML_TENSOR_DESC pointer NULL */
    put(&s, 11);
    put(&s, 0);
    put(&s, 0);
    put(&s, 0);
    put(&s, 0);
    write_seed(&s, "invalid-argmax-output-null");

    header(&s, OP_REDUCE, 0, OPT_MESSAGE, ISA_AUTO, FILL_SMALL);
    reduce(&s, 0, 1, a0);
    put(&s, 0);
    put(&s, 0x32); /* rank 2, Sizes NULL */
    put(&s, T_F32);
    put(&s, 0x83); /* sizes 3, 3 (decoded, not passed) */
    put(&s, 0x83);
    put(&s, 0);
    put(&s, 0);
    put(&s, 0);
    output(&s, 0, NULL, 0, 0, 0);
    write_seed(&s, "invalid-reduce-sizes-null");

    {
        static const unsigned seven[4] = {7, 0, 0, 0};
        header_x(&s, OP_CUMSUM, 0, OPT_MESSAGE | 0x10u, seven, 4, ISA_AUTO, FILL_SMALL); /* float_order 7 */
    }
    scan(&s, 0, 0, 0);
    input(&s, T_F32, 1, s1, 0, NULL, 0, 0, 0);
    output(&s, 0, NULL, 0, 0, 0);
    write_seed(&s, "invalid-option-float-order-7");

    header(&s, OP_ARGMIN, 0, OPT_MESSAGE, 6, FILL_SMALL); /* isa raw: 77 */
    arg(&s, 1, a0, 0);
    input(&s, T_F32, 1, s1, 0, NULL, 0, 0, 0);
    output(&s, 0, NULL, 0, 0, 0);
    write_seed(&s, "invalid-option-isa-77");

    header1(&s, OP_CUMSUM, 0, OPT_MESSAGE | OPT_LEVEL, 16, ISA_AUTO, FILL_SMALL); /* feature_level 0x6500 */
    scan(&s, 0, 0, 0);
    input(&s, T_F32, 1, s1, 0, NULL, 0, 0, 0);
    output(&s, 0, NULL, 0, 0, 0);
    write_seed(&s, "invalid-option-feature-level-6_5");

    header1(&s, OP_CUMSUM, 0, 0x04u, 5, ISA_AVX512, FILL_SMALL); /* message capacity from the next byte */
    scan(&s, 0, 0, 0);
    input(&s, T_F32, 1, s1, 0, NULL, 0, 0, 0);
    output(&s, 0, NULL, 0, 0, 0);
    write_seed(&s, "isa-avx512-message-capacity-5");

    /* ---- execute-only failures ---- */
    header(&s, OP_CUMSUM, 0xC0u, OPT_MESSAGE, ISA_AUTO, FILL_SMALL); /* output + 1 byte */
    scan(&s, 0, 0, 0);
    input(&s, T_F32, 1, s1, 0, NULL, 0, 0, 0);
    output(&s, 0, NULL, 0, 0, 0);
    write_seed(&s, "execute-misaligned-output");

    header(&s, OP_ARGMAX, 0xE0u, OPT_MESSAGE, ISA_AUTO, FILL_SMALL); /* output + element size */
    arg(&s, 1, a0, 0);
    input(&s, T_F32, 2, s33, 0, NULL, 0, 0, 0);
    output(&s, 0, NULL, 0, 0, 0x84); /* GuaranteedBaseOffsetAlignment 16 */
    write_seed(&s, "execute-misaligned-guaranteed-alignment");

    header(&s, OP_CUMSUM, BUF_SHARED, OPT_MESSAGE, ISA_AUTO, FILL_SMALL);
    scan(&s, 0, 0, 0);
    input(&s, T_F32, 1, s1, 0, NULL, 0, 0, 0);
    output(&s, 0, NULL, 0, 0, 0);
    put(&s, 8); /* output 8 bytes after the input: overlap */
    put(&s, 0);
    write_seed(&s, "execute-partial-overlap");

    header(&s, OP_CUMSUM, BUF_SHARED, OPT_MESSAGE, ISA_ALL, FILL_SMALL);
    scan(&s, 0, 0, 0);
    input(&s, T_F32, 1, s1, 0, NULL, 0, 0, 0);
    output(&s, 0, NULL, 0, 0, 0);
    put(&s, 0xE0); /* output 32 bytes before the input: adjacent, no overlap */
    put(&s, 0xFF);
    write_seed(&s, "execute-adjacent-buffers");

    header(&s, OP_ARGMIN, BUF_IN_PLACE, OPT_MESSAGE, ISA_AUTO, FILL_SMALL);
    arg(&s, 1, a0, 0);
    input(&s, T_I32, 2, s33, 0, NULL, 0, 0, 0);
    output(&s, 0, NULL, 0, 0, 0);
    write_seed(&s, "execute-argmin-in-place");

    header(&s, OP_CUMPROD, 4u << 2, OPT_MESSAGE, ISA_AUTO, FILL_SMALL); /* inputs NULL */
    scan(&s, 0, 0, 0);
    input(&s, T_F32, 1, s1, 0, NULL, 0, 0, 0);
    output(&s, 0, NULL, 0, 0, 0);
    write_seed(&s, "execute-inputs-null");

    header(&s, OP_REDUCE, 7u << 2, OPT_MESSAGE, ISA_AUTO, FILL_SMALL); /* outputs[0] NULL */
    reduce(&s, 1, 1, a0);
    input(&s, T_F32, 1, s1, 0, NULL, 0, 0, 0);
    output(&s, 0, NULL, 0, 0, 0);
    write_seed(&s, "execute-outputs0-null");


    /* ---- format 2: float orders EXACT and ANY, accumulation, dmlref_error_bound ---- */
    {
        static const unsigned s8[1] = {8}, s333[3] = {3, 4, 5}, s33x3[2] = {33, 3};
        static const unsigned pads[2] = {3, 1}, perm_pads[3] = {1, 2, 5}, zero_dim0[1] = {0x01};
        static const unsigned specials[24] = {7, 7, 8, 8,  7,  8,  8, 7, 0, 3,  7, 7,
                                              7, 8, 1, 10, 11, 12, 7, 7, 7, 13, 5, 6};

        header_ext(&s, OP_CUMSUM, 0, 2, 0, ISA_ALL, FILL_SMALL);
        scan(&s, 1, 0, 0);
        input(&s, T_F32, 2, s57, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        payload(&s, 35, 0x41, 3);
        write_seed(&s, "exact-cumsum-f32-2d");

        header_ext(&s, OP_CUMSUM, 0, 2, 0, ISA_ALL, FILL_SPECIAL);
        scan(&s, 2, 3, 3);
        input(&s, T_F16, 3, s333, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        payload(&s, 60, 0, 7);
        write_seed(&s, "exact-cumsum-f16-specials-decreasing-exclusive");

        /* FLOAT16 +-65504 in turn: sums overflow and come back (exactly, in EXACT) */
        header_ext(&s, OP_CUMSUM, 0, 2, 0, ISA_ALL, FILL_SPECIAL);
        scan(&s, 0, 0, 0);
        input(&s, T_F16, 1, s40, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        for (i = 0; i < 24; i++) put(&s, specials[i]);
        write_seed(&s, "exact-cumsum-f16-overflow-and-back");

        header_ext(&s, OP_CUMSUM, 0, 2, 0, ISA_ALL, FILL_SMALL);
        scan(&s, 0, 0, 3);
        input(&s, T_F16, 2, s17x3, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        payload(&s, 51, 0x93, 29);
        write_seed(&s, "exact-cumsum-f16-vertical-exclusive");

        header_ext(&s, OP_CUMSUM, BUF_IN_PLACE, 2, 0, ISA_ALL, FILL_MIXED);
        scan(&s, 0, 3, 0);
        input(&s, T_F64, 1, s40, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        payload(&s, 16, 0x3F, 1);
        write_seed(&s, "exact-cumsum-f64-in-place-decreasing");

        header_ext(&s, OP_CUMSUM, 0, 2, 0, ISA_ALL, FILL_BYTES);
        scan(&s, 1, 0, 0);
        input(&s, T_I32, 2, s57, 0, NULL, 0, 0, 0);
        output(&s, 2, pad2, 2, 0, 0);
        payload(&s, 40, 0xF0, 31);
        write_seed(&s, "exact-cumsum-i32-padded-output");

        header_ext(&s, OP_CUMSUM, 0, 3, 0, ISA_ALL, FILL_SMALL); /* ANY: dmlref_error_bound alone takes it */
        scan(&s, 1, 0, 0);
        input(&s, T_F32, 2, s46, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        payload(&s, 24, 0x40, 5);
        write_seed(&s, "any-cumsum-f32");

        header_ext(&s, OP_CUMPROD, 0, 3, 0, ISA_ALL, FILL_SMALL);
        scan(&s, 1, 3, 0);
        input(&s, T_F16, 3, s333, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        payload(&s, 60, 0x3C, 1);
        write_seed(&s, "any-cumprod-f16-decreasing");

        header_ext(&s, OP_CUMSUM, 0, 3, 0, ISA_AUTO, FILL_BYTES);
        scan(&s, 0, 0, 0);
        input(&s, T_U8, 1, s40, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        payload(&s, 40, 1, 1);
        write_seed(&s, "any-cumsum-u8");

        header_ext(&s, OP_CUMPROD, 0, 2, 0, ISA_AUTO, FILL_SMALL);
        scan(&s, 0, 0, 0);
        input(&s, T_F32, 1, s8, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        write_seed(&s, "invalid-exact-cumprod-f32");

        header_ext(&s, OP_CUMSUM, 0, EXT_ACC(3), 3, ISA_AUTO, FILL_SMALL); /* accumulation 3: one past WIDE */
        scan(&s, 0, 0, 0);
        input(&s, T_F32, 1, s8, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        write_seed(&s, "invalid-option-accumulation-3");

        header_ext(&s, OP_ARGMIN, 0, 2 | EXT_ACC(3), 0x7FFFFFFF, ISA_AUTO, FILL_SMALL);
        arg(&s, 1, a0, 0);
        input(&s, T_F32, 1, s8, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        write_seed(&s, "invalid-option-accumulation-max-int");

        /* the BoundTensor, one broken rule at a time (the case itself is valid) */
        header_ext(&s, OP_CUMSUM, 0, EXT_BOUND_DECODED, 0, ISA_AUTO, FILL_SMALL);
        scan(&s, 1, 0, 0);
        input(&s, T_F32, 2, s57, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        bound(&s, 0, 0x10u | T_F32, 0, NULL, 0, 0, 0);
        write_seed(&s, "bound-invalid-float32");

        header_ext(&s, OP_CUMSUM, 0, EXT_BOUND_DECODED, 0, ISA_AUTO, FILL_SMALL);
        scan(&s, 1, 0, 0);
        input(&s, T_F32, 2, s57, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        put(&s, 0);
        put(&s, 3u | (2u << 6)); /* rank 3, sizes read */
        put(&s, 0);
        put(&s, 0x81);
        put(&s, 0x85);
        put(&s, 0x87);
        put(&s, 0);
        put(&s, 0);
        put(&s, 0);
        write_seed(&s, "bound-invalid-rank-3-of-2");

        header_ext(&s, OP_CUMPROD, 0, EXT_BOUND_DECODED, 0, ISA_AUTO, FILL_SMALL);
        scan(&s, 1, 0, 0);
        input(&s, T_F32, 2, s57, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        put(&s, 0);
        put(&s, 11u | (3u << 6)); /* derived, then Sizes[1] replaced */
        put(&s, 0);
        put(&s, 1);
        put(&s, 0x89);
        put(&s, 0);
        put(&s, 0);
        put(&s, 0);
        write_seed(&s, "bound-invalid-size-differs");

        header_ext(&s, OP_CUMSUM, 0, EXT_BOUND_DECODED, 0, ISA_AUTO, FILL_SMALL);
        scan(&s, 1, 0, 0);
        input(&s, T_F32, 2, s57, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        bound(&s, 0, 0, 5, zero_dim0, 1, 0, 0); /* a zero stride on a dimension of size 5 */
        write_seed(&s, "bound-invalid-strides-overlap");

        header_ext(&s, OP_CUMSUM, 0, EXT_BOUND_DECODED, 0, ISA_AUTO, FILL_SMALL);
        scan(&s, 1, 0, 0);
        input(&s, T_F64, 2, s57, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        bound(&s, 0, 0, 0, NULL, 0, 0x80, 0); /* TotalTensorSizeInBytes one byte short */
        write_seed(&s, "bound-invalid-too-small");

        header_ext(&s, OP_CUMSUM, 0, EXT_BOUND_DECODED, 0, ISA_AUTO, FILL_SMALL);
        scan(&s, 1, 0, 0);
        input(&s, T_F16, 2, s57, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        bound(&s, 0, 5u << 5, 0, NULL, 0, 0, 0); /* Flags OWNED_BY_DML */
        write_seed(&s, "bound-invalid-owned-by-dml");

        header_ext(&s, OP_CUMSUM, 0, EXT_BOUND_DECODED, 0, ISA_AUTO, FILL_SMALL);
        scan(&s, 1, 0, 0);
        input(&s, T_F32, 2, s57, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        bound(&s, 0, 0, 0, NULL, 0, 0, 0x82); /* GuaranteedBaseOffsetAlignment 4, below FLOAT64's 8 */
        write_seed(&s, "bound-invalid-alignment-4");

        header_ext(&s, OP_CUMPROD, 0, EXT_BOUND_DECODED, 0, ISA_AUTO, FILL_SMALL);
        scan(&s, 1, 0, 0);
        input(&s, T_I32, 2, s57, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        bound(&s, 5, 0, 0, NULL, 0, 0, 0); /* the DML_TENSOR_DESC pointer NULL */
        write_seed(&s, "bound-invalid-tensor-null");

        header_ext(&s, OP_CUMSUM, 0, EXT_BOUND_NULL, 0, ISA_AUTO, FILL_SMALL);
        scan(&s, 0, 0, 0);
        input(&s, T_F32, 1, s8, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        write_seed(&s, "bound-invalid-pointer-null");

        header_ext(&s, OP_CUMSUM, 0, EXT_BOUND_MIS(2), 0, ISA_AUTO, FILL_SMALL);
        scan(&s, 0, 0, 0);
        input(&s, T_F32, 1, s8, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        write_seed(&s, "bound-invalid-misaligned-by-4");

        header_ext(&s, OP_CUMSUM, 0, EXT_BOUND_IN_INPUT, 0, ISA_AUTO, FILL_SMALL);
        scan(&s, 0, 0, 0);
        input(&s, T_F32, 1, s8, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        put(&s, 8); /* the bound 8 bytes into the input: overlap */
        put(&s, 0);
        write_seed(&s, "bound-invalid-overlaps-input");

        /* accepted layouts and placements */
        header_ext(&s, OP_CUMSUM, 0, EXT_BOUND_IN_INPUT, 0, ISA_ALL, FILL_SMALL);
        scan(&s, 0, 0, 0);
        input(&s, T_F32, 1, s8, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        put(&s, 0xC0); /* the bound's 64 bytes right before the input */
        put(&s, 0xFF);
        payload(&s, 8, 0x45, 9);
        write_seed(&s, "bound-right-before-input");

        header_ext(&s, OP_CUMSUM, 0, 1 | EXT_BOUND_DECODED, 0, ISA_ALL, FILL_SMALL);
        scan(&s, 1, 3, 3);
        input(&s, T_F16, 2, s57, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        bound(&s, 0, 0, 2, pads, 2, 0, 0x83); /* padded, GuaranteedBaseOffsetAlignment 8 */
        payload(&s, 35, 0x30, 7);
        write_seed(&s, "bound-padded-f16-blocked");

        header_ext(&s, OP_CUMPROD, 0, 3 | EXT_BOUND_DECODED | EXT_BOUND_MIS(3), 0, ISA_ALL, FILL_SPECIAL);
        scan(&s, 2, 0, 0);
        input(&s, T_F32, 3, s333, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        put(&s, 0);
        put(&s, 11);
        put(&s, 0);
        put(&s, 4); /* permuted and padded */
        put(&s, 1);
        put(&s, 0);
        for (i = 0; i < 3; i++) put(&s, perm_pads[i]);
        put(&s, 0);
        put(&s, 0);
        payload(&s, 60, 0, 3);
        write_seed(&s, "bound-permuted-cumprod-any-specials");

        header_ext(&s, OP_CUMSUM, 0, 1, 0, ISA_ALL, FILL_MIXED);
        scan(&s, 0, 0, 0);
        input(&s, T_F64, 2, s33x3, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        payload(&s, 16, 0x3F, 1);
        write_seed(&s, "bound-f64-blocked-vertical");

        /* 2^24 (FLOAT64: 2^53) and ones: a running tally loses every one, near the SEQUENTIAL
           bound; row 1 the other way round */
        {
            static const unsigned s2x16[2] = {2, 16};
            unsigned row, k, b;
            int order;
            for (order = 0; order < 2; order++) {
                header_ext(&s, OP_CUMSUM, 0, (uint32_t)order, 0, ISA_ALL, FILL_BYTES);
                scan(&s, 1, 0, 0);
                input(&s, T_F32, 2, s2x16, 0, NULL, 0, 0, 0);
                output(&s, 0, NULL, 0, 0, 0);
                for (row = 0; row < 2; row++)
                    for (k = 0; k < 16; k++) {
                        uint32_t v = k == (row ? 15u : 0u) ? 0x4B800000u : 0x3F800000u;
                        for (b = 0; b < 4; b++) put(&s, (v >> (8 * b)) & 0xFFu);
                    }
                write_seed(&s, order ? "bound-f32-absorbed-ones-blocked" : "bound-f32-absorbed-ones-sequential");
            }
            header_ext(&s, OP_CUMSUM, 0, 0, 0, ISA_ALL, FILL_BYTES);
            scan(&s, 1, 0, 0);
            input(&s, T_F64, 2, s2x16, 0, NULL, 0, 0, 0);
            output(&s, 0, NULL, 0, 0, 0);
            for (row = 0; row < 2; row++)
                for (k = 0; k < 16; k++)
                    for (b = 0; b < 8; b++)
                        put(&s, b < 6    ? 0
                                : b == 6 ? (k == (row ? 15u : 0u) ? 0x40u : 0xF0u)
                                         : (k == (row ? 15u : 0u) ? 0x43u : 0x3Fu));
            write_seed(&s, "bound-f64-absorbed-ones-sequential");
        }

        g_env = 0x1Eu; /* the caller rounds upward, with FTZ, DAZ and sticky flags */
        header(&s, OP_CUMSUM, 0, OPT_MESSAGE, ISA_ALL, FILL_SPECIAL);
        g_env = 0;
        scan(&s, 1, 0, 0);
        input(&s, T_F32, 2, s57, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        payload(&s, 35, 0x09, 1); /* subnormals among them */
        write_seed(&s, "bound-f32-caller-environment");
    }

    /* ---- format 3: TREE orders, accumulation NATIVE/WIDE, identity_seed, NAN_COMPARE ---- */
    {
        static const unsigned s8[1] = {8}, s345[3] = {3, 4, 5}, s3x4[2] = {3, 4}, s64x3[2] = {64, 3};
        static const unsigned s2x40[2] = {2, 40};
        /* FILL_SPECIAL bytes: 0 NaN, 1 signalling NaN, 2 -NaN, 3 +inf, 4 -inf, 5 +0, 6 -0, 7 MAX, 8 -MAX,
           12 1, 13 -1, 14 0.5 */
        static const unsigned nan_rows[12] = {0, 12, 13, 14, 12, 1, 4, 14, 13, 14, 12, 2};
        static const unsigned neg_zeros[8] = {6, 6, 6, 12, 6, 5, 13, 6};
        /* products near 1 (FILL_SMALL: 0xC5 1.25, 0xC3 0.75, 0x41 1, 0xC2 0.5, 0xC6 1.5) */
        static const unsigned near_one[5] = {0xC5, 0xC3, 0x41, 0xC2, 0xC6};
        ext3 e;

        /* each broken option rule, the case itself valid */
        e = x3(2, 2, 0, 2, 0); /* EXACT with WIDE */
        header_ext3(&s, OP_CUMSUM, 0, &e, ISA_AUTO, FILL_SMALL);
        scan(&s, 0, 0, 0);
        input(&s, T_F32, 1, s8, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        write_seed(&s, "invalid-option-exact-wide");

        e = x3(4, 0, 0, 2, 0);
        e.has_tree = 0;
        header_ext3(&s, OP_CUMSUM, 0, &e, ISA_AUTO, FILL_SMALL);
        scan(&s, 0, 0, 0);
        input(&s, T_F32, 1, s8, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        write_seed(&s, "invalid-option-tree-null");

        e = x3(4, 0, 1, 3, 0); /* block 3: not a power of two */
        header_ext3(&s, OP_CUMSUM, 0, &e, ISA_AUTO, FILL_SMALL);
        scan(&s, 0, 0, 0);
        input(&s, T_F16, 1, s8, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        write_seed(&s, "invalid-option-tree-block-3");

        e = x3(4, 0, 2, 131072, 1); /* a power of two past 65536 */
        header_ext3(&s, OP_CUMPROD, 0, &e, ISA_AUTO, FILL_SMALL);
        scan(&s, 0, 0, 0);
        input(&s, T_F32, 1, s8, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        write_seed(&s, "invalid-option-tree-block-131072");

        e = x3(4, 0, 0, 1, 0); /* block 1 */
        header_ext3(&s, OP_ARGMIN, 0, &e, ISA_AUTO, FILL_SMALL);
        arg(&s, 1, a0, 0);
        input(&s, T_F32, 1, s8, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        write_seed(&s, "invalid-option-tree-block-1-argmin");

        e = x3(4, 0, 3, 16, 0);
        header_ext3(&s, OP_CUMSUM, 0, &e, ISA_AUTO, FILL_SMALL);
        scan(&s, 0, 0, 0);
        input(&s, T_F32, 1, s8, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        write_seed(&s, "invalid-option-tree-algorithm-3");

        e = x3(4, 0, -1, 16, 0);
        header_ext3(&s, OP_CUMSUM, 0, &e, ISA_AUTO, FILL_SMALL);
        scan(&s, 0, 0, 0);
        input(&s, T_I32, 1, s8, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        write_seed(&s, "invalid-option-tree-algorithm-minus-1-i32");

        e = x3(4, 0, 1, 4, 2);
        header_ext3(&s, OP_CUMSUM, 0, &e, ISA_AUTO, FILL_SMALL);
        scan(&s, 0, 0, 0);
        input(&s, T_F32, 1, s8, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        write_seed(&s, "invalid-option-tree-carry-2");

        e = x3(0, 0, 0, 16, 0);
        e.seed = 2;
        header_ext3(&s, OP_CUMSUM, 0, &e, ISA_AUTO, FILL_SMALL);
        scan(&s, 0, 0, 0);
        input(&s, T_F32, 1, s8, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        write_seed(&s, "invalid-option-identity-seed-2");

        e = x3(0, 0, 0, 16, 0);
        e.seed = -1;
        header_ext3(&s, OP_CUMPROD, 0, &e, ISA_AUTO, FILL_SMALL);
        scan(&s, 0, 0, 0);
        input(&s, T_F16, 1, s8, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        write_seed(&s, "invalid-option-identity-seed-minus-1");

        e = x3(0, 0, 0, 16, 0);
        e.nan_raw_on = 1;
        e.nan_raw = 3; /* one past COMPARE */
        header_ext3(&s, OP_ARGMAX, 0, &e, ISA_AUTO, FILL_SMALL);
        arg(&s, 1, a0, 0);
        input(&s, T_F32, 1, s8, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        write_seed(&s, "invalid-option-nan-policy-3");

        /* precedence: the first broken option gives the status and the message */
        e = x3(1, 5, 0, 16, 0); /* accumulation 5, and the isa NEON (unavailable on x86-64) */
        header_ext3(&s, OP_CUMSUM, 0, &e, 5, FILL_SMALL);
        scan(&s, 0, 0, 0);
        input(&s, T_F32, 1, s8, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        write_seed(&s, "invalid-option-accumulation-before-isa");

        e = x3(4, 0, 0, 16, 7); /* carry 7, and nan_policy -1 */
        e.nan_raw_on = 1;
        e.nan_raw = -1;
        header_ext3(&s, OP_CUMSUM, 0, &e, ISA_AUTO, FILL_SMALL);
        scan(&s, 0, 0, 0);
        input(&s, T_F32, 1, s8, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        write_seed(&s, "invalid-option-tree-carry-before-nan-policy");

        e = x3(4, 0, 9, 16, 0); /* the options before the descriptor: Axis 5 of rank 1 too */
        header_ext3(&s, OP_CUMPROD, 0, &e, ISA_AUTO, FILL_SMALL);
        scan(&s, 5, 0, 0);
        input(&s, T_F32, 1, s8, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        write_seed(&s, "invalid-option-tree-algorithm-before-axis");

        /* options.tree is not read for other orders: an invalid one is fine (and poisoned under ASan) */
        e = x3(1, 0, 7, 3, 9);
        header_ext3(&s, OP_CUMSUM, 0, &e, ISA_ALL, FILL_SMALL);
        scan(&s, 0, 0, 0);
        input(&s, T_F32, 1, s40, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        payload(&s, 40, 0x41, 7);
        write_seed(&s, "tree-invalid-not-read-blocked");

        /* accumulation NATIVE and WIDE: FLOAT16 sums and products, FLOAT32 WIDE */
        e = x3(0, 1, 0, 2, 0);
        header_ext3(&s, OP_CUMSUM, 0, &e, ISA_ALL, FILL_SMALL);
        scan(&s, 0, 0, 0);
        input(&s, T_F16, 1, s40, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        payload(&s, 40, 0xC1, 29);
        write_seed(&s, "native-cumsum-f16");

        e = x3(1, 2, 0, 2, 0);
        header_ext3(&s, OP_CUMSUM, 0, &e, ISA_ALL, FILL_SMALL);
        scan(&s, 1, 3, 3);
        input(&s, T_F16, 2, s2x40, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        payload(&s, 80, 0x93, 37);
        write_seed(&s, "wide-cumsum-f16-blocked-decreasing-exclusive");

        e = x3(0, 1, 0, 2, 0);
        header_ext3(&s, OP_CUMPROD, 0, &e, ISA_ALL, FILL_SMALL);
        scan(&s, 0, 0, 0);
        input(&s, T_F16, 1, s40, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        for (i = 0; i < 40; i++) put(&s, near_one[i % 5]);
        write_seed(&s, "native-cumprod-f16");

        e = x3(0, 2, 0, 2, 0);
        header_ext3(&s, OP_CUMPROD, 0, &e, ISA_ALL, FILL_SMALL);
        scan(&s, 2, 3, 0);
        input(&s, T_F16, 3, s345, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        for (i = 0; i < 60; i++) put(&s, near_one[(i * 3) % 5]);
        write_seed(&s, "wide-cumprod-f16-decreasing");

        e = x3(0, 2, 0, 2, 0);
        header_ext3(&s, OP_CUMSUM, 0, &e, ISA_ALL, FILL_MIXED);
        scan(&s, 0, 0, 0);
        input(&s, T_F32, 2, s64x3, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        payload(&s, 16, 0x3F, 1);
        write_seed(&s, "wide-cumsum-f32-vertical");

        e = x3(3, 1, 0, 2, 0); /* ANY with NATIVE: dmlref_error_bound alone */
        header_ext3(&s, OP_CUMSUM, 0, &e, ISA_ALL, FILL_SMALL);
        scan(&s, 0, 0, 0);
        input(&s, T_F16, 1, s40, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        payload(&s, 40, 0xC1, 29);
        write_seed(&s, "any-native-cumsum-f16");

        e = x3(0, 1, 0, 2, 0); /* NATIVE on FLOAT32 and WIDE on FLOAT64 are DEFAULT */
        header_ext3(&s, OP_CUMSUM, 0, &e, ISA_ALL, FILL_MIXED);
        scan(&s, 0, 0, 0);
        input(&s, T_F32, 1, s40, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        payload(&s, 16, 0x3F, 1);
        write_seed(&s, "native-cumsum-f32-is-default");

        e = x3(1, 2, 0, 2, 0);
        header_ext3(&s, OP_CUMSUM, 0, &e, ISA_ALL, FILL_MIXED);
        scan(&s, 0, 0, 0);
        input(&s, T_F64, 1, s40, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        payload(&s, 16, 0x3F, 1);
        write_seed(&s, "wide-cumsum-f64-is-default");

        /* TREE, each algorithm and carry */
        e = x3(4, 0, 0, 16, 0); /* BLOCKED's own tree */
        header_ext3(&s, OP_CUMSUM, 0, &e, ISA_ALL, FILL_MIXED);
        scan(&s, 0, 0, 0);
        input(&s, T_F32, 1, s40, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        payload(&s, 16, 0x3F, 1);
        write_seed(&s, "tree-cumsum-f32-kogge-stone-16-after-is-blocked");

        e = x3(4, 0, 0, 4, 1);
        header_ext3(&s, OP_CUMSUM, 0, &e, ISA_ALL, FILL_SMALL);
        scan(&s, 1, 0, 3);
        input(&s, T_F16, 2, s2x40, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        payload(&s, 80, 0x47, 13);
        write_seed(&s, "tree-cumsum-f16-kogge-stone-4-into-first-exclusive");

        e = x3(4, 0, 1, 8, 1);
        header_ext3(&s, OP_CUMSUM, 0, &e, ISA_ALL, FILL_SMALL);
        scan(&s, 0, 3, 0);
        input(&s, T_F32, 1, s40, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        payload(&s, 40, 0x93, 41);
        write_seed(&s, "tree-cumsum-f32-sklansky-8-into-first-decreasing");

        e = x3(4, 0, 2, 8, 0);
        header_ext3(&s, OP_CUMSUM, 0, &e, ISA_ALL, FILL_MIXED);
        scan(&s, 1, 0, 0);
        input(&s, T_F64, 2, s2x40, 0, NULL, 0, 0, 0);
        output(&s, 2, pad2, 2, 0, 0);
        payload(&s, 16, 0x3F, 1);
        write_seed(&s, "tree-cumsum-f64-brent-kung-8-after-padded");

        e = x3(4, 0, 2, 2048, 1); /* a block over 1024 elements: the work buffer */
        header_ext3(&s, OP_CUMSUM, 0, &e, ISA_ALL, FILL_SMALL);
        scan(&s, 0, 0, 0);
        input(&s, T_F16, 2, s64x3, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        payload(&s, 64, 0x30, 7);
        write_seed(&s, "tree-cumsum-f16-brent-kung-2048-into-first");

        e = x3(4, 1, 1, 2, 0);
        header_ext3(&s, OP_CUMPROD, 0, &e, ISA_ALL, FILL_SMALL);
        scan(&s, 0, 0, 0);
        input(&s, T_F16, 1, s40, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        for (i = 0; i < 40; i++) put(&s, near_one[(i * 2) % 5]);
        write_seed(&s, "tree-native-cumprod-f16-sklansky-2");

        e = x3(4, 0, 2, 4, 1);
        header_ext3(&s, OP_CUMPROD, 0, &e, ISA_ALL, FILL_SMALL);
        scan(&s, 1, 3, 3);
        input(&s, T_F32, 2, s2x40, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        for (i = 0; i < 80; i++) put(&s, near_one[(i * 7) % 5]);
        write_seed(&s, "tree-cumprod-f32-brent-kung-4-into-first-decreasing-exclusive");

        e = x3(4, 1, 0, 8, 1); /* TREE, NATIVE and the seed together */
        e.seed = 1;
        header_ext3(&s, OP_CUMSUM, 0, &e, ISA_ALL, FILL_SPECIAL);
        scan(&s, 0, 0, 0);
        input(&s, T_F16, 1, s8, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        for (i = 0; i < 8; i++) put(&s, neg_zeros[i]);
        write_seed(&s, "tree-native-seed-cumsum-f16-negative-zeros");

        e = x3(4, 2, 1, 4, 0); /* integers and arg-reductions: TREE, accumulation and seed change nothing */
        e.seed = 1;
        header_ext3(&s, OP_CUMSUM, 0, &e, ISA_ALL, FILL_BYTES);
        scan(&s, 0, 0, 0);
        input(&s, T_I32, 1, s40, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        payload(&s, 40, 0xF0, 31);
        write_seed(&s, "tree-wide-seed-cumsum-i32");

        e = x3(4, 1, 2, 2, 1);
        e.seed = 1;
        header_ext3(&s, OP_ARGMIN, 0, &e, ISA_ALL, FILL_SMALL);
        arg(&s, 1, a1, 0);
        input(&s, T_F32, 2, s3x4, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        payload(&s, 12, 0x44, 0x7B);
        write_seed(&s, "tree-native-seed-argmin-f32");

        /* the identity seed: a leading -0.0 becomes +0.0 */
        e = x3(0, 0, 0, 2, 0);
        e.seed = 1;
        header_ext3(&s, OP_CUMSUM, 0, &e, ISA_ALL, FILL_SPECIAL);
        scan(&s, 0, 0, 0);
        input(&s, T_F32, 1, s8, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        for (i = 0; i < 8; i++) put(&s, neg_zeros[i]);
        write_seed(&s, "seed-cumsum-f32-negative-zeros");

        e = x3(1, 0, 0, 2, 0);
        e.seed = 1;
        header_ext3(&s, OP_CUMSUM, BUF_IN_PLACE, &e, ISA_ALL, FILL_SMALL);
        scan(&s, 1, 3, 3);
        input(&s, T_F16, 3, s345, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        payload(&s, 60, 0x40, 3);
        write_seed(&s, "seed-cumsum-f16-blocked-in-place-decreasing-exclusive");

        e = x3(2, 0, 0, 2, 0); /* EXACT with the seed: an exact zero is +0.0 */
        e.seed = 1;
        header_ext3(&s, OP_CUMSUM, 0, &e, ISA_ALL, FILL_SPECIAL);
        scan(&s, 0, 0, 0);
        input(&s, T_F16, 1, s8, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        for (i = 0; i < 8; i++) put(&s, neg_zeros[i]);
        write_seed(&s, "seed-exact-cumsum-f16-negative-zeros");

        e = x3(0, 0, 0, 2, 0);
        e.seed = 1;
        header_ext3(&s, OP_CUMPROD, 0, &e, ISA_ALL, FILL_SPECIAL);
        scan(&s, 0, 0, 0);
        input(&s, T_F64, 1, s8, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        for (i = 0; i < 8; i++) put(&s, neg_zeros[i]);
        write_seed(&s, "seed-cumprod-f64-ignored");

        /* NAN_COMPARE: rows of 4, some starting with a NaN (0, 1, 2 below), some holding one later */
        e = x3(0, 0, 0, 2, 0);
        e.compare = 1;
        header_ext3(&s, OP_ARGMIN, 0, &e, ISA_ALL, FILL_SPECIAL);
        arg(&s, 1, a1, 0);
        input(&s, T_F32, 2, s3x4, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        for (i = 0; i < 12; i++) put(&s, nan_rows[i]);
        write_seed(&s, "compare-argmin-f32-nan-first");

        header_ext3(&s, OP_ARGMAX, 0, &e, ISA_ALL, FILL_SPECIAL);
        arg(&s, 1, a1, 3);
        input(&s, T_F16, 2, s3x4, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        for (i = 0; i < 12; i++) put(&s, nan_rows[11 - i]);
        write_seed(&s, "compare-argmax-f16-decreasing-nan-last");

        header_ext3(&s, OP_ARGMIN, 0, &e, ISA_ALL, FILL_SPECIAL);
        arg(&s, 1, a0, 0);
        input(&s, T_F64, 2, s3x4, 3, perm2, 1, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        for (i = 0; i < 12; i++) put(&s, nan_rows[(i * 5) % 12]);
        write_seed(&s, "compare-argmin-f64-permuted-axis-0");

        header_ext3(&s, OP_REDUCE, 0, &e, ISA_ALL, FILL_SPECIAL);
        reduce(&s, 0, 2, a01);
        input(&s, T_F32, 3, s345, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        for (i = 0; i < 60; i++) put(&s, i % 20 == 0 ? 0 : nan_rows[i % 12]);
        write_seed(&s, "compare-reduce-argmax-f32-two-axes");

        header_ext3(&s, OP_ARGMAX, 0, &e, ISA_ALL, FILL_SPECIAL);
        arg(&s, 1, a1, 0);
        input(&s, T_I16, 2, s3x4, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        for (i = 0; i < 12; i++) put(&s, nan_rows[i]);
        write_seed(&s, "compare-argmax-i16-no-nan");
    }

    /* ---- format 4: options.parallel, on inputs large enough to be split into tasks ---- */
    {
        static const unsigned s1000[1] = {1000}, s4096[1] = {4096}, s64x64[2] = {64, 64}, s100x8[2] = {100, 8};
        static const unsigned s10x64x5[3] = {10, 64, 5}, a0[1] = {0}, a02[2] = {0, 2};
        static const unsigned near_one[5] = {0xC5, 0xC3, 0x41, 0xC2, 0xC6};
        /* FILL_SPECIAL bytes (see above) with a NaN, -0, +inf now and then, the rest 1, -1, 0.5 */
        static const unsigned some_nans[16] = {12, 13, 14, 12, 13, 6, 14, 12, 13, 14, 12, 0, 13, 3, 14, 5};
        ext3 e;

        e = x3(1, 0, 0, 2, 0);
        e.tasks = 64;
        e.schedule = 1;
        header_ext3(&s, OP_CUMSUM, 0, &e, ISA_ALL, FILL_SMALL);
        scan(&s, 0, 0, 0);
        input(&s, T_F32, 1, s1000, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        payload(&s, 64, 0x31, 29);
        write_seed(&s, "parallel-blocked-cumsum-f32-1000-64-tasks-reverse");

        e = x3(0, 0, 0, 2, 0);
        e.tasks = 7;
        e.schedule = 2;
        e.sched_seed = 0x5A;
        header_ext3(&s, OP_CUMSUM, 0, &e, ISA_ALL, FILL_BYTES);
        scan(&s, 0, 3, 3);
        input(&s, T_I32, 1, s4096, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        payload(&s, 61, 0xF0, 31);
        write_seed(&s, "parallel-cumsum-i32-4096-7-tasks-shuffled-decreasing-exclusive");

        e = x3(4, 1, 0, 8, 0);
        e.tasks = 3;
        e.schedule = 3;
        e.sched_seed = 0x17;
        header_ext3(&s, OP_CUMSUM, 0, &e, ISA_ALL, FILL_SMALL);
        scan(&s, 1, 0, 0);
        input(&s, T_F16, 2, s64x64, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        payload(&s, 64, 0x47, 13);
        write_seed(&s, "parallel-tree-native-cumsum-f16-rows-3-tasks-hostile");

        e = x3(4, 0, 1, 16, 0);
        e.tasks = 2;
        header_ext3(&s, OP_CUMPROD, 0, &e, ISA_ALL, FILL_SMALL);
        scan(&s, 0, 0, 0);
        input(&s, T_F32, 1, s1000, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        for (i = 0; i < 40; i++) put(&s, near_one[(i * 3) % 5]);
        write_seed(&s, "parallel-tree-cumprod-f32-1000-2-tasks");

        e = x3(2, 0, 0, 2, 0);
        e.tasks = 64;
        e.schedule = 2;
        e.sched_seed = 0xC3;
        e.seed = 1;
        header_ext3(&s, OP_CUMSUM, 0, &e, ISA_ALL, FILL_MIXED);
        scan(&s, 0, 0, 0);
        input(&s, T_F32, 1, s1000, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        payload(&s, 24, 0x3F, 5);
        write_seed(&s, "parallel-exact-seed-cumsum-f32-1000-64-tasks-shuffled");

        e = x3(0, 0, 0, 2, 0);
        e.tasks = 5;
        header_ext3(&s, OP_CUMSUM, 0, &e, ISA_ALL, FILL_MIXED);
        scan(&s, 0, 0, 0);
        input(&s, T_F32, 1, s1000, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        payload(&s, 24, 0x3F, 5);
        write_seed(&s, "parallel-sequential-cumsum-f32-1000-5-tasks");

        e = x3(3, 2, 0, 2, 0); /* ANY: dmlref_error_bound alone */
        e.tasks = 4;
        e.schedule = 3;
        e.sched_seed = 0x99;
        header_ext3(&s, OP_CUMSUM, 0, &e, ISA_ALL, FILL_SMALL);
        scan(&s, 1, 0, 0);
        input(&s, T_F32, 2, s64x64, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        payload(&s, 64, 0x93, 41);
        write_seed(&s, "parallel-any-wide-cumsum-f32-rows-4-tasks-hostile");

        e = x3(1, 0, 0, 2, 0);
        e.tasks = 6;
        e.schedule = 1;
        header_ext3(&s, OP_CUMSUM, BUF_IN_PLACE, &e, ISA_ALL, FILL_SMALL);
        scan(&s, 0, 3, 0);
        input(&s, T_F64, 2, s100x8, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        payload(&s, 50, 0x22, 7);
        write_seed(&s, "parallel-blocked-cumsum-f64-in-place-outer-axis-6-tasks");

        e = x3(0, 0, 0, 2, 0);
        e.tasks = 5;
        e.schedule = 2;
        e.sched_seed = 0x3C;
        header_ext3(&s, OP_ARGMAX, 0, &e, ISA_ALL, FILL_SPECIAL);
        arg(&s, 1, a0, 0);
        input(&s, T_F32, 1, s1000, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        for (i = 0; i < 16; i++) put(&s, some_nans[i]);
        write_seed(&s, "parallel-argmax-f32-1000-nan-5-tasks-shuffled");

        e = x3(0, 0, 0, 2, 0);
        e.compare = 1;
        e.tasks = 64;
        header_ext3(&s, OP_ARGMIN, 0, &e, ISA_ALL, FILL_SPECIAL);
        arg(&s, 1, a0, 3);
        input(&s, T_F16, 1, s4096, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        for (i = 0; i < 16; i++) put(&s, some_nans[(i * 7) % 16]);
        write_seed(&s, "parallel-compare-argmin-f16-4096-decreasing-64-tasks");

        e = x3(0, 0, 0, 2, 0);
        e.tasks = 3;
        e.schedule = 3;
        e.sched_seed = 0x01;
        header_ext3(&s, OP_REDUCE, 0, &e, ISA_ALL, FILL_SMALL);
        reduce(&s, 1, 2, a02);
        input(&s, T_F64, 3, s10x64x5, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        payload(&s, 32, 0x09, 3);
        write_seed(&s, "parallel-reduce-argmin-f64-two-axes-3-tasks-hostile");
    }


    /* ---- REDUCE value functions (semantics.md, "Reductions") ---- */
    {
        enum { F_AVERAGE = 2, F_L1, F_L2, F_LOG_SUM, F_LOG_SUM_EXP, F_MAX, F_MIN, F_MULTIPLY, F_SUM, F_SUM_SQUARE };
        static const unsigned s100[1] = {100}, s1000[1] = {1000}, s6x100[2] = {6, 100}, s100x64[2] = {100, 64};
        static const unsigned s4x1000[2] = {4, 1000}, a0[1] = {0}, a1[1] = {1}, a2[1] = {2}, a01[2] = {0, 1};
        static const unsigned a02[2] = {0, 2}, a12[2] = {1, 2}, a00[2] = {0, 0}, a7[1] = {7};
        static const unsigned neg_zeros[4] = {6, 6, 6, 6}, max_max_min[3] = {7, 7, 8};
        static const unsigned specials[16] = {12, 5, 6, 13, 3, 14, 0, 9, 10, 11, 4, 7, 8, 2, 12, 13};
        static const unsigned clash3[3] = {1, 1, 1}, perm2r[1] = {1};
        ext3 e;

        /* valid: every function, float orders, accumulations, layouts */
        header(&s, OP_REDUCE, 0, OPT_MESSAGE, ISA_ALL, FILL_SMALL);
        reduce(&s, F_SUM, 1, a2);
        input(&s, T_F32, 3, s345, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        payload(&s, 60, 0x30, 29);
        write_seed(&s, "reduce-sum-f32-axis-2");

        e = x3(0, 0, 0, 2, 0);
        e.ext5 = 1;
        e.pairwise = 1;
        header_ext3(&s, OP_REDUCE, 0, &e, ISA_ALL, FILL_BYTES);
        reduce(&s, F_SUM, 1, a0);
        input(&s, T_F16, 1, s1000, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        payload_floats(&s, T_F16, 451, 1, 1);
        write_seed(&s, "reduce-pairwise-sum-f16-1000");

        e = x3(0, 1, 0, 2, 0); /* NATIVE */
        e.ext5 = 1;
        e.pairwise = 1;
        e.seed = 1;
        header_ext3(&s, OP_REDUCE, 0, &e, ISA_ALL, FILL_BYTES);
        reduce(&s, F_SUM, 1, a1);
        input(&s, T_F16, 2, s6x100, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        payload_floats(&s, T_F16, 443, 2, 0);
        write_seed(&s, "reduce-pairwise-native-seed-sum-f16-rows-of-100");

        e = x3(0, 0, 0, 2, 0);
        e.ext5 = 1;
        e.pairwise = 1;
        header_ext3(&s, OP_REDUCE, 0, &e, ISA_ALL, FILL_BYTES);
        reduce(&s, F_SUM, 1, a1);
        input(&s, T_F64, 2, s4x1000, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        payload_floats(&s, T_F64, 113, 14, 0);
        write_seed(&s, "reduce-pairwise-sum-f64-rows-of-1000");

        e = x3(1, 1, 0, 2, 0); /* BLOCKED, NATIVE */
        header_ext3(&s, OP_REDUCE, 0, &e, ISA_ALL, FILL_BYTES);
        reduce(&s, F_AVERAGE, 1, a0);
        input(&s, T_F16, 2, s17x3, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        payload_floats(&s, T_F16, 51, 3, 0);
        write_seed(&s, "reduce-blocked-native-average-f16-axis-0");

        e = x3(4, 2, 1, 4, 2); /* TREE {SKLANSKY, 4, RECURSIVE}, WIDE */
        header_ext3(&s, OP_REDUCE, 0, &e, ISA_ALL, FILL_BYTES);
        reduce(&s, F_AVERAGE, 2, a02);
        input(&s, T_F32, 3, s345, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        payload_floats(&s, T_F32, 60, 4, 0);
        write_seed(&s, "reduce-tree-wide-average-f32-axes-0-2");

        header(&s, OP_REDUCE, 0, OPT_MESSAGE, ISA_ALL, FILL_SPECIAL);
        reduce(&s, F_L1, 1, a1);
        input(&s, T_I8, 2, s57, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        payload(&s, 35, 0, 3);
        write_seed(&s, "reduce-l1-i8-specials");

        header(&s, OP_REDUCE, 0, OPT_MESSAGE | OPT_BLOCKED, ISA_ALL, FILL_SMALL);
        reduce(&s, F_L1, 1, a0);
        input(&s, T_F64, 2, s46, 3, perm2r, 1, 0, 0);
        output(&s, 2, pad2, 2, 0, 0);
        payload(&s, 24, 0x11, 23);
        write_seed(&s, "reduce-blocked-l1-f64-permuted-input-padded-output");

        e = x3(2, 0, 0, 2, 0); /* EXACT */
        header_ext3(&s, OP_REDUCE, 0, &e, ISA_ALL, FILL_BYTES);
        reduce(&s, F_L2, 2, a01);
        input(&s, T_F32, 2, s33, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        payload_floats(&s, T_F32, 9, 5, 0);
        write_seed(&s, "reduce-exact-l2-f32-axes-0-1");

        header(&s, OP_REDUCE, 0, OPT_MESSAGE, ISA_ALL, FILL_SPECIAL);
        reduce(&s, F_L2, 1, a2);
        input(&s, T_F16, 3, s345, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        for (i = 0; i < 16; i++) put(&s, specials[i]);
        write_seed(&s, "reduce-l2-f16-specials");

        header(&s, OP_REDUCE, 0, OPT_MESSAGE, ISA_ALL, FILL_BYTES);
        reduce(&s, F_SUM_SQUARE, 1, a0);
        input(&s, T_U16, 2, s64, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        payload(&s, 48, 0xF3, 37);
        write_seed(&s, "reduce-sum-square-u16-wraps");

        e = x3(4, 0, 0, 16, 0); /* TREE {KOGGE_STONE, 16, AFTER}: BLOCKED's bits */
        header_ext3(&s, OP_REDUCE, 0, &e, ISA_ALL, FILL_BYTES);
        reduce(&s, F_SUM_SQUARE, 1, a0);
        input(&s, T_F32, 1, s40, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        payload_floats(&s, T_F32, 40, 6, 0);
        write_seed(&s, "reduce-tree-kogge-stone-16-sum-square-f32");

        header(&s, OP_REDUCE, 0, OPT_MESSAGE, ISA_ALL, FILL_SMALL);
        reduce(&s, F_LOG_SUM, 1, a1);
        input(&s, T_F32, 3, s345, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        payload(&s, 60, 0x50, 3);
        write_seed(&s, "reduce-log-sum-f32");

        header(&s, OP_REDUCE, 0, OPT_MESSAGE, ISA_ALL, FILL_BYTES);
        reduce(&s, F_LOG_SUM, 1, a2);
        input(&s, T_F64, 3, s345, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        payload_floats(&s, T_F64, 60, 7, 1);
        write_seed(&s, "reduce-log-sum-f64-positive");

        e = x3(0, 1, 0, 2, 0);
        e.ext5 = 1;
        e.pairwise = 1;
        header_ext3(&s, OP_REDUCE, 0, &e, ISA_ALL, FILL_SMALL);
        reduce(&s, F_LOG_SUM, 1, a0);
        input(&s, T_F16, 1, s100, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        payload(&s, 100, 0x48, 1);
        write_seed(&s, "reduce-pairwise-native-log-sum-f16-100");

        header(&s, OP_REDUCE, 0, OPT_MESSAGE, ISA_ALL, FILL_BYTES);
        reduce(&s, F_LOG_SUM_EXP, 1, a1);
        input(&s, T_F32, 2, s46, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        payload_floats(&s, T_F32, 24, 8, 0);
        write_seed(&s, "reduce-log-sum-exp-f32");

        e = x3(0, 0, 0, 2, 0);
        e.ext5 = 1;
        e.lse = 1; /* DMLREF_LOG_SUM_EXP_PLAIN */
        header_ext3(&s, OP_REDUCE, 0, &e, ISA_ALL, FILL_SMALL);
        reduce(&s, F_LOG_SUM_EXP, 2, a12);
        input(&s, T_F16, 3, s345, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        payload(&s, 60, 0x38, 9);
        write_seed(&s, "reduce-plain-log-sum-exp-f16-axes-1-2");

        header(&s, OP_REDUCE, 0, OPT_MESSAGE, ISA_ALL, FILL_SPECIAL);
        reduce(&s, F_LOG_SUM_EXP, 1, a0);
        input(&s, T_F64, 2, s46, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        for (i = 0; i < 16; i++) put(&s, specials[(i * 5) % 16]);
        write_seed(&s, "reduce-log-sum-exp-f64-specials");

        header(&s, OP_REDUCE, 0, OPT_MESSAGE | OPT_IGNORE, ISA_ALL, FILL_SPECIAL);
        reduce(&s, F_MAX, 1, a0);
        input(&s, T_F32, 2, s46, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        for (i = 0; i < 16; i++) put(&s, specials[i]);
        write_seed(&s, "reduce-max-f32-specials-nan-ignore");

        e = x3(0, 0, 0, 2, 0);
        e.compare = 1;
        header_ext3(&s, OP_REDUCE, 0, &e, ISA_ALL, FILL_SPECIAL);
        reduce(&s, F_MIN, 2, a02);
        input(&s, T_F16, 3, s345, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        for (i = 0; i < 16; i++) put(&s, specials[(i * 3) % 16]);
        write_seed(&s, "reduce-compare-min-f16-specials-axes-0-2");

        e = x3(2, 0, 0, 2, 0); /* EXACT: MIN reads no order */
        header_ext3(&s, OP_REDUCE, 0, &e, ISA_ALL, FILL_SPECIAL);
        reduce(&s, F_MIN, 1, a1);
        input(&s, T_F64, 2, s57, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        put(&s, 5);
        put(&s, 6);
        put(&s, 12);
        write_seed(&s, "reduce-exact-not-read-min-f64-zeros");

        e = x3(2, 1, 0, 2, 0); /* EXACT with NATIVE: a rule of the operators that read the order */
        header_ext3(&s, OP_REDUCE, 0, &e, ISA_ALL, FILL_SPECIAL);
        reduce(&s, F_MAX, 1, a1);
        input(&s, T_F16, 2, s57, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        for (i = 0; i < 16; i++) put(&s, specials[(i * 11) % 16]);
        write_seed(&s, "reduce-exact-native-not-read-max-f16-specials");

        header(&s, OP_REDUCE, 0, OPT_MESSAGE, ISA_ALL, FILL_SPECIAL);
        reduce(&s, F_MAX, 1, a0);
        input(&s, T_F32, 2, s57, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        put(&s, 6); /* -0.0, +0.0, -1: the greatest is +0.0 */
        put(&s, 5);
        put(&s, 13);
        write_seed(&s, "reduce-max-f32-zeros");

        e = x3(4, 1, 1, 8, 1); /* TREE {SKLANSKY, 8, INTO_FIRST}, NATIVE */
        e.seed = 1;
        header_ext3(&s, OP_REDUCE, 0, &e, ISA_ALL, FILL_BYTES);
        reduce(&s, F_SUM_SQUARE, 1, a1);
        input(&s, T_F16, 2, s6x100, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        payload_floats(&s, T_F16, 300, 12, 0);
        write_seed(&s, "reduce-tree-native-seed-sum-square-f16-rows-of-100");

        e = x3(0, 0, 0, 2, 0);
        e.ext5 = 1;
        e.pairwise = 1;
        header_ext3(&s, OP_REDUCE, 0, &e, ISA_ALL, FILL_BYTES);
        reduce(&s, F_L2, 1, a1);
        input(&s, T_F32, 2, s6x100, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        payload_floats(&s, T_F32, 211, 13, 0);
        write_seed(&s, "reduce-pairwise-l2-f32-rows-of-100");

        header(&s, OP_REDUCE, 0, OPT_MESSAGE, ISA_ALL, FILL_BYTES);
        reduce(&s, F_MIN, 1, a0);
        input(&s, T_I64, 2, s17x3, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        payload(&s, 40, 0x81, 29);
        write_seed(&s, "reduce-min-i64");

        e = x3(0, 0, 0, 2, 0);
        e.ext5 = 1;
        e.pairwise = 1; /* not read by MAX */
        header_ext3(&s, OP_REDUCE, 0, &e, ISA_ALL, FILL_BYTES);
        reduce(&s, F_MAX, 3, a023);
        input(&s, T_U8, 4, s2345, 3, perm4, 3, 0, 0);
        output(&s, 2, pad3, 4, 0, 0);
        payload(&s, 120, 9, 17);
        write_seed(&s, "reduce-pairwise-not-read-max-u8-three-axes-4d");

        header(&s, OP_REDUCE, 0, OPT_MESSAGE, ISA_ALL, FILL_SMALL);
        reduce(&s, F_MULTIPLY, 1, a1);
        input(&s, T_I32, 2, s57, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        payload(&s, 35, 0x45, 3);
        write_seed(&s, "reduce-multiply-i32");

        e = x3(4, 0, 2, 8, 3); /* TREE {BRENT_KUNG, 8, RECURSIVE_LAST} */
        header_ext3(&s, OP_REDUCE, 0, &e, ISA_ALL, FILL_BYTES);
        reduce(&s, F_MULTIPLY, 1, a0);
        input(&s, T_F32, 1, s40, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        payload_floats(&s, T_F32, 40, 9, 0);
        write_seed(&s, "reduce-tree-multiply-f32");

        e = x3(1, 0, 0, 2, 0); /* BLOCKED (SEQUENTIAL for products) and the seed (1 x v is v) */
        e.seed = 1;
        header_ext3(&s, OP_REDUCE, 0, &e, ISA_ALL, FILL_SMALL);
        reduce(&s, F_MULTIPLY, 1, a2);
        input(&s, T_F16, 3, s345, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        payload(&s, 60, 0xBC, 1);
        write_seed(&s, "reduce-blocked-seed-multiply-f16");

        e = x3(4, 1, 1, 8, 1); /* TREE {SKLANSKY, 8, INTO_FIRST}, NATIVE: overflow and underflow in the tree */
        e.seed = 1;
        header_ext3(&s, OP_REDUCE, 0, &e, ISA_ALL, FILL_BYTES);
        reduce(&s, F_MULTIPLY, 1, a1);
        input(&s, T_F16, 2, s6x100, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        payload_floats(&s, T_F16, 215, 15, 0);
        write_seed(&s, "reduce-tree-native-seed-multiply-f16-rows-of-100");

        e = x3(0, 0, 0, 2, 0);
        e.ext5 = 1;
        e.pairwise = 1; /* integers: one answer in every order */
        header_ext3(&s, OP_REDUCE, 0, &e, ISA_ALL, FILL_MIXED);
        reduce(&s, F_SUM, 2, a01);
        input(&s, T_I64, 2, s46, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        payload(&s, 24, 0x70, 91);
        write_seed(&s, "reduce-pairwise-sum-i64");

        header(&s, OP_REDUCE, 0, OPT_MESSAGE, ISA_ALL, FILL_SPECIAL);
        reduce(&s, F_SUM, 1, a0);
        input(&s, T_F32, 1, s1, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        for (i = 0; i < 4; i++) put(&s, neg_zeros[i]);
        write_seed(&s, "reduce-sum-f32-negative-zeros");

        e = x3(0, 0, 0, 2, 0);
        e.seed = 1;
        header_ext3(&s, OP_REDUCE, 0, &e, ISA_ALL, FILL_SPECIAL);
        reduce(&s, F_SUM, 1, a0);
        input(&s, T_F32, 1, s1, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        for (i = 0; i < 4; i++) put(&s, neg_zeros[i]);
        write_seed(&s, "reduce-seed-sum-f32-negative-zeros");

        e = x3(2, 0, 0, 2, 0);
        header_ext3(&s, OP_REDUCE, 0, &e, ISA_ALL, FILL_SPECIAL);
        reduce(&s, F_SUM, 1, a0);
        input(&s, T_F16, 1, s1, 0, NULL, 0, 0, 0); /* MAX, MAX, -MAX, ...: the exact sum is MAX */
        output(&s, 0, NULL, 0, 0, 0);
        for (i = 0; i < 3; i++) put(&s, max_max_min[i]);
        write_seed(&s, "reduce-exact-sum-f16-past-max-and-back");

        e = x3(2, 0, 0, 2, 0);
        header_ext3(&s, OP_REDUCE, 0, &e, ISA_ALL, FILL_MIXED);
        reduce(&s, F_AVERAGE, 2, a12);
        input(&s, T_F32, 3, s345, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        payload(&s, 60, 0x3F, 5);
        write_seed(&s, "reduce-exact-average-f32-axes-1-2");

        e = x3(2, 0, 0, 2, 0);
        header_ext3(&s, OP_REDUCE, 0, &e, ISA_ALL, FILL_SPECIAL);
        reduce(&s, F_SUM_SQUARE, 1, a1);
        input(&s, T_F64, 2, s46, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        put(&s, 10); /* subnormals: squares far below the smallest one */
        put(&s, 11);
        put(&s, 9);
        put(&s, 12);
        write_seed(&s, "reduce-exact-sum-square-f64-subnormals");

        e = x3(2, 0, 0, 2, 0);
        header_ext3(&s, OP_REDUCE, BUF_SHARED, &e, ISA_ALL, FILL_SMALL);
        reduce(&s, F_L1, 1, a0);
        input(&s, T_F16, 1, s100, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        put(&s, 0x00); /* the output 256 bytes after the input, in one buffer */
        put(&s, 0x01);
        payload(&s, 50, 0x9F, 3);
        write_seed(&s, "reduce-exact-l1-f16-one-buffer");

        /* options.parallel: many outputs split between tasks */
        e = x3(1, 0, 0, 2, 0);
        e.ext5 = 1;
        e.tasks = 4;
        header_ext3(&s, OP_REDUCE, 0, &e, ISA_ALL, FILL_BYTES);
        reduce(&s, F_SUM, 1, a1);
        input(&s, T_F32, 2, s100x64, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        payload_floats(&s, T_F32, 233, 10, 0);
        write_seed(&s, "parallel-reduce-blocked-sum-f32-rows-4-tasks");

        e = x3(0, 2, 0, 2, 0);
        e.ext5 = 1;
        e.pairwise = 1;
        e.tasks = 7;
        e.schedule = 3;
        e.sched_seed = 0x5A;
        header_ext3(&s, OP_REDUCE, 0, &e, ISA_ALL, FILL_BYTES);
        reduce(&s, F_AVERAGE, 1, a0);
        input(&s, T_F64, 2, s100x64, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        payload_floats(&s, T_F64, 111, 11, 0);
        write_seed(&s, "parallel-reduce-pairwise-average-f64-columns-7-tasks-hostile");

        e = x3(0, 0, 0, 2, 0);
        e.ext5 = 1;
        e.lse = 1;
        e.tasks = 3;
        e.schedule = 1;
        header_ext3(&s, OP_REDUCE, 0, &e, ISA_ALL, FILL_SMALL);
        reduce(&s, F_LOG_SUM_EXP, 1, a1);
        input(&s, T_F16, 2, s100x64, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        payload(&s, 64, 0x30, 3);
        write_seed(&s, "parallel-reduce-plain-log-sum-exp-f16-rows-3-tasks");

        e = x3(0, 0, 0, 2, 0);
        e.compare = 1;
        e.tasks = 5;
        e.schedule = 2;
        e.sched_seed = 0x17;
        header_ext3(&s, OP_REDUCE, 0, &e, ISA_ALL, FILL_SPECIAL);
        reduce(&s, F_MAX, 1, a1);
        input(&s, T_F32, 2, s100x64, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        for (i = 0; i < 16; i++) put(&s, specials[(i * 7) % 16]);
        write_seed(&s, "parallel-reduce-compare-max-f32-rows-5-tasks");

        /* feature levels (the value functions' rules there are not settled: see fz_level_lenient) */
        header1(&s, OP_REDUCE, 0, OPT_MESSAGE | OPT_LEVEL, 6, ISA_ALL, FILL_SMALL); /* 4_1 */
        reduce(&s, F_SUM, 1, a1);
        input(&s, T_F32, 2, s46, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        payload(&s, 24, 0x31, 5);
        write_seed(&s, "reduce-sum-f32-level-4_1");

        header1(&s, OP_REDUCE, 0, OPT_MESSAGE | OPT_LEVEL, 6, ISA_ALL, FILL_SMALL); /* 4_1 */
        reduce(&s, F_AVERAGE, 1, a1);
        input(&s, T_I32, 2, s46, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        payload(&s, 24, 0x31, 5);
        write_seed(&s, "reduce-average-i32-level-4_1");

        header1(&s, OP_REDUCE, 0, OPT_MESSAGE | OPT_LEVEL, 0, ISA_ALL, FILL_SMALL); /* 1_0 */
        reduce(&s, F_MAX, 1, a1);
        input(&s, T_F16, 4, s2345, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        payload(&s, 120, 1, 3);
        write_seed(&s, "reduce-max-f16-level-1_0-4d");

        /* ---- broken rules of REDUCE's value functions, one per file ---- */
        {
            static const struct {
                unsigned function, type;
                const char *name;
            } float_only[4] = {{F_AVERAGE, T_I32, "invalid-reduce-average-i32"},
                               {F_L2, T_U8, "invalid-reduce-l2-u8"},
                               {F_LOG_SUM, T_I16, "invalid-reduce-log-sum-i16"},
                               {F_LOG_SUM_EXP, T_U64, "invalid-reduce-log-sum-exp-u64"}};
            for (i = 0; i < 4; i++) {
                header(&s, OP_REDUCE, 0, OPT_MESSAGE, ISA_AUTO, FILL_SMALL);
                reduce(&s, float_only[i].function, 1, a0);
                input(&s, float_only[i].type, 2, s33, 0, NULL, 0, 0, 0);
                output(&s, 0, NULL, 0, 0, 0);
                write_seed(&s, float_only[i].name);
            }
        }

        header(&s, OP_REDUCE, 0, OPT_MESSAGE, ISA_AUTO, FILL_SMALL);
        reduce(&s, F_MIN, 1, a0);
        input(&s, T_F32, 2, s33, 0, NULL, 0, 0, 0);
        put(&s, 0);
        put(&s, 11);
        put(&s, 0x10 | T_F64); /* output FLOAT64 for a FLOAT32 input */
        put(&s, 0);
        put(&s, 0);
        put(&s, 0);
        write_seed(&s, "invalid-reduce-min-type-mismatch");

        e = x3(0, 0, 0, 2, 0);
        e.ext5 = 1;
        e.pairwise = 1;
        header_ext3(&s, OP_REDUCE, 0, &e, ISA_AUTO, FILL_SMALL);
        reduce(&s, F_MULTIPLY, 1, a0);
        input(&s, T_F32, 2, s33, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        write_seed(&s, "invalid-reduce-multiply-pairwise");

        e = x3(2, 0, 0, 2, 0);
        header_ext3(&s, OP_REDUCE, 0, &e, ISA_AUTO, FILL_SMALL);
        reduce(&s, F_MULTIPLY, 1, a0);
        input(&s, T_I32, 2, s33, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        write_seed(&s, "invalid-reduce-multiply-exact-i32");

        e = x3(2, 0, 0, 2, 0);
        header_ext3(&s, OP_REDUCE, 0, &e, ISA_AUTO, FILL_SMALL);
        reduce(&s, F_LOG_SUM, 1, a0);
        input(&s, T_F32, 2, s33, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        write_seed(&s, "invalid-reduce-log-sum-exact");

        e = x3(2, 0, 0, 2, 0);
        header_ext3(&s, OP_REDUCE, 0, &e, ISA_AUTO, FILL_SMALL);
        reduce(&s, F_LOG_SUM_EXP, 1, a1);
        input(&s, T_F16, 2, s33, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        write_seed(&s, "invalid-reduce-log-sum-exp-exact");

        e = x3(0, 0, 0, 2, 0);
        e.ext5 = 1;
        e.pairwise = 1;
        header_ext3(&s, OP_CUMSUM, 0, &e, ISA_AUTO, FILL_SMALL);
        scan(&s, 0, 0, 0);
        input(&s, T_F32, 1, s1, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        write_seed(&s, "invalid-cumsum-pairwise");

        e = x3(4, 0, 0, 2, 0);
        e.has_tree = 0;
        header_ext3(&s, OP_REDUCE, 0, &e, ISA_AUTO, FILL_SMALL);
        reduce(&s, F_MAX, 1, a0); /* MAX reads no order, but TREE needs a tree whatever the operator */
        input(&s, T_F32, 2, s33, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        write_seed(&s, "invalid-reduce-max-tree-null");

        e = x3(2, 1, 0, 2, 0);
        header_ext3(&s, OP_REDUCE, 0, &e, ISA_AUTO, FILL_SMALL);
        reduce(&s, F_L1, 1, a0);
        input(&s, T_F16, 2, s33, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        write_seed(&s, "invalid-reduce-l1-exact-native");

        e = x3(0, 0, 0, 2, 0);
        e.ext5 = 1;
        e.lse = 2;
        header_ext3(&s, OP_REDUCE, 0, &e, ISA_AUTO, FILL_SMALL);
        reduce(&s, F_LOG_SUM_EXP, 1, a0);
        input(&s, T_F32, 2, s33, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        write_seed(&s, "invalid-option-log-sum-exp-2");

        e = x3(0, 0, 0, 2, 0);
        e.ext5 = 1;
        e.lse = -1;
        header_ext3(&s, OP_CUMSUM, 0, &e, ISA_AUTO, FILL_SMALL);
        scan(&s, 0, 0, 0);
        input(&s, T_F32, 1, s1, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        write_seed(&s, "invalid-option-log-sum-exp-minus-1-cumsum");

        header(&s, OP_REDUCE, 0, OPT_MESSAGE, ISA_AUTO, FILL_SMALL);
        reduce(&s, F_MIN, 0, NULL);
        input(&s, T_F32, 2, s33, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        write_seed(&s, "invalid-reduce-min-axis-count-0");

        header(&s, OP_REDUCE, 0, OPT_MESSAGE, ISA_AUTO, FILL_SMALL);
        reduce(&s, F_SUM_SQUARE, 2, a00);
        input(&s, T_F32, 2, s33, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        write_seed(&s, "invalid-reduce-sum-square-repeated-axis");

        header(&s, OP_REDUCE, 0, OPT_MESSAGE, ISA_AUTO, FILL_SMALL);
        reduce(&s, F_SUM, 1, a7);
        input(&s, T_F32, 2, s33, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        write_seed(&s, "invalid-reduce-sum-axis-out-of-range");

        header(&s, OP_REDUCE, 0, OPT_MESSAGE, ISA_AUTO, FILL_SMALL);
        reduce(&s, F_AVERAGE, 1, a0);
        input(&s, T_F32, 2, s33, 0, NULL, 0, 0, 0);
        put(&s, 0);
        put(&s, 0xC0 | 11); /* sizes derived, then Sizes[0] replaced: 3 where 1 is due */
        put(&s, 0);
        put(&s, 0);
        put(&s, 0x83);
        put(&s, 0);
        put(&s, 0);
        put(&s, 0);
        write_seed(&s, "invalid-reduce-average-output-size");

        header(&s, OP_REDUCE, 0, OPT_MESSAGE, ISA_AUTO, FILL_SMALL);
        put(&s, 12); /* Function 12: not a DML_REDUCE_FUNCTION */
        put(&s, 1);
        put(&s, 0);
        input(&s, T_F32, 2, s33, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        write_seed(&s, "invalid-reduce-function-12");

        header(&s, OP_REDUCE, 0, OPT_MESSAGE, ISA_AUTO, FILL_SMALL);
        reduce(&s, F_SUM, 1, a0);
        input(&s, T_F32, 3, s345, 0, NULL, 0, 0, 0);
        output(&s, 6, clash3, 3, 0, 0); /* strides {1, 1, 1} on sizes {1, 4, 5} */
        write_seed(&s, "invalid-reduce-sum-output-strides-clash");

        header(&s, OP_REDUCE, 0, OPT_MESSAGE, ISA_AUTO, FILL_SMALL);
        reduce(&s, F_MULTIPLY, 1, a0);
        input(&s, T_U4, 1, s1, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        write_seed(&s, "invalid-reduce-multiply-uint4");

        header(&s, OP_REDUCE, BUF_IN_PLACE, OPT_MESSAGE, ISA_AUTO, FILL_SMALL);
        reduce(&s, F_SUM, 1, a1);
        input(&s, T_F32, 2, s33, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        write_seed(&s, "execute-reduce-sum-in-place");

        header(&s, OP_REDUCE, BUF_SHARED, OPT_MESSAGE, ISA_AUTO, FILL_SMALL);
        reduce(&s, F_L2, 1, a0);
        input(&s, T_F32, 2, s33, 0, NULL, 0, 0, 0);
        output(&s, 0, NULL, 0, 0, 0);
        put(&s, 0x10); /* the output 16 bytes after the input: overlap */
        put(&s, 0);
        write_seed(&s, "execute-reduce-l2-partial-overlap");
    }

    printf("fuzz_seeds: wrote %d files to %s\n", g_written, g_dir);
    return 0;
}
