package npy_test

import (
	"bytes"

	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tessera-go/tessera/internal/testint"
	"github.com/tessera-go/tessera/layout"
	"github.com/tessera-go/tessera/npy"
	"github.com/tessera-go/tessera/tensor"
)

// filled returns a row-major float64 view of n elements equal to x.
func filled(n int, x float64) tensor.View[float64] {
	return tensor.Must(tensor.Full(x, n)).View()
}

// TestSaveKeepsOldFile pins issue 11.1: a Save that failed part way left
// no file at all (it truncated the target in place and removed it on
// error).
func TestSaveKeepsOldFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "a.npy")
	require.NoError(t, npy.Save(path, filled(10, 1)))
	require.NoError(t, os.Chmod(path, 0o640))
	old, err := os.ReadFile(path)
	require.NoError(t, err)

	for _, limit := range []int{0, 100, 100 << 10} {
		npy.SetTestWriter(func(io.Writer) io.Writer { return &failWriter{limit} })
		err = npy.Save(path, filled(1<<17, 2)) // 1 MiB
		npy.SetTestWriter(nil)
		require.Error(t, err)
		assert.Contains(t, err.Error(), "npy: Save: ")
		assert.Contains(t, err.Error(), "disk full")
		now, err := os.ReadFile(path)
		require.NoError(t, err)
		assert.Equal(t, old, now, "the old file is intact after a failure at byte %d", limit)
		entries, err := os.ReadDir(dir)
		require.NoError(t, err)
		assert.Len(t, entries, 1, "no temporary file is left behind")
	}

	// A successful Save replaces the file and keeps its permissions.
	require.NoError(t, npy.Save(path, filled(3, 7)))
	v, err := npy.Load[float64](path)
	require.NoError(t, err)
	assert.Equal(t, []float64{7, 7, 7}, v.Data())
	st, err := os.Stat(path)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o640), st.Mode().Perm())
}

// TestSaveNonRegular pins the other half of issue 11.1: Save to a device
// that fails must not unlink the device.
func TestSaveNonRegular(t *testing.T) {
	st, err := os.Stat("/dev/full")
	if err != nil || st.Mode()&os.ModeCharDevice == 0 {
		t.Skip("no /dev/full on this system")
	}
	f, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skipf("cannot open /dev/full for writing: %v", err)
	}
	f.Close()
	err = npy.Save("/dev/full", filled(1000, 1))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "npy: Save: ")
	after, err := os.Stat("/dev/full")
	require.NoError(t, err, "/dev/full still exists")
	assert.Equal(t, st.Mode(), after.Mode())
	// Writing to a device that accepts the bytes works.
	require.NoError(t, npy.Save("/dev/null", filled(10, 1)))
}

// TestSaveThroughSymlink checks that Save replaces the file a link points
// to and keeps the link, also a dangling one.
func TestSaveThroughSymlink(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "target.npy")
	link := filepath.Join(dir, "link.npy")
	require.NoError(t, os.Symlink("target.npy", link)) // dangling for now
	require.NoError(t, npy.Save(link, filled(2, 3)))
	for _, name := range []string{target, link} {
		v, err := npy.Load[float64](name)
		require.NoError(t, err)
		assert.Equal(t, []float64{3, 3}, v.Data())
	}
	require.NoError(t, npy.Save(link, filled(1, 4)))
	fi, err := os.Lstat(link)
	require.NoError(t, err)
	assert.NotZero(t, fi.Mode()&os.ModeSymlink, "the link is kept")
	v, err := npy.Load[float64](target)
	require.NoError(t, err)
	assert.Equal(t, []float64{4}, v.Data())
}

