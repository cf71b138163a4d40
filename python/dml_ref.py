"""dml_ref for Python: DirectML's scan and arg-reduction operators on NumPy arrays.

A thin ctypes binding of ``dml_ref.h`` (the C header in the directory above):
``cumsum``, ``cumprod``, ``argmin``, ``argmax`` compute exactly what the C library
computes (same bits on every machine), ``error_bound`` gives a rigorous bound on a
scan's rounding error, ``compare`` measures two arrays element by element, and
``explain`` searches the library's options for the ones that reproduce an output
bit for bit. The only dependency is NumPy; nothing is compiled at import.

The shared library is built with ``make python`` (``build/libdml_ref.so``). It is
looked for, on first use, in this order:

1. the path in the environment variable ``DMLREF_LIBRARY``;
2. ``libdml_ref.so`` beside this module;
3. ``../build/libdml_ref.so`` relative to this module (the repository layout).

Arrays: float16/32/64, int8..int64 and uint8..uint64 (anything else is a
TypeError), rank 0 to 8 (a 0-d array is computed as shape (1,) and returned 0-d).
An array whose strides are non-negative multiples of its item size, aligned and in
native byte order, is passed to the library as it is (DirectML strides count
elements: byte stride / item size); any other layout (negative strides, odd
strides, byte-swapped data) is copied first. Results are new C-order arrays, or
``out`` when it is given: ``out`` must have the result's shape and dtype, and may be
the input itself for an in-place scan.

Option names and values are those of the command-line tool (cli/README.md):
``order='tree:sklansky:32:into-first'``, ``accumulation='native'``,
``nan='ignore'``, ``index_type='int32'``, ``isa='avx2'``. Library errors raise
``DmlRefError`` with the library's status name and its one-line message.

``threads=N`` (every function that runs the library) runs a call on up to N
threads of one process-wide pool in the shared library, with the same bits for
every N; ``threads=None``, the default, means every CPU the process may run on
(python/README.md, "Threads").
"""

import ctypes
import dataclasses
import os

import numpy as np

__all__ = [
    "DmlRefError", "cumsum", "cumprod", "argmin", "argmax", "error_bound", "compare",
    "explain", "Comparison", "Explanation", "best_isa", "isa_available", "version",
]

# ---------------------------------------------------------------------------
# The C declarations, mirrored field by field from dml_ref.h (">>types" and
# "dml_ref's own API"). C enums are int; UINT is uint32; BOOL is int32. Pointer
# fields are c_void_p set from ctypes.addressof, which costs far less per call than
# a ctypes.POINTER field's conversion; the objects pointed to are kept alive by
# their owners (_Tensor, _Options, the functions' locals).

UINT = ctypes.c_uint32
BOOL = ctypes.c_int32
ENUM = ctypes.c_int


class DML_BUFFER_TENSOR_DESC(ctypes.Structure):
    _fields_ = [
        ("DataType", ENUM),
        ("Flags", ENUM),
        ("DimensionCount", UINT),
        ("Sizes", ctypes.c_void_p),  # const UINT *
        ("Strides", ctypes.c_void_p),  # const UINT *
        ("TotalTensorSizeInBytes", ctypes.c_uint64),
        ("GuaranteedBaseOffsetAlignment", UINT),
    ]


class DML_TENSOR_DESC(ctypes.Structure):
    _fields_ = [("Type", ENUM), ("Desc", ctypes.c_void_p)]


class DML_OPERATOR_DESC(ctypes.Structure):
    _fields_ = [("Type", ENUM), ("Desc", ctypes.c_void_p)]


class DML_CUMULATIVE_SUMMATION_OPERATOR_DESC(ctypes.Structure):
    _fields_ = [
        ("InputTensor", ctypes.c_void_p),  # const DML_TENSOR_DESC *
        ("OutputTensor", ctypes.c_void_p),
        ("Axis", UINT),
        ("AxisDirection", ENUM),
        ("HasExclusiveSum", BOOL),
    ]


class DML_CUMULATIVE_PRODUCT_OPERATOR_DESC(ctypes.Structure):
    _fields_ = [
        ("InputTensor", ctypes.c_void_p),  # const DML_TENSOR_DESC *
        ("OutputTensor", ctypes.c_void_p),
        ("Axis", UINT),
        ("AxisDirection", ENUM),
        ("HasExclusiveProduct", BOOL),
    ]


class DML_ARGMIN_OPERATOR_DESC(ctypes.Structure):
    _fields_ = [
        ("InputTensor", ctypes.c_void_p),  # const DML_TENSOR_DESC *
        ("OutputTensor", ctypes.c_void_p),
        ("AxisCount", UINT),
        ("Axes", ctypes.c_void_p),  # const UINT *
        ("AxisDirection", ENUM),
    ]


DML_ARGMAX_OPERATOR_DESC = DML_ARGMIN_OPERATOR_DESC  # the same fields in the same order


class DML_REDUCE_OPERATOR_DESC(ctypes.Structure):
    _fields_ = [
        ("Function", ENUM),
        ("InputTensor", ctypes.c_void_p),  # const DML_TENSOR_DESC *
        ("OutputTensor", ctypes.c_void_p),
        ("AxisCount", UINT),
        ("Axes", ctypes.c_void_p),  # const UINT *
    ]


class dmlref_scan_tree(ctypes.Structure):
    _fields_ = [("algorithm", ctypes.c_int32), ("block", ctypes.c_uint32), ("carry", ctypes.c_int32)]


class dmlref_options(ctypes.Structure):
    _fields_ = [
        ("feature_level", ctypes.c_uint32),
        ("float_order", ctypes.c_int32),
        ("nan_policy", ctypes.c_int32),
        ("isa", ctypes.c_int32),
        ("error_message", ctypes.c_void_p),  # char *
        ("error_message_capacity", ctypes.c_size_t),
        ("accumulation", ctypes.c_int32),
        ("identity_seed", ctypes.c_int32),
        ("tree", ctypes.c_void_p),  # const dmlref_scan_tree *
        ("parallel", ctypes.c_void_p),  # const dmlref_parallel *: NULL, the calling thread does the work
    ]


