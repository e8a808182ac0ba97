package debugger

import (
	"fmt"

	"github.com/rewind-debugger/rewind/checkpoint"
	"github.com/rewind-debugger/rewind/vm"
)

// Write is one store into the range a writes query watches.
type Write struct {
	// Time is the moment before the storing instruction (seek there to see
	// Old; one step later shows New).
	Time     uint64
	Hart     int
	PC       uint32
	Function string
	File     string
	Line     int
	// Addr and Size are the bytes stored (Size 1, 2 or 4 for a CPU store).
	Addr uint32
	Size int
	// Old and New are the stored bytes before and after, little-endian.
	Old, New []byte
}

// Writes is the answer of QueryWrites.
type Writes struct {
	QueryInfo
	Writes []Write
}

// maxWatchRange bounds the range a writes query watches.
const maxWatchRange = 1 << 20

// QueryWrites lists every CPU store into [addr, addr+size) over the whole
// history, oldest first (a page of them, with the count). Segments that
// wrote none of the range's RAM pages are not replayed.
func (s *Session) QueryWrites(addr, size uint32, p QueryPage) (Writes, error) {
	if size == 0 || size > maxWatchRange || addr+size-1 < addr {
		return Writes{}, fmt.Errorf("writes: bad range %#x+%d", addr, size)
	}
	var out Writes
	err := s.query(func() error {
		c := checkpoint.Conditions{Watchpoints: []checkpoint.Watchpoint{{Addr: addr, Size: size, Access: vm.AccessWrite}},
			// the bytes just stored (the machine is after the access)
			Note: func(_ *vm.Machine, st vm.Stop) uint64 { return s.memValue(st.Addr, uint32(min(st.Size, 8))) }}
		hits, info, err := s.searchAll(c, p)
		out.QueryInfo = info
		if err != nil {
			return err
		}
		for _, h := range hits {
			if err := s.queryPaused(); err != nil {
				return err
			}
			w, err := s.writeAt(h)
			if err != nil {
				return err
			}
			out.Writes = append(out.Writes, w)
		}
		return nil
	})
	return out, err
}

// writeAt details one write hit: the bytes before the store (a seek) and
// after it (noted by the search).
func (s *Session) writeAt(h checkpoint.Hit) (Write, error) {
	w := Write{Time: h.Time, Hart: h.Hart, PC: h.PC, Addr: h.Addr, Size: h.Size}
	w.Function, w.File, w.Line = s.placeOf(h.PC)
	if err := s.tl.Seek(h.Time); err != nil {
		return w, fmt.Errorf("write at time %d: %w", h.Time, err)
	}
	w.Old, _ = s.ReadMemory(h.Addr, h.Size)
	w.New = make([]byte, len(w.Old))
	for i := range w.New {
		w.New[i] = byte(h.Note >> (8 * i))
	}
	return w, nil
}

// placeOf names the function and source line of pc.
func (s *Session) placeOf(pc uint32) (fn, file string, line int) {
	if f := s.syms.FunctionAt(pc); f != nil {
		fn = f.Name
	}
	if loc, ok := s.syms.PCToLine(pc); ok {
		file, line = loc.File.Name, loc.Line
	}
	return fn, file, line
}
