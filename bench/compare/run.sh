#!/bin/sh
# run.sh runs the Go peers (main.go) and the Python peers (peers.py) on the
# same cases and prints one merged markdown table. Not part of CI.
#
#   ./run.sh                      # all cases, median of 5 runs
#   ./run.sh -cases T2-f32,P3-f32 -runs 5
#   ./run.sh -rounds 3            # run everything 3 times; each cell is the
#                                 # median over rounds, and the spread is shown
set -eu
cd "$(dirname "$0")"
PY=${PY:-/usr/bin/python3}
cases=""
runs=5
rounds=1
while [ $# -gt 0 ]; do
	case "$1" in
	-cases) cases=$2; shift 2 ;;
	-runs) runs=$2; shift 2 ;;
	-rounds) rounds=$2; shift 2 ;;
	*) echo "usage: $0 [-cases A,B] [-runs N] [-rounds N]" >&2; exit 2 ;;
	esac
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

go build -o "$tmp/compare" .
i=1
while [ "$i" -le "$rounds" ]; do
	echo "round $i of $rounds" >&2
	"$tmp/compare" -cases "$cases" -runs "$runs" -json "$tmp/go.$i.json" >"$tmp/go.$i.md"
	"$PY" peers.py --cases "$cases" --runs "$runs" --json "$tmp/py.$i.json" >"$tmp/py.$i.md"
	i=$((i + 1))
done

"$PY" - "$tmp" "$rounds" "$runs" <<'PYEOF'
import json, statistics, subprocess, sys, datetime

tmp, rounds, runs = sys.argv[1], int(sys.argv[2]), sys.argv[3]
gorounds = [json.load(open("%s/go.%d.json" % (tmp, i))) for i in range(1, rounds + 1)]
pyrounds = [json.load(open("%s/py.%d.json" % (tmp, i))) for i in range(1, rounds + 1)]
py = pyrounds[0]

def med(xs):
    xs = [x for x in xs if x is not None]
    return statistics.median(xs) if xs else None

# Each cell: the median over rounds.
gores = []
for i, g in enumerate(gorounds[0]):
    vals = {k: med([r[i]["values"].get(k) for r in gorounds]) for k in g["values"]}
    gores.append(dict(g, values=vals, rounds=[r[i]["values"] for r in gorounds]))
pyres = {}
for i, p in enumerate(py["results"]):
    vals = {k: med([r["results"][i]["values"].get(k) for r in pyrounds]) for k in p["values"]}
    pyres[p["case"]] = dict(p, values=vals, rounds=[r["results"][i]["values"] for r in pyrounds])

def sh(*cmd):
    try:
        return subprocess.run(cmd, capture_output=True, text=True).stdout.strip()
    except OSError:
        return "?"

cpu = next((l.split(":", 1)[1].strip() for l in sh("lscpu").splitlines()
            if l.startswith("Model name")), "?")
