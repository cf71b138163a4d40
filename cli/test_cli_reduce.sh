# cli/test_cli_reduce.sh - the reductions' tests of the command-line tool (DML_OPERATOR_REDUCE's value
# functions: reduce-sum ... or `reduce --function F`), sourced by cli/test_cli.sh (its expect, has, same, M,
# ok, bad and $D). Known answers need no Python; the part that checks outputs against NumPy runs when
# ${PYTHON:-/usr/bin/python3} has it, and says so when it does not.

# refused_run NAME TEXT ARGS...: `dmlref ARGS` (with `-o bad_out.npy` for run and bound) exits 2 with one stderr
# line holding TEXT and writes no output file.
refused_run() {
    rname=$1
    rtext=$2
    shift 2
    rm -f bad_out.npy bad_out.npy.tmp*
    case $1 in
    run | bound) expect "$rname" 2 "$D" "$@" -o bad_out.npy ;;
    *) expect "$rname" 2 "$D" "$@" ;;
    esac
    has "$rname: message" err.txt "$rtext"
    [ "$(wc -l <err.txt)" -eq 1 ] || bad "$rname: $(wc -l <err.txt) stderr lines"
    ls bad_out.npy* >/dev/null 2>&1 && bad "$rname wrote an output"
}

# ---- known answers: each function, each spelling -----------------------------------------------
M float32 2,3 1 2 3 4 5 6 -o r.npy
M float32 1,3 5 7 9 -o r_sum0.npy
M float32 2,1 6 15 -o r_sum1.npy
M float32 1,1 21 -o r_sum_all.npy
for op in "reduce-sum" "reduce --function sum" "reduce --function SUM" "reduce --function DML_REDUCE_FUNCTION_SUM"; do
    # shellcheck disable=SC2086
    expect "run $op --axes 0" 0 "$D" run $op --axes 0 r.npy -o o.npy
    same "run $op --axes 0" r_sum0.npy o.npy
done
expect "run reduce --function sum --axes 0,1" 0 "$D" run reduce --function sum --axes 0,1 r.npy -o o.npy
same "run reduce sum over both axes" r_sum_all.npy o.npy
expect "run reduce-sum (every axis by default)" 0 "$D" run reduce-sum r.npy -o o.npy
same "run reduce-sum default axes" r_sum_all.npy o.npy
expect "run reduce --function sum --axes -1" 0 "$D" run reduce --function sum --axes -1 r.npy -o o.npy
same "run reduce sum --axes -1" r_sum1.npy o.npy
M float32 2,3 -1 2 -3 4 -5 6 -o rn.npy
# rows of rn: AVERAGE, L1, SUM_SQUARE, MULTIPLY; columns: MIN, MAX
for case in "average 2,1 -0.6666667 1.6666666" "l1 2,1 6 15" "sum-square 2,1 14 77" "multiply 2,1 6 -120"; do
    set -- $case
    M float32 "$2" $3 $4 -o want.npy
    expect "run reduce --function $1" 0 "$D" run reduce --function "$1" --axes 1 rn.npy -o o.npy
    same "reduce $1 known answer" want.npy o.npy
