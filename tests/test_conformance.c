/* tests/test_conformance.c - other projects' tests of these operators, run
   bit-exactly: the ONNX backend node tests (tests/data/onnx/) and the WebNN
   conformance tests of web-platform-tests (tests/data/wpt/), both translated
   to DirectML's parameters, and NumPy's own results (tests/data/numpy/,
   written by tests/data/numpy/generate.py) (tests/data/ATTRIBUTION.md). One
   case per JSON file, named "onnx/<file>", "wpt/<file>" or "numpy/<file>".

   A case may carry an "options" object: the dmlref_options that reproduce the
   other implementation's bits ("float_order": "SEQUENTIAL" | "BLOCKED" |
   "EXACT", "accumulation": "DEFAULT" | "NATIVE" | "WIDE", "identity_seed":
   true | false). Without it every option is the default; an unknown key or
   value fails the case.

   The file list is compiled in (plain C99, no directory API needed), and the
   case "conformance/manifest" checks it against each suite's INDEX.md and,
   where POSIX is available, against the directory itself, so a file added
   without a case (or a case whose file is gone) fails the run.

   Data directory: $DMLREF_TEST_DATA if set, else tests/data from the current
   directory (make test runs from the repository root), else ../tests/data
   and ../../tests/data (binary started from build/). A missing directory
   makes every case fail with a message saying so.

   Expected bits: output.data_hex, except for the cases published with a
   tolerance ("tolerance" not null): there dml_ref's default SEQUENTIAL order
   must give the strictly sequential running tally exactly, which is
   cross_check.strict_sequential.data_hex (or output.data_hex when
   strict_sequential.matches is true).

   REDUCE cases ("operator": "REDUCE", "params": {"function": a
   DML_REDUCE_FUNCTION name, "axes": [...]}) run with the default options on
   every ISA path dmlref_isa_available() reports (AUTO first, then each by
   name) and must give those bits on each. "exact": true: output.data_hex
   itself. Otherwise the case has the peer's "tolerance" and the output must
   also be within it of output.data_hex: {"ulp": N} (WPT: distance in ulps of
   the output type, +0 and -0 equal, NaN only near NaN) or {"rtol", "atol"}
   (ONNX: |got - expected| <= atol + rtol |expected|, NaN equal to NaN,
   infinities exactly). The cases "onnx/reduce_summary" and
   "wpt/reduce_summary" print how many were bit-exact with the peer and how
   many only within its tolerance. */
#include "../dml_ref.h"
#include "json.h"
#include "runner.h"
#include "suites.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__unix__) || defined(__APPLE__)
#include <dirent.h>
#define CONF_HAVE_DIRENT 1
#else
#define CONF_HAVE_DIRENT 0
#endif

#define CONF_FAIL(...) tr_failf(__FILE__, __LINE__, __VA_ARGS__)

/* The cases: every JSON file of tests/data/onnx/, tests/data/wpt/ and
   tests/data/numpy/, by name without ".json", sorted as `ls` sorts them (the
   manifest case keeps this honest). */
static const char *const conf_onnx_names[] = {
    "test_argmax_default_axis_example",
    "test_argmax_default_axis_example_select_last_index",
    "test_argmax_default_axis_random",
    "test_argmax_default_axis_random_select_last_index",
    "test_argmax_keepdims_example",
    "test_argmax_keepdims_example_select_last_index",
    "test_argmax_keepdims_random",
    "test_argmax_keepdims_random_select_last_index",
    "test_argmax_negative_axis_keepdims_example",
    "test_argmax_negative_axis_keepdims_example_select_last_index",
    "test_argmax_negative_axis_keepdims_random",
    "test_argmax_negative_axis_keepdims_random_select_last_index",
    "test_argmax_no_keepdims_example",
    "test_argmax_no_keepdims_example_select_last_index",
    "test_argmax_no_keepdims_random",
    "test_argmax_no_keepdims_random_select_last_index",
    "test_argmin_default_axis_example",
    "test_argmin_default_axis_example_select_last_index",
    "test_argmin_default_axis_random",
    "test_argmin_default_axis_random_select_last_index",
    "test_argmin_keepdims_example",
    "test_argmin_keepdims_example_select_last_index",
    "test_argmin_keepdims_random",
    "test_argmin_keepdims_random_select_last_index",
    "test_argmin_negative_axis_keepdims_example",
    "test_argmin_negative_axis_keepdims_example_select_last_index",
    "test_argmin_negative_axis_keepdims_random",
    "test_argmin_negative_axis_keepdims_random_select_last_index",
    "test_argmin_no_keepdims_example",
    "test_argmin_no_keepdims_example_select_last_index",
    "test_argmin_no_keepdims_random",
    "test_argmin_no_keepdims_random_select_last_index",
    "test_cumprod_1d",
    "test_cumprod_1d_exclusive",
    "test_cumprod_1d_int32_exclusive",
    "test_cumprod_1d_reverse",
    "test_cumprod_1d_reverse_exclusive",
    "test_cumprod_2d_axis_0",
    "test_cumprod_2d_axis_1",
    "test_cumprod_2d_int32",
    "test_cumprod_2d_negative_axis",
    "test_cumsum_1d",
    "test_cumsum_1d_exclusive",
    "test_cumsum_1d_int32_exclusive",
    "test_cumsum_1d_reverse",
    "test_cumsum_1d_reverse_exclusive",
    "test_cumsum_2d_axis_0",
    "test_cumsum_2d_axis_1",
    "test_cumsum_2d_int32",
    "test_cumsum_2d_negative_axis",
    "test_reduce_l1_default_axes_keepdims_example",
    "test_reduce_l1_default_axes_keepdims_random",
    "test_reduce_l1_do_not_keepdims_example",
    "test_reduce_l1_do_not_keepdims_random",
    "test_reduce_l1_keep_dims_example",
    "test_reduce_l1_keep_dims_random",
    "test_reduce_l1_negative_axes_keep_dims_example",
    "test_reduce_l1_negative_axes_keep_dims_random",
    "test_reduce_l2_default_axes_keepdims_example",
    "test_reduce_l2_default_axes_keepdims_random",
    "test_reduce_l2_do_not_keepdims_example",
    "test_reduce_l2_do_not_keepdims_random",
    "test_reduce_l2_keep_dims_example",
    "test_reduce_l2_keep_dims_random",
    "test_reduce_l2_negative_axes_keep_dims_example",
    "test_reduce_l2_negative_axes_keep_dims_random",
    "test_reduce_log_sum",
    "test_reduce_log_sum_asc_axes",
    "test_reduce_log_sum_default",
    "test_reduce_log_sum_desc_axes",
    "test_reduce_log_sum_exp_default_axes_keepdims_example",
    "test_reduce_log_sum_exp_default_axes_keepdims_random",
    "test_reduce_log_sum_exp_do_not_keepdims_example",
    "test_reduce_log_sum_exp_do_not_keepdims_random",
    "test_reduce_log_sum_exp_keepdims_example",
    "test_reduce_log_sum_exp_keepdims_random",
    "test_reduce_log_sum_exp_negative_axes_keepdims_example",
    "test_reduce_log_sum_exp_negative_axes_keepdims_random",
    "test_reduce_log_sum_negative_axes",
    "test_reduce_max_default_axes_keepdim_example",
    "test_reduce_max_default_axes_keepdims_random",
    "test_reduce_max_do_not_keepdims_example",
    "test_reduce_max_do_not_keepdims_random",
    "test_reduce_max_keepdims_example",
    "test_reduce_max_keepdims_random",
    "test_reduce_max_negative_axes_keepdims_example",
    "test_reduce_max_negative_axes_keepdims_random",
    "test_reduce_mean_default_axes_keepdims_example",
    "test_reduce_mean_default_axes_keepdims_random",
    "test_reduce_mean_do_not_keepdims_example",
    "test_reduce_mean_do_not_keepdims_random",
    "test_reduce_mean_keepdims_example",
    "test_reduce_mean_keepdims_random",
    "test_reduce_mean_negative_axes_keepdims_example",
    "test_reduce_mean_negative_axes_keepdims_random",
    "test_reduce_min_default_axes_keepdims_example",
    "test_reduce_min_default_axes_keepdims_random",
    "test_reduce_min_do_not_keepdims_example",
    "test_reduce_min_do_not_keepdims_random",
    "test_reduce_min_keepdims_example",
    "test_reduce_min_keepdims_random",
    "test_reduce_min_negative_axes_keepdims_example",
    "test_reduce_min_negative_axes_keepdims_random",
    "test_reduce_prod_default_axes_keepdims_example",
    "test_reduce_prod_default_axes_keepdims_random",
    "test_reduce_prod_do_not_keepdims_example",
    "test_reduce_prod_do_not_keepdims_random",
    "test_reduce_prod_keepdims_example",
    "test_reduce_prod_keepdims_random",
    "test_reduce_prod_negative_axes_keepdims_example",
    "test_reduce_prod_negative_axes_keepdims_random",
    "test_reduce_sum_default_axes_keepdims_example",
    "test_reduce_sum_default_axes_keepdims_random",
    "test_reduce_sum_do_not_keepdims_example",
    "test_reduce_sum_do_not_keepdims_random",
    "test_reduce_sum_keepdims_example",
    "test_reduce_sum_keepdims_random",
    "test_reduce_sum_negative_axes_keepdims_example",
    "test_reduce_sum_square_default_axes_keepdims_example",
    "test_reduce_sum_square_default_axes_keepdims_random",
    "test_reduce_sum_square_do_not_keepdims_example",
    "test_reduce_sum_square_do_not_keepdims_random",
    "test_reduce_sum_square_keepdims_example",
    "test_reduce_sum_square_keepdims_random",
    "test_reduce_sum_square_negative_axes_keepdims_example",
    "test_reduce_sum_square_negative_axes_keepdims_random",
};

