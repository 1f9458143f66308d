package npy

import (
	"bytes"
	"io"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/tessera-go/tessera/layout"
)

// Limits on headers, checked before anything is allocated for them.
const (
	// MaxHeaderLen is the longest header dictionary Read, Load and Map
	// accept, in bytes; longer headers fail with ErrFormat. NumPy's own
	// reader is stricter (10000 bytes by default).
	MaxHeaderLen = 1 << 20
	// MaxRank is the largest number of dimensions a header may declare:
	// layout.MaxRank. More fail with ErrFormat.
	MaxRank = layout.MaxRank
)

const (
	// magic starts every .npy file; the format version follows it.
	magic = "\x93NUMPY"
	// headerAlign is the alignment NumPy pads the magic string, version,
	// header length and header to, so that the data is aligned for any
	// element type.
	headerAlign = 64
	// maxDepth bounds the nesting of tuples and lists in a header.
	maxDepth = 16
)

// header is the content of a header dictionary.
type header struct {
	descr   string
	fortran bool
	shape   []int
}

// preamble is everything before the data: the format version, the header
// and its parsed dtype.
type preamble struct {
	major int
	size  int // bytes before the data: magic, version, length field, header
	header
	dtype dtype
}

// readPreamble reads the magic string, version, header length and header
// from r, and nothing more. It returns ErrFormat, ErrDType or ErrTruncated.
func readPreamble(r io.Reader) (preamble, error) {
	var fixed [12]byte
	if n, err := io.ReadFull(r, fixed[:8]); err != nil {
		if !strings.HasPrefix(magic, string(fixed[:min(n, len(magic))])) {
			return preamble{}, errorf(ErrFormat, "bad magic string %q", fixed[:min(n, len(magic))])
		}
		return preamble{}, truncated(err, "magic string and version", n, 8)
	}
	if string(fixed[:6]) != magic {
		return preamble{}, errorf(ErrFormat, "bad magic string %q", fixed[:6])
	}
	p := preamble{major: int(fixed[6])}
	if minor := fixed[7]; p.major < 1 || p.major > 3 || minor != 0 {
		return preamble{}, errorf(ErrFormat, "unsupported format version %d.%d", p.major, minor)
	}
	lenSize := 4
	if p.major == 1 {
		lenSize = 2
	}
	if n, err := io.ReadFull(r, fixed[8:8+lenSize]); err != nil {
		return preamble{}, truncated(err, "header length", n, lenSize)
	}
	var hlen uint64
	for i := lenSize - 1; i >= 0; i-- { // little-endian
		hlen = hlen<<8 | uint64(fixed[8+i])
	}
	if hlen > MaxHeaderLen {
		return preamble{}, errorf(ErrFormat, "header length %d exceeds %d bytes", hlen, MaxHeaderLen)
	}
	buf := make([]byte, hlen)
	if n, err := io.ReadFull(r, buf); err != nil {
		return preamble{}, truncated(err, "header", n, len(buf))
	}
	if p.major == 3 && !utf8.Valid(buf) {
		return preamble{}, errorf(ErrFormat, "version 3.0 header is not valid utf-8")
	}
	h, err := parseHeader(buf)
	if err != nil {
		return preamble{}, err
	}
	d, err := parseDescr(h.descr)
	if err != nil {
		return preamble{}, err
	}
	p.size = 8 + lenSize + len(buf)
	p.header = h
	p.dtype = d
	return p, nil
}

// truncated turns a short read of want bytes, of which got arrived, into an
// ErrTruncated error; other read errors are passed on.
func truncated(err error, what string, got, want int) error {
	if err == io.EOF || err == io.ErrUnexpectedEOF {
		return errorf(ErrTruncated, "%s truncated: got %d of %d bytes", what, got, want)
	}
	return ioError(err, "reading "+what)
}

// numElements returns the number of elements of shape and checks that they
// take at most math.MaxInt bytes of itemSize each. It returns ErrFormat
// otherwise. Dimensions of size zero do not excuse overflowing ones.
func numElements(shape []int, itemSize int) (int, error) {
	n, bound := 1, itemSize
	for _, d := range shape {
		if d > 0 && bound > math.MaxInt/d {
			return 0, errorf(ErrFormat, "shape %v of %d-byte elements overflows int", shape, itemSize)
		}
		bound *= max(d, 1)
		n *= d
	}
	return n, nil
}

