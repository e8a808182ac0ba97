package vm

import (
	"encoding/binary"
	"math/rand/v2"
	"testing"
)

// armJITFusedProgram is a loop on itself ending in a compare (CMP with an
// immediate or a register, or SUBS with an immediate) fused with a
// conditional branch back to its start, then a second block branching
// back too: the edges of a fused compare to blocks compiled already, and
// the back edge that leaves the flags in the host flags.
func armJITFusedProgram(rng *rand.Rand) []byte {
	var code []byte
	r, imm := uint16(rng.IntN(8)), uint16(rng.IntN(256))
	for range 1 + rng.IntN(8) {
		switch rng.IntN(6) {
		case 0: // LDR.W Rt, [Rn], #1-8: walks off the RAM pages or to an unaligned address (a fault with trap) after a few rounds
			rn := uint16(rng.IntN(8))
			if rng.IntN(2) == 0 {
				rn = r // changes the compare's operand
			}
			rt := (rn + 1 + uint16(rng.IntN(7))) % 8
			if rng.IntN(2) == 0 && rn != r {
				rt = r // loads the compare's operand
			}
			code = binary.LittleEndian.AppendUint16(code, 0xf850|rn)
			code = binary.LittleEndian.AppendUint16(code, rt<<12|0x0b00|uint16(1+rng.IntN(8))) // unaligned in some round
		case 1: // ADCS Rdn, Rm: reads C
			code = binary.LittleEndian.AppendUint16(code, 0x4140|uint16(rng.IntN(64)))
		default:
			code = armJITRandomInst(code, rng)
		}
	}
	switch rng.IntN(3) {
	case 0:
		code = binary.LittleEndian.AppendUint16(code, 0x2800|r<<8|imm)
	case 1:
		code = binary.LittleEndian.AppendUint16(code, 0x3800|r<<8|imm%3)
	default:
		code = binary.LittleEndian.AppendUint16(code, 0x4280|uint16(rng.IntN(8))<<3|r)
	}
	off := -int32(len(code)) - 4
	code = binary.LittleEndian.AppendUint16(code, 0xd000|uint16(rng.IntN(14))<<8|uint16(off>>1)&0xff)
	for range rng.IntN(6) {
		code = armJITRandomInst(code, rng)
	}
	off = -int32(len(code)) - 4
	return binary.LittleEndian.AppendUint16(code, 0xe000|uint16(off>>1)&0x7ff)
}

// TestARMJITFusedLoops compares compiled and interpreted runs of seeded
// random loops ending in a fused compare and branch (armJITFusedProgram).
func TestARMJITFusedLoops(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 5))
	programs := 800
	if testing.Short() {
		programs = 300
	}
	for p := range programs {
		armJITCompare(t, armJITFusedProgram(rng), armJITRegs(rng), uint8(rng.IntN(16)), p%4 == 0)
	}
}
