/* tests/fuzz/fuzz_check.c - decode bytes into a dml_ref case and check it.

   Shared by the libFuzzer target (tests/fuzz/fuzz_dmlref.c, compiled with
   clang -fsanitize=fuzzer,address,undefined) and the corpus replay of the test
   suite (tests/test_fuzz_replay.c includes this file), so `make test` replays
   tests/fuzz/corpus/ on every build, with or without libFuzzer.

   ---- the byte format --------------------------------------------------------
   Bytes are read in this order; a read past the end gives 0, so every byte
   string is a case. "raw" means a little-endian value of that width follows.

   op_sel     bits 0-2: 0 CUMULATIVE_SUMMATION, 1 CUMULATIVE_PRODUCT, 2 ARGMIN,
              3 ARGMAX, 4 REDUCE, 5 raw DML_OPERATOR_TYPE (u32; unknown values
              get a scan descriptor), 6 the DML_OPERATOR_DESC pointer is NULL,
              7 DML_OPERATOR_DESC.Desc is NULL; for 6 and 7 bits 3-7 (mod 5)
              pick the operator whose fields are still decoded.
   buf_sel    bits 0-1 placement: 0/3 separate buffers, 1 in place (outputs[0]
              == inputs[0]), 2 one buffer holding both, output at a signed
              byte offset from the input (i16 read after the tensors).
              bits 2-4 pointers: 0-3 valid, 4 inputs NULL, 5 inputs[0] NULL,
              6 outputs NULL, 7 outputs[0] NULL.
              bits 5-7 misalignment: 0-4 none, 5 input +1 byte, 6 output +1
              byte, 7 output + its element size (in place: both move).
   opt_sel    bit 0 options pointer NULL. bits 1-2 error_message: 0 NULL with
              capacity 64, 1 a buffer with capacity 0, 2 capacity from the next
              byte, 3 capacity 512. bits 3-4 float_order: 0 SEQUENTIAL,
              1/3 BLOCKED, 2 raw i32 (or, top byte 0xE5 or 0xE6, the extension
              word below). bits 5-6 nan_policy: 0 PROPAGATE, 1/3 IGNORE, 2 raw i32
              (2 is COMPARE now: a stored raw 2 is no longer rejected).
              bit 7: a feature-level byte follows (mod 18: 0-14 the
              DML_FEATURE_LEVEL values, 15 raw u32, 16 0x6500, 17 0x5001).
              Read in this order: [capacity u8] [float_order [accumulation]
              [tree] [identity_seed] [schedule seed]] [nan_policy] [level].
   extension word (format 2): a raw float_order u32 whose top byte is 0xE5
              (FZ_EXT_MAGIC) is not a float_order: bits 0-1 float_order
              (0 SEQUENTIAL, 1 BLOCKED, 2 EXACT, 3 ANY); bits 2-3
              options.accumulation (0 DEFAULT, 1 the value 1, 2 -1, 3 raw
              i32 read right after the word); bit 4 the BoundTensor is read
              from the bytes (below) instead of derived; bits 5-6 the bound
              buffer (0/3 its own, 1 in the input's buffer at a signed i16
              offset from the input read after [delta], 2 NULL); bits 7-8 the
              bound's address moved by 0, 1, 4 or 8 bytes. Bits 9-23 are
              ignored. Without the word (every format-1 input: none of the stored
              corpus had 0xE5 there) accumulation is 0 and the BoundTensor is
              derived: FLOAT64, the OutputTensor's rank and sizes, Strides
              NULL, the size it needs, alignment 0, in its own buffer.
              Formats 1 and 2 leave identity_seed 0 and options.tree NULL (a raw
              float_order 4, TREE, therefore comes with a NULL tree), and a
              format-2 accumulation of 1, NATIVE since the library has it, is
              now a valid option.
   extension word (format 3): top byte 0xE6 (FZ_EXT3_MAGIC; no stored input
              of formats 1-2 had it there). Bits 0-8 as in format 2, except
              that bits 2-3 give accumulation 0 DEFAULT, 1 NATIVE, 2 WIDE, 3 raw
              i32 read right after the word. Bits 9-10: 0 float_order from bits
              0-1, 1-3 TREE (4). Bits 11-12: 2 options.tree NULL, else a
              dmlref_scan_tree decoded from the bytes after [accumulation]:
              the tree byte (bits 0-1 algorithm: 0-2 itself, 3 raw i32; bits
              2-3 carry: 0-2 itself (2: RECURSIVE), 3 raw i32; bit 4: a grain
              byte follows the raw fields (low nibble serial, bits 4-6 lanes
              0 or 2^(v-1); bit 5 of the tree byte the run seed); bit 6 then
              also [serial u32] [lanes u32] [run_seed i32]), the block byte
              (< 0xE0: 2 << (b mod 16), 2..65536; 0xE0-0xFE a table of invalid
              sizes; 0xFF raw u32), then [algorithm] [block] [carry] as asked.
              The tree is decoded whatever the float_order; for other orders
              the library must not read it (its bytes are poisoned under ASan).
              Bits 13-14 identity_seed: 0-2 itself, 3 raw i32 (after the
              tree). Bit 15: nan_policy COMPARE (2), replacing opt_sel's
              choice (whose raw i32, if it asks for one, is still read). Bits
              16-23 are ignored.
   extension word (format 4): top byte 0xE7 (FZ_EXT4_MAGIC; no stored input
              of formats 1-3 had it there). Bits 0-15 as in format 3, and
              options.parallel set (tests/sched.h, every task on the calling
              thread): bits 16-21 max_tasks - 1 (1 to 64), bits 22-23 the
              schedule: 0 forward, 1 reverse, 2 shuffled, 3 shuffled with
              each task run in flush-to-zero, denormals-are-zero and rounding
              toward zero. Schedules 2 and 3 read the shuffle's seed byte after
              [identity_seed].
   extension word (format 5): top byte 0xE8 (FZ_EXT5_MAGIC; no stored input
              of formats 1-4 had it there). Bits 0-23 as in format 4, and one
              byte right after the word: bit 0 float_order PAIRWISE (5),
              replacing the word's choice; bits 1-2 options.log_sum_exp (0
              SHIFTED, 1 PLAIN, 2 the value 2, 3 a raw i32 right after the
              byte); bit 3 options.parallel from the word's bits 16-23 as in
              format 4 (clear: parallel NULL). Then [accumulation] and the rest
              as in format 4. (A raw float_order of 5, without the word, is
              PAIRWISE too.)
   isa_sel    mod 8: 0 AUTO, 1 SCALAR, 2 SSE2, 3 AVX2, 4 AVX512, 5 NEON,
              6 raw i32, 7 every available path in turn (AUTO first).
   env_sel    caller's floating-point environment during execute: bits 0-1
              rounding (nearest, down, up, toward zero), bit 2 flush to zero,
              bit 3 denormals are zero (x86-64), bit 4 sticky flags raised.
   fill_sel   input fill, mod 8: 0-3 payload bytes cycled, 4 cycled and mixed
              with a hash of the position, 5 small values (one payload byte
              per element), 6 special values (NaN, inf, -0, min, max, ...),
              7 every element equal.
   out_fill   the byte every other byte of the buffers starts as.
   op params  scans (and unknown operators): axis, direction, exclusive.
              ARGMIN/ARGMAX: axis count, axes, direction. REDUCE: function,
              axis count, axes (fz_function_names lists the functions).
              axis (and each of Axes[]): < 0xF0 mod 10, 0xF0-0xFE a table of
              large values, 0xFF raw u32. direction mod 8: 0-2 INCREASING,
              3-5 DECREASING, 6 2, 7 raw u32. BOOL mod 8: 0-2 0, 3-4 1, 5 -1,
              6 INT32_MIN, 7 raw. function mod 16: 0-12 itself, 13 ARGMIN,
              14 ARGMAX, 15 raw. count mod 32: 0-16 itself, 17-27 1..3,
              28 raw u32, 29 Axes NULL with count 1, 30 Axes NULL with count 0,
              31 1. Axes has min(count, 16) entries, each read as an axis.
   InputTensor, then OutputTensor, then (extension bit 4) the BoundTensor:
     t_sel    bits 0-2: 0-4 normal, 5 DML_TENSOR_DESC pointer NULL,
              6 DML_TENSOR_DESC.Type is bits 3-7 (1 becomes 2), 7 .Desc NULL.
     rank_sel bits 0-3: rank 0-10; 11-15 are 1-5 for the input and the
              input's rank for the output (the output's for the BoundTensor).
              bits 4-5: 3 Sizes NULL. bits 6-7 (output and BoundTensor): 0-1
              sizes derived from the input (scans: equal; arg-reductions: 1
              on reduced axes; the BoundTensor: the output's), 2 sizes read
              like the input's, 3 derived with one dimension replaced (2
              bytes follow: dimension, size).
     type_sel bits 0-3: 0-13 that DML_TENSOR_DATA_TYPE, 14 raw u32, 15 14.
              Output only: bit 4 clear means derived (scans and REDUCE's
              value functions: the input's type; arg-reductions: INT32,
              INT64, UINT32, UINT64 by bits 0-1; the BoundTensor: FLOAT64).
              bits 5-7 Flags: 0-4 NONE, 5 OWNED_BY_DML, 6 2, 7 raw u32.
              Read in this order: [type u32] [flags u32].
     sizes    one byte per dimension: < 0x80 1 + b mod 4, < 0xC0 (b - 0x80)
              mod 17, < 0xF0 17-64, 0xF0-0xFE a table up to 0xFFFFFFFF,
              0xFF raw u32.
     str_sel  mod 8: 0/7 NULL, 1 packed, 2 padded (a byte per dimension),
              3 permuted (a byte per dimension), 4 permuted and padded (two
              per dimension), 5 packed with zero strides (a mask byte),
              6 raw (a byte per dimension: < 0xE0 mod 33, else a table, 0xFF
              raw u32).
     tot_sel  TotalTensorSizeInBytes from R, DMLCalcBufferTensorSize of the
              decoded fields (0 if invalid): < 0x80 R + b; < 0xC0 R - (b -
              0x7F) (at least 0); < 0xF0 R + (b - 0xBF) * 64; 0xF0-0xFE a
              table; 0xFF raw u64.
     algn_sel GuaranteedBaseOffsetAlignment: < 0x80 0; < 0xA0 1 << (b - 0x80);
              < 0xFF b - 0xA0; 0xFF raw u32.
   [delta]    i16, placement 2 only.
   [bound delta] i16, extension word bound buffer 1 only.
   payload    the rest: the input's bytes (see fill_sel).

   ---- what is checked -------------------------------------------------------
   - dmlref_calc_buffer_tensor_size of each reachable tensor against semantics.md's
     formula, computed here independently.
   - dmlref_validate's status: OK exactly when no rule of semantics.md's "Tensors and
     validation" (and the operator rules) is broken, otherwise the status of
     one of the broken rules. A NULL operator pointer, then the options, come
     first and give exactly one status (fz_option_status: the rules in
     dml_ref's order, DMLREF_ERROR_ISA_UNAVAILABLE after every other option
     rule), whose message names the broken option (options.tree->block, ...).
     Error message: NUL-terminated within capacity, "" on success, non-empty
     on failure, no byte written past capacity. options.tree, when float_order
     is not TREE, is poisoned under ASan: reading it is a report.
   - Buffers are allocated when the declared sizes fit FZ_MAX_BYTES (else only
     validation runs), with guard bytes on both sides (poisoned under ASan).
   - dmlref_execute, under each selected ISA and the caller's floating-point
     environment from env_sel: when validation failed, the same status and
     message and no byte changed; when it passed, OK unless a pointer-level
     rule applies (NULL buffer pointers, MISALIGNED, OVERLAP for overlapping
     byte ranges other than exact in-place), computed here from the pointers.
     On OK: no byte outside the output's elements changed (input, padding,
     guards), the output layout is one-to-one, the environment (MXCSR or
     rounding mode and flags) is the caller's, and when the input has at most
     FZ_ORACLE_ELEMENTS elements every output element has oracle_run()'s
     bits (EXACT float sums, which the oracle does not model, excepted: see
     the orders check); larger cases must agree across the ISA paths.
     REDUCE's value functions, which the oracle does not model, run on every
     available path (each giving the first path's bits, or those of the
     options they map to), and small ones are checked against semantics.md's
     "Reductions" by fz_check_reduce (integers bit for bit; floats bit for
     bit in every order the function takes, EXACT against exact arithmetic,
     MIN and MAX under every NaN policy, LOG_SUM within 2 ulps of the
     modelled sum's log, LOG_SUM_EXP's special values and range).
     The options that the oracle does not model are mapped (fz_reference) to
     ones that must give the same bits: ignored where they cannot matter
     (arg-reductions: order, accumulation, seed; integer scans: every float
     option; NATIVE but for FLOAT16, WIDE for FLOAT64, the seed of a product,
     BLOCKED products), TREE {KOGGE_STONE, 16, CARRY_AFTER} sums as BLOCKED,
     a sum's seed as the unseeded outputs with -0.0 made +0.0, NAN_COMPARE as
     IGNORE with the first NaN in traversal order kept. When the mapped
     options are the oracle's, the oracle gives the bits; otherwise, when
     anything was mapped, a run of dml_ref with the mapped options (SCALAR)
     does. A valid case with TREE, NATIVE/WIDE, the seed or NAN_COMPARE runs
     on every available ISA path, each giving the first path's bits.
   - REDUCE: ARGMIN/ARGMAX as arg-reductions; the value functions' rules
     (output type = input type, AVERAGE/L2/LOG_SUM/LOG_SUM_EXP on integers
     UNSUPPORTED_DATA_TYPE at feature_level 0, the orders each takes:
     fz_orders_taken, checked once the descriptor passed, as EXACT for
     products; with a feature_level, OK or a status of fz_level_lenient while
     DirectML's tables for them are settled); options.log_sum_exp 0 or 1
     for every operator.
   - options.parallel (format 4 and 5): every dmlref_execute and dmlref_error_bound
     that succeeds with it gives the bytes of the same call with it NULL on
     the same path; parallel_for is never called with a
     task_count outside 1..max_tasks nor from inside a task, and a task of the
     hostile schedule returns in the rounding and flush mode it started in.
   - dmlref_error_bound, on the same paths and in the same caller's
     environment: when the validation of the same descriptor (float_order ANY
     read as SEQUENTIAL) fails, the same status and message and no byte
     changed; when it passes, OK unless a rule of
     its own is broken (an operator other than the scans: UNSUPPORTED_OPERATOR;
     the BoundTensor's tensor rules, FLOAT64, the output's rank
     and sizes, one-to-one strides; NULL inputs, inputs[0] or bound; an input
     or bound address misaligned; the bound's byte range overlapping the
     input's), then one of those statuses and no byte changed. On OK: only the
     bound's elements changed, each +0 or more (+inf included, never NaN),
     exactly 0 for integer types, the same on every path and, when the caller's
     environment is not the default, the same as in the default one.
   - The orders check (fz_check_orders), for a float scan of at most
     FZ_ORACLE_ELEMENTS elements that dmlref_error_bound accepts, with the
     case's accumulation and seed: sums executed in SEQUENTIAL, BLOCKED, TREE
     (the case's tree, or one from the shape) and EXACT and bounded in those
     and ANY, each output lies within the bounds of the exact sum
     (|out - EXACT's out| <= its bound + EXACT's, and ANY's + EXACT's); EXACT's
     bound is at most an ulp; TREE {KOGGE_STONE, 16, CARRY_AFTER} gives
     BLOCKED's bits. FLOAT16 sums are exact in float64 (at most 2^13
     elements), so there the exact sums are computed: EXACT's output must be
     them rounded once to binary16, every output within its own bound and
     ANY's of them. Every executed order but EXACT (sums and products) must
     give the bits of semantics.md's model of it (fz_model_line: the accumulation
     type of each step, the seed as the first block's carry, each tree, both
     carries; a NaN output of FLOAT32/64 matches any NaN), written here from
     semantics.md's text. Products, executed in SEQUENTIAL and TREE and bounded in
     those and ANY: each output within its bound and ANY's of the exact
     product (computed here to a relative 2^-40). Every order: a finite bound
     comes with a finite output, a prefix with a NaN or an infinity has the
     bound +inf, and a line of finite inputs that no order can overflow has
     finite bounds. */
#include "fuzz_check.h"

#include "../../dml_ref.h"
#include "../bigfloat.h"
#include "../oracle.h"
#include "../sched.h"

#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__x86_64__) || defined(_M_X64)
#include <xmmintrin.h>
#define FZ_MXCSR 1
#else
#include <fenv.h>
#endif

/* Guard bytes are poisoned under AddressSanitizer, so that even a read of one
   is reported (gcc defines __SANITIZE_ADDRESS__, clang has __has_feature). */
#if defined(__SANITIZE_ADDRESS__)
#define FZ_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define FZ_ASAN 1
#endif
#endif
#ifdef FZ_ASAN
#ifdef __cplusplus
extern "C" {
#endif
void __asan_poison_memory_region(void const volatile *addr, size_t size);
void __asan_unpoison_memory_region(void const volatile *addr, size_t size);
#ifdef __cplusplus
}
#endif
#define FZ_POISON(p, n) __asan_poison_memory_region((p), (n))
#define FZ_UNPOISON(p, n) __asan_unpoison_memory_region((p), (n))
#else
#define FZ_POISON(p, n) ((void)(p), (void)(n))
#define FZ_UNPOISON(p, n) ((void)(p), (void)(n))
#endif

#if defined(__GNUC__) || defined(__clang__)
#define FZ_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define FZ_PRINTF(f, a)
#endif

#define FZ_GUARD 64                              /* guard bytes on each side of a buffer */
#define FZ_MAX_BYTES ((uint64_t)2 << 20)         /* larger declared buffers: validate only */
#define FZ_INVALID_BYTES 4096                    /* buffers of a rejected case are cut to this */
#define FZ_MAX_EXEC_ELEMENTS ((uint64_t)1 << 16) /* larger valid inputs: validate only */
#define FZ_ORACLE_ELEMENTS 4096                  /* inputs up to this many elements: compare with the oracle */
#define FZ_MAX_AXES 16                           /* entries allocated for Axes at most */
#define FZ_MAX_RANK 10                           /* decoded ranks: 0..10, so 0, 9 and 10 are invalid */
#define FZ_MAX_ALIGN 4096                        /* GuaranteedBaseOffsetAlignment honoured up to this */
#define FZ_REPORT_LINES 8                        /* failures described in the report */

fuzz_check_stats fuzz_stats;

/* ---- reading bytes ------------------------------------------------------------- */

typedef struct fz_reader {
    const uint8_t *data;
    size_t size, pos;
} fz_reader;

static uint8_t fz_u8(fz_reader *r) { return r->pos < r->size ? r->data[r->pos++] : 0; }

static uint32_t fz_u32(fz_reader *r) {
    uint32_t v = 0;
    unsigned i;
    for (i = 0; i < 4; i++) v |= (uint32_t)fz_u8(r) << (8 * i);
    return v;
}

static uint64_t fz_u64(fz_reader *r) {
    uint64_t lo = fz_u32(r);
    return lo | ((uint64_t)fz_u32(r) << 32);
}

/* ---- the decoded case ------------------------------------------------------------ */

enum { FZ_CUMSUM, FZ_CUMPROD, FZ_ARGMIN, FZ_ARGMAX, FZ_REDUCE, FZ_OTHER };
enum { FZ_SEPARATE, FZ_IN_PLACE, FZ_SHARED };
enum { FZ_BOUND_OWN, FZ_BOUND_IN_INPUT, FZ_BOUND_NULL }; /* where dmlref_error_bound's bound buffer is */
#define FZ_EXT_MAGIC 0xE5u  /* top byte of a raw float_order word that is an extension word (format 2) */
#define FZ_EXT3_MAGIC 0xE6u /* ... that is a format-3 extension word */
#define FZ_EXT4_MAGIC 0xE7u /* ... that is a format-4 extension word */
#define FZ_EXT5_MAGIC 0xE8u /* ... that is a format-5 extension word (PAIRWISE, log_sum_exp) */
#define FZ_TREE_BYTES 32    /* the dmlref_scan_tree's allocation: whole ASan granules */
static const uint8_t fz_bound_misalignments[4] = {0, 1, 4, 8};
enum { FZ_ISA_ALL = -1000 }; /* not a dmlref_isa: run every available one */

static const DML_OPERATOR_TYPE fz_op_types[5] = {DML_OPERATOR_CUMULATIVE_SUMMATION, DML_OPERATOR_CUMULATIVE_PRODUCT,
                                                 DML_OPERATOR_ARGMIN, DML_OPERATOR_ARGMAX, DML_OPERATOR_REDUCE};
static const char *const fz_op_names[6] = {
    "CUMULATIVE_SUMMATION", "CUMULATIVE_PRODUCT", "ARGMIN", "ARGMAX", "REDUCE", "unknown"};

typedef struct fz_tensor {
    int desc_null;   /* the DML_TENSOR_DESC pointer is NULL */
    int buffer_null; /* DML_TENSOR_DESC.Desc is NULL */
    int sizes_null;  /* Sizes is NULL */
    DML_TENSOR_DESC desc;
    DML_BUFFER_TENSOR_DESC buffer;
    UINT *sizes;   /* heap, exactly DimensionCount entries (1 byte for rank 0) */
    UINT *strides; /* heap as sizes, or NULL */
    const char *layout;
} fz_tensor;

typedef struct fz_case {
    int kind;         /* FZ_CUMSUM..FZ_OTHER: the layout of the operator desc */
    uint32_t op_type; /* DML_OPERATOR_DESC.Type */
    int op_null, desc_null;
    UINT axis;
    uint32_t direction;
    BOOL exclusive;
    uint32_t function;
    UINT axis_count;
    UINT *axes; /* heap, axes_allocated entries; NULL when axes_null */
    uint32_t axes_allocated;
    int axes_null;
    fz_tensor t[3]; /* input, output, and dmlref_error_bound's BoundTensor */
    int options_null;
    dmlref_options options;
    int ext;                /* 0, or the format of the extension word the float_order word was: 2 (top byte
                               0xE5), 3 (0xE6), 4 (0xE7) or 5 (0xE8) */
    int parallel;           /* format 4: options.parallel points at schedule.parallel */
    sched schedule;         /* its schedule and what the library asked of it */
    dmlref_scan_tree *tree; /* heap (FZ_TREE_BYTES), format 3 only; NULL: options.tree is NULL */
    int tree_poisoned;      /* the tree's bytes are poisoned (float_order is not TREE: never read) */
    int bound_decoded;      /* the BoundTensor was read from the bytes (else derived from the output) */
    int bound_place;        /* FZ_BOUND_OWN, FZ_BOUND_IN_INPUT or FZ_BOUND_NULL */
    int bound_misalign;     /* bytes added to the bound's address: 0, 1, 4 or 8 */
    int bound_delta;        /* FZ_BOUND_IN_INPUT: the bound's address minus the input's */
    int message_mode;
    size_t message_capacity;
    int32_t isa; /* a dmlref_isa value, or FZ_ISA_ALL */
    int placement, pointer_mode, misalign_mode;
    int delta;
    int env_round, env_ftz, env_daz, env_flags;
    int fill_mode;
    uint8_t out_fill;
    const uint8_t *payload;
    size_t payload_size;
    /* the descriptors handed to dml_ref, wired to the fields above */
    DML_OPERATOR_DESC op;
    DML_CUMULATIVE_SUMMATION_OPERATOR_DESC cumsum;
    DML_CUMULATIVE_PRODUCT_OPERATOR_DESC cumprod;
    DML_ARGMIN_OPERATOR_DESC argmin;
    DML_ARGMAX_OPERATOR_DESC argmax;
    DML_REDUCE_OPERATOR_DESC reduce;
} fz_case;

static const uint32_t fz_levels[15] = {0x1000, 0x2000, 0x2100, 0x3000, 0x3100, 0x4000, 0x4100, 0x5000,
                                       0x5100, 0x5200, 0x6000, 0x6100, 0x6200, 0x6300, 0x6400};

/* DML_REDUCE_FUNCTION values of REDUCE (semantics.md, "Reductions"): ARGMAX 0, ARGMIN 1, then the
   value functions AVERAGE 2, L1 3, L2 4, LOG_SUM 5, LOG_SUM_EXP 6, MAX 7, MIN 8, MULTIPLY 9, SUM 10,
   SUM_SQUARE 11. */
enum {
    FZ_FN_AVERAGE = 2,
    FZ_FN_L1 = 3,
    FZ_FN_L2 = 4,
    FZ_FN_LOG_SUM = 5,
    FZ_FN_LOG_SUM_EXP = 6,
    FZ_FN_MAX = 7,
    FZ_FN_MIN = 8,
    FZ_FN_MULTIPLY = 9,
    FZ_FN_SUM = 10,
    FZ_FN_SUM_SQUARE = 11
};
static const char *const fz_function_names[12] = {"ARGMAX",      "ARGMIN", "AVERAGE", "L1",       "L2",  "LOG_SUM",
                                                  "LOG_SUM_EXP", "MAX",    "MIN",     "MULTIPLY", "SUM", "SUM_SQUARE"};

/* A REDUCE with a value function (not ARGMIN/ARGMAX, not an unknown function). */
static int fz_reduce_value(const fz_case *c) {
    return c->kind == FZ_REDUCE && c->function >= FZ_FN_AVERAGE && c->function <= FZ_FN_SUM_SQUARE;
}

/* The value functions whose table entry is "FLOAT16/32/64" at feature_level 0. */
static int fz_float_only_function(uint32_t f) {
    return f == FZ_FN_AVERAGE || f == FZ_FN_L2 || f == FZ_FN_LOG_SUM || f == FZ_FN_LOG_SUM_EXP;
}

#define FZ_ORDER(k) (1u << (unsigned)(k))
#define FZ_SEQ_BLOCKED_TREE (FZ_ORDER(0) | FZ_ORDER(1) | FZ_ORDER(4))

/* The float orders dmlref_execute takes for the case's operator (bit 1 << dmlref_float_order), from
   semantics.md; 0: options.float_order is not read. Scans: "Float orders" (EXACT for sums only;
   PAIRWISE is a reduction's). Arg-reductions and REDUCE MIN / MAX read no order. The other
   reductions ("Reductions", step 2): SEQUENTIAL, BLOCKED and TREE; PAIRWISE for the sums (all
   but MULTIPLY); EXACT for SUM, AVERAGE, L1, SUM_SQUARE and L2. Whatever the data type: an
   integer's one answer does not make a refused order valid (as for CUMULATIVE_PRODUCT and EXACT). */
