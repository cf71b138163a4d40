/* tests/test_tree.c - DMLREF_FLOAT_ORDER_TREE, options.accumulation (DEFAULT,
   NATIVE, WIDE), options.identity_seed, DMLREF_NAN_COMPARE and
   dmlref_pytorch_cuda_scan_block, against a model written from the contract
   text alone (semantics.md, "Float orders" and the issue's rules), never from
   dml_ref.h's implementation. Only the public API is called.

   The model keeps every value as a double and performs each operation in the
   accumulation type: float32 arithmetic, float64 arithmetic, or (NATIVE
   FLOAT16) the exact double result rounded to binary16 by this file's own
   rounding (tt_round_double, which also rounds float64 tallies to binary16 and
   float32 once, for WIDE). FLOAT16 inputs are widened with oracle_f16_to_f32
   and DEFAULT-accumulated outputs narrowed with oracle_f32_to_f16 (tests/oracle.c,
   independent of the library).

   tree/model/...      every tree x carry x accumulation x identity_seed, sums and
                       products, FLOAT16/32/64, inclusive/exclusive, both
                       directions, blocks 2..65536, lengths 1, B-1, B, B+1 and
                       several blocks with a partial last, special values
   tree/strided/...    2-D and 3-D tensors, padded and transposed layouts, any axis
   tree/blocked/...    BLOCKED == TREE {KOGGE_STONE, 16, CARRY_AFTER} for sums (and
                       BLOCKED == SEQUENTIAL for products), library against itself
   tree/sequential/... SEQUENTIAL with every accumulation and identity_seed
   tree/integers       integer scans give their one answer under every new option
   tree/nan-compare/.. ARGMIN/ARGMAX/REDUCE with DMLREF_NAN_COMPARE
   tree/invalid        invalid option values: DMLREF_ERROR_INVALID_OPTION, output untouched
   tree/pytorch-block  dmlref_pytorch_cuda_scan_block against PyTorch's formula
   tree/hand           hand-computed vectors (association visible), model and library
   tree/model-selftest the model's own rounding against independent references

   Every library result is compared bit for bit on every ISA this build and CPU
   have. Data come from fixed seeds (FNV-1a of the case name). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../dml_ref.h"
#include "fixture.h"
#include "oracle.h"
#include "runner.h"
#include "suites.h"
#include "tree_model.h"

#define TT_MAX_FAILURES 16 /* a case stops early after this many failed checks */
#define TT_MAX_RANK 4
#define TT_FILL 0xA5

static int tt_stop(void) { return tr_case_failures() >= TT_MAX_FAILURES; }

static uint64_t tt_canonical_nan(DML_TENSOR_DATA_TYPE t) {
    if (t == DML_TENSOR_DATA_TYPE_FLOAT16) return 0x7E00u;
    if (t == DML_TENSOR_DATA_TYPE_FLOAT32) return 0x7FC00000u;
    return 0x7FF8000000000000ull;
}
static uint64_t tt_one_bits(DML_TENSOR_DATA_TYPE t) {
    if (t == DML_TENSOR_DATA_TYPE_FLOAT16) return 0x3C00u;
    if (t == DML_TENSOR_DATA_TYPE_FLOAT32) return 0x3F800000u;
    if (t == DML_TENSOR_DATA_TYPE_FLOAT64) return 0x3FF0000000000000ull;
    return 1u;
}
static uint64_t tt_sign_bit(DML_TENSOR_DATA_TYPE t) { return (uint64_t)1 << (fx_type_size(t) * 8u - 1u); }
static uint64_t tt_inf_bits(DML_TENSOR_DATA_TYPE t) {
    if (t == DML_TENSOR_DATA_TYPE_FLOAT16) return 0x7C00u;
    if (t == DML_TENSOR_DATA_TYPE_FLOAT32) return 0x7F800000u;
    return 0x7FF0000000000000ull;
}

/* Exact value of a float element. */
static double tt_value(DML_TENSOR_DATA_TYPE t, uint64_t bits) {
    if (t == DML_TENSOR_DATA_TYPE_FLOAT16) return (double)oracle_f16_to_f32((uint16_t)bits);
    if (t == DML_TENSOR_DATA_TYPE_FLOAT32) return (double)fx_bits_float(bits);
    return fx_bits_double(bits);
}

/* Round a double once, to nearest even, to the binary format with `precision`
   significand bits (implicit bit included) and `exponent_bits` exponent bits:
   subnormals, overflow to infinity, signed zeros; NaN gives the canonical
   quiet NaN. Pure integer work on the double's bits: no float32 in between. */
static uint64_t tt_round_double(double v, unsigned precision, unsigned exponent_bits) {
    const uint64_t d = fx_double_bits(v);
    const uint64_t ones = ((uint64_t)1 << exponent_bits) - 1u;
    const uint64_t sign = (d >> 63) << (precision + exponent_bits - 1u);
    const int bias = (int)(ones >> 1), emin = 1 - bias;
    int field = (int)((d >> 52) & 0x7FFu), e, eq;
    uint64_t m = d & 0xFFFFFFFFFFFFFull, q, bits;
    unsigned shift;
    if (field == 0x7FF) {
        if (m) return (ones << (precision - 1u)) | ((uint64_t)1 << (precision - 2u));
        return sign | (ones << (precision - 1u));
    }
    if (field == 0) return sign; /* zero, or a double subnormal: far below half the target's smallest step */
    m |= (uint64_t)1 << 52;
    e = field - 1023;
    eq = e < emin ? emin : e; /* exponent of the target's step at this value */
    shift = (unsigned)(52 - ((int)precision - 1) + (eq - e));
    if (shift > 60) {
        q = 0; /* below a quarter of the smallest subnormal */
    } else {
        uint64_t rem = m & (((uint64_t)1 << shift) - 1u), half = (uint64_t)1 << (shift - 1u);
        q = m >> shift;
        if (rem > half || (rem == half && (q & 1u))) q++;
    }
    /* q counts steps of 2^(eq - precision + 1); a carry into 2^precision moves the exponent up by itself. */
    bits = ((uint64_t)(eq + bias - 1) << (precision - 1u)) + q;
    if ((bits >> (precision - 1u)) >= ones) bits = ones << (precision - 1u);
    return sign | bits;
}
static uint64_t tt_to_half(double v) { return tt_round_double(v, 11, 5); }
static uint64_t tt_to_single(double v) { return tt_round_double(v, 24, 8); }

/* ---- the scan model -------------------------------------------------------------- */

enum { TT_K_HALF, TT_K_SINGLE, TT_K_DOUBLE };


static int tt_kind(DML_TENSOR_DATA_TYPE t, int accumulation) {
    if (t == DML_TENSOR_DATA_TYPE_FLOAT64 || accumulation == DMLREF_ACCUMULATION_WIDE) return TT_K_DOUBLE;
    if (t == DML_TENSOR_DATA_TYPE_FLOAT16 && accumulation == DMLREF_ACCUMULATION_NATIVE) return TT_K_HALF;
    return TT_K_SINGLE;
}

/* One operation a (+) b in the accumulation type. */
static double tt_apply(int kind, int product, double a, double b) {
    if (kind == TT_K_SINGLE) {
        float fa = (float)a, fb = (float)b, r;
        r = product ? fa * fb : fa + fb;
        return (double)r;
    }
    if (kind == TT_K_HALF) { /* a, b are binary16 values: their sum or product is exact in double */
        double r = product ? a * b : a + b;
        return (double)oracle_f16_to_f32((uint16_t)tt_to_half(r));
    }
    return product ? a * b : a + b;
}

/* An accumulated value to the output type's bits. */
static uint64_t tt_output_bits(DML_TENSOR_DATA_TYPE t, int kind, double v) {
    if (v != v) return tt_canonical_nan(t);
    if (t == DML_TENSOR_DATA_TYPE_FLOAT64) return fx_double_bits(v);
    if (t == DML_TENSOR_DATA_TYPE_FLOAT32) return kind == TT_K_SINGLE ? fx_float_bits((float)v) : tt_to_single(v);
    return kind == TT_K_SINGLE ? (uint64_t)oracle_f32_to_f16((float)v) : tt_to_half(v);
}

/* The tree inside one block: z[0..len-1] of a block of `block` elements
   (operations whose destination is at len or beyond are skipped). */
static void tt_tree(int algorithm, uint32_t block, int kind, int product, double *z, size_t len, double *tmp) {
    size_t i, k, s;
    unsigned m;
    if (algorithm == DMLREF_TREE_KOGGE_STONE) {
        for (k = 1; k < block && k < len; k <<= 1) {
            memcpy(tmp, z, len * sizeof *z);
            for (i = k; i < len; i++) z[i] = tt_apply(kind, product, tmp[i - k], tmp[i]);
        }
    } else if (algorithm == DMLREF_TREE_SKLANSKY) {
        /* z[((i >> m) << m) - 1] has bit m clear: no element is both read and written in a step */
        for (m = 0; ((size_t)1 << m) < block && ((size_t)1 << m) < len; m++)
            for (i = 0; i < len; i++)
                if ((i >> m) & 1u) z[i] = tt_apply(kind, product, z[((i >> m) << m) - 1u], z[i]);
    } else { /* BRENT_KUNG: sources and destinations of a step are disjoint too */
        for (s = 1; s < block; s <<= 1)
            for (i = 2 * s - 1; i < len; i += 2 * s) z[i] = tt_apply(kind, product, z[i - s], z[i]);
        for (s = block / 4; s >= 1; s >>= 1)
            for (i = 3 * s - 1; i < len; i += 2 * s) z[i] = tt_apply(kind, product, z[i - s], z[i]);
    }
}

/* A block's own scan as the GPU stacks' models define it: the block padded with
   the identity to whole tiles of serial x lanes; lane l of a tile holds its
   elements l serial .. (l + 1) serial - 1 and adds them in order (from the
   identity when run_seed); the tree runs over all `lanes` totals T; with c the
   value of the tiles before (none in the first tile), element e of lane l is
   (c (+) S[l-1]) (+) loc[e], the lane's last c (+) S[l]. */
static int tt_tile_scan(const tt_cfg *c, int kind, const double *x, size_t n, double *out) {
    const size_t serial = c->serial ? c->serial : 1, tile = serial * c->lanes, m = (n + tile - 1) / tile * tile;
    const double identity = c->product ? 1.0 : 0.0;
    double *xp = (double *)malloc(m * sizeof *xp), *loc = (double *)malloc(m * sizeof *loc);
    double *S = (double *)malloc(c->lanes * sizeof *S), *tmp = (double *)malloc(c->lanes * sizeof *tmp), carry = 0;
    size_t base, l, e, i;
    int has_carry = 0;
    if (!xp || !loc || !S || !tmp) {
        free(xp), free(loc), free(S), free(tmp);
        return TR_CHECKF(0, "model: out of memory");
    }
    for (i = 0; i < m; i++) xp[i] = i < n ? x[i] : identity;
    for (base = 0; base < m; base += tile) {
        for (l = 0; l < c->lanes; l++) {
            const double *r = xp + base + l * serial;
            double t = c->run_seed ? tt_apply(kind, c->product, identity, r[0]) : r[0];
            loc[base + l * serial] = t;
            for (e = 1; e < serial; e++) loc[base + l * serial + e] = t = tt_apply(kind, c->product, t, r[e]);
            S[l] = t;
        }
        tt_tree(c->algorithm, c->lanes, kind, c->product, S, c->lanes, tmp);
        for (l = 0; l < c->lanes; l++) {
            double prev = 0;
            int has_prev = 1;
            if (l == 0) prev = carry, has_prev = has_carry;
            else prev = has_carry ? tt_apply(kind, c->product, carry, S[l - 1]) : S[l - 1];
            for (e = 0; e + 1 < serial; e++) {
                const double v = loc[base + l * serial + e];
                loc[base + l * serial + e] = has_prev ? tt_apply(kind, c->product, prev, v) : v;
            }
            loc[base + l * serial + serial - 1] = has_carry ? tt_apply(kind, c->product, carry, S[l]) : S[l];
        }
        carry = has_carry ? tt_apply(kind, c->product, carry, S[c->lanes - 1]) : S[c->lanes - 1];
        has_carry = 1;
    }
    memcpy(out, loc, n * sizeof *out);
    free(xp), free(loc), free(S), free(tmp);
    return 1;
}

/* The recursive carries (JAX/XLA's and CuPy's models): a line longer than a
   block is padded with the identity to whole blocks; the block totals are a
   line scanned by this same function; block b >= 1 adds P[b-1] to its own
   scan (block 0: the identity when seeded); RECURSIVE_LAST makes every block's
   last value P[b]. */
static int tt_recursive_scan(const tt_cfg *c, int kind, const double *x, size_t n, double *out) {
    const size_t B = c->block, nb = (n + B - 1) / B;
    const double identity = c->product ? 1.0 : 0.0;
    double *xp, *local, *totals, *P;
    size_t b, i;
    int ok = 1;
    if (n <= B) {
        if (!tt_tile_scan(c, kind, x, n, out)) return 0;
        if (c->seed)
            for (i = 0; i < n; i++) out[i] = tt_apply(kind, c->product, identity, out[i]);
        return 1;
    }
    xp = (double *)malloc(nb * B * sizeof *xp);
    local = (double *)malloc(nb * B * sizeof *local);
    totals = (double *)calloc(nb, sizeof *totals);
    P = (double *)malloc(nb * sizeof *P);
    if (!xp || !local || !totals || !P) {
        free(xp), free(local), free(totals), free(P);
        return TR_CHECKF(0, "model: out of memory");
    }
    for (i = 0; i < nb * B; i++) xp[i] = i < n ? x[i] : identity;
    for (b = 0; b < nb && ok; b++) {
        ok = tt_tile_scan(c, kind, xp + b * B, B, local + b * B);
        totals[b] = local[b * B + B - 1];
    }
    if (ok) ok = tt_recursive_scan(c, kind, totals, nb, P);
    for (b = 0; b < nb && ok; b++) {
        for (i = 0; i < B; i++) {
            double v = local[b * B + i];
            if (b > 0) v = tt_apply(kind, c->product, P[b - 1], v);
            else if (c->seed) v = tt_apply(kind, c->product, identity, v);
            local[b * B + i] = v;
        }
        if (c->carry == DMLREF_CARRY_RECURSIVE_LAST) local[b * B + B - 1] = P[b];
    }
    if (ok) memcpy(out, local, n * sizeof *out);
    free(xp), free(local), free(totals), free(P);
    return ok;
}

