/* The implementation of dml_ref.h as a shared library, for python/dml_ref.py
   (ctypes). `make python` builds it into build/libdml_ref.so (with -pthread).
   Beside the library's API it exports dmlref_python_parallel, the options.parallel
   of the module's threads= argument, and dmlref_python_layout, the C layout that
   python/dml_ref_capi.py mirrors (its test compares the two). */
#if !defined(_WIN32) && !defined(_POSIX_C_SOURCE)
#define _POSIX_C_SOURCE 200809L /* pthreads under -std=c99 */
#endif
#define DML_REF_IMPLEMENTATION
#include "../dml_ref.h"

/* The most tasks dmlref_python_parallel serves (the module refuses more). */
#define DMLREF_PYTHON_MAX_TASKS 1024u

const dmlref_parallel *dmlref_python_parallel(uint32_t tasks);
int dmlref_python_elementwise(int function, DML_TENSOR_DATA_TYPE type, const void *in, void *out, size_t count);
uint32_t dmlref_python_layout(uint32_t index, const char **group, const char **name, int64_t *value, int64_t *extra);

/* The C side of python/dml_ref_capi.py, for its layout test: every struct the module mirrors with its
   fields, and every constant it copies. S(struct) F(struct, field) C(group, constant). The test also
   checks each struct's field list here against dml_ref.h's declaration, so a field added there and
   not here fails it. */
