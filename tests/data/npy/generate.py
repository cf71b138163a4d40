#!/usr/bin/python3
"""tests/data/npy/generate.py - .npy files written by NumPy, for the CLI's tests.

Run with Debian's Python and NumPy:

    /usr/bin/python3 tests/data/npy/generate.py

It rewrites every *.npy file and INDEX.md in this directory (stale *.npy files
are removed). The files are committed: cli/test_cli_npy.sh (run by
cli/test_cli.sh, make test-cli) reads them and needs no Python. The random
inputs come from numpy.random.default_rng with fixed seeds, so a rerun with the
same NumPy gives the same bytes. Every expected output (*.cumsum*.npy,
*.argmin.npy, ...) is what NumPy computes, written by np.save (C order,
little-endian).

Files (INDEX.md lists them with shapes and dtypes):

- dtype_<d>.npy, one per dtype the CLI reads (<f2 <f4 <f8 |i1 <i2 <i4 <i8 |u1
  <u2 <u4 <u8), shape (3, 5), small integers (every accumulation gives the same
  sum); dtype_<d>.cumsum.npy = np.cumsum(x, axis=-1, dtype=x.dtype),
  dtype_<d>.cumsum0.npy the same along axis 0, dtype_<d>.argmin.npy /
  .argmax.npy = np.argmin / np.argmax(x, axis=-1, keepdims=True) (int64).
- fortran_f8.npy: np.asfortranarray of a (4, 6) float64 array; its
  .cumsum.npy (last axis) and .cumsum0.npy (axis 0) are C order. fortran_i4
  the same in int32, 3-D (2, 3, 4), .cumsum1.npy along axis 1.
- big_<d>.npy: big-endian ('>') arrays of float16/32/64, int16/32/64,
  uint16/32/64, shape (2, 7), small integers; expected outputs little-endian.
  big_fortran_f4.npy: big-endian and Fortran order at once.
- zero_d.npy: a 0-d float32 array (read as shape (1,)).
- bad_*.npy: malformed files, each refused with exit status 2:
  bad_truncated (a valid float32 file cut in the middle of its data),
  bad_truncated_header (cut inside the header), bad_lying_shape (the header
  says (1000,), the data hold 10 elements), bad_shape_overflow (shape
  (4294967295, 4294967295, 4294967295): each dimension fits 32 bits, their
  product overflows 64 bits), bad_bool ('|b1'), bad_complex ('<c8'),
  bad_structured (a record dtype), bad_object ('|O', pickled), bad_rank9 (rank
  9), bad_empty (shape (0, 3)), bad_version (format version 9.0), bad_magic.
- line_f16.npy: 1000 random float16 (normal, sigma 1); line_f16.np_cumsum.npy
  = np.cumsum(line_f16) (NumPy rounds each partial sum to float16:
  `--order sequential --accumulation native`).
- line_f32.npy: 1000 random float32; line_f32.np_cumsum.npy = np.cumsum
  (sequential, float32 tally: `--order sequential`, accumulation default).
- line_f32.wide_cumsum.npy: np.cumsum of the float64 copy, rounded to float32
  (within every bound); line_f32.wide_cumsum_planted.npy: the same with one
  element (index PLANTED_INDEX) moved by 0.25: outside the bound.
"""

import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
NP_VERSION = np.__version__
PLANTED_INDEX = 613

DTYPES = ["<f2", "<f4", "<f8", "|i1", "<i2", "<i4", "<i8", "|u1", "<u2", "<u4", "<u8"]
BIG = [">f2", ">f4", ">f8", ">i2", ">i4", ">i8", ">u2", ">u4", ">u8"]

index = []  # (file, dtype, shape, order, what)


def short(d):
    return np.dtype(d).str.replace("<", "").replace("|", "").replace(">", "")


def save(name, a, what):
    path = os.path.join(HERE, name)
    np.save(path, a, allow_pickle=False)
    order = "F" if (a.ndim > 1 and a.flags.f_contiguous and not a.flags.c_contiguous) else "C"
    index.append((name, a.dtype.str, tuple(a.shape), order, what))


