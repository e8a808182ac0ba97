//go:build integration

package vm

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// armGDBPoints are the step counts at which the register states are
// compared.
var armGDBPoints = []uint64{0, 1, 2, 3, 5, 8, 17, 40, 100, 333, 1000, 2500, 6000}

// armGDBRegs are the registers compared, as gdb names them.
var armGDBRegs = []string{"r0", "r1", "r2", "r3", "r4", "r5", "r6", "r7", "r8", "r9", "r10", "r11", "r12", "sp", "lr", "pc", "xpsr"}

// TestARMRegistersMatchQEMUGDB single-steps ELFs on QEMU through
// gdb-multiarch (`qemu-system-arm -icount shift=0 -s -S`) and compares
// r0-r12, sp, lr, pc and xPSR at chosen step counts with the core's own
// state after running the same number of steps. The programs take no
// interrupts: QEMU's gdb stub masks them while single-stepping.
func TestARMRegistersMatchQEMUGDB(t *testing.T) {
	for _, tc := range []struct{ file, board string }{
		{"../testdata/arm/isa/isa-m3.elf", "mps2-an385"},
		{"../testdata/arm/isa/isa-m4.elf", "mps2-an386"},
		{"../testdata/arm/isa/isa-m4f.elf", "mps2-an386"},
		{"../testdata/arm/bench/bench.elf", "mps2-an385"},
	} {
		t.Run(filepath.Base(tc.file), func(t *testing.T) {
			ours, points := armRegsAt(t, tc.board, tc.file)
			theirs := qemuRegsAt(t, tc.board, tc.file, points)
			if len(theirs) != len(points) {
				t.Fatalf("gdb printed %d register sets, want %d", len(theirs), len(points))
			}
			for i, at := range points {
				for _, name := range armGDBRegs {
					if ours[i][name] != theirs[i][name] {
						t.Errorf("after %d steps: %s = %#x, QEMU %#x", at, name, ours[i][name], theirs[i][name])
					}
				}
			}
		})
	}
}

// armRegsAt runs the ELF to each of armGDBPoints and returns the
// registers there, and the points reached before the program ended.
func armRegsAt(t *testing.T, board, file string) ([]map[string]uint32, []uint64) {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	b, err := BoardByName(board)
	if err != nil {
		t.Fatal(err)
	}
	m, err := NewMachine(b, Config{})
	if err != nil {
		t.Fatal(err)
	}
	m.SetUARTOutput(func(byte) {})
	if _, err := m.LoadELF(data); err != nil {
		t.Fatal(err)
	}
	var regs []map[string]uint32
	var points []uint64
	for _, at := range armGDBPoints {
		if at > 0 {
			if s := m.Run(at); s.Reason != StopLimit || s.Time != at {
				break
			}
		}
		h := m.harts[0]
		set := map[string]uint32{}
		for i, name := range armGDBRegs {
			set[name] = h.armReg(i)
		}
		regs = append(regs, set)
		points = append(points, at)
	}
	return regs, points
}

// qemuRegsAt single-steps the ELF on QEMU to each point and returns the
// registers gdb prints there.
func qemuRegsAt(t *testing.T, board, file string, points []uint64) []map[string]uint32 {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	qemu := exec.CommandContext(ctx, "qemu-system-arm", "-M", board, "-semihosting", "-icount", "shift=0,sleep=off",
		"-nographic", "-S", "-gdb", fmt.Sprintf("tcp:127.0.0.1:%d", port), "-kernel", file)
	if err := qemu.Start(); err != nil {
		t.Fatalf("qemu: %v", err)
	}
	defer func() {
		_ = qemu.Process.Kill()
		_ = qemu.Wait()
	}()
	var script strings.Builder
	fmt.Fprintf(&script, "set architecture arm\nset pagination off\ntarget remote 127.0.0.1:%d\n", port)
	prev := uint64(0)
	for _, at := range points {
		if at > prev {
			fmt.Fprintf(&script, "stepi %d\n", at-prev)
		}
		prev = at
		script.WriteString("echo ==regs\\n\ninfo registers\n")
	}
	path := filepath.Join(t.TempDir(), "regs.gdb")
	if err := os.WriteFile(path, []byte(script.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	var out []byte
	for try := 0; try < 50; try++ { // until QEMU listens
		if c, err := net.Dial("tcp", fmt.Sprintf("127.0.0.1:%d", port)); err == nil {
			c.Close()
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	out, err = exec.CommandContext(ctx, "gdb-multiarch", "-nx", "-batch", "-x", path).CombinedOutput()
	if err != nil {
		t.Fatalf("gdb: %v\n%s", err, out)
	}
	var sets []map[string]uint32
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		line := sc.Text()
		if line == "==regs" {
			sets = append(sets, map[string]uint32{})
			continue
		}
		f := strings.Fields(line)
		if len(sets) == 0 || len(f) < 2 || !strings.HasPrefix(f[1], "0x") {
			continue
		}
		v, err := strconv.ParseUint(f[1], 0, 32)
		if err == nil {
			sets[len(sets)-1][f[0]] = uint32(v)
		}
	}
	return sets
}
