#!/usr/bin/env python3
"""Reference models of three GPU stacks' float reductions (sum, mean, logsumexp), bit for bit.

Pure NumPy, one addition at a time (slow, for checking only).  Every function takes the rows to reduce
(a 2-D array: one row per output, the reduced elements of that output in order) or a whole tensor, and
returns the outputs in the tensor's type.  `acc` is the NumPy type every addition rounds to.

  python3 reduce_models.py DATA_DIR [EXTRA_DIR...]
      checks every model against DATA_DIR/reduce_{torch,jax,cupy}.npz (README.md's key format) and, where
      given, against the extra captures made for this study (dev1/, dev2/: inputs.npz + out_*.npz).

Models (derivations and citations: REPORT.md):
  torch_sum / torch_mean / torch_logsumexp   PyTorch 2.11 CUDA, ATen Reduce.cuh (gpu_reduce_kernel, vt0=4,
                                             input_vec_size 4 (float) / 8 (half)).
  cupy_sum / cupy_mean                       CuPy 14.2 with its default CUPY_ACCELERATORS=cub (CCCL 3.1):
                                             DeviceReduce (1-D), fixed-size DeviceSegmentedReduce (the last
                                             axis) and CuPy's own reduction kernel (other axes).
  jax_sum / jax_mean / jax_logsumexp         JAX 0.11.2 / XLA: two emitters, chosen per compilation by XLA's
                                             autotuner: 'native' (the MLIR reduction emitter) and 'triton'
                                             (a block-level Triton fusion).  Both are modelled where measured.
"""
import math
import os
import sys

import numpy as np

F16, F32 = np.float16, np.float32


def bits(a):
    a = np.asarray(a)
    return a.view('u%d' % a.dtype.itemsize)


def _seq(vals, acc, start=None):
    """start (or vals[0]) + vals[1] + ... in order."""
    t = vals[0] if start is None else acc(start + vals[0])
    for v in vals[1:]:
        t = acc(t + v)
    return t


def _halving(vals, acc):
    """v[i] += v[i + h] for h = L/2, L/4, .., 1 (L = next power of two, missing leaves 0): lane 0 of a
    shfl_down/shfl_xor loop with decreasing offsets, or a shared-memory halving loop."""
    v = list(vals)
    L = 1
    while L < len(v):
        L *= 2
    v += [acc(0)] * (L - len(v))
    h = L // 2
    while h >= 1:
        v = [acc(v[i] + v[i + h]) for i in range(h)]
        h //= 2
    return v[0]


def _pairs(vals, acc):
    """Balanced in-order tree: ((v0+v1)+(v2+v3))+...; an odd last value passes up unchanged."""
    v = list(vals)
    while len(v) > 1:
        nv = [acc(v[i] + v[i + 1]) for i in range(0, len(v) - 1, 2)]
        if len(v) % 2:
            nv.append(v[-1])
        v = nv
    return v[0]


# ----------------------------------------------------------------------------------------------------
# PyTorch CUDA: aten/src/ATen/native/cuda/Reduce.cuh
# ----------------------------------------------------------------------------------------------------

def _last_pow2(n):
    n = int(n)
    for s in (1, 2, 4, 8, 16):
        n |= n >> s
    return max(1, n - (n >> 1))


