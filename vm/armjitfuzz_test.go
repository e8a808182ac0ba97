package vm

import (
	"encoding/binary"
	"math/rand/v2"
	"reflect"
	"testing"
)

// armJITEdge are register values that find the corners of the lowered
// operations: 0, -1, MinInt32 and MaxInt32, shift amounts around 32,
// RAM addresses at page ends (unaligned too), the code page (stores to it
// are self-modifying code), and addresses off RAM and on devices.
var armJITEdge = [...]uint32{
	0, 1, 2, 0xffffffff, 0x7fffffff, 0x80000000, 31, 32, 33, 0xfffffffe,
	0x20000ffc, 0x20000ffd, 0x20000ffe, 0x20000fff, 0x20001000, 0x20000800, 0x20001ff8, 0x20001ffd, 0x20001ffe,
	0x1ffffffc, 0x40004000, 0xe000e010, 0x100, 0x180, 0xf0000001, 0x103,
}

// armJITRandomInst appends one random instruction, favouring the forms
// blocks hold: 16-bit ones, and the 32-bit data-processing, load/store,
// load/store multiple, multiply and divide, and register-extend groups.
func armJITRandomInst(code []byte, rng *rand.Rand) []byte {
	h1, h2 := uint16(rng.Uint32()), uint16(rng.Uint32())
	switch rng.IntN(11) {
	case 0: // data processing, modified immediate
		return binary.LittleEndian.AppendUint32(code, uint32(0xf000|h1&0x05ff)|uint32(h2&0x7fff)<<16)
	case 1: // plain binary immediate (MOVW, MOVT, ADDW, SBFX, UBFX, ...)
		return binary.LittleEndian.AppendUint32(code, uint32(0xf200|h1&0x04ff)|uint32(h2&0x7fff)<<16)
	case 2: // data processing, shifted register
		return binary.LittleEndian.AppendUint32(code, uint32(0xea00|h1&0x01ff)|uint32(h2&0x7fff)<<16)
	case 3: // single loads and stores
		return binary.LittleEndian.AppendUint32(code, uint32(0xf800|h1&0x01ff)|uint32(h2)<<16)
	case 4: // multiplies and divides
		return binary.LittleEndian.AppendUint32(code, uint32(0xfb00|h1&0x00ff)|uint32(h2)<<16)
	case 5: // load and store multiple
		return binary.LittleEndian.AppendUint32(code, uint32(0xe800|h1&0x01ff)|uint32(h2&0x5fff)<<16)
	case 6: // extends, CLZ, shifts by register
		return binary.LittleEndian.AppendUint32(code, uint32(0xfa00|h1&0x00ff)|uint32(0xf000|h2&0x0fff)<<16)
	case 8, 9: // 16-bit loads and stores, immediate offset 0 or 1 unit, or register offset
		if rng.IntN(3) == 0 {
			return binary.LittleEndian.AppendUint16(code, 0x5000|h1&0x0fff)
		}
		return binary.LittleEndian.AppendUint16(code, (0x6000+uint16(rng.IntN(0x3000)))&^0x0780)
	case 7: // CBZ/CBNZ forwards, PUSH/POP
		if rng.IntN(2) == 0 {
			return binary.LittleEndian.AppendUint16(code, 0xb100|h1&0x0a3f)
		}
		return binary.LittleEndian.AppendUint16(code, 0xb400|h1&0x09ff)
	}
	return binary.LittleEndian.AppendUint16(code, armRandomHalfword(rng))
}

// armJITRandomProgram is count random instructions then a branch back to
// the first.
func armJITRandomProgram(rng *rand.Rand, count int) []byte {
	var code []byte
	for range count {
		code = armJITRandomInst(code, rng)
	}
	off := -int32(len(code)) - 4
	return binary.LittleEndian.AppendUint16(code, 0xe000|uint16(off>>1)&0x7ff)
}

// armJITCompare runs code at 0x100 with registers regs and flags nzcv,
// compiled and interpreted, and fails at the first of a series of stop
// times where their state differs.
func armJITCompare(t *testing.T, code []byte, regs [13]uint32, nzcv uint8, trap bool) {
	t.Helper()
	var ms [2]*Machine
	for i := range ms {
		ms[i] = armRandomMachine(t, code, regs, trap)
		ms[i].jit.off = i == 1 // as Config.NoJIT
		ms[i].harts[0].arm.nzcv = nzcv & 15
		ram := make([]byte, 0x2000) // RAM pages present, so accesses take the fast path
		for k := range ram {
			ram[k] = byte(k*7 + k>>8)
		}
		if err := ms[i].WriteMemory(0x20000000, ram); err != nil {
			t.Fatal(err)
		}
		ms[i].ResetActivity() // the setup's writes: not the code's
	}
	for _, at := range []uint64{1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 400, 1000, 3000} {
		s0, s1 := ms[0].Run(at), ms[1].Run(at)
		if !reflect.DeepEqual(ms[0].ActivitySince(), ms[1].ActivitySince()) {
			t.Fatalf("code % x regs %x nzcv %x trap %v: until %d: activity differs", code, regs, nzcv, trap, at)
		}
		if s0 != s1 || ms[0].StateHash() != ms[1].StateHash() {
			h0, h1 := ms[0].harts[0], ms[1].harts[0]
			t.Fatalf("code % x regs %x nzcv %x trap %v: until %d: stop %+v / %+v, pc %#x/%#x, regs\n%x\n%x\nnzcv %x/%x",
				code, regs, nzcv, trap, at, s0, s1, h0.pc, h1.pc, h0.arm.r, h1.arm.r, h0.arm.nzcv, h1.arm.nzcv)
		}
	}
}

// armJITRegs picks the registers from seed: edge values and addresses
// near them.
func armJITRegs(rng *rand.Rand) [13]uint32 {
	var regs [13]uint32
	for i := range regs {
		regs[i] = armJITEdge[rng.IntN(len(armJITEdge))]
		if rng.IntN(3) == 0 {
			regs[i] += uint32(rng.IntN(9)) - 4
		}
	}
	return regs
}

// TestARMJITRandomBlocks compares compiled and interpreted blocks over
// seeded random programs of the lowered forms with edge-valued registers
// and random flags, stopping at many times (exits in the middle of
// blocks, budget ends), with and without unaligned-access trapping.
func TestARMJITRandomBlocks(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 14))
	programs := 800
	if testing.Short() {
		programs = 300
	}
	for p := range programs {
		code := armJITRandomProgram(rng, 2+rng.IntN(30))
		armJITCompare(t, code, armJITRegs(rng), uint8(rng.IntN(16)), p%4 == 0)
	}
}

// FuzzARMJITBlock compares compiled and interpreted blocks over arbitrary
// code (then a branch back to its start) with registers and flags chosen
// by seed among edge values.
func FuzzARMJITBlock(f *testing.F) {
	rng := rand.New(rand.NewPCG(1, 2))
	for k := range 8 {
		f.Add(armJITRandomProgram(rng, 4+k*3), uint64(k))
	}
	f.Fuzz(func(t *testing.T, code []byte, seed uint64) {
		if len(code) > 2000 || len(code) < 2 {
			return
		}
		code = code[:len(code)&^1]
		off := -int32(len(code)) - 4
		code = binary.LittleEndian.AppendUint16(code, 0xe000|uint16(off>>1)&0x7ff)
		rng := rand.New(rand.NewPCG(seed, seed>>32))
		armJITCompare(t, code, armJITRegs(rng), uint8(seed>>8), seed&1 != 0)
	})
}
