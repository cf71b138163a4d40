/* cli/cmd_check.c - `dmlref check OP [options] INPUT.npy ACTUAL.npy`: judges another implementation's
   float scan against a reference and dmlref_error_bound with float_order ANY (docs/judging.md). */
#include "cli.h"
#include "ops.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *HELP_CHECK =
    "usage: dmlref check OP [operator options] INPUT.npy ACTUAL.npy   (OP: cumsum | cumprod, float)\n"
    "Judges ACTUAL, a scan of INPUT computed in an unknown order, against a reference and\n"
    "dmlref_error_bound with float_order ANY for --accumulation (default: default):\n"
    "  cumsum:  reference = float_order EXACT (the exact sum rounded once); an output is outside\n"
    "           when |actual - exact| > bound + half an ulp of exact; an infinite output of a\n"
    "           finite prefix, unless |exact| + bound reaches the type's overflow threshold.\n"
    "  cumprod: there is no EXACT product: the reference is SEQUENTIAL with accumulation wide,\n"
    "           and its own SEQUENTIAL bound replaces the half ulp (so the test stays rigorous).\n"
    "--order is ignored (ANY covers every order); --axis, --exclusive, --reverse, --identity-seed apply.\n"
    "Prints the outputs outside (first few indices), error/bound (median, 90th, max), and the\n"
    "narrowest accumulation (wide, default, native) whose ANY bound contains every output.\n"
    "Exit: 1 if an output is outside the bound of the given accumulation, 0 otherwise, 2 error.\n";

/* Spacing of the output type at |v| (v representable in t). */
static double ulp_at(DML_TENSOR_DATA_TYPE t, double v) {
    double a = fabs(v);
    if (t == DML_TENSOR_DATA_TYPE_FLOAT64) {
        double n = nextafter(a, INFINITY);
        return isinf(n) ? a - nextafter(a, 0.0) : n - a;
    }
    if (t == DML_TENSOR_DATA_TYPE_FLOAT32) {
        float n = nextafterf((float)a, INFINITY);
        return isinf(n) ? a - (double)nextafterf((float)a, 0.0f) : (double)n - a;
    }
    {
        uint16_t h = dmlref_f32_to_f16((float)a);
        if ((h & 0x7FFFu) >= 0x7BFFu) return 32.0; /* spacing at the top of binary16 */
        return (double)dmlref_f16_to_f32((uint16_t)(h + 1)) - (double)dmlref_f16_to_f32(h);
    }
}

/* The magnitude from which a sum rounds to infinity in t (float64: its largest value, as a double can hold). */
static double overflow_threshold(DML_TENSOR_DATA_TYPE t) {
    if (t == DML_TENSOR_DATA_TYPE_FLOAT16) return 65520.0;
    if (t == DML_TENSOR_DATA_TYPE_FLOAT32) return ldexp(1.0, 128) - ldexp(1.0, 103);
    return DBL_MAX;
}

static int cmp_double(const void *x, const void *y) {
    double a = *(const double *)x, b = *(const double *)y;
    return a < b ? -1 : a > b;
}

/* check: counts outputs outside reference +- tolerance. */
typedef struct judge_result {
    size_t outside, unbounded;
    size_t first[5];
    double *ratios;
    size_t nratios;
} judge_result;

static void judge(const npy_array *act, DML_TENSOR_DATA_TYPE t, const unsigned char *ref, const double *bound,
                  const double *extra, judge_result *r, size_t n) {
    size_t k;
    unsigned esz = dmlref_data_type_size(t);
    r->outside = r->unbounded = r->nratios = 0;
    for (k = 0; k < n; k++) {
        const unsigned char *pa = npy_elem(act, k), *pr = ref + k * esz;
        uint64_t ba = elem_bits(pa, esz), br = elem_bits(pr, esz);
        double tol = bound[k] + extra[k];
        int out = 0;
        if (isinf(tol) || isnan(tol)) {
            r->unbounded++;
            continue;
        }
        if (float_is_nan(t, ba) || float_is_nan(t, br)) out = !(float_is_nan(t, ba) && float_is_nan(t, br));
        else if (isinf(elem_double(t, pa)) && !isinf(elem_double(t, pr))) /* an order may overflow there */
            out = !(fabs(elem_double(t, pr)) + tol >= overflow_threshold(t));
        else {
            long double err = fabsl((long double)elem_double(t, pa) - (long double)elem_double(t, pr));
            if (err > (long double)tol) out = 1;
            if (r->ratios)
                r->ratios[r->nratios++] = tol > 0 ? (double)(err / (long double)tol) : (err > 0 ? INFINITY : 0.0);
        }
        if (out) {
            if (r->outside < 5) r->first[r->outside] = k;
            r->outside++;
        }
    }
}

