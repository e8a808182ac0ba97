package vm

import "testing"

// TestNestedTrapIsNormal: an exception inside a trap handler, past its
// first instruction, is an ordinary trap even with FatalTraps (riscv-tests
// take exceptions inside their handlers); the handler runs again.
func TestNestedTrapIsNormal(t *testing.T) {
	const h = ramBase + handlerOff
	body := prog(uint32(ecall))
	p := prog(li(5, h), csrrw(0, csrMtvec, 5), body)
	for len(p) < handlerOff/4 {
		p = append(p, nop)
	}
	// handler: x23++; if x23 == 1 { ecall again (inside the handler) }; record and exit.
	p = append(p, addi(23, 23, 1), addi(6, 0, 1), bne(23, 6, 8), uint32(ecall),
		csrrs(20, csrMcause, 0), csrrs(21, csrMepc, 0))
	p = append(p, exitProg()...)
	m := newTestMachine(t, Config{FatalTraps: true}, p)
	runToExit(t, m, 1000)
	hr := m.Hart(0)
	if hr.Reg(23) != 2 || hr.Reg(20) != causeECallM || hr.Reg(21) != h+12 {
		t.Errorf("x23=%d mcause=%d mepc=%#x, want 2 entries, ecall, mepc %#x (the ecall inside the handler)",
			hr.Reg(23), hr.Reg(20), hr.Reg(21), uint32(h+12))
	}
}

// TestTrapWithoutProgressIsFatal: a handler whose first instruction faults
// would trap to itself forever; with FatalTraps it halts there, also when
// the first fault happens outside any handler (mtvec points at a bad insn).
func TestTrapWithoutProgressIsFatal(t *testing.T) {
	const h = ramBase + handlerOff
	p := prog(li(5, h), csrrw(0, csrMtvec, 5), jal(0, handlerOff-12))
	for len(p) < handlerOff/4 {
		p = append(p, nop)
	}
	p = append(p, 0) // illegal instruction at the handler's address
	m := newTestMachine(t, Config{FatalTraps: true}, p)
	s := m.Run(1000)
	if s.Reason != StopFatal || s.PC != h || s.Cause != causeIllegal {
		t.Errorf("got %v at %#x cause %d, want fatal illegal instruction at %#x", s.Reason, s.PC, s.Cause, uint32(h))
	}
}

// TestCounterWriteSuppressesOwnIncrement: writing a counter half takes
// effect after the instruction, without the instruction's own increment,
// so writing the high half when the low half is all ones carries nothing.
func TestCounterWriteSuppressesOwnIncrement(t *testing.T) {
	for _, c := range []struct {
		name   string
		lo, hi uint32
	}{{"minstret", csrMinstret, csrMinstreth}, {"mcycle", csrMcycle, csrMcycleh}} {
		t.Run(c.name, func(t *testing.T) {
			p := prog(
				li(5, 0xffffffff), csrrw(0, c.lo, 5), csrrwi(0, c.hi, 5),
				csrrs(10, c.hi, 0), csrrs(11, c.lo, 0),
				csrrw(0, c.lo, 5), csrrs(12, c.lo, 0),
				exitProg(),
			)
			m := newTestMachine(t, Config{FatalTraps: true}, p)
			runToExit(t, m, 1000)
			h := m.Hart(0)
			// x10: 5 (no carry from the write's own step); x11: one step later
			// the low half wraps; x12: read right after a low write returns it.
			if h.Reg(10) != 5 || h.Reg(11) != 0 || h.Reg(12) != 0xffffffff {
				t.Errorf("%sh=%d then %s=%#x, %s after write=%#x; want 5, 0, 0xffffffff",
					c.name, h.Reg(10), c.name, h.Reg(11), c.name, h.Reg(12))
			}
		})
	}
}
