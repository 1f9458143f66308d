#!/usr/bin/env python3
"""Writes einsum.json, the einsum fixtures of ops' TestEinsumNumPy.

Run from this directory with a Python that has NumPy (Debian's
python3-numpy):

    python3 gen_einsum.py

Each case is a spec, int64 operands (shape and values, row-major) drawn
from a fixed seed, and NumPy's result (shape and values). The Go tests
never run this script.
"""

import json

import numpy as np

rng = np.random.default_rng(20261129)

CASES = [
    ("ij,jk->ik", [(3, 4), (4, 5)]),
    ("ij,jk", [(2, 3), (3, 2)]),
    ("bij,bjk->bik", [(2, 3, 4), (2, 4, 2)]),
    ("ii->", [(4, 4)]),
    ("ii->i", [(3, 3)]),
    ("ii", [(3, 3)]),
    ("ij->ji", [(2, 3)]),
    ("ij->", [(3, 4)]),
    ("ij->j", [(3, 4)]),
    ("i,i->", [(5,), (5,)]),
    ("i,i", [(5,), (5,)]),
    ("i,j->ij", [(3,), (4,)]),
    ("...ij->...ji", [(2, 3, 4)]),
    ("...ij,...jk->...ik", [(2, 1, 3, 4), (5, 4, 2)]),
    ("ij,ij->ij", [(3, 1), (3, 4)]),
    ("ij,jk->ik", [(3, 1), (4, 2)]),
    ("ijk,jkl->il", [(2, 3, 4), (3, 4, 5)]),
    ("ij,jk,kl->il", [(2, 3), (3, 4), (4, 2)]),
    ("abc,cd,db->a", [(2, 3, 4), (4, 5), (5, 3)]),
    ("iij->j", [(3, 3, 4)]),
    ("bii->bi", [(2, 3, 3)]),
    ("ij,kl->ijkl", [(2, 2), (2, 3)]),
    ("i...,i...->...", [(3, 2, 2), (3, 2, 2)]),
    ("ba,ca->bc", [(4, 3), (2, 3)]),
]

out = []
for spec, shapes in CASES:
    ops = [rng.integers(-4, 5, size=s, dtype=np.int64) for s in shapes]
    r = np.asarray(np.einsum(spec, *ops))
    out.append({
        "spec": spec,
        "operands": [{"shape": list(o.shape), "values": o.ravel().tolist()} for o in ops],
        "shape": list(r.shape),
        "values": r.ravel().tolist(),
    })
with open("einsum.json", "w") as f:
    json.dump(out, f, indent=1)
