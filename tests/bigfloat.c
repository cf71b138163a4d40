/* tests/bigfloat.c - exact binary floating-point numbers (see bigfloat.h). */
#include "bigfloat.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void bf_die(const char *what) {
    fprintf(stderr, "bigfloat: %s\n", what);
    abort();
}

/* Room for at least need limbs, keeping the current ones. */
static void bf_reserve(bigfloat *a, size_t need) {
    size_t cap;
    uint32_t *grown;
    if (need <= a->cap) return;
    cap = a->cap ? a->cap * 2 : 8;
    if (cap < need) cap = need;
    if (cap > (size_t)-1 / sizeof *grown) bf_die("out of memory");
    grown = (uint32_t *)realloc(a->limb, cap * sizeof *grown);
    if (!grown) bf_die("out of memory");
    a->limb = grown;
    a->cap = cap;
}

static uint32_t *bf_alloc_zeroed(size_t count) {
    uint32_t *p = (uint32_t *)calloc(count, sizeof *p);
    if (!p) bf_die("out of memory");
    return p;
}

static void bf_set_zero(bigfloat *a) {
    a->n = 0;
    a->sign = 0;
    a->exp = 0;
}

/* Restores the canonical form after an operation left zero limbs at either end. */
static void bf_normalise(bigfloat *a) {
    size_t low = 0;
    while (a->n > 0 && a->limb[a->n - 1] == 0) a->n--;
    if (a->n == 0) {
        bf_set_zero(a);
        return;
    }
    while (a->limb[low] == 0) low++;
    if (low > 0) {
        memmove(a->limb, a->limb + low, (a->n - low) * sizeof *a->limb);
        a->n -= low;
        a->exp += 32 * (int64_t)low;
    }
}

/* floor(e / 32) for either sign of e. */
static int64_t bf_floor_div32(int64_t e) {
    int64_t r = e % 32;
    if (r < 0) r += 32;
    return (e - r) / 32;
}

/* Splits m * 2^e into three limbs at limb index *q (value = limbs * 2^(32 q)). */
static void bf_split_u64(uint64_t m, int64_t e, uint32_t out[3], int64_t *q) {
    int64_t qq = bf_floor_div32(e);
    unsigned s = (unsigned)(e - 32 * qq);
    uint64_t low = m << s;
    out[0] = (uint32_t)low;
    out[1] = (uint32_t)(low >> 32);
    out[2] = s ? (uint32_t)(m >> (64 - s)) : 0;
    *q = qq;
}

/* a = (-1)^sign * m * 2^e. Needs no allocation when a->cap >= 3. */
static void bf_set_u64(bigfloat *a, int sign, uint64_t m, int64_t e) {
    int64_t q;
    if (m == 0) {
        bf_set_zero(a);
        return;
    }
    bf_reserve(a, 3);
    bf_split_u64(m, e, a->limb, &q);
    a->n = 3;
    a->sign = sign ? 1 : 0;
    a->exp = 32 * q;
    bf_normalise(a);
}

/* An IEEE binary format: p significand bits (hidden bit included), ebits exponent bits. */
typedef struct bf_format {
    int p, ebits;
} bf_format;

static bf_format bf_format_of(int format) {
    bf_format f;
    switch (format) {
    case BF_F16:
        f.p = 11;
        f.ebits = 5;
        break;
    case BF_F32:
        f.p = 24;
        f.ebits = 8;
        break;
    case BF_F64:
        f.p = 53;
        f.ebits = 11;
        break;
    default:
        bf_die("unknown format");
        f.p = 0;
        f.ebits = 0;
        break;
    }
    return f;
}

/* Decodes a finite encoding into (-1)^sign * m * 2^e with m an integer. */
static void bf_decode(bf_format f, uint64_t bits, int *sign, uint64_t *m, int64_t *e) {
    uint64_t frac_mask = ((uint64_t)1 << (f.p - 1)) - 1;
    uint64_t exp_field = (bits >> (f.p - 1)) & (((uint64_t)1 << f.ebits) - 1);
    int64_t bias = ((int64_t)1 << (f.ebits - 1)) - 1;
    if (exp_field == ((uint64_t)1 << f.ebits) - 1) bf_die("non-finite input");
    *sign = (int)((bits >> (f.p + f.ebits - 1)) & 1);
    if (exp_field == 0) { /* subnormal: no hidden bit, the exponent of the smallest normals */
        *m = bits & frac_mask;
        *e = 1 - bias - (f.p - 1);
    } else {
        *m = (bits & frac_mask) | ((uint64_t)1 << (f.p - 1));
        *e = (int64_t)exp_field - bias - (f.p - 1);
    }
}