done
M float32 1,3 -1 -5 -3 -o want.npy
expect "run reduce-min --axes 0" 0 "$D" run reduce-min --axes 0 rn.npy -o o.npy
same "reduce-min known answer" want.npy o.npy
M float32 1,3 4 2 6 -o want.npy
expect "run reduce --function max --axes 0" 0 "$D" run reduce --function max --axes 0 rn.npy -o o.npy
same "reduce max known answer" want.npy o.npy
M float32 1,2 3 4 -o r34.npy
M float32 1,1 5 -o want.npy
expect "run reduce-l2" 0 "$D" run reduce-l2 r34.npy -o o.npy
same "reduce-l2 of (3, 4) is 5" want.npy o.npy
M float32 1,2 0.25 0.75 -o rq.npy
M float32 1,1 0 -o want.npy
expect "run reduce-log-sum" 0 "$D" run reduce-log-sum rq.npy -o o.npy
same "reduce-log-sum of 0.25 + 0.75 is 0" want.npy o.npy
# LOG_SUM_EXP of (100, 100) in float32: the shifted formula is finite, the plain one overflows
M float32 1,2 100 100 -o r100.npy
M float32 1,1 inf -o want.npy
expect "run reduce-log-sum-exp --log-sum-exp plain" 0 "$D" run reduce-log-sum-exp --log-sum-exp plain r100.npy -o o.npy
same "reduce-log-sum-exp plain overflows" want.npy o.npy
expect "run reduce --function log_sum_exp (shifted)" 0 "$D" run reduce --function log_sum_exp r100.npy -o o.npy
expect "shifted log-sum-exp is not the plain overflow" 1 "$D" compare want.npy o.npy
expect "run reduce-log-sum-exp --log-sum-exp shifted" 0 "$D" run reduce-log-sum-exp --log-sum-exp shifted r100.npy -o o2.npy
same "--log-sum-exp shifted is the default" o.npy o2.npy
# NaN policies of MIN/MAX
M float32 2,3 3 nan 1 nan nan nan -o rnan.npy
M float32 2,1 nan nan -o want.npy
expect "run reduce-min (nan propagate)" 0 "$D" run reduce-min --axes 1 rnan.npy -o o.npy
same "reduce-min: NaN propagates" want.npy o.npy
M float32 2,1 1 nan -o want.npy
expect "run reduce-min --nan ignore" 0 "$D" run reduce-min --axes 1 --nan ignore rnan.npy -o o.npy
same "reduce-min --nan ignore" want.npy o.npy
M float32 2,1 3 nan -o want.npy
expect "run reduce-max --nan compare" 0 "$D" run reduce-max --axes 1 --nan compare rnan.npy -o o.npy
same "reduce-max --nan compare: a later NaN never wins" want.npy o.npy
# integers wrap modulo 2^bits
M int8 1,3 100 100 100 -o ri8.npy
M int8 1,1 44 -o want.npy
expect "run reduce-sum int8" 0 "$D" run reduce-sum ri8.npy -o o.npy
same "reduce-sum int8 wraps (300 - 256)" want.npy o.npy
M uint8 2 16 16 -o ru8.npy
M uint8 1 0 -o want.npy
expect "run reduce-multiply uint8" 0 "$D" run reduce-multiply ru8.npy -o o.npy
same "reduce-multiply uint8 wraps (256)" want.npy o.npy
M int32 2 2147483647 1 -o ri32.npy
M int32 1 -2147483648 -o want.npy
expect "run reduce-sum int32" 0 "$D" run reduce-sum ri32.npy -o o.npy
same "reduce-sum int32 wraps" want.npy o.npy
# the float orders: 1e8 and fifteen 1s in float32
M float32 16 1e8 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 -o rp.npy
for case in "sequential 100000000" "pairwise 100000008" "blocked 100000008" "exact 100000016"; do
    set -- $case
    M float32 1 "$2" -o want.npy
    expect "run reduce-sum --order $1" 0 "$D" run reduce-sum --order "$1" rp.npy -o o.npy
    same "reduce-sum --order $1 of 1e8 + 15 x 1" want.npy o.npy
done
M float32 1 100000016 -o want.npy
expect "run reduce-sum --accumulation wide" 0 "$D" run reduce-sum --accumulation wide rp.npy -o o.npy
same "reduce-sum --accumulation wide" want.npy o.npy
expect "run reduce-sum --order pairwise --identity-seed" 0 "$D" run reduce-sum --order pairwise --identity-seed rp.npy -o rp_pw.npy
expect "run reduce-sum --order xla" 0 "$D" run reduce-sum --order xla --accumulation native rp.npy -o o.npy
expect "run reduce-sum --order torch-compile" 0 "$D" run reduce-sum --order torch-compile rp.npy -o o.npy
expect "run reduce-average --order tree:sklansky:4:after" 0 "$D" run reduce-average --order tree:sklansky:4:after rp.npy -o o.npy

# ---- bad arguments: exit 2, one line naming the option and its value, no output file -------------
refused_run "run reduce without --function" "OP reduce needs --function F (F: argmax, argmin, average" run reduce r.npy
refused_run "run reduce --function foo" "option --function: 'foo' is not one of argmax, argmin" run reduce --function foo r.npy
expect "run reduce --function (no value)" 2 "$D" run reduce r.npy -o bad_out.npy --function
has "run reduce --function (no value): message" err.txt "option --function needs a value"
refused_run "run cumsum --function sum" "option --function applies to OP reduce" run cumsum --function sum r.npy
refused_run "run reduce-sum --function sum" "option --function applies to OP reduce" run reduce-sum --function sum r.npy
refused_run "run reduce-sum --log-sum-exp plain" "option --log-sum-exp applies to reduce-log-sum-exp" \
    run reduce-sum --log-sum-exp plain r.npy
