// Package sorts holds the sorting algorithms of package ops: each real
// element type is mapped, bit pattern by bit pattern, onto unsigned keys
// of its size whose order is the order ops sorts by, and the keys are
// sorted by a least-significant-digit radix sort, a byte a pass. A radix
// sort is stable, takes the same time whatever the order of its input,
// and does no comparison: 1 Mi float32 sort in a few passes over the
// data, where a comparison sort spends most of its time on mispredicted
// branches. Its result does not depend on the processor.
//
// Value sorts of 1-byte patterns, and of 2-byte ones from 2^14 on, count
// each key in a table instead, and write the patterns back in key order.
// Short runs are sorted otherwise: where the SIMD level has a sorting
// network for keys of their size (simd.SortNetwork: AVX-512, at most 256
// keys of 4 bytes or 128 of 8; AVX2, 64 of 4 bytes) by that, in
// registers, and below 33 keys by insertion elsewhere. A network is not
// stable, but sorted keys are the same whatever sorts them; an index sort
// of keys of at most 4 bytes sorts each key with its position below it,
// in 8 bytes, which makes every pair distinct and their order the stable
// one. So the results are the same at every level.
//
// The maps (ToKeys) are of two kinds. A value sort maps the bits
// bijectively, so that the sorted keys map back (FromKeys) to the sorted
// values, bit for bit: floats order -Inf < ... < -0 < +0 < ... < +Inf <
// NaN, every NaN last whatever its sign (those with the sign bit clear
// first, by ascending payload, then those with it set, by descending
// payload, as positive and negative numbers order). An index sort (ArgKeys) maps the values
// that compare equal to one key: -0 and +0 are the same key, and so are
// all NaN, so that the stable sort keeps such elements in their order.
// Descending orders complement the keys: NaN then come first, ties still
// in their order.
package sorts

