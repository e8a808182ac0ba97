package symbols

import "github.com/go-delve/delve/pkg/dwarf/frame"

// fixSetLoc works around quirk 3 (DWARF-QUIRKS.md): delve reads DW_CFA_set_loc's operand as 8
// bytes, but on RV32 it is a 4-byte address. Each "set_loc addr4" is
// rewritten in place into the same-sized "advance_loc4 delta", computed
// from the location reached so far. GCC does not emit set_loc today; other
// toolchains may. Unparsable programs are left alone.
func fixSetLoc(fdes frame.FrameDescriptionEntries) {
	for _, fde := range fdes {
		if fde == nil || fde.CIE == nil || fde.CIE.CodeAlignmentFactor == 0 {
			continue
		}
		if !hasSetLoc(fde.Instructions) {
			continue
		}
		ins := append([]byte(nil), fde.Instructions...)
		if rewriteSetLoc(ins, uint32(fde.Begin()), uint32(fde.CIE.CodeAlignmentFactor)) {
			fde.Instructions = ins
		}
	}
}

// hasSetLoc reports whether a CFA program contains DW_CFA_set_loc.
func hasSetLoc(ins []byte) bool {
	found := false
	walkCFA(ins, func(op byte, pos int) bool {
		if op == 0x01 {
			found = true
			return false
		}
		return true
	})
	return found
}

// rewriteSetLoc performs the rewrite; false if the program is malformed or
// a location moves backwards.
func rewriteSetLoc(ins []byte, begin, align uint32) bool {
	loc, ok := begin, true
	walkCFA(ins, func(op byte, pos int) bool {
		switch {
		case op>>6 == 1: // advance_loc
			loc += uint32(op&0x3f) * align
		case op == 0x02:
			loc += uint32(ins[pos+1]) * align
		case op == 0x03:
			loc += (uint32(ins[pos+1]) | uint32(ins[pos+2])<<8) * align
		case op == 0x04:
			loc += le32(ins[pos+1:]) * align
		case op == 0x01:
			addr := le32(ins[pos+1:])
			if addr < loc || (addr-loc)%align != 0 {
				ok = false
				return false
			}
			delta := (addr - loc) / align
			ins[pos] = 0x04
			ins[pos+1], ins[pos+2], ins[pos+3], ins[pos+4] = byte(delta), byte(delta>>8), byte(delta>>16), byte(delta>>24)
			loc = addr
		}
		return true
	})
	return ok
}

// le32 decodes a little-endian word.
func le32(b []byte) uint32 {
	return uint32(b[0]) | uint32(b[1])<<8 | uint32(b[2])<<16 | uint32(b[3])<<24
}

// walkCFA calls fn for each instruction of a CFA program with its opcode
// and offset, stopping when fn returns false or the program is malformed.
func walkCFA(ins []byte, fn func(op byte, pos int) bool) {
	for pos := 0; pos < len(ins); {
		op := ins[pos]
		n := cfaOperandLen(ins[pos+1:], op)
		if n < 0 || pos+1+n > len(ins) {
			return
		}
		if !fn(op, pos) {
			return
		}
		pos += 1 + n
	}
}

// cfaOperandLen is the byte length of an instruction's operands, -1 if
// unknown or truncated.
func cfaOperandLen(b []byte, op byte) int {
	switch op >> 6 {
	case 1, 3: // advance_loc, restore
		return 0
	case 2: // offset: ULEB
		return lebLens(b, 1)
	}
	switch op {
	case 0x00, 0x0a, 0x0b: // nop, remember_state, restore_state
		return 0
	case 0x01, 0x04: // set_loc (4-byte address on RV32), advance_loc4
		return 4
	case 0x02:
		return 1
	case 0x03:
		return 2
	case 0x06, 0x07, 0x08, 0x0d, 0x0e, 0x13, 0x2e: // one LEB operand
		return lebLens(b, 1)
	case 0x05, 0x09, 0x0c, 0x11, 0x12, 0x14, 0x15, 0x2f: // two LEBs
		return lebLens(b, 2)
	case 0x0f: // def_cfa_expression: block
		return blockLen(b, 0)
	case 0x10, 0x16: // expression, val_expression: LEB then block
		n := lebLens(b, 1)
		if n < 0 {
			return -1
		}
		m := blockLen(b[n:], 0)
		if m < 0 {
			return -1
		}
		return n + m
	}
	return -1
}

// lebLens is the total length of count LEB128 numbers at the start of b.
func lebLens(b []byte, count int) int {
	total := 0
	for i := 0; i < count; i++ {
		_, n := readULEB(b[total:])
		if n == 0 {
			return -1
		}
		total += n
	}
	return total
}

// blockLen is the length of a ULEB-prefixed block.
func blockLen(b []byte, _ int) int {
	size, n := readULEB(b)
	if n == 0 || size > uint64(len(b)-n) {
		return -1
	}
	return n + int(size)
}
