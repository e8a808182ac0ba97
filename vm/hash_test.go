package vm

import "testing"

// TestStateHashRestore: the same state hashes the same whether it was
// reached by loading, by running, or by restoring a snapshot of it (mip is
// derived from the devices and current in every case).
func TestStateHashRestore(t *testing.T) {
	for _, tt := range []struct {
		elf   string
		harts int
	}{{"timer.elf", 1}, {"atomic.elf", 2}, {"hello.elf", 1}} {
		m := bootELF(t, tt.elf, tt.harts)
		for _, until := range []uint64{0, 1, 997, 10_000, 50_000, 120_000} {
			if until > 0 {
				if st := m.Run(until); st.Reason != StopLimit {
					break
				}
			}
			h1 := m.StateHash()
			s := m.Snapshot()
			if h := m.StateHash(); h != h1 {
				t.Fatalf("%s at %d: Snapshot changed the hash", tt.elf, until)
			}
			if err := m.Restore(s); err != nil {
				t.Fatal(err)
			}
			if h := m.StateHash(); h != h1 {
				t.Fatalf("%s at %d: hash differs after Restore", tt.elf, until)
			}
		}
		// A fresh machine and one restored to its reset snapshot.
		fresh := bootELF(t, tt.elf, tt.harts)
		m2 := bootELF(t, tt.elf, tt.harts)
		s0 := m2.Snapshot()
		m2.Run(5000)
		if err := m2.Restore(s0); err != nil {
			t.Fatal(err)
		}
		if fresh.StateHash() != m2.StateHash() {
			t.Fatalf("%s: reset state hashes differently after Restore", tt.elf)
		}
	}
}
