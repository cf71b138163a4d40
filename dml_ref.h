/* dml_ref.h - v0.1.0 - CPU reference implementation of DirectML's scan and
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

   Macros you may define before including (implementation file for the last four):
      DML_REF_STATIC          make every function static (private to one file)
      DMLREF_API              decoration of the public functions (default extern)
      DMLREF_NO_WIN32_TYPES   do not define UINT, BOOL, UINT64, FLOAT, TRUE, FALSE
      DMLREF_ASSERT(x)        internal assertions (default: assert from assert.h)
      DMLREF_NO_SIMD          build the scalar path only
      DMLREF_VECTOR           force one path at compile time (DMLREF_ISA_* value)
      DMLREF_NO_AVX512        never build the AVX-512 path

   Layout of the implementation (search for the markers):
      >>types >>status >>validation >>iteration >>scalar >>dispatch >>public
*/
#ifndef DML_REF_H
#define DML_REF_H

#include <stddef.h>
#include <stdint.h>

#define DMLREF_VERSION_MAJOR 0
#define DMLREF_VERSION_MINOR 1
#define DMLREF_VERSION_PATCH 0
#define DMLREF_VERSION_NUMBER \
    (DMLREF_VERSION_MAJOR * 100 * 100 + DMLREF_VERSION_MINOR * 100 + DMLREF_VERSION_PATCH)

#ifndef DMLREF_API
#ifdef DML_REF_STATIC
#define DMLREF_API static
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

typedef enum DML_TENSOR_TYPE {
    DML_TENSOR_TYPE_INVALID = 0,
    DML_TENSOR_TYPE_BUFFER = 1
} DML_TENSOR_TYPE;

typedef enum DML_TENSOR_FLAGS {
    DML_TENSOR_FLAG_NONE = 0x0,
    DML_TENSOR_FLAG_OWNED_BY_DML = 0x1
} DML_TENSOR_FLAGS;

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

/* dml_ref's own API ------------------------------------------------------- */

/* Float association order of CUMULATIVE_SUMMATION (README: "Float orders"). */
typedef enum dmlref_float_order {
    DMLREF_FLOAT_ORDER_SEQUENTIAL = 0, /* the running tally, as a naive loop */
    DMLREF_FLOAT_ORDER_BLOCKED = 1,    /* fixed 16-element blocks, SIMD-friendly */
    DMLREF_FLOAT_ORDER_COUNT,
    DMLREF_FLOAT_ORDER_FORCE_32BIT = 0x7FFFFFFF
} dmlref_float_order;

/* What ARGMIN/ARGMAX do with NaN inputs. */
typedef enum dmlref_nan_policy {
    DMLREF_NAN_PROPAGATE = 0, /* NaN is the extreme (NumPy, PyTorch) */
    DMLREF_NAN_IGNORE = 1,    /* NaNs are skipped (DirectML on GPUs) */
    DMLREF_NAN_POLICY_COUNT,
    DMLREF_NAN_POLICY_FORCE_32BIT = 0x7FFFFFFF
} dmlref_nan_policy;

/* Kernel path. AUTO picks the best the build and the CPU have. */
typedef enum dmlref_isa {
    DMLREF_ISA_AUTO = 0,
    DMLREF_ISA_SCALAR = 1,
    DMLREF_ISA_SSE2 = 2,
    DMLREF_ISA_AVX2 = 3,
    DMLREF_ISA_AVX512 = 4,
    DMLREF_ISA_NEON = 5,
    DMLREF_ISA_COUNT,
    DMLREF_ISA_FORCE_32BIT = 0x7FFFFFFF
} dmlref_isa;

/* Zero (or a NULL pointer) means every default. New fields only go at the end. */
typedef struct dmlref_options {
    uint32_t feature_level;        /* 0: dml_ref's own rules; else a DML_FEATURE_LEVEL */
    int32_t float_order;           /* dmlref_float_order */
    int32_t nan_policy;            /* dmlref_nan_policy */
    int32_t isa;                   /* dmlref_isa */
    char *error_message;           /* optional: receives a one-line message */
    size_t error_message_capacity; /* bytes available at error_message */
} dmlref_options;

/* Status codes and their short descriptions, from one list. */
#define DMLREF_STATUS_LIST(X)                                                                  \
    X(DMLREF_OK, 0, "success")                                                                 \
    X(DMLREF_ERROR_NULL_POINTER, 1, "a required pointer is NULL")                              \
    X(DMLREF_ERROR_INVALID_ARGUMENT, 2, "a descriptor field has an invalid value")             \
    X(DMLREF_ERROR_INVALID_OPTION, 3, "a dmlref_options field has an invalid value")           \
    X(DMLREF_ERROR_BUFFER_TOO_SMALL, 4, "TotalTensorSizeInBytes is less than the tensor needs") \
    X(DMLREF_ERROR_TENSOR_TOO_LARGE, 5, "a tensor's size overflows 64 bits or a limit")        \
    X(DMLREF_ERROR_OVERLAP, 6, "buffers overlap, or output strides map two indices together")  \
    X(DMLREF_ERROR_MISALIGNED, 7, "a buffer address is not aligned as required")               \
    X(DMLREF_ERROR_INDEX_OVERFLOW, 8, "the output index type cannot hold every index")         \
    X(DMLREF_ERROR_UNSUPPORTED_OPERATOR, 9, "operator or function not supported")              \
    X(DMLREF_ERROR_UNSUPPORTED_DATA_TYPE, 10, "data type not supported")                       \
    X(DMLREF_ERROR_UNSUPPORTED_DIMENSION_COUNT, 11, "dimension count not supported")           \
    X(DMLREF_ERROR_ISA_UNAVAILABLE, 12, "the requested ISA path is not in this build or CPU")

#define DMLREF__STATUS_ENUM(name, value, text) name = value,
typedef enum dmlref_status {
    DMLREF_STATUS_LIST(DMLREF__STATUS_ENUM)
    DMLREF_STATUS_COUNT,
    DMLREF_STATUS_FORCE_32BIT = 0x7FFFFFFF
} dmlref_status;
#undef DMLREF__STATUS_ENUM

/* Check a descriptor (and options) without touching any buffer. */
DMLREF_API dmlref_status dmlref_validate(const DML_OPERATOR_DESC *op, const dmlref_options *options);

/* Validate, then run. inputs[0] / outputs[0] are the tensors' base addresses. */
DMLREF_API dmlref_status dmlref_execute(const DML_OPERATOR_DESC *op, const void *const *inputs,
                                        void *const *outputs, const dmlref_options *options);

/* DirectML's DMLCalcBufferTensorSize: bytes a buffer tensor needs, rounded up
   to 4; 0 for an unknown type, a size of 0, a bad count, or 64-bit overflow. */
DMLREF_API uint64_t dmlref_calc_buffer_tensor_size(DML_TENSOR_DATA_TYPE type, UINT dimension_count,
                                                   const UINT *sizes, const UINT *strides);

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

DMLREF_API uint32_t dmlref_version_number(void);

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

#include <float.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#ifndef DMLREF_ASSERT
#include <assert.h>
#define DMLREF_ASSERT(x) assert(x)
#endif

/* x87 excess precision would change float bits: the library needs every
   float operation rounded to its own type. */
#if defined(FLT_EVAL_METHOD) && (FLT_EVAL_METHOD != 0)
#error "dml_ref.h needs FLT_EVAL_METHOD == 0 (on 32-bit x86 build with -msse2 -mfpmath=sse)"
#endif

#if defined(__x86_64__) || defined(_M_X64)
#define DMLREF__X86_64 1
#include <xmmintrin.h>
#elif defined(__aarch64__) || defined(_M_ARM64)
#define DMLREF__AARCH64 1
#else
#include <fenv.h>
#endif

#define DMLREF__PRIVATE static

#if defined(__GNUC__) || defined(__clang__)
#define DMLREF__PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define DMLREF__PRINTF(f, a)
#endif

#define DMLREF__MAX_DIMS 8u

/* >>types (internal) ---------------------------------------------------------- */

enum { DMLREF__KIND_NONE, DMLREF__KIND_FLOAT, DMLREF__KIND_SIGNED, DMLREF__KIND_UNSIGNED };

