/* tests/test_reverse.c - DECREASING scans of contiguous lines, which the SIMD paths run through a
   stage: chunks of the line reversed into it, the increasing kernel, and reversed out. Each case is a
   lines x length tensor scanned DECREASING along axis 1 (rows padded by `pad` elements), checked
   against the independent oracle on every available path, with the output 64-byte aligned, one
   element past it, and 16 and 48 bytes past it, in place too, and split into pieces by a schedule of
   4 tasks (integers and BLOCKED lines split, each piece starting from a carry). Lengths cross the
   stage's chunks (8 KiB of elements) with short last chunks; values include NaN with payloads. */
#include "../dml_ref.h"
#include "fixture.h"
#include "oracle.h"
#include "runner.h"
#include "sched.h"
#include "suites.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct reverse_case {
    const char *name;
    DML_OPERATOR_TYPE op;
    DML_TENSOR_DATA_TYPE type;
    UINT lines, length, pad;
    int float_order, accumulation;
    BOOL exclusive;
    int nan; /* NaN with a payload every 1021 elements */
} reverse_case;

#define RV_SUM DML_OPERATOR_CUMULATIVE_SUMMATION
#define RV_PROD DML_OPERATOR_CUMULATIVE_PRODUCT
#define RV_SEQ DMLREF_FLOAT_ORDER_SEQUENTIAL
#define RV_BLK DMLREF_FLOAT_ORDER_BLOCKED
#define RV_DEF DMLREF_ACCUMULATION_DEFAULT

static const reverse_case reverse_cases[] = {
    {"reverse/cumsum-int8", RV_SUM, DML_TENSOR_DATA_TYPE_INT8, 2, 3u * 8192u + 77u, 5, RV_SEQ, RV_DEF, FALSE, 0},
    {"reverse/cumsum-uint16-exclusive", RV_SUM, DML_TENSOR_DATA_TYPE_UINT16, 2, 2u * 4096u + 3u, 0, RV_SEQ, RV_DEF,
     TRUE, 0},
    {"reverse/cumsum-int32", RV_SUM, DML_TENSOR_DATA_TYPE_INT32, 3, 5u * 2048u + 1u, 3, RV_SEQ, RV_DEF, FALSE, 0},
    {"reverse/cumprod-int32-exclusive", RV_PROD, DML_TENSOR_DATA_TYPE_INT32, 1, 4u * 2048u + 9u, 0, RV_SEQ, RV_DEF,
     TRUE, 0},
    {"reverse/cumsum-uint64", RV_SUM, DML_TENSOR_DATA_TYPE_UINT64, 2, 3u * 1024u + 5u, 1, RV_SEQ, RV_DEF, FALSE, 0},
    {"reverse/cumsum-float32", RV_SUM, DML_TENSOR_DATA_TYPE_FLOAT32, 2, 4u * 2048u + 13u, 3, RV_SEQ, RV_DEF, FALSE, 1},
    {"reverse/cumsum-float32-exclusive", RV_SUM, DML_TENSOR_DATA_TYPE_FLOAT32, 1, 3u * 2048u + 1u, 0, RV_SEQ, RV_DEF,
     TRUE, 0},
    {"reverse/cumprod-float32-nan", RV_PROD, DML_TENSOR_DATA_TYPE_FLOAT32, 2, 3u * 2048u + 2u, 0, RV_SEQ, RV_DEF, FALSE,
     1},
    {"reverse/cumsum-float32-blocked", RV_SUM, DML_TENSOR_DATA_TYPE_FLOAT32, 2, 5u * 2048u + 7u, 2, RV_BLK, RV_DEF,
     FALSE, 0},
    {"reverse/cumsum-float32-blocked-exclusive-nan", RV_SUM, DML_TENSOR_DATA_TYPE_FLOAT32, 1, 4u * 2048u + 15u, 0,
     RV_BLK, RV_DEF, TRUE, 1},
    {"reverse/cumsum-float64", RV_SUM, DML_TENSOR_DATA_TYPE_FLOAT64, 2, 4u * 1024u + 3u, 1, RV_SEQ, RV_DEF, TRUE, 1},
    {"reverse/cumsum-float64-blocked", RV_SUM, DML_TENSOR_DATA_TYPE_FLOAT64, 3, 3u * 1024u + 31u, 0, RV_BLK, RV_DEF,
     FALSE, 0},
    {"reverse/cumsum-float64-blocked-exclusive", RV_SUM, DML_TENSOR_DATA_TYPE_FLOAT64, 1, 6u * 1024u, 0, RV_BLK, RV_DEF,
     TRUE, 0},
    {"reverse/cumsum-float16-native", RV_SUM, DML_TENSOR_DATA_TYPE_FLOAT16, 2, 2u * 4096u + 11u, 1, RV_SEQ,
     DMLREF_ACCUMULATION_NATIVE, FALSE, 1},
    {"reverse/cumprod-float16-native-exclusive", RV_PROD, DML_TENSOR_DATA_TYPE_FLOAT16, 1, 2u * 4096u + 1u, 0, RV_SEQ,
     DMLREF_ACCUMULATION_NATIVE, TRUE, 0},
    /* FLOAT16 BLOCKED: the float32 carry chained from each chunk's block totals */
    {"reverse/cumsum-float16-blocked", RV_SUM, DML_TENSOR_DATA_TYPE_FLOAT16, 2, 3u * 4096u + 21u, 3, RV_BLK, RV_DEF,
     FALSE, 0},
    {"reverse/cumsum-float16-blocked-exclusive", RV_SUM, DML_TENSOR_DATA_TYPE_FLOAT16, 1, 2u * 4096u + 16u, 0, RV_BLK,
     RV_DEF, TRUE, 0},
    /* the orders that keep the scalar kernel: the same bits through the same checks */
    {"reverse/cumsum-float16", RV_SUM, DML_TENSOR_DATA_TYPE_FLOAT16, 1, 4096u + 5u, 0, RV_SEQ, RV_DEF, FALSE, 0},
    {"reverse/cumsum-float32-short", RV_SUM, DML_TENSOR_DATA_TYPE_FLOAT32, 3, 37u, 1, RV_SEQ, RV_DEF, TRUE, 0},
};