/* TREE with a serial grain, lanes or recursive carries: blocks scanned by
   tt_tile_scan, chained AFTER (torch.compile's model: carry (+) value, the
   carry the block before's last output) or INTO_FIRST, or recursively. */
static int tt_stack_line(const tt_cfg *c, int kind, const double *v, size_t n, double *r) {
    const double identity = c->product ? 1.0 : 0.0;
    tt_cfg k = *c;
    size_t s, i;
    double *z;
    if (!k.lanes) /* one tile per block */
        for (k.lanes = 1; (size_t)k.lanes * (k.serial ? k.serial : 1) < k.block; k.lanes <<= 1) {}
    if (k.carry == DMLREF_CARRY_RECURSIVE || k.carry == DMLREF_CARRY_RECURSIVE_LAST)
        return tt_recursive_scan(&k, kind, v, n, r);
    z = (double *)malloc(k.block * sizeof *z);
    if (!z) return TR_CHECKF(0, "model: out of memory");
    for (s = 0; s < n; s += k.block) {
        const size_t len = n - s < k.block ? n - s : k.block;
        const int has_carry = s > 0 || k.seed;
        const double carry = s > 0 ? r[s - 1] : identity;
        memcpy(z, v + s, len * sizeof *z);
        if (has_carry && k.carry == DMLREF_CARRY_INTO_FIRST) z[0] = tt_apply(kind, k.product, carry, z[0]);
        if (!tt_tile_scan(&k, kind, z, len, r + s)) break;
        if (has_carry && k.carry == DMLREF_CARRY_AFTER)
            for (i = 0; i < len; i++) r[s + i] = tt_apply(kind, k.product, carry, r[s + i]);
    }
    free(z);
    return s >= n;
}

/* Integer scans: modulo 2^bits, every option ignored. */
static void tt_model_int_line(const tt_cfg *c, const uint64_t *x, size_t n, uint64_t *y) {
    const unsigned bits = fx_type_size(c->type) * 8u;
    const uint64_t mask = bits == 64 ? ~(uint64_t)0 : (((uint64_t)1 << bits) - 1u);
    uint64_t tally = c->product ? 1u : 0u;
    size_t i;
    for (i = 0; i < n; i++) {
        if (c->exclusive) y[i] = tally & mask;
        tally = c->product ? tally * x[i] : tally + x[i];
        if (!c->exclusive) y[i] = tally & mask;
    }
}

/* One line in traversal order: x[0..n-1] input bits, y[0..n-1] output bits. */
void tt_model_line(const tt_cfg *c, const uint64_t *x, size_t n, uint64_t *y) {
    const int kind = tt_kind(c->type, c->accumulation);
    const double identity = c->product ? 1.0 : 0.0;
    int order = c->order, algorithm = c->algorithm, carry_mode = c->carry;
    uint32_t block = c->block;
    double *v, *r, *z = NULL, *tmp = NULL;
    size_t i, s;
    if (!fx_is_float(c->type)) {
        tt_model_int_line(c, x, n, y);
        return;
    }
    if (order == DMLREF_FLOAT_ORDER_BLOCKED) {
        if (c->product) {
            order = DMLREF_FLOAT_ORDER_SEQUENTIAL;
        } else {
            order = DMLREF_FLOAT_ORDER_TREE;
            algorithm = DMLREF_TREE_KOGGE_STONE;
            block = 16;
            carry_mode = DMLREF_CARRY_AFTER;
        }
    }
    v = (double *)malloc(n * sizeof *v);
    r = (double *)malloc(n * sizeof *r);
    if (order == DMLREF_FLOAT_ORDER_TREE) {
        size_t w = n < block ? n : block;
        z = (double *)malloc(w * sizeof *z);
        tmp = (double *)malloc(w * sizeof *tmp);
    }
    if (!v || !r || (order == DMLREF_FLOAT_ORDER_TREE && (!z || !tmp))) {
        TR_CHECKF(0, "model: out of memory");
        free(v);
        free(r);
        free(z);
        free(tmp);
        return;
    }
    for (i = 0; i < n; i++) v[i] = tt_value(c->type, x[i]);
    if (order == DMLREF_FLOAT_ORDER_TREE && (c->serial > 1 || c->lanes || c->run_seed || c->carry > 1)) {
        tt_stack_line(c, kind, v, n, r);
    } else if (order == DMLREF_FLOAT_ORDER_SEQUENTIAL) {
        double t = c->seed ? tt_apply(kind, c->product, identity, v[0]) : v[0];
        r[0] = t;
        for (i = 1; i < n; i++) r[i] = t = tt_apply(kind, c->product, t, v[i]);
    } else {
        for (s = 0; s < n; s += block) {
            size_t len = n - s < block ? n - s : block;
            int has_carry = s > 0 || c->seed;
            double carry = s > 0 ? r[s - 1] : identity;
            memcpy(z, v + s, len * sizeof *z);
            if (has_carry && carry_mode == DMLREF_CARRY_INTO_FIRST) z[0] = tt_apply(kind, c->product, carry, z[0]);
            tt_tree(algorithm, block, kind, c->product, z, len, tmp);
            for (i = 0; i < len; i++)
                r[s + i] =
                    has_carry && carry_mode == DMLREF_CARRY_AFTER ? tt_apply(kind, c->product, carry, z[i]) : z[i];
        }
    }
    for (i = 0; i < n; i++) {
        if (c->exclusive)
            y[i] = i == 0 ? (c->product ? tt_one_bits(c->type) : 0u) : tt_output_bits(c->type, kind, r[i - 1]);
        else y[i] = tt_output_bits(c->type, kind, r[i]);
    }
    free(v);
    free(r);
    free(z);
    free(tmp);
}

/* ---- names ------------------------------------------------------------------------- */

static const char *const tt_algorithm_names[3] = {"kogge-stone", "sklansky", "brent-kung"};
static const char *const tt_carry_names[4] = {"after", "into-first", "recursive", "recursive-last"};
static const char *const tt_accumulation_names[3] = {"default", "native", "wide"};

static void tt_describe_cfg(const tt_cfg *c, char *buf, size_t cap) {
    char order[128];
    if (c->order == DMLREF_FLOAT_ORDER_TREE)
        snprintf(order, sizeof order, "TREE{%s,%lu,%s,serial %lu,lanes %lu%s}", tt_algorithm_names[c->algorithm],
                 (unsigned long)c->block, tt_carry_names[c->carry], (unsigned long)c->serial, (unsigned long)c->lanes,
                 c->run_seed ? ",run_seed" : "");
    else snprintf(order, sizeof order, "%s", c->order == DMLREF_FLOAT_ORDER_BLOCKED ? "BLOCKED" : "SEQUENTIAL");
    snprintf(buf, cap, "%s %s acc=%s seed=%d %s%s%s", c->product ? "cumprod" : "cumsum", fx_type_short(c->type),
             tt_accumulation_names[c->accumulation], c->seed, order, c->exclusive ? " exclusive" : "",
             c->decreasing ? " DECREASING" : "");
}

static void tt_set_options(dmlref_options *o, const tt_cfg *c, dmlref_scan_tree *tree, dmlref_isa isa, char *message,
                           size_t capacity) {
    memset(o, 0, sizeof *o);
    o->float_order = c->order;
    o->accumulation = c->accumulation;
    o->identity_seed = c->seed;
    o->isa = isa;
    o->error_message = message;
    o->error_message_capacity = capacity;
    if (c->order == DMLREF_FLOAT_ORDER_TREE) {
        memset(tree, 0, sizeof *tree);
        tree->algorithm = c->algorithm;
        tree->block = c->block;
        tree->carry = c->carry;
        tree->serial = c->serial;
        tree->lanes = c->lanes;
        tree->run_seed = c->run_seed;
        o->tree = tree;
    }
}

/* ---- tensors ------------------------------------------------------------------------ */

typedef struct tt_geometry {
    UINT rank, axis;
    UINT sizes[TT_MAX_RANK];
    UINT in_strides[TT_MAX_RANK], out_strides[TT_MAX_RANK];
    int in_null, out_null; /* Strides NULL: packed row-major */
} tt_geometry;

static void tt_effective(const tt_geometry *g, int output, uint64_t *strides) {
    const UINT *given = output ? g->out_strides : g->in_strides;
    int null_strides = output ? g->out_null : g->in_null;
    uint64_t packed = 1;
    UINT d;
    for (d = g->rank; d-- > 0;) {
        strides[d] = null_strides ? packed : given[d];
        packed *= g->sizes[d];
    }
}
static uint64_t tt_offset(const UINT *index, const uint64_t *strides, UINT rank) {
    uint64_t o = 0;
    UINT d;
    for (d = 0; d < rank; d++) o += (uint64_t)index[d] * strides[d];
    return o;
}
static int tt_next_index(UINT *index, const UINT *sizes, UINT rank) {
    UINT d;
    for (d = rank; d-- > 0;) {
        if (++index[d] < sizes[d]) return 1;
        index[d] = 0;
    }
    return 0;
}
static uint64_t tt_bytes(DML_TENSOR_DATA_TYPE t, const tt_geometry *g, int output) {
    const UINT *strides = output ? (g->out_null ? NULL : g->out_strides) : (g->in_null ? NULL : g->in_strides);
    return oracle_buffer_size(t, g->rank, g->sizes, strides);
}
static void tt_describe_geometry(const tt_geometry *g, char *buf, size_t cap) {
    size_t len = 0;
    UINT d;
    len += (size_t)snprintf(buf + len, cap - len, "sizes=[");
    for (d = 0; d < g->rank && len < cap; d++)
        len += (size_t)snprintf(buf + len, cap - len, "%s%u", d ? "," : "", (unsigned)g->sizes[d]);
    if (len < cap) len += (size_t)snprintf(buf + len, cap - len, "] axis=%u in=", (unsigned)g->axis);
    if (g->in_null && len < cap) len += (size_t)snprintf(buf + len, cap - len, "packed");
    for (d = 0; !g->in_null && d < g->rank && len < cap; d++)
        len += (size_t)snprintf(buf + len, cap - len, "%s%u", d ? "," : "", (unsigned)g->in_strides[d]);
    if (len < cap) len += (size_t)snprintf(buf + len, cap - len, " out=");
    if (g->out_null && len < cap) len += (size_t)snprintf(buf + len, cap - len, "packed");
    for (d = 0; !g->out_null && d < g->rank && len < cap; d++)
        len += (size_t)snprintf(buf + len, cap - len, "%s%u", d ? "," : "", (unsigned)g->out_strides[d]);
}

typedef struct tt_scan_op {
    fx_tensor in, out;
    fx_op scan;
} tt_scan_op;

static void tt_make_scan_op(tt_scan_op *o, const tt_cfg *c, const tt_geometry *g) {
    fx_tensor_set(&o->in, c->type, g->rank, g->sizes, g->in_null ? NULL : g->in_strides, tt_bytes(c->type, g, 0));
    fx_tensor_set(&o->out, c->type, g->rank, g->sizes, g->out_null ? NULL : g->out_strides, tt_bytes(c->type, g, 1));
    fx_scan_op(&o->scan, c->product, &o->in.desc, &o->out.desc, g->axis, c->decreasing, c->exclusive);
}

/* ---- data -------------------------------------------------------------------------- */

static uint64_t tt_random_nan(fx_rng *r, DML_TENSOR_DATA_TYPE t) {
    uint64_t sign = (fx_next(r) & 1u) ? tt_sign_bit(t) : 0u;
    if (t == DML_TENSOR_DATA_TYPE_FLOAT16) return sign | 0x7C00u | (1u + fx_below(r, 0x3FFu));
    if (t == DML_TENSOR_DATA_TYPE_FLOAT32) return sign | 0x7F800000u | (1u + fx_below(r, 0x7FFFFFu));
    return sign | 0x7FF0000000000000ull | (1u + (fx_next(r) & 0xFFFFFFFFFFFFEull));
}

/* A finite value: for sums, random signs and exponents spread wide enough that
   every association order rounds differently; for products, values near 1
   (sometimes negative) so long lines neither overflow nor vanish. */
static uint64_t tt_random_value(fx_rng *r, DML_TENSOR_DATA_TYPE t, int product) {
    uint64_t sign = (fx_next(r) & 1u) ? tt_sign_bit(t) : 0u;
    if (!fx_is_float(t)) {
        uint64_t v = fx_next(r);
        if (product && fx_below(r, 4)) v = (v & 7u) | 1u; /* odd small factors keep products non-zero longer */
        else if (fx_below(r, 2)) v = (uint64_t)((int64_t)fx_below(r, 201) - 100);
        return v;
    }
    if (product) {
        double u = (fx_unit(r) * 2 - 1) * (t == DML_TENSOR_DATA_TYPE_FLOAT16 ? 0.05 : 0.03125);
        uint64_t bits;
        if (t == DML_TENSOR_DATA_TYPE_FLOAT16) bits = tt_to_half(1 + u);
        else if (t == DML_TENSOR_DATA_TYPE_FLOAT32) bits = fx_float_bits((float)(1 + u));
        else bits = fx_double_bits(1 + u);
        return fx_below(r, 10) == 0 ? bits | tt_sign_bit(t) : bits;
    }
    if (t == DML_TENSOR_DATA_TYPE_FLOAT16) { /* 2^-24 .. 128 */
        unsigned biased = fx_below(r, 12) == 0 ? 0u : 1u + fx_below(r, 21);
        return sign | ((uint64_t)biased << 10) | (fx_next(r) & 0x3FFu);
    }
    if (t == DML_TENSOR_DATA_TYPE_FLOAT32) { /* 2^-20 .. 2^13 */
        unsigned biased = 107u + fx_below(r, 33);
        return sign | ((uint64_t)biased << 23) | (fx_next(r) & 0x7FFFFFu);
    }
    return sign | ((uint64_t)(993u + fx_below(r, 51)) << 52) | (fx_next(r) & 0xFFFFFFFFFFFFFull);
}

/* Fill the input of one line, in traversal order. special: a leading -0.0 run,
   -0.0 sprinkled, NaN and infinities at random places. */
static void tt_fill_line(fx_rng *r, const tt_cfg *c, uint64_t *x, size_t n, int special) {
    size_t i;
    for (i = 0; i < n; i++) x[i] = tt_random_value(r, c->type, c->product);
    if (!special || !fx_is_float(c->type)) return;
    {
        size_t run = fx_below(r, (uint32_t)(n < 40 ? n : 40) + 1u);
        uint32_t what = fx_below(r, 8);
        for (i = 0; i < run; i++) x[i] = tt_sign_bit(c->type); /* -0.0 */
        for (i = 0; i < n / 16u; i++) x[fx_below(r, (uint32_t)n)] = fx_below(r, 2) ? tt_sign_bit(c->type) : 0u;
        if (what == 0 || what == 3) x[fx_below(r, (uint32_t)n)] = tt_random_nan(r, c->type);
        if (what == 1 || what == 3 || what == 5) x[fx_below(r, (uint32_t)n)] = tt_inf_bits(c->type);
        if (what == 2 || what == 5) x[fx_below(r, (uint32_t)n)] = tt_inf_bits(c->type) | tt_sign_bit(c->type);
        if (what == 6 && n > 1) x[n - 1] = tt_random_nan(r, c->type);
    }
}

