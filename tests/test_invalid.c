/* tests/test_invalid.c - the bad-input suite: every validation rule of docs/semantics.md
   ("Tensors and validation"), every boundary of its feature-level table,
   the options, and the small helpers (dmlref_calc_buffer_tensor_size, status
   names, the error-message buffer).

   Most cases are rows of one table: a valid base descriptor per operator kind,
   a few edits that break it, the status expected and the text the message
   must contain. Each row runs for every operator kind it names and checks:
     - dmlref_validate returns the status (an execute-only row: DMLREF_OK), the
       same without a message buffer and with NULL options (where the options
       are the defaults), and leaves the descriptor alone;
     - the message is one line, starts with the operator's name and contains
       the field (every '|'-separated part of it);
     - dmlref_execute returns the same status and message, and leaves the
       output block (0xA5 everywhere, guard bytes before and after) and the
       input block untouched.
   Rows that expect DMLREF_OK are the positive side of a boundary: they also
   execute (unless the tensor is too big to back), on every ISA path this
   machine has, and must write nothing but the output's element bytes.

   Around the table: a zero size in every position, the feature-level table
   of docs/semantics.md as a full matrix, FLOAT64 at every level, every ISA value,
   dmlref_calc_buffer_tensor_size, message truncation and clearing, NULL
   options, in-place scans on every path, BOOL fields, status names. */
#include "../dml_ref.h"
#include "runner.h"
#include "suites.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* ---- operator kinds ------------------------------------------------------ */

enum { K_CUMSUM, K_CUMPROD, K_ARGMIN, K_ARGMAX, K_REDUCE_ARGMIN, K_REDUCE_ARGMAX, K_COUNT };

#define M_CUMSUM (1u << K_CUMSUM)
#define M_CUMPROD (1u << K_CUMPROD)
#define M_SCANS (M_CUMSUM | M_CUMPROD)
#define M_ARGOPS ((1u << K_ARGMIN) | (1u << K_ARGMAX)) /* the ones with AxisDirection */
#define M_REDUCE ((1u << K_REDUCE_ARGMIN) | (1u << K_REDUCE_ARGMAX))
#define M_ARGS (M_ARGOPS | M_REDUCE)
#define M_ALL (M_SCANS | M_ARGS)

static const char *const kind_tag[K_COUNT] = {"cumsum", "cumprod",       "argmin",
                                              "argmax", "reduce-argmin", "reduce-argmax"};

static int is_scan(int kind) { return kind == K_CUMSUM || kind == K_CUMPROD; }

/* ---- memory the executes run on ---------------------------------------------
   Three blocks (input, output, error bound), each GUARD bytes + BLOCK_BYTES +
   GUARD bytes. Every tensor a row executes fits in BLOCK_BYTES. */

#define BLOCK_BYTES 1024u
#define GUARD 64u /* also the alignment of the tensors' base addresses */
#define BLOCK_TOTAL (GUARD + BLOCK_BYTES + GUARD)
#define FILL 0xA5u

static unsigned char arena[3][BLOCK_TOTAL + 64];

static unsigned char *block(int which) {
    uintptr_t p = (uintptr_t)arena[which];
    return arena[which] + ((64u - (unsigned)(p % 64u)) % 64u);
}

/* The input block's contents: arbitrary bits, different at every offset. */
static unsigned char pattern(size_t k) { return (unsigned char)(k * 131u + 7u); }

static void fill_blocks(void) {
    unsigned char *in = block(0), *out = block(1), *bound = block(2);
    size_t k;
    for (k = 0; k < BLOCK_TOTAL; k++) in[k] = pattern(k);
    memset(out, (int)FILL, BLOCK_TOTAL);
    memset(bound, (int)FILL, BLOCK_TOTAL);
}

/* First offset in [from, to) of a block whose byte differs from what it was
   filled with, or (size_t)-1. */
static size_t first_change(int which, size_t from, size_t to) {
    const unsigned char *b = block(which);
    size_t k;
    for (k = from; k < to; k++)
        if (b[k] != (which == 0 ? pattern(k) : FILL)) return k;
    return (size_t)-1;
}

/* ---- the fixture: one descriptor and everything it points to -------------- */

enum { TI = 0, TO = 1, TB = 2 }; /* tensor index: input, output, dmlref_error_bound's BoundTensor */

enum {
    NP_OP = 1u << 0,
    NP_OP_DESC = 1u << 1,
    NP_IN = 1u << 2,
    NP_OUT = 1u << 3,
    NP_IN_DESC = 1u << 4,
    NP_OUT_DESC = 1u << 5,
    NP_IN_SIZES = 1u << 6,
    NP_OUT_SIZES = 1u << 7,
    NP_AXES = 1u << 8,
    NP_INPUTS = 1u << 9,
    NP_INPUTS0 = 1u << 10,
    NP_OUTPUTS = 1u << 11,
    NP_OUTPUTS0 = 1u << 12,
    NP_BOUND_TENSOR = 1u << 13, /* dmlref_error_bound's bound_tensor argument */
    NP_BOUND_DESC = 1u << 14,   /* its DML_TENSOR_DESC.Desc */
    NP_BOUND_SIZES = 1u << 15,  /* its Sizes */
    NP_BOUND = 1u << 16         /* dmlref_error_bound's bound (buffer) argument */
};

typedef struct fixture {
    int kind;
    UINT sizes[3][9], strides[3][9], axes[9]; /* 9: room for DimensionCount 9 */
    DML_BUFFER_TENSOR_DESC buf[3];            /* TI, TO, and TB (only dmlref_error_bound reads it) */
    DML_TENSOR_DESC tensor[3];
    DML_CUMULATIVE_SUMMATION_OPERATOR_DESC cumsum;
    DML_CUMULATIVE_PRODUCT_OPERATOR_DESC cumprod;
    DML_ARGMIN_OPERATOR_DESC argmin;
    DML_ARGMAX_OPERATOR_DESC argmax;
    DML_REDUCE_OPERATOR_DESC reduce;
    DML_OPERATOR_DESC op;
    dmlref_options options;
    dmlref_scan_tree tree;    /* options.tree points here after a TREE edit */
    dmlref_parallel parallel; /* options.parallel points here after a PARALLEL edit */
    /* what the calls receive */
    const DML_OPERATOR_DESC *op_arg;
    const void *in_ptr[1];
    void *out_ptr[1];
    const void *const *inputs;
    void *const *outputs;
    const DML_TENSOR_DESC *bound_tensor_arg;
    void *bound_ptr;
    /* edits not applied until finalize() */
    int auto_total[3];
    unsigned nulls;
    long shift[3];      /* bytes added to each base address */
    int out_in_input;   /* the output lives in the input block... */
    long out_rel;       /* ...this many bytes after the input's base */
    int bound_in_input; /* the bound buffer lives in the input block... */
    long bound_rel;     /* ...this many bytes after the input's base */
    char message[256];  /* must stay last: the descriptor snapshot stops here */
} fixture;

static void set_tensors(fixture *f, const DML_TENSOR_DESC *in, const DML_TENSOR_DESC *out) {
    f->cumsum.InputTensor = f->cumprod.InputTensor = f->argmin.InputTensor = f->argmax.InputTensor =
        f->reduce.InputTensor = in;
    f->cumsum.OutputTensor = f->cumprod.OutputTensor = f->argmin.OutputTensor = f->argmax.OutputTensor =
        f->reduce.OutputTensor = out;
}
static void set_axis(fixture *f, UINT v) { f->cumsum.Axis = f->cumprod.Axis = v; }
static void set_direction(fixture *f, UINT v) {
    f->cumsum.AxisDirection = f->cumprod.AxisDirection = f->argmin.AxisDirection = f->argmax.AxisDirection =
        (DML_AXIS_DIRECTION)v;
}
static void set_axis_count(fixture *f, UINT v) { f->argmin.AxisCount = f->argmax.AxisCount = f->reduce.AxisCount = v; }
static void set_axes_pointer(fixture *f, const UINT *p) { f->argmin.Axes = f->argmax.Axes = f->reduce.Axes = p; }

static void set_sizes(fixture *f, int t, UINT rank, const UINT *sizes) {
    UINT d;
    f->buf[t].DimensionCount = rank;
    for (d = 0; d < rank; d++) f->sizes[t][d] = sizes[d];
    f->auto_total[t] = 1;
}

/* Rank r versions of the base shapes (the last r entries of these). */
static const UINT scan_shape8[8] = {1, 1, 1, 1, 1, 1, 3, 4};
static const UINT arg_shape8[8] = {1, 1, 1, 1, 1, 2, 3, 4};

/* Reshape both tensors to rank r (1..8); an arg-reduction then reduces its last axis. */
static void set_rank(fixture *f, UINT r) {
    UINT d, out[8];
    if (is_scan(f->kind)) {
        set_sizes(f, TI, r, scan_shape8 + 8 - r);
        set_sizes(f, TO, r, scan_shape8 + 8 - r);
        set_sizes(f, TB, r, scan_shape8 + 8 - r);
        set_axis(f, r - 1);
        return;
    }
    for (d = 0; d < r; d++) out[d] = arg_shape8[8 - r + d];
    out[r - 1] = 1;
    set_sizes(f, TI, r, arg_shape8 + 8 - r);
    set_sizes(f, TO, r, out);
    set_sizes(f, TB, r, out);
    set_axis_count(f, 1);
    f->axes[0] = r - 1;
}

/* The valid base descriptor of each kind:
   scans:  FLOAT32 {1,1,3,4} -> FLOAT32 {1,1,3,4}, Axis 3, INCREASING, inclusive;
   args:   FLOAT32 {1,2,3,4} -> UINT32 {1,1,3,1}, Axes {3,1} (unsorted on purpose).
   The BoundTensor (dmlref_error_bound only): FLOAT64, packed, the output's sizes. */
static void setup(fixture *f, int kind) {
    static const UINT scan_sizes[4] = {1, 1, 3, 4}, arg_in[4] = {1, 2, 3, 4}, arg_out[4] = {1, 1, 3, 1};
    int t;
    memset(f, 0, sizeof *f);
    f->kind = kind;
    for (t = 0; t < 3; t++) {
        f->buf[t].DataType = DML_TENSOR_DATA_TYPE_FLOAT32;
        f->buf[t].Flags = DML_TENSOR_FLAG_NONE;
        f->buf[t].Sizes = f->sizes[t];
        f->buf[t].Strides = NULL;
        f->tensor[t].Type = DML_TENSOR_TYPE_BUFFER;
        f->tensor[t].Desc = &f->buf[t];
    }
    set_tensors(f, &f->tensor[TI], &f->tensor[TO]);
    set_axes_pointer(f, f->axes);
    set_direction(f, DML_AXIS_DIRECTION_INCREASING);
    if (is_scan(kind)) {
        set_sizes(f, TI, 4, scan_sizes);
        set_sizes(f, TO, 4, scan_sizes);
        set_sizes(f, TB, 4, scan_sizes);
        set_axis(f, 3);
    } else {
        set_sizes(f, TI, 4, arg_in);
        set_sizes(f, TO, 4, arg_out);
        set_sizes(f, TB, 4, arg_out);
        f->buf[TO].DataType = DML_TENSOR_DATA_TYPE_UINT32;
        set_axis_count(f, 2);
        f->axes[0] = 3;
        f->axes[1] = 1;
    }
    f->buf[TB].DataType = DML_TENSOR_DATA_TYPE_FLOAT64;
    f->reduce.Function = kind == K_REDUCE_ARGMAX ? DML_REDUCE_FUNCTION_ARGMAX : DML_REDUCE_FUNCTION_ARGMIN;
    switch (kind) {
    case K_CUMSUM:
        f->op.Type = DML_OPERATOR_CUMULATIVE_SUMMATION;
        f->op.Desc = &f->cumsum;
        break;
    case K_CUMPROD:
        f->op.Type = DML_OPERATOR_CUMULATIVE_PRODUCT;
        f->op.Desc = &f->cumprod;
        break;
    case K_ARGMIN:
        f->op.Type = DML_OPERATOR_ARGMIN;
        f->op.Desc = &f->argmin;
        break;
    case K_ARGMAX:
        f->op.Type = DML_OPERATOR_ARGMAX;
        f->op.Desc = &f->argmax;
        break;
    default:
        f->op.Type = DML_OPERATOR_REDUCE;
        f->op.Desc = &f->reduce;
        break;
    }
    f->options.error_message = f->message;
    f->options.error_message_capacity = sizeof f->message;
}

/* Give tensor t explicit strides (the packed ones) so one can be changed. */
static void make_strides_explicit(fixture *f, int t) {
    uint64_t packed = 1;
    UINT d = f->buf[t].DimensionCount > 9 ? 9 : f->buf[t].DimensionCount;
    if (f->buf[t].Strides) return;
    while (d-- > 0) {
        f->strides[t][d] = (UINT)packed; /* wraps only for shapes whose strides a row overwrites */
        packed *= f->sizes[t][d];
    }
    f->buf[t].Strides = f->strides[t];
}

/* Base addresses, NULL edits and automatic TotalTensorSizeInBytes. */
static void finalize(fixture *f) {
    int t;
    for (t = 0; t < 3; t++)
        if (f->auto_total[t]) {
            uint64_t need = dmlref_calc_buffer_tensor_size(f->buf[t].DataType, f->buf[t].DimensionCount,
                                                           f->buf[t].Sizes, f->buf[t].Strides);
            if (need) f->buf[t].TotalTensorSizeInBytes = need; /* 0: a broken shape, keep the old value */
        }
    f->op_arg = &f->op;
    f->in_ptr[0] = block(0) + GUARD + f->shift[TI];
    f->out_ptr[0] =
        f->out_in_input ? (void *)(block(0) + (long)GUARD + f->out_rel) : (void *)(block(1) + GUARD + f->shift[TO]);
    f->inputs = f->in_ptr;
    f->outputs = f->out_ptr;
    f->bound_tensor_arg = &f->tensor[TB];
    f->bound_ptr = f->bound_in_input ? (void *)(block(0) + (long)GUARD + f->shift[TI] + f->bound_rel)
                                     : (void *)(block(2) + GUARD + f->shift[TB]);
    if (f->nulls & NP_OP) f->op_arg = NULL;
    if (f->nulls & NP_OP_DESC) f->op.Desc = NULL;
    if (f->nulls & NP_IN) set_tensors(f, NULL, &f->tensor[TO]);
    if (f->nulls & NP_OUT) set_tensors(f, &f->tensor[TI], NULL);
    if (f->nulls & NP_IN_DESC) f->tensor[TI].Desc = NULL;
    if (f->nulls & NP_OUT_DESC) f->tensor[TO].Desc = NULL;
    if (f->nulls & NP_IN_SIZES) f->buf[TI].Sizes = NULL;
    if (f->nulls & NP_OUT_SIZES) f->buf[TO].Sizes = NULL;
    if (f->nulls & NP_AXES) set_axes_pointer(f, NULL);
    if (f->nulls & NP_INPUTS) f->inputs = NULL;
    if (f->nulls & NP_INPUTS0) f->in_ptr[0] = NULL;
    if (f->nulls & NP_OUTPUTS) f->outputs = NULL;
    if (f->nulls & NP_OUTPUTS0) f->out_ptr[0] = NULL;
    if (f->nulls & NP_BOUND_TENSOR) f->bound_tensor_arg = NULL;
    if (f->nulls & NP_BOUND_DESC) f->tensor[TB].Desc = NULL;
    if (f->nulls & NP_BOUND_SIZES) f->buf[TB].Sizes = NULL;
    if (f->nulls & NP_BOUND) f->bound_ptr = NULL;
}

/* ---- edits ------------------------------------------------------------------ */

enum {
    E_END,
    E_TENSOR_TYPE,   /* v: DML_TENSOR_DESC.Type */
    E_DATA_TYPE,     /* v */
    E_FLAGS,         /* v */
    E_DIMS,          /* v: DimensionCount alone */
    E_SIZE,          /* i: dimension, v: size */
    E_SIZES,         /* i: DimensionCount, v: every size */
    E_STRIDE,        /* i: dimension, v: stride (the others become explicit packed strides) */
    E_STRIDES,       /* v: every stride */
    E_TOTAL,         /* v: TotalTensorSizeInBytes */
    E_SHORT_BY,      /* v: TotalTensorSizeInBytes = what the tensor needs - v */
    E_ALIGN,         /* v: GuaranteedBaseOffsetAlignment */
    E_RANK,          /* v: both tensors reshaped to this rank */
    E_AXIS,          /* v */
    E_DIRECTION,     /* v */
    E_EXCLUSIVE,     /* v */
    E_AXIS_COUNT,    /* v */
    E_AXES,          /* i: index, v: axis */
    E_FUNCTION,      /* v */
    E_OP_TYPE,       /* v */
    E_LEVEL,         /* v: options.feature_level */
    E_FLOAT_ORDER,   /* i */
    E_NAN_POLICY,    /* i */
    E_ISA,           /* i */
    E_NULL,          /* v: NP_* bits */
    E_SHIFT,         /* i: bytes added to the base address (execute) */
    E_OUT_IN_INPUT,  /* i: the output's base is the input's + i bytes (execute) */
    E_ACCUMULATION,  /* i: options.accumulation */
    E_SEED,          /* i: options.identity_seed */
    E_TREE,          /* i: algorithm, v: block | carry << 32; options.tree points at the fixture's tree */
    E_TREE_GRAIN,    /* i: run_seed, v: serial | lanes << 32, in the fixture's tree (after a TREE edit) */
    E_PARALLEL,      /* i: parallel_for set (1) or NULL (0), v: max_tasks; options.parallel points at the fixture's */
    E_BOUND_IN_INPUT /* i: the bound buffer's base is the input's + i bytes (dmlref_error_bound) */
};

/* Which tensors an edit touches; T_BOUND is dmlref_error_bound's BoundTensor. */
enum { T_IN = 1, T_OUT = 2, T_BOTH = 3, T_BOUND = 4 };

typedef struct edit {
    int what, t;
    long i;
    uint64_t v;
} edit;

#define MAX_EDITS 8

/* options.parallel's parallel_for of the positive rows: every task on the calling thread, in order. */
static void run_tasks_in_order(void *context, uint32_t task_count, void (*task)(void *argument, uint32_t index),
                               void *argument) {
    uint32_t i;
    (void)context;
    for (i = 0; i < task_count; i++) task(argument, i);
}

static void apply_edits(fixture *f, const edit *edits) {
    int k, t;
    for (k = 0; k < MAX_EDITS && edits[k].what != E_END; k++) {
        const edit *e = &edits[k];
        for (t = 0; t < 3; t++) {
            if (!(e->t & (1 << t))) continue;
            switch (e->what) {
            case E_TENSOR_TYPE: f->tensor[t].Type = (DML_TENSOR_TYPE)e->v; break;
            case E_DATA_TYPE: f->buf[t].DataType = (DML_TENSOR_DATA_TYPE)e->v; break;
            case E_FLAGS: f->buf[t].Flags = (DML_TENSOR_FLAGS)e->v; break;
            case E_DIMS: f->buf[t].DimensionCount = (UINT)e->v; break;
            case E_SIZE: f->sizes[t][e->i] = (UINT)e->v; break;
            case E_SIZES: {
                long d;
                f->buf[t].DimensionCount = (UINT)e->i;
                for (d = 0; d < e->i; d++) f->sizes[t][d] = (UINT)e->v;
                break;
            }
            case E_STRIDE:
                make_strides_explicit(f, t);
                f->strides[t][e->i] = (UINT)e->v;
                break;
            case E_STRIDES: {
                int d;
                for (d = 0; d < 9; d++) f->strides[t][d] = (UINT)e->v;
                f->buf[t].Strides = f->strides[t];
                break;
            }
            case E_TOTAL: f->buf[t].TotalTensorSizeInBytes = e->v; break;
            case E_SHORT_BY:
                f->buf[t].TotalTensorSizeInBytes =
                    dmlref_calc_buffer_tensor_size(f->buf[t].DataType, f->buf[t].DimensionCount, f->buf[t].Sizes,
                                                   f->buf[t].Strides) -
                    e->v;
                break;
            case E_ALIGN: f->buf[t].GuaranteedBaseOffsetAlignment = (UINT)e->v; break;
            case E_SHIFT: f->shift[t] = e->i; break;
            default: break;
            }
            /* Shape and type edits keep TotalTensorSizeInBytes right; explicit ones pin it. */
            if (e->what == E_DATA_TYPE || e->what == E_DIMS || e->what == E_SIZE || e->what == E_SIZES ||
                e->what == E_STRIDE || e->what == E_STRIDES)
                f->auto_total[t] = 1;
            if (e->what == E_TOTAL || e->what == E_SHORT_BY) f->auto_total[t] = 0;
        }
        switch (e->what) {
        case E_RANK: set_rank(f, (UINT)e->v); break;
        case E_AXIS: set_axis(f, (UINT)e->v); break;
        case E_DIRECTION: set_direction(f, (UINT)e->v); break;
        case E_EXCLUSIVE: f->cumsum.HasExclusiveSum = f->cumprod.HasExclusiveProduct = (BOOL)e->v; break;
        case E_AXIS_COUNT: set_axis_count(f, (UINT)e->v); break;
        case E_AXES: f->axes[e->i] = (UINT)e->v; break;
        case E_FUNCTION: f->reduce.Function = (DML_REDUCE_FUNCTION)e->v; break;
        case E_OP_TYPE: f->op.Type = (DML_OPERATOR_TYPE)e->v; break;
        case E_LEVEL: f->options.feature_level = (uint32_t)e->v; break;
        case E_FLOAT_ORDER: f->options.float_order = (int32_t)e->i; break;
        case E_NAN_POLICY: f->options.nan_policy = (int32_t)e->i; break;
        case E_ISA: f->options.isa = (int32_t)e->i; break;
        case E_NULL: f->nulls |= (unsigned)e->v; break;
        case E_OUT_IN_INPUT:
            f->out_in_input = 1;
            f->out_rel = e->i;
            break;
        case E_ACCUMULATION: f->options.accumulation = (int32_t)e->i; break;
        case E_SEED: f->options.identity_seed = (int32_t)e->i; break;
        case E_TREE:
            f->tree.algorithm = (int32_t)e->i;
            f->tree.block = (uint32_t)(e->v & 0xFFFFFFFFu);
            f->tree.carry = (int32_t)(uint32_t)(e->v >> 32);
            f->options.tree = &f->tree;
            break;
        case E_TREE_GRAIN:
            f->tree.run_seed = (int32_t)e->i;
            f->tree.serial = (uint32_t)(e->v & 0xFFFFFFFFu);
            f->tree.lanes = (uint32_t)(e->v >> 32);
            break;
        case E_BOUND_IN_INPUT:
            f->bound_in_input = 1;
            f->bound_rel = e->i;
            break;
        case E_PARALLEL:
            f->parallel.parallel_for = e->i ? run_tasks_in_order : NULL;
            f->parallel.context = f;
            f->parallel.max_tasks = (uint32_t)e->v;
            f->options.parallel = &f->parallel;
            break;
        default: break;
        }
    }
}