static uint64_t bf_double_bits(double x) {
    uint64_t bits;
    memcpy(&bits, &x, sizeof bits);
    return bits;
}

void bf_init(bigfloat *a) {
    a->sign = 0;
    a->exp = 0;
    a->limb = NULL;
    a->n = 0;
    a->cap = 0;
}

void bf_free(bigfloat *a) {
    free(a->limb);
    bf_init(a);
}

void bf_copy(bigfloat *dst, const bigfloat *src) {
    if (dst == src) return;
    bf_reserve(dst, src->n);
    if (src->n) memcpy(dst->limb, src->limb, src->n * sizeof *src->limb);
    dst->n = src->n;
    dst->sign = src->sign;
    dst->exp = src->exp;
}

static void bf_set_encoded(bigfloat *a, int format, uint64_t bits) {
    int sign;
    uint64_t m;
    int64_t e;
    bf_decode(bf_format_of(format), bits, &sign, &m, &e);
    bf_set_u64(a, sign, m, e);
}

void bf_set_double(bigfloat *a, double x) { bf_set_encoded(a, BF_F64, bf_double_bits(x)); }
void bf_set_f32_bits(bigfloat *a, uint32_t bits) { bf_set_encoded(a, BF_F32, bits); }
void bf_set_f16_bits(bigfloat *a, uint16_t bits) { bf_set_encoded(a, BF_F16, bits); }

/* dst[0..dn) += src[0..sn), sn <= dn; returns the carry out of dst[dn - 1]. */
static uint32_t bf_limbs_add(uint32_t *dst, size_t dn, const uint32_t *src, size_t sn) {
    uint64_t carry = 0;
    size_t i;
    for (i = 0; i < sn; i++) {
        carry += (uint64_t)dst[i] + src[i];
        dst[i] = (uint32_t)carry;
        carry >>= 32;
    }
    for (; carry && i < dn; i++) {
        carry += dst[i];
        dst[i] = (uint32_t)carry;
        carry >>= 32;
    }
    return (uint32_t)carry;
}

/* dst[0..dn) -= src[0..sn), sn <= dn; returns the borrow out of dst[dn - 1]. */
static uint32_t bf_limbs_sub(uint32_t *dst, size_t dn, const uint32_t *src, size_t sn) {
    uint32_t borrow = 0;
    size_t i;
    for (i = 0; i < sn; i++) {
        uint64_t d = (uint64_t)dst[i] - src[i] - borrow;
        dst[i] = (uint32_t)d;
        borrow = (uint32_t)(d >> 63);
    }
    for (; borrow && i < dn; i++) {
        borrow = dst[i] == 0;
        dst[i]--;
    }
    return borrow;
}

/* Two's complement negation of a limb array (turns 2^(32 n) - x back into x). */
static void bf_limbs_negate(uint32_t *dst, size_t n) {
    uint64_t carry = 1;
    size_t i;
    for (i = 0; i < n; i++) {
        carry += (uint32_t)~dst[i];
        dst[i] = (uint32_t)carry;
        carry >>= 32;
    }
}

void bf_add_double(bigfloat *acc, double x) {
    int sign;
    uint64_t m;
    int64_t e, q, lo, hi, new_lo, new_hi;
    uint32_t xl[3];
    size_t len, shift, off;
    bf_decode(bf_format_of(BF_F64), bf_double_bits(x), &sign, &m, &e);
    if (m == 0) return;
    if (acc->n == 0) {
        bf_set_u64(acc, sign, m, e);
        return;
    }
    bf_split_u64(m, e, xl, &q);
    /* widen acc in place to limb indices new_lo..new_hi, the top one spare for a carry */
    lo = acc->exp / 32;
    hi = lo + (int64_t)acc->n - 1;
    new_lo = q < lo ? q : lo;
    new_hi = (q + 2 > hi ? q + 2 : hi) + 1;
    len = (size_t)(new_hi - new_lo + 1);
    shift = (size_t)(lo - new_lo);
    bf_reserve(acc, len);
    if (shift) {
        memmove(acc->limb + shift, acc->limb, acc->n * sizeof *acc->limb);
        memset(acc->limb, 0, shift * sizeof *acc->limb);
    }
    memset(acc->limb + shift + acc->n, 0, (len - shift - acc->n) * sizeof *acc->limb);
    acc->n = len;
    acc->exp = 32 * new_lo;
    off = (size_t)(q - new_lo);
    if (sign == acc->sign) {
        bf_limbs_add(acc->limb + off, len - off, xl, 3);
    } else if (bf_limbs_sub(acc->limb + off, len - off, xl, 3)) {
        /* |x| > |acc|: the limbs hold 2^(32 len) - (|x| - |acc|) */
        bf_limbs_negate(acc->limb, len);
        acc->sign = sign;
    }
    bf_normalise(acc);
}

