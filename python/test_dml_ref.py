"""Tests of python/dml_ref.py (run by `make test-python`; plain asserts, no pytest).

Each test_* function runs once; the last line is "N passed, N failed" and the exit
status is 1 when a test failed. `python3 -B python/test_dml_ref.py NAME...` runs the
tests whose names contain one of the NAMEs.
"""

import fractions
import os
import subprocess
import sys
import tempfile
import traceback

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import dml_ref as d  # noqa: E402
import dml_ref_capi as capi  # noqa: E402

RNG = np.random.default_rng(20261125)
FLOATS = (np.float16, np.float32, np.float64)
INTS = (np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64)


def bits(a):
    """The array's bit patterns (for bit-exact comparisons)."""
    a = np.ascontiguousarray(a)
    return a.view("u%d" % a.dtype.itemsize)


def assert_bits_equal(a, b, what=""):
    assert a.shape == b.shape, "%s: shape %s != %s" % (what, a.shape, b.shape)
    assert a.dtype == b.dtype, "%s: dtype %s != %s" % (what, a.dtype, b.dtype)
    if not np.array_equal(bits(a), bits(b)):
        k = int(np.flatnonzero(bits(a).ravel() != bits(b).ravel())[0])
        raise AssertionError("%s: differs first at flat index %d: %r != %r"
                             % (what, k, a.ravel()[k], b.ravel()[k]))


def raises(exc, fn, *args, **kwargs):
    """Calls fn, asserts that it raises exc, and returns the exception."""
    try:
        fn(*args, **kwargs)
    except exc as e:
        return e
    raise AssertionError("%s did not raise %s" % (getattr(fn, "__name__", fn), exc.__name__))


def normal(shape, dtype):
    return RNG.standard_normal(shape).astype(dtype)


def numpy_scan(x, axis, exclusive=False, reverse=False, product=False):
    """NumPy's running tally (add/multiply.accumulate in x's own type), with DirectML's
    exclusive and reverse."""
    ufunc = np.multiply if product else np.add
    if reverse:
        x = np.flip(x, axis)
    y = ufunc.accumulate(x, axis=axis, dtype=x.dtype)
    if exclusive:
        y = np.moveaxis(y, axis, 0)
        first = np.ones_like(y[:1]) if product else np.zeros_like(y[:1])
        y = np.moveaxis(np.concatenate([first, y[:-1]]), 0, axis)
    if reverse:
        y = np.flip(y, axis)
    return np.ascontiguousarray(y)


def numpy_arg(x, axes, last=False, find_max=False):
    """NumPy's argmin/argmax over several axes as a row-major index inside the reduced
    sub-tensor, keeping the rank (DirectML's shape)."""
    axes = sorted(a % x.ndim for a in axes)
    rest = [k for k in range(x.ndim) if k not in axes]
    t = np.transpose(x, rest + axes)
    t = t.reshape([x.shape[k] for k in rest] + [-1])
    fn = np.argmax if find_max else np.argmin
    if last:
        r = t.shape[-1] - 1 - fn(np.flip(t, -1), axis=-1)
    else:
        r = fn(t, axis=-1)
    return r.reshape([1 if k in axes else x.shape[k] for k in range(x.ndim)]).astype(np.int64)


# ---------------------------------------------------------------------------
# Results against NumPy


def test_cumsum_cumprod_float32_float64_equal_numpy():
    for dtype in (np.float32, np.float64):
        for shape in [(1,), (7,), (100,), (3, 50), (4, 5, 6), (2, 3, 4, 5)]:
            x = normal(shape, dtype)
            p = (1 + 0.01 * normal(shape, np.float64)).astype(dtype)
            for axis in range(-len(shape), len(shape)):
                for exclusive in (False, True):
                    for reverse in (False, True):
                        what = "%s %s axis %d excl %s rev %s" % (np.dtype(dtype), shape, axis, exclusive, reverse)
                        assert_bits_equal(d.cumsum(x, axis, exclusive, reverse),
                                          numpy_scan(x, axis, exclusive, reverse), "cumsum " + what)
                        assert_bits_equal(d.cumprod(p, axis, exclusive, reverse),
                                          numpy_scan(p, axis, exclusive, reverse, True), "cumprod " + what)


def test_float16_native_equals_numpy():
    for shape in [(5,), (300,), (6, 70), (3, 4, 40)]:
        x = normal(shape, np.float16)
        p = (1 + 0.05 * normal(shape, np.float64)).astype(np.float16)
        for axis in range(len(shape)):
            assert_bits_equal(d.cumsum(x, axis, accumulation="native"), np.cumsum(x, axis), "cumsum f16")
            assert_bits_equal(d.cumprod(p, axis, accumulation="native"), np.cumprod(p, axis), "cumprod f16")
    # The default (float32 tally) differs from NumPy on a long line.
    x = normal(4096, np.float16)
    assert not np.array_equal(bits(d.cumsum(x)), bits(np.cumsum(x)))


def test_integer_scans_wrap_as_numpy():
    for dtype in INTS:
        info = np.iinfo(dtype)
        x = RNG.integers(info.min, info.max, size=(4, 33), dtype=dtype, endpoint=True)
        for axis in (0, 1):
            assert_bits_equal(d.cumsum(x, axis), np.cumsum(x, axis, dtype=dtype), "cumsum %s" % np.dtype(dtype))
            assert_bits_equal(d.cumprod(x, axis), np.cumprod(x, axis, dtype=dtype), "cumprod %s" % np.dtype(dtype))
        # integers have one answer in every order
        assert_bits_equal(d.cumsum(x, order="blocked"), d.cumsum(x), "blocked int")
        assert_bits_equal(d.cumsum(x, order="tree:brent-kung:8:after"), d.cumsum(x), "tree int")


def test_argmin_argmax_equal_numpy_with_nan():
    for dtype in FLOATS + INTS:
        for shape in [(1,), (17,), (5, 9), (3, 4, 5)]:
            if np.dtype(dtype).kind == "f":
                x = normal(shape, dtype)
                x.ravel()[RNG.random(x.size) < 0.1] = np.nan
                x.ravel()[RNG.random(x.size) < 0.1] = np.inf
            else:
                x = RNG.integers(0, 4, size=shape).astype(dtype)  # many ties
            for axis in range(x.ndim):
                for last in (False, True):
                    what = "%s %s axis %d last %s" % (np.dtype(dtype), shape, axis, last)
                    assert_bits_equal(d.argmin(x, axis, last=last), numpy_arg(x, [axis], last), "argmin " + what)
                    assert_bits_equal(d.argmax(x, axis, last=last), numpy_arg(x, [axis], last, True),
                                      "argmax " + what)
            got = d.argmin(x, keepdims=False)
            assert got.shape == () and got == np.argmin(x), "argmin all axes %s" % (shape,)
            assert d.argmax(x, keepdims=False) == np.argmax(x)


def test_arg_several_axes_and_keepdims():
    x = normal((3, 4, 5, 2), np.float32)
    for axes in [(0, 2), (2, 0), (1, 3), (0, 1, 2), (-1, 0)]:
        want = numpy_arg(x, axes)
        assert_bits_equal(d.argmin(x, axes), want, "argmin axes %s" % (axes,))
        squeezed = d.argmin(x, axes, keepdims=False)
        assert_bits_equal(squeezed, want.reshape(squeezed.shape), "keepdims=False")
        assert squeezed.shape == tuple(s for k, s in enumerate(x.shape) if k not in [a % 4 for a in axes])
    for index_type, dtype in [("int32", np.int32), ("uint32", np.uint32), ("uint64", np.uint64)]:
        got = d.argmax(x, 1, index_type=index_type)
        assert got.dtype == dtype and np.array_equal(got, numpy_arg(x, [1], find_max=True))


def test_nan_policies():
    x = np.array([3.0, np.nan, 1.0, np.nan, 1.0], np.float32)
    assert d.argmin(x, keepdims=False) == 1
    assert d.argmin(x, last=True, keepdims=False) == 3
    assert d.argmin(x, nan="ignore", keepdims=False) == 2
    assert d.argmin(x, nan="ignore", last=True, keepdims=False) == 4
    assert d.argmin(x, nan="compare", keepdims=False) == 2
    y = np.array([np.nan, 3.0, 1.0], np.float32)
    assert d.argmin(y, nan="compare", keepdims=False) == 0  # a NaN met first sticks


def test_scan_nan_is_canonical():
    for dtype, canonical in ((np.float16, 0x7E00), (np.float32, 0x7FC00000), (np.float64, 0x7FF8000000000000)):
        u = np.dtype("u%d" % np.dtype(dtype).itemsize)
        x = np.array([1, 2, 3, 4], dtype)
        x.view(u)[1] = bits(np.array([np.nan], dtype))[0] | u.type(5)  # a NaN with a payload
        y = d.cumsum(x)
        assert bits(y)[0] == bits(x)[0] and (bits(y)[1:] == canonical).all(), bits(y)


def test_integer_explain_and_bounds():
    x = np.arange(1, 30, dtype=np.int32)
    r = d.explain("cumsum", x, np.cumsum(x, dtype=np.int32))
    assert r.reproduced and r.tried == 590 and len(r.candidates) == 590  # one answer in every order
    r = d.explain("cumprod", x, np.cumprod(x, dtype=np.int32))
    assert r.reproduced and r.tried == 588, r.tried  # EXACT products are refused (skipped)


def test_zero_d_and_empty():
    x = np.float32(2.5)
    y = d.cumsum(np.array(x))
    assert y.shape == () and y == 2.5
    assert d.argmax(np.array(x)).shape == ()
    e = np.zeros((0, 3), np.float32)
    assert d.cumsum(e, 0).shape == (0, 3)
    raises(ValueError, d.argmin, e)


# ---------------------------------------------------------------------------
# Layouts: zero copy, out=, in place, copies


def test_zero_copy_layouts():
    base = normal((6, 8), np.float32)
    fortran = np.asfortranarray(base)
    sliced = base[1:5, ::2]
    broadcast = np.broadcast_to(base[0], (3, 8))
    for x in (base, fortran, sliced, broadcast):
        array, tensor = d._input_tensor(x)
        assert array is x, "an array with non-negative element strides is passed without a copy"
        assert tensor.address == x.ctypes.data
        assert_bits_equal(d.cumsum(x, 0), numpy_scan(np.array(x), 0), "zero-copy layout")
        assert_bits_equal(d.argmin(x, 1), numpy_arg(np.array(x), [1]), "zero-copy argmin")
    for x in (base[::-1], base[:, ::-3], base.astype(">f4"), base.view(np.uint8)[:, 1:-3].view(np.float32)):
        array, _ = d._input_tensor(d._native(x))
        assert array is not x
        assert_bits_equal(d.cumsum(x, 1), numpy_scan(np.array(x, np.float32), 1), "copied layout")
        assert_bits_equal(d.argmax(x, 0), numpy_arg(np.array(x, np.float32), [0], find_max=True), "copied argmax")


