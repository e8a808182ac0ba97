package device

// Arm PL011 UART registers and bits, as QEMU 7.2's pl011 models them.
const (
	plDR    = 0x000
	plRSR   = 0x004 // read: receive status; write: error clear
	plFR    = 0x018
	plILPR  = 0x020
	plIBRD  = 0x024
	plFBRD  = 0x028
	plLCRH  = 0x02c
	plCR    = 0x030
	plIFLS  = 0x034
	plIMSC  = 0x038
	plRIS   = 0x03c
	plMIS   = 0x040
	plICR   = 0x044
	plDMACR = 0x048
	plIDOff = 0xfe0
	plSize  = 0x1000

	plFlagRXFE = 0x10 // FR
	plFlagTXFF = 0x20
	plFlagRXFF = 0x40
	plFlagTXFE = 0x80
	plLCRFEN   = 0x10 // LCR_H: FIFOs enabled
	plIntRX    = 0x10 // RIS, IMSC, MIS, ICR
	plIntTX    = 0x20
	plIntMask  = 0x7ff
	plFIFO     = 16
)

// PL011LuminaryID is the ID block of the Luminary (Stellaris) variant of
// the PL011; PL011ArmID is Arm's own.
var (
	PL011LuminaryID = [8]uint8{0x11, 0x00, 0x18, 0x01, 0x0d, 0xf0, 0x05, 0xb1}
	PL011ArmID      = [8]uint8{0x11, 0x10, 0x14, 0x00, 0x0d, 0xf0, 0x05, 0xb1}
)

// PL011 is the Arm PrimeCell UART of the Stellaris boards.
//
// As in QEMU 7.2: a byte written to DR goes out at once whatever CR says,
// and raises the TX interrupt (RIS bit 5) until ICR clears it; FR always
// shows the transmit FIFO empty. Received bytes enter a 16-byte FIFO (one
// byte when LCR_H.FEN is clear) from an unbounded queue fed by Input (the
// machine's input log), so none is lost, and the receive interrupt (RIS
// bit 4) is raised when the FIFO holds one byte (QEMU triggers at one
// byte whatever IFLS says) and cleared when a read empties it. Changing
// LCR_H.FEN drops the FIFO's content. The interrupt outputs of QEMU's
// combined line, RIS & IMSC, drive the one IRQ line. The baud rate,
// line control and DMA registers are stored, not used.
type PL011 struct {
	irq    IRQLine
	output func(byte)
	id     [8]uint8

	fifo                 [plFIFO]uint16
	rpos, rcount         uint8
	flags, rsr           uint32
	lcr, cr, ifls, dmacr uint32
	ilpr, ibrd, fbrd     uint32
	intLevel, intEnabled uint32
	queue                []byte
}

// NewPL011 returns a PL011 with the given ID block driving irq (may be nil).
func NewPL011(irq IRQLine, id [8]uint8) *PL011 {
	u := &PL011{irq: irq, id: id}
	u.Reset()
	return u
}

// Name implements Device.
func (u *PL011) Name() string { return "pl011" }

// Size implements Device.
func (u *PL011) Size() uint32 { return plSize }

// SetOutput sets the function that receives transmitted bytes.
func (u *PL011) SetOutput(f func(byte)) { u.output = f }

// Input queues received bytes.
func (u *PL011) Input(b []byte) {
	u.queue = append(u.queue, b...)
	u.fill()
	u.update()
}

// depth is the receive FIFO's size: 16 with FIFOs enabled, else 1.
func (u *PL011) depth() uint8 {
	if u.lcr&plLCRFEN != 0 {
		return plFIFO
	}
	return 1
}

// fill moves queued bytes into the receive FIFO while it has room.
func (u *PL011) fill() {
	for len(u.queue) > 0 && u.rcount < u.depth() {
		u.fifo[(u.rpos+u.rcount)%plFIFO] = uint16(u.queue[0])
		u.queue = u.queue[1:]
		u.rcount++
		u.flags &^= plFlagRXFE
		if u.rcount == u.depth() {
			u.flags |= plFlagRXFF
		}
		if u.rcount == 1 {
			u.intLevel |= plIntRX
		}
	}
	if len(u.queue) == 0 {
		u.queue = nil
	}
}

// update drives the combined interrupt line.
func (u *PL011) update() {
	if u.irq != nil {
		u.irq.SetLevel(u.intLevel&u.intEnabled&plIntMask != 0)
	}
}

