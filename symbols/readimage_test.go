package symbols

import (
	"bytes"
	"testing"
)

// readImageByBytes is ReadImage's meaning, one byte at a time: each byte
// from the first section holding it, zero past its file data.
func readImageByBytes(t *Table, addr uint32, buf []byte) bool {
	for i := range buf {
		a, found := addr+uint32(i), false
		for _, s := range t.sections {
			if a >= s.addr && a-s.addr < s.size {
				found, buf[i] = true, 0
				if int(a-s.addr) < len(s.data) {
					buf[i] = s.data[a-s.addr]
				}
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// TestReadImageMatchesBytes reads every range of a small address space
// over adjacent, overlapping, NOBITS and short-data sections and with a
// gap, and wants what the byte-wise definition gives.
func TestReadImageMatchesBytes(t *testing.T) {
	seq := func(n, base int) []byte {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(base + i)
		}
		return b
	}
	tab := &Table{sections: []section{
		{name: "a", addr: 10, size: 8, data: seq(8, 100)},
		{name: "b", addr: 4, size: 10, data: seq(10, 0)}, // overlaps a from 10
		{name: "bss", addr: 18, size: 4},                 // NOBITS
		{name: "short", addr: 22, size: 6, data: seq(3, 200)},
		{name: "c", addr: 32, size: 4, data: seq(4, 50)}, // after a gap at 28
	}}
	for addr := uint32(0); addr < 40; addr++ {
		for n := 0; n <= 40; n++ {
			got, want := make([]byte, n), make([]byte, n)
			gok, wok := tab.ReadImage(addr, got), readImageByBytes(tab, addr, want)
			if gok != wok || (wok && !bytes.Equal(got, want)) {
				t.Fatalf("ReadImage(%d, %d) = %v %v, want %v %v", addr, n, gok, got, wok, want)
			}
		}
	}
}
