package tensor

import (
	"fmt"
	"iter"
	"strings"
)

// Printing follows NumPy: arrays larger than summarizeAbove elements show
// only edgeItems items at each end of every long axis.
const (
	summarizeAbove = 1000
	edgeItems      = 3
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
// as NumPy does. With %+v a first line gives the shape, strides, offset and
// contiguity.
func (v View[T]) Format(f fmt.State, verb rune) {
	var b strings.Builder
	elem := elementFormat(f, verb)
	if verb == 'v' && f.Flag('+') {
		fmt.Fprintf(&b, "%v contiguous=%t\n", v.lay, v.lay.IsContiguous())
	}
	p := printer[T]{v: v, elem: elem, summarize: v.Size() > summarizeAbove}
	p.idx = make([]int, v.Rank())
	p.cells = make([]string, 0, min(v.Size(), 2*summarizeAbove))
	p.collect(0)
	for _, c := range p.cells {
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
	v         View[T]
	elem      string
	summarize bool
	idx       []int
	cells     []string
	next      int
	width     int
}

// shown returns the indices of axis k that are printed, with -1 standing
// for the "..." of a summary.
func (p *printer[T]) shown(k int) iter.Seq[int] {
	d, _ := p.v.lay.Dim(k)
	return func(yield func(int) bool) {
		for i := 0; i < d; i++ {
			if p.summarize && d > 2*edgeItems && i == edgeItems {
				if !yield(-1) {
					return
				}
				i = d - edgeItems
			}
			if !yield(i) {
				return
			}
		}
	}
}

// collect formats the printed elements in order, to learn their width.
func (p *printer[T]) collect(k int) {
	if k == len(p.idx) {
		off, _ := p.v.lay.Index(p.idx...)
		p.cells = append(p.cells, fmt.Sprintf(p.elem, p.v.data[off]))
		return
	}
	for i := range p.shown(k) {
		if i >= 0 {
			p.idx[k] = i
			p.collect(k + 1)
		}
	}
}

func (p *printer[T]) write(b *strings.Builder, k int) {
	rank := len(p.idx)
	if k == rank {
		c := p.cells[p.next]
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