static const char *const conf_wpt_names[] = {
    "wpt_argmax_01_float32_r1_axes0_inc",
    "wpt_argmax_02_float32_r1_axes0_inc",
    "wpt_argmax_03_float32_r2_axes0_inc",
    "wpt_argmax_04_float32_r3_axes0_inc",
    "wpt_argmax_05_float32_r4_axes0_inc",
    "wpt_argmax_06_float32_r5_axes0_inc",
    "wpt_argmax_07_float32_r4_axes2_inc",
    "wpt_argmax_08_float32_r4_axes3_inc",
    "wpt_argmax_09_float32_r4_axes3_inc",
    "wpt_argmax_10_float32_r4_axes3_inc",
    "wpt_argmax_11_float32_r4_axes3_inc",
    "wpt_argmax_12_float32_r4_axes3_inc",
    "wpt_argmax_13_float16_r1_axes0_inc",
    "wpt_argmax_14_float16_r1_axes0_inc",
    "wpt_argmax_15_float16_r2_axes0_inc",
    "wpt_argmax_16_float16_r3_axes0_inc",
    "wpt_argmax_17_float16_r4_axes0_inc",
    "wpt_argmax_18_float16_r5_axes0_inc",
    "wpt_argmax_19_float16_r4_axes2_inc",
    "wpt_argmax_20_float16_r4_axes3_inc",
    "wpt_argmax_21_float16_r4_axes3_inc",
    "wpt_argmax_22_float16_r4_axes3_inc",
    "wpt_argmax_23_float16_r4_axes3_inc",
    "wpt_argmax_24_float16_r4_axes3_inc",
    "wpt_argmax_25_int8_r4_axes0_inc",
    "wpt_argmax_26_uint8_r4_axes1_inc",
    "wpt_argmax_27_int32_r4_axes0_inc",
    "wpt_argmax_28_uint32_r4_axes1_inc",
    "wpt_argmax_29_int64_r4_axes0_inc",
    "wpt_argmax_30_uint64_r4_axes1_inc",
    "wpt_argmax_31_float32_r2_axes1_inc",
    "wpt_argmax_32_float32_r3_axes0_inc",
    "wpt_argmax_33_float32_r4_axes3_inc",
    "wpt_argmin_01_float32_r1_axes0_inc",
    "wpt_argmin_02_float32_r1_axes0_inc",
    "wpt_argmin_03_float32_r2_axes0_inc",
    "wpt_argmin_04_float32_r3_axes0_inc",
    "wpt_argmin_05_float32_r4_axes0_inc",
    "wpt_argmin_06_float32_r5_axes0_inc",
    "wpt_argmin_07_float32_r4_axes2_inc",
    "wpt_argmin_08_float32_r4_axes0_inc",
    "wpt_argmin_09_float32_r4_axes0_inc",
    "wpt_argmin_10_float32_r4_axes0_inc",
    "wpt_argmin_11_float32_r4_axes0_inc",
    "wpt_argmin_12_float32_r4_axes0_inc",
    "wpt_argmin_13_float16_r1_axes0_inc",
    "wpt_argmin_14_float16_r1_axes0_inc",
    "wpt_argmin_15_float16_r2_axes0_inc",
    "wpt_argmin_16_float16_r3_axes0_inc",
    "wpt_argmin_17_float16_r4_axes0_inc",
    "wpt_argmin_18_float16_r5_axes0_inc",
    "wpt_argmin_19_float16_r4_axes2_inc",
    "wpt_argmin_20_float16_r4_axes0_inc",
    "wpt_argmin_21_float16_r4_axes0_inc",
    "wpt_argmin_22_float16_r4_axes0_inc",
    "wpt_argmin_23_float16_r4_axes0_inc",
    "wpt_argmin_24_float16_r4_axes0_inc",
    "wpt_argmin_25_int8_r4_axes0_inc",
    "wpt_argmin_26_uint8_r4_axes1_inc",
    "wpt_argmin_27_int32_r4_axes0_inc",
    "wpt_argmin_28_uint32_r4_axes1_inc",
    "wpt_argmin_29_int64_r4_axes0_inc",
    "wpt_argmin_30_uint64_r4_axes1_inc",
    "wpt_argmin_31_float32_r2_axes0_inc",
    "wpt_argmin_32_float32_r3_axes1_inc",
    "wpt_argmin_33_float32_r4_axes2_inc",
    "wpt_cumsum_01_float32_r4_ax3_inc",
    "wpt_cumsum_02_float32_r4_ax3_inc_excl",
    "wpt_cumsum_03_float32_r4_ax3_dec",
    "wpt_cumsum_04_float16_r4_ax3_inc",
    "wpt_cumsum_05_float16_r4_ax3_inc_excl",
    "wpt_cumsum_06_float16_r4_ax3_dec",
    "wpt_cumsum_07_int32_r4_ax2_inc",
    "wpt_cumsum_08_float32_r2_ax0_inc",
    "wpt_cumsum_09_float32_r2_ax0_inc",
    "wpt_cumsum_10_float32_r3_ax1_inc_excl",
    "wpt_reduce_average_01_float32_r1_axes0",
    "wpt_reduce_average_02_float32_r1_axes0",
    "wpt_reduce_average_03_float32_r1_axes0",
    "wpt_reduce_average_04_float32_r1_axes0",
    "wpt_reduce_average_05_float32_r3_axes012",
    "wpt_reduce_average_06_float32_r4_axes0123",
    "wpt_reduce_average_07_float32_r3_axes2",
    "wpt_reduce_average_08_float32_r4_axes02",
    "wpt_reduce_average_09_float32_r4_axes13",
    "wpt_reduce_average_10_float16_r1_axes0",
    "wpt_reduce_average_11_float16_r1_axes0",
    "wpt_reduce_average_12_float16_r1_axes0",
    "wpt_reduce_average_13_float16_r1_axes0",
    "wpt_reduce_average_14_float16_r3_axes012",
    "wpt_reduce_average_15_float16_r4_axes0123",
    "wpt_reduce_average_16_float16_r3_axes2",
    "wpt_reduce_average_17_float16_r4_axes02",
    "wpt_reduce_average_18_float16_r4_axes13",
    "wpt_reduce_l1_01_float32_r1_axes0",
    "wpt_reduce_l1_02_float32_r1_axes0",
    "wpt_reduce_l1_03_float32_r1_axes0",
    "wpt_reduce_l1_04_float32_r1_axes0",
    "wpt_reduce_l1_05_float32_r3_axes012",
    "wpt_reduce_l1_06_float32_r4_axes0123",
    "wpt_reduce_l1_07_float32_r3_axes2",
    "wpt_reduce_l1_08_float32_r4_axes02",
    "wpt_reduce_l1_09_float32_r4_axes13",
    "wpt_reduce_l1_10_float16_r1_axes0",
    "wpt_reduce_l1_11_float16_r1_axes0",
    "wpt_reduce_l1_12_float16_r1_axes0",
    "wpt_reduce_l1_13_float16_r1_axes0",
    "wpt_reduce_l1_14_float16_r3_axes012",
    "wpt_reduce_l1_15_float16_r4_axes0123",
    "wpt_reduce_l1_16_float16_r3_axes2",
    "wpt_reduce_l1_17_float16_r4_axes02",
    "wpt_reduce_l1_18_float16_r4_axes13",
    "wpt_reduce_l2_01_float32_r1_axes0",
    "wpt_reduce_l2_02_float32_r1_axes0",
    "wpt_reduce_l2_03_float32_r1_axes0",
    "wpt_reduce_l2_04_float32_r1_axes0",
    "wpt_reduce_l2_05_float32_r3_axes012",
    "wpt_reduce_l2_06_float32_r4_axes0123",
    "wpt_reduce_l2_07_float32_r3_axes2",
    "wpt_reduce_l2_08_float32_r4_axes02",
    "wpt_reduce_l2_09_float32_r4_axes13",
    "wpt_reduce_l2_10_float16_r1_axes0",
    "wpt_reduce_l2_11_float16_r1_axes0",
    "wpt_reduce_l2_12_float16_r1_axes0",
    "wpt_reduce_l2_13_float16_r1_axes0",
    "wpt_reduce_l2_14_float16_r3_axes012",
    "wpt_reduce_l2_15_float16_r4_axes0123",
    "wpt_reduce_l2_16_float16_r3_axes2",
    "wpt_reduce_l2_17_float16_r4_axes02",
    "wpt_reduce_l2_18_float16_r4_axes13",
    "wpt_reduce_log_sum_01_float32_r1_axes0",
    "wpt_reduce_log_sum_02_float32_r1_axes0",
    "wpt_reduce_log_sum_03_float32_r3_axes012",
    "wpt_reduce_log_sum_04_float32_r4_axes0123",
    "wpt_reduce_log_sum_05_float32_r3_axes2",
    "wpt_reduce_log_sum_06_float32_r4_axes02",
    "wpt_reduce_log_sum_07_float32_r4_axes13",
    "wpt_reduce_log_sum_08_float16_r1_axes0",
    "wpt_reduce_log_sum_09_float16_r1_axes0",
    "wpt_reduce_log_sum_10_float16_r3_axes012",
    "wpt_reduce_log_sum_11_float16_r4_axes0123",
    "wpt_reduce_log_sum_12_float16_r3_axes2",
    "wpt_reduce_log_sum_13_float16_r4_axes02",
    "wpt_reduce_log_sum_14_float16_r4_axes13",
    "wpt_reduce_log_sum_exp_01_float32_r1_axes0",
    "wpt_reduce_log_sum_exp_02_float32_r1_axes0",
    "wpt_reduce_log_sum_exp_03_float32_r1_axes0",
    "wpt_reduce_log_sum_exp_04_float32_r1_axes0",
    "wpt_reduce_log_sum_exp_05_float32_r3_axes012",
    "wpt_reduce_log_sum_exp_06_float32_r4_axes0123",
    "wpt_reduce_log_sum_exp_07_float32_r3_axes2",
    "wpt_reduce_log_sum_exp_08_float32_r4_axes02",
    "wpt_reduce_log_sum_exp_09_float32_r4_axes13",
    "wpt_reduce_log_sum_exp_10_float16_r1_axes0",
    "wpt_reduce_log_sum_exp_11_float16_r1_axes0",
    "wpt_reduce_log_sum_exp_12_float16_r1_axes0",
    "wpt_reduce_log_sum_exp_13_float16_r1_axes0",
    "wpt_reduce_log_sum_exp_14_float16_r3_axes012",
    "wpt_reduce_log_sum_exp_15_float16_r4_axes0123",
    "wpt_reduce_log_sum_exp_16_float16_r3_axes2",
    "wpt_reduce_log_sum_exp_17_float16_r4_axes02",
    "wpt_reduce_log_sum_exp_18_float16_r4_axes13",
    "wpt_reduce_max_01_float32_r1_axes0",
    "wpt_reduce_max_02_float32_r3_axes012",
    "wpt_reduce_max_03_float32_r4_axes0123",
    "wpt_reduce_max_04_float32_r3_axes2",
    "wpt_reduce_max_05_float32_r4_axes02",
    "wpt_reduce_max_06_float32_r4_axes13",
    "wpt_reduce_max_07_float16_r1_axes0",
    "wpt_reduce_max_08_float16_r3_axes012",
    "wpt_reduce_max_09_float16_r4_axes0123",
    "wpt_reduce_max_10_float16_r3_axes2",
    "wpt_reduce_max_11_float16_r4_axes02",
    "wpt_reduce_max_12_float16_r4_axes13",
    "wpt_reduce_min_01_float32_r1_axes0",
    "wpt_reduce_min_02_float32_r3_axes012",
    "wpt_reduce_min_03_float32_r4_axes0123",
    "wpt_reduce_min_04_float32_r3_axes2",
    "wpt_reduce_min_05_float32_r4_axes02",
    "wpt_reduce_min_06_float32_r4_axes13",
    "wpt_reduce_min_07_float16_r1_axes0",
    "wpt_reduce_min_08_float16_r3_axes012",
    "wpt_reduce_min_09_float16_r4_axes0123",
    "wpt_reduce_min_10_float16_r3_axes2",
    "wpt_reduce_min_11_float16_r4_axes02",
    "wpt_reduce_min_12_float16_r4_axes13",
    "wpt_reduce_multiply_01_float32_r1_axes0",
    "wpt_reduce_multiply_02_float32_r3_axes012",
    "wpt_reduce_multiply_03_float32_r4_axes0123",
    "wpt_reduce_multiply_04_float32_r3_axes2",
    "wpt_reduce_multiply_05_float32_r4_axes02",
    "wpt_reduce_multiply_06_float32_r4_axes13",
    "wpt_reduce_multiply_07_float16_r1_axes0",
    "wpt_reduce_multiply_08_float16_r3_axes012",
    "wpt_reduce_multiply_09_float16_r4_axes0123",
    "wpt_reduce_multiply_10_float16_r3_axes2",
    "wpt_reduce_multiply_11_float16_r4_axes02",
    "wpt_reduce_multiply_12_float16_r4_axes13",
    "wpt_reduce_sum_01_float32_r1_axes0",
    "wpt_reduce_sum_02_float32_r1_axes0",
    "wpt_reduce_sum_03_float32_r1_axes0",
    "wpt_reduce_sum_04_float32_r1_axes0",
    "wpt_reduce_sum_05_float32_r3_axes012",
    "wpt_reduce_sum_06_float32_r4_axes0123",
    "wpt_reduce_sum_07_float32_r3_axes2",
    "wpt_reduce_sum_08_float32_r4_axes02",
    "wpt_reduce_sum_09_float32_r4_axes13",
    "wpt_reduce_sum_10_float16_r1_axes0",
    "wpt_reduce_sum_11_float16_r1_axes0",
    "wpt_reduce_sum_12_float16_r1_axes0",
    "wpt_reduce_sum_13_float16_r1_axes0",
    "wpt_reduce_sum_14_float16_r3_axes012",
    "wpt_reduce_sum_15_float16_r4_axes0123",
    "wpt_reduce_sum_16_float16_r3_axes2",
    "wpt_reduce_sum_17_float16_r4_axes02",
    "wpt_reduce_sum_18_float16_r4_axes13",
    "wpt_reduce_sum_square_01_float32_r1_axes0",
    "wpt_reduce_sum_square_02_float32_r1_axes0",
    "wpt_reduce_sum_square_03_float32_r1_axes0",
    "wpt_reduce_sum_square_04_float32_r1_axes0",
    "wpt_reduce_sum_square_05_float32_r3_axes012",
    "wpt_reduce_sum_square_06_float32_r4_axes0123",
    "wpt_reduce_sum_square_07_float32_r3_axes2",
    "wpt_reduce_sum_square_08_float32_r4_axes02",
    "wpt_reduce_sum_square_09_float32_r4_axes13",
    "wpt_reduce_sum_square_10_float16_r1_axes0",
    "wpt_reduce_sum_square_11_float16_r1_axes0",
    "wpt_reduce_sum_square_12_float16_r1_axes0",
    "wpt_reduce_sum_square_13_float16_r1_axes0",
    "wpt_reduce_sum_square_14_float16_r3_axes012",
    "wpt_reduce_sum_square_15_float16_r4_axes0123",
    "wpt_reduce_sum_square_16_float16_r3_axes2",
    "wpt_reduce_sum_square_17_float16_r4_axes02",
    "wpt_reduce_sum_square_18_float16_r4_axes13",
};

