package amd64

// Moves. The 32-bit forms zero the upper half of a destination register.

// MovRR32 is mov dst32, src32.
func (a *Asm) MovRR32(dst, src Reg) { a.opRR(size32, []byte{0x89}, src, dst) }

// MovRR64 is mov dst, src.
func (a *Asm) MovRR64(dst, src Reg) { a.opRR(size64, []byte{0x89}, src, dst) }

// MovRI32 is mov dst32, imm (flags unchanged).
func (a *Asm) MovRI32(dst Reg, imm uint32) {
	a.rex(size32, 0, 0, dst)
	a.emit(0xb8 + byte(dst&7))
	a.imm32(imm)
}

// MovRI64 is mov dst, imm in the shortest form.
func (a *Asm) MovRI64(dst Reg, imm uint64) {
	switch {
	case imm <= 0xffffffff:
		a.MovRI32(dst, uint32(imm))
	case int64(imm) == int64(int32(imm)):
		a.opRR(size64, []byte{0xc7}, 0, dst)
		a.imm32(uint32(imm))
	default:
		a.rex(size64, 0, 0, dst)
		a.emit(0xb8 + byte(dst&7))
		a.imm32(uint32(imm))
		a.imm32(uint32(imm >> 32))
	}
}

// MovRM32 loads 32 bits: mov dst32, [m].
func (a *Asm) MovRM32(dst Reg, m Mem) { a.opRM(size32, []byte{0x8b}, dst, m, false) }

// MovRM64 loads 64 bits: mov dst, [m].
func (a *Asm) MovRM64(dst Reg, m Mem) { a.opRM(size64, []byte{0x8b}, dst, m, false) }

// MovMR32 stores 32 bits: mov [m], src32.
func (a *Asm) MovMR32(m Mem, src Reg) { a.opRM(size32, []byte{0x89}, src, m, false) }

// MovMR64 stores 64 bits: mov [m], src.
func (a *Asm) MovMR64(m Mem, src Reg) { a.opRM(size64, []byte{0x89}, src, m, false) }

// MovMR16 stores 16 bits: mov [m], src16.
func (a *Asm) MovMR16(m Mem, src Reg) { a.opRM(size16, []byte{0x89}, src, m, false) }

// MovMR8 stores 8 bits: mov [m], src8.
func (a *Asm) MovMR8(m Mem, src Reg) { a.opRM(size8, []byte{0x88}, src, m, true) }

// MovMI32 stores a 32-bit immediate: mov dword [m], imm.
func (a *Asm) MovMI32(m Mem, imm uint32) {
	a.opRM(size32, []byte{0xc7}, 0, m, false)
	a.imm32(imm)
}

// MovMI64 stores a sign-extended 32-bit immediate: mov qword [m], imm.
func (a *Asm) MovMI64(m Mem, imm int32) {
	a.opRM(size64, []byte{0xc7}, 0, m, false)
	a.imm32(uint32(imm))
}

// MovMI8 stores a byte: mov byte [m], imm.
func (a *Asm) MovMI8(m Mem, imm uint8) {
	a.opRM(size8, []byte{0xc6}, 0, m, false)
	a.emit(imm)
}

// MovzxRM8 loads a byte zero-extended: movzx dst32, byte [m].
func (a *Asm) MovzxRM8(dst Reg, m Mem) { a.opRM(size32, []byte{0x0f, 0xb6}, dst, m, false) }

// MovsxRM8 loads a byte sign-extended: movsx dst32, byte [m].
func (a *Asm) MovsxRM8(dst Reg, m Mem) { a.opRM(size32, []byte{0x0f, 0xbe}, dst, m, false) }

// MovzxRM16 loads a halfword zero-extended: movzx dst32, word [m].
func (a *Asm) MovzxRM16(dst Reg, m Mem) { a.opRM(size32, []byte{0x0f, 0xb7}, dst, m, false) }

// MovsxRM16 loads a halfword sign-extended: movsx dst32, word [m].
func (a *Asm) MovsxRM16(dst Reg, m Mem) { a.opRM(size32, []byte{0x0f, 0xbf}, dst, m, false) }

// MovzxRR8 is movzx dst32, src8.
func (a *Asm) MovzxRR8(dst, src Reg) { a.opRRByteSrc([]byte{0x0f, 0xb6}, dst, src) }

// MovsxRR8 is movsx dst32, src8.
func (a *Asm) MovsxRR8(dst, src Reg) { a.opRRByteSrc([]byte{0x0f, 0xbe}, dst, src) }

// MovzxRR16 is movzx dst32, src16.
func (a *Asm) MovzxRR16(dst, src Reg) { a.opRR(size32, []byte{0x0f, 0xb7}, dst, src) }

// MovsxRR16 is movsx dst32, src16.
func (a *Asm) MovsxRR16(dst, src Reg) { a.opRR(size32, []byte{0x0f, 0xbf}, dst, src) }

// MovsxdRR is movsxd dst, src32 (sign-extends to 64 bits).
func (a *Asm) MovsxdRR(dst, src Reg) { a.opRR(size64, []byte{0x63}, dst, src) }

// opRRByteSrc is opRR for a 32-bit destination (reg field) and an 8-bit
// source (rm field), which needs a REX for SPL-DIL.
func (a *Asm) opRRByteSrc(op []byte, dst, src Reg) {
	a.rex(size8, dst, 0, src, src)
	a.emit(op...)
	a.emit(0xc0 | byte(dst&7)<<3 | byte(src&7))
}

// Lea32 is lea dst32, [m] (32-bit result, no flags).
func (a *Asm) Lea32(dst Reg, m Mem) { a.opRM(size32, []byte{0x8d}, dst, m, false) }

// Lea64 is lea dst, [m].
func (a *Asm) Lea64(dst Reg, m Mem) { a.opRM(size64, []byte{0x8d}, dst, m, false) }
