package checkpoint

import (
	"bytes"
	"debug/elf"
	"os"
	"path/filepath"
	"testing"

	"github.com/rewind-debugger/rewind/vm"
)

// firmware is a test program and how to run it.
type firmware struct {
	name  string
	path  string
	harts int
	input [][]byte // live input, sent every inputGap steps or when idle
	board string   // "": the board the ELF is for
}

// firmwares lists the test ELFs present: the project's test firmware (the
// Cortex-M programs on both mps2 boards) plus this package's endless loop.
func firmwares(t testing.TB) []firmware {
	fws := []firmware{{name: "loop", path: "testdata/loop.elf", harts: 1}}
	paths, _ := filepath.Glob("../testdata/firmware/*.elf")
	semihost, _ := filepath.Glob("../testdata/semihost/*.elf") // console through semihosting
	for _, p := range append(paths, semihost...) {
		name := filepath.Base(p)
		name = name[:len(name)-4]
		fw := firmware{name: name, path: p, harts: 1}
		switch name {
		case "atomic":
			fw.harts = 2
		case "echo", "echo_irq", "demo", "input":
			fw.input = [][]byte{[]byte("hello\n"), []byte("rewind "), []byte("me\n"), []byte("quit\n")}
		}
		fws = append(fws, fw)
	}
	arm, _ := filepath.Glob("../testdata/arm/*.elf")
	for _, board := range []string{"mps2-an385", "mps2-an386"} {
		for _, p := range append(arm, "../testdata/arm/isa/isa-m3.elf") {
			name := filepath.Base(p)
			fw := firmware{name: board + "/" + name[:len(name)-4], path: p, harts: 1, board: board}
			if name == "uart_irq.elf" || name == "input.elf" {
				fw.input = [][]byte{[]byte("hello\n"), []byte("quit\n")}
			}
			fws = append(fws, fw)
		}
	}
	hifive, _ := filepath.Glob("../testdata/hifive1/*.elf")
	for _, p := range hifive {
		name := filepath.Base(p)
		fws = append(fws, firmware{name: "hifive1-revb/" + name[:len(name)-4], path: p, harts: 1, board: "hifive1-revb",
			input: [][]byte{[]byte("hello\n"), []byte("rewind\n"), []byte("quit\n")}})
	}
	return fws
}

// boot builds the firmware's board with the firmware loaded.
func boot(t testing.TB, fw firmware) *vm.Machine {
	t.Helper()
	data, err := os.ReadFile(fw.path)
	if err != nil {
		t.Fatal(err)
	}
	b, err := vm.BoardForELF(data, fw.board)
	if err != nil {
		t.Fatal(err)
	}
	if b.Name == "virt" {
		b = vm.VirtBoard(0)
	}
	m, err := vm.NewMachine(b, vm.Config{Harts: fw.harts, FatalTraps: true})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := m.LoadELF(data); err != nil {
		t.Fatalf("%s: %v", fw.path, err)
	}
	return m
}

// symbol returns the address of a symbol of an ELF.
func symbol(t testing.TB, path, name string) uint32 {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	f, err := elf.NewFile(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	syms, err := f.Symbols()
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range syms {
		if s.Name == name {
			return uint32(s.Value)
		}
	}
	t.Fatalf("%s: no symbol %s", path, name)
	return 0
}

// straight runs a fresh machine from reset to each time in times (sorted),
// applying input events at their stamps, and returns the state hashes. It
// shares no code with Timeline: it is the reference.
func straight(t testing.TB, fw firmware, events []Event, times []uint64) [][32]byte {
	t.Helper()
	m := boot(t, fw)
	var out [][32]byte
	next := 0
	for _, target := range times {
		for {
			for next < len(events) && events[next].Time <= m.Time() {
				if err := events[next].apply(m); err != nil {
					t.Fatal(err)
				}
				next++
			}
			if m.Time() >= target {
				break
			}
			until := target
			if next < len(events) && events[next].Time < until {
				until = events[next].Time
			}
			st := m.Run(until)
			if st.Reason == vm.StopLimit {
				continue
			}
			if st.Reason == vm.StopIdle && next < len(events) && events[next].Time <= m.Time() {
				continue
			}
			break
		}
		if m.Time() != target {
			t.Fatalf("%s: straight run stopped at %d before %d", fw.name, m.Time(), target)
		}
		out = append(out, m.StateHash())
	}
	return out
}

// inputGap is the spacing of live input in recordRun.
const inputGap = 30_000

// recordRun runs a timeline over the firmware at the end of history until
// it exits or reaches maxSteps, sending fw.input as live input every
// inputGap steps (or at once when the guest idles waiting for it).
func recordRun(t testing.TB, fw firmware, opt Options, maxSteps uint64) *Timeline {
	t.Helper()
	tl := New(boot(t, fw), opt)
	input := fw.input
	for tl.Now() < maxSteps {
		limit := min(maxSteps, tl.Now()+inputGap)
		st := tl.Run(limit)
		switch st.Reason {
		case vm.StopLimit, vm.StopIdle:
			if len(input) > 0 {
				if _, err := tl.UARTInput(input[0]); err != nil {
					t.Fatal(err)
				}
				input = input[1:]
			} else if st.Reason == vm.StopIdle {
				return tl
			}
		default:
			return tl
		}
	}
	return tl
}
