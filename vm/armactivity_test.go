package vm

import (
	"encoding/binary"
	"path/filepath"
	"testing"
)

// TestARMActivityLines: on Cortex-M firmware, after a stretch run in one go
// (fast forms, full switch, exceptions), the executed 64-byte lines are
// exactly the lines of the pcs a single-stepped twin executes, so that a
// reverse search for a breakpoint skips the segments whose lines miss it.
func TestARMActivityLines(t *testing.T) {
	for _, tt := range []struct {
		board, elf  string
		from, steps uint64
	}{
		{"", "straight", 100, 5_000},
		{"mps2-an385", "arm/bench/bench.elf", 0, 1_500_000},
		{"mps2-an385", "arm/bench/bench.elf", 3_000_000, 400_000},
		{"mps2-an386", "arm/isa/isa-m4f.elf", 0, 60_000},
		{"mps2-an385", "arm/timers.elf", 0, 100_000},
		{"mps2-an385", "arm/uart_irq.elf", 0, 60_000},
		{"mps2-an385", "arm-faults/faults.elf", 0, 60_000},
	} {
		t.Run(filepath.Base(tt.elf), func(t *testing.T) {
			a, b := armActivityMachine(t, tt.board, tt.elf, tt.from), armActivityMachine(t, tt.board, tt.elf, tt.from)
			a.ResetActivity()
			a.Run(tt.from + tt.steps)
			got := a.ActivitySince()
			lines := map[uint32]uint64{}
			b.SetTrapStops(true)
			for b.Time() < a.Time() {
				pc := b.Hart(0).PC()
				st := b.Run(b.Time() + 1)
				if st.Reason == StopTrap && st.Cause >= excSysTick-1 && st.Cause != excSVCall {
					continue // PendSV, SysTick, an interrupt: taken before pc
				}
				if st.Reason == StopExit || st.Reason == StopFatal {
					break
				}
				lines[pc>>pageShift] |= 1 << (pc >> LineShift & 63)
			}
			for _, pl := range got.Exec {
				if want := lines[pl.Page]; pl.Lines != want {
					t.Errorf("page %#x: executed lines %#x, single steps %#x", pl.Page<<pageShift, pl.Lines, want)
				}
				delete(lines, pl.Page)
			}
			if len(lines) != 0 {
				t.Errorf("pages executed but not in the activity: %v", lines)
			}
			t.Logf("%d exec pages %v, %d instructions", len(got.Exec), got.Exec, a.Time()-tt.from)
		})
	}
}

// armActivityMachine runs an ELF of testdata on board up to time from, or
// for elf "straight" a loop of 48 fast-form instructions spanning two
// lines (no instruction of it needs the full switch once decoded).
func armActivityMachine(t *testing.T, board, elf string, from uint64) *Machine {
	t.Helper()
	if elf != "straight" {
		_, _, m := runARM(t, board, filepath.Join("..", "testdata", elf), from)
		return m
	}
	var code []byte
	for k := range 48 {
		code = binary.LittleEndian.AppendUint16(code, 0x3001+uint16(k%3)<<8) // adds r0/r1/r2, #1
	}
	code = binary.LittleEndian.AppendUint16(code, 0xe7fe-48) // b to the first
	m := armRandomMachine(t, code, [13]uint32{}, false)
	m.Run(from)
	return m
}
