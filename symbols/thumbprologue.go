package symbols

import "encoding/binary"

// thumbPrologue reads Thumb-2 prologues as GCC writes them for Cortex-M:
// push {…, lr} (16-bit, or push.w / str.w rX, [sp, #-4]!), vpush of
// d or s registers, and sub sp, #imm (16-bit, sub.w or subw).
type thumbPrologue struct{}

// thumbSaves tracks a prologue: bytes pushed so far and each register's
// slot relative to the CFA.
type thumbSaves struct {
	size  int32
	slots map[int]int32
}

// push records registers stored at ascending addresses below the current sp.
func (s *thumbSaves) push(regs []int) {
	s.size += int32(4 * len(regs))
	for i, r := range regs {
		if _, seen := s.slots[r]; !seen {
			s.slots[r] = -s.size + int32(4*i)
		}
	}
}

// scan decodes [lo, end) and returns the frame size and the sp-relative
// save slots.
func (thumbPrologue) scan(read func(uint32, []byte) bool, lo, end uint32) (int32, map[int]int32) {
	s := thumbSaves{slots: map[int]int32{}}
	for pc := lo; pc < end; {
		var b [4]byte
		if !read(pc, b[:2]) {
			break
		}
		h1 := binary.LittleEndian.Uint16(b[:])
		if !thumbWide(h1) {
			s.scan16(h1)
			pc += 2
			continue
		}
		if !read(pc, b[:]) {
			break
		}
		s.scan32(h1, binary.LittleEndian.Uint16(b[2:]))
		pc += 4
	}
	out := make(map[int]int32, len(s.slots))
	for r, off := range s.slots {
		out[r] = s.size + off
	}
	return s.size, out
}

// thumbWide reports whether a halfword starts a 32-bit instruction.
func thumbWide(h uint16) bool { return h>>11 >= 0x1d }

// scan16 interprets one 16-bit prologue instruction.
func (s *thumbSaves) scan16(h uint16) {
	switch {
	case h&0xfe00 == 0xb400: // push {rlist[, lr]}
		s.push(regList(uint32(h&0xff) | uint32(h>>8&1)<<14))
	case h&0xff80 == 0xb080: // sub sp, #imm7*4
		s.size += int32(h&0x7f) * 4
	}
}

// scan32 interprets one 32-bit prologue instruction.
func (s *thumbSaves) scan32(h1, h2 uint16) {
	imm12 := uint32(h1>>10&1)<<11 | uint32(h2>>12&7)<<8 | uint32(h2&0xff)
	switch {
	case h1 == 0xe92d: // push.w (stmdb sp!, {rlist})
		s.push(regList(uint32(h2) & 0x5fff))
	case h1 == 0xf84d && h2&0x0fff == 0x0d04: // str.w rt, [sp, #-4]!
		s.push([]int{int(h2 >> 12)})
	case h1&0xfbef == 0xf1ad && h2&0x8f00 == 0x0d00: // sub.w sp, sp, #const
		s.size += int32(thumbExpandImm(imm12))
	case h1&0xfbff == 0xf2ad && h2&0x8f00 == 0x0d00: // subw sp, sp, #imm12
		s.size += int32(imm12)
	case h1&0xffbf == 0xed2d && h2&0x0f00 == 0x0b00: // vpush {dN-dM}
		d := int(h1>>6&1)<<4 | int(h2>>12)
		var regs []int
		for i := 0; i < int(h2&0xff); i++ { // two s registers per d
			regs = append(regs, ARMRegS0+2*d+i)
		}
		s.push(regs)
	case h1&0xffbf == 0xed2d && h2&0x0f00 == 0x0a00: // vpush {sN-sM}
		first := int(h2>>12)<<1 | int(h1>>6&1)
		var regs []int
		for i := 0; i < int(h2&0xff); i++ {
			regs = append(regs, ARMRegS0+first+i)
		}
		s.push(regs)
	}
}

// regList expands a register mask (bit n = rn) into register numbers.
func regList(mask uint32) []int {
	var out []int
	for r := 0; r < 16; r++ {
		if mask>>r&1 != 0 {
			out = append(out, r)
		}
	}
	return out
}

// thumbExpandImm decodes a Thumb-2 modified immediate (i:imm3:imm8).
func thumbExpandImm(imm12 uint32) uint32 {
	imm8 := imm12 & 0xff
	if imm12>>10 == 0 {
		switch imm12 >> 8 & 3 {
		case 0:
			return imm8
		case 1:
			return imm8<<16 | imm8
		case 2:
			return imm8<<24 | imm8<<8
		default:
			return imm8<<24 | imm8<<16 | imm8<<8 | imm8
		}
	}
	v := 0x80 | imm12&0x7f
	rot := imm12 >> 7
	return v>>rot | v<<(32-rot)
}

// inEpilogueTail: a bx lr comes before any stack change or branch.
func (thumbPrologue) inEpilogueTail(read func(uint32, []byte) bool, pc uint32) bool {
	for a := pc; a < pc+prologueScanLimit; {
		var b [4]byte
		if !read(a, b[:2]) {
			return false
		}
		h := binary.LittleEndian.Uint16(b[:])
		if thumbWide(h) {
			return false // pop.w, ldr pc, b.w, bl and the rest end the tail
		}
		switch {
		case h == 0x4770: // bx lr
			return true
		case h&0xfe00 == 0xbc00, h&0xff00 == 0xb000, // pop, add/sub sp
			h&0xf000 == 0xd000, h&0xf800 == 0xe000, // b<cond>, b
			h&0xf500 == 0xb100, h&0xff80 == 0x4780, // cbz/cbnz, blx
			h&0xff87 == 0x4700, h&0xff00 == 0xbf00 && h&0xf != 0: // bx, it
			return false
		}
		a += 2
	}
	return false
}
