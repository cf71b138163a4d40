/* tests/fixture.h - what the suites share to build their cases: a seeded
   splitmix64 generator, element bits in and out of byte buffers, the data
   types (lists, names, classes), the ISA list, and the DirectML descriptors
   (a buffer tensor, the scan and arg-reduction operators) filled in one call.

   It calls nothing of dml_ref.h but its types (buffer sizes come from the
   caller or from tests/oracle.c), so a test built on it stays independent of
   the implementation it checks. Plain C99 that also compiles as C++11/17. */
#ifndef DMLREF_TEST_FIXTURE_H
#define DMLREF_TEST_FIXTURE_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "../dml_ref.h"

/* ---- randomness: splitmix64 ------------------------------------------------ */

typedef struct fx_rng {
    uint64_t s;
} fx_rng;

/* Inline: hot loops call them per element (and the compiler sees through them). */
static inline uint64_t fx_next(fx_rng *r) { /* the next 64 bits */
    uint64_t z = (r->s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}
static inline uint32_t fx_below(fx_rng *r, uint32_t n) { return (uint32_t)(fx_next(r) % n); }
/* [0, 1) from the top 53 bits */
static inline double fx_unit(fx_rng *r) { return (double)(fx_next(r) >> 11) * (1.0 / 9007199254740992.0); }
uint64_t fx_fnv1a(const char *text);                /* FNV-1a 64 of a NUL-terminated string */
fx_rng fx_seeded(const char *label, uint64_t salt); /* state fx_fnv1a(label) ^ salt */

/* ---- element bits ------------------------------------------------------------ */

/* An element of 1, 2, 4 or 8 bytes (any other size: 8) as its bits, and back. */
static inline uint64_t fx_load(const unsigned char *p, unsigned size) {
    uint8_t b;
    uint16_t h;
    uint32_t w;
    uint64_t d;
    switch (size) {
    case 1: memcpy(&b, p, 1); return b;
    case 2: memcpy(&h, p, 2); return h;
    case 4: memcpy(&w, p, 4); return w;
    default: memcpy(&d, p, 8); return d;
    }
}
static inline void fx_store(unsigned char *p, unsigned size, uint64_t bits) {
    uint8_t b = (uint8_t)bits;
    uint16_t h = (uint16_t)bits;
    uint32_t w = (uint32_t)bits;
    switch (size) {
    case 1: memcpy(p, &b, 1); break;
    case 2: memcpy(p, &h, 2); break;
    case 4: memcpy(p, &w, 4); break;
    default: memcpy(p, &bits, 8); break;
    }
}

static inline uint64_t fx_double_bits(double v) {
    uint64_t b;
    memcpy(&b, &v, 8);
    return b;
}
static inline double fx_bits_double(uint64_t bits) {
    double v;
    memcpy(&v, &bits, 8);
    return v;
}
static inline uint32_t fx_float_bits(float v) {
    uint32_t b;
    memcpy(&b, &v, 4);
    return b;
}
static inline float fx_bits_float(uint32_t bits) {
    float v;
    memcpy(&v, &bits, 4);
    return v;
}

/* ---- data types ---------------------------------------------------------------- */

#define FX_TYPE_COUNT 11
#define FX_FLOAT_TYPE_COUNT 3
#define FX_INDEX_TYPE_COUNT 4
/* FLOAT16, FLOAT32, FLOAT64, INT8, INT16, INT32, INT64, UINT8, UINT16, UINT32, UINT64 */
extern const DML_TENSOR_DATA_TYPE fx_all_types[FX_TYPE_COUNT];
/* FLOAT16, FLOAT32, FLOAT64 */
extern const DML_TENSOR_DATA_TYPE fx_float_types[FX_FLOAT_TYPE_COUNT];
/* the arg-reductions' output types: INT32, INT64, UINT32, UINT64 */
extern const DML_TENSOR_DATA_TYPE fx_index_types[FX_INDEX_TYPE_COUNT];

int fx_is_float(DML_TENSOR_DATA_TYPE type);
int fx_is_signed(DML_TENSOR_DATA_TYPE type);          /* the signed integers */
unsigned fx_type_size(DML_TENSOR_DATA_TYPE type);     /* bytes per element, 0 for another type */
const char *fx_type_short(DML_TENSOR_DATA_TYPE type); /* "f16", "i32", "u64", ...; "?" */

/* tests/test_conformance.c: the data directory (tests/data or $DMLREF_TEST_DATA) and how it was found. */
const char *conf_data_root(const char **how);
const char *fx_type_name(DML_TENSOR_DATA_TYPE type); /* "FLOAT16", "INT32", ...; "?" */

/* ---- ISAs ---------------------------------------------------------------------- */

/* Every forced ISA (not AUTO): SCALAR, SSE2, AVX2, AVX512, AVX512FP16, NEON. */
/* DMLREF_ISA_REFERENCE is left out: TREE orders, other accumulations and the seed run the interpreter on
   every path already, EXACT and integers the scalar kernels; random/, golden/ and registry/ run it. */
#define FX_ISA_COUNT 6
extern const dmlref_isa fx_isas[FX_ISA_COUNT];

/* ---- descriptors --------------------------------------------------------------- */

/* A buffer tensor and the DML_TENSOR_DESC that points at it: keep it in place
   (desc.Desc points into the struct). */
typedef struct fx_tensor {
    DML_BUFFER_TENSOR_DESC buf;
    DML_TENSOR_DESC desc;
} fx_tensor;

/* Every field: Flags NONE, GuaranteedBaseOffsetAlignment 0, strides may be NULL. */
void fx_tensor_set(fx_tensor *t, DML_TENSOR_DATA_TYPE type, UINT rank, const UINT *sizes, const UINT *strides,
                   UINT64 total_bytes);
/* Packed (NULL strides), its size from oracle_buffer_size. */
void fx_tensor_packed(fx_tensor *t, DML_TENSOR_DATA_TYPE type, UINT rank, const UINT *sizes);

/* One operator descriptor of each kind and the DML_OPERATOR_DESC that points
   at the one in use: keep it in place too. */
typedef struct fx_op {
    DML_CUMULATIVE_SUMMATION_OPERATOR_DESC sum;
    DML_CUMULATIVE_PRODUCT_OPERATOR_DESC product;
    DML_ARGMIN_OPERATOR_DESC argmin;
    DML_ARGMAX_OPERATOR_DESC argmax;
    DML_REDUCE_OPERATOR_DESC reduce;
    DML_OPERATOR_DESC op;
} fx_op;

/* CUMULATIVE_PRODUCT when product, else CUMULATIVE_SUMMATION. */
void fx_scan_op(fx_op *o, int product, const DML_TENSOR_DESC *in, const DML_TENSOR_DESC *out, UINT axis, int decreasing,
                int exclusive);
/* op_type ARGMIN, ARGMAX, or REDUCE with the function ARGMAX when want_max, else ARGMIN. */
void fx_arg_op(fx_op *o, DML_OPERATOR_TYPE op_type, int want_max, const DML_TENSOR_DESC *in, const DML_TENSOR_DESC *out,
               UINT axis_count, const UINT *axes, int decreasing);

/* dmlref_execute of one input and one output buffer. */
dmlref_status fx_execute(const fx_op *o, const void *input, void *output, const dmlref_options *options);

#endif
