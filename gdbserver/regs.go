package gdbserver

import (
	"fmt"
	"strings"

	"github.com/rewind-debugger/rewind/symbols"
)

// gdb register numbers for RISC-V: x0..x31, pc, then CSRs at 65+number.
const (
	regnumPC       = 32
	regnumFirstCSR = 65
)

// csrInfo names one CSR described to gdb.
type csrInfo struct {
	name string
	num  uint16
}

// gdbCSRNames are the machine-mode CSRs described to gdb, in order (gdb
// reads any other by number too); symbols.CSRNumber numbers them.
func gdbCSRNames() []string {
	return []string{"mstatus", "misa", "mie", "mtvec", "mscratch", "mepc", "mcause", "mtval", "mip",
		"mcycle", "minstret", "mcycleh", "minstreth", "mvendorid", "marchid", "mimpid", "mhartid"}
}

// csrs returns the CSRs described to gdb that the CPU implements.
func csrs() []csrInfo {
	var out []csrInfo
	for _, n := range gdbCSRNames() {
		if num, ok := symbols.CSRNumber(n); ok {
			out = append(out, csrInfo{n, num})
		}
	}
	return out
}

// gdbReg is one register as gdb numbers and describes it.
type gdbReg struct {
	num     int // gdb's register number
	name    string
	bits    int    // 32 or 64
	typ     string // the target description's type
	group   string // "" (general), "system" or "float"
	feature string
	inG     bool // carried by the g packet and expedited in stop replies
	// parts are the target registers holding it, low word first (one for
	// a 32-bit register, two for a 64-bit one).
	parts []Reg
}

// regLayout is what the stub tells gdb about the registers: the target
// description and the numbering of g, p and P.
type regLayout struct {
	arch string // <architecture>
	regs []gdbReg
}

// layoutFor picks the register layout of a target's CPU: the M-profile
// one for a Cortex-M target (see Architecture), RISC-V otherwise.
func layoutFor(t Target) *regLayout {
	a, ok := t.(Architecture)
	if !ok || a.Arch() != ArchCortexM {
		return riscvLayout()
	}
	l := cortexMLayout(a.HasRegister("s0"))
	kept := l.regs[:0]
	for _, r := range l.regs {
		if r.parts[0].Kind != RegNamed || a.HasRegister(r.parts[0].Name) {
			kept = append(kept, r) // ARMv6-M has no basepri or faultmask
		}
	}
	l.regs = kept
	return l
}

// riscvLayout describes RV32: x0..x31 and pc in org.gnu.gdb.riscv.cpu,
// the CSRs (at 65+number) in org.gnu.gdb.riscv.csr.
func riscvLayout() *regLayout {
	l := &regLayout{arch: "riscv:rv32"}
	for i := range 32 {
		n := symbols.RegisterName(i) // the ABI names, x8 as gdb's riscv:rv32 spells it
		if i == symbols.RegS0 {
			n = "fp"
		}
		typ := "int"
		switch n {
		case "ra":
			typ = "code_ptr"
		case "sp", "gp", "tp", "fp":
			typ = "data_ptr"
		}
		l.regs = append(l.regs, gdbReg{num: i, name: n, bits: 32, typ: typ, feature: "org.gnu.gdb.riscv.cpu",
			inG: true, parts: []Reg{{Kind: RegGPR, Num: uint16(i)}}})
	}
	l.regs = append(l.regs, gdbReg{num: regnumPC, name: "pc", bits: 32, typ: "code_ptr", feature: "org.gnu.gdb.riscv.cpu",
		inG: true, parts: []Reg{{Kind: RegPC}}})
	for _, c := range csrs() {
		l.regs = append(l.regs, gdbReg{num: int(c.num) + regnumFirstCSR, name: c.name, bits: 32, typ: "int",
			group: "system", feature: "org.gnu.gdb.riscv.csr", parts: []Reg{{Kind: RegCSR, Num: c.num}}})
	}
	return l
}

// byNumber finds a register by gdb number.
func (l *regLayout) byNumber(n int) (*gdbReg, bool) {
	for i := range l.regs {
		if l.regs[i].num == n {
			return &l.regs[i], true
		}
	}
	return nil, false
}

// inG lists the registers of the g packet, in order.
func (l *regLayout) inG() []*gdbReg {
	var out []*gdbReg
	for i := range l.regs {
		if l.regs[i].inG {
			out = append(out, &l.regs[i])
		}
	}
	return out
}

// xml builds the target description served through qXfer:features:read.
func (l *regLayout) xml() string {
	var b strings.Builder
	fmt.Fprintf(&b, `<?xml version="1.0"?>
<!DOCTYPE target SYSTEM "gdb-target.dtd">
<target version="1.0">
<architecture>%s</architecture>
`, l.arch)
	feature := ""
	for _, r := range l.regs {
		if r.feature != feature {
			if feature != "" {
				b.WriteString("</feature>\n")
			}
			feature = r.feature
			fmt.Fprintf(&b, "<feature name=%q>\n", feature)
		}
		fmt.Fprintf(&b, "<reg name=%q bitsize=\"%d\" type=%q regnum=\"%d\"", r.name, r.bits, r.typ, r.num)
		if r.group != "" {
			fmt.Fprintf(&b, " group=%q", r.group)
		}
		b.WriteString("/>\n")
	}
	if feature != "" {
		b.WriteString("</feature>\n")
	}
	b.WriteString("</target>\n")
	return b.String()
}

// readReg64 reads a register of hart through the target.
func (ss *session) readReg64(hart int, r *gdbReg) (uint64, error) { return readParts(ss.t, hart, r) }

// readParts reads a register of hart, part by part, through t.
func readParts(t Target, hart int, r *gdbReg) (uint64, error) {
	var v uint64
	for i, p := range r.parts {
		w, err := t.ReadRegister(hart, p)
		if err != nil {
			return 0, err
		}
		v |= uint64(w) << (32 * i)
	}
	return v, nil
}

// writeReg64 writes a register of hart through the target.
func (ss *session) writeReg64(hart int, r *gdbReg, v uint64) error {
	for i, p := range r.parts {
		if err := ss.t.WriteRegister(hart, p, uint32(v>>(32*i))); err != nil {
			return err
		}
	}
	return nil
}

// regHexN encodes a register of bits bits in target order.
func regHexN(v uint64, bits int) string {
	b := make([]byte, bits/8)
	for i := range b {
		b[i] = byte(v >> (8 * i))
	}
	return encodeHex(b)
}

// parseRegHexN decodes a register of bits bits sent in target order.
func parseRegHexN(s string, bits int) (uint64, error) {
	b, err := decodeHex(s)
	if err != nil {
		return 0, err
	}
	if len(b) != bits/8 {
		return 0, fmt.Errorf("register value %q is not %d bytes", s, bits/8)
	}
	var v uint64
	for i, c := range b {
		v |= uint64(c) << (8 * i)
	}
	return v, nil
}
