package vm

import (
	"math/bits"

	"github.com/rewind-debugger/rewind/vm/thumb"
)

// armFast runs the instructions whose slot has a fast form (thumb.Inst.X,
// see armfastop.go) from pc on the predecoded page ap, outside IT blocks,
// until it meets one without, one whose run-time condition fails (an
// address off the fast page table, a divisor of 0, an unusual branch
// target), leaves the page or reaches limit. It returns the new pc and step
// count; the caller runs whatever it stopped at, which it has not touched.
// It marks the 64-byte line of each instruction it meets in ap.lines (a
// store, no dependency chain; one it stops at runs in the caller next).
// It makes no calls and keeps the flags in a local, so that the compiler
// keeps pc, n, the flags and the page in registers.
func armFast(a *armState, ap *armPage, apBase, pc uint32, n, limit uint64, mem *memory) (uint32, uint64) {
	if a.it != 0 {
		return pc, n
	}
	r := &a.r
	f := a.nzcv
	o := pc - apBase // offset of pc in the page
loop:
	for n < limit && o < pageSize {
		in := &ap.s[o>>1]
		ap.lines[o>>LineShift] = 1 // activity: executed lines
		switch in.X {
		case xNone:
			break loop
		case xMOVi:
			r[in.Rd&15] = in.Imm
		case xMOVr:
			r[in.Rd&15] = r[in.Rm&15]
		case xMOVSi:
			r[in.Rd&15] = in.Imm
			f = f&3 | nzOf(in.Imm)
		case xMOVSr:
			v := r[in.Rm&15]
			r[in.Rd&15] = v
			f = f&3 | nzOf(v)
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
			f = f&1 | nzOf(res) | uint8(v>>(32-in.ShN))&1<<1
		case xLSRS:
			v := r[in.Rm&15]
			res := v >> in.ShN
			r[in.Rd&15] = res
			f = f&1 | nzOf(res) | uint8(v>>(in.ShN-1))&1<<1
		case xASRS:
			v := r[in.Rm&15]
			res := uint32(int32(v) >> in.ShN)
			r[in.Rd&15] = res
			f = f&1 | nzOf(res) | uint8(v>>(in.ShN-1))&1<<1
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
			f = addNZCV(x, y, res)
		case xADDSr:
			x, y := r[in.Rn&15], r[in.Rm&15]
			res := x + y
			r[in.Rd&15] = res
			f = addNZCV(x, y, res)
		case xSUBSi:
			x, y := r[in.Rn&15], in.Imm
			res := x - y
			r[in.Rd&15] = res
			f = subNZCV(x, y, res)
			if o2 := o + uint32(in.Size); o2 < pageSize && n+1 < limit {
				if b := &ap.s[o2>>1]; b.X == xBcc {
					ap.lines[o2>>LineShift] = 1
					n += 2
					if condTable[b.Cond&15]>>(f&15)&1 != 0 {
						o += uint32(in.Size) + 4 + b.Imm
						continue
					}
					o += uint32(in.Size) + uint32(b.Size)
					continue
				}
			}
		case xSUBSr:
			x, y := r[in.Rn&15], r[in.Rm&15]
			res := x - y
			r[in.Rd&15] = res
			f = subNZCV(x, y, res)
		case xCMPi:
			x, y := r[in.Rn&15], in.Imm
			f = subNZCV(x, y, x-y)
			if o2 := o + uint32(in.Size); o2 < pageSize && n+1 < limit {
				if b := &ap.s[o2>>1]; b.X == xBcc {
					ap.lines[o2>>LineShift] = 1
					n += 2
					if condTable[b.Cond&15]>>(f&15)&1 != 0 {
						o += uint32(in.Size) + 4 + b.Imm
						continue
					}
					o += uint32(in.Size) + uint32(b.Size)
					continue
				}
			}
		case xCMPr:
			x, y := r[in.Rn&15], r[in.Rm&15]
			f = subNZCV(x, y, x-y)
			if o2 := o + uint32(in.Size); o2 < pageSize && n+1 < limit {
				if b := &ap.s[o2>>1]; b.X == xBcc {
					ap.lines[o2>>LineShift] = 1
					n += 2
					if condTable[b.Cond&15]>>(f&15)&1 != 0 {
						o += uint32(in.Size) + 4 + b.Imm
						continue
					}
					o += uint32(in.Size) + uint32(b.Size)
					continue
				}
			}
		case xRSBSi:
			x, y := in.Imm, r[in.Rn&15]
			res := x - y
			r[in.Rd&15] = res
			f = subNZCV(x, y, res)
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
			f = f&3 | nzOf(res)
		case xORRSr:
			res := r[in.Rn&15] | r[in.Rm&15]
			r[in.Rd&15] = res
			f = f&3 | nzOf(res)
		case xEORSr:
			res := r[in.Rn&15] ^ r[in.Rm&15]
			r[in.Rd&15] = res
			f = f&3 | nzOf(res)
		case xBICSr:
			res := r[in.Rn&15] &^ r[in.Rm&15]
			r[in.Rd&15] = res
			f = f&3 | nzOf(res)
		case xMVNSr:
			res := ^r[in.Rm&15]
			r[in.Rd&15] = res
			f = f&3 | nzOf(res)
		case xTSTr:
			f = f&3 | nzOf(r[in.Rn&15]&r[in.Rm&15])
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
			y, c := in.Imm, f>>1&1
			if in.ShT == thumb.ShImm {
				if in.Flags&thumb.FImmC != 0 {
					c = in.Flags >> 3 & 1 // FImmCV
				}
			} else {
				y = r[in.Rm&15]
				if sh := in.ShN; sh != 0 {
					switch in.ShT {
					case thumb.ShLSL:
						c = uint8(y>>(32-sh)) & 1
						y <<= sh
					case thumb.ShLSR:
						c = uint8(y>>(sh-1)) & 1
						y >>= sh
					case thumb.ShASR:
						c = uint8(y>>(sh-1)) & 1
						y = uint32(int32(y) >> sh)
					default:
						y = y>>sh | y<<(32-sh)
						c = uint8(y >> 31)
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
					f = addNZCV(x, y, res)
				}
			case thumb.OpSUB, thumb.OpCMP:
				res = x - y
				if in.Flags&thumb.FS != 0 {
					f = subNZCV(x, y, res)
				}
			case thumb.OpRSB:
				res = y - x
				if in.Flags&thumb.FS != 0 {
					f = subNZCV(y, x, res)
				}
			case thumb.OpADC, thumb.OpSBC:
				if in.Op == thumb.OpSBC {
					y = ^y
				}
				u := uint64(x) + uint64(y) + uint64(f>>1&1)
				res = uint32(u)
				if in.Flags&thumb.FS != 0 {
					f = nzOf(res) | uint8(u>>32)<<1 | uint8((x^res)&(y^res)>>31)
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
				f = f&1 | nzOf(res) | c<<1
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
			f = f&3 | nzOf(res)
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
				break loop
			}
			r[in.Rd&15] = r[in.Rn&15] / d
		case xSDIV:
			d, x := r[in.Rm&15], r[in.Rn&15]
			if d == 0 {
				break loop
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
			r[in.Rd&15] = (apBase+o+4)&^3 + in.Imm
		case xNOP:
		case xB:
			o += 4 + in.Imm
			n++
			continue
		case xBcc:
			n++
			if condTable[in.Cond&15]>>(f&15)&1 != 0 {
				o += 4 + in.Imm
				continue
			}
			o += uint32(in.Size)
			continue
		case xBL:
			r[14] = (apBase + o + 4) | 1
			o += 4 + in.Imm
			n++
			continue
		case xCBZ:
			n++
			if r[in.Rn&15] == 0 {
				o += 4 + in.Imm
				continue
			}
			o += 2
			continue
		case xCBNZ:
			n++
			if r[in.Rn&15] != 0 {
				o += 4 + in.Imm
				continue
			}
			o += 2
			continue
		case xBX:
			t := r[in.Rm&15]
			if t&1 == 0 || t >= 0xf0000000 {
				break loop
			}
			o = t&^1 - apBase
			n++
			continue
		case xBLX:
			t := r[in.Rm&15]
			if t&1 == 0 || t >= 0xf0000000 {
				break loop
			}
			r[14] = (apBase + o + 2) | 1
			o = t&^1 - apBase
			n++
			continue
		case xLDRi:
			addr := r[in.Rn&15] + in.Imm
			off := addr - mem.base
			if off>>pageShift >= uint32(len(mem.fast)) || off&pageMask > pageSize-4 || addr&3 != 0 && a.ccr&ccrUNALIGNTRP != 0 {
				break loop
			}
			p := mem.fast[off>>pageShift].rd
			if p == nil {
				break loop
			}
			r[in.Rd&15] = le.Uint32(p.data[off&pageMask:])
		case xLDRBi:
			off := r[in.Rn&15] + in.Imm - mem.base
			if off>>pageShift >= uint32(len(mem.fast)) {
				break loop
			}
			p := mem.fast[off>>pageShift].rd
			if p == nil {
				break loop
			}
			r[in.Rd&15] = uint32(p.data[off&pageMask])
		case xSTRi:
			addr := r[in.Rn&15] + in.Imm
			off := addr - mem.base
			if off>>pageShift >= uint32(len(mem.fast)) || off&pageMask > pageSize-4 || addr&3 != 0 && a.ccr&ccrUNALIGNTRP != 0 {
				break loop
			}
			p := mem.fast[off>>pageShift].wr
			if p == nil {
				break loop
			}
			p.wl[off&pageMask>>LineShift] = 1 // activity: a line stored to
			le.PutUint32(p.data[off&pageMask:], r[in.Rd&15])
		case xSTRBi:
			off := r[in.Rn&15] + in.Imm - mem.base
			if off>>pageShift >= uint32(len(mem.fast)) {
				break loop
			}
			p := mem.fast[off>>pageShift].wr
			if p == nil {
				break loop
			}
			p.wl[off&pageMask>>LineShift] = 1 // activity: a line stored to
			p.data[off&pageMask] = byte(r[in.Rd&15])
		case xLDRr, xLDRBr:
			addr := r[in.Rn&15] + r[in.Rm&15]<<in.ShN
			off := addr - mem.base
			if off>>pageShift >= uint32(len(mem.fast)) || off&pageMask > pageSize-4 || (addr&3 != 0 && in.X == xLDRr && a.ccr&ccrUNALIGNTRP != 0) {
				break loop
			}
			p := mem.fast[off>>pageShift].rd
			if p == nil {
				break loop
			}
			if in.X == xLDRr {
				r[in.Rd&15] = le.Uint32(p.data[off&pageMask:])
			} else {
				r[in.Rd&15] = uint32(p.data[off&pageMask])
			}
		case xSTRr, xSTRBr:
			addr := r[in.Rn&15] + r[in.Rm&15]<<in.ShN
			off := addr - mem.base
			if off>>pageShift >= uint32(len(mem.fast)) || off&pageMask > pageSize-4 || (addr&3 != 0 && in.X == xSTRr && a.ccr&ccrUNALIGNTRP != 0) {
				break loop
			}
			p := mem.fast[off>>pageShift].wr
			if p == nil {
				break loop
			}
			p.wl[off&pageMask>>LineShift] = 1 // activity: a line stored to
			if in.X == xSTRr {
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
			off := addr - mem.base
			if off>>pageShift >= uint32(len(mem.fast)) || off&pageMask > pageSize-4 || (addr&3 != 0 && in.X == xLDRiw && a.ccr&ccrUNALIGNTRP != 0) {
				break loop
			}
			p := mem.fast[off>>pageShift].rd
			if p == nil {
				break loop
			}
			r[in.Rn&15] = ea // before Rd: with Rn == Rd the loaded value wins, as on QEMU
			if in.X == xLDRiw {
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
			off := addr - mem.base
			if off>>pageShift >= uint32(len(mem.fast)) || off&pageMask > pageSize-4 || (addr&3 != 0 && in.X == xSTRiw && a.ccr&ccrUNALIGNTRP != 0) {
				break loop
			}
			p := mem.fast[off>>pageShift].wr
			if p == nil {
				break loop
			}
			p.wl[off&pageMask>>LineShift] = 1 // activity: a line stored to
			if in.X == xSTRiw {
				le.PutUint32(p.data[off&pageMask:], r[in.Rd&15])
			} else {
				p.data[off&pageMask] = byte(r[in.Rd&15])
			}
			r[in.Rn&15] = ea
		case xLD:
			addr, ea := lsAddr(r, in, apBase+o)
			size := lsSize(in.Op)
			off := addr - mem.base
			if off>>pageShift >= uint32(len(mem.fast)) || off&pageMask > pageSize-size || (addr&(size-1) != 0 && a.ccr&ccrUNALIGNTRP != 0) {
				break loop
			}
			p := mem.fast[off>>pageShift].rd
			if p == nil {
				break loop
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
			addr, ea := lsAddr(r, in, apBase+o)
			size := lsSize(in.Op)
			off := addr - mem.base
			if off>>pageShift >= uint32(len(mem.fast)) || off&pageMask > pageSize-size || (addr&(size-1) != 0 && a.ccr&ccrUNALIGNTRP != 0) {
				break loop
			}
			p := mem.fast[off>>pageShift].wr
			if p == nil {
				break loop
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
			off := start - mem.base
			if start&3 != 0 || off>>pageShift >= uint32(len(mem.fast)) || off&pageMask > pageSize-4*cnt {
				break loop
			}
			p := mem.fast[off>>pageShift].rd
			if p == nil {
				break loop
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
			off := start - mem.base
			if start&3 != 0 || off>>pageShift >= uint32(len(mem.fast)) || off&pageMask > pageSize-4*cnt {
				break loop
			}
			p := mem.fast[off>>pageShift].rd
			if p == nil {
				break loop
			}
			d := p.data[off&pageMask:]
			npc := le.Uint32(d[4*cnt-4:])
			if npc&1 == 0 || npc >= 0xf0000000 {
				break loop
			}
			k := 0
			for l := in.Imm & 0x7fff; l != 0; l &= l - 1 {
				r[bits.TrailingZeros32(l)&15] = le.Uint32(d[k:])
				k += 4
			}
			if in.Flags&thumb.FWback != 0 {
				r[in.Rn&15] = start + 4*cnt
			}
			o = npc&^1 - apBase
			n++
			continue
		case xSTMDB:
			cnt := regCount(in.Imm)
			start := r[in.Rn&15] - 4*cnt
			off := start - mem.base
			if start&3 != 0 || off>>pageShift >= uint32(len(mem.fast)) || off&pageMask > pageSize-4*cnt {
				break loop
			}
			p := mem.fast[off>>pageShift].wr
			if p == nil {
				break loop
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
		default:
			break loop
		}
		n++
		if in.Size == 2 { // a branch, not a sum: the next pc must not wait for the load of Size
			o += 2
			continue
		}
		o += 4
	}
	a.nzcv = f
	return apBase + o, n
}

// nzOf is the N and Z flags of res in place.
func nzOf(res uint32) uint8 { return uint8(res>>31)<<3 | b2u8(res == 0)<<2 }

// regCount is the number of registers in a register list (a loop, not
// bits.OnesCount32, whose fallback for CPUs without POPCNT is a call).
func regCount(list uint32) uint32 {
	n := uint32(0)
	for ; list != 0; list &= list - 1 {
		n++
	}
	return n
}

// lsAddr is the address a single load or store accesses and the address
// it writes back (Rn 15 is the literal base Align(PC, 4)).
func lsAddr(r *[16]uint32, in *thumb.Inst, pc uint32) (addr, ea uint32) {
	b := r[in.Rn&15]
	if in.Rn == 15 {
		b = (pc + 4) &^ 3
	}
	o := in.Imm
	if in.ShT != thumb.ShImm {
		o = r[in.Rm&15] << in.ShN
	}
	ea = b - o
	if in.Flags&thumb.FAdd != 0 {
		ea = b + o
	}
	if in.Flags&thumb.FIndex != 0 {
		return ea, ea
	}
	return b, ea
}

// lsSize is the access size of a single load or store.
func lsSize(op thumb.Op) uint32 {
	switch op {
	case thumb.OpLDR, thumb.OpSTR:
		return 4
	case thumb.OpLDRH, thumb.OpLDRSH, thumb.OpSTRH:
		return 2
	}
	return 1
}

// shConst shifts v by a constant 1-31 (LSL, LSR or ASR).
func shConst(v uint32, t, n uint8) uint32 {
	switch t {
	case thumb.ShLSL:
		return v << n
	case thumb.ShLSR:
		return v >> n
	}
	return uint32(int32(v) >> n)
}
