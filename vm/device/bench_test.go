package device

import "testing"

// BenchmarkUARTPutc is the polled transmit loop of firmware printing: read
// LSR until THRE, write THR.
func BenchmarkUARTPutc(b *testing.B) {
	u := NewUART(NewPLIC(1).Line(10))
	u.SetOutput(func(byte) {})
	for b.Loop() {
		if u.Read(uartLSR, 1)&lsrTHRE != 0 {
			u.Write(uartRBR, 1, 'x')
		}
	}
}

// BenchmarkPLICPending is the machine's poll of an interrupt controller.
func BenchmarkPLICPending(b *testing.B) {
	p := NewPLIC(4)
	p.Write(4*10, 4, 1)
	p.Write(plicEnableBase, 4, 1<<10)
	p.Line(10).SetLevel(true)
	n := 0
	for b.Loop() {
		for c := range 8 {
			if p.Pending(c) {
				n++
			}
		}
	}
	if n == 0 {
		b.Fatal("nothing pending")
	}
}
