// Package loops holds the plain-Go elementwise loops that package ops runs
// for every element type and that package simd uses as the Go twins of its
// float32 and float64 arithmetic kernels: one definition of each loop.
//
// Every loop works on slices of one length (d's), so the compiler drops the
// bounds checks; generic code is compiled once per shape of T (float32 and
// float64 apart), so the operators are direct. The VV forms compute
// d[i] = x[i] op y[i], VS d[i] = x[i] op s, SV d[i] = s op y[i]; x and y
// must hold at least len(d) elements.
package loops

import "github.com/tessera-go/tessera/internal/num"

// Number, Real and Element are the constraints of internal/num.
type (
	Number  = num.Number
	Real    = num.Real
	Element = num.Element
)

// Add returns x + y.
func Add[T Number](x, y T) T { return x + y }

// Sub returns x - y.
func Sub[T Number](x, y T) T { return x - y }

// Mul returns x * y.
func Mul[T Number](x, y T) T { return x * y }

// Div returns x / y.
func Div[T Number](x, y T) T { return x / y }

// Max returns the larger of x and y, NaN when either is NaN, as NumPy's
// maximum does, and y when they compare equal (of two zeros, y). (x != x
// holds only for NaN.)
func Max[T Real](x, y T) T {
	if x > y || x != x {
		return x
	}
	return y
}

// Min returns the smaller of x and y, like Max.
func Min[T Real](x, y T) T {
	if x < y || x != x {
		return x
	}
	return y
}

// AddVV sets d[i] = x[i] + y[i].
func AddVV[T Number](d, x, y []T) {
	x, y = x[:len(d)], y[:len(d)]
	for i := range d {
		d[i] = x[i] + y[i]
	}
}

// AddVS sets d[i] = x[i] + s.
func AddVS[T Number](d, x []T, s T) {
	x = x[:len(d)]
	for i := range d {
		d[i] = x[i] + s
	}
}

// AddSV sets d[i] = s + y[i].
func AddSV[T Number](d []T, s T, y []T) {
	y = y[:len(d)]
	for i := range d {
		d[i] = s + y[i]
	}
}

// SubVV sets d[i] = x[i] - y[i].
func SubVV[T Number](d, x, y []T) {
	x, y = x[:len(d)], y[:len(d)]
	for i := range d {
		d[i] = x[i] - y[i]
	}
}

// SubVS sets d[i] = x[i] - s.
func SubVS[T Number](d, x []T, s T) {
	x = x[:len(d)]
	for i := range d {
		d[i] = x[i] - s
	}
}

// SubSV sets d[i] = s - y[i].
func SubSV[T Number](d []T, s T, y []T) {
	y = y[:len(d)]
	for i := range d {
		d[i] = s - y[i]
	}
}

// MulVV sets d[i] = x[i] * y[i].
func MulVV[T Number](d, x, y []T) {
	x, y = x[:len(d)], y[:len(d)]
	for i := range d {
		d[i] = x[i] * y[i]
	}
}

// MulVS sets d[i] = x[i] * s.
func MulVS[T Number](d, x []T, s T) {
	x = x[:len(d)]
	for i := range d {
		d[i] = x[i] * s
	}
}

// MulSV sets d[i] = s * y[i].
func MulSV[T Number](d []T, s T, y []T) {
	y = y[:len(d)]
	for i := range d {
		d[i] = s * y[i]
	}
}

// DivVV sets d[i] = x[i] / y[i]; for integers the caller has ruled out a
// zero y[i].
func DivVV[T Number](d, x, y []T) {
	x, y = x[:len(d)], y[:len(d)]
	for i := range d {
		d[i] = x[i] / y[i]
	}
}

// DivVS sets d[i] = x[i] / s.
func DivVS[T Number](d, x []T, s T) {
	x = x[:len(d)]
	for i := range d {
		d[i] = x[i] / s
	}
}

// DivSV sets d[i] = s / y[i].
func DivSV[T Number](d []T, s T, y []T) {
	y = y[:len(d)]
	for i := range d {
		d[i] = s / y[i]
	}
}

// MaxVV sets d[i] = Max(x[i], y[i]).
func MaxVV[T Real](d, x, y []T) {
	x, y = x[:len(d)], y[:len(d)]
	for i := range d {
		d[i] = Max(x[i], y[i])
	}
}

// MaxVS sets d[i] = Max(x[i], s).
func MaxVS[T Real](d, x []T, s T) {
	x = x[:len(d)]
	for i := range d {
		d[i] = Max(x[i], s)
	}
}

// MaxSV sets d[i] = Max(s, y[i]).
func MaxSV[T Real](d []T, s T, y []T) {
	y = y[:len(d)]
	for i := range d {
		d[i] = Max(s, y[i])
	}
}

// MinVV sets d[i] = Min(x[i], y[i]).
func MinVV[T Real](d, x, y []T) {
	x, y = x[:len(d)], y[:len(d)]
	for i := range d {
		d[i] = Min(x[i], y[i])
	}
}

