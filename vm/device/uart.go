package device

// NS16550A registers (reg-shift 0: one byte each at offsets 0..7).
const (
	uartRBR = 0 // read: receive buffer; write: THR; DLL when LCR.DLAB
	uartIER = 1 // DLM when LCR.DLAB
	uartIIR = 2 // read: IIR; write: FCR
	uartLCR = 3
	uartMCR = 4
	uartLSR = 5
	uartMSR = 6
	uartSCR = 7

	uartSize = 0x100

	ierRDI  = 0x01 // received data available
	ierTHRI = 0x02 // transmit holding register empty
	ierRLSI = 0x04 // receiver line status
	ierMSI  = 0x08 // modem status

	iirNone = 0x01
	iirRLS  = 0x06
	iirRDI  = 0x04
	iirCTI  = 0x0C // character timeout
	iirTHRI = 0x02
	iirFIFO = 0xC0

	fcrEnable  = 0x01
	fcrRxReset = 0x02
	fcrTxReset = 0x04
	fcrSticky  = 0xC9 // bits FCR keeps: trigger level, DMA mode, enable

	lcrDLAB = 0x80
	mcrLoop = 0x10
	mcrMask = 0x1F
	mcrOut2 = 0x08

	lsrDR   = 0x01
	lsrOE   = 0x02 // overrun (loopback only)
	lsrTHRE = 0x20
	lsrTEMT = 0x40

	msrIdle = 0xB0 // DCD, DSR, CTS: what QEMU shows with a stdio backend

	uartFIFODepth = 16
)

// UART is the NS16550A of QEMU's virt machine at reg-shift 0.
//
// Transmission is immediate: a byte written to THR goes to the output hook
// at once, so LSR always shows THRE and TEMT, and (as in QEMU) the THRE
// interrupt is raised again right after each THR write. Reading IIR while it
// reports THRE clears that interrupt; enabling IER.THRI raises it.
//
// Received bytes wait in an unbounded queue fed by Input (the machine's
// input log), so no byte is lost and LSR never shows errors. The receive
// FIFO sees the first 16 queued bytes. With the FIFO enabled, fewer bytes
// than the trigger level are reported at once as a character timeout
// (IIR 0x0C) instead of after four character times: there is no clock.
//
// Any access size reaches the byte register at its offset (QEMU does the
// same); offsets 8 and up read 0 and ignore writes (QEMU maps only 8 bytes:
// see ValidAccess). Modem status shows DCD|DSR|CTS and never changes,
// except in loopback mode where it mirrors MCR. In loopback, transmitted
// bytes are received instead of output, into a receiver that holds 16 bytes
// (1 with the FIFO off) and overruns as QEMU's does: LSR.OE, which a read of
// LSR clears, and the line status interrupt.
type UART struct {
	irq    IRQLine
	output func(byte)

	ier, lcr, mcr, scr, fcr uint8
	dll, dlm                uint8
	rbr                     uint8 // last byte read in non-FIFO mode
	thrPending              bool  // THRE interrupt armed
	overrun                 bool  // LSR.OE
	rx                      []byte
	rxHead                  int

	level bool // derived: last level driven on irq
}

// NewUART returns a UART in its reset state driving irq (which may be nil).
func NewUART(irq IRQLine) *UART {
	u := &UART{irq: irq}
	u.Reset()
	return u
}

// Name implements Device.
func (u *UART) Name() string { return "uart16550" }

// Size implements Device.
func (u *UART) Size() uint32 { return uartSize }

// SetOutput sets the function receiving each transmitted byte. It is not
// part of the state.
func (u *UART) SetOutput(f func(byte)) { u.output = f }

// Input appends bytes to the receive queue.
func (u *UART) Input(b []byte) {
	if len(b) == 0 {
		return
	}
	u.rx = append(u.rx, b...)
	u.update(false)
}

// queued returns the number of received bytes not yet read.
func (u *UART) queued() int { return len(u.rx) - u.rxHead }

func (u *UART) fifoOn() bool { return u.fcr&fcrEnable != 0 }

