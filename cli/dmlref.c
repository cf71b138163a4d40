/* cli/dmlref.c - command-line tool over dml_ref.h: run the operators on .npy
   files, compare outputs, judge them against error bounds, digest them and
   find the options that reproduce an output. Usage: cli/README.md, or
   `dmlref --help` and `dmlref SUBCOMMAND --help`.

   Exit status: 0 success (or within tolerance), 1 outside tolerance / bound,
   2 any error (bad argument, malformed file, library error).

   Built alone it holds the implementation. DMLREF_CLI_NO_IMPLEMENTATION leaves it out
   (the Makefile links the test suite's tests/dml_ref_impl.c object instead);
   DMLREF_CLI_NO_MAIN leaves main() out, for a program that includes this file to
   call its parts (tests/fuzz/fuzz_npy.c: the .npy reader, npy_parse). */
#if defined(__linux__) && !defined(_GNU_SOURCE) /* g++ defines it */
#define _GNU_SOURCE                             /* sched_getaffinity: the CPUs --threads' default counts */
#endif
#define _POSIX_C_SOURCE 200809L
#ifndef DMLREF_CLI_NO_IMPLEMENTATION
#define DML_REF_IMPLEMENTATION
#endif
#include "../dml_ref.h"
#include "../examples/thread_pool.h"

#include <errno.h>
#include <math.h>
#ifdef __linux__
#include <sched.h>
#endif
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <xxhash.h>

#define MAX_RANK 8
#define MAX_THREADS 1024 /* --threads N: 1 to this many */

static const char *g_prog = "dmlref";
static int g_quiet = 0; /* nonzero: fail() prints nothing (the fuzz target) */

