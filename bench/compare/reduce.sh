#!/bin/sh
# reduce.sh runs the reduction cases in Go (main.go -reduce, for Tessera on
# two goroutines) and in Python (reduce.py, with Tessera on one goroutine and
# the Go loop loaded into the same process as NumPy and PyTorch through a
# c-shared build of this directory, so all four are timed on the same buffers
# in interleaved rounds) and prints one merged markdown table. Needs cgo (a C
# compiler) for the shared library. Not part of CI.
#
#   ./reduce.sh [-runs 5]
set -eu
cd "$(dirname "$0")"
PY=${PY:-/usr/bin/python3}
runs=5
if [ $# -ge 2 ] && [ "$1" = "-runs" ]; then runs=$2; fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/compare" .
go build -tags inproc -buildmode=c-shared -o "$tmp/libtessera.so" .
"$tmp/compare" -reduce -runs "$runs" -json "$tmp/go.json" >"$tmp/go.md"
"$PY" reduce.py --runs "$runs" --tessera "$tmp/libtessera.so" --json "$tmp/py.json" >"$tmp/py.md"
"$PY" - "$tmp" "$runs" <<'PYEOF'
import json, subprocess, sys
tmp, runs = sys.argv[1], sys.argv[2]
g = {r["case"]: r for r in json.load(open(tmp + "/go.json"))}
p = {r["case"]: r for r in json.load(open(tmp + "/py.json"))}
cpu = next((l.split(":", 1)[1].strip() for l in subprocess.run(["lscpu"], capture_output=True, text=True).stdout.splitlines()
            if l.startswith("Model name")), "?")
print("CPU: %s; median of %s runs; GB/s = bytes of the input read; 1T, NumPy, PyTorch and Go loop timed\n"
      "in one process on NumPy's buffers, interleaved; 2T in the Go process\n" % (cpu, runs))
print("| case | Tessera 1T | Tessera 2T | NumPy | PyTorch 1T | Go loop | 1T / NumPy | 1T / PyTorch 1T | 1T / Go loop |")
print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
def f(v):
    return "N/A" if v is None else "%.2f" % v
for name, r in g.items():
    v, q = r["values"], p.get(name, {"values": {}})["values"]
    t1, np_, th, lp = q.get("tessera1"), q.get("numpy"), q.get("torch1"), q.get("loop")
    def ratio(o):
        return "—" if t1 is None or o is None else "%.2fx" % (t1 / o)
    print("| %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (name, f(t1), f(v.get("tessera2")), f(np_), f(th),
          f(lp), ratio(np_), ratio(th), ratio(lp)))
notes = [r["note"] for r in list(g.values()) + list(p.values()) if r.get("note")]
if notes:
    print()
    for s in notes:
        print("- " + s)
PYEOF
