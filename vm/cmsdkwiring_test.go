package vm

import (
	"bytes"
	"testing"
)

// TestCMSDKUARTConsoleAndLines: on a board whose first UART is a CMSDK
// UART, that UART is the console (output log, UARTInput), its RX and TX
// interrupts reach the controller at IRQ and IRQ+1, and the overrun
// interrupts of several UARTs are OR-ed onto OverflowIRQ.
func TestCMSDKUARTConsoleAndLines(t *testing.T) {
	const uart0, uart1 = 0x40004000, 0x40005000
	b := Board{Name: "cmsdk-test", RAMBase: DefaultRAMBase, RAMSize: 1 << 20, Devices: []BoardDevice{
		{Kind: KindTest, Base: 0x00100000},
		{Kind: KindPLIC, Base: plicBase},
		{Kind: KindCMSDKUART, Base: uart0, IRQ: 2, OverflowIRQ: 12},
		{Kind: KindCMSDKUART, Base: uart1, IRQ: 4, OverflowIRQ: 12},
	}}
	p := prog(
		li(5, uart0), li(6, 1), sw(6, 5, 8), // UART0 CTRL = TX enable
		li(6, 'h'), sw(6, 5, 0), li(6, 'i'), sw(6, 5, 0),
		li(6, 0xb), sw(6, 5, 8), // TX, RX, RX interrupt
		li(5, uart1), li(6, 0x10), sw(6, 5, 8), // UART1: TX off, TX overrun interrupt
		sw(6, 5, 0), sw(6, 5, 0), // the second write overruns
		jal(0, 0),
	)
	m := peripheralMachine(t, b, p)
	var out bytes.Buffer
	m.SetUARTOutput(func(c byte) { out.WriteByte(c) })
	m.Run(200)
	pending := func() uint32 { return uint32(m.plic.Peek(0x1000, 4)) } // the PLIC takes word accesses only
	if out.String() != "hi" {
		t.Errorf("console output %q, want %q", out.String(), "hi")
	}
	if p := pending(); p&(1<<12) == 0 || p&(1<<2) != 0 {
		t.Errorf("PLIC pending %#x: want the overrun line 12 and no RX interrupt yet", p)
	}
	m.UARTInput([]byte("x"))
	if p := pending(); p&(1<<2) == 0 {
		t.Errorf("PLIC pending %#x after input: want RX interrupt 2", p)
	}
	if got := readWord(t, m, uart0); got != 'x' {
		t.Errorf("UART0 DATA = %#x, want 'x'", got)
	}
}
