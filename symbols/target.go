package symbols

import (
	"strconv"
	"sync"

	"github.com/rewind-debugger/rewind/symbols/disasm"
)

// Target gives access to the debugged machine's memory and registers.
// Registers are named by their DWARF numbers in the table's Arch: RISC-V
// x0–x31; ARM r0–r15 (13 sp, 14 lr, 15 pc) and, with an FPU, s0–s31 as
// 64–95 (a target without an FPU returns 0 for those). A Cortex-M target
// should also implement SystemRegisters ("msp", "psp") so that exception
// frames on the process stack unwind.
type Target interface {
	ReadMemory(addr uint32, buf []byte) error
	WriteMemory(addr uint32, buf []byte) error
	// Register returns the register with DWARF number n.
	Register(n int) uint32
	PC() uint32
	// CSR returns a RISC-V control and status register, ok=false if
	// unknown (never asked on other architectures).
	CSR(n uint16) (uint32, bool)
	// SetRegister writes the register with DWARF number n.
	SetRegister(n int, v uint32) error
}

// Register numbers of the RISC-V integer ABI.
const (
	RegZero = 0
	RegRA   = 1
	RegSP   = 2
	RegGP   = 3
	RegTP   = 4
	RegS0   = 8
	RegS1   = 9
	RegA0   = 10
)

// abiNames are the ABI names of x0..x31.
var abiNames = [32]string{"zero", "ra", "sp", "gp", "tp", "t0", "t1", "t2",
	"s0", "s1", "a0", "a1", "a2", "a3", "a4", "a5", "a6", "a7",
	"s2", "s3", "s4", "s5", "s6", "s7", "s8", "s9", "s10", "s11",
	"t3", "t4", "t5", "t6"}

// RegisterName returns the ABI name of RISC-V xN ("" if out of range);
// Arch.RegisterName answers for the table's architecture.
func RegisterName(n int) string {
	if n < 0 || n >= len(abiNames) {
		return ""
	}
	return abiNames[n]
}

// RegisterNumber resolves RISC-V "a0", "x10", "fp" or "s0" to 10 etc.;
// Arch.RegisterNumber answers for the table's architecture.
func RegisterNumber(name string) (int, bool) {
	if name == "fp" {
		return RegS0, true
	}
	for i, n := range abiNames {
		if n == name {
			return i, true
		}
	}
	if len(name) >= 2 && name[0] == 'x' {
		n, err := strconv.Atoi(name[1:])
		if err == nil && n >= 0 && n < 32 && strconv.Itoa(n) == name[1:] {
			return n, true
		}
	}
	return 0, false
}

// calleeSaved reports whether the ABI preserves xN across calls.
func calleeSaved(n int) bool {
	return n == RegSP || n == RegS0 || n == RegS1 || (n >= 18 && n <= 27) ||
		n == RegGP || n == RegTP
}

// csrRange is a run of consecutive CSR numbers.
type csrRange struct{ first, last uint16 }

// implementedCSRs are the CSRs the emulated CPU implements (vm/csr.go's
// readCSR): the debugger offers exactly these. Their names are the
// disassembler's, so registers and disassembly spell a CSR alike.
var implementedCSRs = []csrRange{
	{0x300, 0x301}, // mstatus, misa
	{0x304, 0x305}, // mie, mtvec
	{0x310, 0x310}, // mstatush
	{0x320, 0x320}, // mcountinhibit
	{0x323, 0x33f}, // mhpmevent3-31
	{0x340, 0x344}, // mscratch, mepc, mcause, mtval, mip
	{0x3a0, 0x3a3}, // pmpcfg0-3
	{0x3b0, 0x3bf}, // pmpaddr0-15
	{0x7a0, 0x7a3}, // tselect, tdata1-3
	{0xb00, 0xb00}, // mcycle
	{0xb02, 0xb1f}, // minstret, mhpmcounter3-31
	{0xb80, 0xb80}, // mcycleh
	{0xb82, 0xb9f}, // minstreth, mhpmcounter3h-31h
	{0xc00, 0xc1f}, // cycle, time, instret, hpmcounter3-31
	{0xc80, 0xc9f}, // cycleh, timeh, instreth, hpmcounter3h-31h
	{0xf11, 0xf15}, // mvendorid, marchid, mimpid, mhartid, mconfigptr
}

// csrNumbers maps the names of the implemented CSRs to their numbers,
// built once.
var csrNumbers = sync.OnceValue(func() map[string]uint16 {
	m := map[string]uint16{}
	for _, r := range implementedCSRs {
		for n := r.first; n <= r.last; n++ {
			m[disasm.CSRName(n)] = n
		}
	}
	return m
})

// CSRNumber resolves the name of a CSR the CPU implements ("mcause") to
// its number.
func CSRNumber(name string) (uint16, bool) {
	n, ok := csrNumbers()[name]
	return n, ok
}

// CSRs lists the numbers of the CSRs the CPU implements, in order.
func CSRs() []uint16 {
	var out []uint16
	for _, r := range implementedCSRs {
		for n := r.first; n <= r.last; n++ {
			out = append(out, n)
		}
	}
	return out
}
