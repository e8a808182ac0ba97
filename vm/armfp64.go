package vm

// The FPv5-D16 instructions of the Cortex-M7 that FPv4-SP lacks: double
// precision data processing and conversions (the "sz" bit set), the
// conversions between single and double, VRINTR/Z/X, and the unconditional
// FPv5 additions VSEL, VMAXNM/VMINNM, VRINTA/N/P/M and VCVTA/N/P/M.
// Loads, stores and moves of D registers run in armfp.go (they are in
// FPv4-SP's encoding space already).

// dreg reads D register n (S2n is the low half, S2n+1 the high half).
func (a *armState) dreg(n uint32) uint64 {
	return uint64(a.s[2*n]) | uint64(a.s[2*n+1])<<32
}

// setDreg writes D register n.
func (a *armState) setDreg(n uint32, v uint64) {
	a.s[2*n], a.s[2*n+1] = uint32(v), uint32(v>>32)
}

// fpOperand names a floating-point register of either width.
type fpOperand struct {
	dbl bool
	n   uint32
}

// vreg decodes a register field: Vx:X for singles, X:Vx for doubles. It
// reports false for D16-D31, which FPv5-D16 lacks.
func vreg(dbl bool, v, x uint32) (fpOperand, bool) {
	if dbl {
		return fpOperand{true, x<<4 | v}, x == 0
	}
	return fpOperand{false, v<<1 | x}, true
}

func (a *armState) get(o fpOperand) uint64 {
	if o.dbl {
		return a.dreg(o.n)
	}
	return uint64(a.s[o.n])
}

func (a *armState) set(o fpOperand, v uint64) {
	if o.dbl {
		a.setDreg(o.n, v)
	} else {
		a.s[o.n] = uint32(v)
	}
}

func (o fpOperand) format() fpFormat {
	if o.dbl {
		return fmtDouble
	}
	return fmtSingle
}

// fpv5Regs decodes the D, N and M register fields of a VFP data
// instruction with the given widths.
func fpv5Regs(h1, h2 uint32, dd, dn, dm bool) (d, n, m fpOperand, ok bool) {
	var okd, okn, okm bool
	d, okd = vreg(dd, h2>>12&15, h1>>6&1)
	n, okn = vreg(dn, h1&15, h2>>7&1)
	m, okm = vreg(dm, h2&15, h2>>5&1)
	return d, n, m, okd && okn && okm
}

// fpv5 runs an FPv5 instruction that FPv4-SP lacks. known reports whether
// the instruction is one (else the FPv4-SP code runs it); ok is false for
// an undefined encoding.
func (a *armState) fpv5(h1, h2 uint32) (ok, known bool) {
	if h1&0x1000 != 0 {
		return a.fpv5Uncond(h1, h2), true
	}
	op1 := h1 >> 4 & 0x3f
	if op1&0x30 != 0x20 || h2&0x10 != 0 { // not data processing
		return false, false
	}
	dbl := h2&0x100 != 0
	if opc1 := h1>>5&4 | h1>>4&3; opc1 != 7 {
		if !dbl {
			return false, false
		}
		return a.fpData64(h1, h2, opc1), true
	}
	return a.fpv5Other(h1, h2, dbl)
}
