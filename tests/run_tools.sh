#!/bin/sh
# tests/run_tools.sh - the tool tests `make test` runs beside the suite (on the other core):
# the CLI's (cli/test_cli.sh), the thread examples (examples/threads_*.c, 512 x 512 with 4 tasks:
# the same bits with 1 task and with 4), and in the plain build (TOOLS=all) the Python module's
# (python/test_dml_ref.py, when python3 has NumPy) and the install test (tests/install, when
# cmake and pkg-config are there). Each part prints its own "N passed, N failed"; the exit
# status is 1 when a part failed. A part whose tools are missing says so and is left out.
# Environment: CLI_BIN, BUILD, RUN_ENV, TOOLS (cli or all), PYTHON, PY_LIB, MAKE, CC, CXX,
# THREAD_EXAMPLES (the built programs), OPENMP_NOTE (said when threads_openmp is not among them).
BUILD=${BUILD:-build}
status=0
echo "cli/test_cli.sh:"
CLI_TEST_COMPILERS= RUN_ENV="$RUN_ENV" sh cli/test_cli.sh "$CLI_BIN" "$BUILD/cli-test" || status=1
echo "examples/threads_*.c:"
pass=0
fail=0
case " $THREAD_EXAMPLES " in *threads_openmp*) ;; *) echo "  left out: threads_openmp (${OPENMP_NOTE#note: })" ;; esac
for example in $THREAD_EXAMPLES; do
    # 512 x 512 elements make 4 tasks of the default grain (32768 elements) or more in each job, on any CPU count
    if $RUN_ENV "$example" 512 4; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $example 512 4"; fi
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ] || status=1
[ "$TOOLS" = all ] || exit $status
echo "python/test_dml_ref.py:"
if "${PYTHON:-/usr/bin/python3}" -c 'import numpy' 2>/dev/null; then
    DMLREF_LIBRARY="$PY_LIB" DMLREF_CLI="$CLI_BIN" "${PYTHON:-/usr/bin/python3}" -B python/test_dml_ref.py || status=1
else
    echo "  left out: ${PYTHON:-/usr/bin/python3} has no NumPy (Debian: python3-numpy)"
fi
echo "tests/install/test_install.sh:"
if command -v cmake >/dev/null 2>&1 && command -v pkg-config >/dev/null 2>&1; then
    sh tests/install/test_install.sh "$BUILD/install-test" || status=1
else
    echo "  left out: needs cmake and pkg-config"
fi
exit $status
