package device

// suTxDeep is the transmit FIFO's depth (FE310-G002 manual).
const suTxDeep = 8

// suTx is a SiFive UART's transmitter when the UART has a clock: an
// 8-byte FIFO drained onto the line at the baud rate clock/(div+1), each
// byte a frame of a start bit, 8 data bits and txctrl.nstop+1 stop bits.
// A byte reaches the output when its last stop bit ends. Without a clock
// (QEMU's model) there is no FIFO: bytes go out at once.
type suTx struct {
	clk  Ticker
	hz   uint64 // 0: no clock, no line timing
	fifo []byte
	done uint64 // clock tick at which fifo[0]'s frame ends
}

// timed reports whether the transmitter has line timing.
func (t *suTx) timed() bool { return t.hz != 0 }

// frame is the length of one byte on the line, in clock ticks.
func frame(txctrl, div uint32) uint64 {
	bits := uint64(10 + txctrl>>1&1) // start, 8 data, 1 or 2 stop
	return bits * (uint64(div&0xffff) + 1)
}

// sent counts the FIFO's bytes whose frames have ended by tick now
// (without changing anything).
func (t *suTx) sent(now uint64, f uint64) int {
	n, end := 0, t.done
	for n < len(t.fifo) && now >= end {
		n++
		end += f
	}
	return n
}

// level is the number of bytes in the FIFO now.
func (u *SiFiveUART) txLevel() int {
	t := &u.tx
	if !t.timed() {
		return 0
	}
	return len(t.fifo) - t.sent(t.clk.Ticks(t.hz), frame(u.txctrl, u.div))
}

// transmit sends b: at once without a clock, else into the FIFO (a write
// to a full FIFO is ignored, as on the chip).
func (u *SiFiveUART) transmit(b byte) {
	t := &u.tx
	if !t.timed() {
		if u.output != nil {
			u.output(b)
		}
		return
	}
	u.drain()
	if len(t.fifo) == suTxDeep {
		return
	}
	if len(t.fifo) == 0 {
		t.done = t.clk.Ticks(t.hz) + frame(u.txctrl, u.div)
	}
	t.fifo = append(t.fifo, b)
}

// drain sends the bytes whose frames have ended; it reports whether any did.
func (u *SiFiveUART) drain() bool {
	t := &u.tx
	if !t.timed() || len(t.fifo) == 0 {
		return false
	}
	f := frame(u.txctrl, u.div)
	n := t.sent(t.clk.Ticks(t.hz), f)
	for _, b := range t.fifo[:n] {
		if u.output != nil {
			u.output(b)
		}
	}
	t.done += uint64(n) * f
	t.fifo = append(t.fifo[:0], t.fifo[n:]...)
	return n > 0
}

// SetClock gives the UART line timing: clk measures time in ticks of its
// hz-Hz clock (tlclk on the FE310).
func (u *SiFiveUART) SetClock(clk Ticker, hz uint64) { u.tx.clk, u.tx.hz = clk, hz }

// NextEvent implements Timed: the end of the next frame on the line.
func (u *SiFiveUART) NextEvent() (hz, tick uint64, ok bool) {
	if !u.tx.timed() || len(u.tx.fifo) == 0 {
		return 0, 0, false
	}
	return u.tx.hz, u.tx.done, true
}

// Sync implements Timed: bytes whose frames ended go out, and the
// interrupt line follows the emptier FIFO.
func (u *SiFiveUART) Sync() {
	if u.drain() {
		u.update()
	}
}
