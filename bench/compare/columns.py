"""columns.py times NumPy's and PyTorch's (one thread) float32 sums down the
columns of narrow matrices, the shapes of ops' BenchmarkReduceColumns, and
prints GB/s of input read (median of 5 batches). Tessera is timed by that
benchmark in its own process: compare the two as a guide, not in one run.

    /usr/bin/python3 columns.py
"""
import numpy as np, time
try:
    import torch
    torch.set_num_threads(1)
except Exception:
    torch = None
for (n, c) in [(400000, 3), (240000, 5), (100000, 10), (100000, 15), (100000, 16), (50000, 32), (20000, 100), (8000, 128)]:
    a = (np.arange(n * c, dtype=np.float32) % 1000 * 0.5).reshape(n, c)
    def tm(f, reps=50):
        f()
        best = []
        for _ in range(5):
            t = time.perf_counter()
            for _ in range(reps):
                f()
            best.append((time.perf_counter() - t) / reps)
        best.sort()
        return a.nbytes / best[2] / 1e9
    out = np.empty(c, dtype=np.float32)
    r = [tm(lambda: np.sum(a, axis=0, out=out))]
    if torch is not None:
        t = torch.from_numpy(a)
        o = torch.empty(c)
        r.append(tm(lambda: torch.sum(t, 0, out=o)))
    print(n, c, " ".join("%.1f" % x for x in r))
