#!/usr/bin/python3
"""Writes fixtures.json: NumPy's arange, linspace and eye for the cases of
tensor/build_test.go. Run once, with Debian's python3-numpy:

    /usr/bin/python3 gen.py    (in tensor/testdata/build; NumPy 1.24.2)

Floats are stored with float.hex(), so that Go reads them bit for bit
(strconv.ParseFloat takes hex floats).
"""
import json

import numpy as np


def hexes(a):
    return [float(x).hex() for x in a.tolist()]


arange = []
for start, stop, step in [(0, 1, 0.1), (1, 0, -0.3), (0.5, 10.25, 0.75), (-5, 5, 3),
                          (5, -5, -3), (0, 0, 1), (3, 1, 1), (1e15, 1e15 + 10, 1),
                          (0, 1, 1 / 3), (-1, 1, 0.25), (2.5, -2.5, -0.5)]:
    a = np.arange(start, stop, step, dtype=np.float64)
    arange.append({"start": float(start).hex(), "stop": float(stop).hex(),
                   "step": float(step).hex(), "dtype": "float64", "values": hexes(a)})
for start, stop, step in [(-7, 20, 4), (20, -7, -4), (0, 10, 20), (0, 10, 1), (5, 5, 1),
                          (3, 9, -1), (-128, 127, 1)]:
    a = np.arange(start, stop, step, dtype=np.int64)
    arange.append({"start": start, "stop": stop, "step": step, "dtype": "int64",
                   "values": a.tolist()})

linspace = []
for dtype in (np.float64, np.float32):
    for start, stop, num, endpoint in [(0, 1, 5, True), (0, 1, 5, False), (0, 1, 0, True),
                                       (2, 3, 1, True), (2, 3, 1, False), (0, 1, 2, True),
                                       (1, 0, 7, True), (-1.5, 2.25, 50, True),
                                       (-1.5, 2.25, 50, False), (3, 3, 4, True),
                                       (0, 5e-324 * 3, 7, True), (1e300, -1e300, 9, True),
                                       (0.1, 0.7, 13, False), (10, 20, 1000, True)]:
        if dtype == np.float32 and abs(stop) > 1e38:
            continue
        start, stop = dtype(start), dtype(stop)
        a = np.linspace(start, stop, num, endpoint=endpoint, dtype=dtype)
        linspace.append({"start": float(start).hex(), "stop": float(stop).hex(), "num": num,
                         "endpoint": endpoint, "dtype": np.dtype(dtype).name,
                         "values": hexes(a)})

eye = []
for n, m, k in [(3, 3, 0), (3, 4, 1), (4, 3, -1), (3, 4, 3), (3, 4, 4), (3, 4, -3),
                (3, 4, -2), (0, 3, 0), (3, 0, 0), (1, 1, 0), (5, 2, -4)]:
    eye.append({"n": n, "m": m, "k": k, "values": np.eye(n, m, k, dtype=np.int64).ravel().tolist()})

with open("fixtures.json", "w") as f:
    json.dump({"numpy": np.__version__, "arange": arange, "linspace": linspace, "eye": eye},
              f, indent=1, sort_keys=True)
    f.write("\n")
