/* tests/suites.h - every test file registers its cases through one function. */
#ifndef DMLREF_TEST_SUITES_H
#define DMLREF_TEST_SUITES_H

/* Suites are registered in tests/main.c, in this order. A suite file that is
   not linked in yet is simply absent from the list there. */
void register_example_tests(void);     /* test_examples.c: documented examples */
void register_invalid_tests(void);     /* test_invalid.c: bad descriptors and arguments */
void register_random_tests(void);      /* test_random.c: differential tests against tests/oracle.c */
void register_conformance_tests(void); /* test_conformance.c: ONNX and WPT cases */
void register_golden_tests(void);      /* test_golden.c: XXH3 digests of a fixed corpus */
void register_large_tests(void);       /* test_large.c: outputs big enough for streaming stores */
void register_fuzz_replay_tests(void); /* test_fuzz_replay.c: the fuzzer corpus, tests/fuzz/corpus/ */
void register_fpenv_tests(void);       /* test_fpenv.c: the caller's rounding/FTZ/flags neither matter nor change */
void register_bigfloat_tests(void);    /* test_bigfloat.c: the exact-arithmetic oracle checks itself */
void register_exact_tests(void);       /* test_exact.c: EXACT sums and dmlref_error_bound against exact arithmetic */
void register_tree_tests(void);  /* test_tree.c: TREE order, accumulation, identity_seed, NAN_COMPARE against a model */
void register_peer_tests(void);  /* test_peers.c: docs/reproducing.md's claims against models of the peers' kernels */
void register_alloc_tests(void); /* test_alloc.c: the TREE work buffer through DMLREF_MALLOC */
void register_thread_tests(void);   /* test_threads.c: options.parallel gives the bits of one thread */
void register_registry_tests(void); /* test_registry.c: every operator table row has its oracle, bound and names */
void register_stack_tests(void);    /* test_stacks.c: torch.compile, JAX/XLA and CuPy outputs reproduced */
void register_reverse_tests(void);  /* test_reverse.c: DECREASING contiguous lines through the SIMD stage */
void register_reduce_tests(void);   /* test_reduce.c: REDUCE's value functions against tests/reduce_model.c */

#endif