/* ---- the checks --------------------------------------------------------------- */

enum {
    F_EXEC = 1,          /* the error is found by dmlref_execute only (buffers) */
    F_VALIDATE_ONLY = 2, /* a positive row too big to execute: validate only */
    F_64BIT = 4          /* needs a 64-bit address space (else skipped) */
};

static int known_op_name(const fixture *f, const char **name) {
    if (!f->op_arg) return 0;
    switch (f->op_arg->Type) {
    case DML_OPERATOR_CUMULATIVE_SUMMATION: *name = "CUMULATIVE_SUMMATION"; return 1;
    case DML_OPERATOR_CUMULATIVE_PRODUCT: *name = "CUMULATIVE_PRODUCT"; return 1;
    case DML_OPERATOR_ARGMIN: *name = "ARGMIN"; return 1;
    case DML_OPERATOR_ARGMAX: *name = "ARGMAX"; return 1;
    case DML_OPERATOR_REDUCE: *name = "REDUCE"; return 1;
    default: return 0;
    }
}

/* Every '|'-separated part of field occurs in message. */
static int has_field(const char *message, const char *field) {
    char part[128];
    while (*field) {
        size_t n = strcspn(field, "|");
        if (n >= sizeof part) n = sizeof part - 1;
        memcpy(part, field, n);
        part[n] = 0;
        if (!strstr(message, part)) return 0;
        field += n;
        if (*field == '|') field++;
    }
    return 1;
}

static void check_message(const fixture *f, const char *label, const char *call, dmlref_status got,
                          dmlref_status expected, const char *field) {
    const char *op;
    const char *nul = (const char *)memchr(f->message, 0, sizeof f->message);
    size_t len = nul ? (size_t)(nul - f->message) : sizeof f->message;
    if (!nul) {
        TR_CHECKF(0, "%s: %s left error_message without a NUL", label, call);
        return;
    }
    if (got == DMLREF_OK) {
        TR_CHECKF(len == 0, "%s: %s succeeded but left the message \"%s\" (a success must clear it)", label, call,
                  f->message);
        return;
    }
    if (!TR_CHECKF(len > 0, "%s: %s returned %s with an empty message", label, call, dmlref_status_name(got))) return;
    TR_CHECKF(!strchr(f->message, '\n'), "%s: %s message is not one line: \"%s\"", label, call, f->message);
    if (known_op_name(f, &op)) {
        size_t n = strlen(op);
        TR_CHECKF(strncmp(f->message, op, n) == 0 && f->message[n] == ':',
                  "%s: %s message does not start with \"%s:\": \"%s\"", label, call, op, f->message);
    }
    if (got == expected && field)
        TR_CHECKF(has_field(f->message, field), "%s: %s message does not name \"%s\": \"%s\"", label, call, field,
                  f->message);
}

/* Bytes the valid tensor t occupies, for the fit check and the guard check. */
static uint64_t tensor_bytes(const fixture *f, int t) {
    return dmlref_calc_buffer_tensor_size(f->buf[t].DataType, f->buf[t].DimensionCount, f->buf[t].Sizes,
                                          f->buf[t].Strides);
}

/* Set mask[] for every byte of tensor t's elements when its base is at offset
   base of a block (the tensor is valid and fits). */
static void mark_elements(const fixture *f, int t, size_t base, unsigned char *mask) {
    const DML_BUFFER_TENSOR_DESC *b = &f->buf[t];
    UINT rank = b->DimensionCount, d, index[8] = {0};
    uint64_t stride[8], packed = 1, esize = dmlref_data_type_size(b->DataType);
    d = rank;
    while (d-- > 0) {
        stride[d] = b->Strides ? b->Strides[d] : packed;
        packed *= b->Sizes[d];
    }
    for (;;) {
        uint64_t offset = 0, e;
        for (d = 0; d < rank; d++) offset += index[d] * stride[d];
        for (e = 0; e < esize; e++) mask[base + offset * esize + e] = 1;
        for (d = rank; d-- > 0;) { /* odometer, last dimension fastest */
            if (++index[d] < b->Sizes[d]) break;
            index[d] = 0;
        }
        if (d == (UINT)-1) return;
    }
}

/* Both tensors of a descriptor dmlref_validate accepted lie inside the blocks. */
static int fits_blocks(const fixture *f) {
    long in_off = (long)GUARD + f->shift[TI];
    long out_off = f->out_in_input ? (long)GUARD + f->out_rel : (long)GUARD + f->shift[TO];
    uint64_t in_bytes = tensor_bytes(f, TI), out_bytes = tensor_bytes(f, TO);
    return in_bytes && out_bytes && in_off >= 0 && out_off >= 0 && (uint64_t)in_off + in_bytes <= BLOCK_TOTAL &&
           (uint64_t)out_off + out_bytes <= BLOCK_TOTAL;
}

/* The options are the defaults that NULL options stand for (the message buffer aside). */
static int default_options(const dmlref_options *o) {
    return !o->feature_level && !o->float_order && !o->nan_policy && !o->isa && !o->accumulation && !o->identity_seed &&
           !o->parallel;
}

/* The checks every row and loop makes; see the opening comment. */
static void check_fixture(fixture *f, const char *label, dmlref_status expected, const char *field, int flags) {
    static unsigned char snapshot[offsetof(fixture, message)];
    static char validate_message[sizeof f->message];
    dmlref_options quiet;
    dmlref_status want_v = (flags & F_EXEC) ? DMLREF_OK : expected, sv, sq, se;
    memcpy(snapshot, f, sizeof snapshot);

    strcpy(f->message, "stale text"); /* a success must clear it */
    sv = dmlref_validate(f->op_arg, &f->options);
    TR_CHECKF(sv == want_v, "%s: dmlref_validate returned %s, expected %s (message: \"%s\")", label,
              dmlref_status_name(sv), dmlref_status_name(want_v), f->message);
    check_message(f, label, "dmlref_validate", sv, want_v, field);

    memcpy(validate_message, f->message, sizeof validate_message);

    /* No buffer (a NULL pointer with a capacity must not be written through). */
    quiet = f->options;
    quiet.error_message = NULL;
    sq = dmlref_validate(f->op_arg, &quiet);
    TR_CHECKF(sq == sv, "%s: dmlref_validate returned %s without a message buffer, %s with one", label,
              dmlref_status_name(sq), dmlref_status_name(sv));
    if (default_options(&f->options)) {
        sq = dmlref_validate(f->op_arg, NULL); /* NULL options: the same defaults */
        TR_CHECKF(sq == sv, "%s: dmlref_validate returned %s with NULL options, %s with zeroed ones", label,
                  dmlref_status_name(sq), dmlref_status_name(sv));
    }
    TR_CHECKF(memcmp(snapshot, f, sizeof snapshot) == 0, "%s: dmlref_validate changed the descriptor", label);

    if (sv == DMLREF_OK && ((flags & F_VALIDATE_ONLY) || !fits_blocks(f))) return;

    fill_blocks();
    strcpy(f->message, "stale text");
    se = dmlref_execute(f->op_arg, f->inputs, f->outputs, &f->options);
    TR_CHECKF(se == expected, "%s: dmlref_execute returned %s, expected %s (message: \"%s\")", label,
              dmlref_status_name(se), dmlref_status_name(expected), f->message);
    if (!(flags & F_EXEC)) {
        TR_CHECKF(se == sv, "%s: dmlref_validate returned %s but dmlref_execute %s", label, dmlref_status_name(sv),
                  dmlref_status_name(se));
        TR_CHECKF(strcmp(validate_message, f->message) == 0,
                  "%s: dmlref_validate said \"%s\" but dmlref_execute \"%s\"", label, validate_message, f->message);
    }
    check_message(f, label, "dmlref_execute", se, expected, field);
    TR_CHECKF(memcmp(snapshot, f, sizeof snapshot) == 0, "%s: dmlref_execute changed the descriptor", label);

    if (se != DMLREF_OK) {
        /* Nothing written anywhere: not the output, not the input. */
        size_t k = first_change(1, 0, BLOCK_TOTAL);
        TR_CHECKF(k == (size_t)-1, "%s: failed dmlref_execute wrote output-block byte %ld (tensor at %u)", label,
                  (long)k - (long)GUARD, GUARD);
        k = first_change(0, 0, BLOCK_TOTAL);
        TR_CHECKF(k == (size_t)-1, "%s: failed dmlref_execute changed input-block byte %ld", label,
                  (long)k - (long)GUARD);
    } else {
        /* Nothing written but the output's element bytes (not even padding
           between them); the input is read-only unless aliased. */
        static unsigned char mask[BLOCK_TOTAL];
        size_t out_off = (size_t)(f->out_in_input ? (long)GUARD + f->out_rel : (long)GUARD + f->shift[TO]);
        size_t k = 0;
        int ob = f->out_in_input ? 0 : 1;
        memset(mask, 0, sizeof mask);
        mark_elements(f, TO, out_off, mask);
        while (k < BLOCK_TOTAL && (mask[k] || block(ob)[k] == (ob == 0 ? pattern(k) : FILL))) k++;
        TR_CHECKF(k == BLOCK_TOTAL, "%s: dmlref_execute wrote byte %ld of the %s block, not an output element's", label,
                  (long)k - (long)out_off, ob ? "output" : "input");
        if (!f->out_in_input)
            TR_CHECKF(first_change(0, 0, BLOCK_TOTAL) == (size_t)-1, "%s: dmlref_execute changed its input", label);
    }
}

/* ---- the table ----------------------------------------------------------------- */

typedef struct bad_row {
    const char *name; /* the case is "invalid/<name>" */
    unsigned kinds;   /* M_* of the operator kinds it runs for */
    edit edits[MAX_EDITS];
    dmlref_status expected;
    const char *field; /* '|'-separated parts the message must contain */
    int flags;         /* F_* */
} bad_row;

