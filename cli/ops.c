/* cli/ops.c - the operator layer (cli/ops.h): the header's operator table decides which operators the
   tool runs (DMLREF_OPERATOR_IMPLEMENTED), which options each takes (shape, flags, float_orders) and
   which descriptor it gets (shape and operator_type). */
#if defined(__linux__) && !defined(_GNU_SOURCE) /* g++ defines it */
#define _GNU_SOURCE                             /* sched_getaffinity: the CPUs --threads' default counts */
#endif
#define _POSIX_C_SOURCE 200809L
#include "ops.h"
#include "cli.h"
#include "../examples/thread_pool.h"

#ifdef __linux__
#include <sched.h>
#endif
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAX_THREADS 1024 /* --threads N: 1 to this many */
#define TREE_BLOCK_LOG2_MIN 1
#define TREE_BLOCK_LOG2_MAX 16 /* --order tree:ALG:BLOCK:CARRY, BLOCK a power of two 2..65536 */
#define COUNT_OF(a) (sizeof(a) / sizeof((a)[0]))

static const char *const alg_names[] = {"kogge-stone", "sklansky", "brent-kung"};
static const char *const carry_names[] = {"after", "into-first", "recursive", "recursive-last"};
static const char *const stack_names[] = {"torch-compile", "xla", "cupy"}; /* --order's GPU stacks */
static const char *const acc_names[] = {"default", "native", "wide"};
static const char *const nan_names[] = {"propagate", "ignore", "compare"};
static const char *const lse_names[] = {"shifted", "plain"}; /* --log-sum-exp: dmlref_log_sum_exp */
static const char *const isa_names[] = {"auto", "scalar", "sse2", "avx2", "avx512", "neon", "avx512fp16", "reference"};
#define N_ALG ((int)COUNT_OF(alg_names))
#define N_CARRY ((int)COUNT_OF(carry_names))
#define N_CARRY_PLAIN 2 /* explain's plain trees: AFTER and INTO_FIRST */
#define N_ACC ((int)COUNT_OF(acc_names))
#define N_NAN ((int)COUNT_OF(nan_names))
#define N_LSE ((int)COUNT_OF(lse_names))
#define N_STACK ((int)COUNT_OF(stack_names))
#define N_BLOCK (TREE_BLOCK_LOG2_MAX - TREE_BLOCK_LOG2_MIN + 1)

/* --order's names of the float orders without parameters (TREE has its own form). */
static const struct {
    const char *name;
    int order;
} order_names[] = {{"sequential", DMLREF_FLOAT_ORDER_SEQUENTIAL},
                   {"blocked", DMLREF_FLOAT_ORDER_BLOCKED},
                   {"exact", DMLREF_FLOAT_ORDER_EXACT},
                   {"pairwise", DMLREF_FLOAT_ORDER_PAIRWISE},
                   {"any", DMLREF_FLOAT_ORDER_ANY}}; /* valid for `dmlref bound` only (the library says so) */

const char *accumulation_name(int accumulation) { return acc_names[accumulation]; }

/* The index of v in names[0..n), or -1. */
static int find_name(const char *v, const char *const *names, int n) {
    int k;
    for (k = 0; k < n; k++)
        if (strcmp(v, names[k]) == 0) return k;
    return -1;
}

/* ---- the operator table ------------------------------------------------------------------ */

static int implemented(const dmlref_operator_info *r) { return (r->flags & DMLREF_OPERATOR_IMPLEMENTED) != 0; }

/* Which operators take each option. */
static int takes_axis(const dmlref_operator_info *r) { return r->shape == DMLREF_SHAPE_SCAN; }
static int takes_axes(const dmlref_operator_info *r) { return r->shape != DMLREF_SHAPE_SCAN; }
static int takes_exclusive(const dmlref_operator_info *r) { return (r->flags & DMLREF_OPERATOR_EXCLUSIVE) != 0; }
static int takes_reverse(const dmlref_operator_info *r) {
    return (r->flags & DMLREF_OPERATOR_DIRECTION) && r->shape == DMLREF_SHAPE_SCAN;
}
static int takes_last(const dmlref_operator_info *r) {
    return (r->flags & DMLREF_OPERATOR_DIRECTION) && r->shape != DMLREF_SHAPE_SCAN;
}
/* --order, --accumulation, --identity-seed: a float tally whose order the options choose. */
static int takes_float_order(const dmlref_operator_info *r) { return r->float_orders != 0; }
static int takes_nan(const dmlref_operator_info *r) { return (r->flags & DMLREF_OPERATOR_NAN_POLICY) != 0; }
static int takes_index_type(const dmlref_operator_info *r) { return r->shape == DMLREF_SHAPE_ARG_REDUCTION; }
/* --log-sum-exp: options.log_sum_exp, read by the row whose map is exp (REDUCE LOG_SUM_EXP). */
static int takes_log_sum_exp(const dmlref_operator_info *r) { return r->map == DMLREF_MAP_EXP; }
/* --function: a function of DML_OPERATOR_REDUCE (OP `reduce`). */
static int is_reduce_function(const dmlref_operator_info *r) {
    return r->operator_type == DML_OPERATOR_REDUCE && strncmp(r->cli_name, "reduce-", 7) == 0;
}
/* --order's value: the rows whose float_orders has it (op_args.float_order; checked by check_op_args). */
static int g_order_asked;
static int takes_order_asked(const dmlref_operator_info *r) { return (r->float_orders >> g_order_asked) & 1u; }

int op_is_reduction(const dmlref_operator_info *r) { return r->shape == DMLREF_SHAPE_REDUCTION; }

