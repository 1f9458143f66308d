#!/usr/bin/python3
"""Writes fixtures.json: NumPy's answers for the cases of ops/numpy_test.go.
Run once, with Debian's python3-numpy:

    /usr/bin/python3 gen.py    (in ops/testdata/numpy; NumPy 1.24.2)

Each case names an operation, a dtype, its inputs (C-order values and a
shape; "T" asks for the input's last two axes swapped, a transposed view,
and "bcast" for it broadcast to a shape, a view with zero strides) and
NumPy's result. Values are strings: Python's repr() of the float64 value
for floats, the shortest decimal that reads back to the same bits (a
float32's value is exact in float64), which strconv.ParseFloat reads, "nan"
and "inf" too; decimal for integers, so that uint64 and int64 survive
JSON.

Where NumPy's bits depend on its order of summation, the inputs make every
order exact: small integers (and a few binary fractions), with the reduced
axes of Var and Std a power of two long, so that the mean, the deviations
and their squares are exact. Transcendental functions carry "ulps", the
most units in the last place Go's math and NumPy's libm (or SIMD loops)
may differ by; everything else must match exactly.
"""
import json

import numpy as np

FLOATS = ["float32", "float64"]
# Integer operations run on int32 alone (their extremes wrap): each other
# element type would instantiate every operation of ops anew in the test
# binary, about 6 s more of compiling in each of CI's five builds.
# Conversions, whose code is one table, cover eleven pairs of types.
INTS = ["int32"]
rng = np.random.default_rng(20261127)


def enc(a):
    a = np.asarray(a)
    if a.dtype.kind == "f":
        return [repr(float(x)) for x in a.ravel().tolist()]
    return [str(int(x)) for x in a.ravel().tolist()]


def arg(a, T=False, bcast=None):
    """An input: a is the array as the Go test builds it (C order)."""
    a = np.ascontiguousarray(a)
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


def case(op, dtype, args, arrays, result, ulps=0, **params):
    result = np.asarray(result)
    cases.append({"op": op, "dtype": dtype, "args": args, "params": params,
                  "shape": list(result.shape), "dtypeOut": result.dtype.name,
                  "values": enc(result), "ulps": ulps})


def specials(dtype, n):
    """n floats of dtype: specials first, then small integers and halves."""
    s = [np.nan, np.inf, -np.inf, 0.0, -0.0, 1.0, -1.0, 0.5, 3.0, -2.5,
         np.finfo(dtype).tiny, -np.finfo(dtype).tiny / 4, np.finfo(dtype).max, 1e-3, 7.25]
    s = s + list(rng.integers(-9, 10, size=n).astype(float) / rng.choice([1, 2, 4], size=n))
    return np.array(s[:n], dtype=dtype)


def ints(dtype, n):
    info = np.iinfo(dtype)
    s = [info.min, info.max, 0, 1, info.max - 1, info.min + 1]
    s = s + list(rng.integers(info.min, int(info.max) + 1, size=n, dtype=dtype))
    return np.array(s[:n], dtype=dtype)


def small(dtype, shape, lo=-4, hi=5):
    return rng.integers(lo, hi, size=shape).astype(dtype)


# Elementwise binary operations, broadcasting, on transposed views too.
SHAPES = [((3, 4), (3, 4), False, False), ((2, 3, 4), (3, 1), False, False),
          ((4, 1), (1, 5), False, False), ((5, 3), (5,), True, False),
          ((6, 4), (4, 6), False, True), ((4,), (), False, False)]
BINARY = {"Add": np.add, "Sub": np.subtract, "Mul": np.multiply, "Div": np.divide,
          "Maximum": np.maximum, "Minimum": np.minimum, "Pow": np.power}
for dtype in FLOATS + INTS:
    for name, f in BINARY.items():
        if dtype in INTS and name in ("Div", "Pow"):
            continue  # Go truncates and NumPy floors; Pow is for floats
        for sa, sb, ta, tb in SHAPES:
            n = int(np.prod(sa))
            if dtype in FLOATS:
                a = specials(dtype, n).reshape(sa)
                b = rng.permutation(specials(dtype, max(int(np.prod(sb)), 1))).reshape(sb)
            else:
                a = ints(dtype, n).reshape(sa)
                b = rng.permutation(ints(dtype, max(int(np.prod(sb)), 1))).reshape(sb)
            A, B = arg(a, ta), arg(b, tb)
            with np.errstate(all="ignore"):
                r = f(view(A, a), view(B, b))
            case(name, dtype, [A, B], None, r, ulps=2 if name == "Pow" else 0)

