/* cli/npy.c - .npy reading and writing, the dtype table and element access (cli/npy.h). */
#define _POSIX_C_SOURCE 200809L /* getpid */
#include "npy.h"
#include "cli.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const dtype_info g_dtypes[] = {
    {'f', 2, DML_TENSOR_DATA_TYPE_FLOAT16}, {'f', 4, DML_TENSOR_DATA_TYPE_FLOAT32},
    {'f', 8, DML_TENSOR_DATA_TYPE_FLOAT64}, {'i', 1, DML_TENSOR_DATA_TYPE_INT8},
    {'i', 2, DML_TENSOR_DATA_TYPE_INT16},   {'i', 4, DML_TENSOR_DATA_TYPE_INT32},
    {'i', 8, DML_TENSOR_DATA_TYPE_INT64},   {'u', 1, DML_TENSOR_DATA_TYPE_UINT8},
    {'u', 2, DML_TENSOR_DATA_TYPE_UINT16},  {'u', 4, DML_TENSOR_DATA_TYPE_UINT32},
    {'u', 8, DML_TENSOR_DATA_TYPE_UINT64},
};
#define N_DTYPES (sizeof g_dtypes / sizeof g_dtypes[0])

const dtype_info *dtype_at(size_t i) { return i < N_DTYPES ? &g_dtypes[i] : NULL; }

const dtype_info *dtype_of(DML_TENSOR_DATA_TYPE t) {
    size_t i;
    for (i = 0; i < N_DTYPES; i++)
        if (g_dtypes[i].type == t) return &g_dtypes[i];
    return NULL;
}

int is_float_type(DML_TENSOR_DATA_TYPE t) {
    return t == DML_TENSOR_DATA_TYPE_FLOAT16 || t == DML_TENSOR_DATA_TYPE_FLOAT32 || t == DML_TENSOR_DATA_TYPE_FLOAT64;
}

