/* tests/test_alloc.c - the work buffer of TREE blocks over 1024 elements:
   taken through DMLREF_MALLOC only by scans whose lines need it, and a failed
   allocation is DMLREF_ERROR_OUT_OF_MEMORY with the output untouched; the
   work buffer of a line split into tasks (options.parallel): without it the
   line stays whole, with the same bits. A private implementation
   (DML_REF_STATIC, scalar only, the default DMLREF_TASK_GRAIN) with a
   counting allocator that can be told to fail. */
#include <stdlib.h>
#include <string.h>

static int alloc_fail, alloc_count;
static void *alloc_counted(size_t size) {
    alloc_count++;
    return alloc_fail ? NULL : malloc(size);
}

#define DML_REF_STATIC
#define DML_REF_IMPLEMENTATION
#ifndef DMLREF_NO_SIMD
#define DMLREF_NO_SIMD
#endif
#define DMLREF_MALLOC(size) alloc_counted(size)
#define DMLREF_FREE(pointer) free(pointer)
#include "../dml_ref.h"

#include "runner.h"
#include "sched.h"
#include "suites.h"

#define ALLOC_N 3000u

/* One FLOAT32 line of n elements: a cumsum (op 0) or an argmin (op 1) with TREE {SKLANSKY, block, CARRY_AFTER}. */
static dmlref_status alloc_run(int op, uint32_t n, uint32_t block, float *in, void *out,
                               const dmlref_parallel *parallel) {
    UINT sizes[1], one[1] = {1}, axes[1] = {0};
    DML_BUFFER_TENSOR_DESC buf, idx;
    DML_TENSOR_DESC t, ti;
    DML_CUMULATIVE_SUMMATION_OPERATOR_DESC cs;
    DML_ARGMIN_OPERATOR_DESC am;
    DML_OPERATOR_DESC desc;
    dmlref_scan_tree tree;
    dmlref_options options;
    const void *inputs[1];
    void *outputs[1];
    sizes[0] = n;
    memset(&buf, 0, sizeof buf);
    buf.DataType = DML_TENSOR_DATA_TYPE_FLOAT32;
    buf.DimensionCount = 1;
    buf.Sizes = sizes;
    buf.TotalTensorSizeInBytes = (UINT64)n * 4u;
    idx = buf;
    idx.DataType = DML_TENSOR_DATA_TYPE_INT64;
    idx.Sizes = one;
    idx.TotalTensorSizeInBytes = 8;
    t.Type = DML_TENSOR_TYPE_BUFFER;
    t.Desc = &buf;
    ti.Type = DML_TENSOR_TYPE_BUFFER;
    ti.Desc = &idx;
    memset(&cs, 0, sizeof cs);
    cs.InputTensor = &t;
    cs.OutputTensor = &t;
    memset(&am, 0, sizeof am);
    am.InputTensor = &t;
    am.OutputTensor = &ti;
    am.AxisCount = 1;
    am.Axes = axes;
    desc.Type = op == 0 ? DML_OPERATOR_CUMULATIVE_SUMMATION : DML_OPERATOR_ARGMIN;
    desc.Desc = op == 0 ? (const void *)&cs : (const void *)&am;
    memset(&tree, 0, sizeof tree);
    tree.algorithm = DMLREF_TREE_SKLANSKY;
    tree.block = block;
    tree.carry = DMLREF_CARRY_AFTER;
    memset(&options, 0, sizeof options);
    options.float_order = DMLREF_FLOAT_ORDER_TREE;
    options.tree = &tree;
    options.parallel = parallel;
    inputs[0] = in;
    outputs[0] = out;
    return dmlref_execute(&desc, inputs, outputs, &options);
}

