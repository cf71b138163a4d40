/* cli/cmd_bound.c - `dmlref bound OP [options] INPUT.npy -o BOUND.npy`: dmlref_error_bound of a float scan
   in a file, for `dmlref compare --bound` (docs/judging.md). */
#include "cli.h"
#include "ops.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *HELP_BOUND =
    "usage: dmlref bound OP [operator options] INPUT.npy -o BOUND.npy   (OP: cumsum | cumprod, float)\n"
    "Writes dmlref_error_bound for the scan of INPUT with the options: a float64 array shaped like\n"
    "the output, each element a bound on |computed - exact|. --order any (the default here) bounds\n"
    "every association order; another order bounds that order's own output. `dmlref compare\n"
    "--bound BOUND.npy EXACT.npy ACTUAL.npy` then counts the outputs outside.\n";

int cmd_bound(int argc, char **argv) {
    op_args a;
    const char *pos[1], *output = NULL;
    int npos, rc;
    npy_array in;
    opdesc d;
    dmlref_options o;
    char msg[512] = "";
    double *bound;
    if (wants_help(argc, argv)) {
        fputs(HELP_BOUND, stdout);
        print_op_help(stdout);
        return 0;
    }
    if ((rc = parse_op_command(argc, argv, &a, pos, 1, &npos, &output)) != 0) return rc;
    if (!output) {
        fail("bound: -o BOUND.npy is required");
        return 2;
    }
    if (!op_has_any_bound(a.op)) {
        char list[256];
        op_names(list, sizeof list, "/", op_has_any_bound);
        fail("bound takes %s, not %s: dmlref_error_bound does not cover it (its operator-table row has no ANY bound)",
             list, a.op->cli_name);
        return 2;
    }
    if (!a.order_set) a.float_order = DMLREF_FLOAT_ORDER_ANY;
    if ((rc = npy_load(pos[0], &in)) != 0) return rc;
    if ((rc = build_desc(&d, &a, &in, a.index_type)) != 0) {
        npy_free(&in);
        return rc;
    }
    bound = (double *)xcalloc(d.out_count * sizeof *bound + 8);
    options_from_args(&o, &a, msg, sizeof msg);
    rc = exec_bound(&d, &in, bound, &o);
    if (rc == 0) rc = npy_save(output, DML_TENSOR_DATA_TYPE_FLOAT64, d.rank, d.out_sizes, 0, bound, d.out_count, NULL);
    free(bound);
    npy_free(&in);
    return rc;
}
