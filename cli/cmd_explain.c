/* cli/cmd_explain.c - `dmlref explain OP [options] INPUT.npy ACTUAL.npy`: runs INPUT through every
   configuration of the operator's options (op_configurations) and lists those that reproduce ACTUAL. */
#define _POSIX_C_SOURCE 200809L /* isatty, fileno */
#include "cli.h"
#include "ops.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *HELP_EXPLAIN =
    "usage: dmlref explain OP [operator options] INPUT.npy ACTUAL.npy\n"
    "Runs INPUT through every configuration and lists those that reproduce ACTUAL bit for bit,\n"
    "else the 5 closest by share of identical elements.\n"
    "  scans: SEQUENTIAL, BLOCKED, EXACT, TREE (3 algorithms x blocks 2..65536 x 2 carries) x\n"
    "         accumulation default/native/wide x identity seed off/on (--order, --accumulation and\n"
    "         --identity-seed are ignored; --axis, --exclusive, --reverse are kept).\n"
    "  arg reductions: the 3 NaN policies x INCREASING/DECREASING for argmin/argmax (--nan, --last\n"
    "         ignored); the index type is ACTUAL's dtype.\n"
    "A progress line goes to stderr when it is a terminal.\n";

typedef struct candidate {
    op_args a;
    double share;
} candidate;

static int cmp_cand(const void *x, const void *y) {
    double a = ((const candidate *)x)->share, b = ((const candidate *)y)->share;
    return a > b ? -1 : a < b;
}

int cmd_explain(int argc, char **argv) {
    op_args a;
    const char *pos[2];
    int npos, rc, tty = isatty(fileno(stderr));
    npy_array in, act;
    opdesc d;
    dmlref_options o;
    char msg[512];
    unsigned char *out = NULL, *want = NULL;
    op_args *configs = NULL;
    candidate *cands = NULL;
    size_t ncand = 0, total, cfg, matches = 0, k, n;
    int integer;
    if (wants_help(argc, argv)) {
        fputs(HELP_EXPLAIN, stdout);
        print_op_help(stdout);
        return 0;
    }
    if ((rc = parse_op_command(argc, argv, &a, pos, 2, &npos, NULL)) != 0) return rc;
    if ((rc = npy_load_pair(pos[0], &in, pos[1], &act)) != 0) return rc;
    if ((rc = build_desc(&d, &a, &in, act.type)) != 0) goto done;
    if (act.type != d.out_type || act.rank != d.rank || memcmp(act.shape, d.out_sizes, d.rank * sizeof(UINT)) != 0) {
        fail("%s: dtype %s and shape do not match the operator's output (%s, rank %u)", pos[1], dtype_name(act.type),
             dtype_name(d.out_type), d.rank);
        rc = 2;
        goto done;
    }
    n = d.out_count;
    want = packed_le(&act);
    out = (unsigned char *)xcalloc((size_t)d.out_bytes + 8);
    /* integer scans have one answer: SEQUENTIAL stands for every order */
    integer = a.op->shape == DMLREF_SHAPE_SCAN && !is_float_type(in.type);
    if (integer) printf("%s is an integer scan: every order, accumulation and seed give the same result\n", pos[0]);
    total = op_configurations(&a, integer, NULL);
    configs = (op_args *)xcalloc(total * sizeof *configs);
    op_configurations(&a, integer, configs);
    cands = (candidate *)xcalloc(total * sizeof *cands);
    for (cfg = 0; cfg < total; cfg++) {
        size_t same = 0;
        const void *ins[1];
        void *outs[1];
        if (tty) fprintf(stderr, "\rexplain: %lu/%lu configurations", (unsigned long)cfg + 1, (unsigned long)total);
        if (build_desc(&d, &configs[cfg], &in, act.type) != 0) continue;
        msg[0] = 0;
        options_from_args(&o, &configs[cfg], msg, sizeof msg);
        ins[0] = in.data;
        outs[0] = out;
        /* refused (e.g. EXACT with a non-default accumulation): not a configuration */
        if (dmlref_execute(&d.op, ins, outs, &o) != DMLREF_OK) continue;
        for (k = 0; k < n; k++)
            if (memcmp(out + k * act.esize, want + k * act.esize, act.esize) == 0) same++;
        cands[ncand].a = configs[cfg];
        cands[ncand].share = n ? (double)same / (double)n : 1.0;
        ncand++;
    }
    if (tty) fprintf(stderr, "\r%60s\r", "");
    for (k = 0; k < ncand; k++)
        if (cands[k].share == 1.0) {
            char desc[200];
            describe_options(&cands[k].a, desc, sizeof desc);
            if (!matches) printf("reproduces %s bit for bit:\n", pos[1]);
            printf("  %s\n", desc);
            matches++;
        }
    if (!matches) {
        qsort(cands, ncand, sizeof *cands, cmp_cand);
        printf("no configuration reproduces %s bit for bit; the closest:\n", pos[1]);
        for (k = 0; k < ncand && k < 5; k++) {
            char desc[200];
            describe_options(&cands[k].a, desc, sizeof desc);
            printf("  %8.4f%% identical  %s\n", 100.0 * cands[k].share, desc);
        }
    } else printf("%lu of %lu configurations reproduce it\n", (unsigned long)matches, (unsigned long)ncand);
    rc = matches ? 0 : 1;
done:
    free(out);
    free(want);
    free(configs);
    free(cands);
    npy_free(&in);
    npy_free(&act);
    return rc;
}