DML_TENSOR_TYPE_BUFFER = 1
DML_AXIS_DIRECTION_INCREASING, DML_AXIS_DIRECTION_DECREASING = 0, 1
DML_OPERATOR_REDUCE = 55
DML_OPERATOR_CUMULATIVE_SUMMATION = 105
DML_OPERATOR_ARGMIN = 137
DML_OPERATOR_ARGMAX = 138
DML_OPERATOR_CUMULATIVE_PRODUCT = 145
DML_REDUCE_FUNCTION_ARGMAX, DML_REDUCE_FUNCTION_ARGMIN = 0, 1

# NumPy dtype -> DML_TENSOR_DATA_TYPE.
_DATA_TYPES = {
    np.dtype(np.float32): 1, np.dtype(np.float16): 2, np.dtype(np.uint32): 3,
    np.dtype(np.uint16): 4, np.dtype(np.uint8): 5, np.dtype(np.int32): 6,
    np.dtype(np.int16): 7, np.dtype(np.int8): 8, np.dtype(np.float64): 9,
    np.dtype(np.uint64): 10, np.dtype(np.int64): 11,
}

# Option names (the CLI's) -> the C enum values.
_ORDERS = {"sequential": 0, "blocked": 1, "exact": 2, "any": 3, "tree": 4}
_ACCUMULATIONS = {"default": 0, "native": 1, "wide": 2}
_NAN_POLICIES = {"propagate": 0, "ignore": 1, "compare": 2}
_TREE_ALGORITHMS = {"kogge-stone": 0, "sklansky": 1, "brent-kung": 2}
_TREE_CARRIES = {"after": 0, "into-first": 1}
_ISAS = {"auto": 0, "scalar": 1, "sse2": 2, "avx2": 3, "avx512": 4, "neon": 5, "avx512fp16": 6}
_INDEX_TYPES = {"int32": np.int32, "int64": np.int64, "uint32": np.uint32, "uint64": np.uint64}
_INDEX_DTYPES = {name: np.dtype(t) for name, t in _INDEX_TYPES.items()}

_MAX_RANK = 8
_UINT_MAX = 0xFFFFFFFF
# threads= takes 1 to this many (dmlref_python_parallel in dml_ref_shared.c serves as many).
_MAX_THREADS = 1024

# ctypes array types made once: `UINT * n` looks its type up again on every call.
_UINT_ARRAYS = [UINT * n for n in range(_MAX_RANK + 1)]
_POINTER_ARRAY = ctypes.c_void_p * 1

# ---------------------------------------------------------------------------
# Loading the library.

_library = None


def _library_candidates():
    here = os.path.dirname(os.path.abspath(__file__))
    env = os.environ.get("DMLREF_LIBRARY")
    if env:
        return [env]
    return [os.path.join(here, "libdml_ref.so"), os.path.join(here, "..", "build", "libdml_ref.so")]


def _lib():
    """The loaded shared library (loaded and declared on first use)."""
    global _library
    if _library is not None:
        return _library
    candidates = _library_candidates()
    path = next((p for p in candidates if os.path.exists(p)), None)
    if path is None:
        raise OSError("dml_ref: shared library not found (tried %s); build it with `make python` "
                      "or set DMLREF_LIBRARY" % ", ".join(candidates))
    lib = ctypes.CDLL(path)
    P = ctypes.POINTER
    opts = P(dmlref_options)
    lib.dmlref_validate.argtypes = [P(DML_OPERATOR_DESC), opts]
    lib.dmlref_validate.restype = ENUM
    lib.dmlref_execute.argtypes = [P(DML_OPERATOR_DESC), P(ctypes.c_void_p), P(ctypes.c_void_p), opts]
    lib.dmlref_execute.restype = ENUM
    lib.dmlref_error_bound.argtypes = [P(DML_OPERATOR_DESC), P(ctypes.c_void_p), P(DML_TENSOR_DESC),
                                       ctypes.c_void_p, opts]
    lib.dmlref_error_bound.restype = ENUM
    lib.dmlref_calc_buffer_tensor_size.argtypes = [ENUM, UINT, P(UINT), P(UINT)]
    lib.dmlref_calc_buffer_tensor_size.restype = ctypes.c_uint64
    for name in ("dmlref_status_name", "dmlref_status_description"):
        getattr(lib, name).argtypes = [ENUM]
        getattr(lib, name).restype = ctypes.c_char_p
    lib.dmlref_best_isa.argtypes = []
    lib.dmlref_best_isa.restype = ENUM
    lib.dmlref_isa_available.argtypes = [ENUM]
    lib.dmlref_isa_available.restype = ctypes.c_int
    lib.dmlref_isa_name.argtypes = [ENUM]
    lib.dmlref_isa_name.restype = ctypes.c_char_p
    lib.dmlref_version_number.argtypes = []
    lib.dmlref_version_number.restype = ctypes.c_uint32
    lib.dmlref_pytorch_cuda_scan_block.argtypes = [ctypes.c_uint64, ctypes.c_uint64]
    lib.dmlref_pytorch_cuda_scan_block.restype = ctypes.c_uint32
    lib.dmlref_python_parallel.argtypes = [ctypes.c_uint32]
    lib.dmlref_python_parallel.restype = ctypes.c_void_p
    _library = lib
    return lib


class DmlRefError(Exception):
    """A dml_ref status other than DMLREF_OK.

    ``status`` is the status name (``"DMLREF_ERROR_INVALID_ARGUMENT"``), ``code``
    its number, ``message`` the library's one-line message.
    """

    def __init__(self, status, message, code=None):
        super().__init__("%s: %s" % (status, message))
        self.status = status
        self.message = message
        self.code = code


def version():
    """DMLREF_VERSION_NUMBER of the loaded library (major*10000 + minor*100 + patch)."""
    return int(_lib().dmlref_version_number())


