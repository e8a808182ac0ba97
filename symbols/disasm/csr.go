package disasm

import (
	"fmt"
	"strings"

	"golang.org/x/arch/riscv64/riscv64asm"
)

// csrNames are the CSR names objdump uses for the CSRs a machine-mode
// RV32 program touches; others print as a number.
var csrNames = map[uint16]string{
	0x001: "fflags", 0x002: "frm", 0x003: "fcsr",
	0x100: "sstatus", 0x104: "sie", 0x105: "stvec", 0x106: "scounteren",
	0x140: "sscratch", 0x141: "sepc", 0x142: "scause", 0x143: "stval", 0x144: "sip", 0x180: "satp",
	0x300: "mstatus", 0x301: "misa", 0x302: "medeleg", 0x303: "mideleg", 0x304: "mie",
	0x305: "mtvec", 0x306: "mcounteren", 0x310: "mstatush", 0x320: "mcountinhibit",
	0x340: "mscratch", 0x341: "mepc", 0x342: "mcause", 0x343: "mtval", 0x344: "mip",
	0x7a0: "tselect", 0x7a1: "tdata1", 0x7a2: "tdata2", 0x7a3: "tdata3",
	0x7b0: "dcsr", 0x7b1: "dpc", 0x7b2: "dscratch0", 0x7b3: "dscratch1",
	0xb00: "mcycle", 0xb02: "minstret", 0xb80: "mcycleh", 0xb82: "minstreth",
	0xc00: "cycle", 0xc01: "time", 0xc02: "instret", 0xc80: "cycleh", 0xc81: "timeh", 0xc82: "instreth",
	0xf11: "mvendorid", 0xf12: "marchid", 0xf13: "mimpid", 0xf14: "mhartid", 0xf15: "mconfigptr",
}

func init() {
	for i := uint16(0); i < 16; i++ {
		csrNames[0x3a0+i] = fmt.Sprintf("pmpcfg%d", i)
	}
	for i := uint16(0); i < 64; i++ {
		csrNames[0x3b0+i] = fmt.Sprintf("pmpaddr%d", i)
	}
	for i := uint16(3); i < 32; i++ {
		csrNames[0xb00+i] = fmt.Sprintf("mhpmcounter%d", i)
		csrNames[0xb80+i] = fmt.Sprintf("mhpmcounter%dh", i)
		csrNames[0x320+i] = fmt.Sprintf("mhpmevent%d", i)
		csrNames[0xc00+i] = fmt.Sprintf("hpmcounter%d", i)
		csrNames[0xc80+i] = fmt.Sprintf("hpmcounter%dh", i)
	}
}

// CSRName returns the name of CSR n ("mstatus") or its number ("0x7c0").
// Names come from our table of machine-mode CSRs first, then from
// riscv64asm's list (hypervisor, vector, AIA... CSRs).
func CSRName(n uint16) string {
	if s, ok := csrNames[n]; ok {
		return s
	}
	if s := riscv64asm.CSR(n).String(); !strings.HasPrefix(s, "CSR(") {
		return strings.ToLower(s)
	}
	return fmt.Sprintf("0x%x", n)
}

// counterAliases are objdump's read aliases for the user counters.
var counterAliases = map[string]string{
	"cycle": "rdcycle", "time": "rdtime", "instret": "rdinstret",
	"cycleh": "rdcycleh", "timeh": "rdtimeh", "instreth": "rdinstreth",
}

// csrInst spells a Zicsr instruction with objdump's aliases.
func csrInst(op string, a riscv64asm.Args) string {
	rd := a[0].(riscv64asm.Reg)
	csr := CSRName(uint16(a[1].(riscv64asm.CSR)))
	src := operand(a[2])
	if r, ok := a[2].(riscv64asm.Reg); ok {
		src = regName(r)
		if op == "csrrw" && rd == riscv64asm.X0 && r == riscv64asm.X0 && csr == "cycle" {
			return "unimp"
		}
		if op == "csrrs" && r == riscv64asm.X0 {
			if alias, ok := counterAliases[csr]; ok {
				return join(alias, regName(rd))
			}
			return join("csrr", regName(rd), csr)
		}
	}
	if rd == riscv64asm.X0 {
		return join("csr"+strings.TrimPrefix(op, "csrr"), csr, src)
	}
	return join(op, regName(rd), csr, src)
}
