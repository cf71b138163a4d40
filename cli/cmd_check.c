/* cli/cmd_check.c - `dmlref check OP [options] INPUT.npy ACTUAL.npy`: judges another implementation's
   float scan against a reference and dmlref_error_bound with float_order ANY (docs/judging.md). */
#include "cli.h"
#include "ops.h"

#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *HELP_CHECK =
    "usage: dmlref check OP [operator options] [--ulp N] INPUT.npy ACTUAL.npy\n"
    "  (OP: cumsum | cumprod, float; or a reduction: reduce-sum, ..., reduce --function F)\n"
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
    "Exit: 1 if an output is outside the bound of the given accumulation, 0 otherwise, 2 error.\n"
    "Reductions: dmlref_error_bound does not cover them yet, so there is no bound to judge by. The\n"
    "  reference is EXACT where the function has it (sum, average, l1, sum-square, l2), else SEQUENTIAL\n"
    "  with accumulation wide (log-sum, log-sum-exp, multiply), or the one answer (min, max, integer\n"
    "  inputs); check prints the ULP distances of ACTUAL (or its squeezed shape) to it, and with\n"
    "  --ulp N the outputs farther than N ulp (exit 1 if any; without --ulp, exit 0: no verdict).\n";

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

static int cmp_u64(const void *x, const void *y) {
    uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
    return a < b ? -1 : a > b;
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

/* check of a reduction: the ULP distances of ACTUAL to a reference (there is no error bound to judge by). */
static int check_reduction(op_args *a, const char *const *pos, int ulp_set, unsigned long long ulp_tol) {
    npy_array in, act;
    opdesc d;
    dmlref_options o;
    char msg[512] = "";
    unsigned char *ref = NULL;
    uint64_t *dist = NULL, maxd = 0;
    size_t n, k, nd = 0, identical = 0, nan_mis = 0, inf_mis = 0, outside = 0, first[5];
    int rc, isf;
    if ((rc = npy_load_pair(pos[0], &in, pos[1], &act)) != 0) return rc;
    if ((rc = build_desc(&d, a, &in, DML_TENSOR_DATA_TYPE_INT64)) != 0) goto done;
    if ((rc = check_output(&act, &d, pos[1])) != 0) goto done;
    n = d.out_count;
    isf = is_float_type(in.type);
    ref = (unsigned char *)xcalloc((size_t)d.out_bytes + 8);
    dist = (uint64_t *)xcalloc(n * sizeof *dist + 8);
    options_from_args(&o, a, msg, sizeof msg);
    if (isf && (a->op->float_orders & (1u << DMLREF_FLOAT_ORDER_EXACT))) {
        o.float_order = DMLREF_FLOAT_ORDER_EXACT;
        o.accumulation = DMLREF_ACCUMULATION_DEFAULT;
        printf("reference:   EXACT (the function of the exact sum, rounded once)\n");
    } else if (isf && a->op->float_orders) {
        o.float_order = DMLREF_FLOAT_ORDER_SEQUENTIAL;
        o.accumulation = DMLREF_ACCUMULATION_WIDE;
        printf("reference:   SEQUENTIAL, accumulation wide (%s has no EXACT order)\n", a->op->name);
    } else
        printf("reference:   the one answer (%s)\n",
               isf ? "MIN and MAX return an element" : "integers wrap modulo 2^bits: every order gives it");
    if ((rc = exec_op(&d, &in, ref, &o)) != 0) goto done;
    for (k = 0; k < n; k++) {
        const unsigned char *pa = npy_elem(&act, k), *pr = ref + k * in.esize;
        uint64_t ba = elem_bits(pa, in.esize), br = elem_bits(pr, in.esize), dk;
        int mismatch = 0;
        identical += ba == br;
        if (!isf) dk = int_distance(in.type, pa, pr);
        else if (float_is_nan(in.type, ba) || float_is_nan(in.type, br)) {
            nan_mis += mismatch = float_is_nan(in.type, ba) != float_is_nan(in.type, br);
            dk = 0;
        } else if ((float_is_inf(in.type, ba) || float_is_inf(in.type, br)) && ba != br) {
            inf_mis += mismatch = 1;
            dk = 0;
        } else {
            uint64_t ka = float_key(in.esize, ba), kr = float_key(in.esize, br);
            dk = ka > kr ? ka - kr : kr - ka;
        }
        if (!mismatch && !(isf && float_is_nan(in.type, ba))) {
            dist[nd++] = dk;
            if (dk > maxd) maxd = dk;
        }
        if (ulp_set && (mismatch || dk > ulp_tol)) {
            if (outside < 5) first[outside] = k;
            outside++;
        }
    }
    qsort(dist, nd, sizeof *dist, cmp_u64);
    printf("outputs:     %lu\n", (unsigned long)n);
    printf("identical:   %lu\n", (unsigned long)identical);
    if (nd) {
        size_t p50 = (nd * 50 + 99) / 100, p90 = (nd * 90 + 99) / 100;
        printf("%s median %llu, p90 %llu, max %llu\n",
               isf ? "ulp:        " : "distance:   ", (unsigned long long)dist[p50 ? p50 - 1 : 0],
               (unsigned long long)dist[p90 ? p90 - 1 : 0], (unsigned long long)maxd);
    }
    if (nan_mis || inf_mis)
        printf("mismatches:  %lu NaN, %lu infinity (one side only)\n", (unsigned long)nan_mis, (unsigned long)inf_mis);
    if (!a->op->bound_orders) /* the operator table says which operators dmlref_error_bound covers */
        printf("bound:       none: dmlref_error_bound does not cover %s yet (its operator-table row has no bound "
               "orders)\n",
               a->op->name);
    else printf("bound:       dmlref_error_bound covers %s, but check judges reductions by ULP only\n", a->op->name);
    if (ulp_set) {
        printf("outside:     %lu farther than %llu ulp", (unsigned long)outside, ulp_tol);
        for (k = 0; k < outside && k < 5; k++) {
            char idx[160];
            format_index(&act, first[k], idx, sizeof idx);
            printf("%s %s", k ? "" : "  first:", idx);
        }
        printf("\nresult:      %s\n", outside ? "OUTSIDE the ULP tolerance" : "within the ULP tolerance");
        rc = outside ? 1 : 0;
    } else {
        printf("result:      no verdict (no error bound; --ulp N sets a tolerance)\n");
        rc = 0;
    }
done:
    free(ref);
    free(dist);
    npy_free(&in);
    npy_free(&act);
    return rc;
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
    unsigned long long ulp_tol = 0;
    int ulp_set = 0;
    if (wants_help(argc, argv)) {
        fputs(HELP_CHECK, stdout);
        print_op_help(stdout);
        return 0;
    }
    for (k = 0; k < (size_t)argc; k++) /* --ulp N: check's own option (reductions), taken out of argv */
        if (strcmp(argv[k], "--ulp") == 0) {
            char *endp;
            if (k + 1 >= (size_t)argc) {
                fail("option --ulp needs a value");
                return 2;
            }
            errno = 0;
            ulp_tol = strtoull(argv[k + 1], &endp, 10);
            if (!argv[k + 1][0] || *endp || errno || argv[k + 1][0] == '-') {
                fail("option --ulp: '%s' is not a non-negative integer", argv[k + 1]);
                return 2;
            }
            ulp_set = 1;
            memmove(argv + k, argv + k + 2, (size_t)(argc - (int)k - 2) * sizeof *argv);
            argc -= 2;
            k--;
        }
    if ((rc = parse_op_command(argc, argv, &a, pos, 2, &npos, NULL)) != 0) return rc;
    if (op_is_reduction(a.op)) return check_reduction(&a, pos, ulp_set, ulp_tol);
    if (ulp_set) {
        fail("option --ulp applies to check of reductions (a scan is judged by its ANY error bound)");
        return 2;
    }
    if (!op_has_any_bound(a.op)) {
        char list[256];
        op_names(list, sizeof list, "/", op_has_any_bound);
        fail("check judges %s and the reductions; compare %s outputs with `dmlref compare`", list, a.op->cli_name);
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
