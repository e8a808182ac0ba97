package vm

// PMP configuration byte fields (one byte per entry, four per pmpcfg CSR).
const (
	pmpR    = 1 << 0
	pmpW    = 1 << 1
	pmpA    = 3 << 3
	pmpTOR  = 1 << 3 // A field value: top of range
	pmpL    = 1 << 7
	pmpMask = 0x9f // bits 5-6 are reserved (read as zero)
)

// pmpEntryCfg returns the configuration byte of PMP entry i.
func (h *Hart) pmpEntryCfg(i int) uint32 { return h.pmpcfg[i/4] >> (8 * (i % 4)) & 0xff }

// writePMPCfg writes pmpcfg register r (entries 4r..4r+3). The fields are
// WARL: a locked entry keeps its byte until reset, reserved bits read as
// zero, and the reserved combination R=0 W=1 is stored with W cleared.
// The emulator does not enforce PMP; it keeps the registers as hardware
// would, for firmware that reads them back.
func (h *Hart) writePMPCfg(r int, v uint32) {
	out := h.pmpcfg[r]
	for j := 0; j < 4; j++ {
		sh := 8 * j
		if out>>sh&pmpL != 0 {
			continue
		}
		b := v >> sh & pmpMask
		if b&pmpR == 0 {
			b &^= pmpW
		}
		out = out&^(0xff<<sh) | b<<sh
	}
	h.pmpcfg[r] = out
}

// writePMPAddr writes pmpaddr i unless entry i is locked, or entry i+1 is
// locked in TOR mode (pmpaddr i is then the bottom of its range).
func (h *Hart) writePMPAddr(i int, v uint32) {
	if h.pmpEntryCfg(i)&pmpL != 0 {
		return
	}
	if i+1 < len(h.pmpaddr) {
		if c := h.pmpEntryCfg(i + 1); c&pmpL != 0 && c&pmpA == pmpTOR {
			return
		}
	}
	h.pmpaddr[i] = v
}
