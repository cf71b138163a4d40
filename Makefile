# dml_ref - build, test and demo. `make help` lists the targets and variables: it prints the
# `## ` comments of this file (a `## ` line or block directly above a target or a variable).
## the C compiler (the suite, the examples, the CLI)
CC      ?= cc
## the C++ compiler (the C++ smoke test, test-compile, test-cxx)
CXX     ?= c++
## optimisation flags of every build
OPT     ?= -O2
## the build directory
BUILD   ?= build
## extra flags for every compile (e.g. ISA forcing, sanitizers)
EXTRA   ?=
# Language of the test sources: empty (C), or '-x c++' for test-cxx (CC is then a C++ compiler).
TEST_LANG ?=
## a command the test binaries run under (e.g. qemu-aarch64)
RUN_ENV ?=
## 'filter ...': run only the suite's cases whose names contain a filter
TESTS   ?=

# Builds use every core unless make is given -j (the objects are independent).
ifeq ($(filter -j%,$(MAKEFLAGS)),)
MAKEFLAGS += -j$(shell nproc 2>/dev/null || echo 1)
endif

# Warnings are errors. The header itself gets the stricter set below (conversions, shadowing, alignment, VLAs).
WARN_C    = -std=c99 -Wall -Wextra -Wpedantic -Werror
WARN_HDR  = $(WARN_C) -Wconversion -Wsign-conversion -Wshadow -Wcast-align \
            -Wstrict-prototypes -Wundef -Wvla
WARN_CXX  = -std=c++11 -Wall -Wextra -Wpedantic -Werror -Wconversion -Wsign-conversion \
            -Wshadow -Wcast-align -Wundef -Wvla
CFLAGS_ALL   = $(OPT) -g $(EXTRA)
XXH_CFLAGS  := $(shell pkg-config --cflags libxxhash 2>/dev/null)
XXH_LIBS    := $(shell pkg-config --libs libxxhash 2>/dev/null || echo -lxxhash)

TEST_SRC  = $(filter-out tests/dml_ref_impl.c,$(wildcard tests/*.c))
# The suite reads its JSON data with the CLI's parser (cli/json.c).
TEST_OBJ  = $(patsubst tests/%.c,$(BUILD)/tests/%.o,$(TEST_SRC)) $(BUILD)/tests/dml_ref_impl.o $(BUILD)/cli/json.o
TEST_BIN  = $(BUILD)/dmlref_tests
CXX_BIN   = $(BUILD)/dmlref_cxx_smoke
# examples/threads_openmp.c is built only when $(CC) compiles and links an OpenMP program with -fopenmp
# (probed once per make run); OPENMP_FLAG is then -fopenmp, else empty.
OPENMP_FLAG := $(shell printf '\043include <omp.h>\nint main(void) { return omp_get_max_threads() < 1; }\n' | \
                 $(CC) -fopenmp $(EXTRA) -x c - -o /dev/null 2>/dev/null && echo -fopenmp)
OPENMP_NOTE  = note: $(CC) does not accept -fopenmp, examples/threads_openmp.c is not built (for clang: libomp-dev)
EXAMPLES  = $(patsubst examples/%.c,$(BUILD)/examples/%,$(filter-out $(if $(OPENMP_FLAG),,examples/threads_openmp.c),\
                                                                     $(wildcard examples/*.c)))
# The thread examples make test runs (tests/run_tools.sh), linked to the suite's implementation object
# (DMLREF_EXAMPLE_LINKED): compiling the implementation again is most of a sanitizer cell's build.
THREAD_EXAMPLES = $(BUILD)/tests/threads_pthread $(if $(OPENMP_FLAG),$(BUILD)/tests/threads_openmp)
CLI_BIN   = $(BUILD)/dmlref

.PHONY: FORCE all test demo examples help clean golden check-elementary test-elementary bench bench-quick test-all test-scalar test-sse2 test-avx2 \
        test-avx512 test-neon test-nosimd test-clang test-sanitize test-sanitize-clang test-asan test-ubsan test-c11 test-compile test-mingw test-cxx valgrind \
        fuzz fuzz-smoke fuzz-seeds fuzz-merge cli test-cli python test-python

## build the suite, the C++ smoke test, the examples and the CLI (the default)
all: $(TEST_BIN) $(CXX_BIN) $(EXAMPLES) $(CLI_BIN)
	$(if $(OPENMP_FLAG),,@echo '$(OPENMP_NOTE)')

## this list: the targets and the variables documented with `## ` comments in the Makefile
help:
	@awk -v build='$(BUILD)' -v cxx='$(CXX)' ' \
	    function expand(t) { gsub(/\$$\(BUILD\)/, build, t); gsub(/\$$\(CXX\)/, cxx, t); return t } \
	    BEGIN { print "make TARGET [VARIABLE=value ...]; targets:" } \
	    /^## / { doc[++n] = expand(substr($$0, 4)); next } \
	    n && /^[A-Za-z0-9_.-]+:([^=]|$$)/ { name = $$0; sub(/:.*/, "", name); \
	        for (i = 1; i <= n; i++) printf "  %-16s %s\n", i == 1 ? name : "", doc[i] } \
	    n && /^[A-Z_]+ *[?:]?=/ { name = $$0; sub(/ *[?:]?=.*/, "", name); \
	        for (i = 1; i <= n; i++) vars = vars sprintf("  %-16s %s\n", i == 1 ? name : "", doc[i]) } \
	    { n = 0 } \
	    END { printf "variables:\n%s", vars }' $(MAKEFILE_LIST)

