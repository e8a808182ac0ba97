package symbols

import (
	"encoding/binary"
	"errors"
	"fmt"
)

// maxLocEntries bounds the entries scanned in one location list.
const maxLocEntries = 1 << 16

// errNoLocEntry means no entry of a location list covers the pc: the
// variable has no value there (optimized out).
var errNoLocEntry = errors.New("no location list entry for pc")

// locListExpr finds the expression covering pc in the location list at off,
// choosing .debug_loclists (DWARF 5) or .debug_loc (DWARF 2-4) by the
// unit's version. The base address starts as the unit's DW_AT_low_pc.
func (t *Table) locListExpr(cu *compUnit, off int64, pc uint32) ([]byte, error) {
	base := uint32(0)
	version := 0
	if cu != nil {
		base, version = cu.lowPC, cu.version
	}
	if version >= 5 || (version == 0 && t.loc == nil) {
		return loclists5(t.loclists, off, base, pc)
	}
	return loclists4(t.loc, off, base, pc)
}

// loclists4 scans a DWARF 2-4 .debug_loc list.
func loclists4(sec []byte, off int64, base, pc uint32) ([]byte, error) {
	if off < 0 || off >= int64(len(sec)) {
		return nil, fmt.Errorf("location list offset 0x%x out of .debug_loc", off)
	}
	le := binary.LittleEndian
	b := sec[off:]
	for i := 0; i < maxLocEntries; i++ {
		if len(b) < 8 {
			return nil, errors.New("truncated .debug_loc list")
		}
		lo, hi := le.Uint32(b), le.Uint32(b[4:])
		b = b[8:]
		if lo == 0 && hi == 0 {
			return nil, errNoLocEntry
		}
		if lo == 0xffffffff {
			base = hi
			continue
		}
		if len(b) < 2 || int(le.Uint16(b)) > len(b)-2 {
			return nil, errors.New("truncated .debug_loc expression")
		}
		n := int(le.Uint16(b))
		expr := b[2 : 2+n]
		b = b[2+n:]
		if pc >= base+lo && pc < base+hi {
			return expr, nil
		}
	}
	return nil, errNoLocEntry
}

// DWARF 5 location list entry kinds.
const (
	lleEndOfList    = 0
	lleBaseAddressx = 1
	lleStartxEndx   = 2
	lleStartxLength = 3
	lleOffsetPair   = 4
	lleDefault      = 5
	lleBaseAddress  = 6
	lleStartEnd     = 7
	lleStartLength  = 8
)

// loclists5 scans a DWARF 5 .debug_loclists list. Indexed (x) forms need
// .debug_addr, which GCC does not use for non-split units: they end the
// scan.
func loclists5(sec []byte, off int64, base, pc uint32) ([]byte, error) {
	if off < 0 || off >= int64(len(sec)) {
		return nil, fmt.Errorf("location list offset 0x%x out of .debug_loclists", off)
	}
	r := &byteReader{b: sec[off:]}
	var def []byte
	for i := 0; i < maxLocEntries; i++ {
		kind := r.u8()
		var lo, hi uint32
		covered := false
		switch kind {
		case lleEndOfList:
			if r.err != nil {
				return nil, r.err
			}
			if def != nil {
				return def, nil
			}
			return nil, errNoLocEntry
		case lleBaseAddress:
			base = r.u32()
			continue
		case lleOffsetPair:
			lo, hi = base+uint32(r.uleb()), base+uint32(r.uleb())
			covered = true
		case lleStartEnd:
			lo, hi = r.u32(), r.u32()
			covered = true
		case lleStartLength:
			lo = r.u32()
			hi = lo + uint32(r.uleb())
			covered = true
		case lleDefault:
		default:
			return nil, fmt.Errorf("unsupported location list entry kind %d", kind)
		}
		expr := r.block()
		if r.err != nil {
			return nil, r.err
		}
		if kind == lleDefault {
			def = expr
		} else if covered && pc >= lo && pc < hi {
			return expr, nil
		}
	}
	return nil, errNoLocEntry
}

// byteReader reads DWARF data, remembering the first error.
type byteReader struct {
	b   []byte
	err error
}

func (r *byteReader) fail() {
	if r.err == nil {
		r.err = errors.New("truncated DWARF data")
	}
	r.b = nil
}

func (r *byteReader) u8() byte {
	if len(r.b) < 1 {
		r.fail()
		return 0
	}
	v := r.b[0]
	r.b = r.b[1:]
	return v
}

func (r *byteReader) u32() uint32 {
	if len(r.b) < 4 {
		r.fail()
		return 0
	}
	v := binary.LittleEndian.Uint32(r.b)
	r.b = r.b[4:]
	return v
}

func (r *byteReader) uleb() uint64 {
	v, n := readULEB(r.b)
	if n == 0 {
		r.fail()
		return 0
	}
	r.b = r.b[n:]
	return v
}

func (r *byteReader) block() []byte {
	n := r.uleb()
	if n > uint64(len(r.b)) {
		r.fail()
		return nil
	}
	v := r.b[:n]
	r.b = r.b[n:]
	return v
}
