#!/bin/sh
# tests/install/test_install.sh WORKDIR - make test-install: `make install` into a temporary
# DESTDIR, a consumer program (consumer/consumer.c) built through pkg-config and through
# CMake's find_package(dml_ref), the installed CLI's --version, the installed Python module
# (after `make python`, when python/ is there), then `make uninstall` and a check that no file is left.
# MAKE, BUILD, CC and CXX as the Makefile's. Ends with "N passed, N failed".
# $MAKE is left unquoted throughout: it may carry arguments (make -j2).
# shellcheck disable=SC2086

W=${1:?usage: test_install.sh WORKDIR}
MAKE=${MAKE:-make}
BUILD=${BUILD:-build}
CC=${CC:-cc}
PREFIX=/opt/dml_ref-test
top=$(pwd)
rm -rf "$W" && mkdir -p "$W" || exit 2
W=$(cd "$W" && pwd)
STAGE=$W/stage
ROOT=$STAGE$PREFIX
pass=0
fail=0
ok() { pass=$((pass + 1)); echo "  ok    $1"; }
bad() {
    fail=$((fail + 1))
    echo "  FAIL  $1"
    [ -f "$W/log.txt" ] && sed 's/^/    | /' "$W/log.txt" | tail -15
}
# check NAME CMD...: CMD's output goes to log.txt; pass when it exits 0.
check() {
    name=$1
    shift
    if "$@" >"$W/log.txt" 2>&1; then ok "$name"; else bad "$name"; fi
}

hdr=$top/dml_ref.h
version=$(sed -n 's/^#define DMLREF_VERSION_MAJOR \([0-9]*\).*/\1/p' "$hdr").$(sed -n 's/^#define DMLREF_VERSION_MINOR \([0-9]*\).*/\1/p' "$hdr").$(sed -n 's/^#define DMLREF_VERSION_PATCH \([0-9]*\).*/\1/p' "$hdr")

# The Python binding's library, so that its installation is checked too (install skips it when unbuilt).
if [ -f python/dml_ref_shared.c ]; then
    check "make python (the shared library install copies)" $MAKE --no-print-directory python BUILD="$BUILD"
fi
check "make install DESTDIR=$STAGE PREFIX=$PREFIX" $MAKE --no-print-directory install BUILD="$BUILD" DESTDIR="$STAGE" PREFIX="$PREFIX"
for f in include/dml_ref.h bin/dmlref lib/pkgconfig/dml_ref.pc lib/cmake/dml_ref/dml_refConfig.cmake \
    lib/cmake/dml_ref/dml_refConfigVersion.cmake; do
    check "installed $f" test -f "$ROOT/$f"
done
check "installed header is dml_ref.h" cmp "$hdr" "$ROOT/include/dml_ref.h"
check "dml_ref.pc: version $version" grep -qx "Version: $version" "$ROOT/lib/pkgconfig/dml_ref.pc"
check "dml_ref.pc: prefix is PREFIX (not the DESTDIR)" grep -qx "prefix=$PREFIX" "$ROOT/lib/pkgconfig/dml_ref.pc"

# pkg-config: the prefix inside the file is the final one; the sysroot maps it into the stage.
if command -v pkg-config >/dev/null 2>&1; then
    PKG="env PKG_CONFIG_PATH=$ROOT/lib/pkgconfig PKG_CONFIG_SYSROOT_DIR=$STAGE pkg-config"
    check "pkg-config --modversion dml_ref = $version" sh -c "[ \"\$($PKG --modversion dml_ref)\" = '$version' ]"
    # echo: the words without the space pkgconf ends with
    # shellcheck disable=SC2046,SC2005
    cflags=$(echo $($PKG --cflags dml_ref 2>/dev/null))
    # shellcheck disable=SC2046,SC2005
    libs=$(echo $($PKG --libs dml_ref 2>/dev/null))
    check "pkg-config --cflags: -I$ROOT/include (got '$cflags')" sh -c "[ '$cflags' = '-I$ROOT/include' ]"
    check "pkg-config --libs: -lm only (got '$libs')" sh -c "[ '$libs' = '-lm' ]"
    # shellcheck disable=SC2086
    check "consumer built with pkg-config's flags" $CC -std=c99 -Wall -Wextra -Wpedantic -Werror $cflags \
        "$top/tests/install/consumer/consumer.c" -o "$W/consumer_pc" $libs
    check "consumer (pkg-config) computes the cumsum" "$W/consumer_pc"
    CXX=${CXX:-c++}
    if command -v "$CXX" >/dev/null 2>&1; then
        check "consumer built as C++11 with pkg-config's flags" $CXX -x c++ -std=c++11 -Wall -Wextra -Wpedantic \
            -Werror $cflags "$top/tests/install/consumer/consumer.c" -o "$W/consumer_pc_cxx" $libs
        check "consumer (pkg-config, C++) computes the cumsum" "$W/consumer_pc_cxx"
    fi
else
    bad "pkg-config not found (Debian: pkg-config)"
fi

