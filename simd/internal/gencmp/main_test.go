package main

import (
	"bytes"
	"os"
	"testing"
)

// TestUpToDate checks that the committed kernels are what the generator
// writes: after editing it, run go generate in the simd directory.
func TestUpToDate(t *testing.T) {
	asm, gofile := generate()
	for name, want := range map[string][]byte{"compare_amd64.s": asm, "compare_amd64.go": gofile} {
		got, err := os.ReadFile("../../" + name)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("simd/%s is not what gencmp writes: run go generate in simd", name)
		}
	}
}
