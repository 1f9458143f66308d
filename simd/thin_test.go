package simd

import (
	"fmt"
	"slices"
	"sync"
	"testing"
	"unsafe"
)

// thinCase is one thin transpose: the buffers' geometry, and whether the
// source ends exactly where the transpose's last element is (no guard
// cells after it), so that the few-rows kernel must stop its blocks short
// of reading past it.
type thinCase struct {
	layout2D
	tight bool
}

// thinCases returns transposes with rows (few rows) or columns (few
// columns) from 1 to thinMax+1 (and lanes-1 to lanes+1, for 1- and 2-byte
// elements) against 0 to 70 of the other, and some long
// enough to take several calls of a thin kernel, with leading
// dimensions from one less than that (rows overlapping, in the source)
// to one more than a vector, flipped rows on the side whose stride the
// kernels do not constrain, and start offsets off a line.
func thinCases(lanes int) []thinCase {
	var out []thinCase
	long := []int{0, 1, 7, lanes - 1, lanes, lanes + 1, 2*lanes - 1, 2 * lanes, 3*lanes + 5, 64, 70}
	k := 0
	top := min(lanes, thinMax) // the largest leading dimension thin
	var as []int
	for a := 1; a <= top+1; a++ {
		as = append(as, a)
	}
	if lanes > top+1 {
		as = append(as, lanes-1, lanes, lanes+1)
	}
	for _, a := range as {
		for _, ld := range slices.Compact(slices.Sorted(slices.Values([]int{a - 1, a, a + 1, top - 1, top, top + 1, lanes}))) {
			if ld < 1 {
				continue
			}
			for _, n := range long {
				k++
				pad := k % 5
				// Few rows: a rows, n columns; the source's rows (n of
				// them, a long) ld apart, the destination's a rows
				// flipped every other case.
				l := makeLayout(a, n, pad, k%3, k%2 == 0, (k/2)%4, 0, false)
				if n > 0 {
					l.sld = ld
					l.slen = l.soff + (n-1)*ld + a + 9
				}
				out = append(out, thinCase{l, false})
				if n > 0 {
					tl := l
					tl.slen -= 9
					out = append(out, thinCase{tl, true})
				}
				// Few columns: n rows, a columns; the destination's rows
				// ld apart (at least a), the source's a rows flipped
				// every other case.
				if ld >= a {
					l := makeLayout(n, a, pad, ld-a, false, (k/2)%4, k%3, k%2 == 1)
					out = append(out, thinCase{l, false})
				}
			}
		}
	}
	// Long enough for several calls of thinCallBytes each.
	for _, a := range []int{1, 3, lanes - 1} {
		n := 3*thinCallBytes/(4*a) + 5
		out = append(out, thinCase{makeLayout(a, n, 3, 1, true, 2, 0, false), false},
			thinCase{makeLayout(n, a, 1, 0, false, 3, 2, true), false})
	}
	return out
}

func testThin[T Number](t *testing.T) {
	size := int(sizeOf[T]())
	cases := append(thinCases(64/size), thinCases(32/size)...) // AVX-512's vectors and AVX2's
	for _, c := range cases {
		for mode := range 3 {
			checkTransposeCase[T](t, c.layout2D, mode)
		}
	}
}

// TestTransposeThin checks Transpose, TransposeStream and TransposeHot on
// thin transposes, which the AVX2 and AVX512 levels run with the thin
// kernels, at
// every level against the reference loop: destination elements between
// rows and guard cells around both buffers unchanged.
func TestTransposeThin(t *testing.T) {
	forEachKernel(t, func(t *testing.T) {
		t.Run("float32", func(t *testing.T) { testThin[float32](t) })
		t.Run("float64", func(t *testing.T) { testThin[float64](t) })
		t.Run("int32", func(t *testing.T) { testThin[int32](t) })
		t.Run("uint64", func(t *testing.T) { testThin[uint64](t) })
		t.Run("uint8", func(t *testing.T) { testThin[uint8](t) })
		t.Run("int16", func(t *testing.T) { testThin[int16](t) })
	})
}

