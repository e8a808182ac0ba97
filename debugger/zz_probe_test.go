package debugger

import (
	"path/filepath"
	"testing"
	"time"
)

func TestProbeSetBP(t *testing.T) {
	s, _ := newDemo(t)
	p, _ := filepath.Abs("../testdata/firmware/demo.c")
	for _, n := range []int{1000, 10000} {
		specs := make([]LineSpec, n)
		for i := range specs {
			specs[i] = LineSpec{Line: 1 + i}
		}
		t0 := time.Now()
		s.SetLineBreakpoints(p, specs)
		t.Logf("%d: %v", n, time.Since(t0))
	}
}
