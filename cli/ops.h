/* cli/ops.h - the dmlref tool's operator layer, driven by the header's operator table
   (dmlref_operator_at): operator names, the operator options (--axis, --order, --nan, ...) and which
   operators take them, descriptors built by the row's shape, running the library, and --threads. */
#ifndef DMLREF_CLI_OPS_H
#define DMLREF_CLI_OPS_H

#include "npy.h"

#include <stdio.h>

typedef struct op_args {
    const dmlref_operator_info *op; /* the operator table's row */
    int axis_set;
    long axis;
    int axes_set;
    unsigned naxes;
    long axes[MAX_RANK];
    int exclusive, reverse, last;
    int order_set;
    const char *order_text; /* --order's value as given */
    int float_order;
    dmlref_scan_tree tree;
    int stack; /* --order torch-compile (1), xla (2), cupy (3); build_desc sets torch-compile's tree */
    int accumulation_set;
    int accumulation;
    int identity_seed;
    int nan_set;
    int nan_policy;
    int isa;
    int index_type_set;
    DML_TENSOR_DATA_TYPE index_type;
    int log_sum_exp_set;
    int log_sum_exp;      /* dmlref_log_sum_exp */
    int reduce_family;    /* OP `reduce`: the row comes from --function */
    const char *function; /* --function's value; NULL when not given */
    uint32_t threads;     /* --threads N; 0 when not given (every CPU the process may run on) */
} op_args;

/* Every field 0 but the index type, int64. */
void op_args_init(op_args *a);
/* The implemented row whose cli_name is `name`, in a->op; else 0 after a message. */
int op_select(const char *name, op_args *a);
/* The implemented operators' CLI names for which `takes` holds (NULL: all), joined by `sep`. */
void op_names(char *buf, size_t cap, const char *sep, int (*takes)(const dmlref_operator_info *));
/* The same operators by group: "scans", "reductions except reduce-max/reduce-min", "argmin/argmax", ... */
void op_groups(char *buf, size_t cap, int (*takes)(const dmlref_operator_info *));
/* REDUCE's implemented functions, joined by `sep`: `--function`'s values (the CLI names after "reduce-"), or
   with dml_names the DML_REDUCE_FUNCTION_ suffixes ("ARGMAX, ..., SUM_SQUARE": the Functions a JSON desc names). */
void reduce_function_names(char *buf, size_t cap, const char *sep, int dml_names);
/* A row of shape DMLREF_SHAPE_REDUCTION (a REDUCE value function: sum, max, ...). */
int op_is_reduction(const dmlref_operator_info *r);
/* A scan whose outputs have an error bound for any order: what `check` judges. */
int op_has_any_bound(const dmlref_operator_info *r);

/* Resolves OP `reduce` with its --function into a->op (a no-op for another OP): 0, or 2 after a message. */
int resolve_function(op_args *a);
/* Parses the operator option at argv[*i]. 1 consumed, 0 not an operator option, -1 error (printed). */
int parse_op_option(int argc, char **argv, int *i, op_args *a);
/* Options that do not apply to a->op are errors: 0, or 2 after a message. */
int check_op_args(const op_args *a);
/* Collects OP, operator options, npos_max positional files and (if output is not NULL) -o FILE. */
int parse_op_command(int argc, char **argv, op_args *a, const char **pos, int npos_max, int *npos, const char **output);
/* The operator options' help, with the operators of the table. */
void print_op_help(FILE *f);

typedef struct opdesc {
    UINT in_strides[MAX_RANK], out_sizes[MAX_RANK], axes[MAX_RANK];
    DML_BUFFER_TENSOR_DESC ib, ob;
    DML_TENSOR_DESC it, ot;
    DML_CUMULATIVE_SUMMATION_OPERATOR_DESC cs;
    DML_CUMULATIVE_PRODUCT_OPERATOR_DESC cp;
    DML_ARGMIN_OPERATOR_DESC amin;
    DML_ARGMAX_OPERATOR_DESC amax;
    DML_REDUCE_OPERATOR_DESC red;
    DML_OPERATOR_DESC op;
    unsigned rank;
    size_t out_count;
    uint64_t out_bytes;
    DML_TENSOR_DATA_TYPE out_type;
} opdesc;

/* The descriptor of a->op on `in` (d must stay where it is: it points into itself); 0, or 2 after a
   message. */
int build_desc(opdesc *d, op_args *a, const npy_array *in, DML_TENSOR_DATA_TYPE index_type);
/* `act` (the file `path`) is the output of d: its dtype and shape, or that shape without its size-1 axes
   (keepdims or not: act then takes d's shape); 0, or 2 after a message. */
int check_output(npy_array *act, const opdesc *d, const char *path);
void options_from_args(dmlref_options *o, const op_args *a, char *msg, size_t cap);
/* Run the operator / its error bound; on a library error print its message and return 2. */
int exec_op(const opdesc *d, const npy_array *in, void *out, const dmlref_options *o);
int exec_bound(const opdesc *d, const npy_array *in, double *bound, const dmlref_options *o);
/* Stops the --threads pool (at exit). */
void threads_finish(void);

/* The options that select a configuration, as `dmlref run` takes them. */
void describe_options(const op_args *a, char *buf, size_t cap);
/* Every configuration of `base` that `explain` tries (out may be NULL: count only); `integer` scans
   have one. */
size_t op_configurations(const op_args *base, int integer, op_args *out);
/* explain's larger TREE family (serial grains, lanes, recursive carries): count, or fill out;
   native_differs: NATIVE accumulation is not DEFAULT for the type (FLOAT16). */
size_t op_family(const op_args *base, int native_differs, op_args *out);
/* The peers' options for a float scan of `rows` lines of `length` along `axis` of a rank-`rank` tensor,
   each with its name in labels (PyTorch CUDA and CPU, NumPy, torch.compile, JAX/XLA, CuPy) and in stacks the
   --order name that spells it (op_args.stack's code, 0 for none); the trees are explicit (stack 0). */
size_t op_presets(const op_args *base, DML_TENSOR_DATA_TYPE type, uint64_t rows, uint64_t length, unsigned axis,
                  unsigned rank, op_args *out, const char **labels, int *stacks);
const char *accumulation_name(int accumulation);

#endif
