// tests/cxx/cxx_smoke.cpp - dml_ref.h compiled as C++11, implementation included.
//
// Proves the header (declarations and implementation) builds warning-free as
// C++ and gives the documented results there: the DirectML pages' examples
// (the DirectML documentation's examples: CUMULATIVE_SUMMATION and CUMULATIVE_PRODUCT rows 1-4 on the
// 1x1x3x4 input, ARGMIN and ARGMAX rows 1-3 on the 3x3 input, UINT32 output),
// built with C++ code and checked bit for bit. The full suite runs in C.
#define DML_REF_IMPLEMENTATION
#include "../../dml_ref.h"

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

namespace {

int g_checks = 0;
int g_failed = 0;

// A packed buffer tensor and its descriptors. Not copyable: desc points at buffer.
class Tensor {
  public:
    Tensor(DML_TENSOR_DATA_TYPE type, const std::vector<UINT> &sizes) : sizes_(sizes) {
        std::memset(&buffer_, 0, sizeof buffer_);
        buffer_.DataType = type;
        buffer_.Flags = DML_TENSOR_FLAG_NONE;
        buffer_.DimensionCount = static_cast<UINT>(sizes_.size());
        buffer_.Sizes = sizes_.data();
        buffer_.Strides = nullptr; // packed
        buffer_.TotalTensorSizeInBytes =
            dmlref_calc_buffer_tensor_size(type, buffer_.DimensionCount, sizes_.data(), nullptr);
        buffer_.GuaranteedBaseOffsetAlignment = 0;
        desc_.Type = DML_TENSOR_TYPE_BUFFER;
        desc_.Desc = &buffer_;
    }
    Tensor(const Tensor &) = delete;
    Tensor &operator=(const Tensor &) = delete;

    const DML_TENSOR_DESC *desc() const { return &desc_; }
    UINT64 bytes() const { return buffer_.TotalTensorSizeInBytes; }

  private:
    std::vector<UINT> sizes_;
    DML_BUFFER_TENSOR_DESC buffer_;
    DML_TENSOR_DESC desc_;
};

const char *op_name(DML_OPERATOR_TYPE type) {
    switch (type) {
    case DML_OPERATOR_CUMULATIVE_SUMMATION: return "CUMULATIVE_SUMMATION";
    case DML_OPERATOR_CUMULATIVE_PRODUCT: return "CUMULATIVE_PRODUCT";
    case DML_OPERATOR_ARGMIN: return "ARGMIN";
    case DML_OPERATOR_ARGMAX: return "ARGMAX";
    default: return "?";
    }
}

// Run op; on success compare the output with `expected` bit for bit. One check.
template <typename Out>
void run_and_check(const char *what, int row, const DML_OPERATOR_DESC &op, const void *input, std::vector<Out> &output,
                   const std::vector<Out> &expected) {
    char message[256] = {0};
    dmlref_options options;
    std::memset(&options, 0, sizeof options); // every default
    options.error_message = message;
    options.error_message_capacity = sizeof message;
    const void *inputs[1] = {input};
    void *outputs[1] = {output.data()};
    ++g_checks;
    dmlref_status status = dmlref_execute(&op, inputs, outputs, &options);
    if (status != DMLREF_OK) {
        ++g_failed;
        std::printf("  FAIL %s row %d: dmlref_execute returned %s: %s\n", what, row, dmlref_status_name(status),
                    message);
        return;
    }
    for (std::size_t i = 0; i < expected.size(); ++i) {
        if (std::memcmp(&output[i], &expected[i], sizeof(Out)) != 0) {
            ++g_failed;
            std::printf("  FAIL %s row %d: element %lu is %g, expected %g\n", what, row, static_cast<unsigned long>(i),
                        static_cast<double>(output[i]), static_cast<double>(expected[i]));
            return;
        }
    }
}

// The DirectML documentation's examples, CUMULATIVE_SUMMATION / CUMULATIVE_PRODUCT on Sizes {1,1,3,4} FLOAT32.
void check_scan(DML_OPERATOR_TYPE type, int row, UINT axis, DML_AXIS_DIRECTION direction, BOOL exclusive,
                const std::vector<float> &expected) {
    static const float input[12] = {2, 1, 3, 5, 3, 8, 7, 3, 9, 6, 2, 4};
    const std::vector<UINT> sizes = {1, 1, 3, 4};
    Tensor in(DML_TENSOR_DATA_TYPE_FLOAT32, sizes);
    Tensor out(DML_TENSOR_DATA_TYPE_FLOAT32, sizes);
    // A NaN fill shows any element the operator did not write.
    std::vector<float> output(12, 0.0f);
    const std::uint32_t nan_bits = 0x7FC00001u;
    for (float &f : output) std::memcpy(&f, &nan_bits, sizeof f);

    DML_OPERATOR_DESC op;
    op.Type = type;
    DML_CUMULATIVE_SUMMATION_OPERATOR_DESC sum = {in.desc(), out.desc(), axis, direction, exclusive};
    DML_CUMULATIVE_PRODUCT_OPERATOR_DESC product = {in.desc(), out.desc(), axis, direction, exclusive};
    if (type == DML_OPERATOR_CUMULATIVE_SUMMATION) op.Desc = &sum;
    else op.Desc = &product;
    run_and_check(op_name(type), row, op, input, output, expected);
}

// The DirectML documentation's examples, ARGMIN / ARGMAX on the 3x3 FLOAT32 input, INCREASING, UINT32 output.
void check_arg(DML_OPERATOR_TYPE type, int row, const std::vector<UINT> &axes, const std::vector<UINT> &out_sizes,
               const std::vector<std::uint32_t> &expected) {
    static const float input[9] = {1, 2, 3, 3, 0, 4, 2, 5, 2};
    Tensor in(DML_TENSOR_DATA_TYPE_FLOAT32, {3, 3});
    Tensor out(DML_TENSOR_DATA_TYPE_UINT32, out_sizes);
    std::vector<std::uint32_t> output(expected.size(), 0xDEADBEEFu);
    const UINT axis_count = static_cast<UINT>(axes.size());

    DML_OPERATOR_DESC op;
    op.Type = type;
    DML_ARGMIN_OPERATOR_DESC argmin = {in.desc(), out.desc(), axis_count, axes.data(), DML_AXIS_DIRECTION_INCREASING};
    DML_ARGMAX_OPERATOR_DESC argmax = {in.desc(), out.desc(), axis_count, axes.data(), DML_AXIS_DIRECTION_INCREASING};
    if (type == DML_OPERATOR_ARGMIN) op.Desc = &argmin;
    else op.Desc = &argmax;
    run_and_check(op_name(type), row, op, input, output, expected);
}

} // namespace

