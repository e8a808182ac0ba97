package vm

import "fmt"

// checkRestored reports a hart register that a snapshot restores with a
// value writeCSR could never have produced (a crafted or foreign snapshot
// would otherwise put the hart in an impossible state).
func (h *Hart) checkRestored() error {
	switch {
	case h.mstatus&^(mstatusMIE|mstatusMPIE) != 0:
		return fmt.Errorf("mstatus %#x has bits other than MIE and MPIE", h.mstatus)
	case h.mie&^mipMask != 0:
		return fmt.Errorf("mie %#x has bits other than MSIE, MTIE and MEIE", h.mie)
	case h.mip&^mipMask != 0:
		return fmt.Errorf("mip %#x has bits other than MSIP, MTIP and MEIP", h.mip)
	case h.mtvec&3 >= 2:
		return fmt.Errorf("mtvec %#x has reserved mode %d", h.mtvec, h.mtvec&3)
	case h.mepc&1 != 0:
		return fmt.Errorf("mepc %#x is odd", h.mepc)
	case h.mcountinhibit&2 != 0:
		return fmt.Errorf("mcountinhibit %#x has the read-only TM bit set", h.mcountinhibit)
	}
	for r, c := range h.pmpcfg {
		for j := 0; j < 4; j++ {
			b := c >> (8 * j) & 0xff
			if b&^pmpMask != 0 || b&(pmpR|pmpW) == pmpW {
				return fmt.Errorf("pmpcfg%d entry %d: %#x is not a legal value", r, j, b)
			}
		}
	}
	return nil
}
