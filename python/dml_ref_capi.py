"""The C API of dml_ref.h for ctypes: structs, constants, the library's loading and its functions' signatures.

python/dml_ref.py is built on this module; it has no NumPy and computes nothing itself. Every struct
and constant here is checked against the shared library by test_c_api_layout (python/test_dml_ref.py):
``dmlref_python_layout`` in dml_ref_shared.c lists each struct's size and alignment, each field's offset
and size, and each constant's value, and the test compares them with this module in both directions.

C enums are int; UINT is uint32; BOOL is int32. Pointer fields are c_void_p set from ctypes.addressof,
which costs far less per call than a ctypes.POINTER field's conversion.
"""

import collections
import ctypes
import os

UINT = ctypes.c_uint32
BOOL = ctypes.c_int32
ENUM = ctypes.c_int

# ---------------------------------------------------------------------------
# DirectML's descriptors (dml_ref.h ">>types").


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


class DML_ARGMAX_OPERATOR_DESC(ctypes.Structure):
    _fields_ = DML_ARGMIN_OPERATOR_DESC._fields_  # its own class: the layout test checks it by name


class DML_REDUCE_OPERATOR_DESC(ctypes.Structure):
    _fields_ = [
        ("Function", ENUM),
        ("InputTensor", ctypes.c_void_p),  # const DML_TENSOR_DESC *
        ("OutputTensor", ctypes.c_void_p),
        ("AxisCount", UINT),
        ("Axes", ctypes.c_void_p),  # const UINT *
    ]


DML_TENSOR_DATA_TYPE_FLOAT32 = 1
DML_TENSOR_DATA_TYPE_FLOAT16 = 2
DML_TENSOR_DATA_TYPE_UINT32 = 3
DML_TENSOR_DATA_TYPE_UINT16 = 4
DML_TENSOR_DATA_TYPE_UINT8 = 5
DML_TENSOR_DATA_TYPE_INT32 = 6
DML_TENSOR_DATA_TYPE_INT16 = 7
DML_TENSOR_DATA_TYPE_INT8 = 8
DML_TENSOR_DATA_TYPE_FLOAT64 = 9
DML_TENSOR_DATA_TYPE_UINT64 = 10
DML_TENSOR_DATA_TYPE_INT64 = 11
DML_TENSOR_TYPE_BUFFER = 1
DML_TENSOR_FLAG_NONE = 0
DML_AXIS_DIRECTION_INCREASING = 0
DML_AXIS_DIRECTION_DECREASING = 1
DML_OPERATOR_REDUCE = 55
DML_OPERATOR_CUMULATIVE_SUMMATION = 105
DML_OPERATOR_ARGMIN = 137
DML_OPERATOR_ARGMAX = 138
DML_OPERATOR_CUMULATIVE_PRODUCT = 145
DML_REDUCE_FUNCTION_ARGMAX = 0
DML_REDUCE_FUNCTION_ARGMIN = 1
DML_REDUCE_FUNCTION_AVERAGE = 2
DML_REDUCE_FUNCTION_L1 = 3
DML_REDUCE_FUNCTION_L2 = 4
DML_REDUCE_FUNCTION_LOG_SUM = 5
DML_REDUCE_FUNCTION_LOG_SUM_EXP = 6
DML_REDUCE_FUNCTION_MAX = 7
DML_REDUCE_FUNCTION_MIN = 8
DML_REDUCE_FUNCTION_MULTIPLY = 9
DML_REDUCE_FUNCTION_SUM = 10
DML_REDUCE_FUNCTION_SUM_SQUARE = 11

# The descriptor struct of each operator type (dml_ref.h's descriptor reader has the same pairs).
OPERATOR_DESCS = {
    DML_OPERATOR_CUMULATIVE_SUMMATION: DML_CUMULATIVE_SUMMATION_OPERATOR_DESC,
    DML_OPERATOR_CUMULATIVE_PRODUCT: DML_CUMULATIVE_PRODUCT_OPERATOR_DESC,
    DML_OPERATOR_ARGMIN: DML_ARGMIN_OPERATOR_DESC,
    DML_OPERATOR_ARGMAX: DML_ARGMAX_OPERATOR_DESC,
    DML_OPERATOR_REDUCE: DML_REDUCE_OPERATOR_DESC,
}

# ---------------------------------------------------------------------------
# dml_ref's own declarations (dml_ref.h ">>api").

