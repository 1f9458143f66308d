package tensor

import (
	"fmt"
	"io"
	"iter"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
)

// Printing follows NumPy: arrays larger than summarizeAbove elements show
// only edgeItems items at each end of every long axis. Beyond NumPy, a
// summary shows at most maxCells elements: when the axes' edges multiply to
// more (many small axes), the outermost axes show only their first item
// and "...", so printing does bounded work on any view.
const (
	summarizeAbove = 1000
	edgeItems      = 3
	maxCells       = 4096
	lineWidth      = 75 // NumPy's linewidth: columns per line, brackets included
)

// Format implements fmt.Formatter. With %v (and %s) it prints the elements
// as NumPy's str does, in nested brackets:
//
//	[[0.   0.25 0.5 ]
//	 [1.   1.25 1.5 ]]
//
// NumPy's rules decide one format for every printed element: integers
// right-aligned to the widest; floats positional with the fewest digits
// that identify each value, at most 8 after the point ("1.", "0.33333333"),
// aligned on the point, or scientific for all when a magnitude is 1e8 or
// more, or below 1e-4, or the largest is over 1000 times the smallest;
// complex numbers as a real and an imaginary such column ("1.+2.j"); NaN
// and the infinities as nan, inf and -inf; bools as True and False, five
// columns each in an array ("[ True False]") and no sign. Lines wrap at 75 characters.
// Arrays of more than 1000 elements are summarized with "..." and 3 items
// at each end of each longer axis; beyond NumPy, a view of many short axes
// prints at most 4096 elements, only the first item of its outer axes, so
// printing does bounded work on any view. An empty view prints as [], and
// a rank-0 view as NumPy prints a scalar ("1.0", "1e+16", "(1.5+2j)").
//
// The flags keep their fmt meaning: a precision sets NumPy's (%.3v: at
// most 3 digits after the point), + prints a sign on every element and a
// space a space for the non-negative ones (NumPy's sign option), and a
// width pads every element to at least that many columns. %#v prints the
// Go expression that builds a tensor of the same shape and elements (all
// of them, however many). Every other verb (%d, %.2f, %e, %g, %x, ...) is
// applied to each element with its flags, width and precision, and the
// results are right-aligned and laid out as above. The metadata (element
// type, shape, strides, offset, contiguity) is [View.Describe]'s.
func (v View[T]) Format(f fmt.State, verb rune) {
	if verb == 'v' && f.Flag('#') {
		_, _ = io.WriteString(f, v.goSyntax())
		return
	}
	_, _ = io.WriteString(f, v.format(f, verb))
}

// format returns the elements as Format prints them with verb and the
// flags of f.
func (v View[T]) format(f fmt.State, verb rune) string {
	if v.Size() == 0 && v.Rank() > 0 {
		// NumPy prints every empty array as [], whatever its shape; the
		// brackets of its empty rows would be unbounded.
		return "[]"
	}
	p := printer[T]{v: v, rank: v.Rank()}
	p.plan()
	p.vals = make([]T, 0, min(v.Size(), maxCells))
	p.collect(0, v.lay.Offset())
	var strs []string
	if verb == 'v' || verb == 's' {
		strs = numpyStrings(p.vals, f, p.rank == 0)
	} else {
		elem := elementFormat(f, verb)
		strs = make([]string, len(p.vals))
		for i, x := range p.vals {
			strs[i] = fmt.Sprintf(elem, x)
		}
	}
	width := 0
	if w, ok := f.Width(); ok && (verb == 'v' || verb == 's') {
		width = w
	}
	for _, s := range strs {
		width = max(width, len(s))
	}
	for i, s := range strs {
		strs[i] = pad(s, width)
	}
	if p.rank == 0 {
		return strs[0]
	}
	p.strs = strs
	return p.layout(0, " ", lineWidth)
}

