#!/bin/sh
# tests/run_tools.sh - the tool tests `make test` runs beside the suite (on the other core):
# the CLI's (cli/test_cli.sh), and in the plain build (TOOLS=all) the Python module's
# (python/test_dml_ref.py, when python3 has NumPy) and the install test (tests/install, when
# cmake and pkg-config are there). Each part prints its own "N passed, N failed"; the exit
# status is 1 when a part failed. A part whose tools are missing says so and is left out.
# Environment: CLI_BIN, BUILD, RUN_ENV, TOOLS (cli or all), PYTHON, PY_LIB, MAKE, CC, CXX.
BUILD=${BUILD:-build}
status=0
echo "cli/test_cli.sh:"
CLI_TEST_COMPILERS= RUN_ENV="$RUN_ENV" sh cli/test_cli.sh "$CLI_BIN" "$BUILD/cli-test" || status=1
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