static const char *const conf_numpy_names[] = {
    "numpy_argmax_f16_long_nan",         "numpy_argmax_f16_nan_axis1",       "numpy_argmax_f16_reverse_nan",
    "numpy_argmax_f32_nan_axis0",        "numpy_argmax_f64_long_nan",        "numpy_argmax_f64_nan_axis1",
    "numpy_argmax_f64_signed_zero_ties", "numpy_argmin_f16_nan_axis1",       "numpy_argmin_f16_signed_zero_ties",
    "numpy_argmin_f32_long_nan",         "numpy_argmin_f32_nan_axis1",       "numpy_argmin_f32_reverse_nan",
    "numpy_argmin_f32_signed_zero_ties", "numpy_argmin_f64_nan_axis0",       "numpy_cumprod_f16_2d_axis0",
    "numpy_cumprod_f16_near1_n2048",     "numpy_cumprod_f16_near1_n256",     "numpy_cumprod_f16_reverse_n512",
    "numpy_cumprod_f32_near1_n1000",     "numpy_cumprod_f64_near1_n600",     "numpy_cumsum_f16_2d_axis0",
    "numpy_cumsum_f16_2d_axis1",         "numpy_cumsum_f16_3d_axis1",        "numpy_cumsum_f16_leading_negzero",
    "numpy_cumsum_f16_normal_n100",      "numpy_cumsum_f16_normal_n1000",    "numpy_cumsum_f16_normal_n4096",
    "numpy_cumsum_f16_normal_n7",        "numpy_cumsum_f16_reverse_n1000",   "numpy_cumsum_f16_uniform10_n4096",
    "numpy_cumsum_f16_uniform10_n500",   "numpy_cumsum_f16_uniform10_n64",   "numpy_cumsum_f32_2d_axis0",
    "numpy_cumsum_f32_2d_axis1",         "numpy_cumsum_f32_leading_negzero", "numpy_cumsum_f32_normal_n1000",
    "numpy_cumsum_f32_reverse_n777",     "numpy_cumsum_f32_uniform_n1500",   "numpy_cumsum_f64_2d_axis1",
    "numpy_cumsum_f64_normal_n600",      "numpy_cumsum_f64_reverse_n500",
};

#define CONF_ONNX_EXPECTED 126
#define CONF_WPT_EXPECTED 234
#define CONF_NUMPY_EXPECTED 41
#define CONF_COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* Compile-time: the lists hold exactly the published numbers of cases. */
typedef char conf_onnx_count_is_126[CONF_COUNT(conf_onnx_names) == CONF_ONNX_EXPECTED ? 1 : -1];
typedef char conf_wpt_count_is_234[CONF_COUNT(conf_wpt_names) == CONF_WPT_EXPECTED ? 1 : -1];
typedef char conf_numpy_count_is_41[CONF_COUNT(conf_numpy_names) == CONF_NUMPY_EXPECTED ? 1 : -1];

static size_t conf_registered_onnx, conf_registered_wpt, conf_registered_numpy;

/* ---- data directory -------------------------------------------------------- */

static int conf_file_exists(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) return 0;
    fclose(f);
    return 1;
}

/* Where the data lives; the explanation goes into every "cannot open" message. */
const char *conf_data_root(const char **how) {
    static const char *root;
    static const char *root_how;
    static const char *const candidates[] = {"tests/data", "../tests/data", "../../tests/data"};
    size_t i;
    if (!root) {
        const char *env = getenv("DMLREF_TEST_DATA");
        if (env && env[0]) {
            /* An explicit setting is used as given, never silently replaced. */
            root = env;
            root_how = "from DMLREF_TEST_DATA";
        } else {
            root = candidates[0];
            root_how = "not found: run from the repository root or set DMLREF_TEST_DATA "
                       "to the directory holding onnx/, wpt/ and numpy/";
            for (i = 0; i < CONF_COUNT(candidates); i++) {
                char probe[512];
                snprintf(probe, sizeof probe, "%s/onnx/INDEX.md", candidates[i]);
                if (conf_file_exists(probe)) {
                    root = candidates[i];
                    root_how = "found relative to the current directory";
                    break;
                }
            }
        }
    }
    if (how) *how = root_how;
    return root;
}

/* ---- reading the case's JSON ------------------------------------------------ */

typedef enum conf_op { CONF_CUMSUM, CONF_CUMPROD, CONF_ARGMIN, CONF_ARGMAX, CONF_REDUCE } conf_op;

typedef struct conf_tensor {
    DML_TENSOR_DATA_TYPE type;
    uint32_t element_size;
    UINT rank;
    UINT sizes[8];
    UINT strides[8];
    size_t count; /* elements */
    uint64_t bytes;
} conf_tensor;

