package vm

import (
	"math/bits"
	"unsafe"

	"github.com/rewind-debugger/rewind/vm/thumb"
)

// armBlocks runs the Thumb blocks (armblock.go) from pc on page ap
// (address apBase), one after another, while a whole block fits in
// limit-n steps and the core is outside an IT block. It returns the pc and
// step count at the first instruction it leaves to the full switch: one no
// block holds, one whose run-time condition fails (an address off the fast
// page table, a divisor of 0, an unusual branch target; nothing of it is
// done), a pc off every predecoded page, or a block that does not fit.
// Each block counts its steps and marks its lines once; on an early exit
// only the lines before the exiting instruction.
func (m *Machine) armBlocks(a *armState, ap *armPage, apBase, pc uint32, n, limit uint64) (uint32, uint64) {
	if a.it != 0 || m.noFast {
		return pc, n
	}
	c := armChain{fast: m.mem.fast, base: m.mem.base, ccr: a.ccr, ap: ap, apBase: apBase, left: limit - n, f: a.nzcv}
	var x armJitCtx // the registers and flags while compiled code runs
	inX := false    // x holds them (a.r and c.f are stale)
	for {
		o := pc - c.apBase
		if o >= pageSize {
			c.ap.markLines(c.lines)
			c.lines = 0
			if c.ap, c.apBase = m.armPageOf(pc); c.ap == nil {
				break
			}
			o = pc - c.apBase
		}
		b := c.ap.blk[o>>1]
		if b == nil {
			b = m.armBlockAt(c.ap, c.apBase, o)
		}
		if b.n > c.left {
			break
		}
		if b.gentry != 0 {
			if !inX {
				x.r, inX = a.r, true
				x.setFlags(c.f)
				x.fast = m.mem.jitBase()
				x.trp = c.ccr & ccrUNALIGNTRP
			}
			var stop bool
			if pc, stop = m.armJitRun(&x, &c, b); stop {
				break
			}
			continue
		}
		if inX {
			a.r, c.f, inX = x.r, x.flags(), false
		}
		c.left -= b.n
		last, exit := armRunChain(&a.r, &c, b)
		if exit == nil {
			pc = c.pc
			continue
		}
		c.left += last.n - uint64(exit.k)
		pc = exit.pc
		if start := last.ops[0].pc; pc != start {
			c.ap.lines.set(start-c.apBase, pc-start) // activity: the lines before exit
		}
		break
	}
	if c.ap != nil {
		c.ap.markLines(c.lines)
	}
	if inX {
		a.r, c.f = x.r, x.flags()
	}
	a.nzcv = c.f
	return pc, limit - c.left
}

// armChain is what armRunChain keeps in memory rather than in registers,
// so that its dispatch loop holds little more than the registers and the
// operation live.
type armChain struct {
	fast   []fastPage // the memory's fast-path views
	base   uint32     // the memory's base address
	ccr    uint32     // the core's CCR (UNALIGN_TRP)
	ap     *armPage   // the page of the blocks run
	apBase uint32     // its address
	left   uint64     // steps left of the budget
	lines  uint64     // activity: lines of ap the blocks run cover (bit k: line k)
	pc     uint32     // the next pc, when the chain ends at a branch
	f      uint8      // the flags, NZCV in bits 3-0
	b      *armBlock  // the block running
}

