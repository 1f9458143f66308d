//go:build !linux

package mem

import "unsafe"

// adviseHuge does nothing outside Linux.
func adviseHuge(unsafe.Pointer, int) {}