/* Sums: values in [-8, 8) in steps of 1/16 (and -0.0); products: near 1 (1 +- k/64), so that they
   neither vanish nor overflow within a line; integers: any bits. */
static void rv_fill(unsigned char *data, const reverse_case *c, size_t count) {
    const size_t es = oracle_type_size(c->type);
    fx_rng rng = fx_seeded(c->name, 0);
    uint64_t r;
    size_t i;
    for (i = 0; i < count; i++) {
        double v;
        r = fx_next(&rng);
        v = c->op == RV_PROD ? 1.0 + (double)((int)(r % 17u) - 8) / 64.0 : (double)(int64_t)(r % 256u) / 16.0 - 8.0;
        if (c->op == RV_SUM && r % 61u == 0) v = -0.0;
        if (c->nan && i % 1021u == 3u) {
            const uint64_t bits = es == 2   ? 0x7E00u | (i & 0xFFu)
                                  : es == 4 ? 0xFFC00000u | (i & 0xFFFFu)
                                            : UINT64_C(0x7FF8000000000000) | i;
            memcpy(data + i * es, &bits, es); /* little-endian: the low bytes */
        } else if (c->type == DML_TENSOR_DATA_TYPE_FLOAT32) {
            float f = (float)v;
            memcpy(data + i * es, &f, 4);
        } else if (c->type == DML_TENSOR_DATA_TYPE_FLOAT64) {
            memcpy(data + i * es, &v, 8);
        } else if (c->type == DML_TENSOR_DATA_TYPE_FLOAT16) {
            uint16_t h = oracle_f32_to_f16((float)v);
            memcpy(data + i * es, &h, 2);
        } else {
            memcpy(data + i * es, &r, es);
        }
    }
}