void bf_add(bigfloat *r, const bigfloat *a, const bigfloat *b) {
    const bigfloat *big = a, *small = b;
    int64_t la, lb, lo, hi;
    size_t len;
    uint32_t *sum;
    int sign;
    if (a->n == 0) {
        bf_copy(r, b);
        return;
    }
    if (b->n == 0) {
        bf_copy(r, a);
        return;
    }
    if (a->sign != b->sign) {
        int c = bf_cmp_abs(a, b);
        if (c == 0) {
            bf_set_zero(r);
            return;
        }
        if (c < 0) {
            big = b;
            small = a;
        }
    }
    la = big->exp / 32;
    lb = small->exp / 32;
    lo = la < lb ? la : lb;
    hi = la + (int64_t)big->n > lb + (int64_t)small->n ? la + (int64_t)big->n : lb + (int64_t)small->n;
    len = (size_t)(hi - lo + 1); /* one limb more than the operands span, for a carry */
    /* a fresh buffer, so that r may alias a or b */
    sum = bf_alloc_zeroed(len);
    memcpy(sum + (la - lo), big->limb, big->n * sizeof *sum);
    if (big->sign == small->sign) bf_limbs_add(sum + (lb - lo), len - (size_t)(lb - lo), small->limb, small->n);
    else bf_limbs_sub(sum + (lb - lo), len - (size_t)(lb - lo), small->limb, small->n);
    sign = big->sign;
    free(r->limb);
    r->limb = sum;
    r->cap = len;
    r->n = len;
    r->exp = 32 * lo;
    r->sign = sign;
    bf_normalise(r);
}

void bf_mul(bigfloat *r, const bigfloat *a, const bigfloat *b) {
    size_t i, j, len;
    uint32_t *prod;
    int sign;
    int64_t exp;
    if (a->n == 0 || b->n == 0) {
        bf_set_zero(r);
        return;
    }
    len = a->n + b->n;
    prod = bf_alloc_zeroed(len);
    for (i = 0; i < a->n; i++) {
        uint64_t carry = 0, ai = a->limb[i];
        for (j = 0; j < b->n; j++) {
            /* at most (2^32-1)^2 + 2 (2^32-1) = 2^64 - 1: no overflow */
            carry += ai * b->limb[j] + prod[i + j];
            prod[i + j] = (uint32_t)carry;
            carry >>= 32;
        }
        prod[i + b->n] = (uint32_t)carry;
    }
    sign = a->sign ^ b->sign;
    exp = a->exp + b->exp;
    free(r->limb);
    r->limb = prod;
    r->cap = len;
    r->n = len;
    r->exp = exp;
    r->sign = sign;
    bf_normalise(r);
}

void bf_neg(bigfloat *a) {
    if (a->n) a->sign ^= 1;
}

int bf_is_zero(const bigfloat *a) { return a->n == 0; }

int bf_sign(const bigfloat *a) {
    if (a->n == 0) return 0;
    return a->sign ? -1 : 1;
}

static int bf_bit_length(uint32_t x) {
    int n = 0;
    if (x >> 16) {
        n += 16;
        x >>= 16;
    }
    if (x >> 8) {
        n += 8;
        x >>= 8;
    }
    if (x >> 4) {
        n += 4;
        x >>= 4;
    }
    if (x >> 2) {
        n += 2;
        x >>= 2;
    }
    if (x >> 1) {
        n += 1;
        x >>= 1;
    }
    return n + (int)x;
}

