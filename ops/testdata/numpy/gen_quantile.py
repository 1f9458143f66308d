#!/usr/bin/python3
"""Writes quantile.json: NumPy's answers for ops/quantile_test.go, quantile
and nanquantile with the methods linear, lower, higher, nearest and
midpoint, median and nanmedian, over chosen axes of float32 and float64
arrays with ties, NaN, +-0 and +-Inf among their values. Run once, with
Debian's python3-numpy:

    /usr/bin/python3 gen_quantile.py    (in ops/testdata/numpy; NumPy 1.24.2)

Each case has the op, the dtype, the input (C-order values and shape), the
axes (empty: all), q and the method (quantiles), and NumPy's result as
float64 values (NumPy 1.24 returns float64 for a float32 quantile by
linear or midpoint; the test rounds to the dtype). Values are repr() of
floats ("nan", "inf", "-0.0").
"""
import json
import warnings

import numpy as np

warnings.simplefilter("ignore")
rng = np.random.default_rng(531129)
METHODS = ["linear", "lower", "higher", "nearest", "midpoint"]


def enc(a):
    return [repr(float(x)) for x in np.asarray(a, dtype=np.float64).ravel().tolist()]


def values(shape, specials, dtype):
    n = int(np.prod(shape))
    x = rng.integers(-4, 5, n).astype(np.float64) * 0.5  # ties
    if rng.integers(2):
        x = rng.standard_normal(n) * 10
    if specials:
        for _ in range(rng.integers(0, 4)):
            x[rng.integers(n)] = [np.nan, np.inf, -np.inf, -0.0, 0.0][rng.integers(5)]
    return x.astype(dtype).reshape(shape)


cases = []
for it in range(400):
    dtype = ["float32", "float64"][it % 2]
    rank = 1 + rng.integers(3)
    shape = tuple(int(1 + rng.integers(6)) for _ in range(rank))
    a = values(shape, it % 3 != 0, dtype)
    axes = [k for k in range(rank) if rng.integers(2)]
    ax = tuple(axes) if axes else None
    op = ["Quantile", "NanQuantile", "Median", "NanMedian"][rng.integers(4)]
    c = {"op": op, "dtype": dtype, "shape": list(shape), "values": enc(a), "axes": axes}
    if op in ("Median", "NanMedian"):
        out = (np.median if op == "Median" else np.nanmedian)(a, axis=ax)
    else:
        q = float([0, 1, 0.5, 0.25, rng.random()][rng.integers(5)])
        m = METHODS[rng.integers(len(METHODS))]
        out = (np.quantile if op == "Quantile" else np.nanquantile)(a, q, axis=ax, method=m)
        c["q"], c["method"] = repr(q), m
    c["out_shape"], c["out"] = list(np.shape(out)), enc(out)
    cases.append(c)

with open("quantile.json", "w") as f:
    json.dump({"numpy": np.__version__, "cases": cases}, f, indent=0)
print(len(cases), "cases")
