package npy_test

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tessera-go/tessera/npy"
	"github.com/tessera-go/tessera/tensor"
)

// npzContents is testdata/npz/contents.json: what gen.py put in the
// archives NumPy wrote.
type npzContents struct {
	NumPy  string `json:"numpy"`
	Arrays []struct {
		Name    string            `json:"name"`
		DType   string            `json:"dtype"`
		Shape   []int             `json:"shape"`
		Fortran bool              `json:"fortran"`
		Data    []json.RawMessage `json:"data"`
	} `json:"arrays"`
}

// TestArchiveNumPy reads the archives NumPy's savez and savez_compressed
// wrote: the names in order, every header, every array's values.
func TestArchiveNumPy(t *testing.T) {
	raw, err := os.ReadFile("testdata/npz/contents.json")
	require.NoError(t, err)
	var want npzContents
	require.NoError(t, json.Unmarshal(raw, &want))
	for _, file := range []string{"savez.npz", "savez_compressed.npz"} {
		t.Run(file, func(t *testing.T) {
			a, err := npy.OpenArchive(filepath.Join("testdata", "npz", file))
			require.NoError(t, err)
			defer func() { require.NoError(t, a.Close()) }()
			assert.Equal(t, []string{"weights", "counts", "z", "fortran", "big_endian", "scalar", "empty", "arr_0"}, a.Names())
			for _, w := range want.Arrays {
				h, err := a.Header(w.Name)
				require.NoError(t, err, w.Name)
				assert.Equal(t, w.DType, h.DType, w.Name)
				assert.Equal(t, w.Shape, append([]int{}, h.Shape...), w.Name)
				assert.Equal(t, w.Fortran, h.Fortran, w.Name)
				var got []string
				switch h.Type {
				case "float64":
					got = valuesOf(t, a, w.Name, func(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) })
				case "float32":
					got = valuesOf(t, a, w.Name, func(x float32) string { return strconv.FormatFloat(float64(x), 'g', -1, 64) })
				case "int32":
					got = valuesOf(t, a, w.Name, func(x int32) string { return strconv.Itoa(int(x)) })
				case "int64":
					got = valuesOf(t, a, w.Name, func(x int64) string { return strconv.Itoa(int(x)) })
				case "int8":
					got = valuesOf(t, a, w.Name, func(x int8) string { return strconv.Itoa(int(x)) })
				case "uint16":
					got = valuesOf(t, a, w.Name, func(x uint16) string { return strconv.Itoa(int(x)) })
				case "complex64":
					got = valuesOf(t, a, w.Name, func(x complex64) string {
						return fmt.Sprintf("[%s %s]", strconv.FormatFloat(float64(real(x)), 'g', -1, 64), strconv.FormatFloat(float64(imag(x)), 'g', -1, 64))
					})
				default:
					t.Fatalf("%s: no case for %s", w.Name, h.Type)
				}
				require.Len(t, got, len(w.Data), w.Name)
				for i, r := range w.Data {
					assert.Equal(t, pyValue(t, r), got[i], "%s[%d]", w.Name, i)
				}
			}
			_, err = npy.Get[float64](a, "nope")
			assert.ErrorIs(t, err, npy.ErrName)
			assert.Contains(t, err.Error(), `no array named "nope"`)
			_, err = npy.Get[float32](a, "weights")
			assert.ErrorIs(t, err, npy.ErrDType)
		})
	}
}

// valuesOf reads the array name and formats its values in row-major order.
func valuesOf[T tensor.Element](t *testing.T, a *npy.Archive, name string, f func(T) string) []string {
	t.Helper()
	v, err := npy.Get[T](a, name)
	require.NoError(t, err, name)
	var out []string
	for x := range v.Values() {
		out = append(out, f(x))
	}
	return out
}

// pyValue turns a value of contents.json (Python's repr of a float, an
// integer's digits, or [re, im]) into valuesOf's spelling.
func pyValue(t *testing.T, r json.RawMessage) string {
	var s string
	if json.Unmarshal(r, &s) == nil {
		x, err := strconv.ParseFloat(s, 64)
		require.NoError(t, err)
		return strconv.FormatFloat(x, 'g', -1, 64)
	}
	var p [2]string
	require.NoError(t, json.Unmarshal(r, &p))
	return fmt.Sprintf("[%s %s]", pyValue(t, json.RawMessage(strconv.Quote(p[0]))), pyValue(t, json.RawMessage(strconv.Quote(p[1]))))
}

