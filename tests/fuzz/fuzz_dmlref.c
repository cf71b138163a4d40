/* tests/fuzz/fuzz_dmlref.c - libFuzzer target for dml_ref (make fuzz).

   Every input is decoded by fuzz_check() (tests/fuzz/fuzz_check.c, which also
   describes the byte format) into an operator descriptor, options and buffers,
   run through dmlref_validate, dmlref_execute and dmlref_error_bound (and, for
   small float sums, every float order against the error bounds), and checked. A failed check
   prints the report and the decoded case, then aborts, so libFuzzer saves the
   input as a crash artifact; sanitizer reports abort the same way.

   Build and run: make fuzz (FUZZ_SECONDS=60), make fuzz-smoke. Replaying one
   file: build/fuzz/fuzz_dmlref FILE. DMLREF_FUZZ_DESCRIBE=1 prints every case
   it runs. */
#include "fuzz_check.h"

#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static int describe = -1;
    char report[4096];
    if (describe < 0) describe = getenv("DMLREF_FUZZ_DESCRIBE") != NULL;
    if (describe) fuzz_describe(data, size, stderr);
    if (fuzz_check(data, size, report, sizeof report) != 0) {
        fprintf(stderr, "\nfuzz_dmlref: a check failed\n%s", report);
        fuzz_describe(data, size, stderr);
        abort();
    }
    return 0;
}