// parseHeader parses the Python dict literal of a header: the keys 'descr',
// 'fortran_order' and 'shape', each once, in any order, with any spacing and
// optional trailing commas. It returns ErrFormat for anything else, and
// ErrDType for a structured dtype (a list as 'descr').
func parseHeader(b []byte) (header, error) {
	p := parser{s: b}
	p.skipSpace()
	if !p.eat('{') {
		return header{}, p.fail("expected '{'")
	}
	var h header
	var seen [3]bool
	for {
		p.skipSpace()
		if p.eat('}') {
			break
		}
		if p.i >= len(p.s) || (p.s[p.i] != '\'' && p.s[p.i] != '"') {
			return header{}, p.fail("expected a string key")
		}
		key, err := p.parseString()
		if err != nil {
			return header{}, err
		}
		p.skipSpace()
		if !p.eat(':') {
			return header{}, p.fail("expected ':' after key %q", key)
		}
		v, err := p.parseValue()
		if err != nil {
			return header{}, err
		}
		k := -1
		switch key {
		case "descr":
			k = 0
			switch v := v.(type) {
			case string:
				h.descr = v
			case listVal:
				return header{}, errorf(ErrDType, "structured dtypes are not supported")
			default:
				return header{}, errorf(ErrFormat, "malformed header: 'descr' is not a string")
			}
		case "fortran_order":
			k = 1
			bv, ok := v.(bool)
			if !ok {
				return header{}, errorf(ErrFormat, "malformed header: 'fortran_order' is not True or False")
			}
			h.fortran = bv
		case "shape":
			k = 2
			if h.shape, err = parseShape(v); err != nil {
				return header{}, err
			}
		default:
			return header{}, errorf(ErrFormat, "malformed header: unexpected key %q", key)
		}
		if seen[k] {
			return header{}, errorf(ErrFormat, "malformed header: duplicate key %q", key)
		}
		seen[k] = true
		p.skipSpace()
		if p.eat('}') {
			break
		}
		if !p.eat(',') {
			return header{}, p.fail("expected ',' or '}'")
		}
	}
	p.skipSpace()
	if p.i != len(p.s) {
		return header{}, p.fail("unexpected text after '}'")
	}
	for k, name := range []string{"descr", "fortran_order", "shape"} {
		if !seen[k] {
			return header{}, errorf(ErrFormat, "malformed header: missing key %q", name)
		}
	}
	return h, nil
}

// parseShape checks that v is a tuple of non-negative ints that fit in int.
func parseShape(v any) ([]int, error) {
	t, ok := v.(tupleVal)
	if !ok {
		return nil, errorf(ErrFormat, "malformed header: 'shape' is not a tuple")
	}
	if len(t) > MaxRank {
		return nil, errorf(ErrFormat, "shape has %d dimensions, more than %d", len(t), MaxRank)
	}
	shape := make([]int, len(t))
	for i, e := range t {
		lit, ok := e.(intLit)
		if !ok {
			return nil, errorf(ErrFormat, "malformed header: shape dimension %d is not an integer", i)
		}
		d, err := strconv.Atoi(string(lit))
		if err != nil {
			return nil, errorf(ErrFormat, "shape dimension %s overflows int", lit)
		}
		if d < 0 {
			return nil, errorf(ErrFormat, "negative shape dimension %d", d)
		}
		shape[i] = d
	}
	return shape, nil
}

// Values of the Python literals a header may contain, besides string and
// bool.
type (
	intLit   string // decimal digits with an optional sign
	tupleVal []any
	listVal  []any
	noneVal  struct{}
)

// parser reads Python literals from s; i is the position of the next byte.
type parser struct {
	s     []byte
	i     int
	depth int
}

func (p *parser) fail(format string, args ...any) error {
	args = append(args, p.i)
	return errorf(ErrFormat, "malformed header: "+format+" at byte %d", args...)
}

func (p *parser) skipSpace() {
	for p.i < len(p.s) {
		switch p.s[p.i] {
		case ' ', '\t', '\n', '\r', '\f', '\v':
			p.i++
		default:
			return
		}
	}
}

// eat consumes c if it is the next byte.
func (p *parser) eat(c byte) bool {
	if p.i < len(p.s) && p.s[p.i] == c {
		p.i++
		return true
	}
	return false
}

// parseValue parses a string, integer, True, False, None, tuple or list.
func (p *parser) parseValue() (any, error) {
	p.skipSpace()
	if p.i >= len(p.s) {
		return nil, p.fail("unexpected end")
	}
	switch c := p.s[p.i]; {
	case c == '\'' || c == '"':
		return p.parseString()
	case c == '(':
		return p.parseSeq(')')
	case c == '[':
		return p.parseSeq(']')
	case c == '-' || c == '+' || ('0' <= c && c <= '9'):
		return p.parseInt()
	case 'A' <= c && c <= 'Z' || 'a' <= c && c <= 'z':
		start := p.i
		for p.i < len(p.s) && ('A' <= p.s[p.i] && p.s[p.i] <= 'Z' || 'a' <= p.s[p.i] && p.s[p.i] <= 'z') {
			p.i++
		}
		switch string(p.s[start:p.i]) {
		case "True":
			return true, nil
		case "False":
			return false, nil
		case "None":
			return noneVal{}, nil
		}
		p.i = start
		return nil, p.fail("unknown name %q", p.s[start:min(start+16, len(p.s))])
	}
	return nil, p.fail("unexpected %q", p.s[p.i])
}

