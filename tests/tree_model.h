/* tests/tree_model.h - the scan model of tests/test_tree.c, written from
   docs/semantics.md ("Float orders") alone: SEQUENTIAL, BLOCKED and every TREE,
   each accumulation, the identity seed, exclusive scans; integers modulo 2^bits.
   tests/test_registry.c uses it as the independent oracle of scheduled orders. */
#ifndef DMLREF_TEST_TREE_MODEL_H
#define DMLREF_TEST_TREE_MODEL_H

#include <stddef.h>
#include <stdint.h>

#include "../dml_ref.h"

typedef struct tt_cfg {
    DML_TENSOR_DATA_TYPE type;
    int product;
    int order; /* DMLREF_FLOAT_ORDER_SEQUENTIAL, _BLOCKED or _TREE */
    int algorithm, carry;
    uint32_t block;
    int accumulation, seed;
    int exclusive, decreasing;
} tt_cfg;

/* One line in traversal order: x[0..n-1] input bits, y[0..n-1] output bits. */
void tt_model_line(const tt_cfg *c, const uint64_t *x, size_t n, uint64_t *y);

#endif
