/* tests/test_registry.c - the operator table against the rest of the project.

   For every row of dmlref_operator_at: names for the dmlref tool and the Python
   module (non-empty, unique); a row that is not implemented is refused; an
   implemented scan row has a bound for every order it takes. Then, for every
   implemented row x data type x float order it takes, the row must have an
   independent oracle here (registry_oracles: a scan model from the contract
   for scheduled orders, exact arithmetic for EXACT, tests/oracle.c for
   arg-reductions, tests/reduce_model.c for REDUCE's value functions), the
   library's definition (DMLREF_ISA_REFERENCE) and its default path must give
   the oracle's bits, and dmlref_error_bound must hold against exact
   arithmetic (scans). A new row or order without these fails here. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../dml_ref.h"
#include "bigfloat.h"
#include "fixture.h"
#include "oracle.h"
#include "reduce_model.h"
#include "runner.h"
#include "suites.h"
#include "tree_model.h"

#define REG_N 45u /* a line: two BLOCKED blocks and a partial one, odd for the trees */

typedef int (*reg_oracle_fn)(const dmlref_operator_info *row, int order, DML_TENSOR_DATA_TYPE type,
                             const unsigned char *x, unsigned char *y);

/* Scheduled orders: the model of tests/tree_model.h (TREE with the configuration reg_tree). */
static const dmlref_scan_tree reg_tree = {DMLREF_TREE_SKLANSKY, 8u, DMLREF_CARRY_INTO_FIRST, 0, 0, 0};

static int reg_scan_model(const dmlref_operator_info *row, int order, DML_TENSOR_DATA_TYPE type, const unsigned char *x,
                          unsigned char *y) {
    const unsigned es = fx_type_size(type);
    uint64_t in[REG_N], out[REG_N];
    tt_cfg c;
    unsigned i;
    memset(&c, 0, sizeof c);
    c.type = type;
    c.product = row->combine == DMLREF_COMBINE_MULTIPLY;
    c.order = order;
    c.algorithm = reg_tree.algorithm;
    c.block = reg_tree.block;
    c.carry = reg_tree.carry;
    for (i = 0; i < REG_N; i++) in[i] = fx_load(x + i * es, es);
    tt_model_line(&c, in, REG_N, out);
    for (i = 0; i < REG_N; i++) fx_store(y + i * es, es, out[i]);
    return 0;
}

static void reg_exact_set(bigfloat *b, DML_TENSOR_DATA_TYPE type, const unsigned char *p) {
    unsigned es = fx_type_size(type);
    if (es == 2) bf_set_f16_bits(b, (uint16_t)fx_load(p, 2));
    else if (es == 4) bf_set_f32_bits(b, (uint32_t)fx_load(p, 4));
    else bf_set_double(b, fx_bits_double(fx_load(p, 8)));
}

/* EXACT: each prefix's exact sum, rounded once. */
static int reg_exact_sum(const dmlref_operator_info *row, int order, DML_TENSOR_DATA_TYPE type, const unsigned char *x,
                         unsigned char *y) {
    const unsigned es = fx_type_size(type);
    const int format = es == 2 ? BF_F16 : es == 4 ? BF_F32 : BF_F64;
    bigfloat sum, v;
    unsigned i;
    (void)row, (void)order;
    bf_init(&sum);
    bf_init(&v);
    for (i = 0; i < REG_N; i++) {
        reg_exact_set(&v, type, x + i * es);
        bf_add(&sum, &sum, &v);
        fx_store(y + i * es, es, bf_round(&sum, format));
    }
    bf_free(&sum);
    bf_free(&v);
    return 0;
}

static int reg_arg_oracle(const dmlref_operator_info *row, int order, DML_TENSOR_DATA_TYPE type, const unsigned char *x,
                          unsigned char *y) {
    UINT size = REG_N, one = 1, axis = 0;
    fx_tensor in, out;
    fx_op o;
    (void)order;
    fx_tensor_packed(&in, type, 1, &size);
    fx_tensor_packed(&out, DML_TENSOR_DATA_TYPE_INT64, 1, &one);
    fx_arg_op(&o, (DML_OPERATOR_TYPE)row->operator_type, row->combine == DMLREF_COMBINE_MAX, &in.desc, &out.desc, 1,
              &axis, 0);
    return oracle_run(&o.op, x, y, DMLREF_FLOAT_ORDER_SEQUENTIAL, DMLREF_NAN_PROPAGATE);
}

