#!/usr/bin/env bash
# .ci/test-all.sh CELL... - run each cell of the test matrix (a make target:
# test, test-scalar, ..., valgrind; `make test-all` passes the list), every one
# even when an earlier one fails. Each cell's output goes to build/matrix/CELL.log.
# JOBS cells run at once (default: the number of CPUs), since most of a cell's time
# is one process running the suite; cells joined by '+' (test+test-cli) share a build
# directory and run one after another, in that order, in one job.
# Prints one row per cell as its job ends (cell, result, seconds): "ok" or "FAIL",
# then the cell's "N passed, N failed" lines (test-compile: its checks counted
# the same way; a build failure: the first compiler error). The last line is
# "N passed, N failed" counting CELLS: a cell passes when its make target exits 0.
# Exit status 0 when every cell passed. MAKE names make (default: make).
set -u
cd "$(dirname "$0")/.." || exit 2
make_cmd=${MAKE:-make}
if [ $# -eq 0 ]; then
    echo "usage: $0 CELL... (make targets; \`make test-all\` runs the whole matrix)" >&2
    exit 2
fi

logdir=build/matrix
mkdir -p "$logdir" || exit 2

now() { date +%s.%N; }

# The result text of a finished cell: its summary lines, or why it has none.
describe() { # describe LOG STATUS
    local raw=$1 status=$2 log sums ok bad err
    log=$raw.tmp
    tr -d '\r' <"$raw" >"$log" # wine's output ends its lines with CRLF
    sums=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$log" | paste -sd';' - | sed 's/;/; /g')
    if [ -z "$sums" ] && grep -qE '^  .* (ok|FAIL)$' "$log"; then # test-compile's check lines
        ok=$(grep -cE '^  .* ok$' "$log")
        bad=$(grep -cE '^  .* FAIL$' "$log")
        sums="$ok passed, $bad failed"
    fi
    if [ -n "$sums" ]; then
        printf '%s' "$sums"
        [ "$status" -ne 0 ] && ! grep -qE '^[0-9]+ passed, [1-9][0-9]* failed$' "$log" &&
            printf '; then make exit %s' "$status"
    elif [ "$status" -ne 0 ]; then
        err=$(grep -m1 -E '(^|: )(fatal )?error:' "$log" || grep -m1 -E 'not found|\*\*\*' "$log")
        err=$(printf '%s' "$err" | cut -c1-110)
        printf 'no summary, make exit %s: %s' "$status" "${err:-see log}"
    elif grep -qE '^Done [0-9]+ runs in ' "$log"; then # libFuzzer's last line of a clean run
        printf 'fuzzed: %s, no crash or failed check' "$(grep -E '^Done [0-9]+ runs in ' "$log" | tail -n1)"
    else
        printf 'no summary line (exit 0): %s' "$(tail -n1 "$log" | cut -c1-80)"
    fi
    rm -f "$log"
}

jobs=${JOBS:-$(nproc 2>/dev/null || echo 1)}
case $jobs in '' | *[!0-9]* | 0) echo "$0: JOBS must be a positive number (got '$jobs')" >&2; exit 2 ;; esac

# run_job CELL[+CELL...]: each cell in turn; its exit status and seconds go to LOG.status.
run_job() {
    local cell t0 status
    for cell in ${1//+/ }; do
        t0=$(now)
        $make_cmd --no-print-directory "$cell" >"$logdir/$cell.log" 2>&1 </dev/null
        status=$?
        echo "$status $(awk -v a="$t0" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }')" >"$logdir/$cell.status"
    done
}

pass=0 fail=0 width=4
for job in "$@"; do
    for cell in ${job//+/ }; do [ ${#cell} -gt "$width" ] && width=${#cell}; done
done
# report JOB: the rows of a finished job's cells.
report() {
    local cell status secs
    for cell in ${1//+/ }; do
        read -r status secs <"$logdir/$cell.status" 2>/dev/null || { status=1 secs=?; }
        if [ "$status" -eq 0 ]; then result=ok; pass=$((pass + 1)); else result=FAIL; fail=$((fail + 1)); fi
        printf "%-${width}s  %-6s %8s  %s\n" "$cell" "$result" "$secs" "$(describe "$logdir/$cell.log" "$status")"
    done
}
printf "%-${width}s  %-6s %8s  %s\n" cell result seconds "details (logs: $logdir/CELL.log; $jobs at once)"
t_all=$(now)
declare -A running=() # pid -> job
for job in "$@"; do
    for cell in ${job//+/ }; do rm -f "$logdir/$cell.status"; done
    while [ "${#running[@]}" -ge "$jobs" ]; do
        wait -n -p done_pid
        report "${running[$done_pid]}"
        unset "running[$done_pid]"
    done
    run_job "$job" &
    running[$!]=$job
done
while [ "${#running[@]}" -gt 0 ]; do
    wait -n -p done_pid
    report "${running[$done_pid]}"
    unset "running[$done_pid]"
done
secs=$(awk -v a="$t_all" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }')
printf "%-${width}s  %-6s %8s\n" total "" "$secs"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