typedef struct dmlref__type_info {
    const char *name;
    uint32_t size; /* bytes per element; 0 for the 4-bit types */
    int kind;
} dmlref__type_info;

/* Indexed by DML_TENSOR_DATA_TYPE value. */
static const dmlref__type_info dmlref__types[14] = {
    {"UNKNOWN", 0, DMLREF__KIND_NONE},  {"FLOAT32", 4, DMLREF__KIND_FLOAT},
    {"FLOAT16", 2, DMLREF__KIND_FLOAT}, {"UINT32", 4, DMLREF__KIND_UNSIGNED},
    {"UINT16", 2, DMLREF__KIND_UNSIGNED}, {"UINT8", 1, DMLREF__KIND_UNSIGNED},
    {"INT32", 4, DMLREF__KIND_SIGNED},  {"INT16", 2, DMLREF__KIND_SIGNED},
    {"INT8", 1, DMLREF__KIND_SIGNED},   {"FLOAT64", 8, DMLREF__KIND_FLOAT},
    {"UINT64", 8, DMLREF__KIND_UNSIGNED}, {"INT64", 8, DMLREF__KIND_SIGNED},
    {"UINT4", 0, DMLREF__KIND_UNSIGNED}, {"INT4", 0, DMLREF__KIND_SIGNED}};

#define DMLREF__TYPE_BIT(t) (1u << (unsigned)(t))

/* The ABI promise of SPEC section 1, checked at compile time. */
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

enum { DMLREF__OP_CUMSUM, DMLREF__OP_CUMPROD, DMLREF__OP_ARGMIN, DMLREF__OP_ARGMAX };

