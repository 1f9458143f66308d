#!/usr/bin/python3
"""Writes compare.json: NumPy's answers for ops/compare_numpy_test.go, the
comparisons, the logical operations, the classifications (isnan, isinf,
isfinite), where and the other functions of masks, selection and indexing,
the NaN-aware reductions, LogSumExp, Softmax, LogSoftmax, Norm, Pad, Tile
and Repeat. Run once, with Debian's python3-numpy:

    /usr/bin/python3 gen_compare.py    (in ops/testdata/numpy; NumPy 1.24.2)

Each case names an operation, the dtype of its (non-mask) inputs, its
inputs (C-order values and a shape; "T" asks for the input's last two axes
swapped, "bcast" for it broadcast to a shape) and NumPy's result. A case
with "scalar" set passes its second input, of rank 0, as the scalar of the
Scalar form. Values are strings: repr() of floats ("nan", "inf", "-0.0"),
decimal integers, "re,im" for complex numbers, "0" and "1" for bools.
"""
import json

import numpy as np

rng = np.random.default_rng(20261129)


def enc(a):
    a = np.asarray(a)
    flat = a.ravel().tolist()
    if a.dtype.kind == "c":
        return ["%r,%r" % (float(x.real), float(x.imag)) for x in flat]
    if a.dtype.kind == "f":
        return [repr(float(x)) for x in flat]
    return [str(int(x)) for x in flat]


def arg(a, T=False, bcast=None):
    a = np.array(a, order="C")  # (ascontiguousarray makes rank 0 rank 1)
    d = {"shape": list(a.shape), "values": enc(a)}
    if T:
        d["T"] = True
    if bcast is not None:
        d["bcast"] = list(bcast)
    return d


def view(d, a):
    if d.get("T"):
        a = np.swapaxes(a, -2, -1)
    if "bcast" in d:
        a = np.broadcast_to(a, d["bcast"])
    return a


cases = []


def case(op, dtype, fn, *args, scalar=False, params=None):
    ins = [view(d, a) for d, a in args]
    out = np.asarray(fn(*ins))
    c = {"op": op, "dtype": dtype, "args": [d for d, _ in args], "scalar": scalar,
         "shape": list(out.shape), "values": enc(out)}
    if params:
        c["params"] = {k: repr(float(v)) for k, v in params.items()}
    cases.append(c)


def inp(a, **kw):
    return (arg(a, **kw), np.array(a, order="C"))


SPECIAL = [np.nan, np.inf, -np.inf, 0.0, -0.0, 1.0, -1.0, 2.5, 1e-40, 3.0]
CMP = {"Equal": np.equal, "NotEqual": np.not_equal, "Less": np.less, "LessEqual": np.less_equal,
       "Greater": np.greater, "GreaterEqual": np.greater_equal}

for dt in ["float32", "float64"]:
    s = np.array(SPECIAL, dtype=dt)
    a = np.repeat(s, len(s))  # every pair of specials
    b = np.tile(s, len(s))
    for name, fn in CMP.items():
        case(name, dt, fn, inp(a), inp(b))
        x = rng.integers(-3, 4, (3, 4)).astype(dt)
        y = rng.integers(-3, 4, (4,)).astype(dt)
        case(name, dt, fn, inp(x), inp(y))  # broadcast [3 4] with [4]
        case(name, dt, fn, inp(x.T.copy(), T=True), inp(rng.integers(-3, 4, (3, 1)).astype(dt)))
        case(name, dt, fn, inp(s), inp(np.array(np.nan if name == "NotEqual" else 0.0, dtype=dt)), scalar=True)
        case(name, dt, fn, inp(s), inp(np.array(-0.0, dtype=dt)), scalar=True)
        case(name, dt, fn, inp(np.zeros((0, 3), dt)), inp(np.zeros((3,), dt)))
        case(name, dt, fn, inp(np.array(1.5, dt)), inp(np.array(np.nan, dt)))  # rank 0