static const struct {
    const char *name;
    DML_TENSOR_DATA_TYPE type;
    uint32_t size;
} conf_types[] = {
    {"FLOAT16", DML_TENSOR_DATA_TYPE_FLOAT16, 2}, {"FLOAT32", DML_TENSOR_DATA_TYPE_FLOAT32, 4},
    {"FLOAT64", DML_TENSOR_DATA_TYPE_FLOAT64, 8}, {"INT8", DML_TENSOR_DATA_TYPE_INT8, 1},
    {"INT16", DML_TENSOR_DATA_TYPE_INT16, 2},     {"INT32", DML_TENSOR_DATA_TYPE_INT32, 4},
    {"INT64", DML_TENSOR_DATA_TYPE_INT64, 8},     {"UINT8", DML_TENSOR_DATA_TYPE_UINT8, 1},
    {"UINT16", DML_TENSOR_DATA_TYPE_UINT16, 2},   {"UINT32", DML_TENSOR_DATA_TYPE_UINT32, 4},
    {"UINT64", DML_TENSOR_DATA_TYPE_UINT64, 8},
};

/* A string member, or NULL after reporting why not. */
static const char *conf_string(const json_value *obj, const char *key, const char *where) {
    const json_value *v = json_get(obj, key);
    if (!v) {
        CONF_FAIL("%s.%s is missing", where, key);
        return NULL;
    }
    if (v->type != JSON_STRING) {
        CONF_FAIL("%s.%s is a %s, expected a string", where, key, json_type_name(v->type));
        return NULL;
    }
    return v->text;
}

/* A boolean member: 1/0, or -1 after reporting why not. */
static int conf_bool(const json_value *obj, const char *key, const char *where) {
    const json_value *v = json_get(obj, key);
    if (!v) {
        CONF_FAIL("%s.%s is missing", where, key);
        return -1;
    }
    if (v->type != JSON_TRUE && v->type != JSON_FALSE) {
        CONF_FAIL("%s.%s is a %s, expected true or false", where, key, json_type_name(v->type));
        return -1;
    }
    return v->type == JSON_TRUE;
}

/* A UINT-sized, non-negative integer (axes, sizes). */
static int conf_uint(const json_value *v, const char *what, UINT *out) {
    int64_t x;
    if (!json_as_int64(v, &x)) {
        CONF_FAIL("%s is not an integer", what);
        return 0;
    }
    if (x < 0 || x > (int64_t)UINT32_MAX) {
        CONF_FAIL("%s is %" PRId64 ", outside 0..4294967295", what, x);
        return 0;
    }
    *out = (UINT)x;
    return 1;
}

/* dtype and sizes of "input" / "output"; packed strides and the buffer size. */
static int conf_read_tensor(const json_value *obj, const char *where, conf_tensor *t) {
    const char *dtype;
    const json_value *sizes;
    size_t i;
    uint64_t count = 1, packed;
    memset(t, 0, sizeof *t);
    if (!obj || obj->type != JSON_OBJECT) {
        CONF_FAIL("%s is missing or not an object", where);
        return 0;
    }
    dtype = conf_string(obj, "dtype", where);
    if (!dtype) return 0;
    for (i = 0; i < CONF_COUNT(conf_types); i++) {
        if (strcmp(dtype, conf_types[i].name) == 0) {
            t->type = conf_types[i].type;
            t->element_size = conf_types[i].size;
        }
    }
    if (t->element_size == 0) {
        CONF_FAIL("%s.dtype \"%s\" is not a data type this test knows", where, dtype);
        return 0;
    }
    sizes = json_get(obj, "sizes");
    if (!sizes || sizes->type != JSON_ARRAY || sizes->count < 1 || sizes->count > 8) {
        CONF_FAIL("%s.sizes must be an array of 1 to 8 integers", where);
        return 0;
    }
    t->rank = (UINT)sizes->count;
    for (i = 0; i < sizes->count; i++) {
        char what[64];
        snprintf(what, sizeof what, "%s.sizes[%lu]", where, (unsigned long)i);
        if (!conf_uint(&sizes->children[i], what, &t->sizes[i])) return 0;
        if (t->sizes[i] == 0) {
            CONF_FAIL("%s is 0", what);
            return 0;
        }
        count *= t->sizes[i];
        /* Test data is small; a huge product means a broken file, not a test. */
        if (count > (1u << 24)) {
            CONF_FAIL("%s.sizes describe more than 2^24 elements", where);
            return 0;
        }
    }
    /* Packed row-major strides, last dimension fastest (counted in elements). */
    for (i = t->rank; i-- > 0;) t->strides[i] = (i + 1 == t->rank) ? 1u : t->strides[i + 1] * t->sizes[i + 1];
    t->count = (size_t)count;
    t->bytes = dmlref_calc_buffer_tensor_size(t->type, t->rank, t->sizes, t->strides);
    packed = (count * t->element_size + 3u) & ~(uint64_t)3u;
    /* DMLCalcBufferTensorSize of a packed tensor is the bytes rounded up to 4. */
    if (t->bytes != packed) {
        CONF_FAIL("%s: dmlref_calc_buffer_tensor_size(%s, packed) is %" PRIu64 ", expected %" PRIu64, where, dtype,
                  t->bytes, packed);
        return 0;
    }
    return 1;
}

static int conf_hex_digit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* data_hex: one "0x..." string per element, exactly 2 digits per byte. */
static int conf_read_hex(const json_value *arr, const char *where, const conf_tensor *t, uint64_t *values) {
    size_t i, k, digits = 2u * t->element_size;
    if (!arr || arr->type != JSON_ARRAY) {
        CONF_FAIL("%s is missing or not an array", where);
        return 0;
    }
    if (arr->count != t->count) {
        CONF_FAIL("%s has %lu elements, the sizes say %lu", where, (unsigned long)arr->count, (unsigned long)t->count);
        return 0;
    }
    for (i = 0; i < arr->count; i++) {
        const json_value *s = &arr->children[i];
        uint64_t v = 0;
        if (s->type != JSON_STRING || s->text_length != digits + 2 || s->text[0] != '0' || s->text[1] != 'x') {
            CONF_FAIL("%s[%lu] must be a string \"0x\" + %lu hex digits", where, (unsigned long)i,
                      (unsigned long)digits);
            return 0;
        }
        for (k = 2; k < s->text_length; k++) {
            int d = conf_hex_digit(s->text[k]);
            if (d < 0) {
                CONF_FAIL("%s[%lu] \"%s\" is not hexadecimal", where, (unsigned long)i, s->text);
                return 0;
            }
            v = (v << 4) | (uint64_t)d;
        }
        values[i] = v;
    }
    return 1;
}

/* Element i of a packed buffer as raw bits, in the host's byte order. */
static void conf_store(unsigned char *buf, size_t i, uint32_t size, uint64_t v) {
    uint8_t b8 = (uint8_t)v;
    uint16_t b16 = (uint16_t)v;
    uint32_t b32 = (uint32_t)v;
    switch (size) {
    case 1: memcpy(buf + i, &b8, 1); break;
    case 2: memcpy(buf + i * 2, &b16, 2); break;
    case 4: memcpy(buf + i * 4, &b32, 4); break;
    default: memcpy(buf + i * 8, &v, 8); break;
    }
}

static uint64_t conf_load(const unsigned char *buf, size_t i, uint32_t size) {
    uint8_t b8;
    uint16_t b16;
    uint32_t b32;
    uint64_t b64;
    switch (size) {
    case 1: memcpy(&b8, buf + i, 1); return b8;
    case 2: memcpy(&b16, buf + i * 2, 2); return b16;
    case 4: memcpy(&b32, buf + i * 4, 4); return b32;
    default: memcpy(&b64, buf + i * 8, 8); return b64;
    }
}

/* Which data_hex holds the bits to compare (see the top of the file). */
static const json_value *conf_expected_hex(const json_value *doc, const char **source) {
    const json_value *tol = json_get(doc, "tolerance"), *ss, *hex;
    int matches;
    *source = "output.data_hex";
    if (!tol || tol->type == JSON_NULL) return json_get(json_get(doc, "output"), "data_hex");
    ss = json_get(json_get(doc, "cross_check"), "strict_sequential");
    if (!ss || ss->type != JSON_OBJECT) {
        CONF_FAIL("case has a tolerance but no cross_check.strict_sequential: no exact bits to check");
        return NULL;
    }
    hex = json_get(ss, "data_hex");
    if (hex) {
        *source = "cross_check.strict_sequential.data_hex";
        return hex;
    }
    matches = conf_bool(ss, "matches", "cross_check.strict_sequential");
    if (matches == 1) {
        *source = "output.data_hex (= strict sequential tally)";
        return json_get(json_get(doc, "output"), "data_hex");
    }
    if (matches == 0) CONF_FAIL("cross_check.strict_sequential.matches is false but it has no data_hex");
    return NULL;
}

/* nan_policy_dependent cases say which policy their expectation assumes. */
static int conf_nan_policy(const json_value *doc, const json_value *params, int32_t *policy) {
    const json_value *v;
    int dependent = conf_bool(doc, "nan_policy_dependent", "case");
    *policy = DMLREF_NAN_PROPAGATE;
    if (dependent < 0) return 0;
    if (!dependent) return 1;
    v = json_get(params, "nan_policy");
    if (!v) v = json_get(doc, "nan_policy");
    if (!v || v->type != JSON_STRING) {
        CONF_FAIL("nan_policy_dependent is true but the case names no nan_policy string "
                  "(params.nan_policy or nan_policy: \"PROPAGATE\" or \"IGNORE\")");
        return 0;
    }
    if (strcmp(v->text, "PROPAGATE") == 0 || strcmp(v->text, "DMLREF_NAN_PROPAGATE") == 0) {
        *policy = DMLREF_NAN_PROPAGATE;
    } else if (strcmp(v->text, "IGNORE") == 0 || strcmp(v->text, "DMLREF_NAN_IGNORE") == 0) {
        *policy = DMLREF_NAN_IGNORE;
    } else {
        CONF_FAIL("nan_policy \"%s\" is neither PROPAGATE nor IGNORE", v->text);
        return 0;
    }
    return 1;
}

/* The optional "options" object: names of dmlref_options values, with or
   without their DMLREF_ prefix. */
static const char *const conf_float_order_names[] = {"SEQUENTIAL", "BLOCKED", "EXACT"};
static const char *const conf_accumulation_names[] = {"DEFAULT", "NATIVE", "WIDE"};