/* ---- running a scan ------------------------------------------------------------------ */

/* Run the library on `cfgs` (count 1 or 2 configurations that must all give
   the model's output of cfgs[0]) for geometry g under every ISA; data drawn
   from r. Returns 1 when everything matched. */
static int tt_check_scan(const tt_cfg *cfgs, unsigned count, const tt_geometry *g, fx_rng *r, int special) {
    const tt_cfg *c = &cfgs[0];
    const unsigned size = fx_type_size(c->type);
    const size_t in_bytes = (size_t)tt_bytes(c->type, g, 0), out_bytes = (size_t)tt_bytes(c->type, g, 1);
    const size_t n = g->sizes[g->axis];
    uint64_t in_strides[TT_MAX_RANK], out_strides[TT_MAX_RANK];
    unsigned char *in = (unsigned char *)malloc(in_bytes), *in_copy = (unsigned char *)malloc(in_bytes);
    unsigned char *expected = (unsigned char *)malloc(out_bytes);
    unsigned char *first = (unsigned char *)malloc(out_bytes), *alt = (unsigned char *)malloc(out_bytes);
    uint64_t *x = (uint64_t *)malloc(n * sizeof *x), *y = (uint64_t *)malloc(n * sizeof *y);
    uint64_t *y2 = (uint64_t *)malloc(n * sizeof *y2);
    UINT index[TT_MAX_RANK];
    char what[256], where[160];
    size_t i, k, j;
    int ok = 1;
    if (!in || !in_copy || !expected || !first || !alt || !x || !y || !y2) {
        ok = TR_CHECKF(0, "out of memory");
        goto done;
    }
    tt_effective(g, 0, in_strides);
    tt_effective(g, 1, out_strides);
    for (i = 0; i < in_bytes; i++) in[i] = (unsigned char)fx_next(r);
    memset(expected, TT_FILL, out_bytes);
    memset(index, 0, sizeof index);
    do { /* every line (index[axis] == 0) gets its data; broadcast lines share elements: the last write stays */
        if (index[g->axis] != 0) continue;
        tt_fill_line(r, c, x, n, special);
        for (j = 0; j < n; j++) {
            index[g->axis] = (UINT)(c->decreasing ? n - 1 - j : j);
            fx_store(in + tt_offset(index, in_strides, g->rank) * size, size, x[j]);
        }
        index[g->axis] = 0;
    } while (tt_next_index(index, g->sizes, g->rank));
    memset(index, 0, sizeof index);
    do { /* the model, on what each line reads */
        if (index[g->axis] != 0) continue;
        for (j = 0; j < n; j++) {
            index[g->axis] = (UINT)(c->decreasing ? n - 1 - j : j);
            x[j] = fx_load(in + tt_offset(index, in_strides, g->rank) * size, size);
        }
        tt_model_line(c, x, n, y);
        for (k = 1; k < count; k++) { /* the configurations must be the same by the contract: the model agrees */
            tt_model_line(&cfgs[k], x, n, y2);
            if (memcmp(y, y2, n * sizeof *y) != 0) {
                tt_describe_cfg(&cfgs[k], what, sizeof what);
                ok = TR_CHECKF(0, "model: %s differs from cfg 0 (test bug)", what);
            }
        }
        for (j = 0; j < n; j++) {
            index[g->axis] = (UINT)(c->decreasing ? n - 1 - j : j);
            fx_store(expected + tt_offset(index, out_strides, g->rank) * size, size, y[j]);
        }
        index[g->axis] = 0;
    } while (tt_next_index(index, g->sizes, g->rank));
    memcpy(in_copy, in, in_bytes);

    for (i = 0; i < FX_ISA_COUNT; i++) {
        if (!dmlref_isa_available(fx_isas[i])) continue;
        for (k = 0; k < count; k++) {
            tt_scan_op o;
            dmlref_options options;
            dmlref_scan_tree tree;
            char message[256];
            const void *inputs[1];
            void *outputs[1];
            dmlref_status st;
            unsigned char *target = k == 0 ? first : alt;
            tt_make_scan_op(&o, &cfgs[k], g);
            tt_set_options(&options, &cfgs[k], &tree, fx_isas[i], message, sizeof message);
            memset(target, TT_FILL, out_bytes);
            message[0] = 0;
            inputs[0] = in;
            outputs[0] = target;
            st = dmlref_execute(&o.scan.op, inputs, outputs, &options);
            tt_describe_cfg(&cfgs[k], what, sizeof what);
            tt_describe_geometry(g, where, sizeof where);
            if (st != DMLREF_OK) {
                ok = TR_CHECKF(0, "%s %s isa=%s: status %s (%s)", what, where, dmlref_isa_name(fx_isas[i]),
                               dmlref_status_name(st), message);
                continue;
            }
            if (memcmp(target, expected, out_bytes) != 0) {
                UINT at[TT_MAX_RANK];
                size_t b;
                int reported = 0;
                memset(at, 0, sizeof at);
                do {
                    uint64_t off = tt_offset(at, out_strides, g->rank) * size;
                    uint64_t e = fx_load(expected + off, size), v = fx_load(target + off, size);
                    if (e != v) {
                        size_t pos = at[g->axis];
                        size_t trav = c->decreasing ? n - 1 - pos : pos;
                        at[g->axis] = 0;
                        ok =
                            TR_CHECKF(0,
                                      "%s %s isa=%s: output at index %lu along the axis (traversal position %lu of "
                                      "%lu, line offset %lu) is 0x%llx, expected 0x%llx",
                                      what, where, dmlref_isa_name(fx_isas[i]), (unsigned long)pos, (unsigned long)trav,
                                      (unsigned long)n, (unsigned long)tt_offset(at, out_strides, g->rank),
                                      (unsigned long long)v, (unsigned long long)e);
                        reported = 1;
                        break;
                    }
                } while (tt_next_index(at, g->sizes, g->rank));
                if (!reported) {
                    for (b = 0; b < out_bytes && target[b] == expected[b]; b++) {}
                    ok = TR_CHECKF(0, "%s %s isa=%s: output byte %lu (not an element) changed to 0x%02x", what, where,
                                   dmlref_isa_name(fx_isas[i]), (unsigned long)b, target[b]);
                }
            }
            if (memcmp(in, in_copy, in_bytes) != 0)
                ok = TR_CHECKF(0, "%s %s isa=%s: the input changed", what, where, dmlref_isa_name(fx_isas[i]));
            if (k > 0 && memcmp(first, alt, out_bytes) != 0) {
                char what0[256];
                tt_describe_cfg(&cfgs[0], what0, sizeof what0);
                ok = TR_CHECKF(0, "isa=%s %s: library outputs of [%s] and [%s] differ", dmlref_isa_name(fx_isas[i]),
                               where, what0, what);
            }
        }
        if (tt_stop()) break;
    }
done:
    free(in);
    free(in_copy);
    free(expected);
    free(first);
    free(alt);
    free(x);
    free(y);
    free(y2);
    return ok;
}

static void tt_line_geometry(tt_geometry *g, size_t n, fx_rng *r) {
    memset(g, 0, sizeof *g);
    g->rank = 1;
    g->axis = 0;
    g->sizes[0] = (UINT)n;
    g->in_null = g->out_null = 1;
    if (r && fx_below(r, 5) == 0) { /* a strided line now and then */
        g->in_null = 0;
        g->in_strides[0] = 1u + fx_below(r, 3);
    }
    if (r && fx_below(r, 6) == 0) {
        g->out_null = 0;
        g->out_strides[0] = 2u;
    }
}

/* A random 2-D to 4-D geometry: packed, padded or transposed (padded) layouts; broadcast inputs. */
static void tt_random_geometry(tt_geometry *g, fx_rng *r, UINT max_line) {
    UINT d;
    int side;
    memset(g, 0, sizeof *g);
    g->rank = 2u + (fx_below(r, 4) == 0 ? 1u + fx_below(r, 2) : 0u);
    g->axis = fx_below(r, g->rank);
    for (d = 0; d < g->rank; d++) g->sizes[d] = 1u + fx_below(r, g->rank == 2 ? 9u : 5u);
    g->sizes[g->axis] = 1u + fx_below(r, max_line);
    for (side = 0; side < 2; side++) {
        UINT *s = side ? g->out_strides : g->in_strides;
        uint32_t kind = fx_below(r, side ? 3u : 4u);
        if (kind == 3) { /* input only: padded row-major with some strides 0 (broadcast) */
            s[g->rank - 1] = 1u;
            for (d = g->rank - 1; d-- > 0;) s[d] = s[d + 1] * g->sizes[d + 1] + 1u;
            s[fx_below(r, g->rank)] = 0;
            if (fx_below(r, 2)) s[fx_below(r, g->rank)] = 0;
        } else if (kind == 0) {
            if (side) g->out_null = 1;
            else g->in_null = 1;
        } else if (kind == 1) { /* padded row-major */
            s[g->rank - 1] = 1u + fx_below(r, 2);
            for (d = g->rank - 1; d-- > 0;) s[d] = s[d + 1] * g->sizes[d + 1] + fx_below(r, 3);
        } else { /* transposed: the first dimension fastest, padded */
            s[0] = 1u + fx_below(r, 2);
            for (d = 1; d < g->rank; d++) s[d] = s[d - 1] * g->sizes[d - 1] + fx_below(r, 3);
        }
    }
}

/* ---- tree/model/... ------------------------------------------------------------------ */

typedef struct tt_model_case {
    char name[64];
    DML_TENSOR_DATA_TYPE type;
    int product, algorithm;
} tt_model_case;

static tt_model_case tt_model_cases[18];

static const DML_TENSOR_DATA_TYPE tt_float_types[3] = {DML_TENSOR_DATA_TYPE_FLOAT16, DML_TENSOR_DATA_TYPE_FLOAT32,
                                                       DML_TENSOR_DATA_TYPE_FLOAT64};

static void tt_run_model_case(const void *ctx) {
    const tt_model_case *m = (const tt_model_case *)ctx;
    static const uint32_t fixed_blocks[] = {2, 4, 8, 16, 32, 64, 1024, 2048};
    static const uint32_t mid_blocks[] = {128, 256, 512};
    static const uint32_t big_blocks[] = {4096, 8192, 16384, 32768, 65536};
    fx_rng r = fx_seeded(m->name, 0x7EE5EED2025ull);
    unsigned counter = 0;
    int carry, accumulation, seed;
    for (carry = 0; carry < 2; carry++)
        for (accumulation = 0; accumulation < 3; accumulation++)
            for (seed = 0; seed < 2; seed++) {
                uint32_t blocks[10];
                unsigned b, nb = 0;
                for (b = 0; b < sizeof fixed_blocks / sizeof fixed_blocks[0]; b++) blocks[nb++] = fixed_blocks[b];
                blocks[nb++] = mid_blocks[fx_below(&r, 3)];
                blocks[nb++] = big_blocks[fx_below(&r, 5)];
                for (b = 0; b < nb; b++) {
                    const uint32_t B = blocks[b];
                    size_t lengths[8];
                    unsigned nl = 0, l;
                    lengths[nl++] = 1;
                    if (B <= 2048) {
                        if (B > 2) lengths[nl++] = B - 1;
                        lengths[nl++] = B;
                        lengths[nl++] = B + 1;
                        lengths[nl++] = 2 * (size_t)B + 1 + fx_below(&r, B - 1);
                        if (B <= 64) lengths[nl++] = (3 + fx_below(&r, 600 / B)) * (size_t)B + fx_below(&r, B);
                    } else {
                        lengths[nl++] = 2;
                        lengths[nl++] = 3 + fx_below(&r, 300);
                        lengths[nl++] = 300 + fx_below(&r, 2700);
                    }
                    for (l = 0; l < nl; l++) {
                        tt_cfg c;
                        tt_geometry g;
                        memset(&c, 0, sizeof c);
                        c.type = m->type;
                        c.product = m->product;
                        c.order = DMLREF_FLOAT_ORDER_TREE;
                        c.algorithm = m->algorithm;
                        c.carry = carry;
                        c.block = B;
                        c.accumulation = accumulation;
                        c.seed = seed;
                        c.exclusive = (int)(counter & 1u);
                        c.decreasing = (int)((counter >> 1) & 1u);
                        counter++;
                        tt_line_geometry(&g, lengths[l], &r);
                        tt_check_scan(&c, 1, &g, &r, fx_below(&r, 4) == 0);
                        if (tt_stop()) return;
                    }
                }
            }
}

/* Lines one past and one short of the biggest block, once per tree and carry. */
static void tt_run_big_block(const void *ctx) {
    fx_rng r = fx_seeded("tree/model/big-block", 0x7EE5EED2025ull);
    int algorithm, carry;
    (void)ctx;
    for (algorithm = 0; algorithm < 3; algorithm++)
        for (carry = 0; carry < 2; carry++) {
            tt_cfg c;
            tt_geometry g;
            memset(&c, 0, sizeof c);
            c.type = carry ? DML_TENSOR_DATA_TYPE_FLOAT32 : DML_TENSOR_DATA_TYPE_FLOAT16;
            c.order = DMLREF_FLOAT_ORDER_TREE;
            c.algorithm = algorithm;
            c.carry = carry;
            c.block = 65536;
            c.accumulation = algorithm;
            c.seed = carry;
            c.decreasing = algorithm == 1;
            c.exclusive = carry;
            tt_line_geometry(&g, carry ? 65537 : 65535, NULL);
            tt_check_scan(&c, 1, &g, &r, algorithm == 2);
            if (tt_stop()) return;
        }
}

/* ---- tree/strided/... ------------------------------------------------------------------ */

static void tt_random_order(tt_cfg *c, fx_rng *r) {
    static const uint32_t blocks[] = {2, 4, 8, 16, 32, 64, 128, 256};
    uint32_t pick = fx_below(r, 10);
    c->order = pick < 7   ? DMLREF_FLOAT_ORDER_TREE
               : pick < 9 ? DMLREF_FLOAT_ORDER_BLOCKED
                          : DMLREF_FLOAT_ORDER_SEQUENTIAL;
    if (c->order == DMLREF_FLOAT_ORDER_TREE) {
        c->algorithm = (int)fx_below(r, 3);
        c->carry = (int)fx_below(r, 2);
        c->block = blocks[fx_below(r, 8)];
    }
    c->accumulation = (int)fx_below(r, 3);
    c->seed = (int)fx_below(r, 2);
    c->exclusive = (int)fx_below(r, 2);
    c->decreasing = (int)fx_below(r, 2);
}