// TestThinKernels runs the thin kernels of every level that has them
// through transposeThin on the cases of TestTransposeThin, so that a
// kernel that declines a case it should take fails here rather than
// passing through the tiles or the twin, and with stream on cases whose
// destination rows can be stored whole and aligned, where the
// non-temporal kernels must run.
func TestThinKernels(t *testing.T) {
	for _, tab := range tables {
		if tab == nil || raceBuild {
			continue
		}
		t.Run(tab.isa.String(), func(t *testing.T) {
			if ts := tab.thin[0]; ts.k != nil {
				checkThinKernel[uint8](t, ts)
			}
			if ts := tab.thin[1]; ts.k != nil {
				checkThinKernel[uint16](t, ts)
			}
			if ts := tab.thin[2]; ts.k != nil {
				checkThinKernel[uint32](t, ts)
			}
			if ts := tab.thin[3]; ts.k != nil {
				checkThinKernel[uint64](t, ts)
			}
		})
	}
}

func checkThinKernel[E uint8 | uint16 | uint32 | uint64](t *testing.T, ts thinSet) {
	lanes := ts.vec / int(sizeOf[E]())
	ntCalls := 0
	counted := ts
	if ts.nt != nil {
		counted.nt = func(dst, src unsafe.Pointer, blocks, dstep, sstep, inScale, outScale, outs int, idx unsafe.Pointer, code *int64) {
			ntCalls++
			ts.nt(dst, src, blocks, dstep, sstep, inScale, outScale, outs, idx, code)
		}
	}
	// Kernels whose masked stores may fault past the destination
	// (!maskedTail) must not be called on a block that overhangs it: the
	// wrapper checks every few-columns call's span against the slice.
	var span struct {
		on     bool
		lo, hi uintptr
		bad    string
	}
	counted.k = func(dst, src unsafe.Pointer, blocks, dstep, sstep, inScale, outScale, outs int, idx unsafe.Pointer, code *int64) {
		if lo, hi := uintptr(dst), uintptr(dst)+uintptr(blocks*dstep); span.on && (lo < span.lo || hi > span.hi) {
			span.bad = fmt.Sprintf("blocks [%#x, %#x) outside dst [%#x, %#x)", lo, hi, span.lo, span.hi)
		}
		ts.k(dst, src, blocks, dstep, sstep, inScale, outScale, outs, idx, code)
	}
	run := func(l layout2D, stream bool) (took bool) {
		src := patterned[E](l.slen, l.rows*31+l.cols)
		want := guarded[E](l.dlen)
		got := alignedGuarded[E](l.dlen)
		refTranspose(want, l.doff, l.dld, src, l.soff, l.sld, l.rows, l.cols)
		span.on = !ts.maskedTail && l.cols < lanes && l.rows >= lanes && l.dld > l.cols
		span.lo, span.hi, span.bad = uintptrOf(got), uintptrOf(got)+uintptr(len(got))*sizeOf[E](), ""
		took = transposeThin(&counted, stream, got, l.doff, l.dld, src, l.soff, l.sld, l.rows, l.cols)
		if span.bad != "" {
			t.Fatalf("%T %+v stream=%v: %s", E(0), l, stream, span.bad)
		}
		if !took {
			return false
		}
		if i := firstDiff(got, want); i >= 0 {
			t.Fatalf("%T %+v stream=%v: first difference at dst[%d]: got %v, want %v", got[0], l, stream, i, got[i], want[i])
		}
		return true
	}
	for _, c := range thinCases(lanes) {
		l := c.layout2D
		if l.rows == 0 || l.cols == 0 {
			continue
		}
		took := run(l, false)
		top := min(lanes, thinMax)
		fewRows := l.rows < lanes && l.rows <= thinMax && l.cols >= lanes && l.sld >= 1 && l.sld <= top
		fewCols := l.cols < lanes && l.rows >= lanes && l.dld >= l.cols && l.dld <= top && (l.dld == l.cols || !ts.whole)
		if want := (fewRows && l.slen-l.soff >= thinFor(ts.vec, 0, int(sizeOf[E]()), l.rows, l.sld).reach) || fewCols; took != want {
			t.Fatalf("%T %+v tight=%v: transposeThin took it: %v, want %v", E(0), l, c.tight, took, want)
		}
		run(l, true)
		if fewCols && l.dld > l.cols && l.doff >= 0 && l.dld > 0 {
			// The destination ending at its last row's last element.
			tl := l
			tl.dlen = l.doff + (l.rows-1)*l.dld + l.cols
			run(tl, false)
		}
	}
	if ts.nt == nil {
		return
	}
	// Destinations whose blocks can be stored whole and aligned: few rows
	// with a leading dimension of whole lines, the columns up to the
	// first line boundary peeled; few columns end to end, from the first
	// row that starts on a line boundary (none, for an odd offset of
	// bytes and an even number of columns). The non-temporal kernel must
	// run where a whole block is left after the peel, and not elsewhere.
	size := int(sizeOf[E]())
	for _, a := range []int{1, 2, 3, 5, min(lanes, thinMax) - 1} {
		for _, n := range []int{lanes, lanes + 3, 3*lanes + 5, 200} {
			for _, off := range []int{0, 1, lanes/2 + 1, lanes - 1} {
				peel := (lanes - off) % lanes
				fewRows := makeLayout(a, n, off, (n+lanes-1)/lanes*lanes+lanes-n, false, 1, 1, false)
				first := -1 // the first row of few columns on a line boundary
				for i := range lanes {
					if (off+i*a)*size%64 == 0 {
						first = i
						break
					}
				}
				fewCols := makeLayout(n, a, off, 0, false, 2, 3, false)
				for _, c := range []struct {
					l  layout2D
					nt bool
				}{{fewRows, n-peel >= lanes}, {fewCols, first >= 0 && n-first >= lanes}} {
					ntCalls = 0
					if !run(c.l, true) || (ntCalls > 0) != c.nt {
						t.Fatalf("%T %+v: stream ran the non-temporal kernel %d times, want some: %v", E(0), c.l, ntCalls, c.nt)
					}
				}
			}
		}
	}
}