def best_isa():
    """The kernel path that isa='auto' selects here ('avx2', 'avx512fp16', ...)."""
    value = int(_lib().dmlref_best_isa())
    return next(name for name, v in _ISAS.items() if v == value)


def isa_available(isa):
    """Whether the build and the CPU can run the named path."""
    return bool(_lib().dmlref_isa_available(_lookup(_ISAS, isa, "isa")))


def pytorch_cuda_scan_block(rows, row_length):
    """The block of PyTorch CUDA's innermost-axis scan: use order=('sklansky', block, 'into-first')."""
    return int(_lib().dmlref_pytorch_cuda_scan_block(rows, row_length))


# ---------------------------------------------------------------------------
# Arrays and tensor descriptors.


def _native(x):
    """x as an array in native byte order, with a supported dtype (else TypeError)."""
    x = np.asarray(x)
    if not x.dtype.isnative:
        x = x.astype(x.dtype.newbyteorder("="))
    if x.dtype not in _DATA_TYPES:
        raise TypeError("dml_ref: unsupported dtype %s (supported: float16/32/64, int8..int64, "
                        "uint8..uint64)" % x.dtype)
    return x


def _element_strides(a):
    """DirectML strides (elements) of a, or None when a cannot be passed without a copy.

    Dimensions of size 1 get stride 0 (their stride is never used)."""
    if not a.flags.aligned or not a.dtype.isnative:
        return None
    strides = []
    for size, stride in zip(a.shape, a.strides):
        if size == 1:
            strides.append(0)
            continue
        if stride < 0 or stride % a.itemsize:
            return None
        if stride // a.itemsize > _UINT_MAX:
            return None
        strides.append(stride // a.itemsize)
    return strides


def _packed_strides(shape):
    """Row-major element strides of a packed tensor."""
    strides, step = [], 1
    for size in reversed(shape):
        strides.append(step)
        step *= size
    return strides[::-1]


class _Layout:
    """The DML_TENSOR_DESC of a shape, dtype and element strides, with the ctypes objects it points to.
    Calls with the same layout share one (_layout): the library only reads descriptors."""

    __slots__ = ("sizes", "strides", "buffer", "desc")

    def __init__(self, shape, dtype, strides):
        n = len(shape)
        if n < 1 or n > _MAX_RANK:
            raise ValueError("dml_ref: rank %d is outside 1..%d" % (n, _MAX_RANK))
        if max(shape) > _UINT_MAX:
            raise ValueError("dml_ref: a dimension of %s exceeds 2^32 - 1" % (tuple(shape),))
        array = _UINT_ARRAYS[n]
        self.sizes = sizes = array(*shape)
        self.strides = strides = array(*strides)
        data_type = _DATA_TYPES.get(dtype) or _DATA_TYPES[np.dtype(dtype)]
        total = (_library or _lib()).dmlref_calc_buffer_tensor_size(data_type, n, sizes, strides)
        self.buffer = DML_BUFFER_TENSOR_DESC(data_type, 0, n, ctypes.addressof(sizes), ctypes.addressof(strides),
                                             total, 0)
        self.desc = DML_TENSOR_DESC(DML_TENSOR_TYPE_BUFFER, ctypes.addressof(self.buffer))


_LAYOUTS = {}  # (shape, dtype, strides) -> _Layout: building one costs more than the rest of a small call
_LAYOUTS_KEPT = 256  # past this many, the cache starts again


def _layout(shape, dtype, strides):
    key = (tuple(shape), dtype, tuple(strides))
    layout = _LAYOUTS.get(key)
    if layout is None:
        layout = _Layout(shape, dtype, strides)
        if len(_LAYOUTS) >= _LAYOUTS_KEPT:
            _LAYOUTS.clear()
        _LAYOUTS[key] = layout
    return layout


class _Tensor:
    """A DML_TENSOR_DESC of the given shape, dtype and element strides (desc, shared), at address."""

    __slots__ = ("layout", "desc", "address")

    def __init__(self, shape, dtype, strides, address):
        self.layout = _layout(shape, dtype, strides)  # kept: desc points into it, and the cache may drop it
        self.desc = self.layout.desc
        self.address = address

    @classmethod
    def of(cls, array, strides=None):
        """The tensor of an array that _element_strides accepts (strides: its result, when known)."""
        return cls(array.shape, array.dtype, strides or _element_strides(array), array.ctypes.data)


def _input_tensor(x):
    """(array, _Tensor) for an input: zero-copy when the layout allows, else a C-order copy."""
    strides = _element_strides(x)
    if strides is None:  # a new C-order array (ascontiguousarray would keep an unaligned contiguous one)
        x = x.copy(order="C")
        strides = _element_strides(x)
    return x, _Tensor.of(x, strides)


class _Output:
    """Where the library writes. target (out, viewed with the library's shape) itself when
    its layout allows; else a new C-order array, copied into target by finish()."""

    def __init__(self, shape, dtype, target):
        self.target = target
        self.copy_back = False
        strides = None if target is None else _element_strides(target)
        if strides is not None:
            self.array = target
        else:
            self.array = np.empty(shape, dtype)
            self.copy_back = target is not None
        self.tensor = _Tensor.of(self.array, strides)

    def finish(self):
        if self.copy_back:
            self.target[...] = self.array


def _check_out(out, shape, dtype):
    if out is None:
        return None
    if not isinstance(out, np.ndarray):
        raise TypeError("dml_ref: out must be a numpy.ndarray")
    if out.shape != tuple(shape):
        raise ValueError("dml_ref: out has shape %s, the result has shape %s" % (out.shape, tuple(shape)))
    if out.dtype != dtype:
        raise TypeError("dml_ref: out has dtype %s, the result has dtype %s" % (out.dtype, np.dtype(dtype)))
    if not out.flags.writeable:
        raise ValueError("dml_ref: out is read-only")
    return out


# ---------------------------------------------------------------------------
# Options.


def _lookup(table, value, what):
    if value in table:  # the usual spelling, without the string work below
        return table[value]
    key = str(value).lower().replace("_", "-") if isinstance(value, str) else value
    if key not in table:
        raise ValueError("dml_ref: %s must be one of %s (got %r)" % (what, ", ".join(table), value))
    return table[key]


def _parse_order(order):
    """'sequential' | 'blocked' | 'exact' | 'any' | 'tree:ALG:BLOCK:CARRY', or a tuple
    ('tree', ALG, BLOCK, CARRY) / (ALG, BLOCK, CARRY): (float_order, dmlref_scan_tree or None)."""
    if isinstance(order, str):
        parts = order.lower().split(":")
    elif isinstance(order, (tuple, list)):
        parts = [str(p).lower() for p in order]
        if len(parts) == 3:
            parts = ["tree"] + parts
    else:
        raise TypeError("dml_ref: order must be a string or a tuple (got %r)" % (order,))
    if len(parts) == 1 and parts[0] in _ORDERS and parts[0] != "tree":
        return _ORDERS[parts[0]], None
    if len(parts) == 4 and parts[0] == "tree":
        alg = _lookup(_TREE_ALGORITHMS, parts[1], "the tree algorithm")
        carry = _lookup(_TREE_CARRIES, parts[3], "the tree carry")
        try:
            block = int(parts[2])
        except ValueError:
            raise ValueError("dml_ref: tree block must be an integer (got %r)" % parts[2]) from None
        if block < 0 or block > _UINT_MAX:
            raise ValueError("dml_ref: tree block %d is out of range" % block)
        return _ORDERS["tree"], dmlref_scan_tree(alg, block, carry)
    raise ValueError("dml_ref: order must be sequential, blocked, exact or tree:ALG:BLOCK:CARRY "
                     "(ALG kogge-stone|sklansky|brent-kung, CARRY after|into-first); got %r" % (order,))


_cpus = None  # _cpu_count()'s answer, counted once per process


def _forget_cpus():
    global _cpus
    _cpus = None
    _PREPARED.clear()  # their options hold the parent's thread count


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_cpus)  # a child may be given other CPUs


