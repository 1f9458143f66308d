package simd

import (
	"errors"
	"math"
	"testing"
)

// The fuzz targets run a kernel at the active level and at the Generic level
// and compare both with the naive reference loop. Offsets, strides and counts
// may be perturbed by a fuzzed amount, so the targets also check validation:
// a kernel must return ErrRange exactly when the reference loop would index
// out of range, and must then leave dst untouched.

// panics reports whether f panics.
func panics(f func()) (p bool) {
	defer func() { p = recover() != nil }()
	f()
	return false
}

// atLevels runs run at the active level and at Generic and checks both
// against ref on fresh copies of dst0.
// With overlap (destination elements written more than once in an
// unspecified order) only the error behaviour is compared.
func atLevels[T Number](t *testing.T, dst0 []T, bad, overlap bool, ref func([]T), run func([]T) error) {
	t.Helper()
	want := clone(dst0)
	refPanics := panics(func() { ref(want) })
	for _, l := range []ISA{Level(), Generic} {
		restore, err := setLevel(l)
		noErr(t, err)
		got := clone(dst0)
		err = run(got)
		restore()
		switch {
		case errors.Is(err, ErrArg):
			if !bad {
				t.Fatalf("%v: unexpected %v", l, err)
			}
			if !sameBits(got, dst0) {
				t.Fatalf("%v: %v but dst written", l, err)
			}
		case errors.Is(err, ErrRange):
			if !refPanics {
				t.Fatalf("%v: %v but the reference stays in range", l, err)
			}
			if !sameBits(got, dst0) {
				t.Fatalf("%v: %v but dst written", l, err)
			}
		case err != nil:
			t.Fatalf("%v: unexpected error %v", l, err)
		case refPanics:
			t.Fatalf("%v: no error but the reference indexes out of range", l)
		case overlap:
		default:
			if i := firstDiff(got, want); i >= 0 {
				t.Fatalf("%v: first difference at dst[%d]: got %v, want %v", l, i, got[i], want[i])
			}
		}
	}
}

// perturb adds delta to the which-th of vals (which 0 leaves them alone).
func perturb(which uint8, delta int64, vals ...*int) {
	if w := int(which % 8); w > 0 && w <= len(vals) {
		*vals[w-1] += int(delta)
	}
}

func fuzzTranspose[T Number](t *testing.T, rows, cols, dpad, dx, spad, sx int, flips uint8, stream bool, which uint8, delta int64) {
	l := makeLayout(rows, cols, dpad, dx, flips&1 != 0, spad, sx, flips&2 != 0)
	perturb(which, delta, &l.rows, &l.cols, &l.doff, &l.dld, &l.soff, &l.sld)
	if (l.rows <= 0 || l.cols <= 0) && which%8 != 0 {
		return // the reference would loop for nothing, or forever
	}
	src := patterned[T](l.slen, rows)
	kernel := Transpose[T]
	switch {
	case stream:
		kernel = TransposeStream[T]
	case flips&4 != 0:
		kernel = TransposeHot[T]
	}
	overlap := l.rows > 1 && abs(l.dld) < l.cols
	atLevels(t, guarded[T](l.dlen), l.rows < 0 || l.cols < 0, overlap,
		func(d []T) { refTranspose(d, l.doff, l.dld, src, l.soff, l.sld, l.rows, l.cols) },
		func(d []T) error { return kernel(d, l.doff, l.dld, src, l.soff, l.sld, l.rows, l.cols) })
}

