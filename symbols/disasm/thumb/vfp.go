package thumb

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// fpEntry is one row of the floating-point table: the instruction
// matches when w&mask == value; format renders its text.
type fpEntry struct {
	mask, value uint32
	format      func(d *decoder, w uint32) string
	// generic marks the generic coprocessor rows, which objdump does not
	// apply to most of the FP coprocessors' space.
	generic bool
}

// sReg and dReg extract single and double registers: which is 'd' (bits
// 15:12 and 22), 'n' (19:16 and 7) or 'm' (3:0 and 5).
func sReg(w uint32, which byte) string { return fmt.Sprintf("s%d", sNum(w, which)) }

func sNum(w uint32, which byte) uint32 {
	switch which {
	case 'd':
		return bits(w, 12, 4)<<1 | bits(w, 22, 1)
	case 'n':
		return bits(w, 16, 4)<<1 | bits(w, 7, 1)
	}
	return (w&15)<<1 | bits(w, 5, 1)
}

func dReg(w uint32, which byte) string { return fmt.Sprintf("d%d", dNum(w, which)) }

func dNum(w uint32, which byte) uint32 {
	switch which {
	case 'd':
		return bits(w, 12, 4) | bits(w, 22, 1)<<4
	case 'n':
		return bits(w, 16, 4) | bits(w, 7, 1)<<4
	}
	return w&15 | bits(w, 5, 1)<<4
}

// sList renders an S-register list (objdump's %y3).
func sList(w uint32) string {
	first, count := sNum(w, 'd'), int(w&0xff)
	return regRange("s", int(first), count)
}

// dListX renders the D-register list of fldmx/fstmx (objdump's %z3).
func dListX(w uint32) string {
	return regRange("d", int(dNum(w, 'd')), int(w&0xff)>>1)
}

// regRange renders "{s4-s7}" the way objdump does, including its
// rendering of an empty count.
func regRange(p string, first, count int) string {
	count--
	if count != 0 {
		return fmt.Sprintf("{%s%d-%s%d}", p, first, p, first+count)
	}
	return fmt.Sprintf("{%s%d}", p, first)
}

// dList renders the D-register list of vldm/vstm/vpush/vpop (%B).
func dList(w uint32) string {
	first, n := int(dNum(w, 'd')), int(w>>1&0x3f)
	switch {
	case n == 1:
		return fmt.Sprintf("{d%d}", first)
	case first+n > 32:
		return fmt.Sprintf("{d%d-<overflow reg d%d>}", first, first+n-1)
	}
	return fmt.Sprintf("{d%d-d%d}", first, first+n-1)
}

// cpAddr renders the address of a coprocessor load/store (objdump's
// coprocessor %A) and notes the immediate for the "@ 0x.." comment.
func (d *decoder) cpAddr(w uint32) string {
	rn := bits(w, 16, 4)
	off := int64(w & 0xff)
	pre, wb, neg := bit(w, 24), bit(w, 21), !bit(w, 23)
	d.cpComment, d.hasCPComment = 0, false
	if pre || wb {
		off *= 4
		if bits(w, 8, 4) == 9 {
			off /= 2
		}
		if neg {
			off = -off
		}
		if rn != 15 {
			d.cpComment, d.hasCPComment = off, true
		}
	}
	s := "[" + r(rn)
	switch {
	case pre && off != 0:
		s += fmt.Sprintf(", #%d]%s", off, wback(w))
	case pre && neg:
		s += ", #-0]"
	case pre:
		s += "]"
	default:
		s += "]"
		if wb {
			if off != 0 {
				s += fmt.Sprintf(", #%d", off)
			} else if neg {
				s += ", #-0"
			}
		} else {
			minus := ""
			if neg && off == 0 {
				minus = "-"
			}
			s += fmt.Sprintf(", {%s%d}", minus, off)
			d.cpComment, d.hasCPComment = off, true
		}
	}
	if rn == 15 && (pre || wb) {
		s += "\t@ " + d.addrText(uint32(int64(d.addr&^3)+4+off))
	}
	return s
}

// vfpImm renders the immediate of vmov.f32/.f64 (#imm8 and the float it
// stands for).
func vfpImm(w uint32) string {
	v := w&15 | bits(w, 16, 4)<<4
	f := (v&0x80)<<24 | (v&0x3f)<<19
	if v&0x40 != 0 {
		f |= 0xf8 << 22
	} else {
		f |= 1 << 30
	}
	x := float64(math.Float32frombits(f))
	var num string
	for _, prec := range []int{1, 3, 7} {
		num = strconv.FormatFloat(x, 'f', prec, 64)
		if back, _ := strconv.ParseFloat(num, 64); back == x {
			break
		}
	}
	if !strings.HasPrefix(num, "-") {
		num = " " + num
	}
	return fmt.Sprintf("#%d\t@ 0x%08x %s", v, f, num)
}

// fixedBits is the fraction-bit count of a fixed-point vcvt (%5,0-3k).
func fixedBits(w uint32) int32 {
	v := int32(bits(w, 5, 1) | (w&15)<<1)
	if bit(w, 7) {
		return 32 - v
	}
	return 16 - v
}

// vfp decodes the floating-point and coprocessor instructions; false if
// w matches no row (objdump then tries its other tables).
func (d *decoder) vfp(w uint32) bool {
	d.hasCPComment, d.unpred = false, false
	for _, e := range fpTable {
		if e.generic && genericSkipsFP(w) {
			continue
		}
		v := e.value
		if w&(e.mask|0xf0000000) == v|0xe0000000 {
			d.in.Text = e.format(d, w)
			if d.hasCPComment && (d.cpComment > 32 || d.cpComment < -16) {
				d.in.Text += fmt.Sprintf("\t@ 0x%x", uint32(d.cpComment))
			}
			if d.unpred {
				d.in.Text += unpredText
			}
			return true
		}
	}
	return false
}