// MinVS sets d[i] = Min(x[i], s).
func MinVS[T Real](d, x []T, s T) {
	x = x[:len(d)]
	for i := range d {
		d[i] = Min(x[i], s)
	}
}

// MinSV sets d[i] = Min(s, y[i]).
func MinSV[T Real](d []T, s T, y []T) {
	y = y[:len(d)]
	for i := range d {
		d[i] = Min(s, y[i])
	}
}

// Gather copies n elements with strides: dst[doff+i*dinc] = src[soff+i*sinc]
// for i in [0, n), in order (with dinc == 0 the last element wins). It is
// the kernel of simd.Strided, and the copier calls it directly for a
// gather whose indices the planner has proved in range; a bad index
// panics, as slice indexing does.
func Gather[T Element](dst []T, doff, dinc int, src []T, soff, sinc, n int) {
	switch dinc {
	case 0:
		if n > 0 {
			dst[doff] = src[soff+(n-1)*sinc]
		}
		return
	case 1:
		d := dst[doff : doff+n]
		if sinc == 1 {
			copy(d, src[soff:soff+n])
			return
		}
		// Four elements per step halve the loop's overhead on short
		// runs (a small transpose or permutation is many of them); the
		// step's furthest source element is checked before any of its
		// four is written.
		s, i := soff, 0
		for ; i+4 <= len(d); i += 4 {
			_ = src[s+3*sinc]
			d[i], d[i+1], d[i+2], d[i+3] = src[s], src[s+sinc], src[s+2*sinc], src[s+3*sinc]
			s += 4 * sinc
		}
		for ; i < len(d); i++ {
			d[i] = src[s]
			s += sinc
		}
		return
	}
	for ; n > 0; n-- {
		dst[doff] = src[soff]
		doff += dinc
		soff += sinc
	}
}

// The comparison loops: d[i] = x[i] op y[i] (VV) or x[i] op s (VS), for
// op ==, !=, <, <=, > and >=; s op y[i] is y[i] op' s with op' the mirror
// of op (< for >). x holds at least len(d) elements (y too). They are the
// Go twins of simd.Compare's kernels and the loops of ops' comparisons.

// EqVV sets d[i] = x[i] == y[i].
func EqVV[T Number](d []bool, x, y []T) {
	x, y = x[:len(d)], y[:len(d)]
	for i := range d {
		d[i] = x[i] == y[i]
	}
}

// EqVS sets d[i] = x[i] == s.
func EqVS[T Number](d []bool, x []T, s T) {
	x = x[:len(d)]
	for i := range d {
		d[i] = x[i] == s
	}
}

// NeVV sets d[i] = x[i] != y[i].
func NeVV[T Number](d []bool, x, y []T) {
	x, y = x[:len(d)], y[:len(d)]
	for i := range d {
		d[i] = x[i] != y[i]
	}
}

// NeVS sets d[i] = x[i] != s.
func NeVS[T Number](d []bool, x []T, s T) {
	x = x[:len(d)]
	for i := range d {
		d[i] = x[i] != s
	}
}

// LtVV sets d[i] = x[i] < y[i].
func LtVV[T Real](d []bool, x, y []T) {
	x, y = x[:len(d)], y[:len(d)]
	for i := range d {
		d[i] = x[i] < y[i]
	}
}

// LtVS sets d[i] = x[i] < s.
func LtVS[T Real](d []bool, x []T, s T) {
	x = x[:len(d)]
	for i := range d {
		d[i] = x[i] < s
	}
}

// LeVV sets d[i] = x[i] <= y[i].
func LeVV[T Real](d []bool, x, y []T) {
	x, y = x[:len(d)], y[:len(d)]
	for i := range d {
		d[i] = x[i] <= y[i]
	}
}

// LeVS sets d[i] = x[i] <= s.
func LeVS[T Real](d []bool, x []T, s T) {
	x = x[:len(d)]
	for i := range d {
		d[i] = x[i] <= s
	}
}

// GtVV sets d[i] = x[i] > y[i].
func GtVV[T Real](d []bool, x, y []T) {
	x, y = x[:len(d)], y[:len(d)]
	for i := range d {
		d[i] = x[i] > y[i]
	}
}

// GtVS sets d[i] = x[i] > s.
func GtVS[T Real](d []bool, x []T, s T) {
	x = x[:len(d)]
	for i := range d {
		d[i] = x[i] > s
	}
}

// GeVV sets d[i] = x[i] >= y[i].
func GeVV[T Real](d []bool, x, y []T) {
	x, y = x[:len(d)], y[:len(d)]
	for i := range d {
		d[i] = x[i] >= y[i]
	}
}

// GeVS sets d[i] = x[i] >= s.
func GeVS[T Real](d []bool, x []T, s T) {
	x = x[:len(d)]
	for i := range d {
		d[i] = x[i] >= s
	}
}