// armRunChain runs block b, whose steps c.left already excludes, then the
// blocks of the same page that follow it, while each fits in c.left. It
// returns the block it ran last and nil, with the next pc in c.pc, or the
// operation of last where it stopped, nothing of it done (last's steps are
// still subtracted from c.left). The operations are walked by pointer:
// every block ends with a terminator, whose case leaves the walk.
func armRunChain(r *[16]uint32, c *armChain, b *armBlock) (*armBlock, *armOp) {
	c.b = b
	_ = r[0] // one nil check of r for every operation below
	var (
		npc uint32
		nb  *armBlock
	)
	for {
		in := unsafe.SliceData(c.b.ops) // never empty
		for ; ; in = (*armOp)(unsafe.Add(unsafe.Pointer(in), unsafe.Sizeof(armOp{}))) {
			switch in.X & 127 {
			case xNone, 88, 89, 90, 91, 92, 93, 94, 95, 96, 97, 98, 99, 100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112, 113, 114, 115, 116, 117, 118, 119, 120, 121, 122, 123, 124, 125, 126, 127:
				goto out // never in a block; 88-127 make the jump table cover 0-127 without a range check
			case xMOVi:
				r[in.Rd&15] = in.Imm
			case xMOVr:
				r[in.Rd&15] = r[in.Rm&15]
			case xMOVSi:
				r[in.Rd&15] = in.Imm
				c.f = c.f&3 | nzOf(in.Imm)
			case xMOVSr:
				v := r[in.Rm&15]
				r[in.Rd&15] = v
				c.f = c.f&3 | nzOf(v)
			case xLSL:
				r[in.Rd&15] = r[in.Rm&15] << in.ShN
			case xLSR:
				r[in.Rd&15] = r[in.Rm&15] >> in.ShN
			case xASR:
				r[in.Rd&15] = uint32(int32(r[in.Rm&15]) >> in.ShN)
			case xLSLS:
				v := r[in.Rm&15]
				res := v << in.ShN
				r[in.Rd&15] = res
				c.f = c.f&1 | nzOf(res) | uint8(v>>(32-in.ShN))&1<<1
			case xLSRS:
				v := r[in.Rm&15]
				res := v >> in.ShN
				r[in.Rd&15] = res
				c.f = c.f&1 | nzOf(res) | uint8(v>>(in.ShN-1))&1<<1
			case xASRS:
				v := r[in.Rm&15]
				res := uint32(int32(v) >> in.ShN)
				r[in.Rd&15] = res
				c.f = c.f&1 | nzOf(res) | uint8(v>>(in.ShN-1))&1<<1
			case xADDi:
				r[in.Rd&15] = r[in.Rn&15] + in.Imm
			case xADDr:
				r[in.Rd&15] = r[in.Rn&15] + r[in.Rm&15]
			case xSUBi:
				r[in.Rd&15] = r[in.Rn&15] - in.Imm
			case xSUBr:
				r[in.Rd&15] = r[in.Rn&15] - r[in.Rm&15]
			case xADDSi:
				x, y := r[in.Rn&15], in.Imm
				res := x + y
				r[in.Rd&15] = res
				c.f = addNZCV(x, y, res)
			case xADDSr:
				x, y := r[in.Rn&15], r[in.Rm&15]
				res := x + y
				r[in.Rd&15] = res
				c.f = addNZCV(x, y, res)
			case xSUBSi:
				x, y := r[in.Rn&15], in.Imm
				res := x - y
				r[in.Rd&15] = res
				c.f = subNZCV(x, y, res)
			case xSUBSr:
				x, y := r[in.Rn&15], r[in.Rm&15]
				res := x - y
				r[in.Rd&15] = res
				c.f = subNZCV(x, y, res)
			case xCMPi:
				x, y := r[in.Rn&15], in.Imm
				c.f = subNZCV(x, y, x-y)
			case xCMPr:
				x, y := r[in.Rn&15], r[in.Rm&15]
				c.f = subNZCV(x, y, x-y)
			case xRSBSi:
				x, y := in.Imm, r[in.Rn&15]
				res := x - y
				r[in.Rd&15] = res
				c.f = subNZCV(x, y, res)
			case xANDr:
				r[in.Rd&15] = r[in.Rn&15] & r[in.Rm&15]
			case xORRr:
				r[in.Rd&15] = r[in.Rn&15] | r[in.Rm&15]
			case xEORr:
				r[in.Rd&15] = r[in.Rn&15] ^ r[in.Rm&15]
			case xBICr:
				r[in.Rd&15] = r[in.Rn&15] &^ r[in.Rm&15]
			case xANDSr:
				res := r[in.Rn&15] & r[in.Rm&15]
				r[in.Rd&15] = res
				c.f = c.f&3 | nzOf(res)
			case xORRSr:
				res := r[in.Rn&15] | r[in.Rm&15]
				r[in.Rd&15] = res
				c.f = c.f&3 | nzOf(res)
			case xEORSr:
				res := r[in.Rn&15] ^ r[in.Rm&15]
				r[in.Rd&15] = res
				c.f = c.f&3 | nzOf(res)
			case xBICSr:
				res := r[in.Rn&15] &^ r[in.Rm&15]
				r[in.Rd&15] = res
				c.f = c.f&3 | nzOf(res)
			case xMVNSr:
				res := ^r[in.Rm&15]
				r[in.Rd&15] = res
				c.f = c.f&3 | nzOf(res)
			case xTSTr:
				c.f = c.f&3 | nzOf(r[in.Rn&15]&r[in.Rm&15])
			case xADDsh:
				r[in.Rd&15] = r[in.Rn&15] + shConst(r[in.Rm&15], in.ShT, in.ShN)
			case xSUBsh:
				r[in.Rd&15] = r[in.Rn&15] - shConst(r[in.Rm&15], in.ShT, in.ShN)
			case xRSBsh:
				r[in.Rd&15] = shConst(r[in.Rm&15], in.ShT, in.ShN) - r[in.Rn&15]
			case xANDsh:
				r[in.Rd&15] = r[in.Rn&15] & shConst(r[in.Rm&15], in.ShT, in.ShN)
			case xORRsh:
				r[in.Rd&15] = r[in.Rn&15] | shConst(r[in.Rm&15], in.ShT, in.ShN)
			case xEORsh:
				r[in.Rd&15] = r[in.Rn&15] ^ shConst(r[in.Rm&15], in.ShT, in.ShN)
			case xBICsh:
				r[in.Rd&15] = r[in.Rn&15] &^ shConst(r[in.Rm&15], in.ShT, in.ShN)
			case xDP:
				y, cy := in.Imm, c.f>>1&1
				if in.ShT == thumb.ShImm {
					if in.Flags&thumb.FImmC != 0 {
						cy = in.Flags >> 3 & 1 // FImmCV
					}
				} else {
					y = r[in.Rm&15]
					if sh := in.ShN; sh != 0 {
						switch in.ShT {
						case thumb.ShLSL:
							cy = uint8(y>>(32-sh)) & 1
							y <<= sh
						case thumb.ShLSR:
							cy = uint8(y>>(sh-1)) & 1
							y >>= sh
						case thumb.ShASR:
							cy = uint8(y>>(sh-1)) & 1
							y = uint32(int32(y) >> sh)
						default:
							y = y>>sh | y<<(32-sh)
							cy = uint8(y >> 31)
						}
					}
				}
				x := r[in.Rn&15]
				var res uint32
				arith := true
				switch in.Op {
				case thumb.OpADD, thumb.OpCMN:
					res = x + y
					if in.Flags&thumb.FS != 0 {
						c.f = addNZCV(x, y, res)
					}
				case thumb.OpSUB, thumb.OpCMP:
					res = x - y
					if in.Flags&thumb.FS != 0 {
						c.f = subNZCV(x, y, res)
					}
				case thumb.OpRSB:
					res = y - x
					if in.Flags&thumb.FS != 0 {
						c.f = subNZCV(y, x, res)
					}
				case thumb.OpADC, thumb.OpSBC:
					if in.Op == thumb.OpSBC {
						y = ^y
					}
					u := uint64(x) + uint64(y) + uint64(c.f>>1&1)
					res = uint32(u)
					if in.Flags&thumb.FS != 0 {
						c.f = nzOf(res) | uint8(u>>32)<<1 | uint8((x^res)&(y^res)>>31)
					}
				default:
					arith = false
					switch in.Op {
					case thumb.OpMOV:
						res = y
					case thumb.OpMVN:
						res = ^y
					case thumb.OpAND, thumb.OpTST:
						res = x & y
					case thumb.OpBIC:
						res = x &^ y
					case thumb.OpORR:
						res = x | y
					case thumb.OpORN:
						res = x | ^y
					default: // EOR, TEQ
						res = x ^ y
					}
				}
				if !arith && in.Flags&thumb.FS != 0 {
					c.f = c.f&1 | nzOf(res) | cy<<1
				}
				if op := in.Op; op != thumb.OpCMP && op != thumb.OpCMN && op != thumb.OpTST && op != thumb.OpTEQ {
					r[in.Rd&15] = res
				}
			case xSBFX:
				w := uint32(in.ShN)
				r[in.Rd&15] = uint32(int32(r[in.Rn&15]<<(32-in.Imm-w)) >> (32 - w))
			case xUBFX:
				w := uint32(in.ShN)
				r[in.Rd&15] = r[in.Rn&15] << (32 - in.Imm - w) >> (32 - w)
			case xUXTB:
				r[in.Rd&15] = r[in.Rm&15] & 0xff
			case xUXTH:
				r[in.Rd&15] = r[in.Rm&15] & 0xffff
			case xSXTB:
				r[in.Rd&15] = uint32(int32(int8(r[in.Rm&15])))
			case xSXTH:
				r[in.Rd&15] = uint32(int32(int16(r[in.Rm&15])))
			case xMUL:
				r[in.Rd&15] = r[in.Rn&15] * r[in.Rm&15]
			case xMULS:
				res := r[in.Rn&15] * r[in.Rm&15]
				r[in.Rd&15] = res
				c.f = c.f&3 | nzOf(res)
			case xMLA:
				r[in.Rd&15] = r[in.Ra&15] + r[in.Rn&15]*r[in.Rm&15]
			case xMLS:
				r[in.Rd&15] = r[in.Ra&15] - r[in.Rn&15]*r[in.Rm&15]
			case xUMULL:
				hi, lo := bits.Mul32(r[in.Rn&15], r[in.Rm&15])
				r[in.Rd&15], r[in.Ra&15] = lo, hi
			case xSMULL:
				p := int64(int32(r[in.Rn&15])) * int64(int32(r[in.Rm&15]))
				r[in.Rd&15], r[in.Ra&15] = uint32(p), uint32(p>>32)
			case xUMLAL:
				p := uint64(r[in.Rn&15])*uint64(r[in.Rm&15]) + (uint64(r[in.Ra&15])<<32 | uint64(r[in.Rd&15]))
				r[in.Rd&15], r[in.Ra&15] = uint32(p), uint32(p>>32)
			case xSMLAL:
				p := int64(int32(r[in.Rn&15]))*int64(int32(r[in.Rm&15])) + int64(uint64(r[in.Ra&15])<<32|uint64(r[in.Rd&15]))
				r[in.Rd&15], r[in.Ra&15] = uint32(p), uint32(p>>32)
			case xUDIV:
				d := r[in.Rm&15]
				if d == 0 {
					goto out
				}
				r[in.Rd&15] = r[in.Rn&15] / d
			case xSDIV:
				d, x := r[in.Rm&15], r[in.Rn&15]
				if d == 0 {
					goto out
				}
				if x == 0x80000000 && d == ^uint32(0) {
					r[in.Rd&15] = x
				} else {
					r[in.Rd&15] = uint32(int32(x) / int32(d))
				}
			case xMOVT:
				r[in.Rd&15] = r[in.Rd&15]&0xffff | in.Imm<<16
			case xCLZ:
				r[in.Rd&15] = uint32(bits.LeadingZeros32(r[in.Rm&15]))
			case xADR:
				r[in.Rd&15] = (in.pc+4)&^3 + in.Imm
			case xNOP:
			case xB:
				npc = in.t
				goto taken
			case xBL:
				r[14] = (in.pc + 4) | 1
				npc = in.t
				goto taken
			case xBcc:
				if in.cm>>(c.f&15)&1 != 0 {
					npc = in.t
					goto taken
				}
				npc = in.nt
				goto fall
			case xCBZ:
				if r[in.Rn&15] == 0 {
					npc = in.t
					goto taken
				}
				npc = in.nt
				goto fall
			case xCBNZ:
				if r[in.Rn&15] != 0 {
					npc = in.t
					goto taken
				}
				npc = in.nt
				goto fall
			case xBX:
				t := r[in.Rm&15]
				if t&1 == 0 || t >= 0xf0000000 {
					goto out
				}
				npc = t &^ 1
				goto dyn
			case xBLX:
				t := r[in.Rm&15]
				if t&1 == 0 || t >= 0xf0000000 {
					goto out
				}
				r[14] = (in.pc + 2) | 1
				npc = t &^ 1
				goto dyn
			case xFall:
				npc = in.nt
				goto fall
			case xCMPiB:
				x, y := r[in.Rn&15], in.Imm
				c.f = subNZCV(x, y, x-y)
				if in.cm>>(c.f&15)&1 != 0 {
					npc = in.t
					goto taken
				}
				npc = in.nt
				goto fall
			case xCMPrB:
				x, y := r[in.Rn&15], r[in.Rm&15]
				c.f = subNZCV(x, y, x-y)
				if in.cm>>(c.f&15)&1 != 0 {
					npc = in.t
					goto taken
				}
				npc = in.nt
				goto fall
			case xSUBSiB:
				x, y := r[in.Rn&15], in.Imm
				res := x - y
				r[in.Rd&15] = res
				c.f = subNZCV(x, y, res)
				if in.cm>>(c.f&15)&1 != 0 {
					npc = in.t
					goto taken
				}
				npc = in.nt
				goto fall
			case xLDRi:
				addr := r[in.Rn&15] + in.Imm
				off := addr - c.base
				if off>>pageShift >= uint32(len(c.fast)) || off&pageMask > pageSize-4 || addr&3 != 0 && c.ccr&ccrUNALIGNTRP != 0 {
					goto out
				}
				p := c.fast[off>>pageShift].rd
				if p == nil {
					goto out
				}
				r[in.Rd&15] = le.Uint32(p.data[off&pageMask:])
			case xLDRBi:
				off := r[in.Rn&15] + in.Imm - c.base
				if off>>pageShift >= uint32(len(c.fast)) {
					goto out
				}
				p := c.fast[off>>pageShift].rd
				if p == nil {
					goto out
				}
				r[in.Rd&15] = uint32(p.data[off&pageMask])
			case xSTRi:
				addr := r[in.Rn&15] + in.Imm
				off := addr - c.base
				if off>>pageShift >= uint32(len(c.fast)) || off&pageMask > pageSize-4 || addr&3 != 0 && c.ccr&ccrUNALIGNTRP != 0 {
					goto out
				}
				p := c.fast[off>>pageShift].wr
				if p == nil {
					goto out
				}
				p.wl[off&pageMask>>LineShift] = 1 // activity: a line stored to
				le.PutUint32(p.data[off&pageMask:], r[in.Rd&15])
			case xSTRBi:
				off := r[in.Rn&15] + in.Imm - c.base
				if off>>pageShift >= uint32(len(c.fast)) {
					goto out
				}
				p := c.fast[off>>pageShift].wr
				if p == nil {
					goto out
				}
				p.wl[off&pageMask>>LineShift] = 1 // activity: a line stored to
				p.data[off&pageMask] = byte(r[in.Rd&15])
			case xLDRr, xLDRBr:
				addr := r[in.Rn&15] + r[in.Rm&15]<<in.ShN
				off := addr - c.base
				if off>>pageShift >= uint32(len(c.fast)) || off&pageMask > pageSize-4 || (addr&3 != 0 && in.Op == thumb.OpLDR && c.ccr&ccrUNALIGNTRP != 0) {
					goto out
				}
				p := c.fast[off>>pageShift].rd
				if p == nil {
					goto out
				}
				if in.Op == thumb.OpLDR {
					r[in.Rd&15] = le.Uint32(p.data[off&pageMask:])
				} else {
					r[in.Rd&15] = uint32(p.data[off&pageMask])
				}
			case xSTRr, xSTRBr:
				addr := r[in.Rn&15] + r[in.Rm&15]<<in.ShN
				off := addr - c.base
				if off>>pageShift >= uint32(len(c.fast)) || off&pageMask > pageSize-4 || (addr&3 != 0 && in.Op == thumb.OpSTR && c.ccr&ccrUNALIGNTRP != 0) {
					goto out
				}
				p := c.fast[off>>pageShift].wr
				if p == nil {
					goto out
				}
				p.wl[off&pageMask>>LineShift] = 1 // activity: a line stored to
				if in.Op == thumb.OpSTR {
					le.PutUint32(p.data[off&pageMask:], r[in.Rd&15])
				} else {
					p.data[off&pageMask] = byte(r[in.Rd&15])
				}
			case xLDRiw, xLDRBiw:
				b := r[in.Rn&15]
				ea := b - in.Imm
				if in.Flags&thumb.FAdd != 0 {
					ea = b + in.Imm
				}
				addr := b
				if in.Flags&thumb.FIndex != 0 {
					addr = ea
				}
				off := addr - c.base
				if off>>pageShift >= uint32(len(c.fast)) || off&pageMask > pageSize-4 || (addr&3 != 0 && in.Op == thumb.OpLDR && c.ccr&ccrUNALIGNTRP != 0) {
					goto out
				}
				p := c.fast[off>>pageShift].rd
				if p == nil {
					goto out
				}
				r[in.Rn&15] = ea // before Rd: with Rn == Rd the loaded value wins, as on QEMU
				if in.Op == thumb.OpLDR {
					r[in.Rd&15] = le.Uint32(p.data[off&pageMask:])
				} else {
					r[in.Rd&15] = uint32(p.data[off&pageMask])
				}
			case xSTRiw, xSTRBiw:
				b := r[in.Rn&15]
				ea := b - in.Imm
				if in.Flags&thumb.FAdd != 0 {
					ea = b + in.Imm
				}
				addr := b
				if in.Flags&thumb.FIndex != 0 {
					addr = ea
				}
				off := addr - c.base
				if off>>pageShift >= uint32(len(c.fast)) || off&pageMask > pageSize-4 || (addr&3 != 0 && in.Op == thumb.OpSTR && c.ccr&ccrUNALIGNTRP != 0) {
					goto out
				}
				p := c.fast[off>>pageShift].wr
				if p == nil {
					goto out
				}
				p.wl[off&pageMask>>LineShift] = 1 // activity: a line stored to
				if in.Op == thumb.OpSTR {
					le.PutUint32(p.data[off&pageMask:], r[in.Rd&15])
				} else {
					p.data[off&pageMask] = byte(r[in.Rd&15])
				}
				r[in.Rn&15] = ea
			case xLD:
				addr, ea := lsAddr(r, &in.Inst, in.pc)
				size := lsSize(in.Op)
				off := addr - c.base
				if off>>pageShift >= uint32(len(c.fast)) || off&pageMask > pageSize-size || (addr&(size-1) != 0 && c.ccr&ccrUNALIGNTRP != 0) {
					goto out
				}
				p := c.fast[off>>pageShift].rd
				if p == nil {
					goto out
				}
				d := p.data[off&pageMask:]
				var res uint32
				switch in.Op {
				case thumb.OpLDR:
					res = le.Uint32(d)
				case thumb.OpLDRH:
					res = uint32(le.Uint16(d))
				case thumb.OpLDRSH:
					res = uint32(int32(int16(le.Uint16(d))))
				case thumb.OpLDRB:
					res = uint32(d[0])
				default:
					res = uint32(int32(int8(d[0])))
				}
				if in.Flags&thumb.FWback != 0 {
					r[in.Rn&15] = ea // before Rd: with Rn == Rd the loaded value wins, as on QEMU
				}
				r[in.Rd&15] = res
			case xST:
				addr, ea := lsAddr(r, &in.Inst, in.pc)
				size := lsSize(in.Op)
				off := addr - c.base
				if off>>pageShift >= uint32(len(c.fast)) || off&pageMask > pageSize-size || (addr&(size-1) != 0 && c.ccr&ccrUNALIGNTRP != 0) {
					goto out
				}
				p := c.fast[off>>pageShift].wr
				if p == nil {
					goto out
				}
				p.wl[off&pageMask>>LineShift] = 1 // activity: a line stored to
				d := p.data[off&pageMask:]
				switch v := r[in.Rd&15]; size {
				case 4:
					le.PutUint32(d, v)
				case 2:
					le.PutUint16(d, uint16(v))
				default:
					d[0] = byte(v)
				}
				if in.Flags&thumb.FWback != 0 {
					r[in.Rn&15] = ea
				}
			case xLDM:
				cnt := regCount(in.Imm)
				start := r[in.Rn&15]
				off := start - c.base
				if start&3 != 0 || off>>pageShift >= uint32(len(c.fast)) || off&pageMask > pageSize-4*cnt {
					goto out
				}
				p := c.fast[off>>pageShift].rd
				if p == nil {
					goto out
				}
				d := p.data[off&pageMask:]
				k := 0
				for l := in.Imm; l != 0; l &= l - 1 {
					r[bits.TrailingZeros32(l)&15] = le.Uint32(d[k:])
					k += 4
				}
				if in.Flags&thumb.FWback != 0 {
					r[in.Rn&15] = start + 4*cnt
				}
			case xLDMpc:
				cnt := regCount(in.Imm)
				start := r[in.Rn&15]
				off := start - c.base
				if start&3 != 0 || off>>pageShift >= uint32(len(c.fast)) || off&pageMask > pageSize-4*cnt {
					goto out
				}
				p := c.fast[off>>pageShift].rd
				if p == nil {
					goto out
				}
				d := p.data[off&pageMask:]
				npc = le.Uint32(d[4*cnt-4:])
				if npc&1 == 0 || npc >= 0xf0000000 {
					goto out
				}
				k := 0
				for l := in.Imm & 0x7fff; l != 0; l &= l - 1 {
					r[bits.TrailingZeros32(l)&15] = le.Uint32(d[k:])
					k += 4
				}
				if in.Flags&thumb.FWback != 0 {
					r[in.Rn&15] = start + 4*cnt
				}
				npc &^= 1
				goto dyn
			case xSTMDB:
				cnt := regCount(in.Imm)
				start := r[in.Rn&15] - 4*cnt
				off := start - c.base
				if start&3 != 0 || off>>pageShift >= uint32(len(c.fast)) || off&pageMask > pageSize-4*cnt {
					goto out
				}
				p := c.fast[off>>pageShift].wr
				if p == nil {
					goto out
				}
				p.wl.set(off&pageMask, 4*cnt) // activity: the lines stored to
				d := p.data[off&pageMask:]
				k := 0
				for l := in.Imm; l != 0; l &= l - 1 {
					le.PutUint32(d[k:], r[bits.TrailingZeros32(l)&15])
					k += 4
				}
				if in.Flags&thumb.FWback != 0 {
					r[in.Rn&15] = start
				}
			}
		}
	taken: // to in.t, the same each time: linked once found
		c.lines |= c.b.lines // activity: the lines of the block
		if nb = c.b.tk; nb == nil {
			if nb = c.blockAt(npc); nb == nil {
				break
			}
			c.b.tk = nb
		}
		goto link
	fall: // to in.nt, likewise
		c.lines |= c.b.lines
		if nb = c.b.nt; nb == nil {
			if nb = c.blockAt(npc); nb == nil {
				break
			}
			c.b.nt = nb
		}
		goto link
	dyn: // to a register's value
		c.lines |= c.b.lines
		if nb = c.blockAt(npc); nb == nil {
			break
		}
	link:
		if nb.n > c.left || nb.gentry != 0 { // compiled: armBlocks runs it
			break
		}
		c.left -= nb.n
		c.b = nb
		continue
	out:
		return c.b, in
	}
	c.pc = npc
	return c.b, nil
}

// blockAt is the block built at pc on the chain's page, nil if none is.
func (c *armChain) blockAt(pc uint32) *armBlock {
	if o := pc - c.apBase; o < pageSize {
		return c.ap.blk[o>>1]
	}
	return nil
}

// armPageOf returns the predecoded page holding pc and its address, nil
// when it has none yet (armCodeAt creates it).
func (m *Machine) armPageOf(pc uint32) (*armPage, uint32) {
	mem := m.mem
	i := (pc - mem.base) >> pageShift
	if i >= uint32(len(mem.acode)) || mem.acode[i] == nil {
		return nil, 0
	}
	mem.markExec(i)
	return mem.acode[i], mem.base + i<<pageShift
}

// markLines marks the lines of the page whose bits are set in lines.
func (ap *armPage) markLines(lines uint64) {
	for ; lines != 0; lines &= lines - 1 {
		ap.lines[bits.TrailingZeros64(lines)&(pageSize>>LineShift-1)] = 1
	}
}
