package checkpoint

import (
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/rewind-debugger/rewind/vm"
)

// Benchmarks of the timeline. The big depth (10^9 steps of history, about
// 10 s to build) runs only with REWIND_BIG_BENCH=1:
//
//	go test -run='^$' -bench=. -benchtime=20x ./checkpoint
//	REWIND_BIG_BENCH=1 go test -run='^$' -bench=Timeline -benchtime=20x -timeout=30m ./checkpoint
//	REWIND_BENCH_DEPTH=1e10 go test -run='^$' -bench=Timeline/.*/seek -benchtime=50x -timeout=30m ./checkpoint
//
// The memory benchmark reports the process's peak RSS so far, which the
// deepest history dominates when it is built last.

func depths() []uint64 {
	d := []uint64{1e6, 1e8}
	if os.Getenv("REWIND_BIG_BENCH") == "1" {
		d = append(d, 1e9)
	}
	if env := os.Getenv("REWIND_BENCH_DEPTH"); env != "" {
		d = nil // these depths, e.g. REWIND_BENCH_DEPTH=1e10 or 1e8,1e9,1e10
		for _, f := range strings.Split(env, ",") {
			if v, err := strconv.ParseFloat(strings.TrimSpace(f), 64); err == nil && v >= 1 {
				d = append(d, uint64(v))
			}
		}
	}
	return d
}

// peakRSS is the process's peak resident set size in bytes (VmHWM), 0
// where /proc does not say.
func peakRSS() int64 {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(data), "\n") {
		if f := strings.Fields(line); len(f) == 3 && f[0] == "VmHWM:" && f[2] == "kB" {
			kb, _ := strconv.ParseInt(f[1], 10, 64)
			return kb << 10
		}
	}
	return 0
}

// BenchmarkRecordingOverhead runs the compute firmware for 50 M steps on a
// bare machine and on a timeline taking checkpoints, and reports both
// speeds and the overhead.
func BenchmarkRecordingOverhead(b *testing.B) {
	const steps = 50_000_000
	fw := firmware{name: "bench", path: "../testdata/firmware/bench.elf", harts: 1}
	var off, on time.Duration
	var held int64
	for range b.N {
		m := boot(b, fw)
		t0 := time.Now()
		for m.Time() < steps { // the same 1 M batches as rewind run
			if st := m.Run(min(m.Time()+1<<20, steps)); st.Reason != vm.StopLimit {
				b.Fatal(st.Reason)
			}
		}
		off += time.Since(t0)
		tl := New(boot(b, fw), Options{})
		t0 = time.Now()
		for tl.Now() < steps {
			if st := tl.Run(min(tl.Now()+1<<20, steps)); st.Reason != vm.StopLimit {
				b.Fatal(st.Reason)
			}
		}
		on += time.Since(t0)
		held = tl.Stats().Bytes
	}
	n := float64(b.N) * steps
	b.ReportMetric(n/off.Seconds()/1e6, "Minst/s-off")
	b.ReportMetric(n/on.Seconds()/1e6, "Minst/s-on")
	b.ReportMetric(100*(on.Seconds()/off.Seconds()-1), "overhead-%")
	b.ReportMetric(float64(held)/(1<<20), "ckpt-MiB")
}

// BenchmarkTimeline builds a history of each depth on the loop program
// (a hot function every ~150 steps, "once" executed only at the start) and
// measures the reverse operations on it.
func BenchmarkTimeline(b *testing.B) {
	hot := symbol(b, loopELF, "hot")
	once := symbol(b, loopELF, "once")
	for _, depth := range depths() {
		tl := New(boot(b, firmware{path: loopELF, harts: 1}), Options{})
		t0 := time.Now()
		if st := tl.Run(depth); st.Reason != vm.StopLimit {
			b.Fatal(st.Reason)
		}
		build := time.Since(t0)
		name := fmt.Sprintf("depth=%.0e", float64(depth))
		b.Run(name+"/memory", func(b *testing.B) {
			b.ReportMetric(float64(tl.store.bytes())/(1<<20), "ckpt-MiB")
			b.ReportMetric(float64(DefaultBudget)/(1<<20), "budget-MiB")
			b.ReportMetric(float64(len(tl.store.snaps)), "checkpoints")
			b.ReportMetric(float64(depth)/build.Seconds()/1e6, "record-Minst/s")
			b.ReportMetric(float64(peakRSS())/(1<<20), "peak-RSS-MiB")
		})
		b.Run(name+"/step-back", func(b *testing.B) {
			rng := rand.New(rand.NewPCG(1, depth))
			lat := measure(b, func(i int) {
				if i%20 == 0 { // move somewhere else in history, untimed
					b.StopTimer()
					pos := depth
					if i > 0 {
						pos = 1 + rng.Uint64N(depth)
					}
					if err := tl.Seek(pos); err != nil {
						b.Fatal(err)
					}
					b.StartTimer()
				}
			}, func() {
				if _, err := tl.StepBack(1); err != nil {
					b.Fatal(err)
				}
			})
			reportLatency(b, lat)
		})
		b.Run(name+"/seek-random", func(b *testing.B) {
			rng := rand.New(rand.NewPCG(3, depth))
			lat := measure(b, func(int) {}, func() {
				if err := tl.Seek(rng.Uint64N(depth + 1)); err != nil {
					b.Fatal(err)
				}
			})
			reportLatency(b, lat)
		})
		b.Run(name+"/reverse-once", func(b *testing.B) {
			tl.SetConditions(Conditions{Breakpoints: []Breakpoint{{Addr: once, Hart: -1}}})
			defer tl.SetConditions(Conditions{})
			lat := measure(b, func(int) { seekUntimed(b, tl, depth) }, func() {
				if _, found, err := tl.ReverseContinue(); !found || err != nil {
					b.Fatalf("found=%v err=%v", found, err)
				}
			})
			reportLatency(b, lat)
		})
		b.Run(name+"/reverse-hot", func(b *testing.B) {
			tl.SetConditions(Conditions{Breakpoints: []Breakpoint{{Addr: hot, Hart: -1}}})
			defer tl.SetConditions(Conditions{})
			rng := rand.New(rand.NewPCG(2, depth))
			lat := measure(b, func(int) { seekUntimed(b, tl, depth/2+rng.Uint64N(depth/2)) }, func() {
				if _, found, err := tl.ReverseContinue(); !found || err != nil {
					b.Fatalf("found=%v err=%v", found, err)
				}
			})
			reportLatency(b, lat)
		})
	}
}

func seekUntimed(b *testing.B, tl *Timeline, t uint64) {
	b.StopTimer()
	if err := tl.Seek(t); err != nil {
		b.Fatal(err)
	}
	b.StartTimer()
}

// measure runs op b.N times after prepare(i) and returns each op's time.
func measure(b *testing.B, prepare func(i int), op func()) []time.Duration {
	lat := make([]time.Duration, 0, b.N)
	for i := range b.N {
		prepare(i)
		t0 := time.Now()
		op()
		lat = append(lat, time.Since(t0))
	}
	return lat
}

func reportLatency(b *testing.B, lat []time.Duration) {
	slices.Sort(lat)
	ms := func(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
	b.ReportMetric(ms(lat[len(lat)/2]), "median-ms")
	b.ReportMetric(ms(lat[len(lat)-1]), "worst-ms")
}
