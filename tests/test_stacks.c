/* tests/test_stacks.c - today's GPU stacks' float cumsums reproduced bit for bit
   from their own outputs: tests/data/gpu/scans.bin holds lines that
   torch.compile (Inductor), JAX/XLA and CuPy scanned on an H100
   (tests/data/ATTRIBUTION.md), each with its input. With the options
   docs/reproducing.md gives, dml_ref must write the stack's bits:
     inductor  TREE dmlref_inductor_scan_tree(length, type), accumulation DEFAULT
               (Inductor scans float16 in float32, then rounds once)
     jax       TREE dmlref_xla_scan_tree(), accumulation NATIVE (binary16 adds)
     cupy      TREE dmlref_cupy_scan_tree(), accumulation NATIVE
   on every ISA path, as a packed 1-D tensor and as the strided column 1 of a
   two-column tensor scanned along axis 0. So that no case passes trivially, a
   neighbouring schedule (Inductor: one element per lane; XLA and CuPy: the
   other recursive variant or a plain chain) must differ on some line of each
   stack. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../dml_ref.h"
#include "fixture.h"
#include "runner.h"
#include "suites.h"

typedef struct gs_line {
    char peer[16], dtype[16], source[96];
    DML_TENSOR_DATA_TYPE type;
    uint32_t length;
    unsigned char *x, *y; /* little-endian elements, as this build stores them (checked at load) */
} gs_line;

static gs_line *gs_lines;
static size_t gs_count;
static int gs_loaded; /* 1: read, -1: failed (the message is in gs_error) */
static char gs_error[512];

static DML_TENSOR_DATA_TYPE gs_type(const char *dtype) {
    if (strcmp(dtype, "float16") == 0) return DML_TENSOR_DATA_TYPE_FLOAT16;
    if (strcmp(dtype, "float32") == 0) return DML_TENSOR_DATA_TYPE_FLOAT32;
    if (strcmp(dtype, "float64") == 0) return DML_TENSOR_DATA_TYPE_FLOAT64;
    return DML_TENSOR_DATA_TYPE_UNKNOWN;
}

static int gs_load(void) {
    const char *how;
    char path[200], header[256];
    FILE *f;
    const unsigned one = 1;
    if (gs_loaded) return gs_loaded > 0;
    gs_loaded = -1;
    snprintf(path, sizeof path, "%s/gpu/scans.bin", conf_data_root(&how));
    if (*(const unsigned char *)&one != 1) {
        snprintf(gs_error, sizeof gs_error, "%s: little-endian data on a big-endian build", path);
        return 0;
    }
    f = fopen(path, "rb");
    if (!f) {
        snprintf(gs_error, sizeof gs_error, "cannot open %s (data root %s)", path, how);
        return 0;
    }
    if (!fgets(header, sizeof header, f) || strcmp(header, "dmlref-gpu-scans 1\n") != 0) {
        snprintf(gs_error, sizeof gs_error, "%s: not a 'dmlref-gpu-scans 1' file", path);
        fclose(f);
        return 0;
    }
    while (fgets(header, sizeof header, f)) {
        gs_line l, *grown;
        unsigned long length;
        size_t bytes;
        memset(&l, 0, sizeof l);
        if (sscanf(header, "%15s %15s %lu %95s", l.peer, l.dtype, &length, l.source) != 4 ||
            (l.type = gs_type(l.dtype)) == DML_TENSOR_DATA_TYPE_UNKNOWN || length == 0 || length > 100000) {
            snprintf(gs_error, sizeof gs_error, "%s: bad record header '%.100s'", path, header);
            break;
        }
        l.length = (uint32_t)length;
        bytes = (size_t)length * fx_type_size(l.type);
        l.x = (unsigned char *)malloc(bytes);
        l.y = (unsigned char *)malloc(bytes);
        grown = (gs_line *)realloc(gs_lines, (gs_count + 1) * sizeof *grown);
        if (grown) gs_lines = grown;
        if (!l.x || !l.y || !grown || fread(l.x, 1, bytes, f) != bytes || fread(l.y, 1, bytes, f) != bytes) {
            snprintf(gs_error, sizeof gs_error, "%s: record %s is short or out of memory", path, l.source);
            free(l.x);
            free(l.y);
            break;
        }
        gs_lines[gs_count++] = l;
    }
    fclose(f);
    if (!gs_error[0] && gs_count == 0) snprintf(gs_error, sizeof gs_error, "%s: no record", path);
    if (!gs_error[0]) gs_loaded = 1;
    return gs_loaded > 0;
}

