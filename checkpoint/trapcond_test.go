package checkpoint

import (
	"testing"

	"github.com/rewind-debugger/rewind/vm"
)

func TestTrapFilter(t *testing.T) {
	var irqs TrapFilter
	irqs.Add(16, 511)
	irqs.Add(15, 15)
	irqs.Add(9, 8) // empty: dropped
	cases := []struct {
		f     *TrapFilter
		cause uint32
		want  bool
	}{
		{nil, 3, true},
		{&TrapFilter{}, 1<<31 | 7, true},
		{&irqs, 15, true},
		{&irqs, 16, true},
		{&irqs, 511, true},
		{&irqs, 3, false},
		{&irqs, 512, false},
		{&TrapFilter{Ranges: []CauseRange{{1<<31 | 7, 1<<31 | 7}}}, 7, false},
	}
	for _, c := range cases {
		if got := c.f.Matches(c.cause); got != c.want {
			t.Errorf("%+v.Matches(%d) = %v, want %v", c.f, c.cause, got, c.want)
		}
	}
	if len(irqs.Ranges) != 2 {
		t.Errorf("ranges %+v: the empty one should be dropped", irqs.Ranges)
	}
	may := []struct {
		f     *TrapFilter
		taken []uint32
		want  bool
	}{
		{nil, nil, false},
		{nil, []uint32{3}, true},
		{&irqs, []uint32{3, 6}, false},
		{&irqs, []uint32{3, 6, 15}, true},
		{&irqs, []uint32{600}, false},
		{&irqs, []uint32{2, 40, 600}, true},
	}
	for _, c := range may {
		if got := c.f.MayHit(c.taken); got != c.want {
			t.Errorf("%+v.MayHit(%v) = %v, want %v", c.f, c.taken, got, c.want)
		}
	}
}

// TestTrapCausesNarrowStops checks that Conditions.TrapCauses filters the
// trap hits the timeline accepts.
func TestTrapCausesNarrowStops(t *testing.T) {
	c := Conditions{Traps: true, TrapCauses: &TrapFilter{Ranges: []CauseRange{{5, 5}}}}
	if !c.accepts(nil, vm.Stop{Reason: vm.StopTrap, Cause: 5}) {
		t.Error("cause 5 refused")
	}
	if c.accepts(nil, vm.Stop{Reason: vm.StopTrap, Cause: 1<<31 | 7}) {
		t.Error("a timer interrupt accepted by a load-fault filter")
	}
	if !c.accepts(nil, vm.Stop{Reason: vm.StopWatchpoint}) {
		t.Error("the filter must not touch watchpoint hits")
	}
}