refused_run "run cumsum --log-sum-exp shifted" "option --log-sum-exp applies to reduce-log-sum-exp" \
    run cumsum --log-sum-exp shifted r.npy
refused_run "run reduce-log-sum-exp --log-sum-exp bogus" "option --log-sum-exp: 'bogus' is not shifted or plain" \
    run reduce-log-sum-exp --log-sum-exp bogus r.npy
refused_run "run cumsum --order pairwise" "option --order: 'pairwise' applies to reductions except" \
    run cumsum --order pairwise r.npy
refused_run "run reduce-multiply --order pairwise" "not reduce-multiply" run reduce-multiply --order pairwise r.npy
refused_run "run reduce-log-sum --order exact" "option --order: 'exact' applies to cumsum, reduce-average" \
    run reduce-log-sum --order exact r.npy
refused_run "run cumprod --order exact" "option --order: 'exact' applies to" run cumprod --order exact r.npy
refused_run "run reduce-max --order blocked" "option --order applies to scans, reductions except reduce-max/reduce-min" \
    run reduce-max --order blocked r.npy
refused_run "run reduce-min --identity-seed" "option --identity-seed applies to" run reduce-min --identity-seed r.npy
refused_run "run reduce-sum --nan ignore" "option --nan applies to arg reductions, reduce-max/reduce-min" \
    run reduce-sum --nan ignore r.npy
refused_run "run reduce-sum --axis 0" "reduce-sum takes --axes" run reduce-sum --axis 0 r.npy
refused_run "run reduce-sum --index-type int32" "option --index-type applies to arg reductions" \
    run reduce-sum --index-type int32 r.npy
refused_run "run reduce-sum --axes 2" "option --axes: 2 is out of range for a rank-2 input" run reduce-sum --axes 2 r.npy
refused_run "run reduce-sum --axes x" "option --axes: 'x' is not an integer" run reduce-sum --axes x r.npy
refused_run "run reduce-sum --axes 0,0 (library)" "REDUCE" run reduce-sum --axes 0,0 r.npy
refused_run "run reduce-sum --order exact --accumulation wide (library)" "EXACT" \
    run reduce-sum --order exact --accumulation wide r.npy
refused_run "run reduce-average int8 (library)" "INT8" run reduce-average ri8.npy
refused_run "run reduce-sum --order nope" "option --order: 'nope' is not sequential, blocked, exact, pairwise" \
    run reduce-sum --order nope r.npy
refused_run "bound reduce-sum" "dmlref_error_bound does not cover it" bound reduce-sum r.npy

# ---- run --desc: REDUCE with any Function ----------------------------------------------------
cat >rs_desc.json <<'JSON'
{"type": "DML_OPERATOR_REDUCE", "desc": {"Function": "DML_REDUCE_FUNCTION_SUM",
  "InputTensor": {"DataType": "FLOAT32", "Sizes": [2, 3]},
  "OutputTensor": {"DataType": "FLOAT32", "Sizes": [1, 3]}, "AxisCount": 1, "Axes": [0]}}
JSON
expect "run --desc REDUCE SUM" 0 "$D" run --desc rs_desc.json r.npy -o o.npy
same "run --desc REDUCE SUM known answer" r_sum0.npy o.npy
sed 's/DML_REDUCE_FUNCTION_SUM/LOG_SUM_EXP/; s/\[2, 3\]/[1, 2]/; s/"Sizes": \[1, 3\]/"Sizes": [1, 2]/' rs_desc.json \
    >rl_desc.json
expect "run --desc REDUCE LOG_SUM_EXP --log-sum-exp plain" 0 "$D" run --desc rl_desc.json --log-sum-exp plain r100.npy -o o.npy
expect "run option form" 0 "$D" run reduce-log-sum-exp --log-sum-exp plain --axes 0 r100.npy -o o2.npy
same "run --desc REDUCE LOG_SUM_EXP = option form" o2.npy o.npy
expect "run --desc REDUCE SUM --order pairwise" 0 "$D" run --desc rs_desc.json --order pairwise --accumulation wide r.npy -o o.npy
same "run --desc REDUCE SUM with command-line options" r_sum0.npy o.npy
for fn in AVERAGE L1 L2 LOG_SUM MAX MIN MULTIPLY SUM_SQUARE; do
    sed "s/DML_REDUCE_FUNCTION_SUM/$fn/" rs_desc.json >rf_desc.json
    lower=$(echo "$fn" | tr 'A-Z_' 'a-z-')
    expect "run --desc REDUCE $fn" 0 "$D" run --desc rf_desc.json r.npy -o o.npy
    expect "run reduce --function $lower --axes 0" 0 "$D" run reduce --function "$lower" --axes 0 r.npy -o o2.npy
    same "run --desc REDUCE $fn = option form" o2.npy o.npy
