package device

// CMSDK APB UART registers and bits (Arm CMSDK, as QEMU 7.2's
// cmsdk-apb-uart models it).
const (
	cuData     = 0x00
	cuState    = 0x04
	cuCtrl     = 0x08
	cuIntStat  = 0x0c // read: INTSTATUS; write: INTCLEAR
	cuBaudDiv  = 0x10
	cmsdkSize  = 0x1000
	cmsdkIDOff = 0xfd0 // PID4..PID7, PID0..PID3, CID0..CID3

	cuTxFull  = 1 << 0 // STATE
	cuRxFull  = 1 << 1
	cuTxOver  = 1 << 2
	cuRxOver  = 1 << 3
	cuTxEn    = 1 << 0 // CTRL
	cuRxEn    = 1 << 1
	cuTxInt   = 1 << 2
	cuRxInt   = 1 << 3
	cuCtrlMsk = 0x7f
	cuIntTx   = 1 << 0 // INTSTATUS
	cuIntRx   = 1 << 1
	cuIntOver = cuTxOver | cuRxOver // overrun bits: same positions in STATE and INTSTATUS
)

// cmsdkUARTID is the UART's peripheral and component ID bytes.
var cmsdkUARTID = [12]uint8{0x04, 0, 0, 0, 0x21, 0xb8, 0x1b, 0, 0x0d, 0xf0, 0x05, 0xb1}

// CMSDKUART is the Arm CMSDK APB UART of the MPS2 boards.
//
// As in QEMU, a byte written to DATA with the transmitter enabled goes out
// at once: STATE.TXFULL clears again and, with CTRL.TXINTEN, INTSTATUS.TX
// is raised (it stays until INTCLEAR). A byte written with the transmitter
// disabled is never sent and TXFULL stays set for good (enabling the
// transmitter later does not send it: QEMU 7.2 shows the same); every
// later write then sets STATE.TXOVERRUN. Received bytes wait in an unbounded
// queue fed by Input (the machine's input log) and enter the one-byte
// receive buffer while the receiver is enabled and the buffer is empty, so
// no byte is lost (QEMU's character backend waits the same way) and
// RXOVERRUN is never set by input. Overrun interrupt bits follow STATE and
// the CTRL overrun interrupt enables; clearing one through INTCLEAR clears
// it in STATE too. testdata/arm/probe.elf checks the registers on QEMU. BAUDDIV is
// stored, and used only with a clock (SetClock, see cuTx; QEMU has no line
// timing). Interrupt outputs: TX, RX, TX overrun, RX overrun.
type CMSDKUART struct {
	tx, rx, txo, rxo IRQLine
	output           func(byte)

	state, ctrl, intstat uint8
	txbuf, rxbuf         uint8
	baud                 uint32
	queue                []byte
	line                 cuTx
}

// NewCMSDKUART returns a UART driving the given interrupt lines (any may
// be nil).
func NewCMSDKUART(tx, rx, txOverrun, rxOverrun IRQLine) *CMSDKUART {
	return &CMSDKUART{tx: tx, rx: rx, txo: txOverrun, rxo: rxOverrun}
}

// Name implements Device.
func (u *CMSDKUART) Name() string { return "cmsdk-uart" }

// Size implements Device.
func (u *CMSDKUART) Size() uint32 { return cmsdkSize }

// SetOutput sets the function that receives transmitted bytes.
func (u *CMSDKUART) SetOutput(f func(byte)) { u.output = f }

// Input queues received bytes.
func (u *CMSDKUART) Input(b []byte) {
	u.queue = append(u.queue, b...)
	u.fill()
	u.update()
}

// fill moves the next queued byte into an empty, enabled receiver.
func (u *CMSDKUART) fill() {
	if len(u.queue) == 0 || u.ctrl&cuRxEn == 0 || u.state&cuRxFull != 0 {
		return
	}
	u.rxbuf = u.queue[0]
	u.queue = u.queue[1:]
	if len(u.queue) == 0 {
		u.queue = nil
	}
	u.state |= cuRxFull
	if u.ctrl&cuRxInt != 0 {
		u.intstat |= cuIntRx
	}
}

// transmit sends the buffered byte if the transmitter is enabled: at
// once, or with line timing when its frame ends (Sync).
func (u *CMSDKUART) transmit() {
	if u.ctrl&cuTxEn == 0 || u.state&cuTxFull == 0 || u.startFrame() {
		return
	}
	u.send()
}

// send puts the buffered byte on the output and empties the buffer.
func (u *CMSDKUART) send() {
	if u.output != nil {
		u.output(u.txbuf)
	}
	u.state &^= cuTxFull
	if u.ctrl&cuTxInt != 0 {
		u.intstat |= cuIntTx
	}
}