// trigger is the receive FIFO interrupt trigger level.
func (u *UART) trigger() int {
	return [4]int{1, 4, 8, 14}[u.fcr>>6]
}

// iir computes the interrupt identification register.
func (u *UART) iir() uint8 {
	id := uint8(iirNone)
	n := u.queued()
	switch {
	case u.ier&ierRLSI != 0 && u.overrun:
		id = iirRLS
	case u.ier&ierRDI != 0 && n > 0 && (!u.fifoOn() || min(n, uartFIFODepth) >= u.trigger()):
		id = iirRDI
	case u.ier&ierRDI != 0 && n > 0:
		id = iirCTI
	case u.ier&ierTHRI != 0 && u.thrPending:
		id = iirTHRI
	}
	if u.fifoOn() {
		id |= iirFIFO
	}
	return id
}

func (u *UART) lsr() uint8 {
	v := uint8(lsrTHRE | lsrTEMT)
	if u.queued() > 0 {
		v |= lsrDR
	}
	if u.overrun {
		v |= lsrOE
	}
	return v
}

func (u *UART) msr() uint8 {
	if u.mcr&mcrLoop == 0 {
		return msrIdle
	}
	return (u.mcr&0x0C)<<4 | (u.mcr&0x02)<<3 | (u.mcr&0x01)<<5
}

// update drives the interrupt line to the current condition; force drives
// it even when unchanged.
func (u *UART) update(force bool) {
	high := u.iir()&0x0F != iirNone
	if (force || high != u.level) && u.irq != nil {
		u.irq.SetLevel(high)
	}
	u.level = high
}

// Peek implements Device.
func (u *UART) Peek(off uint32, size int) uint64 {
	switch off {
	case uartRBR:
		switch {
		case u.lcr&lcrDLAB != 0:
			return uint64(u.dll)
		case u.queued() > 0:
			return uint64(u.rx[u.rxHead])
		case u.fifoOn():
			return 0
		}
		return uint64(u.rbr)
	case uartIER:
		if u.lcr&lcrDLAB != 0 {
			return uint64(u.dlm)
		}
		return uint64(u.ier)
	case uartIIR:
		return uint64(u.iir())
	case uartLCR:
		return uint64(u.lcr)
	case uartMCR:
		return uint64(u.mcr)
	case uartLSR:
		return uint64(u.lsr())
	case uartMSR:
		return uint64(u.msr())
	case uartSCR:
		return uint64(u.scr)
	}
	return 0
}

// Read implements Device: reading RBR pops a byte, reading IIR while it
// reports THRE clears that interrupt.
func (u *UART) Read(off uint32, size int) uint64 {
	v := u.Peek(off, size)
	switch {
	case off == uartRBR && u.lcr&lcrDLAB == 0:
		if u.queued() > 0 {
			if !u.fifoOn() {
				u.rbr = u.rx[u.rxHead]
			}
			u.pop(1)
		}
		u.update(false)
	case off == uartIIR && v&0x0F == iirTHRI:
		u.thrPending = false
		u.update(false)
	case off == uartLSR && u.overrun:
		u.overrun = false
		u.update(false)
	}
	return v
}

// pop drops up to n bytes from the front of the receive queue.
func (u *UART) pop(n int) {
	u.rxHead += min(n, u.queued())
	if u.rxHead == len(u.rx) {
		u.rx, u.rxHead = u.rx[:0], 0
	} else if u.rxHead > 4096 && u.rxHead > len(u.rx)/2 {
		u.rx = append(u.rx[:0], u.rx[u.rxHead:]...)
		u.rxHead = 0
	}
}

// Write implements Device.
func (u *UART) Write(off uint32, size int, val uint64) {
	v := uint8(val)
	dlab := u.lcr&lcrDLAB != 0
	switch off {
	case uartRBR:
		if dlab {
			u.dll = v
			return
		}
		u.transmit(v)
	case uartIER:
		if dlab {
			u.dlm = v
			return
		}
		changed := (u.ier ^ v) & 0x0F
		u.ier = v & 0x0F
		if changed&ierTHRI != 0 {
			u.thrPending = u.ier&ierTHRI != 0 // THR is always empty
		}
	case uartIIR:
		u.writeFCR(v)
	case uartLCR:
		u.lcr = v
	case uartMCR:
		u.mcr = v & mcrMask
	case uartSCR:
		u.scr = v
	default:
		return
	}
	u.update(false)
}

