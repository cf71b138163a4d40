/* tests/bigfloat.h - exact binary floating-point numbers for the tests.

   A bigfloat is (-1)^sign * M * 2^exp with M an unsigned integer of any size in
   32-bit limbs. Sums and products are exact, comparisons are exact, and bf_round
   converts to IEEE binary16/32/64 with round to nearest, ties to even, deciding by
   exact comparisons with the midpoints between neighbouring encodings.

   Written independently of dml_ref.h (no code or method taken from it) so that it
   can serve as an oracle for the library's exact prefix sums and for checking
   error bounds exactly.

   Canonical form, kept by every function and relied on by them (so build
   bigfloats only through this API): n == 0 means zero, with sign 0 and exp 0;
   otherwise limb[0] != 0, limb[n - 1] != 0 and exp is a multiple of 32, which
   makes aligning two operands a whole-limb offset.

   No global state: distinct bigfloats may be used from distinct threads. Running
   out of memory, a non-finite input to bf_set_* or bf_add_double, or an unknown
   format aborts with a message on stderr. */
#ifndef DMLREF_TEST_BIGFLOAT_H
#define DMLREF_TEST_BIGFLOAT_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* value = (-1)^sign * sum(limb[i] * 2^(32 i)) * 2^exp; n == 0 means zero */
typedef struct bigfloat {
    int sign;
    int64_t exp;
    uint32_t *limb;
    size_t n, cap;
} bigfloat;

void bf_init(bigfloat *a); /* zero, nothing allocated */
void bf_free(bigfloat *a); /* releases the limbs; a is zero afterwards and may be reused */
void bf_copy(bigfloat *dst, const bigfloat *src);

/* Exact conversions of finite values (subnormals included); -0.0 gives zero. */
void bf_set_double(bigfloat *a, double x);
void bf_set_f32_bits(bigfloat *a, uint32_t bits);
void bf_set_f16_bits(bigfloat *a, uint16_t bits);

void bf_add(bigfloat *r, const bigfloat *a, const bigfloat *b); /* r may alias a or b */
void bf_add_double(bigfloat *acc, double x); /* acc += x (finite), in place: the prefix-sum fast path */
void bf_mul(bigfloat *r, const bigfloat *a, const bigfloat *b); /* r may alias a or b */
void bf_neg(bigfloat *a);

int bf_is_zero(const bigfloat *a);
int bf_sign(const bigfloat *a);                       /* -1, 0, +1 */
int bf_cmp(const bigfloat *a, const bigfloat *b);     /* -1, 0, +1 */
int bf_cmp_abs(const bigfloat *a, const bigfloat *b); /* compares |a| with |b| */

/* Round to nearest, ties to even, to BF_F16 (binary16: 11-bit significand, max
   finite 65504, min subnormal 2^-24), BF_F32 or BF_F64; returns the encoding in
   the low 16/32/64 bits. Magnitudes >= MAX + ulp(MAX)/2 give infinity (the
   threshold itself is a tie, and MAX's encoding is odd); an exact zero gives +0;
   a nonzero value that rounds to zero gives a zero with the value's sign. */
enum { BF_F16 = 16, BF_F32 = 32, BF_F64 = 64 };
uint64_t bf_round(const bigfloat *a, int format);

/* a / n (n >= 1) and the square root of a (a >= 0), each rounded once to nearest even to the
   format, with bf_round's conventions (overflow to infinity, an exact zero +0, a nonzero
   quotient that rounds to zero keeps a's sign). Both search the encoding by exact
   comparisons with the midpoints (|a| against mid x n, a against mid x mid); n == 0 or a
   negative a aborts. */
uint64_t bf_round_div_u64(const bigfloat *a, uint64_t n, int format);
uint64_t bf_round_sqrt(const bigfloat *a, int format);

/* 1 when |c - a| <= bound exactly, else 0. bound == +inf gives 1 (whatever c is);
   otherwise a non-finite c, a NaN bound or a negative bound gives 0. */
int bf_within(const bigfloat *a, double c, double bound);

/* bf_round(a, BF_F64) as a double (overflow gives +-inf). */
double bf_to_double(const bigfloat *a);

#ifdef __cplusplus
}
#endif

#endif
