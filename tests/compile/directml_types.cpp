// tests/compile/directml_types.cpp - dml_ref with DirectML.h's own types.
//
// DirectML.h (here the stand-in tests/compile/DirectML.h: C++ enums and
// structs without typedefs, UINT and BOOL uint32_t as on Linux) is included
// first; dml_ref.h then declares only its own API on top of Microsoft's types.
// Descriptors are built with those types and passed to the implementation,
// compiled as C in another translation unit (tests/dml_ref_impl.c), or as C++
// after DirectML.h (tests/compile/directml_impl.cpp). Checks the documented
// CUMULATIVE_SUMMATION example (rows 1-3 of the DirectML page) and REDUCE
// ARGMIN at a feature level. Silent on success; exit status 0 when all passed.
#include "DirectML.h"
#include "../../dml_ref.h" // declarations only

#include <cstdio>
#include <cstring>
#include <type_traits>

// dml_ref must have used DirectML.h's declarations, not made its own.
#if defined(DMLREF_DML_TYPES_DEFINED) || defined(DMLREF_WIN32_TYPES_DEFINED)
#error "dml_ref.h defined its own DirectML or Win32 types although DirectML.h was included first"
#endif
#ifdef DML_TENSOR_DIMENSION_COUNT_MAX1
#error "dml_ref.h defined DML_TENSOR_DIMENSION_COUNT_MAX1 as a macro over DirectML.h's constant"
#endif
static_assert(std::is_same<BOOL, uint32_t>::value && std::is_same<UINT, uint32_t>::value,
              "UINT and BOOL are DirectML.h's (uint32_t on Linux)");
static_assert(DML_TENSOR_DIMENSION_COUNT_MAX1 == 8, "DirectML.h's constant is visible");
static_assert(sizeof(DML_TENSOR_DATA_TYPE) == 4 && sizeof(DML_AXIS_DIRECTION) == 4, "enums are 4 bytes");

namespace {

int g_failures = 0;

void check(bool ok, const char *what) {
    if (!ok) {
        std::printf("directml_types: FAIL %s\n", what);
        g_failures++;
    }
}

// The DirectML page's CUMULATIVE_SUMMATION examples on the 1x1x3x4 input.
struct Example {
    UINT axis;
    DML_AXIS_DIRECTION direction;
    BOOL exclusive;
    float expected[12];
    const char *what;
};

const Example kExamples[] = {
    {3,
     DML_AXIS_DIRECTION_INCREASING,
     FALSE,
     {2, 3, 6, 11, 3, 11, 18, 21, 9, 15, 17, 21},
     "CUMULATIVE_SUMMATION example 1 (axis 3, increasing)"},
    {3,
     DML_AXIS_DIRECTION_INCREASING,
     TRUE,
     {0, 2, 3, 6, 0, 3, 11, 18, 0, 9, 15, 17},
     "CUMULATIVE_SUMMATION example 2 (axis 3, increasing, exclusive)"},
    {3,
     DML_AXIS_DIRECTION_DECREASING,
     FALSE,
     {11, 9, 8, 5, 21, 18, 10, 3, 21, 12, 6, 4},
     "CUMULATIVE_SUMMATION example 3 (axis 3, decreasing)"},
};

void cumulative_summation(const Example &e) {
    const float input[12] = {2, 1, 3, 5, 3, 8, 7, 3, 9, 6, 2, 4};
    float output[12];
    const UINT sizes[4] = {1, 1, 3, 4};
    DML_BUFFER_TENSOR_DESC buffer = {
        DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_FLAG_NONE, 4, sizes, nullptr, sizeof input, 0};
    DML_TENSOR_DESC tensor = {DML_TENSOR_TYPE_BUFFER, &buffer};
    DML_CUMULATIVE_SUMMATION_OPERATOR_DESC sum = {&tensor, &tensor, e.axis, e.direction, e.exclusive};
    DML_OPERATOR_DESC op = {DML_OPERATOR_CUMULATIVE_SUMMATION, &sum};
    const void *inputs[1] = {input};
    void *outputs[1] = {output};
    char message[256] = "";
    dmlref_options options;
    std::memset(&options, 0, sizeof options);
    options.feature_level = DML_FEATURE_LEVEL_6_4;
    options.error_message = message;
    options.error_message_capacity = sizeof message;
    check(dmlref_calc_buffer_tensor_size(DML_TENSOR_DATA_TYPE_FLOAT32, 4, sizes, nullptr) == sizeof input,
          "dmlref_calc_buffer_tensor_size");
    std::memset(output, 0xFF, sizeof output);
    dmlref_status s = dmlref_execute(&op, inputs, outputs, &options);
    if (s != DMLREF_OK) std::printf("directml_types: %s: %s\n", dmlref_status_name(s), message);
    check(s == DMLREF_OK, e.what);
    check(std::memcmp(output, e.expected, sizeof output) == 0, e.what);
}

// REDUCE ARGMIN at DML_FEATURE_LEVEL_1_0 (4-D FLOAT32 in, UINT32 out).
void reduce_argmin() {
    const float input[6] = {5, 3, 8, 3, 1, 1};
    UINT index[2] = {99, 99};
    const UINT in_sizes[4] = {1, 1, 2, 3}, out_sizes[4] = {1, 1, 2, 1}, axes[1] = {3};
    DML_BUFFER_TENSOR_DESC in_buffer = {
        DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_FLAG_NONE, 4, in_sizes, nullptr, sizeof input, 0};
    DML_BUFFER_TENSOR_DESC out_buffer = {
        DML_TENSOR_DATA_TYPE_UINT32, DML_TENSOR_FLAG_NONE, 4, out_sizes, nullptr, sizeof index, 0};
    DML_TENSOR_DESC in_tensor = {DML_TENSOR_TYPE_BUFFER, &in_buffer};
    DML_TENSOR_DESC out_tensor = {DML_TENSOR_TYPE_BUFFER, &out_buffer};
    DML_REDUCE_OPERATOR_DESC reduce = {DML_REDUCE_FUNCTION_ARGMIN, &in_tensor, &out_tensor, 1, axes};
    DML_OPERATOR_DESC op = {DML_OPERATOR_REDUCE, &reduce};
    const void *inputs[1] = {input};
    void *outputs[1] = {index};
    dmlref_options options;
    std::memset(&options, 0, sizeof options);
    options.feature_level = DML_FEATURE_LEVEL_1_0;
    check(dmlref_execute(&op, inputs, outputs, &options) == DMLREF_OK, "REDUCE ARGMIN status");
    check(index[0] == 1 && index[1] == 1, "REDUCE ARGMIN {1, 1}");
    // CUMULATIVE_PRODUCT is newer than 3_0: rejected at that level
    DML_CUMULATIVE_PRODUCT_OPERATOR_DESC product = {&in_tensor, &in_tensor, 3, DML_AXIS_DIRECTION_INCREASING, FALSE};
    DML_OPERATOR_DESC op2 = {DML_OPERATOR_CUMULATIVE_PRODUCT, &product};
    options.feature_level = DML_FEATURE_LEVEL_3_0;
    check(dmlref_validate(&op2, &options) == DMLREF_ERROR_UNSUPPORTED_OPERATOR, "CUMULATIVE_PRODUCT at 3_0");
}

} // namespace

int main() {
    for (const Example &e : kExamples) cumulative_summation(e);
    reduce_argmin();
    return g_failures == 0 ? 0 : 1;
}
