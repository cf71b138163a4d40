# shellcheck shell=sh disable=SC2154
# cli/test_cli_npy.sh - the CLI on .npy files written by NumPy (tests/data/npy/, made by
# tests/data/npy/generate.py and committed: no Python needed here). Sourced by cli/test_cli.sh,
# whose helpers (expect, has, same, refused) and counters it uses; NPY is the data directory.

# hasline NAME FILE LINE: FILE has the line LINE exactly.
hasline() {
    if grep -F -x -q -e "$3" "$2"; then ok; else
        bad "$1: no line '$3' in $2"
        sed 's/^/    | /' "$2" | head -8
    fi
}

# every dtype the CLI reads: NumPy's cumsum (both axes), argmin and argmax
for s in f2 f4 f8 i1 i2 i4 i8 u1 u2 u4 u8; do
    x=$NPY/dtype_$s.npy
    expect "numpy $s: run cumsum" 0 "$D" run cumsum "$x" -o s.npy
    same "numpy $s: cumsum = np.cumsum(axis=-1)" "$NPY/dtype_$s.cumsum.npy" s.npy
    expect "numpy $s: run cumsum --axis 0" 0 "$D" run cumsum --axis 0 "$x" -o s.npy
    same "numpy $s: cumsum --axis 0 = np.cumsum(axis=0)" "$NPY/dtype_$s.cumsum0.npy" s.npy
    expect "numpy $s: run argmin" 0 "$D" run argmin --axes -1 "$x" -o i.npy
    same "numpy $s: argmin = np.argmin(keepdims)" "$NPY/dtype_$s.argmin.npy" i.npy
    expect "numpy $s: run argmax" 0 "$D" run argmax --axes -1 "$x" -o i.npy
    same "numpy $s: argmax = np.argmax(keepdims)" "$NPY/dtype_$s.argmax.npy" i.npy
done

# Fortran order
expect "numpy fortran f8: cumsum" 0 "$D" run cumsum "$NPY/fortran_f8.npy" -o s.npy
same "numpy fortran f8: cumsum last axis" "$NPY/fortran_f8.cumsum.npy" s.npy
expect "numpy fortran f8: cumsum --axis 0" 0 "$D" run cumsum --axis 0 "$NPY/fortran_f8.npy" -o s.npy
same "numpy fortran f8: cumsum axis 0" "$NPY/fortran_f8.cumsum0.npy" s.npy
expect "numpy fortran f8: argmax --axes 0" 0 "$D" run argmax --axes 0 "$NPY/fortran_f8.npy" -o i.npy
same "numpy fortran f8: argmax axis 0" "$NPY/fortran_f8.argmax0.npy" i.npy
expect "numpy fortran i4 3-D: cumsum --axis 1" 0 "$D" run cumsum --axis 1 "$NPY/fortran_i4.npy" -o s.npy
same "numpy fortran i4 3-D: cumsum axis 1" "$NPY/fortran_i4.cumsum1.npy" s.npy

# big-endian
for s in f2 f4 f8 i2 i4 i8 u2 u4 u8; do
    expect "numpy big-endian $s: cumsum" 0 "$D" run cumsum "$NPY/big_$s.npy" -o s.npy
    same "numpy big-endian $s: cumsum = np.cumsum (little-endian)" "$NPY/big_$s.cumsum.npy" s.npy
done
expect "numpy big-endian Fortran f4: cumsum --axis 0" 0 "$D" run cumsum --axis 0 "$NPY/big_fortran_f4.npy" -o s.npy
same "numpy big-endian Fortran f4: cumsum axis 0" "$NPY/big_fortran_f4.cumsum0.npy" s.npy

expect "numpy 0-d: cumsum" 0 "$D" run cumsum "$NPY/zero_d.npy" -o s.npy
same "numpy 0-d: cumsum of one element" "$NPY/zero_d.npy" s.npy

# malformed files: exit 2, one stderr line naming the file, no output file
for b in truncated truncated_header lying_shape shape_overflow bool complex structured object rank9 empty \
    version magic; do
    refused "numpy bad_$b.npy refused" "$NPY/bad_$b.npy"
done
"$D" run cumsum "$NPY/bad_lying_shape.npy" -o refused_out.npy 2>err.txt
has "lying shape: the message says why" err.txt "data size mismatch"
"$D" run cumsum "$NPY/bad_shape_overflow.npy" -o refused_out.npy 2>err.txt
has "shape overflow: the message says why" err.txt "too large"
"$D" run cumsum "$NPY/bad_truncated.npy" -o refused_out.npy 2>err.txt
has "truncated: the message says why" err.txt "data size mismatch"
expect "numpy bad file: digest exit 2" 2 "$D" digest "$NPY/bad_shape_overflow.npy"
expect "numpy bad file: compare exit 2" 2 "$D" compare "$NPY/dtype_f4.npy" "$NPY/bad_truncated.npy"
expect "numpy bad file: check exit 2" 2 "$D" check cumsum "$NPY/line_f32.npy" "$NPY/bad_lying_shape.npy"

