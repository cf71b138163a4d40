#!/usr/bin/python3
"""tests/data/numpy/generate.py - conformance cases computed by NumPy itself.

Run with Debian's Python and NumPy (the NumPy version is recorded in every case):

    /usr/bin/python3 tests/data/numpy/generate.py

It rewrites every numpy_*.json file and INDEX.md in this directory (stale
numpy_*.json files are removed). The inputs come from numpy.random.default_rng
seeded with a fixed number per case, so a rerun with the same NumPy gives the
same bytes.

Each expected output is what NumPy computes (np.cumsum, np.cumprod, np.argmin,
np.argmax; reverse scans as np.flip(np.cumsum(np.flip(x)))). Before a case is
written, the generator replays it with element-by-element Python models of
dml_ref's options (accumulation DEFAULT / NATIVE / WIDE, identity_seed
false / true, NaN policy PROPAGATE / IGNORE / COMPARE) and records which ones
reproduce NumPy's bits; the case's "options" are the ones that do, and the
generator stops if NumPy matches none of them. See README.md.
"""

import json
import os
import struct
import sys
import zlib
from fractions import Fraction

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
NP_VERSION = np.__version__
GENERATOR = "tests/data/numpy/generate.py"

DTYPES = {
    np.dtype(np.float16): ("FLOAT16", np.uint16, 4),
    np.dtype(np.float32): ("FLOAT32", np.uint32, 8),
    np.dtype(np.float64): ("FLOAT64", np.uint64, 16),
    np.dtype(np.int64): ("INT64", np.uint64, 16),
}

# ---- JSON output ---------------------------------------------------------------


def scalar_json(v):
    if isinstance(v, (bool, np.bool_)):
        return "true" if v else "false"
    if v is None:
        return "null"
    if isinstance(v, (int, np.integer)):
        return str(int(v))
    if isinstance(v, (float, np.floating)):
        f = float(v)
        if f != f:
            return '"NaN"'  # JSON has no NaN: data_hex holds the bits
        if f == float("inf"):
            return '"Infinity"'
        if f == float("-inf"):
            return '"-Infinity"'
        return repr(f)  # the element's exact value (a binary16/32 value is exact in a double)
    return json.dumps(v)


def dump(v, indent=0):
    pad = " " * (indent + 2)
    if isinstance(v, dict):
        if not v:
            return "{}"
        items = [pad + json.dumps(k) + ": " + dump(x, indent + 2) for k, x in v.items()]
        return "{\n" + ",\n".join(items) + "\n" + " " * indent + "}"
    if isinstance(v, (list, tuple)):
        if all(not isinstance(x, (dict, list, tuple)) for x in v):
            return "[" + ", ".join(scalar_json(x) for x in v) + "]"
        items = [pad + dump(x, indent + 2) for x in v]
        return "[\n" + ",\n".join(items) + "\n" + " " * indent + "]"
    return scalar_json(v)


def hex_list(a):
    name, utype, digits = DTYPES[a.dtype]
    bits = np.ascontiguousarray(a).reshape(-1).view(utype)
    return ["0x%0*x" % (digits, int(b)) for b in bits]


def tensor_json(a):
    a = np.ascontiguousarray(a)
    return {
        "dtype": DTYPES[a.dtype][0],
        "sizes": [int(s) for s in a.shape],
        "data": [x for x in a.reshape(-1).tolist()],
        "data_hex": hex_list(a),
    }


def bits_of(a):
    return np.ascontiguousarray(a).reshape(-1).view(DTYPES[a.dtype][1]).tolist()


# ---- models of dml_ref's scans, one element at a time -----------------------------


def round16_exact(v):
    """A double rounded once to binary16 (nearest even), by struct's pure-Python packing."""
    try:
        return struct.unpack("<e", struct.pack("<e", v))[0]
    except OverflowError:
        return float("inf") if v > 0 else float("-inf")


def scan_line_model(line, op, accumulation, identity_seed):
    """One line (a 1-D array in traversal order) scanned the way dml_ref's SEQUENTIAL
    order does it with the given accumulation; returns an array of line's dtype.

    NATIVE: every step rounds to the tensor's type; for FLOAT16 that is
            np.float16(np.float32(tally) op np.float32(x)).
    DEFAULT: FLOAT16 tallies in float32, each output rounded to binary16; FLOAT32/64
            tally in their own type.
    WIDE:   FLOAT16/FLOAT32 tally in float64, each output rounded once."""
    dt = line.dtype.type
    if accumulation == "NATIVE" or (accumulation == "DEFAULT" and dt is not np.float16):
        acc = np.float32 if dt is np.float16 else dt
        store = dt

        def step(t, x):
            r = (acc(t) + acc(x)) if op == "sum" else (acc(t) * acc(x))
            return store(r)
    elif accumulation == "DEFAULT":  # FLOAT16 in float32
        acc = np.float32

        def step(t, x):
            return (t + acc(x)) if op == "sum" else (t * acc(x))
    elif accumulation == "WIDE":
        acc = np.float64

        def step(t, x):
            return (t + acc(x)) if op == "sum" else (t * acc(x))
    else:
        raise ValueError(accumulation)
    out = np.empty(line.shape, dtype=line.dtype)
    if accumulation == "NATIVE" or (accumulation == "DEFAULT" and dt is not np.float16):
        tally = dt(0.0 if op == "sum" else 1.0) if identity_seed else None
        for i, x in enumerate(line):
            tally = x if tally is None else step(tally, x)
            out[i] = tally
    else:
        tally = acc(0.0 if op == "sum" else 1.0) if identity_seed else None
        for i, x in enumerate(line):
            tally = acc(x) if tally is None else step(tally, x)
            out[i] = dt(tally)
    return out