// TestMapKeepsContentsOnResave pins issue 11.2: a Map view changed when
// the file was saved again.
func TestMapKeepsContentsOnResave(t *testing.T) {
	path := filepath.Join(t.TempDir(), "m.npy")
	require.NoError(t, npy.Save(path, filled(1<<16, 1)))
	m, err := npy.Map[float64](path)
	require.NoError(t, err)
	defer m.Close()
	require.NoError(t, npy.Save(path, filled(1<<16, 42)))
	assert.Equal(t, 1.0, m.View().At(0))
	assert.Equal(t, 1.0, m.View().At(1<<16-1))
	v, err := npy.Load[float64](path)
	require.NoError(t, err)
	assert.Equal(t, 42.0, v.At(0))
}

// sparseFile writes the header of a float64 array of n elements at path
// and extends the file to its full size without writing the data.
func sparseFile(t *testing.T, path string, n int) {
	t.Helper()
	hdr := header("{'descr': '<f8', 'fortran_order': False, 'shape': ("+itoa(n)+",), }", nil)
	f, err := os.Create(path)
	require.NoError(t, err)
	defer f.Close()
	_, err = f.Write(hdr)
	require.NoError(t, err)
	require.NoError(t, f.Truncate(int64(len(hdr))+int64(n)*8))
}

// TestMapLargerThanMemory pins issue 11.3: a 32 GiB sparse file could not
// be mapped (a writable private mapping was charged against the commit
// limit).
func TestMapLargerThanMemory(t *testing.T) {
	if testint.Bits < 64 {
		t.Skip("32 GiB do not fit the address space")
	}
	if runtime.GOOS != "linux" {
		t.Skip("Map reads the file into memory on this system")
	}
	if b, err := os.ReadFile("/proc/sys/vm/overcommit_memory"); err == nil && string(bytes.TrimSpace(b)) == "2" {
		t.Skip("strict overcommit reserves private mappings whatever MAP_NORESERVE says")
	}
	path := filepath.Join(t.TempDir(), "huge.npy")
	const n = 4 << (testint.Bits / 64 * 30) // 4<<30 float64: 32 GiB (the test skips on 32-bit)
	sparseFile(t, path, n)
	m, err := npy.Map[float64](path)
	require.NoError(t, err)
	v := m.View()
	assert.Equal(t, n, v.Size())
	assert.Equal(t, 0.0, v.At(0))
	assert.Equal(t, 0.0, v.At(n-1))
	v.Set(5, n/2) // copy-on-write of one page
	assert.Equal(t, 5.0, v.At(n/2))
	require.NoError(t, m.Close())
}

// TestLoadMaxBytes pins issue 11.4: a small sparse file claiming 2^33
// elements made Load allocate them; MaxBytes refuses it before allocating.
func TestLoadMaxBytes(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sparse.npy")
	n := 1 << 20
	if testint.Bits == 64 {
		n = 1 << (testint.Bits - 31) // 2^33 float64: 64 GiB claimed
	}
	sparseFile(t, path, n)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err := npy.Load[float64](path, npy.MaxBytes(1<<20))
	runtime.ReadMemStats(&after)
	require.ErrorIs(t, err, npy.ErrTooLarge)
	assert.EqualError(t, err, "npy: Load: data of "+itoa(n*8)+" bytes for shape ["+itoa(n)+"] of <f8 exceeds the limit of 1048576 bytes")
	assert.Less(t, after.TotalAlloc-before.TotalAlloc, uint64(1<<20))

	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	_, err = npy.Read[float64](f, npy.MaxBytes(100))
	require.ErrorIs(t, err, npy.ErrTooLarge)
	assert.Contains(t, err.Error(), "npy: Read: ")

	// Within the limit, and with no limit, small files load.
	small := filepath.Join(t.TempDir(), "small.npy")
	require.NoError(t, npy.Save(small, filled(4, 2)))
	for _, opts := range [][]npy.Option{nil, {npy.MaxBytes(32)}, {npy.MaxBytes(-1)}, {nil}} {
		v, err := npy.Load[float64](small, opts...)
		require.NoError(t, err)
		assert.Equal(t, []float64{2, 2, 2, 2}, v.Data())
	}
	_, err = npy.Load[float64](small, npy.MaxBytes(31))
	assert.ErrorIs(t, err, npy.ErrTooLarge)
}

