/* cli/cmd_compare.c - `dmlref compare EXPECTED.npy ACTUAL.npy [--ulp N] [--bound BOUND.npy]
   [--zero-sign-equal]`: ULP and absolute differences, class mismatches, the first difference. */
#include "cli.h"
#include "npy.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *HELP_COMPARE =
    "usage: dmlref compare EXPECTED.npy ACTUAL.npy [--ulp N] [--bound BOUND.npy] [--zero-sign-equal]\n"
    "Prints the element count, bit-identical count and share, the max and 50/90/99th percentile\n"
    "ULP distance (floats: ordered-integer distance, -0.0 and +0.0 one apart; integers: |a - e|),\n"
    "NaN and infinity class mismatches (not counted in ULP statistics), max absolute and\n"
    "relative difference, with --bound the count of |a - e| > bound (BOUND: float64, same shape),\n"
    "and the first differing element as an N-D index.\n"
    "Tolerance: by default, bit-identical; with --ulp N, every element within N ULP (NaN\n"
    "matches NaN whatever its payload) and no NaN/infinity class mismatch; with --bound, every\n"
    "|a - e| <= bound (and no class mismatch), plus the --ulp test when both are given.\n"
    "--zero-sign-equal: -0.0 and +0.0 are equal (in the default test and in ULP distances).\n"
    "Exit: 0 within tolerance, 1 not, 2 error (shape or dtype mismatch included).\n";

static int cmp_u64(const void *x, const void *y) {
    uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
    return a < b ? -1 : a > b;
}

static void format_value(DML_TENSOR_DATA_TYPE t, const unsigned char *p, char *buf, size_t cap) {
    unsigned size = dmlref_data_type_size(t);
    if (is_float_type(t))
        snprintf(buf, cap, "%.17g (0x%0*llx)", elem_double(t, p), (int)size * 2,
                 (unsigned long long)elem_bits(p, size));
    else if (t == DML_TENSOR_DATA_TYPE_UINT64) snprintf(buf, cap, "%llu", (unsigned long long)elem_bits(p, 8));
    else if (t == DML_TENSOR_DATA_TYPE_INT64) {
        int64_t v;
        memcpy(&v, p, 8);
        snprintf(buf, cap, "%lld", (long long)v);
    } else snprintf(buf, cap, "%.0f", elem_double(t, p));
}