/* text as one of names[] (index into *value), also spelled prefix + name. */
static int conf_enum_name(const char *text, const char *prefix, const char *const *names, size_t count,
                          int32_t *value) {
    size_t i, plen = strlen(prefix);
    if (strncmp(text, prefix, plen) == 0) text += plen;
    for (i = 0; i < count; i++) {
        if (strcmp(text, names[i]) == 0) {
            *value = (int32_t)i;
            return 1;
        }
    }
    return 0;
}

static int conf_read_options(const json_value *doc, dmlref_options *o) {
    const json_value *opts = json_get(doc, "options");
    size_t i;
    if (!opts) return 1; /* every default */
    if (opts->type != JSON_OBJECT) {
        CONF_FAIL("options is a %s, expected an object", json_type_name(opts->type));
        return 0;
    }
    for (i = 0; i < opts->count; i++) {
        const json_value *v = &opts->children[i];
        const char *k = v->key;
        if (strcmp(k, "identity_seed") == 0) {
            int seed = conf_bool(opts, k, "options");
            if (seed < 0) return 0;
            o->identity_seed = seed;
            continue;
        }
        if (strcmp(k, "float_order") != 0 && strcmp(k, "accumulation") != 0) {
            CONF_FAIL("options.%s is not an option this test knows (float_order, accumulation, identity_seed)", k);
            return 0;
        }
        if (v->type != JSON_STRING) {
            CONF_FAIL("options.%s is a %s, expected a string", k, json_type_name(v->type));
            return 0;
        }
        if (strcmp(k, "float_order") == 0) {
            if (!conf_enum_name(v->text, "DMLREF_FLOAT_ORDER_", conf_float_order_names,
                                CONF_COUNT(conf_float_order_names), &o->float_order)) {
                CONF_FAIL("options.float_order \"%s\" is not SEQUENTIAL, BLOCKED or EXACT", v->text);
                return 0;
            }
        } else if (!conf_enum_name(v->text, "DMLREF_ACCUMULATION_", conf_accumulation_names,
                                   CONF_COUNT(conf_accumulation_names), &o->accumulation)) {
            CONF_FAIL("options.accumulation \"%s\" is not DEFAULT, NATIVE or WIDE", v->text);
            return 0;
        }
    }
    return 1;
}

/* The options a case runs with, for messages. */
static void conf_options_text(const dmlref_options *o, char *buf, size_t size) {
    const char *order = o->float_order >= 0 && (size_t)o->float_order < CONF_COUNT(conf_float_order_names)
                            ? conf_float_order_names[o->float_order]
                            : "?";
    const char *acc = o->accumulation >= 0 && (size_t)o->accumulation < CONF_COUNT(conf_accumulation_names)
                          ? conf_accumulation_names[o->accumulation]
                          : "?";
    snprintf(buf, size, "float_order %s, accumulation %s, identity_seed %d, nan_policy %s", order, acc,
             (int)o->identity_seed, o->nan_policy == DMLREF_NAN_IGNORE ? "IGNORE" : "PROPAGATE");
}

/* ---- one case ----------------------------------------------------------------- */

typedef struct conf_params {
    conf_op op;
    UINT axis;
    UINT axes[8];
    UINT axis_count;
    DML_AXIS_DIRECTION direction;
    BOOL exclusive;
    DML_REDUCE_FUNCTION function; /* REDUCE */
} conf_params;

/* params.function of a REDUCE case: DML_REDUCE_FUNCTION_<name>, in enum order. */
static const char *const conf_reduce_function_names[] = {
    "ARGMAX", "ARGMIN", "AVERAGE", "L1", "L2", "LOG_SUM", "LOG_SUM_EXP", "MAX", "MIN", "MULTIPLY", "SUM", "SUM_SQUARE",
};

static int conf_read_params(const json_value *doc, conf_params *p) {
    const json_value *params = json_get(doc, "params"), *axes;
    const char *op = conf_string(doc, "operator", "case"), *dir;
    size_t i;
    int scan;
    memset(p, 0, sizeof *p);
    if (!op) return 0;
    if (strcmp(op, "CUMULATIVE_SUMMATION") == 0) p->op = CONF_CUMSUM;
    else if (strcmp(op, "CUMULATIVE_PRODUCT") == 0) p->op = CONF_CUMPROD;
    else if (strcmp(op, "ARGMIN") == 0) p->op = CONF_ARGMIN;
    else if (strcmp(op, "ARGMAX") == 0) p->op = CONF_ARGMAX;
    else if (strcmp(op, "REDUCE") == 0) p->op = CONF_REDUCE;
    else {
        CONF_FAIL("operator \"%s\" is not one this test runs", op);
        return 0;
    }
    scan = p->op == CONF_CUMSUM || p->op == CONF_CUMPROD;
    if (!params || params->type != JSON_OBJECT) {
        CONF_FAIL("params is missing or not an object");
        return 0;
    }
    /* A parameter this test does not know could change the meaning: refuse it. */
    for (i = 0; i < params->count; i++) {
        const char *k = params->children[i].key;
        int known;
        if (strcmp(k, "nan_policy") == 0) known = 1;
        else if (p->op == CONF_REDUCE) known = strcmp(k, "function") == 0 || strcmp(k, "axes") == 0;
        else if (scan) known = strcmp(k, "direction") == 0 || strcmp(k, "axis") == 0 || strcmp(k, "exclusive") == 0;
        else known = strcmp(k, "direction") == 0 || strcmp(k, "axes") == 0;
        if (!known) {
            CONF_FAIL("params.%s is not a parameter of %s", k, op);
            return 0;
        }
    }
    if (p->op == CONF_REDUCE) {
        /* REDUCE has no direction: each output reduces its sub-tensor in row-major order. */
        const char *fn = conf_string(params, "function", "params");
        int32_t f;
        if (!fn) return 0;
        if (!conf_enum_name(fn, "DML_REDUCE_FUNCTION_", conf_reduce_function_names,
                            CONF_COUNT(conf_reduce_function_names), &f)) {
            CONF_FAIL("params.function \"%s\" is not a DML_REDUCE_FUNCTION name", fn);
            return 0;
        }
        p->function = (DML_REDUCE_FUNCTION)f;
    } else {
        dir = conf_string(params, "direction", "params");
        if (!dir) return 0;
        if (strcmp(dir, "INCREASING") == 0) p->direction = DML_AXIS_DIRECTION_INCREASING;
        else if (strcmp(dir, "DECREASING") == 0) p->direction = DML_AXIS_DIRECTION_DECREASING;
        else {
            CONF_FAIL("params.direction \"%s\" is neither INCREASING nor DECREASING", dir);
            return 0;
        }
        if (scan) {
            int exclusive = conf_bool(params, "exclusive", "params");
            if (exclusive < 0) return 0;
            p->exclusive = exclusive ? TRUE : FALSE;
            if (!json_get(params, "axis")) {
                CONF_FAIL("params.axis is missing");
                return 0;
            }
            return conf_uint(json_get(params, "axis"), "params.axis", &p->axis);
        }
    }
    axes = json_get(params, "axes");
    if (!axes || axes->type != JSON_ARRAY || axes->count < 1 || axes->count > 8) {
        CONF_FAIL("params.axes must be an array of 1 to 8 integers");
        return 0;
    }
    p->axis_count = (UINT)axes->count;
    for (i = 0; i < axes->count; i++) {
        char what[48];
        snprintf(what, sizeof what, "params.axes[%lu]", (unsigned long)i);
        if (!conf_uint(&axes->children[i], what, &p->axes[i])) return 0;
    }
    return 1;
}

/* Run the operator once. packed: explicit packed strides, else Strides = NULL;
   fill: byte the output buffer starts as, so an element never written shows;
   isa: options.isa (DMLREF_ISA_AUTO, the default, for every operator but
   REDUCE). Returns how many elements differ from expected (each difference
   reported), or -1 when dmlref_execute failed (reported). */
