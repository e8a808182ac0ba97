package vm

// A tiny RV32 encoder for tests: every helper returns one instruction word.

func encR(f7, rs2, rs1, f3, rd, op uint32) uint32 {
	return f7<<25 | rs2<<20 | rs1<<15 | f3<<12 | rd<<7 | op
}

func encI(imm int32, rs1, f3, rd, op uint32) uint32 {
	return uint32(imm)<<20 | rs1<<15 | f3<<12 | rd<<7 | op
}

func encS(imm int32, rs2, rs1, f3, op uint32) uint32 {
	u := uint32(imm)
	return (u>>5&0x7f)<<25 | rs2<<20 | rs1<<15 | f3<<12 | (u&31)<<7 | op
}

func encB(imm int32, rs2, rs1, f3 uint32) uint32 {
	u := uint32(imm)
	return (u>>12&1)<<31 | (u>>5&0x3f)<<25 | rs2<<20 | rs1<<15 | f3<<12 | (u>>1&0xf)<<8 | (u>>11&1)<<7 | 0x63
}

func encJ(imm int32, rd uint32) uint32 {
	u := uint32(imm)
	return (u>>20&1)<<31 | (u>>1&0x3ff)<<21 | (u>>11&1)<<20 | (u>>12&0xff)<<12 | rd<<7 | 0x6f
}

func lui(rd uint32, imm uint32) uint32      { return imm&0xfffff000 | rd<<7 | 0x37 }
func auipc(rd uint32, imm uint32) uint32    { return imm&0xfffff000 | rd<<7 | 0x17 }
func addi(rd, rs1 uint32, imm int32) uint32 { return encI(imm, rs1, 0, rd, 0x13) }
func opImm(f3 uint32) func(rd, rs1 uint32, imm int32) uint32 {
	return func(rd, rs1 uint32, imm int32) uint32 { return encI(imm, rs1, f3, rd, 0x13) }
}
func op(f7, f3 uint32) func(rd, rs1, rs2 uint32) uint32 {
	return func(rd, rs1, rs2 uint32) uint32 { return encR(f7, rs2, rs1, f3, rd, 0x33) }
}
func load(f3 uint32) func(rd, rs1 uint32, imm int32) uint32 {
	return func(rd, rs1 uint32, imm int32) uint32 { return encI(imm, rs1, f3, rd, 0x03) }
}
func store(f3 uint32) func(rs2, rs1 uint32, imm int32) uint32 {
	return func(rs2, rs1 uint32, imm int32) uint32 { return encS(imm, rs2, rs1, f3, 0x23) }
}
func branch(f3 uint32) func(rs1, rs2 uint32, imm int32) uint32 {
	return func(rs1, rs2 uint32, imm int32) uint32 { return encB(imm, rs2, rs1, f3) }
}
func jal(rd uint32, imm int32) uint32       { return encJ(imm, rd) }
func jalr(rd, rs1 uint32, imm int32) uint32 { return encI(imm, rs1, 0, rd, 0x67) }
func csr(f3 uint32) func(rd, csr, rs1 uint32) uint32 {
	return func(rd, c, rs1 uint32) uint32 { return c<<20 | rs1<<15 | f3<<12 | rd<<7 | 0x73 }
}
func amoOp(f5 uint32) func(rd, rs1, rs2 uint32) uint32 {
	return func(rd, rs1, rs2 uint32) uint32 { return encR(f5<<2, rs2, rs1, 2, rd, 0x2f) }
}

var (
	slti, sltiu, xori, ori, andi = opImm(2), opImm(3), opImm(4), opImm(6), opImm(7)
	add, sub, sll, slt, sltu     = op(0, 0), op(0x20, 0), op(0, 1), op(0, 2), op(0, 3)
	xor, srl, sra, or, and       = op(0, 4), op(0, 5), op(0x20, 5), op(0, 6), op(0, 7)
	mul, mulh, mulhsu, mulhu     = op(1, 0), op(1, 1), op(1, 2), op(1, 3)
	div_, divu, rem_, remu       = op(1, 4), op(1, 5), op(1, 6), op(1, 7)
	lb, lh, lw, lbu, lhu         = load(0), load(1), load(2), load(4), load(5)
	sb, sh, sw                   = store(0), store(1), store(2)
	beq, bne, blt, bge           = branch(0), branch(1), branch(4), branch(5)
	bltu, bgeu                   = branch(6), branch(7)
	csrrw, csrrs                 = csr(1), csr(2)
	csrrwi, csrrsi, csrrci       = csr(5), csr(6), csr(7)
	lrw                          = func(rd, rs1 uint32) uint32 { return encR(0x02<<2, 0, rs1, 2, rd, 0x2f) }
	scw, amoswap, amoadd         = amoOp(0x03), amoOp(0x01), amoOp(0x00)
)

func slli(rd, rs1, sh uint32) uint32 { return encI(int32(sh), rs1, 1, rd, 0x13) }
func srli(rd, rs1, sh uint32) uint32 { return encI(int32(sh), rs1, 5, rd, 0x13) }
func srai(rd, rs1, sh uint32) uint32 { return encI(int32(sh|0x400), rs1, 5, rd, 0x13) }

const (
	ecall  = 0x00000073
	ebreak = 0x00100073
	mret   = 0x30200073
	wfi    = 0x10500073
	fence  = 0x0ff0000f
	fencei = 0x0000100f
	nop    = 0x00000013
)

// li loads a 32-bit constant with lui+addi (always two words).
func li(rd uint32, v uint32) []uint32 {
	hi := (v + 0x800) & 0xfffff000
	return []uint32{lui(rd, hi), addi(rd, rd, int32(v-hi))}
}

// prog flattens words and word lists into one program.
func prog(parts ...any) []uint32 {
	var out []uint32
	for _, p := range parts {
		switch v := p.(type) {
		case uint32:
			out = append(out, v)
		case []uint32:
			out = append(out, v...)
		case int:
			out = append(out, uint32(v))
		}
	}
	return out
}

// exitProg ends a program by writing 0x5555 to the test device (uses x31).
func exitProg() []uint32 {
	return prog(li(31, 0x00100000), li(30, 0x5555), sw(30, 31, 0))
}