for dt in ["int32", "uint8"]:
    info = np.iinfo(dt)
    ext = np.array([info.min, info.max, 0, 1, info.max - 1], dtype=dt)
    for name, fn in CMP.items():
        case(name, dt, fn, inp(np.repeat(ext, 5)), inp(np.tile(ext, 5)))
        case(name, dt, fn, inp(rng.integers(0, 5, (2, 3, 4)).astype(dt)), inp(np.array(2, dt)), scalar=True)
        case(name, dt, fn, inp(rng.integers(0, 5, (2, 1, 4)).astype(dt)), inp(rng.integers(0, 5, (3, 1)).astype(dt)))

cs = np.array([complex(1, 2), complex(1, -2), complex(np.nan, 0), complex(0, np.nan), complex(-0.0, 0.0), 0j], dtype=np.complex128)
for name in ["Equal", "NotEqual"]:
    case(name, "complex128", CMP[name], inp(np.repeat(cs, 6)), inp(np.tile(cs, 6)))

LOGIC = {"LogicalAnd": np.logical_and, "LogicalOr": np.logical_or, "LogicalXor": np.logical_xor}
m1 = rng.integers(0, 2, (3, 4)).astype(bool)
m2 = rng.integers(0, 2, (4,)).astype(bool)
m3 = rng.integers(0, 2, (37,)).astype(bool)
m4 = rng.integers(0, 2, (37,)).astype(bool)
for name, fn in LOGIC.items():
    case(name, "bool", fn, inp(m1), inp(m2))
    case(name, "bool", fn, inp(m3), inp(m4))
    case(name, "bool", fn, inp(m1.T.copy(), T=True), inp(rng.integers(0, 2, (3, 1)).astype(bool)))
    case(name, "bool", fn, inp(m3), inp(np.array(True)))
    case(name, "bool", fn, inp(m3), inp(np.array(False)))
case("LogicalNot", "bool", np.logical_not, inp(m3))
case("LogicalNot", "bool", np.logical_not, inp(m1.T.copy(), T=True))

CLASS = {"IsNaN": np.isnan, "IsInf": np.isinf, "IsFinite": np.isfinite}
cspecial = np.array([complex(a, b) for a in [np.nan, np.inf, -np.inf, 0.0, 1.5] for b in [np.nan, np.inf, -np.inf, 0.0, -2.0]])
for name, fn in CLASS.items():
    for dt in ["float32", "float64"]:
        case(name, dt, fn, inp(np.array(SPECIAL + [np.finfo(dt).max, np.finfo(dt).tiny], dtype=dt).reshape(3, 4)))
        case(name, dt, fn, inp(np.array(SPECIAL[:8], dtype=dt).reshape(2, 4).T.copy(), T=True))
    case(name, "int32", fn, inp(np.array([np.iinfo(np.int32).min, -1, 0, 7], dtype=np.int32)))
    case(name, "complex128", fn, inp(cspecial))
    case(name, "complex64", fn, inp(cspecial.astype(np.complex64)))

for dt in ["float64", "float32", "int32"]:
    c = rng.integers(0, 2, (2, 3, 4)).astype(bool)
    x = rng.integers(-9, 10, (2, 3, 4)).astype(dt)
    y = rng.integers(-9, 10, (2, 3, 4)).astype(dt)
    case("Where", dt, np.where, inp(c), inp(x), inp(y))
    case("Where", dt, np.where, inp(rng.integers(0, 2, (3, 1)).astype(bool)), inp(rng.integers(-9, 10, (4,)).astype(dt)),
         inp(rng.integers(-9, 10, (2, 1, 1)).astype(dt)))  # all three broadcast
    case("Where", dt, np.where, inp(c), inp(x), inp(np.array(0, dt)))
    case("Where", dt, np.where, inp(rng.integers(0, 2, (5, 4)).astype(bool)), inp(rng.integers(-9, 10, (5, 4)).astype(dt).T.copy(), T=True),
         inp(np.array(7, dt)))
    case("Where", dt, np.where, inp(np.array(True)), inp(np.array(1, dt)), inp(np.array(2, dt)))
    case("Where", dt, np.where, inp(np.zeros((0, 4), bool)), inp(np.zeros(4, dt)), inp(np.zeros((1, 4), dt)))
case("Where", "float64", np.where, inp(np.array([True, False, True, False])),
     inp(np.array([np.nan, 1.0, -0.0, 2.0])), inp(np.array([0.0, -0.0, 5.0, np.inf])))
case("Where", "bool", np.where, inp(m3), inp(m4), inp(np.array(True)))