static int conf_execute(const conf_params *p, const conf_tensor *in, const conf_tensor *out,
                        const dmlref_options *settings, int32_t isa, int packed, unsigned char fill,
                        const unsigned char *input, unsigned char *output, const uint64_t *expected,
                        const char *source) {
    DML_BUFFER_TENSOR_DESC ib, ob;
    DML_TENSOR_DESC it, ot;
    DML_CUMULATIVE_SUMMATION_OPERATOR_DESC cs;
    DML_CUMULATIVE_PRODUCT_OPERATOR_DESC cp;
    DML_ARGMIN_OPERATOR_DESC amin;
    DML_ARGMAX_OPERATOR_DESC amax;
    DML_REDUCE_OPERATOR_DESC red;
    DML_OPERATOR_DESC op;
    dmlref_options options;
    dmlref_status status;
    char message[512], opts_text[160], layout[64];
    const void *inputs[1];
    void *outputs[1];
    size_t i, differ = 0, first = 0;

    if (isa == DMLREF_ISA_AUTO) snprintf(layout, sizeof layout, "%s", packed ? "packed Strides" : "Strides = NULL");
    else
        snprintf(layout, sizeof layout, "%s, isa %s", packed ? "packed Strides" : "Strides = NULL",
                 dmlref_isa_name((dmlref_isa)isa));

    ib.DataType = in->type;
    ib.Flags = DML_TENSOR_FLAG_NONE;
    ib.DimensionCount = in->rank;
    ib.Sizes = in->sizes;
    ib.Strides = packed ? in->strides : NULL;
    ib.TotalTensorSizeInBytes = in->bytes;
    ib.GuaranteedBaseOffsetAlignment = 0;
    ob = ib;
    ob.DataType = out->type;
    ob.DimensionCount = out->rank;
    ob.Sizes = out->sizes;
    ob.Strides = packed ? out->strides : NULL;
    ob.TotalTensorSizeInBytes = out->bytes;
    it.Type = DML_TENSOR_TYPE_BUFFER;
    it.Desc = &ib;
    ot.Type = DML_TENSOR_TYPE_BUFFER;
    ot.Desc = &ob;

    switch (p->op) {
    case CONF_CUMSUM:
        cs.InputTensor = &it;
        cs.OutputTensor = &ot;
        cs.Axis = p->axis;
        cs.AxisDirection = p->direction;
        cs.HasExclusiveSum = p->exclusive;
        op.Type = DML_OPERATOR_CUMULATIVE_SUMMATION;
        op.Desc = &cs;
        break;
    case CONF_CUMPROD:
        cp.InputTensor = &it;
        cp.OutputTensor = &ot;
        cp.Axis = p->axis;
        cp.AxisDirection = p->direction;
        cp.HasExclusiveProduct = p->exclusive;
        op.Type = DML_OPERATOR_CUMULATIVE_PRODUCT;
        op.Desc = &cp;
        break;
    case CONF_ARGMIN:
        amin.InputTensor = &it;
        amin.OutputTensor = &ot;
        amin.AxisCount = p->axis_count;
        amin.Axes = p->axes;
        amin.AxisDirection = p->direction;
        op.Type = DML_OPERATOR_ARGMIN;
        op.Desc = &amin;
        break;
    case CONF_REDUCE:
        red.Function = p->function;
        red.InputTensor = &it;
        red.OutputTensor = &ot;
        red.AxisCount = p->axis_count;
        red.Axes = p->axes;
        op.Type = DML_OPERATOR_REDUCE;
        op.Desc = &red;
        break;
    default:
        amax.InputTensor = &it;
        amax.OutputTensor = &ot;
        amax.AxisCount = p->axis_count;
        amax.Axes = p->axes;
        amax.AxisDirection = p->direction;
        op.Type = DML_OPERATOR_ARGMAX;
        op.Desc = &amax;
        break;
    }

    options = *settings; /* the case's options; every other field the default */
    options.isa = isa;
    options.error_message = message;
    options.error_message_capacity = sizeof message;
    message[0] = '\0';
    memset(output, fill, (size_t)out->bytes);
    inputs[0] = input;
    outputs[0] = output;
    status = dmlref_execute(&op, inputs, outputs, &options);
    conf_options_text(settings, opts_text, sizeof opts_text);
    if (status != DMLREF_OK) {
        CONF_FAIL("dmlref_execute (%s; %s) returned %s: %s", layout, opts_text, dmlref_status_name(status), message);
        return -1;
    }
    for (i = 0; i < out->count; i++) {
        if (conf_load(output, i, out->element_size) != expected[i]) {
            if (differ == 0) first = i;
            differ++;
        }
    }
    if (differ) {
        int w = (int)(2 * out->element_size);
        CONF_FAIL("output (%s; %s) differs from %s at %lu of %lu elements; first at flat index %lu: "
                  "expected 0x%0*" PRIx64 ", got 0x%0*" PRIx64,
                  layout, opts_text, source, (unsigned long)differ, (unsigned long)out->count, (unsigned long)first, w,
                  expected[first], w, conf_load(output, first, out->element_size));
    }
    return (int)differ;
}

/* ---- REDUCE: the peer's tolerance, and a tally per suite --------------------- */

/* "tolerance": null, {"ulp": N} (WPT) or {"rtol": r, "atol": a} (ONNX). */
typedef enum conf_tolerance_kind { CONF_TOL_NONE, CONF_TOL_ULP, CONF_TOL_ALLCLOSE } conf_tolerance_kind;

typedef struct conf_tolerance {
    conf_tolerance_kind kind;
    uint64_t ulp;
    double rtol, atol;
    char text[64]; /* for messages */
} conf_tolerance;

static int conf_read_tolerance(const json_value *doc, conf_tolerance *t) {
    const json_value *v = json_get(doc, "tolerance");
    size_t i;
    int have_rtol = 0, have_atol = 0;
    memset(t, 0, sizeof *t);
    if (!v) {
        CONF_FAIL("tolerance is missing (null when the peer's output is exact)");
        return 0;
    }
    if (v->type == JSON_NULL) return 1;
    if (v->type != JSON_OBJECT) {
        CONF_FAIL("tolerance is a %s, expected null or an object", json_type_name(v->type));
        return 0;
    }
    for (i = 0; i < v->count; i++) {
        const json_value *c = &v->children[i];
        int64_t n;
        if (strcmp(c->key, "ulp") == 0) {
            if (!json_as_int64(c, &n) || n < 0) {
                CONF_FAIL("tolerance.ulp must be a non-negative integer");
                return 0;
            }
            t->ulp = (uint64_t)n;
            t->kind = CONF_TOL_ULP;
        } else if (strcmp(c->key, "rtol") == 0 || strcmp(c->key, "atol") == 0) {
            if (c->type != JSON_NUMBER || !(c->number >= 0.0)) {
                CONF_FAIL("tolerance.%s must be a non-negative number", c->key);
                return 0;
            }
            if (c->key[0] == 'r') {
                t->rtol = c->number;
                have_rtol = 1;
            } else {
                t->atol = c->number;
                have_atol = 1;
            }
        } else {
            CONF_FAIL("tolerance.%s is not a tolerance this test knows (ulp; rtol and atol)", c->key);
            return 0;
        }
    }
    if (t->kind == CONF_TOL_ULP ? (have_rtol || have_atol) : !(have_rtol && have_atol)) {
        CONF_FAIL("tolerance must be {\"ulp\": N} or {\"rtol\": r, \"atol\": a}");
        return 0;
    }
    if (t->kind == CONF_TOL_ULP) {
        snprintf(t->text, sizeof t->text, "%" PRIu64 " ulp", t->ulp);
    } else {
        t->kind = CONF_TOL_ALLCLOSE;
        snprintf(t->text, sizeof t->text, "atol %g + rtol %g x |expected|", t->atol, t->rtol);
    }
    return 1;
}

static int conf_is_float(DML_TENSOR_DATA_TYPE type) {
    return type == DML_TENSOR_DATA_TYPE_FLOAT16 || type == DML_TENSOR_DATA_TYPE_FLOAT32 ||
           type == DML_TENSOR_DATA_TYPE_FLOAT64;
}

/* A float element's bits: NaN?, its value, and its distance in ulps from
   another (IEEE sign-magnitude made monotonic; +0 and -0 are 0 apart). */
static uint64_t conf_sign_bit(uint32_t size) { return (uint64_t)1 << (8 * size - 1); }

static int conf_bits_nan(uint64_t bits, uint32_t size) {
    uint64_t magnitude = bits & ~conf_sign_bit(size);
    uint64_t inf = size == 2 ? 0x7C00u : size == 4 ? 0x7F800000u : UINT64_C(0x7FF0000000000000);
    return magnitude > inf;
}

static double conf_bits_value(uint64_t bits, uint32_t size) {
    float f;
    double d;
    uint32_t b32 = (uint32_t)bits;
    if (size == 2) return (double)dmlref_f16_to_f32((uint16_t)bits);
    if (size == 4) {
        memcpy(&f, &b32, 4);
        return (double)f;
    }
    memcpy(&d, &bits, 8);
    return d;
}

static uint64_t conf_ulp_distance(uint64_t a, uint64_t b, uint32_t size) {
    uint64_t sign = conf_sign_bit(size), ma = a & ~sign, mb = b & ~sign;
    if (conf_bits_nan(a, size) || conf_bits_nan(b, size))
        return conf_bits_nan(a, size) && conf_bits_nan(b, size) ? 0 : UINT64_MAX;
    if ((a & sign) == (b & sign)) return ma > mb ? ma - mb : mb - ma;
    return ma + mb; /* through zero */
}

/* got within the peer's tolerance of its expected value (bits of the output type). */
static int conf_within_tolerance(const conf_tolerance *t, const conf_tensor *out, uint64_t got, uint64_t want) {
    double g, w, diff;
    if (got == want) return 1;
    if (t->kind == CONF_TOL_NONE || !conf_is_float(out->type)) return 0;
    if (t->kind == CONF_TOL_ULP) return conf_ulp_distance(got, want, out->element_size) <= t->ulp;
    /* numpy.testing.assert_allclose: NaN equals NaN, infinities must be equal. */
    if (conf_bits_nan(got, out->element_size) || conf_bits_nan(want, out->element_size))
        return conf_bits_nan(got, out->element_size) && conf_bits_nan(want, out->element_size);
    g = conf_bits_value(got, out->element_size);
    w = conf_bits_value(want, out->element_size);
    if (g - g != 0.0 || w - w != 0.0) return g == w; /* an infinity */
    diff = g > w ? g - w : w - g;
    return diff <= t->atol + t->rtol * (w < 0 ? -w : w);
}

/* Per suite: REDUCE cases checked, bit-exact with the peer's output, only
   within its tolerance (and exactly dml_ref's strict sequential bits), failed. */
typedef struct conf_reduce_tally {
    const char *suite;
    const char *prefix; /* of the suite's REDUCE file names */
    unsigned long cases, bit_exact, tolerance_only, failed, failed_exp_log;
} conf_reduce_tally;

static conf_reduce_tally conf_reduce_tallies[] = {
    {"onnx", "test_reduce_", 0, 0, 0, 0, 0},
    {"wpt", "wpt_reduce_", 0, 0, 0, 0, 0},
    {"numpy", "numpy_reduce_", 0, 0, 0, 0, 0},
};

static conf_reduce_tally *conf_reduce_tally_of(const char *suite) {
    size_t i;
    for (i = 0; i < CONF_COUNT(conf_reduce_tallies); i++)
        if (strcmp(conf_reduce_tallies[i].suite, suite) == 0) return &conf_reduce_tallies[i];
    return NULL;
}

/* A REDUCE case. expected: the bits dml_ref's default options must give
   (output.data_hex when "exact", else cross_check.strict_sequential's). The
   peer's own output.data_hex must also be met: bit for bit when "exact",
   else within "tolerance". Default options on every ISA path available. */
