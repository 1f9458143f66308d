#!/usr/bin/python3
"""Writes search.json: NumPy's answers for ops/search_test.go and
ops/unique_test.go, searchsorted (both sides) and unique (with the first
indices, the inverse and the counts) of arrays of several dtypes with
ties, NaN, +-0 and +-Inf among their values. Run once, with Debian's
python3-numpy:

    /usr/bin/python3 gen_search.py    (in ops/testdata/numpy; NumPy 1.24.2)

Each case has the op, the dtype, the inputs (C-order values and shapes)
and NumPy's outputs. Values are repr() of Python numbers ("nan", "inf",
"-0.0"). unique's values are those of return_index=True, whose sort is
stable: of elements that compare equal (-0 and +0, NaNs) it keeps the
first in the input.
"""
import json
import warnings

import numpy as np

warnings.simplefilter("ignore")
rng = np.random.default_rng(531130)
FLOATS = ["float32", "float64"]
INTS = ["int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64"]


def enc(a):
    return [repr(x) for x in np.asarray(a).ravel().tolist()]


def values(n, dtype):
    if dtype in FLOATS:
        x = rng.integers(-4, 5, n).astype(np.float64) * 0.5  # ties
        if rng.integers(2):
            x = rng.standard_normal(n) * 10
        for _ in range(rng.integers(0, 4)):
            x[rng.integers(n)] = [np.nan, np.inf, -np.inf, -0.0, 0.0][rng.integers(5)]
        return x.astype(dtype)
    info = np.iinfo(dtype)
    lo, hi = max(info.min, -50), min(info.max, 50)
    if rng.integers(3) == 0:
        lo, hi = info.min, info.max
    x = rng.integers(lo, hi, n, dtype=dtype, endpoint=True)
    return x


cases = []
for it in range(300):
    dtype = (FLOATS + INTS)[rng.integers(len(FLOATS) + len(INTS))]
    if it % 2 == 0:
        m = int(rng.integers(0, 12))
        s = np.sort(values(max(m, 1), dtype))[:m]
        shape = [int(1 + rng.integers(4)) for _ in range(rng.integers(0, 3))]
        v = values(max(int(np.prod(shape)), 1), dtype)[: int(np.prod(shape))].reshape(shape)
        if rng.integers(2) and m > 0:  # values drawn from sorted itself
            v = s[rng.integers(0, m, v.shape)].reshape(shape)
        side = ["left", "right"][rng.integers(2)]
        out = np.searchsorted(s, v, side=side)
        cases.append({"op": "SearchSorted", "dtype": dtype, "sorted": enc(s), "values": enc(v),
                      "shape": shape, "side": side, "out": out.ravel().tolist()})
    else:
        shape = [int(1 + rng.integers(6)) for _ in range(rng.integers(0, 4))]
        n = int(np.prod(shape))
        a = values(n, dtype).reshape(shape)
        if rng.integers(4) == 0:
            a = a[..., :0] if shape else a  # an empty extent
            shape = list(a.shape)
        u, first, inv, counts = np.unique(a, return_index=True, return_inverse=True, return_counts=True)
        cases.append({"op": "Unique", "dtype": dtype, "values": enc(a), "shape": shape,
                      "unique": enc(u), "first": first.tolist(), "inverse": inv.ravel().tolist(),
                      "counts": counts.tolist()})

with open("search.json", "w") as f:
    json.dump({"numpy": np.__version__, "cases": cases}, f, indent=0)
print(len(cases), "cases")