def test_layout_cache():
    """Descriptors are shared between calls of one layout; a cache that starts again after every new layout
    (so the input's entry is dropped while the output's is made) still gives each call its own layouts."""
    kept = d._LAYOUTS_KEPT
    d._LAYOUTS_KEPT = 1
    try:
        for shape in ((5,), (3, 7), (7, 3), (2, 3, 4), (5,), (3, 7)):
            x = normal(shape, np.float32)
            for axis in range(len(shape)):
                assert_bits_equal(d.cumsum(x, axis), numpy_scan(x, axis), "layout cache %s" % (shape,))
                assert_bits_equal(d.argmin(x, axis), numpy_arg(x, [axis]), "layout cache argmin %s" % (shape,))
        assert len(d._LAYOUTS) <= 1
    finally:
        d._LAYOUTS_KEPT = kept
    x = normal((4, 6), np.float32)
    d.cumsum(x, 1)
    a = d._input_tensor(x)[1]
    b = d._input_tensor(normal((4, 6), np.float32))[1]
    assert a.layout is b.layout and a.address != b.address, "one layout, two addresses"


def test_prepared_calls():
    """A call that ran once with a new output keeps its descriptors (_PREPARED); the next call of the same
    key runs on new data with them, and arguments that equal the kept ones but are not valid still fail."""
    d._PREPARED.clear()
    for k in range(3):  # the first call prepares, the next two run prepared
        x = normal((6, 9), np.float32)
        assert_bits_equal(d.cumsum(x, 1), numpy_scan(x, 1), "prepared cumsum, call %d" % k)
        assert_bits_equal(d.argmax(x, 0), numpy_arg(x, [0], find_max=True), "prepared argmax, call %d" % k)
        assert_bits_equal(d.argmin(x, keepdims=False), numpy_arg(x, [0, 1]).reshape(()), "prepared scalar")
    assert len(d._PREPARED) == 3, sorted(map(str, d._PREPARED))
    x = normal((6, 9), np.float32)
    for bad in (True, 1.0, np.float32(1)):  # equal to 1 as keys, refused as arguments
        raises(TypeError, d.cumsum, x, bad)
        raises(ValueError, d.argmax, x, 0, threads=bad)
    # inside tuples too: a tree's block, several axes
    d.cumsum(x, 1, order=("sklansky", 32, "after"))
    raises(ValueError, d.cumsum, x, 1, order=("sklansky", 32.0, "after"))
    d.argmin(x, (0, 1))
    raises(TypeError, d.argmin, x, (0.0, 1.0))
    raises(TypeError, d.argmin, x, (False, True))
    # a kept call that fails runs again the long way: the library's message, or here (the kept options
    # spoiled on purpose) the right answer
    key = next(k for k in d._PREPARED if k[3][0] == "cumsum" and k[3][1] == 1 and
               k[3][4] == "sequential")
    d._PREPARED[key].options.feature_level = 0xFFFFFFFF
    assert_bits_equal(d.cumsum(x, 1), numpy_scan(x, 1), "a kept call that fails")
    # an unaligned input of a kept key: read through a copy, the same answer
    raw = np.zeros(6 * 9 * 4 + 1, np.uint8)
    odd = raw[1:].view(np.float32).reshape(6, 9)
    assert not odd.flags.aligned
    odd[...] = x
    assert_bits_equal(d.cumsum(odd, 1), numpy_scan(x, 1), "unaligned input, prepared key")
    assert_bits_equal(d.argmin(odd), numpy_arg(x, [0, 1]), "unaligned input, argmin")
    assert_bits_equal(d.error_bound("cumsum", odd, 1), d.error_bound("cumsum", x, 1), "unaligned input, bound")
    # layouts that are copied (negative strides) or keys that cannot be hashed are not kept
    count = len(d._PREPARED)
    assert_bits_equal(d.cumsum(x[::-1], 1), numpy_scan(x[::-1], 1), "reversed rows")
    assert_bits_equal(d.argmin(x, [0, 1]), numpy_arg(x, [0, 1]), "axes as a list")
    assert len(d._PREPARED) == count, "a copied input or a list of axes was kept"
    # the cache starts again when full, and a 0-d input keeps its shape
    kept = d._PREPARED_KEPT
    d._PREPARED_KEPT = 2
    try:
        for n in range(1, 6):
            y = normal(n, np.float64)
            assert_bits_equal(d.cumsum(y), numpy_scan(y, 0), "small cache, length %d" % n)
            assert_bits_equal(d.cumsum(y), numpy_scan(y, 0), "small cache, length %d again" % n)
        assert len(d._PREPARED) <= 2
    finally:
        d._PREPARED_KEPT = kept
    z = np.float32(2.5)
    for _ in range(2):
        r = d.cumsum(z)
        assert r.shape == () and r == z, r
        assert d.argmax(z).shape == () and d.argmax(z) == 0


def cli_path():
    """The dmlref CLI beside the library (make test-python passes DMLREF_CLI)."""
    library = next((p for p in d._library_candidates() if os.path.exists(p)), "")
    path = os.environ.get("DMLREF_CLI") or os.path.join(os.path.dirname(library), "dmlref")
    assert os.path.exists(path), "no CLI at %s: build it with make cli" % path
    return path


