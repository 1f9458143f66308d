#!/usr/bin/python3
"""The compute cases of compute.go with NumPy and PyTorch (one thread).

float32 [4096,4096] unless the name says otherwise; each cell is the median
of --runs timed runs after one warm-up; GB/s = bytes read + bytes written,
Add-small in microseconds per call. Run with /usr/bin/python3 (Debian's
python3-numpy and python3-torch). Not part of CI; see README.md.
"""
import argparse
import json

import numpy as np

from peers import measure, torch  # torch is None where it is missing


def main():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--runs", type=int, default=5)
    p.add_argument("--json", default="")
    args = p.parse_args()
    n, m = 4096, 256
    a = (np.arange(n * n, dtype=np.float32) % 1000 * 0.5).reshape(n, n)
    b = a.copy()
    bias = a[0].copy()
    out = np.empty_like(a)
    out64 = np.empty((n, n), dtype=np.float64)
    sa = a[:m, :m].copy()
    sb = sa.copy()
    sout = np.empty_like(sa)
    big = 3 * n * n * 4
    cases = [
        ("Add", big, lambda: np.add(a, b, out=out)),
        ("Add-T", big, lambda: np.add(a, b.T, out=out)),
        ("Add-bias", 2 * n * n * 4 + n * 4, lambda: np.add(a, bias, out=out)),
        ("Add-alloc", big, lambda: a + b),
        ("Cast", n * n * 12, lambda: np.copyto(out64, a)),
        ("Add-small", 0, lambda: np.add(sa, sb, out=sout)),
    ]
    tcases = {}
    if torch is not None:
        torch.set_num_threads(1)
        ta, tb, tbias, tout = (torch.from_numpy(v) for v in (a, b, bias, out))
        tout64 = torch.from_numpy(out64)
        tsa, tsb, tsout = (torch.from_numpy(v) for v in (sa, sb, sout))
        tcases = {
            "Add": lambda: torch.add(ta, tb, out=tout),
            "Add-T": lambda: torch.add(ta, tb.t(), out=tout),
            "Add-bias": lambda: torch.add(ta, tbias, out=tout),
            "Add-alloc": lambda: ta + tb,
            "Cast": lambda: tout64.copy_(ta),
            "Add-small": lambda: torch.add(tsa, tsb, out=tsout),
        }
    results = []
    for name, nbytes, f in cases:
        small = nbytes == 0
        reps = 1000 if small else 1
        score = (lambda s: s * 1e6) if small else (lambda s: nbytes / s / 1e9)
        vals = {"numpy": score(measure(f, args.runs, reps) / reps)}
        if name in tcases:
            vals["torch1"] = score(measure(tcases[name], args.runs, reps) / reps)
        results.append({"case": name, "unit": "µs" if small else "GB/s", "values": vals})
    print("NumPy %s, torch %s (1 thread): GB/s, Add-small in µs per call\n" % (
        np.__version__, torch.__version__ if torch else "not installed"))
    print("| case | NumPy | PyTorch 1T |")
    print("|---|---:|---:|")
    for r in results:
        v = r["values"]
        print("| %s | %.2f | %s |" % (r["case"], v["numpy"], "%.2f" % v["torch1"] if "torch1" in v else "N/A"))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=2)


if __name__ == "__main__":
    main()