/* REDUCE's value functions: tests/reduce_model.c on the whole line. */
static int reg_reduce_model(const dmlref_operator_info *row, int order, DML_TENSOR_DATA_TYPE type,
                            const unsigned char *x, unsigned char *y) {
    const unsigned es = fx_type_size(type);
    uint64_t in[REG_N];
    rm_cfg c;
    unsigned i;
    memset(&c, 0, sizeof c);
    c.function = row->reduce_function;
    c.type = type;
    c.float_order = row->float_orders ? order : DMLREF_FLOAT_ORDER_SEQUENTIAL;
    c.tree = reg_tree;
    for (i = 0; i < REG_N; i++) in[i] = fx_load(x + i * es, es);
    fx_store(y, es, rm_reduce_sequence(&c, in, REG_N));
    return 0;
}

typedef struct reg_oracle {
    int shape, combine, order; /* order -1: any (the row takes no float order) */
    reg_oracle_fn run;
    const char *what;
} reg_oracle;

static const reg_oracle registry_oracles[] = {
    {DMLREF_SHAPE_SCAN, DMLREF_COMBINE_ADD, DMLREF_FLOAT_ORDER_SEQUENTIAL, reg_scan_model, "scan model"},
    {DMLREF_SHAPE_SCAN, DMLREF_COMBINE_ADD, DMLREF_FLOAT_ORDER_BLOCKED, reg_scan_model, "scan model"},
    {DMLREF_SHAPE_SCAN, DMLREF_COMBINE_ADD, DMLREF_FLOAT_ORDER_TREE, reg_scan_model, "scan model"},
    {DMLREF_SHAPE_SCAN, DMLREF_COMBINE_ADD, DMLREF_FLOAT_ORDER_EXACT, reg_exact_sum, "exact arithmetic"},
    {DMLREF_SHAPE_SCAN, DMLREF_COMBINE_MULTIPLY, DMLREF_FLOAT_ORDER_SEQUENTIAL, reg_scan_model, "scan model"},
    {DMLREF_SHAPE_SCAN, DMLREF_COMBINE_MULTIPLY, DMLREF_FLOAT_ORDER_BLOCKED, reg_scan_model, "scan model"},
    {DMLREF_SHAPE_SCAN, DMLREF_COMBINE_MULTIPLY, DMLREF_FLOAT_ORDER_TREE, reg_scan_model, "scan model"},
    {DMLREF_SHAPE_ARG_REDUCTION, DMLREF_COMBINE_MIN, -1, reg_arg_oracle, "tests/oracle.c"},
    {DMLREF_SHAPE_ARG_REDUCTION, DMLREF_COMBINE_MAX, -1, reg_arg_oracle, "tests/oracle.c"},
    {DMLREF_SHAPE_REDUCTION, DMLREF_COMBINE_ADD, DMLREF_FLOAT_ORDER_SEQUENTIAL, reg_reduce_model, "reduce model"},
    {DMLREF_SHAPE_REDUCTION, DMLREF_COMBINE_ADD, DMLREF_FLOAT_ORDER_BLOCKED, reg_reduce_model, "reduce model"},
    {DMLREF_SHAPE_REDUCTION, DMLREF_COMBINE_ADD, DMLREF_FLOAT_ORDER_TREE, reg_reduce_model, "reduce model"},
    {DMLREF_SHAPE_REDUCTION, DMLREF_COMBINE_ADD, DMLREF_FLOAT_ORDER_PAIRWISE, reg_reduce_model, "reduce model"},
    {DMLREF_SHAPE_REDUCTION, DMLREF_COMBINE_ADD, DMLREF_FLOAT_ORDER_EXACT, reg_reduce_model, "reduce model"},
    {DMLREF_SHAPE_REDUCTION, DMLREF_COMBINE_MULTIPLY, DMLREF_FLOAT_ORDER_SEQUENTIAL, reg_reduce_model, "reduce model"},
    {DMLREF_SHAPE_REDUCTION, DMLREF_COMBINE_MULTIPLY, DMLREF_FLOAT_ORDER_BLOCKED, reg_reduce_model, "reduce model"},
    {DMLREF_SHAPE_REDUCTION, DMLREF_COMBINE_MULTIPLY, DMLREF_FLOAT_ORDER_TREE, reg_reduce_model, "reduce model"},
    {DMLREF_SHAPE_REDUCTION, DMLREF_COMBINE_MIN, -1, reg_reduce_model, "reduce model"},
    {DMLREF_SHAPE_REDUCTION, DMLREF_COMBINE_MAX, -1, reg_reduce_model, "reduce model"},
};

