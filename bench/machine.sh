#!/usr/bin/env bash
# machine.sh measures, on the machine it runs on, what the portability
# issues ask for per machine, and prints it as markdown for BENCHMARKS.md:
# the CPU (lscpu), the copy engine against copy() at every SIMD level on
# one goroutine (BenchmarkMaterialize, x-limit) and at the generic level
# on two, the two transpose orders (TESSERA_TRANSPOSE=bands and =blocks),
# the small copies (BenchmarkSmallT2, BenchmarkSmallCopy), transposes
# alone and in batches and gathers (BenchmarkBatchedTransposes,
# BenchmarkGathers), Transpose in squares against bands (simd
# BenchmarkTransposeSlabs), transposes of short source rows (simd
# BenchmarkTransposeShortRows), column sums of narrow matrices (ops
# BenchmarkReduceColumns), the reductions' kernels along rows, four rows
# at once against one (simd BenchmarkReduceRows, BenchmarkArgRows: what
# simd's per-family rules weigh) and, where Debian's python3-numpy and
# python3-torch are installed, the side-by-side tables of bench/compare
# (run.sh and reduce.sh), and where a C compiler and AVX-512 are, the
# small transpose's ceiling (bench/labs/small-transpose-lab.c). Not part
# of CI; about ten minutes on a 2-core machine. Run it on a quiet
# machine, nothing else timing.
#
#   bench/machine.sh [-quick] [-lab path/to/transpose-lab.c] > machine.md
#
# -quick takes one run of each benchmark instead of three (six for the
# small copies) and skips the peers. -lab also compiles and runs the
# transpose lab program (cc -O3 -march=native), which measures the
# machine's ceiling for the transpose strategies.
set -euo pipefail
cd "$(dirname "$0")/.."
count=3
small=6
peers=1
lab=
while [ $# -gt 0 ]; do
	case "$1" in
	-quick) count=1; small=1; peers=0; shift ;;
	-lab) lab=$2; shift 2 ;;
	*) echo "usage: $0 [-quick] [-lab transpose-lab.c]" >&2; exit 2 ;;
	esac
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# median NAME-FIELD METRIC < go test output: per benchmark name, the median
# of the value printed before METRIC, as "name value" lines.
median() {
	awk -v m="$1" '/^Benchmark/ {
		for (i = 2; i < NF; i++) if ($(i+1) == m) { v[$1] = v[$1] " " $i }
	} END {
		for (k in v) {
			n = split(substr(v[k], 2), a, " ")
			for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
			printf "%s %s\n", k, (n % 2) ? a[(n+1)/2] : (a[n/2] + a[n/2+1]) / 2
		}
	}' | sort
}

# materialize PATTERN: BenchmarkMaterialize's cases that PATTERN names, as
# a table of x-limit and GB/s (medians of $count runs).
materialize() {
	go test -run '^$' -bench "$1" -benchtime 3x -count "$count" ./tensor >"$tmp/mat.txt"
	echo '| benchmark | x-limit | GB/s |'
	echo '|---|---:|---:|'
	join <(median x-limit <"$tmp/mat.txt") <(median GB/s <"$tmp/mat.txt") |
		awk '{ sub(/^BenchmarkMaterialize\//, "", $1); sub(/-[0-9]+$/, "", $1); printf "| %s | %.2f | %.1f |\n", $1, $2, $3 }'
}

echo "# Measured on $(date -u +%Y-%m-%d), commit $(git rev-parse --short HEAD)"
echo
echo '```'
lscpu | grep -E '^(Model name|Vendor ID|CPU family|Model|Thread\(s\) per core|Core\(s\) per socket|Socket\(s\)|L1d cache|L2 cache|L3 cache):' || true
echo "AVX-512 F: $(grep -q avx512f /proc/cpuinfo && echo yes || echo no); $(go version)"
echo '```'

echo
echo "## Materialization, one goroutine (x-limit: our GB/s over the faster of copy() and chunked copy(); median of $count)"
echo
materialize 'Materialize/./level=./procs=1'

echo
echo "## The generic level on two goroutines, the default parallelism of a 2-core machine (x-limit; median of $count)"
echo
# The plain-Go twins' targets hold on the default parallelism (issue 14):
# the SIMD levels' on one goroutine, above.
materialize 'Materialize/./level=generic/procs=2'