/* clang-format off */
#define DMLREF_PYTHON_LAYOUT(S, F, C)                                                                            \
    S(DML_BUFFER_TENSOR_DESC) F(DML_BUFFER_TENSOR_DESC, DataType) F(DML_BUFFER_TENSOR_DESC, Flags)                \
    F(DML_BUFFER_TENSOR_DESC, DimensionCount) F(DML_BUFFER_TENSOR_DESC, Sizes) F(DML_BUFFER_TENSOR_DESC, Strides)  \
    F(DML_BUFFER_TENSOR_DESC, TotalTensorSizeInBytes) F(DML_BUFFER_TENSOR_DESC, GuaranteedBaseOffsetAlignment)     \
    S(DML_TENSOR_DESC) F(DML_TENSOR_DESC, Type) F(DML_TENSOR_DESC, Desc)                                           \
    S(DML_OPERATOR_DESC) F(DML_OPERATOR_DESC, Type) F(DML_OPERATOR_DESC, Desc)                                     \
    S(DML_CUMULATIVE_SUMMATION_OPERATOR_DESC) F(DML_CUMULATIVE_SUMMATION_OPERATOR_DESC, InputTensor)                \
    F(DML_CUMULATIVE_SUMMATION_OPERATOR_DESC, OutputTensor) F(DML_CUMULATIVE_SUMMATION_OPERATOR_DESC, Axis)        \
    F(DML_CUMULATIVE_SUMMATION_OPERATOR_DESC, AxisDirection)                                                       \
    F(DML_CUMULATIVE_SUMMATION_OPERATOR_DESC, HasExclusiveSum)                                                     \
    S(DML_CUMULATIVE_PRODUCT_OPERATOR_DESC) F(DML_CUMULATIVE_PRODUCT_OPERATOR_DESC, InputTensor)                    \
    F(DML_CUMULATIVE_PRODUCT_OPERATOR_DESC, OutputTensor) F(DML_CUMULATIVE_PRODUCT_OPERATOR_DESC, Axis)            \
    F(DML_CUMULATIVE_PRODUCT_OPERATOR_DESC, AxisDirection)                                                         \
    F(DML_CUMULATIVE_PRODUCT_OPERATOR_DESC, HasExclusiveProduct)                                                   \
    S(DML_ARGMIN_OPERATOR_DESC) F(DML_ARGMIN_OPERATOR_DESC, InputTensor) F(DML_ARGMIN_OPERATOR_DESC, OutputTensor)  \
    F(DML_ARGMIN_OPERATOR_DESC, AxisCount) F(DML_ARGMIN_OPERATOR_DESC, Axes)                                       \
    F(DML_ARGMIN_OPERATOR_DESC, AxisDirection)                                                                     \
    S(DML_ARGMAX_OPERATOR_DESC) F(DML_ARGMAX_OPERATOR_DESC, InputTensor) F(DML_ARGMAX_OPERATOR_DESC, OutputTensor)  \
    F(DML_ARGMAX_OPERATOR_DESC, AxisCount) F(DML_ARGMAX_OPERATOR_DESC, Axes)                                       \
    F(DML_ARGMAX_OPERATOR_DESC, AxisDirection)                                                                     \
    S(DML_REDUCE_OPERATOR_DESC) F(DML_REDUCE_OPERATOR_DESC, Function) F(DML_REDUCE_OPERATOR_DESC, InputTensor)      \
    F(DML_REDUCE_OPERATOR_DESC, OutputTensor) F(DML_REDUCE_OPERATOR_DESC, AxisCount) F(DML_REDUCE_OPERATOR_DESC, Axes) \
    S(dmlref_scan_tree) F(dmlref_scan_tree, algorithm) F(dmlref_scan_tree, block) F(dmlref_scan_tree, carry)       \
        F(dmlref_scan_tree, serial) F(dmlref_scan_tree, lanes) F(dmlref_scan_tree, run_seed)                      \
    S(dmlref_parallel) F(dmlref_parallel, parallel_for) F(dmlref_parallel, context) F(dmlref_parallel, max_tasks)  \
    S(dmlref_options) F(dmlref_options, feature_level) F(dmlref_options, float_order) F(dmlref_options, nan_policy) \
    F(dmlref_options, isa) F(dmlref_options, error_message) F(dmlref_options, error_message_capacity)             \
    F(dmlref_options, accumulation) F(dmlref_options, identity_seed) F(dmlref_options, tree)                      \
    F(dmlref_options, parallel) F(dmlref_options, log_sum_exp)                                                     \
    S(dmlref_operator_info) F(dmlref_operator_info, operator_type) F(dmlref_operator_info, reduce_function)        \
    F(dmlref_operator_info, name) F(dmlref_operator_info, cli_name) F(dmlref_operator_info, python_name)           \
    F(dmlref_operator_info, shape) F(dmlref_operator_info, map) F(dmlref_operator_info, combine)                   \
    F(dmlref_operator_info, finalize) F(dmlref_operator_info, identity) F(dmlref_operator_info, float_orders)      \
    F(dmlref_operator_info, bound_orders) F(dmlref_operator_info, flags)                                          \
    C(DML_TENSOR_DATA_TYPE, DML_TENSOR_DATA_TYPE_FLOAT32) C(DML_TENSOR_DATA_TYPE, DML_TENSOR_DATA_TYPE_FLOAT16)    \
    C(DML_TENSOR_DATA_TYPE, DML_TENSOR_DATA_TYPE_UINT32) C(DML_TENSOR_DATA_TYPE, DML_TENSOR_DATA_TYPE_UINT16)      \
    C(DML_TENSOR_DATA_TYPE, DML_TENSOR_DATA_TYPE_UINT8) C(DML_TENSOR_DATA_TYPE, DML_TENSOR_DATA_TYPE_INT32)        \
    C(DML_TENSOR_DATA_TYPE, DML_TENSOR_DATA_TYPE_INT16) C(DML_TENSOR_DATA_TYPE, DML_TENSOR_DATA_TYPE_INT8)         \
    C(DML_TENSOR_DATA_TYPE, DML_TENSOR_DATA_TYPE_FLOAT64) C(DML_TENSOR_DATA_TYPE, DML_TENSOR_DATA_TYPE_UINT64)     \
    C(DML_TENSOR_DATA_TYPE, DML_TENSOR_DATA_TYPE_INT64) C(DML_TENSOR_TYPE, DML_TENSOR_TYPE_BUFFER)                 \
    C(DML_TENSOR_FLAGS, DML_TENSOR_FLAG_NONE) C(DML_AXIS_DIRECTION, DML_AXIS_DIRECTION_INCREASING)                \
    C(DML_AXIS_DIRECTION, DML_AXIS_DIRECTION_DECREASING) C(DML_OPERATOR_TYPE, DML_OPERATOR_REDUCE)                 \
    C(DML_OPERATOR_TYPE, DML_OPERATOR_CUMULATIVE_SUMMATION) C(DML_OPERATOR_TYPE, DML_OPERATOR_CUMULATIVE_PRODUCT)  \
    C(DML_OPERATOR_TYPE, DML_OPERATOR_ARGMIN) C(DML_OPERATOR_TYPE, DML_OPERATOR_ARGMAX)                            \
    C(DML_REDUCE_FUNCTION, DML_REDUCE_FUNCTION_ARGMAX) C(DML_REDUCE_FUNCTION, DML_REDUCE_FUNCTION_ARGMIN)          \
    C(DML_REDUCE_FUNCTION, DML_REDUCE_FUNCTION_AVERAGE) C(DML_REDUCE_FUNCTION, DML_REDUCE_FUNCTION_L1)             \
    C(DML_REDUCE_FUNCTION, DML_REDUCE_FUNCTION_L2) C(DML_REDUCE_FUNCTION, DML_REDUCE_FUNCTION_LOG_SUM)             \
    C(DML_REDUCE_FUNCTION, DML_REDUCE_FUNCTION_LOG_SUM_EXP) C(DML_REDUCE_FUNCTION, DML_REDUCE_FUNCTION_MAX)        \
    C(DML_REDUCE_FUNCTION, DML_REDUCE_FUNCTION_MIN) C(DML_REDUCE_FUNCTION, DML_REDUCE_FUNCTION_MULTIPLY)           \
    C(DML_REDUCE_FUNCTION, DML_REDUCE_FUNCTION_SUM) C(DML_REDUCE_FUNCTION, DML_REDUCE_FUNCTION_SUM_SQUARE)         \
    C(dmlref_float_order, DMLREF_FLOAT_ORDER_SEQUENTIAL) C(dmlref_float_order, DMLREF_FLOAT_ORDER_BLOCKED)         \
    C(dmlref_float_order, DMLREF_FLOAT_ORDER_EXACT) C(dmlref_float_order, DMLREF_FLOAT_ORDER_ANY)                  \
    C(dmlref_float_order, DMLREF_FLOAT_ORDER_TREE) C(dmlref_float_order, DMLREF_FLOAT_ORDER_PAIRWISE)              \
    C(dmlref_float_order, DMLREF_FLOAT_ORDER_COUNT)                                                                \
    C(dmlref_accumulation, DMLREF_ACCUMULATION_DEFAULT) C(dmlref_accumulation, DMLREF_ACCUMULATION_NATIVE)         \
    C(dmlref_accumulation, DMLREF_ACCUMULATION_WIDE) C(dmlref_accumulation, DMLREF_ACCUMULATION_COUNT)             \
    C(dmlref_nan_policy, DMLREF_NAN_PROPAGATE) C(dmlref_nan_policy, DMLREF_NAN_IGNORE)                             \
    C(dmlref_nan_policy, DMLREF_NAN_COMPARE) C(dmlref_nan_policy, DMLREF_NAN_POLICY_COUNT)                         \
    C(dmlref_log_sum_exp, DMLREF_LOG_SUM_EXP_SHIFTED) C(dmlref_log_sum_exp, DMLREF_LOG_SUM_EXP_PLAIN)              \
    C(dmlref_log_sum_exp, DMLREF_LOG_SUM_EXP_COUNT)                                                                \
    C(dmlref_tree_algorithm, DMLREF_TREE_KOGGE_STONE) C(dmlref_tree_algorithm, DMLREF_TREE_SKLANSKY)               \
    C(dmlref_tree_algorithm, DMLREF_TREE_BRENT_KUNG) C(dmlref_tree_algorithm, DMLREF_TREE_ALGORITHM_COUNT)         \
    C(dmlref_tree_carry, DMLREF_CARRY_AFTER) C(dmlref_tree_carry, DMLREF_CARRY_INTO_FIRST)                         \
        C(dmlref_tree_carry, DMLREF_CARRY_RECURSIVE) C(dmlref_tree_carry, DMLREF_CARRY_RECURSIVE_LAST)             \
    C(dmlref_tree_carry, DMLREF_TREE_CARRY_COUNT) C(dmlref_isa, DMLREF_ISA_AUTO) C(dmlref_isa, DMLREF_ISA_SCALAR)  \
    C(dmlref_isa, DMLREF_ISA_SSE2) C(dmlref_isa, DMLREF_ISA_AVX2) C(dmlref_isa, DMLREF_ISA_AVX512)                 \
    C(dmlref_isa, DMLREF_ISA_NEON) C(dmlref_isa, DMLREF_ISA_AVX512FP16) C(dmlref_isa, DMLREF_ISA_REFERENCE)      \
    C(dmlref_isa, DMLREF_ISA_COUNT)                                                                                \
    C(dmlref_shape, DMLREF_SHAPE_SCAN) C(dmlref_shape, DMLREF_SHAPE_ARG_REDUCTION)                                 \
    C(dmlref_shape, DMLREF_SHAPE_REDUCTION) C(dmlref_shape, DMLREF_SHAPE_COUNT)                                    \
        C(dmlref_combine, DMLREF_COMBINE_ADD) C(dmlref_combine, DMLREF_COMBINE_MULTIPLY)                           \
    C(dmlref_combine, DMLREF_COMBINE_MIN) C(dmlref_combine, DMLREF_COMBINE_MAX)                                    \
    C(dmlref_map, DMLREF_MAP_NONE) C(dmlref_map, DMLREF_MAP_EXP)                                                   \
    C(flags, DMLREF_OPERATOR_IMPLEMENTED) C(flags, DMLREF_OPERATOR_EXCLUSIVE) C(flags, DMLREF_OPERATOR_DIRECTION)  \
    C(flags, DMLREF_OPERATOR_NAN_POLICY) C(flags, DMLREF_OPERATOR_SPLIT_LINES) C(flags, DMLREF_OPERATOR_SPLIT_LINE) \
    C(dmlref_status, DMLREF_OK) C(dmlref_status, DMLREF_ERROR_INVALID_OPTION)                                      \
    C(dmlref_status, DMLREF_ERROR_UNSUPPORTED_OPERATOR)                                                            \
    C(python, DMLREF_PYTHON_MAX_TASKS)