/* One-line message on stderr; the caller returns 2. */
static void fail(const char *fmt, ...) {
    va_list ap;
    if (g_quiet) return;
    fprintf(stderr, "%s: ", g_prog);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

static void *xcalloc(size_t n) {
    void *p = calloc(n ? n : 1, 1);
    if (!p) {
        fail("out of memory (%lu bytes)", (unsigned long)n);
        exit(2);
    }
    return p;
}

/* ======================================================================
   dtypes
   ====================================================================== */

typedef struct {
    char kind; /* f i u */
    unsigned size;
    DML_TENSOR_DATA_TYPE type;
} dtype_info;

static const dtype_info g_dtypes[] = {
    {'f', 2, DML_TENSOR_DATA_TYPE_FLOAT16}, {'f', 4, DML_TENSOR_DATA_TYPE_FLOAT32},
    {'f', 8, DML_TENSOR_DATA_TYPE_FLOAT64}, {'i', 1, DML_TENSOR_DATA_TYPE_INT8},
    {'i', 2, DML_TENSOR_DATA_TYPE_INT16},   {'i', 4, DML_TENSOR_DATA_TYPE_INT32},
    {'i', 8, DML_TENSOR_DATA_TYPE_INT64},   {'u', 1, DML_TENSOR_DATA_TYPE_UINT8},
    {'u', 2, DML_TENSOR_DATA_TYPE_UINT16},  {'u', 4, DML_TENSOR_DATA_TYPE_UINT32},
    {'u', 8, DML_TENSOR_DATA_TYPE_UINT64},
};
#define N_DTYPES (sizeof g_dtypes / sizeof g_dtypes[0])

static const dtype_info *dtype_of(DML_TENSOR_DATA_TYPE t) {
    size_t i;
    for (i = 0; i < N_DTYPES; i++)
        if (g_dtypes[i].type == t) return &g_dtypes[i];
    return NULL;
}

static int is_float_type(DML_TENSOR_DATA_TYPE t) {
    return t == DML_TENSOR_DATA_TYPE_FLOAT16 || t == DML_TENSOR_DATA_TYPE_FLOAT32 || t == DML_TENSOR_DATA_TYPE_FLOAT64;
}

/* "float32" etc. */
static const char *dtype_name(DML_TENSOR_DATA_TYPE t) {
    switch (t) {
    case DML_TENSOR_DATA_TYPE_FLOAT16: return "float16";
    case DML_TENSOR_DATA_TYPE_FLOAT32: return "float32";
    case DML_TENSOR_DATA_TYPE_FLOAT64: return "float64";
    case DML_TENSOR_DATA_TYPE_INT8: return "int8";
    case DML_TENSOR_DATA_TYPE_INT16: return "int16";
    case DML_TENSOR_DATA_TYPE_INT32: return "int32";
    case DML_TENSOR_DATA_TYPE_INT64: return "int64";
    case DML_TENSOR_DATA_TYPE_UINT8: return "uint8";
    case DML_TENSOR_DATA_TYPE_UINT16: return "uint16";
    case DML_TENSOR_DATA_TYPE_UINT32: return "uint32";
    case DML_TENSOR_DATA_TYPE_UINT64: return "uint64";
    default: return "unknown";
    }
}

static int dtype_from_name(const char *s, DML_TENSOR_DATA_TYPE *t) {
    size_t i;
    for (i = 0; i < N_DTYPES; i++)
        if (strcmp(s, dtype_name(g_dtypes[i].type)) == 0) {
            *t = g_dtypes[i].type;
            return 1;
        }
    return 0;
}

static int host_little_endian(void) {
    const uint16_t one = 1;
    unsigned char c;
    memcpy(&c, &one, 1);
    return c == 1;
}

static void byteswap_elements(unsigned char *p, size_t count, unsigned size) {
    size_t i;
    unsigned k;
    if (size < 2) return;
    for (i = 0; i < count; i++, p += size)
        for (k = 0; k < size / 2; k++) {
            unsigned char t = p[k];
            p[k] = p[size - 1 - k];
            p[size - 1 - k] = t;
        }
}

/* ======================================================================
   .npy arrays
   ====================================================================== */

typedef struct {
    DML_TENSOR_DATA_TYPE type;
    unsigned esize;
    unsigned rank; /* 1..8 (a 0-d array has rank 1, shape (1)) */
    UINT shape[MAX_RANK];
    int fortran; /* data in Fortran (column-major) order */
    size_t count;
    unsigned char *data; /* native byte order, buffer rounded up to 8 bytes */
    size_t capacity;
} npy_array;

static void npy_free(npy_array *a) {
    free(a->data);
    a->data = NULL;
}

/* The element (in storage order) holding row-major logical index `flat`. */
static size_t npy_storage_index(const npy_array *a, size_t flat) {
    size_t idx[MAX_RANK], off = 0, mul = 1;
    unsigned d;
    if (!a->fortran || a->rank == 1) return flat;
    for (d = a->rank; d-- > 0;) {
        idx[d] = flat % a->shape[d];
        flat /= a->shape[d];
    }
    for (d = 0; d < a->rank; d++) {
        off += idx[d] * mul;
        mul *= a->shape[d];
    }
    return off;
}

static const unsigned char *npy_elem(const npy_array *a, size_t flat) {
    return a->data + npy_storage_index(a, flat) * a->esize;
}

/* DirectML strides (in elements) of a's storage; NULL for packed C order. */
static const UINT *npy_strides(const npy_array *a, UINT *strides) {
    unsigned d;
    UINT mul = 1;
    if (!a->fortran) return NULL;
    for (d = 0; d < a->rank; d++) {
        strides[d] = mul;
        mul *= a->shape[d];
    }
    return strides;
}

static void format_index(const npy_array *a, size_t flat, char *buf, size_t cap) {
    size_t idx[MAX_RANK];
    unsigned d;
    size_t used = 0;
    for (d = a->rank; d-- > 0;) {
        idx[d] = flat % a->shape[d];
        flat /= a->shape[d];
    }
    used += (size_t)snprintf(buf + used, cap - used, "[");
    for (d = 0; d < a->rank && used < cap; d++)
        used += (size_t)snprintf(buf + used, cap - used, "%s%lu", d ? ", " : "", (unsigned long)idx[d]);
    if (used < cap) snprintf(buf + used, cap - used, "]");
}

/* --- header parsing: a Python dict literal -------------------------------- */

typedef struct {
    const char *p, *end;
} hparser;

static void hp_ws(hparser *h) {
    while (h->p < h->end && (*h->p == ' ' || *h->p == '\t' || *h->p == '\n' || *h->p == '\r')) h->p++;
}

static int hp_string(hparser *h, char *out, size_t cap) {
    char q;
    size_t n = 0;
    hp_ws(h);
    if (h->p >= h->end || (*h->p != '\'' && *h->p != '"')) return 0;
    q = *h->p++;
    while (h->p < h->end && *h->p != q) {
        if (n + 1 >= cap || *h->p == 0) return 0; /* a NUL would cut the string short */
        out[n++] = *h->p++;
    }
    if (h->p >= h->end) return 0;
    h->p++;
    out[n] = 0;
    return 1;
}

static int hp_char(hparser *h, char c) {
    hp_ws(h);
    if (h->p < h->end && *h->p == c) {
        h->p++;
        return 1;
    }
    return 0;
}

static int hp_word(hparser *h, const char *w) {
    size_t n = strlen(w);
    hp_ws(h);
    if ((size_t)(h->end - h->p) >= n && memcmp(h->p, w, n) == 0) {
        h->p += n;
        return 1;
    }
    return 0;
}

/* Reads a whole file. */
static unsigned char *read_file(const char *path, size_t *size) {
    FILE *f = fopen(path, "rb");
    unsigned char *buf = NULL;
    size_t cap = 0, n = 0;
    if (!f) {
        fail("%s: cannot open: %s", path, strerror(errno));
        return NULL;
    }
    for (;;) {
        size_t got;
        if (n == cap) {
            unsigned char *nb;
            cap = cap ? cap * 2 : 65536;
            nb = (unsigned char *)realloc(buf, cap);
            if (!nb) {
                free(buf);
                fclose(f);
                fail("%s: out of memory", path);
                return NULL;
            }
            buf = nb;
        }
        got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (got == 0) break;
    }
    if (ferror(f)) {
        fail("%s: read error", path);
        free(buf);
        fclose(f);
        return NULL;
    }
    fclose(f);
    *size = n;
    return buf;
}

/* Parses the `size` bytes of a .npy file (`path` names it in messages) into `a`,
   which gets its own copy of the data; 0 on success, else prints one line and returns 2
   (and `a` holds no memory). */
static int npy_parse(const unsigned char *buf, size_t size, const char *path, npy_array *a) {
    size_t hlen, hstart, i, expect;
    unsigned major;
    hparser h;
    char key[64], descr[64];
    int have_descr = 0, have_fortran = 0, have_shape = 0, swap = 0;
    uint64_t dims[MAX_RANK + 1];
    unsigned rank = 0;
    const dtype_info *di = NULL;

    memset(a, 0, sizeof *a);
    if (size < 6 || memcmp(buf, "\x93NUMPY", 6) != 0) {
        fail("%s: not a .npy file (bad magic string)", path);
        goto bad;
    }
    if (size < 10) {
        fail("%s: truncated .npy header", path);
        goto bad;
    }
    major = buf[6];
    if ((major != 1 && major != 2 && major != 3) || buf[7] != 0) {
        fail("%s: unsupported .npy format version %u.%u (1.0, 2.0 and 3.0 are read)", path, major, buf[7]);
        goto bad;
    }
    if (major == 1) {
        hlen = (size_t)buf[8] | ((size_t)buf[9] << 8);
        hstart = 10;
    } else {
        if (size < 12) {
            fail("%s: truncated .npy header", path);
            goto bad;
        }
        hlen = (size_t)buf[8] | ((size_t)buf[9] << 8) | ((size_t)buf[10] << 16) | ((size_t)buf[11] << 24);
        hstart = 12;
    }
    if (hlen > size - hstart) {
        fail("%s: truncated .npy header (header length %lu, file has %lu bytes after it)", path, (unsigned long)hlen,
             (unsigned long)(size - hstart));
        goto bad;
    }
    h.p = (const char *)buf + hstart;
    h.end = h.p + hlen;
    if (!hp_char(&h, '{')) {
        fail("%s: .npy header is not a dict", path);
        goto bad;
    }
    for (;;) {
        if (hp_char(&h, '}')) break;
        if (!hp_string(&h, key, sizeof key) || !hp_char(&h, ':')) {
            fail("%s: .npy header is not a dict of the form {'descr': ..., 'fortran_order': ..., 'shape': ...}", path);
            goto bad;
        }
        /* A repeated key would be read as its last value by NumPy, while the shape
           loop below would append its dimensions: refuse it. */
        if ((strcmp(key, "descr") == 0 && have_descr) || (strcmp(key, "fortran_order") == 0 && have_fortran) ||
            (strcmp(key, "shape") == 0 && have_shape)) {
            fail("%s: .npy header has the key '%s' twice", path, key);
            goto bad;
        }
        if (strcmp(key, "descr") == 0) {
            if (!hp_string(&h, descr, sizeof descr)) {
                fail("%s: .npy header: 'descr' is not a simple dtype string (structured dtypes are not supported)",
                     path);
                goto bad;
            }
            have_descr = 1;
        } else if (strcmp(key, "fortran_order") == 0) {
            if (hp_word(&h, "True")) a->fortran = 1;
            else if (hp_word(&h, "False")) a->fortran = 0;
            else {
                fail("%s: .npy header: 'fortran_order' is neither True nor False", path);
                goto bad;
            }
            have_fortran = 1;
        } else if (strcmp(key, "shape") == 0) {
            if (!hp_char(&h, '(')) {
                fail("%s: .npy header: 'shape' is not a tuple", path);
                goto bad;
            }
            for (;;) {
                char *endp;
                unsigned long long v;
                if (hp_char(&h, ')')) break;
                hp_ws(&h);
                if (h.p >= h.end || *h.p < '0' || *h.p > '9') {
                    fail("%s: .npy header: 'shape' holds something other than non-negative integers", path);
                    goto bad;
                }
                errno = 0;
                {
                    /* the header is not NUL-terminated: copy the digits */
                    char num[32];
                    size_t k = 0;
                    while (h.p < h.end && *h.p >= '0' && *h.p <= '9' && k < sizeof num - 1) num[k++] = *h.p++;
                    num[k] = 0;
                    v = strtoull(num, &endp, 10);
                }
                if (h.p < h.end && *h.p == 'L') h.p++;
                if (errno || v > 0xFFFFFFFFull) {
                    fail("%s: .npy header: a dimension of 'shape' exceeds 4294967295", path);
                    goto bad;
                }
                if (rank > MAX_RANK) {
                    fail("%s: rank over %d is not supported", path, MAX_RANK);
                    goto bad;
                }
                dims[rank++] = v;
                if (hp_char(&h, ',')) continue;
                if (hp_char(&h, ')')) break;
                fail("%s: .npy header: 'shape' is not a tuple of integers", path);
                goto bad;
            }
            have_shape = 1;
        } else {
            fail("%s: .npy header has an unknown key '%s'", path, key);
            goto bad;
        }
        if (hp_char(&h, ',')) continue;
        if (hp_char(&h, '}')) break;
        fail("%s: .npy header is not a well-formed dict", path);
        goto bad;
    }
    hp_ws(&h); /* after the dict: only the padding (spaces and the final newline) */
    if (h.p != h.end) {
        fail("%s: .npy header has text after its dict", path);
        goto bad;
    }
    if (!have_descr || !have_fortran || !have_shape) {
        fail("%s: .npy header lacks the key '%s'", path,
             !have_descr     ? "descr"
             : !have_fortran ? "fortran_order"
                             : "shape");
        goto bad;
    }
    /* dtype */
    if (strcmp(descr + (descr[0] == '<' || descr[0] == '>' || descr[0] == '|' || descr[0] == '=' ? 1 : 0), "b1") == 0 ||
        strcmp(descr, "?") == 0) {
        fail("%s: dtype '%s' (bool) is not supported: DirectML's scans and arg-reductions take numbers", path, descr);
        goto bad;
    }
    if (strlen(descr) == 3 && strchr("<>|=", descr[0]) && strchr("fiu", descr[1]) && descr[2] >= '1' &&
        descr[2] <= '8') {
        for (i = 0; i < N_DTYPES; i++)
            if (g_dtypes[i].kind == descr[1] && g_dtypes[i].size == (unsigned)(descr[2] - '0')) di = &g_dtypes[i];
        if (di && di->size > 1 && descr[0] == '|') di = NULL;
    }
    if (!di) {
        fail("%s: unsupported dtype '%s' (supported: <f2 <f4 <f8 |i1 <i2 <i4 <i8 |u1 <u2 <u4 <u8, and '>' forms)", path,
             descr);
        goto bad;
    }
    if (descr[0] == '>') swap = host_little_endian();
    if (descr[0] == '<') swap = !host_little_endian();
    if (rank > MAX_RANK) {
        fail("%s: rank %u is not supported (1 to %d)", path, rank, MAX_RANK);
        goto bad;
    }
    a->type = di->type;
    a->esize = di->size;
    if (rank == 0) {
        a->rank = 1;
        a->shape[0] = 1;
        a->fortran = 0;
    } else {
        a->rank = rank;
        for (i = 0; i < rank; i++) a->shape[i] = (UINT)dims[i];
    }
    if (a->rank == 1) a->fortran = 0; /* same layout */
    expect = 1;
    for (i = 0; i < a->rank; i++) {
        if (a->shape[i] == 0) {
            fail("%s: empty arrays (a dimension of size 0) are not supported", path);
            goto bad;
        }
        if (expect > ((size_t)-1) / 16 / a->shape[i]) {
            fail("%s: array too large", path);
            goto bad;
        }
        expect *= a->shape[i];
    }
    a->count = expect;
    expect *= a->esize;
    if (size - hstart - hlen != expect) {
        fail("%s: data size mismatch: the header's shape and dtype need %lu bytes, the file has %lu", path,
             (unsigned long)expect, (unsigned long)(size - hstart - hlen));
        goto bad;
    }
    a->capacity = (expect + 15) & ~(size_t)7;
    a->data = (unsigned char *)xcalloc(a->capacity);
    memcpy(a->data, buf + hstart + hlen, expect);
    if (swap) byteswap_elements(a->data, a->count, a->esize);
    return 0;
bad:
    return 2;
}

/* Loads a .npy file; 0 on success, else prints one line and returns 2. */
static int npy_load(const char *path, npy_array *a) {
    size_t size;
    unsigned char *buf;
    int rc;
    memset(a, 0, sizeof *a);
    buf = read_file(path, &size);
    if (!buf) return 2;
    rc = npy_parse(buf, size, path, a);
    free(buf);
    return rc;
}

/* Writes `count` elements of `type` (native order, row-major logical order unless
   `fortran`), shape `shape`; via a temporary name renamed on success. */
typedef struct {
    int big_endian;
    int version;            /* 1, 2 or 3 */
    const char *raw_header; /* test use: the header text as given */
} npy_write_opts;

static int npy_save(const char *path, DML_TENSOR_DATA_TYPE type, unsigned rank, const UINT *shape, int fortran,
                    const void *data, size_t count, const npy_write_opts *wo) {
    const dtype_info *di = dtype_of(type);
    char header[1024], tmp[4096];
    size_t hl, total, pre, pad, i;
    unsigned char *bytes;
    FILE *f;
    int version = wo && wo->version ? wo->version : 1;
    int swap;
    if (!di) {
        fail("internal: cannot write type %d", (int)type);
        return 2;
    }
    if (wo && wo->raw_header) {
        snprintf(header, sizeof header, "%s", wo->raw_header);
    } else {
        char shp[256];
        size_t u = 0;
        u += (size_t)snprintf(shp + u, sizeof shp - u, "(");
        for (i = 0; i < rank; i++)
            u += (size_t)snprintf(shp + u, sizeof shp - u, "%lu,%s", (unsigned long)shape[i], i + 1 < rank ? " " : "");
        if (rank > 1) u--; /* (2, 3) without a trailing comma */
        snprintf(shp + u, sizeof shp - u, ")");
        snprintf(header, sizeof header, "{'descr': '%c%c%u', 'fortran_order': %s, 'shape': %s, }",
                 di->size == 1 ? '|' : (wo && wo->big_endian ? '>' : '<'), di->kind, di->size,
                 fortran ? "True" : "False", shp);
    }
    hl = strlen(header);
    pre = version == 1 ? 10 : 12;
    total = pre + hl + 1;
    pad = (64 - total % 64) % 64;
    if (wo && wo->raw_header) pad = 0;
    bytes = (unsigned char *)xcalloc(pre + hl + pad + 1 + count * di->size);
    memcpy(bytes, "\x93NUMPY", 6);
    bytes[6] = (unsigned char)version;
    bytes[7] = 0;
    {
        size_t len = hl + pad + 1;
        bytes[8] = (unsigned char)(len & 0xFF);
        bytes[9] = (unsigned char)((len >> 8) & 0xFF);
        if (version != 1) {
            bytes[10] = (unsigned char)((len >> 16) & 0xFF);
            bytes[11] = (unsigned char)((len >> 24) & 0xFF);
        }
    }
    memcpy(bytes + pre, header, hl);
    memset(bytes + pre + hl, ' ', pad);
    bytes[pre + hl + pad] = '\n';
    total = pre + hl + pad + 1;
    memcpy(bytes + total, data, count * di->size);
    swap = (wo && wo->big_endian) ? host_little_endian() : !host_little_endian();
    if (swap) byteswap_elements(bytes + total, count, di->size);
    total += count * di->size;
    snprintf(tmp, sizeof tmp, "%s.tmp%ld", path, (long)getpid());
    f = fopen(tmp, "wb");
    if (!f) {
        fail("%s: cannot create: %s", tmp, strerror(errno));
        free(bytes);
        return 2;
    }
    if (fwrite(bytes, 1, total, f) != total || fclose(f) != 0) {
        fail("%s: write error", tmp);
        remove(tmp);
        free(bytes);
        return 2;
    }
    free(bytes);
    if (rename(tmp, path) != 0) {
        fail("%s: cannot rename to %s: %s", tmp, path, strerror(errno));
        remove(tmp);
        return 2;
    }
    return 0;
}

/* ======================================================================
   element access
   ====================================================================== */

static uint64_t elem_bits(const unsigned char *p, unsigned size) {
    uint8_t u8;
    uint16_t u16;
    uint32_t u32;
    uint64_t u64;
    switch (size) {
    case 1: memcpy(&u8, p, 1); return u8;
    case 2: memcpy(&u16, p, 2); return u16;
    case 4: memcpy(&u32, p, 4); return u32;
    default: memcpy(&u64, p, 8); return u64;
    }
}

static double elem_double(DML_TENSOR_DATA_TYPE t, const unsigned char *p) {
    float f;
    double d;
    int8_t i8;
    int16_t i16;
    int32_t i32;
    int64_t i64;
    switch (t) {
    case DML_TENSOR_DATA_TYPE_FLOAT16: return (double)dmlref_f16_to_f32((uint16_t)elem_bits(p, 2));
    case DML_TENSOR_DATA_TYPE_FLOAT32: memcpy(&f, p, 4); return (double)f;
    case DML_TENSOR_DATA_TYPE_FLOAT64: memcpy(&d, p, 8); return d;
    case DML_TENSOR_DATA_TYPE_INT8: memcpy(&i8, p, 1); return (double)i8;
    case DML_TENSOR_DATA_TYPE_INT16: memcpy(&i16, p, 2); return (double)i16;
    case DML_TENSOR_DATA_TYPE_INT32: memcpy(&i32, p, 4); return (double)i32;
    case DML_TENSOR_DATA_TYPE_INT64: memcpy(&i64, p, 8); return (double)i64;
    default: return (double)elem_bits(p, dmlref_data_type_size(t));
    }
}

/* Float classification from bits. */
static int float_is_nan(DML_TENSOR_DATA_TYPE t, uint64_t b) {
    switch (t) {
    case DML_TENSOR_DATA_TYPE_FLOAT16: return (b & 0x7C00u) == 0x7C00u && (b & 0x3FFu) != 0;
    case DML_TENSOR_DATA_TYPE_FLOAT32: return (b & 0x7F800000u) == 0x7F800000u && (b & 0x7FFFFFu) != 0;
    default: return (b & 0x7FF0000000000000ull) == 0x7FF0000000000000ull && (b & 0xFFFFFFFFFFFFFull) != 0;
    }
}
static int float_is_inf(DML_TENSOR_DATA_TYPE t, uint64_t b) {
    switch (t) {
    case DML_TENSOR_DATA_TYPE_FLOAT16: return (b & 0x7FFFu) == 0x7C00u;
    case DML_TENSOR_DATA_TYPE_FLOAT32: return (b & 0x7FFFFFFFu) == 0x7F800000u;
    default: return (b & 0x7FFFFFFFFFFFFFFFull) == 0x7FF0000000000000ull;
    }
}

/* Ordered integer key: consecutive floats differ by 1, across the sign change (-0 and +0 are 1 apart). */
static uint64_t float_key(unsigned size, uint64_t b) {
    uint64_t sign = (uint64_t)1 << (size * 8 - 1);
    uint64_t mask = size == 8 ? ~(uint64_t)0 : (((uint64_t)1 << (size * 8)) - 1);
    return (b & sign) ? (~b & mask) : (b | sign);
}

/* |a - b| in the integer type's value, saturated to 2^64-1. */
static uint64_t int_distance(DML_TENSOR_DATA_TYPE t, const unsigned char *a, const unsigned char *b) {
    unsigned size = dmlref_data_type_size(t);
    uint64_t x = elem_bits(a, size), y = elem_bits(b, size);
    int is_signed = t == DML_TENSOR_DATA_TYPE_INT8 || t == DML_TENSOR_DATA_TYPE_INT16 ||
                    t == DML_TENSOR_DATA_TYPE_INT32 || t == DML_TENSOR_DATA_TYPE_INT64;
    if (is_signed) { /* bias to unsigned order */
        uint64_t sign = (uint64_t)1 << (size * 8 - 1);
        x ^= sign;
        y ^= sign;
    }
    return x > y ? x - y : y - x;
}

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

/* ======================================================================
   operator options and descriptors
   ====================================================================== */

enum { OP_NONE, OP_CUMSUM, OP_CUMPROD, OP_ARGMIN, OP_ARGMAX };

typedef struct {
    int op;
    int axis_set;
    long axis;
    int axes_set;
    unsigned naxes;
    long axes[MAX_RANK];
    int exclusive, reverse, last;
    int order_set;
    int float_order;
    dmlref_scan_tree tree;
    int accumulation_set;
    int accumulation;
    int identity_seed;
    int nan_set;
    int nan_policy;
    int isa;
    int index_type_set;
    DML_TENSOR_DATA_TYPE index_type;
    uint32_t threads; /* --threads N; 0 when not given (every CPU the process may run on) */
} op_args;

static int parse_op_name(const char *s, int *op) {
    if (strcmp(s, "cumsum") == 0) *op = OP_CUMSUM;
    else if (strcmp(s, "cumprod") == 0) *op = OP_CUMPROD;
    else if (strcmp(s, "argmin") == 0) *op = OP_ARGMIN;
    else if (strcmp(s, "argmax") == 0) *op = OP_ARGMAX;
    else return 0;
    return 1;
}

static int is_scan(int op) { return op == OP_CUMSUM || op == OP_CUMPROD; }

static const char *alg_names[] = {"kogge-stone", "sklansky", "brent-kung"};
static const char *carry_names[] = {"after", "into-first"};
static const char *acc_names[] = {"default", "native", "wide"};
static const char *nan_names[] = {"propagate", "ignore", "compare"};

static int parse_long(const char *s, long *v) {
    char *e;
    errno = 0;
    *v = strtol(s, &e, 10);
    return *s && !*e && !errno;
}

static int parse_order(const char *s, op_args *a) {
    if (strcmp(s, "sequential") == 0) a->float_order = DMLREF_FLOAT_ORDER_SEQUENTIAL;
    else if (strcmp(s, "blocked") == 0) a->float_order = DMLREF_FLOAT_ORDER_BLOCKED;
    else if (strcmp(s, "exact") == 0) a->float_order = DMLREF_FLOAT_ORDER_EXACT;
    else if (strncmp(s, "tree:", 5) == 0) {
        char alg[32], carry[32];
        const char *p = s + 5, *c1 = strchr(p, ':'), *c2;
        long block;
        int i, ai = -1, ci = -1;
        char num[32];
        if (!c1 || (size_t)(c1 - p) >= sizeof alg) return 0;
        memcpy(alg, p, (size_t)(c1 - p));
        alg[c1 - p] = 0;
        c2 = strchr(c1 + 1, ':');
        if (!c2 || (size_t)(c2 - c1 - 1) >= sizeof num) return 0;
        memcpy(num, c1 + 1, (size_t)(c2 - c1 - 1));
        num[c2 - c1 - 1] = 0;
        if (strlen(c2 + 1) >= sizeof carry) return 0;
        strcpy(carry, c2 + 1);
        for (i = 0; i < 3; i++)
            if (strcmp(alg, alg_names[i]) == 0) ai = i;
        for (i = 0; i < 2; i++)
            if (strcmp(carry, carry_names[i]) == 0) ci = i;
        if (ai < 0 || ci < 0 || !parse_long(num, &block) || block < 2 || block > 65536 || (block & (block - 1)))
            return 0;
        a->float_order = DMLREF_FLOAT_ORDER_TREE;
        a->tree.algorithm = ai;
        a->tree.block = (uint32_t)block;
        a->tree.carry = ci;
    } else return 0;
    return 1;
}

static const char *isa_names[] = {"auto", "scalar", "sse2", "avx2", "avx512", "neon", "avx512fp16"};

/* The index of v in names[0..n), or -1. */
static int find_name(const char *v, const char *const *names, int n) {
    int k;
    for (k = 0; k < n; k++)
        if (strcmp(v, names[k]) == 0) return k;
    return -1;
}

/* Parses the operator option at argv[*i]. 1 consumed, 0 not an operator option, -1 error (printed). */
static int parse_op_option(int argc, char **argv, int *i, op_args *a) {
    const char *o = argv[*i];
    const char *v = NULL;
    int needs_value = strcmp(o, "--axis") == 0 || strcmp(o, "--axes") == 0 || strcmp(o, "--order") == 0 ||
                      strcmp(o, "--accumulation") == 0 || strcmp(o, "--nan") == 0 || strcmp(o, "--index-type") == 0 ||
                      strcmp(o, "--isa") == 0 || strcmp(o, "--threads") == 0;
    if (needs_value) {
        if (*i + 1 >= argc) {
            fail("option %s needs a value", o);
            return -1;
        }
        v = argv[++*i];
    }
    if (strcmp(o, "--axis") == 0) {
        if (!parse_long(v, &a->axis)) {
            fail("option --axis: '%s' is not an integer", v);
            return -1;
        }
        a->axis_set = 1;
    } else if (strcmp(o, "--axes") == 0) {
        const char *p = v;
        a->naxes = 0;
        for (;;) {
            char num[32];
            size_t n = strcspn(p, ",");
            if (n == 0 || n >= sizeof num || a->naxes >= MAX_RANK) {
                fail("option --axes: '%s' is not a comma-separated list of at most %d integers", v, MAX_RANK);
                return -1;
            }
            memcpy(num, p, n);
            num[n] = 0;
            if (!parse_long(num, &a->axes[a->naxes])) {
                fail("option --axes: '%s' is not an integer", num);
                return -1;
            }
            a->naxes++;
            p += n;
            if (!*p) break;
            p++;
        }
        a->axes_set = 1;
    } else if (strcmp(o, "--exclusive") == 0) a->exclusive = 1;
    else if (strcmp(o, "--reverse") == 0) a->reverse = 1;
    else if (strcmp(o, "--last") == 0) a->last = 1;
    else if (strcmp(o, "--identity-seed") == 0) a->identity_seed = 1;
    else if (strcmp(o, "--order") == 0) {
        if (!parse_order(v, a)) {
            fail("option --order: '%s' is not sequential, blocked, exact or tree:ALG:BLOCK:CARRY "
                 "(ALG kogge-stone|sklansky|brent-kung, BLOCK a power of two 2..65536, CARRY after|into-first)",
                 v);
            return -1;
        }
        a->order_set = 1;
    } else if (strcmp(o, "--accumulation") == 0) {
        int found = find_name(v, acc_names, 3);
        if (found < 0) {
            fail("option --accumulation: '%s' is not default, native or wide", v);
            return -1;
        }
        a->accumulation = found;
        a->accumulation_set = 1;
    } else if (strcmp(o, "--nan") == 0) {
        int found = find_name(v, nan_names, 3);
        if (found < 0) {
            fail("option --nan: '%s' is not propagate, ignore or compare", v);
            return -1;
        }
        a->nan_policy = found;
        a->nan_set = 1;
    } else if (strcmp(o, "--index-type") == 0) {
        if (strcmp(v, "int32") == 0) a->index_type = DML_TENSOR_DATA_TYPE_INT32;
        else if (strcmp(v, "int64") == 0) a->index_type = DML_TENSOR_DATA_TYPE_INT64;
        else if (strcmp(v, "uint32") == 0) a->index_type = DML_TENSOR_DATA_TYPE_UINT32;
        else if (strcmp(v, "uint64") == 0) a->index_type = DML_TENSOR_DATA_TYPE_UINT64;
        else {
            fail("option --index-type: '%s' is not int32, int64, uint32 or uint64", v);
            return -1;
        }
        a->index_type_set = 1;
    } else if (strcmp(o, "--isa") == 0) {
        int found = find_name(v, isa_names, 7);
        if (found < 0) {
            fail("option --isa: '%s' is not auto, scalar, sse2, avx2, avx512, avx512fp16 or neon", v);
            return -1;
        }
        a->isa = found;
    } else if (strcmp(o, "--threads") == 0) {
        long n;
        if (!parse_long(v, &n) || n < 1 || n > MAX_THREADS) {
            fail("option --threads: '%s' is not an integer from 1 to %d", v, MAX_THREADS);
            return -1;
        }
        a->threads = (uint32_t)n;
    } else return 0;
    return 1;
}

/* Options that do not apply to the operator are errors. */
static int check_op_args(const op_args *a) {
    if (is_scan(a->op)) {
        if (a->axes_set) {
            fail("option --axes applies to argmin/argmax; scans take --axis");
            return 2;
        }
        if (a->last) {
            fail("option --last applies to argmin/argmax; scans take --reverse");
            return 2;
        }
        if (a->nan_set) {
            fail("option --nan applies to argmin/argmax");
            return 2;
        }
        if (a->index_type_set) {
            fail("option --index-type applies to argmin/argmax");
            return 2;
        }
    } else {
        if (a->axis_set) {
            fail("option --axis applies to cumsum/cumprod; argmin/argmax take --axes");
            return 2;
        }
        if (a->exclusive) {
            fail("option --exclusive applies to cumsum/cumprod");
            return 2;
        }
        if (a->reverse) {
            fail("option --reverse applies to cumsum/cumprod; argmin/argmax take --last");
            return 2;
        }
        if (a->order_set) {
            fail("option --order applies to cumsum/cumprod");
            return 2;
        }
        if (a->accumulation_set) {
            fail("option --accumulation applies to cumsum/cumprod");
            return 2;
        }
        if (a->identity_seed) {
            fail("option --identity-seed applies to cumsum/cumprod");
            return 2;
        }
    }
    return 0;
}

typedef struct {
    UINT in_strides[MAX_RANK], out_sizes[MAX_RANK], axes[MAX_RANK];
    DML_BUFFER_TENSOR_DESC ib, ob;
    DML_TENSOR_DESC it, ot;
    DML_CUMULATIVE_SUMMATION_OPERATOR_DESC cs;
    DML_CUMULATIVE_PRODUCT_OPERATOR_DESC cp;
    DML_ARGMIN_OPERATOR_DESC amin;
    DML_ARGMAX_OPERATOR_DESC amax;
    DML_REDUCE_OPERATOR_DESC red;
    DML_OPERATOR_DESC op;
    unsigned rank;
    size_t out_count;
    uint64_t out_bytes;
    DML_TENSOR_DATA_TYPE out_type;
} opdesc;

/* Builds the descriptor (d must stay where it is: it points into itself). */
static int build_desc(opdesc *d, const op_args *a, const npy_array *in, DML_TENSOR_DATA_TYPE index_type) {
    unsigned k, rank = in->rank;
    const UINT *strides;
    memset(d, 0, sizeof *d);
    d->rank = rank;
    strides = npy_strides(in, d->in_strides);
    d->ib.DataType = in->type;
    d->ib.Flags = DML_TENSOR_FLAG_NONE;
    d->ib.DimensionCount = rank;
    d->ib.Sizes = in->shape;
    d->ib.Strides = strides;
    d->ib.TotalTensorSizeInBytes = dmlref_calc_buffer_tensor_size(in->type, rank, in->shape, strides);
    d->it.Type = DML_TENSOR_TYPE_BUFFER;
    d->it.Desc = &d->ib;
    for (k = 0; k < rank; k++) d->out_sizes[k] = in->shape[k];
    if (is_scan(a->op)) {
        long axis = a->axis_set ? a->axis : (long)rank - 1;
        if (axis < 0) axis += (long)rank;
        if (axis < 0 || axis >= (long)rank) {
            fail("option --axis: %ld is out of range for a rank-%u input", a->axis, rank);
            return 2;
        }
        d->out_type = in->type;
        if (a->op == OP_CUMSUM) {
            d->cs.InputTensor = &d->it;
            d->cs.OutputTensor = &d->ot;
            d->cs.Axis = (UINT)axis;
            d->cs.AxisDirection = a->reverse ? DML_AXIS_DIRECTION_DECREASING : DML_AXIS_DIRECTION_INCREASING;
            d->cs.HasExclusiveSum = a->exclusive ? TRUE : FALSE;
            d->op.Type = DML_OPERATOR_CUMULATIVE_SUMMATION;
            d->op.Desc = &d->cs;
        } else {
            d->cp.InputTensor = &d->it;
            d->cp.OutputTensor = &d->ot;
            d->cp.Axis = (UINT)axis;
            d->cp.AxisDirection = a->reverse ? DML_AXIS_DIRECTION_DECREASING : DML_AXIS_DIRECTION_INCREASING;
            d->cp.HasExclusiveProduct = a->exclusive ? TRUE : FALSE;
            d->op.Type = DML_OPERATOR_CUMULATIVE_PRODUCT;
            d->op.Desc = &d->cp;
        }
    } else {
        unsigned n = a->axes_set ? a->naxes : rank;
        for (k = 0; k < n; k++) {
            long ax = a->axes_set ? a->axes[k] : (long)k;
            if (ax < 0) ax += (long)rank;
            if (ax < 0 || ax >= (long)rank) {
                fail("option --axes: %ld is out of range for a rank-%u input", a->axes[k], rank);
                return 2;
            }
            d->axes[k] = (UINT)ax;
            d->out_sizes[ax] = 1;
        }
        d->out_type = index_type;
        if (a->op == OP_ARGMIN) {
            d->amin.InputTensor = &d->it;
            d->amin.OutputTensor = &d->ot;
            d->amin.AxisCount = n;
            d->amin.Axes = d->axes;
            d->amin.AxisDirection = a->last ? DML_AXIS_DIRECTION_DECREASING : DML_AXIS_DIRECTION_INCREASING;
            d->op.Type = DML_OPERATOR_ARGMIN;
            d->op.Desc = &d->amin;
        } else {
            d->amax.InputTensor = &d->it;
            d->amax.OutputTensor = &d->ot;
            d->amax.AxisCount = n;
            d->amax.Axes = d->axes;
            d->amax.AxisDirection = a->last ? DML_AXIS_DIRECTION_DECREASING : DML_AXIS_DIRECTION_INCREASING;
            d->op.Type = DML_OPERATOR_ARGMAX;
            d->op.Desc = &d->amax;
        }
    }
    d->ob.DataType = d->out_type;
    d->ob.Flags = DML_TENSOR_FLAG_NONE;
    d->ob.DimensionCount = rank;
    d->ob.Sizes = d->out_sizes;
    d->ob.Strides = NULL;
    d->ob.TotalTensorSizeInBytes = dmlref_calc_buffer_tensor_size(d->out_type, rank, d->out_sizes, NULL);
    d->ot.Type = DML_TENSOR_TYPE_BUFFER;
    d->ot.Desc = &d->ob;
    d->out_count = 1;
    for (k = 0; k < rank; k++) d->out_count *= d->out_sizes[k];
    d->out_bytes = d->ob.TotalTensorSizeInBytes;
    return 0;
}

/* --threads: one pool for the process (the tool takes one --threads), made by the first call the library
   splits and destroyed by main. */
static thread_pool *g_pool;
static dmlref_parallel g_parallel;

/* The CPUs this process may run on: --threads' default. */
static uint32_t cpu_count(void) {
    long n;
#ifdef __linux__
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0) n = CPU_COUNT(&set);
    else
#endif
        n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1u : n > MAX_THREADS ? (uint32_t)MAX_THREADS : (uint32_t)n;
}