// TestArchiveRoundTrip writes archives, stored and deflated, of views of
// several layouts and types, and reads them back.
func TestArchiveRoundTrip(t *testing.T) {
	m := tensor.Must(tensor.FromSlice([]float64{1, 2, 3, 4, 5, 6}, 2, 3))
	tr := tensor.Must(m.Transpose(0, 1))
	i16 := tensor.Must(tensor.FromSlice([]int16{-7, 8}, 2)).View()
	for _, compressed := range []bool{false, true} {
		var buf bytes.Buffer
		aw := npy.NewArchiveWriter(&buf, compressed)
		require.NoError(t, npy.Put(aw, "m", m.View()))
		require.NoError(t, npy.Put(aw, "t", tr))
		require.NoError(t, npy.Put(aw, "i", i16))
		require.NoError(t, aw.Close())
		require.NoError(t, aw.Close(), "a second Close does nothing")
		assert.ErrorIs(t, npy.Put(aw, "late", i16), npy.ErrClosed)

		a, err := npy.NewArchive(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
		require.NoError(t, err)
		assert.Equal(t, []string{"m", "t", "i"}, a.Names())
		gm, err := npy.Get[float64](a, "m")
		require.NoError(t, err)
		assert.Equal(t, m.Data(), gm.Contiguous().Data())
		gt, err := npy.Get[float64](a, "t")
		require.NoError(t, err)
		assert.Equal(t, tr.Contiguous().Data(), gt.Contiguous().Data())
		assert.Equal(t, []int{3, 2}, gt.Shape())
		assert.True(t, gt.IsColumnMajor(), "a transposed matrix is written in Fortran order")
		gi, err := npy.Get[int16](a, "i")
		require.NoError(t, err)
		assert.Equal(t, []int16{-7, 8}, gi.Contiguous().Data())
		zr, err := zip.NewReader(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
		require.NoError(t, err)
		method := zip.Store
		if compressed {
			method = zip.Deflate
		}
		for _, f := range zr.File {
			assert.Equal(t, method, f.Method, f.Name)
		}
	}
}

// TestArchiveErrors checks names Put refuses, damaged archives and the
// byte limit.
func TestArchiveErrors(t *testing.T) {
	v := tensor.Must(tensor.Arange[float64](1000)).View()
	var buf bytes.Buffer
	aw := npy.NewArchiveWriter(&buf, true)
	for _, name := range []string{"", "a/b", `a\b`} {
		assert.ErrorIs(t, npy.Put(aw, name, v), npy.ErrName, "%q", name)
	}
	require.NoError(t, npy.Put(aw, "x", v))
	err := npy.Put(aw, "x", v)
	assert.ErrorIs(t, err, npy.ErrName)
	assert.Contains(t, err.Error(), `npy: Put: array "x" put twice`)
	require.NoError(t, aw.Close())
	good := buf.Bytes()

	_, err = npy.NewArchive(bytes.NewReader([]byte("not a zip")), 9)
	assert.ErrorIs(t, err, npy.ErrFormat)

	// A member that is not a .npy file: Header and Get say so, naming
	// themselves.
	var zbuf bytes.Buffer
	zw := zip.NewWriter(&zbuf)
	w, err := zw.Create("bad.npy")
	require.NoError(t, err)
	_, err = w.Write([]byte("garbage, not NumPy"))
	require.NoError(t, err)
	require.NoError(t, zw.Close())
	bad, err := npy.NewArchive(bytes.NewReader(zbuf.Bytes()), int64(zbuf.Len()))
	require.NoError(t, err)
	_, err = bad.Header("bad")
	assert.ErrorIs(t, err, npy.ErrFormat)
	assert.Contains(t, err.Error(), "npy: Header: bad magic string")
	_, err = npy.Get[float64](bad, "bad")
	assert.ErrorIs(t, err, npy.ErrFormat)
	assert.Contains(t, err.Error(), "npy: Get: bad magic string")

	a, err := npy.NewArchive(bytes.NewReader(good), int64(len(good)), npy.MaxBytes(4000))
	require.NoError(t, err)
	_, err = npy.Get[float64](a, "x")
	assert.ErrorIs(t, err, npy.ErrTooLarge)

	// Flip a byte of the deflated data: the member no longer decompresses
	// or fails its checksum, and Get says so with ErrFormat.
	zr, err := zip.NewReader(bytes.NewReader(good), int64(len(good)))
	require.NoError(t, err)
	off, err := zr.File[0].DataOffset()
	require.NoError(t, err)
	for _, at := range []int64{off + 40, off + int64(zr.File[0].CompressedSize64) - 3} {
		bad := bytes.Clone(good)
		bad[at] ^= 0x55
		a, err := npy.NewArchive(bytes.NewReader(bad), int64(len(bad)))
		require.NoError(t, err)
		_, err = npy.Get[float64](a, "x")
		require.Error(t, err, "byte %d flipped", at)
		assert.True(t, errors.Is(err, npy.ErrFormat) || errors.Is(err, npy.ErrTruncated), "%v", err)
	}
}

// TestSaveArchive writes an archive to a file, and checks that a failing
// fill leaves the file there before as it was.
func TestSaveArchive(t *testing.T) {
	path := filepath.Join(t.TempDir(), "a.npz")
	v := tensor.Must(tensor.FromSlice([]float32{1, 2, 3}, 3)).View()
	require.NoError(t, npy.SaveArchive(path, false, func(aw *npy.ArchiveWriter) error { return npy.Put(aw, "v", v) }))
	before, err := os.ReadFile(path)
	require.NoError(t, err)
	boom := errors.New("boom")
	err = npy.SaveArchive(path, true, func(aw *npy.ArchiveWriter) error {
		if err := npy.Put(aw, "w", v); err != nil {
			return err
		}
		return boom
	})
	assert.Same(t, boom, err)
	after, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, before, after, "a failed SaveArchive leaves the file")
	entries, err := os.ReadDir(filepath.Dir(path))
	require.NoError(t, err)
	assert.Len(t, entries, 1, "no temporary file left")
	a, err := npy.OpenArchive(path)
	require.NoError(t, err)
	defer a.Close()
	got, err := npy.Get[float32](a, "v")
	require.NoError(t, err)
	assert.Equal(t, []float32{1, 2, 3}, got.Contiguous().Data())
}

// TestNumPyReadsGoArchives has NumPy load archives Go wrote, when a Python
// with NumPy is present (CI needs none: the archives NumPy wrote are
// committed and read by TestArchiveNumPy).
func TestNumPyReadsGoArchives(t *testing.T) {
	py := python(t)
	dir := t.TempDir()
	m := tensor.Must(tensor.FromSlice([]float64{1, 2, 3, 4, 5, 6}, 2, 3))
	tr := tensor.Must(m.Transpose(0, 1))
	for _, compressed := range []bool{false, true} {
		path := filepath.Join(dir, fmt.Sprintf("go-%t.npz", compressed))
		require.NoError(t, npy.SaveArchive(path, compressed, func(aw *npy.ArchiveWriter) error {
			if err := npy.Put(aw, "m", m.View()); err != nil {
				return err
			}
			return npy.Put(aw, "t", tr)
		}))
		out, err := exec.Command(py, "-c", `
import sys, numpy as np
with np.load(sys.argv[1]) as z:
    print(sorted(z.files), z["m"].tolist(), z["t"].tolist(), z["t"].flags.f_contiguous)
`, path).CombinedOutput()
		require.NoError(t, err, "%s", out)
		assert.Equal(t, "['m', 't'] [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]] [[1.0, 4.0], [2.0, 5.0], [3.0, 6.0]] True\n", string(out))
	}
}

// deflatedMember returns an archive of one deflated member, name.npy,
// holding body, whose directory claims size uncompressed bytes.
func deflatedMember(t *testing.T, name string, body []byte, size uint64) []byte {
	t.Helper()
	var comp bytes.Buffer
	fw, err := flate.NewWriter(&comp, flate.BestCompression)
	require.NoError(t, err)
	_, err = fw.Write(body)
	require.NoError(t, err)
	require.NoError(t, fw.Close())
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	w, err := zw.CreateRaw(&zip.FileHeader{
		Name:               name + ".npy",
		Method:             zip.Deflate,
		CRC32:              crc32.ChecksumIEEE(body),
		CompressedSize64:   uint64(comp.Len()),
		UncompressedSize64: size,
	})
	require.NoError(t, err)
	_, err = w.Write(comp.Bytes())
	require.NoError(t, err)
	require.NoError(t, zw.Close())
	return buf.Bytes()
}

// TestArchiveHugeClaims reads members whose header and directory claim far
// more than they hold: Get must fail without allocating what they claim
// (a 1 TiB claim was a fatal out-of-memory error).
func TestArchiveHugeClaims(t *testing.T) {
	for _, n := range []int64{137438953472, 1 << 29} { // 1 TiB, 4 GiB of <f8
		hdr := fmt.Sprintf("{'descr': '<f8', 'fortran_order': False, 'shape': (%d,), }", n)
		hdr += string(bytes.Repeat([]byte{' '}, 63-(10+len(hdr))%64)) + "\n"
		body := append([]byte("\x93NUMPY\x01\x00"), byte(len(hdr)), byte(len(hdr)>>8))
		body = append(body, hdr...)
		body = append(body, make([]byte, 1<<20)...)
		for _, claim := range []uint64{1 << 42, uint64(len(body))} {
			b := deflatedMember(t, "x", body, claim)
			a, err := npy.NewArchive(bytes.NewReader(b), int64(len(b)))
			require.NoError(t, err)
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			_, err = npy.Get[float64](a, "x")
			runtime.ReadMemStats(&after)
			require.Error(t, err)
			assert.True(t, errors.Is(err, npy.ErrTruncated) || errors.Is(err, npy.ErrFormat), "%v", err)
			assert.Less(t, after.TotalAlloc-before.TotalAlloc, uint64(64<<20),
				"a %d-byte archive claiming %d elements (directory %d bytes)", len(b), n, claim)
		}
	}
}

// failingReaderAt fails every read with EIO once fail is set.
type failingReaderAt struct {
	r    io.ReaderAt
	fail bool
}

func (f *failingReaderAt) ReadAt(p []byte, off int64) (int, error) {
	if f.fail {
		return 0, syscall.EIO
	}
	return f.r.ReadAt(p, off)
}

// TestArchiveIOErrors checks that a failing reader's error reaches the
// caller as it is and never as ErrFormat (a caller deleting files on
// ErrFormat would delete good ones).
func TestArchiveIOErrors(t *testing.T) {
	v := tensor.Must(tensor.Arange[float64](1000)).View()
	var buf bytes.Buffer
	aw := npy.NewArchiveWriter(&buf, true)
	require.NoError(t, npy.Put(aw, "x", v))
	require.NoError(t, aw.Close())
	good := buf.Bytes()

	notFormat := func(t *testing.T, err error, want error, op string) {
		t.Helper()
		require.Error(t, err)
		assert.ErrorIs(t, err, want)
		assert.NotErrorIs(t, err, npy.ErrFormat)
		assert.Contains(t, err.Error(), "npy: "+op+": ")
	}
	_, err := npy.NewArchive(&failingReaderAt{r: bytes.NewReader(good), fail: true}, int64(len(good)))
	notFormat(t, err, syscall.EIO, "NewArchive")

	fr := &failingReaderAt{r: bytes.NewReader(good)}
	a, err := npy.NewArchive(fr, int64(len(good)))
	require.NoError(t, err)
	fr.fail = true
	_, err = a.Header("x")
	notFormat(t, err, syscall.EIO, "Header")
	_, err = npy.Get[float64](a, "x")
	notFormat(t, err, syscall.EIO, "Get")

	path := filepath.Join(t.TempDir(), "a.npz")
	require.NoError(t, os.WriteFile(path, good, 0o666))
	a, err = npy.OpenArchive(path)
	require.NoError(t, err)
	require.NoError(t, a.Close())
	_, err = npy.Get[float64](a, "x")
	notFormat(t, err, os.ErrClosed, "Get")
	_, err = a.Header("x")
	notFormat(t, err, os.ErrClosed, "Header")
}

// TestSaveArchivePanic checks that a fill that panics leaves the old file
// as it was, no temporary file and no open descriptor, and that the panic
// reaches the caller.
func TestSaveArchivePanic(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "a.npz")
	v := tensor.Must(tensor.FromSlice([]float32{1, 2, 3}, 3)).View()
	require.NoError(t, npy.SaveArchive(path, false, func(aw *npy.ArchiveWriter) error { return npy.Put(aw, "v", v) }))
	before, err := os.ReadFile(path)
	require.NoError(t, err)
	fds := openFiles(t)
	func() {
		defer func() { assert.Equal(t, "boom", recover()) }()
		_ = npy.SaveArchive(path, true, func(aw *npy.ArchiveWriter) error {
			if err := npy.Put(aw, "w", v); err != nil {
				return err
			}
			panic("boom")
		})
		t.Error("the panic did not reach the caller")
	}()
	after, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, before, after, "a panicking fill leaves the file")
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	assert.Len(t, entries, 1, "no temporary file left")
	if fds >= 0 {
		assert.Equal(t, fds, openFiles(t), "no descriptor left open")
	}
}

// openFiles counts the process's open file descriptors, or returns -1
// where /proc/self/fd does not list them.
func openFiles(t *testing.T) int {
	t.Helper()
	entries, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		return -1
	}
	return len(entries)
}

// TestArchiveNegativeSize checks that a negative archive size is
// ErrFormat, as before the I/O errors were told apart.
func TestArchiveNegativeSize(t *testing.T) {
	_, err := npy.NewArchive(bytes.NewReader(nil), -1)
	assert.ErrorIs(t, err, npy.ErrFormat)
	assert.ErrorContains(t, err, "npy: NewArchive: negative archive size -1")
}