static const reg_oracle *reg_find_oracle(const dmlref_operator_info *row, int order, DML_TENSOR_DATA_TYPE type) {
    size_t i;
    if (row->shape != DMLREF_SHAPE_ARG_REDUCTION && !fx_is_float(type))
        order = DMLREF_FLOAT_ORDER_SEQUENTIAL; /* one answer */
    for (i = 0; i < sizeof registry_oracles / sizeof registry_oracles[0]; i++)
        if (registry_oracles[i].shape == row->shape && registry_oracles[i].combine == row->combine &&
            registry_oracles[i].order == (row->float_orders ? order : -1))
            return &registry_oracles[i];
    return NULL;
}

static const char *const reg_order_names[] = {"SEQUENTIAL", "BLOCKED", "EXACT", "ANY", "TREE", "PAIRWISE"};

/* Inputs that keep every order finite: products near 1, sums of small values. */
static void reg_input(fx_rng *r, DML_TENSOR_DATA_TYPE type, int product, unsigned char *x) {
    const unsigned es = fx_type_size(type);
    unsigned i;
    for (i = 0; i < REG_N; i++) {
        double v = product ? 0.75 + 0.5 * fx_unit(r) : 8.0 * fx_unit(r) - 4.0;
        uint64_t bits;
        if (!fx_is_float(type)) bits = fx_next(r);
        else if (es == 2) bits = oracle_f32_to_f16((float)v);
        else if (es == 4) bits = fx_float_bits((float)v);
        else bits = fx_double_bits(v);
        fx_store(x + i * es, es, bits);
    }
}

/* Sizes and Axes: the descriptors keep the pointers */
static const UINT reg_axis0 = 0, reg_size = REG_N, reg_one = 1;

static void reg_op(fx_op *o, const dmlref_operator_info *row, fx_tensor *in, fx_tensor *out,
                   DML_TENSOR_DATA_TYPE type) {
    fx_tensor_packed(in, type, 1, &reg_size);
    if (row->shape == DMLREF_SHAPE_SCAN) {
        fx_tensor_packed(out, type, 1, &reg_size);
        fx_scan_op(o, row->combine == DMLREF_COMBINE_MULTIPLY, &in->desc, &out->desc, 0, 0, 0);
        TR_CHECKF(o->op.Type == (DML_OPERATOR_TYPE)row->operator_type, "%s: the scan descriptor is operator %d",
                  row->name, (int)o->op.Type);
    } else if (row->shape == DMLREF_SHAPE_REDUCTION) {
        fx_tensor_packed(out, type, 1, &reg_one);
        memset(o, 0, sizeof *o);
        o->reduce.Function = (DML_REDUCE_FUNCTION)row->reduce_function;
        o->reduce.InputTensor = &in->desc;
        o->reduce.OutputTensor = &out->desc;
        o->reduce.AxisCount = 1;
        o->reduce.Axes = &reg_axis0;
        o->op.Type = DML_OPERATOR_REDUCE;
        o->op.Desc = &o->reduce;
    } else {
        fx_tensor_packed(out, DML_TENSOR_DATA_TYPE_INT64, 1, &reg_one);
        fx_arg_op(o, (DML_OPERATOR_TYPE)row->operator_type, row->combine == DMLREF_COMBINE_MAX, &in->desc, &out->desc,
                  1, &reg_axis0, 0);
    }
}

