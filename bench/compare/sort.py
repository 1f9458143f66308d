#!/usr/bin/python3
"""The sort cases of sort.go with NumPy and PyTorch (one thread), the
allocating forms, in ms per call (median of --runs timed runs after one
warm-up): np.sort, np.argsort(kind="stable"), torch.sort, torch.argsort(
stable=True). Run with /usr/bin/python3 (Debian's python3-numpy and
python3-torch). Not part of CI; see README.md.
"""
import argparse
import json
import os

os.environ.setdefault("OMP_NUM_THREADS", "1")
import numpy as np

from peers import measure, torch  # torch is None where it is missing

CASES = ["sort-f32", "sort-f64", "sort-i32", "sort-i64", "argsort-f32", "topk10-f32", "median-f32", "rows-4096x256", "cols-4096x256",
         "unique-i64-1000", "unique-f32", "searchsorted-f32"]


def np_topk(a, k):
    i = np.argpartition(-a, k)[:k]
    return i[np.argsort(-a[i], kind="stable")]


def main():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--runs", type=int, default=5)
    p.add_argument("--json", default="")
    args = p.parse_args()
    n = 1 << 20
    rng = np.random.default_rng(53)
    f32 = rng.standard_normal(n).astype(np.float32)
    f64 = rng.standard_normal(n)
    i32 = rng.integers(-2**31, 2**31, n, dtype=np.int64).astype(np.int32)
    i64 = rng.integers(-2**63, 2**63 - 1, n, dtype=np.int64)
    m = rng.standard_normal((4096, 256)).astype(np.float32)
    small = rng.integers(0, 1000, n, dtype=np.int64)
    srt = np.sort(f32)
    np_cases = {
        "sort-f32": lambda: np.sort(f32), "sort-f64": lambda: np.sort(f64), "sort-i32": lambda: np.sort(i32),
        "sort-i64": lambda: np.sort(i64), "argsort-f32": lambda: np.argsort(f32, kind="stable"),
        "topk10-f32": lambda: np_topk(f32, 10), "median-f32": lambda: np.median(f32),
        "rows-4096x256": lambda: np.sort(m, axis=1), "cols-4096x256": lambda: np.sort(m, axis=0),
        "unique-i64-1000": lambda: np.unique(small), "unique-f32": lambda: np.unique(f32),
        "searchsorted-f32": lambda: np.searchsorted(srt, f32),
    }
    if torch is not None:
        torch.set_num_threads(1)
        t = {k: torch.from_numpy(v) for k, v in [("f32", f32), ("f64", f64), ("i32", i32), ("i64", i64), ("m", m),
                                                 ("small", small), ("srt", srt)]}
        t_cases = {
            "sort-f32": lambda: torch.sort(t["f32"]), "sort-f64": lambda: torch.sort(t["f64"]),
            "sort-i32": lambda: torch.sort(t["i32"]), "sort-i64": lambda: torch.sort(t["i64"]),
            "argsort-f32": lambda: torch.argsort(t["f32"], stable=True),
            "topk10-f32": lambda: torch.topk(t["f32"], 10), "median-f32": lambda: torch.median(t["f32"]),
            "rows-4096x256": lambda: torch.sort(t["m"], 1), "cols-4096x256": lambda: torch.sort(t["m"], 0),
            "unique-i64-1000": lambda: torch.unique(t["small"]), "unique-f32": lambda: torch.unique(t["f32"]),
            "searchsorted-f32": lambda: torch.searchsorted(t["srt"], t["f32"]),
        }
    out = []
    for name in CASES:
        vals = {"numpy": 1e3 * measure(np_cases[name], args.runs, 1)}
        if torch is not None:
            vals["torch1"] = 1e3 * measure(t_cases[name], args.runs, 1)
        out.append({"case": name, "unit": "ms", "values": vals})
    print("NumPy %s" % np.__version__)
    print("| case | NumPy | PyTorch 1T |")
    print("|---|---:|---:|")
    for r in out:
        v = r["values"]
        print("| %s | %.2f | %s |" % (r["case"], v["numpy"], "%.2f" % v["torch1"] if "torch1" in v else "N/A"))
    if args.json:
        json.dump({"results": out}, open(args.json, "w"), indent=2)


if __name__ == "__main__":
    main()