def native16_struct_model(line, op):
    """FLOAT16 NATIVE again, independently: Python doubles (a binary16 sum or product is
    exact in a double) rounded once to binary16 by struct."""
    out = []
    tally = None
    for x in line.tolist():
        if tally is None:
            tally = x
        else:
            tally = round16_exact(tally + x if op == "sum" else tally * x)
        out.append(tally)
    return np.array(out, dtype=np.float16)


def scan_model(x, axis, direction, op, accumulation, identity_seed):
    moved = np.moveaxis(x, axis, -1)
    out = np.empty_like(moved)
    for idx in np.ndindex(moved.shape[:-1]):
        line = moved[idx]
        if direction == "DECREASING":
            out[idx] = scan_line_model(line[::-1], op, accumulation, identity_seed)[::-1]
        else:
            out[idx] = scan_line_model(line, op, accumulation, identity_seed)
    return np.moveaxis(out, -1, axis)


def differing(a, b):
    """Elements whose bits differ (compared as unsigned integers of the element's width)."""
    assert a.dtype == b.dtype and a.shape == b.shape
    u = DTYPES[a.dtype][1]
    return int(np.count_nonzero(np.ascontiguousarray(a).view(u) != np.ascontiguousarray(b).view(u)))


FORMATS = {np.float16: (11, -14, 15), np.float32: (24, -126, 127), np.float64: (53, -1022, 1023)}


def round_exact(q, dtype):
    """A Fraction rounded once to dtype, nearest even (an exact zero is +0.0 here)."""
    p, emin, emax = FORMATS[dtype]
    if q == 0:
        return dtype(0.0)
    neg = q < 0
    a = -q if neg else q
    e = a.numerator.bit_length() - a.denominator.bit_length()
    if Fraction(2) ** e > a:
        e -= 1  # now 2^e <= a < 2^(e+1)
    e = max(e, emin)
    scale = Fraction(2) ** (p - 1 - e)
    n = a * scale
    m = n.numerator // n.denominator
    rem = n - m
    if rem > Fraction(1, 2) or (rem == Fraction(1, 2) and m % 2 == 1):
        m += 1
    v = Fraction(m) / scale
    if v >= Fraction(2) ** (emax + 1):
        r = float("inf")
    else:
        r = float(v)  # exact: v has at most p significant bits
    return dtype(-r if neg else r)


def exact_line_model(line, op):
    """Each output the exact prefix sum (product) rounded once; for sums this is dml_ref's
    EXACT float order (with its rule: an exact zero is +0.0 unless every input so far is -0.0)."""
    dt = line.dtype.type
    out = np.empty(line.shape, dtype=line.dtype)
    tally = None
    all_negzero = True
    for i, x in enumerate(line.tolist()):
        q = Fraction(x)
        tally = q if tally is None else (tally + q if op == "sum" else tally * q)
        all_negzero = all_negzero and x == 0 and np.signbit(x)
        out[i] = dt(-0.0) if (op == "sum" and all_negzero) else round_exact(tally, dt)
    return out


def exact_model(x, axis, direction, op):
    moved = np.moveaxis(x, axis, -1)
    out = np.empty_like(moved)
    for idx in np.ndindex(moved.shape[:-1]):
        line = moved[idx]
        if direction == "DECREASING":
            out[idx] = exact_line_model(line[::-1], op)[::-1]
        else:
            out[idx] = exact_line_model(line, op)
    return np.moveaxis(out, -1, axis)


# ---- models of dml_ref's arg-reductions -----------------------------------------


def arg_line_model(line, op, policy, direction):
    vals = [float(v) for v in line.tolist()]
    order = range(len(vals)) if direction == "INCREASING" else range(len(vals) - 1, -1, -1)
    better = (lambda a, b: a < b) if op == "min" else (lambda a, b: a > b)
    if policy == "ZEROS_ORDERED":  # PROPAGATE, but -0.0 below +0.0 (a total order, not IEEE)
        def key(v):
            return (v, -1 if (v == 0 and np.signbit(v)) else 0)
        better = (lambda a, b: key(a) < key(b)) if op == "min" else (lambda a, b: key(a) > key(b))
        policy = "PROPAGATE"
    best = None
    for i in order:
        v = vals[i]
        if policy == "PROPAGATE":
            if v != v:
                return i  # the first NaN met wins
            if best is None or better(v, vals[best]):
                best = i
        elif policy == "IGNORE":
            if v != v:
                continue
            if best is None or better(v, vals[best]):
                best = i
        elif policy == "COMPARE":  # a plain `x < best` loop from the first element
            if best is None or better(v, vals[best]):
                best = i
    if best is None:  # IGNORE on a slice of NaNs: its first position in traversal order
        best = 0 if direction == "INCREASING" else len(vals) - 1
    return best


