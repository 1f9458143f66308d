#!/usr/bin/python3
"""The reduction cases of reduce.go with NumPy and PyTorch (one thread).

float32 [4096,4096] unless the name says otherwise; each cell is the median
of --runs timed runs after one warm-up; GB/s = bytes of the input read.
The contestants of a case are timed in interleaved rounds (one run of each
per round, in an order that rotates from round to round), so that drift in
the machine's bandwidth, and the state one call leaves the next, hit all
alike.
Every result is checked against a float64 reference (sums) or NumPy's
(max, argmax). With --tessera LIB (a build of this directory with -tags
inproc -buildmode=c-shared, as reduce.sh makes it), Tessera on one goroutine
and the plain Go loop join the rounds in this process, on NumPy's buffers.
Run with /usr/bin/python3 (Debian's python3-numpy and python3-torch).
Not part of CI; see README.md.
"""
import argparse
import ctypes
import json
import statistics
import time

import numpy as np

from peers import torch  # torch is None where it is missing


def main():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--runs", type=int, default=5)
    p.add_argument("--json", default="")
    p.add_argument("--tessera", default="", help="the inproc shared library")
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
    # Short rows: the first elements of a as rows of 10 and 100.
    a10 = a.reshape(-1)[:n * n // 10 * 10].reshape(-1, 10)
    a100 = a.reshape(-1)[:n * n // 100 * 100].reshape(-1, 100)
    out10 = np.empty(a10.shape[0], dtype=np.float32)
    out100 = np.empty(a100.shape[0], dtype=np.float32)
    rows10, rows100 = a10.astype(np.float64).sum(axis=1), a100.astype(np.float64).sum(axis=1)
    var, var0 = a64.var(axis=1), a64.var(axis=0)
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
        ("Sum-last-n10", a10.nbytes, rows10, lambda: np.sum(a10, axis=1, out=out10),
         lambda t: torch.sum(t["a10"], 1, out=t["out10"])),
        ("Sum-last-n100", a100.nbytes, rows100, lambda: np.sum(a100, axis=1, out=out100),
         lambda t: torch.sum(t["a100"], 1, out=t["out100"])),
        ("Var-last", b32, var, lambda: np.var(a, axis=1, out=out),
         lambda t: torch.var(t["a"], 1, unbiased=False, out=t["out"])),
        ("Var-first", b32, var0, lambda: np.var(a, axis=0, out=out),
         lambda t: torch.var(t["a"], 0, unbiased=False, out=t["out"])),
    ]
    ops = {}
    if torch is not None:
        torch.set_num_threads(1)
        ops = {k: torch.from_numpy(v) for k, v in
               (("a", a), ("a64", a64), ("out", out), ("out64", out64), ("iout", iout),
                ("a10", a10), ("a100", a100), ("out10", out10), ("out100", out100))}

    def check(who, name, got, want):
        got = np.asarray(got)
        if name in ("Max-last", "ArgMax-last"):
            ok = np.array_equal(got, want)
        else:
            rel = 1e-12 if name.endswith("f64") else 1e-4 if name.startswith("Var-") else 1e-5
            ok = np.allclose(got, want, rtol=rel, atol=rel)
        if not ok:
            raise SystemExit("reduce.py: %s %s: wrong result" % (who, name))

    lib = None
    if args.tessera:
        lib = ctypes.CDLL(args.tessera)
        lib.tessera_select.argtypes = [ctypes.c_char_p]
        if lib.tessera_setup(ctypes.c_void_p(a.ctypes.data), ctypes.c_void_p(a64.ctypes.data), ctypes.c_long(n)):
            raise SystemExit("reduce.py: tessera_setup failed")
        lib.tessera_parallelism(1)

    def tessera(loop):
        if lib.tessera_run(loop):
            raise SystemExit("reduce.py: tessera_run failed")

    results = []
    for name, nbytes, want, npf, tf in cases:
        r = {"case": name, "unit": "GB/s", "values": {}}
        check("NumPy", name, npf(), want)
        runners = {"numpy": npf}
        if torch is not None:
            check("PyTorch", name, tf(ops).numpy(), want)
            runners["torch1"] = lambda: tf(ops)
        if lib is not None:
            if lib.tessera_select(name.encode()) or lib.tessera_check():
                raise SystemExit("reduce.py: Tessera %s: wrong result or error" % name)
            runners["tessera1"] = lambda: tessera(0)
            runners["loop"] = lambda: tessera(1)
        times = {k: [] for k in runners}
        for f in runners.values():
            f()  # warm-up
        # The order rotates from round to round, so that each contestant
        # follows each other one as often: what runs just before a call
        # changes its speed (after a compute-bound loop, such as the Go
        # loop of Max, a streaming call ran at half speed on an Intel Xeon
        # for its first milliseconds).
        order = list(runners.items())
        for rnd in range(args.runs):
            for k, f in order[rnd % len(order):] + order[:rnd % len(order)]:
                t0 = time.perf_counter()
                f()
                times[k].append(time.perf_counter() - t0)
        for k, ts in times.items():
            r["values"][k] = nbytes / statistics.median(ts) / 1e9
        if name == "Sum-all":
            errs = ["NumPy %.1e" % (abs(float(npf()) - total) / total)]
            if torch is not None:
                errs.append("PyTorch %.1e" % (abs(float(tf(ops)) - total) / total))
            r["note"] = "Sum-all relative error: " + ", ".join(errs)
        results.append(r)
    print("NumPy %s, torch %s (1 thread): GB/s of the input read\n" % (
        np.__version__, torch.__version__ if torch else "not installed"))
    cols = [("tessera1", "Tessera 1T"), ("numpy", "NumPy"), ("torch1", "PyTorch 1T"), ("loop", "Go loop")]
    print("| case | " + " | ".join(c[1] for c in cols) + " |")
    print("|---|" + "---:|" * len(cols))
    for r in results:
        v = r["values"]
        print("| %s | %s |" % (r["case"], " | ".join("%.2f" % v[k] if k in v else "N/A" for k, _ in cols)))
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
