package device

// PLIC register layout (QEMU's virt and sifive_e share it).
const (
	// PLICSources is the number of interrupt sources of virt's PLIC
	// including the reserved source 0 (QEMU virt: VIRT_IRQCHIP_NUM_SOURCES).
	PLICSources = 96
	// PLICMaxSources bounds PLICConfig.Sources.
	PLICMaxSources = 128

	plicMaxWords      = PLICMaxSources / 32
	plicMaxPriority   = 7 // 3 priority bits
	plicPendingBase   = 0x1000
	plicEnableBase    = 0x2000
	plicEnableStride  = 0x80
	plicContextBase   = 0x200000
	plicContextStride = 0x1000
	// plicSize is what QEMU's virt maps: room for 1024 contexts (512 harts).
	plicSize = 0x600000
)

// PLICConfig shapes a PLIC.
type PLICConfig struct {
	// Name is the device's name (Name) and snapshot tag's choice.
	Name string
	// Sources counts the interrupt sources, the reserved source 0
	// included (at most PLICMaxSources).
	Sources int
	// MachineOnly gives each hart one context (machine mode) instead of
	// two (context 2h machine mode, 2h+1 supervisor mode).
	MachineOnly bool
	// Size is the register window; contexts beyond it have no registers.
	Size uint32
	// QEMUPending is QEMU 7.2's pending rule instead of the specification's
	// gateway: every raise of a line (a rising level, or Raise on a high
	// one) makes its source pending, even while it is claimed; a falling
	// line and a completion leave the pending bit alone. Devices then raise
	// their lines exactly when QEMU's do (the SiFive UART and GPIO do).
	QEMUPending bool
}

// VirtPLIC is the PLIC of QEMU's virt machine: 96 sources, M and S
// contexts per hart, the specification's gateway.
func VirtPLIC() PLICConfig { return PLICConfig{Name: "plic", Sources: PLICSources, Size: plicSize} }

// FE310PLIC is the FE310's PLIC as QEMU 7.2's sifive_e models it: 127
// sources (the chip has 52: QEMU keeps priorities and enables up to 127),
// one machine-mode context per hart, a 64 MiB window, QEMU's pending rule.
func FE310PLIC() PLICConfig {
	return PLICConfig{Name: "fe310-plic", Sources: PLICMaxSources, MachineOnly: true, Size: 0x4000000, QEMUPending: true}
}

// PLIC is a platform-level interrupt controller: up to 127 sources (0
// reserved), 7 priority levels, one or two contexts per hart (see
// PLICConfig).
//
// With the gateway (QEMUPending off), sources are level-triggered: a
// line rising while its source is not claimed sets the pending bit; the
// bit stays set if the line falls again (as on QEMU 7.2) until a context
// claims the source; completing a source whose line is still high makes it
// pending again. QEMU 7.2 differs there: it re-pends a source whenever the
// device re-signals a high line (its 16550 does so on most register
// accesses), not at completion, so a handler that completes without
// touching the UART gets no second interrupt on QEMU and another one here.
// QEMUPending follows QEMU instead.
//
// Registers are 32-bit (see ValidAccess). As on QEMU 7.2: source 0's
// priority reads 0, priorities and thresholds keep the low 3 bits of a
// write, enable words store all 32 bits, pending words ignore writes, and a
// completion is accepted for any source number below Sources whatever the
// context.
type PLIC struct {
	cfg       PLICConfig
	words     int // 32-bit words of source bits
	contexts  int
	priority  [PLICMaxSources]uint32
	level     [plicMaxWords]uint32   // input line levels
	pending   [plicMaxWords]uint32   // requests waiting for a claim
	claimed   [plicMaxWords]uint32   // claimed and not yet completed
	enable    [][plicMaxWords]uint32 // per context
	threshold []uint32               // per context

	ext []bool // derived: per context, an interrupt is deliverable
}