const char *dtype_name(DML_TENSOR_DATA_TYPE t) {
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

int dtype_from_name(const char *s, DML_TENSOR_DATA_TYPE *t) {
    size_t i;
    for (i = 0; i < N_DTYPES; i++)
        if (strcmp(s, dtype_name(g_dtypes[i].type)) == 0) {
            *t = g_dtypes[i].type;
            return 1;
        }
    return 0;
}

int host_little_endian(void) {
    const uint16_t one = 1;
    unsigned char c;
    memcpy(&c, &one, 1);
    return c == 1;
}

void byteswap_elements(unsigned char *p, size_t count, unsigned size) {
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
void npy_free(npy_array *a) {
    free(a->data);
    a->data = NULL;
}

size_t npy_storage_index(const npy_array *a, size_t flat) {
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

const unsigned char *npy_elem(const npy_array *a, size_t flat) {
    return a->data + npy_storage_index(a, flat) * a->esize;
}

int same_squeezed(unsigned rank_a, const UINT *a, unsigned rank_b, const UINT *b) {
    unsigned i = 0, j = 0;
    for (;;) {
        while (i < rank_a && a[i] == 1) i++;
        while (j < rank_b && b[j] == 1) j++;
        if (i == rank_a || j == rank_b) return i == rank_a && j == rank_b;
        if (a[i++] != b[j++]) return 0;
    }
}

void format_shape(unsigned rank, const UINT *shape, char *buf, size_t cap) {
    size_t u = 0;
    unsigned k;
    u += (size_t)snprintf(buf, cap, "(");
    for (k = 0; k < rank && u < cap; k++)
        u += (size_t)snprintf(buf + u, cap - u, "%s%lu", k ? ", " : "", (unsigned long)shape[k]);
    if (u < cap) snprintf(buf + u, cap - u, ")");
}

const UINT *npy_strides(const npy_array *a, UINT *strides) {
    unsigned d;
    UINT mul = 1;
    if (!a->fortran) return NULL;
    for (d = 0; d < a->rank; d++) {
        strides[d] = mul;
        mul *= a->shape[d];
    }
    return strides;
}

int same_shape(const npy_array *a, const npy_array *b) {
    unsigned k;
    if (a->rank != b->rank) return 0;
    for (k = 0; k < a->rank; k++)
        if (a->shape[k] != b->shape[k]) return 0;
    return 1;
}

unsigned char *packed_le(const npy_array *a) {
    unsigned char *p = (unsigned char *)xcalloc(a->count * a->esize);
    size_t k;
    for (k = 0; k < a->count; k++) memcpy(p + k * a->esize, npy_elem(a, k), a->esize);
    if (!host_little_endian()) byteswap_elements(p, a->count, a->esize);
    return p;
}

void format_index(const npy_array *a, size_t flat, char *buf, size_t cap) {
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

int npy_parse(const unsigned char *buf, size_t size, const char *path, npy_array *a) {
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

int npy_load(const char *path, npy_array *a) {
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

int npy_load_pair(const char *path_a, npy_array *a, const char *path_b, npy_array *b) {
    int rc = npy_load(path_a, a);
    if (rc != 0) return rc;
    if ((rc = npy_load(path_b, b)) != 0) npy_free(a);
    return rc;
}

/* The temporary file being written: SIGINT, SIGTERM (and SIGHUP) remove it before the process ends, so that
   an interrupted command leaves no OUT.npy.tmpPID behind. */
static char g_tmp_path[4096];
static volatile sig_atomic_t g_tmp_live;
static void remove_tmp_and_die(int sig) {
    if (g_tmp_live) unlink(g_tmp_path); /* async-signal-safe */
    signal(sig, SIG_DFL);
    raise(sig);
}
#ifdef SIGHUP
static const int g_tmp_signals[] = {SIGINT, SIGTERM, SIGHUP};
#else
static const int g_tmp_signals[] = {SIGINT, SIGTERM};
#endif
#define N_TMP_SIGNALS (sizeof g_tmp_signals / sizeof g_tmp_signals[0])
static void (*g_tmp_saved[N_TMP_SIGNALS])(int);
static void guard_tmp(int on) {
    size_t k;
    g_tmp_live = on;
    for (k = 0; k < N_TMP_SIGNALS; k++) {
        if (on) g_tmp_saved[k] = signal(g_tmp_signals[k], remove_tmp_and_die);
        else if (g_tmp_saved[k] != SIG_ERR) signal(g_tmp_signals[k], g_tmp_saved[k]);
    }
}

int npy_save(const char *path, DML_TENSOR_DATA_TYPE type, unsigned rank, const UINT *shape, int fortran,
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
    memcpy(g_tmp_path, tmp, sizeof g_tmp_path);
    guard_tmp(1);
    f = fopen(tmp, "wb");
    if (!f) {
        guard_tmp(0);
        fail("%s: cannot create: %s", tmp, strerror(errno));
        free(bytes);
        return 2;
    }
    if (fwrite(bytes, 1, total, f) != total || fclose(f) != 0) {
        fail("%s: write error", tmp);
        remove(tmp);
        guard_tmp(0);
        free(bytes);
        return 2;
    }
    free(bytes);
    if (getenv("DMLREF_CLI_TEST_INTERRUPT")) raise(SIGINT); /* cli/test_cli.sh: an interrupt while writing */
    if (rename(tmp, path) != 0) {
        fail("%s: cannot rename to %s: %s", tmp, path, strerror(errno));
        remove(tmp);
        guard_tmp(0);
        return 2;
    }
    guard_tmp(0);
    return 0;
}

/* --- element access ------------------------------------------------------ */

uint64_t elem_bits(const unsigned char *p, unsigned size) {
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

double elem_double(DML_TENSOR_DATA_TYPE t, const unsigned char *p) {
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

int float_is_nan(DML_TENSOR_DATA_TYPE t, uint64_t b) {
    switch (t) {
    case DML_TENSOR_DATA_TYPE_FLOAT16: return (b & 0x7C00u) == 0x7C00u && (b & 0x3FFu) != 0;
    case DML_TENSOR_DATA_TYPE_FLOAT32: return (b & 0x7F800000u) == 0x7F800000u && (b & 0x7FFFFFu) != 0;
    default: return (b & 0x7FF0000000000000ull) == 0x7FF0000000000000ull && (b & 0xFFFFFFFFFFFFFull) != 0;
    }
}
int float_is_inf(DML_TENSOR_DATA_TYPE t, uint64_t b) {
    switch (t) {
    case DML_TENSOR_DATA_TYPE_FLOAT16: return (b & 0x7FFFu) == 0x7C00u;
    case DML_TENSOR_DATA_TYPE_FLOAT32: return (b & 0x7FFFFFFFu) == 0x7F800000u;
    default: return (b & 0x7FFFFFFFFFFFFFFFull) == 0x7FF0000000000000ull;
    }
}

/* Ordered integer key: consecutive floats differ by 1, across the sign change (-0 and +0 are 1 apart). */
uint64_t float_key(unsigned size, uint64_t b) {
    uint64_t sign = (uint64_t)1 << (size * 8 - 1);
    uint64_t mask = size == 8 ? ~(uint64_t)0 : (((uint64_t)1 << (size * 8)) - 1);
    return (b & sign) ? (~b & mask) : (b | sign);
}

/* |a - b| in the integer type's value, saturated to 2^64-1. */
uint64_t int_distance(DML_TENSOR_DATA_TYPE t, const unsigned char *a, const unsigned char *b) {
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
