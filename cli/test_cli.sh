#!/bin/sh
# cli/test_cli.sh DMLREF [WORKDIR] - tests of the command-line tool (make test-cli).
# Needs no Python: inputs are written by the CLI's hidden `_make` subcommand, or
# with printf / head / tail (cli/test_cli_reduce.sh, sourced, adds NumPy checks when
# ${PYTHON:-/usr/bin/python3} has NumPy, and says so when it has not). CLI_TEST_COMPILERS (e.g. "clang g++") adds compile
# checks of cli/*.c with clang (C99) and as C++11; XXH_CFLAGS / XXH_LIBS as the Makefile's.
# RUN_ENV: a command prefix for every run of the tool (as the Makefile's).
# Ends with "N passed, N failed"; exit status 1 if any check failed.

D=${1:?usage: test_cli.sh DMLREF [WORKDIR]}
W=${2:-build/cli-test}
case $D in /*) ;; *) D=$(pwd)/$D ;; esac
[ -x "$D" ] || { echo "test_cli.sh: $D is not an executable (make cli)"; echo "0 passed, 1 failed"; exit 1; }
HERE=$(cd "$(dirname "$0")" && pwd)  # cli/
NPY=$HERE/../tests/data/npy          # NumPy-written files (cli/test_cli_npy.sh)
rm -rf "$W" && mkdir -p "$W" || exit 2
cd "$W" || exit 2
# RUN_ENV (the Makefile's, e.g. qemu-aarch64): every run of the tool goes through it.
if [ -n "${RUN_ENV:-}" ]; then
    printf '#!/bin/sh\nexec %s "%s" "$@"\n' "$RUN_ENV" "$D" >run_dmlref.sh && chmod +x run_dmlref.sh || exit 2
    D=$(pwd)/run_dmlref.sh
fi
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() {
    fail=$((fail + 1))
    echo "FAIL: $1"
}

# expect NAME RC CMD...: run CMD (stdout to out.txt, stderr to err.txt), check its exit status.
expect() {
    name=$1
    want=$2
    shift 2
    "$@" >out.txt 2>err.txt
    got=$?
    if [ "$got" -eq "$want" ]; then
        ok
    else
        bad "$name: exit $got, expected $want ($*)"
        sed 's/^/    | /' err.txt out.txt | head -8
    fi
}
# has NAME FILE TEXT: FILE contains the fixed string TEXT.
has() {
    if grep -F -q -e "$3" "$2"; then ok; else
        bad "$1: '$3' not in $2"
        sed 's/^/    | /' "$2" | head -8
    fi
}
# same NAME EXPECTED.npy ACTUAL.npy: compare says bit-identical (exit 0).
same() {
    "$D" compare "$2" "$3" >cmp.txt 2>&1
    if [ $? -eq 0 ]; then ok; else
        bad "$1: $3 differs from $2"
        sed 's/^/    | /' cmp.txt | head -12
    fi
}
# refused NAME FILE: `run cumsum FILE` exits 2, names FILE on one stderr line, writes nothing.
refused() {
    rm -f refused_out.npy refused_out.npy.tmp*
    "$D" run cumsum "$2" -o refused_out.npy >out.txt 2>err.txt
    got=$?
    lines=$(wc -l <err.txt)
    if [ "$got" -eq 2 ] && [ "$lines" -eq 1 ] && grep -q "$2" err.txt && ! ls refused_out.npy* >/dev/null 2>&1; then
        ok
    else
        bad "$1: exit $got, $lines stderr line(s), expected 2 and 1; output files: $(ls refused_out.npy* 2>/dev/null)"
        sed 's/^/    | /' err.txt | head -4
    fi
}

M() { "$D" _make "$@" || bad "_make $*"; }

# ---- version and help ------------------------------------------------------------------
HDR=$(dirname "$0")/../dml_ref.h
[ -f "$HDR" ] || HDR=$OLDPWD/dml_ref.h
maj=$(sed -n 's/^#define DMLREF_VERSION_MAJOR \([0-9]*\).*/\1/p' "$HDR" 2>/dev/null)
min=$(sed -n 's/^#define DMLREF_VERSION_MINOR \([0-9]*\).*/\1/p' "$HDR" 2>/dev/null)
pat=$(sed -n 's/^#define DMLREF_VERSION_PATCH \([0-9]*\).*/\1/p' "$HDR" 2>/dev/null)
expect "--version" 0 "$D" --version
has "--version" out.txt "dmlref $maj.$min.$pat"
expect "--help" 0 "$D" --help
has "--help" out.txt "usage: dmlref"
for sub in run compare check digest explain; do
    expect "$sub --help" 0 "$D" $sub --help
    has "$sub --help" out.txt "usage: dmlref $sub"
done
"$D" run --help >out.txt
has "run --help: default axis" out.txt "default: the LAST axis"
"$D" digest --help >out.txt
has "digest --help: definition" out.txt "row-major (C) order, each little-endian"
expect "no arguments" 2 "$D"
expect "unknown subcommand" 2 "$D" frobnicate

# ---- run: known answers ------------------------------------------------------------------
M float32 4 1 2 3 4 -o a.npy
M float32 4 1 3 6 10 -o a_sum.npy
expect "run cumsum" 0 "$D" run cumsum a.npy -o s.npy
same "cumsum [1,2,3,4] = [1,3,6,10]" a_sum.npy s.npy
M float32 4 0 1 3 6 -o a_excl.npy
expect "run cumsum --exclusive" 0 "$D" run cumsum --exclusive a.npy -o s.npy
same "exclusive cumsum" a_excl.npy s.npy
M float32 4 10 9 7 4 -o a_rev.npy
expect "run cumsum --reverse" 0 "$D" run cumsum --reverse a.npy -o s.npy
same "reverse cumsum" a_rev.npy s.npy
expect "run cumsum --isa reference --order blocked" 0 "$D" run cumsum --isa reference --order blocked a.npy -o s.npy
same "cumsum on the reference path" a_sum.npy s.npy
M float32 4 1 2 6 24 -o a_prod.npy
expect "run cumprod" 0 "$D" run cumprod a.npy -o s.npy
same "cumprod [1,2,3,4]" a_prod.npy s.npy
M int32 2,3 1 2 3 4 5 6 -o m.npy
M int32 2,3 1 3 6 4 9 15 -o m_sum1.npy
M int32 2,3 1 2 3 5 7 9 -o m_sum0.npy
expect "run cumsum 2-D default axis" 0 "$D" run cumsum m.npy -o s.npy
same "default axis is the last" m_sum1.npy s.npy
expect "run cumsum --axis -2" 0 "$D" run cumsum --axis -2 m.npy -o s.npy
same "--axis -2" m_sum0.npy s.npy
expect "run cumsum --axis 0 --order blocked" 0 "$D" run cumsum --axis 0 --order blocked m.npy -o s.npy
same "--axis 0 blocked (integer)" m_sum0.npy s.npy

