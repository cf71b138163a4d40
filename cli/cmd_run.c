/* cli/cmd_run.c - `dmlref run OP [options] INPUT.npy -o OUTPUT.npy`, and `run --desc OP.json` (the
   operator from a DxDispatch JSON description, cli/json_desc.c). */
#include "cli.h"
#include "json_desc.h"
#include "ops.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *HELP_RUN = "usage: dmlref run OP [operator options] INPUT.npy -o OUTPUT.npy\n"
                              "Runs dml_ref's operator on INPUT and writes OUTPUT (C order, little-endian, .npy 1.0).\n"
                              "Inputs: .npy 1.0/2.0/3.0, dtypes f2 f4 f8 i1 i2 i4 i8 u1 u2 u4 u8 (either byte order),\n"
                              "C or Fortran order (passed to the library as strides), rank 1..8 (0-d is shape (1)).\n"
                              "The output is written under a temporary name and renamed only on success.\n";

static const char *HELP_RUN_DESC =
    "\nusage: dmlref run --desc OP.json [--dispatchable NAME] [options] INPUT.npy -o OUTPUT.npy\n"
    "The operator comes from a DxDispatch-style JSON description instead of OP and its options:\n"
    "a whole DxDispatch model (its single DirectML operator among \"dispatchables\", or the one\n"
    "named by --dispatchable; \"resources\" and \"commands\" are ignored) or one dispatchable\n"
    "{\"type\": \"DML_OPERATOR_...\", \"desc\": {...}}. Types: CUMULATIVE_SUMMATION,\n"
    "CUMULATIVE_PRODUCT (InputTensor, OutputTensor, Axis, AxisDirection, HasExclusiveSum /\n"
    "HasExclusiveProduct), ARGMIN, ARGMAX (InputTensor, OutputTensor, AxisCount optional, Axes,\n"
    "AxisDirection), REDUCE (Function, InputTensor, OutputTensor, AxisCount optional, Axes) with\n";
/* then the REDUCE Functions, then: */
static const char *HELP_RUN_DESC_END =
    "Every non-optional field is required, as in DxDispatch. Tensors:\n"
    "{\"DataType\", \"Sizes\", \"Strides\" (optional), ...}; enum values in full or without their\n"
    "prefix (\"DML_AXIS_DIRECTION_DECREASING\" or \"DECREASING\"); booleans true/false. InputTensor's\n"
    "DataType and Sizes must equal the .npy's dtype and shape (no broadcasting), Strides (if given)\n"
    "its layout; OutputTensor must be the output dml_ref writes (packed). Only --order,\n"
    "--accumulation, --identity-seed, --nan, --log-sum-exp, --isa and --threads may be given (as\n"
    "the operator takes them). Malformed JSON, unknown types and unknown fields are errors (exit 2,\n"
    "nothing written).\n";

/* Runs the operator and writes its output; 0, or 2 after a message. */
static int run_and_save(const opdesc *d, const op_args *a, const npy_array *in, const char *output) {
    dmlref_options o;
    char msg[512] = "";
    void *out = xcalloc((size_t)d->out_bytes + 8);
    int rc;
    options_from_args(&o, a, msg, sizeof msg);
    rc = exec_op(d, in, out, &o);
    if (rc == 0) rc = npy_save(output, d->out_type, d->rank, d->out_sizes, 0, out, d->out_count, NULL);
    free(out);
    return rc;
}

/* The desc's parameters in `a`, checked against the input; 0, or 2 after a message. */
static int desc_args(const jdesc *jd, const npy_array *in, const char *input, op_args *a) {
    UINT in_strides[MAX_RANK];
    unsigned k;
    if (!jtensor_check(&jd->in, "InputTensor", in->type, in->rank, in->shape, npy_strides(in, in_strides), input))
        return 2;
    if (jd->op->shape == DMLREF_SHAPE_SCAN) {
        if (jd->axis >= (long)in->rank) {
            fail("--desc: Axis %ld is out of range for a rank-%u input", jd->axis, in->rank);
            return 2;
        }
        a->axis_set = 1;
        a->axis = jd->axis;
        a->reverse = jd->reverse;
        a->exclusive = jd->exclusive;
        return 0;
    }
    a->axes_set = 1;
    a->naxes = jd->naxes;
    for (k = 0; k < jd->naxes; k++) {
        if (jd->axes[k] >= (long)in->rank) {
            fail("--desc: Axes: %ld is out of range for a rank-%u input", jd->axes[k], in->rank);
            return 2;
        }
        a->axes[k] = jd->axes[k];
    }
    a->last = jd->reverse;
    if (jd->op->shape != DMLREF_SHAPE_ARG_REDUCTION) return 0;
    a->index_type = jd->out.type;
    if (a->index_type != DML_TENSOR_DATA_TYPE_INT32 && a->index_type != DML_TENSOR_DATA_TYPE_INT64 &&
        a->index_type != DML_TENSOR_DATA_TYPE_UINT32 && a->index_type != DML_TENSOR_DATA_TYPE_UINT64) {
        fail("--desc: OutputTensor DataType %s: an index output is INT32, INT64, UINT32 or UINT64",
             dmlref_data_type_name(a->index_type));
        return 2;
    }
    return 0;
}

