//go:build linux

#include "textflag.h"

// func Call(entry uintptr, ctx unsafe.Pointer)
//
// The frame makes the assembler save and restore RBP around the body;
// R14 (the goroutine) and R15 are kept in it, so that generated code may
// use every register but RSP.
TEXT ·Call(SB), NOSPLIT, $16-16
	MOVQ R14, 0(SP)
	MOVQ R15, 8(SP)
	MOVQ entry+0(FP), AX
	MOVQ ctx+8(FP), DI
	CALL AX
	MOVQ 0(SP), R14
	MOVQ 8(SP), R15
	RET
