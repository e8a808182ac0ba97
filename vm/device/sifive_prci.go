package device

// FE310 PRCI (power, reset, clock, interrupt) registers and bits.
const (
	spHFROSC    = 0x0
	spHFXOSC    = 0x4
	spPLLCfg    = 0x8
	spPLLOutDiv = 0xc
	spSize      = 0x1000

	spReady      = 1 << 31 // hfrosccfg, hfxosccfg: oscillator ready; pllcfg: PLL locked
	spEnable     = 1 << 30 // oscillator enabled
	spPLLRefSel  = 1 << 17
	spPLLBypass  = 1 << 18
	spDivBy1     = 1 << 8 // plloutdiv
	spROSCMask   = 0xc01f003f
	spXOSCMask   = 0xc0000000
	spPLLMask    = 0x80070ff7
	spOutDivMask = 0x13f
)

// SiFivePRCI is the FE310's clock block as QEMU 7.2 models it: the
// oscillators are ready and the PLL is locked at once, whatever firmware
// writes (the ready and lock bits always read 1), so the usual set-up
// sequence (select the ring oscillator, program pllcfg, wait for the lock,
// switch to the PLL) runs through without waiting. Clock rates are not
// modelled: virtual time counts instructions, not cycles. Registers are
// 32-bit only; reserved bits read 0.
type SiFivePRCI struct {
	reg [4]uint32
}

// NewSiFivePRCI returns the PRCI in its reset state.
func NewSiFivePRCI() *SiFivePRCI {
	p := &SiFivePRCI{}
	p.Reset()
	return p
}

// Name implements Device.
func (p *SiFivePRCI) Name() string { return "sifive-prci" }

// Size implements Device.
func (p *SiFivePRCI) Size() uint32 { return spSize }

// ValidAccess implements AccessChecker: 32-bit accesses only.
func (p *SiFivePRCI) ValidAccess(off uint32, size int, write bool) bool { return size == 4 }

// Read implements Device (reads have no side effects).
func (p *SiFivePRCI) Read(off uint32, size int) uint64 { return p.Peek(off, size) }

// Peek implements Device.
func (p *SiFivePRCI) Peek(off uint32, size int) uint64 {
	if off >= 16 || off%4 != 0 {
		return 0
	}
	return uint64(p.reg[off/4]) & sizeMask(size)
}

// prciMasks are the writable bits of each register; prciSet the bits
// that always read 1.
var (
	prciMasks = [4]uint32{spROSCMask, spXOSCMask, spPLLMask, spOutDivMask}
	prciSet   = [4]uint32{spReady, spReady, spReady, 0}
)

// Write implements Device.
func (p *SiFivePRCI) Write(off uint32, size int, val uint64) {
	if off >= 16 || off%4 != 0 {
		return
	}
	i := off / 4
	p.reg[i] = uint32(val)&prciMasks[i] | prciSet[i]
}

// Reset implements Device: both oscillators on and ready, the PLL
// bypassed on the external reference, locked, output undivided.
func (p *SiFivePRCI) Reset() {
	p.reg = [4]uint32{spReady | spEnable, spReady | spEnable, spReady | spPLLRefSel | spPLLBypass, spDivBy1}
}

const sifivePRCITag, sifivePRCIVersion = "SPRC", 1

// SaveState implements Device.
func (p *SiFivePRCI) SaveState(dst []byte) []byte {
	w := stateWriter{b: dst}
	w.header(sifivePRCITag, sifivePRCIVersion)
	for _, v := range p.reg {
		w.u32(v)
	}
	return w.b
}

// RestoreState implements Device.
func (p *SiFivePRCI) RestoreState(state []byte) error {
	r := stateReader{b: state}
	r.header(sifivePRCITag, sifivePRCIVersion)
	var reg [4]uint32
	for i := range reg {
		reg[i] = r.u32()
		if reg[i]&^(prciMasks[i]|prciSet[i]) != 0 || reg[i]&prciSet[i] != prciSet[i] {
			r.fail("sifive prci register %d is %#x", i, reg[i])
		}
	}
	if err := r.finish(); err != nil {
		return err
	}
	p.reg = reg
	return nil
}