/* `run --desc OP.json [--dispatchable NAME] [options] INPUT.npy -o OUTPUT.npy` */
static int cmd_run_desc(int argc, char **argv) {
    op_args a;
    const char *input = NULL, *output = NULL, *desc_path = NULL, *want = NULL;
    jdesc jd;
    npy_array in;
    opdesc d;
    int i, rc;
    op_args_init(&a);
    for (i = 0; i < argc; i++) {
        int r;
        const char *o2 = argv[i];
        if (strcmp(o2, "--desc") == 0 || strcmp(o2, "--dispatchable") == 0 || strcmp(o2, "-o") == 0) {
            if (i + 1 >= argc) {
                fail("option %s needs a value", o2);
                return 2;
            }
            if (strcmp(o2, "--desc") == 0) desc_path = argv[++i];
            else if (strcmp(o2, "-o") == 0) output = argv[++i];
            else want = argv[++i];
            continue;
        }
        r = parse_op_option(argc, argv, &i, &a);
        if (r < 0) return 2;
        if (r > 0) {
            if (strcmp(o2, "--order") != 0 && strcmp(o2, "--accumulation") != 0 && strcmp(o2, "--identity-seed") != 0 &&
                strcmp(o2, "--nan") != 0 && strcmp(o2, "--isa") != 0 && strcmp(o2, "--threads") != 0 &&
                strcmp(o2, "--log-sum-exp") != 0) {
                fail("option %s: with --desc the operator's parameters come from the JSON desc", o2);
                return 2;
            }
            continue;
        }
        if (o2[0] == '-' && o2[1]) {
            fail("unknown option %s", o2);
            return 2;
        }
        if (input) {
            fail("unexpected argument '%s' (with --desc, OP is not given)", o2);
            return 2;
        }
        input = o2;
    }
    if (!desc_path) {
        fail("option --desc needs a value");
        return 2;
    }
    if (!input) {
        fail("expected 1 file name, got 0");
        return 2;
    }
    if (!output) {
        fail("run: -o OUTPUT.npy is required");
        return 2;
    }
    if ((rc = jdesc_load(desc_path, want, &jd)) != 0) return rc;
    a.op = jd.op;
    if ((rc = check_op_args(&a)) != 0) return rc;
    if ((rc = npy_load(input, &in)) != 0) return rc;
    if ((rc = desc_args(&jd, &in, input, &a)) == 0 && (rc = build_desc(&d, &a, &in, a.index_type)) == 0) {
        if (jtensor_check(&jd.out, "OutputTensor", d.out_type, d.rank, d.out_sizes, NULL,
                          "the output (written packed, C order)"))
            rc = run_and_save(&d, &a, &in, output);
        else rc = 2;
    }
    npy_free(&in);
    return rc;
}

int cmd_run(int argc, char **argv) {
    op_args a;
    const char *pos[1], *output = NULL;
    int npos, rc;
    npy_array in;
    opdesc d;
    if (wants_help(argc, argv)) {
        fputs(HELP_RUN, stdout);
        print_op_help(stdout);
        char functions[256];
        reduce_function_names(functions, sizeof functions, ", ", 1);
        fputs(HELP_RUN_DESC, stdout);
        printf("Function %s.\n", functions);
        fputs(HELP_RUN_DESC_END, stdout);
        return 0;
    }
    for (npos = 0; npos < argc; npos++)
        if (strcmp(argv[npos], "--desc") == 0) return cmd_run_desc(argc, argv);
    if ((rc = parse_op_command(argc, argv, &a, pos, 1, &npos, &output)) != 0) return rc;
    if (!output) {
        fail("run: -o OUTPUT.npy is required");
        return 2;
    }
    if ((rc = npy_load(pos[0], &in)) != 0) return rc;
    rc = build_desc(&d, &a, &in, a.index_type);
    if (rc == 0) rc = run_and_save(&d, &a, &in, output);
    npy_free(&in);
    return rc;
}
