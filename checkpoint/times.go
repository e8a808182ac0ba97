package checkpoint

// maxListed bounds the checkpoint times CheckpointTimes returns.
const maxListed = 1024

// CheckpointTimes returns the times of the checkpoints the timeline holds,
// oldest first (the seek cache's short-lived ones are not included); of
// more than maxListed, an evenly spread selection with the first and the
// last. A time slider shows them as the places where seeking is cheapest.
func (t *Timeline) CheckpointTimes() []uint64 {
	n := len(t.store.snaps)
	step := max(1, (n+maxListed-1)/maxListed)
	times := make([]uint64, 0, n/step+1)
	for i := 0; i < n; i += step {
		times = append(times, t.store.snaps[i].time)
	}
	if last := t.store.snaps[n-1].time; times[len(times)-1] != last {
		times = append(times, last)
	}
	return times
}
