//go:build inproc

// The inproc build makes this package a C shared library (go build -tags
// inproc -buildmode=c-shared) that reduce.py loads with ctypes, so that
// Tessera, the Go loop, NumPy and PyTorch are timed in one process, on the
// same buffers, in interleaved rounds. Timed in separate processes minutes
// apart, this machine's memory bandwidth drifted by up to 1.5x, more than
// the differences being measured.

package main

import "C"

import (
	"fmt"
	"os"
	"unsafe"

	"github.com/tessera-go/tessera/tensor"
)

var (
	inprocCases map[string]reduceCase
	inprocCur   reduceCase
)

// tessera_setup wraps the caller's [n,n] float32 and float64 matrices, which
// must hold filled's values, and builds the reduction cases on them.
//
//export tessera_setup
func tessera_setup(x32 *C.float, x64 *C.double, n C.long) C.int {
	m := int(n)
	a, err := tensor.FromSlice(unsafe.Slice((*float32)(unsafe.Pointer(x32)), m*m), m, m)
	if err != nil {
		fmt.Fprintln(os.Stderr, "tessera_setup:", err)
		return 1
	}
	a64, err := tensor.FromSlice(unsafe.Slice((*float64)(unsafe.Pointer(x64)), m*m), m, m)
	if err != nil {
		fmt.Fprintln(os.Stderr, "tessera_setup:", err)
		return 1
	}
	inprocCases = newReduceCases(a.View(), a64.View())
	return 0
}

// tessera_select makes the named case current and runs its loop once, the
// reference tessera_check compares with.
//
//export tessera_select
func tessera_select(name *C.char) C.int {
	c, ok := inprocCases[C.GoString(name)]
	if !ok {
		fmt.Fprintf(os.Stderr, "tessera_select: no case %q\n", C.GoString(name))
		return 1
	}
	inprocCur = c
	c.loop()
	return 0
}

// tessera_parallelism sets tensor.SetParallelism.
//
//export tessera_parallelism
func tessera_parallelism(p C.int) {
	tensor.SetParallelism(int(p))
}

// tessera_run runs the current case's Tessera call (loop == 0) or its plain
// Go loop (loop != 0) once.
//
//export tessera_run
func tessera_run(loop C.int) C.int {
	if loop != 0 {
		inprocCur.loop()
		return 0
	}
	if err := inprocCur.ours(); err != nil {
		fmt.Fprintln(os.Stderr, "tessera_run:", err)
		return 1
	}
	return 0
}

// tessera_check spoils the Tessera output, computes it again and compares it
// with the loop's.
//
//export tessera_check
func tessera_check() C.int {
	inprocCur.reset()
	err := inprocCur.ours()
	if err == nil {
		err = inprocCur.check()
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "tessera_check:", err)
		return 1
	}
	return 0
}