/* clang-format on */

/* alignof in C99: the offset of T after a char. */
#define DMLREF_PYTHON_ALIGN_STRUCT(T) \
    struct dmlref_python_align_##T {  \
        char c;                       \
        T t;                          \
    };
#define DMLREF_PYTHON_NOTHING(...)
DMLREF_PYTHON_LAYOUT(DMLREF_PYTHON_ALIGN_STRUCT, DMLREF_PYTHON_NOTHING, DMLREF_PYTHON_NOTHING)

typedef struct dmlref_python_layout_row {
    uint32_t kind; /* 1 struct (value sizeof, extra alignment), 2 field (offset, sizeof), 3 constant (value) */
    const char *group, *name;
    int64_t value, extra;
} dmlref_python_layout_row;
#define DMLREF_PYTHON_S(T) {1, #T, NULL, (int64_t)sizeof(T), (int64_t)offsetof(struct dmlref_python_align_##T, t)},
#define DMLREF_PYTHON_F(T, f) {2, #T, #f, (int64_t)offsetof(T, f), (int64_t)sizeof(((T *)0)->f)},
#define DMLREF_PYTHON_C(group, c) {3, #group, #c, (int64_t)(c), 0},
static const dmlref_python_layout_row g_layout[] = {
    DMLREF_PYTHON_LAYOUT(DMLREF_PYTHON_S, DMLREF_PYTHON_F, DMLREF_PYTHON_C)};

