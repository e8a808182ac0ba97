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

// allocate picks the guest registers the block uses most (at least twice;
// not x0, which reads as 0, nor regSink, whose writes are dropped) to hold
// in host registers, and marks those it writes.
func (g *rvjitGen) allocate() {
	var uses [256]int
	var written [256]bool
	for i := range g.b.ops {
		rvjitUses(&g.b.ops[i], func(r uint8, w bool) {
			uses[r]++
			written[r] = written[r] || w
		})
	}
	for g.nc < len(rjCache) {
		best := -1
		for r, n := range uses {
			if n >= 2 && r != 0 && r != regSink && g.host[r] == 0 && (best < 0 || n > uses[best]) {
				best = r
			}
		}
		if best < 0 {
			break
		}
		g.nc++
		g.host[best] = int8(g.nc)
		g.dirty[best] = written[best]
	}
}
