package vm

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/rewind-debugger/rewind/vm/amd64"
)

// Review tests of compiled Thumb code's page tables (jittab.go) and of the
// values it keeps in host registers (R14, R15, RBP).

// review6Board is mps2-an386 with its RAM window starting at 0x20000000
// (SSRAM2/3 and PSRAM only): a Cortex-M memory whose base is not 0.
func review6Board(t *testing.T) Board {
	t.Helper()
	b, err := BoardByName("mps2-an386")
	if err != nil {
		t.Fatal(err)
	}
	b.Name = "mps2-an386-high"
	b.RAMBase, b.RAMSize = 0x20000000, 0x02000000
	b.RAM = []Region{{0x20000000, 4 << 20}, {0x21000000, 16 << 20}}
	var al []MemAlias
	for _, a := range b.MemAliases {
		if a.Of >= b.RAMBase {
			al = append(al, a)
		}
	}
	b.MemAliases = al
	return b
}

// review6Machine builds a machine of review6Board running code at
// 0x21000100 with registers regs, RAM around 0x20000000 and 0x21001000
// filled, and the activity reset.
func review6Machine(t *testing.T, code []byte, regs [13]uint32, trap, noJIT bool) *Machine {
	t.Helper()
	m, err := NewMachine(review6Board(t), Config{NoJIT: noJIT})
	if err != nil {
		t.Fatal(err)
	}
	if m.mem.base != 0x20000000 {
		t.Fatalf("RAM base %#x", m.mem.base)
	}
	if err := m.WriteMemory(0x21000100, code); err != nil {
		t.Fatal(err)
	}
	ram := make([]byte, 0x2000)
	for k := range ram {
		ram[k] = byte(k*7 + k>>8)
	}
	for _, at := range []uint32{0x20000000, 0x21001000} {
		if err := m.WriteMemory(at, ram); err != nil {
			t.Fatal(err)
		}
	}
	m.armBoot(m.harts[0])
	h := m.harts[0]
	a := &h.arm
	a.cpacr = 0xf << 20
	a.tFault = false
	h.pc = 0x21000100
	copy(a.r[:13], regs[:])
	a.r[13] = 0x21001800
	if trap {
		a.ccr |= ccrUNALIGNTRP
	}
	m.ResetActivity()
	return m
}

// TestReview6HighRAMBase compares compiled and interpreted random blocks
// on a Cortex-M memory based at 0x20000000: the page tables of compiled
// code are indexed by the absolute address, the interpreter's fast table
// by the offset from the base.
func TestReview6HighRAMBase(t *testing.T) {
	rng := rand.New(rand.NewPCG(6, 66))
	edge := []uint32{0x1ffffffc, 0x1ffffffe, 0x1fffffff, 0x20000000, 0x20000ffc, 0x20000ffe, 0x20001000,
		0x21000ffc, 0x21001000, 0x21001ffc, 0x21002000, 0x21fffffc, 0x22000000, 0x40004000, 0xe000e010,
		0, 0x100, 0xffffffff, 0x80000000, 1, 31, 32}
	programs := 300
	if testing.Short() {
		programs = 100
	}
	compiled := 0
	for p := range programs {
		code := armJITRandomProgram(rng, 2+rng.IntN(30))
		var regs [13]uint32
		for i := range regs {
			regs[i] = edge[rng.IntN(len(edge))] + uint32(rng.IntN(9)) - 4
		}
		trap := p%4 == 0
		ms := [2]*Machine{review6Machine(t, code, regs, trap, false), review6Machine(t, code, regs, trap, true)}
		for _, at := range []uint64{1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 400, 1000, 3000} {
			s0, s1 := ms[0].Run(at), ms[1].Run(at)
			if s0 != s1 || ms[0].StateHash() != ms[1].StateHash() {
				h0, h1 := ms[0].harts[0], ms[1].harts[0]
				t.Fatalf("program %d code % x regs %x: until %d: stop %+v / %+v, pc %#x/%#x\n%x\n%x",
					p, code, regs, at, s0, s1, h0.pc, h1.pc, h0.arm.r, h1.arm.r)
			}
			if a0, a1 := ms[0].ActivitySince(), ms[1].ActivitySince(); !reflect.DeepEqual(a0, a1) {
				t.Fatalf("program %d: until %d: activity differs", p, at)
			}
			if err := jitTablesMatch(ms[0], at == 3000 && p%50 == 0); err != nil {
				t.Fatalf("program %d: until %d: %v", p, at, err)
			}
		}
		compiled += armJITCompiled(ms[0])
	}
	if compiled < programs/2 {
		t.Fatalf("only %d blocks compiled over %d programs", compiled, programs)
	}
}