int cmd_compare(int argc, char **argv) {
    const char *files[2], *bound_path = NULL;
    int nfiles = 0, i, rc, zero_eq = 0, ulp_set = 0;
    unsigned long long ulp_tol = 0;
    npy_array e, a, b;
    size_t n, k, identical = 0, equivalent = 0, nan_mis = 0, inf_mis = 0, outside = 0, nd = 0, first = (size_t)-1;
    uint64_t *dist, maxd = 0;
    double max_abs = 0, max_rel = 0;
    int isf, within;
    unsigned esz;
    if (wants_help(argc, argv)) {
        fputs(HELP_COMPARE, stdout);
        return 0;
    }
    for (i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--ulp") == 0) {
            char *endp;
            if (i + 1 >= argc) {
                fail("option --ulp needs a value");
                return 2;
            }
            errno = 0;
            ulp_tol = strtoull(argv[++i], &endp, 10);
            if (!argv[i][0] || *endp || errno || argv[i][0] == '-') {
                fail("option --ulp: '%s' is not a non-negative integer", argv[i]);
                return 2;
            }
            ulp_set = 1;
        } else if (strcmp(argv[i], "--bound") == 0) {
            if (i + 1 >= argc) {
                fail("option --bound needs a file name");
                return 2;
            }
            bound_path = argv[++i];
        } else if (strcmp(argv[i], "--zero-sign-equal") == 0) zero_eq = 1;
        else if (argv[i][0] == '-' && argv[i][1]) {
            fail("unknown option %s", argv[i]);
            return 2;
        } else if (nfiles < 2) files[nfiles++] = argv[i];
        else {
            fail("unexpected argument '%s'", argv[i]);
            return 2;
        }
    }
    if (nfiles != 2) {
        fail("compare: expected EXPECTED.npy and ACTUAL.npy");
        return 2;
    }
    if ((rc = npy_load_pair(files[0], &e, files[1], &a)) != 0) return rc;
    memset(&b, 0, sizeof b);
    if (e.type != a.type) {
        fail("dtype mismatch: %s is %s, %s is %s", files[0], dtype_name(e.type), files[1], dtype_name(a.type));
        rc = 2;
        goto done;
    }
    if (!same_shape(&e, &a) && same_squeezed(e.rank, e.shape, a.rank, a.shape)) { /* keepdims or not */
        a.rank = e.rank;
        memcpy(a.shape, e.shape, e.rank * sizeof(UINT));
    }
    if (!same_shape(&e, &a)) {
        char s1[128], s2[128];
        format_shape(e.rank, e.shape, s1, sizeof s1);
        format_shape(a.rank, a.shape, s2, sizeof s2);
        fail("shape mismatch: %s is %s, %s is %s", files[0], s1, files[1], s2);
        rc = 2;
        goto done;
    }
    if (bound_path) {
        if ((rc = npy_load(bound_path, &b)) != 0) goto done;
        if (b.type != DML_TENSOR_DATA_TYPE_FLOAT64 || !same_shape(&b, &e)) {
            char s1[128], s2[128];
            format_shape(b.rank, b.shape, s1, sizeof s1);
            format_shape(e.rank, e.shape, s2, sizeof s2);
            fail("%s: the bound must be float64 with the shape of the arrays compared (it is %s %s, they are %s)",
                 bound_path, dtype_name(b.type), s1, s2);
            rc = 2;
            goto done;
        }
    }
    n = e.count;
    esz = e.esize;
    isf = is_float_type(e.type);
    dist = (uint64_t *)xcalloc(n * sizeof *dist);
    for (k = 0; k < n; k++) {
        const unsigned char *pe = npy_elem(&e, k), *pa = npy_elem(&a, k);
        uint64_t be = elem_bits(pe, esz), ba = elem_bits(pa, esz), dk;
        if (be == ba) identical++;
        if (be == ba || (zero_eq && isf && elem_double(e.type, pe) == 0.0 && elem_double(e.type, pa) == 0.0))
            equivalent++;
        else if (first == (size_t)-1) first = k;
        if (isf) {
            int ne = float_is_nan(e.type, be), na = float_is_nan(e.type, ba);
            int ie = float_is_inf(e.type, be), ia = float_is_inf(e.type, ba);
            double ve, va, ad;
            if (ne || na) {
                if (ne != na) nan_mis++;
                continue;
            }
            if (ie || ia) {
                if (be != ba) {
                    inf_mis++;
                    continue;
                }
            }
            dk = float_key(esz, be) > float_key(esz, ba) ? float_key(esz, be) - float_key(esz, ba)
                                                         : float_key(esz, ba) - float_key(esz, be);
            ve = elem_double(e.type, pe);
            va = elem_double(e.type, pa);
            if (zero_eq && ve == 0.0 && va == 0.0) dk = 0;
            if (!ie) {
                ad = fabs(va - ve);
                if (ad > max_abs) max_abs = ad;
                if (ad > 0) {
                    double rel = ve != 0 ? ad / fabs(ve) : INFINITY;
                    if (rel > max_rel) max_rel = rel;
                }
                if (bound_path &&
                    !((double)fabsl((long double)va - (long double)ve) <= elem_double(b.type, npy_elem(&b, k))))
                    outside++;
            }
        } else {
            double ad;
            dk = int_distance(e.type, pe, pa);
            ad = dk == 0 ? 0.0 : (double)dk;
            if (ad > max_abs) max_abs = ad;
            if (ad > 0) {
                double ve = elem_double(e.type, pe);
                double rel = ve != 0 ? ad / fabs(ve) : INFINITY;
                if (rel > max_rel) max_rel = rel;
            }
            if (bound_path && !(ad <= elem_double(b.type, npy_elem(&b, k)))) outside++;
        }
        dist[nd++] = dk;
        if (dk > maxd) maxd = dk;
    }
    qsort(dist, nd, sizeof *dist, cmp_u64);
    printf("dtype:               %s\n", dtype_name(e.type));
    printf("elements:            %lu\n", (unsigned long)n);
    printf("bit-identical:       %lu (%.4f%%)\n", (unsigned long)identical,
           n ? 100.0 * (double)identical / (double)n : 0.0);
    if (nd) {
        size_t p50 = (nd * 50 + 99) / 100, p90 = (nd * 90 + 99) / 100, p99 = (nd * 99 + 99) / 100;
        printf("%s max %llu, p50 %llu, p90 %llu, p99 %llu (over %lu elements)\n",
               isf ? "ulp distance:       " : "distance:           ", (unsigned long long)maxd,
               (unsigned long long)dist[p50 ? p50 - 1 : 0], (unsigned long long)dist[p90 ? p90 - 1 : 0],
               (unsigned long long)dist[p99 ? p99 - 1 : 0], (unsigned long)nd);
    }
    if (isf) {
        printf("nan class mismatches: %lu\n", (unsigned long)nan_mis);
        printf("inf class mismatches: %lu\n", (unsigned long)inf_mis);
    }
    printf("max abs difference:  %.9g\n", max_abs);
    printf("max rel difference:  %.9g\n", max_rel);
    if (bound_path) printf("outside bound:       %lu\n", (unsigned long)outside);
    if (first != (size_t)-1) {
        char idx[160], ve[96], va[96];
        format_index(&e, first, idx, sizeof idx);
        format_value(e.type, npy_elem(&e, first), ve, sizeof ve);
        format_value(e.type, npy_elem(&a, first), va, sizeof va);
        printf("first difference:    %s expected %s actual %s\n", idx, ve, va);
    }
    if (ulp_set) within = maxd <= ulp_tol && nan_mis == 0 && inf_mis == 0;
    else if (bound_path) within = nan_mis == 0 && inf_mis == 0;
    else within = equivalent == n;
    if (bound_path && outside) within = 0;
    printf("result:              %s\n", within ? "within tolerance" : "NOT within tolerance");
    free(dist);
    rc = within ? 0 : 1;
done:
    npy_free(&e);
    npy_free(&a);
    npy_free(&b);
    return rc;
}
