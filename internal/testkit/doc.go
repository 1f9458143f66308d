// Package testkit holds what the tests of layout, tensor and ops share:
// only tests import it, never a library package, so nothing here reaches
// a user's binary.
//
// It holds:
//
//   - the sentinel errors of package layout, in one list ([Sentinels]),
//     and the checks that an error wraps one of them and names its op
//     ([WrapsSentinel], [WrapsOneOf], [CheckError]);
//   - the extreme integers hostile-input tests draw arguments from
//     ([Extremes]), the hostile axis lists and shapes built from them
//     ([HostileAxes], [HostileShapes]), and the decoding of a fuzzer's
//     bytes into small or extreme values and into a strided layout
//     ([FuzzInt], [DecodeStrided]);
//   - builders of layouts and views: checked ones for fixed arguments
//     ([Layout], [View]) and a random view of a given shape, permuted,
//     sliced with a step, flipped and broadcast ([RandomView]);
//   - the one named catalogue of hostile and strided layouts that the
//     hostile tests of layout, tensor and ops sweep ([Layouts], and as
//     views over a buffer, [Views]);
//   - small slices and a panic guard ([Ones], [Iota], [Seq], [NoPanic]).
//
// The platform-sized large integers are in internal/testint, the choices
// of randomized tests in internal/choose, the naive reference in
// internal/naive and the SIMD level switching in internal/testlevel; this
// package builds on the first two.
//
// Package layout's own tests import it from package layout_test: testkit
// imports layout and tensor, so a test file inside package layout (or
// tensor, or simd) must not import it.
package testkit
