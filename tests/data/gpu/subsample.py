#!/usr/bin/env python3
"""Writes tests/data/gpu/scans.bin, the subsample of GPU stacks' cumsum outputs that tests/test_peers.c
reproduces bit for bit (peers/gpu/...). DIR holds the collected outputs: scan_inductor.npz, scan_jax.npz and
scan_cupy.npz, key 'PEER|cumsum|DTYPE|RxN|AXIS' -> the array [x, y] (README.md here says where they came from).

    python3 tests/data/gpu/subsample.py DIR [OUT]

The file: the line 'dmlref-gpu-scans 1', then records, each a text line 'PEER DTYPE LENGTH SOURCE' (SOURCE
is the key and the line's index, for reading) followed by LENGTH inputs, then LENGTH outputs, little-endian
in the dtype. Each record is one line along the scanned axis."""
import os
import sys

import numpy as np

# (shape, axis, lines taken) per dtype: short and long rows, rows of a 2-D tensor, columns along axis 0
PICKS = {
    'float16': [('1x7', 1, 1), ('1x33', 1, 1), ('1x129', 1, 1), ('1x1000', 1, 1), ('3x300', 1, 2),
                ('1000x8', 0, 2), ('1x2048', 1, 1)],
    'float32': [('1x7', 1, 1), ('1x33', 1, 1), ('1x129', 1, 1), ('1x1000', 1, 1), ('3x300', 1, 2),
                ('1000x8', 0, 1), ('1x5000', 1, 1)],
    'float64': [('1x7', 1, 1), ('1x33', 1, 1), ('1x129', 1, 1), ('3x300', 1, 2), ('1000x8', 0, 1)],
}
# Inductor's kernels along axis 0 are not the innermost-axis model but for float16 (docs/reproducing.md)
SKIP = {('inductor', 'float32', '1000x8'), ('inductor', 'float64', '1000x8')}


def main():
    src = sys.argv[1]
    out = sys.argv[2] if len(sys.argv) > 2 else os.path.join(os.path.dirname(os.path.abspath(__file__)), 'scans.bin')
    with open(out, 'wb') as f:
        f.write(b'dmlref-gpu-scans 1\n')
        for peer in ('inductor', 'jax', 'cupy'):
            z = np.load(os.path.join(src, 'scan_%s.npz' % peer))
            for dtype, picks in PICKS.items():
                for shape, axis, take in picks:
                    if (peer, dtype, shape) in SKIP:
                        continue
                    key = '%s|cumsum|%s|%s|%d' % (peer, dtype, shape, axis)
                    x, y = z[key][0], z[key][1]
                    xs = np.moveaxis(x, axis, -1).reshape(-1, x.shape[axis])
                    ys = np.moveaxis(y, axis, -1).reshape(-1, x.shape[axis])
                    for i in range(take):
                        f.write(('%s %s %d %s#%d\n' % (peer, dtype, xs.shape[1], key, i)).encode())
                        f.write(np.ascontiguousarray(xs[i]).astype('<' + np.dtype(dtype).str[1:]).tobytes())
                        f.write(np.ascontiguousarray(ys[i]).astype('<' + np.dtype(dtype).str[1:]).tobytes())
    print('%s: %d bytes' % (out, os.path.getsize(out)))


if __name__ == '__main__':
    main()
