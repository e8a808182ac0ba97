package debugger

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"testing"

	"github.com/rewind-debugger/rewind/vm"
)

// switchTrace single-steps a fresh board running a test kernel build up to
// time end and returns the moments the running task changed: after each
// instruction, pxCurrentTCB if xSchedulerRunning is set, else 0.
func switchTrace(t *testing.T, s *Session, elf string, end uint64) []TaskInterval {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "testdata", "rtos", elf))
	if err != nil {
		t.Fatal(err)
	}
	board, err := vm.BoardForELF(data, s.Board())
	if err != nil {
		t.Fatal(err)
	}
	m, err := vm.NewMachine(board, vm.Config{Harts: 1, FatalTraps: true})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := m.LoadELF(data); err != nil {
		t.Fatal(err)
	}
	m.SetUARTOutput(func(byte) {})
	k := s.RTOS()
	word := func(addr uint32) uint32 {
		var b [4]byte
		if err := m.ReadMemory(addr, b[:]); err != nil {
			t.Fatal(err)
		}
		return binary.LittleEndian.Uint32(b[:])
	}
	running := func() uint32 {
		if word(k.SchedulerRunningAddr()) == 0 {
			return 0
		}
		return word(k.CurrentTCBAddr())
	}
	var out []TaskInterval
	cur, since := running(), m.Time()
	for m.Time() < end {
		if st := m.Run(m.Time() + 1); st.Reason != vm.StopLimit {
			break
		}
		if next := running(); next != cur {
			if cur != 0 {
				out = append(out, TaskInterval{TCB: cur, From: since, To: m.Time()})
			}
			cur, since = next, m.Time()
		}
	}
	if cur != 0 && end > since {
		out = append(out, TaskInterval{TCB: cur, From: since, To: end})
	}
	return out
}

// runToExit runs the session to the end of the test kernel's run.
func runToExit(t *testing.T, s *Session) uint64 {
	t.Helper()
	if st := s.Continue(); st.Reason != ReasonExited {
		t.Fatalf("the kernel did not exit: %v %s", st.Reason, st.Description)
	}
	return s.Span().End
}

func TestTaskTimelineEqualsSingleSteppedTrace(t *testing.T) {
	forEachRTOS(t, testTaskTimelineEqualsSingleSteppedTrace)
}

func testTaskTimelineEqualsSingleSteppedTrace(t *testing.T, elf string) {
	s := openRTOS(t, elf)
	end := runToExit(t, s)
	want := switchTrace(t, s, elf, end)
	if len(want) < 20 {
		t.Fatalf("only %d intervals in the trace", len(want))
	}
	s.Seek(end / 2)
	tl, err := s.TaskTimeline(0, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	if s.Now() != end/2 {
		t.Errorf("the timeline moved the session to %d", s.Now())
	}
	if tl.Truncated || len(tl.Intervals) != len(want) {
		t.Fatalf("%d intervals (truncated %v), the trace has %d", len(tl.Intervals), tl.Truncated, len(want))
	}
	names := map[string]bool{}
	for i, iv := range tl.Intervals {
		w := want[i]
		if iv.TCB != w.TCB || iv.From != w.From || iv.To != w.To {
			t.Fatalf("interval %d: %+v, the trace has %+v", i, iv, w)
		}
		names[iv.Name] = true
	}
	for _, n := range []string{"Prod", "Cons", "Mon", "Busy"} { // IDLE never runs: Busy is always ready
		if !names[n] {
			t.Errorf("task %s never ran in the timeline (%v)", n, names)
		}
	}
	// A bounded request returns the first intervals and says so.
	part, err := s.TaskTimeline(0, 0, 5)
	if err != nil {
		t.Fatal(err)
	}
	if !part.Truncated || len(part.Intervals) != 5 || part.Intervals[4] != tl.Intervals[4] || part.To != tl.Intervals[4].To {
		t.Errorf("bounded timeline: %+v", part)
	}
	// A window.
	w := tl.Intervals[10]
	win, err := s.TaskTimeline(w.From, w.To, 0)
	if err != nil || len(win.Intervals) != 1 || win.Intervals[0].TCB != w.TCB {
		t.Errorf("timeline of one interval's span: %+v %v", win, err)
	}
}