func FuzzTranspose(f *testing.F) {
	f.Add(uint8(0), uint8(17), uint8(33), uint8(3), uint8(1), uint8(5), uint8(2), uint8(0), false, uint8(0), int64(0))
	f.Add(uint8(1), uint8(64), uint8(48), uint8(0), uint8(0), uint8(0), uint8(16), uint8(1), true, uint8(0), int64(0))
	f.Add(uint8(2), uint8(40), uint8(40), uint8(7), uint8(8), uint8(7), uint8(0), uint8(3), true, uint8(0), int64(0))
	f.Add(uint8(3), uint8(9), uint8(5), uint8(1), uint8(0), uint8(2), uint8(1), uint8(0), false, uint8(3), int64(-2))
	f.Add(uint8(0), uint8(16), uint8(16), uint8(0), uint8(0), uint8(0), uint8(0), uint8(0), false, uint8(4), int64(-1<<63))
	f.Add(uint8(1), uint8(8), uint8(8), uint8(0), uint8(0), uint8(0), uint8(0), uint8(0), true, uint8(6), int64(1<<62))
	f.Add(uint8(0), uint8(32), uint8(16), uint8(0), uint8(0), uint8(0), uint8(0), uint8(0), false, uint8(1), int64(1))
	// Thin: 3 rows of 50 columns, source rows 3 apart; 50 rows of 3
	// columns, destination rows 4 apart (the thin kernels at AVX2 and
	// AVX512).
	f.Add(uint8(0), uint8(3), uint8(50), uint8(1), uint8(0), uint8(2), uint8(0), uint8(0), false, uint8(0), int64(0))
	f.Add(uint8(1), uint8(50), uint8(3), uint8(0), uint8(1), uint8(3), uint8(5), uint8(2), true, uint8(0), int64(0))
	// Thin uint16: 3 rows of 40 columns, source rows 4 apart; 40 rows of
	// 3 columns end to end (the AVX2 level's byte kernel, the AVX512
	// level's word kernel).
	f.Add(uint8(3), uint8(3), uint8(40), uint8(2), uint8(0), uint8(1), uint8(1), uint8(0), false, uint8(0), int64(0))
	f.Add(uint8(3), uint8(40), uint8(3), uint8(1), uint8(0), uint8(0), uint8(0), uint8(0), true, uint8(0), int64(0))
	// The tiles of 1- and 2-byte elements: a uint8 [64,64] and a uint16
	// [32,40] into rows whole lines apart (their non-temporal forms when
	// streamed, where the buffer starts on a line), a uint8 [16,80] from
	// source rows 16 apart.
	f.Add(uint8(4), uint8(64), uint8(64), uint8(0), uint8(0), uint8(3), uint8(1), uint8(0), true, uint8(0), int64(0))
	f.Add(uint8(3), uint8(32), uint8(40), uint8(0), uint8(24), uint8(0), uint8(2), uint8(2), true, uint8(0), int64(0))
	f.Add(uint8(4), uint8(16), uint8(80), uint8(5), uint8(1), uint8(0), uint8(0), uint8(1), false, uint8(0), int64(0))
	f.Fuzz(func(t *testing.T, typ, rows, cols, dpad, dx, spad, sx, flips uint8, stream bool, which uint8, delta int64) {
		args := []int{int(rows % 96), int(cols % 96), int(dpad % 16), int(dx % 20), int(spad % 16), int(sx % 20)}
		switch typ % 5 {
		case 0:
			fuzzTranspose[float32](t, args[0], args[1], args[2], args[3], args[4], args[5], flips, stream, which, delta)
		case 1:
			fuzzTranspose[float64](t, args[0], args[1], args[2], args[3], args[4], args[5], flips, stream, which, delta)
		case 2:
			fuzzTranspose[complex128](t, args[0], args[1], args[2], args[3], args[4], args[5], flips, stream, which, delta)
		case 3:
			fuzzTranspose[uint16](t, args[0], args[1], args[2], args[3], args[4], args[5], flips, stream, which, delta)
		default:
			fuzzTranspose[uint8](t, args[0], args[1], args[2], args[3], args[4], args[5], flips, stream, which, delta)
		}
	})
}

// strideLayout places n elements with stride inc after pad elements, with 5
// guard cells after them.
func strideLayout(n, pad, inc int) (off, length int) {
	off, length = pad, pad+5
	if n > 0 {
		length += (n-1)*abs(inc) + 1
		if inc < 0 {
			off += (n - 1) * -inc
		}
	}
	return off, length
}

