package symbols

import "encoding/binary"

// prologueScanLimit is how many bytes of a prologue are analysed.
const prologueScanLimit = 64

// heuristicStep unwinds without CFI by reading the function's prologue:
// the stack adjustment (addi sp,sp,-N; c.addi sp; c.addi16sp) and the
// register saves (sw rX,off(sp); c.swsp) executed before pc. A function
// with no prologue (or an unknown pc) is treated as a leaf: ra holds the
// return address and sp is the CFA.
func (t *Table) heuristicStep(tgt Target, st physRegs, fn *Function) (physRegs, uint32, bool) {
	a := t.arch
	c := t.callerBase(st)
	c.regs[a.ra], c.known[a.ra] = st.regs[a.ra], st.known[a.ra]
	sp := st.regs[a.sp]
	frameSize := int32(0)
	saves := map[int]int32{}
	if fn != nil && !a.prologue.inEpilogueTail(t.ReadImage, st.pc) {
		end := st.pc
		if end > fn.Low+prologueScanLimit {
			end = fn.Low + prologueScanLimit
		}
		frameSize, saves = a.prologue.scan(t.ReadImage, fn.Low, end)
	}
	for reg, off := range saves {
		if reg < 0 || reg >= maxRegs {
			continue
		}
		v, err := readU32(tgt, sp+uint32(off))
		c.regs[reg], c.known[reg] = v, err == nil
	}
	cfa := sp + uint32(frameSize)
	c.regs[a.sp], c.known[a.sp] = cfa, true
	c.pc = a.codeAddr(c.regs[a.ra])
	return c, cfa, c.known[a.ra]
}

// prologueRules are an architecture's rules for the heuristic unwinder.
// read reads code from the ELF image.
type prologueRules interface {
	// scan decodes the prologue [lo, end) and returns the frame size (CFA
	// minus sp at end) and the sp-relative save slot of each saved
	// register (by DWARF number).
	scan(read func(addr uint32, buf []byte) bool, lo, end uint32) (int32, map[int]int32)
	// inEpilogueTail reports whether pc lies after the frame was released
	// and before the return: the function is then in leaf state.
	inEpilogueTail(read func(addr uint32, buf []byte) bool, pc uint32) bool
}

// riscvPrologue reads RV32 prologues.
type riscvPrologue struct{}

// scan decodes [lo, end) and returns the frame size and the sp-relative
// save slot of each saved register.
func (riscvPrologue) scan(read func(uint32, []byte) bool, lo, end uint32) (int32, map[int]int32) {
	saves := map[int]int32{}
	size := int32(0)
	for pc := lo; pc < end; {
		var b [4]byte
		if !read(pc, b[:2]) {
			break
		}
		half := binary.LittleEndian.Uint16(b[:])
		if half&3 != 3 {
			size = scanCompressed(half, size, saves)
			pc += 2
			continue
		}
		if !read(pc, b[:]) {
			break
		}
		size = scanWide(binary.LittleEndian.Uint32(b[:]), size, saves)
		pc += 4
	}
	return size, saves
}

// scanCompressed interprets one 16-bit prologue instruction.
func scanCompressed(in uint16, size int32, saves map[int]int32) int32 {
	op, f3 := in&3, in>>13
	rd := int(in>>7) & 31
	switch {
	case op == 1 && f3 == 0 && rd == RegSP: // c.addi sp, imm
		imm := int32(in>>2&31) | int32(in>>12&1)<<5
		imm = imm << 26 >> 26
		return size - imm
	case op == 1 && f3 == 3 && rd == RegSP: // c.addi16sp
		imm := int32(in>>6&1)<<4 | int32(in>>2&1)<<5 | int32(in>>5&1)<<6 |
			int32(in>>3&3)<<7 | int32(in>>12&1)<<9
		imm = imm << 22 >> 22
		return size - imm
	case op == 2 && f3 == 6: // c.swsp rs2, off(sp)
		off := int32(in>>9&15)<<2 | int32(in>>7&3)<<6
		rs2 := int(in>>2) & 31
		if _, seen := saves[rs2]; !seen {
			saves[rs2] = off
		}
	}
	return size
}

// scanWide interprets one 32-bit prologue instruction.
func scanWide(in uint32, size int32, saves map[int]int32) int32 {
	opcode, f3 := in&0x7f, in>>12&7
	rd, rs1 := int(in>>7&31), int(in>>15&31)
	switch {
	case opcode == 0x13 && f3 == 0 && rd == RegSP && rs1 == RegSP: // addi sp,sp,imm
		return size - int32(in)>>20
	case opcode == 0x23 && f3 == 2 && rs1 == RegSP: // sw rs2, off(sp)
		off := int32(in)>>25<<5 | int32(in>>7&31)
		rs2 := int(in >> 20 & 31)
		if _, seen := saves[rs2]; !seen {
			saves[rs2] = off
		}
	}
	return size
}

// inEpilogueTail reports whether pc sits after an epilogue's stack
// release: scanning forward, a return comes before any change of sp or any
// other control transfer. The frame is then already gone (leaf state).
func (riscvPrologue) inEpilogueTail(read func(uint32, []byte) bool, pc uint32) bool {
	for a := pc; a < pc+prologueScanLimit; {
		var b [4]byte
		if !read(a, b[:2]) {
			return false
		}
		half := binary.LittleEndian.Uint16(b[:])
		if half&3 != 3 {
			switch {
			case half == 0x8082: // c.jr ra (ret)
				return true
			case half&0xe003 == 0x0001 && half>>7&31 == RegSP, // c.addi sp
				half&0xe003 == 0x6001 && half>>7&31 == RegSP, // c.addi16sp
				half&0xe003 == 0xa001, half&0xc003 == 0xc001, // c.j, c.beqz/c.bnez
				half&0xe003 == 0x2001,                        // c.jal
				half&0xf07f == 0x8002, half&0xf07f == 0x9002: // c.jr, c.jalr
				return false
			}
			a += 2
			continue
		}
		if !read(a, b[:]) {
			return false
		}
		in := binary.LittleEndian.Uint32(b[:])
		switch op := in & 0x7f; {
		case in == 0x00008067: // jalr x0, 0(ra)
			return true
		case op == 0x63 || op == 0x6f || op == 0x67: // branch, jal, jalr
			return false
		case op == 0x13 && in>>7&31 == RegSP: // writes sp
			return false
		}
		a += 4
	}
	return false
}
