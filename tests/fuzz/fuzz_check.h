/* tests/fuzz/fuzz_check.h - the checking function shared by the libFuzzer
   target (tests/fuzz/fuzz_dmlref.c) and the corpus replay of the test suite
   (tests/test_fuzz_replay.c, which includes fuzz_check.c).

   fuzz_check() decodes arbitrary bytes into an operator descriptor, options
   and buffers (the byte format is described at the top of fuzz_check.c), runs
   dmlref_validate, dmlref_execute and dmlref_error_bound, and checks every
   promise of docs/semantics.md it can: the status (against an independent
   reading of the validation rules), the error message, untouched outputs on
   failure, no byte written outside the output's (or bound's) elements, an
   unchanged input, the caller's floating-point environment, for small cases
   the oracle's exact bits, and for small float sums every float order's
   outputs against the error bounds (and, for FLOAT16, the exact sums). */
#ifndef DMLREF_FUZZ_CHECK_H
#define DMLREF_FUZZ_CHECK_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Run one case. Returns the number of failed checks (0: every check passed);
   the first failures are described in report, one per line, always
   NUL-terminated (report may be NULL when report_capacity is 0). */
int fuzz_check(const uint8_t *data, size_t size, char *report, size_t report_capacity);

/* Print the decoded case (operator descriptor, tensors, options, buffer
   placement) as readable text: what a bug report quotes. */
void fuzz_describe(const uint8_t *data, size_t size, FILE *out);

/* What fuzz_check has seen since the program started (for the replay test's
   check that the corpus still covers every operator, valid and invalid). */
typedef struct fuzz_check_stats {
    unsigned long cases;          /* fuzz_check calls */
    unsigned long valid;          /* dmlref_validate returned DMLREF_OK */
    unsigned long executed_ok;    /* cases where dmlref_execute returned DMLREF_OK */
    unsigned long oracle_checked; /* ... and the output was compared with oracle_run */
    unsigned long validate_only;  /* buffers over the cap: only dmlref_validate ran */
    unsigned long valid_by_op[6]; /* CUMSUM, CUMPROD, ARGMIN, ARGMAX, REDUCE, other */
    unsigned long invalid_by_op[6];
    unsigned long oracle_by_op[6];    /* compared with oracle_run, per operator */
    unsigned long execute_status[16]; /* dmlref_execute's status (first ISA run) */
    unsigned long bound_calls;        /* cases where dmlref_error_bound ran */
    unsigned long bound_ok;           /* ... and returned DMLREF_OK (first ISA run) */
    unsigned long bound_ok_by_op[6];  /* ... per operator */
    unsigned long bound_status[16];   /* dmlref_error_bound's status (first ISA run) */
    unsigned long bound_specific;     /* it failed with one of its own errors (the case validates) */
    unsigned long orders_checked;     /* small float sums checked in every order against the bounds */
    unsigned long exact_f16_checked;  /* ... FLOAT16 ones, also against the exact sums */
    unsigned long products_checked;   /* small float products checked against the exact products */
    unsigned long model_checked;      /* small float scans compared with semantics.md's model of their orders */
    unsigned long reference_runs;     /* outputs compared with a run of options that must give the same bits */
    unsigned long compare_patched;    /* NAN_COMPARE outputs whose first element is a NaN (expected by the model) */
    unsigned long new_options_ok;     /* executed OK with TREE, NATIVE/WIDE, the seed or NAN_COMPARE */
    unsigned long tree_ok[3];         /* ... float scans in TREE order, per algorithm */
    unsigned long accumulation_ok[3]; /* ... float scans per accumulation */
    unsigned long seed_ok;            /* ... float sums with the identity seed */
    unsigned long compare_ok;         /* ... float arg-reductions with NAN_COMPARE */
    unsigned long parallel_checked;   /* outputs and bounds with options.parallel compared with those without */
    unsigned long parallel_split;     /* cases whose parallel_for was called with task_count > 1 */
    /* REDUCE, by DML_REDUCE_FUNCTION (0 ARGMAX .. 11 SUM_SQUARE) */
    unsigned long reduce_ok[12];        /* executed OK */
    unsigned long reduce_modelled[12];  /* ... and every output compared with semantics.md's model */
    unsigned long reduce_exact;         /* float reductions in EXACT order compared with exact arithmetic */
    unsigned long reduce_pairwise;      /* float reductions in PAIRWISE order compared with the model */
    unsigned long reduce_plain_lse;     /* LOG_SUM_EXP with DMLREF_LOG_SUM_EXP_PLAIN executed and checked */
    unsigned long reduce_lenient_level; /* value functions with a feature_level: a status of the lenient set */
} fuzz_check_stats;

extern fuzz_check_stats fuzz_stats;

#endif
