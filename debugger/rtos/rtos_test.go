package rtos_test

import (
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/rewind-debugger/rewind/debugger/rtos"
	"github.com/rewind-debugger/rewind/symbols"
	"github.com/rewind-debugger/rewind/vm"
)

const kernelELF = "../../testdata/rtos/rtos.elf"

// board runs the test kernel on a virt machine.
type board struct {
	t   *testing.T
	m   *vm.Machine
	tab *symbols.Table
	k   *rtos.Kernel
}

func boot(t *testing.T) *board {
	t.Helper()
	data, err := os.ReadFile(kernelELF)
	if err != nil {
		t.Fatal(err)
	}
	m, err := vm.NewVirt(vm.Config{Harts: 1, FatalTraps: true})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := m.LoadELF(data); err != nil {
		t.Fatal(err)
	}
	m.SetUARTOutput(func(byte) {})
	tab, err := symbols.Open(kernelELF)
	if err != nil {
		t.Fatal(err)
	}
	k, err := rtos.Detect(tab, rtos.RISCV{})
	if err != nil {
		t.Fatal(err)
	}
	return &board{t: t, m: m, tab: tab, k: k}
}

func (b *board) addr(name string) uint32 {
	s, ok := b.tab.LookupSymbol(name)
	if !ok {
		b.t.Fatalf("no symbol %s", name)
	}
	return s.Addr
}

// runToHit runs until the n-th time pc is about to execute (counting from 1).
func (b *board) runToHit(pc uint32, n int) {
	b.t.Helper()
	b.m.SetBreakpoint(pc)
	defer b.m.ClearBreakpoint(pc)
	for i := 0; i < n; i++ {
		st := b.m.Run(b.m.Time() + 50_000_000)
		if st.Reason != vm.StopBreakpoint {
			b.t.Fatalf("hit %d of 0x%08x: stopped with %v at t=%d", i+1, pc, st.Reason, b.m.Time())
		}
	}
}

func byName(tasks []rtos.Task) map[string]rtos.Task {
	m := map[string]rtos.Task{}
	for _, t := range tasks {
		m[t.Name] = t
	}
	return m
}

func TestBeforeSchedulerStarts(t *testing.T) {
	b := boot(t)
	b.runToHit(b.addr("main"), 1)
	if _, err := b.k.Tasks(b.m); !errors.Is(err, rtos.ErrNotStarted) {
		t.Fatalf("Tasks before the scheduler = %v, want ErrNotStarted", err)
	}
}

func TestNoKernel(t *testing.T) {
	tab, err := symbols.Open("../../testdata/firmware/demo.elf")
	if err != nil {
		t.Fatal(err)
	}
	_, err = rtos.Detect(tab, rtos.RISCV{})
	if err == nil || !strings.Contains(err.Error(), "pxCurrentTCB") {
		t.Fatalf("Detect on the demo = %v, want an error naming pxCurrentTCB", err)
	}
}

// TestTasksAtFirstSend stops where the producer sends its first number:
// it runs, the consumer and the monitor wait on the queue and the
// semaphore, busy and idle are ready.
func TestTasksAtFirstSend(t *testing.T) {
	b := boot(t)
	b.runToHit(b.addr("xQueueSend"), 1)
	tasks, err := b.k.Tasks(b.m)
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		name, desc string
	}{
		{"Prod", "running, priority 2"},
		{"Cons", "blocked on queue numbersQueue (receive), priority 3"},
		{"Mon", "blocked on semaphore batchSemaphore (take), priority 4"},
		{"Busy", "ready, priority 1"},
		{"IDLE", "ready, priority 0"},
	}
	if len(tasks) != len(want) {
		t.Fatalf("%d tasks, want %d: %+v", len(tasks), len(want), tasks)
	}
	for i, w := range want {
		if tasks[i].Name != w.name || tasks[i].Describe() != w.desc {
			t.Errorf("task %d = %s %q, want %s %q", i, tasks[i].Name, tasks[i].Describe(), w.name, w.desc)
		}
		if tasks[i].Number != uint32(i+1) {
			t.Errorf("%s: number %d, want %d", tasks[i].Name, tasks[i].Number, i+1)
		}
		if tasks[i].StackUnused == 0 || tasks[i].StackUnused >= 1024 {
			t.Errorf("%s: %d bytes of stack unused, want some of 1024", tasks[i].Name, tasks[i].StackUnused)
		}
	}
}