// fuzzStrided checks Strided and StridedStream against the reference.
func fuzzStrided[T Number](t *testing.T, n, dpad, dinc, spad, sinc int, which uint8, delta int64) {
	doff, dlen := strideLayout(n, dpad, dinc)
	soff, slen := strideLayout(n, spad, sinc)
	perturb(which, delta, &n, &doff, &dinc, &soff, &sinc)
	if n <= 0 && which%8 != 0 {
		return
	}
	src := patterned[T](slen, n)
	atLevels(t, guarded[T](dlen), n < 0, false,
		func(d []T) { refStrided(d, doff, dinc, src, soff, sinc, n) },
		func(d []T) error { return Strided(d, doff, dinc, src, soff, sinc, n) })
	atLevels(t, guarded[T](dlen), n < 0, false,
		func(d []T) { refStrided(d, doff, dinc, src, soff, sinc, n) },
		func(d []T) error { return StridedStream(d, doff, dinc, src, soff, sinc, n) })
}

func FuzzStrided(f *testing.F) {
	f.Add(uint8(0), uint16(70), uint8(3), int8(1), uint8(2), int8(2), uint8(0), int64(0))
	f.Add(uint8(1), uint16(33), uint8(0), int8(-1), uint8(5), int8(0), uint8(0), int64(0))
	f.Add(uint8(2), uint16(9), uint8(1), int8(3), uint8(0), int8(-4), uint8(0), int64(0))
	f.Add(uint8(3), uint16(5), uint8(0), int8(1), uint8(0), int8(1), uint8(1), int64(1))
	f.Add(uint8(0), uint16(5), uint8(0), int8(1), uint8(0), int8(1), uint8(3), int64(-1<<63))
	f.Add(uint8(1), uint16(5), uint8(0), int8(1), uint8(0), int8(1), uint8(5), int64(1<<62))
	f.Add(uint8(0), uint16(2001), uint8(5), int8(1), uint8(3), int8(2), uint8(0), int64(0)) // StridedStream's kernels
	f.Add(uint8(1), uint16(999), uint8(0), int8(1), uint8(1), int8(2), uint8(0), int64(0))
	f.Fuzz(func(t *testing.T, typ uint8, n uint16, dpad uint8, dinc int8, spad uint8, sinc int8, which uint8, delta int64) {
		a := []int{int(n % 3000), int(dpad % 16), int(dinc % 9), int(spad % 16), int(sinc % 9)}
		switch typ % 4 {
		case 0:
			fuzzStrided[float32](t, a[0], a[1], a[2], a[3], a[4], which, delta)
		case 1:
			fuzzStrided[int64](t, a[0], a[1], a[2], a[3], a[4], which, delta)
		case 2:
			fuzzStrided[complex64](t, a[0], a[1], a[2], a[3], a[4], which, delta)
		default:
			fuzzStrided[int8](t, a[0], a[1], a[2], a[3], a[4], which, delta)
		}
	})
}

func fuzzFill[T Number](t *testing.T, n, dpad, dinc int, which uint8, delta int64) {
	doff, dlen := strideLayout(n, dpad, dinc)
	perturb(which, delta, &n, &doff, &dinc)
	if n <= 0 && which%8 != 0 {
		return
	}
	v := patterned[T](1, n)[0]
	atLevels(t, guarded[T](dlen), n < 0, false,
		func(d []T) { refFill(d, doff, dinc, v, n) },
		func(d []T) error { return Fill(d, doff, dinc, v, n) })
}

