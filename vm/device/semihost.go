package device

// Semihosting state: everything a semihosting call can leave behind, kept
// as plain data so snapshots and replays cover it (see vm/semihost.go for
// the operations). Console input arrives from the machine's input log.

// Semihost handle kinds.
const (
	HandleFree     uint8 = iota
	HandleStdin          // ":tt" opened for reading
	HandleStdout         // ":tt" opened for writing
	HandleStderr         // ":tt" opened for appending
	HandleFeatures       // ":semihosting-features", read-only
	HandleFile           // a host file inside the configured directory
)

// SemihostInputCap bounds the console input kept for semihosting reads:
// older bytes are dropped when firmware never reads them.
const SemihostInputCap = 4096

// SemihostHandle is one open semihosting file handle.
type SemihostHandle struct {
	Kind  uint8
	Write bool   // opened for writing (files)
	Pos   uint32 // file position (files, features)
	Path  string // host path relative to the configured directory (files)
}

// Semihost is the state of the semihosting console and file table. It is
// registered with the machine like a device with an empty register window,
// so snapshots save and restore it.
type Semihost struct {
	input   []byte
	errno   uint32
	handles []SemihostHandle // index i is handle i+1
}

// NewSemihost returns the power-on semihosting state.
func NewSemihost() *Semihost { return &Semihost{} }

// Name implements Device.
func (s *Semihost) Name() string { return "semihost" }

// Size implements Device: the state has no registers on the bus.
func (s *Semihost) Size() uint32 { return 0 }

// Read implements Device.
func (s *Semihost) Read(off uint32, size int) uint64 { return 0 }

// Peek implements Device.
func (s *Semihost) Peek(off uint32, size int) uint64 { return 0 }

// Write implements Device.
func (s *Semihost) Write(off uint32, size int, val uint64) {}

// Reset implements Device.
func (s *Semihost) Reset() { *s = Semihost{} }

// Input queues console input (the same bytes the UART receives), keeping
// at most SemihostInputCap bytes.
func (s *Semihost) Input(b []byte) {
	s.input = append(s.input, b...)
	if n := len(s.input); n > SemihostInputCap {
		s.input = append(s.input[:0], s.input[n-SemihostInputCap:]...)
	}
}

// Pending returns the number of queued input bytes.
func (s *Semihost) Pending() int { return len(s.input) }

// TakeInput removes and returns up to n queued input bytes.
func (s *Semihost) TakeInput(n int) []byte {
	n = min(n, len(s.input))
	out := append([]byte(nil), s.input[:n]...)
	s.input = append(s.input[:0], s.input[n:]...)
	return out
}

// Errno returns the error number of the last failed call.
func (s *Semihost) Errno() uint32 { return s.errno }

// SetErrno records the error number of a failed call.
func (s *Semihost) SetErrno(e uint32) { s.errno = e }

// Open allocates the lowest free handle (from 1, as QEMU does) for h.
func (s *Semihost) Open(h SemihostHandle) uint32 {
	for i := range s.handles {
		if s.handles[i].Kind == HandleFree {
			s.handles[i] = h
			return uint32(i + 1)
		}
	}
	s.handles = append(s.handles, h)
	return uint32(len(s.handles))
}

// Handle returns the open handle n, or nil.
func (s *Semihost) Handle(n uint32) *SemihostHandle {
	if n == 0 || uint64(n) > uint64(len(s.handles)) || s.handles[n-1].Kind == HandleFree {
		return nil
	}
	return &s.handles[n-1]
}

// Close frees handle n; it reports false if n was not open.
func (s *Semihost) Close(n uint32) bool {
	h := s.Handle(n)
	if h == nil {
		return false
	}
	*h = SemihostHandle{}
	for len(s.handles) > 0 && s.handles[len(s.handles)-1].Kind == HandleFree {
		s.handles = s.handles[:len(s.handles)-1]
	}
	return true
}

const semihostTag, semihostVersion = "SEMI", 1

// maxHandles bounds the handle table a saved state may describe.
const maxHandles = 1 << 12

// SaveState implements Device.
func (s *Semihost) SaveState(dst []byte) []byte {
	w := stateWriter{b: dst}
	w.header(semihostTag, semihostVersion)
	w.bytes(s.input)
	w.u32(s.errno)
	w.u32(uint32(len(s.handles)))
	for _, h := range s.handles {
		w.u8(h.Kind)
		w.bool(h.Write)
		w.u32(h.Pos)
		w.bytes([]byte(h.Path))
	}
	return w.b
}

// RestoreState implements Device.
func (s *Semihost) RestoreState(state []byte) error {
	r := stateReader{b: state}
	r.header(semihostTag, semihostVersion)
	var n Semihost
	n.input = r.bytes()
	if len(n.input) > SemihostInputCap {
		r.fail("semihost input of %d bytes exceeds %d", len(n.input), SemihostInputCap)
	}
	if len(n.input) == 0 {
		n.input = nil
	}
	n.errno = r.u32()
	count := r.u32()
	if count > maxHandles {
		r.fail("%d semihost handles", count)
	}
	for i := uint32(0); i < count && r.err == nil; i++ {
		h := SemihostHandle{Kind: r.u8(), Write: r.bool(), Pos: r.u32(), Path: string(r.bytes())}
		if h.Kind > HandleFile || (h.Kind == HandleFree && (h.Write || h.Pos != 0 || h.Path != "")) {
			r.fail("semihost handle %d is malformed", i+1)
		}
		n.handles = append(n.handles, h)
	}
	if len(n.handles) > 0 && n.handles[len(n.handles)-1].Kind == HandleFree {
		r.fail("semihost handle table ends with a free slot")
	}
	if err := r.finish(); err != nil {
		return err
	}
	*s = n
	return nil
}