int main() {
    const DML_OPERATOR_TYPE sum = DML_OPERATOR_CUMULATIVE_SUMMATION;
    const DML_OPERATOR_TYPE product = DML_OPERATOR_CUMULATIVE_PRODUCT;
    const DML_AXIS_DIRECTION inc = DML_AXIS_DIRECTION_INCREASING;
    const DML_AXIS_DIRECTION dec = DML_AXIS_DIRECTION_DECREASING;

    check_scan(sum, 1, 3, inc, FALSE, {2, 3, 6, 11, 3, 11, 18, 21, 9, 15, 17, 21});
    check_scan(sum, 2, 3, inc, TRUE, {0, 2, 3, 6, 0, 3, 11, 18, 0, 9, 15, 17});
    check_scan(sum, 3, 3, dec, FALSE, {11, 9, 8, 5, 21, 18, 10, 3, 21, 12, 6, 4});
    check_scan(sum, 4, 2, inc, FALSE, {2, 1, 3, 5, 5, 9, 10, 8, 14, 15, 12, 12});
    check_scan(product, 1, 3, inc, FALSE, {2, 2, 6, 30, 3, 24, 168, 504, 9, 54, 108, 432});
    check_scan(product, 2, 3, inc, TRUE, {1, 2, 2, 6, 1, 3, 24, 168, 1, 9, 54, 108});
    check_scan(product, 3, 3, dec, FALSE, {30, 15, 15, 5, 504, 168, 21, 3, 432, 48, 8, 4});
    check_scan(product, 4, 2, inc, FALSE, {2, 1, 3, 5, 6, 8, 21, 15, 54, 48, 42, 60});

    check_arg(DML_OPERATOR_ARGMIN, 1, {0}, {1, 3}, {0, 1, 2});
    check_arg(DML_OPERATOR_ARGMIN, 2, {1}, {3, 1}, {0, 1, 0});
    check_arg(DML_OPERATOR_ARGMIN, 3, {0, 1}, {1, 1}, {4});
    check_arg(DML_OPERATOR_ARGMAX, 1, {0}, {1, 3}, {1, 2, 1});
    check_arg(DML_OPERATOR_ARGMAX, 2, {1}, {3, 1}, {2, 2, 1});
    check_arg(DML_OPERATOR_ARGMAX, 3, {0, 1}, {1, 1}, {7});

    // Deliberately not "N passed, N failed": that line belongs to the main suite.
    std::printf("C++ smoke (dml_ref.h compiled as C++11): %d checks, %d failed\n", g_checks, g_failed);
    return g_failed == 0 ? 0 : 1;
}
