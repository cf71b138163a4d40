/* cli/cmd_explain.c - `dmlref explain OP [options] INPUT.npy ACTUAL.npy`: runs INPUT through the peers'
   presets and every configuration of the operator's options and lists those that reproduce ACTUAL. A float
   scan's candidates are first run on the beginning of its first line (a scan's output there depends on
   that beginning alone), and only those that match go on to longer probes and the whole tensor. */
#define _POSIX_C_SOURCE 200809L /* isatty, fileno */
#include "cli.h"
#include "ops.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *HELP_EXPLAIN =
    "usage: dmlref explain OP [operator options] INPUT.npy ACTUAL.npy\n"
    "Runs INPUT through the peers' presets and every configuration and lists those that reproduce\n"
    "ACTUAL bit for bit, presets first and named, else the 5 closest by share of identical elements.\n"
    "  scans: the presets of PyTorch CUDA and CPU, NumPy, torch.compile (Inductor), JAX/XLA and CuPy;\n"
    "         SEQUENTIAL, BLOCKED, EXACT, TREE (3 algorithms x blocks 2..65536 x AFTER/INTO_FIRST) and\n"
    "         the TREE family (3 algorithms x blocks 2..4096 x 4 carries x serial 1..16 x lanes\n"
    "         1..32 x run seed), each x accumulation default/native/wide x identity seed off/on\n"
    "         (--order, --accumulation and --identity-seed are ignored; --axis, --exclusive,\n"
    "         --reverse are kept and printed). Candidates are tried on the start of the first line,\n"
    "         then on longer probes, then on the whole tensor.\n"
    "  arg reductions: the 3 NaN policies x INCREASING/DECREASING for argmin/argmax (--nan, --last\n"
    "         ignored); the index type is ACTUAL's dtype.\n"
    "  reductions (reduce-sum, ..., or reduce --function F): the function's float orders of SEQUENTIAL,\n"
    "         PAIRWISE, BLOCKED, EXACT and TREE (3 algorithms x blocks 2..65536 x AFTER/INTO_FIRST) and\n"
    "         the GPU stacks' trees (torch-compile, xla, cupy), each x accumulation default/native/wide x\n"
    "         identity seed off/on (x shifted/plain for reduce-log-sum-exp); reduce-max/reduce-min: the\n"
    "         3 NaN policies. Integer inputs have one answer. --axes is kept and printed.\n"
    "A progress line goes to stderr when it is a terminal.\n";

typedef struct candidate {
    op_args a;
    const char *label; /* a peer's preset, or NULL */
    int stack;         /* printed as --order torch-compile (1), xla (2), cupy (3) */
    double share;      /* identical elements on the last probe it ran; -1: the library refuses it */
    int alive;
} candidate;

static int cmp_cand(const void *x, const void *y) {
    double a = ((const candidate *)x)->share, b = ((const candidate *)y)->share;
    return a > b ? -1 : a < b;
}

/* A rank-1 copy of `count` elements of line 0 along `axis` of a: its first ones, or its last ones when
   `from_end` (a DECREASING scan starts there). */
static void probe_line(const npy_array *a, unsigned axis, size_t count, int from_end, npy_array *p) {
    size_t step = 1, j, first = from_end ? a->shape[axis] - count : 0;
    unsigned d;
    for (d = axis + 1u; d < a->rank; d++) step *= a->shape[d];
    memset(p, 0, sizeof *p);
    p->type = a->type;
    p->esize = a->esize;
    p->rank = 1;
    p->shape[0] = (UINT)count;
    p->count = count;
    p->capacity = (count * a->esize + 7u) / 8u * 8u;
    p->data = (unsigned char *)xcalloc(p->capacity ? p->capacity : 8u);
    for (j = 0; j < count; j++) memcpy(p->data + j * a->esize, npy_elem(a, (first + j) * step), a->esize);
}

/* Share of identical elements of the operator run with c's options on `in`, against `want` (packed); -1
   when the library refuses the configuration (EXACT with another accumulation, say). */
