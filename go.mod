module github.com/tessera-go/tessera

go 1.23.0

require (
	github.com/klauspost/cpuid/v2 v2.3.0 // indirect
	github.com/stretchr/testify v1.11.1 // indirect
	golang.org/x/exp v0.0.0-20250811191247-51f88131bc50 // indirect
	golang.org/x/sys v0.30.0 // indirect
)