// alignedGuarded is guarded, starting on a 64-byte boundary.
func alignedGuarded[T any](n int) []T {
	s := guarded[T](n + 64)
	for uintptrOf(s)%64 != 0 {
		s = s[1:]
	}
	return s[:n]
}

// TestThinProgs checks the programs of both vector widths against their
// definition: every destination element of a block is taken from exactly
// one source vector lane, the right one, and nothing else is stored; an
// element of several permute units (8 bytes in 32-byte vectors) takes
// its units in order from one source vector.
func TestThinProgs(t *testing.T) {
	for _, vec := range []int{64, 32} {
		for _, size := range []int{1, 2, 4, 8} {
			lanes := vec / size
			for kind := range 2 {
				for a := 1; a < lanes && a <= thinMax; a++ {
					for b := 1; b <= min(lanes, thinMax); b++ {
						if kind == 1 && b < a {
							continue
						}
						checkThinProg(t, vec, kind, size, a, b)
					}
				}
			}
		}
	}
}

func checkThinProg(t *testing.T, vec, kind, size, a, b int) {
	t.Helper()
	lanes, unit := vec/size, size
	switch {
	case vec == 32 && size >= 4:
		unit = 4
	case vec == 32:
		unit = 1
	}
	r := size / unit
	name := fmt.Sprintf("vec %d kind %d size %d a %d b %d", vec, kind, size, a, b)
	q := buildThin(vec, kind, size, a, b)
	units := func(o, u int) int { // unit u of idx[o], little-endian
		v := 0
		for k := range unit {
			v |= int(q.idx[o][u*unit+k]) << (8 * k)
		}
		return v
	}
	// lane returns the source lane of element lane e of output o, or -1
	// if its units do not name one element's units in order.
	lane := func(o, e int) int {
		l := units(o, e*r)
		if l%r != 0 {
			return -1
		}
		for j := range r {
			if units(o, e*r+j) != l+j {
				return -1
			}
		}
		return l / r
	}
	// elemBits returns whether m has element lane e's bits all set (1),
	// none (0), or some (-1).
	elemBits := func(m int64, e int) int {
		w := m >> (e * r) & (1<<r - 1)
		switch w {
		case 0:
			return 0
		case 1<<r - 1:
			return 1
		}
		return -1
	}
	code := q.code
	for o := range q.outs {
		n := int(code[0])
		code = code[1:]
		if n < 1 {
			t.Fatalf("%s: output %d has no entry", name, o)
		}
		from := make([]int, lanes) // source vector of each lane, -1 none
		for e := range from {
			from[e] = -1
		}
		for range n {
			k, m := int(code[0]), code[1]
			code = code[2:]
			if lanes*r < 64 && m>>(lanes*r) != 0 {
				t.Fatalf("%s: output %d: mask %#x beyond %d units", name, o, m, lanes*r)
			}
			for e := range lanes {
				switch elemBits(m, e) {
				case -1:
					t.Fatalf("%s: output %d lane %d: mask %#x covers part of an element", name, o, e, m)
				case 1:
					if from[e] >= 0 {
						t.Fatalf("%s: output %d lane %d from two vectors", name, o, e)
					}
					from[e] = k
				}
			}
		}
		out, store := int(code[0]), code[1]
		code = code[2:]
		if out != o {
			t.Fatalf("%s: output %d numbered %d", name, o, out)
		}
		if lanes*r < 64 && store>>(lanes*r) != 0 {
			t.Fatalf("%s: output %d: store mask %#x beyond %d units", name, o, store, lanes*r)
		}
		for e := range lanes {
			// The flat source element (few rows: of the block's source;
			// few columns: row, lane) this lane must hold, if any.
			wantK, wantLane, stored := 0, 0, true
			if kind == 0 {
				f := e*b + o
				wantK, wantLane = f/lanes, f%lanes
			} else {
				f := o*lanes + e
				wantK, wantLane, stored = f%b, f/b, f%b < a
			}
			if got := elemBits(store, e); got != map[bool]int{false: 0, true: 1}[stored] {
				t.Fatalf("%s: output %d lane %d store bits %d, want stored %v", name, o, e, got, stored)
			}
			if !stored {
				if from[e] >= 0 {
					t.Fatalf("%s: output %d lane %d filled but not stored", name, o, e)
				}
				continue
			}
			if from[e] != wantK || lane(o, e) != wantLane {
				t.Fatalf("%s: output %d lane %d from vector %d lane %d, want %d lane %d", name, o, e, from[e], lane(o, e), wantK, wantLane)
			}
		}
	}
	if len(code) != 0 {
		t.Fatalf("%s: %d words of code left", name, len(code))
	}
	if vec == 32 && size < 4 {
		checkShuffleStream(t, name, q)
	} else {
		checkMaskStream(t, name, vec, q)
	}
}