/* One row x type x order: the definition and the default path against the oracle, and the bound. */
static void reg_check(const dmlref_operator_info *row, DML_TENSOR_DATA_TYPE type, int order) {
    static const dmlref_isa isas[2] = {DMLREF_ISA_REFERENCE, DMLREF_ISA_AUTO};
    const reg_oracle *oracle = reg_find_oracle(row, order, type);
    const unsigned es = fx_type_size(type), oes = row->shape == DMLREF_SHAPE_ARG_REDUCTION ? 8u : es;
    const char *order_name = row->float_orders ? reg_order_names[order] : "-";
    unsigned char x[REG_N * 8], want[REG_N * 8], got[REG_N * 8];
    char message[256];
    fx_tensor in, out;
    fx_op o;
    fx_rng r = fx_seeded(row->name, (uint64_t)type * 8u + (uint64_t)order);
    dmlref_options options;
    unsigned k;
    if (!TR_CHECKF(oracle != NULL, "%s %s order %s: no independent oracle in tests/test_registry.c", row->name,
                   fx_type_name(type), order_name))
        return;
    reg_op(&o, row, &in, &out, type);
    reg_input(&r, type, row->combine == DMLREF_COMBINE_MULTIPLY, x);
    if (!TR_CHECKF(oracle->run(row, order, type, x, want) == 0, "%s %s %s: %s does not model it", row->name,
                   fx_type_name(type), order_name, oracle->what))
        return;
    for (k = 0; k < 2; k++) {
        dmlref_status s;
        memset(&options, 0, sizeof options);
        options.float_order = row->float_orders ? order : 0;
        options.tree = &reg_tree;
        options.isa = isas[k];
        options.error_message = message;
        options.error_message_capacity = sizeof message;
        s = fx_execute(&o, x, got, &options);
        if (!TR_CHECKF(s == DMLREF_OK, "%s %s %s isa %s: %s (%s): no definition", row->name, fx_type_name(type),
                       order_name, dmlref_isa_name(isas[k]), dmlref_status_name(s), message))
            continue;
        TR_CHECKF(memcmp(got, want, (size_t)(row->shape == DMLREF_SHAPE_SCAN ? REG_N : 1u) * oes) == 0,
                  "%s %s %s isa %s: differs from %s", row->name, fx_type_name(type), order_name,
                  dmlref_isa_name(isas[k]), oracle->what);
    }
    if (row->shape == DMLREF_SHAPE_SCAN && fx_is_float(type)) { /* the bound against exact arithmetic */
        double bound[REG_N];
        UINT size = REG_N;
        fx_tensor bt;
        const void *inputs[1];
        bigfloat sum, v;
        unsigned i;
        dmlref_status s;
        inputs[0] = x;
        fx_tensor_packed(&bt, DML_TENSOR_DATA_TYPE_FLOAT64, 1, &size);
        memset(&options, 0, sizeof options);
        options.float_order = order;
        options.tree = &reg_tree;
        options.error_message = message;
        options.error_message_capacity = sizeof message;
        s = dmlref_error_bound(&o.op, inputs, &bt.desc, bound, &options);
        if (!TR_CHECKF(s == DMLREF_OK, "%s %s %s: dmlref_error_bound %s (%s)", row->name, fx_type_name(type),
                       order_name, dmlref_status_name(s), message))
            return;
        bf_init(&sum);
        bf_init(&v);
        if (row->combine == DMLREF_COMBINE_MULTIPLY) bf_set_double(&sum, 1.0);
        for (i = 0; i < REG_N; i++) {
            double c = es == 2   ? (double)oracle_f16_to_f32((uint16_t)fx_load(got + i * es, 2))
                       : es == 4 ? (double)fx_bits_float((uint32_t)fx_load(got + i * es, 4))
                                 : fx_bits_double(fx_load(got + i * es, 8));
            reg_exact_set(&v, type, x + i * es);
            if (row->combine == DMLREF_COMBINE_MULTIPLY) bf_mul(&sum, &sum, &v);
            else bf_add(&sum, &sum, &v);
            if (!TR_CHECKF(bf_within(&sum, c, bound[i]), "%s %s %s: output %u exceeds its bound %g", row->name,
                           fx_type_name(type), order_name, i, bound[i]))
                break;
        }
        bf_free(&sum);
        bf_free(&v);
    }
}