/* g_parallel's parallel_for: the library calls it only for a call it splits, so a small input makes no
   pool. Without a pool (it could not be made) the tasks run here, with the same bits. */
static void threads_parallel_for(void *context, uint32_t task_count, void (*task)(void *, uint32_t), void *argument) {
    (void)context;
    if (!g_pool) g_pool = thread_pool_create(g_parallel.max_tasks);
    thread_pool_parallel_for(g_pool, task_count, task, argument);
}

/* The options.parallel of --threads N (0: every CPU): NULL for one thread. */
static const dmlref_parallel *threads_parallel(uint32_t threads) {
    if (threads == 0) threads = cpu_count();
    if (threads < 2) return NULL;
    g_parallel.parallel_for = threads_parallel_for;
    g_parallel.max_tasks = threads;
    return &g_parallel;
}

static void options_from_args(dmlref_options *o, const op_args *a, char *msg, size_t cap) {
    memset(o, 0, sizeof *o);
    o->float_order = a->float_order;
    o->nan_policy = a->nan_policy;
    o->isa = a->isa;
    o->accumulation = a->accumulation;
    o->identity_seed = a->identity_seed;
    o->tree = &a->tree;
    o->error_message = msg;
    o->error_message_capacity = cap;
    o->parallel = threads_parallel(a->threads);
}

