package thumb

import "fmt"

// psrName names an M-profile special register by its SYSm number.
func psrName(n uint32) string {
	if s, ok := psrNames[n]; ok {
		return s
	}
	return "<unknown>"
}

// psrNames are the M-profile special registers by SYSm.
var psrNames = map[uint32]string{0: "APSR", 1: "IAPSR", 2: "EAPSR", 3: "PSR", 5: "IPSR", 6: "EPSR", 7: "IEPSR",
	8: "MSP", 9: "PSP", 0xa: "MSPLIM", 0xb: "PSPLIM", 0x10: "PRIMASK", 0x11: "BASEPRI",
	0x12: "BASEPRI_MAX", 0x13: "FAULTMASK", 0x14: "CONTROL", 0x88: "MSP_NS", 0x89: "PSP_NS",
	0x8a: "MSPLIM_NS", 0x8b: "PSPLIM_NS", 0x90: "PRIMASK_NS", 0x91: "BASEPRI_NS",
	0x93: "FAULTMASK_NS", 0x94: "CONTROL_NS", 0x98: "SP_NS"}

// bankedName names a banked register of mrs/msr (banked) as objdump does.
func bankedName(sm uint32) (string, bool) {
	switch sm {
	case 15:
		return "CPSR", true
	case 79:
		return "SPSR", true
	}
	if sm&0x20 == 0 {
		return "", false
	}
	sysm, spsr := sm&0x1f, sm&0x40 != 0
	if spsr {
		n, ok := map[uint32]string{14: "SPSR_fiq", 16: "SPSR_irq", 18: "SPSR_svc", 20: "SPSR_abt",
			22: "SPSR_und", 28: "SPSR_mon", 30: "SPSR_hyp"}[sysm]
		return n, ok
	}
	if sysm < 7 {
		return []string{"R8_usr", "R9_usr", "R10_usr", "R11_usr", "R12_usr", "SP_usr", "LR_usr"}[sysm], true
	}
	if sysm >= 8 && sysm < 15 {
		return []string{"R8_fiq", "R9_fiq", "R10_fiq", "R11_fiq", "R12_fiq", "SP_fiq", "LR_fiq"}[sysm-8], true
	}
	n, ok := map[uint32]string{16: "LR_irq", 17: "SP_irq", 18: "LR_svc", 19: "SP_svc", 20: "LR_abt",
		21: "SP_abt", 22: "LR_und", 23: "SP_und", 28: "LR_mon", 29: "SP_mon", 30: "ELR_hyp", 31: "SP_hyp"}[sysm]
	return n, ok
}

// mrsName renders the source of mrs (objdump's %D).
func mrsName(w uint32) string {
	if w&0xff == 0 || w&0x20 != 0 {
		sm := bits(w, 16, 4) | w&0x30 | (w&0x100000)>>14
		if n, ok := bankedName(sm); ok {
			return n
		}
		return fmt.Sprintf("(UNDEF: %d)", sm)
	}
	return psrName(w & 0xff)
}

// msrName renders the destination of msr (objdump's %C).
func msrName(w uint32) string {
	if w&0xff == 0 {
		s := "CPSR_"
		if bit(w, 20) {
			s = "SPSR_"
		}
		for i, f := range []string{"f", "s", "x", "c"} {
			if bit(w, uint(11-i)) {
				s += f
			}
		}
		return s
	}
	if w&0x20 != 0 {
		sm := bits(w, 8, 4) | w&0x30 | (w&0x100000)>>14
		if n, ok := bankedName(sm); ok {
			return n
		}
		return fmt.Sprintf("(UNDEF: %d)", sm)
	}
	return psrName(w & 0xff)
}