def arg_model(x, axis, op, policy, direction):
    moved = np.moveaxis(x, axis, -1)
    out = np.empty(moved.shape[:-1] + (1,), dtype=np.int64)
    for idx in np.ndindex(moved.shape[:-1]):
        out[idx + (0,)] = arg_line_model(moved[idx], op, policy, direction)
    return np.moveaxis(out, -1, axis)


# ---- inputs ---------------------------------------------------------------------


def rng_for(name):
    seed = zlib.crc32(name.encode("ascii"))
    return np.random.default_rng(seed), seed


def from_bits(bits, dtype):
    return np.array(bits, dtype=DTYPES[np.dtype(dtype)][1]).view(dtype)


# NaN bit patterns: the default quiet NaN, a negative quiet NaN, a quiet NaN with a payload
# and a signalling NaN (NumPy only compares them, so their bits reach the output untouched).
NAN_BITS = {
    np.float16: [0x7E00, 0xFE00, 0x7E2A, 0x7C01],
    np.float32: [0x7FC00000, 0xFFC00000, 0x7FC0BEEF, 0x7F800001],
    np.float64: [0x7FF8000000000000, 0xFFF8000000000000, 0x7FF800000000BEEF, 0x7FF0000000000001],
}


def nan_of(dtype, k):
    return from_bits([NAN_BITS[dtype][k % 4]], dtype)[0]


