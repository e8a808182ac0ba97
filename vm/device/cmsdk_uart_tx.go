package device

// cuMinBaudDiv is the smallest BAUDDIV the CMSDK UART works with.
const cuMinBaudDiv = 16

// cuTx is a CMSDK UART's line timing when the UART has a clock (PCLK):
// a byte written to DATA stays in the transmit buffer (STATE.TXFULL) for
// its frame, ten bits of BAUDDIV clock ticks each, and reaches the output
// when the frame ends. Without a clock (QEMU's model) it goes out at once.
type cuTx struct {
	clk  Ticker
	hz   uint64 // 0: no clock, no line timing
	done uint64 // clock tick at which the byte in the buffer is sent
	busy bool   // a frame is on the line
}

// SetClock gives the UART line timing: clk measures time in ticks of its
// hz-Hz clock.
func (u *CMSDKUART) SetClock(clk Ticker, hz uint64) { u.line.clk, u.line.hz = clk, hz }

// startFrame begins sending the buffered byte; it reports whether the
// byte must wait for its frame (with line timing).
func (u *CMSDKUART) startFrame() bool {
	l := &u.line
	if l.hz == 0 {
		return false
	}
	l.done = l.clk.Ticks(l.hz) + 10*uint64(max(u.baud, cuMinBaudDiv))
	l.busy = true
	return true
}

// NextEvent implements Timed: the end of the frame on the line.
func (u *CMSDKUART) NextEvent() (hz, tick uint64, ok bool) {
	if !u.line.busy {
		return 0, 0, false
	}
	return u.line.hz, u.line.done, true
}

// Sync implements Timed: a byte whose frame has ended goes out.
func (u *CMSDKUART) Sync() {
	l := &u.line
	if !l.busy || l.clk.Ticks(l.hz) < l.done {
		return
	}
	l.busy = false
	u.send()
	u.update()
}