// parseString parses a quoted string with backslash escapes.
func (p *parser) parseString() (string, error) {
	start := p.i
	q := p.s[p.i]
	p.i++
	var sb strings.Builder
	for p.i < len(p.s) {
		c := p.s[p.i]
		p.i++
		switch c {
		case q:
			return sb.String(), nil
		case '\n':
			p.i = start
			return "", p.fail("newline in string")
		case '\\':
			if p.i >= len(p.s) {
				break
			}
			e := p.s[p.i]
			p.i++
			switch e {
			case '\\', '\'', '"':
				sb.WriteByte(e)
			case 'n':
				sb.WriteByte('\n')
			case 't':
				sb.WriteByte('\t')
			default:
				sb.WriteByte('\\')
				sb.WriteByte(e)
			}
		default:
			sb.WriteByte(c)
		}
	}
	p.i = start
	return "", p.fail("unterminated string")
}

// parseInt parses a decimal integer with an optional sign and an optional
// L suffix, as Python 2 wrote long integers.
func (p *parser) parseInt() (intLit, error) {
	start := p.i
	if p.s[p.i] == '-' || p.s[p.i] == '+' {
		p.i++
	}
	digits := p.i
	for p.i < len(p.s) && '0' <= p.s[p.i] && p.s[p.i] <= '9' {
		p.i++
	}
	if p.i == digits {
		return "", p.fail("expected digits")
	}
	lit := intLit(p.s[start:p.i])
	if p.i < len(p.s) && (p.s[p.i] == 'L' || p.s[p.i] == 'l') {
		p.i++
	}
	return lit, nil
}

// parseSeq parses a tuple or list closed by end. Like Python, it reads a
// parenthesized single value without a comma as that value.
func (p *parser) parseSeq(end byte) (any, error) {
	if p.depth >= maxDepth {
		return nil, p.fail("nesting deeper than %d", maxDepth)
	}
	p.depth++
	defer func() { p.depth-- }()
	p.i++ // the opening bracket
	var elems []any
	comma := false
	for {
		p.skipSpace()
		if p.eat(end) {
			break
		}
		v, err := p.parseValue()
		if err != nil {
			return nil, err
		}
		elems = append(elems, v)
		p.skipSpace()
		comma = p.eat(',')
		if !comma {
			if p.eat(end) {
				break
			}
			return nil, p.fail("expected ',' or %q", end)
		}
	}
	if end == ']' {
		return listVal(elems), nil
	}
	if len(elems) == 1 && !comma {
		return elems[0], nil
	}
	return tupleVal(elems), nil
}

// formatHeader returns the bytes before the data of a file holding d-typed
// data of the given shape: version 1.0 when the header fits its 16-bit
// length, else 2.0. The header is padded with spaces and a newline so that
// the data starts at a multiple of 64 bytes.
func formatHeader(d dtype, fortran bool, shape []int) []byte {
	var dict bytes.Buffer
	dict.WriteString("{'descr': '")
	dict.WriteString(d.String())
	dict.WriteString("', 'fortran_order': ")
	if fortran {
		dict.WriteString("True")
	} else {
		dict.WriteString("False")
	}
	dict.WriteString(", 'shape': (")
	for i, n := range shape {
		if i > 0 {
			dict.WriteString(", ")
		}
		dict.WriteString(strconv.Itoa(n))
	}
	if len(shape) == 1 {
		dict.WriteByte(',')
	}
	dict.WriteString("), }")

	major, lenSize := byte(1), 2
	total := (len(magic) + 2 + lenSize + dict.Len() + 1 + headerAlign - 1) / headerAlign * headerAlign
	if total-len(magic)-2-lenSize > math.MaxUint16 {
		major, lenSize = 2, 4
		total = (len(magic) + 2 + lenSize + dict.Len() + 1 + headerAlign - 1) / headerAlign * headerAlign
	}
	hlen := total - len(magic) - 2 - lenSize

	out := make([]byte, 0, total)
	out = append(out, magic...)
	out = append(out, major, 0)
	for i := 0; i < lenSize; i++ {
		out = append(out, byte(hlen>>(8*i)))
	}
	out = append(out, dict.Bytes()...)
	for len(out) < total-1 {
		out = append(out, ' ')
	}
	return append(out, '\n')
}
