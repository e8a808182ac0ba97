package vm

import (
	"math/rand/v2"
	"testing"

	"github.com/rewind-debugger/rewind/vm/amd64"
)

// rvjitEdges are the register and immediate values random blocks use.
var rvjitEdges = []uint32{
	0, 1, 2, 31, 32, 33, 0xffff_ffff, 0xffff_fffe, 0x8000_0000, 0x7fff_ffff,
	0x8000_0001, 0xffff, 0x1_0000, 0x5555_5555, 0xaaaa_aaaa, 0xfff, 0x1000, 7,
}

// rvjitBases are the addresses random loads and stores use as bases (x20
// to x25): RAM data, a page end (accesses crossing it), RAM's end, the
// code page (stores leave the block: its fast view is read-only), a device (the UART) and no memory.
var rvjitBases = []uint32{
	ramBase + 0x10000, ramBase + 0x10ffe, ramBase + 0x1fffe, ramBase + 0x7c0,
	uartBase, 0x4000_0000,
}

// rvjitRAM is the RAM of the random-block machines: 128 KiB.
const rvjitRAM = 1 << 17

// rvjitProgram builds a program from the bytes of body: registers x1-x15
// set to edge values picked by seed, x20-x25 to the bases (the RAM pages
// around them stored to), then a loop
// (run 20 times, so its blocks are compiled and chained) of one random
// operation per 4 bytes of body (ALU, multiply and divide, loads and
// stores, with edge immediates, and forward branches), then the exit. A
// trap handler skips any instruction that faults.
func rvjitProgram(seed uint64, body []byte) []uint32 {
	r := rand.New(rand.NewPCG(seed, 3))
	edge := func() uint32 { return rvjitEdges[r.IntN(len(rvjitEdges))] + uint32(r.IntN(3)) - 1 }
	handler := prog(csrrs(28, 0x341, 0), addi(28, 28, 4), csrrw(0, 0x341, 28), 0x30200073)
	p := prog(jal(0, int32(4+4*len(handler))), handler, li(28, ramBase+4), csrrw(0, 0x305, 28))
	for rd := uint32(1); rd <= 15; rd++ {
		p = append(p, li(rd, edge())...)
	}
	for i, b := range rvjitBases {
		p = append(p, li(20+uint32(i), b)...)
	}
	// Touch the data pages, so that their fast views exist.
	p = append(p, prog(sw(1, 20, 0), sw(2, 21, -8), sw(3, 21, 2), sw(4, 22, -4), li(26, 20))...)
	loop := len(p)
	for i := 0; i+4 <= len(body) && i < 4*48; i += 4 {
		p = append(p, rvjitRandomOp(body[i:i+4], edge())...)
	}
	p = append(p, addi(26, 26, -1), bne(26, 0, int32(4*(loop-len(p)-1))))
	return append(p, exitProg()...)
}

// rvjitRandomOp is one random operation (or two: a forward branch over the
// next) from 4 bytes: kind, destination, sources. Destinations are x1-x15
// (x0 sometimes: a discarded result).
func rvjitRandomOp(b []byte, imm uint32) []uint32 {
	rd, rs1, rs2 := uint32(b[1]%16), uint32(b[2]%16), uint32(b[3]%16)
	base := 20 + uint32(b[2])%uint32(len(rvjitBases))
	off := []int32{0, 1, 2, 3, -1, -4, 4, 0x7ff, -0x800}[b[3]%9]
	i12 := int32(imm<<20) >> 20
	ops := []func() uint32{
		func() uint32 { return addi(rd, rs1, i12) },
		func() uint32 { return slti(rd, rs1, i12) },
		func() uint32 { return sltiu(rd, rs1, i12) },
		func() uint32 { return xori(rd, rs1, i12) },
		func() uint32 { return ori(rd, rs1, i12) },
		func() uint32 { return andi(rd, rs1, i12) },
		func() uint32 { return slli(rd, rs1, imm&31) },
		func() uint32 { return srli(rd, rs1, imm&31) },
		func() uint32 { return srai(rd, rs1, imm&31) },
		func() uint32 { return lui(rd, imm) },
		func() uint32 { return auipc(rd, imm) },
		func() uint32 { return add(rd, rs1, rs2) },
		func() uint32 { return sub(rd, rs1, rs2) },
		func() uint32 { return sll(rd, rs1, rs2) },
		func() uint32 { return slt(rd, rs1, rs2) },
		func() uint32 { return sltu(rd, rs1, rs2) },
		func() uint32 { return xor(rd, rs1, rs2) },
		func() uint32 { return srl(rd, rs1, rs2) },
		func() uint32 { return sra(rd, rs1, rs2) },
		func() uint32 { return or(rd, rs1, rs2) },
		func() uint32 { return and(rd, rs1, rs2) },
		func() uint32 { return mul(rd, rs1, rs2) },
		func() uint32 { return mulh(rd, rs1, rs2) },
		func() uint32 { return mulhsu(rd, rs1, rs2) },
		func() uint32 { return mulhu(rd, rs1, rs2) },
		func() uint32 { return div_(rd, rs1, rs2) },
		func() uint32 { return divu(rd, rs1, rs2) },
		func() uint32 { return rem_(rd, rs1, rs2) },
		func() uint32 { return remu(rd, rs1, rs2) },
		func() uint32 { return lb(rd, base, off) },
		func() uint32 { return lh(rd, base, off) },
		func() uint32 { return lw(rd, base, off) },
		func() uint32 { return lbu(rd, base, off) },
		func() uint32 { return lhu(rd, base, off) },
		func() uint32 { return sb(rs1, base, off) },
		func() uint32 { return sh(rs1, base, off) },
		func() uint32 { return sw(rs1, base, off) },
		func() uint32 { return lw(base, base, off) }, // pointer chasing: the base changes
		func() uint32 { return lbu(base, base, off) },
	}
	if int(b[0]) >= len(ops) && b[0]%8 == 0 { // a branch over the next instruction
		br := []func(rs1, rs2 uint32, imm int32) uint32{beq, bne, blt, bge, bltu, bgeu}[b[0]%6]
		return prog(br(rs1, rs2, 8), addi(rd, rd, 1))
	}
	return prog(ops[int(b[0])%len(ops)]())
}

