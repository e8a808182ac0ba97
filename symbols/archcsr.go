package symbols

import "github.com/rewind-debugger/rewind/symbols/disasm"

// CSRName names RISC-V CSR n as the disassembler writes it ("mcause"; a
// number in hex for one without a name).
func CSRName(n uint16) string { return disasm.CSRName(n) }
