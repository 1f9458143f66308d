// Package outside holds tests that call tensor and ops as a user's package
// does: one that imports neither layout nor the packages' own tests.
//
// Go compiles a generic function's body anew in each package that
// instantiates it, and there inlines only callees from the packages that
// package imports. Tests inside tensor and ops instantiate their functions
// where every callee inlines, so they cannot see what a user's package
// gets. The tests here can: they pin that the copies and the Into forms
// allocate nothing when called from such a package.
package outside
