/* cli/json_desc.c - the DxDispatch JSON reader of `dmlref run --desc` (cli/json_desc.h): the operator
   type and REDUCE Function pick a row of the operator table, whose shape and flags give the desc's
   fields (every row of a DML_OPERATOR_ type shares the type's desc struct). */
#include "json_desc.h"
#include "cli.h"
#include "json.h"
#include "ops.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* "REDUCE ARGMAX": the DML_OPERATOR_ suffix of a row's name, and its REDUCE function after the space. */
static size_t type_length(const dmlref_operator_info *r) { return strcspn(r->name, " "); }
static const char *function_name(const dmlref_operator_info *r) { return r->name + type_length(r) + 1; }

/* The first row of the operator type named `s` ("DML_OPERATOR_ARGMAX" or "ARGMAX"), or NULL. */
static const dmlref_operator_info *type_row(const char *s) {
    uint32_t i;
    if (strncmp(s, "DML_OPERATOR_", 13) == 0) s += 13;
    for (i = 0; i < dmlref_operator_count(); i++) {
        const dmlref_operator_info *r = dmlref_operator_at(i);
        if (strlen(s) == type_length(r) && strncmp(s, r->name, type_length(r)) == 0) return r;
    }
    return NULL;
}

/* "CUMULATIVE_SUMMATION, ..., REDUCE with Function ARGMAX/ARGMIN/...": the implemented types. */
static void implemented_types(char *buf, size_t cap) {
    char fns[256] = "";
    const dmlref_operator_info *fn_row = NULL; /* a row with a function */
    uint32_t i;
    size_t used = 0, fused = 0;
    buf[0] = 0;
    for (i = 0; i < dmlref_operator_count(); i++) {
        const dmlref_operator_info *r = dmlref_operator_at(i);
        if (!(r->flags & DMLREF_OPERATOR_IMPLEMENTED)) continue;
        if (r->reduce_function < 0 && used < cap)
            used += (size_t)snprintf(buf + used, cap - used, "%s%s", used ? ", " : "", r->name);
        else if (r->reduce_function >= 0 && fused < sizeof fns) {
            fn_row = r;
            fused += (size_t)snprintf(fns + fused, sizeof fns - fused, "%s%s", fused ? "/" : "", function_name(r));
        }
    }
    if (fn_row && used < cap)
        snprintf(buf + used, cap - used, ", %.*s with Function %s", (int)type_length(fn_row), fn_row->name, fns);
}

/* An enum value written in full (PREFIX_SUFFIX) or as its suffix (DxDispatch's abbreviated form): the
   suffix, or NULL after a message. */
static const char *jenum_suffix(const json_value *v, const char *what, const char *prefix) {
    size_t pl = strlen(prefix);
    if (!v || v->type != JSON_STRING) {
        fail("--desc: %s must be a string (%s...)", what, prefix);
        return NULL;
    }
    return strncmp(v->text, prefix, pl) == 0 ? v->text + pl : v->text;
}

static int jenum(const json_value *v, const char *what, const char *prefix, const char *const *suffixes, int n,
                 int *out) {
    const char *s = jenum_suffix(v, what, prefix);
    int k;
    if (!s) return 0;
    for (k = 0; k < n; k++)
        if (strcmp(s, suffixes[k]) == 0) {
            *out = k;
            return 1;
        }
    fail("--desc: %s: unknown or unsupported value '%s'", what, v->text);
    return 0;
}

static int juint_value(const json_value *v, long *out) {
    int64_t x;
    if (!json_as_int64(v, &x) || x < 0 || x > 0xFFFFFFFFLL) return 0;
    *out = (long)x;
    return 1;
}

static int juint(const json_value *v, const char *what, long *out) {
    if (!v || !juint_value(v, out)) {
        fail("--desc: %s must be a non-negative integer", what);
        return 0;
    }
    return 1;
}

static int juint_list(const json_value *v, const char *what, unsigned *n, long *out) {
    size_t i;
    if (!v || v->type != JSON_ARRAY || v->count > MAX_RANK) {
        fail("--desc: %s must be an array of at most %d non-negative integers", what, MAX_RANK);
        return 0;
    }
    for (i = 0; i < v->count; i++)
        if (!juint_value(&v->children[i], &out[i])) {
            fail("--desc: %s: element %lu is not a non-negative integer", what, (unsigned long)i);
            return 0;
        }
    *n = (unsigned)v->count;
    return 1;
}