done
sed 's/DML_REDUCE_FUNCTION_SUM/FOO/' rs_desc.json >rbad_desc.json
refused_run "run --desc REDUCE Function FOO" "Function: unknown value 'FOO' (DML_REDUCE_FUNCTION_ ARGMAX, ARGMIN" \
    run --desc rbad_desc.json r.npy
sed 's/"DataType": "FLOAT32", "Sizes": \[1, 3\]/"DataType": "INT64", "Sizes": [1, 3]/' rs_desc.json >rint_desc.json
refused_run "run --desc REDUCE SUM with an index output" "OutputTensor DataType INT64" run --desc rint_desc.json r.npy
refused_run "run --desc with --function" "come from the JSON desc" run --desc rs_desc.json --function sum r.npy
refused_run "run --desc REDUCE SUM --log-sum-exp" "option --log-sum-exp applies to reduce-log-sum-exp" \
    run --desc rs_desc.json --log-sum-exp plain r.npy
sed "s/DML_REDUCE_FUNCTION_SUM/MAX/" rs_desc.json >rmax_desc.json
refused_run "run --desc REDUCE MAX --order" "option --order applies to" run --desc rmax_desc.json --order blocked r.npy

# ---- explain and check ------------------------------------------------------------------------
# 3e7 and eleven 1s: only PAIRWISE gives 30000008 (SEQUENTIAL 30000000, EXACT 30000012)
M float32 12 3e7 1 1 1 1 1 1 1 1 1 1 1 -o rp12.npy
M float32 1 30000008 -o rp12_pw.npy
expect "explain reduce-sum (pairwise output)" 0 "$D" explain reduce-sum rp12.npy rp12_pw.npy
has "explain reduce-sum finds pairwise" out.txt "  --order pairwise --accumulation default --identity-seed"
has "explain reduce-sum: 4 of 614 configurations" out.txt "4 of 614 configurations reproduce it"
expect "explain reduce --function sum --axes 0" 0 "$D" explain reduce --function sum --axes 0 r.npy r_sum0.npy
has "explain keeps --axes" out.txt " --axes 0"
"$D" run reduce-log-sum-exp --log-sum-exp plain --order blocked r.npy -o rlse.npy
expect "explain reduce-log-sum-exp" 0 "$D" explain reduce-log-sum-exp r.npy rlse.npy
has "explain reduce-log-sum-exp: --log-sum-exp varies" out.txt "--log-sum-exp plain"
has "explain reduce-log-sum-exp: 1224 configurations" out.txt "of 1224 configurations"
"$D" run reduce-max --axes 1 --nan ignore rnan.npy -o rnan_max.npy
expect "explain reduce-max --nan" 0 "$D" explain reduce-max --axes 1 rnan.npy rnan_max.npy
has "explain reduce-max: --nan ignore" out.txt "  --nan ignore --axes 1"
has "explain reduce-max: 3 configurations" out.txt "of 3 configurations"
"$D" run reduce-sum ri8.npy -o ri8_sum.npy
expect "explain reduce-sum int8" 0 "$D" explain reduce-sum ri8.npy ri8_sum.npy
has "explain reduce-sum int8: one answer" out.txt "is an integer reduction"
expect "explain reduce-sum: wrong shape" 2 "$D" explain reduce-sum --axes 0 r.npy r_sum1.npy
has "explain reduce-sum: wrong shape names both" err.txt "do not match the operator's output (float32, shape (1, 3))"
M float32 1,3 5 7 10 -o r_sum0_off.npy
expect "explain reduce-sum: no configuration" 1 "$D" explain reduce-sum --axes 0 r.npy r_sum0_off.npy
has "explain reduce-sum: the closest" out.txt "no configuration reproduces"
M float32 1 100000016 -o rp_exact.npy
M float32 1 100000000 -o rp_seq.npy
expect "check reduce-sum of the EXACT output" 0 "$D" check reduce-sum rp.npy rp_exact.npy
has "check reduce-sum: reference" out.txt "reference:   EXACT"
has "check reduce-sum: ulp" out.txt "ulp:         median 0, p90 0, max 0"
has "check reduce-sum: no bound, said" out.txt "bound:       none: dmlref_error_bound does not cover REDUCE SUM yet"
has "check reduce-sum: no verdict" out.txt "result:      no verdict"
expect "check reduce-sum SEQUENTIAL output" 0 "$D" check reduce-sum rp.npy rp_seq.npy
has "check reduce-sum SEQUENTIAL: 2 ulp" out.txt "max 2"
expect "check reduce-sum --ulp 2" 0 "$D" check reduce-sum --ulp 2 rp.npy rp_seq.npy
has "check --ulp 2: within" out.txt "within the ULP tolerance"
expect "check reduce --function sum --ulp 1" 1 "$D" check reduce --function sum --ulp 1 rp.npy rp_seq.npy
has "check --ulp 1: outside, first index" out.txt "outside:     1 farther than 1 ulp  first: [0]"
"$D" run reduce-multiply --axes 1 rn.npy -o rn_prod.npy
expect "check reduce-multiply" 0 "$D" check reduce-multiply --axes 1 --ulp 0 rn.npy rn_prod.npy
has "check reduce-multiply: its reference" out.txt "SEQUENTIAL, accumulation wide (REDUCE MULTIPLY has no EXACT order)"
expect "check reduce-max" 0 "$D" check reduce-max --axes 1 --nan ignore --ulp 0 rnan.npy rnan_max.npy
has "check reduce-max: the one answer" out.txt "reference:   the one answer"
expect "check reduce-sum int8" 0 "$D" check reduce-sum --ulp 0 ri8.npy ri8_sum.npy
expect "check reduce-sum: wrong shape" 2 "$D" check reduce-sum rp.npy r.npy
refused_run "check cumsum --ulp" "option --ulp applies to check of reductions" check cumsum --ulp 1 r.npy r.npy
refused_run "check --ulp -1" "option --ulp: '-1' is not a non-negative integer" check reduce-sum --ulp -1 rp.npy rp_seq.npy
refused_run "check --ulp (no value)" "option --ulp needs a value" check reduce-sum rp.npy rp_seq.npy --ulp
refused_run "check reduce-argmax" "check judges cumsum/cumprod and the reductions" check reduce-argmax r.npy r.npy

