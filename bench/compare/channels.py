"""channels.py times NumPy's np.copyto(out, view) and PyTorch's (one
thread) out.copy_(view) on the cases of tensor's BenchmarkChannels:
images of 2048x2048 pixels, float32 and uint8, moved between
channels-last [H,W,C] and channels-first [C,H,W] order into a
preallocated array, and prints GB/s of bytes read and written (twice the
output's bytes; median of 7 runs after a warm-up). Tessera is timed by
that benchmark in its own process: compare the two as a guide, not in
one run.

    /usr/bin/python3 channels.py
"""
import time

import numpy as np

try:
    import torch
    torch.set_num_threads(1)
except Exception:
    torch = None


def med(f, runs=7):
    f()
    ts = []
    for _ in range(runs):
        t = time.perf_counter()
        f()
        ts.append(time.perf_counter() - t)
    ts.sort()
    return ts[len(ts) // 2]


print("case                      NumPy   PyTorch 1T   (GB/s)")
for dt, counts in [(np.float32, (2, 3, 4, 6, 8)), (np.uint8, (3, 4))]:
    for c in counts:
        for name, shape, perm in [("HWC-CHW", (2048, 2048, c), (2, 0, 1)),
                                  ("CHW-HWC", (c, 2048, 2048), (1, 2, 0))]:
            a = (np.arange(np.prod(shape)) % 101).astype(dt).reshape(shape)
            out = np.empty(a.transpose(perm).shape, dtype=dt)
            moved = 2 * a.nbytes
            r = [moved / med(lambda: np.copyto(out, a.transpose(perm))) / 1e9]
            if torch is not None:
                x = torch.from_numpy(a)
                o = torch.empty(out.shape, dtype=x.dtype)
                r.append(moved / med(lambda: o.copy_(x.permute(*perm))) / 1e9)
            print("%-8s %dB C=%-2d %12s" % (name, a.itemsize, c, "  ".join("%8.2f" % v for v in r)))
