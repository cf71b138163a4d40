// tests/compile/DirectML.h - a stand-in for Microsoft's DirectML.h, C++ only,
// declaring what dml_ref needs exactly as DirectML.h does: guard DIRECTML_H,
// C++ enums and structs without typedefs, the same names, field order and
// values (README.md, "Using it": DirectML's own types), DML_TARGET_VERSION 0x6400 by default with the
// same DML_TARGET_VERSION conditions around each declaration, and the
// Win32 scalar types as the Linux build of DirectML gets them from
// DirectX-Headers' wsl/winadapter.h (UINT and BOOL are uint32_t, TRUE is 1u).
// Written from the documentation; no Microsoft code. Used by
// tests/compile/directml_types.cpp (`make test-compile`).
#ifndef DIRECTML_H
#define DIRECTML_H

#ifndef __cplusplus
#error "DirectML.h is a C++ header"
#endif

#include <stdint.h>

// wsl/winadapter.h
typedef uint32_t UINT, BOOL;
typedef uint64_t UINT64;
typedef float FLOAT;
#define TRUE 1u
#define FALSE 0u

#ifndef DML_TARGET_VERSION
#define DML_TARGET_VERSION 0x6400
#endif

static const UINT DML_TENSOR_DIMENSION_COUNT_MAX = 5;
#if DML_TARGET_VERSION >= 0x3000
static const UINT DML_TENSOR_DIMENSION_COUNT_MAX1 = 8;
#endif

enum DML_TENSOR_DATA_TYPE {
    DML_TENSOR_DATA_TYPE_UNKNOWN,
    DML_TENSOR_DATA_TYPE_FLOAT32,
    DML_TENSOR_DATA_TYPE_FLOAT16,
    DML_TENSOR_DATA_TYPE_UINT32,
    DML_TENSOR_DATA_TYPE_UINT16,
    DML_TENSOR_DATA_TYPE_UINT8,
    DML_TENSOR_DATA_TYPE_INT32,
    DML_TENSOR_DATA_TYPE_INT16,
    DML_TENSOR_DATA_TYPE_INT8,
    DML_TENSOR_DATA_TYPE_FLOAT64,
    DML_TENSOR_DATA_TYPE_UINT64,
    DML_TENSOR_DATA_TYPE_INT64,
#if DML_TARGET_VERSION >= 0x6300
    DML_TENSOR_DATA_TYPE_UINT4,
    DML_TENSOR_DATA_TYPE_INT4,
#endif
};

enum DML_TENSOR_TYPE {
    DML_TENSOR_TYPE_INVALID,
    DML_TENSOR_TYPE_BUFFER,
};

enum DML_TENSOR_FLAGS {
    DML_TENSOR_FLAG_NONE = 0x0,
    DML_TENSOR_FLAG_OWNED_BY_DML = 0x1,
};

struct DML_BUFFER_TENSOR_DESC {
    DML_TENSOR_DATA_TYPE DataType;
    DML_TENSOR_FLAGS Flags;
    UINT DimensionCount;
    const UINT *Sizes;
    const UINT *Strides;
    UINT64 TotalTensorSizeInBytes;
    UINT GuaranteedBaseOffsetAlignment;
};

struct DML_TENSOR_DESC {
    DML_TENSOR_TYPE Type;
    const void *Desc;
};

// DirectML.h lists every operator in order; only dml_ref's are spelled out
// here, with the values that order gives them.
enum DML_OPERATOR_TYPE {
    DML_OPERATOR_INVALID = 0,
    DML_OPERATOR_REDUCE = 55,
#if DML_TARGET_VERSION >= 0x2100
    DML_OPERATOR_CUMULATIVE_SUMMATION = 105,
#endif
#if DML_TARGET_VERSION >= 0x3000
    DML_OPERATOR_ARGMIN = 137,
    DML_OPERATOR_ARGMAX = 138,
#endif
#if DML_TARGET_VERSION >= 0x3100
    DML_OPERATOR_CUMULATIVE_PRODUCT = 145,
#endif
};

enum DML_REDUCE_FUNCTION {
    DML_REDUCE_FUNCTION_ARGMAX,
    DML_REDUCE_FUNCTION_ARGMIN,
    DML_REDUCE_FUNCTION_AVERAGE,
    DML_REDUCE_FUNCTION_L1,
    DML_REDUCE_FUNCTION_L2,
    DML_REDUCE_FUNCTION_LOG_SUM,
    DML_REDUCE_FUNCTION_LOG_SUM_EXP,
    DML_REDUCE_FUNCTION_MAX,
    DML_REDUCE_FUNCTION_MIN,
    DML_REDUCE_FUNCTION_MULTIPLY,
    DML_REDUCE_FUNCTION_SUM,
    DML_REDUCE_FUNCTION_SUM_SQUARE,
};

#if DML_TARGET_VERSION >= 0x2100
enum DML_AXIS_DIRECTION {
    DML_AXIS_DIRECTION_INCREASING = 0,
    DML_AXIS_DIRECTION_DECREASING = 1,
};
#endif

struct DML_OPERATOR_DESC {
    DML_OPERATOR_TYPE Type;
    const void *Desc;
};

struct DML_REDUCE_OPERATOR_DESC {
    DML_REDUCE_FUNCTION Function;
    const DML_TENSOR_DESC *InputTensor;
    const DML_TENSOR_DESC *OutputTensor;
    UINT AxisCount;
    const UINT *Axes;
};

#if DML_TARGET_VERSION >= 0x2100
struct DML_CUMULATIVE_SUMMATION_OPERATOR_DESC {
    const DML_TENSOR_DESC *InputTensor;
    const DML_TENSOR_DESC *OutputTensor;
    UINT Axis;
    DML_AXIS_DIRECTION AxisDirection;
    BOOL HasExclusiveSum;
};
#endif

#if DML_TARGET_VERSION >= 0x3000
struct DML_ARGMIN_OPERATOR_DESC {
    const DML_TENSOR_DESC *InputTensor;
    const DML_TENSOR_DESC *OutputTensor;
    UINT AxisCount;
    const UINT *Axes;
    DML_AXIS_DIRECTION AxisDirection;
};

struct DML_ARGMAX_OPERATOR_DESC {
    const DML_TENSOR_DESC *InputTensor;
    const DML_TENSOR_DESC *OutputTensor;
    UINT AxisCount;
    const UINT *Axes;
    DML_AXIS_DIRECTION AxisDirection;
};
#endif

#if DML_TARGET_VERSION >= 0x3100
struct DML_CUMULATIVE_PRODUCT_OPERATOR_DESC {
    const DML_TENSOR_DESC *InputTensor;
    const DML_TENSOR_DESC *OutputTensor;
    UINT Axis;
    DML_AXIS_DIRECTION AxisDirection;
    BOOL HasExclusiveProduct;
};
#endif

#if DML_TARGET_VERSION >= 0x2000
enum DML_FEATURE_LEVEL {
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
    DML_FEATURE_LEVEL_6_4 = 0x6400,
};
#endif

#endif // DIRECTML_H