static int reg_name_unique(const char *name, uint32_t row, int cli) {
    uint32_t i;
    for (i = 0; i < row; i++) {
        const dmlref_operator_info *other = dmlref_operator_at(i);
        if (strcmp(cli ? other->cli_name : other->python_name, name) == 0) return 0;
    }
    return 1;
}

static void reg_row(const void *ctx) {
    const uint32_t index = (uint32_t)(size_t)ctx;
    const dmlref_operator_info *row = dmlref_operator_at(index);
    int t, order;
    if (!TR_CHECKF(row != NULL, "dmlref_operator_at(%u) is NULL below dmlref_operator_count()", (unsigned)index))
        return;
    TR_CHECKF(dmlref_operator_find(row->operator_type, row->reduce_function) == row,
              "%s: dmlref_operator_find does not find its row", row->name);
    TR_CHECKF(row->name && row->name[0], "row %u has no name", (unsigned)index);
    TR_CHECKF(row->cli_name && row->cli_name[0] && reg_name_unique(row->cli_name, index, 1),
              "%s: no CLI name, or one another row has", row->name);
    TR_CHECKF(row->python_name && row->python_name[0] && reg_name_unique(row->python_name, index, 0),
              "%s: no Python name, or one another row has", row->name);
    TR_CHECKF((row->reduce_function >= 0) == (row->operator_type == DML_OPERATOR_REDUCE),
              "%s: reduce_function %d with operator type %d", row->name, (int)row->reduce_function,
              (int)row->operator_type);
    if (!(row->flags & DMLREF_OPERATOR_IMPLEMENTED)) { /* refused, with UNSUPPORTED_OPERATOR */
        DML_REDUCE_OPERATOR_DESC d;
        DML_OPERATOR_DESC op;
        memset(&d, 0, sizeof d);
        d.Function = (DML_REDUCE_FUNCTION)row->reduce_function;
        op.Type = (DML_OPERATOR_TYPE)row->operator_type;
        op.Desc = &d;
        TR_CHECKF(row->operator_type == DML_OPERATOR_REDUCE &&
                      dmlref_validate(&op, NULL) == DMLREF_ERROR_UNSUPPORTED_OPERATOR,
                  "%s: a row that is not implemented must be a REDUCE function refused as UNSUPPORTED_OPERATOR",
                  row->name);
        return;
    }
    if (row->shape == DMLREF_SHAPE_SCAN)
        TR_CHECKF(row->bound_orders != 0 && (row->float_orders & ~row->bound_orders) == 0,
                  "%s: float orders 0x%x without a bound (bound orders 0x%x)", row->name, (unsigned)row->float_orders,
                  (unsigned)row->bound_orders);
    for (t = 0; t < FX_TYPE_COUNT; t++)
        for (order = 0; order < DMLREF_FLOAT_ORDER_COUNT; order++) {
            if (row->float_orders ? !(row->float_orders & (1u << order)) : order != 0) continue;
            if (row->finalize != DMLREF_FINALIZE_NONE && !fx_is_float(fx_all_types[t])) continue; /* floats only */
            reg_check(row, fx_all_types[t], order);
        }
}

void register_registry_tests(void) {
    uint32_t i;
    char name[96];
    for (i = 0; i < dmlref_operator_count(); i++) {
        snprintf(name, sizeof name, "registry/%s", dmlref_operator_at(i)->cli_name);
        tr_add(name, reg_row, (const void *)(size_t)i);
    }
}
