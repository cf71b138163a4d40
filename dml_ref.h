/* dml_ref.h - v0.8.0 - CPU reference implementation of DirectML's scan and
   arg-reduction operators. MIT licence at the end of the file.

   DML_CUMULATIVE_SUMMATION, DML_CUMULATIVE_PRODUCT, DML_ARGMIN, DML_ARGMAX and
   DML_REDUCE with ARGMIN/ARGMAX, on strided N-D tensors (1 to 8 dimensions) of
   FLOAT16/32/64, INT8..INT64 and UINT8..UINT64, bit for bit deterministic.

   Do this:
      #define DML_REF_IMPLEMENTATION
   before you include this file in *one* C or C++ file to create the
   implementation. Every other file includes it without the define.

   Example:
      float data[4] = {2, 1, 3, 5}, sums[4];
      UINT sizes[1] = {4};
      DML_BUFFER_TENSOR_DESC buf = {DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_FLAG_NONE,
                                    1, sizes, NULL, 16, 0};
      DML_TENSOR_DESC t = {DML_TENSOR_TYPE_BUFFER, &buf};
      DML_CUMULATIVE_SUMMATION_OPERATOR_DESC cs = {&t, &t, 0,
                                                   DML_AXIS_DIRECTION_INCREASING, FALSE};
      DML_OPERATOR_DESC op = {DML_OPERATOR_CUMULATIVE_SUMMATION, &cs};
      const void *in[1] = {data};  void *out[1] = {sums};
      dmlref_status s = dmlref_execute(&op, in, out, NULL);   // sums = {2, 3, 6, 11}

   Every call validates the whole descriptor first; on any error nothing is
   written to the output and the status says why (pass dmlref_options with an
   error_message buffer for a one-line message naming operator, tensor, field).

   Macros you may define before including (implementation file for all but the first three):
      DML_REF_STATIC          make every function static (private to one file)
      DMLREF_API              decoration of the public functions (default extern)
      DMLREF_NO_WIN32_TYPES   do not define UINT, BOOL, UINT64, FLOAT, TRUE, FALSE
      DMLREF_ASSERT(x)        internal assertions (default: assert from assert.h)
      DMLREF_NO_SIMD          build the scalar path only
      DMLREF_VECTOR           build one path only, used by AUTO: DMLREF_SCALAR, DMLREF_SSE2,
                              DMLREF_AVX2, DMLREF_AVX512, DMLREF_AVX512FP16 or DMLREF_NEON
      DMLREF_NO_AVX512        never build the AVX-512 paths
      DMLREF_NO_AVX512FP16    never build the AVX512-FP16 path (for assemblers older than binutils 2.38)
      DMLREF_MALLOC(n), DMLREF_FREE(p)  allocator of the work buffers (default malloc and free):
                              TREE scans whose blocks and lines exceed 1024 elements, and
                              lines split across tasks (without it such a line stays whole)
      DMLREF_TASK_GRAIN       the fewest input elements a task is given (default 32768)
      DMLREF_SPLIT_MIN_TASKS  the fewest tasks a scan line is cut into pieces for (default 3)
      DMLREF_STREAM_BYTES     outputs at least this large (default 32 MiB) that do not
                              alias the input are written with non-temporal stores
      DMLREF_HEADER_FILENAME  this file's name, as the kernels re-include it for their
                              bodies (default "dml_ref.h"; set it if you rename the file)

   Layout of the implementation (search for the markers):
      header:  >>types (DirectML's) >>api (dml_ref's)
      implementation: >>config >>types >>operators >>schedule >>float16 >>elementary >>fpenv >>status
      >>validation >>iteration >>scalar >>exact >>bound >>reduce >>tasks >>simd-common >>sse2 >>avx2 >>avx512
      >>avx512fp16 >>neon >>dispatch >>public >>kernels (bodies the kernels re-include)
*/
#if !defined(DMLREF__KERNEL) /* else: a kernel function re-includes this file for its body (>>kernels) */
#ifndef DML_REF_H
#define DML_REF_H

#include <stddef.h>
#include <stdint.h>

#define DMLREF_VERSION_MAJOR 0
#define DMLREF_VERSION_MINOR 8
#define DMLREF_VERSION_PATCH 0
#define DMLREF_VERSION_NUMBER (DMLREF_VERSION_MAJOR * 100 * 100 + DMLREF_VERSION_MINOR * 100 + DMLREF_VERSION_PATCH)

#ifndef DMLREF_API
#ifdef DML_REF_STATIC
#if defined(__GNUC__) || defined(__clang__)
#define DMLREF_API static __attribute__((unused)) /* a file need not call every function */
#else
#define DMLREF_API static
#endif
#else
#define DMLREF_API extern
#endif
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* >>types -------------------------------------------------------------------
   DirectML's own types, names and values exactly as directml.h has them. When
   DirectML.h was included first (guard DIRECTML_H) its definitions are used. */

#if !defined(DIRECTML_H) && !defined(_WINDEF_) && !defined(DMLREF_NO_WIN32_TYPES) && \
    !defined(DMLREF_WIN32_TYPES_DEFINED)
#define DMLREF_WIN32_TYPES_DEFINED
typedef uint32_t UINT;
typedef int32_t BOOL;
typedef uint64_t UINT64;
typedef float FLOAT;
#ifndef TRUE
#define TRUE 1
#endif
#ifndef FALSE
#define FALSE 0
#endif
#endif

#ifndef DIRECTML_H
#ifndef DMLREF_DML_TYPES_DEFINED
#define DMLREF_DML_TYPES_DEFINED

#define DML_TENSOR_DIMENSION_COUNT_MAX 5
#define DML_TENSOR_DIMENSION_COUNT_MAX1 8

typedef enum DML_TENSOR_DATA_TYPE {
    DML_TENSOR_DATA_TYPE_UNKNOWN = 0,
    DML_TENSOR_DATA_TYPE_FLOAT32 = 1,
    DML_TENSOR_DATA_TYPE_FLOAT16 = 2,
    DML_TENSOR_DATA_TYPE_UINT32 = 3,
    DML_TENSOR_DATA_TYPE_UINT16 = 4,
    DML_TENSOR_DATA_TYPE_UINT8 = 5,
    DML_TENSOR_DATA_TYPE_INT32 = 6,
    DML_TENSOR_DATA_TYPE_INT16 = 7,
    DML_TENSOR_DATA_TYPE_INT8 = 8,
    DML_TENSOR_DATA_TYPE_FLOAT64 = 9,
    DML_TENSOR_DATA_TYPE_UINT64 = 10,
    DML_TENSOR_DATA_TYPE_INT64 = 11,
    DML_TENSOR_DATA_TYPE_UINT4 = 12,
    DML_TENSOR_DATA_TYPE_INT4 = 13
} DML_TENSOR_DATA_TYPE;

typedef enum DML_TENSOR_TYPE { DML_TENSOR_TYPE_INVALID = 0, DML_TENSOR_TYPE_BUFFER = 1 } DML_TENSOR_TYPE;

typedef enum DML_TENSOR_FLAGS { DML_TENSOR_FLAG_NONE = 0x0, DML_TENSOR_FLAG_OWNED_BY_DML = 0x1 } DML_TENSOR_FLAGS;

typedef struct DML_BUFFER_TENSOR_DESC {
    DML_TENSOR_DATA_TYPE DataType;
    DML_TENSOR_FLAGS Flags;
    UINT DimensionCount;
    const UINT *Sizes;
    const UINT *Strides;
    UINT64 TotalTensorSizeInBytes;
    UINT GuaranteedBaseOffsetAlignment;
} DML_BUFFER_TENSOR_DESC;

typedef struct DML_TENSOR_DESC {
    DML_TENSOR_TYPE Type;
    const void *Desc;
} DML_TENSOR_DESC;

typedef enum DML_AXIS_DIRECTION {
    DML_AXIS_DIRECTION_INCREASING = 0,
    DML_AXIS_DIRECTION_DECREASING = 1
} DML_AXIS_DIRECTION;

/* Only the operators dml_ref implements (plus INVALID), with directml.h's values. */
typedef enum DML_OPERATOR_TYPE {
    DML_OPERATOR_INVALID = 0,
    DML_OPERATOR_REDUCE = 55,
    DML_OPERATOR_CUMULATIVE_SUMMATION = 105,
    DML_OPERATOR_ARGMIN = 137,
    DML_OPERATOR_ARGMAX = 138,
    DML_OPERATOR_CUMULATIVE_PRODUCT = 145
} DML_OPERATOR_TYPE;

typedef struct DML_OPERATOR_DESC {
    DML_OPERATOR_TYPE Type;
    const void *Desc;
} DML_OPERATOR_DESC;

typedef enum DML_FEATURE_LEVEL {
    DML_FEATURE_LEVEL_1_0 = 0x1000,
    DML_FEATURE_LEVEL_2_0 = 0x2000,
    DML_FEATURE_LEVEL_2_1 = 0x2100,
    DML_FEATURE_LEVEL_3_0 = 0x3000,
    DML_FEATURE_LEVEL_3_1 = 0x3100,
    DML_FEATURE_LEVEL_4_0 = 0x4000,
    DML_FEATURE_LEVEL_4_1 = 0x4100,
    DML_FEATURE_LEVEL_5_0 = 0x5000,
    DML_FEATURE_LEVEL_5_1 = 0x5100,
    DML_FEATURE_LEVEL_5_2 = 0x5200,
    DML_FEATURE_LEVEL_6_0 = 0x6000,
    DML_FEATURE_LEVEL_6_1 = 0x6100,
    DML_FEATURE_LEVEL_6_2 = 0x6200,
    DML_FEATURE_LEVEL_6_3 = 0x6300,
    DML_FEATURE_LEVEL_6_4 = 0x6400
} DML_FEATURE_LEVEL;

typedef enum DML_REDUCE_FUNCTION {
    DML_REDUCE_FUNCTION_ARGMAX = 0,
    DML_REDUCE_FUNCTION_ARGMIN = 1,
    DML_REDUCE_FUNCTION_AVERAGE = 2,
    DML_REDUCE_FUNCTION_L1 = 3,
    DML_REDUCE_FUNCTION_L2 = 4,
    DML_REDUCE_FUNCTION_LOG_SUM = 5,
    DML_REDUCE_FUNCTION_LOG_SUM_EXP = 6,
    DML_REDUCE_FUNCTION_MAX = 7,
    DML_REDUCE_FUNCTION_MIN = 8,
    DML_REDUCE_FUNCTION_MULTIPLY = 9,
    DML_REDUCE_FUNCTION_SUM = 10,
    DML_REDUCE_FUNCTION_SUM_SQUARE = 11
} DML_REDUCE_FUNCTION;

typedef struct DML_REDUCE_OPERATOR_DESC {
    DML_REDUCE_FUNCTION Function;
    const DML_TENSOR_DESC *InputTensor;
    const DML_TENSOR_DESC *OutputTensor;
    UINT AxisCount;
    const UINT *Axes;
} DML_REDUCE_OPERATOR_DESC;

typedef struct DML_CUMULATIVE_SUMMATION_OPERATOR_DESC {
    const DML_TENSOR_DESC *InputTensor;
    const DML_TENSOR_DESC *OutputTensor;
    UINT Axis;
    DML_AXIS_DIRECTION AxisDirection;
    BOOL HasExclusiveSum;
} DML_CUMULATIVE_SUMMATION_OPERATOR_DESC;

typedef struct DML_ARGMIN_OPERATOR_DESC {
    const DML_TENSOR_DESC *InputTensor;
    const DML_TENSOR_DESC *OutputTensor;
    UINT AxisCount;
    const UINT *Axes;
    DML_AXIS_DIRECTION AxisDirection;
} DML_ARGMIN_OPERATOR_DESC;

typedef struct DML_ARGMAX_OPERATOR_DESC {
    const DML_TENSOR_DESC *InputTensor;
    const DML_TENSOR_DESC *OutputTensor;
    UINT AxisCount;
    const UINT *Axes;
    DML_AXIS_DIRECTION AxisDirection;
} DML_ARGMAX_OPERATOR_DESC;

typedef struct DML_CUMULATIVE_PRODUCT_OPERATOR_DESC {
    const DML_TENSOR_DESC *InputTensor;
    const DML_TENSOR_DESC *OutputTensor;
    UINT Axis;
    DML_AXIS_DIRECTION AxisDirection;
    BOOL HasExclusiveProduct;
} DML_CUMULATIVE_PRODUCT_OPERATOR_DESC;

#endif /* DMLREF_DML_TYPES_DEFINED */
#endif /* DIRECTML_H */

/* >>api ----------------------------------------------------------------------
   dml_ref's own declarations: options, status codes and functions. */

/* Float association order of CUMULATIVE_SUMMATION (docs/semantics.md: "Float orders"). */
typedef enum dmlref_float_order {
    DMLREF_FLOAT_ORDER_SEQUENTIAL = 0, /* the running tally, as a naive loop */
    DMLREF_FLOAT_ORDER_BLOCKED = 1,    /* fixed 16-element blocks, SIMD-friendly */
    DMLREF_FLOAT_ORDER_EXACT = 2,      /* each output the exact prefix sum, rounded once */
    DMLREF_FLOAT_ORDER_ANY = 3,        /* dmlref_error_bound only: every association order */
    DMLREF_FLOAT_ORDER_TREE = 4,       /* blocks scanned by a fixed tree: options.tree */
    DMLREF_FLOAT_ORDER_PAIRWISE = 5,   /* reductions: NumPy's pairwise_sum */
    DMLREF_FLOAT_ORDER_COUNT,
    DMLREF_FLOAT_ORDER_FORCE_32BIT = 0x7FFFFFFF
} dmlref_float_order;

/* Type of a float scan's tally (docs/semantics.md: "Float orders"). */
typedef enum dmlref_accumulation {
    DMLREF_ACCUMULATION_DEFAULT = 0, /* FLOAT16 in float32, FLOAT32 in float32, FLOAT64 in float64 */
    DMLREF_ACCUMULATION_NATIVE = 1,  /* every operation rounds to the tensor's type (FLOAT16 in binary16) */
    DMLREF_ACCUMULATION_WIDE = 2,    /* FLOAT16 and FLOAT32 in float64, each output rounded once */
    DMLREF_ACCUMULATION_COUNT,
    DMLREF_ACCUMULATION_FORCE_32BIT = 0x7FFFFFFF
} dmlref_accumulation;

/* How REDUCE LOG_SUM_EXP is evaluated (docs/semantics.md: "Reductions"). */
typedef enum dmlref_log_sum_exp {
    DMLREF_LOG_SUM_EXP_SHIFTED = 0, /* M + log(sum of exp(x - M)), M the greatest element */
    DMLREF_LOG_SUM_EXP_PLAIN = 1,   /* log(sum of exp(x)), as some implementations compute it */
    DMLREF_LOG_SUM_EXP_COUNT,
    DMLREF_LOG_SUM_EXP_FORCE_32BIT = 0x7FFFFFFF
} dmlref_log_sum_exp;

/* What ARGMIN/ARGMAX and REDUCE MIN/MAX do with NaN inputs. */
typedef enum dmlref_nan_policy {
    DMLREF_NAN_PROPAGATE = 0, /* NaN is the extreme (NumPy, PyTorch) */
    DMLREF_NAN_IGNORE = 1,    /* NaNs are skipped (DirectML on GPUs) */
    DMLREF_NAN_COMPARE = 2,   /* a plain `x < best` loop: a NaN met first sticks (reference loops) */
    DMLREF_NAN_POLICY_COUNT,
    DMLREF_NAN_POLICY_FORCE_32BIT = 0x7FFFFFFF
} dmlref_nan_policy;

/* The tree inside each block of DMLREF_FLOAT_ORDER_TREE (docs/semantics.md: "Float orders"). */
typedef enum dmlref_tree_algorithm {
    DMLREF_TREE_KOGGE_STONE = 0, /* step k: every z[i], i >= k, becomes z[i-k] (+) z[i] */
    DMLREF_TREE_SKLANSKY = 1,    /* step m: every z[i] with bit m set takes the lower half's last */
    DMLREF_TREE_BRENT_KUNG = 2,  /* an up-sweep, then a down-sweep */
    DMLREF_TREE_ALGORITHM_COUNT,
    DMLREF_TREE_ALGORITHM_FORCE_32BIT = 0x7FFFFFFF
} dmlref_tree_algorithm;

/* How a block of DMLREF_FLOAT_ORDER_TREE takes the carry of the blocks before it. */
typedef enum dmlref_tree_carry {
    DMLREF_CARRY_AFTER = 0,      /* each output is carry (+) the block's own scan */
    DMLREF_CARRY_INTO_FIRST = 1, /* the carry joins the block's first element before its tree */
    /* The block totals are scanned by this same order, recursively; the carry of a block is that scan's
       value for the blocks before it, and each output is carry (+) the block's own scan (JAX/XLA) */
    DMLREF_CARRY_RECURSIVE = 2,
    DMLREF_CARRY_RECURSIVE_LAST = 3, /* the same, but a block's last output is the upper scan's value (CuPy) */
    DMLREF_TREE_CARRY_COUNT,
    DMLREF_TREE_CARRY_FORCE_32BIT = 0x7FFFFFFF
} dmlref_tree_carry;

/* The schedule of DMLREF_FLOAT_ORDER_TREE (docs/semantics.md: "Float orders"). Zeroed
   serial, lanes and run_seed give the plain tree over each block. */
typedef struct dmlref_scan_tree {
    int32_t algorithm; /* dmlref_tree_algorithm: the tree over the lanes' totals */
    uint32_t block;    /* elements per block: a power of two, 2 to 65536 */
    int32_t carry;     /* dmlref_tree_carry */
    uint32_t serial;   /* elements each lane adds in order before the tree, 1 to 65536 (0: 1) */
    uint32_t lanes;    /* lanes per tile, a power of two to 65536 (0: one tile per block) */
    int32_t run_seed;  /* 1: each lane's run starts from the identity (+0.0 or 1), at every level */
} dmlref_scan_tree;

/* What an operator computes, as the operator table describes it (dmlref_operator_info). */
typedef enum dmlref_shape {
    DMLREF_SHAPE_SCAN = 0,          /* output like the input: a running combination along Axis */
    DMLREF_SHAPE_ARG_REDUCTION = 1, /* reduced axes kept with size 1: the index of the extreme */
    DMLREF_SHAPE_REDUCTION = 2,     /* reduced axes kept with size 1: a value of the input's type */
    DMLREF_SHAPE_COUNT,
    DMLREF_SHAPE_FORCE_32BIT = 0x7FFFFFFF
} dmlref_shape;

/* Applied to each element before it is combined. */
typedef enum dmlref_map {
    DMLREF_MAP_NONE = 0,
    DMLREF_MAP_ABS = 1,    /* |x| */
    DMLREF_MAP_SQUARE = 2, /* x * x */
    DMLREF_MAP_EXP = 3,    /* exp(x) */
    DMLREF_MAP_COUNT,
    DMLREF_MAP_FORCE_32BIT = 0x7FFFFFFF
} dmlref_map;

typedef enum dmlref_combine {
    DMLREF_COMBINE_ADD = 0,
    DMLREF_COMBINE_MULTIPLY = 1,
    DMLREF_COMBINE_MIN = 2,
    DMLREF_COMBINE_MAX = 3,
    DMLREF_COMBINE_COUNT,
    DMLREF_COMBINE_FORCE_32BIT = 0x7FFFFFFF
} dmlref_combine;

/* Applied to the combined value. */
typedef enum dmlref_finalize {
    DMLREF_FINALIZE_NONE = 0,
    DMLREF_FINALIZE_DIVIDE_BY_COUNT = 1, /* / n, the number of reduced elements */
    DMLREF_FINALIZE_SQRT = 2,
    DMLREF_FINALIZE_LOG = 3,
    DMLREF_FINALIZE_COUNT,
    DMLREF_FINALIZE_FORCE_32BIT = 0x7FFFFFFF
} dmlref_finalize;

/* dmlref_operator_info.flags */
#define DMLREF_OPERATOR_IMPLEMENTED 0x1u  /* dmlref_execute runs it (else UNSUPPORTED_OPERATOR) */
#define DMLREF_OPERATOR_EXCLUSIVE 0x2u    /* the descriptor has an exclusive flag */
#define DMLREF_OPERATOR_DIRECTION 0x4u    /* the descriptor has an AxisDirection */
#define DMLREF_OPERATOR_NAN_POLICY 0x8u   /* options.nan_policy applies */
#define DMLREF_OPERATOR_SPLIT_LINES 0x10u /* threads take groups of independent lines or outputs */
#define DMLREF_OPERATOR_SPLIT_LINE 0x20u  /* threads split one long line where its order allows */

/* One row of the operator table: a DirectML operator, or one function of
   DML_OPERATOR_REDUCE. Validation, execution, the dmlref tool and the Python
   module all read it (docs/api.md: "Operator table"). */
typedef struct dmlref_operator_info {
    int32_t operator_type;   /* DML_OPERATOR_TYPE */
    int32_t reduce_function; /* DML_REDUCE_FUNCTION of a DML_OPERATOR_REDUCE row, else -1 */
    const char *name;        /* "CUMULATIVE_SUMMATION", "REDUCE ARGMAX", ... */
    const char *cli_name;    /* the dmlref tool's operator name: "cumsum", "reduce-argmax", ... */
    const char *python_name; /* the Python module's function: "cumsum", "reduce_argmax", ... */
    int32_t shape;           /* dmlref_shape */
    int32_t map;             /* dmlref_map */
    int32_t combine;         /* dmlref_combine */
    int32_t finalize;        /* dmlref_finalize */
    double identity;         /* the combine's identity: exclusive scans write it first */
    uint32_t float_orders;   /* bit 1 << dmlref_float_order for each order dmlref_execute accepts */
    uint32_t bound_orders;   /* the same for dmlref_error_bound; 0: no bound */
    uint32_t flags;          /* DMLREF_OPERATOR_* */
} dmlref_operator_info;

/* Kernel path. AUTO picks the best the build and the CPU have. */
typedef enum dmlref_isa {
    DMLREF_ISA_AUTO = 0,
    DMLREF_ISA_SCALAR = 1,
    DMLREF_ISA_SSE2 = 2,
    DMLREF_ISA_AVX2 = 3,
    DMLREF_ISA_AVX512 = 4,
    DMLREF_ISA_NEON = 5,
    DMLREF_ISA_AVX512FP16 = 6, /* AVX-512 plus native FLOAT16 compares (x86-64) */
    DMLREF_ISA_REFERENCE = 7,  /* the definitions themselves: float scans by the schedule interpreter (slow) */
    DMLREF_ISA_COUNT,
    DMLREF_ISA_FORCE_32BIT = 0x7FFFFFFF
} dmlref_isa;

/* The caller's parallel-for (docs/semantics.md: "Threads"). The library never
   creates threads: it calls parallel_for, which must run task(argument, i) once
   for every i in [0, task_count), on any threads in any order, and return when
   all have returned. task_count is at most max_tasks; a call may make several
   parallel_for calls, one after another. Outputs are the same bits for every
   max_tasks and every schedule. */
typedef struct dmlref_parallel {
    void (*parallel_for)(void *context, uint32_t task_count, void (*task)(void *argument, uint32_t task_index),
                         void *argument);
    void *context;      /* passed to parallel_for as it is */
    uint32_t max_tasks; /* at least 1 */
} dmlref_parallel;

/* Zero (or a NULL pointer) means every default. New fields only go at the end. */
typedef struct dmlref_options {
    uint32_t feature_level;          /* 0: dml_ref's own rules; else a DML_FEATURE_LEVEL */
    int32_t float_order;             /* dmlref_float_order */
    int32_t nan_policy;              /* dmlref_nan_policy */
    int32_t isa;                     /* dmlref_isa */
    char *error_message;             /* optional: receives a one-line message */
    size_t error_message_capacity;   /* bytes available at error_message */
    int32_t accumulation;            /* dmlref_accumulation */
    int32_t identity_seed;           /* 1: the tally starts at +0.0 (or 1) instead of the first element */
    const dmlref_scan_tree *tree;    /* read only when float_order is DMLREF_FLOAT_ORDER_TREE */
    const dmlref_parallel *parallel; /* NULL: the calling thread does all the work */
    int32_t log_sum_exp;             /* dmlref_log_sum_exp: REDUCE LOG_SUM_EXP's formula */
} dmlref_options;

/* Status codes and their short descriptions, from one list. */
#define DMLREF_STATUS_LIST(X)                                                                   \
    X(DMLREF_OK, 0, "success")                                                                  \
    X(DMLREF_ERROR_NULL_POINTER, 1, "a required pointer is NULL")                               \
    X(DMLREF_ERROR_INVALID_ARGUMENT, 2, "a descriptor field has an invalid value")              \
    X(DMLREF_ERROR_INVALID_OPTION, 3, "a dmlref_options field has an invalid value")            \
    X(DMLREF_ERROR_BUFFER_TOO_SMALL, 4, "TotalTensorSizeInBytes is less than the tensor needs") \
    X(DMLREF_ERROR_TENSOR_TOO_LARGE, 5, "a tensor's size overflows 64 bits or a limit")         \
    X(DMLREF_ERROR_OVERLAP, 6, "buffers overlap, or output strides map two indices together")   \
    X(DMLREF_ERROR_MISALIGNED, 7, "a buffer address is not aligned as required")                \
    X(DMLREF_ERROR_INDEX_OVERFLOW, 8, "the output index type cannot hold every index")          \
    X(DMLREF_ERROR_UNSUPPORTED_OPERATOR, 9, "operator or function not supported")               \
    X(DMLREF_ERROR_UNSUPPORTED_DATA_TYPE, 10, "data type not supported")                        \
    X(DMLREF_ERROR_UNSUPPORTED_DIMENSION_COUNT, 11, "dimension count not supported")            \
    X(DMLREF_ERROR_ISA_UNAVAILABLE, 12, "the requested ISA path is not in this build or CPU")   \
    X(DMLREF_ERROR_OUT_OF_MEMORY, 13, "a work buffer could not be allocated")

#define DMLREF__STATUS_ENUM(name, value, text) name = value,
typedef enum dmlref_status {
    DMLREF_STATUS_LIST(DMLREF__STATUS_ENUM) DMLREF_STATUS_COUNT,
    DMLREF_STATUS_FORCE_32BIT = 0x7FFFFFFF
} dmlref_status;
#undef DMLREF__STATUS_ENUM

/* Check a descriptor (and options) without touching any buffer. */
DMLREF_API dmlref_status dmlref_validate(const DML_OPERATOR_DESC *op, const dmlref_options *options);

/* Validate, then run. inputs[0] / outputs[0] are the tensors' base addresses. */
DMLREF_API dmlref_status dmlref_execute(const DML_OPERATOR_DESC *op, const void *const *inputs, void *const *outputs,
                                        const dmlref_options *options);

/* For a float scan, a FLOAT64 tensor shaped like the output receives for every
   element an upper bound on |computed - exact|: computed is what dmlref_execute
   returns with the same options (float_order DMLREF_FLOAT_ORDER_ANY: any
   association order), exact the real result. +inf where an input of the prefix
   is not finite or the result may overflow; 0 for integer types. docs/semantics.md:
   "Error bounds"; docs/error-bounds.md derives every formula. */
DMLREF_API dmlref_status dmlref_error_bound(const DML_OPERATOR_DESC *op, const void *const *inputs,
                                            const DML_TENSOR_DESC *bound_tensor, void *bound,
                                            const dmlref_options *options);

/* DirectML's DMLCalcBufferTensorSize: bytes a buffer tensor needs, rounded up
   to 4; 0 for an unknown type, a size of 0, a bad count, or 64-bit overflow. */
DMLREF_API uint64_t dmlref_calc_buffer_tensor_size(DML_TENSOR_DATA_TYPE type, UINT dimension_count, const UINT *sizes,
                                                   const UINT *strides);

/* "DMLREF_ERROR_OVERLAP" etc., and a one-line description. Never NULL. */
DMLREF_API const char *dmlref_status_name(dmlref_status status);
DMLREF_API const char *dmlref_status_description(dmlref_status status);

/* "FLOAT32" etc. ("UNKNOWN" for out-of-range values) and bytes per element (0 if none). */
DMLREF_API const char *dmlref_data_type_name(DML_TENSOR_DATA_TYPE type);
DMLREF_API uint32_t dmlref_data_type_size(DML_TENSOR_DATA_TYPE type);

/* The path AUTO selects in this build on this CPU, and whether a path can run. */
DMLREF_API dmlref_isa dmlref_best_isa(void);
DMLREF_API int dmlref_isa_available(dmlref_isa isa);
DMLREF_API const char *dmlref_isa_name(dmlref_isa isa);

/* Software FLOAT16 conversions used by the library (round to nearest even). */
DMLREF_API float dmlref_f16_to_f32(uint16_t h);
DMLREF_API uint16_t dmlref_f32_to_f16(float f);

/* The library's exp and log (REDUCE LOG_SUM_EXP, LOG_SUM): correctly rounded
   for FLOAT16 (binary16 bits in and out) and FLOAT32, within 1 ulp for
   FLOAT64; the same bits on every compiler, libm and ISA. NaN results are
   the canonical quiet NaN. docs/internals.md: "Elementary functions". */
DMLREF_API uint16_t dmlref_exp_f16(uint16_t h);
DMLREF_API uint16_t dmlref_log_f16(uint16_t h);
DMLREF_API float dmlref_exp_f32(float x);
DMLREF_API float dmlref_log_f32(float x);
DMLREF_API double dmlref_exp_f64(double x);
DMLREF_API double dmlref_log_f64(double x);

DMLREF_API uint32_t dmlref_version_number(void);

/* The operator table: rows 0 .. dmlref_operator_count() - 1 (NULL past the end),
   and the row of an operator type (reduce_function -1, or a DML_REDUCE_FUNCTION
   for DML_OPERATOR_REDUCE); NULL when the table has none. */
DMLREF_API uint32_t dmlref_operator_count(void);
DMLREF_API const dmlref_operator_info *dmlref_operator_at(uint32_t index);
DMLREF_API const dmlref_operator_info *dmlref_operator_find(int32_t operator_type, int32_t reduce_function);

/* The block (2T) of PyTorch CUDA's innermost-axis scan for a tensor of `rows`
   lines of `row_length` elements: use it as dmlref_scan_tree {SKLANSKY, block,
   CARRY_INTO_FIRST}. T is 2^x with x from get_log_num_threads_x_inner_scan in
   aten/src/ATen/native/cuda/ScanUtils.cuh, in its uint32 arithmetic (a negative
   difference of logarithms wraps). 0 when rows or row_length is 0. */
DMLREF_API uint32_t dmlref_pytorch_cuda_scan_block(uint64_t rows, uint64_t row_length);

/* The schedules of today's GPU stacks (docs/reproducing.md), for float_order TREE:
   torch.compile's (Inductor, Triton) scan of rows of `row_length` elements of
   `type` along the innermost axis, one row per program: blocks of R = the
   next power of two >= row_length, at most 2048, chained AFTER, each scanned
   by 32 lanes of serial = R / 64 elements (at least 1, at most 4 for FLOAT16
   and FLOAT32, 2 for FLOAT64) under a Kogge-Stone tree; JAX/XLA's on GPU: blocks
   of 16 added in order from the identity, RECURSIVE; CuPy's cumsum: Brent-Kung
   blocks of 512, RECURSIVE_LAST. An invalid type or a row_length of 0 gives a
   zeroed struct (block 0: an invalid option). */
DMLREF_API dmlref_scan_tree dmlref_inductor_scan_tree(uint64_t row_length, DML_TENSOR_DATA_TYPE type);
DMLREF_API dmlref_scan_tree dmlref_xla_scan_tree(void);
DMLREF_API dmlref_scan_tree dmlref_cupy_scan_tree(void);

#ifdef __cplusplus
}
#endif

#endif /* DML_REF_H */

/* ==========================================================================
   Implementation
   ========================================================================== */
#ifdef DML_REF_IMPLEMENTATION
#ifndef DMLREF__IMPLEMENTATION_INCLUDED
#define DMLREF__IMPLEMENTATION_INCLUDED

/* No contraction of a * b + c into a fused multiply-add, whatever the caller's flags: it would change
   bits (GCC's GNU modes contract by default where the target has FMA). Restored at the end. */
#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#elif defined(__GNUC__)
#pragma GCC push_options
#pragma GCC optimize("fp-contract=off")
#elif defined(_MSC_VER)
#pragma fp_contract(off)
#endif

#include <float.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#ifndef DMLREF_ASSERT
#include <assert.h>
#define DMLREF_ASSERT(x) assert(x)
#endif

/* >>config -------------------------------------------------------------------
   What the build must not do, and which SIMD paths it compiles. */

/* Kernel functions re-include this file for their bodies (>>kernels): by
   this name, which the including directory's search finds first. */
#ifndef DMLREF_HEADER_FILENAME
#define DMLREF_HEADER_FILENAME "dml_ref.h"
#endif
/* DMLREF__KP(ROLE): a re-included SIMD body's primitive, ROLE of the family
   DMLREF__K_P names (e.g. DMLREF__S2_F32_LOAD). */
#define DMLREF__KP(role) DMLREF__KP_(DMLREF__K_P, role)
#define DMLREF__KP_(family, role) DMLREF__KP__(family, role)
#define DMLREF__KP__(family, role) family##_##role
#define DMLREF__KERNEL_SEQUENTIAL_SCAN 1
#define DMLREF__KERNEL_BLOCKED_SUM 2
#define DMLREF__KERNEL_ARG 3
#define DMLREF__KERNEL_CBLOCKED 4
#define DMLREF__KERNEL_TSCAN 5
#define DMLREF__KERNEL_VBLOCKED 6
#define DMLREF__KERNEL_VSCAN 7
#define DMLREF__KERNEL_CARG 8

/* With DirectML.h's own types, the implementation needs the operators of
   DML_TARGET_VERSION 0x3100 and later (the declarations work at any target). */
#if defined(DIRECTML_H) && defined(DML_TARGET_VERSION) && DML_TARGET_VERSION < 0x3100
#error "dml_ref needs DML_TARGET_VERSION >= 0x3100 (ARGMIN, ARGMAX, CUMULATIVE_PRODUCT) or a file without DirectML.h"
#endif

/* -ffast-math lets the compiler reassociate sums and assume there is no NaN:
   both would silently change results. */
#if defined(__FAST_MATH__) || defined(__ASSOCIATIVE_MATH__) || defined(__NO_SIGNED_ZEROS__)
#error "dml_ref.h must not be built with -ffast-math, -fassociative-math or -fno-signed-zeros (changes results)"
#endif
/* x87 excess precision would change float bits: every float operation must
   round to its own type. */
#if defined(FLT_EVAL_METHOD) && (FLT_EVAL_METHOD != 0)
#error "dml_ref.h needs FLT_EVAL_METHOD == 0 (on 32-bit x86 build with -msse2 -mfpmath=sse)"
#endif

#if defined(__x86_64__) || defined(_M_X64)
#define DMLREF__X86_64 1
#include <xmmintrin.h>
#elif defined(__aarch64__) || defined(_M_ARM64)
#define DMLREF__AARCH64 1
#endif
#if !defined(DMLREF__X86_64) && !(defined(DMLREF__AARCH64) && (defined(__GNUC__) || defined(__clang__)))
#define DMLREF__FENV_H 1 /* the environment through <fenv.h> */
#include <fenv.h>
#endif

/* Which SIMD paths this build compiles (values of DMLREF_VECTOR are the
   dmlref_isa values). x86-64 with gcc or clang compiles every path with
   per-function target attributes and picks one at run time; DMLREF_VECTOR
   keeps only the named path (and scalar), DMLREF_NO_SIMD only scalar. */
#define DMLREF_SCALAR 1
#define DMLREF_SSE2 2
#define DMLREF_AVX2 3
#define DMLREF_AVX512 4
#define DMLREF_NEON 5
#define DMLREF_AVX512FP16 6
#if !defined(DMLREF_NO_SIMD)
#if defined(DMLREF_VECTOR)
#define DMLREF__WANT(isa) (DMLREF_VECTOR == (isa))
#else
#define DMLREF__WANT(isa) 1
#endif
#if defined(DMLREF__X86_64) && (defined(__GNUC__) || defined(__clang__))
#if DMLREF__WANT(DMLREF_SSE2)
#define DMLREF__BUILD_SSE2 1
#endif
#if DMLREF__WANT(DMLREF_AVX2)
#define DMLREF__BUILD_AVX2 1
#endif
#if (DMLREF__WANT(DMLREF_AVX512) || DMLREF__WANT(DMLREF_AVX512FP16)) && !defined(DMLREF_NO_AVX512)
#define DMLREF__BUILD_AVX512 1
#endif
/* AVX512-FP16 is the AVX-512 path plus one kernel; it needs a compiler and
   assembler that know the instructions (gcc 12, clang 14, binutils 2.38). */
#if defined(DMLREF__BUILD_AVX512) && DMLREF__WANT(DMLREF_AVX512FP16) && !defined(DMLREF_NO_AVX512FP16) && \
    ((defined(__clang__) && __clang_major__ >= 14) || (!defined(__clang__) && __GNUC__ >= 12))
#define DMLREF__BUILD_AVX512FP16 1
#elif defined(DMLREF_VECTOR) && DMLREF_VECTOR == DMLREF_AVX512FP16
#error "DMLREF_VECTOR=DMLREF_AVX512FP16 needs gcc 12 or clang 14, and neither DMLREF_NO_AVX512FP16 nor DMLREF_NO_AVX512"
#endif
#endif
#if defined(DMLREF__AARCH64) && (defined(__GNUC__) || defined(__clang__)) && DMLREF__WANT(DMLREF_NEON)
#define DMLREF__BUILD_NEON 1
#include <arm_neon.h>
#endif
#if defined(DMLREF__BUILD_SSE2) || defined(DMLREF__BUILD_AVX2) || defined(DMLREF__BUILD_AVX512) || \
    defined(DMLREF__BUILD_NEON)
#define DMLREF__ANY_SIMD 1
#endif
#if defined(DMLREF__BUILD_SSE2)
#include <emmintrin.h>
#endif
#if defined(DMLREF__BUILD_AVX2) || defined(DMLREF__BUILD_AVX512)
/* GCC 12's AVX-512 headers trip -Wmaybe-uninitialized on their own
   _mm512_undefined_*() placeholders (GCC bug 105593): silence it for them only. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#include <immintrin.h>
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
#include <cpuid.h>
#endif
#endif /* DMLREF_NO_SIMD */

#define DMLREF__PRIVATE static
/* For the EXACT hot path: inlined into a kernel per format, its constants fold. */
#if defined(__GNUC__) || defined(__clang__)
#define DMLREF__INLINE static inline __attribute__((always_inline))
/* Kernels start on a 64-byte boundary, so where their hot loops fall among
   the fetch blocks does not depend on the code laid out before them. */
#define DMLREF__KERNEL_ALIGN __attribute__((aligned(64)))
#elif defined(_MSC_VER)
#define DMLREF__INLINE static __forceinline
#define DMLREF__KERNEL_ALIGN
#else
#define DMLREF__INLINE static
#define DMLREF__KERNEL_ALIGN
#endif

#if defined(__GNUC__) || defined(__clang__)
#define DMLREF__PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define DMLREF__PRINTF(f, a)
#endif

#define DMLREF__MAX_DIMS 8u

/* >>types (internal) ---------------------------------------------------------- */

enum { DMLREF__KIND_NONE, DMLREF__KIND_FLOAT, DMLREF__KIND_SIGNED, DMLREF__KIND_UNSIGNED };

/* Kernel tables have one row per slot: scans share a row between the signed
   and unsigned integers of a size (two's complement sums and products are
   the same bits), arg-reductions do not. Floats come first. */
enum {
    DMLREF__SLOT_F16,
    DMLREF__SLOT_F32,
    DMLREF__SLOT_F64,
    DMLREF__SLOT_U8,
    DMLREF__SLOT_U16,
    DMLREF__SLOT_U32,
    DMLREF__SLOT_U64,
    DMLREF__SLOT_I8,
    DMLREF__SLOT_I16,
    DMLREF__SLOT_I32,
    DMLREF__SLOT_I64,
    DMLREF__FLOAT_SLOTS = 3,
    DMLREF__SCAN_SLOTS = 7,
    DMLREF__ARG_SLOTS = 11
};

typedef struct dmlref__type_info {
    const char *name;
    uint32_t size; /* bytes per element; 0 for the 4-bit types */
    int kind;
    int scan_slot, arg_slot; /* rows of the kernel tables (-1: no kernel) */
} dmlref__type_info;

#define DMLREF__TYPE_COUNT 14 /* DML_TENSOR_DATA_TYPE values, UNKNOWN to INT4 */

/* Indexed by DML_TENSOR_DATA_TYPE value. */
static const dmlref__type_info dmlref__types[DMLREF__TYPE_COUNT] = {
    {"UNKNOWN", 0, DMLREF__KIND_NONE, -1, -1},
    {"FLOAT32", 4, DMLREF__KIND_FLOAT, DMLREF__SLOT_F32, DMLREF__SLOT_F32},
    {"FLOAT16", 2, DMLREF__KIND_FLOAT, DMLREF__SLOT_F16, DMLREF__SLOT_F16},
    {"UINT32", 4, DMLREF__KIND_UNSIGNED, DMLREF__SLOT_U32, DMLREF__SLOT_U32},
    {"UINT16", 2, DMLREF__KIND_UNSIGNED, DMLREF__SLOT_U16, DMLREF__SLOT_U16},
    {"UINT8", 1, DMLREF__KIND_UNSIGNED, DMLREF__SLOT_U8, DMLREF__SLOT_U8},
    {"INT32", 4, DMLREF__KIND_SIGNED, DMLREF__SLOT_U32, DMLREF__SLOT_I32},
    {"INT16", 2, DMLREF__KIND_SIGNED, DMLREF__SLOT_U16, DMLREF__SLOT_I16},
    {"INT8", 1, DMLREF__KIND_SIGNED, DMLREF__SLOT_U8, DMLREF__SLOT_I8},
    {"FLOAT64", 8, DMLREF__KIND_FLOAT, DMLREF__SLOT_F64, DMLREF__SLOT_F64},
    {"UINT64", 8, DMLREF__KIND_UNSIGNED, DMLREF__SLOT_U64, DMLREF__SLOT_U64},
    {"INT64", 8, DMLREF__KIND_SIGNED, DMLREF__SLOT_U64, DMLREF__SLOT_I64},
    {"UINT4", 0, DMLREF__KIND_UNSIGNED, -1, -1},
    {"INT4", 0, DMLREF__KIND_SIGNED, -1, -1}};

#define DMLREF__TYPE_BIT(t) (1u << (unsigned)(t))

/* The ABI every binding relies on (4-byte UINT, BOOL and enums; 8-byte UINT64), checked at compile time. */
#define DMLREF__STATIC_ASSERT(name, cond) typedef char dmlref__assert_##name[(cond) ? 1 : -1]
DMLREF__STATIC_ASSERT(uint_is_4_bytes, sizeof(UINT) == 4);
DMLREF__STATIC_ASSERT(bool_is_4_bytes, sizeof(BOOL) == 4);
DMLREF__STATIC_ASSERT(uint64_is_8_bytes, sizeof(UINT64) == 8);
DMLREF__STATIC_ASSERT(data_type_enum_is_4_bytes, sizeof(DML_TENSOR_DATA_TYPE) == 4);
DMLREF__STATIC_ASSERT(tensor_type_enum_is_4_bytes, sizeof(DML_TENSOR_TYPE) == 4);
DMLREF__STATIC_ASSERT(flags_enum_is_4_bytes, sizeof(DML_TENSOR_FLAGS) == 4);
DMLREF__STATIC_ASSERT(direction_enum_is_4_bytes, sizeof(DML_AXIS_DIRECTION) == 4);
DMLREF__STATIC_ASSERT(operator_enum_is_4_bytes, sizeof(DML_OPERATOR_TYPE) == 4);
DMLREF__STATIC_ASSERT(reduce_enum_is_4_bytes, sizeof(DML_REDUCE_FUNCTION) == 4);
DMLREF__STATIC_ASSERT(feature_level_enum_is_4_bytes, sizeof(DML_FEATURE_LEVEL) == 4);
DMLREF__STATIC_ASSERT(options_field_order,
                      offsetof(dmlref_options, feature_level) == 0 && offsetof(dmlref_options, float_order) == 4 &&
                          offsetof(dmlref_options, nan_policy) == 8 && offsetof(dmlref_options, isa) == 12);

/* A validated buffer tensor, strides made explicit, sizes widened. */
typedef struct dmlref__tensor {
    DML_TENSOR_DATA_TYPE type;
    uint32_t esize;
    uint32_t rank;
    uint64_t sizes[DMLREF__MAX_DIMS];
    uint64_t strides[DMLREF__MAX_DIMS]; /* in elements */
    uint64_t count;                     /* number of elements */
    uint64_t extent;                    /* largest element offset + 1 */
    uint64_t alignment;                 /* GuaranteedBaseOffsetAlignment */
} dmlref__tensor;

/* >>operators -----------------------------------------------------------------
   The operator table: one row per DirectML operator and per function of
   DML_OPERATOR_REDUCE. Validation finds the row, checks the descriptor by the
   row's shape and orders, and execution runs the shape's job with the row's
   combine; the dmlref tool and the Python module read the same rows through
   dmlref_operator_at. A new operator is a row here plus, for a new shape, its
   checker and its job. */
#define DMLREF__ORDER(x) (1u << DMLREF_FLOAT_ORDER_##x)
#define DMLREF__SUM_ORDERS \
    (DMLREF__ORDER(SEQUENTIAL) | DMLREF__ORDER(BLOCKED) | DMLREF__ORDER(EXACT) | DMLREF__ORDER(TREE))
#define DMLREF__PRODUCT_ORDERS (DMLREF__ORDER(SEQUENTIAL) | DMLREF__ORDER(BLOCKED) | DMLREF__ORDER(TREE))
#define DMLREF__SCAN_FLAGS                                                                 \
    (DMLREF_OPERATOR_IMPLEMENTED | DMLREF_OPERATOR_EXCLUSIVE | DMLREF_OPERATOR_DIRECTION | \
     DMLREF_OPERATOR_SPLIT_LINES | DMLREF_OPERATOR_SPLIT_LINE)
#define DMLREF__ARG_FLAGS                                                                     \
    (DMLREF_OPERATOR_IMPLEMENTED | DMLREF_OPERATOR_NAN_POLICY | DMLREF_OPERATOR_SPLIT_LINES | \
     DMLREF_OPERATOR_SPLIT_LINE)
#define DMLREF__INF (DBL_MAX * 2.0)
/* REDUCE: sums take PAIRWISE, and EXACT where the result is the sum's value (docs/semantics.md: "Reductions") */
#define DMLREF__REDUCE_LOG_ORDERS (DMLREF__PRODUCT_ORDERS | DMLREF__ORDER(PAIRWISE))
#define DMLREF__REDUCE_SUM_ORDERS (DMLREF__REDUCE_LOG_ORDERS | DMLREF__ORDER(EXACT))
#define DMLREF__REDUCE_FLAGS (DMLREF_OPERATOR_IMPLEMENTED | DMLREF_OPERATOR_SPLIT_LINES)

/* X(id, DML_OPERATOR_ suffix, reduce function (-1: none), name, CLI name, Python name, shape, map,
     combine, finalize, identity, float_orders, bound_orders, flags). Arg-reductions take no float order
   (0: options.float_order is not read). */
#define DMLREF__OPERATOR_LIST(X)                                                                                       \
    X(CUMSUM, CUMULATIVE_SUMMATION, -1, "CUMULATIVE_SUMMATION", "cumsum", "cumsum", SCAN, NONE, ADD, NONE, 0.0,        \
      DMLREF__SUM_ORDERS, DMLREF__SUM_ORDERS | DMLREF__ORDER(ANY), DMLREF__SCAN_FLAGS)                                 \
    X(CUMPROD, CUMULATIVE_PRODUCT, -1, "CUMULATIVE_PRODUCT", "cumprod", "cumprod", SCAN, NONE, MULTIPLY, NONE, 1.0,    \
      DMLREF__PRODUCT_ORDERS, DMLREF__PRODUCT_ORDERS | DMLREF__ORDER(ANY), DMLREF__SCAN_FLAGS)                         \
    X(ARGMIN, ARGMIN, -1, "ARGMIN", "argmin", "argmin", ARG_REDUCTION, NONE, MIN, NONE, 0.0, 0u, 0u,                   \
      DMLREF__ARG_FLAGS | DMLREF_OPERATOR_DIRECTION)                                                                   \
    X(ARGMAX, ARGMAX, -1, "ARGMAX", "argmax", "argmax", ARG_REDUCTION, NONE, MAX, NONE, 0.0, 0u, 0u,                   \
      DMLREF__ARG_FLAGS | DMLREF_OPERATOR_DIRECTION)                                                                   \
    X(REDUCE_ARGMAX, REDUCE, 0, "REDUCE ARGMAX", "reduce-argmax", "reduce_argmax", ARG_REDUCTION, NONE, MAX, NONE,     \
      0.0, 0u, 0u, DMLREF__ARG_FLAGS)                                                                                  \
    X(REDUCE_ARGMIN, REDUCE, 1, "REDUCE ARGMIN", "reduce-argmin", "reduce_argmin", ARG_REDUCTION, NONE, MIN, NONE,     \
      0.0, 0u, 0u, DMLREF__ARG_FLAGS)                                                                                  \
    X(REDUCE_AVERAGE, REDUCE, 2, "REDUCE AVERAGE", "reduce-average", "reduce_average", REDUCTION, NONE, ADD,           \
      DIVIDE_BY_COUNT, 0.0, DMLREF__REDUCE_SUM_ORDERS, 0u, DMLREF__REDUCE_FLAGS)                                       \
    X(REDUCE_L1, REDUCE, 3, "REDUCE L1", "reduce-l1", "reduce_l1", REDUCTION, ABS, ADD, NONE, 0.0,                     \
      DMLREF__REDUCE_SUM_ORDERS, 0u, DMLREF__REDUCE_FLAGS)                                                             \
    X(REDUCE_L2, REDUCE, 4, "REDUCE L2", "reduce-l2", "reduce_l2", REDUCTION, SQUARE, ADD, SQRT, 0.0,                  \
      DMLREF__REDUCE_SUM_ORDERS, 0u, DMLREF__REDUCE_FLAGS)                                                             \
    X(REDUCE_LOG_SUM, REDUCE, 5, "REDUCE LOG_SUM", "reduce-log-sum", "reduce_log_sum", REDUCTION, NONE, ADD, LOG, 0.0, \
      DMLREF__REDUCE_LOG_ORDERS, 0u, DMLREF__REDUCE_FLAGS)                                                             \
    X(REDUCE_LOG_SUM_EXP, REDUCE, 6, "REDUCE LOG_SUM_EXP", "reduce-log-sum-exp", "reduce_log_sum_exp", REDUCTION, EXP, \
      ADD, LOG, 0.0, DMLREF__REDUCE_LOG_ORDERS, 0u, DMLREF__REDUCE_FLAGS)                                              \
    X(REDUCE_MAX, REDUCE, 7, "REDUCE MAX", "reduce-max", "reduce_max", REDUCTION, NONE, MAX, NONE, -DMLREF__INF, 0u,   \
      0u, DMLREF__REDUCE_FLAGS | DMLREF_OPERATOR_NAN_POLICY)                                                           \
    X(REDUCE_MIN, REDUCE, 8, "REDUCE MIN", "reduce-min", "reduce_min", REDUCTION, NONE, MIN, NONE, DMLREF__INF, 0u,    \
      0u, DMLREF__REDUCE_FLAGS | DMLREF_OPERATOR_NAN_POLICY)                                                           \
    X(REDUCE_MULTIPLY, REDUCE, 9, "REDUCE MULTIPLY", "reduce-multiply", "reduce_multiply", REDUCTION, NONE, MULTIPLY,  \
      NONE, 1.0, DMLREF__PRODUCT_ORDERS, 0u, DMLREF__REDUCE_FLAGS)                                                     \
    X(REDUCE_SUM, REDUCE, 10, "REDUCE SUM", "reduce-sum", "reduce_sum", REDUCTION, NONE, ADD, NONE, 0.0,               \
      DMLREF__REDUCE_SUM_ORDERS, 0u, DMLREF__REDUCE_FLAGS)                                                             \
    X(REDUCE_SUM_SQUARE, REDUCE, 11, "REDUCE SUM_SQUARE", "reduce-sum-square", "reduce_sum_square", REDUCTION, SQUARE, \
      ADD, NONE, 0.0, DMLREF__REDUCE_SUM_ORDERS, 0u, DMLREF__REDUCE_FLAGS)

#define DMLREF__OP_ID(id, type, fn, name, cli, py, shape, map, combine, fin, identity, orders, bounds, flags) \
    DMLREF__OP_##id,
enum { DMLREF__OPERATOR_LIST(DMLREF__OP_ID) DMLREF__OP_COUNT };
#undef DMLREF__OP_ID

#define DMLREF__OP_ROW(id, type, fn, name, cli, py, shape, map, combine, fin, identity, orders, bounds, flags) \
    {DML_OPERATOR_##type,                                                                                      \
     fn,                                                                                                       \
     name,                                                                                                     \
     cli,                                                                                                      \
     py,                                                                                                       \
     DMLREF_SHAPE_##shape,                                                                                     \
     DMLREF_MAP_##map,                                                                                         \
     DMLREF_COMBINE_##combine,                                                                                 \
     DMLREF_FINALIZE_##fin,                                                                                    \
     identity,                                                                                                 \
     orders,                                                                                                   \
     bounds,                                                                                                   \
     flags},
static const dmlref_operator_info dmlref__operators[DMLREF__OP_COUNT] = {DMLREF__OPERATOR_LIST(DMLREF__OP_ROW)};
#undef DMLREF__OP_ROW

DMLREF_API uint32_t dmlref_operator_count(void) { return DMLREF__OP_COUNT; }
DMLREF_API const dmlref_operator_info *dmlref_operator_at(uint32_t index) {
    return index < DMLREF__OP_COUNT ? &dmlref__operators[index] : NULL;
}
DMLREF_API const dmlref_operator_info *dmlref_operator_find(int32_t operator_type, int32_t reduce_function) {
    uint32_t i;
    for (i = 0; i < DMLREF__OP_COUNT; i++)
        if (dmlref__operators[i].operator_type == operator_type &&
            dmlref__operators[i].reduce_function == reduce_function)
            return &dmlref__operators[i];
    return NULL;
}

/* >>schedule ------------------------------------------------------------------
   Every float order of a scan as data (docs/semantics.md: "Float orders";
   docs/internals.md: "Schedules"). The line, in traversal order, is cut into
   blocks of `block` elements (the last may be shorter). A block's own scan:
   tiles of serial x lanes elements; each lane adds its `serial` elements in
   order (from the identity when run_seed), a fixed tree (dmlref_tree_algorithm)
   combines the lanes' totals, steps whose destination is past the end
   skipped, and each element takes the prefix of the lanes and tiles before
   it. Blocks chain in order by `chain` (dmlref_tree_carry): AFTER, every
   output is carry (+) the block's own scan, the carry being the block
   before's last output; INTO_FIRST, the carry joins the block's first element
   first; RECURSIVE and RECURSIVE_LAST, the block totals are a line scanned by
   the same schedule, whose values are the carries. A seeded schedule gives the
   first block (of every level) the identity as its carry.
   dmlref__schedule_line interprets it and is the definition of every
   scheduled order; the other float kernels are fast paths of a preset, and
   DMLREF_ISA_REFERENCE runs the interpreter for all. */
#define DMLREF__BLOCK 16u /* elements per block of DMLREF_FLOAT_ORDER_BLOCKED */
typedef struct dmlref__schedule {
    uint32_t block;  /* elements per block, a power of two; 1: the running tally; 0: no schedule */
    int tree;        /* dmlref_tree_algorithm over the lanes' totals */
    int chain;       /* dmlref_tree_carry between blocks */
    int seed;        /* the first block's carry is the identity */
    uint32_t serial; /* elements per lane's run, at least 1 */
    uint32_t lanes;  /* lanes per tile, a power of two */
    int run_seed;    /* each lane's run starts from the identity */
} dmlref__schedule;

/* Everything execution needs, filled in by validation. */
typedef struct dmlref__plan {
    int op;                          /* row of dmlref__operators (DMLREF__OP_*) */
    const dmlref_operator_info *row; /* &dmlref__operators[op] */
    dmlref__tensor in, out;
    uint32_t axis;          /* scans */
    int decreasing;         /* AxisDirection == DECREASING */
    int exclusive;          /* scans */
    uint32_t reduced_mask;  /* arg-reductions: bit d set when axis d is reduced */
    uint64_t reduced_count; /* elements per reduction */
    int float_order, nan_policy, isa;
    int accumulation, identity_seed; /* settled: see dmlref__settle_order */
    int plain_lse;                   /* REDUCE LOG_SUM_EXP by the plain formula */
    dmlref_scan_tree tree;           /* options.tree, float_order TREE only */
    dmlref__schedule schedule;       /* float scans of a scheduled order (dmlref__schedule_preset) */
} dmlref__plan;

/* >>float16 ------------------------------------------------------------------
   Software conversions: correct rounding without depending on F16C or the
   floating-point environment. */

static float dmlref__f32_from_bits(uint32_t u) {
    float f;
    memcpy(&f, &u, sizeof f);
    return f;
}
static uint32_t dmlref__bits_from_f32(float f) {
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}
static double dmlref__f64_from_bits(uint64_t u) {
    double d;
    memcpy(&d, &u, sizeof d);
    return d;
}

/* The bits of an element of 1, 2, 4 or 8 bytes. */
static uint64_t dmlref__load_bits(const void *p, uint32_t esize) {
    uint16_t h;
    uint32_t w;
    uint64_t d;
    switch (esize) {
    case 1: return *(const uint8_t *)p;
    case 2: memcpy(&h, p, 2); return h;
    case 4: memcpy(&w, p, 4); return w;
    default: memcpy(&d, p, 8); return d;
    }
}

static void dmlref__store_bits(void *p, uint32_t esize, uint64_t bits) {
    uint16_t h = (uint16_t)bits;
    uint32_t w = (uint32_t)bits;
    switch (esize) {
    case 1: *(unsigned char *)p = (unsigned char)bits; break;
    case 2: memcpy(p, &h, 2); break;
    case 4: memcpy(p, &w, 4); break;
    default: memcpy(p, &bits, 8); break;
    }
}
static uint64_t dmlref__bits_from_f64(double d) {
    uint64_t u;
    memcpy(&u, &d, sizeof u);
    return u;
}

/* By bits: the exponent rebiased (15 to 127) and the significand moved up 13
   bits; a subnormal m 2^-24 is (1 + m/1024) 2^-14 - 2^-14, exact (Sterbenz) in
   every rounding mode, and normal; the top exponent stays infinity or NaN,
   payload kept. */
DMLREF__INLINE float dmlref__f16_to_f32_bits(uint16_t h) {
    const uint32_t e = (h >> 10) & 0x1Fu, m = (uint32_t)(h & 0x3FFu) << 13;
    uint32_t bits = (e + 112u) << 23 | m;
    if (e == 0) bits = dmlref__bits_from_f32(dmlref__f32_from_bits(113u << 23 | m) - 6.103515625e-05f);
    if (e == 0x1Fu) bits = 0x7F800000u | m;
    return dmlref__f32_from_bits(bits | (uint32_t)(h & 0x8000u) << 16);
}
DMLREF_API float dmlref_f16_to_f32(uint16_t h) { return dmlref__f16_to_f32_bits(h); }

DMLREF_API uint16_t dmlref_f32_to_f16(float f) {
    uint32_t x = dmlref__bits_from_f32(f);
    uint32_t sign = (x >> 16) & 0x8000u;
    x &= 0x7FFFFFFFu;
    if (x > 0x7F800000u) return (uint16_t)(sign | 0x7E00u | ((x >> 13) & 0x3FFu)); /* NaN */
    if (x >= 0x477FF000u) return (uint16_t)(sign | 0x7C00u);                       /* >= 65520 rounds to infinity */
    if (x < 0x38800000u) { /* below 2^-14: a binary16 subnormal or zero */
        uint32_t mantissa, shift, kept, rest, halfway;
        if (x <= 0x33000000u) return (uint16_t)sign; /* <= 2^-25 rounds to zero (tie to even) */
        mantissa = (x & 0x7FFFFFu) | 0x800000u;
        shift = 126u - (x >> 23); /* value = mantissa * 2^(e-150) in units of 2^-24 */
        kept = mantissa >> shift;
        rest = mantissa & ((1u << shift) - 1u);
        halfway = 1u << (shift - 1u);
        if (rest > halfway || (rest == halfway && (kept & 1u))) kept++;
        return (uint16_t)(sign | kept);
    }
    /* Normal: rebias the exponent (127 -> 15) and round the 13 dropped bits to nearest even. */
    x += 0xC8000FFFu + ((x >> 13) & 1u);
    return (uint16_t)(sign | (x >> 13));
}

/* Scan outputs write the canonical quiet NaN: payloads differ between ISAs. */
static uint16_t dmlref__store_f16(float v) { return v != v ? (uint16_t)0x7E00u : dmlref_f32_to_f16(v); }
static float dmlref__store_f32(float v) { return v != v ? dmlref__f32_from_bits(0x7FC00000u) : v; }
static double dmlref__store_f64(double v) { return v != v ? dmlref__f64_from_bits(UINT64_C(0x7FF8000000000000)) : v; }

/* >>elementary -----------------------------------------------------------------
   exp and log, the library's own (REDUCE LOG_SUM_EXP and LOG_SUM): correctly
   rounded for every binary16 and binary32 input, within 0.5 + 2^-45 ulp for
   binary64 (docs/elementary-functions.md derives both). Only +, -, *, / on
   doubles, integer operations and memcpy: no libm, no FMA, so the bits
   depend on no compiler, library or ISA. A fast double evaluation with a
   proven error, a rounding test, and a double-double path for the rare
   inputs it cannot decide (Ziv 1991). */
/* The exhaustive checker defines this to count the inputs that need the accurate path. */
#ifndef DMLREF__EL_ON_FALLBACK
#define DMLREF__EL_ON_FALLBACK(which) ((void)0)
#endif

/* Constants as bit patterns: no decimal conversion by the compiler can change them
   (generated by tests/elementary/gen_elementary.c with MPFR). */
#define DMLREF__EL_INV32 UINT64_C(0x40471547652B82FE)   /* 32/ln2 = 46.166241308446828 */
#define DMLREF__EL_E32A UINT64_C(0x3F962E42FEE00000)    /* ln2/32 cut to 32 bits = 0.021660849386535119 */
#define DMLREF__EL_E32B UINT64_C(0x3D9A39EF35793C76)    /* ln2/32 - E32A = 5.9631716539705866e-12 */
#define DMLREF__EL_INV1024 UINT64_C(0x40971547652B82FE) /* 1024/ln2 = 1477.3197218702985 */
#define DMLREF__EL_E1024A UINT64_C(0x3F462E42FEE00000)  /* ln2/1024 cut to 32 bits = 0.00067690154332922248 */
#define DMLREF__EL_E1024B UINT64_C(0x3D4A39EF35793C76)  /* next 53 bits = 1.8634911418658083e-13 */
#define DMLREF__EL_E1024C UINT64_C(0x39ECC01F97B57A08)  /* next 53 bits = 1.1340065653674348e-29 */
#define DMLREF__EL_X3 UINT64_C(0x3FC5555555555555)      /* 1/6 = 0.16666666666666666 */
#define DMLREF__EL_X3L UINT64_C(0x3C65555555555555)     /* 1/6 - X3 = 9.2518585385429707e-18 */
#define DMLREF__EL_X4 UINT64_C(0x3FA5555555555555)      /* 1/24 = 0.041666666666666664 */
#define DMLREF__EL_X5 UINT64_C(0x3F81111111111111)      /* 1/120 = 0.0083333333333333332 */
#define DMLREF__EL_X6 UINT64_C(0x3F56C16C16C16C17)      /* 1/720 = 0.0013888888888888889 */
#define DMLREF__EL_X8 UINT64_C(0x3EFA01A01A01A01A)      /* 1/40320 = 2.4801587301587302e-05 */
#define DMLREF__EL_X7 UINT64_C(0x3F2A01A01A01A01A)      /* 1/5040 = 0.00019841269841269841 */
#define DMLREF__EL_LOG_OFF UINT64_C(0x3FE6700000000000) /* 0.701171875: z in [OFF, 2 OFF) */
#define DMLREF__EL_LOG_I1 76                            /* the interval [1 - 2^-9, 1 + 2^-8), c = 1 */
#define DMLREF__EL_LN2A UINT64_C(0x3FE62E42FEFA3800)    /* ln2 to 42 bits = 0.69314718055989033 */
#define DMLREF__EL_LN2R UINT64_C(0x3D2EF35793C76730)    /* ln2 - LN2A = 5.4979230187083712e-14 */
#define DMLREF__EL_LN2B UINT64_C(0x3D2EF35793C76800)    /* ln2 - LN2A to 42 bits = 5.4979230187085024e-14 */
#define DMLREF__EL_LN2C UINT64_C(0xBA59FF0342542FC3)    /* ln2 - LN2A - LN2B = -1.3124698417785255e-27 */
#define DMLREF__EL_L3 UINT64_C(0x3FD5555555555555)      /* 1/3 = 0.33333333333333331 */
#define DMLREF__EL_L3L UINT64_C(0x3C75555555555555)     /* low part = 1.8503717077085941e-17 */
#define DMLREF__EL_L5 UINT64_C(0x3FC999999999999A)      /* 1/5 = 0.20000000000000001 */
#define DMLREF__EL_L5L UINT64_C(0xBC6999999999999A)     /* low part = -1.1102230246251566e-17 */
#define DMLREF__EL_L6 UINT64_C(0xBFC5555555555555)      /* -1/6 = -0.16666666666666666 */
#define DMLREF__EL_L6L UINT64_C(0xBC65555555555555)     /* low part = -9.2518585385429707e-18 */
#define DMLREF__EL_L7 UINT64_C(0x3FC2492492492492)      /* 1/7 = 0.14285714285714285 */
#define DMLREF__EL_L9 UINT64_C(0x3FBC71C71C71C71C)      /* 1/9 = 0.1111111111111111 */
#define DMLREF__EL_L10 UINT64_C(0xBFB999999999999A)     /* -1/10 = -0.10000000000000001 */
#define DMLREF__EL_L11 UINT64_C(0x3FB745D1745D1746)     /* 1/11 = 0.090909090909090912 */
#define DMLREF__EL_L12 UINT64_C(0xBFB5555555555555)     /* -1/12 = -0.083333333333333329 */

/* 2^(j/32), hi and lo */
static const uint64_t dmlref__el_exp_t1[64] = {
    UINT64_C(0x3FF0000000000000), UINT64_C(0x0000000000000000), UINT64_C(0x3FF059B0D3158574),
    UINT64_C(0x3C8D73E2A475B465), UINT64_C(0x3FF0B5586CF9890F), UINT64_C(0x3C98A62E4ADC610B),
    UINT64_C(0x3FF11301D0125B51), UINT64_C(0xBC96C51039449B3A), UINT64_C(0x3FF172B83C7D517B),
    UINT64_C(0xBC819041B9D78A76), UINT64_C(0x3FF1D4873168B9AA), UINT64_C(0x3C9E016E00A2643C),
    UINT64_C(0x3FF2387A6E756238), UINT64_C(0x3C99B07EB6C70573), UINT64_C(0x3FF29E9DF51FDEE1),
    UINT64_C(0x3C8612E8AFAD1255), UINT64_C(0x3FF306FE0A31B715), UINT64_C(0x3C86F46AD23182E4),
    UINT64_C(0x3FF371A7373AA9CB), UINT64_C(0xBC963AEABF42EAE2), UINT64_C(0x3FF3DEA64C123422),
    UINT64_C(0x3C8ADA0911F09EBC), UINT64_C(0x3FF44E086061892D), UINT64_C(0x3C489B7A04EF80D0),
    UINT64_C(0x3FF4BFDAD5362A27), UINT64_C(0x3C7D4397AFEC42E2), UINT64_C(0x3FF5342B569D4F82),
    UINT64_C(0xBC807ABE1DB13CAD), UINT64_C(0x3FF5AB07DD485429), UINT64_C(0x3C96324C054647AD),
    UINT64_C(0x3FF6247EB03A5585), UINT64_C(0xBC9383C17E40B497), UINT64_C(0x3FF6A09E667F3BCD),
    UINT64_C(0xBC9BDD3413B26456), UINT64_C(0x3FF71F75E8EC5F74), UINT64_C(0xBC816E4786887A99),
    UINT64_C(0x3FF7A11473EB0187), UINT64_C(0xBC841577EE04992F), UINT64_C(0x3FF82589994CCE13),
    UINT64_C(0xBC9D4C1DD41532D8), UINT64_C(0x3FF8ACE5422AA0DB), UINT64_C(0x3C96E9F156864B27),
    UINT64_C(0x3FF93737B0CDC5E5), UINT64_C(0xBC675FC781B57EBC), UINT64_C(0x3FF9C49182A3F090),
    UINT64_C(0x3C7C7C46B071F2BE), UINT64_C(0x3FFA5503B23E255D), UINT64_C(0xBC9D2F6EDB8D41E1),
    UINT64_C(0x3FFAE89F995AD3AD), UINT64_C(0x3C97A1CD345DCC81), UINT64_C(0x3FFB7F76F2FB5E47),
    UINT64_C(0xBC75584F7E54AC3B), UINT64_C(0x3FFC199BDD85529C), UINT64_C(0x3C811065895048DD),
    UINT64_C(0x3FFCB720DCEF9069), UINT64_C(0x3C7503CBD1E949DB), UINT64_C(0x3FFD5818DCFBA487),
    UINT64_C(0x3C82ED02D75B3707), UINT64_C(0x3FFDFC97337B9B5F), UINT64_C(0xBC91A5CD4F184B5C),
    UINT64_C(0x3FFEA4AFA2A490DA), UINT64_C(0xBC9E9C23179C2893), UINT64_C(0x3FFF50765B6E4540),
    UINT64_C(0x3C99D3E12DD8A18B),
};
/* 2^(j/1024), hi and lo */
static const uint64_t dmlref__el_exp_t2[64] = {
    UINT64_C(0x3FF0000000000000), UINT64_C(0x0000000000000000), UINT64_C(0x3FF002C605E2E8CF),
    UINT64_C(0xBC8D7C96F201BB2F), UINT64_C(0x3FF0058C86DA1C0A), UINT64_C(0xBC75E00E62D6B30D),
    UINT64_C(0x3FF0085382FAEF83), UINT64_C(0x3C7DA93F90835F75), UINT64_C(0x3FF00B1AFA5ABCBF),
    UINT64_C(0xBC84F6B2A7609F71), UINT64_C(0x3FF00DE2ED0EE0F5), UINT64_C(0xBC6406AC4E81A645),
    UINT64_C(0x3FF010AB5B2CBD11), UINT64_C(0x3C9C1D0660524E08), UINT64_C(0x3FF0137444C9B5B5),
    UINT64_C(0xBC72B6AEB6176892), UINT64_C(0x3FF0163DA9FB3335), UINT64_C(0x3C9B61299AB8CDB7),
    UINT64_C(0x3FF019078AD6A19F), UINT64_C(0xBC7008EFF5142BF9), UINT64_C(0x3FF01BD1E77170B4),
    UINT64_C(0x3C75E7626621EB5B), UINT64_C(0x3FF01E9CBFE113EF), UINT64_C(0xBC8C11F5239BF535),
    UINT64_C(0x3FF02168143B0281), UINT64_C(0xBC82BF310FC54EB6), UINT64_C(0x3FF02433E494B755),
    UINT64_C(0xBC9314AA16278AA3), UINT64_C(0x3FF027003103B10E), UINT64_C(0xBC7082EF51B61D7E),
    UINT64_C(0x3FF029CCF99D720A), UINT64_C(0x3C564CBBA902CA27), UINT64_C(0x3FF02C9A3E778061),
    UINT64_C(0xBC719083535B085D), UINT64_C(0x3FF02F67FFA765E6), UINT64_C(0xBC8B8DB0E9DBD87E),
    UINT64_C(0x3FF032363D42B027), UINT64_C(0x3C9FEA8D61ED6016), UINT64_C(0x3FF03504F75EF071),
    UINT64_C(0x3C9BC2EE8E5799AC), UINT64_C(0x3FF037D42E11BBCC), UINT64_C(0x3C656811EEADE11A),
    UINT64_C(0x3FF03AA3E170AAFE), UINT64_C(0xBC9F1A93C1B824D3), UINT64_C(0x3FF03D7411915A8A),
    UINT64_C(0x3C9B7C00E7B751DA), UINT64_C(0x3FF04044BE896AB6), UINT64_C(0x3C99DC3ADD8F9C02),
    UINT64_C(0x3FF04315E86E7F85), UINT64_C(0xBC90A31C1977C96E), UINT64_C(0x3FF045E78F5640B9),
    UINT64_C(0x3C735BC86AF4EE9A), UINT64_C(0x3FF048B9B35659D8), UINT64_C(0x3C621CD53D5E8B66),
    UINT64_C(0x3FF04B8C54847A28), UINT64_C(0xBC7E7992580447B0), UINT64_C(0x3FF04E5F72F654B1),
    UINT64_C(0x3C84C3793AA0D08D), UINT64_C(0x3FF051330EC1A03F), UINT64_C(0x3C979A8BE239CA45),
    UINT64_C(0x3FF0540727FC1762), UINT64_C(0xBC9ABCAE24B819DF), UINT64_C(0x3FF056DBBEBB786B),
    UINT64_C(0x3C806C87433776C9),
};
/* c_i (20 bits), then -log(c_i) hi and lo */
static const uint64_t dmlref__el_log_c[128] = {
    UINT64_C(0x3FF6C16C00000000), UINT64_C(0x3FF6A13C00000000), UINT64_C(0x3FF6816800000000),
    UINT64_C(0x3FF661EC00000000), UINT64_C(0x3FF642C800000000), UINT64_C(0x3FF623FA00000000),
    UINT64_C(0x3FF6058200000000), UINT64_C(0x3FF5E75C00000000), UINT64_C(0x3FF5C98800000000),
    UINT64_C(0x3FF5AC0600000000), UINT64_C(0x3FF58ED200000000), UINT64_C(0x3FF571EE00000000),
    UINT64_C(0x3FF5555600000000), UINT64_C(0x3FF5390A00000000), UINT64_C(0x3FF51D0800000000),
    UINT64_C(0x3FF5015000000000), UINT64_C(0x3FF4E5E000000000), UINT64_C(0x3FF4CAB800000000),
    UINT64_C(0x3FF4AFD600000000), UINT64_C(0x3FF4953A00000000), UINT64_C(0x3FF47AE200000000),
    UINT64_C(0x3FF460CC00000000), UINT64_C(0x3FF446F800000000), UINT64_C(0x3FF42D6600000000),
    UINT64_C(0x3FF4141400000000), UINT64_C(0x3FF3FB0200000000), UINT64_C(0x3FF3E22C00000000),
    UINT64_C(0x3FF3C99600000000), UINT64_C(0x3FF3B13C00000000), UINT64_C(0x3FF3991C00000000),
    UINT64_C(0x3FF3813800000000), UINT64_C(0x3FF3698E00000000), UINT64_C(0x3FF3521C00000000),
    UINT64_C(0x3FF33AE400000000), UINT64_C(0x3FF323E400000000), UINT64_C(0x3FF30D1A00000000),
    UINT64_C(0x3FF2F68400000000), UINT64_C(0x3FF2E02600000000), UINT64_C(0x3FF2C9FC00000000),
    UINT64_C(0x3FF2B40400000000), UINT64_C(0x3FF29E4200000000), UINT64_C(0x3FF288B000000000),
    UINT64_C(0x3FF2735000000000), UINT64_C(0x3FF25E2200000000), UINT64_C(0x3FF2492400000000),
    UINT64_C(0x3FF2345600000000), UINT64_C(0x3FF21FB800000000), UINT64_C(0x3FF20B4800000000),
    UINT64_C(0x3FF1F70400000000), UINT64_C(0x3FF1E2F000000000), UINT64_C(0x3FF1CF0600000000),
    UINT64_C(0x3FF1BB4A00000000), UINT64_C(0x3FF1A7BA00000000), UINT64_C(0x3FF1945400000000),
    UINT64_C(0x3FF1811800000000), UINT64_C(0x3FF16E0600000000), UINT64_C(0x3FF15B1E00000000),
    UINT64_C(0x3FF1486000000000), UINT64_C(0x3FF135C800000000), UINT64_C(0x3FF1235800000000),
    UINT64_C(0x3FF1111200000000), UINT64_C(0x3FF0FEF000000000), UINT64_C(0x3FF0ECF600000000),
    UINT64_C(0x3FF0DB2000000000), UINT64_C(0x3FF0C97200000000), UINT64_C(0x3FF0B7E600000000),
    UINT64_C(0x3FF0A68200000000), UINT64_C(0x3FF0954000000000), UINT64_C(0x3FF0842200000000),
    UINT64_C(0x3FF0732600000000), UINT64_C(0x3FF0624E00000000), UINT64_C(0x3FF0519800000000),
    UINT64_C(0x3FF0410400000000), UINT64_C(0x3FF0309200000000), UINT64_C(0x3FF0204000000000),
    UINT64_C(0x3FF0101000000000), UINT64_C(0x3FF0000000000000), UINT64_C(0x3FEFC08000000000),
    UINT64_C(0x3FEF81F800000000), UINT64_C(0x3FEF446600000000), UINT64_C(0x3FEF07C200000000),
    UINT64_C(0x3FEECC0800000000), UINT64_C(0x3FEE913200000000), UINT64_C(0x3FEE573A00000000),
    UINT64_C(0x3FEE1E1E00000000), UINT64_C(0x3FEDE5D600000000), UINT64_C(0x3FEDAE6000000000),
    UINT64_C(0x3FED77B600000000), UINT64_C(0x3FED41D400000000), UINT64_C(0x3FED0CB600000000),
    UINT64_C(0x3FECD85600000000), UINT64_C(0x3FECA4B400000000), UINT64_C(0x3FEC71C800000000),
    UINT64_C(0x3FEC3F9000000000), UINT64_C(0x3FEC0E0800000000), UINT64_C(0x3FEBDD2C00000000),
    UINT64_C(0x3FEBACFA00000000), UINT64_C(0x3FEB7D6C00000000), UINT64_C(0x3FEB4E8200000000),
    UINT64_C(0x3FEB203600000000), UINT64_C(0x3FEAF28600000000), UINT64_C(0x3FEAC57000000000),
    UINT64_C(0x3FEA98F000000000), UINT64_C(0x3FEA6D0200000000), UINT64_C(0x3FEA41A400000000),
    UINT64_C(0x3FEA16D400000000), UINT64_C(0x3FE9EC8E00000000), UINT64_C(0x3FE9C2D200000000),
    UINT64_C(0x3FE9999A00000000), UINT64_C(0x3FE970E400000000), UINT64_C(0x3FE948B000000000),
    UINT64_C(0x3FE920FC00000000), UINT64_C(0x3FE8F9C200000000), UINT64_C(0x3FE8D30200000000),
    UINT64_C(0x3FE8ACBA00000000), UINT64_C(0x3FE886E600000000), UINT64_C(0x3FE8618600000000),
    UINT64_C(0x3FE83C9800000000), UINT64_C(0x3FE8181800000000), UINT64_C(0x3FE7F40600000000),
    UINT64_C(0x3FE7D06000000000), UINT64_C(0x3FE7AD2200000000), UINT64_C(0x3FE78A4C00000000),
    UINT64_C(0x3FE767DC00000000), UINT64_C(0x3FE745D200000000), UINT64_C(0x3FE7242800000000),
    UINT64_C(0x3FE702E000000000), UINT64_C(0x3FE6E1F800000000),
};
static const uint64_t dmlref__el_log_t[256] = {
    UINT64_C(0xBFD68AC7FE9C69F4), UINT64_C(0xBC5A64D5881E9C23), UINT64_C(0xBFD63000BB3AA197),
    UINT64_C(0xBC6DA092B9908D60), UINT64_C(0xBFD5D5BD9F595F10), UINT64_C(0x3C7654169E2111F8),
    UINT64_C(0xBFD57BF623C8CF29), UINT64_C(0x3C60950440B31E96), UINT64_C(0xBFD522AD0738A1D8),
    UINT64_C(0x3C68FA945E3D1424), UINT64_C(0xBFD4C9DF4617289F), UINT64_C(0xBC7BB3EB76832C12),
    UINT64_C(0xBFD4718F9271BD89), UINT64_C(0xBC397A52BCBD6569), UINT64_C(0xBFD419B4F3D5E775),
    UINT64_C(0xBC60DD206E29A1B4), UINT64_C(0xBFD3C251F7333104), UINT64_C(0x3C72AD528FB57971),
    UINT64_C(0xBFD36B692EBE0B2E), UINT64_C(0xBC7B3D88D866E120), UINT64_C(0xBFD314F151D35C42),
    UINT64_C(0x3C73D6D5C9E62A60), UINT64_C(0xBFD2BEF2C4DC88EB), UINT64_C(0xBC5F889B0997D5F7),
    UINT64_C(0xBFD269641134D392), UINT64_C(0xBC7E19A588085AD7), UINT64_C(0xBFD21447950EAF88),
    UINT64_C(0x3C70352D7AE0A4D5), UINT64_C(0xBFD1BF99A35A6B75), UINT64_C(0x3C612AE0D979EF79),
    UINT64_C(0xBFD16B5C8BACFB53), UINT64_C(0xBC766FB7D35EAFE0), UINT64_C(0xBFD1178C8227DC7C),
    UINT64_C(0x3C60FB8FB4D71BE9), UINT64_C(0xBFD0C42BC7615D9B), UINT64_C(0xBC514BE4F242D641),
    UINT64_C(0xBFD07136704D50E0), UINT64_C(0xBC7CD16457C0DDDE), UINT64_C(0xBFD01EAEAE26C654),
    UINT64_C(0xBC7DCFBBC5B020AD), UINT64_C(0xBFCF9920ECB39F39), UINT64_C(0xBC6F84B0662C78A7),
    UINT64_C(0xBFCEF5AF44DCFE02), UINT64_C(0x3C5088F7331FF106), UINT64_C(0xBFCE530C7FE709D2),
    UINT64_C(0xBC42128AEC50BAEB), UINT64_C(0xBFCDB13CC0D4885F), UINT64_C(0xBC5AA090A9F8A6F8),
    UINT64_C(0xBFCD103772655E3B), UINT64_C(0xBC66061E7979BEF7), UINT64_C(0xBFCC700096EFF848),
    UINT64_C(0x3C68C06412B92C3B), UINT64_C(0xBFCBD082783BC21D), UINT64_C(0xBC3CB58B440627F0),
    UINT64_C(0xBFCB31DAA75BC8E4), UINT64_C(0x3C66311B6E3FA070), UINT64_C(0xBFCA93F33C8AB5E3),
    UINT64_C(0xBC6C12FA9B61721C), UINT64_C(0xBFC9F6C2E7089520), UINT64_C(0xBC435833605B33CF),
    UINT64_C(0xBFC95A5A5CF7013F), UINT64_C(0xBC5142AFB2A614E8), UINT64_C(0xBFC8BEB03B38FE73),
    UINT64_C(0xBC555AADEBEECD25), UINT64_C(0xBFC823BAE5517982), UINT64_C(0x3C617EB795331A50),
    UINT64_C(0xBFC7898B254446CF), UINT64_C(0xBC5EF008965A8B9C), UINT64_C(0xBFC6F0174B75542C),
    UINT64_C(0x3C68BAA06DC7498F), UINT64_C(0xBFC657556E8BE681), UINT64_C(0x3C3A17633E4D3C0E),
    UINT64_C(0xBFC5BF3B6B5424B2), UINT64_C(0x3C24905F0A40A32E), UINT64_C(0xBFC527E794A1B2B4),
    UINT64_C(0x3C2700F5827A3B85), UINT64_C(0xBFC4914243339ED1), UINT64_C(0x3C508DEDA083577B),
    UINT64_C(0xBFC3FB4105991368), UINT64_C(0x3C6DA8E0CEE44290), UINT64_C(0xBFC3660270156F06),
    UINT64_C(0xBC5852CEF6C97929), UINT64_C(0xBFC2D1608C8680FA), UINT64_C(0x3C5499B947B05EB5),
    UINT64_C(0xBFC23D6C2A49A902), UINT64_C(0x3C670D2C0CE8481E), UINT64_C(0xBFC1AA286E23EDC9),
    UINT64_C(0x3C4C953DEFB83259), UINT64_C(0xBFC1178A8227D47C), UINT64_C(0x3C5110E50AAC7142),
    UINT64_C(0xBFC08595659E2F0E), UINT64_C(0x3C6DE31E33E99CF7), UINT64_C(0xBFBFE89839DBBCE6),
    UINT64_C(0x3C5AAD5ECCA04E3B), UINT64_C(0xBFBEC7470309B600), UINT64_C(0x3C4891E9A1AFEE90),
    UINT64_C(0xBFBDA72063842E22), UINT64_C(0xBC53E5651B87CAC0), UINT64_C(0xBFBC886301BC0EA3),
    UINT64_C(0xBC5AA7B5FCB201D0), UINT64_C(0xBFBB6ABECDAD2B94), UINT64_C(0x3C409FF8F18641E2),
    UINT64_C(0xBFBA4E72A0B1B5A6), UINT64_C(0x3C55B9C2559E6280), UINT64_C(0xBFB933675D592109),
    UINT64_C(0x3C543BE8589EDCAB), UINT64_C(0xBFB819856F40C9A8), UINT64_C(0xBC3C1E34A7B6E3BD),
    UINT64_C(0xBFB700D20AEAC061), UINT64_C(0x3C272610CBD807B0), UINT64_C(0xBFB5E9526D9772C9),
    UINT64_C(0xBC5F0FC1BB6BE604), UINT64_C(0xBFB4D30BDD206F8C), UINT64_C(0xBC575C16D6E9BC76),
    UINT64_C(0xBFB3BE03A7D18C64), UINT64_C(0xBC4972CC16490A87), UINT64_C(0xBFB2AA03A4471725),
    UINT64_C(0x3C5D15E8E285094C), UINT64_C(0xBFB1972E5145FA47), UINT64_C(0x3C48EF9377DE8FA5),
    UINT64_C(0xBFB085A6B59DD807), UINT64_C(0x3C5CF255F7B9141E), UINT64_C(0xBFAEEA2FC006B77C),
    UINT64_C(0x3C43E5273E628117), UINT64_C(0xBFACCB854DDD663C), UINT64_C(0x3C4DD953B288548A),
    UINT64_C(0xBFAAAEDED0FAACFC), UINT64_C(0xBC279A90F5FB5F96), UINT64_C(0xBFA894BF149F4503),
    UINT64_C(0xBC3C0DC96A81DEA0), UINT64_C(0xBFA67C78B2D3F3D4), UINT64_C(0xBC3CD719CDD6D5F6),
    UINT64_C(0xBFA466CC542D0A5A), UINT64_C(0x3C4AC69841116B38), UINT64_C(0xBFA2530B2F8C883F),
    UINT64_C(0x3C4827F79C8158B5), UINT64_C(0xBFA0417B89E66344), UINT64_C(0xBC4E384F04BD174B),
    UINT64_C(0xBF9C63D06C14AA2A), UINT64_C(0x3C3CE0457BDC1CA0), UINT64_C(0xBF98493028C8BB9F),
    UINT64_C(0x3C3D123E5B7D9BFC), UINT64_C(0xBF9432AB25980C41), UINT64_C(0x3C38CDA48E559AE8),
    UINT64_C(0xBF90205258935647), UINT64_C(0xBC327C392EC151CA), UINT64_C(0xBF88246DA3884D1A),
    UINT64_C(0xBC10CEFEBC602541), UINT64_C(0xBF800FD57587DE71), UINT64_C(0xBC11BBB8196D23BF),
    UINT64_C(0xBF7007F559588335), UINT64_C(0xBC1F950E379FE121), UINT64_C(0x0000000000000000),
    UINT64_C(0x0000000000000000), UINT64_C(0x3F7FDFAA6B126789), UINT64_C(0xBBECE682CE31A038),
    UINT64_C(0x3F8FC0B0B0FC07E4), UINT64_C(0xBC182F3D703FED4C), UINT64_C(0x3F97B90E87D5C4A3),
    UINT64_C(0xBC35C02ED7767837), UINT64_C(0x3F9F82990E783380), UINT64_C(0x3C333E345A474878),
    UINT64_C(0x3FA39E82B9FEC3A0), UINT64_C(0xBC45C243E29B1A65), UINT64_C(0x3FA774537632E48C),
    UINT64_C(0x3C4189C5532D6361), UINT64_C(0x3FAB42EAB1199DA3), UINT64_C(0xBC3E5888C4DC1676),
    UINT64_C(0x3FAF0A32C01163A6), UINT64_C(0x3C485F5D07068577), UINT64_C(0x3FB1653E8EA397F3),
    UINT64_C(0xBC3709DDBACA6CD7), UINT64_C(0x3FB341DB961BD9D1), UINT64_C(0xBC5B5449CD169766),
    UINT64_C(0x3FB51B0A1F061C61), UINT64_C(0x3C5A4BDE8F74265B), UINT64_C(0x3FB6F0D38AE56BCC),
    UINT64_C(0xBC5906C43C2F543D), UINT64_C(0x3FB8C341F631A2A3), UINT64_C(0xBC24CD620018BDF8),
    UINT64_C(0x3FBA9271FA4AE0AB), UINT64_C(0x3C594BE2E01C350F), UINT64_C(0x3FBC5E4BCF5BED8B),
    UINT64_C(0x3C34F6C94A902B1F), UINT64_C(0x3FBE26FF6E2B12E6), UINT64_C(0xBC36C022A6C8AC26),
    UINT64_C(0x3FBFEC8831DC133B), UINT64_C(0xBC55B12B97E7A378), UINT64_C(0x3FC0D779FCD0A299),
    UINT64_C(0x3C69877C5F5D38A6), UINT64_C(0x3FC1B728B52F6C24), UINT64_C(0x3C547C9C89DC86D9),
    UINT64_C(0x3FC2954EB8200733), UINT64_C(0x3C62E7E07238F390), UINT64_C(0x3FC371FD401E90B8),
    UINT64_C(0x3C5DE7BE62B0B2B0), UINT64_C(0x3FC44D2A0CCB7F02), UINT64_C(0x3C69F4187EEA93BA),
    UINT64_C(0x3FC526E713A1B5A1), UINT64_C(0xBC674670A4F0B95C), UINT64_C(0x3FC5FF33F0A7A014),
    UINT64_C(0xBC5BA979A5110A16), UINT64_C(0x3FC6D6106719D25D), UINT64_C(0xBC6CAAD7BE421ECE),
    UINT64_C(0x3FC7AB860210E209), UINT64_C(0x3C4BBF6B2E0C0605), UINT64_C(0x3FC87F9EB520CBEA),
    UINT64_C(0xBC6BF997CF9C7FA2), UINT64_C(0x3FC9525B1CF456F4), UINT64_C(0x3C6D9056C7F8E0D0),
    UINT64_C(0x3FCA23BBFFE2B567), UINT64_C(0x3C49371105CFEF01), UINT64_C(0x3FCAF3CC2E80C837),
    UINT64_C(0xBC5388F848751CC9), UINT64_C(0x3FCBC283042D98A7), UINT64_C(0x3C54E1D2FA680548),
    UINT64_C(0x3FCC8FF5C79A9E22), UINT64_C(0xBC64F934A2E5EABC), UINT64_C(0x3FCD5C264B4FD355),
    UINT64_C(0x3C670AE1DA98B451), UINT64_C(0x3FCE270C6E2B0BE6), UINT64_C(0xBC456ECD50915690),
    UINT64_C(0x3FCEF0AA2BDC665A), UINT64_C(0x3C647656C00EC33D), UINT64_C(0x3FCFB9162D5E433B),
    UINT64_C(0xBC6CAE7A64E54A4B), UINT64_C(0x3FD040246CB4D2ED), UINT64_C(0x3C76B68F5189FA7B),
    UINT64_C(0x3FD0A32272739CC5), UINT64_C(0x3C77C9AEA8934F83), UINT64_C(0x3FD1058BD1AE4AE2),
    UINT64_C(0xBC79D819228227F2), UINT64_C(0x3FD1675CEBABA62E), UINT64_C(0x3C2CE6E9563361C2),
    UINT64_C(0x3FD1C89761699DC3), UINT64_C(0xBC311D3B7F6FAD9E), UINT64_C(0x3FD229423BCF7986),
    UINT64_C(0xBC776F595B40CF5A), UINT64_C(0x3FD2895A0BDE86A4), UINT64_C(0xBC60A5B682D74D38),
    UINT64_C(0x3FD2E8E0BAE12531), UINT64_C(0xBC78FF7863C968A5), UINT64_C(0x3FD347DDB2987D59),
    UINT64_C(0x3C75915A1BFB7318), UINT64_C(0x3FD3A64DB56949B2), UINT64_C(0xBC6C61766E7EB650),
    UINT64_C(0x3FD40432F686B3C6), UINT64_C(0xBC70A9AC1FF59AE5), UINT64_C(0x3FD4618A421C6342),
    UINT64_C(0x3C7F3E5ECE010F1C), UINT64_C(0x3FD4BE60F5777C69), UINT64_C(0xBC6252C4B03D3E12),
    UINT64_C(0x3FD51AAE872DFA2D), UINT64_C(0x3C439D256C6A008E), UINT64_C(0x3FD5767577455FB4),
    UINT64_C(0x3C7520F507F49FA1),
};

#define DMLREF__EL_SHIFT 6755399441055744.0 /* 1.5 2^52: adding and subtracting it rounds to an integer */
#define DMLREF__EL_SLACK 8                  /* the fast paths' error in units of the last place, rounded up */
#define DMLREF__EL_HARD UINT64_C(0xFFFFFFFFFFFFFFFF)


/* Knuth's TwoSum: s + *e == a + b exactly, whatever the magnitudes. */
DMLREF__INLINE double dmlref__el_two_sum(double a, double b, double *e) {
    const double s = a + b, bb = s - a;
    *e = (a - (s - bb)) + (b - bb);
    return s;
}
/* Dekker's Fast2Sum: exact when a == 0 or the exponent of a is at least that of b. */
DMLREF__INLINE double dmlref__el_fast_two_sum(double a, double b, double *e) {
    const double s = a + b;
    *e = b - (s - a);
    return s;
}
/* Dekker's product with Veltkamp's split (2^27 + 1), since FMA is not allowed: p + *e == a b
   exactly unless a partial product underflows (then the error stays below 2^-1070). */
DMLREF__INLINE double dmlref__el_two_prod(double a, double b, double *e) {
    const double ta = 134217729.0 * a, tb = 134217729.0 * b, p = a * b;
    const double ah = ta - (ta - a), al = a - ah, bh = tb - (tb - b), bl = b - bh;
    *e = ((ah * bh - p) + ah * bl + al * bh) + al * bl;
    return p;
}
/* (ah + al)(bh + bl) with relative error below 8.02 2^-106 for normalized inputs. */
DMLREF__INLINE double dmlref__el_dd_mul(double ah, double al, double bh, double bl, double *lo) {
    double e, p = dmlref__el_two_prod(ah, bh, &e);
    e += ah * bl + al * bh;
    return dmlref__el_fast_two_sum(p, e, lo);
}
/* (ah + al) + (bh + bl) with error below 3.01 2^-106 (|a| + |b|): used only without cancellation. */
DMLREF__INLINE double dmlref__el_dd_add(double ah, double al, double bh, double bl, double *lo) {
    double e, s = dmlref__el_two_sum(ah, bh, &e);
    e += al + bl;
    return dmlref__el_fast_two_sum(s, e, lo);
}

/* The bits of (y + lo) 2^scale rounded to nearest even in the binary format of p significand bits,
   exponent bias `bias` and w bits in all (p < 53 or a subnormal result), where y is a normal double
   and |lo| <= ulp(y)/2. Every midpoint of that format is a double, so y + lo rounds as y unless y is
   a midpoint, where the sign of lo decides. With slack >= 0 (the fast paths, lo ignored) it returns
   DMLREF__EL_HARD instead when y is within slack units of its last place of a midpoint. */
static uint64_t dmlref__el_round(double y, double lo, int scale, int slack, int p, int bias, int w) {
    const uint64_t u = dmlref__bits_from_f64(y), sign = (u >> 63) << (w - 1);
    const uint64_t m = (u & UINT64_C(0xFFFFFFFFFFFFF)) | UINT64_C(0x10000000000000);
    const int e = (int)((u >> 52) & 0x7FFu) - 1023 + scale; /* |y| 2^scale in [2^e, 2^(e+1)) */
    int n = 53 - p;                                         /* the bits of m to drop */
    uint64_t q, rest, half;
    if (e > bias) return sign | (uint64_t)(2 * bias + 1) << (p - 1); /* overflow: infinity */
    if (e < 1 - bias) n += 1 - bias - e;                             /* subnormal: fewer bits kept */
    if (n > 60) return sign;                                         /* below 2^-7 of the least subnormal */
    q = m >> n;
    rest = m & ((UINT64_C(1) << n) - 1u);
    half = UINT64_C(1) << (n - 1);
    if (slack >= 0) {
        if (rest + (uint64_t)slack >= half && rest <= half + (uint64_t)slack) return DMLREF__EL_HARD;
        q += rest > half;
    } else if (rest > half || (rest == half && (lo != 0.0 ? (lo < 0.0) == (y < 0.0) : (q & 1u) != 0))) {
        q++;
    }
    /* A carry out of the significand moves to the exponent, up to infinity. */
    return sign | (e < 1 - bias ? q : ((uint64_t)(e + bias - 1) << (p - 1)) + q);
}

/* The fast paths' rounding: the common case (a normal result, or one that rounds up to infinity,
   not within DMLREF__EL_SLACK units of a midpoint) by a few integer operations, the rest by
   dmlref__el_round. */
DMLREF__INLINE uint64_t dmlref__el_round_fast(double y, int p, int bias, int w) {
    const uint64_t u = dmlref__bits_from_f64(y), a = u & UINT64_C(0x7FFFFFFFFFFFFFFF);
    const int n = 53 - p;
    const uint64_t half = UINT64_C(1) << (n - 1), low = (UINT64_C(1) << n) - 1u;
    if (a - ((uint64_t)(1024 - bias) << 52) >= (uint64_t)(2 * bias) << 52 ||
        ((a - half + DMLREF__EL_SLACK) & low) <= 2 * DMLREF__EL_SLACK)
        return dmlref__el_round(y, 0.0, 0, DMLREF__EL_SLACK, p, bias, w);
    return (u >> 63) << (w - 1) | (((a + half) >> n) - ((uint64_t)(1023 - bias) << (p - 1)));
}

/* exp(x) for binary16 and binary32 x in [-104, 89], relative error below 2^-51.9 (docs/elementary-functions.md 3):
   exp(x) = 2^m 2^(j/32) exp(r), |r| <= ln2/64, with a degree-6 Taylor polynomial. */
DMLREF__INLINE double dmlref__el_exp_fast(double x) {
    const double kd = (x * dmlref__f64_from_bits(DMLREF__EL_INV32) + DMLREF__EL_SHIFT) - DMLREF__EL_SHIFT;
    /* x - kd E32A is exact for inputs of at most 24 bits; the E32B term is rounded. */
    const double r = (x - kd * dmlref__f64_from_bits(DMLREF__EL_E32A)) - kd * dmlref__f64_from_bits(DMLREF__EL_E32B);
    const uint32_t k = (uint32_t)((int32_t)kd + 8192); /* |kd| < 4900: k >= 0, so shifts are portable */
    const double t = dmlref__f64_from_bits(dmlref__el_exp_t1[2u * (k & 31u)]);
    const double p =
        r +
        r * r *
            (0.5 + r * (dmlref__f64_from_bits(DMLREF__EL_X3) +
                        r * (dmlref__f64_from_bits(DMLREF__EL_X4) +
                             r * (dmlref__f64_from_bits(DMLREF__EL_X5) + r * dmlref__f64_from_bits(DMLREF__EL_X6)))));
    return (t + t * p) * dmlref__f64_from_bits((uint64_t)((int)(k >> 5) - 256 + 1023) << 52);
}

/* exp(x) = 2^*scale (hi + *lo) for |x| <= 746, hi in [0.99, 2.01), relative error below 2^-101.5
   (docs/elementary-functions.md 4): exp(x) = 2^m 2^(j1/32) 2^(j2/1024) exp(r), |r| <= ln2/2048, degree 7. */
static double dmlref__el_exp_dd(double x, double *lo, int *scale) {
    const double kd = (x * dmlref__f64_from_bits(DMLREF__EL_INV1024) + DMLREF__EL_SHIFT) - DMLREF__EL_SHIFT;
    const uint32_t k = (uint32_t)((int32_t)kd + 2097152); /* |kd| < 2^21 */
    const uint64_t *t1 = dmlref__el_exp_t1 + 2u * ((k >> 5) & 31u), *t2 = dmlref__el_exp_t2 + 2u * (k & 31u);
    double a, al, b, bl, s, e, rh, rl, x4, h, l, sh, sl, th, tl;
    *scale = (int)(k >> 10) - 2048;
    /* r = x - kd ln2/1024 to 2^-114: kd E1024A is exact, TwoSum and TwoProd keep the rest. */
    a = dmlref__el_two_sum(x, -(kd * dmlref__f64_from_bits(DMLREF__EL_E1024A)), &al);
    b = dmlref__el_two_prod(kd, dmlref__f64_from_bits(DMLREF__EL_E1024B), &bl);
    s = dmlref__el_two_sum(a, -b, &e);
    rl = ((e + al) - bl) - kd * dmlref__f64_from_bits(DMLREF__EL_E1024C);
    rh = dmlref__el_two_sum(s, rl, &rl);
    /* exp(r) - 1 = r + r^2 (1/2 + r (1/6 + r X4)): X4 in double, the rest in double-double. */
    x4 = dmlref__f64_from_bits(DMLREF__EL_X4) +
         rh * (dmlref__f64_from_bits(DMLREF__EL_X5) +
               rh * (dmlref__f64_from_bits(DMLREF__EL_X6) + rh * dmlref__f64_from_bits(DMLREF__EL_X7)));
    h = dmlref__el_dd_mul(rh, rl, x4, 0.0, &l);
    h = dmlref__el_dd_add(dmlref__f64_from_bits(DMLREF__EL_X3), dmlref__f64_from_bits(DMLREF__EL_X3L), h, l, &l);
    h = dmlref__el_dd_mul(rh, rl, h, l, &l);
    h = dmlref__el_dd_add(0.5, 0.0, h, l, &l);
    sh = dmlref__el_dd_mul(rh, rl, rh, rl, &sl);
    h = dmlref__el_dd_mul(sh, sl, h, l, &l);
    h = dmlref__el_dd_add(rh, rl, h, l, &l);
    /* 2^(j1/32 + j2/1024) (1 + p) */
    th = dmlref__el_dd_mul(dmlref__f64_from_bits(t1[0]), dmlref__f64_from_bits(t1[1]), dmlref__f64_from_bits(t2[0]),
                           dmlref__f64_from_bits(t2[1]), &tl);
    h = dmlref__el_dd_mul(th, tl, h, l, &l);
    return dmlref__el_dd_add(th, tl, h, l, lo);
}

/* log(x) for positive binary16 and binary32 x (at most 24 significant bits), relative error below
   2^-51.3 (docs/elementary-functions.md 5): x = 2^k z, z in [0.70, 1.40), log x = k ln2 - log c + log(1 + r),
   r = z c - 1 exact, |r| <= 2^-8, degree-7 Taylor polynomial. */
DMLREF__INLINE double dmlref__el_log_fast(double x) {
    /* Unsigned arithmetic with 2^63 added: k, the index and z without signed shifts. */
    const uint64_t t = dmlref__bits_from_f64(x) - DMLREF__EL_LOG_OFF + (UINT64_C(2048) << 52);
    const unsigned i = (unsigned)(t >> 45) & 127u;
    const double kd = (double)((int)(t >> 52) - 2048);
    const double z = dmlref__f64_from_bits((t & UINT64_C(0xFFFFFFFFFFFFF)) + DMLREF__EL_LOG_OFF);
    const double r = z * dmlref__f64_from_bits(dmlref__el_log_c[i]) - 1.0; /* 24 + 20 bits: exact */
    const double q = r * r *
                     (-0.5 + r * (dmlref__f64_from_bits(DMLREF__EL_L3) +
                                  r * (-0.25 + r * (dmlref__f64_from_bits(DMLREF__EL_L5) +
                                                    r * (dmlref__f64_from_bits(DMLREF__EL_L6) +
                                                         r * dmlref__f64_from_bits(DMLREF__EL_L7))))));
    /* kd LN2A is exact; with kd = 0 the first sum is exact too. */
    const double s = kd * dmlref__f64_from_bits(DMLREF__EL_LN2A) + dmlref__f64_from_bits(dmlref__el_log_t[2u * i]);
    return s + (r + (q + (kd * dmlref__f64_from_bits(DMLREF__EL_LN2R) +
                          dmlref__f64_from_bits(dmlref__el_log_t[2u * i + 1u]))));
}

/* log(x) = hi + *lo for finite x > 0, relative error below 2^-98.3, hi = RN(hi + lo)
   (docs/elementary-functions.md 6): the reduction of log_fast with r = z c - 1 exact as a double-double and the
   Taylor polynomial to degree 12. */
static double dmlref__el_log_dd(double x, double *lo) {
    uint64_t ix = dmlref__bits_from_f64(x), t;
    int k0 = 0;
    unsigned i;
    double kd, z, ph, pl, rh, rl, h, l, sh, sl, s, e, v, f;
    if (ix < UINT64_C(0x0010000000000000)) { /* subnormal: scale by 2^52 first */
        ix = dmlref__bits_from_f64(x * 4503599627370496.0);
        k0 = -52;
    }
    t = ix - DMLREF__EL_LOG_OFF + (UINT64_C(2048) << 52);
    i = (unsigned)(t >> 45) & 127u;
    kd = (double)((int)(t >> 52) - 2048 + k0);
    z = dmlref__f64_from_bits((t & UINT64_C(0xFFFFFFFFFFFFF)) + DMLREF__EL_LOG_OFF);
    ph = dmlref__el_two_prod(z, dmlref__f64_from_bits(dmlref__el_log_c[i]), &pl);
    rh = dmlref__el_two_sum(ph - 1.0, pl, &rl); /* ph - 1 is exact (Sterbenz) */
    /* log(1 + r) = r + r^2 (-1/2 + r (1/3 + r (-1/4 + r (1/5 + r (-1/6 + r Z))))), Z in double. */
    h = dmlref__f64_from_bits(DMLREF__EL_L7) +
        rh * (-0.125 +
              rh * (dmlref__f64_from_bits(DMLREF__EL_L9) +
                    rh * (dmlref__f64_from_bits(DMLREF__EL_L10) +
                          rh * (dmlref__f64_from_bits(DMLREF__EL_L11) + rh * dmlref__f64_from_bits(DMLREF__EL_L12)))));
    h = dmlref__el_dd_mul(rh, rl, h, 0.0, &l);
    h = dmlref__el_dd_add(dmlref__f64_from_bits(DMLREF__EL_L6), dmlref__f64_from_bits(DMLREF__EL_L6L), h, l, &l);
    h = dmlref__el_dd_mul(rh, rl, h, l, &l);
    h = dmlref__el_dd_add(dmlref__f64_from_bits(DMLREF__EL_L5), dmlref__f64_from_bits(DMLREF__EL_L5L), h, l, &l);
    h = dmlref__el_dd_mul(rh, rl, h, l, &l);
    h = dmlref__el_dd_add(-0.25, 0.0, h, l, &l);
    h = dmlref__el_dd_mul(rh, rl, h, l, &l);
    h = dmlref__el_dd_add(dmlref__f64_from_bits(DMLREF__EL_L3), dmlref__f64_from_bits(DMLREF__EL_L3L), h, l, &l);
    h = dmlref__el_dd_mul(rh, rl, h, l, &l);
    h = dmlref__el_dd_add(-0.5, 0.0, h, l, &l);
    sh = dmlref__el_dd_mul(rh, rl, rh, rl, &sl);
    h = dmlref__el_dd_mul(sh, sl, h, l, &l);
    h = dmlref__el_dd_add(rh, rl, h, l, &l);
    /* k ln2 - log c as s + v: kd LN2A and kd LN2B are exact (|k| < 2^11, 42-bit constants). */
    s = dmlref__el_two_sum(kd * dmlref__f64_from_bits(DMLREF__EL_LN2A), dmlref__f64_from_bits(dmlref__el_log_t[2u * i]),
                           &e);
    v = dmlref__el_two_sum(e, kd * dmlref__f64_from_bits(DMLREF__EL_LN2B), &f);
    f += dmlref__f64_from_bits(dmlref__el_log_t[2u * i + 1u]) + kd * dmlref__f64_from_bits(DMLREF__EL_LN2C);
    s = dmlref__el_fast_two_sum(s, v, &v);
    v += f;
    return dmlref__el_dd_add(s, v, h, l, lo);
}

/* exp(x) = 2^*scale (hi + *lo) for |x| <= 746, hi in [0.98, 2.03], |lo| <= ulp(hi)/2, relative error
   below 2^-63 (docs/elementary-functions.md 7): the reduction of exp_fast kept to 2^-75 as r = rh + rl, a degree-8
   Taylor polynomial, and 2^(j/32) (1 + r + q) with the product by rh exact. */
DMLREF__INLINE double dmlref__el_exp64_fast(double x, double *lo, int *scale) {
    const double kd = (x * dmlref__f64_from_bits(DMLREF__EL_INV32) + DMLREF__EL_SHIFT) - DMLREF__EL_SHIFT;
    const uint32_t k = (uint32_t)((int32_t)kd + 65536); /* |kd| < 34500 */
    const double th = dmlref__f64_from_bits(dmlref__el_exp_t1[2u * (k & 31u)]),
                 tl = dmlref__f64_from_bits(dmlref__el_exp_t1[2u * (k & 31u) + 1u]);
    double a, al, rh, rl, q, p, pe, h, l;
    *scale = (int)(k >> 5) - 2048;
    a = dmlref__el_two_sum(x, -(kd * dmlref__f64_from_bits(DMLREF__EL_E32A)), &al); /* kd E32A exact */
    rh = dmlref__el_two_sum(a, -(kd * dmlref__f64_from_bits(DMLREF__EL_E32B)), &rl);
    rl += al;
    /* exp(rh + rl) - 1 - rh = rl + rh (rl + rh P(rh)) to 2^-73 */
    q = 0.5 + rh * (dmlref__f64_from_bits(DMLREF__EL_X3) +
                    rh * (dmlref__f64_from_bits(DMLREF__EL_X4) +
                          rh * (dmlref__f64_from_bits(DMLREF__EL_X5) +
                                rh * (dmlref__f64_from_bits(DMLREF__EL_X6) +
                                      rh * (dmlref__f64_from_bits(DMLREF__EL_X7) +
                                            rh * dmlref__f64_from_bits(DMLREF__EL_X8))))));
    q = rl + rh * (rl + rh * q);
    /* (th + tl)(1 + rh + q) with th rh exact: th + p is the leading part, the rest is small. */
    p = dmlref__el_two_prod(th, rh, &pe);
    h = dmlref__el_fast_two_sum(th, p, &l);
    l += pe + (tl + (th * q + tl * rh));
    return dmlref__el_fast_two_sum(h, l, lo);
}

/* log(x) = hi + *lo for normal x > 0, |lo| <= ulp(hi)/2, relative error below 2^-66 (docs/elementary-functions.md 7):
   the reduction of log_fast with r = rh + rl from an exact product, rh^2 exact, and the leading
   terms k LN2A - log c + rh - rh^2/2 added exactly. */
DMLREF__INLINE double dmlref__el_log64_fast(double x, double *lo) {
    const uint64_t t = dmlref__bits_from_f64(x) - DMLREF__EL_LOG_OFF + (UINT64_C(2048) << 52);
    const unsigned i = (unsigned)(t >> 45) & 127u;
    const double kd = (double)((int)(t >> 52) - 2048);
    const double z = dmlref__f64_from_bits((t & UINT64_C(0xFFFFFFFFFFFFF)) + DMLREF__EL_LOG_OFF);
    double ph, pl, rh, rl, s, se, q, h, e1, e2, e3, l;
    ph = dmlref__el_two_prod(z, dmlref__f64_from_bits(dmlref__el_log_c[i]), &pl);
    rh = dmlref__el_fast_two_sum(ph - 1.0, pl, &rl); /* ph - 1 is exact and a multiple of 2^-53 */
    s = dmlref__el_two_prod(rh, rh, &se);
    /* log(1 + r) - rh + rh^2/2 = rl (1 - rh) - se/2 + rh s Q(rh), Q = 1/3 - rh/4 + ... - rh^5/8 + rh^6/9 */
    q = dmlref__f64_from_bits(DMLREF__EL_L3) +
        rh * (-0.25 + rh * (dmlref__f64_from_bits(DMLREF__EL_L5) +
                            rh * (dmlref__f64_from_bits(DMLREF__EL_L6) +
                                  rh * (dmlref__f64_from_bits(DMLREF__EL_L7) +
                                        rh * (-0.125 + rh * dmlref__f64_from_bits(DMLREF__EL_L9))))));
    q = (rl - rh * rl) + (rh * s * q - 0.5 * se);
    h = dmlref__el_two_sum(kd * dmlref__f64_from_bits(DMLREF__EL_LN2A), dmlref__f64_from_bits(dmlref__el_log_t[2u * i]),
                           &e1);
    h = dmlref__el_two_sum(h, rh, &e2);
    h = dmlref__el_two_sum(h, -0.5 * s, &e3);
    l = ((e1 + e2) + e3) +
        ((dmlref__f64_from_bits(dmlref__el_log_t[2u * i + 1u]) + kd * dmlref__f64_from_bits(DMLREF__EL_LN2R)) + q);
    return dmlref__el_fast_two_sum(h, l, lo);
}


/* exp for binary32, correctly rounded (round to nearest even) for every input; NaN gives the
   canonical quiet NaN. The fast path decides all but about 2^-25 of the inputs; the rest are
   rounded from the double-double result, whose margin the exhaustive check measures. */
static float dmlref__exp_f32(float x) {
    const double xd = (double)x;
    uint64_t b;
    if (x != x) return dmlref__f32_from_bits(0x7FC00000u);
    if (xd > 89.0) return dmlref__f32_from_bits(0x7F800000u); /* exp(89) > 2^128 */
    if (xd < -104.0) return 0.0f;                             /* exp(-104) < 2^-150: rounds to +0 */
    b = dmlref__el_round_fast(dmlref__el_exp_fast(xd), 24, 127, 32);
    if (b == DMLREF__EL_HARD) {
        double lo;
        int scale;
        const double hi = dmlref__el_exp_dd(xd, &lo, &scale);
        DMLREF__EL_ON_FALLBACK(0);
        b = dmlref__el_round(hi, lo, scale, -1, 24, 127, 32);
    }
    return dmlref__f32_from_bits((uint32_t)b);
}

/* log for binary32, correctly rounded for every input: log(+-0) = -inf, log(x < 0) = NaN,
   log(1) = +0, log(+inf) = +inf. */
static float dmlref__log_f32(float x) {
    uint32_t u;
    uint64_t b;
    memcpy(&u, &x, sizeof u);
    if (u == 0x3F800000u) return 0.0f;
    if ((u & 0x7FFFFFFFu) == 0) return dmlref__f32_from_bits(0xFF800000u);
    if (u >= 0x7F800000u) return dmlref__f32_from_bits(u == 0x7F800000u ? u : 0x7FC00000u); /* +inf; NaN, x < 0 */
    b = dmlref__el_round_fast(dmlref__el_log_fast((double)x), 24, 127, 32);
    if (b == DMLREF__EL_HARD) {
        double lo;
        const double hi = dmlref__el_log_dd((double)x, &lo);
        DMLREF__EL_ON_FALLBACK(1);
        b = dmlref__el_round(hi, lo, 0, -1, 24, 127, 32);
    }
    return dmlref__f32_from_bits((uint32_t)b);
}

/* exp for binary16 bits, correctly rounded from the double evaluation (never through binary32,
   whose rounding would round twice); NaN gives 0x7E00. */
static uint16_t dmlref__exp_f16(uint16_t h) {
    const double x = (double)dmlref__f16_to_f32_bits(h);
    uint64_t b;
    if (x != x) return 0x7E00u;
    if (x > 12.0) return 0x7C00u; /* exp(12) > 65520 */
    if (x < -17.5) return 0;      /* exp(-17.5) < 2^-25 */
    b = dmlref__el_round_fast(dmlref__el_exp_fast(x), 11, 15, 16);
    if (b == DMLREF__EL_HARD) {
        double lo;
        int scale;
        const double hi = dmlref__el_exp_dd(x, &lo, &scale);
        DMLREF__EL_ON_FALLBACK(2);
        b = dmlref__el_round(hi, lo, scale, -1, 11, 15, 16);
    }
    return (uint16_t)b;
}

/* log for binary16 bits, correctly rounded; the special values as for binary32. */
static uint16_t dmlref__log_f16(uint16_t h) {
    uint64_t b;
    if (h == 0x3C00u) return 0;
    if ((h & 0x7FFFu) == 0) return 0xFC00u;
    if (h >= 0x7C00u) return h == 0x7C00u ? 0x7C00u : 0x7E00u;
    b = dmlref__el_round_fast(dmlref__el_log_fast((double)dmlref__f16_to_f32_bits(h)), 11, 15, 16);
    if (b == DMLREF__EL_HARD) {
        double lo;
        const double hi = dmlref__el_log_dd((double)dmlref__f16_to_f32_bits(h), &lo);
        DMLREF__EL_ON_FALLBACK(3);
        b = dmlref__el_round(hi, lo, 0, -1, 11, 15, 16);
    }
    return (uint16_t)b;
}

/* exp for binary64 within 0.5 + 2^-45 ulp (docs/elementary-functions.md 7), and correctly rounded whenever the fast
   path's rounding test passes (all but about 2^-8 of the inputs); NaN gives 0x7FF8000000000000. */
static double dmlref__exp_f64(double x) {
    double hi, lo;
    int scale;
    if (x != x) return dmlref__f64_from_bits(UINT64_C(0x7FF8000000000000));
    if (x > 710.0) return dmlref__f64_from_bits(UINT64_C(0x7FF0000000000000)); /* exp(710) > 2^1024 */
    if (x < -746.0) return 0.0;                                                /* exp(-746) < 2^-1075 */
    if (x >= -708.0) { /* a normal result: the rounding test of docs/elementary-functions.md 7 */
        hi = dmlref__el_exp64_fast(x, &lo, &scale);
        {
            const double e = hi * dmlref__f64_from_bits(UINT64_C(0x3C10000000000000)), y = hi + (lo + e); /* 2^-62 hi */
            if (y == hi + (lo - e))
                return y * dmlref__f64_from_bits((uint64_t)(scale / 2 + 1023) << 52) *
                       dmlref__f64_from_bits((uint64_t)(scale - scale / 2 + 1023) << 52);
        }
        DMLREF__EL_ON_FALLBACK(4);
    }
    hi = dmlref__el_exp_dd(x, &lo, &scale);
    if ((int)((dmlref__bits_from_f64(hi) >> 52) & 0x7FFu) - 1023 + scale >=
        -1022) /* normal or overflow: exact scaling */
        return hi * dmlref__f64_from_bits((uint64_t)(scale / 2 + 1023) << 52) *
               dmlref__f64_from_bits((uint64_t)(scale - scale / 2 + 1023) << 52);
    return dmlref__f64_from_bits(dmlref__el_round(hi, lo, scale, -1, 53, 1023, 64));
}

/* log for binary64 within 0.5 + 2^-45 ulp (docs/elementary-functions.md 7), and correctly rounded whenever the fast
   path's rounding test passes; special values as for binary32. */
static double dmlref__log_f64(double x) {
    const uint64_t u = dmlref__bits_from_f64(x);
    double hi, lo;
    if (u == UINT64_C(0x3FF0000000000000)) return 0.0;
    if ((u << 1) == 0) return dmlref__f64_from_bits(UINT64_C(0xFFF0000000000000));
    if (u >= UINT64_C(0x7FF0000000000000))
        return dmlref__f64_from_bits(u == UINT64_C(0x7FF0000000000000) ? u : UINT64_C(0x7FF8000000000000));
    if (u >= UINT64_C(0x0010000000000000)) { /* normal x */
        hi = dmlref__el_log64_fast(x, &lo);
        {
            const double e = (hi < 0 ? -hi : hi) * dmlref__f64_from_bits(UINT64_C(0x3BE0000000000000)),
                         y = hi + (lo + e); /* 2^-65 |hi| */
            if (y == hi + (lo - e)) return y;
        }
        DMLREF__EL_ON_FALLBACK(5);
    }
    return dmlref__el_log_dd(x, &lo);
}

DMLREF_API uint16_t dmlref_exp_f16(uint16_t h) { return dmlref__exp_f16(h); }
DMLREF_API uint16_t dmlref_log_f16(uint16_t h) { return dmlref__log_f16(h); }
DMLREF_API float dmlref_exp_f32(float x) { return dmlref__exp_f32(x); }
DMLREF_API float dmlref_log_f32(float x) { return dmlref__log_f32(x); }
DMLREF_API double dmlref_exp_f64(double x) { return dmlref__exp_f64(x); }
DMLREF_API double dmlref_log_f64(double x) { return dmlref__log_f64(x); }

/* >>fpenv --------------------------------------------------------------------
   Results must not depend on the caller's rounding mode or flush-to-zero:
   every execute runs in the default environment and restores the caller's. */

typedef struct dmlref__fpenv {
#if defined(DMLREF__X86_64)
    unsigned int mxcsr;
#elif defined(DMLREF__FENV_H)
    fenv_t env;
#else
    uint64_t fpcr, fpsr; /* control (rounding, flush-to-zero) and status (exception flags) */
#endif
} dmlref__fpenv;

static void dmlref__fpenv_enter(dmlref__fpenv *saved) {
#if defined(DMLREF__X86_64)
    saved->mxcsr = _mm_getcsr();
    _mm_setcsr(0x1F80u); /* all exceptions masked, round to nearest, no FTZ/DAZ */
#elif defined(DMLREF__FENV_H)
    fegetenv(&saved->env);
    fesetround(FE_TONEAREST);
#else
    uint64_t zero = 0;
    __asm__ __volatile__("mrs %0, fpcr" : "=r"(saved->fpcr));
    __asm__ __volatile__("mrs %0, fpsr" : "=r"(saved->fpsr));
    __asm__ __volatile__("msr fpcr, %0" : : "r"(zero)); /* nearest, no FZ, no DN */
#endif
}

static void dmlref__fpenv_leave(const dmlref__fpenv *saved) {
#if defined(DMLREF__X86_64)
    _mm_setcsr(saved->mxcsr);
#elif defined(DMLREF__FENV_H)
    fesetenv(&saved->env);
#else
    __asm__ __volatile__("msr fpcr, %0" : : "r"(saved->fpcr));
    __asm__ __volatile__("msr fpsr, %0" : : "r"(saved->fpsr)); /* flags raised inside are not the caller's */
#endif
}

/* Error bounds are evaluated rounding toward +infinity (after fpenv_enter):
   every computed bound is then at least the real value of its formula. Out of
   line, so that no float operation of the caller moves across the switch. */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((noinline))
#endif
static void
dmlref__fpenv_round_up(void) {
#if defined(DMLREF__X86_64)
    _mm_setcsr(0x5F80u); /* as fpenv_enter, rounding control 10: toward +infinity */
#elif defined(DMLREF__FENV_H)
    fesetround(FE_UPWARD);
#else
    uint64_t up = UINT64_C(1) << 22;                           /* RMode 01: toward +infinity */
    __asm__ __volatile__("msr fpcr, %0" : : "r"(up));
#endif
}

/* >>status ------------------------------------------------------------------- */

#define DMLREF__STATUS_NAME(name, value, text) #name,
#define DMLREF__STATUS_TEXT(name, value, text) text,
static const char *const dmlref__status_names[] = {DMLREF_STATUS_LIST(DMLREF__STATUS_NAME)};
static const char *const dmlref__status_texts[] = {DMLREF_STATUS_LIST(DMLREF__STATUS_TEXT)};
#undef DMLREF__STATUS_NAME
#undef DMLREF__STATUS_TEXT

DMLREF_API const char *dmlref_status_name(dmlref_status status) {
    if ((unsigned)status >= (unsigned)DMLREF_STATUS_COUNT) return "DMLREF_STATUS_UNKNOWN";
    return dmlref__status_names[status];
}

DMLREF_API const char *dmlref_status_description(dmlref_status status) {
    if ((unsigned)status >= (unsigned)DMLREF_STATUS_COUNT) return "unknown status code";
    return dmlref__status_texts[status];
}

DMLREF_API const char *dmlref_data_type_name(DML_TENSOR_DATA_TYPE type) {
    if ((unsigned)type >= DMLREF__TYPE_COUNT) return "UNKNOWN";
    return dmlref__types[type].name;
}

DMLREF_API uint32_t dmlref_data_type_size(DML_TENSOR_DATA_TYPE type) {
    if ((unsigned)type >= DMLREF__TYPE_COUNT) return 0;
    return dmlref__types[type].size;
}

DMLREF_API uint32_t dmlref_version_number(void) { return DMLREF_VERSION_NUMBER; }

static uint32_t dmlref__ceil_log2(uint64_t n) {
    uint32_t log = 0;
    while (log < 64 && ((uint64_t)1 << log) < n) log++;
    return log;
}

DMLREF_API uint32_t dmlref_pytorch_cuda_scan_block(uint64_t rows, uint64_t row_length) {
    uint32_t log_x, diff;
    if (rows == 0 || row_length == 0) return 0;
    diff = dmlref__ceil_log2(row_length) - dmlref__ceil_log2(rows); /* wraps as PyTorch's uint32 does */
    log_x = (9u + diff) / 2u;
    if (log_x < 4u) log_x = 4u;
    if (log_x > 9u) log_x = 9u;
    return 2u << log_x;
}

DMLREF_API dmlref_scan_tree dmlref_inductor_scan_tree(uint64_t row_length, DML_TENSOR_DATA_TYPE type) {
    dmlref_scan_tree t = {DMLREF_TREE_KOGGE_STONE, 0, DMLREF_CARRY_AFTER, 0, 32, 0};
    /* FLOAT16 is scanned in float32: 16 bytes per lane hold 4 tallies, 2 of FLOAT64 */
    uint32_t most = type == DML_TENSOR_DATA_TYPE_FLOAT64 ? 2u : 4u;
    if (row_length == 0 || (type != DML_TENSOR_DATA_TYPE_FLOAT16 && type != DML_TENSOR_DATA_TYPE_FLOAT32 &&
                            type != DML_TENSOR_DATA_TYPE_FLOAT64)) {
        dmlref_scan_tree none = {0, 0, 0, 0, 0, 0};
        return none;
    }
    t.block = row_length > 2048u ? 2048u : 1u << dmlref__ceil_log2(row_length);
    if (t.block < 2u) t.block = 2u; /* a row of one element: any schedule gives it */
    t.serial = t.block / 64u < 1u ? 1u : t.block / 64u > most ? most : t.block / 64u;
    return t;
}

DMLREF_API dmlref_scan_tree dmlref_xla_scan_tree(void) {
    dmlref_scan_tree t = {DMLREF_TREE_KOGGE_STONE, 16, DMLREF_CARRY_RECURSIVE, 16, 1, 1};
    return t;
}

DMLREF_API dmlref_scan_tree dmlref_cupy_scan_tree(void) {
    dmlref_scan_tree t = {DMLREF_TREE_BRENT_KUNG, 512, DMLREF_CARRY_RECURSIVE_LAST, 1, 0, 0};
    return t;
}

/* Validation context: where messages go and which operator they name. */
typedef struct dmlref__ctx {
    const dmlref_options *options;
    const char *op_name;
} dmlref__ctx;

DMLREF__PRIVATE dmlref_status dmlref__fail(const dmlref__ctx *ctx, dmlref_status status, const char *format, ...)
    DMLREF__PRINTF(3, 4);

/* Record "OPERATOR: message" in the caller's buffer (if any) and return status. */
DMLREF__PRIVATE dmlref_status dmlref__fail(const dmlref__ctx *ctx, dmlref_status status, const char *format, ...) {
    const dmlref_options *o = ctx->options;
    if (o && o->error_message && o->error_message_capacity > 0) {
        size_t cap = o->error_message_capacity;
        int n = snprintf(o->error_message, cap, "%s: ", ctx->op_name);
        if (n >= 0 && (size_t)n < cap) {
            va_list args;
            va_start(args, format);
            vsnprintf(o->error_message + n, cap - (size_t)n, format, args);
            va_end(args);
        }
    }
    return status;
}

/* >>validation --------------------------------------------------------------- */

/* The operator's name in messages: its row's, "REDUCE" for any REDUCE function. */
static const char *dmlref__op_name(DML_OPERATOR_TYPE type) {
    uint32_t i;
    for (i = 0; i < DMLREF__OP_COUNT; i++)
        if (dmlref__operators[i].operator_type == (int32_t)type)
            return dmlref__operators[i].reduce_function < 0 ? dmlref__operators[i].name : "REDUCE";
    return "OPERATOR";
}

static int dmlref__is_feature_level(uint32_t level) {
    static const uint32_t levels[] = {0x1000, 0x2000, 0x2100, 0x3000, 0x3100, 0x4000, 0x4100, 0x5000,
                                      0x5100, 0x5200, 0x6000, 0x6100, 0x6200, 0x6300, 0x6400};
    size_t i;
    for (i = 0; i < sizeof levels / sizeof levels[0]; i++)
        if (levels[i] == level) return 1;
    return 0;
}

/* 64-bit arithmetic that reports overflow instead of wrapping. */
static int dmlref__mul_overflows(uint64_t a, uint64_t b, uint64_t *product) {
    if (a != 0 && b > UINT64_MAX / a) return 1;
    *product = a * b;
    return 0;
}
static int dmlref__add_overflows(uint64_t a, uint64_t b, uint64_t *sum) {
    if (b > UINT64_MAX - a) return 1;
    *sum = a + b;
    return 0;
}

/* Largest element offset + 1 (0 on overflow), with NULL strides meaning packed. */
static uint64_t dmlref__extent(UINT count, const UINT *sizes, const UINT *strides) {
    uint64_t extent = 1, term;
    UINT d;
    if (!strides) {
        for (d = 0; d < count; d++)
            if (dmlref__mul_overflows(extent, sizes[d], &extent)) return 0;
        return extent;
    }
    for (d = 0; d < count; d++) {
        term = (uint64_t)(sizes[d] - 1u) * strides[d]; /* < 2^64: both factors < 2^32 */
        if (dmlref__add_overflows(extent, term, &extent)) return 0;
    }
    return extent;
}

DMLREF_API uint64_t dmlref_calc_buffer_tensor_size(DML_TENSOR_DATA_TYPE type, UINT dimension_count, const UINT *sizes,
                                                   const UINT *strides) {
    uint64_t extent, bytes;
    UINT d;
    if ((unsigned)type == 0u || (unsigned)type >= DMLREF__TYPE_COUNT || !sizes || dimension_count == 0 ||
        dimension_count > DMLREF__MAX_DIMS)
        return 0;
    for (d = 0; d < dimension_count; d++)
        if (sizes[d] == 0) return 0;
    extent = dmlref__extent(dimension_count, sizes, strides);
    if (extent == 0) return 0;
    if (dmlref__types[type].size == 0) bytes = extent / 2 + (extent & 1u); /* 4-bit types */
    else if (dmlref__mul_overflows(extent, dmlref__types[type].size, &bytes)) return 0;
    if (bytes > UINT64_MAX - 3u) return 0;
    return (bytes + 3u) & ~(uint64_t)3u;
}

/* Check one DML_TENSOR_DESC and widen it into t. */
static dmlref_status dmlref__check_tensor(const dmlref__ctx *ctx, const char *name, const DML_TENSOR_DESC *desc,
                                          int is_output, dmlref__tensor *t) {
    const DML_BUFFER_TENSOR_DESC *b;
    uint64_t required, bytes;
    unsigned type;
    UINT d;
    memset(t, 0, sizeof *t);
    if (!desc) return dmlref__fail(ctx, DMLREF_ERROR_NULL_POINTER, "%s is NULL", name);
    if (desc->Type != DML_TENSOR_TYPE_BUFFER)
        return dmlref__fail(ctx, DMLREF_ERROR_INVALID_ARGUMENT, "%s->Type is %u, must be DML_TENSOR_TYPE_BUFFER (1)",
                            name, (unsigned)desc->Type);
    if (!desc->Desc) return dmlref__fail(ctx, DMLREF_ERROR_NULL_POINTER, "%s->Desc is NULL", name);
    b = (const DML_BUFFER_TENSOR_DESC *)desc->Desc;
    type = (unsigned)b->DataType;
    if (type == 0u || type >= DMLREF__TYPE_COUNT)
        return dmlref__fail(ctx, DMLREF_ERROR_INVALID_ARGUMENT, "%s.DataType is %u, not a DML_TENSOR_DATA_TYPE", name,
                            type);
    if (dmlref__types[type].size == 0)
        return dmlref__fail(ctx, DMLREF_ERROR_UNSUPPORTED_DATA_TYPE,
                            "%s.DataType is %s, 4-bit types are not implemented", name, dmlref__types[type].name);
    if ((unsigned)b->Flags > (unsigned)DML_TENSOR_FLAG_OWNED_BY_DML)
        return dmlref__fail(ctx, DMLREF_ERROR_INVALID_ARGUMENT,
                            "%s.Flags is 0x%X, only NONE (0) and OWNED_BY_DML (1) exist", name, (unsigned)b->Flags);
    if (is_output && (b->Flags & DML_TENSOR_FLAG_OWNED_BY_DML))
        return dmlref__fail(ctx, DMLREF_ERROR_INVALID_ARGUMENT, "%s.Flags has OWNED_BY_DML, which only inputs may have",
                            name);
    if (b->DimensionCount == 0 || b->DimensionCount > DMLREF__MAX_DIMS)
        return dmlref__fail(ctx, DMLREF_ERROR_UNSUPPORTED_DIMENSION_COUNT, "%s.DimensionCount is %u, must be 1 to 8",
                            name, (unsigned)b->DimensionCount);
    if (!b->Sizes) return dmlref__fail(ctx, DMLREF_ERROR_NULL_POINTER, "%s.Sizes is NULL", name);
    t->type = (DML_TENSOR_DATA_TYPE)type;
    t->esize = dmlref__types[type].size;
    t->rank = b->DimensionCount;
    t->count = 1;
    for (d = 0; d < t->rank; d++) {
        if (b->Sizes[d] == 0)
            return dmlref__fail(ctx, DMLREF_ERROR_INVALID_ARGUMENT, "%s.Sizes[%u] is 0, must be at least 1", name,
                                (unsigned)d);
        t->sizes[d] = b->Sizes[d];
        if (dmlref__mul_overflows(t->count, t->sizes[d], &t->count))
            return dmlref__fail(ctx, DMLREF_ERROR_TENSOR_TOO_LARGE, "%s.Sizes: the element count overflows 64 bits",
                                name);
    }
    if (b->GuaranteedBaseOffsetAlignment != 0 &&
        ((b->GuaranteedBaseOffsetAlignment & (b->GuaranteedBaseOffsetAlignment - 1u)) != 0 ||
         b->GuaranteedBaseOffsetAlignment < t->esize))
        return dmlref__fail(ctx, DMLREF_ERROR_INVALID_ARGUMENT,
                            "%s.GuaranteedBaseOffsetAlignment is %u, must be 0 or a power of two >= %u "
                            "(the element size)",
                            name, (unsigned)b->GuaranteedBaseOffsetAlignment, (unsigned)t->esize);
    t->alignment = b->GuaranteedBaseOffsetAlignment;
    /* Strides: explicit, or packed row-major (last dimension fastest). */
    {
        uint64_t packed = 1;
        d = t->rank;
        while (d-- > 0) {
            t->strides[d] = b->Strides ? (uint64_t)b->Strides[d] : packed;
            packed *= t->sizes[d]; /* cannot overflow: count did not */
        }
    }
    t->extent = dmlref__extent(t->rank, b->Sizes, b->Strides);
    if (t->extent == 0 || dmlref__mul_overflows(t->extent, t->esize, &bytes) || bytes > UINT64_MAX - 3u)
        return dmlref__fail(ctx, DMLREF_ERROR_TENSOR_TOO_LARGE,
                            "%s: the buffer size (Sizes and Strides) overflows 64 bits", name);
    if (bytes > (uint64_t)SIZE_MAX || bytes > (uint64_t)PTRDIFF_MAX)
        return dmlref__fail(ctx, DMLREF_ERROR_TENSOR_TOO_LARGE,
                            "%s: the buffer size %llu exceeds this platform's address space", name,
                            (unsigned long long)bytes);
    required = (bytes + 3u) & ~(uint64_t)3u;
    if (b->TotalTensorSizeInBytes < required)
        return dmlref__fail(ctx, DMLREF_ERROR_BUFFER_TOO_SMALL,
                            "%s.TotalTensorSizeInBytes is %llu, must be at least %llu", name,
                            (unsigned long long)b->TotalTensorSizeInBytes, (unsigned long long)required);
    if (ctx->options && ctx->options->feature_level != 0 && t->count > 0xFFFFFFFFu)
        return dmlref__fail(ctx, DMLREF_ERROR_TENSOR_TOO_LARGE,
                            "%s.Sizes: %llu elements; DirectML's limit at a feature level is 4294967295", name,
                            (unsigned long long)t->count);
    return DMLREF_OK;
}

/* An output must not map two indices to one element. Accepted layouts are the
   nested ones: sorted by stride, each stride exceeds the span of the smaller
   dimensions (every packed, padded or permuted layout is nested). */
static int dmlref__nested(const dmlref__tensor *t) {
    uint64_t size[DMLREF__MAX_DIMS], stride[DMLREF__MAX_DIMS], span = 0;
    uint32_t n = 0, d, i;
    for (d = 0; d < t->rank; d++) {
        if (t->sizes[d] == 1) continue;
        if (t->strides[d] == 0) return 0;
        /* insertion sort by stride */
        for (i = n; i > 0 && stride[i - 1] > t->strides[d]; i--) {
            stride[i] = stride[i - 1];
            size[i] = size[i - 1];
        }
        stride[i] = t->strides[d];
        size[i] = t->sizes[d];
        n++;
    }
    for (i = 0; i < n; i++) {
        if (stride[i] <= span) return 0;
        span += (size[i] - 1u) * stride[i]; /* bounded by the validated extent */
    }
    return 1;
}

static dmlref_status dmlref__check_options(const dmlref__ctx *ctx, int for_bound, dmlref__plan *plan) {
    const dmlref_options *o = ctx->options;
    if (!o) return DMLREF_OK;
    if (o->feature_level != 0 && !dmlref__is_feature_level(o->feature_level))
        return dmlref__fail(ctx, DMLREF_ERROR_INVALID_OPTION, "options.feature_level is 0x%X, not a DML_FEATURE_LEVEL",
                            (unsigned)o->feature_level);
    if (o->float_order < 0 || o->float_order >= DMLREF_FLOAT_ORDER_COUNT)
        return dmlref__fail(ctx, DMLREF_ERROR_INVALID_OPTION,
                            "options.float_order is %d, must be SEQUENTIAL (0), BLOCKED (1), EXACT (2), TREE (4), "
                            "PAIRWISE (5) or, for dmlref_error_bound, ANY (3)",
                            (int)o->float_order);
    if (o->float_order == DMLREF_FLOAT_ORDER_ANY && !for_bound)
        return dmlref__fail(ctx, DMLREF_ERROR_INVALID_OPTION,
                            "options.float_order is ANY (3), which only dmlref_error_bound takes");
    if (o->accumulation < 0 || o->accumulation >= DMLREF_ACCUMULATION_COUNT)
        return dmlref__fail(ctx, DMLREF_ERROR_INVALID_OPTION,
                            "options.accumulation is %d, must be DEFAULT (0), NATIVE (1) or WIDE (2)",
                            (int)o->accumulation);
    if (o->identity_seed != 0 && o->identity_seed != 1)
        return dmlref__fail(ctx, DMLREF_ERROR_INVALID_OPTION, "options.identity_seed is %d, must be 0 or 1",
                            (int)o->identity_seed);
    if (o->float_order == DMLREF_FLOAT_ORDER_TREE) {
        const dmlref_scan_tree *t = o->tree;
        if (!t)
            return dmlref__fail(ctx, DMLREF_ERROR_INVALID_OPTION,
                                "options.tree is NULL; float_order TREE (4) needs a dmlref_scan_tree");
        if (t->algorithm < 0 || t->algorithm >= DMLREF_TREE_ALGORITHM_COUNT)
            return dmlref__fail(ctx, DMLREF_ERROR_INVALID_OPTION,
                                "options.tree->algorithm is %d, must be KOGGE_STONE (0), SKLANSKY (1) or "
                                "BRENT_KUNG (2)",
                                (int)t->algorithm);
        if (t->block < 2u || t->block > 65536u || (t->block & (t->block - 1u)) != 0)
            return dmlref__fail(ctx, DMLREF_ERROR_INVALID_OPTION,
                                "options.tree->block is %u, must be a power of two from 2 to 65536",
                                (unsigned)t->block);
        if (t->carry < 0 || t->carry >= DMLREF_TREE_CARRY_COUNT)
            return dmlref__fail(ctx, DMLREF_ERROR_INVALID_OPTION,
                                "options.tree->carry is %d, must be AFTER (0), INTO_FIRST (1), RECURSIVE (2) or "
                                "RECURSIVE_LAST (3)",
                                (int)t->carry);
        if (t->serial > 65536u)
            return dmlref__fail(ctx, DMLREF_ERROR_INVALID_OPTION,
                                "options.tree->serial is %u, must be from 1 to 65536 (0: 1)", (unsigned)t->serial);
        if (t->lanes > 65536u || (t->lanes & (t->lanes - 1u)) != 0)
            return dmlref__fail(ctx, DMLREF_ERROR_INVALID_OPTION,
                                "options.tree->lanes is %u, must be a power of two from 1 to 65536 (0: one tile per "
                                "block)",
                                (unsigned)t->lanes);
        if (t->run_seed != 0 && t->run_seed != 1)
            return dmlref__fail(ctx, DMLREF_ERROR_INVALID_OPTION, "options.tree->run_seed is %d, must be 0 or 1",
                                (int)t->run_seed);
        plan->tree = *t;
    }
    if (o->parallel && !o->parallel->parallel_for)
        return dmlref__fail(ctx, DMLREF_ERROR_INVALID_OPTION,
                            "options.parallel->parallel_for is NULL; leave options.parallel NULL for one thread");
    if (o->parallel && o->parallel->max_tasks == 0)
        return dmlref__fail(ctx, DMLREF_ERROR_INVALID_OPTION, "options.parallel->max_tasks is 0, must be at least 1");
    if (o->nan_policy < 0 || o->nan_policy >= DMLREF_NAN_POLICY_COUNT)
        return dmlref__fail(ctx, DMLREF_ERROR_INVALID_OPTION,
                            "options.nan_policy is %d, must be PROPAGATE (0), IGNORE (1) or COMPARE (2)",
                            (int)o->nan_policy);
    if (o->log_sum_exp < 0 || o->log_sum_exp >= DMLREF_LOG_SUM_EXP_COUNT)
        return dmlref__fail(ctx, DMLREF_ERROR_INVALID_OPTION,
                            "options.log_sum_exp is %d, must be SHIFTED (0) or PLAIN (1)", (int)o->log_sum_exp);
    if (o->isa < 0 || o->isa >= DMLREF_ISA_COUNT)
        return dmlref__fail(ctx, DMLREF_ERROR_INVALID_OPTION, "options.isa is %d, not a dmlref_isa", (int)o->isa);
    if (!dmlref_isa_available((dmlref_isa)o->isa))
        return dmlref__fail(ctx, DMLREF_ERROR_ISA_UNAVAILABLE,
                            "options.isa is %s, which this build or CPU does not have",
                            dmlref_isa_name((dmlref_isa)o->isa));
    plan->float_order = o->float_order;
    plan->nan_policy = o->nan_policy;
    plan->isa = o->isa;
    plan->accumulation = o->accumulation;
    plan->identity_seed = o->identity_seed;
    plan->plain_lse = o->log_sum_exp == DMLREF_LOG_SUM_EXP_PLAIN;
    return DMLREF_OK;
}

/* Feature-level support tables (DirectML documentation, English pages). */
#define DMLREF__T(x) DMLREF__TYPE_BIT(DML_TENSOR_DATA_TYPE_##x)
#define DMLREF__SCAN_TYPES_4 (DMLREF__T(FLOAT32) | DMLREF__T(FLOAT16) | DMLREF__T(INT32) | DMLREF__T(UINT32))
#define DMLREF__SCAN_TYPES_5 (DMLREF__SCAN_TYPES_4 | DMLREF__T(INT64) | DMLREF__T(UINT64))
#define DMLREF__ARG_TYPES_3                                                                            \
    (DMLREF__T(FLOAT32) | DMLREF__T(FLOAT16) | DMLREF__T(INT32) | DMLREF__T(INT16) | DMLREF__T(INT8) | \
     DMLREF__T(UINT32) | DMLREF__T(UINT16) | DMLREF__T(UINT8))
#define DMLREF__ARG_TYPES_4 (DMLREF__ARG_TYPES_3 | DMLREF__T(INT64) | DMLREF__T(UINT64))
#define DMLREF__INDEX_TYPES (DMLREF__T(INT64) | DMLREF__T(INT32) | DMLREF__T(UINT64) | DMLREF__T(UINT32))

typedef struct dmlref__support_row {
    DML_OPERATOR_TYPE op;
    uint32_t level; /* the row applies from this feature level up */
    uint32_t rank_min, rank_max;
    uint32_t input_types, output_types; /* output_types 0: same as input */
    uint32_t functions;                 /* REDUCE: bit f for each DML_REDUCE_FUNCTION f the row is for */
} dmlref__support_row;

#define DMLREF__F16_F32 (DMLREF__T(FLOAT32) | DMLREF__T(FLOAT16))
#define DMLREF__FN(a, b) ((1u << DML_REDUCE_FUNCTION_##a) | (1u << DML_REDUCE_FUNCTION_##b))
#define DMLREF__VALUE_FUNCTIONS (0xFFFu & ~DMLREF__FN(ARGMIN, ARGMAX))

/* Per operator (and REDUCE function), newest level first: the first row at or below the requested level
   applies (the DML_REDUCE_OPERATOR_DESC page's tables: 2_1 keeps 1_0's 4-D FLOAT16/FLOAT32 for AVERAGE,
   L1, L2, LOG_SUM, LOG_SUM_EXP and SUM_SQUARE; no function takes FLOAT64). */
static const dmlref__support_row dmlref__support[] = {
    {DML_OPERATOR_CUMULATIVE_SUMMATION, 0x5000, 1, 8, DMLREF__SCAN_TYPES_5, 0, 0},
    {DML_OPERATOR_CUMULATIVE_SUMMATION, 0x4000, 1, 8, DMLREF__SCAN_TYPES_4, 0, 0},
    {DML_OPERATOR_CUMULATIVE_SUMMATION, 0x2100, 4, 4, DMLREF__SCAN_TYPES_4, 0, 0},
    {DML_OPERATOR_CUMULATIVE_PRODUCT, 0x5000, 1, 8, DMLREF__SCAN_TYPES_5, 0, 0},
    {DML_OPERATOR_CUMULATIVE_PRODUCT, 0x4000, 1, 8, DMLREF__SCAN_TYPES_4, 0, 0},
    {DML_OPERATOR_CUMULATIVE_PRODUCT, 0x3100, 4, 4, DMLREF__SCAN_TYPES_4, 0, 0},
    {DML_OPERATOR_ARGMIN, 0x4100, 1, 8, DMLREF__ARG_TYPES_4, DMLREF__INDEX_TYPES, 0},
    {DML_OPERATOR_ARGMIN, 0x3000, 1, 8, DMLREF__ARG_TYPES_3, DMLREF__INDEX_TYPES, 0},
    {DML_OPERATOR_ARGMAX, 0x4100, 1, 8, DMLREF__ARG_TYPES_4, DMLREF__INDEX_TYPES, 0},
    {DML_OPERATOR_ARGMAX, 0x3000, 1, 8, DMLREF__ARG_TYPES_3, DMLREF__INDEX_TYPES, 0},
    {DML_OPERATOR_REDUCE, 0x4100, 1, 8, DMLREF__ARG_TYPES_4, DMLREF__INDEX_TYPES, DMLREF__FN(ARGMIN, ARGMAX)},
    {DML_OPERATOR_REDUCE, 0x3000, 1, 8, DMLREF__ARG_TYPES_3, DMLREF__INDEX_TYPES, DMLREF__FN(ARGMIN, ARGMAX)},
    {DML_OPERATOR_REDUCE, 0x2100, 4, 4, DMLREF__ARG_TYPES_3, DMLREF__T(UINT32), DMLREF__FN(ARGMIN, ARGMAX)},
    {DML_OPERATOR_REDUCE, 0x1000, 4, 4, DMLREF__F16_F32, DMLREF__T(UINT32), DMLREF__FN(ARGMIN, ARGMAX)},
    {DML_OPERATOR_REDUCE, 0x3000, 1, 8, DMLREF__F16_F32, 0, DMLREF__FN(AVERAGE, L2) | DMLREF__FN(LOG_SUM, LOG_SUM_EXP)},
    {DML_OPERATOR_REDUCE, 0x5000, 1, 8, DMLREF__SCAN_TYPES_5, 0, DMLREF__FN(L1, SUM_SQUARE)},
    {DML_OPERATOR_REDUCE, 0x3000, 1, 8, DMLREF__F16_F32, 0, DMLREF__FN(L1, SUM_SQUARE)},
    {DML_OPERATOR_REDUCE, 0x5000, 1, 8, DMLREF__ARG_TYPES_4, 0, DMLREF__FN(MIN, MAX)},
    {DML_OPERATOR_REDUCE, 0x3000, 1, 8, DMLREF__ARG_TYPES_3, 0, DMLREF__FN(MIN, MAX)},
    {DML_OPERATOR_REDUCE, 0x2100, 4, 4, DMLREF__SCAN_TYPES_4, 0, DMLREF__FN(MIN, MAX)},
    {DML_OPERATOR_REDUCE, 0x5000, 1, 8, DMLREF__SCAN_TYPES_5, 0, DMLREF__FN(MULTIPLY, SUM)},
    {DML_OPERATOR_REDUCE, 0x3000, 1, 8, DMLREF__SCAN_TYPES_4, 0, DMLREF__FN(MULTIPLY, SUM)},
    {DML_OPERATOR_REDUCE, 0x2100, 4, 4, DMLREF__SCAN_TYPES_4, 0, DMLREF__FN(MULTIPLY, SUM)},
    {DML_OPERATOR_REDUCE, 0x1000, 4, 4, DMLREF__F16_F32, 0, DMLREF__VALUE_FUNCTIONS},
};

/* Describe a type set for messages, e.g. "FLOAT32, FLOAT16, INT32". */
static void dmlref__type_list(uint32_t mask, char *buf, size_t cap) {
    static const DML_TENSOR_DATA_TYPE order[] = {
        DML_TENSOR_DATA_TYPE_FLOAT64, DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_DATA_TYPE_FLOAT16,
        DML_TENSOR_DATA_TYPE_INT64,   DML_TENSOR_DATA_TYPE_INT32,   DML_TENSOR_DATA_TYPE_INT16,
        DML_TENSOR_DATA_TYPE_INT8,    DML_TENSOR_DATA_TYPE_UINT64,  DML_TENSOR_DATA_TYPE_UINT32,
        DML_TENSOR_DATA_TYPE_UINT16,  DML_TENSOR_DATA_TYPE_UINT8};
    size_t i, used = 0;
    buf[0] = 0;
    for (i = 0; i < sizeof order / sizeof order[0]; i++) {
        int n;
        if (!(mask & DMLREF__TYPE_BIT(order[i]))) continue;
        n = snprintf(buf + used, cap - used, "%s%s", used ? ", " : "", dmlref__types[order[i]].name);
        if (n < 0 || (size_t)n >= cap - used) return;
        used += (size_t)n;
    }
}

/* Apply DirectML's own tables when options.feature_level is set. */
static dmlref_status dmlref__check_feature_level(const dmlref__ctx *ctx, DML_OPERATOR_TYPE op, int32_t function,
                                                 const dmlref__tensor *in, const dmlref__tensor *out) {
    uint32_t level = ctx->options ? ctx->options->feature_level : 0;
    const dmlref__support_row *row = NULL;
    uint32_t out_types;
    char list[160];
    size_t i;
    if (level == 0) return DMLREF_OK;
    for (i = 0; i < sizeof dmlref__support / sizeof dmlref__support[0]; i++)
        if (dmlref__support[i].op == op && dmlref__support[i].level <= level &&
            (function < 0 || (dmlref__support[i].functions >> function) & 1u)) {
            row = &dmlref__support[i];
            break;
        }
    if (!row) {
        uint32_t first = 0;
        for (i = 0; i < sizeof dmlref__support / sizeof dmlref__support[0]; i++)
            if (dmlref__support[i].op == op) first = dmlref__support[i].level;
        return dmlref__fail(ctx, DMLREF_ERROR_UNSUPPORTED_OPERATOR,
                            "options.feature_level is DML_FEATURE_LEVEL_%u_%u; the operator was introduced in "
                            "DML_FEATURE_LEVEL_%u_%u",
                            (unsigned)(level >> 12), (unsigned)((level >> 8) & 0xFu), (unsigned)(first >> 12),
                            (unsigned)((first >> 8) & 0xFu));
    }
    if (in->rank < row->rank_min || in->rank > row->rank_max) {
        if (row->rank_min == row->rank_max)
            return dmlref__fail(ctx, DMLREF_ERROR_UNSUPPORTED_DIMENSION_COUNT,
                                "InputTensor.DimensionCount is %u, must be %u at DML_FEATURE_LEVEL_%u_%u",
                                (unsigned)in->rank, (unsigned)row->rank_min, (unsigned)(level >> 12),
                                (unsigned)((level >> 8) & 0xFu));
        return dmlref__fail(ctx, DMLREF_ERROR_UNSUPPORTED_DIMENSION_COUNT,
                            "InputTensor.DimensionCount is %u, must be %u to %u at DML_FEATURE_LEVEL_%u_%u",
                            (unsigned)in->rank, (unsigned)row->rank_min, (unsigned)row->rank_max,
                            (unsigned)(level >> 12), (unsigned)((level >> 8) & 0xFu));
    }
    if (!(row->input_types & DMLREF__TYPE_BIT(in->type))) {
        dmlref__type_list(row->input_types, list, sizeof list);
        return dmlref__fail(
            ctx, DMLREF_ERROR_UNSUPPORTED_DATA_TYPE, "InputTensor.DataType is %s, DML_FEATURE_LEVEL_%u_%u supports %s",
            dmlref__types[in->type].name, (unsigned)(level >> 12), (unsigned)((level >> 8) & 0xFu), list);
    }
    out_types = row->output_types ? row->output_types : row->input_types;
    if (!(out_types & DMLREF__TYPE_BIT(out->type))) {
        dmlref__type_list(out_types, list, sizeof list);
        return dmlref__fail(
            ctx, DMLREF_ERROR_UNSUPPORTED_DATA_TYPE, "OutputTensor.DataType is %s, DML_FEATURE_LEVEL_%u_%u supports %s",
            dmlref__types[out->type].name, (unsigned)(level >> 12), (unsigned)((level >> 8) & 0xFu), list);
    }
    return DMLREF_OK;
}

static dmlref_status dmlref__check_direction(const dmlref__ctx *ctx, DML_AXIS_DIRECTION direction) {
    if ((unsigned)direction > (unsigned)DML_AXIS_DIRECTION_DECREASING)
        return dmlref__fail(ctx, DMLREF_ERROR_INVALID_ARGUMENT,
                            "AxisDirection is %u, must be INCREASING (0) or DECREASING (1)", (unsigned)direction);
    return DMLREF_OK;
}

/* A zero stride on a dimension that moves maps two indices to one element;
   other layouts that are not nested may be one-to-one, but are refused. */
static dmlref_status dmlref__check_one_to_one(const dmlref__ctx *ctx, const char *name, const dmlref__tensor *t) {
    uint32_t d;
    for (d = 0; d < t->rank; d++)
        if (t->sizes[d] > 1 && t->strides[d] == 0)
            return dmlref__fail(ctx, DMLREF_ERROR_OVERLAP,
                                "%s.Strides[%u] is 0 on a dimension of size %llu: two indices share an element", name,
                                (unsigned)d, (unsigned long long)t->sizes[d]);
    if (!dmlref__nested(t))
        return dmlref__fail(ctx, DMLREF_ERROR_OVERLAP,
                            "%s.Strides are not nested (sorted by stride, each must exceed the span of the "
                            "dimensions with smaller strides); dml_ref accepts only nested layouts for tensors "
                            "it writes, which it can prove one-to-one",
                            name);
    return DMLREF_OK;
}

static dmlref_status dmlref__check_output_layout(const dmlref__ctx *ctx, const dmlref__tensor *out) {
    return dmlref__check_one_to_one(ctx, "OutputTensor", out);
}

/* CUMULATIVE_SUMMATION and CUMULATIVE_PRODUCT share their descriptor layout. */
static dmlref_status dmlref__check_scan(const dmlref__ctx *ctx, DML_OPERATOR_TYPE op_type, const DML_TENSOR_DESC *input,
                                        const DML_TENSOR_DESC *output, UINT axis, DML_AXIS_DIRECTION direction,
                                        BOOL exclusive, dmlref__plan *plan) {
    dmlref_status s;
    uint32_t d;
    if ((s = dmlref__check_tensor(ctx, "InputTensor", input, 0, &plan->in)) != DMLREF_OK) return s;
    if ((s = dmlref__check_tensor(ctx, "OutputTensor", output, 1, &plan->out)) != DMLREF_OK) return s;
    if (plan->out.type != plan->in.type)
        return dmlref__fail(ctx, DMLREF_ERROR_INVALID_ARGUMENT,
                            "OutputTensor.DataType is %s, must equal InputTensor.DataType (%s)",
                            dmlref__types[plan->out.type].name, dmlref__types[plan->in.type].name);
    if (plan->out.rank != plan->in.rank)
        return dmlref__fail(ctx, DMLREF_ERROR_INVALID_ARGUMENT,
                            "OutputTensor.DimensionCount is %u, must equal InputTensor.DimensionCount (%u)",
                            (unsigned)plan->out.rank, (unsigned)plan->in.rank);
    for (d = 0; d < plan->in.rank; d++)
        if (plan->out.sizes[d] != plan->in.sizes[d])
            return dmlref__fail(ctx, DMLREF_ERROR_INVALID_ARGUMENT,
                                "OutputTensor.Sizes[%u] is %llu, must equal InputTensor.Sizes[%u] (%llu)", (unsigned)d,
                                (unsigned long long)plan->out.sizes[d], (unsigned)d,
                                (unsigned long long)plan->in.sizes[d]);
    if (axis >= plan->in.rank)
        return dmlref__fail(ctx, DMLREF_ERROR_INVALID_ARGUMENT, "Axis is %u, must be less than DimensionCount (%u)",
                            (unsigned)axis, (unsigned)plan->in.rank);
    if ((s = dmlref__check_direction(ctx, direction)) != DMLREF_OK) return s;
    if ((s = dmlref__check_feature_level(ctx, op_type, plan->row->reduce_function, &plan->in, &plan->out)) != DMLREF_OK)
        return s;
    if ((s = dmlref__check_output_layout(ctx, &plan->out)) != DMLREF_OK) return s;
    plan->axis = axis;
    plan->decreasing = direction == DML_AXIS_DIRECTION_DECREASING;
    plan->exclusive = exclusive != 0;
    return DMLREF_OK;
}

/* The reduced axes of an arg-reduction or a reduction: AxisCount, Axes, and the output's rank and sizes. */
static dmlref_status dmlref__check_axes(const dmlref__ctx *ctx, UINT axis_count, const UINT *axes, dmlref__plan *plan) {
    uint32_t d, i;
    if (plan->out.rank != plan->in.rank)
        return dmlref__fail(ctx, DMLREF_ERROR_INVALID_ARGUMENT,
                            "OutputTensor.DimensionCount is %u, must equal InputTensor.DimensionCount (%u)",
                            (unsigned)plan->out.rank, (unsigned)plan->in.rank);
    if (axis_count == 0) return dmlref__fail(ctx, DMLREF_ERROR_INVALID_ARGUMENT, "AxisCount is 0, must be at least 1");
    if (axis_count > plan->in.rank)
        return dmlref__fail(ctx, DMLREF_ERROR_INVALID_ARGUMENT, "AxisCount is %u, must be at most DimensionCount (%u)",
                            (unsigned)axis_count, (unsigned)plan->in.rank);
    if (!axes) return dmlref__fail(ctx, DMLREF_ERROR_NULL_POINTER, "Axes is NULL");
    plan->reduced_mask = 0;
    for (i = 0; i < axis_count; i++) {
        if (axes[i] >= plan->in.rank)
            return dmlref__fail(ctx, DMLREF_ERROR_INVALID_ARGUMENT,
                                "Axes[%u] is %u, must be less than DimensionCount (%u)", (unsigned)i, (unsigned)axes[i],
                                (unsigned)plan->in.rank);
        if (plan->reduced_mask & (1u << axes[i]))
            return dmlref__fail(ctx, DMLREF_ERROR_INVALID_ARGUMENT, "Axes[%u] is %u, which is repeated", (unsigned)i,
                                (unsigned)axes[i]);
        plan->reduced_mask |= 1u << axes[i];
    }
    plan->reduced_count = 1;
    for (d = 0; d < plan->in.rank; d++) {
        int reduced = (plan->reduced_mask >> d) & 1u;
        uint64_t expected = reduced ? 1u : plan->in.sizes[d];
        if (plan->out.sizes[d] != expected)
            return dmlref__fail(ctx, DMLREF_ERROR_INVALID_ARGUMENT, "OutputTensor.Sizes[%u] is %llu, must be %llu (%s)",
                                (unsigned)d, (unsigned long long)plan->out.sizes[d], (unsigned long long)expected,
                                reduced ? "reduced axis" : "InputTensor.Sizes");
        if (reduced) plan->reduced_count *= plan->in.sizes[d]; /* <= count: no overflow */
    }
    return DMLREF_OK;
}

/* ARGMIN, ARGMAX and REDUCE(ARGMIN/ARGMAX). */
static dmlref_status dmlref__check_arg(const dmlref__ctx *ctx, DML_OPERATOR_TYPE op_type, const DML_TENSOR_DESC *input,
                                       const DML_TENSOR_DESC *output, UINT axis_count, const UINT *axes,
                                       DML_AXIS_DIRECTION direction, dmlref__plan *plan) {
    dmlref_status s;
    uint64_t max_index;
    if ((s = dmlref__check_tensor(ctx, "InputTensor", input, 0, &plan->in)) != DMLREF_OK) return s;
    if ((s = dmlref__check_tensor(ctx, "OutputTensor", output, 1, &plan->out)) != DMLREF_OK) return s;
    if (!(DMLREF__INDEX_TYPES & DMLREF__TYPE_BIT(plan->out.type)))
        return dmlref__fail(ctx, DMLREF_ERROR_UNSUPPORTED_DATA_TYPE,
                            "OutputTensor.DataType is %s, must be INT32, INT64, UINT32 or UINT64",
                            dmlref__types[plan->out.type].name);
    if ((s = dmlref__check_axes(ctx, axis_count, axes, plan)) != DMLREF_OK) return s;
    if ((s = dmlref__check_direction(ctx, direction)) != DMLREF_OK) return s;
    switch (plan->out.type) {
    case DML_TENSOR_DATA_TYPE_INT32: max_index = 0x7FFFFFFFu; break;
    case DML_TENSOR_DATA_TYPE_UINT32: max_index = 0xFFFFFFFFu; break;
    case DML_TENSOR_DATA_TYPE_INT64: max_index = UINT64_C(0x7FFFFFFFFFFFFFFF); break;
    default: max_index = UINT64_MAX; break;
    }
    if (plan->reduced_count - 1u > max_index)
        return dmlref__fail(ctx, DMLREF_ERROR_INDEX_OVERFLOW,
                            "OutputTensor.DataType %s cannot hold index %llu (%llu elements are reduced)",
                            dmlref__types[plan->out.type].name, (unsigned long long)(plan->reduced_count - 1u),
                            (unsigned long long)plan->reduced_count);
    if ((s = dmlref__check_feature_level(ctx, op_type, plan->row->reduce_function, &plan->in, &plan->out)) != DMLREF_OK)
        return s;
    if ((s = dmlref__check_output_layout(ctx, &plan->out)) != DMLREF_OK) return s;
    plan->decreasing = direction == DML_AXIS_DIRECTION_DECREASING;
    return DMLREF_OK;
}

/* REDUCE's value functions: the output has the input's type; at dml_ref's own
   level the functions that finish with a division, root or logarithm take
   float types only. */
static dmlref_status dmlref__check_reduce(const dmlref__ctx *ctx, DML_OPERATOR_TYPE op_type,
                                          const DML_TENSOR_DESC *input, const DML_TENSOR_DESC *output, UINT axis_count,
                                          const UINT *axes, dmlref__plan *plan) {
    dmlref_status s;
    const char *in_type;
    if ((s = dmlref__check_tensor(ctx, "InputTensor", input, 0, &plan->in)) != DMLREF_OK) return s;
    if ((s = dmlref__check_tensor(ctx, "OutputTensor", output, 1, &plan->out)) != DMLREF_OK) return s;
    in_type = dmlref__types[plan->in.type].name;
    if (plan->out.type != plan->in.type)
        return dmlref__fail(ctx, DMLREF_ERROR_INVALID_ARGUMENT,
                            "OutputTensor.DataType is %s, must equal InputTensor.DataType (%s)",
                            dmlref__types[plan->out.type].name, in_type);
    if ((s = dmlref__check_axes(ctx, axis_count, axes, plan)) != DMLREF_OK) return s;
    if (plan->row->finalize != DMLREF_FINALIZE_NONE && dmlref__types[plan->in.type].kind != DMLREF__KIND_FLOAT &&
        !(ctx->options && ctx->options->feature_level))
        return dmlref__fail(
            ctx, DMLREF_ERROR_UNSUPPORTED_DATA_TYPE,
            "InputTensor.DataType is %s; DML_REDUCE_FUNCTION_%s takes FLOAT16, FLOAT32 and FLOAT64 only", in_type,
            plan->row->name + 7);
    if ((s = dmlref__check_feature_level(ctx, op_type, plan->row->reduce_function, &plan->in, &plan->out)) != DMLREF_OK)
        return s;
    return dmlref__check_output_layout(ctx, &plan->out);
}

static const char *const dmlref__order_names[DMLREF_FLOAT_ORDER_COUNT] = {"SEQUENTIAL", "BLOCKED", "EXACT",
                                                                          "ANY",        "TREE",    "PAIRWISE"};

/* Row labels for messages: each writes the label of a row it names into out, or returns 0. Operator
   types ("CUMULATIVE_SUMMATION (1)", "REDUCE (21)"), REDUCE functions ("DML_REDUCE_FUNCTION_ARGMAX (0)"),
   and the rows that take the order `bit` (float_orders) or bound it (bound_orders). */
#define DMLREF__LABEL_MAX 64
typedef int (*dmlref__row_label)(const dmlref_operator_info *r, uint32_t arg, char *out);
static int dmlref__label_op_type(const dmlref_operator_info *r, uint32_t arg, char *out) {
    (void)arg;
    if (!(r->flags & DMLREF_OPERATOR_IMPLEMENTED)) return 0;
    snprintf(out, DMLREF__LABEL_MAX, "%s (%d)", r->reduce_function < 0 ? r->name : "REDUCE", (int)r->operator_type);
    return 1;
}
static int dmlref__label_function(const dmlref_operator_info *r, uint32_t arg, char *out) {
    (void)arg;
    if (!(r->flags & DMLREF_OPERATOR_IMPLEMENTED) || r->reduce_function < 0) return 0;
    snprintf(out, DMLREF__LABEL_MAX, "DML_REDUCE_FUNCTION_%s (%d)", r->name + 7, (int)r->reduce_function);
    return 1;
}
static int dmlref__label_order(const dmlref_operator_info *r, uint32_t bit, char *out) {
    if (!(r->flags & DMLREF_OPERATOR_IMPLEMENTED) || !(r->float_orders & bit)) return 0;
    snprintf(out, DMLREF__LABEL_MAX, "%s", r->name);
    return 1;
}
static int dmlref__label_bound(const dmlref_operator_info *r, uint32_t bit, char *out) {
    if (!(r->bound_orders & bit)) return 0;
    snprintf(out, DMLREF__LABEL_MAX, "%s", r->name);
    return 1;
}

/* "A, B and C": the labels label() gives the operator rows, each once, in row order. */
static void dmlref__row_list(dmlref__row_label label, uint32_t arg, char *buf, size_t cap) {
    char items[DMLREF__OP_COUNT][DMLREF__LABEL_MAX];
    uint32_t i, j, n = 0;
    buf[0] = 0;
    for (i = 0; i < DMLREF__OP_COUNT; i++) {
        if (!label(&dmlref__operators[i], arg, items[n])) continue;
        for (j = 0; j < n && strcmp(items[j], items[n]) != 0; j++) {}
        n += j == n;
    }
    for (i = 0; i < n; i++) {
        size_t used = strlen(buf);
        snprintf(buf + used, cap - used, "%s%s", i == 0 ? "" : i + 1 == n ? " and " : ", ", items[i]);
    }
}

/* Options that depend on the operator: its row lists the float orders it
   takes (none: options.float_order is not read). */
static dmlref_status dmlref__check_order(const dmlref__ctx *ctx, const dmlref__plan *plan, int for_bound) {
    const dmlref_operator_info *row = plan->row;
    uint32_t bit = 1u << plan->float_order;
    /* a row without bounds is checked as by execute (dmlref_error_bound refuses it next); an order of no
       call of this operator names the rows that execute it; else the bounded rows */
    const int unbounded = for_bound && row->bound_orders == 0;
    const int bound_list =
        for_bound && !unbounded && (row->float_orders & bit || plan->float_order == DMLREF_FLOAT_ORDER_ANY);
    char list[256];
    if (row->float_orders == 0 || (unbounded && plan->float_order == DMLREF_FLOAT_ORDER_ANY)) return DMLREF_OK;
    if (plan->float_order == DMLREF_FLOAT_ORDER_EXACT && plan->accumulation != DMLREF_ACCUMULATION_DEFAULT)
        return dmlref__fail(ctx, DMLREF_ERROR_INVALID_OPTION,
                            "options.accumulation is %d; float_order EXACT (2) takes DEFAULT (0) only",
                            (int)plan->accumulation);
    if ((for_bound && !unbounded ? row->bound_orders : row->float_orders) & bit) return DMLREF_OK;
    dmlref__row_list(bound_list ? dmlref__label_bound : dmlref__label_order, bit, list, sizeof list);
    return dmlref__fail(ctx, DMLREF_ERROR_INVALID_OPTION, "options.float_order is %s (%d), which applies to %s only",
                        dmlref__order_names[plan->float_order], (int)plan->float_order, list);
}

static dmlref_status dmlref__validate_op(const dmlref__ctx *ctx, const DML_OPERATOR_DESC *op, dmlref__plan *plan);

/* Drop the options that cannot change a bit (integer orders, NATIVE outside
   FLOAT16, WIDE on FLOAT64, the seed of products: 1 x v is v), so kernels
   see one spelling of each computation; float products are never BLOCKED. */
static void dmlref__settle_order(dmlref__plan *plan) {
    DML_TENSOR_DATA_TYPE type = plan->in.type;
    int is_float = dmlref__types[type].kind == DMLREF__KIND_FLOAT;
    if (plan->row->shape == DMLREF_SHAPE_ARG_REDUCTION) return;
    if (!is_float || plan->row->float_orders == 0) { /* integers' one answer; MIN and MAX */
        plan->float_order = DMLREF_FLOAT_ORDER_SEQUENTIAL;
        plan->accumulation = DMLREF_ACCUMULATION_DEFAULT;
        plan->identity_seed = 0;
        return;
    }
    if (plan->accumulation == DMLREF_ACCUMULATION_NATIVE && type != DML_TENSOR_DATA_TYPE_FLOAT16)
        plan->accumulation = DMLREF_ACCUMULATION_DEFAULT;
    if (plan->accumulation == DMLREF_ACCUMULATION_WIDE && type == DML_TENSOR_DATA_TYPE_FLOAT64)
        plan->accumulation = DMLREF_ACCUMULATION_DEFAULT;
    if (plan->row->combine == DMLREF_COMBINE_MULTIPLY) {
        plan->identity_seed = 0;
        if (plan->float_order == DMLREF_FLOAT_ORDER_BLOCKED) plan->float_order = DMLREF_FLOAT_ORDER_SEQUENTIAL;
    }
}

/* The orders that are schedules, by dmlref_float_order: a new order is a row
   here (EXACT and ANY are not schedules: block 0). Bit for bit, BLOCKED is TREE
   {KOGGE_STONE, 16, AFTER} and SEQUENTIAL blocks of one element, each taking
   the carry into itself. */
static dmlref__schedule dmlref__schedule_preset(int float_order, const dmlref_scan_tree *tree, int seed) {
    dmlref__schedule sc = {0, DMLREF_TREE_KOGGE_STONE, DMLREF_CARRY_AFTER, 0, 1, 0, 0};
    switch (float_order) {
    case DMLREF_FLOAT_ORDER_SEQUENTIAL: sc.block = 1, sc.chain = DMLREF_CARRY_INTO_FIRST; break;
    case DMLREF_FLOAT_ORDER_BLOCKED: sc.block = DMLREF__BLOCK; break;
    case DMLREF_FLOAT_ORDER_TREE:
        sc.block = tree->block, sc.tree = tree->algorithm, sc.chain = tree->carry;
        sc.serial = tree->serial ? tree->serial : 1u;
        sc.lanes = tree->lanes;
        sc.run_seed = tree->run_seed;
        break;
    default: break; /* EXACT, ANY */
    }
    if (!sc.lanes) /* one tile per block: the fewest lanes (a power of two) whose runs cover it */
        for (sc.lanes = 1; (uint64_t)sc.lanes * sc.serial < sc.block;) sc.lanes <<= 1;
    sc.seed = seed;
    return sc;
}

/* A schedule of one fixed tree per block chained AFTER or INTO_FIRST: the one whose block
   totals the split of a line into pieces (>>tasks) computes. */
static int dmlref__schedule_plain(const dmlref__schedule *sc) {
    return sc->serial == 1u && sc->lanes >= sc->block && !sc->run_seed &&
           (sc->chain == DMLREF_CARRY_AFTER || sc->chain == DMLREF_CARRY_INTO_FIRST);
}

/* The levels above the line that a recursive schedule scans: level k + 1 takes one
   total per full block of level k. */
static uint32_t dmlref__schedule_levels(const dmlref__schedule *sc, uint64_t length) {
    uint32_t levels = 0;
    if (sc->chain != DMLREF_CARRY_RECURSIVE && sc->chain != DMLREF_CARRY_RECURSIVE_LAST) return 0;
    while (length >= sc->block) length /= sc->block, levels++;
    return levels;
}

/* Doubles of work space the interpreter needs for a line of `length` elements: a block
   and the lanes' totals, and per upper level a block's inputs and their scan, each
   value with its error bound (dmlref__val). */
static uint64_t dmlref__schedule_scratch(const dmlref__schedule *sc, uint64_t length) {
    uint64_t block = length < sc->block ? length : sc->block;
    return 2u * block * (2u + 2u * (uint64_t)dmlref__schedule_levels(sc, length));
}

/* Validate op and options into plan. Reads descriptors only, never buffers.
   for_bound: the caller is dmlref_error_bound (float_order ANY is valid). */
static dmlref_status dmlref__validate(const DML_OPERATOR_DESC *op, const dmlref_options *options, int for_bound,
                                      dmlref__plan *plan) {
    dmlref__ctx ctx;
    dmlref_status s;
    ctx.options = options;
    ctx.op_name = "dml_ref";
    memset(plan, 0, sizeof *plan);
    if (options && options->error_message && options->error_message_capacity > 0) options->error_message[0] = 0;
    if (!op) return dmlref__fail(&ctx, DMLREF_ERROR_NULL_POINTER, "the DML_OPERATOR_DESC pointer is NULL");
    ctx.op_name = dmlref__op_name(op->Type);
    if ((s = dmlref__check_options(&ctx, for_bound, plan)) != DMLREF_OK) return s;
    if ((s = dmlref__validate_op(&ctx, op, plan)) != DMLREF_OK) return s;
    if ((s = dmlref__check_order(&ctx, plan, for_bound)) != DMLREF_OK) return s;
    dmlref__settle_order(plan);
    if (plan->row->shape != DMLREF_SHAPE_ARG_REDUCTION)
        plan->schedule = dmlref__schedule_preset(plan->float_order, &plan->tree, plan->identity_seed);
    return DMLREF_OK;
}

/* The descriptor fields the checkers read, whatever the operator's DESC struct. */
typedef struct dmlref__op_fields {
    const DML_TENSOR_DESC *input, *output;
    UINT axis, axis_count;
    const UINT *axes;
    DML_AXIS_DIRECTION direction;
    BOOL exclusive;
    int32_t function; /* DML_OPERATOR_REDUCE: its Function; else -1 */
} dmlref__op_fields;

/* Reads desc as the DESC struct of type; 0 for a type without a row. */
static int dmlref__op_unpack(DML_OPERATOR_TYPE type, const void *desc, dmlref__op_fields *f) {
    memset(f, 0, sizeof *f);
    f->direction = DML_AXIS_DIRECTION_INCREASING;
    f->function = -1;
    switch (type) {
    case DML_OPERATOR_CUMULATIVE_SUMMATION: {
        const DML_CUMULATIVE_SUMMATION_OPERATOR_DESC *d = (const DML_CUMULATIVE_SUMMATION_OPERATOR_DESC *)desc;
        f->input = d->InputTensor, f->output = d->OutputTensor, f->axis = d->Axis, f->direction = d->AxisDirection;
        f->exclusive = d->HasExclusiveSum;
        return 1;
    }
    case DML_OPERATOR_CUMULATIVE_PRODUCT: {
        const DML_CUMULATIVE_PRODUCT_OPERATOR_DESC *d = (const DML_CUMULATIVE_PRODUCT_OPERATOR_DESC *)desc;
        f->input = d->InputTensor, f->output = d->OutputTensor, f->axis = d->Axis, f->direction = d->AxisDirection;
        f->exclusive = d->HasExclusiveProduct;
        return 1;
    }
    case DML_OPERATOR_ARGMIN: {
        const DML_ARGMIN_OPERATOR_DESC *d = (const DML_ARGMIN_OPERATOR_DESC *)desc;
        f->input = d->InputTensor, f->output = d->OutputTensor, f->axis_count = d->AxisCount, f->axes = d->Axes;
        f->direction = d->AxisDirection;
        return 1;
    }
    case DML_OPERATOR_ARGMAX: {
        const DML_ARGMAX_OPERATOR_DESC *d = (const DML_ARGMAX_OPERATOR_DESC *)desc;
        f->input = d->InputTensor, f->output = d->OutputTensor, f->axis_count = d->AxisCount, f->axes = d->Axes;
        f->direction = d->AxisDirection;
        return 1;
    }
    case DML_OPERATOR_REDUCE: {
        const DML_REDUCE_OPERATOR_DESC *d = (const DML_REDUCE_OPERATOR_DESC *)desc;
        f->input = d->InputTensor, f->output = d->OutputTensor, f->axis_count = d->AxisCount, f->axes = d->Axes;
        f->function = (int32_t)d->Function;
        return 1;
    }
    default: return 0;
    }
}

static dmlref_status dmlref__validate_op(const dmlref__ctx *ctx, const DML_OPERATOR_DESC *op, dmlref__plan *plan) {
    dmlref__op_fields f;
    const dmlref_operator_info *row;
    char list[256];
    uint32_t i;
    int known = 0;
    for (i = 0; i < DMLREF__OP_COUNT; i++) known |= dmlref__operators[i].operator_type == (int32_t)op->Type;
    if (!known) {
        dmlref__row_list(dmlref__label_op_type, 0, list, sizeof list);
        return dmlref__fail(ctx, DMLREF_ERROR_UNSUPPORTED_OPERATOR,
                            "DML_OPERATOR_DESC.Type is %u; dml_ref implements %s", (unsigned)op->Type, list);
    }
    if (!op->Desc) return dmlref__fail(ctx, DMLREF_ERROR_NULL_POINTER, "DML_OPERATOR_DESC.Desc is NULL");
    if (!dmlref__op_unpack(op->Type, op->Desc, &f))
        return dmlref__fail(ctx, DMLREF_ERROR_UNSUPPORTED_OPERATOR,
                            "DML_OPERATOR_DESC.Type is %u has no descriptor reader", (unsigned)op->Type);
    row = dmlref_operator_find((int32_t)op->Type, f.function);
    if (!row)
        return dmlref__fail(ctx, DMLREF_ERROR_INVALID_ARGUMENT, "Function is %u, not a DML_REDUCE_FUNCTION",
                            (unsigned)f.function);
    if (!(row->flags & DMLREF_OPERATOR_IMPLEMENTED)) {
        dmlref__row_list(dmlref__label_function, 0, list, sizeof list);
        return dmlref__fail(ctx, DMLREF_ERROR_UNSUPPORTED_OPERATOR,
                            "Function is %u (DML_REDUCE_FUNCTION_%s); dml_ref implements only %s", (unsigned)f.function,
                            row->name + 7, list);
    }
    plan->op = (int)(row - dmlref__operators);
    plan->row = row;
    switch ((dmlref_shape)row->shape) {
    case DMLREF_SHAPE_SCAN:
        return dmlref__check_scan(ctx, op->Type, f.input, f.output, f.axis, f.direction, f.exclusive, plan);
    case DMLREF_SHAPE_ARG_REDUCTION:
        return dmlref__check_arg(ctx, op->Type, f.input, f.output, f.axis_count, f.axes, f.direction, plan);
    case DMLREF_SHAPE_REDUCTION:
        return dmlref__check_reduce(ctx, op->Type, f.input, f.output, f.axis_count, f.axes, plan);
    case DMLREF_SHAPE_COUNT:
    case DMLREF_SHAPE_FORCE_32BIT: break;
    }
    return dmlref__fail(ctx, DMLREF_ERROR_UNSUPPORTED_OPERATOR, "%s has no checker for its shape (%d)", row->name,
                        (int)row->shape);
}

/* Outputs at least this large (bytes) that do not alias the input are written
   with non-temporal stores by the contiguous SIMD kernels: they would only
   evict the input from the last-level cache. */
#ifndef DMLREF_STREAM_BYTES
#define DMLREF_STREAM_BYTES (32u << 20)
#endif

/* Byte range [first, last) that a tensor's elements occupy. */
static void dmlref__byte_range(const void *base, const dmlref__tensor *t, uintptr_t *first, uintptr_t *last) {
    *first = (uintptr_t)base;
    *last = *first + (uintptr_t)(t->extent * t->esize);
}

static dmlref_status dmlref__check_buffer(const dmlref__ctx *ctx, const char *name, const void *p,
                                          const dmlref__tensor *t) {
    uintptr_t address = (uintptr_t)p;
    if (address % t->esize != 0)
        return dmlref__fail(ctx, DMLREF_ERROR_MISALIGNED, "%s buffer address %p is not aligned to its element size %u",
                            name, p, (unsigned)t->esize);
    if (t->alignment && address % t->alignment != 0)
        return dmlref__fail(ctx, DMLREF_ERROR_MISALIGNED,
                            "%s buffer address %p breaks its GuaranteedBaseOffsetAlignment (%llu)", name, p,
                            (unsigned long long)t->alignment);
    return DMLREF_OK;
}

/* Exact in-place (same address, same strides on every dimension that moves). */
static int dmlref__same_layout(const dmlref__tensor *a, const dmlref__tensor *b) {
    uint32_t d;
    for (d = 0; d < a->rank; d++)
        if (a->sizes[d] > 1 && a->strides[d] != b->strides[d]) return 0;
    return 1;
}

/* How dmlref_execute writes and reads: streamed (non-temporal stores, for a
   large output that does not alias the input) and read ahead (an input as
   large as a streamed output). */
typedef struct dmlref__io_policy {
    int stream, prefetch;
} dmlref__io_policy;

/* dmlref_execute's buffers: present, aligned, and separate or exactly in
   place (scans only). */
static dmlref_status dmlref__validate_buffers(const dmlref__ctx *ctx, const dmlref__plan *plan,
                                              const void *const *inputs, void *const *outputs, dmlref__io_policy *io) {
    uintptr_t in_first, in_last, out_first, out_last;
    int overlap, scan = plan->row->shape == DMLREF_SHAPE_SCAN;
    dmlref_status s;
    if (!inputs) return dmlref__fail(ctx, DMLREF_ERROR_NULL_POINTER, "inputs is NULL");
    if (!inputs[0]) return dmlref__fail(ctx, DMLREF_ERROR_NULL_POINTER, "inputs[0] (InputTensor's buffer) is NULL");
    if (!outputs) return dmlref__fail(ctx, DMLREF_ERROR_NULL_POINTER, "outputs is NULL");
    if (!outputs[0]) return dmlref__fail(ctx, DMLREF_ERROR_NULL_POINTER, "outputs[0] (OutputTensor's buffer) is NULL");
    if ((s = dmlref__check_buffer(ctx, "InputTensor", inputs[0], &plan->in)) != DMLREF_OK) return s;
    if ((s = dmlref__check_buffer(ctx, "OutputTensor", outputs[0], &plan->out)) != DMLREF_OK) return s;
    dmlref__byte_range(inputs[0], &plan->in, &in_first, &in_last);
    dmlref__byte_range(outputs[0], &plan->out, &out_first, &out_last);
    overlap = in_first < out_last && out_first < in_last;
    if (overlap && !(scan && in_first == out_first && dmlref__same_layout(&plan->in, &plan->out)))
        return dmlref__fail(ctx, DMLREF_ERROR_OVERLAP, "InputTensor and OutputTensor buffers overlap; %s",
                            scan ? "only exact in-place aliasing (same address and strides) is allowed"
                                 : "arg-reductions need separate buffers");
    io->stream = !overlap && out_last - out_first >= DMLREF_STREAM_BYTES;
    io->prefetch = in_last - in_first >= DMLREF_STREAM_BYTES;
    return DMLREF_OK;
}

/* >>iteration ----------------------------------------------------------------
   Every operator becomes batches of 1-D lines. Dimensions that are contiguous
   in both tensors are merged, loops are ordered by output stride (outermost
   first) for locality, and the innermost remaining dimension becomes a
   "panel": a kernel always receives n lines of length L with fixed strides,
   so a SIMD kernel can run along a line or across the lines of a panel. */

typedef struct dmlref__dim {
    uint64_t size;
    int64_t in, out; /* strides in elements */
} dmlref__dim;

typedef struct dmlref__bound_setup dmlref__bound_setup; /* >>bound */
typedef struct dmlref__sequence dmlref__sequence;       /* >>reduce: one output's reduced elements */
typedef struct dmlref__helpers dmlref__helpers;         /* >>exact: a path's SIMD pieces */

/* One call of a scan kernel: `lines` lines of `length` elements. src/dst point
   at the first element in traversal order; steps are negative for DECREASING. */
/* Trees up to this block size keep their values on the stack. */
#define DMLREF__TREE_STACK 4096u /* doubles: a plain tree's block of 1024 dmlref__val and the lanes' totals */

typedef struct dmlref__scan_panel {
    const void *src;
    void *dst;
    uint64_t length;            /* elements along the axis, >= 1 */
    int64_t src_step, dst_step; /* elements between consecutive line elements */
    uint64_t lines;             /* lines in the panel, >= 1 */
    int64_t src_line, dst_line; /* elements between consecutive lines */
    int exclusive;
    uint32_t esize;                   /* bytes per element */
    int stream;                       /* output is large and separate: contiguous kernels may bypass the cache */
    const dmlref__bound_setup *bound; /* error-bound kernels only (dst is then double) */
    int product;                      /* CUMULATIVE_PRODUCT (the general float kernel and bounds) */
    int accumulation;                 /* settled dmlref_accumulation */
    int identity_seed;                /* the tally starts at the identity */
    int float_order;                  /* settled dmlref_float_order */
    dmlref__schedule schedule;        /* scheduled float orders: the plan's */
    double *scratch;                  /* schedule.block values for the interpreter's blocks */
    int has_carry;                    /* a piece of a split line (>>tasks): it starts from a carry */
    double carry;                     /* floats: the blocks before it, as the tally type holds them */
    uint64_t carry_bits;              /* integers: the elements before it, combined (mod 2^64) */
    int reverse;                      /* DECREASING contiguous lines: DMLREF__REVERSE_* */
    const dmlref__helpers *helpers;   /* the path's SIMD pieces that shared kernels call, or NULL */
    dmlref__sequence *sequence;       /* a reduction's mapped elements, read instead of src (>>reduce) */
} dmlref__scan_panel;

/* One call of an arg kernel: `outputs` reductions of the same shape. The
   reduced sub-tensor has rdims dimensions (outermost first, already merged),
   walked in row-major order: that order defines the flattened index. */
typedef struct dmlref__arg_panel {
    const void *src;
    void *dst;
    uint64_t outputs;
    int64_t src_output_step, dst_output_step; /* elements between consecutive outputs */
    uint32_t rdims;
    uint64_t rsize[DMLREF__MAX_DIMS];
    int64_t rstride[DMLREF__MAX_DIMS];
    uint64_t rcount; /* product of rsize */
    int want_max, last, ignore_nan;
    int prefetch; /* input is memory-sized: contiguous kernels read ahead */
    DML_TENSOR_DATA_TYPE src_type, index_type;
} dmlref__arg_panel;

typedef void (*dmlref__scan_kernel)(const dmlref__scan_panel *panel);
typedef void (*dmlref__arg_kernel)(const dmlref__arg_panel *panel);

/* One row of a SIMD path's kernel table: the kernel for panels whose steps
   along the axis are 1 (contiguous lines) and the one for panels whose lines
   are adjacent (vertical), each taking at least `min` elements or lines; any
   other panel, or a NULL entry, runs the scalar kernel. */
typedef struct dmlref__scan_route {
    dmlref__scan_kernel contiguous, vertical;
    uint32_t min;
} dmlref__scan_route;
/* A path's scan kernels, indexed by the fast order (the float order for
   floats, SEQUENTIAL for integers: every order below DMLREF__FAST_ORDERS may
   have one), the operator row's combine, and the type slot. A new combine or
   fast order is a row here, not a field. */
enum { DMLREF__FAST_ORDERS = DMLREF_FLOAT_ORDER_BLOCKED + 1, DMLREF__SCAN_COMBINES = DMLREF_COMBINE_MULTIPLY + 1 };
typedef struct dmlref__scan_routes {
    dmlref__scan_route by[DMLREF__FAST_ORDERS][DMLREF__SCAN_COMBINES][DMLREF__SCAN_SLOTS];
} dmlref__scan_routes;
/* Arg-reductions over one reduced dimension: contiguous along it, or with
   adjacent outputs (vertical: 32-bit index lanes, so at most 2^32 - 1 rows). */
typedef struct dmlref__arg_route {
    dmlref__arg_kernel contiguous, vertical;
    uint32_t contiguous_min, vertical_min;
} dmlref__arg_route;

static const void *dmlref__cadvance(const void *p, int64_t elements, uint32_t esize) {
    return (const unsigned char *)p + (ptrdiff_t)elements * (ptrdiff_t)esize;
}
static void *dmlref__advance(void *p, int64_t elements, uint32_t esize) {
    return (unsigned char *)p + (ptrdiff_t)elements * (ptrdiff_t)esize;
}

/* Lines of a vertical panel before its output rows reach a 64-byte boundary, when its rows are
   streamed (they stream only from a boundary on, and whole rows keep it); 0 otherwise. */
static uint64_t dmlref__stream_head_lines(const dmlref__scan_panel *p) {
    const uint64_t row_bytes = (uint64_t)(p->dst_step < 0 ? -p->dst_step : p->dst_step) * p->esize;
    const uintptr_t off = (uintptr_t)p->dst % 64u;
    if (!p->stream || off == 0 || off % p->esize != 0 || row_bytes % 64u != 0) return 0;
    return (64u - off) / p->esize;
}

/* A vertical kernel keeps its per-line state (tallies, or best values and
   indices) for a chunk of adjacent lines in arrays of this many bytes each,
   and walks whole rows of the chunk: wide chunks keep the reads streaming.
   An inclusive scan whose tally has the element type (not FLOAT16) and whose
   rows go through the cache reads the tally back from the row it just
   stored: one store per vector instead of two. The stored value differs from the tally only by
   NaN canonicalisation, which no later result can tell apart. */
#define DMLREF__CHUNK_BYTES 16384u

/* Streamed inclusive rows back to back (element k's line is k's column), output off the 64-byte boundary,
   a row's tallies (tally_size bytes each) within DMLREF__CHUNK_BYTES: the layout whose 64-byte lines across
   rows the vertical kernels write whole. DMLREF__VSCAN runs it as one flat recurrence (output k is output
   k - lines OP input k), DMLREF__KERNEL_VBLOCKED with a wrapped vector per row. */
static int dmlref__flat_rows(const dmlref__scan_panel *p, size_t tally_size) {
    return p->stream && !p->exclusive && p->src_step == (int64_t)p->lines && p->dst_step == (int64_t)p->lines &&
           p->length >= 2 && p->lines % (64u / p->esize) == 0 && p->lines * tally_size <= DMLREF__CHUNK_BYTES &&
           (uintptr_t)p->dst % 64u != 0 && (uintptr_t)p->dst % p->esize == 0;
}

#if defined(DMLREF__ANY_SIMD)
/* DECREASING contiguous lines (steps -1): NONE keeps the scalar kernel; FUSED (integer sums, float sums
   and products with DEFAULT accumulation) runs the contiguous kernel, which walks the line down itself;
   SEQUENTIAL (FLOAT16 NATIVE: the tally is the output) runs the increasing contiguous kernel on a stage:
   chunks of the line reversed into it, scanned inclusive there, and reversed out (exclusive: shifted by
   one), the tally crossing chunks as an element before the chunk, where `identity (+) x` is x. */
enum { DMLREF__REVERSE_NONE, DMLREF__REVERSE_FUSED, DMLREF__REVERSE_SEQUENTIAL };
#define DMLREF__STAGE_BYTES 8192u

/* dst[i] = src[n - 1 - i], n elements of esize bytes; whole 64-byte lines of dst streamed when asked. Inlined
   per element size (dmlref__reverse_copy), so that sizes and divisions fold. */
DMLREF__INLINE void dmlref__reverse_run(unsigned char *d, const unsigned char *s, uint64_t n, uint32_t esize,
                                        int stream) {
    const unsigned char *from = s + n * esize; /* one past the element that goes first */
    const unsigned char *stop = d + n * esize;
#if defined(DMLREF__X86_64)
    const uint32_t unit = (stream ? 64u : 16u); /* bytes per step of the body: streamed, whole 64-byte lines */
    const uint64_t head = stream ? ((64u - (uintptr_t)d % 64u) % 64u) : 0;
    const unsigned char *body_end;
    for (; d < stop && (uint64_t)(d - (stop - n * esize)) < head; d += esize) {
        from -= esize;
        memcpy(d, from, esize);
    }
    body_end = d + (uint64_t)(stop - d) / unit * unit;
    for (; d < body_end; d += 16) {
        __m128i x;
        from -= 16;
        x = _mm_loadu_si128((const __m128i *)(const void *)from);
        if (esize == 8) x = _mm_shuffle_epi32(x, 0x4E);
        else if (esize == 4) x = _mm_shuffle_epi32(x, 0x1B);
        else {
            x = _mm_shuffle_epi32(_mm_shufflehi_epi16(_mm_shufflelo_epi16(x, 0x1B), 0x1B), 0x4E);
            if (esize == 1) x = _mm_or_si128(_mm_slli_epi16(x, 8), _mm_srli_epi16(x, 8));
        }
        if (stream) _mm_stream_si128((__m128i *)(void *)d, x);
        else _mm_storeu_si128((__m128i *)(void *)d, x);
    }
#else
    (void)stream;
#endif
    for (; d < stop; d += esize) {
        from -= esize;
        memcpy(d, from, esize);
    }
}
static void dmlref__reverse_copy(void *dst, const void *src, uint64_t n, uint32_t esize, int stream) {
    unsigned char *d = (unsigned char *)dst;
    const unsigned char *s = (const unsigned char *)src;
    if (esize == 1) dmlref__reverse_run(d, s, n, 1, stream);
    else if (esize == 2) dmlref__reverse_run(d, s, n, 2, stream);
    else if (esize == 4) dmlref__reverse_run(d, s, n, 4, stream);
    else dmlref__reverse_run(d, s, n, 8, stream);
}

/* The element `identity (+) x = x` of a SEQUENTIAL stage (-0.0 for float sums), as bits. */
static uint64_t dmlref__stage_identity(const dmlref__scan_panel *p) {
    if (p->esize == 2) return p->product ? 0x3C00u : 0x8000u;
    if (p->esize == 4) return p->product ? 0x3F800000u : 0x80000000u;
    return p->product ? UINT64_C(0x3FF0000000000000) : UINT64_C(0x8000000000000000);
}

static void dmlref__scan_reversed(const dmlref__scan_route *route, dmlref__scan_kernel scalar,
                                  const dmlref__scan_panel *p) {
    uint64_t raw[DMLREF__STAGE_BYTES / 8u + 16u];
    unsigned char *stage = (unsigned char *)raw + (64u - (uintptr_t)raw % 64u) % 64u;
    const uint32_t es = p->esize, chunk = DMLREF__STAGE_BYTES / es;
    uint64_t line;
    int streamed = 0;
    for (line = 0; line < p->lines; line++) {
        const unsigned char *src = (const unsigned char *)p->src + (ptrdiff_t)line * p->src_line * (ptrdiff_t)es;
        unsigned char *dst = (unsigned char *)p->dst + (ptrdiff_t)line * p->dst_line * (ptrdiff_t)es;
        dmlref__scan_panel sub = *p;
        uint64_t done = 0;
        /* the first chunk ends where the output reaches a 64-byte boundary, so later chunks stream whole lines */
        uint64_t n = (uintptr_t)(dst + es) % es != 0 ? chunk : chunk - (64u - (uintptr_t)(dst + es) % 64u) % 64u / es;
        sub.src_step = sub.dst_step = 1;
        sub.lines = 1;
        sub.exclusive = 0;
        sub.stream = 0;
        sub.reverse = DMLREF__REVERSE_NONE;
        sub.has_carry = 0;
        /* stage[0]: the tally before the chunk (an exclusive scan's output there), then the chunk */
        dmlref__store_bits(stage, es, p->has_carry ? p->carry_bits : dmlref__stage_identity(p));
        while (done < p->length) {
            const int first = done == 0;
            if (n > p->length - done) n = p->length - done;
            dmlref__reverse_copy(stage + es, src - (done + n - 1u) * es, n, es, 0);
            sub.src = sub.dst = stage;
            sub.length = n + 1u;
            if (route->contiguous && sub.length >= route->min) route->contiguous(&sub);
            else scalar(&sub);
            if (first && !p->has_carry && p->exclusive && !p->product)
                memset(stage, 0, es); /* the identity an exclusive scan writes first is +0 */
            dmlref__reverse_copy(dst - (done + n - 1u) * es, stage + (p->exclusive ? 0u : es), n, es, p->stream);
            streamed |= p->stream;
            memcpy(stage, stage + n * es, es); /* the last tally is the next chunk's value before */
            done += n;
            n = chunk;
        }
    }
#if defined(DMLREF__X86_64)
    if (streamed) _mm_sfence();
#else
    (void)streamed;
#endif
}
#endif

static void dmlref__scan_route_panel(const dmlref__scan_route *route, dmlref__scan_kernel scalar,
                                     const dmlref__scan_panel *p) {
    if (route && route->contiguous && p->src_step == 1 && p->dst_step == 1 && p->length >= route->min)
        route->contiguous(p);
#if defined(DMLREF__ANY_SIMD)
    else if (route && route->contiguous && p->src_step == -1 && p->dst_step == -1 && p->length >= route->min &&
             p->reverse != DMLREF__REVERSE_NONE) {
        if (p->reverse == DMLREF__REVERSE_FUSED) route->contiguous(p); /* it walks the line down itself */
        else dmlref__scan_reversed(route, scalar, p);
    }
#endif
    else if (route && route->vertical && p->src_line == 1 && p->dst_line == 1 && p->lines >= route->min) {
        const uint64_t head = dmlref__stream_head_lines(p);
        /* the vertical kernel's own way: BLOCKED (DMLREF__KERNEL_VBLOCKED) splits the head itself */
        const int whole =
            p->float_order == DMLREF_FLOAT_ORDER_BLOCKED || dmlref__flat_rows(p, p->esize < 4u ? 4u : p->esize);
        if (!whole && head > 0 && head < p->lines &&
            p->lines - head >= route->min) { /* head lines on the scalar kernel */
            dmlref__scan_panel part = *p;
            part.lines = head;
            scalar(&part);
            part.src = dmlref__cadvance(p->src, (int64_t)head, p->esize);
            part.dst = dmlref__advance(p->dst, (int64_t)head, p->esize);
            part.lines = p->lines - head;
            route->vertical(&part);
        } else route->vertical(p);
    } else scalar(p);
}

static void dmlref__arg_route_panel(const dmlref__arg_route *route, dmlref__arg_kernel scalar,
                                    const dmlref__arg_panel *p) {
    if (route && route->contiguous && p->rdims == 1 && p->rstride[0] == 1 && p->rcount >= route->contiguous_min)
        route->contiguous(p);
    else if (route && route->vertical && p->rdims == 1 && p->src_output_step == 1 &&
             p->outputs >= route->vertical_min && p->rcount <= 0xFFFFFFFFu)
        route->vertical(p);
    else scalar(p);
}

/* Sort dims outermost first (largest output stride), then merge each pair
   that is contiguous in both tensors. Returns the new count. */
static uint32_t dmlref__order_and_merge(dmlref__dim *dims, uint32_t n) {
    uint32_t i, j, m;
    for (i = 1; i < n; i++) {
        dmlref__dim key = dims[i];
        for (j = i; j > 0 && (dims[j - 1].out < key.out || (dims[j - 1].out == key.out && dims[j - 1].in < key.in));
             j--)
            dims[j] = dims[j - 1];
        dims[j] = key;
    }
    m = 0;
    for (i = 0; i < n; i++) {
        if (m > 0) {
            dmlref__dim *outer = &dims[m - 1];
            int64_t inner_size = (int64_t)dims[i].size;
            if (outer->in == dims[i].in * inner_size && outer->out == dims[i].out * inner_size) {
                outer->size *= dims[i].size;
                outer->in = dims[i].in;
                outer->out = dims[i].out;
                continue;
            }
        }
        dims[m++] = dims[i];
    }
    return m;
}

/* Advance an odometer over dims[0..n) (last fastest), moving two offsets.
   Returns 0 after the last position. */
static int dmlref__odometer_next(const dmlref__dim *dims, uint32_t n, uint64_t *pos, int64_t *off_in,
                                 int64_t *off_out) {
    uint32_t d = n;
    while (d-- > 0) {
        if (++pos[d] < dims[d].size) {
            *off_in += dims[d].in;
            *off_out += dims[d].out;
            return 1;
        }
        pos[d] = 0;
        *off_in -= (int64_t)(dims[d].size - 1u) * dims[d].in;
        *off_out -= (int64_t)(dims[d].size - 1u) * dims[d].out;
    }
    return 0;
}

#if defined(DMLREF_MALLOC) != defined(DMLREF_FREE)
#error "dml_ref.h: define both DMLREF_MALLOC and DMLREF_FREE, or neither"
#endif
#ifndef DMLREF_MALLOC
#include <stdlib.h>
#define DMLREF_MALLOC(size) malloc(size)
#define DMLREF_FREE(pointer) free(pointer)
#endif

/* >>scalar -------------------------------------------------------------------
   The readable definition of every result. SIMD kernels must match these bits. */

static float dmlref__load_f16(uint16_t h) { return dmlref__f16_to_f32_bits(h); }
#define DMLREF__SAME(x) (x)
/* Element operations with the type's own wrap-around, free of int promotion. */
#define DMLREF__ADD_F(a, b) ((a) + (b))
#define DMLREF__MUL_F(a, b) ((a) * (b))
#define DMLREF__ADD_U8(a, b) ((uint8_t)((unsigned)(a) + (unsigned)(b)))
#define DMLREF__ADD_U16(a, b) ((uint16_t)((unsigned)(a) + (unsigned)(b)))
#define DMLREF__ADD_U32(a, b) ((uint32_t)((a) + (b)))
#define DMLREF__ADD_U64(a, b) ((uint64_t)((a) + (b)))
#define DMLREF__MUL_U8(a, b) ((uint8_t)((unsigned)(a) * (unsigned)(b)))
#define DMLREF__MUL_U16(a, b) ((uint16_t)((uint32_t)(a) * (uint32_t)(b)))
#define DMLREF__MUL_U32(a, b) ((uint32_t)((a) * (b)))
#define DMLREF__MUL_U64(a, b) ((uint64_t)((a) * (b)))

/* Lines are scanned one at a time, or, when they are adjacent in memory
   (src_line == dst_line == 1: a scan along an outer axis), in groups of up
   to DMLREF__GROUP lines advanced together, so that memory is walked along
   rows rather than down columns (4096x4096 float32 along axis 0: 290 ms one
   line at a time). Either way each line sees exactly the operations below. */
#define DMLREF__GROUP 1024u
/* Lines in the group that starts with `left` lines to go: adjacent lines
   fill a group, others go one at a time. */
static unsigned dmlref__group(uint64_t left, int adjacent) {
    if (!adjacent) return 1u;
    return left < DMLREF__GROUP ? (unsigned)left : DMLREF__GROUP;
}
static unsigned dmlref__line_group(const dmlref__scan_panel *p, uint64_t first) {
    return dmlref__group(p->lines - first, p->src_line == 1 && p->dst_line == 1);
}

/* SEQUENTIAL scans: y[0] = x[0], y[i] = y[i-1] (op) x[i]; exclusive writes the
   identity first and the tally before each element. Floats use the ACC type
   (float32 for FLOAT16), integers a uint64_t tally whose low bits wrap exactly
   as the element type would. x[i] is read before y[i] is written (in-place).
   Line j of a group is src[j * src_line] on. */

#define DMLREF__LOAD_U(x) ((uint64_t)(x))
static DMLREF__KERNEL_ALIGN void dmlref__cumsum_u8_scalar(const dmlref__scan_panel *p) {
#define DMLREF__K_T uint8_t
#define DMLREF__K_ACC uint64_t
#define DMLREF__K_LOAD DMLREF__LOAD_U
#define DMLREF__K_STORE (uint8_t)
#define DMLREF__K_OP +
#define DMLREF__K_IDENTITY 0
#define DMLREF__KERNEL DMLREF__KERNEL_SEQUENTIAL_SCAN
#include DMLREF_HEADER_FILENAME
}

#undef DMLREF__K_T
#undef DMLREF__K_ACC
#undef DMLREF__K_LOAD
#undef DMLREF__K_STORE
#undef DMLREF__K_OP
#undef DMLREF__K_IDENTITY
static DMLREF__KERNEL_ALIGN void dmlref__cumsum_u16_scalar(const dmlref__scan_panel *p) {
#define DMLREF__K_T uint16_t
#define DMLREF__K_ACC uint64_t
#define DMLREF__K_LOAD DMLREF__LOAD_U
#define DMLREF__K_STORE (uint16_t)
#define DMLREF__K_OP +
#define DMLREF__K_IDENTITY 0
#define DMLREF__KERNEL DMLREF__KERNEL_SEQUENTIAL_SCAN
#include DMLREF_HEADER_FILENAME
}

#undef DMLREF__K_T
#undef DMLREF__K_ACC
#undef DMLREF__K_LOAD
#undef DMLREF__K_STORE
#undef DMLREF__K_OP
#undef DMLREF__K_IDENTITY
static DMLREF__KERNEL_ALIGN void dmlref__cumsum_u32_scalar(const dmlref__scan_panel *p) {
#define DMLREF__K_T uint32_t
#define DMLREF__K_ACC uint64_t
#define DMLREF__K_LOAD DMLREF__LOAD_U
#define DMLREF__K_STORE (uint32_t)
#define DMLREF__K_OP +
#define DMLREF__K_IDENTITY 0
#define DMLREF__KERNEL DMLREF__KERNEL_SEQUENTIAL_SCAN
#include DMLREF_HEADER_FILENAME
}

#undef DMLREF__K_T
#undef DMLREF__K_ACC
#undef DMLREF__K_LOAD
#undef DMLREF__K_STORE
#undef DMLREF__K_OP
#undef DMLREF__K_IDENTITY
static DMLREF__KERNEL_ALIGN void dmlref__cumsum_u64_scalar(const dmlref__scan_panel *p) {
#define DMLREF__K_T uint64_t
#define DMLREF__K_ACC uint64_t
#define DMLREF__K_LOAD DMLREF__LOAD_U
#define DMLREF__K_STORE (uint64_t)
#define DMLREF__K_OP +
#define DMLREF__K_IDENTITY 0
#define DMLREF__KERNEL DMLREF__KERNEL_SEQUENTIAL_SCAN
#include DMLREF_HEADER_FILENAME
}

#undef DMLREF__K_T
#undef DMLREF__K_ACC
#undef DMLREF__K_LOAD
#undef DMLREF__K_STORE
#undef DMLREF__K_OP
#undef DMLREF__K_IDENTITY
static DMLREF__KERNEL_ALIGN void dmlref__cumprod_u8_scalar(const dmlref__scan_panel *p) {
#define DMLREF__K_T uint8_t
#define DMLREF__K_ACC uint64_t
#define DMLREF__K_LOAD DMLREF__LOAD_U
#define DMLREF__K_STORE (uint8_t)
#define DMLREF__K_OP *
#define DMLREF__K_IDENTITY 1
#define DMLREF__KERNEL DMLREF__KERNEL_SEQUENTIAL_SCAN
#include DMLREF_HEADER_FILENAME
}

#undef DMLREF__K_T
#undef DMLREF__K_ACC
#undef DMLREF__K_LOAD
#undef DMLREF__K_STORE
#undef DMLREF__K_OP
#undef DMLREF__K_IDENTITY
static DMLREF__KERNEL_ALIGN void dmlref__cumprod_u16_scalar(const dmlref__scan_panel *p) {
#define DMLREF__K_T uint16_t
#define DMLREF__K_ACC uint64_t
#define DMLREF__K_LOAD DMLREF__LOAD_U
#define DMLREF__K_STORE (uint16_t)
#define DMLREF__K_OP *
#define DMLREF__K_IDENTITY 1
#define DMLREF__KERNEL DMLREF__KERNEL_SEQUENTIAL_SCAN
#include DMLREF_HEADER_FILENAME
}

#undef DMLREF__K_T
#undef DMLREF__K_ACC
#undef DMLREF__K_LOAD
#undef DMLREF__K_STORE
#undef DMLREF__K_OP
#undef DMLREF__K_IDENTITY
static DMLREF__KERNEL_ALIGN void dmlref__cumprod_u32_scalar(const dmlref__scan_panel *p) {
#define DMLREF__K_T uint32_t
#define DMLREF__K_ACC uint64_t
#define DMLREF__K_LOAD DMLREF__LOAD_U
#define DMLREF__K_STORE (uint32_t)
#define DMLREF__K_OP *
#define DMLREF__K_IDENTITY 1
#define DMLREF__KERNEL DMLREF__KERNEL_SEQUENTIAL_SCAN
#include DMLREF_HEADER_FILENAME
}

#undef DMLREF__K_T
#undef DMLREF__K_ACC
#undef DMLREF__K_LOAD
#undef DMLREF__K_STORE
#undef DMLREF__K_OP
#undef DMLREF__K_IDENTITY
static DMLREF__KERNEL_ALIGN void dmlref__cumprod_u64_scalar(const dmlref__scan_panel *p) {
#define DMLREF__K_T uint64_t
#define DMLREF__K_ACC uint64_t
#define DMLREF__K_LOAD DMLREF__LOAD_U
#define DMLREF__K_STORE (uint64_t)
#define DMLREF__K_OP *
#define DMLREF__K_IDENTITY 1
#define DMLREF__KERNEL DMLREF__KERNEL_SEQUENTIAL_SCAN
#include DMLREF_HEADER_FILENAME
}

#undef DMLREF__K_T
#undef DMLREF__K_ACC
#undef DMLREF__K_LOAD
#undef DMLREF__K_STORE
#undef DMLREF__K_OP
#undef DMLREF__K_IDENTITY
static DMLREF__KERNEL_ALIGN void dmlref__cumsum_f16_scalar(const dmlref__scan_panel *p) {
#define DMLREF__K_T uint16_t
#define DMLREF__K_ACC float
#define DMLREF__K_LOAD dmlref__load_f16
#define DMLREF__K_STORE dmlref__store_f16
#define DMLREF__K_OP +
#define DMLREF__K_IDENTITY 0
#define DMLREF__KERNEL DMLREF__KERNEL_SEQUENTIAL_SCAN
#include DMLREF_HEADER_FILENAME
}

#undef DMLREF__K_T
#undef DMLREF__K_ACC
#undef DMLREF__K_LOAD
#undef DMLREF__K_STORE
#undef DMLREF__K_OP
#undef DMLREF__K_IDENTITY
static DMLREF__KERNEL_ALIGN void dmlref__cumsum_f32_scalar(const dmlref__scan_panel *p) {
#define DMLREF__K_T float
#define DMLREF__K_ACC float
#define DMLREF__K_LOAD DMLREF__SAME
#define DMLREF__K_STORE dmlref__store_f32
#define DMLREF__K_OP +
#define DMLREF__K_IDENTITY 0
#define DMLREF__KERNEL DMLREF__KERNEL_SEQUENTIAL_SCAN
#include DMLREF_HEADER_FILENAME
}

#undef DMLREF__K_T
#undef DMLREF__K_ACC
#undef DMLREF__K_LOAD
#undef DMLREF__K_STORE
#undef DMLREF__K_OP
#undef DMLREF__K_IDENTITY
static DMLREF__KERNEL_ALIGN void dmlref__cumsum_f64_scalar(const dmlref__scan_panel *p) {
#define DMLREF__K_T double
#define DMLREF__K_ACC double
#define DMLREF__K_LOAD DMLREF__SAME
#define DMLREF__K_STORE dmlref__store_f64
#define DMLREF__K_OP +
#define DMLREF__K_IDENTITY 0
#define DMLREF__KERNEL DMLREF__KERNEL_SEQUENTIAL_SCAN
#include DMLREF_HEADER_FILENAME
}

#undef DMLREF__K_T
#undef DMLREF__K_ACC
#undef DMLREF__K_LOAD
#undef DMLREF__K_STORE
#undef DMLREF__K_OP
#undef DMLREF__K_IDENTITY
static DMLREF__KERNEL_ALIGN void dmlref__cumprod_f16_scalar(const dmlref__scan_panel *p) {
#define DMLREF__K_T uint16_t
#define DMLREF__K_ACC float
#define DMLREF__K_LOAD dmlref__load_f16
#define DMLREF__K_STORE dmlref__store_f16
#define DMLREF__K_OP *
#define DMLREF__K_IDENTITY 1
#define DMLREF__KERNEL DMLREF__KERNEL_SEQUENTIAL_SCAN
#include DMLREF_HEADER_FILENAME
}

#undef DMLREF__K_T
#undef DMLREF__K_ACC
#undef DMLREF__K_LOAD
#undef DMLREF__K_STORE
#undef DMLREF__K_OP
#undef DMLREF__K_IDENTITY
static DMLREF__KERNEL_ALIGN void dmlref__cumprod_f32_scalar(const dmlref__scan_panel *p) {
#define DMLREF__K_T float
#define DMLREF__K_ACC float
#define DMLREF__K_LOAD DMLREF__SAME
#define DMLREF__K_STORE dmlref__store_f32
#define DMLREF__K_OP *
#define DMLREF__K_IDENTITY 1
#define DMLREF__KERNEL DMLREF__KERNEL_SEQUENTIAL_SCAN
#include DMLREF_HEADER_FILENAME
}

#undef DMLREF__K_T
#undef DMLREF__K_ACC
#undef DMLREF__K_LOAD
#undef DMLREF__K_STORE
#undef DMLREF__K_OP
#undef DMLREF__K_IDENTITY
static DMLREF__KERNEL_ALIGN void dmlref__cumprod_f64_scalar(const dmlref__scan_panel *p) {
#define DMLREF__K_T double
#define DMLREF__K_ACC double
#define DMLREF__K_LOAD DMLREF__SAME
#define DMLREF__K_STORE dmlref__store_f64
#define DMLREF__K_OP *
#define DMLREF__K_IDENTITY 1
#define DMLREF__KERNEL DMLREF__KERNEL_SEQUENTIAL_SCAN
#include DMLREF_HEADER_FILENAME
}

#undef DMLREF__K_T
#undef DMLREF__K_ACC
#undef DMLREF__K_LOAD
#undef DMLREF__K_STORE
#undef DMLREF__K_OP
#undef DMLREF__K_IDENTITY

/* BLOCKED float sums (docs/semantics.md, "Float orders"): blocks of 16 elements in
   traversal order; inside a block a log-step scan (k = 1, 2, 4, 8: y[i] =
   y[i-k] + y[i] for i >= k, from the previous step's values); every later
   block adds the carry, the previous block's last inclusive value (float32
   for FLOAT16, before rounding). Exclusive shifts the inclusive values by one. */

static DMLREF__KERNEL_ALIGN void dmlref__cumsum_blocked_f16_scalar(const dmlref__scan_panel *p) {
#define DMLREF__K_T uint16_t
#define DMLREF__K_ACC float
#define DMLREF__K_LOAD dmlref__load_f16
#define DMLREF__K_STORE dmlref__store_f16
#define DMLREF__KERNEL DMLREF__KERNEL_BLOCKED_SUM
#include DMLREF_HEADER_FILENAME
}

#undef DMLREF__K_T
#undef DMLREF__K_ACC
#undef DMLREF__K_LOAD
#undef DMLREF__K_STORE
static DMLREF__KERNEL_ALIGN void dmlref__cumsum_blocked_f32_scalar(const dmlref__scan_panel *p) {
#define DMLREF__K_T float
#define DMLREF__K_ACC float
#define DMLREF__K_LOAD DMLREF__SAME
#define DMLREF__K_STORE dmlref__store_f32
#define DMLREF__KERNEL DMLREF__KERNEL_BLOCKED_SUM
#include DMLREF_HEADER_FILENAME
}

#undef DMLREF__K_T
#undef DMLREF__K_ACC
#undef DMLREF__K_LOAD
#undef DMLREF__K_STORE
static DMLREF__KERNEL_ALIGN void dmlref__cumsum_blocked_f64_scalar(const dmlref__scan_panel *p) {
#define DMLREF__K_T double
#define DMLREF__K_ACC double
#define DMLREF__K_LOAD DMLREF__SAME
#define DMLREF__K_STORE dmlref__store_f64
#define DMLREF__KERNEL DMLREF__KERNEL_BLOCKED_SUM
#include DMLREF_HEADER_FILENAME
}

#undef DMLREF__K_T
#undef DMLREF__K_ACC
#undef DMLREF__K_LOAD
#undef DMLREF__K_STORE

/* The general float scan: every accumulation, the identity seed and every
   tree, one line at a time, from the definitions word for word (docs/semantics.md:
   "Float orders"). Values live in doubles, which hold every FLOAT16 and
   FLOAT32 value exactly; dmlref__combine rounds each operation to the
   accumulation type. The SIMD kernels cover the default cases faster. */

/* Round to the nearest binary16 value, kept as a float. */
static float dmlref__round_f16(float v) { return dmlref__f16_to_f32_bits(dmlref_f32_to_f16(v)); }

/* x / 2^shift (1 <= shift < 64), rounded to nearest, ties to even, without a branch. */
static uint64_t dmlref__shift_nearest_even(uint64_t x, uint32_t shift) {
    uint64_t kept = x >> shift, rest = x & ((UINT64_C(1) << shift) - 1u), half = UINT64_C(1) << (shift - 1u);
    return kept + ((uint64_t)(rest > half) | ((uint64_t)(rest == half) & kept));
}

/* Round a double to binary16 once, to nearest even; NaN becomes 0x7E00. */
static uint16_t dmlref__f64_to_f16(double v) {
    uint64_t bits = dmlref__bits_from_f64(v), magnitude = bits & UINT64_C(0x7FFFFFFFFFFFFFFF), significand, kept;
    uint16_t sign = (uint16_t)((bits >> 48) & 0x8000u);
    int exponent = (int)(magnitude >> 52) - 1023;
    if (magnitude > UINT64_C(0x7FF0000000000000)) return 0x7E00u;
    if (exponent >= 16) return (uint16_t)(sign | 0x7C00u); /* infinity, or at least 2^16 */
    if (exponent < -25) return sign;                       /* below half the smallest subnormal */
    significand = (magnitude & ((UINT64_C(1) << 52) - 1u)) | (UINT64_C(1) << 52);
    /* binary16 keeps 10 bits after the leading one, fewer when subnormal */
    kept = dmlref__shift_nearest_even(significand, (uint32_t)(42 + (exponent < -14 ? -14 - exponent : 0)));
    /* a normal result adds the exponent to the significand's leading one; a carry out reaches infinity */
    return (uint16_t)(sign | (exponent < -14 ? kept : ((uint64_t)(exponent + 14) << 10) + kept));
}

/* a (+) b in the accumulation type of elements of esize bytes (_as: the parts given, constants where the
   running tally below is inlined). */
DMLREF__INLINE double dmlref__combine_as(double a, double b, uint32_t esize, int accumulation, int product) {
    if (esize == 8 || accumulation == DMLREF_ACCUMULATION_WIDE) return product ? a * b : a + b;
    if (accumulation == DMLREF_ACCUMULATION_NATIVE) /* FLOAT16: float32 then binary16 rounds once */
        return (double)dmlref__round_f16(product ? (float)a * (float)b : (float)a + (float)b);
    return (double)(product ? (float)a * (float)b : (float)a + (float)b);
}
DMLREF__INLINE double dmlref__combine(const dmlref__scan_panel *p, double a, double b) {
    return dmlref__combine_as(a, b, p->esize, p->accumulation, p->product);
}

DMLREF__INLINE double dmlref__load_float_as(const void *line, int64_t step, uint64_t i, uint32_t esize) {
    const void *x = dmlref__cadvance(line, (int64_t)i * step, esize);
    if (esize == 2) return (double)dmlref__f16_to_f32_bits(*(const uint16_t *)x);
    if (esize == 4) return (double)*(const float *)x;
    return *(const double *)x;
}
static double dmlref__load_float(const dmlref__scan_panel *p, const void *line, uint64_t i) {
    return dmlref__load_float_as(line, p->src_step, i, p->esize);
}

/* An output: the value rounds once to the element type. */
DMLREF__INLINE void dmlref__store_float_as(void *line, int64_t step, uint64_t i, double v, uint32_t esize) {
    void *y = dmlref__advance(line, (int64_t)i * step, esize);
    if (esize == 2) *(uint16_t *)y = dmlref__f64_to_f16(v);
    else if (esize == 4) *(float *)y = dmlref__store_f32((float)v);
    else *(double *)y = dmlref__store_f64(v);
}
static void dmlref__store_float(const dmlref__scan_panel *p, void *line, uint64_t i, double v) {
    dmlref__store_float_as(line, p->dst_step, i, v, p->esize);
}

/* A value of the interpreter and, when it computes error bounds (p->bound), a
   bound on its distance from the exact result of its inputs (>>bound). */
typedef struct dmlref__val {
    double v, e;
} dmlref__val;
static double dmlref__combine_error(const dmlref__scan_panel *p, dmlref__val a, dmlref__val b, double v);
static double dmlref__infinity(void);
static double dmlref__sequence_at(dmlref__sequence *s, uint64_t i);

/* Input i of a line (of a reduction's sequence); its bound is 0, or +inf for an input that is not finite. */
static dmlref__val dmlref__load_val(const dmlref__scan_panel *p, const void *line, uint64_t i) {
    dmlref__val x;
    x.v = p->sequence ? dmlref__sequence_at(p->sequence, i) : dmlref__load_float(p, line, i);
    x.e = p->bound && x.v - x.v != 0 ? dmlref__infinity() : 0;
    return x;
}

/* a (+) b, and the bound of the result when the panel computes bounds. */
static dmlref__val dmlref__combine_val(const dmlref__scan_panel *p, dmlref__val a, dmlref__val b) {
    dmlref__val r;
    r.v = dmlref__combine(p, a.v, b.v);
    r.e = p->bound ? dmlref__combine_error(p, a, b, r.v) : 0;
    return r;
}

/* The tree over z[0..len) of a tile of `width` lanes (a power of two); steps
   whose destination is past len are skipped. */
static void dmlref__tree_block(const dmlref__scan_panel *p, dmlref__val *z, uint32_t len, uint32_t width) {
    uint32_t i, k, m, s;
    switch (p->schedule.tree) {
    case DMLREF_TREE_KOGGE_STONE:
        for (k = 1; k < width && k < len; k <<= 1) /* descending i reads the previous step's z[i-k] */
            for (i = len; i-- > k;) z[i] = dmlref__combine_val(p, z[i - k], z[i]);
        break;
    case DMLREF_TREE_SKLANSKY: /* the sources, ((i >> m) << m) - 1, have bit m clear: none changes in step m */
        for (m = 0; (1u << m) < width && (1u << m) < len; m++)
            for (i = 0; i < len; i++)
                if ((i >> m) & 1u) z[i] = dmlref__combine_val(p, z[((i >> m) << m) - 1u], z[i]);
        break;
    default: /* DMLREF_TREE_BRENT_KUNG */
        for (s = 1; s < width; s <<= 1)
            for (i = 2u * s - 1u; i < len; i += 2u * s) z[i] = dmlref__combine_val(p, z[i - s], z[i]);
        for (s = width / 4u; s >= 1u; s >>= 1)
            for (i = 3u * s - 1u; i < len; i += 2u * s) z[i] = dmlref__combine_val(p, z[i - s], z[i]);
        break;
    }
}

/* A block's own scan of z[0..len), len <= block, in place: tiles of serial x
   lanes elements; lane l of a tile holds its elements l serial .. (l + 1)
   serial - 1. Each lane adds its run in order, the tree combines the lanes'
   totals S, and with c the value before the tile (none in the first), an
   element of lane l is (c (+) S[l-1]) (+) its run's prefix, the lane's last
   c (+) S[l]. w: room for the lanes' totals (len values). */
static void dmlref__block_scan(const dmlref__scan_panel *p, dmlref__val *z, uint32_t len, dmlref__val *w) {
    const dmlref__schedule *sc = &p->schedule;
    const uint64_t tile = (uint64_t)sc->serial * sc->lanes;
    const dmlref__val identity = {p->product ? 1.0 : 0.0, 0};
    dmlref__val c = identity;
    uint64_t o;
    if (sc->serial == 1u && !sc->run_seed && tile >= len) { /* one tile of single-element runs: the tree alone */
        dmlref__tree_block(p, z, len, sc->lanes);
        return;
    }
    for (o = 0; o < len; o += tile) {
        const uint32_t here = (uint32_t)(len - o < tile ? len - o : tile), runs = (here - 1u) / sc->serial + 1u;
        uint32_t l, e;
        for (l = 0; l < runs; l++) {
            dmlref__val *r = z + o + (uint64_t)l * sc->serial;
            const uint32_t n = here - l * sc->serial < sc->serial ? here - l * sc->serial : sc->serial;
            if (sc->run_seed) r[0] = dmlref__combine_val(p, identity, r[0]);
            for (e = 1; e < n; e++) r[e] = dmlref__combine_val(p, r[e - 1], r[e]);
            w[l] = r[n - 1];
        }
        dmlref__tree_block(p, w, runs, sc->lanes);
        for (l = 0; l < runs; l++) {
            dmlref__val *r = z + o + (uint64_t)l * sc->serial, prefix = c;
            const uint32_t n = here - l * sc->serial < sc->serial ? here - l * sc->serial : sc->serial;
            int has_prefix = o > 0 || l > 0;
            if (l > 0) prefix = o > 0 ? dmlref__combine_val(p, c, w[l - 1]) : w[l - 1];
            for (e = 0; e < n; e++) {
                if (e == sc->serial - 1u) r[e] = o > 0 ? dmlref__combine_val(p, c, w[l]) : w[l];
                else if (has_prefix) r[e] = dmlref__combine_val(p, prefix, r[e]);
            }
        }
        c = o > 0 ? dmlref__combine_val(p, c, w[runs - 1u]) : w[runs - 1u];
    }
}

/* One level above the line of a recursive schedule: the inputs of its current
   block, room for their scan, and its carry. */
typedef struct dmlref__level {
    dmlref__val *raw, *work;
    uint32_t len;
    int has_carry;
    dmlref__val carry;
} dmlref__level;

/* Appends a total to level k's line; returns that line's scan value at it. */
static dmlref__val dmlref__level_push(const dmlref__scan_panel *p, dmlref__level *levels, uint32_t k, dmlref__val total,
                                      dmlref__val *w) {
    dmlref__level *lv = levels + k;
    dmlref__val local, out;
    uint32_t j;
    lv->raw[lv->len++] = total;
    for (j = 0; j < lv->len; j++) lv->work[j] = lv->raw[j];
    dmlref__block_scan(p, lv->work, lv->len, w); /* the value at its end depends on the block up to it only */
    local = lv->work[lv->len - 1u];
    out = lv->has_carry ? dmlref__combine_val(p, lv->carry, local) : local;
    if (lv->len == p->schedule.block) {
        dmlref__val up = dmlref__level_push(p, levels, k + 1u, local, w);
        if (p->schedule.chain == DMLREF_CARRY_RECURSIVE_LAST) out = up;
        lv->carry = up;
        lv->has_carry = 1;
        lv->len = 0;
    }
    return out;
}

/* An output: the value, or its error bound when the panel computes bounds. */
static void dmlref__schedule_emit(const dmlref__scan_panel *p, void *dst, uint64_t i, dmlref__val x);

/* The schedule interpreter: one line. Inclusive values v[0..count) with
   count = length (length - 1 when exclusive: output i + 1 is then v[i],
   output 0 the identity). x[i] is read before output i is written, so in
   place works. A piece of a split line (>>tasks) starts from its carry.
   z: dmlref__schedule_scratch(schedule, length) doubles. */
static void dmlref__schedule_line(const dmlref__scan_panel *p, const void *src, void *dst, double *scratch) {
    const dmlref__schedule *sc = &p->schedule;
    const dmlref__val identity = {p->product ? 1.0 : 0.0, 0};
    const uint64_t count = p->exclusive ? p->length - 1u : p->length;
    const uint32_t size = (uint32_t)(count < sc->block ? (count ? count : 1u) : sc->block);
    const uint32_t nlevels = dmlref__schedule_levels(sc, count);
    const int recursive = sc->chain == DMLREF_CARRY_RECURSIVE || sc->chain == DMLREF_CARRY_RECURSIVE_LAST;
    dmlref__val *z = (dmlref__val *)(void *)scratch, *w = z + size, carry = identity, before = identity;
    dmlref__level levels[65];
    uint64_t start;
    uint32_t k;
    if (p->has_carry) carry.v = before.v = p->carry;
    for (k = 1; k <= nlevels; k++) { /* level 0 is the line itself */
        levels[k].raw = z + 2u * size * k;
        levels[k].work = levels[k].raw + size;
        levels[k].len = 0;
        levels[k].has_carry = sc->seed;
        levels[k].carry = identity;
    }
    for (start = 0; start < count; start += sc->block) {
        const uint32_t len = (uint32_t)(count - start < sc->block ? count - start : sc->block);
        const int carried = start > 0 || sc->seed || p->has_carry, full = len == sc->block;
        dmlref__val total, up = identity;
        uint32_t j;
        for (j = 0; j < len; j++) z[j] = dmlref__load_val(p, src, start + j);
        if (carried && sc->chain == DMLREF_CARRY_INTO_FIRST) z[0] = dmlref__combine_val(p, carry, z[0]);
        dmlref__block_scan(p, z, len, w);
        total = z[len - 1u];
        if (recursive && full && (start + len < count || sc->chain == DMLREF_CARRY_RECURSIVE_LAST))
            up = dmlref__level_push(p, levels, 1u, total, w);
        if (carried && sc->chain != DMLREF_CARRY_INTO_FIRST)
            for (j = 0; j < len; j++) z[j] = dmlref__combine_val(p, carry, z[j]);
        if (full && sc->chain == DMLREF_CARRY_RECURSIVE_LAST) z[len - 1u] = up;
        if (p->exclusive) {
            dmlref__schedule_emit(p, dst, start, before); /* the value before the block: the identity at 0 */
            for (j = 1; j < len; j++) dmlref__schedule_emit(p, dst, start + j, z[j - 1]);
        } else {
            for (j = 0; j < len; j++) dmlref__schedule_emit(p, dst, start + j, z[j]);
        }
        before = z[len - 1u];
        carry = recursive ? up : before;
    }
    if (p->exclusive) dmlref__schedule_emit(p, dst, count, before);
}

/* The running tally of an execute call (no bounds) with the element size, accumulation and operation
   given as constants, so that each combination is its own loop without a branch per element: 6-9x
   faster than the loop below (FLOAT32 WIDE products with the identity seed, PyTorch's CPU order). */
DMLREF__INLINE void dmlref__tally_values(const dmlref__scan_panel *p, const void *src, void *dst, uint32_t esize,
                                         int accumulation, int product) {
    const uint64_t count = p->exclusive ? p->length - 1u : p->length;
    const int64_t src_step = p->src_step, dst_step = p->dst_step;
    const int carried = p->schedule.seed || p->has_carry, exclusive = p->exclusive;
    double carry = p->has_carry ? p->carry : product ? 1.0 : 0.0, before;
    uint64_t i;
    for (i = 0; i < count; i++) {
        const double x = dmlref__load_float_as(src, src_step, i, esize);
        before = carry;
        carry = i == 0 && !carried ? x : dmlref__combine_as(carry, x, esize, accumulation, product);
        dmlref__store_float_as(dst, dst_step, i, exclusive ? before : carry, esize);
    }
    if (exclusive) dmlref__store_float_as(dst, dst_step, count, carry, esize);
}
#define DMLREF__TALLY_VALUES(esize, accumulation)                           \
    (p->product ? dmlref__tally_values(p, src, dst, esize, accumulation, 1) \
                : dmlref__tally_values(p, src, dst, esize, accumulation, 0))

/* Block 1 (SEQUENTIAL) as the running tally: the interpreter's operations in
   its order, one element at a time. */
static void dmlref__tally_line(const dmlref__scan_panel *p, const void *src, void *dst) {
    dmlref__val carry = {p->product ? 1.0 : 0.0, 0}, x, before;
    uint64_t count = p->exclusive ? p->length - 1u : p->length, i;
    int carried = p->schedule.seed || p->has_carry;
    if (!p->bound) {
        if (p->esize == 8) DMLREF__TALLY_VALUES(8, DMLREF_ACCUMULATION_DEFAULT);
        else if (p->accumulation == DMLREF_ACCUMULATION_WIDE && p->esize == 4)
            DMLREF__TALLY_VALUES(4, DMLREF_ACCUMULATION_WIDE);
        else if (p->accumulation == DMLREF_ACCUMULATION_WIDE) DMLREF__TALLY_VALUES(2, DMLREF_ACCUMULATION_WIDE);
        else if (p->esize == 4) DMLREF__TALLY_VALUES(4, DMLREF_ACCUMULATION_DEFAULT);
        else if (p->accumulation == DMLREF_ACCUMULATION_NATIVE) DMLREF__TALLY_VALUES(2, DMLREF_ACCUMULATION_NATIVE);
        else DMLREF__TALLY_VALUES(2, DMLREF_ACCUMULATION_DEFAULT);
        return;
    }
    if (p->has_carry) carry.v = p->carry;
    for (i = 0; i < count; i++) {
        x = dmlref__load_val(p, src, i);
        before = carry;
        carry = i == 0 && !carried ? x : dmlref__combine_val(p, carry, x);
        dmlref__schedule_emit(p, dst, i, p->exclusive ? before : carry);
    }
    if (p->exclusive) dmlref__schedule_emit(p, dst, count, carry);
}

#undef DMLREF__TALLY_VALUES

/* DMLREF_ISA_REFERENCE's float scan kernel: the interpreter, line by line. */
DMLREF__KERNEL_ALIGN static void dmlref__scan_schedule(const dmlref__scan_panel *p) {
    double stack[DMLREF__TREE_STACK];
    double *z = p->scratch ? p->scratch : stack;
    uint64_t j;
    for (j = 0; j < p->lines; j++)
        dmlref__schedule_line(p, dmlref__cadvance(p->src, (int64_t)j * p->src_line, p->esize),
                              dmlref__advance(p->dst, (int64_t)j * p->dst_line, p->esize), z);
}

/* The general float kernel of every other path: the tally for block 1, else the interpreter. */
DMLREF__KERNEL_ALIGN static void dmlref__scan_float_general(const dmlref__scan_panel *p) {
    uint64_t j;
    if (p->schedule.block != 1) {
        dmlref__scan_schedule(p);
        return;
    }
    for (j = 0; j < p->lines; j++)
        dmlref__tally_line(p, dmlref__cadvance(p->src, (int64_t)j * p->src_line, p->esize),
                           dmlref__advance(p->dst, (int64_t)j * p->dst_line, p->esize));
}

static uint32_t dmlref__index_size(DML_TENSOR_DATA_TYPE type) {
    return type == DML_TENSOR_DATA_TYPE_INT32 || type == DML_TENSOR_DATA_TYPE_UINT32 ? 4u : 8u;
}

/* Write the index of output o of a panel (validated: it fits the type). */
static void dmlref__put_index(const dmlref__arg_panel *p, uint64_t o, uint64_t index) {
    void *dst = dmlref__advance(p->dst, (int64_t)o * p->dst_output_step, dmlref__index_size(p->index_type));
    if (dmlref__index_size(p->index_type) == 4) *(uint32_t *)dst = (uint32_t)index;
    else *(uint64_t *)dst = index;
}

#if defined(DMLREF__ANY_SIMD)
/* Outputs [first, first + count) of a panel, as a panel of their own. */
static dmlref__arg_panel dmlref__arg_subpanel(const dmlref__arg_panel *p, uint64_t first, uint64_t count) {
    dmlref__arg_panel sub = *p;
    sub.src = (const unsigned char *)p->src +
              (ptrdiff_t)first * (ptrdiff_t)p->src_output_step * (ptrdiff_t)dmlref__types[p->src_type].size;
    sub.dst = dmlref__advance(p->dst, (int64_t)first * p->dst_output_step, dmlref__index_size(p->index_type));
    sub.outputs = count;
    return sub;
}
#endif

/* The tie rule of every arg kernel: a new best is strictly better, or equal
   when the last extreme is wanted (DECREASING). NaN is handled before it. */
#define DMLREF__ARG_BEATS(v, best, want_max, last) \
    ((want_max) ? ((last) ? (v) >= (best) : (v) > (best)) : ((last) ? (v) <= (best) : (v) < (best)))

/* Arg-reductions over the flattened reduced sub-tensor, in row-major order.
   A candidate replaces the best when strictly better, or when equal and the
   direction is DECREASING (the last extreme wins). NaN: PROPAGATE makes the
   first NaN (last, DECREASING) the answer; IGNORE skips NaNs, and an all-NaN
   slice answers the first (last, DECREASING) position. Outputs adjacent in
   the input (src_output_step == 1: a reduction along an outer axis) walk
   their slices together in groups, as scan lines do (4096x4096 float32
   along axis 0: 118 ms one output at a time); output j of a group reads
   base[j] on. */

#define DMLREF__ISNAN(x) ((x) != (x))

/* DMLREF_NAN_COMPARE is the plain loop in traversal order: the first element
   is the best, and x replaces it only when x < best (x > best) holds. A NaN
   first in traversal order never gives way; any other NaN never compares
   true, so it never wins nor blocks: the answer is IGNORE's (whose all-NaN
   answer is the first position too), unless the first element is a NaN.
   This runs after the IGNORE kernel of any path. */
static void dmlref__arg_compare_first(const dmlref__arg_panel *p) {
    uint64_t o, first = p->last ? p->rcount - 1u : 0;
    int64_t offset = 0;
    uint32_t d, esize = dmlref__types[p->src_type].size;
    if (dmlref__types[p->src_type].kind != DMLREF__KIND_FLOAT) return;
    if (p->last)
        for (d = 0; d < p->rdims; d++) offset += (int64_t)(p->rsize[d] - 1u) * p->rstride[d];
    for (o = 0; o < p->outputs; o++) {
        const void *x = dmlref__cadvance(p->src, (int64_t)o * p->src_output_step + offset, esize);
        uint64_t bits = dmlref__load_bits(x, esize);
        int nan = esize == 2   ? (bits & 0x7FFFu) > 0x7C00u
                  : esize == 4 ? (bits & 0x7FFFFFFFu) > 0x7F800000u
                               : (bits & UINT64_C(0x7FFFFFFFFFFFFFFF)) > UINT64_C(0x7FF0000000000000);
        if (nan) dmlref__put_index(p, o, first);
    }
}
#define DMLREF__NEVER_NAN(x) 0
static DMLREF__KERNEL_ALIGN void dmlref__arg_f16_scalar(const dmlref__arg_panel *p) {
#define DMLREF__K_T uint16_t
#define DMLREF__K_W float
#define DMLREF__K_LOAD dmlref__load_f16
#define DMLREF__K_ISNAN DMLREF__ISNAN
#define DMLREF__KERNEL DMLREF__KERNEL_ARG
#include DMLREF_HEADER_FILENAME
}

#undef DMLREF__K_T
#undef DMLREF__K_W
#undef DMLREF__K_LOAD
#undef DMLREF__K_ISNAN
static DMLREF__KERNEL_ALIGN void dmlref__arg_f32_scalar(const dmlref__arg_panel *p) {
#define DMLREF__K_T float
#define DMLREF__K_W float
#define DMLREF__K_LOAD DMLREF__SAME
#define DMLREF__K_ISNAN DMLREF__ISNAN
#define DMLREF__KERNEL DMLREF__KERNEL_ARG
#include DMLREF_HEADER_FILENAME
}

#undef DMLREF__K_T
#undef DMLREF__K_W
#undef DMLREF__K_LOAD
#undef DMLREF__K_ISNAN
static DMLREF__KERNEL_ALIGN void dmlref__arg_f64_scalar(const dmlref__arg_panel *p) {
#define DMLREF__K_T double
#define DMLREF__K_W double
#define DMLREF__K_LOAD DMLREF__SAME
#define DMLREF__K_ISNAN DMLREF__ISNAN
#define DMLREF__KERNEL DMLREF__KERNEL_ARG
#include DMLREF_HEADER_FILENAME
}

#undef DMLREF__K_T
#undef DMLREF__K_W
#undef DMLREF__K_LOAD
#undef DMLREF__K_ISNAN
static DMLREF__KERNEL_ALIGN void dmlref__arg_i8_scalar(const dmlref__arg_panel *p) {
#define DMLREF__K_T int8_t
#define DMLREF__K_W int64_t
#define DMLREF__K_LOAD DMLREF__SAME
#define DMLREF__K_ISNAN DMLREF__NEVER_NAN
#define DMLREF__KERNEL DMLREF__KERNEL_ARG
#include DMLREF_HEADER_FILENAME
}

#undef DMLREF__K_T
#undef DMLREF__K_W
#undef DMLREF__K_LOAD
#undef DMLREF__K_ISNAN
static DMLREF__KERNEL_ALIGN void dmlref__arg_i16_scalar(const dmlref__arg_panel *p) {
#define DMLREF__K_T int16_t
#define DMLREF__K_W int64_t
#define DMLREF__K_LOAD DMLREF__SAME
#define DMLREF__K_ISNAN DMLREF__NEVER_NAN
#define DMLREF__KERNEL DMLREF__KERNEL_ARG
#include DMLREF_HEADER_FILENAME
}

#undef DMLREF__K_T
#undef DMLREF__K_W
#undef DMLREF__K_LOAD
#undef DMLREF__K_ISNAN
static DMLREF__KERNEL_ALIGN void dmlref__arg_i32_scalar(const dmlref__arg_panel *p) {
#define DMLREF__K_T int32_t
#define DMLREF__K_W int64_t
#define DMLREF__K_LOAD DMLREF__SAME
#define DMLREF__K_ISNAN DMLREF__NEVER_NAN
#define DMLREF__KERNEL DMLREF__KERNEL_ARG
#include DMLREF_HEADER_FILENAME
}

#undef DMLREF__K_T
#undef DMLREF__K_W
#undef DMLREF__K_LOAD
#undef DMLREF__K_ISNAN
static DMLREF__KERNEL_ALIGN void dmlref__arg_i64_scalar(const dmlref__arg_panel *p) {
#define DMLREF__K_T int64_t
#define DMLREF__K_W int64_t
#define DMLREF__K_LOAD DMLREF__SAME
#define DMLREF__K_ISNAN DMLREF__NEVER_NAN
#define DMLREF__KERNEL DMLREF__KERNEL_ARG
#include DMLREF_HEADER_FILENAME
}

#undef DMLREF__K_T
#undef DMLREF__K_W
#undef DMLREF__K_LOAD
#undef DMLREF__K_ISNAN
static DMLREF__KERNEL_ALIGN void dmlref__arg_u8_scalar(const dmlref__arg_panel *p) {
#define DMLREF__K_T uint8_t
#define DMLREF__K_W uint64_t
#define DMLREF__K_LOAD DMLREF__SAME
#define DMLREF__K_ISNAN DMLREF__NEVER_NAN
#define DMLREF__KERNEL DMLREF__KERNEL_ARG
#include DMLREF_HEADER_FILENAME
}

#undef DMLREF__K_T
#undef DMLREF__K_W
#undef DMLREF__K_LOAD
#undef DMLREF__K_ISNAN
static DMLREF__KERNEL_ALIGN void dmlref__arg_u16_scalar(const dmlref__arg_panel *p) {
#define DMLREF__K_T uint16_t
#define DMLREF__K_W uint64_t
#define DMLREF__K_LOAD DMLREF__SAME
#define DMLREF__K_ISNAN DMLREF__NEVER_NAN
#define DMLREF__KERNEL DMLREF__KERNEL_ARG
#include DMLREF_HEADER_FILENAME
}

#undef DMLREF__K_T
#undef DMLREF__K_W
#undef DMLREF__K_LOAD
#undef DMLREF__K_ISNAN
static DMLREF__KERNEL_ALIGN void dmlref__arg_u32_scalar(const dmlref__arg_panel *p) {
#define DMLREF__K_T uint32_t
#define DMLREF__K_W uint64_t
#define DMLREF__K_LOAD DMLREF__SAME
#define DMLREF__K_ISNAN DMLREF__NEVER_NAN
#define DMLREF__KERNEL DMLREF__KERNEL_ARG
#include DMLREF_HEADER_FILENAME
}

#undef DMLREF__K_T
#undef DMLREF__K_W
#undef DMLREF__K_LOAD
#undef DMLREF__K_ISNAN
static DMLREF__KERNEL_ALIGN void dmlref__arg_u64_scalar(const dmlref__arg_panel *p) {
#define DMLREF__K_T uint64_t
#define DMLREF__K_W uint64_t
#define DMLREF__K_LOAD DMLREF__SAME
#define DMLREF__K_ISNAN DMLREF__NEVER_NAN
#define DMLREF__KERNEL DMLREF__KERNEL_ARG
#include DMLREF_HEADER_FILENAME
}

#undef DMLREF__K_T
#undef DMLREF__K_W
#undef DMLREF__K_LOAD
#undef DMLREF__K_ISNAN

/* >>exact ----------------------------------------------------------------------
   DMLREF_FLOAT_ORDER_EXACT (docs/semantics.md: "Exact sums"): each output is the exact
   prefix sum, rounded once to nearest even. The sum is a two's-complement
   fixed-point integer whose bit 0 weighs the type's smallest subnormal (a
   superaccumulator): every finite input adds exactly, and there is room for
   2^64 inputs of the largest magnitude. Scalar on every path. */

/* A binary interchange format: FLOAT16, FLOAT32 or FLOAT64. */
typedef struct dmlref__float_format {
    uint32_t bits;      /* 16, 32, 64 */
    uint32_t precision; /* significand bits, the implicit one included: 11, 24, 53 */
    int32_t emin, emax; /* exponents of the smallest normal and the largest finite value */
} dmlref__float_format;

static const dmlref__float_format dmlref__format_f16 = {16, 11, -14, 15};
static const dmlref__float_format dmlref__format_f32 = {32, 24, -126, 127};
static const dmlref__float_format dmlref__format_f64 = {64, 53, -1022, 1023};

/* Float formats by element size (the float types have distinct sizes). */
static const dmlref__float_format *dmlref__format_of_size(uint32_t esize) {
    return esize == 2 ? &dmlref__format_f16 : esize == 4 ? &dmlref__format_f32 : &dmlref__format_f64;
}

/* FLOAT64 needs bits 0 (2^-1074) to 2097 (the top of the largest finite
   value), 64 more for the count of inputs and a sign: 2163 bits. */
#define DMLREF__EXACT_LIMBS 34u
/* The window sits this many bits below the first input's leading bit. */
#define DMLREF__WINDOW_BELOW 80u

/* The superaccumulator proper. */
typedef struct dmlref__exact_limbs {
    uint64_t limb[DMLREF__EXACT_LIMBS]; /* little-endian; bit 0 weighs the smallest subnormal */
    uint32_t limbs;                     /* limbs this format needs */
    uint32_t low, high;                 /* limbs below low are 0; limbs above high repeat the sign */
} dmlref__exact_limbs;

/* The sum is held in one of two forms. While every input fits, a 128-bit
   two's-complement window counting units of 2^base (bits of the limb
   array): adding and rounding are straight-line code on registers. An input
   below the window, or a sum that would leave it, moves the window into the
   limbs, which then hold the sum for the rest of the line. */
typedef struct dmlref__exact_sum {
    int windowed;      /* the window holds the sum (else the limbs do) */
    int window_placed; /* base is chosen (at the first nonzero input) */
    uint32_t base;
    uint64_t window_lo, window_hi;
    int nan, plus_infinity, minus_infinity;
    int inputs, all_negative_zero; /* an exact zero is -0.0 only when every input was -0.0 */
    dmlref__exact_limbs *limbs;
} dmlref__exact_sum;

static void dmlref__exact_reset(dmlref__exact_sum *a, dmlref__exact_limbs *limbs, const dmlref__float_format *f) {
    uint32_t top_bit = (uint32_t)(2 * f->emax) - 1u + (f->precision - 1u); /* of the largest finite input */
    limbs->limbs = (top_bit + 1u + 64u + 1u + 63u) / 64u;
    memset(limbs->limb, 0, sizeof limbs->limb);
    limbs->low = limbs->limbs; /* low > high: nothing added yet */
    limbs->high = 0;
    a->limbs = limbs;
    a->windowed = 1;
    a->window_placed = 0;
    a->base = 0;
    a->window_lo = a->window_hi = 0;
    a->nan = a->plus_infinity = a->minus_infinity = 0;
    a->inputs = 0;
    a->all_negative_zero = 1;
}

/* Bits needed to write x (0 for 0). */
static uint32_t dmlref__bit_length(uint64_t x) {
#if defined(__GNUC__) || defined(__clang__)
    return x ? 64u - (uint32_t)__builtin_clzll(x) : 0u;
#else
    uint32_t n = 0;
    while (x) {
        x >>= 1;
        n++;
    }
    return n;
#endif
}

/* hi:lo negated (two's complement) when mask is all ones, unchanged when 0. */
#define DMLREF__NEGATE_128(hi, lo, mask)                           \
    do {                                                           \
        (hi) = ((hi) ^ (mask)) + ((mask) & (uint64_t)((lo) == 0)); \
        (lo) = ((lo) ^ (mask)) - (mask);                           \
    } while (0)

/* limbs += (-1)^negative m 2^p, any 64-bit m, with a carry or borrow that
   ripples up only as far as it must. */
static void dmlref__exact_add_limbs(dmlref__exact_limbs *a, int negative, uint64_t m, uint32_t p) {
    uint32_t k = p >> 6, shift = p & 63u;
    uint64_t lo = m << shift, hi = shift ? m >> (64u - shift) : 0u, carry; /* hi < 2^63 */
    if (m == 0) return;
    if (k < a->low) a->low = k;
    if (!negative) {
        a->limb[k] += lo;
        carry = a->limb[k] < lo;
        for (k++; k < a->limbs && (hi | carry); k++) {
            uint64_t add = hi + carry;
            hi = 0;
            a->limb[k] += add;
            carry = a->limb[k] < add;
        }
    } else {
        carry = a->limb[k] < lo; /* a borrow */
        a->limb[k] -= lo;
        for (k++; k < a->limbs && (hi | carry); k++) {
            uint64_t sub = hi + carry;
            hi = 0;
            carry = a->limb[k] < sub;
            a->limb[k] -= sub;
        }
    }
    if (k - 1u > a->high) a->high = k - 1u;
}

/* Adds m 2^p to the window if the result stays within it (|sum| < 2^126
   units); returns 0, changing nothing, if it would not. */
DMLREF__INLINE int dmlref__window_add(dmlref__exact_sum *a, int negative, uint64_t m, uint32_t p) {
    uint32_t top = p + dmlref__bit_length(m), shift; /* top: one above m's leading bit */
    uint64_t lo, hi, sum_lo, sum_hi, mask = 0u - (uint64_t)negative;
    if (!a->window_placed) {
        a->base = top > DMLREF__WINDOW_BELOW ? top - DMLREF__WINDOW_BELOW : 0u;
        a->window_placed = 1;
    }
    if (p < a->base || top - a->base > 125u) return 0;
    shift = p - a->base;
    lo = shift < 64u ? m << shift : 0u;
    hi = shift >= 64u ? m << (shift - 64u) : shift ? m >> (64u - shift) : 0u;
    DMLREF__NEGATE_128(hi, lo, mask);
    sum_lo = a->window_lo + lo;
    sum_hi = a->window_hi + hi + (sum_lo < lo);
    if ((sum_hi >> 62) != 0u && (sum_hi >> 62) != 3u) return 0; /* bits 127 and 126 differ: left the window */
    a->window_lo = sum_lo;
    a->window_hi = sum_hi;
    return 1;
}

/* Moves a window's sum into the limbs. */
static void dmlref__window_spill(dmlref__exact_limbs *limbs, uint64_t lo, uint64_t hi, uint32_t base) {
    int negative = (int)(hi >> 63);
    uint64_t mask = 0u - (uint64_t)negative;
    DMLREF__NEGATE_128(hi, lo, mask);
    dmlref__exact_add_limbs(limbs, negative, lo, base);
    dmlref__exact_add_limbs(limbs, negative, hi, base + 64u);
}

/* sum += (-1)^negative m 2^p in whichever form holds it: the window while
   the result fits, else (the window moved there first) the limbs. */
DMLREF__INLINE void dmlref__exact_add_integer(dmlref__exact_sum *a, int negative, uint64_t m, uint32_t p) {
    if (a->windowed) {
        if (dmlref__window_add(a, negative, m, p)) return;
        dmlref__window_spill(a->limbs, a->window_lo, a->window_hi, a->base);
        a->windowed = 0;
    }
    dmlref__exact_add_limbs(a->limbs, negative, m, p);
}

/* Add one input given by its bits: significand m at bit position p (the
   biased exponent minus one; 0 for subnormals). */
DMLREF__INLINE void dmlref__exact_add(dmlref__exact_sum *a, const dmlref__float_format *f, uint64_t bits) {
    uint32_t fraction_bits = f->precision - 1u, p;
    uint64_t exponent_ones = (UINT64_C(1) << (f->bits - f->precision)) - 1u;
    uint64_t sign = UINT64_C(1) << (f->bits - 1u);
    uint64_t biased = (bits >> fraction_bits) & exponent_ones;
    uint64_t m = bits & ((UINT64_C(1) << fraction_bits) - 1u);
    int negative = (bits & sign) != 0;
    a->inputs = 1;
    a->all_negative_zero &= bits == sign;
    if (biased == exponent_ones) {
        if (m) a->nan = 1;
        else if (negative) a->minus_infinity = 1;
        else a->plus_infinity = 1;
        return;
    }
    if (biased) m |= UINT64_C(1) << fraction_bits;
    if (m == 0) return;
    p = biased ? (uint32_t)biased - 1u : 0u;
    dmlref__exact_add_integer(a, negative, m, p);
}

/* Round a magnitude to format f: window holds its 64 leading bits (bit 63
   set), sticky whether any bit below them is set, exponent that of the
   leading bit (at least emin). Returns the bits, sign_bit included. */
DMLREF__INLINE uint64_t dmlref__exact_pack(uint64_t window, int sticky, int64_t exponent, uint64_t sign_bit,
                                           const dmlref__float_format *f) {
    uint32_t fraction_bits = f->precision - 1u;
    uint64_t kept = window >> (64u - f->precision), half = (window >> (63u - f->precision)) & 1u;
    sticky |= (window & ((UINT64_C(1) << (63u - f->precision)) - 1u)) != 0;
    kept += half & ((uint64_t)(sticky != 0) | kept); /* to nearest, ties to even */
    if (kept >> f->precision) {
        kept >>= 1;
        exponent++;
    }
    if (exponent > f->emax) return sign_bit | (((UINT64_C(1) << (f->bits - f->precision)) - 1u) << fraction_bits);
    return sign_bit | ((uint64_t)(exponent - f->emin + 1) << fraction_bits) |
           (kept & ((UINT64_C(1) << fraction_bits) - 1u));
}

/* The window's sum rounded to format f (an exact zero gives +0.0). */
DMLREF__INLINE uint64_t dmlref__window_round(const dmlref__exact_sum *a, const dmlref__float_format *f) {
    uint64_t lo = a->window_lo, hi = a->window_hi, mask = 0u - (hi >> 63), top, below, sign_bit;
    uint32_t lead, shift; /* lead: the leading bit's index in the window */
    int64_t exponent;
    DMLREF__NEGATE_128(hi, lo, mask);
    if ((hi | lo) == 0) return 0;
    lead = hi ? 63u + dmlref__bit_length(hi) : dmlref__bit_length(lo) - 1u;
    exponent = (int64_t)(lead + a->base) + (f->emin - (int32_t)(f->precision - 1u));
    sign_bit = mask & (UINT64_C(1) << (f->bits - 1u));
    if (exponent < f->emin) return sign_bit | (lo << a->base); /* subnormal: exact, and below 2^52 */
    shift = 127u - lead; /* bring the leading bit to bit 127, then take the top 64 bits */
    if (shift == 0) {
        top = hi;
        below = lo;
    } else if (shift < 64u) {
        top = hi << shift | lo >> (64u - shift);
        below = lo << shift;
    } else {
        top = lo << (shift - 64u);
        below = 0;
    }
    return dmlref__exact_pack(top, below != 0, exponent, sign_bit, f);
}

/* Limb i of |sum|, where z is the lowest nonzero limb: -x is ~x + 1, and
   the + 1 carries through the zero limbs below z. */
static uint64_t dmlref__exact_magnitude(const dmlref__exact_limbs *a, int negative, uint32_t z, uint32_t i) {
    if (!negative) return a->limb[i];
    return i < z ? 0 : i == z ? 0u - a->limb[i] : ~a->limb[i];
}

/* The limbs' sum rounded to nearest even in format f, as bits; an exact zero
   gives +0.0. Sums below the smallest normal are exact (bit 0 is the smallest
   subnormal); others keep `precision` bits and round on the rest, whose
   sticky part is nonzero exactly when a limb below the top two is. */
static uint64_t dmlref__exact_round(dmlref__exact_limbs *a, const dmlref__float_format *f) {
    uint64_t extension, top_limb, next_limb, window, sign_bit;
    uint32_t h, z, t, b;
    int negative = (int)(a->limb[a->limbs - 1u] >> 63), sticky;
    int64_t exponent;
    if (a->low > a->high) return 0;
    extension = negative ? ~UINT64_C(0) : 0;
    for (h = a->high; h > a->low && a->limb[h] == extension; h--) continue;
    for (z = a->low; z < h && a->limb[z] == 0; z++) continue;
    if (a->limb[z] == 0 && negative) z = ++h; /* z == h and the limbs above it all ones: -2^(64 (h + 1)) */
    a->high = h;                              /* both only narrow the range the next call scans */
    a->low = z;
    if (a->limb[z] == 0) return 0; /* z == h: every limb is 0 (-1 would be all ones) */
    t = h + 1u < a->limbs ? h + 1u : h;
    while (dmlref__exact_magnitude(a, negative, z, t) == 0) t--;
    top_limb = dmlref__exact_magnitude(a, negative, z, t);
    next_limb = t > z ? dmlref__exact_magnitude(a, negative, z, t - 1u) : 0;
    b = dmlref__bit_length(top_limb) - 1u;
    exponent = (int64_t)t * 64 + b + (f->emin - (int32_t)(f->precision - 1u));
    sign_bit = negative ? UINT64_C(1) << (f->bits - 1u) : 0;
    if (exponent < f->emin) return sign_bit | top_limb; /* subnormal: t is 0 */
    /* window: the 64 bits of the magnitude from its leading one down */
    window = b < 63u ? top_limb << (63u - b) | next_limb >> (b + 1u) : top_limb;
    sticky = (b < 63u && (next_limb << (63u - b)) != 0) || (b == 63u && next_limb != 0) || (t >= z + 2u);
    return dmlref__exact_pack(window, sticky, exponent, sign_bit, f);
}

/* The output of the inputs added so far: NaN if one was NaN or both
   infinities came, else an infinity that came, else the rounded sum (an exact
   zero is -0.0 only when every input was -0.0). */
DMLREF__INLINE uint64_t dmlref__exact_result(dmlref__exact_sum *a, const dmlref__float_format *f) {
    uint32_t fraction_bits = f->precision - 1u;
    uint64_t sign = UINT64_C(1) << (f->bits - 1u);
    uint64_t infinity = ((UINT64_C(1) << (f->bits - f->precision)) - 1u) << fraction_bits;
    uint64_t r;
    if (a->nan || (a->plus_infinity && a->minus_infinity)) return infinity | (UINT64_C(1) << (fraction_bits - 1u));
    if (a->plus_infinity) return infinity;
    if (a->minus_infinity) return sign | infinity;
    r = a->windowed ? dmlref__window_round(a, f) : dmlref__exact_round(a->limbs, f);
    return r == 0 && a->inputs && a->all_negative_zero ? sign : r;
}

/* 2^e as a double, e from -1074 to 1023. */
static double dmlref__pow2(int e) {
    if (e < -1022) return dmlref__f64_from_bits(UINT64_C(1) << (e + 1074));
    return dmlref__f64_from_bits((uint64_t)(e + 1023) << 52);
}

/* Half the spacing of format f at |y| (given by its bits): the error bound of
   an EXACT output. +inf for infinities and NaN; 2^-1074 where half of
   FLOAT64's subnormal spacing is not a double. */
static double dmlref__half_ulp(uint64_t y, const dmlref__float_format *f) {
    uint32_t fraction_bits = f->precision - 1u;
    uint64_t exponent_ones = (UINT64_C(1) << (f->bits - f->precision)) - 1u;
    uint64_t biased = (y >> fraction_bits) & exponent_ones;
    int e;
    if (biased == exponent_ones) return dmlref__f64_from_bits(UINT64_C(0x7FF0000000000000));
    e = (int)(biased ? biased : 1u) - f->emax - (int)f->precision; /* the spacing is 2^(e + 1) */
    return dmlref__pow2(e < -1074 ? -1074 : e);
}

/* Outputs i0 onward of one line of EXACT sums in format f, the inputs before
   i0 already in sum. dst receives each output's bits, or with half_ulp its
   error bound (a double). x[i] is read before y[i] is written. */
DMLREF__INLINE void dmlref__exact_line_from(const dmlref__scan_panel *p, const void *src, void *dst, int half_ulp,
                                            const dmlref__float_format *f, dmlref__exact_sum *sum, uint64_t i0) {
    uint64_t i;
    for (i = i0; i < p->length; i++) {
        uint64_t x = dmlref__load_bits(dmlref__cadvance(src, (int64_t)i * p->src_step, p->esize), f->bits / 8u), y = 0;
        if (p->exclusive) y = dmlref__exact_result(sum, f);
        dmlref__exact_add(sum, f, x);
        if (!p->exclusive) y = dmlref__exact_result(sum, f);
        if (half_ulp) ((double *)dst)[(ptrdiff_t)i * p->dst_step] = dmlref__half_ulp(y, f);
        else dmlref__store_bits(dmlref__advance(dst, (int64_t)i * p->dst_step, p->esize), f->bits / 8u, y);
    }
}

/* sum += v, a finite double that is a multiple of f's smallest subnormal. */
static void dmlref__exact_add_double(dmlref__exact_sum *sum, const dmlref__float_format *f, double v) {
    uint64_t bits = dmlref__bits_from_f64(v), m = bits & ((UINT64_C(1) << 52) - 1u);
    int exponent = (int)((bits >> 52) & 0x7FFu), negative = (int)(bits >> 63);
    if (exponent) m |= UINT64_C(1) << 52;
    if (m == 0) return;
    exponent = (exponent ? exponent - 1075 : -1074) - (f->emin - (int)f->precision + 1); /* in units of f's eta */
    while (exponent < 0) { /* the low bits are zero: v is a multiple of eta */
        m >>= 1;
        exponent++;
    }
    dmlref__exact_add_integer(sum, negative, m, (uint32_t)exponent);
}

/* The sum hi + lo (exactly; hi = RN(hi + lo)) rounded to FLOAT32 or FLOAT16,
   or 0 when it is not a normal value of the format clear of overflow (the
   caller rounds it the long way). The format's midpoints are doubles, so
   RN_f(hi + lo) = RN_f(hi) unless hi is a midpoint itself: lo then decides,
   by moving hi one double toward it. */
DMLREF__INLINE uint64_t dmlref__exact_round_pair(double hi, double lo, const dmlref__float_format *f) {
    uint64_t bits = dmlref__bits_from_f64(hi), magnitude = bits & ~(UINT64_C(1) << 63), below, half;
    uint32_t dropped = 53u - f->precision; /* double significand bits below the format's */
    int exponent = (int)(magnitude >> 52) - 1023;
    const uint64_t fraction = (UINT64_C(1) << 52) - 1u;
    if (exponent < f->emin || exponent > f->emax ||
        (exponent == f->emax && (magnitude & fraction) > (fraction ^ ((UINT64_C(1) << dropped) - 1u))))
        return 0;
    half = UINT64_C(1) << (dropped - 1u);
    below = magnitude & ((UINT64_C(1) << dropped) - 1u);
    if (below == half && lo != 0) magnitude += (lo > 0) == (hi > 0) ? 1 : (uint64_t)-1; /* toward lo */
    below = magnitude & ((UINT64_C(1) << dropped) - 1u);
    magnitude >>= dropped;
    magnitude += (below > half) | ((below == half) & magnitude); /* to nearest, ties to even */
    /* rebias: magnitude is now (biased double exponent, kept fraction); a carry rounds up the exponent */
    magnitude -= (uint64_t)(1023 - f->emax) << (f->precision - 1u);
    return (bits >> 63 ? UINT64_C(1) << (f->bits - 1u) : 0) | magnitude;
}

/* TwoSum: s + error == a + b exactly (round to nearest, no overflow). */
#define DMLREF__TWO_SUM(a, b, s, error)                    \
    do {                                                   \
        double virtual_ = ((s) = (a) + (b)) - (b);         \
        (error) = ((a)-virtual_) + ((b) - ((s)-virtual_)); \
    } while (0)

/* A fresh sum holding hi + lo. */
static void dmlref__exact_from_pair(dmlref__exact_sum *sum, dmlref__exact_limbs *limbs, const dmlref__float_format *f,
                                    double hi, double lo) {
    dmlref__exact_reset(sum, limbs, f);
    dmlref__exact_add_double(sum, f, hi);
    dmlref__exact_add_double(sum, f, lo);
}

/* The sum h + l rounded the long way (a subnormal or overflowing output). */
static uint64_t dmlref__exact_pair_slow(double h, double l, const dmlref__float_format *f) {
    dmlref__exact_sum sum;
    dmlref__exact_limbs limbs;
    dmlref__exact_from_pair(&sum, &limbs, f, h, l);
    return dmlref__exact_result(&sum, f);
}

/* The FLOAT16 or FLOAT32 output of the sum hi + lo (exactly). With lo == 0
   a FLOAT32 output is the hardware's conversion, one correct rounding of the
   exact sum (subnormal and overflowing results included). A zero is -0.0
   only when every input was -0.0. */
DMLREF__INLINE uint64_t dmlref__exact_pair_result(double hi, double lo, int inputs, int all_negative_zero,
                                                  const dmlref__float_format *f) {
    double h, l;
    uint64_t y;
    if (lo == 0 && f->bits == 32) {
        y = dmlref__bits_from_f32((float)hi);
        return y == 0 && inputs && all_negative_zero ? UINT64_C(1) << 31 : y;
    }
    if (hi == 0 && lo == 0) return inputs && all_negative_zero ? UINT64_C(1) << (f->bits - 1u) : 0;
    if (f->bits == 32) { /* hi + lo rounds as hi when no FLOAT32 rounding boundary lies between them */
        const uint64_t hb = dmlref__bits_from_f64(hi), below = hb & ((UINT64_C(1) << 29) - 1u);
        const uint64_t half = UINT64_C(1) << 28, distance = below > half ? below - half : half - below;
        /* |hi| >= 2^-126, 2^20 double spacings from the midpoint of its FLOAT32 interval (the others are
           2^27 away at least); |lo| <= 2^-34 |hi| is less than that distance */
        if (((hb >> 52) & 0x7FFu) >= 1023u - 126u && distance >= (UINT64_C(1) << 20) &&
            (lo < 0 ? -lo : lo) * 17179869184.0 <= (hi < 0 ? -hi : hi))
            return dmlref__bits_from_f32((float)hi);
    }
    DMLREF__TWO_SUM(hi, lo, h, l);
    y = dmlref__exact_round_pair(h, l, f);
    return y ? y : dmlref__exact_pair_slow(h, l, f);
}

/* Stores an EXACT output; a FLOAT32 one past the cache when the panel
   streams (a large separate output, on x86-64 builds with SIMD paths). */
#if defined(DMLREF__BUILD_SSE2) || defined(DMLREF__BUILD_AVX2) || defined(DMLREF__BUILD_AVX512)
#define DMLREF__EXACT_STREAMS 1
#endif
DMLREF__INLINE void dmlref__exact_store(void *p, uint32_t esize, uint64_t bits, int stream) {
#if defined(DMLREF__EXACT_STREAMS)
    if (stream && esize == 4) {
        _mm_stream_si32((int *)p, (int)(uint32_t)bits);
        return;
    }
#else
    (void)stream;
#endif
    dmlref__store_bits(p, esize, bits);
}

/* The sum of a FLOAT16 or FLOAT32 EXACT line while it needs no
   superaccumulator: FLOAT16 as units of 2^-24 (dmlref__exact_line_f16),
   FLOAT32 as the pair hi + lo (dmlref__exact_line_narrow). A line starts
   from a zero one; a piece of a split line (>>tasks) from its carry. */
typedef struct dmlref__exact_fast {
    int64_t units;
    double hi, lo;
    int inputs, all_negative_zero; /* as in dmlref__exact_sum */
} dmlref__exact_fast;

static void dmlref__exact_fast_reset(dmlref__exact_fast *s, int all_negative_zero) {
    s->units = 0;
    s->hi = s->lo = 0;
    s->inputs = 0;
    s->all_negative_zero = all_negative_zero;
}

/* A superaccumulator holding s's sum. */
static void dmlref__exact_from_fast(dmlref__exact_sum *sum, dmlref__exact_limbs *limbs, const dmlref__float_format *f,
                                    const dmlref__exact_fast *s) {
    if (f->bits == 16u) { /* units as a double pair, scaled exactly by 2^-24 */
        double hi = (double)s->units, lo = (double)(s->units - (int64_t)hi);
        const double unit = 5.9604644775390625e-08; /* 2^-24 */
        dmlref__exact_from_pair(sum, limbs, f, hi * unit, lo * unit);
    } else {
        dmlref__exact_from_pair(sum, limbs, f, s->hi, s->lo);
    }
    sum->inputs = s->inputs;
    sum->all_negative_zero = s->all_negative_zero;
}

/* hi + lo += v exactly; 0, changing nothing, when the pair cannot hold the
   sum. The sum is exact when both differences give back the other operand
   (the larger operand's difference is exact: Fast2Sum); else TwoSum finds
   the error, which must add to lo exactly (a second TwoSum). */
DMLREF__INLINE int dmlref__pair_add(double *hi, double *lo, double v) {
    double s = *hi + v, error, t, e;
    if (s - *hi != v || s - v != *hi) {
        DMLREF__TWO_SUM(*hi, v, s, error);
        DMLREF__TWO_SUM(*lo, error, t, e);
        if (e != 0) return 0;
        *lo = t;
    }
    *hi = s;
    return 1;
}

/* hi becomes the double nearest hi + lo, so lo's bits keep fitting one double. */
DMLREF__INLINE void dmlref__pair_normalize(double *hi, double *lo) {
    double h, l;
    DMLREF__TWO_SUM(*hi, *lo, h, l);
    *hi = h;
    *lo = l;
}

/* One line of EXACT sums of FLOAT16 or FLOAT32 inputs, from the sum in
   *start. Their significands have at most 24 bits, so the sum is usually
   hi + lo exactly: hi the running double sum (one addition per input on the
   critical path), lo the sum of its rounding errors (dmlref__pair_add); in
   most lines the errors are 0. The output rounds hi + lo once. At the first
   input the pair cannot hold exactly, or a non-finite input, the sum moves
   to the superaccumulator for the rest of the line. */
DMLREF__INLINE void dmlref__exact_line_narrow(const dmlref__scan_panel *p, const void *src, void *dst,
                                              const dmlref__float_format *f, const dmlref__exact_fast *start) {
    dmlref__exact_sum sum;
    dmlref__exact_limbs limbs;
    dmlref__exact_fast now;
    double hi = start->hi, lo = start->lo;
    int inputs = start->inputs, all_negative_zero = start->all_negative_zero;
    uint64_t i = 0, sign = UINT64_C(1) << (f->bits - 1u);
    uint64_t before = dmlref__exact_pair_result(hi, lo, inputs, all_negative_zero, f); /* the output before input i */
    uint64_t exponent_ones = (UINT64_C(1) << (f->bits - f->precision)) - 1u;
    /* locals: the outputs may alias *p, which the compiler would otherwise reload after every store */
    const uint64_t length = p->length;
    const ptrdiff_t src_step = (ptrdiff_t)p->src_step * (ptrdiff_t)p->esize,
                    dst_step = (ptrdiff_t)p->dst_step * (ptrdiff_t)p->esize;
    const int exclusive = p->exclusive, stream = p->stream;
    /* each input is read before the output ahead of it is stored: an output 4 bytes past its input's
       address modulo 4096 made every read wait for that store (4K aliasing, 4-6%) */
    uint64_t next = length > 0 ? dmlref__load_bits(src, f->bits / 8u) : 0;
    while (i < length) {
        uint64_t end = length - i < 64u ? length : i + 64u;
        for (; i < end; i++) {
            uint64_t x = next, y;
            if (i + 1u < length)
                next = dmlref__load_bits((const unsigned char *)src + (ptrdiff_t)(i + 1u) * src_step, f->bits / 8u);
            if (((x >> (f->precision - 1u)) & exponent_ones) == exponent_ones) goto superaccumulator; /* inf, NaN */
            if (!dmlref__pair_add(&hi, &lo,
                                  f->bits == 16 ? (double)dmlref__f16_to_f32_bits((uint16_t)x)
                                                : (double)dmlref__f32_from_bits((uint32_t)x)))
                goto superaccumulator;
            inputs = 1;
            all_negative_zero &= x == sign;
            y = dmlref__exact_pair_result(hi, lo, inputs, all_negative_zero, f);
            dmlref__exact_store((unsigned char *)dst + (ptrdiff_t)i * dst_step, f->bits / 8u, exclusive ? before : y,
                                stream);
            before = y;
        }
        if (lo != 0) dmlref__pair_normalize(&hi, &lo);
    }
    return;
superaccumulator:
    now = *start;
    now.hi = hi;
    now.lo = lo;
    now.inputs = inputs;
    now.all_negative_zero = all_negative_zero;
    dmlref__exact_from_fast(&sum, &limbs, f, &now);
    dmlref__exact_line_from(p, src, dst, 0, f, &sum, i);
}

/* A path's SIMD form of DMLREF__PAIRWISE16(float) (below): the totals of the first blocks of `count`
   16-element blocks at x (FLOAT32, or FLOAT16 widened to float32: DEFAULT accumulation adds in float32),
   each the balanced pairwise tree with its lower operand first, as doubles; returns how many it did
   (whole groups of its width; the rest run the scalar loop). */
typedef uint64_t (*dmlref__totals16_kernel)(const void *x, uint64_t count, double *out);
/* A path's SIMD run of EXACT FLOAT16 sums (dmlref__exact_line_f16): `count` elements of a line whose steps
   are both `step` (1 or -1), from the sum *sum (a double, exact: its zero is -0.0 exactly when every input
   so far was -0.0), which it advances; it stops before a group that holds an infinity or a NaN, or when
   |*sum| reaches DMLREF__EXACT16_LIMIT, and returns how many elements it did (whole groups). */
typedef uint64_t (*dmlref__exact16_kernel)(const uint16_t *x, uint16_t *y, int64_t step, uint64_t count, double *sum,
                                           int exclusive);
struct dmlref__helpers {
    dmlref__totals16_kernel totals_f16, totals_f32;
    dmlref__exact16_kernel exact_f16;
};
/* Binary16 values are multiples of 2^-24 below 2^16: while |sum| < 2^28, the sums of up to
   DMLREF__EXACT16_RUN further inputs (below 2^28 themselves) stay below 2^29 = 2^53 units, exact in
   double whatever the order. */
#define DMLREF__EXACT16_LIMIT 268435456.0 /* 2^28 */
#define DMLREF__EXACT16_RUN 4096u

/* A finite binary16 value (given by its bits) in units of 2^-24. */
DMLREF__INLINE int64_t dmlref__f16_units(uint16_t x) {
    uint32_t exponent = (x >> 10) & 31u, mantissa = x & 1023u;
    int64_t value = exponent ? (int64_t)(mantissa | 1024u) << (exponent - 1u) : (int64_t)mantissa;
    return (value ^ -(int64_t)(x >> 15)) + (int64_t)(x >> 15); /* minus when the sign bit is set */
}

/* One line of EXACT FLOAT16 sums, from the sum in *start. A finite binary16
   value is an integer number of units of 2^-24 below 2^40 in magnitude, so
   the sum is a plain int64 for 2^21 inputs at a time; it moves to the
   superaccumulator at a non-finite input, or when the sum reaches 2^61
   units. */
#define DMLREF__F16_CHUNK (1u << 21)
#define DMLREF__F16_UNITS_LIMIT (INT64_C(1) << 61)
static uint16_t dmlref__f16_from_units(int64_t units, int all_negative_zero) {
    uint64_t negative = (uint64_t)units >> 63, magnitude = ((uint64_t)units ^ (0u - negative)) + negative;
    uint64_t bits;
    uint32_t shift;
    if (magnitude < 2048u) /* zero, subnormal, or the first binade: exact */
        return (uint16_t)((negative | (uint64_t)(units == 0 && all_negative_zero)) << 15 | magnitude);
    shift = dmlref__bit_length(magnitude) - 11u;
    /* the kept significand's leading one adds 1 to the exponent field shift; a carry out reaches infinity */
    bits = ((uint64_t)shift << 10) + dmlref__shift_nearest_even(magnitude, shift);
    bits = bits < 0x7C00u ? bits : 0x7C00u;
    return (uint16_t)(negative << 15 | bits);
}
static void dmlref__exact_line_f16(const dmlref__scan_panel *p, const void *src, void *dst,
                                   const dmlref__exact_fast *start) {
    dmlref__exact_sum sum;
    dmlref__exact_limbs limbs;
    dmlref__exact_fast now;
    const dmlref__exact16_kernel simd =
        p->helpers && (p->src_step == 1 || p->src_step == -1) && p->dst_step == p->src_step ? p->helpers->exact_f16
                                                                                            : NULL;
    int64_t units = start->units;
    int inputs = start->inputs, all_negative_zero = start->all_negative_zero;
    uint64_t i = 0;
    uint16_t before = dmlref__f16_from_units(units, inputs && all_negative_zero);
    while (i < p->length) {
        uint64_t end;
        if (simd && inputs && units < ((int64_t)1 << 52) && units > -((int64_t)1 << 52)) {
            /* the path's run, from the sum as a double (exact: below 2^28 in magnitude) */
            double d = units ? (double)units * (1.0 / 16777216.0) : all_negative_zero ? -0.0 : 0.0;
            const uint64_t done = simd((const uint16_t *)dmlref__cadvance(src, (int64_t)i * p->src_step, 2),
                                       (uint16_t *)dmlref__advance(dst, (int64_t)i * p->dst_step, 2), p->src_step,
                                       p->length - i, &d, p->exclusive);
            if (done) {
                i += done;
                units = (int64_t)(d * 16777216.0);
                all_negative_zero = units == 0 && dmlref__bits_from_f64(d) >> 63;
                before = dmlref__f16_from_units(units, all_negative_zero);
            }
        }
        /* one element at a time: the line's first, a group the run left (an infinity or a NaN, the
           last elements), or a sum too large for it */
        end = !simd ? DMLREF__F16_CHUNK : inputs ? DMLREF__EXACT16_RUN : 1u;
        end = p->length - i < end ? p->length : i + end;
        if (units >= DMLREF__F16_UNITS_LIMIT || units <= -DMLREF__F16_UNITS_LIMIT) goto superaccumulator;
        for (; i < end; i++) {
            uint16_t x = *(const uint16_t *)dmlref__cadvance(src, (int64_t)i * p->src_step, 2), y;
            if (((x >> 10) & 31u) == 31u) goto superaccumulator; /* inf, NaN */
            units += dmlref__f16_units(x);
            inputs = 1;
            all_negative_zero &= x == 0x8000u;
            y = dmlref__f16_from_units(units, inputs && all_negative_zero);
            *(uint16_t *)dmlref__advance(dst, (int64_t)i * p->dst_step, 2) = p->exclusive ? before : y;
            before = y;
        }
    }
    return;
superaccumulator:
    now = *start;
    now.units = units;
    now.inputs = inputs;
    now.all_negative_zero = all_negative_zero;
    dmlref__exact_from_fast(&sum, &limbs, &dmlref__format_f16, &now);
    dmlref__exact_line_from(p, src, dst, 0, &dmlref__format_f16, &sum, i);
}

/* One line of EXACT sums in format f (the general form). */
static void dmlref__exact_line(const dmlref__scan_panel *p, const void *src, void *dst, int half_ulp,
                               const dmlref__float_format *f) {
    dmlref__exact_sum sum;
    dmlref__exact_limbs limbs;
    dmlref__exact_reset(&sum, &limbs, f);
    sum.all_negative_zero = !p->identity_seed; /* a seed is +0.0 */
    dmlref__exact_line_from(p, src, dst, half_ulp, f, &sum, 0);
}

DMLREF__INLINE void dmlref__exact_panel(const dmlref__scan_panel *p, const dmlref__float_format *f) {
    uint64_t j;
    for (j = 0; j < p->lines; j++) {
        const void *src = dmlref__cadvance(p->src, (int64_t)j * p->src_line, p->esize);
        void *dst = dmlref__advance(p->dst, (int64_t)j * p->dst_line, p->esize);
        dmlref__exact_fast start;
        dmlref__exact_fast_reset(&start, !p->identity_seed); /* a seed is +0.0 */
        if (f->bits == 16u) dmlref__exact_line_f16(p, src, dst, &start);
        else if (f->precision <= 24u) dmlref__exact_line_narrow(p, src, dst, f, &start);
        else dmlref__exact_line(p, src, dst, 0, f);
    }
#if defined(DMLREF__EXACT_STREAMS)
    if (p->stream) _mm_sfence();
#endif
}

/* The EXACT kernels, one per float type, on every path. */
DMLREF__KERNEL_ALIGN static void dmlref__cumsum_exact_f16(const dmlref__scan_panel *p) {
    dmlref__exact_panel(p, &dmlref__format_f16);
}
DMLREF__KERNEL_ALIGN static void dmlref__cumsum_exact_f32(const dmlref__scan_panel *p) {
    dmlref__exact_panel(p, &dmlref__format_f32);
}
DMLREF__KERNEL_ALIGN static void dmlref__cumsum_exact_f64(const dmlref__scan_panel *p) {
    dmlref__exact_panel(p, &dmlref__format_f64);
}

/* --- one EXACT line in pieces (>>tasks) ---------------------------------------
   Exact sums associate, so a piece's outputs are those of the line when it
   starts from the exact sum of the inputs before it: pass 1 sums parts of
   the pieces (dmlref__exact_run_total), the calling thread adds them in
   line order into each piece's carry (dmlref__exact_carry_add), pass 2
   scans each piece from its carry (dmlref__exact_piece). */

/* An exact sum: the fast form while it holds, else the superaccumulator. */
typedef struct dmlref__exact_carry {
    int fast; /* state holds the sum (FLOAT16 and FLOAT32 only) */
    dmlref__exact_fast state;
    dmlref__exact_sum sum; /* when !fast; sum.limbs points at limbs */
    dmlref__exact_limbs limbs;
} dmlref__exact_carry;

static void dmlref__exact_carry_reset(dmlref__exact_carry *c, const dmlref__float_format *f, int all_negative_zero) {
    c->fast = f->precision <= 24u;
    dmlref__exact_fast_reset(&c->state, all_negative_zero);
    dmlref__exact_reset(&c->sum, &c->limbs, f);
    c->sum.all_negative_zero = all_negative_zero;
}

static void dmlref__exact_carry_copy(dmlref__exact_carry *to, const dmlref__exact_carry *from) {
    *to = *from;
    to->sum.limbs = &to->limbs;
}

/* The carry moves to the superaccumulator. */
static void dmlref__exact_carry_spill(dmlref__exact_carry *c, const dmlref__float_format *f) {
    if (!c->fast) return;
    dmlref__exact_from_fast(&c->sum, &c->limbs, f, &c->state);
    c->fast = 0;
}

/* a += b, two superaccumulators of one format: a moves to its limbs, then
   b's window or limbs add (two's complement, up to the sign limbs). */
static void dmlref__exact_merge(dmlref__exact_sum *a, const dmlref__exact_sum *b) {
    dmlref__exact_limbs *to = a->limbs;
    const dmlref__exact_limbs *from = b->limbs;
    uint64_t carry = 0;
    uint32_t k;
    a->nan |= b->nan;
    a->plus_infinity |= b->plus_infinity;
    a->minus_infinity |= b->minus_infinity;
    if (b->inputs) {
        a->inputs = 1;
        a->all_negative_zero &= b->all_negative_zero;
    }
    if (a->windowed) {
        dmlref__window_spill(to, a->window_lo, a->window_hi, a->base);
        a->windowed = 0;
    }
    if (b->windowed) {
        dmlref__window_spill(to, b->window_lo, b->window_hi, b->base);
        return;
    }
    if (from->low > from->high) return; /* b's limbs are all 0 */
    for (k = from->low; k < to->limbs; k++) {
        uint64_t sum = to->limb[k] + from->limb[k], carry_out = sum < from->limb[k];
        to->limb[k] = sum + carry;
        carry = carry_out | (to->limb[k] < carry);
    }
    if (from->low < to->low) to->low = from->low;
    to->high = to->limbs - 1u;
}

/* c += t (t a run's total, or a carry). */
static void dmlref__exact_carry_add(dmlref__exact_carry *c, const dmlref__exact_carry *t,
                                    const dmlref__float_format *f) {
    if (c->fast && t->fast) {
        dmlref__exact_fast s = c->state;
        int held;
        if (f->bits == 16u) {
            s.units += t->state.units; /* each below 2^61 + 2^40 in magnitude: no overflow */
            held = s.units < DMLREF__F16_UNITS_LIMIT && s.units > -DMLREF__F16_UNITS_LIMIT;
        } else {
            held = dmlref__pair_add(&s.hi, &s.lo, t->state.hi) && dmlref__pair_add(&s.hi, &s.lo, t->state.lo);
            if (held) dmlref__pair_normalize(&s.hi, &s.lo);
        }
        if (held) {
            s.inputs |= t->state.inputs;
            s.all_negative_zero &= t->state.all_negative_zero;
            c->state = s;
            return;
        }
    }
    dmlref__exact_carry_spill(c, f);
    if (t->fast) {
        dmlref__exact_sum tsum;
        dmlref__exact_limbs tlimbs;
        dmlref__exact_from_fast(&tsum, &tlimbs, f, &t->state);
        dmlref__exact_merge(&c->sum, &tsum);
    } else {
        dmlref__exact_merge(&c->sum, &t->sum);
    }
}

/* The exact total of one run of a panel's line (p->length inputs at src). */
DMLREF__INLINE void dmlref__exact_run_total(const dmlref__scan_panel *p, const void *src, const dmlref__float_format *f,
                                            dmlref__exact_carry *c) {
    const uint64_t sign = UINT64_C(1) << (f->bits - 1u), exponent_ones = (UINT64_C(1) << (f->bits - f->precision)) - 1u;
    const ptrdiff_t step = (ptrdiff_t)p->src_step * (ptrdiff_t)p->esize;
    const uint64_t length = p->length;
    dmlref__exact_fast s;
    uint64_t i = 0;
    dmlref__exact_carry_reset(c, f, 1);
    s = c->state;
    if (c->fast) {
        for (; i < length; i++) {
            uint64_t x = dmlref__load_bits((const unsigned char *)src + (ptrdiff_t)i * step, f->bits / 8u);
            if (((x >> (f->precision - 1u)) & exponent_ones) == exponent_ones) break; /* inf, NaN */
            if (f->bits == 16u) {
                if (s.units >= DMLREF__F16_UNITS_LIMIT || s.units <= -DMLREF__F16_UNITS_LIMIT) break;
                s.units += dmlref__f16_units((uint16_t)x);
            } else {
                if (!dmlref__pair_add(&s.hi, &s.lo, (double)dmlref__f32_from_bits((uint32_t)x))) break;
                if ((i & 63u) == 63u && s.lo != 0) dmlref__pair_normalize(&s.hi, &s.lo);
            }
            s.inputs = 1;
            s.all_negative_zero &= x == sign;
        }
        c->state = s;
        if (i == length) return;
        dmlref__exact_carry_spill(c, f);
    }
    for (; i < length; i++)
        dmlref__exact_add(&c->sum, f,
                          dmlref__load_bits((const unsigned char *)src + (ptrdiff_t)i * step, f->bits / 8u));
}

/* The exact total of a run, in each format's own code. */
static void dmlref__exact_total(const dmlref__scan_panel *p, const void *src, dmlref__exact_carry *c) {
    if (p->esize == 2) dmlref__exact_run_total(p, src, &dmlref__format_f16, c);
    else if (p->esize == 4) dmlref__exact_run_total(p, src, &dmlref__format_f32, c);
    else dmlref__exact_run_total(p, src, &dmlref__format_f64, c);
}

/* Limb bits [pos, pos + 64) of a superaccumulator, the sign repeated above its limbs. */
static uint64_t dmlref__exact_limb_bits(const dmlref__exact_limbs *a, uint32_t pos) {
    const uint64_t extension = 0u - (a->limb[a->limbs - 1u] >> 63);
    const uint32_t k = pos >> 6, shift = pos & 63u;
    uint64_t low = k < a->limbs ? a->limb[k] : extension, high = k + 1u < a->limbs ? a->limb[k + 1u] : extension;
    return shift ? low >> shift | high << (64u - shift) : low;
}

/* A sum in the limbs moves back to a window when its bits span at most 120
   (a merged carry: the inputs after it then add at the window's speed). The
   window reaches 104 bits below the sum's top (24 more than a line's first
   window below its first input: a carry's low bits come from many inputs),
   or to its lowest set bit if that is lower; window_add checks every input
   against it, so the choice changes speed only. */
#define DMLREF__REWINDOW_BELOW 104u
static void dmlref__exact_rewindow(dmlref__exact_sum *a) {
    dmlref__exact_limbs *l = a->limbs;
    uint64_t extension;
    uint32_t h, z, lowest, top, base;
    if (a->windowed) return;
    extension = 0u - (l->limb[l->limbs - 1u] >> 63);
    for (z = l->low; z < l->limbs && l->limb[z] == 0; z++) continue; /* limbs below low are 0 */
    if (z == l->limbs) { /* zero: an empty window, placed at the next input */
        a->window_lo = a->window_hi = 0;
        a->windowed = 1;
        a->window_placed = 0;
        l->low = l->limbs;
        l->high = 0;
        return;
    }
    for (h = l->limbs - 1u; h > z && l->limb[h] == extension; h--) continue;
    lowest = 64u * z + dmlref__bit_length(l->limb[z] & (0u - l->limb[z])) - 1u;
    top = 64u * h + dmlref__bit_length(l->limb[h] ^ extension); /* one above the highest bit unlike the sign */
    base = top > DMLREF__REWINDOW_BELOW ? top - DMLREF__REWINDOW_BELOW : 0u;
    if (lowest < base) base = lowest;
    if (top - base > 120u) return;
    a->window_lo = dmlref__exact_limb_bits(l, base);
    a->window_hi = dmlref__exact_limb_bits(l, base + 64u);
    a->base = base;
    a->windowed = a->window_placed = 1;
    memset(l->limb, 0, sizeof l->limb);
    l->low = l->limbs;
    l->high = 0;
}

/* A one-line panel of EXACT sums (a piece of a split line) scanned from carry. */
static void dmlref__exact_piece(const dmlref__scan_panel *p, const dmlref__exact_carry *carry) {
    const dmlref__float_format *f = dmlref__format_of_size(p->esize);
    if (carry->fast && f->bits == 16u) {
        dmlref__exact_line_f16(p, p->src, p->dst, &carry->state);
    } else if (carry->fast) {
        dmlref__exact_line_narrow(p, p->src, p->dst, f, &carry->state);
    } else {
        dmlref__exact_carry from;
        dmlref__exact_carry_copy(&from, carry);
        dmlref__exact_rewindow(&from.sum);
        dmlref__exact_line_from(p, p->src, p->dst, 0, f, &from.sum, 0);
    }
#if defined(DMLREF__EXACT_STREAMS)
    if (p->stream) _mm_sfence();
#endif
}

/* >>bound ----------------------------------------------------------------------
   dmlref_error_bound: for every output of a float scan, an upper bound on
   |computed - exact|. docs/error-bounds.md derives each formula; the kernels
   follow it term by term, with its names. Everything here runs rounding
   toward +infinity, so each computed term is at least its real value. */

struct dmlref__bound_setup {
    int order;       /* dmlref_float_order: SEQUENTIAL, BLOCKED, EXACT or ANY */
    int product;     /* CUMULATIVE_PRODUCT */
    double u;        /* unit roundoff of the accumulation type, 2^-precision */
    double half_eta; /* half its smallest subnormal (2^-1074 for float64: 2^-1075 is no double) */
    double overflow; /* sums of this magnitude or more may round to infinity in it */
    int emin;        /* exponent of its smallest normal */
    int precision;   /* its significand bits: half an ulp of x in [2^e, 2^(e+1)) is 2^(e - precision) */
    int precision_out, emin_out;
    double largest, normal_min, eta, h_max; /* its largest finite value, 2^emin, smallest subnormal, h at the largest */
    double largest_out;
    int final_rounding; /* the output type is narrower than the accumulation type */
    double u_out, half_eta_out, overflow_out;
    double u_eta; /* products, ANY: (1 + u)(1 + half_eta) - 1 */
};

static double dmlref__infinity(void) { return dmlref__f64_from_bits(UINT64_C(0x7FF0000000000000)); }

/* Constants of a format (docs/error-bounds.md, section 1). Called after the
   switch to rounding upward. */
static void dmlref__format_constants(const dmlref__float_format *f, double *u, double *half_eta, double *overflow) {
    int e = f->emin - (int)f->precision; /* half the smallest subnormal is 2^e */
    *u = dmlref__pow2(-(int)f->precision);
    *half_eta = dmlref__pow2(e < -1074 ? -1074 : e);
    /* MAX + half an ulp of MAX = 2^(emax+1) - 2^(emax-precision); no double above DBL_MAX */
    *overflow = f->emax == 1023 ? DBL_MAX : dmlref__pow2(f->emax + 1) - dmlref__pow2(f->emax - (int)f->precision);
}

/* The largest finite value of a format, 2^(emax+1) - 2^(emax+1-precision), exact in a double. */
static double dmlref__largest(const dmlref__float_format *f) {
    return f->emax == 1023 ? DBL_MAX : dmlref__pow2(f->emax + 1) - dmlref__pow2(f->emax + 1 - (int)f->precision);
}

static void dmlref__bound_prepare(dmlref__bound_setup *b, const dmlref__plan *plan) {
    const dmlref__float_format *out = dmlref__format_of_size(plan->in.esize);
    const dmlref__float_format *acc = plan->in.esize == 2 ? &dmlref__format_f32 : out; /* DEFAULT */
    if (plan->accumulation == DMLREF_ACCUMULATION_NATIVE) acc = out;
    if (plan->accumulation == DMLREF_ACCUMULATION_WIDE) acc = &dmlref__format_f64;
    b->order = plan->float_order; /* settled: products are never BLOCKED */
    b->product = plan->row->combine == DMLREF_COMBINE_MULTIPLY;
    dmlref__format_constants(acc, &b->u, &b->half_eta, &b->overflow);
    dmlref__format_constants(out, &b->u_out, &b->half_eta_out, &b->overflow_out);
    b->emin = acc->emin;
    b->precision = (int)acc->precision;
    b->precision_out = (int)out->precision;
    b->emin_out = out->emin;
    b->largest = dmlref__largest(acc);
    b->largest_out = dmlref__largest(out);
    b->normal_min = dmlref__pow2(acc->emin);
    b->eta = dmlref__pow2(acc->emin - (int)acc->precision + 1);
    b->h_max = dmlref__pow2(acc->emax - (int)acc->precision);
    b->final_rounding = acc != out;
    b->u_eta = b->u + b->half_eta + b->u * b->half_eta;
}

/* An input as a double (exact), and whether it is finite. */
DMLREF__INLINE double dmlref__bound_load(const void *src, int64_t index, uint32_t esize) {
    const void *p = dmlref__cadvance(src, index, esize);
    float f;
    double d;
    if (esize == 2) return (double)dmlref__f16_to_f32_bits((uint16_t)dmlref__load_bits(p, 2));
    if (esize == 4) {
        memcpy(&f, p, 4);
        return (double)f;
    }
    memcpy(&d, p, 8);
    return d;
}
static int dmlref__finite(double x) { return x - x == 0; }
static double dmlref__abs(double x) { /* no branch on the data */
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_fabs(x);
#else
    return dmlref__f64_from_bits(dmlref__bits_from_f64(x) & ~(UINT64_C(1) << 63));
#endif
}

/* Section 2: the accumulation bound e, then (output narrower than the tally)
   the final rounding of a tally of magnitude at most s_abs + e, which is at
   most max(u_out |t|, half_eta_out) unless it overflows. */
static double dmlref__bound_finish(const dmlref__bound_setup *b, double e, double s_abs, int infinite) {
    double t, r;
    if (infinite) return dmlref__infinity();
    if (!b->final_rounding) return e;
    t = s_abs + e;
    if (t >= b->overflow_out) return dmlref__infinity();
    r = b->u_out * t;
    return e + (r > b->half_eta_out ? r : b->half_eta_out);
}

/* An upper bound on (1 + u)^n - 1, by squaring. The bounds that grow with
   the output's position take it once per DMLREF__GROWTH_CHUNK outputs, at
   the chunk's end (it only grows): no chain of dependent operations per
   element. */
#define DMLREF__GROWTH_CHUNK 1024u
static double dmlref__growth(double u, uint64_t n) {
    double result = 0, power = u; /* power = (1 + u)^(2^i) - 1 */
    while (n) {
        if (n & 1u) result = result + power + result * power;
        power = power + power + power * power;
        n >>= 1;
    }
    return result;
}

/* Writes bound[k] for a line: exclusive outputs are the inclusive bounds
   shifted by one after a 0 (the identity is exact). */
#define DMLREF__BOUND_EMIT(k, value)                                                       \
    do {                                                                                   \
        double emitted_ = (value);                                                         \
        if (p->exclusive) {                                                                \
            if ((k) + 1u < p->length) dst[(ptrdiff_t)((k) + 1u) * p->dst_step] = emitted_; \
        } else {                                                                           \
            dst[(ptrdiff_t)(k)*p->dst_step] = emitted_;                                    \
        }                                                                                  \
    } while (0)

/* |S| <= max(s_up, s_down) where s_up >= S and s_down >= -S: running sums
   rounded upward (section 2). */
typedef struct dmlref__sum_enclosure {
    double up, down;
} dmlref__sum_enclosure;
static double dmlref__enclose(dmlref__sum_enclosure *s, double x) {
    s->up = s->up + x;
    s->down = s->down - x;
    return s->up > s->down ? s->up : s->down;
}

/* Section 5, sums in ANY order. Every node of any tree over a prefix sums a
   contiguous range of it, so its exact value is at most M, the largest |range
   sum|, which is at most the largest prefix plus the largest negated prefix (the
   empty prefix 0 included). If every computed node is at most W, each rounding is
   at most h = half an ulp of W in the accumulation type (0 below its smallest
   normal, where sums are exact); a node of L leaves then adds at most L - 2
   earlier errors, so |node| <= RU(M + (k - 1) h) for a prefix of k additions:
   the least h with h(RU(M + (k - 1) h)) <= h closes the induction, found by
   raising h from the line's last one (it only grows). Where none exists below
   the largest finite value, an output that is finite had every node finite, and
   h at the largest value serves: the bound is then finite for every finite
   input, and at least the overflow threshold, so that |exact| + bound reaches
   it wherever an order may overflow (an infinite output is then consistent).
   e_k = k h; the depth bound k u (1 + u)^(k-1) A_k, where finite, when smaller.
   The seed's operation is exact (0 + s is s). */
static double dmlref__half_ulp_up(const dmlref__bound_setup *b, double y) { /* h(y rounded up to the type) */
    uint64_t mask, bits;
    double h;
    int e;
    if (!(y <= b->largest)) return b->h_max; /* also infinity or NaN */
    if (y <= b->normal_min - b->eta) return 0;
    if (y < b->normal_min) y = b->normal_min;
    mask = (UINT64_C(1) << (53 - b->precision)) - 1u;
    bits = (dmlref__bits_from_f64(y) + mask) & ~mask; /* y rounded up to the type's precision */
    e = (int)(bits >> 52) - 1023 - b->precision;
    h = dmlref__pow2(e < -1074 ? -1074 : e); /* float64's half ulp at its smallest normal is no double */
    return h > b->h_max ? b->h_max : h;
}

/* The final rounding for ANY: a finite output is at most the output type's largest value. */
static double dmlref__bound_finish_any(const dmlref__bound_setup *b, double e, double s_abs, int infinite) {
    double t, r;
    if (infinite) return dmlref__infinity();
    if (!b->final_rounding) return e;
    t = s_abs + e;
    if (!(t <= b->largest_out)) t = b->largest_out;
    r = b->u_out * t;
    return e + (r > b->half_eta_out ? r : b->half_eta_out);
}

static void dmlref__bound_sum_any(const dmlref__scan_panel *p, const void *src, double *dst) {
    const dmlref__bound_setup *b = p->bound;
    dmlref__sum_enclosure s = {0, 0};
    double a = 0, c = 0, s_abs = 0, top = 0, bottom = 0, h = 0; /* c >= (1 + u)^k - 1 */
    int infinite = 0;
    uint64_t k;
    for (k = 0; k < p->length; k++) {
        double x = dmlref__bound_load(src, (int64_t)k * p->src_step, p->esize), m, e, depth;
        if (k % DMLREF__GROWTH_CHUNK == 0) c = dmlref__growth(b->u, k + DMLREF__GROWTH_CHUNK);
        if (!dmlref__finite(x)) infinite = 1;
        a = a + dmlref__abs(x);
        s_abs = dmlref__enclose(&s, x);
        if (s.up > top) top = s.up;
        if (s.down > bottom) bottom = s.down;
        m = top + bottom;
        if (k >= 1)
            for (;;) {
                double next = dmlref__half_ulp_up(b, m + (double)(k - 1u) * h);
                if (next <= h) break;
                h = next;
            }
        e = (double)k * h;
        if (h >= b->h_max && e < b->overflow) e = b->overflow; /* some order may overflow: an infinite output too */
        depth = (double)k * b->u * (1 + c) * a;
        if ((1 + (double)k * b->u * (1 + c)) * a < b->overflow && depth < e) e = depth; /* (1 + u)^k A_k */
        DMLREF__BOUND_EMIT(k, dmlref__bound_finish_any(b, e, s_abs, infinite));
    }
}

/* Section 7, products in ANY order. Every subproduct lies between L = prod
   min(1, |x_j|) >= 2^lowest and U = prod max(1, |x_j|). If none can
   underflow (2^(lowest-1) >= 2^emin and k u <= 1/2), e_k = ((1 + u)^k - 1) M_k
   whatever the tree; else e_k = ((1 + u)(1 + half_eta))^k - 1) U_k. A zero
   makes every tree exact. */
static void dmlref__bound_product_any(const dmlref__scan_panel *p, const void *src, double *dst) {
    const dmlref__bound_setup *b = p->bound;
    double m = 1, big = 1, c = 0, c_eta = 0; /* c >= (1 + u)^k - 1; c_eta the same with u_eta */
    int64_t lowest = 0;
    int infinite = 0, zero = 0;
    uint64_t k;
    for (k = 0; k < p->length; k++) {
        double x = dmlref__bound_load(src, (int64_t)k * p->src_step, p->esize), ax = dmlref__abs(x), e;
        int safe;
        if (!dmlref__finite(x)) infinite = 1;
        if (x == 0) zero = 1;
        m = m * ax;
        if (ax > 1) big = big * ax;
        if (ax < 1 && ax > 0) { /* floor(log2 |x|), or below it for a subnormal double */
            uint64_t biased = dmlref__bits_from_f64(ax) >> 52;
            lowest += biased ? (int64_t)biased - 1023 : -1074;
        }
        if (k % DMLREF__GROWTH_CHUNK == 0) {
            c = dmlref__growth(b->u, k + DMLREF__GROWTH_CHUNK);
            c_eta = dmlref__growth(b->u_eta, k + DMLREF__GROWTH_CHUNK);
        }
        safe = (double)k * b->u <= 0.5 && lowest - 1 >= b->emin;
        if ((1 + (double)k * b->u_eta * (1 + c_eta)) * big >= b->overflow) infinite = 1; /* ((1+u)(1+eta/2))^k U_k */
        if (zero) e = 0; /* below: (1 + v)^k - 1 <= k v (1 + v)^(k-1) */
        else if (safe) e = (double)k * b->u * (1 + c) * m;
        else e = (double)k * b->u_eta * (1 + c_eta) * big;
        DMLREF__BOUND_EMIT(k, dmlref__bound_finish(b, e, m, infinite));
    }
}

/* Section 3, running error: the interpreter (>>scalar) computes the order's own
   partial results, rounding to nearest, and beside each value v a bound e on its
   distance from the exact result of its inputs. A sum's rounding error is at most
   half an ulp of the rounded result, 0 when that is below the smallest normal (the
   sum is then exact); a product's is also at most half the smallest subnormal, and
   |a b - A B| <= |a| e_b + |b| e_a + e_a e_b. Each bound is computed to nearest and
   widened by (1 + 2^-50) (sums: two roundings) or (1 + 2^-49) (products: six),
   more than its roundings can take away. */
static double dmlref__half_ulp_at(double v, int precision, int emin) { /* 0 below 2^emin */
    int e = (int)((dmlref__bits_from_f64(v) >> 52) & 0x7FFu) - 1023;
    if (e < emin) return 0;
    return dmlref__pow2(e - precision < -1074 ? -1074 : e - precision);
}

/* dmlref__half_ulp_at by bits, infinity for a non-finite v (computed results
   whose half ulp is subnormal, FLOAT64 below 2^-969, take the general routine). */
DMLREF__INLINE double dmlref__half_ulp_bits(double v, int precision, int emin) {
    const uint64_t e = dmlref__bits_from_f64(v) & UINT64_C(0x7FF0000000000000), shift = (uint64_t)precision << 52;
    if (e == UINT64_C(0x7FF0000000000000)) return dmlref__infinity();
    if (e < (uint64_t)(emin + 1023) << 52) return 0;
    if (e <= shift) return dmlref__half_ulp_at(v, precision, emin);
    return dmlref__f64_from_bits(e - shift);
}

static double dmlref__combine_error(const dmlref__scan_panel *p, dmlref__val a, dmlref__val b, double v) {
    const dmlref__bound_setup *bs = p->bound;
    double local;
    if (v - v != 0) return dmlref__infinity();
    local = dmlref__half_ulp_bits(v, bs->precision, bs->emin);
    if (p->product) {
        if (local < bs->half_eta) local = bs->half_eta;
        return (dmlref__abs(a.v) * b.e + dmlref__abs(b.v) * a.e + a.e * b.e + local) * 1.0000000000000018;
    }
    return (a.e + b.e + local) * 1.0000000000000009;
}

/* The bound of an output of value v whose tally is within e: e, then the rounding to a narrower output type. */
DMLREF__INLINE double dmlref__bound_out(const dmlref__bound_setup *bs, double v, double e) {
    if (!(e <= DBL_MAX)) return dmlref__infinity(); /* a NaN from 0 times an infinite bound too */
    if (bs->final_rounding) {
        double r = dmlref__half_ulp_bits(v, bs->precision_out, bs->emin_out);
        if (dmlref__abs(v) >= bs->overflow_out) return dmlref__infinity();
        e = (e + (r > bs->half_eta_out ? r : bs->half_eta_out)) * 1.0000000000000009;
    }
    return e;
}
static void dmlref__schedule_emit(const dmlref__scan_panel *p, void *dst, uint64_t i, dmlref__val x) {
    if (!p->bound) dmlref__store_float(p, dst, i, x.v);
    else ((double *)dst)[(ptrdiff_t)i * p->dst_step] = dmlref__bound_out(p->bound, x.v, x.e);
}

/* The bounds of a SEQUENTIAL sum (block 1): the terms of (3.1) summed to
   nearest and scaled by G = 1 + (m + 1) 2^-52, m past the chunk's outputs, so
   that no bound operation is on the tally's chain (docs/error-bounds.md,
   section 3, "SEQUENTIAL sums", derives it). Per chunk of DMLREF__BOUND_CHUNK
   elements (2 KiB of stack beside the interpreter's 32 KiB): the tally's values
   (execute's) first, then their bounds. ESIZE and ACC are constants where it
   is inlined, so each type has its own loops. */
#define DMLREF__BOUND_CHUNK 256u
DMLREF__INLINE void dmlref__tally_sum_bound_body(const dmlref__scan_panel *p, const void *src, void *dst,
                                                 uint32_t esize, int acc) {
    const dmlref__bound_setup setup = *p->bound, *bs = &setup; /* a local: the stores cannot alias it */
    const int64_t src_step = p->src_step, dst_step = p->dst_step;
    const uint64_t shift = p->exclusive ? 1u : 0u; /* element k's value is output k + shift */
    const uint64_t count = p->length - (p->length > 0 ? shift : 0u);
    const int narrow = acc != DMLREF_ACCUMULATION_WIDE && esize != 8; /* a float32 (or NATIVE binary16) tally */
    const double ulp1 = dmlref__pow2(-52);
    double vd = p->has_carry ? p->carry : 0.0, s = 0, vals[DMLREF__BOUND_CHUNK], *out = (double *)dst;
    float vf = (float)vd; /* the tally itself when narrow: no conversion on its chain */
    uint64_t start = 0, i, n;
    if (shift && p->length > 0) out[0] = dmlref__bound_out(bs, vd, 0); /* the identity, or the carry */
    if (count > 0 && !p->schedule.seed && !p->has_carry) {             /* the first value is the first input */
        vd = dmlref__bound_load(src, 0, esize);
        vf = (float)vd;
        s = vd - vd == 0 ? 0 : dmlref__infinity();
        out[(ptrdiff_t)shift * dst_step] = dmlref__bound_out(bs, vd, s);
        start = 1;
    }
    for (; start < count; start += n) {
        const double g = 1.0 + (double)(start + DMLREF__BOUND_CHUNK + 2u) * ulp1;
        n = count - start < DMLREF__BOUND_CHUNK ? count - start : DMLREF__BOUND_CHUNK;
        if (narrow && esize == 2) { /* the values, then their bounds (one loop was 15% slower here) */
            for (i = 0; i < n; i++) {
                const float x = dmlref__f16_to_f32_bits(
                    *(const uint16_t *)dmlref__cadvance(src, (int64_t)(start + i) * src_step, 2));
                vf = acc == DMLREF_ACCUMULATION_NATIVE ? dmlref__round_f16(vf + x) : vf + x;
                vals[i] = (double)vf;
            }
            for (i = 0; i < n; i++) {
                s += dmlref__half_ulp_bits(vals[i], bs->precision, bs->emin);
                out[(ptrdiff_t)(start + i + shift) * dst_step] = dmlref__bound_out(bs, vals[i], s * g);
            }
            continue;
        }
        for (i = 0; i < n; i++) { /* one loop: the tally's chain and the bound's overlap */
            double v;
            if (narrow) {
                vf += *(const float *)dmlref__cadvance(src, (int64_t)(start + i) * src_step, 4);
                v = (double)vf;
            } else {
                v = vd += dmlref__bound_load(src, (int64_t)(start + i) * src_step, esize);
            }
            /* a non-finite input makes its value and every later one so */
            s += dmlref__half_ulp_bits(v, bs->precision, bs->emin);
            out[(ptrdiff_t)(start + i + shift) * dst_step] = dmlref__bound_out(bs, v, s * g);
        }
    }
}
static void dmlref__tally_sum_bound(const dmlref__scan_panel *p, const void *src, void *dst) {
    const int acc = p->accumulation;
    if (p->esize == 8) dmlref__tally_sum_bound_body(p, src, dst, 8, DMLREF_ACCUMULATION_DEFAULT);
    else if (acc == DMLREF_ACCUMULATION_WIDE) dmlref__tally_sum_bound_body(p, src, dst, p->esize, acc);
    else if (p->esize == 4) dmlref__tally_sum_bound_body(p, src, dst, 4, DMLREF_ACCUMULATION_DEFAULT);
    else if (acc == DMLREF_ACCUMULATION_NATIVE) dmlref__tally_sum_bound_body(p, src, dst, 2, acc);
    else dmlref__tally_sum_bound_body(p, src, dst, 2, DMLREF_ACCUMULATION_DEFAULT);
}

/* The bound kernel: one line at a time, by operator and order. Integer
   scans are exact (0). */
DMLREF__KERNEL_ALIGN static void dmlref__bound_kernel(const dmlref__scan_panel *p) {
    const dmlref__bound_setup *b = p->bound;
    uint64_t j;
    for (j = 0; j < p->lines; j++) {
        const void *src = dmlref__cadvance(p->src, (int64_t)j * p->src_line, p->esize);
        double *dst = (double *)p->dst + (ptrdiff_t)j * p->dst_line;
        if (b->order == DMLREF_FLOAT_ORDER_EXACT) {
            dmlref__exact_line(p, src, dst, 1, dmlref__format_of_size(p->esize));
            continue;
        }
        if (p->exclusive) dst[0] = 0;
        if (p->schedule.block >= 1) { /* the library's own order: its running error */
            dmlref__fpenv nearest;    /* the interpreter's values round to nearest, as execute's */
            double stack[DMLREF__TREE_STACK];
            dmlref__fpenv_enter(&nearest);
            if (p->schedule.block == 1 && !b->product) dmlref__tally_sum_bound(p, src, dst);
            else if (p->schedule.block == 1) dmlref__tally_line(p, src, dst);
            else dmlref__schedule_line(p, src, dst, p->scratch ? p->scratch : stack);
            dmlref__fpenv_leave(&nearest);
        } else if (b->product) {
            dmlref__bound_product_any(p, src, dst);
        } else {
            dmlref__bound_sum_any(p, src, dst);
        }
    }
#if defined(DMLREF__EXACT_STREAMS)
    if (p->stream) _mm_sfence();
#endif
}

DMLREF__KERNEL_ALIGN static void dmlref__bound_zero_kernel(const dmlref__scan_panel *p) {
    uint64_t i, j;
    for (j = 0; j < p->lines; j++)
        for (i = 0; i < p->length; i++) ((double *)p->dst)[(ptrdiff_t)j * p->dst_line + (ptrdiff_t)i * p->dst_step] = 0;
}

/* >>reduce ---------------------------------------------------------------------
   REDUCE's value functions (docs/semantics.md: "Reductions"). Each output
   reduces its sequence, the reduced sub-tensor in row-major order: the row's
   map, combine and finish, every step rounded to the compute type T. This is
   the definition, and dmlref_execute runs it on every path. */

typedef struct dmlref__reduce_panel {
    const void *src; /* the first element of the first output's sequence */
    void *dst;
    uint64_t outputs;
    int64_t src_output_step, dst_output_step; /* elements between consecutive outputs */
    uint32_t rdims;                           /* the reduced sub-tensor, outermost first, merged */
    uint64_t rsize[DMLREF__MAX_DIMS];
    int64_t rstride[DMLREF__MAX_DIMS];
    uint64_t rcount; /* n, the product of rsize */
    DML_TENSOR_DATA_TYPE type;
    const dmlref_operator_info *row;
    int float_order, accumulation, identity_seed, nan_policy, plain_lse; /* settled */
    dmlref__schedule schedule;                                           /* BLOCKED and TREE */
    double *scratch; /* the interpreter's work space when the stack's is too small */
} dmlref__reduce_panel;

/* One output's sequence, walked by an odometer over the reduced dimensions. */
struct dmlref__sequence {
    const dmlref__reduce_panel *p;
    const void *base;
    uint64_t index; /* the element at offset */
    uint64_t pos[DMLREF__MAX_DIMS];
    int64_t offset;   /* elements from base */
    uint32_t esize_t; /* T's size: 2 (binary16), 4 or 8 */
    double shift;     /* LOG_SUM_EXP: M, subtracted before exp */
};

static void dmlref__seq_seek(dmlref__sequence *s, uint64_t i) {
    const dmlref__reduce_panel *p = s->p;
    uint32_t d = p->rdims;
    s->index = i;
    s->offset = 0;
    while (d-- > 0) {
        s->pos[d] = i % p->rsize[d];
        i /= p->rsize[d];
        s->offset += (int64_t)s->pos[d] * p->rstride[d];
    }
}
DMLREF__INLINE void dmlref__seq_next(dmlref__sequence *s) {
    const dmlref__reduce_panel *p = s->p;
    uint32_t d = p->rdims;
    s->index++;
    while (d-- > 0) {
        s->offset += p->rstride[d];
        if (++s->pos[d] < p->rsize[d]) return;
        s->offset -= (int64_t)p->rsize[d] * p->rstride[d];
        s->pos[d] = 0;
    }
}
/* The element at the walk's position, as a double (every FLOAT16 and FLOAT32 value is one). */
DMLREF__INLINE double dmlref__seq_value(const dmlref__sequence *s) {
    return dmlref__load_float_as(s->base, 1, (uint64_t)s->offset, dmlref__types[s->p->type].size);
}

/* v rounded to T, to nearest even. */
DMLREF__INLINE double dmlref__round_t(double v, uint32_t esize_t) {
    if (esize_t == 8u) return v;
    if (esize_t == 4u) return (double)(float)v;
    return (double)dmlref__f16_to_f32_bits(dmlref__f64_to_f16(v));
}
/* a + b (a x b) in T: one rounding, as the scans' tallies (the operands are T's values). */
DMLREF__INLINE double dmlref__combine_t(double a, double b, uint32_t esize_t, int product) {
    return dmlref__combine_as(a, b, esize_t, esize_t == 2u ? DMLREF_ACCUMULATION_NATIVE : DMLREF_ACCUMULATION_DEFAULT,
                              product);
}

/* a x b = hi 2^64 + lo, exactly. */
static void dmlref__mul_64(uint64_t a, uint64_t b, uint64_t *hi, uint64_t *lo) {
    uint64_t a0 = a & 0xFFFFFFFFu, a1 = a >> 32, b0 = b & 0xFFFFFFFFu, b1 = b >> 32;
    uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    uint64_t middle = (p00 >> 32) + (p01 & 0xFFFFFFFFu) + (p10 & 0xFFFFFFFFu);
    *lo = (middle << 32) | (p00 & 0xFFFFFFFFu);
    *hi = p11 + (p01 >> 32) + (p10 >> 32) + (middle >> 32);
}

/* floor(sqrt(hi 2^64 + lo)), bit by bit; *inexact when the root is not exact. */
static uint64_t dmlref__isqrt_128(uint64_t hi, uint64_t lo, int *inexact) {
    uint64_t r = 0, shi, slo;
    int bit;
    for (bit = 63; bit >= 0; bit--) {
        uint64_t c = r | (UINT64_C(1) << bit);
        dmlref__mul_64(c, c, &shi, &slo);
        if (shi < hi || (shi == hi && slo <= lo)) r = c;
    }
    dmlref__mul_64(r, r, &shi, &slo);
    *inexact = shi != hi || slo != lo;
    return r;
}

/* A magnitude given by its 64 leading bits (bit 63 set), whether any bit
   below them is set, and the exponent of its leading bit, rounded to nearest
   even in format f: subnormal results and overflow to infinity included. */
static uint64_t dmlref__pack_any(uint64_t window, int sticky, int64_t exponent, int negative,
                                 const dmlref__float_format *f) {
    const uint64_t sign_bit = negative ? UINT64_C(1) << (f->bits - 1u) : 0;
    const int64_t eta = f->emin - (int32_t)f->precision + 1; /* exponent of the smallest subnormal */
    int64_t shift;
    uint64_t kept, rest, half;
    if (exponent >= f->emin) return dmlref__exact_pack(window, sticky, exponent, sign_bit, f);
    shift = 63 - (exponent - eta);   /* bits of the window below the subnormal grid: more than 64 - precision */
    if (shift > 64) return sign_bit; /* below half the smallest subnormal */
    if (shift == 64) return sign_bit | (uint64_t)((window << 1) != 0 || sticky); /* above half: one; half: even 0 */
    kept = window >> shift;
    rest = window & ((UINT64_C(1) << shift) - 1u);
    half = UINT64_C(1) << (shift - 1);
    kept += (uint64_t)(rest > half || (rest == half && (sticky || (kept & 1u))));
    return sign_bit | kept; /* a carry into the smallest normal is its encoding */
}

/* The nonnegative integer limb[0..count) 2^unit rounded to f (nonzero; sticky: a part below it). */
static uint64_t dmlref__round_limbs(const uint64_t *limb, uint32_t count, int64_t unit, int sticky, int negative,
                                    const dmlref__float_format *f) {
    uint32_t t = count - 1u, b, i;
    uint64_t window, below;
    while (t > 0 && limb[t] == 0) t--;
    b = dmlref__bit_length(limb[t]) - 1u;
    below = t > 0 ? limb[t - 1u] : 0;
    window = b < 63u ? limb[t] << (63u - b) | below >> (b + 1u) : limb[t];
    sticky |= b < 63u ? (below << (63u - b)) != 0 : below != 0;
    for (i = 0; i + 1u < t; i++) sticky |= limb[i] != 0;
    return dmlref__pack_any(window, sticky, unit + 64 * (int64_t)t + b, negative, f);
}

/* The square root of limb[0..count) 2^unit (nonzero), rounded to f: the integer
   root of its 128 leading bits taken at an even exponent, the rest sticky. */
static uint64_t dmlref__sqrt_limbs(const uint64_t *limb, uint32_t count, int64_t unit, const dmlref__float_format *f) {
    uint32_t t = count - 1u, i;
    int64_t lead, k;
    uint64_t hi = 0, lo = 0, r;
    int sticky = 0, inexact;
    while (t > 0 && limb[t] == 0) t--;
    lead = 64 * (int64_t)t + (int64_t)dmlref__bit_length(limb[t]) - 1;
    k = lead - 126; /* the integer N = floor(M / 2^k) has 127 bits */
    if ((unit + k) & 1) k++;
    for (i = 0; i < 128u; i++) { /* N bit by bit: simple, and once per output */
        int64_t pos = k + (int64_t)i;
        uint64_t bit = pos < 0 || pos >= 64 * (int64_t)count ? 0 : (limb[pos >> 6] >> (pos & 63)) & 1u;
        if (i < 64u) lo |= bit << i;
        else hi |= bit << (i - 64u);
    }
    for (i = 0; k > 0 && (int64_t)i < k; i++) sticky |= (int)((limb[i >> 6] >> (i & 63u)) & 1u);
    r = dmlref__isqrt_128(hi, lo, &inexact);
    return dmlref__pack_any(r << (64u - dmlref__bit_length(r)), sticky || inexact,
                            (unit + k) / 2 + (int64_t)dmlref__bit_length(r) - 1, 0, f);
}

/* Correctly rounded square root of a double (NaN for a negative input): the
   library's own, so that no libm is needed. */
static double dmlref__sqrt_f64(double v) {
    uint64_t bits = dmlref__bits_from_f64(v), limb[2] = {0, 0};
    int exponent = (int)((bits >> 52) & 0x7FFu);
    if (v != v || v < 0) return dmlref__f64_from_bits(UINT64_C(0x7FF8000000000000));
    if (v == 0 || exponent == 0x7FF) return v; /* +-0 and +inf are their own roots */
    limb[0] = (bits & ((UINT64_C(1) << 52) - 1u)) | (exponent ? UINT64_C(1) << 52 : 0);
    return dmlref__f64_from_bits(dmlref__sqrt_limbs(limb, 2, (exponent ? exponent : 1) - 1075, &dmlref__format_f64));
}

/* n rounded to T, to nearest even. */
static double dmlref__count_t(uint64_t n, uint32_t esize_t) {
    const uint32_t precision = esize_t == 8u ? 53u : esize_t == 4u ? 24u : 11u, length = dmlref__bit_length(n);
    double v = (double)(n >> (length > precision ? length - precision : 0));
    if (length > precision) {
        uint32_t shift = length - precision;
        v = (double)dmlref__shift_nearest_even(n, shift) * dmlref__pow2((int)shift);
    }
    return dmlref__round_t(v, esize_t); /* binary16: 65520 and more overflow */
}

DMLREF__INLINE double dmlref__exp_t(double v, uint32_t esize_t) {
    if (esize_t == 8u) return dmlref__exp_f64(v);
    if (esize_t == 4u) return (double)dmlref__exp_f32((float)v);
    return (double)dmlref__f16_to_f32_bits(dmlref__exp_f16(dmlref__f64_to_f16(v)));
}
DMLREF__INLINE double dmlref__log_t(double v, uint32_t esize_t) {
    if (esize_t == 8u) return dmlref__log_f64(v);
    if (esize_t == 4u) return (double)dmlref__log_f32((float)v);
    return (double)dmlref__f16_to_f32_bits(dmlref__log_f16(dmlref__f64_to_f16(v)));
}

/* Element x (esize bytes) mapped in T: x, |x| or x x x (not EXP). */
DMLREF__INLINE double dmlref__map_at(const unsigned char *x, uint32_t esize, uint32_t esize_t, int map) {
    const double v = dmlref__load_float_as(x, 0, 0, esize);
    if (map == DMLREF_MAP_ABS) return v < 0 ? -v : v + 0.0; /* -0.0 + 0.0 is +0.0 */
    return map == DMLREF_MAP_SQUARE ? dmlref__round_t(v * v, esize_t) : v;
}
/* The element at the walk's position, mapped in T: x, |x|, x x x (dmlref__map_at) or exp(x - M). */
DMLREF__INLINE double dmlref__seq_mapped(const dmlref__sequence *s) {
    const uint32_t esize = dmlref__types[s->p->type].size;
    const unsigned char *x = (const unsigned char *)dmlref__cadvance(s->base, s->offset, esize);
    double v;
    if (s->p->row->map != DMLREF_MAP_EXP) return dmlref__map_at(x, esize, s->esize_t, s->p->row->map);
    v = dmlref__load_float_as(x, 0, 0, esize);
    return dmlref__exp_t(s->p->plain_lse ? v : dmlref__round_t(v - s->shift, s->esize_t), s->esize_t);
}

/* The mapped value of element i; the interpreter reads in order, so this walks on. */
static double dmlref__sequence_at(dmlref__sequence *s, uint64_t i) {
    double v;
    if (i != s->index) dmlref__seq_seek(s, i);
    v = dmlref__seq_mapped(s);
    dmlref__seq_next(s);
    return v;
}

/* Runs of contiguous (or equally strided) elements without the odometer: E the
   element size, T the compute type's, M the map (not EXP), P a product; each
   combination is its own loop where it is inlined (24 of them). */
DMLREF__INLINE double dmlref__run_combine(const unsigned char *x, int64_t step, uint64_t n, double t, uint32_t esize,
                                          uint32_t esize_t, int map, int product) {
    uint64_t i;
    for (i = 0; i < n; i++, x += step)
        t = dmlref__combine_t(t, dmlref__map_at(x, esize, esize_t, map), esize_t, product);
    return t;
}
/* The eight running sums of NumPy's 8..128-element leaf over k elements, then their tree and the rest. */
DMLREF__INLINE double dmlref__run_pairwise(const unsigned char *x, int64_t step, uint64_t k, uint32_t esize,
                                           uint32_t esize_t, int map) {
    double r[8], total;
    uint64_t i;
    uint32_t j;
    for (j = 0; j < 8u; j++) r[j] = dmlref__map_at(x + (int64_t)j * step, esize, esize_t, map);
    for (i = 8; i < k - k % 8u; i += 8)
        for (j = 0; j < 8u; j++)
            r[j] =
                dmlref__combine_t(r[j], dmlref__map_at(x + (int64_t)(i + j) * step, esize, esize_t, map), esize_t, 0);
    total = dmlref__combine_t(dmlref__combine_t(dmlref__combine_t(r[0], r[1], esize_t, 0),
                                                dmlref__combine_t(r[2], r[3], esize_t, 0), esize_t, 0),
                              dmlref__combine_t(dmlref__combine_t(r[4], r[5], esize_t, 0),
                                                dmlref__combine_t(r[6], r[7], esize_t, 0), esize_t, 0),
                              esize_t, 0);
    return dmlref__run_combine(x + (int64_t)i * step, step, k - i, total, esize, esize_t, map, 0);
}
/* BLOCKED as a reduction: the carry chain over the blocks' totals, each the last value of the block's
   Kogge-Stone scan: for a full block the balanced tree ((x0 + x1) + (x2 + x3)) + ..., for the last,
   shorter one the steps themselves. seeded: the first block's carry is +0.0. */
DMLREF__INLINE double dmlref__run_blocked(const unsigned char *x, int64_t step, uint64_t n, int seeded, uint32_t esize,
                                          uint32_t esize_t, int map) {
    double carry = 0, z[DMLREF__BLOCK];
    uint64_t b;
    uint32_t i, k, len;
    for (b = 0; b < n; b += DMLREF__BLOCK, x += (int64_t)DMLREF__BLOCK * step) {
        len = n - b < DMLREF__BLOCK ? (uint32_t)(n - b) : DMLREF__BLOCK;
        for (i = 0; i < len; i++) z[i] = dmlref__map_at(x + (int64_t)i * step, esize, esize_t, map);
        if (len == DMLREF__BLOCK) {
            for (k = 1; k < DMLREF__BLOCK; k <<= 1)
                for (i = 0; i < DMLREF__BLOCK; i += 2u * k) z[i] = dmlref__combine_t(z[i], z[i + k], esize_t, 0);
        } else {
            for (k = 1; k < len; k <<= 1) /* descending i reads the previous step's z[i - k] */
                for (i = len; i-- > k;) z[i] = dmlref__combine_t(z[i - k], z[i], esize_t, 0);
            z[0] = z[len - 1u];
        }
        carry = b > 0 || seeded ? dmlref__combine_t(carry, z[0], esize_t, 0) : z[0];
    }
    return carry;
}
/* The loops above with their parts as constants, by mode: a tally from t (a product), NumPy's leaf, or
   BLOCKED's chain (seeded). */
enum { DMLREF__RUN_TALLY, DMLREF__RUN_PRODUCT, DMLREF__RUN_PAIRWISE, DMLREF__RUN_BLOCKED, DMLREF__RUN_BLOCKED_SEEDED };
#define DMLREF__RUN_MAP(E, T, M)                                                                 \
    do {                                                                                         \
        if (mode == DMLREF__RUN_PAIRWISE) return dmlref__run_pairwise(x, step, n, E, T, M);      \
        if (mode >= DMLREF__RUN_BLOCKED)                                                         \
            return dmlref__run_blocked(x, step, n, mode == DMLREF__RUN_BLOCKED_SEEDED, E, T, M); \
        return dmlref__run_combine(x, step, n, t, E, T, M, mode == DMLREF__RUN_PRODUCT);         \
    } while (0)
#define DMLREF__RUN_MAPS(E, T)                                                  \
    do {                                                                        \
        if (map == DMLREF_MAP_ABS) DMLREF__RUN_MAP(E, T, DMLREF_MAP_ABS);       \
        if (map == DMLREF_MAP_SQUARE) DMLREF__RUN_MAP(E, T, DMLREF_MAP_SQUARE); \
        DMLREF__RUN_MAP(E, T, DMLREF_MAP_NONE);                                 \
    } while (0)
static double dmlref__run(const unsigned char *x, int64_t step, uint64_t n, double t, uint32_t esize, uint32_t esize_t,
                          int map, int mode) {
    if (esize == 2u && esize_t == 2u) DMLREF__RUN_MAPS(2u, 2u);
    if (esize == 2u && esize_t == 4u) DMLREF__RUN_MAPS(2u, 4u);
    if (esize == 2u) DMLREF__RUN_MAPS(2u, 8u);
    if (esize == 4u && esize_t == 4u) DMLREF__RUN_MAPS(4u, 4u);
    if (esize == 4u) DMLREF__RUN_MAPS(4u, 8u);
    DMLREF__RUN_MAPS(8u, 8u);
}
#undef DMLREF__RUN_MAPS
#undef DMLREF__RUN_MAP

/* The SEQUENTIAL tally as runs along the innermost reduced dimension (map not EXP). */
static double dmlref__reduce_runs(dmlref__sequence *s, int product) {
    const dmlref__reduce_panel *p = s->p;
    const uint32_t esize = dmlref__types[p->type].size, inner = p->rdims - 1u;
    const uint64_t length = p->rsize[inner], runs = p->rcount / length;
    const int64_t step = p->rstride[inner] * (int64_t)esize;
    double t = 0;
    uint64_t r;
    for (r = 0; r < runs; r++) {
        const unsigned char *x;
        dmlref__seq_seek(s, r * length);
        x = (const unsigned char *)dmlref__cadvance(s->base, s->offset, esize);
        if (r == 0) t = dmlref__map_at(x, esize, s->esize_t, p->row->map);
        t = dmlref__run(x + (r == 0 ? step : 0), step, length - (r == 0), t, esize, s->esize_t, p->row->map,
                        product ? DMLREF__RUN_PRODUCT : DMLREF__RUN_TALLY);
    }
    return t;
}

/* NumPy's pairwise_sum of the mapped elements [first, first + k), k >= 1. */
static double dmlref__pairwise(dmlref__sequence *s, uint64_t first, uint64_t k) {
    const uint32_t e = s->esize_t;
    double r[8], total;
    uint64_t i;
    uint32_t j;
    if (k > 128u) {
        uint64_t h = k / 2u - (k / 2u) % 8u;
        double left = dmlref__pairwise(s, first, h);
        return dmlref__combine_t(left, dmlref__pairwise(s, first + h, k - h), e, 0);
    }
    dmlref__seq_seek(s, first);
    if (s->p->rdims == 1u && s->p->row->map != DMLREF_MAP_EXP) { /* one strided run: the leaf's own loops */
        const uint32_t esize = dmlref__types[s->p->type].size;
        const unsigned char *x = (const unsigned char *)dmlref__cadvance(s->base, s->offset, esize);
        const int64_t step = s->p->rstride[0] * (int64_t)esize;
        if (k < 8u)
            return dmlref__run(x + step, step, k - 1u, dmlref__map_at(x, esize, e, s->p->row->map), esize, e,
                               s->p->row->map, DMLREF__RUN_TALLY);
        return dmlref__run(x, step, k, 0, esize, e, s->p->row->map, DMLREF__RUN_PAIRWISE);
    }
    if (k < 8u) {
        total = dmlref__seq_mapped(s);
        for (i = 1; i < k; i++) {
            dmlref__seq_next(s);
            total = dmlref__combine_t(total, dmlref__seq_mapped(s), e, 0);
        }
        return total;
    }
    for (j = 0; j < 8u; j++, dmlref__seq_next(s)) r[j] = dmlref__seq_mapped(s);
    for (i = 8; i < k - k % 8u; i += 8)
        for (j = 0; j < 8u; j++, dmlref__seq_next(s)) r[j] = dmlref__combine_t(r[j], dmlref__seq_mapped(s), e, 0);
    total = dmlref__combine_t(
        dmlref__combine_t(dmlref__combine_t(r[0], r[1], e, 0), dmlref__combine_t(r[2], r[3], e, 0), e, 0),
        dmlref__combine_t(dmlref__combine_t(r[4], r[5], e, 0), dmlref__combine_t(r[6], r[7], e, 0), e, 0), e, 0);
    for (; i < k; i++, dmlref__seq_next(s)) total = dmlref__combine_t(total, dmlref__seq_mapped(s), e, 0);
    return total;
}

/* BLOCKED and TREE: the last output of the schedule's scan of the mapped
   sequence, by the scans' own interpreter (dmlref__load_val reads the
   sequence; every output lands on one value, the last stays). */
static double dmlref__reduce_scheduled(const dmlref__reduce_panel *p, dmlref__sequence *s) {
    dmlref__scan_panel line;
    double stack[DMLREF__TREE_STACK], out = 0;
    uint16_t out16 = 0;
    float out32 = 0;
    memset(&line, 0, sizeof line);
    line.length = p->rcount;
    line.lines = 1;
    line.esize = s->esize_t;
    line.dst = s->esize_t == 8u ? (void *)&out : s->esize_t == 4u ? (void *)&out32 : (void *)&out16;
    line.product = p->row->combine == DMLREF_COMBINE_MULTIPLY;
    line.accumulation = s->esize_t == 2u ? DMLREF_ACCUMULATION_NATIVE : DMLREF_ACCUMULATION_DEFAULT;
    line.identity_seed = p->identity_seed;
    line.float_order = p->float_order;
    line.schedule = p->schedule;
    line.sequence = s;
    dmlref__seq_seek(s, 0);
    dmlref__schedule_line(&line, NULL, line.dst, p->scratch ? p->scratch : stack);
    return s->esize_t == 8u ? out : s->esize_t == 4u ? (double)out32 : (double)dmlref__f16_to_f32_bits(out16);
}

/* The value of a float reduction in T, before the output's rounding. */
static double dmlref__reduce_float(const dmlref__reduce_panel *p, const void *base) {
    dmlref__sequence s;
    const int product = p->row->combine == DMLREF_COMBINE_MULTIPLY, fn = p->row->finalize;
    double t;
    uint64_t i;
    s.p = p;
    s.base = base;
    s.shift = 0;
    s.esize_t = p->accumulation == DMLREF_ACCUMULATION_WIDE || p->type == DML_TENSOR_DATA_TYPE_FLOAT64 ? 8u
                : p->accumulation == DMLREF_ACCUMULATION_NATIVE                                        ? 2u
                                                                                                       : 4u;
    if (p->row->map == DMLREF_MAP_EXP && !p->plain_lse) { /* M: NaN and infinities settle the result */
        double m = -DMLREF__INF;
        for (dmlref__seq_seek(&s, 0), i = 0; i < p->rcount; i++, dmlref__seq_next(&s)) {
            double x = dmlref__seq_value(&s);
            if (x != x) return x;
            if (x > m) m = x;
        }
        if (m - m != 0) return m; /* +inf: +inf; every element -inf: -inf */
        s.shift = m;
    }
    switch (p->float_order) {
    case DMLREF_FLOAT_ORDER_PAIRWISE: t = dmlref__pairwise(&s, 0, p->rcount); break;
    case DMLREF_FLOAT_ORDER_BLOCKED:
        if (p->rdims == 1u && p->row->map != DMLREF_MAP_EXP) { /* one strided run: the blocks' own loops */
            const uint32_t esize = dmlref__types[p->type].size;
            t = dmlref__run((const unsigned char *)base, p->rstride[0] * (int64_t)esize, p->rcount, 0, esize, s.esize_t,
                            p->row->map, p->identity_seed ? DMLREF__RUN_BLOCKED_SEEDED : DMLREF__RUN_BLOCKED);
            break;
        }
        t = dmlref__reduce_scheduled(p, &s);
        break;
    case DMLREF_FLOAT_ORDER_TREE: t = dmlref__reduce_scheduled(p, &s); break;
    default: /* SEQUENTIAL */
        if (p->row->map != DMLREF_MAP_EXP) {
            t = dmlref__reduce_runs(&s, product);
            break;
        }
        dmlref__seq_seek(&s, 0);
        t = dmlref__seq_mapped(&s);
        for (i = 1; i < p->rcount; i++) {
            dmlref__seq_next(&s);
            t = dmlref__combine_t(t, dmlref__seq_mapped(&s), s.esize_t, product);
        }
        break;
    }
    if (p->identity_seed && p->float_order != DMLREF_FLOAT_ORDER_BLOCKED && p->float_order != DMLREF_FLOAT_ORDER_TREE)
        t = dmlref__combine_t(product ? 1.0 : 0.0, t, s.esize_t, product); /* 0 + t: a -0.0 total becomes +0.0 */
    switch ((dmlref_finalize)fn) {
    case DMLREF_FINALIZE_DIVIDE_BY_COUNT: return dmlref__round_t(t / dmlref__count_t(p->rcount, s.esize_t), s.esize_t);
    case DMLREF_FINALIZE_SQRT: return dmlref__round_t(dmlref__sqrt_f64(t), s.esize_t);
    case DMLREF_FINALIZE_LOG:
        t = dmlref__log_t(t, s.esize_t);
        return p->row->map == DMLREF_MAP_EXP && !p->plain_lse ? dmlref__round_t(s.shift + t, s.esize_t) : t;
    default: return t;
    }
}

/* The sum of squares of one output's elements, exactly: element m 2^p (in
   units of its format's smallest subnormal eta) squares to m^2 2^(2p) in
   units of eta^2. FLOAT64 needs bits 0 to 4198 and 64 more for the count. */
#define DMLREF__SQUARE_LIMBS 68u
typedef struct dmlref__square_sum {
    uint64_t limb[DMLREF__SQUARE_LIMBS];
    int nan, infinity;
} dmlref__square_sum;

static void dmlref__square_add_at(dmlref__square_sum *a, uint64_t m, uint32_t p) {
    uint32_t k = p >> 6, shift = p & 63u;
    uint64_t lo = m << shift, hi = shift ? m >> (64u - shift) : 0u, carry;
    a->limb[k] += lo;
    carry = a->limb[k] < lo;
    for (k++; hi | carry; k++) {
        uint64_t add = hi + carry;
        hi = 0;
        a->limb[k] += add;
        carry = a->limb[k] < add;
    }
}

static void dmlref__square_add(dmlref__square_sum *a, const dmlref__float_format *f, uint64_t bits) {
    const uint32_t fraction_bits = f->precision - 1u;
    const uint64_t exponent_ones = (UINT64_C(1) << (f->bits - f->precision)) - 1u;
    uint64_t biased = (bits >> fraction_bits) & exponent_ones, m = bits & ((UINT64_C(1) << fraction_bits) - 1u), hi, lo;
    uint32_t p;
    if (biased == exponent_ones) {
        if (m) a->nan = 1;
        else a->infinity = 1;
        return;
    }
    if (biased) m |= UINT64_C(1) << fraction_bits;
    if (m == 0) return;
    p = 2u * (biased ? (uint32_t)biased - 1u : 0u);
    dmlref__mul_64(m, m, &hi, &lo);
    dmlref__square_add_at(a, lo, p);
    if (hi) dmlref__square_add_at(a, hi, p + 64u);
}

/* limb[0..count) = floor(limb 2^64 / n), one limb longer, its lowest bit set
   when the division is not exact: far below any rounding position, it
   stands for the remainder (rounding to odd). */
static void dmlref__divide_limbs(const uint64_t *limb, uint32_t count, uint64_t n, uint64_t *quotient) {
    uint64_t remainder = 0;
    uint32_t i = count + 1u;
    while (i-- > 0) {
        uint64_t word = i > 0 ? limb[i - 1u] : 0, q = 0;
        int bit;
        for (bit = 63; bit >= 0; bit--) { /* (remainder, word) / n, remainder < n */
            uint64_t top = remainder >> 63;
            remainder = remainder << 1 | ((word >> bit) & 1u);
            q <<= 1;
            if (top || remainder >= n) {
                remainder -= n;
                q |= 1u;
            }
        }
        quotient[i] = q;
    }
    quotient[0] |= (uint64_t)(remainder != 0);
}

/* EXACT (SUM, AVERAGE, L1, SUM_SQUARE, L2): the exact real result rounded once, as bits of the output type. */
static uint64_t dmlref__reduce_exact(const dmlref__reduce_panel *p, const void *base) {
    const uint32_t esize = dmlref__types[p->type].size;
    const dmlref__float_format *f = dmlref__format_of_size(esize);
    const uint64_t nan = ((UINT64_C(1) << (f->bits - f->precision + 1u)) - 1u) << (f->precision - 2u);
    const int64_t eta = f->emin - (int32_t)f->precision + 1;
    dmlref__sequence s;
    uint64_t i, quotient[DMLREF__EXACT_LIMBS + 1u], magnitude[DMLREF__EXACT_LIMBS];
    s.p = p;
    s.base = base;
    dmlref__seq_seek(&s, 0);
    if (p->row->map == DMLREF_MAP_SQUARE) {
        dmlref__square_sum q;
        uint32_t k;
        memset(&q, 0, sizeof q);
        for (i = 0; i < p->rcount; i++, dmlref__seq_next(&s))
            dmlref__square_add(&q, f, dmlref__load_bits(dmlref__cadvance(base, s.offset, esize), esize));
        if (q.nan) return nan;
        if (q.infinity) return nan ^ (UINT64_C(1) << (f->precision - 2u)); /* +inf */
        for (k = 0; k < DMLREF__SQUARE_LIMBS && q.limb[k] == 0; k++) continue;
        if (k == DMLREF__SQUARE_LIMBS) return 0;
        return p->row->finalize == DMLREF_FINALIZE_SQRT
                   ? dmlref__sqrt_limbs(q.limb, DMLREF__SQUARE_LIMBS, 2 * eta, f)
                   : dmlref__round_limbs(q.limb, DMLREF__SQUARE_LIMBS, 2 * eta, 0, 0, f);
    } else {
        dmlref__exact_sum sum;
        dmlref__exact_limbs limbs;
        const uint64_t sign = UINT64_C(1) << (f->bits - 1u);
        uint64_t r, extension;
        uint32_t k;
        int negative;
        dmlref__exact_reset(&sum, &limbs, f);
        for (i = 0; i < p->rcount; i++, dmlref__seq_next(&s)) {
            uint64_t x = dmlref__load_bits(dmlref__cadvance(base, s.offset, esize), esize);
            dmlref__exact_add(&sum, f, p->row->map == DMLREF_MAP_ABS ? x & (sign - 1u) : x);
        }
        if (p->identity_seed) sum.all_negative_zero = 0;
        r = dmlref__exact_result(&sum, f); /* zero exactly when the sum is: it is a multiple of eta */
        if (p->row->finalize != DMLREF_FINALIZE_DIVIDE_BY_COUNT || (r & (sign - 1u)) == 0 || sum.nan ||
            sum.plus_infinity || sum.minus_infinity)
            return r; /* a sum, or an average that is zero, NaN or an infinity's */
        if (sum.windowed) {
            dmlref__window_spill(sum.limbs, sum.window_lo, sum.window_hi, sum.base);
            sum.windowed = 0;
        }
        negative = (int)(limbs.limb[limbs.limbs - 1u] >> 63);
        extension = negative ? ~UINT64_C(0) : 0;
        for (k = 0, r = 1; k < limbs.limbs; k++) { /* |sum|: -x is ~x + 1 */
            uint64_t v = limbs.limb[k] ^ extension;
            magnitude[k] = v + (negative ? r : 0);
            r = negative && r && magnitude[k] == 0;
        }
        dmlref__divide_limbs(magnitude, limbs.limbs, p->rcount, quotient);
        return dmlref__round_limbs(quotient, limbs.limbs + 1u, eta - 64, 0, negative, f);
    }
}

/* -0.0 below +0.0, as IEEE 754-2019's minimum and maximum order them. */
DMLREF__INLINE int dmlref__below(double a, double b) {
    return a < b || (a == b && (dmlref__bits_from_f64(a) >> 63) > (dmlref__bits_from_f64(b) >> 63));
}

/* The state of a MIN or MAX over runs: the best so far, whether there is one, whether a NaN ended it. */
typedef struct dmlref__extreme {
    double best;
    int have, nan;
} dmlref__extreme;
DMLREF__INLINE void dmlref__extreme_run(dmlref__extreme *e, const unsigned char *x, int64_t step, uint64_t n,
                                        uint32_t esize, int want_max, int policy) {
    uint64_t i;
    for (i = 0; i < n; i++, x += step) {
        const double v = dmlref__map_at(x, esize, 8u, DMLREF_MAP_NONE);
        if (policy == DMLREF_NAN_COMPARE) { /* the plain loop: a NaN first sticks, a later one never wins */
            if (!e->have || (want_max ? dmlref__below(e->best, v) : dmlref__below(v, e->best))) e->best = v;
            e->have = 1;
            continue;
        }
        if (v != v) {
            if (policy == DMLREF_NAN_PROPAGATE) {
                e->nan = 1;
                return;
            }
            continue;
        }
        if (!e->have || (want_max ? dmlref__below(e->best, v) : dmlref__below(v, e->best))) e->best = v;
        e->have = 1;
    }
}

/* MIN and MAX of floats: an element, exactly, under options.nan_policy. */
static double dmlref__reduce_extreme(const dmlref__reduce_panel *p, const void *base) {
    const int want_max = p->row->combine == DMLREF_COMBINE_MAX, policy = p->nan_policy;
    const uint32_t esize = dmlref__types[p->type].size, inner = p->rdims - 1u;
    const uint64_t length = p->rsize[inner], runs = p->rcount / length;
    const int64_t step = p->rstride[inner] * (int64_t)esize;
    dmlref__extreme e = {0, 0, 0};
    dmlref__sequence s;
    uint64_t r;
    s.p = p;
    s.base = base;
    for (r = 0; r < runs && !e.nan; r++) {
        const unsigned char *x;
        dmlref__seq_seek(&s, r * length);
        x = (const unsigned char *)dmlref__cadvance(base, s.offset, esize);
        if (esize == 2u) dmlref__extreme_run(&e, x, step, length, 2u, want_max, policy);
        else if (esize == 4u) dmlref__extreme_run(&e, x, step, length, 4u, want_max, policy);
        else dmlref__extreme_run(&e, x, step, length, 8u, want_max, policy);
    }
    return e.have && !e.nan ? e.best : dmlref__f64_from_bits(UINT64_C(0x7FF8000000000000));
}

/* Integers: exact modulo 2^64, whose low bits are the element type's result. */
static uint64_t dmlref__reduce_integer(const dmlref__reduce_panel *p, const void *base) {
    const uint32_t esize = dmlref__types[p->type].size, shift = 64u - 8u * esize;
    const int is_signed = dmlref__types[p->type].kind == DMLREF__KIND_SIGNED;
    dmlref__sequence s;
    uint64_t t = 0, i;
    s.p = p;
    s.base = base;
    dmlref__seq_seek(&s, 0);
    for (i = 0; i < p->rcount; i++, dmlref__seq_next(&s)) {
        uint64_t x = dmlref__load_bits(dmlref__cadvance(base, s.offset, esize), esize);
        if (is_signed) x = (uint64_t)((int64_t)(x << shift) >> shift); /* sign-extended */
        if (i == 0 && (p->row->combine == DMLREF_COMBINE_MIN || p->row->combine == DMLREF_COMBINE_MAX)) {
            t = x;
            continue;
        }
        switch ((dmlref_combine)p->row->combine) {
        case DMLREF_COMBINE_MULTIPLY: t = i == 0 ? x : t * x; break;
        case DMLREF_COMBINE_MIN:
        case DMLREF_COMBINE_MAX: {
            int below = is_signed ? (int64_t)x < (int64_t)t : x < t;
            if (below == (p->row->combine == DMLREF_COMBINE_MIN) && x != t) t = x;
            break;
        }
        default:
            if (p->row->map == DMLREF_MAP_ABS && is_signed && (int64_t)x < 0) x = 0u - x;
            else if (p->row->map == DMLREF_MAP_SQUARE) x *= x;
            t += x;
            break;
        }
    }
    return t;
}

/* The scalar reduce kernel: every output of a panel. */
static void dmlref__reduce_scalar(const dmlref__reduce_panel *p) {
    const uint32_t esize = dmlref__types[p->type].size;
    const int kind = dmlref__types[p->type].kind;
    uint64_t o;
    for (o = 0; o < p->outputs; o++) {
        const void *base = dmlref__cadvance(p->src, (int64_t)o * p->src_output_step, esize);
        void *y = dmlref__advance(p->dst, (int64_t)o * p->dst_output_step, esize);
        if (kind != DMLREF__KIND_FLOAT) dmlref__store_bits(y, esize, dmlref__reduce_integer(p, base));
        else if (p->row->combine == DMLREF_COMBINE_MIN || p->row->combine == DMLREF_COMBINE_MAX)
            dmlref__store_float_as(y, 0, 0, dmlref__reduce_extreme(p, base), esize);
        else if (p->float_order == DMLREF_FLOAT_ORDER_EXACT)
            dmlref__store_bits(y, esize, dmlref__reduce_exact(p, base));
        else dmlref__store_float_as(y, 0, 0, dmlref__reduce_float(p, base), esize);
    }
}

/* >>tasks ----------------------------------------------------------------------
   A call as tasks of the caller's parallel-for (docs/semantics.md: "Threads").
   A task makes whole kernel calls on parts of the work, so every output sees
   the operations it sees on one thread: independent lines, or groups of
   lines, go to any task; one long line is cut into pieces only where its
   order allows: integers (sums and products wrap, so they associate), BLOCKED
   and TREE CARRY_AFTER float scans (pieces start on a block and take the
   block carries chained in order between two passes), EXACT sums (each piece
   starts from the exact sum before it), arg-reductions (piece winners merged
   in order under the tie rule). A task enters the library's
   floating-point environment itself: a pool thread's settings are its own. */

/* The fewest elements a task is given: below it the calling thread does all. */
#ifndef DMLREF_TASK_GRAIN
#define DMLREF_TASK_GRAIN 32768u
#endif
/* A scan line is cut into pieces only for this many tasks or more: the pieces' first pass reads the line
   once more, which 2 tasks do not win back (docs/semantics.md, "Threads"). */
#ifndef DMLREF_SPLIT_MIN_TASKS
#define DMLREF_SPLIT_MIN_TASKS 3u
#endif
/* Pieces of a split integer line or arg-reduction start on multiples of this many elements. */
#define DMLREF__PIECE_ALIGN 1024u

typedef struct dmlref__tasking {
    const dmlref_parallel *parallel;
    uint32_t tasks; /* of the pass being run */
    int round_up;   /* error bounds: tasks round toward +infinity */
} dmlref__tasking;

static uint32_t dmlref__tasks_for(const dmlref_parallel *par, uint64_t elements) {
    uint64_t n = elements / DMLREF_TASK_GRAIN;
    if (!par || par->max_tasks <= 1 || n < 2) return 1;
    return n < par->max_tasks ? (uint32_t)n : par->max_tasks;
}

/* Units [*first, *end) of task t when `units` are shared by `tasks` tasks. */
static void dmlref__task_range(uint64_t units, uint32_t tasks, uint32_t t, uint64_t *first, uint64_t *end) {
    uint64_t q = units / tasks, r = units % tasks;
    *first = q * t + (t < r ? t : r);
    *end = *first + q + (t < r ? 1u : 0u);
}

static void dmlref__task_enter(const dmlref__tasking *run, dmlref__fpenv *env) {
    if (run->tasks <= 1) { /* the calling thread is in the library's environment already */
        memset(env, 0, sizeof *env);
        return;
    }
    dmlref__fpenv_enter(env);
    if (run->round_up) dmlref__fpenv_round_up();
}
static void dmlref__task_leave(const dmlref__tasking *run, const dmlref__fpenv *env) {
    if (run->tasks > 1) dmlref__fpenv_leave(env);
}

static void dmlref__run_tasks(dmlref__tasking *run, uint32_t tasks, void (*task)(void *, uint32_t), void *job) {
    run->tasks = tasks;
    if (tasks <= 1) task(job, 0);
    else run->parallel->parallel_for(run->parallel->context, tasks, task, job);
}

/* Position `index` of an odometer over dims[0..n) (last fastest), and its offsets. */
static void dmlref__odometer_at(const dmlref__dim *dims, uint32_t n, uint64_t index, uint64_t *pos, int64_t *off_in,
                                int64_t *off_out) {
    uint32_t d = n;
    *off_in = *off_out = 0;
    while (d-- > 0) {
        pos[d] = index % dims[d].size;
        index /= dims[d].size;
        *off_in += (int64_t)pos[d] * dims[d].in;
        *off_out += (int64_t)pos[d] * dims[d].out;
    }
}

static uint64_t dmlref__odometer_count(const dmlref__dim *dims, uint32_t n) {
    uint64_t count = 1;
    uint32_t d;
    for (d = 0; d < n; d++) count *= dims[d].size;
    return count;
}

/* Independent units: a unit is `chunk` consecutive lines (outputs) of one panel; enough
   units for the tasks, each a multiple of 16 lines so SIMD groups stay whole. */
static void dmlref__chunk_lines(uint64_t panels, uint64_t lines, uint32_t tasks, uint64_t *chunk, uint64_t *chunks) {
    uint64_t want = panels >= tasks ? 1u : (tasks + panels - 1u) / panels;
    *chunk = lines;
    if (want > 1 && lines > 16u) {
        *chunk = (lines + want - 1u) / want;
        *chunk = (*chunk + 15u) / 16u * 16u;
    }
    *chunks = (lines + *chunk - 1u) / *chunk;
}

/* A task's walk over its independent units: unit u is chunk u % chunks of panel u / chunks. */
typedef struct dmlref__unit_walk {
    uint64_t pos[DMLREF__MAX_DIMS];
    int64_t off_in, off_out; /* the panel's offsets */
    uint64_t unit, end, chunk;
} dmlref__unit_walk;

/* 0 when task t has no units. */
static int dmlref__walk_begin(dmlref__unit_walk *w, const dmlref__dim *dims, uint32_t n, uint64_t units,
                              uint64_t chunks, uint32_t tasks, uint32_t t) {
    dmlref__task_range(units, tasks, t, &w->unit, &w->end);
    if (w->unit == w->end) return 0;
    w->chunk = w->unit % chunks;
    dmlref__odometer_at(dims, n, w->unit / chunks, w->pos, &w->off_in, &w->off_out);
    return 1;
}
static int dmlref__walk_next(dmlref__unit_walk *w, const dmlref__dim *dims, uint32_t n, uint64_t chunks) {
    if (++w->unit == w->end) return 0;
    if (++w->chunk == chunks) {
        w->chunk = 0;
        dmlref__odometer_next(dims, n, w->pos, &w->off_in, &w->off_out);
    }
    return 1;
}

/* --- scans ----------------------------------------------------------------- */

enum { DMLREF__SPLIT_NONE, DMLREF__SPLIT_INTEGER, DMLREF__SPLIT_BLOCKS, DMLREF__SPLIT_EXACT };

typedef struct dmlref__scan_job {
    dmlref__tasking run;
    dmlref__scan_panel panel; /* every field but src, dst, lines (and length, pieces) */
    const void *input;
    void *output;
    uint32_t out_esize;
    int64_t base_in, base_out; /* DECREASING: offsets of each line's first element in traversal order */
    dmlref__dim outer[DMLREF__MAX_DIMS];
    uint32_t n;                    /* odometer dimensions outside the panel */
    uint64_t lines;                /* of each panel */
    uint64_t chunk, chunks, units; /* independent units: `chunk` lines of a panel */
    const dmlref__scan_route *route;
    dmlref__scan_kernel scalar;
    double *scratch; /* per task, scratch_values each: the general kernel's large trees */
    size_t scratch_values;
    /* split lines: each of the `lines_total` lines is `pieces` pieces of `piece` elements (the last shorter) */
    uint64_t lines_total, pieces, piece;
    uint64_t *partials;         /* integers: per part of a piece its combination (pass 1) */
    uint64_t *totals;           /* integers: per piece the carry before it */
    double *blocks;             /* blocks: per line the totals of the blocks of pieces 0 .. pieces-2 */
    double *carries;            /* blocks: per piece the carry before it */
    uint64_t line_blocks;       /* block totals per line */
    dmlref__exact_carry *exact; /* EXACT: per piece the sum before it, then per part of a piece its total */
    uint64_t exact_parts;       /* EXACT: parts per piece in pass 1 */
} dmlref__scan_job;

/* Line l (panel-major) of the job: its first element in traversal order. */
static void dmlref__scan_line_at(const dmlref__scan_job *job, uint64_t l, const void **src, void **dst) {
    uint64_t pos[DMLREF__MAX_DIMS], j = l % job->lines;
    int64_t off_in, off_out;
    dmlref__odometer_at(job->outer, job->n, l / job->lines, pos, &off_in, &off_out);
    *src = dmlref__cadvance(job->input, job->base_in + off_in + (int64_t)j * job->panel.src_line, job->panel.esize);
    *dst = dmlref__advance(job->output, job->base_out + off_out + (int64_t)j * job->panel.dst_line, job->out_esize);
}

static void dmlref__scan_lines_task(void *arg, uint32_t t) {
    const dmlref__scan_job *job = (const dmlref__scan_job *)arg;
    dmlref__scan_panel panel = job->panel;
    dmlref__unit_walk w;
    dmlref__fpenv env;
    if (!dmlref__walk_begin(&w, job->outer, job->n, job->units, job->chunks, job->run.tasks, t)) return;
    dmlref__task_enter(&job->run, &env);
    if (job->scratch) panel.scratch = job->scratch + (size_t)t * job->scratch_values;
    do {
        uint64_t first = w.chunk * job->chunk;
        panel.lines = job->lines - first < job->chunk ? job->lines - first : job->chunk;
        panel.src =
            dmlref__cadvance(job->input, job->base_in + w.off_in + (int64_t)first * panel.src_line, panel.esize);
        panel.dst =
            dmlref__advance(job->output, job->base_out + w.off_out + (int64_t)first * panel.dst_line, job->out_esize);
        dmlref__scan_route_panel(job->route, job->scalar, &panel);
    } while (dmlref__walk_next(&w, job->outer, job->n, job->chunks));
    dmlref__task_leave(&job->run, &env);
}

/* Piece u of a split line as a one-line panel. */
static void dmlref__scan_piece(const dmlref__scan_job *job, uint64_t u, dmlref__scan_panel *piece) {
    const void *src;
    void *dst;
    uint64_t start = (u % job->pieces) * job->piece;
    dmlref__scan_line_at(job, u / job->pieces, &src, &dst);
    *piece = job->panel;
    piece->src = dmlref__cadvance(src, (int64_t)start * piece->src_step, piece->esize);
    piece->dst = dmlref__advance(dst, (int64_t)start * piece->dst_step, job->out_esize);
    piece->length = piece->length - start < job->piece ? piece->length - start : job->piece;
    piece->lines = 1;
    piece->src_line = piece->dst_line = 0;
}

/* Integer sums and products wrap (two's complement), so they associate. */
static uint64_t dmlref__combine_int(int product, uint64_t a, uint64_t b) { return product ? a * b : a + b; }

/* The combination (mod 2^64) of count integer elements at x, step apart: they commute, so a
   run in either direction is one forward loop with four accumulators. */
#define DMLREF__INT_TOTAL_LOOP(T)                                                               \
    do {                                                                                        \
        const T *y = (const T *)x;                                                              \
        if (step == 1 && !product) {                                                            \
            uint64_t a0 = 0, a1 = 0, a2 = 0, a3 = 0;                                            \
            for (; i + 4u <= count; i += 4u) {                                                  \
                a0 += y[i];                                                                     \
                a1 += y[i + 1u];                                                                \
                a2 += y[i + 2u];                                                                \
                a3 += y[i + 3u];                                                                \
            }                                                                                   \
            acc = a0 + a1 + a2 + a3;                                                            \
        }                                                                                       \
        for (; i < count; i++) acc = dmlref__combine_int(product, acc, y[(ptrdiff_t)i * step]); \
    } while (0)
static uint64_t dmlref__int_total(const void *x, int64_t step, uint64_t count, uint32_t esize, int product) {
    uint64_t acc = product ? 1u : 0u, i = 0;
    if (step == -1) { /* the same elements, from the lowest address */
        x = (const unsigned char *)x - (ptrdiff_t)(count - 1u) * (ptrdiff_t)esize;
        step = 1;
    }
    switch (esize) {
    case 1: DMLREF__INT_TOTAL_LOOP(uint8_t); break;
    case 2: DMLREF__INT_TOTAL_LOOP(uint16_t); break;
    case 4: DMLREF__INT_TOTAL_LOOP(uint32_t); break;
    default: DMLREF__INT_TOTAL_LOOP(uint64_t); break;
    }
    return acc;
}
#undef DMLREF__INT_TOTAL_LOOP

/* Integers, pass 1: each task combines one of `tasks` parts of every piece but the last. */
static void dmlref__scan_int_totals_task(void *arg, uint32_t t) {
    dmlref__scan_job *job = (dmlref__scan_job *)arg;
    const uint64_t parts = job->run.tasks, per_line = (job->pieces - 1u) * parts;
    uint64_t u, end;
    dmlref__task_range(job->lines_total * per_line, job->run.tasks, t, &u, &end);
    for (; u < end; u++) {
        const uint64_t l = u / per_line, q = u % per_line / parts, part = u % parts;
        const uint64_t first = q * job->piece + part * job->piece / parts;
        const uint64_t last = q * job->piece + (part + 1u) * job->piece / parts;
        const void *src;
        void *dst;
        dmlref__scan_line_at(job, l, &src, &dst);
        job->partials[u] =
            dmlref__int_total(dmlref__cadvance(src, (int64_t)first * job->panel.src_step, job->panel.esize),
                              job->panel.src_step, last - first, job->panel.esize, job->panel.product);
    }
}

/* The totals of `count` consecutive blocks at x: each the last output of the block's own scan,
   which every tree computes as the balanced pairwise tree, lower half first. */
#define DMLREF__PAIRWISE16(T)                                                                     \
    do {                                                                                          \
        const T *f = (const T *)x;                                                                \
        for (b = 0; b < count; b++, f += 16) {                                                    \
            const T a0 = f[0] + f[1], a1 = f[2] + f[3], a2 = f[4] + f[5], a3 = f[6] + f[7];       \
            const T a4 = f[8] + f[9], a5 = f[10] + f[11], a6 = f[12] + f[13], a7 = f[14] + f[15]; \
            out[b] = (double)(((a0 + a1) + (a2 + a3)) + ((a4 + a5) + (a6 + a7)));                 \
        }                                                                                         \
    } while (0)
static void dmlref__block_totals(const dmlref__scan_panel *p, const void *x, uint64_t count, double *out) {
    const uint32_t block = p->schedule.block;
    uint64_t b;
    uint32_t i, k;
    if (p->src_step == 1 && block == 16u && !p->product && p->accumulation == DMLREF_ACCUMULATION_DEFAULT) {
        const dmlref__totals16_kernel simd = !p->helpers     ? NULL
                                             : p->esize == 4 ? p->helpers->totals_f32
                                             : p->esize == 2 ? p->helpers->totals_f16
                                                             : NULL;
        if (simd) { /* the path's whole groups; the blocks left run the loops below */
            const uint64_t done = simd(x, count, out);
            x = dmlref__cadvance(x, (int64_t)(done * 16u), p->esize);
            out += done;
            count -= done;
        }
        if (p->esize == 4) { /* BLOCKED FLOAT32 and FLOAT64, the common cases, in their own arithmetic */
            DMLREF__PAIRWISE16(float);
            return;
        }
        if (p->esize == 8) {
            DMLREF__PAIRWISE16(double);
            return;
        }
    }
    for (b = 0; b < count; b++) {
        const void *start = dmlref__cadvance(x, (int64_t)(b * block) * p->src_step, p->esize);
        double level[17];
        for (i = 0; i < block; i++) {
            double v = dmlref__load_float(p, start, i);
            for (k = 0; (i >> k) & 1u; k++) v = dmlref__combine(p, level[k], v);
            level[k] = v;
        }
        for (k = 0; (1u << k) < block; k++) {}
        out[b] = level[k];
    }
}
#undef DMLREF__PAIRWISE16

/* Blocks, pass 1: the totals of the blocks before each line's last piece. */
static void dmlref__scan_block_totals_task(void *arg, uint32_t t) {
    dmlref__scan_job *job = (dmlref__scan_job *)arg;
    const uint32_t block = job->panel.schedule.block;
    uint64_t u, end;
    dmlref__fpenv env;
    dmlref__task_range(job->lines_total * job->line_blocks, job->run.tasks, t, &u, &end);
    if (u == end) return;
    dmlref__task_enter(&job->run, &env);
    while (u < end) {
        const uint64_t b = u % job->line_blocks,
                       count = job->line_blocks - b < end - u ? job->line_blocks - b : end - u;
        const void *src;
        void *dst;
        dmlref__scan_line_at(job, u / job->line_blocks, &src, &dst);
        dmlref__block_totals(&job->panel,
                             dmlref__cadvance(src, (int64_t)(b * block) * job->panel.src_step, job->panel.esize), count,
                             job->blocks + u);
        u += count;
    }
    dmlref__task_leave(&job->run, &env);
}

/* Between the passes, on the calling thread: the carry before each piece, block by block in
   the line's order, exactly as the unsplit line computes it. */
static void dmlref__chain_blocks(dmlref__scan_job *job) {
    const dmlref__scan_panel *p = &job->panel;
    const uint64_t per_piece = job->piece / p->schedule.block;
    uint64_t l, q, b;
    for (l = 0; l < job->lines_total; l++) {
        const double *total = job->blocks + l * job->line_blocks;
        double carry = p->product ? 1.0 : 0.0;
        int carried = p->identity_seed;
        if (p->esize == 4 && !p->product && p->accumulation == DMLREF_ACCUMULATION_DEFAULT && !carried) {
            float c = (float)total[0]; /* float arithmetic: the chain is one dependent addition per block */
            for (q = 0; q + 1u < job->pieces; q++) {
                for (b = q == 0 ? 1u : 0u; b < per_piece; b++) c = c + (float)total[q * per_piece + b];
                job->carries[l * job->pieces + q + 1u] = (double)c;
            }
            continue;
        }
        for (q = 0; q + 1u < job->pieces; q++) {
            for (b = 0; b < per_piece; b++, total++) {
                carry = carried ? dmlref__combine(p, carry, *total) : *total;
                carried = 1;
            }
            job->carries[l * job->pieces + q + 1u] = carry;
        }
    }
}

/* EXACT, pass 1: the exact total of each part of the pieces before each line's last. */
static void dmlref__scan_exact_totals_task(void *arg, uint32_t t) {
    dmlref__scan_job *job = (dmlref__scan_job *)arg;
    const uint64_t parts = job->exact_parts, per_line = (job->pieces - 1u) * parts;
    dmlref__exact_carry *totals = job->exact + job->lines_total * job->pieces;
    uint64_t u, end;
    dmlref__fpenv env;
    dmlref__task_range(job->lines_total * per_line, job->run.tasks, t, &u, &end);
    if (u == end) return;
    dmlref__task_enter(&job->run, &env);
    for (; u < end; u++) {
        const uint64_t q = u % per_line / parts, part = u % parts;
        const uint64_t first = part * job->piece / parts, last = (part + 1u) * job->piece / parts;
        dmlref__scan_panel run;
        dmlref__scan_piece(job, u / per_line * job->pieces + q, &run);
        run.length = last - first;
        dmlref__exact_total(&run, dmlref__cadvance(run.src, (int64_t)first * run.src_step, run.esize), &totals[u]);
    }
    dmlref__task_leave(&job->run, &env);
}

/* Blocks, pass 2: each piece scanned from its carry; integers, the first pass; EXACT, from its exact carry. */
static void dmlref__scan_pieces_task(void *arg, uint32_t t) {
    const dmlref__scan_job *job = (const dmlref__scan_job *)arg;
    uint64_t u, end;
    dmlref__fpenv env;
    dmlref__task_range(job->lines_total * job->pieces, job->run.tasks, t, &u, &end);
    if (u == end) return;
    dmlref__task_enter(&job->run, &env);
    for (; u < end; u++) {
        dmlref__scan_panel piece;
        dmlref__scan_piece(job, u, &piece);
        if (job->scratch) piece.scratch = job->scratch + (size_t)t * job->scratch_values;
        if (job->exact) {
            dmlref__exact_piece(&piece, &job->exact[u]);
            continue;
        }
        if (u % job->pieces != 0) {
            piece.has_carry = 1;
            if (job->totals) piece.carry_bits = job->totals[u];
            else piece.carry = job->carries[u];
        }
        dmlref__scan_route_panel(job->route, job->scalar, &piece);
    }
    dmlref__task_leave(&job->run, &env);
}

/* How a long line may be split: integers, EXACT sums, and float scans whose blocks take the carry after
   their tree. */
static int dmlref__scan_split_kind(const dmlref__scan_job *job, const dmlref__plan *plan) {
    if (job->panel.bound) return DMLREF__SPLIT_NONE;
    if (dmlref__types[plan->in.type].kind != DMLREF__KIND_FLOAT) return DMLREF__SPLIT_INTEGER;
    if (plan->float_order == DMLREF_FLOAT_ORDER_EXACT) return DMLREF__SPLIT_EXACT;
    if (plan->schedule.block > 1u && plan->schedule.chain == DMLREF_CARRY_AFTER &&
        dmlref__schedule_plain(&plan->schedule)) /* blocks take the carry last */
        return DMLREF__SPLIT_BLOCKS;
    return DMLREF__SPLIT_NONE;
}

/* EXACT lines: pass 1 splits the pieces before each line's last into about `tasks` parts in all. */
static int dmlref__scan_split_exact(dmlref__scan_job *job, uint32_t tasks) {
    const dmlref__float_format *f = dmlref__format_of_size(job->panel.esize);
    const uint64_t summed = job->lines_total * (job->pieces - 1u), carries = job->lines_total * job->pieces;
    uint64_t l, q, k;
    job->exact_parts = (tasks + summed - 1u) / summed;
    job->exact = (dmlref__exact_carry *)DMLREF_MALLOC((size_t)(carries + summed * job->exact_parts) *
                                                      sizeof(dmlref__exact_carry));
    if (!job->exact) return 0;
    dmlref__run_tasks(&job->run, tasks, dmlref__scan_exact_totals_task, job);
    for (l = 0; l < job->lines_total; l++) { /* the carries, part by part in line order */
        dmlref__exact_carry *carry = job->exact + l * job->pieces;
        const dmlref__exact_carry *total = job->exact + carries + l * (job->pieces - 1u) * job->exact_parts;
        dmlref__exact_carry_reset(carry, f, !job->panel.identity_seed); /* a seed is +0.0 */
        for (q = 0; q + 1u < job->pieces; q++) {
            dmlref__exact_carry_copy(carry + 1, carry);
            carry++;
            for (k = 0; k < job->exact_parts; k++, total++) dmlref__exact_carry_add(carry, total, f);
        }
    }
    dmlref__run_tasks(&job->run, tasks, dmlref__scan_pieces_task, job);
    DMLREF_FREE(job->exact);
    return 1;
}

/* Splits each of the job's few lines into pieces and runs the passes; 0 when it cannot
   (a work buffer could not be allocated, or the lines are too short), and nothing was written. */
static int dmlref__scan_split(dmlref__scan_job *job, int kind, uint32_t tasks) {
    const uint64_t length = job->panel.length;
    const uint64_t align = kind == DMLREF__SPLIT_BLOCKS && job->panel.schedule.block > DMLREF__PIECE_ALIGN
                               ? job->panel.schedule.block
                               : DMLREF__PIECE_ALIGN;
    uint64_t want = (tasks + job->lines_total - 1u) / job->lines_total;
    job->piece = (length + want - 1u) / want;
    job->piece = (job->piece + align - 1u) / align * align;
    job->pieces = (length + job->piece - 1u) / job->piece;
    if (job->pieces < 2) return 0;
    if (kind == DMLREF__SPLIT_INTEGER) {
        const uint64_t per_line = (job->pieces - 1u) * tasks;
        uint64_t l, q, k;
        job->totals =
            (uint64_t *)DMLREF_MALLOC((size_t)(job->lines_total * (job->pieces + per_line)) * sizeof(uint64_t));
        if (!job->totals) return 0;
        job->partials = job->totals + job->lines_total * job->pieces;
        dmlref__run_tasks(&job->run, tasks, dmlref__scan_int_totals_task, job);
        for (l = 0; l < job->lines_total; l++) { /* the carries, piece by piece in order */
            uint64_t c = job->panel.product ? 1u : 0u;
            for (q = 0; q + 1u < job->pieces; q++) {
                for (k = 0; k < tasks; k++)
                    c = dmlref__combine_int(job->panel.product, c, job->partials[l * per_line + q * tasks + k]);
                job->totals[l * job->pieces + q + 1u] = c;
            }
        }
        dmlref__run_tasks(&job->run, tasks, dmlref__scan_pieces_task, job);
        DMLREF_FREE(job->totals);
        return 1;
    }
    if (kind == DMLREF__SPLIT_EXACT) return dmlref__scan_split_exact(job, tasks);
    job->line_blocks = (job->pieces - 1u) * (job->piece / job->panel.schedule.block);
    job->blocks =
        (double *)DMLREF_MALLOC((size_t)(job->lines_total * (job->line_blocks + job->pieces)) * sizeof(double));
    if (!job->blocks) return 0;
    job->carries = job->blocks + job->lines_total * job->line_blocks;
    dmlref__run_tasks(&job->run, tasks, dmlref__scan_block_totals_task, job);
    dmlref__chain_blocks(job);
    dmlref__run_tasks(&job->run, tasks, dmlref__scan_pieces_task, job);
    DMLREF_FREE(job->blocks);
    return 1;
}

/* The output may be a bound tensor (FLOAT64) of another element size than the input. Returns
   DMLREF_ERROR_OUT_OF_MEMORY only when a TREE's work buffer cannot be had even for one task. */
static dmlref_status dmlref__run_scan(const dmlref__ctx *ctx, const dmlref__plan *plan, const void *input, void *output,
                                      const dmlref__scan_route *route, dmlref__scan_kernel scalar,
                                      const dmlref__helpers *helpers, int stream, const dmlref__bound_setup *bound,
                                      const dmlref_parallel *parallel) {
    dmlref__scan_job job;
    uint32_t d, tasks;
    uint64_t panels;
    int kind;
    DMLREF_ASSERT(scalar != NULL); /* validation admits only types with kernels */
    memset(&job, 0, sizeof job);
    for (d = 0; d < plan->in.rank; d++) {
        if (d == plan->axis || plan->in.sizes[d] == 1) continue;
        job.outer[job.n].size = plan->in.sizes[d];
        job.outer[job.n].in = (int64_t)plan->in.strides[d];
        job.outer[job.n].out = (int64_t)plan->out.strides[d];
        job.n++;
    }
    job.n = dmlref__order_and_merge(job.outer, job.n);
    job.panel.length = plan->in.sizes[plan->axis];
    job.panel.src_step = (int64_t)plan->in.strides[plan->axis];
    job.panel.dst_step = (int64_t)plan->out.strides[plan->axis];
    if (plan->decreasing) { /* start at the last element and walk backwards */
        job.base_in = (int64_t)(job.panel.length - 1u) * job.panel.src_step;
        job.base_out = (int64_t)(job.panel.length - 1u) * job.panel.dst_step;
        job.panel.src_step = -job.panel.src_step;
        job.panel.dst_step = -job.panel.dst_step;
    }
    job.lines = 1;
    if (job.n > 0) { /* the innermost remaining dimension is the panel */
        job.n--;
        job.lines = job.outer[job.n].size;
        job.panel.src_line = job.outer[job.n].in;
        job.panel.dst_line = job.outer[job.n].out;
    }
    job.panel.exclusive = plan->exclusive;
    job.panel.esize = plan->in.esize;
    job.panel.stream = stream;
    job.panel.bound = bound;
    job.panel.product = plan->row->combine == DMLREF_COMBINE_MULTIPLY;
    job.panel.accumulation = plan->accumulation;
    job.panel.identity_seed = plan->identity_seed;
    job.panel.float_order = plan->float_order;
#if defined(DMLREF__ANY_SIMD)
    if (bound) job.panel.reverse = DMLREF__REVERSE_NONE;
    else if (dmlref__types[plan->in.type].kind != DMLREF__KIND_FLOAT)
        job.panel.reverse = plan->row->combine == DMLREF_COMBINE_ADD ? DMLREF__REVERSE_FUSED : DMLREF__REVERSE_NONE;
    else if (plan->identity_seed ||
             !(plan->float_order == DMLREF_FLOAT_ORDER_SEQUENTIAL || plan->float_order == DMLREF_FLOAT_ORDER_BLOCKED))
        job.panel.reverse = DMLREF__REVERSE_NONE;
    else if (plan->accumulation == DMLREF_ACCUMULATION_DEFAULT) job.panel.reverse = DMLREF__REVERSE_FUSED;
    else if (plan->accumulation == DMLREF_ACCUMULATION_NATIVE && plan->float_order == DMLREF_FLOAT_ORDER_SEQUENTIAL)
        job.panel.reverse = DMLREF__REVERSE_SEQUENTIAL; /* FLOAT16: the tally is binary16 */
    else job.panel.reverse = DMLREF__REVERSE_NONE;
#endif
    job.panel.schedule = plan->schedule;
    job.panel.helpers = helpers;
    job.input = input;
    job.output = output;
    job.out_esize = plan->out.esize;
    job.route = route;
    job.scalar = scalar;
    job.run.parallel = parallel;
    job.run.round_up = bound != NULL;
    panels = dmlref__odometer_count(job.outer, job.n);
    job.lines_total = panels * job.lines;
    tasks = dmlref__tasks_for(parallel, job.lines_total * job.panel.length);
    if (dmlref__types[plan->in.type].kind == DMLREF__KIND_FLOAT && plan->schedule.block > 1u &&
        dmlref__schedule_scratch(&plan->schedule, job.panel.length) > DMLREF__TREE_STACK) {
        job.scratch_values = (size_t)dmlref__schedule_scratch(&plan->schedule, job.panel.length);
        job.scratch = (double *)DMLREF_MALLOC((size_t)tasks * job.scratch_values * sizeof(double));
        if (!job.scratch && tasks > 1) /* fewer tasks, then */
            job.scratch = (double *)DMLREF_MALLOC(job.scratch_values * sizeof(double)), tasks = 1;
        if (!job.scratch)
            return dmlref__fail(ctx, DMLREF_ERROR_OUT_OF_MEMORY,
                                "options.tree->block is %u: its %lu-byte work buffer could not be allocated",
                                (unsigned)plan->schedule.block, (unsigned long)(job.scratch_values * sizeof(double)));
    }
    kind = dmlref__scan_split_kind(&job, plan);
    if (!(tasks >= DMLREF_SPLIT_MIN_TASKS && tasks > 1 && job.lines_total < tasks && kind != DMLREF__SPLIT_NONE &&
          dmlref__scan_split(&job, kind, tasks))) {
        dmlref__chunk_lines(panels, job.lines, tasks, &job.chunk, &job.chunks);
        job.units = panels * job.chunks;
        dmlref__run_tasks(&job.run, job.units < tasks ? (uint32_t)job.units : tasks, dmlref__scan_lines_task, &job);
    }
    if (job.scratch) DMLREF_FREE(job.scratch);
    return DMLREF_OK;
}

/* --- arg-reductions --------------------------------------------------------- */

typedef struct dmlref__arg_job {
    dmlref__tasking run;
    dmlref__arg_panel panel; /* every field but src, dst, outputs */
    const void *input;
    void *output;
    dmlref__dim kept[DMLREF__MAX_DIMS];
    uint32_t n;
    uint64_t outputs;              /* of each panel */
    uint64_t chunk, chunks, units; /* independent units: `chunk` outputs of a panel */
    const dmlref__arg_route *route;
    dmlref__arg_kernel scalar;
    int compare_first; /* DMLREF_NAN_COMPARE: the first element's rule after the kernel */
    uint64_t outputs_total, pieces, piece;
    uint64_t *found; /* split lines: each piece's answer, relative to the piece */
} dmlref__arg_job;

static void dmlref__arg_output_at(const dmlref__arg_job *job, uint64_t o, dmlref__arg_panel *one) {
    uint64_t pos[DMLREF__MAX_DIMS], j = o % job->outputs;
    int64_t off_in, off_out;
    dmlref__odometer_at(job->kept, job->n, o / job->outputs, pos, &off_in, &off_out);
    *one = job->panel;
    one->src =
        dmlref__cadvance(job->input, off_in + (int64_t)j * one->src_output_step, dmlref__types[one->src_type].size);
    one->dst =
        dmlref__advance(job->output, off_out + (int64_t)j * one->dst_output_step, dmlref__index_size(one->index_type));
    one->outputs = 1;
}

static void dmlref__arg_outputs_task(void *arg, uint32_t t) {
    const dmlref__arg_job *job = (const dmlref__arg_job *)arg;
    const uint32_t esize = dmlref__types[job->panel.src_type].size, isize = dmlref__index_size(job->panel.index_type);
    dmlref__arg_panel panel = job->panel;
    dmlref__unit_walk w;
    dmlref__fpenv env;
    if (!dmlref__walk_begin(&w, job->kept, job->n, job->units, job->chunks, job->run.tasks, t)) return;
    dmlref__task_enter(&job->run, &env);
    do {
        uint64_t first = w.chunk * job->chunk;
        panel.outputs = job->outputs - first < job->chunk ? job->outputs - first : job->chunk;
        panel.src = dmlref__cadvance(job->input, w.off_in + (int64_t)first * panel.src_output_step, esize);
        panel.dst = dmlref__advance(job->output, w.off_out + (int64_t)first * panel.dst_output_step, isize);
        dmlref__arg_route_panel(job->route, job->scalar, &panel);
        if (job->compare_first) dmlref__arg_compare_first(&panel);
    } while (dmlref__walk_next(&w, job->kept, job->n, job->chunks));
    dmlref__task_leave(&job->run, &env);
}

static void dmlref__arg_pieces_task(void *arg, uint32_t t) {
    dmlref__arg_job *job = (dmlref__arg_job *)arg;
    uint64_t u, end;
    dmlref__fpenv env;
    dmlref__task_range(job->outputs_total * job->pieces, job->run.tasks, t, &u, &end);
    if (u == end) return;
    dmlref__task_enter(&job->run, &env);
    for (; u < end; u++) {
        dmlref__arg_panel piece;
        const uint64_t start = (u % job->pieces) * job->piece;
        dmlref__arg_output_at(job, u / job->pieces, &piece);
        piece.src = dmlref__cadvance(piece.src, (int64_t)start * piece.rstride[0], dmlref__types[piece.src_type].size);
        piece.rcount = piece.rsize[0] = piece.rcount - start < job->piece ? piece.rcount - start : job->piece;
        piece.dst = &job->found[u];
        piece.index_type = DML_TENSOR_DATA_TYPE_UINT64;
        dmlref__arg_route_panel(job->route, job->scalar, &piece);
    }
    dmlref__task_leave(&job->run, &env);
}

/* Element x beats element y under the panel's direction and tie rule (neither is NaN). */
static int dmlref__arg_element_beats(const dmlref__arg_panel *p, const void *x, const void *y) {
    const int kind = dmlref__types[p->src_type].kind;
    const uint32_t esize = dmlref__types[p->src_type].size;
    if (kind == DMLREF__KIND_FLOAT) {
        double a = esize == 2   ? (double)dmlref__f16_to_f32_bits(*(const uint16_t *)x)
                   : esize == 4 ? (double)*(const float *)x
                                : *(const double *)x;
        double b = esize == 2   ? (double)dmlref__f16_to_f32_bits(*(const uint16_t *)y)
                   : esize == 4 ? (double)*(const float *)y
                                : *(const double *)y;
        return DMLREF__ARG_BEATS(a, b, p->want_max, p->last);
    }
    if (kind == DMLREF__KIND_SIGNED) {
        const unsigned shift = 64u - 8u * esize; /* sign-extend through the top bits */
        int64_t a = (int64_t)(dmlref__load_bits(x, esize) << shift) >> shift;
        int64_t b = (int64_t)(dmlref__load_bits(y, esize) << shift) >> shift;
        return DMLREF__ARG_BEATS(a, b, p->want_max, p->last);
    }
    {
        uint64_t a = dmlref__load_bits(x, esize), b = dmlref__load_bits(y, esize);
        return DMLREF__ARG_BEATS(a, b, p->want_max, p->last);
    }
}

static int dmlref__arg_element_is_nan(const dmlref__arg_panel *p, const void *x) {
    const uint32_t esize = dmlref__types[p->src_type].size;
    if (dmlref__types[p->src_type].kind != DMLREF__KIND_FLOAT) return 0;
    if (esize == 2) return (*(const uint16_t *)x & 0x7FFFu) > 0x7C00u;
    if (esize == 4) return DMLREF__ISNAN(*(const float *)x);
    return DMLREF__ISNAN(*(const double *)x);
}

/* The pieces' answers of output o, merged in traversal order by the rules of the scalar kernel. */
static void dmlref__arg_merge(const dmlref__arg_job *job, uint64_t o) {
    dmlref__arg_panel line;
    const uint32_t esize = dmlref__types[job->panel.src_type].size;
    const void *best_x = NULL;
    uint64_t best = 0, q;
    int nan = 0;
    dmlref__arg_output_at(job, o, &line);
    for (q = 0; q < job->pieces; q++) {
        const uint64_t index = q * job->piece + job->found[o * job->pieces + q];
        const void *x = dmlref__cadvance(line.src, (int64_t)index * line.rstride[0], esize);
        if (dmlref__arg_element_is_nan(&line, x)) {
            if (!line.ignore_nan && (!nan || line.last)) {
                nan = 1;
                best = index;
            }
            continue;
        }
        if (nan) continue;
        if (!best_x || dmlref__arg_element_beats(&line, x, best_x)) {
            best_x = x;
            best = index;
        }
    }
    if (!best_x && !nan) best = line.last ? line.rcount - 1u : 0; /* IGNORE, every element NaN */
    dmlref__put_index(&line, 0, best);
    if (job->compare_first) dmlref__arg_compare_first(&line);
}

/* How a reduction walks its tensors: the reduced dimensions (in dimension
   order, which defines the flattened index; merged with the previous one
   where contiguous in the input), and the kept ones ordered and merged, the
   innermost kept dimension giving each panel's outputs. */
typedef struct dmlref__reduction_layout {
    uint32_t rdims;
    uint64_t rsize[DMLREF__MAX_DIMS];
    int64_t rstride[DMLREF__MAX_DIMS];
    dmlref__dim kept[DMLREF__MAX_DIMS]; /* outside the panel */
    uint32_t n;
    uint64_t outputs; /* of each panel */
    int64_t src_output_step, dst_output_step;
} dmlref__reduction_layout;

static void dmlref__reduction_split(const dmlref__plan *plan, dmlref__reduction_layout *l) {
    uint32_t d;
    memset(l, 0, sizeof *l);
    for (d = 0; d < plan->in.rank; d++) {
        if (plan->in.sizes[d] == 1) continue;
        if ((plan->reduced_mask >> d) & 1u) {
            int64_t stride = (int64_t)plan->in.strides[d];
            if (l->rdims > 0 && l->rstride[l->rdims - 1] == stride * (int64_t)plan->in.sizes[d]) {
                l->rsize[l->rdims - 1] *= plan->in.sizes[d];
                l->rstride[l->rdims - 1] = stride;
            } else {
                l->rsize[l->rdims] = plan->in.sizes[d];
                l->rstride[l->rdims] = stride;
                l->rdims++;
            }
        } else {
            l->kept[l->n].size = plan->in.sizes[d];
            l->kept[l->n].in = (int64_t)plan->in.strides[d];
            l->kept[l->n].out = (int64_t)plan->out.strides[d];
            l->n++;
        }
    }
    if (l->rdims == 0) { /* every reduced axis has size 1 */
        l->rdims = 1;
        l->rsize[0] = 1;
        l->rstride[0] = 0;
    }
    l->n = dmlref__order_and_merge(l->kept, l->n);
    l->outputs = 1;
    if (l->n > 0) {
        l->n--;
        l->outputs = l->kept[l->n].size;
        l->src_output_step = l->kept[l->n].in;
        l->dst_output_step = l->kept[l->n].out;
    }
}

static void dmlref__run_arg(const dmlref__plan *plan, const void *input, void *output, const dmlref__arg_route *route,
                            dmlref__arg_kernel scalar, int prefetch, const dmlref_parallel *parallel) {
    dmlref__arg_job job;
    dmlref__reduction_layout layout;
    uint64_t panels;
    uint32_t tasks;
    DMLREF_ASSERT(scalar != NULL);
    memset(&job, 0, sizeof job);
    dmlref__reduction_split(plan, &layout);
    memcpy(job.kept, layout.kept, sizeof job.kept);
    job.n = layout.n;
    job.outputs = layout.outputs;
    job.panel.src_output_step = layout.src_output_step;
    job.panel.dst_output_step = layout.dst_output_step;
    job.panel.rdims = layout.rdims;
    memcpy(job.panel.rsize, layout.rsize, sizeof job.panel.rsize);
    memcpy(job.panel.rstride, layout.rstride, sizeof job.panel.rstride);
    job.panel.rcount = plan->reduced_count;
    job.panel.want_max = plan->row->combine == DMLREF_COMBINE_MAX;
    job.panel.last = plan->decreasing;
    job.panel.ignore_nan = plan->nan_policy != DMLREF_NAN_PROPAGATE; /* COMPARE: IGNORE, then the first NaN */
    job.panel.prefetch = prefetch;
    job.panel.src_type = plan->in.type;
    job.panel.index_type = plan->out.type;
    job.input = input;
    job.output = output;
    job.route = route;
    job.scalar = scalar;
    job.compare_first = plan->nan_policy == DMLREF_NAN_COMPARE;
    job.run.parallel = parallel;
    panels = dmlref__odometer_count(job.kept, job.n);
    job.outputs_total = panels * job.outputs;
    tasks = dmlref__tasks_for(parallel, job.outputs_total * job.panel.rcount);
    if (tasks > 1 && job.outputs_total < tasks && job.panel.rdims == 1) {
        uint64_t want = (tasks + job.outputs_total - 1u) / job.outputs_total, o;
        job.piece = (job.panel.rcount + want - 1u) / want;
        job.piece = (job.piece + DMLREF__PIECE_ALIGN - 1u) / DMLREF__PIECE_ALIGN * DMLREF__PIECE_ALIGN;
        job.pieces = (job.panel.rcount + job.piece - 1u) / job.piece;
        if (job.pieces > 1 &&
            (job.found = (uint64_t *)DMLREF_MALLOC((size_t)(job.outputs_total * job.pieces) * sizeof(uint64_t)))) {
            dmlref__run_tasks(&job.run, tasks, dmlref__arg_pieces_task, &job);
            job.run.tasks = 1;
            for (o = 0; o < job.outputs_total; o++) dmlref__arg_merge(&job, o);
            DMLREF_FREE(job.found);
            return;
        }
    }
    dmlref__chunk_lines(panels, job.outputs, tasks, &job.chunk, &job.chunks);
    job.units = panels * job.chunks;
    dmlref__run_tasks(&job.run, job.units < tasks ? (uint32_t)job.units : tasks, dmlref__arg_outputs_task, &job);
}

/* --- reductions ---------------------------------------------------------------- */

typedef struct dmlref__reduce_job {
    dmlref__tasking run;
    dmlref__reduce_panel panel; /* every field but src, dst, outputs */
    const void *input;
    void *output;
    dmlref__dim kept[DMLREF__MAX_DIMS];
    uint32_t n;
    uint64_t outputs;              /* of each panel */
    uint64_t chunk, chunks, units; /* independent units: `chunk` outputs of a panel */
    double *scratch;               /* per task, scratch_values each: the interpreter's large schedules */
    size_t scratch_values;
} dmlref__reduce_job;

static void dmlref__reduce_outputs_task(void *arg, uint32_t t) {
    const dmlref__reduce_job *job = (const dmlref__reduce_job *)arg;
    const uint32_t esize = dmlref__types[job->panel.type].size;
    dmlref__reduce_panel panel = job->panel;
    dmlref__unit_walk w;
    dmlref__fpenv env;
    if (!dmlref__walk_begin(&w, job->kept, job->n, job->units, job->chunks, job->run.tasks, t)) return;
    dmlref__task_enter(&job->run, &env);
    if (job->scratch) panel.scratch = job->scratch + (size_t)t * job->scratch_values;
    do {
        uint64_t first = w.chunk * job->chunk;
        panel.outputs = job->outputs - first < job->chunk ? job->outputs - first : job->chunk;
        panel.src = dmlref__cadvance(job->input, w.off_in + (int64_t)first * panel.src_output_step, esize);
        panel.dst = dmlref__advance(job->output, w.off_out + (int64_t)first * panel.dst_output_step, esize);
        dmlref__reduce_scalar(&panel);
    } while (dmlref__walk_next(&w, job->kept, job->n, job->chunks));
    dmlref__task_leave(&job->run, &env);
}

static dmlref_status dmlref__run_reduce(const dmlref__ctx *ctx, const dmlref__plan *plan, const void *input,
                                        void *output, const dmlref_parallel *parallel) {
    dmlref__reduce_job job;
    dmlref__reduction_layout layout;
    uint64_t panels, values;
    uint32_t tasks;
    memset(&job, 0, sizeof job);
    dmlref__reduction_split(plan, &layout);
    memcpy(job.kept, layout.kept, sizeof job.kept);
    job.n = layout.n;
    job.outputs = layout.outputs;
    job.panel.src_output_step = layout.src_output_step;
    job.panel.dst_output_step = layout.dst_output_step;
    job.panel.rdims = layout.rdims;
    memcpy(job.panel.rsize, layout.rsize, sizeof job.panel.rsize);
    memcpy(job.panel.rstride, layout.rstride, sizeof job.panel.rstride);
    job.panel.rcount = plan->reduced_count;
    job.panel.type = plan->in.type;
    job.panel.row = plan->row;
    job.panel.float_order = plan->float_order;
    job.panel.accumulation = plan->accumulation;
    job.panel.identity_seed = plan->identity_seed;
    job.panel.nan_policy = plan->nan_policy;
    job.panel.plain_lse = plan->plain_lse;
    job.panel.schedule = plan->schedule;
    job.input = input;
    job.output = output;
    job.run.parallel = parallel;
    panels = dmlref__odometer_count(job.kept, job.n);
    tasks = dmlref__tasks_for(parallel, panels * job.outputs * plan->reduced_count);
    dmlref__chunk_lines(panels, job.outputs, tasks, &job.chunk, &job.chunks);
    job.units = panels * job.chunks;
    if (job.units < tasks) tasks = (uint32_t)job.units;
    values = plan->schedule.block > 1u ? dmlref__schedule_scratch(&plan->schedule, plan->reduced_count) : 0;
    if (values > DMLREF__TREE_STACK) {
        job.scratch_values = (size_t)values;
        job.scratch = (double *)DMLREF_MALLOC(job.scratch_values * tasks * sizeof(double));
        if (!job.scratch)
            return dmlref__fail(ctx, DMLREF_ERROR_OUT_OF_MEMORY,
                                "a work buffer of %llu bytes for the float order's schedule could not be allocated",
                                (unsigned long long)(job.scratch_values * tasks * sizeof(double)));
    }
    dmlref__run_tasks(&job.run, tasks, dmlref__reduce_outputs_task, &job);
    if (job.scratch) DMLREF_FREE(job.scratch);
    return DMLREF_OK;
}

/* >>simd-common ----------------------------------------------------------------
   The shapes the SIMD kernels take, written once for every ISA. Each ISA
   section names, per element type, the primitives a shape uses: family
   DMLREF__<ISA>_<TYPE> (e.g. DMLREF__S2_F32), role R is DMLREF__S2_F32_R. The
   shapes with many kernels are macros taking the family and, for scans, the
   operator (DMLREF__VSCAN(P, ...)); the others are ordinary code in
   >>kernels, re-included by each kernel function with DMLREF__K_P naming its
   family (DMLREF__KP(R) is role R). A kernel that does not take a panel's
   shape hands it to the scalar kernel of the same operator and type.

   Roles (scalar meaning; vectors hold W lanes):
     T, A, V, W    element type, tally type (FLOAT16: float), vector of tallies, lanes
     LOAD(p)       the W elements at p as tallies (FLOAT16 widened)
     STORE(p, v)   v to W elements at p, NaN made the canonical quiet NaN
     STREAM(p, v)  STORE with non-temporal stores; FENCE() orders them
     STORE_RAW, STREAM_RAW  the same without the NaN select (transposed scans)
     TLOAD, TSTORE tallies from and to a tally array (no conversion)
     SLOAD, SSTORE, RSTORE  one element to a tally, a tally to an element (RSTORE: no NaN select)
     ADD, SUB      lane-wise a + b, a - b
     ZEROV, NEGZ   +0.0 (integer 0) and -0.0 in every lane
     SCANREG(x)    inclusive prefix sum inside the register; BCASTLAST(s) its last lane everywhere
     R             registers per 16-element BLOCKED block
     LOADB, STOREB, STREAMB  a block to and from its R registers
     SCANB(r)      the block's log-step scan, exactly the BLOCKED definition
     ADDCARRY(r, c), LASTB(r), SHIFT1B(o, r, b)  c + every element; the last element
                   everywhere; the block shifted one element up with b first
     TRANSPOSE(r)  W x W transpose of r[0..W-1]
     SCALAR_BLOCKED, SCALAR_ARG  the scalar kernels leftover lines or NaN outputs go to
     A*            vertical arg-reductions: AV values, AVI and AIT index lanes, AM mask, AW
                   lanes, ALOAD (narrow types widened), ALT/ALE a < b / a <= b, AISNAN,
                   AMOR, AMZERO, AMANY (any lane set), ABLEND/ABLENDI m ? b : a, ASET1I,
                   ASTOREI
     C*            contiguous arg-reductions: CV, CM, CW, CVT lane value type, CLOAD
                   (FLOAT16 as ordered keys, some integers biased), CMIN, CMAX, CLE,
                   CISNAN, CISNAN2 (a NaN in a or b), CMOR, CMANY, CSET1V, CSTOREV */

#define DMLREF__NO_FENCE() ((void)0)
#if defined(__clang__)
#define DMLREF__UNROLL _Pragma("clang loop unroll(full)")
#elif defined(__GNUC__)
#define DMLREF__UNROLL _Pragma("GCC unroll 16")
#else
#define DMLREF__UNROLL
#endif

/* Vertical scan (DMLREF__VSCAN): the panel's lines are adjacent in memory (src_line ==
   dst_line == 1), so lane j of a vector is line j; rows along the axis are
   visited in order with a tally per line, which keeps every access
   contiguous. Per lane this is exactly the scalar recurrence. */
/* (the body: >>kernels, DMLREF__KERNEL_VSCAN) */

#if defined(DMLREF__ANY_SIMD)
/* Whether a vertical kernel writes its rows with streaming stores: the
   output is large and separate, and every row starts on a `width` boundary. */
static int dmlref__stream_rows(const dmlref__scan_panel *p, size_t width) {
    const uint64_t row_bytes = (uint64_t)(p->dst_step < 0 ? -p->dst_step : p->dst_step) * p->esize;
    return p->stream && (uintptr_t)p->dst % width == 0 && row_bytes % width == 0;
}

/* Copies `bytes` to dst with streaming stores, a whole cache line at a
   time; the bytes before dst's first 64-byte boundary and a short rest go
   through the cache. For kernels that make their output in pieces narrower
   than a line, or off the line boundary. Only x86-64 has streaming stores
   here: elsewhere DMLREF__NT_STORES is 0 and no kernel calls this at run time. */
#if defined(DMLREF__X86_64)
#define DMLREF__NT_STORES 1
static void dmlref__stream_copy(void *dst, const void *src, size_t bytes) {
    unsigned char *d = (unsigned char *)dst;
    const unsigned char *s = (const unsigned char *)src;
    size_t head = (64u - (uintptr_t)d % 64u) % 64u;
    int k;
    if (head > bytes) head = bytes;
    memcpy(d, s, head);
    d += head;
    s += head;
    bytes -= head;
    for (; bytes >= 64u; bytes -= 64u, d += 64, s += 64)
        for (k = 0; k < 64; k += 16)
            _mm_stream_si128((__m128i *)(void *)(d + k), _mm_loadu_si128((const __m128i *)(const void *)(s + k)));
    memcpy(d, s, bytes);
}
#else
#define DMLREF__NT_STORES 0
static void dmlref__stream_copy(void *dst, const void *src, size_t bytes) { memcpy(dst, src, bytes); }
#endif

/* Lines [first, first + count) of a scan panel, as a panel of their own. */
static dmlref__scan_panel dmlref__scan_subpanel(const dmlref__scan_panel *p, uint64_t first, uint64_t count) {
    dmlref__scan_panel sub = *p;
    sub.src = dmlref__cadvance(p->src, (int64_t)first * p->src_line, p->esize);
    sub.dst = dmlref__advance(p->dst, (int64_t)first * p->dst_line, p->esize);
    sub.lines = count;
    return sub;
}
#endif

/* Vertical BLOCKED sum (>>kernels, DMLREF__KERNEL_VBLOCKED): lanes are adjacent lines, as in the vertical scan;
   each lane runs the scalar BLOCKED definition over blocks of 16 rows (the
   log-step scan combines row vectors element-wise). Lines left over after
   the last full vector go to the scalar kernel. A full block is scanned in
   two passes of 8 rows over a strip of DMLREF__VB_STRIP bytes per row: 16
   rows whose stride is a multiple of 4 KiB fall in one L1 set (12 ways) and
   evict each other, 8 do not (and 8 row vectors and a carry fit in the 16
   registers of SSE2 and AVX2). The first pass leaves in `part` the 15
   partial sums that rows 8-15 take from rows 0-7 in the log-step scan: row
   7 before the first step, rows 6-7 after it, rows 4-7 after the second and
   rows 0-7 after the third; the adds are the single pass's, in its order.
   The carry is also an exclusive scan's first output in every block after
   the first. */
#define DMLREF__VB_STRIP 512u /* bytes of row vectors per row and strip (FLOAT16: 256 bytes of output) */
/* The next two run inside the DMLREF__KERNEL_VBLOCKED body and use its locals (p, d,
   j, j0, end, r, direct, stream, staged). One row vector of a pass: pass row
   r, block row `row`. */
#define DMLREF__VB_PUT(r, row, v)                                          \
    do {                                                                   \
        if (direct) DMLREF__VB_DIRECT(row, v);                             \
        else if (stream) DMLREF__KP(STORE)(staged[r] + (j - j0), (v));     \
        else DMLREF__KP(STORE)(d + (ptrdiff_t)(row)*p->dst_step + j, (v)); \
    } while (0)
/* The staged strips of a pass's 8 rows (block rows row0..row0 + 7), streamed out. */
#define DMLREF__VB_FLUSH(row0)                                                                 \
    do {                                                                                       \
        if (stream && !direct)                                                                 \
            for (r = 0; r < 8; r++)                                                            \
                dmlref__stream_copy(d + (ptrdiff_t)(r + (row0)) * p->dst_step + j0, staged[r], \
                                    (end - j0) * sizeof(DMLREF__KP(T)));                       \
    } while (0)

/* Transposed scan (>>kernels, DMLREF__KERNEL_TSCAN): contiguous lines (unit steps) that are not adjacent, such
   as the rows of a matrix scanned along its last axis. W lines are read W
   elements at a time and transposed in registers, so that vector k holds
   element k of every line; the scalar recurrence then runs in all W lanes at
   once (exact for SEQUENTIAL floats and products), and the result is
   transposed back. Line tails and leftover lines use the scalar recurrence. */
/* A NaN tally stays NaN (for + and x, SEQUENTIAL), so a line whose last
   tally is not NaN has no NaN output, and one whose last tally is NaN has
   its NaN outputs rewritten as the canonical NaN here: the loops store raw. */
#define DMLREF__CANON_LINE(line, length, SLOAD, SSTORE)                                         \
    do {                                                                                        \
        uint64_t c_;                                                                            \
        for (c_ = 0; c_ < (length); c_++)                                                       \
            if (SLOAD((line)[c_]) != SLOAD((line)[c_])) (line)[c_] = SSTORE(SLOAD((line)[c_])); \
    } while (0)
/* N W x W tiles at element i, i + W, ... of W lines, then each line's N
   rows of W elements stored back to back (N = 1: one tile; streamed, N tile
   rows make one 64-byte line). The form is fixed at compile time (exclusive
   or not; FIRST: the line's first tiles, where the tally starts as the first
   element itself), so that every loop is unrolled with constant bounds and
   the tiles and the tally stay in registers (with run-time branches gcc
   kept them on the stack). PUT is a raw store (no NaN select):
   DMLREF__CANON_LINE fixes the rare lines that hold a NaN. */
#define DMLREF__TSCAN_TILES(N, EXCL, FIRST, PUT) DMLREF__TSCAN_TILES_DIR(N, EXCL, FIRST, PUT, 0)
/* DOWN (a DECREASING line, steps -1): tile rows are read and written at their lowest address, their lanes
   reversed in registers (REV1), so that lane k is element i + k of the line. */
#define DMLREF__TSCAN_AT(p, k, DOWN) ((DOWN) ? (p) - (k) - (DMLREF__KP(W) - 1u) : (p) + (k))
#define DMLREF__TSCAN_TILES_DIR(N, EXCL, FIRST, PUT, DOWN)                                                            \
    do {                                                                                                              \
        DMLREF__KP(V) on[N][DMLREF__KP(W)];                                                                           \
        unsigned q;                                                                                                   \
        DMLREF__UNROLL for (q = 0; q < (N); q++) {                                                                    \
            DMLREF__UNROLL for (l = 0; l < DMLREF__KP(W); l++) {                                                      \
                r[l] = DMLREF__KP(LOAD)(DMLREF__TSCAN_AT(s[l], i + q * DMLREF__KP(W), DOWN));                         \
                if (DOWN) r[l] = DMLREF__KP(REV1)(r[l]);                                                              \
            }                                                                                                         \
            DMLREF__KP(TRANSPOSE)(r); /* r[k] = element i + q W + k of every line */                                  \
            if ((FIRST) && q == 0) {                                                                                  \
                tally = r[0];                                                                                         \
                on[0][0] = (EXCL) ? (DMLREF__K_IDENTV) : tally;                                                       \
            }                                                                                                         \
            DMLREF__UNROLL for (k = (FIRST) && q == 0 ? 1u : 0u; k < DMLREF__KP(W); k++) {                            \
                if (EXCL) {                                                                                           \
                    on[q][k] = tally;                                                                                 \
                    tally = DMLREF__K_OP(tally, r[k]);                                                                \
                } else {                                                                                              \
                    on[q][k] = tally = DMLREF__K_OP(tally, r[k]);                                                     \
                }                                                                                                     \
            }                                                                                                         \
            DMLREF__KP(TRANSPOSE)(on[q]);                                                                             \
        }                                                                                                             \
        DMLREF__UNROLL for (l = 0; l < DMLREF__KP(W); l++) DMLREF__UNROLL for (q = 0; q < (N); q++)                   \
            PUT(DMLREF__TSCAN_AT(d[l], i + q * DMLREF__KP(W), DOWN), (DOWN) ? DMLREF__KP(REV1)(on[q][l]) : on[q][l]); \
    } while (0)
/* Elements of a FLOAT16 line widened at a time by the transposed scans' one-line loop (fits L1). */
#define DMLREF__TSCAN_STAGE 512u
/* The group loop through the cache (inside DMLREF__KERNEL_TSCAN): one tile at a time. */
#define DMLREF__TSCAN_CACHED(EXCL, DOWN)                                            \
    do {                                                                            \
        DMLREF__TSCAN_TILES_DIR(1, EXCL, 1, DMLREF__KP(STORE_RAW), DOWN);           \
        for (i = DMLREF__KP(W); i + DMLREF__KP(W) <= p->length; i += DMLREF__KP(W)) \
            DMLREF__TSCAN_TILES_DIR(1, EXCL, 0, DMLREF__KP(STORE_RAW), DOWN);       \
    } while (0)
/* The group loop's streamed form (inside DMLREF__KERNEL_TSCAN): NT tiles from each line's first 64-byte
   boundary, each line's 64 bytes back to back; the elements before the boundary line by line, stored raw
   as the tiles are (into edge[] when lines chain). */
#define DMLREF__TSCAN_STREAMED(DOWN)                                                                              \
    do {                                                                                                          \
        const ptrdiff_t dir_ = (DOWN) ? -1 : 1;                                                                   \
        if (peel == 0) {                                                                                          \
            DMLREF__TSCAN_TILES_DIR(DMLREF__TSCAN_NT(DMLREF__KP(T), DMLREF__KP(W)), 0, 1, DMLREF__KP(STREAM_RAW), \
                                    DOWN);                                                                        \
            i = DMLREF__TSCAN_NT(DMLREF__KP(T), DMLREF__KP(W)) * DMLREF__KP(W);                                   \
        } else {                                                                                                  \
            for (l = 0; l < DMLREF__KP(W); l++) {                                                                 \
                DMLREF__KP(T) *head = chain ? edge[l] + tailn : d[l];                                             \
                DMLREF__KP(A) t = DMLREF__KP(SLOAD)(s[l][0]);                                                     \
                head[0] = DMLREF__KP(RSTORE)(t);                                                                  \
                for (i = 1; i < peel; i++) {                                                                      \
                    t = DMLREF__K_SOP(t, DMLREF__KP(SLOAD)(s[l][(ptrdiff_t)i * dir_]));                           \
                    head[(ptrdiff_t)i * dir_] = DMLREF__KP(RSTORE)(t);                                            \
                }                                                                                                 \
                lanes[l] = t;                                                                                     \
            }                                                                                                     \
            tally = DMLREF__KP(TLOAD)(lanes);                                                                     \
            i = peel;                                                                                             \
        }                                                                                                         \
        for (; i + DMLREF__TSCAN_NT(DMLREF__KP(T), DMLREF__KP(W)) * DMLREF__KP(W) <= p->length;                   \
             i += DMLREF__TSCAN_NT(DMLREF__KP(T), DMLREF__KP(W)) * DMLREF__KP(W))                                 \
            DMLREF__TSCAN_TILES_DIR(DMLREF__TSCAN_NT(DMLREF__KP(T), DMLREF__KP(W)), 0, 0, DMLREF__KP(STREAM_RAW), \
                                    DOWN);                                                                        \
        for (; !chain && i + DMLREF__KP(W) <= p->length; i += DMLREF__KP(W))                                      \
            DMLREF__TSCAN_TILES_DIR(1, 0, 0, DMLREF__KP(STORE_RAW), DOWN);                                        \
    } while (0)
/* Tiles per 64-byte line when a tile row is 16 or 32 bytes, else 1 (not streamed). */
#define DMLREF__TSCAN_NT(T, W) ((W) * sizeof(T) == 16u || (W) * sizeof(T) == 32u ? 64u / ((W) * sizeof(T)) : 1u)

/* Memory-sized (streamed) contiguous scans read 2 KiB ahead into L1
   (prefetcht0: prefetchnta was slower). */
#ifndef DMLREF__PREFETCH_AHEAD
#define DMLREF__PREFETCH_AHEAD 2048u
#endif
/* Prefetch every cache line of [p, p + bytes), DMLREF__PREFETCH_AHEAD further on (_DOWN: further back). */
#define DMLREF__PREFETCH_SPAN(p, bytes)                                                 \
    do {                                                                                \
        unsigned at_;                                                                   \
        for (at_ = 0; at_ < (unsigned)(bytes); at_ += 64u)                              \
            __builtin_prefetch((const char *)(p) + DMLREF__PREFETCH_AHEAD + at_, 0, 3); \
    } while (0)
#define DMLREF__PREFETCH_SPAN_DOWN(p, bytes)                                          \
    do {                                                                              \
        unsigned at_;                                                                 \
        for (at_ = 0; at_ < (unsigned)(bytes); at_ += 64u)                            \
            __builtin_prefetch((const char *)(p)-DMLREF__PREFETCH_AHEAD + at_, 0, 3); \
    } while (0)

/* Contiguous integer sum (DMLREF__CSUM_INT): any association gives the same bits, so a register
   is scanned in log steps (SCANREG) and the running carry added; exclusive
   outputs are inclusive minus the element (exact modulo 2^bits). DECREASING
   lines (steps -1, DMLREF__REVERSE_FUSED) are read from the top down, a register at a time in memory order:
   with s its prefix sums and c the carry once its total is added, element k's output is c - (s[k] - x[k])
   (exclusive: c - s[k]), so the same two primitives serve both directions without reversing lanes. */
/* The vector loop of a contiguous integer sum, one copy per store kind. */
#define DMLREF__CSUM_LOOP(P, PUT, EXCLUSIVE, PF)                                          \
    for (; i + P##_W <= length; i += P##_W) {                                             \
        P##_V x = P##_LOAD(src + i), s = P##_SCANREG(x), y = P##_ADD(s, carry);           \
        if (PF) DMLREF__PREFETCH_SPAN(src + i, P##_W * sizeof(*src));                     \
        PUT(dst + i, (EXCLUSIVE) ? P##_SUB(y, x) : y);                                    \
        carry = P##_ADD(carry, P##_BCASTLAST(s)); /* one add on the loop-carried chain */ \
    }
/* The same from the top down: the register holds elements i + W - 1 .. i of the line (memory order). */
#define DMLREF__CSUM_LOOP_DOWN(P, PUT, EXCLUSIVE, PF)                                                  \
    for (; i + P##_W <= length; i += P##_W) {                                                          \
        P##_V x = P##_LOAD(src - i - (P##_W - 1u)), s = P##_SCANREG(x);                                \
        if (PF) DMLREF__PREFETCH_SPAN_DOWN(src - i - (P##_W - 1u), P##_W * sizeof(*src));              \
        carry = P##_ADD(carry, P##_BCASTLAST(s)); /* the sum through this register's lowest element */ \
        PUT(dst - i - (P##_W - 1u), (EXCLUSIVE) ? P##_SUB(carry, s) : P##_SUB(carry, P##_SUB(s, x)));  \
    }
/* LOOP (either direction) in one copy per store kind (no branch per register). */
#define DMLREF__CSUM_LOOPS(P, LOOP)              \
    do {                                         \
        if (stream) {                            \
            LOOP(P, P##_STREAM, p->exclusive, 1) \
        } else if (p->exclusive) {               \
            LOOP(P, P##_STORE, 1, 0)             \
        } else {                                 \
            LOOP(P, P##_STORE, 0, 0)             \
        }                                        \
    } while (0)
/* Element i of the line, one at a time (the elements before the vector boundary, and the tail). */
#define DMLREF__CSUM_ONE(P)                                  \
    do {                                                     \
        P##_T x = src[(ptrdiff_t)i * step];                  \
        if (p->exclusive) dst[(ptrdiff_t)i * step] = tally;  \
        tally = (P##_T)(tally + x);                          \
        if (!p->exclusive) dst[(ptrdiff_t)i * step] = tally; \
    } while (0)
#define DMLREF__CSUM_INT(P)                                                                                       \
    const uint64_t length = p->length;               /* a local: the stores may alias *p */                       \
    const ptrdiff_t step = p->src_step < 0 ? -1 : 1; /* DECREASING: both steps -1 */                              \
    uint64_t line, i;                                                                                             \
    int streamed = 0;                                                                                             \
    for (line = 0; line < p->lines; line++) {                                                                     \
        const P##_T *src = (const P##_T *)p->src + (ptrdiff_t)line * p->src_line;                                 \
        P##_T *dst = (P##_T *)p->dst + (ptrdiff_t)line * p->dst_line;                                             \
        P##_V carry;                                                                                              \
        P##_T tally = (P##_T)(p->has_carry ? p->carry_bits : 0u), lanes[P##_W];                                   \
        int stream = p->stream && (uintptr_t)dst % sizeof(P##_T) == 0;                                            \
        unsigned k;                                                                                               \
        i = 0;                                                                                                    \
        if (stream) { /* streaming needs the vector boundary: the elements before it one at a time */             \
            for (; i < length && (uintptr_t)(dst + (ptrdiff_t)i * step + (step < 0)) % sizeof(P##_V) != 0; i++) { \
                DMLREF__CSUM_ONE(P);                                                                              \
            }                                                                                                     \
        }                                                                                                         \
        for (k = 0; k < P##_W; k++) lanes[k] = tally; /* the carry so far, in every lane */                       \
        carry = P##_LOAD(lanes);                                                                                  \
        if (step < 0) DMLREF__CSUM_LOOPS(P, DMLREF__CSUM_LOOP_DOWN);                                              \
        else DMLREF__CSUM_LOOPS(P, DMLREF__CSUM_LOOP);                                                            \
        streamed |= stream;                                                                                       \
        P##_STORE(lanes, carry);                                                                                  \
        if (i > 0) tally = lanes[0];                                                                              \
        for (; i < p->length; i++) {                                                                              \
            DMLREF__CSUM_ONE(P);                                                                                  \
        }                                                                                                         \
    }                                                                                                             \
    if (streamed) P##_FENCE(); /* order the non-temporal stores before returning */

/* Contiguous BLOCKED float sum (>>kernels, DMLREF__KERNEL_CBLOCKED): one 16-element block per iteration, held in
   R registers (BLOCK_*), scanned exactly as the scalar definition; the carry
   is a broadcast vector, -0.0 before the first block (-0.0 + y == y for every
   y, so the first block is unchanged). A short last block goes through a
   zero-padded copy: padding never reaches lower lanes. */
/* One block: scan, add the carry, write (shifted by one when EXCLUSIVE) with
   PUT; the carry becomes the block's last output. */
/* Elements of type T a contiguous BLOCKED kernel without DMLREF__K_REALIGN (SSE2 and AVX2) stages for the
   streaming copy of an output off the boundary (a multiple of the block): small flushes keep the streaming
   stores among the loads (measured best: 1 KiB of FLOAT32, 4 KiB of FLOAT64). */
#define DMLREF__CB_STAGE(T) ((sizeof(T) == 8u ? 32u : 16u) * DMLREF__BLOCK)
/* A block's registers in reverse element order (DOWN: a DECREASING line's block, loaded and stored in
   memory order at its lowest address). */
#define DMLREF__CB_REVB(r)                                                \
    do {                                                                  \
        unsigned k_;                                                      \
        DMLREF__UNROLL for (k_ = 0; 2u * k_ + 1u < DMLREF__KP(R); k_++) { \
            const DMLREF__KP(V) t_ = (r)[k_];                             \
            (r)[k_] = DMLREF__KP(REV1)((r)[DMLREF__KP(R) - 1u - k_]);     \
            (r)[DMLREF__KP(R) - 1u - k_] = DMLREF__KP(REV1)(t_);          \
        }                                                                 \
        if (DMLREF__KP(R) % 2u) (r)[k_] = DMLREF__KP(REV1)((r)[k_]);      \
    } while (0)
#define DMLREF__CBLOCKED_STEP(PUT, EXCLUSIVE, DOWN, to, from)                                           \
    do {                                                                                                \
        DMLREF__KP(V) r[DMLREF__KP(R)], o[DMLREF__KP(R)], last;                                         \
        DMLREF__KP(LOADB)(r, from);                                                                     \
        if (DOWN) DMLREF__CB_REVB(r);                                                                   \
        DMLREF__KP(SCANB)(r);                                                                           \
        last = DMLREF__KP(LASTB)(r); /* broadcast y[15] before the carry: off the loop-carried chain */ \
        DMLREF__KP(ADDCARRY)(r, carry);                                                                 \
        if (EXCLUSIVE) {                                                                                \
            DMLREF__KP(SHIFT1B)(o, r, before);                                                          \
            if (DOWN) DMLREF__CB_REVB(o);                                                               \
            PUT(to, o);                                                                                 \
        } else {                                                                                        \
            if (DOWN) DMLREF__CB_REVB(r);                                                               \
            PUT(to, r);                                                                                 \
        }                                                                                               \
        carry = before = DMLREF__KP(ADD)(carry, last); /* == carry + y[15], the block's last output */  \
    } while (0)
/* PUT of a contiguous BLOCKED kernel whose vectors are 64 bytes (DMLREF__K_REALIGN), for an output off
   the boundary: vector k of the line holds outputs [kW, kW + W); the aligned vector from output kW + off
   on is vector k's lanes from off and vector k + 1's below off (ALIGN2 with lane indices off, off + 1, ...),
   streamed once vector k + 1 exists. The first vector's lanes below off (the outputs before the first
   boundary) and, after the loop, the last vector's from off go through the cache (masked stores), unless
   the next line follows (chain): its first PUT streams them with its own first outputs. Uses
   the kernel's locals off, head, index, prev, prev_at. */
#define DMLREF__CB_REALIGN_PUT(to, v)                                                                 \
    do {                                                                                              \
        unsigned k_;                                                                                  \
        for (k_ = 0; k_ < DMLREF__KP(R); k_++) {                                                      \
            DMLREF__KP(T) *at_ = (to) + k_ * DMLREF__KP(W);                                           \
            if (prev_at) DMLREF__KP(STREAM)(prev_at + off, DMLREF__KP(ALIGN2)(prev, index, (v)[k_])); \
            else DMLREF__KP(STOREMASK)(at_, head, (v)[k_]);                                           \
            prev = (v)[k_];                                                                           \
            prev_at = at_;                                                                            \
        }                                                                                             \
    } while (0)
/* The full blocks of a line, one loop per store kind (no branch per block). */
#define DMLREF__CBLOCKED_LOOP(PUT, EXCLUSIVE, PF)                                          \
    for (; start + DMLREF__BLOCK <= length; start += DMLREF__BLOCK) {                      \
        if (PF) DMLREF__PREFETCH_SPAN(src + start, DMLREF__BLOCK * sizeof(DMLREF__KP(T))); \
        DMLREF__CBLOCKED_STEP(PUT, EXCLUSIVE, 0, dst + start, src + start);                \
    }
/* The same down a DECREASING line: block b is elements src[-16 b - 15 .. -16 b] in memory order. */
#define DMLREF__CBLOCKED_LOOP_DOWN(PUT, EXCLUSIVE, PF)                                                                 \
    for (; start + DMLREF__BLOCK <= length; start += DMLREF__BLOCK) {                                                  \
        if (PF) DMLREF__PREFETCH_SPAN_DOWN(src - start - (DMLREF__BLOCK - 1u), DMLREF__BLOCK * sizeof(DMLREF__KP(T))); \
        DMLREF__CBLOCKED_STEP(PUT, EXCLUSIVE, 1, dst - start - (DMLREF__BLOCK - 1u),                                   \
                              src - start - (DMLREF__BLOCK - 1u));                                                     \
    }

/* LOOP (either direction) in one copy per store kind and form; uses the kernel's locals stream, p. */
#define DMLREF__CBLOCKED_LOOPS(LOOP)        \
    do {                                    \
        if (p->exclusive && stream) {       \
            LOOP(DMLREF__KP(STREAMB), 1, 1) \
        } else if (p->exclusive) {          \
            LOOP(DMLREF__KP(STOREB), 1, 0)  \
        } else if (stream) {                \
            LOOP(DMLREF__KP(STREAMB), 0, 1) \
        } else {                            \
            LOOP(DMLREF__KP(STOREB), 0, 0)  \
        }                                   \
    } while (0)

/* Arg-reductions. Both shapes keep the best value and its index with the
   scalar rule (strictly better, or equal and DECREASING). Any NaN sends the
   affected outputs to the scalar kernel, which defines NaN rules. */

/* Vertical (DMLREF__VARG): outputs adjacent (lane j = output j), one reduced dimension walked
   row by row. Indices are IT lanes (32-bit for 32-bit lanes), so rcount must
   fit. The state (best values and their rows) covers 16 KiB of outputs: long
   row segments for the prefetcher. Each pass over the state takes four rows,
   so a state vector is loaded and stored once per four input vectors. */
#define DMLREF__VARG_BYTES DMLREF__CHUNK_BYTES
#define DMLREF__VARG_STEP(P, CMP, SWAP, row, now) \
    x = P##_ALOAD((row) + j);                     \
    m = (SWAP) ? CMP(b, x) : CMP(x, b);           \
    nan = P##_AMOR(nan, P##_AISNAN(x));           \
    b = P##_ABLEND(m, b, x);                      \
    w = P##_ABLENDI(m, w, now);
/* The row loop, once per comparison: rows to take are CMP(x, best), or
   CMP(best, x) when SWAP (a constant, so each copy has one comparison). */
#define DMLREF__VARG_ROWS(P, CMP, SWAP)                                                                 \
    for (; i + 4 <= p->rcount; i += 4) {                                                                \
        const P##_T *s0 = src + (ptrdiff_t)i * step, *s1 = s0 + step, *s2 = s1 + step, *s3 = s2 + step; \
        P##_AVI n0 = P##_ASET1I((P##_AIT)i), n1 = P##_ASET1I((P##_AIT)(i + 1));                         \
        P##_AVI n2 = P##_ASET1I((P##_AIT)(i + 2)), n3 = P##_ASET1I((P##_AIT)(i + 3));                   \
        for (j = 0; j < c; j += P##_AW) {                                                               \
            P##_AV b = best[j / P##_AW], x;                                                             \
            P##_AVI w = where[j / P##_AW];                                                              \
            P##_AM m;                                                                                   \
            DMLREF__VARG_STEP(P, CMP, SWAP, s0, n0)                                                     \
            DMLREF__VARG_STEP(P, CMP, SWAP, s1, n1)                                                     \
            DMLREF__VARG_STEP(P, CMP, SWAP, s2, n2)                                                     \
            DMLREF__VARG_STEP(P, CMP, SWAP, s3, n3)                                                     \
            best[j / P##_AW] = b;                                                                       \
            where[j / P##_AW] = w;                                                                      \
        }                                                                                               \
    }                                                                                                   \
    for (; i < p->rcount; i++) {                                                                        \
        const P##_T *s0 = src + (ptrdiff_t)i * step;                                                    \
        P##_AVI n0 = P##_ASET1I((P##_AIT)i);                                                            \
        for (j = 0; j < c; j += P##_AW) {                                                               \
            P##_AV b = best[j / P##_AW], x;                                                             \
            P##_AVI w = where[j / P##_AW];                                                              \
            P##_AM m;                                                                                   \
            DMLREF__VARG_STEP(P, CMP, SWAP, s0, n0)                                                     \
            best[j / P##_AW] = b;                                                                       \
            where[j / P##_AW] = w;                                                                      \
        }                                                                                               \
    }
#define DMLREF__VARG(P)                                                                           \
    P##_AV best[DMLREF__VARG_BYTES / sizeof(P##_AV)];                                             \
    P##_AVI where[DMLREF__VARG_BYTES / sizeof(P##_AV)];                                           \
    const unsigned chunk = (unsigned)(sizeof best / sizeof best[0]) * P##_AW;                     \
    P##_AIT lanes[P##_AW];                                                                        \
    uint64_t first, i;                                                                            \
    unsigned c, j, l;                                                                             \
    ptrdiff_t step = (ptrdiff_t)p->rstride[0];                                                    \
    for (first = 0; p->outputs - first >= P##_AW; first += c) {                                   \
        uint64_t left = p->outputs - first;                                                       \
        const P##_T *src = (const P##_T *)p->src + (ptrdiff_t)first;                              \
        P##_AM nan = P##_AMZERO;                                                                  \
        c = left < chunk ? (unsigned)(left / P##_AW) * P##_AW : chunk;                            \
        for (j = 0; j < c; j += P##_AW) {                                                         \
            best[j / P##_AW] = P##_ALOAD(src + j);                                                \
            where[j / P##_AW] = P##_ASET1I(0);                                                    \
            nan = P##_AMOR(nan, P##_AISNAN(best[j / P##_AW]));                                    \
        }                                                                                         \
        i = 1;                                                                                    \
        /* x < best (first minimum), x <= best (last), best < x, best <= x */                     \
        if (!p->want_max && !p->last) {                                                           \
            DMLREF__VARG_ROWS(P, P##_ALT, 0)                                                      \
        } else if (!p->want_max) {                                                                \
            DMLREF__VARG_ROWS(P, P##_ALE, 0)                                                      \
        } else if (!p->last) {                                                                    \
            DMLREF__VARG_ROWS(P, P##_ALT, 1)                                                      \
        } else {                                                                                  \
            DMLREF__VARG_ROWS(P, P##_ALE, 1)                                                      \
        }                                                                                         \
        if (P##_AMANY(nan)) { /* NaN rules live in the scalar kernel */                           \
            dmlref__arg_panel sub = dmlref__arg_subpanel(p, first, c);                            \
            P##_SCALAR_ARG(&sub);                                                                 \
            continue;                                                                             \
        }                                                                                         \
        for (j = 0; j < c; j += P##_AW) {                                                         \
            P##_ASTOREI(lanes, where[j / P##_AW]);                                                \
            for (l = 0; l < P##_AW; l++) dmlref__put_index(p, first + j + l, (uint64_t)lanes[l]); \
        }                                                                                         \
    }                                                                                             \
    if (first < p->outputs) { /* fewer than AW outputs left */                                    \
        dmlref__arg_panel sub = dmlref__arg_subpanel(p, first, p->outputs - first);               \
        P##_SCALAR_ARG(&sub);                                                                     \
    }

/* Contiguous (DMLREF__CARG): one output at a time along a unit-stride line, read in chunks
   that fit L1 (4 KiB: 2 KiB cost 5% in L2). Pass 1 folds a chunk into its
   lane-wise extremes: four independent MIN (MAX) chains and a NaN test per
   two vectors, no index bookkeeping, no branch on the data. Each chunk's extremes are kept
   (one vector per chunk); after DMLREF__CARG_SEGMENT chunks, or at the end of
   the line, the segment's extreme is reduced once. Only a segment that beats
   the best so far (or ties it, DECREASING) is searched: its first (last)
   chunk holding the extreme is found among the kept vectors, then that one
   chunk is read again, from L1 or L2, for the position. A line of up to 32
   chunks is searched exactly once, whatever its data (monotone lines used to
   search every chunk). The last n % W elements are compared one by one from
   an overlapping vector.
   MIN(x, a) and MAX(x, a) may return either operand when one is NaN: a NaN
   anywhere sends the line to the scalar kernel. Lanes may be narrower than
   the vertical kernel's (no index lanes here), so W is the kernel's own. */
#define DMLREF__CARG_ACC 4
#ifndef DMLREF__CARG_BYTES
#define DMLREF__CARG_BYTES 4096u
#endif
#ifndef DMLREF__CARG_SEGMENT
#define DMLREF__CARG_SEGMENT 32u
#endif
#define DMLREF__CARG_CHUNK(T, W) \
    ((uint64_t)(DMLREF__CARG_BYTES / sizeof(T) / (DMLREF__CARG_ACC * (W)) * (DMLREF__CARG_ACC * (W))))
/* NaN test of two vectors at once: ISNAN2(ISNAN, MOR, a, b) is nonzero in a
   lane where a or b is NaN. Float paths pass one unordered compare of a with
   b; DMLREF__NAN2_EACH tests each vector. */
#define DMLREF__NAN2_EACH(ISNAN, MOR, a, b) MOR(ISNAN(a), ISNAN(b))
/* Memory-sized inputs (panel.prefetch) are read 2 KiB ahead into L1: the
   search passes and the "beats the best?" branches interrupt the hardware
   prefetcher's stream. In cache it only costs load slots, so not there. */
#define DMLREF__CARG_FOLD(PICK, PF) /* four accumulators (DMLREF__CARG_ACC) */                                        \
    for (; i + DMLREF__CARG_ACC * DMLREF__KP(CW) <= end; i += DMLREF__CARG_ACC * DMLREF__KP(CW)) {                    \
        DMLREF__KP(CV) x0 = DMLREF__KP(CLOAD)(line + i), x1 = DMLREF__KP(CLOAD)(line + i + DMLREF__KP(CW));           \
        DMLREF__KP(CV)                                                                                                \
        x2 = DMLREF__KP(CLOAD)(line + i + 2 * DMLREF__KP(CW)), x3 = DMLREF__KP(CLOAD)(line + i + 3 * DMLREF__KP(CW)); \
        if (PF) DMLREF__PREFETCH_SPAN(line + i, DMLREF__CARG_ACC * DMLREF__KP(CW) * sizeof(*line));                   \
        nan = DMLREF__KP(CMOR)(nan,                                                                                   \
                               DMLREF__KP(CMOR)(DMLREF__KP(CISNAN2)(DMLREF__KP(CISNAN), DMLREF__KP(CMOR), x0, x1),    \
                                                DMLREF__KP(CISNAN2)(DMLREF__KP(CISNAN), DMLREF__KP(CMOR), x2, x3)));  \
        acc[0] = PICK(x0, acc[0]);                                                                                    \
        acc[1] = PICK(x1, acc[1]);                                                                                    \
        acc[2] = PICK(x2, acc[2]);                                                                                    \
        acc[3] = PICK(x3, acc[3]);                                                                                    \
    }                                                                                                                 \
    for (; i < end; i += DMLREF__KP(CW)) {                                                                            \
        x = DMLREF__KP(CLOAD)(line + i);                                                                              \
        nan = DMLREF__KP(CMOR)(nan, DMLREF__KP(CISNAN)(x));                                                           \
        acc[0] = PICK(x, acc[0]);                                                                                     \
    }                                                                                                                 \
    acc[0] = PICK(acc[1], acc[0]);                                                                                    \
    acc[2] = PICK(acc[3], acc[2]);                                                                                    \
    acc[0] = PICK(acc[2], acc[0]);
/* (the body: >>kernels, DMLREF__KERNEL_CARG) */


/* FLOAT16 NATIVE SEQUENTIAL sums and products along contiguous lines: every
   step rounds to binary16, so a line is one dependent chain of the path's
   binary16 operation. T is the tally, LOAD makes one of FLOAT16 bits, OP is
   the operation (tally first), BITS gives a tally's FLOAT16 bits. The scalar
   kernel's float32 operation then binary16 rounding gives the same bits:
   float32 holds the product of two binary16 values exactly, and with
   24 >= 2 x 11 + 2 bits rounding a sum to float32 and then to binary16 is
   rounding it once. NaN outputs are 0x7E00, as every scan writes them. */
#define DMLREF__F16_CANON(b) ((uint16_t)(((b)&0x7FFFu) > 0x7C00u ? 0x7E00u : (b)))
#define DMLREF__NATIVE_F16_LINE(T, LOAD, OP, BITS, RUNS, RUN)                             \
    do {                                                                                  \
        T tally = LOAD(p->product ? 0x3C00u : 0u); /* the identity */                     \
        uint16_t before = p->product ? 0x3C00u : 0u, b;                                   \
        uint64_t i = 0;                                                                   \
        dmlref__native_pace pace = {0, 16};                                               \
        if (!p->identity_seed && count > 0) { /* the first output is the first element */ \
            tally = LOAD(x[0]);                                                           \
            b = DMLREF__F16_CANON(BITS(tally));                                           \
            y[0] = p->exclusive ? before : b;                                             \
            before = b;                                                                   \
            i = 1;                                                                        \
        }                                                                                 \
        for (; i < count; i++) {                                                          \
            if (RUNS && dmlref__native_run_due(&pace, i, count, before, y, p->stream)) {  \
                uint64_t at = RUN(x, y, i, count, p->exclusive, p->stream, &before);      \
                dmlref__native_run_done(&pace, i, at, count);                             \
                tally = LOAD(before);                                                     \
                i = at;                                                                   \
                if (i == count) break;                                                    \
            }                                                                             \
            tally = OP(tally, LOAD(x[i]));                                                \
            b = DMLREF__F16_CANON(BITS(tally));                                           \
            y[i] = p->exclusive ? before : b;                                             \
            before = b;                                                                   \
        }                                                                                 \
        if (p->exclusive) y[count] = before;                                              \
    } while (0)
/* RUN is the path's float32 run for sums (see dmlref__native_pace below); RUNS is 0 where it is not taken
   (products). */
#define DMLREF__NATIVE_F16(T, LOAD, ADD, MUL, BITS, RUN)                                      \
    uint64_t j;                                                                               \
    for (j = 0; j < p->lines; j++) {                                                          \
        const uint16_t *x = (const uint16_t *)p->src + (ptrdiff_t)j * (ptrdiff_t)p->src_line; \
        uint16_t *y = (uint16_t *)p->dst + (ptrdiff_t)j * (ptrdiff_t)p->dst_line;             \
        const uint64_t count = p->exclusive ? p->length - 1u : p->length;                     \
        if (p->product) DMLREF__NATIVE_F16_LINE(T, LOAD, MUL, BITS, 0, RUN);                  \
        else DMLREF__NATIVE_F16_LINE(T, LOAD, ADD, BITS, 1, RUN);                             \
    }

/* FLOAT16 NATIVE SEQUENTIAL sums in float32 runs. While every tally stays in
   the binade [2^e, 2^(e+1)) of the tally a run starts from, a float32 tally
   offset by c = 3 x 2^(e+12) has binary16's spacing there, 2^(e-10), and its
   even significands, so one float32 add rounds each step exactly as binary16
   does (the proof: docs/internals.md, "FLOAT16 NATIVE sums"). A run takes
   blocks of 16 elements, one dependent add per element (float32 adds chain
   faster than binary16 ones on x86), checks every tally against the binade,
   keeps the elements before the first tally outside it, and returns; the
   caller's binary16 chain then takes that element. The pace: a run may start
   when the tally is a normal binary16 below 2^16 and 16 elements are left;
   one that stops within its first 256 elements doubles the wait before the
   next (16 to 1024 elements), so data that leaves its binade every few
   elements costs little more than the binary16 chain alone. */
typedef struct dmlref__native_pace {
    uint64_t resume; /* the first element a run may start at */
    uint64_t wait;   /* elements between a run that stops early and the next */
} dmlref__native_pace;
static inline int dmlref__native_run_due(const dmlref__native_pace *pace, uint64_t i, uint64_t end, uint16_t t,
                                         const uint16_t *y, int stream) {
    return i >= pace->resume && end - i >= 16u && ((t >> 10) & 31u) - 1u < 30u &&
           (!stream || (uintptr_t)(y + i) % 32u == 0); /* a streamed run's blocks are 32-byte aligned */
}
static inline void dmlref__native_run_done(dmlref__native_pace *pace, uint64_t from, uint64_t at, uint64_t end) {
    if (end - at < 16u) return; /* the run ended at the line's last block */
    pace->wait = at - from < 256u ? (pace->wait < 1024u ? 2u * pace->wait : 1024u) : 16u;
    pace->resume = at + pace->wait;
}
/* A run's constants from the tally t it starts from (exponent field 1 to 30, e = field - 15): c =
   3 x 2^(e+12), the binade's floor 2^e and its ceiling 2^(e+1) (binary16's largest in the top binade). */
typedef struct dmlref__native_binade {
    float c, lo, hi;
} dmlref__native_binade;
static inline dmlref__native_binade dmlref__native_binade_of(uint16_t t) {
    const uint32_t ef = (uint32_t)(t >> 10) & 31u, c_bits = (ef + 125u) << 23 | 0x400000u, lo_bits = (ef + 112u) << 23;
    dmlref__native_binade b;
    memcpy(&b.c, &c_bits, sizeof b.c);
    memcpy(&b.lo, &lo_bits, sizeof b.lo);
    b.hi = ef == 30u ? 65504.0f : 2.0f * b.lo;
    return b;
}
#if defined(DMLREF__BUILD_AVX2) || defined(DMLREF__BUILD_NEON)
/* Where a run stops: the tallies before the first one outside the binade (first) are kept. s holds the
   tally before the block, then after each of its 16 elements. */
static uint64_t dmlref__native_sum_stop(uint16_t *y, uint64_t i, int exclusive, const float *s, unsigned first,
                                        uint16_t *t) {
    unsigned k;
    for (k = 0; k < first; k++) y[i + k] = dmlref_f32_to_f16(s[k + (exclusive ? 0u : 1u)]);
    *t = dmlref_f32_to_f16(s[first]);
    return i + first;
}
#endif

/* >>sse2 -------------------------------------------------------------------------
   SSE2, the x86-64 baseline: 4 float32 lanes, a BLOCKED block is four
   registers. No F16C: FLOAT16 stays on the scalar kernels. */
#if defined(DMLREF__BUILD_SSE2)
#define DMLREF__S2 DMLREF__KERNEL_ALIGN

static inline __m128 dmlref__s2_select_ps(__m128 m, __m128 a, __m128 b) { /* m ? b : a */
    return _mm_or_ps(_mm_and_ps(m, b), _mm_andnot_ps(m, a));
}
static inline __m128d dmlref__s2_select_pd(__m128d m, __m128d a, __m128d b) {
    return _mm_or_pd(_mm_and_pd(m, b), _mm_andnot_pd(m, a));
}
static inline __m128i dmlref__s2_select_si(__m128i m, __m128i a, __m128i b) {
    return _mm_or_si128(_mm_and_si128(m, b), _mm_andnot_si128(m, a));
}
static inline void dmlref__s2_store_ps(float *p, __m128 v) { /* v != v ? qNaN : v */
    _mm_storeu_ps(p, dmlref__s2_select_ps(_mm_cmpunord_ps(v, v), v, _mm_castsi128_ps(_mm_set1_epi32(0x7FC00000))));
}
static inline void dmlref__s2_store_pd(double *p, __m128d v) {
    _mm_storeu_pd(
        p, dmlref__s2_select_pd(_mm_cmpunord_pd(v, v), v, _mm_castsi128_pd(_mm_set1_epi64x(0x7FF8000000000000LL))));
}
static inline void dmlref__s2_stream_ps(float *p, __m128 v) { /* as dmlref__s2_store_ps, bypassing the cache */
    _mm_stream_ps(p, dmlref__s2_select_ps(_mm_cmpunord_ps(v, v), v, _mm_castsi128_ps(_mm_set1_epi32(0x7FC00000))));
}
static inline void dmlref__s2_stream_pd(double *p, __m128d v) {
    _mm_stream_pd(
        p, dmlref__s2_select_pd(_mm_cmpunord_pd(v, v), v, _mm_castsi128_pd(_mm_set1_epi64x(0x7FF8000000000000LL))));
}
#define DMLREF__S2_STREAMI(p, v) _mm_stream_si128((__m128i *)(void *)(p), (v))
#define DMLREF__S2_LOADI(p) _mm_loadu_si128((const __m128i *)(const void *)(p))
#define DMLREF__S2_STOREI(p, v) _mm_storeu_si128((__m128i *)(void *)(p), (v))


/* Contiguous integer sums: byte shifts of the whole register. */
static inline __m128i dmlref__s2_scan_epi8(__m128i x) { /* x[i] = x[0] + ... + x[i] */
    x = _mm_add_epi8(x, _mm_slli_si128(x, 1));
    x = _mm_add_epi8(x, _mm_slli_si128(x, 2));
    x = _mm_add_epi8(x, _mm_slli_si128(x, 4));
    return _mm_add_epi8(x, _mm_slli_si128(x, 8));
}
static inline __m128i dmlref__s2_scan_epi16(__m128i x) {
    x = _mm_add_epi16(x, _mm_slli_si128(x, 2));
    x = _mm_add_epi16(x, _mm_slli_si128(x, 4));
    return _mm_add_epi16(x, _mm_slli_si128(x, 8));
}
static inline __m128i dmlref__s2_scan_epi32(__m128i x) {
    x = _mm_add_epi32(x, _mm_slli_si128(x, 4));
    return _mm_add_epi32(x, _mm_slli_si128(x, 8));
}
#define DMLREF__S2_SCAN_EPI64(x) _mm_add_epi64((x), _mm_slli_si128((x), 8))
static inline __m128i dmlref__s2_last_epi8(__m128i y) { /* broadcast y[15] */
    __m128i b = _mm_srli_si128(y, 15);
    b = _mm_unpacklo_epi8(b, b);
    return _mm_shuffle_epi32(_mm_shufflelo_epi16(b, 0), 0);
}
static inline __m128i dmlref__s2_last_epi16(__m128i y) {
    return _mm_shuffle_epi32(_mm_shufflelo_epi16(_mm_srli_si128(y, 14), 0), 0);
}
#define DMLREF__S2_LAST_EPI32(y) _mm_shuffle_epi32((y), 0xFF)
#define DMLREF__S2_LAST_EPI64(y) _mm_shuffle_epi32((y), 0xEE)

/* BLOCKED float32: r[0..3] hold y[0..15]; up(b, a, k) for k = 1, 2 joins b
   with the top of a (the register below, -0.0 below the block). */
#define DMLREF__S2_UP_PS(b, a, k) \
    _mm_castsi128_ps(             \
        _mm_or_si128(_mm_slli_si128(_mm_castps_si128(b), 4 * (k)), _mm_srli_si128(_mm_castps_si128(a), 16 - 4 * (k))))
#define DMLREF__S2_NEGZ_PS _mm_set1_ps(-0.0f)
#define DMLREF__S2_STEP_PS(r, k)                                                \
    do {                                                                        \
        r[3] = _mm_add_ps(DMLREF__S2_UP_PS(r[3], r[2], k), r[3]);               \
        r[2] = _mm_add_ps(DMLREF__S2_UP_PS(r[2], r[1], k), r[2]);               \
        r[1] = _mm_add_ps(DMLREF__S2_UP_PS(r[1], r[0], k), r[1]);               \
        r[0] = _mm_add_ps(DMLREF__S2_UP_PS(r[0], DMLREF__S2_NEGZ_PS, k), r[0]); \
    } while (0)
#define DMLREF__S2_SCANB_PS(r)                   \
    do {                                         \
        DMLREF__S2_STEP_PS(r, 1);                \
        DMLREF__S2_STEP_PS(r, 2);                \
        r[3] = _mm_add_ps(r[2], r[3]); /* k=4 */ \
        r[2] = _mm_add_ps(r[1], r[2]);           \
        r[1] = _mm_add_ps(r[0], r[1]);           \
        r[3] = _mm_add_ps(r[1], r[3]); /* k=8 */ \
        r[2] = _mm_add_ps(r[0], r[2]);           \
    } while (0)
#define DMLREF__S2_ADDC_PS(r, c)                                                               \
    (r[0] = _mm_add_ps((c), r[0]), r[1] = _mm_add_ps((c), r[1]), r[2] = _mm_add_ps((c), r[2]), \
     r[3] = _mm_add_ps((c), r[3]))
#define DMLREF__S2_SHIFT1_PS(o, r, before)                                               \
    (o[0] = DMLREF__S2_UP_PS(r[0], (before), 1), o[1] = DMLREF__S2_UP_PS(r[1], r[0], 1), \
     o[2] = DMLREF__S2_UP_PS(r[2], r[1], 1), o[3] = DMLREF__S2_UP_PS(r[3], r[2], 1))
#define DMLREF__S2_LAST_PS(r) _mm_shuffle_ps(r[3], r[3], 0xFF)
#define DMLREF__S2_LOADB_PS(r, p) \
    (r[0] = _mm_loadu_ps(p), r[1] = _mm_loadu_ps((p) + 4), r[2] = _mm_loadu_ps((p) + 8), r[3] = _mm_loadu_ps((p) + 12))
#define DMLREF__S2_STOREB_PS(p, r)                                                                           \
    (dmlref__s2_store_ps((p), r[0]), dmlref__s2_store_ps((p) + 4, r[1]), dmlref__s2_store_ps((p) + 8, r[2]), \
     dmlref__s2_store_ps((p) + 12, r[3]))
#define DMLREF__S2_STREAMB_PS(p, r)                                                                             \
    (dmlref__s2_stream_ps((p), r[0]), dmlref__s2_stream_ps((p) + 4, r[1]), dmlref__s2_stream_ps((p) + 8, r[2]), \
     dmlref__s2_stream_ps((p) + 12, r[3]))
/* BLOCKED float64: eight registers of two lanes; only k = 1 shifts inside a pair. */
#define DMLREF__S2_UP1_PD(b, a) _mm_shuffle_pd((a), (b), 1) /* [a[1], b[0]] */
#define DMLREF__S2_SCANB_PD(r)                                                                     \
    do {                                                                                           \
        int i_;                                                                                    \
        for (i_ = 7; i_ > 0; i_--) r[i_] = _mm_add_pd(DMLREF__S2_UP1_PD(r[i_], r[i_ - 1]), r[i_]); \
        r[0] = _mm_add_pd(DMLREF__S2_UP1_PD(r[0], _mm_set1_pd(-0.0)), r[0]); /* k=1 */             \
        for (i_ = 7; i_ >= 1; i_--) r[i_] = _mm_add_pd(r[i_ - 1], r[i_]);    /* k=2 */             \
        for (i_ = 7; i_ >= 2; i_--) r[i_] = _mm_add_pd(r[i_ - 2], r[i_]);    /* k=4 */             \
        for (i_ = 7; i_ >= 4; i_--) r[i_] = _mm_add_pd(r[i_ - 4], r[i_]);    /* k=8 */             \
    } while (0)
#define DMLREF__S2_ADDC_PD(r, c)                                   \
    do {                                                           \
        int i_;                                                    \
        for (i_ = 0; i_ < 8; i_++) r[i_] = _mm_add_pd((c), r[i_]); \
    } while (0)
#define DMLREF__S2_SHIFT1_PD(o, r, before)                                      \
    do {                                                                        \
        int i_;                                                                 \
        o[0] = DMLREF__S2_UP1_PD(r[0], (before));                               \
        for (i_ = 1; i_ < 8; i_++) o[i_] = DMLREF__S2_UP1_PD(r[i_], r[i_ - 1]); \
    } while (0)
#define DMLREF__S2_LAST_PD(r) _mm_unpackhi_pd(r[7], r[7])
#define DMLREF__S2_LOADB_PD(r, p)                                      \
    do {                                                               \
        int i_;                                                        \
        for (i_ = 0; i_ < 8; i_++) r[i_] = _mm_loadu_pd((p) + 2 * i_); \
    } while (0)
#define DMLREF__S2_STOREB_PD(p, r)                                           \
    do {                                                                     \
        int i_;                                                              \
        for (i_ = 0; i_ < 8; i_++) dmlref__s2_store_pd((p) + 2 * i_, r[i_]); \
    } while (0)
#define DMLREF__S2_STREAMB_PD(p, r)                                           \
    do {                                                                      \
        int i_;                                                               \
        for (i_ = 0; i_ < 8; i_++) dmlref__s2_stream_pd((p) + 2 * i_, r[i_]); \
    } while (0)

/* Arg-reductions: 32-bit lanes (float32; integers up to 32 bits, UINT32
   biased by the sign bit) and float64. 64-bit integers need SSE4.2. */
#define DMLREF__S2_NONAN(x) _mm_setzero_si128()
#define DMLREF__S2_ANY_PS(m) (_mm_movemask_ps(m) != 0)
#define DMLREF__S2_ANY_PD(m) (_mm_movemask_pd(m) != 0)
#define DMLREF__S2_ANY_SI(m) (_mm_movemask_epi8(m) != 0)
#define DMLREF__S2_NAN_PS(x) _mm_cmpunord_ps((x), (x))
#define DMLREF__S2_NAN_PD(x) _mm_cmpunord_pd((x), (x))
#define DMLREF__S2_NAN2_PS(ISNAN, MOR, a, b) _mm_cmpunord_ps((a), (b))
#define DMLREF__S2_NAN2_PD(ISNAN, MOR, a, b) _mm_cmpunord_pd((a), (b))
#define DMLREF__S2_LE_EPI32(a, b) _mm_xor_si128(_mm_cmpgt_epi32((a), (b)), _mm_set1_epi32(-1))
#define DMLREF__S2_BLENDI_PS(m, a, b) dmlref__s2_select_si(_mm_castps_si128(m), (a), (b))
#define DMLREF__S2_BLENDI_PD(m, a, b) dmlref__s2_select_si(_mm_castpd_si128(m), (a), (b))
#define DMLREF__S2_SET1_EPI32(i) _mm_set1_epi32((int)(i))
#define DMLREF__S2_SET1_EPI64(i) _mm_set1_epi64x((long long)(i))
static inline __m128i dmlref__s2_load_i8(const int8_t *p) { /* 4 x (int32_t)p[i] */
    int32_t four;
    __m128i x;
    memcpy(&four, p, 4);
    x = _mm_cvtsi32_si128(four);
    x = _mm_unpacklo_epi8(x, x);
    return _mm_srai_epi32(_mm_unpacklo_epi16(x, x), 24);
}
static inline __m128i dmlref__s2_load_u8(const uint8_t *p) {
    int32_t four;
    memcpy(&four, p, 4);
    return _mm_unpacklo_epi16(_mm_unpacklo_epi8(_mm_cvtsi32_si128(four), _mm_setzero_si128()), _mm_setzero_si128());
}
#define DMLREF__S2_LOAD_I16(p)                                                              \
    _mm_srai_epi32(_mm_unpacklo_epi16(_mm_loadl_epi64((const __m128i *)(const void *)(p)),  \
                                      _mm_loadl_epi64((const __m128i *)(const void *)(p))), \
                   16)
#define DMLREF__S2_LOAD_U16(p) \
    _mm_unpacklo_epi16(_mm_loadl_epi64((const __m128i *)(const void *)(p)), _mm_setzero_si128())
#define DMLREF__S2_LOAD_U32(p) _mm_xor_si128(DMLREF__S2_LOADI(p), _mm_set1_epi32(INT32_MIN))

#define DMLREF__S2_MIN_EPI32(a, b) dmlref__s2_select_si(_mm_cmplt_epi32((a), (b)), (b), (a))
#define DMLREF__S2_MAX_EPI32(a, b) dmlref__s2_select_si(_mm_cmplt_epi32((b), (a)), (b), (a))

/* One element type: the vertical kernel (value lanes + index lanes), the
   contiguous kernel (value lanes only, MIN/MAX). */

/* 8- and 16-bit types: the vertical kernel widens them to 32-bit lanes, the
   contiguous kernel keeps them narrow. SSE2 has min/max for int16 and uint8
   only, so uint16 and int8 are biased by the sign bit on load. */
#define DMLREF__S2_LE_EPI16(a, b) _mm_xor_si128(_mm_cmpgt_epi16((a), (b)), _mm_set1_epi32(-1))
#define DMLREF__S2_LE_EPU8(a, b) _mm_cmpeq_epi8(_mm_max_epu8((a), (b)), (b))
#define DMLREF__S2_LT_EPU8(a, b) _mm_xor_si128(DMLREF__S2_LE_EPU8((b), (a)), _mm_set1_epi32(-1))
#define DMLREF__S2_SET1_EPI16(v) _mm_set1_epi16((short)(v))
#define DMLREF__S2_SET1_EPI8(v) _mm_set1_epi8((char)(v))
#define DMLREF__S2_LOAD_U16_BIASED(p) _mm_xor_si128(DMLREF__S2_LOADI(p), _mm_set1_epi16((short)INT16_MIN))
#define DMLREF__S2_LOAD_I8_BIASED(p) _mm_xor_si128(DMLREF__S2_LOADI(p), _mm_set1_epi8((char)INT8_MIN))

/* Transposed scans of contiguous lines (SEQUENTIAL floats). */
#define DMLREF__S2_TRANSPOSE_PS(r) _MM_TRANSPOSE4_PS(r[0], r[1], r[2], r[3])
#define DMLREF__S2_TRANSPOSE_PD(r)                \
    do {                                          \
        __m128d t_ = _mm_unpacklo_pd(r[0], r[1]); \
        r[1] = _mm_unpackhi_pd(r[0], r[1]);       \
        r[0] = t_;                                \
    } while (0)


/* The kernels by element type: first the type's primitives under the role
   names the shapes use (>>simd-common lists them), then each kernel. */

/* FLOAT32 */
#define DMLREF__S2_F32_T float
#define DMLREF__S2_F32_A float
#define DMLREF__S2_F32_V __m128
#define DMLREF__S2_F32_W 4
#define DMLREF__S2_F32_LOAD _mm_loadu_ps
#define DMLREF__S2_F32_STORE dmlref__s2_store_ps
#define DMLREF__S2_F32_STREAM dmlref__s2_stream_ps
#define DMLREF__S2_F32_FENCE _mm_sfence
#define DMLREF__S2_F32_TLOAD _mm_loadu_ps
#define DMLREF__S2_F32_TSTORE _mm_storeu_ps
#define DMLREF__S2_F32_SLOAD DMLREF__SAME
#define DMLREF__S2_F32_SSTORE dmlref__store_f32
#define DMLREF__S2_F32_R 4
#define DMLREF__S2_F32_REV1(v) _mm_shuffle_ps((v), (v), 0x1B) /* the lanes in reverse order */
#define DMLREF__S2_F32_NEGZ DMLREF__S2_NEGZ_PS
#define DMLREF__S2_F32_ZEROV _mm_setzero_ps()
#define DMLREF__S2_F32_LOADB DMLREF__S2_LOADB_PS
#define DMLREF__S2_F32_SCANB DMLREF__S2_SCANB_PS
#define DMLREF__S2_F32_ADDCARRY DMLREF__S2_ADDC_PS
#define DMLREF__S2_F32_SHIFT1B DMLREF__S2_SHIFT1_PS
#define DMLREF__S2_F32_STOREB DMLREF__S2_STOREB_PS
#define DMLREF__S2_F32_STREAMB DMLREF__S2_STREAMB_PS
#define DMLREF__S2_F32_LASTB DMLREF__S2_LAST_PS
#define DMLREF__S2_F32_ADD _mm_add_ps
#define DMLREF__S2_F32_AV __m128
#define DMLREF__S2_F32_AVI __m128i
#define DMLREF__S2_F32_AM __m128
#define DMLREF__S2_F32_AW 4
#define DMLREF__S2_F32_ALOAD _mm_loadu_ps
#define DMLREF__S2_F32_ALT _mm_cmplt_ps
#define DMLREF__S2_F32_ALE _mm_cmple_ps
#define DMLREF__S2_F32_AISNAN DMLREF__S2_NAN_PS
#define DMLREF__S2_F32_AMOR _mm_or_ps
#define DMLREF__S2_F32_AMZERO _mm_setzero_ps()
#define DMLREF__S2_F32_AMANY DMLREF__S2_ANY_PS
#define DMLREF__S2_F32_ABLEND dmlref__s2_select_ps
#define DMLREF__S2_F32_ABLENDI DMLREF__S2_BLENDI_PS
#define DMLREF__S2_F32_ASET1I DMLREF__S2_SET1_EPI32
#define DMLREF__S2_F32_ASTOREI DMLREF__S2_STOREI
#define DMLREF__S2_F32_AIT uint32_t
#define DMLREF__S2_F32_SCALAR_ARG dmlref__arg_f32_scalar
#define DMLREF__S2_F32_CV __m128
#define DMLREF__S2_F32_CM __m128
#define DMLREF__S2_F32_CW 4
#define DMLREF__S2_F32_CLOAD _mm_loadu_ps
#define DMLREF__S2_F32_CMIN _mm_min_ps
#define DMLREF__S2_F32_CMAX _mm_max_ps
#define DMLREF__S2_F32_CLE _mm_cmple_ps
#define DMLREF__S2_F32_CISNAN DMLREF__S2_NAN_PS
#define DMLREF__S2_F32_CISNAN2 DMLREF__S2_NAN2_PS
#define DMLREF__S2_F32_CMOR _mm_or_ps
#define DMLREF__S2_F32_CMANY DMLREF__S2_ANY_PS
#define DMLREF__S2_F32_CSET1V _mm_set1_ps
#define DMLREF__S2_F32_CSTOREV _mm_storeu_ps
#define DMLREF__S2_F32_CVT float
#define DMLREF__S2_F32_STORE_RAW _mm_storeu_ps
#define DMLREF__S2_F32_STREAM_RAW _mm_stream_ps
#define DMLREF__S2_F32_TRANSPOSE DMLREF__S2_TRANSPOSE_PS
#define DMLREF__S2_F32_RSTORE DMLREF__SAME
#define DMLREF__S2_F32_SCALAR_BLOCKED dmlref__cumsum_blocked_f32_scalar
DMLREF__S2 static void dmlref__vsum_f32_sse2(const dmlref__scan_panel *p){
#define DMLREF__K_P DMLREF__S2_F32
#define DMLREF__K_OP _mm_add_ps
#define DMLREF__K_IDENTV _mm_setzero_ps()
#define DMLREF__K_SOP DMLREF__ADD_F
#define DMLREF__K_SIDENT 0
#define DMLREF__KERNEL DMLREF__KERNEL_VSCAN
#include DMLREF_HEADER_FILENAME
}

DMLREF__S2 static void dmlref__vprod_f32_sse2(const dmlref__scan_panel *p){
#define DMLREF__K_P DMLREF__S2_F32
#define DMLREF__K_OP _mm_mul_ps
#define DMLREF__K_IDENTV _mm_set1_ps(1.0f)
#define DMLREF__K_SOP DMLREF__MUL_F
#define DMLREF__K_SIDENT 1
#define DMLREF__KERNEL DMLREF__KERNEL_VSCAN
#include DMLREF_HEADER_FILENAME
}

DMLREF__S2 static void dmlref__cblocked_f32_sse2(const dmlref__scan_panel *p){
#define DMLREF__K_P DMLREF__S2_F32
#define DMLREF__KERNEL DMLREF__KERNEL_CBLOCKED
#include DMLREF_HEADER_FILENAME
}

DMLREF__S2 static void dmlref__varg_f32_sse2(const dmlref__arg_panel *p) {
    DMLREF__VARG(DMLREF__S2_F32);
}
DMLREF__S2 static void dmlref__carg_f32_sse2(const dmlref__arg_panel *p){
#define DMLREF__K_P DMLREF__S2_F32
#define DMLREF__KERNEL DMLREF__KERNEL_CARG
#include DMLREF_HEADER_FILENAME
}

DMLREF__S2 static void dmlref__tsum_f32_sse2(const dmlref__scan_panel *p){
#define DMLREF__K_P DMLREF__S2_F32
#define DMLREF__K_OP _mm_add_ps
#define DMLREF__K_IDENTV _mm_setzero_ps()
#define DMLREF__K_SOP DMLREF__ADD_F
#define DMLREF__KERNEL DMLREF__KERNEL_TSCAN
#include DMLREF_HEADER_FILENAME
}

DMLREF__S2 static void dmlref__tprod_f32_sse2(const dmlref__scan_panel *p){
#define DMLREF__K_P DMLREF__S2_F32
#define DMLREF__K_OP _mm_mul_ps
#define DMLREF__K_IDENTV _mm_set1_ps(1.0f)
#define DMLREF__K_SOP DMLREF__MUL_F
#define DMLREF__KERNEL DMLREF__KERNEL_TSCAN
#include DMLREF_HEADER_FILENAME
}

DMLREF__S2 static void dmlref__vblocked_f32_sse2(const dmlref__scan_panel *p){
#define DMLREF__K_P DMLREF__S2_F32
#define DMLREF__KERNEL DMLREF__KERNEL_VBLOCKED
#include DMLREF_HEADER_FILENAME
}

/* FLOAT64 */
#define DMLREF__S2_F64_T double
#define DMLREF__S2_F64_A double
#define DMLREF__S2_F64_V __m128d
#define DMLREF__S2_F64_W 2
#define DMLREF__S2_F64_LOAD _mm_loadu_pd
#define DMLREF__S2_F64_STORE dmlref__s2_store_pd
#define DMLREF__S2_F64_STREAM dmlref__s2_stream_pd
#define DMLREF__S2_F64_FENCE _mm_sfence
#define DMLREF__S2_F64_TLOAD _mm_loadu_pd
#define DMLREF__S2_F64_TSTORE _mm_storeu_pd
#define DMLREF__S2_F64_SLOAD DMLREF__SAME
#define DMLREF__S2_F64_SSTORE dmlref__store_f64
#define DMLREF__S2_F64_R 8
#define DMLREF__S2_F64_REV1(v) _mm_shuffle_pd((v), (v), 1) /* the lanes in reverse order */
#define DMLREF__S2_F64_NEGZ _mm_set1_pd(-0.0)
#define DMLREF__S2_F64_ZEROV _mm_setzero_pd()
#define DMLREF__S2_F64_LOADB DMLREF__S2_LOADB_PD
#define DMLREF__S2_F64_SCANB DMLREF__S2_SCANB_PD
#define DMLREF__S2_F64_ADDCARRY DMLREF__S2_ADDC_PD
#define DMLREF__S2_F64_SHIFT1B DMLREF__S2_SHIFT1_PD
#define DMLREF__S2_F64_STOREB DMLREF__S2_STOREB_PD
#define DMLREF__S2_F64_STREAMB DMLREF__S2_STREAMB_PD
#define DMLREF__S2_F64_LASTB DMLREF__S2_LAST_PD
#define DMLREF__S2_F64_ADD _mm_add_pd
#define DMLREF__S2_F64_AV __m128d
#define DMLREF__S2_F64_AVI __m128i
#define DMLREF__S2_F64_AM __m128d
#define DMLREF__S2_F64_AW 2
#define DMLREF__S2_F64_ALOAD _mm_loadu_pd
#define DMLREF__S2_F64_ALT _mm_cmplt_pd
#define DMLREF__S2_F64_ALE _mm_cmple_pd
#define DMLREF__S2_F64_AISNAN DMLREF__S2_NAN_PD
#define DMLREF__S2_F64_AMOR _mm_or_pd
#define DMLREF__S2_F64_AMZERO _mm_setzero_pd()
#define DMLREF__S2_F64_AMANY DMLREF__S2_ANY_PD
#define DMLREF__S2_F64_ABLEND dmlref__s2_select_pd
#define DMLREF__S2_F64_ABLENDI DMLREF__S2_BLENDI_PD
#define DMLREF__S2_F64_ASET1I DMLREF__S2_SET1_EPI64
#define DMLREF__S2_F64_ASTOREI DMLREF__S2_STOREI
#define DMLREF__S2_F64_AIT uint64_t
#define DMLREF__S2_F64_SCALAR_ARG dmlref__arg_f64_scalar
#define DMLREF__S2_F64_CV __m128d
#define DMLREF__S2_F64_CM __m128d
#define DMLREF__S2_F64_CW 2
#define DMLREF__S2_F64_CLOAD _mm_loadu_pd
#define DMLREF__S2_F64_CMIN _mm_min_pd
#define DMLREF__S2_F64_CMAX _mm_max_pd
#define DMLREF__S2_F64_CLE _mm_cmple_pd
#define DMLREF__S2_F64_CISNAN DMLREF__S2_NAN_PD
#define DMLREF__S2_F64_CISNAN2 DMLREF__S2_NAN2_PD
#define DMLREF__S2_F64_CMOR _mm_or_pd
#define DMLREF__S2_F64_CMANY DMLREF__S2_ANY_PD
#define DMLREF__S2_F64_CSET1V _mm_set1_pd
#define DMLREF__S2_F64_CSTOREV _mm_storeu_pd
#define DMLREF__S2_F64_CVT double
#define DMLREF__S2_F64_STORE_RAW _mm_storeu_pd
#define DMLREF__S2_F64_STREAM_RAW _mm_stream_pd
#define DMLREF__S2_F64_TRANSPOSE DMLREF__S2_TRANSPOSE_PD
#define DMLREF__S2_F64_RSTORE DMLREF__SAME
#define DMLREF__S2_F64_SCALAR_BLOCKED dmlref__cumsum_blocked_f64_scalar
DMLREF__S2 static void dmlref__vsum_f64_sse2(const dmlref__scan_panel *p){
#define DMLREF__K_P DMLREF__S2_F64
#define DMLREF__K_OP _mm_add_pd
#define DMLREF__K_IDENTV _mm_setzero_pd()
#define DMLREF__K_SOP DMLREF__ADD_F
#define DMLREF__K_SIDENT 0
#define DMLREF__KERNEL DMLREF__KERNEL_VSCAN
#include DMLREF_HEADER_FILENAME
}

DMLREF__S2 static void dmlref__vprod_f64_sse2(const dmlref__scan_panel *p){
#define DMLREF__K_P DMLREF__S2_F64
#define DMLREF__K_OP _mm_mul_pd
#define DMLREF__K_IDENTV _mm_set1_pd(1.0)
#define DMLREF__K_SOP DMLREF__MUL_F
#define DMLREF__K_SIDENT 1
#define DMLREF__KERNEL DMLREF__KERNEL_VSCAN
#include DMLREF_HEADER_FILENAME
}

DMLREF__S2 static void dmlref__cblocked_f64_sse2(const dmlref__scan_panel *p){
#define DMLREF__K_P DMLREF__S2_F64
#define DMLREF__KERNEL DMLREF__KERNEL_CBLOCKED
#include DMLREF_HEADER_FILENAME
}

DMLREF__S2 static void dmlref__varg_f64_sse2(const dmlref__arg_panel *p) {
    DMLREF__VARG(DMLREF__S2_F64);
}
DMLREF__S2 static void dmlref__carg_f64_sse2(const dmlref__arg_panel *p){
#define DMLREF__K_P DMLREF__S2_F64
#define DMLREF__KERNEL DMLREF__KERNEL_CARG
#include DMLREF_HEADER_FILENAME
}

DMLREF__S2 static void dmlref__tsum_f64_sse2(const dmlref__scan_panel *p){
#define DMLREF__K_P DMLREF__S2_F64
#define DMLREF__K_OP _mm_add_pd
#define DMLREF__K_IDENTV _mm_setzero_pd()
#define DMLREF__K_SOP DMLREF__ADD_F
#define DMLREF__KERNEL DMLREF__KERNEL_TSCAN
#include DMLREF_HEADER_FILENAME
}

DMLREF__S2 static void dmlref__tprod_f64_sse2(const dmlref__scan_panel *p){
#define DMLREF__K_P DMLREF__S2_F64
#define DMLREF__K_OP _mm_mul_pd
#define DMLREF__K_IDENTV _mm_set1_pd(1.0)
#define DMLREF__K_SOP DMLREF__MUL_F
#define DMLREF__KERNEL DMLREF__KERNEL_TSCAN
#include DMLREF_HEADER_FILENAME
}

DMLREF__S2 static void dmlref__vblocked_f64_sse2(const dmlref__scan_panel *p){
#define DMLREF__K_P DMLREF__S2_F64
#define DMLREF__KERNEL DMLREF__KERNEL_VBLOCKED
#include DMLREF_HEADER_FILENAME
}

/* UINT8 */
#define DMLREF__S2_U8_T uint8_t
#define DMLREF__S2_U8_A uint8_t
#define DMLREF__S2_U8_V __m128i
#define DMLREF__S2_U8_W 16
#define DMLREF__S2_U8_LOAD DMLREF__S2_LOADI
#define DMLREF__S2_U8_STORE DMLREF__S2_STOREI
#define DMLREF__S2_U8_STREAM DMLREF__S2_STREAMI
#define DMLREF__S2_U8_FENCE _mm_sfence
#define DMLREF__S2_U8_TLOAD DMLREF__S2_LOADI
#define DMLREF__S2_U8_TSTORE DMLREF__S2_STOREI
#define DMLREF__S2_U8_SLOAD DMLREF__SAME
#define DMLREF__S2_U8_SSTORE DMLREF__SAME
#define DMLREF__S2_U8_ADD _mm_add_epi8
#define DMLREF__S2_U8_SUB _mm_sub_epi8
#define DMLREF__S2_U8_SCANREG dmlref__s2_scan_epi8
#define DMLREF__S2_U8_BCASTLAST dmlref__s2_last_epi8
#define DMLREF__S2_U8_ZEROV _mm_setzero_si128()
#define DMLREF__S2_U8_AV __m128i
#define DMLREF__S2_U8_AVI __m128i
#define DMLREF__S2_U8_AM __m128i
#define DMLREF__S2_U8_AW 4
#define DMLREF__S2_U8_ALOAD dmlref__s2_load_u8
#define DMLREF__S2_U8_ALT _mm_cmplt_epi32
#define DMLREF__S2_U8_ALE DMLREF__S2_LE_EPI32
#define DMLREF__S2_U8_AISNAN DMLREF__S2_NONAN
#define DMLREF__S2_U8_AMOR _mm_or_si128
#define DMLREF__S2_U8_AMZERO _mm_setzero_si128()
#define DMLREF__S2_U8_AMANY DMLREF__S2_ANY_SI
#define DMLREF__S2_U8_ABLEND dmlref__s2_select_si
#define DMLREF__S2_U8_ABLENDI dmlref__s2_select_si
#define DMLREF__S2_U8_ASET1I DMLREF__S2_SET1_EPI32
#define DMLREF__S2_U8_ASTOREI DMLREF__S2_STOREI
#define DMLREF__S2_U8_AIT uint32_t
#define DMLREF__S2_U8_SCALAR_ARG dmlref__arg_u8_scalar
#define DMLREF__S2_U8_CV __m128i
#define DMLREF__S2_U8_CM __m128i
#define DMLREF__S2_U8_CW 16
#define DMLREF__S2_U8_CLOAD DMLREF__S2_LOADI
#define DMLREF__S2_U8_CMIN _mm_min_epu8
#define DMLREF__S2_U8_CMAX _mm_max_epu8
#define DMLREF__S2_U8_CLE DMLREF__S2_LE_EPU8
#define DMLREF__S2_U8_CISNAN DMLREF__S2_NONAN
#define DMLREF__S2_U8_CISNAN2 DMLREF__NAN2_EACH
#define DMLREF__S2_U8_CMOR _mm_or_si128
#define DMLREF__S2_U8_CMANY DMLREF__S2_ANY_SI
#define DMLREF__S2_U8_CSET1V DMLREF__S2_SET1_EPI8
#define DMLREF__S2_U8_CSTOREV DMLREF__S2_STOREI
#define DMLREF__S2_U8_CVT uint8_t
DMLREF__S2 static void dmlref__vsum_u8_sse2(const dmlref__scan_panel *p){
#define DMLREF__K_P DMLREF__S2_U8
#define DMLREF__K_OP _mm_add_epi8
#define DMLREF__K_IDENTV _mm_setzero_si128()
#define DMLREF__K_SOP DMLREF__ADD_U8
#define DMLREF__K_SIDENT 0
#define DMLREF__KERNEL DMLREF__KERNEL_VSCAN
#include DMLREF_HEADER_FILENAME
}

DMLREF__S2 static void dmlref__csum_u8_sse2(const dmlref__scan_panel *p) {
    DMLREF__CSUM_INT(DMLREF__S2_U8);
}
DMLREF__S2 static void dmlref__varg_u8_sse2(const dmlref__arg_panel *p) { DMLREF__VARG(DMLREF__S2_U8); }
DMLREF__S2 static void dmlref__carg_u8_sse2(const dmlref__arg_panel *p){
#define DMLREF__K_P DMLREF__S2_U8
#define DMLREF__KERNEL DMLREF__KERNEL_CARG
#include DMLREF_HEADER_FILENAME
}


/* UINT16 */
#define DMLREF__S2_U16_T uint16_t
#define DMLREF__S2_U16_A uint16_t
#define DMLREF__S2_U16_V __m128i
#define DMLREF__S2_U16_W 8
#define DMLREF__S2_U16_LOAD DMLREF__S2_LOADI
#define DMLREF__S2_U16_STORE DMLREF__S2_STOREI
#define DMLREF__S2_U16_STREAM DMLREF__S2_STREAMI
#define DMLREF__S2_U16_FENCE _mm_sfence
#define DMLREF__S2_U16_TLOAD DMLREF__S2_LOADI
#define DMLREF__S2_U16_TSTORE DMLREF__S2_STOREI
#define DMLREF__S2_U16_SLOAD DMLREF__SAME
#define DMLREF__S2_U16_SSTORE DMLREF__SAME
#define DMLREF__S2_U16_ADD _mm_add_epi16
#define DMLREF__S2_U16_SUB _mm_sub_epi16
#define DMLREF__S2_U16_SCANREG dmlref__s2_scan_epi16
#define DMLREF__S2_U16_BCASTLAST dmlref__s2_last_epi16
#define DMLREF__S2_U16_ZEROV _mm_setzero_si128()
#define DMLREF__S2_U16_AV __m128i
#define DMLREF__S2_U16_AVI __m128i
#define DMLREF__S2_U16_AM __m128i
#define DMLREF__S2_U16_AW 4
#define DMLREF__S2_U16_ALOAD DMLREF__S2_LOAD_U16
#define DMLREF__S2_U16_ALT _mm_cmplt_epi32
#define DMLREF__S2_U16_ALE DMLREF__S2_LE_EPI32
#define DMLREF__S2_U16_AISNAN DMLREF__S2_NONAN
#define DMLREF__S2_U16_AMOR _mm_or_si128
#define DMLREF__S2_U16_AMZERO _mm_setzero_si128()
#define DMLREF__S2_U16_AMANY DMLREF__S2_ANY_SI
#define DMLREF__S2_U16_ABLEND dmlref__s2_select_si
#define DMLREF__S2_U16_ABLENDI dmlref__s2_select_si
#define DMLREF__S2_U16_ASET1I DMLREF__S2_SET1_EPI32
#define DMLREF__S2_U16_ASTOREI DMLREF__S2_STOREI
#define DMLREF__S2_U16_AIT uint32_t
#define DMLREF__S2_U16_SCALAR_ARG dmlref__arg_u16_scalar
#define DMLREF__S2_U16_CV __m128i
#define DMLREF__S2_U16_CM __m128i
#define DMLREF__S2_U16_CW 8
#define DMLREF__S2_U16_CLOAD DMLREF__S2_LOAD_U16_BIASED
#define DMLREF__S2_U16_CMIN _mm_min_epi16
#define DMLREF__S2_U16_CMAX _mm_max_epi16
#define DMLREF__S2_U16_CLE DMLREF__S2_LE_EPI16
#define DMLREF__S2_U16_CISNAN DMLREF__S2_NONAN
#define DMLREF__S2_U16_CISNAN2 DMLREF__NAN2_EACH
#define DMLREF__S2_U16_CMOR _mm_or_si128
#define DMLREF__S2_U16_CMANY DMLREF__S2_ANY_SI
#define DMLREF__S2_U16_CSET1V DMLREF__S2_SET1_EPI16
#define DMLREF__S2_U16_CSTOREV DMLREF__S2_STOREI
#define DMLREF__S2_U16_CVT int16_t
DMLREF__S2 static void dmlref__vsum_u16_sse2(const dmlref__scan_panel *p){
#define DMLREF__K_P DMLREF__S2_U16
#define DMLREF__K_OP _mm_add_epi16
#define DMLREF__K_IDENTV _mm_setzero_si128()
#define DMLREF__K_SOP DMLREF__ADD_U16
#define DMLREF__K_SIDENT 0
#define DMLREF__KERNEL DMLREF__KERNEL_VSCAN
#include DMLREF_HEADER_FILENAME
}

DMLREF__S2 static void dmlref__vprod_u16_sse2(const dmlref__scan_panel *p){
#define DMLREF__K_P DMLREF__S2_U16
#define DMLREF__K_OP _mm_mullo_epi16
#define DMLREF__K_IDENTV _mm_set1_epi16(1)
#define DMLREF__K_SOP DMLREF__MUL_U16
#define DMLREF__K_SIDENT 1
#define DMLREF__KERNEL DMLREF__KERNEL_VSCAN
#include DMLREF_HEADER_FILENAME
}

DMLREF__S2 static void dmlref__csum_u16_sse2(const dmlref__scan_panel *p) {
    DMLREF__CSUM_INT(DMLREF__S2_U16);
}
DMLREF__S2 static void dmlref__varg_u16_sse2(const dmlref__arg_panel *p) { DMLREF__VARG(DMLREF__S2_U16); }
DMLREF__S2 static void dmlref__carg_u16_sse2(const dmlref__arg_panel *p){
#define DMLREF__K_P DMLREF__S2_U16
#define DMLREF__KERNEL DMLREF__KERNEL_CARG
#include DMLREF_HEADER_FILENAME
}


/* UINT32 */
#define DMLREF__S2_U32_T uint32_t
#define DMLREF__S2_U32_A uint32_t
#define DMLREF__S2_U32_V __m128i
#define DMLREF__S2_U32_W 4
#define DMLREF__S2_U32_LOAD DMLREF__S2_LOADI
#define DMLREF__S2_U32_STORE DMLREF__S2_STOREI
#define DMLREF__S2_U32_STREAM DMLREF__S2_STREAMI
#define DMLREF__S2_U32_FENCE _mm_sfence
#define DMLREF__S2_U32_TLOAD DMLREF__S2_LOADI
#define DMLREF__S2_U32_TSTORE DMLREF__S2_STOREI
#define DMLREF__S2_U32_SLOAD DMLREF__SAME
#define DMLREF__S2_U32_SSTORE DMLREF__SAME
#define DMLREF__S2_U32_ADD _mm_add_epi32
#define DMLREF__S2_U32_SUB _mm_sub_epi32
#define DMLREF__S2_U32_SCANREG dmlref__s2_scan_epi32
#define DMLREF__S2_U32_BCASTLAST DMLREF__S2_LAST_EPI32
#define DMLREF__S2_U32_ZEROV _mm_setzero_si128()
#define DMLREF__S2_U32_AV __m128i
#define DMLREF__S2_U32_AVI __m128i
#define DMLREF__S2_U32_AM __m128i
#define DMLREF__S2_U32_AW 4
#define DMLREF__S2_U32_ALOAD DMLREF__S2_LOAD_U32
#define DMLREF__S2_U32_ALT _mm_cmplt_epi32
#define DMLREF__S2_U32_ALE DMLREF__S2_LE_EPI32
#define DMLREF__S2_U32_AISNAN DMLREF__S2_NONAN
#define DMLREF__S2_U32_AMOR _mm_or_si128
#define DMLREF__S2_U32_AMZERO _mm_setzero_si128()
#define DMLREF__S2_U32_AMANY DMLREF__S2_ANY_SI
#define DMLREF__S2_U32_ABLEND dmlref__s2_select_si
#define DMLREF__S2_U32_ABLENDI dmlref__s2_select_si
#define DMLREF__S2_U32_ASET1I DMLREF__S2_SET1_EPI32
#define DMLREF__S2_U32_ASTOREI DMLREF__S2_STOREI
#define DMLREF__S2_U32_AIT uint32_t
#define DMLREF__S2_U32_SCALAR_ARG dmlref__arg_u32_scalar
#define DMLREF__S2_U32_CV __m128i
#define DMLREF__S2_U32_CM __m128i
#define DMLREF__S2_U32_CW 4
#define DMLREF__S2_U32_CLOAD DMLREF__S2_LOAD_U32
#define DMLREF__S2_U32_CMIN DMLREF__S2_MIN_EPI32
#define DMLREF__S2_U32_CMAX DMLREF__S2_MAX_EPI32
#define DMLREF__S2_U32_CLE DMLREF__S2_LE_EPI32
#define DMLREF__S2_U32_CISNAN DMLREF__S2_NONAN
#define DMLREF__S2_U32_CISNAN2 DMLREF__NAN2_EACH
#define DMLREF__S2_U32_CMOR _mm_or_si128
#define DMLREF__S2_U32_CMANY DMLREF__S2_ANY_SI
#define DMLREF__S2_U32_CSET1V DMLREF__S2_SET1_EPI32
#define DMLREF__S2_U32_CSTOREV DMLREF__S2_STOREI
#define DMLREF__S2_U32_CVT int32_t
DMLREF__S2 static void dmlref__vsum_u32_sse2(const dmlref__scan_panel *p){
#define DMLREF__K_P DMLREF__S2_U32
#define DMLREF__K_OP _mm_add_epi32
#define DMLREF__K_IDENTV _mm_setzero_si128()
#define DMLREF__K_SOP DMLREF__ADD_U32
#define DMLREF__K_SIDENT 0
#define DMLREF__KERNEL DMLREF__KERNEL_VSCAN
#include DMLREF_HEADER_FILENAME
}

DMLREF__S2 static void dmlref__csum_u32_sse2(const dmlref__scan_panel *p) {
    DMLREF__CSUM_INT(DMLREF__S2_U32);
}
DMLREF__S2 static void dmlref__varg_u32_sse2(const dmlref__arg_panel *p) { DMLREF__VARG(DMLREF__S2_U32); }
DMLREF__S2 static void dmlref__carg_u32_sse2(const dmlref__arg_panel *p){
#define DMLREF__K_P DMLREF__S2_U32
#define DMLREF__KERNEL DMLREF__KERNEL_CARG
#include DMLREF_HEADER_FILENAME
}


/* UINT64 */
#define DMLREF__S2_U64_T uint64_t
#define DMLREF__S2_U64_A uint64_t
#define DMLREF__S2_U64_V __m128i
#define DMLREF__S2_U64_W 2
#define DMLREF__S2_U64_LOAD DMLREF__S2_LOADI
#define DMLREF__S2_U64_STORE DMLREF__S2_STOREI
#define DMLREF__S2_U64_STREAM DMLREF__S2_STREAMI
#define DMLREF__S2_U64_FENCE _mm_sfence
#define DMLREF__S2_U64_TLOAD DMLREF__S2_LOADI
#define DMLREF__S2_U64_TSTORE DMLREF__S2_STOREI
#define DMLREF__S2_U64_SLOAD DMLREF__SAME
#define DMLREF__S2_U64_SSTORE DMLREF__SAME
#define DMLREF__S2_U64_ADD _mm_add_epi64
#define DMLREF__S2_U64_SUB _mm_sub_epi64
#define DMLREF__S2_U64_SCANREG DMLREF__S2_SCAN_EPI64
#define DMLREF__S2_U64_BCASTLAST DMLREF__S2_LAST_EPI64
#define DMLREF__S2_U64_ZEROV _mm_setzero_si128()
DMLREF__S2 static void dmlref__vsum_u64_sse2(const dmlref__scan_panel *p){
#define DMLREF__K_P DMLREF__S2_U64
#define DMLREF__K_OP _mm_add_epi64
#define DMLREF__K_IDENTV _mm_setzero_si128()
#define DMLREF__K_SOP DMLREF__ADD_U64
#define DMLREF__K_SIDENT 0
#define DMLREF__KERNEL DMLREF__KERNEL_VSCAN
#include DMLREF_HEADER_FILENAME
}

DMLREF__S2 static void dmlref__csum_u64_sse2(const dmlref__scan_panel *p) {
    DMLREF__CSUM_INT(DMLREF__S2_U64);
}


/* INT8 */
#define DMLREF__S2_I8_T int8_t
#define DMLREF__S2_I8_AV __m128i
#define DMLREF__S2_I8_AVI __m128i
#define DMLREF__S2_I8_AM __m128i
#define DMLREF__S2_I8_AW 4
#define DMLREF__S2_I8_ALOAD dmlref__s2_load_i8
#define DMLREF__S2_I8_ALT _mm_cmplt_epi32
#define DMLREF__S2_I8_ALE DMLREF__S2_LE_EPI32
#define DMLREF__S2_I8_AISNAN DMLREF__S2_NONAN
#define DMLREF__S2_I8_AMOR _mm_or_si128
#define DMLREF__S2_I8_AMZERO _mm_setzero_si128()
#define DMLREF__S2_I8_AMANY DMLREF__S2_ANY_SI
#define DMLREF__S2_I8_ABLEND dmlref__s2_select_si
#define DMLREF__S2_I8_ABLENDI dmlref__s2_select_si
#define DMLREF__S2_I8_ASET1I DMLREF__S2_SET1_EPI32
#define DMLREF__S2_I8_ASTOREI DMLREF__S2_STOREI
#define DMLREF__S2_I8_AIT uint32_t
#define DMLREF__S2_I8_SCALAR_ARG dmlref__arg_i8_scalar
#define DMLREF__S2_I8_CV __m128i
#define DMLREF__S2_I8_CM __m128i
#define DMLREF__S2_I8_CW 16
#define DMLREF__S2_I8_CLOAD DMLREF__S2_LOAD_I8_BIASED
#define DMLREF__S2_I8_CMIN _mm_min_epu8
#define DMLREF__S2_I8_CMAX _mm_max_epu8
#define DMLREF__S2_I8_CLE DMLREF__S2_LE_EPU8
#define DMLREF__S2_I8_CISNAN DMLREF__S2_NONAN
#define DMLREF__S2_I8_CISNAN2 DMLREF__NAN2_EACH
#define DMLREF__S2_I8_CMOR _mm_or_si128
#define DMLREF__S2_I8_CMANY DMLREF__S2_ANY_SI
#define DMLREF__S2_I8_CSET1V DMLREF__S2_SET1_EPI8
#define DMLREF__S2_I8_CSTOREV DMLREF__S2_STOREI
#define DMLREF__S2_I8_CVT uint8_t
DMLREF__S2 static void dmlref__varg_i8_sse2(const dmlref__arg_panel *p) { DMLREF__VARG(DMLREF__S2_I8); }
DMLREF__S2 static void dmlref__carg_i8_sse2(const dmlref__arg_panel *p){
#define DMLREF__K_P DMLREF__S2_I8
#define DMLREF__KERNEL DMLREF__KERNEL_CARG
#include DMLREF_HEADER_FILENAME
}


/* INT16 */
#define DMLREF__S2_I16_T int16_t
#define DMLREF__S2_I16_AV __m128i
#define DMLREF__S2_I16_AVI __m128i
#define DMLREF__S2_I16_AM __m128i
#define DMLREF__S2_I16_AW 4
#define DMLREF__S2_I16_ALOAD DMLREF__S2_LOAD_I16
#define DMLREF__S2_I16_ALT _mm_cmplt_epi32
#define DMLREF__S2_I16_ALE DMLREF__S2_LE_EPI32
#define DMLREF__S2_I16_AISNAN DMLREF__S2_NONAN
#define DMLREF__S2_I16_AMOR _mm_or_si128
#define DMLREF__S2_I16_AMZERO _mm_setzero_si128()
#define DMLREF__S2_I16_AMANY DMLREF__S2_ANY_SI
#define DMLREF__S2_I16_ABLEND dmlref__s2_select_si
#define DMLREF__S2_I16_ABLENDI dmlref__s2_select_si
#define DMLREF__S2_I16_ASET1I DMLREF__S2_SET1_EPI32
#define DMLREF__S2_I16_ASTOREI DMLREF__S2_STOREI
#define DMLREF__S2_I16_AIT uint32_t
#define DMLREF__S2_I16_SCALAR_ARG dmlref__arg_i16_scalar
#define DMLREF__S2_I16_CV __m128i
#define DMLREF__S2_I16_CM __m128i
#define DMLREF__S2_I16_CW 8
#define DMLREF__S2_I16_CLOAD DMLREF__S2_LOADI
#define DMLREF__S2_I16_CMIN _mm_min_epi16
#define DMLREF__S2_I16_CMAX _mm_max_epi16
#define DMLREF__S2_I16_CLE DMLREF__S2_LE_EPI16
#define DMLREF__S2_I16_CISNAN DMLREF__S2_NONAN
#define DMLREF__S2_I16_CISNAN2 DMLREF__NAN2_EACH
#define DMLREF__S2_I16_CMOR _mm_or_si128
#define DMLREF__S2_I16_CMANY DMLREF__S2_ANY_SI
#define DMLREF__S2_I16_CSET1V DMLREF__S2_SET1_EPI16
#define DMLREF__S2_I16_CSTOREV DMLREF__S2_STOREI
#define DMLREF__S2_I16_CVT int16_t
DMLREF__S2 static void dmlref__varg_i16_sse2(const dmlref__arg_panel *p) {
    DMLREF__VARG(DMLREF__S2_I16);
}
DMLREF__S2 static void dmlref__carg_i16_sse2(const dmlref__arg_panel *p){
#define DMLREF__K_P DMLREF__S2_I16
#define DMLREF__KERNEL DMLREF__KERNEL_CARG
#include DMLREF_HEADER_FILENAME
}


/* INT32 */
#define DMLREF__S2_I32_T int32_t
#define DMLREF__S2_I32_AV __m128i
#define DMLREF__S2_I32_AVI __m128i
#define DMLREF__S2_I32_AM __m128i
#define DMLREF__S2_I32_AW 4
#define DMLREF__S2_I32_ALOAD DMLREF__S2_LOADI
#define DMLREF__S2_I32_ALT _mm_cmplt_epi32
#define DMLREF__S2_I32_ALE DMLREF__S2_LE_EPI32
#define DMLREF__S2_I32_AISNAN DMLREF__S2_NONAN
#define DMLREF__S2_I32_AMOR _mm_or_si128
#define DMLREF__S2_I32_AMZERO _mm_setzero_si128()
#define DMLREF__S2_I32_AMANY DMLREF__S2_ANY_SI
#define DMLREF__S2_I32_ABLEND dmlref__s2_select_si
#define DMLREF__S2_I32_ABLENDI dmlref__s2_select_si
#define DMLREF__S2_I32_ASET1I DMLREF__S2_SET1_EPI32
#define DMLREF__S2_I32_ASTOREI DMLREF__S2_STOREI
#define DMLREF__S2_I32_AIT uint32_t
#define DMLREF__S2_I32_SCALAR_ARG dmlref__arg_i32_scalar
#define DMLREF__S2_I32_CV __m128i
#define DMLREF__S2_I32_CM __m128i
#define DMLREF__S2_I32_CW 4
#define DMLREF__S2_I32_CLOAD DMLREF__S2_LOADI
#define DMLREF__S2_I32_CMIN DMLREF__S2_MIN_EPI32
#define DMLREF__S2_I32_CMAX DMLREF__S2_MAX_EPI32
#define DMLREF__S2_I32_CLE DMLREF__S2_LE_EPI32
#define DMLREF__S2_I32_CISNAN DMLREF__S2_NONAN
#define DMLREF__S2_I32_CISNAN2 DMLREF__NAN2_EACH
#define DMLREF__S2_I32_CMOR _mm_or_si128
#define DMLREF__S2_I32_CMANY DMLREF__S2_ANY_SI
#define DMLREF__S2_I32_CSET1V DMLREF__S2_SET1_EPI32
#define DMLREF__S2_I32_CSTOREV DMLREF__S2_STOREI
#define DMLREF__S2_I32_CVT int32_t
DMLREF__S2 static void dmlref__varg_i32_sse2(const dmlref__arg_panel *p) {
    DMLREF__VARG(DMLREF__S2_I32);
}
DMLREF__S2 static void dmlref__carg_i32_sse2(const dmlref__arg_panel *p) {
#define DMLREF__K_P DMLREF__S2_I32
#define DMLREF__KERNEL DMLREF__KERNEL_CARG
#include DMLREF_HEADER_FILENAME
}


/* The SSE2 path's scan kernels: for each type, the kernel for contiguous lines,
   the kernel for adjacent lines, and the fewest elements (lines) either takes.
   NULL: that shape runs the scalar kernel. */
static const dmlref__scan_routes dmlref__sse2_scans = {
    {{ /* SEQUENTIAL (and integers) */
      {/* ADD */
       /* FLOAT16 */ {NULL, NULL, 0},
       /* FLOAT32 */ {dmlref__tsum_f32_sse2, dmlref__vsum_f32_sse2, 4},
       /* FLOAT64 */ {dmlref__tsum_f64_sse2, dmlref__vsum_f64_sse2, 2},
       /* UINT8, INT8 */ {dmlref__csum_u8_sse2, dmlref__vsum_u8_sse2, 16},
       /* UINT16, INT16 */ {dmlref__csum_u16_sse2, dmlref__vsum_u16_sse2, 8},
       /* UINT32, INT32 */ {dmlref__csum_u32_sse2, dmlref__vsum_u32_sse2, 4},
       /* UINT64, INT64 */ {dmlref__csum_u64_sse2, dmlref__vsum_u64_sse2, 2}},
      {/* MULTIPLY */
       /* FLOAT16 */ {NULL, NULL, 0},
       /* FLOAT32 */ {dmlref__tprod_f32_sse2, dmlref__vprod_f32_sse2, 4},
       /* FLOAT64 */ {dmlref__tprod_f64_sse2, dmlref__vprod_f64_sse2, 2},
       /* UINT8, INT8 */ {NULL, NULL, 0},
       /* UINT16, INT16 */ {NULL, dmlref__vprod_u16_sse2, 8},
       /* UINT32, INT32 */ {NULL, NULL, 0},
       /* UINT64, INT64 */ {NULL, NULL, 0}}},
     { /* BLOCKED (float sums; products are never BLOCKED) */
      {/* ADD */
       /* FLOAT16 */ {NULL, NULL, 0},
       /* FLOAT32 */ {dmlref__cblocked_f32_sse2, dmlref__vblocked_f32_sse2, 16},
       /* FLOAT64 */ {dmlref__cblocked_f64_sse2, dmlref__vblocked_f64_sse2, 16}}}}};
/* The SSE2 path's arg-reduction kernels: contiguous, vertical (adjacent
   outputs), and the fewest elements (outputs) each takes. */
static const dmlref__arg_route dmlref__sse2_args[DMLREF__ARG_SLOTS] = {
    /* FLOAT16 */ {NULL, NULL, 0, 0},
    /* FLOAT32 */ {dmlref__carg_f32_sse2, dmlref__varg_f32_sse2, 4, 4},
    /* FLOAT64 */ {dmlref__carg_f64_sse2, dmlref__varg_f64_sse2, 2, 2},
    /* UINT8 */ {dmlref__carg_u8_sse2, dmlref__varg_u8_sse2, 16, 4},
    /* UINT16 */ {dmlref__carg_u16_sse2, dmlref__varg_u16_sse2, 8, 4},
    /* UINT32 */ {dmlref__carg_u32_sse2, dmlref__varg_u32_sse2, 4, 4},
    /* UINT64 */ {NULL, NULL, 0, 0},
    /* INT8 */ {dmlref__carg_i8_sse2, dmlref__varg_i8_sse2, 16, 4},
    /* INT16 */ {dmlref__carg_i16_sse2, dmlref__varg_i16_sse2, 8, 4},
    /* INT32 */ {dmlref__carg_i32_sse2, dmlref__varg_i32_sse2, 4, 4},
    /* INT64 */ {NULL, NULL, 0, 0}};
#endif /* DMLREF__BUILD_SSE2 */

/* >>avx2 -------------------------------------------------------------------------
   AVX2 (+F16C): 8 float32 lanes, a BLOCKED block is two registers. Masks are
   vectors of all-ones / all-zeros lanes. */
#if defined(DMLREF__BUILD_AVX2)
#define DMLREF__A2 __attribute__((target("avx2,f16c"))) DMLREF__KERNEL_ALIGN

DMLREF__A2 static inline __m256 dmlref__a2_canon_ps(__m256 v) { /* v != v ? qNaN : v */
    return _mm256_blendv_ps(v, _mm256_castsi256_ps(_mm256_set1_epi32(0x7FC00000)), _mm256_cmp_ps(v, v, _CMP_UNORD_Q));
}
DMLREF__A2 static inline __m256d dmlref__a2_canon_pd(__m256d v) {
    return _mm256_blendv_pd(v, _mm256_castsi256_pd(_mm256_set1_epi64x(0x7FF8000000000000LL)),
                            _mm256_cmp_pd(v, v, _CMP_UNORD_Q));
}
DMLREF__A2 static inline void dmlref__a2_store_ps(float *p, __m256 v) { _mm256_storeu_ps(p, dmlref__a2_canon_ps(v)); }
DMLREF__A2 static inline void dmlref__a2_store_pd(double *p, __m256d v) { _mm256_storeu_pd(p, dmlref__a2_canon_pd(v)); }
DMLREF__A2 static inline __m256 dmlref__a2_load_ph(const uint16_t *p) { /* 8 x dmlref_f16_to_f32 */
    return _mm256_cvtph_ps(_mm_loadu_si128((const __m128i *)(const void *)p));
}
DMLREF__A2 static inline void dmlref__a2_rstore_ph(uint16_t *p, __m256 v) { /* NaN stays NaN, any payload */
    _mm_storeu_si128((__m128i *)(void *)p, _mm256_cvtps_ph(v, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC));
}
DMLREF__A2 static inline void dmlref__a2_rstream_ph(uint16_t *p, __m256 v) {
    _mm_stream_si128((__m128i *)(void *)p, _mm256_cvtps_ph(v, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC));
}
DMLREF__A2 static inline void dmlref__a2_store_ph(uint16_t *p, __m256 v) { /* 8 x dmlref__store_f16 */
    dmlref__a2_rstore_ph(p, dmlref__a2_canon_ps(v));
}
DMLREF__A2 static inline void dmlref__a2_stream_ps(float *p, __m256 v) { _mm256_stream_ps(p, dmlref__a2_canon_ps(v)); }
DMLREF__A2 static inline void dmlref__a2_stream_pd(double *p, __m256d v) {
    _mm256_stream_pd(p, dmlref__a2_canon_pd(v));
}
DMLREF__A2 static inline void dmlref__a2_stream_ph(uint16_t *p, __m256 v) {
    _mm_stream_si128((__m128i *)(void *)p,
                     _mm256_cvtps_ph(dmlref__a2_canon_ps(v), _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC));
}
#define DMLREF__A2_STREAMI(p, v) _mm256_stream_si256((__m256i *)(void *)(p), (v))
#define DMLREF__A2_LOADI(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define DMLREF__A2_STOREI(p, v) _mm256_storeu_si256((__m256i *)(void *)(p), (v))


/* Contiguous integer sums: scan inside each 128-bit lane, then add the low
   lane's total (its last element, broadcast) to the high lane. */
#define DMLREF__A2_LOW_TO_HIGH(t) _mm256_permute2x128_si256((t), (t), 0x08) /* [0, t.lo] */
DMLREF__A2 static inline __m256i dmlref__a2_scan_epi8(__m256i x) {          /* x[i] = x[0] + ... + x[i] */
    x = _mm256_add_epi8(x, _mm256_slli_si256(x, 1));
    x = _mm256_add_epi8(x, _mm256_slli_si256(x, 2));
    x = _mm256_add_epi8(x, _mm256_slli_si256(x, 4));
    x = _mm256_add_epi8(x, _mm256_slli_si256(x, 8));
    return _mm256_add_epi8(x, DMLREF__A2_LOW_TO_HIGH(_mm256_shuffle_epi8(x, _mm256_set1_epi8(15))));
}
DMLREF__A2 static inline __m256i dmlref__a2_scan_epi16(__m256i x) {
    x = _mm256_add_epi16(x, _mm256_slli_si256(x, 2));
    x = _mm256_add_epi16(x, _mm256_slli_si256(x, 4));
    x = _mm256_add_epi16(x, _mm256_slli_si256(x, 8));
    return _mm256_add_epi16(x, DMLREF__A2_LOW_TO_HIGH(_mm256_shuffle_epi8(x, _mm256_set1_epi16(0x0F0E))));
}
DMLREF__A2 static inline __m256i dmlref__a2_scan_epi32(__m256i x) {
    x = _mm256_add_epi32(x, _mm256_slli_si256(x, 4));
    x = _mm256_add_epi32(x, _mm256_slli_si256(x, 8));
    return _mm256_add_epi32(x, DMLREF__A2_LOW_TO_HIGH(_mm256_shuffle_epi32(x, 0xFF)));
}
DMLREF__A2 static inline __m256i dmlref__a2_scan_epi64(__m256i x) {
    x = _mm256_add_epi64(x, _mm256_slli_si256(x, 8));
    return _mm256_add_epi64(x, DMLREF__A2_LOW_TO_HIGH(_mm256_shuffle_epi32(x, 0xEE)));
}
DMLREF__A2 static inline __m256i dmlref__a2_last_epi8(__m256i y) {
    __m256i t = _mm256_shuffle_epi8(y, _mm256_set1_epi8(15));
    return _mm256_permute2x128_si256(t, t, 0x11);
}
DMLREF__A2 static inline __m256i dmlref__a2_last_epi16(__m256i y) {
    __m256i t = _mm256_shuffle_epi8(y, _mm256_set1_epi16(0x0F0E));
    return _mm256_permute2x128_si256(t, t, 0x11);
}
#define DMLREF__A2_LAST_EPI32(y) _mm256_permutevar8x32_epi32((y), _mm256_set1_epi32(7))
#define DMLREF__A2_LAST_EPI64(y) _mm256_permute4x64_epi64((y), 0xFF)

/* BLOCKED float sums. up(b, a, k): b's lanes shifted up by k elements, the
   vacated low lanes filled from the top of a (the register below). */
#define DMLREF__A2_UPI(b, a, bytes) _mm256_alignr_epi8((b), _mm256_permute2x128_si256((a), (b), 0x21), 16 - (bytes))
#define DMLREF__A2_UP_PS(b, a, k)                                                                                    \
    ((k) == 4 ? _mm256_castsi256_ps(_mm256_permute2x128_si256(_mm256_castps_si256(a), _mm256_castps_si256(b), 0x21)) \
              : _mm256_castsi256_ps(DMLREF__A2_UPI(_mm256_castps_si256(b), _mm256_castps_si256(a), 4 * (k))))
#define DMLREF__A2_NEGZ_PS _mm256_set1_ps(-0.0f)
/* The bottom register's up(b, -0.0, k): [-0.0 x 4, b.lo] is one insert, not a cross-lane permute. */
#define DMLREF__A2_LOW_PS(b) _mm256_insertf128_ps(DMLREF__A2_NEGZ_PS, _mm256_castps256_ps128(b), 1)
#define DMLREF__A2_UP0_PS(b, k)                                                \
    ((k) == 4 ? DMLREF__A2_LOW_PS(b)                                           \
              : _mm256_castsi256_ps(_mm256_alignr_epi8(_mm256_castps_si256(b), \
                                                       _mm256_castps_si256(DMLREF__A2_LOW_PS(b)), 16 - 4 * (k))))
#define DMLREF__A2_STEP_PS(r, k)                                     \
    do {                                                             \
        r[1] = _mm256_add_ps(DMLREF__A2_UP_PS(r[1], r[0], k), r[1]); \
        r[0] = _mm256_add_ps(DMLREF__A2_UP0_PS(r[0], k), r[0]);      \
    } while (0)
#define DMLREF__A2_SCANB_PS(r)                      \
    do {                                            \
        DMLREF__A2_STEP_PS(r, 1);                   \
        DMLREF__A2_STEP_PS(r, 2);                   \
        DMLREF__A2_STEP_PS(r, 4);                   \
        r[1] = _mm256_add_ps(r[0], r[1]); /* k=8 */ \
    } while (0)
#define DMLREF__A2_ADDC_PS(r, c) (r[0] = _mm256_add_ps((c), r[0]), r[1] = _mm256_add_ps((c), r[1]))
#define DMLREF__A2_SHIFT1_PS(o, r, before) \
    (o[0] = DMLREF__A2_UP_PS(r[0], (before), 1), o[1] = DMLREF__A2_UP_PS(r[1], r[0], 1))
#define DMLREF__A2_LAST_PS(r) _mm256_permutevar8x32_ps(r[1], _mm256_set1_epi32(7))
#define DMLREF__A2_LOADB_PS(r, p) (r[0] = _mm256_loadu_ps(p), r[1] = _mm256_loadu_ps((p) + 8))
#define DMLREF__A2_STOREB_PS(p, r) (dmlref__a2_store_ps((p), r[0]), dmlref__a2_store_ps((p) + 8, r[1]))
#define DMLREF__A2_STREAMB_PS(p, r) (dmlref__a2_stream_ps((p), r[0]), dmlref__a2_stream_ps((p) + 8, r[1]))
#define DMLREF__A2_LOADB_PH(r, p) (r[0] = dmlref__a2_load_ph(p), r[1] = dmlref__a2_load_ph((p) + 8))
#define DMLREF__A2_STOREB_PH(p, r) (dmlref__a2_store_ph((p), r[0]), dmlref__a2_store_ph((p) + 8, r[1]))
#define DMLREF__A2_STREAMB_PH(p, r) (dmlref__a2_stream_ph((p), r[0]), dmlref__a2_stream_ph((p) + 8, r[1]))
/* float64: four registers of four lanes; k = 1 and 2 shift inside the pair
   of neighbouring registers, k = 4 and 8 are whole registers. */
#define DMLREF__A2_UP_PD(b, a, k)                                                                                    \
    ((k) == 2 ? _mm256_castsi256_pd(_mm256_permute2x128_si256(_mm256_castpd_si256(a), _mm256_castpd_si256(b), 0x21)) \
              : _mm256_castsi256_pd(DMLREF__A2_UPI(_mm256_castpd_si256(b), _mm256_castpd_si256(a), 8)))
#define DMLREF__A2_NEGZ_PD _mm256_set1_pd(-0.0)
#define DMLREF__A2_STEP_PD(r, k)                                                   \
    do {                                                                           \
        r[3] = _mm256_add_pd(DMLREF__A2_UP_PD(r[3], r[2], k), r[3]);               \
        r[2] = _mm256_add_pd(DMLREF__A2_UP_PD(r[2], r[1], k), r[2]);               \
        r[1] = _mm256_add_pd(DMLREF__A2_UP_PD(r[1], r[0], k), r[1]);               \
        r[0] = _mm256_add_pd(DMLREF__A2_UP_PD(r[0], DMLREF__A2_NEGZ_PD, k), r[0]); \
    } while (0)
#define DMLREF__A2_SCANB_PD(r)                      \
    do {                                            \
        DMLREF__A2_STEP_PD(r, 1);                   \
        DMLREF__A2_STEP_PD(r, 2);                   \
        r[3] = _mm256_add_pd(r[2], r[3]); /* k=4 */ \
        r[2] = _mm256_add_pd(r[1], r[2]);           \
        r[1] = _mm256_add_pd(r[0], r[1]);           \
        r[3] = _mm256_add_pd(r[1], r[3]); /* k=8 */ \
        r[2] = _mm256_add_pd(r[0], r[2]);           \
    } while (0)
#define DMLREF__A2_ADDC_PD(r, c)                                                                        \
    (r[0] = _mm256_add_pd((c), r[0]), r[1] = _mm256_add_pd((c), r[1]), r[2] = _mm256_add_pd((c), r[2]), \
     r[3] = _mm256_add_pd((c), r[3]))
#define DMLREF__A2_SHIFT1_PD(o, r, before)                                               \
    (o[0] = DMLREF__A2_UP_PD(r[0], (before), 1), o[1] = DMLREF__A2_UP_PD(r[1], r[0], 1), \
     o[2] = DMLREF__A2_UP_PD(r[2], r[1], 1), o[3] = DMLREF__A2_UP_PD(r[3], r[2], 1))
#define DMLREF__A2_LAST_PD(r) _mm256_permute4x64_pd(r[3], 0xFF)
#define DMLREF__A2_LOADB_PD(r, p)                                                                 \
    (r[0] = _mm256_loadu_pd(p), r[1] = _mm256_loadu_pd((p) + 4), r[2] = _mm256_loadu_pd((p) + 8), \
     r[3] = _mm256_loadu_pd((p) + 12))
#define DMLREF__A2_STOREB_PD(p, r)                                                                           \
    (dmlref__a2_store_pd((p), r[0]), dmlref__a2_store_pd((p) + 4, r[1]), dmlref__a2_store_pd((p) + 8, r[2]), \
     dmlref__a2_store_pd((p) + 12, r[3]))
#define DMLREF__A2_STREAMB_PD(p, r)                                                                             \
    (dmlref__a2_stream_pd((p), r[0]), dmlref__a2_stream_pd((p) + 4, r[1]), dmlref__a2_stream_pd((p) + 8, r[2]), \
     dmlref__a2_stream_pd((p) + 12, r[3]))

/* Arg-reductions. Integer lanes compare signed: UINT32/UINT64 are biased by
   the sign bit on load (order-preserving), narrower types are widened. */
#define DMLREF__A2_LT_PS(a, b) _mm256_cmp_ps((a), (b), _CMP_LT_OQ)
#define DMLREF__A2_LE_PS(a, b) _mm256_cmp_ps((a), (b), _CMP_LE_OQ)
#define DMLREF__A2_NAN_PS(x) _mm256_cmp_ps((x), (x), _CMP_UNORD_Q)
#define DMLREF__A2_ANY_PS(m) (_mm256_movemask_ps(m) != 0)
#define DMLREF__A2_BLENDI_PS(m, a, b) \
    _mm256_castps_si256(_mm256_blendv_ps(_mm256_castsi256_ps(a), _mm256_castsi256_ps(b), (m)))
#define DMLREF__A2_LT_PD(a, b) _mm256_cmp_pd((a), (b), _CMP_LT_OQ)
#define DMLREF__A2_LE_PD(a, b) _mm256_cmp_pd((a), (b), _CMP_LE_OQ)
#define DMLREF__A2_NAN_PD(x) _mm256_cmp_pd((x), (x), _CMP_UNORD_Q)
#define DMLREF__A2_NAN2_PS(ISNAN, MOR, a, b) _mm256_cmp_ps((a), (b), _CMP_UNORD_Q)
#define DMLREF__A2_NAN2_PD(ISNAN, MOR, a, b) _mm256_cmp_pd((a), (b), _CMP_UNORD_Q)
#define DMLREF__A2_ANY_PD(m) (_mm256_movemask_pd(m) != 0)
#define DMLREF__A2_BLENDI_PD(m, a, b) \
    _mm256_castpd_si256(_mm256_blendv_pd(_mm256_castsi256_pd(a), _mm256_castsi256_pd(b), (m)))
#define DMLREF__A2_LT_EPI32(a, b) _mm256_cmpgt_epi32((b), (a))
#define DMLREF__A2_LE_EPI32(a, b) _mm256_xor_si256(_mm256_cmpgt_epi32((a), (b)), _mm256_set1_epi32(-1))
#define DMLREF__A2_LT_EPI64(a, b) _mm256_cmpgt_epi64((b), (a))
#define DMLREF__A2_LE_EPI64(a, b) _mm256_xor_si256(_mm256_cmpgt_epi64((a), (b)), _mm256_set1_epi32(-1))
#define DMLREF__A2_NONAN(x) _mm256_setzero_si256()
#define DMLREF__A2_ANY_SI(m) (_mm256_movemask_epi8(m) != 0)
#define DMLREF__A2_BLEND_SI(m, a, b) _mm256_blendv_epi8((a), (b), (m))
#define DMLREF__A2_SET1_EPI32(i) _mm256_set1_epi32((int)(i))
#define DMLREF__A2_SET1_EPI64(i) _mm256_set1_epi64x((long long)(i))
#define DMLREF__A2_LOAD_I8(p) _mm256_cvtepi8_epi32(_mm_loadl_epi64((const __m128i *)(const void *)(p)))
#define DMLREF__A2_LOAD_U8(p) _mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)(const void *)(p)))
#define DMLREF__A2_LOAD_I16(p) _mm256_cvtepi16_epi32(_mm_loadu_si128((const __m128i *)(const void *)(p)))
#define DMLREF__A2_LOAD_U16(p) _mm256_cvtepu16_epi32(_mm_loadu_si128((const __m128i *)(const void *)(p)))
#define DMLREF__A2_LOAD_U32(p) _mm256_xor_si256(DMLREF__A2_LOADI(p), _mm256_set1_epi32(INT32_MIN))
#define DMLREF__A2_LOAD_U64(p) _mm256_xor_si256(DMLREF__A2_LOADI(p), _mm256_set1_epi64x(INT64_MIN))

/* One element type: the vertical kernel (value lanes + index lanes), the
   contiguous kernel (value lanes only, MIN/MAX). */
#define DMLREF__A2_BLEND_PS(m, a, b) _mm256_blendv_ps((a), (b), (m))
#define DMLREF__A2_BLEND_PD(m, a, b) _mm256_blendv_pd((a), (b), (m))
#define DMLREF__A2_MIN_EPI64(a, b) _mm256_blendv_epi8((a), (b), _mm256_cmpgt_epi64((a), (b)))
#define DMLREF__A2_MAX_EPI64(a, b) _mm256_blendv_epi8((a), (b), _mm256_cmpgt_epi64((b), (a)))

/* 8- and 16-bit types: the vertical kernel widens them to 32-bit lanes, the
   contiguous kernel keeps them narrow (32 or 16 lanes). */
#define DMLREF__A2_LE_EPI8(a, b) _mm256_xor_si256(_mm256_cmpgt_epi8((a), (b)), _mm256_set1_epi32(-1))
#define DMLREF__A2_LE_EPI16(a, b) _mm256_xor_si256(_mm256_cmpgt_epi16((a), (b)), _mm256_set1_epi32(-1))
#define DMLREF__A2_LE_EPU8(a, b) _mm256_cmpeq_epi8(_mm256_max_epu8((a), (b)), (b))
#define DMLREF__A2_LE_EPU16(a, b) _mm256_cmpeq_epi16(_mm256_max_epu16((a), (b)), (b))
#define DMLREF__A2_LT_EPI8(a, b) _mm256_cmpgt_epi8((b), (a))
#define DMLREF__A2_LT_EPI16(a, b) _mm256_cmpgt_epi16((b), (a))
#define DMLREF__A2_LT_EPU8(a, b) _mm256_xor_si256(DMLREF__A2_LE_EPU8((b), (a)), _mm256_set1_epi32(-1))
#define DMLREF__A2_LT_EPU16(a, b) _mm256_xor_si256(DMLREF__A2_LE_EPU16((b), (a)), _mm256_set1_epi32(-1))
#define DMLREF__A2_SET1_EPI8(v) _mm256_set1_epi8((char)(v))
#define DMLREF__A2_SET1_EPI16(v) _mm256_set1_epi16((short)(v))

/* FLOAT16: the vertical kernel converts to float32 lanes (F16C); the
   contiguous kernel compares 16 ordered int16 keys per register instead:
   sign-magnitude turned two's complement, so -0.0 and +0.0 are both key 0
   (a tie) and integer order is float order; a NaN has |key| > 0x7C00. */
DMLREF__A2 static inline __m256i dmlref__a2_load_f16key(const uint16_t *p) {
    __m256i x = DMLREF__A2_LOADI(p);
    return _mm256_sign_epi16(_mm256_and_si256(x, _mm256_set1_epi16(0x7FFF)), x);
}
#define DMLREF__A2_NAN_F16KEY(k) _mm256_cmpgt_epi16(_mm256_abs_epi16(k), _mm256_set1_epi16(0x7C00))

/* Transposed scans of contiguous lines: 8x8 float32 and 4x4 float64 transposes. */
#define DMLREF__A2_TRANSPOSE_PS(r)                                                               \
    do {                                                                                         \
        __m256 t0_ = _mm256_unpacklo_ps(r[0], r[1]), t1_ = _mm256_unpackhi_ps(r[0], r[1]);       \
        __m256 t2_ = _mm256_unpacklo_ps(r[2], r[3]), t3_ = _mm256_unpackhi_ps(r[2], r[3]);       \
        __m256 t4_ = _mm256_unpacklo_ps(r[4], r[5]), t5_ = _mm256_unpackhi_ps(r[4], r[5]);       \
        __m256 t6_ = _mm256_unpacklo_ps(r[6], r[7]), t7_ = _mm256_unpackhi_ps(r[6], r[7]);       \
        __m256 u0_ = _mm256_shuffle_ps(t0_, t2_, 0x44), u1_ = _mm256_shuffle_ps(t0_, t2_, 0xEE); \
        __m256 u2_ = _mm256_shuffle_ps(t1_, t3_, 0x44), u3_ = _mm256_shuffle_ps(t1_, t3_, 0xEE); \
        __m256 u4_ = _mm256_shuffle_ps(t4_, t6_, 0x44), u5_ = _mm256_shuffle_ps(t4_, t6_, 0xEE); \
        __m256 u6_ = _mm256_shuffle_ps(t5_, t7_, 0x44), u7_ = _mm256_shuffle_ps(t5_, t7_, 0xEE); \
        r[0] = _mm256_permute2f128_ps(u0_, u4_, 0x20);                                           \
        r[1] = _mm256_permute2f128_ps(u1_, u5_, 0x20);                                           \
        r[2] = _mm256_permute2f128_ps(u2_, u6_, 0x20);                                           \
        r[3] = _mm256_permute2f128_ps(u3_, u7_, 0x20);                                           \
        r[4] = _mm256_permute2f128_ps(u0_, u4_, 0x31);                                           \
        r[5] = _mm256_permute2f128_ps(u1_, u5_, 0x31);                                           \
        r[6] = _mm256_permute2f128_ps(u2_, u6_, 0x31);                                           \
        r[7] = _mm256_permute2f128_ps(u3_, u7_, 0x31);                                           \
    } while (0)
#define DMLREF__A2_TRANSPOSE_PD(r)                                                          \
    do {                                                                                    \
        __m256d t0_ = _mm256_unpacklo_pd(r[0], r[1]), t1_ = _mm256_unpackhi_pd(r[0], r[1]); \
        __m256d t2_ = _mm256_unpacklo_pd(r[2], r[3]), t3_ = _mm256_unpackhi_pd(r[2], r[3]); \
        r[0] = _mm256_permute2f128_pd(t0_, t2_, 0x20);                                      \
        r[1] = _mm256_permute2f128_pd(t1_, t3_, 0x20);                                      \
        r[2] = _mm256_permute2f128_pd(t0_, t2_, 0x31);                                      \
        r[3] = _mm256_permute2f128_pd(t1_, t3_, 0x31);                                      \
    } while (0)


/* The kernels by element type: first the type's primitives under the role
   names the shapes use (>>simd-common lists them), then each kernel. */

/* FLOAT16 */
#define DMLREF__A2_F16_T uint16_t
#define DMLREF__A2_F16_A float
#define DMLREF__A2_F16_V __m256
#define DMLREF__A2_F16_W 8
#define DMLREF__A2_F16_LOAD dmlref__a2_load_ph
#define DMLREF__A2_F16_STORE dmlref__a2_store_ph
#define DMLREF__A2_F16_STREAM dmlref__a2_stream_ph
#define DMLREF__A2_F16_FENCE _mm_sfence
#define DMLREF__A2_F16_TLOAD _mm256_loadu_ps
#define DMLREF__A2_F16_TSTORE _mm256_storeu_ps
#define DMLREF__A2_F16_SLOAD dmlref__load_f16
#define DMLREF__A2_F16_SSTORE dmlref__store_f16
#define DMLREF__A2_F16_R 2
#define DMLREF__A2_F16_REV1(v) \
    _mm256_permutevar8x32_ps((v), _mm256_setr_epi32(7, 6, 5, 4, 3, 2, 1, 0)) /* the lanes in reverse order */
#define DMLREF__A2_F16_NEGZ DMLREF__A2_NEGZ_PS
#define DMLREF__A2_F16_ZEROV _mm256_setzero_ps()
#define DMLREF__A2_F16_LOADB DMLREF__A2_LOADB_PH
#define DMLREF__A2_F16_SCANB DMLREF__A2_SCANB_PS
#define DMLREF__A2_F16_ADDCARRY DMLREF__A2_ADDC_PS
#define DMLREF__A2_F16_SHIFT1B DMLREF__A2_SHIFT1_PS
#define DMLREF__A2_F16_STOREB DMLREF__A2_STOREB_PH
#define DMLREF__A2_F16_STREAMB DMLREF__A2_STREAMB_PH
#define DMLREF__A2_F16_LASTB DMLREF__A2_LAST_PS
#define DMLREF__A2_F16_ADD _mm256_add_ps
#define DMLREF__A2_F16_AV __m256
#define DMLREF__A2_F16_AVI __m256i
#define DMLREF__A2_F16_AM __m256
#define DMLREF__A2_F16_AW 8
#define DMLREF__A2_F16_ALOAD dmlref__a2_load_ph
#define DMLREF__A2_F16_ALT DMLREF__A2_LT_PS
#define DMLREF__A2_F16_ALE DMLREF__A2_LE_PS
#define DMLREF__A2_F16_AISNAN DMLREF__A2_NAN_PS
#define DMLREF__A2_F16_AMOR _mm256_or_ps
#define DMLREF__A2_F16_AMZERO _mm256_setzero_ps()
#define DMLREF__A2_F16_AMANY DMLREF__A2_ANY_PS
#define DMLREF__A2_F16_ABLEND DMLREF__A2_BLEND_PS
#define DMLREF__A2_F16_ABLENDI DMLREF__A2_BLENDI_PS
#define DMLREF__A2_F16_ASET1I DMLREF__A2_SET1_EPI32
#define DMLREF__A2_F16_ASTOREI DMLREF__A2_STOREI
#define DMLREF__A2_F16_AIT uint32_t
#define DMLREF__A2_F16_SCALAR_ARG dmlref__arg_f16_scalar
#define DMLREF__A2_F16_CV __m256i
#define DMLREF__A2_F16_CM __m256i
#define DMLREF__A2_F16_CW 16
#define DMLREF__A2_F16_CLOAD dmlref__a2_load_f16key
#define DMLREF__A2_F16_CMIN _mm256_min_epi16
#define DMLREF__A2_F16_CMAX _mm256_max_epi16
#define DMLREF__A2_F16_CLE DMLREF__A2_LE_EPI16
#define DMLREF__A2_F16_CISNAN DMLREF__A2_NAN_F16KEY
#define DMLREF__A2_F16_CISNAN2 DMLREF__NAN2_EACH
#define DMLREF__A2_F16_CMOR _mm256_or_si256
#define DMLREF__A2_F16_CMANY DMLREF__A2_ANY_SI
#define DMLREF__A2_F16_CSET1V DMLREF__A2_SET1_EPI16
#define DMLREF__A2_F16_CSTOREV DMLREF__A2_STOREI
#define DMLREF__A2_F16_CVT int16_t
#define DMLREF__A2_F16_STORE_RAW dmlref__a2_rstore_ph
#define DMLREF__A2_F16_STREAM_RAW dmlref__a2_rstream_ph
#define DMLREF__A2_F16_TRANSPOSE DMLREF__A2_TRANSPOSE_PS
#define DMLREF__A2_F16_RSTORE dmlref_f32_to_f16
#define DMLREF__A2_F16_SCALAR_BLOCKED dmlref__cumsum_blocked_f16_scalar
DMLREF__A2 static void dmlref__vsum_f16_avx2(const dmlref__scan_panel *p){
#define DMLREF__K_P DMLREF__A2_F16
#define DMLREF__K_OP _mm256_add_ps
#define DMLREF__K_IDENTV _mm256_setzero_ps()
#define DMLREF__K_SOP DMLREF__ADD_F
#define DMLREF__K_SIDENT 0
#define DMLREF__KERNEL DMLREF__KERNEL_VSCAN
#include DMLREF_HEADER_FILENAME
}

DMLREF__A2 static void dmlref__vprod_f16_avx2(const dmlref__scan_panel *p){
#define DMLREF__K_P DMLREF__A2_F16
#define DMLREF__K_OP _mm256_mul_ps
#define DMLREF__K_IDENTV _mm256_set1_ps(1.0f)
#define DMLREF__K_SOP DMLREF__MUL_F
#define DMLREF__K_SIDENT 1
#define DMLREF__KERNEL DMLREF__KERNEL_VSCAN
#include DMLREF_HEADER_FILENAME
}

DMLREF__A2 static void dmlref__cblocked_f16_avx2(const dmlref__scan_panel *p){
#define DMLREF__K_P DMLREF__A2_F16
#define DMLREF__KERNEL DMLREF__KERNEL_CBLOCKED
#include DMLREF_HEADER_FILENAME
}

DMLREF__A2 static void dmlref__varg_f16_avx2(const dmlref__arg_panel *p) {
    DMLREF__VARG(DMLREF__A2_F16);
}
DMLREF__A2 static void dmlref__carg_f16_avx2(const dmlref__arg_panel *p){
#define DMLREF__K_P DMLREF__A2_F16
#define DMLREF__KERNEL DMLREF__KERNEL_CARG
#include DMLREF_HEADER_FILENAME
}

DMLREF__A2 static void dmlref__tsum_f16_avx2(const dmlref__scan_panel *p){
#define DMLREF__K_P DMLREF__A2_F16
#define DMLREF__K_OP _mm256_add_ps
#define DMLREF__K_IDENTV _mm256_setzero_ps()
#define DMLREF__K_SOP DMLREF__ADD_F
#define DMLREF__KERNEL DMLREF__KERNEL_TSCAN
#include DMLREF_HEADER_FILENAME
}

DMLREF__A2 static void dmlref__tprod_f16_avx2(const dmlref__scan_panel *p){
#define DMLREF__K_P DMLREF__A2_F16
#define DMLREF__K_OP _mm256_mul_ps
#define DMLREF__K_IDENTV _mm256_set1_ps(1.0f)
#define DMLREF__K_SOP DMLREF__MUL_F
#define DMLREF__KERNEL DMLREF__KERNEL_TSCAN
#include DMLREF_HEADER_FILENAME
}

DMLREF__A2 static void dmlref__vblocked_f16_avx2(const dmlref__scan_panel *p){
#define DMLREF__K_P DMLREF__A2_F16
#define DMLREF__KERNEL DMLREF__KERNEL_VBLOCKED
#include DMLREF_HEADER_FILENAME
}

/* FLOAT32 */
#define DMLREF__A2_F32_T float
#define DMLREF__A2_F32_A float
#define DMLREF__A2_F32_V __m256
#define DMLREF__A2_F32_W 8
#define DMLREF__A2_F32_LOAD _mm256_loadu_ps
#define DMLREF__A2_F32_STORE dmlref__a2_store_ps
#define DMLREF__A2_F32_STREAM dmlref__a2_stream_ps
#define DMLREF__A2_F32_FENCE _mm_sfence
#define DMLREF__A2_F32_TLOAD _mm256_loadu_ps
#define DMLREF__A2_F32_TSTORE _mm256_storeu_ps
#define DMLREF__A2_F32_SLOAD DMLREF__SAME
#define DMLREF__A2_F32_SSTORE dmlref__store_f32
#define DMLREF__A2_F32_R 2
#define DMLREF__A2_F32_REV1(v) \
    _mm256_permutevar8x32_ps((v), _mm256_setr_epi32(7, 6, 5, 4, 3, 2, 1, 0)) /* the lanes in reverse order */
#define DMLREF__A2_F32_NEGZ DMLREF__A2_NEGZ_PS
#define DMLREF__A2_F32_ZEROV _mm256_setzero_ps()
#define DMLREF__A2_F32_LOADB DMLREF__A2_LOADB_PS
#define DMLREF__A2_F32_SCANB DMLREF__A2_SCANB_PS
#define DMLREF__A2_F32_ADDCARRY DMLREF__A2_ADDC_PS
#define DMLREF__A2_F32_SHIFT1B DMLREF__A2_SHIFT1_PS
#define DMLREF__A2_F32_STOREB DMLREF__A2_STOREB_PS
#define DMLREF__A2_F32_STREAMB DMLREF__A2_STREAMB_PS
#define DMLREF__A2_F32_LASTB DMLREF__A2_LAST_PS
#define DMLREF__A2_F32_ADD _mm256_add_ps
#define DMLREF__A2_F32_AV __m256
#define DMLREF__A2_F32_AVI __m256i
#define DMLREF__A2_F32_AM __m256
#define DMLREF__A2_F32_AW 8
#define DMLREF__A2_F32_ALOAD _mm256_loadu_ps
#define DMLREF__A2_F32_ALT DMLREF__A2_LT_PS
#define DMLREF__A2_F32_ALE DMLREF__A2_LE_PS
#define DMLREF__A2_F32_AISNAN DMLREF__A2_NAN_PS
#define DMLREF__A2_F32_AMOR _mm256_or_ps
#define DMLREF__A2_F32_AMZERO _mm256_setzero_ps()
#define DMLREF__A2_F32_AMANY DMLREF__A2_ANY_PS
#define DMLREF__A2_F32_ABLEND DMLREF__A2_BLEND_PS
#define DMLREF__A2_F32_ABLENDI DMLREF__A2_BLENDI_PS
#define DMLREF__A2_F32_ASET1I DMLREF__A2_SET1_EPI32
#define DMLREF__A2_F32_ASTOREI DMLREF__A2_STOREI
#define DMLREF__A2_F32_AIT uint32_t
#define DMLREF__A2_F32_SCALAR_ARG dmlref__arg_f32_scalar
#define DMLREF__A2_F32_CV __m256
#define DMLREF__A2_F32_CM __m256
#define DMLREF__A2_F32_CW 8
#define DMLREF__A2_F32_CLOAD _mm256_loadu_ps
#define DMLREF__A2_F32_CMIN _mm256_min_ps
#define DMLREF__A2_F32_CMAX _mm256_max_ps
#define DMLREF__A2_F32_CLE DMLREF__A2_LE_PS
#define DMLREF__A2_F32_CISNAN DMLREF__A2_NAN_PS
#define DMLREF__A2_F32_CISNAN2 DMLREF__A2_NAN2_PS
#define DMLREF__A2_F32_CMOR _mm256_or_ps
#define DMLREF__A2_F32_CMANY DMLREF__A2_ANY_PS
#define DMLREF__A2_F32_CSET1V _mm256_set1_ps
#define DMLREF__A2_F32_CSTOREV _mm256_storeu_ps
#define DMLREF__A2_F32_CVT float
#define DMLREF__A2_F32_STORE_RAW _mm256_storeu_ps
#define DMLREF__A2_F32_STREAM_RAW _mm256_stream_ps
#define DMLREF__A2_F32_TRANSPOSE DMLREF__A2_TRANSPOSE_PS
#define DMLREF__A2_F32_RSTORE DMLREF__SAME
#define DMLREF__A2_F32_SCALAR_BLOCKED dmlref__cumsum_blocked_f32_scalar
DMLREF__A2 static void dmlref__vsum_f32_avx2(const dmlref__scan_panel *p){
#define DMLREF__K_P DMLREF__A2_F32
#define DMLREF__K_OP _mm256_add_ps
#define DMLREF__K_IDENTV _mm256_setzero_ps()
#define DMLREF__K_SOP DMLREF__ADD_F
#define DMLREF__K_SIDENT 0
#define DMLREF__KERNEL DMLREF__KERNEL_VSCAN
#include DMLREF_HEADER_FILENAME
}

DMLREF__A2 static void dmlref__vprod_f32_avx2(const dmlref__scan_panel *p){
#define DMLREF__K_P DMLREF__A2_F32
#define DMLREF__K_OP _mm256_mul_ps
#define DMLREF__K_IDENTV _mm256_set1_ps(1.0f)
#define DMLREF__K_SOP DMLREF__MUL_F
#define DMLREF__K_SIDENT 1
#define DMLREF__KERNEL DMLREF__KERNEL_VSCAN
#include DMLREF_HEADER_FILENAME
}

DMLREF__A2 static void dmlref__cblocked_f32_avx2(const dmlref__scan_panel *p){
#define DMLREF__K_P DMLREF__A2_F32
#define DMLREF__KERNEL DMLREF__KERNEL_CBLOCKED
#include DMLREF_HEADER_FILENAME
}

DMLREF__A2 static void dmlref__varg_f32_avx2(const dmlref__arg_panel *p) {
    DMLREF__VARG(DMLREF__A2_F32);
}
DMLREF__A2 static void dmlref__carg_f32_avx2(const dmlref__arg_panel *p){
#define DMLREF__K_P DMLREF__A2_F32
#define DMLREF__KERNEL DMLREF__KERNEL_CARG
#include DMLREF_HEADER_FILENAME
}

DMLREF__A2 static void dmlref__tsum_f32_avx2(const dmlref__scan_panel *p){
#define DMLREF__K_P DMLREF__A2_F32
#define DMLREF__K_OP _mm256_add_ps
#define DMLREF__K_IDENTV _mm256_setzero_ps()
#define DMLREF__K_SOP DMLREF__ADD_F
#define DMLREF__KERNEL DMLREF__KERNEL_TSCAN
#include DMLREF_HEADER_FILENAME
}

DMLREF__A2 static void dmlref__tprod_f32_avx2(const dmlref__scan_panel *p){
#define DMLREF__K_P DMLREF__A2_F32
#define DMLREF__K_OP _mm256_mul_ps
#define DMLREF__K_IDENTV _mm256_set1_ps(1.0f)
#define DMLREF__K_SOP DMLREF__MUL_F
#define DMLREF__KERNEL DMLREF__KERNEL_TSCAN
#include DMLREF_HEADER_FILENAME
}

DMLREF__A2 static void dmlref__vblocked_f32_avx2(const dmlref__scan_panel *p){
#define DMLREF__K_P DMLREF__A2_F32
#define DMLREF__KERNEL DMLREF__KERNEL_VBLOCKED
#include DMLREF_HEADER_FILENAME
}

/* FLOAT64 */
#define DMLREF__A2_F64_T double
#define DMLREF__A2_F64_A double
#define DMLREF__A2_F64_V __m256d
#define DMLREF__A2_F64_W 4
#define DMLREF__A2_F64_LOAD _mm256_loadu_pd
#define DMLREF__A2_F64_STORE dmlref__a2_store_pd
#define DMLREF__A2_F64_STREAM dmlref__a2_stream_pd
#define DMLREF__A2_F64_FENCE _mm_sfence
#define DMLREF__A2_F64_TLOAD _mm256_loadu_pd
#define DMLREF__A2_F64_TSTORE _mm256_storeu_pd
#define DMLREF__A2_F64_SLOAD DMLREF__SAME
#define DMLREF__A2_F64_SSTORE dmlref__store_f64
#define DMLREF__A2_F64_R 4
#define DMLREF__A2_F64_REV1(v) _mm256_permute4x64_pd((v), 0x1B) /* the lanes in reverse order */
#define DMLREF__A2_F64_NEGZ DMLREF__A2_NEGZ_PD
#define DMLREF__A2_F64_ZEROV _mm256_setzero_pd()
#define DMLREF__A2_F64_LOADB DMLREF__A2_LOADB_PD
#define DMLREF__A2_F64_SCANB DMLREF__A2_SCANB_PD
#define DMLREF__A2_F64_ADDCARRY DMLREF__A2_ADDC_PD
#define DMLREF__A2_F64_SHIFT1B DMLREF__A2_SHIFT1_PD
#define DMLREF__A2_F64_STOREB DMLREF__A2_STOREB_PD
#define DMLREF__A2_F64_STREAMB DMLREF__A2_STREAMB_PD
#define DMLREF__A2_F64_LASTB DMLREF__A2_LAST_PD
#define DMLREF__A2_F64_ADD _mm256_add_pd
#define DMLREF__A2_F64_AV __m256d
#define DMLREF__A2_F64_AVI __m256i
#define DMLREF__A2_F64_AM __m256d
#define DMLREF__A2_F64_AW 4
#define DMLREF__A2_F64_ALOAD _mm256_loadu_pd
#define DMLREF__A2_F64_ALT DMLREF__A2_LT_PD
#define DMLREF__A2_F64_ALE DMLREF__A2_LE_PD
#define DMLREF__A2_F64_AISNAN DMLREF__A2_NAN_PD
#define DMLREF__A2_F64_AMOR _mm256_or_pd
#define DMLREF__A2_F64_AMZERO _mm256_setzero_pd()
#define DMLREF__A2_F64_AMANY DMLREF__A2_ANY_PD
#define DMLREF__A2_F64_ABLEND DMLREF__A2_BLEND_PD
#define DMLREF__A2_F64_ABLENDI DMLREF__A2_BLENDI_PD
#define DMLREF__A2_F64_ASET1I DMLREF__A2_SET1_EPI64
#define DMLREF__A2_F64_ASTOREI DMLREF__A2_STOREI
#define DMLREF__A2_F64_AIT uint64_t
#define DMLREF__A2_F64_SCALAR_ARG dmlref__arg_f64_scalar
#define DMLREF__A2_F64_CV __m256d
#define DMLREF__A2_F64_CM __m256d
#define DMLREF__A2_F64_CW 4
#define DMLREF__A2_F64_CLOAD _mm256_loadu_pd
#define DMLREF__A2_F64_CMIN _mm256_min_pd
#define DMLREF__A2_F64_CMAX _mm256_max_pd
#define DMLREF__A2_F64_CLE DMLREF__A2_LE_PD
#define DMLREF__A2_F64_CISNAN DMLREF__A2_NAN_PD
#define DMLREF__A2_F64_CISNAN2 DMLREF__A2_NAN2_PD
#define DMLREF__A2_F64_CMOR _mm256_or_pd
#define DMLREF__A2_F64_CMANY DMLREF__A2_ANY_PD
#define DMLREF__A2_F64_CSET1V _mm256_set1_pd
#define DMLREF__A2_F64_CSTOREV _mm256_storeu_pd
#define DMLREF__A2_F64_CVT double
#define DMLREF__A2_F64_STORE_RAW _mm256_storeu_pd
#define DMLREF__A2_F64_STREAM_RAW _mm256_stream_pd
#define DMLREF__A2_F64_TRANSPOSE DMLREF__A2_TRANSPOSE_PD
#define DMLREF__A2_F64_RSTORE DMLREF__SAME
#define DMLREF__A2_F64_SCALAR_BLOCKED dmlref__cumsum_blocked_f64_scalar
DMLREF__A2 static void dmlref__vsum_f64_avx2(const dmlref__scan_panel *p){
#define DMLREF__K_P DMLREF__A2_F64
#define DMLREF__K_OP _mm256_add_pd
#define DMLREF__K_IDENTV _mm256_setzero_pd()
#define DMLREF__K_SOP DMLREF__ADD_F
#define DMLREF__K_SIDENT 0
#define DMLREF__KERNEL DMLREF__KERNEL_VSCAN
#include DMLREF_HEADER_FILENAME
}

DMLREF__A2 static void dmlref__vprod_f64_avx2(const dmlref__scan_panel *p){
#define DMLREF__K_P DMLREF__A2_F64
#define DMLREF__K_OP _mm256_mul_pd
#define DMLREF__K_IDENTV _mm256_set1_pd(1.0)
#define DMLREF__K_SOP DMLREF__MUL_F
#define DMLREF__K_SIDENT 1
#define DMLREF__KERNEL DMLREF__KERNEL_VSCAN
#include DMLREF_HEADER_FILENAME
}

DMLREF__A2 static void dmlref__cblocked_f64_avx2(const dmlref__scan_panel *p){
#define DMLREF__K_P DMLREF__A2_F64
#define DMLREF__KERNEL DMLREF__KERNEL_CBLOCKED
#include DMLREF_HEADER_FILENAME
}

DMLREF__A2 static void dmlref__varg_f64_avx2(const dmlref__arg_panel *p) {
    DMLREF__VARG(DMLREF__A2_F64);
}
DMLREF__A2 static void dmlref__carg_f64_avx2(const dmlref__arg_panel *p){
#define DMLREF__K_P DMLREF__A2_F64
#define DMLREF__KERNEL DMLREF__KERNEL_CARG
#include DMLREF_HEADER_FILENAME
}

DMLREF__A2 static void dmlref__tsum_f64_avx2(const dmlref__scan_panel *p){
#define DMLREF__K_P DMLREF__A2_F64
#define DMLREF__K_OP _mm256_add_pd
#define DMLREF__K_IDENTV _mm256_setzero_pd()
#define DMLREF__K_SOP DMLREF__ADD_F
#define DMLREF__KERNEL DMLREF__KERNEL_TSCAN
#include DMLREF_HEADER_FILENAME
}

DMLREF__A2 static void dmlref__tprod_f64_avx2(const dmlref__scan_panel *p){
#define DMLREF__K_P DMLREF__A2_F64
#define DMLREF__K_OP _mm256_mul_pd
#define DMLREF__K_IDENTV _mm256_set1_pd(1.0)
#define DMLREF__K_SOP DMLREF__MUL_F
#define DMLREF__KERNEL DMLREF__KERNEL_TSCAN
#include DMLREF_HEADER_FILENAME
}

DMLREF__A2 static void dmlref__vblocked_f64_avx2(const dmlref__scan_panel *p){
#define DMLREF__K_P DMLREF__A2_F64
#define DMLREF__KERNEL DMLREF__KERNEL_VBLOCKED
#include DMLREF_HEADER_FILENAME
}

/* UINT8 */
#define DMLREF__A2_U8_T uint8_t
#define DMLREF__A2_U8_A uint8_t
#define DMLREF__A2_U8_V __m256i
#define DMLREF__A2_U8_W 32
#define DMLREF__A2_U8_LOAD DMLREF__A2_LOADI
#define DMLREF__A2_U8_STORE DMLREF__A2_STOREI
#define DMLREF__A2_U8_STREAM DMLREF__A2_STREAMI
#define DMLREF__A2_U8_FENCE _mm_sfence
#define DMLREF__A2_U8_TLOAD DMLREF__A2_LOADI
#define DMLREF__A2_U8_TSTORE DMLREF__A2_STOREI
#define DMLREF__A2_U8_SLOAD DMLREF__SAME
#define DMLREF__A2_U8_SSTORE DMLREF__SAME
#define DMLREF__A2_U8_ADD _mm256_add_epi8
#define DMLREF__A2_U8_SUB _mm256_sub_epi8
#define DMLREF__A2_U8_SCANREG dmlref__a2_scan_epi8
#define DMLREF__A2_U8_BCASTLAST dmlref__a2_last_epi8
#define DMLREF__A2_U8_ZEROV _mm256_setzero_si256()
#define DMLREF__A2_U8_AV __m256i
#define DMLREF__A2_U8_AVI __m256i
#define DMLREF__A2_U8_AM __m256i
#define DMLREF__A2_U8_AW 8
#define DMLREF__A2_U8_ALOAD DMLREF__A2_LOAD_U8
#define DMLREF__A2_U8_ALT DMLREF__A2_LT_EPI32
#define DMLREF__A2_U8_ALE DMLREF__A2_LE_EPI32
#define DMLREF__A2_U8_AISNAN DMLREF__A2_NONAN
#define DMLREF__A2_U8_AMOR _mm256_or_si256
#define DMLREF__A2_U8_AMZERO _mm256_setzero_si256()
#define DMLREF__A2_U8_AMANY DMLREF__A2_ANY_SI
#define DMLREF__A2_U8_ABLEND DMLREF__A2_BLEND_SI
#define DMLREF__A2_U8_ABLENDI DMLREF__A2_BLEND_SI
#define DMLREF__A2_U8_ASET1I DMLREF__A2_SET1_EPI32
#define DMLREF__A2_U8_ASTOREI DMLREF__A2_STOREI
#define DMLREF__A2_U8_AIT uint32_t
#define DMLREF__A2_U8_SCALAR_ARG dmlref__arg_u8_scalar
#define DMLREF__A2_U8_CV __m256i
#define DMLREF__A2_U8_CM __m256i
#define DMLREF__A2_U8_CW 32
#define DMLREF__A2_U8_CLOAD DMLREF__A2_LOADI
#define DMLREF__A2_U8_CMIN _mm256_min_epu8
#define DMLREF__A2_U8_CMAX _mm256_max_epu8
#define DMLREF__A2_U8_CLE DMLREF__A2_LE_EPU8
#define DMLREF__A2_U8_CISNAN DMLREF__A2_NONAN
#define DMLREF__A2_U8_CISNAN2 DMLREF__NAN2_EACH
#define DMLREF__A2_U8_CMOR _mm256_or_si256
#define DMLREF__A2_U8_CMANY DMLREF__A2_ANY_SI
#define DMLREF__A2_U8_CSET1V DMLREF__A2_SET1_EPI8
#define DMLREF__A2_U8_CSTOREV DMLREF__A2_STOREI
#define DMLREF__A2_U8_CVT uint8_t
DMLREF__A2 static void dmlref__vsum_u8_avx2(const dmlref__scan_panel *p){
#define DMLREF__K_P DMLREF__A2_U8
#define DMLREF__K_OP _mm256_add_epi8
#define DMLREF__K_IDENTV _mm256_setzero_si256()
#define DMLREF__K_SOP DMLREF__ADD_U8
#define DMLREF__K_SIDENT 0
#define DMLREF__KERNEL DMLREF__KERNEL_VSCAN
#include DMLREF_HEADER_FILENAME
}

DMLREF__A2 static void dmlref__csum_u8_avx2(const dmlref__scan_panel *p) {
    DMLREF__CSUM_INT(DMLREF__A2_U8);
}
DMLREF__A2 static void dmlref__varg_u8_avx2(const dmlref__arg_panel *p) { DMLREF__VARG(DMLREF__A2_U8); }
DMLREF__A2 static void dmlref__carg_u8_avx2(const dmlref__arg_panel *p){
#define DMLREF__K_P DMLREF__A2_U8
#define DMLREF__KERNEL DMLREF__KERNEL_CARG
#include DMLREF_HEADER_FILENAME
}


/* UINT16 */
#define DMLREF__A2_U16_T uint16_t
#define DMLREF__A2_U16_A uint16_t
#define DMLREF__A2_U16_V __m256i
#define DMLREF__A2_U16_W 16
#define DMLREF__A2_U16_LOAD DMLREF__A2_LOADI
#define DMLREF__A2_U16_STORE DMLREF__A2_STOREI
#define DMLREF__A2_U16_STREAM DMLREF__A2_STREAMI
#define DMLREF__A2_U16_FENCE _mm_sfence
#define DMLREF__A2_U16_TLOAD DMLREF__A2_LOADI
#define DMLREF__A2_U16_TSTORE DMLREF__A2_STOREI
#define DMLREF__A2_U16_SLOAD DMLREF__SAME
#define DMLREF__A2_U16_SSTORE DMLREF__SAME
#define DMLREF__A2_U16_ADD _mm256_add_epi16
#define DMLREF__A2_U16_SUB _mm256_sub_epi16
#define DMLREF__A2_U16_SCANREG dmlref__a2_scan_epi16
#define DMLREF__A2_U16_BCASTLAST dmlref__a2_last_epi16
#define DMLREF__A2_U16_ZEROV _mm256_setzero_si256()
#define DMLREF__A2_U16_AV __m256i
#define DMLREF__A2_U16_AVI __m256i
#define DMLREF__A2_U16_AM __m256i
#define DMLREF__A2_U16_AW 8
#define DMLREF__A2_U16_ALOAD DMLREF__A2_LOAD_U16
#define DMLREF__A2_U16_ALT DMLREF__A2_LT_EPI32
#define DMLREF__A2_U16_ALE DMLREF__A2_LE_EPI32
#define DMLREF__A2_U16_AISNAN DMLREF__A2_NONAN
#define DMLREF__A2_U16_AMOR _mm256_or_si256
#define DMLREF__A2_U16_AMZERO _mm256_setzero_si256()
#define DMLREF__A2_U16_AMANY DMLREF__A2_ANY_SI
#define DMLREF__A2_U16_ABLEND DMLREF__A2_BLEND_SI
#define DMLREF__A2_U16_ABLENDI DMLREF__A2_BLEND_SI
#define DMLREF__A2_U16_ASET1I DMLREF__A2_SET1_EPI32
#define DMLREF__A2_U16_ASTOREI DMLREF__A2_STOREI
#define DMLREF__A2_U16_AIT uint32_t
#define DMLREF__A2_U16_SCALAR_ARG dmlref__arg_u16_scalar
#define DMLREF__A2_U16_CV __m256i
#define DMLREF__A2_U16_CM __m256i
#define DMLREF__A2_U16_CW 16
#define DMLREF__A2_U16_CLOAD DMLREF__A2_LOADI
#define DMLREF__A2_U16_CMIN _mm256_min_epu16
#define DMLREF__A2_U16_CMAX _mm256_max_epu16
#define DMLREF__A2_U16_CLE DMLREF__A2_LE_EPU16
#define DMLREF__A2_U16_CISNAN DMLREF__A2_NONAN
#define DMLREF__A2_U16_CISNAN2 DMLREF__NAN2_EACH
#define DMLREF__A2_U16_CMOR _mm256_or_si256
#define DMLREF__A2_U16_CMANY DMLREF__A2_ANY_SI
#define DMLREF__A2_U16_CSET1V DMLREF__A2_SET1_EPI16
#define DMLREF__A2_U16_CSTOREV DMLREF__A2_STOREI
#define DMLREF__A2_U16_CVT uint16_t
DMLREF__A2 static void dmlref__vsum_u16_avx2(const dmlref__scan_panel *p){
#define DMLREF__K_P DMLREF__A2_U16
#define DMLREF__K_OP _mm256_add_epi16
#define DMLREF__K_IDENTV _mm256_setzero_si256()
#define DMLREF__K_SOP DMLREF__ADD_U16
#define DMLREF__K_SIDENT 0
#define DMLREF__KERNEL DMLREF__KERNEL_VSCAN
#include DMLREF_HEADER_FILENAME
}

DMLREF__A2 static void dmlref__vprod_u16_avx2(const dmlref__scan_panel *p){
#define DMLREF__K_P DMLREF__A2_U16
#define DMLREF__K_OP _mm256_mullo_epi16
#define DMLREF__K_IDENTV _mm256_set1_epi16(1)
#define DMLREF__K_SOP DMLREF__MUL_U16
#define DMLREF__K_SIDENT 1
#define DMLREF__KERNEL DMLREF__KERNEL_VSCAN
#include DMLREF_HEADER_FILENAME
}

DMLREF__A2 static void dmlref__csum_u16_avx2(const dmlref__scan_panel *p) {
    DMLREF__CSUM_INT(DMLREF__A2_U16);
}
DMLREF__A2 static void dmlref__varg_u16_avx2(const dmlref__arg_panel *p) { DMLREF__VARG(DMLREF__A2_U16); }
DMLREF__A2 static void dmlref__carg_u16_avx2(const dmlref__arg_panel *p){
#define DMLREF__K_P DMLREF__A2_U16
#define DMLREF__KERNEL DMLREF__KERNEL_CARG
#include DMLREF_HEADER_FILENAME
}


/* UINT32 */
#define DMLREF__A2_U32_T uint32_t
#define DMLREF__A2_U32_A uint32_t
#define DMLREF__A2_U32_V __m256i
#define DMLREF__A2_U32_W 8
#define DMLREF__A2_U32_LOAD DMLREF__A2_LOADI
#define DMLREF__A2_U32_STORE DMLREF__A2_STOREI
#define DMLREF__A2_U32_STREAM DMLREF__A2_STREAMI
#define DMLREF__A2_U32_FENCE _mm_sfence
#define DMLREF__A2_U32_TLOAD DMLREF__A2_LOADI
#define DMLREF__A2_U32_TSTORE DMLREF__A2_STOREI
#define DMLREF__A2_U32_SLOAD DMLREF__SAME
#define DMLREF__A2_U32_SSTORE DMLREF__SAME
#define DMLREF__A2_U32_ADD _mm256_add_epi32
#define DMLREF__A2_U32_SUB _mm256_sub_epi32
#define DMLREF__A2_U32_SCANREG dmlref__a2_scan_epi32
#define DMLREF__A2_U32_BCASTLAST DMLREF__A2_LAST_EPI32
#define DMLREF__A2_U32_ZEROV _mm256_setzero_si256()
#define DMLREF__A2_U32_AV __m256i
#define DMLREF__A2_U32_AVI __m256i
#define DMLREF__A2_U32_AM __m256i
#define DMLREF__A2_U32_AW 8
#define DMLREF__A2_U32_ALOAD DMLREF__A2_LOAD_U32
#define DMLREF__A2_U32_ALT DMLREF__A2_LT_EPI32
#define DMLREF__A2_U32_ALE DMLREF__A2_LE_EPI32
#define DMLREF__A2_U32_AISNAN DMLREF__A2_NONAN
#define DMLREF__A2_U32_AMOR _mm256_or_si256
#define DMLREF__A2_U32_AMZERO _mm256_setzero_si256()
#define DMLREF__A2_U32_AMANY DMLREF__A2_ANY_SI
#define DMLREF__A2_U32_ABLEND DMLREF__A2_BLEND_SI
#define DMLREF__A2_U32_ABLENDI DMLREF__A2_BLEND_SI
#define DMLREF__A2_U32_ASET1I DMLREF__A2_SET1_EPI32
#define DMLREF__A2_U32_ASTOREI DMLREF__A2_STOREI
#define DMLREF__A2_U32_AIT uint32_t
#define DMLREF__A2_U32_SCALAR_ARG dmlref__arg_u32_scalar
#define DMLREF__A2_U32_CV __m256i
#define DMLREF__A2_U32_CM __m256i
#define DMLREF__A2_U32_CW 8
#define DMLREF__A2_U32_CLOAD DMLREF__A2_LOAD_U32
#define DMLREF__A2_U32_CMIN _mm256_min_epi32
#define DMLREF__A2_U32_CMAX _mm256_max_epi32
#define DMLREF__A2_U32_CLE DMLREF__A2_LE_EPI32
#define DMLREF__A2_U32_CISNAN DMLREF__A2_NONAN
#define DMLREF__A2_U32_CISNAN2 DMLREF__NAN2_EACH
#define DMLREF__A2_U32_CMOR _mm256_or_si256
#define DMLREF__A2_U32_CMANY DMLREF__A2_ANY_SI
#define DMLREF__A2_U32_CSET1V DMLREF__A2_SET1_EPI32
#define DMLREF__A2_U32_CSTOREV DMLREF__A2_STOREI
#define DMLREF__A2_U32_CVT int32_t
DMLREF__A2 static void dmlref__vsum_u32_avx2(const dmlref__scan_panel *p){
#define DMLREF__K_P DMLREF__A2_U32
#define DMLREF__K_OP _mm256_add_epi32
#define DMLREF__K_IDENTV _mm256_setzero_si256()
#define DMLREF__K_SOP DMLREF__ADD_U32
#define DMLREF__K_SIDENT 0
#define DMLREF__KERNEL DMLREF__KERNEL_VSCAN
#include DMLREF_HEADER_FILENAME
}

DMLREF__A2 static void dmlref__vprod_u32_avx2(const dmlref__scan_panel *p){
#define DMLREF__K_P DMLREF__A2_U32
#define DMLREF__K_OP _mm256_mullo_epi32
#define DMLREF__K_IDENTV _mm256_set1_epi32(1)
#define DMLREF__K_SOP DMLREF__MUL_U32
#define DMLREF__K_SIDENT 1
#define DMLREF__KERNEL DMLREF__KERNEL_VSCAN
#include DMLREF_HEADER_FILENAME
}

DMLREF__A2 static void dmlref__csum_u32_avx2(const dmlref__scan_panel *p) {
    DMLREF__CSUM_INT(DMLREF__A2_U32);
}
DMLREF__A2 static void dmlref__varg_u32_avx2(const dmlref__arg_panel *p) { DMLREF__VARG(DMLREF__A2_U32); }
DMLREF__A2 static void dmlref__carg_u32_avx2(const dmlref__arg_panel *p){
#define DMLREF__K_P DMLREF__A2_U32
#define DMLREF__KERNEL DMLREF__KERNEL_CARG
#include DMLREF_HEADER_FILENAME
}


/* UINT64 */
#define DMLREF__A2_U64_T uint64_t
#define DMLREF__A2_U64_A uint64_t
#define DMLREF__A2_U64_V __m256i
#define DMLREF__A2_U64_W 4
#define DMLREF__A2_U64_LOAD DMLREF__A2_LOADI
#define DMLREF__A2_U64_STORE DMLREF__A2_STOREI
#define DMLREF__A2_U64_STREAM DMLREF__A2_STREAMI
#define DMLREF__A2_U64_FENCE _mm_sfence
#define DMLREF__A2_U64_TLOAD DMLREF__A2_LOADI
#define DMLREF__A2_U64_TSTORE DMLREF__A2_STOREI
#define DMLREF__A2_U64_SLOAD DMLREF__SAME
#define DMLREF__A2_U64_SSTORE DMLREF__SAME
#define DMLREF__A2_U64_ADD _mm256_add_epi64
#define DMLREF__A2_U64_SUB _mm256_sub_epi64
#define DMLREF__A2_U64_SCANREG dmlref__a2_scan_epi64
#define DMLREF__A2_U64_BCASTLAST DMLREF__A2_LAST_EPI64
#define DMLREF__A2_U64_ZEROV _mm256_setzero_si256()
#define DMLREF__A2_U64_AV __m256i
#define DMLREF__A2_U64_AVI __m256i
#define DMLREF__A2_U64_AM __m256i
#define DMLREF__A2_U64_AW 4
#define DMLREF__A2_U64_ALOAD DMLREF__A2_LOAD_U64
#define DMLREF__A2_U64_ALT DMLREF__A2_LT_EPI64
#define DMLREF__A2_U64_ALE DMLREF__A2_LE_EPI64
#define DMLREF__A2_U64_AISNAN DMLREF__A2_NONAN
#define DMLREF__A2_U64_AMOR _mm256_or_si256
#define DMLREF__A2_U64_AMZERO _mm256_setzero_si256()
#define DMLREF__A2_U64_AMANY DMLREF__A2_ANY_SI
#define DMLREF__A2_U64_ABLEND DMLREF__A2_BLEND_SI
#define DMLREF__A2_U64_ABLENDI DMLREF__A2_BLEND_SI
#define DMLREF__A2_U64_ASET1I DMLREF__A2_SET1_EPI64
#define DMLREF__A2_U64_ASTOREI DMLREF__A2_STOREI
#define DMLREF__A2_U64_AIT uint64_t
#define DMLREF__A2_U64_SCALAR_ARG dmlref__arg_u64_scalar
#define DMLREF__A2_U64_CV __m256i
#define DMLREF__A2_U64_CM __m256i
#define DMLREF__A2_U64_CW 4
#define DMLREF__A2_U64_CLOAD DMLREF__A2_LOAD_U64
#define DMLREF__A2_U64_CMIN DMLREF__A2_MIN_EPI64
#define DMLREF__A2_U64_CMAX DMLREF__A2_MAX_EPI64
#define DMLREF__A2_U64_CLE DMLREF__A2_LE_EPI64
#define DMLREF__A2_U64_CISNAN DMLREF__A2_NONAN
#define DMLREF__A2_U64_CISNAN2 DMLREF__NAN2_EACH
#define DMLREF__A2_U64_CMOR _mm256_or_si256
#define DMLREF__A2_U64_CMANY DMLREF__A2_ANY_SI
#define DMLREF__A2_U64_CSET1V DMLREF__A2_SET1_EPI64
#define DMLREF__A2_U64_CSTOREV DMLREF__A2_STOREI
#define DMLREF__A2_U64_CVT int64_t
DMLREF__A2 static void dmlref__vsum_u64_avx2(const dmlref__scan_panel *p){
#define DMLREF__K_P DMLREF__A2_U64
#define DMLREF__K_OP _mm256_add_epi64
#define DMLREF__K_IDENTV _mm256_setzero_si256()
#define DMLREF__K_SOP DMLREF__ADD_U64
#define DMLREF__K_SIDENT 0
#define DMLREF__KERNEL DMLREF__KERNEL_VSCAN
#include DMLREF_HEADER_FILENAME
}

DMLREF__A2 static void dmlref__csum_u64_avx2(const dmlref__scan_panel *p) {
    DMLREF__CSUM_INT(DMLREF__A2_U64);
}
DMLREF__A2 static void dmlref__varg_u64_avx2(const dmlref__arg_panel *p) { DMLREF__VARG(DMLREF__A2_U64); }
DMLREF__A2 static void dmlref__carg_u64_avx2(const dmlref__arg_panel *p){
#define DMLREF__K_P DMLREF__A2_U64
#define DMLREF__KERNEL DMLREF__KERNEL_CARG
#include DMLREF_HEADER_FILENAME
}


/* INT8 */
#define DMLREF__A2_I8_T int8_t
#define DMLREF__A2_I8_AV __m256i
#define DMLREF__A2_I8_AVI __m256i
#define DMLREF__A2_I8_AM __m256i
#define DMLREF__A2_I8_AW 8
#define DMLREF__A2_I8_ALOAD DMLREF__A2_LOAD_I8
#define DMLREF__A2_I8_ALT DMLREF__A2_LT_EPI32
#define DMLREF__A2_I8_ALE DMLREF__A2_LE_EPI32
#define DMLREF__A2_I8_AISNAN DMLREF__A2_NONAN
#define DMLREF__A2_I8_AMOR _mm256_or_si256
#define DMLREF__A2_I8_AMZERO _mm256_setzero_si256()
#define DMLREF__A2_I8_AMANY DMLREF__A2_ANY_SI
#define DMLREF__A2_I8_ABLEND DMLREF__A2_BLEND_SI
#define DMLREF__A2_I8_ABLENDI DMLREF__A2_BLEND_SI
#define DMLREF__A2_I8_ASET1I DMLREF__A2_SET1_EPI32
#define DMLREF__A2_I8_ASTOREI DMLREF__A2_STOREI
#define DMLREF__A2_I8_AIT uint32_t
#define DMLREF__A2_I8_SCALAR_ARG dmlref__arg_i8_scalar
#define DMLREF__A2_I8_CV __m256i
#define DMLREF__A2_I8_CM __m256i
#define DMLREF__A2_I8_CW 32
#define DMLREF__A2_I8_CLOAD DMLREF__A2_LOADI
#define DMLREF__A2_I8_CMIN _mm256_min_epi8
#define DMLREF__A2_I8_CMAX _mm256_max_epi8
#define DMLREF__A2_I8_CLE DMLREF__A2_LE_EPI8
#define DMLREF__A2_I8_CISNAN DMLREF__A2_NONAN
#define DMLREF__A2_I8_CISNAN2 DMLREF__NAN2_EACH
#define DMLREF__A2_I8_CMOR _mm256_or_si256
#define DMLREF__A2_I8_CMANY DMLREF__A2_ANY_SI
#define DMLREF__A2_I8_CSET1V DMLREF__A2_SET1_EPI8
#define DMLREF__A2_I8_CSTOREV DMLREF__A2_STOREI
#define DMLREF__A2_I8_CVT int8_t
DMLREF__A2 static void dmlref__varg_i8_avx2(const dmlref__arg_panel *p) {
    DMLREF__VARG(DMLREF__A2_I8);
}
DMLREF__A2 static void dmlref__carg_i8_avx2(const dmlref__arg_panel *p){
#define DMLREF__K_P DMLREF__A2_I8
#define DMLREF__KERNEL DMLREF__KERNEL_CARG
#include DMLREF_HEADER_FILENAME
}


/* INT16 */
#define DMLREF__A2_I16_T int16_t
#define DMLREF__A2_I16_AV __m256i
#define DMLREF__A2_I16_AVI __m256i
#define DMLREF__A2_I16_AM __m256i
#define DMLREF__A2_I16_AW 8
#define DMLREF__A2_I16_ALOAD DMLREF__A2_LOAD_I16
#define DMLREF__A2_I16_ALT DMLREF__A2_LT_EPI32
#define DMLREF__A2_I16_ALE DMLREF__A2_LE_EPI32
#define DMLREF__A2_I16_AISNAN DMLREF__A2_NONAN
#define DMLREF__A2_I16_AMOR _mm256_or_si256
#define DMLREF__A2_I16_AMZERO _mm256_setzero_si256()
#define DMLREF__A2_I16_AMANY DMLREF__A2_ANY_SI
#define DMLREF__A2_I16_ABLEND DMLREF__A2_BLEND_SI
#define DMLREF__A2_I16_ABLENDI DMLREF__A2_BLEND_SI
#define DMLREF__A2_I16_ASET1I DMLREF__A2_SET1_EPI32
#define DMLREF__A2_I16_ASTOREI DMLREF__A2_STOREI
#define DMLREF__A2_I16_AIT uint32_t
#define DMLREF__A2_I16_SCALAR_ARG dmlref__arg_i16_scalar
#define DMLREF__A2_I16_CV __m256i
#define DMLREF__A2_I16_CM __m256i
#define DMLREF__A2_I16_CW 16
#define DMLREF__A2_I16_CLOAD DMLREF__A2_LOADI
#define DMLREF__A2_I16_CMIN _mm256_min_epi16
#define DMLREF__A2_I16_CMAX _mm256_max_epi16
#define DMLREF__A2_I16_CLE DMLREF__A2_LE_EPI16
#define DMLREF__A2_I16_CISNAN DMLREF__A2_NONAN
#define DMLREF__A2_I16_CISNAN2 DMLREF__NAN2_EACH
#define DMLREF__A2_I16_CMOR _mm256_or_si256
#define DMLREF__A2_I16_CMANY DMLREF__A2_ANY_SI
#define DMLREF__A2_I16_CSET1V DMLREF__A2_SET1_EPI16
#define DMLREF__A2_I16_CSTOREV DMLREF__A2_STOREI
#define DMLREF__A2_I16_CVT int16_t
DMLREF__A2 static void dmlref__varg_i16_avx2(const dmlref__arg_panel *p) {
    DMLREF__VARG(DMLREF__A2_I16);
}
DMLREF__A2 static void dmlref__carg_i16_avx2(const dmlref__arg_panel *p){
#define DMLREF__K_P DMLREF__A2_I16
#define DMLREF__KERNEL DMLREF__KERNEL_CARG
#include DMLREF_HEADER_FILENAME
}


/* INT32 */
#define DMLREF__A2_I32_T int32_t
#define DMLREF__A2_I32_AV __m256i
#define DMLREF__A2_I32_AVI __m256i
#define DMLREF__A2_I32_AM __m256i
#define DMLREF__A2_I32_AW 8
#define DMLREF__A2_I32_ALOAD DMLREF__A2_LOADI
#define DMLREF__A2_I32_ALT DMLREF__A2_LT_EPI32
#define DMLREF__A2_I32_ALE DMLREF__A2_LE_EPI32
#define DMLREF__A2_I32_AISNAN DMLREF__A2_NONAN
#define DMLREF__A2_I32_AMOR _mm256_or_si256
#define DMLREF__A2_I32_AMZERO _mm256_setzero_si256()
#define DMLREF__A2_I32_AMANY DMLREF__A2_ANY_SI
#define DMLREF__A2_I32_ABLEND DMLREF__A2_BLEND_SI
#define DMLREF__A2_I32_ABLENDI DMLREF__A2_BLEND_SI
#define DMLREF__A2_I32_ASET1I DMLREF__A2_SET1_EPI32
#define DMLREF__A2_I32_ASTOREI DMLREF__A2_STOREI
#define DMLREF__A2_I32_AIT uint32_t
#define DMLREF__A2_I32_SCALAR_ARG dmlref__arg_i32_scalar
#define DMLREF__A2_I32_CV __m256i
#define DMLREF__A2_I32_CM __m256i
#define DMLREF__A2_I32_CW 8
#define DMLREF__A2_I32_CLOAD DMLREF__A2_LOADI
#define DMLREF__A2_I32_CMIN _mm256_min_epi32
#define DMLREF__A2_I32_CMAX _mm256_max_epi32
#define DMLREF__A2_I32_CLE DMLREF__A2_LE_EPI32
#define DMLREF__A2_I32_CISNAN DMLREF__A2_NONAN
#define DMLREF__A2_I32_CISNAN2 DMLREF__NAN2_EACH
#define DMLREF__A2_I32_CMOR _mm256_or_si256
#define DMLREF__A2_I32_CMANY DMLREF__A2_ANY_SI
#define DMLREF__A2_I32_CSET1V DMLREF__A2_SET1_EPI32
#define DMLREF__A2_I32_CSTOREV DMLREF__A2_STOREI
#define DMLREF__A2_I32_CVT int32_t
DMLREF__A2 static void dmlref__varg_i32_avx2(const dmlref__arg_panel *p) {
    DMLREF__VARG(DMLREF__A2_I32);
}
DMLREF__A2 static void dmlref__carg_i32_avx2(const dmlref__arg_panel *p){
#define DMLREF__K_P DMLREF__A2_I32
#define DMLREF__KERNEL DMLREF__KERNEL_CARG
#include DMLREF_HEADER_FILENAME
}


/* INT64 */
#define DMLREF__A2_I64_T int64_t
#define DMLREF__A2_I64_AV __m256i
#define DMLREF__A2_I64_AVI __m256i
#define DMLREF__A2_I64_AM __m256i
#define DMLREF__A2_I64_AW 4
#define DMLREF__A2_I64_ALOAD DMLREF__A2_LOADI
#define DMLREF__A2_I64_ALT DMLREF__A2_LT_EPI64
#define DMLREF__A2_I64_ALE DMLREF__A2_LE_EPI64
#define DMLREF__A2_I64_AISNAN DMLREF__A2_NONAN
#define DMLREF__A2_I64_AMOR _mm256_or_si256
#define DMLREF__A2_I64_AMZERO _mm256_setzero_si256()
#define DMLREF__A2_I64_AMANY DMLREF__A2_ANY_SI
#define DMLREF__A2_I64_ABLEND DMLREF__A2_BLEND_SI
#define DMLREF__A2_I64_ABLENDI DMLREF__A2_BLEND_SI
#define DMLREF__A2_I64_ASET1I DMLREF__A2_SET1_EPI64
#define DMLREF__A2_I64_ASTOREI DMLREF__A2_STOREI
#define DMLREF__A2_I64_AIT uint64_t
#define DMLREF__A2_I64_SCALAR_ARG dmlref__arg_i64_scalar
#define DMLREF__A2_I64_CV __m256i
#define DMLREF__A2_I64_CM __m256i
#define DMLREF__A2_I64_CW 4
#define DMLREF__A2_I64_CLOAD DMLREF__A2_LOADI
#define DMLREF__A2_I64_CMIN DMLREF__A2_MIN_EPI64
#define DMLREF__A2_I64_CMAX DMLREF__A2_MAX_EPI64
#define DMLREF__A2_I64_CLE DMLREF__A2_LE_EPI64
#define DMLREF__A2_I64_CISNAN DMLREF__A2_NONAN
#define DMLREF__A2_I64_CISNAN2 DMLREF__NAN2_EACH
#define DMLREF__A2_I64_CMOR _mm256_or_si256
#define DMLREF__A2_I64_CMANY DMLREF__A2_ANY_SI
#define DMLREF__A2_I64_CSET1V DMLREF__A2_SET1_EPI64
#define DMLREF__A2_I64_CSTOREV DMLREF__A2_STOREI
#define DMLREF__A2_I64_CVT int64_t
DMLREF__A2 static void dmlref__varg_i64_avx2(const dmlref__arg_panel *p) {
    DMLREF__VARG(DMLREF__A2_I64);
}
DMLREF__A2 static void dmlref__carg_i64_avx2(const dmlref__arg_panel *p) {
#define DMLREF__K_P DMLREF__A2_I64
#define DMLREF__KERNEL DMLREF__KERNEL_CARG
#include DMLREF_HEADER_FILENAME
}


/* FLOAT16 NATIVE SEQUENTIAL along contiguous lines (also the AVX-512 path's): a float32 operation,
   then the F16C round trip. */
#define DMLREF__A2_NATIVE_LOAD(bits) _mm_cvtph_ps(_mm_cvtsi32_si128((int)(bits)))
#define DMLREF__A2_NATIVE_HALF(t) _mm_cvtps_ph((t), _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC)
#define DMLREF__A2_NATIVE_BITS(t) ((uint16_t)_mm_cvtsi128_si32(DMLREF__A2_NATIVE_HALF(t)))
#define DMLREF__A2_NATIVE_ADD(t, v) _mm_cvtph_ps(DMLREF__A2_NATIVE_HALF(_mm_add_ss((t), (v))))
#define DMLREF__A2_NATIVE_MUL(t, v) _mm_cvtph_ps(DMLREF__A2_NATIVE_HALF(_mm_mul_ss((t), (v))))
/* A float32 run of FLOAT16 NATIVE sums (see dmlref__native_pace): u is the tally plus c in every lane;
   each element adds to u and lands in its lane of r. */
#define DMLREF__A2_NATIVE_ADD1(xs, r, k)                   \
    u = _mm256_add_ps(u, _mm256_broadcast_ss((xs) + (k))); \
    r = _mm256_blend_ps(r, u, 1 << (k))
#define DMLREF__A2_NATIVE_SUM8(xs, r)     \
    do {                                  \
        DMLREF__A2_NATIVE_ADD1(xs, r, 0); \
        DMLREF__A2_NATIVE_ADD1(xs, r, 1); \
        DMLREF__A2_NATIVE_ADD1(xs, r, 2); \
        DMLREF__A2_NATIVE_ADD1(xs, r, 3); \
        DMLREF__A2_NATIVE_ADD1(xs, r, 4); \
        DMLREF__A2_NATIVE_ADD1(xs, r, 5); \
        DMLREF__A2_NATIVE_ADD1(xs, r, 6); \
        DMLREF__A2_NATIVE_ADD1(xs, r, 7); \
    } while (0)
DMLREF__A2 static inline unsigned dmlref__a2_native_in(__m256 s, __m256 lo, __m256 hi) { /* lo < |s| <= hi */
    const __m256 m = _mm256_and_ps(s, _mm256_castsi256_ps(_mm256_set1_epi32(0x7FFFFFFF)));
    return (unsigned)_mm256_movemask_ps(
        _mm256_and_ps(_mm256_cmp_ps(m, lo, _CMP_GT_OQ), _mm256_cmp_ps(m, hi, _CMP_LE_OQ)));
}
DMLREF__A2 static uint64_t dmlref__a2_native_sum_run(const uint16_t *x, uint16_t *y, uint64_t i, uint64_t end,
                                                     int exclusive, int stream, uint16_t *t) {
    const dmlref__native_binade b = dmlref__native_binade_of(*t);
    const __m256 c = _mm256_set1_ps(b.c), lo = _mm256_set1_ps(b.lo), hi = _mm256_set1_ps(b.hi);
    const __m256i rotate = _mm256_setr_epi32(7, 0, 1, 2, 3, 4, 5, 6), last = _mm256_set1_epi32(7);
    __m256 u = _mm256_add_ps(c, _mm256_set1_ps(dmlref__f16_to_f32_bits(*t)));
    for (; end - i >= 16u; i += 16) {
        float xs[16];
        const __m256 s_before = _mm256_sub_ps(u, c);
        __m256 r0 = u, r1, s0, s1;
        unsigned in;
        if (stream) DMLREF__PREFETCH_SPAN(x + i, 32u);
        _mm256_storeu_ps(xs, dmlref__a2_load_ph(x + i));
        _mm256_storeu_ps(xs + 8, dmlref__a2_load_ph(x + i + 8));
        DMLREF__A2_NATIVE_SUM8(xs, r0);
        r1 = u;
        DMLREF__A2_NATIVE_SUM8(xs + 8, r1);
        s0 = _mm256_sub_ps(r0, c); /* exact: the tallies themselves */
        s1 = _mm256_sub_ps(r1, c);
        in = dmlref__a2_native_in(s0, lo, hi) | dmlref__a2_native_in(s1, lo, hi) << 8;
        if (in != 0xFFFFu) {
            float s[17];
            s[0] = _mm256_cvtss_f32(s_before);
            _mm256_storeu_ps(s + 1, s0);
            _mm256_storeu_ps(s + 9, s1);
            return dmlref__native_sum_stop(y, i, exclusive, s, (unsigned)__builtin_ctz(~in), t);
        }
        if (exclusive) { /* the tally before each element */
            s1 = _mm256_blend_ps(_mm256_permutevar8x32_ps(s1, rotate), _mm256_permutevar8x32_ps(s0, last), 1);
            s0 = _mm256_blend_ps(_mm256_permutevar8x32_ps(s0, rotate), s_before, 1);
        }
        if (stream) {
            dmlref__a2_rstream_ph(y + i, s0);
            dmlref__a2_rstream_ph(y + i + 8, s1);
        } else {
            dmlref__a2_rstore_ph(y + i, s0);
            dmlref__a2_rstore_ph(y + i + 8, s1);
        }
    }
    *t = dmlref_f32_to_f16(_mm256_cvtss_f32(_mm256_sub_ps(u, c)));
    return i;
}
DMLREF__A2 static void dmlref__cnative_f16_avx2(const dmlref__scan_panel *p) {
    DMLREF__NATIVE_F16(__m128, DMLREF__A2_NATIVE_LOAD, DMLREF__A2_NATIVE_ADD, DMLREF__A2_NATIVE_MUL,
                       DMLREF__A2_NATIVE_BITS, dmlref__a2_native_sum_run)
    if (p->stream) _mm_sfence(); /* the runs' non-temporal stores */
}
/* FLOAT16 NATIVE SEQUENTIAL sums and products: contiguous lines only. */
static const dmlref__scan_route dmlref__avx2_native_f16 = {dmlref__cnative_f16_avx2, NULL, 16};

/* dmlref__totals16_kernel, 8 blocks at a time. Each level adds the even lanes of two vectors to their odd
   lanes (lower operand first); shuffle_ps works within 128-bit halves, so after level 1 a block's pair sums
   sit in the order 0 1 4 5 | 2 3 6 7, whose adjacent lanes are still the pairs level 2 adds; level 3 adds
   across the halves, and a final permute puts the 8 totals in block order. */
DMLREF__A2 static __m256 dmlref__a2_pair_sums(__m256 a, __m256 b) {
    return _mm256_add_ps(_mm256_shuffle_ps(a, b, _MM_SHUFFLE(2, 0, 2, 0)),
                         _mm256_shuffle_ps(a, b, _MM_SHUFFLE(3, 1, 3, 1)));
}
/* Blocks A-D, two vectors each: rA0 rA1 rB0 rB1 | rC0 rC1 rD0 rD1. */
DMLREF__A2 static __m256 dmlref__a2_totals16_four(__m256 a0, __m256 a1, __m256 b0, __m256 b1, __m256 c0, __m256 c1,
                                                  __m256 d0, __m256 d1) {
    const __m256 ab = dmlref__a2_pair_sums(dmlref__a2_pair_sums(a0, a1), dmlref__a2_pair_sums(b0, b1));
    const __m256 cd = dmlref__a2_pair_sums(dmlref__a2_pair_sums(c0, c1), dmlref__a2_pair_sums(d0, d1));
    return _mm256_add_ps(_mm256_permute2f128_ps(ab, cd, 0x20), _mm256_permute2f128_ps(ab, cd, 0x31));
}
/* The body of a dmlref__totals16_kernel on elements x, LOAD widening 8 at a time. */
#define DMLREF__A2_TOTALS16(LOAD)                                                                                      \
    const __m256i order = _mm256_setr_epi32(0, 1, 4, 5, 2, 3, 6, 7);                                                   \
    uint64_t b;                                                                                                        \
    for (b = 0; b + 8u <= count; b += 8u, x += 128) {                                                                  \
        const __m256 t = _mm256_permutevar8x32_ps(                                                                     \
            dmlref__a2_pair_sums(dmlref__a2_totals16_four(LOAD(x), LOAD(x + 8), LOAD(x + 16), LOAD(x + 24),            \
                                                          LOAD(x + 32), LOAD(x + 40), LOAD(x + 48), LOAD(x + 56)),     \
                                 dmlref__a2_totals16_four(LOAD(x + 64), LOAD(x + 72), LOAD(x + 80), LOAD(x + 88),      \
                                                          LOAD(x + 96), LOAD(x + 104), LOAD(x + 112), LOAD(x + 120))), \
            order);                                                                                                    \
        _mm256_storeu_pd(out + b, _mm256_cvtps_pd(_mm256_castps256_ps128(t)));                                         \
        _mm256_storeu_pd(out + b + 4, _mm256_cvtps_pd(_mm256_extractf128_ps(t, 1)));                                   \
    }                                                                                                                  \
    return b;
DMLREF__A2 static uint64_t dmlref__totals16_f32_avx2(const void *data, uint64_t count, double *out) {
    const float *x = (const float *)data;
    DMLREF__A2_TOTALS16(_mm256_loadu_ps)
}
DMLREF__A2 static uint64_t dmlref__totals16_f16_avx2(const void *data, uint64_t count, double *out) {
    const uint16_t *x = (const uint16_t *)data;
    DMLREF__A2_TOTALS16(dmlref__a2_load_ph)
}
#undef DMLREF__A2_TOTALS16

/* dmlref__exact16_kernel, 16 elements at a time: the block's sums in double by the BLOCKED kernels' scan
   (exact here, so any order gives the same values), the carry added, then each sum rounded to binary16 in
   two steps: to odd at 24 bits (the double's 29 bits below a float's last one folded into that bit), which
   a float holds exactly, then to nearest by F16C. Rounding to odd at p >= q + 2 bits and then to nearest at
   q bits is rounding to nearest at q bits (Boldo and Melquiond, IEEE Trans. Computers 57(4), 2008). */
DMLREF__A2 static __m128i dmlref__a2_exact16_round(__m256d a, __m256d b) {
    const __m256i below = _mm256_set1_epi64x((1 << 29) - 1), odd = _mm256_set1_epi64x(1 << 29);
    const __m256i ia = _mm256_castpd_si256(a), ib = _mm256_castpd_si256(b);
    const __m256i oa = _mm256_or_si256(
        _mm256_andnot_si256(below, ia),
        _mm256_andnot_si256(_mm256_cmpeq_epi64(_mm256_and_si256(ia, below), _mm256_setzero_si256()), odd));
    const __m256i ob = _mm256_or_si256(
        _mm256_andnot_si256(below, ib),
        _mm256_andnot_si256(_mm256_cmpeq_epi64(_mm256_and_si256(ib, below), _mm256_setzero_si256()), odd));
    const __m256 f = _mm256_insertf128_ps(_mm256_castps128_ps256(_mm256_cvtpd_ps(_mm256_castsi256_pd(oa))),
                                          _mm256_cvtpd_ps(_mm256_castsi256_pd(ob)), 1);
    return _mm256_cvtps_ph(f, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
}
/* Element k of the line is x[k * step]; REVERSE (step -1) reads and writes each 16-element group from its
   highest address down, the lanes reversed in registers. */
DMLREF__A2 static inline __attribute__((always_inline)) uint64_t
dmlref__a2_exact16_body(const uint16_t *x, uint16_t *y, uint64_t count, double *sum, int exclusive, int reverse) {
    const __m128i special = _mm_set1_epi16(0x7C00);
    __m256d c = _mm256_set1_pd(*sum);
    uint64_t i = 0;
    while (count - i >= 16u && _mm256_cvtsd_f64(c) < DMLREF__EXACT16_LIMIT &&
           _mm256_cvtsd_f64(c) > -DMLREF__EXACT16_LIMIT) {
        const uint64_t end = i + (count - i < DMLREF__EXACT16_RUN ? (count - i) & ~(uint64_t)15 : DMLREF__EXACT16_RUN);
        for (; i < end; i += 16u) {
            const uint16_t *from = reverse ? x - i - 15u : x + i;
            uint16_t *to = reverse ? y - i - 15u : y + i;
            const __m128i h0 = _mm_loadu_si128((const __m128i *)(const void *)from),
                          h1 = _mm_loadu_si128((const __m128i *)(const void *)(from + 8));
            __m256d r[4], o[4];
            __m256 f0, f1;
            if (_mm_movemask_epi8(_mm_or_si128(_mm_cmpeq_epi16(_mm_and_si128(h0, special), special),
                                               _mm_cmpeq_epi16(_mm_and_si128(h1, special), special))))
                break; /* an infinity or a NaN: the caller's superaccumulator takes it */
            f0 = _mm256_cvtph_ps(h0);
            f1 = _mm256_cvtph_ps(h1);
            if (reverse) {
                r[0] = _mm256_permute4x64_pd(_mm256_cvtps_pd(_mm256_extractf128_ps(f1, 1)), 0x1B);
                r[1] = _mm256_permute4x64_pd(_mm256_cvtps_pd(_mm256_castps256_ps128(f1)), 0x1B);
                r[2] = _mm256_permute4x64_pd(_mm256_cvtps_pd(_mm256_extractf128_ps(f0, 1)), 0x1B);
                r[3] = _mm256_permute4x64_pd(_mm256_cvtps_pd(_mm256_castps256_ps128(f0)), 0x1B);
            } else {
                r[0] = _mm256_cvtps_pd(_mm256_castps256_ps128(f0));
                r[1] = _mm256_cvtps_pd(_mm256_extractf128_ps(f0, 1));
                r[2] = _mm256_cvtps_pd(_mm256_castps256_ps128(f1));
                r[3] = _mm256_cvtps_pd(_mm256_extractf128_ps(f1, 1));
            }
            DMLREF__A2_SCANB_PD(r);
            DMLREF__A2_ADDC_PD(r, c);
            if (exclusive) DMLREF__A2_SHIFT1_PD(o, r, c);
            else o[0] = r[0], o[1] = r[1], o[2] = r[2], o[3] = r[3];
            c = DMLREF__A2_LAST_PD(r);
            if (reverse) {
                _mm_storeu_si128((__m128i *)(void *)to, dmlref__a2_exact16_round(_mm256_permute4x64_pd(o[3], 0x1B),
                                                                                 _mm256_permute4x64_pd(o[2], 0x1B)));
                _mm_storeu_si128(
                    (__m128i *)(void *)(to + 8),
                    dmlref__a2_exact16_round(_mm256_permute4x64_pd(o[1], 0x1B), _mm256_permute4x64_pd(o[0], 0x1B)));
            } else {
                _mm_storeu_si128((__m128i *)(void *)to, dmlref__a2_exact16_round(o[0], o[1]));
                _mm_storeu_si128((__m128i *)(void *)(to + 8), dmlref__a2_exact16_round(o[2], o[3]));
            }
        }
        if (i < end) break;
    }
    *sum = _mm256_cvtsd_f64(c);
    return i;
}
DMLREF__A2 static uint64_t dmlref__exact16_avx2(const uint16_t *x, uint16_t *y, int64_t step, uint64_t count,
                                                double *sum, int exclusive) {
    if (step < 0)
        return exclusive ? dmlref__a2_exact16_body(x, y, count, sum, 1, 1)
                         : dmlref__a2_exact16_body(x, y, count, sum, 0, 1);
    return exclusive ? dmlref__a2_exact16_body(x, y, count, sum, 1, 0)
                     : dmlref__a2_exact16_body(x, y, count, sum, 0, 0);
}

/* The AVX2 path's scan kernels: for each type, the kernel for contiguous lines,
   the kernel for adjacent lines, and the fewest elements (lines) either takes.
   NULL: that shape runs the scalar kernel. */
static const dmlref__scan_routes dmlref__avx2_scans = {
    {{ /* SEQUENTIAL (and integers) */
      {/* ADD */
       /* FLOAT16 */ {dmlref__tsum_f16_avx2, dmlref__vsum_f16_avx2, 8},
       /* FLOAT32 */ {dmlref__tsum_f32_avx2, dmlref__vsum_f32_avx2, 8},
       /* FLOAT64 */ {dmlref__tsum_f64_avx2, dmlref__vsum_f64_avx2, 4},
       /* UINT8, INT8 */ {dmlref__csum_u8_avx2, dmlref__vsum_u8_avx2, 32},
       /* UINT16, INT16 */ {dmlref__csum_u16_avx2, dmlref__vsum_u16_avx2, 16},
       /* UINT32, INT32 */ {dmlref__csum_u32_avx2, dmlref__vsum_u32_avx2, 8},
       /* UINT64, INT64 */ {dmlref__csum_u64_avx2, dmlref__vsum_u64_avx2, 4}},
      {/* MULTIPLY */
       /* FLOAT16 */ {dmlref__tprod_f16_avx2, dmlref__vprod_f16_avx2, 8},
       /* FLOAT32 */ {dmlref__tprod_f32_avx2, dmlref__vprod_f32_avx2, 8},
       /* FLOAT64 */ {dmlref__tprod_f64_avx2, dmlref__vprod_f64_avx2, 4},
       /* UINT8, INT8 */ {NULL, NULL, 0},
       /* UINT16, INT16 */ {NULL, dmlref__vprod_u16_avx2, 16},
       /* UINT32, INT32 */ {NULL, dmlref__vprod_u32_avx2, 8},
       /* UINT64, INT64 */ {NULL, NULL, 0}}},
     { /* BLOCKED (float sums; products are never BLOCKED) */
      {/* ADD */
       /* FLOAT16 */ {dmlref__cblocked_f16_avx2, dmlref__vblocked_f16_avx2, 16},
       /* FLOAT32 */ {dmlref__cblocked_f32_avx2, dmlref__vblocked_f32_avx2, 16},
       /* FLOAT64 */ {dmlref__cblocked_f64_avx2, dmlref__vblocked_f64_avx2, 16}}}}};
/* The AVX2 path's arg-reduction kernels: contiguous, vertical (adjacent
   outputs), and the fewest elements (outputs) each takes. */
static const dmlref__arg_route dmlref__avx2_args[DMLREF__ARG_SLOTS] = {
    /* FLOAT16 */ {dmlref__carg_f16_avx2, dmlref__varg_f16_avx2, 16, 8},
    /* FLOAT32 */ {dmlref__carg_f32_avx2, dmlref__varg_f32_avx2, 8, 8},
    /* FLOAT64 */ {dmlref__carg_f64_avx2, dmlref__varg_f64_avx2, 4, 4},
    /* UINT8 */ {dmlref__carg_u8_avx2, dmlref__varg_u8_avx2, 32, 8},
    /* UINT16 */ {dmlref__carg_u16_avx2, dmlref__varg_u16_avx2, 16, 8},
    /* UINT32 */ {dmlref__carg_u32_avx2, dmlref__varg_u32_avx2, 8, 8},
    /* UINT64 */ {dmlref__carg_u64_avx2, dmlref__varg_u64_avx2, 4, 4},
    /* INT8 */ {dmlref__carg_i8_avx2, dmlref__varg_i8_avx2, 32, 8},
    /* INT16 */ {dmlref__carg_i16_avx2, dmlref__varg_i16_avx2, 16, 8},
    /* INT32 */ {dmlref__carg_i32_avx2, dmlref__varg_i32_avx2, 8, 8},
    /* INT64 */ {dmlref__carg_i64_avx2, dmlref__varg_i64_avx2, 4, 4}};
#endif /* DMLREF__BUILD_AVX2 */

/* >>avx512 -----------------------------------------------------------------------
   AVX-512 F/BW/DQ/VL (+F16C): 16 float32 lanes, so one register is one
   BLOCKED block. Each primitive's scalar meaning is in its comment. */
#if defined(DMLREF__BUILD_AVX512)
#define DMLREF__A5 __attribute__((target("avx512f,avx512bw,avx512dq,avx512vl,avx2,f16c"))) DMLREF__KERNEL_ALIGN

/* v != v ? qNaN : v, in one instruction: fixupimm classifies each lane of
   v and, per class, keeps the first operand (token 0: the canonical NaN, for
   quiet and signalling NaNs) or returns v (token 1: every other class). A
   compare and a blend took two, one of them on port 5, which the BLOCKED
   scan's lane shifts already load. MXCSR.DAZ is clear while dml_ref runs, so
   subnormal lanes are returned as they are. */
#define DMLREF__A5_KEEP_NONNAN 0x11111100
/* GCC's macro forms (-O0) pass a mask of -1 to the builtin: keep that warning local. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wsign-conversion"
DMLREF__A5 static inline __m512 dmlref__a5_canon_ps(__m512 v) {
    return _mm512_fixupimm_ps(_mm512_castsi512_ps(_mm512_set1_epi32(0x7FC00000)), v,
                              _mm512_set1_epi32(DMLREF__A5_KEEP_NONNAN), 0);
}
DMLREF__A5 static inline __m512d dmlref__a5_canon_pd(__m512d v) {
    return _mm512_fixupimm_pd(_mm512_castsi512_pd(_mm512_set1_epi64(0x7FF8000000000000LL)), v,
                              _mm512_set1_epi64(DMLREF__A5_KEEP_NONNAN), 0);
}
#pragma GCC diagnostic pop
DMLREF__A5 static inline void dmlref__a5_store_ps(float *p, __m512 v) { _mm512_storeu_ps(p, dmlref__a5_canon_ps(v)); }
DMLREF__A5 static inline void dmlref__a5_store_pd(double *p, __m512d v) { _mm512_storeu_pd(p, dmlref__a5_canon_pd(v)); }
DMLREF__A5 static inline __m512 dmlref__a5_load_ph(const uint16_t *p) { /* 16 x dmlref_f16_to_f32 */
    return _mm512_cvtph_ps(_mm256_loadu_si256((const __m256i *)(const void *)p));
}
/* The same for _mm512_cvtps_ph. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wsign-conversion"
DMLREF__A5 static inline void dmlref__a5_store_ph(uint16_t *p, __m512 v) { /* 16 x dmlref__store_f16 */
    _mm256_storeu_si256((__m256i *)(void *)p,
                        _mm512_cvtps_ph(dmlref__a5_canon_ps(v), _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC));
}
#pragma GCC diagnostic pop
DMLREF__A5 static inline void dmlref__a5_stream_ps(float *p, __m512 v) { _mm512_stream_ps(p, dmlref__a5_canon_ps(v)); }
DMLREF__A5 static inline void dmlref__a5_stream_pd(double *p, __m512d v) {
    _mm512_stream_pd(p, dmlref__a5_canon_pd(v));
}
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wsign-conversion"
DMLREF__A5 static inline void dmlref__a5_stream_ph(uint16_t *p, __m512 v) {
    _mm256_stream_si256((__m256i *)(void *)p,
                        _mm512_cvtps_ph(dmlref__a5_canon_ps(v), _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC));
}
#pragma GCC diagnostic pop
#define DMLREF__A5_STREAMI(p, v) _mm512_stream_si512((__m512i *)(void *)(p), (v))
#define DMLREF__A5_LOADI(p) _mm512_loadu_si512((const void *)(p))
#define DMLREF__A5_STOREI(p, v) _mm512_storeu_si512((void *)(p), (v))

/* Vertical scans (strided axis), every type; 8-bit products stay scalar. */

/* Contiguous integer sums: in-register inclusive scans. valign shifts the
   whole register up by k lanes with zeros; 8/16-bit lanes scan inside each
   128-bit lane, then add the totals of the lanes below. */
DMLREF__A5 static inline __m512i dmlref__a5_scan_epi32(__m512i x) { /* x[i] = x[0] + ... + x[i] */
    const __m512i z = _mm512_setzero_si512();
    x = _mm512_add_epi32(x, _mm512_alignr_epi32(x, z, 15));
    x = _mm512_add_epi32(x, _mm512_alignr_epi32(x, z, 14));
    x = _mm512_add_epi32(x, _mm512_alignr_epi32(x, z, 12));
    return _mm512_add_epi32(x, _mm512_alignr_epi32(x, z, 8));
}
DMLREF__A5 static inline __m512i dmlref__a5_scan_epi64(__m512i x) {
    const __m512i z = _mm512_setzero_si512();
    x = _mm512_add_epi64(x, _mm512_alignr_epi64(x, z, 7));
    x = _mm512_add_epi64(x, _mm512_alignr_epi64(x, z, 6));
    return _mm512_add_epi64(x, _mm512_alignr_epi64(x, z, 4));
}
DMLREF__A5 static inline __m512i dmlref__a5_lanes_below_epi8(__m512i totals) { /* sum of lower 128-bit lanes */
    const __m512i z = _mm512_setzero_si512();
    return _mm512_add_epi8(_mm512_alignr_epi64(totals, z, 6),
                           _mm512_add_epi8(_mm512_alignr_epi64(totals, z, 4), _mm512_alignr_epi64(totals, z, 2)));
}
DMLREF__A5 static inline __m512i dmlref__a5_scan_epi8(__m512i x) {
    x = _mm512_add_epi8(x, _mm512_bslli_epi128(x, 1));
    x = _mm512_add_epi8(x, _mm512_bslli_epi128(x, 2));
    x = _mm512_add_epi8(x, _mm512_bslli_epi128(x, 4));
    x = _mm512_add_epi8(x, _mm512_bslli_epi128(x, 8));
    return _mm512_add_epi8(x, dmlref__a5_lanes_below_epi8(_mm512_shuffle_epi8(x, _mm512_set1_epi8(15))));
}
DMLREF__A5 static inline __m512i dmlref__a5_lanes_below_epi16(__m512i totals) {
    const __m512i z = _mm512_setzero_si512();
    return _mm512_add_epi16(_mm512_alignr_epi64(totals, z, 6),
                            _mm512_add_epi16(_mm512_alignr_epi64(totals, z, 4), _mm512_alignr_epi64(totals, z, 2)));
}
DMLREF__A5 static inline __m512i dmlref__a5_scan_epi16(__m512i x) {
    x = _mm512_add_epi16(x, _mm512_bslli_epi128(x, 2));
    x = _mm512_add_epi16(x, _mm512_bslli_epi128(x, 4));
    x = _mm512_add_epi16(x, _mm512_bslli_epi128(x, 8));
    return _mm512_add_epi16(x, dmlref__a5_lanes_below_epi16(_mm512_shuffle_epi8(x, _mm512_set1_epi16(0x0F0E))));
}
#define DMLREF__A5_LAST_EPI8(y)                                          \
    _mm512_shuffle_i64x2(_mm512_shuffle_epi8((y), _mm512_set1_epi8(15)), \
                         _mm512_shuffle_epi8((y), _mm512_set1_epi8(15)), 0xFF)
#define DMLREF__A5_LAST_EPI16(y)                                              \
    _mm512_shuffle_i64x2(_mm512_shuffle_epi8((y), _mm512_set1_epi16(0x0F0E)), \
                         _mm512_shuffle_epi8((y), _mm512_set1_epi16(0x0F0E)), 0xFF)
#define DMLREF__A5_LAST_EPI32(y) _mm512_permutexvar_epi32(_mm512_set1_epi32(15), (y))
#define DMLREF__A5_LAST_EPI64(y) _mm512_permutexvar_epi64(_mm512_set1_epi64(7), (y))

/* BLOCKED float sums. up(b, a, k): lanes shifted up by k, lanes below k taken
   from the top of a: y[i-k] across the block (a = -0.0 below the block). */
#define DMLREF__A5_UP_PS(b, a, k) \
    _mm512_castsi512_ps(_mm512_alignr_epi32(_mm512_castps_si512(b), _mm512_castps_si512(a), 16 - (k)))
#define DMLREF__A5_UP_PD(b, a, k) \
    _mm512_castsi512_pd(_mm512_alignr_epi64(_mm512_castpd_si512(b), _mm512_castpd_si512(a), 8 - (k)))
#define DMLREF__A5_NEGZ_PS _mm512_set1_ps(-0.0f)
#define DMLREF__A5_NEGZ_PD _mm512_set1_pd(-0.0)
/* float32: r[0] holds y[0..15] */
#define DMLREF__A5_SCANB_PS(r)                                                               \
    do {                                                                                     \
        r[0] = _mm512_add_ps(DMLREF__A5_UP_PS(r[0], DMLREF__A5_NEGZ_PS, 1), r[0]); /* k=1 */ \
        r[0] = _mm512_add_ps(DMLREF__A5_UP_PS(r[0], DMLREF__A5_NEGZ_PS, 2), r[0]); /* k=2 */ \
        r[0] = _mm512_add_ps(DMLREF__A5_UP_PS(r[0], DMLREF__A5_NEGZ_PS, 4), r[0]); /* k=4 */ \
        r[0] = _mm512_add_ps(DMLREF__A5_UP_PS(r[0], DMLREF__A5_NEGZ_PS, 8), r[0]); /* k=8 */ \
    } while (0)
#define DMLREF__A5_ADDC_PS(r, c) (r[0] = _mm512_add_ps((c), r[0]))
#define DMLREF__A5_SHIFT1_PS(o, r, before) (o[0] = DMLREF__A5_UP_PS(r[0], (before), 1))
#define DMLREF__A5_LAST_PS(r) _mm512_permutexvar_ps(_mm512_set1_epi32(15), r[0])
#define DMLREF__A5_LOADB_PS(r, p) (r[0] = _mm512_loadu_ps(p))
#define DMLREF__A5_STOREB_PS(p, r) dmlref__a5_store_ps((p), r[0])
#define DMLREF__A5_STREAMB_PS(p, r) dmlref__a5_stream_ps((p), r[0])
#define DMLREF__A5_LOADB_PH(r, p) (r[0] = dmlref__a5_load_ph(p))
#define DMLREF__A5_STOREB_PH(p, r) dmlref__a5_store_ph((p), r[0])
#define DMLREF__A5_STREAMB_PH(p, r) dmlref__a5_stream_ph((p), r[0])
/* float64: r[0] = y[0..7], r[1] = y[8..15]; r[1] is updated first from the old r[0]. */
#define DMLREF__A5_STEP_PD(r, k)                                                   \
    do {                                                                           \
        r[1] = _mm512_add_pd(DMLREF__A5_UP_PD(r[1], r[0], k), r[1]);               \
        r[0] = _mm512_add_pd(DMLREF__A5_UP_PD(r[0], DMLREF__A5_NEGZ_PD, k), r[0]); \
    } while (0)
#define DMLREF__A5_SCANB_PD(r)                      \
    do {                                            \
        DMLREF__A5_STEP_PD(r, 1);                   \
        DMLREF__A5_STEP_PD(r, 2);                   \
        DMLREF__A5_STEP_PD(r, 4);                   \
        r[1] = _mm512_add_pd(r[0], r[1]); /* k=8 */ \
    } while (0)
#define DMLREF__A5_ADDC_PD(r, c) (r[0] = _mm512_add_pd((c), r[0]), r[1] = _mm512_add_pd((c), r[1]))
#define DMLREF__A5_SHIFT1_PD(o, r, before) \
    (o[0] = DMLREF__A5_UP_PD(r[0], (before), 1), o[1] = DMLREF__A5_UP_PD(r[1], r[0], 1))
#define DMLREF__A5_LAST_PD(r) _mm512_permutexvar_pd(_mm512_set1_epi64(7), r[1])
#define DMLREF__A5_LOADB_PD(r, p) (r[0] = _mm512_loadu_pd(p), r[1] = _mm512_loadu_pd((p) + 8))
#define DMLREF__A5_STOREB_PD(p, r) (dmlref__a5_store_pd((p), r[0]), dmlref__a5_store_pd((p) + 8, r[1]))
#define DMLREF__A5_STREAMB_PD(p, r) (dmlref__a5_stream_pd((p), r[0]), dmlref__a5_stream_pd((p) + 8, r[1]))

/* Arg-reductions: 32-bit lanes (float32, FLOAT16 and 8/16/32-bit integers
   widened) and 64-bit lanes, comparisons into k-masks. */
#define DMLREF__A5_LT_PS(a, b) _mm512_cmp_ps_mask((a), (b), _CMP_LT_OQ)
#define DMLREF__A5_LE_PS(a, b) _mm512_cmp_ps_mask((a), (b), _CMP_LE_OQ)
#define DMLREF__A5_NAN_PS(x) _mm512_cmp_ps_mask((x), (x), _CMP_UNORD_Q)
#define DMLREF__A5_LT_PD(a, b) _mm512_cmp_pd_mask((a), (b), _CMP_LT_OQ)
#define DMLREF__A5_LE_PD(a, b) _mm512_cmp_pd_mask((a), (b), _CMP_LE_OQ)
#define DMLREF__A5_NAN_PD(x) _mm512_cmp_pd_mask((x), (x), _CMP_UNORD_Q)
#define DMLREF__A5_NAN2_PS(ISNAN, MOR, a, b) _mm512_cmp_ps_mask((a), (b), _CMP_UNORD_Q)
#define DMLREF__A5_NAN2_PD(ISNAN, MOR, a, b) _mm512_cmp_pd_mask((a), (b), _CMP_UNORD_Q)
#define DMLREF__A5_NONAN16(x) ((__mmask16)0)
#define DMLREF__A5_NONAN8(x) ((__mmask8)0)
#define DMLREF__A5_OR16(a, b) _kor_mask16((a), (b)) /* float NaN masks stay in mask registers */
#define DMLREF__A5_OR8(a, b) _kor_mask8((a), (b))
#define DMLREF__A5_OR16_INT(a, b) ((__mmask16)((a) | (b))) /* integer lanes: the zero masks fold away */
#define DMLREF__A5_OR8_INT(a, b) ((__mmask8)((a) | (b)))
#define DMLREF__A5_ANY(m) ((m) != 0)
#define DMLREF__A5_SET1_EPI32(i) _mm512_set1_epi32((int)(i))
#define DMLREF__A5_SET1_EPI64(i) _mm512_set1_epi64((long long)(i))
#define DMLREF__A5_LOAD_I8(p) _mm512_cvtepi8_epi32(_mm_loadu_si128((const __m128i *)(const void *)(p)))
#define DMLREF__A5_LOAD_U8(p) _mm512_cvtepu8_epi32(_mm_loadu_si128((const __m128i *)(const void *)(p)))
#define DMLREF__A5_LOAD_I16(p) _mm512_cvtepi16_epi32(_mm256_loadu_si256((const __m256i *)(const void *)(p)))
#define DMLREF__A5_LOAD_U16(p) _mm512_cvtepu16_epi32(_mm256_loadu_si256((const __m256i *)(const void *)(p)))

/* Instantiate the vertical and contiguous arg kernels for
   one element type over one lane kind. */

/* 8- and 16-bit types: the vertical kernel widens them to 32-bit lanes, the
   contiguous kernel keeps them narrow (64 or 32 lanes, BW compares). */
#define DMLREF__A5_NONAN32(x) ((__mmask32)0)
#define DMLREF__A5_NONAN64(x) ((__mmask64)0)
#define DMLREF__A5_ORM(a, b) ((a) | (b)) /* 32- and 64-bit masks: no promotion */
#define DMLREF__A5_SET1_EPI8(v) _mm512_set1_epi8((char)(v))
#define DMLREF__A5_SET1_EPI16(v) _mm512_set1_epi16((short)(v))

/* FLOAT16: the vertical kernel converts to float32 lanes. Ordered int16
   keys, as in the AVX2 kernel, serve the contiguous kernel's search pass and
   tail: key = sign ? -magnitude : magnitude (so -0.0 and +0.0 tie), NaN when
   |key| > 0x7C00. */
DMLREF__A5 static inline __m512i dmlref__a5_f16key(__m512i x) {
    const __m512i mag = _mm512_and_si512(x, _mm512_set1_epi16(0x7FFF));
    return _mm512_mask_sub_epi16(mag, _mm512_movepi16_mask(x), _mm512_setzero_si512(), mag);
}
#define dmlref__a5_load_f16key(p) dmlref__a5_f16key(DMLREF__A5_LOADI(p))
#define DMLREF__A5_NAN_F16KEY(k) _mm512_cmpgt_epi16_mask(_mm512_abs_epi16(k), _mm512_set1_epi16(0x7C00))

/* The contiguous FLOAT16 kernel has the chunked shape of DMLREF__CARG,
   but pass 1 folds the raw bits instead of making keys (and, movepi16, masked
   sub) and testing NaN (abs, compare): two of the unsigned min, unsigned max
   and signed max of the bit patterns give the chunk's extreme key, and with
   a masked compare tell whether it holds a NaN:
   - NaN: unsigned max > 0xFC00 (a negative NaN) or signed max > 0x7C00 (positive);
   - minimum: unsigned max > 0x8000: the negative of largest magnitude; == 0x8000
     (only -0.0 below zero): key 0; else the unsigned min (no negatives);
   - maximum: signed max >= 0: it (a non-negative value); else every value is
     negative and the unsigned min is the one of smallest magnitude.
   Passes 2 and the tail compare keys, as the AVX2 kernel does. */
DMLREF__A5 static inline unsigned dmlref__a5_hmin_epu16(__m512i v) { /* min over the 32 lanes */
    const __m256i h = _mm256_min_epu16(_mm512_castsi512_si256(v), _mm512_extracti64x4_epi64(v, 1));
    const __m128i q = _mm_min_epu16(_mm256_castsi256_si128(h), _mm256_extracti128_si256(h, 1));
    return (unsigned)_mm_cvtsi128_si32(_mm_minpos_epu16(q)) & 0xFFFFu;
}
/* A chunk's extreme key from two folds: argmin keeps the unsigned min and max
   (a negative NaN is above 0xFC00 unsigned), argmax the signed max and the
   unsigned min (a positive NaN is above 0x7C00 signed); `clean` has a lane
   clear where a NaN of the other sign was seen. */
DMLREF__A5 static inline int dmlref__a5_f16_chunk_key(__m512i umin, __m512i other, __mmask32 clean, int want_max,
                                                      int *nan) {
    const __m512i ones = _mm512_set1_epi32(-1), bias = _mm512_set1_epi16((short)0x8000);
    const unsigned lo = dmlref__a5_hmin_epu16(umin);
    if (want_max) {
        const int shi = (int)(0x7FFFu - dmlref__a5_hmin_epu16(_mm512_xor_si512(other, _mm512_xor_si512(ones, bias))));
        *nan = shi > 0x7C00 || clean != 0xFFFFFFFFu;
        return shi >= 0 ? shi : -(int)(lo & 0x7FFFu);
    } else {
        const unsigned hi = 0xFFFFu - dmlref__a5_hmin_epu16(_mm512_xor_si512(other, ones));
        *nan = hi > 0xFC00u || clean != 0xFFFFFFFFu;
        return hi > 0x8000u ? -(int)(hi & 0x7FFFu) : hi == 0x8000u ? 0 : (int)lo;
    }
}
/* One vector into the folds of argmin (WANT_MAX 0) or argmax (1). 512-bit
   integer min/max issue on port 0 only, one per cycle: two of them per
   vector, and the NaN of the sign the two cannot see through a masked
   compare on port 5. */
#define DMLREF__A5_F16_STEP(WANT_MAX, x, umin, other, clean)                                    \
    do {                                                                                        \
        umin = _mm512_min_epu16(umin, (x));                                                     \
        if (WANT_MAX) {                                                                         \
            other = _mm512_max_epi16(other, (x));                                               \
            clean = _mm512_mask_cmple_epu16_mask(clean, (x), _mm512_set1_epi16((short)0xFC00)); \
        } else {                                                                                \
            other = _mm512_max_epu16(other, (x));                                               \
            clean = _mm512_mask_cmple_epi16_mask(clean, (x), _mm512_set1_epi16(0x7C00));        \
        }                                                                                       \
    } while (0)
#define DMLREF__A5_F16_FOLD(PF, WANT_MAX)                                                        \
    do {                                                                                         \
        for (; i + 64 <= end; i += 64) {                                                         \
            const __m512i x0 = DMLREF__A5_LOADI(line + i), x1 = DMLREF__A5_LOADI(line + i + 32); \
            if (PF) DMLREF__PREFETCH_SPAN(line + i, 128u);                                       \
            DMLREF__A5_F16_STEP(WANT_MAX, x0, umin, other, clean);                               \
            DMLREF__A5_F16_STEP(WANT_MAX, x1, umin2, other2, clean2);                            \
        }                                                                                        \
        for (; i < end; i += 32) {                                                               \
            const __m512i x = DMLREF__A5_LOADI(line + i);                                        \
            DMLREF__A5_F16_STEP(WANT_MAX, x, umin, other, clean);                                \
        }                                                                                        \
    } while (0)
DMLREF__A5 static void dmlref__carg_f16_avx512(const dmlref__arg_panel *p) {
    /* 8 KiB chunks: the horizontal reductions per chunk cost as much as ~16 vectors of pass 1; two
       vectors per step, in one loop per comparison and prefetch policy */
    const uint64_t n = p->rcount, full = n - n % 32u, chunk = 4096u;
    const int want_max = p->want_max, last = p->last, prefetch = p->prefetch;
    uint64_t o;
    for (o = 0; o < p->outputs; o++) {
        const uint16_t *line = (const uint16_t *)p->src + (ptrdiff_t)o * p->src_output_step;
        uint64_t at = 0, c0, i, end;
        int best = 0, nan = 0;
        for (c0 = 0; c0 < full && !nan; c0 = end) {
            __m512i umin = DMLREF__A5_LOADI(line + c0), other = umin, umin2 = umin, other2 = umin, key;
            __mmask32 clean = 0xFFFFFFFFu, clean2 = 0xFFFFFFFFu, m = 0;
            int ext;
            end = full - c0 > chunk ? c0 + chunk : full;
            i = c0;
            /* pass 1 (the first vector again: min and max are idempotent, and its NaN counts) */
            if (want_max && prefetch) DMLREF__A5_F16_FOLD(1, 1);
            else if (want_max) DMLREF__A5_F16_FOLD(0, 1);
            else if (prefetch) DMLREF__A5_F16_FOLD(1, 0);
            else DMLREF__A5_F16_FOLD(0, 0);
            umin = _mm512_min_epu16(umin, umin2);
            other = want_max ? _mm512_max_epi16(other, other2) : _mm512_max_epu16(other, other2);
            ext = dmlref__a5_f16_chunk_key(umin, other, clean & clean2, want_max, &nan);
            if (nan) break; /* NaN rules live in the scalar kernel */
            if (c0 > 0 && !DMLREF__ARG_BEATS(ext, best, want_max, last)) continue;
            /* pass 2: where the extreme is (keys: -0.0 and +0.0 tie) */
            key = _mm512_set1_epi16((short)ext);
            for (i = last ? end - 32u : c0;; i = last ? i - 32u : i + 32u) {
                m = _mm512_cmpeq_epi16_mask(dmlref__a5_load_f16key(line + i), key);
                if (m) break;
            }
            at = i + (uint64_t)(last ? 31 - __builtin_clz((unsigned)m) : __builtin_ctz((unsigned)m));
            best = ext;
        }
        if (!nan && full < n) { /* the last n % 32 elements, from an overlapping vector */
            const __m512i x = dmlref__a5_load_f16key(line + (n - 32u));
            int16_t keys[32];
            unsigned l;
            nan = DMLREF__A5_NAN_F16KEY(x) != 0;
            DMLREF__A5_STOREI(keys, x);
            for (l = 32u - (unsigned)(n - full); !nan && l < 32u; l++) {
                const int v = keys[l];
                if (DMLREF__ARG_BEATS(v, best, want_max, last)) {
                    best = v;
                    at = n - 32u + l;
                }
            }
        }
        if (nan) {
            dmlref__arg_panel sub = dmlref__arg_subpanel(p, o, 1);
            dmlref__arg_f16_scalar(&sub);
            continue;
        }
        dmlref__put_index(p, o, at);
    }
}

/* AVX-512 borrows the AVX2 transposed scans when that path is built. */
#if defined(DMLREF__BUILD_AVX2)
#define DMLREF__AVX2_ONLY(kernel) kernel
#else
#define DMLREF__AVX2_ONLY(kernel) NULL
#endif


/* The kernels by element type: first the type's primitives under the role
   names the shapes use (>>simd-common lists them), then each kernel. */

/* FLOAT16 */
#define DMLREF__A5_F16_T uint16_t
#define DMLREF__A5_F16_A float
#define DMLREF__A5_F16_V __m512
#define DMLREF__A5_F16_W 16
#define DMLREF__A5_F16_LOAD dmlref__a5_load_ph
#define DMLREF__A5_F16_STORE dmlref__a5_store_ph
#define DMLREF__A5_F16_STREAM dmlref__a5_stream_ph
#define DMLREF__A5_F16_FENCE _mm_sfence
#define DMLREF__A5_F16_TLOAD _mm512_loadu_ps
#define DMLREF__A5_F16_TSTORE _mm512_storeu_ps
#define DMLREF__A5_F16_SLOAD dmlref__load_f16
#define DMLREF__A5_F16_SSTORE dmlref__store_f16
#define DMLREF__A5_F16_R 1
#define DMLREF__A5_F16_REV1(v)                                                                     \
    _mm512_permutexvar_ps(_mm512_setr_epi32(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0), \
                          (v)) /* the lanes in reverse order */
#define DMLREF__A5_F16_NEGZ DMLREF__A5_NEGZ_PS
#define DMLREF__A5_F16_ZEROV _mm512_setzero_ps()
#define DMLREF__A5_F16_LOADB DMLREF__A5_LOADB_PH
#define DMLREF__A5_F16_SCANB DMLREF__A5_SCANB_PS
#define DMLREF__A5_F16_ADDCARRY DMLREF__A5_ADDC_PS
#define DMLREF__A5_F16_SHIFT1B DMLREF__A5_SHIFT1_PS
#define DMLREF__A5_F16_STOREB DMLREF__A5_STOREB_PH
#define DMLREF__A5_F16_STREAMB DMLREF__A5_STREAMB_PH
#define DMLREF__A5_F16_LASTB DMLREF__A5_LAST_PS
#define DMLREF__A5_F16_ADD _mm512_add_ps
#define DMLREF__A5_F16_AV __m512
#define DMLREF__A5_F16_AVI __m512i
#define DMLREF__A5_F16_AM __mmask16
#define DMLREF__A5_F16_AW 16
#define DMLREF__A5_F16_ALOAD dmlref__a5_load_ph
#define DMLREF__A5_F16_ALT DMLREF__A5_LT_PS
#define DMLREF__A5_F16_ALE DMLREF__A5_LE_PS
#define DMLREF__A5_F16_AISNAN DMLREF__A5_NAN_PS
#define DMLREF__A5_F16_AMOR DMLREF__A5_OR16
#define DMLREF__A5_F16_AMZERO (__mmask16)0
#define DMLREF__A5_F16_AMANY DMLREF__A5_ANY
#define DMLREF__A5_F16_ABLEND _mm512_mask_blend_ps
#define DMLREF__A5_F16_ABLENDI _mm512_mask_blend_epi32
#define DMLREF__A5_F16_ASET1I DMLREF__A5_SET1_EPI32
#define DMLREF__A5_F16_ASTOREI DMLREF__A5_STOREI
#define DMLREF__A5_F16_AIT uint32_t
#define DMLREF__A5_F16_SCALAR_ARG dmlref__arg_f16_scalar
#define DMLREF__A5_F16_SCALAR_BLOCKED dmlref__cumsum_blocked_f16_scalar
DMLREF__A5 static void dmlref__vsum_f16_avx512(const dmlref__scan_panel *p){
#define DMLREF__K_P DMLREF__A5_F16
#define DMLREF__K_OP _mm512_add_ps
#define DMLREF__K_IDENTV _mm512_setzero_ps()
#define DMLREF__K_SOP DMLREF__ADD_F
#define DMLREF__K_SIDENT 0
#define DMLREF__KERNEL DMLREF__KERNEL_VSCAN
#include DMLREF_HEADER_FILENAME
}

DMLREF__A5 static void dmlref__vprod_f16_avx512(const dmlref__scan_panel *p){
#define DMLREF__K_P DMLREF__A5_F16
#define DMLREF__K_OP _mm512_mul_ps
#define DMLREF__K_IDENTV _mm512_set1_ps(1.0f)
#define DMLREF__K_SOP DMLREF__MUL_F
#define DMLREF__K_SIDENT 1
#define DMLREF__KERNEL DMLREF__KERNEL_VSCAN
#include DMLREF_HEADER_FILENAME
}

DMLREF__A5 static void dmlref__cblocked_f16_avx512(const dmlref__scan_panel *p){
#define DMLREF__K_P DMLREF__A5_F16
#define DMLREF__KERNEL DMLREF__KERNEL_CBLOCKED
#include DMLREF_HEADER_FILENAME
}

DMLREF__A5 static void dmlref__varg_f16_avx512(const dmlref__arg_panel *p) {
    DMLREF__VARG(DMLREF__A5_F16);
}
DMLREF__A5 static void dmlref__vblocked_f16_avx512(const dmlref__scan_panel *p){
#define DMLREF__K_P DMLREF__A5_F16
#define DMLREF__KERNEL DMLREF__KERNEL_VBLOCKED
#include DMLREF_HEADER_FILENAME
}

/* FLOAT32 */
#define DMLREF__A5_F32_T float
#define DMLREF__A5_F32_A float
#define DMLREF__A5_F32_V __m512
#define DMLREF__A5_F32_W 16
#define DMLREF__A5_F32_LOAD _mm512_loadu_ps
#define DMLREF__A5_F32_STORE dmlref__a5_store_ps
#define DMLREF__A5_F32_STREAM dmlref__a5_stream_ps
#define DMLREF__A5_F32_FENCE _mm_sfence
#define DMLREF__A5_F32_TLOAD _mm512_loadu_ps
#define DMLREF__A5_F32_TSTORE _mm512_storeu_ps
#define DMLREF__A5_F32_SLOAD DMLREF__SAME
#define DMLREF__A5_F32_SSTORE dmlref__store_f32
#define DMLREF__A5_F32_R 1
#define DMLREF__A5_F32_REV1(v)                                                                     \
    _mm512_permutexvar_ps(_mm512_setr_epi32(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0), \
                          (v)) /* the lanes in reverse order */
#define DMLREF__A5_F32_NEGZ DMLREF__A5_NEGZ_PS
#define DMLREF__A5_F32_ZEROV _mm512_setzero_ps()
#define DMLREF__A5_F32_LOADB DMLREF__A5_LOADB_PS
#define DMLREF__A5_F32_SCANB DMLREF__A5_SCANB_PS
#define DMLREF__A5_F32_ADDCARRY DMLREF__A5_ADDC_PS
#define DMLREF__A5_F32_SHIFT1B DMLREF__A5_SHIFT1_PS
#define DMLREF__A5_F32_STOREB DMLREF__A5_STOREB_PS
#define DMLREF__A5_F32_STREAMB DMLREF__A5_STREAMB_PS
#define DMLREF__A5_F32_IV __m512i
#define DMLREF__A5_F32_ALIGNIDX(off)                \
    _mm512_add_epi32(_mm512_set1_epi32((int)(off)), \
                     _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15))
#define DMLREF__A5_F32_ALIGN2 _mm512_permutex2var_ps
#define DMLREF__A5_F32_STOREMASK(p, m, v) _mm512_mask_storeu_ps((p), (__mmask16)(m), dmlref__a5_canon_ps(v))
#define DMLREF__A5_F32_SPLICE(a, b, n) _mm512_mask_blend_ps((__mmask16)(0xFFFFu << (n)), (a), (b))
#define DMLREF__A5_F32_LASTB DMLREF__A5_LAST_PS
#define DMLREF__A5_F32_ADD _mm512_add_ps
#define DMLREF__A5_F32_AV __m512
#define DMLREF__A5_F32_AVI __m512i
#define DMLREF__A5_F32_AM __mmask16
#define DMLREF__A5_F32_AW 16
#define DMLREF__A5_F32_ALOAD _mm512_loadu_ps
#define DMLREF__A5_F32_ALT DMLREF__A5_LT_PS
#define DMLREF__A5_F32_ALE DMLREF__A5_LE_PS
#define DMLREF__A5_F32_AISNAN DMLREF__A5_NAN_PS
#define DMLREF__A5_F32_AMOR DMLREF__A5_OR16
#define DMLREF__A5_F32_AMZERO (__mmask16)0
#define DMLREF__A5_F32_AMANY DMLREF__A5_ANY
#define DMLREF__A5_F32_ABLEND _mm512_mask_blend_ps
#define DMLREF__A5_F32_ABLENDI _mm512_mask_blend_epi32
#define DMLREF__A5_F32_ASET1I DMLREF__A5_SET1_EPI32
#define DMLREF__A5_F32_ASTOREI DMLREF__A5_STOREI
#define DMLREF__A5_F32_AIT uint32_t
#define DMLREF__A5_F32_SCALAR_ARG dmlref__arg_f32_scalar
#define DMLREF__A5_F32_CV __m512
#define DMLREF__A5_F32_CM __mmask16
#define DMLREF__A5_F32_CW 16
#define DMLREF__A5_F32_CLOAD _mm512_loadu_ps
#define DMLREF__A5_F32_CMIN _mm512_min_ps
#define DMLREF__A5_F32_CMAX _mm512_max_ps
#define DMLREF__A5_F32_CLE DMLREF__A5_LE_PS
#define DMLREF__A5_F32_CISNAN DMLREF__A5_NAN_PS
#define DMLREF__A5_F32_CISNAN2 DMLREF__A5_NAN2_PS
#define DMLREF__A5_F32_CMOR DMLREF__A5_OR16
#define DMLREF__A5_F32_CMANY DMLREF__A5_ANY
#define DMLREF__A5_F32_CSET1V _mm512_set1_ps
#define DMLREF__A5_F32_CSTOREV _mm512_storeu_ps
#define DMLREF__A5_F32_CVT float
#define DMLREF__A5_F32_SCALAR_BLOCKED dmlref__cumsum_blocked_f32_scalar
DMLREF__A5 static void dmlref__vsum_f32_avx512(const dmlref__scan_panel *p){
#define DMLREF__K_P DMLREF__A5_F32
#define DMLREF__K_OP _mm512_add_ps
#define DMLREF__K_IDENTV _mm512_setzero_ps()
#define DMLREF__K_SOP DMLREF__ADD_F
#define DMLREF__K_SIDENT 0
#define DMLREF__KERNEL DMLREF__KERNEL_VSCAN
#include DMLREF_HEADER_FILENAME
}

DMLREF__A5 static void dmlref__vprod_f32_avx512(const dmlref__scan_panel *p){
#define DMLREF__K_P DMLREF__A5_F32
#define DMLREF__K_OP _mm512_mul_ps
#define DMLREF__K_IDENTV _mm512_set1_ps(1.0f)
#define DMLREF__K_SOP DMLREF__MUL_F
#define DMLREF__K_SIDENT 1
#define DMLREF__KERNEL DMLREF__KERNEL_VSCAN
#include DMLREF_HEADER_FILENAME
}

DMLREF__A5 static void dmlref__cblocked_f32_avx512(const dmlref__scan_panel *p){
#define DMLREF__K_P DMLREF__A5_F32
#define DMLREF__K_REALIGN 1
#define DMLREF__KERNEL DMLREF__KERNEL_CBLOCKED
#include DMLREF_HEADER_FILENAME
}

DMLREF__A5 static void dmlref__varg_f32_avx512(const dmlref__arg_panel *p) {
    DMLREF__VARG(DMLREF__A5_F32);
}
DMLREF__A5 static void dmlref__carg_f32_avx512(const dmlref__arg_panel *p){
#define DMLREF__K_P DMLREF__A5_F32
#define DMLREF__KERNEL DMLREF__KERNEL_CARG
#include DMLREF_HEADER_FILENAME
}

DMLREF__A5 static void dmlref__vblocked_f32_avx512(const dmlref__scan_panel *p){
#define DMLREF__K_P DMLREF__A5_F32
#define DMLREF__K_REALIGN 1
#define DMLREF__KERNEL DMLREF__KERNEL_VBLOCKED
#include DMLREF_HEADER_FILENAME
}

/* FLOAT64 */
#define DMLREF__A5_F64_T double
#define DMLREF__A5_F64_A double
#define DMLREF__A5_F64_V __m512d
#define DMLREF__A5_F64_W 8
#define DMLREF__A5_F64_LOAD _mm512_loadu_pd
#define DMLREF__A5_F64_STORE dmlref__a5_store_pd
#define DMLREF__A5_F64_STREAM dmlref__a5_stream_pd
#define DMLREF__A5_F64_FENCE _mm_sfence
#define DMLREF__A5_F64_TLOAD _mm512_loadu_pd
#define DMLREF__A5_F64_TSTORE _mm512_storeu_pd
#define DMLREF__A5_F64_SLOAD DMLREF__SAME
#define DMLREF__A5_F64_SSTORE dmlref__store_f64
#define DMLREF__A5_F64_R 2
#define DMLREF__A5_F64_REV1(v) \
    _mm512_permutexvar_pd(_mm512_setr_epi64(7, 6, 5, 4, 3, 2, 1, 0), (v)) /* the lanes in reverse order */
#define DMLREF__A5_F64_NEGZ DMLREF__A5_NEGZ_PD
#define DMLREF__A5_F64_ZEROV _mm512_setzero_pd()
#define DMLREF__A5_F64_LOADB DMLREF__A5_LOADB_PD
#define DMLREF__A5_F64_SCANB DMLREF__A5_SCANB_PD
#define DMLREF__A5_F64_ADDCARRY DMLREF__A5_ADDC_PD
#define DMLREF__A5_F64_SHIFT1B DMLREF__A5_SHIFT1_PD
#define DMLREF__A5_F64_STOREB DMLREF__A5_STOREB_PD
#define DMLREF__A5_F64_STREAMB DMLREF__A5_STREAMB_PD
#define DMLREF__A5_F64_IV __m512i
#define DMLREF__A5_F64_ALIGNIDX(off) \
    _mm512_add_epi64(_mm512_set1_epi64((long long)(off)), _mm512_set_epi64(7, 6, 5, 4, 3, 2, 1, 0))
#define DMLREF__A5_F64_ALIGN2 _mm512_permutex2var_pd
#define DMLREF__A5_F64_STOREMASK(p, m, v) _mm512_mask_storeu_pd((p), (__mmask8)(m), dmlref__a5_canon_pd(v))
#define DMLREF__A5_F64_SPLICE(a, b, n) _mm512_mask_blend_pd((__mmask8)(0xFFu << (n)), (a), (b))
#define DMLREF__A5_F64_LASTB DMLREF__A5_LAST_PD
#define DMLREF__A5_F64_ADD _mm512_add_pd
#define DMLREF__A5_F64_AV __m512d
#define DMLREF__A5_F64_AVI __m512i
#define DMLREF__A5_F64_AM __mmask8
#define DMLREF__A5_F64_AW 8
#define DMLREF__A5_F64_ALOAD _mm512_loadu_pd
#define DMLREF__A5_F64_ALT DMLREF__A5_LT_PD
#define DMLREF__A5_F64_ALE DMLREF__A5_LE_PD
#define DMLREF__A5_F64_AISNAN DMLREF__A5_NAN_PD
#define DMLREF__A5_F64_AMOR DMLREF__A5_OR8
#define DMLREF__A5_F64_AMZERO (__mmask8)0
#define DMLREF__A5_F64_AMANY DMLREF__A5_ANY
#define DMLREF__A5_F64_ABLEND _mm512_mask_blend_pd
#define DMLREF__A5_F64_ABLENDI _mm512_mask_blend_epi64
#define DMLREF__A5_F64_ASET1I DMLREF__A5_SET1_EPI64
#define DMLREF__A5_F64_ASTOREI DMLREF__A5_STOREI
#define DMLREF__A5_F64_AIT uint64_t
#define DMLREF__A5_F64_SCALAR_ARG dmlref__arg_f64_scalar
#define DMLREF__A5_F64_CV __m512d
#define DMLREF__A5_F64_CM __mmask8
#define DMLREF__A5_F64_CW 8
#define DMLREF__A5_F64_CLOAD _mm512_loadu_pd
#define DMLREF__A5_F64_CMIN _mm512_min_pd
#define DMLREF__A5_F64_CMAX _mm512_max_pd
#define DMLREF__A5_F64_CLE DMLREF__A5_LE_PD
#define DMLREF__A5_F64_CISNAN DMLREF__A5_NAN_PD
#define DMLREF__A5_F64_CISNAN2 DMLREF__A5_NAN2_PD
#define DMLREF__A5_F64_CMOR DMLREF__A5_OR8
#define DMLREF__A5_F64_CMANY DMLREF__A5_ANY
#define DMLREF__A5_F64_CSET1V _mm512_set1_pd
#define DMLREF__A5_F64_CSTOREV _mm512_storeu_pd
#define DMLREF__A5_F64_CVT double
#define DMLREF__A5_F64_SCALAR_BLOCKED dmlref__cumsum_blocked_f64_scalar
DMLREF__A5 static void dmlref__vsum_f64_avx512(const dmlref__scan_panel *p){
#define DMLREF__K_P DMLREF__A5_F64
#define DMLREF__K_OP _mm512_add_pd
#define DMLREF__K_IDENTV _mm512_setzero_pd()
#define DMLREF__K_SOP DMLREF__ADD_F
#define DMLREF__K_SIDENT 0
#define DMLREF__KERNEL DMLREF__KERNEL_VSCAN
#include DMLREF_HEADER_FILENAME
}

DMLREF__A5 static void dmlref__vprod_f64_avx512(const dmlref__scan_panel *p){
#define DMLREF__K_P DMLREF__A5_F64
#define DMLREF__K_OP _mm512_mul_pd
#define DMLREF__K_IDENTV _mm512_set1_pd(1.0)
#define DMLREF__K_SOP DMLREF__MUL_F
#define DMLREF__K_SIDENT 1
#define DMLREF__KERNEL DMLREF__KERNEL_VSCAN
#include DMLREF_HEADER_FILENAME
}

DMLREF__A5 static void dmlref__cblocked_f64_avx512(const dmlref__scan_panel *p){
#define DMLREF__K_P DMLREF__A5_F64
#define DMLREF__K_REALIGN 1
#define DMLREF__KERNEL DMLREF__KERNEL_CBLOCKED
#include DMLREF_HEADER_FILENAME
}

DMLREF__A5 static void dmlref__varg_f64_avx512(const dmlref__arg_panel *p) {
    DMLREF__VARG(DMLREF__A5_F64);
}
DMLREF__A5 static void dmlref__carg_f64_avx512(const dmlref__arg_panel *p){
#define DMLREF__K_P DMLREF__A5_F64
#define DMLREF__KERNEL DMLREF__KERNEL_CARG
#include DMLREF_HEADER_FILENAME
}

DMLREF__A5 static void dmlref__vblocked_f64_avx512(const dmlref__scan_panel *p){
#define DMLREF__K_P DMLREF__A5_F64
#define DMLREF__K_REALIGN 1
#define DMLREF__KERNEL DMLREF__KERNEL_VBLOCKED
#include DMLREF_HEADER_FILENAME
}

/* UINT8 */
#define DMLREF__A5_U8_T uint8_t
#define DMLREF__A5_U8_A uint8_t
#define DMLREF__A5_U8_V __m512i
#define DMLREF__A5_U8_W 64
#define DMLREF__A5_U8_LOAD DMLREF__A5_LOADI
#define DMLREF__A5_U8_STORE DMLREF__A5_STOREI
#define DMLREF__A5_U8_STREAM DMLREF__A5_STREAMI
#define DMLREF__A5_U8_FENCE _mm_sfence
#define DMLREF__A5_U8_TLOAD DMLREF__A5_LOADI
#define DMLREF__A5_U8_TSTORE DMLREF__A5_STOREI
#define DMLREF__A5_U8_SLOAD DMLREF__SAME
#define DMLREF__A5_U8_SSTORE DMLREF__SAME
#define DMLREF__A5_U8_ADD _mm512_add_epi8
#define DMLREF__A5_U8_SUB _mm512_sub_epi8
#define DMLREF__A5_U8_SCANREG dmlref__a5_scan_epi8
#define DMLREF__A5_U8_BCASTLAST DMLREF__A5_LAST_EPI8
#define DMLREF__A5_U8_ZEROV _mm512_setzero_si512()
#define DMLREF__A5_U8_AV __m512i
#define DMLREF__A5_U8_AVI __m512i
#define DMLREF__A5_U8_AM __mmask16
#define DMLREF__A5_U8_AW 16
#define DMLREF__A5_U8_ALOAD DMLREF__A5_LOAD_U8
#define DMLREF__A5_U8_ALT _mm512_cmplt_epi32_mask
#define DMLREF__A5_U8_ALE _mm512_cmple_epi32_mask
#define DMLREF__A5_U8_AISNAN DMLREF__A5_NONAN16
#define DMLREF__A5_U8_AMOR DMLREF__A5_OR16_INT
#define DMLREF__A5_U8_AMZERO (__mmask16)0
#define DMLREF__A5_U8_AMANY DMLREF__A5_ANY
#define DMLREF__A5_U8_ABLEND _mm512_mask_blend_epi32
#define DMLREF__A5_U8_ABLENDI _mm512_mask_blend_epi32
#define DMLREF__A5_U8_ASET1I DMLREF__A5_SET1_EPI32
#define DMLREF__A5_U8_ASTOREI DMLREF__A5_STOREI
#define DMLREF__A5_U8_AIT uint32_t
#define DMLREF__A5_U8_SCALAR_ARG dmlref__arg_u8_scalar
#define DMLREF__A5_U8_CV __m512i
#define DMLREF__A5_U8_CM __mmask64
#define DMLREF__A5_U8_CW 64
#define DMLREF__A5_U8_CLOAD DMLREF__A5_LOADI
#define DMLREF__A5_U8_CMIN _mm512_min_epu8
#define DMLREF__A5_U8_CMAX _mm512_max_epu8
#define DMLREF__A5_U8_CLE _mm512_cmple_epu8_mask
#define DMLREF__A5_U8_CISNAN DMLREF__A5_NONAN64
#define DMLREF__A5_U8_CISNAN2 DMLREF__NAN2_EACH
#define DMLREF__A5_U8_CMOR DMLREF__A5_ORM
#define DMLREF__A5_U8_CMANY DMLREF__A5_ANY
#define DMLREF__A5_U8_CSET1V DMLREF__A5_SET1_EPI8
#define DMLREF__A5_U8_CSTOREV DMLREF__A5_STOREI
#define DMLREF__A5_U8_CVT uint8_t
DMLREF__A5 static void dmlref__vsum_u8_avx512(const dmlref__scan_panel *p){
#define DMLREF__K_P DMLREF__A5_U8
#define DMLREF__K_OP _mm512_add_epi8
#define DMLREF__K_IDENTV _mm512_setzero_si512()
#define DMLREF__K_SOP DMLREF__ADD_U8
#define DMLREF__K_SIDENT 0
#define DMLREF__KERNEL DMLREF__KERNEL_VSCAN
#include DMLREF_HEADER_FILENAME
}

DMLREF__A5 static void dmlref__csum_u8_avx512(const dmlref__scan_panel *p) {
    DMLREF__CSUM_INT(DMLREF__A5_U8);
}
DMLREF__A5 static void dmlref__varg_u8_avx512(const dmlref__arg_panel *p) { DMLREF__VARG(DMLREF__A5_U8); }
DMLREF__A5 static void dmlref__carg_u8_avx512(const dmlref__arg_panel *p){
#define DMLREF__K_P DMLREF__A5_U8
#define DMLREF__KERNEL DMLREF__KERNEL_CARG
#include DMLREF_HEADER_FILENAME
}


/* UINT16 */
#define DMLREF__A5_U16_T uint16_t
#define DMLREF__A5_U16_A uint16_t
#define DMLREF__A5_U16_V __m512i
#define DMLREF__A5_U16_W 32
#define DMLREF__A5_U16_LOAD DMLREF__A5_LOADI
#define DMLREF__A5_U16_STORE DMLREF__A5_STOREI
#define DMLREF__A5_U16_STREAM DMLREF__A5_STREAMI
#define DMLREF__A5_U16_FENCE _mm_sfence
#define DMLREF__A5_U16_TLOAD DMLREF__A5_LOADI
#define DMLREF__A5_U16_TSTORE DMLREF__A5_STOREI
#define DMLREF__A5_U16_SLOAD DMLREF__SAME
#define DMLREF__A5_U16_SSTORE DMLREF__SAME
#define DMLREF__A5_U16_ADD _mm512_add_epi16
#define DMLREF__A5_U16_SUB _mm512_sub_epi16
#define DMLREF__A5_U16_SCANREG dmlref__a5_scan_epi16
#define DMLREF__A5_U16_BCASTLAST DMLREF__A5_LAST_EPI16
#define DMLREF__A5_U16_ZEROV _mm512_setzero_si512()
#define DMLREF__A5_U16_AV __m512i
#define DMLREF__A5_U16_AVI __m512i
#define DMLREF__A5_U16_AM __mmask16
#define DMLREF__A5_U16_AW 16
#define DMLREF__A5_U16_ALOAD DMLREF__A5_LOAD_U16
#define DMLREF__A5_U16_ALT _mm512_cmplt_epi32_mask
#define DMLREF__A5_U16_ALE _mm512_cmple_epi32_mask
#define DMLREF__A5_U16_AISNAN DMLREF__A5_NONAN16
#define DMLREF__A5_U16_AMOR DMLREF__A5_OR16_INT
#define DMLREF__A5_U16_AMZERO (__mmask16)0
#define DMLREF__A5_U16_AMANY DMLREF__A5_ANY
#define DMLREF__A5_U16_ABLEND _mm512_mask_blend_epi32
#define DMLREF__A5_U16_ABLENDI _mm512_mask_blend_epi32
#define DMLREF__A5_U16_ASET1I DMLREF__A5_SET1_EPI32
#define DMLREF__A5_U16_ASTOREI DMLREF__A5_STOREI
#define DMLREF__A5_U16_AIT uint32_t
#define DMLREF__A5_U16_SCALAR_ARG dmlref__arg_u16_scalar
#define DMLREF__A5_U16_CV __m512i
#define DMLREF__A5_U16_CM __mmask32
#define DMLREF__A5_U16_CW 32
#define DMLREF__A5_U16_CLOAD DMLREF__A5_LOADI
#define DMLREF__A5_U16_CMIN _mm512_min_epu16
#define DMLREF__A5_U16_CMAX _mm512_max_epu16
#define DMLREF__A5_U16_CLE _mm512_cmple_epu16_mask
#define DMLREF__A5_U16_CISNAN DMLREF__A5_NONAN32
#define DMLREF__A5_U16_CISNAN2 DMLREF__NAN2_EACH
#define DMLREF__A5_U16_CMOR DMLREF__A5_ORM
#define DMLREF__A5_U16_CMANY DMLREF__A5_ANY
#define DMLREF__A5_U16_CSET1V DMLREF__A5_SET1_EPI16
#define DMLREF__A5_U16_CSTOREV DMLREF__A5_STOREI
#define DMLREF__A5_U16_CVT uint16_t
DMLREF__A5 static void dmlref__vsum_u16_avx512(const dmlref__scan_panel *p){
#define DMLREF__K_P DMLREF__A5_U16
#define DMLREF__K_OP _mm512_add_epi16
#define DMLREF__K_IDENTV _mm512_setzero_si512()
#define DMLREF__K_SOP DMLREF__ADD_U16
#define DMLREF__K_SIDENT 0
#define DMLREF__KERNEL DMLREF__KERNEL_VSCAN
#include DMLREF_HEADER_FILENAME
}

DMLREF__A5 static void dmlref__vprod_u16_avx512(const dmlref__scan_panel *p){
#define DMLREF__K_P DMLREF__A5_U16
#define DMLREF__K_OP _mm512_mullo_epi16
#define DMLREF__K_IDENTV _mm512_set1_epi16(1)
#define DMLREF__K_SOP DMLREF__MUL_U16
#define DMLREF__K_SIDENT 1
#define DMLREF__KERNEL DMLREF__KERNEL_VSCAN
#include DMLREF_HEADER_FILENAME
}

DMLREF__A5 static void dmlref__csum_u16_avx512(const dmlref__scan_panel *p) {
    DMLREF__CSUM_INT(DMLREF__A5_U16);
}
DMLREF__A5 static void dmlref__varg_u16_avx512(const dmlref__arg_panel *p) { DMLREF__VARG(DMLREF__A5_U16); }
DMLREF__A5 static void dmlref__carg_u16_avx512(const dmlref__arg_panel *p){
#define DMLREF__K_P DMLREF__A5_U16
#define DMLREF__KERNEL DMLREF__KERNEL_CARG
#include DMLREF_HEADER_FILENAME
}


/* UINT32 */
#define DMLREF__A5_U32_T uint32_t
#define DMLREF__A5_U32_A uint32_t
#define DMLREF__A5_U32_V __m512i
#define DMLREF__A5_U32_W 16
#define DMLREF__A5_U32_LOAD DMLREF__A5_LOADI
#define DMLREF__A5_U32_STORE DMLREF__A5_STOREI
#define DMLREF__A5_U32_STREAM DMLREF__A5_STREAMI
#define DMLREF__A5_U32_FENCE _mm_sfence
#define DMLREF__A5_U32_TLOAD DMLREF__A5_LOADI
#define DMLREF__A5_U32_TSTORE DMLREF__A5_STOREI
#define DMLREF__A5_U32_SLOAD DMLREF__SAME
#define DMLREF__A5_U32_SSTORE DMLREF__SAME
#define DMLREF__A5_U32_ADD _mm512_add_epi32
#define DMLREF__A5_U32_SUB _mm512_sub_epi32
#define DMLREF__A5_U32_SCANREG dmlref__a5_scan_epi32
#define DMLREF__A5_U32_BCASTLAST DMLREF__A5_LAST_EPI32
#define DMLREF__A5_U32_ZEROV _mm512_setzero_si512()
#define DMLREF__A5_U32_AV __m512i
#define DMLREF__A5_U32_AVI __m512i
#define DMLREF__A5_U32_AM __mmask16
#define DMLREF__A5_U32_AW 16
#define DMLREF__A5_U32_ALOAD DMLREF__A5_LOADI
#define DMLREF__A5_U32_ALT _mm512_cmplt_epu32_mask
#define DMLREF__A5_U32_ALE _mm512_cmple_epu32_mask
#define DMLREF__A5_U32_AISNAN DMLREF__A5_NONAN16
#define DMLREF__A5_U32_AMOR DMLREF__A5_OR16_INT
#define DMLREF__A5_U32_AMZERO (__mmask16)0
#define DMLREF__A5_U32_AMANY DMLREF__A5_ANY
#define DMLREF__A5_U32_ABLEND _mm512_mask_blend_epi32
#define DMLREF__A5_U32_ABLENDI _mm512_mask_blend_epi32
#define DMLREF__A5_U32_ASET1I DMLREF__A5_SET1_EPI32
#define DMLREF__A5_U32_ASTOREI DMLREF__A5_STOREI
#define DMLREF__A5_U32_AIT uint32_t
#define DMLREF__A5_U32_SCALAR_ARG dmlref__arg_u32_scalar
#define DMLREF__A5_U32_CV __m512i
#define DMLREF__A5_U32_CM __mmask16
#define DMLREF__A5_U32_CW 16
#define DMLREF__A5_U32_CLOAD DMLREF__A5_LOADI
#define DMLREF__A5_U32_CMIN _mm512_min_epu32
#define DMLREF__A5_U32_CMAX _mm512_max_epu32
#define DMLREF__A5_U32_CLE _mm512_cmple_epu32_mask
#define DMLREF__A5_U32_CISNAN DMLREF__A5_NONAN16
#define DMLREF__A5_U32_CISNAN2 DMLREF__NAN2_EACH
#define DMLREF__A5_U32_CMOR DMLREF__A5_OR16_INT
#define DMLREF__A5_U32_CMANY DMLREF__A5_ANY
#define DMLREF__A5_U32_CSET1V DMLREF__A5_SET1_EPI32
#define DMLREF__A5_U32_CSTOREV DMLREF__A5_STOREI
#define DMLREF__A5_U32_CVT uint32_t
DMLREF__A5 static void dmlref__vsum_u32_avx512(const dmlref__scan_panel *p){
#define DMLREF__K_P DMLREF__A5_U32
#define DMLREF__K_OP _mm512_add_epi32
#define DMLREF__K_IDENTV _mm512_setzero_si512()
#define DMLREF__K_SOP DMLREF__ADD_U32
#define DMLREF__K_SIDENT 0
#define DMLREF__KERNEL DMLREF__KERNEL_VSCAN
#include DMLREF_HEADER_FILENAME
}

DMLREF__A5 static void dmlref__vprod_u32_avx512(const dmlref__scan_panel *p){
#define DMLREF__K_P DMLREF__A5_U32
#define DMLREF__K_OP _mm512_mullo_epi32
#define DMLREF__K_IDENTV _mm512_set1_epi32(1)
#define DMLREF__K_SOP DMLREF__MUL_U32
#define DMLREF__K_SIDENT 1
#define DMLREF__KERNEL DMLREF__KERNEL_VSCAN
#include DMLREF_HEADER_FILENAME
}

DMLREF__A5 static void dmlref__csum_u32_avx512(const dmlref__scan_panel *p) {
    DMLREF__CSUM_INT(DMLREF__A5_U32);
}
DMLREF__A5 static void dmlref__varg_u32_avx512(const dmlref__arg_panel *p) { DMLREF__VARG(DMLREF__A5_U32); }
DMLREF__A5 static void dmlref__carg_u32_avx512(const dmlref__arg_panel *p){
#define DMLREF__K_P DMLREF__A5_U32
#define DMLREF__KERNEL DMLREF__KERNEL_CARG
#include DMLREF_HEADER_FILENAME
}


/* UINT64 */
#define DMLREF__A5_U64_T uint64_t
#define DMLREF__A5_U64_A uint64_t
#define DMLREF__A5_U64_V __m512i
#define DMLREF__A5_U64_W 8
#define DMLREF__A5_U64_LOAD DMLREF__A5_LOADI
#define DMLREF__A5_U64_STORE DMLREF__A5_STOREI
#define DMLREF__A5_U64_STREAM DMLREF__A5_STREAMI
#define DMLREF__A5_U64_FENCE _mm_sfence
#define DMLREF__A5_U64_TLOAD DMLREF__A5_LOADI
#define DMLREF__A5_U64_TSTORE DMLREF__A5_STOREI
#define DMLREF__A5_U64_SLOAD DMLREF__SAME
#define DMLREF__A5_U64_SSTORE DMLREF__SAME
#define DMLREF__A5_U64_ADD _mm512_add_epi64
#define DMLREF__A5_U64_SUB _mm512_sub_epi64
#define DMLREF__A5_U64_SCANREG dmlref__a5_scan_epi64
#define DMLREF__A5_U64_BCASTLAST DMLREF__A5_LAST_EPI64
#define DMLREF__A5_U64_ZEROV _mm512_setzero_si512()
#define DMLREF__A5_U64_AV __m512i
#define DMLREF__A5_U64_AVI __m512i
#define DMLREF__A5_U64_AM __mmask8
#define DMLREF__A5_U64_AW 8
#define DMLREF__A5_U64_ALOAD DMLREF__A5_LOADI
#define DMLREF__A5_U64_ALT _mm512_cmplt_epu64_mask
#define DMLREF__A5_U64_ALE _mm512_cmple_epu64_mask
#define DMLREF__A5_U64_AISNAN DMLREF__A5_NONAN8
#define DMLREF__A5_U64_AMOR DMLREF__A5_OR8_INT
#define DMLREF__A5_U64_AMZERO (__mmask8)0
#define DMLREF__A5_U64_AMANY DMLREF__A5_ANY
#define DMLREF__A5_U64_ABLEND _mm512_mask_blend_epi64
#define DMLREF__A5_U64_ABLENDI _mm512_mask_blend_epi64
#define DMLREF__A5_U64_ASET1I DMLREF__A5_SET1_EPI64
#define DMLREF__A5_U64_ASTOREI DMLREF__A5_STOREI
#define DMLREF__A5_U64_AIT uint64_t
#define DMLREF__A5_U64_SCALAR_ARG dmlref__arg_u64_scalar
#define DMLREF__A5_U64_CV __m512i
#define DMLREF__A5_U64_CM __mmask8
#define DMLREF__A5_U64_CW 8
#define DMLREF__A5_U64_CLOAD DMLREF__A5_LOADI
#define DMLREF__A5_U64_CMIN _mm512_min_epu64
#define DMLREF__A5_U64_CMAX _mm512_max_epu64
#define DMLREF__A5_U64_CLE _mm512_cmple_epu64_mask
#define DMLREF__A5_U64_CISNAN DMLREF__A5_NONAN8
#define DMLREF__A5_U64_CISNAN2 DMLREF__NAN2_EACH
#define DMLREF__A5_U64_CMOR DMLREF__A5_OR8_INT
#define DMLREF__A5_U64_CMANY DMLREF__A5_ANY
#define DMLREF__A5_U64_CSET1V DMLREF__A5_SET1_EPI64
#define DMLREF__A5_U64_CSTOREV DMLREF__A5_STOREI
#define DMLREF__A5_U64_CVT uint64_t
DMLREF__A5 static void dmlref__vsum_u64_avx512(const dmlref__scan_panel *p){
#define DMLREF__K_P DMLREF__A5_U64
#define DMLREF__K_OP _mm512_add_epi64
#define DMLREF__K_IDENTV _mm512_setzero_si512()
#define DMLREF__K_SOP DMLREF__ADD_U64
#define DMLREF__K_SIDENT 0
#define DMLREF__KERNEL DMLREF__KERNEL_VSCAN
#include DMLREF_HEADER_FILENAME
}

DMLREF__A5 static void dmlref__vprod_u64_avx512(const dmlref__scan_panel *p){
#define DMLREF__K_P DMLREF__A5_U64
#define DMLREF__K_OP _mm512_mullo_epi64
#define DMLREF__K_IDENTV _mm512_set1_epi64(1)
#define DMLREF__K_SOP DMLREF__MUL_U64
#define DMLREF__K_SIDENT 1
#define DMLREF__KERNEL DMLREF__KERNEL_VSCAN
#include DMLREF_HEADER_FILENAME
}

DMLREF__A5 static void dmlref__csum_u64_avx512(const dmlref__scan_panel *p) {
    DMLREF__CSUM_INT(DMLREF__A5_U64);
}
DMLREF__A5 static void dmlref__varg_u64_avx512(const dmlref__arg_panel *p) { DMLREF__VARG(DMLREF__A5_U64); }
DMLREF__A5 static void dmlref__carg_u64_avx512(const dmlref__arg_panel *p){
#define DMLREF__K_P DMLREF__A5_U64
#define DMLREF__KERNEL DMLREF__KERNEL_CARG
#include DMLREF_HEADER_FILENAME
}


/* INT8 */
#define DMLREF__A5_I8_T int8_t
#define DMLREF__A5_I8_AV __m512i
#define DMLREF__A5_I8_AVI __m512i
#define DMLREF__A5_I8_AM __mmask16
#define DMLREF__A5_I8_AW 16
#define DMLREF__A5_I8_ALOAD DMLREF__A5_LOAD_I8
#define DMLREF__A5_I8_ALT _mm512_cmplt_epi32_mask
#define DMLREF__A5_I8_ALE _mm512_cmple_epi32_mask
#define DMLREF__A5_I8_AISNAN DMLREF__A5_NONAN16
#define DMLREF__A5_I8_AMOR DMLREF__A5_OR16_INT
#define DMLREF__A5_I8_AMZERO (__mmask16)0
#define DMLREF__A5_I8_AMANY DMLREF__A5_ANY
#define DMLREF__A5_I8_ABLEND _mm512_mask_blend_epi32
#define DMLREF__A5_I8_ABLENDI _mm512_mask_blend_epi32
#define DMLREF__A5_I8_ASET1I DMLREF__A5_SET1_EPI32
#define DMLREF__A5_I8_ASTOREI DMLREF__A5_STOREI
#define DMLREF__A5_I8_AIT uint32_t
#define DMLREF__A5_I8_SCALAR_ARG dmlref__arg_i8_scalar
#define DMLREF__A5_I8_CV __m512i
#define DMLREF__A5_I8_CM __mmask64
#define DMLREF__A5_I8_CW 64
#define DMLREF__A5_I8_CLOAD DMLREF__A5_LOADI
#define DMLREF__A5_I8_CMIN _mm512_min_epi8
#define DMLREF__A5_I8_CMAX _mm512_max_epi8
#define DMLREF__A5_I8_CLE _mm512_cmple_epi8_mask
#define DMLREF__A5_I8_CISNAN DMLREF__A5_NONAN64
#define DMLREF__A5_I8_CISNAN2 DMLREF__NAN2_EACH
#define DMLREF__A5_I8_CMOR DMLREF__A5_ORM
#define DMLREF__A5_I8_CMANY DMLREF__A5_ANY
#define DMLREF__A5_I8_CSET1V DMLREF__A5_SET1_EPI8
#define DMLREF__A5_I8_CSTOREV DMLREF__A5_STOREI
#define DMLREF__A5_I8_CVT int8_t
DMLREF__A5 static void dmlref__varg_i8_avx512(const dmlref__arg_panel *p) {
    DMLREF__VARG(DMLREF__A5_I8);
}
DMLREF__A5 static void dmlref__carg_i8_avx512(const dmlref__arg_panel *p){
#define DMLREF__K_P DMLREF__A5_I8
#define DMLREF__KERNEL DMLREF__KERNEL_CARG
#include DMLREF_HEADER_FILENAME
}


/* INT16 */
#define DMLREF__A5_I16_T int16_t
#define DMLREF__A5_I16_AV __m512i
#define DMLREF__A5_I16_AVI __m512i
#define DMLREF__A5_I16_AM __mmask16
#define DMLREF__A5_I16_AW 16
#define DMLREF__A5_I16_ALOAD DMLREF__A5_LOAD_I16
#define DMLREF__A5_I16_ALT _mm512_cmplt_epi32_mask
#define DMLREF__A5_I16_ALE _mm512_cmple_epi32_mask
#define DMLREF__A5_I16_AISNAN DMLREF__A5_NONAN16
#define DMLREF__A5_I16_AMOR DMLREF__A5_OR16_INT
#define DMLREF__A5_I16_AMZERO (__mmask16)0
#define DMLREF__A5_I16_AMANY DMLREF__A5_ANY
#define DMLREF__A5_I16_ABLEND _mm512_mask_blend_epi32
#define DMLREF__A5_I16_ABLENDI _mm512_mask_blend_epi32
#define DMLREF__A5_I16_ASET1I DMLREF__A5_SET1_EPI32
#define DMLREF__A5_I16_ASTOREI DMLREF__A5_STOREI
#define DMLREF__A5_I16_AIT uint32_t
#define DMLREF__A5_I16_SCALAR_ARG dmlref__arg_i16_scalar
#define DMLREF__A5_I16_CV __m512i
#define DMLREF__A5_I16_CM __mmask32
#define DMLREF__A5_I16_CW 32
#define DMLREF__A5_I16_CLOAD DMLREF__A5_LOADI
#define DMLREF__A5_I16_CMIN _mm512_min_epi16
#define DMLREF__A5_I16_CMAX _mm512_max_epi16
#define DMLREF__A5_I16_CLE _mm512_cmple_epi16_mask
#define DMLREF__A5_I16_CISNAN DMLREF__A5_NONAN32
#define DMLREF__A5_I16_CISNAN2 DMLREF__NAN2_EACH
#define DMLREF__A5_I16_CMOR DMLREF__A5_ORM
#define DMLREF__A5_I16_CMANY DMLREF__A5_ANY
#define DMLREF__A5_I16_CSET1V DMLREF__A5_SET1_EPI16
#define DMLREF__A5_I16_CSTOREV DMLREF__A5_STOREI
#define DMLREF__A5_I16_CVT int16_t
DMLREF__A5 static void dmlref__varg_i16_avx512(const dmlref__arg_panel *p) {
    DMLREF__VARG(DMLREF__A5_I16);
}
DMLREF__A5 static void dmlref__carg_i16_avx512(const dmlref__arg_panel *p){
#define DMLREF__K_P DMLREF__A5_I16
#define DMLREF__KERNEL DMLREF__KERNEL_CARG
#include DMLREF_HEADER_FILENAME
}


/* INT32 */
#define DMLREF__A5_I32_T int32_t
#define DMLREF__A5_I32_AV __m512i
#define DMLREF__A5_I32_AVI __m512i
#define DMLREF__A5_I32_AM __mmask16
#define DMLREF__A5_I32_AW 16
#define DMLREF__A5_I32_ALOAD DMLREF__A5_LOADI
#define DMLREF__A5_I32_ALT _mm512_cmplt_epi32_mask
#define DMLREF__A5_I32_ALE _mm512_cmple_epi32_mask
#define DMLREF__A5_I32_AISNAN DMLREF__A5_NONAN16
#define DMLREF__A5_I32_AMOR DMLREF__A5_OR16_INT
#define DMLREF__A5_I32_AMZERO (__mmask16)0
#define DMLREF__A5_I32_AMANY DMLREF__A5_ANY
#define DMLREF__A5_I32_ABLEND _mm512_mask_blend_epi32
#define DMLREF__A5_I32_ABLENDI _mm512_mask_blend_epi32
#define DMLREF__A5_I32_ASET1I DMLREF__A5_SET1_EPI32
#define DMLREF__A5_I32_ASTOREI DMLREF__A5_STOREI
#define DMLREF__A5_I32_AIT uint32_t
#define DMLREF__A5_I32_SCALAR_ARG dmlref__arg_i32_scalar
#define DMLREF__A5_I32_CV __m512i
#define DMLREF__A5_I32_CM __mmask16
#define DMLREF__A5_I32_CW 16
#define DMLREF__A5_I32_CLOAD DMLREF__A5_LOADI
#define DMLREF__A5_I32_CMIN _mm512_min_epi32
#define DMLREF__A5_I32_CMAX _mm512_max_epi32
#define DMLREF__A5_I32_CLE _mm512_cmple_epi32_mask
#define DMLREF__A5_I32_CISNAN DMLREF__A5_NONAN16
#define DMLREF__A5_I32_CISNAN2 DMLREF__NAN2_EACH
#define DMLREF__A5_I32_CMOR DMLREF__A5_OR16_INT
#define DMLREF__A5_I32_CMANY DMLREF__A5_ANY
#define DMLREF__A5_I32_CSET1V DMLREF__A5_SET1_EPI32
#define DMLREF__A5_I32_CSTOREV DMLREF__A5_STOREI
#define DMLREF__A5_I32_CVT int32_t
DMLREF__A5 static void dmlref__varg_i32_avx512(const dmlref__arg_panel *p) {
    DMLREF__VARG(DMLREF__A5_I32);
}
DMLREF__A5 static void dmlref__carg_i32_avx512(const dmlref__arg_panel *p){
#define DMLREF__K_P DMLREF__A5_I32
#define DMLREF__KERNEL DMLREF__KERNEL_CARG
#include DMLREF_HEADER_FILENAME
}


/* INT64 */
#define DMLREF__A5_I64_T int64_t
#define DMLREF__A5_I64_AV __m512i
#define DMLREF__A5_I64_AVI __m512i
#define DMLREF__A5_I64_AM __mmask8
#define DMLREF__A5_I64_AW 8
#define DMLREF__A5_I64_ALOAD DMLREF__A5_LOADI
#define DMLREF__A5_I64_ALT _mm512_cmplt_epi64_mask
#define DMLREF__A5_I64_ALE _mm512_cmple_epi64_mask
#define DMLREF__A5_I64_AISNAN DMLREF__A5_NONAN8
#define DMLREF__A5_I64_AMOR DMLREF__A5_OR8_INT
#define DMLREF__A5_I64_AMZERO (__mmask8)0
#define DMLREF__A5_I64_AMANY DMLREF__A5_ANY
#define DMLREF__A5_I64_ABLEND _mm512_mask_blend_epi64
#define DMLREF__A5_I64_ABLENDI _mm512_mask_blend_epi64
#define DMLREF__A5_I64_ASET1I DMLREF__A5_SET1_EPI64
#define DMLREF__A5_I64_ASTOREI DMLREF__A5_STOREI
#define DMLREF__A5_I64_AIT uint64_t
#define DMLREF__A5_I64_SCALAR_ARG dmlref__arg_i64_scalar
#define DMLREF__A5_I64_CV __m512i
#define DMLREF__A5_I64_CM __mmask8
#define DMLREF__A5_I64_CW 8
#define DMLREF__A5_I64_CLOAD DMLREF__A5_LOADI
#define DMLREF__A5_I64_CMIN _mm512_min_epi64
#define DMLREF__A5_I64_CMAX _mm512_max_epi64
#define DMLREF__A5_I64_CLE _mm512_cmple_epi64_mask
#define DMLREF__A5_I64_CISNAN DMLREF__A5_NONAN8
#define DMLREF__A5_I64_CISNAN2 DMLREF__NAN2_EACH
#define DMLREF__A5_I64_CMOR DMLREF__A5_OR8_INT
#define DMLREF__A5_I64_CMANY DMLREF__A5_ANY
#define DMLREF__A5_I64_CSET1V DMLREF__A5_SET1_EPI64
#define DMLREF__A5_I64_CSTOREV DMLREF__A5_STOREI
#define DMLREF__A5_I64_CVT int64_t
DMLREF__A5 static void dmlref__varg_i64_avx512(const dmlref__arg_panel *p) {
    DMLREF__VARG(DMLREF__A5_I64);
}
DMLREF__A5 static void dmlref__carg_i64_avx512(const dmlref__arg_panel *p){
#define DMLREF__K_P DMLREF__A5_I64
#define DMLREF__KERNEL DMLREF__KERNEL_CARG
#include DMLREF_HEADER_FILENAME
}


/* dmlref__totals16_kernel, 16 blocks (one vector each) at a time: each level adds the even lanes of two
   vectors to their odd lanes (lower operand first), which halves the vectors and keeps the blocks in order;
   after four levels lane k holds block k's total. */
DMLREF__A5 static __m512 dmlref__a5_pair_sums(__m512 a, __m512 b) {
    const __m512i even = _mm512_setr_epi32(0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30);
    const __m512i odd = _mm512_setr_epi32(1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31);
    return _mm512_add_ps(_mm512_permutex2var_ps(a, even, b), _mm512_permutex2var_ps(a, odd, b));
}
/* Blocks A-D, one vector each: their quad sums, 4 each, in block order. */
DMLREF__A5 static __m512 dmlref__a5_totals16_quads(__m512 a, __m512 b, __m512 c, __m512 d) {
    return dmlref__a5_pair_sums(dmlref__a5_pair_sums(a, b), dmlref__a5_pair_sums(c, d));
}
/* The body of a dmlref__totals16_kernel on elements x, LOAD widening 16 at a time (the four levels written
   out: in an array, clang kept the vectors on the stack). */
#define DMLREF__A5_TOTALS16(LOAD)                                                                                    \
    uint64_t b;                                                                                                      \
    for (b = 0; b + 16u <= count; b += 16u, x += 256) {                                                              \
        const __m512 quads0 = dmlref__a5_totals16_quads(LOAD(x), LOAD(x + 16), LOAD(x + 32), LOAD(x + 48));          \
        const __m512 quads1 = dmlref__a5_totals16_quads(LOAD(x + 64), LOAD(x + 80), LOAD(x + 96), LOAD(x + 112));    \
        const __m512 quads2 = dmlref__a5_totals16_quads(LOAD(x + 128), LOAD(x + 144), LOAD(x + 160), LOAD(x + 176)); \
        const __m512 quads3 = dmlref__a5_totals16_quads(LOAD(x + 192), LOAD(x + 208), LOAD(x + 224), LOAD(x + 240)); \
        const __m512 t =                                                                                             \
            dmlref__a5_pair_sums(dmlref__a5_pair_sums(quads0, quads1), dmlref__a5_pair_sums(quads2, quads3));        \
        _mm512_storeu_pd(out + b, _mm512_cvtps_pd(_mm512_castps512_ps256(t)));                                       \
        _mm512_storeu_pd(out + b + 8,                                                                                \
                         _mm512_cvtps_pd(_mm256_castpd_ps(_mm512_extractf64x4_pd(_mm512_castps_pd(t), 1))));         \
    }                                                                                                                \
    return b;
DMLREF__A5 static uint64_t dmlref__totals16_f32_avx512(const void *data, uint64_t count, double *out) {
    const float *x = (const float *)data;
    DMLREF__A5_TOTALS16(_mm512_loadu_ps)
}
DMLREF__A5 static uint64_t dmlref__totals16_f16_avx512(const void *data, uint64_t count, double *out) {
    const uint16_t *x = (const uint16_t *)data;
    DMLREF__A5_TOTALS16(dmlref__a5_load_ph)
}
#undef DMLREF__A5_TOTALS16

/* The AVX-512 path's scan kernels: for each type, the kernel for contiguous lines,
   the kernel for adjacent lines, and the fewest elements (lines) either takes.
   NULL: that shape runs the scalar kernel. */
static const dmlref__scan_routes dmlref__avx512_scans = {
    {{ /* SEQUENTIAL (and integers) */
      {/* ADD */
       /* FLOAT16 */ {DMLREF__AVX2_ONLY(dmlref__tsum_f16_avx2), dmlref__vsum_f16_avx512, 16},
       /* FLOAT32 */ {DMLREF__AVX2_ONLY(dmlref__tsum_f32_avx2), dmlref__vsum_f32_avx512, 16},
       /* FLOAT64 */ {DMLREF__AVX2_ONLY(dmlref__tsum_f64_avx2), dmlref__vsum_f64_avx512, 8},
       /* UINT8, INT8 */ {dmlref__csum_u8_avx512, dmlref__vsum_u8_avx512, 64},
       /* UINT16, INT16 */ {dmlref__csum_u16_avx512, dmlref__vsum_u16_avx512, 32},
       /* UINT32, INT32 */ {dmlref__csum_u32_avx512, dmlref__vsum_u32_avx512, 16},
       /* UINT64, INT64 */ {dmlref__csum_u64_avx512, dmlref__vsum_u64_avx512, 8}},
      {/* MULTIPLY */
       /* FLOAT16 */ {DMLREF__AVX2_ONLY(dmlref__tprod_f16_avx2), dmlref__vprod_f16_avx512, 16},
       /* FLOAT32 */ {DMLREF__AVX2_ONLY(dmlref__tprod_f32_avx2), dmlref__vprod_f32_avx512, 16},
       /* FLOAT64 */ {DMLREF__AVX2_ONLY(dmlref__tprod_f64_avx2), dmlref__vprod_f64_avx512, 8},
       /* UINT8, INT8 */ {NULL, NULL, 0},
       /* UINT16, INT16 */ {NULL, dmlref__vprod_u16_avx512, 32},
       /* UINT32, INT32 */ {NULL, dmlref__vprod_u32_avx512, 16},
       /* UINT64, INT64 */ {NULL, dmlref__vprod_u64_avx512, 8}}},
     { /* BLOCKED (float sums; products are never BLOCKED) */
      {/* ADD */
       /* FLOAT16 */ {dmlref__cblocked_f16_avx512, dmlref__vblocked_f16_avx512, 16},
       /* FLOAT32 */ {dmlref__cblocked_f32_avx512, dmlref__vblocked_f32_avx512, 16},
       /* FLOAT64 */ {dmlref__cblocked_f64_avx512, dmlref__vblocked_f64_avx512, 16}}}}};
/* The AVX-512 path's arg-reduction kernels: contiguous, vertical (adjacent
   outputs), and the fewest elements (outputs) each takes. */
static const dmlref__arg_route dmlref__avx512_args[DMLREF__ARG_SLOTS] = {
    /* FLOAT16 */ {dmlref__carg_f16_avx512, dmlref__varg_f16_avx512, 32, 16},
    /* FLOAT32 */ {dmlref__carg_f32_avx512, dmlref__varg_f32_avx512, 16, 16},
    /* FLOAT64 */ {dmlref__carg_f64_avx512, dmlref__varg_f64_avx512, 8, 8},
    /* UINT8 */ {dmlref__carg_u8_avx512, dmlref__varg_u8_avx512, 64, 16},
    /* UINT16 */ {dmlref__carg_u16_avx512, dmlref__varg_u16_avx512, 32, 16},
    /* UINT32 */ {dmlref__carg_u32_avx512, dmlref__varg_u32_avx512, 16, 16},
    /* UINT64 */ {dmlref__carg_u64_avx512, dmlref__varg_u64_avx512, 8, 8},
    /* INT8 */ {dmlref__carg_i8_avx512, dmlref__varg_i8_avx512, 64, 16},
    /* INT16 */ {dmlref__carg_i16_avx512, dmlref__varg_i16_avx512, 32, 16},
    /* INT32 */ {dmlref__carg_i32_avx512, dmlref__varg_i32_avx512, 16, 16},
    /* INT64 */ {dmlref__carg_i64_avx512, dmlref__varg_i64_avx512, 8, 8}};

/* >>avx512fp16 -------------------------------------------------------------------
   AVX512-FP16 (Sapphire Rapids and later) compares and folds FLOAT16 natively,
   32 lanes per register. The path is the AVX-512 path with one kernel
   replaced: the contiguous FLOAT16 arg-reduction, which then has the shape of
   every other contiguous arg kernel (DMLREF__CARG) at the FLOAT32 rate,
   where the AVX-512BW kernel above folds raw bits with three integer ops per
   vector. The instructions are written as inline assembly because clang 14
   declares the FP16 intrinsics only under -mavx512fp16 (not per function);
   both dialects are given, so gcc -masm=intel builds them too. Lanes hold FLOAT16 bits
   in __m512i. The scalar side (found extremes, the tail) uses the ordered
   int16 keys above, so -0.0 and +0.0 tie as in the scalar rule. */
#if defined(DMLREF__BUILD_AVX512FP16)
#define DMLREF__A5H \
    __attribute__((target("avx512f,avx512bw,avx512dq,avx512vl,avx2,f16c,avx512fp16"))) DMLREF__KERNEL_ALIGN
DMLREF__A5H static inline __m512i dmlref__a5h_min(__m512i a, __m512i b) { /* per lane: a < b ? a : b */
    __m512i r;
    __asm__("vminph {%2, %1, %0|%0, %1, %2}" : "=v"(r) : "v"(a), "v"(b));
    return r;
}
DMLREF__A5H static inline __m512i dmlref__a5h_max(__m512i a, __m512i b) { /* per lane: a > b ? a : b */
    __m512i r;
    __asm__("vmaxph {%2, %1, %0|%0, %1, %2}" : "=v"(r) : "v"(a), "v"(b));
    return r;
}
DMLREF__A5H static inline __mmask32 dmlref__a5h_le(__m512i a, __m512i b) { /* per lane: a <= b (false for NaN) */
    __mmask32 m;
    __asm__("vcmpph {$2, %2, %1, %0|%0, %1, %2, 2}" : "=k"(m) : "v"(a), "v"(b));
    return m;
}
DMLREF__A5H static inline __mmask32 dmlref__a5h_unord(__m512i a, __m512i b) { /* per lane: a or b is NaN */
    __mmask32 m;
    __asm__("vcmpph {$3, %2, %1, %0|%0, %1, %2, 3}" : "=k"(m) : "v"(a), "v"(b));
    return m;
}
/* An ordered key back to FLOAT16 bits (key 0 gives +0.0, which ties with -0.0). */
#define DMLREF__A5H_SET1_KEY(k) _mm512_set1_epi16((short)((k) < 0 ? 0x8000 | -(k) : (k)))
#define DMLREF__A5H_NAN(x) dmlref__a5h_unord((x), (x))
#define DMLREF__A5H_NAN2(ISNAN, MOR, a, b) dmlref__a5h_unord((a), (b))
#define DMLREF__A5H_STORE_KEYS(keys, x) DMLREF__A5_STOREI((keys), dmlref__a5_f16key(x))

/* The kernels by element type: first the type's primitives under the role
   names the shapes use (>>simd-common lists them), then each kernel. */

/* FLOAT16 */
#define DMLREF__A5H_F16_T uint16_t
#define DMLREF__A5H_F16_CV __m512i
#define DMLREF__A5H_F16_CM __mmask32
#define DMLREF__A5H_F16_CW 32
#define DMLREF__A5H_F16_CLOAD DMLREF__A5_LOADI
#define DMLREF__A5H_F16_CMIN dmlref__a5h_min
#define DMLREF__A5H_F16_CMAX dmlref__a5h_max
#define DMLREF__A5H_F16_CLE dmlref__a5h_le
#define DMLREF__A5H_F16_CISNAN DMLREF__A5H_NAN
#define DMLREF__A5H_F16_CISNAN2 DMLREF__A5H_NAN2
#define DMLREF__A5H_F16_CMOR DMLREF__A5_ORM
#define DMLREF__A5H_F16_CMANY DMLREF__A5_ANY
#define DMLREF__A5H_F16_CSET1V DMLREF__A5H_SET1_KEY
#define DMLREF__A5H_F16_CSTOREV DMLREF__A5H_STORE_KEYS
#define DMLREF__A5H_F16_CVT int16_t
#define DMLREF__A5H_F16_SCALAR_ARG dmlref__arg_f16_scalar
DMLREF__A5H static void dmlref__carg_f16_avx512fp16(const dmlref__arg_panel *p){
#define DMLREF__K_P DMLREF__A5H_F16
#define DMLREF__KERNEL DMLREF__KERNEL_CARG
#include DMLREF_HEADER_FILENAME
}


/* FLOAT16 NATIVE SEQUENTIAL along contiguous lines: one vaddsh (vmulsh) per element, binary16 bits in
   the low lane of an __m128i. */
DMLREF__A5H static inline __m128i dmlref__a5h_add_sh(__m128i a, __m128i b) {
    __m128i r;
    __asm__("vaddsh {%2, %1, %0|%0, %1, %2}" : "=v"(r) : "v"(a), "v"(b));
    return r;
}
DMLREF__A5H static inline __m128i dmlref__a5h_mul_sh(__m128i a, __m128i b) {
    __m128i r;
    __asm__("vmulsh {%2, %1, %0|%0, %1, %2}" : "=v"(r) : "v"(a), "v"(b));
    return r;
}
/* FLOAT16 bits straight between memory and the low lane (vmovw): the chain's port then serves only the
   operation. */
DMLREF__A5H static inline __m128i dmlref__a5h_load_sh(const uint16_t *at) {
    __m128i r;
    __asm__("vmovw {%1, %0|%0, %1}" : "=v"(r) : "m"(*at));
    return r;
}
DMLREF__A5H static inline void dmlref__a5h_store_sh(uint16_t *at, __m128i v) {
    __asm__("vmovw {%1, %0|%0, %1}" : "=m"(*at) : "v"(v));
}
/* A line's tallies are stored raw; NaN absorbs + and x, so only a line whose last tally is NaN holds NaN
   outputs, rewritten canonical afterwards. Each element is read before its output is written (in place).
   Exclusive: output i is the tally before element i. */
#define DMLREF__A5H_NATIVE_LINE(OP, RUNS)                      \
    do {                                                       \
        __m128i v = dmlref__a5h_load_sh(x);                    \
        dmlref__native_pace pace = {0, 16};                    \
        tally = p->identity_seed ? OP(tally, v) : v;           \
        if (p->exclusive) {                                    \
            y[0] = identity;                                   \
            for (i = 1; i < p->length; i++) {                  \
                DMLREF__A5H_NATIVE_RUN(RUNS);                  \
                v = dmlref__a5h_load_sh(x + i);                \
                dmlref__a5h_store_sh(y + i, tally);            \
                tally = OP(tally, v);                          \
            }                                                  \
        } else {                                               \
            dmlref__a5h_store_sh(y, tally);                    \
            for (i = 1; i < p->length; i++) {                  \
                DMLREF__A5H_NATIVE_RUN(RUNS);                  \
                tally = OP(tally, dmlref__a5h_load_sh(x + i)); \
                dmlref__a5h_store_sh(y + i, tally);            \
            }                                                  \
        }                                                      \
    } while (0)
/* Sums take float32 runs (dmlref__native_pace) where the AVX2 path is built. */
#if defined(DMLREF__BUILD_AVX2)
#define DMLREF__A5H_NATIVE_RUN(RUNS)                                                                             \
    if (RUNS && dmlref__native_run_due(&pace, i, p->length, (uint16_t)_mm_cvtsi128_si32(tally), y, p->stream)) { \
        uint16_t t = (uint16_t)_mm_cvtsi128_si32(tally);                                                         \
        uint64_t at = dmlref__a2_native_sum_run(x, y, i, p->length, p->exclusive, p->stream, &t);                \
        dmlref__native_run_done(&pace, i, at, p->length);                                                        \
        tally = _mm_cvtsi32_si128((int)t);                                                                       \
        i = at;                                                                                                  \
        if (i == p->length) break;                                                                               \
    }
#else
#define DMLREF__A5H_NATIVE_RUN(RUNS) (void)pace
#endif
DMLREF__A5H static void dmlref__cnative_f16_avx512fp16(const dmlref__scan_panel *p) {
    const uint16_t identity = p->product ? 0x3C00u : 0u;
    uint64_t j, i;
    for (j = 0; j < p->lines; j++) {
        const uint16_t *x = (const uint16_t *)p->src + (ptrdiff_t)j * (ptrdiff_t)p->src_line;
        uint16_t *y = (uint16_t *)p->dst + (ptrdiff_t)j * (ptrdiff_t)p->dst_line;
        __m128i tally = _mm_cvtsi32_si128((int)identity);
        if (p->product) DMLREF__A5H_NATIVE_LINE(dmlref__a5h_mul_sh, 0);
        else DMLREF__A5H_NATIVE_LINE(dmlref__a5h_add_sh, 1);
        if ((_mm_cvtsi128_si32(tally) & 0x7FFF) > 0x7C00) /* NaN: so is every output from the first NaN on */
            for (i = 0; i < p->length; i++) y[i] = DMLREF__F16_CANON(y[i]);
    }
    if (p->stream) _mm_sfence(); /* the runs' non-temporal stores */
}
static const dmlref__scan_route dmlref__avx512fp16_native_f16 = {dmlref__cnative_f16_avx512fp16, NULL, 16};

/* The AVX512-FP16 path's arg-reduction kernels: contiguous, vertical (adjacent
   outputs), and the fewest elements (outputs) each takes. */
static const dmlref__arg_route dmlref__avx512fp16_args[DMLREF__ARG_SLOTS] = {
    /* FLOAT16 */ {dmlref__carg_f16_avx512fp16, dmlref__varg_f16_avx512, 32, 16},
    /* FLOAT32 */ {dmlref__carg_f32_avx512, dmlref__varg_f32_avx512, 16, 16},
    /* FLOAT64 */ {dmlref__carg_f64_avx512, dmlref__varg_f64_avx512, 8, 8},
    /* UINT8 */ {dmlref__carg_u8_avx512, dmlref__varg_u8_avx512, 64, 16},
    /* UINT16 */ {dmlref__carg_u16_avx512, dmlref__varg_u16_avx512, 32, 16},
    /* UINT32 */ {dmlref__carg_u32_avx512, dmlref__varg_u32_avx512, 16, 16},
    /* UINT64 */ {dmlref__carg_u64_avx512, dmlref__varg_u64_avx512, 8, 8},
    /* INT8 */ {dmlref__carg_i8_avx512, dmlref__varg_i8_avx512, 64, 16},
    /* INT16 */ {dmlref__carg_i16_avx512, dmlref__varg_i16_avx512, 32, 16},
    /* INT32 */ {dmlref__carg_i32_avx512, dmlref__varg_i32_avx512, 16, 16},
    /* INT64 */ {dmlref__carg_i64_avx512, dmlref__varg_i64_avx512, 8, 8}};
#endif /* DMLREF__BUILD_AVX512FP16 */
#endif /* DMLREF__BUILD_AVX512 */

/* >>neon -------------------------------------------------------------------------
   AArch64 Advanced SIMD: 4 float32 lanes (a BLOCKED block is four registers),
   FLOAT16 through the base ARMv8 conversions (rounded by FPCR, which every
   call sets to nearest-even). Masks are all-ones lanes. */
#if defined(DMLREF__BUILD_NEON)
#define DMLREF__NE DMLREF__KERNEL_ALIGN

static inline float32x4_t dmlref__ne_canon_f32(float32x4_t v) { /* v != v ? qNaN : v */
    return vbslq_f32(vceqq_f32(v, v), v, vreinterpretq_f32_u32(vdupq_n_u32(0x7FC00000u)));
}
static inline float64x2_t dmlref__ne_canon_f64(float64x2_t v) {
    return vbslq_f64(vceqq_f64(v, v), v, vreinterpretq_f64_u64(vdupq_n_u64(UINT64_C(0x7FF8000000000000))));
}
static inline void dmlref__ne_store_f32(float *p, float32x4_t v) { vst1q_f32(p, dmlref__ne_canon_f32(v)); }
static inline void dmlref__ne_store_f64(double *p, float64x2_t v) { vst1q_f64(p, dmlref__ne_canon_f64(v)); }
static inline float32x4_t dmlref__ne_load_f16(const uint16_t *p) { /* 4 x dmlref_f16_to_f32 */
    return vcvt_f32_f16(vreinterpret_f16_u16(vld1_u16(p)));
}
static inline void dmlref__ne_rstore_f16(uint16_t *p, float32x4_t v) { /* NaN stays NaN, any payload */
    vst1_u16(p, vreinterpret_u16_f16(vcvt_f16_f32(v)));
}
static inline void dmlref__ne_store_f16(uint16_t *p, float32x4_t v) { /* 4 x dmlref__store_f16 */
    dmlref__ne_rstore_f16(p, dmlref__ne_canon_f32(v));
}


/* Contiguous integer sums: vext shifts lanes up, bringing in zeros. */
static inline uint8x16_t dmlref__ne_scan_u8(uint8x16_t x) { /* x[i] = x[0] + ... + x[i] */
    const uint8x16_t z = vdupq_n_u8(0);
    x = vaddq_u8(x, vextq_u8(z, x, 15));
    x = vaddq_u8(x, vextq_u8(z, x, 14));
    x = vaddq_u8(x, vextq_u8(z, x, 12));
    return vaddq_u8(x, vextq_u8(z, x, 8));
}
static inline uint16x8_t dmlref__ne_scan_u16(uint16x8_t x) {
    const uint16x8_t z = vdupq_n_u16(0);
    x = vaddq_u16(x, vextq_u16(z, x, 7));
    x = vaddq_u16(x, vextq_u16(z, x, 6));
    return vaddq_u16(x, vextq_u16(z, x, 4));
}
static inline uint32x4_t dmlref__ne_scan_u32(uint32x4_t x) {
    const uint32x4_t z = vdupq_n_u32(0);
    x = vaddq_u32(x, vextq_u32(z, x, 3));
    return vaddq_u32(x, vextq_u32(z, x, 2));
}
#define DMLREF__NE_SCAN_U64(x) vaddq_u64((x), vextq_u64(vdupq_n_u64(0), (x), 1))
#define DMLREF__NE_LAST_U8(y) vdupq_laneq_u8((y), 15)
#define DMLREF__NE_LAST_U16(y) vdupq_laneq_u16((y), 7)
#define DMLREF__NE_LAST_U32(y) vdupq_laneq_u32((y), 3)
#define DMLREF__NE_LAST_U64(y) vdupq_laneq_u64((y), 1)

/* BLOCKED float32 (and FLOAT16 converted): r[0..3] hold y[0..15]; up(b, a, k)
   = vext(a, b, 4 - k) joins b with the top of a. */
#define DMLREF__NE_UP_F32(b, a, k) vextq_f32((a), (b), 4 - (k))
#define DMLREF__NE_NEGZ_F32 vdupq_n_f32(-0.0f)
#define DMLREF__NE_STEP_F32(r, k)                                                \
    do {                                                                         \
        r[3] = vaddq_f32(DMLREF__NE_UP_F32(r[3], r[2], k), r[3]);                \
        r[2] = vaddq_f32(DMLREF__NE_UP_F32(r[2], r[1], k), r[2]);                \
        r[1] = vaddq_f32(DMLREF__NE_UP_F32(r[1], r[0], k), r[1]);                \
        r[0] = vaddq_f32(DMLREF__NE_UP_F32(r[0], DMLREF__NE_NEGZ_F32, k), r[0]); \
    } while (0)
#define DMLREF__NE_SCANB_F32(r)                 \
    do {                                        \
        DMLREF__NE_STEP_F32(r, 1);              \
        DMLREF__NE_STEP_F32(r, 2);              \
        r[3] = vaddq_f32(r[2], r[3]); /* k=4 */ \
        r[2] = vaddq_f32(r[1], r[2]);           \
        r[1] = vaddq_f32(r[0], r[1]);           \
        r[3] = vaddq_f32(r[1], r[3]); /* k=8 */ \
        r[2] = vaddq_f32(r[0], r[2]);           \
    } while (0)
#define DMLREF__NE_ADDC_F32(r, c) \
    (r[0] = vaddq_f32((c), r[0]), r[1] = vaddq_f32((c), r[1]), r[2] = vaddq_f32((c), r[2]), r[3] = vaddq_f32((c), r[3]))
#define DMLREF__NE_SHIFT1_F32(o, r, before)                                                \
    (o[0] = DMLREF__NE_UP_F32(r[0], (before), 1), o[1] = DMLREF__NE_UP_F32(r[1], r[0], 1), \
     o[2] = DMLREF__NE_UP_F32(r[2], r[1], 1), o[3] = DMLREF__NE_UP_F32(r[3], r[2], 1))
#define DMLREF__NE_LAST_F32(r) vdupq_laneq_f32(r[3], 3)
#define DMLREF__NE_LOADB_F32(r, p) \
    (r[0] = vld1q_f32(p), r[1] = vld1q_f32((p) + 4), r[2] = vld1q_f32((p) + 8), r[3] = vld1q_f32((p) + 12))
#define DMLREF__NE_STOREB_F32(p, r)                                                                             \
    (dmlref__ne_store_f32((p), r[0]), dmlref__ne_store_f32((p) + 4, r[1]), dmlref__ne_store_f32((p) + 8, r[2]), \
     dmlref__ne_store_f32((p) + 12, r[3]))
#define DMLREF__NE_LOADB_F16(r, p)                                                                            \
    (r[0] = dmlref__ne_load_f16(p), r[1] = dmlref__ne_load_f16((p) + 4), r[2] = dmlref__ne_load_f16((p) + 8), \
     r[3] = dmlref__ne_load_f16((p) + 12))
#define DMLREF__NE_STOREB_F16(p, r)                                                                             \
    (dmlref__ne_store_f16((p), r[0]), dmlref__ne_store_f16((p) + 4, r[1]), dmlref__ne_store_f16((p) + 8, r[2]), \
     dmlref__ne_store_f16((p) + 12, r[3]))
/* BLOCKED float64: eight registers of two lanes. */
#define DMLREF__NE_UP1_F64(b, a) vextq_f64((a), (b), 1) /* [a[1], b[0]] */
#define DMLREF__NE_SCANB_F64(r)                                                                    \
    do {                                                                                           \
        int i_;                                                                                    \
        for (i_ = 7; i_ > 0; i_--) r[i_] = vaddq_f64(DMLREF__NE_UP1_F64(r[i_], r[i_ - 1]), r[i_]); \
        r[0] = vaddq_f64(DMLREF__NE_UP1_F64(r[0], vdupq_n_f64(-0.0)), r[0]); /* k=1 */             \
        for (i_ = 7; i_ >= 1; i_--) r[i_] = vaddq_f64(r[i_ - 1], r[i_]);     /* k=2 */             \
        for (i_ = 7; i_ >= 2; i_--) r[i_] = vaddq_f64(r[i_ - 2], r[i_]);     /* k=4 */             \
        for (i_ = 7; i_ >= 4; i_--) r[i_] = vaddq_f64(r[i_ - 4], r[i_]);     /* k=8 */             \
    } while (0)
#define DMLREF__NE_ADDC_F64(r, c)                                 \
    do {                                                          \
        int i_;                                                   \
        for (i_ = 0; i_ < 8; i_++) r[i_] = vaddq_f64((c), r[i_]); \
    } while (0)
#define DMLREF__NE_SHIFT1_F64(o, r, before)                                      \
    do {                                                                         \
        int i_;                                                                  \
        o[0] = DMLREF__NE_UP1_F64(r[0], (before));                               \
        for (i_ = 1; i_ < 8; i_++) o[i_] = DMLREF__NE_UP1_F64(r[i_], r[i_ - 1]); \
    } while (0)
#define DMLREF__NE_LAST_F64(r) vdupq_laneq_f64(r[7], 1)
#define DMLREF__NE_LOADB_F64(r, p)                                  \
    do {                                                            \
        int i_;                                                     \
        for (i_ = 0; i_ < 8; i_++) r[i_] = vld1q_f64((p) + 2 * i_); \
    } while (0)
#define DMLREF__NE_STOREB_F64(p, r)                                           \
    do {                                                                      \
        int i_;                                                               \
        for (i_ = 0; i_ < 8; i_++) dmlref__ne_store_f64((p) + 2 * i_, r[i_]); \
    } while (0)
/* Transposed scans of contiguous lines: 4x4 float32 and 2x2 float64 transposes. */
#define DMLREF__NE_TRANSPOSE_F32(r)                                              \
    do {                                                                         \
        float32x4x2_t a_ = vtrnq_f32(r[0], r[1]), b_ = vtrnq_f32(r[2], r[3]);    \
        r[0] = vcombine_f32(vget_low_f32(a_.val[0]), vget_low_f32(b_.val[0]));   \
        r[1] = vcombine_f32(vget_low_f32(a_.val[1]), vget_low_f32(b_.val[1]));   \
        r[2] = vcombine_f32(vget_high_f32(a_.val[0]), vget_high_f32(b_.val[0])); \
        r[3] = vcombine_f32(vget_high_f32(a_.val[1]), vget_high_f32(b_.val[1])); \
    } while (0)
#define DMLREF__NE_TRANSPOSE_F64(r)              \
    do {                                         \
        float64x2_t t_ = vzip1q_f64(r[0], r[1]); \
        r[1] = vzip2q_f64(r[0], r[1]);           \
        r[0] = t_;                               \
    } while (0)


/* Arg-reductions: float32/FLOAT16 and 32-bit integers in 32-bit lanes,
   float64 and 64-bit integers in 64-bit lanes. */
#define DMLREF__NE_NAN_F32(x) vmvnq_u32(vceqq_f32((x), (x)))
#define DMLREF__NE_NAN_F64(x) vreinterpretq_u32_u64(vceqzq_u64(vceqq_f64((x), (x))))
#define DMLREF__NE_NONAN32(x) vdupq_n_u32(0)
#define DMLREF__NE_ANY32(m) (vmaxvq_u32(m) != 0)
#define DMLREF__NE_BLEND_F32(m, a, b) vbslq_f32((m), (b), (a))
#define DMLREF__NE_BLEND_S32(m, a, b) vbslq_s32((m), (b), (a))
#define DMLREF__NE_BLEND_U32(m, a, b) vbslq_u32((m), (b), (a))
#define DMLREF__NE_BLEND_F64(m, a, b) vbslq_f64(vreinterpretq_u64_u32(m), (b), (a))
#define DMLREF__NE_BLEND_S64(m, a, b) vbslq_s64(vreinterpretq_u64_u32(m), (b), (a))
#define DMLREF__NE_BLEND_U64(m, a, b) vbslq_u64(vreinterpretq_u64_u32(m), (b), (a))
#define DMLREF__NE_LT64(CMP, a, b) vreinterpretq_u32_u64(CMP((a), (b)))
#define DMLREF__NE_LT_F64(a, b) DMLREF__NE_LT64(vcltq_f64, a, b)
#define DMLREF__NE_LE_F64(a, b) DMLREF__NE_LT64(vcleq_f64, a, b)
#define DMLREF__NE_LT_S64(a, b) DMLREF__NE_LT64(vcltq_s64, a, b)
#define DMLREF__NE_LE_S64(a, b) DMLREF__NE_LT64(vcleq_s64, a, b)
#define DMLREF__NE_LT_U64(a, b) DMLREF__NE_LT64(vcltq_u64, a, b)
#define DMLREF__NE_LE_U64(a, b) DMLREF__NE_LT64(vcleq_u64, a, b)
#define DMLREF__NE_SET1_U32(i) vdupq_n_u32((uint32_t)(i))
#define DMLREF__NE_SET1_U64(i) vdupq_n_u64((uint64_t)(i))

#define DMLREF__NE_MIN_S64(a, b) vbslq_s64(vcltq_s64((a), (b)), (a), (b))
#define DMLREF__NE_MAX_S64(a, b) vbslq_s64(vcgtq_s64((a), (b)), (a), (b))
#define DMLREF__NE_MIN_U64(a, b) vbslq_u64(vcltq_u64((a), (b)), (a), (b))
#define DMLREF__NE_MAX_U64(a, b) vbslq_u64(vcgtq_u64((a), (b)), (a), (b))

/* One element type: the vertical kernel (value lanes + index lanes), the
   contiguous kernel (value lanes only, MIN/MAX). */

/* 8- and 16-bit types: the contiguous kernel only (16 or 8 narrow lanes);
   other shapes stay on the scalar kernel. */
#define DMLREF__NE_NONAN8(x) vdupq_n_u8(0)
#define DMLREF__NE_NONAN16(x) vdupq_n_u16(0)
#define DMLREF__NE_ANY8(m) (vmaxvq_u8(m) != 0)
#define DMLREF__NE_ANY16(m) (vmaxvq_u16(m) != 0)


/* The kernels by element type: first the type's primitives under the role
   names the shapes use (>>simd-common lists them), then each kernel. */

/* FLOAT16 */
#define DMLREF__NE_F16_T uint16_t
#define DMLREF__NE_F16_A float
#define DMLREF__NE_F16_V float32x4_t
#define DMLREF__NE_F16_W 4
#define DMLREF__NE_F16_LOAD dmlref__ne_load_f16
#define DMLREF__NE_F16_STORE dmlref__ne_store_f16
#define DMLREF__NE_F16_STREAM dmlref__ne_store_f16
#define DMLREF__NE_F16_FENCE DMLREF__NO_FENCE
#define DMLREF__NE_F16_TLOAD vld1q_f32
#define DMLREF__NE_F16_TSTORE vst1q_f32
#define DMLREF__NE_F16_SLOAD dmlref__load_f16
#define DMLREF__NE_F16_SSTORE dmlref__store_f16
#define DMLREF__NE_F16_R 4
#define DMLREF__NE_F16_REV1(v) vextq_f32(vrev64q_f32(v), vrev64q_f32(v), 2) /* the lanes in reverse order */
#define DMLREF__NE_F16_NEGZ DMLREF__NE_NEGZ_F32
#define DMLREF__NE_F16_ZEROV vdupq_n_f32(0.0f)
#define DMLREF__NE_F16_LOADB DMLREF__NE_LOADB_F16
#define DMLREF__NE_F16_SCANB DMLREF__NE_SCANB_F32
#define DMLREF__NE_F16_ADDCARRY DMLREF__NE_ADDC_F32
#define DMLREF__NE_F16_SHIFT1B DMLREF__NE_SHIFT1_F32
#define DMLREF__NE_F16_STOREB DMLREF__NE_STOREB_F16
#define DMLREF__NE_F16_STREAMB DMLREF__NE_STOREB_F16
#define DMLREF__NE_F16_LASTB DMLREF__NE_LAST_F32
#define DMLREF__NE_F16_ADD vaddq_f32
#define DMLREF__NE_F16_AV float32x4_t
#define DMLREF__NE_F16_AVI uint32x4_t
#define DMLREF__NE_F16_AM uint32x4_t
#define DMLREF__NE_F16_AW 4
#define DMLREF__NE_F16_ALOAD dmlref__ne_load_f16
#define DMLREF__NE_F16_ALT vcltq_f32
#define DMLREF__NE_F16_ALE vcleq_f32
#define DMLREF__NE_F16_AISNAN DMLREF__NE_NAN_F32
#define DMLREF__NE_F16_AMOR vorrq_u32
#define DMLREF__NE_F16_AMZERO vdupq_n_u32(0)
#define DMLREF__NE_F16_AMANY DMLREF__NE_ANY32
#define DMLREF__NE_F16_ABLEND DMLREF__NE_BLEND_F32
#define DMLREF__NE_F16_ABLENDI DMLREF__NE_BLEND_U32
#define DMLREF__NE_F16_ASET1I DMLREF__NE_SET1_U32
#define DMLREF__NE_F16_ASTOREI vst1q_u32
#define DMLREF__NE_F16_AIT uint32_t
#define DMLREF__NE_F16_SCALAR_ARG dmlref__arg_f16_scalar
#define DMLREF__NE_F16_CV float32x4_t
#define DMLREF__NE_F16_CM uint32x4_t
#define DMLREF__NE_F16_CW 4
#define DMLREF__NE_F16_CLOAD dmlref__ne_load_f16
#define DMLREF__NE_F16_CMIN vminq_f32
#define DMLREF__NE_F16_CMAX vmaxq_f32
#define DMLREF__NE_F16_CLE vcleq_f32
#define DMLREF__NE_F16_CISNAN DMLREF__NE_NAN_F32
#define DMLREF__NE_F16_CISNAN2 DMLREF__NAN2_EACH
#define DMLREF__NE_F16_CMOR vorrq_u32
#define DMLREF__NE_F16_CMANY DMLREF__NE_ANY32
#define DMLREF__NE_F16_CSET1V vdupq_n_f32
#define DMLREF__NE_F16_CSTOREV vst1q_f32
#define DMLREF__NE_F16_CVT float
#define DMLREF__NE_F16_STORE_RAW dmlref__ne_rstore_f16
#define DMLREF__NE_F16_STREAM_RAW dmlref__ne_rstore_f16
#define DMLREF__NE_F16_TRANSPOSE DMLREF__NE_TRANSPOSE_F32
#define DMLREF__NE_F16_RSTORE dmlref_f32_to_f16
#define DMLREF__NE_F16_SCALAR_BLOCKED dmlref__cumsum_blocked_f16_scalar
DMLREF__NE static void dmlref__vsum_f16_neon(const dmlref__scan_panel *p){
#define DMLREF__K_P DMLREF__NE_F16
#define DMLREF__K_OP vaddq_f32
#define DMLREF__K_IDENTV vdupq_n_f32(0.0f)
#define DMLREF__K_SOP DMLREF__ADD_F
#define DMLREF__K_SIDENT 0
#define DMLREF__KERNEL DMLREF__KERNEL_VSCAN
#include DMLREF_HEADER_FILENAME
}

DMLREF__NE static void dmlref__vprod_f16_neon(const dmlref__scan_panel *p){
#define DMLREF__K_P DMLREF__NE_F16
#define DMLREF__K_OP vmulq_f32
#define DMLREF__K_IDENTV vdupq_n_f32(1.0f)
#define DMLREF__K_SOP DMLREF__MUL_F
#define DMLREF__K_SIDENT 1
#define DMLREF__KERNEL DMLREF__KERNEL_VSCAN
#include DMLREF_HEADER_FILENAME
}

DMLREF__NE static void dmlref__cblocked_f16_neon(const dmlref__scan_panel *p){
#define DMLREF__K_P DMLREF__NE_F16
#define DMLREF__KERNEL DMLREF__KERNEL_CBLOCKED
#include DMLREF_HEADER_FILENAME
}

DMLREF__NE static void dmlref__tsum_f16_neon(const dmlref__scan_panel *p){
#define DMLREF__K_P DMLREF__NE_F16
#define DMLREF__K_OP vaddq_f32
#define DMLREF__K_IDENTV vdupq_n_f32(0.0f)
#define DMLREF__K_SOP DMLREF__ADD_F
#define DMLREF__KERNEL DMLREF__KERNEL_TSCAN
#include DMLREF_HEADER_FILENAME
}

DMLREF__NE static void dmlref__tprod_f16_neon(const dmlref__scan_panel *p){
#define DMLREF__K_P DMLREF__NE_F16
#define DMLREF__K_OP vmulq_f32
#define DMLREF__K_IDENTV vdupq_n_f32(1.0f)
#define DMLREF__K_SOP DMLREF__MUL_F
#define DMLREF__KERNEL DMLREF__KERNEL_TSCAN
#include DMLREF_HEADER_FILENAME
}

DMLREF__NE static void dmlref__vblocked_f16_neon(const dmlref__scan_panel *p){
#define DMLREF__K_P DMLREF__NE_F16
#define DMLREF__KERNEL DMLREF__KERNEL_VBLOCKED
#include DMLREF_HEADER_FILENAME
}

DMLREF__NE static void dmlref__varg_f16_neon(const dmlref__arg_panel *p) {
    DMLREF__VARG(DMLREF__NE_F16);
}
DMLREF__NE static void dmlref__carg_f16_neon(const dmlref__arg_panel *p){
#define DMLREF__K_P DMLREF__NE_F16
#define DMLREF__KERNEL DMLREF__KERNEL_CARG
#include DMLREF_HEADER_FILENAME
}


/* FLOAT32 */
#define DMLREF__NE_F32_T float
#define DMLREF__NE_F32_A float
#define DMLREF__NE_F32_V float32x4_t
#define DMLREF__NE_F32_W 4
#define DMLREF__NE_F32_LOAD vld1q_f32
#define DMLREF__NE_F32_STORE dmlref__ne_store_f32
#define DMLREF__NE_F32_STREAM dmlref__ne_store_f32
#define DMLREF__NE_F32_FENCE DMLREF__NO_FENCE
#define DMLREF__NE_F32_TLOAD vld1q_f32
#define DMLREF__NE_F32_TSTORE vst1q_f32
#define DMLREF__NE_F32_SLOAD DMLREF__SAME
#define DMLREF__NE_F32_SSTORE dmlref__store_f32
#define DMLREF__NE_F32_R 4
#define DMLREF__NE_F32_REV1(v) vextq_f32(vrev64q_f32(v), vrev64q_f32(v), 2) /* the lanes in reverse order */
#define DMLREF__NE_F32_NEGZ DMLREF__NE_NEGZ_F32
#define DMLREF__NE_F32_ZEROV vdupq_n_f32(0.0f)
#define DMLREF__NE_F32_LOADB DMLREF__NE_LOADB_F32
#define DMLREF__NE_F32_SCANB DMLREF__NE_SCANB_F32
#define DMLREF__NE_F32_ADDCARRY DMLREF__NE_ADDC_F32
#define DMLREF__NE_F32_SHIFT1B DMLREF__NE_SHIFT1_F32
#define DMLREF__NE_F32_STOREB DMLREF__NE_STOREB_F32
#define DMLREF__NE_F32_STREAMB DMLREF__NE_STOREB_F32
#define DMLREF__NE_F32_LASTB DMLREF__NE_LAST_F32
#define DMLREF__NE_F32_ADD vaddq_f32
#define DMLREF__NE_F32_AV float32x4_t
#define DMLREF__NE_F32_AVI uint32x4_t
#define DMLREF__NE_F32_AM uint32x4_t
#define DMLREF__NE_F32_AW 4
#define DMLREF__NE_F32_ALOAD vld1q_f32
#define DMLREF__NE_F32_ALT vcltq_f32
#define DMLREF__NE_F32_ALE vcleq_f32
#define DMLREF__NE_F32_AISNAN DMLREF__NE_NAN_F32
#define DMLREF__NE_F32_AMOR vorrq_u32
#define DMLREF__NE_F32_AMZERO vdupq_n_u32(0)
#define DMLREF__NE_F32_AMANY DMLREF__NE_ANY32
#define DMLREF__NE_F32_ABLEND DMLREF__NE_BLEND_F32
#define DMLREF__NE_F32_ABLENDI DMLREF__NE_BLEND_U32
#define DMLREF__NE_F32_ASET1I DMLREF__NE_SET1_U32
#define DMLREF__NE_F32_ASTOREI vst1q_u32
#define DMLREF__NE_F32_AIT uint32_t
#define DMLREF__NE_F32_SCALAR_ARG dmlref__arg_f32_scalar
#define DMLREF__NE_F32_CV float32x4_t
#define DMLREF__NE_F32_CM uint32x4_t
#define DMLREF__NE_F32_CW 4
#define DMLREF__NE_F32_CLOAD vld1q_f32
#define DMLREF__NE_F32_CMIN vminq_f32
#define DMLREF__NE_F32_CMAX vmaxq_f32
#define DMLREF__NE_F32_CLE vcleq_f32
#define DMLREF__NE_F32_CISNAN DMLREF__NE_NAN_F32
#define DMLREF__NE_F32_CISNAN2 DMLREF__NAN2_EACH
#define DMLREF__NE_F32_CMOR vorrq_u32
#define DMLREF__NE_F32_CMANY DMLREF__NE_ANY32
#define DMLREF__NE_F32_CSET1V vdupq_n_f32
#define DMLREF__NE_F32_CSTOREV vst1q_f32
#define DMLREF__NE_F32_CVT float
#define DMLREF__NE_F32_STORE_RAW vst1q_f32
#define DMLREF__NE_F32_STREAM_RAW vst1q_f32
#define DMLREF__NE_F32_TRANSPOSE DMLREF__NE_TRANSPOSE_F32
#define DMLREF__NE_F32_RSTORE DMLREF__SAME
#define DMLREF__NE_F32_SCALAR_BLOCKED dmlref__cumsum_blocked_f32_scalar
DMLREF__NE static void dmlref__vsum_f32_neon(const dmlref__scan_panel *p){
#define DMLREF__K_P DMLREF__NE_F32
#define DMLREF__K_OP vaddq_f32
#define DMLREF__K_IDENTV vdupq_n_f32(0.0f)
#define DMLREF__K_SOP DMLREF__ADD_F
#define DMLREF__K_SIDENT 0
#define DMLREF__KERNEL DMLREF__KERNEL_VSCAN
#include DMLREF_HEADER_FILENAME
}

DMLREF__NE static void dmlref__vprod_f32_neon(const dmlref__scan_panel *p){
#define DMLREF__K_P DMLREF__NE_F32
#define DMLREF__K_OP vmulq_f32
#define DMLREF__K_IDENTV vdupq_n_f32(1.0f)
#define DMLREF__K_SOP DMLREF__MUL_F
#define DMLREF__K_SIDENT 1
#define DMLREF__KERNEL DMLREF__KERNEL_VSCAN
#include DMLREF_HEADER_FILENAME
}

DMLREF__NE static void dmlref__cblocked_f32_neon(const dmlref__scan_panel *p){
#define DMLREF__K_P DMLREF__NE_F32
#define DMLREF__KERNEL DMLREF__KERNEL_CBLOCKED
#include DMLREF_HEADER_FILENAME
}

DMLREF__NE static void dmlref__tsum_f32_neon(const dmlref__scan_panel *p){
#define DMLREF__K_P DMLREF__NE_F32
#define DMLREF__K_OP vaddq_f32
#define DMLREF__K_IDENTV vdupq_n_f32(0.0f)
#define DMLREF__K_SOP DMLREF__ADD_F
#define DMLREF__KERNEL DMLREF__KERNEL_TSCAN
#include DMLREF_HEADER_FILENAME
}

DMLREF__NE static void dmlref__tprod_f32_neon(const dmlref__scan_panel *p){
#define DMLREF__K_P DMLREF__NE_F32
#define DMLREF__K_OP vmulq_f32
#define DMLREF__K_IDENTV vdupq_n_f32(1.0f)
#define DMLREF__K_SOP DMLREF__MUL_F
#define DMLREF__KERNEL DMLREF__KERNEL_TSCAN
#include DMLREF_HEADER_FILENAME
}

DMLREF__NE static void dmlref__vblocked_f32_neon(const dmlref__scan_panel *p){
#define DMLREF__K_P DMLREF__NE_F32
#define DMLREF__KERNEL DMLREF__KERNEL_VBLOCKED
#include DMLREF_HEADER_FILENAME
}

DMLREF__NE static void dmlref__varg_f32_neon(const dmlref__arg_panel *p) {
    DMLREF__VARG(DMLREF__NE_F32);
}
DMLREF__NE static void dmlref__carg_f32_neon(const dmlref__arg_panel *p){
#define DMLREF__K_P DMLREF__NE_F32
#define DMLREF__KERNEL DMLREF__KERNEL_CARG
#include DMLREF_HEADER_FILENAME
}


/* FLOAT64 */
#define DMLREF__NE_F64_T double
#define DMLREF__NE_F64_A double
#define DMLREF__NE_F64_V float64x2_t
#define DMLREF__NE_F64_W 2
#define DMLREF__NE_F64_LOAD vld1q_f64
#define DMLREF__NE_F64_STORE dmlref__ne_store_f64
#define DMLREF__NE_F64_STREAM dmlref__ne_store_f64
#define DMLREF__NE_F64_FENCE DMLREF__NO_FENCE
#define DMLREF__NE_F64_TLOAD vld1q_f64
#define DMLREF__NE_F64_TSTORE vst1q_f64
#define DMLREF__NE_F64_SLOAD DMLREF__SAME
#define DMLREF__NE_F64_SSTORE dmlref__store_f64
#define DMLREF__NE_F64_R 8
#define DMLREF__NE_F64_REV1(v) vextq_f64((v), (v), 1) /* the lanes in reverse order */
#define DMLREF__NE_F64_NEGZ vdupq_n_f64(-0.0)
#define DMLREF__NE_F64_ZEROV vdupq_n_f64(0.0)
#define DMLREF__NE_F64_LOADB DMLREF__NE_LOADB_F64
#define DMLREF__NE_F64_SCANB DMLREF__NE_SCANB_F64
#define DMLREF__NE_F64_ADDCARRY DMLREF__NE_ADDC_F64
#define DMLREF__NE_F64_SHIFT1B DMLREF__NE_SHIFT1_F64
#define DMLREF__NE_F64_STOREB DMLREF__NE_STOREB_F64
#define DMLREF__NE_F64_STREAMB DMLREF__NE_STOREB_F64
#define DMLREF__NE_F64_LASTB DMLREF__NE_LAST_F64
#define DMLREF__NE_F64_ADD vaddq_f64
#define DMLREF__NE_F64_AV float64x2_t
#define DMLREF__NE_F64_AVI uint64x2_t
#define DMLREF__NE_F64_AM uint32x4_t
#define DMLREF__NE_F64_AW 2
#define DMLREF__NE_F64_ALOAD vld1q_f64
#define DMLREF__NE_F64_ALT DMLREF__NE_LT_F64
#define DMLREF__NE_F64_ALE DMLREF__NE_LE_F64
#define DMLREF__NE_F64_AISNAN DMLREF__NE_NAN_F64
#define DMLREF__NE_F64_AMOR vorrq_u32
#define DMLREF__NE_F64_AMZERO vdupq_n_u32(0)
#define DMLREF__NE_F64_AMANY DMLREF__NE_ANY32
#define DMLREF__NE_F64_ABLEND DMLREF__NE_BLEND_F64
#define DMLREF__NE_F64_ABLENDI DMLREF__NE_BLEND_U64
#define DMLREF__NE_F64_ASET1I DMLREF__NE_SET1_U64
#define DMLREF__NE_F64_ASTOREI vst1q_u64
#define DMLREF__NE_F64_AIT uint64_t
#define DMLREF__NE_F64_SCALAR_ARG dmlref__arg_f64_scalar
#define DMLREF__NE_F64_CV float64x2_t
#define DMLREF__NE_F64_CM uint32x4_t
#define DMLREF__NE_F64_CW 2
#define DMLREF__NE_F64_CLOAD vld1q_f64
#define DMLREF__NE_F64_CMIN vminq_f64
#define DMLREF__NE_F64_CMAX vmaxq_f64
#define DMLREF__NE_F64_CLE DMLREF__NE_LE_F64
#define DMLREF__NE_F64_CISNAN DMLREF__NE_NAN_F64
#define DMLREF__NE_F64_CISNAN2 DMLREF__NAN2_EACH
#define DMLREF__NE_F64_CMOR vorrq_u32
#define DMLREF__NE_F64_CMANY DMLREF__NE_ANY32
#define DMLREF__NE_F64_CSET1V vdupq_n_f64
#define DMLREF__NE_F64_CSTOREV vst1q_f64
#define DMLREF__NE_F64_CVT double
#define DMLREF__NE_F64_STORE_RAW vst1q_f64
#define DMLREF__NE_F64_STREAM_RAW vst1q_f64
#define DMLREF__NE_F64_TRANSPOSE DMLREF__NE_TRANSPOSE_F64
#define DMLREF__NE_F64_RSTORE DMLREF__SAME
#define DMLREF__NE_F64_SCALAR_BLOCKED dmlref__cumsum_blocked_f64_scalar
DMLREF__NE static void dmlref__vsum_f64_neon(const dmlref__scan_panel *p){
#define DMLREF__K_P DMLREF__NE_F64
#define DMLREF__K_OP vaddq_f64
#define DMLREF__K_IDENTV vdupq_n_f64(0.0)
#define DMLREF__K_SOP DMLREF__ADD_F
#define DMLREF__K_SIDENT 0
#define DMLREF__KERNEL DMLREF__KERNEL_VSCAN
#include DMLREF_HEADER_FILENAME
}

DMLREF__NE static void dmlref__vprod_f64_neon(const dmlref__scan_panel *p){
#define DMLREF__K_P DMLREF__NE_F64
#define DMLREF__K_OP vmulq_f64
#define DMLREF__K_IDENTV vdupq_n_f64(1.0)
#define DMLREF__K_SOP DMLREF__MUL_F
#define DMLREF__K_SIDENT 1
#define DMLREF__KERNEL DMLREF__KERNEL_VSCAN
#include DMLREF_HEADER_FILENAME
}

DMLREF__NE static void dmlref__cblocked_f64_neon(const dmlref__scan_panel *p){
#define DMLREF__K_P DMLREF__NE_F64
#define DMLREF__KERNEL DMLREF__KERNEL_CBLOCKED
#include DMLREF_HEADER_FILENAME
}

DMLREF__NE static void dmlref__tsum_f64_neon(const dmlref__scan_panel *p){
#define DMLREF__K_P DMLREF__NE_F64
#define DMLREF__K_OP vaddq_f64
#define DMLREF__K_IDENTV vdupq_n_f64(0.0)
#define DMLREF__K_SOP DMLREF__ADD_F
#define DMLREF__KERNEL DMLREF__KERNEL_TSCAN
#include DMLREF_HEADER_FILENAME
}

DMLREF__NE static void dmlref__tprod_f64_neon(const dmlref__scan_panel *p){
#define DMLREF__K_P DMLREF__NE_F64
#define DMLREF__K_OP vmulq_f64
#define DMLREF__K_IDENTV vdupq_n_f64(1.0)
#define DMLREF__K_SOP DMLREF__MUL_F
#define DMLREF__KERNEL DMLREF__KERNEL_TSCAN
#include DMLREF_HEADER_FILENAME
}

DMLREF__NE static void dmlref__vblocked_f64_neon(const dmlref__scan_panel *p){
#define DMLREF__K_P DMLREF__NE_F64
#define DMLREF__KERNEL DMLREF__KERNEL_VBLOCKED
#include DMLREF_HEADER_FILENAME
}

DMLREF__NE static void dmlref__varg_f64_neon(const dmlref__arg_panel *p) {
    DMLREF__VARG(DMLREF__NE_F64);
}
DMLREF__NE static void dmlref__carg_f64_neon(const dmlref__arg_panel *p){
#define DMLREF__K_P DMLREF__NE_F64
#define DMLREF__KERNEL DMLREF__KERNEL_CARG
#include DMLREF_HEADER_FILENAME
}


/* UINT8 */
#define DMLREF__NE_U8_T uint8_t
#define DMLREF__NE_U8_A uint8_t
#define DMLREF__NE_U8_V uint8x16_t
#define DMLREF__NE_U8_W 16
#define DMLREF__NE_U8_LOAD vld1q_u8
#define DMLREF__NE_U8_STORE vst1q_u8
#define DMLREF__NE_U8_STREAM vst1q_u8
#define DMLREF__NE_U8_FENCE DMLREF__NO_FENCE
#define DMLREF__NE_U8_TLOAD vld1q_u8
#define DMLREF__NE_U8_TSTORE vst1q_u8
#define DMLREF__NE_U8_SLOAD DMLREF__SAME
#define DMLREF__NE_U8_SSTORE DMLREF__SAME
#define DMLREF__NE_U8_ADD vaddq_u8
#define DMLREF__NE_U8_SUB vsubq_u8
#define DMLREF__NE_U8_SCANREG dmlref__ne_scan_u8
#define DMLREF__NE_U8_BCASTLAST DMLREF__NE_LAST_U8
#define DMLREF__NE_U8_ZEROV vdupq_n_u8(0)
#define DMLREF__NE_U8_CV uint8x16_t
#define DMLREF__NE_U8_CM uint8x16_t
#define DMLREF__NE_U8_CW 16
#define DMLREF__NE_U8_CLOAD vld1q_u8
#define DMLREF__NE_U8_CMIN vminq_u8
#define DMLREF__NE_U8_CMAX vmaxq_u8
#define DMLREF__NE_U8_CLE vcleq_u8
#define DMLREF__NE_U8_CISNAN DMLREF__NE_NONAN8
#define DMLREF__NE_U8_CISNAN2 DMLREF__NAN2_EACH
#define DMLREF__NE_U8_CMOR vorrq_u8
#define DMLREF__NE_U8_CMANY DMLREF__NE_ANY8
#define DMLREF__NE_U8_CSET1V vdupq_n_u8
#define DMLREF__NE_U8_CSTOREV vst1q_u8
#define DMLREF__NE_U8_CVT uint8_t
#define DMLREF__NE_U8_SCALAR_ARG dmlref__arg_u8_scalar
DMLREF__NE static void dmlref__vsum_u8_neon(const dmlref__scan_panel *p){
#define DMLREF__K_P DMLREF__NE_U8
#define DMLREF__K_OP vaddq_u8
#define DMLREF__K_IDENTV vdupq_n_u8(0)
#define DMLREF__K_SOP DMLREF__ADD_U8
#define DMLREF__K_SIDENT 0
#define DMLREF__KERNEL DMLREF__KERNEL_VSCAN
#include DMLREF_HEADER_FILENAME
}

DMLREF__NE static void dmlref__vprod_u8_neon(const dmlref__scan_panel *p){
#define DMLREF__K_P DMLREF__NE_U8
#define DMLREF__K_OP vmulq_u8
#define DMLREF__K_IDENTV vdupq_n_u8(1)
#define DMLREF__K_SOP DMLREF__MUL_U8
#define DMLREF__K_SIDENT 1
#define DMLREF__KERNEL DMLREF__KERNEL_VSCAN
#include DMLREF_HEADER_FILENAME
}

DMLREF__NE static void dmlref__csum_u8_neon(const dmlref__scan_panel *p) {
    DMLREF__CSUM_INT(DMLREF__NE_U8);
}
DMLREF__NE static void dmlref__carg_u8_neon(const dmlref__arg_panel *p){
#define DMLREF__K_P DMLREF__NE_U8
#define DMLREF__KERNEL DMLREF__KERNEL_CARG
#include DMLREF_HEADER_FILENAME
}


/* UINT16 */
#define DMLREF__NE_U16_T uint16_t
#define DMLREF__NE_U16_A uint16_t
#define DMLREF__NE_U16_V uint16x8_t
#define DMLREF__NE_U16_W 8
#define DMLREF__NE_U16_LOAD vld1q_u16
#define DMLREF__NE_U16_STORE vst1q_u16
#define DMLREF__NE_U16_STREAM vst1q_u16
#define DMLREF__NE_U16_FENCE DMLREF__NO_FENCE
#define DMLREF__NE_U16_TLOAD vld1q_u16
#define DMLREF__NE_U16_TSTORE vst1q_u16
#define DMLREF__NE_U16_SLOAD DMLREF__SAME
#define DMLREF__NE_U16_SSTORE DMLREF__SAME
#define DMLREF__NE_U16_ADD vaddq_u16
#define DMLREF__NE_U16_SUB vsubq_u16
#define DMLREF__NE_U16_SCANREG dmlref__ne_scan_u16
#define DMLREF__NE_U16_BCASTLAST DMLREF__NE_LAST_U16
#define DMLREF__NE_U16_ZEROV vdupq_n_u16(0)
#define DMLREF__NE_U16_CV uint16x8_t
#define DMLREF__NE_U16_CM uint16x8_t
#define DMLREF__NE_U16_CW 8
#define DMLREF__NE_U16_CLOAD vld1q_u16
#define DMLREF__NE_U16_CMIN vminq_u16
#define DMLREF__NE_U16_CMAX vmaxq_u16
#define DMLREF__NE_U16_CLE vcleq_u16
#define DMLREF__NE_U16_CISNAN DMLREF__NE_NONAN16
#define DMLREF__NE_U16_CISNAN2 DMLREF__NAN2_EACH
#define DMLREF__NE_U16_CMOR vorrq_u16
#define DMLREF__NE_U16_CMANY DMLREF__NE_ANY16
#define DMLREF__NE_U16_CSET1V vdupq_n_u16
#define DMLREF__NE_U16_CSTOREV vst1q_u16
#define DMLREF__NE_U16_CVT uint16_t
#define DMLREF__NE_U16_SCALAR_ARG dmlref__arg_u16_scalar
DMLREF__NE static void dmlref__vsum_u16_neon(const dmlref__scan_panel *p){
#define DMLREF__K_P DMLREF__NE_U16
#define DMLREF__K_OP vaddq_u16
#define DMLREF__K_IDENTV vdupq_n_u16(0)
#define DMLREF__K_SOP DMLREF__ADD_U16
#define DMLREF__K_SIDENT 0
#define DMLREF__KERNEL DMLREF__KERNEL_VSCAN
#include DMLREF_HEADER_FILENAME
}

DMLREF__NE static void dmlref__vprod_u16_neon(const dmlref__scan_panel *p){
#define DMLREF__K_P DMLREF__NE_U16
#define DMLREF__K_OP vmulq_u16
#define DMLREF__K_IDENTV vdupq_n_u16(1)
#define DMLREF__K_SOP DMLREF__MUL_U16
#define DMLREF__K_SIDENT 1
#define DMLREF__KERNEL DMLREF__KERNEL_VSCAN
#include DMLREF_HEADER_FILENAME
}

DMLREF__NE static void dmlref__csum_u16_neon(const dmlref__scan_panel *p) {
    DMLREF__CSUM_INT(DMLREF__NE_U16);
}
DMLREF__NE static void dmlref__carg_u16_neon(const dmlref__arg_panel *p){
#define DMLREF__K_P DMLREF__NE_U16
#define DMLREF__KERNEL DMLREF__KERNEL_CARG
#include DMLREF_HEADER_FILENAME
}


/* UINT32 */
#define DMLREF__NE_U32_T uint32_t
#define DMLREF__NE_U32_A uint32_t
#define DMLREF__NE_U32_V uint32x4_t
#define DMLREF__NE_U32_W 4
#define DMLREF__NE_U32_LOAD vld1q_u32
#define DMLREF__NE_U32_STORE vst1q_u32
#define DMLREF__NE_U32_STREAM vst1q_u32
#define DMLREF__NE_U32_FENCE DMLREF__NO_FENCE
#define DMLREF__NE_U32_TLOAD vld1q_u32
#define DMLREF__NE_U32_TSTORE vst1q_u32
#define DMLREF__NE_U32_SLOAD DMLREF__SAME
#define DMLREF__NE_U32_SSTORE DMLREF__SAME
#define DMLREF__NE_U32_ADD vaddq_u32
#define DMLREF__NE_U32_SUB vsubq_u32
#define DMLREF__NE_U32_SCANREG dmlref__ne_scan_u32
#define DMLREF__NE_U32_BCASTLAST DMLREF__NE_LAST_U32
#define DMLREF__NE_U32_ZEROV vdupq_n_u32(0)
#define DMLREF__NE_U32_AV uint32x4_t
#define DMLREF__NE_U32_AVI uint32x4_t
#define DMLREF__NE_U32_AM uint32x4_t
#define DMLREF__NE_U32_AW 4
#define DMLREF__NE_U32_ALOAD vld1q_u32
#define DMLREF__NE_U32_ALT vcltq_u32
#define DMLREF__NE_U32_ALE vcleq_u32
#define DMLREF__NE_U32_AISNAN DMLREF__NE_NONAN32
#define DMLREF__NE_U32_AMOR vorrq_u32
#define DMLREF__NE_U32_AMZERO vdupq_n_u32(0)
#define DMLREF__NE_U32_AMANY DMLREF__NE_ANY32
#define DMLREF__NE_U32_ABLEND DMLREF__NE_BLEND_U32
#define DMLREF__NE_U32_ABLENDI DMLREF__NE_BLEND_U32
#define DMLREF__NE_U32_ASET1I DMLREF__NE_SET1_U32
#define DMLREF__NE_U32_ASTOREI vst1q_u32
#define DMLREF__NE_U32_AIT uint32_t
#define DMLREF__NE_U32_SCALAR_ARG dmlref__arg_u32_scalar
#define DMLREF__NE_U32_CV uint32x4_t
#define DMLREF__NE_U32_CM uint32x4_t
#define DMLREF__NE_U32_CW 4
#define DMLREF__NE_U32_CLOAD vld1q_u32
#define DMLREF__NE_U32_CMIN vminq_u32
#define DMLREF__NE_U32_CMAX vmaxq_u32
#define DMLREF__NE_U32_CLE vcleq_u32
#define DMLREF__NE_U32_CISNAN DMLREF__NE_NONAN32
#define DMLREF__NE_U32_CISNAN2 DMLREF__NAN2_EACH
#define DMLREF__NE_U32_CMOR vorrq_u32
#define DMLREF__NE_U32_CMANY DMLREF__NE_ANY32
#define DMLREF__NE_U32_CSET1V vdupq_n_u32
#define DMLREF__NE_U32_CSTOREV vst1q_u32
#define DMLREF__NE_U32_CVT uint32_t
DMLREF__NE static void dmlref__vsum_u32_neon(const dmlref__scan_panel *p){
#define DMLREF__K_P DMLREF__NE_U32
#define DMLREF__K_OP vaddq_u32
#define DMLREF__K_IDENTV vdupq_n_u32(0)
#define DMLREF__K_SOP DMLREF__ADD_U32
#define DMLREF__K_SIDENT 0
#define DMLREF__KERNEL DMLREF__KERNEL_VSCAN
#include DMLREF_HEADER_FILENAME
}

DMLREF__NE static void dmlref__vprod_u32_neon(const dmlref__scan_panel *p){
#define DMLREF__K_P DMLREF__NE_U32
#define DMLREF__K_OP vmulq_u32
#define DMLREF__K_IDENTV vdupq_n_u32(1)
#define DMLREF__K_SOP DMLREF__MUL_U32
#define DMLREF__K_SIDENT 1
#define DMLREF__KERNEL DMLREF__KERNEL_VSCAN
#include DMLREF_HEADER_FILENAME
}

DMLREF__NE static void dmlref__csum_u32_neon(const dmlref__scan_panel *p) {
    DMLREF__CSUM_INT(DMLREF__NE_U32);
}
DMLREF__NE static void dmlref__varg_u32_neon(const dmlref__arg_panel *p) { DMLREF__VARG(DMLREF__NE_U32); }
DMLREF__NE static void dmlref__carg_u32_neon(const dmlref__arg_panel *p){
#define DMLREF__K_P DMLREF__NE_U32
#define DMLREF__KERNEL DMLREF__KERNEL_CARG
#include DMLREF_HEADER_FILENAME
}


/* UINT64 */
#define DMLREF__NE_U64_T uint64_t
#define DMLREF__NE_U64_A uint64_t
#define DMLREF__NE_U64_V uint64x2_t
#define DMLREF__NE_U64_W 2
#define DMLREF__NE_U64_LOAD vld1q_u64
#define DMLREF__NE_U64_STORE vst1q_u64
#define DMLREF__NE_U64_STREAM vst1q_u64
#define DMLREF__NE_U64_FENCE DMLREF__NO_FENCE
#define DMLREF__NE_U64_TLOAD vld1q_u64
#define DMLREF__NE_U64_TSTORE vst1q_u64
#define DMLREF__NE_U64_SLOAD DMLREF__SAME
#define DMLREF__NE_U64_SSTORE DMLREF__SAME
#define DMLREF__NE_U64_ADD vaddq_u64
#define DMLREF__NE_U64_SUB vsubq_u64
#define DMLREF__NE_U64_SCANREG DMLREF__NE_SCAN_U64
#define DMLREF__NE_U64_BCASTLAST DMLREF__NE_LAST_U64
#define DMLREF__NE_U64_ZEROV vdupq_n_u64(0)
#define DMLREF__NE_U64_AV uint64x2_t
#define DMLREF__NE_U64_AVI uint64x2_t
#define DMLREF__NE_U64_AM uint32x4_t
#define DMLREF__NE_U64_AW 2
#define DMLREF__NE_U64_ALOAD vld1q_u64
#define DMLREF__NE_U64_ALT DMLREF__NE_LT_U64
#define DMLREF__NE_U64_ALE DMLREF__NE_LE_U64
#define DMLREF__NE_U64_AISNAN DMLREF__NE_NONAN32
#define DMLREF__NE_U64_AMOR vorrq_u32
#define DMLREF__NE_U64_AMZERO vdupq_n_u32(0)
#define DMLREF__NE_U64_AMANY DMLREF__NE_ANY32
#define DMLREF__NE_U64_ABLEND DMLREF__NE_BLEND_U64
#define DMLREF__NE_U64_ABLENDI DMLREF__NE_BLEND_U64
#define DMLREF__NE_U64_ASET1I DMLREF__NE_SET1_U64
#define DMLREF__NE_U64_ASTOREI vst1q_u64
#define DMLREF__NE_U64_AIT uint64_t
#define DMLREF__NE_U64_SCALAR_ARG dmlref__arg_u64_scalar
#define DMLREF__NE_U64_CV uint64x2_t
#define DMLREF__NE_U64_CM uint32x4_t
#define DMLREF__NE_U64_CW 2
#define DMLREF__NE_U64_CLOAD vld1q_u64
#define DMLREF__NE_U64_CMIN DMLREF__NE_MIN_U64
#define DMLREF__NE_U64_CMAX DMLREF__NE_MAX_U64
#define DMLREF__NE_U64_CLE DMLREF__NE_LE_U64
#define DMLREF__NE_U64_CISNAN DMLREF__NE_NONAN32
#define DMLREF__NE_U64_CISNAN2 DMLREF__NAN2_EACH
#define DMLREF__NE_U64_CMOR vorrq_u32
#define DMLREF__NE_U64_CMANY DMLREF__NE_ANY32
#define DMLREF__NE_U64_CSET1V vdupq_n_u64
#define DMLREF__NE_U64_CSTOREV vst1q_u64
#define DMLREF__NE_U64_CVT uint64_t
DMLREF__NE static void dmlref__vsum_u64_neon(const dmlref__scan_panel *p){
#define DMLREF__K_P DMLREF__NE_U64
#define DMLREF__K_OP vaddq_u64
#define DMLREF__K_IDENTV vdupq_n_u64(0)
#define DMLREF__K_SOP DMLREF__ADD_U64
#define DMLREF__K_SIDENT 0
#define DMLREF__KERNEL DMLREF__KERNEL_VSCAN
#include DMLREF_HEADER_FILENAME
}

DMLREF__NE static void dmlref__csum_u64_neon(const dmlref__scan_panel *p) {
    DMLREF__CSUM_INT(DMLREF__NE_U64);
}
DMLREF__NE static void dmlref__varg_u64_neon(const dmlref__arg_panel *p) { DMLREF__VARG(DMLREF__NE_U64); }
DMLREF__NE static void dmlref__carg_u64_neon(const dmlref__arg_panel *p){
#define DMLREF__K_P DMLREF__NE_U64
#define DMLREF__KERNEL DMLREF__KERNEL_CARG
#include DMLREF_HEADER_FILENAME
}


/* INT8 */
#define DMLREF__NE_I8_T int8_t
#define DMLREF__NE_I8_CV int8x16_t
#define DMLREF__NE_I8_CM uint8x16_t
#define DMLREF__NE_I8_CW 16
#define DMLREF__NE_I8_CLOAD vld1q_s8
#define DMLREF__NE_I8_CMIN vminq_s8
#define DMLREF__NE_I8_CMAX vmaxq_s8
#define DMLREF__NE_I8_CLE vcleq_s8
#define DMLREF__NE_I8_CISNAN DMLREF__NE_NONAN8
#define DMLREF__NE_I8_CISNAN2 DMLREF__NAN2_EACH
#define DMLREF__NE_I8_CMOR vorrq_u8
#define DMLREF__NE_I8_CMANY DMLREF__NE_ANY8
#define DMLREF__NE_I8_CSET1V vdupq_n_s8
#define DMLREF__NE_I8_CSTOREV vst1q_s8
#define DMLREF__NE_I8_CVT int8_t
#define DMLREF__NE_I8_SCALAR_ARG dmlref__arg_i8_scalar
DMLREF__NE static void dmlref__carg_i8_neon(const dmlref__arg_panel *p){
#define DMLREF__K_P DMLREF__NE_I8
#define DMLREF__KERNEL DMLREF__KERNEL_CARG
#include DMLREF_HEADER_FILENAME
}


/* INT16 */
#define DMLREF__NE_I16_T int16_t
#define DMLREF__NE_I16_CV int16x8_t
#define DMLREF__NE_I16_CM uint16x8_t
#define DMLREF__NE_I16_CW 8
#define DMLREF__NE_I16_CLOAD vld1q_s16
#define DMLREF__NE_I16_CMIN vminq_s16
#define DMLREF__NE_I16_CMAX vmaxq_s16
#define DMLREF__NE_I16_CLE vcleq_s16
#define DMLREF__NE_I16_CISNAN DMLREF__NE_NONAN16
#define DMLREF__NE_I16_CISNAN2 DMLREF__NAN2_EACH
#define DMLREF__NE_I16_CMOR vorrq_u16
#define DMLREF__NE_I16_CMANY DMLREF__NE_ANY16
#define DMLREF__NE_I16_CSET1V vdupq_n_s16
#define DMLREF__NE_I16_CSTOREV vst1q_s16
#define DMLREF__NE_I16_CVT int16_t
#define DMLREF__NE_I16_SCALAR_ARG dmlref__arg_i16_scalar
DMLREF__NE static void dmlref__carg_i16_neon(const dmlref__arg_panel *p){
#define DMLREF__K_P DMLREF__NE_I16
#define DMLREF__KERNEL DMLREF__KERNEL_CARG
#include DMLREF_HEADER_FILENAME
}


/* INT32 */
#define DMLREF__NE_I32_T int32_t
#define DMLREF__NE_I32_AV int32x4_t
#define DMLREF__NE_I32_AVI uint32x4_t
#define DMLREF__NE_I32_AM uint32x4_t
#define DMLREF__NE_I32_AW 4
#define DMLREF__NE_I32_ALOAD vld1q_s32
#define DMLREF__NE_I32_ALT vcltq_s32
#define DMLREF__NE_I32_ALE vcleq_s32
#define DMLREF__NE_I32_AISNAN DMLREF__NE_NONAN32
#define DMLREF__NE_I32_AMOR vorrq_u32
#define DMLREF__NE_I32_AMZERO vdupq_n_u32(0)
#define DMLREF__NE_I32_AMANY DMLREF__NE_ANY32
#define DMLREF__NE_I32_ABLEND DMLREF__NE_BLEND_S32
#define DMLREF__NE_I32_ABLENDI DMLREF__NE_BLEND_U32
#define DMLREF__NE_I32_ASET1I DMLREF__NE_SET1_U32
#define DMLREF__NE_I32_ASTOREI vst1q_u32
#define DMLREF__NE_I32_AIT uint32_t
#define DMLREF__NE_I32_SCALAR_ARG dmlref__arg_i32_scalar
#define DMLREF__NE_I32_CV int32x4_t
#define DMLREF__NE_I32_CM uint32x4_t
#define DMLREF__NE_I32_CW 4
#define DMLREF__NE_I32_CLOAD vld1q_s32
#define DMLREF__NE_I32_CMIN vminq_s32
#define DMLREF__NE_I32_CMAX vmaxq_s32
#define DMLREF__NE_I32_CLE vcleq_s32
#define DMLREF__NE_I32_CISNAN DMLREF__NE_NONAN32
#define DMLREF__NE_I32_CISNAN2 DMLREF__NAN2_EACH
#define DMLREF__NE_I32_CMOR vorrq_u32
#define DMLREF__NE_I32_CMANY DMLREF__NE_ANY32
#define DMLREF__NE_I32_CSET1V vdupq_n_s32
#define DMLREF__NE_I32_CSTOREV vst1q_s32
#define DMLREF__NE_I32_CVT int32_t
DMLREF__NE static void dmlref__varg_i32_neon(const dmlref__arg_panel *p) {
    DMLREF__VARG(DMLREF__NE_I32);
}
DMLREF__NE static void dmlref__carg_i32_neon(const dmlref__arg_panel *p){
#define DMLREF__K_P DMLREF__NE_I32
#define DMLREF__KERNEL DMLREF__KERNEL_CARG
#include DMLREF_HEADER_FILENAME
}


/* INT64 */
#define DMLREF__NE_I64_T int64_t
#define DMLREF__NE_I64_AV int64x2_t
#define DMLREF__NE_I64_AVI uint64x2_t
#define DMLREF__NE_I64_AM uint32x4_t
#define DMLREF__NE_I64_AW 2
#define DMLREF__NE_I64_ALOAD vld1q_s64
#define DMLREF__NE_I64_ALT DMLREF__NE_LT_S64
#define DMLREF__NE_I64_ALE DMLREF__NE_LE_S64
#define DMLREF__NE_I64_AISNAN DMLREF__NE_NONAN32
#define DMLREF__NE_I64_AMOR vorrq_u32
#define DMLREF__NE_I64_AMZERO vdupq_n_u32(0)
#define DMLREF__NE_I64_AMANY DMLREF__NE_ANY32
#define DMLREF__NE_I64_ABLEND DMLREF__NE_BLEND_S64
#define DMLREF__NE_I64_ABLENDI DMLREF__NE_BLEND_U64
#define DMLREF__NE_I64_ASET1I DMLREF__NE_SET1_U64
#define DMLREF__NE_I64_ASTOREI vst1q_u64
#define DMLREF__NE_I64_AIT uint64_t
#define DMLREF__NE_I64_SCALAR_ARG dmlref__arg_i64_scalar
#define DMLREF__NE_I64_CV int64x2_t
#define DMLREF__NE_I64_CM uint32x4_t
#define DMLREF__NE_I64_CW 2
#define DMLREF__NE_I64_CLOAD vld1q_s64
#define DMLREF__NE_I64_CMIN DMLREF__NE_MIN_S64
#define DMLREF__NE_I64_CMAX DMLREF__NE_MAX_S64
#define DMLREF__NE_I64_CLE DMLREF__NE_LE_S64
#define DMLREF__NE_I64_CISNAN DMLREF__NE_NONAN32
#define DMLREF__NE_I64_CISNAN2 DMLREF__NAN2_EACH
#define DMLREF__NE_I64_CMOR vorrq_u32
#define DMLREF__NE_I64_CMANY DMLREF__NE_ANY32
#define DMLREF__NE_I64_CSET1V vdupq_n_s64
#define DMLREF__NE_I64_CSTOREV vst1q_s64
#define DMLREF__NE_I64_CVT int64_t
DMLREF__NE static void dmlref__varg_i64_neon(const dmlref__arg_panel *p) {
    DMLREF__VARG(DMLREF__NE_I64);
}
DMLREF__NE static void dmlref__carg_i64_neon(const dmlref__arg_panel *p) {
#define DMLREF__K_P DMLREF__NE_I64
#define DMLREF__KERNEL DMLREF__KERNEL_CARG
#include DMLREF_HEADER_FILENAME
}


/* FLOAT16 NATIVE SEQUENTIAL along contiguous lines: a float32 operation, then the round trip through
   binary16 (FCVTN, FCVTL; lane 0 of each vector). */
#define DMLREF__NE_NATIVE_LOAD(bits) vcvt_f32_f16(vreinterpret_f16_u16(vdup_n_u16((uint16_t)(bits))))
#define DMLREF__NE_NATIVE_BITS(t) vget_lane_u16(vreinterpret_u16_f16(vcvt_f16_f32(t)), 0)
#define DMLREF__NE_NATIVE_ADD(t, v) vcvt_f32_f16(vcvt_f16_f32(vaddq_f32((t), (v))))
#define DMLREF__NE_NATIVE_MUL(t, v) vcvt_f32_f16(vcvt_f16_f32(vmulq_f32((t), (v))))
/* The float32 runs of FLOAT16 NATIVE sums (see dmlref__native_pace): the tallies plus c chain through one
   float32 add per element into s, then every four are checked and narrowed at once. */
DMLREF__NE static inline uint32x4_t dmlref__ne_native_in(float32x4_t r, float32x4_t lo, float32x4_t hi) {
    const float32x4_t m = vabsq_f32(r); /* lo < |r| <= hi, false for NaN */
    return vandq_u32(vcgtq_f32(m, lo), vcleq_f32(m, hi));
}
DMLREF__NE static uint64_t dmlref__ne_native_sum_run(const uint16_t *x, uint16_t *y, uint64_t i, uint64_t end,
                                                     int exclusive, int stream, uint16_t *t) {
    const dmlref__native_binade b = dmlref__native_binade_of(*t);
    const float32x4_t c = vdupq_n_f32(b.c), lo = vdupq_n_f32(b.lo), hi = vdupq_n_f32(b.hi);
    float u = b.c + dmlref__f16_to_f32_bits(*t);
    (void)stream;
    for (; end - i >= 16u; i += 16) {
        float xs[16], s[17];
        unsigned k, in = 0;
        for (k = 0; k < 16; k += 4) vst1q_f32(xs + k, dmlref__ne_load_f16(x + i + k));
        s[0] = u;
        for (k = 0; k < 16; k++) s[k + 1] = u = u + xs[k];
        for (k = 0; k < 16; k += 4) {
            const float32x4_t r = vsubq_f32(vld1q_f32(s + 1 + k), c); /* exact: the tallies themselves */
            const uint32x4_t m = dmlref__ne_native_in(r, lo, hi);
            in |= (vgetq_lane_u32(m, 0) & 1u) << k | (vgetq_lane_u32(m, 1) & 2u) << k |
                  (vgetq_lane_u32(m, 2) & 4u) << k | (vgetq_lane_u32(m, 3) & 8u) << k;
            vst1q_f32(s + 1 + k, r);
        }
        s[0] -= b.c;
        if (in != 0xFFFFu) return dmlref__native_sum_stop(y, i, exclusive, s, (unsigned)__builtin_ctz(~in), t);
        for (k = 0; k < 16; k += 4)
            vst1_u16(y + i + k, vreinterpret_u16_f16(vcvt_f16_f32(vld1q_f32(s + k + (exclusive ? 0u : 1u)))));
    }
    *t = dmlref_f32_to_f16(u - b.c);
    return i;
}
DMLREF__NE static void dmlref__cnative_f16_neon(const dmlref__scan_panel *p) {
    DMLREF__NATIVE_F16(float32x4_t, DMLREF__NE_NATIVE_LOAD, DMLREF__NE_NATIVE_ADD, DMLREF__NE_NATIVE_MUL,
                       DMLREF__NE_NATIVE_BITS, dmlref__ne_native_sum_run)
}
static const dmlref__scan_route dmlref__neon_native_f16 = {dmlref__cnative_f16_neon, NULL, 16};

/* dmlref__totals16_kernel, 4 blocks at a time: vpaddq_f32 adds adjacent lanes of its two operands (lower
   first), which is each level of the pairwise tree; the blocks stay in order. */
DMLREF__NE static float32x4_t dmlref__ne_totals16_quads(float32x4_t a, float32x4_t b, float32x4_t c,
                                                        float32x4_t d) { /* one block's 4 quad sums */
    return vpaddq_f32(vpaddq_f32(a, b), vpaddq_f32(c, d));
}
/* The body of a dmlref__totals16_kernel on elements x, LOAD widening 4 at a time. */
#define DMLREF__NE_QUADS(LOAD, at) \
    dmlref__ne_totals16_quads(LOAD(x + (at)), LOAD(x + (at) + 4), LOAD(x + (at) + 8), LOAD(x + (at) + 12))
#define DMLREF__NE_TOTALS16(LOAD)                                                                             \
    uint64_t b;                                                                                               \
    for (b = 0; b + 4u <= count; b += 4u, x += 64) {                                                          \
        const float32x4_t t = vpaddq_f32(vpaddq_f32(DMLREF__NE_QUADS(LOAD, 0), DMLREF__NE_QUADS(LOAD, 16)),   \
                                         vpaddq_f32(DMLREF__NE_QUADS(LOAD, 32), DMLREF__NE_QUADS(LOAD, 48))); \
        vst1q_f64(out + b, vcvt_f64_f32(vget_low_f32(t)));                                                    \
        vst1q_f64(out + b + 2, vcvt_high_f64_f32(t));                                                         \
    }                                                                                                         \
    return b;
DMLREF__NE static uint64_t dmlref__totals16_f32_neon(const void *data, uint64_t count, double *out) {
    const float *x = (const float *)data;
    DMLREF__NE_TOTALS16(vld1q_f32)
}
DMLREF__NE static uint64_t dmlref__totals16_f16_neon(const void *data, uint64_t count, double *out) {
    const uint16_t *x = (const uint16_t *)data;
    DMLREF__NE_TOTALS16(dmlref__ne_load_f16)
}
#undef DMLREF__NE_TOTALS16
#undef DMLREF__NE_QUADS

/* The NEON path's scan kernels: for each type, the kernel for contiguous lines,
   the kernel for adjacent lines, and the fewest elements (lines) either takes.
   NULL: that shape runs the scalar kernel. */
static const dmlref__scan_routes dmlref__neon_scans = {
    {{ /* SEQUENTIAL (and integers) */
      {/* ADD */
       /* FLOAT16 */ {dmlref__tsum_f16_neon, dmlref__vsum_f16_neon, 4},
       /* FLOAT32 */ {dmlref__tsum_f32_neon, dmlref__vsum_f32_neon, 4},
       /* FLOAT64 */ {dmlref__tsum_f64_neon, dmlref__vsum_f64_neon, 2},
       /* UINT8, INT8 */ {dmlref__csum_u8_neon, dmlref__vsum_u8_neon, 16},
       /* UINT16, INT16 */ {dmlref__csum_u16_neon, dmlref__vsum_u16_neon, 8},
       /* UINT32, INT32 */ {dmlref__csum_u32_neon, dmlref__vsum_u32_neon, 4},
       /* UINT64, INT64 */ {dmlref__csum_u64_neon, dmlref__vsum_u64_neon, 2}},
      {/* MULTIPLY */
       /* FLOAT16 */ {dmlref__tprod_f16_neon, dmlref__vprod_f16_neon, 4},
       /* FLOAT32 */ {dmlref__tprod_f32_neon, dmlref__vprod_f32_neon, 4},
       /* FLOAT64 */ {dmlref__tprod_f64_neon, dmlref__vprod_f64_neon, 2},
       /* UINT8, INT8 */ {NULL, dmlref__vprod_u8_neon, 16},
       /* UINT16, INT16 */ {NULL, dmlref__vprod_u16_neon, 8},
       /* UINT32, INT32 */ {NULL, dmlref__vprod_u32_neon, 4},
       /* UINT64, INT64 */ {NULL, NULL, 0}}},
     { /* BLOCKED (float sums; products are never BLOCKED) */
      {/* ADD */
       /* FLOAT16 */ {dmlref__cblocked_f16_neon, dmlref__vblocked_f16_neon, 16},
       /* FLOAT32 */ {dmlref__cblocked_f32_neon, dmlref__vblocked_f32_neon, 16},
       /* FLOAT64 */ {dmlref__cblocked_f64_neon, dmlref__vblocked_f64_neon, 16}}}}};
/* The NEON path's arg-reduction kernels: contiguous, vertical (adjacent
   outputs), and the fewest elements (outputs) each takes. */
static const dmlref__arg_route dmlref__neon_args[DMLREF__ARG_SLOTS] = {
    /* FLOAT16 */ {dmlref__carg_f16_neon, dmlref__varg_f16_neon, 4, 4},
    /* FLOAT32 */ {dmlref__carg_f32_neon, dmlref__varg_f32_neon, 4, 4},
    /* FLOAT64 */ {dmlref__carg_f64_neon, dmlref__varg_f64_neon, 2, 2},
    /* UINT8 */ {dmlref__carg_u8_neon, NULL, 16, 16},
    /* UINT16 */ {dmlref__carg_u16_neon, NULL, 8, 8},
    /* UINT32 */ {dmlref__carg_u32_neon, dmlref__varg_u32_neon, 4, 4},
    /* UINT64 */ {dmlref__carg_u64_neon, dmlref__varg_u64_neon, 2, 2},
    /* INT8 */ {dmlref__carg_i8_neon, NULL, 16, 16},
    /* INT16 */ {dmlref__carg_i16_neon, NULL, 8, 8},
    /* INT32 */ {dmlref__carg_i32_neon, dmlref__varg_i32_neon, 4, 4},
    /* INT64 */ {dmlref__carg_i64_neon, dmlref__varg_i64_neon, 2, 2}};
#endif /* DMLREF__BUILD_NEON */

/* >>dispatch -------------------------------------------------------------------
   Each SIMD path's section ends with its kernel tables (dmlref__<path>_scans,
   dmlref__<path>_args), rows per operator and type slot; dmlref__paths holds
   them by dmlref_isa. Shapes a path has no kernel for, and the orders that
   are the same code on every path, run the scalar kernels. AUTO takes the
   best path the build and the CPU have (cpuid + xgetbv on x86-64, as
   xxHash's dispatcher). */

/* The definitions: every operator and type has a scalar kernel (scan: indexed as dmlref__scan_routes). */
typedef struct dmlref__scalar_kernels {
    dmlref__scan_kernel scan[DMLREF__FAST_ORDERS][DMLREF__SCAN_COMBINES][DMLREF__SCAN_SLOTS];
    dmlref__arg_kernel arg[DMLREF__ARG_SLOTS];
} dmlref__scalar_kernels;
static const dmlref__scalar_kernels dmlref__scalar = {
    {{ /* SEQUENTIAL (and integers) */
      {/* ADD */
       dmlref__cumsum_f16_scalar, dmlref__cumsum_f32_scalar, dmlref__cumsum_f64_scalar, dmlref__cumsum_u8_scalar,
       dmlref__cumsum_u16_scalar, dmlref__cumsum_u32_scalar, dmlref__cumsum_u64_scalar},
      {/* MULTIPLY */
       dmlref__cumprod_f16_scalar, dmlref__cumprod_f32_scalar, dmlref__cumprod_f64_scalar, dmlref__cumprod_u8_scalar,
       dmlref__cumprod_u16_scalar, dmlref__cumprod_u32_scalar, dmlref__cumprod_u64_scalar}},
     { /* BLOCKED (float sums; products are never BLOCKED) */
      {/* ADD */
       dmlref__cumsum_blocked_f16_scalar, dmlref__cumsum_blocked_f32_scalar, dmlref__cumsum_blocked_f64_scalar}}},
    {dmlref__arg_f16_scalar, dmlref__arg_f32_scalar, dmlref__arg_f64_scalar, dmlref__arg_u8_scalar,
     dmlref__arg_u16_scalar, dmlref__arg_u32_scalar, dmlref__arg_u64_scalar, dmlref__arg_i8_scalar,
     dmlref__arg_i16_scalar, dmlref__arg_i32_scalar, dmlref__arg_i64_scalar}};

/* Indexed by dmlref_isa: each path's kernel tables (NULL: not built, or the
   scalar path) and whether the CPU must be asked (x86 levels above SSE2). */
typedef struct dmlref__path {
    const dmlref__scan_routes *scans;
    const dmlref__arg_route *args;
    const dmlref__scan_route *native_f16; /* FLOAT16 NATIVE SEQUENTIAL sums and products, or NULL */
    dmlref__helpers helpers;              /* SIMD pieces of shared kernels (>>exact), or NULLs */
    int needs_cpuid;
} dmlref__path;
static const dmlref__path dmlref__paths[DMLREF_ISA_COUNT] = {
    /* AUTO */ {NULL, NULL, NULL, {NULL, NULL, NULL}, 0},
    /* SCALAR */ {NULL, NULL, NULL, {NULL, NULL, NULL}, 0},
#if defined(DMLREF__BUILD_SSE2)
    {&dmlref__sse2_scans, dmlref__sse2_args, NULL, {NULL, NULL, NULL}, 0},
#else
    {NULL, NULL, NULL, {NULL, NULL, NULL}, 0},
#endif
#if defined(DMLREF__BUILD_AVX2)
    {&dmlref__avx2_scans,
     dmlref__avx2_args,
     &dmlref__avx2_native_f16,
     {dmlref__totals16_f16_avx2, dmlref__totals16_f32_avx2, dmlref__exact16_avx2},
     1},
#else
    {NULL, NULL, NULL, {NULL, NULL, NULL}, 0},
#endif
#if defined(DMLREF__BUILD_AVX512)
    {&dmlref__avx512_scans,
     dmlref__avx512_args,
     DMLREF__AVX2_ONLY(&dmlref__avx2_native_f16),
     {dmlref__totals16_f16_avx512, dmlref__totals16_f32_avx512, DMLREF__AVX2_ONLY(dmlref__exact16_avx2)},
     1},
#else
    {NULL, NULL, NULL, {NULL, NULL, NULL}, 0},
#endif
#if defined(DMLREF__BUILD_NEON)
    {&dmlref__neon_scans,
     dmlref__neon_args,
     &dmlref__neon_native_f16,
     {dmlref__totals16_f16_neon, dmlref__totals16_f32_neon, NULL},
     0},
#else
    {NULL, NULL, NULL, {NULL, NULL, NULL}, 0},
#endif
#if defined(DMLREF__BUILD_AVX512FP16)
    /* AVX-512's scans, its own FLOAT16 arg kernel and NATIVE chain */
    {&dmlref__avx512_scans,
     dmlref__avx512fp16_args,
     &dmlref__avx512fp16_native_f16,
     {dmlref__totals16_f16_avx512, dmlref__totals16_f32_avx512, DMLREF__AVX2_ONLY(dmlref__exact16_avx2)},
     1},
#else
    {NULL, NULL, NULL, {NULL, NULL, NULL}, 0},
#endif
    /* REFERENCE */ {NULL, NULL, NULL, {NULL, NULL, NULL}, 0},
};

DMLREF_API const char *dmlref_isa_name(dmlref_isa isa) {
    switch (isa) {
    case DMLREF_ISA_AUTO: return "AUTO";
    case DMLREF_ISA_SCALAR: return "SCALAR";
    case DMLREF_ISA_SSE2: return "SSE2";
    case DMLREF_ISA_AVX2: return "AVX2";
    case DMLREF_ISA_AVX512: return "AVX512";
    case DMLREF_ISA_NEON: return "NEON";
    case DMLREF_ISA_AVX512FP16: return "AVX512FP16";
    case DMLREF_ISA_REFERENCE: return "REFERENCE";
    default: return "UNKNOWN";
    }
}

#if defined(DMLREF__BUILD_AVX2) || defined(DMLREF__BUILD_AVX512)
/* The best x86 level this CPU and OS support: AVX2 needs AVX2+F16C and YMM
   state; AVX-512 needs F, BW, DQ, VL and ZMM state; AVX512-FP16 needs AVX-512
   and its own bit (leaf 7, EDX bit 23). Levels are dmlref_isa values, x86
   ones only: SSE2 < AVX2 < AVX512 < AVX512FP16. */
static int dmlref__x86_level(void) {
    unsigned a, b, c, d, lo = 0, hi = 0;
    uint64_t xcr0;
    int level = DMLREF_ISA_SSE2;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return level;
    if (!((c >> 27) & 1u) || !((c >> 28) & 1u) || !((c >> 29) & 1u)) return level; /* OSXSAVE, AVX, F16C */
    __asm__ __volatile__("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    xcr0 = ((uint64_t)hi << 32) | lo;
    if ((xcr0 & 0x6u) != 0x6u) return level; /* XMM and YMM state */
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) return level;
    if ((b >> 5) & 1u) level = DMLREF_ISA_AVX2;
    if ((xcr0 & 0xE6u) == 0xE6u && ((b >> 16) & 1u) && ((b >> 17) & 1u) && ((b >> 30) & 1u) && ((b >> 31) & 1u) &&
        level == DMLREF_ISA_AVX2)
        level = DMLREF_ISA_AVX512;
    if (level == DMLREF_ISA_AVX512 && ((d >> 23) & 1u)) level = DMLREF_ISA_AVX512FP16;
    return level;
}

/* Detected once; every thread computes the same value, so a relaxed atomic suffices. */
static int dmlref__cached_x86_level(void) {
    static int cached; /* 0: not yet detected */
    int level = __atomic_load_n(&cached, __ATOMIC_RELAXED);
    if (level == 0) {
        level = dmlref__x86_level();
        __atomic_store_n(&cached, level, __ATOMIC_RELAXED);
    }
    return level;
}
#endif

DMLREF_API int dmlref_isa_available(dmlref_isa isa) {
    if (isa == DMLREF_ISA_AUTO || isa == DMLREF_ISA_SCALAR || isa == DMLREF_ISA_REFERENCE) return 1;
    if ((int)isa < 0 || isa >= DMLREF_ISA_COUNT || !dmlref__paths[isa].scans) return 0;
#if defined(DMLREF__BUILD_AVX2) || defined(DMLREF__BUILD_AVX512)
    if (dmlref__paths[isa].needs_cpuid) return dmlref__cached_x86_level() >= (int)isa;
#endif
    return 1;
}

/* Preference order of AUTO: the widest x86 path the CPU supports first. */
DMLREF_API dmlref_isa dmlref_best_isa(void) {
    static const dmlref_isa preference[] = {DMLREF_ISA_AVX512FP16, DMLREF_ISA_AVX512, DMLREF_ISA_AVX2, DMLREF_ISA_NEON,
                                            DMLREF_ISA_SSE2};
    size_t i;
    for (i = 0; i < sizeof preference / sizeof preference[0]; i++)
        if (dmlref_isa_available(preference[i])) return preference[i];
    return DMLREF_ISA_SCALAR;
}

static const dmlref__path *dmlref__path_for(int isa) {
    if (isa == DMLREF_ISA_AUTO) isa = (int)dmlref_best_isa();
    return &dmlref__paths[isa];
}

/* >>public ---------------------------------------------------------------------- */

DMLREF_API dmlref_status dmlref_validate(const DML_OPERATOR_DESC *op, const dmlref_options *options) {
    dmlref__plan plan;
    return dmlref__validate(op, options, 0, &plan);
}

/* A scan's scalar kernel, and in *route the path's SIMD kernels for it (NULL
   when none): EXACT float sums have their own kernel; the REFERENCE path runs
   the schedule interpreter for every other float scan; elsewhere float scans
   without a fast path (an order other than SEQUENTIAL and BLOCKED, a
   non-default accumulation, the identity seed) take the general float kernel,
   which runs as it is on every path. */
static dmlref__scan_kernel dmlref__scan_kernels_for(const dmlref__plan *plan, const dmlref__path *path,
                                                    const dmlref__scan_route **route) {
    const int slot = dmlref__types[plan->in.type].scan_slot;
    const dmlref__scan_routes *scans = path->scans;
    const int order = (int)plan->float_order; /* settled: SEQUENTIAL for integers, never BLOCKED for products */
    *route = NULL;
    if (dmlref__types[plan->in.type].kind == DMLREF__KIND_FLOAT) {
        if (plan->float_order == DMLREF_FLOAT_ORDER_EXACT)
            return plan->in.esize == 2   ? dmlref__cumsum_exact_f16
                   : plan->in.esize == 4 ? dmlref__cumsum_exact_f32
                                         : dmlref__cumsum_exact_f64;
        if (path == &dmlref__paths[DMLREF_ISA_REFERENCE]) return dmlref__scan_schedule;
        if (plan->accumulation == DMLREF_ACCUMULATION_NATIVE && plan->float_order == DMLREF_FLOAT_ORDER_SEQUENTIAL &&
            path->native_f16) /* FLOAT16 (NATIVE is settled to DEFAULT on other types) */
            *route = path->native_f16;
        /* fast paths exist for the fast orders with DEFAULT accumulation: the rest is the general kernel */
        if (order >= DMLREF__FAST_ORDERS || plan->accumulation != DMLREF_ACCUMULATION_DEFAULT || plan->identity_seed)
            return dmlref__scan_float_general;
    }
    if (scans) *route = &scans->by[order][plan->row->combine][slot];
    return dmlref__scalar.scan[order][plan->row->combine][slot];
}

DMLREF_API dmlref_status dmlref_execute(const DML_OPERATOR_DESC *op, const void *const *inputs, void *const *outputs,
                                        const dmlref_options *options) {
    dmlref__plan plan;
    dmlref__ctx ctx;
    dmlref__fpenv env;
    const dmlref__path *path;
    const dmlref__scan_route *route;
    dmlref__scan_kernel scalar;
    dmlref__io_policy io = {0, 0};
    const dmlref_parallel *parallel = options ? options->parallel : NULL;
    dmlref_status s = dmlref__validate(op, options, 0, &plan);
    if (s != DMLREF_OK) return s;
    ctx.options = options;
    ctx.op_name = dmlref__op_name(op->Type);
    if ((s = dmlref__validate_buffers(&ctx, &plan, inputs, outputs, &io)) != DMLREF_OK) return s;
    path = dmlref__path_for(plan.isa);
    dmlref__fpenv_enter(&env);
    switch ((dmlref_shape)plan.row->shape) { /* validation admits implemented rows only */
    case DMLREF_SHAPE_SCAN:
        scalar = dmlref__scan_kernels_for(&plan, path, &route);
        s = dmlref__run_scan(&ctx, &plan, inputs[0], outputs[0], route, scalar, &path->helpers, io.stream, NULL,
                             parallel);
        break;
    case DMLREF_SHAPE_ARG_REDUCTION:
        dmlref__run_arg(&plan, inputs[0], outputs[0],
                        path->args ? &path->args[dmlref__types[plan.in.type].arg_slot] : NULL,
                        dmlref__scalar.arg[dmlref__types[plan.in.type].arg_slot], io.prefetch, parallel);
        break;
    case DMLREF_SHAPE_REDUCTION: s = dmlref__run_reduce(&ctx, &plan, inputs[0], outputs[0], parallel); break;
    case DMLREF_SHAPE_COUNT:
    case DMLREF_SHAPE_FORCE_32BIT:
        s = dmlref__fail(&ctx, DMLREF_ERROR_UNSUPPORTED_OPERATOR, "%s has no job for its shape (%d)", plan.row->name,
                         (int)plan.row->shape);
        break;
    }
    dmlref__fpenv_leave(&env);
    return s;
}

DMLREF_API dmlref_status dmlref_error_bound(const DML_OPERATOR_DESC *op, const void *const *inputs,
                                            const DML_TENSOR_DESC *bound_tensor, void *bound,
                                            const dmlref_options *options) {
    dmlref__plan plan;
    dmlref__tensor bt;
    dmlref__ctx ctx;
    dmlref__fpenv env;
    dmlref__bound_setup setup;
    uintptr_t in_first, in_last, bound_first, bound_last;
    uint32_t d;
    dmlref_status s = dmlref__validate(op, options, 1, &plan);
    if (s != DMLREF_OK) return s;
    ctx.options = options;
    ctx.op_name = dmlref__op_name(op->Type);
    if (plan.row->bound_orders == 0) {
        char list[256];
        dmlref__row_list(dmlref__label_bound, ~0u, list, sizeof list);
        return dmlref__fail(&ctx, DMLREF_ERROR_UNSUPPORTED_OPERATOR, "dmlref_error_bound takes %s only", list);
    }
    if ((s = dmlref__check_tensor(&ctx, "BoundTensor", bound_tensor, 1, &bt)) != DMLREF_OK) return s;
    if (bt.type != DML_TENSOR_DATA_TYPE_FLOAT64)
        return dmlref__fail(&ctx, DMLREF_ERROR_UNSUPPORTED_DATA_TYPE, "BoundTensor.DataType is %s, must be FLOAT64",
                            dmlref__types[bt.type].name);
    if (bt.rank != plan.out.rank)
        return dmlref__fail(&ctx, DMLREF_ERROR_INVALID_ARGUMENT,
                            "BoundTensor.DimensionCount is %u, must equal OutputTensor.DimensionCount (%u)",
                            (unsigned)bt.rank, (unsigned)plan.out.rank);
    for (d = 0; d < bt.rank; d++)
        if (bt.sizes[d] != plan.out.sizes[d])
            return dmlref__fail(&ctx, DMLREF_ERROR_INVALID_ARGUMENT,
                                "BoundTensor.Sizes[%u] is %llu, must equal OutputTensor.Sizes[%u] (%llu)", (unsigned)d,
                                (unsigned long long)bt.sizes[d], (unsigned)d, (unsigned long long)plan.out.sizes[d]);
    if ((s = dmlref__check_one_to_one(&ctx, "BoundTensor", &bt)) != DMLREF_OK) return s;
    if (!inputs) return dmlref__fail(&ctx, DMLREF_ERROR_NULL_POINTER, "inputs is NULL");
    if (!inputs[0]) return dmlref__fail(&ctx, DMLREF_ERROR_NULL_POINTER, "inputs[0] (InputTensor's buffer) is NULL");
    if (!bound) return dmlref__fail(&ctx, DMLREF_ERROR_NULL_POINTER, "bound (BoundTensor's buffer) is NULL");
    if ((s = dmlref__check_buffer(&ctx, "InputTensor", inputs[0], &plan.in)) != DMLREF_OK) return s;
    if ((s = dmlref__check_buffer(&ctx, "BoundTensor", bound, &bt)) != DMLREF_OK) return s;
    dmlref__byte_range(inputs[0], &plan.in, &in_first, &in_last);
    dmlref__byte_range(bound, &bt, &bound_first, &bound_last);
    if (in_first < bound_last && bound_first < in_last)
        return dmlref__fail(&ctx, DMLREF_ERROR_OVERLAP, "InputTensor and BoundTensor buffers overlap");
    plan.out = bt;
    dmlref__fpenv_enter(&env);
    dmlref__fpenv_round_up();
    dmlref__bound_prepare(&setup, &plan);
    s = dmlref__run_scan(
        &ctx, &plan, inputs[0], bound, NULL,
        dmlref__types[plan.in.type].kind == DMLREF__KIND_FLOAT ? dmlref__bound_kernel : dmlref__bound_zero_kernel, NULL,
        bound_last - bound_first >= DMLREF_STREAM_BYTES, &setup, options ? options->parallel : NULL);
    dmlref__fpenv_leave(&env);
    return s;
}

#if defined(__clang__)
#pragma STDC FP_CONTRACT DEFAULT
#elif defined(__GNUC__)
#pragma GCC pop_options
#endif
#endif /* DMLREF__IMPLEMENTATION_INCLUDED */
#endif /* DML_REF_IMPLEMENTATION */

#else /* DMLREF__KERNEL */

/* clang-format off */
/* >>kernels ---------------------------------------------------------------------
   Kernel bodies as ordinary code: a kernel function defines
   DMLREF__KERNEL (which body) and the DMLREF__K_* roles the body uses, then
   re-includes this file (DMLREF_HEADER_FILENAME) inside its braces. */
#if DMLREF__KERNEL == DMLREF__KERNEL_SEQUENTIAL_SCAN
    DMLREF__K_ACC tally[DMLREF__GROUP];
    uint64_t first, i;
    unsigned g, j;
    for (first = 0; first < p->lines; first += g) {
        const DMLREF__K_T *src = (const DMLREF__K_T *)p->src + (ptrdiff_t)first * p->src_line;
        DMLREF__K_T *dst = (DMLREF__K_T *)p->dst + (ptrdiff_t)first * p->dst_line;
        g = dmlref__line_group(p, first);
        for (j = 0; j < g; j++) {
            /* a piece of a split integer line (>>tasks) starts from its carry; float lines are never split */
            const DMLREF__K_ACC before =
                p->has_carry ? (DMLREF__K_ACC)p->carry_bits : (DMLREF__K_ACC)(DMLREF__K_IDENTITY);
            tally[j] = DMLREF__K_LOAD(src[(ptrdiff_t)j * p->src_line]);
            if (p->has_carry) tally[j] = (DMLREF__K_ACC)(before DMLREF__K_OP tally[j]);
            dst[(ptrdiff_t)j * p->dst_line] = DMLREF__K_STORE(p->exclusive ? before : tally[j]);
        }
        for (i = 1; i < p->length; i++) {
            const DMLREF__K_T *s = src + (ptrdiff_t)i * p->src_step;
            DMLREF__K_T *d = dst + (ptrdiff_t)i * p->dst_step;
            for (j = 0; j < g; j++) {
                DMLREF__K_ACC x = DMLREF__K_LOAD(s[(ptrdiff_t)j * p->src_line]);
                if (p->exclusive) d[(ptrdiff_t)j * p->dst_line] = DMLREF__K_STORE(tally[j]);
                tally[j] = (DMLREF__K_ACC)(tally[j] DMLREF__K_OP x);
                if (!p->exclusive) d[(ptrdiff_t)j * p->dst_line] = DMLREF__K_STORE(tally[j]);
            }
        }
    }
#elif DMLREF__KERNEL == DMLREF__KERNEL_BLOCKED_SUM
    DMLREF__K_ACC carry[DMLREF__GROUP];
    uint64_t first, start;
    unsigned g, j;
    for (first = 0; first < p->lines; first += g) {
        g = dmlref__line_group(p, first);
        for (j = 0; j < g; j++) carry[j] = p->has_carry ? (DMLREF__K_ACC)p->carry : 0;
        for (start = 0; start < p->length; start += DMLREF__BLOCK) {
            uint64_t left = p->length - start;
            unsigned len = left < DMLREF__BLOCK ? (unsigned)left : DMLREF__BLOCK, i, k;
            for (j = 0; j < g; j++) {
                const DMLREF__K_T *src = (const DMLREF__K_T *)p->src + (ptrdiff_t)(first + j) * p->src_line;
                DMLREF__K_T *dst = (DMLREF__K_T *)p->dst + (ptrdiff_t)(first + j) * p->dst_line;
                DMLREF__K_ACC y[DMLREF__BLOCK];
                for (i = 0; i < len; i++) y[i] = DMLREF__K_LOAD(src[(ptrdiff_t)(start + i) * p->src_step]);
                for (k = 1; k < DMLREF__BLOCK; k <<= 1) /* descending i reads the old y[i-k] */
                    for (i = len; i-- > k;) y[i] = y[i - k] + y[i];
                if (start > 0 || p->has_carry)
                    for (i = 0; i < len; i++) y[i] = carry[j] + y[i];
                if (p->exclusive) {
                    dst[(ptrdiff_t)start * p->dst_step] = DMLREF__K_STORE(carry[j]); /* identity: +0 */
                    for (i = 1; i < len; i++) dst[(ptrdiff_t)(start + i) * p->dst_step] = DMLREF__K_STORE(y[i - 1]);
                } else {
                    for (i = 0; i < len; i++) dst[(ptrdiff_t)(start + i) * p->dst_step] = DMLREF__K_STORE(y[i]);
                }
                carry[j] = y[len - 1];
            }
        }
    }
#elif DMLREF__KERNEL == DMLREF__KERNEL_ARG
    uint64_t first, pos[DMLREF__MAX_DIMS], best_index[DMLREF__GROUP];
    uint64_t inner = p->rsize[p->rdims - 1];
    ptrdiff_t step = (ptrdiff_t)p->rstride[p->rdims - 1];
    DMLREF__K_W best[DMLREF__GROUP];
    unsigned char have[DMLREF__GROUP], found_nan[DMLREF__GROUP];
    unsigned g, j;
    for (first = 0; first < p->outputs; first += g) {
        const DMLREF__K_T *base = (const DMLREF__K_T *)p->src + (ptrdiff_t)first * p->src_output_step;
        uint64_t index = 0, i;
        int64_t offset = 0;
        uint32_t d;
        g = dmlref__group(p->outputs - first, p->src_output_step == 1);
        for (j = 0; j < g; j++) {
            best_index[j] = p->last ? p->rcount - 1u : 0;
            best[j] = 0;
            have[j] = found_nan[j] = 0;
        }
        memset(pos, 0, sizeof pos);
        for (;;) {
            const DMLREF__K_T *line = base + offset;
            for (i = 0; i < inner; i++, index++)
                for (j = 0; j < g; j++) {
                    DMLREF__K_W x = DMLREF__K_LOAD(line[(ptrdiff_t)i * step + (ptrdiff_t)j]);
                    if (DMLREF__K_ISNAN(x)) {
                        if (!p->ignore_nan && (!found_nan[j] || p->last)) {
                            found_nan[j] = 1;
                            best_index[j] = index;
                        }
                        continue;
                    }
                    if (found_nan[j]) continue;
                    if (!have[j] || DMLREF__ARG_BEATS(x, best[j], p->want_max, p->last)) {
                        have[j] = 1;
                        best[j] = x;
                        best_index[j] = index;
                    }
                }
            /* next line: odometer over the outer reduced dims */
            for (d = p->rdims - 1; d-- > 0;) {
                if (++pos[d] < p->rsize[d]) {
                    offset += p->rstride[d];
                    break;
                }
                pos[d] = 0;
                offset -= (int64_t)(p->rsize[d] - 1u) * p->rstride[d];
            }
            if (index >= p->rcount) break;
        }
        for (j = 0; j < g; j++) dmlref__put_index(p, first + j, best_index[j]);
    }
#elif DMLREF__KERNEL == DMLREF__KERNEL_CBLOCKED
    const uint64_t length = p->length;
    uint64_t line, start;
    int streamed = 0;
#if defined(DMLREF__K_REALIGN)
    /* Back-to-back lines of whole blocks: the 64-byte line that holds one line's last outputs and the next
       line's first is streamed whole, once both exist (a partial line stored through the cache cost 15%). */
    const int chain = p->dst_line == (int64_t)length && length % DMLREF__BLOCK == 0;
    DMLREF__KP(V) prev = DMLREF__KP(ZEROV);
    DMLREF__KP(T) *prev_at = NULL; /* where prev goes */
#endif
    for (line = 0; line < p->lines; line++) {
        const DMLREF__KP(T) *src = (const DMLREF__KP(T) *)p->src + (ptrdiff_t)line * p->src_line;
        DMLREF__KP(T) *dst = (DMLREF__KP(T) *)p->dst + (ptrdiff_t)line * p->dst_line;
        /* before: what exclusive writes first (+0, then the carry) */
        DMLREF__KP(V) carry = DMLREF__KP(NEGZ), before = DMLREF__KP(ZEROV);
        /* DECREASING (steps -1, DMLREF__REVERSE_FUSED): blocks from the top down, lanes reversed in registers */
        const int down = p->src_step < 0;
        /* streamed straight from registers when the output is on a boundary of one vector's outputs (FLOAT16:
           half a vector's bytes; down, the blocks' lowest elements are: dst - 15 is, as dst + 1); through the
           stage below, FLOAT16 ran at a third of this speed */
        const int stream = p->stream && (uintptr_t)(dst + down) % (sizeof(DMLREF__KP(V)) / sizeof(DMLREF__KP(A)) *
                                                                   sizeof(DMLREF__KP(T))) == 0;
        /* streamed, but off that boundary: made aligned in registers (DMLREF__K_REALIGN), or blocks go to an
           L1 stage that the streaming copy writes out, from the first 64-byte boundary on; FLOAT16, and every
           DECREASING line, is stored through the cache instead (FLOAT16: twice the stage's speed, on a Xeon
           and an EPYC) */
        const int staged = p->stream && DMLREF__NT_STORES && !stream && !down &&
                           sizeof(DMLREF__KP(T)) == sizeof(DMLREF__KP(A));
        if (p->has_carry) { /* a piece of a split line (>>tasks): the carry of the blocks before it */
            DMLREF__KP(A) lanes[sizeof(DMLREF__KP(V)) / sizeof(DMLREF__KP(A))];
            size_t k;
            for (k = 0; k < sizeof lanes / sizeof lanes[0]; k++) lanes[k] = (DMLREF__KP(A))p->carry;
            carry = before = DMLREF__KP(TLOAD)(lanes);
        }
        streamed |= stream;
        start = 0;
#if defined(DMLREF__K_REALIGN)
        if (staged) { /* vectors of 64 bytes: each aligned one is made from two neighbours in registers */
            const unsigned off = DMLREF__KP(W) - (unsigned)((uintptr_t)dst % 64u / sizeof(DMLREF__KP(T)));
            const DMLREF__KP(IV) index = DMLREF__KP(ALIGNIDX)(off);
            const unsigned head = (1u << off) - 1u; /* lanes below off */
            if (p->exclusive) {
                DMLREF__CBLOCKED_LOOP(DMLREF__CB_REALIGN_PUT, 1, 1)
            } else {
                DMLREF__CBLOCKED_LOOP(DMLREF__CB_REALIGN_PUT, 0, 1)
            }
            if (prev_at && !(chain && line + 1 < p->lines)) {
                DMLREF__KP(STOREMASK)(prev_at, ~head, prev);
                prev_at = NULL;
            }
            streamed = 1;
        } else
#endif
        if (staged) { /* each flush ends on a 64-byte boundary: what lies past it waits for the next */
            DMLREF__KP(T) stage[DMLREF__CB_STAGE(DMLREF__KP(T)) + 64u];
            DMLREF__KP(T) *out = dst; /* where stage[0] goes */
            size_t have = 0, n, k;    /* elements staged */
            int line_end = 0;
            while (!line_end) {
                for (; start + DMLREF__BLOCK <= length && have < DMLREF__CB_STAGE(DMLREF__KP(T));
                     start += DMLREF__BLOCK, have += DMLREF__BLOCK) {
                    DMLREF__PREFETCH_SPAN(src + start, DMLREF__BLOCK * sizeof(DMLREF__KP(T)));
                    if (p->exclusive)
                        DMLREF__CBLOCKED_STEP(DMLREF__KP(STOREB), 1, 0, stage + have, src + start);
                    else
                        DMLREF__CBLOCKED_STEP(DMLREF__KP(STOREB), 0, 0, stage + have, src + start);
                }
                line_end = start + DMLREF__BLOCK > length;
                n = line_end ? have
                         : (size_t)((((uintptr_t)(out + have)) & ~(uintptr_t)63u) - (uintptr_t)out) /
                               sizeof(DMLREF__KP(T));
                k = ((64u - (uintptr_t)out % 64u) % 64u) / sizeof(DMLREF__KP(T));
                k = k < n ? k : n;
                memcpy(out, stage, k * sizeof(DMLREF__KP(T)));
                if (sizeof(DMLREF__KP(T)) == sizeof(DMLREF__KP(A))) { /* vector-wide streaming stores */
                    const DMLREF__KP(A) *from = (const DMLREF__KP(A) *)(const void *)stage;
                    for (; k + DMLREF__KP(W) <= n; k += DMLREF__KP(W))
                        DMLREF__KP(STREAM)(out + k, DMLREF__KP(TLOAD)(from + k));
                }
                dmlref__stream_copy(out + k, stage + k, (n - k) * sizeof(DMLREF__KP(T)));
                memmove(stage, stage + n, (have - n) * sizeof(DMLREF__KP(T)));
                have -= n;
                out += n;
            }
            streamed = 1;
        }
        if (down) DMLREF__CBLOCKED_LOOPS(DMLREF__CBLOCKED_LOOP_DOWN);
        else DMLREF__CBLOCKED_LOOPS(DMLREF__CBLOCKED_LOOP);
        if (start < length) { /* a short last block, through a zero-padded copy in line order */
            DMLREF__KP(T) pad[DMLREF__BLOCK];
            const size_t left = (size_t)(length - start);
            size_t k;
            memset(pad, 0, sizeof pad);
            for (k = 0; k < left; k++) pad[k] = src[down ? -(ptrdiff_t)(start + k) : (ptrdiff_t)(start + k)];
            if (p->exclusive)
                DMLREF__CBLOCKED_STEP(DMLREF__KP(STOREB), 1, 0, pad, pad);
            else
                DMLREF__CBLOCKED_STEP(DMLREF__KP(STOREB), 0, 0, pad, pad);
            for (k = 0; k < left; k++) dst[down ? -(ptrdiff_t)(start + k) : (ptrdiff_t)(start + k)] = pad[k];
        }
    }
    if (streamed) DMLREF__KP(FENCE)();
#undef DMLREF__K_P
#undef DMLREF__K_REALIGN
#elif DMLREF__KERNEL == DMLREF__KERNEL_TSCAN
    /* Streamed outputs, lines on cache lines: N = 2 or 4 tiles give each line 64 bytes, stored back
       to back so that they fill one write-combining buffer (a tile row at a time was slower than
       writing through the cache) */
    const uint64_t line_bytes = (uint64_t)(p->dst_line < 0 ? -p->dst_line : p->dst_line) * p->esize;
    /* DECREASING (steps -1, DMLREF__REVERSE_FUSED): the lines walked down, tile rows at their lowest address */
    const int down = p->src_step < 0;
    /* elements before each line's first 64-byte boundary (lines of whole 64-byte multiples share it); down,
       before the boundary below which the first group's tiles lie */
    const uint64_t peel = (down ? ((uintptr_t)p->dst + sizeof(DMLREF__KP(T))) % 64u
                                : (64u - (uintptr_t)p->dst % 64u) % 64u) /
                          sizeof(DMLREF__KP(T));
    const int stream = DMLREF__TSCAN_NT(DMLREF__KP(T), DMLREF__KP(W)) > 1u && !p->exclusive && p->stream &&
                       p->length >= peel + DMLREF__TSCAN_NT(DMLREF__KP(T), DMLREF__KP(W)) * DMLREF__KP(W) &&
                       (uintptr_t)p->dst % sizeof(DMLREF__KP(T)) == 0 && line_bytes % 64u == 0;
    /* Lines back to back, off the boundary: the 64-byte line that holds one line's last `tailn` outputs and
       the next line's first `peel` is assembled in edge[] and streamed whole (two partial lines through the
       cache cost 5%). edge[l] is the one that ends with line g + l's head; edge[W] waits for the next group. */
    const int chain = stream && !down && peel > 0 && p->dst_line == (int64_t)p->length;
    const unsigned tailn = 64u / (unsigned)sizeof(DMLREF__KP(T)) - (unsigned)peel;
    DMLREF__KP(T) edge[DMLREF__KP(W) + 1][64u / sizeof(DMLREF__KP(T))];
    uint64_t g, i;
    unsigned k, l;
    for (g = 0; g + DMLREF__KP(W) <= p->lines; g += DMLREF__KP(W)) {
        const DMLREF__KP(T) *s[DMLREF__KP(W)];
        DMLREF__KP(T) *d[DMLREF__KP(W)];
        DMLREF__KP(A) lanes[DMLREF__KP(W)];
        DMLREF__KP(V) tally = DMLREF__K_IDENTV, r[DMLREF__KP(W)];
        for (l = 0; l < DMLREF__KP(W); l++) {
            s[l] = (const DMLREF__KP(T) *)p->src + (ptrdiff_t)(g + l) * p->src_line;
            d[l] = (DMLREF__KP(T) *)p->dst + (ptrdiff_t)(g + l) * p->dst_line;
        }
        i = 0; /* the route sends lines of at least W elements */
        if (p->exclusive && down) DMLREF__TSCAN_CACHED(1, 1);
        else if (p->exclusive) DMLREF__TSCAN_CACHED(1, 0);
        else if (stream && down) DMLREF__TSCAN_STREAMED(1);
        else if (stream) DMLREF__TSCAN_STREAMED(0);
        else if (down) DMLREF__TSCAN_CACHED(0, 1);
        else DMLREF__TSCAN_CACHED(0, 0);
        memcpy(lanes, &tally, sizeof lanes);
        for (l = 0; l < DMLREF__KP(W); l++) { /* the tail of each line */
            const ptrdiff_t dir = down ? -1 : 1;
            /* element j goes to tail[j - from] (no pointer past the line when i == length) */
            DMLREF__KP(T) *tail = chain ? edge[l + 1] : d[l]; /* chain: i == length - tailn */
            const uint64_t from = chain ? i : 0;
            DMLREF__KP(A) t = lanes[l];
            uint64_t j;
            for (j = i; j < p->length; j++) {
                DMLREF__KP(A) x = DMLREF__KP(SLOAD)(s[l][(ptrdiff_t)j * dir]);
                if (p->exclusive) tail[(ptrdiff_t)(j - from) * dir] = DMLREF__KP(SSTORE)(t);
                t = DMLREF__K_SOP(t, x);
                if (!p->exclusive) tail[(ptrdiff_t)(j - from) * dir] = DMLREF__KP(SSTORE)(t);
            }
            if (t != t && down) { /* the tiles were stored raw */
                DMLREF__CANON_LINE(d[l] - (p->length - 1u), p->length, DMLREF__KP(SLOAD), DMLREF__KP(SSTORE));
            } else if (t != t && chain) { /* the tiles and the head were stored raw */
                DMLREF__CANON_LINE(d[l] + peel, p->length - peel - tailn, DMLREF__KP(SLOAD), DMLREF__KP(SSTORE));
                DMLREF__CANON_LINE(edge[l] + tailn, peel, DMLREF__KP(SLOAD), DMLREF__KP(SSTORE));
            } else if (t != t) {
                DMLREF__CANON_LINE(d[l], p->length, DMLREF__KP(SLOAD), DMLREF__KP(SSTORE));
            }
        }
        if (chain) { /* edge[0] is whole after the first group; edge[W] becomes the next group's edge[0] */
            if (g == 0) memcpy(d[0], edge[0] + tailn, peel * sizeof(DMLREF__KP(T)));
            else dmlref__stream_copy(d[0] - tailn, edge[0], 64u);
            for (l = 1; l < DMLREF__KP(W); l++) dmlref__stream_copy(d[l] - tailn, edge[l], 64u);
            memcpy(edge[0], edge[DMLREF__KP(W)], tailn * sizeof(DMLREF__KP(T)));
        }
    }
    if (chain && g > 0) /* the last group's last tail */
        memcpy((DMLREF__KP(T) *)p->dst + (ptrdiff_t)(g - 1u) * p->dst_line + (p->length - tailn), edge[0],
               tailn * sizeof(DMLREF__KP(T)));
    if (stream) DMLREF__KP(FENCE)();
    /* Lines left over go a stage at a time. Streamed (nt): the stages start on the output's 64-byte
       boundaries (the first ends at one) and their whole vectors are written raw with non-temporal stores;
       a line whose last tally is NaN is made canonical afterwards (a NaN tally stays NaN for + and x). */
#define DMLREF__TSCAN_STAGE_END(start)                                                                    \
    ((start) == 0 && head != 0 ? (head < p->length ? head : p->length)                                    \
     : p->length - (start) < DMLREF__TSCAN_STAGE ? p->length                                              \
                                                 : (start) + DMLREF__TSCAN_STAGE)
/* Elements of line d0 before its output's first 64-byte boundary, when streamed (nt). */
#define DMLREF__TSCAN_HEAD (nt ? ((64u - (uintptr_t)d0 % 64u) % 64u) / sizeof(DMLREF__KP(T)) : 0u)
/* Stage `from` (n elements, converted by TLOAD) to d0 + start: whole vectors streamed when nt and start is
   on a 64-byte boundary, the rest with PUT and SPUT. */
#define DMLREF__TSCAN_STAGE_OUT(from, TLOAD, PUT, SPUT)                                                   \
    do {                                                                                                  \
        unsigned o_ = 0;                                                                                  \
        if (nt && (uintptr_t)(d0 + start) % 64u == 0)                                                     \
            for (; o_ + DMLREF__KP(W) <= n; o_ += DMLREF__KP(W))                                          \
                DMLREF__KP(STREAM_RAW)(d0 + start + o_, TLOAD((from) + o_));                              \
        for (; o_ + DMLREF__KP(W) <= n; o_ += DMLREF__KP(W)) PUT(d0 + start + o_, TLOAD((from) + o_));   \
        for (; o_ < n; o_++) d0[start + o_] = SPUT((from)[o_]);                                           \
    } while (0)
    /* DECREASING lines left over: the recurrence one element at a time, stored raw (canonical afterwards) */
    for (; down && g < p->lines; g++) {
        const DMLREF__KP(T) *s0 = (const DMLREF__KP(T) *)p->src + (ptrdiff_t)g * p->src_line;
        DMLREF__KP(T) *d0 = (DMLREF__KP(T) *)p->dst + (ptrdiff_t)g * p->dst_line;
        const DMLREF__KP(V) identity_v = DMLREF__K_IDENTV;
        DMLREF__KP(A) t = DMLREF__KP(SLOAD)(s0[0]), identity;
        memcpy(&identity, &identity_v, sizeof identity);
        d0[0] = DMLREF__KP(RSTORE)(p->exclusive ? identity : t);
        for (i = 1; i < p->length; i++) {
            const DMLREF__KP(A) x = DMLREF__KP(SLOAD)(s0[-(ptrdiff_t)i]);
            if (p->exclusive) d0[-(ptrdiff_t)i] = DMLREF__KP(RSTORE)(t);
            t = DMLREF__K_SOP(t, x);
            if (!p->exclusive) d0[-(ptrdiff_t)i] = DMLREF__KP(RSTORE)(t);
        }
        if (t != t) DMLREF__CANON_LINE(d0 - (p->length - 1u), p->length, DMLREF__KP(SLOAD), DMLREF__KP(SSTORE));
    }
    /* FLOAT16: widened and narrowed with the vector conversions (one at a time, they cost more than the
       chain of additions), the chain in between exactly the scalar recurrence on float tallies. */
    for (; sizeof(DMLREF__KP(T)) == 2 && g < p->lines; g++) {
        const DMLREF__KP(T) *s0 = (const DMLREF__KP(T) *)p->src + (ptrdiff_t)g * p->src_line;
        DMLREF__KP(T) *d0 = (DMLREF__KP(T) *)p->dst + (ptrdiff_t)g * p->dst_line;
        const int nt = p->stream && (uintptr_t)d0 % sizeof(DMLREF__KP(T)) == 0;
        const uint64_t head = DMLREF__TSCAN_HEAD;
        DMLREF__KP(A) stage[DMLREF__TSCAN_STAGE], t, identity;
        const DMLREF__KP(V) identity_v = DMLREF__K_IDENTV;
        uint64_t start, next;
        memcpy(&identity, &identity_v, sizeof identity);
        t = DMLREF__KP(SLOAD)(s0[0]); /* the first output is the first element (exclusive: the identity) */
        for (start = 0; start < p->length; start = next) {
            const unsigned n = (unsigned)((next = DMLREF__TSCAN_STAGE_END(start)) - start);
            unsigned j = 0;
            if (p->stream) DMLREF__PREFETCH_SPAN(s0 + start, n * sizeof(DMLREF__KP(T)));
            for (; j + DMLREF__KP(W) <= n; j += DMLREF__KP(W))
                DMLREF__KP(TSTORE)(stage + j, DMLREF__KP(LOAD)(s0 + start + j));
            for (; j < n; j++) stage[j] = DMLREF__KP(SLOAD)(s0[start + j]);
            j = 0;
            if (start == 0) {
                stage[0] = p->exclusive ? identity : t;
                j = 1;
            }
            if (p->exclusive)
                for (; j < n; j++) {
                    const DMLREF__KP(A) x = stage[j];
                    stage[j] = t;
                    t = DMLREF__K_SOP(t, x);
                }
            else
                for (; j < n; j++) stage[j] = t = DMLREF__K_SOP(t, stage[j]);
            DMLREF__TSCAN_STAGE_OUT(stage, DMLREF__KP(TLOAD), DMLREF__KP(STORE), DMLREF__KP(SSTORE));
        }
        if (nt && t != t) DMLREF__CANON_LINE(d0, p->length, DMLREF__KP(SLOAD), DMLREF__KP(SSTORE));
    }
    /* FLOAT32 and FLOAT64: the naive loop, bound by the latency of OP, its outputs stored raw (RSTORE: no
       NaN select on the way) and made canonical afterwards if the last tally is NaN (exclusive: the tally
       after the last element, NaN whenever an output is). */
    for (; g < p->lines; g++) {
        const DMLREF__KP(T) *s0 = (const DMLREF__KP(T) *)p->src + (ptrdiff_t)g * p->src_line;
        DMLREF__KP(T) *d0 = (DMLREF__KP(T) *)p->dst + (ptrdiff_t)g * p->dst_line;
        const int nt = p->stream && (uintptr_t)d0 % sizeof(DMLREF__KP(T)) == 0;
        const DMLREF__KP(V) identity_v = DMLREF__K_IDENTV;
        DMLREF__KP(A) t = DMLREF__KP(SLOAD)(s0[0]), identity;
        memcpy(&identity, &identity_v, sizeof identity);
        if (nt) {
            const uint64_t head = DMLREF__TSCAN_HEAD;
            DMLREF__KP(T) staged[DMLREF__TSCAN_STAGE];
            uint64_t start, next;
            for (start = 0; start < p->length; start = next) {
                const unsigned n = (unsigned)((next = DMLREF__TSCAN_STAGE_END(start)) - start);
                unsigned j = 0;
                DMLREF__PREFETCH_SPAN(s0 + start, n * sizeof(DMLREF__KP(T)));
                if (start == 0) {
                    staged[0] = DMLREF__KP(RSTORE)(p->exclusive ? identity : t);
                    j = 1;
                }
                if (p->exclusive)
                    for (; j < n; j++) {
                        const DMLREF__KP(A) x = DMLREF__KP(SLOAD)(s0[start + j]);
                        staged[j] = DMLREF__KP(RSTORE)(t);
                        t = DMLREF__K_SOP(t, x);
                    }
                else
                    for (; j < n; j++)
                        staged[j] = DMLREF__KP(RSTORE)(t = DMLREF__K_SOP(t, DMLREF__KP(SLOAD)(s0[start + j])));
                DMLREF__TSCAN_STAGE_OUT(staged, DMLREF__KP(LOAD), DMLREF__KP(STORE_RAW), (DMLREF__KP(T)));
            }
        } else if (p->exclusive) {
            d0[0] = DMLREF__KP(RSTORE)(identity);
            for (i = 1; i < p->length; i++) {
                const DMLREF__KP(A) x = DMLREF__KP(SLOAD)(s0[i]);
                d0[i] = DMLREF__KP(RSTORE)(t);
                t = DMLREF__K_SOP(t, x);
            }
        } else {
            d0[0] = DMLREF__KP(RSTORE)(t);
            for (i = 1; i < p->length; i++) {
                t = DMLREF__K_SOP(t, DMLREF__KP(SLOAD)(s0[i]));
                d0[i] = DMLREF__KP(RSTORE)(t);
            }
        }
        if (t != t) DMLREF__CANON_LINE(d0, p->length, DMLREF__KP(SLOAD), DMLREF__KP(SSTORE));
    }
    if (p->stream) DMLREF__KP(FENCE)(); /* the stages' non-temporal stores */
#undef DMLREF__TSCAN_STAGE_END
#undef DMLREF__TSCAN_HEAD
#undef DMLREF__TSCAN_STAGE_OUT
#undef DMLREF__K_P
#undef DMLREF__K_OP
#undef DMLREF__K_IDENTV
#undef DMLREF__K_SOP
#elif DMLREF__KERNEL == DMLREF__KERNEL_VBLOCKED
    /* Streamed rows back to back whose output is off the 64-byte boundary, on whole-line vectors that can be
       realigned in registers (DMLREF__K_REALIGN): edges. Otherwise the lines before the boundary go to the
       scalar kernel first. */
#if defined(DMLREF__K_REALIGN)
    const int edge = DMLREF__KP(W) * sizeof(DMLREF__KP(T)) == 64u && dmlref__flat_rows(p, sizeof(DMLREF__KP(T)));
    /* h: outputs before the first boundary; cm: the wrapped vector's j */
    const unsigned h = edge ? (unsigned)((64u - (uintptr_t)p->dst % 64u) / sizeof(DMLREF__KP(T))) : 0u;
    const unsigned cm = edge ? (unsigned)p->lines - DMLREF__KP(W) : 0u;
    const DMLREF__KP(IV) wrap = DMLREF__KP(ALIGNIDX)(h);
    DMLREF__KP(V) last_x = DMLREF__KP(ZEROV); /* the wrapped vector of the row before */
    DMLREF__KP(T) first_x[DMLREF__KP(W)];     /* row 0's */
    /* ish: input lanes past a 64-byte boundary at the aligned vectors. A row's inner ones (all but its
       first and its last two) are then two aligned loads realigned in registers: unaligned, they cost 3%. */
    const unsigned ish = edge && p->lines >= 4u * DMLREF__KP(W)
                             ? (unsigned)(((uintptr_t)p->src + h * sizeof(DMLREF__KP(T))) % 64u / sizeof(DMLREF__KP(T)))
                             : 0u;
    const DMLREF__KP(IV) in_wrap = DMLREF__KP(ALIGNIDX)(ish);
/* Row vector j of the row at `at`. With edges, the vectors follow the output's 64-byte boundaries from
   line h on, and the last one (j == cm) wraps: lines 0 .. h - 1 and lines - W + h .. lines - 1 of the
   same row, each in its own lanes, so that every lane keeps its row's blocks. */
#define DMLREF__VB_LOAD(at)                                                                                  \
    (edge && j == cm ? DMLREF__KP(SPLICE)(DMLREF__KP(LOAD)(at), DMLREF__KP(LOAD)((at) + cm), h)            \
     : ish && j - DMLREF__KP(W) <= cm - 3u * DMLREF__KP(W)                                                  \
         ? DMLREF__KP(ALIGN2)(DMLREF__KP(LOAD)((at) + h + j - ish), in_wrap,                                \
                              DMLREF__KP(LOAD)((at) + h + j - ish + DMLREF__KP(W)))                         \
         : DMLREF__KP(LOAD)((at) + (edge ? h + j : j)))
/* A whole-line row vector streamed. With edges, the wrapped vector X of row R makes the 64-byte line
   across rows R - 1 and R: X(R - 1) from lane h on (its row's last W - h outputs), then X(R) below h
   (its row's first h), by ALIGN2, streamed whole. Row 0's first h outputs and the last row's last W - h
   go through the cache at the end: their lines hold memory outside the output. */
#define DMLREF__VB_DIRECT(row, v)                                                                               \
    do {                                                                                                        \
        if (edge && j == cm) {                                                                                  \
            if (start + (row) == 0) DMLREF__KP(STORE)(first_x, (v));                                            \
            else                                                                                                \
                DMLREF__KP(STREAM)(d + (ptrdiff_t)(row)*p->dst_step - (DMLREF__KP(W) - h),                      \
                                   DMLREF__KP(ALIGN2)(last_x, wrap, (v)));                                      \
            last_x = (v);                                                                                       \
        } else {                                                                                                \
            DMLREF__KP(STREAM)(d + (ptrdiff_t)(row)*p->dst_step + (edge ? h + j : j), (v));                     \
        }                                                                                                       \
    } while (0)
#else
    const int edge = 0;
#define DMLREF__VB_LOAD(at) DMLREF__KP(LOAD)((at) + j)
#define DMLREF__VB_DIRECT(row, v) DMLREF__KP(STREAM)(d + (ptrdiff_t)(row)*p->dst_step + j, (v))
#endif
    dmlref__scan_panel rest;
    if (!edge) { /* the lines before the boundary on the scalar kernel: the rest streams from it */
        const uint64_t head = dmlref__stream_head_lines(p);
        if (head > 0 && head < p->lines && p->lines - head >= DMLREF__KP(W)) {
            rest = dmlref__scan_subpanel(p, 0, head);
            DMLREF__KP(SCALAR_BLOCKED)(&rest);
            rest = dmlref__scan_subpanel(p, head, p->lines - head);
            p = &rest;
        }
    }
    DMLREF__KP(V) carry[DMLREF__CHUNK_BYTES / sizeof(DMLREF__KP(V))]; /* the output before each lane's next block */
    DMLREF__KP(V) part[DMLREF__VB_STRIP / sizeof(DMLREF__KP(V))][15]; /* what rows 8-15 of a block take from rows 0-7 */
    const unsigned chunk = (unsigned)(sizeof carry / sizeof carry[0]) * DMLREF__KP(W);
    const unsigned strip = (unsigned)(sizeof part / sizeof part[0]) * DMLREF__KP(W);
    const unsigned ex = p->exclusive ? 1u : 0u; /* an exclusive scan writes each sum one row later */
    /* Streamed: a vector that is a whole 64-byte line goes out as it is made (direct). Narrower ones
       would stream each line in pieces stored far apart in time (AVX2, 4096x4096 along axis 0: 0.25 of
       the streaming copy, against 0.56-0.73 through the cache), so their rows wait in `staged` and
       each pass streams its strip of every row out a line at a time. */
    const int stream = edge || (!p->exclusive && dmlref__stream_rows(p, 64u) &&
                       (DMLREF__KP(W) * sizeof(DMLREF__KP(T)) == 64u || DMLREF__NT_STORES));
    const int direct = stream && DMLREF__KP(W) * sizeof(DMLREF__KP(T)) == 64u;
    DMLREF__KP(T) staged[8][(DMLREF__VB_STRIP / sizeof(DMLREF__KP(V))) * DMLREF__KP(W)];
    uint64_t first, start;
    unsigned c, j, j0, end, r, k;
    for (first = 0; p->lines - first >= DMLREF__KP(W); first += c) {
        uint64_t left = p->lines - first;
        const DMLREF__KP(T) *src = (const DMLREF__KP(T) *)p->src + (ptrdiff_t)first;
        DMLREF__KP(T) *dst = (DMLREF__KP(T) *)p->dst + (ptrdiff_t)first;
        c = left < chunk ? (unsigned)(left / DMLREF__KP(W)) * DMLREF__KP(W) : chunk;
        for (j = 0; j < c; j += DMLREF__KP(W)) /* -0.0 + y == y: the first block stands */
            carry[j / DMLREF__KP(W)] = DMLREF__KP(NEGZ);
        for (start = 0; start < p->length; start += DMLREF__BLOCK) {
            uint64_t rows = p->length - start;
            unsigned len = rows < DMLREF__BLOCK ? (unsigned)rows : DMLREF__BLOCK;
            const DMLREF__KP(T) *s = src + (ptrdiff_t)start * p->src_step;
            DMLREF__KP(T) *d = dst + (ptrdiff_t)start * p->dst_step;
            if (len == DMLREF__BLOCK) {
                for (j0 = 0; j0 < c; j0 = end) {
                    end = c - j0 < strip ? c : j0 + strip;
                    for (j = j0; j < end; j += DMLREF__KP(W)) { /* rows 0-7: their sums are final */
                        DMLREF__KP(V) y[8], *t = part[(j - j0) / DMLREF__KP(W)];
                        DMLREF__UNROLL for (r = 0; r < 8; r++)
                            y[r] = DMLREF__VB_LOAD(s + (ptrdiff_t)r * p->src_step);
                        t[0] = y[7];
                        DMLREF__UNROLL for (r = 8; r-- > 1;) y[r] = DMLREF__KP(ADD)(y[r - 1], y[r]);
                        t[1] = y[6];
                        t[2] = y[7];
                        DMLREF__UNROLL for (r = 8; r-- > 2;) y[r] = DMLREF__KP(ADD)(y[r - 2], y[r]);
                        DMLREF__UNROLL for (r = 0; r < 4; r++) t[3 + r] = y[4 + r];
                        DMLREF__UNROLL for (r = 8; r-- > 4;) y[r] = DMLREF__KP(ADD)(y[r - 4], y[r]);
                        if (ex) /* exclusive: +0.0 first */
                            DMLREF__KP(STORE)(d + j, start == 0 ? DMLREF__KP(ZEROV) : carry[j / DMLREF__KP(W)]);
                        DMLREF__UNROLL for (r = 0; r < 8; r++) {
                            t[7 + r] = y[r];
                            if (r + ex < 8) /* exclusive: row 8 is written after pass 2 reads it */
                                DMLREF__VB_PUT(r, r + ex, DMLREF__KP(ADD)(carry[j / DMLREF__KP(W)], y[r]));
                        }
                    }
                    DMLREF__VB_FLUSH(0u);
                    for (j = j0; j < end; j += DMLREF__KP(W)) { /* rows 8-15, from the parts of rows 0-7 */
                        DMLREF__KP(V) z[8];
                        const DMLREF__KP(V) *t = part[(j - j0) / DMLREF__KP(W)];
                        DMLREF__UNROLL for (r = 0; r < 8; r++)
                            z[r] = DMLREF__VB_LOAD(s + (ptrdiff_t)(r + 8) * p->src_step);
                        DMLREF__UNROLL for (r = 8; r-- > 1;) z[r] = DMLREF__KP(ADD)(z[r - 1], z[r]);
                        z[0] = DMLREF__KP(ADD)(t[0], z[0]);
                        DMLREF__UNROLL for (r = 8; r-- > 2;) z[r] = DMLREF__KP(ADD)(z[r - 2], z[r]);
                        z[1] = DMLREF__KP(ADD)(t[2], z[1]);
                        z[0] = DMLREF__KP(ADD)(t[1], z[0]);
                        DMLREF__UNROLL for (r = 8; r-- > 4;) z[r] = DMLREF__KP(ADD)(z[r - 4], z[r]);
                        DMLREF__UNROLL for (r = 0; r < 4; r++) z[r] = DMLREF__KP(ADD)(t[3 + r], z[r]);
                        if (ex)
                            DMLREF__KP(STORE)(d + (ptrdiff_t)8 * p->dst_step + j,
                                              DMLREF__KP(ADD)(carry[j / DMLREF__KP(W)], t[14]));
                        DMLREF__UNROLL for (r = 0; r < 8; r++) {
                            z[r] = DMLREF__KP(ADD)(carry[j / DMLREF__KP(W)], DMLREF__KP(ADD)(t[7 + r], z[r]));
                            if (r + 8 + ex >= DMLREF__BLOCK) break; /* exclusive: row 15's sum is the carry */
                            DMLREF__VB_PUT(r, r + 8 + ex, z[r]);
                        }
                        carry[j / DMLREF__KP(W)] = z[7];
                    }
                    DMLREF__VB_FLUSH(8u);
                }
                continue;
            }
            for (j = 0; j < c; j += DMLREF__KP(W)) { /* the last, short block: the plain log-step scan */
                DMLREF__KP(V) y[DMLREF__BLOCK];
                for (r = 0; r < len; r++) y[r] = DMLREF__VB_LOAD(s + (ptrdiff_t)r * p->src_step);
                for (k = 1; k < DMLREF__BLOCK; k <<= 1)
                    for (r = len; r-- > k;) y[r] = DMLREF__KP(ADD)(y[r - k], y[r]);
                for (r = 0; r < len; r++) y[r] = DMLREF__KP(ADD)(carry[j / DMLREF__KP(W)], y[r]);
                if (p->exclusive) {
                    /* exclusive starts with +0.0 */
                    DMLREF__KP(STORE)(d + j, start == 0 ? DMLREF__KP(ZEROV) : carry[j / DMLREF__KP(W)]);
                    for (r = 1; r < len; r++) DMLREF__KP(STORE)(d + (ptrdiff_t)r * p->dst_step + j, y[r - 1]);
                } else if (direct) {
                    for (r = 0; r < len; r++) DMLREF__VB_DIRECT(r, y[r]);
                } else {
                    for (r = 0; r < len; r++) DMLREF__KP(STORE)(d + (ptrdiff_t)r * p->dst_step + j, y[r]);
                }
            }
        }
    }
#if defined(DMLREF__K_REALIGN)
    if (edge) { /* row 0's first h outputs, the last row's last W - h */
        DMLREF__KP(T) last[DMLREF__KP(W)];
        DMLREF__KP(STORE)(last, last_x);
        memcpy(p->dst, first_x, h * sizeof(DMLREF__KP(T)));
        memcpy((DMLREF__KP(T) *)p->dst + (ptrdiff_t)p->length * p->dst_step - (DMLREF__KP(W) - h), last + h,
               (DMLREF__KP(W) - h) * sizeof(DMLREF__KP(T)));
    }
#endif
    if (stream) DMLREF__KP(FENCE)();
    if (first < p->lines) {
        dmlref__scan_panel sub = dmlref__scan_subpanel(p, first, p->lines - first);
        DMLREF__KP(SCALAR_BLOCKED)(&sub);
    }
#undef DMLREF__K_P
#undef DMLREF__K_REALIGN
#undef DMLREF__VB_LOAD
#undef DMLREF__VB_DIRECT
#elif DMLREF__KERNEL == DMLREF__KERNEL_VSCAN /* vertical scans (>>simd-common): roles P, OP, IDENTV, SOP, SIDENT */
    const int stream = dmlref__stream_rows(p, sizeof(DMLREF__KP(V)));
    DMLREF__KP(A) tally[DMLREF__CHUNK_BYTES / sizeof(DMLREF__KP(A))];
    const unsigned chunk = (unsigned)(sizeof tally / sizeof tally[0]);
    uint64_t first, i;
    if (dmlref__flat_rows(p, sizeof(DMLREF__KP(A)))) { /* slot (k - h) mod lines of tally: output k - lines */
        const uint64_t lines = p->lines, total = lines * p->length;
        /* outputs before the first boundary */
        const uint64_t h = (64u - (uintptr_t)p->dst % 64u) / sizeof(DMLREF__KP(T));
        const DMLREF__KP(T) *src = (const DMLREF__KP(T) *)p->src;
        DMLREF__KP(T) *dst = (DMLREF__KP(T) *)p->dst;
        uint64_t k, r = 0;
        for (k = 0; k < lines; k++) /* x (+) it == x: row 0 */
            tally[k] = (DMLREF__K_SIDENT) ? (DMLREF__KP(A))1 : (DMLREF__KP(A))(-0.0);
        for (k = 0; k < h; k++) {
            tally[lines - h + k] = DMLREF__K_SOP(tally[lines - h + k], DMLREF__KP(SLOAD)(src[k]));
            dst[k] = DMLREF__KP(SSTORE)(tally[lines - h + k]);
        }
        for (; k + DMLREF__KP(W) <= total; k += DMLREF__KP(W)) {
            DMLREF__KP(V) t = DMLREF__K_OP(DMLREF__KP(TLOAD)(tally + r), DMLREF__KP(LOAD)(src + k));
            DMLREF__KP(TSTORE)(tally + r, t);
            DMLREF__KP(STREAM)(dst + k, t);
            r = r + DMLREF__KP(W) == lines ? 0 : r + DMLREF__KP(W);
        }
        for (; k < total; k++, r++) {
            tally[r] = DMLREF__K_SOP(tally[r], DMLREF__KP(SLOAD)(src[k]));
            dst[k] = DMLREF__KP(SSTORE)(tally[r]);
        }
        DMLREF__KP(FENCE)();
    } else
        for (first = 0; first < p->lines; first += chunk) {
            unsigned c = p->lines - first < chunk ? (unsigned)(p->lines - first) : chunk, j;
            const DMLREF__KP(T) *src = (const DMLREF__KP(T) *)p->src + (ptrdiff_t)first;
            DMLREF__KP(T) *dst = (DMLREF__KP(T) *)p->dst + (ptrdiff_t)first;
            for (j = 0; j + DMLREF__KP(W) <= c; j += DMLREF__KP(W)) {
                DMLREF__KP(V) x = DMLREF__KP(LOAD)(src + j);
                DMLREF__KP(TSTORE)(tally + j, x);
                DMLREF__KP(STORE)(dst + j, p->exclusive ? (DMLREF__K_IDENTV) : x);
            }
            for (; j < c; j++) {
                tally[j] = DMLREF__KP(SLOAD)(src[j]);
                dst[j] = DMLREF__KP(SSTORE)(p->exclusive ? (DMLREF__KP(A))(DMLREF__K_SIDENT) : tally[j]);
            }
            for (i = 1; i < p->length; i++) {
                const DMLREF__KP(T) *s = src + (ptrdiff_t)i * p->src_step;
                DMLREF__KP(T) *d = dst + (ptrdiff_t)i * p->dst_step;
                if (p->exclusive) {
                    for (j = 0; j + DMLREF__KP(W) <= c; j += DMLREF__KP(W)) {
                        DMLREF__KP(V) x = DMLREF__KP(LOAD)(s + j), t = DMLREF__KP(TLOAD)(tally + j);
                        DMLREF__KP(STORE)(d + j, t); /* x was read first: in-place safe */
                        DMLREF__KP(TSTORE)(tally + j, DMLREF__K_OP(t, x));
                    }
                    for (; j < c; j++) {
                        DMLREF__KP(A) x = DMLREF__KP(SLOAD)(s[j]);
                        d[j] = DMLREF__KP(SSTORE)(tally[j]);
                        tally[j] = DMLREF__K_SOP(tally[j], x);
                    }
                } else {
                    if (stream)
                        for (j = 0; j + DMLREF__KP(W) <= c; j += DMLREF__KP(W)) {
                            DMLREF__KP(V) t = DMLREF__K_OP(DMLREF__KP(TLOAD)(tally + j), DMLREF__KP(LOAD)(s + j));
                            DMLREF__KP(TSTORE)(tally + j, t);
                            DMLREF__KP(STREAM)(d + j, t);
                        }
                    else if (sizeof(DMLREF__KP(A)) ==
                             sizeof(DMLREF__KP(T))) /* the row just stored is the tally: one store, not two */
                        for (j = 0; j + DMLREF__KP(W) <= c; j += DMLREF__KP(W))
                            DMLREF__KP(STORE)(d + j, DMLREF__K_OP(DMLREF__KP(TLOAD)((const DMLREF__KP(A) *)(
                                                                      const void *)(d - p->dst_step) + j),
                                                                  DMLREF__KP(LOAD)(s + j)));
                    else
                        for (j = 0; j + DMLREF__KP(W) <= c; j += DMLREF__KP(W)) {
                            DMLREF__KP(V) t = DMLREF__K_OP(DMLREF__KP(TLOAD)(tally + j), DMLREF__KP(LOAD)(s + j));
                            DMLREF__KP(TSTORE)(tally + j, t);
                            DMLREF__KP(STORE)(d + j, t);
                        }
                    for (; j < c; j++) {
                        tally[j] = DMLREF__K_SOP(tally[j], DMLREF__KP(SLOAD)(s[j]));
                        d[j] = DMLREF__KP(SSTORE)(tally[j]);
                    }
                }
            }
        }
    if (stream) DMLREF__KP(FENCE)();
#undef DMLREF__K_P
#undef DMLREF__K_OP
#undef DMLREF__K_IDENTV
#undef DMLREF__K_SOP
#undef DMLREF__K_SIDENT
#elif DMLREF__KERNEL == DMLREF__KERNEL_CARG /* contiguous arg-reductions (>>simd-common, DMLREF__CARG_FOLD) */
    const uint64_t n = p->rcount, full = n - n % DMLREF__KP(CW);
    const uint64_t chunk = DMLREF__CARG_CHUNK(DMLREF__KP(T), DMLREF__KP(CW));
    const int want_max = p->want_max, last = p->last, prefetch = p->prefetch;
    uint64_t o;
    for (o = 0; o < p->outputs; o++) {
        const DMLREF__KP(T) *line = (const DMLREF__KP(T) *)p->src + (ptrdiff_t)o * p->src_output_step;
        DMLREF__KP(CVT) lanes[DMLREF__KP(CW)], best = 0, ext;
        uint64_t at = 0, c0, s0, i, end;
        unsigned k, kk, l;
        int nan_seen = 0;
        DMLREF__KP(CV) acc[DMLREF__CARG_ACC], kept[DMLREF__CARG_SEGMENT], seg = DMLREF__KP(CSET1V)(0), x, e;
        DMLREF__KP(CM) nan, m;
        for (c0 = 0; c0 < full && !nan_seen;) {
            for (s0 = c0, k = 0; k < DMLREF__CARG_SEGMENT && c0 < full; k++, c0 = end) {
                end = full - c0 > chunk ? c0 + chunk : full;
                /* pass 1: the chunk's lane-wise extremes */
                for (l = 0; l < DMLREF__CARG_ACC; l++) acc[l] = DMLREF__KP(CLOAD)(line + c0);
                nan = DMLREF__KP(CISNAN)(acc[0]);
                i = c0 + DMLREF__KP(CW);
                if (want_max && prefetch) {
                    DMLREF__CARG_FOLD(DMLREF__KP(CMAX), 1)
                } else if (want_max) {
                    DMLREF__CARG_FOLD(DMLREF__KP(CMAX), 0)
                } else if (prefetch) {
                    DMLREF__CARG_FOLD(DMLREF__KP(CMIN), 1)
                } else {
                    DMLREF__CARG_FOLD(DMLREF__KP(CMIN), 0)
                }
                if (DMLREF__KP(CMANY)(nan)) { /* NaN rules live in the scalar kernel */
                    nan_seen = 1;
                    break;
                }
                kept[k] = acc[0];
                seg = k == 0 ? acc[0] : want_max ? DMLREF__KP(CMAX)(acc[0], seg) : DMLREF__KP(CMIN)(acc[0], seg);
            }
            if (nan_seen) break;
            /* the segment's extreme: does it beat the best (or tie it, DECREASING)? */
            DMLREF__KP(CSTOREV)(lanes, seg);
            ext = lanes[0];
            if (want_max)
                for (l = 1; l < DMLREF__KP(CW); l++) ext = lanes[l] > ext ? lanes[l] : ext;
            else
                for (l = 1; l < DMLREF__KP(CW); l++) ext = lanes[l] < ext ? lanes[l] : ext;
            if (s0 > 0 && !DMLREF__ARG_BEATS(ext, best, want_max, last)) continue;
            /* the first (last) chunk holding it (-0.0 == +0.0 is a tie, as in the scalar rule) */
            e = DMLREF__KP(CSET1V)(ext);
            for (kk = last ? k - 1 : 0;; kk = last ? kk - 1 : kk + 1) {
                m = want_max ? DMLREF__KP(CLE)(e, kept[kk]) : DMLREF__KP(CLE)(kept[kk], e);
                if (DMLREF__KP(CMANY)(m)) break;
            }
            /* pass 2: where it is in that chunk */
            s0 += (uint64_t)kk * chunk;
            end = full - s0 > chunk ? s0 + chunk : full;
            for (i = last ? end - DMLREF__KP(CW) : s0;; i = last ? i - DMLREF__KP(CW) : i + DMLREF__KP(CW)) {
                x = DMLREF__KP(CLOAD)(line + i);
                m = want_max ? DMLREF__KP(CLE)(e, x) : DMLREF__KP(CLE)(x, e);
                if (DMLREF__KP(CMANY)(m)) break;
            }
            DMLREF__KP(CSTOREV)(lanes, x);
            if (last)
                for (l = DMLREF__KP(CW) - 1; lanes[l] != ext; l--) continue;
            else
                for (l = 0; lanes[l] != ext; l++) continue;
            best = ext;
            at = i + l;
        }
        if (!nan_seen && full < n) { /* the last n % CW elements */
            x = DMLREF__KP(CLOAD)(line + (n - DMLREF__KP(CW)));
            nan_seen = DMLREF__KP(CMANY)(DMLREF__KP(CISNAN)(x));
            DMLREF__KP(CSTOREV)(lanes, x);
            for (l = DMLREF__KP(CW) - (unsigned)(n - full); !nan_seen && l < DMLREF__KP(CW); l++) {
                DMLREF__KP(CVT) v = lanes[l];
                if (DMLREF__ARG_BEATS(v, best, want_max, last)) {
                    best = v;
                    at = n - DMLREF__KP(CW) + l;
                }
            }
        }
        if (nan_seen) {
            dmlref__arg_panel sub = dmlref__arg_subpanel(p, o, 1);
            DMLREF__KP(SCALAR_ARG)(&sub);
            continue;
        }
        dmlref__put_index(p, o, at);
    }
#undef DMLREF__K_P
#endif
#undef DMLREF__KERNEL

#endif /* DMLREF__KERNEL */
/* clang-format on */

/*
------------------------------------------------------------------------------
Revision history (CHANGELOG.md has one line per change)
    0.8.0  (2026-11-26)  split FLOAT16/FLOAT32 BLOCKED/TREE lines sum their blocks with
                         SIMD pairwise trees; exclusive single lines staged and streamed;
                         the CLI and the Python module use every CPU by default.
    0.7.2  (2026-11-26)  FLOAT16 NATIVE sums in float32 runs while the tally keeps its
                         binade (x86, NEON); one streamed SEQUENTIAL line staged on the
                         output's 64-byte boundaries, its input prefetched.
    0.7.1  (2026-11-26)  whole 64-byte lines across rows of outputs off the boundary;
                         FLOAT16 NATIVE chains with vmovw; EXACT FLOAT32 reads ahead.
    0.7.0  (2026-11-25)  one long EXACT line split between tasks by exact piece sums;
                         FLOAT16 NATIVE SEQUENTIAL lines on binary16 operations
                         (AVX512-FP16) and conversion round trips (F16C, NEON);
                         BLOCKED outputs off the boundary aligned in registers
                         (AVX-512); an EXACT rounding fix at -2^(64 j) units.
    0.6.0  (2026-11-25)  speed where callers are: options.parallel runs a call on the
                         caller's parallel-for with the same bits for every task count
                         (lines, and long lines of integers, BLOCKED, TREE CARRY_AFTER
                         and arg-reductions, split); streaming stores at any output
                         address; FLOAT16 SEQUENTIAL lines with vector conversions.
    0.5.0  (2026-11-25)  a codebase others can work in: every kernel under its own
                         name, per-ISA primitive families, kernel tables per path,
                         scalar and three SIMD shapes as re-included ordinary code
                         (DMLREF_HEADER_FILENAME); same results, same SIMD code.
    0.4.0  (2026-11-25)  reproducing other implementations: accumulation NATIVE
                         and WIDE, identity_seed, DMLREF_FLOAT_ORDER_TREE (4) with
                         dmlref_scan_tree, DMLREF_NAN_COMPARE (2),
                         DMLREF_ERROR_OUT_OF_MEMORY (13), DMLREF_MALLOC/FREE,
                         dmlref_pytorch_cuda_scan_block.
    0.3.0  (2026-11-24)  judging other implementations: DMLREF_FLOAT_ORDER_EXACT
                         (correctly rounded prefix sums), dmlref_error_bound with
                         DMLREF_FLOAT_ORDER_ANY (3), dmlref_options.accumulation
                         (DEFAULT only); DMLREF_FLOAT_ORDER_COUNT is 4.
    0.2.1  (2026-11-24)  faster, same bits: vertical BLOCKED sums in two passes
                         of 8 rows (and streamed through an L1 stage when a
                         vector is narrower than a cache line); AVX-512 NaN
                         canonicalisation in one instruction; scalar kernels
                         walk adjacent lines row by row, in groups.
    0.2.0  (2026-11-24)  SIMD kernels (SSE2, AVX2, AVX-512, AVX512-FP16, NEON)
                         with run-time dispatch, bit for bit equal to the scalar
                         ones; dmlref_isa gains DMLREF_ISA_AVX512FP16 (6), so
                         DMLREF_ISA_COUNT is 7 (tables sized by it grow).
    0.1.0  (2026-11-22)  first release: descriptors, validation, strided N-D
                         engine, scalar kernels for every operator and type.
------------------------------------------------------------------------------
MIT License

Copyright (c) 2026 the dml_ref authors

Permission is hereby granted, free of charge, to any person obtaining a copy of
this software and associated documentation files (the "Software"), to deal in
the Software without restriction, including without limitation the rights to
use, copy, modify, merge, publish, distribute, sublicense, and/or sell copies
of the Software, and to permit persons to whom the Software is furnished to do
so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in all
copies or substantial portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
SOFTWARE.
------------------------------------------------------------------------------
*/
