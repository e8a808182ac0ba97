package disasm

import (
	"debug/elf"
	"testing"
)

// BenchmarkDecodeAll disassembles the golden ELF's .text.
func BenchmarkDecodeAll(b *testing.B) {
	f, err := elf.Open("testdata/allinsns.elf")
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	text := f.Section(".text")
	data, err := text.Data()
	if err != nil {
		b.Fatal(err)
	}
	sym := elfSymbolizer(f)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		DecodeAll(data, uint32(text.Addr), sym)
	}
}
