package npy

import (
	"bytes"
	"errors"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseHeader(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want header
	}{
		{"numpy", "{'descr': '<f8', 'fortran_order': False, 'shape': (2, 3), }          \n",
			header{"<f8", false, []int{2, 3}}},
		{"key order", "{'shape': (4,), 'fortran_order': True, 'descr': '>i4'}",
			header{">i4", true, []int{4}}},
		{"no spaces", "{'descr':'|u1','fortran_order':False,'shape':()}",
			header{"|u1", false, []int{}}},
		{"double quotes", `{"descr": "<c16", "fortran_order": True, "shape": (1, 2, 3)}`,
			header{"<c16", true, []int{1, 2, 3}}},
		{"long suffix", "{'descr': '<i8', 'fortran_order': False, 'shape': (3L, 4L), }",
			header{"<i8", false, []int{3, 4}}},
		{"trailing comma in tuple", "{'descr': '<i2', 'fortran_order': False, 'shape': (3, 4,), }",
			header{"<i2", false, []int{3, 4}}},
		{"zero dims", "{'descr': '<f4', 'fortran_order': False, 'shape': (0, 3)}",
			header{"<f4", false, []int{0, 3}}},
		{"whitespace everywhere", " \t{ 'descr' : '<f4' ,\n 'fortran_order' : False , 'shape' : ( 5 , ) , } \r\n",
			header{"<f4", false, []int{5}}},
		{"plus sign", "{'descr': '<f4', 'fortran_order': False, 'shape': (+2,)}",
			header{"<f4", false, []int{2}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := parseHeader([]byte(tt.in))
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestParseHeaderHostile(t *testing.T) {
	tests := []struct {
		name string
		in   string
		err  error
		msg  string // substring of the message
	}{
		{"empty", "", ErrFormat, "expected '{'"},
		{"not a dict", "['descr']", ErrFormat, "expected '{'"},
		{"unterminated dict", "{'descr': '<f8'", ErrFormat, "expected ',' or '}'"},
		{"unterminated string", "{'descr: '<f8'}", ErrFormat, "expected ':'"},
		{"unterminated string at end", "{'descr", ErrFormat, "unterminated string"},
		{"missing shape", "{'descr': '<f8', 'fortran_order': False}", ErrFormat, `missing key "shape"`},
		{"missing descr", "{'fortran_order': False, 'shape': ()}", ErrFormat, `missing key "descr"`},
		{"extra key", "{'descr': '<f8', 'fortran_order': False, 'shape': (), 'x': 1}", ErrFormat, `unexpected key "x"`},
		{"duplicate key", "{'descr': '<f8', 'descr': '<f8', 'fortran_order': False, 'shape': ()}", ErrFormat, `duplicate key "descr"`},
		{"non-string key", "{1: 2}", ErrFormat, "expected a string key"},
		{"negative dim", "{'descr': '<f8', 'fortran_order': False, 'shape': (2, -3)}", ErrFormat, "negative shape dimension -3"},
		{"huge dim", "{'descr': '<f8', 'fortran_order': False, 'shape': (99999999999999999999,)}", ErrFormat, "shape dimension 99999999999999999999 overflows int"},
		{"shape not tuple", "{'descr': '<f8', 'fortran_order': False, 'shape': [2, 3]}", ErrFormat, "'shape' is not a tuple"},
		{"parenthesized int", "{'descr': '<f8', 'fortran_order': False, 'shape': (3)}", ErrFormat, "'shape' is not a tuple"},
		{"float dim", "{'descr': '<f8', 'fortran_order': False, 'shape': (3.5,)}", ErrFormat, "expected ',' or ')'"},
		{"string dim", "{'descr': '<f8', 'fortran_order': False, 'shape': ('3',)}", ErrFormat, "dimension 0 is not an integer"},
		{"fortran not bool", "{'descr': '<f8', 'fortran_order': 0, 'shape': ()}", ErrFormat, "'fortran_order' is not True or False"},
		{"fortran lowercase", "{'descr': '<f8', 'fortran_order': false, 'shape': ()}", ErrFormat, "unknown name"},
		{"descr not string", "{'descr': 8, 'fortran_order': False, 'shape': ()}", ErrFormat, "'descr' is not a string"},
		{"structured descr", "{'descr': [('x', '<i4')], 'fortran_order': False, 'shape': (2,)}", ErrDType, "structured dtypes are not supported"},
		{"text after dict", "{'descr': '<f8', 'fortran_order': False, 'shape': ()} x", ErrFormat, "unexpected text after '}'"},
		{"two commas", "{'descr': '<f8',, 'fortran_order': False, 'shape': ()}", ErrFormat, "expected a string key"},
		{"deep nesting", "{'shape': " + strings.Repeat("(", 100000), ErrFormat, "nesting deeper than 16"},
		{"sign only", "{'descr': '<f8', 'fortran_order': False, 'shape': (-,)}", ErrFormat, "expected digits"},
		{"too many dims", "{'descr': '<f8', 'fortran_order': False, 'shape': (" + strings.Repeat("1, ", 65) + ")}", ErrFormat, "65 dimensions, more than 64"},
		{"nul byte", "{'descr': '<f8', 'fortran_order': False, 'shape': ()}\x00", ErrFormat, "unexpected text after '}'"},
		{"newline in string", "{'descr': '<f\n8', 'fortran_order': False, 'shape': ()}", ErrFormat, "newline in string"},
		{"escaped quote in key", `{'descr': '<f4', 'fortran_order': False, 'shape': (1,), 'x\'y': 1}`, ErrFormat, `unexpected key "x'y"`},
		{"nested dict", "{'descr': {}, 'fortran_order': False, 'shape': ()}", ErrFormat, "unexpected '{'"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := parseHeader([]byte(tt.in))
			require.Error(t, err)
			assert.ErrorIs(t, err, tt.err)
			assert.Contains(t, withOp("Read", err).Error(), tt.msg)
			assert.True(t, strings.HasPrefix(withOp("Read", err).Error(), "npy: Read: "), err.Error())
		})
	}
}

func TestParseDescr(t *testing.T) {
	tests := []struct {
		in   string
		want dtype
		err  error
	}{
		{"<f4", dtype{'<', 'f', 4}, nil},
		{">f8", dtype{'>', 'f', 8}, nil},
		{"<i1", dtype{'|', 'i', 1}, nil},
		{"|i1", dtype{'|', 'i', 1}, nil},
		{"|u1", dtype{'|', 'u', 1}, nil},
		{">u8", dtype{'>', 'u', 8}, nil},
		{"<c8", dtype{'<', 'c', 8}, nil},
		{">c16", dtype{'>', 'c', 16}, nil},
		{"=f8", dtype{nativeOrder, 'f', 8}, nil},
		{"|b1", dtype{'|', 'b', 1}, nil},
		{"<b1", dtype{'|', 'b', 1}, nil},
		{"<b2", dtype{}, ErrDType},
		{"<f2", dtype{'<', 'f', 2}, nil},
		{">f2", dtype{'>', 'f', 2}, nil},
		{"<f16", dtype{}, ErrDType},
		{"<c32", dtype{}, ErrDType},
		{"<U3", dtype{}, ErrDType},
		{"|S5", dtype{}, ErrDType},
		{"|O", dtype{}, ErrDType},
		{"<M8[ns]", dtype{}, ErrDType},
		{"|f8", dtype{}, ErrDType},
		{"<i3", dtype{}, ErrDType},
		{"<i+8", dtype{}, ErrDType},
		{"", dtype{}, ErrDType},
		{"float64", dtype{}, ErrDType},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := parseDescr(tt.in)
			if tt.err != nil {
				require.ErrorIs(t, err, tt.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
}

type celsius float64

func TestTypeOf(t *testing.T) {
	check := func(got dtype, name string, descr, wantName string) {
		t.Helper()
		if descr[0] == '<' && nativeOrder == '>' {
			descr = ">" + descr[1:]
		}
		assert.Equal(t, descr, got.String())
		assert.Equal(t, wantName, name)
	}
	d, n := typeOf[float32]()
	check(d, n, "<f4", "float32")
	d, n = typeOf[float64]()
	check(d, n, "<f8", "float64")
	d, n = typeOf[int8]()
	check(d, n, "|i1", "int8")
	d, n = typeOf[uint8]()
	check(d, n, "|u1", "uint8")
	d, n = typeOf[int16]()
	check(d, n, "<i2", "int16")
	d, n = typeOf[uint32]()
	check(d, n, "<u4", "uint32")
	d, n = typeOf[complex64]()
	check(d, n, "<c8", "complex64")
	d, n = typeOf[complex128]()
	check(d, n, "<c16", "complex128")
	d, n = typeOf[int]()
	check(d, n, "<i"+strconv.Itoa(strconv.IntSize/8), "int")
	d, n = typeOf[uintptr]()
	check(d, n, "<u"+strconv.Itoa(strconv.IntSize/8), "uintptr")
	d, n = typeOf[celsius]()
	check(d, n, "<f8", "npy.celsius")
}

func TestFormatHeader(t *testing.T) {
	for _, shape := range [][]int{{}, {0}, {7}, {2, 3}, {1, 2, 3, 4, 5}, {0, 3}} {
		for _, fortran := range []bool{false, true} {
			d := dtype{'<', 'f', 8}
			b := formatHeader(d, fortran, shape)
			assert.Equal(t, 0, len(b)%64, "len %d", len(b))
			assert.Equal(t, byte('\n'), b[len(b)-1])
			p, err := readPreamble(bytes.NewReader(b))
			require.NoError(t, err)
			assert.Equal(t, 1, p.major)
			assert.Equal(t, len(b), p.size)
			assert.Equal(t, shape, p.shape)
			assert.Equal(t, fortran, p.fortran)
			assert.Equal(t, d, p.dtype)
		}
	}
	// The exact text NumPy writes, less its growth padding.
	b := formatHeader(dtype{'>', 'i', 4}, true, []int{3})
	assert.Equal(t, "{'descr': '>i4', 'fortran_order': True, 'shape': (3,), }", strings.TrimRight(string(b[10:]), " \n"))
}

func TestFormatHeaderVersion2(t *testing.T) {
	// A header longer than 65535 bytes needs version 2.0; no rank MaxRank
	// shape gets there, so formatHeader is called directly.
	shape := make([]int, 7000)
	for i := range shape {
		shape[i] = 1000000000
	}
	b := formatHeader(dtype{'<', 'f', 4}, false, shape)
	assert.Equal(t, byte(2), b[6])
	assert.Equal(t, 0, len(b)%64)
	hlen := int(b[8]) | int(b[9])<<8 | int(b[10])<<16 | int(b[11])<<24
	assert.Equal(t, len(b)-12, hlen)
	_, err := readPreamble(bytes.NewReader(b))
	assert.ErrorIs(t, err, ErrFormat) // too many dimensions for a Layout
	assert.Contains(t, err.Error(), "7000 dimensions")
}

func TestNumElements(t *testing.T) {
	n, err := numElements([]int{2, 3, 4}, 8)
	require.NoError(t, err)
	assert.Equal(t, 24, n)
	n, err = numElements(nil, 8)
	require.NoError(t, err)
	assert.Equal(t, 1, n)
	n, err = numElements([]int{0, 5}, 8)
	require.NoError(t, err)
	assert.Equal(t, 0, n)
	_, err = numElements([]int{math.MaxInt / 4, 5}, 1)
	assert.ErrorIs(t, err, ErrFormat)
	_, err = numElements([]int{math.MaxInt / 4}, 8)
	assert.ErrorIs(t, err, ErrFormat)
	_, err = numElements([]int{0, math.MaxInt / 2, 3}, 1)
	assert.ErrorIs(t, err, ErrFormat)
	assert.Contains(t, err.Error(), "overflows int")
}

func TestReadPreambleHostile(t *testing.T) {
	dict := "{'descr': '<f8', 'fortran_order': False, 'shape': (2,), }"
	v1 := func(hlen int, dict string) string {
		return magic + "\x01\x00" + string([]byte{byte(hlen), byte(hlen >> 8)}) + dict
	}
	tests := []struct {
		name string
		in   string
		err  error
		msg  string
	}{
		{"empty", "", ErrTruncated, "magic string and version truncated: got 0 of 8 bytes"},
		{"short magic", "\x93NUM", ErrTruncated, "got 4 of 8 bytes"},
		{"bad magic", "\x93NUMPX\x01\x00", ErrFormat, `bad magic string "\x93NUMPX"`},
		{"short bad magic", "PK\x03", ErrFormat, "bad magic string \"PK\\x03\""},
		{"version 4", magic + "\x04\x00\x00\x00", ErrFormat, "unsupported format version 4.0"},
		{"version 1.1", magic + "\x01\x01\x00\x00", ErrFormat, "unsupported format version 1.1"},
		{"version 0", magic + "\x00\x00\x00\x00", ErrFormat, "unsupported format version 0.0"},
		{"no length", magic + "\x01\x00\x05", ErrTruncated, "header length truncated: got 1 of 2 bytes"},
		{"short header", v1(200, dict), ErrTruncated, "header truncated: got 57 of 200 bytes"},
		{"header too long", magic + "\x02\x00\x01\x00\x10\x00", ErrFormat, "header length 1048577 exceeds 1048576 bytes"},
		{"header 4GiB", magic + "\x03\x00\xff\xff\xff\xff", ErrFormat, "header length 4294967295 exceeds"},
		{"bad utf-8 v3", magic + "\x03\x00\x02\x00\x00\x00\xff\xfe", ErrFormat, "not valid utf-8"},
		{"bool of 2 bytes", v1(len(dict)+1, strings.Replace(dict, "<f8", "<b2", 1)+"\n"), ErrDType, `unsupported dtype "<b2"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := readPreamble(strings.NewReader(tt.in))
			require.Error(t, err)
			assert.ErrorIs(t, err, tt.err)
			assert.Contains(t, err.Error(), tt.msg)
		})
	}
}

func TestSwapBytes(t *testing.T) {
	b := []byte{1, 2, 3, 4, 5, 6, 7, 8}
	swapBytes(b, 2)
	assert.Equal(t, []byte{2, 1, 4, 3, 6, 5, 8, 7}, b)
	swapBytes(b, 2)
	swapBytes(b, 4)
	assert.Equal(t, []byte{4, 3, 2, 1, 8, 7, 6, 5}, b)
	swapBytes(b, 4)
	swapBytes(b, 8)
	assert.Equal(t, []byte{8, 7, 6, 5, 4, 3, 2, 1}, b)
	swapBytes(b, 1)
	assert.Equal(t, []byte{8, 7, 6, 5, 4, 3, 2, 1}, b)
}

// FuzzParseHeader checks that parseHeader never panics and that what it
// accepts survives formatting and parsing again.
func FuzzParseHeader(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*.npy"))
	for _, name := range files {
		b, err := os.ReadFile(name)
		if err == nil && len(b) > 10 {
			hlen := int(b[8]) | int(b[9])<<8
			if b[6] != 1 {
				hlen = int(b[8]) | int(b[9])<<8 | int(b[10])<<16 | int(b[11])<<24
				b = b[2:]
			}
			f.Add(b[10:min(10+hlen, len(b))])
		}
	}
	f.Add([]byte("{'descr': '<f8', 'fortran_order': False, 'shape': (3L, 4L,), }"))
	f.Add([]byte(`{"shape": (), "descr": "\\'x", "fortran_order": True}`))
	f.Add([]byte("{'descr': [('x', '<i4'), ('y', [1, (2,)])], 'fortran_order': None, 'shape': (-1,)}"))
	f.Fuzz(func(t *testing.T, b []byte) {
		h, err := parseHeader(b)
		if err != nil {
			if !errors.Is(err, ErrFormat) && !errors.Is(err, ErrDType) {
				t.Fatalf("error wraps no sentinel: %v", err)
			}
			return
		}
		if len(h.shape) > MaxRank {
			t.Fatalf("rank %d accepted", len(h.shape))
		}
		for _, d := range h.shape {
			if d < 0 {
				t.Fatalf("negative dimension accepted: %v", h.shape)
			}
		}
		d, err := parseDescr(h.descr)
		if err != nil {
			return
		}
		p, err := readPreamble(bytes.NewReader(formatHeader(d, h.fortran, h.shape)))
		if err != nil {
			t.Fatalf("formatted header of %+v does not parse: %v", h, err)
		}
		if p.fortran != h.fortran || p.dtype != d || len(p.shape) != len(h.shape) {
			t.Fatalf("round trip changed %+v into %+v", h, p.header)
		}
	})
}