/* DataType: one of the eleven dtypes, by dml_ref's name ("FLOAT32"). */
static int jdata_type(const json_value *v, DML_TENSOR_DATA_TYPE *t) {
    const char *s = jenum_suffix(v, "DataType", "DML_TENSOR_DATA_TYPE_");
    const dtype_info *di;
    size_t i;
    if (!s) return 0;
    for (i = 0; (di = dtype_at(i)) != NULL; i++)
        if (strcmp(s, dmlref_data_type_name(di->type)) == 0) {
            *t = di->type;
            return 1;
        }
    fail("--desc: DataType: unknown or unsupported value '%s'", v->text);
    return 0;
}

/* A DML_TENSOR_DESC: {"DataType", "Sizes", ...} or {"Type": "BUFFER", "Desc": {...}}. */
static int jtensor_parse(const json_value *v, const char *field, jtensor *t) {
    size_t i;
    int has_desc = 0, k;
    long dims = -1, vals[MAX_RANK];
    unsigned n;
    const json_value *d;
    if (!v || v->type != JSON_OBJECT) {
        fail("--desc: %s must be an object (a DML_TENSOR_DESC)", field);
        return 0;
    }
    memset(t, 0, sizeof *t);
    d = json_get(v, "Desc");
    if (d) {
        for (i = 0; i < v->count; i++)
            if (strcmp(v->children[i].key, "Type") != 0 && strcmp(v->children[i].key, "Desc") != 0) {
                fail("--desc: %s: unknown field '%s' beside Desc", field, v->children[i].key);
                return 0;
            }
        has_desc = 1;
    }
    if (json_get(v, "Type")) {
        static const char *const tt[] = {"INVALID", "BUFFER"};
        if (!jenum(json_get(v, "Type"), "Type of a tensor", "DML_TENSOR_TYPE_", tt, 2, &k)) return 0;
        if (k != 1) {
            fail("--desc: %s: only DML_TENSOR_TYPE_BUFFER tensors are supported", field);
            return 0;
        }
    }
    if (has_desc) {
        v = d;
        if (v->type != JSON_OBJECT) {
            fail("--desc: %s.Desc must be an object", field);
            return 0;
        }
    }
    for (i = 0; i < v->count; i++) {
        const char *key = v->children[i].key;
        const json_value *x = &v->children[i];
        if (strcmp(key, "DataType") == 0) {
            if (!jdata_type(x, &t->type)) return 0;
        } else if (strcmp(key, "Sizes") == 0) {
            if (!juint_list(x, "Sizes", &n, vals)) return 0;
            if (n == 0) {
                fail("--desc: %s: Sizes is empty", field);
                return 0;
            }
            t->rank = n;
            for (k = 0; k < (int)n; k++) t->sizes[k] = (UINT)vals[k];
        } else if (strcmp(key, "Strides") == 0) {
            if (x->type == JSON_NULL) continue;
            if (!juint_list(x, "Strides", &n, vals)) return 0;
            t->has_strides = (int)n + 1;
            for (k = 0; k < (int)n; k++) t->strides[k] = (UINT)vals[k];
        } else if (strcmp(key, "DimensionCount") == 0) {
            if (!juint(x, "DimensionCount", &dims)) return 0;
        } else if (strcmp(key, "Flags") == 0) {
            static const char *const fl[] = {"NONE", "OWNED_BY_DML"};
            if (!jenum(x, "Flags", "DML_TENSOR_FLAG_", fl, 2, &k)) return 0;
        } else if (strcmp(key, "TotalTensorSizeInBytes") == 0 || strcmp(key, "GuaranteedBaseOffsetAlignment") == 0) {
            long ignored;
            if (!juint(x, key, &ignored)) return 0;
        } else if (strcmp(key, "Type") == 0 && !has_desc) {
            continue; /* checked above */
        } else {
            fail("--desc: %s: unknown field '%s'", field, key);
            return 0;
        }
    }
    if (!t->type || !t->rank) {
        fail("--desc: %s: %s is required", field, t->type ? "Sizes" : "DataType");
        return 0;
    }
    if (dims >= 0 && (unsigned long)dims != t->rank) {
        fail("--desc: %s: DimensionCount %ld but %u Sizes", field, dims, t->rank);
        return 0;
    }
    if (t->has_strides && (unsigned)(t->has_strides - 1) != t->rank) {
        fail("--desc: %s: %d Strides for %u Sizes", field, t->has_strides - 1, t->rank);
        return 0;
    }
    return 1;
}

