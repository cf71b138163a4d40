/* tests/fuzz/fuzz_npy.c - libFuzzer target for the command-line tool's .npy reader
   (npy_parse in cli/npy.c, linked with cli/util.c and the library) (make fuzz-npy).

   Every input is a whole .npy file. The reader must either refuse it (status 2,
   no memory kept) or return an array that is consistent with the bytes:
   - rank 1..8, every dimension >= 1, the dtype one of the eleven, its element
     size the dtype's; Fortran order only for rank > 1;
   - count = the product of the shape, and the input ends with exactly
     count x element size bytes of data, which the array holds (byte-swapped or
     not: every element equals the input's element or its byte reversal, the
     same way for all);
   - the buffer has room for the data and 8 spare bytes, every logical element
     maps into the stored ones (npy_storage_index), and DirectML's size of the
     tensor (dmlref_calc_buffer_tensor_size with the array's strides) is nonzero
     and fits the buffer, as the tool relies on when it passes it to the library.
   A failed check prints why and aborts, so libFuzzer saves the input.

   Build and run: make fuzz-npy (FUZZ_SECONDS=60); seeds in tests/fuzz/npy_corpus/,
   dictionary tests/fuzz/npy.dict. Replay one file: build/fuzz/fuzz_npy FILE. */
#include "../../cli/cli.h"
#include "../../cli/npy.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void npy_fuzz_fail(const char *why, const npy_array *a) {
    fprintf(stderr, "\nfuzz_npy: %s (rank %u, esize %u, count %lu, fortran %d)\n", why, a->rank, a->esize,
            (unsigned long)a->count, a->fortran);
    abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    npy_array a;
    unsigned char *buf;
    const unsigned char *tail;
    const dtype_info *di;
    size_t count = 1, bytes, i, j;
    unsigned d;
    int same = 1, swapped = 1;
    UINT strides[MAX_RANK];
    uint64_t tensor_bytes;

    g_quiet = 1;
    /* an exact-size copy, so that ASan sees any read past the end */
    buf = (unsigned char *)malloc(size ? size : 1);
    if (!buf) return 0;
    if (size) memcpy(buf, data, size);
    if (npy_parse(buf, size, "fuzz.npy", &a) != 0) {
        if (a.data != NULL) npy_fuzz_fail("refused, but holds memory", &a);
        free(buf);
        return 0;
    }
    di = dtype_of(a.type);
    if (!di || di->size != a.esize) npy_fuzz_fail("dtype and element size disagree", &a);
    if (a.rank < 1 || a.rank > MAX_RANK) npy_fuzz_fail("rank out of 1..8", &a);
    if (a.fortran && a.rank == 1) npy_fuzz_fail("Fortran order at rank 1", &a);
    for (d = 0; d < a.rank; d++) {
        if (a.shape[d] == 0) npy_fuzz_fail("a dimension of 0", &a);
        if (count > (size_t)-1 / a.shape[d]) npy_fuzz_fail("shape product overflows", &a);
        count *= a.shape[d];
    }
    if (count != a.count) npy_fuzz_fail("count is not the product of the shape", &a);
    if (count > size / a.esize) npy_fuzz_fail("more elements than the input has bytes", &a);
    bytes = count * a.esize;
    if (a.data == NULL || a.capacity < bytes + 8) npy_fuzz_fail("buffer smaller than the data + 8", &a);
    tail = buf + (size - bytes);
    for (i = 0; i < count; i++) {
        const unsigned char *e = a.data + i * a.esize, *t = tail + i * a.esize;
        for (j = 0; j < a.esize; j++) {
            if (e[j] != t[j]) same = 0;
            if (e[j] != t[a.esize - 1 - j]) swapped = 0;
        }
    }
    if (!same && !swapped) npy_fuzz_fail("data are neither the input's bytes nor their byte reversal", &a);
    for (i = 0; i < count; i++) {
        size_t s = npy_storage_index(&a, i);
        if (s >= count) npy_fuzz_fail("a logical index maps outside the stored elements", &a);
        if (i < 4 || i + 4 >= count) (void)elem_bits(npy_elem(&a, i), a.esize);
    }
    tensor_bytes = dmlref_calc_buffer_tensor_size(a.type, a.rank, a.shape, npy_strides(&a, strides));
    if (tensor_bytes == 0 || tensor_bytes > a.capacity)
        npy_fuzz_fail("DirectML's tensor size is 0 or exceeds the buffer", &a);
    npy_free(&a);
    free(buf);
    return 0;
}
