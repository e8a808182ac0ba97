//go:build integration

package symbols

import (
	"fmt"
	"syscall"
	"testing"
	"time"
)

// imageTarget reads the ELF's initialised data and zeros elsewhere: the
// machine state right after loading, enough to format every global.
type imageTarget struct{ tab *Table }

func (m imageTarget) ReadMemory(addr uint32, buf []byte) error {
	if !m.tab.ReadImage(addr, buf) {
		clear(buf)
	}
	return nil
}
func (m imageTarget) WriteMemory(uint32, []byte) error { return nil }
func (m imageTarget) Register(int) uint32              { return 0 }
func (m imageTarget) PC() uint32                       { return m.tab.Entry() }
func (m imageTarget) CSR(uint16) (uint32, bool)        { return 0, false }
func (m imageTarget) SetRegister(int, uint32) error    { return nil }

// globalsScope does what a debugger's Globals scope does on a freshly
// loaded table: evaluate every global and format it as a variables row.
func globalsScope(tb testing.TB, tab *Table) []View {
	f := tab.GlobalFrame(imageTarget{tab})
	env := f.Env()
	gs := f.Globals()
	out := make([]View, 0, len(gs))
	for _, g := range gs {
		if g.Err != nil {
			tb.Fatalf("%s: %v", g.Name, g.Err)
		}
		out = append(out, tab.MakeView(g.Name, g.Value, env, FormatOptions{}))
	}
	return out
}

// BenchmarkGlobals times the first Globals scope (cold type cache) of
// generated firmware with 1875, 3750 and 7500 globals; the time per scope
// must grow linearly with the count. The ELF is loaded outside the timer.
func BenchmarkGlobals(b *testing.B) {
	for _, n := range []int{1875, 3750, 7500} {
		path, err := buildGlobalsELF(b.TempDir(), n)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprint(n), func(b *testing.B) { benchGlobalsScope(b, path, n) })
	}
	// The 5 MB firmware of BenchmarkLoadLarge: 7500 functions, 7500 globals.
	big := buildBigELF(b, b.TempDir())
	b.Run("big5MB", func(b *testing.B) { benchGlobalsScope(b, big, bigFunctions) })
}

// benchGlobalsScope times the first Globals scope of the ELF at path,
// which has n globals, and reports CPU time per scope too.
func benchGlobalsScope(b *testing.B, path string, n int) {
	b.ReportAllocs()
	var cpu time.Duration
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		tab, err := Open(path)
		if err != nil {
			b.Fatal(err)
		}
		before := processCPU()
		b.StartTimer()
		if got := len(globalsScope(b, tab)); got != n {
			b.Fatalf("%d globals, want %d", got, n)
		}
		b.StopTimer()
		cpu += processCPU() - before
		b.StartTimer()
	}
	b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/op")
}

// processCPU is the user plus system CPU time the process has used: on a
// shared machine it is steadier than wall time.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// TestTypeReaderMatchesGodwarfGenerated is TestTypeReaderMatchesGodwarf on
// the generated firmware: per-global structs with arrays, bitfields,
// unions, enums and self pointers.
func TestTypeReaderMatchesGodwarfGenerated(t *testing.T) {
	path, err := buildGlobalsELF(t.TempDir(), 2*globalsPerUnit)
	if err != nil {
		t.Fatal(err)
	}
	compareTypeReaders(t, path)
}