// review6Same fails unless both machines stopped alike, with equal state
// and activity, and with tables, page tables for compiled code that follow
// the fast table.
func review6Same(t *testing.T, ms [2]*Machine, s0, s1 Stop, what string, tables bool) {
	t.Helper()
	if s0 != s1 || ms[0].StateHash() != ms[1].StateHash() {
		h0, h1 := ms[0].harts[0], ms[1].harts[0]
		t.Fatalf("%s: stop %+v / %+v, pc %#x/%#x\n%x\n%x", what, s0, s1, h0.pc, h1.pc, h0.arm.r, h1.arm.r)
	}
	if a0, a1 := ms[0].ActivitySince(), ms[1].ActivitySince(); !reflect.DeepEqual(a0, a1) {
		t.Fatalf("%s: activity differs:\n%+v\n%+v", what, a0, a1)
	}
	if !tables {
		return
	}
	if err := jitTablesMatch(ms[0], false); err != nil {
		t.Fatalf("%s: %v", what, err)
	}
}

// review6Restore restores s on m and clears the activity (Restore leaves
// pages it dropped in the written list).
func review6Restore(t *testing.T, m *Machine, s *Snapshot) {
	t.Helper()
	if err := m.Restore(s); err != nil {
		t.Fatal(err)
	}
	m.ResetActivity()
}

// TestReview6RandomActions runs random blocks compiled and interpreted in
// lockstep while the debugger acts between stops: snapshots and
// restores, watchpoints set and cleared on the pages the code reaches,
// activity resets, and stores to the code page, on a memory based at 0
// and one based at 0x20000000.
func TestReview6RandomActions(t *testing.T) {
	for _, high := range []bool{false, true} {
		rng := rand.New(rand.NewPCG(61, 6))
		for p := range 80 {
			code := armJITRandomProgram(rng, 2+rng.IntN(30))
			regs := armJITRegs(rng)
			trap := p%4 == 0
			var ms [2]*Machine
			codeAt := uint32(0x100)
			if high {
				codeAt = 0x21000100
				for i := range regs {
					if regs[i] < 0x20000000 && rng.IntN(2) == 0 {
						regs[i] += 0x21000000 // near the code and stack pages
					}
				}
				ms = [2]*Machine{review6Machine(t, code, regs, trap, false), review6Machine(t, code, regs, trap, true)}
			} else {
				ms = reviewPair(t, code, regs, uint8(rng.IntN(16)), trap)
			}
			var snaps [][2]*Snapshot
			at := uint64(0)
			for k := range 30 {
				at += uint64(1 + rng.IntN([]int{3, 40, 600}[k%3]))
				s0, s1 := ms[0].Run(at), ms[1].Run(at)
				what := fmt.Sprintf("high %v program %d code % x regs %x step %d until %d", high, p, code, regs, k, at)
				review6Same(t, ms, s0, s1, what, true)
				at = ms[0].Time()
				switch rng.IntN(6) {
				case 0:
					snaps = append(snaps, [2]*Snapshot{ms[0].Snapshot(), ms[1].Snapshot()})
				case 1:
					if n := len(snaps); n > 0 {
						pick := snaps[rng.IntN(n)]
						for i := range 2 {
							review6Restore(t, ms[i], pick[i])
						}
						at = ms[0].Time()
					}
				case 2:
					w := regs[rng.IntN(len(regs))] &^ 3
					acc := Access(1 + rng.IntN(3))
					for _, m := range ms {
						m.SetWatchpoint(w, 4, acc)
					}
				case 3:
					for _, m := range ms {
						for len(m.watches) > 0 {
							w := m.watches[0]
							m.ClearWatchpoint(w.addr, w.size, w.acc)
						}
					}
				case 4:
					for _, m := range ms {
						m.ResetActivity()
					}
				case 5:
					off := uint32(rng.IntN(len(code))) &^ 1
					for _, m := range ms {
						if err := m.WriteMemory(codeAt+off, code[off:off+2]); err != nil {
							t.Fatal(err)
						}
					}
				}
				review6Same(t, ms, Stop{}, Stop{}, what+" after the action", true)
			}
		}
	}
}

