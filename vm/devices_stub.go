package vm

import "github.com/rewind-debugger/rewind/vm/device"

// Temporary stand-ins until package device provides the real models.

type stubDev struct{ name string }

func (s *stubDev) Name() string                         { return s.name }
func (s *stubDev) Size() uint32                         { return 0x1000 }
func (s *stubDev) Read(off uint32, size int) uint64     { return 0 }
func (s *stubDev) Peek(off uint32, size int) uint64     { return 0 }
func (s *stubDev) Write(off uint32, size int, v uint64) {}
func (s *stubDev) Reset()                               {}
func (s *stubDev) SaveState(dst []byte) []byte          { return dst }
func (s *stubDev) RestoreState(state []byte) error      { return nil }

type stubCLINT struct{ stubDev }

func (s *stubCLINT) MSIP(h int) bool       { return false }
func (s *stubCLINT) MTimeCmp(h int) uint64 { return ^uint64(0) }

type stubLine struct{}

func (stubLine) SetLevel(bool) {}

type stubPLIC struct{ stubDev }

func (s *stubPLIC) Line(irq int) device.IRQLine { return stubLine{} }
func (s *stubPLIC) Pending(c int) bool          { return false }

type stubUART struct {
	stubDev
	out func(byte)
}

func (s *stubUART) SetOutput(f func(byte)) { s.out = f }
func (s *stubUART) Input([]byte)           {}
func (s *stubUART) Write(off uint32, size int, v uint64) {
	if off == 0 && s.out != nil {
		s.out(byte(v))
	}
}

type stubTest struct {
	stubDev
	e device.Exiter
}

func (s *stubTest) Write(off uint32, size int, v uint64) {
	switch {
	case v&0xffff == 0x5555:
		s.e.Exit(0)
	case v&0xffff == 0x3333:
		s.e.Exit(int(v >> 16))
	}
}

func newCLINT(harts int, clk device.Clock) clintDev { return &stubCLINT{stubDev{"clint"}} }
func newPLIC(harts int) plicDev                     { return &stubPLIC{stubDev{"plic"}} }
func newUART(irq device.IRQLine) uartDev            { return &stubUART{stubDev: stubDev{"uart16550"}} }
func newTestDevice(e device.Exiter) device.Device   { return &stubTest{stubDev{"sifive-test"}, e} }