int op_has_any_bound(const dmlref_operator_info *r) {
    return r->shape == DMLREF_SHAPE_SCAN && (r->bound_orders & (1u << DMLREF_FLOAT_ORDER_ANY)) != 0;
}

void op_names(char *buf, size_t cap, const char *sep, int (*takes)(const dmlref_operator_info *)) {
    uint32_t i;
    size_t used = 0;
    buf[0] = 0;
    for (i = 0; i < dmlref_operator_count(); i++) {
        const dmlref_operator_info *r = dmlref_operator_at(i);
        if (!implemented(r) || (takes && !takes(r)) || used >= cap) continue;
        used += (size_t)snprintf(buf + used, cap - used, "%s%s", used ? sep : "", r->cli_name);
    }
}

void op_groups(char *buf, size_t cap, int (*takes)(const dmlref_operator_info *)) {
    static const char *const group_names[] = {"scans", "arg reductions", "reductions"}; /* by dmlref_shape */
    size_t used = 0;
    int shape;
    buf[0] = 0;
    for (shape = 0; shape < (int)COUNT_OF(group_names); shape++) {
        uint32_t i, total = 0, in = 0, listed = 0;
        int except;
        for (i = 0; i < dmlref_operator_count(); i++) {
            const dmlref_operator_info *r = dmlref_operator_at(i);
            if (!implemented(r) || r->shape != shape) continue;
            total++;
            in += (uint32_t)(takes(r) != 0);
        }
        if (!in || used >= cap) continue;
        used += (size_t)snprintf(buf + used, cap - used, "%s", used ? ", " : "");
        if (in == total) {
            if (used < cap) used += (size_t)snprintf(buf + used, cap - used, "%s", group_names[shape]);
            continue;
        }
        except = 2 * in > total; /* most of the group: name the group and the rows it leaves out */
        if (except && used < cap) used += (size_t)snprintf(buf + used, cap - used, "%s except ", group_names[shape]);
        for (i = 0; i < dmlref_operator_count() && used < cap; i++) {
            const dmlref_operator_info *r = dmlref_operator_at(i);
            if (!implemented(r) || r->shape != shape || (takes(r) != 0) == except) continue;
            used += (size_t)snprintf(buf + used, cap - used, "%s%s", listed++ ? "/" : "", r->cli_name);
        }
    }
}

void reduce_function_names(char *buf, size_t cap, const char *sep, int dml_names) {
    uint32_t i;
    size_t used = 0;
    buf[0] = 0;
    for (i = 0; i < dmlref_operator_count() && used < cap; i++) {
        const dmlref_operator_info *r = dmlref_operator_at(i);
        if (implemented(r) && is_reduce_function(r)) /* "REDUCE SUM_SQUARE", "reduce-sum-square" */
            used += (size_t)snprintf(buf + used, cap - used, "%s%s", used ? sep : "",
                                     dml_names ? r->name + strcspn(r->name, " ") + 1 : r->cli_name + 7);
    }
}

void op_args_init(op_args *a) {
    memset(a, 0, sizeof *a);
    a->index_type = DML_TENSOR_DATA_TYPE_INT64;
}

int op_select(const char *name, op_args *a) {
    char list[512];
    uint32_t i;
    if (strcmp(name, "reduce") == 0) { /* DML_OPERATOR_REDUCE: the function comes from --function */
        a->reduce_family = 1;
        return 1;
    }
    op_names(list, sizeof list, ", ", NULL);
    for (i = 0; i < dmlref_operator_count(); i++) {
        const dmlref_operator_info *r = dmlref_operator_at(i);
        if (strcmp(name, r->cli_name) != 0) continue;
        if (!implemented(r)) {
            fail("operator %s (%s) is not implemented by dml_ref %d.%d.%d (implemented: %s)", r->cli_name, r->name,
                 DMLREF_VERSION_MAJOR, DMLREF_VERSION_MINOR, DMLREF_VERSION_PATCH, list);
            return 0;
        }
        a->op = r;
        return 1;
    }
    fail("OP must be one of %s, or reduce --function F (got '%s')", list, name);
    return 0;
}

int resolve_function(op_args *a) {
    char list[256], want[64];
    uint32_t i;
    size_t k;
    if (!a->reduce_family) {
        if (a->function && a->op) {
            fail("option --function applies to OP reduce (dmlref run reduce --function F); %s is one operator already",
                 a->op->cli_name);
            return 2;
        }
        return 0;
    }
    reduce_function_names(list, sizeof list, ", ", 0);
    if (!a->function) {
        fail("OP reduce needs --function F (F: %s)", list);
        return 2;
    }
    /* sum, SUM, log_sum_exp, log-sum-exp, DML_REDUCE_FUNCTION_SUM: the row "reduce-" + the name */
    k = strncmp(a->function, "DML_REDUCE_FUNCTION_", 20) == 0 ? 20 : 0;
    snprintf(want, sizeof want, "reduce-%s", a->function + k);
    for (k = 7; want[k]; k++)
        want[k] = want[k] == '_' ? '-' : (char)(want[k] >= 'A' && want[k] <= 'Z' ? want[k] + 32 : want[k]);
    for (i = 0; i < dmlref_operator_count(); i++) {
        const dmlref_operator_info *r = dmlref_operator_at(i);
        if (!is_reduce_function(r) || strcmp(r->cli_name, want) != 0) continue;
        if (!implemented(r)) break;
        a->op = r;
        return 0;
    }
    fail("option --function: '%s' is not one of %s", a->function, list);
    return 2;
}

/* ---- options ----------------------------------------------------------------------------- */