# Clip: NaN stays NaN; lo > hi gives hi.
for dt in ["float64", "float32"]:
    x = np.array([np.nan, -np.inf, -3, -0.0, 0.5, 2, 7, np.inf], dtype=dt)
    for lo, hi in [(-1, 2), (0, 0), (3, 1)]:
        case("Clip", dt, lambda a: np.clip(a, np.array(lo, dt), np.array(hi, dt)), inp(x), params={"lo": lo, "hi": hi})
    case("Clip", dt, lambda a: np.clip(a, np.array(-1, dt), np.array(1.5, dt)),
         inp(rng.integers(-4, 5, (4, 3)).astype(dt).T.copy(), T=True), params={"lo": -1, "hi": 1.5})
case("Clip", "int32", lambda a: np.clip(a, np.int32(-5), np.int32(100)),
     inp(np.array([np.iinfo(np.int32).min, -6, -5, 0, 100, 101, np.iinfo(np.int32).max], dtype=np.int32)), params={"lo": -5, "hi": 100})

# IsClose and AllClose with NumPy's defaults and others.
for dt in ["float64", "float32"]:
    a = np.array([1.0, 1.0, 1e-9, 0, np.nan, np.inf, np.inf, -np.inf, 1e10, 100, 1.0], dtype=dt)
    b = np.array([1.0 + 1e-6, 1.1, 0, 1e-9, np.nan, np.inf, -np.inf, 1e300 if dt == "float64" else 3e38, 1.00001e10, 100.5, np.inf], dtype=dt)
    for rtol, atol in [(1e-5, 1e-8), (0, 0), (0.01, 0.1)]:
        case("IsClose", dt, lambda x, y: np.isclose(x, y, rtol=rtol, atol=atol), inp(a), inp(b), params={"rtol": rtol, "atol": atol})
        case("AllClose", dt, lambda x, y: np.allclose(x, y, rtol=rtol, atol=atol), inp(a[:3]), inp(b[:3]), params={"rtol": rtol, "atol": atol})
    x = rng.integers(0, 4, (3, 4)).astype(dt)
    case("IsClose", dt, lambda u, v: np.isclose(u, v, rtol=0.5, atol=0.5), inp(x), inp(rng.integers(0, 4, (4,)).astype(dt)),
         params={"rtol": 0.5, "atol": 0.5})
    case("AllClose", dt, lambda u, v: np.allclose(u, v), inp(x), inp(x.copy()), params={"rtol": 1e-5, "atol": 1e-8})
    case("AllClose", dt, lambda u, v: np.allclose(u, v), inp(np.zeros((0, 2), dt)), inp(np.zeros(2, dt)), params={"rtol": 1e-5, "atol": 1e-8})


def masked_select(x, m):
    xb, mb = np.broadcast_arrays(x, m)
    return xb[mb]


for dt in ["float64", "float32", "int32"]:
    x = rng.integers(-9, 10, (3, 4)).astype(dt)
    m = rng.integers(0, 2, (3, 4)).astype(bool)
    case("MaskedSelect", dt, masked_select, inp(x), inp(m))
    case("MaskedSelect", dt, masked_select, inp(x.T.copy(), T=True), inp(rng.integers(0, 2, (3, 1)).astype(bool)))
    case("MaskedSelect", dt, masked_select, inp(rng.integers(-9, 10, (4,)).astype(dt)), inp(rng.integers(0, 2, (2, 3, 1)).astype(bool)))
    case("MaskedSelect", dt, masked_select, inp(x), inp(np.zeros((3, 4), bool)))
    case("MaskedSelect", dt, masked_select, inp(np.array(5, dt)), inp(np.array(True)))


def masked_fill(s):
    def f(x, m):
        y = np.array(x, copy=True)
        y[np.broadcast_to(m, y.shape)] = s
        return y
    return f


for dt in ["float64", "int32"]:
    x = rng.integers(-9, 10, (3, 4)).astype(dt)
    case("MaskedFill", dt, masked_fill(7), inp(x), inp(rng.integers(0, 2, (3, 4)).astype(bool)), params={"s": 7})
    case("MaskedFill", dt, masked_fill(-1), inp(x), inp(rng.integers(0, 2, (4,)).astype(bool)), params={"s": -1})
    case("MaskedFill", dt, masked_fill(0), inp(x.T.copy(), T=True), inp(rng.integers(0, 2, (3, 1)).astype(bool)), params={"s": 0})
