package disasm

import (
	"strings"

	"golang.org/x/arch/riscv64/riscv64asm"
)

// opName is the lower-case mnemonic of op ("amoadd.w.aq").
func opName(op riscv64asm.Op) string { return strings.ToLower(op.String()) }
