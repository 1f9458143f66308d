#!/usr/bin/python3
"""The cases of ops' BenchmarkComputeStrided with NumPy and PyTorch (one
thread): elementwise operations on strided views of small and mid-size
float32 matrices, each beside the same operation on contiguous ones.

For n in 16, 64, 127, 256: Add-T is out = a + b.T, Add-dstT out.T = a + b,
Add-step2 out = a + w[:, ::2], Add-flip out = a + b[:, ::-1], Neg-T
out = -b.T, Convert-T-f64 out64 = b.T as float64. Each cell is GB/s (bytes
read + written), the median of --runs timed runs of many calls after one
warm-up, and x-flat the ratio to the contiguous case of the same operation
(below 1: slower). Run with /usr/bin/python3 (Debian's python3-numpy and
python3-torch). Not part of CI; see README.md.
"""
import argparse

import numpy as np

from peers import measure, torch  # torch is None where it is missing


def cases(lib, n):
    """Returns (name, bytes, strided, contiguous) for library lib."""
    a = (np.arange(n * n, dtype=np.float32) % 1000 * 0.5).reshape(n, n)
    b, out = a.copy(), np.empty_like(a)
    w = np.concatenate([a, a], axis=1)
    out64 = np.empty((n, n), dtype=np.float64)
    add, neg = np.add, np.negative
    big, two = 3 * n * n * 4, 2 * n * n * 4
    if lib == "numpy":
        return [
            ("Add-T", big, lambda: add(a, b.T, out=out), lambda: add(a, b, out=out)),
            ("Add-dstT", big, lambda: add(a, b, out=out.T), lambda: add(a, b, out=out)),
            ("Add-step2", big, lambda: add(a, w[:, ::2], out=out), lambda: add(a, b, out=out)),
            ("Add-flip", big, lambda: add(a, b[:, ::-1], out=out), lambda: add(a, b, out=out)),
            ("Neg-T", two, lambda: neg(b.T, out=out), lambda: neg(b, out=out)),
            ("Convert-T-f64", 12 * n * n, lambda: np.copyto(out64, b.T), lambda: np.copyto(out64, b)),
        ]
    ta, tb, tout, tw, tout64 = (torch.from_numpy(v) for v in (a, b, out, w, out64))
    tflip = tb.flip(1)  # a copy in PyTorch: flip is not a view there
    return [
        ("Add-T", big, lambda: torch.add(ta, tb.t(), out=tout), lambda: torch.add(ta, tb, out=tout)),
        ("Add-dstT", big, lambda: tout.t().copy_(ta + tb), lambda: torch.add(ta, tb, out=tout)),
        ("Add-step2", big, lambda: torch.add(ta, tw[:, ::2], out=tout), lambda: torch.add(ta, tb, out=tout)),
        ("Add-flip", big, lambda: torch.add(ta, tb.flip(1), out=tout), lambda: torch.add(ta, tb, out=tout)),
        ("Neg-T", two, lambda: torch.neg(tb.t(), out=tout), lambda: torch.neg(tb, out=tout)),
        ("Convert-T-f64", 12 * n * n, lambda: tout64.copy_(tb.t()), lambda: tout64.copy_(tb)),
    ]


def main():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--runs", type=int, default=5)
    args = p.parse_args()
    libs = ["numpy"]
    if torch is not None:
        torch.set_num_threads(1)
        libs.append("torch")
    print("NumPy %s, torch %s (1 thread); GB/s and x-flat (strided over contiguous)\n" % (
        np.__version__, torch.__version__ if torch else "not installed"))
    print("| case | n | " + " | ".join("%s GB/s | %s x-flat" % (l, l) for l in libs) + " |")
    print("|---|---:|" + "---:|---:|" * len(libs))
    for n in (16, 64, 127, 256):
        rows = {}
        for lib in libs:
            for name, nbytes, f, flat in cases(lib, n):
                reps = max(1, 2_000_000 // (n * n))
                ts, tf = measure(f, args.runs, reps) / reps, measure(flat, args.runs, reps) / reps
                rows.setdefault(name, []).append((nbytes / ts / 1e9, tf / ts))
        for name, vals in rows.items():
            print("| %s | %d | " % (name, n) + " | ".join("%.2f | %.2f" % v for v in vals) + " |")


if __name__ == "__main__":
    main()