/* Row `index` of the list above: its kind (0 past the end), names and numbers. */
uint32_t dmlref_python_layout(uint32_t index, const char **group, const char **name, int64_t *value, int64_t *extra) {
    if (index >= sizeof g_layout / sizeof g_layout[0]) return 0;
    *group = g_layout[index].group, *name = g_layout[index].name;
    *value = g_layout[index].value, *extra = g_layout[index].extra;
    return g_layout[index].kind;
}

/* The module's exp() and log(): dmlref_exp_* (function 0) or dmlref_log_* (1) of `count` packed elements of
   `type` (FLOAT16 as binary16 bits, FLOAT32, FLOAT64); in and out may be the same. 0, or -1 for another
   function or type. */
int dmlref_python_elementwise(int function, DML_TENSOR_DATA_TYPE type, const void *in, void *out, size_t count) {
    size_t i;
    if (function != 0 && function != 1) return -1;
    if (type == DML_TENSOR_DATA_TYPE_FLOAT16) {
        const uint16_t *x = (const uint16_t *)in;
        uint16_t *y = (uint16_t *)out;
        for (i = 0; i < count; i++) y[i] = function ? dmlref_log_f16(x[i]) : dmlref_exp_f16(x[i]);
    } else if (type == DML_TENSOR_DATA_TYPE_FLOAT32) {
        const float *x = (const float *)in;
        float *y = (float *)out;
        for (i = 0; i < count; i++) y[i] = function ? dmlref_log_f32(x[i]) : dmlref_exp_f32(x[i]);
    } else if (type == DML_TENSOR_DATA_TYPE_FLOAT64) {
        const double *x = (const double *)in;
        double *y = (double *)out;
        for (i = 0; i < count; i++) y[i] = function ? dmlref_log_f64(x[i]) : dmlref_exp_f64(x[i]);
    } else return -1;
    return 0;
}

