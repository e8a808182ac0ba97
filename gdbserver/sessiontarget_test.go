package gdbserver

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/rewind-debugger/rewind/debugger"
)

// loadTarget opens a committed ELF through the debugger, as
// "rewind gdbserver" does, and returns the target with the ELF's symbol
// table.
func loadTarget(t testing.TB, path string, harts int) (*SessionTarget, map[string]uint32) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	s, err := debugger.New(data, debugger.Options{Path: path, Harts: harts, CheckpointInterval: 1 << 14})
	if err != nil {
		t.Fatal(err)
	}
	table := map[string]uint32{}
	for _, sym := range s.Symbols().Symbols() {
		table[sym.Name] = sym.Addr
	}
	return NewSessionTarget(s, nil), table
}

func (a *SessionTarget) pcOf(t *testing.T, hart int) uint32 {
	t.Helper()
	pc, err := a.ReadRegister(hart, Reg{Kind: RegPC})
	if err != nil {
		t.Fatal(err)
	}
	return pc
}

func (a *SessionTarget) word(t *testing.T, addr uint32) int32 {
	t.Helper()
	var b [4]byte
	if err := a.ReadMemory(addr, b[:]); err != nil {
		t.Fatal(err)
	}
	return int32(binary.LittleEndian.Uint32(b[:]))
}

func mustResume(t *testing.T, a *SessionTarget, act Action, want EventKind) Event {
	t.Helper()
	ev, err := a.Resume(act)
	if err != nil || ev.Kind != want {
		t.Fatalf("Resume(%+v) = %+v, %v; want kind %d", act, ev, err, want)
	}
	return ev
}

func TestSessionTargetDemo(t *testing.T) {
	a, sym := loadTarget(t, filepath.Join("..", "testdata", "firmware", "demo.elf"), 1)
	record, calib := sym["record"], sym["sensor"]+32
	count := sym["sensor"] + 40

	// A breakpoint with a condition evaluated at each hit, both ways.
	cond := func(h int) bool { return a.word(t, count) == 5 }
	a.SetBreakpoint(Breakpoint{Addr: record, Cond: cond})
	mustResume(t, a, Action{}, EventBreakpoint)
	if pc, n := a.pcOf(t, 0), a.word(t, count); pc != record || n != 5 {
		t.Fatalf("conditional stop at %#x with count %d", pc, n)
	}
	mustResume(t, a, Action{Step: true}, EventStep)
	mustResume(t, a, Action{Reverse: true, Step: true}, EventStep)
	if pc := a.pcOf(t, 0); pc != record {
		t.Fatalf("step then step back: pc %#x, want %#x", pc, record)
	}
	mustResume(t, a, Action{Reverse: true}, EventHistoryBegin)
	if a.Now() != 0 {
		t.Fatalf("start of history at time %d", a.Now())
	}
	a.ClearBreakpoint(record, false)

	// A write watchpoint stops before the store going forwards, after it
	// going backwards (what gdb expects of RISC-V watchpoints).
	w := Watchpoint{Addr: calib, Len: 4, Kind: WatchWrite}
	// The first write is crt0 clearing .bss; gdb steps over each hit with
	// the watchpoint removed, and so does this test.
	var store uint32
	for i := 0; i < 2; i++ {
		a.SetWatchpoint(w)
		ev := mustResume(t, a, Action{}, EventWatchpoint)
		if ev.Addr != calib || ev.Access != WatchWrite || a.word(t, calib) != 0 {
			t.Fatalf("forward watch: %+v, value %d", ev, a.word(t, calib))
		}
		store = a.pcOf(t, 0)
		a.ClearWatchpoint(w)
		mustResume(t, a, Action{Step: true}, EventStep)
	}
	if a.word(t, calib) != -15 {
		t.Fatalf("after the store in main: %d", a.word(t, calib))
	}
	mustResume(t, a, Action{}, EventExiting) // the session holds the run just before the exit
	a.SetWatchpoint(w)
	mustResume(t, a, Action{Reverse: true}, EventWatchpoint) // the buggy write in record
	if a.word(t, calib) != 211 {
		t.Fatalf("reverse watch: value %d after the store, want 211", a.word(t, calib))
	}
	mustResume(t, a, Action{Reverse: true, Step: true}, EventStep)
	if a.word(t, calib) != -15 || a.pcOf(t, 0) <= record {
		t.Fatalf("before the buggy store: value %d pc %#x", a.word(t, calib), a.pcOf(t, 0))
	}
	mustResume(t, a, Action{Reverse: true}, EventWatchpoint)
	mustResume(t, a, Action{Reverse: true, Step: true}, EventStep)
	if a.pcOf(t, 0) != store || a.word(t, calib) != 0 {
		t.Fatalf("first store: pc %#x (want %#x), value %d", a.pcOf(t, 0), store, a.word(t, calib))
	}
}