// TestReview6AccessCorners runs each load and store form compiled and
// interpreted with its base at page ends (aligned or not), at and past
// the ends of RAM regions, in holes and aliases of the RAM window, on
// devices, in the system space and on the code page, with and without
// UNALIGN_TRP, and compares the two machines at several stops.
func TestReview6AccessCorners(t *testing.T) {
	forms := []struct {
		name string
		code []uint16
	}{
		{"ldr", []uint16{0x6808}}, {"ldr#4", []uint16{0x6848}}, {"str", []uint16{0x6008}},
		{"ldrh", []uint16{0x8808}}, {"strh", []uint16{0x8008}},
		{"ldrb", []uint16{0x7808}}, {"strb", []uint16{0x7008}},
		{"ldr-r", []uint16{0x5888}}, {"str-r", []uint16{0x5088}}, {"ldrb-r", []uint16{0x5c88}}, {"strb-r", []uint16{0x5488}},
		{"ldrh-r", []uint16{0x5a88}}, {"strh-r", []uint16{0x5288}}, {"ldrsb-r", []uint16{0x5688}}, {"ldrsh-r", []uint16{0x5e88}},
		{"ldr.w#-4", []uint16{0xf851, 0x0c04}}, {"ldr.w post", []uint16{0xf851, 0x0b04}}, {"str.w pre!", []uint16{0xf841, 0x0d01}},
		{"ldrb.w post", []uint16{0xf811, 0x0b01}}, {"strb.w pre!", []uint16{0xf801, 0x0d01}},
		{"ldrsh.w", []uint16{0xf9b1, 0x0000}}, {"ldrsb.w", []uint16{0xf991, 0x0001}}, {"ldrh.w", []uint16{0xf8b1, 0x0002}},
		{"strh.w", []uint16{0xf8a1, 0x0001}}, {"ldr.w r", []uint16{0xf851, 0x0022}},
		{"ldm", []uint16{0xc9fd}}, {"ldm.w", []uint16{0xe891, 0x01fd}}, {"stmdb!", []uint16{0xe921, 0x01fd}},
		{"pop pc", []uint16{0xe8b1, 0x8004}}, {"ldr lit", []uint16{0x48ff}},
	}
	bases := []uint32{0x20000ffc, 0x20000ffd, 0x20000ffe, 0x20000fff, 0x20000fe4, 0x20001fe0,
		0x203ffffc, 0x1ffffffc, 0x00400100, 0x01003ffc, 0x40004000, 0xe000e010, 0xfffffffe, 0x104}
	for _, f := range forms {
		var code []byte
		for _, h := range f.code {
			code = append(code, byte(h), byte(h>>8))
		}
		// ADD r12, r0 and ADD r12, r2: each load's value stays (the last
		// round before a stop often runs interpreted, the block no longer
		// fitting, and would load r0 and r2 again).
		code = append(code, 0x84, 0x44, 0x94, 0x44)
		off := -int32(len(code)) - 4
		code = append(code, byte(uint16(0xe000|uint16(off>>1)&0x7ff)), byte(uint16(0xe000|uint16(off>>1)&0x7ff)>>8))
		for _, trap := range []bool{false, true} {
			var regs [13]uint32
			for i := range regs {
				regs[i] = 0x11111111 * uint32(i)
			}
			// One pair of machines for the form, restored to its start
			// for each base (compiled blocks kept where the code did not
			// change).
			ms := reviewPair(t, code, regs, 0, trap)
			start := [2]*Snapshot{ms[0].Snapshot(), ms[1].Snapshot()}
			for k, base := range bases {
				for i, m := range ms {
					review6Restore(t, m, start[i])
					m.harts[0].arm.r[1], m.harts[0].arm.r[2] = base, 4
				}
				for _, at := range []uint64{1, 2, 3, 50, 1000} {
					s0, s1 := ms[0].Run(at), ms[1].Run(at)
					review6Same(t, ms, s0, s1, fmt.Sprintf("%s base %#x trap %v until %d", f.name, base, trap, at), at == 1000 && k%4 == 0)
				}
			}
		}
	}
}

// TestReview6NoJITHasNoTables checks that only a machine that compiles
// blocks maps the page tables of compiled code.
func TestReview6NoJITHasNoTables(t *testing.T) {
	ms := armJITPair(t, "../testdata/arm/bench/bench.elf", "")
	for _, m := range ms {
		m.Run(100_000)
	}
	if ms[1].mem.jt != nil {
		t.Error("a Config.NoJIT machine mapped page tables for compiled code")
	}
	if compiles := ms[0].jitCode() != nil; compiles != (ms[0].mem.jt != nil) {
		t.Errorf("compiles blocks %v, has page tables %v", compiles, ms[0].mem.jt != nil)
	}
}

// TestReview6TablesRISCV runs RISC-V machines, two harts taking LR/SC
// reservations (pfResv drops a page's store view), through snapshots,
// restores and watchpoints: they compile blocks but map no page tables
// for compiled code (only the Thumb compiler indexes them), and were they
// to map them, the tables would follow the fast table.
func TestReview6TablesRISCV(t *testing.T) {
	for _, tt := range []struct {
		elf   string
		harts int
	}{{"atomic.elf", 2}, {"bench.elf", 1}} {
		m := bootELF(t, tt.elf, tt.harts)
		var snaps []*Snapshot
		for k := range 30 {
			if st := m.Run(m.Time() + uint64(3000+k*1777)); st.Reason == StopExit {
				break
			}
			if err := jitTablesMatch(m, k%10 == 0); err != nil {
				t.Fatalf("%s stop %d: %v", tt.elf, k, err)
			}
			switch k % 4 {
			case 0:
				snaps = append(snaps, m.Snapshot())
			case 1:
				if err := m.Restore(snaps[len(snaps)/2]); err != nil {
					t.Fatal(err)
				}
			case 2:
				sp := m.harts[0].x[2]
				m.SetWatchpoint(sp&^3-16, 4, AccessWrite)
			case 3:
				for len(m.watches) > 0 {
					w := m.watches[0]
					m.ClearWatchpoint(w.addr, w.size, w.acc)
				}
			}
			if err := jitTablesMatch(m, false); err != nil {
				t.Fatalf("%s after action %d: %v", tt.elf, k%4, err)
			}
		}
		if m.mem.jt != nil || amd64.Supported && m.jit.code == nil {
			t.Fatalf("%s: code memory %v, page tables %v", tt.elf, m.jit.code != nil, m.mem.jt != nil)
		}
	}
}