# The header and every C/C++ source follow .clang-format: the recipe lists each line over 120 columns and,
# when clang-format is installed, every change it would make; it fails on either.
FORMAT_SRC = dml_ref.h $(wildcard tests/*.c tests/*.h tests/fuzz/*.c tests/fuzz/*.h tests/cxx/*.cpp \
             tests/compile/*.c tests/compile/*.cpp tests/compile/*.h tests/install/consumer/*.c examples/*.c \
             examples/*.h) \
             $(wildcard cli/*.c cli/*.h) bench/bench.c python/dml_ref_shared.c
.PHONY: check-format
## check that dml_ref.h and the C/C++ sources follow .clang-format (120 columns; clang-format if installed)
check-format:
	@awk 'length > 120 { printf "%s:%d: %d characters\n", FILENAME, FNR, length; n++ } \
	     END { if (n) { printf "check-format: %d line(s) longer than 120 characters\n", n; exit 1 } \
	           print "check-format: every line fits in 120 characters" }' $(FORMAT_SRC)
	@if command -v clang-format >/dev/null 2>&1; then \
	    clang-format --dry-run -Werror $(FORMAT_SRC) && echo "check-format: clang-format has nothing to change"; \
	else echo "check-format: clang-format not installed, layout not checked (Debian: clang-format)"; fi

# Objects depend on the flags they were built with: changing CC, OPT or EXTRA rebuilds.
FLAGS_STAMP = $(BUILD)/.flags
FLAGS_NOW   = $(CC) $(TEST_LANG) $(CXX) $(CFLAGS_ALL) $(XXH_CFLAGS) $(XXH_LIBS)
$(FLAGS_STAMP): FORCE
	@mkdir -p $(BUILD)
	@echo '$(FLAGS_NOW)' | cmp -s - $@ || echo '$(FLAGS_NOW)' > $@
FORCE:

$(BUILD)/tests/dml_ref_impl.o: tests/dml_ref_impl.c dml_ref.h $(FLAGS_STAMP)
	@mkdir -p $(dir $@)
	$(CC) $(TEST_LANG) $(WARN_HDR) $(CFLAGS_ALL) -c $< -o $@

$(BUILD)/tests/%.o: tests/%.c dml_ref.h $(wildcard tests/*.h) cli/json.h $(FLAGS_STAMP)
	@mkdir -p $(dir $@)
	@printf '#include <xxhash.h>\n' | $(CC) $(TEST_LANG) $(CFLAGS_ALL) $(XXH_CFLAGS) -E -x c - >/dev/null 2>&1 || \
	    { echo "xxhash.h not found: the tests need libxxhash-dev and pkg-config (Debian, Ubuntu), xxhash (Homebrew)"; \
	      exit 1; }
	$(CC) $(TEST_LANG) $(WARN_C) $(CFLAGS_ALL) $(XXH_CFLAGS) -c $< -o $@

# tests/test_threads.c runs a pthread pool.
$(TEST_BIN): $(TEST_OBJ)
	$(CC) $(CFLAGS_ALL) $^ -o $@ $(XXH_LIBS) -lm -pthread

$(CXX_BIN): tests/cxx/cxx_smoke.cpp dml_ref.h $(FLAGS_STAMP)
	@mkdir -p $(dir $@)
	$(CXX) $(WARN_CXX) $(CFLAGS_ALL) $< -o $@

$(BUILD)/examples/%: examples/%.c dml_ref.h $(FLAGS_STAMP)
	@mkdir -p $(dir $@)
	$(CC) $(TEST_LANG) $(WARN_C) $(CFLAGS_ALL) $(EXAMPLE_FLAGS) $< -o $@ -lm

# The thread examples share their job (examples/threads_job.h) and need their threading library's flag.
$(BUILD)/examples/threads_pthread $(BUILD)/examples/threads_openmp: examples/threads_job.h
$(BUILD)/examples/threads_pthread: examples/thread_pool.h
$(BUILD)/examples/threads_pthread: EXAMPLE_FLAGS = -pthread
$(BUILD)/examples/threads_openmp: EXAMPLE_FLAGS = $(OPENMP_FLAG)

$(BUILD)/tests/threads_%: examples/threads_%.c examples/threads_job.h examples/thread_pool.h $(BUILD)/tests/dml_ref_impl.o
	@mkdir -p $(dir $@)
	$(CC) $(TEST_LANG) $(WARN_C) $(CFLAGS_ALL) -DDMLREF_EXAMPLE_LINKED $(if $(findstring openmp,$*),$(OPENMP_FLAG),-pthread) \
	    $< -x none $(BUILD)/tests/dml_ref_impl.o -o $@ -lm

## build every program in examples/ (and the CLI); threads_openmp only where -fopenmp works
examples: $(EXAMPLES) $(CLI_BIN)
	$(if $(OPENMP_FLAG),,@echo '$(OPENMP_NOTE)')

# The command-line tool (cli/README.md): every cli/*.c, linked with the suite's implementation object
# (built with the same flags); libxxhash for `dmlref digest`, pthreads for --threads
# (examples/thread_pool.h). TEST_LANG: cli/json.o is the suite's JSON parser too.
CLI_OBJ = $(patsubst cli/%.c,$(BUILD)/cli/%.o,$(wildcard cli/*.c))
$(BUILD)/cli/%.o: cli/%.c $(wildcard cli/*.h) examples/thread_pool.h dml_ref.h $(FLAGS_STAMP)
	@mkdir -p $(dir $@)
	$(CC) $(TEST_LANG) $(WARN_C) $(CFLAGS_ALL) $(XXH_CFLAGS) -pthread -c $< -o $@
$(CLI_BIN): $(CLI_OBJ) $(BUILD)/tests/dml_ref_impl.o
	$(CC) $(CFLAGS_ALL) -pthread $^ -o $@ $(XXH_LIBS) -lm

## build the command-line tool $(BUILD)/dmlref (cli/README.md)
cli: $(CLI_BIN)

# Its tests need no Python: the CLI writes its own inputs (a hidden `_make` subcommand).
# CLI_TEST_COMPILERS: the extra builds the script checks (empty to skip them).
CLI_TEST_COMPILERS ?= clang g++
## build the CLI and run its tests (cli/test_cli.sh; also builds it with clang and as C++)
test-cli: $(CLI_BIN)
	@CLI_TEST_COMPILERS='$(CLI_TEST_COMPILERS)' XXH_CFLAGS='$(XXH_CFLAGS)' XXH_LIBS='$(XXH_LIBS)' \
	    sh cli/test_cli.sh $(CLI_BIN) $(BUILD)/cli-test

# The Python binding (python/README.md): the implementation as a shared library for ctypes, with the
# process-wide thread pool of the module's threads= (examples/thread_pool.h).
PY_LIB = $(BUILD)/libdml_ref.so
PYTHON ?= /usr/bin/python3
$(PY_LIB): python/dml_ref_shared.c examples/thread_pool.h dml_ref.h $(FLAGS_STAMP)
	@mkdir -p $(dir $@)
	$(CC) $(WARN_HDR) $(CFLAGS_ALL) -fPIC -shared -pthread $< -o $@

## build the shared library $(BUILD)/libdml_ref.so for python/dml_ref.py (python/README.md)
python: $(PY_LIB)

# Its tests need NumPy (Debian: python3-numpy); they end with "N passed, N failed".
## build it and the CLI, and run python/test_dml_ref.py (/usr/bin/python3 with NumPy)
test-python: $(PY_LIB) $(CLI_BIN)
	@DMLREF_LIBRARY=$(abspath $(PY_LIB)) DMLREF_CLI=$(abspath $(CLI_BIN)) $(PYTHON) -B python/test_dml_ref.py

## build and run examples/doc_examples.c (every documented example)
demo: $(BUILD)/examples/doc_examples
	$(RUN_ENV) ./$(BUILD)/examples/doc_examples

# `make test` also runs the tool tests (tests/run_tools.sh) beside the suite, on the other core:
# the CLI's tests (built with the same flags, run under RUN_ENV), the thread examples on a small size
# (built with the same flags, run under RUN_ENV), and in the plain build (no EXTRA, RUN_ENV or
# TEST_LANG) the Python module's and the install test. Their output prints first, so the suite's
# "N passed, N failed" stays the last line. A TESTS filter or TEST_CLI= leaves them out.
## empty: make test leaves the tool tests (CLI, thread examples, Python, install) out
TEST_CLI ?= yes
TEST_CLI_ON = $(if $(TEST_CLI),$(if $(TESTS),,yes))
TEST_TOOLS_ALL = $(if $(TEST_CLI_ON),$(if $(strip $(EXTRA)$(RUN_ENV)$(TEST_LANG)),,yes))
## cases make test leaves out (the suite's -x). The matrix runs large/ (streaming stores on tensors
## over 32 MiB, on every path the CPU has) in the cells of each compiler and ABI (test, clang, mingw)
## and the sanitizers'; NEON writes no streaming store and the C++ builds compile test's kernels.
SUITE_SKIP ?=
## empty: make test leaves out the C++ smoke test (the implementation compiled as C++ once more)
TEST_CXX ?= yes
## build the test suite (C and C++) and run it, with the tool tests beside it (TEST_CLI= leaves them out)
test: $(TEST_BIN) $(if $(TEST_CXX),$(CXX_BIN)) $(if $(TEST_CLI_ON),$(CLI_BIN) $(THREAD_EXAMPLES)) \
      $(if $(TEST_TOOLS_ALL),$(PY_LIB))
	$(if $(TEST_CXX),@$(RUN_ENV) ./$(CXX_BIN))
	@tools=0; $(if $(TEST_CLI_ON),CLI_BIN=$(abspath $(CLI_BIN)) BUILD='$(BUILD)' RUN_ENV='$(RUN_ENV)' \
	    TOOLS=$(if $(TEST_TOOLS_ALL),all,cli) PYTHON='$(PYTHON)' PY_LIB=$(abspath $(PY_LIB)) MAKE='$(MAKE)' \
	    CC='$(CC)' CXX='$(CXX)' THREAD_EXAMPLES='$(THREAD_EXAMPLES)' OPENMP_NOTE='$(OPENMP_NOTE)' \
	    sh tests/run_tools.sh > $(BUILD)/tools.log 2>&1 & pid=$$!;) \
	$(RUN_ENV) ./$(TEST_BIN) $(foreach x,$(SUITE_SKIP),-x $(x)) $(TESTS) > $(BUILD)/suite.log 2>&1; suite=$$?; \
	$(if $(TEST_CLI_ON),wait $$pid || tools=1; cat $(BUILD)/tools.log;) cat $(BUILD)/suite.log; \
	[ $$suite -eq 0 ] && exit $$tools

# The library's exp and log against MPFR (tests/elementary/check_elementary.c; x86-64: its oracle is
# x87 long double, with MPFR deciding near midpoints; Debian: libmpfr-dev).
ELEM_BIN = $(BUILD)/elementary/check_elementary
$(ELEM_BIN): tests/elementary/check_elementary.c dml_ref.h
	@mkdir -p $(dir $@)
	$(CC) -O2 -pthread tests/elementary/check_elementary.c -o $@ -lmpfr -lgmp -lm
## every binary16 and binary32 input of exp and log, and 10^7 random binary64 ones, against MPFR
## (about 10 min with 2 free cores for binary32, 9 min for binary64; docs/elementary-functions.md)
check-elementary: $(ELEM_BIN)
	./$(ELEM_BIN) --f16 --f32 --f64-random 10000000
## the CI sample of check-elementary (about 1 min): every binary16 input, 2^26 binary32 patterns in four
## ranges (subnormals, [0.5, 2), exp's overflow and underflow binades), 10^5 binary64 inputs
test-elementary: $(ELEM_BIN)
	./$(ELEM_BIN) --f16 --f64-random 100000
	./$(ELEM_BIN) --f32 --from 0x00000000 --to 0x00FFFFFF
	./$(ELEM_BIN) --f32 --from 0x3F000000 --to 0x3FFFFFFF
	./$(ELEM_BIN) --f32 --from 0x42800000 --to 0x42FFFFFF
	./$(ELEM_BIN) --f32 --from 0xC2800000 --to 0xC2FFFFFF

# Golden digests (tests/test_golden.c): recompute and replace the file.
## regenerate tests/golden/digests_v1.txt (after an intended change of results)
golden: $(TEST_BIN)
	@mkdir -p tests/golden
	DMLREF_WRITE_GOLDEN=tests/golden/digests_v1.txt $(RUN_ENV) ./$(TEST_BIN) golden/write

## remove $(BUILD)/
clean:
	rm -rf $(BUILD) $(WINE_PREFIX)

# Benchmarks (bench/README.md). BENCH_ARGS: --isa=NAME --quick --filter=TEXT --markdown
## bench options: --isa=NAME --quick --filter=TEXT --markdown
BENCH_ARGS  ?=
BENCH_MARCH ?= -march=native

$(BUILD)/bench: bench/bench.c examples/thread_pool.h dml_ref.h
	@mkdir -p $(dir $@)
	$(CC) -std=c99 -O2 $(BENCH_MARCH) -Wall -Wextra -Wpedantic -Werror -pthread $(EXTRA) $< -o $@ -lm

## build bench/bench.c (-O2 -march=native) and run it; BENCH_ARGS='--markdown ...'
bench: $(BUILD)/bench
	$(RUN_ENV) ./$(BUILD)/bench $(BENCH_ARGS)

## the benchmark on small sizes only (a smoke test, seconds)
bench-quick: $(BUILD)/bench
	$(RUN_ENV) ./$(BUILD)/bench --quick $(BENCH_ARGS)

# It runs the module as a user does, on the shared library `make python` builds; NUMPY_BENCH_ARGS: --quick.
NUMPY_BENCH_ARGS ?=
.PHONY: bench-numpy
## bench/numpy_argmin.py: argmin/argmax through the Python module vs NumPy (1 Mi in cache, 64 Mi), cumprod vs PyTorch
bench-numpy: $(PY_LIB)
	@DMLREF_LIBRARY=$(abspath $(PY_LIB)) $(PYTHON) -B bench/numpy_argmin.py $(NUMPY_BENCH_ARGS)

# The matrix: the suite per configuration, each in its own build directory so that flags never mix.
# The plain build (test) runs every path the CPU has at run time, so the builds that only change which
# paths are compiled (DMLREF_VECTOR, DMLREF_NO_SIMD) and the C11 build run PATH_TESTS, without the tool
# tests: every documented example, validation rule, golden digest and registry row, and every kernel on
# random tensors.
PATH_TESTS = examples/ invalid/ registry/ golden/ random/
## matrix cell: DMLREF_VECTOR forces the scalar path (AUTO uses it), build/scalar
test-scalar:
	$(MAKE) test BUILD=build/scalar EXTRA='-DDMLREF_VECTOR=DMLREF_SCALAR' TESTS='$(PATH_TESTS)' TEST_CXX=
## matrix cell: DMLREF_VECTOR forces the SSE2 path (AUTO uses it), build/sse2
test-sse2:
	$(MAKE) test BUILD=build/sse2 EXTRA='-DDMLREF_VECTOR=DMLREF_SSE2' TESTS='$(PATH_TESTS)' TEST_CXX=
## matrix cell: DMLREF_VECTOR forces the AVX2 path (AUTO uses it), build/avx2
test-avx2:
	$(MAKE) test BUILD=build/avx2 EXTRA='-DDMLREF_VECTOR=DMLREF_AVX2' TESTS='$(PATH_TESTS)' TEST_CXX=
## matrix cell: DMLREF_VECTOR forces the AVX-512 path (AUTO uses it), build/avx512
test-avx512:
	@grep -q avx512bw /proc/cpuinfo || echo "note: this CPU has no AVX-512; the AVX-512 build runs its scalar fallback"
	$(MAKE) test BUILD=build/avx512 EXTRA='-DDMLREF_VECTOR=DMLREF_AVX512' TESTS='$(PATH_TESTS)' TEST_CXX=
## matrix cell: DMLREF_NO_SIMD
test-nosimd:
	$(MAKE) test BUILD=build/nosimd EXTRA='-DDMLREF_NO_SIMD' TESTS='$(PATH_TESTS)' TEST_CXX=
## matrix cell: the suite built with clang
test-clang:
	$(MAKE) test BUILD=build/clang CC=clang CXX=clang++
SAN_FLAGS = -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
## matrix cell: AddressSanitizer and UndefinedBehaviorSanitizer together (gcc), -O1
test-sanitize:
	$(MAKE) test BUILD=build/sanitize OPT=-O1 EXTRA='$(SAN_FLAGS)' TEST_CXX=
## matrix cell: the same with clang
test-sanitize-clang:
	$(MAKE) test BUILD=build/sanitize-clang CC=clang CXX=clang++ OPT=-O1 EXTRA='$(SAN_FLAGS)' TEST_CXX=
## AddressSanitizer alone (gcc)
test-asan:
	$(MAKE) test BUILD=build/asan OPT=-O1 EXTRA='-fsanitize=address -fno-omit-frame-pointer'
## UndefinedBehaviorSanitizer alone (gcc)
test-ubsan:
	$(MAKE) test BUILD=build/ubsan OPT=-O1 EXTRA='-fsanitize=undefined -fno-sanitize-recover=all' SUITE_SKIP=large/
# The suite, header included, as C11 instead of C99.
## matrix cell: the header and PATH_TESTS as C11
test-c11:
	$(MAKE) test BUILD=build/c11 WARN_C='-std=c11 -Wall -Wextra -Wpedantic -Werror' TESTS='$(PATH_TESTS)' TEST_CXX=
# The cross build uses xxhash.h header-only (XXH_INLINE_ALL) and
# finds the host's copy through a private include directory.
## matrix cell: AArch64 build (aarch64-linux-gnu-gcc) run under qemu-aarch64
test-neon:
	@mkdir -p build/neon/include && ln -sf /usr/include/xxhash.h build/neon/include/xxhash.h
	$(MAKE) test BUILD=build/neon CC=aarch64-linux-gnu-gcc CXX=aarch64-linux-gnu-g++ \
	    EXTRA='-static -Ibuild/neon/include' XXH_CFLAGS=-DXXH_INLINE_ALL XXH_LIBS= RUN_ENV=qemu-aarch64 \
	    SUITE_SKIP=large/
# The whole suite as C++: every tests/*.c compiled with -x c++ (the implementation
# TU with the header's strict C++ warning set), linked and run, once per standard.
TEST_WARN_CXX = -Wall -Wextra -Wpedantic -Werror
## matrix cell: the whole suite compiled as C++11 and as C++17 ($(CXX) -x c++)
## in $(BUILD)/cxx11, $(BUILD)/cxx17
test-cxx:
	$(MAKE) test BUILD=$(BUILD)/cxx11 CC='$(CXX)' TEST_LANG='-x c++' SUITE_SKIP=large/ \
	    WARN_C='-std=c++11 $(TEST_WARN_CXX)' WARN_HDR='$(WARN_CXX)'
	$(MAKE) test BUILD=$(BUILD)/cxx17 CC='$(CXX)' TEST_LANG='-x c++' SUITE_SKIP=large/ \
	    WARN_C='-std=c++17 $(TEST_WARN_CXX)' WARN_HDR='$(TC_CXX17)'

# Memory errors and leaks: a -O1 -g build (default DMLREF_VECTOR: every path the
# CPU and valgrind support, which excludes AVX-512) runs the cases in VG_TESTS: every
# suite but bigfloat/ (the test oracle checking itself) and large/, of which four cases run (streaming
# stores with a tail: a contiguous integer scan, BLOCKED exclusive, SEQUENTIAL rows in
# padded lines, BLOCKED along axis 0 through the L1 stage of the AVX2 and SSE2 paths;
# each large/ case takes 10-20 s there), one fpenv/ case of four, and neither bound/
# nor the golden bound digests (valgrind ignores the SSE rounding mode, which error
# bounds set to upward, and FTZ/DAZ); of threads/, the scheduler and the split checks
# (the pthread pool under memcheck). TESTS overrides VG_TESTS.
VALGRIND ?= valgrind
## the case filters valgrind runs (TESTS overrides them)
VG_TESTS ?= examples/ invalid/ onnx/ wpt/ numpy/ conformance/ random/ fuzz/ exact/ tree/ peers/ reverse/ reduce/ \
            golden/corpus golden/cumsum golden/cumprod golden/argmin golden/argmax golden/reduce golden/exact \
            golden/accumulation golden/tree-cumsum golden/tree-cumprod golden/nan-compare \
            large/cumsum-uint64 large/cumsum-float64-blocked-exclusive large/cumsum-float32-rows-padded \
            large/cumsum-float32-blocked-axis0-padded \
            fpenv/caller-env-restored threads/scheduler threads/split
## cases of VG_TESTS valgrind leaves out: the random TREE schedules and the stored GPU lines (AddressSanitizer's
## cells run them; 70 of valgrind's 520 CPU s)
VG_SKIP ?= tree/stacks/ peers/gpu/
## matrix cell: a subset of the suite (VG_TESTS) under valgrind --leak-check=full,
## -O1 -g, build/valgrind
valgrind:
	@command -v $(firstword $(VALGRIND)) >/dev/null || { echo "valgrind: $(firstword $(VALGRIND)) not found (Debian: valgrind)"; exit 1; }
	$(MAKE) test BUILD=build/valgrind OPT=-O1 TESTS='$(or $(TESTS),$(VG_TESTS))' SUITE_SKIP='$(VG_SKIP)' \
	    RUN_ENV='$(VALGRIND) -q --error-exitcode=1 --leak-check=full'

# Every cell runs even when one fails (.ci/test-all.sh); the last line counts cells. The cells run
# JOBS at a time (default: the CPUs), longest first; cells joined by '+' share build/ and run in turn.
## the cells test-all runs
MATRIX ?= valgrind test-sanitize test-sanitize-clang test-cxx test-neon test-compile test-clang \
          test+test-cli+test-python+test-install test-mingw test-c11 test-avx2 test-sse2 test-avx512 test-scalar \
          test-nosimd fuzz-smoke test-elementary
## the matrix (MATRIX), each cell in its own build directory; every cell runs even when
## one fails, logs go to build/matrix/CELL.log, a table and 'N passed, N failed' (cells)
## end it (.ci/test-all.sh). MATRIX='test-cxx valgrind' runs only those cells; JOBS=1 one at a time.
## First installs the Debian packages the cells need when run as root, else names the missing ones
## and stops (.ci/deps.sh; DEPS=no skips that check)
test-all:
	@bash .ci/deps.sh
	@MAKE='$(MAKE)' bash .ci/test-all.sh $(MATRIX)

# Compile-only and special-configuration checks (tests/compile/), one line each:
# C11 / C++11 / C++17 / DMLREF_NO_SIMD builds of a small API program, the header
# included twice per TU, DML_REF_STATIC in two TUs, and C++ with DirectML.h's
# own types (tests/compile/DirectML.h, a stand-in) linked to the C implementation.
TC_DIR   = $(BUILD)/compile
TC_C11   = $(subst -std=c99,-std=c11,$(WARN_HDR))
TC_CXX17 = $(subst -std=c++11,-std=c++17,$(WARN_CXX))
# -O1 keeps the dozen implementation builds quick (the suite itself builds at $(OPT)).
TC_OPT  ?= -O1
TC_FLAGS = $(TC_OPT) $(EXTRA)
# $(call tc_check,NAME,COMMANDS): run COMMANDS; print "NAME ok", or their output and "NAME FAIL".
tc_check = if out=$$( { $(2); } 2>&1 ); then printf '  %-72s ok\n' '$(1)'; \
           else printf '%s\n' "$$out"; printf '  %-72s FAIL\n' '$(1)'; fail=$$((fail + 1)); fi;

## matrix cell: C11/C++11/C++17/NO_SIMD builds, multi-include, DML_REF_STATIC,
## DirectML.h's types
test-compile:
	@mkdir -p $(TC_DIR); fail=0; \
	$(call tc_check,C11: api_program.c (implementation included$(if $(OPENMP_FLAG),; -fopenmp)),\
	    $(CC) $(TC_C11) $(TC_FLAGS) $(OPENMP_FLAG) tests/compile/api_program.c -o $(TC_DIR)/api_c11 && \
	    $(RUN_ENV) ./$(TC_DIR)/api_c11) \
	$(call tc_check,README Threads example: the same lines as in api_program.c,\
	    awk '/^\*\*On your threads/ {on = 1} on && /^```$$/ {exit} on && copy {print} on && /^```c$$/ {copy = 1}' \
	        README.md > $(TC_DIR)/readme_threads.c && n=$$(wc -l < $(TC_DIR)/readme_threads.c) && [ $$n -gt 0 ] && \
	    start=$$(grep -n -m1 '^static void omp_for' tests/compile/api_program.c | cut -d: -f1) && \
	    tail -n +$$start tests/compile/api_program.c | head -n $$n | diff - $(TC_DIR)/readme_threads.c) \
	$(call tc_check,C++11: api_program.c compiled as C++,\
	    $(CXX) -x c++ $(WARN_CXX) $(TC_FLAGS) tests/compile/api_program.c -o $(TC_DIR)/api_cxx11 && \
	    $(RUN_ENV) ./$(TC_DIR)/api_cxx11) \
	$(call tc_check,C++17: api_program.c compiled as C++,\
	    $(CXX) -x c++ $(TC_CXX17) $(TC_FLAGS) tests/compile/api_program.c -o $(TC_DIR)/api_cxx17 && \
	    $(RUN_ENV) ./$(TC_DIR)/api_cxx17) \
	$(call tc_check,C99 -DDMLREF_NO_SIMD: api_program.c,\
	    $(CC) $(WARN_HDR) $(TC_FLAGS) -DDMLREF_NO_SIMD tests/compile/api_program.c -o $(TC_DIR)/api_nosimd && \
	    $(RUN_ENV) ./$(TC_DIR)/api_nosimd) \
	$(call tc_check,multi-include: header twice per TU; implementation TU + user TU linked,\
	    $(CC) $(WARN_HDR) $(TC_FLAGS) -c tests/compile/multi_include_impl.c -o $(TC_DIR)/multi_impl.o && \
	    $(CC) $(WARN_HDR) $(TC_FLAGS) -c tests/compile/multi_include_main.c -o $(TC_DIR)/multi_main.o && \
	    $(CC) $(TC_FLAGS) $(TC_DIR)/multi_impl.o $(TC_DIR)/multi_main.o -o $(TC_DIR)/multi_include && \
	    $(RUN_ENV) ./$(TC_DIR)/multi_include) \
	$(call tc_check,DML_REF_STATIC: two TUs with private implementations linked,\
	    $(CC) $(WARN_HDR) -Wno-unused-function $(TC_FLAGS) -c tests/compile/static_a.c -o $(TC_DIR)/static_a.o && \
	    $(CC) $(WARN_HDR) -Wno-unused-function $(TC_FLAGS) -c tests/compile/static_b.c -o $(TC_DIR)/static_b.o && \
	    $(CC) $(TC_FLAGS) $(TC_DIR)/static_a.o $(TC_DIR)/static_b.o -o $(TC_DIR)/static && \
	    $(RUN_ENV) ./$(TC_DIR)/static) \
	$(call tc_check,DML_REF_STATIC: API functions a TU does not call give no warning,\
	    $(CC) $(WARN_HDR) -O0 $(EXTRA) -c tests/compile/static_a.c -o $(TC_DIR)/static_a_w.o && \
	    $(CC) $(WARN_HDR) -O0 $(EXTRA) -c tests/compile/static_b.c -o $(TC_DIR)/static_b_w.o) \
	$(call tc_check,DirectML.h first (C++11): Microsoft types + C implementation,\
	    $(CC) $(WARN_HDR) $(TC_FLAGS) -c tests/dml_ref_impl.c -o $(TC_DIR)/impl_c.o && \
	    $(CXX) $(WARN_CXX) $(TC_FLAGS) -c tests/compile/directml_types.cpp -o $(TC_DIR)/directml_types.o && \
	    $(CXX) $(TC_FLAGS) $(TC_DIR)/directml_types.o $(TC_DIR)/impl_c.o -o $(TC_DIR)/directml_c && \
	    $(RUN_ENV) ./$(TC_DIR)/directml_c) \
	$(call tc_check,DirectML.h first (C++17): implementation compiled as C++ after it,\
	    $(CXX) $(TC_CXX17) $(TC_FLAGS) -c tests/compile/directml_impl.cpp -o $(TC_DIR)/directml_impl.o && \
	    $(CXX) $(TC_CXX17) $(TC_FLAGS) -c tests/compile/directml_types.cpp -o $(TC_DIR)/directml_types17.o && \
	    $(CXX) $(TC_FLAGS) $(TC_DIR)/directml_types17.o $(TC_DIR)/directml_impl.o -o $(TC_DIR)/directml_cxx && \
	    $(RUN_ENV) ./$(TC_DIR)/directml_cxx) \
	$(call tc_check,DirectML.h with DML_TARGET_VERSION 0x1000: declarations only,\
	    $(CXX) $(WARN_CXX) $(TC_FLAGS) -DDML_TARGET_VERSION=0x1000 tests/compile/directml_old_target.cpp \
	        $(TC_DIR)/impl_c.o -o $(TC_DIR)/directml_old && $(RUN_ENV) ./$(TC_DIR)/directml_old) \
	$(call tc_check,renamed header: DMLREF_HEADER_FILENAME names the copy the kernels re-include,\
	    mkdir -p $(TC_DIR)/renamed && cp dml_ref.h $(TC_DIR)/renamed/my_dml_ref.h && \
	    sed 's|"../../dml_ref.h"|"my_dml_ref.h"|' tests/compile/api_program.c > $(TC_DIR)/renamed/api.c && \
	    $(CC) $(TC_C11) $(TC_FLAGS) '-DDMLREF_HEADER_FILENAME="my_dml_ref.h"' $(TC_DIR)/renamed/api.c \
	        -o $(TC_DIR)/api_renamed && $(RUN_ENV) ./$(TC_DIR)/api_renamed) \
	if [ $$fail -eq 0 ]; then echo "test-compile: every check passed"; \
	else echo "test-compile: $$fail check(s) failed"; exit 1; fi

# Windows: the suite cross-compiled with mingw-w64 (static, so no DLLs to find)
# and run under wine when there is one (a private prefix in /tmp, no display
# needed); without wine the cross-compile alone is the check. xxhash.h is used
# header-only, as for test-neon.
MINGW_PREFIX ?= x86_64-w64-mingw32-
WINE         ?= $(firstword $(shell command -v wine64 wine 2>/dev/null) $(wildcard /usr/lib/wine/wine64))
WINE_PREFIX  ?= /tmp/dmlref-wine-$(shell id -u)
WINE_RUN      = env WINEPREFIX=$(WINE_PREFIX) WINEDEBUG=-all $(WINE)
MINGW_VARS    = BUILD=build/mingw CC=$(MINGW_PREFIX)gcc CXX=$(MINGW_PREFIX)g++ \
                TEST_BIN=build/mingw/dmlref_tests.exe CXX_BIN=build/mingw/dmlref_cxx_smoke.exe \
                EXTRA='-static -Ibuild/mingw/include' XXH_CFLAGS=-DXXH_INLINE_ALL XXH_LIBS= TEST_CLI=
## matrix cell: x86_64-w64-mingw32 cross build of the suite, run under wine when present
test-mingw:
	@command -v $(MINGW_PREFIX)gcc >/dev/null || { echo "test-mingw: $(MINGW_PREFIX)gcc not found (Debian: mingw-w64)"; exit 1; }
	@mkdir -p build/mingw/include && ln -sf /usr/include/xxhash.h build/mingw/include/xxhash.h
ifeq ($(WINE),)
	$(MAKE) build/mingw/dmlref_tests.exe build/mingw/dmlref_cxx_smoke.exe $(MINGW_VARS)
	@echo "note: no wine here (Debian: wine64): test-mingw cross-compiled the suite but did not run it"
else
	$(MAKE) test $(MINGW_VARS) RUN_ENV='$(WINE_RUN)'
endif

# Fuzzing (tests/fuzz/): fuzz_check.c decodes bytes into a case and checks it;
# fuzz_dmlref.c is the libFuzzer target, test_fuzz_replay.c replays the corpus
# in `make test`. The library and the checker are coverage-instrumented, the
# oracle and the exact arithmetic of tests/bigfloat.c are not (their branches would only add noise
# to libFuzzer's feedback).
# The fuzz build lowers DMLREF_STREAM_BYTES so the streaming-store kernels
# run on buffers that fit the harness's 4 MiB cap.
FUZZ_CC      ?= clang
## how long make fuzz and fuzz-npy run
FUZZ_SECONDS ?= 60
FUZZ_ARGS    ?=
FUZZ_DIR      = $(BUILD)/fuzz
FUZZ_BIN      = $(FUZZ_DIR)/fuzz_dmlref
FUZZ_CORPUS   = tests/fuzz/corpus
FUZZ_CFLAGS   = -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all \
                -DDMLREF_STREAM_BYTES=4096u
FUZZ_RUN      = -timeout=30 -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix=$(FUZZ_DIR)/artifacts/

$(BUILD)/tests/test_fuzz_replay.o: tests/fuzz/fuzz_check.c tests/fuzz/fuzz_check.h tests/sched.h tests/bigfloat.h

$(FUZZ_DIR)/dml_ref_impl.o: tests/dml_ref_impl.c dml_ref.h
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(WARN_HDR) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link -c $< -o $@
$(FUZZ_DIR)/fuzz_check.o: tests/fuzz/fuzz_check.c tests/fuzz/fuzz_check.h tests/oracle.h tests/sched.h \
                          tests/bigfloat.h dml_ref.h
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(WARN_C) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link -c $< -o $@
$(FUZZ_DIR)/oracle.o: tests/oracle.c tests/oracle.h dml_ref.h
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(WARN_C) $(FUZZ_CFLAGS) -c $< -o $@
$(FUZZ_DIR)/bigfloat.o: tests/bigfloat.c tests/bigfloat.h
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(WARN_C) $(FUZZ_CFLAGS) -c $< -o $@
$(FUZZ_BIN): tests/fuzz/fuzz_dmlref.c $(FUZZ_DIR)/fuzz_check.o $(FUZZ_DIR)/oracle.o $(FUZZ_DIR)/bigfloat.o \
             $(FUZZ_DIR)/dml_ref_impl.o
	$(FUZZ_CC) $(WARN_C) $(FUZZ_CFLAGS) -fsanitize=fuzzer $^ -o $@ -lm

## build the libFuzzer target (clang, ASan+UBSan) into $(BUILD)/fuzz/ and run it
## FUZZ_SECONDS (default 60) on tests/fuzz/corpus/; new inputs go to $(BUILD)/fuzz/corpus/
fuzz: $(FUZZ_BIN)
	@mkdir -p $(FUZZ_DIR)/corpus $(FUZZ_DIR)/artifacts
	./$(FUZZ_BIN) -max_total_time=$(FUZZ_SECONDS) $(FUZZ_RUN) $(FUZZ_ARGS) $(FUZZ_DIR)/corpus $(FUZZ_CORPUS)

## the same for 45 seconds (under 2 minutes with the build)
fuzz-smoke:
	$(MAKE) fuzz FUZZ_SECONDS=45

# -use_counters=0: keep an input only for an edge no stored input reaches (counting hit
# counts too kept 11,942 of the 12,067-input corpus; edges alone, 1,509 for all 8,753 edges,
# one of them equal to a seed).
## add the inputs of $(BUILD)/fuzz/corpus/ that reach new edges to tests/fuzz/corpus/
fuzz-merge: $(FUZZ_BIN)
	./$(FUZZ_BIN) -merge=1 -use_counters=0 $(FUZZ_RUN) $(FUZZ_CORPUS) $(FUZZ_DIR)/corpus

$(FUZZ_DIR)/fuzz_seeds: tests/fuzz/fuzz_seeds.c
	@mkdir -p $(dir $@)
	$(CC) $(WARN_C) -O1 $< -o $@

## regenerate the seed files tests/fuzz/corpus/seed-* (tests/fuzz/fuzz_seeds.c)
fuzz-seeds: $(FUZZ_DIR)/fuzz_seeds
	./$(FUZZ_DIR)/fuzz_seeds $(FUZZ_CORPUS)

# The CLI's .npy reader (tests/fuzz/fuzz_npy.c, linked with cli/npy.c and its cli/util.c): arbitrary
# bytes as a .npy file; refused, or an array consistent with them. Seeds: tests/fuzz/npy_corpus/
# (NumPy-written files of tests/data/npy/, the malformed ones among them); new inputs go to
# $(FUZZ_DIR)/npy-corpus/. FUZZ_SECONDS as for `make fuzz`.
FUZZ_NPY_BIN    = $(FUZZ_DIR)/fuzz_npy
FUZZ_NPY_CORPUS = tests/fuzz/npy_corpus
.PHONY: fuzz-npy
$(FUZZ_DIR)/cli/%.o: cli/%.c cli/npy.h cli/cli.h dml_ref.h
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(WARN_C) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link -c $< -o $@
$(FUZZ_NPY_BIN): tests/fuzz/fuzz_npy.c $(FUZZ_DIR)/cli/npy.o $(FUZZ_DIR)/cli/util.o $(FUZZ_DIR)/dml_ref_impl.o
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(WARN_C) $(FUZZ_CFLAGS) -fsanitize=fuzzer $^ -o $@ -lm
## fuzz the CLI's .npy reader (tests/fuzz/fuzz_npy.c) for FUZZ_SECONDS
fuzz-npy: $(FUZZ_NPY_BIN)
	@mkdir -p $(FUZZ_DIR)/npy-corpus $(FUZZ_DIR)/artifacts
	./$(FUZZ_NPY_BIN) -max_total_time=$(FUZZ_SECONDS) $(FUZZ_RUN) -dict=tests/fuzz/npy.dict $(FUZZ_ARGS) \
	    $(FUZZ_DIR)/npy-corpus $(FUZZ_NPY_CORPUS)

# Installation (docs/installing.md): the header, the CLI, pkg-config and CMake files, and the
# Python module with its shared library when `make python` has built them: the library as
# PREFIX/lib/libdml_ref.so, the module as PREFIX/lib/dml_ref/dml_ref.py and its dml_ref_capi.py
# (PYTHONPATH=PREFIX/lib/dml_ref) beside a symbolic link libdml_ref.so -> ../libdml_ref.so, which the module's search finds. Header-only: the .pc
# and the CMake target carry only the include directory (and -lm). LIBDIR is PREFIX/lib and the
# header goes to PREFIX/include (the CMake files find the prefix from their own place).
# `make uninstall` (same PREFIX and DESTDIR) removes exactly those files, and the directories of
# dml_ref's own (lib/cmake/dml_ref, lib/dml_ref) when they are left empty.
## where make install puts the files (with DESTDIR before it)
PREFIX  ?= /usr/local
## a staging directory for make install
DESTDIR ?=
VERSION_MAJOR := $(shell sed -n 's/^\#define DMLREF_VERSION_MAJOR \([0-9]*\).*/\1/p' dml_ref.h)
VERSION_MINOR := $(shell sed -n 's/^\#define DMLREF_VERSION_MINOR \([0-9]*\).*/\1/p' dml_ref.h)
VERSION_PATCH := $(shell sed -n 's/^\#define DMLREF_VERSION_PATCH \([0-9]*\).*/\1/p' dml_ref.h)
VERSION        = $(VERSION_MAJOR).$(VERSION_MINOR).$(VERSION_PATCH)
I_PREFIX = $(DESTDIR)$(PREFIX)
I_SUBST  = sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@VERSION@|$(VERSION)|g' \
               -e 's|@VERSION_MAJOR@|$(VERSION_MAJOR)|g' -e 's|@VERSION_MINOR@|$(VERSION_MINOR)|g'
PY_SO    = $(BUILD)/libdml_ref.so
PY_MOD   = python/dml_ref.py python/dml_ref_capi.py
# Every file install may write, relative to $(DESTDIR)$(PREFIX).
INSTALLED = include/dml_ref.h bin/dmlref lib/pkgconfig/dml_ref.pc lib/cmake/dml_ref/dml_refConfig.cmake \
            lib/cmake/dml_ref/dml_refConfigVersion.cmake lib/libdml_ref.so lib/dml_ref/dml_ref.py \
            lib/dml_ref/dml_ref_capi.py lib/dml_ref/libdml_ref.so

.PHONY: install uninstall test-install
## header, CLI, pkg-config and CMake files (and the Python module if built) into
## DESTDIR/PREFIX (PREFIX=/usr/local) (docs/installing.md)
install: $(CLI_BIN) $(if $(wildcard $(PY_SO)),$(PY_SO))
	@test -n '$(VERSION_MINOR)' || { echo "install: no DMLREF_VERSION_* in dml_ref.h"; exit 1; }
	install -d '$(I_PREFIX)/include' '$(I_PREFIX)/bin' '$(I_PREFIX)/lib/pkgconfig' '$(I_PREFIX)/lib/cmake/dml_ref'
	install -m 644 dml_ref.h '$(I_PREFIX)/include/dml_ref.h'
	install -m 755 $(CLI_BIN) '$(I_PREFIX)/bin/dmlref'
	$(I_SUBST) packaging/dml_ref.pc.in > '$(I_PREFIX)/lib/pkgconfig/dml_ref.pc'
	$(I_SUBST) packaging/dml_refConfig.cmake.in > '$(I_PREFIX)/lib/cmake/dml_ref/dml_refConfig.cmake'
	$(I_SUBST) packaging/dml_refConfigVersion.cmake.in > '$(I_PREFIX)/lib/cmake/dml_ref/dml_refConfigVersion.cmake'
	@if [ -f $(PY_SO) ]; then echo "install -m 755 $(PY_SO) $(I_PREFIX)/lib/libdml_ref.so"; \
	    install -m 755 $(PY_SO) '$(I_PREFIX)/lib/libdml_ref.so'; \
	else echo "install: $(PY_SO) not built (make python): the shared library is not installed"; fi
	@if [ -f $(PY_SO) ] && ls $(PY_MOD) >/dev/null 2>&1; then echo "install -m 644 $(PY_MOD) $(I_PREFIX)/lib/dml_ref/"; \
	    install -d '$(I_PREFIX)/lib/dml_ref' && install -m 644 $(PY_MOD) '$(I_PREFIX)/lib/dml_ref/' && \
	    ln -sf ../libdml_ref.so '$(I_PREFIX)/lib/dml_ref/libdml_ref.so'; \
	else echo "install: the Python module needs $(PY_MOD) and $(PY_SO) (make python): not installed"; fi

## remove what make install wrote (same PREFIX and DESTDIR)
uninstall:
	cd '$(I_PREFIX)' 2>/dev/null && rm -f $(INSTALLED) || true
	-@rmdir '$(I_PREFIX)/lib/cmake/dml_ref' '$(I_PREFIX)/lib/dml_ref' 2>/dev/null || true

# Installs into a temporary DESTDIR, builds tests/install/consumer through pkg-config and through
# CMake, runs the installed CLI, uninstalls and checks that nothing is left (needs pkg-config, cmake).
## install into a temporary DESTDIR, build a consumer via pkg-config and CMake, uninstall
test-install:
	@MAKE='$(MAKE)' BUILD='$(BUILD)' CC='$(CC)' CXX='$(CXX)' sh tests/install/test_install.sh $(BUILD)/install-test
