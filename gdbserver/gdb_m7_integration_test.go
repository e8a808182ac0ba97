//go:build integration

package gdbserver

import (
	"context"
	"net"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestGDBM7DoubleRegistersMatchQEMU runs one gdb-multiarch script against
// the stub and against QEMU's own gdbstub, both on mps2-an500 with
// testdata/arm-m7/fp64.elf (the FPv5-D16 suite), and requires the same
// registers at every stop: r0-r12, sp, lr, pc, xpsr, d0-d15 (raw bits)
// and fpscr, at the entry of functions spread over the program (after
// double arithmetic, conversions, VRINT, VSEL, loads and stores). gdb
// takes d0-d15 from both targets' descriptions.
func TestGDBM7DoubleRegistersMatchQEMU(t *testing.T) {
	elf := filepath.Join("..", "testdata", "arm-m7", "fp64.elf")
	var cmds []string
	for _, fn := range []string{"d_vsel", "d_vfnms", "d_vsqrt", "d_vcvt_f32", "d_vrinta", "d_vcvt_f64f32",
		"s_vsel", "s_vcvtm_s32", "loads_stores", "lazy"} {
		cmds = append(cmds, "break "+fn, "continue", "echo ==stop\\n", "info registers",
			"info registers d0 d1 d2 d3 d4 d5 d6 d7 d8 d9 d10 d11 d12 d13 d14 d15 fpscr", "delete")
	}
	ours := stopRegisters(startStubOn(t, elf, 1, "mps2-an500").gdb(t, elf, cmds...))
	theirs := stopRegisters(qemuStub(t, elf, "mps2-an500").gdb(t, elf, cmds...))
	if len(theirs) != 10 || len(ours) != len(theirs) {
		t.Fatalf("stops: %d here, %d on QEMU, want 10", len(ours), len(theirs))
	}
	for i, regs := range theirs {
		if len(regs) < 34 {
			t.Fatalf("stop %d: QEMU's gdb showed only %d registers: %v", i, len(regs), regs)
		}
		for name, want := range regs {
			if ours[i][name] != want {
				t.Errorf("stop %d: %s = %q, QEMU %q", i, name, ours[i][name], want)
			}
		}
	}
}

// stopRegisters splits gdb's output at each "==stop" and reads the
// registers printed after it (a float register by its raw bits).
func stopRegisters(out string) []map[string]string {
	var stops []map[string]string
	for _, part := range strings.Split(out, "==stop\n")[1:] {
		regs := map[string]string{}
		for _, m := range regLine.FindAllStringSubmatch(part, -1) {
			regs[m[1]] = m[2]
			if m[3] != "" {
				regs[m[1]] = m[3]
			}
		}
		stops = append(stops, regs)
	}
	return stops
}

// qemuStub starts qemu-system-arm halted with its gdbstub on a free port
// (-icount shift=0,sleep=off, semihosting) and returns it as a stub.
func qemuStub(t *testing.T, elf, board string) *stub {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	qemu := exec.CommandContext(ctx, "qemu-system-arm", "-M", board, "-semihosting", "-icount", "shift=0,sleep=off",
		"-nographic", "-S", "-gdb", "tcp:"+addr, "-kernel", elf)
	if err := qemu.Start(); err != nil {
		cancel()
		t.Fatalf("qemu-system-arm: %v", err)
	}
	t.Cleanup(func() {
		cancel()
		_ = qemu.Wait()
	})
	for try := 0; try < 50; try++ { // until QEMU listens
		if c, err := net.Dial("tcp", addr); err == nil {
			c.Close()
			return &stub{addr: addr}
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatalf("qemu's gdbstub at %s never listened", addr)
	return nil
}