M float64 2,3 1 5 3 4 0 6 -o f.npy
M int64 2,1 0 1 -o f_argmin1.npy
M int64 1,1 4 -o f_argmin_all.npy
M uint32 1,3 1 0 1 -o f_argmax0.npy
expect "argmin --axes 1" 0 "$D" run argmin --axes 1 f.npy -o i.npy
same "argmin rows" f_argmin1.npy i.npy
expect "argmin all axes" 0 "$D" run argmin f.npy -o i.npy
same "argmin all axes: flat index 4, shape (1,1)" f_argmin_all.npy i.npy
expect "argmax --axes 0 uint32" 0 "$D" run argmax --axes -2 --index-type uint32 f.npy -o i.npy
same "argmax columns, uint32" f_argmax0.npy i.npy
M float32 3 3 1 3 -o t.npy
M int64 1 0 -o t_first.npy
M int64 1 2 -o t_last.npy
expect "argmax ties" 0 "$D" run argmax t.npy -o i.npy
same "argmax ties: first" t_first.npy i.npy
expect "argmax --last" 0 "$D" run argmax --last t.npy -o i.npy
same "argmax --last: last" t_last.npy i.npy
M float32 5 1 nan 0 5 0 -o n.npy
M int64 1 1 -o n_prop.npy
M int64 1 4 -o n_ign_last.npy
expect "argmin nan propagate" 0 "$D" run argmin n.npy -o i.npy
same "argmin: NaN propagates" n_prop.npy i.npy
expect "argmin --nan ignore --last" 0 "$D" run argmin --nan ignore --last n.npy -o i.npy
same "argmin --nan ignore --last" n_ign_last.npy i.npy
cp i.npy n_ign_last_out.npy
# reduce-argmin / reduce-argmax: DML_OPERATOR_REDUCE with Function ARGMIN / ARGMAX (the first index on ties:
# its desc has no AxisDirection, so no --last)
expect "run reduce-argmin --axes 1" 0 "$D" run reduce-argmin --axes 1 f.npy -o i.npy
same "reduce-argmin rows" f_argmin1.npy i.npy
expect "run reduce-argmin all axes" 0 "$D" run reduce-argmin f.npy -o i.npy
same "reduce-argmin all axes" f_argmin_all.npy i.npy
expect "run reduce-argmax --axes -2 uint32" 0 "$D" run reduce-argmax --axes -2 --index-type uint32 f.npy -o i.npy
same "reduce-argmax columns, uint32" f_argmax0.npy i.npy
expect "run reduce-argmax ties" 0 "$D" run reduce-argmax t.npy -o i.npy
same "reduce-argmax ties: first" t_first.npy i.npy
M int64 1 2 -o n_ign_first.npy
expect "run reduce-argmin --nan ignore" 0 "$D" run reduce-argmin --nan ignore n.npy -o i.npy
same "reduce-argmin --nan ignore" n_ign_first.npy i.npy
cp i.npy n_reduce_ign_out.npy
expect "run reduce-argmin nan propagate" 0 "$D" run reduce-argmin n.npy -o i.npy
same "reduce-argmin: NaN propagates" n_prop.npy i.npy
for args in "--last" "--reverse" "--order blocked" "--exclusive" "--axis 0"; do
    rm -f bad_out.npy
    # shellcheck disable=SC2086
    expect "run reduce-argmax $args" 2 "$D" run reduce-argmax $args f.npy -o bad_out.npy
    has "run reduce-argmax $args: names the option" err.txt "option ${args%% *} applies to"
    [ -e bad_out.npy ] && bad "run reduce-argmax $args wrote an output"
done
has "run reduce-argmax --axis: the option it takes" err.txt "reduce-argmax takes --axes"
expect "run --help lists reduce-argmax" 0 "$D" run --help
has "run --help: OP list from the table" out.txt "reduce-argmax | reduce-argmin"

# layouts and formats
M float64 2,3 1 5 3 4 0 6 -o fF.npy --fortran
M float64 2,3 1 5 3 5 5 9 -o f_sum0.npy
M float64 2,3 1 6 9 4 4 10 -o f_sum1.npy
expect "fortran cumsum --axis 0" 0 "$D" run cumsum --axis 0 fF.npy -o s.npy
same "fortran order, axis 0" f_sum0.npy s.npy
expect "fortran cumsum" 0 "$D" run cumsum fF.npy -o s.npy
same "fortran order, last axis" f_sum1.npy s.npy
expect "fortran argmin" 0 "$D" run argmin --axes 1 fF.npy -o i.npy
same "fortran order argmin" f_argmin1.npy i.npy
M int16 2,2 1 -2 3 4 -o be.npy --big-endian
M int16 2,2 1 -2 3 12 -o be_prod.npy
expect "big-endian cumprod" 0 "$D" run cumprod be.npy -o s.npy
same "big-endian int16 cumprod" be_prod.npy s.npy
M float32 2,3 1 5 3 4 0 6 -o beF.npy --big-endian --fortran
M float32 2,3 1 5 3 5 5 9 -o beF_sum0.npy
expect "big-endian fortran cumsum" 0 "$D" run cumsum --axis 0 beF.npy -o s.npy
same "big-endian Fortran float32" beF_sum0.npy s.npy
for v in 2 3; do
    M uint8 4 1 2 3 250 -o v$v.npy --npy-version $v
    M uint8 4 1 3 6 0 -o v_sum.npy
    expect "npy version $v.0" 0 "$D" run cumsum v$v.npy -o s.npy
    same "npy $v.0 uint8 (wraps)" v_sum.npy s.npy
