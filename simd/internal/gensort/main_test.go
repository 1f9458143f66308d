package main

import (
	"bytes"
	"os"
	"testing"
)

// TestUpToDate checks that the committed kernels are what the generator
// writes: after editing it, run go generate in the simd directory.
func TestUpToDate(t *testing.T) {
	got, err := os.ReadFile("../../sort_amd64.s")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, generate()) {
		t.Error("simd/sort_amd64.s is not what gensort writes: run go generate in simd")
	}
}
