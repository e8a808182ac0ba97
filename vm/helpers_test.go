package vm

import (
	"crypto/sha256"
	"encoding/binary"
	"testing"
)

const ramBase = 0x80000000

// newTestMachine builds a virt machine with words loaded at RAM base and
// every hart's pc there.
func newTestMachine(t testing.TB, cfg Config, words []uint32) *Machine {
	t.Helper()
	m, err := NewVirt(cfg)
	if err != nil {
		t.Fatal(err)
	}
	loadWords(t, m, ramBase, words)
	for i := 0; i < m.Harts(); i++ {
		m.Hart(i).SetPC(ramBase)
	}
	return m
}

func loadWords(t testing.TB, m *Machine, addr uint32, words []uint32) {
	t.Helper()
	buf := make([]byte, 4*len(words))
	for i, w := range words {
		binary.LittleEndian.PutUint32(buf[4*i:], w)
	}
	if err := m.WriteMemory(addr, buf); err != nil {
		t.Fatal(err)
	}
}

func readWord(t testing.TB, m *Machine, addr uint32) uint32 {
	t.Helper()
	var b [4]byte
	if err := m.ReadMemory(addr, b[:]); err != nil {
		t.Fatal(err)
	}
	return binary.LittleEndian.Uint32(b[:])
}

// runToExit runs until the program exits and fails on any other stop.
func runToExit(t testing.TB, m *Machine, limit uint64) Stop {
	t.Helper()
	s := m.Run(limit)
	if s.Reason != StopExit {
		h := m.Hart(s.Hart)
		t.Fatalf("stopped with %v at pc %#x time %d (cause %#x tval %#x), want exit; mcause=%#x",
			s.Reason, s.PC, s.Time, s.Cause, s.Tval, must(h.ReadCSR(csrMcause)))
	}
	return s
}

func must(v uint32, _ bool) uint32 { return v }

func sha(b []byte) []byte {
	s := sha256.Sum256(b)
	return s[:]
}