int cmd_check(int argc, char **argv) {
    op_args a;
    const char *pos[2];
    int npos, rc, acc, consistent = -1, verdict = 0;
    npy_array in, act;
    opdesc d;
    dmlref_options o;
    char msg[512] = "";
    unsigned char *ref = NULL;
    double *bound = NULL, *extra = NULL;
    size_t n, k;
    judge_result r;
    static const int acc_order[3] = {DMLREF_ACCUMULATION_WIDE, DMLREF_ACCUMULATION_DEFAULT, DMLREF_ACCUMULATION_NATIVE};
    if (wants_help(argc, argv)) {
        fputs(HELP_CHECK, stdout);
        print_op_help(stdout);
        return 0;
    }
    if ((rc = parse_op_command(argc, argv, &a, pos, 2, &npos, NULL)) != 0) return rc;
    if (!op_has_any_bound(a.op)) {
        char list[128];
        op_names(list, sizeof list, "/", op_has_any_bound);
        fail("check judges %s; compare %s outputs with `dmlref compare`", list, a.op->cli_name);
        return 2;
    }
    if ((rc = npy_load_pair(pos[0], &in, pos[1], &act)) != 0) return rc;
    memset(&r, 0, sizeof r);
    if (!is_float_type(in.type)) {
        fail(
            "check judges float scans (%s is %s); integer scans have one answer: use `dmlref run` and `dmlref compare`",
            pos[0], dtype_name(in.type));
        rc = 2;
        goto done;
    }
    if ((rc = build_desc(&d, &a, &in, DML_TENSOR_DATA_TYPE_INT64)) != 0) goto done;
    if (act.type != in.type || !same_shape(&act, &in)) {
        char have[128], need[128];
        format_shape(act.rank, act.shape, have, sizeof have);
        format_shape(in.rank, in.shape, need, sizeof need);
        fail("%s (%s, shape %s) must have the dtype and shape of %s (%s, shape %s)", pos[1], dtype_name(act.type), have,
             pos[0], dtype_name(in.type), need);
        rc = 2;
        goto done;
    }
    n = d.out_count;
    ref = (unsigned char *)xcalloc((size_t)d.out_bytes + 8);
    bound = (double *)xcalloc(n * sizeof *bound + 8);
    extra = (double *)xcalloc(n * sizeof *extra + 8);
    r.ratios = (double *)xcalloc(n * sizeof *r.ratios);
    /* the reference */
    options_from_args(&o, &a, msg, sizeof msg);
    if (a.op->float_orders & (1u << DMLREF_FLOAT_ORDER_EXACT)) {
        o.float_order = DMLREF_FLOAT_ORDER_EXACT;
        o.accumulation = DMLREF_ACCUMULATION_DEFAULT;
        if ((rc = exec_op(&d, &in, ref, &o)) != 0) goto done;
        for (k = 0; k < n; k++) extra[k] = 0.5 * ulp_at(in.type, elem_double(in.type, ref + k * in.esize));
        printf("reference:   EXACT (each output the exact sum, rounded once); tolerance: ANY bound + half an ulp of "
               "exact\n");
    } else {
        o.float_order = DMLREF_FLOAT_ORDER_SEQUENTIAL;
        o.accumulation = DMLREF_ACCUMULATION_WIDE;
        if ((rc = exec_op(&d, &in, ref, &o)) != 0) goto done;
        if ((rc = exec_bound(&d, &in, extra, &o)) != 0) goto done;
        printf("reference:   SEQUENTIAL, accumulation wide (products have no EXACT order); tolerance: ANY bound + "
               "the reference's own SEQUENTIAL bound\n");
    }
    /* the bound of every accumulation, narrowest first */
    for (acc = 0; acc < 3; acc++) {
        int which = acc_order[acc];
        options_from_args(&o, &a, msg, sizeof msg);
        o.float_order = DMLREF_FLOAT_ORDER_ANY;
        o.accumulation = which;
        if ((rc = exec_bound(&d, &in, bound, &o)) != 0) goto done;
        {
            double *keep = r.ratios;
            if (which != a.accumulation) r.ratios = NULL;
            judge(&act, in.type, ref, bound, extra, &r, n);
            r.ratios = keep;
        }
        if (r.outside == 0 && consistent < 0) consistent = which;
        if (which == a.accumulation) {
            printf("accumulation: %s (ANY bound)\n", accumulation_name(which));
            printf("outputs:     %lu\n", (unsigned long)n);
            printf("outside:     %lu", (unsigned long)r.outside);
            if (r.outside) {
                size_t j;
                printf("  first:");
                for (j = 0; j < r.outside && j < 5; j++) {
                    char idx[160];
                    format_index(&in, r.first[j], idx, sizeof idx);
                    printf(" %s", idx);
                }
            }
            printf("\n");
            if (r.unbounded)
                printf("unbounded:   %lu (infinite bound: a non-finite input or possible overflow)\n",
                       (unsigned long)r.unbounded);
            if (r.nratios) {
                size_t p50 = (r.nratios * 50 + 99) / 100, p90 = (r.nratios * 90 + 99) / 100;
                qsort(r.ratios, r.nratios, sizeof *r.ratios, cmp_double);
                printf("error/bound: median %.3g, p90 %.3g, max %.3g\n", r.ratios[p50 ? p50 - 1 : 0],
                       r.ratios[p90 ? p90 - 1 : 0], r.ratios[r.nratios - 1]);
            }
            verdict = r.outside ? 1 : 0;
        }
    }
    if (consistent >= 0)
        printf("consistent with: accumulation %s (the narrowest ANY bound that contains every output)\n",
               accumulation_name(consistent));
    else printf("consistent with: none (outside the ANY bound of every accumulation)\n");
    printf("result:      %s\n", verdict ? "OUTSIDE the bound" : "inside the bound");
    rc = verdict;
done:
    free(ref);
    free(bound);
    free(extra);
    free(r.ratios);
    npy_free(&in);
    npy_free(&act);
    return rc;
}
