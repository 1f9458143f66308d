package tensor

import (
	"fmt"
	"iter"
	"math"
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
)

// Format implements fmt.Formatter, printing the elements in nested brackets
// the way NumPy prints arrays:
//
//	[[0 1 2]
//	 [3 4 5]]
//
// The verb, flags and precision apply to every element (%v, %.3f, %g, %x…),
// and elements are right-aligned to a common width. Arrays of more than 1000
// elements are summarized with "..." and 3 items at each end of each axis,
// as NumPy does, and a view of many short axes shows at most 4096 elements,
// only the first item of its outer axes. An empty view prints as [], as in
// NumPy. With %+v a first line gives the shape, strides, offset and
// contiguity.
func (v View[T]) Format(f fmt.State, verb rune) {
	var b strings.Builder
	elem := elementFormat(f, verb)
	if verb == 'v' && f.Flag('+') {
		fmt.Fprintf(&b, "%v contiguous=%t\n", v.lay, v.lay.IsContiguous())
	}
	if v.Size() == 0 && v.Rank() > 0 {
		// NumPy prints every empty array as [], whatever its shape; the
		// brackets of its empty rows would be unbounded.
		b.WriteString("[]")
		_, _ = f.Write([]byte(b.String()))
		return
	}
	p := printer[T]{v: v, elem: elem}
	p.rank = v.Rank()
	p.plan()
	p.out = make([]string, 0, min(v.Size(), maxCells))
	p.collect(0, v.lay.Offset())
	for _, c := range p.out {
		p.width = max(p.width, len(c))
	}
	p.next = 0
	p.write(&b, 0)
	_, _ = f.Write([]byte(b.String()))
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

type printer[T Number] struct {
	v          View[T]
	elem       string
	head, tail []int // per axis: the items printed from the start and the end
	rank       int
	out        []string // the printed elements, formatted
	next       int
	width      int
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

// collect formats the printed elements in order, to learn their width;
// off is the offset of the first element of the items of axis k, and each
// printed item adds its index times the axis' stride.
func (p *printer[T]) collect(k, off int) {
	if k == p.rank {
		p.out = append(p.out, fmt.Sprintf(p.elem, p.v.data[off]))
		return
	}
	st, _ := p.v.lay.Stride(k)
	for i := range p.shown(k) {
		if i >= 0 {
			p.collect(k+1, off+i*st)
		}
	}
}

func (p *printer[T]) write(b *strings.Builder, k int) {
	rank := p.rank
	if k == rank {
		c := p.out[p.next]
		p.next++
		b.WriteString(strings.Repeat(" ", p.width-len(c)))
		b.WriteString(c)
		return
	}
	b.WriteByte('[')
	first := true
	for i := range p.shown(k) {
		if !first {
			if k == rank-1 {
				b.WriteByte(' ')
			} else {
				b.WriteString(strings.Repeat("\n", rank-1-k))
				b.WriteString(strings.Repeat(" ", k+1))
			}
		}
		first = false
		if i < 0 {
			b.WriteString("...")
			continue
		}
		p.write(b, k+1)
	}
	b.WriteByte(']')
}