def _cpu_count():
    """The CPUs this process may run on (threads=None), counted on first use."""
    global _cpus
    if _cpus is None:
        try:
            _cpus = len(os.sched_getaffinity(0))
        except AttributeError:  # not on every platform
            _cpus = os.cpu_count() or 1
    return _cpus


_parallels = {}  # threads -> dmlref_python_parallel(threads): a fixed address per count


def _parallel(threads):
    """options.parallel for threads= (validated here): NULL for one thread, else the shared library's
    process-wide pool, which the first call the library splits makes (NULL where the library has none, e.g.
    Windows: the call runs on one thread)."""
    if threads is None:
        threads = min(_cpu_count(), _MAX_THREADS)
    elif isinstance(threads, (bool, np.bool_)) or not isinstance(threads, (int, np.integer)) \
            or not 1 <= threads <= _MAX_THREADS:
        raise ValueError("dml_ref: threads must be an integer from 1 to %d, or None for every CPU (got %r)"
                         % (_MAX_THREADS, threads))
    if threads == 1:
        return None
    parallel = _parallels.get(threads)
    if parallel is None:
        parallel = _parallels[threads] = (_library or _lib()).dmlref_python_parallel(int(threads))
    return parallel


_MESSAGE = ctypes.c_char * 512  # options.error_message: the library's one-line message


class _Options:
    """A dmlref_options with its message buffer and tree kept alive."""

    __slots__ = ("message", "tree", "options")

    def __init__(self, float_order=0, tree=None, nan_policy=0, isa=0, accumulation=0,
                 identity_seed=False, feature_level=0, threads=None):
        self.message = _MESSAGE()
        self.tree = tree
        self.options = dmlref_options(
            feature_level, float_order, nan_policy, isa, ctypes.addressof(self.message), len(self.message),
            accumulation, 1 if identity_seed else 0, None if tree is None else ctypes.addressof(tree),
            _parallel(threads))

    def check(self, status):
        """Raise DmlRefError unless status is DMLREF_OK."""
        if status != 0:
            name = _lib().dmlref_status_name(status).decode()
            text = self.message.value.decode(errors="replace") or \
                _lib().dmlref_status_description(status).decode()
            raise DmlRefError(name, text, int(status))


def _void_array(address):
    """The one-element pointer array dmlref_execute takes for its inputs or outputs."""
    return _POINTER_ARRAY(address)


class _Prepared:
    """A call that ran once with a new output and its input in place: its operator and options, kept so
    that the next call with the same key (_prepared_key) only allocates the output and calls the
    library. Shared by every thread: the library only reads the descriptors, each call brings its own
    pointer arrays, and the kept options have no message buffer (run returns None on an error, and the
    caller runs the call again the long way, which writes nothing before it fails and raises with the
    library's message)."""

    __slots__ = ("kept", "op_ref", "options", "options_ref", "out_shape", "out_dtype", "result_shape")

    def __init__(self, op, op_fields, options, tin, tout, out_shape, out_dtype, result_shape):
        self.kept = (op, op_fields, tin.layout, tout.layout, options.tree)  # what op and options point into
        self.op_ref = ctypes.byref(op)
        self.options = dmlref_options.from_buffer_copy(options.options)
        self.options.error_message = None
        self.options.error_message_capacity = 0
        self.options_ref = ctypes.byref(self.options)
        self.out_shape, self.out_dtype, self.result_shape = out_shape, out_dtype, result_shape

    def run(self, x):
        y = np.empty(self.out_shape, self.out_dtype)
        status = _library.dmlref_execute(self.op_ref, _POINTER_ARRAY(x.ctypes.data),
                                         _POINTER_ARRAY(y.ctypes.data), self.options_ref)
        return y.reshape(self.result_shape) if status == 0 else None


_PREPARED = {}  # _prepared_key(...) -> _Prepared
_PREPARED_KEPT = 256  # past this many, the cache starts again


def _types_of(value):
    """type(value), or for a tuple the tuple of its items' _types_of."""
    return tuple(map(_types_of, value)) if type(value) is tuple else type(value)