static void tt_run_strided(const void *ctx) {
    const DML_TENSOR_DATA_TYPE type = *(const DML_TENSOR_DATA_TYPE *)ctx;
    char name[64];
    fx_rng r;
    unsigned it;
    snprintf(name, sizeof name, "tree/strided/%s", fx_type_short(type));
    r = fx_seeded(name, 0x7EE5EED2025ull);
    for (it = 0; it < 60; it++) {
        tt_cfg c;
        tt_geometry g;
        memset(&c, 0, sizeof c);
        c.type = type;
        c.product = (int)fx_below(&r, 2);
        tt_random_order(&c, &r);
        tt_random_geometry(&g, &r, it % 3 == 0 ? 400u : 70u);
        tt_check_scan(&c, 1, &g, &r, fx_below(&r, 4) == 0);
        if (tt_stop()) return;
    }
}

/* ---- tree/stacks/...: serial grains, lanes and recursive carries ----------------------- */

static void tt_random_stack_order(tt_cfg *c, fx_rng *r) {
    static const uint32_t blocks[] = {2, 4, 8, 16, 32, 64, 128, 512, 2048};
    c->order = DMLREF_FLOAT_ORDER_TREE;
    c->algorithm = (int)fx_below(r, 3);
    c->carry = (int)fx_below(r, 4);
    c->block = blocks[fx_below(r, 9)];
    c->serial = fx_below(r, 3) == 0 ? 0u : 1u + fx_below(r, 17);
    c->lanes = fx_below(r, 4) == 0 ? 0u : 1u << fx_below(r, 7);
    c->run_seed = fx_below(r, 3) == 0;
    c->accumulation = (int)fx_below(r, 3);
    c->seed = (int)fx_below(r, 2);
    c->exclusive = (int)fx_below(r, 2);
    c->decreasing = (int)fx_below(r, 2);
}

/* Random schedules of the family against the model, on random tensors and lines long
   enough for three levels of small blocks; every path (tt_check_scan). */
static void tt_run_stacks(const void *ctx) {
    const DML_TENSOR_DATA_TYPE type = *(const DML_TENSOR_DATA_TYPE *)ctx;
    char name[64];
    fx_rng r;
    unsigned it;
    snprintf(name, sizeof name, "tree/stacks/%s", fx_type_short(type));
    r = fx_seeded(name, 0x7EE5EED2026ull);
    for (it = 0; it < 90; it++) {
        tt_cfg c;
        tt_geometry g;
        memset(&c, 0, sizeof c);
        c.type = type;
        c.product = fx_below(&r, 4) == 0;
        tt_random_stack_order(&c, &r);
        if (it % 3 == 0) tt_line_geometry(&g, 1 + fx_below(&r, it % 2 ? 5000u : 300u), &r);
        else tt_random_geometry(&g, &r, it % 3 == 1 ? 700u : 70u);
        tt_check_scan(&c, 1, &g, &r, fx_below(&r, 4) == 0);
        if (tt_stop()) return;
    }
}

/* ---- tree/blocked/... ------------------------------------------------------------------ */

static void tt_run_blocked(const void *ctx) {
    const DML_TENSOR_DATA_TYPE type = *(const DML_TENSOR_DATA_TYPE *)ctx;
    static const size_t lengths[] = {1, 2, 15, 16, 17, 31, 33, 100, 257, 1000};
    char name[64];
    fx_rng r;
    unsigned counter = 0;
    int product, accumulation, seed;
    snprintf(name, sizeof name, "tree/blocked/%s", fx_type_short(type));
    r = fx_seeded(name, 0x7EE5EED2025ull);
    for (product = 0; product < 2; product++)
        for (accumulation = 0; accumulation < 3; accumulation++)
            for (seed = 0; seed < 2; seed++) {
                size_t l;
                for (l = 0; l <= sizeof lengths / sizeof lengths[0]; l++) {
                    tt_cfg c[2];
                    tt_geometry g;
                    memset(c, 0, sizeof c);
                    c[0].type = type;
                    c[0].product = product;
                    c[0].order = DMLREF_FLOAT_ORDER_BLOCKED;
                    c[0].accumulation = accumulation;
                    c[0].seed = seed;
                    c[0].exclusive = (int)(counter & 1u);
                    c[0].decreasing = (int)((counter >> 1) & 1u);
                    counter++;
                    c[1] = c[0];
                    if (product) { /* float products with BLOCKED are SEQUENTIAL */
                        c[1].order = DMLREF_FLOAT_ORDER_SEQUENTIAL;
                    } else {
                        c[1].order = DMLREF_FLOAT_ORDER_TREE;
                        c[1].algorithm = DMLREF_TREE_KOGGE_STONE;
                        c[1].block = 16;
                        c[1].carry = DMLREF_CARRY_AFTER;
                    }
                    if (l < sizeof lengths / sizeof lengths[0]) tt_line_geometry(&g, lengths[l], &r);
                    else tt_random_geometry(&g, &r, 200u);
                    tt_check_scan(c, 2, &g, &r, fx_below(&r, 4) == 0);
                    if (tt_stop()) return;
                }
            }
}

/* ---- tree/sequential/... --------------------------------------------------------------- */

/* A SEQUENTIAL configuration, INCREASING. */
static tt_cfg tt_sequential_cfg(DML_TENSOR_DATA_TYPE type, int product, int accumulation, int seed, int exclusive) {
    tt_cfg c;
    memset(&c, 0, sizeof c);
    c.type = type;
    c.product = product;
    c.order = DMLREF_FLOAT_ORDER_SEQUENTIAL;
    c.accumulation = accumulation;
    c.seed = seed;
    c.exclusive = exclusive;
    return c;
}

static void tt_run_sequential(const void *ctx) {
    const DML_TENSOR_DATA_TYPE type = *(const DML_TENSOR_DATA_TYPE *)ctx;
    static const size_t lengths[] = {1, 2, 3, 17, 100, 1000, 4097};
    char name[64];
    fx_rng r;
    unsigned counter = 0;
    int product, accumulation, seed;
    snprintf(name, sizeof name, "tree/sequential/%s", fx_type_short(type));
    r = fx_seeded(name, 0x7EE5EED2025ull);
    for (product = 0; product < 2; product++)
        for (accumulation = 0; accumulation < 3; accumulation++)
            for (seed = 0; seed < 2; seed++) {
                size_t l;
                for (l = 0; l <= sizeof lengths / sizeof lengths[0]; l++) {
                    tt_cfg c = tt_sequential_cfg(type, product, accumulation, seed, (int)(counter & 1u));
                    tt_geometry g;
                    c.decreasing = (int)((counter >> 1) & 1u);
                    counter++;
                    if (l < sizeof lengths / sizeof lengths[0]) tt_line_geometry(&g, lengths[l], &r);
                    else tt_random_geometry(&g, &r, 300u);
                    tt_check_scan(&c, 1, &g, &r, fx_below(&r, 3) == 0);
                    if (tt_stop()) return;
                }
            }
}

/* ---- tree/in-place -------------------------------------------------------------------- */

/* Runs SEQUENTIAL configuration c on the packed line x (n elements) under every ISA and checks each output
   against y, the model's. shift < 0: in place at buf (malloc's address); else the input at a 64-byte
   boundary and the output `shift` (< 8) elements past another. buf holds 2 n elements and 256 bytes. */
static int tt_check_packed_line(const tt_cfg *c, const uint64_t *x, size_t n, const uint64_t *y, unsigned char *buf,
                                int shift) {
    const unsigned size = fx_type_size(c->type);
    unsigned char *base = buf + (64u - (uintptr_t)buf % 64u) % 64u;
    unsigned char *in = shift < 0 ? buf : base,
                  *out = shift < 0 ? buf : base + ((n * size + 63u) / 64u + 1u) * 64u + shift * size;
    tt_geometry g;
    tt_scan_op o;
    unsigned i;
    size_t j;
    char where[48] = "in place";
    if (shift >= 0) snprintf(where, sizeof where, "output %d elements past 64 bytes", shift);
    tt_line_geometry(&g, n, NULL);
    tt_make_scan_op(&o, c, &g);
    for (i = 0; i < FX_ISA_COUNT; i++) {
        dmlref_options options;
        dmlref_scan_tree tree;
        char message[256], what[160];
        const void *inputs[1];
        void *outputs[1];
        dmlref_status st;
        if (!dmlref_isa_available(fx_isas[i])) continue;
        for (j = 0; j < n; j++) fx_store(in + j * size, size, x[j]);
        tt_set_options(&options, c, &tree, fx_isas[i], message, sizeof message);
        inputs[0] = in;
        outputs[0] = out;
        st = dmlref_execute(&o.scan.op, inputs, outputs, &options);
        tt_describe_cfg(c, what, sizeof what);
        if (!TR_CHECKF(st == DMLREF_OK, "%s n=%lu isa=%s: status %s (%s)", what, (unsigned long)n,
                       dmlref_isa_name(fx_isas[i]), dmlref_status_name(st), message))
            return 0;
        for (j = 0; j < n; j++)
            if (fx_load(out + j * size, size) != y[j])
                return TR_CHECKF(0, "%s n=%lu isa=%s, %s: output %lu is 0x%llx, expected 0x%llx", what,
                                 (unsigned long)n, dmlref_isa_name(fx_isas[i]), where, (unsigned long)j,
                                 (unsigned long long)fx_load(out + j * size, size), (unsigned long long)y[j]);
    }
    return 1;
}

/* SEQUENTIAL scans of packed lines run in place (input and output one buffer): every ISA must give the
   model's output of the line as it was read, in every form (exclusive ones write each output before reading
   the next element's place, so a kernel that stores ahead of its reads shows here). */
static void tt_run_in_place(const void *ctx) {
    const DML_TENSOR_DATA_TYPE type = *(const DML_TENSOR_DATA_TYPE *)ctx;
    static const size_t lengths[] = {1, 2, 3, 17, 100, 1000, 4097};
    char name[64];
    fx_rng r;
    unsigned counter = 0;
    int product, accumulation, seed, exclusive;
    uint64_t *x = (uint64_t *)malloc(4097 * sizeof *x), *y = (uint64_t *)malloc(4097 * sizeof *y);
    unsigned char *buf = (unsigned char *)malloc(2 * 4097 * 8 + 256);
    snprintf(name, sizeof name, "tree/in-place/%s", fx_type_short(type));
    r = fx_seeded(name, 0x1A9ACE2025ull);
    if (!TR_CHECK(x && y && buf)) goto done;
    for (product = 0; product < 2; product++)
        for (accumulation = 0; accumulation < 3; accumulation++)
            for (seed = 0; seed < 2; seed++)
                for (exclusive = 0; exclusive < 2; exclusive++) {
                    size_t l;
                    for (l = 0; l < sizeof lengths / sizeof lengths[0]; l++) {
                        const size_t n = lengths[l];
                        const tt_cfg c = tt_sequential_cfg(type, product, accumulation, seed, exclusive);
                        tt_fill_line(&r, &c, x, n, (int)(counter++ & 1u));
                        tt_model_line(&c, x, n, y);
                        if (!tt_check_packed_line(&c, x, n, y, buf, -1)) goto done;
                    }
                }
done:
    free(x);
    free(y);
    free(buf);
}

/* ---- tree/native-runs ------------------------------------------------------------------ */

/* FLOAT16 NATIVE SEQUENTIAL sums of long lines whose tallies sit where a kernel that adds in a wider type
   could round differently from binary16: binade boundaries crossed both ways, a tie at every step, the top
   binade and its overflow to infinity, the normal / subnormal boundary and exact zeros, jumps across many
   binades, and NaN or infinity after a long stretch. Every ISA, inclusive and exclusive, both identity_seed
   values, in place and out of place with the output 0, 1 or 3 elements past a 64-byte boundary. */
enum { TT_NR_EDGE, TT_NR_TIES, TT_NR_TOP, TT_NR_BOTTOM, TT_NR_JUMPS, TT_NR_WINDOW, TT_NR_SPECIAL, TT_NR_KINDS };
static const char *const tt_nr_names[TT_NR_KINDS] = {
    "binade edge", "ties", "top binade", "bottom binade", "jumps", "exponent window", "special late"};

/* Element i of a line of kind `kind` around 2^k (one draw of k per line). */
static uint64_t tt_nr_element(fx_rng *r, int kind, int k, size_t i, size_t n, size_t late) {
    const double half_ulp = ldexp(1, k - 11); /* half of binary16's spacing in [2^k, 2^(k+1)) */
    const double sign = fx_below(r, 2) ? 1.0 : -1.0;
    switch (kind) {
    case TT_NR_EDGE: /* start on 2^k; steps of 1 to 3 half-spacings either way cross it again and again */
        return tt_to_half(i == 0 ? ldexp(1, k) : sign * (double)(1u + fx_below(r, 3)) * half_ulp);
    case TT_NR_TIES: /* start inside the binade; odd half-spacings: every sum is a tie */
        return tt_to_half(i == 0 ? 1.5 * ldexp(1, k) : sign * (double)(2u * fx_below(r, 4) + 1u) * half_ulp);
    case TT_NR_TOP: /* from 61440 upward in multiples of 8 (ties at spacing 32) to 65504 and past it */
        return tt_to_half(i == 0 ? 61440.0 : (fx_below(r, 3) ? 8.0 : -8.0) * (double)(1u + fx_below(r, 4)));
    case TT_NR_BOTTOM: /* from 2^-14 down in subnormal steps (2 of 3 negative): through the subnormals and +-0 to
                          negative normals */
        return tt_to_half(i == 0 ? ldexp(1, -14)
                                 : (fx_below(r, 3) ? -1.0 : 1.0) * ldexp((double)(1u + fx_below(r, 6)), -24));
    case TT_NR_JUMPS: /* a value from any binade, then most of it back: the tally jumps many binades */
        if (i % 2u == 0) return tt_to_half(sign * ldexp(1.0 + fx_unit(r), (int)fx_below(r, 30) - 14));
        return tt_to_half(-ldexp(1, k) * (fx_below(r, 2) ? 1.0 : 0.75)) ^ (fx_below(r, 8) == 0 ? 0x8000u : 0u);
    case TT_NR_WINDOW: /* random normals of exponents k - 3 to k + 1, either sign */
        return (fx_below(r, 2) ? 0x8000u : 0u) | (uint64_t)(k + 15 - 3 + (int)fx_below(r, 5)) << 10 | fx_below(r, 1024);
    default: /* ties, then NaN or +-infinity (once, or an infinity and its negative) late in the line */
        if (i == late) return fx_below(r, 3) == 0 ? tt_random_nan(r, DML_TENSOR_DATA_TYPE_FLOAT16) : 0x7C00u;
        if (i == late + 1u + (n - late) / 2u && fx_below(r, 2)) return 0xFC00u;
        return tt_nr_element(r, TT_NR_TIES, k, i, n, late);
    }
}

