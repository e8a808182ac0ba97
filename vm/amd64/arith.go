package amd64

// ALURR32 is op dst32, src32 (CMP sets only the flags).
func (a *Asm) ALURR32(op ALU, dst, src Reg) { a.opRR(size32, []byte{byte(op)<<3 | 1}, src, dst) }

// ALURR64 is op dst, src.
func (a *Asm) ALURR64(op ALU, dst, src Reg) { a.opRR(size64, []byte{byte(op)<<3 | 1}, src, dst) }

// ALURI32 is op dst32, imm.
func (a *Asm) ALURI32(op ALU, dst Reg, imm int32) { a.aluRI(size32, op, dst, imm) }

// ALURI64 is op dst, imm (sign-extended).
func (a *Asm) ALURI64(op ALU, dst Reg, imm int32) { a.aluRI(size64, op, dst, imm) }

func (a *Asm) aluRI(sz int, op ALU, dst Reg, imm int32) {
	if isInt8(imm) {
		a.opRR(sz, []byte{0x83}, Reg(op), dst)
		a.emit(byte(int8(imm)))
		return
	}
	a.opRR(sz, []byte{0x81}, Reg(op), dst)
	a.imm32(uint32(imm))
}

// ALURM32 is op dst32, [m].
func (a *Asm) ALURM32(op ALU, dst Reg, m Mem) { a.opRM(size32, []byte{byte(op)<<3 | 3}, dst, m, false) }

// ALURM64 is op dst, [m].
func (a *Asm) ALURM64(op ALU, dst Reg, m Mem) { a.opRM(size64, []byte{byte(op)<<3 | 3}, dst, m, false) }

// ALUMR32 is op [m], src32.
func (a *Asm) ALUMR32(op ALU, m Mem, src Reg) { a.opRM(size32, []byte{byte(op)<<3 | 1}, src, m, false) }

// ALUMR64 is op [m], src.
func (a *Asm) ALUMR64(op ALU, m Mem, src Reg) { a.opRM(size64, []byte{byte(op)<<3 | 1}, src, m, false) }

// ALUMI32 is op dword [m], imm.
func (a *Asm) ALUMI32(op ALU, m Mem, imm int32) { a.aluMI(size32, op, m, imm) }

// ALUMI64 is op qword [m], imm (sign-extended).
func (a *Asm) ALUMI64(op ALU, m Mem, imm int32) { a.aluMI(size64, op, m, imm) }

func (a *Asm) aluMI(sz int, op ALU, m Mem, imm int32) {
	if isInt8(imm) {
		a.opRM(sz, []byte{0x83}, Reg(op), m, false)
		a.emit(byte(int8(imm)))
		return
	}
	a.opRM(sz, []byte{0x81}, Reg(op), m, false)
	a.imm32(uint32(imm))
}

// ALUMI8 is op byte [m], imm.
func (a *Asm) ALUMI8(op ALU, m Mem, imm uint8) {
	a.opRM(size8, []byte{0x80}, Reg(op), m, false)
	a.emit(imm)
}

// ALURR8 is op dst8, src8.
func (a *Asm) ALURR8(op ALU, dst, src Reg) {
	a.rex(size8, src, 0, dst, src, dst)
	a.emit(byte(op) << 3)
	a.emit(0xc0 | byte(src&7)<<3 | byte(dst&7))
}

// TestRR32 is test x32, y32.
func (a *Asm) TestRR32(x, y Reg) { a.opRR(size32, []byte{0x85}, y, x) }

// TestRR64 is test x, y.
func (a *Asm) TestRR64(x, y Reg) { a.opRR(size64, []byte{0x85}, y, x) }

// TestRI32 is test x32, imm.
func (a *Asm) TestRI32(x Reg, imm uint32) {
	a.opRR(size32, []byte{0xf7}, 0, x)
	a.imm32(imm)
}

// TestMI8 is test byte [m], imm.
func (a *Asm) TestMI8(m Mem, imm uint8) {
	a.opRM(size8, []byte{0xf6}, 0, m, false)
	a.emit(imm)
}

// TestMI32 is test dword [m], imm.
func (a *Asm) TestMI32(m Mem, imm uint32) {
	a.opRM(size32, []byte{0xf7}, 0, m, false)
	a.imm32(imm)
}

