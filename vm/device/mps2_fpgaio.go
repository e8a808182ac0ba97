package device

// MPS2 FPGA I/O block registers (QEMU 7.2's mps2-fpgaio on the an385,
// an386 and an500 boards).
const (
	fpLED0     = 0x00
	fpButton   = 0x08
	fpClk1Hz   = 0x10
	fpClk100Hz = 0x14
	fpCounter  = 0x18
	fpPrescale = 0x1c
	fpPSCntr   = 0x20
	fpMisc     = 0x4c
)

// MPS2FPGAIO is the FPGA I/O block of the MPS2 boards: the user LEDs
// (LED0, one bit per LED), the buttons (BUTTON, always 0: nothing presses
// them, as in QEMU), free-running 1 Hz and 100 Hz counters (writing one
// sets its current value), and COUNTER, which increments each time the
// prescale counter PSCNTR, clocked at the peripheral clock, counts down
// past 0 and reloads PRESCALE (every tick when PRESCALE is 0). MISC is
// stored. All counters follow virtual time.
type MPS2FPGAIO struct {
	clk  Ticker
	hz   uint64 // prescale clock
	leds int

	led0, misc, prescale uint32
	pscntr, counter      uint32
	sync                 uint64 // prescale tick pscntr and counter are current at
	off1, off100         uint32 // counter offsets: read value = ticks - offset
}

// NewMPS2FPGAIO returns the block with leds LEDs and a prescale clock of hz.
func NewMPS2FPGAIO(clk Ticker, hz uint64, leds int) *MPS2FPGAIO {
	return &MPS2FPGAIO{clk: clk, hz: hz, leds: min(max(leds, 0), 32)}
}

// Name implements Device.
func (f *MPS2FPGAIO) Name() string { return "mps2-fpgaio" }

// Size implements Device.
func (f *MPS2FPGAIO) Size() uint32 { return cmsdkSize }

// LEDs returns the LED0 register (bit n: LED n lit).
func (f *MPS2FPGAIO) LEDs() uint32 { return f.led0 }

// resynced returns f with PSCNTR and COUNTER advanced to now.
func (f *MPS2FPGAIO) resynced() MPS2FPGAIO {
	s := *f
	now := s.clk.Ticks(s.hz)
	elapsed := now - s.sync
	s.sync = now
	switch {
	case elapsed == 0:
	case s.prescale == 0:
		s.counter += uint32(elapsed)
	case uint64(s.pscntr) >= elapsed:
		s.pscntr -= uint32(elapsed)
	default:
		past := elapsed - uint64(s.pscntr) - 1 // ticks after the first reload
		period := uint64(s.prescale) + 1
		s.counter += uint32(1 + past/period)
		s.pscntr = s.prescale - uint32(past%period)
	}
	return s
}

// Read implements Device.
func (f *MPS2FPGAIO) Read(off uint32, size int) uint64 { return f.Peek(off, size) }

// Peek implements Device.
func (f *MPS2FPGAIO) Peek(off uint32, size int) uint64 {
	s := f.resynced()
	var v uint32
	switch off {
	case fpLED0:
		v = s.led0
	case fpClk1Hz:
		v = uint32(s.clk.Ticks(1)) - s.off1
	case fpClk100Hz:
		v = uint32(s.clk.Ticks(100)) - s.off100
	case fpCounter:
		v = s.counter
	case fpPrescale:
		v = s.prescale
	case fpPSCntr:
		v = s.pscntr
	case fpMisc:
		v = s.misc
	}
	return uint64(v) & sizeMask(size)
}

// Write implements Device.
func (f *MPS2FPGAIO) Write(off uint32, size int, val uint64) {
	*f = f.resynced()
	v := uint32(val & sizeMask(size))
	switch off {
	case fpLED0:
		f.led0 = v & uint32(uint64(1)<<f.leds-1)
	case fpClk1Hz:
		f.off1 = uint32(f.clk.Ticks(1)) - v
	case fpClk100Hz:
		f.off100 = uint32(f.clk.Ticks(100)) - v
	case fpCounter:
		f.counter = v
	case fpPrescale:
		f.prescale = v
	case fpPSCntr:
		f.pscntr = v
	case fpMisc:
		f.misc = v
	}
}

// Reset implements Device: the power-on state, LEDs off and the counters
// counting from the machine's reset (virtual time 0).
func (f *MPS2FPGAIO) Reset() {
	f.led0, f.misc, f.prescale, f.pscntr, f.counter = 0, 0, 0, 0, 0
	f.sync, f.off1, f.off100 = 0, 0, 0
}

const fpgaioTag, fpgaioVersion = "FPIO", 1

// SaveState implements Device. Reads have no side effects, so the state
// changes only with the guest's writes.
func (f *MPS2FPGAIO) SaveState(dst []byte) []byte {
	s := f
	w := stateWriter{b: dst}
	w.header(fpgaioTag, fpgaioVersion)
	for _, v := range [...]uint32{s.led0, s.misc, s.prescale, s.pscntr, s.counter, s.off1, s.off100} {
		w.u32(v)
	}
	w.u64(s.sync)
	return w.b
}

// RestoreState implements Device.
func (f *MPS2FPGAIO) RestoreState(state []byte) error {
	r := stateReader{b: state}
	r.header(fpgaioTag, fpgaioVersion)
	var v [7]uint32
	for i := range v {
		v[i] = r.u32()
	}
	sync := r.u64()
	if v[0]&^uint32(uint64(1)<<f.leds-1) != 0 {
		r.fail("fpgaio LED0 %#x with %d LEDs", v[0], f.leds)
	}
	if err := r.finish(); err != nil {
		return err
	}
	f.led0, f.misc, f.prescale, f.pscntr, f.counter, f.off1, f.off100 = v[0], v[1], v[2], v[3], v[4], v[5], v[6]
	f.sync = sync
	return nil
}
