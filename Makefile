# dml_ref - build, test and demo. `make help` lists the targets.
CC      ?= cc
CXX     ?= c++
OPT     ?= -O2
BUILD   ?= build
# Extra flags for every compile (e.g. ISA forcing, sanitizers).
EXTRA   ?=
RUN_ENV ?=

# Warnings are errors. The header itself gets the full STYLE.md set.
WARN_C    = -std=c99 -Wall -Wextra -Wpedantic -Werror
WARN_HDR  = $(WARN_C) -Wconversion -Wsign-conversion -Wshadow -Wcast-align \
            -Wstrict-prototypes -Wundef -Wvla
WARN_CXX  = -std=c++11 -Wall -Wextra -Wpedantic -Werror -Wconversion -Wsign-conversion \
            -Wshadow -Wcast-align -Wundef -Wvla
CFLAGS_ALL   = $(OPT) -g $(EXTRA)
XXH_CFLAGS  := $(shell pkg-config --cflags libxxhash 2>/dev/null)
XXH_LIBS    := $(shell pkg-config --libs libxxhash 2>/dev/null || echo -lxxhash)

TEST_SRC  = $(filter-out tests/dml_ref_impl.c,$(wildcard tests/*.c))
TEST_OBJ  = $(patsubst tests/%.c,$(BUILD)/tests/%.o,$(TEST_SRC)) $(BUILD)/tests/dml_ref_impl.o
TEST_BIN  = $(BUILD)/dmlref_tests
CXX_BIN   = $(BUILD)/dmlref_cxx_smoke
EXAMPLES  = $(patsubst examples/%.c,$(BUILD)/examples/%,$(wildcard examples/*.c))

.PHONY: FORCE all test demo examples help clean golden bench bench-quick test-all test-scalar test-sse2 test-avx2 \
        test-avx512 test-neon test-nosimd test-clang test-asan test-ubsan

all: $(TEST_BIN) $(CXX_BIN) $(EXAMPLES)

help:
	@echo "make demo       build and run examples/doc_examples.c (every documented example)"
	@echo "make test       build the test suite (C and C++) and run it"
	@echo "make examples   build every program in examples/"
	@echo "make golden     regenerate tests/golden/digests_v1.txt (after an intended change of results)"
	@echo "make test-all   the matrix below, each in its own build directory"
	@echo "  test-scalar test-sse2 test-avx2 test-avx512   DMLREF_VECTOR forces one path (AUTO uses it)"
	@echo "  test-neon     AArch64 build (aarch64-linux-gnu-gcc) run under qemu-aarch64"
	@echo "  test-nosimd   DMLREF_NO_SIMD;  test-clang: clang;  test-asan / test-ubsan: sanitizers"
	@echo "make clean      remove $(BUILD)/"
	@echo "make bench      build bench/bench.c (-O2 -march=native) and run it; BENCH_ARGS='--markdown ...'"
	@echo "make bench-quick  the benchmark on small sizes only (a smoke test, seconds)"
	@echo "variables: CC, CXX, OPT, EXTRA (extra compile flags), RUN_ENV (e.g. qemu-aarch64)"
	@echo "           TESTS='filter ...' runs only cases whose names contain a filter"

# Objects depend on the flags they were built with: changing CC, OPT or EXTRA rebuilds.
FLAGS_STAMP = $(BUILD)/.flags
FLAGS_NOW   = $(CC) $(CXX) $(CFLAGS_ALL) $(XXH_CFLAGS) $(XXH_LIBS)
$(FLAGS_STAMP): FORCE
	@mkdir -p $(BUILD)
	@echo '$(FLAGS_NOW)' | cmp -s - $@ || echo '$(FLAGS_NOW)' > $@
FORCE:

$(BUILD)/tests/dml_ref_impl.o: tests/dml_ref_impl.c dml_ref.h $(FLAGS_STAMP)
	@mkdir -p $(dir $@)
	$(CC) $(WARN_HDR) $(CFLAGS_ALL) -c $< -o $@

$(BUILD)/tests/%.o: tests/%.c dml_ref.h $(wildcard tests/*.h) $(FLAGS_STAMP)
	@mkdir -p $(dir $@)
	$(CC) $(WARN_C) $(CFLAGS_ALL) $(XXH_CFLAGS) -c $< -o $@

$(TEST_BIN): $(TEST_OBJ)
	$(CC) $(CFLAGS_ALL) $^ -o $@ $(XXH_LIBS) -lm

$(CXX_BIN): tests/cxx/cxx_smoke.cpp dml_ref.h $(FLAGS_STAMP)
	@mkdir -p $(dir $@)
	$(CXX) $(WARN_CXX) $(CFLAGS_ALL) $< -o $@

$(BUILD)/examples/%: examples/%.c dml_ref.h $(FLAGS_STAMP)
	@mkdir -p $(dir $@)
	$(CC) $(WARN_C) $(CFLAGS_ALL) $< -o $@ -lm

examples: $(EXAMPLES)

demo: $(BUILD)/examples/doc_examples
	$(RUN_ENV) ./$(BUILD)/examples/doc_examples

test: $(TEST_BIN) $(CXX_BIN)
	@$(RUN_ENV) ./$(CXX_BIN)
	@$(RUN_ENV) ./$(TEST_BIN) $(TESTS)

# Golden digests (tests/test_golden.c): recompute and replace the file.
golden: $(TEST_BIN)
	@mkdir -p tests/golden
	DMLREF_WRITE_GOLDEN=tests/golden/digests_v1.txt $(RUN_ENV) ./$(TEST_BIN) golden/write

clean:
	rm -rf $(BUILD)

# Benchmarks (bench/README.md). BENCH_ARGS: --isa=NAME --quick --filter=TEXT --markdown
BENCH_ARGS  ?=
BENCH_MARCH ?= -march=native

$(BUILD)/bench: bench/bench.c dml_ref.h
	@mkdir -p $(dir $@)
	$(CC) -std=c99 -O2 $(BENCH_MARCH) -Wall -Wextra -Wpedantic -Werror $(EXTRA) $< -o $@ -lm

bench: $(BUILD)/bench
	$(RUN_ENV) ./$(BUILD)/bench $(BENCH_ARGS)

bench-quick: $(BUILD)/bench
	$(RUN_ENV) ./$(BUILD)/bench --quick $(BENCH_ARGS)

# The matrix: the whole suite (golden digests included) per configuration,
# each in its own build directory so that flags never mix.
test-scalar:
	$(MAKE) test BUILD=build/scalar EXTRA='-DDMLREF_VECTOR=DMLREF_SCALAR'
test-sse2:
	$(MAKE) test BUILD=build/sse2 EXTRA='-DDMLREF_VECTOR=DMLREF_SSE2'
test-avx2:
	$(MAKE) test BUILD=build/avx2 EXTRA='-DDMLREF_VECTOR=DMLREF_AVX2'
test-avx512:
	@grep -q avx512bw /proc/cpuinfo || echo "note: this CPU has no AVX-512; the AVX-512 build runs its scalar fallback"
	$(MAKE) test BUILD=build/avx512 EXTRA='-DDMLREF_VECTOR=DMLREF_AVX512'
test-nosimd:
	$(MAKE) test BUILD=build/nosimd EXTRA='-DDMLREF_NO_SIMD'
test-clang:
	$(MAKE) test BUILD=build/clang CC=clang CXX=clang++
test-asan:
	$(MAKE) test BUILD=build/asan OPT=-O1 EXTRA='-fsanitize=address -fno-omit-frame-pointer'
test-ubsan:
	$(MAKE) test BUILD=build/ubsan OPT=-O1 EXTRA='-fsanitize=undefined -fno-sanitize-recover=all'
# The cross build uses xxhash.h header-only (XXH_INLINE_ALL) and
# finds the host's copy through a private include directory.
test-neon:
	@mkdir -p build/neon/include && ln -sf /usr/include/xxhash.h build/neon/include/xxhash.h
	$(MAKE) test BUILD=build/neon CC=aarch64-linux-gnu-gcc CXX=aarch64-linux-gnu-g++ \
	    EXTRA='-static -Ibuild/neon/include' XXH_CFLAGS=-DXXH_INLINE_ALL XXH_LIBS= RUN_ENV=qemu-aarch64
test-all: test test-scalar test-sse2 test-avx2 test-avx512 test-nosimd test-clang test-asan test-ubsan test-neon