func FuzzFill(f *testing.F) {
	f.Add(uint8(0), uint16(70), uint8(3), int8(1), uint8(0), int64(0))
	f.Add(uint8(1), uint16(5000), uint8(1), int8(1), uint8(0), int64(0))
	f.Add(uint8(2), uint16(9), uint8(0), int8(-2), uint8(0), int64(0))
	f.Add(uint8(3), uint16(9), uint8(0), int8(0), uint8(2), int64(-1))
	f.Add(uint8(0), uint16(9), uint8(0), int8(1), uint8(3), int64(-1<<63))
	f.Fuzz(func(t *testing.T, typ uint8, n uint16, dpad uint8, dinc int8, which uint8, delta int64) {
		a := []int{int(n % 20000), int(dpad % 16), int(dinc % 9)}
		switch typ % 4 {
		case 0:
			fuzzFill[float32](t, a[0], a[1], a[2], which, delta)
		case 1:
			fuzzFill[float64](t, a[0], a[1], a[2], which, delta)
		case 2:
			fuzzFill[complex128](t, a[0], a[1], a[2], which, delta)
		default:
			fuzzFill[uint16](t, a[0], a[1], a[2], which, delta)
		}
	})
}

func fuzzCopy[T Number](t *testing.T, n, dn, shift int) {
	// Two disjoint slices, then overlapping ones within one buffer.
	src := patterned[T](n, shift)
	want, got := guarded[T](dn+3), guarded[T](dn+3)
	wn := copy(want[1:dn+1], src)
	run := func(l ISA, f func() int) {
		restore, err := setLevel(l)
		noErr(t, err)
		defer restore()
		if gn := f(); gn != wn {
			t.Fatalf("%v: Copy returned %d, want %d", l, gn, wn)
		}
	}
	for _, l := range []ISA{Level(), Generic} {
		got := clone(got)
		run(l, func() int { return Copy(got[1:dn+1], src) })
		if i := firstDiff(got, want); i >= 0 {
			t.Fatalf("%v: first difference at dst[%d]", l, i)
		}
	}
	if shift > n {
		return
	}
	buf := patterned[T](n, 1)
	want = clone(buf)
	wn = copy(want[shift:], want)
	for _, l := range []ISA{Level(), Generic} {
		got := clone(buf)
		run(l, func() int { return Copy(got[shift:], got) })
		if i := firstDiff(got, want); i >= 0 {
			t.Fatalf("%v: forward overlap: first difference at [%d]", l, i)
		}
	}
	want = clone(buf)
	wn = copy(want, want[shift:])
	for _, l := range []ISA{Level(), Generic} {
		got := clone(buf)
		run(l, func() int { return Copy(got, got[shift:]) })
		if i := firstDiff(got, want); i >= 0 {
			t.Fatalf("%v: backward overlap: first difference at [%d]", l, i)
		}
	}
}

func FuzzCopy(f *testing.F) {
	f.Add(uint8(0), uint32(70), uint32(69), uint32(3))
	f.Add(uint8(1), uint32(3<<20), uint32(3<<20), uint32(1))
	f.Add(uint8(2), uint32(1<<20+7), uint32(1<<20), uint32(1<<19+3))
	f.Add(uint8(3), uint32(0), uint32(5), uint32(0))
	f.Fuzz(func(t *testing.T, typ uint8, n, dn, shift uint32) {
		const maxBytes = 4 << 20
		switch typ % 4 {
		case 0:
			fuzzCopy[float32](t, int(n%(maxBytes/4)), int(dn%(maxBytes/4)), int(shift%(maxBytes/4)))
		case 1:
			fuzzCopy[uint8](t, int(n%maxBytes), int(dn%maxBytes), int(shift%maxBytes))
		case 2:
			fuzzCopy[complex128](t, int(n%(maxBytes/16)), int(dn%(maxBytes/16)), int(shift%(maxBytes/16)))
		default:
			fuzzCopy[int16](t, int(n%(maxBytes/2)), int(dn%(maxBytes/2)), int(shift%(maxBytes/2)))
		}
	})
}

