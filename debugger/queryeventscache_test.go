package debugger

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// TestEventsQueryGrowsIncrementally: as the history of histload (timer
// interrupts) grows, an events query kept from before and completed with
// the new stretch answers exactly as a query over the whole history made
// afresh, for pages of the latest and of the earliest events, small and
// large; and after the past is changed the kept answers are not used.
func TestEventsQueryGrowsIncrementally(t *testing.T) {
	path := filepath.Join("..", "testdata", "dataflow", "histload.elf")
	elf, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	s, err := New(elf, Options{Path: path, CheckpointInterval: 1 << 16})
	if err != nil {
		t.Fatal(err)
	}
	pages := []QueryPage{{Limit: 3, Last: true}, {Limit: 3}, {Limit: 1000, Last: true}, {Limit: 1000}}
	filters := []EventFilter{{Kind: EventInterrupt, Code: -1}, {Kind: EventAnyTrap, Code: -1}, {Kind: EventException, Code: -1}}
	check := func(when string) {
		t.Helper()
		for _, f := range filters {
			for _, p := range pages {
				got, err := s.QueryEvents(f, p)
				if err != nil {
					t.Fatal(err)
				}
				kept := s.events
				s.events = eventsCache{}
				want, err := s.QueryEvents(f, p)
				s.events = kept
				if err != nil {
					t.Fatal(err)
				}
				if !reflect.DeepEqual(got, want) {
					t.Fatalf("%s, filter %+v page %+v: kept and completed %+v\nafresh %+v", when, f, p, got.QueryInfo, want.QueryInfo)
				}
			}
		}
	}
	total := 0
	for _, n := range []uint64{3_000_000, 1, 17_000_000, 60_000_000, 0, 120_000_000} {
		if n > 0 {
			if st := s.StepCount(0, ByInstruction, false, n); st.Reason != ReasonStep {
				t.Fatal(st)
			}
		}
		check("after growing")
		r, _ := s.QueryEvents(EventFilter{Kind: EventInterrupt, Code: -1}, QueryPage{})
		total = r.Total
	}
	if total < 10 {
		t.Fatalf("%d interrupts: the test exercises too little", total)
	}
	// Change the past (the handler runs now and re-arms the timer) and grow the
	// history beyond its former end: the answers kept are of another
	// history.
	end := s.Now()
	s.Seek(end / 2)
	pc, _ := s.registerInfo("pc")
	handler, err := s.EvaluateUint(0, 0, "(unsigned)trap_handler")
	if err != nil {
		t.Fatal(err)
	}
	if err := s.SetRegister(0, pc.Num, handler); err != nil || !s.TakeFork() {
		t.Fatalf("fork: %v", err)
	}
	if st := s.StepCount(0, ByInstruction, false, end); st.Reason != ReasonStep {
		t.Fatal(st)
	}
	check("after a fork")
}