done
M float32 scalar 3.5 -o sc.npy
M float32 1 3.5 -o sc1.npy
expect "0-d input" 0 "$D" run cumsum sc.npy -o s.npy
same "0-d is shape (1)" sc1.npy s.npy
M float16 4 1 2 3 4 -o h4.npy
M float16 4 1 3 6 10 -o h4_sum.npy
expect "float16 cumsum" 0 "$D" run cumsum h4.npy -o s.npy
same "float16 cumsum" h4_sum.npy s.npy
for t in int8 int16 int32 int64 uint8 uint16 uint32 uint64 float64; do
    M $t 3 1 2 3 -o ty.npy
    M $t 3 1 3 6 -o ty_sum.npy
    expect "$t cumsum" 0 "$D" run cumsum ty.npy -o s.npy
    same "$t cumsum" ty_sum.npy s.npy
done
M float32 1,1,1,1,1,1,1,1 7 -o r8.npy
expect "rank 8" 0 "$D" run cumsum r8.npy -o s.npy
M float32 1,1,1,1,1,1,1,1,1 7 -o r9.npy
refused "rank 9 refused" r9.npy

# bad arguments: exit 2, message naming the option, no output
for args in "--axis 2" "--axis x" "--order tree:foo:32:after" "--order tree:sklansky:33:after" \
    "--order tree:sklansky:32:before" "--order tree:sklansky:32:after:0" "--order tree:sklansky:32:after:4:3" \
    "--order tree:sklansky:32:after:4:4:seed" "--order inductor" \
    "--order fast" "--accumulation huge" "--nan maybe" "--isa mmx" \
    "--axes 0" "--last" "--index-type int8" "--bogus"; do
    opt=${args%% *}
    rm -f bad_out.npy
    # shellcheck disable=SC2086
    expect "run cumsum $args" 2 "$D" run cumsum $args m.npy -o bad_out.npy
    has "run cumsum $args: names the option" err.txt "$opt"
    [ -e bad_out.npy ] && bad "run cumsum $args wrote an output"
done
for args in "--axis 0" "--exclusive" "--reverse" "--order blocked" "--identity-seed" "--axes 5" "--index-type int16"; do
    opt=${args%% *}
    # shellcheck disable=SC2086
    expect "run argmin $args" 2 "$D" run argmin $args m.npy -o bad_out.npy
    has "run argmin $args: names the option" err.txt "$opt"
done
expect "run without -o" 2 "$D" run cumsum m.npy
expect "run bad OP" 2 "$D" run cumfoo m.npy -o bad_out.npy
expect "library error: EXACT with wide" 2 "$D" run cumsum --order exact --accumulation wide a.npy -o bad_out.npy
[ -e bad_out.npy ] && bad "library error wrote an output"
has "library error message" err.txt "EXACT"
expect "missing input" 2 "$D" run cumsum nonexistent.npy -o bad_out.npy

# ---- malformed files ---------------------------------------------------------------------
size=$(wc -c <a.npy)
{ printf 'X'; tail -c +2 a.npy; } >bad_magic.npy
refused "bad magic" bad_magic.npy
head -c 8 a.npy >bad_short.npy
refused "truncated preamble" bad_short.npy
head -c 40 a.npy >bad_header.npy
refused "truncated header" bad_header.npy
{ head -c 6 a.npy; printf '\011\000'; tail -c +9 a.npy; } >bad_version.npy
refused "unknown format version" bad_version.npy
head -c $((size - 2)) a.npy >bad_data_short.npy
refused "data shorter than the shape" bad_data_short.npy
{ cat a.npy; printf 'xxxx'; } >bad_data_long.npy
refused "data longer than the shape" bad_data_long.npy
M float32 4 1 2 3 4 -o bad_list.npy --raw-header "['descr', '<f4']"
refused "header not a dict" bad_list.npy
M float32 4 1 2 3 4 -o bad_nokey.npy --raw-header "{'descr': '<f4', 'shape': (4,), }"
refused "missing fortran_order" bad_nokey.npy
M float32 4 1 2 3 4 -o bad_noshape.npy --raw-header "{'descr': '<f4', 'fortran_order': False}"
refused "missing shape" bad_noshape.npy
M float32 4 1 2 3 4 -o bad_extra.npy --raw-header "{'descr': '<f4', 'fortran_order': False, 'shape': (4,), 'x': 1}"
refused "unknown key" bad_extra.npy
M float32 4 1 2 3 4 -o bad_c8.npy --raw-header "{'descr': '<c8', 'fortran_order': False, 'shape': (2,), }"
refused "unknown dtype c8" bad_c8.npy
M float32 4 1 2 3 4 -o bad_b1.npy --raw-header "{'descr': '|b1', 'fortran_order': False, 'shape': (16,), }"
refused "bool dtype" bad_b1.npy
has "bool dtype message" err.txt "bool"
M float32 4 1 2 3 4 -o bad_struct.npy --raw-header "{'descr': [('a', '<f4')], 'fortran_order': False, 'shape': (4,), }"
refused "structured dtype" bad_struct.npy
M float32 4 1 2 3 4 -o bad_shape.npy --raw-header "{'descr': '<f4', 'fortran_order': False, 'shape': 4, }"
refused "shape not a tuple" bad_shape.npy
M float32 4 1 2 3 4 -o bad_neg.npy --raw-header "{'descr': '<f4', 'fortran_order': False, 'shape': (-4,), }"
refused "negative dimension" bad_neg.npy
M float32 4 1 2 3 4 -o bad_fo.npy --raw-header "{'descr': '<f4', 'fortran_order': maybe, 'shape': (4,), }"
refused "fortran_order not a bool" bad_fo.npy
M float32 4 1 2 3 4 -o bad_empty.npy --raw-header "{'descr': '<f4', 'fortran_order': False, 'shape': (0,), }"
refused "empty array" bad_empty.npy
: >bad_zero.npy
refused "empty file" bad_zero.npy
M float32 4 1 2 3 4 -o ok_raw.npy --raw-header "{'descr': '<f4', 'fortran_order': False, 'shape': (4,), }"
expect "raw header well-formed (control)" 0 "$D" run cumsum ok_raw.npy -o s.npy
same "raw header control" a_sum.npy s.npy

