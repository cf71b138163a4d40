/* cli/cmd_make.c - the hidden `dmlref _make` subcommand: cli/test_cli.sh writes its inputs with it. */
#include "cli.h"
#include "npy.h"

#include <stdlib.h>
#include <string.h>

/* The low `size` bytes of b, in native order. */
static void store_bits(unsigned char *p, unsigned size, uint64_t b) {
    uint8_t b1 = (uint8_t)b;
    uint16_t b2 = (uint16_t)b;
    uint32_t b4 = (uint32_t)b;
    if (size == 1) memcpy(p, &b1, 1);
    else if (size == 2) memcpy(p, &b2, 2);
    else if (size == 4) memcpy(p, &b4, 4);
    else memcpy(p, &b, 8);
}

/* Hidden, for tests: dmlref _make DTYPE SHAPE VALUE... -o OUT.npy [--fortran] [--big-endian]
   [--npy-version 1|2|3] [--raw-header TEXT] [--repeat]. SHAPE "2,3" or "scalar"; VALUEs in row-major order,
   or with --repeat as many as wanted, repeated to fill SHAPE (large inputs without long command lines)
   (decimal, nan, inf; hex bit patterns 0x... are taken as raw bits). */
int cmd_make(int argc, char **argv) {
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
        if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) store_bits(p, di->size, strtoull(s, NULL, 16));
        else if (di->kind == 'f') {
            double v = strtod(s, NULL);
            if (t == DML_TENSOR_DATA_TYPE_FLOAT16) {
                uint16_t h = dmlref_f32_to_f16((float)v);
                memcpy(p, &h, 2);
            } else if (t == DML_TENSOR_DATA_TYPE_FLOAT32) {
                float f = (float)v;
                memcpy(p, &f, 4);
            } else memcpy(p, &v, 8);
        } else store_bits(p, di->size, di->kind == 'i' ? (uint64_t)strtoll(s, NULL, 10) : strtoull(s, NULL, 10));
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
