#!/usr/bin/python3
"""The copy cases of main.go with NumPy and PyTorch, timed like main.go.

Each cell is the median of --runs timed runs after one warm-up run.
Bandwidth is 2 x output bytes / time in GB/s; Small-T2 is in ns per call.
Run with /usr/bin/python3 (Debian's python3-numpy and python3-torch).
Not part of CI; see README.md.
"""
import argparse
import json
import statistics
import sys
import time

import numpy as np

try:
    import torch
except ImportError as e:  # NumPy only
    torch = None
    TORCH_ERR = str(e)

# name, dtype, source shape, numpy view, torch view
CASES = [
    ("T2-f32", "float32", (8192, 8192), lambda a: a.T, lambda x: x.t()),
    ("T2-f64", "float64", (4096, 4096), lambda a: a.T, lambda x: x.t()),
    ("P3-f32", "float32", (256, 256, 256),
     lambda a: a.transpose(2, 0, 1), lambda x: x.permute(2, 0, 1)),
    ("NCHW-NHWC", "float32", (32, 64, 56, 56),
     lambda a: a.transpose(0, 2, 3, 1), lambda x: x.permute(0, 2, 3, 1)),
    ("Step2", "float32", (4096, 8192), lambda a: a[:, ::2], lambda x: x[:, ::2]),
    ("Bcast", "float32", (8192, 1),
     lambda a: np.broadcast_to(a, (8192, 8192)), lambda x: x.expand(8192, 8192)),
    ("HWC-CHW-3", "float32", (2048, 2048, 3),
     lambda a: a.transpose(2, 0, 1), lambda x: x.permute(2, 0, 1)),
    ("CHW-HWC-3", "float32", (3, 2048, 2048),
     lambda a: a.transpose(1, 2, 0), lambda x: x.permute(1, 2, 0)),
    ("HWC-CHW-4", "float32", (2048, 2048, 4),
     lambda a: a.transpose(2, 0, 1), lambda x: x.permute(2, 0, 1)),
    ("CHW-HWC-4", "float32", (4, 2048, 2048),
     lambda a: a.transpose(1, 2, 0), lambda x: x.permute(1, 2, 0)),
    ("Small-T2", "float32", (64, 64), lambda a: a.T, lambda x: x.t()),
]


def measure(f, runs, reps):
    f()
    ts = []
    for _ in range(runs):
        t0 = time.perf_counter()
        for _ in range(reps):
            f()
        ts.append(time.perf_counter() - t0)
    return statistics.median(ts)


def run_case(name, dtype, shape, npview, tview, runs):
    n = 1
    for d in shape:
        n *= d
    a = np.arange(n, dtype=dtype).reshape(shape)
    v = npview(a)
    want = np.ascontiguousarray(v)
    out_bytes = want.nbytes
    small = name == "Small-T2"
    reps = 1
    if small:
        reps = 20000

    def score(sec):
        if small:
            return sec / reps * 1e9
        return 2 * out_bytes / sec / 1e9

    vals = {}
    out = np.empty_like(want)
    vals["numpy_contig"] = score(measure(lambda: np.ascontiguousarray(npview(a)), runs, reps))
    vals["numpy_copyto"] = score(measure(lambda: np.copyto(out, npview(a)), runs, reps))
    assert np.array_equal(out, want), name
    src = want.copy()
    vals["numpy_copy"] = score(measure(lambda: np.copyto(out, src), runs, reps))
    del src
    if torch is not None:
        x = torch.from_numpy(a)
        tout = torch.empty(want.shape, dtype=x.dtype)
        for th in (1, 2):
            torch.set_num_threads(th)
            vals["torch%d_contig" % th] = score(measure(lambda: tview(x).contiguous(), runs, reps))
            vals["torch%d_copy_" % th] = score(measure(lambda: tout.copy_(tview(x)), runs, reps))
            assert np.array_equal(tout.numpy(), want), name
        torch.set_num_threads(1)
    return {"case": name, "unit": "ns" if small else "GB/s", "values": vals}


def fmt(x, unit):
    if x is None:
        return "N/A"
    return "%.0f ns" % x if unit == "ns" else "%.2f" % x


def main():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--cases", default="", help="comma-separated case names")
    p.add_argument("--runs", type=int, default=5)
    p.add_argument("--json", default="", help="also write results as JSON here")
    args = p.parse_args()
    sel = CASES
    if args.cases:
        want = [c.strip().lower() for c in args.cases.split(",")]
        sel = [c for c in CASES if c[0].lower() in want]
    results = []
    for c in sel:
        print("running %s ..." % c[0], file=sys.stderr)
        results.append(run_case(*c, runs=args.runs))

    cols = ["numpy_contig", "numpy_copyto", "torch1_contig", "torch1_copy_",
            "torch2_contig", "torch2_copy_", "numpy_copy"]
    heads = ["NumPy ascontiguousarray", "NumPy copyto(out)", "torch 1T .contiguous()",
             "torch 1T out.copy_()", "torch 2T .contiguous()", "torch 2T out.copy_()",
             "NumPy contiguous copy"]
    print("Python peers: GB/s (2 x output bytes / median time of %d runs), Small-T2 in ns/call."
          % args.runs)
    print("numpy %s, torch %s\n" % (np.__version__, torch.__version__ if torch else "not installed"))
    print("| case | " + " | ".join(heads) + " |")
    print("|---|" + "---:|" * len(heads))
    for r in results:
        print("| %s | %s |" % (r["case"], " | ".join(fmt(r["values"].get(k), r["unit"]) for k in cols)))
    if torch is None:
        print("\nPyTorch not run: %s" % TORCH_ERR)
    if args.json:
        meta = {"numpy": np.__version__, "torch": torch.__version__ if torch else None}
        with open(args.json, "w") as f:
            json.dump({"meta": meta, "results": results}, f, indent=2)


if __name__ == "__main__":
    main()
