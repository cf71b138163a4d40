/* tests/elementary/check_elementary.c - the exhaustive checker of dml_ref.h's exp and log
   (>>elementary; docs/elementary-functions.md). `make check-elementary` runs every binary16 and
   binary32 input and 10^7 random binary64 ones; `make test` runs a sample (test-elementary).

   Build (x86-64, with the oracles):
     gcc -O2 -pthread check_elementary.c -o check_elementary -lmpfr -lgmp -lm
   Build anywhere without oracles (--hash and --bench only):
     cc -std=c99 -O2 -DNO_ORACLE -pthread check_elementary.c -o check_elementary -lm

   Options (any combination, run in this order):
     --f16                 every binary16 input, exp and log, against MPFR (correctly rounded, subnormals)
     --f32 [--from A --to B] [--only exp|log] [--accurate]
                           binary32 bit patterns A..B (default all 2^32), against long double expl/logl
                           rounded to float, with MPFR deciding where the long double value is within
                           64 of its ulps of a midpoint; --accurate also checks the accurate
                           path alone (as if every fast test failed) on each input (--f16 always does)
     --f64-random N        N random doubles per function (wide ranges and hard regions) against MPFR at
                           200 bits: maximum error in ulps, how many are not correctly rounded
     --hash                FNV-1a hashes of all binary16 results, of every 1021st binary32 pattern and
                           of 2^20 pseudo-random doubles (to compare ISAs and compilers);
                           --hash-stride S and --hash-n64 N change those two sizes
     --bench               ns per call, next to the C library's expf/logf/exp/log
     --threads T           worker threads (default: online CPUs)
   Every mode prints counts, mismatches (the first 20 with bits) and the time taken; the exit status is
   1 when anything mismatched. */
#define _GNU_SOURCE
#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>
#ifndef NO_ORACLE
#include <mpfr.h>
#endif

/* Per-thread counts of the inputs that took the accurate path (exp32, log32, exp16, log16). */
static __thread unsigned long long el_fallbacks[6];
#define DMLREF__EL_ON_FALLBACK(which) (el_fallbacks[which]++)
#define DML_REF_IMPLEMENTATION
#include "../../dml_ref.h"

