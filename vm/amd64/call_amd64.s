//go:build linux

#include "textflag.h"

// func Call(entry uintptr, ctx unsafe.Pointer)
TEXT ·Call(SB), NOSPLIT, $0-16
	MOVQ entry+0(FP), AX
	MOVQ ctx+8(FP), DI
	CALL AX
	RET