static void conf_run_reduce(const char *suite, const json_value *doc, const conf_params *params, const conf_tensor *in,
                            const conf_tensor *out, const dmlref_options *settings, const unsigned char *input,
                            unsigned char *output, const uint64_t *expected, const char *source) {
    conf_reduce_tally *tally = conf_reduce_tally_of(suite);
    const json_value *ss = json_get(json_get(doc, "cross_check"), "strict_sequential");
    conf_tolerance tol;
    uint64_t *peer = NULL;
    int failures = tr_case_failures(), exact, ran, isa;
    size_t i, bit_equal = 0, outside = 0, first = 0;

    exact = conf_bool(doc, "exact", "case");
    if (exact < 0 || !conf_read_tolerance(doc, &tol)) goto done;
    if (exact && ss && ss->type == JSON_OBJECT && json_get(ss, "data_hex")) {
        CONF_FAIL("exact is true but cross_check.strict_sequential gives other bits: the data contradicts itself");
        goto done;
    }
    if (!exact && tol.kind == CONF_TOL_NONE) {
        CONF_FAIL("exact is false and tolerance is null: nothing to hold the peer's output to");
        goto done;
    }
    peer = (uint64_t *)malloc(out->count * sizeof *peer);
    if (!peer) {
        CONF_FAIL("out of memory");
        goto done;
    }
    if (!conf_read_hex(json_get(json_get(doc, "output"), "data_hex"), "output.data_hex", out, peer)) goto done;

    /* The default path first, packed: its output also meets the peer's values
       (when "exact" those are the expected bits, already compared). */
    ran = conf_execute(params, in, out, settings, DMLREF_ISA_AUTO, 1, 0xA5, input, output, expected, source);
    if (ran >= 0) {
        for (i = 0; i < out->count; i++) {
            uint64_t got = conf_load(output, i, out->element_size);
            if (got == peer[i]) bit_equal++;
            else if (!conf_within_tolerance(&tol, out, got, peer[i])) {
                if (outside == 0) first = i;
                outside++;
            }
        }
    }
    if (outside && !exact) {
        int w = (int)(2 * out->element_size);
        uint64_t got = conf_load(output, first, out->element_size);
        CONF_FAIL("output (packed Strides) is outside the peer's tolerance (%s) at %lu of %lu elements; first at "
                  "flat index %lu: output.data_hex 0x%0*" PRIx64 " (%.17g), got 0x%0*" PRIx64 " (%.17g)",
                  tol.text, (unsigned long)outside, (unsigned long)out->count, (unsigned long)first, w, peer[first],
                  conf_bits_value(peer[first], out->element_size), w, got, conf_bits_value(got, out->element_size));
    }
    /* Then Strides = NULL, and every ISA path by name, when that passed. */
    if (tr_case_failures() == failures) {
        conf_execute(params, in, out, settings, DMLREF_ISA_AUTO, 0, 0x5A, input, output, expected, source);
        for (isa = DMLREF_ISA_AUTO + 1; isa < DMLREF_ISA_COUNT; isa++)
            if (dmlref_isa_available((dmlref_isa)isa))
                conf_execute(params, in, out, settings, isa, 1, (isa & 1) ? 0x5A : 0xA5, input, output, expected,
                             source);
    }

done:
    if (tally) {
        tally->cases++;
        if (tr_case_failures() > failures) {
            tally->failed++;
            if (params->function == DML_REDUCE_FUNCTION_LOG_SUM || params->function == DML_REDUCE_FUNCTION_LOG_SUM_EXP)
                tally->failed_exp_log++;
        } else if (bit_equal == out->count) {
            tally->bit_exact++;
        } else {
            tally->tolerance_only++;
        }
    }
    free(peer);
}

/* The summary line of a suite's REDUCE cases (registered after them). */
static void conf_reduce_summary(const void *ctx) {
    const conf_reduce_tally *t = (const conf_reduce_tally *)ctx;
    const char *const *names = strcmp(t->suite, "onnx") == 0 ? conf_onnx_names : conf_wpt_names;
    size_t count = strcmp(t->suite, "onnx") == 0 ? CONF_COUNT(conf_onnx_names) : CONF_COUNT(conf_wpt_names);
    size_t i, listed = 0, plen = strlen(t->prefix);
    int isa;
    for (i = 0; i < count; i++)
        if (strncmp(names[i], t->prefix, plen) == 0) listed++;
    printf("  %s/reduce: %lu of %lu REDUCE cases checked: %lu bit-exact with the peer's output, %lu within its "
           "tolerance only (and exactly the strict sequential bits), %lu failed",
           t->suite, t->cases, (unsigned long)listed, t->bit_exact, t->tolerance_only, t->failed);
    if (t->failed) printf(" (%lu of them LOG_SUM or LOG_SUM_EXP)", t->failed_exp_log);
    printf("; ISA paths: AUTO");
    for (isa = DMLREF_ISA_AUTO + 1; isa < DMLREF_ISA_COUNT; isa++)
        if (dmlref_isa_available((dmlref_isa)isa)) printf(" %s", dmlref_isa_name((dmlref_isa)isa));
    printf("\n");
}

static void conf_run(const char *suite, const char *name) {
    const char *root_how, *root = conf_data_root(&root_how), *source = NULL, *doc_name;
    char path[1024], err[512];
    json_value *doc;
    conf_params params;
    conf_tensor in, out;
    dmlref_options settings;
    const json_value *expected_hex;
    uint64_t *in_values = NULL, *expected = NULL;
    unsigned char *input = NULL, *input_copy = NULL, *output = NULL;
    size_t i;

    snprintf(path, sizeof path, "%s/%s/%s.json", root, suite, name);
    doc = json_parse_file(path, err, sizeof err);
    if (!doc) {
        CONF_FAIL("%s (data directory %s: %s)", err, root, root_how);
        return;
    }
    if (doc->type != JSON_OBJECT) {
        CONF_FAIL("%s: the top-level value is a %s, expected an object", path, json_type_name(doc->type));
        goto done;
    }
    doc_name = conf_string(doc, "name", "case");
    if (!doc_name) goto done;
    if (strcmp(doc_name, name) != 0) {
        CONF_FAIL("%s: name is \"%s\", expected \"%s\"", path, doc_name, name);
        goto done;
    }
    if (!conf_read_params(doc, &params)) goto done;
    memset(&settings, 0, sizeof settings); /* every default: SEQUENTIAL, DEFAULT accumulation, ... */
    if (!conf_nan_policy(doc, json_get(doc, "params"), &settings.nan_policy)) goto done;
    if (!conf_read_options(doc, &settings)) goto done;
    if (!conf_read_tensor(json_get(doc, "input"), "input", &in)) goto done;
    if (!conf_read_tensor(json_get(doc, "output"), "output", &out)) goto done;
    expected_hex = conf_expected_hex(doc, &source);
    if (!expected_hex) {
        if (!tr_case_failures()) CONF_FAIL("no expected data_hex");
        goto done;
    }

    in_values = (uint64_t *)malloc(in.count * sizeof *in_values);
    expected = (uint64_t *)malloc(out.count * sizeof *expected);
    input = (unsigned char *)calloc(1, (size_t)in.bytes);
    input_copy = (unsigned char *)malloc((size_t)in.bytes);
    output = (unsigned char *)malloc((size_t)out.bytes);
    if (!in_values || !expected || !input || !input_copy || !output) {
        CONF_FAIL("out of memory");
        goto done;
    }
    if (!conf_read_hex(json_get(json_get(doc, "input"), "data_hex"), "input.data_hex", &in, in_values)) goto done;
    if (!conf_read_hex(expected_hex, source, &out, expected)) goto done;
    for (i = 0; i < in.count; i++) conf_store(input, i, in.element_size, in_values[i]);
    memcpy(input_copy, input, (size_t)in.bytes);

    /* Explicit packed strides first; Strides = NULL (the same layout) and the
       other fill byte only when that passed, so one bug is reported once. */
    if (params.op == CONF_REDUCE) {
        conf_run_reduce(suite, doc, &params, &in, &out, &settings, input, output, expected, source);
    } else {
        conf_execute(&params, &in, &out, &settings, DMLREF_ISA_AUTO, 1, 0xA5, input, output, expected, source);
        if (!tr_case_failures())
            conf_execute(&params, &in, &out, &settings, DMLREF_ISA_AUTO, 0, 0x5A, input, output, expected, source);
    }
    TR_CHECKF(memcmp(input, input_copy, (size_t)in.bytes) == 0, "dmlref_execute wrote to its input");

done:
    free(in_values);
    free(expected);
    free(input);
    free(input_copy);
    free(output);
    json_free(doc);
}

static void conf_run_onnx(const void *ctx) { conf_run("onnx", *(const char *const *)ctx); }
static void conf_run_wpt(const void *ctx) { conf_run("wpt", *(const char *const *)ctx); }
static void conf_run_numpy(const void *ctx) { conf_run("numpy", *(const char *const *)ctx); }

/* ---- the file list against INDEX.md and the directory ----------------------- */

/* Whole file as a NUL-terminated string, or NULL. */
static char *conf_read_text(const char *path) {
    FILE *f = fopen(path, "rb");
    char *data = NULL;
    size_t length = 0, capacity = 0, got;
    if (!f) return NULL;
    for (;;) {
        if (length + 1 >= capacity) {
            size_t cap = capacity ? capacity * 2 : 16384;
            char *grown = (char *)realloc(data, cap);
            if (!grown) {
                free(data);
                fclose(f);
                return NULL;
            }
            data = grown;
            capacity = cap;
        }
        got = fread(data + length, 1, capacity - length - 1, f);
        length += got;
        if (got == 0) break;
    }
    fclose(f);
    data[length] = '\0';
    return data;
}

static int conf_listed(const char *const *names, size_t count, const char *file, size_t len) {
    size_t i;
    if (len < 5 || memcmp(file + len - 5, ".json", 5) != 0) return 0;
    for (i = 0; i < count; i++)
        if (strlen(names[i]) == len - 5 && memcmp(names[i], file, len - 5) == 0) return 1;
    return 0;
}

/* INDEX.md tables list one case per row: "| <name>.json | ...". */
static void conf_check_index(const char *root, const char *suite, const char *const *names, size_t count) {
    char path[1024];
    char *text, *line;
    size_t rows = 0;
    snprintf(path, sizeof path, "%s/%s/INDEX.md", root, suite);
    text = conf_read_text(path);
    if (!text) {
        CONF_FAIL("cannot read %s", path);
        return;
    }
    for (line = text; *line;) {
        char *end = strchr(line, '\n');
        size_t len = end ? (size_t)(end - line) : strlen(line);
        if (len > 2 && line[0] == '|' && line[1] == ' ') {
            const char *cell = line + 2;
            const char *bar = (const char *)memchr(cell, '|', len - 2);
            size_t clen = bar ? (size_t)(bar - cell) : 0;
            while (clen > 0 && cell[clen - 1] == ' ') clen--;
            if (clen > 5 && memcmp(cell + clen - 5, ".json", 5) == 0) {
                rows++;
                if (!conf_listed(names, count, cell, clen))
                    CONF_FAIL("%s lists %.*s, which has no case in test_conformance.c", path, (int)clen, cell);
            }
        }
        line += len + (end ? 1 : 0);
    }
    TR_CHECKF(rows == count, "%s lists %lu cases, test_conformance.c has %lu", path, (unsigned long)rows,
              (unsigned long)count);
    free(text);
}

