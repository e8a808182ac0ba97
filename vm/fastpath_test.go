package vm

import (
	"os"
	"path/filepath"
	"testing"
)

// TestFastSwitchMatchesFull runs every committed ISA test and firmware ELF
// twice, once normally (decoded blocks, block.go) and once with the noFast
// hook (no blocks, every instruction through the executor's switch), and
// compares the stops and state hashes at several times: the two
// implementations of the simple operations must never drift apart.
// TestBlocksMatchFullSwitchAtRandomStops does the same at random stops.
func TestFastSwitchMatchesFull(t *testing.T) {
	var elfs []string
	for _, dir := range []string{"../testdata/isa", "../testdata/firmware"} {
		m, err := filepath.Glob(filepath.Join(dir, "*.elf"))
		if err != nil {
			t.Fatal(err)
		}
		elfs = append(elfs, m...)
	}
	if len(elfs) == 0 {
		t.Fatal("no ELF found under ../testdata")
	}
	times := []uint64{1, 100, 1_000, 10_000, 100_000, 1_000_000, 3_000_000}
	for _, path := range elfs {
		t.Run(filepath.Base(path), func(t *testing.T) {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			var ms [2]*Machine
			for i := range ms {
				m, err := NewVirt(Config{})
				if err != nil {
					t.Fatal(err)
				}
				if _, err := m.LoadELF(data); err != nil {
					t.Fatal(err)
				}
				m.noFast = i == 1
				m.UARTInput([]byte("ab\r"))
				ms[i] = m
			}
			for _, at := range times {
				fast, full := ms[0].Run(at), ms[1].Run(at)
				if fast != full {
					t.Fatalf("until %d: stop %+v with blocks, %+v without", at, fast, full)
				}
				if ms[0].StateHash() != ms[1].StateHash() {
					t.Fatalf("until %d (stopped %v at %d): state hashes differ", at, fast.Reason, fast.Time)
				}
				if fast.Reason == StopExit {
					break
				}
			}
		})
	}
}
