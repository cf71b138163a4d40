/* cli/npy.h - .npy files for the dmlref tool (cli/README.md, "Files"): the dtype table, reading
   (format 1.0/2.0/3.0, either byte order, C or Fortran order), writing (1.0, C order, little-endian,
   renamed into place on success) and element access. Errors go through fail() (cli/util.c). */
#ifndef DMLREF_CLI_NPY_H
#define DMLREF_CLI_NPY_H

#include "../dml_ref.h"

#include <stddef.h>
#include <stdint.h>

#define MAX_RANK 8

typedef struct dtype_info {
    char kind; /* f i u */
    unsigned size;
    DML_TENSOR_DATA_TYPE type;
} dtype_info;

/* The eleven dtypes: the i-th (NULL past the end), and the one of a type (NULL for another type). */
const dtype_info *dtype_at(size_t i);
const dtype_info *dtype_of(DML_TENSOR_DATA_TYPE t);
int is_float_type(DML_TENSOR_DATA_TYPE t);
/* "float32" etc.; dtype_from_name reads one back (0: not a dtype). */
const char *dtype_name(DML_TENSOR_DATA_TYPE t);
int dtype_from_name(const char *s, DML_TENSOR_DATA_TYPE *t);
int host_little_endian(void);
void byteswap_elements(unsigned char *p, size_t count, unsigned size);

typedef struct npy_array {
    DML_TENSOR_DATA_TYPE type;
    unsigned esize;
    unsigned rank; /* 1..8 (a 0-d array has rank 1, shape (1)) */
    UINT shape[MAX_RANK];
    int fortran; /* data in Fortran (column-major) order */
    size_t count;
    unsigned char *data; /* native byte order, buffer rounded up to 8 bytes */
    size_t capacity;
} npy_array;

void npy_free(npy_array *a);
/* The element (in storage order) holding row-major logical index `flat`. */
size_t npy_storage_index(const npy_array *a, size_t flat);
const unsigned char *npy_elem(const npy_array *a, size_t flat);
/* DirectML strides (in elements) of a's storage; NULL for packed C order. */
const UINT *npy_strides(const npy_array *a, UINT *strides);
int same_shape(const npy_array *a, const npy_array *b);
/* The shapes are equal once their size-1 axes are dropped (NumPy's keepdims=False outputs, squeezed). */
int same_squeezed(unsigned rank_a, const UINT *a, unsigned rank_b, const UINT *b);
/* "(2, 3)": a shape as NumPy prints it. */
void format_shape(unsigned rank, const UINT *shape, char *buf, size_t cap);
/* "[1, 2]": the N-D index of row-major `flat`. */
void format_index(const npy_array *a, size_t flat, char *buf, size_t cap);
/* Packed row-major little-endian bytes of an array (free them). */
unsigned char *packed_le(const npy_array *a);

/* Parses the `size` bytes of a .npy file (`path` names it in messages) into `a`, which gets its own copy
   of the data; 0 on success, else prints one line and returns 2 (and `a` holds no memory). */
int npy_parse(const unsigned char *buf, size_t size, const char *path, npy_array *a);
/* Loads a .npy file; 0 on success, else prints one line and returns 2. */
int npy_load(const char *path, npy_array *a);
/* Both files, or neither (2 after a message). */
int npy_load_pair(const char *path_a, npy_array *a, const char *path_b, npy_array *b);

typedef struct npy_write_opts {
    int big_endian;
    int version;            /* 1, 2 or 3 */
    const char *raw_header; /* test use: the header text as given */
} npy_write_opts;

/* Writes `count` elements of `type` (native order, row-major logical order unless `fortran`), shape
   `shape`; via a temporary name renamed on success. `wo` may be NULL. 0, or 2 after a message. */
int npy_save(const char *path, DML_TENSOR_DATA_TYPE type, unsigned rank, const UINT *shape, int fortran,
             const void *data, size_t count, const npy_write_opts *wo);

/* Element access: the bits of an element of `size` bytes, its value, float classes from bits. */
uint64_t elem_bits(const unsigned char *p, unsigned size);
double elem_double(DML_TENSOR_DATA_TYPE t, const unsigned char *p);
int float_is_nan(DML_TENSOR_DATA_TYPE t, uint64_t b);
int float_is_inf(DML_TENSOR_DATA_TYPE t, uint64_t b);
/* Ordered integer key of a float's bits: consecutive floats differ by 1, across the sign change (-0 and +0
   are 1 apart). */
uint64_t float_key(unsigned size, uint64_t b);
/* |a - b| in an integer type's value (a and b its elements), saturated to 2^64-1. */
uint64_t int_distance(DML_TENSOR_DATA_TYPE t, const unsigned char *a, const unsigned char *b);

#endif