/* The row of a REDUCE desc's Function; NULL after a message. */
static const dmlref_operator_info *jfunction_row(const json_value *v) {
    const char *s = jenum_suffix(v, "Function", "DML_REDUCE_FUNCTION_");
    uint32_t i;
    if (!s) return NULL;
    for (i = 0; i < dmlref_operator_count(); i++) {
        const dmlref_operator_info *r = dmlref_operator_at(i);
        if (r->reduce_function < 0 || strcmp(s, function_name(r)) != 0) continue;
        if (r->flags & DMLREF_OPERATOR_IMPLEMENTED) return r;
        fail("--desc: Function %s: operator %s (%s) is not implemented by dml_ref", v->text, r->cli_name, r->name);
        return NULL;
    }
    {
        char list[256];
        reduce_function_names(list, sizeof list, ", ", 1);
        fail("--desc: Function: unknown value '%s' (DML_REDUCE_FUNCTION_ %s)", v->text, list);
    }
    return NULL;
}

/* Checks the dispatchable {"type", "desc"} and fills jd. */
static int jdesc_parse(const json_value *disp, const char *name, jdesc *jd) {
    const json_value *type = NULL, *desc = NULL;
    const dmlref_operator_info *tr; /* the type's first row: the desc's fields */
    const char *excl_field = NULL;
    size_t i;
    int k, scan, direction, reduce;
    int seen_axis = 0, seen_dir = 0, seen_excl = 0, seen_axes = 0, seen_in = 0, seen_out = 0;
    long axis_count = -1;
    memset(jd, 0, sizeof *jd);
    if (disp->type != JSON_OBJECT) {
        fail("--desc: dispatchable '%s' must be an object", name);
        return 0;
    }
    for (i = 0; i < disp->count; i++) {
        const char *key = disp->children[i].key;
        if (strcmp(key, "type") == 0 || strcmp(key, "Type") == 0) type = &disp->children[i];
        else if (strcmp(key, "desc") == 0 || strcmp(key, "Desc") == 0) desc = &disp->children[i];
        else if (strcmp(key, "dmlCompileType") == 0) continue; /* compile op or graph: irrelevant here */
        else {
            fail("--desc: dispatchable '%s': unknown field '%s'", name, key);
            return 0;
        }
    }
    if (!type || type->type != JSON_STRING) {
        fail("--desc: dispatchable '%s': \"type\" (a string, DML_OPERATOR_...) is required", name);
        return 0;
    }
    tr = type_row(type->text);
    if (!tr || (tr->reduce_function < 0 && !(tr->flags & DMLREF_OPERATOR_IMPLEMENTED))) {
        char list[512];
        implemented_types(list, sizeof list);
        fail("--desc: unsupported operator type '%s' (supported: DML_OPERATOR_%s)", type->text, list);
        return 0;
    }
    if (!desc || desc->type != JSON_OBJECT) {
        fail("--desc: dispatchable '%s': \"desc\" (an object) is required", name);
        return 0;
    }
    scan = tr->shape == DMLREF_SHAPE_SCAN;
    direction = (tr->flags & DMLREF_OPERATOR_DIRECTION) != 0;
    reduce = tr->reduce_function >= 0;
    if (tr->flags & DMLREF_OPERATOR_EXCLUSIVE)
        excl_field = tr->combine == DMLREF_COMBINE_MULTIPLY ? "HasExclusiveProduct" : "HasExclusiveSum";
    jd->op = reduce ? NULL : tr;
    for (i = 0; i < desc->count; i++) {
        const char *key = desc->children[i].key;
        const json_value *x = &desc->children[i];
        if (strcmp(key, "InputTensor") == 0) {
            if (!jtensor_parse(x, "InputTensor", &jd->in)) return 0;
            seen_in = 1;
        } else if (strcmp(key, "OutputTensor") == 0) {
            if (!jtensor_parse(x, "OutputTensor", &jd->out)) return 0;
            seen_out = 1;
        } else if (strcmp(key, "Axis") == 0 && scan) {
            if (!juint(x, "Axis", &jd->axis)) return 0;
            seen_axis = 1;
        } else if (strcmp(key, "AxisDirection") == 0 && direction) {
            static const char *const dirs[] = {"INCREASING", "DECREASING"};
            if (!jenum(x, "AxisDirection", "DML_AXIS_DIRECTION_", dirs, 2, &k)) return 0;
            jd->reverse = k;
            seen_dir = 1;
        } else if (excl_field && strcmp(key, excl_field) == 0) {
            if (x->type != JSON_TRUE && x->type != JSON_FALSE) {
                fail("--desc: %s must be true or false (got %s)", key, json_type_name(x->type));
                return 0;
            }
            jd->exclusive = x->type == JSON_TRUE;
            seen_excl = 1;
        } else if (strcmp(key, "Axes") == 0 && !scan) {
            if (!juint_list(x, "Axes", &jd->naxes, jd->axes)) return 0;
            seen_axes = 1;
        } else if (strcmp(key, "AxisCount") == 0 && !scan) {
            if (!juint(x, "AxisCount", &axis_count)) return 0;
        } else if (strcmp(key, "Function") == 0 && reduce) {
            if (!(jd->op = jfunction_row(x))) return 0;
        } else {
            fail("--desc: unknown field '%s' in a %s desc", key, type->text);
            return 0;
        }
    }
    {
        const char *missing = !seen_in                   ? "InputTensor"
                              : !seen_out                ? "OutputTensor"
                              : scan && !seen_axis       ? "Axis"
                              : direction && !seen_dir   ? "AxisDirection"
                              : excl_field && !seen_excl ? excl_field
                              : !scan && !seen_axes      ? "Axes"
                              : !jd->op                  ? "Function"
                                                         : NULL;
        if (missing) {
            fail("--desc: %s desc: field %s is required", type->text, missing);
            return 0;
        }
    }
    if (axis_count >= 0 && (unsigned long)axis_count != jd->naxes) {
        fail("--desc: AxisCount %ld but %u Axes", axis_count, jd->naxes);
        return 0;
    }
    return 1;
}

