package thumb

import (
	"fmt"
	"strings"
)

// decoder holds the state of one Decode call.
type decoder struct {
	addr uint32
	it   ITState
	sym  Symbolizer
	in   Inst
	next ITState
	// memComment is the immediate of the last memory operand, for "@ 0x.." notes.
	memComment int64
	// cpComment is the immediate of a coprocessor address, noted when
	// hasCPComment is set.
	cpComment    int64
	hasCPComment bool
	// unpred asks for objdump's "@ <UNPREDICTABLE>" note.
	unpred bool
}

var regNames = [16]string{"r0", "r1", "r2", "r3", "r4", "r5", "r6", "r7",
	"r8", "r9", "sl", "fp", "ip", "sp", "lr", "pc"}

var condNames = [16]string{"eq", "ne", "cs", "cc", "mi", "pl", "vs", "vc",
	"hi", "ls", "ge", "lt", "gt", "le", "al", "<und>"}

var shiftNames = [4]string{"lsl", "lsr", "asr", "ror"}

// r names register n (its low four bits).
func r(n uint32) string { return regNames[n&15] }

// r3 names a low register from a 3-bit field (the low three bits of n).
func r3(n uint32) string { return regNames[n&7] }

// bits extracts width bits of v starting at lo.
func bits(v uint32, lo, width uint) uint32 { return v >> lo & (1<<width - 1) }

// bit reports bit n of v.
func bit(v uint32, n uint) bool { return v>>n&1 != 0 }

// c is the condition suffix of an instruction in an IT block ("" outside).
func (d *decoder) c() string {
	if d.it.InBlock() {
		return condNames[d.it.Cond()]
	}
	return ""
}

// cs is the suffix of a 16-bit flag-setting instruction: its IT
// condition inside a block, "s" outside.
func (d *decoder) cs() string {
	if d.it.InBlock() {
		return condNames[d.it.Cond()]
	}
	return "s"
}

// unpredIT is objdump's comment on an instruction that must not be
// conditional when it is in an IT block.
func (d *decoder) unpredIT() string {
	if d.it.InBlock() {
		return "\t@ unpredictable <IT:" + condNames[d.it.Cond()] + ">"
	}
	return ""
}

// branchInIT is objdump's comment on a branch inside an IT block that is
// not the block's last instruction.
func (d *decoder) branchInIT() string {
	if d.next.InBlock() {
		return "\t@ unpredictable branch in IT block\n"
	}
	return ""
}

// set gives the instruction its text: mnemonic, then a tab and the
// operands if there are any.
func (d *decoder) set(mn string, ops ...string) {
	if len(ops) == 0 {
		d.in.Text = mn
		return
	}
	d.in.Text = mn + "\t" + strings.Join(ops, ", ")
}

// addr renders an address as objdump does: "8000124 <main+0x10>" when the
// symbolizer knows it, "0x8000124" otherwise.
func (d *decoder) addrText(a uint32) string {
	if d.sym != nil {
		if name, ok := d.sym(a); ok {
			return fmt.Sprintf("%x <%s>", a, name)
		}
	}
	return fmt.Sprintf("0x%x", a)
}

// target records a branch target and returns its text.
func (d *decoder) target(a uint32) string {
	d.in.Target, d.in.HasTarget = a, true
	return d.addrText(a)
}

// regList renders a register mask as "{r4, r5, lr}".
func regList(mask uint32) string {
	var b strings.Builder
	b.WriteByte('{')
	first := true
	for i := uint32(0); i < 16; i++ {
		if mask&(1<<i) == 0 {
			continue
		}
		if !first {
			b.WriteString(", ")
		}
		first = false
		b.WriteString(regNames[i])
	}
	b.WriteByte('}')
	return b.String()
}

// imm renders "#n" in decimal.
func imm(n uint32) string { return fmt.Sprintf("#%d", n) }

// signExtend sign-extends the low n bits of v.
func signExtend(v uint32, n uint) int32 { return int32(v<<(32-n)) >> (32 - n) }

// undefined16 is objdump's text for an undefined 16-bit encoding.
func (d *decoder) undefined16(hw uint16) {
	d.in.Text = fmt.Sprintf("\t\t@ <UNDEFINED> instruction: 0x%04x", hw)
	d.in.Undefined = true
}

// undefined32 is objdump's text for an undefined 32-bit encoding.
func (d *decoder) undefined32(w uint32) {
	d.in.Text = fmt.Sprintf("\t\t@ <UNDEFINED> instruction: 0x%08x", w)
	d.in.Undefined = true
}