// NewPLIC returns virt's PLIC for harts harts (at least one).
func NewPLIC(harts int) *PLIC { return NewPLICWith(harts, VirtPLIC()) }

// NewPLICWith returns a PLIC shaped by cfg for harts harts (at least one).
func NewPLICWith(harts int, cfg PLICConfig) *PLIC {
	if harts < 1 {
		harts = 1
	}
	cfg.Sources = min(max(cfg.Sources, 1), PLICMaxSources)
	n := 2 * harts
	if cfg.MachineOnly {
		n = harts
	}
	return &PLIC{
		cfg:       cfg,
		words:     (cfg.Sources + 31) / 32,
		contexts:  n,
		enable:    make([][plicMaxWords]uint32, n),
		threshold: make([]uint32, n),
		ext:       make([]bool, n),
	}
}

// mapped is the number of contexts with registers.
func (p *PLIC) mapped() int {
	if p.cfg.Size <= plicContextBase {
		return 0
	}
	return min(p.contexts, int((p.cfg.Size-plicContextBase)/plicContextStride))
}

// Name implements Device.
func (p *PLIC) Name() string { return p.cfg.Name }

// Size implements Device.
func (p *PLIC) Size() uint32 { return p.cfg.Size }

// Pending reports whether a hart's mode has an enabled, pending, unclaimed
// source whose priority exceeds its context's threshold: the external
// interrupt pending bit of that hart and mode (MEIP for 2h, SEIP for
// 2h+1; with MachineOnly, SEIP is never set).
func (p *PLIC) Pending(hartMode int) bool {
	c := hartMode
	if p.cfg.MachineOnly {
		if hartMode%2 != 0 {
			return false
		}
		c = hartMode / 2
	}
	return c >= 0 && c < p.contexts && p.ext[c]
}

// Line returns the input line of source irq. Lines of source 0 or of
// sources beyond the last are accepted and ignored.
func (p *PLIC) Line(irq int) IRQLine { return plicLine{p: p, irq: irq} }

type plicLine struct {
	p   *PLIC
	irq int
}

// SetLevel drives the line high or low (level-triggered source).
func (l plicLine) SetLevel(high bool) { l.p.setLevel(l.irq, high) }

// Raise drives the line high as a new request: with QEMUPending the
// source becomes pending even if the line was high already.
func (l plicLine) Raise() {
	if l.p.cfg.QEMUPending && l.irq > 0 && l.irq < l.p.cfg.Sources {
		l.p.level[l.irq/32] &^= 1 << (l.irq % 32) // a new edge
	}
	l.p.setLevel(l.irq, true)
}

func (p *PLIC) setLevel(irq int, high bool) {
	if irq <= 0 || irq >= p.cfg.Sources {
		return
	}
	w, bit := irq/32, uint32(1)<<(irq%32)
	if !high {
		p.level[w] &^= bit
		return
	}
	if p.level[w]&bit != 0 {
		return
	}
	p.level[w] |= bit
	if p.cfg.QEMUPending || p.claimed[w]&bit == 0 {
		p.pending[w] |= bit
		p.update()
	}
}

// best returns the source context would claim now, or 0.
func (p *PLIC) best(context int) uint32 {
	var irq uint32
	max := p.threshold[context]
	for w := range p.words {
		ready := p.pending[w] &^ p.claimed[w] & p.enable[context][w]
		for b := 0; ready != 0; b, ready = b+1, ready>>1 {
			if ready&1 == 0 {
				continue
			}
			src := uint32(w*32 + b)
			if p.priority[src] > max {
				irq, max = src, p.priority[src]
			}
		}
	}
	return irq
}

// update rebuilds the per-context deliverable flags.
func (p *PLIC) update() {
	for c := range p.ext {
		p.ext[c] = p.best(c) != 0
	}
}

// decode splits an offset into a register kind and its index.
type plicReg int

const (
	plicNone plicReg = iota
	plicPriority
	plicPending
	plicEnable
	plicThreshold
	plicClaim
)

