package gdbserver

import (
	"fmt"
	"strings"
)

// gdb register numbers for RISC-V: x0..x31, pc, then CSRs at 65+number.
const (
	regnumPC       = 32
	regnumFirstCSR = 65
	numGRegs       = 33 // registers carried by the g packet: x0..x31, pc
)

// abiNames returns the ABI names of x0..x31, as gdb's riscv:rv32 expects
// them (a function: Go has no constant arrays).
func abiNames() [32]string {
	return [32]string{
		"zero", "ra", "sp", "gp", "tp", "t0", "t1", "t2",
		"fp", "s1", "a0", "a1", "a2", "a3", "a4", "a5",
		"a6", "a7", "s2", "s3", "s4", "s5", "s6", "s7",
		"s8", "s9", "s10", "s11", "t3", "t4", "t5", "t6",
	}
}

// csrInfo names one CSR described to gdb.
type csrInfo struct {
	name string
	num  uint16
}

// csrs returns the machine-mode CSRs the board implements.
func csrs() []csrInfo {
	return []csrInfo{
		{"mstatus", 0x300}, {"misa", 0x301}, {"mie", 0x304}, {"mtvec", 0x305},
		{"mscratch", 0x340}, {"mepc", 0x341}, {"mcause", 0x342}, {"mtval", 0x343},
		{"mip", 0x344}, {"mcycle", 0xb00}, {"minstret", 0xb02},
		{"mcycleh", 0xb80}, {"minstreth", 0xb82},
		{"mvendorid", 0xf11}, {"marchid", 0xf12}, {"mimpid", 0xf13}, {"mhartid", 0xf14},
	}
}

// regByNumber maps a gdb register number to a Reg.
func regByNumber(n int) (Reg, bool) {
	switch {
	case n >= 0 && n < 32:
		return Reg{Kind: RegGPR, Num: uint16(n)}, true
	case n == regnumPC:
		return Reg{Kind: RegPC}, true
	case n >= regnumFirstCSR:
		for _, c := range csrs() {
			if int(c.num)+regnumFirstCSR == n {
				return Reg{Kind: RegCSR, Num: c.num}, true
			}
		}
	}
	return Reg{}, false
}

// targetXML builds the target description served through
// qXfer:features:read.
func targetXML() string {
	var b strings.Builder
	b.WriteString(`<?xml version="1.0"?>
<!DOCTYPE target SYSTEM "gdb-target.dtd">
<target version="1.0">
<architecture>riscv:rv32</architecture>
<feature name="org.gnu.gdb.riscv.cpu">
`)
	for i, n := range abiNames() {
		typ := "int"
		switch n {
		case "ra":
			typ = "code_ptr"
		case "sp", "gp", "tp", "fp":
			typ = "data_ptr"
		}
		fmt.Fprintf(&b, "<reg name=%q bitsize=\"32\" type=%q regnum=\"%d\"/>\n", n, typ, i)
	}
	fmt.Fprintf(&b, "<reg name=\"pc\" bitsize=\"32\" type=\"code_ptr\" regnum=\"%d\"/>\n", regnumPC)
	b.WriteString("</feature>\n<feature name=\"org.gnu.gdb.riscv.csr\">\n")
	for _, c := range csrs() {
		fmt.Fprintf(&b, "<reg name=%q bitsize=\"32\" type=\"int\" regnum=\"%d\" group=\"system\"/>\n",
			c.name, int(c.num)+regnumFirstCSR)
	}
	b.WriteString("</feature>\n</target>\n")
	return b.String()
}