static int parse_order(const char *s, op_args *a) {
    size_t k;
    for (k = 0; k < COUNT_OF(order_names); k++)
        if (strcmp(s, order_names[k].name) == 0) {
            a->float_order = order_names[k].order;
            a->stack = 0;
            return 1;
        }
    k = (size_t)(find_name(s, stack_names, (int)COUNT_OF(stack_names)) + 1);
    if (k) {
        a->float_order = DMLREF_FLOAT_ORDER_TREE;
        a->stack = (int)k;
        a->tree = k == 2 ? dmlref_xla_scan_tree() : k == 3 ? dmlref_cupy_scan_tree() : a->tree;
        return 1;
    }
    if (strncmp(s, "tree:", 5) == 0) { /* tree:ALG:BLOCK:CARRY[:SERIAL[:LANES[:run-seed]]] */
        char field[7][32];
        const char *p = s + 5;
        long block, serial = 0, lanes = 0;
        int ai, ci, n = 0;
        for (;;) {
            size_t len = strcspn(p, ":");
            if (n == 6 || len >= sizeof field[0]) return 0;
            memcpy(field[n], p, len);
            field[n++][len] = 0;
            if (!p[len]) break;
            p += len + 1;
        }
        if (n < 3) return 0;
        ai = find_name(field[0], alg_names, N_ALG);
        ci = find_name(field[2], carry_names, N_CARRY);
        if (ai < 0 || ci < 0 || !parse_long(field[1], &block) || block < (1L << TREE_BLOCK_LOG2_MIN) ||
            block > (1L << TREE_BLOCK_LOG2_MAX) || (block & (block - 1)))
            return 0;
        if (n > 3 && (!parse_long(field[3], &serial) || serial < 1 || serial > 65536)) return 0;
        if (n > 4 && (!parse_long(field[4], &lanes) || lanes < 1 || lanes > 65536 || (lanes & (lanes - 1)))) return 0;
        if (n > 5 && strcmp(field[5], "run-seed") != 0) return 0;
        a->float_order = DMLREF_FLOAT_ORDER_TREE;
        a->stack = 0;
        a->tree.algorithm = ai;
        a->tree.block = (uint32_t)block;
        a->tree.carry = ci;
        a->tree.serial = (uint32_t)serial;
        a->tree.lanes = (uint32_t)lanes;
        a->tree.run_seed = n > 5;
        return 1;
    }
    return 0;
}

int parse_op_option(int argc, char **argv, int *i, op_args *a) {
    const char *o = argv[*i];
    const char *v = NULL;
    int needs_value = strcmp(o, "--axis") == 0 || strcmp(o, "--axes") == 0 || strcmp(o, "--order") == 0 ||
                      strcmp(o, "--accumulation") == 0 || strcmp(o, "--nan") == 0 || strcmp(o, "--index-type") == 0 ||
                      strcmp(o, "--isa") == 0 || strcmp(o, "--threads") == 0 || strcmp(o, "--function") == 0 ||
                      strcmp(o, "--log-sum-exp") == 0;
    if (needs_value) {
        if (*i + 1 >= argc) {
            fail("option %s needs a value", o);
            return -1;
        }
        v = argv[++*i];
    }
    if (strcmp(o, "--axis") == 0) {
        if (!parse_long(v, &a->axis)) {
            fail("option --axis: '%s' is not an integer", v);
            return -1;
        }
        a->axis_set = 1;
    } else if (strcmp(o, "--axes") == 0) {
        const char *p = v;
        a->naxes = 0;
        for (;;) {
            char num[32];
            size_t n = strcspn(p, ",");
            if (n == 0 || n >= sizeof num || a->naxes >= MAX_RANK) {
                fail("option --axes: '%s' is not a comma-separated list of at most %d integers", v, MAX_RANK);
                return -1;
            }
            memcpy(num, p, n);
            num[n] = 0;
            if (!parse_long(num, &a->axes[a->naxes])) {
                fail("option --axes: '%s' is not an integer", num);
                return -1;
            }
            a->naxes++;
            p += n;
            if (!*p) break;
            p++;
        }
        a->axes_set = 1;
    } else if (strcmp(o, "--exclusive") == 0) a->exclusive = 1;
    else if (strcmp(o, "--reverse") == 0) a->reverse = 1;
    else if (strcmp(o, "--last") == 0) a->last = 1;
    else if (strcmp(o, "--identity-seed") == 0) a->identity_seed = 1;
    else if (strcmp(o, "--order") == 0) {
        if (!parse_order(v, a)) {
            fail("option --order: '%s' is not sequential, blocked, exact, pairwise, torch-compile, xla, cupy or "
                 "tree:ALG:BLOCK:CARRY[:SERIAL[:LANES[:run-seed]]] (ALG kogge-stone|sklansky|brent-kung, BLOCK a "
                 "power of two 2..65536, CARRY after|into-first|recursive|recursive-last, SERIAL 1..65536, LANES a "
                 "power of two 1..65536)",
                 v);
            return -1;
        }
        a->order_set = 1;
        a->order_text = v;
    } else if (strcmp(o, "--function") == 0) {
        a->function = v;
    } else if (strcmp(o, "--log-sum-exp") == 0) {
        int found = find_name(v, lse_names, N_LSE);
        if (found < 0) {
            fail("option --log-sum-exp: '%s' is not shifted or plain", v);
            return -1;
        }
        a->log_sum_exp = found;
        a->log_sum_exp_set = 1;
    } else if (strcmp(o, "--accumulation") == 0) {
        int found = find_name(v, acc_names, N_ACC);
        if (found < 0) {
            fail("option --accumulation: '%s' is not default, native or wide", v);
            return -1;
        }
        a->accumulation = found;
        a->accumulation_set = 1;
    } else if (strcmp(o, "--nan") == 0) {
        int found = find_name(v, nan_names, N_NAN);
        if (found < 0) {
            fail("option --nan: '%s' is not propagate, ignore or compare", v);
            return -1;
        }
        a->nan_policy = found;
        a->nan_set = 1;
    } else if (strcmp(o, "--index-type") == 0) {
        if (strcmp(v, "int32") == 0) a->index_type = DML_TENSOR_DATA_TYPE_INT32;
        else if (strcmp(v, "int64") == 0) a->index_type = DML_TENSOR_DATA_TYPE_INT64;
        else if (strcmp(v, "uint32") == 0) a->index_type = DML_TENSOR_DATA_TYPE_UINT32;
        else if (strcmp(v, "uint64") == 0) a->index_type = DML_TENSOR_DATA_TYPE_UINT64;
        else {
            fail("option --index-type: '%s' is not int32, int64, uint32 or uint64", v);
            return -1;
        }
        a->index_type_set = 1;
    } else if (strcmp(o, "--isa") == 0) {
        int found = find_name(v, isa_names, (int)(sizeof isa_names / sizeof isa_names[0]));
        if (found < 0) {
            fail("option --isa: '%s' is not auto, scalar, sse2, avx2, avx512, avx512fp16, neon or reference", v);
            return -1;
        }
        a->isa = found;
    } else if (strcmp(o, "--threads") == 0) {
        long n;
        if (!parse_long(v, &n) || n < 1 || n > MAX_THREADS) {
            fail("option --threads: '%s' is not an integer from 1 to %d", v, MAX_THREADS);
            return -1;
        }
        a->threads = (uint32_t)n;
    } else return 0;
    return 1;
}