func (p *PLIC) decode(off uint32) (reg plicReg, ctx int, idx int) {
	switch {
	case off < uint32(p.cfg.Sources)*4:
		return plicPriority, 0, int(off / 4)
	case off >= plicPendingBase && off < plicPendingBase+uint32(p.words)*4:
		return plicPending, 0, int(off-plicPendingBase) / 4
	case off >= plicEnableBase && off < plicEnableBase+uint32(p.mapped())*plicEnableStride:
		rel := off - plicEnableBase
		w := int(rel%plicEnableStride) / 4
		if w >= p.words {
			return plicNone, 0, 0
		}
		return plicEnable, int(rel / plicEnableStride), w
	case off >= plicContextBase && off < plicContextBase+uint32(p.mapped())*plicContextStride:
		rel := off - plicContextBase
		ctx := int(rel / plicContextStride)
		switch rel % plicContextStride {
		case 0:
			return plicThreshold, ctx, 0
		case 4:
			return plicClaim, ctx, 0
		}
	}
	return plicNone, 0, 0
}

// Read implements Device. Reading a claim register claims the source.
func (p *PLIC) Read(off uint32, size int) uint64 {
	if size != 4 || off%4 != 0 {
		return 0
	}
	reg, ctx, _ := p.decode(off)
	if reg != plicClaim {
		return p.Peek(off, size)
	}
	irq := p.best(ctx)
	if irq != 0 {
		w, bit := irq/32, uint32(1)<<(irq%32)
		p.pending[w] &^= bit
		p.claimed[w] |= bit
		p.update()
	}
	return uint64(irq)
}

// Peek implements Device; a claim register shows the source a read would claim.
func (p *PLIC) Peek(off uint32, size int) uint64 {
	if size != 4 || off%4 != 0 {
		return 0
	}
	reg, ctx, idx := p.decode(off)
	switch reg {
	case plicPriority:
		return uint64(p.priority[idx])
	case plicPending:
		return uint64(p.pending[idx])
	case plicEnable:
		return uint64(p.enable[ctx][idx])
	case plicThreshold:
		return uint64(p.threshold[ctx])
	case plicClaim:
		return uint64(p.best(ctx))
	}
	return 0
}

// ValidAccess reports whether QEMU accepts the access: 32-bit and aligned
// anywhere in the window. The machine raises an access fault otherwise.
func (p *PLIC) ValidAccess(off uint32, size int, write bool) bool {
	return size == 4 && off%4 == 0 && off < p.cfg.Size
}

// Write implements Device.
func (p *PLIC) Write(off uint32, size int, val uint64) {
	if size != 4 || off%4 != 0 {
		return
	}
	v := uint32(val)
	reg, ctx, idx := p.decode(off)
	switch reg {
	case plicPriority:
		if idx != 0 {
			p.priority[idx] = v & plicMaxPriority
		}
	case plicEnable:
		p.enable[ctx][idx] = v
	case plicThreshold:
		p.threshold[ctx] = v & plicMaxPriority
	case plicClaim:
		p.complete(v)
	default:
		return
	}
	p.update()
}

// complete ends the handling of source irq, whichever context writes the
// completion. The PLIC specification says a completion for a source that
// is not enabled for the writing context is ignored, but QEMU 7.2 ends the
// claim anyway (the probe's plic.claim.after.ctx1.complete shows it), and
// Rewind follows QEMU.
func (p *PLIC) complete(irq uint32) {
	if irq >= uint32(p.cfg.Sources) {
		return
	}
	w, bit := irq/32, uint32(1)<<(irq%32)
	p.claimed[w] &^= bit
	if !p.cfg.QEMUPending {
		p.pending[w] |= p.level[w] & bit
	}
}

