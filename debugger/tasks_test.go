package debugger

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rewind-debugger/rewind/debugger/rtos"
	"github.com/rewind-debugger/rewind/symbols"
	"github.com/rewind-debugger/rewind/symbols/cexpr"
)

// rtosBuilds are the test kernel's builds: RISC-V on virt, and the
// Cortex-M port with the ARM_CM3 layout (mps2-an385) and the ARM_CM4F one
// (hard float, mps2-an386).
var rtosBuilds = []struct{ elf, board string }{
	{"rtos.elf", ""}, {"rtos-cm3.elf", "mps2-an385"}, {"rtos-cm4f.elf", "mps2-an386"},
}

// forEachRTOS runs test on every build of the test kernel.
func forEachRTOS(t *testing.T, test func(t *testing.T, elf string)) {
	for _, b := range rtosBuilds {
		t.Run(b.elf, func(t *testing.T) { test(t, b.elf) })
	}
}

// openRTOS opens a build of the test kernel (testdata/rtos) on its board.
func openRTOS(t testing.TB, elf string) *Session {
	t.Helper()
	off := false // the tests run to the exit itself (not just before it)
	o := Options{StopAtExit: &off}
	for _, b := range rtosBuilds {
		if b.elf == elf {
			o.Board = b.board
		}
	}
	s, err := Open(Program{ELFPath: filepath.Join("..", "testdata", "rtos", elf)}, o)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// kernelTCBs are the test kernel's TCB variables and their entry functions.
var kernelTCBs = []struct{ tcb, name, entry string }{
	{"prodTCB", "Prod", "vProducer"}, {"consTCB", "Cons", "vConsumer"},
	{"monTCB", "Mon", "vMonitor"}, {"busyTCB", "Busy", "vBusy"},
}

// bookkeeping classifies the kernel's tasks from its own variables, read
// through the evaluator: "name state".
func bookkeeping(t *testing.T, s *Session) map[string]string {
	t.Helper()
	ev := func(e string) uint32 {
		v, err := s.EvaluateUint(0, 0, e)
		if err != nil {
			t.Fatalf("%s: %v", e, err)
		}
		return v
	}
	ready0, ready4 := ev("(unsigned)&pxReadyTasksLists[0]"), ev("(unsigned)&pxReadyTasksLists[4]")
	out := map[string]string{}
	for _, k := range kernelTCBs {
		st := ev(fmt.Sprintf("(unsigned)%s.xStateListItem.pxContainer", k.tcb))
		evl := ev(fmt.Sprintf("(unsigned)%s.xEventListItem.pxContainer", k.tcb))
		state := "?"
		switch {
		case ev(fmt.Sprintf("(unsigned)&%s", k.tcb)) == ev("(unsigned)pxCurrentTCB"):
			state = "running"
		case st >= ready0 && st <= ready4 || st == ev("(unsigned)&xPendingReadyList"):
			state = "ready"
		case st == ev("(unsigned)pxDelayedTaskList") || st == ev("(unsigned)pxOverflowDelayedTaskList"):
			state = "blocked"
		case st == ev("(unsigned)&xSuspendedTaskList") && evl != 0:
			state = "blocked"
		case st == ev("(unsigned)&xSuspendedTaskList"):
			state = "suspended"
		}
		out[k.name] = state
	}
	return out
}

func TestThreadsAreHartsBeforeTheScheduler(t *testing.T) {
	forEachRTOS(t, testThreadsAreHartsBeforeTheScheduler)
}

func testThreadsAreHartsBeforeTheScheduler(t *testing.T, elf string) {
	s := openRTOS(t, elf)
	if s.RTOS() == nil {
		t.Fatal("the test kernel is not detected")
	}
	th := s.Threads()
	if len(th) != 1 || th[0].Task != nil || th[0].Name != "hart 0" {
		t.Fatalf("threads at the entry: %+v", th)
	}
	hello := openFirmware(t, "hello")
	if hello.RTOS() != nil || len(hello.Threads()) != 1 {
		t.Fatal("firmware without an RTOS must show its harts")
	}
}

// savedStack is a task's call stack read from its saved context.
type savedStack struct {
	time   uint64
	pc, sp uint32
	frames string
}

func frameList(fs []*symbols.Frame) string {
	var b strings.Builder
	for _, f := range fs {
		name := "?"
		if f.Function != nil {
			name = f.Function.Name
		}
		fmt.Fprintf(&b, "%s@%#x/%#x ", name, f.PC, f.CFA)
	}
	return b.String()
}

// TestThreadsFollowTheKernel stops at many points, going forward and
// seeking back, and checks every task's state against the kernel's
// bookkeeping and every switched-out task's call stack against the one
// the hart shows when the task resumes at its saved pc.
func TestThreadsFollowTheKernel(t *testing.T) { forEachRTOS(t, testThreadsFollowTheKernel) }

func testThreadsFollowTheKernel(t *testing.T, elf string) {
	s := openRTOS(t, elf)
	for _, fn := range []string{"xTaskIncrementTick", "vTaskDelay", "xQueueReceive"} {
		if _, err := s.AddBreakpoint(BreakpointSpec{Kind: KindFunction, Function: fn}); err != nil {
			t.Fatal(err)
		}
	}
	type seen struct {
		time  uint64
		lines string
	}
	var history []seen
	pending := map[int]savedStack{}
	resumed := 0
	for i := 0; i < 40; i++ {
		st := s.Continue()
		if len(st.BreakpointIDs) == 0 {
			t.Fatalf("stop %d: %v %s", i, st.Reason, st.Description)
		}
		want := bookkeeping(t, s)
		threads := s.Threads()
		if len(threads) != 5 {
			t.Fatalf("stop %d: %d threads", i, len(threads))
		}
		var lines []string
		running := 0
		for _, th := range threads {
			lines = append(lines, fmt.Sprintf("%d %s", th.ID, th.Label()))
			if th.Running() {
				running++
			}
			if w, ok := want[th.Name]; ok && w != th.Task.State.String() {
				t.Errorf("stop %d: %s is %s, the kernel says %s", i, th.Name, th.Task.State, w)
			}
			if th.Running() || th.Task.State == rtos.StateDeleted {
				continue
			}
			fs, err := s.ThreadFrames(th.ID)
			if err != nil || len(fs) == 0 {
				t.Fatalf("stop %d: frames of %s: %v", i, th.Name, err)
			}
			outer := fs[len(fs)-1].Function
			for _, k := range kernelTCBs {
				if k.name == th.Name && (outer == nil || outer.Name != k.entry) {
					t.Errorf("stop %d: %s's stack ends in %v, not %s:\n%s", i, th.Name, outer, k.entry, frameList(fs))
				}
			}
			regs, err := s.ThreadRegisters(th.ID)
			if err != nil {
				t.Fatal(err)
			}
			if _, ok := pending[th.ID]; !ok {
				pending[th.ID] = savedStack{time: s.Now(), pc: regValue(t, regs, "pc"), sp: regValue(t, regs, "sp"), frames: frameList(fs)}
			}
		}
		if running != 1 {
			t.Fatalf("stop %d: %d running threads", i, running)
		}
		history = append(history, seen{s.Now(), strings.Join(lines, "\n")})
		// A task that runs now and was seen switched out before resumed
		// from where its saved context said.
		for _, th := range threads {
			if p, ok := pending[th.ID]; ok && th.Running() {
				delete(pending, th.ID)
				resumed++
				checkResume(t, s, th.ID, th.Name, p)
			}
		}
	}
	if resumed < 5 {
		t.Errorf("only %d resumptions checked", resumed)
	}
	for i := len(history) - 1; i >= 0; i -= 2 {
		h := history[i]
		if st := s.Seek(h.time); st.Reason == ReasonError {
			t.Fatal(st.Err)
		}
		var lines []string
		for _, th := range s.Threads() {
			lines = append(lines, fmt.Sprintf("%d %s", th.ID, th.Label()))
		}
		if got := strings.Join(lines, "\n"); got != h.lines {
			t.Errorf("after seeking back to %d:\n%s\nwant\n%s", h.time, got, h.lines)
		}
	}
}

// checkResume finds the first moment after p was read that the task resumed at
// its saved pc and sp, and compares the hart's stack there with the one
// read from the saved context.
func checkResume(t *testing.T, s *Session, id int, name string, p savedStack) {
	t.Helper()
	now := s.Now()
	defer s.Seek(now)
	ms, err := s.scan(0, p.time, now, []uint32{p.pc})
	if err != nil {
		t.Fatal(err)
	}
	for i := range ms {
		if st := s.Seek(ms[i].time); st.Reason == ReasonError {
			t.Fatal(st.Err)
		}
		if s.m.Hart(0).Reg(s.syms.Arch().SP()) != p.sp {
			continue
		}
		fs, err := s.ThreadFrames(id)
		if err != nil {
			t.Fatal(err)
		}
		if got := frameList(fs); got != p.frames {
			t.Errorf("%s resumed with the stack\n%s\nits saved context gave\n%s", name, got, p.frames)
		}
		return
	}
	t.Errorf("%s never resumed at %#x with sp %#x", name, p.pc, p.sp)
}

// TestTaskHartQueries makes every frame query on a switched-out task's
// frames (TaskHart) answer or fail without panicking, and the read-only
// ones agree with ThreadFrames.
func TestTaskHartQueries(t *testing.T) { forEachRTOS(t, testTaskHartQueries) }

func testTaskHartQueries(t *testing.T, elf string) {
	s := openRTOS(t, elf)
	if _, err := s.AddBreakpoint(BreakpointSpec{Kind: KindLine, File: "kernel.c", Line: 339}); err != nil {
		t.Fatal(err)
	}
	s.Continue()
	var cons Thread
	for _, th := range s.Threads() {
		if th.Name == "Cons" {
			cons = th
		}
	}
	h := TaskHart(cons.ID)
	fs, err := s.ThreadFrames(cons.ID)
	if err != nil || len(fs) < 3 {
		t.Fatal(fs, err)
	}
	top := len(fs) - 1
	if v, err := s.Evaluate(h, top, "n", symbols.FormatOptions{}); err != nil || v.Value != "1" {
		t.Errorf("n in the consumer: %+v %v", v, err)
	}
	if _, err := s.Assign(h, top, cexpr.Value{}, "n", "2", symbols.FormatOptions{}); err == nil {
		t.Errorf("an assignment in a switched-out task's frame was allowed")
	}
	regs, err := s.FrameRegisters(h, 0)
	saved, _ := s.ThreadRegisters(cons.ID)
	byName := map[string]uint32{}
	for _, r := range regs {
		byName[r.Name] = r.Value
	}
	pc := regValue(t, saved, "pc")
	if err != nil || byName["sp"] != regValue(t, saved, "sp") || byName["pc"] != pc || pc != fs[0].PC {
		t.Errorf("registers of the consumer: %+v %v", regs, err)
	}
	for i := range []int{0, top} {
		s.Locals(h, i, symbols.FormatOptions{})
		s.Globals(h, i, symbols.FormatOptions{})
		s.Env(h, i)
		s.EvaluateUint(h, i, "1")
		s.ResolveLocation(h, i, "+1", "")
		s.WatchSpec(h, i, "n", AccessWrite)
		s.CanStepOut(h, i)
		s.Inspect(h, i, "n", "hover", symbols.FormatOptions{})
		s.SetFrameRegister(h, i, 10, 1)
		s.FrameRegisters(h, i)
		s.DataTargetOf(h, i, "n")
		s.ValueHistory(h, i, "n", HistoryOptions{})
		s.RestartFrame(h, i)
	}
}

// regValue is the value of the register called name in regs.
func regValue(t *testing.T, regs []Register, name string) uint32 {
	t.Helper()
	for _, r := range regs {
		if r.Name == name {
			return r.Value
		}
	}
	t.Fatalf("no register %s in %+v", name, regs)
	return 0
}
