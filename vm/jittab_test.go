package vm

import (
	"fmt"
	"testing"
	"unsafe"
)

// jitTablesMatch reports where the memory's page tables for compiled code
// differ from its fast page table (nil when equal or when it has none).
// With all, it also checks that every entry outside RAM is zero.
func jitTablesMatch(m *Machine, all bool) error {
	mem := m.mem
	if mem.jt == nil {
		return nil
	}
	first := mem.base >> pageShift
	for i, f := range mem.fast {
		g := first + uint32(i)
		var rd uintptr
		if f.rd != nil {
			rd = uintptr(unsafe.Pointer(&f.rd.data)) - uintptr(g)<<pageShift
		}
		if mem.jt.rd[g] != rd || mem.jt.wr[g] != uintptr(unsafe.Pointer(f.wr)) {
			return fmt.Errorf("page %#x: tables rd %#x wr %#x, fast rd %p wr %p", g<<pageShift, mem.jt.rd[g], mem.jt.wr[g], f.rd, f.wr)
		}
	}
	if !all {
		return nil
	}
	for g := range uint32(jitPages) {
		if g-first >= uint32(len(mem.fast)) && (mem.jt.rd[g] != 0 || mem.jt.wr[g] != 0) {
			return fmt.Errorf("page %#x outside RAM has entries rd %#x wr %#x", g<<pageShift, mem.jt.rd[g], mem.jt.wr[g])
		}
	}
	return nil
}

// TestJITTablesFollowFast runs Cortex-M programs with compiled blocks
// through snapshots, restores, watchpoints and stores to code, and
// checks at each stop that the page tables of compiled code equal the fast
// page table (and are zero outside RAM).
func TestJITTablesFollowFast(t *testing.T) {
	progs := []struct{ path, board string }{
		{"../testdata/arm/bench/bench.elf", ""},
		{"../testdata/arm/demo/demo.elf", ""},
		{"../testdata/arm/timers.elf", ""},
		{"../testdata/rtos/rtos-cm4f.elf", ""},
	}
	for _, p := range progs {
		t.Run(p.path, func(t *testing.T) {
			ms := armJITPair(t, p.path, p.board)
			m := ms[0]
			var snaps []*Snapshot
			for k := range 40 {
				m.Run(m.Time() + uint64(20000+k*7919))
				if err := jitTablesMatch(m, k%8 == 0); err != nil {
					t.Fatalf("stop %d (time %d): %v", k, m.Time(), err)
				}
				switch k % 5 {
				case 0:
					snaps = append(snaps, m.Snapshot())
				case 2:
					if len(snaps) > 0 {
						if err := m.Restore(snaps[len(snaps)/2]); err != nil {
							t.Fatal(err)
						}
					}
				case 3:
					m.ResetActivity()
					for _, w := range m.watches {
						m.ClearWatchpoint(w.addr, w.size, w.acc)
					}
				case 4:
					// A watched word of the stack, and the code at pc
					// stored again (its blocks dropped).
					sp := m.harts[0].arm.r[13]
					m.SetWatchpoint(sp&^3-64, 4, Access(k%3+1))
					pc := m.harts[0].pc
					buf := make([]byte, 2)
					if err := m.ReadMemory(pc, buf); err == nil {
						if err := m.WriteMemory(pc, buf); err != nil {
							t.Fatal(err)
						}
					}
				}
				if err := jitTablesMatch(m, false); err != nil {
					t.Fatalf("after action %d: %v", k%5, err)
				}
			}
			if m.mem.jt == nil && m.jitCode() != nil {
				t.Fatal("compiled blocks ran without page tables")
			}
		})
	}
}
