package npy

import (
	"encoding/binary"
	"reflect"
	"strconv"
	"unsafe"
)

// dtype is a parsed NumPy array-protocol type string such as "<f8": a byte
// order ('<' little, '>' big, '|' not applicable), a kind ('f' float, 'i'
// signed integer, 'u' unsigned integer, 'c' complex, 'b' bool) and an
// item size in bytes.
type dtype struct {
	order byte
	kind  byte
	size  int
}

// nativeOrder is '<' on little-endian machines and '>' on big-endian ones.
var nativeOrder = func() byte {
	var x uint16 = 1
	if *(*byte)(unsafe.Pointer(&x)) == 1 {
		return '<'
	}
	return '>'
}()

// String returns the type string as NumPy writes it in a header.
func (d dtype) String() string {
	return string(d.order) + string(d.kind) + strconv.Itoa(d.size)
}

// same reports whether d and e describe the same values, ignoring byte order.
func (d dtype) same(e dtype) bool { return d.kind == e.kind && d.size == e.size }

// isHalf reports whether d is float16, which has no Go type: read into
// float32 or float64, written from them on request (see float16.go).
func (d dtype) isHalf() bool { return d.kind == 'f' && d.size == 2 }

// native reports whether data of type d can be used in memory as is.
func (d dtype) native() bool { return d.size == 1 || d.order == nativeOrder }

// swapWidth is the width of the units whose bytes a byte-order change
// reverses: the item size, or half of it for complex numbers.
func (d dtype) swapWidth() int {
	if d.kind == 'c' {
		return d.size / 2
	}
	return d.size
}

// parseDescr parses a 'descr' value of a header. It returns ErrDType for type
// strings that are well formed but have no Go counterpart.
func parseDescr(s string) (dtype, error) {
	if len(s) < 3 || len(s) > 5 {
		return dtype{}, errorf(ErrDType, "unsupported dtype %q", s)
	}
	d := dtype{order: s[0], kind: s[1]}
	if d.order == '=' {
		d.order = nativeOrder
	}
	for i := 2; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return dtype{}, errorf(ErrDType, "unsupported dtype %q", s)
		}
	}
	n, err := strconv.Atoi(s[2:])
	if err != nil || (d.order != '<' && d.order != '>' && d.order != '|') {
		return dtype{}, errorf(ErrDType, "unsupported dtype %q", s)
	}
	d.size = n
	ok := false
	switch d.kind {
	case 'i', 'u':
		ok = n == 1 || n == 2 || n == 4 || n == 8
	case 'f':
		ok = n == 2 || n == 4 || n == 8 // float16 reads into float32 or float64
	case 'c':
		ok = n == 8 || n == 16
	case 'b':
		ok = n == 1
	}
	if !ok {
		return dtype{}, errorf(ErrDType, "unsupported dtype %q: no matching go type", s)
	}
	if d.order == '|' && n != 1 {
		return dtype{}, errorf(ErrDType, "unsupported dtype %q: byte order '|' for a %d-byte type", s, n)
	}
	if n == 1 {
		d.order = '|'
	}
	return d, nil
}

// typeOf returns the dtype that stores T in native byte order and the name of
// T for messages. Go's int, uint and uintptr map to integers of their size
// on the platform (8 bytes on 64-bit systems). Types defined on a numeric
// type (type Celsius float64) map like their underlying type.
func typeOf[T any]() (dtype, string) {
	var zero T
	t := reflect.TypeOf(&zero).Elem()
	d := dtype{order: nativeOrder, size: int(unsafe.Sizeof(zero))}
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		d.kind = 'i'
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		d.kind = 'u'
	case reflect.Float32, reflect.Float64:
		d.kind = 'f'
	case reflect.Complex64, reflect.Complex128:
		d.kind = 'c'
	case reflect.Bool:
		d.kind = 'b'
	}
	if d.size == 1 {
		d.order = '|'
	}
	return d, t.String()
}

// normalizeBools sets every byte of b other than 0 to 1: a bool stored
// in a file as any nonzero byte is true, as NumPy reads it, and Go's bool
// must hold 0 or 1.
func normalizeBools(b []byte) {
	for i, x := range b {
		if x > 1 {
			b[i] = 1
		}
	}
}

// swapBytes reverses the byte order of each width-byte unit of b in place.
func swapBytes(b []byte, width int) {
	switch width {
	case 2:
		for i := 0; i+2 <= len(b); i += 2 {
			binary.LittleEndian.PutUint16(b[i:], binary.BigEndian.Uint16(b[i:]))
		}
	case 4:
		for i := 0; i+4 <= len(b); i += 4 {
			binary.LittleEndian.PutUint32(b[i:], binary.BigEndian.Uint32(b[i:]))
		}
	case 8:
		for i := 0; i+8 <= len(b); i += 8 {
			binary.LittleEndian.PutUint64(b[i:], binary.BigEndian.Uint64(b[i:]))
		}
	}
}

// asBytes returns the memory of s as a byte slice, without copying.
func asBytes[T any](s []T) []byte {
	if len(s) == 0 {
		return nil
	}
	var zero T
	return unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(s))), len(s)*int(unsafe.Sizeof(zero)))
}
