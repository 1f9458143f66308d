// Package sorts holds the sorting algorithms of package ops: each real
// element type is mapped, bit pattern by bit pattern, onto unsigned keys
// of its size whose order is the order ops sorts by, and the keys are
// sorted by a least-significant-digit radix sort, a byte a pass. A radix
// sort is stable, takes the same time whatever the order of its input,
// and does no comparison: 1 Mi float32 sort in a few passes over the
// data, where a comparison sort spends most of its time on mispredicted
// branches. Its result does not depend on the processor.
//
// The maps (ToKeys) are of two kinds. A value sort maps the bits
// bijectively, so that the sorted keys map back (FromKeys) to the sorted
// values, bit for bit: floats order -Inf < ... < -0 < +0 < ... < +Inf <
// NaN, every NaN last whatever its sign (the NaN with the sign bit clear
// first, each group by payload). An index sort (ArgKeys) maps the values
// that compare equal to one key: -0 and +0 are the same key, and so are
// all NaN, so that the stable sort keeps such elements in their order.
// Descending orders complement the keys: NaN then come first, ties still
// in their order.
package sorts

import (
	"unsafe"
)

// Key is an unsigned key: the bit pattern of a value of its size.
type Key interface {
	uint8 | uint16 | uint32 | uint64
}

// Kind is how the bits of an element type order: as unsigned integers,
// as two's-complement integers, or as IEEE 754 floats.
type Kind uint8

// The kinds of element types.
const (
	Unsigned Kind = iota
	Signed
	Float
)

// top returns the sign bit of K.
func top[K Key]() K { return K(1) << (8*unsafe.Sizeof(K(0)) - 1) }

// mantissa returns the mantissa bits of the float of K's size (23 or 52
// bits); 0 for the sizes of no float type.
func mantissa[K Key]() K {
	var m uint64
	switch unsafe.Sizeof(K(0)) {
	case 4:
		m = 1<<23 - 1
	case 8:
		m = 1<<52 - 1
	}
	return K(m)
}

// signs returns all ones where b has its sign bit set, and 0 otherwise.
func signs[K Key](b K) K { return 0 - b>>(8*unsafe.Sizeof(K(0))-1) }

// ToKeys maps the bit patterns b of values of kind k, in place, onto the
// keys of a value sort (see the package comment), complemented for a
// descending sort: a bijection, undone by FromKeys.
func ToKeys[K Key](b []K, k Kind, descending bool) {
	var flip K
	if descending {
		flip = ^K(0)
	}
	switch k {
	case Unsigned:
		if descending {
			for i, x := range b {
				b[i] = ^x
			}
		}
	case Signed:
		t := top[K]() ^ flip
		for i, x := range b {
			b[i] = x ^ t
		}
	case Float:
		// Negative floats are complemented and positive ones get their
		// sign bit set, which orders them as unsigned integers, the
		// negative NaN lowest; subtracting the mantissa's bits then
		// rotates those NaN to the top, above the positive NaN.
		t, m := top[K](), mantissa[K]()
		for i, x := range b {
			b[i] = (x ^ (signs(x)>>1 | t)) - m ^ flip
		}
	}
}

// FromKeys undoes ToKeys with the same kind and order.
func FromKeys[K Key](b []K, k Kind, descending bool) {
	var flip K
	if descending {
		flip = ^K(0)
	}
	switch k {
	case Unsigned:
		if descending {
			for i, x := range b {
				b[i] = ^x
			}
		}
	case Signed:
		t := top[K]() ^ flip
		for i, x := range b {
			b[i] = x ^ t
		}
	case Float:
		// The key before the rotation has the sign bit of the value
		// complemented.
		t, m := top[K](), mantissa[K]()
		for i, x := range b {
			x = x ^ flip + m
			b[i] = x ^ (^signs(x)>>1 | t)
		}
	}
}

// ArgKeys sets keys to the keys of an index sort of the values whose bit
// patterns are b, of kind k (see the package comment): a float's -0 and
// +0 have one key, and every NaN the highest (the lowest, descending).
func ArgKeys[K Key](keys, b []K, k Kind, descending bool) {
	keys = keys[:len(b)]
	if k != Float {
		copy(keys, b)
		ToKeys(keys, k, descending)
		return
	}
	var flip K
	if descending {
		flip = ^K(0)
	}
	t, m := top[K](), mantissa[K]()
	nan := ^t - m // the largest absolute value that is not NaN: +Inf
	for i, x := range b {
		switch a := x &^ t; {
		case a > nan:
			keys[i] = ^flip
			continue
		case a == 0:
			x = 0 // -0 as +0
		}
		keys[i] = x ^ (signs(x)>>1 | t) ^ flip
	}
}

