package simd

import (
	"errors"
	"testing"
)

// TestTransposeStrategySetting checks the setting: the previous value
// back, 0 for the machine's default, and an unknown value refused.
func TestTransposeStrategySetting(t *testing.T) {
	start := ActiveTransposeStrategy()
	defer SetTransposeStrategy(start)
	if start != Bands && start != Blocks {
		t.Fatalf("ActiveTransposeStrategy() = %v", start)
	}
	prev, err := SetTransposeStrategy(Blocks)
	noErr(t, err)
	if prev != start || ActiveTransposeStrategy() != Blocks {
		t.Fatalf("SetTransposeStrategy(Blocks) returned %v; now %v", prev, ActiveTransposeStrategy())
	}
	if prev, _ = SetTransposeStrategy(Bands); prev != Blocks || ActiveTransposeStrategy() != Bands {
		t.Fatalf("SetTransposeStrategy(Bands) returned %v; now %v", prev, ActiveTransposeStrategy())
	}
	if _, err = SetTransposeStrategy(0); err != nil || ActiveTransposeStrategy() != machineStrategy {
		t.Fatalf("SetTransposeStrategy(0): %v; now %v, the default is %v", err, ActiveTransposeStrategy(), machineStrategy)
	}
	prev, err = SetTransposeStrategy(9)
	if !errors.Is(err, ErrArg) || prev != machineStrategy || ActiveTransposeStrategy() != machineStrategy {
		t.Fatalf("SetTransposeStrategy(9) = %v, %v; now %v", prev, err, ActiveTransposeStrategy())
	}
	if err.Error() != "simd: SetTransposeStrategy: unknown strategy 9 (Bands 1, Blocks 2, or 0 for the default)" {
		t.Errorf("message %q", err)
	}
	for _, c := range []struct {
		env  string
		want TransposeStrategy
	}{{"", Bands}, {"blocks", Blocks}, {" Blocks ", Blocks}, {"BANDS", Bands}, {"squares", Bands}} {
		if got := pickStrategy(c.env, Bands); got != c.want {
			t.Errorf("pickStrategy(%q, Bands) = %v, want %v", c.env, got, c.want)
		}
	}
	if got := pickStrategy("", Blocks); got != Blocks {
		t.Errorf("pickStrategy(\"\", Blocks) = %v", got)
	}
	if Bands.String() != "bands" || Blocks.String() != "blocks" || TransposeStrategy(7).String() != "TransposeStrategy(7)" {
		t.Errorf("String: %v %v %v", Bands, Blocks, TransposeStrategy(7))
	}
	for _, c := range []struct {
		s                TransposeStrategy
		rows, cols, size int
		want             block
	}{
		{Blocks, 8192, 8192, 4, block{256, 256}},
		{Blocks, 256, 65536, 4, block{256, 256}},
		{Blocks, 255, 65536, 4, streamed},
		{Blocks, 3136, 64, 4, streamed},
		{Blocks, 128, 128, 8, block{256, 256}},
		{Bands, 8192, 8192, 4, streamed},
	} {
		if got := streamedFor(c.s, c.rows, c.cols, c.size); got != c.want {
			t.Errorf("streamedFor(%v, %d, %d, %d) = %+v, want %+v", c.s, c.rows, c.cols, c.size, got, c.want)
		}
	}
}