import (
	"unsafe"

	"github.com/tessera-go/tessera/simd"
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

// keyMap is the map of a value sort from bit patterns x to keys and
// back, one formula for every kind:
//
//	key(x)   = (x ^ (signs(x)&a | b)) - m ^ f
//	unkey(k) = y ^ (^signs(y)&a | b), y = (k ^ f) + m
//
// Unsigned integers are their own keys (a = b = m = 0); signed ones have
// their sign bit flipped (b the sign bit). Floats (a the bits below the
// sign, b the sign bit) have the negative ones complemented and the
// positive ones' sign bit set, which orders them as unsigned integers, the
// negative NaN lowest; subtracting m, the mantissa's bits, rotates those
// NaN to the top, above the positive NaN. f, all ones for a descending
// sort, complements the keys.
type keyMap[K Key] struct{ a, b, m, f K }

func newKeyMap[K Key](k Kind, descending bool) keyMap[K] {
	var km keyMap[K]
	switch k {
	case Signed:
		km.b = top[K]()
	case Float:
		km.a, km.b, km.m = ^top[K](), top[K](), mantissa[K]()
	}
	if descending {
		km.f = ^K(0)
	}
	return km
}

func (km *keyMap[K]) key(x K) K { return (x ^ (signs(x)&km.a | km.b)) - km.m ^ km.f }

func (km *keyMap[K]) unkey(k K) K {
	y := k ^ km.f + km.m
	return y ^ (^signs(y)&km.a | km.b)
}

// ToKeys maps the bit patterns b of values of kind k, in place, onto the
// keys of a value sort (see the package comment), complemented for a
// descending sort: a bijection, undone by FromKeys.
func ToKeys[K Key](b []K, k Kind, descending bool) {
	km := newKeyMap[K](k, descending)
	for i, x := range b {
		b[i] = km.key(x)
	}
}

// FromKeys undoes ToKeys with the same kind and order.
func FromKeys[K Key](b []K, k Kind, descending bool) {
	km := newKeyMap[K](k, descending)
	for i, x := range b {
		b[i] = km.unkey(x)
	}
}

// Values sorts the bit patterns b of values of kind k in place, ascending
// or descending, by the keys of a value sort, with buf (as long) as
// scratch: ToKeys, Radix and FromKeys, but with the maps done in the
// passes that count the keys and that move them last, not in passes of
// their own.
func Values[K Key](b, buf []K, k Kind, descending bool) {
	km := newKeyMap[K](k, descending)
	if networkFits[K](len(b)) { // the maps in the network's registers
		network(b, &km)
		return
	}
	if len(b) <= insertionMax {
		ToKeys(b, k, descending)
		insertion(b)
		FromKeys(b, k, descending)
		return
	}
	if size := unsafe.Sizeof(K(0)); (size == 1 || size == 2 && len(b) >= countingMin) && uint64(len(b)) < 1<<32 {
		counting(b, &km)
		return
	}
	sortKeys(b, buf, nil, nil, &km)
}

// countingMin is the shortest run of 2-byte patterns that Values sorts by
// counting: shorter ones take less time in two radix passes than in
// clearing a table of 2^16 counts.
const countingMin = 1 << 14

// counting sorts the bit patterns b (of 1 or 2 bytes, fewer than 2^32)
// by their keys of km by counting each key in a table of 2^8 or 2^16,
// then writing each key's pattern back as often as it was counted, in
// the order of the keys: a pass over b and one over the table.
func counting[K Key](b []K, km *keyMap[K]) {
	var small [256]uint32
	c := small[:]
	if unsafe.Sizeof(K(0)) == 2 {
		c = make([]uint32, 1<<16)
	}
	for _, x := range b {
		c[km.key(x)]++
	}
	j := 0
	for key, n := range c {
		if n == 0 {
			continue
		}
		x := km.unkey(K(key))
		run := b[j : j+int(n)]
		for i := range run {
			run[i] = x
		}
		j += int(n)
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

// counter is the type of the radix sorts' counts: uint32 where the run is
// shorter than 2^32 (half the cache of uint64, and faster), uint64
// otherwise.
type counter interface{ uint32 | uint64 }

// Radix sorts keys ascending, stably, with buf (as long) as scratch: a
// pass for each byte of the keys, from the least significant, that does
// not hold the same value in every key.
func Radix[K Key](keys, buf []K) {
	if len(keys) <= insertionMax || networkFits[K](len(keys)) {
		short(keys)
		return
	}
	sortKeys(keys, buf, nil, nil, nil)
}

// RadixIndex sorts keys ascending, stably, and moves idx along with them:
// idx[i] ends where keys[i] does. kbuf and ibuf are scratch of their
// lengths.
func RadixIndex[K Key](keys, kbuf []K, idx, ibuf []int) {
	n := len(keys)
	if unsafe.Sizeof(K(0)) <= 4 && n > 1 && networkFits[uint64](n) {
		// Each key with its position below it: keys of 8 bytes, all
		// distinct, whose order is the stable order of the keys.
		var c [128]uint64 // simd.SortNetworkMax[uint64]()
		pairs := c[:n]
		for i, k := range keys {
			pairs[i] = uint64(k)<<32 | uint64(i)
		}
		short(pairs)
		copy(ibuf[:n], idx)
		for j, p := range pairs {
			keys[j], idx[j] = K(p>>32), ibuf[uint32(p)]
		}
		return
	}
	if n <= insertionMax {
		insertionIndex(keys, idx[:n])
		return
	}
	sortKeys(keys, kbuf, idx, ibuf, nil)
}

// sortKeys is the radix sort of Radix, RadixIndex (idx not nil) and
// Values (km not nil: keys holds bit patterns, mapped to keys as they are
// counted and back in the last pass), with counts on the stack, a row of
// 256 for each byte of the keys.
func sortKeys[K Key](keys, kbuf []K, idx, ibuf []int, km *keyMap[K]) {
	switch size := unsafe.Sizeof(K(0)); {
	case uint64(len(keys)) > 1<<32-1:
		var c [8][256]uint64
		radix(keys, kbuf, idx, ibuf, c[:size], km)
	case size == 1:
		var c [1][256]uint32
		radix(keys, kbuf, idx, ibuf, c[:], km)
	case size == 2:
		var c [2][256]uint32
		radix(keys, kbuf, idx, ibuf, c[:], km)
	case size == 4:
		var c [4][256]uint32
		radix(keys, kbuf, idx, ibuf, c[:], km)
	default:
		var c [8][256]uint32
		radix(keys, kbuf, idx, ibuf, c[:], km)
	}
}

// radix is sortKeys with zeroed counts of a row for each byte of K.
func radix[K Key, C counter](keys, kbuf []K, idx, ibuf []int, counts [][256]C, km *keyMap[K]) {
	n := len(keys)
	if km != nil {
		mapHistogram(counts, keys, km)
	} else {
		histogram(counts, keys)
	}
	// The passes that move keys: those of the bytes that differ among
	// them (decided before any pass, from the counts: the last pass of a
	// value sort leaves bit patterns, not keys).
	last, moves := -1, uint8(0)
	for p := range counts {
		if counts[p][byte(keys[0]>>(8*p))] != C(n) {
			last, moves = p, moves|1<<p
		}
	}
	if last < 0 && km != nil { // one key: nothing moves
		for i, k := range keys {
			keys[i] = km.unkey(k)
		}
		return
	}
	src, dst := keys, kbuf[:n]
	var is, id []int
	if idx != nil {
		is, id = idx[:n], ibuf[:n]
	}
	for p := range counts {
		if moves&(1<<p) == 0 {
			continue // every key has this byte
		}
		c := &counts[p]
		sh := uint(8 * p)
		offsets(c)
		switch {
		case is != nil:
			scatterIndex(dst, src, id, is, c, sh)
			is, id = id, is
		case km != nil && p == last:
			scatterUnkey(dst, src, c, sh, km)
		default:
			scatter(dst, src, c, sh)
		}
		src, dst = dst, src
	}
	if &src[0] != &keys[0] {
		copy(keys, src)
		if is != nil {
			copy(idx, is)
		}
	}
}

// scatter moves each key of src to dst at the offset c holds for its byte
// at sh, and moves that offset on. The loops are functions of their own,
// whose few variables stay in registers (inside radix they were spilled
// every iteration), and they store through unsafe pointers: a bounds
// check on each store cost a third of the pass. c's offsets are within
// dst: they count src's keys. Inlined, the loops' variables were spilled
// again: go:noinline keeps them apart.
//
//go:noinline
func scatter[K Key, C counter](dst, src []K, c *[256]C, sh uint) {
	dk := unsafe.Pointer(unsafe.SliceData(dst))
	for _, k := range src {
		d := byte(k >> sh)
		*(*K)(unsafe.Add(dk, uintptr(c[d])*unsafe.Sizeof(k))) = k
		c[d]++
	}
}

// scatterUnkey is scatter storing each key's bit pattern (km.unkey).
//
//go:noinline
func scatterUnkey[K Key, C counter](dst, src []K, c *[256]C, sh uint, km *keyMap[K]) {
	dk := unsafe.Pointer(unsafe.SliceData(dst))
	m := *km
	for _, k := range src {
		d := byte(k >> sh)
		*(*K)(unsafe.Add(dk, uintptr(c[d])*unsafe.Sizeof(k))) = m.unkey(k)
		c[d]++
	}
}

// scatterIndex is scatter moving the indices is to id along with the
// keys.
//
//go:noinline
func scatterIndex[K Key, C counter](dst, src []K, id, is []int, c *[256]C, sh uint) {
	dk := unsafe.Pointer(unsafe.SliceData(dst))
	di := unsafe.Pointer(unsafe.SliceData(id))
	is = is[:len(src)]
	for i, k := range src {
		d := byte(k >> sh)
		j := uintptr(c[d])
		*(*K)(unsafe.Add(dk, j*unsafe.Sizeof(k))) = k
		*(*int)(unsafe.Add(di, j*unsafe.Sizeof(i))) = is[i]
		c[d]++
	}
}

// histogram counts the values of each byte of keys, one row of counts a
// byte.
func histogram[K Key, C counter](counts [][256]C, keys []K) {
	switch len(counts) {
	case 1:
		c := (*[1][256]C)(counts)
		for _, k := range keys {
			c[0][byte(k)]++
		}
	case 2:
		c := (*[2][256]C)(counts)
		for _, k := range keys {
			k := uint16(k)
			c[0][byte(k)]++
			c[1][byte(k>>8)]++
		}
	case 4:
		c := (*[4][256]C)(counts)
		for _, k := range keys {
			k := uint32(k)
			c[0][byte(k)]++
			c[1][byte(k>>8)]++
			c[2][byte(k>>16)]++
			c[3][byte(k>>24)]++
		}
	default:
		c := (*[8][256]C)(counts)
		for _, k := range keys {
			k := uint64(k)
			c[0][byte(k)]++
			c[1][byte(k>>8)]++
			c[2][byte(k>>16)]++
			c[3][byte(k>>24)]++
			c[4][byte(k>>32)]++
			c[5][byte(k>>40)]++
			c[6][byte(k>>48)]++
			c[7][byte(k>>56)]++
		}
	}
}

// mapHistogram is histogram mapping each bit pattern of keys to its key
// (km.key) in place as it counts it.
//
//go:noinline
func mapHistogram[K Key, C counter](counts [][256]C, keys []K, km *keyMap[K]) {
	m := *km
	switch len(counts) {
	case 1:
		c := (*[1][256]C)(counts)
		for i, x := range keys {
			k := m.key(x)
			keys[i] = k
			c[0][byte(k)]++
		}
	case 2:
		c := (*[2][256]C)(counts)
		for i, x := range keys {
			k := m.key(x)
			keys[i] = k
			k16 := uint16(k)
			c[0][byte(k16)]++
			c[1][byte(k16>>8)]++
		}
	case 4:
		c := (*[4][256]C)(counts)
		for i, x := range keys {
			k := m.key(x)
			keys[i] = k
			k32 := uint32(k)
			c[0][byte(k32)]++
			c[1][byte(k32>>8)]++
			c[2][byte(k32>>16)]++
			c[3][byte(k32>>24)]++
		}
	default:
		c := (*[8][256]C)(counts)
		for i, x := range keys {
			k := m.key(x)
			keys[i] = k
			k64 := uint64(k)
			c[0][byte(k64)]++
			c[1][byte(k64>>8)]++
			c[2][byte(k64>>16)]++
			c[3][byte(k64>>24)]++
			c[4][byte(k64>>32)]++
			c[5][byte(k64>>40)]++
			c[6][byte(k64>>48)]++
			c[7][byte(k64>>56)]++
		}
	}
}

// offsets turns the counts of one byte into the offset of the first key
// with each value.
func offsets[C counter](c *[256]C) {
	var sum C
	for i, n := range c {
		c[i] = sum
		sum += n
	}
}

// Short reports whether Radix sorts n keys of K without radix passes: by
// a sorting network (networkFits) or by insertion. Selecting from so few
// keys costs more than sorting them.
func Short[K Key](n int) bool { return n <= insertionMax || networkFits[K](n) }

// networkFits reports whether simd.SortNetwork sorts n keys of K's size by
// a kernel at the current level: keys of 4 or 8 bytes, n at most
// simd.SortNetworkKernelMax (a few vectors, in registers).
func networkFits[K Key](n int) bool {
	switch unsafe.Sizeof(K(0)) {
	case 4:
		return n <= simd.SortNetworkKernelMax[uint32]()
	case 8:
		return n <= simd.SortNetworkKernelMax[uint64]()
	}
	return false
}

// short sorts a short run of keys: by simd.SortNetwork where it fits
// (networkFits), by insertion otherwise.
func short[K Key](keys []K) {
	if !networkFits[K](len(keys)) {
		insertion(keys)
		return
	}
	var id keyMap[K] // the keys are their own keys
	network(keys, &id)
}

// network sorts the bit patterns b by their keys of km by
// simd.SortNetwork, which maps them in its registers (networkFits holds).
func network[K Key](b []K, km *keyMap[K]) {
	p := unsafe.Pointer(unsafe.SliceData(b))
	var err error
	if unsafe.Sizeof(K(0)) == 4 {
		err = simd.SortNetwork(unsafe.Slice((*uint32)(p), len(b)), *(*simd.KeyMap[uint32])(unsafe.Pointer(km)))
	} else {
		err = simd.SortNetwork(unsafe.Slice((*uint64)(p), len(b)), *(*simd.KeyMap[uint64])(unsafe.Pointer(km)))
	}
	if err != nil {
		panic("sorts: internal error: " + err.Error())
	}
}

// keyMap and simd.KeyMap are one map: the same formulas, the fields in
// the same order (the declarations fail to compile if the sizes differ).
var (
	_ [unsafe.Sizeof(keyMap[uint32]{}) - unsafe.Sizeof(simd.KeyMap[uint32]{})]struct{}
	_ [unsafe.Sizeof(simd.KeyMap[uint64]{}) - unsafe.Sizeof(keyMap[uint64]{})]struct{}
)

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

// Select returns the k-th smallest of keys (k from 0, below len(keys)),
// with buf (as long) as scratch, by a radix selection from the most
// significant byte: the byte's values are counted among the keys that
// share the bytes found so far, the value holding the k-th is the next
// byte of the result, and those keys are gathered into buf for the next
// byte. Each pass reads the keys left, most passes a small part of them.
func Select[K Key](keys, buf []K, k int) K {
	key, _, _ := SelectRank(keys, buf, k)
	return key
}

// SelectRank is Select that also returns how many keys are below the
// k-th and how many equal it: the counts of each pass give them.
func SelectRank[K Key](keys, buf []K, k int) (key K, below, equal int) {
	var c [256]int
	var prefix K
	cand := keys
	for p := int(unsafe.Sizeof(K(0))) - 1; p >= 0; p-- {
		sh := uint(8 * p)
		clear(c[:])
		for _, x := range cand {
			c[byte(x>>sh)]++
		}
		d := 0
		for ; k >= c[d]; d++ {
			k -= c[d]
			below += c[d]
		}
		prefix |= K(d) << sh
		if p == 0 {
			return prefix, below, c[d]
		}
		if c[d] == len(cand) {
			continue // every key left has this byte
		}
		// The keys with byte d, into buf (in place once there).
		n := 0
		for _, x := range cand {
			if byte(x>>sh) == byte(d) {
				buf[n] = x
				n++
			}
		}
		cand = buf[:n]
	}
	panic("unreachable")
}

// argMap is ArgKeys's map of one bit pattern to its key.
type argMap[K Key] struct {
	float bool
	t, m  K // the sign bit and the float's mantissa bits
	flip  K // all ones for a descending order
	xor   K // the integers' map: x ^ xor
}

func newArgMap[K Key](k Kind, descending bool) argMap[K] {
	am := argMap[K]{float: k == Float, t: top[K](), m: mantissa[K]()}
	if descending {
		am.flip = ^K(0)
	}
	am.xor = am.flip
	if k == Signed {
		am.xor ^= am.t
	}
	return am
}

func (am *argMap[K]) key(x K) K {
	if !am.float {
		return x ^ am.xor
	}
	switch a := x &^ am.t; {
	case a > ^am.t-am.m: // NaN
		return ^am.flip
	case a == 0:
		x = 0 // -0 as +0
	}
	return x ^ (signs(x)>>1 | am.t) ^ am.flip
}

// Smallest sets idx to the indices of the len(idx) elements of b (bit
// patterns of kind k) whose keys (those of ArgKeys) come first, in the
// order of a stable sort by key, and reports whether it did: it keeps the
// best so far in a heap and maps each element to its key as it reads it,
// one pass in all, but gives up (false, idx undefined) after more than
// len(b)/8 + 16 len(idx) elements entered the heap (an input in the order
// that makes every element a new best), leaving the caller to Select.
// 1 <= len(idx) <= len(b); keys is scratch of at least len(idx) keys.
func Smallest[K Key](idx []int, keys, b []K, k Kind, descending bool) bool {
	am := newArgMap[K](k, descending)
	n, m := len(b), len(idx)
	keys = keys[:m]
	// A max-heap of (key, index) by key then index: the root is the
	// worst kept, the one a new element must beat.
	worse := func(i, j int) bool {
		return keys[i] > keys[j] || keys[i] == keys[j] && idx[i] > idx[j]
	}
	down := func(i int) {
		for {
			c := 2*i + 1
			if c >= m {
				return
			}
			if c+1 < m && worse(c+1, c) {
				c++
			}
			if !worse(c, i) {
				return
			}
			keys[i], keys[c] = keys[c], keys[i]
			idx[i], idx[c] = idx[c], idx[i]
			i = c
		}
	}
	for i := range m {
		keys[i], idx[i] = am.key(b[i]), i
	}
	for i := m/2 - 1; i >= 0; i-- {
		down(i)
	}
	budget := n/8 + 16*m // random input enters m ln(n/m) times
	// Most elements lose to the worst kept, which the value sort's key
	// (vm, a bijection, branch-free) shows for less than the index sort's:
	// that order refines this one, so an element whose value key is not
	// below the worst's cannot have a key below it either.
	vm := newKeyMap[K](k, descending)
	worst, vworst := keys[0], vm.key(b[idx[0]])
	for i := m; i < n; i++ {
		x := b[i]
		if vm.key(x) >= vworst {
			continue
		}
		if key := am.key(x); key < worst { // a tie keeps the earlier index
			if budget--; budget < 0 {
				return false
			}
			keys[0], idx[0] = key, i
			down(0)
			worst, vworst = keys[0], vm.key(b[idx[0]])
		}
	}
	// The kept, in order: by key, ties by index.
	for i := 1; i < m; i++ {
		ki, xi := keys[i], idx[i]
		j := i
		for ; j > 0 && (keys[j-1] > ki || keys[j-1] == ki && idx[j-1] > xi); j-- {
			keys[j], idx[j] = keys[j-1], idx[j-1]
		}
		keys[j], idx[j] = ki, xi
	}
	return true
}

// Search returns the number of keys (sorted ascending) below x, or with
// right those not above it: the index at which x goes before its equals,
// or after them: a binary search.
func Search[K Key](keys []K, x K, right bool) int {
	if right { // not above x: below x+1
		if x == ^K(0) {
			return len(keys)
		}
		x++
	}
	n := len(keys)
	if n == 0 {
		return 0
	}
	base := 0
	for n > 1 {
		half := n >> 1
		if keys[base+half-1] < x {
			base += half
		}
		n -= half
	}
	if keys[base] < x {
		base++
	}
	return base
}