/* Runs; on a library error prints its message and returns 2. */
static int exec_op(const opdesc *d, const npy_array *in, void *out, const dmlref_options *o) {
    const void *ins[1];
    void *outs[1];
    dmlref_status s;
    ins[0] = in->data;
    outs[0] = out;
    s = dmlref_execute(&d->op, ins, outs, o);
    if (s != DMLREF_OK) {
        if (o->error_message && o->error_message[0]) fail("%s", o->error_message);
        else fail("%s: %s", dmlref_status_name(s), dmlref_status_description(s));
        return 2;
    }
    return 0;
}

static int exec_bound(const opdesc *d, const npy_array *in, double *bound, const dmlref_options *o) {
    const void *ins[1];
    DML_BUFFER_TENSOR_DESC bb;
    DML_TENSOR_DESC bt;
    dmlref_status s;
    ins[0] = in->data;
    bb = d->ob;
    bb.DataType = DML_TENSOR_DATA_TYPE_FLOAT64;
    bb.TotalTensorSizeInBytes =
        dmlref_calc_buffer_tensor_size(DML_TENSOR_DATA_TYPE_FLOAT64, d->rank, d->out_sizes, NULL);
    bt.Type = DML_TENSOR_TYPE_BUFFER;
    bt.Desc = &bb;
    s = dmlref_error_bound(&d->op, ins, &bt, bound, o);
    if (s != DMLREF_OK) {
        if (o->error_message && o->error_message[0]) fail("%s", o->error_message);
        else fail("%s: %s", dmlref_status_name(s), dmlref_status_description(s));
        return 2;
    }
    return 0;
}

static void describe_options(const op_args *a, int op, char *buf, size_t cap) {
    if (is_scan(op)) {
        char ord[64];
        switch (a->float_order) {
        case DMLREF_FLOAT_ORDER_SEQUENTIAL: snprintf(ord, sizeof ord, "sequential"); break;
        case DMLREF_FLOAT_ORDER_BLOCKED: snprintf(ord, sizeof ord, "blocked"); break;
        case DMLREF_FLOAT_ORDER_EXACT: snprintf(ord, sizeof ord, "exact"); break;
        default:
            snprintf(ord, sizeof ord, "tree:%s:%lu:%s", alg_names[a->tree.algorithm], (unsigned long)a->tree.block,
                     carry_names[a->tree.carry]);
        }
        snprintf(buf, cap, "--order %s --accumulation %s%s", ord, acc_names[a->accumulation],
                 a->identity_seed ? " --identity-seed" : "");
    } else {
        snprintf(buf, cap, "--nan %s%s", nan_names[a->nan_policy], a->last ? " --last" : "");
    }
}

/* ======================================================================
   JSON (for `run --desc`): a small strict parser (RFC 8259; duplicate keys refused)
   ====================================================================== */

enum { J_NULL, J_FALSE, J_TRUE, J_NUM, J_STR, J_ARR, J_OBJ };

typedef struct jval {
    int t;
    int is_int; /* J_NUM: an integer literal that fits a long long */
    long long i;
    char *s;        /* J_STR */
    size_t n;       /* J_ARR, J_OBJ: element count */
    struct jval *v; /* J_ARR, J_OBJ: elements / values */
    char **k;       /* J_OBJ: keys */
} jval;

typedef struct {
    const char *start, *p, *end;
    const char *err, *errat;
} jparser;

static void jfree(jval *v) {
    size_t i;
    for (i = 0; i < v->n; i++) {
        jfree(&v->v[i]);
        if (v->k) free(v->k[i]);
    }
    free(v->v);
    free(v->k);
    free(v->s);
    memset(v, 0, sizeof *v);
}

static int jerr(jparser *P, const char *msg) {
    if (!P->err) {
        P->err = msg;
        P->errat = P->p;
    }
    return 0;
}

static void jws(jparser *P) {
    while (P->p < P->end && (*P->p == ' ' || *P->p == '\t' || *P->p == '\n' || *P->p == '\r')) P->p++;
}

static int jhex4(jparser *P, unsigned *u) {
    int k;
    *u = 0;
    for (k = 0; k < 4; k++) {
        char c = P->p < P->end ? *P->p : 0;
        unsigned d;
        if (c >= '0' && c <= '9') d = (unsigned)(c - '0');
        else if (c >= 'a' && c <= 'f') d = (unsigned)(c - 'a' + 10);
        else if (c >= 'A' && c <= 'F') d = (unsigned)(c - 'A' + 10);
        else return jerr(P, "bad \\u escape");
        *u = *u * 16 + d;
        P->p++;
    }
    return 1;
}

static int jstring(jparser *P, char **out) {
    size_t cap = 16, n = 0;
    char *b = (char *)xcalloc(cap);
    P->p++; /* the opening quote */
    for (;;) {
        unsigned char c;
        char tmp[4];
        size_t tn = 1, k;
        if (P->p >= P->end) {
            free(b);
            return jerr(P, "unterminated string");
        }
        c = (unsigned char)*P->p;
        if (c == '"') {
            P->p++;
            break;
        }
        if (c < 0x20) {
            free(b);
            return jerr(P, "control character in a string");
        }
        if (c == '\\') {
            char e;
            P->p++;
            e = P->p < P->end ? *P->p : 0;
            P->p++;
            switch (e) {
            case '"': tmp[0] = '"'; break;
            case '\\': tmp[0] = '\\'; break;
            case '/': tmp[0] = '/'; break;
            case 'b': tmp[0] = '\b'; break;
            case 'f': tmp[0] = '\f'; break;
            case 'n': tmp[0] = '\n'; break;
            case 'r': tmp[0] = '\r'; break;
            case 't': tmp[0] = '\t'; break;
            case 'u': {
                unsigned u;
                if (!jhex4(P, &u)) {
                    free(b);
                    return 0;
                }
                if (u >= 0xD800 && u <= 0xDFFF) u = 0xFFFD; /* names here are ASCII: no surrogate pairing */
                if (u < 0x80) tmp[0] = (char)u;
                else if (u < 0x800) {
                    tmp[0] = (char)(0xC0 | (u >> 6));
                    tmp[1] = (char)(0x80 | (u & 0x3F));
                    tn = 2;
                } else {
                    tmp[0] = (char)(0xE0 | (u >> 12));
                    tmp[1] = (char)(0x80 | ((u >> 6) & 0x3F));
                    tmp[2] = (char)(0x80 | (u & 0x3F));
                    tn = 3;
                }
                if (u == 0) {
                    free(b);
                    return jerr(P, "\\u0000 in a string");
                }
                break;
            }
            default:
                P->p--;
                free(b);
                return jerr(P, "bad escape in a string");
            }
        } else {
            tmp[0] = (char)c;
            P->p++;
        }
        if (n + tn + 1 > cap) {
            char *nb;
            cap *= 2;
            nb = (char *)realloc(b, cap);
            if (!nb) {
                free(b);
                fail("out of memory");
                exit(2);
            }
            b = nb;
        }
        for (k = 0; k < tn; k++) b[n++] = tmp[k];
    }
    b[n] = 0;
    *out = b;
    return 1;
}

static int jnumber(jparser *P, jval *v) {
    const char *s = P->p;
    int integer = 1;
    char buf[64];
    if (P->p < P->end && *P->p == '-') P->p++;
    if (P->p >= P->end || *P->p < '0' || *P->p > '9') return jerr(P, "bad number");
    if (*P->p == '0') P->p++;
    else
        while (P->p < P->end && *P->p >= '0' && *P->p <= '9') P->p++;
    if (P->p < P->end && *P->p == '.') {
        integer = 0;
        P->p++;
        if (P->p >= P->end || *P->p < '0' || *P->p > '9') return jerr(P, "bad number");
        while (P->p < P->end && *P->p >= '0' && *P->p <= '9') P->p++;
    }
    if (P->p < P->end && (*P->p == 'e' || *P->p == 'E')) {
        integer = 0;
        P->p++;
        if (P->p < P->end && (*P->p == '+' || *P->p == '-')) P->p++;
        if (P->p >= P->end || *P->p < '0' || *P->p > '9') return jerr(P, "bad number");
        while (P->p < P->end && *P->p >= '0' && *P->p <= '9') P->p++;
    }
    v->t = J_NUM;
    if (integer && (size_t)(P->p - s) < sizeof buf) {
        char *e;
        memcpy(buf, s, (size_t)(P->p - s));
        buf[P->p - s] = 0;
        errno = 0;
        v->i = strtoll(buf, &e, 10);
        v->is_int = !errno && !*e;
    }
    return 1;
}

