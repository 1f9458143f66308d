package npy_test

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/tessera-go/tessera/npy"
	"github.com/tessera-go/tessera/tensor"
)

// FuzzRead feeds whole files to Read: it must never panic, every error must
// wrap a sentinel, and what it accepts must survive Write and Read again.
func FuzzRead(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*.npy"))
	for _, name := range files {
		if b, err := os.ReadFile(name); err == nil {
			f.Add(b)
		}
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		fuzzRead[float64](t, b)
		fuzzRead[float32](t, b)
		fuzzRead[int8](t, b)
		fuzzRead[uint16](t, b)
		fuzzRead[int32](t, b)
		fuzzRead[complex64](t, b)
		fuzzRead[complex128](t, b)
	})
}

func fuzzRead[T tensor.Number](t *testing.T, b []byte) {
	v, err := npy.Read[T](bytes.NewReader(b))
	if err != nil {
		if !errors.Is(err, npy.ErrFormat) && !errors.Is(err, npy.ErrDType) && !errors.Is(err, npy.ErrTruncated) {
			t.Fatalf("error wraps no sentinel: %v", err)
		}
		return
	}
	var buf bytes.Buffer
	if err := npy.Write(&buf, v); err != nil {
		t.Fatalf("Write of a view Read returned: %v", err)
	}
	w, err := npy.Read[T](&buf)
	if err != nil {
		t.Fatalf("Read of what Write wrote: %v", err)
	}
	if len(w.Shape()) != len(v.Shape()) || w.Size() != v.Size() || w.IsContiguous() != v.IsContiguous() {
		t.Fatalf("round trip changed shape %v into %v", v.Shape(), w.Shape())
	}
	a, c := v.Contiguous().Data(), w.Contiguous().Data()
	if !bytes.Equal(bytesOf(a), bytesOf(c)) {
		t.Fatalf("round trip changed the data")
	}
}

func bytesOf[T tensor.Number](s []T) []byte {
	var buf bytes.Buffer
	_ = npy.Write(&buf, tensor.Must(tensor.FromSlice(s)).View())
	return buf.Bytes()
}
