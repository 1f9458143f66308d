package tensor

import (
	"math"
	"strconv"
	"strings"
)

// NumPy's rules for printing numbers, as its array2string applies them
// with the default options (precision 8, floatmode "maxprec", no
// suppression): one format for all the printed elements of an array,
// decided from their values.

// floatFormat is the format of a set of floats: NumPy's FloatingFormat.
type floatFormat struct {
	bits      int  // 32 or 64: the shortest digits that identify the value at this size
	sign      byte // '-' (only negatives), '+' (every value) or ' ' (a space for non-negatives)
	exp       bool // scientific notation
	precision int  // at most this many digits after the point
	minDigits int  // at least this many (zeros added)
	padLeft   int  // width of the sign and integer part
	padRight  int  // width of the fraction (and exponent)
	expDigits int  // at least this many exponent digits
}

// newFloatFormat decides the format of vals, floats of the given bit size,
// with at most precision digits after the point and the sign rule sign:
// scientific when a finite non-zero magnitude is 1e8 or more, or below
// 1e-4, or the largest is over 1000 times the smallest; else positional.
// In both the digits are the fewest that identify each value (rounded to
// precision), and the widths make every element line up: positional ones
// on the point, scientific ones with as many digits as the longest needs.
func newFloatFormat(vals []float64, bits, precision int, sign byte) *floatFormat {
	f := &floatFormat{bits: bits, sign: sign, precision: precision, expDigits: -1}
	var finite []float64
	nonFinite, negInf := false, false
	maxAbs, minAbs := 0.0, math.Inf(1)
	for _, x := range vals {
		switch {
		case math.IsNaN(x):
			nonFinite = true
		case math.IsInf(x, 0):
			nonFinite = true
			negInf = negInf || x < 0
		default:
			finite = append(finite, x)
			if x != 0 {
				maxAbs, minAbs = max(maxAbs, math.Abs(x)), min(minAbs, math.Abs(x))
			}
		}
	}
	if maxAbs > 0 {
		// NumPy divides in the element type: a float32 ratio may round
		// to 1000, or overflow to +Inf.
		ratio := maxAbs / minAbs
		if bits == 32 {
			ratio = float64(float32(maxAbs) / float32(minAbs))
		}
		f.exp = maxAbs >= 1e8 || minAbs < 1e-4 || ratio > 1000
	}
	switch {
	case len(finite) == 0:
		f.padLeft, f.padRight = 0, 0
	case f.exp:
		maxFrac, maxExp := 0, 0
		for _, x := range finite {
			mant, ex := f.sciDigits(x, f.precision)
			ip, fp, _ := strings.Cut(mant, ".")
			f.padLeft = max(f.padLeft, len(f.signed(x, ip)))
			maxFrac = max(maxFrac, len(fp))
			maxExp = max(maxExp, len(ex)-1)
		}
		f.precision, f.minDigits = maxFrac, maxFrac
		f.expDigits = maxExp
		f.padRight = maxExp + 2 + maxFrac
	default:
		for _, x := range finite {
			ip, fp, _ := strings.Cut(f.posDigits(x, f.precision), ".")
			f.padLeft = max(f.padLeft, len(f.signed(x, ip)))
			f.padRight = max(f.padRight, len(fp))
		}
	}
	if sign == ' ' && !anySignbit(finite) {
		f.padLeft++
	}
	if nonFinite {
		infLen := 3
		if sign != '-' || negInf {
			infLen++
		}
		f.padLeft = max(f.padLeft, 3-(f.padRight+1), infLen-(f.padRight+1))
	}
	return f
}

func anySignbit(xs []float64) bool {
	for _, x := range xs {
		if math.Signbit(x) {
			return true
		}
	}
	return false
}

// signed prefixes the digits of |x| with x's sign under the rule of f:
// "-" for a negative x (and -0), "+" for the others when the rule is '+'.
func (f *floatFormat) signed(x float64, digits string) string {
	switch {
	case math.Signbit(x):
		return "-" + digits
	case f.sign == '+':
		return "+" + digits
	}
	return digits
}

