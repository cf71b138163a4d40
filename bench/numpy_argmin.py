"""bench/numpy_argmin.py - dml_ref's argmin/argmax through its Python module against NumPy's, in cache.

In one process, on NumPy-allocated float32 arrays of 1 Mi elements (4 MiB: normal data, and the same
data with the minimum and the maximum moved near the end), it times np.argmin / np.argmax and
dml_ref.argmin / dml_ref.argmax called as a user calls them (default arguments: threads=None, every CPU
on the module's pool), and again with threads=1 (the calling thread alone), each the best of many
repeats, interleaved so that a slow phase of the machine hits all of them alike. It prints GB/s (input bytes / time) and the ratio dml_ref / NumPy
(NumPy's time / dml_ref's) for each, and the module's per-call cost on a 16-element array, which the
last column subtracts to show the kernel's own rate. It then times memory-sized argmin/argmax against
NumPy, and cumprod against PyTorch where it imports (in PyTorch's order, the same bits).

Run:  make bench-numpy   (builds build/libdml_ref.so; /usr/bin/python3 with Debian's python3-numpy)
      --quick: fewer repeats, a smoke test
bench/README.md describes the rows and their target.
"""

import functools
import math
import os
import platform
import sys
import time

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))
import dml_ref  # noqa: E402  (the path above must come first)

ELEMENTS = 1 << 20
TINY = 16
SEED = 20261125
ONE = 1  # the one-thread rows: dml_ref's threads=


def per_call(fn, arg, calls):
    """Seconds per call of fn(arg), over `calls` calls in a row."""
    start = time.perf_counter_ns()
    for _ in range(calls):
        fn(arg)
    return (time.perf_counter_ns() - start) * 1e-9 / calls


def best_times(cases, repeats, calls):
    """Best seconds per call of every (fn, arg) in cases. Each repeat times every case once, in an order that
    rotates from repeat to repeat, so that no case always follows the same other one."""
    best = [math.inf] * len(cases)
    for fn, arg in cases:
        fn(arg)  # warm-up: first-call costs (ctypes, page faults) out of the timing
    for r in range(repeats):
        for i in range(len(cases)):
            k = (i + r) % len(cases)
            fn, arg = cases[k]
            best[k] = min(best[k], per_call(fn, arg, calls))
    return best


def data_sets():
    """(name, array): normal float32 data, and a copy with its minimum and maximum near the end."""
    normal = np.random.default_rng(SEED).standard_normal(ELEMENTS, dtype=np.float32)
    late = normal.copy()
    late[ELEMENTS - 7] = normal.min() - 1.0
    late[ELEMENTS - 3] = normal.max() + 1.0
    return [("normal", normal), ("extremes near the end", late)]


def large_rows(quick):
    """Memory-sized rows: (name, baseline, dml_ref call, its input bytes) for argmin of a 64 Mi-element float32
    line, argmin along axis 1 of a 4096x4096 float32 matrix and argmax of a 64 Mi-element int32 line against
    NumPy, and, where PyTorch imports, cumprod of a 16 Mi-element float32 line against torch.cumprod (CPU,
    the better of 1 and 2 threads; dml_ref in PyTorch's order: SEQUENTIAL, WIDE, identity seed, see
    docs/reproducing.md). Each call's answer is checked against the baseline's first."""
    rng = np.random.default_rng(SEED + 2)
    n = (1 << 22) if quick else (1 << 26)
    side = 1024 if quick else 4096
    line = rng.standard_normal(n, dtype=np.float32)
    square = rng.standard_normal((side, side), dtype=np.float32)
    ints = rng.integers(-(1 << 31), 1 << 31, size=n, dtype=np.int32)
    rows = [("argmin float32, %d Mi line" % (n >> 20), functools.partial(np.argmin, line),
             lambda: dml_ref.argmin(line), line.nbytes, lambda a, b: int(a) == b.item()),
            ("argmin float32 %dx%d axis 1" % (side, side), functools.partial(np.argmin, square, axis=1),
             lambda: dml_ref.argmin(square, axes=1, keepdims=False), square.nbytes,
             lambda a, b: np.array_equal(a, b)),
            ("argmax int32, %d Mi line" % (n >> 20), functools.partial(np.argmax, ints),
             lambda: dml_ref.argmax(ints), ints.nbytes, lambda a, b: int(a) == b.item())]
    try:
        import torch  # noqa: PLC0415  (optional: the row runs only where PyTorch is installed)
    except ImportError:
        return rows, None
    m = n // 4
    near1 = (1 + rng.standard_normal(m, dtype=np.float32) * np.float32(1e-4)).astype(np.float32)
    t = torch.from_numpy(near1)

    def torch_best():
        """Nanoseconds of torch.cumprod with 1 thread and with 2, the better; PyTorch's setting restored."""
        before, best = torch.get_num_threads(), None
        for threads in (1, 2):
            torch.set_num_threads(threads)
            start = time.perf_counter_ns()
            torch.cumprod(t, 0)
            took = time.perf_counter_ns() - start
            best = took if best is None or took < best else best
        torch.set_num_threads(before)
        return best

    rows.append(("cumprod float32, %d Mi line (vs PyTorch %s)" % (m >> 20, torch.__version__),
                 lambda: torch.cumprod(t, 0), lambda: dml_ref.cumprod(near1, accumulation="wide", identity_seed=True),
                 2 * near1.nbytes,
                 lambda a, b: np.array_equal(a.numpy(), b)))
    return rows, torch_best


