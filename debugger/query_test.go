package debugger

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/rewind-debugger/rewind/checkpoint"
	"github.com/rewind-debugger/rewind/symbols/cexpr"
	"github.com/rewind-debugger/rewind/vm"
)

// queryFirmware opens a test firmware, runs it to its end and returns the
// session there.
func queryFirmware(t *testing.T, name string, input string, logs func(string, uint64)) *Session {
	t.Helper()
	return queryFirmwareWith(t, name, func(s *Session) {
		if input != "" {
			if err := s.UARTInput([]byte(input)); err != nil {
				t.Fatal(err)
			}
		}
	}, logs)
}

// queryFirmwareWith is queryFirmware with setup called before the run.
func queryFirmwareWith(t *testing.T, name string, setup func(*Session), logs func(string, uint64)) *Session {
	t.Helper()
	path := filepath.Join("..", "testdata", "firmware", name)
	elf, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	harts := 1
	if name == "atomic.elf" {
		harts = 2
	}
	s, err := New(elf, Options{Path: path, Log: logs, Harts: harts, CheckpointInterval: 1 << 10}) // many segments
	if err != nil {
		t.Fatal(err)
	}
	setup(s)
	for i := 0; i < 100; i++ {
		st := s.Continue()
		if st.Reason == ReasonExiting || st.Reason == ReasonExited || st.Reason == ReasonHalted {
			return s
		}
	}
	t.Fatalf("%s did not end", name)
	return nil
}

// stepAll single-steps the whole history from its start and calls at
// before each step (with the time) and after it (with the machine stop of
// that one step under conditions c).
func stepAll(t *testing.T, s *Session, c checkpoint.Conditions, at func(now uint64, after *vm.Stop)) {
	t.Helper()
	if err := s.tl.Seek(s.tl.Start()); err != nil {
		t.Fatal(err)
	}
	s.tl.SetConditions(c)
	for now := s.tl.Start(); now < s.tl.End(); now = s.tl.Now() {
		at(now, nil)
		for s.tl.Now() == now {
			st := s.tl.Run(now + 1)
			if st.Reason == vm.StopExit {
				return // the exit: the end of history
			}
			if st.Reason != vm.StopLimit && st.Reason != vm.StopBreakpoint && st.Reason != vm.StopWatchpoint && st.Reason != vm.StopTrap {
				t.Fatalf("single step from %d: %v", now, st.Reason)
			}
			at(now, &st)
		}
		if s.tl.Now() != now+1 {
			t.Fatalf("single step from %d reached %d", now, s.tl.Now())
		}
	}
}

var queryCases = []struct {
	elf, input string
}{
	{"demo.elf", ""}, {"timer.elf", ""}, {"counter.elf", ""}, {"atomic.elf", ""},
}

// TestQueryWritesAgainstSteps compares a writes query with the stores a
// single-stepped replay sees, for a global of each firmware.
func TestQueryWritesAgainstSteps(t *testing.T) {
	ranges := map[string]string{"demo.elf": "sensor", "timer.elf": "ticks", "counter.elf": "g_tx", "atomic.elf": "amo_counter"}
	for _, tc := range queryCases {
		t.Run(tc.elf, func(t *testing.T) {
			s := queryFirmware(t, tc.elf, tc.input, nil)
			v, err := s.EvaluateGlobal(ranges[tc.elf])
			if err != nil {
				t.Skipf("no %s: %v", ranges[tc.elf], err)
			}
			size := uint32(cexpr.Size(v.Type))
			now := s.Now()
			got, err := s.QueryWrites(v.Addr, size, QueryPage{Limit: MaxQueryLimit})
			if err != nil {
				t.Fatal(err)
			}
			if s.Now() != now {
				t.Fatalf("query moved the session from %d to %d", now, s.Now())
			}
			var want []Write
			var before []byte
			c := checkpoint.Conditions{Watchpoints: []checkpoint.Watchpoint{{Addr: v.Addr, Size: size, Access: vm.AccessWrite}}}
			var pcs []uint32
			stepAll(t, s, c, func(now uint64, st *vm.Stop) {
				if st == nil {
					before, _ = s.ReadMemory(v.Addr, int(size))
					pcs = pcs[:0]
					for h := range s.m.Harts() {
						pcs = append(pcs, s.m.Hart(h).PC())
					}
					return
				}
				if st.Reason != vm.StopWatchpoint {
					return
				}
				after, _ := s.ReadMemory(v.Addr, int(size))
				off := st.Addr - v.Addr
				pc := pcs[st.Hart]
				w := Write{Time: now, Hart: st.Hart, PC: pc, Addr: st.Addr, Size: st.Size,
					Old: before[off : off+uint32(st.Size)], New: after[off : off+uint32(st.Size)]}
				w.Function, w.File, w.Line = s.placeOf(pc)
				want = append(want, w)
			})
			if len(want) == 0 {
				t.Fatal("the replay saw no write: a useless case")
			}
			page := want[:min(len(want), MaxQueryLimit)]
			if got.Total != len(want) || !slices.EqualFunc(got.Writes, page, equalWrite) {
				i := firstDiff(got.Writes, page, equalWrite)
				t.Fatalf("query: %d writes, steps: %d; first difference at %d:\n%+v\n%+v", got.Total, len(want), i, at(got.Writes, i), at(want, i))
			}
			checkPages(t, len(want), func(p QueryPage) ([]Write, QueryInfo) {
				r, err := s.QueryWrites(v.Addr, size, p)
				if err != nil {
					t.Fatal(err)
				}
				return r.Writes, r.QueryInfo
			}, want, equalWrite)
		})
	}
}

func equalWrite(a, b Write) bool {
	return a.Time == b.Time && a.Hart == b.Hart && a.PC == b.PC && a.Addr == b.Addr && a.Size == b.Size &&
		bytes.Equal(a.Old, b.Old) && bytes.Equal(a.New, b.New) && a.Line == b.Line && a.Function == b.Function
}

// firstDiff is the first index where two lists differ.
func firstDiff[T any](a, b []T, eq func(a, b T) bool) int {
	for i := range min(len(a), len(b)) {
		if !eq(a[i], b[i]) {
			return i
		}
	}
	return min(len(a), len(b))
}

// at is l[i] or the zero value.
func at[T any](l []T, i int) T {
	var z T
	if i < len(l) {
		return l[i]
	}
	return z
}

// checkPages checks the first and last pages of a query against the list.
func checkPages[T any](t *testing.T, n int, q func(QueryPage) ([]T, QueryInfo), all []T, eq func(a, b T) bool) {
	t.Helper()
	k := min(max(1, n/3), 1000)
	first, info := q(QueryPage{Limit: k})
	if info.Total != n || !slices.EqualFunc(first, all[:k], eq) || info.Truncated != (k < n) {
		t.Errorf("first %d: total %d, %d listed, truncated %v", k, info.Total, len(first), info.Truncated)
	}
	last, info := q(QueryPage{Limit: k, Last: true})
	if info.Total != n || !slices.EqualFunc(last, all[n-k:], eq) {
		t.Errorf("last %d: total %d, %d listed", k, info.Total, len(last))
	}
}
