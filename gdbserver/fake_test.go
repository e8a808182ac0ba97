package gdbserver

import (
	"errors"
	"sync"
)

// fakeTarget is a scripted Target: registers and memory are plain data,
// Resume pops the next scripted event (or blocks until interrupted when
// block is set) and records the actions it was given.
type fakeTarget struct {
	mu       sync.Mutex
	harts    int
	x        [][32]uint32
	pc       []uint32
	csr      map[uint16]uint32
	memBase  uint32
	mem      []byte
	bps      map[bpKey]Breakpoint
	wps      map[Watchpoint]bool
	events   []Event
	actions  []Action
	block    bool
	intr     chan struct{}
	now      uint64
	uart     []byte
	resuming chan struct{}
}

func newFake(harts int) *fakeTarget {
	f := &fakeTarget{
		harts: harts, x: make([][32]uint32, harts), pc: make([]uint32, harts),
		csr: map[uint16]uint32{0x300: 0x1800, 0xf14: 0}, memBase: 0x80000000,
		mem: make([]byte, 4096), bps: map[bpKey]Breakpoint{}, wps: map[Watchpoint]bool{},
		intr: make(chan struct{}, 1), resuming: make(chan struct{}, 1), now: 1000,
	}
	for h := range f.pc {
		f.pc[h] = 0x80000000 + uint32(h)*4
		f.x[h][2] = 0x80001000
	}
	return f
}

var errFake = errors.New("fake: out of range")

func (f *fakeTarget) Harts() int { return f.harts }

func (f *fakeTarget) ReadRegister(h int, r Reg) (uint32, error) {
	if h < 0 || h >= f.harts {
		return 0, errFake
	}
	switch r.Kind {
	case RegGPR:
		return f.x[h][r.Num], nil
	case RegPC:
		return f.pc[h], nil
	}
	v, ok := f.csr[r.Num]
	if !ok {
		return 0, errFake
	}
	if r.Num == 0xf14 {
		return uint32(h), nil
	}
	return v, nil
}

func (f *fakeTarget) WriteRegister(h int, r Reg, v uint32) error {
	switch r.Kind {
	case RegGPR:
		if r.Num != 0 {
			f.x[h][r.Num] = v
		}
	case RegPC:
		f.pc[h] = v
	default:
		f.csr[r.Num] = v
	}
	return nil
}

func (f *fakeTarget) span(addr uint32, n int) ([]byte, error) {
	off := uint64(addr) - uint64(f.memBase)
	if addr < f.memBase || off+uint64(n) > uint64(len(f.mem)) {
		return nil, errFake
	}
	return f.mem[off : off+uint64(n)], nil
}

func (f *fakeTarget) ReadMemory(addr uint32, buf []byte) error {
	s, err := f.span(addr, len(buf))
	if err == nil {
		copy(buf, s)
	}
	return err
}

func (f *fakeTarget) WriteMemory(addr uint32, data []byte) error {
	s, err := f.span(addr, len(data))
	if err == nil {
		copy(s, data)
	}
	return err
}

func (f *fakeTarget) SetBreakpoint(b Breakpoint) error {
	f.bps[bpKey{b.Addr, b.Hardware}] = b
	return nil
}

func (f *fakeTarget) ClearBreakpoint(addr uint32, hw bool) error {
	delete(f.bps, bpKey{addr, hw})
	return nil
}

func (f *fakeTarget) SetWatchpoint(w Watchpoint) error   { f.wps[w] = true; return nil }
func (f *fakeTarget) ClearWatchpoint(w Watchpoint) error { delete(f.wps, w); return nil }

func (f *fakeTarget) Resume(a Action) (Event, error) {
	f.mu.Lock()
	f.actions = append(f.actions, a)
	block := f.block
	var ev Event
	if !block && len(f.events) > 0 {
		ev, f.events = f.events[0], f.events[1:]
	}
	f.mu.Unlock()
	if block {
		f.resuming <- struct{}{}
		<-f.intr
		return Event{Kind: EventInterrupted, Hart: 0}, nil
	}
	return ev, nil
}

func (f *fakeTarget) Interrupt() {
	select {
	case f.intr <- struct{}{}:
	default:
	}
}

func (f *fakeTarget) Now() uint64 { return f.now }

func (f *fakeTarget) Seek(t uint64) error {
	if t > 5000 {
		return errors.New("beyond the end of history")
	}
	f.now = t
	return nil
}

func (f *fakeTarget) History() History {
	return History{End: 5000, Checkpoints: 2, Bytes: 8192, Events: 1}
}

func (f *fakeTarget) SendUART(data []byte) error {
	f.uart = append(f.uart, data...)
	return nil
}
