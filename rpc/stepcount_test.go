package rpc

import "testing"

// TestStepCount checks that a counted step lands where the same number of
// single steps does, in both directions and for each granularity.
func TestStepCount(t *testing.T) {
	c := client(t)
	call[Stop](t, c, "launch", map[string]any{"program": demoELF, "harts": 1})
	bp := call[Breakpoint](t, c, "breakpoint.set", map[string]any{"location": "record"})
	call[Stop](t, c, "run", nil)
	call[struct{}](t, c, "breakpoint.clear", map[string]any{"id": bp.ID})
	for _, g := range []string{"line", "in", "instruction", "instruction-in"} {
		for _, dir := range []string{"forward", "backward"} {
			start := call[Stop](t, c, "step", map[string]any{"granularity": "instruction"})
			var one Stop
			for range 5 {
				one = call[Stop](t, c, "step", map[string]any{"granularity": g, "direction": dir})
			}
			if one.Time == start.Time {
				t.Fatalf("%s %s: five steps did not move from t=%d", g, dir, start.Time)
			}
			call[Stop](t, c, "seek", map[string]any{"time": start.Time})
			five := call[Stop](t, c, "step", map[string]any{"granularity": g, "direction": dir, "count": 5})
			if five.Time != one.Time || five.Line != one.Line || five.Function != one.Function {
				t.Errorf("%s %s: count 5 stopped at t=%d %s:%d, five steps at t=%d %s:%d",
					g, dir, five.Time, five.Function, five.Line, one.Time, one.Function, one.Line)
			}
		}
	}
}
