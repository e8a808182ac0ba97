package vm

import (
	"bytes"
	"debug/elf"
	"encoding/binary"
)

// tagFPArch is the EABI build attribute Tag_FP_arch; values 7 and 8 are
// the ARMv8 FP (FPv5) architectures, which have double precision.
const (
	tagFPArch   = 10
	fpArchFPv5  = 7
	tagCompat   = 32
	tagCPURaw   = 4
	tagCPUName  = 5
	tagAlsoComp = 65
)

// armFPArch returns the ELF's Tag_FP_arch from its .ARM.attributes
// section ("aeabi" vendor, file scope), or 0 when it has none.
func armFPArch(data []byte) int {
	f, err := elf.NewFile(bytes.NewReader(data))
	if err != nil {
		return 0
	}
	sec := f.Section(".ARM.attributes")
	if sec == nil {
		return 0
	}
	b, err := sec.Data()
	if err != nil || len(b) < 1 || b[0] != 'A' {
		return 0
	}
	b = b[1:]
	for len(b) >= 4 {
		n := int(binary.LittleEndian.Uint32(b))
		if n < 4 || n > len(b) {
			return 0
		}
		sub := b[4:n]
		b = b[n:]
		vendor, rest, ok := bytes.Cut(sub, []byte{0})
		if !ok || string(vendor) != "aeabi" || len(rest) < 5 || rest[0] != 1 { // Tag_File
			continue
		}
		size := int(binary.LittleEndian.Uint32(rest[1:]))
		if size < 5 || size > len(rest) {
			return 0
		}
		return fileFPArch(rest[5:size])
	}
	return 0
}

// fileFPArch scans a file-scope attribute list for Tag_FP_arch.
func fileFPArch(b []byte) int {
	for len(b) > 0 {
		tag, n := binary.Uvarint(b)
		if n <= 0 {
			return 0
		}
		b = b[n:]
		if tag == tagCompat { // a number, then a string
			if _, n = binary.Uvarint(b); n <= 0 {
				return 0
			}
			b = b[n:]
		}
		if tag == tagCPURaw || tag == tagCPUName || tag == tagCompat || tag == tagAlsoComp || tag > 32 && tag%2 == 1 {
			i := bytes.IndexByte(b, 0)
			if i < 0 {
				return 0
			}
			b = b[i+1:]
			continue
		}
		v, n := binary.Uvarint(b)
		if n <= 0 {
			return 0
		}
		b = b[n:]
		if tag == tagFPArch {
			return int(v)
		}
	}
	return 0
}
