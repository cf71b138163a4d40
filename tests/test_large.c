/* tests/test_large.c - tensors larger than DMLREF_STREAM_BYTES, where the
   contiguous SIMD kernels write with non-temporal (streaming) stores: every
   available path must still give the oracle's bits, with the output buffer
   64-byte aligned, or one element, 4, 16 or 48 bytes past a 64-byte boundary
   (the kernels peel to the boundary, or stage the output, to stream the rest). */
#include "../dml_ref.h"
#include "oracle.h"
#include "runner.h"
#include "suites.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct large_case {
    const char *name;
    DML_OPERATOR_TYPE op;
    DML_TENSOR_DATA_TYPE type;
    UINT lines, length; /* a lines x length tensor scanned along axis 1 */
    int float_order;
    BOOL exclusive;
    int along_axis0; /* 1: along axis 0 instead (the vertical kernels, rows streamed) */
    int decreasing;  /* DML_AXIS_DIRECTION_DECREASING (arg-reductions: the last extreme) */
    UINT pad;        /* elements after each line (input and output strides length + pad, 1) */
    int nan;         /* NaN inputs (fill_nan) */
} large_case;

static const large_case large_cases[] = {
    {"large/cumsum-int32", DML_OPERATOR_CUMULATIVE_SUMMATION, DML_TENSOR_DATA_TYPE_INT32, 1, 10u << 20,
     DMLREF_FLOAT_ORDER_SEQUENTIAL, FALSE, 0, 0, 0, 0},
    {"large/cumsum-int32-exclusive-3-lines", DML_OPERATOR_CUMULATIVE_SUMMATION, DML_TENSOR_DATA_TYPE_INT32, 3,
     (4u << 20) + 5, DMLREF_FLOAT_ORDER_SEQUENTIAL, TRUE, 0, 0, 0, 0},
    {"large/cumsum-int8", DML_OPERATOR_CUMULATIVE_SUMMATION, DML_TENSOR_DATA_TYPE_INT8, 1, 36u << 20,
     DMLREF_FLOAT_ORDER_SEQUENTIAL, FALSE, 0, 0, 0, 0},
    {"large/cumsum-uint64", DML_OPERATOR_CUMULATIVE_SUMMATION, DML_TENSOR_DATA_TYPE_UINT64, 1, (5u << 20) + 3,
     DMLREF_FLOAT_ORDER_SEQUENTIAL, FALSE, 0, 0, 0, 0},
    {"large/cumsum-float32-blocked", DML_OPERATOR_CUMULATIVE_SUMMATION, DML_TENSOR_DATA_TYPE_FLOAT32, 1,
     (10u << 20) + 7, DMLREF_FLOAT_ORDER_BLOCKED, FALSE, 0, 0, 0, 0},
    {"large/cumsum-float64-blocked-exclusive", DML_OPERATOR_CUMULATIVE_SUMMATION, DML_TENSOR_DATA_TYPE_FLOAT64, 2,
     (5u << 19) + 9, DMLREF_FLOAT_ORDER_BLOCKED, TRUE, 0, 0, 0, 0},
    {"large/cumsum-float16-blocked", DML_OPERATOR_CUMULATIVE_SUMMATION, DML_TENSOR_DATA_TYPE_FLOAT16, 1, 18u << 20,
     DMLREF_FLOAT_ORDER_BLOCKED, FALSE, 0, 0, 0, 0},
    /* FLOAT16 blocks streamed straight from registers (the first line) and stored through the cache (the
       second, 10 bytes past a boundary), exclusive */
    {"large/cumsum-float16-blocked-exclusive", DML_OPERATOR_CUMULATIVE_SUMMATION, DML_TENSOR_DATA_TYPE_FLOAT16, 2,
     (9u << 20) + 5, DMLREF_FLOAT_ORDER_BLOCKED, TRUE, 0, 0, 0, 0},
    /* > 32 MiB along axis 0 (vertical kernels, rows streamed when 64-byte aligned):
       rows of 8256 bytes, a short last block of 4 (or 3) rows */
    {"large/cumsum-float32-blocked-axis0", DML_OPERATOR_CUMULATIVE_SUMMATION, DML_TENSOR_DATA_TYPE_FLOAT32, 4100, 2064,
     DMLREF_FLOAT_ORDER_BLOCKED, FALSE, 1, 0, 0, 0},
    {"large/cumsum-float32-axis0", DML_OPERATOR_CUMULATIVE_SUMMATION, DML_TENSOR_DATA_TYPE_FLOAT32, 4100, 2064,
     DMLREF_FLOAT_ORDER_SEQUENTIAL, FALSE, 1, 0, 0, 0},
    /* rows back to back on AVX-512: each row's last vector wraps to its first lines, and the 64-byte line
       across two rows is made from two of them; inner input vectors realigned in registers (not on rows of
       fewer than 4 vectors: 32 lines) */
    {"large/cumsum-float64-blocked-axis0-nan", DML_OPERATOR_CUMULATIVE_SUMMATION, DML_TENSOR_DATA_TYPE_FLOAT64, 4103,
     1032, DMLREF_FLOAT_ORDER_BLOCKED, FALSE, 1, 0, 0, 1},
    {"large/cumsum-float32-blocked-axis0-32-lines", DML_OPERATOR_CUMULATIVE_SUMMATION, DML_TENSOR_DATA_TYPE_FLOAT32,
     270007, 32, DMLREF_FLOAT_ORDER_BLOCKED, FALSE, 1, 0, 0, 0},
    {"large/cumsum-float16-blocked-axis0", DML_OPERATOR_CUMULATIVE_SUMMATION, DML_TENSOR_DATA_TYPE_FLOAT16, 4099, 4128,
     DMLREF_FLOAT_ORDER_BLOCKED, FALSE, 1, 0, 0, 0},
    /* padded rows of 4108 + 4 floats (16,448 bytes): after the first 4096 lanes, AVX2 has one vector (a half
       line, streamed through the cache), SSE2 three, and the last lanes go to the scalar kernel */
    {"large/cumsum-float32-blocked-axis0-padded", DML_OPERATOR_CUMULATIVE_SUMMATION, DML_TENSOR_DATA_TYPE_FLOAT32, 2052,
     4108, DMLREF_FLOAT_ORDER_BLOCKED, FALSE, 1, 0, 4, 0},
    /* two lines on rows of 64 bytes: an output off the boundary has fewer lines than the bytes before it */
    {"large/cumsum-float64-axis0-2-lines-padded", DML_OPERATOR_CUMULATIVE_SUMMATION, DML_TENSOR_DATA_TYPE_FLOAT64,
     600000, 2, DMLREF_FLOAT_ORDER_SEQUENTIAL, FALSE, 1, 0, 6, 0},
    /* rows back to back, streamed inclusive SEQUENTIAL along axis 0 with the output off a 64-byte boundary: one
       flat recurrence whose vectors cross rows (FLOAT64, FLOAT16, INT8, a product that reaches inf and NaN);
       exclusive keeps the head lines on the scalar kernel */
    {"large/cumsum-float64-axis0-flat", DML_OPERATOR_CUMULATIVE_SUMMATION, DML_TENSOR_DATA_TYPE_FLOAT64, 4100, 1032,
     DMLREF_FLOAT_ORDER_SEQUENTIAL, FALSE, 1, 0, 0, 0},
    {"large/cumsum-float16-axis0-flat", DML_OPERATOR_CUMULATIVE_SUMMATION, DML_TENSOR_DATA_TYPE_FLOAT16, 8200, 2080,
     DMLREF_FLOAT_ORDER_SEQUENTIAL, FALSE, 1, 0, 0, 0},
    {"large/cumsum-int8-axis0-flat", DML_OPERATOR_CUMULATIVE_SUMMATION, DML_TENSOR_DATA_TYPE_INT8, 8200, 4096,
     DMLREF_FLOAT_ORDER_SEQUENTIAL, FALSE, 1, 0, 0, 0},
    {"large/cumprod-float32-axis0-flat-nan", DML_OPERATOR_CUMULATIVE_PRODUCT, DML_TENSOR_DATA_TYPE_FLOAT32, 4100, 2064,
     DMLREF_FLOAT_ORDER_SEQUENTIAL, FALSE, 1, 0, 0, 1},
    {"large/cumsum-float32-axis0-exclusive", DML_OPERATOR_CUMULATIVE_SUMMATION, DML_TENSOR_DATA_TYPE_FLOAT32, 4100,
     2064, DMLREF_FLOAT_ORDER_SEQUENTIAL, TRUE, 1, 0, 0, 0},
    /* BLOCKED lines back to back, whole blocks: the 64-byte line across two lines is streamed whole */
    {"large/cumsum-float32-blocked-rows", DML_OPERATOR_CUMULATIVE_SUMMATION, DML_TENSOR_DATA_TYPE_FLOAT32, 1025, 8192,
     DMLREF_FLOAT_ORDER_BLOCKED, FALSE, 0, 0, 0, 0},
    {"large/cumsum-float64-blocked-rows-exclusive-nan", DML_OPERATOR_CUMULATIVE_SUMMATION, DML_TENSOR_DATA_TYPE_FLOAT64,
     1025, 4096, DMLREF_FLOAT_ORDER_BLOCKED, TRUE, 0, 0, 0, 1},
    /* DECREASING lines: reversed through an L1 stage, the output streamed whole 64-byte lines from the stage */
    {"large/cumsum-float32-blocked-decreasing", DML_OPERATOR_CUMULATIVE_SUMMATION, DML_TENSOR_DATA_TYPE_FLOAT32, 1,
     (9u << 20) + 7, DMLREF_FLOAT_ORDER_BLOCKED, FALSE, 0, 1, 0, 0},
    {"large/cumsum-int8-decreasing-exclusive", DML_OPERATOR_CUMULATIVE_SUMMATION, DML_TENSOR_DATA_TYPE_INT8, 2,
     (17u << 20) + 3, DMLREF_FLOAT_ORDER_SEQUENTIAL, TRUE, 0, 1, 0, 0},
    {"large/cumsum-float64-decreasing-exclusive-nan", DML_OPERATOR_CUMULATIVE_SUMMATION, DML_TENSOR_DATA_TYPE_FLOAT64,
     1, (9u << 19) + 5, DMLREF_FLOAT_ORDER_SEQUENTIAL, TRUE, 0, 1, 0, 1},
    /* DECREASING SEQUENTIAL rows: the transposed kernels walk down, tiles streamed from each row's boundary below
       its top (FLOAT16 rows padded to 8224 elements, 16,448 bytes, keep the rows' 64-byte relation) */
    {"large/cumsum-float32-decreasing-rows", DML_OPERATOR_CUMULATIVE_SUMMATION, DML_TENSOR_DATA_TYPE_FLOAT32, 1025,
     8192, DMLREF_FLOAT_ORDER_SEQUENTIAL, FALSE, 0, 1, 0, 0},
    {"large/cumprod-float16-decreasing-rows-padded-nan", DML_OPERATOR_CUMULATIVE_PRODUCT, DML_TENSOR_DATA_TYPE_FLOAT16,
     2050, 8192, DMLREF_FLOAT_ORDER_SEQUENTIAL, FALSE, 0, 1, 32, 1},
    /* arg-reductions of inputs >= 32 MiB: the contiguous kernels' read-ahead folds */
    {"large/argmin-float32", DML_OPERATOR_ARGMIN, DML_TENSOR_DATA_TYPE_FLOAT32, 3, (3u << 20) - 5,
     DMLREF_FLOAT_ORDER_SEQUENTIAL, FALSE, 0, 0, 0, 0},
    {"large/argmax-int8-decreasing", DML_OPERATOR_ARGMAX, DML_TENSOR_DATA_TYPE_INT8, 2, (17u << 20) + 3,
     DMLREF_FLOAT_ORDER_SEQUENTIAL, FALSE, 0, 1, 0, 0},
    {"large/argmin-float16-decreasing", DML_OPERATOR_ARGMIN, DML_TENSOR_DATA_TYPE_FLOAT16, 4, (4u << 20) + 1,
     DMLREF_FLOAT_ORDER_SEQUENTIAL, FALSE, 0, 1, 0, 0},
    {"large/argmax-float64-axis0", DML_OPERATOR_ARGMAX, DML_TENSOR_DATA_TYPE_FLOAT64, 2050, 2064,
     DMLREF_FLOAT_ORDER_SEQUENTIAL, FALSE, 1, 0, 0, 0},
    /* > 32 MiB of SEQUENTIAL rows along axis 1 (the transposed kernels, 2 or 4 tiles streamed at a time
       when every line starts on a cache line): leftover lines, leftover single tiles and a line tail
       through padded rows, and products that reach inf and NaN (rewritten canonical afterwards) */
    {"large/cumsum-float32-rows", DML_OPERATOR_CUMULATIVE_SUMMATION, DML_TENSOR_DATA_TYPE_FLOAT32, 1029, 8192,
     DMLREF_FLOAT_ORDER_SEQUENTIAL, FALSE, 0, 0, 0, 0},
    {"large/cumsum-float32-rows-padded", DML_OPERATOR_CUMULATIVE_SUMMATION, DML_TENSOR_DATA_TYPE_FLOAT32, 1025, 8203,
     DMLREF_FLOAT_ORDER_SEQUENTIAL, FALSE, 0, 0, 5, 0},
    {"large/cumprod-float64-rows-padded", DML_OPERATOR_CUMULATIVE_PRODUCT, DML_TENSOR_DATA_TYPE_FLOAT64, 1027, 4100,
     DMLREF_FLOAT_ORDER_SEQUENTIAL, FALSE, 0, 0, 4, 0},
    /* rows back to back, off the boundary: the 64-byte line across two rows (and two groups of rows) is
       assembled and streamed whole; NaN products rewritten canonical there too */
    {"large/cumsum-float16-rows", DML_OPERATOR_CUMULATIVE_SUMMATION, DML_TENSOR_DATA_TYPE_FLOAT16, 1025, 16384,
     DMLREF_FLOAT_ORDER_SEQUENTIAL, FALSE, 0, 0, 0, 0},
    {"large/cumprod-float32-rows-nan", DML_OPERATOR_CUMULATIVE_PRODUCT, DML_TENSOR_DATA_TYPE_FLOAT32, 1027, 8192,
     DMLREF_FLOAT_ORDER_SEQUENTIAL, FALSE, 0, 0, 0, 1},
    {"large/cumsum-float16-rows-padded", DML_OPERATOR_CUMULATIVE_SUMMATION, DML_TENSOR_DATA_TYPE_FLOAT16, 1025, 16403,
     DMLREF_FLOAT_ORDER_SEQUENTIAL, FALSE, 0, 0, 13, 0},
    /* one SEQUENTIAL line (the transposed kernels' lines left over): stages from the output's first 64-byte
       boundary on, streamed raw, made canonical afterwards when the line holds NaN (from element 3 on) */
    {"large/cumsum-float32-line", DML_OPERATOR_CUMULATIVE_SUMMATION, DML_TENSOR_DATA_TYPE_FLOAT32, 1, (8u << 20) + 3,
     DMLREF_FLOAT_ORDER_SEQUENTIAL, FALSE, 0, 0, 0, 0},
    {"large/cumsum-float32-line-nan", DML_OPERATOR_CUMULATIVE_SUMMATION, DML_TENSOR_DATA_TYPE_FLOAT32, 1,
     (8u << 20) + 3, DMLREF_FLOAT_ORDER_SEQUENTIAL, FALSE, 0, 0, 0, 1},
    {"large/cumsum-float64-line", DML_OPERATOR_CUMULATIVE_SUMMATION, DML_TENSOR_DATA_TYPE_FLOAT64, 1, (4u << 20) + 5,
     DMLREF_FLOAT_ORDER_SEQUENTIAL, FALSE, 0, 0, 0, 0},
    {"large/cumsum-float16-line-exclusive", DML_OPERATOR_CUMULATIVE_SUMMATION, DML_TENSOR_DATA_TYPE_FLOAT16, 1,
     (16u << 20) + 21, DMLREF_FLOAT_ORDER_SEQUENTIAL, TRUE, 0, 0, 0, 0},
    {"large/cumsum-float32-line-exclusive", DML_OPERATOR_CUMULATIVE_SUMMATION, DML_TENSOR_DATA_TYPE_FLOAT32, 1,
     (8u << 20) + 11, DMLREF_FLOAT_ORDER_SEQUENTIAL, TRUE, 0, 0, 0, 0},
    {"large/cumsum-float32-line-exclusive-nan", DML_OPERATOR_CUMULATIVE_SUMMATION, DML_TENSOR_DATA_TYPE_FLOAT32, 1,
     (8u << 20) + 11, DMLREF_FLOAT_ORDER_SEQUENTIAL, TRUE, 0, 0, 0, 1},
    {"large/cumsum-float64-line-exclusive", DML_OPERATOR_CUMULATIVE_SUMMATION, DML_TENSOR_DATA_TYPE_FLOAT64, 1,
     (4u << 20) + 7, DMLREF_FLOAT_ORDER_SEQUENTIAL, TRUE, 0, 0, 0, 0},
    /* NaN with payloads and either sign every 4099 elements (from element 3): every output after the first is
       the canonical quiet NaN, on the streamed kernels' head, body and tail stores alike */
    {"large/cumsum-float32-blocked-nan", DML_OPERATOR_CUMULATIVE_SUMMATION, DML_TENSOR_DATA_TYPE_FLOAT32, 2,
     (5u << 20) + 7, DMLREF_FLOAT_ORDER_BLOCKED, FALSE, 0, 0, 0, 1},
    {"large/cumsum-float64-blocked-exclusive-nan", DML_OPERATOR_CUMULATIVE_SUMMATION, DML_TENSOR_DATA_TYPE_FLOAT64, 2,
     (5u << 19) + 9, DMLREF_FLOAT_ORDER_BLOCKED, TRUE, 0, 0, 0, 1},
    {"large/cumsum-float16-blocked-nan", DML_OPERATOR_CUMULATIVE_SUMMATION, DML_TENSOR_DATA_TYPE_FLOAT16, 1, 18u << 20,
     DMLREF_FLOAT_ORDER_BLOCKED, FALSE, 0, 0, 0, 1},
};