// TestWriteLargeBroadcast pins issue 11.5: Write materialized the whole
// view and panicked in makeslice for a large broadcast view. It must stream
// through a bounded buffer and return the writer's error.
func TestWriteLargeBroadcast(t *testing.T) {
	scalar := tensor.Must(tensor.Full[int8](3)).View()
	huge := tensor.Must(scalar.Expand(testint.Huge))
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	err := npy.Write(&failWriter{16 << 20}, huge)
	runtime.ReadMemStats(&after)
	require.Error(t, err)
	assert.EqualError(t, err, "npy: Write: writing data: disk full")
	assert.Less(t, after.TotalAlloc-before.TotalAlloc, uint64(4<<20), "bytes allocated to write 16 MiB")

	// More bytes than a file can hold: refused before writing.
	big := tensor.Must(tensor.Must(tensor.Full[float64](1)).View().Expand(testint.Huge))
	var buf bytes.Buffer
	err = npy.Write(&buf, big)
	require.ErrorIs(t, err, layout.ErrOverflow)
	assert.Contains(t, err.Error(), "npy: Write: shape ["+itoa(testint.Huge)+"] of 8-byte elements takes more than math.MaxInt bytes")
	assert.Zero(t, buf.Len(), "nothing written")
}

// TestWriteStreamsBlocks writes non-contiguous views larger than the
// stream buffer, whole rows at a time and rows split in pieces, and reads
// them back.
func TestWriteStreamsBlocks(t *testing.T) {
	base := tensor.Must(tensor.Arange[float64](3 * 300000)).View()
	m := tensor.Must(base.View(3, 300000))
	flipped := tensor.Must(m.Flip(0))                                    // rows longer than the buffer
	tr := tensor.Must(tensor.Must(base.View(300000, 3)).Transpose(0, 1)) // written in Fortran order
	trFlip := tensor.Must(tr.Flip(1))                                    // neither order
	tall := tensor.Must(tensor.Must(base.View(450000, 2)).Flip(1))       // many rows per block
	step := tensor.Must(tensor.Must(base.View(9, 100000)).Slice(0, 0, 9, 2))
	for name, v := range map[string]tensor.View[float64]{"flipped": flipped, "transposed": tr, "flipped transpose": trFlip, "tall": tall, "step": step} {
		var buf bytes.Buffer
		require.NoError(t, npy.Write(&buf, v), name)
		w, err := npy.Read[float64](&buf)
		require.NoError(t, err, name)
		assert.Equal(t, v.Shape(), w.Shape(), name)
		assert.Equal(t, v.IsColumnMajor() && !v.IsContiguous(), w.IsColumnMajor() && !w.IsContiguous(), name)
		require.True(t, slices.Equal(v.Contiguous().Data(), w.Contiguous().Data()), name)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// TestSaveThroughLinkedDirectory checks a relative link whose directory
// is itself reached through a link: ".." climbs out of the real directory,
// as the kernel resolves it, not out of the path's text.
func TestSaveThroughLinkedDirectory(t *testing.T) {
	root := t.TempDir()
	require.NoError(t, os.MkdirAll(filepath.Join(root, "real", "sub"), 0o755))
	require.NoError(t, os.Symlink(filepath.Join(root, "real", "sub"), filepath.Join(root, "s")))
	require.NoError(t, os.Symlink(filepath.Join("..", "data.npy"), filepath.Join(root, "real", "sub", "link.npy")))
	require.NoError(t, npy.Save(filepath.Join(root, "real", "data.npy"), filled(1, 1)))
	require.NoError(t, npy.Save(filepath.Join(root, "s", "link.npy"), filled(2, 5)))
	v, err := npy.Load[float64](filepath.Join(root, "real", "data.npy"))
	require.NoError(t, err)
	assert.Equal(t, []float64{5, 5}, v.Data(), "the file the link points to is replaced")
	_, err = os.Stat(filepath.Join(root, "data.npy"))
	assert.ErrorIs(t, err, os.ErrNotExist, "no stray file beside the linked directory")
}
