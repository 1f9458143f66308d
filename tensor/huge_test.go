package tensor_test

import (
	"bufio"
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"

	"github.com/tessera-go/tessera/tensor"
)

// TestSetHugePages checks that the setting is returned and restored, that
// a large tensor allocated with it on is zeroed and usable, and, on Linux
// with transparent huge pages, that its memory carries the advice (the
// "hg" flag of its mapping in /proc/self/smaps).
func TestSetHugePages(t *testing.T) {
	prev := tensor.SetHugePages(true)
	defer tensor.SetHugePages(prev)
	require.True(t, tensor.SetHugePages(true))
	x := tensor.Must(tensor.New[float32](1024, 2048)) // 8 MiB
	for i, v := range x.Data() {
		if v != 0 {
			t.Fatalf("element %d is %v", i, v)
		}
	}
	x.Data()[len(x.Data())-1] = 3
	require.Equal(t, float32(3), x.At(1023, 2047))
	if runtime.GOOS != "linux" {
		return
	}
	if _, err := os.Stat("/sys/kernel/mm/transparent_hugepage"); err != nil {
		t.Skip("no transparent huge pages in this kernel")
	}
	addr := uintptr(unsafe.Pointer(&x.Data()[len(x.Data())/2]))
	flags := vmFlags(t, addr)
	require.Contains(t, strings.Fields(flags), "hg", "mapping of %#x: VmFlags %q", addr, flags)
	require.True(t, tensor.SetHugePages(false))
	require.False(t, tensor.SetHugePages(true))
}

// vmFlags returns the VmFlags of the mapping in /proc/self/smaps that
// holds addr.
func vmFlags(t *testing.T, addr uintptr) string {
	t.Helper()
	f, err := os.Open("/proc/self/smaps")
	if err != nil {
		t.Skip(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	in := false
	for sc.Scan() {
		line := sc.Text()
		if lo, hi, ok := mappingRange(line); ok {
			in = lo <= addr && addr < hi
			continue
		}
		if in && strings.HasPrefix(line, "VmFlags:") {
			return strings.TrimPrefix(line, "VmFlags:")
		}
	}
	require.NoError(t, sc.Err())
	t.Fatalf("no mapping holds %#x", addr)
	return ""
}

// mappingRange parses the address range of a mapping's first line in
// smaps ("7f12a0000000-7f12a4000000 rw-p ...").
func mappingRange(line string) (lo, hi uintptr, ok bool) {
	r, _, found := strings.Cut(line, " ")
	a, b, dash := strings.Cut(r, "-")
	if !found || !dash {
		return 0, 0, false
	}
	l, err1 := strconv.ParseUint(a, 16, 64)
	h, err2 := strconv.ParseUint(b, 16, 64)
	if err1 != nil || err2 != nil {
		return 0, 0, false
	}
	return uintptr(l), uintptr(h), true
}