static double run_share(candidate *c, const npy_array *in, const unsigned char *want, DML_TENSOR_DATA_TYPE index_type,
                        int probe, unsigned char *out) {
    op_args a = c->a;
    opdesc d;
    dmlref_options o;
    char msg[256];
    const void *ins[1];
    void *outs[1];
    size_t k, same = 0;
    if (probe) a.axis_set = 1, a.axis = 0;
    if (build_desc(&d, &a, in, index_type) != 0) return -1;
    msg[0] = 0;
    options_from_args(&o, &a, msg, sizeof msg);
    ins[0] = in->data;
    outs[0] = out;
    if (dmlref_execute(&d.op, ins, outs, &o) != DMLREF_OK) return -1;
    for (k = 0; k < d.out_count; k++) {
        unsigned es = dmlref_data_type_size(d.out_type);
        if (memcmp(out + k * es, want + k * es, es) == 0) same++;
    }
    return d.out_count ? (double)same / (double)d.out_count : 1.0;
}

/* The options a configuration is run with, then the flags explain kept from the command line. */
static void describe_run(const candidate *c, const op_args *given, char *buf, size_t cap) {
    op_args shown = c->a;
    size_t used;
    shown.stack = c->stack;
    describe_options(&shown, buf, cap);
    used = strlen(buf);
    if (given->axis_set && used < cap) used += (size_t)snprintf(buf + used, cap - used, " --axis %ld", given->axis);
    if (given->exclusive && used < cap) used += (size_t)snprintf(buf + used, cap - used, " --exclusive");
    if (given->reverse && used < cap) used += (size_t)snprintf(buf + used, cap - used, " --reverse");
    if (given->axes_set && used < cap) {
        unsigned k;
        used += (size_t)snprintf(buf + used, cap - used, " --axes ");
        for (k = 0; k < given->naxes && used < cap; k++)
            used += (size_t)snprintf(buf + used, cap - used, "%s%ld", k ? "," : "", given->axes[k]);
    }
}

