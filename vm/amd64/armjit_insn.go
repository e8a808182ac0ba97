package amd64

import "fmt"

// Additions for the Thumb block compiler (vm/armjit*.go).

// JmpAbs is jmp rel32 to the absolute address target, for code that
// will be placed at address at (Code.Next), so that compiled blocks jump
// straight to each other. It fails when target is out of rel32 reach.
func (a *Asm) JmpAbs(target, at uintptr) {
	end := int64(at) + int64(len(a.buf)) + 5
	rel := int64(target) - end
	if rel != int64(int32(rel)) {
		a.fail(errFar(target, at))
		return
	}
	a.emit(0xe9)
	a.imm32(uint32(int32(rel)))
}

// Next is the address the next Place puts a function at, 0 when c has no
// room left.
func (c *Code) Next() uintptr {
	at := (c.used + codeAlign - 1) &^ (codeAlign - 1)
	if at >= len(c.mem) {
		return 0
	}
	return addrOf(c.mem, at)
}

// errFar reports a jump target out of rel32 reach of code placed at at.
func errFar(target, at uintptr) error {
	return fmt.Errorf("amd64: jump to %#x out of reach of code at %#x", target, at)
}
