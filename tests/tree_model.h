/* tests/tree_model.h - the scan model of tests/test_tree.c, written from
   docs/semantics.md ("Float orders") alone: SEQUENTIAL, BLOCKED and every TREE,
   each accumulation, the identity seed, exclusive scans; integers modulo 2^bits.
   TREE schedules with a serial grain, lanes or recursive carries follow the GPU
   stacks' models (tiles padded with the identity, block totals scanned by a
   recursive call), an independent formulation of the same definitions.
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
    uint32_t serial, lanes; /* TREE: elements per lane's run (0: 1), lanes per tile (0: one tile per block) */
    int run_seed;           /* TREE: every lane's run starts from the identity */
} tt_cfg;

/* One line in traversal order: x[0..n-1] input bits, y[0..n-1] output bits. */
void tt_model_line(const tt_cfg *c, const uint64_t *x, size_t n, uint64_t *y);

#endif
