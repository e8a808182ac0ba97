package vm

import (
	"os"
	"strings"
	"testing"
)

// activityMachine boots a test firmware on virt.
func activityMachine(t *testing.T, name string) *Machine {
	t.Helper()
	elf, err := os.ReadFile("../testdata/firmware/" + name + ".elf")
	if err != nil {
		t.Skip(err)
	}
	m, err := NewVirt(Config{FatalTraps: true})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := m.LoadELF(elf); err != nil {
		t.Fatal(err)
	}
	return m
}

// TestActivityLines: after a stretch run in one go, the executed lines are
// exactly the lines of the pcs a single-stepped twin executes (a superset
// where interrupts are taken), and the traps are those the twin stops at,
// counted by hart and cause; device accesses are listed, RAM ones never.
func TestActivityLines(t *testing.T) {
	for _, tt := range []struct {
		name  string
		from  uint64
		steps uint64
		exact bool
	}{
		{"hello", 0, 3000, true},
		{"hello-blocks", 0, 3000, false},

		{"timer", 0, 200_000, false},
		{"mtime", 0, 200_000, false},
		{"fault", 0, 2000, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			a, b := activityMachine(t, strings.TrimSuffix(tt.name, "-blocks")), activityMachine(t, strings.TrimSuffix(tt.name, "-blocks"))
			// Decoded blocks mark all their lines even when left early at a
			// load or store that needs its slow path (a superset: a reverse
			// search may scan a segment it could skip, never the reverse);
			// one instruction at a time the lines are exact.
			a.noFast = tt.exact
			a.Run(tt.from)
			b.Run(tt.from)
			a.ResetActivity()
			a.Run(tt.from + tt.steps)
			got := a.ActivitySince()
			lines := map[uint32]uint64{}
			traps := map[TrapNote]uint64{}
			b.SetTrapStops(true)
			for b.Time() < a.Time() {
				pc := b.Hart(0).PC()
				st := b.Run(b.Time() + 1)
				if st.Reason == StopTrap {
					traps[TrapNote{Hart: st.Hart, Cause: st.Cause}]++
					if st.Cause&(1<<31) != 0 {
						continue // trap entry: nothing executed at pc
					}
				}
				lines[pc>>pageShift] |= 1 << (pc >> LineShift & 63)
			}
			for _, pl := range got.Exec {
				want := lines[pl.Page]
				if pl.Lines&want != want || tt.exact && pl.Lines != want {
					t.Errorf("page %#x: executed lines %#x, single steps %#x", pl.Page<<pageShift, pl.Lines, want)
				}
				delete(lines, pl.Page)
			}
			if len(lines) != 0 {
				t.Errorf("pages executed but not in the activity: %v", lines)
			}
			for _, n := range got.Traps {
				if traps[TrapNote{Hart: n.Hart, Cause: n.Cause}] != n.Count {
					t.Errorf("trap %+v: the single steps took %d", n, traps[TrapNote{Hart: n.Hart, Cause: n.Cause}])
				}
				delete(traps, TrapNote{Hart: n.Hart, Cause: n.Cause})
			}
			if len(traps) != 0 {
				t.Errorf("traps not in the activity: %v", traps)
			}
			for _, d := range got.Devices {
				if a.mem.contains(d.Addr, 1) {
					t.Errorf("a RAM access listed as a device access: %+v", d)
				}
			}
			t.Logf("%d exec pages, %d written, %d read, %d device accesses, %d trap kinds",
				len(got.Exec), len(got.Written), len(got.Read), len(got.Devices), len(got.Traps))
		})
	}
}

// TestNoteExec: a block noted by an interpreter marks the lines it spans.
func TestNoteExec(t *testing.T) {
	m := activityMachine(t, "hello")
	m.Run(10)
	m.ResetActivity()
	pc := m.Hart(0).PC()
	cp, base := m.codeAt(pc)
	if cp == nil {
		t.Fatal("no code page at the pc")
	}
	m.mem.noteExec(base, 0x3e, 0x82) // lines 0, 1 and 2
	got := m.ActivitySince().Exec
	if len(got) != 1 || got[0].Page != base>>pageShift || got[0].Lines != 0b111 {
		t.Fatalf("exec activity %+v, want lines 0-2 of page %#x", got, base)
	}
}