static int jvalue(jparser *P, jval *v, int depth) {
    memset(v, 0, sizeof *v);
    if (depth > 64) return jerr(P, "nesting deeper than 64");
    jws(P);
    if (P->p >= P->end) return jerr(P, "unexpected end of input");
    switch (*P->p) {
    case '{':
    case '[': {
        int obj = *P->p == '{';
        char close = obj ? '}' : ']';
        size_t cap = 0;
        v->t = obj ? J_OBJ : J_ARR;
        P->p++;
        jws(P);
        if (P->p < P->end && *P->p == close) {
            P->p++;
            return 1;
        }
        for (;;) {
            char *key = NULL;
            if (obj) {
                size_t i;
                jws(P);
                if (P->p >= P->end) return jerr(P, "unexpected end of input");
                if (*P->p != '"') return jerr(P, "expected a string key");
                if (!jstring(P, &key)) return 0;
                for (i = 0; i < v->n; i++)
                    if (strcmp(v->k[i], key) == 0) {
                        free(key);
                        return jerr(P, "repeated key");
                    }
                jws(P);
                if (P->p >= P->end || *P->p != ':') {
                    free(key);
                    return jerr(P, "expected ':'");
                }
                P->p++;
            }
            if (v->n == cap) {
                jval *nv;
                char **nk;
                cap = cap ? cap * 2 : 4;
                nv = (jval *)realloc(v->v, cap * sizeof *nv);
                if (!nv) {
                    fail("out of memory");
                    exit(2);
                }
                v->v = nv;
                if (obj) {
                    nk = (char **)realloc(v->k, cap * sizeof *nk);
                    if (!nk) {
                        fail("out of memory");
                        exit(2);
                    }
                    v->k = nk;
                }
            }
            if (obj) v->k[v->n] = key;
            if (!jvalue(P, &v->v[v->n], depth + 1)) {
                v->n++;
                return 0;
            }
            v->n++;
            jws(P);
            if (P->p < P->end && *P->p == ',') {
                P->p++;
                continue;
            }
            if (P->p < P->end && *P->p == close) {
                P->p++;
                return 1;
            }
            return jerr(P, obj ? "expected ',' or '}'" : "expected ',' or ']'");
        }
    }
    case '"': v->t = J_STR; return jstring(P, &v->s);
    case 't':
    case 'f':
    case 'n': {
        const char *w = *P->p == 't' ? "true" : *P->p == 'f' ? "false" : "null";
        size_t L = strlen(w);
        if ((size_t)(P->end - P->p) < L || memcmp(P->p, w, L) != 0) return jerr(P, "unknown literal");
        P->p += L;
        v->t = w[0] == 't' ? J_TRUE : w[0] == 'f' ? J_FALSE : J_NULL;
        return 1;
    }
    default:
        if (*P->p == '-' || (*P->p >= '0' && *P->p <= '9')) return jnumber(P, v);
        return jerr(P, "unexpected character");
    }
}

/* Parses a whole file; 0 on success, else prints one line (with line and column) and returns 2. */
static int json_load(const char *path, jval *root) {
    size_t size;
    unsigned char *buf = read_file(path, &size);
    jparser P;
    if (!buf) return 2;
    P.start = P.p = (const char *)buf;
    P.end = P.start + size;
    P.err = P.errat = NULL;
    if (jvalue(&P, root, 0)) {
        jws(&P);
        if (P.p < P.end) jerr(&P, "text after the JSON value");
    }
    if (P.err) {
        const char *q;
        unsigned long line = 1, col = 1;
        for (q = P.start; q < P.errat && q < P.end; q++) {
            if (*q == '\n') {
                line++;
                col = 1;
            } else col++;
        }
        fail("%s: malformed JSON at line %lu, column %lu: %s", path, line, col, P.err);
        jfree(root);
        free(buf);
        return 2;
    }
    free(buf);
    return 0;
}

static const jval *jget(const jval *o, const char *key) {
    size_t i;
    if (o->t != J_OBJ) return NULL;
    for (i = 0; i < o->n; i++)
        if (strcmp(o->k[i], key) == 0) return &o->v[i];
    return NULL;
}

static const char *jtype_name(int t) {
    static const char *names[] = {"null", "false", "true", "a number", "a string", "an array", "an object"};
    return names[t];
}

/* ======================================================================
   `run --desc`: a DxDispatch-style DirectML operator dispatchable
   ====================================================================== */

typedef struct {
    DML_TENSOR_DATA_TYPE type;
    unsigned rank;
    UINT sizes[MAX_RANK];
    int has_strides;
    UINT strides[MAX_RANK];
} jtensor;

typedef struct {
    int op;     /* OP_CUMSUM ... OP_ARGMAX */
    int reduce; /* DML_OPERATOR_REDUCE (Function ARGMIN / ARGMAX) */
    const char *type_name;
    jtensor in, out;
    long axis;
    int reverse, exclusive;
    unsigned naxes;
    long axes[MAX_RANK];
} jdesc;

/* An enum value written in full (PREFIX_SUFFIX) or as its suffix (DxDispatch's abbreviated form). */
static int jenum(const jval *v, const char *what, const char *prefix, const char *const *suffixes, int n, int *out) {
    int k;
    size_t pl = strlen(prefix);
    const char *s;
    if (!v || v->t != J_STR) {
        fail("--desc: %s must be a string (%s...)", what, prefix);
        return 0;
    }
    s = v->s;
    if (strncmp(s, prefix, pl) == 0) s += pl;
    for (k = 0; k < n; k++)
        if (strcmp(s, suffixes[k]) == 0) {
            *out = k;
            return 1;
        }
    fail("--desc: %s: unknown or unsupported value '%s'", what, v->s);
    return 0;
}

static int juint(const jval *v, const char *what, long *out) {
    if (!v || v->t != J_NUM || !v->is_int || v->i < 0 || v->i > 0xFFFFFFFFLL) {
        fail("--desc: %s must be a non-negative integer", what);
        return 0;
    }
    *out = (long)v->i;
    return 1;
}

static int juint_list(const jval *v, const char *what, unsigned *n, long *out) {
    size_t i;
    if (!v || v->t != J_ARR || v->n > MAX_RANK) {
        fail("--desc: %s must be an array of at most %d non-negative integers", what, MAX_RANK);
        return 0;
    }
    for (i = 0; i < v->n; i++)
        if (v->v[i].t != J_NUM || !v->v[i].is_int || v->v[i].i < 0 || v->v[i].i > 0xFFFFFFFFLL) {
            fail("--desc: %s: element %lu is not a non-negative integer", what, (unsigned long)i);
            return 0;
        } else out[i] = (long)v->v[i].i;
    *n = (unsigned)v->n;
    return 1;
}

static const char *dt_suffixes[] = {"UNKNOWN", "FLOAT32", "FLOAT16", "UINT32",  "UINT16", "UINT8",
                                    "INT32",   "INT16",   "INT8",    "FLOAT64", "UINT64", "INT64"};

/* A DML_TENSOR_DESC: {"DataType", "Sizes", ...} or {"Type": "BUFFER", "Desc": {...}}. */
static int jtensor_parse(const jval *v, const char *field, jtensor *t) {
    size_t i;
    int has_desc = 0, k;
    long dims = -1, vals[MAX_RANK];
    unsigned n;
    const jval *d;
    if (!v || v->t != J_OBJ) {
        fail("--desc: %s must be an object (a DML_TENSOR_DESC)", field);
        return 0;
    }
    memset(t, 0, sizeof *t);
    d = jget(v, "Desc");
    if (d) {
        for (i = 0; i < v->n; i++)
            if (strcmp(v->k[i], "Type") != 0 && strcmp(v->k[i], "Desc") != 0) {
                fail("--desc: %s: unknown field '%s' beside Desc", field, v->k[i]);
                return 0;
            }
        has_desc = 1;
    }
    if (jget(v, "Type")) {
        static const char *tt[] = {"INVALID", "BUFFER"};
        if (!jenum(jget(v, "Type"), "Type of a tensor", "DML_TENSOR_TYPE_", tt, 2, &k)) return 0;
        if (k != 1) {
            fail("--desc: %s: only DML_TENSOR_TYPE_BUFFER tensors are supported", field);
            return 0;
        }
    }
    if (has_desc) {
        v = d;
        if (v->t != J_OBJ) {
            fail("--desc: %s.Desc must be an object", field);
            return 0;
        }
    }
    for (i = 0; i < v->n; i++) {
        const char *key = v->k[i];
        const jval *x = &v->v[i];
        if (strcmp(key, "DataType") == 0) {
            if (!jenum(x, "DataType", "DML_TENSOR_DATA_TYPE_", dt_suffixes, 12, &k)) return 0;
            if (k == 0) {
                fail("--desc: %s: DataType UNKNOWN", field);
                return 0;
            }
            t->type = (DML_TENSOR_DATA_TYPE)k;
        } else if (strcmp(key, "Sizes") == 0) {
            if (!juint_list(x, "Sizes", &n, vals)) return 0;
            if (n == 0) {
                fail("--desc: %s: Sizes is empty", field);
                return 0;
            }
            t->rank = n;
            for (k = 0; k < (int)n; k++) t->sizes[k] = (UINT)vals[k];
        } else if (strcmp(key, "Strides") == 0) {
            if (x->t == J_NULL) continue;
            if (!juint_list(x, "Strides", &n, vals)) return 0;
            t->has_strides = (int)n + 1;
            for (k = 0; k < (int)n; k++) t->strides[k] = (UINT)vals[k];
        } else if (strcmp(key, "DimensionCount") == 0) {
            if (!juint(x, "DimensionCount", &dims)) return 0;
        } else if (strcmp(key, "Flags") == 0) {
            static const char *fl[] = {"NONE", "OWNED_BY_DML"};
            if (!jenum(x, "Flags", "DML_TENSOR_FLAG_", fl, 2, &k)) return 0;
        } else if (strcmp(key, "TotalTensorSizeInBytes") == 0 || strcmp(key, "GuaranteedBaseOffsetAlignment") == 0) {
            long ignored;
            if (!juint(x, key, &ignored)) return 0;
        } else if (strcmp(key, "Type") == 0 && !has_desc) {
            continue; /* checked above */
        } else {
            fail("--desc: %s: unknown field '%s'", field, key);
            return 0;
        }
    }
    if (!t->type || !t->rank) {
        fail("--desc: %s: %s is required", field, t->type ? "Sizes" : "DataType");
        return 0;
    }
    if (dims >= 0 && (unsigned long)dims != t->rank) {
        fail("--desc: %s: DimensionCount %ld but %u Sizes", field, dims, t->rank);
        return 0;
    }
    if (t->has_strides && (unsigned)(t->has_strides - 1) != t->rank) {
        fail("--desc: %s: %d Strides for %u Sizes", field, t->has_strides - 1, t->rank);
        return 0;
    }
    return 1;
}

