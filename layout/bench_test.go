package layout_test

import (
	"testing"

	"github.com/tessera-go/tessera/layout"
)

var sinkLayout layout.Layout

// BenchmarkPermute is the layout arithmetic of a rank-4 permute alone,
// without the view around it (see ops.BenchmarkViewOps).
func BenchmarkPermute(b *testing.B) {
	l, _ := layout.RowMajor(8, 16, 32, 64)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		sinkLayout, _ = l.Permute(0, 2, 3, 1)
	}
}

// BenchmarkNewPlan is the planning of a copy: what every Contiguous, Clone
// and CopyTo pays before moving data.
func BenchmarkNewPlan(b *testing.B) {
	l, _ := layout.RowMajor(32, 64, 56, 56)
	p, _ := l.Permute(0, 2, 3, 1)
	d := p.Contiguous()
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := layout.NewPlan(d, p); err != nil {
			b.Fatal(err)
		}
	}
}

var sinkIter layout.Iter

// BenchmarkIterReset is the planning of an elementwise operation: what
// every ops call pays before computing. copy is NewPlan's case as an Iter
// of two operands; add is a binary operation with a broadcast bias.
func BenchmarkIterReset(b *testing.B) {
	l, _ := layout.RowMajor(32, 64, 56, 56)
	p, _ := l.Permute(0, 2, 3, 1)
	d := p.Contiguous()
	bias, _ := layout.RowMajor(64)
	bias, _ = bias.Unsqueeze(-1)
	bias, _ = bias.Unsqueeze(-1)
	b.Run("copy", func(b *testing.B) {
		b.ReportAllocs()
		for range b.N {
			if err := sinkIter.Reset(&d, &p); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("add", func(b *testing.B) {
		b.ReportAllocs()
		for range b.N {
			if err := sinkIter.Reset(&l, &l, &bias); err != nil {
				b.Fatal(err)
			}
		}
	})
}
