#!/usr/bin/python3
"""Writes fixtures.json: how NumPy prints arrays (str, and array2string with
a precision or a sign option), for tensor's format tests.

Run with Debian's python3-numpy: /usr/bin/python3 gen.py > fixtures.json

Each case gives the dtype, the shape, the elements in row-major order as
strings (repr of each value; [re, im] for complex) or a recipe ("arange":
np.arange(size) cast to the dtype, reshaped), an optional view ("T": the
transpose), NumPy's options (precision, sign) and the string NumPy printed.
"""
import json
import sys

import numpy as np


def elems(a):
    flat = a.ravel()
    if a.dtype.kind == "c":
        return [[repr(float(x.real)), repr(float(x.imag))] for x in flat]
    if a.dtype.kind == "f":
        return [repr(float(x)) for x in flat]
    if a.dtype.kind == "b":
        return ["true" if x else "false" for x in flat]
    return [str(int(x)) for x in flat]


cases = []


def case(name, a, view=None, precision=None, sign=None, recipe=None):
    shown = a.T if view == "T" else a
    opts = {}
    if precision is not None:
        opts["precision"] = precision
    if sign is not None:
        opts["sign"] = sign
    want = np.array2string(shown, separator=" ", **opts) if opts else str(shown)
    c = {"name": name, "dtype": str(a.dtype), "shape": list(a.shape), "want": want}
    if recipe:
        c["recipe"] = recipe
    else:
        c["data"] = elems(a)
    if view:
        c["view"] = view
    if opts:
        c["options"] = opts
    cases.append(c)


