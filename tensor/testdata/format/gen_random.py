#!/usr/bin/python3
"""Writes random.json: 400 random small arrays and how NumPy prints them,
for tensor's format tests (the cases of fixtures.json are chosen by hand;
these look for the cases nobody thought of).

Run with Debian's python3-numpy: /usr/bin/python3 gen_random.py > random.json

Magnitudes span 1e-12 to 1e12 with random digits, integers as floats,
negative zeros, NaN and infinities; shapes up to 3 axes; NumPy's precision
(0 to 12) and sign ('-', '+', ' ') options at random. Same seed, same file.
"""
import json
import sys

import numpy as np



def elems(a):
    """The elements in row-major order as gen.py writes them."""
    flat = a.ravel()
    if a.dtype.kind == "c":
        return [[repr(float(x.real)), repr(float(x.imag))] for x in flat]
    return [repr(float(x)) for x in flat]

rng = np.random.default_rng(20261124)


def value():
    r = rng.random()
    if r < 0.05:
        return float("nan")
    if r < 0.08:
        return float(rng.choice([np.inf, -np.inf]))
    if r < 0.12:
        return -0.0
    if r < 0.30:
        return float(rng.integers(-1000, 1000))
    digits = int(rng.integers(1, 10))
    m = round(float(rng.random()), digits)
    return float(m * 10.0 ** int(rng.integers(-12, 13)) * rng.choice([-1, 1]))


cases = []
for i in range(400):
    rank = int(rng.integers(1, 4))
    shape = tuple(int(rng.integers(1, 7 if rank > 1 else 20)) for _ in range(rank))
    n = int(np.prod(shape))
    kind = rng.choice(["float64", "float32", "complex128", "float64"])
    # Values from one or two magnitude families, as arrays usually are.
    scale = 10.0 ** int(rng.integers(-6, 7))
    vals = [value() if rng.random() < 0.5 else round(float(rng.normal()) * scale, int(rng.integers(0, 6)))
            for _ in range(n * (2 if kind.startswith("complex") else 1))]
    if kind.startswith("complex"):
        a = (np.array(vals[:n]) + 1j * np.array(vals[n:])).astype(kind).reshape(shape)
    else:
        a = np.array(vals).astype(kind).reshape(shape)
    opts = {}
    if rng.random() < 0.4:
        opts["precision"] = int(rng.integers(0, 13))
    if rng.random() < 0.3:
        opts["sign"] = str(rng.choice(["+", " "]))
    want = np.array2string(a, separator=" ", **opts) if opts else str(a)
    c = {"name": "random-%03d" % i, "dtype": str(a.dtype), "shape": list(a.shape), "data": elems(a), "want": want}
    if opts:
        c["options"] = opts
    cases.append(c)
json.dump({"numpy": np.__version__, "cases": cases}, sys.stdout, indent=0)
sys.stdout.write("\n")