def raw(name, data, what):
    with open(os.path.join(HERE, name), "wb") as f:
        f.write(data)
    index.append((name, "-", "-", "-", what))


def header_bytes(d):
    """A version 1.0 header for the dict d, padded as NumPy pads it."""
    import io
    buf = io.BytesIO()
    np.lib.format.write_array_header_1_0(buf, d)
    return buf.getvalue()


def main():
    for f in os.listdir(HERE):
        if f.endswith(".npy"):
            os.remove(os.path.join(HERE, f))
    rng = np.random.default_rng(20240611)

    # every dtype: small integers, so that any accumulation gives these sums
    for d in DTYPES:
        dt = np.dtype(d)
        lo = 0 if dt.kind == "u" else -9
        x = rng.integers(lo, 10, size=(3, 5)).astype(dt)
        s = short(d)
        save("dtype_%s.npy" % s, x, "input, %s" % dt.name)
        save("dtype_%s.cumsum.npy" % s, np.cumsum(x, axis=-1, dtype=dt), "np.cumsum(x, axis=-1, dtype=x.dtype)")
        save("dtype_%s.cumsum0.npy" % s, np.cumsum(x, axis=0, dtype=dt), "np.cumsum(x, axis=0, dtype=x.dtype)")
        save("dtype_%s.argmin.npy" % s, np.argmin(x, axis=-1, keepdims=True), "np.argmin(x, axis=-1, keepdims=True)")
        save("dtype_%s.argmax.npy" % s, np.argmax(x, axis=-1, keepdims=True), "np.argmax(x, axis=-1, keepdims=True)")

    # Fortran order
    x = np.asfortranarray(rng.integers(-50, 50, size=(4, 6)).astype(np.float64) / 4)
    assert x.flags.f_contiguous and not x.flags.c_contiguous
    save("fortran_f8.npy", x, "input, Fortran order")
    save("fortran_f8.cumsum.npy", np.ascontiguousarray(np.cumsum(x, axis=-1)), "np.cumsum(x, axis=-1), C order")
    save("fortran_f8.cumsum0.npy", np.ascontiguousarray(np.cumsum(x, axis=0)), "np.cumsum(x, axis=0), C order")
    save("fortran_f8.argmax0.npy", np.argmax(x, axis=0, keepdims=True), "np.argmax(x, axis=0, keepdims=True)")
    y = np.asfortranarray(rng.integers(-1000, 1000, size=(2, 3, 4)).astype(np.int32))
    save("fortran_i4.npy", y, "input, Fortran order, 3-D")
    save("fortran_i4.cumsum1.npy", np.ascontiguousarray(np.cumsum(y, axis=1, dtype=np.int32)),
         "np.cumsum(x, axis=1, dtype=int32), C order")

    # big-endian
    for d in BIG:
        dt = np.dtype(d)
        lo = 0 if dt.kind == "u" else -20
        x = rng.integers(lo, 20, size=(2, 7)).astype(dt)
        assert x.dtype.byteorder == ">"
        s = "%s%d" % (dt.kind, dt.itemsize)
        save("big_%s.npy" % s, x, "input, big-endian")
        save("big_%s.cumsum.npy" % s, np.cumsum(x, axis=-1, dtype=dt.newbyteorder("<")),
             "np.cumsum(x, axis=-1), little-endian")
    x = np.asfortranarray(rng.integers(-20, 20, size=(3, 4)).astype(">f4"))
    save("big_fortran_f4.npy", x, "input, big-endian and Fortran order")
    save("big_fortran_f4.cumsum0.npy", np.ascontiguousarray(np.cumsum(x, axis=0, dtype="<f4")),
         "np.cumsum(x, axis=0), little-endian C order")

    save("zero_d.npy", np.array(2.5, dtype=np.float32), "a 0-d array")

    # malformed files
    good = os.path.join(HERE, "dtype_f4.npy")
    with open(good, "rb") as f:
        g = f.read()
    hlen = 10 + g[8] + 256 * g[9]
    raw("bad_truncated.npy", g[: hlen + 22], "dtype_f4.npy cut inside its data (22 of 60 bytes)")
    raw("bad_truncated_header.npy", g[: hlen - 30], "dtype_f4.npy cut inside its header")
    raw("bad_lying_shape.npy",
        header_bytes({"descr": "<f4", "fortran_order": False, "shape": (1000,)})
        + np.arange(10, dtype="<f4").tobytes(), "header shape (1000,), data 10 float32")
    raw("bad_shape_overflow.npy",
        header_bytes({"descr": "<f8", "fortran_order": False, "shape": (4294967295,) * 3})
        + np.zeros(4, dtype="<f8").tobytes(), "shape (2**32-1,)*3: the product overflows 64 bits")
    save("bad_bool.npy", np.array([True, False, True]), "bool ('|b1'): refused")
    save("bad_complex.npy", np.array([1 + 2j, 3 - 1j], dtype=np.complex64), "complex64: refused")
    save("bad_structured.npy", np.zeros(3, dtype=[("a", "<f4"), ("b", "<i4")]), "structured dtype: refused")
    np.save(os.path.join(HERE, "bad_object.npy"), np.array([1, "a", None], dtype=object), allow_pickle=True)
    index.append(("bad_object.npy", "|O", (3,), "C", "object array (pickled): refused"))
    save("bad_rank9.npy", np.zeros((1,) * 9, dtype=np.float32), "rank 9: refused")
    save("bad_empty.npy", np.zeros((0, 3), dtype=np.float32), "shape (0, 3): refused")
    raw("bad_version.npy", g[:6] + b"\x09\x00" + g[8:], "dtype_f4.npy with format version 9.0")
    raw("bad_magic.npy", b"\x93NUMPZ" + g[6:], "dtype_f4.npy with a wrong magic string")

    # NumPy's own float scans
    h = rng.standard_normal(1000).astype(np.float16)
    save("line_f16.npy", h, "1000 float16, normal")
    save("line_f16.np_cumsum.npy", np.cumsum(h), "np.cumsum (float16 partial sums)")
    x = (rng.random(1000) * 2 - 0.25).astype(np.float32)
    save("line_f32.npy", x, "1000 float32, uniform on [-0.25, 1.75)")
    save("line_f32.np_cumsum.npy", np.cumsum(x), "np.cumsum (float32 partial sums)")
    w = np.cumsum(x.astype(np.float64)).astype(np.float32)
    save("line_f32.wide_cumsum.npy", w, "np.cumsum in float64, rounded to float32")
    p = w.copy()
    p[PLANTED_INDEX] = np.float32(p[PLANTED_INDEX] + np.float32(0.25))
    save("line_f32.wide_cumsum_planted.npy", p, "the same with element [%d] moved by 0.25" % PLANTED_INDEX)

    total = sum(os.path.getsize(os.path.join(HERE, f)) for f in os.listdir(HERE) if f.endswith(".npy"))
    with open(os.path.join(HERE, "INDEX.md"), "w") as f:
        f.write("# tests/data/npy: index\n\n")
        f.write("Written by `tests/data/npy/generate.py` with NumPy %s (Python %d.%d.%d); see its docstring.\n"
                "Do not edit by hand: rerun `/usr/bin/python3 tests/data/npy/generate.py`.\n\n"
                % ((NP_VERSION,) + tuple(sys.version_info[:3])))
        f.write("| file | dtype | shape | order | what |\n| --- | --- | --- | --- | --- |\n")
        for name, dt, shape, order, what in sorted(index):
            cells = (name, dt, shape, order, what)
            f.write("| `%s` | `%s` | `%s` | %s | %s |\n" % tuple(str(c).replace("|", "\\|") for c in cells))
    print("wrote %d files (%d bytes) with NumPy %s" % (len(index), total, NP_VERSION))


if __name__ == "__main__":
    main()