static void tt_run_native_runs(const void *ctx) {
    static const size_t lengths[] = {16, 17, 33, 700, 3001};
    fx_rng r = fx_seeded("tree/native-runs", 0x7A71E5EEDull);
    const size_t most = 3001;
    uint64_t *x = (uint64_t *)malloc(most * sizeof *x), *y = (uint64_t *)malloc(most * sizeof *y);
    unsigned char *buf = (unsigned char *)malloc(2 * most * 2 + 256);
    int kind, exclusive, seed;
    (void)ctx;
    if (!TR_CHECK(x && y && buf)) goto done;
    for (kind = 0; kind < TT_NR_KINDS; kind++)
        for (exclusive = 0; exclusive < 2; exclusive++)
            for (seed = 0; seed < 2; seed++) {
                const tt_cfg c =
                    tt_sequential_cfg(DML_TENSOR_DATA_TYPE_FLOAT16, 0, DMLREF_ACCUMULATION_NATIVE, seed, exclusive);
                size_t l, i;
                for (l = 0; l < sizeof lengths / sizeof lengths[0]; l++) {
                    const size_t n = lengths[l];
                    const int k = kind == TT_NR_EDGE ? (int)fx_below(&r, 29) - 13 : (int)fx_below(&r, 26) - 11;
                    const size_t late = n / 2u + fx_below(&r, (uint32_t)(n / 2u));
                    int shift;
                    for (i = 0; i < n; i++) x[i] = tt_nr_element(&r, kind, k, i, n, late);
                    tt_model_line(&c, x, n, y);
                    for (shift = -1; shift <= 3; shift += shift == 1 ? 2 : 1)
                        if (!TR_CHECKF(tt_check_packed_line(&c, x, n, y, buf, shift), "kind %s, around 2^%d",
                                       tt_nr_names[kind], k))
                            goto done;
                }
            }
done:
    free(x);
    free(y);
    free(buf);
}

/* One line whose output passes DMLREF_STREAM_BYTES (32 MiB), so that the kernels stream it: segments of
   4096 to 4607 elements of the kinds above that keep the tally finite, each opened by the element that takes
   the tally (as the generator tracks it) to the segment's start. Inclusive with the output on a 64-byte
   boundary and one element past it, exclusive three elements past it. (Registered with large/.) */
static void tt_run_native_large(const void *ctx) {
    static const int kinds[5] = {TT_NR_EDGE, TT_NR_TIES, TT_NR_BOTTOM, TT_NR_JUMPS, TT_NR_WINDOW};
    const size_t n = (16u << 20) + 37u;
    fx_rng r = fx_seeded("large/cumsum-float16-native-runs", 0x7A71E5EEDull);
    uint64_t *x = (uint64_t *)malloc(n * sizeof *x), *y = (uint64_t *)malloc(n * sizeof *y);
    unsigned char *buf = (unsigned char *)malloc(2 * n * 2 + 256);
    double t = 0.0;
    size_t at = 0, i;
    int exclusive;
    (void)ctx;
    if (!TR_CHECK(x && y && buf)) goto done;
    while (at < n) {
        const size_t len = n - at < 4608u ? n - at : 4096u + fx_below(&r, 512);
        const int kind = kinds[fx_below(&r, 5)];
        const int k = kind == TT_NR_EDGE ? (int)fx_below(&r, 29) - 13 : (int)fx_below(&r, 26) - 11;
        for (i = 0; i < len; i++) {
            uint64_t e = tt_nr_element(&r, kind, k, i, len, len);
            if (i == 0) e = tt_to_half(tt_value(DML_TENSOR_DATA_TYPE_FLOAT16, e) - t);
            x[at + i] = e;
            t = tt_apply(TT_K_HALF, 0, t, tt_value(DML_TENSOR_DATA_TYPE_FLOAT16, e));
        }
        at += len;
    }
    for (exclusive = 0; exclusive < 2; exclusive++) {
        const tt_cfg c =
            tt_sequential_cfg(DML_TENSOR_DATA_TYPE_FLOAT16, 0, DMLREF_ACCUMULATION_NATIVE, exclusive, exclusive);
        tt_model_line(&c, x, n, y);
        if (!tt_check_packed_line(&c, x, n, y, buf, exclusive ? 3 : 0) ||
            (!exclusive && !tt_check_packed_line(&c, x, n, y, buf, 1)))
            goto done;
    }
done:
    free(x);
    free(y);
    free(buf);
}

/* ---- tree/integers ------------------------------------------------------------------- */

static void tt_run_integers(const void *ctx) {
    static const DML_TENSOR_DATA_TYPE types[] = {DML_TENSOR_DATA_TYPE_INT8,   DML_TENSOR_DATA_TYPE_INT16,
                                                 DML_TENSOR_DATA_TYPE_INT32,  DML_TENSOR_DATA_TYPE_INT64,
                                                 DML_TENSOR_DATA_TYPE_UINT8,  DML_TENSOR_DATA_TYPE_UINT16,
                                                 DML_TENSOR_DATA_TYPE_UINT32, DML_TENSOR_DATA_TYPE_UINT64};
    fx_rng r = fx_seeded("tree/integers", 0x7EE5EED2025ull);
    unsigned t, it;
    (void)ctx;
    for (t = 0; t < sizeof types / sizeof types[0]; t++)
        for (it = 0; it < 12; it++) {
            tt_cfg c;
            tt_geometry g;
            memset(&c, 0, sizeof c);
            c.type = types[t];
            c.product = (int)(it & 1u);
            tt_random_order(&c, &r);
            if (it < 3) { /* every tree at least once per type */
                c.order = DMLREF_FLOAT_ORDER_TREE;
                c.algorithm = (int)it;
                c.block = 1u << (1u + fx_below(&r, 16));
            }
            if (it % 4 == 3) tt_random_geometry(&g, &r, 300u);
            else tt_line_geometry(&g, 1u + fx_below(&r, 700), &r);
            tt_check_scan(&c, 1, &g, &r, 0);
            if (tt_stop()) return;
        }
}

/* ---- tree/hand ----------------------------------------------------------------------- */

#define TT_A 16777216.0 /* 2^24: float32's spacing there is 2 */

typedef struct tt_hand {
    const char *what;
    DML_TENSOR_DATA_TYPE type;
    int product, order, algorithm, carry, accumulation, seed, exclusive;
    uint32_t block;
    unsigned n;
    double x[8];
    double y[8];
} tt_hand;

static uint64_t tt_bits_of(DML_TENSOR_DATA_TYPE t, double v) {
    if (t == DML_TENSOR_DATA_TYPE_FLOAT16) return tt_to_half(v);
    if (t == DML_TENSOR_DATA_TYPE_FLOAT32) return fx_float_bits((float)v);
    return fx_double_bits(v);
}

