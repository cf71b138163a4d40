/* tests/test_golden.c - golden digests: XXH3-64 of the outputs of a fixed,
   versioned corpus, so results are pinned across versions, ISA paths and
   compilers (docs/semantics.md, "Determinism").

   Corpus version 1 is 1025 cases generated from splitmix64 with fixed seeds
   (case i is seeded from its number alone, so cases do not shift each other),
   in sections (gold_generate): A scans, every type x direction x exclusive x
   float order; B ARGMIN/ARGMAX, every type x index type x direction; C REDUCE,
   every type x index type; D long lines (up to 4099 elements, 7000-element
   panels) for every type; E float special-value classes through every
   operator, and all-NaN slices; F edge shapes (all sizes 1, rank 8, every axis
   reduced); G the shapes SIMD kernels take (contiguous lines, vertical panels,
   tails, exclusive, ties); H 150 fully random cases. Shapes, layouts and
   values not fixed by a section are drawn from the case's own PRNG. Every input value is built from integer PRNG bits:
   float bit patterns are assembled directly (sign, exponent, mantissa), never computed with floating-point arithmetic,
   so the inputs are bit-identical everywhere. The corpus covers all five operators, the 11 data types, the 4 index
   types, both directions, exclusive on and off, both float orders, both NaN policies, ranks 1 to 8, multi-axis
   reductions listed in any order, packed / explicit / padded / permuted / broadcast / in-place layouts, buffers that
   start one element past an aligned address, special values (NaN with any payload, signalling NaN, infinities, -0,
   subnormals, huge values, integer extremes and wrap-around), and long lines (thousands of elements, along and across
   the innermost dimension, so blocked SIMD code and its tails run).

   Digest of a case: the output's elements gathered in row-major order of
   the output index space (padding never matters), each written
   little-endian, hashed with XXH3_64bits.

   The digests live in tests/golden/digests_v1.txt, one line per case:
   "<case number> <description> <16 hex digits>", plus '#' comment lines; three
   of those carry the corpus version, the case count and an input fingerprint
   (an XXH3 chain over every case's description, strides and logical input),
   so that a change of the generator is told apart from a change of results.
   The file is found as tests/golden, ../tests/golden or ../../tests/golden from
   the current directory, or $DMLREF_TEST_DATA/../golden when that is set (as
   test_conformance.c finds its data); a missing file fails every golden case.

   Every case runs with options.isa = DMLREF_ISA_AUTO and again with each ISA
   that dmlref_isa_available() reports (SCALAR .. NEON); all must give the
   stored digest. Each run also checks that no byte outside the output's
   elements changed (padding and a guard zone after the buffer) and that the
   input was not modified.

   Regenerating: `make golden`, which runs this binary with
   DMLREF_WRITE_GOLDEN=<path> and the filter golden/write: register_golden_tests
   then registers only the case "golden/write", which computes every digest,
   refuses to write when the ISA paths disagree or a case fails, and replaces
   the file. Corpus version 1 is frozen: to change the corpus, add version 2
   (a new generator and digests_v2.txt) instead of editing this one.

   Extension 1 (gold_generate_ext1, 319 cases: 121 EXACT sums, 198 bounds) is
   appended to corpus version 1 without changing it: cases 1025 to 1343,
   numbered after the frozen ones and seeded from their own constant
   (GOLD_EXT1_SEED), so the first 1025 cases, their descriptions, digests,
   case count ("# cases: 1025") and input fingerprint stay byte-identical in
   the file. The file carries the extension after case 1024: "# extension-1-
   cases: 319" and "# extension-1-fingerprint: X" (an XXH3 chain over the
   extension's cases alone); groups golden/exact-cumsum, golden/bound-cumsum
   and golden/bound-cumprod check it. Once committed, extension 1 is frozen
   too: more cases go into an extension 2. Its sections: I DMLREF_FLOAT_ORDER_
   EXACT sums, every type x direction x exclusive, the float special-value
   classes (NaN, infinities, -0, subnormals, values near overflow whose exact
   sums come back into range), the SIMD shapes and long lines, in place, and
   random cases; J dmlref_error_bound, whose digest is that of the FLOAT64
   BoundTensor (its layout is the case's out= layout, gathered like an output):
   cumulative sums in every order (SEQUENTIAL, BLOCKED, EXACT, ANY) and
   products in SEQUENTIAL, BLOCKED and ANY, every type, the special-value
   classes, long lines and random cases. A bound case runs on every ISA path
   too (options.isa validated, the bound the same on all), checks that no byte
   but the bound's elements changed and the input did not, and that every bound
   is +0 or more (+inf included, never NaN), exactly 0 for integer types.

   Extension 2 (gold_generate_ext2, 413 cases: cases 1344 to 1756, seeded from
   GOLD_EXT2_SEED) is appended after extension 1 in the same way: the file
   carries "# extension-2-cases: 413" and "# extension-2-fingerprint: X" (an
   XXH3 chain over extension 2's cases alone) before case 1344, and every
   earlier line, extension 1's included, stays byte-identical. It covers the
   options of dmlref_options added after extension 1: options.accumulation
   (DEFAULT, NATIVE, WIDE), options.identity_seed, DMLREF_FLOAT_ORDER_TREE with
   options.tree (algorithm, block, carry) and DMLREF_NAN_COMPARE. Descriptions
   name them: a scan of extension 2 always shows "acc=... seed=...", a TREE
   order "tree(sklansky,block=2048,carry=into-first)", an arg-reduction
   "nan=compare". Sections and their groups: K golden/accumulation (93):
   SEQUENTIAL and BLOCKED sums, every float type x accumulation x
   identity_seed, products likewise (a product ignores the seed), integer
   scans (the options change nothing), the SIMD shapes and in place, special
   values; L golden/tree-cumsum (99): every tree algorithm x block (2, 4, 16,
   32, 64, 256, 1024, 2048, 65536) x carry on lines whose last block is
   partial (one line, two contiguous lines, lines across the innermost
   dimension, the middle axis of a 3-D tensor; packed, strided, padded,
   permuted, in place), seeded -0 runs, special values, every float type x
   accumulation x identity_seed, integers, random cases; M golden/tree-cumprod
   (44): the same for products (values near 1); N golden/exact-seed (20): EXACT
   sums with identity_seed (the exact sum of -0s is -0, +0 once seeded); O
   golden/nan-compare (64): ARGMIN, ARGMAX and REDUCE with NAN_COMPARE, every
   float type x index type, both directions, NaN first in some slices and
   later in others, the SIMD shapes, all-NaN slices, integers; P
   golden/bound-accumulation (50) and golden/bound-tree (43):
   dmlref_error_bound with NATIVE / WIDE and identity_seed in SEQUENTIAL,
   BLOCKED, EXACT and ANY, and in TREE orders (sums: every algorithm x block,
   both carries; products, whose bound is ANY's whatever the tree). Value
   classes only extension 2 draws: V_NEGZERO_LEAD (each line starts, in its
   direction, with a run of -0 of zero_run elements, shown as
   "v=negzero-lead(run=N)"), V_SOMENAN and V_WIDE.
   Options that cannot change a bit (FLOAT32 NATIVE and FLOAT64 NATIVE / WIDE
   are DEFAULT, integers ignore every option) are exercised too: their digests
   pin that nothing changes. A float32 tally of FLOAT16 values, or a float64
   tally of FLOAT32 values, is rounded again to the output type, which hides
   the association order in all but rare outputs: the cases that pin each tree
   x block x carry use the types and accumulations whose roundings show
   (gold_order_visible). Until extension 2 is committed, `make golden`
   regenerates its digests with the rest of the file (those of version 1 and
   extension 1 must come out unchanged); once committed it is frozen too, and
   more cases go into an extension 3.

   Extension 3 (gold_generate_ext3, 357 cases: cases 1757 to 2113, seeded from
   GOLD_EXT3_SEED) is appended after extension 2 in the same way: "# extension-
   3-cases: 357" and "# extension-3-fingerprint: X" before case 1757, every
   earlier line byte-identical. It pins DML_REDUCE with the value functions
   (operator G_REDUCE_VALUE, gold_case.reduce_fn; the output has the input's
   type): SUM, AVERAGE, L1, L2, SUM_SQUARE, LOG_SUM, LOG_SUM_EXP (SHIFTED, and
   PLAIN through options.log_sum_exp), MULTIPLY, MIN, MAX, on every type each
   takes at feature_level 0 (all 11 for SUM, L1, SUM_SQUARE, MULTIPLY, MIN and
   MAX; FLOAT16/32/64 for the others). Shapes are of rank 1 to 4, one or
   several axes in any order, packed / explicit / padded / permuted layouts and
   zero input strides (in=bcast). Descriptions name the function, the order
   ("seq", "pairwise", "blocked", "exact", or the one TREE schedule of the
   extension, "tree(sklansky,block=4,carry=into-first)"), "acc=... seed=..."
   and "lse=plain"; MIN and MAX, which read no order, name "nan=..." instead.
   Sections and their groups: Q1 golden/reduce-value (186): every function x
   type, floats in every float order the function takes (MIN / MAX: every NaN
   policy), integers in one order each with options that change nothing; Q2
   golden/reduce-options (54): every function but MIN / MAX x accumulation x
   identity_seed on FLOAT16 / FLOAT32 in SEQUENTIAL, PAIRWISE, BLOCKED or TREE;
   Q3 golden/reduce-special (72): every function x float type x two of the
   special-value classes (NaN payloads quiet and signalling, infinities, -0,
   subnormals, values near overflow, all-NaN), and all-NaN slices for MIN / MAX
   in every NaN policy; Q4 golden/reduce-long (21): lines of 1500 to 4099
   elements (one line, rows, lines across the innermost dimension, two axes of
   a 3-D tensor) in PAIRWISE and BLOCKED, a 3001-element product, long MIN /
   MAX and integer sums; Q5 golden/reduce-random (24). Value class only
   extension 3 draws: V_POSITIVE (LOG_SUM of a positive sum). Until extension 3
   is committed, `make golden` regenerates its digests with the rest of the
   file (every earlier digest must come out unchanged); once committed it is
   frozen too, and more cases go into an extension 4. */
#include "../dml_ref.h"
#include "fixture.h"
#include "runner.h"
#include "suites.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <xxhash.h>

#define GOLD_CORPUS_VERSION 1
#define GOLD_FILE_NAME "digests_v1.txt"
#define GOLD_MAX_CASES 3000
#define GOLD_EXT1_SEED UINT64_C(0x45585431) /* "EXT1": extension 1's cases */
#define GOLD_EXT2_SEED UINT64_C(0x45585432) /* "EXT2": extension 2's cases */
#define GOLD_EXT3_SEED UINT64_C(0x45585433) /* "EXT3": extension 3's cases */
#define GOLD_DESC_MAX 256
#define GOLD_GUARD 64 /* bytes checked after every output buffer */
#define GOLD_HINT "if this change of results is intended, run `make golden` and commit tests/golden/digests_v1.txt"

#define GOLD_FAIL(...) tr_failf(__FILE__, __LINE__, __VA_ARGS__)

/* ---- PRNG: splitmix64 ----------------------------------------------------------
   At most one draw per expression: C leaves the order in which operands and
   arguments are evaluated unspecified, and compilers do differ (GCC with
   -fsanitize=undefined reorders them), which would change the corpus. */

typedef struct gold_rng {
    uint64_t state;
} gold_rng;