echo
echo "## Transpose orders, one goroutine (x-limit with TESSERA_TRANSPOSE=bands and =blocks, alternating; median of $count)"
echo
# simd picks the order by vendor and family (Bands on Intel and AMD
# family 25, Blocks on AMD family 26, Calibrate elsewhere): on a new
# family, this table says which order its rule should name. The image of
# 8 float32 channels moved to channels-first is too narrow for Blocks'
# squares: both orders walk the same bands, and should read alike.
go test -c -o "$tmp/tensor.test" ./tensor
for _ in $(seq "$count"); do
	for s in bands blocks; do
		# Two patterns: go test matches each one level by level.
		for bench in 'Materialize/(T2|P3|NCHW).*/level=avx(2|512)/procs=1' 'Channels/HWC-CHW/4B/C=8/level=avx(2|512)/procs=1'; do
			(cd tensor && TESSERA_TRANSPOSE=$s "$tmp/tensor.test" -test.run '^$' -test.bench "$bench" -test.benchtime 3x)
		done | sed -E "s#^Benchmark(Materialize|Channels)/#Benchmark$s:\1/#"
	done
done >"$tmp/order.txt"
echo '| benchmark | bands | blocks |'
echo '|---|---:|---:|'
join <(median x-limit <"$tmp/order.txt" | sed -n 's|^Benchmarkbands:||p') \
	<(median x-limit <"$tmp/order.txt" | sed -n 's|^Benchmarkblocks:||p') |
	awk '{ sub(/-[0-9]+$/, "", $1); printf "| %s | %.2f | %.2f |\n", $1, $2, $3 }'

echo
echo "## Small copies (median of $small)"
echo
go test -run '^$' -bench 'SmallT2|SmallCopy' -count "$small" ./tensor >"$tmp/small.txt"
echo '| benchmark | ns/op | x-copy-time |'
echo '|---|---:|---:|'
join -a 1 -e - -o 0,1.2,2.2 <(median ns/op <"$tmp/small.txt" | grep SmallCopy; median ours-ns/op <"$tmp/small.txt") \
	<(median x-copy-time <"$tmp/small.txt") |
	awk '{ sub(/^Benchmark/, "", $1); sub(/-[0-9]+$/, "", $1); printf "| %s | %s | %s |\n", $1, $2, $3 }'

echo
echo "## Transposes alone and in batches, gathers (median of $count)"
echo
# Copies of at most 16 KiB transpose through simd.TransposeHot (the AVX2
# tiles at the avx512 level on Intel): are they faster here too?
go test -run '^$' -bench 'BatchedTransposes|Gathers' -count "$count" ./tensor >"$tmp/batch.txt"
echo '| benchmark | ns/op | MB/s |'
echo '|---|---:|---:|'
join <(median ns/op <"$tmp/batch.txt") <(median MB/s <"$tmp/batch.txt") |
	awk '{ sub(/^Benchmark/, "", $1); sub(/-[0-9]+$/, "", $1); printf "| %s | %s | %.0f |\n", $1, $2, $3 }'

echo
echo "## Transposes in squares and in bands, simd (GB/s, read + written; median of $count)"
echo
# Transpose walks page-long bands instead of L1-sized squares where
# familyRules' cachedBands is set (AMD family 25) and an operand spans 8
# MiB or more: the slabs of a [4096,4096] (what ops stages for an
# operation on a transposed view) against whole transposes in cache. Where
# bands win the slabs here, the rule should name this family too.
go test -run '^$' -bench 'TransposeSlabs/./(squares|bands)/avx512$' -benchtime 0.3s -count "$count" ./simd >"$tmp/slabs.txt"
echo '| benchmark | squares | bands |'
echo '|---|---:|---:|'
join <(median MB/s <"$tmp/slabs.txt" | sed -n 's|/squares/|/|p') <(median MB/s <"$tmp/slabs.txt" | sed -n 's|/bands/|/|p') |
	awk '{ sub(/^BenchmarkTransposeSlabs\//, "", $1); sub(/-[0-9]+$/, "", $1); printf "| %s | %.1f | %.1f |\n", $1, $2 / 1000, $3 / 1000 }'

