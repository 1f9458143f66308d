module github.com/tessera-go/tessera/gonum

go 1.25.0

// The bridge is developed in the library's repository, against its
// working copy; it is a module of its own so that the library's users
// never download gonum unless they import the bridge.
replace github.com/tessera-go/tessera => ../

require (
	github.com/tessera-go/tessera v0.0.0-00010101000000-000000000000
	gonum.org/v1/gonum v0.17.0
)

require (
	github.com/klauspost/cpuid/v2 v2.3.0 // indirect
	golang.org/x/exp v0.0.0-20250811191247-51f88131bc50 // indirect
	golang.org/x/sys v0.30.0 // indirect
)