/* Checks the dispatchable {"type", "desc"} and fills jd. */
static int jdesc_parse(const jval *disp, const char *name, jdesc *jd) {
    static const char *op_names[] = {"CUMULATIVE_SUMMATION", "CUMULATIVE_PRODUCT", "ARGMIN", "ARGMAX", "REDUCE"};
    const jval *type = NULL, *desc = NULL;
    const char *ts;
    size_t i;
    int k, op = -1;
    int seen_axis = 0, seen_dir = 0, seen_excl = 0, seen_axes = 0, seen_fn = 0, seen_in = 0, seen_out = 0;
    long axis_count = -1;
    memset(jd, 0, sizeof *jd);
    if (disp->t != J_OBJ) {
        fail("--desc: dispatchable '%s' must be an object", name);
        return 0;
    }
    for (i = 0; i < disp->n; i++) {
        const char *key = disp->k[i];
        if (strcmp(key, "type") == 0 || strcmp(key, "Type") == 0) type = &disp->v[i];
        else if (strcmp(key, "desc") == 0 || strcmp(key, "Desc") == 0) desc = &disp->v[i];
        else if (strcmp(key, "dmlCompileType") == 0) continue; /* compile op or graph: irrelevant here */
        else {
            fail("--desc: dispatchable '%s': unknown field '%s'", name, key);
            return 0;
        }
    }
    if (!type || type->t != J_STR) {
        fail("--desc: dispatchable '%s': \"type\" (a string, DML_OPERATOR_...) is required", name);
        return 0;
    }
    ts = type->s;
    if (strncmp(ts, "DML_OPERATOR_", 13) == 0) ts += 13;
    for (k = 0; k < 5; k++)
        if (strcmp(ts, op_names[k]) == 0) op = k;
    if (op < 0) {
        fail("--desc: unsupported operator type '%s' (supported: DML_OPERATOR_CUMULATIVE_SUMMATION, "
             "CUMULATIVE_PRODUCT, ARGMIN, ARGMAX, REDUCE with Function ARGMIN or ARGMAX)",
             type->s);
        return 0;
    }
    jd->type_name = type->s;
    if (!desc || desc->t != J_OBJ) {
        fail("--desc: dispatchable '%s': \"desc\" (an object) is required", name);
        return 0;
    }
    jd->op = op == 0 ? OP_CUMSUM : op == 1 ? OP_CUMPROD : op == 2 ? OP_ARGMIN : OP_ARGMAX;
    jd->reduce = op == 4;
    for (i = 0; i < desc->n; i++) {
        const char *key = desc->k[i];
        const jval *x = &desc->v[i];
        if (strcmp(key, "InputTensor") == 0) {
            if (!jtensor_parse(x, "InputTensor", &jd->in)) return 0;
            seen_in = 1;
        } else if (strcmp(key, "OutputTensor") == 0) {
            if (!jtensor_parse(x, "OutputTensor", &jd->out)) return 0;
            seen_out = 1;
        } else if (strcmp(key, "Axis") == 0 && op <= 1) {
            if (!juint(x, "Axis", &jd->axis)) return 0;
            seen_axis = 1;
        } else if (strcmp(key, "AxisDirection") == 0 && op <= 3) {
            static const char *dirs[] = {"INCREASING", "DECREASING"};
            if (!jenum(x, "AxisDirection", "DML_AXIS_DIRECTION_", dirs, 2, &k)) return 0;
            jd->reverse = k;
            seen_dir = 1;
        } else if ((strcmp(key, "HasExclusiveSum") == 0 && op == 0) ||
                   (strcmp(key, "HasExclusiveProduct") == 0 && op == 1)) {
            if (x->t != J_TRUE && x->t != J_FALSE) {
                fail("--desc: %s must be true or false (got %s)", key, jtype_name(x->t));
                return 0;
            }
            jd->exclusive = x->t == J_TRUE;
            seen_excl = 1;
        } else if (strcmp(key, "Axes") == 0 && op >= 2) {
            if (!juint_list(x, "Axes", &jd->naxes, jd->axes)) return 0;
            seen_axes = 1;
        } else if (strcmp(key, "AxisCount") == 0 && op >= 2) {
            if (!juint(x, "AxisCount", &axis_count)) return 0;
        } else if (strcmp(key, "Function") == 0 && op == 4) {
            static const char *fns[] = {"ARGMAX", "ARGMIN"};
            if (!jenum(x, "Function (dml_ref: ARGMIN or ARGMAX)", "DML_REDUCE_FUNCTION_", fns, 2, &k)) return 0;
            jd->op = k == 0 ? OP_ARGMAX : OP_ARGMIN;
            seen_fn = 1;
        } else {
            fail("--desc: unknown field '%s' in a %s desc", key, type->s);
            return 0;
        }
    }
    {
        const char *missing = !seen_in                ? "InputTensor"
                              : !seen_out             ? "OutputTensor"
                              : op <= 1 && !seen_axis ? "Axis"
                              : op <= 3 && !seen_dir  ? "AxisDirection"
                              : op == 0 && !seen_excl ? "HasExclusiveSum"
                              : op == 1 && !seen_excl ? "HasExclusiveProduct"
                              : op >= 2 && !seen_axes ? "Axes"
                              : op == 4 && !seen_fn   ? "Function"
                                                      : NULL;
        if (missing) {
            fail("--desc: %s desc: field %s is required", type->s, missing);
            return 0;
        }
    }
    if (axis_count >= 0 && (unsigned long)axis_count != jd->naxes) {
        fail("--desc: AxisCount %ld but %u Axes", axis_count, jd->naxes);
        return 0;
    }
    return 1;
}

/* Finds the dispatchable: the root itself, or the single DML operator among a model's "dispatchables"
   (or the one named `want`). */
static const jval *jfind_dispatchable(const jval *root, const char *want, const char **name) {
    const jval *ds, *found = NULL;
    size_t i;
    unsigned nops = 0;
    char list[256] = "";
    if (root->t != J_OBJ) {
        fail("--desc: the JSON root must be an object (a DxDispatch model or one dispatchable)");
        return NULL;
    }
    ds = jget(root, "dispatchables");
    if (!ds && !jget(root, "resources") && !jget(root, "commands")) {
        if (want) {
            fail("--dispatchable applies to a whole DxDispatch model (with \"dispatchables\")");
            return NULL;
        }
        *name = "(root)";
        return root;
    }
    for (i = 0; i < root->n; i++)
        if (strcmp(root->k[i], "dispatchables") != 0 && strcmp(root->k[i], "resources") != 0 &&
            strcmp(root->k[i], "commands") != 0) {
            fail("--desc: unknown field '%s' in a DxDispatch model", root->k[i]);
            return NULL;
        }
    if (!ds || ds->t != J_OBJ) {
        fail("--desc: the model's \"dispatchables\" must be an object");
        return NULL;
    }
    for (i = 0; i < ds->n; i++) {
        const jval *t = ds->v[i].t == J_OBJ ? jget(&ds->v[i], "type") : NULL;
        if (!t) t = ds->v[i].t == J_OBJ ? jget(&ds->v[i], "Type") : NULL;
        if (want) {
            if (strcmp(ds->k[i], want) == 0) {
                *name = ds->k[i];
                return &ds->v[i];
            }
            continue;
        }
        /* HLSL, ONNX and serialized-graph dispatchables are not DirectML operators */
        if (t && t->t == J_STR &&
            (strcmp(t->s, "hlsl") == 0 || strcmp(t->s, "onnx") == 0 || strcmp(t->s, "DmlSerializedGraph") == 0))
            continue;
        nops++;
        found = &ds->v[i];
        *name = ds->k[i];
        if (strlen(list) + strlen(ds->k[i]) + 4 < sizeof list) {
            if (list[0]) strcat(list, ", ");
            strcat(list, ds->k[i]);
        }
    }
    if (want) {
        fail("--desc: no dispatchable named '%s'", want);
        return NULL;
    }
    if (nops == 0) {
        fail("--desc: the model has no DirectML operator dispatchable");
        return NULL;
    }
    if (nops > 1) {
        fail("--desc: the model has %u DirectML operator dispatchables (%s): choose one with --dispatchable NAME", nops,
             list);
        return NULL;
    }
    return found;
}

static void format_uints(const UINT *v, unsigned n, char *buf, size_t cap) {
    unsigned k;
    size_t len;
    snprintf(buf, cap, "[");
    for (k = 0; k < n; k++) {
        len = strlen(buf);
        snprintf(buf + len, cap - len, "%s%lu", k ? "," : "", (unsigned long)v[k]);
    }
    len = strlen(buf);
    snprintf(buf + len, cap - len, "]");
}

/* Sizes equal, and Strides (if given) describe `strides` (NULL: packed C order) on every dimension
   longer than 1. */
static int jtensor_check(const jtensor *t, const char *field, DML_TENSOR_DATA_TYPE type, unsigned rank,
                         const UINT *sizes, const UINT *strides, const char *what) {
    unsigned k;
    char a[160], b[160];
    UINT packed[MAX_RANK];
    if (t->type != type) {
        fail("--desc: %s DataType %s does not match %s (%s)", field, dt_suffixes[t->type], what, dt_suffixes[type]);
        return 0;
    }
    if (t->rank != rank || memcmp(t->sizes, sizes, rank * sizeof *sizes) != 0) {
        format_uints(t->sizes, t->rank, a, sizeof a);
        format_uints(sizes, rank, b, sizeof b);
        fail("--desc: %s Sizes %s do not match %s %s (no broadcasting: they must be equal)", field, a, what, b);
        return 0;
    }
    if (!t->has_strides) return 1;
    if (!strides) {
        UINT mul = 1;
        for (k = rank; k-- > 0;) {
            packed[k] = mul;
            mul *= sizes[k];
        }
        strides = packed;
    }
    for (k = 0; k < rank; k++)
        if (sizes[k] > 1 && t->strides[k] != strides[k]) {
            format_uints(t->strides, rank, a, sizeof a);
            format_uints(strides, rank, b, sizeof b);
            fail("--desc: %s Strides %s do not describe the layout of %s (%s)", field, a, what, b);
            return 0;
        }
    return 1;
}

/* ======================================================================
   help
   ====================================================================== */

static const char *HELP_MAIN = "usage: dmlref SUBCOMMAND [options] ...\n"
                               "  run      run an operator on a .npy input, write a .npy output\n"
                               "  compare  compare two .npy arrays (ULP distances, bound, first difference)\n"
                               "  check    judge a scan output against the EXACT answer and the ANY error bound\n"
                               "  digest   XXH3-64 of a .npy array's data\n"
                               "  explain  find the dml_ref options that reproduce an output bit for bit\n"
                               "  --version, --help; `dmlref SUBCOMMAND --help` for each.\n"
                               "Exit status: 0 success, 1 outside tolerance or bound, 2 error.\n";

static const char *HELP_OPS =
    "operator options (OP: cumsum | cumprod | argmin | argmax):\n"
    "  --axis N           scans: the axis (negative counts from the end); default: the LAST axis\n"
    "  --exclusive        scans: exclusive sum / product\n"
    "  --reverse          scans: DML_AXIS_DIRECTION_DECREASING\n"
    "  --order O          scans: sequential (default) | blocked | exact | tree:ALG:BLOCK:CARRY\n"
    "                     ALG kogge-stone|sklansky|brent-kung, BLOCK a power of two 2..65536,\n"
    "                     CARRY after|into-first\n"
    "  --accumulation A   scans: default | native | wide\n"
    "  --identity-seed    scans: the tally starts at the identity (+0.0 or 1)\n"
    "  --axes N,M,...     argmin/argmax: reduced axes (negative counts from the end); default: all\n"
    "  --last             argmin/argmax: DECREASING (the last index on ties)\n"
    "  --nan P            argmin/argmax: propagate (default) | ignore | compare\n"
    "  --index-type T     argmin/argmax output: int32 | int64 (default) | uint32 | uint64\n"
    "  --isa I            auto (default) | scalar | sse2 | avx2 | avx512 | avx512fp16 | neon\n"
    "  --threads N        run on up to N threads, 1 to 1024 (default: every CPU): the same output bits for every N\n"
    "Arg outputs keep the input's rank: reduced axes have size 1 (as DirectML).\n";

static const char *HELP_RUN = "usage: dmlref run OP [operator options] INPUT.npy -o OUTPUT.npy\n"
                              "Runs dml_ref's operator on INPUT and writes OUTPUT (C order, little-endian, .npy 1.0).\n"
                              "Inputs: .npy 1.0/2.0/3.0, dtypes f2 f4 f8 i1 i2 i4 i8 u1 u2 u4 u8 (either byte order),\n"
                              "C or Fortran order (passed to the library as strides), rank 1..8 (0-d is shape (1)).\n"
                              "The output is written under a temporary name and renamed only on success.\n";

static const char *HELP_RUN_DESC =
    "\nusage: dmlref run --desc OP.json [--dispatchable NAME] [options] INPUT.npy -o OUTPUT.npy\n"
    "The operator comes from a DxDispatch-style JSON description instead of OP and its options:\n"
    "a whole DxDispatch model (its single DirectML operator among \"dispatchables\", or the one\n"
    "named by --dispatchable; \"resources\" and \"commands\" are ignored) or one dispatchable\n"
    "{\"type\": \"DML_OPERATOR_...\", \"desc\": {...}}. Types: CUMULATIVE_SUMMATION,\n"
    "CUMULATIVE_PRODUCT (InputTensor, OutputTensor, Axis, AxisDirection, HasExclusiveSum /\n"
    "HasExclusiveProduct), ARGMIN, ARGMAX (InputTensor, OutputTensor, AxisCount optional, Axes,\n"
    "AxisDirection), REDUCE with Function ARGMIN or ARGMAX (Function, InputTensor, OutputTensor,\n"
    "AxisCount optional, Axes). Every non-optional field is required, as in DxDispatch. Tensors:\n"
    "{\"DataType\", \"Sizes\", \"Strides\" (optional), ...}; enum values in full or without their\n"
    "prefix (\"DML_AXIS_DIRECTION_DECREASING\" or \"DECREASING\"); booleans true/false. InputTensor's\n"
    "DataType and Sizes must equal the .npy's dtype and shape (no broadcasting), Strides (if given)\n"
    "its layout; OutputTensor must be the output dml_ref writes (packed). Only --order,\n"
    "--accumulation, --identity-seed, --nan, --isa and --threads may be given. Malformed JSON,\n"
    "unknown types and unknown fields are errors (exit 2, nothing written).\n";

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

static const char *HELP_CHECK =
    "usage: dmlref check OP [operator options] INPUT.npy ACTUAL.npy   (OP: cumsum | cumprod, float)\n"
    "Judges ACTUAL, a scan of INPUT computed in an unknown order, against a reference and\n"
    "dmlref_error_bound with float_order ANY for --accumulation (default: default):\n"
    "  cumsum:  reference = float_order EXACT (the exact sum rounded once); an output is outside\n"
    "           when |actual - exact| > bound + half an ulp of exact.\n"
    "  cumprod: there is no EXACT product: the reference is SEQUENTIAL with accumulation wide,\n"
    "           and its own SEQUENTIAL bound replaces the half ulp (so the test stays rigorous).\n"
    "--order is ignored (ANY covers every order); --axis, --exclusive, --reverse, --identity-seed apply.\n"
    "Prints the outputs outside (first few indices), error/bound (median, 90th, max), and the\n"
    "narrowest accumulation (wide, default, native) whose ANY bound contains every output.\n"
    "Exit: 1 if an output is outside the bound of the given accumulation, 0 otherwise, 2 error.\n";