/* Everything execution needs, filled in by validation. */
typedef struct dmlref__plan {
    int op;
    dmlref__tensor in, out;
    uint32_t axis;          /* scans */
    int decreasing;         /* AxisDirection == DECREASING */
    int exclusive;          /* scans */
    uint32_t reduced_mask;  /* arg-reductions: bit d set when axis d is reduced */
    uint64_t reduced_count; /* elements per reduction */
    int float_order, nan_policy, isa;
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

DMLREF_API float dmlref_f16_to_f32(uint16_t h) {
    uint32_t sign = (uint32_t)(h & 0x8000u) << 16;
    uint32_t exponent = (h >> 10) & 0x1Fu;
    uint32_t mantissa = h & 0x3FFu;
    if (exponent == 0x1F) /* infinity or NaN: keep the payload */
        return dmlref__f32_from_bits(sign | 0x7F800000u | (mantissa << 13));
    if (exponent == 0) {
        if (mantissa == 0) return dmlref__f32_from_bits(sign);
        /* Subnormal: normalise; its value m * 2^-24 is a normal float32. */
        exponent = 113;
        while (!(mantissa & 0x400u)) {
            mantissa <<= 1;
            exponent--;
        }
        mantissa &= 0x3FFu;
        return dmlref__f32_from_bits(sign | (exponent << 23) | (mantissa << 13));
    }
    return dmlref__f32_from_bits(sign | ((exponent + 112u) << 23) | (mantissa << 13));
}

DMLREF_API uint16_t dmlref_f32_to_f16(float f) {
    uint32_t x = dmlref__bits_from_f32(f);
    uint32_t sign = (x >> 16) & 0x8000u;
    x &= 0x7FFFFFFFu;
    if (x > 0x7F800000u) return (uint16_t)(sign | 0x7E00u | ((x >> 13) & 0x3FFu)); /* NaN */
    if (x >= 0x477FF000u) return (uint16_t)(sign | 0x7C00u); /* >= 65520 rounds to infinity */
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
static uint16_t dmlref__store_f16(float v) {
    return v != v ? (uint16_t)0x7E00u : dmlref_f32_to_f16(v);
}
static float dmlref__store_f32(float v) { return v != v ? dmlref__f32_from_bits(0x7FC00000u) : v; }
static double dmlref__store_f64(double v) {
    return v != v ? dmlref__f64_from_bits(UINT64_C(0x7FF8000000000000)) : v;
}

/* >>fpenv --------------------------------------------------------------------
   Results must not depend on the caller's rounding mode or flush-to-zero:
   every execute runs in the default environment and restores the caller's. */

typedef struct dmlref__fpenv {
#if defined(DMLREF__X86_64)
    unsigned int mxcsr;
#elif defined(DMLREF__AARCH64)
    uint64_t fpcr;
#else
    fenv_t env;
#endif
} dmlref__fpenv;

static void dmlref__fpenv_enter(dmlref__fpenv *saved) {
#if defined(DMLREF__X86_64)
    saved->mxcsr = _mm_getcsr();
    _mm_setcsr(0x1F80u); /* all exceptions masked, round to nearest, no FTZ/DAZ */
#elif defined(DMLREF__AARCH64) && (defined(__GNUC__) || defined(__clang__))
    uint64_t zero = 0;
    __asm__ __volatile__("mrs %0, fpcr" : "=r"(saved->fpcr));
    __asm__ __volatile__("msr fpcr, %0" : : "r"(zero)); /* nearest, no FZ, no DN */
#elif defined(DMLREF__AARCH64)
    saved->fpcr = 0; /* MSVC on ARM64: the default environment is assumed */
#else
    fegetenv(&saved->env);
    fesetround(FE_TONEAREST);
#endif
}

static void dmlref__fpenv_leave(const dmlref__fpenv *saved) {
#if defined(DMLREF__X86_64)
    _mm_setcsr(saved->mxcsr);
#elif defined(DMLREF__AARCH64) && (defined(__GNUC__) || defined(__clang__))
    __asm__ __volatile__("msr fpcr, %0" : : "r"(saved->fpcr));
#elif defined(DMLREF__AARCH64)
    (void)saved;
#else
    fesetenv(&saved->env);
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
    if ((unsigned)type >= 14u) return "UNKNOWN";
    return dmlref__types[type].name;
}

DMLREF_API uint32_t dmlref_data_type_size(DML_TENSOR_DATA_TYPE type) {
    if ((unsigned)type >= 14u) return 0;
    return dmlref__types[type].size;
}

DMLREF_API uint32_t dmlref_version_number(void) { return DMLREF_VERSION_NUMBER; }

/* Validation context: where messages go and which operator they name. */
typedef struct dmlref__ctx {
    const dmlref_options *options;
    const char *op_name;
} dmlref__ctx;

DMLREF__PRIVATE dmlref_status dmlref__fail(const dmlref__ctx *ctx, dmlref_status status,
                                           const char *format, ...) DMLREF__PRINTF(3, 4);

/* Record "OPERATOR: message" in the caller's buffer (if any) and return status. */
DMLREF__PRIVATE dmlref_status dmlref__fail(const dmlref__ctx *ctx, dmlref_status status,
                                           const char *format, ...) {
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

static const char *dmlref__op_name(DML_OPERATOR_TYPE type) {
    switch (type) {
    case DML_OPERATOR_REDUCE: return "REDUCE";
    case DML_OPERATOR_CUMULATIVE_SUMMATION: return "CUMULATIVE_SUMMATION";
    case DML_OPERATOR_CUMULATIVE_PRODUCT: return "CUMULATIVE_PRODUCT";
    case DML_OPERATOR_ARGMIN: return "ARGMIN";
    case DML_OPERATOR_ARGMAX: return "ARGMAX";
    default: return "OPERATOR";
    }
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

DMLREF_API uint64_t dmlref_calc_buffer_tensor_size(DML_TENSOR_DATA_TYPE type, UINT dimension_count,
                                                   const UINT *sizes, const UINT *strides) {
    uint64_t extent, bytes;
    UINT d;
    if ((unsigned)type == 0u || (unsigned)type >= 14u || !sizes || dimension_count == 0 ||
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
static dmlref_status dmlref__check_tensor(const dmlref__ctx *ctx, const char *name,
                                          const DML_TENSOR_DESC *desc, int is_output,
                                          dmlref__tensor *t) {
    const DML_BUFFER_TENSOR_DESC *b;
    uint64_t required, bytes;
    unsigned type;
    UINT d;
    memset(t, 0, sizeof *t);
    if (!desc) return dmlref__fail(ctx, DMLREF_ERROR_NULL_POINTER, "%s is NULL", name);
    if (desc->Type != DML_TENSOR_TYPE_BUFFER)
        return dmlref__fail(ctx, DMLREF_ERROR_INVALID_ARGUMENT,
                            "%s->Type is %u, must be DML_TENSOR_TYPE_BUFFER (1)", name,
                            (unsigned)desc->Type);
    if (!desc->Desc) return dmlref__fail(ctx, DMLREF_ERROR_NULL_POINTER, "%s->Desc is NULL", name);
    b = (const DML_BUFFER_TENSOR_DESC *)desc->Desc;
    type = (unsigned)b->DataType;
    if (type == 0u || type >= 14u)
        return dmlref__fail(ctx, DMLREF_ERROR_INVALID_ARGUMENT,
                            "%s.DataType is %u, not a DML_TENSOR_DATA_TYPE", name, type);
    if (dmlref__types[type].size == 0)
        return dmlref__fail(ctx, DMLREF_ERROR_UNSUPPORTED_DATA_TYPE,
                            "%s.DataType is %s, 4-bit types are not implemented", name,
                            dmlref__types[type].name);
    if ((unsigned)b->Flags > (unsigned)DML_TENSOR_FLAG_OWNED_BY_DML)
        return dmlref__fail(ctx, DMLREF_ERROR_INVALID_ARGUMENT,
                            "%s.Flags is 0x%X, only NONE (0) and OWNED_BY_DML (1) exist", name,
                            (unsigned)b->Flags);
    if (is_output && (b->Flags & DML_TENSOR_FLAG_OWNED_BY_DML))
        return dmlref__fail(ctx, DMLREF_ERROR_INVALID_ARGUMENT,
                            "%s.Flags has OWNED_BY_DML, which only inputs may have", name);
    if (b->DimensionCount == 0 || b->DimensionCount > DMLREF__MAX_DIMS)
        return dmlref__fail(ctx, DMLREF_ERROR_UNSUPPORTED_DIMENSION_COUNT,
                            "%s.DimensionCount is %u, must be 1 to 8", name, (unsigned)b->DimensionCount);
    if (!b->Sizes) return dmlref__fail(ctx, DMLREF_ERROR_NULL_POINTER, "%s.Sizes is NULL", name);
    t->type = (DML_TENSOR_DATA_TYPE)type;
    t->esize = dmlref__types[type].size;
    t->rank = b->DimensionCount;
    t->count = 1;
    for (d = 0; d < t->rank; d++) {
        if (b->Sizes[d] == 0)
            return dmlref__fail(ctx, DMLREF_ERROR_INVALID_ARGUMENT, "%s.Sizes[%u] is 0, must be at least 1",
                                name, (unsigned)d);
        t->sizes[d] = b->Sizes[d];
        if (dmlref__mul_overflows(t->count, t->sizes[d], &t->count))
            return dmlref__fail(ctx, DMLREF_ERROR_TENSOR_TOO_LARGE,
                                "%s.Sizes: the element count overflows 64 bits", name);
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
                            (unsigned long long)b->TotalTensorSizeInBytes,
                            (unsigned long long)required);
    if (ctx->options && ctx->options->feature_level != 0 && t->count > 0xFFFFFFFFu)
        return dmlref__fail(ctx, DMLREF_ERROR_TENSOR_TOO_LARGE,
                            "%s has %llu elements, DirectML's limit is 4294967295", name,
                            (unsigned long long)t->count);
    return DMLREF_OK;
}

/* An output must not map two indices to one element. Accepted layouts are the
   nested ones: sorted by stride, each stride exceeds the span of the smaller
   dimensions (every packed, padded or permuted layout is nested). */
static int dmlref__one_to_one(const dmlref__tensor *t) {
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

static dmlref_status dmlref__check_options(const dmlref__ctx *ctx, dmlref__plan *plan) {
    const dmlref_options *o = ctx->options;
    if (!o) return DMLREF_OK;
    if (o->feature_level != 0 && !dmlref__is_feature_level(o->feature_level))
        return dmlref__fail(ctx, DMLREF_ERROR_INVALID_OPTION,
                            "options.feature_level is 0x%X, not a DML_FEATURE_LEVEL", (unsigned)o->feature_level);
    if (o->float_order < 0 || o->float_order >= DMLREF_FLOAT_ORDER_COUNT)
        return dmlref__fail(ctx, DMLREF_ERROR_INVALID_OPTION,
                            "options.float_order is %d, must be SEQUENTIAL (0) or BLOCKED (1)", (int)o->float_order);
    if (o->nan_policy < 0 || o->nan_policy >= DMLREF_NAN_POLICY_COUNT)
        return dmlref__fail(ctx, DMLREF_ERROR_INVALID_OPTION,
                            "options.nan_policy is %d, must be PROPAGATE (0) or IGNORE (1)", (int)o->nan_policy);
    if (o->isa < 0 || o->isa >= DMLREF_ISA_COUNT)
        return dmlref__fail(ctx, DMLREF_ERROR_INVALID_OPTION, "options.isa is %d, not a dmlref_isa",
                            (int)o->isa);
    if (!dmlref_isa_available((dmlref_isa)o->isa))
        return dmlref__fail(ctx, DMLREF_ERROR_ISA_UNAVAILABLE,
                            "options.isa is %s, which this build or CPU does not have",
                            dmlref_isa_name((dmlref_isa)o->isa));
    plan->float_order = o->float_order;
    plan->nan_policy = o->nan_policy;
    plan->isa = o->isa;
    return DMLREF_OK;
}

/* Feature-level support tables (DirectML documentation, English pages). */
#define DMLREF__T(x) DMLREF__TYPE_BIT(DML_TENSOR_DATA_TYPE_##x)
#define DMLREF__SCAN_TYPES_4 (DMLREF__T(FLOAT32) | DMLREF__T(FLOAT16) | DMLREF__T(INT32) | DMLREF__T(UINT32))
#define DMLREF__SCAN_TYPES_5 (DMLREF__SCAN_TYPES_4 | DMLREF__T(INT64) | DMLREF__T(UINT64))
#define DMLREF__ARG_TYPES_3                                                                        \
    (DMLREF__T(FLOAT32) | DMLREF__T(FLOAT16) | DMLREF__T(INT32) | DMLREF__T(INT16) | DMLREF__T(INT8) | \
     DMLREF__T(UINT32) | DMLREF__T(UINT16) | DMLREF__T(UINT8))
#define DMLREF__ARG_TYPES_4 (DMLREF__ARG_TYPES_3 | DMLREF__T(INT64) | DMLREF__T(UINT64))
#define DMLREF__INDEX_TYPES (DMLREF__T(INT64) | DMLREF__T(INT32) | DMLREF__T(UINT64) | DMLREF__T(UINT32))

typedef struct dmlref__support_row {
    DML_OPERATOR_TYPE op;
    uint32_t level; /* the row applies from this feature level up */
    uint32_t rank_min, rank_max;
    uint32_t input_types, output_types; /* output_types 0: same as input */
} dmlref__support_row;

/* Per operator, newest level first: the first row at or below the requested level applies. */
static const dmlref__support_row dmlref__support[] = {
    {DML_OPERATOR_CUMULATIVE_SUMMATION, 0x5000, 1, 8, DMLREF__SCAN_TYPES_5, 0},
    {DML_OPERATOR_CUMULATIVE_SUMMATION, 0x4000, 1, 8, DMLREF__SCAN_TYPES_4, 0},
    {DML_OPERATOR_CUMULATIVE_SUMMATION, 0x2100, 4, 4, DMLREF__SCAN_TYPES_4, 0},
    {DML_OPERATOR_CUMULATIVE_PRODUCT, 0x5000, 1, 8, DMLREF__SCAN_TYPES_5, 0},
    {DML_OPERATOR_CUMULATIVE_PRODUCT, 0x4000, 1, 8, DMLREF__SCAN_TYPES_4, 0},
    {DML_OPERATOR_CUMULATIVE_PRODUCT, 0x3100, 4, 4, DMLREF__SCAN_TYPES_4, 0},
    {DML_OPERATOR_ARGMIN, 0x4100, 1, 8, DMLREF__ARG_TYPES_4, DMLREF__INDEX_TYPES},
    {DML_OPERATOR_ARGMIN, 0x3000, 1, 8, DMLREF__ARG_TYPES_3, DMLREF__INDEX_TYPES},
    {DML_OPERATOR_ARGMAX, 0x4100, 1, 8, DMLREF__ARG_TYPES_4, DMLREF__INDEX_TYPES},
    {DML_OPERATOR_ARGMAX, 0x3000, 1, 8, DMLREF__ARG_TYPES_3, DMLREF__INDEX_TYPES},
    {DML_OPERATOR_REDUCE, 0x4100, 1, 8, DMLREF__ARG_TYPES_4, DMLREF__INDEX_TYPES},
    {DML_OPERATOR_REDUCE, 0x3000, 1, 8, DMLREF__ARG_TYPES_3, DMLREF__INDEX_TYPES},
    {DML_OPERATOR_REDUCE, 0x2100, 4, 4, DMLREF__ARG_TYPES_3, DMLREF__T(UINT32)},
    {DML_OPERATOR_REDUCE, 0x1000, 4, 4, DMLREF__T(FLOAT32) | DMLREF__T(FLOAT16), DMLREF__T(UINT32)},
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
static dmlref_status dmlref__check_feature_level(const dmlref__ctx *ctx, DML_OPERATOR_TYPE op,
                                                 const dmlref__tensor *in, const dmlref__tensor *out) {
    uint32_t level = ctx->options ? ctx->options->feature_level : 0;
    const dmlref__support_row *row = NULL;
    uint32_t out_types;
    char list[160];
    size_t i;
    if (level == 0) return DMLREF_OK;
    for (i = 0; i < sizeof dmlref__support / sizeof dmlref__support[0]; i++)
        if (dmlref__support[i].op == op && dmlref__support[i].level <= level) {
            row = &dmlref__support[i];
            break;
        }
    if (!row) {
        uint32_t first = 0;
        for (i = 0; i < sizeof dmlref__support / sizeof dmlref__support[0]; i++)
            if (dmlref__support[i].op == op) first = dmlref__support[i].level;
        return dmlref__fail(ctx, DMLREF_ERROR_UNSUPPORTED_OPERATOR,
                            "not available at DML_FEATURE_LEVEL_%u_%u (introduced in DML_FEATURE_LEVEL_%u_%u)",
                            (unsigned)(level >> 12), (unsigned)((level >> 8) & 0xFu),
                            (unsigned)(first >> 12), (unsigned)((first >> 8) & 0xFu));
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
        return dmlref__fail(ctx, DMLREF_ERROR_UNSUPPORTED_DATA_TYPE,
                            "InputTensor.DataType is %s, DML_FEATURE_LEVEL_%u_%u supports %s",
                            dmlref__types[in->type].name, (unsigned)(level >> 12),
                            (unsigned)((level >> 8) & 0xFu), list);
    }
    out_types = row->output_types ? row->output_types : row->input_types;
    if (!(out_types & DMLREF__TYPE_BIT(out->type))) {
        dmlref__type_list(out_types, list, sizeof list);
        return dmlref__fail(ctx, DMLREF_ERROR_UNSUPPORTED_DATA_TYPE,
                            "OutputTensor.DataType is %s, DML_FEATURE_LEVEL_%u_%u supports %s",
                            dmlref__types[out->type].name, (unsigned)(level >> 12),
                            (unsigned)((level >> 8) & 0xFu), list);
    }
    return DMLREF_OK;
}

static dmlref_status dmlref__check_direction(const dmlref__ctx *ctx, DML_AXIS_DIRECTION direction) {
    if ((unsigned)direction > (unsigned)DML_AXIS_DIRECTION_DECREASING)
        return dmlref__fail(ctx, DMLREF_ERROR_INVALID_ARGUMENT,
                            "AxisDirection is %u, must be INCREASING (0) or DECREASING (1)", (unsigned)direction);
    return DMLREF_OK;
}

static dmlref_status dmlref__check_output_layout(const dmlref__ctx *ctx, const dmlref__tensor *out) {
    if (!dmlref__one_to_one(out))
        return dmlref__fail(ctx, DMLREF_ERROR_OVERLAP,
                            "OutputTensor.Strides map two different indices to the same element (a zero "
                            "stride, or strides that are not nested)");
    return DMLREF_OK;
}

/* CUMULATIVE_SUMMATION and CUMULATIVE_PRODUCT share their descriptor layout. */
static dmlref_status dmlref__check_scan(const dmlref__ctx *ctx, DML_OPERATOR_TYPE op_type,
                                        const DML_TENSOR_DESC *input, const DML_TENSOR_DESC *output,
                                        UINT axis, DML_AXIS_DIRECTION direction, BOOL exclusive,
                                        dmlref__plan *plan) {
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
                                "OutputTensor.Sizes[%u] is %llu, must equal InputTensor.Sizes[%u] (%llu)",
                                (unsigned)d, (unsigned long long)plan->out.sizes[d], (unsigned)d,
                                (unsigned long long)plan->in.sizes[d]);
    if (axis >= plan->in.rank)
        return dmlref__fail(ctx, DMLREF_ERROR_INVALID_ARGUMENT, "Axis is %u, must be less than DimensionCount (%u)",
                            (unsigned)axis, (unsigned)plan->in.rank);
    if ((s = dmlref__check_direction(ctx, direction)) != DMLREF_OK) return s;
    if ((s = dmlref__check_feature_level(ctx, op_type, &plan->in, &plan->out)) != DMLREF_OK) return s;
    if ((s = dmlref__check_output_layout(ctx, &plan->out)) != DMLREF_OK) return s;
    plan->op = op_type == DML_OPERATOR_CUMULATIVE_SUMMATION ? DMLREF__OP_CUMSUM : DMLREF__OP_CUMPROD;
    plan->axis = axis;
    plan->decreasing = direction == DML_AXIS_DIRECTION_DECREASING;
    plan->exclusive = exclusive != 0;
    return DMLREF_OK;
}

/* ARGMIN, ARGMAX and REDUCE(ARGMIN/ARGMAX). */
static dmlref_status dmlref__check_arg(const dmlref__ctx *ctx, DML_OPERATOR_TYPE op_type,
                                       const DML_TENSOR_DESC *input, const DML_TENSOR_DESC *output,
                                       UINT axis_count, const UINT *axes, DML_AXIS_DIRECTION direction,
                                       int want_max, dmlref__plan *plan) {
    dmlref_status s;
    uint64_t max_index;
    uint32_t d, i;
    if ((s = dmlref__check_tensor(ctx, "InputTensor", input, 0, &plan->in)) != DMLREF_OK) return s;
    if ((s = dmlref__check_tensor(ctx, "OutputTensor", output, 1, &plan->out)) != DMLREF_OK) return s;
    if (!(DMLREF__INDEX_TYPES & DMLREF__TYPE_BIT(plan->out.type)))
        return dmlref__fail(ctx, DMLREF_ERROR_UNSUPPORTED_DATA_TYPE,
                            "OutputTensor.DataType is %s, must be INT32, INT64, UINT32 or UINT64",
                            dmlref__types[plan->out.type].name);
    if (plan->out.rank != plan->in.rank)
        return dmlref__fail(ctx, DMLREF_ERROR_INVALID_ARGUMENT,
                            "OutputTensor.DimensionCount is %u, must equal InputTensor.DimensionCount (%u)",
                            (unsigned)plan->out.rank, (unsigned)plan->in.rank);
    if (axis_count == 0)
        return dmlref__fail(ctx, DMLREF_ERROR_INVALID_ARGUMENT, "AxisCount is 0, must be at least 1");
    if (axis_count > plan->in.rank)
        return dmlref__fail(ctx, DMLREF_ERROR_INVALID_ARGUMENT,
                            "AxisCount is %u, must be at most DimensionCount (%u)", (unsigned)axis_count,
                            (unsigned)plan->in.rank);
    if (!axes) return dmlref__fail(ctx, DMLREF_ERROR_NULL_POINTER, "Axes is NULL");
    plan->reduced_mask = 0;
    for (i = 0; i < axis_count; i++) {
        if (axes[i] >= plan->in.rank)
            return dmlref__fail(ctx, DMLREF_ERROR_INVALID_ARGUMENT,
                                "Axes[%u] is %u, must be less than DimensionCount (%u)", (unsigned)i,
                                (unsigned)axes[i], (unsigned)plan->in.rank);
        if (plan->reduced_mask & (1u << axes[i]))
            return dmlref__fail(ctx, DMLREF_ERROR_INVALID_ARGUMENT, "Axes[%u] is %u, which is repeated",
                                (unsigned)i, (unsigned)axes[i]);
        plan->reduced_mask |= 1u << axes[i];
    }
    plan->reduced_count = 1;
    for (d = 0; d < plan->in.rank; d++) {
        int reduced = (plan->reduced_mask >> d) & 1u;
        uint64_t expected = reduced ? 1u : plan->in.sizes[d];
        if (plan->out.sizes[d] != expected)
            return dmlref__fail(ctx, DMLREF_ERROR_INVALID_ARGUMENT, "OutputTensor.Sizes[%u] is %llu, must be %llu (%s)",
                                (unsigned)d, (unsigned long long)plan->out.sizes[d],
                                (unsigned long long)expected, reduced ? "reduced axis" : "InputTensor.Sizes");
        if (reduced) plan->reduced_count *= plan->in.sizes[d]; /* <= count: no overflow */
    }
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
    if ((s = dmlref__check_feature_level(ctx, op_type, &plan->in, &plan->out)) != DMLREF_OK) return s;
    if ((s = dmlref__check_output_layout(ctx, &plan->out)) != DMLREF_OK) return s;
    plan->op = want_max ? DMLREF__OP_ARGMAX : DMLREF__OP_ARGMIN;
    plan->decreasing = direction == DML_AXIS_DIRECTION_DECREASING;
    return DMLREF_OK;
}

/* Validate op and options into plan. Reads descriptors only, never buffers. */
static dmlref_status dmlref__validate(const DML_OPERATOR_DESC *op, const dmlref_options *options,
                                      dmlref__plan *plan) {
    dmlref__ctx ctx;
    dmlref_status s;
    ctx.options = options;
    ctx.op_name = "dml_ref";
    memset(plan, 0, sizeof *plan);
    if (options && options->error_message && options->error_message_capacity > 0)
        options->error_message[0] = 0;
    if (!op) return dmlref__fail(&ctx, DMLREF_ERROR_NULL_POINTER, "the DML_OPERATOR_DESC pointer is NULL");
    ctx.op_name = dmlref__op_name(op->Type);
    if ((s = dmlref__check_options(&ctx, plan)) != DMLREF_OK) return s;
    switch (op->Type) {
    case DML_OPERATOR_CUMULATIVE_SUMMATION: {
        const DML_CUMULATIVE_SUMMATION_OPERATOR_DESC *d = (const DML_CUMULATIVE_SUMMATION_OPERATOR_DESC *)op->Desc;
        if (!d) return dmlref__fail(&ctx, DMLREF_ERROR_NULL_POINTER, "DML_OPERATOR_DESC.Desc is NULL");
        return dmlref__check_scan(&ctx, op->Type, d->InputTensor, d->OutputTensor, d->Axis, d->AxisDirection,
                                  d->HasExclusiveSum, plan);
    }
    case DML_OPERATOR_CUMULATIVE_PRODUCT: {
        const DML_CUMULATIVE_PRODUCT_OPERATOR_DESC *d = (const DML_CUMULATIVE_PRODUCT_OPERATOR_DESC *)op->Desc;
        if (!d) return dmlref__fail(&ctx, DMLREF_ERROR_NULL_POINTER, "DML_OPERATOR_DESC.Desc is NULL");
        return dmlref__check_scan(&ctx, op->Type, d->InputTensor, d->OutputTensor, d->Axis, d->AxisDirection,
                                  d->HasExclusiveProduct, plan);
    }
    case DML_OPERATOR_ARGMIN: {
        const DML_ARGMIN_OPERATOR_DESC *d = (const DML_ARGMIN_OPERATOR_DESC *)op->Desc;
        if (!d) return dmlref__fail(&ctx, DMLREF_ERROR_NULL_POINTER, "DML_OPERATOR_DESC.Desc is NULL");
        return dmlref__check_arg(&ctx, op->Type, d->InputTensor, d->OutputTensor, d->AxisCount, d->Axes,
                                 d->AxisDirection, 0, plan);
    }
    case DML_OPERATOR_ARGMAX: {
        const DML_ARGMAX_OPERATOR_DESC *d = (const DML_ARGMAX_OPERATOR_DESC *)op->Desc;
        if (!d) return dmlref__fail(&ctx, DMLREF_ERROR_NULL_POINTER, "DML_OPERATOR_DESC.Desc is NULL");
        return dmlref__check_arg(&ctx, op->Type, d->InputTensor, d->OutputTensor, d->AxisCount, d->Axes,
                                 d->AxisDirection, 1, plan);
    }
    case DML_OPERATOR_REDUCE: {
        const DML_REDUCE_OPERATOR_DESC *d = (const DML_REDUCE_OPERATOR_DESC *)op->Desc;
        if (!d) return dmlref__fail(&ctx, DMLREF_ERROR_NULL_POINTER, "DML_OPERATOR_DESC.Desc is NULL");
        if ((unsigned)d->Function > (unsigned)DML_REDUCE_FUNCTION_SUM_SQUARE)
            return dmlref__fail(&ctx, DMLREF_ERROR_INVALID_ARGUMENT, "Function is %u, not a DML_REDUCE_FUNCTION",
                                (unsigned)d->Function);
        if (d->Function != DML_REDUCE_FUNCTION_ARGMIN && d->Function != DML_REDUCE_FUNCTION_ARGMAX)
            return dmlref__fail(&ctx, DMLREF_ERROR_UNSUPPORTED_OPERATOR,
                                "Function is %u; dml_ref implements only DML_REDUCE_FUNCTION_ARGMAX (0) and "
                                "DML_REDUCE_FUNCTION_ARGMIN (1)",
                                (unsigned)d->Function);
        return dmlref__check_arg(&ctx, op->Type, d->InputTensor, d->OutputTensor, d->AxisCount, d->Axes,
                                 DML_AXIS_DIRECTION_INCREASING, d->Function == DML_REDUCE_FUNCTION_ARGMAX, plan);
    }
    default:
        return dmlref__fail(&ctx, DMLREF_ERROR_UNSUPPORTED_OPERATOR,
                            "DML_OPERATOR_DESC.Type is %u; dml_ref implements CUMULATIVE_SUMMATION (105), "
                            "CUMULATIVE_PRODUCT (145), ARGMIN (137), ARGMAX (138) and REDUCE (55)",
                            (unsigned)op->Type);
    }
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

/* One call of a scan kernel: `lines` lines of `length` elements. src/dst point
   at the first element in traversal order; steps are negative for DECREASING. */
typedef struct dmlref__scan_panel {
    const void *src;
    void *dst;
    uint64_t length;            /* elements along the axis, >= 1 */
    int64_t src_step, dst_step; /* elements between consecutive line elements */
    uint64_t lines;             /* lines in the panel, >= 1 */
    int64_t src_line, dst_line; /* elements between consecutive lines */
    int exclusive;
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
    uint64_t rcount;                          /* product of rsize */
    int want_max, last, ignore_nan;
    DML_TENSOR_DATA_TYPE index_type;
} dmlref__arg_panel;

typedef void (*dmlref__scan_kernel)(const dmlref__scan_panel *panel);
typedef void (*dmlref__arg_kernel)(const dmlref__arg_panel *panel);

static const void *dmlref__cadvance(const void *p, int64_t elements, uint32_t esize) {
    return (const unsigned char *)p + (ptrdiff_t)elements * (ptrdiff_t)esize;
}
static void *dmlref__advance(void *p, int64_t elements, uint32_t esize) {
    return (unsigned char *)p + (ptrdiff_t)elements * (ptrdiff_t)esize;
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

static void dmlref__run_scan(const dmlref__plan *plan, const void *input, void *output,
                             dmlref__scan_kernel kernel) {
    dmlref__dim outer[DMLREF__MAX_DIMS];
    uint64_t pos[DMLREF__MAX_DIMS] = {0};
    int64_t off_in = 0, off_out = 0, base_in = 0, base_out = 0;
    uint32_t n = 0, d, esize = plan->in.esize;
    dmlref__scan_panel panel;
    for (d = 0; d < plan->in.rank; d++) {
        if (d == plan->axis || plan->in.sizes[d] == 1) continue;
        outer[n].size = plan->in.sizes[d];
        outer[n].in = (int64_t)plan->in.strides[d];
        outer[n].out = (int64_t)plan->out.strides[d];
        n++;
    }
    n = dmlref__order_and_merge(outer, n);
    panel.length = plan->in.sizes[plan->axis];
    panel.src_step = (int64_t)plan->in.strides[plan->axis];
    panel.dst_step = (int64_t)plan->out.strides[plan->axis];
    if (plan->decreasing) { /* start at the last element and walk backwards */
        base_in = (int64_t)(panel.length - 1u) * panel.src_step;
        base_out = (int64_t)(panel.length - 1u) * panel.dst_step;
        panel.src_step = -panel.src_step;
        panel.dst_step = -panel.dst_step;
    }
    panel.lines = 1;
    panel.src_line = panel.dst_line = 0;
    if (n > 0) { /* the innermost remaining dimension is the panel */
        n--;
        panel.lines = outer[n].size;
        panel.src_line = outer[n].in;
        panel.dst_line = outer[n].out;
    }
    panel.exclusive = plan->exclusive;
    do {
        panel.src = dmlref__cadvance(input, off_in + base_in, esize);
        panel.dst = dmlref__advance(output, off_out + base_out, esize);
        kernel(&panel);
    } while (dmlref__odometer_next(outer, n, pos, &off_in, &off_out));
}

static void dmlref__run_arg(const dmlref__plan *plan, const void *input, void *output, dmlref__arg_kernel kernel) {
    dmlref__dim kept[DMLREF__MAX_DIMS];
    uint64_t pos[DMLREF__MAX_DIMS] = {0};
    int64_t off_in = 0, off_out = 0;
    uint32_t n = 0, d;
    dmlref__arg_panel panel;
    memset(&panel, 0, sizeof panel);
    for (d = 0; d < plan->in.rank; d++) {
        if (plan->in.sizes[d] == 1) continue;
        if ((plan->reduced_mask >> d) & 1u) {
            /* Reduced dims keep dimension order (it defines the index); merge
               with the previous reduced dim when contiguous in the input. */
            int64_t stride = (int64_t)plan->in.strides[d];
            if (panel.rdims > 0 &&
                panel.rstride[panel.rdims - 1] == stride * (int64_t)plan->in.sizes[d]) {
                panel.rsize[panel.rdims - 1] *= plan->in.sizes[d];
                panel.rstride[panel.rdims - 1] = stride;
            } else {
                panel.rsize[panel.rdims] = plan->in.sizes[d];
                panel.rstride[panel.rdims] = stride;
                panel.rdims++;
            }
        } else {
            kept[n].size = plan->in.sizes[d];
            kept[n].in = (int64_t)plan->in.strides[d];
            kept[n].out = (int64_t)plan->out.strides[d];
            n++;
        }
    }
    if (panel.rdims == 0) { /* every reduced axis has size 1 */
        panel.rdims = 1;
        panel.rsize[0] = 1;
        panel.rstride[0] = 0;
    }
    panel.rcount = plan->reduced_count;
    n = dmlref__order_and_merge(kept, n);
    panel.outputs = 1;
    if (n > 0) {
        n--;
        panel.outputs = kept[n].size;
        panel.src_output_step = kept[n].in;
        panel.dst_output_step = kept[n].out;
    }
    panel.want_max = plan->op == DMLREF__OP_ARGMAX;
    panel.last = plan->decreasing;
    panel.ignore_nan = plan->nan_policy == DMLREF_NAN_IGNORE;
    panel.index_type = plan->out.type;
    do {
        panel.src = dmlref__cadvance(input, off_in, plan->in.esize);
        panel.dst = dmlref__advance(output, off_out, plan->out.esize);
        kernel(&panel);
    } while (dmlref__odometer_next(kept, n, pos, &off_in, &off_out));
}

/* >>scalar -------------------------------------------------------------------
   The readable definition of every result. SIMD kernels must match these bits. */

static float dmlref__load_f16(uint16_t h) { return dmlref_f16_to_f32(h); }
#define DMLREF__SAME(x) (x)

/* SEQUENTIAL scans: y[0] = x[0], y[i] = y[i-1] (op) x[i]; exclusive writes the
   identity first and the tally before each element. Floats use the ACC type
   (float32 for FLOAT16), integers a uint64_t tally whose low bits wrap exactly
   as the element type would. x[i] is read before y[i] is written (in-place). */
#define DMLREF__DEFINE_SEQUENTIAL_SCAN(NAME, T, ACC, LOAD, STORE, OP, IDENTITY)          \
    static void NAME(const dmlref__scan_panel *p) {                                      \
        uint64_t line, i;                                                                \
        for (line = 0; line < p->lines; line++) {                                        \
            const T *src = (const T *)p->src + (ptrdiff_t)line * p->src_line;            \
            T *dst = (T *)p->dst + (ptrdiff_t)line * p->dst_line;                        \
            ACC tally = LOAD(src[0]);                                                    \
            dst[0] = p->exclusive ? STORE((ACC)(IDENTITY)) : STORE(tally);               \
            for (i = 1; i < p->length; i++) {                                            \
                ACC x = LOAD(src[(ptrdiff_t)i * p->src_step]);                           \
                if (p->exclusive) dst[(ptrdiff_t)i * p->dst_step] = STORE(tally);        \
                tally = (ACC)(tally OP x);                                               \
                if (!p->exclusive) dst[(ptrdiff_t)i * p->dst_step] = STORE(tally);       \
            }                                                                            \
        }                                                                                \
    }

#define DMLREF__LOAD_U(x) ((uint64_t)(x))
DMLREF__DEFINE_SEQUENTIAL_SCAN(dmlref__cumsum_u8_scalar, uint8_t, uint64_t, DMLREF__LOAD_U, (uint8_t), +, 0)
DMLREF__DEFINE_SEQUENTIAL_SCAN(dmlref__cumsum_u16_scalar, uint16_t, uint64_t, DMLREF__LOAD_U, (uint16_t), +, 0)
DMLREF__DEFINE_SEQUENTIAL_SCAN(dmlref__cumsum_u32_scalar, uint32_t, uint64_t, DMLREF__LOAD_U, (uint32_t), +, 0)
DMLREF__DEFINE_SEQUENTIAL_SCAN(dmlref__cumsum_u64_scalar, uint64_t, uint64_t, DMLREF__LOAD_U, (uint64_t), +, 0)
DMLREF__DEFINE_SEQUENTIAL_SCAN(dmlref__cumprod_u8_scalar, uint8_t, uint64_t, DMLREF__LOAD_U, (uint8_t), *, 1)
DMLREF__DEFINE_SEQUENTIAL_SCAN(dmlref__cumprod_u16_scalar, uint16_t, uint64_t, DMLREF__LOAD_U, (uint16_t), *, 1)
DMLREF__DEFINE_SEQUENTIAL_SCAN(dmlref__cumprod_u32_scalar, uint32_t, uint64_t, DMLREF__LOAD_U, (uint32_t), *, 1)
DMLREF__DEFINE_SEQUENTIAL_SCAN(dmlref__cumprod_u64_scalar, uint64_t, uint64_t, DMLREF__LOAD_U, (uint64_t), *, 1)
DMLREF__DEFINE_SEQUENTIAL_SCAN(dmlref__cumsum_f16_scalar, uint16_t, float, dmlref__load_f16, dmlref__store_f16, +, 0)
DMLREF__DEFINE_SEQUENTIAL_SCAN(dmlref__cumsum_f32_scalar, float, float, DMLREF__SAME, dmlref__store_f32, +, 0)
DMLREF__DEFINE_SEQUENTIAL_SCAN(dmlref__cumsum_f64_scalar, double, double, DMLREF__SAME, dmlref__store_f64, +, 0)
DMLREF__DEFINE_SEQUENTIAL_SCAN(dmlref__cumprod_f16_scalar, uint16_t, float, dmlref__load_f16, dmlref__store_f16, *, 1)
DMLREF__DEFINE_SEQUENTIAL_SCAN(dmlref__cumprod_f32_scalar, float, float, DMLREF__SAME, dmlref__store_f32, *, 1)
DMLREF__DEFINE_SEQUENTIAL_SCAN(dmlref__cumprod_f64_scalar, double, double, DMLREF__SAME, dmlref__store_f64, *, 1)

/* BLOCKED float sums (README, "Float orders"): blocks of 16 elements in
   traversal order; inside a block a log-step scan (k = 1, 2, 4, 8: y[i] =
   y[i-k] + y[i] for i >= k, from the previous step's values); every later
   block adds the carry, the previous block's last inclusive value (float32
   for FLOAT16, before rounding). Exclusive shifts the inclusive values by one. */
#define DMLREF__BLOCK 16u
#define DMLREF__DEFINE_BLOCKED_SUM(NAME, T, ACC, LOAD, STORE)                                  \
    static void NAME(const dmlref__scan_panel *p) {                                            \
        uint64_t line, start;                                                                  \
        for (line = 0; line < p->lines; line++) {                                              \
            const T *src = (const T *)p->src + (ptrdiff_t)line * p->src_line;                  \
            T *dst = (T *)p->dst + (ptrdiff_t)line * p->dst_line;                              \
            ACC carry = 0;                                                                     \
            for (start = 0; start < p->length; start += DMLREF__BLOCK) {                       \
                ACC y[DMLREF__BLOCK];                                                          \
                uint64_t left = p->length - start;                                             \
                unsigned len = left < DMLREF__BLOCK ? (unsigned)left : DMLREF__BLOCK, i, k;    \
                for (i = 0; i < len; i++) y[i] = LOAD(src[(ptrdiff_t)(start + i) * p->src_step]); \
                for (k = 1; k < DMLREF__BLOCK; k <<= 1) /* descending i reads the old y[i-k] */ \
                    for (i = len; i-- > k;) y[i] = y[i - k] + y[i];                            \
                if (start > 0)                                                                 \
                    for (i = 0; i < len; i++) y[i] = carry + y[i];                             \
                if (p->exclusive) {                                                            \
                    dst[(ptrdiff_t)start * p->dst_step] = STORE(carry); /* identity: +0 */     \
                    for (i = 1; i < len; i++) dst[(ptrdiff_t)(start + i) * p->dst_step] = STORE(y[i - 1]); \
                } else {                                                                       \
                    for (i = 0; i < len; i++) dst[(ptrdiff_t)(start + i) * p->dst_step] = STORE(y[i]); \
                }                                                                              \
                carry = y[len - 1];                                                            \
            }                                                                                  \
        }                                                                                      \
    }

DMLREF__DEFINE_BLOCKED_SUM(dmlref__cumsum_blocked_f16_scalar, uint16_t, float, dmlref__load_f16, dmlref__store_f16)
DMLREF__DEFINE_BLOCKED_SUM(dmlref__cumsum_blocked_f32_scalar, float, float, DMLREF__SAME, dmlref__store_f32)
DMLREF__DEFINE_BLOCKED_SUM(dmlref__cumsum_blocked_f64_scalar, double, double, DMLREF__SAME, dmlref__store_f64)

static void dmlref__store_index(void *dst, DML_TENSOR_DATA_TYPE type, uint64_t index) {
    if (type == DML_TENSOR_DATA_TYPE_INT32 || type == DML_TENSOR_DATA_TYPE_UINT32)
        *(uint32_t *)dst = (uint32_t)index; /* validated: index fits */
    else
        *(uint64_t *)dst = index;
}

/* Arg-reductions over the flattened reduced sub-tensor, in row-major order.
   A candidate replaces the best when strictly better, or when equal and the
   direction is DECREASING (the last extreme wins). NaN: PROPAGATE makes the
   first NaN (last, DECREASING) the answer; IGNORE skips NaNs, and an all-NaN
   slice answers the first (last, DECREASING) position. */
#define DMLREF__DEFINE_ARG(NAME, T, W, LOAD, ISNAN)                                                \
    static void NAME(const dmlref__arg_panel *p) {                                                 \
        uint64_t o, pos[DMLREF__MAX_DIMS];                                                         \
        uint64_t inner = p->rsize[p->rdims - 1];                                                   \
        ptrdiff_t step = (ptrdiff_t)p->rstride[p->rdims - 1];                                      \
        for (o = 0; o < p->outputs; o++) {                                                         \
            const T *base = (const T *)p->src + (ptrdiff_t)o * p->src_output_step;                 \
            uint64_t index = 0, best_index = p->last ? p->rcount - 1u : 0, i;                      \
            int64_t offset = 0;                                                                    \
            int have = 0, found_nan = 0;                                                           \
            uint32_t d;                                                                            \
            W best = 0;                                                                            \
            memset(pos, 0, sizeof pos);                                                            \
            for (;;) {                                                                             \
                const T *line = base + offset;                                                     \
                for (i = 0; i < inner; i++, index++) {                                             \
                    W x = LOAD(line[(ptrdiff_t)i * step]);                                         \
                    if (ISNAN(x)) {                                                                \
                        if (!p->ignore_nan && (!found_nan || p->last)) {                           \
                            found_nan = 1;                                                         \
                            best_index = index;                                                    \
                        }                                                                          \
                        continue;                                                                  \
                    }                                                                              \
                    if (found_nan) continue;                                                       \
                    if (!have || (p->want_max ? (x > best || (p->last && x == best))               \
                                              : (x < best || (p->last && x == best)))) {           \
                        have = 1;                                                                  \
                        best = x;                                                                  \
                        best_index = index;                                                        \
                    }                                                                              \
                }                                                                                  \
                /* next line: odometer over the outer reduced dims */                              \
                for (d = p->rdims - 1; d-- > 0;) {                                                 \
                    if (++pos[d] < p->rsize[d]) {                                                  \
                        offset += p->rstride[d];                                                   \
                        break;                                                                     \
                    }                                                                              \
                    pos[d] = 0;                                                                    \
                    offset -= (int64_t)(p->rsize[d] - 1u) * p->rstride[d];                         \
                }                                                                                  \
                if (index >= p->rcount) break;                                                     \
            }                                                                                      \
            dmlref__store_index(dmlref__advance(p->dst, (int64_t)o * p->dst_output_step,           \
                                                (p->index_type == DML_TENSOR_DATA_TYPE_INT32 ||    \
                                                 p->index_type == DML_TENSOR_DATA_TYPE_UINT32)     \
                                                    ? 4u                                           \
                                                    : 8u),                                         \
                                p->index_type, best_index);                                        \
        }                                                                                          \
    }

#define DMLREF__ISNAN(x) ((x) != (x))
#define DMLREF__NEVER_NAN(x) 0
DMLREF__DEFINE_ARG(dmlref__arg_f16_scalar, uint16_t, float, dmlref__load_f16, DMLREF__ISNAN)
DMLREF__DEFINE_ARG(dmlref__arg_f32_scalar, float, float, DMLREF__SAME, DMLREF__ISNAN)
DMLREF__DEFINE_ARG(dmlref__arg_f64_scalar, double, double, DMLREF__SAME, DMLREF__ISNAN)
DMLREF__DEFINE_ARG(dmlref__arg_i8_scalar, int8_t, int64_t, DMLREF__SAME, DMLREF__NEVER_NAN)
DMLREF__DEFINE_ARG(dmlref__arg_i16_scalar, int16_t, int64_t, DMLREF__SAME, DMLREF__NEVER_NAN)
DMLREF__DEFINE_ARG(dmlref__arg_i32_scalar, int32_t, int64_t, DMLREF__SAME, DMLREF__NEVER_NAN)
DMLREF__DEFINE_ARG(dmlref__arg_i64_scalar, int64_t, int64_t, DMLREF__SAME, DMLREF__NEVER_NAN)
DMLREF__DEFINE_ARG(dmlref__arg_u8_scalar, uint8_t, uint64_t, DMLREF__SAME, DMLREF__NEVER_NAN)
DMLREF__DEFINE_ARG(dmlref__arg_u16_scalar, uint16_t, uint64_t, DMLREF__SAME, DMLREF__NEVER_NAN)
DMLREF__DEFINE_ARG(dmlref__arg_u32_scalar, uint32_t, uint64_t, DMLREF__SAME, DMLREF__NEVER_NAN)
DMLREF__DEFINE_ARG(dmlref__arg_u64_scalar, uint64_t, uint64_t, DMLREF__SAME, DMLREF__NEVER_NAN)

/* >>dispatch -------------------------------------------------------------------
   The kernel set of one ISA path. Until SIMD paths are added, the scalar one is
   the only path; AUTO resolves to it. */

typedef struct dmlref__kernels {
    dmlref__scan_kernel cumsum[14], cumsum_blocked[14], cumprod[14];
    dmlref__arg_kernel arg[14];
} dmlref__kernels;

static const dmlref__kernels dmlref__scalar_kernels = {
    /* cumsum, indexed by DML_TENSOR_DATA_TYPE: UNKNOWN, F32, F16, U32, U16, U8, I32, I16, I8, F64, U64, I64 */
    {NULL, dmlref__cumsum_f32_scalar, dmlref__cumsum_f16_scalar, dmlref__cumsum_u32_scalar,
     dmlref__cumsum_u16_scalar, dmlref__cumsum_u8_scalar, dmlref__cumsum_u32_scalar, dmlref__cumsum_u16_scalar,
     dmlref__cumsum_u8_scalar, dmlref__cumsum_f64_scalar, dmlref__cumsum_u64_scalar, dmlref__cumsum_u64_scalar,
     NULL, NULL},
    /* cumsum_blocked: floats only; integers give identical bits in either order */
    {NULL, dmlref__cumsum_blocked_f32_scalar, dmlref__cumsum_blocked_f16_scalar, dmlref__cumsum_u32_scalar,
     dmlref__cumsum_u16_scalar, dmlref__cumsum_u8_scalar, dmlref__cumsum_u32_scalar, dmlref__cumsum_u16_scalar,
     dmlref__cumsum_u8_scalar, dmlref__cumsum_blocked_f64_scalar, dmlref__cumsum_u64_scalar,
     dmlref__cumsum_u64_scalar, NULL, NULL},
    {NULL, dmlref__cumprod_f32_scalar, dmlref__cumprod_f16_scalar, dmlref__cumprod_u32_scalar,
     dmlref__cumprod_u16_scalar, dmlref__cumprod_u8_scalar, dmlref__cumprod_u32_scalar,
     dmlref__cumprod_u16_scalar, dmlref__cumprod_u8_scalar, dmlref__cumprod_f64_scalar,
     dmlref__cumprod_u64_scalar, dmlref__cumprod_u64_scalar, NULL, NULL},
    {NULL, dmlref__arg_f32_scalar, dmlref__arg_f16_scalar, dmlref__arg_u32_scalar, dmlref__arg_u16_scalar,
     dmlref__arg_u8_scalar, dmlref__arg_i32_scalar, dmlref__arg_i16_scalar, dmlref__arg_i8_scalar,
     dmlref__arg_f64_scalar, dmlref__arg_u64_scalar, dmlref__arg_i64_scalar, NULL, NULL}};

DMLREF_API const char *dmlref_isa_name(dmlref_isa isa) {
    switch (isa) {
    case DMLREF_ISA_AUTO: return "AUTO";
    case DMLREF_ISA_SCALAR: return "SCALAR";
    case DMLREF_ISA_SSE2: return "SSE2";
    case DMLREF_ISA_AVX2: return "AVX2";
    case DMLREF_ISA_AVX512: return "AVX512";
    case DMLREF_ISA_NEON: return "NEON";
    default: return "UNKNOWN";
    }
}

DMLREF_API dmlref_isa dmlref_best_isa(void) { return DMLREF_ISA_SCALAR; }

DMLREF_API int dmlref_isa_available(dmlref_isa isa) {
    return isa == DMLREF_ISA_AUTO || isa == DMLREF_ISA_SCALAR;
}

static const dmlref__kernels *dmlref__kernels_for(int isa) {
    (void)isa;
    return &dmlref__scalar_kernels;
}

/* >>public ---------------------------------------------------------------------- */

DMLREF_API dmlref_status dmlref_validate(const DML_OPERATOR_DESC *op, const dmlref_options *options) {
    dmlref__plan plan;
    return dmlref__validate(op, options, &plan);
}

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

DMLREF_API dmlref_status dmlref_execute(const DML_OPERATOR_DESC *op, const void *const *inputs,
                                        void *const *outputs, const dmlref_options *options) {
    dmlref__plan plan;
    dmlref__ctx ctx;
    dmlref__fpenv env;
    const dmlref__kernels *kernels;
    uintptr_t in_first, in_last, out_first, out_last;
    dmlref_status s = dmlref__validate(op, options, &plan);
    if (s != DMLREF_OK) return s;
    ctx.options = options;
    ctx.op_name = dmlref__op_name(op->Type);
    if (!inputs) return dmlref__fail(&ctx, DMLREF_ERROR_NULL_POINTER, "inputs is NULL");
    if (!inputs[0]) return dmlref__fail(&ctx, DMLREF_ERROR_NULL_POINTER, "inputs[0] (InputTensor's buffer) is NULL");
    if (!outputs) return dmlref__fail(&ctx, DMLREF_ERROR_NULL_POINTER, "outputs is NULL");
    if (!outputs[0])
        return dmlref__fail(&ctx, DMLREF_ERROR_NULL_POINTER, "outputs[0] (OutputTensor's buffer) is NULL");
    if ((s = dmlref__check_buffer(&ctx, "InputTensor", inputs[0], &plan.in)) != DMLREF_OK) return s;
    if ((s = dmlref__check_buffer(&ctx, "OutputTensor", outputs[0], &plan.out)) != DMLREF_OK) return s;
    dmlref__byte_range(inputs[0], &plan.in, &in_first, &in_last);
    dmlref__byte_range(outputs[0], &plan.out, &out_first, &out_last);
    if (in_first < out_last && out_first < in_last) {
        int in_place = (plan.op == DMLREF__OP_CUMSUM || plan.op == DMLREF__OP_CUMPROD) && in_first == out_first &&
                       dmlref__same_layout(&plan.in, &plan.out);
        if (!in_place)
            return dmlref__fail(&ctx, DMLREF_ERROR_OVERLAP,
                                "InputTensor and OutputTensor buffers overlap; %s",
                                plan.op >= DMLREF__OP_ARGMIN
                                    ? "arg-reductions need separate buffers"
                                    : "only exact in-place aliasing (same address and strides) is allowed");
    }
    kernels = dmlref__kernels_for(plan.isa);
    dmlref__fpenv_enter(&env);
    switch (plan.op) {
    case DMLREF__OP_CUMSUM:
        dmlref__run_scan(&plan, inputs[0], outputs[0],
                         plan.float_order == DMLREF_FLOAT_ORDER_BLOCKED ? kernels->cumsum_blocked[plan.in.type]
                                                                       : kernels->cumsum[plan.in.type]);
        break;
    case DMLREF__OP_CUMPROD: dmlref__run_scan(&plan, inputs[0], outputs[0], kernels->cumprod[plan.in.type]); break;
    default: dmlref__run_arg(&plan, inputs[0], outputs[0], kernels->arg[plan.in.type]); break;
    }
    dmlref__fpenv_leave(&env);
    return DMLREF_OK;
}

#endif /* DMLREF__IMPLEMENTATION_INCLUDED */
#endif /* DML_REF_IMPLEMENTATION */

/*
------------------------------------------------------------------------------
Revision history
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