def _prepared_key(x, arguments):
    """The key of a call on x (native, supported dtype) with these arguments, or None when one of them
    cannot be hashed. Every argument carries its type in the key, and so does each item of a tuple: 1,
    True and 1.0 are equal keys but not equally valid arguments (an axis, a tree's block)."""
    key = (x.shape, x.dtype, x.strides, arguments, _types_of(arguments))
    try:
        hash(key)
    except TypeError:  # a list of axes, say: not kept
        return None
    return key


def _keep_prepared(key, prepared):
    if len(_PREPARED) >= _PREPARED_KEPT:
        _PREPARED.clear()
    _PREPARED[key] = prepared


def _normalize_axis(axis, rank):
    """A negative axis counts from the end; one still out of range raises ValueError, a positive
    one out of range is passed on for the library to reject with its message."""
    if isinstance(axis, (bool, np.bool_)) or not isinstance(axis, (int, np.integer)):
        raise TypeError("dml_ref: an axis must be an integer (got %r)" % (axis,))
    axis = int(axis)
    if axis < 0:
        axis += rank
        if axis < 0:
            raise ValueError("dml_ref: axis %d is out of range for rank %d" % (axis - rank, rank))
    if axis > _UINT_MAX:
        raise ValueError("dml_ref: axis %d is out of range for rank %d" % (axis, rank))
    return axis


# ---------------------------------------------------------------------------
# Scans.


def _scan_desc(op_type, tin, tout, axis, exclusive, reverse):
    struct = DML_CUMULATIVE_SUMMATION_OPERATOR_DESC if op_type == DML_OPERATOR_CUMULATIVE_SUMMATION \
        else DML_CUMULATIVE_PRODUCT_OPERATOR_DESC
    desc = struct(ctypes.addressof(tin.desc), ctypes.addressof(tout.desc), axis,
                  DML_AXIS_DIRECTION_DECREASING if reverse else DML_AXIS_DIRECTION_INCREASING,
                  1 if exclusive else 0)
    op = DML_OPERATOR_DESC(op_type, ctypes.addressof(desc))
    return op, desc


def _scan(op_type, x, axis=-1, exclusive=False, reverse=False, order="sequential",
          accumulation="default", identity_seed=False, isa="auto", out=None, feature_level=0, threads=None):
    x = _native(x)
    key = None
    if out is None:
        key = _prepared_key(x, (op_type, axis, exclusive, reverse, order, accumulation, identity_seed, isa,
                                feature_level, threads))
        prepared = _PREPARED.get(key) if key is not None else None
        if prepared is not None and x.flags.aligned:
            result = prepared.run(x)
            if result is not None:
                return result
    shape = x.shape
    float_order, tree = _parse_order(order)
    if float_order == _ORDERS["any"]:
        raise ValueError("dml_ref: order 'any' is valid only for error_bound")
    options = _Options(float_order, tree, 0, _lookup(_ISAS, isa, "isa"),
                       _lookup(_ACCUMULATIONS, accumulation, "accumulation"), identity_seed, feature_level,
                       threads)
    out = _check_out(out, shape, x.dtype)
    if x.size == 0:  # nothing to compute (the library takes sizes of at least 1)
        return out if out is not None else np.empty(shape, x.dtype)
    x1 = x.reshape(1) if x.ndim == 0 else x  # a 0-d array is computed as shape (1,)
    axis = _normalize_axis(axis, x1.ndim)
    # When out is x itself (or a view of it with the same layout) the input and output
    # tensors get the same address and strides: the library's in-place scan.
    given = x1
    x1, tin = _input_tensor(x1)
    in_place = x1 is given  # the input is read where it is, not from a copy
    dest = _Output(x1.shape, x.dtype, None if out is None else out.reshape(x1.shape))
    op, op_fields = _scan_desc(op_type, tin, dest.tensor, axis, exclusive, reverse)  # both kept alive
    status = (_library or _lib()).dmlref_execute(ctypes.byref(op), _void_array(tin.address),
                                                 _void_array(dest.tensor.address), ctypes.byref(options.options))
    options.check(status)
    dest.finish()
    if out is not None:
        return out
    if key is not None and in_place:
        _keep_prepared(key, _Prepared(op, op_fields, options, tin, dest.tensor, x1.shape, x.dtype, shape))
    return dest.array.reshape(shape)


def cumsum(x, axis=-1, exclusive=False, reverse=False, order="sequential", accumulation="default",
           identity_seed=False, isa="auto", out=None, threads=None):
    """DML_OPERATOR_CUMULATIVE_SUMMATION of x along axis.

    exclusive: HasExclusiveSum (each output is the sum before its element);
    reverse: DML_AXIS_DIRECTION_DECREASING; order: 'sequential' (default, the
    running tally), 'blocked', 'exact' (each output the exact sum rounded once) or
    'tree:ALG:BLOCK:CARRY' (or a tuple (ALG, BLOCK, CARRY)); accumulation:
    'default', 'native' (the tally rounds to x's type: NumPy's float16 cumsum),
    'wide' (float64 tally); identity_seed: the tally starts at +0.0; isa: the kernel
    path ('auto', 'scalar', 'sse2', 'avx2', 'avx512', 'avx512fp16', 'neon');
    threads: the most threads the call runs on (1 to 1024, or None, the default, for
    every CPU this process may use): the same bits for any number.
    Returns an array of x's shape and dtype (out, when given)."""
    return _scan(DML_OPERATOR_CUMULATIVE_SUMMATION, x, axis, exclusive, reverse, order, accumulation,
                 identity_seed, isa, out, threads=threads)


def cumprod(x, axis=-1, exclusive=False, reverse=False, order="sequential", accumulation="default",
            identity_seed=False, isa="auto", out=None, threads=None):
    """DML_OPERATOR_CUMULATIVE_PRODUCT of x along axis; options as for cumsum ('blocked'
    products are sequential, 'exact' is refused by the library)."""
    return _scan(DML_OPERATOR_CUMULATIVE_PRODUCT, x, axis, exclusive, reverse, order, accumulation,
                 identity_seed, isa, out, threads=threads)


