/* tests/install/consumer/consumer.c - a program built against an installed dml_ref
   (make test-install): through pkg-config and through CMake's find_package(dml_ref).
   Prints the cumulative sum of {2, 1, 3, 5} and exits 0 when it is {2, 3, 6, 11}.
   C99, and C++ (test-install compiles it both ways). */
#define DML_REF_IMPLEMENTATION
#include <dml_ref.h>

#include <stdio.h>
#include <string.h>

int main(void) {
    float data[4] = {2, 1, 3, 5}, sums[4] = {0, 0, 0, 0};
    const float want[4] = {2, 3, 6, 11};
    UINT sizes[1] = {4};
    DML_BUFFER_TENSOR_DESC buf = {DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_FLAG_NONE, 1, sizes, NULL, 16, 0};
    DML_TENSOR_DESC t = {DML_TENSOR_TYPE_BUFFER, &buf};
    DML_CUMULATIVE_SUMMATION_OPERATOR_DESC cs = {&t, &t, 0, DML_AXIS_DIRECTION_INCREASING, FALSE};
    DML_OPERATOR_DESC op = {DML_OPERATOR_CUMULATIVE_SUMMATION, &cs};
    const void *in[1] = {data};
    void *out[1] = {sums};
    char message[256];
    dmlref_options options;
    int i;
    memset(&options, 0, sizeof options);
    options.error_message = message;
    options.error_message_capacity = sizeof message;
    if (dmlref_execute(&op, in, out, &options) != DMLREF_OK) {
        printf("consumer: %s\n", message);
        return 1;
    }
    printf("consumer: dml_ref %d.%d.%d cumsum:", DMLREF_VERSION_MAJOR, DMLREF_VERSION_MINOR, DMLREF_VERSION_PATCH);
    for (i = 0; i < 4; i++) printf(" %g", (double)sums[i]);
    printf("\n");
    for (i = 0; i < 4; i++)
        if (sums[i] != want[i]) return 1;
    return 0;
}