DMLREF_FLOAT_ORDER_SEQUENTIAL = 0
DMLREF_FLOAT_ORDER_BLOCKED = 1
DMLREF_FLOAT_ORDER_EXACT = 2
DMLREF_FLOAT_ORDER_ANY = 3
DMLREF_FLOAT_ORDER_TREE = 4
DMLREF_FLOAT_ORDER_PAIRWISE = 5
DMLREF_FLOAT_ORDER_COUNT = 6
DMLREF_ACCUMULATION_DEFAULT = 0
DMLREF_ACCUMULATION_NATIVE = 1
DMLREF_ACCUMULATION_WIDE = 2
DMLREF_ACCUMULATION_COUNT = 3
DMLREF_NAN_PROPAGATE = 0
DMLREF_NAN_IGNORE = 1
DMLREF_NAN_COMPARE = 2
DMLREF_NAN_POLICY_COUNT = 3
DMLREF_LOG_SUM_EXP_SHIFTED = 0
DMLREF_LOG_SUM_EXP_PLAIN = 1
DMLREF_LOG_SUM_EXP_COUNT = 2
DMLREF_TREE_KOGGE_STONE = 0
DMLREF_TREE_SKLANSKY = 1
DMLREF_TREE_BRENT_KUNG = 2
DMLREF_TREE_ALGORITHM_COUNT = 3
DMLREF_CARRY_AFTER = 0
DMLREF_CARRY_INTO_FIRST = 1
DMLREF_CARRY_RECURSIVE = 2
DMLREF_CARRY_RECURSIVE_LAST = 3
DMLREF_TREE_CARRY_COUNT = 4
DMLREF_ISA_AUTO = 0
DMLREF_ISA_SCALAR = 1
DMLREF_ISA_SSE2 = 2
DMLREF_ISA_AVX2 = 3
DMLREF_ISA_AVX512 = 4
DMLREF_ISA_NEON = 5
DMLREF_ISA_AVX512FP16 = 6
DMLREF_ISA_REFERENCE = 7
DMLREF_ISA_COUNT = 8
DMLREF_SHAPE_SCAN = 0
DMLREF_SHAPE_ARG_REDUCTION = 1
DMLREF_SHAPE_REDUCTION = 2
DMLREF_SHAPE_COUNT = 3
DMLREF_COMBINE_ADD = 0
DMLREF_COMBINE_MULTIPLY = 1
DMLREF_COMBINE_MIN = 2
DMLREF_COMBINE_MAX = 3
DMLREF_MAP_NONE = 0
DMLREF_MAP_EXP = 3
DMLREF_OPERATOR_IMPLEMENTED = 0x1
DMLREF_OPERATOR_EXCLUSIVE = 0x2
DMLREF_OPERATOR_DIRECTION = 0x4
DMLREF_OPERATOR_NAN_POLICY = 0x8
DMLREF_OPERATOR_SPLIT_LINES = 0x10
DMLREF_OPERATOR_SPLIT_LINE = 0x20
DMLREF_OK = 0
DMLREF_ERROR_INVALID_OPTION = 3
DMLREF_ERROR_UNSUPPORTED_OPERATOR = 9
DMLREF_PYTHON_MAX_TASKS = 1024  # dml_ref_shared.c: the most tasks dmlref_python_parallel serves


class dmlref_scan_tree(ctypes.Structure):
    _fields_ = [("algorithm", ctypes.c_int32), ("block", ctypes.c_uint32), ("carry", ctypes.c_int32),
                ("serial", ctypes.c_uint32), ("lanes", ctypes.c_uint32), ("run_seed", ctypes.c_int32)]


class dmlref_parallel(ctypes.Structure):
    _fields_ = [
        ("parallel_for", ctypes.c_void_p),  # void (*)(void *, uint32_t, void (*)(void *, uint32_t), void *)
        ("context", ctypes.c_void_p),
        ("max_tasks", ctypes.c_uint32),
    ]


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
        ("log_sum_exp", ctypes.c_int32),  # dmlref_log_sum_exp: REDUCE LOG_SUM_EXP's formula
    ]


class dmlref_operator_info(ctypes.Structure):
    _fields_ = [
        ("operator_type", ctypes.c_int32),
        ("reduce_function", ctypes.c_int32),  # -1 unless DML_OPERATOR_REDUCE
        ("name", ctypes.c_char_p),
        ("cli_name", ctypes.c_char_p),
        ("python_name", ctypes.c_char_p),
        ("shape", ctypes.c_int32),
        ("map", ctypes.c_int32),
        ("combine", ctypes.c_int32),
        ("finalize", ctypes.c_int32),
        ("identity", ctypes.c_double),
        ("float_orders", ctypes.c_uint32),  # bit 1 << DMLREF_FLOAT_ORDER_*
        ("bound_orders", ctypes.c_uint32),
        ("flags", ctypes.c_uint32),  # DMLREF_OPERATOR_*
    ]


# A row of the operator table as Python values (strings decoded), one field per C field.
OperatorRow = collections.namedtuple("OperatorRow", [name for name, _ in dmlref_operator_info._fields_])


def operator_rows(lib):
    """The library's operator table (dmlref_operator_count / dmlref_operator_at), as OperatorRows."""
    rows = []
    for index in range(lib.dmlref_operator_count()):
        info = lib.dmlref_operator_at(index).contents
        values = [getattr(info, name) for name in OperatorRow._fields]
        rows.append(OperatorRow(*[v.decode() if isinstance(v, bytes) else v for v in values]))
    return rows


