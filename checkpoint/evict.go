package checkpoint

import (
	"cmp"
	"slices"
)

// evict removes checkpoints, cheapest first (see cost), until they hold at
// most target bytes or only the start and the newest remain. A removal
// frees the pages the checkpoint owned except those the next one shares,
// which that one then owns; the pass estimates with the size alone and
// the loop goes on until the recount is under the target. Each pass
// ranks every checkpoint once and removes the cheapest half of them that
// have no removed neighbour in the pass (a removal changes its neighbours'
// costs), so a batch costs O(n log n) and batches are rare.
func (st *store) evict(end uint64, target int64) {
	for st.held > target && len(st.snaps) > 2 {
		n := len(st.snaps)
		order := make([]int, 0, n-2)
		costs := make([]float64, n)
		for i := 1; i < n-1; i++ {
			costs[i] = st.cost(i, end)
			order = append(order, i)
		}
		slices.SortFunc(order, func(a, b int) int { return cmp.Compare(costs[a], costs[b]) })
		gone := make([]bool, n)
		for _, i := range order[:max(1, len(order)/2)] {
			if st.held <= target {
				break
			}
			if gone[i-1] || gone[i+1] {
				continue
			}
			gone[i] = true
			st.held -= st.snaps[i].size
		}
		st.compact(gone)
	}
}

// compact drops the checkpoints marked gone, folding each one's segment
// summary into the checkpoint kept before it.
func (st *store) compact(gone []bool) {
	kept := st.snaps[:0]
	var moved []int // kept checkpoints right after a removed one
	for i, sn := range st.snaps {
		if gone[i] {
			kept[len(kept)-1].seg.merge(sn.seg)
			continue
		}
		if i > 0 && gone[i-1] {
			moved = append(moved, len(kept))
		}
		kept = append(kept, sn)
	}
	clear(st.snaps[len(kept):])
	st.snaps = kept
	for _, i := range moved {
		st.resize(i) // ownership of what the removed one shared moves here
	}
}
