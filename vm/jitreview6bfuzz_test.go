package vm

import (
	"encoding/binary"
	"math/rand/v2"
	"testing"

	"github.com/rewind-debugger/rewind/vm/thumb"
)

// Random programs of several functions on one page (review of the Thumb
// compiler's calls and returns): a main loop calls each
// function (BL, or BLX through a register); a function saves r4, r7 and
// LR, runs random operations (none writes r7, SP, LR or PC), maybe a loop
// counted in r7, a forward conditional branch and a call of a later
// function, and returns by POP {pc} or BX LR, or tail-calls a later
// function by B or a conditional B (then returns). Run compiled and
// interpreted, the two must agree at every stop.

// fnAsm assembles halfwords at 0x100 with forward references fixed at
// the end.
type fnAsm struct {
	code  []uint16
	fixes []fnFix
}

// fnFix is a branch at halfword index at to function fn (or, fn < 0, to
// halfword -fn-1), of kind 'l' (BL), 'b' (B.W), 'c' (B<c>.W, cond) or
// 'w' (MOVW r3, #addr|1).
type fnFix struct {
	at, fn int
	kind   byte
	cond   uint16
}

func (p *fnAsm) pc() uint32     { return 0x100 + 2*uint32(len(p.code)) }
func (p *fnAsm) h(hw ...uint16) { p.code = append(p.code, hw...) }
func (p *fnAsm) ref(fn int, kind byte, cond uint16) {
	p.fixes = append(p.fixes, fnFix{at: len(p.code), fn: fn, kind: kind, cond: cond})
	p.h(0, 0)
}

// fnBranch32 encodes a 32-bit B.W (bl: BL; cond < 14: B<cond>.W) from pc
// to target.
func fnBranch32(pc, target uint32, bl bool, cond uint16) (uint16, uint16) {
	off := target - (pc + 4)
	s := uint16(off>>24) & 1
	imm11 := uint16(off>>1) & 0x7ff
	if cond < 14 {
		j1, j2 := uint16(off>>18)&1, uint16(off>>19)&1
		return 0xf000 | s<<10 | cond<<6 | uint16(off>>12)&0x3f, 0x8000 | j1<<13 | j2<<11 | imm11
	}
	j1 := ^(uint16(off>>23) ^ s) & 1
	j2 := ^(uint16(off>>22) ^ s) & 1
	hw2 := 0x9000 | j1<<13 | j2<<11 | imm11
	if bl {
		hw2 |= 0x4000
	}
	return 0xf000 | s<<10 | uint16(off>>12)&0x3ff, hw2
}

// fnSafe appends a random operation that writes none of r7, SP, LR, PC
// and does not branch.
func fnSafe(p *fnAsm, rng *rand.Rand) {
	for {
		b := armJITRandomInst(nil, rng)
		hw1 := binary.LittleEndian.Uint16(b)
		var hw2 uint16
		if len(b) == 4 {
			hw2 = binary.LittleEndian.Uint16(b[2:])
		}
		in := thumb.Decode(hw1, hw2)
		if int(in.Size) != len(b) || in.Op < thumb.OpMOV || in.Op > thumb.OpSTRD && in.Op != thumb.OpNOP {
			continue
		}
		switch in.Op {
		case thumb.OpB, thumb.OpBL, thumb.OpCBZ, thumb.OpCBNZ, thumb.OpLDM, thumb.OpLDMDB, thumb.OpSTM, thumb.OpSTMDB:
			continue
		}
		if in.Rd >= 13 || in.Rd == 7 || in.Rd == 6 || in.Ra >= 13 || in.Ra == 7 || in.Ra == 6 || in.Rn >= 13 && in.Rn != 15 || in.Rn == 7 && in.Flags&thumb.FWback != 0 {
			continue
		}
		if fnMemory(in.Op) && (in.Rn != 6 && in.Rn != 15 || in.Flags&thumb.FWback != 0 || in.ShT != thumb.ShImm && in.Rm != 7) {
			continue // RAM at r6 plus an immediate or r7 (small), so that few accesses fault
		}
		p.h(hw1)
		if len(b) == 4 {
			p.h(hw2)
		}
		return
	}
}

// fnMemory reports whether op is a load or store (of one or two registers).
func fnMemory(op thumb.Op) bool {
	switch op {
	case thumb.OpLDR, thumb.OpLDRB, thumb.OpLDRH, thumb.OpSTR, thumb.OpSTRB, thumb.OpSTRH, thumb.OpLDRSB, thumb.OpLDRSH, thumb.OpLDRD, thumb.OpSTRD:
		return true
	}
	return false
}