def arg_matrix(rng, dtype, op, cols):
    """Rows that each test one NaN / tie rule (row r of the result is documented in
    'notes'). Values are small integers and halves, exact in every float type."""
    sign = 1.0 if op == "min" else -1.0  # argmax: the same rows mirrored
    rows, notes = [], []

    def base():
        return (rng.integers(-40, 40, cols) * 0.5 + 30.0 * sign).astype(dtype)

    def add(row, note):
        rows.append(row)
        notes.append("row %d: %s" % (len(rows) - 1, note))

    r = base(); r[cols // 2] = dtype(-20.0 * sign); add(r, "no NaN, one extreme in the middle")
    r = base(); r[0] = nan_of(dtype, 0); add(r, "NaN at position 0")
    r = base(); r[cols // 2] = nan_of(dtype, 0); r[1] = dtype(-25.0 * sign)
    add(r, "extreme at 1, NaN in the middle: the NaN wins")
    r = base(); r[-1] = nan_of(dtype, 2); add(r, "NaN (with a payload) at the last position")
    r = base(); r[3] = nan_of(dtype, 1); r[cols - 3] = nan_of(dtype, 0)
    add(r, "negative NaN at 3 and NaN at %d: the first one wins" % (cols - 3))
    r = np.array([nan_of(dtype, k) for k in range(cols)], dtype=dtype); add(r, "all NaN (four bit patterns)")
    r = base(); r[2] = dtype(-np.inf * sign); r[cols - 2] = nan_of(dtype, 0)
    add(r, "%sinf at 2, NaN at %d: the NaN wins" % ("-" if op == "min" else "+", cols - 2))
    r = base(); r[2] = r[5] = r[cols - 1] = dtype(-30.0 * sign)
    add(r, "extreme tied at 2, 5 and %d: the first wins" % (cols - 1))
    r = (np.abs(base()) * sign + sign).astype(dtype); r[1] = dtype(0.0); r[4] = dtype(-0.0)
    add(r, "+0.0 at 1 and -0.0 at 4 are the extreme: equal, the first wins")
    r = (np.abs(base()) * sign + sign).astype(dtype); r[1] = dtype(-0.0); r[4] = dtype(0.0)
    add(r, "-0.0 at 1 and +0.0 at 4 are the extreme: equal, the first wins")
    r = base(); r[cols - 4] = nan_of(dtype, 3); r[0] = dtype(-35.0 * sign)
    add(r, "extreme at 0, signalling NaN at %d: the NaN wins" % (cols - 4))
    r = base(); r[0] = dtype(np.inf * sign); r[1] = dtype(-np.inf * sign); r[6] = dtype(-np.inf * sign)
    add(r, "%sinf at 1 and 6, tied: the first wins (no NaN)" % ("-" if op == "min" else "+"))
    return np.stack(rows), notes


# ---- the cases ------------------------------------------------------------------

CASES = []


def case(fn):
    CASES.append(fn)
    return fn


def scan_case(name, x, axis, op, direction="INCREASING", distribution="", notes=None):
    """x: the input; axis: the scan axis; op: 'sum' or 'prod'. NumPy computes the
    output; the models decide the options."""
    f = np.cumsum if op == "sum" else np.cumprod
    fname = "np.cumsum" if op == "sum" else "np.cumprod"
    with np.errstate(all="ignore"):
        if direction == "INCREASING":
            y = f(x, axis=axis)
            expr = "%s(x, axis=%d)" % (fname, axis)
        else:
            y = np.flip(f(np.flip(x, axis=axis), axis=axis), axis=axis)
            expr = "np.flip(%s(np.flip(x, axis=%d), axis=%d), axis=%d)" % (fname, axis, axis, axis)
    assert y.dtype == x.dtype and y.shape == x.shape
    models = {}
    with np.errstate(all="ignore"):
        for acc in ("NATIVE", "DEFAULT", "WIDE"):
            for seed in (False, True):
                m = scan_model(x, axis, direction, op, acc, seed)
                models[(acc, seed)] = differing(m, y)
        if x.dtype == np.float16:
            # The brief's NATIVE model, cross-checked by an independent one.
            moved = np.moveaxis(x, axis, -1)
            for idx in np.ndindex(moved.shape[:-1]):
                line = moved[idx] if direction == "INCREASING" else moved[idx][::-1]
                s = native16_struct_model(line, op)
                assert bits_of(s) == bits_of(scan_line_model(line, op, "NATIVE", False)), name
        exact_diff = differing(exact_model(x, axis, direction, op), y)
    # The options: SEQUENTIAL, identity_seed false, and the accumulation that matches.
    # FLOAT32/FLOAT64 name DEFAULT (their DEFAULT is their own type, as NATIVE).
    prefer = ["NATIVE", "DEFAULT", "WIDE"] if x.dtype == np.float16 else ["DEFAULT", "NATIVE", "WIDE"]
    chosen = [a for a in prefer if models[(a, False)] == 0]
    if not chosen:
        sys.exit("%s: NumPy matches no accumulation model: %r" % (name, models))
    acc = chosen[0]
    cross = {
        "models": [
            {
                "accumulation": a,
                "identity_seed": s,
                "matches_numpy": models[(a, s)] == 0,
                "elements_differing": models[(a, s)],
            }
            for a in ("NATIVE", "DEFAULT", "WIDE")
            for s in (False, True)
        ],
        "model_matching_numpy": acc,
        "exact": {
            "model": ("dml_ref float_order EXACT (each output the exact prefix sum, rounded once)" if op == "sum"
                      else "the exact prefix product rounded once (no dml_ref option; for comparison)"),
            "matches_numpy": exact_diff == 0,
            "elements_differing": exact_diff,
        },
    }
    if x.dtype == np.float16:
        cross["native_vs_float32_tally_elements_differing"] = models[("DEFAULT", False)]
    special = bool(np.any(~np.isfinite(x)) or np.any(np.signbit(x) & (x == 0)))
    return {
        "name": name,
        "source": "NumPy %s %s (%s, seed %d)" % (NP_VERSION, expr, GENERATOR, rng_for(name)[1]),
        "operator": "CUMULATIVE_SUMMATION" if op == "sum" else "CUMULATIVE_PRODUCT",
        "input": tensor_json(x),
        "params": {"axis": axis, "direction": direction, "exclusive": False},
        "output": tensor_json(y),
        "options": {"float_order": "SEQUENTIAL", "accumulation": acc, "identity_seed": False},
        "tolerance": None,
        "nan_policy_dependent": False,
        "special_values": special,
        "numpy": {
            "version": NP_VERSION,
            "expression": expr,
            "input_dtype_numpy": str(x.dtype),
            "seed": rng_for(name)[1],
            "distribution": distribution,
        },
        "cross_check": cross,
        "notes": notes or [],
    }


def arg_case(name, x, axis, op, direction="INCREASING", notes=None):
    f = np.argmin if op == "min" else np.argmax
    fname = "np.argmin" if op == "min" else "np.argmax"
    if direction == "INCREASING":
        y = f(x, axis=axis, keepdims=True)
        expr = "%s(x, axis=%d, keepdims=True)" % (fname, axis)
    else:
        n = x.shape[axis]
        y = (n - 1) - f(np.flip(x, axis=axis), axis=axis, keepdims=True)
        expr = "%d - %s(np.flip(x, axis=%d), axis=%d, keepdims=True)" % (n - 1, fname, axis, axis)
    y = y.astype(np.int64)
    has_nan = bool(np.any(np.isnan(x)))
    models = {}
    for policy in ("PROPAGATE", "IGNORE", "COMPARE", "ZEROS_ORDERED"):
        models[policy] = differing(arg_model(x, axis, op, policy, direction), y)
    if models["PROPAGATE"] != 0:
        sys.exit("%s: NumPy does not match the PROPAGATE model: %r" % (name, models))
    if has_nan and models["IGNORE"] == 0:
        sys.exit("%s: has NaNs but does not tell PROPAGATE from IGNORE" % name)
    special = bool(np.any(~np.isfinite(x)) or np.any(np.signbit(x) & (x == 0)))
    params = {"axes": [axis], "direction": direction}
    if has_nan:
        params["nan_policy"] = "PROPAGATE"
    kept = list(x.shape)
    kept[axis] = 1
    return {
        "name": name,
        "source": "NumPy %s %s (%s, seed %d)" % (NP_VERSION, expr, GENERATOR, rng_for(name)[1]),
        "operator": "ARGMIN" if op == "min" else "ARGMAX",
        "input": tensor_json(x),
        "params": params,
        "output": tensor_json(y),
        "options": {},
        "tolerance": None,
        "nan_policy_dependent": has_nan,
        "special_values": special,
        "numpy": {
            "version": NP_VERSION,
            "expression": expr,
            "input_dtype_numpy": str(x.dtype),
            "output_dtype_numpy": "int64 (intp)",
            "output_sizes_numpy": kept,
            "seed": rng_for(name)[1],
        },
        "cross_check": {
            "models": [
                {"nan_policy": p, "matches_numpy": models[p] == 0, "elements_differing": models[p]}
                for p in ("PROPAGATE", "IGNORE", "COMPARE")
            ] + [
                {"model": "PROPAGATE with -0.0 ordered below +0.0 (not IEEE equality; no dml_ref option)",
                 "matches_numpy": models["ZEROS_ORDERED"] == 0,
                 "elements_differing": models["ZEROS_ORDERED"]}
            ],
        },
        "notes": (notes or [])
        + ["keepdims=True: DirectML keeps the rank, the reduced axis has size 1; indices INT64 like NumPy's intp"]
        + (["DECREASING emulated: NumPy has no last-index argmin/argmax; n-1 - f(np.flip(x)) is the last "
            "extreme, and with NaNs the last NaN"] if direction == "DECREASING" else []),
    }


def normal(rng, shape, dtype, scale=1.0):
    return (rng.standard_normal(shape) * scale).astype(dtype)


def uniform(rng, shape, dtype, lo, hi):
    return rng.uniform(lo, hi, shape).astype(dtype)


def f16_sum_1d(name, dist, n):
    rng, _ = rng_for(name)
    if dist == "normal":
        x = normal(rng, (n,), np.float16)
        d = "normal(0, 1), rounded to float16"
    else:
        x = uniform(rng, (n,), np.float16, 0.0, 10.0)
        d = "uniform(0, 10), rounded to float16 (the tally grows: binary16 spacing reaches %g)" % (
            float(np.spacing(np.float16(np.sum(x.astype(np.float64))))))
    return scan_case(name, x, 0, "sum", distribution=d)


@case
def _():
    out = []
    for n in (7, 100, 1000, 4096):
        out.append(f16_sum_1d("numpy_cumsum_f16_normal_n%d" % n, "normal", n))
    for n in (64, 500, 4096):
        out.append(f16_sum_1d("numpy_cumsum_f16_uniform10_n%d" % n, "uniform", n))
    return out


@case
def _():
    name = "numpy_cumsum_f16_2d_axis0"
    rng, _ = rng_for(name)
    x = normal(rng, (64, 24), np.float16, 2.0)
    a = scan_case(name, x, 0, "sum", distribution="normal(0, 2), float16, 64x24")
    name = "numpy_cumsum_f16_2d_axis1"
    rng, _ = rng_for(name)
    x = uniform(rng, (24, 96), np.float16, 0.0, 10.0)
    b = scan_case(name, x, 1, "sum", distribution="uniform(0, 10), float16, 24x96")
    name = "numpy_cumsum_f16_3d_axis1"
    rng, _ = rng_for(name)
    x = uniform(rng, (4, 120, 5), np.float16, -1.0, 4.0)
    c = scan_case(name, x, 1, "sum", distribution="uniform(-1, 4), float16, 4x120x5 (a strided middle axis)")
    return [a, b, c]


@case
def _():
    name = "numpy_cumsum_f16_leading_negzero"
    rng, _ = rng_for(name)
    x = uniform(rng, (4, 33), np.float16, -3.0, 3.0)
    x[0, :] = np.float16(-0.0)  # every prefix -0.0: -0.0 throughout
    x[1, 0] = np.float16(-0.0)  # a leading -0.0, then values
    x[2, 0:3] = np.float16(-0.0)
    x[2, 3] = np.float16(0.0)  # -0.0 + +0.0 = +0.0
    x[3, 0] = np.float16(-0.0)
    x[3, 1] = np.float16(1.5)
    x[3, 2] = np.float16(-1.5)  # back to +0.0 by cancellation
    return [scan_case(name, x, 1, "sum", distribution="uniform(-3, 3), float16, 4x33, with -0.0 placed",
                      notes=["row 0: all -0.0 (NumPy copies the first element, so every output is -0.0)",
                             "row 1: a leading -0.0, then values",
                             "row 2: -0.0, -0.0, -0.0, +0.0 (-0.0 until the +0.0)",
                             "row 3: -0.0, 1.5, -1.5 (cancellation gives +0.0)",
                             "identity_seed true would write +0.0 where NumPy keeps -0.0: see cross_check"])]


@case
def _():
    name = "numpy_cumsum_f16_reverse_n1000"
    rng, _ = rng_for(name)
    x = uniform(rng, (1000,), np.float16, 0.0, 10.0)
    return [scan_case(name, x, 0, "sum", "DECREASING", "uniform(0, 10), float16",
                      notes=["DECREASING emulated: NumPy has no reverse scan; np.flip around np.cumsum"])]


@case
def _():
    out = []
    for n in (256, 2048):
        name = "numpy_cumprod_f16_near1_n%d" % n
        rng, _ = rng_for(name)
        x = uniform(rng, (n,), np.float16, 0.97, 1.031)
        out.append(scan_case(name, x, 0, "prod", distribution="uniform(0.97, 1.031), float16"))
    name = "numpy_cumprod_f16_2d_axis0"
    rng, _ = rng_for(name)
    x = uniform(rng, (200, 6), np.float16, 0.95, 1.05)
    out.append(scan_case(name, x, 0, "prod", distribution="uniform(0.95, 1.05), float16, 200x6"))
    name = "numpy_cumprod_f16_reverse_n512"
    rng, _ = rng_for(name)
    x = uniform(rng, (512,), np.float16, 0.98, 1.02)
    out.append(scan_case(name, x, 0, "prod", "DECREASING", "uniform(0.98, 1.02), float16",
                         notes=["DECREASING emulated: np.flip around np.cumprod"]))
    return out


@case
def _():
    out = []
    name = "numpy_cumsum_f32_normal_n1000"
    rng, _ = rng_for(name)
    out.append(scan_case(name, normal(rng, (1000,), np.float32), 0, "sum", distribution="normal(0, 1), float32"))
    name = "numpy_cumsum_f32_uniform_n1500"
    rng, _ = rng_for(name)
    out.append(scan_case(name, uniform(rng, (1500,), np.float32, 0.0, 1000.0), 0, "sum",
                         distribution="uniform(0, 1000), float32 (the tally grows to ~7.5e5)"))
    name = "numpy_cumsum_f32_2d_axis0"
    rng, _ = rng_for(name)
    out.append(scan_case(name, normal(rng, (128, 6), np.float32, 10.0), 0, "sum",
                         distribution="normal(0, 10), float32, 128x6"))
    name = "numpy_cumsum_f32_2d_axis1"
    rng, _ = rng_for(name)
    out.append(scan_case(name, uniform(rng, (6, 128), np.float32, -1.0, 3.0), 1, "sum",
                         distribution="uniform(-1, 3), float32, 6x128"))
    name = "numpy_cumsum_f32_reverse_n777"
    rng, _ = rng_for(name)
    out.append(scan_case(name, normal(rng, (777,), np.float32, 100.0), 0, "sum", "DECREASING",
                         "normal(0, 100), float32",
                         notes=["DECREASING emulated: np.flip around np.cumsum"]))
    name = "numpy_cumsum_f32_leading_negzero"
    rng, _ = rng_for(name)
    x = uniform(rng, (3, 17), np.float32, -2.0, 2.0)
    x[0, :] = np.float32(-0.0)
    x[1, 0] = np.float32(-0.0)
    x[2, 0:2] = np.float32(-0.0)
    out.append(scan_case(name, x, 1, "sum", distribution="uniform(-2, 2), float32, 3x17, with -0.0 placed",
                         notes=["row 0: all -0.0; row 1: a leading -0.0; row 2: two leading -0.0",
                                "identity_seed true would write +0.0 where NumPy keeps -0.0"]))
    name = "numpy_cumprod_f32_near1_n1000"
    rng, _ = rng_for(name)
    out.append(scan_case(name, uniform(rng, (1000,), np.float32, 0.99, 1.0101), 0, "prod",
                         distribution="uniform(0.99, 1.0101), float32"))
    return out


@case
def _():
    out = []
    name = "numpy_cumsum_f64_normal_n600"
    rng, _ = rng_for(name)
    out.append(scan_case(name, normal(rng, (600,), np.float64), 0, "sum", distribution="normal(0, 1), float64"))
    name = "numpy_cumsum_f64_2d_axis1"
    rng, _ = rng_for(name)
    x = uniform(rng, (5, 120), np.float64, 0.0, 1.0) * 10.0 ** rng.integers(-8, 9, (5, 120))
    out.append(scan_case(name, x, 1, "sum", distribution="uniform(0, 1) * 10^k, k in -8..8, float64, 5x120"))
    name = "numpy_cumsum_f64_reverse_n500"
    rng, _ = rng_for(name)
    out.append(scan_case(name, normal(rng, (500,), np.float64, 1e3), 0, "sum", "DECREASING",
                         "normal(0, 1000), float64",
                         notes=["DECREASING emulated: np.flip around np.cumsum"]))
    name = "numpy_cumprod_f64_near1_n600"
    rng, _ = rng_for(name)
    out.append(scan_case(name, uniform(rng, (600,), np.float64, 0.99, 1.0101), 0, "prod",
                         distribution="uniform(0.99, 1.0101), float64"))
    return out


@case
def _():
    out = []
    specs = [
        ("numpy_argmin_f16_nan_axis1", np.float16, "min", 1),
        ("numpy_argmax_f16_nan_axis1", np.float16, "max", 1),
        ("numpy_argmin_f32_nan_axis1", np.float32, "min", 1),
        ("numpy_argmax_f32_nan_axis0", np.float32, "max", 0),
        ("numpy_argmin_f64_nan_axis0", np.float64, "min", 0),
        ("numpy_argmax_f64_nan_axis1", np.float64, "max", 1),
    ]
    for name, dt, op, axis in specs:
        rng, _ = rng_for(name)
        m, notes = arg_matrix(rng, dt, op, 13)
        if axis == 0:
            m = np.ascontiguousarray(m.T)
            notes = [n.replace("row ", "column ", 1) for n in notes]
        out.append(arg_case(name, m, axis, op, notes=notes))
    return out


@case
def _():
    out = []
    for name, dt, op, n in (("numpy_argmin_f32_long_nan", np.float32, "min", 1200),
                            ("numpy_argmax_f16_long_nan", np.float16, "max", 1200),
                            ("numpy_argmax_f64_long_nan", np.float64, "max", 600)):
        rng, _ = rng_for(name)
        sign = 1.0 if op == "min" else -1.0
        x = ((rng.integers(-200, 200, (5, n)) * 0.5) + 200.0 * sign).astype(dt)  # exact in binary16
        a, b, c, d = n - 100, n * 7 // 12, n * 5 // 6, n - 136
        x[0, a] = dt(-50.0 * sign)
        x[1, 3] = dt(-60.0 * sign); x[1, n - 1] = nan_of(dt, 0)
        x[2, 10] = dt(-60.0 * sign); x[2, b] = nan_of(dt, 1); x[2, c] = nan_of(dt, 0)
        z0, z1 = (0.0, -0.0) if op == "min" else (-0.0, 0.0)  # the later zero is 'more extreme' if signed
        x[3, 100] = dt(z0); x[3, a] = dt(z1); x[3, a + 1] = dt(z0)
        x[4, 33] = dt(-70.0 * sign); x[4, d] = dt(-70.0 * sign); x[4, 333] = nan_of(dt, 3)
        out.append(arg_case(name, x, 1, op, notes=[
            "row 0: no NaN, the extreme at %d" % a,
            "row 1: extreme at 3, NaN at the last position",
            "row 2: extreme at 10, negative NaN at %d, NaN at %d: %d" % (b, c, b),
            "row 3: no NaN; %s at 100, %s at %d, %s at %d tie for the extreme: 100"
            % (repr(z0), repr(z1), a, repr(z0), a + 1),
            "row 4: extreme tied at 33 and %d, signalling NaN at 333: 333" % d,
        ]))
    return out


@case
def _():
    out = []
    for name, dt, op in (("numpy_argmin_f32_signed_zero_ties", np.float32, "min"),
                         ("numpy_argmax_f64_signed_zero_ties", np.float64, "max"),
                         ("numpy_argmin_f16_signed_zero_ties", np.float16, "min")):
        rng, _ = rng_for(name)
        sign = 1.0 if op == "min" else -1.0
        x = ((rng.integers(1, 9, (6, 10)) * 0.25) * sign).astype(dt)
        x[0, 2] = dt(0.0); x[0, 7] = dt(-0.0)
        x[1, 2] = dt(-0.0); x[1, 7] = dt(0.0)
        x[2, 0] = dt(-0.0); x[2, 9] = dt(-0.0)
        x[3, 4] = dt(0.0); x[3, 5] = dt(0.0); x[3, 6] = dt(-0.0)
        x[4, :] = dt(1.0 * sign); x[4, 3] = dt(0.25 * sign); x[4, 8] = x[4, 3]
        x[5, :] = dt(-0.0); x[5, 5] = dt(0.0)
        out.append(arg_case(name, x, 1, op, notes=[
            "row 0: +0.0 at 2, -0.0 at 7: 2", "row 1: -0.0 at 2, +0.0 at 7: 2",
            "row 2: -0.0 at 0 and 9: 0", "row 3: +0.0, +0.0, -0.0 at 4, 5, 6: 4",
            "row 4: tie of nonzero extremes at 3 and 8: 3", "row 5: all zeros of both signs: 0",
        ]))
    return out


@case
def _():
    out = []
    for name, dt, op in (("numpy_argmin_f32_reverse_nan", np.float32, "min"),
                         ("numpy_argmax_f16_reverse_nan", np.float16, "max")):
        rng, _ = rng_for(name)
        m, notes = arg_matrix(rng, dt, op, 11)
        out.append(arg_case(name, m, 1, op, "DECREASING",
                            notes=[n + " (INCREASING reading; DECREASING takes the last)" for n in notes]))
    return out


# ---- writing -----------------------------------------------------------------------


def params_text(c):
    p = c["params"]
    if "axis" in p:
        s = "axis=%d %s" % (p["axis"], p["direction"])
    else:
        s = "axes=%s %s" % (p["axes"], p["direction"])
    if p.get("nan_policy"):
        s += " nan_policy=" + p["nan_policy"]
    return s


def options_text(c):
    o = c["options"]
    if not o:
        return "defaults"
    return "%s, %s, identity_seed %s" % (o["float_order"], o["accumulation"], str(o["identity_seed"]).lower())


def crosscheck_text(c):
    cc = c["cross_check"]
    if "native_vs_float32_tally_elements_differing" in cc:
        n = cc["native_vs_float32_tally_elements_differing"]
        t = "DEFAULT (float32 tally) differs at %d of %d" % (n, len(c["output"]["data_hex"]))
        t += "; %s at %d" % ("EXACT" if c["operator"] == "CUMULATIVE_SUMMATION" else "exact product",
                             cc["exact"]["elements_differing"])
        seed = [m for m in cc["models"] if m["accumulation"] == c["options"]["accumulation"] and m["identity_seed"]]
        if seed and seed[0]["elements_differing"]:
            t += "; identity_seed true differs at %d" % seed[0]["elements_differing"]
        return t
    if "model_matching_numpy" in cc:
        wide = [m for m in cc["models"] if m["accumulation"] == "WIDE" and not m["identity_seed"]][0]
        t = "WIDE differs at %d" % wide["elements_differing"]
        if c["input"]["dtype"] == "FLOAT64":
            t = "(WIDE is DEFAULT for FLOAT64)"
        t += "; %s differs at %d" % ("EXACT" if c["operator"] == "CUMULATIVE_SUMMATION" else "exact product",
                                     cc["exact"]["elements_differing"])
        seed = [m for m in cc["models"] if m["accumulation"] == "DEFAULT" and m["identity_seed"]][0]
        if seed["elements_differing"]:
            t += "; identity_seed true differs at %d" % seed["elements_differing"]
        return t
    ms = {m.get("nan_policy", "zeros"): m["elements_differing"] for m in cc["models"]}
    return "IGNORE differs at %d, COMPARE at %d, -0.0 < +0.0 at %d" % (ms["IGNORE"], ms["COMPARE"], ms["zeros"])


def main():
    cases = []
    for fn in CASES:
        cases.extend(fn())
    names = [c["name"] for c in cases]
    assert len(names) == len(set(names))
    cases.sort(key=lambda c: c["name"])
    for f in os.listdir(HERE):
        if f.startswith("numpy_") and f.endswith(".json") and f[:-5] not in names:
            os.remove(os.path.join(HERE, f))
    for c in cases:
        with open(os.path.join(HERE, c["name"] + ".json"), "w") as f:
            f.write(dump(c) + "\n")

    f16 = [c for c in cases if c["input"]["dtype"] == "FLOAT16" and "model_matching_numpy" in c["cross_check"]]
    f16_acc = sorted(set(c["options"]["accumulation"] for c in f16))
    f16_diff = [c for c in f16 if c["cross_check"]["native_vs_float32_tally_elements_differing"] > 0]
    ops = {}
    for c in cases:
        ops[c["operator"]] = ops.get(c["operator"], 0) + 1
    lines = [
        "# NumPy cases (cumsum, cumprod, argmin, argmax)",
        "",
        "Computed by NumPy %s with `%s` (run by /usr/bin/python3, Python %s). %d cases. See README.md."
        % (NP_VERSION, GENERATOR, sys.version.split()[0], len(cases)),
        "",
        "- FLOAT16 scans: NumPy matched accumulation %s in every case; %d of %d FLOAT16 scan cases have outputs "
        "where the float32-tally (DEFAULT) model differs from NumPy." % (", ".join(f16_acc), len(f16_diff), len(f16)),
        "",
        "| operator | cases |",
        "| --- | --- |",
    ]
    for op in ("CUMULATIVE_SUMMATION", "CUMULATIVE_PRODUCT", "ARGMIN", "ARGMAX"):
        lines.append("| %s | %d |" % (op, ops.get(op, 0)))
    lines += [
        "",
        "| file | operator | dtype | sizes | params | out dtype | options | NumPy | other models |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for c in cases:
        lines.append("| %s.json | %s | %s | %s | %s | %s | %s | `%s` | %s |" % (
            c["name"], c["operator"], c["input"]["dtype"], "x".join(str(s) for s in c["input"]["sizes"]),
            params_text(c), c["output"]["dtype"], options_text(c), c["numpy"]["expression"], crosscheck_text(c)))
    with open(os.path.join(HERE, "INDEX.md"), "w") as f:
        f.write("\n".join(lines) + "\n")
    print("%d cases; FLOAT16 scans matched %s; DEFAULT differs in %d of %d FLOAT16 scan cases"
          % (len(cases), f16_acc, len(f16_diff), len(f16)))
    for c in f16:
        print("  %-40s native-vs-float32-tally differing: %d of %d" % (
            c["name"], c["cross_check"]["native_vs_float32_tally_elements_differing"], len(c["output"]["data_hex"])))


if __name__ == "__main__":
    main()
