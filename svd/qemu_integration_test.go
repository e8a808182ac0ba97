//go:build integration

package svd

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
)

// TestResetValuesMatchQEMU starts QEMU halted at reset for each machine an
// SVD file describes, reads every readable register without a read side
// effect through gdb, and compares it with the reset value the file gives:
// the addresses, widths and reset values are QEMU's.
func TestResetValuesMatchQEMU(t *testing.T) {
	for _, tc := range []struct{ file, machine string }{
		{"fe310.svd", "sifive_e,revb=true"},
		{"virt.svd", "virt"}, // -bios none: no OpenSBI for riscv32 here
	} {
		t.Run(tc.file, func(t *testing.T) {
			d, err := ParseFile(filepath.Join("testdata", tc.file))
			if err != nil {
				t.Fatal(err)
			}
			regs := registersToRead(d)
			got := readWithGDB(t, tc.machine, regs)
			for _, r := range regs {
				v, ok := got[r.Address]
				name := r.Peripheral.Name + "." + r.Name
				switch {
				case !ok:
					t.Errorf("%s at %#x: QEMU did not answer", name, r.Address)
				case v&r.ResetMask&r.Mask() != r.ResetValue&r.ResetMask&r.Mask():
					t.Errorf("%s at %#x = %#x at reset on QEMU, the SVD says %#x", name, r.Address, v, r.ResetValue)
				}
			}
		})
	}
}

// registersToRead lists the registers whose read has no side effect
// (QEMU's gdb stub reads devices the way a load does) and whose value at
// reset does not depend on host time.
func registersToRead(d *Device) []*Register {
	var out []*Register
	for _, p := range d.Peripherals {
		for _, r := range p.Registers {
			if r.Access.Readable() && r.ReadAction == "" && !strings.HasPrefix(r.Name, "mtime") {
				out = append(out, r)
			}
		}
	}
	return out
}

// gdbLine matches one value of gdb's x command: "0x10013004:\t0x80000000".
var gdbLine = regexp.MustCompile(`^(0x[0-9a-f]+)(?: <[^>]*>)?:\s+(0x[0-9a-f]+)`)

// readWithGDB reads each register once, at its width, from a QEMU machine
// halted before its first instruction.
func readWithGDB(t *testing.T, machine string, regs []*Register) map[uint64]uint64 {
	t.Helper()
	port := freePort(t)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	qemu := exec.CommandContext(ctx, "qemu-system-riscv32", "-M", machine, "-bios", "none", "-nographic", "-S",
		"-gdb", fmt.Sprintf("tcp:127.0.0.1:%d", port), "-monitor", "none", "-serial", "none")
	if err := qemu.Start(); err != nil {
		t.Skipf("qemu-system-riscv32: %v", err)
	}
	defer func() { _ = qemu.Process.Kill(); _ = qemu.Wait() }()
	args := []string{"-q", "-batch", "-nx", "-ex", "set confirm off", "-ex", "set architecture riscv:rv32"}
	args = append(args, "-ex", fmt.Sprintf("target remote 127.0.0.1:%d", port))
	for _, r := range regs {
		unit := map[int]string{8: "b", 16: "h", 32: "w"}[r.Size]
		if unit == "" {
			t.Fatalf("%s.%s: no gdb unit for %d bits", r.Peripheral.Name, r.Name, r.Size)
		}
		args = append(args, "-ex", fmt.Sprintf("x/1x%s %#x", unit, r.Address))
	}
	var out []byte
	var err error
	for try := 0; try < 20; try++ { // QEMU needs a moment to listen
		out, err = exec.CommandContext(ctx, "gdb-multiarch", args...).CombinedOutput()
		if err == nil && strings.Contains(string(out), "0x") && !strings.Contains(string(out), "Connection refused") {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	got := map[uint64]uint64{}
	for _, line := range strings.Split(string(out), "\n") {
		if m := gdbLine.FindStringSubmatch(line); m != nil {
			a, _ := strconv.ParseUint(m[1], 0, 64)
			v, _ := strconv.ParseUint(m[2], 0, 64)
			got[a] = v
		}
	}
	if len(got) == 0 {
		t.Fatalf("gdb read nothing: %v\n%s", err, out)
	}
	return got
}

// freePort asks the kernel for an unused TCP port.
func freePort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}