static uint32_t fz_orders_taken(int kind, uint32_t function) {
    switch (kind) {
    case FZ_CUMSUM: return FZ_SEQ_BLOCKED_TREE | FZ_ORDER(2);
    case FZ_CUMPROD: return FZ_SEQ_BLOCKED_TREE;
    case FZ_REDUCE:
        switch (function) {
        case FZ_FN_SUM:
        case FZ_FN_AVERAGE:
        case FZ_FN_L1:
        case FZ_FN_SUM_SQUARE:
        case FZ_FN_L2: return FZ_SEQ_BLOCKED_TREE | FZ_ORDER(2) | FZ_ORDER(5);
        case FZ_FN_LOG_SUM:
        case FZ_FN_LOG_SUM_EXP: return FZ_SEQ_BLOCKED_TREE | FZ_ORDER(5);
        case FZ_FN_MULTIPLY: return FZ_SEQ_BLOCKED_TREE;
        default: return 0;
        }
    default: return 0;
    }
}

static uint32_t fz_axis_value(fz_reader *r) {
    static const uint32_t big[15] = {8,  9,  10,  11,          16,          31,          32,         33,
                                     63, 64, 255, 0x7FFFFFFFu, 0x80000000u, 0xFFFFFFFEu, 0xFFFFFFFFu};
    uint8_t b = fz_u8(r);
    if (b < 0xF0) return b % 10u;
    if (b < 0xFF) return big[b - 0xF0];
    return fz_u32(r);
}

static uint32_t fz_direction(fz_reader *r) {
    uint8_t b = fz_u8(r) % 8u;
    if (b < 3) return DML_AXIS_DIRECTION_INCREASING;
    if (b < 6) return DML_AXIS_DIRECTION_DECREASING;
    if (b == 6) return 2;
    return fz_u32(r);
}

static BOOL fz_bool(fz_reader *r) {
    uint8_t b = fz_u8(r) % 8u;
    if (b < 3) return 0;
    if (b < 5) return 1;
    if (b == 5) return -1;
    if (b == 6) return INT32_MIN;
    return (BOOL)(int32_t)fz_u32(r);
}

static uint32_t fz_size_value(fz_reader *r) {
    static const uint32_t big[15] = {100,      127,         128,         255,         256,
                                     1000,     4096,        65535,       65536,       1u << 20,
                                     1u << 24, 0x7FFFFFFFu, 0x80000000u, 0xFFFFFFFEu, 0xFFFFFFFFu};
    uint8_t b = fz_u8(r);
    if (b < 0x80) return 1u + b % 4u;       /* 1..4: small cases are fast */
    if (b < 0xC0) return (b - 0x80u) % 17u; /* 0..16 */
    if (b < 0xF0) return 17u + (b - 0xC0u); /* 17..64 */
    if (b < 0xFF) return big[b - 0xF0];
    return fz_u32(r);
}

static uint32_t fz_stride_value(fz_reader *r) {
    static const uint32_t big[31] = {33,
                                     48,
                                     64,
                                     100,
                                     127,
                                     128,
                                     255,
                                     256,
                                     1000,
                                     4095,
                                     4096,
                                     4097,
                                     65535,
                                     65536,
                                     65537,
                                     1u << 20,
                                     1u << 24,
                                     1u << 28,
                                     0x10000001u,
                                     0x3FFFFFFFu,
                                     0x40000000u,
                                     0x55555555u,
                                     0x7FFFFFFFu,
                                     0x80000000u,
                                     0x80000001u,
                                     0xAAAAAAAAu,
                                     0xFFFF0000u,
                                     0xFFFFFFF0u,
                                     0xFFFFFFFEu,
                                     0xFFFFFFFFu,
                                     3};
    uint8_t b = fz_u8(r);
    if (b < 0xE0) return b % 33u;
    if (b < 0xFF) return big[b - 0xE0];
    return fz_u32(r);
}

/* ---- sizes, independently of the library --------------------------------------- */

/* Bits per element of a DML_TENSOR_DATA_TYPE value, 0 for none. */
static uint32_t fz_type_bits(uint32_t type) {
    static const uint32_t bits[14] = {0, 32, 16, 32, 16, 8, 32, 16, 8, 64, 64, 64, 4, 4};
    return type < 14 ? bits[type] : 0;
}

/* Bytes per element of the types the operators take (4-bit types: 0). */
static uint32_t fz_esize(uint32_t type) { return fz_type_bits(type) >= 8 ? fz_type_bits(type) / 8 : 0; }

static int fz_is_float(uint32_t type) {
    return type == DML_TENSOR_DATA_TYPE_FLOAT16 || type == DML_TENSOR_DATA_TYPE_FLOAT32 ||
           type == DML_TENSOR_DATA_TYPE_FLOAT64;
}

static int fz_is_index_type(uint32_t type) {
    return type == DML_TENSOR_DATA_TYPE_INT32 || type == DML_TENSOR_DATA_TYPE_INT64 ||
           type == DML_TENSOR_DATA_TYPE_UINT32 || type == DML_TENSOR_DATA_TYPE_UINT64;
}

/* semantics.md's DMLCalcBufferTensorSize: (dot(Sizes - 1, Strides) + 1) x element
   size (half a byte for the 4-bit types, rounded up), rounded up to 4; the
   product of the sizes for NULL strides; 0 for an unknown type, a NULL Sizes,
   a count outside 1..8, a zero size or a 64-bit overflow. */
static uint64_t fz_calc_size(uint32_t type, uint32_t rank, const UINT *sizes, const UINT *strides) {
    uint64_t extent = 1, bytes;
    uint32_t d, bits = fz_type_bits(type);
    if (bits == 0 || !sizes || rank < 1 || rank > 8) return 0;
    for (d = 0; d < rank; d++)
        if (sizes[d] == 0) return 0;
    for (d = 0; d < rank; d++) {
        if (!strides) {
            if (extent > UINT64_MAX / sizes[d]) return 0;
            extent *= sizes[d];
        } else {
            uint64_t term = (uint64_t)(sizes[d] - 1u) * strides[d];
            if (term > UINT64_MAX - extent) return 0;
            extent += term;
        }
    }
    if (bits == 4) {
        bytes = extent / 2 + (extent % 2);
    } else {
        if (extent > UINT64_MAX / (bits / 8)) return 0;
        bytes = extent * (bits / 8);
    }
    if (bytes > UINT64_MAX - 3) return 0;
    return (bytes + 3) & ~(uint64_t)3;
}

/* ---- decoding ------------------------------------------------------------------------ */

/* Packed strides over the dimensions in `order` (innermost last), each
   optionally padded: stride = span * (1 or 2) + 0..7. Wraps in 32 bits like
   any caller's arithmetic would; validation judges the result. */
static void fz_nested_strides(UINT *strides, const UINT *sizes, const uint32_t *order, uint32_t rank,
                              const uint8_t *pads) {
    uint64_t span = 1;
    uint32_t i = rank;
    while (i-- > 0) {
        uint32_t d = order[i];
        uint64_t stride = span;
        if (pads) stride = span * (1u + (pads[i] & 1u)) + ((pads[i] >> 1) & 7u);
        strides[d] = (UINT)stride;
        span = stride * sizes[d];
    }
}

/* Decode tensor `which`: 0 the input, 1 the output (derived from the input),
   2 the BoundTensor (derived from the output: its rank and sizes, FLOAT64).
   `in` is the tensor a derived one copies (NULL for the input). */
static void fz_decode_tensor(fz_reader *r, fz_case *c, int which) {
    fz_tensor *t = &c->t[which];
    const fz_tensor *in = which ? &c->t[which - 1] : NULL;
    int is_output = which != 0;
    uint8_t t_sel = fz_u8(r), rank_sel = fz_u8(r), type_sel = fz_u8(r), str_sel, tot_sel, algn_sel;
    uint32_t rank, d, type, flags, order[FZ_MAX_RANK];
    uint8_t pads[FZ_MAX_RANK];
    int derived_sizes = 0, perturb = 0;
    uint64_t required, total;

    /* DML_TENSOR_DESC */
    t->desc.Type = DML_TENSOR_TYPE_BUFFER;
    switch (t_sel & 7u) {
    case 5: t->desc_null = 1; break;
    case 6: {
        uint32_t v = (uint32_t)t_sel >> 3;
        t->desc.Type = (DML_TENSOR_TYPE)(v == 1 ? 2 : v);
        break;
    }
    case 7: t->buffer_null = 1; break;
    default: break;
    }

    /* rank, Sizes NULL, how sizes are made */
    rank = rank_sel & 15u;
    if (rank > FZ_MAX_RANK) rank = is_output ? in->buffer.DimensionCount : rank - 10u;
    t->sizes_null = ((rank_sel >> 4) & 3u) == 3u;
    if (is_output) {
        uint32_t mode = (uint32_t)rank_sel >> 6;
        derived_sizes = mode != 2;
        perturb = mode == 3;
    }

    /* DataType, Flags */
    type = type_sel & 15u;
    if (type == 14) type = fz_u32(r);
    else if (type == 15) type = 14;
    if (is_output && !(type_sel & 0x10u)) {
        static const uint32_t index_types[4] = {DML_TENSOR_DATA_TYPE_INT32, DML_TENSOR_DATA_TYPE_INT64,
                                                DML_TENSOR_DATA_TYPE_UINT32, DML_TENSOR_DATA_TYPE_UINT64};
        if (which == 2) type = DML_TENSOR_DATA_TYPE_FLOAT64;
        else if (fz_reduce_value(c)) type = (uint32_t)in->buffer.DataType; /* a value of the input's type */
        else if (c->kind == FZ_ARGMIN || c->kind == FZ_ARGMAX || c->kind == FZ_REDUCE)
            type = index_types[type_sel & 3u];
        else type = (uint32_t)in->buffer.DataType;
    }
    switch (type_sel >> 5) {
    case 5: flags = 1; break;
    case 6: flags = 2; break;
    case 7: flags = fz_u32(r); break;
    default: flags = 0; break;
    }

    /* Sizes: exactly `rank` entries, so ASan sees a read past them */
    t->sizes = (UINT *)malloc(rank ? rank * sizeof(UINT) : 1);
    if (!t->sizes) abort();
    if (!derived_sizes) {
        for (d = 0; d < rank; d++) t->sizes[d] = fz_size_value(r);
    } else {
        uint32_t reduced = 0, i;
        if (which == 1 && (c->kind == FZ_ARGMIN || c->kind == FZ_ARGMAX || c->kind == FZ_REDUCE) && c->axes)
            for (i = 0; i < c->axes_allocated && i < c->axis_count; i++)
                if (c->axes[i] < 32) reduced |= 1u << c->axes[i];
        for (d = 0; d < rank; d++) {
            UINT s = d < in->buffer.DimensionCount ? in->sizes[d] : 1u;
            t->sizes[d] = (reduced >> d) & 1u ? 1u : s;
        }
        if (perturb) {
            uint8_t which = fz_u8(r);
            UINT value = fz_size_value(r);
            if (rank) t->sizes[which % rank] = value;
        }
    }

    /* Strides */
    for (d = 0; d < rank; d++) order[d] = d;
    str_sel = fz_u8(r) % 8u;
    t->strides = NULL;
    t->layout = "NULL";
    if (str_sel != 0 && str_sel != 7) {
        t->strides = (UINT *)malloc(rank ? rank * sizeof(UINT) : 1);
        if (!t->strides) abort();
    }
    switch (str_sel) {
    case 1:
        t->layout = "packed";
        fz_nested_strides(t->strides, t->sizes, order, rank, NULL);
        break;
    case 2:
        t->layout = "padded";
        for (d = 0; d < rank; d++) pads[d] = fz_u8(r);
        fz_nested_strides(t->strides, t->sizes, order, rank, pads);
        break;
    case 3:
    case 4:
        t->layout = str_sel == 3 ? "permuted" : "permuted+padded";
        for (d = rank; d-- > 1;) {
            uint32_t j = fz_u8(r) % (d + 1u), tmp = order[d];
            order[d] = order[j];
            order[j] = tmp;
        }
        if (str_sel == 4)
            for (d = 0; d < rank; d++) pads[d] = fz_u8(r);
        fz_nested_strides(t->strides, t->sizes, order, rank, str_sel == 4 ? pads : NULL);
        break;
    case 5: {
        uint8_t mask = fz_u8(r);
        t->layout = "broadcast";
        fz_nested_strides(t->strides, t->sizes, order, rank, NULL);
        for (d = 0; d < rank && d < 8; d++)
            if ((mask >> d) & 1u) t->strides[d] = 0;
        break;
    }
    case 6:
        t->layout = "raw";
        for (d = 0; d < rank; d++) t->strides[d] = fz_stride_value(r);
        break;
    default: break;
    }

    /* TotalTensorSizeInBytes */
    required = fz_calc_size(type, rank, t->sizes, t->strides);
    tot_sel = fz_u8(r);
    if (tot_sel < 0x80) {
        total = required + tot_sel;
    } else if (tot_sel < 0xC0) {
        uint64_t less = tot_sel - 0x7Fu;
        total = required > less ? required - less : 0;
    } else if (tot_sel < 0xF0) {
        total = required + (uint64_t)(tot_sel - 0xBFu) * 64u;
    } else if (tot_sel < 0xFF) {
        const uint64_t table[15] = {0,
                                    1,
                                    3,
                                    4,
                                    5,
                                    UINT64_MAX,
                                    UINT64_MAX - 3,
                                    (uint64_t)1 << 32,
                                    (uint64_t)1 << 40,
                                    (uint64_t)1 << 62,
                                    (uint64_t)1 << 63,
                                    required * 2,
                                    required + 1,
                                    required & ~(uint64_t)7,
                                    FZ_MAX_BYTES + 1};
        total = table[tot_sel - 0xF0];
    } else {
        total = fz_u64(r);
    }

    /* GuaranteedBaseOffsetAlignment */
    algn_sel = fz_u8(r);
    t->buffer.GuaranteedBaseOffsetAlignment = algn_sel < 0x80   ? 0u
                                              : algn_sel < 0xA0 ? 1u << (algn_sel - 0x80u)
                                              : algn_sel < 0xFF ? (UINT)(algn_sel - 0xA0u)
                                                                : fz_u32(r);
    t->buffer.DataType = (DML_TENSOR_DATA_TYPE)type;
    t->buffer.Flags = (DML_TENSOR_FLAGS)flags;
    t->buffer.DimensionCount = rank;
    t->buffer.Sizes = t->sizes_null ? NULL : t->sizes;
    t->buffer.Strides = t->strides;
    t->buffer.TotalTensorSizeInBytes = total;
    t->desc.Desc = t->buffer_null ? NULL : &t->buffer;
}

/* The BoundTensor of a case without one in its bytes: FLOAT64, the output's
   rank and sizes, packed (Strides NULL), the size it needs, no alignment. */
static void fz_default_bound(fz_case *c) {
    fz_tensor *t = &c->t[2];
    const fz_tensor *out = &c->t[1];
    uint32_t rank = out->buffer.DimensionCount, d; /* 0..FZ_MAX_RANK, and out->sizes has rank entries */
    t->desc.Type = DML_TENSOR_TYPE_BUFFER;
    t->sizes = (UINT *)malloc(rank ? rank * sizeof(UINT) : 1);
    if (!t->sizes) abort();
    for (d = 0; d < rank; d++) t->sizes[d] = out->sizes[d];
    t->strides = NULL;
    t->layout = "packed (NULL), derived";
    t->buffer.DataType = DML_TENSOR_DATA_TYPE_FLOAT64;
    t->buffer.Flags = DML_TENSOR_FLAG_NONE;
    t->buffer.DimensionCount = rank;
    t->buffer.Sizes = t->sizes;
    t->buffer.Strides = NULL;
    t->buffer.TotalTensorSizeInBytes = fz_calc_size(DML_TENSOR_DATA_TYPE_FLOAT64, rank, t->sizes, NULL);
    t->buffer.GuaranteedBaseOffsetAlignment = 0;
    t->desc.Desc = &t->buffer;
}

static void fz_decode_axes(fz_reader *r, fz_case *c) {
    uint32_t v = fz_u8(r) % 32u, i;
    c->axes_null = 0;
    if (v <= 16) c->axis_count = v;
    else if (v <= 27) c->axis_count = 1u + (v - 17u) % 3u;
    else if (v == 28) c->axis_count = fz_u32(r);
    else if (v == 29 || v == 30) {
        c->axis_count = v == 29 ? 1u : 0u;
        c->axes_null = 1;
    } else c->axis_count = 1;
    if (c->axes_null) return;
    c->axes_allocated = c->axis_count < FZ_MAX_AXES ? c->axis_count : FZ_MAX_AXES;
    c->axes = (UINT *)malloc(c->axes_allocated ? c->axes_allocated * sizeof(UINT) : 1);
    if (!c->axes) abort();
    for (i = 0; i < c->axes_allocated; i++) c->axes[i] = fz_axis_value(r);
}

/* The dmlref_scan_tree of a format-3 extension word: the tree byte, the
   block byte, then [algorithm i32] [block u32] [carry i32] as they ask; with
   the tree byte's bit 4 a grain byte (serial, lanes; bit 5: the run seed), and
   with its bit 6 [serial u32] [lanes u32] [run_seed i32]. */
static void fz_decode_tree(fz_reader *r, fz_case *c) {
    static const uint32_t bad_blocks[31] = {
        0,           1,           3,           5,        6,        7,        12,       24,
        48,          96,          100,         1000,     1023,     1025,     4095,     4097,
        65535,       65537,       131072,      262144,   1u << 20, 1u << 24, 1u << 31, 0x7FFFFFFFu,
        0x80000001u, 0xFFFFFFFEu, 0xFFFFFFFFu, 0x10001u, 0x18000u, 0x30000u, 9};
    uint8_t t = fz_u8(r), b = fz_u8(r);
    uint32_t alg = t & 3u, carry = (t >> 2) & 3u;
    c->tree = (dmlref_scan_tree *)malloc(FZ_TREE_BYTES);
    if (!c->tree) abort();
    memset(c->tree, 0, FZ_TREE_BYTES);
    c->tree->algorithm = alg < 3 ? (int32_t)alg : (int32_t)fz_u32(r);
    c->tree->block = b < 0xE0 ? 2u << (b % 16u) : b < 0xFF ? bad_blocks[b - 0xE0] : fz_u32(r);
    c->tree->carry = carry < 3 ? (int32_t)carry : (int32_t)fz_u32(r);
    if (t & 0x10u) { /* a serial grain, lanes and the run seed: g's low nibble, its high bits, t's bit 5 */
        uint8_t g = fz_u8(r);
        c->tree->serial = g & 15u;
        c->tree->lanes = (g >> 4) & 7u ? 1u << (((g >> 4) & 7u) - 1u) : 0u;
        c->tree->run_seed = (t >> 5) & 1u;
        if (t & 0x40u) { /* anything, valid or not */
            c->tree->serial = fz_u32(r);
            c->tree->lanes = fz_u32(r);
            c->tree->run_seed = (int32_t)fz_u32(r);
        }
    }
}

static void fz_decode(const uint8_t *data, size_t size, fz_case *c) {
    fz_reader reader, *r = &reader;
    uint8_t op_sel, buf_sel, opt_sel, isa_sel, env_sel;
    int nan_compare = 0;
    const fz_tensor *in = &c->t[0], *out = &c->t[1];
    memset(c, 0, sizeof *c);
    r->data = data;
    r->size = size;
    r->pos = 0;

    /* operator */
    op_sel = fz_u8(r);
    switch (op_sel & 7u) {
    case 5: {
        uint32_t i;
        c->op_type = fz_u32(r);
        c->kind = FZ_OTHER;
        for (i = 0; i < 5; i++)
            if (c->op_type == (uint32_t)fz_op_types[i]) c->kind = (int)i;
        break;
    }
    case 6:
    case 7:
        c->kind = (int)(((uint32_t)op_sel >> 3) % 5u);
        c->op_type = (uint32_t)fz_op_types[c->kind];
        c->op_null = (op_sel & 7u) == 6;
        c->desc_null = (op_sel & 7u) == 7;
        break;
    default:
        c->kind = (int)(op_sel & 7u);
        c->op_type = (uint32_t)fz_op_types[c->kind];
        break;
    }

    /* buffers */
    buf_sel = fz_u8(r);
    c->placement = (buf_sel & 3u) == 1 ? FZ_IN_PLACE : (buf_sel & 3u) == 2 ? FZ_SHARED : FZ_SEPARATE;
    c->pointer_mode = (buf_sel >> 2) & 7u;
    c->misalign_mode = buf_sel >> 5;

    /* options */
    opt_sel = fz_u8(r);
    c->options_null = opt_sel & 1u;
    c->message_mode = (opt_sel >> 1) & 3u;
    c->message_capacity = c->message_mode == 0 ? 64 : c->message_mode == 1 ? 0 : c->message_mode == 2 ? fz_u8(r) : 512;
    switch ((opt_sel >> 3) & 3u) {
    case 0: c->options.float_order = DMLREF_FLOAT_ORDER_SEQUENTIAL; break;
    case 2: {
        uint32_t word = fz_u32(r), top = word >> 24, ext5 = 0;
        if (top != FZ_EXT_MAGIC && top != FZ_EXT3_MAGIC && top != FZ_EXT4_MAGIC && top != FZ_EXT5_MAGIC) {
            c->options.float_order = (int32_t)word;
            break;
        }
        /* the extension word (format 2, 3, 4 or 5) */
        c->ext = top == FZ_EXT_MAGIC ? 2 : top == FZ_EXT3_MAGIC ? 3 : top == FZ_EXT4_MAGIC ? 4 : 5;
        if (c->ext == 5) { /* its byte: PAIRWISE, log_sum_exp, options.parallel */
            uint32_t lse;
            ext5 = fz_u8(r);
            lse = (ext5 >> 1) & 3u;
            c->options.log_sum_exp = lse < 3 ? (int32_t)lse : (int32_t)fz_u32(r);
        }
        c->options.float_order = (int32_t)(word & 3u);
        switch ((word >> 2) & 3u) {
        case 0: c->options.accumulation = 0; break;                    /* DEFAULT */
        case 1: c->options.accumulation = 1; break;                    /* NATIVE */
        case 2: c->options.accumulation = c->ext == 2 ? -1 : 2; break; /* format 3: WIDE */
        default: c->options.accumulation = (int32_t)fz_u32(r); break;
        }
        c->bound_decoded = (word >> 4) & 1u;
        c->bound_place = ((word >> 5) & 3u) == 1   ? FZ_BOUND_IN_INPUT
                         : ((word >> 5) & 3u) == 2 ? FZ_BOUND_NULL
                                                   : FZ_BOUND_OWN;
        c->bound_misalign = (int)fz_bound_misalignments[(word >> 7) & 3u];
        if (c->ext >= 3) {
            uint32_t seed = (word >> 13) & 3u;
            if ((word >> 9) & 3u) c->options.float_order = 4; /* DMLREF_FLOAT_ORDER_TREE */
            if (((word >> 11) & 3u) != 2) fz_decode_tree(r, c);
            c->options.identity_seed = seed < 3 ? (int32_t)seed : (int32_t)fz_u32(r);
            nan_compare = (word >> 15) & 1u;
        }
        if (c->ext == 5 && (ext5 & 1u)) c->options.float_order = 5; /* DMLREF_FLOAT_ORDER_PAIRWISE */
        if (c->ext == 4 || (c->ext == 5 && (ext5 & 8u))) {
            uint32_t schedule = (word >> 22) & 3u;
            sched_init(&c->schedule,
                       schedule == 0   ? SCHED_FORWARD
                       : schedule == 1 ? SCHED_REVERSE
                                       : SCHED_SHUFFLED,
                       schedule == 3, ((word >> 16) & 63u) + 1u, schedule >= 2 ? fz_u8(r) : 0u);
            c->parallel = 1;
        }
        break;
    }
    default: c->options.float_order = DMLREF_FLOAT_ORDER_BLOCKED; break;
    }
    switch ((opt_sel >> 5) & 3u) {
    case 0: c->options.nan_policy = DMLREF_NAN_PROPAGATE; break;
    case 2: c->options.nan_policy = (int32_t)fz_u32(r); break;
    default: c->options.nan_policy = DMLREF_NAN_IGNORE; break;
    }
    if (nan_compare) c->options.nan_policy = 2; /* DMLREF_NAN_COMPARE */
    c->options.tree = c->tree;
    c->options.parallel = c->parallel ? &c->schedule.parallel : NULL;
    if (opt_sel & 0x80u) {
        uint8_t level = fz_u8(r) % 18u;
        c->options.feature_level = level < 15    ? fz_levels[level]
                                   : level == 15 ? fz_u32(r)
                                   : level == 16 ? 0x6500u
                                                 : 0x5001u;
    }
    isa_sel = fz_u8(r) % 8u;
    c->isa = isa_sel < 6 ? (int32_t)isa_sel : isa_sel == 6 ? (int32_t)fz_u32(r) : FZ_ISA_ALL;
    env_sel = fz_u8(r);
    c->env_round = env_sel & 3u;
    c->env_ftz = (env_sel >> 2) & 1u;
    c->env_daz = (env_sel >> 3) & 1u;
    c->env_flags = (env_sel >> 4) & 1u;
    c->fill_mode = fz_u8(r) % 8u;
    c->out_fill = fz_u8(r);

    /* operator fields */
    switch (c->kind) {
    case FZ_ARGMIN:
    case FZ_ARGMAX:
        fz_decode_axes(r, c);
        c->direction = fz_direction(r);
        break;
    case FZ_REDUCE: {
        uint32_t f = fz_u8(r) % 16u;
        c->function = f <= 12   ? f
                      : f == 13 ? (uint32_t)DML_REDUCE_FUNCTION_ARGMIN
                      : f == 14 ? (uint32_t)DML_REDUCE_FUNCTION_ARGMAX
                                : fz_u32(r);
        fz_decode_axes(r, c);
        break;
    }
    default: /* scans, and unknown operators */
        c->axis = fz_axis_value(r);
        c->direction = fz_direction(r);
        c->exclusive = fz_bool(r);
        break;
    }

    fz_decode_tensor(r, c, 0);
    fz_decode_tensor(r, c, 1);
    if (c->bound_decoded) fz_decode_tensor(r, c, 2);
    else fz_default_bound(c);
    if (c->placement == FZ_SHARED) {
        uint32_t lo = fz_u8(r);
        c->delta = (int)(int16_t)(uint16_t)(lo | ((uint32_t)fz_u8(r) << 8));
    }
    if (c->bound_place == FZ_BOUND_IN_INPUT) {
        uint32_t lo = fz_u8(r);
        c->bound_delta = (int)(int16_t)(uint16_t)(lo | ((uint32_t)fz_u8(r) << 8));
    }
    c->payload = data + r->pos;
    c->payload_size = size - r->pos;

    /* wire the descriptors */
    c->cumsum.InputTensor = c->cumprod.InputTensor = c->argmin.InputTensor = c->argmax.InputTensor =
        c->reduce.InputTensor = in->desc_null ? NULL : &in->desc;
    c->cumsum.OutputTensor = c->cumprod.OutputTensor = c->argmin.OutputTensor = c->argmax.OutputTensor =
        c->reduce.OutputTensor = out->desc_null ? NULL : &out->desc;
    c->cumsum.Axis = c->cumprod.Axis = c->axis;
    c->cumsum.AxisDirection = c->cumprod.AxisDirection = c->argmin.AxisDirection = c->argmax.AxisDirection =
        (DML_AXIS_DIRECTION)c->direction;
    c->cumsum.HasExclusiveSum = c->cumprod.HasExclusiveProduct = c->exclusive;
    c->argmin.AxisCount = c->argmax.AxisCount = c->reduce.AxisCount = c->axis_count;
    c->argmin.Axes = c->argmax.Axes = c->reduce.Axes = c->axes;
    c->reduce.Function = (DML_REDUCE_FUNCTION)c->function;
    c->op.Type = (DML_OPERATOR_TYPE)c->op_type;
    switch (c->kind) {
    case FZ_CUMPROD: c->op.Desc = &c->cumprod; break;
    case FZ_ARGMIN: c->op.Desc = &c->argmin; break;
    case FZ_ARGMAX: c->op.Desc = &c->argmax; break;
    case FZ_REDUCE: c->op.Desc = &c->reduce; break;
    default: c->op.Desc = &c->cumsum; break;
    }
    if (c->desc_null) c->op.Desc = NULL;
}