echo
echo "## Short source rows, simd (x_copy of TransposeStream, 64 MiB from [n,C] to [C,n]; median of $count)"
echo
# Source rows at most shortRowBytes apart take bands of 1024 rows (512
# bytes everywhere, further on AMD family 25: farShortRows): where x_copy
# drops between C and 2C below, the limit for this family is there.
go test -run '^$' -bench 'TransposeShortRows' -benchtime 3x -count "$count" ./simd >"$tmp/short.txt"
echo '| benchmark | x_copy | GB/s |'
echo '|---|---:|---:|'
join <(median x_copy <"$tmp/short.txt") <(median GB/s <"$tmp/short.txt") |
	awk '{ sub(/^BenchmarkTransposeShortRows\//, "", $1); sub(/-[0-9]+$/, "", $1); printf "| %s | %.2f | %.1f |\n", $1, $2, $3 }'

echo
echo "## Column sums of narrow matrices, ops (GB/s; x-loop: over the plain Go loop; median of $count)"
echo
go test -run '^$' -bench 'ReduceColumns' -count "$count" ./ops >"$tmp/cols.txt"
echo '| benchmark | GB/s | x-loop |'
echo '|---|---:|---:|'
join <(median GB/s <"$tmp/cols.txt") <(median x-loop <"$tmp/cols.txt") |
	awk '{ sub(/^BenchmarkReduceColumns\//, "", $1); sub(/-[0-9]+$/, "", $1); printf "| %s | %.1f | %.2f |\n", $1, $2, $3 }'

echo
echo "## Reductions along rows, simd kernels (64 MiB of float32 rows; median of $count)"
echo
# One pattern per run: go test splits a -bench pattern at its slashes,
# alternatives included.
for p in 'ReduceRows$/^(rows|reduce|max-rows|max-reduce)$' 'ReduceRowsOdd/./Add' 'ArgRows/^(rows|short-row)$'; do
	go test -run '^$' -bench "$p" -benchtime 0.3s -count "$count" ./simd
done >"$tmp/rows.txt"
echo '| benchmark | MB/s |'
echo '|---|---:|'
median MB/s <"$tmp/rows.txt" | awk '{ sub(/^Benchmark/, "", $1); sub(/-[0-9]+$/, "", $1); printf "| %s | %.0f |\n", $1, $2 }'

# The ceiling of Small-T2 (about a second): bench/labs/small-transpose-lab.c
# times the usual transpose kernels in C on a hot float32 [64,64] against
# memcpy and a copy loop of Go's shape, where a C compiler and AVX-512 are.
# A compiler that cannot build it, or a run that fails, costs this table,
# not the rest.
if command -v cc >/dev/null && grep -qw avx512f /proc/cpuinfo 2>/dev/null; then
	echo
	echo "## The small transpose's ceiling (bench/labs/small-transpose-lab.c, C kernels on a hot float32 [64,64])"
	echo
	if cc -O2 -march=native -o "$tmp/smalllab" bench/labs/small-transpose-lab.c 2>"$tmp/smalllab.err"; then
		"$tmp/smalllab" || echo "(the lab failed: exit $?)"
	else
		echo "(not built: $(head -1 "$tmp/smalllab.err"))"
	fi
fi

if [ -n "$lab" ]; then
	echo
	echo "## Transpose lab ($lab)"
	echo
	cc -O3 -march=native -o "$tmp/lab" "$lab" -lm
	echo '```'
	"$tmp/lab"
	echo '```'
fi

if [ "$peers" = 1 ] && /usr/bin/python3 -c 'import numpy' 2>/dev/null; then
	echo
	echo "## Against NumPy and PyTorch: copies (bench/compare/run.sh -runs 5 -rounds 2)"
	echo
	bench/compare/run.sh -runs 5 -rounds 2
	echo
	echo "## Against NumPy and PyTorch: reductions (bench/compare/reduce.sh -runs 21)"
	echo
	bench/compare/reduce.sh -runs 21 2>/dev/null
	echo
	echo "## NumPy and PyTorch: column sums of narrow matrices (bench/compare/columns.py: rows, columns, NumPy GB/s, PyTorch GB/s)"
	echo
	echo '```'
	/usr/bin/python3 bench/compare/columns.py
	echo '```'
elif [ "$peers" = 1 ]; then
	echo
	echo "(NumPy not installed: no side-by-side tables; apt-get install -y python3-numpy python3-torch)"
fi
