/* tests/main.c - entry point of the test binary: registers every suite, runs. */
#include "runner.h"
#include "suites.h"

int main(int argc, char **argv) {
    register_example_tests();
    register_invalid_tests();
    register_random_tests();
    register_conformance_tests();
    register_golden_tests();
    register_large_tests();
    register_fuzz_replay_tests();
    register_fpenv_tests();
    register_bigfloat_tests();
    register_exact_tests();
    register_tree_tests();
    register_peer_tests();
    register_alloc_tests();
    register_thread_tests();
    register_registry_tests();
    register_stack_tests();
    register_reverse_tests();
    register_reduce_tests();
    return tr_main(argc, argv);
}