# CMake: find_package(dml_ref VERSION) through CMAKE_PREFIX_PATH; the package is relocatable.
if command -v cmake >/dev/null 2>&1; then
    check "cmake configure: find_package(dml_ref $version)" cmake -S "$top/tests/install/consumer" -B "$W/cmake" \
        -DCMAKE_PREFIX_PATH="$ROOT" -DCMAKE_C_COMPILER="$CC" -DDML_REF_WANT_VERSION="$version" \
        -DCMAKE_C_FLAGS="-Wall -Wextra -Wpedantic -Werror"
    cp "$W/log.txt" "$W/cmake.txt"
    check "cmake: the target's include directory is the installed one" grep -q "include directory $ROOT/include\$" "$W/cmake.txt"
    check "cmake --build" cmake --build "$W/cmake"
    check "consumer (CMake) computes the cumsum" "$W/cmake/consumer"
    readme=$(sed -n 's/^find_package(dml_ref \([0-9.]*\) REQUIRED).*/\1/p' "$top/docs/installing.md")
    check "docs/installing.md has a find_package(dml_ref X.Y REQUIRED) line" test -n "$readme"
    check "cmake: docs/installing.md's find_package(dml_ref $readme) is accepted" cmake -S "$top/tests/install/consumer" \
        -B "$W/cmake-readme" -DCMAKE_PREFIX_PATH="$ROOT" -DCMAKE_C_COMPILER="$CC" -DDML_REF_WANT_VERSION="$readme"
    major=${version%%.*}
    check "cmake: find_package(dml_ref $((major + 1)).0) is refused" sh -c "! cmake -S '$top/tests/install/consumer' \
        -B '$W/cmake-newer' -DCMAKE_PREFIX_PATH='$ROOT' -DCMAKE_C_COMPILER='$CC' -DDML_REF_WANT_VERSION=$((major + 1)).0"
else
    bad "cmake not found (Debian: cmake)"
fi

check "installed dmlref --version" "$ROOT/bin/dmlref" --version
cp "$W/log.txt" "$W/version.txt"
check "dmlref --version prints $version" grep -q "^dmlref $version " "$W/version.txt"

# The Python module, when `make python` had built it (install skips it otherwise).
if [ -f "$BUILD/libdml_ref.so" ] && [ -f python/dml_ref.py ]; then
    check "installed lib/dml_ref/dml_ref.py" test -f "$ROOT/lib/dml_ref/dml_ref.py"
fi
if [ -f "$ROOT/lib/dml_ref/dml_ref.py" ]; then
    check "installed lib/libdml_ref.so" test -f "$ROOT/lib/libdml_ref.so"
    check "lib/dml_ref/libdml_ref.so links to ../libdml_ref.so" test "$(readlink "$ROOT/lib/dml_ref/libdml_ref.so")" = ../libdml_ref.so
    PY=${PYTHON:-/usr/bin/python3}
    if "$PY" -c 'import numpy' >/dev/null 2>&1; then
        unset DMLREF_LIBRARY
        check "python: installed module finds the installed library" env \
            PYTHONPATH="$ROOT/lib/dml_ref" "$PY" -B -c "import dml_ref, numpy as np
assert dml_ref.__file__.startswith('$ROOT/'), dml_ref.__file__
assert list(dml_ref.cumsum(np.array([2, 1, 3, 5], np.float32))) == [2, 3, 6, 11]
print(dml_ref.version())"
    else
        echo "  note  $PY has no NumPy: the installed Python module is not imported"
    fi
else
    echo "  note  no Python module installed ($BUILD/libdml_ref.so or python/dml_ref.py missing: make python)"
fi

# pip install ./python into a virtual environment: python/pyproject.toml's own backend builds the library
# (no network: --no-index; NumPy from the system's site-packages).
PY=${PYTHON:-/usr/bin/python3}
number=$(( ${version%%.*} * 10000 + $(echo "$version" | cut -d. -f2) * 100 + ${version##*.} ))
if "$PY" -c 'import numpy, venv, ensurepip' >/dev/null 2>&1; then
    check "python -m venv" "$PY" -m venv --system-site-packages "$W/venv"
    check "pip install --no-index ./python (builds libdml_ref.so)" "$W/venv/bin/python" -m pip install -q --no-index \
        --disable-pip-version-check "$top/python"
    check "pip-installed module: its library beside it, the header's version, a cumsum" sh -c "cd '$W' && \
        env -u DMLREF_LIBRARY '$W/venv/bin/python' -B -c \"import os, dml_ref, numpy as np
here = os.path.dirname(dml_ref.__file__)
assert here.startswith('$W/venv/'), here
assert os.path.exists(os.path.join(here, 'libdml_ref.so'))
assert dml_ref.version() == $number
assert list(dml_ref.cumsum(np.array([2, 1, 3, 5], np.float32), order='xla')) == [2, 3, 6, 11]\""
    check "pip uninstall" "$W/venv/bin/python" -m pip uninstall -q -y dml_ref
else
    echo "  note  $PY lacks NumPy, venv or ensurepip (Debian: python3-venv): pip install ./python not checked"
fi

check "make uninstall" $MAKE --no-print-directory uninstall DESTDIR="$STAGE" PREFIX="$PREFIX"
left=$(find "$STAGE" ! -type d 2>/dev/null)
if [ -z "$left" ]; then ok "uninstall left no file"; else
    echo "$left" >"$W/log.txt"
    bad "uninstall left files"
fi
for d in lib/cmake/dml_ref lib/dml_ref; do
    check "uninstall removed $d/" test ! -e "$ROOT/$d"
done

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
