package debugger

import "github.com/rewind-debugger/rewind/svd"

// periphWatchText fills a data stop's Old and New values when the
// breakpoint watches a peripheral register: named ("CLINT.mtimecmph"), or
// set on the register's exact address and width (DAP's data breakpoint
// on a Peripherals row, whose name is a description). The values are the
// register before and after the access, fields decoded.
func (s *Session) periphWatchText(expr string, w *WatchValues) {
	if len(w.Before) != len(w.After) || len(w.Before) == 0 || len(w.Before) > 8 {
		return
	}
	r := s.watchedRegister(expr, w.Addr, w.Size)
	if r == nil {
		return
	}
	text := func(b []byte) string {
		var v uint64
		for i := len(b) - 1; i >= 0; i-- {
			v = v<<8 | uint64(b[i])
		}
		v &= r.Mask()
		return PeripheralRegister{Register: r, Value: v, Fields: r.Decode(v)}.Text()
	}
	w.Old, w.New = text(w.Before), text(w.After)
}

// watchedRegister is the register a data breakpoint watches, nil if none.
func (s *Session) watchedRegister(expr string, addr, size uint32) *svd.Register {
	if p, ok, err := s.PeripheralPath(expr); ok && err == nil && p.Register != nil {
		return p.Register
	}
	if s.periph.dev == nil {
		return nil
	}
	for _, p := range s.periph.dev.Peripherals {
		for _, r := range p.Registers {
			if r.Address == uint64(addr) && registerWidth(r) == int(size) && r.Access.Readable() {
				return r
			}
		}
	}
	return nil
}
