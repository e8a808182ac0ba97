//go:build integration

package debugger

import (
	"context"
	"fmt"
	"net"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/rewind-debugger/rewind/svd"
)

// TestPeripheralsMatchQEMU stops the interrupt-driven echo firmware at
// several moments on QEMU (through gdb-multiarch) and on Rewind, and
// compares every register of the built-in virt.svd whose read has no
// side effect: at main (nothing set up yet) and at the first uart_puts
// (the PLIC and the UART's receive interrupt set up).
func TestPeripheralsMatchQEMU(t *testing.T) {
	requireTools(t, "qemu-system-riscv32", "gdb-multiarch")
	s := openWithSVD(t, "echo_irq.elf", Options{})
	var regs []*svd.Register
	for _, p := range s.SVD().Peripherals {
		for _, r := range p.Registers {
			if r.Access.Readable() && r.ReadAction == "" && !strings.HasPrefix(r.Name, "mtime") {
				regs = append(regs, r)
			}
		}
	}
	moments := []string{"main", "uart_puts"}
	onQEMU := peripheralsOnQEMU(t, filepath.Join("..", "testdata", "firmware", "echo_irq.elf"), moments, regs)
	seen := map[string]bool{}
	for _, fn := range moments {
		s.SetFunctionBreakpoints([]FunctionSpec{{Name: fn}})
		if st := s.Continue(); st.Reason != ReasonFunction {
			t.Fatalf("continue to %s: %v", fn, st)
		}
		differ := 0
		var state strings.Builder
		for _, r := range regs {
			rv := s.ReadPeripheralRegister(r)
			state.WriteString(rv.Hex())
			want, ok := onQEMU[fn][r.Address]
			switch {
			case !ok:
				t.Errorf("%s: QEMU did not answer for %s.%s", fn, r.Peripheral.Name, r.Name)
			case rv.Err != nil || rv.Value != want&r.Mask():
				differ++
				t.Errorf("at %s: %s.%s = %s on Rewind, %#x on QEMU", fn, r.Peripheral.Name, r.Name, rv.Hex(), want)
			}
		}
		t.Logf("at %s (time %d): %d registers compared, %d differ", fn, s.Now(), len(regs), differ)
		if seen[state.String()] {
			t.Errorf("at %s the registers are as at an earlier moment: the comparison shows nothing new", fn)
		}
		seen[state.String()] = true
	}
}

// gdbWord matches a value printed by gdb's x: "0x10000001:\t0x01".
var gdbWord = regexp.MustCompile(`^(0x[0-9a-f]+)(?: <[^>]*>)?:\s+(0x[0-9a-f]+)`)

// peripheralsOnQEMU runs elf on QEMU virt to the first stop in each
// function in turn and reads each register there at its width.
func peripheralsOnQEMU(t *testing.T, elf string, fns []string, regs []*svd.Register) map[string]map[uint64]uint64 {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	qemu := exec.CommandContext(ctx, "qemu-system-riscv32", "-M", "virt", "-bios", "none", "-display", "none",
		"-serial", "null", "-monitor", "none", "-icount", "shift=0,sleep=off", "-kernel", elf, "-S", "-gdb", "tcp:"+addr)
	if err := qemu.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = qemu.Process.Kill(); _ = qemu.Wait() }()
	for i := 0; i < 50; i++ {
		if c, err := net.Dial("tcp", addr); err == nil {
			c.Close()
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	args := []string{"-nx", "-batch", elf, "-ex", "set pagination off", "-ex", "target remote " + addr}
	for _, fn := range fns {
		args = append(args, "-ex", "break "+fn, "-ex", "continue", "-ex", "echo MOMENT "+fn+"\\n")
		for _, r := range regs {
			args = append(args, "-ex", fmt.Sprintf("x/1x%s %#x", map[int]string{8: "b", 16: "h", 32: "w"}[r.Size], r.Address))
		}
	}
	args = append(args, "-ex", "kill")
	out, err := exec.CommandContext(ctx, "gdb-multiarch", args...).CombinedOutput()
	if err != nil {
		t.Fatalf("gdb-multiarch: %v\n%s", err, out)
	}
	got := map[string]map[uint64]uint64{}
	cur := ""
	for _, line := range strings.Split(string(out), "\n") {
		if fn, ok := strings.CutPrefix(line, "MOMENT "); ok {
			cur = strings.TrimSpace(fn)
			got[cur] = map[uint64]uint64{}
			continue
		}
		if m := gdbWord.FindStringSubmatch(line); m != nil && cur != "" {
			a, _ := strconv.ParseUint(m[1], 0, 64)
			v, _ := strconv.ParseUint(m[2], 0, 64)
			got[cur][a] = v
		}
	}
	if len(got) != len(fns) {
		t.Fatalf("gdb output not understood:\n%s", out)
	}
	return got
}
