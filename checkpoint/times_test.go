package checkpoint

import (
	"slices"
	"testing"
)

func TestCheckpointTimes(t *testing.T) {
	tl := newLoop(t, Options{Interval: 1000}, 0)
	if got := tl.CheckpointTimes(); !slices.Equal(got, []uint64{0}) {
		t.Fatalf("before running: %v, want [0]", got)
	}
	tl.Run(10500)
	got := tl.CheckpointTimes()
	if len(got) < 2 || got[0] != 0 || !slices.IsSorted(got) || got[len(got)-1] > tl.End() {
		t.Fatalf("after 10500 steps: %v", got)
	}
	for _, c := range got {
		if c%1000 != 0 {
			t.Errorf("checkpoint at %d is not on the 1000-step grid", c)
		}
	}
}