// insertionMax is the longest run the radix sorts hand to an insertion
// sort: shorter runs cost more in their passes' counters than in
// comparisons.
const insertionMax = 32

// Radix sorts keys ascending, stably, with buf (as long) as scratch: a
// pass for each byte of the keys, from the least significant, that does
// not hold the same value in every key.
func Radix[K Key](keys, buf []K) {
	n := len(keys)
	if n <= insertionMax {
		insertion(keys)
		return
	}
	size := int(unsafe.Sizeof(K(0)))
	var counts [8][256]int
	histogram(&counts, keys)
	src, dst := keys, buf[:n]
	for p := range size {
		c := &counts[p]
		sh := uint(8 * p)
		if c[byte(src[0]>>sh)] == n {
			continue // every key has this byte
		}
		offsets(c)
		for _, k := range src {
			d := byte(k >> sh)
			dst[c[d]] = k
			c[d]++
		}
		src, dst = dst, src
	}
	if &src[0] != &keys[0] {
		copy(keys, src)
	}
}

// RadixIndex sorts keys ascending, stably, and moves idx along with them:
// idx[i] ends where keys[i] does. kbuf and ibuf are scratch of their
// lengths.
func RadixIndex[K Key](keys, kbuf []K, idx, ibuf []int) {
	n := len(keys)
	idx = idx[:n]
	if n <= insertionMax {
		insertionIndex(keys, idx)
		return
	}
	size := int(unsafe.Sizeof(K(0)))
	var counts [8][256]int
	histogram(&counts, keys)
	src, dst := keys, kbuf[:n]
	is, id := idx, ibuf[:n]
	for p := range size {
		c := &counts[p]
		sh := uint(8 * p)
		if c[byte(src[0]>>sh)] == n {
			continue
		}
		offsets(c)
		for i, k := range src {
			d := byte(k >> sh)
			j := c[d]
			dst[j], id[j] = k, is[i]
			c[d]++
		}
		src, dst = dst, src
		is, id = id, is
	}
	if &src[0] != &keys[0] {
		copy(keys, src)
		copy(idx, is)
	}
}

// histogram counts the values of each byte of keys.
func histogram[K Key](counts *[8][256]int, keys []K) {
	switch unsafe.Sizeof(K(0)) {
	case 1:
		for _, k := range keys {
			counts[0][byte(k)]++
		}
	case 2:
		for _, k := range keys {
			k := uint16(k)
			counts[0][byte(k)]++
			counts[1][byte(k>>8)]++
		}
	case 4:
		for _, k := range keys {
			k := uint32(k)
			counts[0][byte(k)]++
			counts[1][byte(k>>8)]++
			counts[2][byte(k>>16)]++
			counts[3][byte(k>>24)]++
		}
	default:
		for _, k := range keys {
			k := uint64(k)
			counts[0][byte(k)]++
			counts[1][byte(k>>8)]++
			counts[2][byte(k>>16)]++
			counts[3][byte(k>>24)]++
			counts[4][byte(k>>32)]++
			counts[5][byte(k>>40)]++
			counts[6][byte(k>>48)]++
			counts[7][byte(k>>56)]++
		}
	}
}

// offsets turns the counts of one byte into the offset of the first key
// with each value.
func offsets(c *[256]int) {
	sum := 0
	for i, n := range c {
		c[i] = sum
		sum += n
	}
}

// insertion sorts a short run of keys ascending, stably.
func insertion[K Key](keys []K) {
	for i := 1; i < len(keys); i++ {
		k := keys[i]
		j := i
		for ; j > 0 && keys[j-1] > k; j-- {
			keys[j] = keys[j-1]
		}
		keys[j] = k
	}
}

// insertionIndex is insertion moving idx along.
func insertionIndex[K Key](keys []K, idx []int) {
	for i := 1; i < len(keys); i++ {
		k, x := keys[i], idx[i]
		j := i
		for ; j > 0 && keys[j-1] > k; j-- {
			keys[j], idx[j] = keys[j-1], idx[j-1]
		}
		keys[j], idx[j] = k, x
	}
}
