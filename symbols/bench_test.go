package symbols

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// BenchmarkLoad loads the largest committed test ELF (reports bytes/s).
func BenchmarkLoad(b *testing.B) {
	benchLoadFile(b, filepath.Join("..", "testdata", "symbols", "prog-O2-dwarf4.elf"))
}

// benchLoadFile measures Load plus a first line lookup on one file.
func benchLoadFile(b *testing.B, path string) {
	data, err := os.ReadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		tab, err := Load(bytes.NewReader(data))
		if err != nil {
			b.Fatal(err)
		}
		if _, ok := tab.PCToLine(tab.Entry()); !ok {
			b.Fatal("no line at entry")
		}
	}
}