// fuzzIndex searches a run of n elements at offset off for the value at
// position at (n: a value not in the run), the elements drawn from a few
// values so that matches repeat, with guard cells around the run holding
// the value, at the active level and at Generic.
func fuzzIndex[T Float](t *testing.T, n, off, at int, seed uint64) {
	vals := []T{0, T(math.Copysign(0, -1)), 1, -1, T(math.Inf(1)), T(math.NaN())}
	buf := make([]T, off+n+9)
	x := buf[off : off+n]
	s := seed
	for i := range x {
		s = s*6364136223846793005 + 1442695040888963407
		x[i] = vals[(s>>33)%uint64(len(vals))]
	}
	v := T(7)
	if at < n {
		v = x[at]
	}
	for i := range buf[:off] {
		buf[i] = v
	}
	for i := off + n; i < len(buf); i++ {
		buf[i] = v
	}
	want := -1
	for i, e := range x {
		if e == v || v != v && e != e {
			want = i
			break
		}
	}
	for _, l := range []ISA{Level(), Generic} {
		restore, err := setLevel(l)
		noErr(t, err)
		got := Index(x, v)
		restore()
		if got != want {
			t.Fatalf("%v: Index of %v in %d elements: got %d, want %d", l, v, n, got, want)
		}
	}
}

func FuzzIndex(f *testing.F) {
	f.Add(uint8(0), uint16(70), uint8(3), uint16(69), uint64(1))
	f.Add(uint8(1), uint16(5000), uint8(1), uint16(4999), uint64(2))
	f.Add(uint8(0), uint16(40000), uint8(0), uint16(40000), uint64(3))
	f.Add(uint8(1), uint16(33), uint8(7), uint16(5), uint64(4))
	f.Fuzz(func(t *testing.T, typ uint8, n uint16, off uint8, at uint16, seed uint64) {
		if typ%2 == 0 {
			fuzzIndex[float32](t, int(n), int(off%16), int(at), seed)
			return
		}
		fuzzIndex[float64](t, int(n), int(off%16), int(at), seed)
	})
}

// fuzzFoldRows combines rows rows of n elements (stride apart, any sign,
// starting off elements into x) by op at the active level and at Generic,
// against the definition, with 0xFF guard cells around dst; arguments out
// of range must leave dst untouched.
// fuzzRowsData returns xlen values from seed for op: eighths in
// [-125, 125] (sums exact in float32), or for Mul products of 0.5 to 1.5.
func fuzzRowsData[T Float](op Op, xlen int, seed uint64) []T {
	x := make([]T, xlen)
	s := seed
	for i := range x {
		s = s*6364136223846793005 + 1442695040888963407
		x[i] = T(int64(s>>40)%2001-1000) / 8
		if op == Mul {
			x[i] = T(1 + float64(int64(s>>40)%5-2)/4)
		}
	}
	if seed&1 != 0 && xlen > 0 { // NaNs of two payloads, a few per row's length
		nan := []T{T(math.NaN()), T(-math.NaN())}
		step := 1 + int(seed>>8%997) // in uint64: no negative int on 32-bit platforms
		for i := int(seed >> 1 % uint64(xlen)); i < xlen; i += step {
			x[i] = nan[i&1]
		}
	}
	return x
}

func fuzzFoldRows[T Float](t *testing.T, op Op, n, rows, stride, off, xlen int, seed uint64) {
	x := fuzzRowsData[T](op, xlen, seed)
	init := make([]T, n)
	for j := range init {
		init[j] = T(j%7) - 3
	}
	ok := true // every row inside x (the fuzzed values cannot overflow)
	for r := range rows {
		if p := off + r*stride; p < 0 || p+n > xlen {
			ok = false
		}
	}
	ok = ok || n == 0
	var want []T
	if ok && rows > 0 && n > 0 {
		want = foldRowsRef(op, n, init, x, off, stride, rows)
	} else if ok {
		want = clone(init)
	}
	for _, l := range []ISA{Level(), Generic} {
		restore, err := setLevel(l)
		noErr(t, err)
		buf := guarded[T](n + 8)
		dst := buf[4 : 4+n]
		err = FoldRows(op, dst, init, x, off, stride, rows)
		restore()
		if !ok {
			if err == nil || !sameBits(buf, guarded[T](n+8)) {
				t.Fatalf("%v: %d rows of %d at %d stride %d in %d: err %v, dst %v", l, rows, n, off, stride, xlen, err, dst)
			}
			continue
		}
		noErr(t, err)
		if i := firstDiff(dst, want); i >= 0 || !sameBits(buf[:4], guarded[T](4)) || !sameBits(buf[4+n:], guarded[T](4)) {
			t.Fatalf("%v: %v of %d rows of %d at %d stride %d: differs at %d", l, op, rows, n, off, stride, i)
		}
	}
}