case("MaskedFill", "float64", masked_fill(np.nan), inp(np.arange(5.0)), inp(np.array([True, False, True, False, False])),
     params={"s": np.nan})

# Take: indices (int64 values) along an axis; negative and repeated.
for dt in ["float64", "int32"]:
    x = rng.integers(-9, 10, (3, 4, 2)).astype(dt)
    for axis, idx in [(0, [2, 0, -1, 0]), (1, [[3, -4], [1, 1]]), (2, [-1]), (-1, [1, 0, 1]), (1, np.zeros((0,), int))]:
        idx = np.array(idx, dtype=np.int64)
        cases.append({"op": "Take", "dtype": dt, "args": [arg(x), arg(idx)], "scalar": False,
                      "params": {"axis": repr(float(axis))},
                      "shape": list(np.take(x, idx, axis).shape), "values": enc(np.take(x, idx, axis))})
    xt = rng.integers(-9, 10, (5, 3)).astype(dt)
    out = np.take(xt.T, np.array([4, -5, 2]), 1)
    cases.append({"op": "Take", "dtype": dt, "args": [arg(xt, T=True), arg(np.array([4, -5, 2]))], "scalar": False,
                  "params": {"axis": "1.0"}, "shape": list(out.shape), "values": enc(out)})

# ArgWhere (np.argwhere) and NonZero (np.nonzero, its index arrays one
# after the other).
for dt, x in [("float64", np.array([[0, 1.5, np.nan], [-0.0, 0, 2]])), ("int32", rng.integers(-1, 2, (2, 3, 4)).astype(np.int32)),
              ("float64", np.zeros((3, 0))), ("int32", np.array([0, 0, 0], dtype=np.int32))]:
    case("ArgWhere", dt, np.argwhere, inp(x))
    nz = np.nonzero(x)
    cases.append({"op": "NonZero", "dtype": dt, "args": [arg(x)], "scalar": False,
                  "shape": [len(nz), len(nz[0])], "values": enc(np.array(nz).reshape(-1))})
m = rng.integers(0, 2, (4, 5)).astype(bool)
case("ArgWhere", "bool", np.argwhere, inp(m.T.copy(), T=True))
nz = np.nonzero(m)
cases.append({"op": "NonZero", "dtype": "bool", "args": [arg(m)], "scalar": False,
              "shape": [len(nz), len(nz[0])], "values": enc(np.array(nz).reshape(-1))})

# TakeAlongAxis (np.take_along_axis), PutAlongAxis (np.put_along_axis)
# and ScatterAdd (np.add.at at the same positions).
def along_case(op, dt, x, idx, axis, vals=None):
    idx = np.array(idx, dtype=np.int64)
    if op == "TakeAlongAxis":
        out = np.take_along_axis(x, idx, axis)
        args = [arg(x), arg(idx)]
    else:
        out = x.copy()
        if op == "PutAlongAxis":
            np.put_along_axis(out, idx, vals, axis)
        else:
            ax = axis % x.ndim
            grids = list(np.indices(idx.shape))
            grids[ax] = np.where(idx < 0, idx + x.shape[ax], idx)
            np.add.at(out, tuple(grids), np.broadcast_to(vals, idx.shape))
        args = [arg(x), arg(idx), arg(vals)]
    cases.append({"op": op, "dtype": dt, "args": args, "scalar": False, "params": {"axis": repr(float(axis))},
                  "shape": list(out.shape), "values": enc(out)})


for dt in ["float64", "int32"]:
    x = rng.integers(-9, 10, (3, 4)).astype(dt)
    along_case("TakeAlongAxis", dt, x, [[0, -1], [3, 3], [1, 2]], 1)
    along_case("TakeAlongAxis", dt, x, [[2, 0, -3, 1]], 0)
    along_case("TakeAlongAxis", dt, x, [[1], [0], [-1]], -1)
    along_case("TakeAlongAxis", dt, x, np.argsort(x, axis=1), 1)
    for op in ["PutAlongAxis", "ScatterAdd"]:
        along_case(op, dt, x, [[0, -1, 0], [3, 3, 1], [1, 2, 2]], 1, rng.integers(-5, 6, (3, 3)).astype(dt))
        along_case(op, dt, x, [[2, 2, -3, 1]], 0, rng.integers(-5, 6, (1, 4)).astype(dt))

