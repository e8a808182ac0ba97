package device

// Raiser is an interrupt line that takes a new request while it is
// already high: QEMU 7.2's SiFive PLIC makes a source pending on every
// raise of its line, and QEMU's SiFive devices raise their lines again at
// each update.
type Raiser interface {
	IRQLine
	Raise()
}

// signal drives l as a device's update does: a high line is raised again,
// a new request where the line takes them (Raiser), a level elsewhere.
// Restoring a device's state drives its lines with SetLevel instead: that
// is no new request.
func signal(l IRQLine, high bool) {
	if r, ok := l.(Raiser); ok && high {
		r.Raise()
		return
	}
	l.SetLevel(high)
}
