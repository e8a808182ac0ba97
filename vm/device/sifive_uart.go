package device

// SiFive UART registers and bits (FE310-G002 manual, chapter "UART"; the
// layout QEMU 7.2's sifive_uart maps).
const (
	suTxData = 0x00
	suRxData = 0x04
	suTxCtrl = 0x08
	suRxCtrl = 0x0c
	suIE     = 0x10
	suIP     = 0x14
	suDiv    = 0x18
	suSize   = 0x20

	suEmpty    = 1 << 31 // rxdata: no byte received
	suFull     = 1 << 31 // txdata: the transmit FIFO is full
	suWM       = 0x7 << 16
	suWMShift  = 16
	suTxWM     = 1 << 0 // ie, ip
	suRxWM     = 1 << 1
	suFIFODeep = 8 // receive FIFO entries
)

// SiFiveUART is the UART of SiFive's E-series chips (the FE310 has two),
// as QEMU 7.2's sifive_uart models it.
//
// Without a clock (SetClock), a byte written to txdata goes out at once,
// so txdata's full bit always reads 0 and the transmit FIFO is always
// empty: ip.txwm is set whenever the transmit watermark (txctrl.txcnt) is
// above zero; with one, bytes wait in an 8-byte FIFO drained at
// clock/(div+1) baud, txdata reads full when it is, and ip.txwm follows its
// level. Received bytes wait
// in an unbounded queue fed by Input (the machine's input log); the
// receive FIFO is its first eight bytes, so no byte is lost (QEMU's
// character backend waits the same way). Reading rxdata pops a byte, or
// returns the empty bit when there is none. ip.rxwm is set while the FIFO
// holds more bytes than rxctrl.rxcnt.
//
// With a clock the interrupt is the manual's (ie & ip); without one it is
// QEMU's: the line is high
// whenever ie.txwm is set, and while ie.rxwm is set and the FIFO holds a
// byte; it is raised again (a new request to QEMU 7.2's PLIC) at each
// write to txdata or ie, each byte popped and each input. Every register
// keeps all 32 bits of a write, as on QEMU; txen and rxen are not used
// (QEMU's model also sends and receives regardless) and div sets the line
// timing only with a clock. Registers are 32-bit only (see ValidAccess).
type SiFiveUART struct {
	irq    IRQLine
	output func(byte)

	txctrl, rxctrl, ie, div uint32
	queue                   []byte
	tx                      suTx
}

// NewSiFiveUART returns a UART driving irq (which may be nil).
func NewSiFiveUART(irq IRQLine) *SiFiveUART {
	return &SiFiveUART{irq: irq}
}

// Name implements Device.
func (u *SiFiveUART) Name() string { return "sifive-uart" }

// Size implements Device.
func (u *SiFiveUART) Size() uint32 { return suSize }

// SetOutput sets the function that receives transmitted bytes.
func (u *SiFiveUART) SetOutput(f func(byte)) { u.output = f }

// Input queues received bytes.
func (u *SiFiveUART) Input(b []byte) {
	u.queue = append(u.queue, b...)
	u.update()
}

// fifo returns the number of bytes in the receive FIFO.
func (u *SiFiveUART) fifo() uint32 { return uint32(min(len(u.queue), suFIFODeep)) }

// ip returns the interrupt-pending register.
func (u *SiFiveUART) ip() uint32 {
	var ip uint32
	if uint32(u.txLevel()) < (u.txctrl&suWM)>>suWMShift {
		ip |= suTxWM
	}
	if u.fifo() > (u.rxctrl&suWM)>>suWMShift {
		ip |= suRxWM
	}
	return ip
}

// level is the interrupt line's level: QEMU's rule, or with line timing
// (SetClock) the manual's, ie & ip.
func (u *SiFiveUART) level() bool {
	if u.tx.timed() {
		return u.ie&u.ip() != 0
	}
	return u.ie&suTxWM != 0 || u.ie&suRxWM != 0 && len(u.queue) > 0
}