func FuzzFoldRows(f *testing.F) {
	f.Add(uint8(0), uint16(70), uint8(9), int16(80), uint16(3), uint16(800), uint64(1))
	f.Add(uint8(5), uint16(33), uint8(4), int16(-40), uint16(130), uint16(200), uint64(2))
	f.Add(uint8(2), uint16(17), uint8(70), int16(0), uint16(0), uint16(17), uint64(3))
	f.Add(uint8(3), uint16(1000), uint8(3), int16(1000), uint16(1), uint16(2000), uint64(4))
	f.Add(uint8(6), uint16(70), uint8(9), int16(80), uint16(3), uint16(700), uint64(5)) // past the end
	f.Fuzz(func(t *testing.T, typ uint8, n uint16, rows uint8, stride int16, off, xlen uint16, seed uint64) {
		op := []Op{Add, Mul, Max, Min}[typ%4]
		if typ&4 == 0 {
			fuzzFoldRows[float32](t, op, int(n%4096), int(rows), int(stride), int(off), int(xlen), seed)
			return
		}
		fuzzFoldRows[float64](t, op, int(n%4096), int(rows), int(stride), int(off), int(xlen), seed)
	})
}

// fuzzReduceRows checks ReduceRows against Reduce per row, bit for bit, at
// the machine's level and at Generic, and that a row outside x is an
// error that writes nothing.
func fuzzReduceRows[T Float](t *testing.T, op Op, n, rows, stride, off, xlen int, seed uint64) {
	x := fuzzRowsData[T](op, xlen, seed)
	ok := rowsInside(n, rows, stride, off, xlen)
	for _, l := range []ISA{Level(), Generic} {
		restore, err := setLevel(l)
		noErr(t, err)
		buf := guarded[T](rows + 8)
		dst := buf[4 : 4+rows]
		err = ReduceRows(op, dst, x, off, stride, n)
		restore()
		if !ok {
			if err == nil || !sameBits(buf, guarded[T](rows+8)) {
				t.Fatalf("%v: %d rows of %d at %d stride %d in %d: err %v, dst %v", l, rows, n, off, stride, xlen, err, dst)
			}
			continue
		}
		noErr(t, err)
		for r := range rows {
			p := off + r*stride
			want, _ := Reduce(op, x[p:p+n])
			if !sameBits(dst[r:r+1], []T{want}) {
				t.Fatalf("%v: %v of row %d of %d at %d stride %d: got %v, want %v", l, op, r, n, off, stride, dst[r], want)
			}
		}
		if !sameBits(buf[:4], guarded[T](4)) || !sameBits(buf[4+rows:], guarded[T](4)) {
			t.Fatalf("%v: a guard cell was written", l)
		}
	}
}

func FuzzReduceRows(f *testing.F) {
	f.Add(uint8(0), uint16(128), uint8(9), int16(130), uint16(3), uint16(1400), uint64(1))
	f.Add(uint8(5), uint16(64), uint8(4), int16(-64), uint16(200), uint16(300), uint64(2))
	f.Add(uint8(1), uint16(96), uint8(8), int16(0), uint16(0), uint16(96), uint64(3))
	f.Add(uint8(4), uint16(33), uint8(5), int16(40), uint16(1), uint16(300), uint64(4))
	f.Add(uint8(0), uint16(128), uint8(9), int16(130), uint16(3), uint16(1100), uint64(5)) // past the end
	f.Fuzz(func(t *testing.T, typ uint8, n uint16, rows uint8, stride int16, off, xlen uint16, seed uint64) {
		op := []Op{Add, Mul, Max, Min}[typ%4]
		if typ&4 == 0 {
			fuzzReduceRows[float32](t, op, int(n%4096), int(rows), int(stride), int(off), int(xlen), seed)
			return
		}
		fuzzReduceRows[float64](t, op, int(n%4096), int(rows), int(stride), int(off), int(xlen), seed)
	})
}