/* Finds the dispatchable: the root itself, or the single DML operator among a model's "dispatchables"
   (or the one named `want`). */
static const json_value *jfind_dispatchable(const json_value *root, const char *want, const char **name) {
    const json_value *ds, *found = NULL;
    size_t i;
    unsigned nops = 0;
    char list[256] = "";
    if (root->type != JSON_OBJECT) {
        fail("--desc: the JSON root must be an object (a DxDispatch model or one dispatchable)");
        return NULL;
    }
    ds = json_get(root, "dispatchables");
    if (!ds && !json_get(root, "resources") && !json_get(root, "commands")) {
        if (want) {
            fail("--dispatchable applies to a whole DxDispatch model (with \"dispatchables\")");
            return NULL;
        }
        *name = "(root)";
        return root;
    }
    for (i = 0; i < root->count; i++)
        if (strcmp(root->children[i].key, "dispatchables") != 0 && strcmp(root->children[i].key, "resources") != 0 &&
            strcmp(root->children[i].key, "commands") != 0) {
            fail("--desc: unknown field '%s' in a DxDispatch model", root->children[i].key);
            return NULL;
        }
    if (!ds || ds->type != JSON_OBJECT) {
        fail("--desc: the model's \"dispatchables\" must be an object");
        return NULL;
    }
    for (i = 0; i < ds->count; i++) {
        const json_value *t = ds->children[i].type == JSON_OBJECT ? json_get(&ds->children[i], "type") : NULL;
        if (!t) t = ds->children[i].type == JSON_OBJECT ? json_get(&ds->children[i], "Type") : NULL;
        if (want) {
            if (strcmp(ds->children[i].key, want) == 0) {
                *name = ds->children[i].key;
                return &ds->children[i];
            }
            continue;
        }
        /* HLSL, ONNX and serialized-graph dispatchables are not DirectML operators */
        if (t && t->type == JSON_STRING &&
            (strcmp(t->text, "hlsl") == 0 || strcmp(t->text, "onnx") == 0 ||
             strcmp(t->text, "DmlSerializedGraph") == 0))
            continue;
        nops++;
        found = &ds->children[i];
        *name = ds->children[i].key;
        if (strlen(list) + strlen(ds->children[i].key) + 4 < sizeof list) {
            if (list[0]) strcat(list, ", ");
            strcat(list, ds->children[i].key);
        }
    }
    if (want) {
        fail("--desc: no dispatchable named '%s'", want);
        return NULL;
    }
    if (nops == 0) {
        fail("--desc: the model has no DirectML operator dispatchable");
        return NULL;
    }
    if (nops > 1) {
        fail("--desc: the model has %u DirectML operator dispatchables (%s): choose one with --dispatchable NAME", nops,
             list);
        return NULL;
    }
    return found;
}