// transmit sends b at once (or receives it, in loopback mode); the holding
// register is empty again afterwards, which re-arms the THRE interrupt.
func (u *UART) transmit(b byte) {
	if u.mcr&mcrLoop != 0 {
		u.loopback(b)
	} else if u.output != nil {
		u.output(b)
	}
	u.thrPending = true
}

// loopback receives a transmitted byte the way QEMU's receiver takes one
// from the line: into a full FIFO it is lost, into a full RBR it replaces
// the byte there; both set the overrun flag.
func (u *UART) loopback(b byte) {
	n := u.queued()
	switch {
	case u.fifoOn() && n >= uartFIFODepth:
		u.overrun = true
	case !u.fifoOn() && n > 0:
		u.overrun = true
		u.rx[len(u.rx)-1] = b
	default:
		u.rx = append(u.rx, b)
	}
}

// writeFCR handles a store to the FIFO control register. Changing the
// enable bit resets both FIFOs. A receive reset drops the bytes the
// receiver holds: up to 16 with the FIFO on, else the one in RBR.
func (u *UART) writeFCR(v uint8) {
	if (v^u.fcr)&fcrEnable != 0 {
		v |= fcrRxReset | fcrTxReset
	}
	if v&fcrRxReset != 0 {
		if u.fifoOn() {
			u.pop(uartFIFODepth)
		} else {
			u.pop(1)
		}
	}
	if v&fcrTxReset != 0 {
		u.thrPending = true
	}
	u.fcr = v & fcrSticky
}

// Reset implements Device: registers take QEMU's reset values (divisor 12,
// MCR.OUT2 set), the receive queue is emptied and the line is driven low.
func (u *UART) Reset() {
	u.ier, u.lcr, u.mcr, u.scr, u.fcr = 0, 0, mcrOut2, 0, 0
	u.dll, u.dlm, u.rbr = 0x0C, 0, 0
	u.thrPending, u.overrun = false, false
	u.rx, u.rxHead = u.rx[:0], 0
	u.update(true)
}

// ValidAccess reports whether QEMU accepts the access: QEMU maps only the
// eight byte registers, at any access size. The machine raises an access
// fault otherwise.
func (u *UART) ValidAccess(off uint32, size int, write bool) bool {
	return off < 8
}

const uartTag, uartVersion = "U550", 1

// SaveState implements Device. Only unread received bytes are saved.
func (u *UART) SaveState(dst []byte) []byte {
	w := stateWriter{b: dst}
	w.header(uartTag, uartVersion)
	for _, v := range [...]uint8{u.ier, u.lcr, u.mcr, u.scr, u.fcr, u.dll, u.dlm, u.rbr} {
		w.u8(v)
	}
	w.bool(u.thrPending)
	w.bool(u.overrun)
	w.bytes(u.rx[u.rxHead:])
	return w.b
}

// RestoreState implements Device and drives the interrupt line to the
// restored level.
func (u *UART) RestoreState(state []byte) error {
	r := stateReader{b: state}
	r.header(uartTag, uartVersion)
	var f [8]uint8
	for i := range f {
		f[i] = r.u8()
	}
	thr := r.bool()
	overrun := r.bool()
	rx := r.bytes()
	switch {
	case f[0]&^0x0F != 0:
		r.fail("uart IER %#x", f[0])
	case f[2]&^mcrMask != 0:
		r.fail("uart MCR %#x", f[2])
	case f[4]&^fcrSticky != 0:
		r.fail("uart FCR %#x", f[4])
	}
	if err := r.finish(); err != nil {
		return err
	}
	u.ier, u.lcr, u.mcr, u.scr, u.fcr, u.dll, u.dlm, u.rbr = f[0], f[1], f[2], f[3], f[4], f[5], f[6], f[7]
	u.thrPending, u.overrun = thr, overrun
	u.rx, u.rxHead = rx, 0
	u.update(true)
	return nil
}
