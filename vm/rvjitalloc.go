package vm

// rvjitUses calls f for each guest register operation o reads (w false)
// or writes (w true).
func rvjitUses(o *bop, f func(r uint8, w bool)) {
	k0, k1, k2 := uint8(o.k), uint8(o.k>>8), uint8(o.k>>16)
	switch {
	case o.op == opLUI, o.op == opJAL:
		f(o.rd, true)
	case o.op >= opLB && o.op <= opLHU, o.op >= opADDI && o.op <= opSRAI, o.op == opJALR:
		f(o.rs1, false)
		f(o.rd, true)
	case o.op >= opSB && o.op <= opSW, o.op >= opBEQ && o.op <= opBGEU:
		f(o.rs1, false)
		f(o.rs2, false)
	case o.op >= opADD && o.op <= opAND, o.op >= opMUL && o.op <= opREMU:
		f(o.rs1, false)
		f(o.rs2, false)
		f(o.rd, true)
	case o.op >= opADDIBEQ && o.op <= opADDBGEU:
		f(o.rs1, false)
		if o.op >= opADDBEQ {
			f(o.rs2, false)
		}
		f(o.rd, true)
		f(k0, false)
		f(k1, false)
	case o.op >= opADDIADDI && o.op <= opADDADD:
		f(o.rs1, false)
		if o.op >= opADDADDI {
			f(o.rs2, false)
		}
		f(o.rd, true)
		f(k1, false)
		if o.op == opADDIADD || o.op == opADDADD {
			f(k2, false)
		}
		f(k0, true)
	}
}

// allocate picks the guest registers worth holding in host registers
// (not x0, which reads as 0, nor regSink, whose writes are dropped): those
// that two operations or more use, or that a block looping to itself uses
// at all (they stay in host registers from one run to the next), the most
// used first. It marks those the block writes, and those it must load on
// entry: all but the ones an operation writes before any is read and
// before any load or store (which may leave, storing every written one).
func (g *rvjitGen) allocate() {
	var ops [256]int
	var written, load, seen [256]bool
	mem := false // a load or store came before
	loop := false
	for i := range g.b.ops {
		o := &g.b.ops[i]
		mem = mem || o.op >= opLB && o.op <= opSW
		if rvjitTarget(o) == g.b.start {
			loop = true
		}
		var used [256]bool
		rvjitUses(o, func(r uint8, w bool) {
			if !seen[r] {
				seen[r], load[r] = true, !w || mem
			}
			if !used[r] {
				used[r] = true
				ops[r]++
			}
			written[r] = written[r] || w
		})
	}
	for g.nc < rjNCache {
		best := -1
		for r, n := range ops {
			if (n >= 2 || loop && n >= 1) && r != 0 && r != regSink && g.host[r] == 0 && (best < 0 || n > ops[best]) {
				best = r
			}
		}
		if best < 0 {
			break
		}
		g.nc++
		g.host[best] = int8(g.nc)
		g.dirty[best] = written[best]
		g.onEntry[best] = load[best]
	}
}

// rvjitTarget is the constant target of the block's branch or jump o, or
// 1 (no instruction's address).
func rvjitTarget(o *bop) uint32 {
	switch {
	case o.op == opJAL, o.op >= opBEQ && o.op <= opBGEU:
		return uint32(o.imm)
	case o.op >= opADDIBEQ && o.op <= opADDBGEU:
		return o.pc
	}
	return 1
}