// TestDelayedAndSwitchedOut stops in the consumer after its first number:
// the producer waits for its delay, and every switched-out task's saved pc
// follows the ecall or the interrupted instruction it left at.
func TestDelayedAndSwitchedOut(t *testing.T) {
	b := boot(t)
	b.runToHit(b.addr("xQueueSend"), 2)
	tasks, err := b.k.Tasks(b.m)
	if err != nil {
		t.Fatal(err)
	}
	got := byName(tasks)
	if d := got["Prod"].Describe(); d != "running, priority 2" {
		t.Errorf("Prod: %q", d)
	}
	var tick [4]byte
	if err := b.m.ReadMemory(b.addr("xTickCount"), tick[:]); err != nil {
		t.Fatal(err)
	}
	if tick[0] != 6 {
		t.Errorf("second send at tick %d, want 6", tick[0])
	}
	for _, name := range []string{"Cons", "Mon", "Busy", "IDLE"} {
		task := got[name]
		regs, err := b.k.Port().Registers(b.m, task.TopOfStack)
		if err != nil {
			t.Fatal(err)
		}
		if regs.SP <= task.StackBase || regs.SP > task.StackEnd+4 {
			t.Errorf("%s: saved sp 0x%08x outside its stack [0x%08x, 0x%08x]", name, regs.SP, task.StackBase, task.StackEnd)
		}
		fn := b.tab.FunctionAt(regs.PC)
		if fn == nil {
			t.Errorf("%s: saved pc 0x%08x is in no function", name, regs.PC)
			continue
		}
		if fn.Name != wantFn[name] {
			t.Errorf("%s: saved pc 0x%08x in %s, want %s", name, regs.PC, fn.Name, wantFn[name])
		}
		var insn [4]byte
		if err := b.m.ReadMemory(regs.PC-4, insn[:]); err != nil {
			t.Fatal(err)
		}
		if yielded := insn == [4]byte{0x73, 0, 0, 0}; yielded != (name == "Cons" || name == "Mon") {
			t.Errorf("%s: instruction before the saved pc is % x: yielded by ecall = %v", name, insn, yielded)
		}
		if regs.Saved[2] != regs.SP || regs.Saved[0] != 0 {
			t.Errorf("%s: sp/x0 in Saved = %#x/%#x", name, regs.Saved[2], regs.Saved[0])
		}
	}
}

// wantFn is where each switched-out task was left at the second send:
// the blocked ones yielded, busy and idle were preempted by the tick.
var wantFn = map[string]string{"Cons": "taskYIELD", "Mon": "taskYIELD", "Busy": "vBusy", "IDLE": "prvIdleTask"}

// TestDelayedTask stops at the fourth tick, with the producer waiting for
// its delay to end at tick 6 and the busy task running.
func TestDelayedTask(t *testing.T) {
	b := boot(t)
	b.runToHit(b.addr("xTaskIncrementTick"), 4)
	tasks, err := b.k.Tasks(b.m)
	if err != nil {
		t.Fatal(err)
	}
	got := byName(tasks)
	for name, want := range map[string]string{
		"Prod": "blocked on delay until tick 6, priority 2",
		"Busy": "running, priority 1",
		"Cons": "blocked on queue numbersQueue (receive), priority 3",
	} {
		if d := got[name].Describe(); d != want {
			t.Errorf("%s: %q, want %q", name, d, want)
		}
	}
}