static void run_alloc(const void *ctx) {
    static float in[ALLOC_N], out[ALLOC_N], copy[ALLOC_N];
    uint32_t i;
    dmlref_status s;
    (void)ctx;
    for (i = 0; i < ALLOC_N; i++) in[i] = (float)(i % 7) - 3.0f;
    /* a line longer than the stack's 1024 values and a block of 2048: one allocation, freed */
    alloc_fail = alloc_count = 0;
    s = alloc_run(0, ALLOC_N, 2048, in, out, NULL);
    TR_CHECKF(s == DMLREF_OK && alloc_count == 1, "cumsum, block 2048: status %s, %d allocations",
              dmlref_status_name(s), alloc_count);
    /* the same when the allocation fails: OUT_OF_MEMORY, and nothing written */
    alloc_fail = 1;
    alloc_count = 0;
    memset(out, 0x5A, sizeof out);
    memcpy(copy, out, sizeof out);
    s = alloc_run(0, ALLOC_N, 2048, in, out, NULL);
    TR_CHECKF(s == DMLREF_ERROR_OUT_OF_MEMORY, "cumsum, failing allocator: status %s", dmlref_status_name(s));
    TR_CHECK(memcmp(out, copy, sizeof out) == 0);
    /* lines no longer than 1024 and arg-reductions never allocate */
    alloc_count = 0;
    s = alloc_run(0, 1000, 65536, in, out, NULL);
    TR_CHECKF(s == DMLREF_OK && alloc_count == 0, "cumsum of 1000, block 65536: status %s, %d allocations",
              dmlref_status_name(s), alloc_count);
    s = alloc_run(1, ALLOC_N, 65536, in, out, NULL);
    TR_CHECKF(s == DMLREF_OK && alloc_count == 0, "argmin, block 65536: status %s, %d allocations",
              dmlref_status_name(s), alloc_count);
    alloc_fail = 0;
}

#define ALLOC_SPLIT_N 100000u /* three tasks' worth of the default DMLREF_TASK_GRAIN */

/* A long line split into tasks takes its chained carries from DMLREF_MALLOC. */
static void run_split_without_memory(const void *ctx) {
    static float in[ALLOC_SPLIT_N], want[ALLOC_SPLIT_N], got[ALLOC_SPLIT_N];
    sched s;
    uint32_t i;
    dmlref_status st;
    (void)ctx;
    for (i = 0; i < ALLOC_SPLIT_N; i++) in[i] = (float)((i * 7919u) % 1000u) * 0.013f - 6.5f;
    alloc_fail = 0;
    st = alloc_run(0, ALLOC_SPLIT_N, 16, in, want, NULL);
    TR_CHECKF(st == DMLREF_OK, "one thread: status %s", dmlref_status_name(st));
    sched_init(&s, SCHED_REVERSE, 0, 4, 0);
    alloc_count = 0;
    memset(got, 0x5A, sizeof got);
    st = alloc_run(0, ALLOC_SPLIT_N, 16, in, got, &s.parallel);
    TR_CHECKF(st == DMLREF_OK && s.largest > 1 && alloc_count > 0 && s.bad_calls == 0,
              "split: status %s, largest task_count %lu, %d allocations", dmlref_status_name(st),
              (unsigned long)s.largest, alloc_count);
    TR_CHECKF(memcmp(got, want, sizeof got) == 0, "split: other bits than on one thread");
    /* no memory: the line stays on one task, and nothing else changes */
    sched_init(&s, SCHED_REVERSE, 0, 4, 0);
    alloc_fail = 1;
    alloc_count = 0;
    memset(got, 0x5A, sizeof got);
    st = alloc_run(0, ALLOC_SPLIT_N, 16, in, got, &s.parallel);
    TR_CHECKF(st == DMLREF_OK && s.largest <= 1 && alloc_count > 0,
              "failing allocator: status %s, largest task_count %lu, %d allocations", dmlref_status_name(st),
              (unsigned long)s.largest, alloc_count);
    TR_CHECKF(memcmp(got, want, sizeof got) == 0, "failing allocator: other bits than on one thread");
    alloc_fail = 0;
}

void register_alloc_tests(void) {
    tr_add("tree/work-buffer", run_alloc, NULL);
    tr_add("threads/split-line-without-memory", run_split_without_memory, NULL);
}