// checkShuffleStream checks q.vecs, the AVX2 byte kernel's form of q:
// for each entry of each output two index vectors, for the source vector
// as it is and with its halves swapped; each output byte that the entry
// gives takes its source byte from the one of the two whose half at its
// position holds it, and the other zeroes it (0x80), as both do the bytes
// the entry does not give.
func checkShuffleStream(t *testing.T, name string, q *thinProg) {
	t.Helper()
	vs, code := q.vecs, q.code
	for o := range q.outs {
		n := int(code[0])
		code = code[1:]
		for range n {
			if len(vs) < 64 {
				t.Fatalf("%s: vecs ends early", name)
			}
			same, swapped, m := vs[:32], vs[32:64], code[1]
			vs, code = vs[64:], code[2:]
			for ob := range 32 {
				want := [2]byte{0x80, 0x80} // same, swapped
				if m>>ob&1 == 1 {
					sb := int(q.idx[o][ob])
					want[(sb/16)^(ob/16)] = byte(sb % 16)
				}
				if same[ob] != want[0] || swapped[ob] != want[1] {
					t.Fatalf("%s: output %d byte %d: indices %#x, %#x, want %#x, %#x", name, o, ob, same[ob], swapped[ob], want[0], want[1])
				}
			}
		}
		code = code[2:]
	}
	if len(vs) != 0 {
		t.Fatalf("%s: %d bytes of vecs left", name, len(vs))
	}
}

