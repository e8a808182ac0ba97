package amd64

// Setcc is setcc dst8: 1 if c holds, else 0 (the rest of dst is kept).
func (a *Asm) Setcc(c Cond, dst Reg) {
	a.rex(size8, 0, 0, dst, dst)
	a.emit(0x0f, 0x90+byte(c&15), 0xc0|byte(dst&7))
}

// SetccM is setcc byte [m].
func (a *Asm) SetccM(c Cond, m Mem) { a.opRM(size8, []byte{0x0f, 0x90 + byte(c&15)}, 0, m, false) }

// Cmov32 is cmovcc dst32, src32 (dst's upper half is zeroed either way).
func (a *Asm) Cmov32(c Cond, dst, src Reg) { a.opRR(size32, []byte{0x0f, 0x40 + byte(c&15)}, dst, src) }

// Cmov64 is cmovcc dst, src.
func (a *Asm) Cmov64(c Cond, dst, src Reg) { a.opRR(size64, []byte{0x0f, 0x40 + byte(c&15)}, dst, src) }

// Jcc jumps to l when c holds.
func (a *Asm) Jcc(c Cond, l Label) {
	a.emit(0x0f, 0x80+byte(c&15))
	a.rel32(l)
}

// Jmp jumps to l.
func (a *Asm) Jmp(l Label) {
	a.emit(0xe9)
	a.rel32(l)
}

// JmpR jumps to the address in r.
func (a *Asm) JmpR(r Reg) { a.opRR(size32, []byte{0xff}, 4, r) }

// JmpM jumps to the address stored at [m].
func (a *Asm) JmpM(m Mem) { a.opRM(size32, []byte{0xff}, 4, m, false) }

// Ret returns to the caller.
func (a *Asm) Ret() { a.emit(0xc3) }

// Ud2 is an undefined instruction (a trap: for code that must not run).
func (a *Asm) Ud2() { a.emit(0x0f, 0x0b) }

// Int3 is a breakpoint trap.
func (a *Asm) Int3() { a.emit(0xcc) }

// Align pads with NOPs to a multiple of n bytes (a power of 2).
func (a *Asm) Align(n int) {
	for len(a.buf)&(n-1) != 0 {
		a.emit(0x90)
	}
}

// rel32 appends a 32-bit displacement to label l, resolved by Finish.
func (a *Asm) rel32(l Label) {
	if int(l) >= len(a.labels) || l < 0 {
		a.fail(errUnknownLabel(l))
	}
	a.fixups = append(a.fixups, fixup{pos: int32(len(a.buf)), l: l})
	a.imm32(0)
}