#ifdef _WIN32
/* No pool on Windows: NULL, and the module's calls run on the calling thread. */
const dmlref_parallel *dmlref_python_parallel(uint32_t tasks) {
    (void)tasks;
    return NULL;
}
#else
#include "../examples/thread_pool.h"

static pthread_mutex_t g_lock = PTHREAD_MUTEX_INITIALIZER; /* guards g_pool and g_pool_tasks */
static thread_pool *g_pool;
static uint32_t g_pool_tasks; /* the concurrent tasks g_pool runs */
/* One dmlref_parallel per task count, its context itself: calls with different counts may run at once. */
static dmlref_parallel g_parallel[DMLREF_PYTHON_MAX_TASKS + 1];

static void python_before_fork(void) { pthread_mutex_lock(&g_lock); }
static void python_after_fork_parent(void) { pthread_mutex_unlock(&g_lock); }
/* A forked child has none of the workers (and the pool's mutex may be held by one that was mid-task): it
   forgets the pool, and its first split call makes its own. */
static void python_after_fork_child(void) {
    g_pool = NULL;
    g_pool_tasks = 0;
    pthread_mutex_unlock(&g_lock);
}

/* The process-wide pool, made or grown to run `tasks` concurrent tasks; NULL if it cannot be made. */
static thread_pool *python_pool(uint32_t tasks) {
    static int fork_handlers;
    thread_pool *pool;
    pthread_mutex_lock(&g_lock);
    if (!g_pool) {
        if (!fork_handlers)
            fork_handlers = pthread_atfork(python_before_fork, python_after_fork_parent, python_after_fork_child) == 0;
        g_pool = thread_pool_create(tasks);
        g_pool_tasks = g_pool ? tasks : 0;
    } else if (tasks > g_pool_tasks) {
        thread_pool_grow(g_pool, tasks);
        g_pool_tasks = tasks;
    }
    pool = g_pool;
    pthread_mutex_unlock(&g_lock);
    return pool;
}

/* parallel_for of g_parallel[k]: the library calls it only for a call it splits, so the pool is made on the
   first such call (a process whose calls are all small has none). Without a pool the tasks run here. */
static void python_parallel_for(void *context, uint32_t task_count, void (*task)(void *, uint32_t), void *argument) {
    thread_pool_parallel_for(python_pool(((const dmlref_parallel *)context)->max_tasks), task_count, task, argument);
}

/* The options.parallel for up to tasks concurrent tasks (2 to DMLREF_PYTHON_MAX_TASKS; NULL out of range) on
   the process-wide pool, which the first split call makes and later ones grow. The address is the same on
   every call with the same count, in this process and in its forked children. */
const dmlref_parallel *dmlref_python_parallel(uint32_t tasks) {
    if (tasks < 2 || tasks > DMLREF_PYTHON_MAX_TASKS) return NULL;
    pthread_mutex_lock(&g_lock);
    if (!g_parallel[tasks].parallel_for) {
        g_parallel[tasks].parallel_for = python_parallel_for;
        g_parallel[tasks].context = &g_parallel[tasks];
        g_parallel[tasks].max_tasks = tasks;
    }
    pthread_mutex_unlock(&g_lock);
    return &g_parallel[tasks];
}
#endif