static uint64_t gold_next(gold_rng *r) {
    uint64_t z = (r->state += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

/* Uniform in [0, n), n >= 1 (multiply-shift on the top 32 bits). */
static uint32_t gold_below(gold_rng *r, uint32_t n) { return (uint32_t)(((gold_next(r) >> 32) * (uint64_t)n) >> 32); }

static gold_rng gold_seeded(uint64_t a, uint64_t b) {
    gold_rng r;
    r.state = a * UINT64_C(0xD1B54A32D192ED03) ^ b * UINT64_C(0x8CB92BA72F3D8DD7) ^ UINT64_C(0x676F6C64656E7631);
    gold_next(&r);
    return r;
}

/* ---- corpus description ---------------------------------------------------------- */

enum { G_CUMSUM, G_CUMPROD, G_ARGMIN, G_ARGMAX, G_REDUCE_ARGMIN, G_REDUCE_ARGMAX, G_OP_COUNT };
static const char *const gold_op_names[G_OP_COUNT] = {"cumsum", "cumprod",       "argmin",
                                                      "argmax", "reduce-argmin", "reduce-argmax"};
#define GOLD_IS_SCAN(op) ((op) <= G_CUMPROD)
/* Extension 3: REDUCE with a value function (gold_case.reduce_fn). Outside the enum: G_OP_COUNT is read by
   corpus version 1's generator (sections F and H), which must not change. */
#define G_REDUCE_VALUE G_OP_COUNT

/* Layouts. BCAST is for inputs only, INPLACE for scan outputs only. */
enum { L_PACKED, L_EXPLICIT, L_PADDED, L_PERM, L_BCAST, L_INPLACE, L_COUNT };
static const char *const gold_layout_names[L_COUNT] = {"packed", "explicit", "padded", "perm", "bcast", "inplace"};

/* Value classes (what the integer bits are turned into). */
enum {
    V_SMALL,     /* small integers: exact in every type */
    V_RANDOM,    /* floats: random sign/mantissa, exponent within 2^+-6; integers: full-width bits */
    V_SPECIAL,   /* mix: +-0, +-inf, quiet and signalling NaN, subnormals, extremes, +-1, random */
    V_NEAR1,     /* floats in +-[0.5, 2); integers odd full-width (products wrap, never vanish) */
    V_TIES,      /* a handful of values (-2, -1, -0, +0, 1, 2): many ties */
    V_NANHEAVY,  /* 60% NaN, the rest as V_TIES */
    V_FULLBITS,  /* every bit random */
    V_ZEROS,     /* +0 and -0 (floats), a few small integers */
    V_HUGE,      /* near the largest finite value: sums and products overflow */
    V_SUBNORMAL, /* subnormals and the smallest normal */
    V_ALLNAN,    /* only NaNs, any sign and payload */
    V_INFS,      /* +-inf, +-largest finite, a few ties */
    /* extension 2 only (corpus version 1 and extension 1 never draw them) */
    V_NEGZERO_LEAD, /* scans: each line starts (in its direction) with a run of -0; then -0, +0, small integers */
    V_SOMENAN,      /* 25% NaN (any payload, quiet or signalling), the rest as V_TIES */
    V_WIDE,         /* floats: random sign/mantissa, exponent within 2^+-10 (FLOAT16), 2^+-30, 2^+-60: sums
                       round in every accumulation type, so the association order shows; integers: all bits */
    /* extension 3 only */
    V_POSITIVE, /* floats: as V_RANDOM but positive (LOG_SUM of a positive sum); integers: all bits */
    V_COUNT
};
static const char *const gold_value_names[V_COUNT] = {
    "small", "random",    "special", "near1", "ties",         "nanheavy", "bits", "zeros",
    "huge",  "subnormal", "allnan",  "infs",  "negzero-lead", "somenan",  "wide", "positive"};

static const DML_TENSOR_DATA_TYPE gold_types[11] = {
    DML_TENSOR_DATA_TYPE_FLOAT16, DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_DATA_TYPE_FLOAT64,
    DML_TENSOR_DATA_TYPE_INT8,    DML_TENSOR_DATA_TYPE_INT16,   DML_TENSOR_DATA_TYPE_INT32,
    DML_TENSOR_DATA_TYPE_INT64,   DML_TENSOR_DATA_TYPE_UINT8,   DML_TENSOR_DATA_TYPE_UINT16,
    DML_TENSOR_DATA_TYPE_UINT32,  DML_TENSOR_DATA_TYPE_UINT64};
static const DML_TENSOR_DATA_TYPE gold_index_types[4] = {DML_TENSOR_DATA_TYPE_INT32, DML_TENSOR_DATA_TYPE_INT64,
                                                         DML_TENSOR_DATA_TYPE_UINT32, DML_TENSOR_DATA_TYPE_UINT64};

/* The corpus' own type table (names and sizes do not depend on the library). */
static const char *gold_type_name(DML_TENSOR_DATA_TYPE t) {
    switch (t) {
    case DML_TENSOR_DATA_TYPE_FLOAT16: return "F16";
    case DML_TENSOR_DATA_TYPE_FLOAT32: return "F32";
    case DML_TENSOR_DATA_TYPE_FLOAT64: return "F64";
    case DML_TENSOR_DATA_TYPE_INT8: return "I8";
    case DML_TENSOR_DATA_TYPE_INT16: return "I16";
    case DML_TENSOR_DATA_TYPE_INT32: return "I32";
    case DML_TENSOR_DATA_TYPE_INT64: return "I64";
    case DML_TENSOR_DATA_TYPE_UINT8: return "U8";
    case DML_TENSOR_DATA_TYPE_UINT16: return "U16";
    case DML_TENSOR_DATA_TYPE_UINT32: return "U32";
    case DML_TENSOR_DATA_TYPE_UINT64: return "U64";
    default: return "?";
    }
}

static unsigned gold_type_size(DML_TENSOR_DATA_TYPE t) {
    switch (t) {
    case DML_TENSOR_DATA_TYPE_INT8:
    case DML_TENSOR_DATA_TYPE_UINT8: return 1;
    case DML_TENSOR_DATA_TYPE_FLOAT16:
    case DML_TENSOR_DATA_TYPE_INT16:
    case DML_TENSOR_DATA_TYPE_UINT16: return 2;
    case DML_TENSOR_DATA_TYPE_FLOAT32:
    case DML_TENSOR_DATA_TYPE_INT32:
    case DML_TENSOR_DATA_TYPE_UINT32: return 4;
    default: return 8;
    }
}

static int gold_is_float(DML_TENSOR_DATA_TYPE t) {
    return t == DML_TENSOR_DATA_TYPE_FLOAT16 || t == DML_TENSOR_DATA_TYPE_FLOAT32 || t == DML_TENSOR_DATA_TYPE_FLOAT64;
}

static int gold_is_signed(DML_TENSOR_DATA_TYPE t) {
    return t == DML_TENSOR_DATA_TYPE_INT8 || t == DML_TENSOR_DATA_TYPE_INT16 || t == DML_TENSOR_DATA_TYPE_INT32 ||
           t == DML_TENSOR_DATA_TYPE_INT64;
}

typedef struct gold_case {
    int op;
    DML_TENSOR_DATA_TYPE type, index_type;
    UINT rank;
    UINT sizes[8];
    UINT axis;                /* scans */
    UINT axis_count, axes[8]; /* arg-reductions, in the order the descriptor lists them */
    int direction, exclusive; /* DML_AXIS_DIRECTION, BOOL */
    int float_order, nan_policy;
    int in_layout, out_layout;
    UINT in_strides[8], out_strides[8]; /* used unless the layout is L_PACKED */
    int values;                         /* V_* */
    int offset;                         /* buffers start one element past an aligned address */
    uint64_t seed;                      /* of the input values */
    int bound;                          /* extension 1: the digest is of dmlref_error_bound's FLOAT64 BoundTensor */
    /* extension 2 (0 in corpus version 1 and extension 1, which pass these options as 0) */
    int ext2;                        /* the case is extension 2's: its description names the options below */
    int part;                        /* extension 2: GP_EXT2_*, the check group */
    int accumulation, identity_seed; /* options.accumulation, options.identity_seed */
    int tree_algorithm, tree_carry;  /* options.tree, when float_order is TREE */
    UINT tree_block;
    UINT zero_run; /* V_NEGZERO_LEAD: length of each line's leading run of -0 */
    /* extension 3 (op G_REDUCE_VALUE only) */
    int reduce_fn; /* DML_REDUCE_FUNCTION_* (a value function) */
    int lse_plain; /* options.log_sum_exp: DMLREF_LOG_SUM_EXP_PLAIN */
    char desc[GOLD_DESC_MAX];
} gold_case;

static gold_case gold_cases[GOLD_MAX_CASES];
static unsigned gold_count;
static unsigned gold_v1_count; /* cases of corpus version 1 proper (1025); extension 1 follows */
static unsigned gold_ext1_end; /* one past extension 1's last case (1344); extension 2 follows */
static unsigned gold_ext2_end; /* one past extension 2's last case (1757); extension 3 follows */

/* ---- corpus generator (version 1: frozen) --------------------------------------- */

static int gold_layout_rng_pick(gold_rng *r, const int *choices, unsigned n) { return choices[gold_below(r, n)]; }

/* Strides for a layout: explicit row-major, padded (gaps between rows and
   between elements), permuted dimension order (with some padding), or a
   broadcast (zero strides on some dimensions of a padded layout). */
static void gold_make_strides(gold_rng *r, int layout, UINT rank, const UINT *sizes, UINT *strides) {
    UINT perm[8], d, k;
    uint64_t cur;
    int pad = layout == L_PADDED || layout == L_PERM || layout == L_BCAST;
    for (d = 0; d < rank; d++) perm[d] = d;
    if (layout == L_PERM)
        for (d = rank; d > 1; d--) { /* Fisher-Yates */
            UINT j = gold_below(r, d), t = perm[d - 1];
            perm[d - 1] = perm[j];
            perm[j] = t;
        }
    cur = pad ? 1u + gold_below(r, 2) : 1u; /* innermost element gap 1 or 2 */
    for (k = rank; k-- > 0;) {
        d = perm[k];
        strides[d] = (UINT)cur;
        cur = cur * sizes[d] + (pad ? gold_below(r, 3) : 0u);
    }
    if (layout == L_BCAST) {
        int any = 0;
        for (d = 0; d < rank; d++)
            if (sizes[d] > 1 && gold_below(r, 3) == 0) {
                strides[d] = 0;
                any = 1;
            }
        if (!any) /* at least one zero stride */
            for (d = 0; d < rank; d++)
                if (sizes[d] > 1) {
                    strides[d] = 0;
                    break;
                }
    }
}

static void gold_append_uints(char *buf, size_t cap, const char *sep, UINT n, const UINT *v) {
    UINT i;
    for (i = 0; i < n; i++) {
        size_t used = strlen(buf);
        snprintf(buf + used, cap - used, "%s%u", i ? sep : "", (unsigned)v[i]);
    }
}

/* Names of extension 2's options in descriptions. */
static const char *const gold_tree_algorithm_names[3] = {"kogge-stone", "sklansky", "brent-kung"};
static const char *const gold_tree_carry_names[2] = {"after", "into-first"};
static const char *const gold_accumulation_names[3] = {"default", "native", "wide"};

/* Extension 3: names of the value functions and of the float orders in descriptions. */
static const char *gold_reduce_fn_name(int fn) {
    switch (fn) {
    case DML_REDUCE_FUNCTION_AVERAGE: return "reduce-average";
    case DML_REDUCE_FUNCTION_L1: return "reduce-l1";
    case DML_REDUCE_FUNCTION_L2: return "reduce-l2";
    case DML_REDUCE_FUNCTION_LOG_SUM: return "reduce-log-sum";
    case DML_REDUCE_FUNCTION_LOG_SUM_EXP: return "reduce-log-sum-exp";
    case DML_REDUCE_FUNCTION_MAX: return "reduce-max";
    case DML_REDUCE_FUNCTION_MIN: return "reduce-min";
    case DML_REDUCE_FUNCTION_MULTIPLY: return "reduce-multiply";
    case DML_REDUCE_FUNCTION_SUM: return "reduce-sum";
    case DML_REDUCE_FUNCTION_SUM_SQUARE: return "reduce-sum-square";
    default: return "reduce-?";
    }
}

static const char *gold_order_name(int order) {
    switch (order) {
    case DMLREF_FLOAT_ORDER_BLOCKED: return "blocked";
    case DMLREF_FLOAT_ORDER_EXACT: return "exact";
    case DMLREF_FLOAT_ORDER_ANY: return "any";
    case DMLREF_FLOAT_ORDER_TREE: return "tree";
    case DMLREF_FLOAT_ORDER_PAIRWISE: return "pairwise";
    default: return "seq";
    }
}

/* " axes=A,B ORDER acc=X seed=S[ lse=plain]", or for MIN / MAX " axes=A,B nan=POLICY". */
static void gold_describe_reduce_value(gold_case *c) {
    size_t used = strlen(c->desc);
    snprintf(c->desc + used, sizeof c->desc - used, " axes=");
    gold_append_uints(c->desc, sizeof c->desc, ",", c->axis_count, c->axes);
    used = strlen(c->desc);
    if (c->reduce_fn == DML_REDUCE_FUNCTION_MIN || c->reduce_fn == DML_REDUCE_FUNCTION_MAX) {
        snprintf(c->desc + used, sizeof c->desc - used, " nan=%s",
                 c->nan_policy == DMLREF_NAN_IGNORE    ? "ignore"
                 : c->nan_policy == DMLREF_NAN_COMPARE ? "compare"
                                                       : "prop");
        return;
    }
    snprintf(c->desc + used, sizeof c->desc - used, " %s", gold_order_name(c->float_order));
    if (c->float_order == DMLREF_FLOAT_ORDER_TREE) {
        used = strlen(c->desc);
        snprintf(c->desc + used, sizeof c->desc - used, "(%s,block=%u,carry=%s)",
                 gold_tree_algorithm_names[c->tree_algorithm], (unsigned)c->tree_block,
                 gold_tree_carry_names[c->tree_carry]);
    }
    used = strlen(c->desc);
    snprintf(c->desc + used, sizeof c->desc - used, " acc=%s seed=%d%s", gold_accumulation_names[c->accumulation],
             c->identity_seed, c->lse_plain ? " lse=plain" : "");
}

/* Fill strides and the description of a case whose fields are set. */
static void gold_finish(gold_case *c, gold_rng *r) {
    UINT out_sizes[8], d;
    size_t used;
    if (c->in_layout == L_BCAST && c->out_layout == L_INPLACE) c->out_layout = L_PACKED;
    for (d = 0; d < c->rank; d++) out_sizes[d] = c->sizes[d];
    if (!GOLD_IS_SCAN(c->op))
        for (d = 0; d < c->axis_count; d++) out_sizes[c->axes[d]] = 1;
    if (c->in_layout != L_PACKED) gold_make_strides(r, c->in_layout, c->rank, c->sizes, c->in_strides);
    if (c->out_layout == L_INPLACE) memcpy(c->out_strides, c->in_strides, sizeof c->out_strides);
    else if (c->out_layout != L_PACKED) gold_make_strides(r, c->out_layout, c->rank, out_sizes, c->out_strides);
    c->seed = gold_next(r);

    c->desc[0] = 0;
    if (c->op == G_REDUCE_VALUE) /* extension 3 */
        snprintf(c->desc, sizeof c->desc, "%s %s r%u ", gold_reduce_fn_name(c->reduce_fn), gold_type_name(c->type),
                 (unsigned)c->rank);
    else if (GOLD_IS_SCAN(c->op))
        snprintf(c->desc, sizeof c->desc, "%s%s %s r%u ", c->bound ? "bound " : "", gold_op_names[c->op],
                 gold_type_name(c->type), (unsigned)c->rank);
    else
        snprintf(c->desc, sizeof c->desc, "%s %s>%s r%u ", gold_op_names[c->op], gold_type_name(c->type),
                 gold_type_name(c->index_type), (unsigned)c->rank);
    gold_append_uints(c->desc, sizeof c->desc, "x", c->rank, c->sizes);
    used = strlen(c->desc);
    if (GOLD_IS_SCAN(c->op)) {
        snprintf(c->desc + used, sizeof c->desc - used, " axis=%u %s %s %s", (unsigned)c->axis,
                 c->direction ? "dec" : "inc", c->exclusive ? "excl" : "incl",
                 c->float_order == DMLREF_FLOAT_ORDER_BLOCKED ? "blocked"
                 : c->float_order == DMLREF_FLOAT_ORDER_EXACT ? "exact"
                 : c->float_order == DMLREF_FLOAT_ORDER_ANY   ? "any"
                 : c->float_order == DMLREF_FLOAT_ORDER_TREE  ? "tree"
                                                              : "seq");
        if (c->float_order == DMLREF_FLOAT_ORDER_TREE) { /* extension 2 only */
            used = strlen(c->desc);
            snprintf(c->desc + used, sizeof c->desc - used, "(%s,block=%u,carry=%s)",
                     gold_tree_algorithm_names[c->tree_algorithm], (unsigned)c->tree_block,
                     gold_tree_carry_names[c->tree_carry]);
        }
        if (c->ext2) {
            used = strlen(c->desc);
            snprintf(c->desc + used, sizeof c->desc - used, " acc=%s seed=%d", gold_accumulation_names[c->accumulation],
                     c->identity_seed);
        }
    } else if (c->op == G_REDUCE_VALUE) {
        gold_describe_reduce_value(c);
    } else {
        snprintf(c->desc + used, sizeof c->desc - used, " axes=");
        gold_append_uints(c->desc, sizeof c->desc, ",", c->axis_count, c->axes);
        used = strlen(c->desc);
        snprintf(c->desc + used, sizeof c->desc - used, "%s nan=%s",
                 c->op >= G_REDUCE_ARGMIN ? ""
                 : c->direction           ? " dec"
                                          : " inc",
                 c->nan_policy == DMLREF_NAN_IGNORE    ? "ignore"
                 : c->nan_policy == DMLREF_NAN_COMPARE ? "compare"
                                                       : "prop");
    }
    used = strlen(c->desc);
    snprintf(c->desc + used, sizeof c->desc - used, " in=%s out=%s v=%s", gold_layout_names[c->in_layout],
             gold_layout_names[c->out_layout], gold_value_names[c->values]);
    if (c->values == V_NEGZERO_LEAD && GOLD_IS_SCAN(c->op)) { /* extension 2 only */
        used = strlen(c->desc);
        snprintf(c->desc + used, sizeof c->desc - used, "(run=%u)", (unsigned)c->zero_run);
    }
    used = strlen(c->desc);
    snprintf(c->desc + used, sizeof c->desc - used, "%s", c->offset ? " +off" : "");
}

/* Random shape: sizes bounded by rank so a case stays small. */
static void gold_random_shape(gold_rng *r, gold_case *c, UINT rank) {
    static const UINT caps[9] = {0, 70, 20, 10, 6, 5, 4, 3, 3};
    UINT d;
    c->rank = rank;
    for (d = 0; d < rank; d++) c->sizes[d] = 1u + gold_below(r, caps[rank]);
}

static void gold_random_axes(gold_rng *r, gold_case *c) {
    UINT perm[8], d, k;
    for (d = 0; d < c->rank; d++) perm[d] = d;
    for (d = c->rank; d > 1; d--) {
        UINT j = gold_below(r, d), t = perm[d - 1];
        perm[d - 1] = perm[j];
        perm[j] = t;
    }
    k = 1u + gold_below(r, c->rank);
    if (gold_below(r, 2)) k = 1u; /* single-axis reductions half the time */
    c->axis_count = k;
    for (d = 0; d < k; d++) c->axes[d] = perm[d];
}

/* A value class that fits the operator and type. */
static int gold_random_values(gold_rng *r, int op, DML_TENSOR_DATA_TYPE t) {
    static const int sum_f[] = {V_SMALL, V_RANDOM, V_RANDOM, V_RANDOM, V_SPECIAL, V_SPECIAL, V_FULLBITS, V_TIES};
    static const int prod_f[] = {V_NEAR1, V_NEAR1, V_NEAR1, V_SMALL, V_SPECIAL, V_TIES};
    static const int arg_f[] = {V_RANDOM, V_SPECIAL, V_SPECIAL, V_TIES, V_NANHEAVY, V_FULLBITS, V_INFS};
    static const int sum_i[] = {V_SMALL, V_RANDOM, V_SPECIAL};
    static const int prod_i[] = {V_NEAR1, V_NEAR1, V_SMALL, V_SPECIAL, V_RANDOM};
    static const int arg_i[] = {V_SMALL, V_TIES, V_RANDOM, V_SPECIAL};
#define GOLD_PICK(list) list[gold_below(r, (uint32_t)(sizeof list / sizeof list[0]))]
    if (gold_is_float(t)) {
        if (op == G_CUMSUM) return GOLD_PICK(sum_f);
        if (op == G_CUMPROD) return GOLD_PICK(prod_f);
        return GOLD_PICK(arg_f);
    }
    if (op == G_CUMSUM) return GOLD_PICK(sum_i);
    if (op == G_CUMPROD) return GOLD_PICK(prod_i);
    return GOLD_PICK(arg_i);
#undef GOLD_PICK
}

static const int gold_in_layouts[] = {L_PACKED, L_EXPLICIT, L_PADDED, L_PERM, L_BCAST};
static const int gold_scan_out_layouts[] = {L_PACKED, L_EXPLICIT, L_PADDED, L_PERM, L_INPLACE};
static const int gold_arg_out_layouts[] = {L_PACKED, L_EXPLICIT, L_PADDED, L_PERM};

/* Start case number gold_count: every field random (the caller overrides some).
   seed_base: GOLD_CORPUS_VERSION for corpus version 1, GOLD_EXT1_SEED / GOLD_EXT2_SEED for the extensions. */
static gold_case *gold_new_seeded(gold_rng *r, int op, DML_TENSOR_DATA_TYPE type, uint64_t seed_base) {
    gold_case *c = &gold_cases[gold_count];
    if (gold_count >= GOLD_MAX_CASES) { /* a generator grew past the table: raise GOLD_MAX_CASES */
        fprintf(stderr, "test_golden.c: more than GOLD_MAX_CASES (%d) cases\n", GOLD_MAX_CASES);
        exit(2);
    }
    memset(c, 0, sizeof *c);
    *r = gold_seeded(seed_base, gold_count);
    c->op = op;
    c->type = type;
    c->index_type = gold_index_types[gold_below(r, 4)];
    gold_random_shape(r, c, 1u + gold_below(r, 8));
    if (GOLD_IS_SCAN(op)) {
        c->axis = gold_below(r, c->rank);
        if (c->sizes[c->axis] == 1) c->sizes[c->axis] = 2u + gold_below(r, 20); /* mostly a real scan */
    } else {
        gold_random_axes(r, c);
    }
    c->direction = (int)gold_below(r, 2);
    c->exclusive = GOLD_IS_SCAN(op) ? (int)gold_below(r, 2) : 0;
    c->float_order = GOLD_IS_SCAN(op) ? (int)gold_below(r, 2) : 0;
    c->nan_policy = GOLD_IS_SCAN(op) ? 0 : (int)gold_below(r, 2);
    c->in_layout = gold_layout_rng_pick(r, gold_in_layouts, 5);
    c->out_layout = GOLD_IS_SCAN(op) ? gold_layout_rng_pick(r, gold_scan_out_layouts, 5)
                                     : gold_layout_rng_pick(r, gold_arg_out_layouts, 4);
    c->values = gold_random_values(r, op, type);
    c->offset = gold_below(r, 4) == 0;
    if (op >= G_REDUCE_ARGMIN) c->direction = DML_AXIS_DIRECTION_INCREASING;
    return c;
}

static gold_case *gold_new(gold_rng *r, int op, DML_TENSOR_DATA_TYPE type) {
    return gold_new_seeded(r, op, type, GOLD_CORPUS_VERSION);
}

static void gold_add(gold_rng *r, gold_case *c) {
    gold_finish(c, r);
    gold_count++;
}

static void gold_set_shape(gold_case *c, UINT rank, const UINT *sizes) {
    c->rank = rank;
    memcpy(c->sizes, sizes, rank * sizeof *sizes);
}

static void gold_set_axes(gold_case *c, UINT n, const UINT *axes) {
    c->axis_count = n;
    memcpy(c->axes, axes, n * sizeof *axes);
}


/* ---- extension 1: EXACT sums and error bounds (appended, own seed) ------------------- */

static gold_case *gold_new_ext(gold_rng *r, int op, DML_TENSOR_DATA_TYPE type, int bound, int float_order) {
    gold_case *c = gold_new_seeded(r, op, type, GOLD_EXT1_SEED);
    c->bound = bound;
    c->float_order = float_order;
    return c;
}

/* A bound is written to its own buffer: never "in place". */
static void gold_add_ext(gold_rng *r, gold_case *c) {
    if (c->bound && c->out_layout == L_INPLACE) c->out_layout = L_PADDED;
    gold_add(r, c);
}

static void gold_generate_ext1(void) {
    static const int float_types[3] = {0, 1, 2}; /* indices into gold_types */
    static const int sum_orders[4] = {DMLREF_FLOAT_ORDER_SEQUENTIAL, DMLREF_FLOAT_ORDER_BLOCKED,
                                      DMLREF_FLOAT_ORDER_EXACT, DMLREF_FLOAT_ORDER_ANY};
    static const int prod_orders[3] = {DMLREF_FLOAT_ORDER_SEQUENTIAL, DMLREF_FLOAT_ORDER_BLOCKED,
                                       DMLREF_FLOAT_ORDER_ANY};
    gold_rng r;
    gold_case *c;
    unsigned t, i, k;

    /* I1: EXACT sums, every type x direction x exclusive; shape, layout (in place too), values random. */
    for (t = 0; t < 11; t++)
        for (k = 0; k < 4; k++) {
            c = gold_new_ext(&r, G_CUMSUM, gold_types[t], 0, DMLREF_FLOAT_ORDER_EXACT);
            c->direction = (int)(k & 1u);
            c->exclusive = (int)(k >> 1);
            gold_add_ext(&r, c);
        }

    /* I2: float special-value classes, packed and in place: NaN (any payload, signalling),
       infinities of both signs, -0, subnormals, values near overflow (sums overflow and
       come back into range: the exact sum does not overflow where a running tally does). */
    for (i = 0; i < 3; i++) {
        static const int classes[9] = {V_SPECIAL, V_ZEROS,    V_HUGE,     V_SUBNORMAL, V_INFS,
                                       V_ALLNAN,  V_NANHEAVY, V_FULLBITS, V_TIES};
        static const UINT s[2] = {6, 41};
        for (k = 0; k < 9; k++) {
            c = gold_new_ext(&r, G_CUMSUM, gold_types[float_types[i]], 0, DMLREF_FLOAT_ORDER_EXACT);
            gold_set_shape(c, 2, s);
            c->axis = 1;
            c->direction = (int)(k & 1u);
            c->exclusive = (int)((k >> 1) & 1u);
            c->in_layout = k % 3u == 0 ? L_PACKED : L_PADDED;
            c->out_layout = k % 3u == 2 ? L_INPLACE : k % 3u == 1 ? L_PERM : L_PACKED;
            c->values = classes[k];
            gold_add_ext(&r, c);
        }
    }

    /* I3: the shapes of the other kernels (contiguous lines, vertical panels, long lines, tails):
       EXACT must give the same bits on every path. Floats and one integer type. */
    for (i = 0; i < 4; i++) {
        DML_TENSOR_DATA_TYPE ty = i < 3 ? gold_types[float_types[i]] : DML_TENSOR_DATA_TYPE_INT32;
        static const UINT s_long[1] = {4099}, s_rows[2] = {2, 1037}, s_vert[2] = {61, 75}, s_across[2] = {1000, 7};
        static const UINT s_pad[2] = {3, 1531};
        c = gold_new_ext(&r, G_CUMSUM, ty, 0, DMLREF_FLOAT_ORDER_EXACT);
        gold_set_shape(c, 1, s_long);
        c->axis = 0;
        c->direction = DML_AXIS_DIRECTION_INCREASING;
        c->exclusive = 0;
        c->in_layout = L_PACKED;
        c->out_layout = L_PACKED;
        c->values = V_RANDOM;
        gold_add_ext(&r, c);
        c = gold_new_ext(&r, G_CUMSUM, ty, 0, DMLREF_FLOAT_ORDER_EXACT);
        gold_set_shape(c, 2, s_rows);
        c->axis = 1;
        c->direction = DML_AXIS_DIRECTION_INCREASING;
        c->exclusive = 1;
        c->in_layout = L_PACKED;
        c->out_layout = L_PACKED;
        c->values = i < 3 ? V_SPECIAL : V_RANDOM;
        gold_add_ext(&r, c);
        c = gold_new_ext(&r, G_CUMSUM, ty, 0, DMLREF_FLOAT_ORDER_EXACT);
        gold_set_shape(c, 2, s_vert);
        c->axis = 0;
        c->direction = DML_AXIS_DIRECTION_DECREASING;
        c->exclusive = 1;
        c->in_layout = L_PACKED;
        c->out_layout = L_INPLACE;
        c->values = i < 3 ? V_HUGE : V_SPECIAL;
        gold_add_ext(&r, c);
        c = gold_new_ext(&r, G_CUMSUM, ty, 0, DMLREF_FLOAT_ORDER_EXACT);
        gold_set_shape(c, 2, s_across);
        c->axis = 0;
        c->direction = DML_AXIS_DIRECTION_INCREASING;
        c->exclusive = 0;
        c->in_layout = L_PACKED;
        c->out_layout = L_PACKED;
        c->values = i < 3 ? V_SUBNORMAL : V_SMALL;
        gold_add_ext(&r, c);
        c = gold_new_ext(&r, G_CUMSUM, ty, 0, DMLREF_FLOAT_ORDER_EXACT);
        gold_set_shape(c, 2, s_pad);
        c->axis = 1;
        c->direction = DML_AXIS_DIRECTION_DECREASING;
        c->exclusive = 1;
        c->in_layout = L_PADDED;
        c->out_layout = L_EXPLICIT;
        c->values = i < 3 ? V_FULLBITS : V_RANDOM;
        gold_add_ext(&r, c);
    }

    /* I4: random EXACT sums (any type, rank, layout, values). */
    for (i = 0; i < 30; i++) {
        gold_rng pick = gold_seeded(GOLD_EXT1_SEED + 1000u, i);
        c = gold_new_ext(&r, G_CUMSUM, gold_types[gold_below(&pick, 11)], 0, DMLREF_FLOAT_ORDER_EXACT);
        gold_add_ext(&r, c);
    }

    /* J1: error bounds, every type x order: sums in SEQUENTIAL, BLOCKED, EXACT and ANY,
       products in SEQUENTIAL, BLOCKED and ANY; direction and exclusive alternate. */
    for (t = 0; t < 11; t++) {
        for (k = 0; k < 4; k++) {
            c = gold_new_ext(&r, G_CUMSUM, gold_types[t], 1, sum_orders[k]);
            c->direction = (int)((k + t) & 1u);
            c->exclusive = (int)(((k + t) >> 1) & 1u);
            gold_add_ext(&r, c);
        }
        for (k = 0; k < 3; k++) {
            c = gold_new_ext(&r, G_CUMPROD, gold_types[t], 1, prod_orders[k]);
            c->direction = (int)((k + t) & 1u);
            c->exclusive = (int)(((k + t) >> 1) & 1u);
            gold_add_ext(&r, c);
        }
    }

    /* J2: float special-value classes: non-finite inputs and overflow (+inf bounds), -0,
       subnormals (the absolute error terms), products near 1. */
    for (i = 0; i < 3; i++) {
        static const int classes[7] = {V_SPECIAL, V_HUGE, V_SUBNORMAL, V_INFS, V_ZEROS, V_NEAR1, V_RANDOM};
        static const UINT s[2] = {5, 37};
        for (k = 0; k < 7; k++) {
            unsigned v;
            for (v = 0; v < 3; v++) {
                /* v 0: a sum in SEQUENTIAL or BLOCKED, 1: a sum in EXACT or ANY, 2: a product in SEQUENTIAL or ANY */
                int op = v == 2 ? G_CUMPROD : G_CUMSUM;
                int order = v == 0     ? sum_orders[k & 1u]
                            : v == 1   ? sum_orders[2u + (k & 1u)]
                            : (k & 1u) ? DMLREF_FLOAT_ORDER_ANY
                                       : DMLREF_FLOAT_ORDER_SEQUENTIAL;
                c = gold_new_ext(&r, op, gold_types[float_types[i]], 1, order);
                gold_set_shape(c, 2, s);
                c->axis = (k + v) & 1u;
                c->values = classes[k];
                gold_add_ext(&r, c);
            }
        }
    }

    /* J3: long lines and panels (every term of the bound formulas grows with the position). */
    for (i = 0; i < 3; i++) {
        DML_TENSOR_DATA_TYPE ty = gold_types[float_types[i]];
        static const UINT s_long[1] = {4099}, s_pad[2] = {3, 1531}, s_across[2] = {1000, 7}, s_3d[3] = {2, 33, 67};
        static const UINT s_prod[1] = {3001}, s_prod2[2] = {517, 9};
        c = gold_new_ext(&r, G_CUMSUM, ty, 1, DMLREF_FLOAT_ORDER_BLOCKED);
        gold_set_shape(c, 1, s_long);
        c->axis = 0;
        c->direction = DML_AXIS_DIRECTION_INCREASING;
        c->exclusive = 0;
        c->in_layout = L_PACKED;
        c->out_layout = L_PACKED;
        c->values = V_RANDOM;
        gold_add_ext(&r, c);
        c = gold_new_ext(&r, G_CUMSUM, ty, 1, DMLREF_FLOAT_ORDER_ANY);
        gold_set_shape(c, 2, s_pad);
        c->axis = 1;
        c->direction = DML_AXIS_DIRECTION_DECREASING;
        c->exclusive = 1;
        c->in_layout = L_PADDED;
        c->out_layout = L_EXPLICIT;
        c->values = V_RANDOM;
        gold_add_ext(&r, c);
        c = gold_new_ext(&r, G_CUMSUM, ty, 1, DMLREF_FLOAT_ORDER_SEQUENTIAL);
        gold_set_shape(c, 2, s_across);
        c->axis = 0;
        c->direction = DML_AXIS_DIRECTION_INCREASING;
        c->exclusive = 0;
        c->in_layout = L_PACKED;
        c->out_layout = L_PERM;
        c->values = V_SPECIAL;
        gold_add_ext(&r, c);
        c = gold_new_ext(&r, G_CUMSUM, ty, 1, DMLREF_FLOAT_ORDER_EXACT);
        gold_set_shape(c, 3, s_3d);
        c->axis = 1;
        c->direction = DML_AXIS_DIRECTION_DECREASING;
        c->exclusive = 0;
        c->in_layout = L_PACKED;
        c->out_layout = L_PADDED;
        c->values = V_HUGE;
        gold_add_ext(&r, c);
        c = gold_new_ext(&r, G_CUMPROD, ty, 1, DMLREF_FLOAT_ORDER_SEQUENTIAL);
        gold_set_shape(c, 1, s_prod);
        c->axis = 0;
        c->direction = DML_AXIS_DIRECTION_INCREASING;
        c->exclusive = (int)(i & 1u);
        c->in_layout = L_PACKED;
        c->out_layout = L_PACKED;
        c->values = V_NEAR1;
        gold_add_ext(&r, c);
        c = gold_new_ext(&r, G_CUMPROD, ty, 1, DMLREF_FLOAT_ORDER_ANY);
        gold_set_shape(c, 2, s_prod2);
        c->axis = 0;
        c->direction = DML_AXIS_DIRECTION_DECREASING;
        c->exclusive = 0;
        c->in_layout = L_PERM;
        c->out_layout = L_PACKED;
        c->values = V_NEAR1;
        gold_add_ext(&r, c);
    }

    /* J4: random bounds (either scan, any type, any order the operator takes). */
    for (i = 0; i < 40; i++) {
        gold_rng pick = gold_seeded(GOLD_EXT1_SEED + 2000u, i);
        int op = (int)gold_below(&pick, 2);
        DML_TENSOR_DATA_TYPE ty = gold_types[gold_below(&pick, 11)];
        int order = op == G_CUMSUM ? sum_orders[gold_below(&pick, 4)] : prod_orders[gold_below(&pick, 3)];
        c = gold_new_ext(&r, op, ty, 1, order);
        gold_add_ext(&r, c);
    }
}

/* ---- extension 2: TREE orders, accumulations, identity_seed, NAN_COMPARE (appended, own seed) ----------- */

/* Parts of the corpus: the check groups of a case (gold_groups). */
enum {
    GP_V1,
    GP_EXT1_EXECUTE,
    GP_EXT1_BOUND,
    GP_EXT2_ACCUMULATION, /* SEQUENTIAL / BLOCKED scans with every accumulation x identity_seed */
    GP_EXT2_TREE,         /* DMLREF_FLOAT_ORDER_TREE scans */
    GP_EXT2_EXACT_SEED,   /* EXACT sums with identity_seed */
    GP_EXT2_NAN_COMPARE,  /* ARGMIN / ARGMAX / REDUCE with DMLREF_NAN_COMPARE */
    GP_EXT2_BOUND,        /* dmlref_error_bound with the new accumulations and identity_seed (no TREE) */
    GP_EXT2_BOUND_TREE,   /* dmlref_error_bound of TREE scans */
    GP_EXT3_VALUE,        /* REDUCE value functions: every function x type x float order (or NaN policy) */
    GP_EXT3_OPTIONS,      /* REDUCE value functions with every accumulation x identity_seed */
    GP_EXT3_SPECIAL,      /* REDUCE value functions on the float special-value classes */
    GP_EXT3_LONG,         /* REDUCE value functions on long lines (PAIRWISE, BLOCKED) */
    GP_EXT3_RANDOM        /* REDUCE value functions, random cases */
};

static const UINT gold_tree_blocks[9] = {2, 4, 16, 32, 64, 256, 1024, 2048, 65536};
/* Two line lengths per block. Neither they nor one less (the values an exclusive scan computes) are
   multiples of the block, but for block 2: the last block is partial. */
static const UINT gold_tree_lengths[9][2] = {{7, 13},    {23, 6},      {69, 41},     {113, 75},     {191, 101},
                                             {612, 300}, {1579, 3001}, {2055, 5000}, {68537, 70001}};
/* {type index, accumulation} whose every rounding can show in the output: a float32 tally of FLOAT16
   values and a float64 tally of FLOAT32 values are rounded again to the output type, which hides the
   association order but in rare outputs (those pairs get cases of their own: K1, L3, M2). */
static const unsigned gold_order_visible[6][2] = {{1, DMLREF_ACCUMULATION_DEFAULT}, {2, DMLREF_ACCUMULATION_DEFAULT},
                                                  {0, DMLREF_ACCUMULATION_NATIVE},  {2, DMLREF_ACCUMULATION_WIDE},
                                                  {1, DMLREF_ACCUMULATION_NATIVE},  {2, DMLREF_ACCUMULATION_NATIVE}};
static const int gold_ext2_in_layouts[4] = {L_PACKED, L_EXPLICIT, L_PADDED, L_PERM};
static const int gold_ext2_out_layouts[5] = {L_PACKED, L_PADDED, L_INPLACE, L_PERM, L_EXPLICIT};

static gold_case *gold_new_ext2(gold_rng *r, int op, DML_TENSOR_DATA_TYPE type, int part, int bound, int float_order) {
    gold_case *c = gold_new_seeded(r, op, type, GOLD_EXT2_SEED);
    c->ext2 = 1;
    c->part = part;
    c->bound = bound;
    if (GOLD_IS_SCAN(op)) c->float_order = float_order;
    else c->nan_policy = DMLREF_NAN_COMPARE;
    return c;
}

static void gold_set_options(gold_case *c, unsigned accumulation, unsigned identity_seed) {
    c->accumulation = (int)accumulation;
    c->identity_seed = (int)identity_seed;
}

static void gold_set_tree(gold_case *c, unsigned algorithm, UINT block, unsigned carry) {
    c->float_order = DMLREF_FLOAT_ORDER_TREE;
    c->tree_algorithm = (int)algorithm;
    c->tree_block = block;
    c->tree_carry = (int)carry;
}

/* A scan along lines of `length`: form 0 one line; 1 two contiguous lines; 2 lines across the innermost
   dimension (3 of them); 3 the middle axis of 2 x length x 2. */
static void gold_set_line(gold_case *c, UINT length, unsigned form) {
    UINT s[3];
    switch (form) {
    case 0:
        s[0] = length;
        gold_set_shape(c, 1, s);
        c->axis = 0;
        break;
    case 1:
        s[0] = 2;
        s[1] = length;
        gold_set_shape(c, 2, s);
        c->axis = 1;
        break;
    case 2:
        s[0] = length;
        s[1] = 3;
        gold_set_shape(c, 2, s);
        c->axis = 0;
        break;
    default:
        s[0] = 2;
        s[1] = length;
        s[2] = 2;
        gold_set_shape(c, 3, s);
        c->axis = 1;
        break;
    }
}

/* A random shape of rank 1 to 3 whose scan axis has 17 to 136 elements (longer than a BLOCKED block). */
static void gold_random_line_shape(gold_rng *r, gold_case *c) {
    UINT rank = 1u + gold_below(r, 3);
    gold_random_shape(r, c, rank);
    c->axis = gold_below(r, rank);
    c->sizes[c->axis] = 17u + gold_below(r, 120);
}

/* V_NEGZERO_LEAD draws its run unless set (a whole line a quarter of the time); a bound is never in place. */
static void gold_add_ext2(gold_rng *r, gold_case *c) {
    if (c->values == V_NEGZERO_LEAD && GOLD_IS_SCAN(c->op) && c->zero_run == 0) {
        UINT n = c->sizes[c->axis];
        if (gold_below(r, 4) == 0) c->zero_run = n;
        else c->zero_run = 1u + gold_below(r, n);
    }
    gold_add_ext(r, c);
}

static void gold_generate_ext2(void) {
    static const int int_types[6] = {3, 5, 6, 7, 9, 10}; /* I8 I32 I64 U8 U32 U64 */
    gold_rng r;
    gold_case *c;
    unsigned t, i, k, a, b, acc, seed, op;

    /* K1 (golden/accumulation): sums in SEQUENTIAL and BLOCKED, every float type x accumulation x
       identity_seed. Seeded cases take values with -0 (the seed +0 turns a -0 tally into +0); the
       others values whose sums round differently in each accumulation type. */
    for (t = 0; t < 3; t++)
        for (acc = 0; acc < 3; acc++)
            for (seed = 0; seed < 2; seed++)
                for (k = 0; k < 2; k++) {
                    static const int seeded_v[3] = {V_ZEROS, V_NEGZERO_LEAD, V_TIES};
                    static const int plain_v[3] = {V_RANDOM, V_SPECIAL, V_NEGZERO_LEAD};
                    unsigned n = (t + acc) % 3u;
                    c = gold_new_ext2(&r, G_CUMSUM, gold_types[t], GP_EXT2_ACCUMULATION, 0,
                                      k ? DMLREF_FLOAT_ORDER_BLOCKED : DMLREF_FLOAT_ORDER_SEQUENTIAL);
                    gold_set_options(c, acc, seed);
                    gold_random_line_shape(&r, c);
                    c->direction = (int)((acc + k) & 1u);
                    c->exclusive = (int)((t + seed + k) & 1u);
                    c->values = seed ? (k ? seeded_v[n] : V_NEGZERO_LEAD) : k ? plain_v[n] : V_WIDE;
                    gold_add_ext2(&r, c);
                }

    /* K2: products, every float type x accumulation x identity_seed (a product ignores the seed),
       SEQUENTIAL or BLOCKED (a float product's BLOCKED is SEQUENTIAL); values near 1 mostly. */
    for (t = 0; t < 3; t++)
        for (acc = 0; acc < 3; acc++)
            for (seed = 0; seed < 2; seed++) {
                static const int prod_v[6] = {V_NEAR1, V_NEAR1, V_SPECIAL, V_NEGZERO_LEAD, V_NEAR1, V_SUBNORMAL};
                unsigned n = (t * 3u + acc) * 2u + seed;
                c = gold_new_ext2(&r, G_CUMPROD, gold_types[t], GP_EXT2_ACCUMULATION, 0,
                                  (acc + seed) & 1u ? DMLREF_FLOAT_ORDER_BLOCKED : DMLREF_FLOAT_ORDER_SEQUENTIAL);
                gold_set_options(c, acc, seed);
                gold_random_line_shape(&r, c);
                c->direction = (int)((t + seed) & 1u);
                c->exclusive = (int)((acc + t) & 1u);
                c->values = prod_v[n % 6u];
                gold_add_ext2(&r, c);
            }

    /* K3: integer scans, where the options change nothing. */
    for (i = 0; i < 6; i++)
        for (op = G_CUMSUM; op <= G_CUMPROD; op++) {
            c = gold_new_ext2(&r, (int)op, gold_types[int_types[i]], GP_EXT2_ACCUMULATION, 0,
                              (i + op) & 1u ? DMLREF_FLOAT_ORDER_BLOCKED : DMLREF_FLOAT_ORDER_SEQUENTIAL);
            gold_set_options(c, 1u + ((i + op) & 1u), (i >> 1) & 1u ? 1u : (unsigned)(op == G_CUMSUM));
            gold_random_line_shape(&r, c);
            gold_add_ext2(&r, c);
        }

    /* K4: the shapes of the SIMD kernels (long lines, vertical panels, padded rows, in place): the new
       options run the general kernel on every path, whatever the shape. */
    for (t = 0; t < 3; t++) {
        static const UINT s_long[1] = {4099}, s_vert[2] = {61, 75}, s_pad[2] = {3, 1531};
        c = gold_new_ext2(&r, G_CUMSUM, gold_types[t], GP_EXT2_ACCUMULATION, 0, DMLREF_FLOAT_ORDER_BLOCKED);
        gold_set_options(c, t, t & 1u);
        gold_set_shape(c, 1, s_long);
        c->axis = 0;
        c->direction = DML_AXIS_DIRECTION_INCREASING;
        c->exclusive = 0;
        c->in_layout = L_PACKED;
        c->out_layout = L_PACKED;
        c->values = V_WIDE;
        gold_add_ext2(&r, c);
        c = gold_new_ext2(&r, G_CUMSUM, gold_types[t], GP_EXT2_ACCUMULATION, 0, DMLREF_FLOAT_ORDER_SEQUENTIAL);
        gold_set_options(c, (t + 1u) % 3u, 1);
        gold_set_shape(c, 2, s_vert);
        c->axis = 0;
        c->direction = DML_AXIS_DIRECTION_DECREASING;
        c->exclusive = 1;
        c->in_layout = L_PACKED;
        c->out_layout = L_INPLACE;
        c->values = V_NEGZERO_LEAD;
        gold_add_ext2(&r, c);
        c = gold_new_ext2(&r, G_CUMSUM, gold_types[t], GP_EXT2_ACCUMULATION, 0, DMLREF_FLOAT_ORDER_BLOCKED);
        gold_set_options(c, (t + 2u) % 3u, (t + 1u) & 1u);
        gold_set_shape(c, 2, s_pad);
        c->axis = 1;
        c->direction = DML_AXIS_DIRECTION_DECREASING;
        c->exclusive = 1;
        c->in_layout = L_PADDED;
        c->out_layout = L_EXPLICIT;
        c->values = V_SPECIAL;
        gold_add_ext2(&r, c);
    }

    /* K5: special-value classes with NATIVE and WIDE: infinities, NaN, overflow (FLOAT16 NATIVE
       overflows where float32 does not; WIDE rounds once), subnormals (underflow in products). */
    for (t = 0; t < 3; t++)
        for (k = 0; k < 6; k++) {
            static const int classes[6] = {V_INFS, V_NANHEAVY, V_ALLNAN, V_HUGE, V_SUBNORMAL, V_SUBNORMAL};
            static const UINT s[2] = {6, 41};
            c = gold_new_ext2(&r, k == 5 ? G_CUMPROD : G_CUMSUM, gold_types[t], GP_EXT2_ACCUMULATION, 0,
                              (k + t) & 1u ? DMLREF_FLOAT_ORDER_BLOCKED : DMLREF_FLOAT_ORDER_SEQUENTIAL);
            gold_set_options(c, 1u + ((k + t) % 2u), (k >> 1) & 1u);
            gold_set_shape(c, 2, s);
            c->axis = 1;
            c->in_layout = k % 3u == 0 ? L_PACKED : L_PADDED;
            c->out_layout = k % 3u == 2 ? L_INPLACE : k % 3u == 1 ? L_PERM : L_PACKED;
            c->values = classes[k];
            gold_add_ext2(&r, c);
        }

    /* L1 (golden/tree-cumsum): every tree algorithm x block x carry, lines with a partial last block,
       both directions, inclusive and exclusive, identity_seed, the layouts (strided, padded,
       permuted, in place), one, two or six lines. The type and accumulation are those whose every
       rounding can show in the output (gold_order_visible), with values whose sums round; seeded
       lines lead with a run of -0 over at most half their length. */
    for (a = 0; a < 3; a++)
        for (b = 0; b < 9; b++)
            for (k = 0; k < 2; k++) { /* k: the carry */
                unsigned n = (a * 9u + b) * 2u + k, v = (a + b + 3u * k) % 6u;
                UINT len = gold_tree_lengths[b][k];
                seed = ((b >> 1) + a) & 1u;
                c = gold_new_ext2(&r, G_CUMSUM, gold_types[gold_order_visible[v][0]], GP_EXT2_TREE, 0,
                                  DMLREF_FLOAT_ORDER_TREE);
                gold_set_tree(c, a, gold_tree_blocks[b], k);
                gold_set_options(c, gold_order_visible[v][1], seed);
                gold_set_line(c, len, b == 8 ? 0u : (a + b + k) % 4u);
                c->direction = (int)((a + b) & 1u);
                c->exclusive = (int)(((b * 5u + a + k) >> 1) & 1u);
                c->in_layout = gold_ext2_in_layouts[n % 4u];
                c->out_layout = gold_ext2_out_layouts[(n / 4u) % 5u];
                c->values = seed ? V_NEGZERO_LEAD : V_RANDOM;
                if (seed) c->zero_run = 1u + gold_below(&r, len / 2u);
                gold_add_ext2(&r, c);
            }

    /* L2: special-value classes through the trees. */
    for (t = 0; t < 3; t++)
        for (k = 0; k < 5; k++) {
            static const int classes[5] = {V_NEGZERO_LEAD, V_SPECIAL, V_INFS, V_NANHEAVY, V_HUGE};
            static const UINT rows[2] = {4, 97}, cols[2] = {97, 4};
            static const UINT blocks[5] = {2, 4, 16, 32, 64};
            c = gold_new_ext2(&r, G_CUMSUM, gold_types[t], GP_EXT2_TREE, 0, DMLREF_FLOAT_ORDER_TREE);
            gold_set_tree(c, (t + k) % 3u, blocks[(k + 2u * t) % 5u], k & 1u);
            gold_set_options(c, (k + 2u * t + 1u) % 3u, (t + k) & 1u);
            gold_set_shape(c, 2, (t + k) & 1u ? cols : rows);
            c->axis = (t + k) & 1u ? 0u : 1u;
            c->values = classes[k];
            gold_add_ext2(&r, c);
        }

    /* L3: every float type x accumulation x identity_seed through a tree. */
    for (t = 0; t < 3; t++)
        for (acc = 0; acc < 3; acc++)
            for (seed = 0; seed < 2; seed++) {
                static const UINT rows[2] = {3, 150}, cols[2] = {150, 3};
                static const UINT blocks[5] = {4, 16, 32, 64, 256};
                c = gold_new_ext2(&r, G_CUMSUM, gold_types[t], GP_EXT2_TREE, 0, DMLREF_FLOAT_ORDER_TREE);
                gold_set_tree(c, (acc + t) % 3u, blocks[(t * 2u + acc + seed) % 5u], (acc + seed + t) & 1u);
                gold_set_options(c, acc, seed);
                gold_set_shape(c, 2, seed ? rows : cols);
                c->axis = seed ? 1u : 0u;
                c->direction = (int)((t + seed) & 1u);
                c->exclusive = (int)(acc & 1u);
                c->values = seed ? V_NEGZERO_LEAD : V_WIDE;
                gold_add_ext2(&r, c);
            }

    /* L4: integer sums with a TREE order (the options change nothing). */
    for (i = 0; i < 4; i++) {
        static const int types[4] = {3, 5, 8, 10}; /* I8 I32 U16 U64 */
        static const UINT blocks[4] = {4, 16, 64, 2048};
        c = gold_new_ext2(&r, G_CUMSUM, gold_types[types[i]], GP_EXT2_TREE, 0, DMLREF_FLOAT_ORDER_TREE);
        gold_set_tree(c, i % 3u, blocks[i], i & 1u);
        gold_set_options(c, i % 3u, 1);
        gold_random_line_shape(&r, c);
        gold_add_ext2(&r, c);
    }

    /* L5: random TREE sums (any shape, layout, values; mostly float types; blocks up to 1024). */
    for (i = 0; i < 8; i++) {
        gold_rng pick = gold_seeded(GOLD_EXT2_SEED + 1000u, i);
        unsigned any = gold_below(&pick, 4) == 0;
        unsigned ty = any ? gold_below(&pick, 11) : gold_below(&pick, 3);
        unsigned alg = gold_below(&pick, 3), blk = gold_below(&pick, 7), carry = gold_below(&pick, 2);
        acc = gold_below(&pick, 3);
        seed = gold_below(&pick, 2);
        c = gold_new_ext2(&r, G_CUMSUM, gold_types[ty], GP_EXT2_TREE, 0, DMLREF_FLOAT_ORDER_TREE);
        gold_set_tree(c, alg, gold_tree_blocks[blk], carry);
        gold_set_options(c, acc, seed);
        gold_add_ext2(&r, c);
    }

    /* M1 (golden/tree-cumprod): products, every block x tree algorithm, both carries, partial last
       blocks; values near 1, types and accumulations as in L1. */
    for (b = 0; b < 9; b++)
        for (a = 0; a < 3; a++) {
            unsigned n = b * 3u + a, carry = (a + b) & 1u, v = (2u * a + b) % 6u;
            c = gold_new_ext2(&r, G_CUMPROD, gold_types[gold_order_visible[v][0]], GP_EXT2_TREE, 0,
                              DMLREF_FLOAT_ORDER_TREE);
            gold_set_tree(c, a, gold_tree_blocks[b], carry);
            gold_set_options(c, gold_order_visible[v][1], (b >> 1) & 1u);
            gold_set_line(c, gold_tree_lengths[b][carry], b == 8 ? 0u : (a + b) % 4u);
            c->direction = (int)((b >> 1) & 1u);
            c->exclusive = (int)((a + (b >> 2)) & 1u);
            c->in_layout = gold_ext2_in_layouts[(n + 1u) % 4u];
            c->out_layout = gold_ext2_out_layouts[n % 5u];
            c->values = V_NEAR1;
            gold_add_ext2(&r, c);
        }

    /* M2: every float type x accumulation through a tree, near 1 or special values. */
    for (t = 0; t < 3; t++)
        for (acc = 0; acc < 3; acc++) {
            static const UINT rows[2] = {5, 77}, cols[2] = {77, 5};
            static const UINT blocks[3] = {2, 16, 256};
            c = gold_new_ext2(&r, G_CUMPROD, gold_types[t], GP_EXT2_TREE, 0, DMLREF_FLOAT_ORDER_TREE);
            gold_set_tree(c, (t + acc) % 3u, blocks[acc], t & 1u);
            gold_set_options(c, acc, (t + acc) & 1u);
            gold_set_shape(c, 2, acc & 1u ? cols : rows);
            c->axis = acc & 1u ? 0u : 1u;
            c->values = (t + acc) % 3u == 2 ? V_SPECIAL : V_NEAR1;
            gold_add_ext2(&r, c);
        }

    /* M3: integer products with a TREE order. */
    for (i = 0; i < 2; i++) {
        static const int types[2] = {4, 9}; /* I16 U32 */
        c = gold_new_ext2(&r, G_CUMPROD, gold_types[types[i]], GP_EXT2_TREE, 0, DMLREF_FLOAT_ORDER_TREE);
        gold_set_tree(c, 2u - i, i ? 32u : 4u, i);
        gold_set_options(c, 2u - i, 1);
        gold_random_line_shape(&r, c);
        c->values = V_NEAR1;
        gold_add_ext2(&r, c);
    }

    /* M4: random TREE products. */
    for (i = 0; i < 6; i++) {
        gold_rng pick = gold_seeded(GOLD_EXT2_SEED + 2000u, i);
        unsigned ty = gold_below(&pick, 3), alg = gold_below(&pick, 3), blk = gold_below(&pick, 7);
        unsigned carry = gold_below(&pick, 2);
        acc = gold_below(&pick, 3);
        seed = gold_below(&pick, 2);
        c = gold_new_ext2(&r, G_CUMPROD, gold_types[ty], GP_EXT2_TREE, 0, DMLREF_FLOAT_ORDER_TREE);
        gold_set_tree(c, alg, gold_tree_blocks[blk], carry);
        gold_set_options(c, acc, seed);
        gold_add_ext2(&r, c);
    }

    /* N1 (golden/exact-seed): EXACT sums with identity_seed, every float type x direction x
       exclusive: -0 runs (the exact sum of -0s is -0, +0 once seeded), zeros, specials, ties. */
    for (t = 0; t < 3; t++)
        for (k = 0; k < 4; k++) {
            static const int classes[4] = {V_NEGZERO_LEAD, V_ZEROS, V_SPECIAL, V_TIES};
            c = gold_new_ext2(&r, G_CUMSUM, gold_types[t], GP_EXT2_EXACT_SEED, 0, DMLREF_FLOAT_ORDER_EXACT);
            gold_set_options(c, 0, 1);
            gold_random_line_shape(&r, c);
            c->direction = (int)(k & 1u);
            c->exclusive = (int)(k >> 1);
            c->values = classes[(k + t) & 3u];
            gold_add_ext2(&r, c);
        }
    /* N2: a long line and a vertical panel in place, seeded. */
    for (t = 0; t < 3; t++) {
        static const UINT s_long[1] = {4099}, s_vert[2] = {61, 75};
        c = gold_new_ext2(&r, G_CUMSUM, gold_types[t], GP_EXT2_EXACT_SEED, 0, DMLREF_FLOAT_ORDER_EXACT);
        gold_set_options(c, 0, 1);
        gold_set_shape(c, 1, s_long);
        c->axis = 0;
        c->direction = (int)(t & 1u);
        c->exclusive = 0;
        c->in_layout = L_PACKED;
        c->out_layout = L_PACKED;
        c->values = V_NEGZERO_LEAD;
        gold_add_ext2(&r, c);
        c = gold_new_ext2(&r, G_CUMSUM, gold_types[t], GP_EXT2_EXACT_SEED, 0, DMLREF_FLOAT_ORDER_EXACT);
        gold_set_options(c, 0, 1);
        gold_set_shape(c, 2, s_vert);
        c->axis = 0;
        c->direction = DML_AXIS_DIRECTION_DECREASING;
        c->exclusive = 1;
        c->in_layout = L_PACKED;
        c->out_layout = L_INPLACE;
        c->values = t == 1 ? V_HUGE : V_ZEROS;
        gold_add_ext2(&r, c);
    }
    /* N3: integer EXACT sums, seeded (nothing changes). */
    for (i = 0; i < 2; i++) {
        c = gold_new_ext2(&r, G_CUMSUM, gold_types[i ? 7 : 5], GP_EXT2_EXACT_SEED, 0, DMLREF_FLOAT_ORDER_EXACT);
        gold_set_options(c, 0, 1);
        gold_add_ext2(&r, c);
    }

    /* O1 (golden/nan-compare): ARGMIN / ARGMAX with DMLREF_NAN_COMPARE, every float type x index type,
       both directions; values with NaNs first in some slices and later in others. */
    for (op = G_ARGMIN; op <= G_ARGMAX; op++)
        for (t = 0; t < 3; t++)
            for (k = 0; k < 4; k++) {
                static const int classes[4] = {V_NANHEAVY, V_SOMENAN, V_SPECIAL, V_SOMENAN};
                c = gold_new_ext2(&r, (int)op, gold_types[t], GP_EXT2_NAN_COMPARE, 0, 0);
                c->index_type = gold_index_types[k];
                c->direction = (int)((k + t) & 1u);
                c->values = classes[(k + op) & 3u];
                gold_add_ext2(&r, c);
            }
    /* O2: REDUCE(ARGMIN / ARGMAX). */
    for (op = G_REDUCE_ARGMIN; op <= G_REDUCE_ARGMAX; op++)
        for (t = 0; t < 3; t++)
            for (k = 0; k < 2; k++) {
                c = gold_new_ext2(&r, (int)op, gold_types[t], GP_EXT2_NAN_COMPARE, 0, 0);
                c->index_type = gold_index_types[(2u * k + t + op) & 3u];
                c->values = k ? V_NANHEAVY : V_SOMENAN;
                gold_add_ext2(&r, c);
            }
    /* O3: the shapes of the SIMD kernels (whose IGNORE answer the first-NaN rule then corrects):
       contiguous rows, columns (a reduction along the outer axis), two axes of a 3-D tensor. */
    for (t = 0; t < 3; t++)
        for (op = G_ARGMIN; op <= G_ARGMAX; op++)
            for (k = 0; k < 3; k++) {
                static const UINT rows[2] = {7, 301}, cols[2] = {301, 37}, cube[3] = {40, 50, 3};
                static const UINT a0[1] = {0}, a1[1] = {1}, a10[2] = {1, 0};
                c = gold_new_ext2(&r, (int)op, gold_types[t], GP_EXT2_NAN_COMPARE, 0, 0);
                if (k == 0) {
                    gold_set_shape(c, 2, rows);
                    gold_set_axes(c, 1, a1);
                } else if (k == 1) {
                    gold_set_shape(c, 2, cols);
                    gold_set_axes(c, 1, a0);
                } else {
                    gold_set_shape(c, 3, cube);
                    gold_set_axes(c, 2, a10);
                }
                c->direction = (int)((t + k + op) & 1u);
                c->in_layout = k == 2 ? L_PADDED : L_PACKED;
                c->out_layout = L_PACKED;
                c->values = k == 1 ? V_NANHEAVY : V_SOMENAN;
                gold_add_ext2(&r, c);
            }
    /* O4: all-NaN slices (the first position, or the last when DECREASING). */
    for (t = 0; t < 3; t++)
        for (k = 0; k < 2; k++) {
            static const UINT s[3] = {3, 4, 5};
            static const UINT ax[2] = {2, 0};
            c = gold_new_ext2(&r, k ? G_REDUCE_ARGMAX : G_ARGMIN, gold_types[t], GP_EXT2_NAN_COMPARE, 0, 0);
            gold_set_shape(c, 3, s);
            gold_set_axes(c, 1u + k, ax);
            c->direction = k ? DML_AXIS_DIRECTION_INCREASING : (int)(t & 1u);
            c->values = V_ALLNAN;
            gold_add_ext2(&r, c);
        }
    /* O5: integer types (no NaN: COMPARE is PROPAGATE's answer). */
    for (i = 0; i < 4; i++) {
        static const int ops[4] = {G_ARGMIN, G_ARGMAX, G_REDUCE_ARGMIN, G_ARGMAX};
        static const int types[4] = {5, 7, 6, 4}; /* I32 U8 I64 I16 */
        c = gold_new_ext2(&r, ops[i], gold_types[types[i]], GP_EXT2_NAN_COMPARE, 0, 0);
        gold_add_ext2(&r, c);
    }

    /* P1 (golden/bound-accumulation): bounds of sums, every accumulation x identity_seed x
       SEQUENTIAL / BLOCKED / ANY; products in SEQUENTIAL and ANY, every accumulation; EXACT seeded;
       special values; long lines; integers (0). */
    for (k = 0; k < 18; k++) {
        static const int orders[3] = {DMLREF_FLOAT_ORDER_SEQUENTIAL, DMLREF_FLOAT_ORDER_BLOCKED,
                                      DMLREF_FLOAT_ORDER_ANY};
        c = gold_new_ext2(&r, G_CUMSUM, gold_types[(k + k / 3u) % 3u], GP_EXT2_BOUND, 1, orders[k % 3u]);
        gold_set_options(c, k / 6u, (k / 3u) & 1u);
        gold_add_ext2(&r, c);
    }
    for (t = 0; t < 3; t++)
        for (acc = 0; acc < 3; acc++) {
            c = gold_new_ext2(&r, G_CUMPROD, gold_types[t], GP_EXT2_BOUND, 1,
                              (t + acc) & 1u ? DMLREF_FLOAT_ORDER_ANY : DMLREF_FLOAT_ORDER_SEQUENTIAL);
            gold_set_options(c, acc, acc & 1u);
            gold_add_ext2(&r, c);
        }
    for (t = 0; t < 3; t++) {
        c = gold_new_ext2(&r, G_CUMSUM, gold_types[t], GP_EXT2_BOUND, 1, DMLREF_FLOAT_ORDER_EXACT);
        gold_set_options(c, 0, 1);
        gold_add_ext2(&r, c);
    }
    for (t = 0; t < 3; t++)
        for (k = 0; k < 4; k++) {
            static const int classes[4] = {V_HUGE, V_SUBNORMAL, V_SPECIAL, V_INFS};
            static const int orders[4] = {DMLREF_FLOAT_ORDER_SEQUENTIAL, DMLREF_FLOAT_ORDER_ANY,
                                          DMLREF_FLOAT_ORDER_BLOCKED, DMLREF_FLOAT_ORDER_ANY};
            static const UINT s[2] = {5, 37};
            c = gold_new_ext2(&r, G_CUMSUM, gold_types[t], GP_EXT2_BOUND, 1, orders[k]);
            gold_set_options(c, 1u + (k & 1u), (k >> 1) & 1u);
            gold_set_shape(c, 2, s);
            c->axis = (k + t) & 1u;
            c->values = classes[k];
            gold_add_ext2(&r, c);
        }
    for (t = 0; t < 3; t++) {
        static const UINT s_long[1] = {4099}, s_prod[1] = {3001};
        c = gold_new_ext2(&r, G_CUMSUM, gold_types[t], GP_EXT2_BOUND, 1, DMLREF_FLOAT_ORDER_BLOCKED);
        gold_set_options(c, 1u + (t & 1u), 0);
        gold_set_shape(c, 1, s_long);
        c->axis = 0;
        c->direction = DML_AXIS_DIRECTION_INCREASING;
        c->exclusive = 0;
        c->in_layout = L_PACKED;
        c->out_layout = L_PACKED;
        c->values = V_WIDE;
        gold_add_ext2(&r, c);
        c = gold_new_ext2(&r, G_CUMPROD, gold_types[t], GP_EXT2_BOUND, 1, DMLREF_FLOAT_ORDER_ANY);
        gold_set_options(c, 2u - (t & 1u), 1);
        gold_set_shape(c, 1, s_prod);
        c->axis = 0;
        c->direction = DML_AXIS_DIRECTION_DECREASING;
        c->exclusive = (int)(t & 1u);
        c->in_layout = L_PACKED;
        c->out_layout = L_PACKED;
        c->values = V_NEAR1;
        gold_add_ext2(&r, c);
    }
    for (i = 0; i < 2; i++) {
        c = gold_new_ext2(&r, i ? G_CUMPROD : G_CUMSUM, gold_types[i ? 8 : 5], GP_EXT2_BOUND, 1,
                          i ? DMLREF_FLOAT_ORDER_SEQUENTIAL : DMLREF_FLOAT_ORDER_ANY);
        gold_set_options(c, 1u + i, 1);
        gold_add_ext2(&r, c);
    }

    /* P2 (golden/bound-tree): bounds of TREE sums, every algorithm x block, both carries, partial
       last blocks; TREE products; special values; an integer TREE scan (0). */
    for (a = 0; a < 3; a++)
        for (b = 0; b < 9; b++) {
            unsigned carry = (a + b) & 1u, n = a * 9u + b;
            c = gold_new_ext2(&r, G_CUMSUM, gold_types[(2u * a + b) % 3u], GP_EXT2_BOUND_TREE, 1,
                              DMLREF_FLOAT_ORDER_TREE);
            gold_set_tree(c, a, gold_tree_blocks[b], carry);
            gold_set_options(c, (a + b + b / 3u) % 3u, (b >> 1) & 1u);
            gold_set_line(c, gold_tree_lengths[b][carry], b == 8 ? 0u : (a + b) % 4u);
            c->direction = (int)(b & 1u);
            c->exclusive = (int)(((a + b) >> 1) & 1u);
            c->in_layout = gold_ext2_in_layouts[n % 4u];
            c->out_layout = gold_ext2_out_layouts[(n + 2u) % 5u];
            c->values = n % 5u == 4 ? V_SPECIAL : n % 5u == 2 ? V_SUBNORMAL : V_RANDOM;
            gold_add_ext2(&r, c);
        }
    for (a = 0; a < 3; a++)
        for (k = 0; k < 3; k++) {
            static const unsigned blk[3] = {1, 5, 7}; /* 4, 256, 2048 (a product's bound is ANY's, whatever the tree) */
            unsigned carry = (a + k) & 1u;
            c = gold_new_ext2(&r, G_CUMPROD, gold_types[(a + k) % 3u], GP_EXT2_BOUND_TREE, 1, DMLREF_FLOAT_ORDER_TREE);
            gold_set_tree(c, a, gold_tree_blocks[blk[k]], carry);
            gold_set_options(c, (a + 2u * k) % 3u, k & 1u);
            gold_set_line(c, gold_tree_lengths[blk[k]][carry], k == 2 ? 0u : (a + k) % 4u);
            c->values = V_NEAR1;
            gold_add_ext2(&r, c);
        }
    for (t = 0; t < 3; t++)
        for (k = 0; k < 2; k++) {
            static const UINT s[2] = {5, 37};
            c = gold_new_ext2(&r, G_CUMSUM, gold_types[t], GP_EXT2_BOUND_TREE, 1, DMLREF_FLOAT_ORDER_TREE);
            gold_set_tree(c, (t + k) % 3u, k ? 8u : 2u, k);
            gold_set_options(c, (t + k + 1u) % 3u, k);
            gold_set_shape(c, 2, s);
            c->axis = 1u - k;
            c->values = k ? V_SPECIAL : V_HUGE;
            gold_add_ext2(&r, c);
        }
    c = gold_new_ext2(&r, G_CUMSUM, gold_types[6], GP_EXT2_BOUND_TREE, 1, DMLREF_FLOAT_ORDER_TREE);
    gold_set_tree(c, 1, 16, 1);
    gold_set_options(c, 2, 1);
    gold_random_line_shape(&r, c);
    gold_add_ext2(&r, c);
}

/* ---- extension 3: REDUCE value functions (appended, own seed) ------------------------- */

/* The value functions, LOG_SUM_EXP twice (SHIFTED, PLAIN), with the float orders each takes (EXACT for the
   sums whose result is the sum's value; PAIRWISE for every sum; MULTIPLY SEQUENTIAL, BLOCKED and TREE; MIN
   and MAX none: their digests vary the NaN policy instead) and whether integer types take it. */
typedef struct gold_rfn {
    int fn, lse_plain, all_types;
    unsigned order_count;
    int orders[5];
} gold_rfn;

#define GOLD_O_SEQ DMLREF_FLOAT_ORDER_SEQUENTIAL
#define GOLD_O_PW DMLREF_FLOAT_ORDER_PAIRWISE
#define GOLD_O_BL DMLREF_FLOAT_ORDER_BLOCKED
#define GOLD_O_EX DMLREF_FLOAT_ORDER_EXACT
#define GOLD_O_TR DMLREF_FLOAT_ORDER_TREE
static const gold_rfn gold_rfns[11] = {
    {DML_REDUCE_FUNCTION_SUM, 0, 1, 5, {GOLD_O_SEQ, GOLD_O_PW, GOLD_O_BL, GOLD_O_EX, GOLD_O_TR}},
    {DML_REDUCE_FUNCTION_AVERAGE, 0, 0, 5, {GOLD_O_SEQ, GOLD_O_PW, GOLD_O_BL, GOLD_O_EX, GOLD_O_TR}},
    {DML_REDUCE_FUNCTION_L1, 0, 1, 5, {GOLD_O_SEQ, GOLD_O_PW, GOLD_O_BL, GOLD_O_EX, GOLD_O_TR}},
    {DML_REDUCE_FUNCTION_L2, 0, 0, 5, {GOLD_O_SEQ, GOLD_O_PW, GOLD_O_BL, GOLD_O_EX, GOLD_O_TR}},
    {DML_REDUCE_FUNCTION_SUM_SQUARE, 0, 1, 5, {GOLD_O_SEQ, GOLD_O_PW, GOLD_O_BL, GOLD_O_EX, GOLD_O_TR}},
    {DML_REDUCE_FUNCTION_LOG_SUM, 0, 0, 4, {GOLD_O_SEQ, GOLD_O_PW, GOLD_O_BL, GOLD_O_TR, 0}},
    {DML_REDUCE_FUNCTION_LOG_SUM_EXP, 0, 0, 4, {GOLD_O_SEQ, GOLD_O_PW, GOLD_O_BL, GOLD_O_TR, 0}},
    {DML_REDUCE_FUNCTION_LOG_SUM_EXP, 1, 0, 4, {GOLD_O_SEQ, GOLD_O_PW, GOLD_O_BL, GOLD_O_TR, 0}},
    {DML_REDUCE_FUNCTION_MULTIPLY, 0, 1, 3, {GOLD_O_SEQ, GOLD_O_BL, GOLD_O_TR, 0, 0}},
    {DML_REDUCE_FUNCTION_MIN, 0, 1, 0, {0, 0, 0, 0, 0}},
    {DML_REDUCE_FUNCTION_MAX, 0, 1, 0, {0, 0, 0, 0, 0}},
};
#undef GOLD_O_SEQ
#undef GOLD_O_PW
#undef GOLD_O_BL
#undef GOLD_O_EX
#undef GOLD_O_TR
#define GOLD_RFN_MULTIPLY 8u
#define GOLD_RFN_MIN 9u /* MIN and MAX are the last two */

/* The one TREE schedule of extension 3: blocks of 4, so that small reductions span several. */
#define GOLD_EXT3_TREE_ALGORITHM 1u /* sklansky */
#define GOLD_EXT3_TREE_BLOCK 4u
#define GOLD_EXT3_TREE_CARRY 1u /* into-first */

/* A case of function f (index into gold_rfns): a random shape of rank 1 to 4, axes (one or several, in any
   order), layouts (zero input strides included) and offset; float order `order` (TREE: the one schedule),
   accumulation DEFAULT, no seed, NaN policy PROPAGATE. */
static gold_case *gold_new_ext3(gold_rng *r, unsigned f, DML_TENSOR_DATA_TYPE type, int part, int order) {
    gold_case *c = gold_new_seeded(r, G_REDUCE_VALUE, type, GOLD_EXT3_SEED);
    c->part = part;
    c->reduce_fn = gold_rfns[f].fn;
    c->lse_plain = gold_rfns[f].lse_plain;
    gold_random_shape(r, c, 1u + gold_below(r, 4));
    gold_random_axes(r, c);
    c->nan_policy = DMLREF_NAN_PROPAGATE;
    c->float_order = gold_rfns[f].order_count ? order : DMLREF_FLOAT_ORDER_SEQUENTIAL;
    if (c->float_order == DMLREF_FLOAT_ORDER_TREE)
        gold_set_tree(c, GOLD_EXT3_TREE_ALGORITHM, GOLD_EXT3_TREE_BLOCK, GOLD_EXT3_TREE_CARRY);
    return c;
}

/* Values that suit function f on type t (k picks among alternatives). */
static int gold_ext3_values(unsigned f, DML_TENSOR_DATA_TYPE t, unsigned k) {
    int fl = gold_is_float(t);
    switch (gold_rfns[f].fn) {
    case DML_REDUCE_FUNCTION_SUM:
    case DML_REDUCE_FUNCTION_AVERAGE:
    case DML_REDUCE_FUNCTION_L1: return fl ? (k & 1u ? V_WIDE : V_RANDOM) : (k & 1u ? V_SMALL : V_RANDOM);
    case DML_REDUCE_FUNCTION_L2:
    case DML_REDUCE_FUNCTION_SUM_SQUARE:
        if (!fl) return k & 1u ? V_SMALL : V_RANDOM;
        return t == DML_TENSOR_DATA_TYPE_FLOAT16 ? V_NEAR1 : k & 1u ? V_WIDE : V_RANDOM;
    case DML_REDUCE_FUNCTION_LOG_SUM: return k & 1u ? V_NEAR1 : V_POSITIVE;
    case DML_REDUCE_FUNCTION_LOG_SUM_EXP: return k & 1u ? V_NEAR1 : V_RANDOM;
    case DML_REDUCE_FUNCTION_MULTIPLY: return V_NEAR1;
    default: /* MIN, MAX */
        if (!fl) return k & 1u ? V_TIES : V_RANDOM;
        return k % 3u == 0 ? V_SOMENAN : k % 3u == 1 ? V_SPECIAL : V_TIES;
    }
}

static void gold_generate_ext3(void) {
    static const int float_types[3] = {0, 1, 2}; /* indices into gold_types */
    gold_rng r;
    gold_case *c;
    unsigned f, t, k, acc, seed, i;

    /* Q1 (golden/reduce-value): every function x type; floats in every float order the function takes
       (MIN / MAX: every NaN policy), integers in one order each (their one answer). */
    for (f = 0; f < 11; f++)
        for (t = 0; t < 11; t++) {
            const gold_rfn *fn = &gold_rfns[f];
            unsigned n = gold_is_float(gold_types[t]) ? (fn->order_count ? fn->order_count : 3u) : 1u;
            if (!gold_is_float(gold_types[t]) && !fn->all_types) continue;
            for (k = 0; k < n; k++) {
                int order = fn->order_count ? fn->orders[n == 1 ? (t + f) % fn->order_count : k] : 0;
                c = gold_new_ext3(&r, f, gold_types[t], GP_EXT3_VALUE, order);
                if (!fn->order_count) c->nan_policy = (int)(n == 1 ? 0u : k);
                if (n == 1 && fn->order_count && order != DMLREF_FLOAT_ORDER_EXACT) /* integers: no effect */
                    gold_set_options(c, (t + f) % 3u, (t >> 1) & 1u);
                c->values = gold_ext3_values(f, gold_types[t], k + t);
                gold_add(&r, c);
            }
        }

    /* Q2 (golden/reduce-options): every function but MIN / MAX x accumulation x identity_seed, FLOAT16 and
       FLOAT32 in turn, in SEQUENTIAL, PAIRWISE, BLOCKED or TREE (MULTIPLY: no PAIRWISE). Seeded sums take
       values with -0 (the seed turns a -0 tally into +0) half the time. */
    for (f = 0; f < GOLD_RFN_MIN; f++)
        for (acc = 0; acc < 3; acc++)
            for (seed = 0; seed < 2; seed++) {
                static const int orders[4] = {DMLREF_FLOAT_ORDER_SEQUENTIAL, DMLREF_FLOAT_ORDER_PAIRWISE,
                                              DMLREF_FLOAT_ORDER_BLOCKED, DMLREF_FLOAT_ORDER_TREE};
                unsigned n = f * 6u + acc * 2u + seed;
                int order = orders[n % 4u];
                if (f == GOLD_RFN_MULTIPLY && order == DMLREF_FLOAT_ORDER_PAIRWISE) order = DMLREF_FLOAT_ORDER_BLOCKED;
                c = gold_new_ext3(&r, f, gold_types[(n / 4u + seed) & 1u], GP_EXT3_OPTIONS, order);
                gold_set_options(c, acc, seed);
                c->values = gold_ext3_values(f, c->type, n / 2u);
                if (seed && (n & 2u) && f != GOLD_RFN_MULTIPLY && gold_rfns[f].fn != DML_REDUCE_FUNCTION_LOG_SUM)
                    c->values = V_ZEROS;
                gold_add(&r, c);
            }

    /* Q3 (golden/reduce-special): every function x float type x two special-value classes (NaN with any
       payload, infinities, -0, subnormals, values near overflow), in the function's orders in turn (MIN /
       MAX: the NaN policies); then all-NaN slices for MIN / MAX in every policy. */
    for (f = 0; f < 11; f++)
        for (t = 0; t < 3; t++)
            for (k = 0; k < 2; k++) {
                static const int classes[8] = {V_SPECIAL, V_INFS,    V_ZEROS,  V_SUBNORMAL,
                                               V_HUGE,    V_SOMENAN, V_ALLNAN, V_NANHEAVY};
                const gold_rfn *fn = &gold_rfns[f];
                unsigned n = f * 6u + t * 2u + k;
                int order = fn->order_count ? fn->orders[n % fn->order_count] : 0;
                c = gold_new_ext3(&r, f, gold_types[float_types[t]], GP_EXT3_SPECIAL, order);
                if (!fn->order_count) c->nan_policy = (int)(n % 3u);
                c->values = classes[(f * 2u + t * 3u + k) % 8u];
                gold_add(&r, c);
            }
    for (f = GOLD_RFN_MIN; f < 11; f++)
        for (k = 0; k < 3; k++) {
            static const UINT s[3] = {3, 4, 5};
            static const UINT ax[2] = {2, 0};
            c = gold_new_ext3(&r, f, gold_types[float_types[(f + k) % 3u]], GP_EXT3_SPECIAL, 0);
            gold_set_shape(c, 3, s);
            gold_set_axes(c, 1u + (k & 1u), ax);
            c->nan_policy = (int)k;
            c->values = V_ALLNAN;
            gold_add(&r, c);
        }

    /* Q4 (golden/reduce-long): lines of thousands of elements in PAIRWISE and BLOCKED (one line, contiguous
       rows, lines across the innermost dimension, two axes of a 3-D tensor); MULTIPLY, MIN / MAX and
       integer sums too. */
    for (f = 0; f < 8; f++)
        for (k = 0; k < 2; k++) {
            static const UINT s1[1] = {4099}, s2[2] = {3, 2053}, s3[2] = {1500, 3}, s4[3] = {40, 50, 3};
            static const UINT a0[1] = {0}, a1[1] = {1}, a10[2] = {1, 0};
            unsigned form = (f + 2u * k) % 4u;
            c = gold_new_ext3(&r, f, gold_types[float_types[(f + k) % 3u]], GP_EXT3_LONG,
                              k ? DMLREF_FLOAT_ORDER_BLOCKED : DMLREF_FLOAT_ORDER_PAIRWISE);
            if (form == 0) {
                gold_set_shape(c, 1, s1);
                gold_set_axes(c, 1, a0);
            } else if (form == 1) {
                gold_set_shape(c, 2, s2);
                gold_set_axes(c, 1, a1);
            } else if (form == 2) {
                gold_set_shape(c, 2, s3);
                gold_set_axes(c, 1, a0);
            } else {
                gold_set_shape(c, 3, s4);
                gold_set_axes(c, 2, a10);
            }
            c->in_layout = form == 3 ? L_PADDED : L_PACKED;
            c->out_layout = L_PACKED;
            c->values = gold_ext3_values(f, c->type, f + k);
            gold_add(&r, c);
        }
    for (i = 0; i < 5; i++) {
        static const unsigned fns[5] = {GOLD_RFN_MULTIPLY, GOLD_RFN_MIN, GOLD_RFN_MIN + 1u, 0, 4};
        static const unsigned types[5] = {1, 0, 2, 5, 10}; /* F32 F16 F64 I32 U64 */
        static const UINT s_prod[1] = {3001}, s_long[1] = {4099}, a0[1] = {0};
        c = gold_new_ext3(&r, fns[i], gold_types[types[i]], GP_EXT3_LONG,
                          i == 0 ? DMLREF_FLOAT_ORDER_SEQUENTIAL : DMLREF_FLOAT_ORDER_BLOCKED);
        gold_set_shape(c, 1, i ? s_long : s_prod);
        gold_set_axes(c, 1, a0);
        c->nan_policy = (int)(i == 1 ? DMLREF_NAN_IGNORE : i == 2 ? DMLREF_NAN_COMPARE : DMLREF_NAN_PROPAGATE);
        c->in_layout = L_PACKED;
        c->out_layout = L_PACKED;
        c->values = i == 2 ? V_WIDE : gold_ext3_values(fns[i], c->type, i);
        gold_add(&r, c);
    }

    /* Q5 (golden/reduce-random): random function, type, order, accumulation, seed and values. */
    for (i = 0; i < 24; i++) {
        gold_rng pick = gold_seeded(GOLD_EXT3_SEED + 1000u, i);
        const gold_rfn *fn;
        unsigned ty, order;
        f = gold_below(&pick, 11);
        fn = &gold_rfns[f];
        ty = fn->all_types ? gold_below(&pick, 11) : gold_below(&pick, 3);
        order = fn->order_count ? (unsigned)fn->orders[gold_below(&pick, fn->order_count)] : 0u;
        c = gold_new_ext3(&r, f, gold_types[ty], GP_EXT3_RANDOM, (int)order);
        if (!fn->order_count) c->nan_policy = (int)gold_below(&pick, 3);
        else if (order != DMLREF_FLOAT_ORDER_EXACT) { /* one draw per statement: argument order is unspecified */
            const unsigned accumulation = gold_below(&pick, 3);
            gold_set_options(c, accumulation, gold_below(&pick, 2));
        }
        c->values = gold_ext3_values(f, gold_types[ty], gold_below(&pick, 6));
        gold_add(&r, c);
    }
}

static void gold_generate(void) {
    static const int float_types[3] = {0, 1, 2}; /* indices into gold_types */
    gold_rng r;
    gold_case *c;
    unsigned op, t, i, k;
    if (gold_count) return;

    /* A: scans, every type x direction x exclusive x float order; shape, layout, values random. */
    for (op = G_CUMSUM; op <= G_CUMPROD; op++)
        for (t = 0; t < 11; t++)
            for (k = 0; k < 8; k++) {
                c = gold_new(&r, (int)op, gold_types[t]);
                c->direction = (int)(k & 1u);
                c->exclusive = (int)((k >> 1) & 1u);
                c->float_order = (int)(k >> 2);
                gold_add(&r, c);
            }

    /* B: ARGMIN / ARGMAX, every type x index type x direction; NaN policy alternates with the index type. */
    for (op = G_ARGMIN; op <= G_ARGMAX; op++)
        for (t = 0; t < 11; t++)
            for (k = 0; k < 8; k++) {
                c = gold_new(&r, (int)op, gold_types[t]);
                c->index_type = gold_index_types[k >> 1];
                c->direction = (int)(k & 1u);
                c->nan_policy = (int)((k >> 1) & 1u);
                gold_add(&r, c);
            }

    /* C: REDUCE(ARGMIN / ARGMAX), every type x index type. */
    for (op = G_REDUCE_ARGMIN; op <= G_REDUCE_ARGMAX; op++)
        for (t = 0; t < 11; t++)
            for (k = 0; k < 4; k++) {
                c = gold_new(&r, (int)op, gold_types[t]);
                c->index_type = gold_index_types[k];
                c->nan_policy = (int)(k & 1u);
                gold_add(&r, c);
            }

    /* D: long lines (blocked / SIMD paths with tails), every type. */
    for (t = 0; t < 11; t++) {
        DML_TENSOR_DATA_TYPE ty = gold_types[t];
        int fl = gold_is_float(ty);
        {
            static const UINT s[1] = {4099};
            c = gold_new(&r, G_CUMSUM, ty);
            gold_set_shape(c, 1, s);
            c->axis = 0;
            c->direction = DML_AXIS_DIRECTION_INCREASING;
            c->exclusive = 0;
            c->float_order = DMLREF_FLOAT_ORDER_BLOCKED;
            c->in_layout = L_PACKED;
            c->out_layout = L_PACKED;
            c->values = V_RANDOM;
            gold_add(&r, c);
        }
        {
            static const UINT s[1] = {2049};
            c = gold_new(&r, G_CUMSUM, ty);
            gold_set_shape(c, 1, s);
            c->axis = 0;
            c->direction = DML_AXIS_DIRECTION_DECREASING;
            c->exclusive = 1;
            c->float_order = DMLREF_FLOAT_ORDER_SEQUENTIAL;
            c->in_layout = L_PACKED;
            c->out_layout = L_INPLACE;
            c->values = V_SPECIAL;
            gold_add(&r, c);
        }
        {
            static const UINT s[2] = {3, 1531};
            c = gold_new(&r, G_CUMSUM, ty);
            gold_set_shape(c, 2, s);
            c->axis = 1;
            c->direction = DML_AXIS_DIRECTION_DECREASING;
            c->exclusive = 1;
            c->float_order = DMLREF_FLOAT_ORDER_BLOCKED;
            c->in_layout = L_PADDED;
            c->out_layout = L_EXPLICIT;
            c->values = V_RANDOM;
            gold_add(&r, c);
        }
        {
            static const UINT s[2] = {1000, 7};
            c = gold_new(&r, G_CUMSUM, ty);
            gold_set_shape(c, 2, s);
            c->axis = 0; /* lines across the innermost dimension */
            c->direction = DML_AXIS_DIRECTION_INCREASING;
            c->exclusive = 0;
            c->float_order = (int)(t & 1u);
            c->in_layout = L_PACKED;
            c->out_layout = L_PACKED;
            c->values = fl ? V_RANDOM : V_SMALL;
            gold_add(&r, c);
        }
        {
            static const UINT s[3] = {2, 33, 67};
            c = gold_new(&r, G_CUMSUM, ty);
            gold_set_shape(c, 3, s);
            c->axis = 1; /* 67-wide panel of 33-element lines */
            c->direction = DML_AXIS_DIRECTION_DECREASING;
            c->exclusive = 0;
            c->float_order = DMLREF_FLOAT_ORDER_BLOCKED;
            c->in_layout = L_PACKED;
            c->out_layout = L_PADDED;
            c->values = fl ? V_SPECIAL : V_RANDOM;
            gold_add(&r, c);
        }
        {
            static const UINT s[1] = {3001};
            c = gold_new(&r, G_CUMPROD, ty);
            gold_set_shape(c, 1, s);
            c->axis = 0;
            c->direction = DML_AXIS_DIRECTION_INCREASING;
            c->exclusive = (int)(t & 1u);
            c->float_order = (int)((t >> 1) & 1u);
            c->in_layout = L_PACKED;
            c->out_layout = L_PACKED;
            c->values = V_NEAR1;
            gold_add(&r, c);
        }
        {
            static const UINT s[2] = {517, 9};
            c = gold_new(&r, G_CUMPROD, ty);
            gold_set_shape(c, 2, s);
            c->axis = 0;
            c->direction = DML_AXIS_DIRECTION_DECREASING;
            c->exclusive = 0;
            c->float_order = DMLREF_FLOAT_ORDER_SEQUENTIAL;
            c->in_layout = L_PERM;
            c->out_layout = L_PACKED;
            c->values = V_NEAR1;
            gold_add(&r, c);
        }
        for (op = G_ARGMIN; op <= G_ARGMAX; op++) {
            static const UINT s1[1] = {4099}, s2[2] = {5, 2003}, s3[3] = {40, 50, 3};
            static const UINT a1[1] = {0}, a2[1] = {1}, a3[2] = {1, 0};
            c = gold_new(&r, (int)op, ty);
            gold_set_shape(c, 1, s1);
            gold_set_axes(c, 1, a1);
            c->direction = (int)(t & 1u);
            c->nan_policy = DMLREF_NAN_PROPAGATE;
            c->in_layout = L_PACKED;
            c->out_layout = L_PACKED;
            c->values = V_RANDOM;
            gold_add(&r, c);
            c = gold_new(&r, (int)op, ty);
            gold_set_shape(c, 2, s2);
            gold_set_axes(c, 1, a2);
            c->direction = (int)((t + 1u) & 1u);
            c->nan_policy = DMLREF_NAN_IGNORE;
            c->in_layout = L_PADDED;
            c->out_layout = L_PACKED;
            c->values = fl ? V_SPECIAL : V_TIES;
            gold_add(&r, c);
            c = gold_new(&r, (int)op, ty);
            gold_set_shape(c, 3, s3);
            gold_set_axes(c, 2, a3);
            c->direction = (int)(t & 1u);
            c->in_layout = L_PACKED;
            c->out_layout = L_PACKED;
            c->values = fl ? V_SPECIAL : V_SMALL;
            gold_add(&r, c);
        }
        {
            static const UINT s[2] = {2500, 3};
            static const UINT a[1] = {0};
            c = gold_new(&r, t & 1u ? G_REDUCE_ARGMAX : G_REDUCE_ARGMIN, ty);
            gold_set_shape(c, 2, s);
            gold_set_axes(c, 1, a);
            c->in_layout = L_PACKED;
            c->out_layout = L_PACKED;
            c->values = fl ? V_SPECIAL : V_RANDOM;
            gold_add(&r, c);
        }
    }

    /* E: float special-value classes through every operator. */
    for (i = 0; i < 3; i++) {
        static const int classes[4] = {V_ZEROS, V_HUGE, V_SUBNORMAL, V_INFS};
        DML_TENSOR_DATA_TYPE ty = gold_types[float_types[i]];
        for (k = 0; k < 4; k++)
            for (op = 0; op < 6; op++) {
                /* op 0: cumsum SEQUENTIAL, 1: cumsum BLOCKED, 2: cumprod, 3: argmin, 4: argmax, 5: reduce */
                int real_op = op == 0 || op == 1 ? G_CUMSUM
                              : op == 2          ? G_CUMPROD
                              : op == 3          ? G_ARGMIN
                              : op == 4          ? G_ARGMAX
                              : (k & 1u)         ? G_REDUCE_ARGMAX
                                                 : G_REDUCE_ARGMIN;
                static const UINT s[2] = {6, 41};
                c = gold_new(&r, real_op, ty);
                gold_set_shape(c, 2, s);
                if (GOLD_IS_SCAN(real_op)) {
                    c->axis = 1;
                    c->float_order = op == 1 ? DMLREF_FLOAT_ORDER_BLOCKED : DMLREF_FLOAT_ORDER_SEQUENTIAL;
                } else {
                    static const UINT a[1] = {1};
                    gold_set_axes(c, 1, a);
                }
                c->values = classes[k];
                gold_add(&r, c);
            }
        /* all-NaN slices: both policies, both directions */
        for (op = G_CUMSUM; op <= G_REDUCE_ARGMAX; op++)
            for (k = 0; k < (GOLD_IS_SCAN(op) ? 1u : op >= G_REDUCE_ARGMIN ? 2u : 4u); k++) {
                static const UINT s[3] = {3, 4, 5};
                static const UINT a[2] = {2, 0};
                c = gold_new(&r, (int)op, ty);
                gold_set_shape(c, 3, s);
                if (GOLD_IS_SCAN(op)) c->axis = 2;
                else gold_set_axes(c, 1 + (k & 1u), a);
                c->nan_policy = (int)(k & 1u);
                c->direction = op >= G_REDUCE_ARGMIN ? 0 : (int)(k >> 1);
                c->values = V_ALLNAN;
                gold_add(&r, c);
            }
    }

    /* F: edge shapes: every size 1, length-1 axes, rank 8, every axis reduced (listed backwards). */
    for (op = 0; op < G_OP_COUNT; op++) {
        static const UINT ones[8] = {1, 1, 1, 1, 1, 1, 1, 1}, twos[8] = {2, 2, 2, 2, 2, 2, 2, 2};
        static const UINT all_axes[8] = {7, 6, 5, 4, 3, 2, 1, 0}, s2[3] = {4, 1, 9};
        static const UINT a_mid[1] = {1};
        for (t = 0; t < 11; t += 4) { /* F16 F32 F64, I16 I32 I64, U16 U32 U64 */
            c = gold_new(&r, (int)op, gold_types[t]);
            gold_set_shape(c, 8, ones);
            c->axis = 3;
            gold_set_axes(c, 8, all_axes);
            gold_add(&r, c);
            c = gold_new(&r, (int)op, gold_types[t + 1u]);
            gold_set_shape(c, 8, twos);
            c->axis = 7 - (op & 1u) * 7;
            gold_set_axes(c, op & 1u ? 8u : 3u, all_axes + (op & 1u ? 0 : 2));
            gold_add(&r, c);
            c = gold_new(&r, (int)op, gold_types[t + 2u]);
            gold_set_shape(c, 3, s2);
            c->axis = 1; /* a scan along a length-1 axis */
            c->exclusive = 1;
            gold_set_axes(c, 1, a_mid);
            gold_add(&r, c);
        }
    }

    /* G: the shapes SIMD kernels take, packed: contiguous lines (unit step along
       the axis) and vertical panels (adjacent lines), with tails; signed zeros,
       NaNs, exclusive scans and ties in both directions. */
    for (i = 0; i < 3; i++)
        for (op = 0; op < 3; op++) /* cumsum SEQUENTIAL, cumsum BLOCKED, cumprod */
            for (k = 0; k < 4; k++) {
                static const UINT contig[2] = {3, 203}, vertical[2] = {45, 67};
                c = gold_new(&r, op == 2 ? G_CUMPROD : G_CUMSUM, gold_types[float_types[i]]);
                gold_set_shape(c, 2, k & 1u ? vertical : contig);
                c->axis = k & 1u ? 0u : 1u;
                c->direction = DML_AXIS_DIRECTION_INCREASING;
                c->exclusive = (int)((k >> 1) ^ (op & 1u));
                c->float_order = op == 1 ? DMLREF_FLOAT_ORDER_BLOCKED : DMLREF_FLOAT_ORDER_SEQUENTIAL;
                c->in_layout = L_PACKED;
                c->out_layout = L_PACKED;
                c->values = k >> 1 ? V_NANHEAVY : V_ZEROS;
                c->offset = 0;
                gold_add(&r, c);
            }
    for (t = 0; t < 11; t++) {
        static const UINT contig_sum[2] = {2, 1037}, contig_prod[2] = {2, 301}, vertical[2] = {61, 75};
        int fl = gold_is_float(gold_types[t]);
        c = gold_new(&r, G_CUMSUM, gold_types[t]);
        gold_set_shape(c, 2, contig_sum);
        c->axis = 1;
        c->direction = DML_AXIS_DIRECTION_INCREASING;
        c->exclusive = 1;
        c->float_order = (int)(t & 1u);
        c->in_layout = L_PACKED;
        c->out_layout = L_PACKED;
        c->values = fl ? V_SPECIAL : V_RANDOM;
        gold_add(&r, c);
        c = gold_new(&r, G_CUMPROD, gold_types[t]);
        gold_set_shape(c, 2, contig_prod);
        c->axis = 1;
        c->direction = DML_AXIS_DIRECTION_INCREASING;
        c->exclusive = 1;
        c->in_layout = L_PACKED;
        c->out_layout = L_PACKED;
        c->values = V_NEAR1;
        gold_add(&r, c);
        c = gold_new(&r, G_CUMSUM, gold_types[t]);
        gold_set_shape(c, 2, vertical);
        c->axis = 0;
        c->direction = (int)(t & 1u);
        c->exclusive = 1;
        c->float_order = (int)((t >> 1) & 1u);
        c->in_layout = L_PACKED;
        c->out_layout = L_PACKED;
        c->values = fl ? V_SPECIAL : V_RANDOM;
        gold_add(&r, c);
        for (op = G_ARGMIN; op <= G_ARGMAX; op++)
            for (k = 0; k < 2; k++) {
                static const UINT rows[2] = {7, 301}, cols[2] = {301, 37};
                static const UINT a0[1] = {0}, a1[1] = {1};
                c = gold_new(&r, (int)op, gold_types[t]);
                gold_set_shape(c, 2, k ? cols : rows);
                gold_set_axes(c, 1, k ? a0 : a1);
                c->direction = (int)((t + k + op) & 1u);
                c->in_layout = L_PACKED;
                c->out_layout = L_PACKED;
                c->values = V_TIES;
                gold_add(&r, c);
            }
    }

    /* H: fully random cases (any operator, type, rank, axes, layout, values). */
    for (i = 0; i < 150; i++) {
        gold_rng pick = gold_seeded(GOLD_CORPUS_VERSION + 1000u, i);
        int o = (int)gold_below(&pick, G_OP_COUNT);
        c = gold_new(&r, o, gold_types[gold_below(&pick, 11)]);
        gold_add(&r, c);
    }
    gold_v1_count = gold_count;
    gold_generate_ext1();
    gold_ext1_end = gold_count;
    gold_generate_ext2();
    gold_ext2_end = gold_count;
    gold_generate_ext3();
}

/* ---- input values from integer bits ------------------------------------------- */

/* A float bit pattern of a format with ebits exponent and mbits mantissa bits. */
static uint64_t gold_float_bits(gold_rng *r, unsigned ebits, unsigned mbits, int cls) {
    const uint64_t mmask = (UINT64_C(1) << mbits) - 1u, emax = (UINT64_C(1) << ebits) - 1u;
    const uint64_t bias = (UINT64_C(1) << (ebits - 1u)) - 1u;
    uint64_t sign = (uint64_t)gold_below(r, 2) << (ebits + mbits), e, m;
#define GOLD_F(S, E, M) ((S) | ((uint64_t)(E) << mbits) | (M))
    switch (cls) {
    case V_SMALL: {
        int k = (int)gold_below(r, 33) - 16;
        unsigned mag = (unsigned)(k < 0 ? -k : k), p = 0;
        if (k == 0) return 0;
        while ((mag >> (p + 1u)) != 0) p++;
        m = ((uint64_t)mag - (UINT64_C(1) << p)) << (mbits - p);
        return GOLD_F(k < 0 ? UINT64_C(1) << (ebits + mbits) : 0, bias + p, m);
    }
    case V_RANDOM:
        e = bias - 6u + gold_below(r, 13);
        m = gold_next(r) & mmask;
        return GOLD_F(sign, e, m);
    case V_SPECIAL:
        switch (gold_below(r, 16)) {
        case 0: return 0;
        case 1: return UINT64_C(1) << (ebits + mbits);
        case 2: return GOLD_F(0, emax, 0);
        case 3: return GOLD_F(UINT64_C(1) << (ebits + mbits), emax, 0);
        case 4: return GOLD_F(sign, emax, (UINT64_C(1) << (mbits - 1u)) | (gold_next(r) & (mmask >> 1)));
        case 5: return GOLD_F(sign, emax, (gold_next(r) & (mmask >> 1)) | 1u); /* signalling */
        case 6: return GOLD_F(sign, 0, (gold_next(r) & mmask) | 1u);
        case 7: return GOLD_F(sign, emax - 1u, mmask);
        case 8: return GOLD_F(sign, 1, 0);
        case 9: return GOLD_F(sign, bias, 0);
        case 10:
            e = emax - 1u - gold_below(r, 3);
            m = gold_next(r) & mmask;
            return GOLD_F(sign, e, m);
        default:
            e = bias - 6u + gold_below(r, 13);
            m = gold_next(r) & mmask;
            return GOLD_F(sign, e, m);
        }
    case V_NEAR1:
        sign = gold_below(r, 8) == 0 ? UINT64_C(1) << (ebits + mbits) : 0; /* mostly positive */
        e = bias - 1u + gold_below(r, 2);
        m = gold_next(r) & mmask;
        return GOLD_F(sign, e, m);
    case V_NANHEAVY:
    case V_TIES:
        if (cls == V_NANHEAVY && gold_below(r, 10) < 6) {
            m = gold_next(r) & mmask;
            m |= UINT64_C(1) << gold_below(r, mbits); /* never zero: a NaN */
            return GOLD_F(sign, emax, m);
        }
        switch (gold_below(r, 6)) {
        case 0: return GOLD_F(UINT64_C(1) << (ebits + mbits), bias + 1u, 0); /* -2 */
        case 1: return GOLD_F(UINT64_C(1) << (ebits + mbits), bias, 0);      /* -1 */
        case 2: return UINT64_C(1) << (ebits + mbits);                       /* -0 */
        case 3: return 0;                                                    /* +0 */
        case 4: return GOLD_F(0, bias, 0);                                   /* 1 */
        default: return GOLD_F(0, bias + 1u, 0);                             /* 2 */
        }
    case V_FULLBITS: return gold_next(r) & ((UINT64_C(2) << (ebits + mbits)) - 1u);
    case V_ZEROS:
        if (gold_below(r, 8) == 0) return GOLD_F(sign, bias + gold_below(r, 3), 0);
        return sign;
    case V_HUGE:
        e = emax - 1u - gold_below(r, 2);
        m = gold_next(r) & mmask;
        return GOLD_F(sign, e, m);
    case V_SUBNORMAL:
        if (gold_below(r, 8) == 0) return GOLD_F(sign, 1, 0);
        return GOLD_F(sign, 0, (gold_next(r) & mmask) | 1u);
    case V_ALLNAN:
        e = gold_below(r, 2) ? (UINT64_C(1) << (mbits - 1u)) : 0; /* quiet or signalling */
        return GOLD_F(sign, emax, e | (gold_next(r) & (mmask >> 1)) | (e ? 0u : 1u));
    case V_NEGZERO_LEAD: /* after the run (gold_state_init writes the run): -0, +0, small integers, V_RANDOM */
        switch (gold_below(r, 8)) {
        case 0:
        case 1:
        case 2: return UINT64_C(1) << (ebits + mbits); /* -0 */
        case 3: return 0;
        case 4: return gold_float_bits(r, ebits, mbits, V_SMALL);
        default: return gold_float_bits(r, ebits, mbits, V_RANDOM);
        }
    case V_WIDE: {
        unsigned span = ebits == 5 ? 10u : ebits == 8 ? 30u : 60u;
        e = bias - span + gold_below(r, 2u * span + 1u);
        m = gold_next(r) & mmask;
        return GOLD_F(sign, e, m);
    }
    case V_POSITIVE:
        e = bias - 6u + gold_below(r, 13);
        m = gold_next(r) & mmask;
        return GOLD_F(0, e, m);
    case V_SOMENAN:
        if (gold_below(r, 4) == 0) return gold_float_bits(r, ebits, mbits, V_ALLNAN);
        return gold_float_bits(r, ebits, mbits, V_TIES);
    default: /* V_INFS */
        switch (gold_below(r, 8)) {
        case 0:
        case 1:
        case 2: return GOLD_F(0, emax, 0);
        case 3:
        case 4:
        case 5: return GOLD_F(UINT64_C(1) << (ebits + mbits), emax, 0);
        case 6: return GOLD_F(sign, emax - 1u, mmask);
        default: return GOLD_F(sign, bias, 0);
        }
    }
#undef GOLD_F
}

/* An integer bit pattern of width bits (two's complement for signed types). */
static uint64_t gold_int_bits(gold_rng *r, unsigned bits, int is_signed, int cls) {
    const uint64_t mask = bits == 64 ? ~UINT64_C(0) : (UINT64_C(1) << bits) - 1u;
    const uint64_t smin = UINT64_C(1) << (bits - 1u);
    int64_t k;
    switch (cls) {
    case V_SMALL:
    case V_ZEROS:
    case V_SUBNORMAL:
    case V_NEGZERO_LEAD:
        if (cls == V_ZEROS && gold_below(r, 8) != 0) return 0;
        k = is_signed ? (int64_t)gold_below(r, 33) - 16 : (int64_t)gold_below(r, 33);
        return (uint64_t)k & mask;
    case V_NEAR1: return (gold_next(r) | 1u) & mask;
    case V_SPECIAL:
    case V_HUGE:
    case V_INFS:
        switch (gold_below(r, 8)) {
        case 0: return is_signed ? smin : 0;
        case 1: return is_signed ? smin - 1u : mask;
        case 2: return 0;
        case 3: return mask; /* -1 or the largest unsigned */
        case 4: return 1;
        case 5: return is_signed ? smin + 1u : 1u;
        case 6: return is_signed ? smin - 2u : mask - 1u;
        default: return gold_next(r) & mask;
        }
    case V_TIES:
    case V_NANHEAVY:
    case V_ALLNAN:
    case V_SOMENAN:
        k = is_signed ? (int64_t)gold_below(r, 5) - 2 : (int64_t)gold_below(r, 4);
        return (uint64_t)k & mask;
    default: /* V_RANDOM, V_FULLBITS */ return gold_next(r) & mask;
    }
}

static uint64_t gold_value_bits(gold_rng *r, DML_TENSOR_DATA_TYPE t, int cls) {
    switch (t) {
    case DML_TENSOR_DATA_TYPE_FLOAT16: return gold_float_bits(r, 5, 10, cls);
    case DML_TENSOR_DATA_TYPE_FLOAT32: return gold_float_bits(r, 8, 23, cls);
    case DML_TENSOR_DATA_TYPE_FLOAT64: return gold_float_bits(r, 11, 52, cls);
    default: return gold_int_bits(r, 8u * gold_type_size(t), gold_is_signed(t), cls);
    }
}

/* Host-order element access by width. */
static void gold_store(unsigned char *p, unsigned es, uint64_t v) {
    uint8_t u8;
    uint16_t u16;
    uint32_t u32;
    switch (es) {
    case 1:
        u8 = (uint8_t)v;
        memcpy(p, &u8, 1);
        break;
    case 2:
        u16 = (uint16_t)v;
        memcpy(p, &u16, 2);
        break;
    case 4:
        u32 = (uint32_t)v;
        memcpy(p, &u32, 4);
        break;
    default: memcpy(p, &v, 8); break;
    }
}


/* ---- running one case ------------------------------------------------------------ */

typedef struct gold_tensor {
    DML_BUFFER_TENSOR_DESC buf;
    DML_TENSOR_DESC desc;
    UINT sizes[8];
    unsigned es;
    size_t count;
    size_t *offsets; /* byte offset of each element, row-major */
} gold_tensor;

typedef struct gold_run_state {
    const gold_case *c;
    gold_tensor in, out;
    unsigned char *in0, *in1, *out1, *expect, *gathered;
    size_t in_alloc, out_alloc;
    size_t in_base, out_base; /* byte offset of the tensor in its allocation (0, or one element) */
} gold_run_state;

static int gold_tensor_init(gold_tensor *t, DML_TENSOR_DATA_TYPE type, UINT rank, const UINT *sizes,
                            const UINT *strides, int packed) {
    UINT d, idx[8] = {0};
    size_t i, off;
    memset(t, 0, sizeof *t);
    memcpy(t->sizes, sizes, rank * sizeof *sizes);
    t->es = gold_type_size(type);
    t->buf.DataType = type;
    t->buf.Flags = DML_TENSOR_FLAG_NONE;
    t->buf.DimensionCount = rank;
    t->buf.Sizes = t->sizes;
    t->buf.Strides = packed ? NULL : strides;
    t->buf.TotalTensorSizeInBytes = dmlref_calc_buffer_tensor_size(type, rank, sizes, t->buf.Strides);
    t->buf.GuaranteedBaseOffsetAlignment = 0;
    t->desc.Type = DML_TENSOR_TYPE_BUFFER;
    t->desc.Desc = &t->buf;
    t->count = 1;
    for (d = 0; d < rank; d++) t->count *= sizes[d];
    t->offsets = (size_t *)malloc(t->count * sizeof *t->offsets);
    if (!t->offsets) return 0;
    for (i = 0; i < t->count; i++) {
        size_t stride = 1;
        off = 0;
        d = rank;
        while (d-- > 0) {
            off += (size_t)idx[d] * (packed ? stride : strides[d]);
            stride *= sizes[d];
        }
        t->offsets[i] = off * t->es;
        for (d = rank; d-- > 0;) { /* odometer, last dimension fastest */
            if (++idx[d] < sizes[d]) break;
            idx[d] = 0;
        }
    }
    return 1;
}

static void gold_state_free(gold_run_state *s) {
    free(s->in.offsets);
    free(s->out.offsets);
    free(s->in0);
    free(s->in1);
    free(s->out1);
    free(s->expect);
    free(s->gathered);
    memset(s, 0, sizeof *s);
}

/* V_NEGZERO_LEAD: whether element i (row-major) is among the first c->zero_run
   of its line along the scan axis, in the scan's direction. */
static int gold_in_zero_run(const gold_case *c, size_t i) {
    size_t inner = 1, n = c->sizes[c->axis], pos;
    UINT d;
    for (d = c->axis + 1u; d < c->rank; d++) inner *= c->sizes[d];
    pos = (i / inner) % n;
    if (c->direction == DML_AXIS_DIRECTION_DECREASING) pos = n - 1u - pos;
    return pos < c->zero_run;
}

/* Build descriptors and the input of case c. Returns 0 when out of memory. */
static int gold_state_init(gold_run_state *s, const gold_case *c) {
    UINT out_sizes[8], d;
    size_t i, gathered;
    gold_rng r = gold_seeded(c->seed, 0x76616C756573u);
    DML_TENSOR_DATA_TYPE out_type = c->bound                                         ? DML_TENSOR_DATA_TYPE_FLOAT64
                                    : GOLD_IS_SCAN(c->op) || c->op == G_REDUCE_VALUE ? c->type
                                                                                     : c->index_type;
    memset(s, 0, sizeof *s);
    s->c = c;
    for (d = 0; d < c->rank; d++) out_sizes[d] = c->sizes[d];
    if (!GOLD_IS_SCAN(c->op))
        for (d = 0; d < c->axis_count; d++) out_sizes[c->axes[d]] = 1;
    if (!gold_tensor_init(&s->in, c->type, c->rank, c->sizes, c->in_strides, c->in_layout == L_PACKED) ||
        !gold_tensor_init(&s->out, out_type, c->rank, out_sizes, c->out_strides,
                          c->out_layout == L_PACKED || (c->out_layout == L_INPLACE && c->in_layout == L_PACKED))) {
        gold_state_free(s);
        return 0;
    }
    s->in_base = c->offset ? s->in.es : 0u;
    s->out_base = c->out_layout == L_INPLACE ? s->in_base : c->offset ? s->out.es : 0u;
    s->in_alloc = s->in_base + (size_t)s->in.buf.TotalTensorSizeInBytes + GOLD_GUARD;
    s->out_alloc =
        c->out_layout == L_INPLACE ? s->in_alloc : s->out_base + (size_t)s->out.buf.TotalTensorSizeInBytes + GOLD_GUARD;
    gathered = s->out.count * s->out.es;
    s->in0 = (unsigned char *)malloc(s->in_alloc);
    s->in1 = (unsigned char *)malloc(s->in_alloc);
    s->out1 = (unsigned char *)malloc(s->out_alloc);
    s->expect = (unsigned char *)malloc(s->out_alloc);
    s->gathered = (unsigned char *)malloc(gathered ? gathered : 1u);
    if (!s->in0 || !s->in1 || !s->out1 || !s->expect || !s->gathered) {
        gold_state_free(s);
        return 0;
    }
    /* Padding and guard: 0xFF (NaN or -1), so reading it would change results. */
    memset(s->in0, 0xFF, s->in_alloc);
    for (i = 0; i < s->in.count; i++) { /* broadcast elements: the last write wins */
        uint64_t v = gold_value_bits(&r, c->type, c->values);
        if (c->values == V_NEGZERO_LEAD && GOLD_IS_SCAN(c->op) && gold_in_zero_run(c, i))
            v = gold_is_float(c->type) ? UINT64_C(1) << (8u * s->in.es - 1u) : 0u; /* -0, or 0 */
        gold_store(s->in0 + s->in_base + s->in.offsets[i], s->in.es, v);
    }
    return 1;
}

/* The output elements, row-major, little-endian, into s->gathered. */
static size_t gold_gather(const unsigned char *buf, const gold_tensor *t, unsigned char *dst) {
    size_t i;
    unsigned b;
    for (i = 0; i < t->count; i++) {
        uint64_t v = fx_load(buf + t->offsets[i], t->es);
        for (b = 0; b < t->es; b++) *dst++ = (unsigned char)(v >> (8u * b));
    }
    return t->count * t->es;
}

/* Every bound is +0 or more (+inf included, never NaN), and 0 for an integer
   scan. Returns the index of the first that is not, or (size_t)-1. */
static size_t gold_bad_bound(const gold_run_state *s, const unsigned char *buf, double *value) {
    size_t i;
    for (i = 0; i < s->out.count; i++) {
        double v;
        memcpy(&v, buf + s->out.offsets[i], 8);
        if (v != v || v < 0 || (!gold_is_float(s->c->type) && v != 0)) {
            *value = v;
            return i;
        }
    }
    return (size_t)-1;
}

/* Run case s->c on one ISA: its digest, or a non-OK status with the message.
   *integrity gets a description of a stray write or a modified input, or "".
   A bound case runs dmlref_error_bound with the case's scan (its output
   packed, of the input's type) and the case's output layout as BoundTensor. */
static dmlref_status gold_run_isa(gold_run_state *s, int isa, uint64_t *digest, char *message, size_t capacity,
                                  char *integrity, size_t icap) {
    const gold_case *c = s->c;
    DML_CUMULATIVE_SUMMATION_OPERATOR_DESC sum;
    DML_CUMULATIVE_PRODUCT_OPERATOR_DESC prod;
    DML_ARGMIN_OPERATOR_DESC argmin;
    DML_ARGMAX_OPERATOR_DESC argmax;
    DML_REDUCE_OPERATOR_DESC reduce;
    DML_OPERATOR_DESC op;
    dmlref_options options;
    const void *inputs[1];
    void *outputs[1];
    unsigned char *out_buf;
    dmlref_status st;
    size_t i, n;
    int in_place = c->out_layout == L_INPLACE;
    DML_BUFFER_TENSOR_DESC scan_out_buf; /* a bound case's OutputTensor */
    DML_TENSOR_DESC scan_out;
    const DML_TENSOR_DESC *out_desc = in_place ? &s->in.desc : &s->out.desc;
    dmlref_scan_tree tree;
    if (c->bound) {
        scan_out_buf.DataType = c->type;
        scan_out_buf.Flags = DML_TENSOR_FLAG_NONE;
        scan_out_buf.DimensionCount = c->rank;
        scan_out_buf.Sizes = c->sizes;
        scan_out_buf.Strides = NULL;
        scan_out_buf.TotalTensorSizeInBytes = dmlref_calc_buffer_tensor_size(c->type, c->rank, c->sizes, NULL);
        scan_out_buf.GuaranteedBaseOffsetAlignment = 0;
        scan_out.Type = DML_TENSOR_TYPE_BUFFER;
        scan_out.Desc = &scan_out_buf;
        out_desc = &scan_out;
    }

    memset(&options, 0, sizeof options);
    options.isa = isa; /* DMLREF_ISA_AUTO (0) is the default */
    options.float_order = c->float_order;
    options.nan_policy = c->nan_policy;
    options.error_message = message;
    options.error_message_capacity = capacity;
    options.accumulation = c->accumulation;   /* 0 (DEFAULT) but in extension 2 */
    options.identity_seed = c->identity_seed; /* 0 but in extensions 2 and 3 */
    options.log_sum_exp = c->lse_plain;       /* 0 (SHIFTED) but in extension 3 */
    if (c->float_order == DMLREF_FLOAT_ORDER_TREE) {
        memset(&tree, 0, sizeof tree);
        tree.algorithm = c->tree_algorithm;
        tree.block = c->tree_block;
        tree.carry = c->tree_carry;
        options.tree = &tree;
    }
    message[0] = 0;
    integrity[0] = 0;

    switch (c->op) {
    case G_CUMSUM:
        sum.InputTensor = &s->in.desc;
        sum.OutputTensor = out_desc;
        sum.Axis = c->axis;
        sum.AxisDirection = (DML_AXIS_DIRECTION)c->direction;
        sum.HasExclusiveSum = c->exclusive;
        op.Type = DML_OPERATOR_CUMULATIVE_SUMMATION;
        op.Desc = &sum;
        break;
    case G_CUMPROD:
        prod.InputTensor = &s->in.desc;
        prod.OutputTensor = out_desc;
        prod.Axis = c->axis;
        prod.AxisDirection = (DML_AXIS_DIRECTION)c->direction;
        prod.HasExclusiveProduct = c->exclusive;
        op.Type = DML_OPERATOR_CUMULATIVE_PRODUCT;
        op.Desc = &prod;
        break;
    case G_ARGMIN:
        argmin.InputTensor = &s->in.desc;
        argmin.OutputTensor = &s->out.desc;
        argmin.AxisCount = c->axis_count;
        argmin.Axes = c->axes;
        argmin.AxisDirection = (DML_AXIS_DIRECTION)c->direction;
        op.Type = DML_OPERATOR_ARGMIN;
        op.Desc = &argmin;
        break;
    case G_ARGMAX:
        argmax.InputTensor = &s->in.desc;
        argmax.OutputTensor = &s->out.desc;
        argmax.AxisCount = c->axis_count;
        argmax.Axes = c->axes;
        argmax.AxisDirection = (DML_AXIS_DIRECTION)c->direction;
        op.Type = DML_OPERATOR_ARGMAX;
        op.Desc = &argmax;
        break;
    default:
        reduce.Function = c->op == G_REDUCE_VALUE    ? (DML_REDUCE_FUNCTION)c->reduce_fn
                          : c->op == G_REDUCE_ARGMAX ? DML_REDUCE_FUNCTION_ARGMAX
                                                     : DML_REDUCE_FUNCTION_ARGMIN;
        reduce.InputTensor = &s->in.desc;
        reduce.OutputTensor = &s->out.desc;
        reduce.AxisCount = c->axis_count;
        reduce.Axes = c->axes;
        op.Type = DML_OPERATOR_REDUCE;
        op.Desc = &reduce;
        break;
    }

    memcpy(s->in1, s->in0, s->in_alloc);
    out_buf = in_place ? s->in1 : s->out1;
    if (!in_place) memset(s->out1, 0xA5, s->out_alloc);
    memcpy(s->expect, out_buf, s->out_alloc); /* the bytes before the run */
    inputs[0] = s->in1 + s->in_base;
    outputs[0] = out_buf + s->out_base;
    if (c->bound) st = dmlref_error_bound(&op, inputs, &s->out.desc, outputs[0], &options);
    else st = dmlref_execute(&op, inputs, outputs, &options);
    if (st != DMLREF_OK) return st;

    n = gold_gather(out_buf + s->out_base, &s->out, s->gathered);
    *digest = XXH3_64bits(s->gathered, n);

    /* Only the elements may change: padding, guard and (out of place) the input stay. */
    for (i = 0; i < s->out.count; i++)
        memcpy(s->expect + s->out_base + s->out.offsets[i], out_buf + s->out_base + s->out.offsets[i], s->out.es);
    for (i = 0; i < s->out_alloc; i++)
        if (s->expect[i] != out_buf[i]) {
            snprintf(integrity, icap, "byte %lu of the output allocation (not an element) was written",
                     (unsigned long)i);
            return st;
        }
    if (!in_place && memcmp(s->in0, s->in1, s->in_alloc) != 0) snprintf(integrity, icap, "the input was modified");
    if (c->bound && !integrity[0]) {
        double v = 0;
        size_t bad = gold_bad_bound(s, out_buf + s->out_base, &v);
        if (bad != (size_t)-1)
            snprintf(integrity, icap, "bound element %lu (row-major) is %g: must be %s", (unsigned long)bad, v,
                     gold_is_float(c->type) ? "+0 or more, never NaN" : "0 (an integer scan)");
    }
    return st;
}

/* Fingerprint of one case's definition: description, strides, logical input. */
static uint64_t gold_fingerprint_case(const gold_run_state *s, uint64_t seed) {
    char text[GOLD_DESC_MAX + 200];
    size_t used, n = s->in.count * s->in.es;
    unsigned char *tmp = (unsigned char *)malloc(n ? n : 1u);
    uint64_t h;
    snprintf(text, sizeof text, "%s|", s->c->desc);
    if (s->c->in_layout != L_PACKED) gold_append_uints(text, sizeof text, ",", s->c->rank, s->c->in_strides);
    used = strlen(text);
    snprintf(text + used, sizeof text - used, "|");
    if (s->c->out_layout != L_PACKED) gold_append_uints(text, sizeof text, ",", s->c->rank, s->c->out_strides);
    h = XXH3_64bits_withSeed(text, strlen(text), seed);
    if (!tmp) return ~h;
    gold_gather(s->in0 + s->in_base, &s->in, tmp);
    h = XXH3_64bits_withSeed(tmp, n, h);
    free(tmp);
    return h;
}

/* ---- ISA list ------------------------------------------------------------------- */

static int gold_isas[DMLREF_ISA_COUNT];
static unsigned gold_isa_count;

static void gold_find_isas(void) {
    int isa;
    gold_isa_count = 0;
    gold_isas[gold_isa_count++] = DMLREF_ISA_AUTO;
    for (isa = DMLREF_ISA_SCALAR; isa < DMLREF_ISA_COUNT; isa++)
        if (dmlref_isa_available((dmlref_isa)isa)) gold_isas[gold_isa_count++] = isa;
}

/* ---- the digest file ------------------------------------------------------------ */

typedef struct gold_entry {
    int present;
    uint64_t digest;
    char desc[GOLD_DESC_MAX];
} gold_entry;

static struct {
    int loaded, found;
    char path[1024];
    const char *how;
    int version; /* -1: no header line */
    long cases;  /* -1: no header line */
    int have_fingerprint;
    uint64_t fingerprint;
    long ext_cases; /* "# extension-1-cases:", -1: no such line */
    int have_ext_fingerprint;
    uint64_t ext_fingerprint;
    long ext2_cases; /* "# extension-2-cases:", -1: no such line */
    int have_ext2_fingerprint;
    uint64_t ext2_fingerprint;
    long ext3_cases; /* "# extension-3-cases:", -1: no such line */
    int have_ext3_fingerprint;
    uint64_t ext3_fingerprint;
    unsigned entries;   /* case lines read */
    unsigned bad_lines; /* unparseable, out of range or repeated */
    char first_bad[200];
    gold_entry e[GOLD_MAX_CASES];
} gold_file;

static int gold_exists(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) return 0;
    fclose(f);
    return 1;
}

/* Where the digests are (same rules as test_conformance.c's data directory). */
static void gold_locate(char *path, size_t cap, const char **how) {
    static const char *const candidates[] = {"tests/golden", "../tests/golden", "../../tests/golden"};
    const char *env = getenv("DMLREF_TEST_DATA");
    size_t i;
    if (env && env[0]) {
        snprintf(path, cap, "%s/../golden/%s", env, GOLD_FILE_NAME);
        *how = "from DMLREF_TEST_DATA/../golden";
        return;
    }
    snprintf(path, cap, "%s/%s", candidates[0], GOLD_FILE_NAME);
    *how = "searched tests/golden, ../tests/golden and ../../tests/golden from the current directory; run from "
           "the repository root or set DMLREF_TEST_DATA";
    for (i = 0; i < sizeof candidates / sizeof candidates[0]; i++) {
        char probe[1024];
        snprintf(probe, sizeof probe, "%s/%s", candidates[i], GOLD_FILE_NAME);
        if (gold_exists(probe)) {
            snprintf(path, cap, "%s", probe);
            *how = "found relative to the current directory";
            return;
        }
    }
}

static int gold_parse_hex(const char *s, size_t n, uint64_t *out) {
    uint64_t v = 0;
    size_t i;
    if (n != 16) return 0;
    for (i = 0; i < n; i++) {
        char ch = s[i];
        unsigned d;
        if (ch >= '0' && ch <= '9') d = (unsigned)(ch - '0');
        else if (ch >= 'a' && ch <= 'f') d = (unsigned)(ch - 'a') + 10u;
        else if (ch >= 'A' && ch <= 'F') d = (unsigned)(ch - 'A') + 10u;
        else return 0;
        v = v << 4 | d;
    }
    *out = v;
    return 1;
}

static void gold_bad_line(unsigned line_no, const char *why) {
    if (gold_file.bad_lines++ == 0)
        snprintf(gold_file.first_bad, sizeof gold_file.first_bad, "line %u: %s", line_no, why);
}

static void gold_load_file(void) {
    char line[512];
    unsigned line_no = 0;
    FILE *f;
    if (gold_file.loaded) return;
    gold_file.loaded = 1;
    gold_file.version = -1;
    gold_file.cases = -1;
    gold_file.ext_cases = -1;
    gold_file.ext2_cases = -1;
    gold_file.ext3_cases = -1;
    gold_locate(gold_file.path, sizeof gold_file.path, &gold_file.how);
    f = fopen(gold_file.path, "rb");
    if (!f) return;
    gold_file.found = 1;
    while (fgets(line, sizeof line, f)) {
        size_t len = strlen(line), a, b, id_end;
        unsigned long id;
        uint64_t digest;
        char *end;
        line_no++;
        if (len == sizeof line - 1 && line[len - 1] != '\n') {
            gold_bad_line(line_no, "line too long");
            while (len == sizeof line - 1 && line[len - 1] != '\n' && fgets(line, sizeof line, f)) len = strlen(line);
            continue;
        }
        while (len > 0 &&
               (line[len - 1] == '\n' || line[len - 1] == '\r' || line[len - 1] == ' ' || line[len - 1] == '\t'))
            line[--len] = 0;
        if (len == 0) continue;
        if (line[0] == '#') {
            unsigned long long v;
            if (sscanf(line, "# corpus-version: %llu", &v) == 1) gold_file.version = (int)v;
            else if (sscanf(line, "# cases: %llu", &v) == 1) gold_file.cases = (long)v;
            else if (strncmp(line, "# input-fingerprint: ", 21) == 0)
                gold_file.have_fingerprint = gold_parse_hex(line + 21, strlen(line + 21), &gold_file.fingerprint);
            else if (sscanf(line, "# extension-1-cases: %llu", &v) == 1) gold_file.ext_cases = (long)v;
            else if (strncmp(line, "# extension-1-fingerprint: ", 27) == 0)
                gold_file.have_ext_fingerprint =
                    gold_parse_hex(line + 27, strlen(line + 27), &gold_file.ext_fingerprint);
            else if (sscanf(line, "# extension-2-cases: %llu", &v) == 1) gold_file.ext2_cases = (long)v;
            else if (strncmp(line, "# extension-2-fingerprint: ", 27) == 0)
                gold_file.have_ext2_fingerprint =
                    gold_parse_hex(line + 27, strlen(line + 27), &gold_file.ext2_fingerprint);
            else if (sscanf(line, "# extension-3-cases: %llu", &v) == 1) gold_file.ext3_cases = (long)v;
            else if (strncmp(line, "# extension-3-fingerprint: ", 27) == 0)
                gold_file.have_ext3_fingerprint =
                    gold_parse_hex(line + 27, strlen(line + 27), &gold_file.ext3_fingerprint);
            continue;
        }
        /* "<id> <description> <digest>" */
        id = strtoul(line, &end, 10);
        id_end = (size_t)(end - line);
        if (id_end == 0 || (line[id_end] != ' ' && line[id_end] != '\t')) {
            gold_bad_line(line_no, "does not start with a case number");
            continue;
        }
        b = len;
        while (b > 0 && line[b - 1] != ' ' && line[b - 1] != '\t') b--;
        if (b <= id_end || !gold_parse_hex(line + b, len - b, &digest)) {
            gold_bad_line(line_no, "does not end with a 16-hex-digit digest");
            continue;
        }
        if (id >= GOLD_MAX_CASES || gold_file.e[id].present) {
            gold_bad_line(line_no, id >= GOLD_MAX_CASES ? "case number out of range" : "case number repeated");
            continue;
        }
        a = id_end;
        while (a < b && (line[a] == ' ' || line[a] == '\t')) a++;
        while (b > a && (line[b - 1] == ' ' || line[b - 1] == '\t')) b--;
        gold_file.e[id].present = 1;
        gold_file.e[id].digest = digest;
        if (b - a >= GOLD_DESC_MAX) b = a + GOLD_DESC_MAX - 1u;
        memcpy(gold_file.e[id].desc, line + a, b - a);
        gold_file.e[id].desc[b - a] = 0;
        gold_file.entries++;
    }
    fclose(f);
}

/* Fail loudly when the file cannot be used at all. Returns 1 when it can. */
static int gold_file_usable(void) {
    gold_load_file();
    if (!gold_file.found) {
        GOLD_FAIL("golden digests missing: cannot open %s (%s). Create it with `make golden` and commit it.",
                  gold_file.path, gold_file.how);
        return 0;
    }
    if (gold_file.entries == 0) {
        GOLD_FAIL("golden digests: %s has no case lines; %s", gold_file.path, GOLD_HINT);
        return 0;
    }
    return 1;
}

/* ---- the check cases -------------------------------------------------------------- */

typedef struct gold_group {
    const char *name;
    int op_a, op_b; /* operators of the group */
    int part;       /* GP_*: corpus version 1 proper, extension 1's executes (EXACT sums), its bounds, and
                       extensions 2's and 3's parts */
} gold_group;

static const gold_group gold_groups[] = {
    {"golden/cumsum", G_CUMSUM, G_CUMSUM, GP_V1},
    {"golden/cumprod", G_CUMPROD, G_CUMPROD, GP_V1},
    {"golden/argmin", G_ARGMIN, G_ARGMIN, GP_V1},
    {"golden/argmax", G_ARGMAX, G_ARGMAX, GP_V1},
    {"golden/reduce", G_REDUCE_ARGMIN, G_REDUCE_ARGMAX, GP_V1},
    {"golden/exact-cumsum", G_CUMSUM, G_CUMSUM, GP_EXT1_EXECUTE},
    {"golden/bound-cumsum", G_CUMSUM, G_CUMSUM, GP_EXT1_BOUND},
    {"golden/bound-cumprod", G_CUMPROD, G_CUMPROD, GP_EXT1_BOUND},
    {"golden/accumulation", G_CUMSUM, G_CUMPROD, GP_EXT2_ACCUMULATION},
    {"golden/tree-cumsum", G_CUMSUM, G_CUMSUM, GP_EXT2_TREE},
    {"golden/tree-cumprod", G_CUMPROD, G_CUMPROD, GP_EXT2_TREE},
    {"golden/exact-seed", G_CUMSUM, G_CUMSUM, GP_EXT2_EXACT_SEED},
    {"golden/nan-compare", G_ARGMIN, G_REDUCE_ARGMAX, GP_EXT2_NAN_COMPARE},
    {"golden/bound-accumulation", G_CUMSUM, G_CUMPROD, GP_EXT2_BOUND},
    {"golden/bound-tree", G_CUMSUM, G_CUMPROD, GP_EXT2_BOUND_TREE},
    {"golden/reduce-value", G_REDUCE_VALUE, G_REDUCE_VALUE, GP_EXT3_VALUE},
    {"golden/reduce-options", G_REDUCE_VALUE, G_REDUCE_VALUE, GP_EXT3_OPTIONS},
    {"golden/reduce-special", G_REDUCE_VALUE, G_REDUCE_VALUE, GP_EXT3_SPECIAL},
    {"golden/reduce-long", G_REDUCE_VALUE, G_REDUCE_VALUE, GP_EXT3_LONG},
    {"golden/reduce-random", G_REDUCE_VALUE, G_REDUCE_VALUE, GP_EXT3_RANDOM},
};

static int gold_part(unsigned id) {
    if (id < gold_v1_count) return GP_V1;
    if (id < gold_ext1_end) return gold_cases[id].bound ? GP_EXT1_BOUND : GP_EXT1_EXECUTE;
    return gold_cases[id].part;
}

static void gold_check_group(const void *ctx) {
    const gold_group *g = (const gold_group *)ctx;
    unsigned id, k, checked = 0, changed = 0, disagree = 0, errors = 0, missing = 0, broken = 0;
    char message[512], integrity[160];
    if (!gold_file_usable()) return;
    for (id = 0; id < gold_count; id++) {
        const gold_case *c = &gold_cases[id];
        const gold_entry *e = &gold_file.e[id];
        gold_run_state s;
        uint64_t digests[DMLREF_ISA_COUNT];
        int ok[DMLREF_ISA_COUNT], any_off = 0, all_same = 1;
        if (c->op < g->op_a || c->op > g->op_b || gold_part(id) != g->part) continue;
        checked++;
        if (!e->present) {
            printf("  golden: case %04u [%s]: no digest in %s\n", id, c->desc, gold_file.path);
            missing++;
            continue;
        }
        if (!gold_state_init(&s, c)) {
            GOLD_FAIL("case %04u [%s]: out of memory", id, c->desc);
            return;
        }
        for (k = 0; k < gold_isa_count; k++) {
            dmlref_status st =
                gold_run_isa(&s, gold_isas[k], &digests[k], message, sizeof message, integrity, sizeof integrity);
            ok[k] = st == DMLREF_OK;
            if (!ok[k]) {
                printf("  golden: case %04u [%s] isa %s: %s: %s\n", id, c->desc,
                       dmlref_isa_name((dmlref_isa)gold_isas[k]), dmlref_status_name(st), message);
                errors++;
                continue;
            }
            if (integrity[0]) {
                printf("  golden: case %04u [%s] isa %s: %s\n", id, c->desc, dmlref_isa_name((dmlref_isa)gold_isas[k]),
                       integrity);
                broken++;
            }
            if (digests[k] != e->digest) any_off = 1;
            if (k > 0 && ok[0] && digests[k] != digests[0]) all_same = 0;
        }
        if (any_off) {
            char line[512];
            size_t used;
            snprintf(line, sizeof line, "  mismatch: case %04u [%s]: golden %016llx, got", id, c->desc,
                     (unsigned long long)e->digest);
            for (k = 0; k < gold_isa_count; k++) {
                if (!ok[k]) continue;
                used = strlen(line);
                snprintf(line + used, sizeof line - used, " %s=%016llx%s", dmlref_isa_name((dmlref_isa)gold_isas[k]),
                         (unsigned long long)digests[k], digests[k] == e->digest ? "(ok)" : "");
            }
            printf("%s\n", line);
            if (all_same) changed++;
            else disagree++;
        }
        gold_state_free(&s);
    }
    if (missing)
        GOLD_FAIL("%u of %u cases of %s have no digest in %s (listed above); %s", missing, checked, g->name,
                  gold_file.path, GOLD_HINT);
    if (errors) GOLD_FAIL("%u runs of %s cases failed (listed above)", errors, g->name);
    if (broken)
        GOLD_FAIL("%u runs of %s cases wrote outside the output's elements or modified the input (listed above)",
                  broken, g->name);
    if (disagree)
        GOLD_FAIL("%u of %u cases of %s give different digests on different ISA paths (listed above): every path "
                  "must give the SCALAR path's bits; fix the path that differs (regenerating cannot help)",
                  disagree, checked, g->name);
    if (changed)
        GOLD_FAIL("%u of %u cases of %s differ from the golden digests in %s (listed above); %s", changed, checked,
                  g->name, gold_file.path, GOLD_HINT);
}

/* The file matches corpus version 1: header, case count, descriptions and
   input fingerprint. A failure here means the file or the generator changed,
   not the results. */
static void gold_check_corpus(const void *ctx) {
    unsigned id, absent = 0, renamed = 0;
    uint64_t fp = GOLD_CORPUS_VERSION, ext_fp = GOLD_EXT1_SEED, ext2_fp = GOLD_EXT2_SEED, ext3_fp = GOLD_EXT3_SEED;
    (void)ctx;
    if (!gold_file_usable()) return;
    printf("  golden: %u cases, ISA paths checked:", gold_count);
    for (id = 0; id < gold_isa_count; id++) printf(" %s", dmlref_isa_name((dmlref_isa)gold_isas[id]));
    printf(" (%s)\n", gold_file.path);
    if (gold_file.version != GOLD_CORPUS_VERSION)
        GOLD_FAIL("%s: \"# corpus-version:\" line is %d, this binary checks corpus version %d", gold_file.path,
                  gold_file.version, GOLD_CORPUS_VERSION);
    if (gold_file.bad_lines)
        GOLD_FAIL("%s: %u malformed lines (first: %s); %s", gold_file.path, gold_file.bad_lines, gold_file.first_bad,
                  GOLD_HINT);
    if (gold_file.cases != (long)gold_v1_count || gold_file.ext_cases != (long)(gold_ext1_end - gold_v1_count) ||
        gold_file.ext2_cases != (long)(gold_ext2_end - gold_ext1_end) ||
        gold_file.ext3_cases != (long)(gold_count - gold_ext2_end) || gold_file.entries != gold_count)
        GOLD_FAIL("%s holds %u case lines (header says %ld, then %ld for extension 1, %ld for extension 2 and %ld "
                  "for extension 3), corpus version %d has %u cases, extension 1 %u more, extension 2 %u more and "
                  "extension 3 %u more; %s",
                  gold_file.path, gold_file.entries, gold_file.cases, gold_file.ext_cases, gold_file.ext2_cases,
                  gold_file.ext3_cases, GOLD_CORPUS_VERSION, gold_v1_count, gold_ext1_end - gold_v1_count,
                  gold_ext2_end - gold_ext1_end, gold_count - gold_ext2_end, GOLD_HINT);
    for (id = 0; id < gold_count; id++) {
        gold_run_state s;
        if (!gold_file.e[id].present) absent++;
        else if (strcmp(gold_file.e[id].desc, gold_cases[id].desc) != 0) {
            if (renamed++ < 8)
                printf("  golden: case %04u is [%s] in the file, [%s] in the corpus\n", id, gold_file.e[id].desc,
                       gold_cases[id].desc);
        }
        if (!gold_state_init(&s, &gold_cases[id])) {
            GOLD_FAIL("case %04u: out of memory", id);
            return;
        }
        if (id < gold_v1_count) fp = gold_fingerprint_case(&s, fp);
        else if (id < gold_ext1_end) ext_fp = gold_fingerprint_case(&s, ext_fp);
        else if (id < gold_ext2_end) ext2_fp = gold_fingerprint_case(&s, ext2_fp);
        else ext3_fp = gold_fingerprint_case(&s, ext3_fp);
        gold_state_free(&s);
    }
    for (id = gold_count; id < GOLD_MAX_CASES; id++)
        if (gold_file.e[id].present) absent++;
    if (absent) GOLD_FAIL("%u case numbers are in the corpus or the file but not both; %s", absent, GOLD_HINT);
    if (renamed)
        GOLD_FAIL("%u case descriptions differ between %s and the corpus: the file was made by another corpus "
                  "generator (corpus version 1 is frozen: a new corpus needs a new version and file)",
                  renamed, gold_file.path);
    if (!gold_file.have_fingerprint)
        GOLD_FAIL("%s has no \"# input-fingerprint:\" line; %s", gold_file.path, GOLD_HINT);
    else if (gold_file.fingerprint != fp)
        GOLD_FAIL("input fingerprint %016llx differs from the file's %016llx: the corpus inputs changed (corpus "
                  "version 1 is frozen: a new corpus needs a new version and file)",
                  (unsigned long long)fp, (unsigned long long)gold_file.fingerprint);
    if (!gold_file.have_ext_fingerprint)
        GOLD_FAIL("%s has no \"# extension-1-fingerprint:\" line; %s", gold_file.path, GOLD_HINT);
    else if (gold_file.ext_fingerprint != ext_fp)
        GOLD_FAIL("extension 1's input fingerprint %016llx differs from the file's %016llx: its inputs changed (an "
                  "extension, once committed, is frozen too: append another one instead)",
                  (unsigned long long)ext_fp, (unsigned long long)gold_file.ext_fingerprint);
    if (!gold_file.have_ext2_fingerprint)
        GOLD_FAIL("%s has no \"# extension-2-fingerprint:\" line; %s", gold_file.path, GOLD_HINT);
    else if (gold_file.ext2_fingerprint != ext2_fp)
        GOLD_FAIL("extension 2's input fingerprint %016llx differs from the file's %016llx: its inputs changed (an "
                  "extension, once committed, is frozen too: append another one instead)",
                  (unsigned long long)ext2_fp, (unsigned long long)gold_file.ext2_fingerprint);
    if (!gold_file.have_ext3_fingerprint)
        GOLD_FAIL("%s has no \"# extension-3-fingerprint:\" line; %s", gold_file.path, GOLD_HINT);
    else if (gold_file.ext3_fingerprint != ext3_fp)
        GOLD_FAIL("extension 3's input fingerprint %016llx differs from the file's %016llx: its inputs changed (an "
                  "extension, once committed, is frozen too: append another one instead)",
                  (unsigned long long)ext3_fp, (unsigned long long)gold_file.ext3_fingerprint);
}

/* ---- writing the file (make golden) ----------------------------------------------- */

static void gold_write(const void *ctx) {
    const char *path = (const char *)ctx;
    char tmp_path[1100], message[512], integrity[160];
    unsigned id, k, failures = 0;
    uint64_t fp = GOLD_CORPUS_VERSION, ext_fp = GOLD_EXT1_SEED, ext2_fp = GOLD_EXT2_SEED, ext3_fp = GOLD_EXT3_SEED;
    FILE *f;
    static uint64_t digests[GOLD_MAX_CASES];
    for (id = 0; id < gold_count; id++) {
        const gold_case *c = &gold_cases[id];
        gold_run_state s;
        uint64_t d[DMLREF_ISA_COUNT] = {0};
        if (!gold_state_init(&s, c)) {
            GOLD_FAIL("case %04u: out of memory", id);
            return;
        }
        if (id < gold_v1_count) fp = gold_fingerprint_case(&s, fp);
        else if (id < gold_ext1_end) ext_fp = gold_fingerprint_case(&s, ext_fp);
        else if (id < gold_ext2_end) ext2_fp = gold_fingerprint_case(&s, ext2_fp);
        else ext3_fp = gold_fingerprint_case(&s, ext3_fp);
        for (k = 0; k < gold_isa_count; k++) {
            dmlref_status st =
                gold_run_isa(&s, gold_isas[k], &d[k], message, sizeof message, integrity, sizeof integrity);
            if (st != DMLREF_OK)
                printf("  golden/write: case %04u [%s] isa %s: %s: %s\n", id, c->desc,
                       dmlref_isa_name((dmlref_isa)gold_isas[k]), dmlref_status_name(st), message);
            else if (integrity[0])
                printf("  golden/write: case %04u [%s] isa %s: %s\n", id, c->desc,
                       dmlref_isa_name((dmlref_isa)gold_isas[k]), integrity);
            else if (k > 0 && d[k] != d[0])
                printf("  golden/write: case %04u [%s]: isa %s gives %016llx, %s %016llx\n", id, c->desc,
                       dmlref_isa_name((dmlref_isa)gold_isas[k]), (unsigned long long)d[k],
                       dmlref_isa_name((dmlref_isa)gold_isas[0]), (unsigned long long)d[0]);
            else continue;
            failures++;
        }
        digests[id] = d[0];
        gold_state_free(&s);
    }
    if (failures) {
        GOLD_FAIL("%u failures (listed above): %s NOT written (every case must run, and every ISA path must give "
                  "the same digest)",
                  failures, path);
        return;
    }
    snprintf(tmp_path, sizeof tmp_path, "%s.tmp", path);
    f = fopen(tmp_path, "wb");
    if (!f) {
        GOLD_FAIL("cannot create %s (does the directory exist?)", tmp_path);
        return;
    }
    fprintf(f,
            "# dml_ref golden digests, corpus version %d (tests/test_golden.c). Do not edit by hand:\n"
            "# regenerate with `make golden` after an intended change of results, and commit.\n"
            "# Each line: case number, description, XXH3_64bits of the output's elements gathered in\n"
            "# row-major order of the output index space, each element little-endian.\n"
            "# Every ISA path (and AUTO) must give these digests.\n",
            GOLD_CORPUS_VERSION);
    fprintf(f, "# corpus-version: %d\n# cases: %u\n# input-fingerprint: %016llx\n", GOLD_CORPUS_VERSION, gold_v1_count,
            (unsigned long long)fp);
    for (id = 0; id < gold_count; id++) {
        if (id == gold_v1_count)
            fprintf(f,
                    "# Extension 1, appended (cases %u and up): FLOAT_ORDER_EXACT sums, and dmlref_error_bound\n"
                    "# (\"bound ...\" lines: the digest of the FLOAT64 BoundTensor, laid out as out=).\n"
                    "# extension-1-cases: %u\n# extension-1-fingerprint: %016llx\n",
                    gold_v1_count, gold_ext1_end - gold_v1_count, (unsigned long long)ext_fp);
        if (id == gold_ext1_end)
            fprintf(f,
                    "# Extension 2, appended (cases %u and up): DMLREF_FLOAT_ORDER_TREE (algorithm, block, carry),\n"
                    "# accumulation NATIVE / WIDE and identity_seed (scans, EXACT, bounds), and DMLREF_NAN_COMPARE.\n"
                    "# extension-2-cases: %u\n# extension-2-fingerprint: %016llx\n",
                    gold_ext1_end, gold_ext2_end - gold_ext1_end, (unsigned long long)ext2_fp);
        if (id == gold_ext2_end)
            fprintf(f,
                    "# Extension 3, appended (cases %u and up): DML_REDUCE value functions (SUM, AVERAGE, L1, L2,\n"
                    "# SUM_SQUARE, LOG_SUM, LOG_SUM_EXP, MULTIPLY, MIN, MAX): float orders incl. PAIRWISE, options.\n"
                    "# extension-3-cases: %u\n# extension-3-fingerprint: %016llx\n",
                    gold_ext2_end, gold_count - gold_ext2_end, (unsigned long long)ext3_fp);
        fprintf(f, "%04u %s %016llx\n", id, gold_cases[id].desc, (unsigned long long)digests[id]);
    }
    if (fclose(f) != 0) {
        GOLD_FAIL("error writing %s", tmp_path);
        remove(tmp_path);
        return;
    }
    if (rename(tmp_path, path) != 0) { /* Windows: rename does not replace */
        remove(path);
        if (rename(tmp_path, path) != 0) {
            GOLD_FAIL("cannot rename %s to %s", tmp_path, path);
            return;
        }
    }
    printf("  golden: wrote %u digests (corpus version %d, ISA paths:", gold_count, GOLD_CORPUS_VERSION);
    for (k = 0; k < gold_isa_count; k++) printf(" %s", dmlref_isa_name((dmlref_isa)gold_isas[k]));
    printf(") to %s\n", path);
}

void register_golden_tests(void) {
    const char *write_path = getenv("DMLREF_WRITE_GOLDEN");
    size_t i;
    gold_generate();
    gold_find_isas();
    if (write_path && write_path[0]) {
        /* DMLREF_WRITE_GOLDEN=1 means the file the checks would read. */
        static char located[1024];
        if (strcmp(write_path, "1") == 0) {
            const char *how;
            gold_locate(located, sizeof located, &how);
            write_path = located;
        }
        tr_add("golden/write", gold_write, write_path);
        return;
    }
    tr_add("golden/corpus", gold_check_corpus, NULL);
    for (i = 0; i < sizeof gold_groups / sizeof gold_groups[0]; i++)
        tr_add(gold_groups[i].name, gold_check_group, &gold_groups[i]);
}
