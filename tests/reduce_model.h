/* tests/reduce_model.h - a naive model of DML_OPERATOR_REDUCE's value functions (SUM,
   AVERAGE, L1, L2, SUM_SQUARE, LOG_SUM, LOG_SUM_EXP, MULTIPLY, MIN, MAX), written from
   docs/semantics.md alone ("Reductions", "Float orders", "Accumulation and seed", "Exact
   sums", "NaN"), never from dml_ref.h's implementation, for tests/test_reduce.c.

   One output at a time: the sequence of its reduced sub-tensor in row-major order of the
   reduced axes (increasing dimension order), mapped, combined and finished step by step in
   the compute type T, each step one IEEE operation: float32 and float64 by C arithmetic,
   binary16 as the exact (or, for / and sqrt, innocuously double-rounded) double result
   rounded once by this file's own rounding. BLOCKED and TREE orders are the last output of
   tests/tree_model.h's scan model run on the mapped values in T; PAIRWISE is NumPy's
   pairwise_sum as the contract words it; EXACT sums the exact mapped values with
   tests/bigfloat.h and rounds once (quotient and square root included). exp and log are
   the library's public dmlref_exp_* / dmlref_log_* (checked exhaustively elsewhere);
   FLOAT16 widening and float32 narrowing are tests/oracle.h's. Integers wrap modulo
   2^bits. Every NaN output is the canonical quiet NaN. Plain C99, also C++11/17. */
#ifndef DMLREF_TEST_REDUCE_MODEL_H
#define DMLREF_TEST_REDUCE_MODEL_H

#include <stddef.h>
#include <stdint.h>

#include "../dml_ref.h"

typedef struct rm_cfg {
    int function;              /* a DML_REDUCE_FUNCTION other than ARGMIN / ARGMAX */
    DML_TENSOR_DATA_TYPE type; /* input and output type */
    int float_order;           /* SEQUENTIAL, PAIRWISE, BLOCKED, TREE or EXACT */
    int accumulation;          /* dmlref_accumulation */
    int seed;                  /* options.identity_seed */
    int nan_policy;            /* MIN / MAX */
    int log_sum_exp;           /* dmlref_log_sum_exp */
    dmlref_scan_tree tree;     /* the schedule of TREE */
} rm_cfg;

/* The output bits of one sequence x[0..n-1] (element bits, n >= 1). */
uint64_t rm_reduce_sequence(const rm_cfg *c, const uint64_t *x, size_t n);

/* The whole operator: input element (i0..) at input + dot(i, in_strides) x size, output
   at output + dot(i, out_strides) x size (strides in elements; the output's reduced axes
   have index 0). Writes only the output's elements. Returns 0 when out of memory. */
int rm_reduce_tensor(const rm_cfg *c, uint32_t rank, const uint32_t *sizes, const uint64_t *in_strides,
                     const uint64_t *out_strides, uint32_t axis_count, const uint32_t *axes, const void *input,
                     void *output);

/* Helpers the suite shares: a double rounded once to binary16 (nearest even; NaN: 0x7E00),
   the canonical NaN of a float type, and 1 when the function takes float_order on floats. */
uint16_t rm_double_to_half(double v);
uint64_t rm_canonical_nan(DML_TENSOR_DATA_TYPE type);
int rm_order_allowed(int function, int float_order, int accumulation);

#endif
