module github.com/tessera-go/tessera

go 1.25.0

require (
	github.com/klauspost/cpuid/v2 v2.3.0
	github.com/stretchr/testify v1.11.1
	golang.org/x/exp v0.0.0-20250811191247-51f88131bc50
)

require (
	github.com/davecgh/go-spew v1.1.1 // indirect
	github.com/pmezard/go-difflib v1.0.0 // indirect
	golang.org/x/sys v0.30.0 // indirect
	gopkg.in/yaml.v3 v3.0.1 // indirect
)