static void conf_check_directory(const char *root, const char *suite, const char *const *names, size_t count) {
#if CONF_HAVE_DIRENT
    char path[1024];
    DIR *dir;
    struct dirent *entry;
    size_t files = 0;
    snprintf(path, sizeof path, "%s/%s", root, suite);
    dir = opendir(path);
    if (!dir) {
        CONF_FAIL("cannot open directory %s", path);
        return;
    }
    while ((entry = readdir(dir)) != NULL) {
        size_t len = strlen(entry->d_name);
        if (len < 5 || strcmp(entry->d_name + len - 5, ".json") != 0) continue;
        files++;
        if (!conf_listed(names, count, entry->d_name, len))
            CONF_FAIL("%s/%s has no case in test_conformance.c", path, entry->d_name);
    }
    closedir(dir);
    TR_CHECKF(files == count, "%s holds %lu JSON files, test_conformance.c has %lu cases", path, (unsigned long)files,
              (unsigned long)count);
#else
    (void)root;
    (void)suite;
    (void)names;
    (void)count;
#endif
}

static void conf_manifest(const void *ctx) {
    const char *how, *root = conf_data_root(&how);
    (void)ctx;
    TR_CHECKF(conf_registered_onnx == CONF_ONNX_EXPECTED, "%lu ONNX cases registered, expected %d",
              (unsigned long)conf_registered_onnx, CONF_ONNX_EXPECTED);
    TR_CHECKF(conf_registered_wpt == CONF_WPT_EXPECTED, "%lu WPT cases registered, expected %d",
              (unsigned long)conf_registered_wpt, CONF_WPT_EXPECTED);
    TR_CHECKF(conf_registered_numpy == CONF_NUMPY_EXPECTED, "%lu NumPy cases registered, expected %d",
              (unsigned long)conf_registered_numpy, CONF_NUMPY_EXPECTED);
    conf_check_index(root, "onnx", conf_onnx_names, CONF_COUNT(conf_onnx_names));
    conf_check_index(root, "wpt", conf_wpt_names, CONF_COUNT(conf_wpt_names));
    conf_check_index(root, "numpy", conf_numpy_names, CONF_COUNT(conf_numpy_names));
    conf_check_directory(root, "onnx", conf_onnx_names, CONF_COUNT(conf_onnx_names));
    conf_check_directory(root, "wpt", conf_wpt_names, CONF_COUNT(conf_wpt_names));
    conf_check_directory(root, "numpy", conf_numpy_names, CONF_COUNT(conf_numpy_names));
    if (tr_case_failures()) CONF_FAIL("data directory %s (%s)", root, how);
}

/* ---- the JSON parser's own strictness -------------------------------------- */

static void conf_json_parser(const void *ctx) {
    /* Each must be rejected: a lenient parser could half-read test data. */
    static const char *const bad[] = {
        "",
        " ",
        "[1,]",
        "{\"a\":1,}",
        "[1 2]",
        "{\"a\" 1}",
        "{a:1}",
        "{'a':1}",
        "01",
        "-",
        "+1",
        ".5",
        "1.",
        "1e",
        "1e+",
        "NaN",
        "Infinity",
        "-Infinity",
        "tru",
        "nul",
        "[",
        "{",
        "\"abc",
        "\"a\tb\"",
        "\"\\x\"",
        "\"\\u12G4\"",
        "\"\\uD800\"",
        "\"\\uDC00\"",
        "\"\\uD800\\u0041\"",
        "[1] 2",
        "{\"a\":1,\"a\":2}",
        "\"\xC3\"",
        "\"\xC0\xAF\"",
        "\"\xED\xA0\x80\"",
        "\xEF\xBB\xBF[]",
        "/* c */ 1",
        "[1]//",
        "0x10",
        "[-]",
        "[1,,2]",
    };
    char err[256], deep[2 * (JSON_MAX_DEPTH + 2) + 1];
    size_t i;
    json_value *v;
    int64_t x;
    (void)ctx;
    for (i = 0; i < CONF_COUNT(bad); i++) {
        v = json_parse(bad[i], strlen(bad[i]), err, sizeof err);
        TR_CHECKF(v == NULL, "json_parse accepted invalid JSON #%lu: %s", (unsigned long)i, bad[i]);
        TR_CHECKF(v != NULL || strncmp(err, "line ", 5) == 0, "error message without position: %s", err);
        json_free(v);
    }
    /* Nesting deeper than the limit is refused rather than overflowing the stack. */
    for (i = 0; i < JSON_MAX_DEPTH + 2; i++) {
        deep[i] = '[';
        deep[2 * (JSON_MAX_DEPTH + 2) - 1 - i] = ']';
    }
    deep[2 * (JSON_MAX_DEPTH + 2)] = '\0';
    v = json_parse(deep, strlen(deep), err, sizeof err);
    TR_CHECKF(v == NULL, "json_parse accepted nesting deeper than JSON_MAX_DEPTH");
    json_free(v);

    v = json_parse("x", 1, err, sizeof err);
    TR_CHECKF(v == NULL && strcmp(err, "line 1, column 1: expected a value, found 'x'") == 0, "unexpected message: %s",
              err);
    json_free(v);
    v = json_parse("{\n  \"a\": [1,\n  2 3]}", 20, err, sizeof err);
    TR_CHECKF(v == NULL && strcmp(err, "line 3, column 5: expected ',' or ']' in array, found '3'") == 0,
              "unexpected message: %s", err);
    json_free(v);

    /* Escapes decode to UTF-8 (a surrogate pair to one 4-byte sequence). */
    {
        static const char text[] =
            " {\"s\": \"q\\\"b\\\\s\\/n\\nt\\tu\\u00e9\\uD83D\\uDE00\\u0000z\", \"e\": \"\", "
            "\"n\": [0, -0, 12, -9223372036854775808, 9223372036854775807, 9223372036854775808,"
            " 1.5, 2e3, -1E-2], \"t\": true, \"f\": false, \"z\": null, \"o\": {}, \"a\": []}\r\n";
        static const char want[] = "q\"b\\s/n\nt\tu\xC3\xA9\xF0\x9F\x98\x80\0z";
        const json_value *s, *n;
        v = json_parse(text, sizeof text - 1, err, sizeof err);
        TR_CHECKF(v != NULL, "valid JSON rejected: %s", err);
        if (!v) return;
        s = json_get(v, "s");
        TR_CHECK(s && s->type == JSON_STRING && s->text_length == sizeof want - 1 &&
                 memcmp(s->text, want, sizeof want - 1) == 0);
        TR_CHECK(json_get(v, "e") && json_get(v, "e")->text_length == 0);
        n = json_get(v, "n");
        TR_CHECK(n && n->type == JSON_ARRAY && n->count == 9);
        if (n && n->count == 9) {
            TR_CHECK(json_as_int64(&n->children[0], &x) && x == 0);
            TR_CHECK(json_as_int64(&n->children[1], &x) && x == 0);
            TR_CHECK(json_as_int64(&n->children[2], &x) && x == 12);
            TR_CHECK(json_as_int64(&n->children[3], &x) && x == INT64_MIN);
            TR_CHECK(json_as_int64(&n->children[4], &x) && x == INT64_MAX);
            TR_CHECK(!json_as_int64(&n->children[5], &x)); /* 2^63 does not fit */
            TR_CHECK(!json_as_int64(&n->children[6], &x) && n->children[6].number == 1.5);
            TR_CHECK(!json_as_int64(&n->children[7], &x) && n->children[7].number == 2000.0);
            TR_CHECK(n->children[8].number == -0.01);
        }
        TR_CHECK(json_get(v, "t") && json_get(v, "t")->type == JSON_TRUE);
        TR_CHECK(json_get(v, "f") && json_get(v, "f")->type == JSON_FALSE);
        TR_CHECK(json_get(v, "z") && json_get(v, "z")->type == JSON_NULL);
        TR_CHECK(json_get(v, "o") && json_get(v, "o")->type == JSON_OBJECT && json_get(v, "o")->count == 0);
        TR_CHECK(json_get(v, "a") && json_get(v, "a")->type == JSON_ARRAY && json_get(v, "a")->count == 0);
        TR_CHECK(json_get(v, "missing") == NULL);
        json_free(v);
    }
}

void register_conformance_tests(void) {
    size_t i;
    tr_add("conformance/json_parser", conf_json_parser, NULL);
    tr_add("conformance/manifest", conf_manifest, NULL);
    for (i = 0; i < CONF_COUNT(conf_onnx_names); i++) {
        char name[160];
        snprintf(name, sizeof name, "onnx/%s", conf_onnx_names[i]);
        tr_add(name, conf_run_onnx, &conf_onnx_names[i]);
        conf_registered_onnx++;
    }
    tr_add("onnx/reduce_summary", conf_reduce_summary, conf_reduce_tally_of("onnx"));
    for (i = 0; i < CONF_COUNT(conf_wpt_names); i++) {
        char name[160];
        snprintf(name, sizeof name, "wpt/%s", conf_wpt_names[i]);
        tr_add(name, conf_run_wpt, &conf_wpt_names[i]);
        conf_registered_wpt++;
    }
    tr_add("wpt/reduce_summary", conf_reduce_summary, conf_reduce_tally_of("wpt"));
    for (i = 0; i < CONF_COUNT(conf_numpy_names); i++) {
        char name[160];
        snprintf(name, sizeof name, "numpy/%s", conf_numpy_names[i]);
        tr_add(name, conf_run_numpy, &conf_numpy_names[i]);
        conf_registered_numpy++;
    }
}
