/* tests/test_bigfloat.c - self-test of tests/bigfloat.c, the exact arithmetic the
   other suites use as an oracle: exact round trips, sums and products checked
   against double and float operations known to be exact or correctly rounded,
   hand-checked ties, overflow thresholds and subnormal rounding in every format,
   bf_within at its boundaries, and long prefix sums whose every rounding is
   checked against the definition of round-to-nearest-even. */
#include "bigfloat.h"
#include "runner.h"

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

void register_bigfloat_tests(void);

static uint64_t splitmix(uint64_t *state) {
    uint64_t z = (*state += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

static uint64_t bits_of(double x) {
    uint64_t b;
    memcpy(&b, &x, sizeof b);
    return b;
}

static double double_of(uint64_t b) {
    double x;
    memcpy(&x, &b, sizeof x);
    return x;
}

static uint32_t bits_of_float(float x) {
    uint32_t b;
    memcpy(&b, &x, sizeof b);
    return b;
}

static float float_of(uint32_t b) {
    float x;
    memcpy(&x, &b, sizeof x);
    return x;
}

static double pow2(int k) { return ldexp(1.0, k); }

/* Encodings of infinity and the sign bit per format, for the checks below. */
static uint64_t inf_bits(int format) {
    return format == BF_F16 ? 0x7C00u : format == BF_F32 ? UINT64_C(0x7F800000) : UINT64_C(0x7FF0000000000000);
}

static uint64_t sign_bit(int format) { return (uint64_t)1 << (format - 1); }

/* A random finite double with a random sign and an exponent field uniform in [emin_field, emax_field]. */
static double random_double(uint64_t *rng, int emin_field, int emax_field) {
    uint64_t r = splitmix(rng);
    uint64_t field = (uint64_t)emin_field + splitmix(rng) % (uint64_t)(emax_field - emin_field + 1);
    return double_of((r & UINT64_C(0x800FFFFFFFFFFFFF)) | (field << 52));
}

/* A random finite float, any kind. */
static float random_float(uint64_t *rng) {
    uint32_t bits;
    do bits = (uint32_t)splitmix(rng);
    while ((bits & 0x7F800000u) == 0x7F800000u);
    return float_of(bits);
}

/* A random double of any finite kind, with a bias towards subnormals, extremes and short significands. */
static double random_any_double(uint64_t *rng) {
    uint64_t r = splitmix(rng), kind = r % 8;
    double x;
    if (kind == 0) return double_of(splitmix(rng) & UINT64_C(0x800FFFFFFFFFFFFF)); /* subnormal or zero */
    x = random_double(rng, 0, 2046);
    if (kind == 1) x = double_of(bits_of(x) & UINT64_C(0xFFFFFFF000000000)); /* few significand bits */
    return x;
}

/* The half-precision value of an encoding, decoded with double arithmetic. */
static double half_value(uint16_t h) {
    int e = (h >> 10) & 31;
    double mag = e == 0 ? ldexp((double)(h & 1023), -24) : ldexp((double)((h & 1023) | 1024), e - 25);
    return (h & 0x8000) ? -mag : mag;
}

/* Round to nearest even of a double to binary16, with double arithmetic: scale to units
   of the quantum of |x|'s binade, round that to an integer by hand, re-encode. */
static uint16_t ref_f16(double x) {
    uint16_t sign = x < 0 ? 0x8000 : 0;
    double ax = fabs(x), n, whole, v;
    int e;
    if (ax == 0) return 0;
    if (ax >= 65520.0) return (uint16_t)(sign | 0x7C00);
    frexp(ax, &e); /* ax in [2^(e-1), 2^e) */
    if (e - 1 < -14) e = -13;
    n = ax / pow2(e - 11);
    whole = floor(n);
    if (n - whole > 0.5 || (n - whole == 0.5 && fmod(whole, 2.0) != 0)) whole += 1;
    v = whole * pow2(e - 11);
    if (v == 0) return sign;
    if (v < pow2(-14)) return (uint16_t)(sign | (uint16_t)(v / pow2(-24)));
    frexp(v, &e);
    return (uint16_t)(sign | (uint16_t)((e - 1 + 15) << 10) | (uint16_t)(v / pow2(e - 11) - 1024));
}

/* The nearest-even encoding of a double in format, by the platform's own conversions (f16: ref_f16). */
static uint64_t platform_round(double x, int format) {
    if (format == BF_F16) return ref_f16(x);
    if (format == BF_F32) return bits_of_float((float)x);
    return bits_of(x);
}

/* The value of a positive finite encoding, as a double (exact for all three formats). */
static double encoding_value(uint64_t k, int format) {
    if (format == BF_F16) return half_value((uint16_t)k);
    if (format == BF_F32) return (double)float_of((uint32_t)k);
    return double_of(k);
}

/* The expected rounding of the exact s + err, where s = RN64(s + err) (a TwoSum pair) and
   |s| is below the format's MAX: the rounding of s, unless s is a midpoint of the format
   and err != 0, in which case err says on which side of the midpoint the exact value is. */
static uint64_t expected_rounding(double s, double err, int format) {
    double as = fabs(s), e = s < 0 ? -err : err;
    uint64_t k = platform_round(as, format), lo;
    double v = encoding_value(k, format);
    if (s == 0) return 0;
    if (v != as && e != 0) {
        lo = v < as ? k : k - 1;
        if (encoding_value(lo + 1, format) - as == as - encoding_value(lo, format)) k = e > 0 ? lo + 1 : lo;
    }
    return s < 0 ? k | sign_bit(format) : k;
}

/* Sets a from the encoding k of format. */
static void set_encoding(bigfloat *a, uint64_t k, int format) {
    if (format == BF_F16) bf_set_f16_bits(a, (uint16_t)k);
    else if (format == BF_F32) bf_set_f32_bits(a, (uint32_t)k);
    else bf_set_double(a, double_of(k));
}

/* r = a - b */
static void bf_sub(bigfloat *r, const bigfloat *a, const bigfloat *b) {
    bigfloat nb;
    bf_init(&nb);
    bf_copy(&nb, b);
    bf_neg(&nb);
    bf_add(r, a, &nb);
    bf_free(&nb);
}

/* 1 when bits is the round-to-nearest-even of a in format, checked against the definition rather
   than bf_round's method: the exact distance from |a| to the result is at most half the gap to
   the neighbouring encoding on that side (a gap of ulp(MAX) past MAX), with a tie only at an even
   encoding; infinity needs |a| >= MAX + ulp(MAX)/2, zero keeps the sign of a nonzero a. */
static int is_rounding_of(const bigfloat *a, uint64_t bits, int format) {
    uint64_t k = bits & ~sign_bit(format), k_inf = inf_bits(format);
    bigfloat mag, v, w, d, gap;
    int ok, c;
    if (bf_is_zero(a)) return bits == 0;
    if (((bits & sign_bit(format)) != 0) != (bf_sign(a) < 0) || k > k_inf) return 0;
    bf_init(&mag);
    bf_init(&v);
    bf_init(&w);
    bf_init(&d);
    bf_init(&gap);
    bf_copy(&mag, a);
    if (bf_sign(&mag) < 0) bf_neg(&mag);
    set_encoding(&v, k == k_inf ? k - 1 : k, format);
    bf_sub(&d, &mag, &v);
    if (k == k_inf || bf_sign(&d) > 0) {
        set_encoding(&w, k >= k_inf - 1 ? k_inf - 2 : k + 1, format);
        if (k >= k_inf - 1) bf_sub(&gap, &v, &w);
        else bf_sub(&gap, &w, &v);
    } else if (bf_sign(&d) < 0) {
        set_encoding(&w, k - 1, format);
        bf_sub(&gap, &v, &w);
    }
    bf_add(&d, &d, &d);
    c = bf_cmp_abs(&d, &gap);
    if (k == k_inf) ok = bf_sign(&d) > 0 && c >= 0;
    else ok = bf_is_zero(&d) || c < 0 || (c == 0 && (k & 1) == 0);
    bf_free(&mag);
    bf_free(&v);
    bf_free(&w);
    bf_free(&d);
    bf_free(&gap);
    return ok;
}

static void case_roundtrip_double(const void *ctx) {
    static const uint64_t specials[] = {0,
                                        UINT64_C(0x8000000000000000),
                                        1,
                                        UINT64_C(0x8000000000000001),
                                        UINT64_C(0x000FFFFFFFFFFFFF),
                                        UINT64_C(0x0010000000000000),
                                        UINT64_C(0x3FF0000000000000),
                                        UINT64_C(0x3FF0000000000001),
                                        UINT64_C(0x7FEFFFFFFFFFFFFF),
                                        UINT64_C(0xFFEFFFFFFFFFFFFF),
                                        UINT64_C(0x4330000000000000),
                                        UINT64_C(0x00000000FFFFFFFF),
                                        UINT64_C(0x0000000100000000)};
    uint64_t rng = 1;
    bigfloat a;
    int i;
    (void)ctx;
    bf_init(&a);
    for (i = 0; i < 300000; i++) {
        double x = i < (int)(sizeof specials / sizeof *specials) ? double_of(specials[i]) : random_any_double(&rng);
        uint64_t want = x == 0 ? 0 : bits_of(x);
        uint64_t got;
        bf_set_double(&a, x);
        got = bf_round(&a, BF_F64);
        if (!TR_CHECKF(got == want, "double 0x%016llx round-trips to 0x%016llx", (unsigned long long)bits_of(x),
                       (unsigned long long)got))
            continue;
        TR_CHECK(bits_of(bf_to_double(&a)) == want);
        TR_CHECK(bf_sign(&a) == (x > 0) - (x < 0));
        TR_CHECK(bf_is_zero(&a) == (x == 0));
        /* the double's rounding to binary32 matches the hardware conversion */
        TR_CHECKF(bf_round(&a, BF_F32) == (x == 0 ? 0 : bits_of_float((float)x)), "double 0x%016llx to binary32",
                  (unsigned long long)bits_of(x));
        TR_CHECKF(bf_round(&a, BF_F16) == ref_f16(x), "double 0x%016llx to binary16", (unsigned long long)bits_of(x));
    }
    bf_free(&a);
}

static void case_roundtrip_float(const void *ctx) {
    static const uint32_t specials[] = {0,           0x80000000u, 1,           0x80000001u, 0x007FFFFFu,
                                        0x00800000u, 0x3F800000u, 0x7F7FFFFFu, 0xFF7FFFFFu, 0x4B000000u};
    uint64_t rng = 2;
    bigfloat a, b;
    int i;
    (void)ctx;
    bf_init(&a);
    bf_init(&b);
    for (i = 0; i < 300000; i++) {
        uint32_t bits = i < (int)(sizeof specials / sizeof *specials) ? specials[i] : (uint32_t)splitmix(&rng);
        uint32_t want;
        double x;
        if (i >= (int)(sizeof specials / sizeof *specials) && i % 4 == 1) bits &= 0x807FFFFFu; /* subnormals */
        if ((bits & 0x7F800000u) == 0x7F800000u) continue;
        want = (bits & 0x7FFFFFFFu) ? bits : 0;
        x = (double)float_of(bits);
        bf_set_f32_bits(&a, bits);
        bf_set_double(&b, x);
        TR_CHECKF(bf_round(&a, BF_F32) == want, "float 0x%08lx round-trips to 0x%08lx", (unsigned long)bits,
                  (unsigned long)bf_round(&a, BF_F32));
        TR_CHECK(bf_cmp(&a, &b) == 0);
        TR_CHECK(bf_round(&a, BF_F64) == (x == 0 ? 0 : bits_of(x)));
        TR_CHECKF(bf_round(&a, BF_F16) == ref_f16(x), "float 0x%08lx to binary16", (unsigned long)bits);
    }
    bf_free(&a);
    bf_free(&b);
}

static void case_roundtrip_half(const void *ctx) {
    bigfloat a, b;
    uint32_t h;
    (void)ctx;
    bf_init(&a);
    bf_init(&b);
    for (h = 0; h < 65536; h++) {
        double x = half_value((uint16_t)h);
        if ((h & 0x7C00) == 0x7C00) continue;
        bf_set_f16_bits(&a, (uint16_t)h);
        bf_set_double(&b, x);
        TR_CHECKF(bf_round(&a, BF_F16) == ((h & 0x7FFF) ? h : 0), "half 0x%04lx round-trips to 0x%04lx",
                  (unsigned long)h, (unsigned long)bf_round(&a, BF_F16));
        TR_CHECKF(bf_cmp(&a, &b) == 0, "half 0x%04lx decodes to a different value", (unsigned long)h);
        TR_CHECK(bf_round(&a, BF_F32) == (x == 0 ? 0 : bits_of_float((float)x)));
        TR_CHECK(bf_round(&a, BF_F64) == (x == 0 ? 0 : bits_of(x)));
    }
    bf_free(&a);
    bf_free(&b);
}

/* Sums of two doubles: the exact sum is s + err (TwoSum), its binary64 rounding is the hardware sum s. */
static void case_sum_two(const void *ctx) {
    /* exponent-field ranges: everything; binary32's range; binary16's range */
    static const int ranges[3][2] = {{0, 2045}, {1023 - 155, 1023 + 127}, {1023 - 27, 1023 + 15}};
    uint64_t rng = 3;
    bigfloat a, b, sum, acc, parts, t;
    int i;
    (void)ctx;
    bf_init(&a);
    bf_init(&b);
    bf_init(&sum);
    bf_init(&acc);
    bf_init(&parts);
    bf_init(&t);
    for (i = 0; i < 300000; i++) {
        const int *range = ranges[i % 3];
        double x = random_double(&rng, range[0], range[1]), y, s, bb, err;
        int f;
        if (x != 0 && (splitmix(&rng) & 1)) { /* nearby exponents: cancellation and rounding in every position */
            int shift = (int)(splitmix(&rng) % 70) - 35;
            y = ldexp(random_double(&rng, 1023, 1023), ilogb(x) + shift);
            if (y == 0 || fabs(y) > DBL_MAX / 4) y = random_double(&rng, range[0], range[1]);
        } else {
            y = random_double(&rng, range[0], range[1]);
        }
        if (i % 7 == 0) y = -x; /* an exactly zero sum */
        s = x + y;
        bb = s - x;
        err = (x - (s - bb)) + (y - bb);
        bf_set_double(&a, x);
        bf_set_double(&b, y);
        bf_add(&sum, &a, &b);
        TR_CHECKF(bf_round(&sum, BF_F64) == bits_of(s), "%.17g + %.17g rounds to %.17g, not %.17g", x, y,
                  bf_to_double(&sum), s);
        bf_set_double(&parts, s);
        bf_add_double(&parts, err);
        TR_CHECKF(bf_cmp(&sum, &parts) == 0, "%.17g + %.17g is not s + err", x, y);
        bf_copy(&acc, &a);
        bf_add_double(&acc, y);
        TR_CHECK(bf_cmp(&acc, &sum) == 0);
        bf_copy(&t, &sum);
        bf_add_double(&t, -s);
        TR_CHECK(bf_sign(&t) == (err > 0) - (err < 0));
        if (s == 0) TR_CHECK(bf_is_zero(&sum) && sum.n == 0 && bf_sign(&sum) == 0);
        for (f = 0; f < 2; f++) {
            int format = f ? BF_F16 : BF_F32;
            if (fabs(s) >= (format == BF_F16 ? 65504.0 : FLT_MAX)) continue;
            TR_CHECKF(bf_round(&sum, format) == expected_rounding(s, err, format), "binary%d rounding of %.17g + %.17g",
                      format, x, y);
        }
        /* binary32 sums are correctly rounded by the hardware */
        if (range == ranges[1] && fabs(x) < FLT_MAX && fabs(y) < FLT_MAX) {
            float fx = (float)x, fy = (float)y, fs = fx + fy;
            bf_set_double(&a, fx);
            bf_set_double(&b, fy);
            bf_add(&a, &a, &b);
            TR_CHECKF(bf_round(&a, BF_F32) == (fs == 0 ? 0 : bits_of_float(fs)), "binary32 %.9g + %.9g", (double)fx,
                      (double)fy);
        }
    }
    bf_free(&a);
    bf_free(&b);
    bf_free(&sum);
    bf_free(&acc);
    bf_free(&parts);
    bf_free(&t);
}

/* Exact values just off, and on, the midpoints of binary32 and binary16: m + tiny, with m a midpoint. */
static void case_midpoint_sums(const void *ctx) {
    uint64_t rng = 4;
    bigfloat a;
    int i;
    (void)ctx;
    bf_init(&a);
    for (i = 0; i < 100000; i++) {
        int format = i & 1 ? BF_F16 : BF_F32;
        uint64_t k = splitmix(&rng) % (inf_bits(format) - 1); /* up to MAX's predecessor */
        double lo = encoding_value(k, format), hi = encoding_value(k + 1, format);
        double m = lo + (hi - lo) / 2, tiny = 0;
        int which = (int)(splitmix(&rng) % 3);
        if (which) tiny = ldexp(which == 1 ? 1.0 : -1.0, ilogb(m) - 60 - (int)(splitmix(&rng) % 900));
        bf_set_double(&a, m);
        bf_add_double(&a, tiny);
        if (splitmix(&rng) & 1) {
            bf_neg(&a);
            m = -m;
            tiny = -tiny;
        }
        TR_CHECKF(bf_round(&a, format) == expected_rounding(m, tiny, format), "binary%d: %.17g + %.3g", format, m,
                  tiny);
    }
    bf_free(&a);
}

/* A hand-checked rounding: sum of x[j] * y[j] in format is want. */
typedef struct round_case {
    int format;
    double x[3], y[3];
    uint64_t want;
} round_case;

typedef struct round_table {
    const round_case *cases;
    size_t count;
} round_table;

static const round_case tie_cases[] = {
    /* binary64: 1 + half an ulp is a tie to the even 1; 1 + 1.5 ulp a tie to the even 1 + 2 ulp */
    {BF_F64, {1, 1.1102230246251565e-16, 0}, {1, 1, 0}, UINT64_C(0x3FF0000000000000)},     /* 1 + 2^-53 */
    {BF_F64, {1, 3 * 1.1102230246251565e-16, 0}, {1, 1, 0}, UINT64_C(0x3FF0000000000002)}, /* 1 + 3*2^-53 */
    {BF_F64, {1, 1.1102230246251565e-16, 4.9406564584124654e-324}, {1, 1, 1}, UINT64_C(0x3FF0000000000001)},
    {BF_F64, {1, 1.1102230246251565e-16, -4.9406564584124654e-324}, {1, 1, 1}, UINT64_C(0x3FF0000000000000)},
    {BF_F64, {-1, -1.1102230246251565e-16, 0}, {1, 1, 0}, UINT64_C(0xBFF0000000000000)},
    {BF_F64, {-1, -3 * 1.1102230246251565e-16, 0}, {1, 1, 0}, UINT64_C(0xBFF0000000000002)},
    /* 2 - 2^-53: below a power of two the gap is halved; tie between 2 - 2^-52 (odd) and 2 */
    {BF_F64, {2, -1.1102230246251565e-16, 0}, {1, 1, 0}, UINT64_C(0x4000000000000000)},
    {BF_F64, {2, -1.1102230246251565e-16, -5.5511151231257827e-17}, {1, 1, 1}, UINT64_C(0x3FFFFFFFFFFFFFFF)},
    /* 2^53 + 1 ties to 2^53, 2^53 + 3 to 2^53 + 4 */
    {BF_F64, {9007199254740992.0, 1, 0}, {1, 1, 0}, UINT64_C(0x4340000000000000)},
    {BF_F64, {9007199254740992.0, 3, 0}, {1, 1, 0}, UINT64_C(0x4340000000000002)},
    /* binary32: 1 + 2^-24 ties to 1, 1 + 3*2^-24 to 1 + 2^-22, just above a tie rounds up */
    {BF_F32, {1, 5.9604644775390625e-08, 0}, {1, 1, 0}, 0x3F800000u},
    {BF_F32, {1, 3 * 5.9604644775390625e-08, 0}, {1, 1, 0}, 0x3F800002u},
    {BF_F32, {1, 5.9604644775390625e-08, 8.2718061255302767e-25}, {1, 1, 1}, 0x3F800001u}, /* + 2^-80 */
    {BF_F32, {1, 5.9604644775390625e-08, -8.2718061255302767e-25}, {1, 1, 1}, 0x3F800000u},
    {BF_F32, {16777216.0, 1, 0}, {1, 1, 0}, 0x4B800000u}, /* 2^24 + 1 */
    {BF_F32, {16777216.0, 3, 0}, {1, 1, 0}, 0x4B800002u}, /* 2^24 + 3 */
    /* binary16: 1 + 2^-11 ties to 1, 1 + 3*2^-11 to 1 + 2^-9; 2049 to 2048, 2051 to 2052 */
    {BF_F16, {1, 0.00048828125, 0}, {1, 1, 0}, 0x3C00u},
    {BF_F16, {1, 3 * 0.00048828125, 0}, {1, 1, 0}, 0x3C02u},
    {BF_F16, {1, 0.00048828125, 9.094947017729282e-13}, {1, 1, 1}, 0x3C01u}, /* + 2^-40 */
    {BF_F16, {-1, -0.00048828125, 0}, {1, 1, 0}, 0xBC00u},
    {BF_F16, {2049, 0, 0}, {1, 0, 0}, 0x6800u},
    {BF_F16, {2051, 0, 0}, {1, 0, 0}, 0x6802u},
    {BF_F16, {2051, -1.0e-300, 0}, {1, 1, 0}, 0x6801u},
};

static const round_case overflow_cases[] = {
    /* binary16: MAX = 65504, ulp(MAX) = 32, threshold 65520 */
    {BF_F16, {65520, 0, 0}, {1, 0, 0}, 0x7C00u},
    {BF_F16, {-65520, 0, 0}, {1, 0, 0}, 0xFC00u},
    {BF_F16, {65519.99, 0, 0}, {1, 0, 0}, 0x7BFFu},
    {BF_F16, {65520, -4.9406564584124654e-324, 0}, {1, 1, 0}, 0x7BFFu},
    {BF_F16, {65504, 0, 0}, {1, 0, 0}, 0x7BFFu},
    {BF_F16, {1e10, 0, 0}, {1, 0, 0}, 0x7C00u},
    {BF_F16, {DBL_MAX, 0, 0}, {DBL_MAX, 0, 0}, 0x7C00u},
    /* binary32: threshold 2^128 - 2^103 */
    {BF_F32, {3.4028235677973366e+38, 0, 0}, {1, 0, 0}, 0x7F800000u},
    {BF_F32, {-3.4028235677973366e+38, 0, 0}, {1, 0, 0}, 0xFF800000u},
    {BF_F32, {3.4028235677973366e+38, -4.9406564584124654e-324, 0}, {1, 1, 0}, 0x7F7FFFFFu},
    {BF_F32, {FLT_MAX, 0, 0}, {1, 0, 0}, 0x7F7FFFFFu},
    {BF_F32, {DBL_MAX, 0, 0}, {1, 0, 0}, 0x7F800000u},
    /* binary64: threshold DBL_MAX + 2^970 = 2^1024 - 2^970 */
    {BF_F64, {DBL_MAX, 9.9792015476736e+291, 0}, {1, 1, 0}, UINT64_C(0x7FF0000000000000)},
    {BF_F64, {-DBL_MAX, -9.9792015476736e+291, 0}, {1, 1, 0}, UINT64_C(0xFFF0000000000000)},
    {BF_F64, {DBL_MAX, 9.9792015476736e+291, -4.9406564584124654e-324}, {1, 1, 1}, UINT64_C(0x7FEFFFFFFFFFFFFF)},
    {BF_F64, {DBL_MAX, 4.9896007738368e+291, 0}, {1, 1, 0}, UINT64_C(0x7FEFFFFFFFFFFFFF)}, /* + 2^969 */
    {BF_F64, {DBL_MAX, DBL_MAX, 0}, {1, 1, 0}, UINT64_C(0x7FF0000000000000)},
    {BF_F64, {DBL_MAX, 0, 0}, {DBL_MAX, 0, 0}, UINT64_C(0x7FF0000000000000)},
    {BF_F64, {-DBL_MAX, 0, 0}, {DBL_MAX, 0, 0}, UINT64_C(0xFFF0000000000000)},
};

static const round_case subnormal_cases[] = {
    /* binary16, quantum 2^-24: 2^-25 ties to 0, 3*2^-26 rounds to 2^-24, 1.5 and 2.5 quanta tie to 2 */
    {BF_F16, {2.9802322387695312e-08, 0, 0}, {1, 0, 0}, 0x0000u},
    {BF_F16, {-2.9802322387695312e-08, 0, 0}, {1, 0, 0}, 0x8000u},
    {BF_F16, {3 * 1.4901161193847656e-08, 0, 0}, {1, 0, 0}, 0x0001u},
    {BF_F16, {2.9802322387695312e-08, 8.6736173798840355e-19, 0}, {1, 1, 0}, 0x0001u}, /* 2^-25 + 2^-60 */
    {BF_F16, {3 * 2.9802322387695312e-08, 0, 0}, {1, 0, 0}, 0x0002u},
    {BF_F16, {5 * 2.9802322387695312e-08, 0, 0}, {1, 0, 0}, 0x0002u},
    {BF_F16, {1023 * 5.9604644775390625e-08, 2.9802322387695312e-08, 0}, {1, 1, 0}, 0x0400u},
    {BF_F16, {1023 * 5.9604644775390625e-08, 2.9802322387695312e-08, -1e-300}, {1, 1, 1}, 0x03FFu},
    {BF_F16, {1e-300, 0, 0}, {1e-300, 0, 0}, 0x0000u},
    {BF_F16, {-1e-300, 0, 0}, {1e-300, 0, 0}, 0x8000u},
    /* binary32, quantum 2^-149 */
    {BF_F32, {7.0064923216240854e-46, 0, 0}, {1, 0, 0}, 0x00000000u},     /* 2^-150 */
    {BF_F32, {3 * 3.5032461608120427e-46, 0, 0}, {1, 0, 0}, 0x00000001u}, /* 3*2^-151 */
    {BF_F32, {3 * 7.0064923216240854e-46, 0, 0}, {1, 0, 0}, 0x00000002u}, /* 3*2^-150 */
    {BF_F32, {7.0064923216240854e-46, 1e-300, 0}, {1, 1, 0}, 0x00000001u},
    {BF_F32, {-7.0064923216240854e-46, 0, 0}, {1, 0, 0}, 0x80000000u},
    /* binary64, quantum 2^-1074: products reach below it */
    {BF_F64, {4.9406564584124654e-324, 0, 0}, {0.5, 0, 0}, UINT64_C(0x0000000000000000)},
    {BF_F64, {-4.9406564584124654e-324, 0, 0}, {0.5, 0, 0}, UINT64_C(0x8000000000000000)},
    {BF_F64, {4.9406564584124654e-324, 0, 0}, {1.5, 0, 0}, UINT64_C(0x0000000000000002)},
    {BF_F64, {4.9406564584124654e-324, 4.9406564584124654e-324, 0}, {0.5, 1.0e-20, 0}, UINT64_C(0x0000000000000001)},
    {BF_F64, {4.9406564584124654e-324, 0, 0}, {0.75, 0, 0}, UINT64_C(0x0000000000000001)},
    {BF_F64, {4.9406564584124654e-324, 0, 0}, {0.25, 0, 0}, UINT64_C(0x0000000000000000)},
    {BF_F64, {2.2250738585072009e-308, 4.9406564584124654e-324, 0}, {1, 0.5, 0}, UINT64_C(0x0010000000000000)},
    {BF_F64, {1e-200, 0, 0}, {-1e-200, 0, 0}, UINT64_C(0x8000000000000000)},
};

static void case_round_table(const void *ctx) {
    const round_table *table = (const round_table *)ctx;
    bigfloat sum, x, y;
    size_t i;
    int j;
    bf_init(&x);
    bf_init(&y);
    for (i = 0; i < table->count; i++) {
        const round_case *c = &table->cases[i];
        uint64_t got;
        bf_init(&sum);
        for (j = 0; j < 3; j++) {
            bf_set_double(&x, c->x[j]);
            bf_set_double(&y, c->y[j]);
            bf_mul(&x, &x, &y);
            bf_add(&sum, &sum, &x);
        }
        got = bf_round(&sum, c->format);
        TR_CHECKF(got == c->want, "case %lu: binary%d rounding gives 0x%llx, expected 0x%llx", (unsigned long)i,
                  c->format, (unsigned long long)got, (unsigned long long)c->want);
        TR_CHECKF(is_rounding_of(&sum, c->want, c->format), "case %lu: the expected 0x%llx is not the rounding",
                  (unsigned long)i, (unsigned long long)c->want);
        if (c->format == BF_F64) TR_CHECK(bits_of(bf_to_double(&sum)) == c->want);
        bf_free(&sum);
    }
    bf_free(&x);
    bf_free(&y);
}

static const round_table tie_table = {tie_cases, sizeof tie_cases / sizeof *tie_cases};
static const round_table overflow_table = {overflow_cases, sizeof overflow_cases / sizeof *overflow_cases};
static const round_table subnormal_table = {subnormal_cases, sizeof subnormal_cases / sizeof *subnormal_cases};

/* Returns x, y, z as sums of three random doubles each, spread far apart. */
static void random_wide(bigfloat *a, uint64_t *rng) {
    int j;
    bf_set_double(a, random_any_double(rng));
    for (j = 0; j < 2; j++) bf_add_double(a, random_any_double(rng));
}

static void case_mul(const void *ctx) {
    uint64_t rng = 5;
    bigfloat a, b, c, p, q, r;
    int i;
    (void)ctx;
    bf_init(&a);
    bf_init(&b);
    bf_init(&c);
    bf_init(&p);
    bf_init(&q);
    bf_init(&r);
    /* small integers times powers of two: the product is an exact double */
    for (i = 0; i < 100000; i++) {
        int64_t u = (int64_t)(splitmix(&rng) % (UINT64_C(1) << 27)) - (INT64_C(1) << 26);
        int64_t v = (int64_t)(splitmix(&rng) % (UINT64_C(1) << 27)) - (INT64_C(1) << 26);
        int k = (int)(splitmix(&rng) % 961) - 480, l = (int)(splitmix(&rng) % 961) - 480;
        double want = ldexp((double)(u * v), k + l);
        bf_set_double(&a, ldexp((double)u, k));
        bf_set_double(&b, ldexp((double)v, l));
        bf_set_double(&c, want);
        if (i % 3 == 0) {
            bf_mul(&p, &a, &b);
        } else if (i % 3 == 1) { /* aliasing: r is a */
            bf_copy(&p, &a);
            bf_mul(&p, &p, &b);
        } else { /* r is b */
            bf_copy(&p, &b);
            bf_mul(&p, &a, &p);
        }
        TR_CHECKF(bf_cmp(&p, &c) == 0, "%lld*2^%d times %lld*2^%d", (long long)u, k, (long long)v, l);
        TR_CHECK(bf_round(&p, BF_F64) == (want == 0 ? 0 : bits_of(want)));
    }
    /* products of arbitrary doubles (and floats): the hardware product is the correct rounding */
    for (i = 0; i < 200000; i++) {
        double x = random_any_double(&rng), y = random_any_double(&rng), want = x * y;
        float fx = random_float(&rng), fy = random_float(&rng);
        bf_set_double(&a, x);
        bf_set_double(&b, y);
        bf_mul(&p, &a, &b);
        TR_CHECKF(bf_round(&p, BF_F64) == (x == 0 || y == 0 ? 0 : bits_of(want)), "%.17g * %.17g rounds to %.17g", x, y,
                  bf_to_double(&p));
        bf_set_f32_bits(&a, bits_of_float(fx));
        bf_set_f32_bits(&b, bits_of_float(fy));
        bf_mul(&p, &a, &b);
        TR_CHECKF(bf_round(&p, BF_F32) == (fx == 0 || fy == 0 ? 0 : bits_of_float(fx * fy)), "%.9g * %.9g", (double)fx,
                  (double)fy);
    }
    /* (1 + 2^-52)^2 = 1 + 2^-51 + 2^-104 */
    bf_set_double(&a, 1 + pow2(-52));
    bf_mul(&p, &a, &a);
    bf_set_double(&q, 1);
    bf_add_double(&q, pow2(-51));
    bf_add_double(&q, pow2(-104));
    TR_CHECK(bf_cmp(&p, &q) == 0);
    TR_CHECK(bf_round(&p, BF_F64) == UINT64_C(0x3FF0000000000002));
    /* (2^-1000)^4 and (2^1000)^4 leave every format's range */
    bf_set_double(&a, -pow2(-1000));
    bf_mul(&a, &a, &a);
    bf_mul(&a, &a, &a);
    bf_neg(&a);
    TR_CHECK(bf_round(&a, BF_F64) == UINT64_C(0x8000000000000000) && bf_round(&a, BF_F16) == 0x8000u);
    bf_set_double(&a, pow2(1000));
    bf_mul(&a, &a, &a);
    bf_mul(&a, &a, &a);
    TR_CHECK(bf_round(&a, BF_F64) == inf_bits(BF_F64) && bf_round(&a, BF_F32) == inf_bits(BF_F32));
    /* algebra on multi-limb values: commutative, associative, distributive */
    for (i = 0; i < 3000; i++) {
        random_wide(&a, &rng);
        random_wide(&b, &rng);
        random_wide(&c, &rng);
        bf_mul(&p, &a, &b);
        bf_mul(&q, &b, &a);
        TR_CHECK(bf_cmp(&p, &q) == 0);
        bf_mul(&p, &p, &c);
        bf_mul(&q, &b, &c);
        bf_mul(&q, &a, &q);
        TR_CHECK(bf_cmp(&p, &q) == 0);
        bf_add(&p, &a, &b);
        bf_mul(&p, &p, &c);
        bf_mul(&q, &a, &c);
        bf_mul(&r, &b, &c);
        bf_add(&q, &q, &r);
        TR_CHECK(bf_cmp(&p, &q) == 0);
        bf_sub(&r, &p, &q);
        TR_CHECK(bf_is_zero(&r));
    }
    bf_free(&a);
    bf_free(&b);
    bf_free(&c);
    bf_free(&p);
    bf_free(&q);
    bf_free(&r);
}

/* Carry and borrow chains through every limb: ones = 2^k - 2^j (k - j one bits, built from
   53-bit pieces) plus 2^j is 2^k, which needs a limb more when k is a multiple of 32; back
   again by subtracting, and through the sign change of 2^j - 2^k. */
static void case_carry_borrow(const void *ctx) {
    bigfloat ones, acc, t;
    int k, d, pos;
    (void)ctx;
    bf_init(&ones);
    bf_init(&acc);
    bf_init(&t);
    for (k = -1000; k <= 1023; k += (k > -950 && k < 950) ? 29 : 1) {
        for (d = 1; d <= 200 && k - d >= -1074; d++) {
            int j = k - d;
            double want = d <= 53 ? pow2(k) - pow2(j) : pow2(k);
            bf_init(&ones);
            for (pos = j; pos < k; pos += 53) {
                int width = k - pos < 53 ? k - pos : 53;
                bf_add_double(&ones, ldexp(pow2(width) - 1, pos));
            }
            TR_CHECKF(bf_round(&ones, BF_F64) == bits_of(want), "2^%d - 2^%d rounds to %.17g", k, j,
                      bf_to_double(&ones));
            bf_copy(&acc, &ones);
            bf_add_double(&acc, pow2(j));
            bf_set_double(&t, pow2(k));
            TR_CHECKF(bf_cmp(&acc, &t) == 0 && acc.n == 1, "(2^%d - 2^%d) + 2^%d in place", k, j, j);
            bf_add_double(&acc, -pow2(j));
            TR_CHECKF(bf_cmp(&acc, &ones) == 0, "2^%d - 2^%d in place", k, j);
            bf_set_double(&t, pow2(j));
            bf_add(&acc, &ones, &t);
            bf_set_double(&t, pow2(k));
            TR_CHECKF(bf_cmp(&acc, &t) == 0 && acc.n == 1, "(2^%d - 2^%d) + 2^%d", k, j, j);
            bf_set_double(&acc, pow2(j));
            bf_add_double(&acc, -pow2(k));
            bf_neg(&acc);
            TR_CHECKF(bf_cmp(&acc, &ones) == 0, "2^%d - 2^%d, negated in place", j, k);
            bf_neg(&ones);
            bf_add_double(&ones, -pow2(j));
            bf_neg(&t);
            TR_CHECKF(bf_cmp(&ones, &t) == 0, "-(2^%d - 2^%d) - 2^%d in place", k, j, j);
            bf_free(&ones);
        }
    }
    bf_free(&acc);
    bf_free(&t);
}

static double next_down(double x) { /* for x > 0 */
    return double_of(bits_of(x) - 1);
}

static void case_within(const void *ctx) {
    const double eps = pow2(-52), tiny = pow2(-1000), min_sub = pow2(-1074);
    bigfloat a;
    (void)ctx;
    bf_init(&a);
    bf_set_double(&a, 1);
    TR_CHECK(bf_within(&a, 1 + eps, eps) == 1);
    TR_CHECK(bf_within(&a, 1 + eps, next_down(eps)) == 0);
    TR_CHECK(bf_within(&a, 1 - eps / 2, eps / 2) == 1);
    TR_CHECK(bf_within(&a, 1 - eps / 2, next_down(eps / 2)) == 0);
    TR_CHECK(bf_within(&a, 1, 0) == 1);
    TR_CHECK(bf_within(&a, 1, -0.0) == 1);
    TR_CHECK(bf_within(&a, 1, -1.0) == 0);
    TR_CHECK(bf_within(&a, HUGE_VAL, HUGE_VAL) == 1);
    TR_CHECK(bf_within(&a, HUGE_VAL, DBL_MAX) == 0);
    TR_CHECK(bf_within(&a, -HUGE_VAL, DBL_MAX) == 0);
    TR_CHECK(bf_within(&a, DBL_MAX, HUGE_VAL) == 1);
    TR_CHECK(bf_within(&a, 1, -HUGE_VAL) == 0);
    {
        volatile double zero = 0.0;
        double nan = zero / zero;
        TR_CHECK(bf_within(&a, nan, HUGE_VAL) == 1);
        TR_CHECK(bf_within(&a, nan, 1.0) == 0);
        TR_CHECK(bf_within(&a, 1, nan) == 0);
    }
    /* 1 + 2^-1000 against 1: the distance needs no rounding */
    bf_add_double(&a, tiny);
    TR_CHECK(bf_within(&a, 1, tiny) == 1);
    TR_CHECK(bf_within(&a, 1, next_down(tiny)) == 0);
    bf_neg(&a);
    TR_CHECK(bf_within(&a, -1, tiny) == 1);
    TR_CHECK(bf_within(&a, -1, next_down(tiny)) == 0);
    TR_CHECK(bf_within(&a, 1, 2) == 0);
    /* 2^-1075, half the smallest subnormal */
    bf_set_double(&a, min_sub);
    {
        bigfloat half;
        bf_init(&half);
        bf_set_double(&half, 0.5);
        bf_mul(&a, &a, &half);
        bf_free(&half);
    }
    TR_CHECK(bf_within(&a, 0, min_sub) == 1);
    TR_CHECK(bf_within(&a, -0.0, min_sub) == 1);
    TR_CHECK(bf_within(&a, 0, 0) == 0);
    TR_CHECK(bf_within(&a, min_sub, min_sub) == 1);
    TR_CHECK(bf_within(&a, -min_sub, min_sub) == 0);
    /* zero */
    bf_set_double(&a, -0.0);
    TR_CHECK(bf_within(&a, -0.0, 0) == 1);
    TR_CHECK(bf_within(&a, min_sub, 0) == 0);
    TR_CHECK(bf_within(&a, -min_sub, min_sub) == 1);
    /* past DBL_MAX: 2^1024 - 2^970 */
    bf_set_double(&a, DBL_MAX);
    bf_add_double(&a, pow2(970));
    TR_CHECK(bf_within(&a, DBL_MAX, pow2(970)) == 1);
    TR_CHECK(bf_within(&a, DBL_MAX, next_down(pow2(970))) == 0);
    TR_CHECK(bf_within(&a, -DBL_MAX, DBL_MAX) == 0);
    bf_free(&a);
}

static void case_compare(const void *ctx) {
    uint64_t rng = 6;
    bigfloat a, b, c;
    int i;
    (void)ctx;
    bf_init(&a);
    bf_init(&b);
    bf_init(&c);
    for (i = 0; i < 200000; i++) {
        double x = random_any_double(&rng), y;
        int kind = i % 4;
        y = kind == 0 ? x : kind == 1 ? -x : kind == 2 ? double_of(bits_of(x) ^ 1) : random_any_double(&rng);
        if (i % 1000 == 0) y = -0.0;
        bf_set_double(&a, x);
        bf_set_double(&b, y);
        TR_CHECKF(bf_cmp(&a, &b) == (x > y) - (x < y), "cmp(%.17g, %.17g)", x, y);
        TR_CHECKF(bf_cmp_abs(&a, &b) == (fabs(x) > fabs(y)) - (fabs(x) < fabs(y)), "cmp_abs(%.17g, %.17g)", x, y);
        TR_CHECK(bf_sign(&a) == (x > 0) - (x < 0));
        bf_copy(&c, &a);
        TR_CHECK(bf_cmp(&c, &a) == 0);
        bf_copy(&c, &c);
        bf_neg(&c);
        TR_CHECK(bf_sign(&c) == -bf_sign(&a));
        bf_add(&c, &c, &a);
        TR_CHECK(bf_is_zero(&c) && c.n == 0 && c.sign == 0 && c.exp == 0);
        /* the same through the in-place path */
        bf_copy(&c, &a);
        bf_add_double(&c, -x);
        TR_CHECK(bf_is_zero(&c) && c.sign == 0);
    }
    /* values that differ only far below their leading bits */
    bf_set_double(&a, pow2(1000));
    bf_copy(&b, &a);
    bf_add_double(&a, pow2(-1074));
    TR_CHECK(bf_cmp(&a, &b) == 1 && bf_cmp(&b, &a) == -1 && bf_cmp_abs(&a, &b) == 1);
    bf_neg(&a);
    bf_neg(&b);
    TR_CHECK(bf_cmp(&a, &b) == -1 && bf_cmp_abs(&a, &b) == 1);
    bf_free(&a);
    bf_free(&b);
    bf_free(&c);
}

/* Prefix sums of n random doubles from the whole exponent range (which overflow now and
   then): every prefix's rounding to binary64, and every 8th prefix's to binary32 and
   binary16, meets the definition; the sum built the slow way in reverse order agrees. */
static void case_prefix_sum(const void *ctx) {
    const int n = 100000;
    uint64_t rng = 7, rng_again;
    bigfloat acc, other, x;
    double *values;
    int i, bad = 0;
    (void)ctx;
    bf_init(&acc);
    bf_init(&other);
    bf_init(&x);
    rng_again = rng;
    for (i = 0; i < n && bad < 8; i++) {
        double v = random_double(&rng, 0, 2046);
        uint64_t r;
        bf_add_double(&acc, v);
        r = bf_round(&acc, BF_F64);
        if (!TR_CHECKF(is_rounding_of(&acc, r, BF_F64), "prefix %d: binary64 0x%016llx", i, (unsigned long long)r))
            bad++;
        if (i % 8 == 0) {
            r = bf_round(&acc, BF_F32);
            if (!TR_CHECKF(is_rounding_of(&acc, r, BF_F32), "prefix %d: binary32 0x%08llx", i, (unsigned long long)r))
                bad++;
            r = bf_round(&acc, BF_F16);
            if (!TR_CHECKF(is_rounding_of(&acc, r, BF_F16), "prefix %d: binary16 0x%04llx", i, (unsigned long long)r))
                bad++;
        }
    }
    /* the general bf_add, summing the same values from the last to the first */
    values = (double *)malloc((size_t)n * sizeof *values);
    if (TR_CHECK(values != NULL)) {
        for (i = 0; i < n; i++) values[i] = random_double(&rng_again, 0, 2046);
        for (i = n - 1; i >= 0; i--) {
            bf_set_double(&x, values[i]);
            bf_add(&other, &x, &other);
        }
        TR_CHECK(bf_cmp(&acc, &other) == 0);
        for (i = 0; i < n; i++) bf_add_double(&other, -values[i]);
        TR_CHECK(bf_is_zero(&other));
    }
    free(values);
    bf_free(&acc);
    bf_free(&other);
    bf_free(&x);
}

/* Prefix sums that cancel: 500 values, then their negations, back to exactly 0 (twenty times). */
static void case_prefix_cancel(const void *ctx) {
    uint64_t rng = 8, again;
    bigfloat acc;
    int i, j;
    (void)ctx;
    bf_init(&acc);
    for (j = 0; j < 20; j++) {
        again = rng;
        for (i = 0; i < 500; i++) bf_add_double(&acc, random_any_double(&rng));
        for (i = 0; i < 500; i++) {
            uint64_t r;
            bf_add_double(&acc, -random_any_double(&again));
            r = bf_round(&acc, BF_F64);
            TR_CHECKF(is_rounding_of(&acc, r, BF_F64), "round %d, prefix %d", j, i);
        }
        TR_CHECKF(bf_is_zero(&acc) && acc.sign == 0, "round %d: the sum is not back to zero", j);
    }
    bf_free(&acc);
}

/* ---- bf_round_div_u64 and bf_round_sqrt ---------------------------------------------------- */

/* |a - r n| for the encoding k of format (finite): the distance the nearest quotient minimises. */
static void quotient_residual(bigfloat *d, const bigfloat *a, uint64_t k, uint64_t n, int format) {
    bigfloat r, count;
    bf_init(&r);
    bf_init(&count);
    set_encoding(&r, k, format);
    bf_set_double(&count, (double)n);
    bf_mul(&r, &r, &count);
    bf_sub(d, a, &r);
    if (bf_sign(d) < 0) bf_neg(d);
    bf_free(&r);
    bf_free(&count);
}

/* 1 when bits (finite, a's sign) is a nearest-even quotient a / n by the definition: no finite
   neighbour encoding is closer, and on a tie the encoding is even. */
static int is_quotient_of(const bigfloat *a, uint64_t n, uint64_t bits, int format) {
    const uint64_t k = bits & ~sign_bit(format), k_inf = inf_bits(format);
    bigfloat d0, d1, mag;
    int ok = 1, c;
    if (k >= k_inf) return 0;
    bf_init(&d0);
    bf_init(&d1);
    bf_init(&mag);
    bf_copy(&mag, a);
    if (bf_sign(&mag) < 0) bf_neg(&mag);
    quotient_residual(&d0, &mag, k, n, format);
    if (k + 1 < k_inf) {
        quotient_residual(&d1, &mag, k + 1, n, format);
        c = bf_cmp(&d0, &d1);
        if (c > 0 || (c == 0 && (k & 1))) ok = 0;
    }
    if (k > 0) {
        quotient_residual(&d1, &mag, k - 1, n, format);
        c = bf_cmp(&d0, &d1);
        if (c > 0 || (c == 0 && (k & 1))) ok = 0;
    }
    bf_free(&d0);
    bf_free(&d1);
    bf_free(&mag);
    return ok;
}

/* a / n against IEEE division (correctly rounded: the platform's for float32 and float64,
   binary16 through a double quotient, exact enough for n < 2^41), against the definition on
   sums of many wide doubles, powers of two against bf_round, hand-checked ties and overflow. */
static void case_div_u64(const void *ctx) {
    uint64_t rng = 0xD1D1D1D1u;
    bigfloat a, b, t;
    int i;
    (void)ctx;
    bf_init(&a);
    bf_init(&b);
    bf_init(&t);
    for (i = 0; i < 3000; i++) {
        const double x = random_any_double(&rng);
        const uint64_t n = 1 + splitmix(&rng) % (i % 3 == 0 ? 7u : i % 3 == 1 ? 3000u : 1u << 24);
        const float xf = random_float(&rng);
        const uint16_t h = (uint16_t)(splitmix(&rng) & 0xFFFFu);
        uint64_t got;
        bf_set_double(&a, x);
        got = bf_round_div_u64(&a, n, BF_F64);
        TR_CHECKF(got == bits_of(x / (double)n), "div: %.17g / %llu gives 0x%016llx, IEEE 0x%016llx", x,
                  (unsigned long long)n, (unsigned long long)got, (unsigned long long)bits_of(x / (double)n));
        bf_set_f32_bits(&a, bits_of_float(xf));
        got = bf_round_div_u64(&a, n, BF_F32);
        TR_CHECKF(got == bits_of_float(xf / (float)n), "div: %.9g / %llu gives 0x%08llx, IEEE 0x%08lx", (double)xf,
                  (unsigned long long)n, (unsigned long long)got, (unsigned long)bits_of_float(xf / (float)n));
        if ((h & 0x7C00u) != 0x7C00u) {
            bf_set_f16_bits(&a, h);
            got = bf_round_div_u64(&a, n, BF_F16);
            TR_CHECKF(got == ref_f16(half_value(h) / (double)n), "div: f16 0x%04x / %llu gives 0x%04llx, want 0x%04x",
                      h, (unsigned long long)n, (unsigned long long)got, ref_f16(half_value(h) / (double)n));
        }
        if (tr_case_failures() > 8) break;
    }
    /* sums of many wide doubles (hundreds of bits) by odd counts: the definition, neighbour by neighbour */
    for (i = 0; i < 200 && tr_case_failures() <= 8; i++) {
        const int format = i % 3 == 0 ? BF_F16 : i % 3 == 1 ? BF_F32 : BF_F64;
        const uint64_t n = 1 + 2 * (splitmix(&rng) % 50000u);
        int j, terms = 2 + (int)(splitmix(&rng) % 40u);
        uint64_t got;
        bf_free(&a);
        for (j = 0; j < terms; j++)
            bf_add_double(&a, random_double(&rng, format == BF_F64 ? 900 : 1000, format == BF_F64 ? 1150 : 1060));
        got = bf_round_div_u64(&a, n, format);
        if ((got & ~sign_bit(format)) == inf_bits(format)) continue; /* beyond MAX x n: the overflow cases below */
        TR_CHECKF(is_quotient_of(&a, n, got, format) && (bf_sign(&a) < 0) == ((got & sign_bit(format)) != 0),
                  "div: a sum of %d doubles / %llu (format %d) gives 0x%llx, not the nearest", terms,
                  (unsigned long long)n, format, (unsigned long long)got);
    }
    /* powers of two: exact scalings, bf_round's answer */
    for (i = 0; i < 300 && tr_case_failures() <= 8; i++) {
        const int format = i % 3 == 0 ? BF_F16 : i % 3 == 1 ? BF_F32 : BF_F64, k = (int)(splitmix(&rng) % 63u);
        const uint64_t n = (uint64_t)1 << k;
        bf_set_double(&a, random_any_double(&rng));
        bf_set_double(&b, pow2(-k));
        bf_mul(&t, &a, &b);
        TR_CHECKF(bf_round_div_u64(&a, n, format) == bf_round(&t, format), "div: by 2^%d (format %d)", k, format);
    }
    /* ties: 3 (1 + 2^-53) / 3 lies between 1 and 1 + 2^-52 (odd): 1; 3 (1 + 3 2^-53) / 3 between 1 + 2^-52
       (odd) and 1 + 2^-51: 1 + 2^-51; in float32, 5 (1 + 2^-24) / 5: 1 */
    bf_set_double(&a, 3.0);
    bf_add_double(&a, 3.0 * pow2(-53));
    TR_CHECK(bf_round_div_u64(&a, 3, BF_F64) == bits_of(1.0));
    bf_set_double(&a, 3.0);
    bf_add_double(&a, 9.0 * pow2(-53));
    TR_CHECK(bf_round_div_u64(&a, 3, BF_F64) == bits_of(1.0 + pow2(-51)));
    bf_set_double(&a, 5.0);
    bf_add_double(&a, 5.0 * pow2(-24));
    TR_CHECK(bf_round_div_u64(&a, 5, BF_F32) == 0x3F800000u);
    bf_neg(&a);
    TR_CHECK(bf_round_div_u64(&a, 5, BF_F32) == 0xBF800000u);
    /* overflow: 65520 (MAX + ulp/2) x 7 / 7 is the tie at the threshold: infinity; 65519 x 7 / 7: 65504 */
    bf_set_double(&a, 65520.0 * 7);
    TR_CHECK(bf_round_div_u64(&a, 7, BF_F16) == 0x7C00u);
    bf_neg(&a);
    TR_CHECK(bf_round_div_u64(&a, 7, BF_F16) == 0xFC00u);
    bf_set_double(&a, 65519.0 * 7);
    TR_CHECK(bf_round_div_u64(&a, 7, BF_F16) == 0x7BFFu);
    bf_set_double(&a, ldexp(1.0, 128) * 3);
    TR_CHECK(bf_round_div_u64(&a, 3, BF_F32) == 0x7F800000u);
    /* underflow: 2^-25 / 1 is half the smallest binary16 subnormal (a tie): +0; -3 2^-26 / 1 rounds to -2^-24;
       the smallest double subnormal / 3 gives -0 on the negative side */
    bf_set_double(&a, pow2(-25));
    TR_CHECK(bf_round_div_u64(&a, 1, BF_F16) == 0);
    bf_set_double(&a, -3 * pow2(-26));
    TR_CHECK(bf_round_div_u64(&a, 1, BF_F16) == 0x8001u);
    bf_set_double(&a, -double_of(1));
    TR_CHECK(bf_round_div_u64(&a, 3, BF_F64) == UINT64_C(0x8000000000000000));
    bf_free(&a);
    TR_CHECK(bf_round_div_u64(&a, 9, BF_F32) == 0);
    bf_free(&b);
    bf_free(&t);
}

/* sqrt against IEEE sqrt (the platform's for float32 and float64; binary16 through the double root,
   exact since 53 >= 2 x 11 + 2), exact squares of doubles over the whole range (squares far outside
   double's), squares nudged by a tiny amount, ties that only exact numbers reach, and overflow. */
static void case_sqrt(const void *ctx) {
    uint64_t rng = 0x5A5A5A5Au;
    bigfloat a, b;
    int i;
    (void)ctx;
    bf_init(&a);
    bf_init(&b);
    for (i = 0; i < 3000 && tr_case_failures() <= 8; i++) {
        const double x = fabs(random_any_double(&rng));
        const float xf = fabsf(random_float(&rng));
        const uint16_t h = (uint16_t)(splitmix(&rng) % 0x7C00u);
        const double y = random_any_double(&rng);
        uint64_t got;
        bf_set_double(&a, x);
        got = bf_round_sqrt(&a, BF_F64);
        TR_CHECKF(got == bits_of(sqrt(x)), "sqrt(%.17g) gives 0x%016llx, IEEE 0x%016llx", x, (unsigned long long)got,
                  (unsigned long long)bits_of(sqrt(x)));
        bf_set_f32_bits(&a, bits_of_float(xf));
        got = bf_round_sqrt(&a, BF_F32);
        TR_CHECKF(got == bits_of_float(sqrtf(xf)), "sqrt(%.9g) gives 0x%08llx, IEEE 0x%08lx", (double)xf,
                  (unsigned long long)got, (unsigned long)bits_of_float(sqrtf(xf)));
        bf_set_f16_bits(&a, h);
        got = bf_round_sqrt(&a, BF_F16);
        TR_CHECKF(got == ref_f16(sqrt(half_value(h))), "sqrt(f16 0x%04x) gives 0x%04llx, want 0x%04x", h,
                  (unsigned long long)got, ref_f16(sqrt(half_value(h))));
        /* y^2 exactly, then y^2 +- a tiny amount: the root is |y| */
        bf_set_double(&a, y);
        bf_mul(&a, &a, &a);
        TR_CHECKF(bf_round_sqrt(&a, BF_F64) == bits_of(fabs(y)), "sqrt(y^2) is not |y| for y = %.17g", y);
        if (fabs(y) >= pow2(-500)) { /* 2^-1074 moves the root by less than 2^-575, far below its half ulp */
            bf_copy(&b, &a);
            bf_add_double(&b, pow2(-1074));
            TR_CHECKF(bf_round_sqrt(&b, BF_F64) == bits_of(fabs(y)), "sqrt(y^2 + 2^-1074) for y = %.17g", y);
            bf_copy(&b, &a);
            bf_add_double(&b, -pow2(-1074));
            TR_CHECKF(bf_round_sqrt(&b, BF_F64) == bits_of(fabs(y)), "sqrt(y^2 - 2^-1074) for y = %.17g", y);
        }
    }
    /* ties: the root of m^2 for a midpoint m: (1 + 2^-53)^2 -> 1, (1 + 3 2^-53)^2 -> 1 + 2^-51 (even) */
    bf_set_double(&a, 1.0);
    bf_add_double(&a, pow2(-53));
    bf_mul(&a, &a, &a);
    TR_CHECK(bf_round_sqrt(&a, BF_F64) == bits_of(1.0));
    bf_set_double(&a, 1.0);
    bf_add_double(&a, 3 * pow2(-53));
    bf_mul(&a, &a, &a);
    TR_CHECK(bf_round_sqrt(&a, BF_F64) == bits_of(1.0 + pow2(-51)));
    /* overflow: the root of 65520^2 is the threshold itself (a tie with MAX odd): infinity; of 65519^2: MAX */
    bf_set_double(&a, 65520.0 * 65520.0);
    TR_CHECK(bf_round_sqrt(&a, BF_F16) == 0x7C00u);
    bf_set_double(&a, 65519.0 * 65519.0);
    TR_CHECK(bf_round_sqrt(&a, BF_F16) == 0x7BFFu);
    bf_set_double(&a, ldexp(1.0, 1000));
    bf_mul(&a, &a, &a); /* 2^2000: root 2^1000, beyond float32 */
    TR_CHECK(bf_round_sqrt(&a, BF_F32) == 0x7F800000u);
    TR_CHECK(bf_round_sqrt(&a, BF_F64) == bits_of(ldexp(1.0, 1000)));
    bf_free(&a);
    TR_CHECK(bf_round_sqrt(&a, BF_F16) == 0);
    bf_free(&b);
}

void register_bigfloat_tests(void) {
    tr_add("bigfloat/roundtrip-double", case_roundtrip_double, NULL);
    tr_add("bigfloat/roundtrip-float", case_roundtrip_float, NULL);
    tr_add("bigfloat/roundtrip-half", case_roundtrip_half, NULL);
    tr_add("bigfloat/sum-two-doubles", case_sum_two, NULL);
    tr_add("bigfloat/midpoint-sums", case_midpoint_sums, NULL);
    tr_add("bigfloat/ties", case_round_table, &tie_table);
    tr_add("bigfloat/overflow", case_round_table, &overflow_table);
    tr_add("bigfloat/subnormal-rounding", case_round_table, &subnormal_table);
    tr_add("bigfloat/carry-borrow", case_carry_borrow, NULL);
    tr_add("bigfloat/mul", case_mul, NULL);
    tr_add("bigfloat/within", case_within, NULL);
    tr_add("bigfloat/compare", case_compare, NULL);
    tr_add("bigfloat/prefix-sum", case_prefix_sum, NULL);
    tr_add("bigfloat/prefix-cancel", case_prefix_cancel, NULL);
    tr_add("bigfloat/div-u64", case_div_u64, NULL);
    tr_add("bigfloat/sqrt", case_sqrt, NULL);
}