static void fz_free_case(fz_case *c) {
    int i;
    if (c->tree_poisoned) FZ_UNPOISON(c->tree, FZ_TREE_BYTES);
    free(c->tree);
    for (i = 0; i < 3; i++) {
        free(c->t[i].sizes);
        free(c->t[i].strides);
    }
    free(c->axes);
}

/* ---- reporting ------------------------------------------------------------------------- */

typedef struct fz_report {
    char *buf;
    size_t cap, used;
    int failures;
} fz_report;

static void fz_fail(fz_report *rep, const char *format, ...) FZ_PRINTF(2, 3);
static void fz_fail(fz_report *rep, const char *format, ...) {
    rep->failures++;
    if (rep->failures <= FZ_REPORT_LINES && rep->buf && rep->cap > rep->used + 1) {
        va_list args;
        int n;
        va_start(args, format);
        n = vsnprintf(rep->buf + rep->used, rep->cap - rep->used, format, args);
        va_end(args);
        if (n > 0) rep->used += (size_t)n < rep->cap - rep->used ? (size_t)n : rep->cap - rep->used - 1;
        if (rep->cap > rep->used + 1) {
            rep->buf[rep->used++] = '\n';
            rep->buf[rep->used] = 0;
        }
    }
}

/* ---- what validation must say: semantics.md's rules, read independently ---------------- */

#define FZ_BIT(s) (1u << (unsigned)(s))

/* A tensor as validation sees it. */
typedef struct fz_info {
    const DML_BUFFER_TENSOR_DESC *b; /* NULL: the desc pointer, its Type or its Desc is bad */
    uint32_t type, esize, rank;
    int shape_ok;       /* rank 1..8, Sizes non-NULL, every size >= 1 */
    int complete;       /* every per-tensor rule holds */
    uint64_t count;     /* element count (saturated) */
    int count_overflow; /* the count overflows 64 bits */
    uint64_t strides[8];
    uint64_t extent; /* largest element offset + 1 */
    int extent_overflow;
} fz_info;

/* Tensor `which` (0 input, 1 output, 2 BoundTensor: an output's rules). */
static uint32_t fz_check_tensor_rules(const fz_case *c, int which, fz_info *info) {
    const fz_tensor *t = &c->t[which];
    int is_output = which != 0;
    const DML_BUFFER_TENSOR_DESC *b;
    uint32_t m = 0, d, align;
    int type_ok;
    memset(info, 0, sizeof *info);
    if (t->desc_null) return FZ_BIT(DMLREF_ERROR_NULL_POINTER);
    if (t->desc.Type != DML_TENSOR_TYPE_BUFFER) return FZ_BIT(DMLREF_ERROR_INVALID_ARGUMENT);
    if (t->buffer_null) return FZ_BIT(DMLREF_ERROR_NULL_POINTER);
    b = info->b = &t->buffer;
    info->type = (uint32_t)b->DataType;
    info->rank = b->DimensionCount;
    info->esize = fz_esize(info->type);
    type_ok = info->esize != 0;
    if (fz_type_bits(info->type) == 0) /* not a DML_TENSOR_DATA_TYPE */
        m |= FZ_BIT(DMLREF_ERROR_INVALID_ARGUMENT) | FZ_BIT(DMLREF_ERROR_UNSUPPORTED_DATA_TYPE);
    else if (!type_ok) /* UINT4, INT4 */ m |= FZ_BIT(DMLREF_ERROR_UNSUPPORTED_DATA_TYPE);
    if ((uint32_t)b->Flags > 1u || (is_output && (uint32_t)b->Flags != 0)) m |= FZ_BIT(DMLREF_ERROR_INVALID_ARGUMENT);
    if (info->rank < 1 || info->rank > 8) m |= FZ_BIT(DMLREF_ERROR_UNSUPPORTED_DIMENSION_COUNT);
    if (!b->Sizes) m |= FZ_BIT(DMLREF_ERROR_NULL_POINTER);
    align = b->GuaranteedBaseOffsetAlignment;
    if (align != 0 && ((align & (align - 1u)) != 0 || (type_ok && align < info->esize)))
        m |= FZ_BIT(DMLREF_ERROR_INVALID_ARGUMENT);
    if (info->rank >= 1 && info->rank <= 8 && b->Sizes) {
        uint64_t packed = 1;
        info->shape_ok = 1;
        info->count = 1;
        for (d = 0; d < info->rank; d++) {
            if (b->Sizes[d] == 0) info->shape_ok = 0;
            else if (info->count > UINT64_MAX / b->Sizes[d]) info->count_overflow = 1;
            else info->count *= b->Sizes[d];
        }
        if (!info->shape_ok) m |= FZ_BIT(DMLREF_ERROR_INVALID_ARGUMENT);
        if (info->count_overflow) {
            m |= FZ_BIT(DMLREF_ERROR_TENSOR_TOO_LARGE);
            info->count = UINT64_MAX;
        }
        if (info->shape_ok) {
            d = info->rank;
            while (d-- > 0) {
                info->strides[d] = b->Strides ? b->Strides[d] : packed;
                packed *= b->Sizes[d]; /* used only when the count did not overflow */
            }
            info->extent = 1;
            for (d = 0; d < info->rank; d++) {
                uint64_t term = (uint64_t)(b->Sizes[d] - 1u) * info->strides[d];
                if (b->Strides == NULL && info->count_overflow) info->extent_overflow = 1;
                else if (term > UINT64_MAX - info->extent) info->extent_overflow = 1;
                else info->extent += term;
            }
            if (info->extent_overflow) {
                m |= FZ_BIT(DMLREF_ERROR_TENSOR_TOO_LARGE);
            } else if (type_ok) {
                uint64_t bytes;
                if (info->extent > UINT64_MAX / info->esize ||
                    (bytes = info->extent * info->esize) > (uint64_t)PTRDIFF_MAX || bytes > (uint64_t)SIZE_MAX) {
                    m |= FZ_BIT(DMLREF_ERROR_TENSOR_TOO_LARGE);
                } else if (b->TotalTensorSizeInBytes < ((bytes + 3) & ~(uint64_t)3)) {
                    m |= FZ_BIT(DMLREF_ERROR_BUFFER_TOO_SMALL);
                }
            }
        }
    }
    if (c->options_null == 0 && c->options.feature_level != 0 && info->shape_ok && info->count > 0xFFFFFFFFu)
        m |= FZ_BIT(DMLREF_ERROR_TENSOR_TOO_LARGE);
    info->complete = m == 0;
    return m;
}

/* semantics.md: an output is one-to-one when, with its dimensions of size > 1
   sorted by stride, each stride exceeds the span of the smaller ones. */
static int fz_nested(const fz_info *t) {
    uint64_t size[8], stride[8], span = 0;
    uint32_t n = 0, d, i, j;
    for (d = 0; d < t->rank; d++) {
        if (t->b->Sizes[d] == 1) continue;
        size[n] = t->b->Sizes[d];
        stride[n] = t->strides[d];
        n++;
    }
    for (i = 1; i < n; i++) /* sort by stride */
        for (j = i; j > 0 && stride[j - 1] > stride[j]; j--) {
            uint64_t s = stride[j], z = size[j];
            stride[j] = stride[j - 1];
            size[j] = size[j - 1];
            stride[j - 1] = s;
            size[j - 1] = z;
        }
    for (i = 0; i < n; i++) {
        if (stride[i] <= span) return 0;
        span += (size[i] - 1u) * stride[i]; /* <= extent: no overflow */
    }
    return 1;
}

typedef struct fz_level_row {
    int kind;
    uint32_t level, rank_min, rank_max, input_types, output_types; /* output_types 0: the input's */
} fz_level_row;

#define FZ_T(x) (1u << DML_TENSOR_DATA_TYPE_##x)
#define FZ_SCAN4 (FZ_T(FLOAT32) | FZ_T(FLOAT16) | FZ_T(INT32) | FZ_T(UINT32))
#define FZ_SCAN5 (FZ_SCAN4 | FZ_T(INT64) | FZ_T(UINT64))
#define FZ_ARG3 \
    (FZ_T(FLOAT32) | FZ_T(FLOAT16) | FZ_T(INT32) | FZ_T(INT16) | FZ_T(INT8) | FZ_T(UINT32) | FZ_T(UINT16) | FZ_T(UINT8))
#define FZ_ARG4 (FZ_ARG3 | FZ_T(INT64) | FZ_T(UINT64))
#define FZ_IDX (FZ_T(INT64) | FZ_T(INT32) | FZ_T(UINT64) | FZ_T(UINT32))

/* semantics.md's feature-level table, newest row first per operator. */
static const fz_level_row fz_level_rows[] = {
    {FZ_CUMSUM, 0x5000, 1, 8, FZ_SCAN5, 0},
    {FZ_CUMSUM, 0x4000, 1, 8, FZ_SCAN4, 0},
    {FZ_CUMSUM, 0x2100, 4, 4, FZ_SCAN4, 0},
    {FZ_CUMPROD, 0x5000, 1, 8, FZ_SCAN5, 0},
    {FZ_CUMPROD, 0x4000, 1, 8, FZ_SCAN4, 0},
    {FZ_CUMPROD, 0x3100, 4, 4, FZ_SCAN4, 0},
    {FZ_ARGMIN, 0x4100, 1, 8, FZ_ARG4, FZ_IDX},
    {FZ_ARGMIN, 0x3000, 1, 8, FZ_ARG3, FZ_IDX},
    {FZ_ARGMAX, 0x4100, 1, 8, FZ_ARG4, FZ_IDX},
    {FZ_ARGMAX, 0x3000, 1, 8, FZ_ARG3, FZ_IDX},
    {FZ_REDUCE, 0x4100, 1, 8, FZ_ARG4, FZ_IDX},
    {FZ_REDUCE, 0x3000, 1, 8, FZ_ARG3, FZ_IDX},
    {FZ_REDUCE, 0x2100, 4, 4, FZ_ARG3, FZ_T(UINT32)},
    {FZ_REDUCE, 0x1000, 4, 4, FZ_T(FLOAT32) | FZ_T(FLOAT16), FZ_T(UINT32)},
};

static uint32_t fz_check_level_rules(const fz_case *c, const fz_info *in, const fz_info *out) {
    uint32_t level = c->options_null ? 0 : c->options.feature_level, m = 0, types;
    const fz_level_row *row = NULL;
    size_t i;
    if (level == 0) return 0;
    for (i = 0; i < sizeof fz_level_rows / sizeof fz_level_rows[0]; i++)
        if (fz_level_rows[i].kind == c->kind && fz_level_rows[i].level <= level) {
            row = &fz_level_rows[i];
            break;
        }
    if (!row) return FZ_BIT(DMLREF_ERROR_UNSUPPORTED_OPERATOR);
    if (in->b && (in->rank < row->rank_min || in->rank > row->rank_max))
        m |= FZ_BIT(DMLREF_ERROR_UNSUPPORTED_DIMENSION_COUNT);
    if (in->b && (in->type >= 32 || !((row->input_types >> in->type) & 1u)))
        m |= FZ_BIT(DMLREF_ERROR_UNSUPPORTED_DATA_TYPE);
    types = row->output_types ? row->output_types : row->input_types;
    if (out->b && (out->type >= 32 || !((types >> out->type) & 1u))) m |= FZ_BIT(DMLREF_ERROR_UNSUPPORTED_DATA_TYPE);
    return m;
}

/* The options' rules, in the order dml_ref checks them (dmlref__check_options,
   right after the DML_OPERATOR_DESC pointer and before the descriptor): the
   status of the first broken one (DMLREF_OK: none), and in *field the option
   its message must name. Every rule but the last is DMLREF_ERROR_INVALID_OPTION:
   feature_level 0 or a DML_FEATURE_LEVEL; float_order SEQUENTIAL (0), BLOCKED
   (1), EXACT (2), TREE (4) or PAIRWISE (5), and ANY (3) for dmlref_error_bound
   (whether the operator takes the order, and EXACT's DEFAULT accumulation,
   are rules of the operator's, checked once the descriptor passed: see
   fz_expected_status); accumulation DEFAULT (0), NATIVE (1) or WIDE (2);
   identity_seed 0 or 1; with TREE, options.tree non-NULL, its algorithm 0..2,
   its block a power of two from 2 to 65536, its carry 0..1 (tree is not read
   for other orders); nan_policy PROPAGATE (0), IGNORE (1) or COMPARE (2);
   log_sum_exp SHIFTED (0) or PLAIN (1), whatever the operator; isa a
   dmlref_isa. Then DMLREF_ERROR_ISA_UNAVAILABLE for a path this build or CPU
   lacks. */
static dmlref_status fz_option_status(const dmlref_options *o, int for_bound, const char **field) {
    int level_ok = o->feature_level == 0;
    uint32_t i;
    for (i = 0; i < 15; i++)
        if (o->feature_level == fz_levels[i]) level_ok = 1;
    *field = NULL;
    if (!level_ok) *field = "options.feature_level";
    else if (o->float_order < 0 || o->float_order > 5 || (o->float_order == 3 && !for_bound))
        *field = "options.float_order";
    else if (o->accumulation < 0 || o->accumulation > 2) *field = "options.accumulation";
    else if (o->identity_seed != 0 && o->identity_seed != 1) *field = "options.identity_seed";
    else if (o->float_order == 4 && !o->tree) *field = "options.tree";
    else if (o->float_order == 4 && (o->tree->algorithm < 0 || o->tree->algorithm > 2))
        *field = "options.tree->algorithm";
    else if (o->float_order == 4 &&
             (o->tree->block < 2 || o->tree->block > 65536 || (o->tree->block & (o->tree->block - 1u)) != 0))
        *field = "options.tree->block";
    else if (o->float_order == 4 && (o->tree->carry < 0 || o->tree->carry > 3)) *field = "options.tree->carry";
    else if (o->float_order == 4 && o->tree->serial > 65536u) *field = "options.tree->serial";
    else if (o->float_order == 4 && (o->tree->lanes > 65536u || (o->tree->lanes & (o->tree->lanes - 1u)) != 0))
        *field = "options.tree->lanes";
    else if (o->float_order == 4 && o->tree->run_seed != 0 && o->tree->run_seed != 1) *field = "options.tree->run_seed";
    else if (o->parallel && !o->parallel->parallel_for) *field = "options.parallel->parallel_for";
    else if (o->parallel && o->parallel->max_tasks == 0) *field = "options.parallel->max_tasks";
    else if (o->nan_policy < 0 || o->nan_policy > 2) *field = "options.nan_policy";
    else if (o->log_sum_exp < 0 || o->log_sum_exp > 1) *field = "options.log_sum_exp";
    else if (o->isa < 0 || o->isa >= DMLREF_ISA_COUNT) *field = "options.isa";
    if (*field) return DMLREF_ERROR_INVALID_OPTION;
    if (!dmlref_isa_available((dmlref_isa)o->isa)) {
        *field = "options.isa";
        return DMLREF_ERROR_ISA_UNAVAILABLE;
    }
    return DMLREF_OK;
}

static uint32_t fz_expected_descriptor(const fz_case *c, fz_info *in, fz_info *out);

/* The statuses that a REDUCE value function with options.feature_level set
   may give besides the rules' (0: none). Which types, ranks and functions
   DirectML's tables allow for the value functions at each level is still
   being settled, so for now the model accepts OK or any of the statuses a
   feature-level table gives (UNSUPPORTED_DATA_TYPE, UNSUPPORTED_DIMENSION_COUNT,
   UNSUPPORTED_OPERATOR) for them; every other rule (and the 2^32 - 1 element
   limit of the levels) is still checked. */
static uint32_t fz_level_lenient(const fz_case *c) {
    if (c->options_null || c->options.feature_level == 0 || !fz_reduce_value(c)) return 0;
    return FZ_BIT(DMLREF_ERROR_UNSUPPORTED_DATA_TYPE) | FZ_BIT(DMLREF_ERROR_UNSUPPORTED_DIMENSION_COUNT) |
           FZ_BIT(DMLREF_ERROR_UNSUPPORTED_OPERATOR);
}

/* What dmlref_validate must return, as a set of statuses (0: the case is
   valid). A NULL DML_OPERATOR_DESC pointer, then the options (checked before
   the descriptor: fz_option_status), give exactly one status; the descriptor's
   rules (fz_expected_descriptor) give the statuses of every broken one, the
   first dml_ref checks being one of them; last, once the descriptor passed and
   for an operator that reads the float order (fz_orders_taken), EXACT with an
   accumulation other than DEFAULT, then an order the operator does not take
   (EXACT with a product, PAIRWISE with a scan, ...): semantics.md's "options a
   function does not read are ignored" makes both the operator's rules (MIN,
   MAX and the arg-reductions accept EXACT with NATIVE). *opt_field (may be
   NULL): the option a failure of the options or of these rules must name, else
   NULL. *lenient (may be NULL): statuses that may come instead, and OK too
   when the set is otherwise empty (fz_level_lenient). *order_rule (may be
   NULL): 1 when the status is the order rules'. in and out are filled whenever
   the operator pointer is not NULL, whatever the options. for_bound: the
   rules of dmlref_error_bound (float_order ANY valid). */
static uint32_t fz_expected_status(const fz_case *c, int for_bound, fz_info *in, fz_info *out, const char **opt_field,
                                   uint32_t *lenient, int *order_rule) {
    const dmlref_options *o = c->options_null ? NULL : &c->options;
    const char *field = NULL;
    dmlref_status os = o ? fz_option_status(o, for_bound, &field) : DMLREF_OK;
    uint32_t m, taken;
    memset(in, 0, sizeof *in);
    memset(out, 0, sizeof *out);
    if (opt_field) *opt_field = NULL;
    if (lenient) *lenient = 0;
    if (order_rule) *order_rule = 0;
    if (c->op_null) return FZ_BIT(DMLREF_ERROR_NULL_POINTER);
    m = fz_expected_descriptor(c, in, out);
    if (os != DMLREF_OK) {
        if (opt_field) *opt_field = field;
        return FZ_BIT(os);
    }
    if (lenient) *lenient = fz_level_lenient(c);
    /* the operator's own orders, once the operator is known (ANY is dmlref_error_bound's) */
    taken = fz_orders_taken(c->kind, c->function);
    if (m == 0 && o && taken && o->float_order != 3) {
        if (o->float_order == 2 && o->accumulation != 0) field = "options.accumulation";
        else if (!(taken & FZ_ORDER(o->float_order))) field = "options.float_order";
        if (field) {
            if (opt_field) *opt_field = field;
            if (order_rule) *order_rule = 1;
            return FZ_BIT(DMLREF_ERROR_INVALID_OPTION);
        }
    }
    return m;
}

static uint32_t fz_expected_validation(const fz_case *c, fz_info *in, fz_info *out) {
    return fz_expected_status(c, 0, in, out, NULL, NULL, NULL);
}

/* The statuses of every broken rule of the descriptor (0: none). dml_ref
   returns the status of the first rule it checks that fails, which must be
   one of them. */
static uint32_t fz_expected_descriptor(const fz_case *c, fz_info *in, fz_info *out) {
    uint32_t m = 0, d, i;
    int is_arg = c->kind == FZ_ARGMIN || c->kind == FZ_ARGMAX || c->kind == FZ_REDUCE;
    int value = fz_reduce_value(c); /* axes as an arg-reduction's, a value of the input's type */
    memset(in, 0, sizeof *in);
    memset(out, 0, sizeof *out);
    if (c->kind == FZ_OTHER) return m | FZ_BIT(DMLREF_ERROR_UNSUPPORTED_OPERATOR);
    if (c->desc_null) return m | FZ_BIT(DMLREF_ERROR_NULL_POINTER);
    if (c->kind == FZ_REDUCE && c->function > DML_REDUCE_FUNCTION_SUM_SQUARE) /* not a DML_REDUCE_FUNCTION */
        m |= FZ_BIT(DMLREF_ERROR_INVALID_ARGUMENT) | FZ_BIT(DMLREF_ERROR_UNSUPPORTED_OPERATOR);
    m |= fz_check_tensor_rules(c, 0, in);
    m |= fz_check_tensor_rules(c, 1, out);
    if (in->b && out->b) {
        if ((!is_arg || value) && out->type != in->type) m |= FZ_BIT(DMLREF_ERROR_INVALID_ARGUMENT);
        if (out->rank != in->rank) m |= FZ_BIT(DMLREF_ERROR_INVALID_ARGUMENT);
    }
    if (c->kind != FZ_REDUCE && c->direction > 1) m |= FZ_BIT(DMLREF_ERROR_INVALID_ARGUMENT);
    if (!is_arg) {
        if (in->b && c->axis >= in->rank) m |= FZ_BIT(DMLREF_ERROR_INVALID_ARGUMENT);
        if (in->shape_ok && out->shape_ok && in->rank == out->rank)
            for (d = 0; d < in->rank; d++)
                if (in->b->Sizes[d] != out->b->Sizes[d]) m |= FZ_BIT(DMLREF_ERROR_INVALID_ARGUMENT);
    } else {
        uint32_t reduced = 0;
        int axes_ok = 0;
        if (!value && out->b && !fz_is_index_type(out->type)) m |= FZ_BIT(DMLREF_ERROR_UNSUPPORTED_DATA_TYPE);
        /* AVERAGE, L2, LOG_SUM and LOG_SUM_EXP take FLOAT16/32/64 only at feature_level 0 */
        if (value && fz_float_only_function(c->function) && in->b && fz_esize(in->type) != 0 &&
            !fz_is_float(in->type) && (c->options_null || c->options.feature_level == 0))
            m |= FZ_BIT(DMLREF_ERROR_UNSUPPORTED_DATA_TYPE);
        if (c->axis_count == 0) m |= FZ_BIT(DMLREF_ERROR_INVALID_ARGUMENT);
        else if (c->axes_null) m |= FZ_BIT(DMLREF_ERROR_NULL_POINTER);
        if (in->b && c->axis_count > in->rank) m |= FZ_BIT(DMLREF_ERROR_INVALID_ARGUMENT);
        if (in->b && c->axis_count >= 1 && c->axis_count <= in->rank && !c->axes_null) {
            axes_ok = 1;
            for (i = 0; i < c->axis_count; i++) {
                if (c->axes[i] >= in->rank || ((reduced >> c->axes[i]) & 1u)) {
                    m |= FZ_BIT(DMLREF_ERROR_INVALID_ARGUMENT);
                    axes_ok = 0;
                    break;
                }
                reduced |= 1u << c->axes[i];
            }
        }
        if (axes_ok && in->shape_ok && out->shape_ok && in->rank == out->rank) {
            uint64_t reduced_count = 1, max_index;
            for (d = 0; d < in->rank; d++) {
                UINT expected = (reduced >> d) & 1u ? 1u : in->b->Sizes[d];
                if (out->b->Sizes[d] != expected) m |= FZ_BIT(DMLREF_ERROR_INVALID_ARGUMENT);
                if ((reduced >> d) & 1u) reduced_count *= in->b->Sizes[d];
            }
            max_index = out->type == DML_TENSOR_DATA_TYPE_INT32    ? 0x7FFFFFFFu
                        : out->type == DML_TENSOR_DATA_TYPE_UINT32 ? 0xFFFFFFFFu
                        : out->type == DML_TENSOR_DATA_TYPE_INT64  ? (uint64_t)INT64_MAX
                                                                   : UINT64_MAX;
            /* reduced_count divides the input's count: it overflows only with it */
            if (!value && !in->count_overflow && fz_is_index_type(out->type) && reduced_count - 1u > max_index)
                m |= FZ_BIT(DMLREF_ERROR_INDEX_OVERFLOW);
        }
    }
    if (!value) m |= fz_check_level_rules(c, in, out); /* value functions: fz_level_lenient */
    if (out->complete && !fz_nested(out)) m |= FZ_BIT(DMLREF_ERROR_OVERLAP);
    return m;
}

/* ---- buffers ------------------------------------------------------------------------------ */

/* Scratch memory, reused from call to call (fresh multi-MiB allocations cost
   more page faults than the library's work). Slots only grow. */
