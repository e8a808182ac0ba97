package device

// SiFive GPIO register offsets (FE310-G002 manual, chapter "GPIO").
const (
	sgValue  = 0x00
	sgInEn   = 0x04
	sgOutEn  = 0x08
	sgPort   = 0x0c
	sgPUE    = 0x10
	sgDS     = 0x14
	sgRiseIE = 0x18
	sgRiseIP = 0x1c
	sgFallIE = 0x20
	sgFallIP = 0x24
	sgHighIE = 0x28
	sgHighIP = 0x2c
	sgLowIE  = 0x30
	sgLowIP  = 0x34
	sgIOFEn  = 0x38
	sgIOFSel = 0x3c
	sgOutXor = 0x40
	sgSize   = 0x100
	sgRegs   = sgOutXor/4 + 1
	// SiFiveGPIOPins is the number of pins (and interrupt lines).
	SiFiveGPIOPins = 32
)

// SiFiveGPIO is the GPIO controller of SiFive's E-series chips: 32 pins,
// each with its own interrupt line (PLIC sources 8 to 39 on the FE310).
//
// Nothing outside drives the pins: a pin with output_en set carries
// output_val XOR out_xor, any other pin reads its pull-up (pue). input_val
// shows the pins whose input_en is set. After every register write, as in
// QEMU 7.2, each pin's level sets high_ip or low_ip, and a change of its
// input value sets rise_ip or fall_ip; the *_ip registers clear where 1 is
// written. A pin's interrupt line is high while any of its four pending
// bits is set together with the matching enable. The hardware functions
// (iof_en, iof_sel) are stored only. Every register is stored in full; a
// narrower write stores its bytes shifted into place with zeros elsewhere
// (QEMU widens such writes the same way).
type SiFiveGPIO struct {
	lines func(pin int) IRQLine
	reg   [sgRegs]uint32
}

// NewSiFiveGPIO returns a GPIO block; lines gives each pin's interrupt
// line (nil, or a nil line, for none).
func NewSiFiveGPIO(lines func(pin int) IRQLine) *SiFiveGPIO {
	return &SiFiveGPIO{lines: lines}
}

// Name implements Device.
func (g *SiFiveGPIO) Name() string { return "sifive-gpio" }

// Size implements Device.
func (g *SiFiveGPIO) Size() uint32 { return sgSize }

// r returns the register at off.
func (g *SiFiveGPIO) r(off uint32) uint32 { return g.reg[off/4] }

// Read implements Device (reads have no side effects).
func (g *SiFiveGPIO) Read(off uint32, size int) uint64 { return g.Peek(off, size) }

// Peek implements Device.
func (g *SiFiveGPIO) Peek(off uint32, size int) uint64 {
	if off >= sgRegs*4 {
		return 0
	}
	return uint64(g.r(off&^3)>>(8*(off&3))) & sizeMask(size)
}

// Write implements Device.
func (g *SiFiveGPIO) Write(off uint32, size int, val uint64) {
	if off >= sgRegs*4 {
		return
	}
	v := uint32(val&sizeMask(size)) << (8 * (off & 3))
	off &^= 3
	switch off {
	case sgValue: // read-only
	case sgRiseIP, sgFallIP, sgHighIP, sgLowIP:
		g.reg[off/4] &^= v
	default:
		g.reg[off/4] = v
	}
	g.settle()
	g.drive(true)
}

// settle recomputes the pins, input values and pending bits.
func (g *SiFiveGPIO) settle() {
	outEn := g.r(sgOutEn)
	pins := outEn&(g.r(sgPort)^g.r(sgOutXor)) | ^outEn&g.r(sgPUE)
	val := pins & g.r(sgInEn)
	prev := g.r(sgValue)
	g.reg[sgHighIP/4] |= val
	g.reg[sgLowIP/4] |= ^val
	g.reg[sgRiseIP/4] |= val &^ prev
	g.reg[sgFallIP/4] |= prev &^ val
	g.reg[sgValue/4] = val
}

// irqs returns the pins whose interrupt is raised.
func (g *SiFiveGPIO) irqs() uint32 {
	return g.r(sgRiseIE)&g.r(sgRiseIP) | g.r(sgFallIE)&g.r(sgFallIP) |
		g.r(sgHighIE)&g.r(sgHighIP) | g.r(sgLowIE)&g.r(sgLowIP)
}

// drive sets every pin's interrupt line; as a request (after a register
// write, where QEMU raises every high line again: see Raiser) or as the
// level alone (after a restore).
func (g *SiFiveGPIO) drive(request bool) {
	if g.lines == nil {
		return
	}
	up := g.irqs()
	for i := range SiFiveGPIOPins {
		l := g.lines(i)
		switch {
		case l == nil:
		case request:
			signal(l, up>>i&1 != 0)
		default:
			l.SetLevel(up>>i&1 != 0)
		}
	}
}

// Reset implements Device: every register clears.
func (g *SiFiveGPIO) Reset() {
	g.reg = [sgRegs]uint32{}
	g.drive(false)
}

const sifiveGPIOTag, sifiveGPIOVersion = "SGPI", 1

// SaveState implements Device.
func (g *SiFiveGPIO) SaveState(dst []byte) []byte {
	w := stateWriter{b: dst}
	w.header(sifiveGPIOTag, sifiveGPIOVersion)
	for _, v := range g.reg {
		w.u32(v)
	}
	return w.b
}

// RestoreState implements Device and drives the interrupt lines.
func (g *SiFiveGPIO) RestoreState(state []byte) error {
	r := stateReader{b: state}
	r.header(sifiveGPIOTag, sifiveGPIOVersion)
	var reg [sgRegs]uint32
	for i := range reg {
		reg[i] = r.u32()
	}
	if err := r.finish(); err != nil {
		return err
	}
	g.reg = reg
	g.drive(false)
	return nil
}
