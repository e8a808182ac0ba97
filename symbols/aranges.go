package symbols

import (
	"debug/dwarf"
	"encoding/binary"
)

// arange maps an address range to the compilation unit that holds it.
type arange struct {
	lo, length uint32
	info       dwarf.Offset // offset of the unit header in .debug_info
}

// maxAranges bounds the tuples read from a hostile section.
const maxAranges = 1 << 20

// parseAranges reads .debug_aranges (32-bit DWARF, 4-byte addresses).
// Malformed sets end the parse; what was read before is kept.
func parseAranges(data []byte) []arange {
	var out []arange
	le := binary.LittleEndian
	for len(data) >= 12 && len(out) < maxAranges {
		length := le.Uint32(data)
		if length == 0xffffffff || uint64(length)+4 > uint64(len(data)) || length < 8 {
			break
		}
		set := data[4 : 4+length]
		data = data[4+length:]
		info := dwarf.Offset(le.Uint32(set[2:]))
		addrSize, segSize := set[6], set[7]
		if addrSize != 4 || segSize != 0 {
			continue
		}
		// Tuples start at a multiple of twice the address size from the
		// start of the set (including the length field).
		pos := 8
		for (pos+4)%8 != 0 {
			pos++
		}
		for pos+8 <= len(set) && len(out) < maxAranges {
			lo, n := le.Uint32(set[pos:]), le.Uint32(set[pos+4:])
			pos += 8
			if lo == 0 && n == 0 {
				break
			}
			out = append(out, arange{lo: lo, length: n, info: info})
		}
	}
	return out
}
