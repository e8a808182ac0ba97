package checkpoint

import (
	"slices"
	"testing"
)

// TestBudgetIsSpent: with a budget, checkpoints stay at full density until
// it is reached; then evictions keep the held bytes under it while using
// most of it, the start and the newest stay, gaps grow with age, and
// merged summaries keep every page.
func TestBudgetIsSpent(t *testing.T) {
	const K, size, budget = 1000, 100, 100 * 64
	st := store{interval: K, dense: 8, budget: budget}
	st.add(&snap{time: 0, size: size, seg: summary{known: true}})
	for now := uint64(K); now <= 5000*K; now += K {
		st.add(&snap{time: now, size: size, seg: summary{known: true, exec: lineSet{{Page: uint32(now / K), Lines: 1}}}})
		st.thin(now)
		if now < 60*K && len(st.snaps) != int(now/K)+1 {
			t.Fatalf("at %d: %d checkpoints, want every one while under the budget", now, len(st.snaps))
		}
		if st.held > budget || st.held != int64(len(st.snaps))*size {
			t.Fatalf("at %d: %d bytes held (%d checkpoints), budget %d", now, st.held, len(st.snaps), budget)
		}
	}
	if len(st.snaps) < 7*64/8-1 {
		t.Fatalf("%d checkpoints left: the budget is not spent", len(st.snaps))
	}
	if st.snaps[0].time != 0 || st.last().time != 5000*K {
		t.Fatal("the start or the newest checkpoint was evicted")
	}
	n := len(st.snaps)
	oldGap := st.snaps[1].time - st.snaps[0].time
	newGap := st.snaps[n-1].time - st.snaps[n-2].time
	if oldGap <= newGap {
		t.Fatalf("oldest gap %d, newest %d: not denser near the present", oldGap, newGap)
	}
	var all []uint32
	for _, sn := range st.snaps[:n-1] {
		for _, pl := range sn.seg.exec {
			all = append(all, pl.Page)
		}
	}
	if len(all) != 4999 || !slices.IsSorted(all) {
		t.Fatalf("summaries lost pages: %d", len(all))
	}
}