# ---------------------------------------------------------------------------
# Arg-reductions.


def _reduced_axes(axes, rank):
    if axes is None:
        return list(range(rank))
    if isinstance(axes, (int, np.integer)) and not isinstance(axes, (bool, np.bool_)):
        axes = [axes]
    return [_normalize_axis(a, rank) for a in axes]


def _with_kept_axes(out, kept_shape, axes):
    """out (of the returned shape) viewed with DirectML's shape: size 1 on every reduced axis."""
    if out.shape == kept_shape:
        return out
    if out.ndim == 0:
        return out.reshape(kept_shape)
    return np.expand_dims(out, tuple(sorted(set(axes))))


def _arg(op_type, x, axes=None, last=False, nan="propagate", index_type="int64", keepdims=True,
         isa="auto", out=None, feature_level=0, reduce=False, threads=None):
    x = _native(x)
    key = None
    if out is None:
        key = _prepared_key(x, (op_type, axes, last, nan, index_type, keepdims, isa, feature_level, reduce,
                                threads))
        prepared = _PREPARED.get(key) if key is not None else None
        if prepared is not None and x.flags.aligned:
            result = prepared.run(x)
            if result is not None:
                return result
    index_dtype = _lookup(_INDEX_DTYPES, index_type, "index_type")
    options = _Options(0, None, _lookup(_NAN_POLICIES, nan, "nan"), _lookup(_ISAS, isa, "isa"),
                       feature_level=feature_level, threads=threads)
    scalar = x.ndim == 0
    x1 = x.reshape(1) if scalar else x
    axes = _reduced_axes(axes, x1.ndim)
    kept_shape = tuple(1 if k in axes else s for k, s in enumerate(x1.shape))
    if scalar:
        result_shape = ()
    elif keepdims:
        result_shape = kept_shape
    else:
        result_shape = tuple(s for k, s in enumerate(x1.shape) if k not in axes)
    out = _check_out(out, result_shape, index_dtype)
    if x1.size == 0:
        raise ValueError("dml_ref: an arg-reduction of an empty array has no answer")
    given = x1
    x1, tin = _input_tensor(x1)
    in_place = x1 is given  # the input is read where it is, not from a copy
    dest = _Output(kept_shape, index_dtype, None if out is None else _with_kept_axes(out, kept_shape, axes))
    axis_array = _UINT_ARRAYS[max(len(axes), 1)](*axes)
    if reduce:  # DML_OPERATOR_REDUCE with ARGMIN/ARGMAX: always INCREASING
        if last:
            raise ValueError("dml_ref: REDUCE ARGMIN/ARGMAX has no direction (last=True)")
        desc = DML_REDUCE_OPERATOR_DESC(
            DML_REDUCE_FUNCTION_ARGMIN if op_type == DML_OPERATOR_ARGMIN else DML_REDUCE_FUNCTION_ARGMAX,
            ctypes.addressof(tin.desc), ctypes.addressof(dest.tensor.desc), len(axes), ctypes.addressof(axis_array))
        op = DML_OPERATOR_DESC(DML_OPERATOR_REDUCE, ctypes.addressof(desc))
    else:
        desc = DML_ARGMIN_OPERATOR_DESC(ctypes.addressof(tin.desc), ctypes.addressof(dest.tensor.desc), len(axes),
                                        ctypes.addressof(axis_array),
                                        DML_AXIS_DIRECTION_DECREASING if last else DML_AXIS_DIRECTION_INCREASING)
        op = DML_OPERATOR_DESC(op_type, ctypes.addressof(desc))
    status = (_library or _lib()).dmlref_execute(ctypes.byref(op), _void_array(tin.address),
                                                 _void_array(dest.tensor.address), ctypes.byref(options.options))
    options.check(status)
    dest.finish()
    if out is not None:
        return out
    if key is not None and in_place:
        _keep_prepared(key, _Prepared(op, (desc, axis_array), options, tin, dest.tensor, kept_shape, index_dtype,
                                      result_shape))
    return dest.array.reshape(result_shape)


def argmin(x, axes=None, last=False, nan="propagate", index_type="int64", keepdims=True, isa="auto",
           out=None, threads=None):
    """DML_OPERATOR_ARGMIN of x over axes (an int, a sequence, or None for every axis).

    With several axes the index is the row-major position inside the reduced
    sub-tensor. last: DECREASING (the last index on ties); nan: 'propagate' (NaN is
    the extreme, as NumPy), 'ignore' or 'compare'; index_type: 'int32', 'int64',
    'uint32', 'uint64'. keepdims=True returns DirectML's shape (size 1 on every
    reduced axis), False squeezes the reduced axes as NumPy does. threads: as for
    cumsum."""
    return _arg(DML_OPERATOR_ARGMIN, x, axes, last, nan, index_type, keepdims, isa, out, threads=threads)


def argmax(x, axes=None, last=False, nan="propagate", index_type="int64", keepdims=True, isa="auto",
           out=None, threads=None):
    """DML_OPERATOR_ARGMAX of x over axes; options as for argmin."""
    return _arg(DML_OPERATOR_ARGMAX, x, axes, last, nan, index_type, keepdims, isa, out, threads=threads)


# ---------------------------------------------------------------------------
# Error bounds.

_SCAN_OPS = {"cumsum": DML_OPERATOR_CUMULATIVE_SUMMATION, "cumprod": DML_OPERATOR_CUMULATIVE_PRODUCT}


