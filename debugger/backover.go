package debugger

import "github.com/rewind-debugger/rewind/symbols"

// A line instance is one passage through a source line in one frame: the
// statement boundaries the frame meets on that line at ascending
// addresses. A jump back to the same line (the next turn of a loop written
// on one line) starts another instance, as a forward step over stops there.

// previousStatement finds the time of a reverse step over from start: the
// start of the previous line instance of this frame; when the frame began
// after it, the latest statement boundary of the calling frame before the
// call (or, when the caller has no line information, the call itself).
func (s *Session) previousStatement(hart int, start position) (uint64, bool, error) {
	b := &backOver{s: s, start: start, fn: start.fn, caller: s.syms.FunctionAt(start.callerPC),
		body: s.syms.BreakpointAddr(start.fn), cur: mark{time: s.tl.Now(), pc: start.pc, cfa: start.cfa}}
	addrs := append(s.statementsOf(b.fn), b.fn.Low)
	if b.caller != nil && b.caller != b.fn {
		addrs = append(addrs, s.statementsOf(b.caller)...)
	}
	if start.pc == b.fn.Low && b.enterCaller(s.tl.Now()) {
		return b.result(true)
	}
	_, found, err := s.searchMarks(hart, addrs, s.tl.Start(), b.visit)
	if err != nil {
		return 0, false, err
	}
	return b.result(found)
}

// backOver decides a reverse step over while the marks before the start
// are visited newest first. Phases: 0 walks the current line instance
// back, 1 the previous one (to its start), 2 looks for the caller's line
// once this activation's entry is passed.
type backOver struct {
	s          *Session
	start      position
	fn, caller *symbols.Function
	body       uint32
	phase      int
	cur        mark   // the earliest mark of the instance being walked
	entry      uint64 // when the activation began (phase 2)
	answer     uint64
}

// visit takes the next older mark; true when the answer is known.
func (b *backOver) visit(m mark) bool {
	if b.phase == 2 {
		if m.cfa == b.start.callCFA && b.caller.Contains(m.pc) {
			b.answer = m.time
			return true
		}
		return false
	}
	if m.cfa == b.start.cfa && b.fn.Contains(m.pc) && m.pc >= b.body {
		if !b.sameInstance(m) {
			if b.phase == 1 {
				b.answer = b.cur.time
				return true
			}
			b.phase = 1
		}
		b.cur = m
	}
	if m.pc == b.fn.Low && m.cfa == b.start.cfa { // this activation began at m
		if b.phase == 1 {
			b.answer = b.cur.time
			return true
		}
		return b.enterCaller(m.time)
	}
	return false
}

// sameInstance reports whether m continues the instance b.cur is in.
func (b *backOver) sameInstance(m mark) bool {
	return m.pc < b.cur.pc && b.s.lineOf(m.pc) == b.s.lineOf(b.cur.pc)
}

// enterCaller notes that the activation began at entry; without a
// calling line to look for, the answer is the call itself.
func (b *backOver) enterCaller(entry uint64) bool {
	b.phase, b.entry = 2, entry
	if b.caller == nil || !b.s.hasLines(b.start.callerPC) {
		b.answer = entry - 1
		return true
	}
	return false
}

// result is the answer once the search ended (done: visit said so;
// otherwise history ran out).
func (b *backOver) result(done bool) (uint64, bool, error) {
	start := b.s.tl.Start()
	switch {
	case done && b.phase == 2 && b.answer == b.entry-1:
		return b.answer, b.entry > start, nil
	case done:
		return b.answer, true, nil
	case b.phase == 1:
		return b.cur.time, true, nil
	case b.phase == 2:
		return b.entry - 1, b.entry > start, nil
	}
	return 0, false, nil
}
