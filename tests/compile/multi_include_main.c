/* tests/compile/multi_include_main.c - declarations only (twice), calling the
   implementation compiled in multi_include_impl.c. */
#include "../../dml_ref.h"
#include "../../dml_ref.h"
#include "multi_include.h"

#include <stdio.h>
#include <string.h>

int main(void) {
    int32_t data[6] = {4, -1, 7, 2, 2, 9}, sums[6];
    static const int32_t expected[6] = {4, 3, 10, 2, 4, 13};
    UINT sizes[2] = {2, 3};
    DML_BUFFER_TENSOR_DESC buf = {DML_TENSOR_DATA_TYPE_INT32, DML_TENSOR_FLAG_NONE, 2, sizes, NULL, 24, 0};
    DML_TENSOR_DESC t = {DML_TENSOR_TYPE_BUFFER, &buf};
    DML_CUMULATIVE_SUMMATION_OPERATOR_DESC cs = {&t, &t, 1, DML_AXIS_DIRECTION_INCREASING, FALSE};
    DML_OPERATOR_DESC op = {DML_OPERATOR_CUMULATIVE_SUMMATION, &cs};
    const void *in[1];
    void *out[1];
    dmlref_status s;
    in[0] = data;
    out[0] = sums;
    s = dmlref_execute(&op, in, out, NULL);
    if (s != DMLREF_OK || memcmp(sums, expected, sizeof sums) != 0) {
        printf("multi_include: FAIL CUMULATIVE_SUMMATION gives %s\n", dmlref_status_name(s));
        return 1;
    }
    if (multi_include_impl_version() != DMLREF_VERSION_NUMBER) {
        printf("multi_include: FAIL version %lu\n", (unsigned long)multi_include_impl_version());
        return 1;
    }
    return 0;
}
