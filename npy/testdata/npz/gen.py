#!/usr/bin/python3
"""Writes the .npz fixtures of npy's archive tests with NumPy, and
contents.json, what each array holds.

Run with Debian's python3-numpy from this directory: /usr/bin/python3 gen.py

savez.npz and savez_compressed.npz hold the same arrays: named ones of
several dtypes (big-endian and Fortran-order included), a rank-0 and an
empty array, and one passed without a name (arr_0).
"""
import json

import numpy as np

arrays = {
    "weights": np.arange(6, dtype=np.float64).reshape(2, 3) / 4,
    "counts": np.arange(5, dtype=np.int32) - 2,
    "z": np.array([1 + 2j, -0.5j], dtype=np.complex64),
    "fortran": np.asfortranarray(np.arange(6, dtype=np.float32).reshape(3, 2)),
    "big_endian": np.arange(4, dtype=">u2") * 1000,
    "scalar": np.array(2.5),
    "empty": np.zeros((0, 3), dtype=np.int8),
}
positional = np.array([[1, 2], [3, 4]], dtype=np.int64)

np.savez("savez.npz", positional, **arrays)
np.savez_compressed("savez_compressed.npz", positional, **arrays)

contents = []
for name, a in [("arr_0", positional)] + list(arrays.items()):
    flat = a.ravel(order="C")
    if a.dtype.kind == "c":
        data = [[repr(float(x.real)), repr(float(x.imag))] for x in flat]
    elif a.dtype.kind == "f":
        data = [repr(float(x)) for x in flat]
    else:
        data = [str(int(x)) for x in flat]
    contents.append({"name": name, "dtype": a.dtype.str, "shape": list(a.shape),
                     "fortran": bool(a.flags.f_contiguous and not a.flags.c_contiguous), "data": data})
with open("contents.json", "w") as f:
    json.dump({"numpy": np.__version__, "arrays": contents}, f, indent=1)
    f.write("\n")