// checkMaskStream checks q.vecs, the AVX2 kernel's form of q: none for
// 64-byte vectors; for 32-byte ones, each output's indices, then a vector
// per entry and one for the store, each unit all ones where its mask bit
// is set and zero elsewhere.
func checkMaskStream(t *testing.T, name string, vec int, q *thinProg) {
	t.Helper()
	if vec == 64 {
		if q.vecs != nil {
			t.Fatalf("%s: a 64-byte program has vecs", name)
		}
		return
	}
	vs, code := q.vecs, q.code
	next := func() []byte {
		if len(vs) < 32 {
			t.Fatalf("%s: vecs ends early", name)
		}
		v := vs[:32]
		vs = vs[32:]
		return v
	}
	mask := func(m int64) {
		v := next()
		for i, c := range v {
			if want := byte(0xff * (m >> (i / 4) & 1)); c != want {
				t.Fatalf("%s: mask %#x: byte %d is %#x, want %#x", name, m, i, c, want)
			}
		}
	}
	for o := range q.outs {
		if v := next(); !slices.Equal(v, q.idx[o][:32]) {
			t.Fatalf("%s: output %d: indices %v, want %v", name, o, v, q.idx[o][:32])
		}
		n := int(code[0])
		code = code[1:]
		for range n {
			mask(code[1])
			code = code[2:]
		}
		mask(code[1])
		code = code[2:]
	}
	if len(vs) != 0 {
		t.Fatalf("%s: %d bytes of vecs left", name, len(vs))
	}
}

// TestTransposeMinRows pins TransposeMinRows at every level: 8 for
// blocks of fewer than minThinCols columns, flipped source rows and
// elements of more than 8 bytes; else 2 where the level has no thin
// kernel for the element size (the Go twin), 8 where the kernel would
// decline the block (source rows further apart than a vector's lanes, at
// most thinMax), else 2 for 1- and 2-byte elements and 3 for 4- and
// 8-byte ones.
func TestTransposeMinRows(t *testing.T) {
	forEachLevel(t, func(t *testing.T) {
		tab := active.Load()
		for _, c := range []struct {
			name      string
			got       func(cols, sld int) int
			ts        thinSet
			size, min int
		}{
			{"uint8", TransposeMinRows[uint8], tab.thin[0], 1, 2},
			{"int16", TransposeMinRows[int16], tab.thin[1], 2, 2},
			{"float32", TransposeMinRows[float32], tab.thin[2], 4, 3},
			{"complex64", TransposeMinRows[complex64], tab.thin[3], 8, 3},
			{"complex128", TransposeMinRows[complex128], thinSet{}, 16, 3},
		} {
			top := 0 // the largest sld the kernel takes
			if c.ts.k != nil {
				top = min(c.ts.vec/c.size, thinMax)
			}
			for _, cols := range []int{1, minThinCols - 1, minThinCols, 1000} {
				for _, sld := range []int{-3, 0, 1, 3, top, top + 1, 100} {
					want := c.min
					switch {
					case cols < minThinCols || sld < 1 || c.size > 8:
						want = 8
					case c.ts.k == nil:
						want = 2 // the Go twin's few rows
					case sld > top:
						want = 8
					}
					if got := c.got(cols, sld); got != want {
						t.Errorf("level %v: TransposeMinRows[%s](%d, %d) = %d, want %d", tab.isa, c.name, cols, sld, got, want)
					}
				}
			}
		}
		if tab.isa == AVX512 && tab.thin[2].k == nil {
			t.Error("the AVX512 level has no thin kernels")
		}
		// Every block of fewer rows than a vector's lanes that
		// TransposeMinRows calls a transpose, the thin kernels take.
		thinTakes[uint8](t, TransposeMinRows[uint8], &tab.thin[0])
		thinTakes[uint16](t, TransposeMinRows[uint16], &tab.thin[1])
		thinTakes[uint32](t, TransposeMinRows[uint32], &tab.thin[2])
		thinTakes[uint64](t, TransposeMinRows[uint64], &tab.thin[3])
	})
}

// thinTakes checks that transposeThin takes every transpose of rows from
// minRows(cols, sld) to below the lanes of ts's vector (and below 8, a
// tile), for cols from 64 and sld from 1 to 17, where the source is long
// enough for the kernel's last block.
func thinTakes[E uint8 | uint16 | uint32 | uint64](t *testing.T, minRows func(cols, sld int) int, ts *thinSet) {
	t.Helper()
	for _, cols := range []int{64, 100} {
		for sld := 1; sld <= thinMax+1; sld++ {
			m := minRows(cols, sld)
			if ts.k == nil {
				continue // the Go twin (TestTransposeMinRows)
			}
			for rows := m; rows < min(8, ts.vec/int(sizeOf[E]())); rows++ {
				src := patterned[E]((cols-1)*sld+rows+64, 1)
				dst := make([]E, rows*cols)
				if !transposeThin(ts, false, dst, 0, cols, src, 0, sld, rows, cols) {
					t.Errorf("%T: TransposeMinRows(%d, %d) = %d, but transposeThin declines %d rows", E(0), cols, sld, m, rows)
				}
			}
		}
	}
}