static const char *HELP_DIGEST =
    "usage: dmlref digest FILE.npy\n"
    "Prints XXH3-64 (XXH3_64bits, seed 0; libxxhash) of the array's data as 16 hex digits: the\n"
    "elements in row-major (C) order, each little-endian, packed; the definition of the golden\n"
    "digests of tests/test_golden.c. Fortran order and big-endian files give the digest of the\n"
    "same logical array.\n";

static const char *HELP_EXPLAIN =
    "usage: dmlref explain OP [operator options] INPUT.npy ACTUAL.npy\n"
    "Runs INPUT through every configuration and lists those that reproduce ACTUAL bit for bit,\n"
    "else the 5 closest by share of identical elements.\n"
    "  scans: SEQUENTIAL, BLOCKED, EXACT, TREE (3 algorithms x blocks 2..65536 x 2 carries) x\n"
    "         accumulation default/native/wide x identity seed off/on (--order, --accumulation and\n"
    "         --identity-seed are ignored; --axis, --exclusive, --reverse are kept).\n"
    "  argmin/argmax: the 3 NaN policies x INCREASING/DECREASING (--nan, --last ignored); the\n"
    "         index type is ACTUAL's dtype.\n"
    "A progress line goes to stderr when it is a terminal.\n";

/* ======================================================================
   subcommands
   ====================================================================== */

static int wants_help(int argc, char **argv) {
    int i;
    for (i = 0; i < argc; i++)
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) return 1;
    return 0;
}

/* Collects OP, operator options and positional files. */
static int parse_op_command(int argc, char **argv, op_args *a, const char **pos, int npos_max, int *npos,
                            const char **output) {
    int i;
    memset(a, 0, sizeof *a);
    a->index_type = DML_TENSOR_DATA_TYPE_INT64;
    *npos = 0;
    if (argc < 1 || !parse_op_name(argv[0], &a->op)) {
        fail("OP must be cumsum, cumprod, argmin or argmax (got '%s')", argc ? argv[0] : "");
        return 2;
    }
    for (i = 1; i < argc; i++) {
        int r = parse_op_option(argc, argv, &i, a);
        if (r < 0) return 2;
        if (r > 0) continue;
        if (output && strcmp(argv[i], "-o") == 0) {
            if (i + 1 >= argc) {
                fail("option -o needs a file name");
                return 2;
            }
            *output = argv[++i];
            continue;
        }
        if (argv[i][0] == '-' && argv[i][1]) {
            fail("unknown option %s", argv[i]);
            return 2;
        }
        if (*npos >= npos_max) {
            fail("unexpected argument '%s'", argv[i]);
            return 2;
        }
        pos[(*npos)++] = argv[i];
    }
    if (*npos != npos_max) {
        fail("expected %d file name%s, got %d", npos_max, npos_max > 1 ? "s" : "", *npos);
        return 2;
    }
    return check_op_args(a);
}

/* `run --desc OP.json [--dispatchable NAME] [options] INPUT.npy -o OUTPUT.npy` */
static int cmd_run_desc(int argc, char **argv) {
    op_args a;
    const char *input = NULL, *output = NULL, *desc_path = NULL, *want = NULL, *name = NULL;
    const jval *disp;
    jval root;
    jdesc jd;
    npy_array in;
    opdesc d;
    dmlref_options o;
    char msg[512] = "";
    void *out;
    UINT in_strides[MAX_RANK];
    int i, rc;
    unsigned k;
    memset(&a, 0, sizeof a);
    a.index_type = DML_TENSOR_DATA_TYPE_INT64;
    for (i = 0; i < argc; i++) {
        int r;
        const char *o2 = argv[i];
        if (strcmp(o2, "--desc") == 0 || strcmp(o2, "--dispatchable") == 0 || strcmp(o2, "-o") == 0) {
            if (i + 1 >= argc) {
                fail("option %s needs a value", o2);
                return 2;
            }
            if (strcmp(o2, "--desc") == 0) desc_path = argv[++i];
            else if (strcmp(o2, "-o") == 0) output = argv[++i];
            else want = argv[++i];
            continue;
        }
        r = parse_op_option(argc, argv, &i, &a);
        if (r < 0) return 2;
        if (r > 0) {
            if (strcmp(o2, "--order") != 0 && strcmp(o2, "--accumulation") != 0 && strcmp(o2, "--identity-seed") != 0 &&
                strcmp(o2, "--nan") != 0 && strcmp(o2, "--isa") != 0 && strcmp(o2, "--threads") != 0) {
                fail("option %s: with --desc the operator's parameters come from the JSON desc", o2);
                return 2;
            }
            continue;
        }
        if (o2[0] == '-' && o2[1]) {
            fail("unknown option %s", o2);
            return 2;
        }
        if (input) {
            fail("unexpected argument '%s' (with --desc, OP is not given)", o2);
            return 2;
        }
        input = o2;
    }
    if (!desc_path) {
        fail("option --desc needs a value");
        return 2;
    }
    if (!input) {
        fail("expected 1 file name, got 0");
        return 2;
    }
    if (!output) {
        fail("run: -o OUTPUT.npy is required");
        return 2;
    }
    if ((rc = json_load(desc_path, &root)) != 0) return rc;
    disp = jfind_dispatchable(&root, want, &name);
    if (!disp || !jdesc_parse(disp, name, &jd)) {
        jfree(&root);
        return 2;
    }
    jfree(&root);
    a.op = jd.op;
    if ((rc = check_op_args(&a)) != 0) return rc;
    if ((rc = npy_load(input, &in)) != 0) return rc;
    rc = 2;
    if (!jtensor_check(&jd.in, "InputTensor", in.type, in.rank, in.shape, npy_strides(&in, in_strides), input))
        goto done;
    if (is_scan(jd.op)) {
        if (jd.axis >= (long)in.rank) {
            fail("--desc: Axis %ld is out of range for a rank-%u input", jd.axis, in.rank);
            goto done;
        }
        a.axis_set = 1;
        a.axis = jd.axis;
        a.reverse = jd.reverse;
        a.exclusive = jd.exclusive;
    } else {
        a.axes_set = 1;
        a.naxes = jd.naxes;
        for (k = 0; k < jd.naxes; k++) {
            if (jd.axes[k] >= (long)in.rank) {
                fail("--desc: Axes: %ld is out of range for a rank-%u input", jd.axes[k], in.rank);
                goto done;
            }
            a.axes[k] = jd.axes[k];
        }
        a.last = jd.reverse;
        a.index_type = jd.out.type;
        if (a.index_type != DML_TENSOR_DATA_TYPE_INT32 && a.index_type != DML_TENSOR_DATA_TYPE_INT64 &&
            a.index_type != DML_TENSOR_DATA_TYPE_UINT32 && a.index_type != DML_TENSOR_DATA_TYPE_UINT64) {
            fail("--desc: OutputTensor DataType %s: an index output is INT32, INT64, UINT32 or UINT64",
                 dt_suffixes[a.index_type]);
            goto done;
        }
    }
    if ((rc = build_desc(&d, &a, &in, a.index_type)) != 0) goto done;
    rc = 2;
    if (!jtensor_check(&jd.out, "OutputTensor", d.out_type, d.rank, d.out_sizes, NULL,
                       "the output (written packed, C order)"))
        goto done;
    if (jd.reduce) {
        d.red.Function = jd.op == OP_ARGMIN ? DML_REDUCE_FUNCTION_ARGMIN : DML_REDUCE_FUNCTION_ARGMAX;
        d.red.InputTensor = &d.it;
        d.red.OutputTensor = &d.ot;
        d.red.AxisCount = jd.naxes;
        d.red.Axes = d.axes;
        d.op.Type = DML_OPERATOR_REDUCE;
        d.op.Desc = &d.red;
    }
    options_from_args(&o, &a, msg, sizeof msg);
    out = xcalloc((size_t)d.out_bytes + 8);
    rc = exec_op(&d, &in, out, &o);
    if (rc == 0) rc = npy_save(output, d.out_type, d.rank, d.out_sizes, 0, out, d.out_count, NULL);
    free(out);
done:
    npy_free(&in);
    return rc;
}

static int cmd_run(int argc, char **argv) {
    op_args a;
    const char *pos[1], *output = NULL;
    int npos, rc;
    npy_array in;
    opdesc d;
    dmlref_options o;
    char msg[512] = "";
    void *out;
    if (wants_help(argc, argv)) {
        fputs(HELP_RUN, stdout);
        fputs(HELP_OPS, stdout);
        fputs(HELP_RUN_DESC, stdout);
        return 0;
    }
    for (npos = 0; npos < argc; npos++)
        if (strcmp(argv[npos], "--desc") == 0) return cmd_run_desc(argc, argv);
    if ((rc = parse_op_command(argc, argv, &a, pos, 1, &npos, &output)) != 0) return rc;
    if (!output) {
        fail("run: -o OUTPUT.npy is required");
        return 2;
    }
    if ((rc = npy_load(pos[0], &in)) != 0) return rc;
    if ((rc = build_desc(&d, &a, &in, a.index_type)) != 0) {
        npy_free(&in);
        return rc;
    }
    options_from_args(&o, &a, msg, sizeof msg);
    out = xcalloc((size_t)d.out_bytes + 8);
    rc = exec_op(&d, &in, out, &o);
    if (rc == 0) rc = npy_save(output, d.out_type, d.rank, d.out_sizes, 0, out, d.out_count, NULL);
    free(out);
    npy_free(&in);
    return rc;
}

static int cmp_u64(const void *x, const void *y) {
    uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
    return a < b ? -1 : a > b;
}
static int cmp_double(const void *x, const void *y) {
    double a = *(const double *)x, b = *(const double *)y;
    return a < b ? -1 : a > b;
}

static int same_shape(const npy_array *a, const npy_array *b) {
    unsigned k;
    if (a->rank != b->rank) return 0;
    for (k = 0; k < a->rank; k++)
        if (a->shape[k] != b->shape[k]) return 0;
    return 1;
}