int check_op_args(const op_args *a) {
    const dmlref_operator_info *r = a->op;
    const struct {
        int given;
        const char *option;
        int (*takes)(const dmlref_operator_info *);
        const char *instead; /* the option the operator may take in its place */
    } rules[] = {{a->axis_set, "--axis", takes_axis, "--axes"},
                 {a->axes_set, "--axes", takes_axes, "--axis"},
                 {a->exclusive, "--exclusive", takes_exclusive, NULL},
                 {a->reverse, "--reverse", takes_reverse, "--last"},
                 {a->last, "--last", takes_last, "--reverse"},
                 {a->order_set, "--order", takes_float_order, NULL},
                 {a->accumulation_set, "--accumulation", takes_float_order, NULL},
                 {a->identity_seed, "--identity-seed", takes_float_order, NULL},
                 {a->nan_set, "--nan", takes_nan, NULL},
                 {a->index_type_set, "--index-type", takes_index_type, NULL},
                 {a->log_sum_exp_set, "--log-sum-exp", takes_log_sum_exp, NULL}};
    size_t k;
    char list[512];
    for (k = 0; k < COUNT_OF(rules); k++) {
        int alternative = 0;
        size_t j;
        if (!rules[k].given || rules[k].takes(r)) continue;
        for (j = 0; j < COUNT_OF(rules); j++)
            if (rules[k].instead && strcmp(rules[j].option, rules[k].instead) == 0) alternative = rules[j].takes(r);
        op_groups(list, sizeof list, rules[k].takes);
        if (alternative)
            fail("option %s applies to %s; %s takes %s", rules[k].option, list, r->cli_name, rules[k].instead);
        else fail("option %s applies to %s", rules[k].option, list);
        return 2;
    }
    /* an order the row does not take (ANY: the library's own message, it is dmlref bound's) */
    if (a->order_set && a->float_order != DMLREF_FLOAT_ORDER_ANY && !((r->float_orders >> a->float_order) & 1u)) {
        g_order_asked = a->float_order;
        op_groups(list, sizeof list, takes_order_asked);
        fail("option --order: '%s' applies to %s, not %s", a->order_text, list, r->cli_name);
        return 2;
    }
    return 0;
}

int parse_op_command(int argc, char **argv, op_args *a, const char **pos, int npos_max, int *npos,
                     const char **output) {
    int i;
    op_args_init(a);
    *npos = 0;
    if (!op_select(argc ? argv[0] : "", a)) return 2;
    for (i = 1; i < argc; i++) {
        int r = parse_op_option(argc, argv, &i, a);
        if (r < 0) return 2;
        if (r > 0) continue;
        if (output && strcmp(argv[i], "-o") == 0) {
            if (i + 1 >= argc) {
                fail("option -o needs a file name");
                return 2;
            }
            *output = argv[++i];
            continue;
        }
        if (argv[i][0] == '-' && argv[i][1]) {
            fail("unknown option %s", argv[i]);
            return 2;
        }
        if (*npos >= npos_max) {
            fail("unexpected argument '%s'", argv[i]);
            return 2;
        }
        pos[(*npos)++] = argv[i];
    }
    if (resolve_function(a) != 0) return 2;
    if (*npos != npos_max) {
        fail("expected %d file name%s, got %d", npos_max, npos_max > 1 ? "s" : "", *npos);
        return 2;
    }
    return check_op_args(a);
}

/* A space, then `text` from column `col` (the cursor there), wrapped at spaces before column 100 onto lines
   indented by 21, and a newline. */
static void help_wrap(FILE *f, size_t col, const char *text) {
    while (*text) {
        size_t word = strcspn(text, " ");
        if (col > 21 && col + 1 + word > 100) fputs("\n                     ", f), col = 21;
        else fputc(' ', f), col++;
        fwrite(text, 1, word, f);
        col += word;
        text += word;
        text += strspn(text, " ");
    }
    fputc('\n', f);
}

