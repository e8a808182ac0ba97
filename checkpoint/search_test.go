package checkpoint

import (
	"errors"
	"slices"
	"testing"

	"github.com/rewind-debugger/rewind/vm"
)

// TestSearchBackVisitsNewestFirst: SearchBack visits every hit before Now
// and at or after the floor exactly once, newest first, with its note,
// whatever the window and split boundaries; it stops where the visitor
// says, and keeps the timeline's own conditions.
func TestSearchBackVisitsNewestFirst(t *testing.T) {
	const end = 2_000_000
	hot := symbol(t, loopELF, "hot")
	ref := hitTimes(t, hot, end)
	tl := newLoop(t, Options{Interval: 1 << 16}, end)
	own := Conditions{Traps: true}
	tl.SetConditions(own)
	for _, tt := range []struct {
		name      string
		from, flr uint64
	}{
		{"from the end, whole history", end, 0},
		{"from the middle, to a floor", end/2 + 77, end / 3},
		{"a short range", end - 1000, end - 5000},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if err := tl.Seek(tt.from); err != nil {
				t.Fatal(err)
			}
			var want []uint64
			for _, h := range ref {
				if h >= tt.flr && h < tt.from {
					want = append(want, h)
				}
			}
			slices.Reverse(want)
			c := Conditions{Breakpoints: []Breakpoint{{Addr: hot, Hart: -1}},
				Note: func(m *vm.Machine, st vm.Stop) uint64 { return st.Time * 3 }}
			var got []uint64
			_, found, err := tl.SearchBack(c, tt.flr, func(h Hit) bool {
				if h.Note != h.Time*3 || h.PC != hot {
					t.Fatalf("hit %+v: wrong note or pc", h)
				}
				got = append(got, h.Time)
				return false
			})
			if err != nil || found || !slices.Equal(got, want) {
				t.Fatalf("visited %d hits (found=%v, err=%v), want %d; first %v, want %v",
					len(got), found, err, len(want), got[:min(3, len(got))], want[:min(3, len(want))])
			}
			if len(want) > 5 {
				if err := tl.Seek(tt.from); err != nil {
					t.Fatal(err)
				}
				n := 0
				h, found, err := tl.SearchBack(c, tt.flr, func(Hit) bool { n++; return n == 5 })
				if err != nil || !found || h.Time != want[4] {
					t.Fatalf("stopping at the fifth: %+v found=%v err=%v, want time %d", h, found, err, want[4])
				}
			}
			if !tl.cond.Traps || len(tl.cond.Breakpoints) != 0 {
				t.Fatalf("the timeline's conditions changed: %+v", tl.cond)
			}
		})
	}
}

// TestSearchBackPaused: a pending Pause stops the search at once.
func TestSearchBackPaused(t *testing.T) {
	tl := newLoop(t, Options{}, 100_000)
	tl.Pause()
	c := Conditions{Breakpoints: []Breakpoint{{Addr: symbol(t, loopELF, "hot"), Hart: -1}}}
	if _, _, err := tl.SearchBack(c, 0, func(Hit) bool { return false }); !errors.Is(err, ErrPaused) {
		t.Fatalf("paused search: %v", err)
	}
}