def cli_run(tmp, args, x):
    """The C library's answer through `dmlref run`, on x as np.save writes it (Fortran order kept)."""
    src, dst = os.path.join(tmp, "in.npy"), os.path.join(tmp, "out.npy")
    np.save(src, x)
    p = subprocess.run([cli_path(), "run"] + args + [src, "-o", dst], capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    return np.load(dst)


def test_views_equal_the_c_library():
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        for dtype in (np.float16, np.float32, np.float64, np.int32):
            base = normal((6, 40), np.float32).astype(dtype) if dtype != np.int32 else \
                RNG.integers(-1000, 1000, (6, 40)).astype(dtype)
            views = {"fortran": np.asfortranarray(base), "sliced": base[1:5, ::3],
                     "broadcast": np.broadcast_to(base[0], (3, 40)), "reversed": base[::-1, ::-2]}
            for name, x in views.items():
                for axis, extra, kw in ((0, [], {}), (1, ["--exclusive"], {"exclusive": True}),
                                        (1, ["--reverse", "--order", "blocked"], {"reverse": True, "order": "blocked"})):
                    want = cli_run(tmp, ["cumsum", "--axis", str(axis)] + extra, x)
                    assert_bits_equal(d.cumsum(x, axis, **kw), want, "cumsum %s %s %s" % (dtype.__name__, name, extra))
                for fn, op in ((d.argmin, "argmin"), (d.argmax, "argmax")):
                    want = cli_run(tmp, [op, "--axes", "1"], x)
                    got = fn(x, 1)
                    assert np.array_equal(got.reshape(want.shape), want), "%s %s %s" % (op, dtype.__name__, name)


def test_out_is_returned_and_written_in_place():
    x = normal((5, 6), np.float64)
    out = np.empty((5, 6), np.float64)
    assert d.cumsum(x, 1, out=out) is out
    assert_bits_equal(out, numpy_scan(x, 1), "out=")
    # A Fortran-ordered out and a sliced out view are written directly.
    fout = np.asfortranarray(np.zeros((5, 6)))
    assert d.cumsum(x, 0, out=fout) is fout and np.array_equal(fout, numpy_scan(x, 0))
    assert d._Output((5, 6), np.float64, fout).array is fout
    big = np.full((10, 12), -1.0)
    view = big[::2, ::2]
    assert d.cumsum(x, 1, out=view) is view
    assert np.shares_memory(view, big) and np.array_equal(big[::2, ::2], numpy_scan(x, 1))
    assert (big[1::2] == -1).all() and (big[:, 1::2] == -1).all(), "elements between the view's untouched"
    # An out with negative strides is filled through a copy.
    rev = np.zeros((5, 6))[::-1]
    assert d.cumsum(x, 1, out=rev) is rev and np.array_equal(rev, numpy_scan(x, 1))
    # argmin into a squeezed out
    iout = np.empty(6, np.int64)
    assert d.argmin(x, 0, keepdims=False, out=iout) is iout and np.array_equal(iout, np.argmin(x, 0))


def test_in_place_scans():
    for make in (lambda a: a, np.asfortranarray, lambda a: np.asfortranarray(np.tile(a, (1, 2)))[:, ::2],
                 lambda a: a[::-1]):
        x = make(normal((7, 9), np.float32))
        want = numpy_scan(np.array(x), 1, exclusive=True)
        before = x.ctypes.data
        y = d.cumsum(x, 1, exclusive=True, out=x)
        assert y is x and x.ctypes.data == before
        assert_bits_equal(np.ascontiguousarray(x), want, "in place")
    # BLOCKED in place along a strided axis
    x = normal((40, 3), np.float32)
    want = d.cumsum(x, 0, order="blocked")
    d.cumsum(x, 0, order="blocked", out=x)
    assert_bits_equal(x, want, "in place blocked")


def test_out_checks():
    x = normal((4, 5), np.float32)
    raises(ValueError, d.cumsum, x, out=np.empty((5, 4), np.float32))
    raises(TypeError, d.cumsum, x, out=np.empty((4, 5), np.float64))
    raises(TypeError, d.cumsum, x, out=[0.0] * 20)
    ro = np.empty((4, 5), np.float32)
    ro.flags.writeable = False
    raises(ValueError, d.cumsum, x, out=ro)
    raises(TypeError, d.argmin, x, 0, out=np.empty((1, 5), np.int32))  # index_type is int64
    raises(ValueError, d.argmin, x, 0, out=np.empty((5,), np.int64))  # keepdims=True: (1, 5)
    # An out that overlaps the input other than exactly is the library's OVERLAP.
    buf = normal(10, np.float32)
    e = raises(d.DmlRefError, d.cumsum, buf[:8], out=buf[2:])
    assert e.status == "DMLREF_ERROR_OVERLAP" and e.message, e


# ---------------------------------------------------------------------------
# Errors


def test_errors_carry_the_library_message():
    x = normal((3, 4), np.float32)
    e = raises(d.DmlRefError, d.cumsum, x, axis=2)
    assert e.status == "DMLREF_ERROR_INVALID_ARGUMENT" and e.code == 2
    assert "Axis" in e.message and "\n" not in e.message, e.message
    assert e.status in str(e) and e.message in str(e)
    raises(ValueError, d.cumsum, x, axis=-3)
    raises(TypeError, d.cumsum, x, axis=1.0)
    for bad in ("sideways", "tree:sklansky:32", "tree:foo:32:after", "tree:sklansky:32:before",
                "tree:sklansky:x:after", "any"):
        raises(ValueError, d.cumsum, x, order=bad)
    e = raises(d.DmlRefError, d.cumsum, x, order="tree:sklansky:3:after")
    assert e.status == "DMLREF_ERROR_INVALID_OPTION" and "block" in e.message, e.message
    e = raises(d.DmlRefError, d.cumprod, x, order="exact")
    assert e.status == "DMLREF_ERROR_INVALID_OPTION", e
    e = raises(d.DmlRefError, d.argmin, x, axes=[1, 1])
    assert e.status == "DMLREF_ERROR_INVALID_ARGUMENT" and e.message, e
    raises(ValueError, d.cumsum, x, accumulation="double")
    raises(ValueError, d.argmin, x, nan="skip")
    raises(ValueError, d.argmin, x, index_type="int16")
    raises(ValueError, d.cumsum, x, isa="mmx")
    for bad_dtype in (np.bool_, np.complex64, np.longdouble, object):
        raises(TypeError, d.cumsum, np.zeros(3, bad_dtype))
        raises(TypeError, d.argmax, np.zeros(3, bad_dtype))
    raises(ValueError, d.cumsum, np.zeros((1,) * 9, np.float32))


def test_isa_paths():
    x = normal((9, 100), np.float32)
    want = d.cumsum(x, order="blocked")
    seen = 0
    for isa in d._ISAS:
        if d.isa_available(isa):
            seen += 1
            assert_bits_equal(d.cumsum(x, order="blocked", isa=isa), want, isa)
            assert_bits_equal(d.argmax(x, 1, isa=isa), d.argmax(x, 1), isa)
        else:
            e = raises(d.DmlRefError, d.cumsum, x, isa=isa)
            assert e.status == "DMLREF_ERROR_ISA_UNAVAILABLE", e
    assert seen >= 2 and d.isa_available(d.best_isa())


# ---------------------------------------------------------------------------
# The structs mirror the C ones: every field has its observable effect


def test_every_option_field_has_its_effect():
    x = np.array([16777216, 1, 1, 1], np.float32)
    # float_order
    assert list(d.cumsum(x)) == [16777216] * 4
    assert list(d.cumsum(x, order="blocked")) == [16777216, 16777216, 16777218, 16777218]
    assert list(d.cumsum(x, order="exact")) == [16777216, 16777216, 16777218, 16777220]
    # feature_level: INT8 sums are not DirectML's at any level; FLOAT32 is at 5_0
    i8 = np.arange(4, dtype=np.int8)
    e = raises(d.DmlRefError, d._scan, "cumsum", i8, feature_level=0x5000)
    assert e.status == "DMLREF_ERROR_UNSUPPORTED_DATA_TYPE", e
    e = raises(d.DmlRefError, d._scan, "cumsum", x, feature_level=0x1234)
    assert e.status == "DMLREF_ERROR_INVALID_OPTION", e
    assert np.array_equal(d._scan("cumsum", x, feature_level=0x5000), d.cumsum(x))
    # nan_policy: in test_nan_policies; isa: in test_isa_paths
    # accumulation
    h = normal(2000, np.float16)
    assert not np.array_equal(bits(d.cumsum(h)), bits(d.cumsum(h, accumulation="native")))
    f = normal(2000, np.float32)  # native is default for FLOAT32, wide is not
    assert not np.array_equal(bits(d.cumsum(f)), bits(d.cumsum(f, accumulation="wide")))
    assert np.array_equal(bits(d.cumsum(f)), bits(d.cumsum(f, accumulation="native")))
    # identity_seed: a leading -0.0
    z = np.array([-0.0, -0.0], np.float32)
    assert np.signbit(d.cumsum(z)).all() and not np.signbit(d.cumsum(z, identity_seed=True)).any()
    # tree: algorithm, block and carry each matter
    y = normal(1000, np.float32)
    variants = ["tree:kogge-stone:16:after", "tree:sklansky:16:after", "tree:brent-kung:16:after",
                "tree:kogge-stone:64:after", "tree:kogge-stone:16:into-first"]
    outs = {bits(d.cumsum(y, order=v)).tobytes() for v in variants}
    assert len(outs) == len(variants)
    assert_bits_equal(d.cumsum(y, order="tree:kogge-stone:16:after"), d.cumsum(y, order="blocked"), "BLOCKED = tree")
    assert_bits_equal(d.cumsum(y, order=("sklansky", 32, "into-first")),
                      d.cumsum(y, order="tree:sklansky:32:into-first"), "tuple order")
    assert_bits_equal(d.cumsum(y, order=("tree", "brent-kung", 8, "after")),
                      d.cumsum(y, order="TREE:Brent_Kung:8:After"), "tuple order")
    # error_message / error_message_capacity: a message, and a truncated one
    o = d._Options(float_order=4, tree=capi.dmlref_scan_tree(0, 3, 0))
    o.options.error_message_capacity = 8
    op = None
    xa, tin = d._input_tensor(y)
    out = np.empty_like(y)
    tout = d._Tensor.of(out)
    op, fields = d._scan_desc(d._row("cumsum"), tin, tout, 0, False, False)
    status = d._lib().dmlref_execute(op, d._void_array(tin.address), d._void_array(tout.address), o.options)
    assert status == 3 and len(o.message.value) == 7, o.message.value


def test_descriptor_fields_have_their_effect():
    x = normal((3, 4, 5), np.float32)
    # REDUCE's Function: ARGMIN and ARGMAX, each equal to its operator's INCREASING answer
    for reduce_fn, fn in ((d.reduce_argmin, d.argmin), (d.reduce_argmax, d.argmax)):
        for axes in ([0], [2], [0, 2], None):
            assert_bits_equal(reduce_fn(x, axes), fn(x, axes), "REDUCE")
    # Axis, AxisDirection, HasExclusiveSum/Product, AxisCount, Axes: covered against NumPy above;
    # Strides and TotalTensorSizeInBytes: the layouts above.
    raises(ValueError, d._arg, "reduce_argmin", x, last=True)  # no AxisDirection
    raises(TypeError, d.reduce_argmin, x, last=True)


# ---------------------------------------------------------------------------
# Error bounds, checked exactly with fractions


def exact_prefixes(line, product=False, exclusive=False):
    acc = fractions.Fraction(1 if product else 0)
    outs = []
    for v in line:
        before = acc
        acc = acc * fractions.Fraction(float(v)) if product else acc + fractions.Fraction(float(v))
        outs.append(before if exclusive else acc)
    return outs


def check_within(computed, exact, bound, what):
    for k, (c, x, b) in enumerate(zip(computed, exact, bound)):
        if np.isinf(b):
            continue
        err = abs(fractions.Fraction(float(c)) - x)
        assert err <= fractions.Fraction(float(b)), "%s: output %d: error %g > bound %g" % (what, k, float(err), b)


def test_error_bound_holds_exactly():
    orders = ["sequential", "blocked", "tree:sklansky:8:into-first", "tree:brent-kung:4:after",
              "tree:kogge-stone:32:into-first", "exact"]
    for trial in range(6):
        n = int(RNG.integers(1, 80))
        x = (RNG.standard_normal(n) * 10.0 ** RNG.integers(-3, 4, n)).astype(np.float32)
        exclusive = trial % 2 == 1
        exact = exact_prefixes(x, exclusive=exclusive)
        any_bound = d.error_bound("cumsum", x, exclusive=exclusive)
        assert any_bound.dtype == np.float64 and any_bound.shape == x.shape
        for order in orders:
            for accumulation in (["default"] if order == "exact" else ["default", "native", "wide"]):
                y = d.cumsum(x, exclusive=exclusive, order=order, accumulation=accumulation)
                b = d.error_bound("cumsum", x, exclusive=exclusive, order=order, accumulation=accumulation)
                check_within(y, exact, b, "cumsum %s %s" % (order, accumulation))
                if accumulation == "default":  # every float32 order lies inside the ANY bound
                    check_within(y, exact, any_bound, "ANY vs %s" % order)
    # products, and FLOAT16 (the bound of the FLOAT16 output)
    p = (1 + 0.1 * RNG.standard_normal(40)).astype(np.float32)
    for order in ("sequential", "tree:sklansky:8:after"):
        check_within(d.cumprod(p, order=order), exact_prefixes(p, product=True),
                     d.error_bound("cumprod", p, order=order), "cumprod " + order)
    check_within(d.cumprod(p), exact_prefixes(p, product=True), d.error_bound("cumprod", p), "cumprod ANY")
    h = normal(200, np.float16)
    for accumulation in ("default", "native", "wide"):
        check_within(d.cumsum(h, accumulation=accumulation), exact_prefixes(h),
                     d.error_bound("cumsum", h, order="sequential", accumulation=accumulation), "f16 " + accumulation)
    # shape, axis, integers, non-finite inputs
    m = normal((3, 7), np.float64)
    b = d.error_bound("cumsum", m, axis=0, reverse=True)
    assert b.shape == (3, 7) and (b >= 0).all() and np.isfinite(b).all()
    assert (d.error_bound("cumsum", np.arange(5, dtype=np.int32)) == 0).all()
    assert np.isinf(d.error_bound("cumsum", np.array([1, np.inf, 2], np.float32))[1:]).all()
    e = raises(d.DmlRefError, d.error_bound, "cumprod", p, order="exact")
    assert e.status == "DMLREF_ERROR_INVALID_OPTION"
    raises(ValueError, d.error_bound, "argmin", p)


# ---------------------------------------------------------------------------
# compare


def f32(*values):
    return np.array(values, np.float32)


def test_compare_fields():
    tiny = np.float32(np.finfo(np.float32).smallest_subnormal)
    c = d.compare(f32(-0.0, -tiny, 1.0), f32(0.0, tiny, 1.0))
    assert (c.count, c.identical, c.max_ulp, c.first_difference) == (3, 1, 3, (0,)), c
    assert abs(c.identical_share - 1 / 3) < 1e-12 and not c.ok
    assert d.compare(f32(-0.0, 1), f32(0.0, 1), zero_sign_equal=True).ok
    assert d.compare(f32(-0.0, 1), f32(0.0, 1), ulp=1).ok
    one_up = np.nextafter(np.float32(1), np.float32(2))
    c = d.compare(f32(1, 2, 3, 4), f32(one_up, 2, 3, 4))
    assert (c.max_ulp, c.ulp_p50, c.ulp_p90, c.ulp_p99, c.identical) == (1, 0, 1, 1, 3), c
    assert c.max_abs == float(one_up) - 1 and c.max_rel == c.max_abs
    # NaN and infinity classes
    nan2 = np.array([0x7FC00001], np.uint32).view(np.float32)[0]
    c = d.compare(f32(np.nan, np.nan, 1.0, np.inf, np.inf, 5), f32(nan2, 2.0, np.nan, np.inf, 3e38, 5))
    assert (c.nan_mismatches, c.inf_mismatches, c.identical) == (2, 1, 2), c
    assert c.max_ulp == 0 and c.first_difference == (0,) and not c.ok
    c = d.compare(f32(np.nan, 1), f32(nan2, 1), ulp=1)
    assert c.ok and c.identical == 1, "NaN matches NaN whatever its payload under ulp"
    assert not d.compare(f32(np.nan, 1), f32(nan2, 1)).ok, "but not bit-identical"
    # N-D first difference, integers, bounds
    e = np.zeros((2, 3, 4), np.int8)
    a = e.copy()
    a[1, 2, 3] = 127
    a[1, 0, 0] = -128
    c = d.compare(e, a)
    assert c.first_difference == (1, 0, 0) and c.max_ulp == 128 and c.max_abs == 128 and c.max_rel == np.inf
    assert d.compare(np.array([-128], np.int8), np.array([127], np.int8)).max_ulp == 255
    assert d.compare(np.array([0], np.uint64), np.array([2**64 - 1], np.uint64)).max_ulp == 2**64 - 1
    c = d.compare(f32(1, 2, 3), f32(1.5, 2, 3.25), bound=np.array([0.5, 0, 0.2]))
    assert c.outside_bound == 1 and not c.ok
    assert d.compare(f32(1, 2, 3), f32(1.5, 2, 3.25), bound=np.array([0.5, 0, 0.25])).ok
    assert not d.compare(f32(1, np.nan), f32(1, 1), bound=np.array([1.0, np.inf])).ok  # class mismatch
    assert d.compare(f32(1, 2), f32(1, 2)).ok
    raises(ValueError, d.compare, f32(1, 2), f32(1, 2, 3))
    raises(TypeError, d.compare, f32(1, 2), np.array([1, 2], np.float64))
    raises(ValueError, d.compare, f32(1, 2), f32(1, 2), bound=np.array([1, 2], np.float32))
    # any layout: compared by logical index
    m = normal((4, 6), np.float32)
    assert d.compare(m, np.asfortranarray(m)).identical == 24 and d.compare(m[::-1], m[::-1].copy()).ok


def test_compare_percentiles_nearest_rank():
    e = np.zeros(100, np.int32)
    a = np.arange(100, dtype=np.int32)
    c = d.compare(e, a)
    assert (c.ulp_p50, c.ulp_p90, c.ulp_p99, c.max_ulp) == (49, 89, 98, 99), c


# ---------------------------------------------------------------------------
# explain


def test_explain_finds_the_options():
    h = normal(500, np.float16)
    h[0] = -0.0
    actual = d.cumsum(h, order="tree:sklansky:32:into-first", accumulation="native", identity_seed=True)
    r = d.explain("cumsum", h, actual)
    assert r.reproduced and r.tried == 6 + 590 + 165348, r.tried  # presets, plain configurations, family
    options = [c for c, share in r.candidates]
    assert {"order": "tree:sklansky:32:into-first", "accumulation": "native", "identity_seed": True} in options
    assert all(share == 1.0 for c, share in r.candidates)
    # the leading -0.0 tells the seed apart; a run seed (each lane's run from +0.0) does the same
    assert all(o["accumulation"] == "native" and (o["identity_seed"] or "run-seed" in o["order"])
               for o in options), options
    # a scan along an axis, reversed
    m = normal((6, 40), np.float32)
    r = d.explain("cumsum", m, d.cumsum(m, 0, reverse=True, order="blocked"), axis=0, reverse=True)
    assert r.reproduced and any(c["order"] == "blocked" for c, s in r.candidates)
    # arg-reductions: the NaN policy and the direction
    x = np.array([[2, np.nan, 1, 1], [np.nan, 0, 5, 0]], np.float32)
    actual = d.argmin(x, 1, nan="ignore", last=True, index_type="int32")
    r = d.explain("argmin", x, actual, axes=1)
    assert r.reproduced and {"nan": "ignore", "last": True} in [c for c, s in r.candidates], r
    # nothing reproduces noise: the closest five
    r = d.explain("cumsum", m, normal((6, 40), np.float32))
    assert not r.reproduced and len(r.candidates) == 5 and r.candidates[0][1] >= r.candidates[-1][1]
    raises(TypeError, d.explain, "cumsum", m, m, axes=0)
    # the GPU stacks' presets come first, named; the CLI tries the same configurations
    g = normal((3, 3000), np.float32)
    for order, name in (("xla", "JAX/XLA"),):  # each takes seconds; the CLI's tests try the other two
        accumulation = "default" if order == "torch-compile" else "native"
        r = d.explain("cumsum", g, d.cumsum(g, order=order, accumulation=accumulation))
        assert r.reproduced and r.names[0] == name and r.tried == 7 + 590 + 110232, (order, r.names[:3], r.tried)
    raises(ValueError, d.explain, "cumsum", m, m[:3])


# ---------------------------------------------------------------------------
# threads=: the same bits on any number of threads

THREAD_COUNTS = (1, 2, 3, 7)
# A line of this many elements is cut into 7 pieces and more (the library gives a task at least
# DMLREF_TASK_GRAIN = 32768 elements).
LONG = 7 * 32768 + 4321


def same_on_every_thread_count(fn, x, what, **kwargs):
    """fn(x, threads=t, **kwargs) has the same bits for every t in THREAD_COUNTS; returns that result."""
    want = fn(x, threads=1, **kwargs)
    for t in THREAD_COUNTS[1:]:
        assert_bits_equal(fn(x, threads=t, **kwargs), want, "%s threads=%d" % (what, t))
    return want


def test_threads_scans_same_bits():
    f32 = normal(LONG, np.float32)
    for order in ("blocked", "tree:sklansky:64:after", "sequential"):  # one cut into pieces, one line kept whole
        for dtype in (np.float32, np.float64, np.float16):
            x = f32.astype(dtype)
            same_on_every_thread_count(d.cumsum, x, "cumsum %s %s" % (order, np.dtype(dtype)), order=order)
        same_on_every_thread_count(d.cumsum, f32, "cumsum %s reverse exclusive" % order, order=order,
                                   reverse=True, exclusive=True)
    for dtype in (np.int8, np.int32, np.uint32, np.int64):  # integer lines are cut into pieces too
        info = np.iinfo(dtype)
        x = RNG.integers(info.min, info.max, size=LONG, dtype=dtype, endpoint=True)
        want = same_on_every_thread_count(d.cumsum, x, "cumsum %s" % np.dtype(dtype))
        assert_bits_equal(want, np.cumsum(x, dtype=dtype), "cumsum %s = NumPy" % np.dtype(dtype))
        same_on_every_thread_count(d.cumprod, x | 1, "cumprod %s" % np.dtype(dtype), reverse=True)
    m = normal((96, 4099), np.float32)  # many lines, shared between the tasks
    for axis in (0, 1):
        for order in ("sequential", "blocked"):
            want = same_on_every_thread_count(d.cumsum, m, "cumsum lines axis %d %s" % (axis, order), axis=axis,
                                              order=order)
            if order == "sequential":
                assert_bits_equal(want, np.cumsum(m, axis), "cumsum lines = NumPy")
        same_on_every_thread_count(d.cumprod, m, "cumprod lines axis %d" % axis, axis=axis)
    # out= in place, on threads
    y = f32.copy()
    assert d.cumsum(y, order="blocked", out=y, threads=3) is y
    assert_bits_equal(y, d.cumsum(f32, order="blocked"), "in place threads=3")


def test_threads_arg_reductions_same_bits():
    values = RNG.integers(-20, 20, size=LONG).astype(np.float32)  # every value many times: ties across pieces
    with_nan = values.copy()
    with_nan[[5000, 100000, LONG - 10]] = np.nan
    late_nan = values.copy()
    late_nan[LONG - 40000] = np.nan
    for name, x in (("ties", values), ("NaN", with_nan), ("late NaN", late_nan)):
        for nan in ("propagate", "ignore", "compare"):
            for last in (False, True):
                for fn in (d.argmin, d.argmax):
                    got = same_on_every_thread_count(fn, x, "%s %s nan=%s last=%s" % (fn.__name__, name, nan, last),
                                                     nan=nan, last=last, keepdims=False)
                    if nan == "propagate" and not last:
                        assert got == (np.argmin(x) if fn is d.argmin else np.argmax(x)), (fn.__name__, name)
    ints = RNG.integers(0, 3, size=LONG).astype(np.int16)
    same_on_every_thread_count(d.argmax, ints, "argmax int16 ties", last=True)
    for fn in (d.reduce_argmin, d.reduce_argmax):
        same_on_every_thread_count(fn, with_nan, fn.__name__)
    m = RNG.integers(-5, 5, size=(48, 8192)).astype(np.float64)  # many outputs; and a reduction over both axes
    m[3, 7] = np.nan
    for axes in (0, 1, None, (0, 1)):
        same_on_every_thread_count(d.argmin, m, "argmin lines axes %s" % (axes,), axes=axes, nan="ignore")


def test_threads_reductions_same_bits():
    x = normal(LONG, np.float32)
    for fn, kwargs in ((d.reduce_sum, {}), (d.reduce_sum, dict(order="pairwise")), (d.reduce_l2, dict(order="exact")),
                       (d.reduce_log_sum_exp, dict(order="blocked")), (d.reduce_max, dict(nan="ignore"))):
        same_on_every_thread_count(fn, x, "%s %s" % (fn.__name__, kwargs), **kwargs)
    m = normal((48, 8192), np.float16)
    for axes in (0, 1, None):
        same_on_every_thread_count(d.reduce_average, m, "reduce_average axes %s" % (axes,), axes=axes)
    i = RNG.integers(-100, 100, size=LONG).astype(np.int32)
    assert same_on_every_thread_count(d.reduce_sum, i, "reduce_sum int32", keepdims=False) == np.sum(i, dtype=np.int32)


def test_threads_error_bound_same_bits():
    m = normal((40, 9000), np.float32)  # lines shared between tasks; each line on one
    for order in ("any", "sequential", "blocked"):
        for axis in (0, 1):
            same_on_every_thread_count(lambda a, **k: d.error_bound("cumsum", a, **k), m,
                                       "error_bound %s axis %d" % (order, axis), order=order, axis=axis)
    line = normal(LONG, np.float64)
    same_on_every_thread_count(lambda a, **k: d.error_bound("cumprod", a, **k), line, "error_bound one line",
                               order="sequential")


def test_threads_values():
    x = normal(LONG, np.float32)
    want = d.cumsum(x, order="blocked")
    assert_bits_equal(d.cumsum(x, order="blocked", threads=None), want, "threads=None")
    assert_bits_equal(d.argmax(x, threads=np.int64(4)), d.argmax(x), "a NumPy integer")
    assert d._parallel(1) is None and d._parallel(None if d._cpu_count() > 1 else 2) is not None, \
        "the shared library's pool (not on Windows, where threads= runs on one thread)"
    d.argmin(x, threads=7)
    if os.path.isdir("/proc/self/task"):  # Linux: the pool's 6 workers beside this thread
        assert len(os.listdir("/proc/self/task")) >= 7, os.listdir("/proc/self/task")
    calls = [lambda t: d.cumsum(x, threads=t), lambda t: d.cumprod(x, threads=t), lambda t: d.argmin(x, threads=t),
             lambda t: d.argmax(x, threads=t), lambda t: d.error_bound("cumsum", x, threads=t),
             lambda t: d.reduce_argmin(x, threads=t),
             lambda t: d.explain("argmin", x, d.argmin(x), threads=t)]
    for bad in (0, -1, 1025, 2.0, "2", True, [2], np.float32(2)):
        for call in calls:
            e = raises(ValueError, call, bad)
            assert "threads" in str(e), str(e)
    raises(ValueError, d.cumsum, np.zeros(0, np.float32), threads=0)  # checked before the empty shortcut
    # explain keeps threads=
    r = d.explain("cumsum", x, want, threads=3)
    assert r.reproduced and any(c["order"] == "blocked" for c, share in r.candidates)


def test_threads_default():
    """threads=None is the default: every CPU for a large call, the same bits as threads=1, and no pool
    in a process whose calls are all too small to split (a fresh interpreter, counting its threads)."""
    x = normal(LONG, np.float32)
    assert_bits_equal(d.cumsum(x, order="blocked"), d.cumsum(x, order="blocked", threads=1), "default cumsum")
    assert_bits_equal(d.argmax(x), d.argmax(x, threads=1), "default argmax")
    if not os.path.isdir("/proc/self/task") or d._parallel(2) is None:
        return  # counts threads on Linux only
    # (NumPy may start threads of its own at import, OpenBLAS's say: counted before the calls)
    code = """if True:
        import os, sys, numpy as np, dml_ref as d
        count = lambda: len(os.listdir("/proc/self/task"))
        small, big = np.ones(2 * 32768 - 1, np.float32), np.ones(%d, np.float32)
        start = count()
        d.cumsum(small); d.argmin(small); d.error_bound("cumsum", small)
        d.cumsum(big, threads=1); d.argmax(big, threads=1); d.cumsum(big)  # one SEQUENTIAL line: one task
        before = count()
        d.argmin(big)
        print(start, before, count(), min(len(os.sched_getaffinity(0)), 1024))""" % LONG
    here = os.path.dirname(os.path.abspath(d.__file__))
    env = dict(os.environ, PYTHONPATH=here)
    p = subprocess.run([sys.executable, "-B", "-c", code], env=env, capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    start, before, after, cpus = map(int, p.stdout.split())
    assert before == start, "a pool made by small, threads=1 or unsplit calls: %d threads, %d before" \
        % (before, start)
    assert after == start + cpus - 1, "the default call's pool: %d threads for %d CPUs (%d before)" \
        % (after, cpus, start)


def test_threads_concurrent_callers():
    """Python threads calling at once (ctypes releases the GIL) share the one pool, a job at a time."""
    import threading
    inputs = [normal(LONG, np.float32) for _ in range(4)]
    wants = [(d.cumsum(a, order="blocked"), d.argmin(a)) for a in inputs]
    errors = []

    def work(k):
        try:
            for r in range(6):
                a = inputs[(k + r) % 4]
                want_sum, want_arg = wants[(k + r) % 4]
                assert_bits_equal(d.cumsum(a, order="blocked", threads=2 + (k + r) % 5), want_sum, "concurrent")
                assert_bits_equal(d.argmin(a, threads=3), want_arg, "concurrent argmin")
        except Exception as e:  # reported by the main thread
            errors.append(e)

    workers = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    assert not errors, errors[0]


def test_threads_after_fork():
    """A forked child (multiprocessing's default on Linux) makes its own pool."""
    if not hasattr(os, "fork") or d._parallel(2) is None:
        return
    x = normal(LONG, np.float32)
    d.argmin(x, threads=2)  # the parent's pool exists
    want = d.cumsum(x, order="blocked")
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: report and leave without running the parent's cleanup
        ok = not d._PREPARED  # the parent's kept calls hold its thread count
        ok = ok and np.array_equal(bits(d.cumsum(x, order="blocked", threads=3)), bits(want))
        if os.path.isdir("/proc/self/task"):  # fork copies only the calling thread: these are the child's pool's
            ok = ok and len(os.listdir("/proc/self/task")) >= 3
        os.write(write, b"1" if ok else b"0")
        os._exit(0)
    os.close(write)
    got = os.read(read, 1)
    os.close(read)
    os.waitpid(pid, 0)
    assert got == b"1", "the child's threaded cumsum differs (or it failed: %r)" % got


# ---------------------------------------------------------------------------
# The C API layer (dml_ref_capi.py) against the library


def header_struct_fields(text, struct):
    """The field names of `typedef struct NAME { ... } NAME;` in dml_ref.h's text, in order."""
    import re
    m = re.search(r"typedef struct %s \{(.*?)\} %s;" % (struct, struct), text, re.S)
    assert m, "dml_ref.h declares no struct %s" % struct
    body = re.sub(r"/\*.*?\*/|//[^\n]*", "", m.group(1), flags=re.S)
    names = []
    for decl in filter(str.strip, body.split(";")):
        pointer = re.search(r"\(\s*\*\s*(\w+)\s*\)", decl)  # a function pointer: void (*name)(...)
        names.append(pointer.group(1) if pointer else re.findall(r"\w+", re.sub(r"\[.*?\]", "", decl))[-1])
    return names


def c_api_mismatches(module, rows, header_text=None):
    """Every difference between the Python mirror (module) and the library's layout rows (and, given
    dml_ref.h's text, between the rows' field lists and the header's)."""
    import ctypes
    problems = []
    field_type = type(capi.DML_TENSOR_DESC.Type)  # ctypes' field descriptor (CField)
    py_structs = {name: v for name, v in vars(module).items()
                  if isinstance(v, type) and issubclass(v, ctypes.Structure) and v.__module__ == module.__name__}
    py_constants = {name: v for name, v in vars(module).items()
                    if name.startswith(("DML_", "DMLREF_")) and isinstance(v, int)}
    c_fields, c_constants = {}, {}
    for kind, group, name, value, extra in rows:
        if kind == "constant":
            c_constants[name] = value
            if name not in py_constants:
                problems.append("constant %s (%s) = %d: not in Python" % (name, group, value))
            elif py_constants[name] != value:
                problems.append("constant %s: C %d, Python %d" % (name, value, py_constants[name]))
            continue
        cls = py_structs.get(group)
        if cls is None:
            if kind == "struct":
                problems.append("struct %s: not in Python" % group)
            continue
        if kind == "struct":
            c_fields.setdefault(group, [])
            if (ctypes.sizeof(cls), ctypes.alignment(cls)) != (value, extra):
                problems.append("struct %s: C size %d align %d, Python size %d align %d"
                                % (group, value, extra, ctypes.sizeof(cls), ctypes.alignment(cls)))
            continue
        c_fields.setdefault(group, []).append(name)
        field = getattr(cls, name, None)
        if not isinstance(field, field_type):
            problems.append("field %s.%s: not in Python" % (group, name))
        elif (field.offset, field.size) != (value, extra):
            problems.append("field %s.%s: C offset %d size %d, Python offset %d size %d"
                            % (group, name, value, extra, field.offset, field.size))
    for name, cls in py_structs.items():
        if cls.__name__ != name:
            problems.append("struct %s: its class is named %s" % (name, cls.__name__))
        if name not in c_fields:
            problems.append("struct %s: not in the library's layout rows" % name)
            continue
        py_names = [f[0] for f in cls._fields_]
        if py_names != c_fields[name]:
            problems.append("struct %s: Python fields %s, C %s" % (name, py_names, c_fields[name]))
        if header_text is not None and header_struct_fields(header_text, name) != c_fields[name]:
            problems.append("struct %s: dml_ref.h fields %s, layout rows %s"
                            % (name, header_struct_fields(header_text, name), c_fields[name]))
    for name in sorted(set(py_constants) - set(c_constants)):
        problems.append("constant %s: not in the library's layout rows" % name)
    return problems


def test_c_api_layout():
    """Every struct's size and alignment, field's offset and size, and constant's value in
    dml_ref_capi.py is the library's (dmlref_python_layout), both ways; and the library's field lists
    are dml_ref.h's."""
    import types
    rows = capi.layout_rows(d._lib())
    kinds = {kind for kind, *_ in rows}
    assert kinds == {"struct", "field", "constant"} and len(rows) > 100, (kinds, len(rows))
    header = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "dml_ref.h")
    text = open(header).read() if os.path.exists(header) else None
    problems = c_api_mismatches(capi, rows, text)
    assert not problems, "\n".join(problems)
    # The check fails on a wrong mirror: a copy of the module with one field's type changed, one
    # struct and one constant missing, one constant wrong and one extra.
    import ctypes
    bad = types.ModuleType(capi.__name__)
    bad.__dict__.update({k: v for k, v in vars(capi).items() if k not in ("dmlref_scan_tree", "DMLREF_ISA_NEON")})

    class dmlref_options(ctypes.Structure):
        _fields_ = [(n, ctypes.c_int64 if n == "accumulation" else t) for n, t in capi.dmlref_options._fields_]
    dmlref_options.__module__ = capi.__name__
    bad.dmlref_options = dmlref_options
    bad.DMLREF_ISA_AVX2 = 99
    bad.DMLREF_ISA_SVE = 7
    got = c_api_mismatches(bad, rows, text)
    for want in ("field dmlref_options.accumulation: C offset 32 size 4, Python offset 32 size 8",
                 "field dmlref_options.identity_seed", "struct dmlref_options: C size",
                 "struct dmlref_scan_tree: not in Python", "constant DMLREF_ISA_NEON (dmlref_isa) = 5: not in Python",
                 "constant DMLREF_ISA_AVX2: C 3, Python 99", "constant DMLREF_ISA_SVE: not in the library's"):
        assert any(p.startswith(want) for p in got), (want, got)
    if text is not None:  # a field the header has and the layout rows lack
        changed = text.replace("    int32_t carry;     /* dmlref_tree_carry */",
                               "    int32_t carry;     /* dmlref_tree_carry */\n    int32_t extra;")
        assert changed != text
        got = c_api_mismatches(capi, rows, changed)
        assert any(p.startswith("struct dmlref_scan_tree: dml_ref.h fields") for p in got), got


def test_option_names_cover_the_enums():
    for names, count in ((d._ORDERS, capi.DMLREF_FLOAT_ORDER_COUNT), (d._ACCUMULATIONS, capi.DMLREF_ACCUMULATION_COUNT),
                         (d._LOG_SUM_EXP, capi.DMLREF_LOG_SUM_EXP_COUNT),
                         (d._NAN_POLICIES, capi.DMLREF_NAN_POLICY_COUNT), (d._ISAS, capi.DMLREF_ISA_COUNT),
                         (d._TREE_ALGORITHMS, capi.DMLREF_TREE_ALGORITHM_COUNT),
                         (d._TREE_CARRIES, capi.DMLREF_TREE_CARRY_COUNT)):
        assert sorted(names.values()) == list(range(count)), (names, count)
    for name, value in d._ISAS.items():  # the library's names, lower case
        assert d._lib().dmlref_isa_name(value).decode().lower() == name, (name, value)
    assert sorted(d._DATA_TYPES.values()) == list(range(1, 12))


# ---------------------------------------------------------------------------
# The operator table


def test_operator_table_functions():
    """Every implemented row is a function of the module, named python_name, whose keywords are the
    options its row's flags and shape allow; the other rows raise an error that names them."""
    import inspect
    rows = d.operators()
    assert rows and len({r.python_name for r in rows}) == len(rows)
    implemented = [r for r in rows if r.flags & capi.DMLREF_OPERATOR_IMPLEMENTED]
    assert {r.python_name for r in implemented} >= {"cumsum", "cumprod", "argmin", "argmax", "reduce_argmin",
                                                    "reduce_argmax"}
    for r in implemented:
        fn = getattr(d, r.python_name)
        assert callable(fn) and r.python_name in d.__all__, r
        assert fn.__doc__ and (r.name.split()[0] in fn.__doc__), (r.name, fn.__doc__)
        found = d._lib().dmlref_operator_find(r.operator_type, r.reduce_function).contents
        assert found.python_name.decode() == r.python_name, r
        params = set(inspect.signature(fn).parameters)
        direction = bool(r.flags & capi.DMLREF_OPERATOR_DIRECTION)
        if r.shape == capi.DMLREF_SHAPE_SCAN:
            assert ("exclusive" in params) == bool(r.flags & capi.DMLREF_OPERATOR_EXCLUSIVE), r
            assert ("reverse" in params) == direction, r
            assert {"order", "accumulation", "identity_seed"} <= params and r.float_orders, r
        elif r.shape == capi.DMLREF_SHAPE_REDUCTION:
            assert ("nan" in params) == bool(r.flags & capi.DMLREF_OPERATOR_NAN_POLICY), r
            assert ({"order", "accumulation", "identity_seed"} <= params) == bool(r.float_orders), r
            assert ("log_sum_exp" in params) == (r.map == capi.DMLREF_MAP_EXP), r
            assert {"axes", "keepdims", "isa", "out", "threads"} <= params and "last" not in params, r
            # reduce(x, function) reaches the same row
            fn_name = r.python_name[len("reduce_"):]
            assert d._reduce_row(fn_name) is r and d._reduce_row(fn_name.upper().replace("_", "-")) is r
        else:
            assert r.shape == capi.DMLREF_SHAPE_ARG_REDUCTION, r
            assert ("last" in params) == direction, r
            assert ("nan" in params) == bool(r.flags & capi.DMLREF_OPERATOR_NAN_POLICY), r
        # the CLI's spelling reaches the same row
        assert d._row(r.cli_name) is d._row(r.python_name)
    x = normal((3, 5), np.float32)
    others = [r for r in rows if not r.flags & capi.DMLREF_OPERATOR_IMPLEMENTED]
    for r in others:
        assert not hasattr(d, r.python_name), r
        e = raises(AttributeError, getattr, d, r.python_name)
        assert r.name in str(e) and "does not implement" in str(e), str(e)
        for call in (lambda: d.explain(r.python_name, x, x), lambda: d.explain(r.cli_name, x, x),
                     lambda: d.error_bound(r.python_name, x)):
            e = raises(d.DmlRefError, call)
            assert e.status == "DMLREF_ERROR_UNSUPPORTED_OPERATOR" and r.python_name in e.message, e
            assert "reduce_argmax" in e.message, e.message  # it lists what is implemented
    e = raises(ValueError, d.explain, "cumfoo", x, x)
    assert "reduce_argmin" in str(e), str(e)
    e = raises(ValueError, d.error_bound, "argmin", x)  # no bound orders
    assert "cumsum" in str(e) and "argmin" in str(e), str(e)
    raises(AttributeError, getattr, d, "no_such_thing")
    raises(AttributeError, getattr, d, "_no_such_thing")


def test_reduce_arg_reductions():
    """REDUCE ARGMIN/ARGMAX: NumPy's first index (no direction), every NaN policy, index type and shape."""
    for dtype in FLOATS + (np.int16, np.uint64):
        x = normal((4, 6, 5), np.float32) * 8
        x = x.astype(dtype)
        if dtype in FLOATS:
            x[1, 2, 3] = np.nan
        for axes in (0, [1], [0, 2], None):
            ax = [axes] if isinstance(axes, int) else (list(range(3)) if axes is None else axes)
            assert_bits_equal(d.reduce_argmin(x, axes), numpy_arg(x, ax), "reduce_argmin %s" % np.dtype(dtype))
            assert_bits_equal(d.reduce_argmax(x, axes), numpy_arg(x, ax, find_max=True),
                              "reduce_argmax %s" % np.dtype(dtype))
            for nan in ("ignore", "compare"):
                assert_bits_equal(d.reduce_argmax(x, axes, nan=nan), d.argmax(x, axes, nan=nan), "nan=" + nan)
    x = np.array([[1, 3, 3, np.nan], [0, 0, 2, 2]], np.float32)
    assert d.reduce_argmax(x, 1, nan="ignore", keepdims=False, index_type="uint32").tolist() == [1, 2]
    assert d.reduce_argmax(x, 1, nan="ignore", index_type="uint32").dtype == np.uint32
    out = np.empty((2,), np.int32)
    assert d.reduce_argmin(x, 1, index_type="int32", keepdims=False, out=out) is out and out.tolist() == [3, 0]
    assert d.reduce_argmin(np.float64(3)).shape == ()
    raises(ValueError, d.reduce_argmin, np.zeros((0, 3), np.float32))
    # explain varies only the NaN policy
    actual = d.reduce_argmax(x, 1, nan="ignore")
    r = d.explain("reduce_argmax", x, actual, axes=1)
    assert r.reproduced and r.tried == 3 and {"nan": "ignore"} in [c for c, s in r.candidates], r
    raises(TypeError, d.explain, "reduce_argmax", x, actual, axes=1, last=True)
    r = d.explain("reduce-argmin", x, d.reduce_argmin(x, 1), axes=1)
    assert r.reproduced and r.tried == 3, r


# ---------------------------------------------------------------------------
# Reductions (DML_OPERATOR_REDUCE's value functions) against NumPy 1.24

REDUCE_LENGTHS = (7, 8, 9, 127, 128, 129, 1000, 8192)
# NumPy's reduction loop takes a contiguous line in buffers of NPY_BUFSIZE (8192) elements: each buffer is one
# pairwise sum, added to the running output in x's own type. Up to 8192 elements that is the library's
# PAIRWISE with the identity seed (np.sum([-0.0]) is +0.0); beyond, no option set reproduces it.
NPY_BUFSIZE = 8192


def numpy_sum_model(line):
    """np.sum of a contiguous line, rebuilt from the library's PAIRWISE sums of its 8192-element buffers."""
    if line.dtype == np.float16:  # HALF_add: a float32 pairwise sum per buffer, the output rounded to half
        total = np.float16(0)
        for k in range(0, line.size, NPY_BUFSIZE):
            part = d.reduce(line[k:k + NPY_BUFSIZE].astype(np.float32), "sum", order="pairwise", keepdims=False)
            total = np.float16(np.float32(total) + part)
        return total
    total = line.dtype.type(0)
    for k in range(0, line.size, NPY_BUFSIZE):
        total = line.dtype.type(total + d.reduce(line[k:k + NPY_BUFSIZE], "sum", order="pairwise", keepdims=False))
    return total


def reduce_inputs(dtype, length, axis):
    """Three lines of `length` normal values along `axis` (-1: rows of a C-order (3, L); 0: columns of (L, 3)),
    the first line all -0.0 (its sum is +0.0 only with the identity seed)."""
    x = normal((3, length) if axis == -1 else (length, 3), dtype)
    if axis == -1:
        x[0] = -0.0
    else:
        x[:, 0] = -0.0
    return x


def test_reduce_sum_equals_numpy():
    """np.sum / np.add.reduce: along the last axis (up to 8192 elements) order='pairwise', identity_seed=True,
    accumulation 'default' (float16: a float32 tally rounded once, as NumPy's HALF_add); along axis 0,
    order='sequential' with the seed, accumulation 'native' for float16 (each step rounds to half), 'default'
    otherwise. np.mean is AVERAGE with the same options, np.sum(abs) L1."""
    for dtype in FLOATS:
        for length in REDUCE_LENGTHS:
            for axis in (-1, 0):
                x = reduce_inputs(dtype, length, axis)
                what = "%s length %d axis %d" % (np.dtype(dtype), length, axis)
                if axis == -1:
                    options = dict(order="pairwise", identity_seed=True, accumulation="default")
                else:
                    options = dict(order="sequential", identity_seed=True,
                                   accumulation="native" if dtype == np.float16 else "default")
                got = d.reduce(x, "sum", axes=axis, keepdims=False, **options)
                assert_bits_equal(got, np.sum(x, axis=axis), "np.sum " + what)
                assert_bits_equal(got, np.add.reduce(x, axis=axis), "np.add.reduce " + what)
                assert_bits_equal(d.reduce_l1(x, axis, keepdims=False, **options), np.sum(np.abs(x), axis=axis),
                                  "L1 " + what)
                # np.mean: np.add.reduce (float16: in float32, on either axis), then / n
                assert_bits_equal(d.reduce_average(x, axis, keepdims=False, **dict(options, accumulation="default")),
                                  np.mean(x, axis=axis), "np.mean " + what)
        # the seed matters: without it the all -0.0 line sums to -0.0
        x = reduce_inputs(dtype, 9, -1)
        assert bits(d.reduce(x, "sum", axes=1, order="pairwise"))[0, 0] != bits(np.sum(x, axis=1))[0]
    # above 8192 elements NumPy adds its buffers' pairwise sums: no option set reproduces that, the model does
    for dtype in FLOATS:
        x = reduce_inputs(dtype, 100000, -1)
        want = np.sum(x, axis=-1)
        model = np.array([numpy_sum_model(line) for line in x], dtype)
        assert_bits_equal(model, want, "np.sum %s of 100000: 8192-element buffers" % np.dtype(dtype))
        assert not np.array_equal(bits(d.reduce(x, "sum", axes=-1, order="pairwise", identity_seed=True,
                                                keepdims=False)), bits(want)), np.dtype(dtype)
        # along axis 0 NumPy is sequential at any length
        y = reduce_inputs(dtype, 100000, 0)
        assert_bits_equal(d.reduce(y, "sum", axes=0, identity_seed=True, keepdims=False,
                                   accumulation="native" if dtype == np.float16 else "default"),
                          np.sum(y, axis=0), "np.sum axis 0 of 100000")


def test_reduce_functions_equal_numpy():
    """SUM_SQUARE, L2 (float32/64: NumPy rounds the squares to x's type, as the library's default compute type
    does; float16 squares are float16 in NumPy but float32 in the library), MULTIPLY (np.prod: sequential),
    LOG_SUM, LOG_SUM_EXP (the library's own exp and log: dml_ref.exp/log rebuild them bit for bit), MIN/MAX."""
    for dtype in (np.float32, np.float64):
        for length in REDUCE_LENGTHS:
            x = normal((3, length), dtype)
            pw = dict(order="pairwise", identity_seed=True, keepdims=False)
            assert_bits_equal(d.reduce_sum_square(x, -1, **pw), np.sum(x * x, axis=-1), "sum_square")
            assert_bits_equal(d.reduce_l2(x, -1, **pw), np.sqrt(np.sum(x * x, axis=-1)), "l2")
            # LOG_SUM: the library's log of the sum (float32/64: the compute type is x's)
            p = np.abs(x) + 1
            s = d.reduce_sum(p, -1, order="pairwise", keepdims=False)
            assert_bits_equal(d.reduce_log_sum(p, -1, order="pairwise", keepdims=False), d.log(s), "log_sum")
            assert d.compare(np.log(s), d.log(s), ulp=1).ok
            # LOG_SUM_EXP shifted: M + log(sum of exp(x - M)), each step one operation in x's type
            m = np.max(x, axis=-1, keepdims=True)
            t = np.add.accumulate(d.exp(x - m), axis=-1)[:, -1]
            assert_bits_equal(d.reduce_log_sum_exp(x, -1, keepdims=False), m[:, 0] + d.log(t), "log_sum_exp")
            plain = d.log(np.add.accumulate(d.exp(x), axis=-1)[:, -1])
            assert_bits_equal(d.reduce(x, "log_sum_exp", -1, log_sum_exp="plain", keepdims=False), plain, "plain")
            with np.errstate(over="ignore"):
                assert d.compare(np.log(np.sum(np.exp(x.astype(np.float64)), axis=-1)).astype(dtype),
                                 d.reduce_log_sum_exp(x, -1, keepdims=False), ulp=4).ok
    for dtype in FLOATS:
        for length in REDUCE_LENGTHS:
            for axis in (-1, 0):
                x = (1 + normal((3, length) if axis == -1 else (length, 3), np.float64) / 64).astype(dtype)
                acc = "native" if dtype == np.float16 and axis == 0 else "default"
                assert_bits_equal(d.reduce_multiply(x, axis, accumulation=acc, keepdims=False),
                                  np.prod(x, axis=axis), "np.prod %s %d %d" % (np.dtype(dtype), length, axis))
                y = normal(x.shape, dtype)
                y[1, 2] = np.nan
                for fn, np_fn in (("min", np.min), ("max", np.max)):
                    assert_bits_equal(d.reduce(y, fn, axis, keepdims=False), np_fn(y, axis=axis), "np." + fn)
                    assert_bits_equal(d.reduce(y, fn, axis, nan="ignore", keepdims=False),
                                      getattr(np, "f" + fn).reduce(y, axis=axis), "np.f%s.reduce" % fn)
    # MIN/MAX are IEEE minimum/maximum: -0.0 below +0.0 in either order (np.maximum keeps the first)
    z = np.array([[-0.0, 0.0], [0.0, -0.0]], np.float32)
    assert bits(d.reduce_max(z, 1, keepdims=False)).tolist() == [0, 0]
    assert bits(d.reduce_min(z, 1, keepdims=False)).tolist() == [0x80000000] * 2
    # every value of the NaN policies on an all-NaN line: NaN
    assert np.isnan(d.reduce_max(np.full(4, np.nan, np.float16), nan="ignore")).all()


def test_reduce_integers_wrap_as_numpy():
    for dtype in INTS:
        info = np.iinfo(dtype)
        x = RNG.integers(info.min, info.max, size=(4, 33), dtype=dtype, endpoint=True)
        for axes in (0, 1, None, (0, 1)):
            ax = tuple(range(2)) if axes is None else axes
            what = "%s axes %s" % (np.dtype(dtype), axes)
            assert_bits_equal(d.reduce(x, "sum", axes, keepdims=False), np.sum(x, axis=ax, dtype=dtype), "sum " + what)
            assert_bits_equal(d.reduce_multiply(x, axes, keepdims=False), np.prod(x, axis=ax, dtype=dtype),
                              "prod " + what)
            assert_bits_equal(d.reduce_l1(x, axes, keepdims=False), np.sum(np.abs(x), axis=ax, dtype=dtype),
                              "l1 " + what)
            with np.errstate(over="ignore"):
                assert_bits_equal(d.reduce_sum_square(x, axes, keepdims=False),
                                  np.sum(x * x, axis=ax, dtype=dtype), "sum_square " + what)
            assert_bits_equal(d.reduce_min(x, axes, keepdims=False), np.min(x, axis=ax), "min " + what)
            assert_bits_equal(d.reduce(x, "MAX", axes, keepdims=False), np.max(x, axis=ax), "max " + what)
        # one answer in every order (the options are not read)
        assert_bits_equal(d.reduce_sum(x, 1, order="tree:sklansky:8:after", accumulation="wide"), d.reduce_sum(x, 1),
                          "integer orders")


def test_reduce_shapes_options_and_errors():
    x = normal((4, 6, 5), np.float32)
    assert d.reduce(x, "sum").shape == (1, 1, 1) and d.reduce(x, "sum", keepdims=False).shape == ()
    assert d.reduce(x, "sum", axes=[2, 0]).shape == (1, 6, 1)
    assert d.reduce(x, "sum", axes=-1, keepdims=False).shape == (4, 6)
    assert d.reduce(np.float64(3), "max").shape == ()
    assert_bits_equal(d.reduce(x, "sum", axes=(0, 2)), d.reduce_sum(x, [2, 0]), "axes in any order")
    out = np.empty((4, 6), np.float32)
    assert d.reduce(x, "l2", axes=2, keepdims=False, out=out) is out
    assert_bits_equal(out, d.reduce_l2(x, 2, keepdims=False), "out")
    # argmin/argmax through reduce(): reduce_argmin/reduce_argmax's int64 indices
    assert_bits_equal(d.reduce(x, "argmax", axes=1), d.reduce_argmax(x, 1), "reduce(x, 'argmax')")
    # every order the sums take, and the GPU stacks' trees (positive terms: each within a few ulp of EXACT)
    p = np.abs(x) + 1
    for order in ("sequential", "pairwise", "blocked", "exact", "tree:brent-kung:8:after", "xla", "cupy",
                  "torch-compile"):
        assert d.compare(d.reduce_sum(p, 2, order="exact"), d.reduce_sum(p, 2, order=order), ulp=4).ok, order
    # the prepared fast path gives the same bits as the first call
    first = d.reduce_sum_square(x, (0, 1), order="pairwise")
    assert_bits_equal(d.reduce_sum_square(x, (0, 1), order="pairwise"), first, "prepared")
    # errors: ValueError for an option the function does not take, DmlRefError for what the library refuses
    e = raises(ValueError, d.reduce, x, "mean")
    assert "sum, " in str(e) and "log_sum_exp" in str(e) and "'mean'" in str(e), str(e)
    raises(ValueError, d.reduce, x, None)
    for fn, kwargs in (("max", dict(order="pairwise")), ("min", dict(identity_seed=True)),
                       ("max", dict(accumulation="wide")), ("sum", dict(nan="ignore")),
                       ("sum", dict(log_sum_exp="plain")), ("log_sum_exp", dict(log_sum_exp="bogus")),
                       ("sum", dict(order="any")), ("sum", dict(order="nope")), ("argmax", dict(order="blocked")),
                       ("sum", dict(accumulation="huge")), ("sum", dict(nan="sometimes"))):
        raises(ValueError, d.reduce, x, fn, **kwargs)
    for fn, kwargs, status in (("multiply", dict(order="pairwise"), "DMLREF_ERROR_INVALID_OPTION"),
                               ("log_sum", dict(order="exact"), "DMLREF_ERROR_INVALID_OPTION"),
                               ("sum", dict(order="exact", accumulation="wide"), "DMLREF_ERROR_INVALID_OPTION"),
                               ("sum", dict(axes=(0, 0)), "DMLREF_ERROR_INVALID_ARGUMENT"),
                               ("sum", dict(axes=3), "DMLREF_ERROR_INVALID_ARGUMENT")):
        e = raises(d.DmlRefError, d.reduce, x, fn, **kwargs)
        assert e.status == status and e.message, (fn, kwargs, e)
    e = raises(d.DmlRefError, d.reduce, np.arange(6, dtype=np.int8), "average")
    assert e.status == "DMLREF_ERROR_UNSUPPORTED_DATA_TYPE", e
    raises(ValueError, d.reduce, np.zeros((0, 3), np.float32), "sum")
    raises(TypeError, d.reduce, x, "sum", axes=1.5)
    raises(ValueError, d.reduce, x, "sum", axes=-4)
    raises(ValueError, d.reduce, x, "sum", axes=2, out=np.empty((4, 6), np.float32))  # keepdims: (4, 6, 1)
    # error_bound: the library's own error while it bounds no reduction; check says so too
    for kwargs in (dict(), dict(order="sequential")):
        e = raises(d.DmlRefError, d.error_bound, "reduce_sum", x, axes=1, **kwargs)
        assert e.status == "DMLREF_ERROR_UNSUPPORTED_OPERATOR" and "CUMULATIVE_SUMMATION" in e.message, e
    e = raises(d.DmlRefError, d.error_bound, "reduce_multiply", x, axes=1, order="pairwise")
    assert e.status == "DMLREF_ERROR_INVALID_OPTION" and "PAIRWISE" in e.message, e  # as dmlref_validate says
    e = raises(d.DmlRefError, d.error_bound, "reduce_max", x, order="sequential")
    assert e.status == "DMLREF_ERROR_UNSUPPORTED_OPERATOR" and "dmlref_error_bound takes" in e.message, e
    e = raises(d.DmlRefError, d.check, "reduce_sum", x, d.reduce_sum(x))
    assert "order='exact'" in e.message, e.message


def test_reduce_explain():
    """explain tries `dmlref explain`'s configurations: 614 for a float reduce_sum, 1224 for
    reduce_log_sum_exp, the NaN policies for min/max, one for integers; and the CLI agrees."""
    x = normal((5, 1000), np.float32)
    actual = np.sum(x, axis=-1)
    r = d.explain("reduce_sum", x, actual, axes=-1, keepdims=False)
    assert r.reproduced and r.tried == 614, r.tried
    assert {"order": "pairwise", "accumulation": "default", "identity_seed": True} in [c for c, s in r.candidates]
    assert all(c["order"] == "pairwise" for c, s in r.candidates), r.candidates
    lse = d.reduce(x[:, :50], "log_sum_exp", axes=1, log_sum_exp="plain", order="blocked")
    r = d.explain("reduce-log-sum-exp", x[:, :50], lse, axes=1)
    options = [c for c, s in r.candidates]
    assert r.reproduced and r.tried == 1224, r.tried
    assert {"order": "blocked", "accumulation": "default", "identity_seed": False, "log_sum_exp": "plain"} in options
    y = x.copy()
    y[2, 0] = np.nan  # first: COMPARE keeps it, IGNORE skips it
    r = d.explain("reduce_max", y, d.reduce_max(y, 1, nan="ignore"), axes=1)
    assert r.reproduced and r.tried == 3 and [c for c, s in r.candidates] == [{"nan": "ignore"}], r
    i = np.arange(24, dtype=np.int16).reshape(4, 6)
    r = d.explain("reduce_sum", i, np.sum(i, axis=0, dtype=np.int16), axes=0, keepdims=False)
    assert r.reproduced and r.tried == 1, r
    r = d.explain("reduce_sum", x, actual + 1, axes=-1, keepdims=False)
    assert not r.reproduced and len(r.candidates) == 5, r
    raises(TypeError, d.explain, "reduce_sum", x, actual, axes=-1, nan="ignore")
    cli = os.environ.get("DMLREF_CLI")
    if cli:
        with tempfile.TemporaryDirectory() as tmp:
            np.save(os.path.join(tmp, "x.npy"), x)
            np.save(os.path.join(tmp, "y.npy"), actual)
            p = subprocess.run([cli, "explain", "reduce", "--function", "sum", "--axes", "1",
                                os.path.join(tmp, "x.npy"), os.path.join(tmp, "y.npy")], capture_output=True, text=True)
            assert p.returncode == 0 and "4 of 614 configurations" in p.stdout, p.stdout + p.stderr


def test_exp_log():
    """dml_ref.exp/log: the library's dmlref_exp_*/dmlref_log_* on float16/32/64 arrays, within 1 ulp of NumPy's
    float64 result rounded, the same bits on every call; NaN canonical; integers refused."""
    h = np.arange(65536, dtype=np.uint16).view(np.float16)
    for fn, np_fn in ((d.exp, np.exp), (d.log, np.log)):
        y = fn(h)
        assert y.dtype == np.float16 and y.shape == h.shape
        with np.errstate(all="ignore"):
            want = np_fn(h.astype(np.float64)).astype(np.float16)
        assert d.compare(want, y, ulp=1).ok, fn
        assert_bits_equal(fn(h.reshape(256, 256)[:, ::2]), y.reshape(256, 256)[:, ::2], "strided")
    for dtype in (np.float32, np.float64):
        x = (normal(20000, np.float64) * 20).astype(dtype)
        with np.errstate(all="ignore"):
            assert d.compare(np.exp(x.astype(np.float64)).astype(dtype), d.exp(x), ulp=1).ok
            assert d.compare(np.log(np.abs(x).astype(np.float64)).astype(dtype), d.log(np.abs(x)), ulp=1).ok
    assert bits(d.log(np.float32([-1.0, np.nan])) ).tolist() == [0x7FC00000] * 2
    assert d.exp(np.float64(0)) == 1.0 and d.log(np.float16(1)) == 0
    assert d.exp(np.float32([-np.inf, np.inf])).tolist() == [0.0, np.inf]
    raises(TypeError, d.exp, np.arange(3))
    raises(TypeError, d.log, np.arange(3, dtype=np.int16))


# ---------------------------------------------------------------------------
# Loading


def test_library_search_order():
    here = os.path.dirname(os.path.abspath(d.__file__))
    saved = os.environ.pop("DMLREF_LIBRARY", None)
    try:
        c = d._library_candidates()
        assert c == [os.path.join(here, "libdml_ref.so"), os.path.join(here, "..", "build", "libdml_ref.so")]
    finally:
        if saved is not None:
            os.environ["DMLREF_LIBRARY"] = saved
    code = "import dml_ref, numpy; dml_ref.cumsum(numpy.ones(2))"
    env = dict(os.environ, DMLREF_LIBRARY="/nonexistent/libdml_ref.so", PYTHONPATH=here)
    p = subprocess.run([sys.executable, "-B", "-c", code], env=env, capture_output=True, text=True)
    assert p.returncode != 0 and "/nonexistent/libdml_ref.so" in p.stderr and "make python" in p.stderr, p.stderr
    assert d.version() >= 400 and d.pytorch_cuda_scan_block(1, 1000) > 0


def test_gpu_stack_orders():
    """'torch-compile', 'xla' and 'cupy' are the helpers' schedules, spelled out as tree strings too;
    the new tree fields are checked and each changes the bits of a long float32 line."""
    rng = np.random.default_rng(29)
    x = rng.standard_normal((2, 20000)).astype(np.float32)
    same = [("xla", "tree:kogge-stone:16:recursive:16:1:run-seed"),
            ("cupy", "tree:brent-kung:512:recursive-last"),
            ("torch-compile", "tree:kogge-stone:2048:after:4:32"),
            ("torch-compile", ("kogge-stone", 2048, "after", 4, 32))]
    for name, spelled in same:
        assert_bits_equal(d.cumsum(x, order=name), d.cumsum(x, order=spelled), name)
    short = x[:, :100].copy()  # 100 elements: R = 128, serial 2
    assert_bits_equal(d.cumsum(short, order="torch-compile"), d.cumsum(short, order="tree:kogge-stone:128:after:2:32"),
                      "torch-compile on rows of 100")
    variants = ["tree:kogge-stone:16:recursive-last:16:1:run-seed", "tree:kogge-stone:16:after:16:1:run-seed",
                "tree:brent-kung:512:recursive", "tree:kogge-stone:2048:after:2:32", "tree:kogge-stone:2048:after:4:64"]
    outs = [d.cumsum(x, order=v).view(np.uint32) for v in ["xla", "cupy", "torch-compile"] + variants]
    for i in range(len(outs)):
        for j in range(i):
            assert (outs[i] != outs[j]).any(), "orders %d and %d give the same bits" % (i, j)
    for bad in ("tree:sklansky:32:after:x", "tree:sklansky:32:after:4:32:seed", "tree:sklansky:32:sideways",
                "tree:sklansky:32:after:1:2:run-seed:9", "inductor"):
        raises(ValueError, d.cumsum, x, order=bad)
    for bad, field in (("tree:sklansky:32:after:70000", "serial"), ("tree:sklansky:32:after:4:3", "lanes")):
        e = raises(d.DmlRefError, d.cumsum, x, order=bad)
        assert e.status == "DMLREF_ERROR_INVALID_OPTION" and "options.tree->" + field in e.message, e.message
    b = d.error_bound("cumsum", x, order="xla")
    assert np.isfinite(b).all() and (b > 0).any()


def test_float16_native_any_bound_judges():
    """docs/judging.md's float16 example: the ANY bound of a NATIVE float16 line of 100,000 elements is
    finite everywhere, holds NumPy's own cumsum, and catches one planted error at index 2000."""
    x = np.random.default_rng(7).standard_normal(100_000).astype(np.float16)
    y = np.cumsum(x)
    y[2000] = 549.0
    exact = d.cumsum(x, order="exact").astype(np.float64)
    b = d.error_bound("cumsum", x, order="any", accumulation="native")
    half = 0.5 * np.spacing(np.abs(exact).astype(np.float16)).astype(np.float64)
    outside = np.abs(y.astype(np.float64) - exact) > b + half
    assert np.isfinite(b).all()
    assert list(np.flatnonzero(outside)) == [2000], np.flatnonzero(outside)[:10]


def test_check_gives_the_verdict():
    """check() judges as `dmlref check`: NumPy's float16 cumsum is inside the NATIVE bound (and only
    that one), a planted error is outside with its index, and the CLI agrees on the counts."""
    x = np.random.default_rng(11).standard_normal((2, 3000)).astype(np.float16)
    y = np.cumsum(x, axis=1)
    v = d.check("cumsum", x, y, accumulation="native")
    assert v.ok and v.outside == 0 and v.consistent_with == "native" and v.outputs == 6000, v
    assert 0 <= v.ratio_median <= v.ratio_p90 <= v.ratio_max <= 1, v
    z = y.copy()
    z[1, 1500] += np.float16(200)
    v = d.check("cumsum", x, z, accumulation="native")
    assert not v.ok and v.outside == 1 and v.first_outside == [(1, 1500)] and v.consistent_with is None, v
    w = d.check("cumsum", x.astype(np.float32), d.cumsum(x.astype(np.float32), order="cupy"))
    assert w.ok and w.consistent_with in ("wide", "default"), w
    p = d.check("cumprod", (1 + x / 64).astype(np.float32), d.cumprod((1 + x / 64).astype(np.float32), order="blocked"))
    assert p.ok, p
    raises(TypeError, d.check, "cumsum", np.arange(5), np.arange(5))
    raises(ValueError, d.check, "cumsum", x, y[:, :10])
    cli = os.environ.get("DMLREF_CLI")
    if cli:
        with tempfile.TemporaryDirectory() as tmp:
            np.save(os.path.join(tmp, "x.npy"), x)
            np.save(os.path.join(tmp, "z.npy"), z)
            p = subprocess.run([cli, "check", "cumsum", "--accumulation", "native", os.path.join(tmp, "x.npy"),
                                os.path.join(tmp, "z.npy")], capture_output=True, text=True)
            assert p.returncode == 1 and "outside:     1" in p.stdout, p.stdout


# ---------------------------------------------------------------------------


def main(filters):
    tests = [(name, fn) for name, fn in sorted(globals().items(), key=lambda kv: kv[1].__code__.co_firstlineno
                                                if callable(kv[1]) and hasattr(kv[1], "__code__") else 0)
             if name.startswith("test_") and callable(fn)]
    if filters:
        tests = [(n, f) for n, f in tests if any(s in n for s in filters)]
    passed = failed = 0
    for name, fn in tests:
        try:
            fn()
        except Exception:  # a failed assert or an unexpected error
            failed += 1
            print("FAIL %s" % name)
            traceback.print_exc()
        else:
            passed += 1
            print("ok   %s" % name)
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