# Tril, Triu (np.tril, np.triu: the last two axes) and Roll (np.roll along
# an axis).
for dt in ["float64", "int32"]:
    x = rng.integers(1, 10, (2, 3, 4)).astype(dt)
    for k in [0, 1, -1, 5, -4]:
        case("Tril", dt, lambda a: np.tril(a, k), inp(x), params={"k": k})
        case("Triu", dt, lambda a: np.triu(a, k), inp(x), params={"k": k})
    case("Tril", dt, lambda a: np.tril(a, 0), inp(x[0].T.copy(), T=True), params={"k": 0})
    for shift, axis in [(1, 0), (-2, 1), (7, 2), (0, -1), (-5, -2)]:
        case("Roll", dt, lambda a: np.roll(a, shift, axis), inp(x), params={"shift": shift, "axis": axis})

# The NaN-aware reductions: an all-NaN row, infinities, -0; every axis,
# one axis, both (axis "all": every axis).
import warnings
warnings.simplefilter("ignore")
NAN = {"NanSum": np.nansum, "NanProd": np.nanprod, "NanMean": np.nanmean, "NanMax": np.nanmax, "NanMin": np.nanmin}
for dt in ["float64", "float32"]:
    x = np.array([[np.nan, np.nan, np.nan, np.nan], [1.5, np.nan, -2, 0.25], [np.inf, 3, np.nan, -0.0]], dtype=dt)
    for name, fn in NAN.items():
        for axis in [None, 0, 1, -1]:
            out = np.asarray(fn(x, axis=axis))
            cases.append({"op": name, "dtype": dt, "args": [arg(x)], "scalar": False,
                          "params": {"axis": "all" if axis is None else repr(float(axis))},
                          "shape": list(out.shape), "values": enc(out)})
        xt = rng.integers(-3, 4, (5, 4)).astype(dt)
        xt[1, :] = np.nan
        xt[:, 2] = np.nan
        out = np.asarray(fn(xt.T, axis=1))
        cases.append({"op": name, "dtype": dt, "args": [arg(xt, T=True)], "scalar": False,
                      "params": {"axis": "1.0"}, "shape": list(out.shape), "values": enc(out)})

# NaN-aware variances, standard deviations and index reductions. The
# variances are checked to a few units in the last place ("ulps"): NumPy
# sums with a mask, in an order of its own.
for dt in ["float64", "float32"]:
    x = np.array([[np.nan, np.nan, np.nan, np.nan], [1.5, np.nan, -2, 0.25], [np.inf, 3, np.nan, -0.0]], dtype=dt)
    xr = rng.standard_normal((5, 6)).astype(dt)
    xr[rng.random((5, 6)) < 0.3] = np.nan
    xr[0, :] = rng.standard_normal(6)
    xr[:, 0] = rng.standard_normal(5)
    for name, fn in [("NanVarianceDdof", np.nanvar), ("NanStdDevDdof", np.nanstd)]:
        for ddof in [0, 1, 2, 5]:
            for a, T, axis in [(x, False, None), (x, False, 0), (x, False, 1), (xr, True, 1), (xr, False, None), (xr, False, 0)]:
                view_ = a.T if T else a
                out = np.asarray(fn(view_, axis=axis, ddof=ddof))
                cases.append({"op": name, "dtype": dt, "args": [arg(a, T=T)], "scalar": False,
                              "params": {"axis": "all" if axis is None else repr(float(axis)), "ddof": repr(float(ddof))},
                              "ulps": 4, "shape": list(out.shape), "values": enc(out)})
    for name, fn in [("NanArgMax", np.nanargmax), ("NanArgMin", np.nanargmin)]:
        for a, T, axis in [(x[1:], False, None), (x[1:], False, 0), (x[1:], False, 1), (xr, True, 1), (xr, False, 0), (xr, False, None)]:
            view_ = a.T if T else a
            out = np.asarray(fn(view_, axis=axis))
            cases.append({"op": name, "dtype": dt, "args": [arg(a, T=T)], "scalar": False,
                          "params": {"axis": "all" if axis is None else repr(float(axis))},
                          "shape": list(out.shape), "values": enc(out)})

