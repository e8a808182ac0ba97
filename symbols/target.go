package symbols

import "strconv"

// Target gives access to the debugged machine's memory and registers.
type Target interface {
	ReadMemory(addr uint32, buf []byte) error
	WriteMemory(addr uint32, buf []byte) error
	// Register returns x0..x31.
	Register(n int) uint32
	PC() uint32
	// CSR returns a control and status register, ok=false if unknown.
	CSR(n uint16) (uint32, bool)
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

// RegisterName returns the ABI name of xN ("" if out of range).
func RegisterName(n int) string {
	if n < 0 || n >= len(abiNames) {
		return ""
	}
	return abiNames[n]
}

// RegisterNumber resolves "a0", "x10", "fp" or "s0" to 10 etc.
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

// csrNames maps the machine-mode CSR names a firmware developer uses.
var csrNames = map[string]uint16{
	"mstatus": 0x300, "misa": 0x301, "mie": 0x304, "mtvec": 0x305,
	"mscratch": 0x340, "mepc": 0x341, "mcause": 0x342, "mtval": 0x343,
	"mip": 0x344, "mhartid": 0xf14, "mvendorid": 0xf11, "marchid": 0xf12,
	"mimpid": 0xf13, "mcycle": 0xb00, "minstret": 0xb02, "mcycleh": 0xb80,
	"minstreth": 0xb82, "cycle": 0xc00, "time": 0xc01, "instret": 0xc02,
	"cycleh": 0xc80, "timeh": 0xc81, "instreth": 0xc82,
	"mcounteren": 0x306, "medeleg": 0x302, "mideleg": 0x303,
	"satp": 0x180, "sstatus": 0x100, "sepc": 0x141, "scause": 0x142,
}

// CSRNumber resolves a CSR name ("mcause") to its number.
func CSRNumber(name string) (uint16, bool) {
	n, ok := csrNames[name]
	return n, ok
}
