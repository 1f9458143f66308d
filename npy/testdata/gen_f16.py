#!/usr/bin/env python3
"""Writes the float16 fixtures that npy's tests read.

Run from this directory with a Python that has NumPy (Debian's
python3-numpy):

    python3 gen_f16.py

f2_all.npy holds every one of the 65536 float16 bit patterns as '<f2', and
f2_all_f4.npy the same values converted by NumPy to float32 (exact, NaN
payloads included): Load[float32] of the first must give the second bit
for bit. f2_be.npy is a big-endian '>f2' array in Fortran order, and
f2_be_f8.npy its values as float64.

f4_to_f2_in.npy holds float32 values (ties, the edges of the subnormal and
normal ranges, overflow, NaN payloads, random bit patterns) and
f4_to_f2_bits.npy NumPy's float16 of each, as its bits in '<u2'; the
f8_ pair the same for float64. The Go tests never run this script.
"""

import numpy as np

rng = np.random.default_rng(20261129)

allbits = np.arange(65536, dtype=np.uint32).astype(np.uint16)
halves = allbits.view(np.float16)
np.save("f2_all.npy", halves)
np.save("f2_all_f4.npy", halves.astype(np.float32))

be = (np.arange(12, dtype=np.float16) * np.float16(-0.3)).reshape(3, 4)
be = np.asfortranarray(be.astype(">f2"))
np.save("f2_be.npy", be)
np.save("f2_be_f8.npy", np.ascontiguousarray(be.astype(np.float64)))


def edge_values(ftype, itype, bits):
    """Values around every float16 boundary and tie, and random patterns."""
    h = allbits.view(np.float16)
    finite = h[np.isfinite(h)].astype(np.float64)
    finite = np.unique(finite)
    # Every value near zero (the subnormals and the first normals), those
    # near the largest, and a random sample of the rest.
    keep = (np.abs(finite) < 2.0**-12) | (np.abs(finite) > 60000)
    keep[rng.choice(len(finite), size=1500, replace=False)] = True
    finite = finite[keep]
    mids = (finite[:-1] + finite[1:]) / 2  # ties where neighbours were kept
    vals = np.concatenate([
        finite, mids,
        np.nextafter(mids, np.inf), np.nextafter(mids, -np.inf),
        [65504.0, 65519.99, 65520.0, 65536.0, 1e10, -65520.0, 2.0**-24,
         2.0**-25, 2.0**-25 * 1.0000001, 2.0**-26, 2.0**-14, 2.0**-14 * (1 - 2.0**-12),
         0.0, -0.0, np.inf, -np.inf, 1e-30, -1e-30],
    ]).astype(ftype)
    # NaNs with payloads, high and low bits.
    nan_bits = np.array([0x7FC00000, 0x7F800001, 0xFFC00001, 0x7FFFFFFF, 0x7F802000, 0x7FA00000],
                        dtype=np.uint32)
    if ftype == np.float64:
        nan_bits = np.array([0x7FF8000000000000, 0x7FF0000000000001, 0xFFF8000000000001,
                             0x7FFFFFFFFFFFFFFF, 0x7FF0040000000000, 0x7FF4000000000000], dtype=np.uint64)
    nans = nan_bits.view(ftype)
    rand = rng.integers(0, 2**bits, size=3000, dtype=np.uint64).astype(itype).view(ftype)
    out = np.concatenate([vals, nans, rand]).astype(ftype)
    return out


for name, ftype, itype, bits in [("f4", np.float32, np.uint32, 32), ("f8", np.float64, np.uint64, 64)]:
    x = edge_values(ftype, itype, bits)
    with np.errstate(over="ignore", under="ignore", invalid="ignore"):
        h = x.astype(np.float16)
    np.save(name + "_to_f2_in.npy", x)
    np.save(name + "_to_f2_bits.npy", h.view("<u2"))
