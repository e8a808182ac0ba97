package vm

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/rewind-debugger/rewind/vm/device"
)

// TestLM3SGolden runs the lm3s6965evb programs (testdata/lm3s) and
// compares their console output and exit line with QEMU's golden files
// (`make -C testdata/lm3s golden`): the system control block and PL011
// registers, the PL011 with TX and RX interrupts on input given at the
// start (as QEMU's piped stdin), SysTick with WFI, and semihosting.
func TestLM3SGolden(t *testing.T) {
	for _, c := range []struct{ name, input string }{
		{"probe", ""}, {"uart", "hello\nquit\n"}, {"hello", ""}, {"ops", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := filepath.Join("..", "testdata", "lm3s")
			want, err := os.ReadFile(filepath.Join(dir, "golden", c.name+".out"))
			if err != nil {
				t.Fatal(err)
			}
			m, out := bootARM(t, "lm3s6965evb", filepath.Join(dir, c.name+".elf"))
			m.UARTInput([]byte(c.input))
			s := m.Run(100_000_000)
			if s.Reason != StopExit {
				t.Fatalf("stopped with %v at pc %#x", s.Reason, s.PC)
			}
			got := out.String() + "exit " + strconv.Itoa(s.ExitCode) + "\n"
			if got != string(want) {
				t.Errorf("output differs from QEMU's:\n%s", diffLines(got, string(want)))
			}
		})
	}
}

// TestLM3SBoardMap checks the lm3s6965evb's map as QEMU's `info mtree`
// shows it: the console is the PL011 at 0x4000C000, the system control
// block answers at 0x400FE000, flash ends at 256 KiB and SRAM at 64 KiB,
// and an access to a hole faults.
func TestLM3SBoardMap(t *testing.T) {
	b, err := BoardByName("lm3s6965evb")
	if err != nil {
		t.Fatal(err)
	}
	m, err := NewMachine(b, Config{})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := m.uart.(*device.PL011); !ok {
		t.Fatalf("console is %T, want the PL011", m.uart)
	}
	for _, c := range []struct {
		addr uint32
		want uint32
		ok   bool
	}{
		{0x4000c018, 0x90, true},       // UART0 FR: both FIFOs empty
		{0x4000cfe0, 0x11, true},       // Luminary ID
		{0x400fe000, 0x10010002, true}, // DID0
		{0x400fe060, 0x078e3ac0, true}, // RCC
		{0x2000fffc, 0, true},          // last SRAM word
		{0x20010000, 0, false},         // past SRAM
		{0x00040000, 0, false},         // past flash
	} {
		v, err := peekWord(m, c.addr)
		if (err == nil) != c.ok || (c.ok && v != c.want) {
			t.Errorf("read %#x = %#x, %v; want %#x (ok %v)", c.addr, v, err, c.want, c.ok)
		}
	}
}

// peekWord reads a 32-bit word as the core would, without side effects:
// from memory, or from a device register with one 4-byte peek.
func peekWord(m *Machine, addr uint32) (uint32, error) {
	if d := m.findDev(addr, 4); d != nil {
		return uint32(d.dev.Peek(addr-d.base, 4)), nil
	}
	var b [4]byte
	err := m.ReadMemory(addr, b[:])
	return uint32(b[0]) | uint32(b[1])<<8 | uint32(b[2])<<16 | uint32(b[3])<<24, err
}