def layout_rows(lib):
    """dmlref_python_layout's rows: (kind, group, name, value, extra), kind 'struct' (value sizeof, extra
    alignment), 'field' (offset, sizeof) or 'constant' (value)."""
    kinds = {1: "struct", 2: "field", 3: "constant"}
    group, name = ctypes.c_char_p(), ctypes.c_char_p()
    value, extra = ctypes.c_int64(), ctypes.c_int64()
    rows, index = [], 0
    while True:
        kind = lib.dmlref_python_layout(index, ctypes.byref(group), ctypes.byref(name), ctypes.byref(value),
                                        ctypes.byref(extra))
        if kind == 0:
            return rows
        rows.append((kinds[kind], group.value.decode(), name.value and name.value.decode(), value.value,
                     extra.value))
        index += 1


# ---------------------------------------------------------------------------
# Loading the library.

_library = None


def library_candidates():
    """Where load() looks for the shared library, in order."""
    here = os.path.dirname(os.path.abspath(__file__))
    env = os.environ.get("DMLREF_LIBRARY")
    if env:
        return [env]
    return [os.path.join(here, "libdml_ref.so"), os.path.join(here, "..", "build", "libdml_ref.so")]


def load():
    """The shared library, loaded and its functions declared on first use (OSError when it is not found)."""
    global _library
    if _library is not None:
        return _library
    candidates = library_candidates()
    path = next((p for p in candidates if os.path.exists(p)), None)
    if path is None:
        raise OSError("dml_ref: shared library not found (tried %s); build it with `make python` "
                      "or set DMLREF_LIBRARY" % ", ".join(candidates))
    lib = ctypes.CDLL(path)
    P = ctypes.POINTER
    opts = P(dmlref_options)
    signatures = {  # name: (restype, argtypes)
        "dmlref_validate": (ENUM, [P(DML_OPERATOR_DESC), opts]),
        "dmlref_execute": (ENUM, [P(DML_OPERATOR_DESC), P(ctypes.c_void_p), P(ctypes.c_void_p), opts]),
        "dmlref_error_bound": (ENUM, [P(DML_OPERATOR_DESC), P(ctypes.c_void_p), P(DML_TENSOR_DESC),
                                      ctypes.c_void_p, opts]),
        "dmlref_calc_buffer_tensor_size": (ctypes.c_uint64, [ENUM, UINT, P(UINT), P(UINT)]),
        "dmlref_status_name": (ctypes.c_char_p, [ENUM]),
        "dmlref_status_description": (ctypes.c_char_p, [ENUM]),
        "dmlref_best_isa": (ENUM, []),
        "dmlref_isa_available": (ctypes.c_int, [ENUM]),
        "dmlref_isa_name": (ctypes.c_char_p, [ENUM]),
        "dmlref_version_number": (ctypes.c_uint32, []),
        "dmlref_operator_count": (ctypes.c_uint32, []),
        "dmlref_operator_at": (P(dmlref_operator_info), [ctypes.c_uint32]),
        "dmlref_operator_find": (P(dmlref_operator_info), [ctypes.c_int32, ctypes.c_int32]),
        "dmlref_pytorch_cuda_scan_block": (ctypes.c_uint32, [ctypes.c_uint64, ctypes.c_uint64]),
        "dmlref_inductor_scan_tree": (dmlref_scan_tree, [ctypes.c_uint64, ENUM]),
        "dmlref_xla_scan_tree": (dmlref_scan_tree, []),
        "dmlref_cupy_scan_tree": (dmlref_scan_tree, []),
        "dmlref_exp_f16": (ctypes.c_uint16, [ctypes.c_uint16]),
        "dmlref_log_f16": (ctypes.c_uint16, [ctypes.c_uint16]),
        "dmlref_exp_f32": (ctypes.c_float, [ctypes.c_float]),
        "dmlref_log_f32": (ctypes.c_float, [ctypes.c_float]),
        "dmlref_exp_f64": (ctypes.c_double, [ctypes.c_double]),
        "dmlref_log_f64": (ctypes.c_double, [ctypes.c_double]),
        # dml_ref_shared.c's own
        "dmlref_python_parallel": (ctypes.c_void_p, [ctypes.c_uint32]),
        "dmlref_python_elementwise": (ctypes.c_int, [ctypes.c_int, ENUM, ctypes.c_void_p, ctypes.c_void_p,
                                                     ctypes.c_size_t]),
        "dmlref_python_layout": (ctypes.c_uint32, [ctypes.c_uint32, P(ctypes.c_char_p), P(ctypes.c_char_p),
                                                   P(ctypes.c_int64), P(ctypes.c_int64)]),
    }
    for name, (restype, argtypes) in signatures.items():
        function = getattr(lib, name)
        function.restype, function.argtypes = restype, argtypes
    _library = lib
    return lib