def print_large(quick):
    """The memory-sized rows: best of a few interleaved calls each (PyTorch: its best thread count)."""
    rows, torch_best = large_rows(quick)
    repeats = 2 if quick else 5
    print()
    print("%-46s %10s %10s %10s %10s %7s" % ("memory-sized case (default threads)", "baseline", "GB/s", "dml_ref",
                                             "GB/s", "ratio"))
    for name, base, mine, nbytes, same in rows:
        if not same(base(), mine()):
            print("numpy_argmin: %s: dml_ref and the baseline disagree" % name, file=sys.stderr)
            return 1
        on_torch = torch_best is not None and name.startswith("cumprod")
        t_base = t_mine = math.inf
        for _ in range(repeats):
            start = time.perf_counter_ns()
            if on_torch:  # PyTorch at 1 and at 2 threads, not at its default
                t_base = min(t_base, torch_best() * 1e-9)
            else:
                base()
            mid = time.perf_counter_ns()
            mine()
            end = time.perf_counter_ns()
            if not on_torch:
                t_base = min(t_base, (mid - start) * 1e-9)
            t_mine = min(t_mine, (end - mid) * 1e-9)
        print("%-46s %8.2f ms %10.2f %8.2f ms %10.2f %7.3f" % (name, t_base * 1e3, nbytes / t_base * 1e-9,
                                                              t_mine * 1e3, nbytes / t_mine * 1e-9, t_base / t_mine))
    return 0


def main(argv):
    quick = "--quick" in argv[1:]
    unknown = [a for a in argv[1:] if a != "--quick"]
    if unknown:
        print("usage: numpy_argmin.py [--quick]", file=sys.stderr)
        return 2
    repeats, calls, tiny_calls = (5, 4, 50) if quick else (40, 16, 400)
    sets = data_sets()
    tiny = np.random.default_rng(SEED + 1).standard_normal(TINY, dtype=np.float32)

    operators = [(name, np_fn, dml_fn, functools.partial(dml_fn, threads=ONE))
                 for name, np_fn, dml_fn in (("argmin", np.argmin, dml_ref.argmin),
                                             ("argmax", np.argmax, dml_ref.argmax))]
    for _, x in sets:  # the same answers, or the timing means nothing
        for name, np_fn, dml_fn, one_thread in operators:
            if not dml_fn(x).item() == one_thread(x).item() == int(np_fn(x)):
                print("numpy_argmin: dml_ref.%s and np.%s disagree" % (name, name), file=sys.stderr)
                return 1

    cases = []
    for _, x in sets:
        for _, np_fn, dml_fn, one_thread in operators:
            cases += [(np_fn, x), (dml_fn, x), (one_thread, x)]
    large = best_times(cases, repeats, calls)
    small = best_times([(dml_fn, tiny) for _, _, dml_fn, _ in operators] +
                       [(one_thread, tiny) for _, _, _, one_thread in operators] +
                       [(np_fn, tiny) for _, np_fn, _, _ in operators], repeats, tiny_calls)
    overhead = {(name, threads): small[k + (2 if threads == ONE else 0)]
                for k, (name, _, _, _) in enumerate(operators) for threads in (None, ONE)}

    x0 = sets[0][1]
    v = dml_ref.version()
    print("# dml_ref %d.%d.%d (ISA %s) vs NumPy %s, Python %s, %s" % (v // 10000, v // 100 % 100, v % 100,
                                                                     dml_ref.best_isa(), np.__version__,
                                                                     platform.python_version(), platform.machine()))
    print("# %d float32 elements (%d KiB), NumPy-allocated (address %% 64 = %d); best of %d repeats of %d calls"
          % (ELEMENTS, x0.nbytes // 1024, x0.ctypes.data % 64, repeats, calls))
    print("# GB/s = input bytes / time per call; ratio = NumPy's time / dml_ref's (target >= 1.2); kernel = "
          "dml_ref's time less its per-call cost on %d elements" % TINY)
    print("# rows 'default': dml_ref.argmin(x) (threads=None: the %d CPUs this process may run on, on the module's "
          "pool); rows 'threads=1': dml_ref.argmin(x, threads=1), against the same NumPy time"
          % dml_ref._cpu_count())
    print()
    print("%-42s %10s %10s %10s %10s %7s %12s" % ("case", "NumPy", "GB/s", "dml_ref", "GB/s", "ratio",
                                                  "kernel GB/s"))
    k = 0
    for set_name, x in sets:
        for name, _, _, _ in operators:
            t_np = large[k]
            for threads, t_dml in ((None, large[k + 1]), (ONE, large[k + 2])):
                kernel = t_dml - overhead[(name, threads)]
                print("%-42s %8.1f us %10.2f %8.1f us %10.2f %7.3f %12s"
                      % ("%s, %s, %s" % (name, set_name, "default" if threads is None else "threads=1"),
                         t_np * 1e6, x.nbytes / t_np * 1e-9, t_dml * 1e6, x.nbytes / t_dml * 1e-9, t_np / t_dml,
                         "%.2f" % (x.nbytes / kernel * 1e-9) if kernel > 0 else "-"))
            k += 3
    print()
    print("per call on %d elements: dml_ref.argmin %.2f us (threads=1: %.2f us), dml_ref.argmax %.2f us "
          "(threads=1: %.2f us), np.argmin %.2f us, np.argmax %.2f us"
          % (TINY, small[0] * 1e6, small[2] * 1e6, small[1] * 1e6, small[3] * 1e6,
             small[4] * 1e6, small[5] * 1e6))
    return print_large(quick)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
