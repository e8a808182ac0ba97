package debugger

import (
	"github.com/rewind-debugger/rewind/symbols"
	"github.com/rewind-debugger/rewind/symbols/cexpr"
)

// WatchValues is the watched memory of a data stop just before and just
// after the access, whatever the direction of the run and wherever the
// session was before it (front-ends must not remember values across
// stops: after a seek they would be from another time).
type WatchValues struct {
	Addr, Size uint32
	// Before is the memory's content just before the access, After just
	// after it. A read leaves them equal.
	Before, After []byte
	// Old and New are Before and After formatted as the watched
	// expression's type ("" for a breakpoint not made by WatchSpec).
	Old, New string
}

// noteHits completes a breakpoint stop: it counts the stop on each of its
// breakpoints, removes the temporary ones, and reads the watched values
// of a data stop.
func (s *Session) noteHits(out *Stop) {
	removed := false
	for _, id := range out.BreakpointIDs {
		b := s.bps.get(id)
		if b == nil {
			continue
		}
		b.Stops++
		out.Breakpoints = append(out.Breakpoints, b)
		if b.Kind == KindData && out.Watch == nil {
			out.Watch = s.watchValues(b)
		}
		if b.Spec.Temporary {
			s.bps.removeIf(func(x *Breakpoint) bool { return x == b })
			removed = true
		}
	}
	if removed {
		s.arm(s.reverse)
	}
	if n := len(s.stops); n > 0 && s.stops[n-1].Time == out.Time {
		s.stops[n-1] = *out
	}
}

// watchValues reads b's memory around the access that stopped the run:
// going forward the session is just after it, going backward just before.
func (s *Session) watchValues(b *Breakpoint) *WatchValues {
	now := s.tl.Now()
	w := &WatchValues{Addr: b.Addr, Size: b.Size}
	here, _ := s.ReadMemory(b.Addr, int(b.Size))
	other := now - 1
	if s.reverse {
		other = now + 1
	}
	if now == 0 && !s.reverse || s.tl.Seek(other) != nil {
		return nil
	}
	there, _ := s.ReadMemory(b.Addr, int(b.Size))
	if err := s.tl.Seek(now); err != nil {
		return nil
	}
	w.Before, w.After = there, here
	if s.reverse {
		w.Before, w.After = here, there
	}
	if v := b.Spec.value; v != nil {
		if env, err := s.Env(s.hart, 0); err == nil {
			w.Old = s.syms.Format(*v, overlay{env, b.Addr, w.Before}, symbols.FormatOptions{})
			w.New = s.syms.Format(*v, overlay{env, b.Addr, w.After}, symbols.FormatOptions{})
		}
	} else {
		s.periphWatchText(b.Spec.Expr, w) // a device register (periphwatch.go)
	}
	return w
}

// overlay is an evaluation environment whose memory at [addr,
// addr+len(data)) holds data: a value formatted as it was at another time.
type overlay struct {
	cexpr.Env
	addr uint32
	data []byte
}

// ReadMemory reads memory, from data where it covers the range.
func (o overlay) ReadMemory(addr uint32, buf []byte) error {
	if err := o.Env.ReadMemory(addr, buf); err != nil {
		return err
	}
	for i := range buf {
		if off := uint64(addr) + uint64(i) - uint64(o.addr); uint64(addr)+uint64(i) >= uint64(o.addr) && off < uint64(len(o.data)) {
			buf[i] = o.data[off]
		}
	}
	return nil
}