/* One option's help: its name, the operators that take it (op_groups) and the text. */
static void help_line(FILE *f, const char *option, int (*takes)(const dmlref_operator_info *), const char *text) {
    char line[1024];
    op_groups(line, 512, takes);
    snprintf(line + strlen(line), sizeof line - strlen(line), ": %s", text);
    fprintf(f, "  %-18s", option);
    help_wrap(f, 20, line);
}

void print_op_help(FILE *f) {
    char list[512], functions[256];
    op_names(list, sizeof list, " | ", NULL);
    reduce_function_names(functions, sizeof functions, " | ", 0);
    fputs("operator options (OP:", f);
    help_wrap(f, 21, list);
    fputs("  or OP reduce with --function F, F:", f);
    strncat(functions, "):", sizeof functions - strlen(functions) - 1);
    help_wrap(f, 35, functions);
    help_line(f, "--axis N", takes_axis, "the axis (negative counts from the end); default: the LAST axis");
    help_line(f, "--exclusive", takes_exclusive, "exclusive sum / product");
    help_line(f, "--reverse", takes_reverse, "DML_AXIS_DIRECTION_DECREASING");
    help_line(f, "--order O", takes_float_order, "sequential (default) | blocked | exact | pairwise");
    fputs("                     | torch-compile | xla | cupy | any (bound only)\n"
          "                     | tree:ALG:BLOCK:CARRY[:SERIAL[:LANES[:run-seed]]]: ALG kogge-stone|\n"
          "                     sklansky|brent-kung, BLOCK a power of two 2..65536, CARRY after|\n"
          "                     into-first|recursive|recursive-last, SERIAL elements per lane 1..65536,\n"
          "                     LANES a power of two 1..65536, run-seed: each lane starts at the identity\n"
          "                     (torch-compile, xla, cupy: the GPU stacks' schedules, docs/reproducing.md)\n",
          f);
    {
        static const struct {
            int order;
            const char *text;
        } only[] = {{DMLREF_FLOAT_ORDER_EXACT, "exact:"}, {DMLREF_FLOAT_ORDER_PAIRWISE, "pairwise (NumPy's):"}};
        size_t k;
        for (k = 0; k < COUNT_OF(only); k++) { /* the orders some rows take: which (op_groups) */
            char line[600];
            g_order_asked = only[k].order;
            op_groups(list, sizeof list, takes_order_asked);
            snprintf(line, sizeof line, "%s only %s", only[k].text, list);
            fprintf(f, "%20s", "");
            help_wrap(f, 20, line);
        }
    }
    help_line(f, "--accumulation A", takes_float_order, "default | native | wide");
    help_line(f, "--identity-seed", takes_float_order, "the tally starts at the identity (+0.0 or 1)");
    help_line(f, "--axes N,M,...", takes_axes, "reduced axes (negative counts from the end); default: all");
    help_line(f, "--last", takes_last, "DECREASING (the last index on ties)");
    help_line(f, "--nan P", takes_nan, "propagate (default) | ignore | compare");
    help_line(f, "--index-type T", takes_index_type, "the output type: int32 | int64 (default) | uint32 | uint64");
    help_line(f, "--log-sum-exp F", takes_log_sum_exp,
              "shifted (default: M + log(sum exp(x - M))) | plain (log(sum exp(x)))");
    fputs("  --isa I            auto (default) | scalar | sse2 | avx2 | avx512 | avx512fp16 | neon | reference\n"
          "  --threads N        run on up to N threads, 1 to 1024 (default: every CPU): the same output bits for "
          "every N\n"
          "Reduction outputs keep the input's rank: reduced axes have size 1 (as DirectML).\n",
          f);
}

/* ---- descriptors ------------------------------------------------------------------------- */

/* The reduced axes of an (arg) reduction: out_sizes gets 1 on each. */
static int reduced_axes(opdesc *d, const op_args *a, unsigned rank, unsigned *count) {
    unsigned k, n = a->axes_set ? a->naxes : rank;
    for (k = 0; k < n; k++) {
        long ax = a->axes_set ? a->axes[k] : (long)k;
        if (ax < 0) ax += (long)rank;
        if (ax < 0 || ax >= (long)rank) {
            fail("option --axes: %ld is out of range for a rank-%u input", a->axes[k], rank);
            return 2;
        }
        d->axes[k] = (UINT)ax;
        d->out_sizes[ax] = 1;
    }
    *count = n;
    return 0;
}

