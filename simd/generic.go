package simd

// This file holds the plain-Go kernels. The *Go functions are the twins of
// the assembly kernels and run at the Generic level; Strided and Fill have no
// assembly (see doc.go) and use their Go kernels at every level. All of them
// assume validated arguments: they index with ordinary bounds-checked slices,
// so a bug here panics instead of corrupting memory.

// stridedGo is the kernel of Strided, at every level:
//
//	for i := 0; i < n; i++ {
//		dst[doff+i*dinc] = src[soff+i*sinc]
//	}
func stridedGo[T Element](dst []T, doff, dinc int, src []T, soff, sinc, n int) {
	switch dinc {
	case 0: // every element lands on dst[doff]; the last one wins
		dst[doff] = src[soff+(n-1)*sinc]
		return
	case 1:
		d := dst[doff : doff+n]
		switch sinc {
		case 1:
			copy(d, src[soff:soff+n])
		case 0:
			fillAt(active.Load(), d, src[soff])
		default:
			s := soff
			for i := range d {
				d[i] = src[s]
				s += sinc
			}
		}
		return
	}
	for ; n > 0; n-- {
		dst[doff] = src[soff]
		doff += dinc
		soff += sinc
	}
}

// fillGo is the Generic twin of the fill kernels, and the kernel of Fill
// for short runs and for strides other than 1:
//
//	for i := range d {
//		d[i] = v
//	}
func fillGo[T Element](d []T, v T) {
	for i := range d {
		d[i] = v
	}
}

// fillStridedGo is the kernel of Fill, at every level:
//
//	for i := 0; i < n; i++ {
//		dst[doff+i*dinc] = v
//	}
func fillStridedGo[T Element](dst []T, doff, dinc int, v T, n int) {
	switch dinc {
	case 0:
		dst[doff] = v
		return
	case 1:
		fillAt(active.Load(), dst[doff:doff+n], v)
		return
	}
	for ; n > 0; n-- {
		dst[doff] = v
		doff += dinc
	}
}

// transposeBlock is the side of the square blocks transposeGo walks, so that
// the rows read and the rows written of a block stay in L2 (256 KiB of
// 4-byte elements each side). Measured with BenchmarkMaterialize at the
// generic level: 32 gave T2-f32 0.16 and P3-f32 0.13 of copy's bandwidth,
// 128 gave 0.19 and 0.30, 256 gives 0.20 and 0.46.
const transposeBlock = 256

// transposeGo is the Generic twin of the transpose kernels, blocked for the
// cache; without blocking it is:
//
//	for i := 0; i < rows; i++ {
//		for j := 0; j < cols; j++ {
//			dst[doff+i*dld+j] = src[soff+j*sld+i]
//		}
//	}
func transposeGo[T any](dst []T, doff, dld int, src []T, soff, sld, rows, cols int) {
	for i0 := 0; i0 < rows; i0 += transposeBlock {
		i1 := min(i0+transposeBlock, rows)
		for j0 := 0; j0 < cols; j0 += transposeBlock {
			j1 := min(j0+transposeBlock, cols)
			// Four destination rows at a time: each source element read is
			// written to a row slice, so both sides skip most bounds checks.
			i := i0
			for ; i+4 <= i1; i += 4 {
				r := doff + i*dld
				d0 := dst[r+j0 : r+j1]
				d1 := dst[r+dld+j0 : r+dld+j1]
				d2 := dst[r+2*dld+j0 : r+2*dld+j1]
				d3 := dst[r+3*dld+j0 : r+3*dld+j1]
				d1, d2, d3 = d1[:len(d0)], d2[:len(d0)], d3[:len(d0)] // no bounds checks below
				s := soff + j0*sld + i
				for k := range d0 {
					q := src[s : s+4 : s+4]
					d0[k], d1[k], d2[k], d3[k] = q[0], q[1], q[2], q[3]
					s += sld
				}
			}
			for ; i < i1; i++ {
				r := doff + i*dld
				d := dst[r+j0 : r+j1]
				s := soff + j0*sld + i
				for k := range d {
					d[k] = src[s]
					s += sld
				}
			}
		}
	}
}