# LogSumExp, Softmax and LogSoftmax: NumPy has none, so the reference is
# their shifted definition computed in float64 (then rounded to the
# dtype), checked to a few units in the last place.
def lse(a, axis, keepdims=False):
    a = np.asarray(a, dtype=np.float64)
    if a.size == 0 or (axis is not None and a.shape[axis] == 0):
        return np.full(np.sum(a, axis=axis, keepdims=keepdims).shape, -np.inf)
    m = np.max(a, axis=axis, keepdims=True)
    m[~np.isfinite(m)] = 0
    r = np.log(np.sum(np.exp(a - m), axis=axis, keepdims=True)) + m
    return r if keepdims else np.squeeze(r, axis=axis)


def softmax(a, axis):
    a = np.asarray(a, dtype=np.float64)
    e = np.exp(a - np.max(a, axis=axis, keepdims=True))
    return e / np.sum(e, axis=axis, keepdims=True)


for dt in ["float64", "float32"]:
    big = 80 if dt == "float32" else 700
    xs = [np.array([[1.0, 2, 3, 4], [-big, big, big + 1, 0.5], [np.nan, 1, 2, 3], [np.inf, 1, 2, 3], [-np.inf] * 4, [-np.inf, 0, 1, -1]], dtype=dt),
          rng.standard_normal((3, 5, 4)).astype(dt) * 10, np.zeros((2, 0), dtype=dt)]
    for a in xs:
        for axis in range(a.ndim):
            out = lse(a, axis).astype(dt)
            cases.append({"op": "LogSumExp", "dtype": dt, "args": [arg(a)], "scalar": False,
                          "params": {"axis": repr(float(axis))}, "ulps": 8, "shape": list(out.shape), "values": enc(out)})
            if a.size:
                for name, fn in [("Softmax", softmax), ("LogSoftmax", lambda a, ax: np.asarray(a, np.float64) - lse(a, ax, True))]:
                    out = np.asarray(fn(a, axis)).astype(dt)
                    cases.append({"op": name, "dtype": dt, "args": [arg(a)], "scalar": False,
                                  "params": {"axis": repr(float(axis))}, "ulps": 128 if name == "LogSoftmax" else 8, "shape": list(out.shape), "values": enc(out)})
        out = np.asarray(lse(a, None)).astype(dt)
        cases.append({"op": "LogSumExp", "dtype": dt, "args": [arg(a)], "scalar": False,
                      "params": {"axis": "all"}, "ulps": 8, "shape": list(out.shape), "values": enc(out)})

# Norm: np.linalg.norm of vectors (the flattened array for every axis) and
# the Frobenius norm over two axes.
for dt in ["float64", "float32"]:
    x = (rng.standard_normal((3, 4, 5)) * 3).astype(dt)
    x[0, 0, :2] = 0
    special = np.array([[0.0, -0.0, 0, 0], [1, -2, np.nan, 3], [np.inf, -1, 2, 0], [-3, 4, 0, 1e-3]], dtype=dt)
    for p in [1, 2, np.inf, -np.inf, 0, 3, 0.5, -1, -2.5]:
        for a, axes in [(x, None), (x, (0,)), (x, (2,)), (x, (0, 2)), (special, (1,)), (special, None)]:
            if axes is None:
                out = np.linalg.norm(a.ravel(), ord=p)
            elif len(axes) == 1:
                out = np.linalg.norm(a, ord=p, axis=axes[0])
            else:
                out = np.linalg.norm(np.moveaxis(a, axes, (-2, -1)).reshape(a.shape[1], -1), ord=p, axis=1) if p != 2 else np.linalg.norm(a, ord="fro", axis=axes)
            out = np.asarray(out)
            cases.append({"op": "Norm", "dtype": dt, "args": [arg(a)], "scalar": False,
                          "params": {"p": repr(float(p)), "axes": ",".join(str(k) for k in axes) if axes else "all"},
                          "ulps": 8, "shape": list(out.shape), "values": enc(out)})