static void tt_run_hand(const void *ctx) {
    /* The association of each tree made visible: at 2^24 float32 adds of 1 round away (ties to even). */
    static const double ones8[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    static const double sums8[8] = {1, 3, 6, 10, 15, 21, 28, 36};
    static const tt_hand cases[] = {
        /* D1 = [A,0,1,0,1,0,0,0]: Kogge-Stone forms (x0+x1) + ((x2+x3)+(x4+x5)) = A+2 at 4 and 5 */
        {"D1 kogge-stone",
         DML_TENSOR_DATA_TYPE_FLOAT32,
         0,
         DMLREF_FLOAT_ORDER_TREE,
         0,
         0,
         0,
         0,
         0,
         8,
         8,
         {TT_A, 0, 1, 0, 1, 0, 0, 0},
         {TT_A, TT_A, TT_A, TT_A, TT_A + 2, TT_A + 2, TT_A, TT_A}},
        {"D1 sklansky",
         DML_TENSOR_DATA_TYPE_FLOAT32,
         0,
         DMLREF_FLOAT_ORDER_TREE,
         1,
         0,
         0,
         0,
         0,
         8,
         8,
         {TT_A, 0, 1, 0, 1, 0, 0, 0},
         {TT_A, TT_A, TT_A, TT_A, TT_A, TT_A, TT_A, TT_A}},
        {"D1 brent-kung",
         DML_TENSOR_DATA_TYPE_FLOAT32,
         0,
         DMLREF_FLOAT_ORDER_TREE,
         2,
         0,
         0,
         0,
         0,
         8,
         8,
         {TT_A, 0, 1, 0, 1, 0, 0, 0},
         {TT_A, TT_A, TT_A, TT_A, TT_A, TT_A, TT_A, TT_A}},
        /* D2 = [A,0,0,0,1,0,1,0]: Brent-Kung forms ((x0..3)+(x4+x5))+x6 at 6, the others (x0..3)+(x4..6) */
        {"D2 kogge-stone",
         DML_TENSOR_DATA_TYPE_FLOAT32,
         0,
         DMLREF_FLOAT_ORDER_TREE,
         0,
         0,
         0,
         0,
         0,
         8,
         8,
         {TT_A, 0, 0, 0, 1, 0, 1, 0},
         {TT_A, TT_A, TT_A, TT_A, TT_A, TT_A, TT_A + 2, TT_A + 2}},
        {"D2 sklansky",
         DML_TENSOR_DATA_TYPE_FLOAT32,
         0,
         DMLREF_FLOAT_ORDER_TREE,
         1,
         0,
         0,
         0,
         0,
         8,
         8,
         {TT_A, 0, 0, 0, 1, 0, 1, 0},
         {TT_A, TT_A, TT_A, TT_A, TT_A, TT_A, TT_A + 2, TT_A + 2}},
        {"D2 brent-kung",
         DML_TENSOR_DATA_TYPE_FLOAT32,
         0,
         DMLREF_FLOAT_ORDER_TREE,
         2,
         0,
         0,
         0,
         0,
         8,
         8,
         {TT_A, 0, 0, 0, 1, 0, 1, 0},
         {TT_A, TT_A, TT_A, TT_A, TT_A, TT_A, TT_A, TT_A + 2}},
        {"D2 sequential",
         DML_TENSOR_DATA_TYPE_FLOAT32,
         0,
         DMLREF_FLOAT_ORDER_SEQUENTIAL,
         0,
         0,
         0,
         0,
         0,
         8,
         8,
         {TT_A, 0, 0, 0, 1, 0, 1, 0},
         {TT_A, TT_A, TT_A, TT_A, TT_A, TT_A, TT_A, TT_A}},
        /* carries, B = 4: block 2 scans to [1,2,2,2]; AFTER adds A to each, INTO_FIRST absorbs the 1 into A */
        {"carry after kogge-stone",
         DML_TENSOR_DATA_TYPE_FLOAT32,
         0,
         DMLREF_FLOAT_ORDER_TREE,
         0,
         0,
         0,
         0,
         0,
         4,
         8,
         {TT_A, 0, 0, 0, 1, 1, 0, 0},
         {TT_A, TT_A, TT_A, TT_A, TT_A, TT_A + 2, TT_A + 2, TT_A + 2}},
        {"carry into-first kogge-stone",
         DML_TENSOR_DATA_TYPE_FLOAT32,
         0,
         DMLREF_FLOAT_ORDER_TREE,
         0,
         1,
         0,
         0,
         0,
         4,
         8,
         {TT_A, 0, 0, 0, 1, 1, 0, 0},
         {TT_A, TT_A, TT_A, TT_A, TT_A, TT_A, TT_A, TT_A}},
        {"carry after sklansky",
         DML_TENSOR_DATA_TYPE_FLOAT32,
         0,
         DMLREF_FLOAT_ORDER_TREE,
         1,
         0,
         0,
         0,
         0,
         4,
         8,
         {TT_A, 0, 0, 0, 1, 1, 0, 0},
         {TT_A, TT_A, TT_A, TT_A, TT_A, TT_A + 2, TT_A + 2, TT_A + 2}},
        {"carry into-first sklansky",
         DML_TENSOR_DATA_TYPE_FLOAT32,
         0,
         DMLREF_FLOAT_ORDER_TREE,
         1,
         1,
         0,
         0,
         0,
         4,
         8,
         {TT_A, 0, 0, 0, 1, 1, 0, 0},
         {TT_A, TT_A, TT_A, TT_A, TT_A, TT_A, TT_A, TT_A}},
        {"carry after brent-kung",
         DML_TENSOR_DATA_TYPE_FLOAT32,
         0,
         DMLREF_FLOAT_ORDER_TREE,
         2,
         0,
         0,
         0,
         0,
         4,
         8,
         {TT_A, 0, 0, 0, 1, 1, 0, 0},
         {TT_A, TT_A, TT_A, TT_A, TT_A, TT_A + 2, TT_A + 2, TT_A + 2}},
        {"carry into-first brent-kung",
         DML_TENSOR_DATA_TYPE_FLOAT32,
         0,
         DMLREF_FLOAT_ORDER_TREE,
         2,
         1,
         0,
         0,
         0,
         4,
         8,
         {TT_A, 0, 0, 0, 1, 1, 0, 0},
         {TT_A, TT_A, TT_A, TT_A, TT_A, TT_A, TT_A, TT_A}},
        /* accumulation, FLOAT16: 2049 is a binary16 tie (-> 2048); 2049 + 2^-14 is above it */
        {"f16 default",
         DML_TENSOR_DATA_TYPE_FLOAT16,
         0,
         DMLREF_FLOAT_ORDER_SEQUENTIAL,
         0,
         0,
         0,
         0,
         0,
         0,
         3,
         {2050, -1, 0.00006103515625},
         {2050, 2048, 2048}},
        {"f16 native",
         DML_TENSOR_DATA_TYPE_FLOAT16,
         0,
         DMLREF_FLOAT_ORDER_SEQUENTIAL,
         0,
         0,
         1,
         0,
         0,
         0,
         3,
         {2050, -1, 0.00006103515625},
         {2050, 2048, 2048}},
        {"f16 wide (one rounding from float64)",
         DML_TENSOR_DATA_TYPE_FLOAT16,
         0,
         DMLREF_FLOAT_ORDER_SEQUENTIAL,
         0,
         0,
         2,
         0,
         0,
         0,
         3,
         {2050, -1, 0.00006103515625},
         {2050, 2048, 2050}},
        {"f16 default 2048+1+1",
         DML_TENSOR_DATA_TYPE_FLOAT16,
         0,
         DMLREF_FLOAT_ORDER_SEQUENTIAL,
         0,
         0,
         0,
         0,
         0,
         0,
         3,
         {2048, 1, 1},
         {2048, 2048, 2050}},
        {"f16 native 2048+1+1",
         DML_TENSOR_DATA_TYPE_FLOAT16,
         0,
         DMLREF_FLOAT_ORDER_SEQUENTIAL,
         0,
         0,
         1,
         0,
         0,
         0,
         3,
         {2048, 1, 1},
         {2048, 2048, 2048}},
        {"f16 native tree 2048+1+1",
         DML_TENSOR_DATA_TYPE_FLOAT16,
         0,
         DMLREF_FLOAT_ORDER_TREE,
         0,
         1,
         1,
         1,
         0,
         2,
         3,
         {2048, 1, 1},
         {2048, 2048, 2048}},
        {"f32 default A+1+1",
         DML_TENSOR_DATA_TYPE_FLOAT32,
         0,
         DMLREF_FLOAT_ORDER_SEQUENTIAL,
         0,
         0,
         0,
         0,
         0,
         0,
         3,
         {TT_A, 1, 1},
         {TT_A, TT_A, TT_A}},
        {"f32 wide A+1+1",
         DML_TENSOR_DATA_TYPE_FLOAT32,
         0,
         DMLREF_FLOAT_ORDER_SEQUENTIAL,
         0,
         0,
         2,
         0,
         0,
         0,
         3,
         {TT_A, 1, 1},
         {TT_A, TT_A, TT_A + 2}},
        /* identity_seed and -0.0 */
        {"-0 seed 0",
         DML_TENSOR_DATA_TYPE_FLOAT32,
         0,
         DMLREF_FLOAT_ORDER_SEQUENTIAL,
         0,
         0,
         0,
         0,
         0,
         0,
         3,
         {-0.0, -0.0, -0.0},
         {-0.0, -0.0, -0.0}},
        {"-0 seed 1",
         DML_TENSOR_DATA_TYPE_FLOAT32,
         0,
         DMLREF_FLOAT_ORDER_SEQUENTIAL,
         0,
         0,
         0,
         1,
         0,
         0,
         3,
         {-0.0, -0.0, -0.0},
         {0.0, 0.0, 0.0}},
        {"-0 tree after seed 0",
         DML_TENSOR_DATA_TYPE_FLOAT16,
         0,
         DMLREF_FLOAT_ORDER_TREE,
         1,
         0,
         0,
         0,
         0,
         2,
         3,
         {-0.0, -0.0, -0.0},
         {-0.0, -0.0, -0.0}},
        {"-0 tree after seed 1",
         DML_TENSOR_DATA_TYPE_FLOAT16,
         0,
         DMLREF_FLOAT_ORDER_TREE,
         1,
         0,
         0,
         1,
         0,
         2,
         3,
         {-0.0, -0.0, -0.0},
         {0.0, 0.0, 0.0}},
        {"-0 tree into-first seed 1",
         DML_TENSOR_DATA_TYPE_FLOAT64,
         0,
         DMLREF_FLOAT_ORDER_TREE,
         2,
         1,
         0,
         1,
         0,
         2,
         3,
         {-0.0, -0.0, -0.0},
         {0.0, 0.0, 0.0}},
        {"-0 exclusive seed 0",
         DML_TENSOR_DATA_TYPE_FLOAT32,
         0,
         DMLREF_FLOAT_ORDER_SEQUENTIAL,
         0,
         0,
         0,
         0,
         1,
         0,
         3,
         {-0.0, -0.0, -0.0},
         {0.0, -0.0, -0.0}},
        {"-0 exclusive seed 1",
         DML_TENSOR_DATA_TYPE_FLOAT32,
         0,
         DMLREF_FLOAT_ORDER_SEQUENTIAL,
         0,
         0,
         0,
         1,
         1,
         0,
         3,
         {-0.0, -0.0, -0.0},
         {0.0, 0.0, 0.0}},
        {"-0 product seed 1",
         DML_TENSOR_DATA_TYPE_FLOAT32,
         1,
         DMLREF_FLOAT_ORDER_SEQUENTIAL,
         0,
         0,
         0,
         1,
         0,
         0,
         3,
         {-0.0, -0.0, -0.0},
         {-0.0, 0.0, -0.0}},
    };
    unsigned k, i;
    int algorithm, type, carry;
    (void)ctx;
    /* 1..8 give 1, 3, 6, ..., 36 in every tree, type and carry (one block of 8, and blocks of 2 and 4) */
    for (algorithm = 0; algorithm < 3; algorithm++)
        for (type = 0; type < 3; type++)
            for (carry = 0; carry < 2; carry++) {
                uint32_t block;
                for (block = 2; block <= 16; block <<= 1) {
                    tt_cfg c;
                    uint64_t x[8], y[8];
                    memset(&c, 0, sizeof c);
                    c.type = tt_float_types[type];
                    c.order = DMLREF_FLOAT_ORDER_TREE;
                    c.algorithm = algorithm;
                    c.carry = carry;
                    c.block = block;
                    c.accumulation = type; /* any: these sums are exact */
                    for (i = 0; i < 8; i++) x[i] = tt_bits_of(c.type, ones8[i]);
                    tt_model_line(&c, x, 8, y);
                    for (i = 0; i < 8; i++)
                        TR_CHECKF(y[i] == tt_bits_of(c.type, sums8[i]), "model: %s B=%lu 1..8: output %u is 0x%llx",
                                  tt_algorithm_names[algorithm], (unsigned long)block, i, (unsigned long long)y[i]);
                }
            }
    for (k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        const tt_hand *h = &cases[k];
        tt_cfg c;
        tt_geometry g;
        tt_scan_op o;
        uint64_t x[8], y[8];
        unsigned char in[64], out[64];
        memset(&c, 0, sizeof c);
        c.type = h->type;
        c.product = h->product;
        c.order = h->order;
        c.algorithm = h->algorithm;
        c.carry = h->carry;
        c.block = h->block;
        c.accumulation = h->accumulation;
        c.seed = h->seed;
        c.exclusive = h->exclusive;
        for (i = 0; i < h->n; i++) x[i] = tt_bits_of(h->type, h->x[i]);
        tt_model_line(&c, x, h->n, y); /* the model agrees with the hand computation */
        for (i = 0; i < h->n; i++)
            TR_CHECKF(y[i] == tt_bits_of(h->type, h->y[i]), "model: %s: output %u is 0x%llx, by hand 0x%llx", h->what,
                      i, (unsigned long long)y[i], (unsigned long long)tt_bits_of(h->type, h->y[i]));
        tt_line_geometry(&g, h->n, NULL);
        tt_make_scan_op(&o, &c, &g);
        for (i = 0; i < h->n; i++) fx_store(in + i * fx_type_size(h->type), fx_type_size(h->type), x[i]);
        for (type = 0; type < (int)FX_ISA_COUNT; type++) {
            dmlref_options options;
            dmlref_scan_tree tree;
            char message[256];
            const void *inputs[1];
            void *outputs[1];
            dmlref_status st;
            if (!dmlref_isa_available(fx_isas[type])) continue;
            tt_set_options(&options, &c, &tree, fx_isas[type], message, sizeof message);
            memset(out, TT_FILL, sizeof out);
            message[0] = 0;
            inputs[0] = in;
            outputs[0] = out;
            st = dmlref_execute(&o.scan.op, inputs, outputs, &options);
            if (!TR_CHECKF(st == DMLREF_OK, "%s isa=%s: status %s (%s)", h->what, dmlref_isa_name(fx_isas[type]),
                           dmlref_status_name(st), message))
                continue;
            for (i = 0; i < h->n; i++) {
                uint64_t got = fx_load(out + i * fx_type_size(h->type), fx_type_size(h->type));
                if (!TR_CHECKF(got == tt_bits_of(h->type, h->y[i]), "%s isa=%s: output %u is 0x%llx, expected 0x%llx",
                               h->what, dmlref_isa_name(fx_isas[type]), i, (unsigned long long)got,
                               (unsigned long long)tt_bits_of(h->type, h->y[i])))
                    break;
            }
        }
    }
}

/* ---- tree/model-selftest --------------------------------------------------------------- */

static void tt_run_selftest(const void *ctx) {
    fx_rng r = fx_seeded("tree/model-selftest", 0x7EE5EED2025ull);
    uint32_t h;
    unsigned i;
    (void)ctx;
    /* float64 -> float32 against the compiler's conversion, over the whole float32 range and beyond */
    for (i = 0; i < 200000; i++) {
        double v = ldexp(fx_unit(&r) + 0.5, (int)fx_below(&r, 300) - 160) * ((fx_next(&r) & 1u) ? -1 : 1);
        uint64_t want;
        if (i % 7 == 0) v = (double)fx_bits_float(fx_next(&r) & 0x7F7FFFFFu) + ldexp(fx_unit(&r), -200);
        if (fabs(v) > 3.4028234663852886e38) continue; /* the compiler's conversion is not ours to judge there */
        want = fx_float_bits((float)v);
        if (!TR_CHECKF(tt_to_single(v) == want, "tt_to_single(%.17g) = 0x%llx, (float) gives 0x%llx", v,
                       (unsigned long long)tt_to_single(v), (unsigned long long)want))
            break;
    }
    /* float64 -> binary16 on float32 values (one rounding either way) against oracle_f32_to_f16 */
    for (i = 0; i < 200000; i++) {
        float f = fx_bits_float(fx_next(&r) & 0xFFFFFFFFu);
        if (i & 1u) f = (float)ldexp(fx_unit(&r) + 0.5, (int)fx_below(&r, 50) - 30);
        if (!TR_CHECKF(tt_to_half((double)f) == oracle_f32_to_f16(f), "tt_to_half(%.9g) = 0x%llx, oracle 0x%x",
                       (double)f, (unsigned long long)tt_to_half((double)f), (unsigned)oracle_f32_to_f16(f)))
            break;
    }
    /* every binary16 midpoint: a tie goes to even, a hair above goes up, a hair below goes down,
       also where the hair is below float32's precision (a float32 detour would round twice) */
    for (h = 0; h < 0x7C00u; h++) {
        double lo = (double)oracle_f16_to_f32((uint16_t)h);
        double hi = h + 1 == 0x7C00u ? 65536.0 : (double)oracle_f16_to_f32((uint16_t)(h + 1));
        double mid = (lo + hi) / 2, up = nextafter(mid, 1e300), down = nextafter(mid, 0);
        uint32_t even = (h & 1u) ? h + 1 : h;
        if (!TR_CHECKF(tt_to_half(mid) == even && tt_to_half(up) == h + 1 && tt_to_half(down) == h &&
                           tt_to_half(-mid) == (even | 0x8000u) && tt_to_half(lo) == h,
                       "binary16 rounding around 0x%x: mid 0x%llx up 0x%llx down 0x%llx", (unsigned)h,
                       (unsigned long long)tt_to_half(mid), (unsigned long long)tt_to_half(up),
                       (unsigned long long)tt_to_half(down)))
            break;
    }
    TR_CHECK(tt_to_half(65519.99) == 0x7BFFu);
    TR_CHECK(tt_to_half(65520.0) == 0x7C00u);
    TR_CHECK(tt_to_half(-1e300) == 0xFC00u);
    TR_CHECK(tt_to_half(ldexp(1, -25)) == 0u);               /* half the smallest subnormal: tie to 0 */
    TR_CHECK(tt_to_half(nextafter(ldexp(1, -25), 1)) == 1u); /* above it: the smallest subnormal */
    TR_CHECK(tt_to_half(ldexp(3, -26)) == 1u);
    TR_CHECK(tt_to_half(-ldexp(1, -30)) == 0x8000u);
    TR_CHECK(tt_to_half(ldexp(1, -14) - ldexp(1, -25)) == 0x0400u); /* rounds up into the normals */
    TR_CHECK(tt_to_half(ldexp(1, -1074)) == 0u);
    TR_CHECK(tt_to_half(fx_bits_double(0x7FF0000000000001ull)) == 0x7E00u);
    TR_CHECK(tt_to_half(fx_bits_double(0xFFF8000000000000ull)) == 0x7E00u);
    TR_CHECK(tt_to_single(ldexp(1, -150)) == 0u);
    TR_CHECK(tt_to_single(ldexp(3, -151)) == 1u);
    TR_CHECK(tt_to_single(ldexp(1, 128) - ldexp(1, 103)) == 0x7F800000u); /* FLT_MAX + half an ulp: a tie, to inf */
    TR_CHECK(tt_to_single(nextafter(ldexp(1, 128) - ldexp(1, 103), 0)) == 0x7F7FFFFFu);
    /* 2049 + 2^-14 is 2049 in float32: the double-rounding trap WIDE must avoid */
    TR_CHECK(tt_to_half(2049.0 + ldexp(1, -14)) == 0x6801u);
    TR_CHECK(oracle_f32_to_f16((float)(2049.0 + ldexp(1, -14))) == 0x6800u);
    /* NATIVE FLOAT16 operations: exact in double, then one rounding */
    TR_CHECK(tt_apply(TT_K_HALF, 0, 2048.0, 1.0) == 2048.0);
    TR_CHECK(tt_apply(TT_K_HALF, 0, 2050.0, 1.0) == 2052.0);
    TR_CHECK(tt_apply(TT_K_HALF, 1, 1.0009765625, 1.0009765625) == 1.001953125);
}

/* ---- tree/nan-compare/... -------------------------------------------------------------- */

typedef struct tt_arg_case {
    char name[64];
    DML_OPERATOR_TYPE op;
    DML_REDUCE_FUNCTION function;
    int is_min;
} tt_arg_case;

static tt_arg_case tt_arg_cases[4];

/* x < y in the element type (IEEE for floats: false when either is NaN). */
static int tt_less(DML_TENSOR_DATA_TYPE t, uint64_t a, uint64_t b) {
    const unsigned bits = fx_type_size(t) * 8u;
    if (fx_is_float(t)) return tt_value(t, a) < tt_value(t, b);
    if (bits < 64) { /* the stored element is the low bits */
        a &= ((uint64_t)1 << bits) - 1u;
        b &= ((uint64_t)1 << bits) - 1u;
    }
    if (fx_is_signed(t)) {
        int64_t sa, sb;
        if (bits < 64) {
            uint64_t sign = (uint64_t)1 << (bits - 1u), mask = ((uint64_t)1 << bits) - 1u;
            sa = (a & sign) ? (int64_t)(a | ~mask) : (int64_t)a;
            sb = (b & sign) ? (int64_t)(b | ~mask) : (int64_t)b;
        } else {
            memcpy(&sa, &a, 8);
            memcpy(&sb, &b, 8);
        }
        return sa < sb;
    }
    return a < b;
}

static uint64_t tt_arg_value(fx_rng *r, DML_TENSOR_DATA_TYPE t) {
    static const double pool[] = {1, -1, 2, -2, 0.5, 3, -3, 0, -0.0};
    uint32_t pick = fx_below(r, 16);
    if (!fx_is_float(t)) {
        if (pick < 12) return (uint64_t)((int64_t)fx_below(r, 7) - 3);
        if (pick < 14) return fx_next(r);
        return pick == 14 ? ~(uint64_t)0
                          : (uint64_t)1 << (fx_type_size(t) * 8u - 1u); /* -1 / max, the sign bit / min */
    }
    if (pick < 9) return tt_bits_of(t, pool[pick]);
    if (pick == 9) return tt_random_nan(r, t);
    if (pick == 10) return tt_inf_bits(t);
    if (pick == 11) return tt_inf_bits(t) | tt_sign_bit(t);
    return tt_bits_of(t, ldexp(fx_unit(r) * 2 - 1, (int)fx_below(r, 8)));
}

static void tt_run_nan_compare(const void *ctx) {
    static const DML_TENSOR_DATA_TYPE types[] = {
        DML_TENSOR_DATA_TYPE_FLOAT16, DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_DATA_TYPE_FLOAT64,
        DML_TENSOR_DATA_TYPE_INT8,    DML_TENSOR_DATA_TYPE_UINT16,  DML_TENSOR_DATA_TYPE_INT32,
        DML_TENSOR_DATA_TYPE_UINT32,  DML_TENSOR_DATA_TYPE_INT64,   DML_TENSOR_DATA_TYPE_UINT64};
    static const DML_TENSOR_DATA_TYPE index_types[] = {DML_TENSOR_DATA_TYPE_INT32, DML_TENSOR_DATA_TYPE_INT64,
                                                       DML_TENSOR_DATA_TYPE_UINT32, DML_TENSOR_DATA_TYPE_UINT64};
    const tt_arg_case *a = (const tt_arg_case *)ctx;
    fx_rng r = fx_seeded(a->name, 0x7EE5EED2025ull);
    unsigned t, it;
    for (t = 0; t < sizeof types / sizeof types[0]; t++)
        for (it = 0; it < 30; it++) {
            const DML_TENSOR_DATA_TYPE type = types[t], itype = index_types[it % 4];
            const unsigned size = fx_type_size(type), isize = fx_type_size(itype);
            UINT rank = 1u + fx_below(&r, 4), sizes[TT_MAX_RANK], out_sizes[TT_MAX_RANK], axes[TT_MAX_RANK];
            UINT axis_count = 0, d, index[TT_MAX_RANK], sub[TT_MAX_RANK];
            int reduced[TT_MAX_RANK], decreasing = a->op == DML_OPERATOR_REDUCE ? 0 : (int)(it & 1u);
            uint64_t in_elems = 1, count = 1, p;
            uint64_t *x = NULL, *list = NULL;
            unsigned char *in = NULL, *out = NULL, *expected = NULL;
            fx_tensor in_t, out_t;
            fx_op op;
            size_t i;
            char where[160];
            for (d = 0; d < rank; d++) {
                sizes[d] = 1u + fx_below(&r, rank == 1 ? 300u : rank == 2 ? 40u : 6u);
                reduced[d] = fx_below(&r, 2) == 0;
            }
            if (it % 5 == 4 && rank > 1) sizes[fx_below(&r, rank)] = 1u + fx_below(&r, 200u);
            reduced[fx_below(&r, rank)] = 1;
            for (d = 0; d < rank; d++) {
                out_sizes[d] = reduced[d] ? 1u : sizes[d];
                if (reduced[d]) {
                    axes[axis_count++] = d;
                    count *= sizes[d];
                }
                in_elems *= sizes[d];
            }
            for (d = axis_count; d > 1; d--) { /* Axes listed in any order */
                UINT j = fx_below(&r, d), tmp = axes[d - 1];
                axes[d - 1] = axes[j];
                axes[j] = tmp;
            }
            x = (uint64_t *)malloc((size_t)in_elems * sizeof *x);
            list = (uint64_t *)malloc((size_t)count * sizeof *list);
            in = (unsigned char *)malloc((size_t)oracle_buffer_size(type, rank, sizes, NULL));
            out = (unsigned char *)malloc((size_t)oracle_buffer_size(itype, rank, out_sizes, NULL));
            expected = (unsigned char *)malloc((size_t)oracle_buffer_size(itype, rank, out_sizes, NULL));
            if (!TR_CHECK(x && list && in && out && expected)) goto next;
            for (i = 0; i < in_elems; i++) x[i] = tt_arg_value(&r, type);
            memset(expected, TT_FILL, (size_t)oracle_buffer_size(itype, rank, out_sizes, NULL));
            /* every output: its reduced elements in row-major order of the reduced axes */
            memset(index, 0, sizeof index);
            do {
                uint64_t best_at, o = 0, stride = 1;
                size_t n = 0;
                memcpy(sub, index, sizeof sub);
                do {
                    uint64_t flat = 0;
                    for (d = 0; d < rank; d++) flat = flat * sizes[d] + sub[d];
                    list[n++] = flat;
                    /* next reduced index (row-major over the reduced axes) */
                    for (d = rank; d-- > 0;) {
                        if (!reduced[d]) continue;
                        if (++sub[d] < sizes[d]) break;
                        sub[d] = 0;
                    }
                    if (d == (UINT)-1) break;
                } while (1);
                /* place NaN (floats) or the extreme at the first traversal position now and then, and ties */
                if (fx_is_float(type)) {
                    uint32_t pick = fx_below(&r, 6);
                    if (pick == 0) x[list[decreasing ? n - 1 : 0]] = tt_random_nan(&r, type);
                    if (pick == 1 && n > 1) x[list[decreasing ? 0 : n - 1]] = tt_random_nan(&r, type);
                    if (pick == 2 && n > 1) x[list[fx_below(&r, (uint32_t)n)]] = tt_random_nan(&r, type);
                    if (pick == 3) { /* -0.0 and +0.0 only, with one NaN: ties everywhere */
                        for (i = 0; i < n; i++) x[list[i]] = fx_below(&r, 2) ? tt_sign_bit(type) : 0u;
                        x[list[fx_below(&r, (uint32_t)n)]] = tt_random_nan(&r, type);
                    }
                }
                best_at = 0;
                {
                    uint64_t best = x[list[decreasing ? n - 1 : 0]];
                    best_at = decreasing ? n - 1 : 0;
                    for (p = 1; p < n; p++) {
                        uint64_t q = decreasing ? n - 1 - p : p, v = x[list[q]];
                        if (a->is_min ? tt_less(type, v, best) : tt_less(type, best, v)) {
                            best = v;
                            best_at = q;
                        }
                    }
                }
                for (d = rank; d-- > 0;) {
                    o += (reduced[d] ? 0u : index[d]) * stride;
                    stride *= out_sizes[d];
                }
                fx_store(expected + o * isize, isize, best_at);
                /* next output index over the kept axes */
                for (d = rank; d-- > 0;) {
                    if (reduced[d]) continue;
                    if (++index[d] < sizes[d]) break;
                    index[d] = 0;
                }
                if (d == (UINT)-1) break;
            } while (1);
            for (i = 0; i < in_elems; i++) fx_store(in + i * size, size, x[i]);

            fx_tensor_packed(&in_t, type, rank, sizes);
            fx_tensor_packed(&out_t, itype, rank, out_sizes);
            fx_arg_op(&op, a->op, a->function == DML_REDUCE_FUNCTION_ARGMAX, &in_t.desc, &out_t.desc, axis_count, axes,
                      decreasing);
            {
                size_t len = 0;
                len += (size_t)snprintf(where + len, sizeof where - len, "%s -> %s sizes=[", fx_type_short(type),
                                        fx_type_short(itype));
                for (d = 0; d < rank && len < sizeof where; d++)
                    len += (size_t)snprintf(where + len, sizeof where - len, "%s%u", d ? "," : "", (unsigned)sizes[d]);
                for (d = 0; d < axis_count && len < sizeof where; d++)
                    len += (size_t)snprintf(where + len, sizeof where - len, "%s%u",
                                            d ? "," : "] axes=", (unsigned)axes[d]);
                if (len < sizeof where)
                    snprintf(where + len, sizeof where - len, "%s", decreasing ? " DECREASING" : "");
            }
            for (i = 0; i < FX_ISA_COUNT; i++) {
                dmlref_options options;
                char message[256];
                const void *inputs[1];
                void *outputs[1];
                dmlref_status st;
                const size_t out_bytes = (size_t)out_t.buf.TotalTensorSizeInBytes;
                if (!dmlref_isa_available(fx_isas[i])) continue;
                memset(&options, 0, sizeof options);
                options.nan_policy = DMLREF_NAN_COMPARE;
                options.isa = fx_isas[i];
                options.error_message = message;
                options.error_message_capacity = sizeof message;
                message[0] = 0;
                memset(out, TT_FILL, out_bytes);
                inputs[0] = in;
                outputs[0] = out;
                st = dmlref_execute(&op.op, inputs, outputs, &options);
                if (!TR_CHECKF(st == DMLREF_OK, "%s isa=%s: status %s (%s)", where, dmlref_isa_name(fx_isas[i]),
                               dmlref_status_name(st), message))
                    continue;
                if (memcmp(out, expected, out_bytes) != 0) {
                    size_t e;
                    for (e = 0; e + isize <= out_bytes; e += isize)
                        if (memcmp(out + e, expected + e, isize) != 0) break;
                    TR_CHECKF(0, "%s isa=%s: output %lu is %lld, expected %lld", where, dmlref_isa_name(fx_isas[i]),
                              (unsigned long)(e / isize), (long long)fx_load(out + e, isize),
                              (long long)fx_load(expected + e, isize));
                }
            }
        next:
            free(x);
            free(list);
            free(in);
            free(out);
            free(expected);
            if (tt_stop()) return;
        }
}

/* ---- tree/invalid -------------------------------------------------------------------- */

static void tt_expect_invalid(const char *what, DML_TENSOR_DATA_TYPE type, int product, const dmlref_options *o) {
    tt_cfg c;
    tt_geometry g;
    tt_scan_op op;
    unsigned char in[64], out[64], pattern[64];
    const void *inputs[1];
    void *outputs[1];
    dmlref_status st, sv;
    unsigned i;
    memset(&c, 0, sizeof c);
    c.type = type;
    c.product = product;
    tt_line_geometry(&g, 8, NULL);
    tt_make_scan_op(&op, &c, &g);
    for (i = 0; i < 8; i++) fx_store(in + i * fx_type_size(type), fx_type_size(type), tt_one_bits(type));
    for (i = 0; i < sizeof out; i++) out[i] = pattern[i] = (unsigned char)(0x5A ^ (i * 37u));
    inputs[0] = in;
    outputs[0] = out;
    sv = dmlref_validate(&op.scan.op, o);
    st = dmlref_execute(&op.scan.op, inputs, outputs, o);
    TR_CHECKF(sv == DMLREF_ERROR_INVALID_OPTION, "%s (%s %s): dmlref_validate gives %s", what,
              product ? "cumprod" : "cumsum", fx_type_short(type), dmlref_status_name(sv));
    TR_CHECKF(st == DMLREF_ERROR_INVALID_OPTION, "%s (%s %s): dmlref_execute gives %s", what,
              product ? "cumprod" : "cumsum", fx_type_short(type), dmlref_status_name(st));
    TR_CHECKF(memcmp(out, pattern, sizeof out) == 0, "%s (%s %s): the output buffer changed", what,
              product ? "cumprod" : "cumsum", fx_type_short(type));
}

static void tt_expect_ok(const char *what, DML_TENSOR_DATA_TYPE type, int product, const dmlref_options *o) {
    tt_cfg c;
    tt_geometry g;
    tt_scan_op op;
    unsigned char in[64], out[64];
    const void *inputs[1];
    void *outputs[1];
    dmlref_status st;
    unsigned i;
    memset(&c, 0, sizeof c);
    c.type = type;
    c.product = product;
    tt_line_geometry(&g, 8, NULL);
    tt_make_scan_op(&op, &c, &g);
    for (i = 0; i < 8; i++) fx_store(in + i * fx_type_size(type), fx_type_size(type), tt_one_bits(type));
    inputs[0] = in;
    outputs[0] = out;
    st = dmlref_execute(&op.scan.op, inputs, outputs, o);
    TR_CHECKF(st == DMLREF_OK, "%s (%s %s): valid options give %s", what, product ? "cumprod" : "cumsum",
              fx_type_short(type), dmlref_status_name(st));
}

static void tt_run_invalid(const void *ctx) {
    static const uint32_t bad_blocks[] = {0, 1, 3, 5, 6, 12, 100, 65535, 65537, 131072, 0x80000000u, 0xFFFFFFFFu};
    static const uint32_t good_blocks[] = {2, 4, 1024, 65536};
    static const int32_t bad_algorithms[] = {-1, 3, 7, 0x7FFFFFFF, (-0x7FFFFFFF - 1)};
    static const int32_t bad_carries[] = {-1, 4, 99};
    static const uint32_t bad_serials[] = {65537, 0x80000000u, 0xFFFFFFFFu};
    static const uint32_t bad_lanes[] = {3, 6, 48, 65535, 131072, 0xFFFFFFFFu};
    static const int32_t bad_run_seeds[] = {-1, 2, 0x7FFFFFFF};
    static const int32_t bad_accumulations[] = {-1, 3, 100, 0x7FFFFFFF};
    static const int32_t bad_seeds[] = {-1, 2, 100};
    static const int orders[] = {DMLREF_FLOAT_ORDER_SEQUENTIAL, DMLREF_FLOAT_ORDER_BLOCKED, DMLREF_FLOAT_ORDER_TREE};
    dmlref_options o;
    dmlref_scan_tree tree;
    char what[96];
    unsigned i, k, p;
    (void)ctx;
    memset(&tree, 0, sizeof tree);
    for (p = 0; p < 2; p++) {
        const DML_TENSOR_DATA_TYPE type = p ? DML_TENSOR_DATA_TYPE_FLOAT16 : DML_TENSOR_DATA_TYPE_FLOAT32;
        memset(&o, 0, sizeof o);
        o.float_order = DMLREF_FLOAT_ORDER_TREE;
        tt_expect_invalid("TREE with tree NULL", type, (int)p, &o);
        tree.algorithm = DMLREF_TREE_KOGGE_STONE;
        tree.block = 16;
        tree.carry = DMLREF_CARRY_RECURSIVE;
        o.tree = &tree;
        for (i = 0; i < sizeof bad_serials / sizeof bad_serials[0]; i++) {
            tree.serial = bad_serials[i];
            snprintf(what, sizeof what, "TREE serial %lu", (unsigned long)bad_serials[i]);
            tt_expect_invalid(what, type, (int)p, &o);
        }
        tree.serial = 4;
        for (i = 0; i < sizeof bad_lanes / sizeof bad_lanes[0]; i++) {
            tree.lanes = bad_lanes[i];
            snprintf(what, sizeof what, "TREE lanes %lu", (unsigned long)bad_lanes[i]);
            tt_expect_invalid(what, type, (int)p, &o);
        }
        tree.lanes = 4;
        for (i = 0; i < sizeof bad_run_seeds / sizeof bad_run_seeds[0]; i++) {
            tree.run_seed = bad_run_seeds[i];
            snprintf(what, sizeof what, "TREE run_seed %ld", (long)bad_run_seeds[i]);
            tt_expect_invalid(what, type, (int)p, &o);
        }
        memset(&tree, 0, sizeof tree);
        for (i = 0; i < sizeof bad_blocks / sizeof bad_blocks[0]; i++) {
            tree.algorithm = (int32_t)(i % 3u);
            tree.carry = (int32_t)(i % 2u);
            tree.block = bad_blocks[i];
            o.tree = &tree;
            snprintf(what, sizeof what, "TREE block %lu", (unsigned long)bad_blocks[i]);
            tt_expect_invalid(what, type, (int)p, &o);
        }
        tree.block = 16;
        tree.carry = DMLREF_CARRY_AFTER;
        for (i = 0; i < sizeof bad_algorithms / sizeof bad_algorithms[0]; i++) {
            tree.algorithm = bad_algorithms[i];
            snprintf(what, sizeof what, "TREE algorithm %ld", (long)bad_algorithms[i]);
            tt_expect_invalid(what, type, (int)p, &o);
        }
        tree.algorithm = DMLREF_TREE_SKLANSKY;
        for (i = 0; i < sizeof bad_carries / sizeof bad_carries[0]; i++) {
            tree.carry = bad_carries[i];
            snprintf(what, sizeof what, "TREE carry %ld", (long)bad_carries[i]);
            tt_expect_invalid(what, type, (int)p, &o);
        }
        tree.carry = DMLREF_CARRY_INTO_FIRST;
        for (k = 0; k < 3; k++) {
            memset(&o, 0, sizeof o);
            o.float_order = orders[k];
            tree.algorithm = DMLREF_TREE_BRENT_KUNG;
            tree.block = 8;
            o.tree = orders[k] == DMLREF_FLOAT_ORDER_TREE ? &tree : NULL;
            for (i = 0; i < sizeof bad_accumulations / sizeof bad_accumulations[0]; i++) {
                o.accumulation = bad_accumulations[i];
                snprintf(what, sizeof what, "order %d accumulation %ld", orders[k], (long)bad_accumulations[i]);
                tt_expect_invalid(what, type, (int)p, &o);
            }
            o.accumulation = 0;
            for (i = 0; i < sizeof bad_seeds / sizeof bad_seeds[0]; i++) {
                o.identity_seed = bad_seeds[i];
                snprintf(what, sizeof what, "order %d identity_seed %ld", orders[k], (long)bad_seeds[i]);
                tt_expect_invalid(what, type, (int)p, &o);
            }
        }
    }
    /* EXACT with a non-default accumulation */
    for (k = 1; k < 3; k++) {
        memset(&o, 0, sizeof o);
        o.float_order = DMLREF_FLOAT_ORDER_EXACT;
        o.accumulation = (int32_t)k;
        snprintf(what, sizeof what, "EXACT accumulation %u", k);
        tt_expect_invalid(what, DML_TENSOR_DATA_TYPE_FLOAT32, 0, &o);
        tt_expect_invalid(what, DML_TENSOR_DATA_TYPE_FLOAT16, 0, &o);
    }
    /* the valid neighbours of those values are accepted */
    for (i = 0; i < sizeof good_blocks / sizeof good_blocks[0]; i++)
        for (k = 0; k < 3; k++) {
            memset(&o, 0, sizeof o);
            o.float_order = DMLREF_FLOAT_ORDER_TREE;
            tree.algorithm = (int32_t)k;
            tree.carry = (int32_t)(i & 1u);
            tree.block = good_blocks[i];
            o.tree = &tree;
            o.accumulation = (int32_t)k;
            o.identity_seed = (int32_t)(i & 1u);
            snprintf(what, sizeof what, "TREE {%s, %lu}", tt_algorithm_names[k], (unsigned long)good_blocks[i]);
            tt_expect_ok(what, DML_TENSOR_DATA_TYPE_FLOAT32, 0, &o);
            tt_expect_ok(what, DML_TENSOR_DATA_TYPE_FLOAT16, 1, &o);
        }
    memset(&o, 0, sizeof o);
    o.float_order = DMLREF_FLOAT_ORDER_EXACT;
    tt_expect_ok("EXACT with DEFAULT accumulation", DML_TENSOR_DATA_TYPE_FLOAT32, 0, &o);
    /* options.tree is read only when float_order is TREE (dml_ref.h's comment on the field) */
    memset(&o, 0, sizeof o);
    tree.algorithm = 99;
    tree.block = 3;
    tree.carry = 99;
    o.tree = &tree;
    o.accumulation = DMLREF_ACCUMULATION_WIDE;
    o.identity_seed = 1;
    tt_expect_ok("SEQUENTIAL ignores a bad options.tree", DML_TENSOR_DATA_TYPE_FLOAT32, 0, &o);
}

/* ---- tree/pytorch-block ------------------------------------------------------------------ */

static uint32_t tt_ceil_log2(uint64_t n) { /* smallest x with 2^x >= n */
    uint32_t x = 0;
    while (x < 64 && ((uint64_t)1 << x) < n) x++;
    return x;
}
static uint32_t tt_pytorch_block(uint64_t rows, uint64_t length) {
    uint32_t lx, ly, diff, l;
    if (rows == 0 || length == 0) return 0;
    lx = tt_ceil_log2(length);
    ly = tt_ceil_log2(rows);
    diff = lx - ly; /* uint32: wraps when negative */
    l = (9u + diff) / 2u;
    if (l < 4u) l = 4u;
    if (l > 9u) l = 9u;
    return 2u << l;
}

static void tt_run_pytorch(const void *ctx) {
    static const uint64_t probes[] = {
        1,           2,           3,           4,          5,      7,        8,
        9,           15,          16,          17,         31,     32,       33,
        63,          64,          100,         255,        256,    257,      511,
        512,         513,         1000,        1024,       1025,   4095,     4096,
        4097,        95760,       65536,       65537,      100000, 1u << 20, (1u << 20) + 1,
        0x7FFFFFFFu, 0x80000000u, 0x80000001u, 0xFFFFFFFFu};
    fx_rng r = fx_seeded("tree/pytorch-block", 0x7EE5EED2025ull);
    unsigned i, j;
    (void)ctx;
    /* formula by hand: (4096, 8): lx 3, ly 12, diff -9, (9 - 9) / 2 = 0 -> 4: block 32 */
    TR_CHECKF(dmlref_pytorch_cuda_scan_block(4096, 8) == 32u, "(4096 rows, 8) gives %lu, expected 32",
              (unsigned long)dmlref_pytorch_cuda_scan_block(4096, 8));
    /* (4097, 8): diff = 3 - 13 wraps; (9 + diff) / 2 = 0x7FFFFFFF in uint32 -> clamped to 9: block 1024.
       (PyTorch's gtest calls the template with int and gets 4 there; ScanUtils.cuh's CUDA path
       instantiates it with uint32_t, which is the formula of dml_ref.h's comment and of this test.) */
    TR_CHECKF(dmlref_pytorch_cuda_scan_block(4097, 8) == 1024u, "(4097 rows, 8) gives %lu, the uint32 formula 1024",
              (unsigned long)dmlref_pytorch_cuda_scan_block(4097, 8));
    TR_CHECKF(dmlref_pytorch_cuda_scan_block(95760, 8) == 1024u, "(95760 rows, 8) gives %lu, the uint32 formula 1024",
              (unsigned long)dmlref_pytorch_cuda_scan_block(95760, 8));
    TR_CHECK(dmlref_pytorch_cuda_scan_block(1, 1) == 32u);
    TR_CHECK(dmlref_pytorch_cuda_scan_block(1, 1u << 20) == 1024u);
    TR_CHECK(dmlref_pytorch_cuda_scan_block(512, 512) == 2u << 4); /* diff 0: 9 / 2 = 4 */
    TR_CHECK(dmlref_pytorch_cuda_scan_block(8, 4096) == 2u << 9);  /* diff 9: 18 / 2 = 9 */
    TR_CHECK(dmlref_pytorch_cuda_scan_block(16, 4096) == 2u << 8); /* diff 8: 17 / 2 = 8 */
    TR_CHECK(dmlref_pytorch_cuda_scan_block(0, 100) == 0u);
    TR_CHECK(dmlref_pytorch_cuda_scan_block(100, 0) == 0u);
    TR_CHECK(dmlref_pytorch_cuda_scan_block(0, 0) == 0u);
    for (i = 0; i < sizeof probes / sizeof probes[0]; i++)
        for (j = 0; j < sizeof probes / sizeof probes[0]; j++) {
            uint32_t got = dmlref_pytorch_cuda_scan_block(probes[i], probes[j]);
            uint32_t want = tt_pytorch_block(probes[i], probes[j]);
            if (!TR_CHECKF(got == want, "dmlref_pytorch_cuda_scan_block(%llu rows, %llu) = %lu, expected %lu",
                           (unsigned long long)probes[i], (unsigned long long)probes[j], (unsigned long)got,
                           (unsigned long)want))
                return;
        }
    for (i = 0; i < 20000; i++) {
        uint64_t rows = fx_next(&r) >> fx_below(&r, 64), length = fx_next(&r) >> fx_below(&r, 64);
        uint32_t got, want;
        if (i & 1u) {
            rows &= 0xFFFFFFFFu;
            length &= 0xFFFFFFFFu;
        }
        got = dmlref_pytorch_cuda_scan_block(rows, length);
        want = tt_pytorch_block(rows, length);
        if (!TR_CHECKF(got == want, "dmlref_pytorch_cuda_scan_block(%llu rows, %llu) = %lu, expected %lu",
                       (unsigned long long)rows, (unsigned long long)length, (unsigned long)got, (unsigned long)want))
            return;
    }
}

/* ---- registration ------------------------------------------------------------------- */

void register_tree_tests(void) {
    static char names[3][4][48], stack_names[3][48];
    unsigned p, t, a, k = 0;
    tr_add("tree/model-selftest", tt_run_selftest, NULL);
    tr_add("tree/hand", tt_run_hand, NULL);
    for (p = 0; p < 2; p++)
        for (t = 0; t < 3; t++)
            for (a = 0; a < 3; a++) {
                tt_model_case *m = &tt_model_cases[k++];
                m->type = tt_float_types[t];
                m->product = (int)p;
                m->algorithm = (int)a;
                snprintf(m->name, sizeof m->name, "tree/model/%s-%s-%s", p ? "prod" : "sum",
                         fx_type_short(tt_float_types[t]), tt_algorithm_names[a]);
                tr_add(m->name, tt_run_model_case, m);
            }
    tr_add("tree/model/big-block", tt_run_big_block, NULL);
    for (t = 0; t < 3; t++) {
        snprintf(names[t][0], sizeof names[t][0], "tree/strided/%s", fx_type_short(tt_float_types[t]));
        tr_add(names[t][0], tt_run_strided, &tt_float_types[t]);
    }
    for (t = 0; t < 3; t++) {
        snprintf(stack_names[t], sizeof stack_names[t], "tree/stacks/%s", fx_type_short(tt_float_types[t]));
        tr_add(stack_names[t], tt_run_stacks, &tt_float_types[t]);
    }
    for (t = 0; t < 3; t++) {
        snprintf(names[t][1], sizeof names[t][1], "tree/blocked/%s", fx_type_short(tt_float_types[t]));
        tr_add(names[t][1], tt_run_blocked, &tt_float_types[t]);
    }
    for (t = 0; t < 3; t++) {
        snprintf(names[t][2], sizeof names[t][2], "tree/sequential/%s", fx_type_short(tt_float_types[t]));
        tr_add(names[t][2], tt_run_sequential, &tt_float_types[t]);
    }
    for (t = 0; t < 3; t++) {
        snprintf(names[t][3], sizeof names[t][3], "tree/in-place/%s", fx_type_short(tt_float_types[t]));
        tr_add(names[t][3], tt_run_in_place, &tt_float_types[t]);
    }
    tr_add("tree/native-runs", tt_run_native_runs, NULL);
    tr_add("large/cumsum-float16-native-runs", tt_run_native_large, NULL);
    tr_add("tree/integers", tt_run_integers, NULL);
    {
        static const DML_OPERATOR_TYPE ops[4] = {DML_OPERATOR_ARGMIN, DML_OPERATOR_ARGMAX, DML_OPERATOR_REDUCE,
                                                 DML_OPERATOR_REDUCE};
        static const DML_REDUCE_FUNCTION fns[4] = {DML_REDUCE_FUNCTION_ARGMIN, DML_REDUCE_FUNCTION_ARGMAX,
                                                   DML_REDUCE_FUNCTION_ARGMIN, DML_REDUCE_FUNCTION_ARGMAX};
        static const char *const names4[4] = {"argmin", "argmax", "reduce-argmin", "reduce-argmax"};
        for (a = 0; a < 4; a++) {
            tt_arg_case *c = &tt_arg_cases[a];
            c->op = ops[a];
            c->function = fns[a];
            c->is_min = a == 0 || a == 2;
            snprintf(c->name, sizeof c->name, "tree/nan-compare/%s", names4[a]);
            tr_add(c->name, tt_run_nan_compare, c);
        }
    }
    tr_add("tree/invalid", tt_run_invalid, NULL);
    tr_add("tree/pytorch-block", tt_run_pytorch, NULL);
}