static void run_reverse_case(const void *ctx) {
    const reverse_case *c = (const reverse_case *)ctx;
    const size_t es = oracle_type_size(c->type);
    const size_t offsets[] = {0, es, 16, 48};
    UINT sizes[2], strides[2];
    DML_BUFFER_TENSOR_DESC buf;
    DML_TENSOR_DESC tensor;
    DML_CUMULATIVE_SUMMATION_OPERATOR_DESC desc; /* the product's descriptor has the same layout */
    DML_OPERATOR_DESC op;
    unsigned char *input = NULL, *expected = NULL, *block = NULL;
    size_t bytes, k;
    int isa, mode;
    sizes[0] = c->lines;
    sizes[1] = c->length;
    strides[0] = c->length + c->pad;
    strides[1] = 1;
    memset(&buf, 0, sizeof buf);
    buf.DataType = c->type;
    buf.DimensionCount = 2;
    buf.Sizes = sizes;
    buf.Strides = strides;
    buf.TotalTensorSizeInBytes = dmlref_calc_buffer_tensor_size(c->type, 2, sizes, strides);
    bytes = (size_t)buf.TotalTensorSizeInBytes;
    tensor.Type = DML_TENSOR_TYPE_BUFFER;
    tensor.Desc = &buf;
    desc.InputTensor = desc.OutputTensor = &tensor;
    desc.Axis = 1;
    desc.AxisDirection = DML_AXIS_DIRECTION_DECREASING;
    desc.HasExclusiveSum = c->exclusive;
    op.Type = c->op;
    op.Desc = &desc;
    input = (unsigned char *)malloc(bytes);
    expected = (unsigned char *)malloc(bytes);
    block = (unsigned char *)malloc(bytes + 128);
    if (!TR_CHECKF(input && expected && block, "out of memory for %lu bytes", (unsigned long)bytes)) goto done;
    rv_fill(input, c, bytes / es);
    memcpy(expected, input, bytes);                      /* the padding keeps the input's bytes */
    if (c->accumulation == DMLREF_ACCUMULATION_NATIVE) { /* the oracle has no NATIVE: the library's SCALAR path */
        dmlref_options o;
        const void *in[1];
        void *out[1];
        memset(&o, 0, sizeof o);
        o.isa = DMLREF_ISA_SCALAR;
        o.float_order = c->float_order;
        o.accumulation = c->accumulation;
        in[0] = input;
        out[0] = expected;
        if (!TR_CHECK(dmlref_execute(&op, in, out, &o) == DMLREF_OK)) goto done;
    } else if (!TR_CHECK(oracle_run(&op, input, expected, c->float_order, DMLREF_NAN_PROPAGATE) == 0)) {
        goto done;
    }
    for (isa = DMLREF_ISA_SCALAR; isa < DMLREF_ISA_COUNT; isa++) {
        if (!dmlref_isa_available((dmlref_isa)isa) || isa == DMLREF_ISA_REFERENCE) continue;
        for (k = 0; k < sizeof offsets / sizeof offsets[0]; k++) {
            for (mode = 0; mode < 3; mode++) { /* separate output, in place, 4 tasks */
                unsigned char *out = block + (64 - (uintptr_t)block % 64) % 64 + offsets[k];
                const void *inputs[1];
                void *outputs[1];
                dmlref_options options;
                sched s;
                char message[256];
                dmlref_status st;
                size_t first;
                if (k > 1 && offsets[k] % es != 0) continue;
                memset(&options, 0, sizeof options);
                options.isa = isa;
                options.float_order = c->float_order;
                options.accumulation = c->accumulation;
                options.error_message = message;
                options.error_message_capacity = sizeof message;
                if (mode == 2) {
                    sched_init(&s, SCHED_REVERSE, 0, 4, 0);
                    options.parallel = &s.parallel;
                }
                inputs[0] = mode == 1 ? (const void *)out : (const void *)input;
                outputs[0] = out;
                if (mode == 1) memcpy(out, input, bytes);
                else { /* outputs unwritten; the gaps between rows hold the input's bytes, as the expected */
                    uint32_t l;
                    memset(out, 0xA5, bytes);
                    for (l = 0; l < c->lines; l++) {
                        const size_t from = ((size_t)l * strides[0] + c->length) * es;
                        const size_t to = l + 1u < c->lines ? (size_t)(l + 1u) * strides[0] * es : bytes;
                        memcpy(out + from, input + from, to - from);
                    }
                }
                st = dmlref_execute(&op, inputs, outputs, &options);
                if (!TR_CHECKF(st == DMLREF_OK, "%s: %s", dmlref_isa_name((dmlref_isa)isa), message)) goto done;
                for (first = 0; first < bytes && out[first] == expected[first]; first++) {}
                if (!TR_CHECKF(first == bytes, "%s, output +%lu bytes, %s: first differing byte %lu of %lu",
                               dmlref_isa_name((dmlref_isa)isa), (unsigned long)offsets[k],
                               mode == 0   ? "separate"
                               : mode == 1 ? "in place"
                                           : "4 tasks",
                               (unsigned long)first, (unsigned long)bytes))
                    goto done;
            }
        }
    }
done:
    free(input);
    free(expected);
    free(block);
}

void register_reverse_tests(void) {
    size_t i;
    for (i = 0; i < sizeof reverse_cases / sizeof reverse_cases[0]; i++)
        tr_add(reverse_cases[i].name, run_reverse_case, &reverse_cases[i]);
}