// posDigits returns |x| in positional notation with the fewest digits that
// identify it, or rounded to prec digits after the point when it needs
// more, trailing zeros cut but the point kept ("1.", "0.25").
func (f *floatFormat) posDigits(x float64, prec int) string {
	x = math.Abs(x)
	s := strconv.FormatFloat(x, 'f', -1, f.bits)
	if _, fp, ok := strings.Cut(s, "."); ok && len(fp) > prec {
		s = strconv.FormatFloat(x, 'f', prec, f.bits)
		if strings.Contains(s, ".") {
			s = strings.TrimRight(s, "0")
		}
	}
	if !strings.Contains(s, ".") {
		s += "."
	}
	return s
}

// sciDigits returns the mantissa of |x| in scientific notation ("1.", or
// "1.25", digits as posDigits chooses them) and its exponent ("+08").
func (f *floatFormat) sciDigits(x float64, prec int) (mant, exp string) {
	x = math.Abs(x)
	s := strconv.FormatFloat(x, 'e', -1, f.bits)
	mant, exp, _ = strings.Cut(s, "e")
	if _, fp, ok := strings.Cut(mant, "."); ok && len(fp) > prec {
		s = strconv.FormatFloat(x, 'e', prec, f.bits)
		mant, exp, _ = strings.Cut(s, "e")
		if strings.Contains(mant, ".") {
			mant = strings.TrimRight(mant, "0")
		}
	}
	if !strings.Contains(mant, ".") {
		mant += "."
	}
	return mant, exp
}

// format returns x in the format f, padded to the common width.
func (f *floatFormat) format(x float64) string {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		s := "nan"
		switch {
		case math.IsInf(x, -1):
			s = "-inf"
		case math.IsInf(x, 1):
			s = "inf"
		}
		if f.sign == '+' && !math.IsInf(x, -1) {
			s = "+" + s
		}
		return pad(s, f.padLeft+f.padRight+1)
	}
	if f.exp {
		// Every element shows minDigits (= precision) digits after the
		// point: as NumPy's Dragon4 with min_digits, those of the exact
		// value, rounded half to even, not the shortest digits padded
		// with zeros (float32(0.646) is 6.4600003e-01 beside 7 digits).
		mant, exp, _ := strings.Cut(strconv.FormatFloat(math.Abs(x), 'e', f.minDigits, f.bits), "e")
		ip, fp, _ := strings.Cut(mant, ".")
		es, ed := exp[:1], exp[1:]
		ed = strings.Repeat("0", max(0, f.expDigits-len(ed))) + ed
		return pad(f.signed(x, ip), f.padLeft) + "." + fp + "e" + es + ed
	}
	ip, fp, _ := strings.Cut(f.posDigits(x, f.precision), ".")
	return pad(f.signed(x, ip), f.padLeft) + "." + fp + strings.Repeat(" ", max(0, f.padRight-len(fp)))
}

// pad right-aligns s in width columns.
func pad(s string, width int) string {
	return strings.Repeat(" ", max(0, width-len(s))) + s
}

// scalarFloat returns x as NumPy prints a float scalar (and a rank-0
// array): the fewest digits that identify it at its bit size, positional
// with at least one digit after the point ("1.0", "0.0001") when x is zero
// or its magnitude is in [1e-4, 1e16), else scientific with no trailing
// zeros ("1e+16", "1.5e-05"); "nan", "inf", "-inf".
func scalarFloat(x float64, bits int, trimPoint bool) string {
	switch {
	case math.IsNaN(x):
		return "nan"
	case math.IsInf(x, 1):
		return "inf"
	case math.IsInf(x, -1):
		return "-inf"
	}
	if a := math.Abs(x); a == 0 || (a >= 1e-4 && a < 1e16) {
		s := strconv.FormatFloat(x, 'f', -1, bits)
		if !trimPoint && !strings.Contains(s, ".") {
			s += ".0"
		}
		return s
	}
	return strconv.FormatFloat(x, 'e', -1, bits)
}

// scalarComplex returns z as NumPy prints a complex scalar: "2j" when the
// real part is +0, else "(1.5+2j)", each part with scalarFloat's digits
// and no ".0".
func scalarComplex(re, im float64, bits int) string {
	is := scalarFloat(im, bits, true)
	if re == 0 && !math.Signbit(re) {
		return is + "j"
	}
	if !strings.HasPrefix(is, "-") {
		is = "+" + is
	}
	return "(" + scalarFloat(re, bits, true) + is + "j)"
}