// TestThinForConcurrent builds and reads the program cache from several
// goroutines at once (CI runs it under the race detector): every caller
// gets a program equal to a fresh build, whichever goroutine built it.
func TestThinForConcurrent(t *testing.T) {
	var wg sync.WaitGroup
	errs := make(chan string, 64)
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range 200 {
				kind, size, vec := (g+k)%2, 1<<((g+k)%4), 64>>(k/3%2)
				a := 1 + k%min(vec/size-1, thinMax)
				b := max(a, 1+(k*7)%min(vec/size, thinMax))
				q, want := thinFor(vec, kind, size, a, b), buildThin(vec, kind, size, a, b)
				if q.outs != want.outs || q.idx != want.idx || q.reach != want.reach || !slices.Equal(q.code, want.code) || !slices.Equal(q.vecs, want.vecs) {
					errs <- fmt.Sprintf("vec %d kind %d size %d a %d b %d: the cached program differs from a fresh build", vec, kind, size, a, b)
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}

// TestTransposeFew checks the Go twin's one-pass transposes of 2 to
// fewMax rows or columns against the reference: taken exactly for those
// shapes (with positive sld for few rows and positive dld for few
// columns), the elements between destination rows and the guard cells
// before the destination unchanged, for source leading dimensions (few
// rows) from one less than the rows (source rows overlapping) to far
// apart and destination ones (few columns) from the columns up, with the
// other side's rows in order or flipped, and the slice ending at the last
// element the transpose touches, so that a slice one element too long
// panics.
func TestTransposeFew(t *testing.T) {
	testFew[uint8](t)
	testFew[float32](t)
	testFew[complex128](t)
}

func testFew[T Number](t *testing.T) {
	for a := 1; a <= fewMax+1; a++ {
		for _, n := range []int{1, 2, 3, 4, 5, 7, 16, 70} {
			for _, ld := range []int{a - 1, a, a + 1, a + 13} {
				for _, flip := range []bool{false, true} {
					// Few rows, a by n, the destination's a rows flipped
					// or not, the source's n rows ld apart; few columns,
					// n by a, the source's a rows flipped or not, the
					// destination's n rows ld apart.
					fr := makeLayout(a, n, 1, 2, flip, 2, 0, false)
					fr.sld, fr.slen, fr.dlen = ld, fr.soff+(n-1)*ld+a, fr.dlen-9
					fc := makeLayout(n, a, 2, 0, false, 1, 3, flip)
					fc.dld, fc.dlen, fc.slen = ld, fc.doff+(n-1)*ld+a, fc.slen-9
					for _, l := range []layout2D{fr, fc} {
						if l.sld < 1 && l.rows == a || l.dld < a && l.cols == a {
							continue // flipped or overlapping rows on the side that moves whole
						}
						src := patterned[T](l.slen, a*7+n)
						want := guarded[T](l.dlen)
						got := clone(want)
						refTranspose(want, l.doff, l.dld, src, l.soff, l.sld, l.rows, l.cols)
						took := transposeFew(got, l.doff, l.dld, src, l.soff, l.sld, l.rows, l.cols)
						should := l.rows >= 2 && l.rows <= fewMax && l.rows < l.cols && l.sld >= 1 ||
							l.cols >= 2 && l.cols <= fewMax && l.cols < l.rows && l.dld >= 1
						if took != should {
							t.Fatalf("%T %+v: transposeFew took it: %v, want %v", got[0], l, took, should)
						}
						if !took {
							continue
						}
						if i := firstDiff(got, want); i >= 0 {
							t.Fatalf("%T %+v: first difference at dst[%d]: got %v, want %v", got[0], l, i, got[i], want[i])
						}
					}
				}
			}
		}
	}
}