// numpyStrings formats vals by NumPy's rules (see [View.Format]), each
// kind of element in its own way, scalar for a rank-0 view.
func numpyStrings[T Element](vals []T, f fmt.State, scalar bool) []string {
	prec := 8
	if p, ok := f.Precision(); ok {
		prec = p
	}
	sign := byte('-')
	if f.Flag('+') {
		sign = '+'
	} else if f.Flag(' ') {
		sign = ' '
	}
	strs := make([]string, len(vals))
	k := reflect.TypeFor[T]()
	bits := 8 * int(k.Size())
	switch k.Kind() {
	case reflect.Float32, reflect.Float64:
		fs := make([]float64, len(vals))
		for i, x := range vals {
			fs[i] = reflect.ValueOf(x).Float()
		}
		if scalar {
			strs[0] = signScalar(scalarFloat(fs[0], bits, false), sign)
			return strs
		}
		ff := newFloatFormat(fs, bits, prec, sign)
		for i, x := range fs {
			strs[i] = ff.format(x)
		}
	case reflect.Complex64, reflect.Complex128:
		re, im := make([]float64, len(vals)), make([]float64, len(vals))
		for i, x := range vals {
			c := reflect.ValueOf(x).Complex()
			re[i], im[i] = real(c), imag(c)
		}
		if scalar {
			strs[0] = signScalar(scalarComplex(re[0], im[0], bits/2), sign)
			return strs
		}
		rf, jf := newFloatFormat(re, bits/2, prec, sign), newFloatFormat(im, bits/2, prec, '+')
		for i := range vals {
			j := jf.format(im[i])
			n := len(strings.TrimRight(j, " "))
			strs[i] = rf.format(re[i]) + j[:n] + "j" + j[n:]
		}
	case reflect.Bool:
		// NumPy's: True and False, True padded to False's width in an
		// array (" True" even where no element is False), no sign.
		t := " True"
		if scalar {
			t = "True"
		}
		for i, x := range vals {
			if reflect.ValueOf(x).Bool() {
				strs[i] = t
			} else {
				strs[i] = "False"
			}
		}
	default:
		for i, x := range vals {
			r := reflect.ValueOf(x)
			var s string
			if r.CanInt() {
				s = strconv.FormatInt(r.Int(), 10)
			} else {
				s = strconv.FormatUint(r.Uint(), 10)
			}
			strs[i] = signScalar(s, sign)
		}
	}
	return strs
}

// signScalar adds the sign rule's mark to a number printed without one.
func signScalar(s string, sign byte) string {
	if sign != '-' && !strings.HasPrefix(s, "-") && !strings.HasPrefix(s, "(-") {
		return string(sign) + s
	}
	return s
}

type printer[T Element] struct {
	v          View[T]
	head, tail []int // per axis: the items printed from the start and the end
	rank       int
	vals       []T      // the printed elements, in order
	strs       []string // the same, formatted to one width
	next       int
}

// plan decides which items of each axis are printed: all of them for a
// view of at most summarizeAbove elements; otherwise edgeItems at each end
// of the axes longer than 2*edgeItems, and, while the printed elements
// would still exceed maxCells, only the first item of the outermost axes.
func (p *printer[T]) plan() {
	sh := p.v.lay.Shape()
	p.head, p.tail = make([]int, len(sh)), make([]int, len(sh))
	for k, d := range sh {
		p.head[k] = d
		if p.v.Size() > summarizeAbove && d > 2*edgeItems {
			p.head[k], p.tail[k] = edgeItems, edgeItems
		}
	}
	for k := 0; k < len(sh) && p.cells() > maxCells; k++ {
		p.head[k], p.tail[k] = min(p.head[k], 1), 0
	}
}

// cells returns how many elements the plan prints, at most math.MaxInt.
func (p *printer[T]) cells() int {
	n := 1
	for k := range p.head {
		n = satMul(n, p.head[k]+p.tail[k])
	}
	return n
}

// satMul returns a*b for a, b >= 0, or math.MaxInt when that overflows.
func satMul(a, b int) int {
	if b != 0 && a > math.MaxInt/b {
		return math.MaxInt
	}
	return a * b
}

// shown returns the indices of axis k that are printed, with -1 standing
// for the "..." of a summary.
func (p *printer[T]) shown(k int) iter.Seq[int] {
	d, _ := p.v.lay.Dim(k)
	head, tail := p.head[k], p.tail[k]
	return func(yield func(int) bool) {
		for i := range head {
			if !yield(i) {
				return
			}
		}
		if head+tail < d && !yield(-1) {
			return
		}
		for i := d - tail; i < d; i++ {
			if !yield(i) {
				return
			}
		}
	}
}

// collect gathers the printed elements in order; off is the offset of the
// first element of the items of axis k, and each printed item adds its
// index times the axis' stride.
func (p *printer[T]) collect(k, off int) {
	if k == p.rank {
		p.vals = append(p.vals, p.v.data[off])
		return
	}
	st, _ := p.v.lay.Stride(k)
	for i := range p.shown(k) {
		if i >= 0 {
			p.collect(k+1, off+i*st)
		}
	}
}

