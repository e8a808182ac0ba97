package device

// Env is what a Kind needs to build its device outside a machine: stand-ins
// for the clock, an interrupt line and the exit hook.
type Env struct {
	Harts  int
	Clock  Clock
	Ticker Ticker
	IRQ    IRQLine
	Exiter Exiter
}

// Kind describes one registered device kind, so that a conformance test can
// exercise every device without knowing it.
type Kind struct {
	// Name is the device's Name().
	Name string
	// New builds a device in its reset state from env.
	New func(env Env) Device
	// Offsets lists register offsets worth exercising (accesses at other
	// offsets are legal but mostly reach nothing).
	Offsets []uint32
	// Stimulate, if set, applies an outside input chosen by v (bytes on a
	// wire, interrupt lines), as the machine's input log would.
	Stimulate func(d Device, v uint64)
	// Observe, if set, summarizes outputs that are not registers (such as
	// an interrupt controller's outputs to the harts).
	Observe func(d Device) uint64
}

// Kinds returns every device kind of the built-in boards, freshly built.
func Kinds() []Kind {
	return append(append(append(virtKinds(), mps2Kinds()...), sifiveKinds()...), stellarisKinds()...)
}

// virtKinds returns the device kinds of QEMU's virt board.
func virtKinds() []Kind {
	return []Kind{
		{
			Name:    "clint",
			New:     func(env Env) Device { return NewCLINT(env.Harts, env.Clock) },
			Offsets: []uint32{0, 4, 0x4000, 0x4004, 0x4008, 0x400C, 0xBFF8, 0xBFFC},
			Observe: func(d Device) uint64 {
				c := d.(*CLINT)
				var h uint64
				for i := range c.msip {
					h = h*31 + c.MTimeCmp(i)
					if c.MSIP(i) {
						h ^= 1 << i
					}
				}
				return h
			},
		},
		{
			Name: "plic",
			New:  func(env Env) Device { return NewPLIC(env.Harts) },
			Offsets: []uint32{0x04, 0x28, 0x2C, 0x1000, 0x1004, 0x2000, 0x2004,
				0x2080, 0x200000, 0x200004, 0x201000, 0x201004},
			Stimulate: func(d Device, v uint64) {
				irqs := [...]int{1, 10, 11, 33, 95}
				d.(*PLIC).Line(irqs[v%5]).SetLevel(v&8 != 0)
			},
			Observe: func(d Device) uint64 {
				p := d.(*PLIC)
				var m uint64
				for c := range p.contexts {
					if p.Pending(c) {
						m |= 1 << c
					}
				}
				return m
			},
		},
		{
			Name:    "uart16550",
			New:     func(env Env) Device { return NewUART(env.IRQ) },
			Offsets: []uint32{0, 1, 2, 3, 4, 5, 6, 7},
			Stimulate: func(d Device, v uint64) {
				d.(*UART).Input([]byte{byte(v), byte(v >> 8)}[:1+v>>16&1])
			},
		},
		{
			Name:    "sifive_test",
			New:     func(env Env) Device { return NewTestDevice(env.Exiter) },
			Offsets: []uint32{0, 4},
		},
	}
}