// Read implements Device.
func (u *PL011) Read(off uint32, size int) uint64 {
	v := u.Peek(off, size)
	if off == plDR {
		u.flags &^= plFlagRXFF
		c := u.fifo[u.rpos]
		if u.rcount > 0 {
			u.rcount--
			u.rpos = (u.rpos + 1) % plFIFO
		}
		if u.rcount == 0 {
			u.flags |= plFlagRXFE
			u.intLevel &^= plIntRX
		}
		u.rsr = uint32(c >> 8)
		u.fill()
		u.update()
	}
	return v
}

// Peek implements Device.
func (u *PL011) Peek(off uint32, size int) uint64 {
	var v uint32
	switch off {
	case plDR:
		v = uint32(u.fifo[u.rpos])
	case plRSR:
		v = u.rsr
	case plFR:
		v = u.flags
	case plILPR:
		v = u.ilpr
	case plIBRD:
		v = u.ibrd
	case plFBRD:
		v = u.fbrd
	case plLCRH:
		v = u.lcr
	case plCR:
		v = u.cr
	case plIFLS:
		v = u.ifls
	case plIMSC:
		v = u.intEnabled
	case plRIS:
		v = u.intLevel
	case plMIS:
		v = u.intLevel & u.intEnabled
	case plDMACR:
		v = u.dmacr
	default:
		if off >= plIDOff && off < plIDOff+32 && off%4 == 0 {
			v = uint32(u.id[(off-plIDOff)/4])
		}
	}
	return uint64(v) & sizeMask(size)
}

// Write implements Device.
func (u *PL011) Write(off uint32, size int, val uint64) {
	v := uint32(val & sizeMask(size))
	switch off {
	case plDR:
		if u.output != nil {
			u.output(byte(v))
		}
		u.intLevel |= plIntTX
	case plRSR:
		u.rsr = 0
	case plILPR:
		u.ilpr = v
	case plIBRD:
		u.ibrd = v
	case plFBRD:
		u.fbrd = v
	case plLCRH:
		if (u.lcr^v)&plLCRFEN != 0 {
			u.rcount, u.rpos = 0, 0
		}
		u.lcr = v
		u.fill()
	case plCR:
		u.cr = v
	case plIFLS:
		u.ifls = v
	case plIMSC:
		u.intEnabled = v
	case plICR:
		u.intLevel &^= v
	case plDMACR:
		u.dmacr = v
	default:
		return
	}
	u.update()
}

// Reset implements Device.
func (u *PL011) Reset() {
	id, irq, out := u.id, u.irq, u.output
	*u = PL011{irq: irq, output: out, id: id, ifls: 0x12, cr: 0x300, flags: plFlagTXFE | plFlagRXFE}
	u.update()
}

const pl011Tag, pl011Version = "PL11", 1

// SaveState implements Device.
func (u *PL011) SaveState(dst []byte) []byte {
	w := stateWriter{b: dst}
	w.header(pl011Tag, pl011Version)
	for _, c := range u.fifo {
		w.u32(uint32(c))
	}
	w.u8(u.rpos)
	w.u8(u.rcount)
	for _, r := range u.regs() {
		w.u32(*r)
	}
	w.bytes(u.queue)
	return w.b
}

// regs lists the 32-bit registers in snapshot order.
func (u *PL011) regs() []*uint32 {
	return []*uint32{&u.flags, &u.rsr, &u.lcr, &u.cr, &u.ifls, &u.dmacr, &u.ilpr, &u.ibrd, &u.fbrd, &u.intLevel, &u.intEnabled}
}

// RestoreState implements Device and drives the interrupt line.
func (u *PL011) RestoreState(state []byte) error {
	r := stateReader{b: state}
	r.header(pl011Tag, pl011Version)
	var n PL011
	for i := range n.fifo {
		c := r.u32()
		if c > 0xffff {
			r.fail("pl011 fifo entry %#x", c)
		}
		n.fifo[i] = uint16(c)
	}
	n.rpos, n.rcount = r.u8(), r.u8()
	for _, p := range n.regs() {
		*p = r.u32()
	}
	q := r.bytes()
	switch {
	case n.rpos >= plFIFO || n.rcount > plFIFO:
		r.fail("pl011 fifo position %d count %d", n.rpos, n.rcount)
	case len(q) > 0 && n.rcount < n.depth():
		r.fail("pl011 holds queued input with room in its FIFO")
	}
	if err := r.finish(); err != nil {
		return err
	}
	n.irq, n.output, n.id = u.irq, u.output, u.id
	if len(q) > 0 {
		n.queue = q
	}
	*u = n
	u.update()
	return nil
}
