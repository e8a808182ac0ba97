package vm

import (
	"fmt"
	"slices"
)

// Snapshot is a complete saved state of a machine. Its RAM pages are shared
// copy-on-write with the machine (and with other snapshots), so taking one
// costs about the pages dirtied since the previous snapshot plus a page
// list. Breakpoints, watchpoints and output hooks are not part of it.
type Snapshot struct {
	board    Board
	harts    []Hart
	time     uint64
	mtimeOff uint64
	cur      int
	qleft    uint64
	exit     exitState
	gen      uint64 // every page's gen is <= gen
	pageIdx  []uint32
	pages    []*page
	devs     [][]byte
}

// Time returns the machine time at which the snapshot was taken.
func (s *Snapshot) Time() uint64 { return s.time }

// Bytes approximates the memory owned only by this snapshot: the pages
// dirtied since the previous snapshot plus fixed overhead.
func (s *Snapshot) Bytes() int {
	n := 256 + len(s.harts)*1400 + len(s.pages)*16
	for _, d := range s.devs {
		n += len(d)
	}
	for _, p := range s.pages {
		if p.gen == s.gen && s.gen != 0 {
			n += pageSize
		}
	}
	return n
}

// Snapshot saves the machine's state. The current RAM pages become shared:
// the next store to each of them copies it first.
func (m *Machine) Snapshot() *Snapshot {
	s := m.capture()
	m.mem.gen++
	m.mem.clearFastWrites()
	return s
}

// capture builds a snapshot view of the live state without ending the
// generation (StateHash uses it too).
func (m *Machine) capture() *Snapshot {
	mem := m.mem
	s := &Snapshot{
		board: m.board, time: m.time, mtimeOff: m.mtimeOffset, cur: m.cur, qleft: m.qleft, exit: m.exit,
		gen: mem.gen, harts: make([]Hart, len(m.harts)),
	}
	for i, h := range m.harts {
		s.harts[i] = *h
		s.harts[i].m = nil
		s.harts[i].tmp = insn{}
		s.harts[i].arm.r[15] = 0 // the executor's scratch copy of pc+4, not state
	}
	mem.sortAlloc()
	s.pageIdx = slices.Clone(mem.alloc)
	s.pages = make([]*page, len(mem.alloc))
	for k, i := range mem.alloc {
		s.pages[k] = mem.pages[i]
	}
	for _, d := range m.devs {
		s.devs = append(s.devs, d.dev.SaveState(nil))
	}
	return s
}

// compatible checks that s was taken on a machine like m.
func (m *Machine) compatible(s *Snapshot) error {
	b := s.board
	if b.Name != m.board.Name || b.RAMBase != m.board.RAMBase || b.RAMSize != m.board.RAMSize ||
		len(b.Devices) != len(m.board.Devices) || len(s.harts) != len(m.harts) || len(s.devs) != len(m.devs) {
		return fmt.Errorf("restore: snapshot of board %q with %d harts does not fit this %q machine with %d harts",
			b.Name, len(s.harts), m.board.Name, len(m.harts))
	}
	for i, d := range b.Devices {
		if d != m.board.Devices[i] {
			return fmt.Errorf("restore: snapshot's device %d (%s at %#x) differs from this board's", i, d.Kind, d.Base)
		}
	}
	for _, i := range s.pageIdx {
		if uint64(i) >= uint64(len(m.mem.pages)) {
			return fmt.Errorf("restore: snapshot page %d outside RAM", i)
		}
	}
	return nil
}

// Restore puts the machine exactly in the state saved in s. Predecoded code
// is kept for pages whose content did not change.
func (m *Machine) Restore(s *Snapshot) error {
	if err := m.compatible(s); err != nil {
		return err
	}
	if err := m.restoreDevices(s.devs); err != nil {
		return err
	}
	mem := m.mem
	for k, i := range s.pageIdx {
		if mem.pages[i] != s.pages[k] {
			mem.dropCode(i) // content changed: decode again
		}
		mem.flags[i] |= pfKeep
	}
	for _, i := range mem.alloc {
		if mem.flags[i]&pfKeep == 0 {
			mem.dropCode(i)
			mem.pages[i] = nil
			mem.setRd(i, nil)
		}
	}
	for k, i := range s.pageIdx {
		mem.flags[i] &^= pfKeep
		mem.pages[i] = s.pages[k]
		mem.refreshRead(i)
	}
	mem.alloc = slices.Clone(s.pageIdx)
	mem.allocSorted = true
	mem.clearFastWrites()
	mem.gen = max(mem.gen, s.gen) + 1
	for i, h := range m.harts {
		*h = s.harts[i]
		h.m, h.id = m, i
	}
	m.time, m.mtimeOffset, m.cur, m.qleft = s.time, s.mtimeOff, s.cur, s.qleft
	m.exit = s.exit
	m.refreshResvFlags()
	m.updateMIP()
	return nil
}

// restoreDevices restores every device, or none: on an error the devices
// already restored get their previous state back.
func (m *Machine) restoreDevices(states [][]byte) error {
	prev := make([][]byte, len(m.devs))
	for k, d := range m.devs {
		prev[k] = d.dev.SaveState(nil)
	}
	for k, d := range m.devs {
		if err := d.dev.RestoreState(states[k]); err != nil {
			for j := 0; j < k; j++ {
				_ = m.devs[j].dev.RestoreState(prev[j])
			}
			return fmt.Errorf("restore: device %s: %w", d.dev.Name(), err)
		}
	}
	return nil
}
