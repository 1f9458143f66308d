#!/bin/sh
# compute.sh runs the compute cases in Go (main.go -compute) and in Python
# (compute.py) and prints one merged markdown table. Not part of CI.
#
#   ./compute.sh [-runs 5]
set -eu
cd "$(dirname "$0")"
PY=${PY:-/usr/bin/python3}
runs=5
if [ $# -ge 2 ] && [ "$1" = "-runs" ]; then runs=$2; fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/compare" .
"$tmp/compare" -compute -runs "$runs" -json "$tmp/go.json" >"$tmp/go.md"
"$PY" compute.py --runs "$runs" --json "$tmp/py.json" >"$tmp/py.md"
"$PY" - "$tmp" "$runs" <<'PYEOF'
import json, subprocess, sys
tmp, runs = sys.argv[1], sys.argv[2]
g = {r["case"]: r for r in json.load(open(tmp + "/go.json"))}
p = {r["case"]: r for r in json.load(open(tmp + "/py.json"))}
cpu = next((l.split(":", 1)[1].strip() for l in subprocess.run(["lscpu"], capture_output=True, text=True).stdout.splitlines()
            if l.startswith("Model name")), "?")
print("CPU: %s; median of %s runs; GB/s = bytes read + written, Add-small in µs per call (lower is better)\n" % (cpu, runs))
print("| case | Tessera 1T | Tessera 2T | NumPy | PyTorch 1T | Go loop | copy() | 1T / NumPy | 1T / PyTorch 1T |")
print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
def f(v):
    return "N/A" if v is None else "%.2f" % v
for name, r in g.items():
    v, q = r["values"], p.get(name, {"values": {}})["values"]
    t1, np_, th = v.get("tessera1"), q.get("numpy"), q.get("torch1")
    def ratio(o):
        if t1 is None or o is None:
            return "—"
        return "%.2fx" % ((o / t1) if r["unit"] == "µs" else (t1 / o))
    print("| %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (name, f(t1), f(v.get("tessera2")), f(np_), f(th),
          f(v.get("loop")), f(v.get("copy")), ratio(np_), ratio(th)))
PYEOF