# ---- compare ----------------------------------------------------------------------------
M float32 4 1 3 6 10.000001 -o a_sum_ulp.npy
expect "compare identical" 0 "$D" compare a_sum.npy a_sum.npy
has "compare identical: count" out.txt "bit-identical:       4 (100.0000%)"
expect "compare 1 ulp off" 1 "$D" compare a_sum.npy a_sum_ulp.npy
has "compare: ulp max" out.txt "max 1,"
has "compare: first difference" out.txt "first difference:    [3]"
expect "compare --ulp 1" 0 "$D" compare a_sum.npy a_sum_ulp.npy --ulp 1
expect "compare --ulp 0" 1 "$D" compare a_sum.npy a_sum_ulp.npy --ulp 0
M float64 4 0 0 0 0 -o b0.npy
M float64 4 0 0 0 1e-5 -o b1.npy
expect "compare --bound 0" 1 "$D" compare a_sum.npy a_sum_ulp.npy --bound b0.npy
has "compare --bound: outside count" out.txt "outside bound:       1"
expect "compare --bound 1e-5" 0 "$D" compare a_sum.npy a_sum_ulp.npy --bound b1.npy
expect "compare shape mismatch" 2 "$D" compare a_sum.npy m.npy
expect "compare dtype mismatch" 2 "$D" compare a_sum.npy h4_sum.npy
has "compare dtype mismatch message" err.txt "dtype mismatch"
M float32 2,2 1 3 6 10 -o q.npy
expect "compare shape mismatch, same count" 2 "$D" compare a_sum.npy q.npy
has "compare shape mismatch message" err.txt "shape mismatch"
expect "compare bad option" 2 "$D" compare a_sum.npy a_sum.npy --ulp x
M float32 2 0 1 -o z1.npy
M float32 2 -0 1 -o z2.npy
expect "compare -0 vs +0" 1 "$D" compare z1.npy z2.npy
expect "compare -0 vs +0 --zero-sign-equal" 0 "$D" compare z1.npy z2.npy --zero-sign-equal
M float32 3 nan 1 inf -o c1.npy
M float32 3 1 1 -inf -o c2.npy
expect "compare NaN/inf class mismatches" 1 "$D" compare c1.npy c2.npy --ulp 100000000
has "compare: NaN mismatch counted" out.txt "nan class mismatches: 1"
has "compare: inf mismatch counted" out.txt "inf class mismatches: 1"
M float32 2,3 1 2 3 4 5 6 -o e2.npy
M float32 2,3 1 2 3 4 5 7 -o e3.npy
expect "compare N-D first index" 1 "$D" compare e2.npy e3.npy
has "compare: N-D index" out.txt "first difference:    [1, 2]"
M float32 2,3 1 2 3 4 5 6 -o e2F.npy --fortran
expect "compare C vs Fortran file of one array" 0 "$D" compare e2.npy e2F.npy
M int32 3 5 7 9 -o k1.npy
M int32 3 5 7 12 -o k2.npy
expect "compare integers" 1 "$D" compare k1.npy k2.npy
has "compare integers: distance" out.txt "max 3"

# ---- digest -----------------------------------------------------------------------------
# XXH3_64bits of the 16 little-endian bytes of float32 {1, 3, 6, 10}, and of the 48 bytes of
# float64 {1, 5, 3, 4, 0, 6} (computed with libxxhash).
expect "digest" 0 "$D" digest a_sum.npy
has "digest value" out.txt "e9f714717b7bf1bc"
for f in f.npy fF.npy; do
    expect "digest $f" 0 "$D" digest $f
    has "digest $f: row-major bytes" out.txt "9b55c9f23fc57ecf"
done
M float64 2,3 1 5 3 4 0 6 -o fB.npy --big-endian
expect "digest big-endian" 0 "$D" digest fB.npy
has "digest big-endian: little-endian bytes" out.txt "9b55c9f23fc57ecf"
expect "digest malformed" 2 "$D" digest bad_magic.npy

