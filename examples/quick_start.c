/* examples/quick_start.c - the example of README.md and of dml_ref.h's
   opening comment: a running sum of four floats, and an error message.
   Build and run: make examples && ./build/examples/quick_start */
#define DML_REF_IMPLEMENTATION
#include "../dml_ref.h"

#include <stdio.h>
#include <string.h>

int main(void) {
    float data[4] = {2, 1, 3, 5}, sums[4];
    UINT sizes[1] = {4};
    DML_BUFFER_TENSOR_DESC buf = {DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_FLAG_NONE, 1, sizes, NULL, 16, 0};
    DML_TENSOR_DESC t = {DML_TENSOR_TYPE_BUFFER, &buf};
    DML_CUMULATIVE_SUMMATION_OPERATOR_DESC cs = {&t, &t, 0, DML_AXIS_DIRECTION_INCREASING, FALSE};
    DML_OPERATOR_DESC op = {DML_OPERATOR_CUMULATIVE_SUMMATION, &cs};
    const void *in[1] = {data};
    void *out[1] = {sums};
    char message[256];
    dmlref_options options;
    memset(&options, 0, sizeof options); /* every default */
    options.error_message = message;
    options.error_message_capacity = sizeof message;
    if (dmlref_execute(&op, in, out, &options) != DMLREF_OK) {
        puts(message);
        return 1;
    }
    printf("running sum of {2, 1, 3, 5}: {%g, %g, %g, %g}\n", sums[0], sums[1], sums[2], sums[3]);

    /* A bad descriptor: the status says what, the message says where. */
    cs.Axis = 1;
    printf("with Axis 1: %s: %s\n", dmlref_status_name(dmlref_execute(&op, in, out, &options)), message);
    return 0;
}
