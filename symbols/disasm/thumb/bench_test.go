package thumb

import (
	"debug/elf"
	"testing"
)

// BenchmarkDecodeAll measures decoding newlib's code for Cortex-M4F.
func BenchmarkDecodeAll(b *testing.B) {
	f, err := elf.Open("testdata/libc-m4f.elf")
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	text, err := f.Section(".text").Data()
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		DecodeAll(text, 0x08000000, nil)
	}
}