// update raises or lowers the interrupt line as QEMU does at its update
// points (see SiFiveUART).
func (u *SiFiveUART) update() {
	if u.irq != nil {
		signal(u.irq, u.level())
	}
}

// ValidAccess implements AccessChecker: the registers take 32-bit
// accesses only (QEMU answers others with an access fault).
func (u *SiFiveUART) ValidAccess(off uint32, size int, write bool) bool {
	return size == 4
}

// Read implements Device.
func (u *SiFiveUART) Read(off uint32, size int) uint64 {
	v := u.Peek(off, size)
	if off == suRxData && len(u.queue) > 0 { // QEMU signals only on a pop
		u.queue = u.queue[1:]
		if len(u.queue) == 0 {
			u.queue = nil
		}
		u.update()
	}
	return v
}

// Peek implements Device.
func (u *SiFiveUART) Peek(off uint32, size int) uint64 {
	var v uint32
	switch off {
	case suTxData:
		if u.txLevel() == suTxDeep {
			v = suFull
		}
	case suRxData:
		v = suEmpty
		if len(u.queue) > 0 {
			v = uint32(u.queue[0])
		}
	case suTxCtrl:
		v = u.txctrl
	case suRxCtrl:
		v = u.rxctrl
	case suIE:
		v = u.ie
	case suIP:
		v = u.ip()
	case suDiv:
		v = u.div
	}
	return uint64(v) & sizeMask(size)
}

// Write implements Device. Only writes to txdata and ie drive the line
// (QEMU's update points).
func (u *SiFiveUART) Write(off uint32, size int, val uint64) {
	v := uint32(val & sizeMask(size))
	switch off {
	case suTxData:
		u.transmit(byte(v))
	case suTxCtrl:
		u.drain() // the frames so far at the old setting
		u.txctrl = v
		if u.tx.timed() {
			u.update() // the watermark moved (with line timing only: QEMU does not update here)
		}
		return
	case suRxCtrl:
		u.rxctrl = v
		return
	case suIE:
		u.ie = v
	case suDiv:
		u.drain()
		u.div = v
		return
	default:
		return
	}
	u.update()
}

// Reset implements Device: registers clear and queued input is dropped.
func (u *SiFiveUART) Reset() {
	u.txctrl, u.rxctrl, u.ie, u.div = 0, 0, 0, 0
	u.queue = nil
	u.tx.fifo, u.tx.done = nil, 0
	u.update()
}

const sifiveUARTTag, sifiveUARTVersion = "SUAR", 2

// SaveState implements Device.
func (u *SiFiveUART) SaveState(dst []byte) []byte {
	w := stateWriter{b: dst}
	w.header(sifiveUARTTag, sifiveUARTVersion)
	for _, v := range [...]uint32{u.txctrl, u.rxctrl, u.ie, u.div} {
		w.u32(v)
	}
	w.bytes(u.queue)
	w.bytes(u.tx.fifo)
	w.u64(u.tx.done)
	return w.b
}

// RestoreState implements Device and sets the interrupt line's level (no
// new request: see Raiser).
func (u *SiFiveUART) RestoreState(state []byte) error {
	r := stateReader{b: state}
	r.header(sifiveUARTTag, sifiveUARTVersion)
	var f [4]uint32
	for i := range f {
		f[i] = r.u32()
	}
	q := r.bytes()
	txq, done := r.bytes(), r.u64()
	if len(txq) > suTxDeep || len(txq) > 0 && !u.tx.timed() {
		r.fail("sifive uart: %d bytes waiting to be sent", len(txq))
	}
	if err := r.finish(); err != nil {
		return err
	}
	u.tx.fifo, u.tx.done = append([]byte(nil), txq...), done
	u.txctrl, u.rxctrl, u.ie, u.div = f[0], f[1], f[2], f[3]
	u.queue = nil
	if len(q) > 0 {
		u.queue = q
	}
	if u.irq != nil {
		u.irq.SetLevel(u.level())
	}
	return nil
}
