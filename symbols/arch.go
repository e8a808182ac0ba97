package symbols

import (
	"debug/elf"
	"fmt"
	"strconv"
)

// maxRegs bounds the DWARF register numbers the unwinder tracks: RISC-V
// x0–x31, ARM r0–r15 and s0–s31 (64–95).
const maxRegs = 96

// Arch describes the processor architecture of an ELF file as the symbol
// table needs it: register names and DWARF numbers, the stack-pointer and
// return-address registers, which registers a call preserves, the
// prologue rules of the heuristic unwinder, how code addresses are
// written (the Thumb bit) and how exception frames are unwound. A Table
// gets its Arch from the ELF header's e_machine (Table.Arch).
type Arch struct {
	name    string
	machine elf.Machine
	// regs are the DWARF numbers and names of the registers, in display order.
	regs []archReg
	// aliases are extra names accepted by RegisterNumber ("fp", "ip").
	aliases map[string]int
	// sp, ra and pc are DWARF numbers; pc is -1 when the pc has none.
	sp, ra, pc int
	// zero is a register hardwired to 0 (-1: none).
	zero int
	// saved reports whether a call preserves a register.
	saved func(n int) bool
	// numbered accepts "x5"-style names (RISC-V) or "r5" (ARM).
	numbered numberedNames
	// codeAddr turns a return address or a function symbol's value into
	// the address of code (clears the Thumb bit).
	codeAddr func(v uint32) uint32
	prologue prologueRules
	// exceptions unwinds through hardware exception entry (nil: none).
	exceptions exceptionUnwinder
	isa        InstructionSet
	// csrs: the Target's CSR method answers (RISC-V).
	csrs bool
	// unspecifiedSame: a register the CFI row has no rule for keeps its
	// value in the caller, as gdb assumes on ARM; otherwise only the
	// callee-saved registers do.
	unspecifiedSame bool
	// wide maps a 64-bit register to the first of its two 32-bit halves.
	wide func(n int) (int, bool)
}

// archReg is one register: DWARF number and name.
type archReg struct {
	num  int
	name string
}

// numberedNames describes names like "x5" (prefix "x", 32 registers).
type numberedNames struct {
	prefix string
	count  int
}

// archFor picks the Arch of an ELF file.
func archFor(f *elf.File) (*Arch, error) {
	if f.Class != elf.ELFCLASS32 || f.Data != elf.ELFDATA2LSB {
		return nil, fmt.Errorf("not a little-endian ELF32 file (class %v, data %v)", f.Class, f.Data)
	}
	switch f.Machine {
	case elf.EM_RISCV:
		return RISCV32(), nil
	case elf.EM_ARM:
		return ARMv7M(), nil
	}
	return nil, fmt.Errorf("unsupported machine %v (RISC-V and ARM are supported)", f.Machine)
}

// Name is the architecture's name ("riscv32", "armv7-m").
func (a *Arch) Name() string { return a.name }

// Machine is the ELF e_machine value of the architecture.
func (a *Arch) Machine() elf.Machine { return a.machine }

// SP is the DWARF number of the stack pointer.
func (a *Arch) SP() int { return a.sp }

// ReturnAddress is the DWARF number of the register holding the return
// address at a call (ra, lr).
func (a *Arch) ReturnAddress() int { return a.ra }

// PC is the DWARF number of the pc, -1 when it has none (RISC-V).
func (a *Arch) PC() int { return a.pc }

// CalleeSaved reports whether the calling convention preserves register n.
func (a *Arch) CalleeSaved(n int) bool { return a.saved(n) }

// CodeAddress turns a function pointer, a symbol value or a return
// address into the address of the code: on ARM it clears the Thumb bit
// (EXC_RETURN values are kept as they are).
func (a *Arch) CodeAddress(v uint32) uint32 { return a.codeAddr(v) }

// IsExceptionReturn reports whether a return address or pc value marks a
// return from a hardware exception rather than code (Cortex-M EXC_RETURN,
// 0xFFFFFFxx); always false on RISC-V, where traps return through mret.
func (a *Arch) IsExceptionReturn(v uint32) bool {
	return a.exceptions != nil && a.exceptions.isReturn(v)
}

// InstructionSet decodes and classifies the architecture's instructions.
func (a *Arch) InstructionSet() InstructionSet { return a.isa }

// Registers lists the DWARF numbers of the registers in display order
// (RISC-V x1–x31; ARM r0–r15, then s0–s31).
func (a *Arch) Registers() []int {
	out := make([]int, 0, len(a.regs))
	for _, r := range a.regs {
		out = append(out, r.num)
	}
	return out
}

// RegisterName names DWARF register n the way gdb does ("" if unknown).
func (a *Arch) RegisterName(n int) string {
	for _, r := range a.regs {
		if r.num == n {
			return r.name
		}
	}
	return ""
}

// RegisterNumber resolves a register name ("sp", "a0", "x10", "r7", "s3")
// to its DWARF number.
func (a *Arch) RegisterNumber(name string) (int, bool) {
	for _, r := range a.regs {
		if r.name == name {
			return r.num, true
		}
	}
	if n, ok := a.aliases[name]; ok {
		return n, true
	}
	p := a.numbered.prefix
	if len(name) > len(p) && name[:len(p)] == p {
		n, err := strconv.Atoi(name[len(p):])
		if err == nil && n >= 0 && n < a.numbered.count && strconv.Itoa(n) == name[len(p):] {
			return n, true
		}
	}
	return 0, false
}

// parts lists the 32-bit registers holding DWARF register n, low word
// first: n itself, or for a 64-bit register (ARM d0–d15) its two halves.
func (a *Arch) parts(n int) []int {
	if a.wide != nil {
		if lo, ok := a.wide(n); ok {
			return []int{lo, lo + 1}
		}
	}
	return []int{n}
}

// riscv32Arch is the architecture of tables and frames built without an
// ELF (tests, hand-made frames). It is never modified.
var riscv32Arch = RISCV32()

// arch is the frame's architecture.
func (f *Frame) arch() *Arch {
	if f.table == nil || f.table.arch == nil {
		return riscv32Arch
	}
	return f.table.arch
}

// Arch is the architecture of the frame's code (RISC-V for a frame made
// without a table).
func (f *Frame) Arch() *Arch { return f.arch() }
