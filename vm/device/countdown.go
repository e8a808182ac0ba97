package device

// countdown is a down-counter clocked by ticks, as QEMU's ptimer runs the
// CMSDK timers: it counts down once per tick while running, holds 0 for
// one tick, then reloads (a cycle of reload+1 ticks); one-shot counters
// and counters with reload 0 stop at 0. The interrupt fires each time the
// count reaches 0 by counting down. The state is an anchor: the tick at
// which the counter held val; it is kept normalised (sync) so equal
// histories give equal bytes.
type countdown struct {
	run bool
	at  uint64 // tick of the anchor (0 when stopped)
	val uint32 // count at the anchor
}

// next returns the tick of the next zero crossing after the anchor.
func (c *countdown) next(reload uint32, oneshot bool) (uint64, bool) {
	switch {
	case !c.run:
		return 0, false
	case c.val != 0:
		return c.at + uint64(c.val), true
	case oneshot || reload == 0:
		return 0, false
	}
	return c.at + uint64(reload) + 1, true
}

// sync applies the zero crossings up to tick now; it reports whether any
// happened. The anchor moves to the last one.
func (c *countdown) sync(now uint64, reload uint32, oneshot bool) bool {
	first, ok := c.next(reload, oneshot)
	if !ok || now < first {
		return false
	}
	if oneshot || reload == 0 {
		*c = countdown{}
		return true
	}
	cycle := uint64(reload) + 1
	c.at, c.val = first+(now-first)/cycle*cycle, 0
	return true
}

// value returns the count at tick now (after sync).
func (c *countdown) value(now uint64, reload uint32) uint32 {
	if !c.run {
		return c.val
	}
	e := now - c.at
	if e <= uint64(c.val) {
		return c.val - uint32(e)
	}
	e -= uint64(c.val) + 1
	return reload - uint32(e%(uint64(reload)+1))
}

// set loads count v at tick now, running or stopped.
func (c *countdown) set(now uint64, v uint32, run bool) {
	*c = countdown{run: run, val: v}
	if run {
		c.at = now
	}
}

// save appends the counter to w.
func (c *countdown) save(w *stateWriter) {
	w.bool(c.run)
	w.u64(c.at)
	w.u32(c.val)
}

// restore reads a counter written by save.
func (c *countdown) restore(r *stateReader) {
	*c = countdown{run: r.bool(), at: r.u64(), val: r.u32()}
	if !c.run && c.at != 0 {
		r.fail("stopped counter with an anchor")
	}
}