def error_bound(op, x, axis=-1, exclusive=False, reverse=False, order="any", accumulation="default",
                identity_seed=False, threads=None):
    """dmlref_error_bound: a float64 array shaped like the output of op ('cumsum' or
    'cumprod') on x, each element an upper bound on |computed - exact|, where computed is
    the library's output with these options (order 'any': any association order, the
    default) and exact the real result. +inf where the prefix holds a non-finite input or
    may overflow; 0 for integer types. threads: as for cumsum (the lines are shared
    between threads; one line stays on one)."""
    op_type = _lookup(_SCAN_OPS, op, "op")
    x = _native(x)
    shape = x.shape
    float_order, tree = _parse_order(order)
    options = _Options(float_order, tree, 0, 0, _lookup(_ACCUMULATIONS, accumulation, "accumulation"),
                       identity_seed, threads=threads)
    if x.size == 0:
        return np.zeros(shape, np.float64)
    x1 = x.reshape(1) if x.ndim == 0 else x
    axis = _normalize_axis(axis, x1.ndim)
    x1, tin = _input_tensor(x1)
    # The operator's output tensor: only its descriptor is read (packed, x's type).
    tout = _Tensor(x1.shape, x.dtype, _packed_strides(x1.shape), 0)
    bound = np.empty(x1.shape, np.float64)
    tbound = _Tensor.of(bound)
    op, op_fields = _scan_desc(op_type, tin, tout, axis, exclusive, reverse)
    status = (_library or _lib()).dmlref_error_bound(ctypes.byref(op), _void_array(tin.address),
                                                     ctypes.byref(tbound.desc), tbound.address,
                                                     ctypes.byref(options.options))
    options.check(status)
    return bound.reshape(shape)


# ---------------------------------------------------------------------------
# Comparing arrays.


@dataclasses.dataclass
class Comparison:
    """What compare() measured (the fields of `dmlref compare`).

    ULP distances of floats are distances of ordered integers (-0.0 and +0.0 are 1
    apart); of integers, |actual - expected|. Elements where either side is NaN, and
    infinity class mismatches, are left out of the ULP statistics and of max_abs /
    max_rel. first_difference is the N-D index of the first element that is not
    bit-identical (None when there is none)."""
    count: int
    identical: int
    identical_share: float
    max_ulp: int
    ulp_p50: int
    ulp_p90: int
    ulp_p99: int
    nan_mismatches: int
    inf_mismatches: int
    max_abs: float
    max_rel: float
    outside_bound: int
    first_difference: object
    ok: bool


def _unsigned(dtype):
    return np.dtype("u%d" % np.dtype(dtype).itemsize)


def _float_keys(bits, dtype):
    """Ordered integer keys of float bit patterns: key order is float order, -0.0 just below +0.0."""
    u = _unsigned(dtype)
    sign = u.type(1) << u.type(8 * u.itemsize - 1)
    return np.where(bits & sign, ~bits, bits | sign).astype(np.uint64)


def _int_keys(values):
    """Integers mapped to uint64 in the same order (signed: biased by 2^63)."""
    if values.dtype.kind == "u":
        return values.astype(np.uint64)
    return values.astype(np.int64).view(np.uint64) ^ np.uint64(1 << 63)