int cmd_explain(int argc, char **argv) {
    op_args a;
    const char *pos[2];
    int npos, rc, tty = isatty(fileno(stderr)), integer, staged;
    npy_array in, act;
    opdesc d;
    unsigned char *out = NULL, *want = NULL;
    op_args *configs = NULL;
    const char **labels = NULL;
    int *stacks = NULL;
    candidate *cands = NULL;
    size_t ncand = 0, total, cfg, matches = 0, shown = 0, printed = 0, k, n, npresets = 0, refused = 0;
    unsigned axis = 0;
    if (wants_help(argc, argv)) {
        fputs(HELP_EXPLAIN, stdout);
        print_op_help(stdout);
        return 0;
    }
    if ((rc = parse_op_command(argc, argv, &a, pos, 2, &npos, NULL)) != 0) return rc;
    if ((rc = npy_load_pair(pos[0], &in, pos[1], &act)) != 0) return rc;
    if ((rc = build_desc(&d, &a, &in, act.type)) != 0) goto done;
    if ((rc = check_output(&act, &d, pos[1])) != 0) goto done;
    n = d.out_count;
    want = packed_le(&act);
    out = (unsigned char *)xcalloc((size_t)d.out_bytes + 8);
    /* integer scans and reductions have one answer: SEQUENTIAL stands for every order */
    integer = a.op->float_orders != 0 && !is_float_type(in.type);
    if (integer)
        printf("%s is an integer %s: every order, accumulation and seed give the same result\n", pos[0],
               a.op->shape == DMLREF_SHAPE_SCAN ? "scan" : "reduction");
    staged = a.op->shape == DMLREF_SHAPE_SCAN && !integer;
    if (staged) {
        long ax = a.axis_set ? a.axis : (long)in.rank - 1;
        axis = (unsigned)(ax < 0 ? ax + (long)in.rank : ax);
        npresets = op_presets(&a, in.type, in.count / in.shape[axis], in.shape[axis], axis, in.rank, NULL, NULL, NULL);
    }
    total = npresets + op_configurations(&a, integer, NULL) +
            (staged ? op_family(&a, in.type == DML_TENSOR_DATA_TYPE_FLOAT16, NULL) : 0);
    configs = (op_args *)xcalloc(total * sizeof *configs);
    labels = (const char **)xcalloc(total * sizeof *labels);
    stacks = (int *)xcalloc(total * sizeof *stacks);
    if (staged)
        op_presets(&a, in.type, in.count / in.shape[axis], in.shape[axis], axis, in.rank, configs, labels, stacks);
    k = npresets + op_configurations(&a, integer, configs + npresets);
    if (staged) op_family(&a, in.type == DML_TENSOR_DATA_TYPE_FLOAT16, configs + k);
    cands = (candidate *)xcalloc(total * sizeof *cands);
    for (cfg = 0; cfg < total; cfg++) {
        cands[cfg].a = configs[cfg];
        cands[cfg].label = labels[cfg];
        cands[cfg].stack = stacks[cfg];
        cands[cfg].alive = 1;
    }
    ncand = total;
    if (staged) { /* probes: the start of the first line, longer, the whole line; then the tensor */
        static const size_t probe_lengths[3] = {64, 1024, 0};
        size_t stage, len = in.shape[axis], done_len = 0;
        unsigned char *probe_out = (unsigned char *)xcalloc(len * act.esize + 8);
        for (stage = 0; stage < 3; stage++) {
            size_t count = probe_lengths[stage] && probe_lengths[stage] < len ? probe_lengths[stage] : len, alive = 0;
            npy_array pin, pact;
            unsigned char *pwant;
            if (count <= done_len || (count == len && len == n)) continue; /* the tensor run covers it */
            probe_line(&in, axis, count, a.reverse, &pin);
            probe_line(&act, axis, count, a.reverse, &pact);
            pwant = packed_le(&pact);
            for (cfg = 0; cfg < ncand; cfg++) {
                if (!cands[cfg].alive) continue;
                if (tty && cfg % 4096 == 0)
                    fprintf(stderr, "\rexplain: probe of %lu elements, %lu/%lu", (unsigned long)count,
                            (unsigned long)cfg, (unsigned long)ncand);
                cands[cfg].share = run_share(&cands[cfg], &pin, pwant, act.type, 1, probe_out);
                cands[cfg].alive = cands[cfg].share == 1.0;
                refused += cands[cfg].share < 0;
                alive += (size_t)cands[cfg].alive;
            }
            free(pwant);
            npy_free(&pin);
            npy_free(&pact);
            done_len = count;
            if (!alive) break;
        }
        free(probe_out);
    }
    for (cfg = 0; cfg < ncand; cfg++) { /* the whole tensor, for the candidates left */
        if (!cands[cfg].alive) continue;
        if (tty) fprintf(stderr, "\rexplain: whole tensor, %lu/%lu%20s", (unsigned long)cfg, (unsigned long)ncand, "");
        cands[cfg].share = run_share(&cands[cfg], &in, want, act.type, 0, out);
        cands[cfg].alive = cands[cfg].share >= 0;
        refused += cands[cfg].share < 0; /* EXACT with another accumulation, say: not a configuration */
    }
    if (tty) fprintf(stderr, "\r%70s\r", "");
    for (k = 0; k < ncand; k++)
        if (cands[k].alive && cands[k].share == 1.0) {
            char desc[256];
            matches++;
            if (!cands[k].label && shown >= 12) continue;
            describe_run(&cands[k], &a, desc, sizeof desc);
            if (matches == 1) printf("reproduces %s bit for bit:\n", pos[1]);
            if (cands[k].label) printf("  %s   (%s)\n", desc, cands[k].label);
            else printf("  %s\n", desc), shown++;
            printed++;
        }
    if (!matches) {
        size_t refine = 0;
        /* the closest: those best on the last probe, measured on the whole tensor */
        qsort(cands, ncand, sizeof *cands, cmp_cand);
        for (k = 0; k < ncand && refine < 24; k++)
            if (cands[k].share >= 0 && !cands[k].alive) {
                cands[k].share = run_share(&cands[k], &in, want, act.type, 0, out);
                refine++;
            }
        qsort(cands, refine < ncand ? refine : ncand, sizeof *cands, cmp_cand);
        printf("no configuration reproduces %s bit for bit; the closest:\n", pos[1]);
        for (k = 0; k < ncand && k < 5; k++) {
            char desc[256];
            describe_run(&cands[k], &a, desc, sizeof desc);
            printf("  %8.4f%% identical  %s%s%s%s\n", 100.0 * cands[k].share, desc, cands[k].label ? "   (" : "",
                   cands[k].label ? cands[k].label : "", cands[k].label ? ")" : "");
        }
    } else {
        if (matches > printed) printf("  ... (%lu more)\n", (unsigned long)(matches - printed));
        printf("%lu of %lu configurations reproduce it\n", (unsigned long)matches, (unsigned long)(ncand - refused));
    }
    rc = matches ? 0 : 1;
done:
    free(out);
    free(want);
    free(configs);
    free(labels);
    free(stacks);
    free(cands);
    npy_free(&in);
    npy_free(&act);
    return rc;
}
