package debugger

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rewind-debugger/rewind/svd"
)

// newEcho opens the interrupt-driven echo firmware and QEMU virt's SVD.
func newEcho(t *testing.T) (*Session, *svd.Device) {
	t.Helper()
	path := filepath.Join("..", "testdata", "firmware", "echo_irq.elf")
	elf, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	s, err := New(elf, Options{Path: path})
	if err != nil {
		t.Fatal(err)
	}
	dev, err := svd.ParseFile(filepath.Join("..", "svd", "testdata", "virt.svd"))
	if err != nil {
		t.Fatal(err)
	}
	return s, dev
}

// regs renders the named registers' values ("?" for an error).
func regs(t *testing.T, s *Session, dev *svd.Device, paths ...string) string {
	t.Helper()
	var out []string
	for _, p := range paths {
		lp, err := dev.Lookup(p)
		if err != nil {
			t.Fatal(err)
		}
		rv := s.ReadPeripheralRegister(lp.Register)
		if rv.Err != nil {
			out = append(out, p+"=?")
			continue
		}
		out = append(out, fmt.Sprintf("%s=%#x", p, rv.Value))
	}
	return strings.Join(out, " ")
}

// TestPeripheralsAtTwoMoments reads the PLIC and UART set-up the firmware
// does, before and after it, and checks that reading the UART's receive
// register through the debugger leaves the byte in the FIFO.
func TestPeripheralsAtTwoMoments(t *testing.T) {
	s, dev := newEcho(t)
	watch := []string{"PLIC.priority10", "PLIC.enable_m.word0", "UART0.ier", "UART0.lsr", "UART0.rbr"}
	before := regs(t, s, dev, watch...)
	if want := "PLIC.priority10=0x0 PLIC.enable_m.word0=0x0 UART0.ier=0x0 UART0.lsr=0x60 UART0.rbr=0x0"; before != want {
		t.Errorf("at reset: %s, want %s", before, want)
	}
	// The firmware sets up the PLIC and the UART, then waits in wfi
	// for input: the run stops there.
	if st := s.Continue(); st.Time == 0 || s.Now() != st.Time {
		t.Fatalf("continue: %v", st)
	}
	if err := s.UARTInput([]byte("x")); err != nil {
		t.Fatal(err)
	}
	after := "PLIC.priority10=0x1 PLIC.enable_m.word0=0x400 UART0.ier=0x1 UART0.lsr=0x61 UART0.rbr=0x78"
	for i := 0; i < 2; i++ { // the second read sees the same byte: nothing popped
		if got := regs(t, s, dev, watch...); got != after {
			t.Errorf("read %d after set-up: %s, want %s", i+1, got, after)
		}
	}
	s.Seek(s.tl.Start())
	if got := regs(t, s, dev, watch...); got != before {
		t.Errorf("back at the start: %s, want %s", got, before)
	}
}

// TestPeripheralsDecoded checks the whole view: every peripheral of the
// SVD, fields decoded with enum names, write-only registers not read.
func TestPeripheralsDecoded(t *testing.T) {
	s, dev := newEcho(t)
	pvs := s.Peripherals(dev)
	if len(pvs) != len(dev.Peripherals) {
		t.Fatalf("%d peripherals, want %d", len(pvs), len(dev.Peripherals))
	}
	uart, err := s.Peripheral(dev, "uart0")
	if err != nil {
		t.Fatal(err)
	}
	for _, rv := range uart.Registers {
		switch rv.Register.Name {
		case "thr", "fcr":
			if !errors.Is(rv.Err, ErrWriteOnly) {
				t.Errorf("%s: %v, want write-only", rv.Register.Name, rv.Err)
			}
		case "iir":
			if rv.Err != nil || len(rv.Fields) != 2 || rv.Fields[0].String() != "id=1 (none)" {
				t.Errorf("iir: %+v", rv)
			}
		}
	}
	if _, err := s.Peripheral(dev, "NOPE"); err == nil {
		t.Error("an unknown peripheral gave no error")
	}
}

// TestVirtSVDMatchesTheBoard reads every register virt.svd describes right
// after reset: each readable one must be answered by a device at its
// width, and hold the reset value the file gives.
func TestVirtSVDMatchesTheBoard(t *testing.T) {
	s, dev := newEcho(t)
	s.Seek(s.tl.Start())
	for _, pv := range s.Peripherals(dev) {
		for _, rv := range pv.Registers {
			r := rv.Register
			name := pv.Peripheral.Name + "." + r.Name
			switch {
			case errors.Is(rv.Err, ErrWriteOnly):
			case rv.Err != nil:
				t.Errorf("%s: %v", name, rv.Err)
			case rv.Value&r.ResetMask != r.ResetValue&r.ResetMask:
				t.Errorf("%s = %#x after reset, the SVD says %#x", name, rv.Value, r.ResetValue)
			}
		}
	}
}
