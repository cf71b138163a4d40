/* tests/elementary/gen_elementary.c - generates the constants and tables of dml_ref.h's >>elementary
   section with MPFR (300 bits).
   cc -O2 gen_elementary.c -lmpfr -lgmp -lm && ./a.out */
#include <mpfr.h>
#include <stdio.h>
#include <stdint.h>
#include <string.h>
#include <math.h>
#define P 300
static uint64_t B(double d) { uint64_t u; memcpy(&u, &d, 8); return u; }
static double D(uint64_t u) { double d; memcpy(&d, &u, 8); return d; }
static void dd(mpfr_t v, double *hi, double *lo) {
    mpfr_t t; mpfr_init2(t, P);
    *hi = mpfr_get_d(v, MPFR_RNDN);
    mpfr_sub_d(t, v, *hi, MPFR_RNDN);
    *lo = mpfr_get_d(t, MPFR_RNDN);
    mpfr_clear(t);
}
static double roundbits(mpfr_t v, int bits, mpfr_rnd_t rnd) {
    mpfr_t t; double r; mpfr_init2(t, bits); mpfr_set(t, v, rnd); r = mpfr_get_d(t, MPFR_RNDN); mpfr_clear(t); return r;
}
static void pc(const char *name, double d, const char *what) {
    printf("#define %s UINT64_C(0x%016llX) /* %s = %.17g */\n", name, (unsigned long long)B(d), what, d);
}
int main(void) {
    mpfr_t ln2, v, t; double a, b, c, hi, lo; int i;
    mpfr_inits2(P, ln2, v, t, (mpfr_ptr)0);
    mpfr_const_log2(ln2, MPFR_RNDN);
    /* exp */
    mpfr_div_ui(v, ln2, 32, MPFR_RNDN);
    a = roundbits(v, 32, MPFR_RNDZ); mpfr_sub_d(t, v, a, MPFR_RNDN); b = mpfr_get_d(t, MPFR_RNDN);
    mpfr_sub_d(t, t, b, MPFR_RNDN); c = mpfr_get_d(t, MPFR_RNDN);
    mpfr_ui_div(t, 32, ln2, MPFR_RNDN);
    pc("DMLREF__EL_INV32", mpfr_get_d(t, MPFR_RNDN), "32/ln2");
    pc("DMLREF__EL_E32A", a, "ln2/32 cut to 32 bits");
    pc("DMLREF__EL_E32B", b, "ln2/32 - E32A");
    mpfr_ui_div(t, 1024, ln2, MPFR_RNDN);
    pc("DMLREF__EL_INV1024", mpfr_get_d(t, MPFR_RNDN), "1024/ln2");
    pc("DMLREF__EL_E1024A", a / 32, "ln2/1024 cut to 32 bits");
    pc("DMLREF__EL_E1024B", b / 32, "next 53 bits");
    pc("DMLREF__EL_E1024C", c / 32, "next 53 bits");
    {   /* check of the residual */
        mpfr_div_ui(v, ln2, 1024, MPFR_RNDN); mpfr_sub_d(v, v, a / 32, MPFR_RNDN); mpfr_sub_d(v, v, b / 32, MPFR_RNDN);
        mpfr_sub_d(v, v, c / 32, MPFR_RNDN);
        fprintf(stderr, "ln2/1024 residual after 3 parts: 2^%.1f\n", log2(fabs(mpfr_get_d(v, MPFR_RNDN))));
        mpfr_div_ui(v, ln2, 32, MPFR_RNDN); mpfr_sub_d(v, v, a, MPFR_RNDN); mpfr_sub_d(v, v, b, MPFR_RNDN);
        fprintf(stderr, "ln2/32 residual after 2 parts: 2^%.1f\n", log2(fabs(mpfr_get_d(v, MPFR_RNDN))));
        mpfr_div_ui(v, ln2, 32, MPFR_RNDN); mpfr_div_d(v, v, a, MPFR_RNDN); mpfr_sub_ui(v, v, 1, MPFR_RNDN);
        fprintf(stderr, "E32A relative cut 2^%.2f\n", log2(fabs(mpfr_get_d(v, MPFR_RNDN))));
    }
    {   /* Taylor coefficients */
        static const char *nm[] = {"", "", "", "DMLREF__EL_X3", "DMLREF__EL_X4", "DMLREF__EL_X5", "DMLREF__EL_X6", "DMLREF__EL_X7", "DMLREF__EL_X8"};
        static const char *wh[] = {"", "", "", "1/6", "1/24", "1/120", "1/720", "1/5040", "1/40320"};
        long f = 1; int n;
        for (n = 1; n <= 8; n++) {
            f *= n;
            if (n >= 3) { mpfr_set_ui(v, 1, MPFR_RNDN); mpfr_div_ui(v, v, f, MPFR_RNDN); pc(nm[n], mpfr_get_d(v, MPFR_RNDN), wh[n]); }
            if (n == 3) { dd(v, &hi, &lo); pc("DMLREF__EL_X3L", lo, "1/6 - X3"); }
        }
    }
    printf("/* 2^(j/32), hi and lo */\nstatic const uint64_t dmlref__el_exp_t1[64] = {\n");
    for (i = 0; i < 32; i++) {
        mpfr_set_ui(v, i, MPFR_RNDN); mpfr_div_ui(v, v, 32, MPFR_RNDN); mpfr_exp2(v, v, MPFR_RNDN); dd(v, &hi, &lo);
        printf("    UINT64_C(0x%016llX), UINT64_C(0x%016llX),\n", (unsigned long long)B(hi), (unsigned long long)B(lo));
    }
    printf("};\n/* 2^(j/1024), hi and lo */\nstatic const uint64_t dmlref__el_exp_t2[64] = {\n");
    for (i = 0; i < 32; i++) {
        mpfr_set_ui(v, i, MPFR_RNDN); mpfr_div_ui(v, v, 1024, MPFR_RNDN); mpfr_exp2(v, v, MPFR_RNDN); dd(v, &hi, &lo);
        printf("    UINT64_C(0x%016llX), UINT64_C(0x%016llX),\n", (unsigned long long)B(hi), (unsigned long long)B(lo));
    }
    printf("};\n");
    /* log */
    {
        const uint64_t one = UINT64_C(0x3FF0000000000000), I1 = 76;
        const uint64_t off = one - (UINT64_C(1) << 44) - I1 * (UINT64_C(1) << 45);
        double rho = 0, cs[128], lmin = 1;
        printf("#define DMLREF__EL_LOG_OFF UINT64_C(0x%016llX) /* %.17g: z in [OFF, 2 OFF) */\n", (unsigned long long)off, D(off));
        printf("#define DMLREF__EL_LOG_I1 %d /* the interval [1 - 2^-9, 1 + 2^-8), c = 1 */\n", (int)I1);
        for (i = 0; i < 128; i++) {
            double zl = D(off + (uint64_t)i * (UINT64_C(1) << 45)), zh = D(off + (uint64_t)(i + 1) * (UINT64_C(1) << 45)), cc, r1, r2;
            if ((uint64_t)i == I1) cc = 1.0;
            else {
                mpfr_set_d(v, zl, MPFR_RNDN); mpfr_add_d(v, v, zh, MPFR_RNDN); mpfr_div_ui(v, v, 2, MPFR_RNDN);
                mpfr_ui_div(v, 1, v, MPFR_RNDN);
                cc = roundbits(v, 20, MPFR_RNDN);
                if (fabs(log(zl)) < lmin) lmin = fabs(log(zl));
                if (fabs(log(zh)) < lmin) lmin = fabs(log(zh));
            }
            cs[i] = cc;
            /* |z c - 1| at both ends, exactly */
            mpfr_set_d(v, zl, MPFR_RNDN); mpfr_mul_d(v, v, cc, MPFR_RNDN); mpfr_sub_ui(v, v, 1, MPFR_RNDN); r1 = fabs(mpfr_get_d(v, MPFR_RNDU));
            mpfr_set_d(v, zh, MPFR_RNDN); mpfr_mul_d(v, v, cc, MPFR_RNDN); mpfr_sub_ui(v, v, 1, MPFR_RNDN); r2 = fabs(mpfr_get_d(v, MPFR_RNDU));
            if (r1 > rho) rho = r1;
            if (r2 > rho) rho = r2;
        }
        fprintf(stderr, "log: rho = %.9g = 2^%.4f, min |log z| outside I1 = 2^%.4f, z range [%.9g, %.9g)\n", rho, log2(rho), log2(lmin),
                D(off), 2 * D(off));
        printf("/* c_i (20 bits), then -log(c_i) hi and lo */\nstatic const uint64_t dmlref__el_log_c[128] = {\n");
        for (i = 0; i < 128; i++) printf("%sUINT64_C(0x%016llX),%s", i % 4 ? " " : "    ", (unsigned long long)B(cs[i]), i % 4 == 3 ? "\n" : "");
        printf("};\nstatic const uint64_t dmlref__el_log_t[256] = {\n");
        for (i = 0; i < 128; i++) {
            mpfr_set_d(v, cs[i], MPFR_RNDN); mpfr_log(v, v, MPFR_RNDN); mpfr_neg(v, v, MPFR_RNDN); dd(v, &hi, &lo); if (hi == 0) hi = 0.0, lo = 0.0;
            printf("    UINT64_C(0x%016llX), UINT64_C(0x%016llX),\n", (unsigned long long)B(hi), (unsigned long long)B(lo));
        }
        printf("};\n");
    }
    a = roundbits(ln2, 42, MPFR_RNDN); mpfr_sub_d(t, ln2, a, MPFR_RNDN);
    pc("DMLREF__EL_LN2A", a, "ln2 to 42 bits");
    pc("DMLREF__EL_LN2R", mpfr_get_d(t, MPFR_RNDN), "ln2 - LN2A");
    b = roundbits(t, 42, MPFR_RNDN); mpfr_sub_d(t, t, b, MPFR_RNDN);
    pc("DMLREF__EL_LN2B", b, "ln2 - LN2A to 42 bits");
    pc("DMLREF__EL_LN2C", mpfr_get_d(t, MPFR_RNDN), "ln2 - LN2A - LN2B");
    for (i = 3; i <= 12; i++) {
        char name[32], what[32];
        mpfr_set_si(v, (i & 1) ? 1 : -1, MPFR_RNDN); mpfr_div_ui(v, v, i, MPFR_RNDN); dd(v, &hi, &lo);
        snprintf(name, sizeof name, "DMLREF__EL_L%d", i); snprintf(what, sizeof what, "%s1/%d", (i & 1) ? "" : "-", i);
        if (i != 4 && i != 8) pc(name, hi, what);
        if (i == 3 || i == 5 || i == 6) { snprintf(name, sizeof name, "DMLREF__EL_L%dL", i); pc(name, lo, "low part"); }
    }
    return 0;
}