// checkRandomBlock runs the program of seed and body with compiled and
// interpreted blocks, to random limits, comparing at every stop, and
// returns how many blocks it compiled.
func checkRandomBlock(t *testing.T, seed uint64, body []byte) int {
	code := rvjitProgram(seed, body)
	p := newJITPair(t, func(noJIT bool) *Machine {
		return newTestMachine(t, Config{RAMSize: rvjitRAM, NoJIT: noJIT}, code)
	})
	r := rand.New(rand.NewPCG(seed, 5))
	for range 400 {
		d := 1 + r.Uint64N(12) // mostly within a block, but some blocks fit
		if k := r.IntN(10); k == 0 {
			d = 1 + r.Uint64N(2000)
		} else if k < 5 {
			d = 1 + r.Uint64N(150)
		}
		a, b := p.blk.Run(p.blk.Time()+d), p.f.Run(p.f.Time()+d)
		if a != b || !sameCore(p.blk, p.f) {
			t.Fatalf("seed %d body %x: stop %+v compiled, %+v interpreted, or registers differ:\n%v\n%v",
				seed, body, a, b, p.blk.Hart(0).x[:32], p.f.Hart(0).x[:32])
		}
		if a.Reason != StopLimit {
			break
		}
	}
	p.full("random block")
	return compiledBlocks(p.blk)
}

// TestRVJITRandomBlocks checks compiled blocks against the interpreter on
// random programs of edge values.
func TestRVJITRandomBlocks(t *testing.T) {
	r := rand.New(rand.NewPCG(17, 19))
	compiled := 0
	for i := range 150 {
		body := make([]byte, 4*(1+r.IntN(40)))
		for k := range body {
			body[k] = byte(r.Uint32())
		}
		compiled += checkRandomBlock(t, uint64(i), body)
	}
	if amd64.Supported && compiled < 300 {
		t.Errorf("%d blocks compiled over 150 programs: the test hardly runs compiled code", compiled)
	}
}

// FuzzRVJITBlocks is TestRVJITRandomBlocks as a fuzz target
// (go test -fuzz FuzzRVJITBlocks ./vm).
func FuzzRVJITBlocks(f *testing.F) {
	f.Add(uint64(1), []byte{25, 1, 2, 3, 27, 4, 5, 6, 31, 7, 0, 1, 36, 2, 3, 4})
	f.Add(uint64(2), []byte{40, 1, 2, 3, 0, 1, 1, 1, 21, 3, 4, 5, 22, 6, 7, 8, 23, 1, 2, 3})
	f.Fuzz(func(t *testing.T, seed uint64, body []byte) {
		checkRandomBlock(t, seed, body)
	})
}

// TestRVJITAccessesNextToEachOther runs pairs of loads and stores on one
// base register whose second access lies in the first's page, at its end
// or across it (where compiled code must not reuse the first's page), over
// pages of distinct bytes, with compiled and interpreted blocks.
func TestRVJITAccessesNextToEachOther(t *testing.T) {
	const base = ramBase + 0x10ff8
	var body []uint32
	offs := []int32{-4, 0, 1, 2, 3, 4, 6} // 49 pairs: the loop fits a branch
	for _, o1 := range offs {
		for _, o2 := range offs {
			body = append(body, lw(6, 21, o1), lw(7, 21, o2), lh(9, 21, o2), lhu(10, 21, o2),
				xor(8, 8, 6), xor(8, 8, 7), add(8, 8, 9), add(8, 8, 10),
				sw(8, 21, o1), sh(8, 21, o2), sw(8, 21, o2), sb(6, 21, o2), slli(8, 8, 1))
		}
	}
	code := prog(li(21, base), li(26, 8), body, addi(26, 26, -1), bne(26, 0, int32(-4*(len(body)+1))), exitProg())
	p := newJITPair(t, func(noJIT bool) *Machine {
		m := newTestMachine(t, Config{RAMSize: rvjitRAM, NoJIT: noJIT}, code)
		data := make([]byte, 2*pageSize)
		for i := range data {
			data[i] = byte(i*7 + 1)
		}
		if err := m.WriteMemory(ramBase+0x10000, data); err != nil {
			t.Fatal(err)
		}
		return m
	})
	for p.blk.Run(p.blk.Time()+997).Reason == StopLimit {
		p.f.Run(p.f.Time() + 997)
		if !sameCore(p.blk, p.f) {
			t.Fatalf("registers differ at %d", p.blk.Time())
		}
	}
	p.f.Run(p.blk.Time())
	p.full("pairs")
	if amd64.Supported && compiledBlocks(p.blk) == 0 {
		t.Error("nothing compiled")
	}
}