int build_desc(opdesc *d, op_args *a, const npy_array *in, DML_TENSOR_DATA_TYPE index_type) {
    const dmlref_operator_info *r = a->op;
    unsigned k, rank = in->rank, naxes = 0;
    DML_AXIS_DIRECTION dir;
    const UINT *strides;
    memset(d, 0, sizeof *d);
    d->rank = rank;
    strides = npy_strides(in, d->in_strides);
    d->ib.DataType = in->type;
    d->ib.Flags = DML_TENSOR_FLAG_NONE;
    d->ib.DimensionCount = rank;
    d->ib.Sizes = in->shape;
    d->ib.Strides = strides;
    d->ib.TotalTensorSizeInBytes = dmlref_calc_buffer_tensor_size(in->type, rank, in->shape, strides);
    d->it.Type = DML_TENSOR_TYPE_BUFFER;
    d->it.Desc = &d->ib;
    for (k = 0; k < rank; k++) d->out_sizes[k] = in->shape[k];
    dir = (a->reverse || a->last) ? DML_AXIS_DIRECTION_DECREASING : DML_AXIS_DIRECTION_INCREASING;
    d->op.Type = (DML_OPERATOR_TYPE)r->operator_type;
    if (r->shape == DMLREF_SHAPE_SCAN) {
        long axis = a->axis_set ? a->axis : (long)rank - 1;
        if (axis < 0) axis += (long)rank;
        if (axis < 0 || axis >= (long)rank) {
            fail("option --axis: %ld is out of range for a rank-%u input", a->axis, rank);
            return 2;
        }
        d->out_type = in->type;
        if (a->stack == 1) a->tree = dmlref_inductor_scan_tree(in->shape[axis], in->type); /* by the row */
        if (r->operator_type == DML_OPERATOR_CUMULATIVE_SUMMATION) {
            DML_CUMULATIVE_SUMMATION_OPERATOR_DESC cs = {&d->it, &d->ot, (UINT)axis, dir, a->exclusive ? TRUE : FALSE};
            d->cs = cs;
            d->op.Desc = &d->cs;
        } else if (r->operator_type == DML_OPERATOR_CUMULATIVE_PRODUCT) {
            DML_CUMULATIVE_PRODUCT_OPERATOR_DESC cp = {&d->it, &d->ot, (UINT)axis, dir, a->exclusive ? TRUE : FALSE};
            d->cp = cp;
            d->op.Desc = &d->cp;
        }
    } else {
        if (reduced_axes(d, a, rank, &naxes) != 0) return 2;
        d->out_type = r->shape == DMLREF_SHAPE_ARG_REDUCTION ? index_type : in->type;
        if (r->operator_type == DML_OPERATOR_ARGMIN) {
            DML_ARGMIN_OPERATOR_DESC amin = {&d->it, &d->ot, naxes, d->axes, dir};
            d->amin = amin;
            d->op.Desc = &d->amin;
        } else if (r->operator_type == DML_OPERATOR_ARGMAX) {
            DML_ARGMAX_OPERATOR_DESC amax = {&d->it, &d->ot, naxes, d->axes, dir};
            d->amax = amax;
            d->op.Desc = &d->amax;
        } else if (r->operator_type == DML_OPERATOR_REDUCE) {
            DML_REDUCE_OPERATOR_DESC red = {(DML_REDUCE_FUNCTION)r->reduce_function, &d->it, &d->ot, naxes, d->axes};
            uint64_t reduced = 1; /* torch-compile's schedule is that of the reduced sequence's length */
            for (k = 0; k < naxes; k++) reduced *= in->shape[d->axes[k]];
            if (a->stack == 1) a->tree = dmlref_inductor_scan_tree(reduced, in->type);
            d->red = red;
            d->op.Desc = &d->red;
        }
    }
    if (!d->op.Desc) {
        fail("internal: no descriptor for operator %s", r->name);
        return 2;
    }
    d->ob.DataType = d->out_type;
    d->ob.Flags = DML_TENSOR_FLAG_NONE;
    d->ob.DimensionCount = rank;
    d->ob.Sizes = d->out_sizes;
    d->ob.Strides = NULL;
    d->ob.TotalTensorSizeInBytes = dmlref_calc_buffer_tensor_size(d->out_type, rank, d->out_sizes, NULL);
    d->ot.Type = DML_TENSOR_TYPE_BUFFER;
    d->ot.Desc = &d->ob;
    d->out_count = 1;
    for (k = 0; k < rank; k++) d->out_count *= d->out_sizes[k];
    d->out_bytes = d->ob.TotalTensorSizeInBytes;
    return 0;
}

int check_output(npy_array *act, const opdesc *d, const char *path) {
    char have[96], need[96];
    if (act->type == d->out_type && same_squeezed(act->rank, act->shape, d->rank, d->out_sizes)) { /* keepdims or not */
        act->rank = d->rank;
        memcpy(act->shape, d->out_sizes, d->rank * sizeof(UINT));
    }
    if (act->type == d->out_type && act->rank == d->rank &&
        memcmp(act->shape, d->out_sizes, d->rank * sizeof(UINT)) == 0)
        return 0;
    format_shape(act->rank, act->shape, have, sizeof have);
    format_shape(d->rank, d->out_sizes, need, sizeof need);
    fail("%s: dtype %s and shape %s do not match the operator's output (%s, shape %s)", path, dtype_name(act->type),
         have, dtype_name(d->out_type), need);
    return 2;
}

/* ---- running ----------------------------------------------------------------------------- */

/* --threads: one pool for the process (the tool takes one --threads), made by the first call the library
   splits and destroyed by threads_finish. */
static thread_pool *g_pool;
static dmlref_parallel g_parallel;

/* The CPUs this process may run on: --threads' default. */
static uint32_t cpu_count(void) {
    long n;
#ifdef __linux__
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0) n = CPU_COUNT(&set);
    else
#endif
        n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1u : n > MAX_THREADS ? (uint32_t)MAX_THREADS : (uint32_t)n;
}

/* g_parallel's parallel_for: the library calls it only for a call it splits, so a small input makes no
   pool. Without a pool (it could not be made) the tasks run here, with the same bits. */
static void threads_parallel_for(void *context, uint32_t task_count, void (*task)(void *, uint32_t), void *argument) {
    (void)context;
    if (!g_pool) g_pool = thread_pool_create(g_parallel.max_tasks);
    thread_pool_parallel_for(g_pool, task_count, task, argument);
}

/* The options.parallel of --threads N (0: every CPU): NULL for one thread. */
static const dmlref_parallel *threads_parallel(uint32_t threads) {
    if (threads == 0) threads = cpu_count();
    if (threads < 2) return NULL;
    g_parallel.parallel_for = threads_parallel_for;
    g_parallel.max_tasks = threads;
    return &g_parallel;
}

void threads_finish(void) {
    if (g_pool) thread_pool_destroy(g_pool);
    g_pool = NULL;
}

