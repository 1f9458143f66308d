#!/usr/bin/python3
"""The matrix-product cases of matmul.go with NumPy and PyTorch (one thread).

GFLOP/s = 2*m*n*k / median time of --runs timed runs after one warm-up.
Run with /usr/bin/python3 (Debian's python3-numpy, with
libopenblas0-pthread installed NumPy uses OpenBLAS; python3-torch) and
OPENBLAS_CORETYPE and OPENBLAS_L2_SIZE unset, so that OpenBLAS picks its
kernels for the CPU. The BLAS each library uses is named in the JSON
notes. Not part of CI; see README.md.
"""
import argparse
import json
import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")
import numpy as np

from peers import measure, torch  # torch is None where it is missing

CASES = ["f32-64", "f32-256", "f32-1024", "f32-T-1024", "f64-64", "f64-256", "f64-1024", "f32-batch-4096x8x8"]


def blas_name():
    """The BLAS library mapped into this process (after NumPy's first call)."""
    for lib in ("openblas", "blis", "mkl"):
        if os.path.exists("/proc/self/maps") and lib in open("/proc/self/maps").read():
            return lib
    return "reference BLAS"


def main():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--runs", type=int, default=5)
    p.add_argument("--json", default="")
    args = p.parse_args()
    if torch is not None:
        torch.set_num_threads(1)
    out = []
    for name in CASES:
        dt, trans, batch = np.float32, False, 0
        if name.startswith("f64-"):
            dt, n = np.float64, int(name[4:])
        elif name.startswith("f32-T-"):
            trans, n = True, int(name[6:])
        elif name.startswith("f32-batch-"):
            batch, n = int(name[10:].split("x")[0]), 8
        else:
            n = int(name[4:])
        if batch:
            a = np.full((batch, 8, 8), 0.5, dt)
            b, c = a, np.empty_like(a)
        else:
            a = ((np.arange(n * n) % 7) * 0.25 - 0.5).astype(dt).reshape(n, n)
            b, c = a.copy(), np.empty((n, n), dt)
        av = a.T if trans else a
        flops = 2.0 * n * n * n * max(batch, 1)
        reps = max(1, int(2e8 / flops))
        vals = {"numpy": flops * reps / measure(lambda: np.matmul(av, b, out=c), args.runs, reps) / 1e9}
        if torch is not None:
            ta, tb, tc = torch.from_numpy(np.ascontiguousarray(a)), torch.from_numpy(b.copy()), torch.from_numpy(c)
            tav = ta.t() if trans else ta
            vals["torch1"] = flops * reps / measure(lambda: torch.matmul(tav, tb, out=tc), args.runs, reps) / 1e9
        out.append({"case": name, "unit": "GFLOP/s", "values": vals})
    notes = {"numpy_blas": blas_name()}
    if torch is not None:
        notes["torch_blas"] = "see torch.__config__.show(): " + ("mkl" if "MKL" in torch.__config__.show() else "openblas or other")
    print("NumPy %s, BLAS: %s" % (np.__version__, notes["numpy_blas"]))
    print("| case | NumPy | PyTorch 1T |")
    print("|---|---:|---:|")
    for r in out:
        v = r["values"]
        print("| %s | %.1f | %s |" % (r["case"], v["numpy"], "%.1f" % v["torch1"] if "torch1" in v else "N/A"))
    if args.json:
        json.dump({"results": out, "notes": notes}, open(args.json, "w"), indent=2)


if __name__ == "__main__":
    main()