enum {
    FZ_SLOT_BLOCK0,
    FZ_SLOT_BLOCK1,
    FZ_SLOT_SNAP0,
    FZ_SLOT_SNAP1,
    FZ_SLOT_IMAGE,
    FZ_SLOT_MASK,
    FZ_SLOT_WANT,
    FZ_SLOT_FIRST,
    FZ_SLOT_BLOCK2,
    FZ_SLOT_SNAP2,
    FZ_SLOT_BOUND_VALUES,
    FZ_SLOT_BOUND_FIRST,
    FZ_SLOT_ORDER_IN,
    FZ_SLOT_ORDER_OUT,
    FZ_SLOT_ORDER_BOUND,
    FZ_SLOT_ORDER_VALUES,
    FZ_SLOT_ORDER_EXACT,
    FZ_SLOT_MODEL,
    FZ_SLOT_MODEL_OUT,
    FZ_SLOT_PARALLEL,
    FZ_SLOT_BOUND_SERIAL,
    FZ_SLOT_REDUCE_IN,
    FZ_SLOT_REDUCE_OUT,
    FZ_SLOT_REDUCE_PACKED,
    FZ_SLOT_REDUCE_VALUES,
    FZ_SLOT_REDUCE_GOT,
    FZ_SLOTS
};
static unsigned char *fz_slot_mem[FZ_SLOTS];
static size_t fz_slot_cap[FZ_SLOTS];

static unsigned char *fz_slot(int k, size_t n) {
    if (n > fz_slot_cap[k]) {
        free(fz_slot_mem[k]);
        fz_slot_mem[k] = (unsigned char *)malloc(n);
        if (!fz_slot_mem[k]) abort();
        fz_slot_cap[k] = n;
    }
    return fz_slot_mem[k];
}

/* A buffer block: guard, region (the buffers), guard; the region's start
   aligned to `align`. Everything of the slot outside the region is guard
   (poisoned under ASan while dml_ref runs). */
typedef struct fz_block {
    unsigned char *raw;
    size_t total;         /* bytes compared: guard + region + guard */
    size_t cap;           /* bytes of the slot, all poisoned but the region */
    size_t start, region; /* region = raw[start, start + region) */
} fz_block;

static void fz_block_alloc(fz_block *b, int slot, size_t region, size_t align) {
    uintptr_t first;
    b->region = region;
    b->total = FZ_GUARD + align + region + FZ_GUARD;
    b->raw = fz_slot(slot, b->total);
    b->cap = fz_slot_cap[slot];
    first = (uintptr_t)(b->raw + FZ_GUARD);
    b->start = FZ_GUARD + (size_t)((align - first % align) % align);
}

static void fz_block_poison(const fz_block *b) {
    FZ_POISON(b->raw, b->start);
    FZ_POISON(b->raw + b->start + b->region, b->cap - b->start - b->region);
}

static void fz_block_unpoison(const fz_block *b) { FZ_UNPOISON(b->raw, b->cap); }

/* ---- the input's contents ------------------------------------------------------------------ */