// Reset implements Device: everything is cleared, input line levels too,
// so the devices driving lines must be reset with it (a UART's Reset
// drives its line low).
func (p *PLIC) Reset() {
	p.priority = [PLICMaxSources]uint32{}
	p.level = [plicMaxWords]uint32{}
	p.pending = [plicMaxWords]uint32{}
	p.claimed = [plicMaxWords]uint32{}
	clear(p.enable)
	clear(p.threshold)
	p.update()
}

const plicTag, plicVersion = "PLIC", 1

// tag is the snapshot tag: virt's PLIC keeps "PLIC", others get their own
// so that no PLIC takes another's state.
func (p *PLIC) tag() string {
	if p.cfg.QEMUPending {
		return "PLIQ"
	}
	return plicTag
}

// SaveState implements Device.
func (p *PLIC) SaveState(dst []byte) []byte {
	w := stateWriter{b: dst}
	w.header(p.tag(), plicVersion)
	w.u32(uint32(p.contexts))
	for _, v := range p.priority[:p.cfg.Sources] {
		w.u8(uint8(v))
	}
	for i := range p.words {
		w.u32(p.level[i])
		w.u32(p.pending[i])
		w.u32(p.claimed[i])
	}
	for c := range p.contexts {
		for i := range p.words {
			w.u32(p.enable[c][i])
		}
		w.u8(uint8(p.threshold[c]))
	}
	return w.b
}

// RestoreState implements Device. The context count must match.
func (p *PLIC) RestoreState(state []byte) error {
	r := stateReader{b: state}
	r.header(p.tag(), plicVersion)
	if n := r.u32(); r.err == nil && n != uint32(p.contexts) {
		r.fail("plic has %d contexts, state has %d", p.contexts, n)
	}
	q := &PLIC{cfg: p.cfg, words: p.words, contexts: p.contexts,
		enable: make([][plicMaxWords]uint32, p.contexts), threshold: make([]uint32, p.contexts), ext: make([]bool, p.contexts)}
	for i := range q.priority[:q.cfg.Sources] {
		q.priority[i] = uint32(r.u8())
		if q.priority[i] > plicMaxPriority {
			r.fail("plic priority %d", q.priority[i])
		}
	}
	for i := range q.words {
		q.level[i] = r.u32()
		q.pending[i] = r.u32()
		q.claimed[i] = r.u32()
		q.checkWord(&r, i)
	}
	if (q.level[0]|q.pending[0]|q.claimed[0])&1 != 0 || q.priority[0] != 0 {
		r.fail("plic source 0 is active")
	}
	for c := range q.contexts {
		for i := range q.words {
			q.enable[c][i] = r.u32()
		}
		q.threshold[c] = uint32(r.u8())
		if q.threshold[c] > plicMaxPriority {
			r.fail("plic threshold %d", q.threshold[c])
		}
	}
	if err := r.finish(); err != nil {
		return err
	}
	*p = *q
	p.update()
	return nil
}

// checkWord checks restored source word i: the gateway's invariants, and
// no source beyond the last.
func (p *PLIC) checkWord(r *stateReader, i int) {
	if extra := (p.level[i] | p.pending[i] | p.claimed[i]) &^ sourceMask(p.cfg.Sources, i); extra != 0 {
		r.fail("plic sources beyond the last: %#x", extra)
	}
	if p.cfg.QEMUPending {
		return // pending and claimed together, high and neither: both happen
	}
	if p.pending[i]&p.claimed[i] != 0 {
		r.fail("plic sources both pending and claimed: %#x", p.pending[i]&p.claimed[i])
	}
	if lost := p.level[i] &^ p.pending[i] &^ p.claimed[i]; lost != 0 {
		r.fail("plic sources high but neither pending nor claimed: %#x", lost)
	}
}

// sourceMask is the bits of word i that are sources below n.
func sourceMask(n, i int) uint32 {
	switch k := n - 32*i; {
	case k >= 32:
		return ^uint32(0)
	case k <= 0:
		return 0
	default:
		return 1<<k - 1
	}
}
