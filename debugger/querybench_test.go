package debugger

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"
)

// BenchmarkQueries times each whole-history query on histload (a loop
// that writes `marker` from sample() every 2^20 iterations and takes a
// timer interrupt every 10^6 timer ticks) after 10^8 instructions of
// history, and after REWIND_BENCH_STEPS when set (e.g. 1000000000).
func BenchmarkQueries(b *testing.B) {
	lengths := []uint64{100_000_000}
	if n, err := strconv.ParseUint(os.Getenv("REWIND_BENCH_STEPS"), 10, 64); err == nil && n > 0 {
		lengths = []uint64{n}
	}
	for _, n := range lengths {
		s := histloadSession(b, n)
		marker, err := s.DataTargetOf(0, 0, "marker")
		if err != nil {
			b.Fatal(err)
		}
		name := "steps=" + strconv.FormatUint(n, 10)
		queries := []struct {
			what string
			run  func() (QueryInfo, error)
		}{
			{"writes", func() (QueryInfo, error) {
				r, err := s.QueryWrites(marker.Addr, marker.Size, QueryPage{})
				return r.QueryInfo, err
			}},
			{"calls", func() (QueryInfo, error) {
				r, err := s.QueryCalls("sample", QueryPage{})
				return r.QueryInfo, err
			}},
			{"events", func() (QueryInfo, error) {
				r, err := s.QueryEvents(EventFilter{Kind: EventInterrupt, Code: 7}, QueryPage{})
				return r.QueryInfo, err
			}},
			{"logpoint", func() (QueryInfo, error) {
				r, err := s.QueryLogPoint("histload.c", 64, "h={h}", QueryPage{})
				return r.QueryInfo, err
			}},
		}
		for _, q := range queries {
			b.Run(name+"/"+q.what, func(b *testing.B) {
				var info QueryInfo
				cpu := cpuTime()
				for b.Loop() {
					s.events = eventsCache{} // the whole history each time, not the answer kept
					if info, err = q.run(); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric((cpuTime()-cpu)/float64(b.N), "cpu-s/op")
				b.ReportMetric(float64(info.Total), "hits")
			})
		}
	}
}

// histloadSession runs histload for n instructions.
func histloadSession(b *testing.B, n uint64) *Session {
	path := filepath.Join("..", "testdata", "dataflow", "histload.elf")
	elf, err := os.ReadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	s, err := New(elf, Options{Path: path})
	if err != nil {
		b.Fatal(err)
	}
	if st := s.StepCount(0, ByInstruction, false, n); st.Reason != ReasonStep {
		b.Fatalf("running %d steps: %v", n, st)
	}
	return s
}

// BenchmarkOriginStep times one origin step on histload after 10^8
// instructions (REWIND_BENCH_STEPS to change): of `marker` (its last
// store, up to 2^20 loop iterations back) and of ra (the last call).
func BenchmarkOriginStep(b *testing.B) {
	n := uint64(100_000_000)
	if v, err := strconv.ParseUint(os.Getenv("REWIND_BENCH_STEPS"), 10, 64); err == nil && v > 0 {
		n = v
	}
	s := histloadSession(b, n)
	for _, expr := range []string{"marker", "$ra"} {
		v, err := s.ValueOf(0, 0, expr)
		if err != nil {
			b.Fatal(err)
		}
		b.Run("steps="+strconv.FormatUint(n, 10)+"/"+expr, func(b *testing.B) {
			var node OriginNode
			for b.Loop() {
				if node, err = s.Origin(v); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(v.Time-node.Time), "steps-back")
		})
	}
}