static int n_threads = 0;
static uint64_t f32_from, f32_to;
static int f32_fns = 3; /* bit 0 exp, bit 1 log */
static int check_accurate = 0;
static uint64_t hash_stride = 1021, hash_n64 = 1u << 20;
static pthread_mutex_t print_lock = PTHREAD_MUTEX_INITIALIZER;
static unsigned long long total_mismatches = 0;

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}
static double cpu_seconds(void) { /* user + system time of all threads so far */
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return (double)ru.ru_utime.tv_sec + 1e-6 * (double)ru.ru_utime.tv_usec + (double)ru.ru_stime.tv_sec +
           1e-6 * (double)ru.ru_stime.tv_usec;
}
static uint32_t fbits(float f) {
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}
static float bitsf(uint32_t u) {
    float f;
    memcpy(&f, &u, 4);
    return f;
}
static uint64_t dbits(double d) {
    uint64_t u;
    memcpy(&u, &d, 8);
    return u;
}
static double bitsd(uint64_t u) {
    double d;
    memcpy(&d, &u, 8);
    return d;
}
static uint64_t splitmix(uint64_t *s) {
    uint64_t z = (*s += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}
static double uniform(uint64_t *s, double a, double b) { return a + (b - a) * ((double)(splitmix(s) >> 11) * 0x1p-53); }

static void report_mismatch(const char *what, unsigned long long in, unsigned long long got, unsigned long long want) {
    pthread_mutex_lock(&print_lock);
    if (total_mismatches < 20) printf("  MISMATCH %s input 0x%llX: got 0x%llX, want 0x%llX\n", what, in, got, want);
    total_mismatches++;
    pthread_mutex_unlock(&print_lock);
}

typedef struct {
    int id;
    unsigned long long checked, mismatches, fallbacks[6], mpfr_calls, hard;
    double min_margin[4]; /* log2 of the least relative distance of an accurate result from a midpoint */
} stats;

static void run_threads(void *(*fn)(void *), stats *st) {
    pthread_t th[256];
    int i;
    for (i = 0; i < n_threads; i++) {
        memset(&st[i], 0, sizeof st[i]);
        st[i].id = i;
        st[i].min_margin[0] = st[i].min_margin[1] = st[i].min_margin[2] = st[i].min_margin[3] = 1e9;
        pthread_create(&th[i], NULL, fn, &st[i]);
    }
    for (i = 0; i < n_threads; i++) pthread_join(th[i], NULL);
    for (i = 1; i < n_threads; i++) {
        int k;
        st[0].checked += st[i].checked;
        st[0].mismatches += st[i].mismatches;
        st[0].mpfr_calls += st[i].mpfr_calls;
        st[0].hard += st[i].hard;
        for (k = 0; k < 4; k++) {
            st[0].fallbacks[k] += st[i].fallbacks[k];
            if (st[i].min_margin[k] < st[0].min_margin[k]) st[0].min_margin[k] = st[i].min_margin[k];
        }
    }
}

/* FNV-1a, 64 bits */
static void fnv(uint64_t *h, uint64_t v, int bytes) {
    int i;
    for (i = 0; i < bytes; i++) *h = (*h ^ ((v >> (8 * i)) & 0xFF)) * UINT64_C(0x100000001B3);
}

#ifndef NO_ORACLE
/* ---------------------------------------------------------------- oracles */

/* exp or log of x correctly rounded to p bits with MPFR's exponent range [emin, emax] (MPFR's
   convention, m in [1/2, 1)) and subnormalized: the IEEE result of that format, as a double. */
static double mpfr_cr(int is_log, double x, int p, int emin, int emax) {
    mpfr_t X, Y;
    const mpfr_exp_t old_min = mpfr_get_emin(), old_max = mpfr_get_emax();
    int t;
    double r;
    mpfr_init2(X, 53);
    mpfr_init2(Y, p);
    mpfr_set_d(X, x, MPFR_RNDN);
    mpfr_set_emin(emin);
    mpfr_set_emax(emax);
    t = is_log ? mpfr_log(Y, X, MPFR_RNDN) : mpfr_exp(Y, X, MPFR_RNDN);
    t = mpfr_check_range(Y, t, MPFR_RNDN);
    mpfr_subnormalize(Y, t, MPFR_RNDN);
    mpfr_set_emin(old_min);
    mpfr_set_emax(old_max);
    r = mpfr_get_d(Y, MPFR_RNDN); /* exact: Y has at most p <= 24 bits */
    mpfr_clear(X);
    mpfr_clear(Y);
    return r;
}

/* Is the long double v within 64 of its ulps of a midpoint of the p-bit format whose least normal
   exponent is emin (so that its rounding could differ from that of the exact value)? */
static int ld_ambiguous(long double v, int p, int emin) {
    long double f;
    int e, n;
    uint64_t m, rest, half;
    if (v == 0 || isinf(v)) return 0;
    f = frexpl(fabsl(v), &e); /* |v| = f 2^e, f in [1/2, 1) */
    if (e - 1 < emin - p - 2) return 0; /* below a quarter of the least subnormal: rounds to 0, far from 2^(emin-p) / 2 */
    m = (uint64_t)ldexpl(f, 64);
    n = 64 - p + (e - 1 < emin ? emin - (e - 1) : 0);
    if (n >= 63) return 1;
    rest = m & ((UINT64_C(1) << n) - 1);
    half = UINT64_C(1) << (n - 1);
    return rest + 64 >= half && rest <= half + 64;
}

static uint32_t oracle_f32(int is_log, float x, stats *st) {
    const uint32_t u = fbits(x);
    long double v;
    if (x != x) return 0x7FC00000u;
    if (is_log) {
        if ((u & 0x7FFFFFFFu) == 0) return 0xFF800000u;
        if (u >> 31) return 0x7FC00000u;
        v = logl((long double)x);
    } else {
        v = expl((long double)x);
    }
    if (ld_ambiguous(v, 24, -126)) {
        st->mpfr_calls++;
        return fbits((float)mpfr_cr(is_log, (double)x, 24, -148, 128));
    }
    return fbits((float)v);
}

/* Relative distance (log2) of (hi + lo) 2^scale from the nearest midpoint of the p-bit format with
   least normal exponent emin: the margin that the accurate path's error bound must stay under. */
static double margin_log2(double hi, double lo, int scale, int p, int emin) {
    mpfr_t v, w;
    long e;
    double r;
    mpfr_init2(v, 300);
    mpfr_init2(w, 300);
    mpfr_set_d(v, hi, MPFR_RNDN);
    mpfr_add_d(v, v, lo, MPFR_RNDN); /* exact at 300 bits */
    mpfr_mul_2si(v, v, scale, MPFR_RNDN);
    mpfr_abs(v, v, MPFR_RNDN);
    e = mpfr_get_exp(v) - 1; /* v in [2^e, 2^(e+1)) */
    if (e < emin) e = emin;
    mpfr_mul_2si(w, v, -(e - p + 1), MPFR_RNDN); /* in units of the format's ulp */
    mpfr_frac(w, w, MPFR_RNDN);
    mpfr_sub_d(w, w, 0.5, MPFR_RNDN);
    mpfr_abs(w, w, MPFR_RNDN);
    mpfr_mul_2si(w, w, e - p + 1, MPFR_RNDN);
    mpfr_div(w, w, v, MPFR_RNDN);
    r = mpfr_zero_p(w) ? -1e9 : log2(mpfr_get_d(w, MPFR_RNDN));
    mpfr_clear(v);
    mpfr_clear(w);
    return r;
}

static void note_margin(stats *st, int which, double x) {
    double hi, lo, m;
    int scale = 0;
    if (which == 0 || which == 2)
        hi = dmlref__el_exp_dd(x, &lo, &scale);
    else
        hi = dmlref__el_log_dd(x, &lo);
    m = margin_log2(hi, lo, scale, which < 2 ? 24 : 11, which < 2 ? -126 : -14);
    if (m < st->min_margin[which]) st->min_margin[which] = m;
}

/* The accurate path alone (as if every fast rounding test had failed), for the functions' general
   range: p = 24 (binary32) or 11 (binary16); returns the format's bits or -1 outside that range. */
static long long accurate_only(int is_log, double x, int p) {
    double hi, lo;
    int scale = 0;
    const int bias = p == 24 ? 127 : 15, w = p == 24 ? 32 : 16;
    if (x != x || isinf(x)) return -1;
    if (is_log) {
        if (x <= 0 || x == 1.0) return -1;
        hi = dmlref__el_log_dd(x, &lo);
    } else {
        if (p == 24 ? (x > 89.0 || x < -104.0) : (x > 12.0 || x < -17.5)) return -1;
        hi = dmlref__el_exp_dd(x, &lo, &scale);
    }
    return (long long)dmlref__el_round(hi, lo, scale, -1, p, bias, w);
}

/* ---------------------------------------------------------------- binary16 */

static double f16_value(uint16_t h) { /* the checker's own conversion */
    const int e = (h >> 10) & 31, m = h & 1023;
    double v;
    if (e == 31) return m ? NAN : ((h >> 15) ? -INFINITY : INFINITY);
    v = e ? ldexp(1024 + m, e - 25) : ldexp(m, -24);
    return (h >> 15) ? -v : v;
}
static uint16_t f16_bits_exact(double v) { /* v representable in binary16 */
    uint16_t s = signbit(v) ? 0x8000u : 0;
    double a = fabs(v), f;
    int e;
    if (v != v) return 0x7E00u;
    if (isinf(v)) return s | 0x7C00u;
    if (a < 0x1p-14) return s | (uint16_t)(a * 0x1p24);
    f = frexp(a, &e);
    return s | (uint16_t)((e - 1 + 15) << 10) | (uint16_t)(ldexp(f, 11) - 1024);
}
static uint16_t oracle_f16(int is_log, uint16_t h) {
    const double x = f16_value(h);
    if (x != x) return 0x7E00u;
    if (is_log) {
        if (x == 0) return 0xFC00u;
        if (x < 0) return 0x7E00u;
    }
    return f16_bits_exact(mpfr_cr(is_log, x, 11, -23, 16));
}

static void *f16_worker(void *arg) {
    stats *st = (stats *)arg;
    unsigned h;
    int f;
    for (h = (unsigned)st->id; h < 65536u; h += (unsigned)n_threads)
        for (f = 0; f < 2; f++) {
            const unsigned long long before = el_fallbacks[2 + f];
            const uint16_t got = f ? dmlref__log_f16((uint16_t)h) : dmlref__exp_f16((uint16_t)h);
            const uint16_t want = oracle_f16(f, (uint16_t)h);
            st->checked++;
            st->mpfr_calls++;
            (void)before;
            if (got != want) {
                st->mismatches++;
                report_mismatch(f ? "log_f16" : "exp_f16", h, got, want);
            }
            {   /* the accurate path alone must round every input correctly too */
                const long long acc = accurate_only(f, f16_value((uint16_t)h), 11);
                if (acc >= 0) {
                    st->hard++;
                    note_margin(st, 2 + f, f16_value((uint16_t)h));
                    if ((uint16_t)acc != want) {
                        st->mismatches++;
                        report_mismatch(f ? "log_f16 accurate path" : "exp_f16 accurate path", h, (unsigned long long)acc, want);
                    }
                }
            }
        }
    memcpy(st->fallbacks, el_fallbacks, sizeof el_fallbacks);
    return NULL;
}

/* ---------------------------------------------------------------- binary32 */

static uint64_t f32_next;
#define F32_CHUNK 65536u

static void *f32_worker(void *arg) {
    stats *st = (stats *)arg;
    for (;;) {
        const uint64_t start = __sync_fetch_and_add(&f32_next, F32_CHUNK);
        uint64_t i, end;
        if (start > f32_to) break;
        end = start + F32_CHUNK - 1 > f32_to ? f32_to : start + F32_CHUNK - 1;
        for (i = start; i <= end; i++) {
            const float x = bitsf((uint32_t)i);
            int f;
            for (f = 0; f < 2; f++) {
                unsigned long long before;
                uint32_t got, want;
                if (!(f32_fns & (1 << f))) continue;
                before = el_fallbacks[f];
                got = fbits(f ? dmlref__log_f32(x) : dmlref__exp_f32(x));
                want = oracle_f32(f, x, st);
                st->checked++;
                if (el_fallbacks[f] != before) note_margin(st, f, (double)x);
                if (got != want) {
                    st->mismatches++;
                    report_mismatch(f ? "log_f32" : "exp_f32", (unsigned long long)i, got, want);
                }
                if (check_accurate) {
                    const long long acc = accurate_only(f, (double)x, 24);
                    if (acc >= 0) {
                        st->hard++;
                        if ((uint32_t)acc != want) {
                            st->mismatches++;
                            report_mismatch(f ? "log_f32 accurate path" : "exp_f32 accurate path", (unsigned long long)i,
                                            (unsigned long long)acc, want);
                        }
                    }
                }
            }
        }
    }
    memcpy(st->fallbacks, el_fallbacks, sizeof el_fallbacks);
    return NULL;
}

/* ---------------------------------------------------------------- binary64, random */

static unsigned long long f64_n;
typedef struct {
    stats s;
    double max_ulp[2], worst_x[2];
    unsigned long long not_cr[2];
    double rel[2][3]; /* log2 of the largest relative error seen: [exp, log][fast64, accurate dd, fast for binary32] */
} stats64;

/* log2 of |(hi + lo) 2^scale - f(x)| / |f(x)| with f(x) from MPFR at 300 bits. */
static double rel_err_log2(int is_log, double x, double hi, double lo, int scale) {
    mpfr_t X, V, W;
    double r;
    mpfr_inits2(300, X, V, W, (mpfr_ptr)0);
    mpfr_set_d(X, x, MPFR_RNDN);
    if (is_log) mpfr_log(V, X, MPFR_RNDN);
    else mpfr_exp(V, X, MPFR_RNDN);
    mpfr_set_d(W, hi, MPFR_RNDN);
    mpfr_add_d(W, W, lo, MPFR_RNDN);
    mpfr_mul_2si(W, W, scale, MPFR_RNDN);
    mpfr_sub(W, W, V, MPFR_RNDN);
    mpfr_div(W, W, V, MPFR_RNDN);
    r = mpfr_zero_p(W) ? -1e9 : log2(fabs(mpfr_get_d(W, MPFR_RNDN)));
    mpfr_clears(X, V, W, (mpfr_ptr)0);
    return r;
}
static void track(double *m, double v) {
    if (v > *m) *m = v;
}

static double f64_input(int is_log, uint64_t *rng) {
    const int kind = (int)(splitmix(rng) % 8);
    const uint64_t b = splitmix(rng);
    double sg = (b >> 63) ? -1.0 : 1.0, frac = 1.0 + (double)(b >> 12) * 0x1p-52;
    if (!is_log) switch (kind) {
        case 0: return uniform(rng, -746.0, 710.0);
        case 1: return uniform(rng, -1.0, 1.0);
        case 2: return sg * ldexp(frac, -(int)(splitmix(rng) % 1075)); /* tiny, to subnormal */
        case 3: return uniform(rng, 708.0, 709.8);                      /* near overflow */
        case 4: return uniform(rng, -745.2, -707.0);                    /* subnormal results */
        case 5: return uniform(rng, -40.0, 40.0);
        case 6: return sg * ldexp(frac, (int)(splitmix(rng) % 64) - 54); /* 2^-54 .. 2^9 */
        default: return bitsd(b);                                         /* any pattern */
        }
    switch (kind) {
    case 0: return bitsd(b >> 1); /* any positive pattern, subnormals included */
    case 1: return uniform(rng, 0.5, 2.0);
    case 2: return 1.0 + sg * ldexp(frac, -(int)(splitmix(rng) % 50) - 4); /* near 1 */
    case 3: return 1.0 + sg * (double)(b % 4096) * 0x1p-53 * ((b >> 62) ? 2.0 : 1.0); /* next to 1 */
    case 4: return bitsd(b % UINT64_C(0x0010000000000000));                         /* subnormal */
    case 5: return uniform(rng, 0.0, 1e6);
    case 6: return ldexp(frac, (int)(splitmix(rng) % 2098) - 1074);
    default: return bitsd(b);
    }
}

/* Error of y against exp or log of x in ulps of the exact result (binary64 ulp, 2^-1074 below the
   normal range), or -1 for a wrong special value; *cr tells whether y is the correctly rounded result. */
static double ulp_error(int is_log, double x, double y, int *cr) {
    mpfr_t X, V, D;
    double r, want;
    long e;
    *cr = 0;
    if (x != x || (is_log && (x < 0 || x == 0 || isinf(x))) || (!is_log && isinf(x))) {
        uint64_t w;
        if (x != x || (is_log && x < 0)) w = UINT64_C(0x7FF8000000000000);
        else if (is_log) w = x == 0 ? UINT64_C(0xFFF0000000000000) : UINT64_C(0x7FF0000000000000);
        else w = x > 0 ? UINT64_C(0x7FF0000000000000) : 0;
        *cr = dbits(y) == w;
        return *cr ? 0.0 : -1.0;
    }
    mpfr_inits2(200, X, V, D, (mpfr_ptr)0);
    mpfr_set_d(X, x, MPFR_RNDN);
    if (is_log) mpfr_log(V, X, MPFR_RNDN);
    else mpfr_exp(V, X, MPFR_RNDN);
    want = mpfr_get_d(V, MPFR_RNDN); /* correct rounding, subnormals and overflow included */
    *cr = dbits(y) == dbits(want);
    if (mpfr_zero_p(V)) r = y == 0 ? 0.0 : -1.0;
    else if (isinf(y)) r = isinf(want) ? 0.0 : -1.0;
    else {
        e = mpfr_get_exp(V) - 1;
        if (e < -1022) e = -1022;
        mpfr_sub_d(D, V, y, MPFR_RNDN);
        mpfr_abs(D, D, MPFR_RNDN);
        mpfr_mul_2si(D, D, -(e - 52), MPFR_RNDN);
        r = mpfr_get_d(D, MPFR_RNDU);
    }
    mpfr_clears(X, V, D, (mpfr_ptr)0);
    return r;
}

static void *f64_worker(void *arg) {
    stats64 *st = (stats64 *)arg;
    uint64_t rng = UINT64_C(0x1234567) + (uint64_t)st->s.id * UINT64_C(0x9E3779B97F4A7C15);
    unsigned long long i;
    int f;
    for (i = (unsigned long long)st->s.id; i < f64_n; i += (unsigned long long)n_threads)
        for (f = 0; f < 2; f++) {
            const double x = f64_input(f, &rng);
            const double y = f ? dmlref__log_f64(x) : dmlref__exp_f64(x);
            int cr;
            const double err = ulp_error(f, x, y, &cr);
            st->s.checked++;
            if (!cr) st->not_cr[f]++;
            if (err < 0 || err > 0.5000001) {
                st->s.mismatches++;
                report_mismatch(f ? "log_f64 (bad special or > 0.5000001 ulp)" : "exp_f64 (bad special or > 0.5000001 ulp)",
                                dbits(x), dbits(y), 0);
            }
            if (err > st->max_ulp[f]) st->max_ulp[f] = err, st->worst_x[f] = x;
            /* the error of each evaluation against its proven bound (elementary.md) */
            if (x != x || isinf(x)) continue;
            if (!f) {
                double lo;
                int scale;
                const float xf = (float)x;
                if (x >= -708.0 && x <= 710.0) {
                    const double hi = dmlref__el_exp64_fast(x, &lo, &scale);
                    track(&st->rel[0][0], rel_err_log2(0, x, hi, lo, scale));
                }
                if (fabs(x) <= 746.0) {
                    const double hi = dmlref__el_exp_dd(x, &lo, &scale);
                    track(&st->rel[0][1], rel_err_log2(0, x, hi, lo, scale));
                }
                if (xf >= -104.0f && xf <= 89.0f) track(&st->rel[0][2], rel_err_log2(0, (double)xf, dmlref__el_exp_fast((double)xf), 0.0, 0));
            } else if (x > 0 && x != 1.0) {
                double lo;
                const float xf = (float)x;
                if (x >= 0x1p-1022) {
                    const double hi = dmlref__el_log64_fast(x, &lo);
                    track(&st->rel[1][0], rel_err_log2(1, x, hi, lo, 0));
                }
                {
                    const double hi = dmlref__el_log_dd(x, &lo);
                    track(&st->rel[1][1], rel_err_log2(1, x, hi, lo, 0));
                }
                if (xf > 0 && xf != 1.0f && !isinf(xf))
                    track(&st->rel[1][2], rel_err_log2(1, (double)xf, dmlref__el_log_fast((double)xf), 0.0, 0));
            }
        }
    memcpy(st->s.fallbacks, el_fallbacks, sizeof el_fallbacks);
    return NULL;
}

static void *f64_worker_start(void *arg) { return f64_worker(arg); }
#endif /* NO_ORACLE */

/* ---------------------------------------------------------------- hash, bench */

static int do_hash(void) {
    uint64_t h16 = UINT64_C(0xCBF29CE484222325), h32 = h16, h64 = h16, rng = 42, i, n32 = 0;
    double t0 = now();
    for (i = 0; i < 65536; i++) {
        fnv(&h16, dmlref__exp_f16((uint16_t)i), 2);
        fnv(&h16, dmlref__log_f16((uint16_t)i), 2);
    }
    for (i = 0; i < UINT64_C(0x100000000); i += hash_stride) {
        const float x = bitsf((uint32_t)i);
        n32++;
        fnv(&h32, fbits(dmlref__exp_f32(x)), 4);
        fnv(&h32, fbits(dmlref__log_f32(x)), 4);
    }
    for (i = 0; i < hash_n64; i++) {
        const uint64_t b = splitmix(&rng);
        const double xe = (i & 1) ? bitsd(b) : uniform(&rng, -750.0, 712.0);
        const double xl = (i & 1) ? bitsd(b >> 1) : 1.0 + uniform(&rng, -0.01, 0.01);
        fnv(&h64, dbits(dmlref__exp_f64(xe)), 8);
        fnv(&h64, dbits(dmlref__log_f64(xl)), 8);
    }
    printf("hash f16 (all 65536, exp+log)            %016llX\n", (unsigned long long)h16);
    printf("hash f32 (every %lluth of 2^32, exp+log) %016llX  (%llu inputs each)\n", (unsigned long long)hash_stride,
           (unsigned long long)h32, (unsigned long long)n32);
    printf("hash f64 (%llu inputs each, exp+log)     %016llX\n", (unsigned long long)hash_n64, (unsigned long long)h64);
    printf("time %.1f s\n", now() - t0);
    return 0;
}

#define BN 4096
static volatile double bench_sink;
static void do_bench(void) {
    static float xf_e[BN], xf_l[BN];
    static double xd_e[BN], xd_l[BN];
    static uint16_t xh_e[BN], xh_l[BN];
    uint64_t rng = 7;
    int i, rep;
    const int reps = 400;
    double t, acc;
    for (i = 0; i < BN; i++) {
        xd_e[i] = uniform(&rng, -20.0, 5.0); /* LOG_SUM_EXP feeds x - max <= 0 */
        xd_l[i] = exp(uniform(&rng, -20.0, 20.0));
        xf_e[i] = (float)xd_e[i];
        xf_l[i] = (float)xd_l[i];
        xh_e[i] = (uint16_t)(0x8000u | (splitmix(&rng) % 0x4A00u)); /* -0 .. -12 */
        xh_l[i] = (uint16_t)(1u + splitmix(&rng) % 0x7BFFu);         /* positive finite */
    }
/* The least of 5 timings, each over reps x BN calls (the machine may be shared). */
#define BENCH(name, expr)                                                                                              \
    do {                                                                                                               \
        int trial;                                                                                                     \
        double best = 1e30;                                                                                            \
        for (trial = 0; trial < 5; trial++) {                                                                          \
            acc = 0;                                                                                                   \
            t = now();                                                                                                 \
            for (rep = 0; rep < reps; rep++)                                                                           \
                for (i = 0; i < BN; i++) acc += (double)(expr);                                                        \
            t = now() - t;                                                                                             \
            bench_sink = acc;                                                                                          \
            if (t < best) best = t;                                                                                    \
        }                                                                                                              \
        printf("  %-28s %7.2f ns/call\n", name, 1e9 * best / ((double)reps * BN));                                    \
    } while (0)
    printf("bench (throughput, least of 5 runs of %d x %d calls):\n", reps, BN);
    BENCH("dmlref__exp_f32", dmlref__exp_f32(xf_e[i]));
    BENCH("expf (C library)", expf(xf_e[i]));
    BENCH("dmlref__log_f32", dmlref__log_f32(xf_l[i]));
    BENCH("logf (C library)", logf(xf_l[i]));
    BENCH("dmlref__exp_f16", dmlref__exp_f16(xh_e[i]));
    BENCH("dmlref__log_f16", dmlref__log_f16(xh_l[i]));
    BENCH("dmlref__exp_f64", dmlref__exp_f64(xd_e[i]));
    BENCH("exp (C library)", exp(xd_e[i]));
    BENCH("dmlref__log_f64", dmlref__log_f64(xd_l[i]));
    BENCH("log (C library)", log(xd_l[i]));
}

int main(int argc, char **argv) {
    int i, do_f16 = 0, do_f32 = 0, hash = 0, bench = 0;
    unsigned long long n64 = 0;
    stats st[256];
    f32_from = 0;
    f32_to = UINT64_C(0xFFFFFFFF);
    for (i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--f16")) do_f16 = 1;
        else if (!strcmp(argv[i], "--f32")) do_f32 = 1;
        else if (!strcmp(argv[i], "--from") && i + 1 < argc) f32_from = strtoull(argv[++i], NULL, 0);
        else if (!strcmp(argv[i], "--to") && i + 1 < argc) f32_to = strtoull(argv[++i], NULL, 0);
        else if (!strcmp(argv[i], "--only") && i + 1 < argc) f32_fns = !strcmp(argv[++i], "log") ? 2 : 1;
        else if (!strcmp(argv[i], "--f64-random") && i + 1 < argc) n64 = strtoull(argv[++i], NULL, 0);
        else if (!strcmp(argv[i], "--threads") && i + 1 < argc) n_threads = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--hash")) hash = 1;
        else if (!strcmp(argv[i], "--accurate")) check_accurate = 1;
        else if (!strcmp(argv[i], "--hash-stride") && i + 1 < argc) hash_stride = strtoull(argv[++i], NULL, 0);
        else if (!strcmp(argv[i], "--hash-n64") && i + 1 < argc) hash_n64 = strtoull(argv[++i], NULL, 0);
        else if (!strcmp(argv[i], "--bench")) bench = 1;
        else {
            fprintf(stderr, "unknown option %s (see the comment at the top of check_elementary.c)\n", argv[i]);
            return 2;
        }
    }
    if (n_threads <= 0) n_threads = (int)sysconf(_SC_NPROCESSORS_ONLN);
    if (n_threads < 1) n_threads = 1;
    if (n_threads > 256) n_threads = 256;
    if (hash) do_hash();
    if (bench) do_bench();
#ifdef NO_ORACLE
    if (do_f16 || do_f32 || n64) {
        fprintf(stderr, "built with NO_ORACLE: only --hash and --bench\n");
        return 2;
    }
#else
    if (!mpfr_buildopt_tls_p() && n_threads > 1) {
        fprintf(stderr, "MPFR is not thread-safe here: using 1 thread\n");
        n_threads = 1;
    }
    if (do_f16) {
        double t0 = now();
        unsigned long long before = total_mismatches;
        run_threads(f16_worker, st);
        printf("f16: %llu results checked (65536 inputs x exp, log) against MPFR, and the accurate path alone on the %llu "
               "inputs of the general range; %llu mismatches; "
               "fast test failed %llu (exp) + %llu (log) times; least margin of the accurate path over those inputs "
               "2^%.1f (exp) / 2^%.1f (log); %.1f s\n",
               st[0].checked, st[0].hard, total_mismatches - before, st[0].fallbacks[2], st[0].fallbacks[3],
               st[0].min_margin[2], st[0].min_margin[3], now() - t0);
    }
    if (do_f32) {
        double t0 = now(), c0 = cpu_seconds();
        unsigned long long before = total_mismatches;
        f32_next = f32_from;
        run_threads(f32_worker, st);
        printf("f32: patterns 0x%08llX..0x%08llX, %s: %llu results checked; %llu mismatches; MPFR decided %llu; "
               "accurate path taken %llu (exp) + %llu (log) times, least margin 2^%.1f (exp) / 2^%.1f (log); "
               "accurate path alone checked on %llu; "
               "%d threads, %.1f s wall, %.1f s CPU\n",
               (unsigned long long)f32_from, (unsigned long long)f32_to,
               f32_fns == 3 ? "exp and log" : f32_fns == 1 ? "exp" : "log", st[0].checked,
               total_mismatches - before, st[0].mpfr_calls, st[0].fallbacks[0], st[0].fallbacks[1], st[0].min_margin[0],
               st[0].min_margin[1], st[0].hard, n_threads, now() - t0, cpu_seconds() - c0);
    }
    if (n64) {
        static stats64 s64[256];
        pthread_t th[256];
        double t0 = now(), mx[2] = {0, 0}, wx[2] = {0, 0}, rel[2][3] = {{-1e9, -1e9, -1e9}, {-1e9, -1e9, -1e9}};
        unsigned long long checked = 0, ncr[2] = {0, 0}, fb[2] = {0, 0}, before = total_mismatches;
        int f;
        f64_n = n64;
        for (i = 0; i < n_threads; i++) {
            int a, b;
            memset(&s64[i], 0, sizeof s64[i]);
            s64[i].s.id = i;
            for (a = 0; a < 2; a++)
                for (b = 0; b < 3; b++) s64[i].rel[a][b] = -1e9;
            pthread_create(&th[i], NULL, f64_worker_start, &s64[i]);
        }
        for (i = 0; i < n_threads; i++) {
            pthread_join(th[i], NULL);
            checked += s64[i].s.checked;
            fb[0] += s64[i].s.fallbacks[4];
            fb[1] += s64[i].s.fallbacks[5];
            for (f = 0; f < 2; f++) {
                int b;
                for (b = 0; b < 3; b++) track(&rel[f][b], s64[i].rel[f][b]);
                ncr[f] += s64[i].not_cr[f];
                if (s64[i].max_ulp[f] > mx[f]) mx[f] = s64[i].max_ulp[f], wx[f] = s64[i].worst_x[f];
            }
        }
        printf("f64: %llu random inputs per function (%llu results) against MPFR at 200 bits; %llu over 0.5000001 ulp or "
               "wrong special; max error exp %.9f ulp (x = %a), log %.9f ulp (x = %a); not correctly rounded: exp %llu, "
               "log %llu; %.1f s\n",
               n64, checked, total_mismatches - before, mx[0], wx[0], mx[1], wx[1], ncr[0], ncr[1], now() - t0);
        printf("     accurate path taken: exp %llu, log %llu times\n", fb[0], fb[1]);
        printf("     largest relative errors seen (log2; proven bounds in docs/elementary-functions.md): exp fast64 %.2f (<= -63), "
               "exp dd %.2f (<= -101.5), exp_fast for binary32 %.2f (<= -51.9); log fast64 %.2f (<= -66), log dd %.2f "
               "(<= -98.3), log_fast for binary32 %.2f (<= -51.3)\n",
               rel[0][0], rel[0][1], rel[0][2], rel[1][0], rel[1][1], rel[1][2]);
    }
#endif
    if (total_mismatches) printf("FAILED: %llu mismatches\n", total_mismatches);
    return total_mismatches != 0;
}