static uint64_t fz_hash(uint64_t x) {
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

static void fz_store_float(unsigned char *p, uint32_t type, double v) {
    if (type == DML_TENSOR_DATA_TYPE_FLOAT64) {
        memcpy(p, &v, 8);
    } else {
        float f = (float)v;
        if (type == DML_TENSOR_DATA_TYPE_FLOAT16) {
            uint16_t h = oracle_f32_to_f16(f);
            memcpy(p, &h, 2);
        } else {
            memcpy(p, &f, 4);
        }
    }
}

/* The low bits of v as an element of esize bytes (its own wrap-around). */
static void fz_store_int(unsigned char *p, uint32_t esize, uint64_t v) {
    uint8_t v8 = (uint8_t)v;
    uint16_t v16 = (uint16_t)v;
    uint32_t v32 = (uint32_t)v;
    switch (esize) {
    case 1: memcpy(p, &v8, 1); break;
    case 2: memcpy(p, &v16, 2); break;
    case 4: memcpy(p, &v32, 4); break;
    default: memcpy(p, &v, 8); break;
    }
}

static void fz_store_special(unsigned char *p, uint32_t type, uint32_t esize, uint8_t b) {
    if (fz_is_float(type)) {
        /* exact bit patterns, per width: NaN (quiet, signalling, negative with
           payload), +-inf, +-0, largest, smallest normal and subnormal, 1, -1 */
        static const uint16_t h[16] = {0x7E00, 0x7C01, 0xFE55, 0x7C00, 0xFC00, 0x0000, 0x8000, 0x7BFF,
                                       0xFBFF, 0x0400, 0x0001, 0x8001, 0x3C00, 0xBC00, 0x3800, 0x7FFF};
        static const uint32_t f[16] = {0x7FC00000u, 0x7F800001u, 0xFFC12345u, 0x7F800000u, 0xFF800000u, 0,
                                       0x80000000u, 0x7F7FFFFFu, 0xFF7FFFFFu, 0x00800000u, 0x00000001u, 0x80000001u,
                                       0x3F800000u, 0xBF800000u, 0x3F000000u, 0x7FFFFFFFu};
        static const uint64_t g[16] = {0x7FF8000000000000ull,
                                       0x7FF0000000000001ull,
                                       0xFFF8000000012345ull,
                                       0x7FF0000000000000ull,
                                       0xFFF0000000000000ull,
                                       0,
                                       0x8000000000000000ull,
                                       0x7FEFFFFFFFFFFFFFull,
                                       0xFFEFFFFFFFFFFFFFull,
                                       0x0010000000000000ull,
                                       1,
                                       0x8000000000000001ull,
                                       0x3FF0000000000000ull,
                                       0xBFF0000000000000ull,
                                       0x3FE0000000000000ull,
                                       0x7FFFFFFFFFFFFFFFull};
        if (esize == 2) memcpy(p, &h[b & 15u], 2);
        else if (esize == 4) memcpy(p, &f[b & 15u], 4);
        else memcpy(p, &g[b & 15u], 8);
    } else {
        /* 0, 1, -1, 2, the signed minimum and maximum and their neighbours,
           -2 (unsigned max - 1), alternating bits, 3, 127, 128, 255, 256 */
        static const uint64_t fixed[16] = {
            0, 1,   UINT64_MAX, 2,   0,  0, 0, 0, UINT64_MAX - 1, 0x5555555555555555ull, 0xAAAAAAAAAAAAAAAAull,
            3, 127, 128,        255, 256};
        uint64_t top = (uint64_t)1 << (8 * esize - 1); /* the sign bit of the element */
        unsigned k = b & 15u;
        fz_store_int(p, esize,
                     k >= 4 && k <= 7 ? top + (k == 4   ? 0
                                               : k == 5 ? UINT64_MAX
                                               : k == 6 ? 1
                                                        : UINT64_MAX - 1)
                                      : fixed[k]);
    }
}

/* Fill the input buffer (bytes [0, n) at p) from the payload. */
static void fz_fill_input(const fz_case *c, unsigned char *p, size_t n) {
    const uint8_t *src = c->payload;
    size_t len = c->payload_size, i;
    uint32_t type = c->t[0].buffer_null || c->t[0].desc_null ? 0 : (uint32_t)c->t[0].buffer.DataType;
    uint32_t esize = fz_esize(type);
    size_t at = 0;                        /* i % len, kept without a division */
    if (c->fill_mode < 4 || esize == 0) { /* the payload repeated: copy, doubling */
        size_t done = len < n ? len : n;
        if (len) memcpy(p, src, done);
        else
            for (done = 0; done < n && done < 256; done++) p[done] = (uint8_t)(done * 37u + 11u);
        while (done < n) {
            size_t more = done < n - done ? done : n - done;
            memcpy(p + done, p, more);
            done += more;
        }
        return;
    }
    if (c->fill_mode == 4) {
        for (i = 0; i < n; i++) {
            p[i] = (uint8_t)((len ? src[at] : 0x5Au) ^ (uint8_t)fz_hash(len ? i / len : i));
            if (++at == len) at = 0;
        }
        return;
    }
    for (i = 0; i + esize <= n; i += esize) {
        uint8_t b = len ? src[at] : (uint8_t)(i / esize);
        if (len && ++at == len) at = 0;
        if (c->fill_mode == 5) {
            if (fz_is_float(type)) {
                if (b >= 0xF0) fz_store_special(p + i, type, esize, b);
                else fz_store_float(p + i, type, ((int)(b & 0x7Fu) - 64) / ((b & 0x80u) ? 4.0 : 1.0));
            } else {
                fz_store_int(p + i, esize, (uint64_t)(int64_t)(int8_t)b);
            }
        } else if (c->fill_mode == 6) {
            fz_store_special(p + i, type, esize, b);
        } else { /* 7: every element equal, bytes from the payload's start */
            uint32_t j;
            for (j = 0; j < esize; j++) p[i + j] = len ? src[j % len] : 0x3C;
        }
    }
    for (; i < n; i++) p[i] = len ? src[i % len] : 0; /* the tail past the last whole element */
}

/* The schedule of options.parallel, for reports. */
static const char *fz_schedule_name(const sched *s) {
    if (s->hostile) return "shuffled, each task with flush-to-zero and rounding toward zero";
    return s->order == SCHED_FORWARD ? "forward" : s->order == SCHED_REVERSE ? "reverse" : "shuffled";
}

/* A call that succeeded with options.parallel, repeated without it: status ns, and same when it
   wrote the same bytes. */
static void fz_parallel_verdict(fz_report *rep, const fz_case *c, const char *call, dmlref_status ns, int same,
                                const char *isa) {
    if (ns != DMLREF_OK)
        fz_fail(rep, "%s returned %s without options.parallel, OK with it [isa %s]", call, dmlref_status_name(ns), isa);
    else if (!same)
        fz_fail(rep, "%s with options.parallel (max_tasks %lu, %s) wrote other bytes than without it [isa %s]", call,
                (unsigned long)c->schedule.parallel.max_tasks, fz_schedule_name(&c->schedule), isa);
    else fuzz_stats.parallel_checked++;
}

/* ---- the caller's floating-point environment ------------------------------------------------- */

typedef struct fz_env {
#ifdef FZ_MXCSR
    unsigned int saved, set;
#else
    int round;
    int flags;
#endif
} fz_env;

static void fz_env_enter(const fz_case *c, fz_env *e) {
#ifdef FZ_MXCSR
    e->saved = _mm_getcsr();
    e->set = 0x1F80u | ((unsigned)c->env_round << 13) | (c->env_ftz ? 0x8000u : 0u) | (c->env_daz ? 0x40u : 0u) |
             (c->env_flags ? 0x29u : 0u); /* sticky inexact, overflow, invalid */
    _mm_setcsr(e->set);
    e->set = _mm_getcsr(); /* what took effect (valgrind, for one, keeps no FTZ/DAZ) */
#else
    e->round = FE_TONEAREST;
    e->flags = 0;
#ifdef FE_DOWNWARD
    if (c->env_round == 1) e->round = FE_DOWNWARD;
#endif
#ifdef FE_UPWARD
    if (c->env_round == 2) e->round = FE_UPWARD;
#endif
#ifdef FE_TOWARDZERO
    if (c->env_round == 3) e->round = FE_TOWARDZERO;
#endif
#ifdef FE_INEXACT
    if (c->env_flags) e->flags |= FE_INEXACT;
#endif
    fesetround(e->round);
    feclearexcept(FE_ALL_EXCEPT);
    if (e->flags) feraiseexcept(e->flags);
    e->round = fegetround(); /* what took effect */
    e->flags = fetestexcept(FE_ALL_EXCEPT);
#endif
}

/* Back to the default; returns 1 when the environment was still the caller's. */
static int fz_env_leave(fz_env *e, char *what, size_t cap) {
#ifdef FZ_MXCSR
    unsigned int now = _mm_getcsr();
    _mm_setcsr(e->saved);
    snprintf(what, cap, "MXCSR 0x%04X, the caller had 0x%04X", now, e->set);
    return now == e->set;
#else
    int round = fegetround(), flags = fetestexcept(FE_ALL_EXCEPT);
    fesetround(FE_TONEAREST);
    feclearexcept(FE_ALL_EXCEPT);
    snprintf(what, cap, "rounding mode %d and flags 0x%X, the caller had %d and 0x%X", round, (unsigned)flags, e->round,
             (unsigned)e->flags);
    return round == e->round && flags == e->flags;
#endif
}

/* ---- the message buffer ------------------------------------------------------------------------ */

#define FZ_MESSAGE_FILL 'Z'

typedef struct fz_message {
    char *buf; /* heap, exactly max(capacity, 1) bytes */
    size_t cap;
} fz_message;

static void fz_message_reset(fz_message *m) {
    if (m->buf) memset(m->buf, FZ_MESSAGE_FILL, m->cap ? m->cap : 1);
}

/* Check the message after a call that returned status; copy it into saved. */
/* op_name: the operator the message must name (NULL: unknown operator). */
static void fz_message_check(fz_report *rep, const char *call, const fz_message *m, dmlref_status status,
                             const char *op_name, char *saved, size_t saved_cap) {
    size_t len;
    saved[0] = 0;
    if (!m->buf) return;
    if (m->cap == 0) {
        if (m->buf[0] != FZ_MESSAGE_FILL) fz_fail(rep, "%s wrote to an error_message of capacity 0", call);
        return;
    }
    {
        const char *nul = (const char *)memchr(m->buf, 0, m->cap);
        len = nul ? (size_t)(nul - m->buf) : m->cap;
    }
    if (len == m->cap) {
        fz_fail(rep, "%s left error_message (capacity %lu) without a NUL", call, (unsigned long)m->cap);
        return;
    }
    if (status == DMLREF_OK && len != 0) fz_fail(rep, "%s returned OK with the message \"%s\"", call, m->buf);
    if (status != DMLREF_OK && len == 0 && m->cap >= 2)
        fz_fail(rep, "%s returned %s with an empty message (capacity %lu)", call, dmlref_status_name(status),
                (unsigned long)m->cap);
    if (memchr(m->buf, '\n', len) || memchr(m->buf, '\r', len))
        fz_fail(rep, "%s's message is not one line: \"%s\"", call, m->buf);
    /* semantics.md: the message names the operator (when the text has room for it) */
    if (status != DMLREF_OK && op_name && m->cap > strlen(op_name) + 1 && !strstr(m->buf, op_name))
        fz_fail(rep, "%s's message \"%s\" does not name the operator %s", call, m->buf, op_name);
    snprintf(saved, saved_cap, "%s", m->buf);
}

/* ---- execution ------------------------------------------------------------------------------- */

/* Walk every element of the output (byte offset `offset` in its block): mark
   its bytes in mask (then returns 0 when two indices share a byte), or copy
   them from src to dst. */
static int fz_walk_output(const fz_info *t, size_t offset, unsigned char *mask, unsigned char *dst,
                          const unsigned char *src) {
    uint64_t pos[8] = {0}, off = 0;
    uint32_t d, last = t->rank - 1u, esize = t->esize;
    size_t inner = t->b->Sizes[last], step = (size_t)t->strides[last] * esize;
    int ok = 1;
    for (;;) {
        /* the innermost dimension in one loop, the others by odometer */
        size_t at = offset + (size_t)off * esize, i, j;
        if (mask) {
            for (i = 0; i < inner; i++, at += step)
                for (j = 0; j < esize; j++) {
                    ok &= !mask[at + j];
                    mask[at + j] = 1;
                }
        } else {
            switch (esize) { /* fixed-size copies: one load and one store each */
            case 1:
                for (i = 0; i < inner; i++, at += step) dst[at] = src[at];
                break;
            case 2:
                for (i = 0; i < inner; i++, at += step) memcpy(dst + at, src + at, 2);
                break;
            case 4:
                for (i = 0; i < inner; i++, at += step) memcpy(dst + at, src + at, 4);
                break;
            default:
                for (i = 0; i < inner; i++, at += step) memcpy(dst + at, src + at, 8);
                break;
            }
        }
        d = last;
        while (d-- > 0) {
            if (++pos[d] < t->b->Sizes[d]) {
                off += t->strides[d];
                break;
            }
            pos[d] = 0;
            off -= (uint64_t)(t->b->Sizes[d] - 1u) * t->strides[d];
        }
        if (d == (uint32_t)-1) break;
    }
    return ok;
}

/* Where the output lives, for telling output bytes from others in reports. */
typedef struct fz_where {
    const fz_info *out; /* NULL: the block holds no output elements to tell apart */
    size_t offset;      /* the output pointer's offset in its block */
} fz_where;

static const char *fz_isa_label(int32_t isa) { return dmlref_isa_name((dmlref_isa)isa); }

/* Report the first byte where the block differs from want (its whole
   expected contents). */
static void fz_compare(fz_report *rep, const char *what, const char *isa, const fz_block *b, const unsigned char *want,
                       const unsigned char *snapshot, fz_where where) {
    const unsigned char *now = b->raw;
    long rel;
    size_t j;
    int element = 0;
    if (memcmp(now, want, b->total) == 0) return;
    for (j = 0; now[j] == want[j]; j++) continue;
    rel = (long)j - (long)where.offset;
    if (where.out) { /* is byte j part of an output element? */
        unsigned char *mask = fz_slot(FZ_SLOT_MASK, b->total);
        memset(mask, 0, b->total);
        fz_walk_output(where.out, where.offset, mask, NULL, NULL);
        element = mask[j];
    }
    if (element)
        fz_fail(rep, "%s: output byte %ld (from the output pointer) is 0x%02X, expected 0x%02X [isa %s]", what, rel,
                now[j], want[j], isa);
    else
        fz_fail(rep, "%s: byte %ld (from the output pointer; %s) changed from 0x%02X to 0x%02X [isa %s]", what, rel,
                j < b->start || j >= b->start + b->region ? "a guard byte" : "not an output element", snapshot[j],
                now[j], isa);
}


/* ---- options that cannot change a bit ----------------------------------------------------- */

/* One of the options the oracle does not model: the TREE and PAIRWISE orders,
   a non-default accumulation, the identity seed, NAN_COMPARE, the plain
   LOG_SUM_EXP. */
static int fz_new_options(const dmlref_options *o) {
    return o->float_order == 4 || o->float_order == 5 || o->accumulation != 0 || o->identity_seed != 0 ||
           o->nan_policy == 2 || o->log_sum_exp != 0;
}

/* Options that must give the case's bits (semantics.md: "Float orders",
   "Accumulation and seed", "NaN"). */
typedef struct fz_ref {
    dmlref_options o;  /* the reference options (no message, isa AUTO) */
    int same;          /* nothing was mapped: o is the case's own options */
    int oracle;        /* oracle_run models o (SEQUENTIAL or BLOCKED, DEFAULT, no seed, PROPAGATE or IGNORE) */
    int zero_fix;      /* a float sum with the seed: the outputs of o, -0.0 made +0.0 */
    int compare_patch; /* a float arg-reduction with NAN_COMPARE: IGNORE's indices, then the first NaN's */
} fz_ref;

/* Map a valid case's options to those that give the same bits: arg-reductions
   ignore the order, accumulation and seed; scans the NaN policy; integer scans
   every float option (one answer in every order). Float scans: NATIVE is
   DEFAULT but for FLOAT16, WIDE is DEFAULT for FLOAT64, a product ignores the
   seed (1 x v is v) and is never BLOCKED (SEQUENTIAL), and a sum's BLOCKED is
   TREE {KOGGE_STONE, 16, CARRY_AFTER}. A sum's seed is +0.0 joined first:
   x + (+0.0) is x but for x = -0.0, and an unseeded output is -0.0 only when
   every element of its prefix is, so the seeded outputs are the unseeded
   ones with -0.0 made +0.0 (EXACT too: an exact zero is +0.0 with the seed).
   NAN_COMPARE is the plain `x < best` loop in traversal order: a NaN first in
   traversal order (position 0, or the last with DECREASING) never gives way,
   any other NaN never wins: IGNORE's answer unless that first element is a NaN.
   log_sum_exp is read by float LOG_SUM_EXP alone. REDUCE value functions
   ("Reductions": options a function does not read are ignored): integers read
   no option; MIN and MAX no order, accumulation or seed; the others no NaN
   policy, and as for scans NATIVE is DEFAULT but for FLOAT16, WIDE is DEFAULT
   for FLOAT64, MULTIPLY ignores the seed and its BLOCKED is SEQUENTIAL, and the
   sums' TREE {KOGGE_STONE, 16, CARRY_AFTER} is BLOCKED (the last output of the
   same scan). The oracle has no value function: the model checks them
   (fz_check_reduce). */
static void fz_reference(const fz_case *c, const fz_info *in, fz_ref *ref) {
    dmlref_options *o = &ref->o;
    int is_float = fz_is_float(in->type), sum = c->kind == FZ_CUMSUM, prod = c->kind == FZ_CUMPROD, changed = 0;
    memset(ref, 0, sizeof *ref);
    if (!c->options_null) *o = c->options;
    o->error_message = NULL;
    o->error_message_capacity = 0;
    o->isa = DMLREF_ISA_AUTO;
    o->parallel = NULL; /* one thread: the bits every schedule must give */
    if (o->log_sum_exp != 0 && !(is_float && c->kind == FZ_REDUCE && c->function == FZ_FN_LOG_SUM_EXP)) {
        o->log_sum_exp = 0;
        changed = 1;
    }
    if (fz_reduce_value(c)) {
        int minmax = c->function == FZ_FN_MIN || c->function == FZ_FN_MAX, mul = c->function == FZ_FN_MULTIPLY;
        if (!is_float || minmax) {
            changed |= o->float_order != 0 || o->accumulation != 0 || o->identity_seed != 0;
            o->float_order = o->accumulation = o->identity_seed = 0;
        }
        if (!is_float || !minmax) {
            changed |= o->nan_policy != 0;
            o->nan_policy = 0;
        }
        if (is_float && !minmax) {
            if ((o->accumulation == 1 && in->type != DML_TENSOR_DATA_TYPE_FLOAT16) ||
                (o->accumulation == 2 && in->type == DML_TENSOR_DATA_TYPE_FLOAT64)) {
                o->accumulation = 0;
                changed = 1;
            }
            if (mul && o->identity_seed) { /* 1 x v is v */
                o->identity_seed = 0;
                changed = 1;
            }
            if (mul && o->float_order == 1) { /* a product's BLOCKED is SEQUENTIAL */
                o->float_order = 0;
                changed = 1;
            }
            if (!mul && o->float_order == 4 && o->tree->algorithm == 0 && o->tree->block == 16 && o->tree->carry == 0 &&
                o->tree->serial <= 1 && (o->tree->lanes == 0 || o->tree->lanes >= 16) && o->tree->run_seed == 0) {
                o->float_order = 1;
                changed = 1;
            }
        }
        if (o->float_order != 4) o->tree = NULL;
        ref->same = !changed;
        ref->oracle = 0;
        return;
    }
    if (!sum && !prod) {
        changed = o->float_order != 0 || o->accumulation != 0 || o->identity_seed != 0;
        o->float_order = o->accumulation = o->identity_seed = 0;
        if (o->nan_policy == 2) {
            changed = 1;
            o->nan_policy = is_float ? 1 : 0;
            ref->compare_patch = is_float;
        }
    } else {
        changed = o->nan_policy != 0;
        o->nan_policy = 0;
        if (!is_float) {
            changed |= o->float_order != 0 || o->accumulation != 0 || o->identity_seed != 0;
            o->float_order = o->accumulation = o->identity_seed = 0;
        } else {
            if ((o->accumulation == 1 && in->type != DML_TENSOR_DATA_TYPE_FLOAT16) ||
                (o->accumulation == 2 && in->type == DML_TENSOR_DATA_TYPE_FLOAT64)) {
                o->accumulation = 0;
                changed = 1;
            }
            if (prod && o->identity_seed) {
                o->identity_seed = 0;
                changed = 1;
            }
            if (prod && o->float_order == 1) {
                o->float_order = 0;
                changed = 1;
            }
            if (sum && o->float_order == 4 && o->tree->algorithm == 0 && o->tree->block == 16 && o->tree->carry == 0 &&
                o->tree->serial <= 1 && (o->tree->lanes == 0 || o->tree->lanes >= 16) && o->tree->run_seed == 0) {
                o->float_order = 1;
                changed = 1;
            }
            if (sum && o->identity_seed) {
                o->identity_seed = 0;
                ref->zero_fix = 1;
                changed = 1;
            }
        }
    }
    if (o->float_order != 4) o->tree = NULL;
    ref->same = !changed;
    ref->oracle = o->accumulation == 0 && o->identity_seed == 0 && (o->nan_policy == 0 || o->nan_policy == 1) &&
                  (o->float_order == 0 || o->float_order == 1) && o->log_sum_exp == 0;
}

/* Every -0.0 element of the float tensor t at base becomes +0.0. */
static void fz_positive_zeros(const fz_info *t, unsigned char *base) {
    uint64_t pos[8] = {0}, off = 0;
    uint32_t d, last = t->rank - 1u, esize = t->esize;
    size_t inner = t->b->Sizes[last], i, j;
    for (;;) {
        for (i = 0; i < inner; i++) {
            unsigned char *p = base + (size_t)(off + i * t->strides[last]) * esize;
            int negative_zero = (p[esize - 1] == 0x80);
            for (j = 0; j + 1 < esize; j++) negative_zero &= p[j] == 0;
            if (negative_zero) p[esize - 1] = 0;
        }
        d = last;
        while (d-- > 0) {
            if (++pos[d] < t->b->Sizes[d]) {
                off += t->strides[d];
                break;
            }
            pos[d] = 0;
            off -= (uint64_t)(t->b->Sizes[d] - 1u) * t->strides[d];
        }
        if (d == (uint32_t)-1) break;
    }
}

/* Whether the float element at p is a NaN. */
static int fz_is_nan_at(const unsigned char *p, uint32_t type) {
    if (type == DML_TENSOR_DATA_TYPE_FLOAT16) {
        uint16_t h;
        memcpy(&h, p, 2);
        return (h & 0x7FFFu) > 0x7C00u;
    }
    if (type == DML_TENSOR_DATA_TYPE_FLOAT32) {
        uint32_t f;
        memcpy(&f, p, 4);
        return (f & 0x7FFFFFFFu) > 0x7F800000u;
    }
    {
        uint64_t g;
        memcpy(&g, p, 8);
        return (g & 0x7FFFFFFFFFFFFFFFull) > 0x7FF0000000000000ull;
    }
}

/* NAN_COMPARE from IGNORE's indices (at out_base): every output whose reduced
   sub-tensor starts, in traversal order, with a NaN gets that position (0, or
   the last with DECREASING). Returns how many outputs that is. */
static unsigned long fz_compare_first(const fz_case *c, const fz_info *in, const fz_info *out,
                                      const unsigned char *in_base, unsigned char *out_base) {
    uint64_t pos[8] = {0}, rcount = 1;
    uint32_t reduced = 0, d, i;
    int last = c->kind != FZ_REDUCE && c->direction == DML_AXIS_DIRECTION_DECREASING;
    unsigned long patched = 0;
    for (i = 0; i < c->axis_count; i++) reduced |= 1u << c->axes[i]; /* validated: distinct, < rank */
    for (d = 0; d < in->rank; d++)
        if ((reduced >> d) & 1u) rcount *= in->b->Sizes[d];
    for (;;) {
        uint64_t ioff = 0, ooff = 0;
        for (d = 0; d < in->rank; d++) {
            uint64_t ip = (reduced >> d) & 1u ? (last ? in->b->Sizes[d] - 1u : 0) : pos[d];
            ioff += ip * in->strides[d];
            ooff += pos[d] * out->strides[d];
        }
        if (fz_is_nan_at(in_base + (size_t)ioff * in->esize, in->type)) {
            fz_store_int(out_base + (size_t)ooff * out->esize, out->esize, last ? rcount - 1u : 0);
            patched++;
        }
        d = out->rank;
        while (d-- > 0) {
            if (++pos[d] < out->b->Sizes[d]) break;
            pos[d] = 0;
        }
        if (d == (uint32_t)-1) break;
    }
    return patched;
}

/* ---- dmlref_error_bound: what it must say, and what its bounds must satisfy ----------------- */

/* The statuses of the rules dmlref_error_bound adds to validation, for its
   descriptor arguments (0: none broken): an operator other than the two
   scans, the BoundTensor's own tensor rules (an output's), FLOAT64, the
   output's rank and sizes, and one-to-one strides. Fills *b. */
static uint32_t fz_expected_bound_rules(const fz_case *c, const fz_info *out, fz_info *b) {
    uint32_t m = 0, d;
    if (c->kind != FZ_CUMSUM && c->kind != FZ_CUMPROD) m |= FZ_BIT(DMLREF_ERROR_UNSUPPORTED_OPERATOR);
    m |= fz_check_tensor_rules(c, 2, b);
    if (b->b) {
        if (fz_type_bits(b->type) != 0 && b->type != DML_TENSOR_DATA_TYPE_FLOAT64)
            m |= FZ_BIT(DMLREF_ERROR_UNSUPPORTED_DATA_TYPE);
        if (b->rank != out->rank) m |= FZ_BIT(DMLREF_ERROR_INVALID_ARGUMENT);
        else if (b->shape_ok && out->shape_ok)
            for (d = 0; d < b->rank; d++)
                if (b->b->Sizes[d] != out->b->Sizes[d]) m |= FZ_BIT(DMLREF_ERROR_INVALID_ARGUMENT);
        if (b->complete && !fz_nested(b)) m |= FZ_BIT(DMLREF_ERROR_OVERLAP);
    }
    return m;
}

/* The elements of tensor t whose base is at `base`, row-major, packed into dst. */
static void fz_gather(const fz_info *t, const unsigned char *base, unsigned char *dst) {
    uint64_t pos[8] = {0}, off = 0;
    uint32_t d, last = t->rank - 1u, esize = t->esize;
    size_t inner = t->b->Sizes[last], i;
    for (;;) {
        for (i = 0; i < inner; i++, dst += esize)
            memcpy(dst, base + (size_t)(off + i * t->strides[last]) * esize, esize);
        d = last;
        while (d-- > 0) {
            if (++pos[d] < t->b->Sizes[d]) {
                off += t->strides[d];
                break;
            }
            pos[d] = 0;
            off -= (uint64_t)(t->b->Sizes[d] - 1u) * t->strides[d];
        }
        if (d == (uint32_t)-1) break;
    }
}

static int fz_finite(double x) { return x - x == 0; }

/* An element of a float type as a double (exact). */
static double fz_load_float(const unsigned char *p, uint32_t type) {
    if (type == DML_TENSOR_DATA_TYPE_FLOAT16) {
        uint16_t h;
        memcpy(&h, p, 2);
        return (double)oracle_f16_to_f32(h);
    }
    if (type == DML_TENSOR_DATA_TYPE_FLOAT32) {
        float f;
        memcpy(&f, p, 4);
        return (double)f;
    }
    {
        double d;
        memcpy(&d, p, 8);
        return d;
    }
}

/* q >= 0, below 2^52: the nearest integer, ties to even. */
static double fz_round_even(double q) {
    double f = floor(q), rest = q - f;
    if (rest > 0.5 || (rest == 0.5 && fmod(f, 2.0) != 0)) f += 1;
    return f;
}

/* A double rounded once to binary16, to nearest even (NaN: the canonical 0x7E00). */
static uint16_t fz_f64_to_f16(double x) {
    uint16_t sign = (uint16_t)(x < 0 || (x == 0 && 1 / x < 0) ? 0x8000u : 0u);
    double a = fabs(x), q;
    int e;
    if (x != x) return 0x7E00;
    if (a >= 65520.0) return (uint16_t)(sign | 0x7C00u); /* 65504 + half an ulp ties to even: infinity */
    if (a < 1.0 / 16384) /* subnormal: multiples of 2^-24 (1024 of them is the smallest normal) */
        return (uint16_t)(sign | (uint16_t)fz_round_even(a * 16777216.0));
    frexp(a, &e);                        /* a = f 2^e, f in [0.5, 1): the exponent is e - 1 */
    q = fz_round_even(ldexp(a, 11 - e)); /* 1024..2048 */
    if (q == 2048) {
        q = 1024;
        e++;
    }
    if (e - 1 > 15) return (uint16_t)(sign | 0x7C00u);
    return (uint16_t)(sign | (uint16_t)((unsigned)(e - 1 + 15) << 10) | (uint16_t)(q - 1024));
}

/* A slot's memory aligned to `align` (a power of two). */
static unsigned char *fz_aligned_slot(int k, size_t n, size_t align) {
    unsigned char *p = fz_slot(k, n + align);
    return p + (align - (size_t)((uintptr_t)p % align)) % align;
}

/* semantics.md's float scans ("Float orders", "Accumulation and seed"), modelled
   here from its text: one line in traversal order, x[0..n) (exact values) in,
   the outputs' bits out. */
typedef struct fz_model {
    uint32_t type;     /* FLOAT16, FLOAT32 or FLOAT64 */
    int product, seed; /* seed: sums only (a product's 1 x v is v) */
    int accumulation;  /* 0 DEFAULT, 1 NATIVE, 2 WIDE */
    int blocks;        /* 0: SEQUENTIAL; else blocks of tree (BLOCKED: {KOGGE_STONE, 16, CARRY_AFTER}) */
    dmlref_scan_tree tree;
} fz_model;

/* a (+) b in the tally's type: FLOAT64 and WIDE in float64; NATIVE FLOAT16
   rounds each result to binary16 (the exact sum or product of two binary16
   values, in float64, rounded once); otherwise float32. */
static double fz_model_op(const fz_model *m, double a, double b) {
    if (m->type == DML_TENSOR_DATA_TYPE_FLOAT64 || m->accumulation == 2) return m->product ? a * b : a + b;
    if (m->type == DML_TENSOR_DATA_TYPE_FLOAT16 && m->accumulation == 1)
        return (double)oracle_f16_to_f32(fz_f64_to_f16(m->product ? a * b : a + b));
    {
        float fa = (float)a, fb = (float)b, r = m->product ? fa * fb : fa + fb;
        return (double)r;
    }
}

/* The tree over z[0..len) of a tree of b leaves, semantics.md's three algorithms; a
   step whose destination is past len is skipped. */
static void fz_model_tree_of(const fz_model *m, double *z, uint32_t len, uint32_t b) {
    uint32_t k, i, s, bit;
    if (m->tree.algorithm == 0) { /* Kogge-Stone: k = 1, 2, ..., B/2, from the previous step's values */
        for (k = 1; k < b; k <<= 1)
            for (i = len; i-- > k;) z[i] = fz_model_op(m, z[i - k], z[i]);
    } else if (m->tree.algorithm == 1) { /* Sklansky: z[i] with bit m set takes z[((i >> m) << m) - 1] */
        for (bit = 0; (1u << bit) < b; bit++)
            for (i = len; i-- > 0;)
                if ((i >> bit) & 1u) z[i] = fz_model_op(m, z[((i >> bit) << bit) - 1u], z[i]);
    } else { /* Brent-Kung: up-sweep s = 1 .. B/2 at i = 2s-1, 4s-1, ...; down-sweep s = B/4 .. 1 at 3s-1, 5s-1, ... */
        for (s = 1; s < b; s <<= 1)
            for (i = 2u * s - 1u; i < len; i += 2u * s) z[i] = fz_model_op(m, z[i - s], z[i]);
        for (s = b / 4u; s >= 1u; s >>= 1)
            for (i = 3u * s - 1u; i < len; i += 2u * s) z[i] = fz_model_op(m, z[i - s], z[i]);
    }
}

/* A block's own scan (semantics.md, TREE): tiles of serial x lanes elements;
   each lane adds its run in order (from the identity with run_seed), the tree
   runs over the lanes' totals T, and with c the tiles before, element e of lane
   l is (c (+) T[l-1]) (+) r[e], the lane's last c (+) T[l]. */
static void fz_model_tree(const fz_model *m, double *z, uint32_t len) {
    const uint32_t serial = m->tree.serial ? m->tree.serial : 1u;
    const double identity = m->product ? 1.0 : 0.0;
    uint32_t lanes = m->tree.lanes, base, l, e;
    double c = 0, *t;
    if (!lanes)
        for (lanes = 1; (uint64_t)lanes * serial < m->tree.block;) lanes <<= 1;
    if (serial == 1 && !m->tree.run_seed && lanes >= len) {
        fz_model_tree_of(m, z, len, lanes);
        return;
    }
    t = (double *)malloc((len + 1u) * sizeof *t);
    if (!t) abort();
    for (base = 0; base < len; base += serial * lanes) {
        const uint32_t here = len - base < serial * lanes ? len - base : serial * lanes,
                       runs = (here + serial - 1u) / serial;
        for (l = 0; l < runs; l++) {
            double *r = z + base + l * serial;
            const uint32_t n = here - l * serial < serial ? here - l * serial : serial;
            if (m->tree.run_seed) r[0] = fz_model_op(m, identity, r[0]);
            for (e = 1; e < n; e++) r[e] = fz_model_op(m, r[e - 1], r[e]);
            t[l] = r[n - 1];
        }
        fz_model_tree_of(m, t, runs, lanes);
        for (l = 0; l < runs; l++) {
            double *r = z + base + l * serial;
            const uint32_t n = here - l * serial < serial ? here - l * serial : serial;
            for (e = 0; e < n; e++) {
                if (e == serial - 1u) r[e] = base ? fz_model_op(m, c, t[l]) : t[l];
                else if (l > 0) r[e] = fz_model_op(m, base ? fz_model_op(m, c, t[l - 1]) : t[l - 1], r[e]);
                else if (base) r[e] = fz_model_op(m, c, r[e]);
            }
        }
        c = base ? fz_model_op(m, c, t[runs - 1u]) : t[runs - 1u];
    }
    free(t);
}

/* Carries RECURSIVE (2) and RECURSIVE_LAST (3): each block's own tree; the
   block totals are a line scanned the same way (P); block b >= 1 adds P[b-1]
   (block 0 the identity when seeded); RECURSIVE_LAST makes a full block's
   last value P[b]. */
static void fz_model_recursive(const fz_model *m, const double *x, uint64_t n, double *v) {
    const uint64_t B = m->tree.block, nb = (n + B - 1u) / B;
    const double identity = m->product ? 1.0 : 0.0;
    double *totals, *P;
    uint64_t b, j;
    for (j = 0; j < n; j++) v[j] = x[j];
    for (b = 0; b < nb; b++) {
        const uint32_t len = (uint32_t)(n - b * B < B ? n - b * B : B);
        fz_model_tree(m, v + b * B, len);
    }
    if (nb == 1) {
        if (m->seed)
            for (j = 0; j < n; j++) v[j] = fz_model_op(m, identity, v[j]);
        return;
    }
    totals = (double *)calloc(nb, sizeof *totals);
    P = (double *)malloc(nb * sizeof *P);
    if (!totals || !P) abort();
    for (b = 0; b < nb; b++) totals[b] = v[(b + 1u) * B <= n ? (b + 1u) * B - 1u : n - 1u];
    fz_model_recursive(m, totals, nb, P);
    for (j = 0; j < n; j++) {
        b = j / B;
        if (m->tree.carry == 3 && j % B == B - 1u) v[j] = P[b];
        else if (b > 0) v[j] = fz_model_op(m, P[b - 1u], v[j]);
        else if (m->seed) v[j] = fz_model_op(m, identity, v[j]);
    }
    free(totals);
    free(P);
}

/* One line: y[0..n) the outputs (in the tally's type; exclusive: the identity,
   then the inclusive scan of x[0..n-1) shifted by one). z: scratch for a block. */
static void fz_model_line(const fz_model *m, const double *x, uint64_t n, int exclusive, double *y, double *z) {
    const double identity = m->product ? 1.0 : 0.0;
    uint64_t count = exclusive ? n - 1u : n, i, start;
    double *v = exclusive ? y + 1 : y, carry = identity;
    if (exclusive) y[0] = identity;
    if (!m->blocks) {
        for (i = 0; i < count; i++) {
            carry = i == 0 && !m->seed ? x[0] : fz_model_op(m, carry, x[i]);
            v[i] = carry;
        }
        return;
    }
    if (m->tree.carry >= 2) {
        fz_model_recursive(m, x, count, v);
        return;
    }
    for (start = 0; start < count; start += m->tree.block) {
        uint32_t len = (uint32_t)(count - start < m->tree.block ? count - start : m->tree.block), j;
        int carried = start > 0 || m->seed; /* with the seed the identity is the first block's carry */
        for (j = 0; j < len; j++) z[j] = x[start + j];
        if (carried && m->tree.carry == 1) z[0] = fz_model_op(m, carry, z[0]); /* CARRY_INTO_FIRST */
        fz_model_tree(m, z, len);
        for (j = 0; j < len; j++) v[start + j] = carried && m->tree.carry == 0 ? fz_model_op(m, carry, z[j]) : z[j];
        carry = v[start + len - 1];
    }
}

/* Every output of the case (row-major, packed into dst at the output type's
   size) from the packed input in64, by fz_model_line; each output rounds once
   from the tally to the output type. */
static void fz_model_outputs(const fz_case *c, const fz_info *in, const double *in64, const fz_model *m,
                             unsigned char *dst) {
    const int decreasing = c->direction == DML_AXIS_DIRECTION_DECREASING;
    uint64_t len = in->b->Sizes[c->axis], inner = 1, lines = 0, l, t;
    uint32_t d, esize = in->esize;
    double *x, *y, *z;
    for (d = c->axis + 1; d < in->rank; d++) inner *= in->b->Sizes[d];
    lines = in->count / len;
    x = (double *)(void *)fz_aligned_slot(FZ_SLOT_MODEL, (size_t)len * 3u * sizeof(double), 64);
    y = x + len;
    z = y + len;
    for (l = 0; l < lines; l++) {
        const uint64_t base = (l / inner) * len * inner + l % inner;
        for (t = 0; t < len; t++) x[t] = in64[base + (decreasing ? len - 1u - t : t) * inner];
        fz_model_line(m, x, len, c->exclusive != 0, y, z);
        for (t = 0; t < len; t++) {
            unsigned char *p = dst + (size_t)(base + (decreasing ? len - 1u - t : t) * inner) * esize;
            if (esize == 2) {
                uint16_t h = fz_f64_to_f16(y[t]);
                memcpy(p, &h, 2);
            } else if (esize == 4) {
                float f = (float)y[t];
                memcpy(p, &f, 4);
            } else {
                memcpy(p, &y[t], 8);
            }
        }
    }
}

/* Index of the first element where two packed float outputs differ (a NaN
   equals any NaN but for FLOAT16, whose NaN output is the canonical 0x7E00),
   or n. */
static size_t fz_model_mismatch(const unsigned char *a, const unsigned char *b, size_t n, uint32_t type,
                                uint32_t esize) {
    size_t i;
    for (i = 0; i < n; i++) {
        if (memcmp(a + i * esize, b + i * esize, esize) == 0) continue;
        if (type != DML_TENSOR_DATA_TYPE_FLOAT16 && fz_is_nan_at(a + i * esize, type) &&
            fz_is_nan_at(b + i * esize, type))
            continue;
        return i;
    }
    return n;
}

/* What the bounds of one output element must satisfy, from the input alone
   (fz_exact_values). */
typedef struct fz_exact {
    double value;       /* FLOAT16 sums: the exact sum; products: the exact product within tol */
    double tol;         /* products: |value - exact product| <= tol (HUGE_VAL: not known, no check) */
    int prefix_finite;  /* every element of the output's prefix is finite */
    int must_be_finite; /* every element of its line is finite and no order can overflow: a finite bound */
} fz_exact;

/* A line's tally in traversal order: a sum in float64 (exact for FLOAT16),
   or a product as (-1)^negative m 2^e, m in [0.5, 1). */
typedef struct fz_tally {
    int product, seed, started, prefix_finite, zero, negative, e;
    double s, m;
    uint64_t factors;
} fz_tally;

static void fz_tally_join(fz_tally *t, double x) {
    t->prefix_finite &= fz_finite(x);
    if (!t->product) {
        t->s = t->started ? t->s + x : t->seed ? 0.0 + x : x;
        t->started = 1;
    } else if (x == 0) {
        t->zero = 1;
    } else if (fz_finite(x)) {
        int e1, e2;
        double f = frexp(fabs(x), &e1);
        t->m = frexp(t->m * f, &e2);
        t->e += e1 + e2;
        t->negative ^= x < 0;
        t->factors++;
    }
}

static void fz_tally_record(const fz_tally *t, fz_exact *out, int must_be_finite) {
    out->prefix_finite = t->prefix_finite;
    out->must_be_finite = must_be_finite;
    out->tol = 0;
    if (!t->product) {
        out->value = t->started ? t->s : 0.0; /* the empty prefix of an exclusive scan: +0.0 */
    } else if (t->zero) {
        out->value = 0;
    } else {
        out->value = ldexp(t->negative ? -t->m : t->m, t->e);
        out->tol = !fz_finite(out->value) ? HUGE_VAL
                                          : fabs(out->value) * (double)t->factors * ldexp(1.0, -52) + ldexp(1.0, -1073);
    }
}

/* The elements of the input as doubles (exact), packed row-major, walked
   line by line in traversal order (direction, exclusive, the seed) to give
   each output element (row-major index) its fz_exact. Sums of up to 2^13
   FLOAT16 values are exact in float64 (multiples of 2^-24 below 2^53 of
   them). A product is kept as m 2^e, m in [0.5, 1): each step rounds once
   (relative error 2^-53) and never overflows nor underflows, so after k
   factors it is within (1 + 2^-53)^k - 1 of the exact product. "No order can
   overflow" reads docs/error-bounds.md (+inf once (1 + u)^D A >= Omega for
   sums, D at most the line's length plus 50 for every tree; once
   ((1 + u)(1 + eta/2))^k U >= Omega for products, U the product of
   max(1, |x|)) with a margin: u the type's own (NATIVE's, the largest), D the
   line's length plus 64, Omega the type's largest finite value, and a factor
   of 2 (sums) or 4 (products). */
static void fz_exact_values(const fz_case *c, const fz_info *in, const double *in64, int seed, fz_exact *ex) {
    const int product = c->kind == FZ_CUMPROD, decreasing = c->direction == DML_AXIS_DIRECTION_DECREASING;
    const double omega = in->type == DML_TENSOR_DATA_TYPE_FLOAT16   ? 65504.0
                         : in->type == DML_TENSOR_DATA_TYPE_FLOAT32 ? 3.4028234663852886e38
                                                                    : 1.7976931348623157e308;
    const double u = in->type == DML_TENSOR_DATA_TYPE_FLOAT16   ? ldexp(1.0, -11)
                     : in->type == DML_TENSOR_DATA_TYPE_FLOAT32 ? ldexp(1.0, -24)
                                                                : ldexp(1.0, -53);
    uint64_t len = in->b->Sizes[c->axis], inner = 1, lines, l, t;
    uint32_t d;
    for (d = c->axis + 1; d < in->rank; d++) inner *= in->b->Sizes[d];
    lines = in->count / len;
    for (l = 0; l < lines; l++) {
        const uint64_t base = (l / inner) * len * inner + l % inner;
        const double growth = ((double)len + 64.0) * u;
        double a = 0, log2_big = 0;
        int all_finite = 1, finite_bound;
        fz_tally tally;
        for (t = 0; t < len; t++) {
            double x = in64[base + t * inner];
            if (!fz_finite(x)) {
                all_finite = 0;
            } else {
                a += fabs(x);
                if (fabs(x) > 1) log2_big += log2(fabs(x));
            }
        }
        finite_bound =
            all_finite && (product ? log2_big + 2.0 + 1.5 * growth <= log2(omega) : 2.0 * a * exp(growth) <= omega);
        memset(&tally, 0, sizeof tally);
        tally.product = product;
        tally.seed = seed;
        tally.prefix_finite = 1;
        tally.m = 0.5;
        tally.e = 1; /* m 2^e = 1, the empty product */
        for (t = 0; t < len; t++) {
            const uint64_t at = base + (decreasing ? len - 1u - t : t) * inner;
            if (c->exclusive) fz_tally_record(&tally, &ex[at], finite_bound); /* the prefix before it */
            fz_tally_join(&tally, in64[at]);
            if (!c->exclusive) fz_tally_record(&tally, &ex[at], finite_bound);
        }
    }
}

/* |x - exact| > bound for certain, given |value - exact| <= tol (the
   rounding of this test's own arithmetic allowed for). */
static int fz_beyond(double x, double value, double tol, double bound) {
    double slack = ldexp(1.0, -50);
    return fabs(x - value) * (1 - slack) > (bound + tol) * (1 + slack) + ldexp(1.0, -1070);
}

/* A small float scan that dmlref_error_bound accepts, run in several orders
   (into separate buffers, with the case's accumulation and seed, isa AUTO)
   and bounded in those and ANY (a packed FLOAT64 bound): sums in SEQUENTIAL,
   BLOCKED, TREE (the case's tree, or one derived from the shape), EXACT
   (accumulation DEFAULT, which EXACT requires) and ANY; products in
   SEQUENTIAL, TREE and ANY. Each executed order but EXACT gives the bits of
   semantics.md's model (fz_model_outputs). For every element and order: the bound
   is +0 or more, never NaN; a finite bound comes with a finite output; a prefix with
   a NaN or an infinity has the bound +inf, and a line of finite inputs that
   no order can overflow (fz_exact_values) a finite one. Sums: SEQUENTIAL,
   BLOCKED and TREE outputs lie within their bound plus EXACT's of the EXACT
   output (both bound |output - exact sum|), and within ANY's plus EXACT's;
   EXACT's bound is at most an ulp of its output (it promises half); TREE
   {KOGGE_STONE, 16, CARRY_AFTER} gives BLOCKED's bits. FLOAT16 sums of up to
   2^13 elements are exact in float64, so there the exact sums are computed:
   EXACT must be them rounded once to binary16 (+0.0 for an exact zero with
   the seed), each order's output must lie within its own bound (and ANY's) of
   them. Products: SEQUENTIAL and TREE outputs lie within their bound, and
   ANY's, of the exact product (fz_exact_values: within a relative 2^-40 for
   these sizes). */
static void fz_check_orders(fz_report *rep, const fz_case *c, const dmlref_options *opts, const fz_info *in,
                            const fz_info *out, const unsigned char *in_src) {
    enum { K_SEQ, K_BLOCKED, K_TREE, K_EXACT, K_ANY, K_COUNT };
    static const int orders[K_COUNT] = {DMLREF_FLOAT_ORDER_SEQUENTIAL, DMLREF_FLOAT_ORDER_BLOCKED, 4,
                                        DMLREF_FLOAT_ORDER_EXACT, DMLREF_FLOAT_ORDER_ANY};
    static const char *const order_names[K_COUNT] = {"SEQUENTIAL", "BLOCKED", "TREE", "EXACT", "ANY"};
    const int product = c->kind == FZ_CUMPROD;
    const size_t n = (size_t)out->count;
    const size_t in_bytes = (size_t)(in->extent * in->esize), out_bytes = (size_t)(out->extent * out->esize);
    size_t in_align = in->b->GuaranteedBaseOffsetAlignment, out_align = out->b->GuaranteedBaseOffsetAlignment, i;
    size_t out_step;
    unsigned char *in_copy, *outs, *raw;
    double *bounds, *values, *in64;
    fz_exact *ex;
    DML_BUFFER_TENSOR_DESC bound_buf;
    DML_TENSOR_DESC bound_desc;
    dmlref_options lo;
    dmlref_scan_tree tree;
    int k, failures_before = rep->failures, active[K_COUNT];
    const int f16 = in->type == DML_TENSOR_DATA_TYPE_FLOAT16;
    const double ulp_scale = in->type == DML_TENSOR_DATA_TYPE_FLOAT16   ? 1.0 / 1024 /* 2^-(p-1) */
                             : in->type == DML_TENSOR_DATA_TYPE_FLOAT32 ? 1.0 / 8388608
                                                                        : 1.0 / 4503599627370496.0;
    const double tiny = in->type == DML_TENSOR_DATA_TYPE_FLOAT16   ? ldexp(1.0, -24) /* the smallest subnormal */
                        : in->type == DML_TENSOR_DATA_TYPE_FLOAT32 ? ldexp(1.0, -149)
                                                                   : ldexp(1.0, -1074);
    const double slack = 1.0 + ldexp(1.0, -50); /* the two roundings of this test's own arithmetic */
    if (in_align < 64) in_align = 64;
    if (out_align < 64) out_align = 64;
    /* a case only dmlref_error_bound accepts (ANY) was not held to the buffer cap of executed ones */
    if (in_align > FZ_MAX_ALIGN || out_align > FZ_MAX_ALIGN || in_bytes > FZ_MAX_BYTES || out_bytes > FZ_MAX_BYTES)
        return;
    for (k = 0; k < K_COUNT; k++) active[k] = !product || k == K_SEQ || k == K_TREE || k == K_ANY;

    in_copy = fz_aligned_slot(FZ_SLOT_ORDER_IN, in_bytes, in_align);
    memcpy(in_copy, in_src, in_bytes);
    out_step = (out_bytes + out_align - 1u) & ~(out_align - 1u); /* each output aligned as its tensor asks */
    outs = fz_aligned_slot(FZ_SLOT_ORDER_OUT, 4 * out_step, out_align);
    bounds = (double *)(void *)fz_aligned_slot(FZ_SLOT_ORDER_BOUND, K_COUNT * n * sizeof(double), 64);
    values = (double *)(void *)fz_aligned_slot(FZ_SLOT_ORDER_VALUES, 4 * n * sizeof(double) + 4 * n * 8, 64);
    raw = (unsigned char *)(values + 4 * n); /* each executed order's elements as stored, n * esize apart */

    if (opts) lo = *opts;
    else memset(&lo, 0, sizeof lo);
    lo.error_message = NULL;
    lo.error_message_capacity = 0;
    lo.isa = DMLREF_ISA_AUTO;
    if (opts && opts->float_order == 4) { /* the case's own tree (valid: dmlref_error_bound accepts it) */
        tree = *opts->tree;
    } else { /* one from the shape */
        memset(&tree, 0, sizeof tree);
        tree.algorithm = (int32_t)((n + c->axis) % 3u);
        tree.block = 2u << ((n / 3u) % 6u);
        tree.carry = (int32_t)((n / 2u) % 2u);
    }
    lo.tree = &tree;
    bound_buf.DataType = DML_TENSOR_DATA_TYPE_FLOAT64;
    bound_buf.Flags = DML_TENSOR_FLAG_NONE;
    bound_buf.DimensionCount = out->rank;
    bound_buf.Sizes = out->b->Sizes;
    bound_buf.Strides = NULL;
    bound_buf.TotalTensorSizeInBytes = (uint64_t)n * 8u;
    bound_buf.GuaranteedBaseOffsetAlignment = 0;
    bound_desc.Type = DML_TENSOR_TYPE_BUFFER;
    bound_desc.Desc = &bound_buf;

    for (k = 0; k < K_COUNT; k++) {
        const void *ins[1];
        void *dst[1];
        dmlref_status st;
        dmlref_options ko = lo;
        if (!active[k]) continue;
        ins[0] = in_copy;
        ko.float_order = orders[k];
        if (k == K_EXACT) ko.accumulation = 0; /* EXACT takes DEFAULT only */
        if (k != K_ANY) {
            unsigned char *out_k = outs + (size_t)k * out_step;
            dst[0] = out_k;
            st = dmlref_execute(&c->op, ins, dst, &ko);
            if (st != DMLREF_OK) {
                fz_fail(rep,
                        "orders check: dmlref_execute (%s, accumulation %d, identity_seed %d) returned %s for a "
                        "case dmlref_error_bound accepts",
                        order_names[k], (int)ko.accumulation, (int)ko.identity_seed, dmlref_status_name(st));
                return;
            }
            fz_gather(out, out_k, raw + (size_t)k * n * out->esize);
            for (i = 0; i < n; i++)
                values[(size_t)k * n + i] = fz_load_float(raw + ((size_t)k * n + i) * out->esize, out->type);
        }
        st = dmlref_error_bound(&c->op, ins, &bound_desc, bounds + (size_t)k * n, &ko);
        if (st != DMLREF_OK) {
            fz_fail(rep,
                    "orders check: dmlref_error_bound (%s, accumulation %d, identity_seed %d, a packed bound) "
                    "returned %s",
                    order_names[k], (int)ko.accumulation, (int)ko.identity_seed, dmlref_status_name(st));
            return;
        }
    }

    /* the input as doubles, packed row-major, and what each output's bound must satisfy */
    in64 = (double *)(void *)fz_aligned_slot(FZ_SLOT_ORDER_EXACT, (size_t)in->count * (8u + sizeof(fz_exact)) + 8u, 64);
    ex = (fz_exact *)(void *)(in64 + in->count);
    {
        unsigned char *packed = fz_slot(FZ_SLOT_MASK, (size_t)in->count * in->esize);
        fz_gather(in, in_copy, packed);
        for (i = 0; i < (size_t)in->count; i++) in64[i] = fz_load_float(packed + i * in->esize, in->type);
    }
    fz_exact_values(c, in, in64, lo.identity_seed == 1, ex);

    /* semantics.md's model of each executed order (EXACT aside), bit for bit */
    for (k = K_SEQ; k <= K_TREE; k++) {
        fz_model m;
        unsigned char *want = fz_slot(FZ_SLOT_MODEL_OUT, n * out->esize);
        size_t at;
        if (!active[k]) continue;
        m.type = in->type;
        m.product = product;
        m.seed = !product && lo.identity_seed == 1;
        m.accumulation = lo.accumulation;
        m.blocks = k != K_SEQ;
        m.tree = tree;
        if (k == K_BLOCKED) {
            memset(&m.tree, 0, sizeof m.tree);
            m.tree.block = 16;
        }
        fz_model_outputs(c, in, in64, &m, want);
        at = fz_model_mismatch(raw + (size_t)k * n * out->esize, want, n, out->type, out->esize);
        if (at < n) {
            uint64_t got_bits = 0, want_bits = 0;
            memcpy(&got_bits, raw + ((size_t)k * n + at) * out->esize, out->esize);
            memcpy(&want_bits, want + at * out->esize, out->esize);
            char what[96];
            if (k == K_SEQ) snprintf(what, sizeof what, "SEQUENTIAL");
            else
                snprintf(what, sizeof what, "%s {algorithm %d, block %lu, carry %d}", order_names[k],
                         (int)m.tree.algorithm, (unsigned long)m.tree.block, (int)m.tree.carry);
            fz_fail(rep,
                    "orders check: element %lu (row-major) of %s, accumulation %d, identity_seed %d: dml_ref "
                    "wrote 0x%llX, semantics.md's model gives 0x%llX",
                    (unsigned long)at, what, (int)lo.accumulation, (int)lo.identity_seed, (unsigned long long)got_bits,
                    (unsigned long long)want_bits);
        }
    }
    fuzz_stats.model_checked++;

    /* BLOCKED is TREE {KOGGE_STONE, 16, CARRY_AFTER} for sums */
    if (!product && tree.algorithm == 0 && tree.block == 16 && tree.carry == 0 &&
        memcmp(raw + (size_t)K_BLOCKED * n * out->esize, raw + (size_t)K_TREE * n * out->esize, n * out->esize) != 0)
        fz_fail(rep,
                "orders check: TREE {KOGGE_STONE, 16, CARRY_AFTER} differs from BLOCKED (accumulation %d, "
                "identity_seed %d)",
                (int)lo.accumulation, (int)lo.identity_seed);

    for (i = 0; i < n && rep->failures - failures_before < 4; i++) {
        const double *x = values, *b = bounds;
        const fz_exact *e = &ex[i];
        double xe = x[K_EXACT * n + i], be = b[K_EXACT * n + i], ba = b[K_ANY * n + i];
        for (k = 0; k < K_COUNT; k++) {
            double bk = b[(size_t)k * n + i];
            if (!active[k]) continue;
            if (!(bk >= 0))
                fz_fail(rep, "orders check: element %lu: the %s bound is %g (must be >= 0, never NaN)",
                        (unsigned long)i, order_names[k], bk);
            if (k != K_ANY && fz_finite(bk) && !fz_finite(x[(size_t)k * n + i]))
                fz_fail(rep, "orders check: element %lu: the %s output is %g with a finite bound %g", (unsigned long)i,
                        order_names[k], x[(size_t)k * n + i], bk);
            if (!e->prefix_finite && fz_finite(bk))
                fz_fail(rep,
                        "orders check: element %lu: its prefix holds a NaN or an infinity, but the %s bound is "
                        "%a, not +inf",
                        (unsigned long)i, order_names[k], bk);
            if (e->must_be_finite && !fz_finite(bk))
                fz_fail(rep,
                        "orders check: element %lu: the %s bound is %g for a line of finite inputs that cannot "
                        "overflow",
                        (unsigned long)i, order_names[k], bk);
        }
        if (product) {
            for (k = K_SEQ; k <= K_TREE; k++) {
                double xo = x[(size_t)k * n + i], bo = b[(size_t)k * n + i];
                if (!active[k] || !e->prefix_finite || e->tol == HUGE_VAL) continue;
                if (fz_finite(bo) && fz_beyond(xo, e->value, e->tol, bo))
                    fz_fail(rep,
                            "orders check: element %lu: |%s %a - exact product %a (within %a)| exceeds its "
                            "bound %a",
                            (unsigned long)i, order_names[k], xo, e->value, e->tol, bo);
                if (fz_finite(ba) && fz_beyond(xo, e->value, e->tol, ba))
                    fz_fail(rep,
                            "orders check: element %lu: |%s %a - exact product %a (within %a)| exceeds the ANY "
                            "bound %a",
                            (unsigned long)i, order_names[k], xo, e->value, e->tol, ba);
            }
            continue;
        }
        for (k = K_SEQ; k <= K_TREE; k++) {
            double xo = x[(size_t)k * n + i], bo = b[(size_t)k * n + i], d = fabs(xo - xe);
            if (fz_finite(bo) && fz_finite(be) && !(d <= (bo + be) * slack))
                fz_fail(rep, "orders check: element %lu: |%s %a - EXACT %a| = %a exceeds the bounds %a + %a",
                        (unsigned long)i, order_names[k], xo, xe, d, bo, be);
            if (fz_finite(xo) && fz_finite(ba) && fz_finite(be) && !(d <= (ba + be) * slack)) /* finite outputs */
                fz_fail(rep, "orders check: element %lu: |%s %a - EXACT %a| = %a exceeds the ANY bound %a + EXACT's %a",
                        (unsigned long)i, order_names[k], xo, xe, d, ba, be);
        }
        if (fz_finite(be) && fz_finite(xe) && be > fabs(xe) * ulp_scale && be > tiny)
            fz_fail(rep, "orders check: element %lu: EXACT's bound %a exceeds an ulp of its output %a",
                    (unsigned long)i, be, xe);
        if (f16 && e->prefix_finite) { /* the exact sums */
            double s = e->value;
            uint16_t want = fz_f64_to_f16(s == 0 && lo.identity_seed == 1 ? 0.0 : s), got;
            memcpy(&got, raw + ((size_t)K_EXACT * n + i) * 2, 2);
            if (got != want)
                fz_fail(rep, "orders check: element %lu: EXACT wrote 0x%04X, the exact sum %a rounds to 0x%04X",
                        (unsigned long)i, (unsigned)got, s, (unsigned)want);
            for (k = K_SEQ; k <= K_TREE; k++) {
                double xo = x[(size_t)k * n + i], bo = b[(size_t)k * n + i];
                if (fz_finite(bo) && !(fabs(xo - s) <= bo))
                    fz_fail(rep, "orders check: element %lu: |%s %a - exact sum %a| exceeds its bound %a",
                            (unsigned long)i, order_names[k], xo, s, bo);
                if (fz_finite(xo) && fz_finite(ba) && !(fabs(xo - s) <= ba))
                    fz_fail(rep, "orders check: element %lu: |%s %a - exact sum %a| exceeds the ANY bound %a",
                            (unsigned long)i, order_names[k], xo, s, ba);
            }
        }
    }
    if (product) {
        fuzz_stats.products_checked++;
    } else {
        fuzz_stats.orders_checked++;
        if (f16) fuzz_stats.exact_f16_checked++;
    }
}

/* ---- REDUCE value functions: semantics.md's "Reductions", modelled here ---------------------- */

/* The shape of a reduction, for walking its sequences in the packed (row-major) input: output o
   (row-major over the kept axes) reduces the elements j = 0 .. n-1 of its sub-tensor, in
   row-major order of the reduced axes (increasing dimension order, whatever order Axes has). */
typedef struct fz_rshape {
    uint32_t rank, reduced; /* reduced: bit d set for a reduced axis */
    uint64_t sizes[8], pstride[8];
    uint64_t outputs, n;
} fz_rshape;

static void fz_rshape_init(const fz_case *c, const fz_info *in, fz_rshape *rs) {
    uint32_t d, i;
    uint64_t packed = 1;
    rs->rank = in->rank;
    rs->reduced = 0;
    for (i = 0; i < c->axis_count; i++) rs->reduced |= 1u << c->axes[i]; /* validated: distinct, < rank */
    rs->outputs = rs->n = 1;
    d = in->rank;
    while (d-- > 0) {
        rs->sizes[d] = in->b->Sizes[d];
        rs->pstride[d] = packed;
        packed *= rs->sizes[d];
        if ((rs->reduced >> d) & 1u) rs->n *= rs->sizes[d];
        else rs->outputs *= rs->sizes[d];
    }
}

/* The packed input position of element j of output o's sequence. */
static uint64_t fz_rshape_at(const fz_rshape *rs, uint64_t o, uint64_t j) {
    uint64_t off = 0;
    uint32_t d = rs->rank;
    while (d-- > 0) {
        uint64_t *which = (rs->reduced >> d) & 1u ? &j : &o;
        off += (*which % rs->sizes[d]) * rs->pstride[d];
        *which /= rs->sizes[d];
    }
    return off;
}

/* An element's bits (esize 1, 2, 4 or 8 bytes), as an unsigned integer. */
static uint64_t fz_load_bits(const unsigned char *p, uint32_t esize) {
    uint8_t v8;
    uint16_t v16;
    uint32_t v32;
    uint64_t v64;
    switch (esize) {
    case 1: memcpy(&v8, p, 1); return v8;
    case 2: memcpy(&v16, p, 2); return v16;
    case 4: memcpy(&v32, p, 4); return v32;
    default: memcpy(&v64, p, 8); return v64;
    }
}

/* The bits of v (a value of the compute type) rounded once to the float type; NaN: the canonical one. */
static uint64_t fz_float_bits(double v, uint32_t type) {
    if (type == DML_TENSOR_DATA_TYPE_FLOAT16) return fz_f64_to_f16(v);
    if (type == DML_TENSOR_DATA_TYPE_FLOAT32) {
        float f = (float)v;
        uint32_t b;
        if (v != v) return 0x7FC00000u;
        memcpy(&b, &f, 4);
        return b;
    }
    {
        uint64_t b;
        if (v != v) return 0x7FF8000000000000ull;
        memcpy(&b, &v, 8);
        return b;
    }
}

static uint64_t fz_canonical_nan(uint32_t type) { return fz_float_bits(NAN, type); }

/* Float bits on a line where neighbouring encodings are one apart (-0.0 and +0.0 both 0). */
static int64_t fz_ordered(uint64_t bits, uint32_t esize) {
    uint64_t sign = (uint64_t)1 << (8 * esize - 1), mag = bits & (sign - 1u);
    return bits & sign ? -(int64_t)mag : (int64_t)mag;
}

/* v (exact in double) rounded once to the compute type T of m: float64 (FLOAT64, WIDE), binary16
   (FLOAT16 with NATIVE) or float32. Every step of a float reduction is one such rounding of the
   exact result of one operation (sums and products of two binary16 or float32 values, and their
   squares, are exact in float64; a quotient by n or a square root rounded first to float64 and
   then to float32 or binary16 is still correctly rounded: 53 >= 2 p + 2). */
static double fz_to_t(const fz_model *m, double v) {
    if (m->type == DML_TENSOR_DATA_TYPE_FLOAT64 || m->accumulation == 2) return v;
    if (m->type == DML_TENSOR_DATA_TYPE_FLOAT16 && m->accumulation == 1)
        return (double)oracle_f16_to_f32(fz_f64_to_f16(v));
    return (double)(float)v;
}

static int fz_t_precision(const fz_model *m) {
    if (m->type == DML_TENSOR_DATA_TYPE_FLOAT64 || m->accumulation == 2) return 53;
    return m->type == DML_TENSOR_DATA_TYPE_FLOAT16 && m->accumulation == 1 ? 11 : 24;
}

/* An ulp of a value of magnitude a (> 0) in a format of p bits (at least the smallest subnormal). */
static double fz_ulp(double a, int p) {
    int e = ilogb(a) - (p - 1), lowest = p == 11 ? -24 : p == 24 ? -149 : -1074;
    return ldexp(1.0, e < lowest ? lowest : e);
}

/* The largest value the shifted LOG_SUM_EXP M + log(t) may take on n finite elements of greatest M:
   each term exp(x - M) is at most 1, so t <= n (1 + u)^(n-1) in any order; then log within an
   ulp of T, M + log(t) rounded in T, and once to the output type (p_out bits). */
static double fz_lse_ceiling(const fz_model *m, double big, uint64_t n, int p_out) {
    const int p = fz_t_precision(m);
    const double logn = log((double)n), a = fabs(big) + logn + 1;
    return big + logn + 1.01 * (double)n * ldexp(1.0, -p) + 2 * (fz_ulp(a, p) + fz_ulp(a, p_out));
}

/* semantics.md's PAIRWISE, P(x, k): running sums below 8; eight running sums r[j] = x[j] + x[j+8] + ...
   over the first k - k % 8, combined ((r0 + r1) + (r2 + r3)) + ((r4 + r5) + (r6 + r7)), then the last
   k % 8 in order, up to 128; above, P(x, h) + P(x + h, k - h) with h = k/2 - (k/2) % 8. */
static double fz_pairwise(const fz_model *m, const double *x, uint64_t k) {
    uint64_t i, j;
    if (k < 8) {
        double t = x[0];
        for (i = 1; i < k; i++) t = fz_model_op(m, t, x[i]);
        return t;
    }
    if (k <= 128) {
        double r[8], t;
        for (j = 0; j < 8; j++) r[j] = x[j];
        for (i = 8; i < k - k % 8; i += 8)
            for (j = 0; j < 8; j++) r[j] = fz_model_op(m, r[j], x[i + j]);
        t = fz_model_op(m, fz_model_op(m, fz_model_op(m, r[0], r[1]), fz_model_op(m, r[2], r[3])),
                        fz_model_op(m, fz_model_op(m, r[4], r[5]), fz_model_op(m, r[6], r[7])));
        for (i = k - k % 8; i < k; i++) t = fz_model_op(m, t, x[i]);
        return t;
    }
    {
        uint64_t h = k / 2 - (k / 2) % 8;
        return fz_model_op(m, fz_pairwise(m, x, h), fz_pairwise(m, x + h, k - h));
    }
}

/* The combined value of the mapped sequence v[0..n) in T (step 2 of "Reductions"): SEQUENTIAL, BLOCKED
   and TREE as the last output of the inclusive scan in that order (fz_model_line: the seed as the
   scan's), a product's BLOCKED SEQUENTIAL; PAIRWISE, with the seed +0.0 + P(v, n). y and z: n doubles
   of scratch each. */
static double fz_reduce_combine(fz_model *m, int order, const dmlref_scan_tree *tree, const double *v, uint64_t n,
                                double *y, double *z) {
    if (order == 5) {
        double t = fz_pairwise(m, v, n);
        return m->seed ? fz_model_op(m, 0.0, t) : t;
    }
    m->blocks = order == 4 || (order == 1 && !m->product);
    memset(&m->tree, 0, sizeof m->tree);
    if (order == 4) m->tree = *tree;
    else m->tree.block = 16; /* BLOCKED: {KOGGE_STONE, 16, CARRY_AFTER} */
    fz_model_line(m, v, n, 0, y, z);
    return y[n - 1];
}

/* EXACT (SUM, AVERAGE, L1, SUM_SQUARE, L2): the exact sum of the exact mapped values (tests/bigfloat.c),
   the function's value of it rounded once. NaN, or +inf with -inf among the mapped values: NaN; else an
   infinity gives it; an exact zero is +0.0 unless every mapped value is -0.0 and there is no seed. */
static uint64_t fz_reduce_exact(uint32_t fn, uint32_t type, const double *x, uint64_t n, int seed) {
    const int format = type == DML_TENSOR_DATA_TYPE_FLOAT16   ? BF_F16
                       : type == DML_TENSOR_DATA_TYPE_FLOAT32 ? BF_F32
                                                              : BF_F64;
    const int square = fn == FZ_FN_SUM_SQUARE || fn == FZ_FN_L2, absolute = fn == FZ_FN_L1 || square;
    int pos_inf = 0, neg_inf = 0, nan = 0, all_negative_zero = 1;
    uint64_t i, bits;
    bigfloat s, v;
    for (i = 0; i < n; i++) {
        double mv = absolute ? fabs(x[i]) : x[i];
        nan |= x[i] != x[i];
        pos_inf |= mv == HUGE_VAL;
        neg_inf |= mv == -HUGE_VAL;
        all_negative_zero &= mv == 0 && signbit(mv);
    }
    if (nan || (pos_inf && neg_inf)) return fz_canonical_nan(type);
    if (pos_inf || neg_inf) return fz_float_bits(pos_inf ? HUGE_VAL : -HUGE_VAL, type);
    bf_init(&s);
    bf_init(&v);
    for (i = 0; i < n; i++) {
        bf_set_double(&v, x[i]);
        if (square) bf_mul(&v, &v, &v);
        if (absolute && bf_sign(&v) < 0) bf_neg(&v);
        bf_add(&s, &s, &v);
    }
    if (bf_is_zero(&s))
        bits = fz_float_bits(all_negative_zero && !seed && (fn == FZ_FN_SUM || fn == FZ_FN_AVERAGE) ? -0.0 : 0.0, type);
    else if (fn == FZ_FN_AVERAGE) bits = bf_round_div_u64(&s, n, format);
    else if (fn == FZ_FN_L2) bits = bf_round_sqrt(&s, format);
    else bits = bf_round(&s, format);
    bf_free(&s);
    bf_free(&v);
    return bits;
}

/* MIN and MAX: the index of the element returned (-1: a NaN). -0.0 orders below +0.0; NaN policy:
   PROPAGATE any NaN gives NaN, IGNORE skips NaNs (all NaN: NaN), COMPARE is the loop best = x[0], then
   best = x[i] when x[i] is better, so a NaN first sticks. */
static int64_t fz_reduce_extreme(const double *x, uint64_t n, int max, int policy) {
    uint64_t i;
    int64_t best = -1;
    for (i = 0; i < n; i++) {
        double a = x[i], b;
        int better;
        if (a != a) {
            if (policy == DMLREF_NAN_PROPAGATE) return -1;
            if (policy == DMLREF_NAN_COMPARE && i == 0) return -1; /* sticks */
            continue;
        }
        if (best < 0) {
            best = (int64_t)i;
            continue;
        }
        b = x[best];
        better = max ? a > b || (a == 0 && b == 0 && !signbit(a) && signbit(b))
                     : a < b || (a == 0 && b == 0 && signbit(a) && !signbit(b));
        if (better) best = (int64_t)i;
    }
    return best;
}

/* Integers: the exact result modulo 2^64 (the element type keeps its low bits); MIN and MAX compare the
   values. v: the elements sign- or zero-extended. */
static uint64_t fz_reduce_int(uint32_t fn, int is_signed, const uint64_t *v, uint64_t n) {
    uint64_t acc = fn == FZ_FN_MULTIPLY ? 1u : 0u, i;
    if (fn == FZ_FN_MIN || fn == FZ_FN_MAX) {
        acc = v[0];
        for (i = 1; i < n; i++) {
            int less = is_signed ? (int64_t)v[i] < (int64_t)acc : v[i] < acc;
            int more = is_signed ? (int64_t)v[i] > (int64_t)acc : v[i] > acc;
            if (fn == FZ_FN_MIN ? less : more) acc = v[i];
        }
        return acc;
    }
    for (i = 0; i < n; i++) {
        uint64_t a = v[i];
        switch (fn) {
        case FZ_FN_L1: acc += is_signed && (int64_t)a < 0 ? 0u - a : a; break;
        case FZ_FN_SUM_SQUARE: acc += a * a; break;
        case FZ_FN_MULTIPLY: acc *= a; break;
        default: acc += a; break; /* SUM */
        }
    }
    return acc;
}

/* One run of the reduction checks: its options and what they are called in reports. */
typedef struct fz_rrun {
    dmlref_options o;
    char name[96];
} fz_rrun;

/* A REDUCE value function that validated, on inputs of at most FZ_ORACLE_ELEMENTS elements: executed
   (isa AUTO, separate buffers, the case's layouts) with the case's options and, for floats, in every
   order the function takes (the case's accumulation, seed and log_sum_exp; its tree, or one from the
   shape; EXACT with DEFAULT accumulation), LOG_SUM_EXP in both formulas, MIN and MAX under every NaN
   policy. Each output against semantics.md ("Reductions"), modelled here:
   - integers: SUM, L1, SUM_SQUARE, MULTIPLY exactly modulo 2^bits, MIN and MAX by comparing values,
     bit for bit (AVERAGE, L2, LOG_SUM, LOG_SUM_EXP of integers exist only at a feature level: not
     modelled);
   - float MIN and MAX: the element the order and NaN policy pick, bit for bit; a NaN result is a NaN
     with the canonical bits or those of a NaN of the sequence;
   - float SUM, L1, SUM_SQUARE, MULTIPLY, AVERAGE, L2: bit for bit, each step one rounding in the
     compute type (fz_to_t, fz_reduce_combine: the scan model of the orders, PAIRWISE from its
     definition), the output rounded once, NaN canonical; EXACT against exact arithmetic
     (fz_reduce_exact);
   - LOG_SUM: the modelled sum's logarithm: NaN below 0, -inf at 0, +inf at +inf, canonical NaN for a
     NaN, else within 2 ulps of the model's (the library's log is correctly rounded in binary16 and
     float32 and within an ulp in float64; the model's is libm's);
   - LOG_SUM_EXP: a NaN in the sequence gives the canonical NaN, M = +inf gives +inf, only -inf gives
     -inf; otherwise the shifted formula lies between M and M + log(n) + n u (every term exp(x - M) is
     at most 1 and the one of M is 1), the plain one is not NaN. */
static void fz_check_reduce(fz_report *rep, const fz_case *c, const dmlref_options *opts, const fz_info *in,
                            const fz_info *out, const unsigned char *in_src) {
    const uint32_t fn = c->function, type = in->type, esize = in->esize;
    const int is_float = fz_is_float(type), minmax = fn == FZ_FN_MIN || fn == FZ_FN_MAX;
    const int is_signed = type == DML_TENSOR_DATA_TYPE_INT8 || type == DML_TENSOR_DATA_TYPE_INT16 ||
                          type == DML_TENSOR_DATA_TYPE_INT32 || type == DML_TENSOR_DATA_TYPE_INT64;
    const size_t in_bytes = (size_t)(in->extent * esize), out_bytes = (size_t)(out->extent * esize);
    size_t in_align = in->b->GuaranteedBaseOffsetAlignment, out_align = out->b->GuaranteedBaseOffsetAlignment;
    static const int order_list[5] = {0, 1, 4, 5, 2};
    fz_rshape rs;
    fz_rrun runs[24];
    int run_count = 0, r, k, failures_before = rep->failures, exact_run = 0, pairwise_run = 0, plain_run = 0;
    dmlref_options lo;
    dmlref_scan_tree tree;
    unsigned char *in_copy, *out_buf, *packed_in, *got;
    double *in64, *x, *mv, *y, *z;
    uint64_t *iv, o, j;
    if (!is_float && fz_float_only_function(fn)) return; /* a feature level's integer AVERAGE, L2, LOG_SUM(_EXP) */
    if (in_align < 64) in_align = 64;
    if (out_align < 64) out_align = 64;
    if (in_align > FZ_MAX_ALIGN || out_align > FZ_MAX_ALIGN || in_bytes > FZ_MAX_BYTES || out_bytes > FZ_MAX_BYTES)
        return;
    fz_rshape_init(c, in, &rs);

    if (opts) lo = *opts;
    else memset(&lo, 0, sizeof lo);
    lo.error_message = NULL;
    lo.error_message_capacity = 0;
    lo.isa = DMLREF_ISA_AUTO;
    if (opts && opts->float_order == 4) { /* the case's own tree (valid: validation accepted it) */
        tree = *opts->tree;
    } else { /* one from the shape, every carry */
        memset(&tree, 0, sizeof tree);
        tree.algorithm = (int32_t)((rs.n + rs.outputs) % 3u);
        tree.block = 2u << ((rs.n / 3u) % 6u);
        tree.carry = (int32_t)((rs.n / 2u) % 4u);
    }
    lo.tree = &tree;

    /* the runs */
    runs[run_count].o = lo;
    snprintf(runs[run_count++].name, sizeof runs[0].name, "the case's options");
    if (is_float && minmax) {
        for (k = 0; k < 3; k++) {
            runs[run_count].o = lo;
            runs[run_count].o.nan_policy = k;
            snprintf(runs[run_count++].name, sizeof runs[0].name, "nan_policy %d", k);
        }
    } else if (is_float) {
        int lse;
        for (lse = 0; lse < (fn == FZ_FN_LOG_SUM_EXP ? 2 : 1); lse++)
            for (k = 0; k < 5; k++) {
                fz_rrun *run = &runs[run_count];
                if (!(fz_orders_taken(FZ_REDUCE, fn) & FZ_ORDER(order_list[k]))) continue;
                run->o = lo;
                run->o.float_order = order_list[k];
                if (order_list[k] == 2) run->o.accumulation = 0; /* EXACT takes DEFAULT only */
                if (fn == FZ_FN_LOG_SUM_EXP) run->o.log_sum_exp = lse;
                snprintf(run->name, sizeof run->name, "float_order %d, accumulation %d, identity_seed %d%s",
                         order_list[k], (int)run->o.accumulation, (int)run->o.identity_seed,
                         fn == FZ_FN_LOG_SUM_EXP ? (lse ? ", log_sum_exp PLAIN" : ", log_sum_exp SHIFTED") : "");
                run_count++;
            }
    }

    /* the input, packed: its bits, and as doubles (floats) */
    in_copy = fz_aligned_slot(FZ_SLOT_REDUCE_IN, in_bytes, in_align);
    memcpy(in_copy, in_src, in_bytes);
    packed_in = fz_slot(FZ_SLOT_REDUCE_PACKED, (size_t)in->count * esize);
    fz_gather(in, in_copy, packed_in);
    in64 = (double *)(void *)fz_aligned_slot(FZ_SLOT_REDUCE_VALUES, (size_t)in->count * sizeof(double) * 5u + 64u, 64);
    x = in64 + in->count; /* one sequence, then its mapped values and the model's scratch */
    mv = x + rs.n;
    y = mv + rs.n;
    z = y + rs.n;
    iv = (uint64_t *)(void *)z; /* integers use z for the sequence */
    for (j = 0; j < in->count; j++) {
        uint64_t bits = fz_load_bits(packed_in + j * esize, esize);
        if (is_float) in64[j] = fz_load_float(packed_in + j * esize, type);
        else if (is_signed && esize < 8 && (bits >> (8 * esize - 1)) & 1u)
            in64[j] = (double)(bits | (UINT64_MAX << (8 * esize)));
        else in64[j] = (double)bits; /* unused for integers but by reports */
    }
    out_buf = fz_aligned_slot(FZ_SLOT_REDUCE_OUT, out_bytes, out_align);
    got = fz_slot(FZ_SLOT_REDUCE_GOT, (size_t)rs.outputs * esize);

    for (r = 0; r < run_count && rep->failures - failures_before < 4; r++) {
        const fz_rrun *run = &runs[r];
        const int order = run->o.float_order;
        const void *ins[1];
        void *outs[1];
        dmlref_status st;
        fz_model m;
        ins[0] = in_copy;
        outs[0] = out_buf;
        memset(out_buf, 0xA5, out_bytes);
        st = dmlref_execute(&c->op, ins, outs, &run->o);
        if (st != DMLREF_OK) {
            fz_fail(rep, "reduce check: dmlref_execute (%s) returned %s for REDUCE %s, which validated", run->name,
                    dmlref_status_name(st), fz_function_names[fn]);
            continue;
        }
        fz_gather(out, out_buf, got);
        memset(&m, 0, sizeof m);
        m.type = type;
        m.product = fn == FZ_FN_MULTIPLY;
        m.seed = !m.product && run->o.identity_seed == 1;
        m.accumulation = run->o.accumulation;
        for (o = 0; o < rs.outputs; o++) {
            const uint64_t have = fz_load_bits(got + o * esize, esize);
            uint64_t want = 0;
            int nan_ok = 0; /* MIN, MAX: a NaN result may keep a NaN element's bits */
            const char *how = "";
            int64_t dist_max = 0; /* LOG_SUM: ulps allowed */
            for (j = 0; j < rs.n; j++) {
                uint64_t at = fz_rshape_at(&rs, o, j);
                x[j] = in64[at];
                if (!is_float) {
                    uint64_t bits = fz_load_bits(packed_in + at * esize, esize);
                    if (is_signed && esize < 8 && (bits >> (8 * esize - 1)) & 1u) bits |= UINT64_MAX << (8 * esize);
                    iv[j] = bits;
                }
            }
            if (!is_float) {
                want = fz_reduce_int(fn, is_signed, iv, rs.n);
                if (esize < 8) want &= ((uint64_t)1 << (8 * esize)) - 1u;
            } else if (minmax) {
                int64_t at = fz_reduce_extreme(x, rs.n, fn == FZ_FN_MAX, run->o.nan_policy);
                if (at < 0) {
                    want = fz_canonical_nan(type);
                    nan_ok = 1;
                } else {
                    want = fz_load_bits(packed_in + fz_rshape_at(&rs, o, (uint64_t)at) * esize, esize);
                }
            } else if (order == 2) {
                want = fz_reduce_exact(fn, type, x, rs.n, run->o.identity_seed == 1);
                how = " (exact arithmetic)";
            } else if (fn == FZ_FN_LOG_SUM_EXP) {
                double big = -HUGE_VAL, value;
                int has_nan = 0;
                for (j = 0; j < rs.n; j++) {
                    has_nan |= x[j] != x[j];
                    if (x[j] > big) big = x[j];
                }
                if (has_nan) want = fz_canonical_nan(type);
                else if (big == HUGE_VAL || big == -HUGE_VAL) want = fz_float_bits(big, type);
                else {
                    const int p_out = esize == 2 ? 11 : esize == 4 ? 24 : 53;
                    value = fz_load_float(got + o * esize, type);
                    if (run->o.log_sum_exp == 1 ? value != value
                                                : !(value >= big && value <= fz_lse_ceiling(&m, big, rs.n, p_out)))
                        fz_fail(rep,
                                "reduce check: output %lu (row-major) of REDUCE LOG_SUM_EXP (%s) is %a; M is %a and n "
                                "%lu: %s",
                                (unsigned long)o, run->name, value, big, (unsigned long)rs.n,
                                run->o.log_sum_exp == 1 ? "the plain formula of finite inputs cannot give NaN"
                                                        : "outside [M, M + log(n) + n u]");
                    continue;
                }
            } else {
                double t;
                for (j = 0; j < rs.n; j++)
                    mv[j] = fn == FZ_FN_L1                             ? fabs(x[j])
                            : fn == FZ_FN_SUM_SQUARE || fn == FZ_FN_L2 ? fz_to_t(&m, x[j] * x[j])
                                                                       : x[j];
                t = fz_reduce_combine(&m, order, &tree, mv, rs.n, y, z);
                if (fn == FZ_FN_AVERAGE) {
                    double count = fz_to_t(&m, (double)rs.n);
                    if (fz_t_precision(&m) == 24) t = (double)((float)t / (float)count);
                    else t = fz_to_t(&m, t / count);
                } else if (fn == FZ_FN_L2) {
                    t = fz_to_t(&m, sqrt(t));
                } else if (fn == FZ_FN_LOG_SUM) {
                    if (t > 0 && t < HUGE_VAL) {
                        t = fz_to_t(&m, log(t));
                        dist_max = 2;
                    } else {
                        t = t == 0 ? -HUGE_VAL : t == HUGE_VAL ? HUGE_VAL : NAN;
                    }
                }
                want = fz_float_bits(t, type);
                if (order == 5) how = " (PAIRWISE model)";
            }
            if (have == want) continue;
            if (nan_ok && fz_is_nan_at(got + o * esize, type)) {
                for (j = 0; j < rs.n; j++)
                    if (fz_load_bits(packed_in + fz_rshape_at(&rs, o, j) * esize, esize) == have) break;
                if (j < rs.n) continue; /* a NaN element's own bits */
            }
            if (dist_max) {
                int64_t d = fz_ordered(have, esize) - fz_ordered(want, esize);
                if (!fz_is_nan_at(got + o * esize, type) && d <= dist_max && -d <= dist_max) continue;
            }
            fz_fail(rep,
                    "reduce check: output %lu (row-major) of REDUCE %s %s (%s, %lu elements): dml_ref wrote 0x%llX, "
                    "semantics.md's model%s gives 0x%llX%s",
                    (unsigned long)o, fz_function_names[fn], dmlref_data_type_name((DML_TENSOR_DATA_TYPE)type),
                    run->name, (unsigned long)rs.n, (unsigned long long)have, how, (unsigned long long)want,
                    dist_max ? " (2 ulps allowed)" : "");
            break;
        }
        if (is_float && !minmax && order == 2) exact_run = 1;
        if (is_float && !minmax && order == 5) pairwise_run = 1;
        if (is_float && fn == FZ_FN_LOG_SUM_EXP && run->o.log_sum_exp == 1) plain_run = 1;
    }
    if (r == run_count) {
        fuzz_stats.reduce_modelled[fn]++;
        fuzz_stats.reduce_exact += (unsigned long)exact_run;
        fuzz_stats.reduce_pairwise += (unsigned long)pairwise_run;
        fuzz_stats.reduce_plain_lse += (unsigned long)plain_run;
    }
}

int fuzz_check(const uint8_t *data, size_t size, char *report, size_t report_capacity) {
    fz_case the_case, *c = &the_case;
    fz_report rep;
    fz_info in, out, bnd;
    fz_message msg;
    dmlref_options *opts;
    dmlref_status vs, bound_ref;
    uint32_t expected_mask, lenient = 0, bound_desc_mask = 0;
    int order_rule = 0;
    char validate_message[600], exec_message[600], bound_ref_message[600];
    const char *op_name, *opt_field = NULL;
    uint64_t decl[3];
    int i, nblocks = 0, in_block = 0, out_block = 0, run_count = 0, first_ok_saved = 0, trusted;
    int bound_valid = 0, bound_run = 0, bound_block = -1; /* bound_block -1: no bound memory (NULL) */
    size_t in_off = 0, out_off = 0, align = 64, bound_off = 0;
    fz_block blocks[3];
    unsigned char *snap[3] = {NULL, NULL, NULL}, *image = NULL, *want = NULL, *first = NULL;
    int32_t isas[8];
    int isa_count = 0;
    dmlref_status expected_exec = DMLREF_OK;
    int oracle_ok = 0, image_ok = 0, executed = 0;

    rep.buf = report;
    rep.cap = report_capacity;
    rep.used = 0;
    rep.failures = 0;
    if (report && report_capacity) report[0] = 0;
    fz_decode(data, size, c);
    fuzz_stats.cases++;
    /* options.tree is read only for float_order TREE: otherwise any read of it is an ASan report */
    if (c->tree && (c->options_null || c->options.float_order != 4)) {
        FZ_POISON(c->tree, FZ_TREE_BYTES);
        c->tree_poisoned = 1;
    }

    /* DMLCalcBufferTensorSize of every reachable tensor */
    for (i = 0; i < 2; i++) {
        const fz_tensor *t = &c->t[i];
        if (!t->desc_null && !t->buffer_null) {
            const DML_BUFFER_TENSOR_DESC *b = &t->buffer;
            uint64_t want = fz_calc_size((uint32_t)b->DataType, b->DimensionCount, b->Sizes, b->Strides);
            uint64_t got = dmlref_calc_buffer_tensor_size(b->DataType, b->DimensionCount, b->Sizes, b->Strides);
            if (got != want)
                fz_fail(&rep, "dmlref_calc_buffer_tensor_size(%s) is %llu, semantics.md's formula gives %llu",
                        i ? "OutputTensor" : "InputTensor", (unsigned long long)got, (unsigned long long)want);
        }
    }

    /* options and the message buffer */
    msg.cap = c->message_capacity;
    msg.buf = NULL;
    if (c->message_mode != 0) {
        msg.buf = (char *)malloc(msg.cap ? msg.cap : 1);
        if (!msg.buf) abort();
    }
    c->options.error_message = msg.buf;
    c->options.error_message_capacity = c->message_capacity;
    c->options.isa = c->isa == FZ_ISA_ALL ? (int32_t)DMLREF_ISA_AUTO : c->isa;
    opts = c->options_null ? NULL : &c->options;
    if (!opts) msg.buf = NULL; /* allocated but not handed over */

    /* validation */
    fz_message_reset(&msg);
    vs = dmlref_validate(c->op_null ? NULL : &c->op, opts);
    op_name = c->op_null || c->kind == FZ_OTHER ? NULL : fz_op_names[c->kind];
    fz_message_check(&rep, "dmlref_validate", &msg, vs, op_name, validate_message, sizeof validate_message);
    if ((unsigned)vs >= (unsigned)DMLREF_STATUS_COUNT) fz_fail(&rep, "dmlref_validate returned %d", (int)vs);
    expected_mask = fz_expected_status(c, 0, &in, &out, &opt_field, &lenient, &order_rule);
    /* a broken option: the message names it (when it was not cut short) */
    if (opt_field && msg.buf && (unsigned)vs < 32u && (expected_mask & FZ_BIT(vs)) &&
        strlen(validate_message) + 1 < msg.cap && !strstr(validate_message, opt_field))
        fz_fail(&rep, "dmlref_validate returned %s with the message \"%s\", which does not name %s",
                dmlref_status_name(vs), validate_message, opt_field);
    if (lenient && (unsigned)vs < 32u && (lenient & FZ_BIT(vs)) && !(expected_mask & FZ_BIT(vs)))
        fuzz_stats.reduce_lenient_level++;
    if (expected_mask == 0 && vs != DMLREF_OK && ((unsigned)vs >= 32u || !(lenient & FZ_BIT(vs))))
        fz_fail(&rep, "dmlref_validate returned %s (%s) for a case that breaks no rule", dmlref_status_name(vs),
                validate_message);
    if (expected_mask != 0 && ((unsigned)vs >= 32u || !((expected_mask | lenient) & FZ_BIT(vs)))) {
        char list[400];
        size_t used = 0;
        int s;
        list[0] = 0;
        for (s = 0; s < 32; s++)
            if ((expected_mask | lenient) & FZ_BIT(s)) {
                int n = snprintf(list + used, sizeof list - used, "%s%s", used ? " " : "",
                                 dmlref_status_name((dmlref_status)s));
                if (n > 0 && (size_t)n < sizeof list - used) used += (size_t)n;
            }
        fz_fail(&rep, "dmlref_validate returned %s (%s); the broken rules give %s", dmlref_status_name(vs),
                validate_message, list);
    }
    /* a disagreement is reported; running it would only repeat the report */
    trusted = vs == DMLREF_OK && expected_mask == 0;

    /* dmlref_error_bound validates as dmlref_validate does, but takes float_order ANY:
       what it must say first is dmlref_validate's word on the case read as SEQUENTIAL */
    memset(&bnd, 0, sizeof bnd);
    if (opts && opts->float_order == DMLREF_FLOAT_ORDER_ANY) {
        dmlref_options seq = *opts;
        seq.float_order = DMLREF_FLOAT_ORDER_SEQUENTIAL;
        fz_message_reset(&msg);
        bound_ref = dmlref_validate(c->op_null ? NULL : &c->op, &seq);
        fz_message_check(&rep, "dmlref_validate (ANY read as SEQUENTIAL)", &msg, bound_ref, op_name, bound_ref_message,
                         sizeof bound_ref_message);
        if (bound_ref == DMLREF_OK) {
            fz_info in2, out2;
            uint32_t m2;
            c->options.float_order = DMLREF_FLOAT_ORDER_SEQUENTIAL;
            m2 = fz_expected_validation(c, &in2, &out2);
            c->options.float_order = DMLREF_FLOAT_ORDER_ANY;
            if (m2 != 0)
                fz_fail(&rep,
                        "dmlref_validate (float_order ANY read as SEQUENTIAL) accepted a case that breaks a rule");
            else bound_valid = 1;
        }
    } else {
        bound_ref = vs;
        memcpy(bound_ref_message, validate_message, sizeof bound_ref_message);
        bound_valid = trusted;
    }
    if (bound_valid) bound_desc_mask = fz_expected_bound_rules(c, &out, &bnd);
    if (vs == DMLREF_OK && !trusted) goto done;
    if (vs == DMLREF_OK) {
        fuzz_stats.valid++;
        fuzz_stats.valid_by_op[c->kind]++;
    } else {
        fuzz_stats.invalid_by_op[c->kind]++;
    }

    /* buffers: declared sizes, capped */
    for (i = 0; i < 2; i++) {
        const fz_tensor *t = &c->t[i];
        int reachable = !t->desc_null && t->desc.Type == DML_TENSOR_TYPE_BUFFER && !t->buffer_null;
        uint32_t a = reachable ? t->buffer.GuaranteedBaseOffsetAlignment : 0;
        decl[i] = reachable ? t->buffer.TotalTensorSizeInBytes : 64;
        if (a != 0 && (a & (a - 1u)) == 0 && a <= FZ_MAX_ALIGN && a > align) align = a;
    }
    if (vs == DMLREF_OK && (decl[0] > FZ_MAX_BYTES || decl[1] > FZ_MAX_BYTES || in.count > FZ_MAX_EXEC_ELEMENTS ||
                            out.count > FZ_MAX_EXEC_ELEMENTS)) {
        fuzz_stats.validate_only++;
        goto done;
    }
    /* dmlref_error_bound: runs unless the bound (or, for a case only it
       accepts, the input) is too big to back; a bound it must reject gets a
       small buffer, as below */
    {
        const fz_tensor *t = &c->t[2];
        int reachable = !t->desc_null && t->desc.Type == DML_TENSOR_TYPE_BUFFER && !t->buffer_null;
        decl[2] = reachable ? t->buffer.TotalTensorSizeInBytes : 64;
        bound_run = 1;
        if (bound_valid && vs != DMLREF_OK &&
            (decl[0] > FZ_MAX_BYTES || in.count > FZ_MAX_EXEC_ELEMENTS || out.count > FZ_MAX_EXEC_ELEMENTS))
            bound_run = 0;
        if (bound_valid && bound_desc_mask == 0 && (decl[2] > FZ_MAX_BYTES || bnd.count > FZ_MAX_EXEC_ELEMENTS))
            bound_run = 0;
        if ((!bound_valid || bound_desc_mask != 0) && decl[2] > FZ_INVALID_BYTES) decl[2] = FZ_INVALID_BYTES;
    }
    /* A rejected case must touch no byte: small buffers serve (and any access
       past them is an ASan report). The input of a case dmlref_error_bound
       alone accepts (float_order ANY) is backed in full. */
    for (i = 0; i < 2 && vs != DMLREF_OK; i++)
        if (decl[i] > FZ_INVALID_BYTES && !(i == 0 && bound_run && bound_valid)) decl[i] = FZ_INVALID_BYTES;
    {
        uint32_t out_es = out.esize ? out.esize : 4;
        size_t mis_in = 0, mis_out = 0, regions[3];
        if (c->misalign_mode == 5) mis_in = 1;
        if (c->misalign_mode == 6) mis_out = 1;
        if (c->misalign_mode == 7) mis_out = out_es;
        if (c->placement == FZ_SEPARATE) {
            nblocks = 2;
            in_block = 0;
            out_block = 1;
            in_off = mis_in;
            out_off = mis_out;
            regions[0] = (size_t)decl[0] + mis_in;
            regions[1] = (size_t)decl[1] + mis_out;
        } else if (c->placement == FZ_IN_PLACE) {
            nblocks = 1;
            in_block = out_block = 0;
            in_off = out_off = mis_in + mis_out;
            regions[0] = in_off + (size_t)(decl[0] > decl[1] ? decl[0] : decl[1]);
        } else {
            nblocks = 1;
            in_block = out_block = 0;
            in_off = (size_t)(c->delta < 0 ? -c->delta : 0) + mis_in;
            out_off = (size_t)(c->delta > 0 ? c->delta : 0) + mis_out;
            regions[0] = in_off + (size_t)decl[0] > out_off + (size_t)decl[1] ? in_off + (size_t)decl[0]
                                                                              : out_off + (size_t)decl[1];
        }
        /* the bound's buffer: its own block, or in the input's at bound_delta
           bytes from the input (everything in that block moves up when the
           bound would start before it) */
        if (bound_run && c->bound_place == FZ_BOUND_IN_INPUT) {
            long at = (long)in_off + c->bound_delta + c->bound_misalign;
            if (at < 0) {
                size_t front = ((size_t)-at + 63u) & ~(size_t)63u;
                in_off += front;
                if (out_block == in_block) out_off += front;
                regions[0] += front;
                at += (long)front;
            }
            bound_block = in_block;
            bound_off = (size_t)at;
            if (bound_off + (size_t)decl[2] > regions[0]) regions[0] = bound_off + (size_t)decl[2];
        } else if (bound_run && c->bound_place == FZ_BOUND_OWN) {
            bound_block = 2;
            bound_off = (size_t)c->bound_misalign;
            regions[2] = bound_off + (size_t)decl[2];
        }
        for (i = 0; i < nblocks; i++) {
            fz_block_alloc(&blocks[i], FZ_SLOT_BLOCK0 + i, regions[i], align);
            memset(blocks[i].raw, c->out_fill, blocks[i].total);
        }
        if (bound_block == 2) {
            uint32_t a = bnd.b ? bnd.b->GuaranteedBaseOffsetAlignment : 0;
            fz_block_alloc(&blocks[2], FZ_SLOT_BLOCK2, regions[2],
                           a > 64 && a <= FZ_MAX_ALIGN && (a & (a - 1u)) == 0 ? a : 64);
            memset(blocks[2].raw, c->out_fill, blocks[2].total);
            snap[2] = fz_slot(FZ_SLOT_SNAP2, blocks[2].total);
            memcpy(snap[2], blocks[2].raw, blocks[2].total);
        }
        /* the input's bytes up to its last element (the rest keeps out_fill) */
        fz_fill_input(c, blocks[in_block].raw + blocks[in_block].start + in_off,
                      vs == DMLREF_OK && in.extent * in.esize < decl[0] ? (size_t)(in.extent * in.esize)
                                                                        : (size_t)decl[0]);
        for (i = 0; i < nblocks; i++) {
            snap[i] = fz_slot(FZ_SLOT_SNAP0 + i, blocks[i].total);
            memcpy(snap[i], blocks[i].raw, blocks[i].total);
        }
    }

    {
        unsigned char *in_ptr = blocks[in_block].raw + blocks[in_block].start + in_off;
        unsigned char *out_ptr = blocks[out_block].raw + blocks[out_block].start + out_off;
        const void *inputs[1];
        void *outputs[1];
        const void *const *inputs_arg = inputs;
        void *const *outputs_arg = outputs;
        unsigned char *out_raw = blocks[out_block].raw;
        int small = 0;
        fz_where here, nowhere;
        here.out = vs == DMLREF_OK ? &out : NULL;
        here.offset = (size_t)(out_ptr - out_raw);
        nowhere.out = NULL;
        nowhere.offset = here.offset;
        inputs[0] = in_ptr;
        outputs[0] = out_ptr;
        if (c->pointer_mode == 4) inputs_arg = NULL;
        if (c->pointer_mode == 5) inputs[0] = NULL;
        if (c->pointer_mode == 6) outputs_arg = NULL;
        if (c->pointer_mode == 7) outputs[0] = NULL;

        /* what execute must return once validation passed */
        if (vs == DMLREF_OK) {
            uintptr_t ia = (uintptr_t)in_ptr, oa = (uintptr_t)out_ptr;
            uintptr_t in_last = ia + (uintptr_t)(in.extent * in.esize),
                      out_last = oa + (uintptr_t)(out.extent * out.esize);
            uint32_t ialign = in.b->GuaranteedBaseOffsetAlignment, oalign = out.b->GuaranteedBaseOffsetAlignment;
            if (c->pointer_mode >= 4) {
                expected_exec = DMLREF_ERROR_NULL_POINTER;
            } else if (ia % in.esize || (ialign && ia % ialign) || oa % out.esize || (oalign && oa % oalign)) {
                expected_exec = DMLREF_ERROR_MISALIGNED;
            } else if (ia < out_last && oa < in_last) {
                int in_place = (c->kind == FZ_CUMSUM || c->kind == FZ_CUMPROD) && ia == oa;
                uint32_t d;
                for (d = 0; in_place && d < in.rank; d++)
                    if (in.b->Sizes[d] > 1 && in.strides[d] != out.strides[d]) in_place = 0;
                if (!in_place) expected_exec = DMLREF_ERROR_OVERLAP;
            }
            if (expected_exec == DMLREF_OK) {
                const unsigned char *in_copy = snap[in_block] + (in_ptr - blocks[in_block].raw);
                fz_ref ref;
                small = in.count <= FZ_ORACLE_ELEMENTS;
                fz_reference(c, &in, &ref);
                if (small) {
                    /* fz_nested() already proved the layout one-to-one; small
                       cases check it the slow way too */
                    unsigned char *mask = fz_slot(FZ_SLOT_MASK, blocks[out_block].total);
                    memset(mask, 0, blocks[out_block].total);
                    if (!fz_walk_output(&out, (size_t)(out_ptr - out_raw), mask, NULL, NULL))
                        fz_fail(&rep, "dmlref_validate accepted an output layout that maps two indices to one element");
                }
                image = fz_slot(FZ_SLOT_IMAGE, blocks[out_block].total);
                memcpy(image, snap[out_block], blocks[out_block].total);
                if (small && ref.oracle) {
                    /* the oracle models the reference options (it has no EXACT float sums,
                       no TREE order, accumulation, seed or COMPARE: see fz_reference) */
                    if (oracle_run(&c->op, in_copy, image + (out_ptr - out_raw), ref.o.float_order, ref.o.nan_policy) !=
                        0)
                        fz_fail(&rep, "oracle_run refused a case dmlref_validate accepted");
                    else oracle_ok = image_ok = 1;
                } else if (!ref.same) {
                    /* the library itself with options that must give the same bits */
                    dmlref_status rs;
                    for (i = 0; i < nblocks; i++) memcpy(blocks[i].raw, snap[i], blocks[i].total);
                    ref.o.isa = DMLREF_ISA_SCALAR;
                    rs = dmlref_execute(&c->op, inputs_arg, outputs_arg, &ref.o);
                    if (rs != DMLREF_OK) {
                        fz_fail(&rep,
                                "dmlref_execute returned %s with the reference options (float_order %d, "
                                "accumulation %d, identity_seed %d, nan_policy %d) of a case it accepts",
                                dmlref_status_name(rs), (int)ref.o.float_order, (int)ref.o.accumulation,
                                (int)ref.o.identity_seed, (int)ref.o.nan_policy);
                    } else {
                        memcpy(image, out_raw, blocks[out_block].total);
                        image_ok = 1;
                        fuzz_stats.reference_runs++;
                    }
                    for (i = 0; i < nblocks; i++) memcpy(blocks[i].raw, snap[i], blocks[i].total);
                }
                if (image_ok && ref.zero_fix) fz_positive_zeros(&out, image + (out_ptr - out_raw));
                if (image_ok && ref.compare_patch)
                    fuzz_stats.compare_patched += fz_compare_first(c, &in, &out, in_copy, image + (out_ptr - out_raw));
            }
        }

        /* the ISA paths to run: every available one for isa_sel 7, and for a valid
           case with one of the newer options (which must give the same bits on
           every path) */
        if (opts && (c->isa == FZ_ISA_ALL || (vs == DMLREF_OK && (fz_new_options(opts) || fz_reduce_value(c))))) {
            int32_t k;
            isas[isa_count++] = DMLREF_ISA_AUTO;
            for (k = DMLREF_ISA_SCALAR; k < DMLREF_ISA_COUNT; k++)
                if (dmlref_isa_available((dmlref_isa)k)) isas[isa_count++] = k;
        } else {
            isas[isa_count++] = opts ? opts->isa : (int32_t)DMLREF_ISA_AUTO;
        }

        for (run_count = 0; run_count < isa_count; run_count++) {
            const char *isa = fz_isa_label(isas[run_count]);
            dmlref_status es;
            fz_env env;
            char env_text[160];
            int env_ok;
            if (opts) opts->isa = isas[run_count];
            for (i = 0; i < nblocks; i++) {
                memcpy(blocks[i].raw, snap[i], blocks[i].total);
                fz_block_poison(&blocks[i]);
            }
            fz_message_reset(&msg);
            fz_env_enter(c, &env);
            es = dmlref_execute(c->op_null ? NULL : &c->op, inputs_arg, outputs_arg, opts);
            env_ok = fz_env_leave(&env, env_text, sizeof env_text);
            for (i = 0; i < nblocks; i++) fz_block_unpoison(&blocks[i]);
            executed = 1;
            if (run_count == 0 && (unsigned)es < 16u) fuzz_stats.execute_status[es]++;
            if (!env_ok)
                fz_fail(&rep, "dmlref_execute returned %s with %s [isa %s]", dmlref_status_name(es), env_text, isa);
            fz_message_check(&rep, "dmlref_execute", &msg, es, op_name, exec_message, sizeof exec_message);
            if (vs != DMLREF_OK) {
                if (es != vs)
                    fz_fail(&rep, "dmlref_execute returned %s, dmlref_validate %s [isa %s]", dmlref_status_name(es),
                            dmlref_status_name(vs), isa);
                if (strcmp(exec_message, validate_message) != 0)
                    fz_fail(&rep, "dmlref_execute's message \"%s\" differs from dmlref_validate's \"%s\"", exec_message,
                            validate_message);
            } else if (es != expected_exec) {
                fz_fail(&rep, "dmlref_execute returned %s (%s), expected %s [isa %s]", dmlref_status_name(es),
                        exec_message, dmlref_status_name(expected_exec), isa);
            }
            if (es != DMLREF_OK || vs != DMLREF_OK || expected_exec != DMLREF_OK) {
                for (i = 0; i < nblocks; i++)
                    fz_compare(&rep, "failed call", isa, &blocks[i], snap[i], snap[i], nowhere);
                continue;
            }
            /* OK: the other block (separate input) is unchanged; in the output's
               block only output elements changed, to the oracle's bits (the
               oracle writes nothing else), or on the first path to anything,
               and on the other paths to the first path's bits */
            if (nblocks == 2)
                fz_compare(&rep, "input buffer", isa, &blocks[in_block], snap[in_block], snap[in_block], nowhere);
            if (image_ok) {
                fz_compare(&rep, oracle_ok ? "output" : "output (against the reference options' run)", isa,
                           &blocks[out_block], image, snap[out_block], here);
            } else if (first_ok_saved) {
                fz_compare(&rep, "output (against the first path)", isa, &blocks[out_block], first, snap[out_block],
                           here);
            } else {
                size_t total = blocks[out_block].total;
                want = fz_slot(FZ_SLOT_WANT, total);
                memcpy(want, snap[out_block], total);
                fz_walk_output(&out, here.offset, NULL, want, out_raw);
                fz_compare(&rep, "output", isa, &blocks[out_block], want, snap[out_block], here);
                if (isa_count > 1) {
                    first = fz_slot(FZ_SLOT_FIRST, total);
                    memcpy(first, out_raw, total);
                    first_ok_saved = 1;
                }
            }
            if (opts && opts->parallel) { /* the bits of the same call on one thread */
                size_t total = blocks[out_block].total;
                unsigned char *with = fz_slot(FZ_SLOT_PARALLEL, total);
                dmlref_status ns;
                memcpy(with, out_raw, total);
                for (i = 0; i < nblocks; i++) memcpy(blocks[i].raw, snap[i], blocks[i].total);
                opts->parallel = NULL;
                ns = dmlref_execute(&c->op, inputs_arg, outputs_arg, opts);
                opts->parallel = &c->schedule.parallel;
                fz_parallel_verdict(&rep, c, "dmlref_execute", ns, memcmp(with, out_raw, total) == 0, isa);
            }
        }

        /* ---- dmlref_error_bound, on the same paths and in the same environment ---- */
        if (bound_run) {
            unsigned char *b_ptr =
                bound_block < 0 ? NULL : blocks[bound_block].raw + blocks[bound_block].start + bound_off;
            const DML_TENSOR_DESC *bt_arg = c->t[2].desc_null ? NULL : &c->t[2].desc;
            uint32_t bmask = 0;
            int k, run, saved = 0, integer = !fz_is_float(in.type);
            char bound_message[600];
            unsigned char *values = NULL, *b_first = NULL;
            fz_where bhere;
            bhere.out = &bnd;
            bhere.offset = bound_block < 0 ? 0 : blocks[bound_block].start + bound_off;
            if (bound_valid) { /* the rules of the call itself, from its pointers */
                uint64_t ia = (uint64_t)(uintptr_t)in_ptr, ba = (uint64_t)(uintptr_t)b_ptr;
                uint32_t ialign = in.b->GuaranteedBaseOffsetAlignment;
                bmask = bound_desc_mask;
                if (c->pointer_mode == 4 || c->pointer_mode == 5 || !b_ptr) bmask |= FZ_BIT(DMLREF_ERROR_NULL_POINTER);
                if (ia % in.esize || (ialign && ia % ialign)) bmask |= FZ_BIT(DMLREF_ERROR_MISALIGNED);
                if (b_ptr && bnd.b) {
                    uint32_t balign = bnd.b->GuaranteedBaseOffsetAlignment;
                    if (ba % 8u || (balign && (balign & (balign - 1u)) == 0 && ba % balign))
                        bmask |= FZ_BIT(DMLREF_ERROR_MISALIGNED);
                    if (bnd.complete && ia < ba + bnd.extent * 8u && ba < ia + in.extent * in.esize)
                        bmask |= FZ_BIT(DMLREF_ERROR_OVERLAP);
                }
                if (bmask == 0) values = fz_slot(FZ_SLOT_BOUND_VALUES, (size_t)bnd.count * 8u);
            }
            fuzz_stats.bound_calls++;
            for (run = 0; run < isa_count; run++) {
                const char *isa = fz_isa_label(isas[run]);
                dmlref_status bs;
                fz_env env;
                char env_text[160];
                int env_ok;
                if (opts) opts->isa = isas[run];
                for (k = 0; k < 3; k++)
                    if (k < nblocks || k == bound_block) {
                        memcpy(blocks[k].raw, snap[k], blocks[k].total);
                        fz_block_poison(&blocks[k]);
                    }
                fz_message_reset(&msg);
                fz_env_enter(c, &env);
                bs = dmlref_error_bound(c->op_null ? NULL : &c->op, inputs_arg, bt_arg, b_ptr, opts);
                env_ok = fz_env_leave(&env, env_text, sizeof env_text);
                for (k = 0; k < 3; k++)
                    if (k < nblocks || k == bound_block) fz_block_unpoison(&blocks[k]);
                if (run == 0) {
                    if ((unsigned)bs < 16u) fuzz_stats.bound_status[bs]++;
                    if (bs == DMLREF_OK) {
                        fuzz_stats.bound_ok++;
                        fuzz_stats.bound_ok_by_op[c->kind]++;
                    } else if (bound_valid) {
                        fuzz_stats.bound_specific++;
                    }
                }
                if (!env_ok)
                    fz_fail(&rep, "dmlref_error_bound returned %s with %s [isa %s]", dmlref_status_name(bs), env_text,
                            isa);
                fz_message_check(&rep, "dmlref_error_bound", &msg, bs, op_name, bound_message, sizeof bound_message);
                if (!bound_valid) {
                    if (bs != bound_ref)
                        fz_fail(&rep,
                                "dmlref_error_bound returned %s (%s); the validation of the same descriptor "
                                "returns %s (%s) [isa %s]",
                                dmlref_status_name(bs), bound_message, dmlref_status_name(bound_ref), bound_ref_message,
                                isa);
                    else if (strcmp(bound_message, bound_ref_message) != 0)
                        fz_fail(&rep, "dmlref_error_bound's message \"%s\" differs from the validation's \"%s\"",
                                bound_message, bound_ref_message);
                } else if (bmask == 0 ? bs != DMLREF_OK
                                      : (bs == DMLREF_OK || (unsigned)bs >= 32u || !(bmask & FZ_BIT(bs)))) {
                    char list[400];
                    size_t used = 0;
                    int st;
                    list[0] = 0;
                    for (st = 0; st < 32; st++)
                        if (bmask & FZ_BIT(st)) {
                            int w = snprintf(list + used, sizeof list - used, "%s%s", used ? " " : "",
                                             dmlref_status_name((dmlref_status)st));
                            if (w > 0 && (size_t)w < sizeof list - used) used += (size_t)w;
                        }
                    fz_fail(&rep, "dmlref_error_bound returned %s (%s); the broken rules give %s [isa %s]",
                            dmlref_status_name(bs), bound_message, bmask ? list : "DMLREF_OK", isa);
                }
                if (bs != DMLREF_OK || !bound_valid || bmask != 0) {
                    for (k = 0; k < 3; k++)
                        if (k < nblocks || k == bound_block)
                            fz_compare(&rep, "failed dmlref_error_bound", isa, &blocks[k], snap[k], snap[k], nowhere);
                    continue;
                }
                /* OK: only the bound's elements changed, each to +0 or more (never NaN; 0 for an
                   integer scan), the same on every path */
                for (k = 0; k < nblocks; k++)
                    if (k != bound_block)
                        fz_compare(&rep, "dmlref_error_bound: a buffer it does not write", isa, &blocks[k], snap[k],
                                   snap[k], nowhere);
                want = fz_slot(FZ_SLOT_WANT, blocks[bound_block].total);
                memcpy(want, snap[bound_block], blocks[bound_block].total);
                fz_walk_output(&bnd, bhere.offset, NULL, want, blocks[bound_block].raw);
                fz_compare(&rep, "dmlref_error_bound (bytes of the bound)", isa, &blocks[bound_block], want,
                           snap[bound_block], bhere);
                fz_gather(&bnd, blocks[bound_block].raw + bhere.offset, values);
                {
                    uint64_t e;
                    for (e = 0; e < bnd.count; e++) {
                        double v;
                        memcpy(&v, values + e * 8u, 8);
                        if (!(v >= 0) || (integer && v != 0)) {
                            fz_fail(&rep,
                                    "dmlref_error_bound wrote %g as the bound of element %llu (row-major): must "
                                    "be %s [isa %s]",
                                    v, (unsigned long long)e, integer ? "0 (an integer scan)" : "+0 or more, never NaN",
                                    isa);
                            break;
                        }
                    }
                }
                if (opts && opts->parallel) { /* the bounds of the same call on one thread */
                    unsigned char *serial = fz_slot(FZ_SLOT_BOUND_SERIAL, (size_t)bnd.count * 8u);
                    dmlref_status ns;
                    memcpy(blocks[bound_block].raw, snap[bound_block], blocks[bound_block].total);
                    opts->parallel = NULL;
                    ns = dmlref_error_bound(&c->op, inputs_arg, bt_arg, b_ptr, opts);
                    opts->parallel = &c->schedule.parallel;
                    if (ns == DMLREF_OK) fz_gather(&bnd, blocks[bound_block].raw + bhere.offset, serial);
                    fz_parallel_verdict(&rep, c, "dmlref_error_bound", ns,
                                        ns == DMLREF_OK && memcmp(serial, values, (size_t)bnd.count * 8u) == 0, isa);
                }
                if (!saved) {
                    b_first = fz_slot(FZ_SLOT_BOUND_FIRST, (size_t)bnd.count * 8u);
                    memcpy(b_first, values, (size_t)bnd.count * 8u);
                    saved = 1;
                } else if (memcmp(b_first, values, (size_t)bnd.count * 8u) != 0) {
                    fz_fail(&rep, "dmlref_error_bound: the bounds on path %s differ from those on %s", isa,
                            fz_isa_label(isas[0]));
                }
            }
            /* the caller's floating-point environment does not matter */
            if (saved && (c->env_round || c->env_ftz || c->env_daz || c->env_flags)) {
                dmlref_status bs;
                memcpy(blocks[bound_block].raw, snap[bound_block], blocks[bound_block].total);
                bs = dmlref_error_bound(c->op_null ? NULL : &c->op, inputs_arg, bt_arg, b_ptr, opts);
                if (bs != DMLREF_OK) {
                    fz_fail(&rep, "dmlref_error_bound returned %s in the default environment, OK in the caller's",
                            dmlref_status_name(bs));
                } else {
                    fz_gather(&bnd, blocks[bound_block].raw + bhere.offset, values);
                    if (memcmp(b_first, values, (size_t)bnd.count * 8u) != 0)
                        fz_fail(&rep,
                                "dmlref_error_bound: the bounds in the caller's environment (rounding %d, FTZ "
                                "%d, DAZ %d) differ from those in the default one",
                                c->env_round, c->env_ftz, c->env_daz);
                }
            }
        }

        /* ---- REDUCE value functions against semantics.md's model (small cases) ---- */
        if (executed && vs == DMLREF_OK && expected_exec == DMLREF_OK && fz_reduce_value(c) &&
            in.count <= FZ_ORACLE_ELEMENTS)
            fz_check_reduce(&rep, c, opts, &in, &out, snap[in_block] + (in_ptr - blocks[in_block].raw));

        /* ---- float orders against the bounds (small float scans) ---- */
        if (bound_valid && (c->kind == FZ_CUMSUM || c->kind == FZ_CUMPROD) && fz_is_float(in.type) &&
            in.count <= FZ_ORACLE_ELEMENTS && (vs == DMLREF_OK || bound_run))
            fz_check_orders(&rep, c, opts, &in, &out, snap[in_block] + (in_ptr - blocks[in_block].raw));
    }
    if (c->parallel) { /* every parallel_for call of the case, the orders check's included */
        if (c->schedule.bad_calls)
            fz_fail(&rep, "parallel_for was called %lu times with a task_count outside 1..max_tasks %lu (first: %lu)",
                    c->schedule.bad_calls, (unsigned long)c->schedule.parallel.max_tasks,
                    (unsigned long)c->schedule.first_bad);
        if (c->schedule.nested)
            fz_fail(&rep, "parallel_for was called from inside a task %lu times", c->schedule.nested);
        if (c->schedule.env_changed)
            fz_fail(&rep, "%lu tasks returned in another rounding or flush-to-zero mode than they started in",
                    c->schedule.env_changed);
        if (c->schedule.split_calls) fuzz_stats.parallel_split++;
    }
    if (executed && vs == DMLREF_OK && expected_exec == DMLREF_OK) {
        fuzz_stats.executed_ok++;
        if (opts && fz_new_options(opts)) {
            int scan = c->kind == FZ_CUMSUM || c->kind == FZ_CUMPROD, fl = fz_is_float(in.type);
            fuzz_stats.new_options_ok++;
            if (scan && fl && opts->float_order == 4) fuzz_stats.tree_ok[opts->tree->algorithm]++;
            if (scan && fl) fuzz_stats.accumulation_ok[opts->accumulation]++;
            if (c->kind == FZ_CUMSUM && fl && opts->identity_seed) fuzz_stats.seed_ok++;
            if (!scan && fl && opts->nan_policy == 2) fuzz_stats.compare_ok++;
        }
        if (oracle_ok) {
            fuzz_stats.oracle_checked++;
            fuzz_stats.oracle_by_op[c->kind]++;
        }
        if (c->kind == FZ_REDUCE && c->function < 12) fuzz_stats.reduce_ok[c->function]++;
    }
done:
    if (c->message_mode != 0) free(c->options.error_message);
    fz_free_case(c);
    return rep.failures;
}

/* ---- description ------------------------------------------------------------------------------ */

static void fz_describe_uints(FILE *f, const UINT *v, uint32_t n) {
    uint32_t i;
    if (!v) {
        fputs("NULL", f);
        return;
    }
    fputc('{', f);
    for (i = 0; i < n; i++) fprintf(f, "%s%lu", i ? ", " : "", (unsigned long)v[i]);
    fputc('}', f);
}

static void fz_describe_tensor(FILE *f, const char *name, const fz_tensor *t) {
    const DML_BUFFER_TENSOR_DESC *b = &t->buffer;
    fprintf(f, "  %s: ", name);
    if (t->desc_null) {
        fputs("NULL DML_TENSOR_DESC pointer\n", f);
        return;
    }
    fprintf(f, "DML_TENSOR_DESC{Type %u, Desc %s}\n", (unsigned)t->desc.Type, t->buffer_null ? "NULL" : "below");
    fprintf(f, "    DML_BUFFER_TENSOR_DESC{DataType %s (%lu), Flags %lu, DimensionCount %lu,\n      Sizes ",
            dmlref_data_type_name(b->DataType), (unsigned long)b->DataType, (unsigned long)b->Flags,
            (unsigned long)b->DimensionCount);
    fz_describe_uints(f, b->Sizes, b->DimensionCount > FZ_MAX_RANK ? 0 : b->DimensionCount);
    fputs(", Strides ", f);
    fz_describe_uints(f, b->Strides, b->DimensionCount > FZ_MAX_RANK ? 0 : b->DimensionCount);
    fprintf(f, " (%s),\n      TotalTensorSizeInBytes %llu, GuaranteedBaseOffsetAlignment %lu}\n", t->layout,
            (unsigned long long)b->TotalTensorSizeInBytes, (unsigned long)b->GuaranteedBaseOffsetAlignment);
}

void fuzz_describe(const uint8_t *data, size_t size, FILE *f) {
    static const char *const placements[3] = {"separate buffers", "in place (outputs[0] == inputs[0])",
                                              "one buffer holding both"};
    static const char *const pointers[8] = {"valid",       "valid",          "valid",        "valid",
                                            "inputs NULL", "inputs[0] NULL", "outputs NULL", "outputs[0] NULL"};
    static const char *const misaligned[8] = {
        "none", "none", "none", "none", "none", "input + 1 byte", "output + 1 byte", "output + element size"};
    static const char *const fills[8] = {"payload bytes",       "payload bytes", "payload bytes",  "payload bytes",
                                         "payload bytes mixed", "small values",  "special values", "all equal"};
    fz_case *c = (fz_case *)malloc(sizeof *c);
    if (!c) return;
    fz_decode(data, size, c);
    fprintf(f, "case (%lu bytes):\n", (unsigned long)size);
    if (c->op_null) fprintf(f, "  DML_OPERATOR_DESC pointer NULL (fields decoded as %s)\n", fz_op_names[c->kind]);
    fprintf(f, "  DML_OPERATOR_DESC{Type %lu (%s), Desc %s}\n", (unsigned long)c->op_type, fz_op_names[c->kind],
            c->desc_null ? "NULL" : "below");
    switch (c->kind) {
    case FZ_ARGMIN:
    case FZ_ARGMAX:
    case FZ_REDUCE:
        if (c->kind == FZ_REDUCE)
            fprintf(f, "  Function %lu (%s),", (unsigned long)c->function,
                    c->function < 12 ? fz_function_names[c->function] : "not a DML_REDUCE_FUNCTION");
        fprintf(f, "  AxisCount %lu, Axes ", (unsigned long)c->axis_count);
        fz_describe_uints(f, c->axes, c->axes_allocated);
        if (c->axes && c->axes_allocated < c->axis_count)
            fprintf(f, " (%lu allocated)", (unsigned long)c->axes_allocated);
        if (c->kind != FZ_REDUCE) fprintf(f, ", AxisDirection %lu", (unsigned long)c->direction);
        fputc('\n', f);
        break;
    default:
        fprintf(f, "  Axis %lu, AxisDirection %lu, HasExclusive %ld\n", (unsigned long)c->axis,
                (unsigned long)c->direction, (long)c->exclusive);
        break;
    }
    fz_describe_tensor(f, "InputTensor", &c->t[0]);
    fz_describe_tensor(f, "OutputTensor", &c->t[1]);
    fz_describe_tensor(f,
                       c->bound_decoded ? "BoundTensor (dmlref_error_bound; decoded)"
                                        : "BoundTensor (dmlref_error_bound; derived from OutputTensor)",
                       &c->t[2]);
    if (c->options_null) {
        fputs("  options NULL\n", f);
    } else {
        fprintf(f,
                "  options{feature_level 0x%lX, float_order %ld%s, nan_policy %ld, accumulation %ld, "
                "identity_seed %ld, log_sum_exp %ld, tree ",
                (unsigned long)c->options.feature_level, (long)c->options.float_order,
                c->ext == 2   ? " (extension word, format 2)"
                : c->ext == 3 ? " (extension word, format 3)"
                : c->ext == 4 ? " (extension word, format 4)"
                : c->ext == 5 ? " (extension word, format 5)"
                              : "",
                (long)c->options.nan_policy, (long)c->options.accumulation, (long)c->options.identity_seed,
                (long)c->options.log_sum_exp);
        if (c->tree)
            fprintf(f, "{algorithm %ld, block %lu, carry %ld}%s, isa ", (long)c->tree->algorithm,
                    (unsigned long)c->tree->block, (long)c->tree->carry,
                    c->options.float_order == 4 ? "" : " (not read: float_order is not TREE)");
        else fputs("NULL, isa ", f);
        if (c->isa == FZ_ISA_ALL) fputs("every available path", f);
        else fprintf(f, "%ld", (long)c->isa);
        fprintf(f, ", error_message %s capacity %lu", c->message_mode == 0 ? "NULL" : "buffer",
                (unsigned long)c->message_capacity);
        if (c->parallel)
            fprintf(f, ", parallel {max_tasks %lu, %s, seed %lu}", (unsigned long)c->schedule.parallel.max_tasks,
                    fz_schedule_name(&c->schedule), (unsigned long)c->schedule.seed);
        else fputs(", parallel NULL", f);
        fputs("}\n", f);
    }
    fprintf(f, "  buffers: %s", placements[c->placement]);
    if (c->placement == FZ_SHARED) fprintf(f, ", output at input %+d bytes", c->delta);
    fprintf(f, "; pointers %s; misalignment %s\n", pointers[c->pointer_mode], misaligned[c->misalign_mode]);
    fprintf(f, "  bound buffer: %s",
            c->bound_place == FZ_BOUND_NULL       ? "NULL"
            : c->bound_place == FZ_BOUND_IN_INPUT ? "in the input's buffer"
                                                  : "its own");
    if (c->bound_place == FZ_BOUND_IN_INPUT) fprintf(f, ", at input %+d bytes", c->bound_delta);
    fprintf(f, "; misalignment %d bytes\n", c->bound_misalign);
    fprintf(f,
            "  caller's fp environment: rounding %d, FTZ %d, DAZ %d, flags %d; input fill: %s from %lu payload "
            "bytes; other bytes 0x%02X\n",
            c->env_round, c->env_ftz, c->env_daz, c->env_flags, fills[c->fill_mode], (unsigned long)c->payload_size,
            c->out_fill);
    fz_free_case(c);
    free(c);
}
