package vm_test

import (
	"debug/elf"
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rewind-debugger/rewind/vm"
)

// isaStepLimit bounds one ISA test program; the largest needs well under
// a million steps.
const (
	isaStepLimit = 50_000_000
	isaChunk     = 1_000_000
)

// TestISA runs every instruction-level test program in testdata/isa. Each
// follows the riscv-tests convention: it writes 1 to the word `tohost` on
// success and (testnum << 1) | 1 on failure, then writes the SiFive test
// device (exit 0, or exit code testnum).
func TestISA(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "testdata", "isa", "*.elf"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no ../testdata/isa/*.elf: build them with make -C testdata")
	}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".elf")
		t.Run(name, func(t *testing.T) {
			if err := runISA(file); err != nil {
				t.Error(err)
			}
		})
	}
}

// runISA runs one test program to completion and says why it failed.
func runISA(file string) error {
	data, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	tohost, err := symbolAddr(data, "tohost")
	if err != nil {
		return err
	}
	m, err := vm.NewVirt(vm.Config{})
	if err != nil {
		return fmt.Errorf("NewVirt: %w", err)
	}
	if _, err := m.LoadELF(data); err != nil {
		return fmt.Errorf("LoadELF: %w", err)
	}
	m.SetWatchpoint(tohost, 4, vm.AccessWrite)
	for m.Time() < isaStepLimit {
		stop := m.Run(m.Time() + isaChunk)
		switch stop.Reason {
		case vm.StopLimit:
			continue
		case vm.StopWatchpoint:
			var buf [4]byte
			if err := m.ReadMemory(tohost, buf[:]); err != nil {
				return fmt.Errorf("read tohost: %w", err)
			}
			return tohostResult(binary.LittleEndian.Uint32(buf[:]), stop)
		case vm.StopExit:
			if stop.ExitCode != 0 {
				return fmt.Errorf("exit code %d: test %d failed (pc %#x)", stop.ExitCode, stop.ExitCode, stop.PC)
			}
			return nil
		default:
			return fmt.Errorf("unexpected stop %d at pc %#x, time %d, cause %#x, tval %#x (test %d)",
				stop.Reason, stop.PC, stop.Time, stop.Cause, stop.Tval, m.Hart(0).Reg(3))
		}
	}
	return fmt.Errorf("no result after %d steps: pc %#x, test %d", isaStepLimit, m.Hart(0).PC(), m.Hart(0).Reg(3))
}

// tohostResult interprets a value written to tohost.
func tohostResult(v uint32, stop vm.Stop) error {
	switch {
	case v == 1:
		return nil
	case v&1 == 1:
		return fmt.Errorf("test %d failed (tohost %#x written at pc %#x)", v>>1, v, stop.PC)
	default:
		return fmt.Errorf("unexpected tohost value %#x written at pc %#x", v, stop.PC)
	}
}

// symbolAddr finds a symbol's address in an ELF image.
func symbolAddr(data []byte, name string) (uint32, error) {
	f, err := elf.NewFile(strings.NewReader(string(data)))
	if err != nil {
		return 0, fmt.Errorf("parse ELF: %w", err)
	}
	defer f.Close()
	syms, err := f.Symbols()
	if err != nil {
		return 0, fmt.Errorf("ELF symbols: %w", err)
	}
	for _, s := range syms {
		if s.Name == name {
			return uint32(s.Value), nil
		}
	}
	return 0, fmt.Errorf("no symbol %q", name)
}