static void gs_options(const gs_line *l, int neighbour, dmlref_options *o, dmlref_scan_tree *tree) {
    memset(o, 0, sizeof *o);
    o->float_order = DMLREF_FLOAT_ORDER_TREE;
    o->tree = tree;
    if (strcmp(l->peer, "inductor") == 0) {
        *tree = dmlref_inductor_scan_tree(l->length, l->type);
        if (neighbour) tree->serial = 1;
    } else if (strcmp(l->peer, "jax") == 0) {
        *tree = dmlref_xla_scan_tree();
        o->accumulation = DMLREF_ACCUMULATION_NATIVE;
        if (neighbour) tree->carry = DMLREF_CARRY_AFTER;
    } else {
        *tree = dmlref_cupy_scan_tree();
        o->accumulation = DMLREF_ACCUMULATION_NATIVE;
        if (neighbour) tree->carry = DMLREF_CARRY_RECURSIVE;
    }
}

/* Runs a line; column: as column 1 of a (length x 2) tensor scanned along axis 0. 0 on failure. */
static int gs_run(const gs_line *l, const dmlref_options *o, int column, unsigned char *out) {
    const unsigned es = fx_type_size(l->type);
    UINT sizes[2], strides[2];
    DML_BUFFER_TENSOR_DESC buf;
    DML_TENSOR_DESC t;
    DML_CUMULATIVE_SUMMATION_OPERATOR_DESC d;
    DML_OPERATOR_DESC op;
    const void *inputs[1];
    void *outputs[1];
    unsigned char *in = (unsigned char *)malloc((size_t)l->length * es * 2), *dst = out;
    uint32_t i;
    dmlref_status s;
    if (!in) return TR_CHECKF(0, "out of memory");
    memset(&buf, 0, sizeof buf);
    buf.DataType = l->type;
    if (column) {
        sizes[0] = l->length, sizes[1] = 2, strides[0] = 2, strides[1] = 1;
        buf.DimensionCount = 2;
        for (i = 0; i < l->length; i++) { /* column 0 is the line reversed: another line beside it */
            memcpy(in + (2 * (size_t)i + 1) * es, l->x + (size_t)i * es, es);
            memcpy(in + 2 * (size_t)i * es, l->x + (size_t)(l->length - 1u - i) * es, es);
        }
        dst = (unsigned char *)malloc((size_t)l->length * es * 2);
        if (!dst) {
            free(in);
            return TR_CHECKF(0, "out of memory");
        }
    } else {
        sizes[0] = l->length, strides[0] = 1;
        buf.DimensionCount = 1;
        memcpy(in, l->x, (size_t)l->length * es);
    }
    buf.Sizes = sizes;
    buf.Strides = strides;
    buf.TotalTensorSizeInBytes = dmlref_calc_buffer_tensor_size(l->type, buf.DimensionCount, sizes, strides);
    t.Type = DML_TENSOR_TYPE_BUFFER;
    t.Desc = &buf;
    memset(&d, 0, sizeof d);
    d.InputTensor = &t;
    d.OutputTensor = &t;
    d.Axis = 0;
    op.Type = DML_OPERATOR_CUMULATIVE_SUMMATION;
    op.Desc = &d;
    inputs[0] = in;
    outputs[0] = dst;
    s = dmlref_execute(&op, inputs, outputs, o);
    if (column && s == DMLREF_OK)
        for (i = 0; i < l->length; i++) memcpy(out + (size_t)i * es, dst + (2 * (size_t)i + 1) * es, es);
    if (column) free(dst);
    free(in);
    return TR_CHECKF(s == DMLREF_OK, "%s: dmlref_execute gives %s", l->source, dmlref_status_name(s));
}

static void gs_run_peer(const void *ctx) {
    const char *peer = (const char *)ctx;
    size_t k, lines = 0, differ = 0, elements = 0;
    if (!TR_CHECKF(gs_load(), "%s", gs_error)) return;
    for (k = 0; k < gs_count; k++) {
        const gs_line *l = &gs_lines[k];
        const size_t bytes = (size_t)l->length * fx_type_size(l->type);
        unsigned char *out;
        dmlref_options o;
        dmlref_scan_tree tree;
        unsigned i;
        int column;
        if (strcmp(l->peer, peer) != 0) continue;
        out = (unsigned char *)malloc(bytes);
        if (!TR_CHECKF(out != NULL, "out of memory")) return;
        lines++;
        elements += l->length;
        for (i = 0; i < FX_ISA_COUNT; i++) {
            if (!dmlref_isa_available(fx_isas[i])) continue;
            for (column = 0; column < 2; column++) {
                gs_options(l, 0, &o, &tree);
                o.isa = fx_isas[i];
                memset(out, 0xA5, bytes);
                if (!gs_run(l, &o, column, out)) continue;
                if (memcmp(out, l->y, bytes) != 0) {
                    uint32_t j = 0;
                    const unsigned es = fx_type_size(l->type);
                    while (memcmp(out + (size_t)j * es, l->y + (size_t)j * es, es) == 0) j++;
                    TR_CHECKF(0, "%s (%s, %s): output %lu is 0x%llx, the stack wrote 0x%llx", l->source,
                              dmlref_isa_name(fx_isas[i]), column ? "column" : "1-D", (unsigned long)j,
                              (unsigned long long)fx_load(out + (size_t)j * es, es),
                              (unsigned long long)fx_load(l->y + (size_t)j * es, es));
                }
            }
        }
        gs_options(l, 1, &o, &tree);
        if (gs_run(l, &o, 0, out) && memcmp(out, l->y, bytes) != 0) differ++;
        free(out);
    }
    printf("  peers/gpu/%s: %lu lines (%lu elements) compared on every path, 1-D and as a column; the neighbouring "
           "schedule differs on %lu\n",
           peer, (unsigned long)lines, (unsigned long)elements, (unsigned long)differ);
    TR_CHECKF(lines > 0, "no line of %s in the data", peer);
    TR_CHECKF(differ > 0, "%s: the neighbouring schedule gives the stack's bits on all %lu lines too", peer,
              (unsigned long)lines);
}