# ---- help and threads ---------------------------------------------------------------------------
"$D" run --help >out.txt
has "run --help: --function" out.txt "or OP reduce with --function F, F: argmax | argmin | average"
has "run --help: --order's operators" out.txt "--order O          scans, reductions except reduce-max/reduce-min:"
has "run --help: --axes's operators" out.txt "--axes N,M,...     arg reductions, reductions:"
has "run --help: --log-sum-exp" out.txt "--log-sum-exp F    reduce-log-sum-exp:"
has "run --help: --desc Functions" out.txt "Function ARGMAX, ARGMIN, AVERAGE, L1, L2, LOG_SUM, LOG_SUM_EXP"
"$D" check --help >out.txt
has "check --help: reductions" out.txt "dmlref_error_bound does not cover them yet"
threads_same "run reduce-sum lines axis 0" o run reduce-sum --axes 0 big_lines.npy
threads_same "run reduce-sum pairwise one line" o run reduce-sum --order pairwise big_f32.npy
threads_same "run reduce-max --nan ignore" o run reduce-max --nan ignore big_arg.npy

# ---- against NumPy (when python has it) -----------------------------------------------------------
PY=${PYTHON:-/usr/bin/python3}
if "$PY" -c 'import numpy' 2>/dev/null; then
    "$PY" - <<'PYTHON' || bad "NumPy inputs for the reduction tests"
import numpy as np
rng = np.random.default_rng(17)
def save(name, a):
    np.save(name + ".npy", a)
