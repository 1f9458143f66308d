#!/usr/bin/python3
"""The reduction cases of reduce.go with NumPy and PyTorch (one thread).

float32 [4096,4096] unless the name says otherwise; each cell is the median
of --runs timed runs after one warm-up; GB/s = bytes of the input read.
Every result is checked against a float64 reference (sums) or NumPy's
(max, argmax). Run with /usr/bin/python3 (Debian's python3-numpy and
python3-torch). Not part of CI; see README.md.
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
    n = 4096
    a = (np.arange(n * n, dtype=np.float32) % 1000 * 0.5).reshape(n, n)
    a64 = a.astype(np.float64)
    out = np.empty(n, dtype=np.float32)
    out64 = np.empty(n, dtype=np.float64)
    iout = np.empty(n, dtype=np.int64)
    b32, b64 = n * n * 4, n * n * 8
    # References: exact float64 sums (every partial sum is a multiple of 0.5
    # below 2^53), NumPy's max and argmax.
    rows, cols, total = a64.sum(axis=1), a64.sum(axis=0), a64.sum()
    mx, amx = a.max(axis=1), a.argmax(axis=1)
    # name, bytes read, reference, NumPy, PyTorch (given its operands)
    cases = [
        ("Sum-last", b32, rows, lambda: np.sum(a, axis=1, out=out),
         lambda t: torch.sum(t["a"], 1, out=t["out"])),
        ("Sum-first", b32, cols, lambda: np.sum(a, axis=0, out=out),
         lambda t: torch.sum(t["a"], 0, out=t["out"])),
        ("Sum-last-T", b32, cols, lambda: np.sum(a.T, axis=1, out=out),
         lambda t: torch.sum(t["a"].t(), 1, out=t["out"])),
        ("Sum-all", b32, total, lambda: a.sum(), lambda t: t["a"].sum()),
        ("Max-last", b32, mx, lambda: np.max(a, axis=1, out=out),
         lambda t: torch.amax(t["a"], 1, out=t["out"])),
        ("ArgMax-last", b32, amx, lambda: np.argmax(a, axis=1, out=iout),
         lambda t: torch.argmax(t["a"], 1, out=t["iout"])),
        ("Mean-first-f64", b64, cols / n, lambda: np.mean(a64, axis=0, out=out64),
         lambda t: torch.mean(t["a64"], 0, out=t["out64"])),
    ]
    ops = {}
    if torch is not None:
        torch.set_num_threads(1)
        ops = {k: torch.from_numpy(v) for k, v in
               (("a", a), ("a64", a64), ("out", out), ("out64", out64), ("iout", iout))}

    def check(who, name, got, want):
        got = np.asarray(got)
        if name in ("Max-last", "ArgMax-last"):
            ok = np.array_equal(got, want)
        else:
            rel = 1e-12 if name.endswith("f64") else 1e-5
            ok = np.allclose(got, want, rtol=rel, atol=rel)
        if not ok:
            raise SystemExit("reduce.py: %s %s: wrong result" % (who, name))

    results = []
    for name, nbytes, want, npf, tf in cases:
        r = {"case": name, "unit": "GB/s", "values": {}}
        r["values"]["numpy"] = nbytes / measure(npf, args.runs, 1) / 1e9
        check("NumPy", name, npf(), want)
        if torch is not None:
            r["values"]["torch1"] = nbytes / measure(lambda: tf(ops), args.runs, 1) / 1e9
            check("PyTorch", name, tf(ops).numpy(), want)
        if name == "Sum-all":
            errs = ["NumPy %.1e" % (abs(float(npf()) - total) / total)]
            if torch is not None:
                errs.append("PyTorch %.1e" % (abs(float(tf(ops)) - total) / total))
            r["note"] = "Sum-all relative error: " + ", ".join(errs)
        results.append(r)
    print("NumPy %s, torch %s (1 thread): GB/s of the input read\n" % (
        np.__version__, torch.__version__ if torch else "not installed"))
    print("| case | NumPy | PyTorch 1T |")
    print("|---|---:|---:|")
    for r in results:
        v = r["values"]
        print("| %s | %.2f | %s |" % (r["case"], v["numpy"], "%.2f" % v["torch1"] if "torch1" in v else "N/A"))
    notes = [r["note"] for r in results if "note" in r]
    if notes:
        print()
        for s in notes:
            print("- " + s)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=2)


if __name__ == "__main__":
    main()
