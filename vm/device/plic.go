package device

// PLIC register layout on QEMU's virt machine.
const (
	// PLICSources is the number of interrupt sources including the
	// reserved source 0 (QEMU virt: VIRT_IRQCHIP_NUM_SOURCES).
	PLICSources = 96

	plicWords         = (PLICSources + 31) / 32
	plicMaxPriority   = 7 // 3 priority bits
	plicPendingBase   = 0x1000
	plicEnableBase    = 0x2000
	plicEnableStride  = 0x80
	plicContextBase   = 0x200000
	plicContextStride = 0x1000
	// plicSize is what QEMU maps: room for 1024 contexts (512 harts).
	plicSize = 0x600000
	// plicMaxContexts is how many contexts the window has room for; more
	// harts than half of it have no PLIC registers.
	plicMaxContexts = (plicSize - plicContextBase) / plicContextStride
)

// PLIC is the platform-level interrupt controller of QEMU's virt machine:
// 96 sources (0 reserved), 7 priority levels, two contexts per hart
// (context 2h is hart h's machine mode, 2h+1 its supervisor mode).
//
// Sources are level-triggered, with the PLIC specification's gateway: a
// line rising while its source is not claimed sets the pending bit; the
// bit stays set if the line falls again (as on QEMU 7.2) until a context
// claims the source; completing a source whose line is still high makes it
// pending again. QEMU 7.2 differs only there: it re-pends a source whenever
// the device re-signals a high line (its 16550 does so on most register
// accesses), not at completion, so a handler that completes without
// touching the UART gets no second interrupt on QEMU and another one here.
//
// Registers are 32-bit (see ValidAccess). As on QEMU 7.2: source 0's
// priority reads 0, priorities and thresholds keep the low 3 bits of a
// write, enable words store all 32 bits, pending words ignore writes, and a
// completion is accepted for any source number below 96 whatever the
// context.
type PLIC struct {
	contexts  int
	priority  [PLICSources]uint32
	level     [plicWords]uint32   // input line levels
	pending   [plicWords]uint32   // requests waiting for a claim
	claimed   [plicWords]uint32   // claimed and not yet completed
	enable    [][plicWords]uint32 // per context
	threshold []uint32            // per context

	ext []bool // derived: per context, an interrupt is deliverable
}

// NewPLIC returns a PLIC with two contexts per hart (at least one hart).
func NewPLIC(harts int) *PLIC {
	if harts < 1 {
		harts = 1
	}
	n := 2 * harts
	p := &PLIC{
		contexts:  n,
		enable:    make([][plicWords]uint32, n),
		threshold: make([]uint32, n),
		ext:       make([]bool, n),
	}
	return p
}

// Name implements Device.
func (p *PLIC) Name() string { return "plic" }

// Size implements Device.
func (p *PLIC) Size() uint32 { return plicSize }

// Pending reports whether context has an enabled, pending, unclaimed source
// whose priority exceeds the context's threshold: the external interrupt
// pending bit of that hart and mode (MEIP for 2h, SEIP for 2h+1).
func (p *PLIC) Pending(context int) bool {
	return context >= 0 && context < p.contexts && p.ext[context]
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

func (p *PLIC) setLevel(irq int, high bool) {
	if irq <= 0 || irq >= PLICSources {
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
	if p.claimed[w]&bit == 0 {
		p.pending[w] |= bit
		p.update()
	}
}

// best returns the source context would claim now, or 0.
func (p *PLIC) best(context int) uint32 {
	var irq uint32
	max := p.threshold[context]
	for w := range plicWords {
		ready := p.pending[w] & p.enable[context][w]
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
	case off < PLICSources*4:
		return plicPriority, 0, int(off / 4)
	case off >= plicPendingBase && off < plicPendingBase+plicWords*4:
		return plicPending, 0, int(off-plicPendingBase) / 4
	case off >= plicEnableBase && off < plicEnableBase+uint32(min(p.contexts, plicMaxContexts))*plicEnableStride:
		rel := off - plicEnableBase
		w := int(rel%plicEnableStride) / 4
		if w >= plicWords {
			return plicNone, 0, 0
		}
		return plicEnable, int(rel / plicEnableStride), w
	case off >= plicContextBase && off < plicContextBase+uint32(min(p.contexts, plicMaxContexts))*plicContextStride:
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
	return size == 4 && off%4 == 0 && off < plicSize
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
	if irq >= PLICSources {
		return
	}
	w, bit := irq/32, uint32(1)<<(irq%32)
	p.claimed[w] &^= bit
	p.pending[w] |= p.level[w] & bit
}

// Reset implements Device: everything is cleared, input line levels too,
// so the devices driving lines must be reset with it (a UART's Reset
// drives its line low).
func (p *PLIC) Reset() {
	p.priority = [PLICSources]uint32{}
	p.level = [plicWords]uint32{}
	p.pending = [plicWords]uint32{}
	p.claimed = [plicWords]uint32{}
	clear(p.enable)
	clear(p.threshold)
	p.update()
}

const plicTag, plicVersion = "PLIC", 1

// SaveState implements Device.
func (p *PLIC) SaveState(dst []byte) []byte {
	w := stateWriter{b: dst}
	w.header(plicTag, plicVersion)
	w.u32(uint32(p.contexts))
	for _, v := range p.priority {
		w.u8(uint8(v))
	}
	for i := range plicWords {
		w.u32(p.level[i])
		w.u32(p.pending[i])
		w.u32(p.claimed[i])
	}
	for c := range p.contexts {
		for i := range plicWords {
			w.u32(p.enable[c][i])
		}
		w.u8(uint8(p.threshold[c]))
	}
	return w.b
}

// RestoreState implements Device. The context count must match.
func (p *PLIC) RestoreState(state []byte) error {
	r := stateReader{b: state}
	r.header(plicTag, plicVersion)
	if n := r.u32(); r.err == nil && n != uint32(p.contexts) {
		r.fail("plic has %d contexts, state has %d", p.contexts, n)
	}
	q := NewPLIC(p.contexts / 2)
	for i := range q.priority {
		q.priority[i] = uint32(r.u8())
		if q.priority[i] > plicMaxPriority {
			r.fail("plic priority %d", q.priority[i])
		}
	}
	for i := range plicWords {
		q.level[i] = r.u32()
		q.pending[i] = r.u32()
		q.claimed[i] = r.u32()
		if q.pending[i]&q.claimed[i] != 0 {
			r.fail("plic sources both pending and claimed: %#x", q.pending[i]&q.claimed[i])
		}
		if lost := q.level[i] &^ q.pending[i] &^ q.claimed[i]; lost != 0 {
			r.fail("plic sources high but neither pending nor claimed: %#x", lost)
		}
	}
	if (q.level[0]|q.pending[0]|q.claimed[0])&1 != 0 || q.priority[0] != 0 {
		r.fail("plic source 0 is active")
	}
	for c := range q.contexts {
		for i := range plicWords {
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
