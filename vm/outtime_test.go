package vm

import "testing"

// uartStores lists the times of the stores to the UART's transmit
// register in a run to exit, found with a write watchpoint.
func uartStores(t *testing.T, elf string) []uint64 {
	t.Helper()
	m := bootELF(t, elf, 1)
	m.SetWatchpoint(uartBase, 1, AccessWrite)
	var times []uint64
	for {
		st := m.Run(5_000_000)
		switch st.Reason {
		case StopWatchpoint:
			times = append(times, st.Time)
			continue
		case StopExit:
			return times
		}
		t.Fatalf("%s: stopped with %v", elf, st.Reason)
	}
}

// TestOutputTime: inside the UART output hook, Time is the time of the
// store instruction that sent the byte.
func TestOutputTime(t *testing.T) {
	for _, elf := range []string{"hello.elf", "timer.elf"} {
		want := uartStores(t, elf)
		m := bootELF(t, elf, 1)
		var got []uint64
		m.SetUARTOutput(func(byte) {
			got = append(got, m.Time())
			if m.MTime() != m.mtimeAt(m.Time()) {
				t.Fatalf("%s: MTime %d inside the hook, want %d", elf, m.MTime(), m.mtimeAt(m.Time()))
			}
		})
		if st := m.Run(5_000_000); st.Reason != StopExit {
			t.Fatalf("%s: %v", elf, st.Reason)
		}
		if len(got) == 0 || len(got) != len(want) {
			t.Fatalf("%s: %d bytes out, %d stores to THR", elf, len(got), len(want))
		}
		for i := range got {
			if got[i] != want[i] {
				t.Fatalf("%s: byte %d at time %d, store at %d", elf, i, got[i], want[i])
			}
		}
		if m.Time() != m.time {
			t.Fatalf("Time %d after Run, want %d", m.Time(), m.time)
		}
	}
}
