/* cli/cmd_digest.c - `dmlref digest FILE.npy`: XXH3-64 of the array's data, the golden digests'
   definition. */
#include "cli.h"
#include "npy.h"

#include <stdio.h>
#include <stdlib.h>
#include <xxhash.h>

static const char *HELP_DIGEST =
    "usage: dmlref digest FILE.npy\n"
    "Prints XXH3-64 (XXH3_64bits, seed 0; libxxhash) of the array's data as 16 hex digits: the\n"
    "elements in row-major (C) order, each little-endian, packed; the definition of the golden\n"
    "digests of tests/test_golden.c. Fortran order and big-endian files give the digest of the\n"
    "same logical array.\n";

int cmd_digest(int argc, char **argv) {
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
