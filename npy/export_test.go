package npy

import "io"

// SetTestWriter makes Save write the new file through wrap (nil restores
// the plain file).
func SetTestWriter(wrap func(io.Writer) io.Writer) { testWriter = wrap }
