package vm

import (
	"bytes"
	"debug/elf"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/rewind-debugger/rewind/vm/amd64"
)

// rvELF is a RISC-V ELF of testdata run with a number of harts.
type rvELF struct {
	name  string
	data  []byte
	harts int
}

// rvELFs returns every RISC-V ELF under ../testdata, each with one hart,
// and those of firmware/ and rtos/ (virt's) also with two.
func rvELFs(t *testing.T) []rvELF {
	t.Helper()
	var out []rvELF
	err := filepath.WalkDir("../testdata", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".elf") {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		f, err := elf.NewFile(bytes.NewReader(data))
		if err != nil || f.Machine != elf.EM_RISCV {
			return nil
		}
		name, _ := filepath.Rel("../testdata", path)
		name = strings.ReplaceAll(name, "/", "_")
		out = append(out, rvELF{name: name, data: data, harts: 1})
		if strings.HasPrefix(name, "firmware_") || strings.HasPrefix(name, "rtos_") {
			out = append(out, rvELF{name: name + "_2harts", data: data, harts: 2})
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(out) < 30 {
		t.Fatalf("found %d RISC-V ELFs under ../testdata, want all of them", len(out))
	}
	return out
}

// machine builds the ELF's machine, compiling blocks unless noJIT.
func (e rvELF) machine(t *testing.T, noJIT bool) *Machine {
	t.Helper()
	b, err := BoardForELF(e.data, "")
	if err != nil {
		t.Fatal(err)
	}
	m, err := NewMachine(b, Config{Harts: e.harts, NoJIT: noJIT})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := m.LoadELF(e.data); err != nil {
		t.Fatal(err)
	}
	return m
}

// newJITPair returns a pair whose blk machine compiles blocks and whose f
// machine interprets them (Config.NoJIT).
func newJITPair(t *testing.T, build func(noJIT bool) *Machine) *pair {
	t.Helper()
	return &pair{t: t, blk: build(false), f: build(true)}
}

// sameCore reports whether both machines have the same time and the same
// registers and pc on every hart: the cheap part of the state (not
// regSink, which compiled code does not write).
func sameCore(a, b *Machine) bool {
	if a.Time() != b.Time() || a.Harts() != b.Harts() {
		return false
	}
	for i := 0; i < a.Harts(); i++ {
		if ha, hb := a.Hart(i), b.Hart(i); [32]uint32(ha.x[:32]) != [32]uint32(hb.x[:32]) || ha.pc != hb.pc {
			return false
		}
	}
	return true
}

// full compares the pair's whole state and their activity since the last
// reset.
func (p *pair) full(what string) {
	p.t.Helper()
	if p.blk.StateHash() != p.f.StateHash() {
		p.t.Fatalf("%s (time %d): state hashes differ", what, p.blk.Time())
	}
	if a, b := p.blk.ActivitySince(), p.f.ActivitySince(); !reflect.DeepEqual(a, b) {
		p.t.Fatalf("%s (time %d): activity differs:\ncompiled %+v\ninterpreted %+v", what, p.blk.Time(), a, b)
	}
}

// compiledBlocks counts the blocks of m that have compiled code.
func compiledBlocks(m *Machine) int {
	n := 0
	for _, cp := range m.mem.code {
		if cp == nil {
			continue
		}
		for _, b := range cp.blk {
			if b != nil && b.jit != 0 {
				n++
			}
		}
	}
	return n
}

// TestRVJITMatchesInterpreterAtLimits runs every RISC-V ELF of testdata
// with compiled and interpreted blocks, stopping at every multiple of
// several strides (so that runs end inside blocks and at every budget),
// then runs on for long: stops, registers and time must agree at every
// stop, the whole state and the activity at many.
func TestRVJITMatchesInterpreterAtLimits(t *testing.T) {
	for _, e := range rvELFs(t) {
		t.Run(e.name, func(t *testing.T) {
			p := newJITPair(t, func(noJIT bool) *Machine { return e.machine(t, noJIT) })
			for _, stride := range []uint64{1, 13, 97, 1009, 65537} {
				end := p.blk.Time() + min(300*stride, 400_000)
				for k := 0; p.blk.Time() < end; k++ {
					d := stride
					a, b := p.blk.Run(p.blk.Time()+d), p.f.Run(p.f.Time()+d)
					if a != b || !sameCore(p.blk, p.f) {
						t.Fatalf("stride %d: stop %+v compiled, %+v interpreted (or registers differ)", stride, a, b)
					}
					if k%64 == 0 {
						p.full("stride stop")
					}
					if a.Reason == StopExit || a.Reason == StopFatal || a.Reason == StopIdle {
						p.full("end")
						t.Logf("%v at %d, %d blocks compiled", a.Reason, p.blk.Time(), compiledBlocks(p.blk))
						return
					}
				}
			}
			p.both("long run", func(m *Machine) Stop { return m.Run(m.Time() + 3_000_000) })
			p.full("long run")
			t.Logf("time %d, %d blocks compiled", p.blk.Time(), compiledBlocks(p.blk))
		})
	}
}

// TestRVJITMatchesInterpreterRandomWalk drives every RISC-V ELF with and
// without compiled blocks through random runs, steps, UART input,
// snapshots and restores, breakpoints set and cleared where the guest
// runs, watchpoints on its stack and code rewritten in place.
func TestRVJITMatchesInterpreterRandomWalk(t *testing.T) {
	for k, e := range rvELFs(t) {
		t.Run(e.name, func(t *testing.T) {
			p := newJITPair(t, func(noJIT bool) *Machine { return e.machine(t, noJIT) })
			p.jitWalk(uint64(k), 250)
		})
	}
}

// jitWalk is randomWalk with debugger actions: breakpoints at pcs the
// guest ran, watchpoints around its stack pointer, an instruction
// rewritten with itself (which drops its page's blocks) and activity
// resets.
func (p *pair) jitWalk(seed uint64, actions int) {
	p.t.Helper()
	r := rand.New(rand.NewPCG(seed, 11))
	var pcs []uint32
	var snaps [2][]*Snapshot
	both := func(f func(m *Machine)) { f(p.blk); f(p.f) }
	for i := 0; i < actions; i++ {
		var s Stop
		switch k := r.IntN(26); {
		case k < 10:
			d := 1 + r.Uint64N(300)
			s = p.both("run short", func(m *Machine) Stop { return m.Run(m.Time() + d) })
		case k < 14:
			d := 1 + r.Uint64N(100_000)
			s = p.both("run long", func(m *Machine) Stop { return m.Run(m.Time() + d) })
		case k < 15:
			s = p.both("step", func(m *Machine) Stop { return m.Step() })
		case k < 16:
			both(func(m *Machine) { m.UARTInput([]byte("7\r")) })
			continue
		case k < 18 && len(pcs) > 0:
			pc := pcs[r.IntN(len(pcs))] + 2*uint32(r.IntN(8))
			if r.IntN(2) == 0 {
				both(func(m *Machine) { m.SetBreakpoint(pc) })
			} else {
				both(func(m *Machine) { m.ClearBreakpoint(pc) })
			}
			continue
		case k < 20:
			sp := p.blk.Hart(0).x[2] - 4*uint32(r.IntN(16))
			acc := []Access{AccessRead, AccessWrite}[r.IntN(2)]
			if r.IntN(3) == 0 {
				both(func(m *Machine) { m.ClearWatchpoint(sp&^3, 4, acc) })
			} else {
				both(func(m *Machine) { m.SetWatchpoint(sp&^3, 4, acc) })
			}
			continue
		case k < 21 && len(pcs) > 0:
			pc := pcs[r.IntN(len(pcs))]
			var w [4]byte
			if p.blk.ReadMemory(pc, w[:]) == nil {
				both(func(m *Machine) { _ = m.WriteMemory(pc, w[:]) })
			}
			continue
		case k < 22:
			p.full("activity")
			both(func(m *Machine) { m.ResetActivity() })
			continue
		case k == 24:
			snaps[0] = append(snaps[0], p.blk.Snapshot())
			snaps[1] = append(snaps[1], p.f.Snapshot())
			continue
		case k == 25 && len(snaps[0]) > 0:
			j := r.IntN(len(snaps[0]))
			if p.blk.Restore(snaps[0][j]) != nil || p.f.Restore(snaps[1][j]) != nil {
				p.t.Fatal("restore failed")
			}
			if p.blk.StateHash() != p.f.StateHash() {
				p.t.Fatal("state hashes differ after restore")
			}
			// ActivitySince may panic right after a restore that dropped a
			// page written since the last reset (activity.go, not the
			// compiler's): start the activity afresh.
			both(func(m *Machine) { m.ResetActivity() })
			continue
		default:
			s = p.both("run to a stop", func(m *Machine) Stop { return m.Run(m.Time() + 20_000) })
		}
		pcs = append(pcs, p.blk.Hart(0).pc)
		if s.Reason == StopExit || s.Reason == StopFatal {
			break
		}
	}
	p.full("walk end")
}

// TestRVJITCompilesHotBlocks checks that the compiler does run: bench's
// hot loops end up compiled (unless the host cannot run generated code),
// and none with Config.NoJIT.
func TestRVJITCompilesHotBlocks(t *testing.T) {
	data, err := os.ReadFile("../testdata/firmware/bench.elf")
	if err != nil {
		t.Fatal(err)
	}
	e := rvELF{name: "bench", data: data, harts: 1}
	m, off := e.machine(t, false), e.machine(t, true)
	m.Run(2_000_000)
	off.Run(2_000_000)
	if n := compiledBlocks(off); n != 0 {
		t.Errorf("%d blocks compiled with NoJIT", n)
	}
	if !amd64.Supported {
		return
	}
	if n := compiledBlocks(m); n < 10 {
		t.Errorf("%d blocks compiled after 2e6 steps of bench, want its hot ones", n)
	}
}