#define DTYPE(t, x) \
    { E_DATA_TYPE, t, 0, DML_TENSOR_DATA_TYPE_##x }
#define DTYPE_N(t, n) \
    { E_DATA_TYPE, t, 0, n }
#define TTYPE(t, n) \
    { E_TENSOR_TYPE, t, 0, n }
#define FLAGS(t, n) \
    { E_FLAGS, t, 0, n }
#define DIMS(t, n) \
    { E_DIMS, t, 0, n }
#define SIZE(t, d, n) \
    { E_SIZE, t, d, n }
#define SIZES(t, count, n) \
    { E_SIZES, t, count, n }
#define STRIDE(t, d, n) \
    { E_STRIDE, t, d, n }
#define STRIDES(t, n) \
    { E_STRIDES, t, 0, n }
#define TOTAL(t, n) \
    { E_TOTAL, t, 0, n }
#define SHORT_BY(t, n) \
    { E_SHORT_BY, t, 0, n }
#define ALIGN(t, n) \
    { E_ALIGN, t, 0, n }
#define RANK(n) \
    { E_RANK, 0, 0, n }
#define AXIS(n) \
    { E_AXIS, 0, 0, n }
#define DIRECTION(n) \
    { E_DIRECTION, 0, 0, n }
#define EXCLUSIVE(n) \
    { E_EXCLUSIVE, 0, 0, n }
#define AXIS_COUNT(n) \
    { E_AXIS_COUNT, 0, 0, n }
#define AXES(k, n) \
    { E_AXES, 0, k, n }
#define FUNCTION(n) \
    { E_FUNCTION, 0, 0, n }
#define OP_TYPE(n) \
    { E_OP_TYPE, 0, 0, n }
#define LEVEL(x) \
    { E_LEVEL, 0, 0, DML_FEATURE_LEVEL_##x }
#define LEVEL_N(n) \
    { E_LEVEL, 0, 0, n }
#define FLOAT_ORDER(n) \
    { E_FLOAT_ORDER, 0, n, 0 }
#define NAN_POLICY(n) \
    { E_NAN_POLICY, 0, n, 0 }
#define ISA(n) \
    { E_ISA, 0, n, 0 }
#define NULLS(bits) \
    { E_NULL, 0, 0, bits }
#define SHIFT(t, n) \
    { E_SHIFT, t, n, 0 }
#define OUT_IN_INPUT(n) \
    { E_OUT_IN_INPUT, 0, n, 0 }
#define ACCUMULATION(n) \
    { E_ACCUMULATION, 0, n, 0 }
#define SEED(n) \
    { E_SEED, 0, n, 0 }
#define TREE(algorithm, block, carry) \
    { E_TREE, 0, algorithm, (uint64_t)(block) | (uint64_t)(uint32_t)(carry) << 32 }
#define TREE_GRAIN(serial, lanes, run_seed) \
    { E_TREE_GRAIN, 0, run_seed, (uint64_t)(serial) | (uint64_t)(lanes) << 32 }
#define BOUND_IN_INPUT(n) \
    { E_BOUND_IN_INPUT, 0, n, 0 }
#define PARALLEL(has_for, max_tasks) \
    { E_PARALLEL, 0, has_for, max_tasks }

#define S(x) DMLREF_ERROR_##x
#define OK DMLREF_OK
#define U32MAX 0xFFFFFFFFu

#define NONE \
    { E_END, 0, 0, 0 }
#define M_ARGMIN (1u << K_ARGMIN)
#define M_ARGMAX (1u << K_ARGMAX)
#define M_REDUCE_ARGMIN (1u << K_REDUCE_ARGMIN)
#define M_REDUCE_ARGMAX (1u << K_REDUCE_ARGMAX)

/* clang-format off */
static const bad_row rows[] = {
    /* -- NULL pointers, in every position -- */
    {"null-operator-desc", M_ALL, {NULLS(NP_OP)}, S(NULL_POINTER), "DML_OPERATOR_DESC", 0},
    {"null-operator-desc-desc", M_ALL, {NULLS(NP_OP_DESC)}, S(NULL_POINTER), "DML_OPERATOR_DESC.Desc", 0},
    {"null-input-tensor", M_ALL, {NULLS(NP_IN)}, S(NULL_POINTER), "InputTensor is NULL", 0},
    {"null-output-tensor", M_ALL, {NULLS(NP_OUT)}, S(NULL_POINTER), "OutputTensor is NULL", 0},
    {"null-input-tensor-desc", M_ALL, {NULLS(NP_IN_DESC)}, S(NULL_POINTER), "InputTensor->Desc", 0},
    {"null-output-tensor-desc", M_ALL, {NULLS(NP_OUT_DESC)}, S(NULL_POINTER), "OutputTensor->Desc", 0},
    {"null-input-sizes", M_ALL, {NULLS(NP_IN_SIZES)}, S(NULL_POINTER), "InputTensor.Sizes", 0},
    {"null-output-sizes", M_ALL, {NULLS(NP_OUT_SIZES)}, S(NULL_POINTER), "OutputTensor.Sizes", 0},
    {"null-axes", M_ARGS, {NULLS(NP_AXES)}, S(NULL_POINTER), "Axes", 0},
    {"null-inputs", M_ALL, {NULLS(NP_INPUTS)}, S(NULL_POINTER), "inputs is NULL", F_EXEC},
    {"null-inputs-0", M_ALL, {NULLS(NP_INPUTS0)}, S(NULL_POINTER), "inputs[0]", F_EXEC},
    {"null-outputs", M_ALL, {NULLS(NP_OUTPUTS)}, S(NULL_POINTER), "outputs is NULL", F_EXEC},
    {"null-outputs-0", M_ALL, {NULLS(NP_OUTPUTS0)}, S(NULL_POINTER), "outputs[0]", F_EXEC},
    {"null-strides-is-packed-accepted", M_ALL, {NONE}, OK, NULL, 0},

    /* -- operator types and reduce functions -- */
    {"operator-type-0", M_CUMSUM, {OP_TYPE(0)}, S(UNSUPPORTED_OPERATOR), "DML_OPERATOR_DESC.Type is 0", 0},
    {"operator-type-56", M_ARGMIN, {OP_TYPE(56)}, S(UNSUPPORTED_OPERATOR), "DML_OPERATOR_DESC.Type is 56", 0},
    {"operator-type-146", M_CUMPROD, {OP_TYPE(146)}, S(UNSUPPORTED_OPERATOR), "DML_OPERATOR_DESC.Type is 146", 0},
    {"operator-type-999", M_REDUCE_ARGMAX, {OP_TYPE(999)}, S(UNSUPPORTED_OPERATOR), "DML_OPERATOR_DESC.Type is 999",
     0},
    {"operator-type-max", M_ARGMAX, {OP_TYPE(U32MAX)}, S(UNSUPPORTED_OPERATOR),
     "DML_OPERATOR_DESC.Type is 4294967295", 0},
    /* a value function on the index-typed output of the arg-reduction base: the output type must be the input's */
    {"reduce-function-average-index-output", M_REDUCE_ARGMIN, {FUNCTION(2)}, S(INVALID_ARGUMENT),
     "OutputTensor.DataType is UINT32, must equal InputTensor.DataType (FLOAT32)", 0},
    {"reduce-function-l1-index-output", M_REDUCE_ARGMIN, {FUNCTION(3)}, S(INVALID_ARGUMENT),
     "OutputTensor.DataType is UINT32, must equal InputTensor.DataType (FLOAT32)", 0},
    {"reduce-function-l2-index-output", M_REDUCE_ARGMIN, {FUNCTION(4)}, S(INVALID_ARGUMENT),
     "OutputTensor.DataType is UINT32, must equal InputTensor.DataType (FLOAT32)", 0},
    {"reduce-function-log-sum-index-output", M_REDUCE_ARGMIN, {FUNCTION(5)}, S(INVALID_ARGUMENT),
     "OutputTensor.DataType is UINT32, must equal InputTensor.DataType (FLOAT32)", 0},
    {"reduce-function-log-sum-exp-index-output", M_REDUCE_ARGMIN, {FUNCTION(6)}, S(INVALID_ARGUMENT),
     "OutputTensor.DataType is UINT32, must equal InputTensor.DataType (FLOAT32)", 0},
    {"reduce-function-max-index-output", M_REDUCE_ARGMIN, {FUNCTION(7)}, S(INVALID_ARGUMENT),
     "OutputTensor.DataType is UINT32, must equal InputTensor.DataType (FLOAT32)", 0},
    {"reduce-function-min-index-output", M_REDUCE_ARGMIN, {FUNCTION(8)}, S(INVALID_ARGUMENT),
     "OutputTensor.DataType is UINT32, must equal InputTensor.DataType (FLOAT32)", 0},
    {"reduce-function-multiply-index-output", M_REDUCE_ARGMIN, {FUNCTION(9)}, S(INVALID_ARGUMENT),
     "OutputTensor.DataType is UINT32, must equal InputTensor.DataType (FLOAT32)", 0},
    {"reduce-function-sum-index-output", M_REDUCE_ARGMIN, {FUNCTION(10)}, S(INVALID_ARGUMENT),
     "OutputTensor.DataType is UINT32, must equal InputTensor.DataType (FLOAT32)", 0},
    {"reduce-function-sum-square-index-output", M_REDUCE_ARGMIN, {FUNCTION(11)}, S(INVALID_ARGUMENT),
     "OutputTensor.DataType is UINT32, must equal InputTensor.DataType (FLOAT32)", 0},
    {"reduce-function-12", M_REDUCE_ARGMIN, {FUNCTION(12)}, S(INVALID_ARGUMENT), "Function is 12", 0},
    {"reduce-function-max-uint", M_REDUCE_ARGMIN, {FUNCTION(U32MAX)}, S(INVALID_ARGUMENT), "Function is 4294967295",
     0},

    /* -- DML_TENSOR_DESC.Type, DataType, DimensionCount -- */
    {"input-tensor-type-invalid", M_ALL, {TTYPE(T_IN, 0)}, S(INVALID_ARGUMENT), "InputTensor->Type is 0", 0},
    {"output-tensor-type-invalid", M_ALL, {TTYPE(T_OUT, 0)}, S(INVALID_ARGUMENT), "OutputTensor->Type is 0", 0},
    {"input-tensor-type-2", M_ALL, {TTYPE(T_IN, 2)}, S(INVALID_ARGUMENT), "InputTensor->Type is 2", 0},
    {"input-data-type-0", M_ALL, {DTYPE_N(T_IN, 0)}, S(INVALID_ARGUMENT), "InputTensor.DataType is 0", 0},
    {"input-data-type-14", M_ALL, {DTYPE_N(T_IN, 14)}, S(INVALID_ARGUMENT), "InputTensor.DataType is 14", 0},
    {"input-data-type-99", M_ALL, {DTYPE_N(T_IN, 99)}, S(INVALID_ARGUMENT), "InputTensor.DataType is 99", 0},
    {"input-data-type-uint4", M_ALL, {DTYPE(T_IN, UINT4)}, S(UNSUPPORTED_DATA_TYPE), "InputTensor.DataType|UINT4",
     0},
    {"input-data-type-int4", M_ALL, {DTYPE(T_IN, INT4)}, S(UNSUPPORTED_DATA_TYPE), "InputTensor.DataType|INT4", 0},
    {"output-data-type-0", M_ALL, {DTYPE_N(T_OUT, 0)}, S(INVALID_ARGUMENT), "OutputTensor.DataType is 0", 0},
    {"output-data-type-14", M_ALL, {DTYPE_N(T_OUT, 14)}, S(INVALID_ARGUMENT), "OutputTensor.DataType is 14", 0},
    {"output-data-type-99", M_ALL, {DTYPE_N(T_OUT, 99)}, S(INVALID_ARGUMENT), "OutputTensor.DataType is 99", 0},
    {"output-data-type-uint4", M_ALL, {DTYPE(T_OUT, UINT4)}, S(UNSUPPORTED_DATA_TYPE),
     "OutputTensor.DataType|UINT4", 0},
    {"output-data-type-int4", M_ALL, {DTYPE(T_OUT, INT4)}, S(UNSUPPORTED_DATA_TYPE), "OutputTensor.DataType|INT4",
     0},
    {"scan-data-type-uint4-both", M_SCANS, {DTYPE(T_BOTH, UINT4)}, S(UNSUPPORTED_DATA_TYPE),
     "InputTensor.DataType|UINT4", 0},
    {"input-dimension-count-0", M_ALL, {DIMS(T_IN, 0)}, S(UNSUPPORTED_DIMENSION_COUNT),
     "InputTensor.DimensionCount is 0", 0},
    {"input-dimension-count-9", M_ALL, {SIZE(T_IN, 4, 1), SIZE(T_IN, 5, 1), SIZE(T_IN, 6, 1), SIZE(T_IN, 7, 1),
                                        SIZE(T_IN, 8, 1), DIMS(T_IN, 9)},
     S(UNSUPPORTED_DIMENSION_COUNT), "InputTensor.DimensionCount is 9", 0},
    {"output-dimension-count-0", M_ALL, {DIMS(T_OUT, 0)}, S(UNSUPPORTED_DIMENSION_COUNT),
     "OutputTensor.DimensionCount is 0", 0},
    {"output-dimension-count-9", M_ALL, {SIZE(T_OUT, 4, 1), SIZE(T_OUT, 5, 1), SIZE(T_OUT, 6, 1), SIZE(T_OUT, 7, 1),
                                         SIZE(T_OUT, 8, 1), DIMS(T_OUT, 9)},
     S(UNSUPPORTED_DIMENSION_COUNT), "OutputTensor.DimensionCount is 9", 0},
    {"dimension-count-max-uint", M_ALL, {DIMS(T_IN, U32MAX)}, S(UNSUPPORTED_DIMENSION_COUNT),
     "InputTensor.DimensionCount is 4294967295", 0},
    {"rank-1-accepted", M_ALL, {RANK(1)}, OK, NULL, 0},
    {"rank-8-accepted", M_ALL, {RANK(8)}, OK, NULL, 0},

    /* -- Flags -- */
    {"input-flags-2", M_ALL, {FLAGS(T_IN, 2)}, S(INVALID_ARGUMENT), "InputTensor.Flags", 0},
    {"input-flags-3", M_ALL, {FLAGS(T_IN, 3)}, S(INVALID_ARGUMENT), "InputTensor.Flags", 0},
    {"input-flags-high-bit", M_ALL, {FLAGS(T_IN, 0x80000000u)}, S(INVALID_ARGUMENT), "InputTensor.Flags", 0},
    {"output-flags-2", M_ALL, {FLAGS(T_OUT, 2)}, S(INVALID_ARGUMENT), "OutputTensor.Flags", 0},
    {"output-owned-by-dml", M_ALL, {FLAGS(T_OUT, 1)}, S(INVALID_ARGUMENT), "OutputTensor.Flags|OWNED_BY_DML", 0},
    {"both-owned-by-dml", M_ALL, {FLAGS(T_BOTH, 1)}, S(INVALID_ARGUMENT), "OutputTensor.Flags|OWNED_BY_DML", 0},
    {"input-owned-by-dml-accepted", M_ALL, {FLAGS(T_IN, 1)}, OK, NULL, 0},

    /* -- GuaranteedBaseOffsetAlignment, and aligned addresses at execute -- */
    {"input-alignment-3", M_ALL, {ALIGN(T_IN, 3)}, S(INVALID_ARGUMENT),
     "InputTensor.GuaranteedBaseOffsetAlignment is 3", 0},
    {"input-alignment-2-float32", M_ALL, {ALIGN(T_IN, 2)}, S(INVALID_ARGUMENT),
     "InputTensor.GuaranteedBaseOffsetAlignment is 2", 0},
    {"input-alignment-1-float32", M_ALL, {ALIGN(T_IN, 1)}, S(INVALID_ARGUMENT),
     "InputTensor.GuaranteedBaseOffsetAlignment is 1", 0},
    {"output-alignment-2-four-byte-type", M_ALL, {ALIGN(T_OUT, 2)}, S(INVALID_ARGUMENT),
     "OutputTensor.GuaranteedBaseOffsetAlignment is 2", 0},
    {"output-alignment-48", M_ALL, {ALIGN(T_OUT, 48)}, S(INVALID_ARGUMENT),
     "OutputTensor.GuaranteedBaseOffsetAlignment is 48", 0},
    {"output-alignment-max-uint", M_ALL, {ALIGN(T_OUT, U32MAX)}, S(INVALID_ARGUMENT),
     "OutputTensor.GuaranteedBaseOffsetAlignment is 4294967295", 0},
    {"scan-alignment-4-float64", M_SCANS, {DTYPE(T_BOTH, FLOAT64), ALIGN(T_IN, 4)}, S(INVALID_ARGUMENT),
     "InputTensor.GuaranteedBaseOffsetAlignment is 4", 0},
    {"arg-alignment-4-int64-index", M_ARGS, {DTYPE(T_OUT, INT64), ALIGN(T_OUT, 4)}, S(INVALID_ARGUMENT),
     "OutputTensor.GuaranteedBaseOffsetAlignment is 4", 0},
    {"scan-alignment-2-float16-accepted", M_SCANS, {DTYPE(T_BOTH, FLOAT16), ALIGN(T_BOTH, 2)}, OK, NULL, 0},
    {"arg-alignment-2-float16-accepted", M_ARGS, {DTYPE(T_IN, FLOAT16), ALIGN(T_IN, 2)}, OK, NULL, 0},
    {"alignment-4-and-64-accepted", M_ALL, {ALIGN(T_IN, 4), ALIGN(T_OUT, 64)}, OK, NULL, 0},
    {"input-address-misaligned-by-1", M_ALL, {SHIFT(T_IN, 1)}, S(MISALIGNED), "InputTensor", F_EXEC},
    {"output-address-misaligned-by-2", M_ALL, {SHIFT(T_OUT, 2)}, S(MISALIGNED), "OutputTensor", F_EXEC},
    {"input-address-breaks-alignment-16", M_ALL, {ALIGN(T_IN, 16), SHIFT(T_IN, 4)}, S(MISALIGNED),
     "InputTensor|GuaranteedBaseOffsetAlignment", F_EXEC},
    {"output-address-breaks-alignment-64", M_ALL, {ALIGN(T_OUT, 64), SHIFT(T_OUT, 32)}, S(MISALIGNED),
     "OutputTensor|GuaranteedBaseOffsetAlignment", F_EXEC},
    {"scan-float64-address-4-byte-aligned", M_SCANS, {DTYPE(T_BOTH, FLOAT64), SHIFT(T_OUT, 4)}, S(MISALIGNED),
     "OutputTensor", F_EXEC},
    {"arg-float64-address-4-byte-aligned", M_ARGS, {DTYPE(T_IN, FLOAT64), SHIFT(T_IN, 4)}, S(MISALIGNED),
     "InputTensor", F_EXEC},
    {"arg-int64-index-address-4-byte-aligned", M_ARGS, {DTYPE(T_OUT, INT64), SHIFT(T_OUT, 12)}, S(MISALIGNED),
     "OutputTensor", F_EXEC},
    {"element-aligned-address-accepted", M_ALL, {SHIFT(T_IN, 4), SHIFT(T_OUT, 12)}, OK, NULL, 0},
    {"aligned-address-accepted", M_ALL, {ALIGN(T_BOTH, 16), SHIFT(T_IN, 16), SHIFT(T_OUT, 48)}, OK, NULL, 0},

    /* -- TotalTensorSizeInBytes -- */
    {"input-total-one-byte-short", M_ALL, {SHORT_BY(T_IN, 1)}, S(BUFFER_TOO_SMALL),
     "InputTensor.TotalTensorSizeInBytes", 0},
    {"output-total-one-byte-short", M_ALL, {SHORT_BY(T_OUT, 1)}, S(BUFFER_TOO_SMALL),
     "OutputTensor.TotalTensorSizeInBytes", 0},
    {"input-total-one-byte-short-strided", M_ALL, {STRIDE(T_IN, 2, 8), SHORT_BY(T_IN, 1)}, S(BUFFER_TOO_SMALL),
     "InputTensor.TotalTensorSizeInBytes", 0},
    {"output-total-one-byte-short-strided", M_ALL, {STRIDE(T_OUT, 2, 8), SHORT_BY(T_OUT, 1)}, S(BUFFER_TOO_SMALL),
     "OutputTensor.TotalTensorSizeInBytes", 0},
    {"input-total-one-byte-short-broadcast", M_ALL, {STRIDES(T_IN, 0), SHORT_BY(T_IN, 1)}, S(BUFFER_TOO_SMALL),
     "InputTensor.TotalTensorSizeInBytes is 3", 0},
    {"input-total-0", M_ALL, {TOTAL(T_IN, 0)}, S(BUFFER_TOO_SMALL), "InputTensor.TotalTensorSizeInBytes is 0", 0},
    {"scan-int8-total-3-needs-4", M_SCANS, {DTYPE(T_BOTH, INT8), SIZE(T_BOTH, 3, 1), TOTAL(T_IN, 3)},
     S(BUFFER_TOO_SMALL), "InputTensor.TotalTensorSizeInBytes is 3", 0},
    {"scan-int8-total-4-accepted", M_SCANS, {DTYPE(T_BOTH, INT8), SIZE(T_BOTH, 3, 1), TOTAL(T_BOTH, 4)}, OK, NULL,
     0},
    {"arg-int8-total-6-needs-8", M_ARGS, {DTYPE(T_IN, INT8), SIZE(T_IN, 3, 1), TOTAL(T_IN, 6)},
     S(BUFFER_TOO_SMALL), "InputTensor.TotalTensorSizeInBytes is 6", 0},
    {"strided-total-exact-accepted", M_ALL, {STRIDE(T_IN, 2, 8), STRIDE(T_OUT, 2, 8)}, OK, NULL, 0},
    {"input-total-max-uint64-accepted", M_ALL, {TOTAL(T_IN, UINT64_MAX)}, OK, NULL, 0},

    /* -- sizes that overflow -- */
    {"input-count-overflows-64-bits", M_ALL, {SIZES(T_IN, 8, U32MAX)}, S(TENSOR_TOO_LARGE), "InputTensor.Sizes", 0},
    {"output-count-overflows-64-bits", M_ALL, {SIZES(T_OUT, 8, U32MAX)}, S(TENSOR_TOO_LARGE), "OutputTensor.Sizes",
     0},
    {"input-strided-extent-overflows-64-bits", M_ALL, {SIZES(T_IN, 2, U32MAX), STRIDES(T_IN, U32MAX)},
     S(TENSOR_TOO_LARGE), "InputTensor|Strides", 0},
    {"output-strided-extent-overflows-64-bits", M_ALL, {SIZES(T_OUT, 2, U32MAX), STRIDES(T_OUT, U32MAX)},
     S(TENSOR_TOO_LARGE), "OutputTensor|Strides", 0},
    {"input-byte-size-overflows-64-bits", M_ALL, {SIZES(T_IN, 1, U32MAX), STRIDES(T_IN, U32MAX)},
     S(TENSOR_TOO_LARGE), "InputTensor", 0},
    {"input-exceeds-address-space", M_ALL,
     {SIZES(T_IN, 2, U32MAX), SIZE(T_IN, 1, 2), STRIDE(T_IN, 0, 0x40000000u), STRIDE(T_IN, 1, 1)},
     S(TENSOR_TOO_LARGE), "InputTensor", 0},

    /* -- DirectML's element-count limit with a feature level (zero strides: no big buffer) -- */
    {"arg-count-above-4294967295-at-feature-level", M_ARGS,
     {STRIDES(T_IN, 0), SIZE(T_IN, 1, 65536), SIZE(T_IN, 3, 65536), LEVEL(4_1)}, S(TENSOR_TOO_LARGE),
     "InputTensor|elements", 0},
    {"arg-count-above-4294967295-without-level-accepted", M_ARGS,
     {STRIDES(T_IN, 0), SIZE(T_IN, 1, 65536), SIZE(T_IN, 3, 65536)}, OK, NULL, F_VALIDATE_ONLY},
    {"arg-count-4294967295-at-feature-level-accepted", M_ARGS,
     {STRIDES(T_IN, 0), SIZE(T_IN, 1, 65535), SIZE(T_IN, 2, 1), SIZE(T_IN, 3, 65537), SIZE(T_OUT, 2, 1),
      LEVEL(4_1)},
     OK, NULL, F_VALIDATE_ONLY},
    {"scan-count-above-4294967295-at-feature-level", M_SCANS,
     {STRIDES(T_IN, 0), SIZE(T_BOTH, 2, 65536), SIZE(T_BOTH, 3, 65536), LEVEL(5_0)}, S(TENSOR_TOO_LARGE),
     "InputTensor|elements", 0},
    {"scan-count-above-4294967295-without-level-accepted", M_SCANS,
     {STRIDES(T_IN, 0), SIZE(T_BOTH, 2, 65536), SIZE(T_BOTH, 3, 65536)}, OK, NULL, F_VALIDATE_ONLY | F_64BIT},
    {"scan-count-4294967295-at-feature-level-accepted", M_SCANS,
     {STRIDES(T_IN, 0), SIZE(T_BOTH, 2, 65535), SIZE(T_BOTH, 3, 65537), LEVEL(5_0)}, OK, NULL,
     F_VALIDATE_ONLY | F_64BIT},

    /* -- scans: the output must match the input; Axis; AxisDirection -- */
    {"scan-output-type-mismatch", M_SCANS, {DTYPE(T_OUT, INT32)}, S(INVALID_ARGUMENT),
     "OutputTensor.DataType|InputTensor.DataType", 0},
    {"scan-output-type-float16", M_SCANS, {DTYPE(T_OUT, FLOAT16)}, S(INVALID_ARGUMENT), "OutputTensor.DataType",
     0},
    {"scan-output-rank-3", M_SCANS, {DIMS(T_OUT, 3)}, S(INVALID_ARGUMENT), "OutputTensor.DimensionCount is 3", 0},
    {"scan-output-rank-5", M_SCANS, {SIZE(T_OUT, 4, 1), DIMS(T_OUT, 5)}, S(INVALID_ARGUMENT),
     "OutputTensor.DimensionCount is 5", 0},
    {"scan-output-size-0-differs", M_SCANS, {SIZE(T_OUT, 0, 2)}, S(INVALID_ARGUMENT), "OutputTensor.Sizes[0]", 0},
    {"scan-output-size-2-differs", M_SCANS, {SIZE(T_OUT, 2, 2)}, S(INVALID_ARGUMENT), "OutputTensor.Sizes[2]", 0},
    {"scan-output-size-on-axis-differs", M_SCANS, {SIZE(T_OUT, 3, 5)}, S(INVALID_ARGUMENT),
     "OutputTensor.Sizes[3]", 0},
    {"scan-input-size-differs", M_SCANS, {SIZE(T_IN, 3, 5)}, S(INVALID_ARGUMENT),
     "OutputTensor.Sizes[3]|InputTensor.Sizes[3]", 0},
    {"scan-axis-out-of-range", M_SCANS, {AXIS(4)}, S(INVALID_ARGUMENT), "Axis is 4", 0},
    {"scan-axis-max-uint", M_SCANS, {AXIS(U32MAX)}, S(INVALID_ARGUMENT), "Axis is 4294967295", 0},
    {"scan-axis-out-of-range-rank-1", M_SCANS, {RANK(1), AXIS(1)}, S(INVALID_ARGUMENT), "Axis is 1", 0},
    {"scan-axis-0-accepted", M_SCANS, {AXIS(0)}, OK, NULL, 0},
    {"scan-direction-2", M_SCANS, {DIRECTION(2)}, S(INVALID_ARGUMENT), "AxisDirection is 2", 0},
    {"scan-direction-max-uint", M_SCANS, {DIRECTION(U32MAX)}, S(INVALID_ARGUMENT), "AxisDirection is 4294967295",
     0},
    {"scan-decreasing-exclusive-accepted", M_SCANS, {DIRECTION(1), EXCLUSIVE(1)}, OK, NULL, 0},
    {"scan-exclusive-2-accepted", M_SCANS, {EXCLUSIVE(2)}, OK, NULL, 0},
    {"scan-input-broadcast-accepted", M_SCANS, {STRIDES(T_IN, 0)}, OK, NULL, 0},

    /* -- arg-reductions: AxisCount, Axes, output sizes and types, AxisDirection -- */
    {"arg-axis-count-0", M_ARGS, {AXIS_COUNT(0)}, S(INVALID_ARGUMENT), "AxisCount is 0", 0},
    {"arg-axis-count-above-rank", M_ARGS, {AXIS_COUNT(5)}, S(INVALID_ARGUMENT), "AxisCount is 5", 0},
    {"arg-axis-count-9", M_ARGS, {AXIS_COUNT(9)}, S(INVALID_ARGUMENT), "AxisCount is 9", 0},
    {"arg-axis-count-max-uint", M_ARGS, {AXIS_COUNT(U32MAX)}, S(INVALID_ARGUMENT), "AxisCount is 4294967295", 0},
    {"arg-axis-out-of-range", M_ARGS, {AXES(1, 4)}, S(INVALID_ARGUMENT), "Axes[1] is 4", 0},
    {"arg-axis-32", M_ARGS, {AXES(0, 32)}, S(INVALID_ARGUMENT), "Axes[0] is 32", 0},
    {"arg-axis-max-uint", M_ARGS, {AXES(0, U32MAX)}, S(INVALID_ARGUMENT), "Axes[0] is 4294967295", 0},
    {"arg-axis-repeated", M_ARGS, {AXIS_COUNT(3), AXES(2, 3)}, S(INVALID_ARGUMENT), "Axes[2] is 3|repeated", 0},
    {"arg-axis-repeated-adjacent", M_ARGS, {AXES(1, 3)}, S(INVALID_ARGUMENT), "Axes[1] is 3|repeated", 0},
    {"arg-output-size-on-reduced-axis", M_ARGS, {SIZE(T_OUT, 1, 2)}, S(INVALID_ARGUMENT),
     "OutputTensor.Sizes[1] is 2|reduced", 0},
    {"arg-output-size-on-last-reduced-axis", M_ARGS, {SIZE(T_OUT, 3, 4)}, S(INVALID_ARGUMENT),
     "OutputTensor.Sizes[3] is 4", 0},
    {"arg-output-size-on-kept-axis", M_ARGS, {SIZE(T_OUT, 2, 1)}, S(INVALID_ARGUMENT), "OutputTensor.Sizes[2] is 1",
     0},
    {"arg-output-size-on-kept-axis-larger", M_ARGS, {SIZE(T_OUT, 2, 4)}, S(INVALID_ARGUMENT),
     "OutputTensor.Sizes[2] is 4", 0},
    {"arg-output-rank-3", M_ARGS, {DIMS(T_OUT, 3)}, S(INVALID_ARGUMENT), "OutputTensor.DimensionCount is 3", 0},
    {"arg-output-rank-5", M_ARGS, {SIZE(T_OUT, 4, 1), DIMS(T_OUT, 5)}, S(INVALID_ARGUMENT),
     "OutputTensor.DimensionCount is 5", 0},
    {"arg-output-type-float32", M_ARGS, {DTYPE(T_OUT, FLOAT32)}, S(UNSUPPORTED_DATA_TYPE),
     "OutputTensor.DataType is FLOAT32", 0},
    {"arg-output-type-float16", M_ARGS, {DTYPE(T_OUT, FLOAT16)}, S(UNSUPPORTED_DATA_TYPE),
     "OutputTensor.DataType is FLOAT16", 0},
    {"arg-output-type-float64", M_ARGS, {DTYPE(T_OUT, FLOAT64)}, S(UNSUPPORTED_DATA_TYPE),
     "OutputTensor.DataType is FLOAT64", 0},
    {"arg-output-type-int16", M_ARGS, {DTYPE(T_OUT, INT16)}, S(UNSUPPORTED_DATA_TYPE),
     "OutputTensor.DataType is INT16", 0},
    {"arg-output-type-int8", M_ARGS, {DTYPE(T_OUT, INT8)}, S(UNSUPPORTED_DATA_TYPE), "OutputTensor.DataType is INT8",
     0},
    {"arg-output-type-uint16", M_ARGS, {DTYPE(T_OUT, UINT16)}, S(UNSUPPORTED_DATA_TYPE),
     "OutputTensor.DataType is UINT16", 0},
    {"arg-output-type-uint8", M_ARGS, {DTYPE(T_OUT, UINT8)}, S(UNSUPPORTED_DATA_TYPE),
     "OutputTensor.DataType is UINT8", 0},
    {"arg-output-int32-accepted", M_ARGS, {DTYPE(T_OUT, INT32)}, OK, NULL, 0},
    {"arg-output-int64-accepted", M_ARGS, {DTYPE(T_OUT, INT64)}, OK, NULL, 0},
    {"arg-output-uint64-accepted", M_ARGS, {DTYPE(T_OUT, UINT64)}, OK, NULL, 0},
    {"arg-every-axis-accepted", M_ARGS,
     {AXIS_COUNT(4), AXES(0, 0), AXES(1, 1), AXES(2, 2), AXES(3, 3), SIZE(T_OUT, 2, 1)}, OK, NULL, 0},
    {"arg-input-broadcast-accepted", M_ARGS, {STRIDES(T_IN, 0)}, OK, NULL, 0},
    {"arg-direction-2", M_ARGOPS, {DIRECTION(2)}, S(INVALID_ARGUMENT), "AxisDirection is 2", 0},
    {"arg-direction-max-uint", M_ARGOPS, {DIRECTION(U32MAX)}, S(INVALID_ARGUMENT), "AxisDirection is 4294967295",
     0},
    {"arg-decreasing-accepted", M_ARGOPS, {DIRECTION(1)}, OK, NULL, 0},

    /* -- index type too small for the reduced element count (zero strides: validate only) -- */
    {"index-int32-2147483649-elements", M_ARGS,
     {STRIDES(T_IN, 0), SIZE(T_IN, 1, 0x80000001u), SIZE(T_IN, 3, 1), DTYPE(T_OUT, INT32)}, S(INDEX_OVERFLOW),
     "OutputTensor.DataType|INT32", 0},
    {"index-int32-2147483649-elements-at-feature-level", M_ARGS,
     {STRIDES(T_IN, 0), SIZE(T_IN, 1, 0x80000001u), SIZE(T_IN, 2, 1), SIZE(T_IN, 3, 1), SIZE(T_OUT, 2, 1),
      DTYPE(T_OUT, INT32), LEVEL(4_1)},
     S(INDEX_OVERFLOW), "OutputTensor.DataType|INT32", 0},
    {"index-int32-2147483648-elements-accepted", M_ARGS,
     {STRIDES(T_IN, 0), SIZE(T_IN, 1, 0x80000000u), SIZE(T_IN, 3, 1), DTYPE(T_OUT, INT32)}, OK, NULL,
     F_VALIDATE_ONLY},
    {"index-uint32-4294967298-elements", M_ARGS, {STRIDES(T_IN, 0), SIZE(T_IN, 1, 0x80000001u), SIZE(T_IN, 3, 2)},
     S(INDEX_OVERFLOW), "OutputTensor.DataType|UINT32", 0},
    {"index-uint32-4294967296-elements-accepted", M_ARGS,
     {STRIDES(T_IN, 0), SIZE(T_IN, 1, 0x80000000u), SIZE(T_IN, 3, 2)}, OK, NULL, F_VALIDATE_ONLY},
    {"index-int64-overflow", M_ARGS,
     {STRIDES(T_IN, 0), SIZE(T_IN, 1, U32MAX), SIZE(T_IN, 2, 1), SIZE(T_IN, 3, U32MAX), SIZE(T_OUT, 2, 1),
      DTYPE(T_OUT, INT64)},
     S(INDEX_OVERFLOW), "OutputTensor.DataType|INT64", 0},
    {"index-uint64-same-count-accepted", M_ARGS,
     {STRIDES(T_IN, 0), SIZE(T_IN, 1, U32MAX), SIZE(T_IN, 2, 1), SIZE(T_IN, 3, U32MAX), SIZE(T_OUT, 2, 1),
      DTYPE(T_OUT, UINT64)},
     OK, NULL, F_VALIDATE_ONLY},

    /* -- output layouts that map two indices to one element -- */
    {"output-zero-stride", M_ALL, {STRIDE(T_OUT, 2, 0)}, S(OVERLAP), "OutputTensor.Strides[2] is 0|share", 0},
    {"output-zero-strides-everywhere", M_ALL, {STRIDES(T_OUT, 0)}, S(OVERLAP), "OutputTensor.Strides", 0},
    {"output-zero-stride-on-size-1-accepted", M_ALL, {STRIDE(T_OUT, 0, 0)}, OK, NULL, 0},
    {"scan-output-strides-overlap", M_SCANS, {STRIDE(T_OUT, 2, 2)}, S(OVERLAP),
     "OutputTensor.Strides are not nested", 0},
    {"scan-output-strides-equal", M_SCANS, {STRIDE(T_OUT, 2, 1)}, S(OVERLAP), "OutputTensor.Strides", 0},
    {"arg-output-strides-equal", M_ARGS, {AXIS_COUNT(1), SIZE(T_OUT, 1, 2), STRIDE(T_OUT, 1, 1), STRIDE(T_OUT, 2, 1)},
     S(OVERLAP), "OutputTensor.Strides", 0},
    {"arg-output-transposed-accepted", M_ARGS,
     {AXIS_COUNT(1), SIZE(T_OUT, 1, 2), STRIDE(T_OUT, 1, 1), STRIDE(T_OUT, 2, 2)}, OK, NULL, 0},
    /* semantics.md: only nested layouts are proven one-to-one, so this injective interleave is refused too. */
    {"scan-output-interleaved-refused", M_SCANS, {SIZE(T_BOTH, 3, 2), STRIDE(T_OUT, 2, 2), STRIDE(T_OUT, 3, 3)},
     S(OVERLAP), "OutputTensor.Strides", 0},
    {"scan-output-transposed-accepted", M_SCANS, {STRIDE(T_OUT, 2, 1), STRIDE(T_OUT, 3, 3)}, OK, NULL, 0},
    {"scan-output-padded-accepted", M_SCANS, {STRIDE(T_OUT, 2, 5)}, OK, NULL, 0},

    /* -- input and output buffers that overlap, found at execute -- */
    {"scan-output-overlaps-input-by-one-element", M_SCANS, {OUT_IN_INPUT(4)}, S(OVERLAP),
     "InputTensor|OutputTensor|overlap", F_EXEC},
    {"scan-output-overlaps-input-from-below", M_SCANS, {OUT_IN_INPUT(-4)}, S(OVERLAP),
     "InputTensor|OutputTensor|overlap", F_EXEC},
    {"scan-output-overlaps-last-input-element", M_SCANS, {OUT_IN_INPUT(44)}, S(OVERLAP),
     "InputTensor|OutputTensor|overlap", F_EXEC},
    {"scan-in-place-with-other-strides", M_SCANS, {OUT_IN_INPUT(0), STRIDE(T_OUT, 2, 1), STRIDE(T_OUT, 3, 3)},
     S(OVERLAP), "InputTensor|OutputTensor|overlap", F_EXEC},
    {"scan-in-place-over-broadcast-input", M_SCANS, {OUT_IN_INPUT(0), STRIDES(T_IN, 0)}, S(OVERLAP),
     "InputTensor|OutputTensor|overlap", F_EXEC},
    {"scan-in-place-exact-accepted", M_SCANS, {OUT_IN_INPUT(0)}, OK, NULL, 0},
    {"scan-in-place-explicit-packed-strides-accepted", M_SCANS, {OUT_IN_INPUT(0), STRIDE(T_OUT, 3, 1)}, OK, NULL, 0},
    {"scan-output-right-after-input-accepted", M_SCANS, {OUT_IN_INPUT(48)}, OK, NULL, 0},
    {"scan-output-right-before-input-accepted", M_SCANS, {OUT_IN_INPUT(-48)}, OK, NULL, 0},
    {"arg-output-aliases-input", M_ARGS, {OUT_IN_INPUT(0)}, S(OVERLAP), "InputTensor|OutputTensor|overlap", F_EXEC},
    {"arg-output-inside-input", M_ARGS, {OUT_IN_INPUT(8)}, S(OVERLAP), "InputTensor|OutputTensor|overlap", F_EXEC},
    {"arg-output-overlaps-input-end", M_ARGS, {OUT_IN_INPUT(92)}, S(OVERLAP), "InputTensor|OutputTensor|overlap",
     F_EXEC},
    {"arg-output-overlaps-input-start", M_ARGS, {OUT_IN_INPUT(-8)}, S(OVERLAP), "InputTensor|OutputTensor|overlap",
     F_EXEC},
    {"arg-output-right-after-input-accepted", M_ARGS, {OUT_IN_INPUT(96)}, OK, NULL, 0},
    {"arg-output-right-before-input-accepted", M_ARGS, {OUT_IN_INPUT(-12)}, OK, NULL, 0},

    /* -- options -- */
    {"option-feature-level-0x1234", M_ALL, {LEVEL_N(0x1234)}, S(INVALID_OPTION), "options.feature_level", 0},
    {"option-feature-level-1", M_ALL, {LEVEL_N(1)}, S(INVALID_OPTION), "options.feature_level", 0},
    {"option-feature-level-0x1001", M_ALL, {LEVEL_N(0x1001)}, S(INVALID_OPTION), "options.feature_level", 0},
    {"option-feature-level-0x6500", M_ALL, {LEVEL_N(0x6500)}, S(INVALID_OPTION), "options.feature_level", 0},
    {"option-feature-level-max-uint", M_ALL, {LEVEL_N(U32MAX)}, S(INVALID_OPTION), "options.feature_level", 0},
    {"option-float-order-minus-1", M_ALL, {FLOAT_ORDER(-1)}, S(INVALID_OPTION), "options.float_order", 0},
    {"option-float-order-6", M_ALL, {FLOAT_ORDER(6)}, S(INVALID_OPTION), "options.float_order is 6", 0},
    /* TREE (4): options.tree is read only then, and each of its fields is checked */
    {"option-tree-null", M_ALL, {FLOAT_ORDER(4)}, S(INVALID_OPTION), "options.tree is NULL", 0},
    {"option-tree-null-int32", M_SCANS, {FLOAT_ORDER(4), DTYPE(T_BOTH, INT32)}, S(INVALID_OPTION),
     "options.tree is NULL", 0},
    {"option-tree-algorithm-3", M_ALL, {FLOAT_ORDER(4), TREE(3, 16, 0)}, S(INVALID_OPTION),
     "options.tree->algorithm is 3", 0},
    {"option-tree-algorithm-minus-1", M_SCANS, {FLOAT_ORDER(4), TREE(-1, 16, 0)}, S(INVALID_OPTION),
     "options.tree->algorithm is -1", 0},
    {"option-tree-block-0", M_SCANS, {FLOAT_ORDER(4), TREE(0, 0, 0)}, S(INVALID_OPTION),
     "options.tree->block is 0", 0},
    {"option-tree-block-1", M_SCANS, {FLOAT_ORDER(4), TREE(1, 1, 0)}, S(INVALID_OPTION),
     "options.tree->block is 1,", 0},
    {"option-tree-block-24", M_SCANS, {FLOAT_ORDER(4), TREE(2, 24, 1)}, S(INVALID_OPTION),
     "options.tree->block is 24", 0},
    {"option-tree-block-131072", M_SCANS, {FLOAT_ORDER(4), TREE(1, 131072, 1)}, S(INVALID_OPTION),
     "options.tree->block is 131072", 0},
    {"option-tree-block-max-uint", M_SCANS, {FLOAT_ORDER(4), TREE(0, 0xFFFFFFFFu, 0)}, S(INVALID_OPTION),
     "options.tree->block is 4294967295", 0},
    {"option-tree-carry-4", M_SCANS, {FLOAT_ORDER(4), TREE(1, 32, 4)}, S(INVALID_OPTION),
     "options.tree->carry is 4, must be AFTER (0), INTO_FIRST (1), RECURSIVE (2) or RECURSIVE_LAST (3)", 0},
    {"option-tree-serial-65537", M_SCANS, {FLOAT_ORDER(4), TREE(0, 16, 2), TREE_GRAIN(65537, 1, 1)},
     S(INVALID_OPTION), "options.tree->serial is 65537, must be from 1 to 65536 (0: 1)", 0},
    {"option-tree-lanes-3", M_SCANS, {FLOAT_ORDER(4), TREE(0, 2048, 0), TREE_GRAIN(4, 3, 0)}, S(INVALID_OPTION),
     "options.tree->lanes is 3, must be a power of two from 1 to 65536 (0: one tile per block)", 0},
    {"option-tree-lanes-131072", M_SCANS, {FLOAT_ORDER(4), TREE(0, 2048, 0), TREE_GRAIN(1, 131072, 0)},
     S(INVALID_OPTION), "options.tree->lanes is 131072", 0},
    {"option-tree-run-seed-2", M_SCANS, {FLOAT_ORDER(4), TREE(0, 16, 2), TREE_GRAIN(16, 1, 2)}, S(INVALID_OPTION),
     "options.tree->run_seed is 2, must be 0 or 1", 0},
    {"option-tree-recursive-xla-accepted", M_SCANS, {FLOAT_ORDER(4), TREE(0, 16, 2), TREE_GRAIN(16, 1, 1)}, OK,
     NULL, 0},
    {"option-tree-recursive-last-cupy-accepted", M_SCANS, {FLOAT_ORDER(4), TREE(2, 512, 3)}, OK, NULL, 0},
    {"option-tree-grain-inductor-accepted", M_SCANS,
     {FLOAT_ORDER(4), TREE(0, 2048, 0), TREE_GRAIN(4, 32, 0), DTYPE(T_BOTH, FLOAT16), OUT_IN_INPUT(0)}, OK, NULL,
     0},
    {"option-tree-carry-minus-1", M_SCANS, {FLOAT_ORDER(4), TREE(1, 32, -1)}, S(INVALID_OPTION),
     "options.tree->carry is -1", 0},
    {"option-tree-ignored-when-sequential-accepted", M_ALL, {FLOAT_ORDER(0), TREE(7, 3, 9)}, OK, NULL, 0},
    {"option-tree-sklansky-accepted", M_ALL, {FLOAT_ORDER(4), TREE(1, 2, 1)}, OK, NULL, 0},
    {"option-tree-brent-kung-65536-accepted", M_SCANS, {FLOAT_ORDER(4), TREE(2, 65536, 0)}, OK, NULL, 0},
    {"option-tree-kogge-stone-int8-accepted", M_SCANS, {FLOAT_ORDER(4), TREE(0, 1024, 1), DTYPE(T_BOTH, INT8)}, OK,
     NULL, 0},
    {"option-tree-float16-in-place-accepted", M_SCANS,
     {FLOAT_ORDER(4), TREE(1, 4, 1), DTYPE(T_BOTH, FLOAT16), OUT_IN_INPUT(0), EXCLUSIVE(1)}, OK, NULL, 0},
    /* identity_seed: 0 or 1 */
    {"option-identity-seed-2", M_ALL, {SEED(2)}, S(INVALID_OPTION), "options.identity_seed is 2", 0},
    {"option-identity-seed-minus-1", M_SCANS, {SEED(-1)}, S(INVALID_OPTION), "options.identity_seed is -1", 0},
    {"option-identity-seed-accepted", M_ALL, {SEED(1)}, OK, NULL, 0},
    {"option-identity-seed-exact-accepted", M_CUMSUM, {SEED(1), FLOAT_ORDER(2)}, OK, NULL, 0},
    /* ANY (3) is for dmlref_error_bound alone */
    {"option-float-order-any", M_ALL, {FLOAT_ORDER(3)}, S(INVALID_OPTION), "options.float_order", 0},
    {"option-float-order-any-int32", M_SCANS, {FLOAT_ORDER(3), DTYPE(T_BOTH, INT32)}, S(INVALID_OPTION),
     "options.float_order", 0},
    /* EXACT (2) is a rule for sums: CUMULATIVE_PRODUCT refuses it in every type */
    {"option-float-order-exact-cumprod", M_CUMPROD, {FLOAT_ORDER(2)}, S(INVALID_OPTION), "options.float_order", 0},
    {"option-float-order-exact-cumprod-float16", M_CUMPROD, {FLOAT_ORDER(2), DTYPE(T_BOTH, FLOAT16)},
     S(INVALID_OPTION), "options.float_order", 0},
    {"option-float-order-exact-cumprod-float64", M_CUMPROD, {FLOAT_ORDER(2), DTYPE(T_BOTH, FLOAT64)},
     S(INVALID_OPTION), "options.float_order", 0},
    {"option-float-order-exact-cumprod-int32", M_CUMPROD, {FLOAT_ORDER(2), DTYPE(T_BOTH, INT32)}, S(INVALID_OPTION),
     "options.float_order", 0},
    {"option-float-order-exact-cumprod-int8", M_CUMPROD, {FLOAT_ORDER(2), DTYPE(T_BOTH, INT8)}, S(INVALID_OPTION),
     "options.float_order", 0},
    {"option-float-order-exact-cumprod-uint64", M_CUMPROD, {FLOAT_ORDER(2), DTYPE(T_BOTH, UINT64)},
     S(INVALID_OPTION), "options.float_order", 0},
    {"option-float-order-exact-cumprod-at-feature-level", M_CUMPROD, {FLOAT_ORDER(2), LEVEL(5_0)},
     S(INVALID_OPTION), "options.float_order", 0},
    {"option-float-order-exact-accepted", M_CUMSUM | M_ARGS, {FLOAT_ORDER(2)}, OK, NULL, 0},
    {"option-float-order-exact-float16-accepted", M_CUMSUM, {FLOAT_ORDER(2), DTYPE(T_BOTH, FLOAT16)}, OK, NULL, 0},
    {"option-float-order-exact-float64-accepted", M_CUMSUM, {FLOAT_ORDER(2), DTYPE(T_BOTH, FLOAT64)}, OK, NULL, 0},
    {"option-float-order-exact-int32-accepted", M_CUMSUM, {FLOAT_ORDER(2), DTYPE(T_BOTH, INT32)}, OK, NULL, 0},
    {"option-float-order-exact-uint8-accepted", M_CUMSUM, {FLOAT_ORDER(2), DTYPE(T_BOTH, UINT8)}, OK, NULL, 0},
    {"option-float-order-exact-in-place-accepted", M_CUMSUM, {FLOAT_ORDER(2), OUT_IN_INPUT(0), EXCLUSIVE(1)}, OK,
     NULL, 0},
    {"option-float-order-exact-at-feature-level-accepted", M_CUMSUM, {FLOAT_ORDER(2), LEVEL(5_0)}, OK, NULL, 0},
    {"option-float-order-exact-arg-int16-accepted", M_ARGS, {FLOAT_ORDER(2), DTYPE(T_IN, INT16)}, OK, NULL, 0},
    /* accumulation: DEFAULT (0), NATIVE (1), WIDE (2); EXACT takes DEFAULT only */
    {"option-accumulation-3", M_ALL, {ACCUMULATION(3)}, S(INVALID_OPTION), "options.accumulation", 0},
    {"option-accumulation-1-accepted", M_ALL, {ACCUMULATION(1)}, OK, NULL, 0},
    {"option-accumulation-2-accepted", M_ALL, {ACCUMULATION(2)}, OK, NULL, 0},
    {"option-accumulation-2-float16-tree-accepted", M_SCANS,
     {ACCUMULATION(2), DTYPE(T_BOTH, FLOAT16), FLOAT_ORDER(4), TREE(0, 8, 0)}, OK, NULL, 0},
    {"option-accumulation-2-with-exact", M_CUMSUM, {ACCUMULATION(2), FLOAT_ORDER(2)}, S(INVALID_OPTION),
     "options.accumulation is 2; float_order EXACT", 0},
    {"option-accumulation-minus-1", M_ALL, {ACCUMULATION(-1)}, S(INVALID_OPTION), "options.accumulation", 0},
    {"option-accumulation-max-int", M_ALL, {ACCUMULATION(0x7FFFFFFF)}, S(INVALID_OPTION), "options.accumulation",
     0},
    {"option-accumulation-min-int", M_SCANS, {ACCUMULATION(INT32_MIN)}, S(INVALID_OPTION), "options.accumulation",
     0},
    {"option-accumulation-3-int32", M_SCANS, {ACCUMULATION(3), DTYPE(T_BOTH, INT32)}, S(INVALID_OPTION),
     "options.accumulation", 0},
    {"option-accumulation-1-with-exact", M_CUMSUM, {ACCUMULATION(1), FLOAT_ORDER(2)}, S(INVALID_OPTION),
     "options.accumulation", 0},
    {"option-float-order-max-int", M_ALL, {FLOAT_ORDER(0x7FFFFFFF)}, S(INVALID_OPTION), "options.float_order", 0},
    {"option-nan-policy-minus-1", M_ALL, {NAN_POLICY(-1)}, S(INVALID_OPTION), "options.nan_policy", 0},
    {"option-nan-policy-3", M_ALL, {NAN_POLICY(3)}, S(INVALID_OPTION), "options.nan_policy", 0},
    {"option-nan-policy-compare-accepted", M_ALL, {NAN_POLICY(2)}, OK, NULL, 0},
    {"option-isa-minus-1", M_ALL, {ISA(-1)}, S(INVALID_OPTION), "options.isa", 0},
    {"option-isa-8", M_ALL, {ISA(8)}, S(INVALID_OPTION), "options.isa", 0},
    {"option-isa-max-int", M_ALL, {ISA(0x7FFFFFFF)}, S(INVALID_OPTION), "options.isa", 0},
    {"option-blocked-and-nan-ignore-accepted", M_ALL, {FLOAT_ORDER(1), NAN_POLICY(1)}, OK, NULL, 0},
    {"option-feature-level-6_4-accepted", M_ALL, {LEVEL(6_4)}, OK, NULL, 0},
    /* parallel: parallel_for set, max_tasks at least 1 */
    {"option-parallel-for-null", M_ALL, {PARALLEL(0, 4)}, S(INVALID_OPTION), "options.parallel->parallel_for", 0},
    {"option-parallel-for-null-int8", M_SCANS, {PARALLEL(0, 1), DTYPE(T_BOTH, INT8)}, S(INVALID_OPTION),
     "options.parallel->parallel_for", 0},
    {"option-parallel-max-tasks-0", M_ALL, {PARALLEL(1, 0)}, S(INVALID_OPTION), "options.parallel->max_tasks", 0},
    {"option-parallel-max-tasks-0-tree", M_SCANS, {PARALLEL(1, 0), FLOAT_ORDER(4), TREE(1, 8, 0)}, S(INVALID_OPTION),
     "options.parallel->max_tasks", 0},
    {"option-parallel-for-null-and-max-tasks-0", M_ALL, {PARALLEL(0, 0)}, S(INVALID_OPTION), "options.parallel", 0},
    {"option-parallel-1-task-accepted", M_ALL, {PARALLEL(1, 1)}, OK, NULL, 0},
    {"option-parallel-64-tasks-accepted", M_ALL, {PARALLEL(1, 64)}, OK, NULL, 0},
    {"option-parallel-max-uint-tasks-accepted", M_ALL, {PARALLEL(1, U32MAX)}, OK, NULL, 0},
    {"option-parallel-blocked-float16-accepted", M_SCANS, {PARALLEL(1, 3), FLOAT_ORDER(1), DTYPE(T_BOTH, FLOAT16)},
     OK, NULL, 0},

    /* -- feature levels: each operator's introduction -- */
    {"level-cumsum-at-1_0", M_CUMSUM, {LEVEL(1_0)}, S(UNSUPPORTED_OPERATOR),
     "DML_FEATURE_LEVEL_1_0|DML_FEATURE_LEVEL_2_1", 0},
    {"level-cumsum-at-2_0", M_CUMSUM, {LEVEL(2_0)}, S(UNSUPPORTED_OPERATOR),
     "DML_FEATURE_LEVEL_2_0|DML_FEATURE_LEVEL_2_1", 0},
    {"level-cumsum-at-2_1-accepted", M_CUMSUM, {LEVEL(2_1)}, OK, NULL, 0},
    {"level-cumprod-at-2_1", M_CUMPROD, {LEVEL(2_1)}, S(UNSUPPORTED_OPERATOR),
     "DML_FEATURE_LEVEL_2_1|DML_FEATURE_LEVEL_3_1", 0},
    {"level-cumprod-at-3_0", M_CUMPROD, {LEVEL(3_0)}, S(UNSUPPORTED_OPERATOR),
     "DML_FEATURE_LEVEL_3_0|DML_FEATURE_LEVEL_3_1", 0},
    {"level-cumprod-at-3_1-accepted", M_CUMPROD, {LEVEL(3_1)}, OK, NULL, 0},
    {"level-argop-at-1_0", M_ARGOPS, {LEVEL(1_0)}, S(UNSUPPORTED_OPERATOR),
     "DML_FEATURE_LEVEL_1_0|DML_FEATURE_LEVEL_3_0", 0},
    {"level-argop-at-2_1", M_ARGOPS, {LEVEL(2_1)}, S(UNSUPPORTED_OPERATOR),
     "DML_FEATURE_LEVEL_2_1|DML_FEATURE_LEVEL_3_0", 0},
    {"level-argop-at-3_0-accepted", M_ARGOPS, {LEVEL(3_0)}, OK, NULL, 0},
    {"level-reduce-at-1_0-accepted", M_REDUCE, {LEVEL(1_0)}, OK, NULL, 0},

    /* -- feature levels: ranks (4 only at the first levels) -- */
    {"level-cumsum-rank-3-at-2_1", M_CUMSUM, {RANK(3), LEVEL(2_1)}, S(UNSUPPORTED_DIMENSION_COUNT),
     "InputTensor.DimensionCount is 3", 0},
    {"level-cumsum-rank-5-at-2_1", M_CUMSUM, {RANK(5), LEVEL(2_1)}, S(UNSUPPORTED_DIMENSION_COUNT),
     "InputTensor.DimensionCount is 5", 0},
    {"level-cumsum-rank-3-at-3_0", M_CUMSUM, {RANK(3), LEVEL(3_0)}, S(UNSUPPORTED_DIMENSION_COUNT),
     "InputTensor.DimensionCount is 3", 0},
    {"level-cumsum-rank-5-at-3_0", M_CUMSUM, {RANK(5), LEVEL(3_0)}, S(UNSUPPORTED_DIMENSION_COUNT),
     "InputTensor.DimensionCount is 5", 0},
    {"level-cumsum-rank-3-at-3_1", M_CUMSUM, {RANK(3), LEVEL(3_1)}, S(UNSUPPORTED_DIMENSION_COUNT),
     "InputTensor.DimensionCount is 3", 0},
    {"level-cumsum-rank-5-at-3_1", M_CUMSUM, {RANK(5), LEVEL(3_1)}, S(UNSUPPORTED_DIMENSION_COUNT),
     "InputTensor.DimensionCount is 5", 0},
    {"level-cumprod-rank-3-at-3_1", M_CUMPROD, {RANK(3), LEVEL(3_1)}, S(UNSUPPORTED_DIMENSION_COUNT),
     "InputTensor.DimensionCount is 3", 0},
    {"level-cumprod-rank-5-at-3_1", M_CUMPROD, {RANK(5), LEVEL(3_1)}, S(UNSUPPORTED_DIMENSION_COUNT),
     "InputTensor.DimensionCount is 5", 0},
    {"level-scan-rank-1-at-4_0-accepted", M_SCANS, {RANK(1), LEVEL(4_0)}, OK, NULL, 0},
    {"level-scan-rank-3-at-4_0-accepted", M_SCANS, {RANK(3), LEVEL(4_0)}, OK, NULL, 0},
    {"level-scan-rank-5-at-4_0-accepted", M_SCANS, {RANK(5), LEVEL(4_0)}, OK, NULL, 0},
    {"level-scan-rank-8-at-4_0-accepted", M_SCANS, {RANK(8), LEVEL(4_0)}, OK, NULL, 0},
    {"level-reduce-rank-3-at-1_0", M_REDUCE, {RANK(3), LEVEL(1_0)}, S(UNSUPPORTED_DIMENSION_COUNT),
     "InputTensor.DimensionCount is 3", 0},
    {"level-reduce-rank-5-at-1_0", M_REDUCE, {RANK(5), LEVEL(1_0)}, S(UNSUPPORTED_DIMENSION_COUNT),
     "InputTensor.DimensionCount is 5", 0},
    {"level-reduce-rank-3-at-2_1", M_REDUCE, {RANK(3), LEVEL(2_1)}, S(UNSUPPORTED_DIMENSION_COUNT),
     "InputTensor.DimensionCount is 3", 0},
    {"level-reduce-rank-5-at-2_1", M_REDUCE, {RANK(5), LEVEL(2_1)}, S(UNSUPPORTED_DIMENSION_COUNT),
     "InputTensor.DimensionCount is 5", 0},
    {"level-reduce-rank-1-at-3_0-accepted", M_REDUCE, {RANK(1), LEVEL(3_0)}, OK, NULL, 0},
    {"level-reduce-rank-3-at-3_0-accepted", M_REDUCE, {RANK(3), LEVEL(3_0)}, OK, NULL, 0},
    {"level-reduce-rank-5-at-3_0-accepted", M_REDUCE, {RANK(5), LEVEL(3_0)}, OK, NULL, 0},
    {"level-reduce-rank-8-at-3_0-accepted", M_REDUCE, {RANK(8), LEVEL(3_0)}, OK, NULL, 0},
    {"level-argop-rank-1-at-3_0-accepted", M_ARGOPS, {RANK(1), LEVEL(3_0)}, OK, NULL, 0},
    {"level-argop-rank-8-at-3_0-accepted", M_ARGOPS, {RANK(8), LEVEL(3_0)}, OK, NULL, 0},

    /* -- feature levels: data types -- */
    {"level-scan-int64-at-4_1", M_SCANS, {DTYPE(T_BOTH, INT64), LEVEL(4_1)}, S(UNSUPPORTED_DATA_TYPE),
     "InputTensor.DataType is INT64", 0},
    {"level-scan-uint64-at-4_1", M_SCANS, {DTYPE(T_BOTH, UINT64), LEVEL(4_1)}, S(UNSUPPORTED_DATA_TYPE),
     "InputTensor.DataType is UINT64", 0},
    {"level-scan-int64-at-5_0-accepted", M_SCANS, {DTYPE(T_BOTH, INT64), LEVEL(5_0)}, OK, NULL, 0},
    {"level-scan-uint64-at-5_0-accepted", M_SCANS, {DTYPE(T_BOTH, UINT64), LEVEL(5_0)}, OK, NULL, 0},
    {"level-scan-int8-at-6_4", M_SCANS, {DTYPE(T_BOTH, INT8), LEVEL(6_4)}, S(UNSUPPORTED_DATA_TYPE),
     "InputTensor.DataType is INT8", 0},
    {"level-cumsum-uint16-at-2_1", M_CUMSUM, {DTYPE(T_BOTH, UINT16), LEVEL(2_1)}, S(UNSUPPORTED_DATA_TYPE),
     "InputTensor.DataType is UINT16", 0},
    {"level-arg-int64-input-at-4_0", M_ARGS, {DTYPE(T_IN, INT64), LEVEL(4_0)}, S(UNSUPPORTED_DATA_TYPE),
     "InputTensor.DataType is INT64", 0},
    {"level-arg-uint64-input-at-4_0", M_ARGS, {DTYPE(T_IN, UINT64), LEVEL(4_0)}, S(UNSUPPORTED_DATA_TYPE),
     "InputTensor.DataType is UINT64", 0},
    {"level-arg-int64-input-at-4_1-accepted", M_ARGS, {DTYPE(T_IN, INT64), LEVEL(4_1)}, OK, NULL, 0},
    {"level-arg-uint64-input-at-4_1-accepted", M_ARGS, {DTYPE(T_IN, UINT64), LEVEL(4_1)}, OK, NULL, 0},
    {"level-reduce-int16-at-1_0", M_REDUCE, {DTYPE(T_IN, INT16), LEVEL(1_0)}, S(UNSUPPORTED_DATA_TYPE),
     "InputTensor.DataType is INT16", 0},
    {"level-reduce-uint8-at-1_0", M_REDUCE, {DTYPE(T_IN, UINT8), LEVEL(1_0)}, S(UNSUPPORTED_DATA_TYPE),
     "InputTensor.DataType is UINT8", 0},
    {"level-reduce-int16-at-2_1-accepted", M_REDUCE, {DTYPE(T_IN, INT16), LEVEL(2_1)}, OK, NULL, 0},
    {"level-reduce-int64-index-at-2_1", M_REDUCE, {DTYPE(T_OUT, INT64), LEVEL(2_1)}, S(UNSUPPORTED_DATA_TYPE),
     "OutputTensor.DataType is INT64", 0},
    {"level-reduce-int32-index-at-2_1", M_REDUCE, {DTYPE(T_OUT, INT32), LEVEL(2_1)}, S(UNSUPPORTED_DATA_TYPE),
     "OutputTensor.DataType is INT32", 0},
    {"level-reduce-int64-index-at-1_0", M_REDUCE, {DTYPE(T_OUT, INT64), LEVEL(1_0)}, S(UNSUPPORTED_DATA_TYPE),
     "OutputTensor.DataType is INT64", 0},
    {"level-reduce-int64-index-at-3_0-accepted", M_REDUCE, {DTYPE(T_OUT, INT64), LEVEL(3_0)}, OK, NULL, 0},
    {"level-argop-int64-index-at-3_0-accepted", M_ARGOPS, {DTYPE(T_OUT, INT64), LEVEL(3_0)}, OK, NULL, 0},
    {"level-scan-float64-at-6_4", M_SCANS, {DTYPE(T_BOTH, FLOAT64), LEVEL(6_4)}, S(UNSUPPORTED_DATA_TYPE),
     "InputTensor.DataType is FLOAT64", 0},
    {"level-arg-float64-at-6_4", M_ARGS, {DTYPE(T_IN, FLOAT64), LEVEL(6_4)}, S(UNSUPPORTED_DATA_TYPE),
     "InputTensor.DataType is FLOAT64", 0},
    {"level-scan-float64-without-level-accepted", M_SCANS, {DTYPE(T_BOTH, FLOAT64)}, OK, NULL, 0},
    {"level-arg-float64-without-level-accepted", M_ARGS, {DTYPE(T_IN, FLOAT64)}, OK, NULL, 0},
};
/* clang-format on */

#undef S
#undef OK

static const char *const isa_names[] = {"AUTO", "SCALAR", "SSE2", "AVX2", "AVX512", "NEON", "AVX512FP16", "REFERENCE"};
static const char *const isa_tags[] = {"auto", "scalar", "sse2", "avx2", "avx512", "neon", "avx512fp16", "reference"};

/* A positive row executes on every ISA path this machine has: every path must
   accept it and write nothing but the output's elements. */
static void run_row(const void *ctx) {
    const bad_row *r = (const bad_row *)ctx;
    int kind, isa;
    if ((r->flags & F_64BIT) && sizeof(void *) < 8) return; /* the tensor cannot exist here */
    for (kind = 0; kind < K_COUNT; kind++)
        for (isa = DMLREF_ISA_AUTO; isa < DMLREF_ISA_COUNT; isa++) {
            fixture f;
            char label[160];
            if (!(r->kinds & (1u << kind))) continue;
            if (isa != DMLREF_ISA_AUTO && (r->expected != DMLREF_OK || !dmlref_isa_available((dmlref_isa)isa)))
                continue;
            setup(&f, kind);
            f.options.isa = isa;
            apply_edits(&f, r->edits);
            finalize(&f);
            snprintf(label, sizeof label, "%s [%s, %s]", r->name, kind_tag[kind], isa_tags[isa]);
            check_fixture(&f, label, r->expected, r->field, r->flags);
        }
}

/* The table itself: names unique (they are case names), every row runs, and
   it holds at least 60 distinct invalid descriptors. */
static void run_table_coverage(const void *ctx) {
    size_t i, j, invalid = 0;
    (void)ctx;
    for (i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        unsigned k;
        TR_CHECKF(rows[i].kinds != 0, "row %s runs for no operator", rows[i].name);
        TR_CHECKF((rows[i].expected == DMLREF_OK) == (rows[i].field == NULL), "row %s: field and status disagree",
                  rows[i].name);
        for (j = 0; j < i; j++)
            TR_CHECKF(strcmp(rows[i].name, rows[j].name) != 0, "row name %s is used twice", rows[i].name);
        if (rows[i].expected != DMLREF_OK)
            for (k = 0; k < K_COUNT; k++) invalid += (rows[i].kinds >> k) & 1u;
    }
    TR_CHECKF(invalid >= 60, "only %u invalid descriptors in the table", (unsigned)invalid);
}

/* ---- a zero size in every position -------------------------------------------- */

static void run_zero_sizes(const void *ctx) {
    static const UINT ranks[2] = {4, 8};
    int kind, t, r;
    UINT d;
    (void)ctx;
    for (kind = 0; kind < K_COUNT; kind++)
        for (r = 0; r < 2; r++)
            for (t = 0; t < 2; t++)
                for (d = 0; d < ranks[r]; d++) {
                    fixture f;
                    char label[96], field[64];
                    setup(&f, kind);
                    set_rank(&f, ranks[r]);
                    f.sizes[t][d] = 0;
                    finalize(&f);
                    snprintf(label, sizeof label, "zero size: %s rank %u, %s.Sizes[%u]", kind_tag[kind],
                             (unsigned)ranks[r], t == TI ? "InputTensor" : "OutputTensor", (unsigned)d);
                    snprintf(field, sizeof field, "%s.Sizes[%u] is 0", t == TI ? "InputTensor" : "OutputTensor",
                             (unsigned)d);
                    check_fixture(&f, label, DMLREF_ERROR_INVALID_ARGUMENT, field, 0);
                }
}

/* ---- feature levels: the whole table of docs/semantics.md ---------------------------
   Encoded here independently of dml_ref.h. Per operator, newest first: the
   first rule at or below the requested level applies; none means the operator
   is newer than the level. */

#define TB(x) (1u << DML_TENSOR_DATA_TYPE_##x)
#define SCAN_TYPES_4 (TB(FLOAT32) | TB(FLOAT16) | TB(INT32) | TB(UINT32))
#define SCAN_TYPES_5 (SCAN_TYPES_4 | TB(INT64) | TB(UINT64))
#define ARG_TYPES_3 (TB(FLOAT32) | TB(FLOAT16) | TB(INT32) | TB(INT16) | TB(INT8) | TB(UINT32) | TB(UINT16) | TB(UINT8))
#define ARG_TYPES_4 (ARG_TYPES_3 | TB(INT64) | TB(UINT64))
#define INDEX_TYPES (TB(INT64) | TB(INT32) | TB(UINT64) | TB(UINT32))

typedef struct level_rule {
    unsigned kinds;
    uint32_t level;
    UINT rank_min, rank_max;
    uint32_t in_types, out_types; /* out_types 0: same as the input */
} level_rule;

static const level_rule level_rules[] = {
    {M_CUMSUM, 0x5000, 1, 8, SCAN_TYPES_5, 0},
    {M_CUMSUM, 0x4000, 1, 8, SCAN_TYPES_4, 0},
    {M_CUMSUM, 0x2100, 4, 4, SCAN_TYPES_4, 0},
    {M_CUMPROD, 0x5000, 1, 8, SCAN_TYPES_5, 0},
    {M_CUMPROD, 0x4000, 1, 8, SCAN_TYPES_4, 0},
    {M_CUMPROD, 0x3100, 4, 4, SCAN_TYPES_4, 0},
    {M_ARGOPS, 0x4100, 1, 8, ARG_TYPES_4, INDEX_TYPES},
    {M_ARGOPS, 0x3000, 1, 8, ARG_TYPES_3, INDEX_TYPES},
    {M_REDUCE, 0x4100, 1, 8, ARG_TYPES_4, INDEX_TYPES}, /* "as ARGMIN at that level" */
    {M_REDUCE, 0x3000, 1, 8, ARG_TYPES_3, INDEX_TYPES},
    {M_REDUCE, 0x2100, 4, 4, ARG_TYPES_3, TB(UINT32)},
    {M_REDUCE, 0x1000, 4, 4, TB(FLOAT32) | TB(FLOAT16), TB(UINT32)},
};

static const uint32_t feature_levels[] = {0,      0x1000, 0x2000, 0x2100, 0x3000, 0x3100, 0x4000, 0x4100,
                                          0x5000, 0x5100, 0x5200, 0x6000, 0x6100, 0x6200, 0x6300, 0x6400};
#define N_LEVELS (sizeof feature_levels / sizeof feature_levels[0])

static const level_rule *rule_for(int kind, uint32_t level) {
    size_t i;
    for (i = 0; i < sizeof level_rules / sizeof level_rules[0]; i++)
        if ((level_rules[i].kinds & (1u << kind)) && level_rules[i].level <= level) return &level_rules[i];
    return NULL;
}

#define BIT(s) (1u << (unsigned)(s))

/* The statuses a descriptor may fail with (several when several rules are
   broken: the rules fix no order between them); 0 when it is valid. Sets the
   field a message must name for DMLREF_ERROR_UNSUPPORTED_DATA_TYPE. */
static unsigned allowed_statuses(int kind, uint32_t level, UINT rank, unsigned in_type, unsigned out_type,
                                 const char **type_field) {
    const level_rule *rule;
    unsigned allowed = 0;
    int in_bad = 0, out_bad = 0;
    if (!is_scan(kind) && !(INDEX_TYPES & (1u << out_type))) out_bad = 1; /* dml_ref's own rule */
    if (level != 0) {
        rule = rule_for(kind, level);
        if (!rule) {
            allowed |= BIT(DMLREF_ERROR_UNSUPPORTED_OPERATOR);
        } else {
            uint32_t outs = rule->out_types ? rule->out_types : rule->in_types;
            if (rank < rule->rank_min || rank > rule->rank_max)
                allowed |= BIT(DMLREF_ERROR_UNSUPPORTED_DIMENSION_COUNT);
            if (!(rule->in_types & (1u << in_type))) in_bad = 1;
            if (!(outs & (1u << out_type))) out_bad = 1;
        }
    }
    if (in_bad || out_bad) allowed |= BIT(DMLREF_ERROR_UNSUPPORTED_DATA_TYPE);
    *type_field = in_bad && out_bad ? "Tensor.DataType" : in_bad ? "InputTensor.DataType" : "OutputTensor.DataType";
    return allowed;
}

static const char *field_for(dmlref_status s, const char *type_field) {
    switch (s) {
    case DMLREF_ERROR_UNSUPPORTED_OPERATOR: return "DML_FEATURE_LEVEL_";
    case DMLREF_ERROR_UNSUPPORTED_DIMENSION_COUNT: return "InputTensor.DimensionCount";
    case DMLREF_ERROR_UNSUPPORTED_DATA_TYPE: return type_field;
    default: return NULL;
    }
}

/* One descriptor of the matrix: rank r, the given types, at the given level. */
static void check_level_combination(int kind, uint32_t level, UINT rank, unsigned in_type, unsigned out_type) {
    fixture f;
    char label[128];
    const char *type_field;
    unsigned allowed = allowed_statuses(kind, level, rank, in_type, out_type, &type_field);
    dmlref_status got, expected;
    setup(&f, kind);
    set_rank(&f, rank);
    f.buf[TI].DataType = (DML_TENSOR_DATA_TYPE)in_type;
    f.buf[TO].DataType = (DML_TENSOR_DATA_TYPE)out_type;
    f.options.feature_level = level;
    finalize(&f);
    snprintf(label, sizeof label, "%s %s->%s rank %u at level 0x%X", kind_tag[kind],
             dmlref_data_type_name((DML_TENSOR_DATA_TYPE)in_type),
             dmlref_data_type_name((DML_TENSOR_DATA_TYPE)out_type), (unsigned)rank, (unsigned)level);
    got = dmlref_validate(&f.op, &f.options);
    if (allowed == 0) {
        expected = DMLREF_OK;
    } else if (got != DMLREF_OK && (allowed & BIT(got))) {
        expected = got;
    } else {
        unsigned s = 0;
        while (!(allowed & BIT(s))) s++;
        expected = (dmlref_status)s; /* check_fixture reports the mismatch */
    }
    check_fixture(&f, label, expected, field_for(expected, type_field), 0);
}

static void run_level_matrix(const void *ctx) {
    static const unsigned arg_outputs[] = {DML_TENSOR_DATA_TYPE_UINT32, DML_TENSOR_DATA_TYPE_INT32,
                                           DML_TENSOR_DATA_TYPE_UINT64, DML_TENSOR_DATA_TYPE_INT64,
                                           DML_TENSOR_DATA_TYPE_FLOAT32};
    static const UINT ranks[] = {1, 2, 3, 4, 5, 8};
    int kind = *(const int *)ctx;
    size_t l, r, o;
    unsigned type;
    for (l = 0; l < N_LEVELS; l++)
        for (type = DML_TENSOR_DATA_TYPE_FLOAT32; type <= DML_TENSOR_DATA_TYPE_INT64; type++)
            for (r = 0; r < sizeof ranks / sizeof ranks[0]; r++) {
                if (is_scan(kind)) {
                    check_level_combination(kind, feature_levels[l], ranks[r], type, type);
                    continue;
                }
                for (o = 0; o < sizeof arg_outputs / sizeof arg_outputs[0]; o++)
                    check_level_combination(kind, feature_levels[l], ranks[r], type, arg_outputs[o]);
            }
}

/* FLOAT64 is in no table: rejected at every level (or the operator is newer), accepted at 0. */
static void run_float64_every_level(const void *ctx) {
    int kind;
    size_t l;
    (void)ctx;
    for (kind = 0; kind < K_COUNT; kind++)
        for (l = 0; l < N_LEVELS; l++) {
            fixture f;
            char label[96];
            uint32_t level = feature_levels[l];
            dmlref_status expected = level == 0              ? DMLREF_OK
                                     : rule_for(kind, level) ? DMLREF_ERROR_UNSUPPORTED_DATA_TYPE
                                                             : DMLREF_ERROR_UNSUPPORTED_OPERATOR;
            setup(&f, kind);
            f.buf[TI].DataType = DML_TENSOR_DATA_TYPE_FLOAT64;
            if (is_scan(kind)) f.buf[TO].DataType = DML_TENSOR_DATA_TYPE_FLOAT64;
            f.options.feature_level = level;
            finalize(&f);
            snprintf(label, sizeof label, "%s FLOAT64 at level 0x%X", kind_tag[kind], (unsigned)level);
            check_fixture(&f, label, expected,
                          expected == DMLREF_ERROR_UNSUPPORTED_DATA_TYPE ? "InputTensor.DataType is FLOAT64"
                                                                         : field_for(expected, NULL),
                          0);
        }
}

/* ---- ISA selection --------------------------------------------------------------- */

/* Forcing a path the build or CPU lacks is DMLREF_ERROR_ISA_UNAVAILABLE; the
   expectation comes from dmlref_isa_available, so it holds on every machine. */
static void run_isa(const void *ctx) {
    int isa = *(const int *)ctx, kind;
    int available = dmlref_isa_available((dmlref_isa)isa);
    char field[64];
    if (isa == DMLREF_ISA_AUTO || isa == DMLREF_ISA_SCALAR || isa == DMLREF_ISA_REFERENCE)
        TR_CHECKF(available, "dmlref_isa_available(%s) is 0: the scalar path always exists", isa_names[isa]);
#if defined(__x86_64__) || defined(_M_X64) || defined(__i386__) || defined(_M_IX86)
    if (isa == DMLREF_ISA_NEON) TR_CHECKF(!available, "dmlref_isa_available(NEON) is 1 on x86");
#endif
#if defined(__aarch64__) || defined(_M_ARM64)
    if (isa == DMLREF_ISA_SSE2 || isa == DMLREF_ISA_AVX2 || isa == DMLREF_ISA_AVX512 || isa == DMLREF_ISA_AVX512FP16)
        TR_CHECKF(!available, "dmlref_isa_available(%s) is 1 on ARM", isa_names[isa]);
#endif
    if (isa == DMLREF_ISA_AVX512FP16 && available)
        TR_CHECK(dmlref_isa_available(DMLREF_ISA_AVX512)); /* its table is the AVX-512 one plus one kernel */
    TR_CHECKF(dmlref_isa_available(dmlref_best_isa()), "dmlref_best_isa() (%d) is not available",
              (int)dmlref_best_isa());
    snprintf(field, sizeof field, "options.isa|%s", isa_names[isa]);
    for (kind = 0; kind < K_COUNT; kind++) {
        fixture f;
        char label[96];
        setup(&f, kind);
        f.options.isa = isa;
        finalize(&f);
        snprintf(label, sizeof label, "isa %s [%s]", isa_names[isa], kind_tag[kind]);
        check_fixture(&f, label, available ? DMLREF_OK : DMLREF_ERROR_ISA_UNAVAILABLE, available ? NULL : field, 0);
    }
}

/* ---- dmlref_calc_buffer_tensor_size ------------------------------------------------ */

typedef struct calc_case {
    const char *what;
    unsigned type;
    UINT count;
    UINT sizes[9];
    int strided;
    UINT strides[9];
    uint64_t expected;
} calc_case;

#define F32 DML_TENSOR_DATA_TYPE_FLOAT32
#define F16 DML_TENSOR_DATA_TYPE_FLOAT16
#define F64 DML_TENSOR_DATA_TYPE_FLOAT64
#define U8 DML_TENSOR_DATA_TYPE_UINT8
#define I8 DML_TENSOR_DATA_TYPE_INT8
#define I16 DML_TENSOR_DATA_TYPE_INT16
#define I32 DML_TENSOR_DATA_TYPE_INT32
#define U64 DML_TENSOR_DATA_TYPE_UINT64
#define M U32MAX

/* clang-format off */
static const calc_case calc_cases[] = {
    /* the formula: (dot(Sizes - 1, Strides) + 1) x element size, rounded up to 4 */
    {"FLOAT32 {1,1,3,4} packed", F32, 4, {1, 1, 3, 4}, 0, {0}, 48},
    {"UINT8 {3} rounds up to 4", U8, 1, {3}, 0, {0}, 4},
    {"UINT8 {4}", U8, 1, {4}, 0, {0}, 4},
    {"INT8 {5} rounds up to 8", I8, 1, {5}, 0, {0}, 8},
    {"FLOAT16 {3} rounds up to 8", F16, 1, {3}, 0, {0}, 8},
    {"FLOAT16 {2}", F16, 1, {2}, 0, {0}, 4},
    {"FLOAT64 {2,3,4} packed", F64, 3, {2, 3, 4}, 0, {0}, 192},
    {"UINT64 {1}", U64, 1, {1}, 0, {0}, 8},
    {"INT32 eight dimensions of 2", I32, 8, {2, 2, 2, 2, 2, 2, 2, 2}, 0, {0}, 1024},
    {"INT32 {2,3,4} explicit packed strides", I32, 3, {2, 3, 4}, 1, {12, 4, 1}, 96},
    {"FLOAT32 {3,4} strides {8,1} (row padding)", F32, 2, {3, 4}, 1, {8, 1}, 80},
    {"FLOAT16 {2,3} strides {1,2} (transposed)", F16, 2, {2, 3}, 1, {1, 2}, 12},
    {"INT16 {3} stride 3: 14 bytes round up to 16", I16, 1, {3}, 1, {3}, 16},
    {"FLOAT64 {5,7} zero strides", F64, 2, {5, 7}, 1, {0, 0}, 8},
    {"UINT8 {5,7} zero strides rounds up to 4", U8, 2, {5, 7}, 1, {0, 0}, 4},
    {"FLOAT32 {1,4}: a size-1 dimension's stride adds nothing", F32, 2, {1, 4}, 1, {M, 1}, 16},
    {"FLOAT32 {4294967295} packed", F32, 1, {M}, 0, {0}, UINT64_C(0x3FFFFFFFC)},
    {"UINT8 near 2^64: 2^64 - 2^32 - 1 rounds up to 2^64 - 2^32", U8, 2, {M, M}, 1, {M, 2},
     UINT64_C(0xFFFFFFFF00000000)},
    /* 0: unknown type, zero size, bad count, overflow */
    {"type 0", 0, 1, {4}, 0, {0}, 0},
    {"type 14", 14, 1, {4}, 0, {0}, 0},
    {"type 99", 99, 1, {4}, 0, {0}, 0},
    {"type 0xFFFFFFFF", U32MAX, 1, {4}, 0, {0}, 0},
    {"a zero size first", F32, 3, {0, 3, 4}, 0, {0}, 0},
    {"a zero size in the middle", F32, 3, {2, 0, 4}, 0, {0}, 0},
    {"a zero size last", F32, 3, {2, 3, 0}, 0, {0}, 0},
    {"a zero size, strided", F32, 2, {0, 4}, 1, {4, 1}, 0},
    {"dimension count 0", F32, 0, {4}, 0, {0}, 0},
    {"dimension count 9", F32, 9, {1, 1, 1, 1, 1, 1, 1, 1, 1}, 0, {0}, 0},
    {"eight sizes of 4294967295: the count overflows", U8, 8, {M, M, M, M, M, M, M, M}, 0, {0}, 0},
    {"FLOAT64 {4294967295,4294967295}: the bytes overflow", F64, 2, {M, M}, 0, {0}, 0},
    {"strides of 4294967295: the extent overflows", U8, 2, {M, M}, 1, {M, M}, 0},
    {"FLOAT32 extent below 2^64 but x4 overflows", F32, 1, {M}, 1, {M}, 0},
    {"UINT8 2^64 - 3 bytes: rounding up to 4 overflows", U8, 2, {M, M}, 1, {M, 3}, 0},
};
/* clang-format on */

static void run_calc(const void *ctx) {
    size_t i;
    (void)ctx;
    for (i = 0; i < sizeof calc_cases / sizeof calc_cases[0]; i++) {
        const calc_case *c = &calc_cases[i];
        uint64_t got = dmlref_calc_buffer_tensor_size((DML_TENSOR_DATA_TYPE)c->type, c->count, c->sizes,
                                                      c->strided ? c->strides : NULL);
        TR_CHECKF(got == c->expected, "dmlref_calc_buffer_tensor_size(%s) is %llu, expected %llu", c->what,
                  (unsigned long long)got, (unsigned long long)c->expected);
    }
    {
        UINT sizes[1] = {4}, strides[1] = {1};
        TR_CHECKF(dmlref_calc_buffer_tensor_size(DML_TENSOR_DATA_TYPE_FLOAT32, 1, NULL, NULL) == 0,
                  "dmlref_calc_buffer_tensor_size with NULL sizes is not 0");
        TR_CHECKF(dmlref_calc_buffer_tensor_size(DML_TENSOR_DATA_TYPE_FLOAT32, 1, NULL, strides) == 0,
                  "dmlref_calc_buffer_tensor_size with NULL sizes and strides given is not 0");
        TR_CHECKF(dmlref_calc_buffer_tensor_size(DML_TENSOR_DATA_TYPE_FLOAT32, 1, sizes, NULL) == 16,
                  "dmlref_calc_buffer_tensor_size(FLOAT32 {4}) is not 16");
    }
}

#undef F32
#undef F16
#undef F64
#undef U8
#undef I8
#undef I16
#undef I32
#undef U64
#undef M

/* ---- the message buffer ------------------------------------------------------------ */

#define CANARY 0x5Au
#define CANARY_BYTES 16u

/* Run the fixture's call (validate, or execute for an execute-only error)
   with the message buffer at msg / cap. */
static dmlref_status call_with_buffer(fixture *f, int execute, char *msg, size_t cap) {
    f->options.error_message = msg;
    f->options.error_message_capacity = cap;
    return execute ? dmlref_execute(f->op_arg, f->inputs, f->outputs, &f->options)
                   : dmlref_validate(f->op_arg, &f->options);
}

/* Any capacity gives the full message's first cap - 1 bytes and a NUL, and
   nothing is written at or beyond error_message[cap]. */
static void check_truncation(fixture *f, int execute, const char *label) {
    char full[512];
    unsigned char area[512 + CANARY_BYTES];
    size_t caps[12], ncaps = 0, i, k, len;
    dmlref_status want = call_with_buffer(f, execute, full, sizeof full), got;
    len = strlen(full);
    if (!TR_CHECKF(want != DMLREF_OK && len > 8 && len < sizeof full - 1, "%s: no usable message (\"%s\")", label,
                   full))
        return;
    caps[ncaps++] = 0;
    caps[ncaps++] = 1;
    caps[ncaps++] = 2;
    caps[ncaps++] = 7;
    caps[ncaps++] = 8;
    caps[ncaps++] = 9;
    caps[ncaps++] = 40;
    caps[ncaps++] = len - 1;
    caps[ncaps++] = len;
    caps[ncaps++] = len + 1;
    caps[ncaps++] = len + 2;
    for (i = 0; i < ncaps; i++) {
        size_t cap = caps[i], keep = cap == 0 ? 0 : (cap - 1 < len ? cap - 1 : len);
        memset(area, (int)CANARY, sizeof area);
        got = call_with_buffer(f, execute, (char *)area, cap);
        TR_CHECKF(got == want, "%s, capacity %u: status %s, with a large buffer %s", label, (unsigned)cap,
                  dmlref_status_name(got), dmlref_status_name(want));
        if (cap > 0) {
            TR_CHECKF(memcmp(area, full, keep) == 0 && area[keep] == 0,
                      "%s, capacity %u: message is not the first %u bytes of \"%s\" and a NUL", label, (unsigned)cap,
                      (unsigned)keep, full);
        }
        for (k = cap; k < cap + CANARY_BYTES; k++)
            if (area[k] != CANARY) {
                TR_CHECKF(0, "%s, capacity %u: byte %u past the capacity was written", label, (unsigned)cap,
                          (unsigned)(k - cap));
                break;
            }
    }
    f->options.error_message = f->message;
    f->options.error_message_capacity = sizeof f->message;
}

static void run_message_truncation(const void *ctx) {
    fixture f;
    (void)ctx;
    /* A descriptor error. */
    setup(&f, K_ARGMIN);
    set_axis_count(&f, 0);
    finalize(&f);
    check_truncation(&f, 0, "ARGMIN AxisCount 0");
    /* An error found at execute. */
    setup(&f, K_CUMSUM);
    f.nulls = NP_INPUTS;
    finalize(&f);
    check_truncation(&f, 1, "CUMULATIVE_SUMMATION inputs NULL");
    /* The longest kind of message: a feature level's type list. */
    setup(&f, K_CUMPROD);
    f.buf[TI].DataType = f.buf[TO].DataType = DML_TENSOR_DATA_TYPE_INT8;
    f.options.feature_level = DML_FEATURE_LEVEL_6_4;
    finalize(&f);
    check_truncation(&f, 0, "CUMULATIVE_PRODUCT INT8 at 6_4");
    /* No operator to name. */
    setup(&f, K_REDUCE_ARGMAX);
    f.nulls = NP_OP;
    finalize(&f);
    check_truncation(&f, 0, "NULL operator");
}

/* A success leaves an empty message, also right after a failure and with a one-byte buffer. */
static void run_message_cleared(const void *ctx) {
    int kind;
    (void)ctx;
    for (kind = 0; kind < K_COUNT; kind++) {
        fixture f;
        char one[1 + CANARY_BYTES];
        dmlref_status s;
        size_t k;
        setup(&f, kind);
        set_direction(&f, 7); /* invalid for the operators that have it */
        set_axis(&f, 9);
        set_axis_count(&f, 0);
        finalize(&f);
        s = dmlref_validate(f.op_arg, &f.options);
        TR_CHECKF(s != DMLREF_OK && f.message[0] != 0, "%s: the broken descriptor passed", kind_tag[kind]);
        set_direction(&f, DML_AXIS_DIRECTION_INCREASING);
        set_axis(&f, 3);
        set_axis_count(&f, 2);
        s = dmlref_validate(f.op_arg, &f.options);
        TR_CHECKF(s == DMLREF_OK && f.message[0] == 0, "%s: dmlref_validate after a failure: %s, message \"%s\"",
                  kind_tag[kind], dmlref_status_name(s), f.message);
        f.options.error_message = NULL; /* fail again, then succeed at execute */
        dmlref_validate(NULL, &f.options);
        f.options.error_message = f.message;
        strcpy(f.message, "stale");
        fill_blocks();
        s = dmlref_execute(f.op_arg, f.inputs, f.outputs, &f.options);
        TR_CHECKF(s == DMLREF_OK && f.message[0] == 0, "%s: dmlref_execute: %s, message \"%s\"", kind_tag[kind],
                  dmlref_status_name(s), f.message);
        memset(one, (int)CANARY, sizeof one);
        f.options.error_message = one;
        f.options.error_message_capacity = 1;
        s = dmlref_validate(f.op_arg, &f.options);
        TR_CHECKF(s == DMLREF_OK && one[0] == 0, "%s: capacity 1: %s, first byte 0x%02X", kind_tag[kind],
                  dmlref_status_name(s), (unsigned)(unsigned char)one[0]);
        for (k = 1; k < sizeof one; k++)
            if ((unsigned char)one[k] != CANARY) {
                TR_CHECKF(0, "%s: capacity 1: byte %u was written", kind_tag[kind], (unsigned)k);
                break;
            }
    }
}

/* ---- options == NULL means every default ---------------------------------------------- */

static void run_null_options(const void *ctx) {
    int kind;
    (void)ctx;
    for (kind = 0; kind < K_COUNT; kind++) {
        fixture f;
        dmlref_status s;
        setup(&f, kind);
        finalize(&f);
        s = dmlref_validate(f.op_arg, NULL);
        TR_CHECKF(s == DMLREF_OK, "%s: dmlref_validate(op, NULL) is %s", kind_tag[kind], dmlref_status_name(s));
        fill_blocks();
        s = dmlref_execute(f.op_arg, f.inputs, f.outputs, NULL);
        TR_CHECKF(s == DMLREF_OK, "%s: dmlref_execute(..., NULL) is %s", kind_tag[kind], dmlref_status_name(s));
        TR_CHECKF(first_change(1, 0, GUARD) == (size_t)-1 &&
                      first_change(1, GUARD + (size_t)tensor_bytes(&f, TO), BLOCK_TOTAL) == (size_t)-1,
                  "%s: dmlref_execute(..., NULL) wrote outside the output", kind_tag[kind]);
        /* Errors are still found, and nothing is written. */
        f.buf[TO].Flags = DML_TENSOR_FLAG_OWNED_BY_DML;
        s = dmlref_validate(f.op_arg, NULL);
        TR_CHECKF(s == DMLREF_ERROR_INVALID_ARGUMENT, "%s: OWNED_BY_DML output with NULL options: %s", kind_tag[kind],
                  dmlref_status_name(s));
        fill_blocks();
        s = dmlref_execute(f.op_arg, f.inputs, f.outputs, NULL);
        TR_CHECKF(s == DMLREF_ERROR_INVALID_ARGUMENT, "%s: execute, OWNED_BY_DML output, NULL options: %s",
                  kind_tag[kind], dmlref_status_name(s));
        TR_CHECKF(first_change(1, 0, BLOCK_TOTAL) == (size_t)-1, "%s: a failed execute wrote the output",
                  kind_tag[kind]);
        s = dmlref_execute(NULL, NULL, NULL, NULL);
        TR_CHECKF(s == DMLREF_ERROR_NULL_POINTER, "dmlref_execute(NULL, NULL, NULL, NULL) is %s",
                  dmlref_status_name(s));
        s = dmlref_validate(NULL, NULL);
        TR_CHECKF(s == DMLREF_ERROR_NULL_POINTER, "dmlref_validate(NULL, NULL) is %s", dmlref_status_name(s));
    }
}

/* ---- the positive side of aliasing: in place equals out of place --------------------- */

/* Exact aliasing must not only be accepted: on every ISA path, with every
   float order (EXACT: sums only), it must give the out-of-place result. Shapes
   long and wide enough for the SIMD kernels to engage. */
static void run_in_place(const void *ctx) {
    static const UINT shapes[][2] = {{2, 67}, {67, 3}, {9, 33}};
    static const DML_TENSOR_DATA_TYPE types[] = {DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_DATA_TYPE_FLOAT16,
                                                 DML_TENSOR_DATA_TYPE_FLOAT64, DML_TENSOR_DATA_TYPE_INT32,
                                                 DML_TENSOR_DATA_TYPE_INT8,    DML_TENSOR_DATA_TYPE_UINT64};
    static uint64_t input[9 * 33], separate[9 * 33], aliased[9 * 33]; /* 8-byte elements at most */
    size_t sh, ty, i;
    int kind, axis, variant, order, isa;
    (void)ctx;
    for (kind = K_CUMSUM; kind <= K_CUMPROD; kind++)
        for (sh = 0; sh < sizeof shapes / sizeof shapes[0]; sh++)
            for (ty = 0; ty < sizeof types / sizeof types[0]; ty++)
                for (axis = 0; axis < 2; axis++)
                    for (variant = 0; variant < 4; variant++)
                        for (order = 0; order < 3; order++)
                            for (isa = DMLREF_ISA_AUTO; isa < DMLREF_ISA_COUNT; isa++) {
                                fixture f;
                                const void *in[1];
                                void *out[1];
                                dmlref_status s1, s2;
                                size_t n = (size_t)shapes[sh][0] * shapes[sh][1];
                                size_t bytes = n * dmlref_data_type_size(types[ty]);
                                if (!dmlref_isa_available((dmlref_isa)isa)) continue;
                                if (order == DMLREF_FLOAT_ORDER_EXACT && kind == K_CUMPROD) continue;
                                setup(&f, kind);
                                set_sizes(&f, TI, 2, shapes[sh]);
                                set_sizes(&f, TO, 2, shapes[sh]);
                                f.buf[TI].DataType = f.buf[TO].DataType = types[ty];
                                set_axis(&f, (UINT)axis);
                                set_direction(&f, (UINT)(variant & 1));
                                f.cumsum.HasExclusiveSum = f.cumprod.HasExclusiveProduct = variant >> 1;
                                f.options.float_order = order;
                                f.options.isa = isa;
                                finalize(&f);
                                /* Values near 1 keep products finite; the bits need not be nice. */
                                for (i = 0; i < n; i++) {
                                    double v = 1.0 + (double)((i * 7u) % 11u) / 16.0 - 0.25;
                                    switch (types[ty]) {
                                    case DML_TENSOR_DATA_TYPE_FLOAT32: ((float *)(void *)input)[i] = (float)v; break;
                                    case DML_TENSOR_DATA_TYPE_FLOAT16:
                                        ((uint16_t *)(void *)input)[i] = dmlref_f32_to_f16((float)v);
                                        break;
                                    case DML_TENSOR_DATA_TYPE_FLOAT64: ((double *)(void *)input)[i] = v; break;
                                    case DML_TENSOR_DATA_TYPE_INT32:
                                        ((int32_t *)(void *)input)[i] = (int32_t)(i % 13u) - 6;
                                        break;
                                    case DML_TENSOR_DATA_TYPE_INT8:
                                        ((int8_t *)(void *)input)[i] = (int8_t)((int)(i % 9u) - 4);
                                        break;
                                    default: input[i] = (uint64_t)i * UINT64_C(0x9E3779B97F4A7C15); break;
                                    }
                                }
                                in[0] = input;
                                out[0] = separate;
                                s1 = dmlref_execute(f.op_arg, in, out, &f.options);
                                memcpy(aliased, input, bytes);
                                in[0] = aliased;
                                out[0] = aliased;
                                s2 = dmlref_execute(f.op_arg, in, out, &f.options);
                                if (!TR_CHECKF(
                                        s1 == DMLREF_OK && s2 == DMLREF_OK && memcmp(separate, aliased, bytes) == 0,
                                        "%s %s {%u,%u} axis %d %s%s, order %d, isa %s: out of place %s, in "
                                        "place %s%s",
                                        kind_tag[kind], dmlref_data_type_name(types[ty]), (unsigned)shapes[sh][0],
                                        (unsigned)shapes[sh][1], axis, variant & 1 ? "decreasing" : "increasing",
                                        variant >> 1 ? " exclusive" : "", order, isa_names[isa], dmlref_status_name(s1),
                                        dmlref_status_name(s2),
                                        s1 == DMLREF_OK && s2 == DMLREF_OK ? ", results differ" : ""))
                                    return;
                            }
}

/* BOOL fields: any non-zero value is TRUE, as on Windows. */
static void run_bool_nonzero(const void *ctx) {
    static const BOOL values[] = {2, -1, 0x10000};
    int kind;
    size_t v;
    (void)ctx;
    for (kind = K_CUMSUM; kind <= K_CUMPROD; kind++) {
        fixture f;
        unsigned char expected[48];
        setup(&f, kind);
        f.cumsum.HasExclusiveSum = f.cumprod.HasExclusiveProduct = TRUE;
        finalize(&f);
        fill_blocks();
        TR_CHECK(dmlref_execute(f.op_arg, f.inputs, f.outputs, &f.options) == DMLREF_OK);
        memcpy(expected, block(1) + GUARD, sizeof expected);
        for (v = 0; v < sizeof values / sizeof values[0]; v++) {
            dmlref_status s;
            f.cumsum.HasExclusiveSum = f.cumprod.HasExclusiveProduct = values[v];
            fill_blocks();
            s = dmlref_execute(f.op_arg, f.inputs, f.outputs, &f.options);
            TR_CHECKF(s == DMLREF_OK && memcmp(expected, block(1) + GUARD, sizeof expected) == 0,
                      "%s: exclusive flag %ld does not act as TRUE (%s)", kind_tag[kind], (long)values[v],
                      dmlref_status_name(s));
        }
    }
}

/* ---- dmlref_error_bound ------------------------------------------------------------------
   Its errors: everything dmlref_validate finds (same status and message;
   float_order ANY is allowed here), an operator it does not take, the
   BoundTensor descriptor (every tensor rule, FLOAT64, the output's rank and
   sizes, one-to-one strides) and its buffers (NULL pointers, alignment, the
   bound's byte range overlapping the input's). Each row checks the status,
   the message (one line, the operator's name first, the field), that a call
   without a message buffer (and with NULL options, where the options are the
   defaults) returns the same status, that the descriptors are left alone,
   and that a failure writes nothing anywhere: not the bound block (0xA5 with
   guard bytes around the tensor), not the input, not the output block (which
   dmlref_error_bound never receives). A success writes nothing but the
   bound's element bytes, and every element is +0 or more (+inf included, NaN
   never), exactly 0 for integer types. Positive rows run on every ISA path. */

enum {
    BF_VALIDATE = 1,      /* dmlref_validate finds the error too: the same status and message */
    BF_OR_INVALID_ARG = 2 /* DMLREF_ERROR_INVALID_ARGUMENT is right too (the sizes also differ) */
};

typedef struct bound_row {
    const char *name; /* the case is "invalid/bound-<name>" */
    unsigned kinds;
    edit edits[MAX_EDITS];
    dmlref_status expected;
    const char *field;
    int flags; /* BF_* */
} bound_row;

#define S(x) DMLREF_ERROR_##x
#define OK DMLREF_OK
#define T_ALL (T_BOTH | T_BOUND)

/* clang-format off */
static const bound_row bound_rows[] = {
    /* -- operators it does not take (validation would accept them) -- */
    {"argop-unsupported", M_ARGS, {NONE}, S(UNSUPPORTED_OPERATOR), "dmlref_error_bound", 0},
    {"argop-unsupported-with-any", M_ARGS, {FLOAT_ORDER(3)}, S(UNSUPPORTED_OPERATOR), "dmlref_error_bound", 0},
    {"argop-unsupported-int64-index", M_ARGS, {DTYPE(T_OUT, INT64)}, S(UNSUPPORTED_OPERATOR), "dmlref_error_bound",
     0},

    /* -- what dmlref_validate finds, found first and said the same way -- */
    {"validate-null-operator", M_ALL, {NULLS(NP_OP)}, S(NULL_POINTER), "DML_OPERATOR_DESC", BF_VALIDATE},
    {"validate-null-operator-desc", M_ALL, {NULLS(NP_OP_DESC)}, S(NULL_POINTER), "DML_OPERATOR_DESC.Desc",
     BF_VALIDATE},
    {"validate-unknown-operator", M_CUMSUM, {OP_TYPE(146)}, S(UNSUPPORTED_OPERATOR), "DML_OPERATOR_DESC.Type is 146",
     BF_VALIDATE},
    {"validate-null-input-tensor", M_SCANS, {NULLS(NP_IN)}, S(NULL_POINTER), "InputTensor is NULL", BF_VALIDATE},
    {"validate-null-output-tensor", M_SCANS, {NULLS(NP_OUT)}, S(NULL_POINTER), "OutputTensor is NULL", BF_VALIDATE},
    {"validate-axis-out-of-range", M_SCANS, {AXIS(4)}, S(INVALID_ARGUMENT), "Axis is 4", BF_VALIDATE},
    {"validate-direction-2", M_SCANS, {DIRECTION(2)}, S(INVALID_ARGUMENT), "AxisDirection is 2", BF_VALIDATE},
    {"validate-output-type-mismatch", M_SCANS, {DTYPE(T_OUT, INT32)}, S(INVALID_ARGUMENT), "OutputTensor.DataType",
     BF_VALIDATE},
    {"validate-output-size-differs", M_SCANS, {SIZE(T_OUT, 3, 5)}, S(INVALID_ARGUMENT), "OutputTensor.Sizes[3]",
     BF_VALIDATE},
    {"validate-output-owned-by-dml", M_SCANS, {FLAGS(T_OUT, 1)}, S(INVALID_ARGUMENT), "OutputTensor.Flags",
     BF_VALIDATE},
    {"validate-output-zero-stride", M_SCANS, {STRIDE(T_OUT, 2, 0)}, S(OVERLAP), "OutputTensor.Strides", BF_VALIDATE},
    {"validate-output-total-short", M_SCANS, {SHORT_BY(T_OUT, 1)}, S(BUFFER_TOO_SMALL),
     "OutputTensor.TotalTensorSizeInBytes", BF_VALIDATE},
    {"validate-input-uint4", M_SCANS, {DTYPE(T_BOTH, UINT4)}, S(UNSUPPORTED_DATA_TYPE), "InputTensor.DataType",
     BF_VALIDATE},
    {"validate-input-total-short", M_SCANS, {SHORT_BY(T_IN, 1)}, S(BUFFER_TOO_SMALL),
     "InputTensor.TotalTensorSizeInBytes", BF_VALIDATE},
    {"validate-rank-9", M_SCANS,
     {SIZE(T_ALL, 4, 1), SIZE(T_ALL, 5, 1), SIZE(T_ALL, 6, 1), SIZE(T_ALL, 7, 1), SIZE(T_ALL, 8, 1), DIMS(T_ALL, 9)},
     S(UNSUPPORTED_DIMENSION_COUNT), "InputTensor.DimensionCount is 9", BF_VALIDATE},
    {"validate-level-cumsum-at-2_0", M_CUMSUM, {LEVEL(2_0)}, S(UNSUPPORTED_OPERATOR), "DML_FEATURE_LEVEL_2_0",
     BF_VALIDATE},
    {"validate-level-scan-float64", M_SCANS, {DTYPE(T_BOTH, FLOAT64), LEVEL(6_4)}, S(UNSUPPORTED_DATA_TYPE),
     "InputTensor.DataType is FLOAT64", BF_VALIDATE},
    {"validate-float-order-5", M_SCANS, {FLOAT_ORDER(5)}, S(INVALID_OPTION), "options.float_order", BF_VALIDATE},
    {"validate-tree-null", M_SCANS, {FLOAT_ORDER(4)}, S(INVALID_OPTION), "options.tree is NULL", BF_VALIDATE},
    {"validate-tree-block-3", M_SCANS, {FLOAT_ORDER(4), TREE(1, 3, 1)}, S(INVALID_OPTION),
     "options.tree->block is 3", BF_VALIDATE},
    {"validate-identity-seed-2", M_SCANS, {SEED(2)}, S(INVALID_OPTION), "options.identity_seed", BF_VALIDATE},
    {"validate-float-order-minus-1", M_SCANS, {FLOAT_ORDER(-1)}, S(INVALID_OPTION), "options.float_order",
     BF_VALIDATE},
    {"validate-float-order-max-int", M_SCANS, {FLOAT_ORDER(0x7FFFFFFF)}, S(INVALID_OPTION), "options.float_order",
     BF_VALIDATE},
    {"validate-float-order-exact-cumprod", M_CUMPROD, {FLOAT_ORDER(2)}, S(INVALID_OPTION), "options.float_order",
     BF_VALIDATE},
    {"validate-float-order-exact-cumprod-int32", M_CUMPROD, {FLOAT_ORDER(2), DTYPE(T_BOTH, INT32)},
     S(INVALID_OPTION), "options.float_order", BF_VALIDATE},
    {"validate-float-order-exact-cumprod-float16", M_CUMPROD, {FLOAT_ORDER(2), DTYPE(T_BOTH, FLOAT16)},
     S(INVALID_OPTION), "options.float_order", BF_VALIDATE},
    {"validate-accumulation-3", M_SCANS, {ACCUMULATION(3)}, S(INVALID_OPTION), "options.accumulation", BF_VALIDATE},
    {"validate-accumulation-1-with-exact", M_CUMSUM, {ACCUMULATION(1), FLOAT_ORDER(2)}, S(INVALID_OPTION),
     "options.accumulation", BF_VALIDATE},
    {"validate-accumulation-minus-1", M_SCANS, {ACCUMULATION(-1)}, S(INVALID_OPTION), "options.accumulation",
     BF_VALIDATE},
    {"validate-accumulation-max-int", M_SCANS, {ACCUMULATION(0x7FFFFFFF)}, S(INVALID_OPTION), "options.accumulation",
     BF_VALIDATE},
    {"validate-accumulation-3-with-any", M_SCANS, {ACCUMULATION(3), FLOAT_ORDER(3)}, S(INVALID_OPTION),
     "options.accumulation", BF_VALIDATE},
    {"validate-accumulation-3-argop", M_ARGS, {ACCUMULATION(3)}, S(INVALID_OPTION), "options.accumulation",
     BF_VALIDATE},
    {"validate-nan-policy-3", M_SCANS, {NAN_POLICY(3)}, S(INVALID_OPTION), "options.nan_policy", BF_VALIDATE},
    {"validate-feature-level-0x1234", M_SCANS, {LEVEL_N(0x1234)}, S(INVALID_OPTION), "options.feature_level",
     BF_VALIDATE},
    {"validate-isa-8", M_SCANS, {ISA(8)}, S(INVALID_OPTION), "options.isa", BF_VALIDATE},
    {"validate-parallel-for-null", M_SCANS, {PARALLEL(0, 2)}, S(INVALID_OPTION), "options.parallel->parallel_for",
     BF_VALIDATE},
    {"validate-parallel-max-tasks-0", M_SCANS, {PARALLEL(1, 0)}, S(INVALID_OPTION), "options.parallel->max_tasks",
     BF_VALIDATE},
    {"validate-parallel-max-tasks-0-any", M_SCANS, {PARALLEL(1, 0), FLOAT_ORDER(3)}, S(INVALID_OPTION),
     "options.parallel->max_tasks", BF_VALIDATE},

    /* -- the BoundTensor descriptor: every tensor rule -- */
    {"tensor-null", M_SCANS, {NULLS(NP_BOUND_TENSOR)}, S(NULL_POINTER), "BoundTensor is NULL", 0},
    {"tensor-desc-null", M_SCANS, {NULLS(NP_BOUND_DESC)}, S(NULL_POINTER), "BoundTensor->Desc", 0},
    {"tensor-type-0", M_SCANS, {TTYPE(T_BOUND, 0)}, S(INVALID_ARGUMENT), "BoundTensor->Type is 0", 0},
    {"tensor-type-2", M_SCANS, {TTYPE(T_BOUND, 2)}, S(INVALID_ARGUMENT), "BoundTensor->Type is 2", 0},
    {"data-type-0", M_SCANS, {DTYPE_N(T_BOUND, 0)}, S(INVALID_ARGUMENT), "BoundTensor.DataType is 0", 0},
    {"data-type-14", M_SCANS, {DTYPE_N(T_BOUND, 14)}, S(INVALID_ARGUMENT), "BoundTensor.DataType is 14", 0},
    {"data-type-max-uint", M_SCANS, {DTYPE_N(T_BOUND, U32MAX)}, S(INVALID_ARGUMENT),
     "BoundTensor.DataType is 4294967295", 0},
    {"data-type-uint4", M_SCANS, {DTYPE(T_BOUND, UINT4)}, S(UNSUPPORTED_DATA_TYPE), "BoundTensor.DataType|UINT4", 0},
    {"data-type-int4", M_SCANS, {DTYPE(T_BOUND, INT4)}, S(UNSUPPORTED_DATA_TYPE), "BoundTensor.DataType|INT4", 0},
    {"flags-owned-by-dml", M_SCANS, {FLAGS(T_BOUND, 1)}, S(INVALID_ARGUMENT), "BoundTensor.Flags|OWNED_BY_DML", 0},
    {"flags-2", M_SCANS, {FLAGS(T_BOUND, 2)}, S(INVALID_ARGUMENT), "BoundTensor.Flags", 0},
    {"flags-high-bit", M_SCANS, {FLAGS(T_BOUND, 0x80000000u)}, S(INVALID_ARGUMENT), "BoundTensor.Flags", 0},
    {"dimension-count-0", M_SCANS, {DIMS(T_BOUND, 0)}, S(UNSUPPORTED_DIMENSION_COUNT),
     "BoundTensor.DimensionCount is 0", 0},
    {"dimension-count-9", M_SCANS,
     {SIZE(T_BOUND, 4, 1), SIZE(T_BOUND, 5, 1), SIZE(T_BOUND, 6, 1), SIZE(T_BOUND, 7, 1), SIZE(T_BOUND, 8, 1),
      DIMS(T_BOUND, 9)},
     S(UNSUPPORTED_DIMENSION_COUNT), "BoundTensor.DimensionCount is 9", 0},
    {"dimension-count-max-uint", M_SCANS, {DIMS(T_BOUND, U32MAX)}, S(UNSUPPORTED_DIMENSION_COUNT),
     "BoundTensor.DimensionCount is 4294967295", 0},
    {"sizes-null", M_SCANS, {NULLS(NP_BOUND_SIZES)}, S(NULL_POINTER), "BoundTensor.Sizes", 0},
    {"alignment-3", M_SCANS, {ALIGN(T_BOUND, 3)}, S(INVALID_ARGUMENT),
     "BoundTensor.GuaranteedBaseOffsetAlignment is 3", 0},
    {"alignment-4-below-element-size", M_SCANS, {ALIGN(T_BOUND, 4)}, S(INVALID_ARGUMENT),
     "BoundTensor.GuaranteedBaseOffsetAlignment is 4", 0},
    {"alignment-48", M_SCANS, {ALIGN(T_BOUND, 48)}, S(INVALID_ARGUMENT),
     "BoundTensor.GuaranteedBaseOffsetAlignment is 48", 0},
    {"alignment-max-uint", M_SCANS, {ALIGN(T_BOUND, U32MAX)}, S(INVALID_ARGUMENT),
     "BoundTensor.GuaranteedBaseOffsetAlignment is 4294967295", 0},
    {"total-one-byte-short", M_SCANS, {SHORT_BY(T_BOUND, 1)}, S(BUFFER_TOO_SMALL),
     "BoundTensor.TotalTensorSizeInBytes", 0},
    {"total-one-byte-short-strided", M_SCANS, {STRIDE(T_BOUND, 2, 8), SHORT_BY(T_BOUND, 1)}, S(BUFFER_TOO_SMALL),
     "BoundTensor.TotalTensorSizeInBytes", 0},
    {"total-0", M_SCANS, {TOTAL(T_BOUND, 0)}, S(BUFFER_TOO_SMALL), "BoundTensor.TotalTensorSizeInBytes is 0", 0},
    {"total-sized-for-the-float32-output", M_SCANS, {TOTAL(T_BOUND, 48)}, S(BUFFER_TOO_SMALL),
     "BoundTensor.TotalTensorSizeInBytes is 48", 0},
    {"count-overflows-64-bits", M_SCANS, {SIZES(T_BOUND, 8, U32MAX)}, S(TENSOR_TOO_LARGE), "BoundTensor",
     BF_OR_INVALID_ARG},
    {"strided-extent-overflows-64-bits", M_SCANS, {SIZES(T_BOUND, 2, U32MAX), STRIDES(T_BOUND, U32MAX)},
     S(TENSOR_TOO_LARGE), "BoundTensor", BF_OR_INVALID_ARG},

    /* -- the BoundTensor descriptor: FLOAT64, shaped like the output, one-to-one -- */
    {"data-type-float32", M_SCANS, {DTYPE(T_BOUND, FLOAT32)}, S(UNSUPPORTED_DATA_TYPE),
     "BoundTensor.DataType|FLOAT32", 0},
    {"data-type-float16", M_SCANS, {DTYPE(T_BOUND, FLOAT16)}, S(UNSUPPORTED_DATA_TYPE),
     "BoundTensor.DataType|FLOAT16", 0},
    {"data-type-int64", M_SCANS, {DTYPE(T_BOUND, INT64)}, S(UNSUPPORTED_DATA_TYPE), "BoundTensor.DataType|INT64", 0},
    {"data-type-uint64", M_SCANS, {DTYPE(T_BOUND, UINT64)}, S(UNSUPPORTED_DATA_TYPE), "BoundTensor.DataType|UINT64",
     0},
    {"data-type-int8", M_SCANS, {DTYPE(T_BOUND, INT8)}, S(UNSUPPORTED_DATA_TYPE), "BoundTensor.DataType|INT8", 0},
    {"data-type-float32-like-float32-output", M_SCANS, {DTYPE(T_BOUND, FLOAT32), FLOAT_ORDER(3)},
     S(UNSUPPORTED_DATA_TYPE), "BoundTensor.DataType|FLOAT32", 0},
    {"data-type-int32-like-int32-output", M_SCANS, {DTYPE(T_BOTH, INT32), DTYPE(T_BOUND, INT32)},
     S(UNSUPPORTED_DATA_TYPE), "BoundTensor.DataType|INT32", 0},
    {"rank-3", M_SCANS, {DIMS(T_BOUND, 3)}, S(INVALID_ARGUMENT), "BoundTensor.DimensionCount is 3", 0},
    {"rank-5", M_SCANS, {SIZE(T_BOUND, 4, 1), DIMS(T_BOUND, 5)}, S(INVALID_ARGUMENT),
     "BoundTensor.DimensionCount is 5", 0},
    {"rank-4-with-rank-1-output", M_SCANS, {RANK(1), SIZES(T_BOUND, 4, 1), SIZE(T_BOUND, 3, 4)}, S(INVALID_ARGUMENT),
     "BoundTensor.DimensionCount is 4", 0},
    {"size-0-differs", M_SCANS, {SIZE(T_BOUND, 0, 2)}, S(INVALID_ARGUMENT), "BoundTensor.Sizes[0]", 0},
    {"size-2-differs", M_SCANS, {SIZE(T_BOUND, 2, 2)}, S(INVALID_ARGUMENT), "BoundTensor.Sizes[2]", 0},
    {"size-on-axis-larger", M_SCANS, {SIZE(T_BOUND, 3, 5)}, S(INVALID_ARGUMENT), "BoundTensor.Sizes[3]", 0},
    {"size-on-axis-smaller", M_SCANS, {SIZE(T_BOUND, 3, 1)}, S(INVALID_ARGUMENT), "BoundTensor.Sizes[3]", 0},
    {"size-max-uint", M_SCANS, {SIZE(T_BOUND, 1, U32MAX)}, S(INVALID_ARGUMENT), "BoundTensor.Sizes[1]", 0},
    {"strides-zero", M_SCANS, {STRIDE(T_BOUND, 3, 0)}, S(OVERLAP), "BoundTensor.Strides[3] is 0", 0},
    {"strides-zero-everywhere", M_SCANS, {STRIDES(T_BOUND, 0)}, S(OVERLAP), "BoundTensor.Strides", 0},
    {"strides-overlap", M_SCANS, {STRIDE(T_BOUND, 2, 2)}, S(OVERLAP), "BoundTensor.Strides are not nested", 0},
    {"strides-equal", M_SCANS, {STRIDE(T_BOUND, 2, 1)}, S(OVERLAP), "BoundTensor.Strides", 0},
    /* semantics.md: only nested layouts are proven one-to-one, so this injective interleave is refused too. */
    {"strides-interleaved-refused", M_SCANS, {SIZE(T_ALL, 3, 2), STRIDE(T_BOUND, 2, 2), STRIDE(T_BOUND, 3, 3)},
     S(OVERLAP), "BoundTensor.Strides", 0},

    /* -- buffers -- */
    {"inputs-null", M_SCANS, {NULLS(NP_INPUTS)}, S(NULL_POINTER), "inputs is NULL", 0},
    {"inputs-0-null", M_SCANS, {NULLS(NP_INPUTS0)}, S(NULL_POINTER), "inputs[0]", 0},
    {"bound-null", M_SCANS, {NULLS(NP_BOUND)}, S(NULL_POINTER), "bound", 0},
    {"bound-null-integer", M_SCANS, {DTYPE(T_BOTH, UINT16), NULLS(NP_BOUND)}, S(NULL_POINTER), "bound", 0},
    {"address-misaligned-by-1", M_SCANS, {SHIFT(T_BOUND, 1)}, S(MISALIGNED), "BoundTensor", 0},
    {"address-misaligned-by-4", M_SCANS, {SHIFT(T_BOUND, 4)}, S(MISALIGNED), "BoundTensor", 0},
    {"address-breaks-alignment-16", M_SCANS, {ALIGN(T_BOUND, 16), SHIFT(T_BOUND, 8)}, S(MISALIGNED),
     "BoundTensor|GuaranteedBaseOffsetAlignment", 0},
    {"address-breaks-alignment-64", M_SCANS, {ALIGN(T_BOUND, 64), SHIFT(T_BOUND, 32)}, S(MISALIGNED),
     "BoundTensor|GuaranteedBaseOffsetAlignment", 0},
    {"input-address-misaligned-by-1", M_SCANS, {SHIFT(T_IN, 1)}, S(MISALIGNED), "InputTensor", 0},
    {"input-address-breaks-alignment-16", M_SCANS, {ALIGN(T_IN, 16), SHIFT(T_IN, 4)}, S(MISALIGNED),
     "InputTensor|GuaranteedBaseOffsetAlignment", 0},
    {"input-float64-address-4-byte-aligned", M_SCANS, {DTYPE(T_BOTH, FLOAT64), SHIFT(T_IN, 4)}, S(MISALIGNED),
     "InputTensor", 0},
    {"aliases-input", M_SCANS, {BOUND_IN_INPUT(0)}, S(OVERLAP), "InputTensor|BoundTensor|overlap", 0},
    {"overlaps-input-end", M_SCANS, {BOUND_IN_INPUT(40)}, S(OVERLAP), "InputTensor|BoundTensor|overlap", 0},
    {"overlaps-input-start", M_SCANS, {SHIFT(T_IN, 128), BOUND_IN_INPUT(-88)}, S(OVERLAP),
     "InputTensor|BoundTensor|overlap", 0},
    {"contains-input", M_SCANS, {DTYPE(T_BOTH, INT8), SHIFT(T_IN, 128), BOUND_IN_INPUT(-24)}, S(OVERLAP),
     "InputTensor|BoundTensor|overlap", 0},
    {"inside-padded-input-gap", M_SCANS, {STRIDE(T_IN, 2, 16), SHIFT(T_BOUND, 0), BOUND_IN_INPUT(24)}, S(OVERLAP),
     "InputTensor|BoundTensor|overlap", 0},
    {"over-broadcast-input", M_SCANS, {STRIDES(T_IN, 0), BOUND_IN_INPUT(0)}, S(OVERLAP),
     "InputTensor|BoundTensor|overlap", 0},
    /* a strided bound whose last element is the input's first bytes (its range: 160 bytes) */
    {"overlaps-input-strided-bound", M_SCANS, {SHIFT(T_IN, 256), STRIDE(T_BOUND, 2, 8), BOUND_IN_INPUT(-152)},
     S(OVERLAP), "InputTensor|BoundTensor|overlap", 0},

    /* -- accepted -- */
    {"float32-accepted", M_SCANS, {NONE}, OK, NULL, 0},
    {"float16-accepted", M_SCANS, {DTYPE(T_BOTH, FLOAT16)}, OK, NULL, 0},
    {"float64-accepted", M_SCANS, {DTYPE(T_BOTH, FLOAT64)}, OK, NULL, 0},
    {"int32-accepted", M_SCANS, {DTYPE(T_BOTH, INT32)}, OK, NULL, 0},
    {"uint8-accepted", M_SCANS, {DTYPE(T_BOTH, UINT8)}, OK, NULL, 0},
    {"int64-accepted", M_SCANS, {DTYPE(T_BOTH, INT64)}, OK, NULL, 0},
    {"blocked-accepted", M_SCANS, {FLOAT_ORDER(1)}, OK, NULL, 0},
    {"exact-cumsum-accepted", M_CUMSUM, {FLOAT_ORDER(2)}, OK, NULL, 0},
    {"exact-cumsum-float16-accepted", M_CUMSUM, {FLOAT_ORDER(2), DTYPE(T_BOTH, FLOAT16)}, OK, NULL, 0},
    {"exact-cumsum-int16-accepted", M_CUMSUM, {FLOAT_ORDER(2), DTYPE(T_BOTH, INT16)}, OK, NULL, 0},
    {"parallel-2-tasks-accepted", M_SCANS, {PARALLEL(1, 2)}, OK, NULL, 0},
    {"parallel-64-tasks-any-accepted", M_SCANS, {PARALLEL(1, 64), FLOAT_ORDER(3)}, OK, NULL, 0},
    {"any-accepted", M_SCANS, {FLOAT_ORDER(3)}, OK, NULL, 0},
    {"any-float64-accepted", M_SCANS, {FLOAT_ORDER(3), DTYPE(T_BOTH, FLOAT64)}, OK, NULL, 0},
    {"any-uint32-accepted", M_SCANS, {FLOAT_ORDER(3), DTYPE(T_BOTH, UINT32)}, OK, NULL, 0},
    {"any-decreasing-exclusive-accepted", M_SCANS, {FLOAT_ORDER(3), DIRECTION(1), EXCLUSIVE(1)}, OK, NULL, 0},
    {"nan-ignore-accepted", M_SCANS, {NAN_POLICY(1)}, OK, NULL, 0},
    {"feature-level-accepted", M_SCANS, {LEVEL(5_0)}, OK, NULL, 0},
    {"rank-1-accepted", M_SCANS, {RANK(1)}, OK, NULL, 0},
    {"rank-8-accepted", M_SCANS, {RANK(8)}, OK, NULL, 0},
    {"axis-0-accepted", M_SCANS, {AXIS(0)}, OK, NULL, 0},
    {"alignment-8-accepted", M_SCANS, {ALIGN(T_BOUND, 8)}, OK, NULL, 0},
    {"alignment-64-accepted", M_SCANS, {ALIGN(T_BOUND, 64)}, OK, NULL, 0},
    {"address-8-byte-aligned-accepted", M_SCANS, {SHIFT(T_BOUND, 8)}, OK, NULL, 0},
    {"total-max-uint64-accepted", M_SCANS, {TOTAL(T_BOUND, UINT64_MAX)}, OK, NULL, 0},
    {"flags-none-with-owned-input-accepted", M_SCANS, {FLAGS(T_IN, 1)}, OK, NULL, 0},
    {"strides-zero-on-size-1-accepted", M_SCANS, {STRIDE(T_BOUND, 0, 0)}, OK, NULL, 0},
    {"strides-transposed-accepted", M_SCANS, {STRIDE(T_BOUND, 2, 1), STRIDE(T_BOUND, 3, 3)}, OK, NULL, 0},
    {"strides-padded-accepted", M_SCANS, {STRIDE(T_BOUND, 2, 5)}, OK, NULL, 0},
    {"strides-other-than-the-output-accepted", M_SCANS, {STRIDE(T_OUT, 2, 5), STRIDE(T_BOUND, 2, 1),
                                                         STRIDE(T_BOUND, 3, 3)},
     OK, NULL, 0},
    {"broadcast-input-accepted", M_SCANS, {STRIDES(T_IN, 0)}, OK, NULL, 0},
    {"right-after-input-accepted", M_SCANS, {BOUND_IN_INPUT(48)}, OK, NULL, 0},
    {"right-before-input-accepted", M_SCANS, {SHIFT(T_IN, 128), BOUND_IN_INPUT(-96)}, OK, NULL, 0},
    {"after-broadcast-input-accepted", M_SCANS, {STRIDES(T_IN, 0), BOUND_IN_INPUT(8)}, OK, NULL, 0},
    {"in-place-operator-accepted", M_SCANS, {OUT_IN_INPUT(0)}, OK, NULL, 0},
    {"outputs-overlapping-input-irrelevant-accepted", M_SCANS, {OUT_IN_INPUT(4)}, OK, NULL, 0},
};
/* clang-format on */

#undef S
#undef OK

/* The options dmlref_validate is compared with: ANY (valid here only) read as SEQUENTIAL. */
static dmlref_options validate_options_for_bound(const dmlref_options *o) {
    dmlref_options v = *o;
    if (v.float_order == DMLREF_FLOAT_ORDER_ANY) v.float_order = DMLREF_FLOAT_ORDER_SEQUENTIAL;
    return v;
}

/* Offset of the bound's base in its block, and the block. */
static size_t bound_offset(const fixture *f, int *which) {
    *which = f->bound_in_input ? 0 : 2;
    return (size_t)(f->bound_in_input ? (long)GUARD + f->shift[TI] + f->bound_rel : (long)GUARD + f->shift[TB]);
}

/* Every element of a bound dmlref_error_bound wrote is +0 or more (+inf
   included, never NaN or negative), and exactly 0 for an integer scan. */
static void check_bound_values(const fixture *f, const char *label, const unsigned char *base) {
    const DML_BUFFER_TENSOR_DESC *b = &f->buf[TB];
    UINT rank = b->DimensionCount, d, index[8] = {0};
    uint64_t stride[8], packed = 1;
    DML_TENSOR_DATA_TYPE t = f->buf[TI].DataType;
    int integer =
        t != DML_TENSOR_DATA_TYPE_FLOAT16 && t != DML_TENSOR_DATA_TYPE_FLOAT32 && t != DML_TENSOR_DATA_TYPE_FLOAT64;
    d = rank;
    while (d-- > 0) {
        stride[d] = b->Strides ? b->Strides[d] : packed;
        packed *= b->Sizes[d];
    }
    for (;;) {
        uint64_t offset = 0, bits;
        double v;
        for (d = 0; d < rank; d++) offset += index[d] * stride[d];
        memcpy(&v, base + offset * 8u, 8);
        memcpy(&bits, &v, 8);
        if (!TR_CHECKF(v == v && v >= 0 && (!integer || v == 0),
                       "%s: dmlref_error_bound wrote %g (bits %016llx) at element offset %llu: must be %s", label, v,
                       (unsigned long long)bits, (unsigned long long)offset,
                       integer ? "0 (an integer scan)" : ">= 0, never NaN"))
            return;
        for (d = rank; d-- > 0;) {
            if (++index[d] < b->Sizes[d]) break;
            index[d] = 0;
        }
        if (d == (UINT)-1) return;
    }
}

/* The input and the bound lie inside the blocks. */
static int bound_fits(const fixture *f) {
    long in_off = (long)GUARD + f->shift[TI];
    long b_off = f->bound_in_input ? in_off + f->bound_rel : (long)GUARD + f->shift[TB];
    uint64_t in_bytes = tensor_bytes(f, TI), b_bytes = tensor_bytes(f, TB);
    return in_bytes && b_bytes && in_off >= 0 && b_off >= 0 && (uint64_t)in_off + in_bytes <= BLOCK_TOTAL &&
           (uint64_t)b_off + b_bytes <= BLOCK_TOTAL;
}

/* After a dmlref_error_bound call that returned status: a failure changed
   no block; a success changed only the bound's element bytes, to values
   check_bound_values accepts. */
static void check_bound_blocks(const fixture *f, const char *label, const char *call, dmlref_status status) {
    static unsigned char mask[BLOCK_TOTAL];
    int k, which;
    size_t boff = bound_offset(f, &which), j;
    if (status != DMLREF_OK) {
        for (k = 0; k < 3; k++) {
            j = first_change(k, 0, BLOCK_TOTAL);
            TR_CHECKF(j == (size_t)-1, "%s: failed %s changed byte %ld of the %s block", label, call,
                      (long)j - (long)GUARD,
                      k == 0   ? "input"
                      : k == 1 ? "output"
                               : "bound");
        }
        return;
    }
    memset(mask, 0, sizeof mask);
    mark_elements(f, TB, boff, mask);
    for (k = 0; k < 3; k++) {
        if (k == which) {
            for (j = 0; j < BLOCK_TOTAL && (mask[j] || block(k)[j] == (k == 0 ? pattern(j) : FILL)); j++) continue;
            TR_CHECKF(j == BLOCK_TOTAL, "%s: %s wrote byte %ld of the %s block, not a bound element's", label, call,
                      (long)j - (long)boff, k == 0 ? "input" : "bound");
        } else {
            j = first_change(k, 0, BLOCK_TOTAL);
            TR_CHECKF(j == (size_t)-1, "%s: %s changed byte %ld of the %s block", label, call, (long)j - (long)GUARD,
                      k == 0   ? "input"
                      : k == 1 ? "output"
                               : "bound");
        }
    }
    check_bound_values(f, label, block(which) + boff);
}

/* The checks of one bound row (see the section's opening comment). */
static void check_bound_fixture(fixture *f, const char *label, dmlref_status expected, const char *field, int flags) {
    static unsigned char snapshot[offsetof(fixture, message)];
    static char validate_message[sizeof f->message];
    dmlref_options vo = validate_options_for_bound(&f->options), quiet;
    dmlref_status sv, sb, sq;
    int accepted;
    memcpy(snapshot, f, sizeof snapshot);

    /* dmlref_validate on the same descriptor: the same error, or none */
    vo.error_message = validate_message;
    vo.error_message_capacity = sizeof validate_message;
    sv = dmlref_validate(f->op_arg, &vo);
    if (flags & BF_VALIDATE)
        TR_CHECKF(sv == expected, "%s: dmlref_validate returned %s, expected %s (message: \"%s\")", label,
                  dmlref_status_name(sv), dmlref_status_name(expected), validate_message);
    else
        TR_CHECKF(sv == DMLREF_OK,
                  "%s: dmlref_validate returned %s (\"%s\"): the row must break a rule of "
                  "dmlref_error_bound alone",
                  label, dmlref_status_name(sv), validate_message);
    if (expected == DMLREF_OK && !TR_CHECKF(bound_fits(f), "%s: the tensors do not fit the blocks", label)) return;

    fill_blocks();
    strcpy(f->message, "stale text"); /* a success must clear it */
    sb = dmlref_error_bound(f->op_arg, f->inputs, f->bound_tensor_arg, f->bound_ptr, &f->options);
    accepted = sb == expected || ((flags & BF_OR_INVALID_ARG) && sb == DMLREF_ERROR_INVALID_ARGUMENT);
    TR_CHECKF(accepted, "%s: dmlref_error_bound returned %s, expected %s%s (message: \"%s\")", label,
              dmlref_status_name(sb), dmlref_status_name(expected),
              (flags & BF_OR_INVALID_ARG) ? " or DMLREF_ERROR_INVALID_ARGUMENT" : "", f->message);
    check_message(f, label, "dmlref_error_bound", sb, expected, field);
    if ((flags & BF_VALIDATE) && sb == sv)
        TR_CHECKF(strcmp(validate_message, f->message) == 0,
                  "%s: dmlref_validate said \"%s\" but dmlref_error_bound \"%s\"", label, validate_message, f->message);
    TR_CHECKF(memcmp(snapshot, f, sizeof snapshot) == 0, "%s: dmlref_error_bound changed the descriptor", label);
    check_bound_blocks(f, label, "dmlref_error_bound", sb);

    /* No message buffer (a NULL pointer with a capacity must not be written through). */
    quiet = f->options;
    quiet.error_message = NULL;
    fill_blocks();
    sq = dmlref_error_bound(f->op_arg, f->inputs, f->bound_tensor_arg, f->bound_ptr, &quiet);
    TR_CHECKF(sq == sb, "%s: dmlref_error_bound returned %s without a message buffer, %s with one", label,
              dmlref_status_name(sq), dmlref_status_name(sb));
    if (sq == sb) check_bound_blocks(f, label, "dmlref_error_bound without a message buffer", sq);
    if (default_options(&f->options)) {
        fill_blocks();
        sq = dmlref_error_bound(f->op_arg, f->inputs, f->bound_tensor_arg, f->bound_ptr, NULL);
        TR_CHECKF(sq == sb, "%s: dmlref_error_bound returned %s with NULL options, %s with zeroed ones", label,
                  dmlref_status_name(sq), dmlref_status_name(sb));
    }
}

static void run_bound_row(const void *ctx) {
    const bound_row *r = (const bound_row *)ctx;
    int kind, isa;
    for (kind = 0; kind < K_COUNT; kind++)
        for (isa = DMLREF_ISA_AUTO; isa < DMLREF_ISA_COUNT; isa++) {
            fixture f;
            char label[160];
            if (!(r->kinds & (1u << kind))) continue;
            if (isa != DMLREF_ISA_AUTO && (r->expected != DMLREF_OK || !dmlref_isa_available((dmlref_isa)isa)))
                continue;
            setup(&f, kind);
            f.options.isa = isa;
            apply_edits(&f, r->edits);
            finalize(&f);
            snprintf(label, sizeof label, "bound-%s [%s, %s]", r->name, kind_tag[kind], isa_tags[isa]);
            check_bound_fixture(&f, label, r->expected, r->field, r->flags);
        }
}

static void run_bound_table_coverage(const void *ctx) {
    size_t i, j, invalid = 0;
    (void)ctx;
    for (i = 0; i < sizeof bound_rows / sizeof bound_rows[0]; i++) {
        const bound_row *r = &bound_rows[i];
        TR_CHECKF(r->kinds != 0, "bound row %s runs for no operator", r->name);
        TR_CHECKF((r->expected == DMLREF_OK) == (r->field == NULL), "bound row %s: field and status disagree", r->name);
        TR_CHECKF(!(r->flags & BF_VALIDATE) || r->expected != DMLREF_OK, "bound row %s: BF_VALIDATE on a success",
                  r->name);
        for (j = 0; j < i; j++)
            TR_CHECKF(strcmp(r->name, bound_rows[j].name) != 0, "bound row name %s is used twice", r->name);
        if (r->expected != DMLREF_OK) invalid++;
    }
    TR_CHECKF(invalid >= 60, "only %u invalid rows in the bound table", (unsigned)invalid);
}

/* A zero size in every position of the BoundTensor. */
static void run_bound_zero_sizes(const void *ctx) {
    static const UINT ranks[2] = {4, 8};
    int kind, r;
    UINT d;
    (void)ctx;
    for (kind = K_CUMSUM; kind <= K_CUMPROD; kind++)
        for (r = 0; r < 2; r++)
            for (d = 0; d < ranks[r]; d++) {
                fixture f;
                char label[96], field[64];
                setup(&f, kind);
                set_rank(&f, ranks[r]);
                f.sizes[TB][d] = 0;
                finalize(&f);
                snprintf(label, sizeof label, "bound zero size: %s rank %u, BoundTensor.Sizes[%u]", kind_tag[kind],
                         (unsigned)ranks[r], (unsigned)d);
                snprintf(field, sizeof field, "BoundTensor.Sizes[%u] is 0", (unsigned)d);
                check_bound_fixture(&f, label, DMLREF_ERROR_INVALID_ARGUMENT, field, 0);
            }
}

/* Every descriptor of the main table through dmlref_error_bound with a valid
   BoundTensor: what dmlref_validate rejects it rejects the same way (an
   arg-reduction may instead be refused as an operator dmlref_error_bound does
   not take), writing nothing; what dmlref_validate accepts it accepts for a
   scan (writing only the bound) and refuses for an arg-reduction. Rows whose
   error is found by dmlref_execute alone, and positive rows too big to back,
   are left out (the bound rows above cover the buffers). */
static void run_bound_mirrors_validate(const void *ctx) {
    size_t i, compared = 0;
    int kind;
    (void)ctx;
    for (i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        const bad_row *r = &rows[i];
        if (r->flags & (F_EXEC | F_VALIDATE_ONLY | F_64BIT)) continue;
        for (kind = 0; kind < K_COUNT; kind++) {
            fixture f;
            dmlref_options vo;
            char label[160], vmessage[sizeof f.message];
            dmlref_status sv, sb;
            if (!(r->kinds & (1u << kind))) continue;
            setup(&f, kind);
            apply_edits(&f, r->edits);
            /* the BoundTensor takes the output's shape, whatever the row made it */
            set_sizes(&f, TB, f.buf[TO].DimensionCount < 9 ? f.buf[TO].DimensionCount : 9, f.sizes[TO]);
            finalize(&f);
            snprintf(label, sizeof label, "%s [%s] through dmlref_error_bound", r->name, kind_tag[kind]);
            vo = validate_options_for_bound(&f.options);
            vo.error_message = vmessage;
            vo.error_message_capacity = sizeof vmessage;
            sv = dmlref_validate(f.op_arg, &vo);
            if (sv == DMLREF_OK && !bound_fits(&f)) continue;
            fill_blocks();
            sb = dmlref_error_bound(f.op_arg, f.inputs, f.bound_tensor_arg, f.bound_ptr, &f.options);
            compared++;
            if (sv != DMLREF_OK) {
                int same = sb == sv && strcmp(vmessage, f.message) == 0;
                int refused = !is_scan(kind) && sb == DMLREF_ERROR_UNSUPPORTED_OPERATOR &&
                              strstr(f.message, "dmlref_error_bound") != NULL;
                TR_CHECKF(same || refused, "%s: dmlref_validate said %s (\"%s\"), dmlref_error_bound %s (\"%s\")",
                          label, dmlref_status_name(sv), vmessage, dmlref_status_name(sb), f.message);
            } else if (is_scan(kind)) {
                TR_CHECKF(sb == DMLREF_OK, "%s: dmlref_validate accepted it, dmlref_error_bound returned %s (\"%s\")",
                          label, dmlref_status_name(sb), f.message);
            } else {
                TR_CHECKF(sb == DMLREF_ERROR_UNSUPPORTED_OPERATOR && strstr(f.message, "dmlref_error_bound"),
                          "%s: dmlref_error_bound returned %s (\"%s\"), expected DMLREF_ERROR_UNSUPPORTED_OPERATOR "
                          "naming dmlref_error_bound",
                          label, dmlref_status_name(sb), f.message);
            }
            check_bound_blocks(&f, label, "dmlref_error_bound", sb);
        }
    }
    TR_CHECKF(compared >= 400, "only %u descriptors compared", (unsigned)compared);
}

/* ---- status names and descriptions ---------------------------------------------------- */

static void run_status_names(const void *ctx) {
    static const char *const names[] = {"DMLREF_OK",
                                        "DMLREF_ERROR_NULL_POINTER",
                                        "DMLREF_ERROR_INVALID_ARGUMENT",
                                        "DMLREF_ERROR_INVALID_OPTION",
                                        "DMLREF_ERROR_BUFFER_TOO_SMALL",
                                        "DMLREF_ERROR_TENSOR_TOO_LARGE",
                                        "DMLREF_ERROR_OVERLAP",
                                        "DMLREF_ERROR_MISALIGNED",
                                        "DMLREF_ERROR_INDEX_OVERFLOW",
                                        "DMLREF_ERROR_UNSUPPORTED_OPERATOR",
                                        "DMLREF_ERROR_UNSUPPORTED_DATA_TYPE",
                                        "DMLREF_ERROR_UNSUPPORTED_DIMENSION_COUNT",
                                        "DMLREF_ERROR_ISA_UNAVAILABLE",
                                        "DMLREF_ERROR_OUT_OF_MEMORY"};
    static const int out_of_range[] = {14, 15, 99, 0x7FFFFFFF, -1};
    const size_t n = sizeof names / sizeof names[0];
    size_t i, j;
    (void)ctx;
    (void)TR_CHECKF(DMLREF_STATUS_COUNT == n, "DMLREF_STATUS_COUNT is %d, the test knows %u codes",
                    (int)DMLREF_STATUS_COUNT, (unsigned)n);
    for (i = 0; i < n; i++) {
        const char *name = dmlref_status_name((dmlref_status)i);
        const char *text = dmlref_status_description((dmlref_status)i);
        TR_CHECKF(name && strcmp(name, names[i]) == 0, "dmlref_status_name(%u) is \"%s\", expected \"%s\"", (unsigned)i,
                  name ? name : "(null)", names[i]);
        if (!TR_CHECKF(text && text[0] && !strchr(text, '\n'), "dmlref_status_description(%u) is empty or multi-line",
                       (unsigned)i))
            continue;
        for (j = 0; j < i; j++)
            TR_CHECKF(strcmp(text, dmlref_status_description((dmlref_status)j)) != 0,
                      "statuses %u and %u share the description \"%s\"", (unsigned)j, (unsigned)i, text);
    }
    for (i = 0; i < sizeof out_of_range / sizeof out_of_range[0]; i++) {
        dmlref_status s = (dmlref_status)out_of_range[i];
        const char *name = dmlref_status_name(s), *text = dmlref_status_description(s);
        TR_CHECKF(name && name[0] && text && text[0], "status %d: name or description is NULL or empty",
                  out_of_range[i]);
        if (!name || !text) continue;
        for (j = 0; j < n; j++) {
            TR_CHECKF(strcmp(name, names[j]) != 0, "out-of-range status %d is named %s", out_of_range[i], name);
            TR_CHECKF(strcmp(text, dmlref_status_description((dmlref_status)j)) != 0,
                      "out-of-range status %d has the description of %s", out_of_range[i], names[j]);
        }
    }
}

/* ---- registration ------------------------------------------------------------------ */

static const int kind_ids[K_COUNT] = {K_CUMSUM, K_CUMPROD, K_ARGMIN, K_ARGMAX, K_REDUCE_ARGMIN, K_REDUCE_ARGMAX};
static const int isa_ids[] = {DMLREF_ISA_AUTO,   DMLREF_ISA_SCALAR, DMLREF_ISA_SSE2,       DMLREF_ISA_AVX2,
                              DMLREF_ISA_AVX512, DMLREF_ISA_NEON,   DMLREF_ISA_AVX512FP16, DMLREF_ISA_REFERENCE};

void register_invalid_tests(void) {
    size_t i;
    char name[160];
    tr_add("invalid/table-coverage", run_table_coverage, NULL);
    for (i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        snprintf(name, sizeof name, "invalid/%s", rows[i].name);
        tr_add(name, run_row, &rows[i]);
    }
    tr_add("invalid/zero-size-each-position", run_zero_sizes, NULL);
    for (i = 0; i < K_COUNT; i++) {
        snprintf(name, sizeof name, "invalid/level-matrix-%s", kind_tag[i]);
        tr_add(name, run_level_matrix, &kind_ids[i]);
    }
    tr_add("invalid/level-float64-every-level", run_float64_every_level, NULL);
    for (i = 0; i < sizeof isa_ids / sizeof isa_ids[0]; i++) {
        snprintf(name, sizeof name, "invalid/isa-%s", isa_tags[i]);
        tr_add(name, run_isa, &isa_ids[i]);
    }
    tr_add("invalid/calc-buffer-tensor-size", run_calc, NULL);
    tr_add("invalid/message-truncation", run_message_truncation, NULL);
    tr_add("invalid/message-cleared-on-success", run_message_cleared, NULL);
    tr_add("invalid/options-null", run_null_options, NULL);
    tr_add("invalid/in-place-scan-equals-out-of-place", run_in_place, NULL);
    tr_add("invalid/bool-nonzero-is-true", run_bool_nonzero, NULL);
    tr_add("invalid/status-names", run_status_names, NULL);
    tr_add("invalid/bound-table-coverage", run_bound_table_coverage, NULL);
    for (i = 0; i < sizeof bound_rows / sizeof bound_rows[0]; i++) {
        snprintf(name, sizeof name, "invalid/bound-%s", bound_rows[i].name);
        tr_add(name, run_bound_row, &bound_rows[i]);
    }
    tr_add("invalid/bound-zero-size-each-position", run_bound_zero_sizes, NULL);
    tr_add("invalid/bound-mirrors-validate", run_bound_mirrors_validate, NULL);
}