// fnProgram is a random program of n functions (n >= 1).
func fnProgram(rng *rand.Rand, n int) []byte {
	p := &fnAsm{}
	p.h(0xf640, 0x0600, 0xf2c2, 0x0600, 0x2700) // MOVW r6, #0x800; MOVT r6, #0x2000; MOVS r7, #0
	// main: call every function, loop.
	for i := range n {
		if rng.IntN(3) == 0 {
			p.ref(i, 'w', 0)
			p.h(0x4798) // BLX r3
		} else {
			p.ref(i, 'l', 0)
		}
	}
	p.ref(-6, 'b', 0) // B.W main
	starts := make([]uint32, n)
	later := func(i int) int { return i + 1 + rng.IntN(n-1-i) }
	for i := range n {
		starts[i] = p.pc()
		p.h(0xb590) // PUSH {r4, r7, lr}
		for range rng.IntN(4) {
			fnSafe(p, rng)
		}
		if rng.IntN(2) == 0 { // a loop counted in r7
			p.h(0x2700 | uint16(1+rng.IntN(5))) // MOVS r7, #k
			top := len(p.code)
			for range 1 + rng.IntN(4) {
				fnSafe(p, rng)
			}
			if i < n-1 && rng.IntN(2) == 0 {
				p.ref(later(i), 'l', 0)
			}
			p.h(0x3f01) // SUBS r7, #1
			off := 2*(top-len(p.code)) - 4
			p.h(0xd100 | uint16(off>>1)&0xff) // BNE top
		}
		if rng.IntN(2) == 0 { // a forward conditional branch over some operations
			at := len(p.code)
			p.h(0)
			for range 1 + rng.IntN(3) {
				fnSafe(p, rng)
			}
			off := 2*(len(p.code)-at) - 4
			p.code[at] = 0xd000 | uint16(rng.IntN(14))<<8 | uint16(off>>1)&0xff
		}
		if i < n-1 && rng.IntN(2) == 0 {
			if rng.IntN(3) == 0 {
				p.ref(later(i), 'w', 0)
				p.h(0x4798) // BLX r3
			} else {
				p.ref(later(i), 'l', 0)
			}
		}
		for range rng.IntN(3) {
			fnSafe(p, rng)
		}
		switch k := rng.IntN(4); {
		case k == 0 || i == n-1 && k >= 2:
			p.h(0xbd90) // POP {r4, r7, pc}
		case k == 1:
			p.h(0xe8bd, 0x4090, 0x4770) // POP.W {r4, r7, lr}; BX LR
		case k == 2:
			p.h(0xe8bd, 0x4090)
			p.ref(later(i), 'b', 0) // tail call
		default:
			p.h(0xe8bd, 0x4090)
			p.ref(later(i), 'c', uint16(rng.IntN(14))) // conditional tail call
			p.h(0x4770)
		}
	}
	for _, f := range p.fixes {
		pc := 0x100 + 2*uint32(f.at)
		target := 0x100 + 2*uint32(-f.fn-1)
		if f.fn >= 0 {
			target = starts[f.fn]
		}
		var h1, h2 uint16
		switch f.kind {
		case 'w': // MOVW r3, #target|1
			v := uint16(target | 1)
			h1, h2 = 0xf240|(v>>11&1)<<10|v>>12, (v>>8&7)<<12|3<<8|v&0xff
		case 'c':
			h1, h2 = fnBranch32(pc, target, false, f.cond)
		default:
			h1, h2 = fnBranch32(pc, target, f.kind == 'l', 14)
		}
		p.code[f.at], p.code[f.at+1] = h1, h2
	}
	out := make([]byte, 2*len(p.code))
	for k, hw := range p.code {
		binary.LittleEndian.PutUint16(out[2*k:], hw)
	}
	return out
}

// fnCompare runs code compiled and interpreted from registers and flags
// chosen by rng and compares them at a series of stops.
// With small, the compiled machine's code memory is a few KiB, so that it
// fills and empties while blocks are built.
func fnCompare(t *testing.T, code []byte, rng *rand.Rand, small bool) {
	t.Helper()
	ms := reviewPair(t, code, armJITRegs(rng), uint8(rng.IntN(16)), rng.IntN(4) == 0)
	if small {
		review6bSmallCode(t, ms[0], 4<<10+rng.IntN(12<<10))
	}
	for _, at := range []uint64{1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233, 400, 700, 1000, 2000, 3000, 6000, 10000, 20000} {
		reviewSame(t, ms, at)
	}
}

// TestReview6bRandomFunctionsBreaks runs seeded random programs of
// several functions compiled and interpreted with breakpoints set and
// cleared at random pcs of them, single steps and flushes between stops.
func TestReview6bRandomFunctionsBreaks(t *testing.T) {
	rng := rand.New(rand.NewPCG(6, 3))
	for p := range 60 {
		code := fnProgram(rng, 2+rng.IntN(5))
		ms := reviewPair(t, code, armJITRegs(rng), uint8(rng.IntN(16)), false)
		pcs := make([]uint32, 8)
		for k := range pcs {
			pcs[k] = 0x100 + 2*uint32(rng.IntN(len(code)/2))
		}
		review6bRun(t, ms, pcs, uint64(p), 60, p%2 == 0)
	}
}

// TestReview6bRandomFunctions compares seeded random programs of several
// functions (fnProgram) compiled and interpreted.
func TestReview6bRandomFunctions(t *testing.T) {
	rng := rand.New(rand.NewPCG(6, 2))
	programs := 300
	if testing.Short() {
		programs = 80
	}
	for p := range programs {
		fnCompare(t, fnProgram(rng, 1+rng.IntN(6)), rng, p%5 == 0)
	}
}

// FuzzARMJITFunctions compares random programs of several functions
// (fnProgram, from the seed) compiled and interpreted.
func FuzzARMJITFunctions(f *testing.F) {
	for k := range uint64(4) {
		f.Add(k, uint8(k+2))
	}
	f.Fuzz(func(t *testing.T, seed uint64, n uint8) {
		rng := rand.New(rand.NewPCG(seed, uint64(n)))
		fnCompare(t, fnProgram(rng, 1+int(n%7)), rng, n&8 != 0)
	})
}

// TestReview6bManyFunctions compares random programs of 70 to 100
// functions compiled and interpreted.
func TestReview6bManyFunctions(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 2))
	for range 20 {
		code := fnProgram(rng, 70+rng.IntN(30))
		ms := reviewPair(t, code, armJITRegs(rng), uint8(rng.IntN(16)), false)
		for _, at := range []uint64{100, 1000, 5000, 20000, 50000, 100000} {
			reviewSame(t, ms, at)
		}
	}
}
