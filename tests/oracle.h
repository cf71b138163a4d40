/* tests/oracle.h - a naive second implementation of the five operators, written
   from the rules in docs/semantics.md alone, for the differential tests in test_random.c.

   It shares nothing with dml_ref.h but the public descriptor types: plain loops
   over N-D indices, its own FLOAT16 conversions, one line or one reduced
   sub-tensor at a time. It trusts the descriptor: validation is not its job. */
#ifndef DMLREF_TEST_ORACLE_H
#define DMLREF_TEST_ORACLE_H

#include <stdint.h>

#include "../dml_ref.h"

/* Compute op's output from input into output (separate buffers: for an
   in-place case pass a copy of the input). float_order is a dmlref_float_order,
   nan_policy a dmlref_nan_policy. Returns 0, or -1 for an operator, function,
   type or layout the oracle does not model (nothing is written then). */
int oracle_run(const DML_OPERATOR_DESC *op, const void *input, void *output, int float_order, int nan_policy);

/* Bytes per element, 0 for a type the operators do not take. */
uint32_t oracle_type_size(DML_TENSOR_DATA_TYPE type);

/* DMLCalcBufferTensorSize as docs/semantics.md words it: (dot(sizes - 1, strides)
   + 1) x element size, rounded up to 4; product of sizes for NULL strides. */
uint64_t oracle_buffer_size(DML_TENSOR_DATA_TYPE type, uint32_t rank, const uint32_t *sizes, const uint32_t *strides);

/* binary16 <-> binary32. The widening is exact (NaN payloads kept); the
   narrowing rounds to nearest even and returns the canonical 0x7E00 for NaN. */
float oracle_f16_to_f32(uint16_t half);
uint16_t oracle_f32_to_f16(float value);

#endif