static void format_uints(const UINT *v, unsigned n, char *buf, size_t cap) {
    unsigned k;
    size_t len;
    snprintf(buf, cap, "[");
    for (k = 0; k < n; k++) {
        len = strlen(buf);
        snprintf(buf + len, cap - len, "%s%lu", k ? "," : "", (unsigned long)v[k]);
    }
    len = strlen(buf);
    snprintf(buf + len, cap - len, "]");
}

int jtensor_check(const jtensor *t, const char *field, DML_TENSOR_DATA_TYPE type, unsigned rank, const UINT *sizes,
                  const UINT *strides, const char *what) {
    unsigned k;
    char a[160], b[160];
    UINT packed[MAX_RANK];
    if (t->type != type) {
        fail("--desc: %s DataType %s does not match %s (%s)", field, dmlref_data_type_name(t->type), what,
             dmlref_data_type_name(type));
        return 0;
    }
    if (t->rank != rank || memcmp(t->sizes, sizes, rank * sizeof *sizes) != 0) {
        format_uints(t->sizes, t->rank, a, sizeof a);
        format_uints(sizes, rank, b, sizeof b);
        fail("--desc: %s Sizes %s do not match %s %s (no broadcasting: they must be equal)", field, a, what, b);
        return 0;
    }
    if (!t->has_strides) return 1;
    if (!strides) {
        UINT mul = 1;
        for (k = rank; k-- > 0;) {
            packed[k] = mul;
            mul *= sizes[k];
        }
        strides = packed;
    }
    for (k = 0; k < rank; k++)
        if (sizes[k] > 1 && t->strides[k] != strides[k]) {
            format_uints(t->strides, rank, a, sizeof a);
            format_uints(strides, rank, b, sizeof b);
            fail("--desc: %s Strides %s do not describe the layout of %s (%s)", field, a, what, b);
            return 0;
        }
    return 1;
}

/* \u0000 would cut a key or a name short where the desc is read with strcmp. */
static int has_nul(const json_value *v) {
    size_t i;
    if (v->key && strlen(v->key) != v->key_length) return 1;
    if (v->type == JSON_STRING && strlen(v->text) != v->text_length) return 1;
    for (i = 0; i < v->count; i++)
        if (has_nul(&v->children[i])) return 1;
    return 0;
}

int jdesc_load(const char *path, const char *want, jdesc *jd) {
    size_t size;
    unsigned char *buf = read_file(path, &size);
    char err[256];
    json_value *root;
    const json_value *disp;
    const char *name = NULL;
    int ok;
    if (!buf) return 2;
    root = json_parse((const char *)buf, size, err, sizeof err);
    free(buf);
    if (!root) {
        fail("%s: malformed JSON at %s", path, err);
        return 2;
    }
    if (has_nul(root)) {
        fail("%s: a string or key holds \\u0000", path);
        json_free(root);
        return 2;
    }
    disp = jfind_dispatchable(root, want, &name);
    ok = disp && jdesc_parse(disp, name, jd);
    json_free(root);
    return ok ? 0 : 2;
}