# np.sum with float64 inputs is EXACT-then-round for small integer-valued data
x = rng.integers(-1000, 1000, (6, 7, 5)).astype(np.float64)
save("nx64", x)
save("nx64_sum02", np.sum(x, axis=(0, 2), keepdims=True))
save("nx64_sum1", np.sum(x, axis=1))
save("nx64_max", np.max(x, axis=(1, 2)))
# MIN/MAX with NaN (np.min / np.max propagate, np.fmin/np.fmax.reduce ignore)
f = rng.standard_normal((5, 9)).astype(np.float32)
f[1, 3] = np.nan
f[4, :] = np.nan
save("nf32", f)
save("nf32_max", np.max(f, axis=1))
save("nf32_min0", np.min(f, axis=0, keepdims=True))
save("nf32_fmax", np.fmax.reduce(f, axis=1))
# integer SUM and MULTIPLY modulo 2^bits
for t in ("int8", "uint16", "int32", "uint64"):
    i = rng.integers(0, 200, (4, 33)).astype(t)
    save("ni_" + t, i)
    save("ni_%s_sum" % t, np.sum(i, axis=1, dtype=t))
    save("ni_%s_prod" % t, np.prod(i, axis=0, dtype=t))
# np.sum along the last axis (up to 8192 elements: one pairwise sum seeded with +0.0) and along axis 0
for t in ("float16", "float32", "float64"):
    a = rng.standard_normal((3, 1000)).astype(t)
    a[0, 0] = -0.0
    save("ns_" + t, a)
    save("ns_%s_last" % t, np.sum(a, axis=-1))
    b = rng.standard_normal((1000, 3)).astype(t)
    save("ns0_" + t, b)
    save("ns0_%s_first" % t, np.sum(b, axis=0))
PYTHON
    expect "numpy: float64 sum --axes 0,2 --order exact" 0 "$D" run reduce --function sum --axes 0,2 --order exact nx64.npy -o o.npy
    same "numpy: np.sum(axis=(0, 2)) = EXACT" nx64_sum02.npy o.npy
    expect "numpy: float64 reduce-sum --axes 1" 0 "$D" run reduce-sum --axes 1 nx64.npy -o o.npy
    same "numpy: np.sum(axis=1), small integers" nx64_sum1.npy o.npy
    expect "numpy: reduce-max --axes 1,2" 0 "$D" run reduce-max --axes 1,2 nx64.npy -o o.npy
    same "numpy: np.max(axis=(1, 2))" nx64_max.npy o.npy
    expect "numpy: reduce-max NaN" 0 "$D" run reduce-max --axes 1 nf32.npy -o o.npy
    same "numpy: np.max with NaN (propagate)" nf32_max.npy o.npy
    expect "numpy: reduce-min NaN axis 0" 0 "$D" run reduce-min --axes 0 nf32.npy -o o.npy
    same "numpy: np.min(axis=0) with NaN" nf32_min0.npy o.npy
    expect "numpy: reduce-max --nan ignore" 0 "$D" run reduce-max --axes 1 --nan ignore nf32.npy -o o.npy
    same "numpy: np.fmax.reduce = --nan ignore" nf32_fmax.npy o.npy
    for t in int8 uint16 int32 uint64; do
        expect "numpy: reduce-sum $t" 0 "$D" run reduce-sum --axes 1 "ni_$t.npy" -o o.npy
        same "numpy: np.sum $t modulo 2^bits" "ni_${t}_sum.npy" o.npy
        expect "numpy: reduce-multiply $t" 0 "$D" run reduce-multiply --axes 0 "ni_$t.npy" -o o.npy
        same "numpy: np.prod $t modulo 2^bits" "ni_${t}_prod.npy" o.npy
    done
    for t in float16 float32 float64; do
        expect "numpy: np.sum $t last axis" 0 "$D" run reduce-sum --axes -1 --order pairwise --identity-seed "ns_$t.npy" -o o.npy
        same "numpy: np.sum $t last axis = pairwise, identity seed" "ns_${t}_last.npy" o.npy
        acc=default
        [ $t = float16 ] && acc=native
        expect "numpy: np.sum $t axis 0" 0 "$D" run reduce-sum --axes 0 --accumulation $acc --identity-seed "ns0_$t.npy" -o o.npy
        same "numpy: np.sum $t axis 0 = sequential, $acc, identity seed" "ns0_${t}_first.npy" o.npy
    done
    expect "numpy: explain np.sum float32" 0 "$D" explain reduce-sum --axes 1 ns_float32.npy ns_float32_last.npy
    has "numpy: explain np.sum float32 finds pairwise" out.txt "  --order pairwise --accumulation default --identity-seed --axes 1"
    expect "numpy: check np.sum float32" 0 "$D" check reduce-sum --axes 1 ns_float32.npy ns_float32_last.npy
    has "numpy: check np.sum float32 against EXACT" out.txt "reference:   EXACT"
else
    echo "note: $PY has no NumPy: the reductions' NumPy checks are skipped"
fi