def compare(expected, actual, ulp=0, bound=None, zero_sign_equal=False):
    """Compares two arrays of the same shape and dtype element by element.

    Returns a Comparison with: count, identical (bit-identical elements) and
    identical_share, max_ulp and the 50/90/99th percentile ULP distance (nearest
    rank), nan_mismatches (one side NaN), inf_mismatches (an infinity against anything
    else), max_abs and max_rel differences, outside_bound (elements with
    |actual - expected| > bound, bound a float64 array of the same shape, e.g. from
    error_bound), first_difference (N-D index) and ok:

    - by default (ulp=0, bound=None), ok when every element is bit-identical;
    - ulp=N > 0: every element within N ULP (NaN matches NaN whatever its payload) and
      no NaN or infinity class mismatch;
    - bound: every |actual - expected| <= bound and no class mismatch (and the ULP test
      too when both are given).
    zero_sign_equal=True makes -0.0 equal to +0.0 (in the default test and in ULP
    distances)."""
    e, a = _native(expected), _native(actual)
    if e.dtype != a.dtype:
        raise TypeError("dml_ref: dtype mismatch: expected is %s, actual is %s" % (e.dtype, a.dtype))
    if e.shape != a.shape:
        raise ValueError("dml_ref: shape mismatch: expected is %s, actual is %s" % (e.shape, a.shape))
    if isinstance(ulp, bool) or not isinstance(ulp, (int, np.integer)) or ulp < 0:
        raise ValueError("dml_ref: ulp must be a non-negative integer (got %r)" % (ulp,))
    b = None
    if bound is not None:
        b = np.asarray(bound)
        if b.dtype != np.float64 or b.shape != e.shape:
            raise ValueError("dml_ref: the bound must be float64 with the shape of the arrays compared")
        b = b.ravel()
    shape = e.shape
    e, a = e.ravel(), a.ravel()  # row-major order, copies only where needed
    n = e.size
    u = _unsigned(e.dtype)
    be, ba = e.view(u), a.view(u)
    identical = be == ba
    is_float = e.dtype.kind == "f"
    if is_float:
        ne, na = np.isnan(e), np.isnan(a)
        ie, ia = np.isinf(e), np.isinf(a)
        both_zero = (e == 0) & (a == 0)
        nan_mismatch = ne != na
        any_nan = ne | na
        inf_mismatch = ~any_nan & (ie | ia) & ~identical
        measured = ~any_nan & ~inf_mismatch  # enter the ULP statistics
        ke, ka = _float_keys(be, e.dtype), _float_keys(ba, e.dtype)
        dist = np.where(ke > ka, ke - ka, ka - ke)
        if zero_sign_equal:
            dist = np.where(both_zero, np.uint64(0), dist)
        finite = measured & ~ie  # equal infinities have no difference to measure
        with np.errstate(invalid="ignore", over="ignore", divide="ignore"):
            ve, va = e.astype(np.float64), a.astype(np.float64)
            diff = np.abs(va - ve)
            wide = np.abs(a.astype(np.longdouble) - e.astype(np.longdouble))
    else:
        both_zero = np.zeros(n, bool)
        nan_mismatch = inf_mismatch = np.zeros(n, bool)
        measured = finite = np.ones(n, bool)
        ke, ka = _int_keys(e), _int_keys(a)
        dist = np.where(ke > ka, ke - ka, ka - ke)
        ve = e.astype(np.float64)
        diff = wide = dist.astype(np.float64)
    equivalent = identical | (both_zero if (zero_sign_equal and is_float) else False)
    d = np.sort(dist[measured])

    def rank(p):
        return int(d[max((d.size * p + 99) // 100, 1) - 1]) if d.size else 0

    fd = diff[finite & (diff > 0)]
    max_abs = float(fd.max()) if fd.size else 0.0
    with np.errstate(divide="ignore", invalid="ignore"):
        ref = np.abs(ve[finite & (diff > 0)])
        rel = np.where(ref != 0, fd / np.where(ref != 0, ref, 1), np.inf)
    max_rel = float(rel.max()) if rel.size else 0.0
    outside = 0
    if b is not None:
        outside = int(np.count_nonzero(finite & ~(wide <= b)))
    differing = np.flatnonzero(~equivalent)
    first = tuple(int(i) for i in np.unravel_index(differing[0], shape)) if differing.size else None
    nan_mis, inf_mis = int(np.count_nonzero(nan_mismatch)), int(np.count_nonzero(inf_mismatch))
    max_ulp = int(d[-1]) if d.size else 0
    if ulp > 0:
        ok = max_ulp <= ulp and nan_mis == 0 and inf_mis == 0
    elif b is not None:
        ok = nan_mis == 0 and inf_mis == 0
    else:
        ok = differing.size == 0
    if b is not None and outside:
        ok = False
    n_identical = int(np.count_nonzero(identical))
    return Comparison(count=n, identical=n_identical, identical_share=n_identical / n if n else 1.0,
                      max_ulp=max_ulp, ulp_p50=rank(50), ulp_p90=rank(90), ulp_p99=rank(99),
                      nan_mismatches=nan_mis, inf_mismatches=inf_mis, max_abs=max_abs, max_rel=max_rel,
                      outside_bound=outside, first_difference=first, ok=bool(ok))


# ---------------------------------------------------------------------------
# Finding the options that reproduce an output.


@dataclasses.dataclass
class Explanation:
    """What explain() found. reproduced: some options give `actual` bit for bit;
    candidates: [(options, identical_share)], every reproducing set when reproduced,
    else the closest few by share of bit-identical elements (options are keyword
    arguments of the operator's function); tried: configurations run."""
    reproduced: bool
    candidates: list
    tried: int


def _scan_configurations():
    """Every scan configuration of `dmlref explain`: 590 keyword dicts."""
    orders = ["sequential", "blocked", "exact"]
    for alg in _TREE_ALGORITHMS:
        for log2 in range(1, 17):
            for carry in _TREE_CARRIES:
                orders.append("tree:%s:%d:%s" % (alg, 1 << log2, carry))
    for order in orders:
        for accumulation in (["default"] if order == "exact" else list(_ACCUMULATIONS)):
            for seed in (False, True):
                yield {"order": order, "accumulation": accumulation, "identity_seed": seed}


def _arg_configurations():
    for nan in _NAN_POLICIES:
        for last in (False, True):
            yield {"nan": nan, "last": last}


def explain(op, x, actual, **op_options):
    """Runs x through every configuration of op and returns an Explanation of those that
    reproduce `actual` bit for bit, else the 5 closest by share of identical elements.

    Scans ('cumsum', 'cumprod'): SEQUENTIAL, BLOCKED, EXACT and TREE (3 algorithms x
    blocks 2..65536 x 2 carries), each with accumulation default/native/wide and the
    identity seed off/on (EXACT: default only), 590 configurations; op_options axis,
    exclusive, reverse, isa and threads are kept (order, accumulation, identity_seed
    ignored). Arg-reductions ('argmin', 'argmax'): the 3 NaN policies x last
    False/True; axes, keepdims, isa and threads are kept, the index type is actual's
    dtype. Configurations the
    library refuses (e.g. EXACT products) are skipped."""
    functions = {"cumsum": cumsum, "cumprod": cumprod, "argmin": argmin, "argmax": argmax}
    if op not in functions:
        raise ValueError("dml_ref: op must be one of %s (got %r)" % (", ".join(functions), op))
    actual = _native(actual)
    if op in _SCAN_OPS:
        kept, varied, configurations = ("axis", "exclusive", "reverse", "isa", "threads"), \
            ("order", "accumulation", "identity_seed"), list(_scan_configurations())
    else:
        kept, varied, configurations = ("axes", "keepdims", "isa", "index_type", "threads"), ("nan", "last"), \
            list(_arg_configurations())
        dtype_names = {np.dtype(v): k for k, v in _INDEX_TYPES.items()}
        if actual.dtype not in dtype_names:
            raise TypeError("dml_ref: actual must be int32, int64, uint32 or uint64 (got %s)" % actual.dtype)
        op_options = dict(op_options, index_type=dtype_names[actual.dtype])
    unknown = set(op_options) - set(kept) - set(varied)
    if unknown:
        raise TypeError("dml_ref: explain got unexpected option(s) %s" % ", ".join(sorted(unknown)))
    fixed = {k: v for k, v in op_options.items() if k not in varied}
    u = _unsigned(actual.dtype)
    target = actual.view(u)
    results = []
    for config in configurations:
        try:
            y = functions[op](x, **fixed, **config)
        except DmlRefError:
            continue
        if y.size != actual.size or y.dtype != actual.dtype:
            raise ValueError("dml_ref: actual has shape %s and dtype %s, %s gives %s and %s"
                             % (actual.shape, actual.dtype, op, y.shape, y.dtype))
        same = np.count_nonzero(y.reshape(actual.shape).view(u) == target)
        results.append((config, same / actual.size))
    matches = [r for r in results if r[1] == 1.0]
    if matches:
        return Explanation(True, matches, len(results))
    closest = sorted(results, key=lambda r: -r[1])[:5]
    return Explanation(False, closest, len(results))
