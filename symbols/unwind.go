package symbols

import (
	"encoding/binary"

	"github.com/go-delve/delve/pkg/dwarf/frame"
)

// unwindStep computes the caller's registers from a physical frame, using
// CFI when present and prologue analysis otherwise. It returns the frame's
// CFA too.
func (t *Table) unwindStep(tgt Target, st physRegs, fn *Function) (physRegs, uint32, bool) {
	if row, ok := t.cfiAt(st.pc); ok {
		return t.applyCFI(tgt, st, row)
	}
	return t.heuristicStep(tgt, st, fn)
}

// callerBase starts the caller's state: callee-saved registers keep their
// values, caller-saved ones are unknown.
func (t *Table) callerBase(st physRegs) physRegs {
	var c physRegs
	for i := 0; i < maxRegs; i++ {
		if i == t.arch.zero || t.arch.saved(i) {
			c.regs[i], c.known[i] = st.regs[i], st.known[i]
		}
	}
	return c
}

// applyCFI evaluates a CFI row.
func (t *Table) applyCFI(tgt Target, st physRegs, row cfiRow) (physRegs, uint32, bool) {
	if row.cfa.reg < 0 || row.cfa.reg >= maxRegs || !st.known[row.cfa.reg] {
		return physRegs{}, 0, false
	}
	cfa := uint32(int64(st.regs[row.cfa.reg]) + row.cfa.offset)
	c := t.callerBase(st)
	if t.arch.unspecifiedSame {
		// Quirk 24 (DWARF-QUIRKS.md): GCC keeps values in caller-saved
		// registers across calls to functions it knows leave them alone
		// (-fipa-ra), and gdb reads them as unchanged.
		c = st
		c.interrupted = false
	}
	ra := row.ra
	if ra < 0 || ra >= maxRegs {
		ra = t.arch.ra
	}
	// Unless a rule says otherwise, ra still holds the return address.
	c.regs[ra], c.known[ra] = st.regs[ra], st.known[ra]
	for n, r := range row.regs {
		switch r.kind {
		case frame.RuleOffset:
			v, err := readU32(tgt, uint32(int64(cfa)+r.offset))
			c.regs[n], c.known[n] = v, err == nil
		case frame.RuleValOffset:
			c.regs[n], c.known[n] = uint32(int64(cfa)+r.offset), true
		case frame.RuleRegister:
			if r.reg >= 0 && r.reg < maxRegs {
				c.regs[n], c.known[n] = st.regs[r.reg], st.known[r.reg]
			}
		case frame.RuleSameVal:
			c.regs[n], c.known[n] = st.regs[n], st.known[n]
		case frame.RuleUndefined:
			// Quirk 2 (DWARF-QUIRKS.md): DW_CFA_restore of a register the CIE never mentions
			// comes back undefined; for callee-saved registers (and ra)
			// it means "same value".
			if t.arch.saved(n) || n == ra {
				c.regs[n], c.known[n] = st.regs[n], st.known[n]
			} else {
				c.known[n] = false
			}
		default:
			c.known[n] = false
		}
	}
	c.pc = t.arch.codeAddr(c.regs[ra])
	c.regs[t.arch.sp], c.known[t.arch.sp] = cfa, true
	if !c.known[ra] {
		return physRegs{}, cfa, false
	}
	return c, cfa, true
}

// readU32 reads a little-endian word from the target.
func readU32(tgt Target, addr uint32) (uint32, error) {
	var b [4]byte
	if err := tgt.ReadMemory(addr, b[:]); err != nil {
		return 0, err
	}
	return binary.LittleEndian.Uint32(b[:]), nil
}