# explain on NumPy's own float scans
expect "explain np.cumsum float16" 0 "$D" explain cumsum "$NPY/line_f16.npy" "$NPY/line_f16.np_cumsum.npy"
hasline "np.cumsum float16 is sequential, native accumulation" out.txt "  --order sequential --accumulation native"
if grep -q -e "--accumulation default" -e "--accumulation wide" out.txt; then
    bad "np.cumsum float16: explain lists a wider accumulation"
else ok; fi
expect "explain np.cumsum float32" 0 "$D" explain cumsum "$NPY/line_f32.npy" "$NPY/line_f32.np_cumsum.npy"
hasline "np.cumsum float32 is sequential, default accumulation" out.txt "  --order sequential --accumulation default"
if grep -q -e "--accumulation wide" -e "--order blocked" -e "--order exact" out.txt; then
    bad "np.cumsum float32: explain lists wide, blocked or exact"
else ok; fi

# check: a float64 tally rounded to float32 passes; the planted error is found
expect "check: float64-computed float32 cumsum passes" 0 "$D" check cumsum "$NPY/line_f32.npy" "$NPY/line_f32.wide_cumsum.npy"
has "check: float64-computed: nothing outside" out.txt "outside:     0"
expect "check: planted error flagged (exit 1)" 1 "$D" check cumsum "$NPY/line_f32.npy" \
    "$NPY/line_f32.wide_cumsum_planted.npy"
has "check: planted error: one outside, at [613]" out.txt "outside:     1  first: [613]"
has "check: planted error: OUTSIDE" out.txt "result:      OUTSIDE the bound"
expect "compare: planted error is the first difference" 1 "$D" compare "$NPY/line_f32.wide_cumsum.npy" \
    "$NPY/line_f32.wide_cumsum_planted.npy"
has "compare: planted error at [613]" out.txt "[613]"

# headers NumPy never writes, which NumPy's own reader reads differently or refuses (found while
# writing the fuzz target tests/fuzz/fuzz_npy.c): a repeated key (NumPy keeps the last value; the
# reader used to append a second shape's dimensions) and text after the dict
M float32 3 1 2 3 -o dup_shape.npy --raw-header "{'descr': '<f4', 'fortran_order': False, 'shape': (3,), 'shape': (1,), }"
refused "repeated 'shape' key refused" dup_shape.npy
M float32 2,3 1 2 3 4 5 6 -o dup_shape2.npy --raw-header "{'descr': '<f4', 'fortran_order': False, 'shape': (2,), 'shape': (3,)}"
refused "repeated 'shape' key whose dimensions would append refused" dup_shape2.npy
M float32 3 1 2 3 -o dup_descr.npy --raw-header "{'descr': '<f8', 'fortran_order': False, 'shape': (3,), 'descr': '<f4'}"
refused "repeated 'descr' key refused" dup_descr.npy
M float32 3 1 2 3 -o trailing.npy --raw-header "{'descr': '<f4', 'fortran_order': False, 'shape': (3,), } x"
refused "text after the header's dict refused" trailing.npy
M float32 3 1 2 3 -o padded.npy --raw-header "{'descr': '<f4', 'fortran_order': False, 'shape': (3,), }     
"
expect "header padded with spaces and a newline accepted" 0 "$D" run cumsum padded.npy -o s.npy
# a NUL byte inside the descr string: '<f4' NUL 'x' used to be read as '<f4' (header length 75:
# the 59-byte dict, 15 spaces, a newline)
nul_file() { # nul_file CHAR FILE: the header with descr '<f4' CHAR 'x', one float32
    # shellcheck disable=SC2059 # CHAR is an escape sequence for printf to expand
    { printf "\223NUMPY\001\000\113\000{'descr': '<f4$1x', 'fortran_order': False, 'shape': (1,), }"
        printf '%15s\n' ''
        printf '\000\000\200\077'; } >"$2"
}
nul_file '\000' nul_descr.npy
refused "descr '<f4' NUL 'x' refused" nul_descr.npy
has "descr with a NUL: not a simple dtype string" err.txt "'descr' is not a simple dtype string"
nul_file 'y' y_descr.npy
refused "descr '<f4yx' refused" y_descr.npy
has "descr '<f4yx': unsupported dtype" err.txt "unsupported dtype '<f4yx'"