static void format_shape(const npy_array *a, char *buf, size_t cap) {
    size_t u = 0;
    unsigned k;
    u += (size_t)snprintf(buf, cap, "(");
    for (k = 0; k < a->rank && u < cap; k++)
        u += (size_t)snprintf(buf + u, cap - u, "%s%lu", k ? ", " : "", (unsigned long)a->shape[k]);
    if (u < cap) snprintf(buf + u, cap - u, ")");
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

static int cmd_compare(int argc, char **argv) {
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
    if ((rc = npy_load(files[0], &e)) != 0) return rc;
    if ((rc = npy_load(files[1], &a)) != 0) {
        npy_free(&e);
        return rc;
    }
    memset(&b, 0, sizeof b);
    if (e.type != a.type) {
        fail("dtype mismatch: %s is %s, %s is %s", files[0], dtype_name(e.type), files[1], dtype_name(a.type));
        rc = 2;
        goto done;
    }
    if (!same_shape(&e, &a)) {
        char s1[128], s2[128];
        format_shape(&e, s1, sizeof s1);
        format_shape(&a, s2, sizeof s2);
        fail("shape mismatch: %s is %s, %s is %s", files[0], s1, files[1], s2);
        rc = 2;
        goto done;
    }
    if (bound_path) {
        if ((rc = npy_load(bound_path, &b)) != 0) goto done;
        if (b.type != DML_TENSOR_DATA_TYPE_FLOAT64 || !same_shape(&b, &e)) {
            fail("%s: the bound must be float64 with the shape of the arrays compared", bound_path);
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

/* check: counts outputs outside reference +- tolerance. */
typedef struct {
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

static int cmd_check(int argc, char **argv) {
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
        fputs(HELP_OPS, stdout);
        return 0;
    }
    if ((rc = parse_op_command(argc, argv, &a, pos, 2, &npos, NULL)) != 0) return rc;
    if (!is_scan(a.op)) {
        fail("check judges cumsum/cumprod; compare arg-reduction outputs with `dmlref compare`");
        return 2;
    }
    if ((rc = npy_load(pos[0], &in)) != 0) return rc;
    if ((rc = npy_load(pos[1], &act)) != 0) {
        npy_free(&in);
        return rc;
    }
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
        fail("%s must have the dtype and shape of %s (%s)", pos[1], pos[0], dtype_name(in.type));
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
    if (a.op == OP_CUMSUM) {
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
            printf("accumulation: %s (ANY bound)\n", acc_names[which]);
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
               acc_names[consistent]);
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

/* Packed row-major little-endian bytes of an array. */
static unsigned char *packed_le(const npy_array *a) {
    unsigned char *p = (unsigned char *)xcalloc(a->count * a->esize);
    size_t k;
    for (k = 0; k < a->count; k++) memcpy(p + k * a->esize, npy_elem(a, k), a->esize);
    if (!host_little_endian()) byteswap_elements(p, a->count, a->esize);
    return p;
}

static int cmd_digest(int argc, char **argv) {
    npy_array a;
    unsigned char *p;
    int rc;
    if (wants_help(argc, argv)) {
        fputs(HELP_DIGEST, stdout);
        return 0;
    }
    if (argc != 1 || (argv[0][0] == '-' && argv[0][1])) {
        fail("digest: expected one FILE.npy");
        return 2;
    }
    if ((rc = npy_load(argv[0], &a)) != 0) return rc;
    p = packed_le(&a);
    printf("%016llx\n", (unsigned long long)XXH3_64bits(p, a.count * a.esize));
    free(p);
    npy_free(&a);
    return 0;
}

typedef struct {
    op_args a;
    double share;
} candidate;

static int cmp_cand(const void *x, const void *y) {
    double a = ((const candidate *)x)->share, b = ((const candidate *)y)->share;
    return a > b ? -1 : a < b;
}

static int cmd_explain(int argc, char **argv) {
    op_args a, t;
    const char *pos[2];
    int npos, rc, tty = isatty(fileno(stderr));
    npy_array in, act;
    opdesc d;
    dmlref_options o;
    char msg[512];
    unsigned char *out = NULL, *want = NULL;
    candidate *cands = NULL;
    size_t ncand = 0, capc = 0, total = 0, done_n = 0, matches = 0, k, n;
    if (wants_help(argc, argv)) {
        fputs(HELP_EXPLAIN, stdout);
        fputs(HELP_OPS, stdout);
        return 0;
    }
    if ((rc = parse_op_command(argc, argv, &a, pos, 2, &npos, NULL)) != 0) return rc;
    if ((rc = npy_load(pos[0], &in)) != 0) return rc;
    if ((rc = npy_load(pos[1], &act)) != 0) {
        npy_free(&in);
        return rc;
    }
    if ((rc = build_desc(&d, &a, &in, act.type)) != 0) goto done;
    if (act.type != d.out_type || act.rank != d.rank || memcmp(act.shape, d.out_sizes, d.rank * sizeof(UINT)) != 0) {
        fail("%s: dtype %s and shape do not match the operator's output (%s, rank %u)", pos[1], dtype_name(act.type),
             dtype_name(d.out_type), d.rank);
        rc = 2;
        goto done;
    }
    n = d.out_count;
    want = packed_le(&act);
    out = (unsigned char *)xcalloc((size_t)d.out_bytes + 8);
    total = is_scan(a.op) ? (size_t)(3 + 3 * 16 * 2) * 3 * 2 : 3 * 2;
    if (is_scan(a.op) && !is_float_type(in.type)) {
        total = 1; /* integer scans have one answer: SEQUENTIAL stands for every order */
        printf("%s is an integer scan: every order, accumulation and seed give the same result\n", pos[0]);
    }
    capc = total;
    cands = (candidate *)xcalloc(capc * sizeof *cands);
    {
        size_t cfg;
        for (cfg = 0; cfg < total; cfg++) {
            size_t same = 0;
            dmlref_status s;
            const void *ins[1];
            void *outs[1];
            t = a;
            if (is_scan(a.op)) {
                size_t ord = cfg / 6, rest = cfg % 6;
                t.accumulation = (int)(rest / 2);
                t.identity_seed = (int)(rest % 2);
                if (ord < 3)
                    t.float_order = ord == 0   ? DMLREF_FLOAT_ORDER_SEQUENTIAL
                                    : ord == 1 ? DMLREF_FLOAT_ORDER_BLOCKED
                                               : DMLREF_FLOAT_ORDER_EXACT;
                else {
                    size_t tr = ord - 3;
                    t.float_order = DMLREF_FLOAT_ORDER_TREE;
                    t.tree.algorithm = (int32_t)(tr / 32);
                    t.tree.block = (uint32_t)2 << ((tr % 32) / 2);
                    t.tree.carry = (int32_t)(tr % 2);
                }
            } else {
                t.nan_policy = (int)(cfg / 2);
                t.last = (int)(cfg % 2);
                if (a.op == OP_ARGMIN)
                    d.amin.AxisDirection = t.last ? DML_AXIS_DIRECTION_DECREASING : DML_AXIS_DIRECTION_INCREASING;
                else d.amax.AxisDirection = t.last ? DML_AXIS_DIRECTION_DECREASING : DML_AXIS_DIRECTION_INCREASING;
            }
            if (tty)
                fprintf(stderr, "\rexplain: %lu/%lu configurations", (unsigned long)++done_n, (unsigned long)total);
            msg[0] = 0;
            options_from_args(&o, &t, msg, sizeof msg);
            ins[0] = in.data;
            outs[0] = out;
            s = dmlref_execute(&d.op, ins, outs, &o);
            if (s != DMLREF_OK) continue; /* e.g. EXACT with a non-default accumulation */
            for (k = 0; k < n; k++)
                if (memcmp(out + k * act.esize, want + k * act.esize, act.esize) == 0) same++;
            cands[ncand].a = t;
            cands[ncand].share = n ? (double)same / (double)n : 1.0;
            ncand++;
        }
    }
    if (tty) fprintf(stderr, "\r%60s\r", "");
    for (k = 0; k < ncand; k++)
        if (cands[k].share == 1.0) {
            char desc[200];
            describe_options(&cands[k].a, a.op, desc, sizeof desc);
            if (!matches) printf("reproduces %s bit for bit:\n", pos[1]);
            printf("  %s\n", desc);
            matches++;
        }
    if (!matches) {
        qsort(cands, ncand, sizeof *cands, cmp_cand);
        printf("no configuration reproduces %s bit for bit; the closest:\n", pos[1]);
        for (k = 0; k < ncand && k < 5; k++) {
            char desc[200];
            describe_options(&cands[k].a, a.op, desc, sizeof desc);
            printf("  %8.4f%% identical  %s\n", 100.0 * cands[k].share, desc);
        }
    } else printf("%lu of %lu configurations reproduce it\n", (unsigned long)matches, (unsigned long)ncand);
    rc = matches ? 0 : 1;
done:
    free(out);
    free(want);
    free(cands);
    npy_free(&in);
    npy_free(&act);
    return rc;
}

/* Hidden, for tests: dmlref _make DTYPE SHAPE VALUE... -o OUT.npy [--fortran] [--big-endian]
   [--npy-version 1|2|3] [--raw-header TEXT] [--repeat]. SHAPE "2,3" or "scalar"; VALUEs in row-major order,
   or with --repeat as many as wanted, repeated to fill SHAPE (large inputs without long command lines)
   (decimal, nan, inf; hex bit patterns 0x... are taken as raw bits). */
static int cmd_make(int argc, char **argv) {
    DML_TENSOR_DATA_TYPE t;
    UINT shape[MAX_RANK + 1];
    unsigned rank = 0;
    int i, fortran = 0, repeat = 0;
    const char *out = NULL;
    npy_write_opts wo;
    const char **vals;
    size_t nv = 0, count = 1, k;
    unsigned char *data, *stored;
    const dtype_info *di;
    memset(&wo, 0, sizeof wo);
    if (argc < 2 || !dtype_from_name(argv[0], &t)) {
        fail("_make: DTYPE SHAPE VALUE... -o OUT.npy");
        return 2;
    }
    di = dtype_of(t);
    if (strcmp(argv[1], "scalar") != 0) {
        const char *p = argv[1];
        while (*p) {
            long v;
            char num[32];
            size_t len = strcspn(p, ",");
            if (len == 0 || len >= sizeof num || rank >= MAX_RANK + 1) {
                fail("_make: bad shape");
                return 2;
            }
            memcpy(num, p, len);
            num[len] = 0;
            if (!parse_long(num, &v) || v < 0) {
                fail("_make: bad shape");
                return 2;
            }
            shape[rank++] = (UINT)v;
            count *= (size_t)v;
            p += len;
            if (*p) p++;
        }
    }
    vals = (const char **)xcalloc((size_t)argc * sizeof *vals);
    for (i = 2; i < argc; i++) {
        if (strcmp(argv[i], "-o") == 0 && i + 1 < argc) out = argv[++i];
        else if (strcmp(argv[i], "--fortran") == 0) fortran = 1;
        else if (strcmp(argv[i], "--big-endian") == 0) wo.big_endian = 1;
        else if (strcmp(argv[i], "--npy-version") == 0 && i + 1 < argc) wo.version = atoi(argv[++i]);
        else if (strcmp(argv[i], "--raw-header") == 0 && i + 1 < argc) wo.raw_header = argv[++i];
        else if (strcmp(argv[i], "--repeat") == 0) repeat = 1;
        else vals[nv++] = argv[i];
    }
    if (!out || (repeat ? nv == 0 : nv != count)) {
        fail("_make: %lu values for %lu elements, or no -o", (unsigned long)nv, (unsigned long)count);
        free(vals);
        return 2;
    }
    data = (unsigned char *)xcalloc(count * di->size + 8);
    for (k = 0; k < count; k++) {
        unsigned char *p = data + k * di->size;
        const char *s = vals[k % nv];
        if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
            uint64_t b = strtoull(s, NULL, 16);
            uint8_t b1 = (uint8_t)b;
            uint16_t b2 = (uint16_t)b;
            uint32_t b4 = (uint32_t)b;
            if (di->size == 1) memcpy(p, &b1, 1);
            else if (di->size == 2) memcpy(p, &b2, 2);
            else if (di->size == 4) memcpy(p, &b4, 4);
            else memcpy(p, &b, 8);
        } else if (di->kind == 'f') {
            double v = strtod(s, NULL);
            if (t == DML_TENSOR_DATA_TYPE_FLOAT16) {
                uint16_t h = dmlref_f32_to_f16((float)v);
                memcpy(p, &h, 2);
            } else if (t == DML_TENSOR_DATA_TYPE_FLOAT32) {
                float f = (float)v;
                memcpy(p, &f, 4);
            } else memcpy(p, &v, 8);
        } else {
            uint64_t b = di->kind == 'i' ? (uint64_t)strtoll(s, NULL, 10) : strtoull(s, NULL, 10);
            uint8_t b1 = (uint8_t)b;
            uint16_t b2 = (uint16_t)b;
            uint32_t b4 = (uint32_t)b;
            if (di->size == 1) memcpy(p, &b1, 1);
            else if (di->size == 2) memcpy(p, &b2, 2);
            else if (di->size == 4) memcpy(p, &b4, 4);
            else memcpy(p, &b, 8);
        }
    }
    stored = data;
    if (fortran && rank > 1) { /* store column-major */
        npy_array tmp;
        memset(&tmp, 0, sizeof tmp);
        tmp.rank = rank;
        memcpy(tmp.shape, shape, rank * sizeof(UINT));
        tmp.fortran = 1;
        tmp.esize = di->size;
        stored = (unsigned char *)xcalloc(count * di->size + 8);
        for (k = 0; k < count; k++)
            memcpy(stored + npy_storage_index(&tmp, k) * di->size, data + k * di->size, di->size);
    }
    i = npy_save(out, t, rank, shape, fortran, stored, count, &wo);
    if (stored != data) free(stored);
    free(data);
    free(vals);
    return i;
}

#ifndef DMLREF_CLI_NO_MAIN
/* The subcommand's exit status; -1 for an unknown one. */
static int run_subcommand(const char *cmd, int argc, char **argv) {
    if (strcmp(cmd, "run") == 0) return cmd_run(argc, argv);
    if (strcmp(cmd, "compare") == 0) return cmd_compare(argc, argv);
    if (strcmp(cmd, "check") == 0) return cmd_check(argc, argv);
    if (strcmp(cmd, "digest") == 0) return cmd_digest(argc, argv);
    if (strcmp(cmd, "explain") == 0) return cmd_explain(argc, argv);
    if (strcmp(cmd, "_make") == 0) return cmd_make(argc, argv);
    return -1;
}

int main(int argc, char **argv) {
    const char *cmd;
    int rc;
    if (argc < 2) {
        fputs(HELP_MAIN, stderr);
        return 2;
    }
    cmd = argv[1];
    if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 || strcmp(cmd, "help") == 0) {
        fputs(HELP_MAIN, stdout);
        return 0;
    }
    if (strcmp(cmd, "--version") == 0) {
        printf("dmlref %d.%d.%d (dml_ref.h %d.%d.%d; library %lu; best ISA %s)\n", DMLREF_VERSION_MAJOR,
               DMLREF_VERSION_MINOR, DMLREF_VERSION_PATCH, DMLREF_VERSION_MAJOR, DMLREF_VERSION_MINOR,
               DMLREF_VERSION_PATCH, (unsigned long)dmlref_version_number(), dmlref_isa_name(dmlref_best_isa()));
        return 0;
    }
    rc = run_subcommand(cmd, argc - 2, argv + 2);
    if (g_pool) thread_pool_destroy(g_pool);
    if (rc < 0) {
        fail("unknown subcommand '%s' (run, compare, check, digest, explain; --help)", cmd);
        return 2;
    }
    return rc;
}
#endif /* DMLREF_CLI_NO_MAIN */