void options_from_args(dmlref_options *o, const op_args *a, char *msg, size_t cap) {
    memset(o, 0, sizeof *o);
    o->float_order = a->float_order;
    o->nan_policy = a->nan_policy;
    o->isa = a->isa;
    o->accumulation = a->accumulation;
    o->identity_seed = a->identity_seed;
    o->tree = &a->tree;
    o->error_message = msg;
    o->error_message_capacity = cap;
    o->parallel = threads_parallel(a->threads);
    o->log_sum_exp = a->log_sum_exp;
}

static int library_error(dmlref_status s, const dmlref_options *o) {
    if (s == DMLREF_OK) return 0;
    if (o->error_message && o->error_message[0]) fail("%s", o->error_message);
    else fail("%s: %s", dmlref_status_name(s), dmlref_status_description(s));
    return 2;
}

int exec_op(const opdesc *d, const npy_array *in, void *out, const dmlref_options *o) {
    const void *ins[1];
    void *outs[1];
    ins[0] = in->data;
    outs[0] = out;
    return library_error(dmlref_execute(&d->op, ins, outs, o), o);
}

int exec_bound(const opdesc *d, const npy_array *in, double *bound, const dmlref_options *o) {
    const void *ins[1];
    DML_BUFFER_TENSOR_DESC bb;
    DML_TENSOR_DESC bt;
    ins[0] = in->data;
    bb = d->ob;
    bb.DataType = DML_TENSOR_DATA_TYPE_FLOAT64;
    bb.TotalTensorSizeInBytes =
        dmlref_calc_buffer_tensor_size(DML_TENSOR_DATA_TYPE_FLOAT64, d->rank, d->out_sizes, NULL);
    bt.Type = DML_TENSOR_TYPE_BUFFER;
    bt.Desc = &bb;
    return library_error(dmlref_error_bound(&d->op, ins, &bt, bound, o), o);
}

/* ---- configurations (explain) ------------------------------------------------------------ */

void describe_options(const op_args *a, char *buf, size_t cap) {
    const dmlref_operator_info *r = a->op;
    size_t used = 0, k;
    buf[0] = 0;
    if (takes_float_order(r)) {
        char ord[96] = "";
        for (k = 0; k < COUNT_OF(order_names); k++)
            if (order_names[k].order == a->float_order) snprintf(ord, sizeof ord, "%s", order_names[k].name);
        if (a->float_order == DMLREF_FLOAT_ORDER_TREE && a->stack)
            snprintf(ord, sizeof ord, "%s", stack_names[a->stack - 1]);
        else if (a->float_order == DMLREF_FLOAT_ORDER_TREE && (a->tree.serial || a->tree.lanes || a->tree.run_seed))
            snprintf(ord, sizeof ord, "tree:%s:%lu:%s:%lu:%lu%s", alg_names[a->tree.algorithm],
                     (unsigned long)a->tree.block, carry_names[a->tree.carry],
                     (unsigned long)(a->tree.serial ? a->tree.serial : 1u), (unsigned long)a->tree.lanes,
                     a->tree.run_seed ? ":run-seed" : "");
        else if (a->float_order == DMLREF_FLOAT_ORDER_TREE)
            snprintf(ord, sizeof ord, "tree:%s:%lu:%s", alg_names[a->tree.algorithm], (unsigned long)a->tree.block,
                     carry_names[a->tree.carry]);
        used += (size_t)snprintf(buf, cap, "--order %s --accumulation %s%s", ord, acc_names[a->accumulation],
                                 a->identity_seed ? " --identity-seed" : "");
    }
    if (takes_log_sum_exp(r) && used < cap)
        used +=
            (size_t)snprintf(buf + used, cap - used, "%s--log-sum-exp %s", used ? " " : "", lse_names[a->log_sum_exp]);
    if (takes_nan(r) && used < cap)
        used += (size_t)snprintf(buf + used, cap - used, "%s--nan %s", used ? " " : "", nan_names[a->nan_policy]);
    if (takes_last(r) && a->last && used < cap) snprintf(buf + used, cap - used, "%s--last", used ? " " : "");
}

/* The schedules of the TREE family explain searches beyond the plain trees: every algorithm, blocks R 2..4096,
   every carry, serial 1..16, lanes 1..32 and the run seed, each with every accumulation and seed; the plain
   trees (one element per lane covering the block, AFTER or INTO_FIRST) are op_configurations' already. */
#define FAMILY_R_LOG2_MAX 12
#define FAMILY_SERIAL_MAX 16
#define FAMILY_LANES_LOG2_MAX 5
size_t op_family(const op_args *base, int native_differs, op_args *out) {
    int alg, rl, carry, serial, ll, run, acc, seed;
    size_t n = 0;
    for (alg = 0; alg < N_ALG; alg++)
        for (rl = 1; rl <= FAMILY_R_LOG2_MAX; rl++)
            for (carry = 0; carry < N_CARRY; carry++)
                for (serial = 1; serial <= FAMILY_SERIAL_MAX; serial++)
                    for (ll = 0; ll <= FAMILY_LANES_LOG2_MAX; ll++)
                        for (run = 0; run < 2; run++) {
                            if (serial == 1 && (1 << ll) >= (1 << rl) && !run && carry < 2) continue; /* plain */
                            for (acc = 0; acc < N_ACC; acc++)
                                for (seed = 0; seed < 2; seed++, n++) {
                                    op_args *t = out ? &out[n] : NULL;
                                    if (acc == DMLREF_ACCUMULATION_NATIVE && !native_differs) {
                                        n--; /* NATIVE is DEFAULT but for FLOAT16 */
                                        continue;
                                    }
                                    if (!t) continue;
                                    *t = *base;
                                    t->float_order = DMLREF_FLOAT_ORDER_TREE;
                                    t->stack = 0;
                                    t->tree.algorithm = alg;
                                    t->tree.block = 1u << rl;
                                    t->tree.carry = carry;
                                    t->tree.serial = (uint32_t)serial;
                                    t->tree.lanes = 1u << ll;
                                    t->tree.run_seed = run;
                                    t->accumulation = acc;
                                    t->identity_seed = seed;
                                }
                        }
    return n;
}

