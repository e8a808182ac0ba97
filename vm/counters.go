package vm

// counted returns steps, or 0 when mcountinhibit bit stops the counter
// (inhibitCY for mcycle, inhibitIR for minstret).
func (h *Hart) counted(bit uint32, steps uint64) uint64 {
	if h.mcountinhibit&bit != 0 {
		return 0
	}
	return steps
}

// retire adds the n steps of a finished batch to mcycle and minstret,
// except those mcountinhibit stops. It runs once per batch: a write to
// mcountinhibit ends the batch, so the bits are constant within one.
func (h *Hart) retire(n uint64) {
	h.cycle += h.counted(inhibitCY, n)
	h.instret += h.counted(inhibitIR, n)
}

// setCountInhibit writes mcountinhibit. after is the number of steps the
// end of the current batch will still pass to retire (see writeCSR): the
// counters are adjusted so that the steps up to and including the writing
// instruction count under the old bits and none under the new ones.
func (h *Hart) setCountInhibit(v uint32, after uint64) {
	old := h.mcountinhibit
	h.mcountinhibit = v
	adjust := func(c *uint64, bit uint32) {
		switch {
		case old&bit == 0 && v&bit != 0: // stops: count the batch so far now
			*c += after
		case old&bit != 0 && v&bit == 0: // starts: retire will add after steps not to count
			*c -= after
		}
	}
	adjust(&h.cycle, inhibitCY)
	adjust(&h.instret, inhibitIR)
}