/* Position of the leading one bit of a nonzero a: 2^t <= |a| < 2^(t+1). */
static int64_t bf_top_bit(const bigfloat *a) {
    return a->exp + 32 * (int64_t)(a->n - 1) + bf_bit_length(a->limb[a->n - 1]) - 1;
}

int bf_cmp_abs(const bigfloat *a, const bigfloat *b) {
    int64_t ta, tb;
    size_t ia, ib;
    if (a->n == 0) return b->n == 0 ? 0 : -1;
    if (b->n == 0) return 1;
    ta = bf_top_bit(a);
    tb = bf_top_bit(b);
    if (ta != tb) return ta < tb ? -1 : 1;
    /* equal leading bits and exp multiples of 32: the top limbs line up */
    ia = a->n;
    ib = b->n;
    while (ia > 0 && ib > 0) {
        ia--;
        ib--;
        if (a->limb[ia] != b->limb[ib]) return a->limb[ia] < b->limb[ib] ? -1 : 1;
    }
    /* whichever has limbs left is larger, its limb[0] being nonzero */
    if (ia > 0) return 1;
    if (ib > 0) return -1;
    return 0;
}

int bf_cmp(const bigfloat *a, const bigfloat *b) {
    int sa = bf_sign(a), sb = bf_sign(b), c;
    if (sa != sb) return sa < sb ? -1 : 1;
    if (sa == 0) return 0;
    c = bf_cmp_abs(a, b);
    return sa > 0 ? c : -c;
}

/* The 64 leading bits of a nonzero |a|, truncated, leading bit at bit 63. */
static uint64_t bf_top64(const bigfloat *a) {
    uint32_t l0 = a->limb[a->n - 1];
    uint32_t l1 = a->n >= 2 ? a->limb[a->n - 2] : 0;
    uint32_t l2 = a->n >= 3 ? a->limb[a->n - 3] : 0;
    int lz = 32 - bf_bit_length(l0);
    uint64_t w = ((uint64_t)l0 << 32) | l1;
    if (lz) w = (w << lz) | (l2 >> (32 - lz));
    return w;
}

/* mid = the exact midpoint between the positive encodings k and k + 1 (k <= MAX's
   encoding; for MAX it is the overflow threshold). Writing k as m * 2^e, the gap
   to k + 1 is 2^e even across a binade boundary, so mid = (2m + 1) * 2^(e-1). */
static void bf_midpoint_above(bigfloat *mid, bf_format f, uint64_t k) {
    int sign;
    uint64_t m;
    int64_t e;
    bf_decode(f, k, &sign, &m, &e);
    bf_set_u64(mid, 0, 2 * m + 1, e - 1);
}

uint64_t bf_round(const bigfloat *a, int format) {
    bf_format f = bf_format_of(format);
    int64_t bias = ((int64_t)1 << (f.ebits - 1)) - 1, emax = bias, emin = 1 - bias, t;
    uint64_t k_inf = (((uint64_t)1 << f.ebits) - 1) << (f.p - 1), k_max = k_inf - 1;
    uint64_t frac_mask = ((uint64_t)1 << (f.p - 1)) - 1, top, k;
    uint32_t mid_limbs[3];
    bigfloat mid;
    int steps = 0;
    if (a->n == 0) return 0;
    /* candidate encoding k of |a| from its leading 64 bits: the encoding at or just below |a| */
    t = bf_top_bit(a);
    top = bf_top64(a);
    if (t > emax) {
        k = k_max;
    } else if (t >= emin) {
        k = ((uint64_t)(t + bias) << (f.p - 1)) | ((top >> (64 - f.p)) & frac_mask);
    } else {
        int64_t shift = 63 - t + emin - (f.p - 1); /* top * 2^(t-63) in units of the subnormal quantum */
        k = shift >= 64 ? 0 : top >> shift;
    }
    /* step k until |a| lies between the midpoints around it; on a midpoint the even encoding wins */
    mid.limb = mid_limbs; /* three limbs hold any midpoint: no allocation */
    mid.cap = 3;
    mid.n = 0;
    mid.sign = 0;
    mid.exp = 0;
    for (;;) {
        int c;
        /* the candidate is one step from the answer at most: more means a bug, not a slow case */
        if (++steps > 3) bf_die("bf_round does not converge");
        if (k <= k_max) {
            bf_midpoint_above(&mid, f, k);
            c = bf_cmp_abs(a, &mid);
            if (c > 0 || (c == 0 && (k & 1))) {
                k++;
                continue;
            }
        }
        if (k > 0) {
            bf_midpoint_above(&mid, f, k - 1);
            c = bf_cmp_abs(a, &mid);
            if (c < 0 || (c == 0 && (k & 1))) {
                k--;
                continue;
            }
        }
        break;
    }
    return ((uint64_t)a->sign << (f.p + f.ebits - 1)) | k;
}

