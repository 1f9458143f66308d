#!/usr/bin/env python3
"""Writes the NumPy fixtures that npy's tests read, and fixtures.json.

Run from this directory with a Python that has NumPy:

    python3 gen.py

fixtures.json lists, for every .npy file: the dtype string written in its
header, its shape, its order, its format version and its values in C (row
major) order. Complex values are [real, imag] pairs. Integers are exact JSON
integers, floats are the shortest repr that round-trips, so the Go tests can
compare exactly. The Go tests never run this script.
"""

import json
import os

import numpy as np
from numpy.lib import format as npformat

HERE = os.path.dirname(os.path.abspath(__file__))
DTYPES = ["f4", "f8", "i1", "i2", "i4", "i8", "u1", "u2", "u4", "u8", "c8", "c16"]
SHAPES = {"2d": (3, 4), "3d": (2, 3, 4)}

fixtures = []


def values(dtype, shape):
    """Distinct values per element, including the extremes of integer types."""
    n = int(np.prod(shape))
    dt = np.dtype(dtype)
    k = np.arange(n)
    if dt.kind in "iu":
        info = np.iinfo(dt)
        a = (k * 7 + info.min // 2 + 3).astype(dt) if dt.kind == "i" else (k * 7 + 1).astype(dt)
        if n >= 2:
            a[0], a[-1] = info.min, info.max
    elif dt.kind == "f":
        a = ((k - n / 2) * 0.375).astype(dt)
        if n >= 3:
            a[1] = np.finfo(dt).max
            a[2] = np.finfo(dt).tiny
    else:
        a = ((k - n / 2) * 0.25 + 1j * (k * 1.5 + 0.125)).astype(dt)
    return a.reshape(shape)


def plain(a):
    flat = np.ascontiguousarray(a).ravel(order="C")
    if a.dtype.kind == "c":
        return [[float(x.real), float(x.imag)] for x in flat]
    if a.dtype.kind == "f":
        return [float(x) for x in flat]
    if a.dtype.kind == "b":
        return [bool(x) for x in flat]
    return [int(x) for x in flat]


def save(name, a, version=None, fortran=None):
    path = os.path.join(HERE, name)
    with open(path, "wb") as f:
        npformat.write_array(f, a, version=version)
    back = np.load(path)
    assert back.dtype == a.dtype and back.shape == a.shape and np.array_equal(back, a)
    with open(path, "rb") as f:
        v = npformat.read_magic(f)
    fixtures.append(
        {
            "file": name,
            "descr": a.dtype.str,
            "shape": list(a.shape),
            "fortran_order": bool(a.flags.f_contiguous and not a.flags.c_contiguous),
            "version": "%d.%d" % v,
            "values": plain(a),
        }
    )


for dt in DTYPES:
    for tag, shape in SHAPES.items():
        a = values("<" + dt, shape)
        save("%s_c_%s.npy" % (dt, tag), a)
        save("%s_f_%s.npy" % (dt, tag), np.asfortranarray(a))

save("scalar_f8.npy", np.array(2.5, dtype="<f8"))
save("scalar_i4.npy", np.array(-7, dtype="<i4"))
save("empty_f8_0x3.npy", np.zeros((0, 3), dtype="<f8"))
save("empty_f4_f_3x0.npy", np.asfortranarray(np.zeros((3, 0), dtype="<f4")))
save("vector_i2.npy", np.arange(-3, 4, dtype="<i2"))
save("be_f8.npy", values(">f8", (2, 3)))
save("be_i4.npy", values(">i4", (3, 2)))
save("be_c16.npy", values(">c16", (2, 2)))
save("be_u2_f.npy", np.asfortranarray(values(">u2", (2, 3))))
save("v2_f4.npy", values("<f4", (2, 5)), version=(2, 0))
save("v3_i2.npy", values("<i2", (4, 2)), version=(3, 0))
# Masks: bool, one byte each; a file whose bytes are not all 0 and 1 (NumPy
# reads every nonzero byte as True).
save("bool_b1.npy", np.array([[True, False], [False, True]]))
save("bool_c_3d.npy", (np.arange(24) % 3 == 1).reshape(2, 3, 4))
save("bool_f_2d.npy", np.asfortranarray((np.arange(12) % 5 < 2).reshape(3, 4)))
save("bool_scalar.npy", np.array(True))
save("bool_nonzero.npy", np.array([0, 1, 2, 255, 0, 128], dtype=np.uint8).view(bool))

# Files no Go type can read; the tests expect ErrDType.
for name, a in [
    ("half_f2.npy", np.arange(4, dtype="<f2")),
    ("struct.npy", np.zeros(2, dtype=[("x", "<i4"), ("y", "<f8")])),
    ("unicode_U3.npy", np.array(["abc", "de"])),
]:
    with open(os.path.join(HERE, name), "wb") as f:
        npformat.write_array(f, a)

with open(os.path.join(HERE, "fixtures.json"), "w") as f:
    f.write("[\n")
    f.write(",\n".join(json.dumps(x) for x in fixtures))
    f.write("\n]\n")