def _div_up(a, b):
    return -(-a // b)


def torch_config(n, num_outputs, inner, vec, out_vec=4, num_mp=132, max_threads_per_mp=2048):
    """setReduceConfig<.., vt0=4, input_vec_size=vec> for rows of n inputs (inner: the reduced axis is
    the fastest one, contiguous)."""
    c = dict(vec=0, step_in=1, step_out=1, mult=[0, 0, 0], ctas=1)
    dim0, dim1 = (n, num_outputs) if inner else (num_outputs, n)
    ovec = 1
    if inner and dim0 >= 128:
        c['vec'] = vec
        dim0 //= vec
    elif not inner:
        ovec = out_vec
        dim0 //= ovec
    mnt = 512 // ovec
    d0 = _last_pow2(dim0) if dim0 < mnt else mnt
    d1 = _last_pow2(dim1) if dim1 < mnt else mnt
    bw = min(d0, 32)
    bh = min(d1, mnt // bw)
    bw = min(d0, mnt // bh)
    c['bw'], c['bh'] = bw, bh

    def split_in(p):
        s = c['step_in']
        c['step_in'] *= p
        return s

    def split_out(p):
        s = c['step_out']
        c['step_out'] *= p
        return s
    if inner:
        c['mult'][0] = split_in(bw)
    else:
        split_out(bw)
    if _div_up(n, c['step_in']) >= min(bh * 16, 256):
        c['mult'][1] = split_in(bh)
    else:
        split_out(bh)
    target = num_mp * (max_threads_per_mp // (bw * bh))
    grid = _div_up(num_outputs // ovec, c['step_out'])
    vpt = _div_up(n, c['step_in'])
    if c['mult'][1] and vpt >= 256 and grid <= target:
        c['ctas'] = max(min(_div_up(target, grid), _div_up(vpt, 16)), _div_up(vpt, 256))
        if c['ctas'] > 1:
            c['mult'][2] = split_in(c['ctas'])
    return c


def torch_line(x, c, acc=F32, vt0=4):
    """ReduceOp::run for one output: thread_reduce (input_vectorized_thread_reduce_impl or
    thread_reduce_impl), block_x_reduce (shared-memory halving down to 32, then shfl_down with offsets
    16..1), block_y_reduce (halving), global_reduce (last CTA: staging values strided over its threads,
    then block_y, block_x)."""
    x = np.asarray(x).astype(acc)
    n = len(x)
    bw, bh, ctas = c['bw'], c['bh'], c['ctas']
    mx, my, mc = c['mult']
    stride, V, z = c['step_in'], c['vec'], acc(0)

    def thread(xx, y, cta):
        if (mx == 0 and xx > 0) or (my == 0 and y > 0):
            return z
        idx = xx * mx + y * my + cta * mc
        if V:       # input_vectorized_thread_reduce_impl (rows are 16-byte aligned here: no head)
            vl = [z] * V
            i0 = idx
            while i0 * V + V - 1 < n:
                for i in range(V):
                    vl[i] = acc(vl[i] + x[i0 * V + i])
                i0 += stride
            if (my == 0 or y == 0) and (mc == 0 or cta == 0):
                j = n - n % V + xx
                if j < n:
                    vl[0] = acc(vl[0] + x[j])
            return _seq(vl, acc)
        if idx >= n:
            return z
        vl = [z] * vt0          # thread_reduce_impl: vt0 accumulators over strided loads
        while idx + (vt0 - 1) * stride < n:
            for i in range(vt0):
                vl[i] = acc(vl[i] + x[idx + i * stride])
            idx += stride * vt0
        for i in range(vt0):
            if idx >= n:
                break
            vl[i] = acc(vl[i] + x[idx])
            idx += stride
        return _seq(vl, acc)

    def block_x(v):             # v[y][x]
        v = [list(r) for r in v]
        dx = len(v[0])
        if dx > 32:
            off = dx // 2
            while off >= 32:
                for r in v:
                    for xx in range(off):
                        r[xx] = acc(r[xx] + r[xx + off])
                off //= 2
            dx = 32
        offs = []
        o = 1
        while o < dx:
            offs.append(o)
            o *= 2
        for o in reversed(offs):    # CUDA: offset = dim_x >> 1 .. 1 (Reduce.cuh block_x_reduce)
            v = [[acc(r[xx] + (r[xx + o] if xx + o < dx else r[xx])) for xx in range(dx)] for r in v]
        return v

    def block_y(v):
        v = [list(r) for r in v]
        off = len(v) // 2
        while off > 0:
            for y in range(off):
                v[y] = [acc(a + b) for a, b in zip(v[y], v[y + off])]
            off //= 2
        return v

    def finish(v):
        if mx:
            v = block_x(v)
        if my:
            v = block_y(v)
        return v[0][0]
    outs = [finish([[thread(xx, y, cta) for xx in range(bw)] for y in range(bh)]) for cta in range(ctas)]
    if not mc:
        return outs[0]
    v = [[z] * bw for _ in range(bh)]
    if mx:
        for t in range(bw * bh):
            v[t // bw][t % bw] = _seq(outs[t::bw * bh], acc, z) if t < ctas else z
    else:
        for y in range(bh):
            v[y][0] = _seq(outs[y::bh], acc, z) if y < ctas else z
    v = block_y(v)
    if mx:
        v = block_x(v)
    return v[0][0]


def _rows(x, axis):
    return x[None] if x.ndim == 1 else np.moveaxis(x, axis, -1).reshape(-1, x.shape[axis])


def torch_sum(x, axis=0, acc_out=False):
    """torch.sum (float accumulation for both types; half and float use input_vec_size 8 and 4)."""
    rows = _rows(x, axis)
    inner = x.ndim == 1 or axis == x.ndim - 1
    cfg = torch_config(rows.shape[1], rows.shape[0], inner, 8 if x.dtype == F16 else 4)
    s = np.array([torch_line(r, cfg) for r in rows], F32)
    return s if acc_out else s.astype(x.dtype)


def torch_mean(x, axis=0):
    """MeanOps: project(a) = a * factor, factor = float(num_outputs) / numel (float)."""
    rows = _rows(x, axis)
    factor = F32(F32(rows.shape[0]) / F32(x.size))
    return (torch_sum(x, axis, acc_out=True) * factor).astype(F32).astype(x.dtype)


def _cr_exp(a, t):
    return np.exp(np.asarray(a, np.float64)).astype(t)


def _cr_log(a, t):
    return np.log(np.asarray(a, np.float64)).astype(t)


def torch_logsumexp(x, axis=0):
    """ReduceOps.cpp logsumexp_out_impl: maxes = amax; sum_out((self - maxes).exp_()); log_(); add_(maxes),
    each a separate op rounding to the tensor's type (exp/log computed in float: modelled correctly
    rounded; CUDA's expf/logf are within 2/1 ulp, so a float32 output may differ by an ulp)."""
    dt = x.dtype
    M = np.max(x, axis=axis, keepdims=True)
    M = np.where(np.isinf(M), dt.type(0), M)
    d = (x.astype(F32) - M.astype(F32)).astype(dt)
    e = _cr_exp(d.astype(F32), F32).astype(dt)
    s = torch_sum(e, axis)
    lg = _cr_log(s.astype(F32), F32).astype(dt)
    return (lg.astype(F32) + np.squeeze(M, axis).astype(F32).ravel()).astype(dt)


# ----------------------------------------------------------------------------------------------------
# CuPy 14.2 (CUPY_ACCELERATORS defaults to 'cub'): CUB (CCCL 3.1) and CuPy's own reduction kernel
# ----------------------------------------------------------------------------------------------------

def _cub_thread_reduce(items, acc, kind, prefix=None):
    """cub::ThreadReduce (thread_reduce.cuh): 'tree' = ThreadReduceBinaryTree (float, plus),
    'simd' = ThreadReduceSimd (__half, plus: even/odd half2 lanes reduced by a binary tree, then
    even + odd, then an odd tail); with a prefix, the prefix is element 0 of the array reduced."""
    arr = list(items) if prefix is None else [prefix] + list(items)
    if kind == 'tree':
        a = list(arr)
        i = 1
        while i < len(a):
            for j in range(0, len(a) - i, 2 * i):
                a[j] = acc(a[j] + a[j + i])
            i *= 2
        return a[0]
    m = len(arr) // 2
    r = acc(_cub_thread_reduce(arr[0:2 * m:2], acc, 'tree') + _cub_thread_reduce(arr[1:2 * m:2], acc, 'tree'))
    return acc(r + arr[-1]) if len(arr) % 2 else r


def _cub_warp(vals, acc, nvalid):
    """WarpReduceShfl: shfl_down offsets 1, 2, .., 16; lane i adds lane i+o while i+o <= last valid lane."""
    v = list(vals) + [acc(0)] * (32 - len(vals))
    o = 1
    while o < 32:
        v = [acc(v[i] + v[i + o]) if i + o <= nvalid - 1 else v[i] for i in range(32)]
        o *= 2
    return v[0]


def _cub_block(tv, acc, nvalid):
    """BlockReduceWarpReductions: one warp tree per warp, then thread 0 adds the warp totals in order."""
    aggs = []
    for w in range(0, len(tv), 32):
        if w and w >= nvalid:
            break
        aggs.append(_cub_warp(tv[w:w + 32], acc, min(32, nvalid - w)))
    return _seq(aggs, acc)


def cub_consume_range(x, acc, T, I, V, kind):
    """AgentReduce::ConsumeRange over x (one block of T threads, I items each, vector loads of V):
    full tiles vectorized (thread t: vectors t, t+T, .. of V elements), ThreadReduce per tile (the
    previous total as prefix); the last partial tile block-striped and added in order; block reduce."""
    n, tile = len(x), T * I
    tv = [None] * T
    if tile > n:
        for t in range(T):
            if t < n:
                tv[t] = _seq([acc(v) for v in x[t::T]], acc)
        return _cub_block(tv, acc, min(n, T))
    off = 0
    while off + tile <= n:
        for t in range(T):
            items = [acc(x[off + V * t + V * T * w + k]) for w in range(I // V) for k in range(V)]
            tv[t] = _cub_thread_reduce(items, acc, kind, None if off == 0 else tv[t])
        off += tile
    for t in range(T):
        for j in range(off + t, n, T):
            tv[t] = acc(tv[t] + acc(x[j]))
    return _cub_block(tv, acc, T)


def _cub_policy(dt):
    # reduce::arch_policies, sm_60+: 256 threads, 16 items (4-byte), vector 4, scaled by
    # scale_mem_bound to 32 items for 2-byte types; float -> BinaryTree, __half -> Simd thread reduce.
    return (256, 32, 4, 'simd') if dt == F16 else (256, 16, 4, 'tree')


def cub_device_reduce(x, num_sms=132):
    """cub::DeviceReduce::Sum (dispatch_reduce.cuh): one single-tile block when n <= tile; else
    GridEvenShare over min(tiles, sm_occupancy*sms*5) blocks (one tile each here), the block totals
    reduced by the single-tile kernel, then init(0) + total."""
    acc = F16 if x.dtype == F16 else F32
    T, I, V, kind = _cub_policy(x.dtype)
    tile, n = T * I, len(x)
    if n > tile:
        tiles = _div_up(n, tile)
        grid = min(tiles, num_sms * 8 * 5)
        avg, big = tiles // grid, tiles - (tiles // grid) * grid
        parts = []
        for b in range(grid):
            if b < big:
                s = b * (avg + 1) * tile
                e = s + (avg + 1) * tile
            else:
                s = big * tile + b * avg * tile
                e = min(n, s + avg * tile)
            parts.append(cub_consume_range(x[s:e], acc, T, I, V, kind))
        x = np.array(parts, acc)
    return acc(acc(0) + cub_consume_range(x, acc, T, I, V, kind))


def cub_fixed_segmented(row):
    """DeviceSegmentedReduce::Sum, fixed segment size (dispatch_fixed_size_segmented_reduce.cuh,
    fixed_size_segmented_reduce::policy_hub): a segment of at most small_items (16 float / 32 half) is
    one thread's sequential sum; of at most medium_items (32 lanes x 16 / 32 items) one warp's
    (block-striped lanes, then the warp tree; verified on partial tiles only); larger, one block
    (cub_consume_range).  init(0) + total."""
    acc = F16 if row.dtype == F16 else F32
    T, I, V, kind = _cub_policy(row.dtype)
    n = len(row)
    if n < I:
        tot = _seq([acc(v) for v in row], acc)
    elif n == I:        # one full small tile: the thread's ThreadReduce (tree / simd)
        tot = _cub_thread_reduce([acc(v) for v in row], acc, kind)
    elif n <= 32 * I:
        tot = cub_consume_range(row, acc, 32, I, V, kind)
    else:
        tot = cub_consume_range(row, acc, T, I, V, kind)
    return acc(acc(0) + tot)


def _clp2(v):
    p = 1
    while p < v:
        p *= 2
    return p


def cupy_simple_rows(rows, out_contiguous, acc=F32, block_size=512):
    """cupy/_core/_reduction.pyx _create_reduction_function: _block_stride outputs per block, lanes
    J = 0 .. L-1 (L = block_size / _block_stride) each add the elements J, J+L, J+2L, .. from +0.0;
    then the shared-memory halving loop down to _block_stride."""
    nout, n = rows.shape
    stride = max(min(out_contiguous, 32), block_size // max(1, n))
    stride = _clp2(stride // 2 + 1)
    L = block_size // stride
    out = []
    for r in rows.astype(acc):
        lanes = [_seq(list(r[j::L]), acc, acc(0)) if j < n else acc(0) for j in range(L)]
        out.append(_halving(lanes, acc))
    return np.array(out, acc)


def cupy_sum(x, axis=0):
    """cupy.sum: 1-D -> cub DeviceReduce (accumulating in the tensor's type: half for float16); the
    last axis of a C-contiguous array -> fixed-size DeviceSegmentedReduce; other axes -> CuPy's own
    kernel (float accumulation for float16, 'e->e' with reduce type float)."""
    if x.ndim == 1:
        return np.array([cub_device_reduce(x)], x.dtype)
    if axis == x.ndim - 1:
        return np.array([cub_fixed_segmented(r) for r in _rows(x, axis)], x.dtype)
    rows = _rows(x, axis)
    return cupy_simple_rows(rows, rows.shape[0]).astype(x.dtype)


def cupy_mean(x, axis=0):
    """_routines_statistics.pyx _ndarray_mean: float32 -> the cub sum, then true_divide by n (float32);
    float16 -> dtype_sum float32 is refused by cub, so CuPy's own mean kernel ('out0 = a / n' in float:
    for the last axis its CUB block-reduction kernel, _cub_reduction.pyx; elsewhere the simple kernel),
    then astype(float16)."""
    rows = _rows(x, axis)
    n = F32(rows.shape[1])
    if x.dtype == F32:
        return (cupy_sum(x, axis).astype(F32) / n).astype(F32)
    if axis == x.ndim - 1:
        s = np.array([cupy_cub_block_kernel(r.astype(F32)) for r in rows], F32)
    else:
        s = cupy_simple_rows(rows, rows.shape[0])
    return (s / n).astype(F32).astype(F16)


def cupy_cub_block_kernel(row, acc=F32, ipt=4, max_block=512):
    """_cub_reduction.pyx: one block per segment of clp2(ceil(n/4)) (<= 512) threads, BLOCK_LOAD_DIRECT
    (thread t holds the tile's elements 4t..4t+3, identity-filled), sequential ThreadReduce (a custom
    functor), BlockReduce (warp reductions), aggregate = aggregate + block total from the identity."""
    n = len(row)
    T = min(max(_clp2(_div_up(n, ipt)), 32), max_block)
    agg = acc(0)
    for off in range(0, n, T * ipt):
        tile = list(row[off:off + T * ipt].astype(acc)) + [acc(0)] * (T * ipt - min(T * ipt, n - off))
        tv = [_seq(tile[ipt * t:ipt * t + ipt], acc) for t in range(T)]
        agg = acc(agg + _cub_block(tv, acc, T))
    return agg


# ----------------------------------------------------------------------------------------------------
# JAX / XLA
# ----------------------------------------------------------------------------------------------------

def _ceil(a, b):
    return -(-a // b)


def xla_native_row(x, acc=F32, in_bits=32, max_threads=1024):
    """RowReductionFusion (xla/backends/gpu/codegen/emitters/reduction.cc): T = min(1024, roundup(
    ceil(n/16), 32)) threads, vector V (GetVectorSizeForMlir), thread t adds elements (m*T + t)*V + k
    (m outer, k inner) in order from its first element, shfl_down halving 16..1 per warp, warp totals
    through shared memory into lanes 0..W-1 of one warp, halving again."""
    x = np.asarray(x).astype(acc)
    n = len(x)
    T = min(max_threads, _ceil(_ceil(n, 16), 32) * 32)
    if n % 2 or T * 2 > n:
        V = 1
    elif in_bits >= 32 or T * 4 > n:
        V = 2
    else:
        V = 4 if n % 4 == 0 else 2
    nv = n // V
    M = min(16 // V, _ceil(nv, T))
    lanes = []
    for t in range(T):
        idx = [(m * T + t) * V + k for m in range(M) if m * T + t < nv for k in range(V)]
        lanes.append(_seq([x[i] for i in idx], acc) if idx else acc(0))
    warps = [_halving(lanes[w:w + 32] + [acc(0)] * (32 - len(lanes[w:w + 32])), acc) for w in range(0, T, 32)]
    return warps[0] if len(warps) == 1 else _halving(warps + [acc(0)] * (32 - len(warps)), acc)


def _xla_split(n, bound, is_row):
    """TreeReductionRewriter::ComputeSplitParams (k1 x k2, padding, swap)."""
    k2 = min(int(math.floor(math.sqrt(n))), bound)
    pad = (k2 - n % k2) % k2
    k1 = (n + pad) // k2
    for i in range(k2 - 1, k2 // 2, -1):
        p = (i - n % i) % i
        if p < pad or (p == pad and i & (i - 1) == 0):
            pad, k1 = p, (n + p) // i
    k2 = (n + pad) // k1
    if k1 > bound:
        swap = False
    elif not is_row:
        swap = True
    elif k2 % 2 == 0 and n % 2 == 0:
        swap = k2 * 2 < k1 or k1 % 2 == 0
    else:
        swap = n % 2 == 0 or k1 % 2 != 0
    return (k2, k1) if swap else (k1, k2)


def xla_native_row_reduction(x, acc=F32, in_bits=32):
    n = len(x)
    if not (n >= 32 or 32 % n == 0):        # IsUnnestedReductionFasterThanElemental: loop emitter
        return _seq(list(np.asarray(x).astype(acc)), acc, acc(0))
    if n <= 16384:
        return xla_native_row(x, acc, in_bits)
    k1, k2 = _xla_split(n, 16384, True)
    xp = np.concatenate([np.asarray(x).astype(acc), np.zeros(k1 * k2 - n, acc)]).reshape(k1, k2)
    return xla_native_row_reduction(np.array([xla_native_row(r, acc, in_bits) for r in xp], acc), acc)


def xla_native_small_column(X, acc=F32, in_bits=32):
    """SmallColumnReductionFusion on X[reduced, C] (32 % C == 0): 128 threads, vector V; thread t adds
    linear elements t*V + k + l*V*128 (l = 0..) of the flattened block in order; per column the shared
    rows j = 0..shared_rows-1 are reduced by a halving shuffle."""
    R, C = X.shape
    minor = R * C
    V = 1 if (minor % 2 or 64 > minor) else (2 if in_bits >= 32 else (2 if 128 > minor else (4 if minor % 4 == 0 else 2)))
    T = 128
    rows = V * T // C
    while rows > 32 and V > 1:
        V //= 2
        rows //= 2
    flat = X.astype(acc).ravel()
    loop = _ceil(minor, V * T)
    tile = {}
    for t in range(T):
        for k in range(V):
            vals = [flat[t * V + k + l * V * T] for l in range(loop) if t * V + k + l * V * T < minor]
            tile[divmod(t * V + k, C)] = _seq(vals, acc) if vals else acc(0)
    return np.array([_halving([tile.get((j, c), acc(0)) for j in range(rows)], acc) for c in range(C)], acc)


def xla_native_column(X, acc=F32, in_bits=32):
    R, C = X.shape
    if R <= 4096:
        return xla_native_small_column(X, acc, in_bits)
    k1, k2 = _xla_split(R, 4096, False)
    Xp = np.concatenate([X.astype(acc), np.zeros((k1 * k2 - R, C), acc)]).reshape(k1, k2, C)
    part = np.stack([xla_native_small_column(b, acc, in_bits) for b in Xp])
    if k1 < 64 and C < 32:   # outer reduce prefers the elemental (loop) emitter: sequential from 0
        return np.array([_seq(list(part[:, c]), acc, acc(0)) for c in range(C)], acc)
    return xla_native_column(part, acc)


def triton_tl_sum_1d(vals, acc, S, W):
    """tl.sum of one row held as a power-of-two block (zeros past the end) in a blocked layout of
    sizePerThread S, 32 lanes, W warps: thread t holds elements j with (j // S) % (32W) == t; its
    registers (increasing j) reduced by a balanced pairwise tree, lanes by a halving butterfly
    (shfl_xor 16..1), warps by a halving butterfly again."""
    n = len(vals)
    B = 1 << max(0, (n - 1).bit_length())
    v = np.zeros(B, acc)
    v[:n] = np.asarray(vals).astype(acc)
    T = 32 * W
    thr = [[v[j] for j in range(B) if (j // S) % T == t] for t in range(T)]
    tv = [_pairs(t, acc) if t else acc(0) for t in thr]
    return _halving([_halving(tv[w:w + 32], acc) for w in range(0, T, 32)], acc)


def triton_tl_sum_axis0(X, acc, spt_c, tpw_r, warps):
    """tl.sum(block, axis=0) of a [Rp, C] block (rows zero-padded to a power of two), blocked layout
    sizePerThread [1, spt_c], threadsPerWarp [tpw_r, 32/tpw_r], warpsPerCTA [warps, 1]: per column a
    thread's registers (rows l + tpw_r*(w + warps*k)) by a pairwise tree, then halving over the tpw_r
    row lanes and over the warps."""
    R, C = X.shape
    Rp = 1 << max(0, (R - 1).bit_length())
    Xp = np.zeros((Rp, C), acc)
    Xp[:R] = X.astype(acc)
    rep = tpw_r * warps
    out = []
    for c in range(C):
        ws = []
        for w in range(warps):
            ls = []
            for l in range(tpw_r):
                regs = [Xp[r, c] for r in range(l + tpw_r * w, Rp, rep)]
                ls.append(_pairs(regs, acc) if regs else acc(0))
            ws.append(_halving(ls, acc))
        out.append(_halving(ws, acc))
    return np.array(out, acc)


def jax_sum_f32(x, axis, emitter):
    """The float32 sum behind jnp.sum/mean/logsumexp.  emitter 'native' or 'triton' (the configs seen
    in XLA's dumps: a row of n <= 16384 in one program of 8 warps, sizePerThread 4; a [5000, 16] column
    split by TreeReductionRewriter into [50, 100, 16], stage 1 tiles [1, 16] (4 warps, layout
    [1,4]/[8,4]), stage 2 tiles [2] (1 warp, layout [1,2]/[32,1]))."""
    x = x.astype(F32)
    if x.ndim == 1:
        n = len(x)
        if emitter == 'native':
            return np.array([xla_native_row_reduction(x)], F32)
        if n > 16384:   # seen for n = 100000: split [250, 400], Triton rows (2 warps, sizePerThread 1),
            k1, k2 = _xla_split(n, 16384, True)     # then the native row emitter over the 250 totals
            xp = np.concatenate([x, np.zeros(k1 * k2 - n, F32)]).reshape(k1, k2)
            return np.array([xla_native_row(np.array([triton_tl_sum_1d(r, F32, 1, 2) for r in xp], F32))], F32)
        if n <= 64:     # seen for n = 33: one program, 1 warp
            return np.array([triton_tl_sum_1d(x, F32, 4, 1)], F32)
        return None     # other Triton configurations were not observed
    if axis == 1:
        if emitter == 'native':
            return np.array([xla_native_row_reduction(r) for r in x], F32)
        return np.array([triton_tl_sum_1d(r, F32, 4, 8) for r in x], F32)
    if emitter == 'native':
        return xla_native_column(x)
    R, C = x.shape
    if R <= 4096:                       # seen for [1000, 16]: tiles of 2 columns, 4 warps
        return triton_column(x, 2, 4)
    k1, k2 = _xla_split(R, 4096, False)
    part = np.stack([triton_column(b, 16, 4) for b in x.reshape(k1, k2, C)])
    if emitter == 'triton-loop2':       # stage 2 left to the loop emitter (seen for jnp.mean): in order from 0
        return np.array([_seq(list(part[:, c]), F32, F32(0)) for c in range(C)], F32)
    return triton_column(part, 2, 1)


def triton_column(X, tile_c, warps):
    """A Triton column reduction with output tiles of tile_c columns and `warps` warps: blocked layout
    sizePerThread [1, min(4, tile_c)], the remaining lanes along the rows (the layouts seen: [1,4]/[8,4],
    [1,2]/[32,1])."""
    spt = min(4, tile_c)
    tpw_c = min(32, max(1, tile_c // spt))
    return np.concatenate([triton_tl_sum_axis0(X[:, c:c + tile_c], F32, spt, 32 // tpw_c, warps)
                           for c in range(0, X.shape[1], tile_c)])


def jax_sum(x, axis, emitter='native'):
    """jnp.sum: float16 is upcast to float32 inside the fusion and the result rounded once."""
    s = jax_sum_f32(x, axis, emitter)
    return None if s is None else s.astype(x.dtype)


def jax_mean(x, axis, emitter='native'):
    """jnp.mean = sum / n, which XLA's simplifier turns into sum * fl(1/n) (HLO: multiply by 0.0002)."""
    n = x.shape[axis]
    s = jax_sum_f32(x, axis, emitter)
    return None if s is None else (s * F32(F32(1) / F32(n))).astype(F32).astype(x.dtype)


def jax_logsumexp(x, axis, emitter='native'):
    """jax.nn.logsumexp: amax (non-finite -> 0), exp(a - amax) in the input type (float16: float32 exp
    rounded to half), sum (float32 accumulation), log, + amax (exp/log modelled correctly rounded)."""
    dt = x.dtype
    M = np.max(x, axis=axis, keepdims=True)
    M = np.where(np.isfinite(M), M, dt.type(0))
    d = (x.astype(F32) - M.astype(F32)).astype(dt)
    e = _cr_exp(d.astype(F32), F32).astype(dt)
    s = jax_sum_f32(e, axis, emitter).astype(dt)
    lg = _cr_log(s.astype(F32), F32).astype(dt)
    return (lg.astype(F32) + np.squeeze(M, axis).astype(F32)).astype(dt)


# ----------------------------------------------------------------------------------------------------
# checking
# ----------------------------------------------------------------------------------------------------

MODELS = {
    ('torch', 'sum'): [('', torch_sum)], ('torch', 'mean'): [('', torch_mean)],
    ('torch', 'logsumexp'): [('', torch_logsumexp)],
    ('cupy', 'sum'): [('', cupy_sum)], ('cupy', 'mean'): [('', cupy_mean)],
    ('jax', 'sum'): [('native', lambda x, a: jax_sum(x, a, 'native')), ('triton', lambda x, a: jax_sum(x, a, 'triton'))],
    ('jax', 'mean'): [('native', lambda x, a: jax_mean(x, a, 'native')), ('triton', lambda x, a: jax_mean(x, a, 'triton')),
                      ('triton-loop2', lambda x, a: jax_mean(x, a, 'triton-loop2') if x.ndim == 2 and a == 0 else None)],
    ('jax', 'logsumexp'): [('native', lambda x, a: jax_logsumexp(x, a, 'native')),
                           ('triton', lambda x, a: jax_logsumexp(x, a, 'triton'))],
}


def stored_cases(data_dir):
    for peer in ('torch', 'jax', 'cupy'):
        path = os.path.join(data_dir, 'reduce_%s.npz' % peer)
        if not os.path.exists(path):
            continue
        z = np.load(path)
        for k in sorted(z.files):
            p, fa, dt, shp = k.split('|')
            a = z[k]
            if 'x' in shp:
                R, N = map(int, shp.split('x'))
                fn, ax = fa.split('-axis')
                yield k, p, fn, a[:R * N].reshape(R, N), int(ax), a[R * N:]
            else:
                N = int(shp)
                yield k, p, fa, a[:N], 0, a[N:]


def extra_cases(d):
    """dev1/: inputs.npz + out_{t,j,c}.npz (keys fn|dtype|shape|axis[|run]); dev2/: in2.npz + out2.npz
    (JAX) and cupy2.npz."""
    names = {'t': 'torch', 'j': 'jax', 'c': 'cupy'}
    fns = {'sum': 'sum', 'mean': 'mean', 'lse': 'logsumexp'}
    if os.path.exists(os.path.join(d, 'inputs.npz')):
        I = np.load(os.path.join(d, 'inputs.npz'))
        for p in 'tjc':
            path = os.path.join(d, 'out_%s.npz' % p)
            if not os.path.exists(path):
                continue
            R = np.load(path)
            for k in I.files:
                if k + '|0' in R.files:
                    fn, dt, shp, ax = k.split('|')
                    yield '%s:%s|%s' % (os.path.basename(d), names[p], k), names[p], fns[fn], I[k], int(ax), R[k + '|0'].ravel()
    if os.path.exists(os.path.join(d, 'in2.npz')):
        I, R = np.load(os.path.join(d, 'in2.npz')), np.load(os.path.join(d, 'out2.npz'))
        for k in I.files:
            fn, dt, shp, ax = k.split('|')
            yield '%s:jax|%s' % (os.path.basename(d), k), 'jax', fns[fn], I[k], int(ax), R[k].ravel()
    if os.path.exists(os.path.join(d, 'cupy2.npz')):
        C = np.load(os.path.join(d, 'cupy2.npz'))
        for k in C.files:
            if not k.endswith('|y'):
                yield '%s:cupy|sum|%s' % (os.path.basename(d), k), 'cupy', 'sum', C[k], 1, C[k + '|y'].ravel()


def check(data_dir, extra=(), limit=400000):
    rows = []
    srcs = [stored_cases(data_dir)] + [extra_cases(d) for d in extra]
    for src in srcs:
        for key, peer, fn, x, axis, y in src:
            if x.size > limit or (peer, fn) not in MODELS:
                continue
            res = []
            for name, f in MODELS[(peer, fn)]:
                m = f(x, axis)
                if m is None:
                    res.append((name, None))
                    continue
                res.append((name, int((bits(np.asarray(m, x.dtype).ravel()) == bits(y)).sum())))
            best = max((r for r in res if r[1] is not None), key=lambda r: r[1], default=(None, 0))
            rows.append((key, y.size, res, best))
            print('%-46s %s' % (key, '  '.join('%s%s/%d' % (n + '=' if n else '', '-' if c is None else c, y.size)
                                                for n, c in res)), flush=True)
    full = sum(1 for r in rows if r[3][1] == r[1])
    print('%d of %d cases bit-identical under some model' % (full, len(rows)))
    return rows


if __name__ == '__main__':
    a = sys.argv[1:] or [os.path.dirname(os.path.abspath(__file__))]
    check(a[0], a[1:])