# A broadcast input, stride 0 along both axes.
for dtype in ["float32", "int32"]:
    a = small(dtype, (1, 1)) + 3
    b = small(dtype, (4, 5))
    A, B = arg(a, bcast=(4, 5)), arg(b)
    case("Mul", dtype, [A, B], None, np.multiply(view(A, a), b))

# Elementwise unary operations.
UNARY = {"Neg": (np.negative, 0), "Abs": (np.absolute, 0), "Sqrt": (np.sqrt, 0),
         "Exp": (np.exp, 2), "Log": (np.log, 2), "Sin": (np.sin, 2), "Cos": (np.cos, 2),
         "Tanh": (np.tanh, 2)}
for dtype in FLOATS + INTS:
    for name, (f, ulps) in UNARY.items():
        if dtype in INTS and name not in ("Neg", "Abs"):
            continue
        if dtype.startswith("uint") and name in ("Neg", "Abs"):
            continue  # NumPy's negative of an unsigned array wraps too, but Abs is for Real
        for shape, T in [((5, 6), False), ((6, 5), True)]:
            n = int(np.prod(shape))
            a = (specials(dtype, n) if dtype in FLOATS else ints(dtype, n)).reshape(shape)
            if name in ("Sin", "Cos"):
                # Go's math.Sin of the largest float64 is 25 ulps from
                # glibc's correctly rounded answer (1e300: 2 ulps).
                a[a == np.finfo(dtype).max] = 1e300 if dtype == "float64" else 1e38
            A = arg(a, T)
            with np.errstate(all="ignore"):
                r = f(view(A, a))
            case(name, dtype, [A], None, r, ulps=ulps)

# Reductions. The axes: None is every axis.
AXES = [None, [0], [-1], [2, 0], [1, 2]]
for dtype in FLOATS + INTS:
    for shape, T in [((4, 3, 4), False), ((2, 4, 3), True)]:
        for name in ["Sum", "Prod", "Max", "Min", "Mean", "Var", "Std", "ArgMax", "ArgMin"]:
            if dtype in INTS and name in ("Mean", "Var", "Std"):
                continue
            for axes in AXES:
                if name.startswith("Arg") and axes is not None and len(axes) > 1:
                    continue
                for withNaN in ([False, True] if dtype in FLOATS and name not in ("Sum", "Prod") else [False]):
                    if name == "Prod":
                        a = rng.choice([1, -1, 2, 1, -1, 0.5], size=shape)
                    elif name in ("Var", "Std"):
                        a = small("float64", shape)
                    else:
                        a = small("float64", shape, -40, 41)
                    if dtype in INTS and name in ("Sum", "Prod"):
                        a = ints(dtype, a.size).reshape(shape)  # they wrap
                    a = np.asarray(a).astype(dtype)
                    if withNaN:
                        a.flat[rng.integers(a.size)] = np.nan
                        a.flat[rng.integers(a.size)] = np.nan
                    if name.startswith("Arg"):  # ties: the first index wins
                        a[..., 1] = a[..., 0]
                    A = arg(a, T)
                    v = view(A, a)
                    ax = None if axes is None else tuple(axes)
                    params = {} if axes is None else {"axes": axes}
                    with np.errstate(all="ignore"):
                        if name == "Sum":
                            r = np.sum(v, axis=ax, dtype=v.dtype)
                        elif name == "Prod":
                            r = np.prod(v, axis=ax, dtype=v.dtype)
                        elif name == "Max":
                            r = np.max(v, axis=ax)
                        elif name == "Min":
                            r = np.min(v, axis=ax)
                        elif name == "Mean":
                            r = np.mean(v, axis=ax)
                        elif name in ("Var", "Std"):
                            m = v.size if ax is None else int(np.prod([v.shape[i] for i in ax]))
                            if m & (m - 1):
                                continue  # the mean would round
                            for ddof in (0, 1):
                                f = np.var if name == "Var" else np.std
                                case(name, dtype, [A], None, f(v, axis=ax, ddof=ddof), ddof=ddof, **params)
                            continue
                        elif name == "ArgMax":
                            r = np.argmax(v, axis=None if ax is None else ax[0])
                        else:
                            r = np.argmin(v, axis=None if ax is None else ax[0])
                    case(name, dtype, [A], None, r, **params)