print("- date: %s" % datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"))
dirty = [l for l in sh("git", "-C", "../..", "status", "--porcelain", "--", ".", ":!bench/compare").splitlines() if l.strip()]
print("- tessera commit: HEAD %s (last commit outside bench/compare: %s); library working tree: %s" % (
    sh("git", "-C", "../..", "rev-parse", "--short", "HEAD"),
    sh("git", "-C", "../..", "log", "-1", "--format=%h", "--", ".", ":!bench/compare"),
    "clean" if not dirty else "%d uncommitted path(s), measured as is (replace => ../..)" % len(dirty)))
print("- %s; CPU: %s; %s cores" % (sh("go", "version"), cpu, sh("nproc")))
print("- numpy %s, torch %s (Debian packages, /usr/bin/python3)" % (py["meta"]["numpy"], py["meta"]["torch"]))
print("- each cell: median of %s timed runs after 1 warm-up, then the median over %d round(s) of the whole suite;" % (runs, rounds))
print("  GB/s = 2 x output bytes / time; Small-T2 in ns per call")
print()

def pick(vals, keys, unit):
    xs = [vals[k] for k in keys if vals.get(k) is not None]
    if not xs:
        return None
    return min(xs) if unit == "ns" else max(xs)

def fmt(x, unit):
    if x is None:
        return "N/A"
    return "%.0f ns" % x if unit == "ns" else "%.2f" % x

def ratio(a, b, unit):
    if a is None or b is None or a == 0 or b == 0:
        return "—"
    return "%.2fx" % ((b / a) if unit == "ns" else (a / b))

TARGET = {"T2-f32", "T2-f64", "P3-f32", "NCHW-NHWC"}
heads = ["case", "Tessera 1T", "Tessera 2T", "NumPy", "PyTorch 1T", "PyTorch 2T",
         "gorgonia", "gonum", "Go loop", "Go copy()", "T1/NumPy", "T1/PyTorch 1T", "target (5x NumPy, 3x PyTorch 1T)"]
print("| " + " | ".join(heads) + " |")
print("|---|" + "---:|" * (len(heads) - 2) + "---|")
for g in gores:
    u = g["unit"]
    gv = g["values"]
    pv = pyres.get(g["case"], {"values": {}})["values"]
    t1 = gv.get("tessera1")
    npv = pick(pv, ["numpy_contig", "numpy_copyto"], u)
    th1 = pick(pv, ["torch1_contig", "torch1_copy_"], u)
    th2 = pick(pv, ["torch2_contig", "torch2_copy_"], u)
    tgt = ""
    if g["case"] in TARGET and t1 and npv and th1:
        ok = t1 / npv >= 5 and t1 / th1 >= 3
        tgt = "met" if ok else "not met"
    cells = [g["case"], fmt(t1, u), fmt(gv.get("tessera2"), u), fmt(npv, u), fmt(th1, u), fmt(th2, u),
             fmt(gv.get("gorgonia"), u), fmt(gv.get("gonum"), u), fmt(gv.get("loop"), u), fmt(gv.get("copy"), u),
             ratio(t1, npv, u), ratio(t1, th1, u), tgt]
    print("| " + " | ".join(cells) + " |")
print()
print("NumPy is the faster of np.ascontiguousarray(view) and np.copyto(out, view); PyTorch the faster of")
print("view.contiguous() and out.copy_(view). Tessera, gonum, Go loop and copy() write into a preallocated")
print("buffer; gorgonia's Materialize (and Repeat for Bcast) allocates its result. Ratios are speed ratios")
print("(>1: Tessera faster). gonum/mat is float64 and 2-D only, so it runs T2-f64 alone.")
notes = [(g["case"], k, n) for g in gores for k, n in sorted((g.get("notes") or {}).items())]
for c, k, n in notes:
    if k == "gorgonia":
        print("- %s, gorgonia: %s" % (c, n))
if rounds > 1:
    print()
    print("Per round (noise): Tessera 1T / NumPy / PyTorch 1T, round by round.")
    print()
    print("| case | " + " | ".join("round %d" % (i + 1) for i in range(rounds)) + " |")
    print("|---|" + "---:|" * rounds)
    for g in gores:
        u = g["unit"]
        p = pyres.get(g["case"], {"rounds": [{}] * rounds})["rounds"]
        cells = []
        for i in range(rounds):
            cells.append("%s / %s / %s" % (fmt(g["rounds"][i].get("tessera1"), u),
                fmt(pick(p[i], ["numpy_contig", "numpy_copyto"], u), u),
                fmt(pick(p[i], ["torch1_contig", "torch1_copy_"], u), u)))
        print("| %s | %s |" % (g["case"], " | ".join(cells)))
PYEOF
echo
echo "<details><summary>Per-library detail</summary>"
echo
i=1
while [ "$i" -le "$rounds" ]; do
	echo "Round $i."
	echo
	cat "$tmp/go.$i.md"
	echo
	cat "$tmp/py.$i.md"
	echo
	i=$((i + 1))
done
echo "</details>"
