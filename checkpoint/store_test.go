package checkpoint

import (
	"slices"
	"testing"

	"github.com/rewind-debugger/rewind/vm"
)

// TestThinning: after L steps, O(log L) checkpoints remain, dense near the
// present, the start always kept, spacing growing with age.
func TestThinning(t *testing.T) {
	const K = 1000
	st := store{interval: K, dense: 8, budget: -1}
	st.add(&snap{time: 0, seg: summary{known: true}})
	counts := map[uint64]int{}
	for now := uint64(K); now <= 1<<18*K; now += K {
		st.add(&snap{time: now, seg: summary{known: true, exec: lineSet{{Page: uint32(now / K), Lines: 1}}}})
		st.thin(now)
		if n := now / K; n&(n-1) == 0 {
			counts[now/K] = len(st.snaps)
		}
	}
	if n := len(st.snaps); n > 8+8*11 {
		t.Fatalf("%d checkpoints after 2^18 intervals: not O(log L)", n)
	}
	if st.snaps[0].time != 0 {
		t.Fatal("start checkpoint evicted")
	}
	end := st.last().time
	for i := 1; i < len(st.snaps)-1; i++ {
		if end-st.snaps[i].time < 8*K && st.snaps[i+1].time-st.snaps[i].time != K {
			t.Fatalf("recent checkpoints not dense at %d", st.snaps[i].time)
		}
		gap := st.snaps[i].time - st.snaps[i-1].time
		if next := st.snaps[i+1].time - st.snaps[i].time; next > gap {
			t.Fatalf("spacing grows toward the present at %d", st.snaps[i].time)
		}
	}
	// Merged summaries keep every page of the segments they replace.
	var all []uint32
	for _, sn := range st.snaps[:len(st.snaps)-1] {
		for _, pl := range sn.seg.exec {
			all = append(all, pl.Page)
		}
	}
	if len(all) != 1<<18-1 || !slices.IsSorted(all) {
		t.Fatalf("summaries lost pages: %d", len(all))
	}
	t.Logf("checkpoints by intervals run: %v", counts)
}

// TestBudget: the checkpoints' memory stays under the budget and seeking
// still works.
func TestBudget(t *testing.T) {
	fw := firmware{name: "bench", path: "../testdata/firmware/bench.elf", harts: 1}
	const budget = 256 << 10
	tl := New(boot(t, fw), Options{Interval: 4096, Budget: budget})
	st := tl.Run(3_000_000)
	if n := tl.store.bytes(); n > budget && len(tl.store.snaps) > 2 {
		t.Fatalf("checkpoints hold %d bytes, budget %d", n, budget)
	}
	end := tl.End()
	times := []uint64{end / 3, end / 2, end - 1}
	ref := straight(t, fw, nil, times)
	for i, at := range times {
		if err := tl.Seek(at); err != nil {
			t.Fatal(err)
		}
		if tl.Machine().StateHash() != ref[i] {
			t.Fatalf("seek %d differs", at)
		}
	}
	t.Logf("%v at %d: %d checkpoints, %d bytes", st.Reason, end, len(tl.store.snaps), tl.store.bytes())
	_ = vm.StopLimit
}