static uint64_t splitmix(uint64_t *state) {
    uint64_t z = (*state += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

/* Small values (floats in [-8, 8) in steps of 1/16, and -0.0) keep float sums finite;
   arg-reductions get steps of 2^-16 (FLOAT16: 2^-7), so that the extreme is
   rarely tied and lies anywhere in the line. */
static void fill(unsigned char *data, DML_TENSOR_DATA_TYPE type, size_t count, uint64_t seed, int arg) {
    size_t i, es = oracle_type_size(type);
    const unsigned bits = !arg ? 4u : type == DML_TENSOR_DATA_TYPE_FLOAT16 ? 7u : 16u;
    for (i = 0; i < count; i++) {
        uint64_t r = splitmix(&seed);
        double v = (double)(int64_t)(r % (16u << bits)) / (double)(1u << bits) - 8.0;
        if (!arg && r % 61u == 0) v = -0.0; /* x + -0.0 == x: a scan may not start from +0.0 */
        if (type == DML_TENSOR_DATA_TYPE_FLOAT32) {
            float f = (float)v;
            memcpy(data + i * es, &f, 4);
        } else if (type == DML_TENSOR_DATA_TYPE_FLOAT64) {
            memcpy(data + i * es, &v, 8);
        } else if (type == DML_TENSOR_DATA_TYPE_FLOAT16) {
            uint16_t h = oracle_f32_to_f16((float)v);
            memcpy(data + i * es, &h, 2);
        } else {
            memcpy(data + i * es, &r, es);
        }
    }
}

/* A NaN with a payload and either sign every 4099 elements, from element 3. */
static void fill_nan(unsigned char *data, DML_TENSOR_DATA_TYPE type, size_t count) {
    size_t i, es = oracle_type_size(type);
    for (i = 3; i < count; i += 4099) {
        const uint64_t sign = (i / 4099u) & 1u;
        const uint64_t bits = es == 2   ? sign << 15 | 0x7E00u | (i & 0xFFu)
                              : es == 4 ? sign << 31 | 0x7FC00000u | (i & 0xFFFFu)
                                        : sign << 63 | UINT64_C(0x7FF8000000000000) | i;
        const uint16_t b16 = (uint16_t)bits;
        const uint32_t b32 = (uint32_t)bits;
        memcpy(data + i * es, es == 2 ? (const void *)&b16 : es == 4 ? (const void *)&b32 : (const void *)&bits, es);
    }
}

static int untouched(const unsigned char *p, size_t n) {
    size_t i;
    for (i = 0; i < n; i++)
        if (p[i] != 0xA5) return 0;
    return 1;
}

static void run_large_case(const void *ctx) {
    const large_case *c = (const large_case *)ctx;
    const int arg = c->op == DML_OPERATOR_ARGMIN || c->op == DML_OPERATOR_ARGMAX;
    const UINT axis = c->along_axis0 ? 0u : 1u;
    UINT sizes[2], out_sizes[2], strides[2];
    size_t count, es = oracle_type_size(c->type), bytes, out_bytes;
    unsigned char *input, *expected, *block;
    DML_BUFFER_TENSOR_DESC buf, out_buf;
    DML_TENSOR_DESC tensor, out_tensor;
    DML_CUMULATIVE_SUMMATION_OPERATOR_DESC scan_desc;
    DML_ARGMIN_OPERATOR_DESC arg_desc; /* ARGMAX's descriptor has the same layout */
    DML_OPERATOR_DESC op;
    /* bytes past a 64-byte boundary: 0, one element, and malloc-like offsets (those the element divides) */
    const size_t offsets[] = {0, arg ? 4u : es, 4, 16, 48};
    size_t k;
    int isa;
    sizes[0] = out_sizes[0] = c->lines;
    sizes[1] = out_sizes[1] = c->length;
    strides[0] = c->length + c->pad;
    strides[1] = 1;
    memset(&buf, 0, sizeof buf);
    buf.DataType = c->type;
    buf.DimensionCount = 2;
    buf.Sizes = sizes;
    buf.Strides = c->pad ? strides : NULL;
    buf.TotalTensorSizeInBytes = dmlref_calc_buffer_tensor_size(c->type, 2, sizes, buf.Strides);
    count = (size_t)buf.TotalTensorSizeInBytes / es; /* padding too: every byte of the input is filled */
    bytes = (size_t)buf.TotalTensorSizeInBytes;
    tensor.Type = DML_TENSOR_TYPE_BUFFER;
    tensor.Desc = &buf;
    out_buf = buf;
    if (arg) { /* UINT32 indices, the reduced axis kept with size 1 */
        out_sizes[axis] = 1;
        out_buf.DataType = DML_TENSOR_DATA_TYPE_UINT32;
        out_buf.Sizes = out_sizes;
        out_buf.TotalTensorSizeInBytes = dmlref_calc_buffer_tensor_size(out_buf.DataType, 2, out_sizes, NULL);
    }
    out_bytes = (size_t)out_buf.TotalTensorSizeInBytes;
    out_tensor.Type = DML_TENSOR_TYPE_BUFFER;
    out_tensor.Desc = &out_buf;
    scan_desc.InputTensor = arg_desc.InputTensor = &tensor;
    scan_desc.OutputTensor = arg_desc.OutputTensor = &out_tensor;
    scan_desc.Axis = axis;
    scan_desc.AxisDirection = c->decreasing ? DML_AXIS_DIRECTION_DECREASING : DML_AXIS_DIRECTION_INCREASING;
    scan_desc.HasExclusiveSum = c->exclusive;
    arg_desc.AxisCount = 1;
    arg_desc.Axes = &axis;
    arg_desc.AxisDirection = c->decreasing ? DML_AXIS_DIRECTION_DECREASING : DML_AXIS_DIRECTION_INCREASING;
    op.Type = c->op;
    op.Desc = arg ? (const void *)&arg_desc : (const void *)&scan_desc;
    input = (unsigned char *)malloc(bytes);
    expected = (unsigned char *)malloc(out_bytes);
    block = (unsigned char *)malloc(out_bytes + 128);
    if (!TR_CHECKF(input && expected && block, "out of memory for %lu bytes", (unsigned long)bytes)) goto done;
    fill(input, c->type, count, 0x5EEDu + c->length, arg);
    if (c->nan) fill_nan(input, c->type, count);
    memset(expected, 0xA5, out_bytes); /* the padding keeps the fill below */
    if (!TR_CHECK(oracle_run(&op, input, expected, c->float_order, DMLREF_NAN_PROPAGATE) == 0)) goto done;
    for (isa = DMLREF_ISA_AUTO; isa < DMLREF_ISA_COUNT; isa++) {
        /* AUTO runs dmlref_best_isa's path, which the loop runs by name; REFERENCE and SCALAR write no
           streaming store (the small cases of random/, golden/ and tree/ check them), so SCALAR runs here
           only in builds without SIMD paths */
        if (!dmlref_isa_available((dmlref_isa)isa) || isa == DMLREF_ISA_REFERENCE || isa == DMLREF_ISA_AUTO ||
            (isa == DMLREF_ISA_SCALAR && dmlref_best_isa() != DMLREF_ISA_SCALAR))
            continue;
        for (k = 0; k < sizeof offsets / sizeof offsets[0]; k++) {
            unsigned char *out = block + (64 - (uintptr_t)block % 64) % 64 + offsets[k];
            const void *inputs[1];
            void *outputs[1];
            dmlref_options options;
            char message[256];
            dmlref_status s;
            if (offsets[k] % (arg ? 4u : es) != 0 || (k > 1 && offsets[k] == offsets[1])) continue;
            memset(&options, 0, sizeof options);
            options.isa = isa;
            options.float_order = c->float_order;
            options.error_message = message;
            options.error_message_capacity = sizeof message;
            memset(block, 0xA5, out_bytes + 128); /* the output and the slack on either side */
            inputs[0] = input;
            outputs[0] = out;
            s = dmlref_execute(&op, inputs, outputs, &options);
            if (!TR_CHECKF(s == DMLREF_OK, "%s: %s", dmlref_status_name(s), message)) continue;
            TR_CHECKF(memcmp(out, expected, out_bytes) == 0, "%s, output %u bytes past 64: differs from the oracle",
                      dmlref_isa_name((dmlref_isa)isa), (unsigned)offsets[k]);
            TR_CHECKF(untouched(block, (size_t)(out - block)) &&
                          untouched(out + out_bytes, (size_t)(block + out_bytes + 128 - (out + out_bytes))),
                      "%s, output %u bytes past 64: a byte before or after it was written",
                      dmlref_isa_name((dmlref_isa)isa), (unsigned)offsets[k]);
        }
    }
done:
    free(input);
    free(expected);
    free(block);
}

void register_large_tests(void) {
    size_t i;
    for (i = 0; i < sizeof large_cases / sizeof large_cases[0]; i++)
        tr_add(large_cases[i].name, run_large_case, &large_cases[i]);
}