func TestSessionTargetTwoHarts(t *testing.T) {
	a, _ := loadTarget(t, filepath.Join("..", "testdata", "firmware", "atomic.elf"), 2)
	if a.Harts() != 2 {
		t.Fatalf("harts: %d", a.Harts())
	}
	pc0 := a.pcOf(t, 1)
	mustResume(t, a, Action{Step: true, Hart: 1}, EventStep)
	mustResume(t, a, Action{Step: true, Hart: 1}, EventStep)
	if a.pcOf(t, 1) == pc0 {
		t.Fatal("hart 1 did not move")
	}
	mustResume(t, a, Action{Reverse: true, Step: true, Hart: 1}, EventStep)
	mustResume(t, a, Action{Reverse: true, Step: true, Hart: 1}, EventStep)
	if a.pcOf(t, 1) != pc0 {
		t.Fatalf("hart 1 back at %#x, want %#x", a.pcOf(t, 1), pc0)
	}
	mustResume(t, a, Action{Reverse: true, Step: true, Hart: 1}, EventHistoryBegin)
	if id, _ := a.ReadRegister(1, Reg{Kind: RegCSR, Num: 0xf14}); id != 1 {
		t.Fatalf("mhartid of hart 1: %d", id)
	}
}

func TestSessionTargetInterrupt(t *testing.T) {
	a, sym := loadTarget(t, filepath.Join("testdata", "longrun.elf"), 1)
	interruptSoon := func() {
		go func() {
			for a.run.State() != debugger.StateRunning {
				time.Sleep(time.Millisecond)
			}
			time.Sleep(10 * time.Millisecond)
			a.Interrupt()
		}()
	}
	interruptSoon()
	mustResume(t, a, Action{}, EventInterrupted)
	a.SetBreakpoint(Breakpoint{Addr: sym["done"]})
	mustResume(t, a, Action{}, EventBreakpoint)
	now := a.Now()
	// Segment summaries find the write to marker at once: a breakpoint in
	// the loop (main+0x1e, see longrun.elf's disassembly) whose condition
	// never holds makes the reverse run search the whole loop.
	a.SetBreakpoint(Breakpoint{Addr: sym["main"] + 0x1e, Cond: func(int) bool { return false }})
	interruptSoon()
	mustResume(t, a, Action{Reverse: true}, EventInterrupted)
	if a.Now() != now {
		t.Fatalf("interrupted reverse run moved from %d to %d", now, a.Now())
	}
}

// TestSessionTargetHistoryEnd replays a recording cut short at 1000: runs
// stop at its end, and after an edit of the past (a fork) they run on.
func TestSessionTargetHistoryEnd(t *testing.T) {
	live, _ := loadTarget(t, filepath.Join("..", "testdata", "firmware", "demo.elf"), 1)
	if st := live.s.ContinueUntil(1000); live.s.Now() != 1000 {
		t.Fatalf("the live run stopped at %d (%v), not 1000", live.s.Now(), st.Reason)
	}
	rec := filepath.Join(t.TempDir(), "cut.rwd")
	if err := live.s.Recording().Write(rec); err != nil {
		t.Fatal(err)
	}
	s, err := debugger.Open(debugger.Program{RecordingPath: rec}, debugger.Options{})
	if err != nil {
		t.Fatal(err)
	}
	a := NewSessionTarget(s, nil)
	mustResume(t, a, Action{}, EventHistoryEnd)
	if a.Now() != 1000 {
		t.Fatalf("stopped at %d, want 1000", a.Now())
	}
	mustResume(t, a, Action{Step: true}, EventHistoryEnd)
	mustResume(t, a, Action{Reverse: true, Step: true}, EventStep)
	mustResume(t, a, Action{Step: true}, EventStep)
	if err := a.Seek(10); err != nil || a.Now() != 10 {
		t.Fatalf("seek: %v, now %d", err, a.Now())
	}
	if err := a.SendUART([]byte("x")); err != nil { // forks history at 10
		t.Fatal(err)
	}
	if h := a.History(); h.Checkpoints == 0 || h.End != 10 || h.Events != 1 {
		t.Fatalf("history after the fork: %+v", h)
	}
	// The recording's end no longer applies: the new history runs on.
	mustResume(t, a, Action{Step: true}, EventStep)
	if ev, err := a.Resume(Action{}); err != nil || ev.Kind == EventHistoryEnd || a.Now() <= 1000 {
		t.Fatalf("after the fork a run stopped at %d (%+v, %v), the old end of the recording is 1000", a.Now(), ev, err)
	}
}

// TestSessionTargetStepWithCountersInhibited: a hart whose cycle and
// instruction counters the firmware stopped (mcountinhibit) still steps
// by one instruction: the session also tells a step by the pc moving
// (the stub once ran millions of machine steps looking for a counter
// change).
func TestSessionTargetStepWithCountersInhibited(t *testing.T) {
	a, _ := loadTarget(t, filepath.Join("..", "testdata", "firmware", "atomic.elf"), 2)
	const mcountinhibit = 0x320
	if err := a.WriteRegister(1, Reg{Kind: RegCSR, Num: mcountinhibit}, 0b101); err != nil {
		t.Fatal(err)
	}
	for range 3 {
		pc, before := a.pcOf(t, 1), a.Now()
		mustResume(t, a, Action{Step: true, Hart: 1}, EventStep)
		if a.pcOf(t, 1) == pc || a.Now()-before > 1<<16 {
			t.Fatalf("step of hart 1 from %#x: pc %#x after %d machine steps", pc, a.pcOf(t, 1), a.Now()-before)
		}
	}
}