/* The helpers' formulas, against the rules docs/reproducing.md states. */
static void gs_run_helpers(const void *ctx) {
    static const struct {
        uint64_t length;
        DML_TENSOR_DATA_TYPE type;
        uint32_t block, serial;
    } cases[] = {{1, DML_TENSOR_DATA_TYPE_FLOAT32, 2, 1},       {2, DML_TENSOR_DATA_TYPE_FLOAT16, 2, 1},
                 {33, DML_TENSOR_DATA_TYPE_FLOAT32, 64, 1},     {64, DML_TENSOR_DATA_TYPE_FLOAT64, 64, 1},
                 {129, DML_TENSOR_DATA_TYPE_FLOAT32, 256, 4},   {129, DML_TENSOR_DATA_TYPE_FLOAT64, 256, 2},
                 {1000, DML_TENSOR_DATA_TYPE_FLOAT16, 1024, 4}, {2048, DML_TENSOR_DATA_TYPE_FLOAT32, 2048, 4},
                 {5000, DML_TENSOR_DATA_TYPE_FLOAT32, 2048, 4}, {5000, DML_TENSOR_DATA_TYPE_FLOAT64, 2048, 2}};
    size_t k;
    dmlref_scan_tree t;
    (void)ctx;
    for (k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        t = dmlref_inductor_scan_tree(cases[k].length, cases[k].type);
        TR_CHECKF(t.algorithm == DMLREF_TREE_KOGGE_STONE && t.block == cases[k].block &&
                      t.carry == DMLREF_CARRY_AFTER && t.serial == cases[k].serial && t.lanes == 32 && t.run_seed == 0,
                  "inductor(%lu, %s): {%d, %lu, %d, %lu, %lu, %d}", (unsigned long)cases[k].length,
                  fx_type_short(cases[k].type), (int)t.algorithm, (unsigned long)t.block, (int)t.carry,
                  (unsigned long)t.serial, (unsigned long)t.lanes, (int)t.run_seed);
    }
    t = dmlref_inductor_scan_tree(0, DML_TENSOR_DATA_TYPE_FLOAT32);
    TR_CHECKF(t.block == 0, "inductor(0, f32): block %lu, expected 0", (unsigned long)t.block);
    t = dmlref_inductor_scan_tree(100, DML_TENSOR_DATA_TYPE_INT32);
    TR_CHECKF(t.block == 0, "inductor(100, i32): block %lu, expected 0", (unsigned long)t.block);
    t = dmlref_xla_scan_tree();
    TR_CHECKF(t.block == 16 && t.carry == DMLREF_CARRY_RECURSIVE && t.serial == 16 && t.lanes == 1 && t.run_seed == 1,
              "xla: {%d, %lu, %d, %lu, %lu, %d}", (int)t.algorithm, (unsigned long)t.block, (int)t.carry,
              (unsigned long)t.serial, (unsigned long)t.lanes, (int)t.run_seed);
    t = dmlref_cupy_scan_tree();
    TR_CHECKF(t.algorithm == DMLREF_TREE_BRENT_KUNG && t.block == 512 && t.carry == DMLREF_CARRY_RECURSIVE_LAST &&
                  t.serial <= 1 && t.lanes == 0 && t.run_seed == 0,
              "cupy: {%d, %lu, %d, %lu, %lu, %d}", (int)t.algorithm, (unsigned long)t.block, (int)t.carry,
              (unsigned long)t.serial, (unsigned long)t.lanes, (int)t.run_seed);
}

void register_stack_tests(void) {
    tr_add("peers/gpu/inductor", gs_run_peer, "inductor");
    tr_add("peers/gpu/jax", gs_run_peer, "jax");
    tr_add("peers/gpu/cupy", gs_run_peer, "cupy");
    tr_add("peers/gpu/helpers", gs_run_helpers, NULL);
}
