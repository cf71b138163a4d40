/* tests/compile/static_b.c - the second TU of the DML_REF_STATIC test (see
   static_a.c): its own private implementation, and main. */
#define DML_REF_STATIC
#define DML_REF_IMPLEMENTATION
#include "../../dml_ref.h"

#include "static_ab.h"

#include <stdio.h>

int main(void) {
    uint16_t data[3] = {0x3C00u, 0x4000u, 0x4200u}, products[3]; /* FLOAT16 1, 2, 3 */
    UINT sizes[1] = {3};
    DML_BUFFER_TENSOR_DESC buf = {DML_TENSOR_DATA_TYPE_FLOAT16, DML_TENSOR_FLAG_NONE, 1, sizes, NULL, 8, 0};
    DML_TENSOR_DESC t = {DML_TENSOR_TYPE_BUFFER, &buf};
    DML_CUMULATIVE_PRODUCT_OPERATOR_DESC cp = {&t, &t, 0, DML_AXIS_DIRECTION_INCREASING, FALSE};
    DML_OPERATOR_DESC op = {DML_OPERATOR_CUMULATIVE_PRODUCT, &cp};
    const void *in[1];
    void *out[1];
    dmlref_status s;
    int a;
    in[0] = data;
    out[0] = products;
    s = dmlref_execute(&op, in, out, NULL);
    if (s != DMLREF_OK || products[0] != 0x3C00u || products[1] != 0x4000u || products[2] != 0x4600u) {
        printf("static: FAIL CUMULATIVE_PRODUCT in static_b.c gives %s\n", dmlref_status_name(s));
        return 1;
    }
    a = static_a_argmax();
    if (a != 1) {
        printf("static: FAIL ARGMAX in static_a.c gives %d, expected 1\n", a);
        return 1;
    }
    return 0;
}