// ShiftRI32 is op dst32, n (n taken mod 32 by the CPU; 0 changes nothing,
// flags included).
func (a *Asm) ShiftRI32(op Shift, dst Reg, n uint8) {
	a.opRR(size32, []byte{0xc1}, Reg(op), dst)
	a.emit(n)
}

// ShiftRI64 is op dst, n.
func (a *Asm) ShiftRI64(op Shift, dst Reg, n uint8) {
	a.opRR(size64, []byte{0xc1}, Reg(op), dst)
	a.emit(n)
}

// ShiftRCL32 is op dst32, cl.
func (a *Asm) ShiftRCL32(op Shift, dst Reg) { a.opRR(size32, []byte{0xd3}, Reg(op), dst) }

// ShiftRCL64 is op dst, cl.
func (a *Asm) ShiftRCL64(op Shift, dst Reg) { a.opRR(size64, []byte{0xd3}, Reg(op), dst) }

// ImulRR32 is imul dst32, src32 (low 32 bits of the product).
func (a *Asm) ImulRR32(dst, src Reg) { a.opRR(size32, []byte{0x0f, 0xaf}, dst, src) }

// ImulRR64 is imul dst, src.
func (a *Asm) ImulRR64(dst, src Reg) { a.opRR(size64, []byte{0x0f, 0xaf}, dst, src) }

// ImulRRI32 is imul dst32, src32, imm.
func (a *Asm) ImulRRI32(dst, src Reg, imm int32) {
	if isInt8(imm) {
		a.opRR(size32, []byte{0x6b}, dst, src)
		a.emit(byte(int8(imm)))
		return
	}
	a.opRR(size32, []byte{0x69}, dst, src)
	a.imm32(uint32(imm))
}

// MulR32 is mul src32: EDX:EAX = EAX * src, unsigned.
func (a *Asm) MulR32(src Reg) { a.opRR(size32, []byte{0xf7}, 4, src) }

// ImulR32 is imul src32: EDX:EAX = EAX * src, signed.
func (a *Asm) ImulR32(src Reg) { a.opRR(size32, []byte{0xf7}, 5, src) }

// DivR32 is div src32: EAX, EDX = EDX:EAX / src, % src, unsigned (faults on
// 0 or an overflowing quotient: callers rule both out).
func (a *Asm) DivR32(src Reg) { a.opRR(size32, []byte{0xf7}, 6, src) }

// IdivR32 is idiv src32, signed (faults on 0 and on MinInt32 / -1).
func (a *Asm) IdivR32(src Reg) { a.opRR(size32, []byte{0xf7}, 7, src) }

// Cdq sign-extends EAX into EDX.
func (a *Asm) Cdq() { a.emit(0x99) }

// NegR32 is neg dst32.
func (a *Asm) NegR32(dst Reg) { a.opRR(size32, []byte{0xf7}, 3, dst) }

// NotR32 is not dst32.
func (a *Asm) NotR32(dst Reg) { a.opRR(size32, []byte{0xf7}, 2, dst) }

// BsrRR32 is bsr dst32, src32 (dst undefined and ZF set when src is 0).
func (a *Asm) BsrRR32(dst, src Reg) { a.opRR(size32, []byte{0x0f, 0xbd}, dst, src) }

// Bswap32 reverses the bytes of r32.
func (a *Asm) Bswap32(r Reg) {
	a.rex(size32, 0, 0, r)
	a.emit(0x0f, 0xc8+byte(r&7))
}

// BtRI32 is bt r32, n: CF = bit n of r.
func (a *Asm) BtRI32(r Reg, n uint8) {
	a.opRR(size32, []byte{0x0f, 0xba}, 4, r)
	a.emit(n)
}

// BtRR32 is bt x32, y32: CF = bit (y mod 32) of x.
func (a *Asm) BtRR32(x, y Reg) { a.opRR(size32, []byte{0x0f, 0xa3}, y, x) }

// Clc clears CF; Stc sets it; Cmc complements it.
func (a *Asm) Clc() { a.emit(0xf8) }

// Stc sets CF.
func (a *Asm) Stc() { a.emit(0xf9) }

// Cmc complements CF.
func (a *Asm) Cmc() { a.emit(0xf5) }