size_t op_presets(const op_args *base, DML_TENSOR_DATA_TYPE type, uint64_t rows, uint64_t length, unsigned axis,
                  unsigned rank, op_args *out, const char **labels, int *stacks) {
    size_t n = 0;
    op_args t = *base;
    t.stack = 0;
    memset(&t.tree, 0, sizeof t.tree);
#define PRESET(label_text, stack_code)                                           \
    do {                                                                         \
        if (out) out[n] = t, labels[n] = (label_text), stacks[n] = (stack_code); \
        n++;                                                                     \
    } while (0)
    if (axis + 1u == rank && rows > 1) {
        t.float_order = DMLREF_FLOAT_ORDER_TREE, t.accumulation = DMLREF_ACCUMULATION_NATIVE, t.identity_seed = 1;
        t.tree.algorithm = DMLREF_TREE_SKLANSKY, t.tree.carry = DMLREF_CARRY_INTO_FIRST;
        t.tree.block = dmlref_pytorch_cuda_scan_block(rows, length);
        PRESET("PyTorch CUDA innermost axis", 0);
    }
    memset(&t.tree, 0, sizeof t.tree);
    t.float_order = DMLREF_FLOAT_ORDER_SEQUENTIAL, t.accumulation = DMLREF_ACCUMULATION_NATIVE, t.identity_seed = 1;
    PRESET("PyTorch CUDA outer axis", 0);
    t.accumulation = type == DML_TENSOR_DATA_TYPE_FLOAT32 ? DMLREF_ACCUMULATION_WIDE : DMLREF_ACCUMULATION_DEFAULT;
    PRESET("PyTorch CPU", 0);
    t.accumulation = DMLREF_ACCUMULATION_NATIVE, t.identity_seed = 0;
    PRESET("NumPy", 0);
    t.float_order = DMLREF_FLOAT_ORDER_TREE, t.accumulation = DMLREF_ACCUMULATION_DEFAULT;
    t.tree = dmlref_inductor_scan_tree(length, type);
    PRESET("torch.compile (Inductor)", 1); /* stack codes: op_args.stack */
    t.tree = dmlref_xla_scan_tree(), t.accumulation = DMLREF_ACCUMULATION_NATIVE;
    PRESET("JAX/XLA", 2);
    t.tree = dmlref_cupy_scan_tree();
    PRESET("CuPy", 3);
#undef PRESET
    return n;
}

size_t op_configurations(const op_args *base, int integer, op_args *out) {
    const dmlref_operator_info *r = base->op;
    int tally = takes_float_order(r) && !integer; /* orders, accumulations and seeds give other bits */
    uint32_t orders = tally ? r->float_orders : 1u << DMLREF_FLOAT_ORDER_SEQUENTIAL;
    int accs = tally ? N_ACC : 1, seeds = tally ? 2 : 1;
    int nans = takes_nan(r) ? N_NAN : 1, lasts = takes_last(r) ? 2 : 1, lses = takes_log_sum_exp(r) ? N_LSE : 1;
    /* a reduction also runs the GPU stacks' TREE schedules (the scans have them as named presets) */
    int stacks =
        tally && r->shape == DMLREF_SHAPE_REDUCTION && ((orders >> DMLREF_FLOAT_ORDER_TREE) & 1u) ? N_STACK : 0;
    int order, tr, acc, seed, nan, last, lse;
    size_t n = 0;
    for (order = 0; order < DMLREF_FLOAT_ORDER_COUNT + stacks; order++) {
        int stack = order >= DMLREF_FLOAT_ORDER_COUNT ? order - DMLREF_FLOAT_ORDER_COUNT + 1 : 0;
        int trees = order == DMLREF_FLOAT_ORDER_TREE ? N_ALG * N_BLOCK * N_CARRY_PLAIN : 1;
        if (!stack && !((orders >> order) & 1u)) continue;
        for (tr = 0; tr < trees; tr++)
            for (acc = 0; acc < accs; acc++)
                for (seed = 0; seed < seeds; seed++)
                    for (nan = 0; nan < nans; nan++)
                        for (last = 0; last < lasts; last++)
                            for (lse = 0; lse < lses; lse++, n++) {
                                op_args *t = out ? &out[n] : NULL;
                                if (!t) continue;
                                *t = *base;
                                t->float_order = stack ? DMLREF_FLOAT_ORDER_TREE : order;
                                t->stack = stack;
                                memset(&t->tree, 0, sizeof t->tree);
                                t->tree.algorithm = tr / (N_BLOCK * N_CARRY_PLAIN);
                                t->tree.block = (uint32_t)1 << (TREE_BLOCK_LOG2_MIN + tr / N_CARRY_PLAIN % N_BLOCK);
                                t->tree.carry = tr % N_CARRY_PLAIN;
                                if (stack == 2) t->tree = dmlref_xla_scan_tree();
                                if (stack == 3) t->tree = dmlref_cupy_scan_tree(); /* 1: build_desc sets it */
                                t->accumulation = acc;
                                t->identity_seed = seed;
                                t->nan_policy = nan;
                                t->last = last;
                                t->log_sum_exp = lse;
                            }
    }
    return n;
}