# Pad in every mode (widths past the axis' length too), Tile and Repeat.
# Wrap pads periodically, as NumPy does since 1.25 (1.24's np.pad restarts
# the period at the edge when a width exceeds the axis' length): its
# reference is taken along each axis with indices modulo the length, and
# checked against np.pad where the widths do not exceed it.
def pad_ref(a, pw, mode, **kw):
    if mode != "wrap":
        return np.pad(a, pw, mode=mode, **kw)
    out = a
    for k, (b, e) in enumerate(pw):
        n = a.shape[k]
        out = np.take(out, np.arange(-b, n + e) % n, axis=k)
    if all(b <= a.shape[k] and e <= a.shape[k] for k, (b, e) in enumerate(pw)):
        assert np.array_equal(out, np.pad(a, pw, mode="wrap"))
    return out


for dt in ["float64", "int32"]:
    x = np.arange(1, 13).reshape(3, 4).astype(dt)
    x1 = np.array([1, 2, 3], dtype=dt)
    for mode in ["constant", "edge", "reflect", "symmetric", "wrap"]:
        kw = {"constant_values": -7} if mode == "constant" else {}
        for a, widths in [(x1, [(2, 2)]), (x1, [(0, 7)]), (x1, [(8, 5)]), (x, [(1, 2), (3, 0)]), (x, [(2, 2)]), (x, [(4, 6), (9, 1)]),
                          (np.array([5], dtype=dt), [(2, 3)]), (np.arange(24).reshape(2, 3, 4).astype(dt), [(1, 1), (0, 2), (3, 1)])]:
            pw = widths if len(widths) > 1 else widths * a.ndim
            out = pad_ref(a, pw, mode, **kw)
            cases.append({"op": "Pad", "dtype": dt, "args": [arg(a)], "scalar": False,
                          "params": {"mode": mode, "widths": ",".join("%d,%d" % w for w in widths), "value": "-7.0"},
                          "shape": list(out.shape), "values": enc(out)})
        out = np.pad(x.T, [(1, 2), (2, 1)], mode=mode, **kw)
        cases.append({"op": "Pad", "dtype": dt, "args": [arg(x, T=True)], "scalar": False,
                      "params": {"mode": mode, "widths": "1,2,2,1", "value": "-7.0"}, "shape": list(out.shape), "values": enc(out)})
    out = np.pad(np.zeros((0, 2), dt), [(1, 1), (0, 1)], constant_values=3)
    cases.append({"op": "Pad", "dtype": dt, "args": [arg(np.zeros((0, 2), dt))], "scalar": False,
                  "params": {"mode": "constant", "widths": "1,1,0,1", "value": "3.0"}, "shape": list(out.shape), "values": enc(out)})
    for a, T, reps in [(x, False, (2, 3)), (x, False, (2,)), (x, False, (2, 1, 2)), (x1, False, (3, 2)), (x, True, (1, 2)),
                       (x, False, (0, 2)), (np.array(4, dtype=dt), False, (3,)), (np.arange(6).reshape(1, 2, 3).astype(dt), False, (2, 1, 1))]:
        out = np.tile(a.T if T else a, reps)
        cases.append({"op": "Tile", "dtype": dt, "args": [arg(a, T=T)], "scalar": False,
                      "params": {"reps": ",".join(map(str, reps))}, "shape": list(out.shape), "values": enc(out)})
    for a, T, counts, axis in [(x, False, [2], 0), (x, False, [3], 1), (x, False, [3], -1), (x, True, [2], 0), (x, False, [0, 2, 1], 0),
                               (x, False, [1, 0, 3, 2], 1), (x1, False, [0], 0), (np.arange(24).reshape(2, 3, 4).astype(dt), False, [2], 1)]:
        out = np.repeat(a.T if T else a, counts if len(counts) > 1 else counts[0], axis=axis)
        cases.append({"op": "Repeat", "dtype": dt, "args": [arg(a, T=T)], "scalar": False,
                      "params": {"counts": ",".join(map(str, counts)), "axis": repr(float(axis))}, "shape": list(out.shape), "values": enc(out)})

with open("compare.json", "w") as f:
    json.dump({"numpy": np.__version__, "cases": cases}, f, indent=0)
    f.write("\n")
print(len(cases), "cases")