func FuzzArgRows(f *testing.F) {
	f.Add(uint8(0), uint16(128), uint8(9), int16(130), uint16(3), uint16(1400), uint64(1))
	f.Add(uint8(1), uint16(64), uint8(4), int16(-64), uint16(200), uint16(300), uint64(2))
	f.Add(uint8(2), uint16(96), uint8(1), int16(0), uint16(0), uint16(96), uint64(3))
	f.Add(uint8(7), uint16(33), uint8(5), int16(40), uint16(1), uint16(300), uint64(4))
	f.Add(uint8(0), uint16(128), uint8(9), int16(130), uint16(3), uint16(1100), uint64(5)) // past the end
	f.Fuzz(func(t *testing.T, typ uint8, n uint16, rows uint8, stride int16, off, xlen uint16, seed uint64) {
		op := []Op{Max, Min}[typ%2]
		if typ&4 == 0 {
			fuzzArgRows[float32](t, op, int(n%4096), int(rows%16), int(stride), int(off), int(xlen), seed, typ&2 != 0)
			return
		}
		fuzzArgRows[float64](t, op, int(n%4096), int(rows%16), int(stride), int(off), int(xlen), seed, typ&2 != 0)
	})
}

// fuzzArgRows checks ArgRows against argRef at the machine's level and at
// Generic, on values with NaNs (nans) at places the seed picks or without,
// and that a row outside x is an error that writes nothing.
func fuzzArgRows[T Float](t *testing.T, op Op, n, rows, stride, off, xlen int, seed uint64, nans bool) {
	x := fuzzRowsData[T](Max, xlen, seed)
	for i := range x {
		x[i] = T(math.Round(float64(x[i]) / 16)) // ties
		if nans && (seed>>(i%61))&1 == 1 && (uint64(i)*seed)%97 == 0 {
			x[i] = T(math.NaN())
		}
	}
	ok := rowsInside(n, rows, stride, off, xlen)
	for _, l := range []ISA{Level(), Generic} {
		restore, err := setLevel(l)
		noErr(t, err)
		buf := make([]int, rows+8)
		for i := range buf {
			buf[i] = -9
		}
		idx := buf[4 : 4+rows]
		err = ArgRows(op, idx, x, off, stride, n)
		restore()
		if !ok {
			for _, v := range buf {
				if err == nil || v != -9 {
					t.Fatalf("%v: %d rows of %d at %d stride %d in %d: err %v, idx %v", l, rows, n, off, stride, xlen, err, idx)
				}
			}
			continue
		}
		noErr(t, err)
		for r := range rows {
			p := off + r*stride
			if want := argRef(op == Max, x[p:p+n]); idx[r] != want {
				t.Fatalf("%v: %v of row %d of %d at %d stride %d: got %d, want %d", l, op, r, n, off, stride, idx[r], want)
			}
		}
		for _, v := range append(buf[:4:4], buf[4+rows:]...) {
			if v != -9 {
				t.Fatalf("%v: a guard cell was written", l)
			}
		}
	}
}

// rowsInside reports whether rows of n > 0 elements from off at stride
// all lie in xlen elements: what ReduceRows and ArgRows accept.
func rowsInside(n, rows, stride, off, xlen int) bool {
	ok := n > 0
	for r := range rows {
		if p := off + r*stride; p < 0 || p+n > xlen {
			ok = false
		}
	}
	return ok || rows == 0 && n > 0
}
