#!/usr/bin/python3
"""The mask cases of mask.go with NumPy and PyTorch (one thread), the
allocating forms, float32 [4096,4096] and a bool mask of half true
elements: GB/s = bytes read plus written (mask.go's maskBytes) / median
time of --runs timed runs after one warm-up. Run with /usr/bin/python3
(Debian's python3-numpy and python3-torch). Not part of CI; see README.md.
"""
import argparse
import json
import os

os.environ.setdefault("OMP_NUM_THREADS", "1")
import numpy as np

from peers import measure, torch  # torch is None where it is missing

CASES = ["gt", "gt-T", "where", "clip", "masked", "take-rows", "count", "nansum", "softmax",
         "take-1d", "take-along", "scatter-add", "take-cols", "fill"]
IDX_N, ALONG_W, COLS_N = 1 << 20, 256, 1024  # mask.go's idxN, alongW and colsN


def mask_bytes(name, n, sel):
    e = float(n * n)
    return {"gt": 9 * e, "gt-T": 9 * e, "where": 13 * e, "clip": 8 * e,
            "masked": 5 * e + 4 * sel, "take-rows": 8 * e, "softmax": 8 * e, "nansum": 4 * e,
            "take-1d": IDX_N * 16.0, "take-along": n * ALONG_W * 16.0, "scatter-add": IDX_N * 20.0,
            "take-cols": n * COLS_N * 8.0, "fill": 9 * e}.get(name, e)


def main():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--runs", type=int, default=5)
    p.add_argument("--json", default="")
    args = p.parse_args()
    n = 4096
    a = ((np.arange(n * n) % 1000) * 0.5).astype(np.float32).reshape(n, n)
    b = a.copy()
    rng = np.random.default_rng(52)
    m = rng.integers(0, 2, (n, n)).astype(bool)
    sel = int(m.sum())
    idx = rng.integers(0, n, n)
    an = a.copy()  # every seventh element NaN
    an.ravel()[::7] = np.nan

    flat = a.ravel()
    idx1 = rng.integers(0, n * n, IDX_N)
    narrow = a[:, :ALONG_W].copy()
    idx2 = rng.integers(0, ALONG_W, (n, ALONG_W))
    cols = rng.integers(0, n, COLS_N)

    def np_fill():
        an[m] = 1
    acc, add, at = np.zeros(IDX_N, np.float32), np.ones(IDX_N, np.float32), rng.integers(0, IDX_N, IDX_N)

    def np_softmax(x):
        e = np.exp(x - x.max(-1, keepdims=True))
        return e / e.sum(-1, keepdims=True)
    np_cases = {
        "gt": lambda: a > b, "gt-T": lambda: a.T > b, "where": lambda: np.where(m, a, b),
        "clip": lambda: np.clip(a, 100, 300), "masked": lambda: a[m], "take-rows": lambda: a[idx],
        "count": lambda: np.count_nonzero(m), "nansum": lambda: np.nansum(an), "softmax": lambda: np_softmax(a),
        "take-1d": lambda: np.take(flat, idx1), "take-along": lambda: np.take_along_axis(narrow, idx2, 1),
        "scatter-add": lambda: np.add.at(acc, at, add),
        "take-cols": lambda: a[:, cols], "fill": np_fill,
    }
    out = []
    if torch is not None:
        torch.set_num_threads(1)
        ta, tb, tm, ti = torch.from_numpy(a), torch.from_numpy(b), torch.from_numpy(m), torch.from_numpy(idx)
        tan = torch.from_numpy(an)
        tflat, ti1, tnarrow, ti2 = torch.from_numpy(flat), torch.from_numpy(idx1), torch.from_numpy(narrow), torch.from_numpy(idx2)
        tacc, tadd, tat = torch.from_numpy(acc.copy()), torch.from_numpy(add), torch.from_numpy(at)
        tcols, tfill = torch.from_numpy(cols), torch.from_numpy(an.copy())
        t_cases = {
            "gt": lambda: ta > tb, "gt-T": lambda: ta.t() > tb, "where": lambda: torch.where(tm, ta, tb),
            "clip": lambda: torch.clamp(ta, 100, 300), "masked": lambda: ta[tm], "take-rows": lambda: ta[ti],
            "count": lambda: torch.count_nonzero(tm), "nansum": lambda: torch.nansum(tan),
            "softmax": lambda: torch.softmax(ta, -1),
            "take-1d": lambda: tflat[ti1], "take-along": lambda: torch.gather(tnarrow, 1, ti2),
            "scatter-add": lambda: tacc.scatter_add_(0, tat, tadd),
            "take-cols": lambda: ta[:, tcols], "fill": lambda: tfill.masked_fill_(tm, 1),
        }
    for name in CASES:
        nb = mask_bytes(name, n, sel)
        vals = {"numpy": nb / measure(np_cases[name], args.runs, 1) / 1e9}
        if torch is not None:
            vals["torch1"] = nb / measure(t_cases[name], args.runs, 1) / 1e9
        out.append({"case": name, "unit": "GB/s", "values": vals})
    print("NumPy %s" % np.__version__)
    print("| case | NumPy | PyTorch 1T |")
    print("|---|---:|---:|")
    for r in out:
        v = r["values"]
        print("| %s | %.1f | %s |" % (r["case"], v["numpy"], "%.1f" % v["torch1"] if "torch1" in v else "N/A"))
    if args.json:
        json.dump({"results": out}, open(args.json, "w"), indent=2)


if __name__ == "__main__":
    main()
