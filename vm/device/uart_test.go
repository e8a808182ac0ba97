package device

import (
	"bytes"
	"testing"
)

func TestUARTRegisters(t *testing.T) {
	irq := &testIRQ{}
	u := NewUART(irq)
	var out []byte
	u.SetOutput(func(b byte) { out = append(out, b) })
	line := func(name string, want bool) step {
		return do(name, func(t *testing.T) {
			if irq.level != want {
				t.Errorf("%s: IRQ level %v, want %v", name, irq.level, want)
			}
		})
	}
	input := func(s string) step { return do("input", func(*testing.T) { u.Input([]byte(s)) }) }
	runScript(t, u, []step{
		rd("RBR", 0, 1, 0), rd("IER", 1, 1, 0), rd("IIR", 2, 1, 0x01), rd("LCR", 3, 1, 0),
		rd("MCR", 4, 1, 0x08), rd("LSR", 5, 1, 0x60), rd("MSR", 6, 1, 0xB0), rd("SCR", 7, 1, 0),
		line("reset", false),
		// DLAB selects the divisor latch at 0 and 1.
		wr(3, 1, 0x83),
		rd("DLL", 0, 1, 0x0C), rd("DLM", 1, 1, 0),
		wr(0, 1, 0x34), wr(1, 1, 0x12),
		rd("DLL set", 0, 1, 0x34), rd("DLM set", 1, 1, 0x12),
		wr(3, 1, 0x03),
		rd("IER untouched by DLM", 1, 1, 0), rd("LCR", 3, 1, 0x03),
		// FIFO enable shows in IIR; THRE interrupt behaviour.
		wr(2, 1, 0x07),
		rd("FIFO on", 2, 1, 0xC1),
		wr(1, 1, 0x02),
		line("THRI enabled", true),
		rd("THRE reported", 2, 1, 0xC2),
		line("IIR read cleared THRE", false),
		rd("THRE gone", 2, 1, 0xC1),
		wr(0, 1, 'A'),
		rd("THR write re-arms THRE", 2, 1, 0xC2),
		wr(0, 4, 'B'),
		wr(1, 1, 0x00),
		line("THRI disabled", false),
		rd("nothing without IER", 2, 1, 0xC1),
		wr(1, 1, 0x02),
		rd("enabling THRI re-arms", 2, 1, 0xC2),
		wr(1, 1, 0x00),
		// Receive: RX data beats THRE.
		wr(1, 1, 0x03),
		input("xy"),
		rd("RX beats THRE", 2, 1, 0xC4),
		rd("LSR data ready", 5, 1, 0x61),
		rd("RBR x", 0, 1, 'x'),
		rd("still RX", 2, 1, 0xC4),
		rd("RBR y", 0, 1, 'y'),
		rd("then THRE", 2, 1, 0xC2),
		rd("then none", 2, 1, 0xC1),
		line("drained", false),
		rd("empty FIFO reads 0", 0, 1, 0),
		rd("LSR empty", 5, 1, 0x60),
		// Trigger level 4: fewer bytes are a character timeout.
		wr(2, 1, 0x41),
		input("abc"),
		rd("timeout below trigger", 2, 1, 0xCC),
		line("timeout raises the line", true),
		input("d"),
		rd("trigger reached", 2, 1, 0xC4),
		wr(2, 1, 0x43),
		rd("RX FIFO reset", 5, 1, 0x60),
		line("RX reset lowers the line", false),
		rd("no TX reset, no THRE", 2, 1, 0xC1),
		// FIFO off: both FIFOs reset (THRE again); RBR keeps the last byte.
		wr(2, 1, 0x00),
		rd("FIFO off, TX reset", 2, 1, 0x02),
		rd("FIFO off", 2, 1, 0x01),
		input("z"),
		rd("RX, no FIFO bits", 2, 1, 0x04),
		rd("RBR z", 0, 1, 'z'),
		rd("RBR z again", 0, 1, 'z'),
		wr(1, 1, 0xFF),
		rd("IER keeps 4 bits", 1, 1, 0x0F),
		wr(1, 1, 0),
		wr(4, 1, 0xFF),
		rd("MCR keeps 5 bits", 4, 1, 0x1F),
		rd("loopback MSR", 6, 1, 0xF0),
		wr(4, 1, 0x08),
		wr(7, 4, 0x1A5),
		rd("SCR", 7, 4, 0xA5),
		rd("beyond the registers", 8, 1, 0),
	})
	if !bytes.Equal(out, []byte("AB")) {
		t.Errorf("output %q, want %q", out, "AB")
	}
}

func TestUARTLoopbackOverrun(t *testing.T) {
	irq := &testIRQ{}
	u := NewUART(irq)
	var out []byte
	u.SetOutput(func(b byte) { out = append(out, b) })
	runScript(t, u, []step{
		wr(4, 1, 0x10), wr(1, 1, 0x05),
		wr(0, 1, 'i'), wr(0, 1, 'j'),
		rd("line status first", 2, 1, 0x06),
		rd("LSR overrun", 5, 1, 0x63),
		rd("LSR read clears OE", 5, 1, 0x61),
		rd("then RX", 2, 1, 0x04),
		rd("newer byte replaced RBR", 0, 1, 'j'),
		wr(2, 1, 0x01),
	})
	for range 17 {
		u.Write(0, 1, 'k')
	}
	runScript(t, u, []step{
		rd("FIFO overrun", 5, 1, 0x63),
		rd("FIFO keeps 16", 5, 1, 0x61),
	})
	for range 16 {
		u.Read(0, 1)
	}
	runScript(t, u, []step{rd("drained", 5, 1, 0x60)})
	if len(out) != 0 {
		t.Errorf("loopback sent %q to the output", out)
	}
}

func TestUARTRestoreDrivesLine(t *testing.T) {
	a := NewUART(&testIRQ{})
	a.Write(1, 1, 0x01)
	a.Input([]byte("q"))
	irq := &testIRQ{level: false}
	b := NewUART(irq)
	if err := b.RestoreState(a.SaveState(nil)); err != nil {
		t.Fatal(err)
	}
	if !irq.level {
		t.Error("RestoreState did not drive the line high")
	}
	if got := b.Read(0, 1); got != 'q' {
		t.Errorf("restored RBR %q, want 'q'", rune(got))
	}
}
