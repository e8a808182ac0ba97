package vm

import "github.com/rewind-debugger/rewind/vm/thumb"

// nzOf is the N and Z flags of res in place.
func nzOf(res uint32) uint8 { return uint8(res>>31)<<3 | b2u8(res == 0)<<2 }

// regCount is the number of registers in a register list (a loop, not
// bits.OnesCount32, whose fallback for CPUs without POPCNT is a call).
func regCount(list uint32) uint32 {
	n := uint32(0)
	for ; list != 0; list &= list - 1 {
		n++
	}
	return n
}

// lsAddr is the address a single load or store accesses and the address
// it writes back (Rn 15 is the literal base Align(PC, 4)).
func lsAddr(r *[16]uint32, in *thumb.Inst, pc uint32) (addr, ea uint32) {
	b := r[in.Rn&15]
	if in.Rn == 15 {
		b = (pc + 4) &^ 3
	}
	o := in.Imm
	if in.ShT != thumb.ShImm {
		o = r[in.Rm&15] << in.ShN
	}
	ea = b - o
	if in.Flags&thumb.FAdd != 0 {
		ea = b + o
	}
	if in.Flags&thumb.FIndex != 0 {
		return ea, ea
	}
	return b, ea
}

// lsSize is the access size of a single load or store.
func lsSize(op thumb.Op) uint32 {
	switch op {
	case thumb.OpLDR, thumb.OpSTR:
		return 4
	case thumb.OpLDRH, thumb.OpLDRSH, thumb.OpSTRH:
		return 2
	}
	return 1
}

// shConst shifts v by a constant 1-31 (LSL, LSR or ASR).
func shConst(v uint32, t, n uint8) uint32 {
	switch t {
	case thumb.ShLSL:
		return v << n
	case thumb.ShLSR:
		return v >> n
	}
	return uint32(int32(v) >> n)
}