double bf_to_double(const bigfloat *a) {
    uint64_t bits = bf_round(a, BF_F64);
    double x;
    memcpy(&x, &bits, sizeof x);
    return x;
}

int bf_within(const bigfloat *a, double c, double bound) {
    const uint64_t exp_mask = UINT64_C(0x7FF0000000000000);
    uint64_t cb = bf_double_bits(c), bb = bf_double_bits(bound);
    bigfloat diff, lim;
    int ok;
    if (bb == exp_mask) return 1; /* +inf */
    if ((bb & exp_mask) == exp_mask || (cb & exp_mask) == exp_mask) return 0;
    if (bound < 0) return 0;
    bf_init(&diff);
    bf_init(&lim);
    bf_copy(&diff, a);
    bf_add_double(&diff, -c);
    bf_set_double(&lim, bound);
    ok = bf_cmp_abs(&diff, &lim) <= 0;
    bf_free(&diff);
    bf_free(&lim);
    return ok;
}

/* ---- correctly rounded quotients by an integer and square roots ----------------------------
   The result v is never formed: the encoding is found by comparing v with the midpoints
   between neighbouring encodings, each comparison exact (|a| against mid * n, or against
   mid * mid). Midpoints increase with the encoding, so a binary search over the encodings
   0 .. MAX + 1 finds the smallest j whose midpoint above is at least |v|; a v on that
   midpoint goes to the even one of j and j + 1. */

typedef int (*bf_compare_fn)(const bigfloat *a, const bigfloat *mid, uint64_t n); /* sign(|v| - mid) */

static int bf_compare_quotient(const bigfloat *a, const bigfloat *mid, uint64_t n) {
    bigfloat scaled, count;
    int c;
    bf_init(&scaled);
    bf_init(&count);
    bf_set_u64(&count, 0, n, 0);
    bf_mul(&scaled, mid, &count);
    c = bf_cmp_abs(a, &scaled);
    bf_free(&scaled);
    bf_free(&count);
    return c;
}

static int bf_compare_root(const bigfloat *a, const bigfloat *mid, uint64_t n) {
    bigfloat square;
    int c;
    (void)n;
    bf_init(&square);
    bf_mul(&square, mid, mid);
    c = bf_cmp_abs(a, &square);
    bf_free(&square);
    return c;
}

static uint64_t bf_round_implicit(const bigfloat *a, uint64_t n, int format, bf_compare_fn compare) {
    bf_format f = bf_format_of(format);
    uint64_t k_inf = (((uint64_t)1 << f.ebits) - 1) << (f.p - 1), k_max = k_inf - 1, lo = 0, hi = k_inf;
    bigfloat mid;
    bf_init(&mid);
    while (lo < hi) { /* the smallest j in [0, k_inf] with |v| <= mid(j) (mid(k_inf) taken as infinite) */
        uint64_t j = lo + (hi - lo) / 2;
        bf_midpoint_above(&mid, f, j);
        if (compare(a, &mid, n) <= 0) hi = j;
        else lo = j + 1;
    }
    if (lo <= k_max && (lo & 1)) { /* on the midpoint between an odd lo and lo + 1: the even one */
        bf_midpoint_above(&mid, f, lo);
        if (compare(a, &mid, n) == 0) lo++;
    }
    bf_free(&mid);
    return ((uint64_t)a->sign << (f.p + f.ebits - 1)) | lo;
}

uint64_t bf_round_div_u64(const bigfloat *a, uint64_t n, int format) {
    if (n == 0) bf_die("division by zero");
    if (a->n == 0) return 0;
    return bf_round_implicit(a, n, format, bf_compare_quotient);
}

uint64_t bf_round_sqrt(const bigfloat *a, int format) {
    if (a->n == 0) return 0;
    if (a->sign) bf_die("square root of a negative number");
    return bf_round_implicit(a, 0, format, bf_compare_root);
}