f64, f32 = np.float64, np.float32
# Floats: NumPy's positional format, 8 digits at most, trailing zeros cut.
case("floats-integral", np.array([0, 1, 2], dtype=f64))
case("floats-fractions", np.array([0.1, 0.25, 1 / 3, -2.5], dtype=f64))
case("floats-negative-zero", np.array([-0.0, 1.5], dtype=f64))
case("floats-mixed-width", np.array([[1.5, -20.25], [300.125, 0]], dtype=f64))
case("floats-tie-2^-9", np.array([2.0 ** -9, 1], dtype=f64))
case("floats-large-positional", np.array([12345678.9, 1], dtype=f64))
case("floats-1e8-scientific", np.array([1e8, 1], dtype=f64))
case("floats-small-scientific", np.array([1e-5, 1], dtype=f64))
case("floats-ratio-scientific", np.array([0.5, 1000.5], dtype=f64))
case("floats-ratio-scientific-digits", np.array([1.25, 3e5, 7e-3], dtype=f64))
case("floats-huge", np.array([1e300, -2.5e-300], dtype=f64))
case("floats-denormal", np.array([5e-324, 0], dtype=f64))
case("floats-nan-inf", np.array([np.nan, np.inf, -np.inf, 1.5], dtype=f64))
case("floats-nan-inf-only", np.array([np.nan, np.inf], dtype=f64))
case("floats-nan-sci", np.array([np.nan, 1e-9, 1], dtype=f64))
case("floats-zeros", np.zeros((2, 2), dtype=f64))
case("float32-tenths", np.array([0.1, 0.2, 0.3, 1 / 3], dtype=f32))
case("float32-large", np.array([16777217, 1.5], dtype=f32))
case("float32-sci", np.array([1e-7, 3.4e38], dtype=f32))
case("float32-1e-4", np.array([1e-4, 0.05], dtype=f32))  # float32(1e-4) < 1e-4
case("float32-1e8", np.array([1e8, 1e6], dtype=f32))
case("floats-3d", np.arange(24, dtype=f64).reshape(2, 3, 4) / 4)
case("floats-transposed", (np.arange(12, dtype=f64) / 8).reshape(3, 4), view="T")
# Summaries: more than 1000 elements, 3 at each end of each long axis.
big = np.arange(2000 * 2000, dtype=f64).reshape(2000, 2000)
case("floats-arange-2000x2000", big, recipe="arange")
case("floats-arange-1000x1000", np.arange(1000 * 1000, dtype=f64).reshape(1000, 1000), recipe="arange")
case("ints-arange-2000", np.arange(2000, dtype=np.int64), recipe="arange")
case("ints-arange-10x10x20", np.arange(2000, dtype=np.int32).reshape(10, 10, 20), recipe="arange")
case("floats-arange-1001", np.arange(1001, dtype=f32) / 7, recipe=None)
# Wrapping at 75 characters.
case("floats-wrap-1d", np.arange(30, dtype=f64) / 3)
case("floats-wrap-2d", np.arange(40, dtype=f64).reshape(2, 20) * 1.5)
case("ints-wrap-1d", np.arange(100, dtype=np.int64) * 37)
case("ints-wrap-summary", np.arange(1200, dtype=np.int64).reshape(2, 600) * 1000003, recipe=None)
# Deep nesting: each level narrows the line by one column.
case("ints-rank-32", np.full((1,) * 31 + (2,), 7, dtype=np.int8))
case("floats-rank-32-rows", np.full((1,) * 30 + (2, 3), 7.5, dtype=f64))
case("floats-rank-8-wrap", np.arange(40, dtype=f64).reshape((1,) * 7 + (40,)) / 3)
# Integers: every element right-aligned to the longer of max and min.
case("ints-small", np.array([0, 1, 2], dtype=np.int64))
case("ints-negative", np.array([[-5, 10], [200, -3000]], dtype=np.int64))
case("int8-extremes", np.array([-128, 127, 0], dtype=np.int8))
case("uint64-max", np.array([0, 2 ** 64 - 1], dtype=np.uint64))
case("int64-min", np.array([-2 ** 63, 1], dtype=np.int64))
case("uint8", np.arange(12, dtype=np.uint8).reshape(3, 4))
# Complex.
case("complex", np.array([1 + 2j, -1.5j, 0.25 - 0.5j], dtype=np.complex128))
case("complex-nan-inf", np.array([complex(np.nan, np.inf), 1 - 1j], dtype=np.complex128))
case("complex64", np.array([0.1 + 0.2j, 3 + 0j], dtype=np.complex64))
case("complex-sci", np.array([1e-6 + 1j, 2 + 3e6j], dtype=np.complex128))
case("complex-2d", np.array([[1 + 1j, 2], [3, 4 - 4j]], dtype=np.complex128))
# Bools (masks): True padded to False's width, no sign.
case("bools", np.array([True, False, True]))
case("bools-all-true", np.array([True, True]))
case("bools-2d", np.array([[True, False, False], [False, True, True]]))
case("bools-transposed", np.array([[True, False, False], [False, True, True]]), view="T")
case("bools-summary", (np.arange(3000) % 3 == 0).reshape(30, 100))
case("bools-wrap", np.arange(40) % 4 == 1)
case("bools-sign", np.array([True, False]), sign="+")
case("scalar-bool", np.array(True))
case("scalar-bool-false", np.array(False))
case("empty-bool", np.zeros((0, 2), dtype=bool))
# Empty and rank 0.
case("empty-0", np.zeros((0,), dtype=f64))
case("empty-2x0", np.zeros((2, 0), dtype=f64))
case("empty-0x3-int", np.zeros((0, 3), dtype=np.int64))
for name, x in [("scalar-one", 1.0), ("scalar-tenth", 0.1), ("scalar-1e16", 1e16), ("scalar-1e-5", 1e-5),
                ("scalar-1e-4", 1e-4), ("scalar-big-positional", 123456789012345.6), ("scalar-nan", np.nan),
                ("scalar-neg-inf", -np.inf), ("scalar-neg-zero", -0.0), ("scalar-third", 1 / 3)]:
    case(name, np.array(x, dtype=f64))
case("scalar-float32-tenth", np.array(0.1, dtype=f32))
case("scalar-float32-1e20", np.array(1e20, dtype=f32))
case("scalar-int", np.array(-42, dtype=np.int64))
case("scalar-complex", np.array(1.5 + 2j, dtype=np.complex128))
case("scalar-complex-imag", np.array(2j, dtype=np.complex128))
case("scalar-complex-neg", np.array(-1 - 0.5j, dtype=np.complex128))
# Options: precision (%.Nv) and sign ('+' for %+v, ' ' for % v).
case("precision-3", np.array([1 / 3, 2 / 3, 10], dtype=f64), precision=3)
case("precision-3-sci", np.array([1 / 3e6, 10], dtype=f64), precision=3)
case("precision-0", np.array([0.5, 1.5, 2.5, 3.7], dtype=f64), precision=0)
case("precision-12", np.array([1 / 3, 0.1], dtype=f64), precision=12)
case("sign-plus", np.array([1.5, -2, 0], dtype=f64), sign="+")
case("sign-space", np.array([1.5, 2, 0], dtype=f64), sign=" ")
case("sign-space-negative", np.array([1.5, -2], dtype=f64), sign=" ")
case("sign-plus-sci", np.array([1e-5, -1], dtype=f64), sign="+")
case("sign-plus-nan", np.array([np.nan, 1], dtype=f64), sign="+")

cases = [c for c in cases if c is not None]
json.dump({"numpy": np.__version__, "cases": cases}, sys.stdout, indent=1)
sys.stdout.write("\n")
