//go:build integration

package debugger

import (
	"context"
	"fmt"
	"net"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// qemuStops are the n-th stops in functions where the test kernel's
// state follows from its logic alone.
var qemuStops = []struct {
	fn  string
	hit int
}{{"xQueueSend", 1}, {"xQueueSend", 5}, {"xTaskIncrementTick", 4}, {"xQueueSend", 9}, {"xTaskIncrementTick", 25}}

// requireTools fails the test when an outside tool is missing.
func requireTools(t *testing.T, tools ...string) {
	t.Helper()
	for _, tool := range tools {
		if _, err := exec.LookPath(tool); err != nil {
			t.Fatalf("%s is required for the integration tests: %v", tool, err)
		}
	}
}

// TestTaskStacksMatchQEMU stops the test kernel at several points on
// QEMU and on Rewind. On QEMU, gdb-multiarch loads each switched-out
// task's saved context (the port's frame at pxTopOfStack) into the
// registers and unwinds with its own unwinder; the functions and lines of
// those backtraces, down to the task function, must equal Rewind's
// per-task stacks, as must the running task's. The points are ones where
// the kernel's state follows from its logic (QEMU's clock moves on at
// each gdb stop).
func TestTaskStacksMatchQEMU(t *testing.T) {
	requireTools(t, "qemu-system-riscv32", "gdb-multiarch")
	for _, p := range qemuStops {
		t.Run(fmt.Sprintf("%s#%d", p.fn, p.hit), func(t *testing.T) {
			want := qemuTaskStacks(t, p.fn, p.hit)
			s := openRTOS(t, "rtos.elf")
			if _, err := s.AddBreakpoint(BreakpointSpec{Kind: KindFunction, Function: p.fn}); err != nil {
				t.Fatal(err)
			}
			for i := 0; i < p.hit; i++ {
				if st := s.Continue(); len(st.BreakpointIDs) == 0 {
					t.Fatalf("hit %d: %v", i+1, st.Reason)
				}
			}
			for _, th := range s.Threads() {
				fs, err := s.ThreadFrames(th.ID)
				if err != nil {
					t.Fatal(err)
				}
				var got []string
				for _, f := range fs {
					got = append(got, fmt.Sprintf("%s:%d", f.Name, f.Location.Line))
				}
				w, ok := want[th.Name]
				if !ok {
					continue // IDLE: not among the TCBs the script reads
				}
				if th.Name == "Busy" && !th.Running() {
					// where the tick preempted its loop depends on the
					// clock, which differs between QEMU and Rewind
					got, w = functionsOf(got), functionsOf(w)
				}
				if strings.Join(got, " ") != strings.Join(w, " ") {
					t.Errorf("%s: Rewind %v, QEMU through gdb %v", th.Name, got, w)
				}
			}
		})
	}
}

// qemuTaskStacks runs the kernel on QEMU to the hit-th stop in fn and
// returns each task's backtrace ("function:line" innermost first, cut
// after the task function) as gdb unwinds it from the task's registers.
func qemuTaskStacks(t *testing.T, fn string, hit int) map[string][]string {
	t.Helper()
	elf := filepath.Join("..", "testdata", "rtos", "rtos.elf")
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := strconv.Itoa(l.Addr().(*net.TCPAddr).Port)
	l.Close()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	qemu := exec.CommandContext(ctx, "qemu-system-riscv32", "-M", "virt", "-bios", "none", "-nographic",
		"-icount", "shift=0,sleep=off", "-kernel", elf, "-S", "-gdb", "tcp:127.0.0.1:"+port)
	if err := qemu.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = qemu.Process.Kill(); _ = qemu.Wait() }()
	for i := 0; i < 50; i++ {
		if c, err := net.Dial("tcp", "127.0.0.1:"+port); err == nil {
			c.Close()
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	args := []string{"-nx", "-batch", elf, "-ex", "set pagination off", "-ex", "target remote 127.0.0.1:" + port,
		"-ex", "break " + fn, "-ex", fmt.Sprintf("continue %d", hit)}
	entries := map[string]string{"Prod": "vProducer", "Cons": "vConsumer", "Mon": "vMonitor", "Busy": "vBusy"}
	tcbs := map[string]string{"Prod": "prodTCB", "Cons": "consTCB", "Mon": "monTCB", "Busy": "busyTCB"}
	names := []string{"Prod", "Cons", "Mon", "Busy"}
	// The running task first, from the live registers; then each other
	// task from its saved frame: mepc, x1, x5..x31 (the port's layout).
	args = append(args, "-ex", `printf "RUNNING %s\n", pxCurrentTCB->pcTaskName`, "-ex", "echo BT live\\n", "-ex", "bt")
	for _, n := range names {
		top := fmt.Sprintf("((unsigned *)%s.pxTopOfStack)", tcbs[n])
		args = append(args, "-ex", fmt.Sprintf("echo BT %s\\n", n),
			"-ex", fmt.Sprintf("set $pc = %s[0]", top), "-ex", fmt.Sprintf("set $ra = %s[1]", top),
			"-ex", fmt.Sprintf("set $sp = (unsigned)%s + 124", top))
		for x := 5; x <= 31; x++ {
			args = append(args, "-ex", fmt.Sprintf("set $x%d = %s[%d]", x, top, x-3))
		}
		args = append(args, "-ex", "bt")
	}
	args = append(args, "-ex", "kill")
	out, err := exec.CommandContext(ctx, "gdb-multiarch", args...).CombinedOutput()
	if err != nil {
		t.Fatalf("gdb-multiarch: %v\n%s", err, out)
	}
	stacks := map[string][]string{}
	running, cur := "", ""
	for _, line := range strings.Split(string(out), "\n") {
		f := strings.Fields(line)
		switch {
		case len(f) == 2 && f[0] == "RUNNING":
			running = f[1]
		case len(f) == 2 && f[0] == "BT":
			cur = f[1]
			if cur == "live" {
				cur = running
			} else if cur == running {
				cur = "" // its saved frame is stale while it runs
			}
		case cur != "" && len(f) > 1 && strings.HasPrefix(f[0], "#"):
			fnName := f[1]
			if f[2] == "in" {
				fnName = f[3]
			}
			at := f[len(f)-1]
			line := at[strings.LastIndexByte(at, ':')+1:]
			if len(stacks[cur]) > 0 && stacks[cur][len(stacks[cur])-1] == entries[cur]+":"+"END" {
				continue
			}
			stacks[cur] = append(stacks[cur], fnName+":"+line)
			if fnName == entries[cur] {
				stacks[cur] = append(stacks[cur], entries[cur]+":END")
			}
		}
	}
	for n, st := range stacks {
		if len(st) > 0 && strings.HasSuffix(st[len(st)-1], ":END") {
			stacks[n] = st[:len(st)-1]
		}
	}
	if len(stacks) != len(names) {
		t.Fatalf("gdb output not understood (%v):\n%s", stacks, out)
	}
	return stacks
}

// functionsOf drops the lines of "function:line" entries.
func functionsOf(fs []string) []string {
	out := make([]string, len(fs))
	for i, f := range fs {
		out[i], _, _ = strings.Cut(f, ":")
	}
	return out
}