# Cumulative sums and products, in order.
for dtype in FLOATS + INTS:
    for shape, T in [((3, 7), False), ((7, 3), True), ((2, 3, 4), False)]:
        for name, f in [("CumSum", np.cumsum), ("CumProd", np.cumprod)]:
            for axis in range(-1, len(shape)):
                if dtype in FLOATS:
                    a = (rng.standard_normal(shape) * 3).astype(dtype)
                    a.flat[5] = np.nan if name == "CumSum" else a.flat[5]
                else:
                    a = ints(dtype, int(np.prod(shape))).reshape(shape)
                A = arg(a, T)
                with np.errstate(all="ignore"):
                    r = f(view(A, a), axis=axis, dtype=a.dtype)
                case(name, dtype, [A], None, r, axis=axis)

# Conversions by astype, within the range of the destination where Go
# leaves a float's conversion to the implementation.
for src, dst in [("float64", "float32"), ("float32", "float64"), ("float64", "int32"),
                 ("float32", "uint8"), ("int64", "float32"), ("uint64", "float64"),
                 ("int32", "int8"), ("int64", "uint8"), ("uint64", "int32"),
                 ("int8", "uint64"), ("float64", "int64")]:
    for shape, T in [((4, 5), False), ((5, 4), True)]:
        n = int(np.prod(shape))
        if src in FLOATS and dst in FLOATS:
            a = np.concatenate([specials(src, 15), rng.standard_normal(n) * 1e3])[:n].astype(src)
            if src == "float64":
                a[-3:] = [1e39, -1e39, 3.4028235677973366e38]  # overflow and round to max
        elif src in FLOATS:
            info = np.iinfo(dst)
            a = rng.uniform(float(info.min), float(info.max), size=n)
            a[:4] = [-0.9, 0.9, -0.0, float(info.max) // 2 + 0.75]
            if dst.startswith("uint"):
                a[0] = 0.25
            a = a.astype(src)
            a = a[(a >= info.min) & (a <= info.max)]
            a = np.resize(a, n)
        else:
            a = ints(src, n)
        a = a.reshape(shape)
        A = arg(a, T)
        with np.errstate(all="ignore"):
            r = view(A, a).astype(dst)
        cases.append({"op": "Convert", "dtype": src, "args": [A], "params": {"to": dst},
                      "shape": list(r.shape), "dtypeOut": dst, "values": enc(r), "ulps": 0})

# Joins and splits along axis, a split's parts in "parts".
for dtype in ["float32", "int32"]:
    for shapes, T, axis in [([(2, 3), (4, 3)], [False, False], 0), ([(2, 3), (2, 1), (2, 4)], [False, False, False], 1),
                            ([(3, 2), (2, 2)], [True, False], -1), ([(2, 3, 4), (2, 1, 3)], [False, True], -1),
                            ([(0, 3), (2, 3)], [False, False], 0)]:
        arrays = [small(dtype, sh) for sh in shapes]
        A = [arg(a, t) for a, t in zip(arrays, T)]
        case("Concat", dtype, A, None, np.concatenate([view(d, a) for d, a in zip(A, arrays)], axis=axis), axis=axis)
    for axis in [0, 1, 2, -1, -3]:
        arrays = [small(dtype, (2, 3)) for _ in range(3)]
        A = [arg(arrays[0]), arg(arrays[1].T.copy(), True), arg(arrays[2])]
        case("Stack", dtype, A, None, np.stack([view(d, a) for d, a in zip(A, [arrays[0], arrays[1].T.copy(), arrays[2]])], axis=axis), axis=axis)
    for shape, T, axis, how in [((6, 4), False, 0, [3, 5]), ((6, 4), False, 0, [4, 2]), ((4, 6), True, 0, [-2]),
                                ((6, 4), False, 0, [0, 100]), ((6, 4), False, 0, []), ((4, 6), False, 1, [7, -7, 3]),
                                ((6, 4), False, 0, 3), ((4, 6), True, -1, 2), ((0, 4), False, 0, 2)]:
        a = small(dtype, shape)
        A = arg(a, T)
        parts = np.split(view(A, a), how, axis=axis)
        op = "Split" if isinstance(how, int) else "SplitAt"
        cases.append({"op": op, "dtype": dtype, "args": [A], "params": {"axis": axis, "indices": how if op == "SplitAt" else [], "n": how if op == "Split" else 0},
                      "parts": [{"shape": list(p.shape), "values": enc(p)} for p in parts], "ulps": 0})

# Into forms whose destination shares memory with their inputs: NumPy
# computes as if from copies of the inputs (out= with overlap), as ops'
# Into forms promise. Every view is of one base array: rows then columns
# sliced [start, stop, step], then flipped along "flip", then transposed
# with "T". The case holds the base before and after.


def over(base, d):
    a = base[tuple(slice(*sl) for sl in d["slices"])]
    if d.get("flip"):
        a = np.flip(a, d["flip"])
    if d.get("T"):
        a = a.T
    return a


def vspec(slices, flip=None, T=False):
    d = {"slices": [list(x) for x in slices]}
    if flip:
        d["flip"] = flip
    if T:
        d["T"] = True
    return d


ALL = [(0, 6, 1), (0, 6, 1)]
OVERLAP = [
    # op, dst, inputs (a view or a scalar), params
    ("Add", vspec([(1, 6, 1), (0, 6, 1)]), [vspec([(0, 5, 1), (0, 6, 1)]), vspec([(1, 6, 1), (0, 6, 1)])], {}),
    ("Add", vspec([(0, 5, 1), (0, 6, 1)]), [vspec([(1, 6, 1), (0, 6, 1)]), vspec([(0, 5, 1), (0, 6, 1)])], {}),
    ("Mul", vspec(ALL), [vspec(ALL), vspec(ALL, T=True)], {}),
    ("Sub", vspec(ALL), [vspec(ALL, flip=[0, 1]), vspec(ALL, T=True)], {}),
    ("Maximum", vspec(ALL, T=True), [vspec(ALL), vspec(ALL, flip=[1])], {}),
    ("Add", vspec([(0, 6, 2), (0, 6, 1)]), [vspec([(1, 6, 2), (0, 6, 1)]), vspec([(0, 3, 1), (0, 6, 1)])], {}),
    ("Sub", vspec([(0, 6, 1), (0, 3, 1)]), [vspec([(0, 6, 1), (3, 6, 1)], flip=[1]), vspec([(0, 6, 1), (1, 4, 1)])], {}),
    ("Neg", vspec(ALL), [vspec(ALL, T=True)], {}),
    ("Neg", vspec([(0, 6, 1), (1, 6, 1)]), [vspec([(0, 6, 1), (0, 5, 1)])], {}),
    ("Copy", vspec([(1, 6, 1), (1, 6, 1)]), [vspec([(0, 5, 1), (0, 5, 1)])], {}),
    ("Copy", vspec(ALL), [vspec(ALL, T=True)], {}),
    ("Copy", vspec(ALL, flip=[0]), [vspec(ALL, flip=[1])], {}),
    ("CumSum", vspec(ALL), [vspec(ALL, T=True)], {"axis": 0}),
    ("CumSum", vspec([(0, 6, 1), (1, 6, 1)]), [vspec([(0, 6, 1), (0, 5, 1)])], {"axis": 1}),
    ("Sum", vspec([(0, 1, 1), (0, 6, 1)]), [vspec(ALL)], {"axis": 0}),
    ("Sum", vspec([(0, 6, 1), (5, 6, 1)]), [vspec(ALL, T=True)], {"axis": 1}),
]
for dtype in ["float64", "int32"]:
    for op, dst, ins, params in OVERLAP:
        base = small(dtype, (6, 6), -9, 10)
        after = base.copy()
        D = over(after, dst)
        A = [over(after, i).copy() for i in ins]  # NumPy copies on overlap itself; copies here make that explicit
        if op == "Add":
            np.add(A[0], A[1], out=D)
        elif op == "Sub":
            np.subtract(A[0], A[1], out=D)
        elif op == "Mul":
            np.multiply(A[0], A[1], out=D)
        elif op == "Maximum":
            np.maximum(A[0], A[1], out=D)
        elif op == "Neg":
            np.negative(A[0], out=D)
        elif op == "Copy":
            np.copyto(D, A[0])
        elif op == "CumSum":
            np.cumsum(A[0], axis=params["axis"], out=D)
        elif op == "Sum":
            np.sum(A[0], axis=params["axis"], keepdims=True, out=D)
        # NumPy itself, without the copies, must agree (its overlap rule).
        check = base.copy()
        Dn = over(check, dst)
        An = [over(check, i) for i in ins]
        f = {"Add": np.add, "Sub": np.subtract, "Mul": np.multiply, "Maximum": np.maximum}.get(op)
        if f is not None:
            f(An[0], An[1], out=Dn)
            assert (check == after).all(), (op, dst, ins)
        cases.append({"op": "Into/" + op, "dtype": dtype, "args": [arg(base)], "params": params,
                      "dst": dst, "inputs": ins, "shape": [6, 6], "values": enc(after), "ulps": 0})

with open("fixtures.json", "w") as f:
    json.dump({"numpy": np.__version__, "cases": cases}, f, indent=None, sort_keys=True)
    f.write("\n")
print(len(cases), "cases")
