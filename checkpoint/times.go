package checkpoint

// CheckpointTimes returns the times of the checkpoints the timeline holds,
// oldest first (the seek cache's short-lived ones are not included). A time
// slider shows them as the places where seeking is cheapest.
func (t *Timeline) CheckpointTimes() []uint64 {
	times := make([]uint64, len(t.store.snaps))
	for i, sn := range t.store.snaps {
		times[i] = sn.time
	}
	return times
}
