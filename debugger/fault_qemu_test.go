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

// TestFaultReportAgainstQEMU stops at every fault of faults.elf on QEMU's
// mps2-an385 with gdb-multiarch (a breakpoint on the handler's first
// instruction) and reads the exception number (ICSR), CFSR, HFSR, BFAR and
// the stacked pc there; the debugger's catchpoint stops must carry the
// same values in their fault reports.
func TestFaultReportAgainstQEMU(t *testing.T) {
	for _, tool := range []string{"qemu-system-arm", "gdb-multiarch"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Fatalf("%s not found: install Debian's qemu-system-arm and gdb-multiarch", tool)
		}
	}
	want := qemuFaults(t, filepath.Join("..", "testdata", "arm-faults", "faults.elf"), len(armFaults))
	t.Logf("QEMU: %q", want)
	s := openARMFaults(t)
	if _, err := s.AddCatchpoint(EventException, "", Condition{}); err != nil {
		t.Fatal(err)
	}
	got := collectForward(t, s)
	if len(got) != len(want) {
		t.Fatalf("%d fault stops, QEMU %d", len(got), len(want))
	}
	for i, st := range got {
		r := st.Trap.Fault
		regs := map[string]uint32{}
		for _, g := range r.Registers {
			regs[g.Name] = g.Value
		}
		line := fmt.Sprintf("exc %x cfsr %08x hfsr %08x bfar %08x pc %08x", r.Cause, regs["CFSR"], regs["HFSR"], regs["BFAR"], r.PC)
		if line != want[i] {
			t.Errorf("fault %d: Rewind %q, QEMU %q", i, line, want[i])
		}
	}
}

// qemuFaults runs elf on QEMU to the first n hits of fault_entry and
// returns what gdb read at each, formatted as the test compares them.
func qemuFaults(t *testing.T, elf string, n int) []string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := strconv.Itoa(l.Addr().(*net.TCPAddr).Port)
	l.Close()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	qemu := exec.CommandContext(ctx, "qemu-system-arm", "-M", "mps2-an385", "-nographic", "-semihosting",
		"-icount", "shift=0,sleep=off", "-kernel", elf, "-S", "-gdb", "tcp:127.0.0.1:"+port)
	if err := qemu.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = qemu.Process.Kill(); _ = qemu.Wait() }()
	for range 50 {
		if c, err := net.Dial("tcp", "127.0.0.1:"+port); err == nil {
			c.Close()
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	args := []string{"-nx", "-batch", elf, "-ex", "set pagination off", "-ex", "target remote 127.0.0.1:" + port,
		"-ex", "break *fault_entry"}
	for range n {
		args = append(args, "-ex", "continue", "-ex",
			`printf "FAULT exc %x cfsr %08x hfsr %08x bfar %08x pc %08x\n", *(unsigned *)0xe000ed04 & 0x1ff, `+
				`*(unsigned *)0xe000ed28, *(unsigned *)0xe000ed2c, *(unsigned *)0xe000ed38, *(unsigned *)($sp + 24)`)
	}
	args = append(args, "-ex", "kill")
	out, err := exec.CommandContext(ctx, "gdb-multiarch", args...).CombinedOutput()
	if err != nil {
		t.Fatalf("gdb-multiarch: %v\n%s", err, out)
	}
	var faults []string
	for _, line := range strings.Split(string(out), "\n") {
		if f, ok := strings.CutPrefix(line, "FAULT "); ok {
			faults = append(faults, f)
		}
	}
	if len(faults) != n {
		t.Fatalf("gdb read %d faults, want %d:\n%s", len(faults), n, out)
	}
	return faults
}
