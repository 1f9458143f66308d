#!/usr/bin/python3
"""Writes fixtures.json: the shape, element strides and element offset of
NumPy's diagonal and sliding_window_view (with a step) on row-major,
transposed and flipped arrays, for layout/windows_test.go. Run once, with
Debian's python3-numpy:

    /usr/bin/python3 gen.py    (in layout/testdata/windows; NumPy 1.24.2)
"""
import json

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view

ITEM = 8  # float64


def base(shape, view):
    a = np.zeros(shape)
    if view == "T":
        a = a.T
    elif view == "flip":
        a = a[::-1, ..., ::-1]
    return a


def describe(root, v):
    off = (v.__array_interface__["data"][0] - root.__array_interface__["data"][0]) // ITEM
    return {"shape": list(v.shape), "strides": [s // ITEM for s in v.strides], "offset": off}


def source(a):
    """The array a is a view of: its layout relative to its buffer's start."""
    root = a.base if a.base is not None else a
    while root.base is not None:
        root = root.base
    return root


cases = []
for shape in [(3, 4), (4, 3), (2, 3, 4), (5, 5), (1, 6), (0, 3)]:
    for view in ("C", "T", "flip"):
        a = base(shape, view)
        root = source(a)
        for axis1 in range(a.ndim):
            for axis2 in range(a.ndim):
                if axis1 == axis2:
                    continue
                for offset in (-5, -2, -1, 0, 1, 2, 5):
                    d = a.diagonal(offset, axis1, axis2)
                    if d.size == 0:
                        continue  # NumPy moves the pointer of an empty diagonal; Tessera does not
                    cases.append({"op": "diagonal", "shape": list(shape), "view": view,
                                  "args": [offset, axis1, axis2], "in": describe(root, a),
                                  "out": describe(root, d)})
        for axis in range(a.ndim):
            for size in range(0, a.shape[axis] + 1):
                for step in (1, 2, 3):
                    w = sliding_window_view(a, size, axis=axis)
                    sl = [slice(None)] * a.ndim
                    sl[axis] = slice(None, None, step)
                    w = w[tuple(sl)]
                    if w.size == 0:
                        continue  # strides of empty views are not compared
                    cases.append({"op": "windows", "shape": list(shape), "view": view,
                                  "args": [axis, size, step], "in": describe(root, a),
                                  "out": describe(root, w)})

with open("fixtures.json", "w") as f:  # one case per line
    f.write('{"numpy": %s, "cases": [\n' % json.dumps(np.__version__))
    f.write(",\n".join(json.dumps(c, sort_keys=True, separators=(",", ":")) for c in cases))
    f.write("\n]}\n")
print(len(cases), "cases")
