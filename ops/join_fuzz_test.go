package ops_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/tessera-go/tessera/internal/choose"
	"github.com/tessera-go/tessera/internal/naive"
	"github.com/tessera-go/tessera/internal/testkit"
	"github.com/tessera-go/tessera/ops"
	"github.com/tessera-go/tessera/tensor"
)

// FuzzJoin decodes from the fuzzer's bytes a view (rank 1 to 4, sizes 0 to
// 5, a random layout: permuted, sliced with steps, flipped, broadcast), an
// axis and split indices (negative, beyond the size, in any order), and
// checks SplitAt against NumPy's slice semantics, Chunk against PyTorch's
// sizes, and that Concat of the parts gives the view back (or the parts'
// values joined, when the indices decrease); Split into equal parts is
// stacked along a random new axis and checked against the reference.
func FuzzJoin(f *testing.F) {
	f.Add([]byte{1, 4, 0, 9, 2, 3, 1, 12})
	f.Add([]byte{3, 2, 3, 0, 4, 1, 77, 2, 20, 1, 5, 3})
	f.Add([]byte{0, 5, 0, 200, 3, 16, 0, 30, 4})
	f.Add([]byte{2, 0, 5, 5, 2, 9, 9, 1, 0, 0, 6, 2, 1})
	f.Fuzz(func(t *testing.T, b []byte) {
		c := choose.NewBytes(b)
		rank := 1 + c.Intn(4)
		shape := make([]int, rank)
		for k := range shape {
			shape[k] = c.Intn(6)
		}
		axis := c.Intn(rank)
		r := rand.New(rand.NewPCG(uint64(c.Intn(1<<20)), 3))
		l := testkit.RandomView(r, shape)
		_, hi := l.Span()
		data := make([]int16, hi+1)
		for i := range data {
			data[i] = int16(i)
		}
		v := tensor.Must(tensor.NewView(data, l))
		ref := values(v)
		size := shape[axis]

		// SplitAt: part i is v[b(i-1):b(i)] along axis, NumPy's slice.
		idx := make([]int, c.Intn(4))
		for i := range idx {
			idx[i] = c.Intn(size+17) - 8
		}
		parts, err := ops.SplitAt(v, axis-c.Intn(2)*rank, idx...)
		if err != nil {
			t.Fatal(err)
		}
		if len(parts) != len(idx)+1 {
			t.Fatalf("%d parts for %d indices", len(parts), len(idx))
		}
		bound := func(i int) int {
			switch {
			case i < 0:
				return max(i+size, 0)
			default:
				return min(i, size)
			}
		}
		lo := 0
		refs := make([]naive.Array[int16], len(parts))
		for i, p := range parts {
			hi := size
			if i < len(idx) {
				hi = bound(idx[i])
			}
			refs[i] = sliceRef(ref, axis, lo, max(lo, hi))
			got := values(p)
			if !slices.Equal(got.Shape, refs[i].Shape) || !slices.Equal(got.Data, refs[i].Data) {
				t.Fatalf("SplitAt(%v, %d, %v) part %d: %v %v, want %v %v", shape, axis, idx, i, got.Shape, got.Data, refs[i].Shape, refs[i].Data)
			}
			lo = hi
		}
		back, err := ops.Concat(axis, parts...)
		if err != nil {
			t.Fatal(err)
		}
		if want := concatRef(axis, refs); !slices.Equal(want.Data, back.Data()) {
			t.Fatalf("Concat of the parts of SplitAt(%v, %d, %v)", shape, axis, idx)
		}

		// Chunk: ceil(size/n) per part, the last smaller; the parts join
		// back into the view.
		n := 1 + c.Intn(7)
		chunks, err := ops.Chunk(v, axis, n)
		if err != nil {
			t.Fatal(err)
		}
		if size > 0 {
			per := (size + n - 1) / n
			if len(chunks) != (size+per-1)/per {
				t.Fatalf("Chunk(%d in %d): %d parts", size, n, len(chunks))
			}
		} else if len(chunks) != n {
			t.Fatalf("Chunk of an empty axis in %d: %d parts", n, len(chunks))
		}
		back, err = ops.Concat(axis, chunks...)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(ref.Data, back.Data()) {
			t.Fatalf("Concat of Chunk(%v, %d, %d)", shape, axis, n)
		}

		// Split into equal parts, stacked along a new axis.
		k := 1 + c.Intn(3)
		if size%k != 0 {
			return
		}
		eq, err := ops.Split(v, axis, k)
		if err != nil {
			t.Fatal(err)
		}
		at := c.Intn(rank + 1)
		st, err := ops.Stack(at, eq...)
		if err != nil {
			t.Fatal(err)
		}
		stacked := make([]naive.Array[int16], k)
		for i := range eq {
			p := sliceRef(ref, axis, i*size/k, (i+1)*size/k)
			stacked[i] = naive.Array[int16]{Shape: slices.Insert(slices.Clone(p.Shape), at, 1), Data: p.Data}
		}
		if want := concatRef(at, stacked); !slices.Equal(want.Shape, st.Shape()) || !slices.Equal(want.Data, st.Data()) {
			t.Fatalf("Stack(%d) of Split(%v, %d, %d)", at, shape, axis, k)
		}
	})
}

// sliceRef returns a[lo:hi] along axis.
func sliceRef[T tensor.Number](a naive.Array[T], axis, lo, hi int) naive.Array[T] {
	shape := slices.Clone(a.Shape)
	shape[axis] = hi - lo
	out := naive.Array[T]{Shape: shape, Data: make([]T, naive.Size(shape))}
	for i := range out.Data {
		idx := naive.Unravel(shape, i)
		idx[axis] += lo
		out.Data[i] = a.Data[naive.Ravel(a.Shape, idx)]
	}
	return out
}