// layout lays out the items of axis k as NumPy's _formatArray does: the
// last axis as words separated by spaces, wrapped to width columns with
// the continuation lines indented by hang; the others one item per line
// (with a blank line per further axis between them), indented by hang.
func (p *printer[T]) layout(k int, hang string, width int) string {
	var s strings.Builder
	items := slices.Collect(p.shown(k))
	if k == p.rank-1 {
		line := hang
		for n, i := range items {
			word := "..."
			if i >= 0 {
				word = p.strs[p.next]
				p.next++
			}
			// A line breaks before a word that would pass width-1 (room
			// for the "]"), unless the line holds no word yet.
			if len(line)+len(word) > width-1 && len(line) > len(hang) {
				s.WriteString(strings.TrimRight(line, " "))
				s.WriteByte('\n')
				line = hang
			}
			line += word
			if n < len(items)-1 {
				line += " "
			}
		}
		s.WriteString(line)
	} else {
		sep := strings.Repeat("\n", p.rank-1-k)
		for n, i := range items {
			s.WriteString(hang)
			if i < 0 {
				s.WriteString("...")
			} else {
				s.WriteString(p.layout(k+1, hang+" ", width-1))
			}
			if n < len(items)-1 {
				s.WriteString(sep)
			}
		}
	}
	return "[" + s.String()[len(hang):] + "]"
}

// Describe returns the view's metadata on one line: element type, shape,
// strides, offset, element count and whether it is contiguous (row-major),
// as in "View[float32] shape [2 3] strides [3 1] offset 0 size 6
// contiguous". Format prints the elements.
func (v View[T]) Describe() string { return v.describe("View") }

func (v View[T]) describe(kind string) string {
	c := "contiguous"
	if !v.lay.IsContiguous() {
		c = "not contiguous"
	}
	return fmt.Sprintf("%s[%v] %v size %d %s", kind, reflect.TypeFor[T](), v.lay, v.Size(), c)
}

// goSyntax returns the Go expression that builds a tensor of v's shape and
// elements: tensor.Must(tensor.FromSlice([]T{...}, shape...)), or
// tensor.Must(tensor.Full[T](x)) at rank 0.
func (v View[T]) goSyntax() string {
	if v.Rank() == 0 {
		return fmt.Sprintf("tensor.Must(tensor.Full[%v](%s))", reflect.TypeFor[T](), goLiteral(v.data[v.lay.Offset()]))
	}
	var b strings.Builder
	fmt.Fprintf(&b, "tensor.Must(tensor.FromSlice([]%v{", reflect.TypeFor[T]())
	n := 0
	for x := range v.Values() {
		if n > 0 {
			b.WriteString(", ")
		}
		b.WriteString(goLiteral(x))
		n++
	}
	b.WriteString("}")
	for _, d := range v.Shape() {
		fmt.Fprintf(&b, ", %d", d)
	}
	b.WriteString("))")
	return b.String()
}

// goLiteral returns x as a Go constant expression of its kind.
func goLiteral[T Element](x T) string {
	r := reflect.ValueOf(x)
	bits := 8 * int(r.Type().Size())
	float := func(f float64, bits int) string {
		switch {
		case math.IsNaN(f):
			return "math.NaN()"
		case math.IsInf(f, 1):
			return "math.Inf(1)"
		case math.IsInf(f, -1):
			return "math.Inf(-1)"
		}
		return strconv.FormatFloat(f, 'g', -1, bits)
	}
	switch {
	case r.Kind() == reflect.Bool:
		return strconv.FormatBool(r.Bool())
	case r.CanInt():
		return strconv.FormatInt(r.Int(), 10)
	case r.CanUint():
		return strconv.FormatUint(r.Uint(), 10)
	case r.CanFloat():
		return float(r.Float(), bits)
	}
	c := r.Complex()
	return "complex(" + float(real(c), bits/2) + ", " + float(imag(c), bits/2) + ")"
}

// elementFormat rebuilds the format of one element from the verb and flags.
func elementFormat(f fmt.State, verb rune) string {
	var b strings.Builder
	b.WriteByte('%')
	for _, flag := range "-# 0" {
		if f.Flag(int(flag)) {
			b.WriteRune(flag)
		}
	}
	if verb != 'v' && f.Flag('+') {
		b.WriteByte('+')
	}
	if w, ok := f.Width(); ok {
		fmt.Fprint(&b, w)
	}
	if p, ok := f.Precision(); ok {
		fmt.Fprintf(&b, ".%d", p)
	}
	if verb == 's' {
		verb = 'v'
	}
	b.WriteRune(verb)
	return b.String()
}