// update derives the overrun interrupt bits and drives the lines.
func (u *CMSDKUART) update() {
	u.intstat = u.intstat&^cuIntOver | u.state&(u.ctrl>>2)&cuIntOver
	set := func(l IRQLine, bit uint8) {
		if l != nil {
			l.SetLevel(u.intstat&bit != 0)
		}
	}
	set(u.tx, cuIntTx)
	set(u.rx, cuIntRx)
	set(u.txo, cuTxOver)
	set(u.rxo, cuRxOver)
}

// Read implements Device.
func (u *CMSDKUART) Read(off uint32, size int) uint64 {
	v := u.Peek(off, size)
	if off == cuData {
		u.state &^= cuRxFull
		u.fill()
		u.update()
	}
	return v
}

// Peek implements Device.
func (u *CMSDKUART) Peek(off uint32, size int) uint64 {
	var v uint32
	switch off {
	case cuData:
		v = uint32(u.rxbuf)
	case cuState:
		v = uint32(u.state)
	case cuCtrl:
		v = uint32(u.ctrl)
	case cuIntStat:
		v = uint32(u.intstat)
	case cuBaudDiv:
		v = u.baud
	default:
		v = cmsdkID(cmsdkUARTID, off)
	}
	return uint64(v) & sizeMask(size)
}

// Write implements Device.
func (u *CMSDKUART) Write(off uint32, size int, val uint64) {
	v := uint32(val & sizeMask(size))
	switch off {
	case cuData:
		if u.state&cuTxFull != 0 {
			u.state |= cuTxOver // the buffered byte stays
		} else {
			u.txbuf = uint8(v)
			u.state |= cuTxFull
			u.transmit()
		}
	case cuState:
		u.state &^= uint8(v) & cuIntOver
	case cuCtrl:
		u.ctrl = uint8(v) & cuCtrlMsk
		u.fill()
	case cuIntStat: // INTCLEAR: clearing an overrun bit clears it in STATE too
		u.state &^= uint8(v) & cuIntOver
		u.intstat &^= uint8(v)
	case cuBaudDiv:
		u.baud = v & 0xfffff
	default:
		return
	}
	u.update()
}

// Reset implements Device.
func (u *CMSDKUART) Reset() {
	u.state, u.ctrl, u.intstat, u.txbuf, u.rxbuf, u.baud, u.queue = 0, 0, 0, 0, 0, 0, nil
	u.line.done, u.line.busy = 0, false
	u.update()
}

const cmsdkUARTTag, cmsdkUARTVersion = "CUAR", 2

// SaveState implements Device.
func (u *CMSDKUART) SaveState(dst []byte) []byte {
	w := stateWriter{b: dst}
	w.header(cmsdkUARTTag, cmsdkUARTVersion)
	for _, b := range [...]uint8{u.state, u.ctrl, u.intstat, u.txbuf, u.rxbuf} {
		w.u8(b)
	}
	w.u32(u.baud)
	w.bytes(u.queue)
	w.u64(u.line.done)
	w.bool(u.line.busy)
	return w.b
}

// RestoreState implements Device and drives the interrupt lines.
func (u *CMSDKUART) RestoreState(state []byte) error {
	r := stateReader{b: state}
	r.header(cmsdkUARTTag, cmsdkUARTVersion)
	var f [5]uint8
	for i := range f {
		f[i] = r.u8()
	}
	baud := r.u32()
	q := r.bytes()
	done, busy := r.u64(), r.bool()
	if busy && (u.line.hz == 0 || f[0]&cuTxFull == 0) {
		r.fail("cmsdk uart: a frame on the line without line timing or a full buffer")
	}
	switch {
	case f[0]&^0x0f != 0 || f[1]&^cuCtrlMsk != 0 || f[2]&^0x0f != 0 || baud > 0xfffff:
		r.fail("cmsdk uart registers %x baud %#x", f, baud)
	case f[2]&cuIntOver != f[0]&(f[1]>>2)&cuIntOver:
		r.fail("cmsdk uart overrun interrupt bits disagree with STATE")
	case len(q) > 0 && f[1]&cuRxEn != 0 && f[0]&cuRxFull == 0:
		r.fail("cmsdk uart holds queued input with an empty enabled receiver")
	}
	if err := r.finish(); err != nil {
		return err
	}
	u.state, u.ctrl, u.intstat, u.txbuf, u.rxbuf, u.baud = f[0], f[1], f[2], f[3], f[4], baud
	u.line.done, u.line.busy = done, busy
	u.queue = nil
	if len(q) > 0 {
		u.queue = q
	}
	u.update()
	return nil
}

// sizeMask keeps the low size bytes.
func sizeMask(size int) uint64 {
	if size >= 8 {
		return ^uint64(0)
	}
	return 1<<(8*size) - 1
}

// cmsdkID returns the ID register at off (0 outside the ID block).
func cmsdkID(id [12]uint8, off uint32) uint32 {
	if off < cmsdkIDOff || off >= cmsdkIDOff+4*uint32(len(id)) || off%4 != 0 {
		return 0
	}
	return uint32(id[(off-cmsdkIDOff)/4])
}