# ---- check ------------------------------------------------------------------------------
VALS=$(awk 'BEGIN { s = 12345; for (i = 0; i < 300; i++) { s = (s * 1103515245 + 12345) % 2147483648; printf "%.5f ", s / 2147483648 * 2 - 0.9 } }')
# shellcheck disable=SC2086
M float16 300 $VALS -o h.npy
expect "float16 native output" 0 "$D" run cumsum --accumulation native h.npy -o h_native.npy
expect "float16 default output" 0 "$D" run cumsum h.npy -o h_default.npy
expect "check native output as default: fails" 1 "$D" check cumsum h.npy h_native.npy
has "check: outside count reported" out.txt "outside:"
has "check: first indices" out.txt "first: ["
has "check: consistent with native" out.txt "consistent with: accumulation native"
has "check: distribution" out.txt "error/bound: median"
expect "check native output as native: passes" 0 "$D" check cumsum --accumulation native h.npy h_native.npy
expect "check default output as default: passes" 0 "$D" check cumsum h.npy h_default.npy
expect "check exact output" 0 "$D" run cumsum --order exact h.npy -o h_exact.npy
expect "check exact output as wide" 0 "$D" check cumsum --accumulation wide h.npy h_exact.npy
has "check exact: consistent with wide" out.txt "consistent with: accumulation wide"
PVALS=$(awk 'BEGIN { s = 7; for (i = 0; i < 64; i++) { s = (s * 1103515245 + 12345) % 2147483648; printf "%.6f ", 1 + (s / 2147483648 - 0.5) / 8 } }')
# shellcheck disable=SC2086
M float32 64 $PVALS -o p.npy
# the GPU stacks' schedules by name, and spelled out as trees
GVALS=$(awk 'BEGIN { s = 11; for (i = 0; i < 3000; i++) { s = (s * 1103515245 + 12345) % 2147483648; printf "%.6f ", (s / 2147483648 - 0.5) * 4 } }')
# shellcheck disable=SC2086
M float32 3000 $GVALS -o g.npy
for pair in "xla tree:kogge-stone:16:recursive:16:1:run-seed" "cupy tree:brent-kung:512:recursive-last" \
    "torch-compile tree:kogge-stone:2048:after:4:32"; do
    stack=${pair%% *} # (expect sets $name)
    spelled=${pair#* }
    expect "run --order $stack" 0 "$D" run cumsum --order "$stack" g.npy -o "g_$stack.npy"
    expect "run --order $spelled" 0 "$D" run cumsum --order "$spelled" g.npy -o g_spelled.npy
    same "--order $stack is $spelled" "g_$stack.npy" g_spelled.npy
done
expect "compare xla and cupy" 1 "$D" compare g_xla.npy g_cupy.npy
expect "explain finds JAX/XLA" 0 "$D" explain cumsum g.npy g_xla.npy
has "explain names JAX/XLA" out.txt "--order xla --accumulation native   (JAX/XLA)"
expect "explain finds CuPy" 0 "$D" explain cumsum g.npy g_cupy.npy
has "explain names CuPy" out.txt "(CuPy)"
expect "explain finds torch.compile" 0 "$D" explain cumsum g.npy g_torch-compile.npy
has "explain names torch.compile" out.txt "--order torch-compile --accumulation default   (torch.compile (Inductor))"
expect "run a family order, exclusive and reversed" 0 "$D" run cumsum --exclusive --reverse \
    --order tree:sklansky:256:recursive:3:8 g.npy -o g_odd.npy
expect "explain finds it" 0 "$D" explain cumsum --exclusive --reverse g.npy g_odd.npy
has "explain prints the kept flags" out.txt "--order tree:sklansky:256:recursive:3:8 --accumulation default --exclusive --reverse"
# an interrupt while the output is written (a test hook raises SIGINT there) leaves no file behind
rm -f int_out.npy int_out.npy.tmp*
DMLREF_CLI_TEST_INTERRUPT=1 "$D" run cumsum g.npy -o int_out.npy >out.txt 2>err.txt
got=$?
if [ "$got" -gt 128 ] && ! ls int_out.npy int_out.npy.tmp* >/dev/null 2>&1; then ok; else
    bad "interrupted run: exit $got, files left: $(ls int_out.npy* 2>/dev/null)"
fi
# dmlref bound: the ANY bound in a file, for compare --bound
expect "bound cumsum (ANY by default)" 0 "$D" bound cumsum g.npy -o g_bound.npy
expect "run cumsum --order exact" 0 "$D" run cumsum --order exact g.npy -o g_exact.npy
expect "compare --bound: torch.compile's bits inside the ANY bound" 0 "$D" compare g_exact.npy g_torch-compile.npy \
    --bound g_bound.npy
has "compare --bound: none outside" out.txt "outside bound:       0"
expect "bound --order sequential" 0 "$D" bound cumsum --order sequential g.npy -o g_bound_seq.npy
expect "bound refuses argmin" 2 "$D" bound argmin g.npy -o g_bound_arg.npy
has "bound refuses argmin: names what it takes" err.txt "bound takes cumsum/cumprod"
expect "run --order any is refused by the library" 2 "$D" run cumsum --order any g.npy -o g_any.npy
has "run --order any: the library's message" err.txt "ANY"
# NumPy's squeezed arg-reduction outputs: compare and explain put the kept axes back
M float32 2,3 5 1 7 2 9 0 -o sq_in.npy
M int64 2 1 2 -o sq_numpy.npy
expect "run argmin --axes 1 (keepdims: shape (2, 1))" 0 "$D" run argmin --axes 1 sq_in.npy -o sq_kept.npy
expect "compare a (2, 1) output with NumPy's (2,)" 0 "$D" compare sq_kept.npy sq_numpy.npy
expect "explain a squeezed argmin output" 0 "$D" explain argmin --axes 1 sq_in.npy sq_numpy.npy
M int64 3 1 2 0 -o sq_wrong.npy
expect "compare (2, 1) with (3,) is refused" 2 "$D" compare sq_kept.npy sq_wrong.npy
has "compare: both shapes" err.txt "shape mismatch: sq_kept.npy is (2, 1), sq_wrong.npy is (3)"
M float32 3 1 2 3 -o g_short.npy
expect "explain: a shape error names both shapes" 2 "$D" explain cumsum g.npy g_short.npy
has "explain: both shapes" err.txt "shape (3) do not match the operator's output (float32, shape (3000))"
expect "cumprod tree output" 0 "$D" run cumprod --order tree:brent-kung:16:after p.npy -o p_tree.npy
expect "check cumprod" 0 "$D" check cumprod p.npy p_tree.npy
has "check cumprod: reference named" out.txt "reference:   SEQUENTIAL"
expect "check argmin refused" 2 "$D" check argmin h.npy h_native.npy
expect "check reduce-argmax refused" 2 "$D" check reduce-argmax h.npy h_native.npy
has "check reduce-argmax refused: message" err.txt "check judges cumsum/cumprod"
expect "check integer refused" 2 "$D" check cumsum m.npy m_sum1.npy
expect "check shape mismatch" 2 "$D" check cumsum h.npy a.npy

# ---- explain ----------------------------------------------------------------------------
expect "produce tree output" 0 "$D" run cumsum --order tree:sklansky:32:into-first --accumulation native \
    --identity-seed h.npy -o h_tree.npy
expect "explain finds it" 0 "$D" explain cumsum h.npy h_tree.npy
has "explain lists the options" out.txt "--order tree:sklansky:32:into-first --accumulation native --identity-seed"
expect "explain default" 0 "$D" explain cumsum h.npy h_default.npy
has "explain lists sequential default" out.txt "--order sequential --accumulation default"
expect "explain reverse exclusive blocked" 0 "$D" run cumsum --reverse --exclusive --order blocked --accumulation wide h.npy -o h_rb.npy
expect "explain with --reverse --exclusive" 0 "$D" explain cumsum --reverse --exclusive h.npy h_rb.npy
has "explain lists blocked wide" out.txt "--order blocked --accumulation wide"
{ head -c $(($(wc -c <h_default.npy) - 2)) h_default.npy; printf '\000\174'; } >h_odd.npy
expect "explain: no match" 1 "$D" explain cumsum h.npy h_odd.npy
has "explain: closest listed" out.txt "no configuration reproduces"
expect "explain argmin" 0 "$D" explain argmin n.npy n_ign_last_out.npy
has "explain argmin lists --nan ignore --last" out.txt "--nan ignore --last"
expect "explain reduce-argmin" 0 "$D" explain reduce-argmin n.npy n_reduce_ign_out.npy
has "explain reduce-argmin lists --nan ignore" out.txt "  --nan ignore"
has "explain reduce-argmin: 3 configurations (no direction)" out.txt "of 3 configurations reproduce it"
expect "explain argmax: 6 configurations" 0 "$D" explain argmax t.npy t_first.npy
has "explain argmax: 6 configurations" out.txt "of 6 configurations reproduce it"
expect "explain cumsum: every configuration" 0 "$D" explain cumsum h.npy h_default.npy
has "explain cumsum: 6 presets + 590 + 165,348 for one float16 line" out.txt "of 165944 configurations reproduce it"
expect "explain shape mismatch" 2 "$D" explain cumsum h.npy a.npy
expect "explain integer scan" 0 "$D" explain cumsum m.npy m_sum1.npy
has "explain integer scan: one answer" out.txt "integer scan"
expect "explain bad option" 2 "$D" explain cumsum --axes 0 h.npy h_default.npy

# ---- run --desc: DxDispatch-style JSON operator descriptions ----------------------------------
# desc_refused NAME JSONFILE TEXT [ARGS...]: `run --desc JSONFILE ... m.npy` exits 2 with one stderr
# line containing TEXT, and writes nothing.
desc_refused() {
    rm -f desc_out.npy desc_out.npy.tmp*
    dname=$1
    dfile=$2
    dtext=$3
    shift 3
    "$D" run --desc "$dfile" "$@" m.npy -o desc_out.npy >out.txt 2>err.txt
    got=$?
    lines=$(wc -l <err.txt)
    if [ "$got" -eq 2 ] && [ "$lines" -eq 1 ] && grep -F -q -e "$dtext" err.txt && ! ls desc_out.npy* >/dev/null 2>&1; then
        ok
    else
        bad "$dname: exit $got, $lines stderr line(s), expected 2, 1 and '$dtext'; output files: $(ls desc_out.npy* 2>/dev/null)"
        sed 's/^/    | /' err.txt | head -4
    fi
}
M float32 2,3 1 5 3 4 2 6 -o dm.npy
cat >cs_desc.json <<'JSON'
{
    "type": "DML_OPERATOR_CUMULATIVE_SUMMATION",
    "desc": {
        "InputTensor": { "DataType": "FLOAT32", "Sizes": [2, 3] },
        "OutputTensor": { "DataType": "DML_TENSOR_DATA_TYPE_FLOAT32", "Sizes": [2, 3], "Strides": [3, 1] },
        "Axis": 1,
        "AxisDirection": "DML_AXIS_DIRECTION_DECREASING",
        "HasExclusiveSum": true
    }
}
JSON
expect "run --desc cumsum" 0 "$D" run --desc cs_desc.json dm.npy -o desc_cs.npy
expect "run cumsum option form" 0 "$D" run cumsum --axis 1 --reverse --exclusive dm.npy -o opt_cs.npy
same "run --desc cumsum = option form" opt_cs.npy desc_cs.npy
M float32 2,3 8 3 0 8 6 0 -o desc_cs_want.npy
same "run --desc cumsum known answer" desc_cs_want.npy desc_cs.npy
expect "run --desc cumsum --order tree" 0 "$D" run --desc cs_desc.json --order tree:sklansky:2:after --accumulation wide dm.npy -o desc_cs2.npy
expect "run option form --order tree" 0 "$D" run cumsum --axis 1 --reverse --exclusive --order tree:sklansky:2:after --accumulation wide dm.npy -o opt_cs2.npy
same "run --desc with command-line options" opt_cs2.npy desc_cs2.npy
cat >am_desc.json <<'JSON'
{ "type": "ARGMAX",
  "desc": { "InputTensor": { "Type": "BUFFER", "Desc": { "DataType": "FLOAT32", "Sizes": [2, 3] } },
            "OutputTensor": { "DataType": "UINT32", "Sizes": [2, 1] },
            "AxisCount": 1, "Axes": [1], "AxisDirection": "INCREASING" } }
JSON
expect "run --desc argmax Axes" 0 "$D" run --desc am_desc.json dm.npy -o desc_am.npy
M uint32 2,1 1 2 -o desc_am_want.npy
same "run --desc argmax known answer" desc_am_want.npy desc_am.npy
expect "run argmax option form" 0 "$D" run argmax --axes 1 --index-type uint32 dm.npy -o opt_am.npy
same "run --desc argmax = option form" opt_am.npy desc_am.npy
cat >rd_desc.json <<'JSON'
{"type": "DML_OPERATOR_REDUCE", "desc": {"Function": "DML_REDUCE_FUNCTION_ARGMIN",
  "InputTensor": {"DataType": "FLOAT32", "Sizes": [2, 3]},
  "OutputTensor": {"DataType": "INT64", "Sizes": [1, 3]}, "AxisCount": 1, "Axes": [0]}}
JSON
expect "run --desc reduce argmin" 0 "$D" run --desc rd_desc.json dm.npy -o desc_rd.npy
M int64 1,3 0 1 0 -o desc_rd_want.npy
same "run --desc reduce argmin known answer" desc_rd_want.npy desc_rd.npy
expect "run reduce-argmin option form" 0 "$D" run reduce-argmin --axes 0 dm.npy -o opt_rd.npy
same "run --desc reduce argmin = option form" opt_rd.npy desc_rd.npy
cat >model_desc.json <<'JSON'
{
    "resources": { "in": { "initialValuesDataType": "FLOAT32", "initialValues": [1, 5, 3, 4, 2, 6] },
                   "out": { "initialValuesDataType": "FLOAT32", "initialValues": { "valueCount": 6, "value": 0 } } },
    "dispatchables": {
        "scan": { "type": "DML_OPERATOR_CUMULATIVE_PRODUCT",
                  "desc": { "InputTensor": { "DataType": "FLOAT32", "Sizes": [2, 3] },
                            "OutputTensor": { "DataType": "FLOAT32", "Sizes": [2, 3] },
                            "Axis": 0, "AxisDirection": "INCREASING", "HasExclusiveProduct": false } }
    },
    "commands": [ { "type": "dispatch", "dispatchable": "scan", "bindings": { "InputTensor": "in", "OutputTensor": "out" } },
                  { "type": "print", "resource": "out" } ]
}
JSON
expect "run --desc whole model" 0 "$D" run --desc model_desc.json dm.npy -o desc_model.npy
M float32 2,3 1 5 3 4 10 18 -o desc_model_want.npy
same "run --desc whole model known answer" desc_model_want.npy desc_model.npy
M float32 2,3 1 5 3 4 2 6 -o dmf.npy --fortran
sed 's/"Sizes": \[2, 3\] },/"Sizes": [2, 3], "Strides": [1, 2] },/' cs_desc.json >fortran_desc.json
expect "run --desc Strides of a Fortran-order input" 0 "$D" run --desc fortran_desc.json dmf.npy -o desc_f.npy
same "run --desc Fortran-order input known answer" desc_cs_want.npy desc_f.npy
cp dm.npy m.npy
desc_refused "run --desc Strides not the file's layout" fortran_desc.json "Strides [1,2] do not describe the layout of m.npy ([3,1])"
sed 's/"dispatchables": {/"dispatchables": { "other": { "type": "ARGMIN", "desc": {} },/' model_desc.json >two_desc.json
desc_refused "run --desc two dispatchables" two_desc.json "choose one with --dispatchable NAME"
expect "run --desc --dispatchable" 0 "$D" run --desc two_desc.json --dispatchable scan dm.npy -o desc_model2.npy
same "run --desc --dispatchable known answer" desc_model_want.npy desc_model2.npy
printf '{"type": "DML_OPERATOR_CUMULATIVE_SUMMATION", "desc": {' >malformed.json
desc_refused "run --desc malformed JSON" malformed.json "malformed JSON at line 1"
printf '{"type": "ARGMAX", "desc": {"Axes": [1,]}}' >malformed2.json
desc_refused "run --desc malformed JSON (trailing comma)" malformed2.json "malformed JSON"
sed 's/CUMULATIVE_SUMMATION/GEMM/' cs_desc.json >unknown_type.json
desc_refused "run --desc unknown type" unknown_type.json "unsupported operator type 'DML_OPERATOR_GEMM'"
sed 's/"Axis": 1,/"Axis": 1, "Alpha": 0.5,/' cs_desc.json >unknown_field.json
desc_refused "run --desc unknown field" unknown_field.json "unknown field 'Alpha'"
sed 's/"DataType": "FLOAT32", "Sizes": \[2, 3\] }/"DataType": "FLOAT16", "Sizes": [2, 3] }/' cs_desc.json >dtype_desc.json
desc_refused "run --desc DataType mismatch" dtype_desc.json "InputTensor DataType FLOAT16 does not match m.npy (FLOAT32)"
sed 's/"Sizes": \[2, 3\] },/"Sizes": [3, 2] },/' cs_desc.json >sizes_desc.json
desc_refused "run --desc Sizes mismatch" sizes_desc.json "InputTensor Sizes [3,2] do not match m.npy [2,3]"
sed 's/"HasExclusiveSum": true/"HasExclusiveSum": 1/' cs_desc.json >bool_desc.json
desc_refused "run --desc non-boolean BOOL" bool_desc.json "HasExclusiveSum must be true or false"
sed 's/"HasExclusiveSum": true/"HasExclusiveProduct": true/' cs_desc.json >missing_desc.json
desc_refused "run --desc field of another operator" missing_desc.json "unknown field 'HasExclusiveProduct'"
desc_refused "run --desc with --axis" cs_desc.json "come from the JSON desc" --axis 0
desc_refused "run --desc argmax with --order" am_desc.json "option --order applies to scans, reductions except" --order blocked
"$D" run --help >out.txt
has "run --help: --desc" out.txt "dmlref run --desc OP.json"

# ---- --threads N: the same output bits for every N ------------------------------------------
# Lines of 100003 elements: 3 tasks of at least 32768 (the library's DMLREF_TASK_GRAIN) each.
# threads_same NAME OUTPUT ARGS...: `ARGS` with --threads 1, 2 and 3 (after the subcommand and OP), and
# without --threads (the default: every CPU), exit 0 and write the same OUTPUT bytes, or print the same
# stdout when OUTPUT is -.
threads_same() {
    tname=$1
    tout=$2
    shift 2
    for n in 1 2 3 d; do
        if [ "$n" = d ]; then topt=; else topt="--threads $n"; fi
        rm -f "t$n.npy" "t$n.txt"
        if [ "$tout" = - ]; then
            "$D" "$@" $topt >"t$n.txt" 2>err.txt
        else
            "$D" "$@" $topt -o "t$n.npy" >out.txt 2>err.txt && cp "t$n.npy" "t$n.txt"
        fi
        got=$?
        if [ "$got" -ne 0 ]; then
            bad "$tname ${topt:-(no --threads)}: exit $got"
            sed 's/^/    | /' err.txt | head -4
            return
        fi
    done
    if cmp -s t1.txt t2.txt && cmp -s t1.txt t3.txt && cmp -s t1.txt td.txt; then ok
    else bad "$tname: --threads 1, 2, 3 and the default differ"; fi
}
M float32 100003 0.5 -1.25e-3 3.75 1e4 -2.5 0.1 -1e4 7.3e-2 -0.3 --repeat -o big_f32.npy
M float16 100003 0.5 -0.125 0.75 2 -1.5 0.1 -2 0.073 --repeat -o big_f16.npy
M int32 100003 2147483000 -5 77 -123456789 3 --repeat -o big_i32.npy
M int64 100003 3 -1 5 7 -9223372036854775000 --repeat -o big_i64.npy
M float32 100003 3 1 4 1 5 9 2 6 5 3 5 -9 8 9 7 9 -9 2 nan 3 8 4 6 --repeat -o big_arg.npy
M float32 24,9001 0.5 -1.25e-3 3.75 1e4 -2.5 0.1 -1e4 --repeat -o big_lines.npy
threads_same "run cumsum BLOCKED float32" o run cumsum --order blocked big_f32.npy
threads_same "run cumsum BLOCKED float16 reverse exclusive" o run cumsum --order blocked --reverse --exclusive big_f16.npy
threads_same "run cumsum TREE after" o run cumsum --order tree:brent-kung:64:after big_f32.npy
threads_same "run cumsum SEQUENTIAL (one line on one task)" o run cumsum big_f32.npy
threads_same "run cumsum int32" o run cumsum big_i32.npy
threads_same "run cumprod int64" o run cumprod --reverse big_i64.npy
threads_same "run cumsum lines axis 1" o run cumsum --axis 1 big_lines.npy
threads_same "run cumsum lines axis 0 BLOCKED" o run cumsum --axis 0 --order blocked big_lines.npy
for nan in propagate ignore compare; do
    threads_same "run argmin --nan $nan" o run argmin --nan "$nan" big_arg.npy
    threads_same "run argmax --nan $nan --last" o run argmax --nan "$nan" --last big_arg.npy
    threads_same "run reduce-argmax --nan $nan" o run reduce-argmax --nan "$nan" big_arg.npy
done
threads_same "run argmin lines" o run argmin --axes 1 --index-type int32 big_lines.npy
expect "run cumsum float16 (an output to judge)" 0 "$D" run cumsum big_f16.npy -o big_f16_sum.npy
threads_same "check cumsum" - check cumsum big_f16.npy big_f16_sum.npy
expect "run argmax (an output to explain)" 0 "$D" run argmax --last big_arg.npy -o big_arg_max.npy
threads_same "explain argmax" - explain argmax big_arg.npy big_arg_max.npy
cat >big_desc.json <<'JSON'
{ "type": "DML_OPERATOR_REDUCE",
  "desc": { "Function": "DML_REDUCE_FUNCTION_ARGMIN",
            "InputTensor": { "DataType": "FLOAT32", "Sizes": [24, 9001] },
            "OutputTensor": { "DataType": "UINT64", "Sizes": [1, 9001] }, "Axes": [0] } }
JSON
threads_same "run --desc REDUCE ARGMIN" o run --desc big_desc.json big_lines.npy
# bad values: exit 2, one stderr line naming the option, no output file
for n in 0 -1 1025 x 2.5 "" 99999999999999999999; do
    rm -f bad_out.npy
    expect "run cumsum --threads '$n'" 2 "$D" run cumsum --threads "$n" m.npy -o bad_out.npy
    has "--threads '$n': names the option" err.txt "option --threads: '$n' is not an integer from 1 to 1024"
    [ "$(wc -l <err.txt)" -eq 1 ] || bad "--threads '$n': more than one stderr line"
    [ -e bad_out.npy ] && bad "run cumsum --threads '$n' wrote an output"
done
expect "--threads without a value" 2 "$D" run cumsum m.npy -o bad_out.npy --threads
has "--threads without a value: message" err.txt "option --threads needs a value"
expect "check --threads 0" 2 "$D" check cumsum h.npy h_default.npy --threads 0
expect "explain --threads 0" 2 "$D" explain cumsum h.npy h_default.npy --threads 0
expect "run --desc --threads 0" 2 "$D" run --desc big_desc.json --threads 0 big_lines.npy -o bad_out.npy
expect "compare takes no --threads" 2 "$D" compare a.npy a.npy --threads 2
"$D" run --help >out.txt
has "run --help: --threads" out.txt "--threads N"

# ---- reductions (cli/test_cli_reduce.sh) ---------------------------------------------------
. "$HERE/test_cli_reduce.sh"

# ---- files written by NumPy (tests/data/npy/) ----------------------------------------------
if [ -f "$NPY/dtype_f4.npy" ]; then
    . "$HERE/test_cli_npy.sh"
else
    bad "NumPy-written files not found in $NPY (tests/data/npy/generate.py)"
fi

# ---- compile checks ---------------------------------------------------------------------
SRC=$OLDPWD/cli
[ -f "$SRC/main.c" ] || SRC=$HERE
for cc in $CLI_TEST_COMPILERS; do
    case $cc in
    *++*) flags="-x c++ -std=c++11 -Wall -Wextra -Wpedantic -Werror" ;;
    *) flags="-std=c99 -Wall -Wextra -Wpedantic -Werror" ;;
    esac
    if command -v "$cc" >/dev/null 2>&1; then
        # shellcheck disable=SC2086
        expect "compile with $cc ($flags)" 0 "$cc" $flags -O0 -pthread $XXH_CFLAGS "$SRC"/*.c \
            "$SRC/../tests/dml_ref_impl.c" -o "dmlref_$(basename "$cc")" $XXH_LIBS -lm
    else
        echo "note: $cc not found, its compile check is skipped"
    fi
done

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
