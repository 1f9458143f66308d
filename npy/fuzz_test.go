package npy_test

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"unsafe"

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
		fuzzRead[bool](t, b)
	})
}

func fuzzRead[T tensor.Element](t *testing.T, b []byte) {
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
	if bs, ok := any(a).([]bool); ok {
		for i := range bs {
			if b := *(*byte)(unsafe.Pointer(&bs[i])); b > 1 {
				t.Fatalf("bool element %d holds the byte %d", i, b)
			}
		}
	}
	if !bytes.Equal(bytesOf(a), bytesOf(c)) {
		t.Fatalf("round trip changed the data")
	}
}

func bytesOf[T tensor.Element](s []T) []byte {
	var buf bytes.Buffer
	_ = npy.Write(&buf, tensor.Must(tensor.FromSlice(s)).View())
	return buf.Bytes()
}

// FuzzLoadMap writes whole files to disk and opens them with Load and Map,
// with and without a MaxBytes limit: neither may panic or fail without a
// sentinel, and where both succeed they must give the same array.
func FuzzLoadMap(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*.npy"))
	for _, name := range files {
		if b, err := os.ReadFile(name); err == nil {
			f.Add(b, int64(-1))
			f.Add(b, int64(len(b)/2))
		}
	}
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, b []byte, limit int64) {
		path := filepath.Join(dir, "f.npy")
		if err := os.WriteFile(path, b, 0o600); err != nil {
			t.Fatal(err)
		}
		fuzzLoadMap[float64](t, path, limit)
		fuzzLoadMap[float32](t, path, limit)
		fuzzLoadMap[int16](t, path, limit)
		fuzzLoadMap[uint8](t, path, limit)
		fuzzLoadMap[complex64](t, path, limit)
		fuzzLoadMap[bool](t, path, limit)
	})
}

func fuzzLoadMap[T tensor.Element](t *testing.T, path string, limit int64) {
	sentinel := func(err error) bool {
		return errors.Is(err, npy.ErrFormat) || errors.Is(err, npy.ErrDType) ||
			errors.Is(err, npy.ErrTruncated) || errors.Is(err, npy.ErrTooLarge)
	}
	v, lerr := npy.Load[T](path, npy.MaxBytes(limit))
	if lerr != nil && !sentinel(lerr) {
		t.Fatalf("Load: error wraps no sentinel: %v", lerr)
	}
	if lerr == nil && limit >= 0 && int64(v.Size())*int64(unsafe.Sizeof(*new(T))) > limit {
		t.Fatalf("Load returned %d elements over the limit of %d bytes", v.Size(), limit)
	}
	m, merr := npy.Map[T](path)
	if merr != nil {
		if !sentinel(merr) {
			t.Fatalf("Map: error wraps no sentinel: %v", merr)
		}
		return
	}
	defer m.Close()
	if lerr != nil {
		return // over the limit, or in the other byte order (Load converts, Map refuses)
	}
	w := m.View()
	if !slices.Equal(v.Shape(), w.Shape()) || v.IsContiguous() != w.IsContiguous() {
		t.Fatalf("Load gives shape %v, Map %v", v.Shape(), w.Shape())
	}
	if !bytes.Equal(bytesOf(v.Contiguous().Data()), bytesOf(w.Contiguous().Data())) {
		t.Fatalf("Load and Map give different data")
	}
}

// FuzzArchive feeds whole files to NewArchive and reads every array of
// what it accepts: nothing may panic, every error must wrap a sentinel,
// and MaxBytes must bound what a member (however well it compresses)
// makes Get allocate.
func FuzzArchive(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "npz", "*.npz"))
	for _, name := range files {
		if b, err := os.ReadFile(name); err == nil {
			f.Add(b)
		}
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		a, err := npy.NewArchive(bytes.NewReader(b), int64(len(b)), npy.MaxBytes(1<<16))
		if err != nil {
			if !errors.Is(err, npy.ErrFormat) {
				t.Fatalf("NewArchive: error wraps no sentinel: %v", err)
			}
			return
		}
		for _, name := range a.Names() {
			_, err := a.Header(name)
			archiveErr(t, err)
			_, err = npy.Get[float64](a, name)
			archiveErr(t, err)
			_, err = npy.Get[int32](a, name)
			archiveErr(t, err)
			_, err = npy.Get[complex64](a, name)
			archiveErr(t, err)
		}
	})
}

// archiveErr fails unless err is nil or wraps one of npy's sentinels.
func archiveErr(t *testing.T, err error) {
	t.Helper()
	if err == nil {
		return
	}
	for _, s := range []error{npy.ErrFormat, npy.ErrDType, npy.ErrTruncated, npy.ErrTooLarge} {
		if errors.Is(err, s) {
			return
		}
	}
	t.Fatalf("error wraps no sentinel: %v", err)
}
