package vm

import "testing"

const (
	clintBase   = 0x02000000
	mtimecmp0   = clintBase + 0x4000
	mtimeAddr   = clintBase + 0xbff8
	handlerOff  = 0x400 // handler placed at ramBase+handlerOff
	csrSatp     = 0x180
	csrPmpaddr1 = 0x3b1
)

// trapProg builds a program whose mtvec points at a handler that exits.
// body runs first; the handler saves mcause/mepc/mtval in x20..x22.
func trapMachine(t *testing.T, cfg Config, body []uint32) *Machine {
	t.Helper()
	p := prog(li(5, ramBase+handlerOff), csrrw(0, csrMtvec, 5), body)
	for len(p) < handlerOff/4 {
		p = append(p, nop)
	}
	p = append(p, csrrs(20, csrMcause, 0), csrrs(21, csrMepc, 0), csrrs(22, csrMtval, 0))
	p = append(p, exitProg()...)
	return newTestMachine(t, cfg, p)
}

func TestSynchronousTraps(t *testing.T) {
	tests := []struct {
		name        string
		body        []uint32
		cause, tval uint32
	}{
		{"ecall", prog(uint32(ecall)), 11, 0},
		{"ebreak", prog(uint32(ebreak)), 3, 0},
		{"illegal zero", prog(0), 2, 0},
		{"satp absent", prog(csrrs(5, csrSatp, 0)), 2, csrrs(5, csrSatp, 0)},
		{"mnstatus absent", prog(csrrs(5, 0x744, 0)), 2, csrrs(5, 0x744, 0)},
		{"write read-only", prog(csrrw(0, csrMhartid, 5)), 2, csrrw(0, csrMhartid, 5)},
		{"load fault", prog(lw(5, 0, 16)), 5, 16},
		{"store fault", prog(sw(5, 0, 16)), 7, 16},
		{"amo misaligned", prog(li(6, ramBase+0x1001), amoadd(5, 6, 5)), 6, ramBase + 0x1001},
		{"lr misaligned", prog(li(6, ramBase+0x1002), lrw(5, 6)), 4, ramBase + 0x1002},
		{"fetch fault", prog(jalr(0, 0, 0x100)), 1, 0x100},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := trapMachine(t, Config{}, tc.body)
			runToExit(t, m, 10000)
			h := m.Hart(0)
			if h.Reg(20) != tc.cause || h.Reg(22) != tc.tval {
				t.Errorf("mcause=%#x mtval=%#x, want %#x %#x", h.Reg(20), h.Reg(22), tc.cause, tc.tval)
			}
		})
	}
}

func TestCSRBehaviour(t *testing.T) {
	p := prog(
		csrrw(0, csrMstatus, 0), csrrs(5, csrMstatus, 0), // MPP still 3
		csrrw(0, csrMinstret, 0), uint32(nop), uint32(nop), csrrs(6, csrMinstret, 0),
		li(7, 0xffffffff), csrrw(0, csrPmpaddr1, 7), csrrs(8, csrPmpaddr1, 0),
		csrrs(9, csrTime, 0), csrrs(10, csrCycle, 0),
		csrrwi(0, csrMscratch, 21), csrrsi(11, csrMscratch, 2), csrrci(12, csrMscratch, 1), csrrs(13, csrMscratch, 0),
		li(14, 0x12345678), csrrw(0, csrMie, 14), csrrs(15, csrMie, 0),
		csrrw(0, csrMip, 14), csrrs(16, csrMip, 0),
		exitProg(),
	)
	m := newTestMachine(t, Config{FatalTraps: true}, p)
	runToExit(t, m, 1000)
	h := m.Hart(0)
	want := map[int]uint32{5: 0x1800, 6: 2, 8: 0xffffffff, 11: 21, 12: 23, 13: 22, 15: 0x8, 16: 0x80} // mtimecmp resets to 0: MTIP pending
	for r, v := range want {
		if got := h.Reg(r); got != v {
			t.Errorf("x%d = %#x, want %#x", r, got, v)
		}
	}
	if h.Reg(9) != 0 || h.Reg(10) == 0 { // time = steps/10 at step 13: 1
		t.Logf("time=%d cycle=%d", h.Reg(9), h.Reg(10))
	}
}

// TestTimerInterruptVectored arms the CLINT timer and takes the interrupt
// through a vectored mtvec.
func TestTimerInterruptVectored(t *testing.T) {
	vec := uint32(ramBase + 0x800)
	p := prog(
		li(5, vec|1), csrrw(0, csrMtvec, 5),
		li(6, mtimecmp0), li(7, 50), sw(7, 6, 0), sw(0, 6, 4),
		li(8, mipMTIP), csrrw(0, csrMie, 8),
		csrrsi(0, csrMstatus, mstatusMIE),
		jal(0, 0), // spin
	)
	for len(p) < 0x800/4+7 {
		p = append(p, nop)
	}
	p = append(p, prog(csrrs(20, csrMcause, 0), li(6, mtimeAddr), lw(21, 6, 0))...)
	p = append(p, exitProg()...)
	m := newTestMachine(t, Config{FatalTraps: true}, p)
	runToExit(t, m, 100000)
	h := m.Hart(0)
	if h.Reg(20) != 0x80000007 || h.Reg(21) < 50 {
		t.Errorf("mcause=%#x mtime=%d, want timer interrupt at mtime>=50", h.Reg(20), h.Reg(21))
	}
}

// TestWFIFastForward sleeps until a far timer deadline without spending steps.
func TestWFIFastForward(t *testing.T) {
	p := prog(
		li(6, mtimecmp0), li(7, 1000000), sw(7, 6, 0), sw(0, 6, 4),
		li(8, mipMTIP), csrrw(0, csrMie, 8),
		uint32(wfi),
		li(6, mtimeAddr), lw(21, 6, 0),
		exitProg(),
	)
	m := newTestMachine(t, Config{FatalTraps: true}, p)
	s := runToExit(t, m, 10000)
	if got := m.Hart(0).Reg(21); got < 1000000 || s.Time > 100 {
		t.Errorf("mtime after wfi = %d at time %d, want >= 1000000 within 100 steps", got, s.Time)
	}
	m2 := newTestMachine(t, Config{}, prog(uint32(wfi)))
	if s := m2.Run(100); s.Reason != StopIdle {
		t.Errorf("wfi with nothing armed: %v, want idle", s.Reason)
	}
}

func TestFatalTraps(t *testing.T) {
	m := newTestMachine(t, Config{FatalTraps: true}, prog(uint32(nop), 0))
	s := m.Run(100)
	if s.Reason != StopFatal || s.PC != ramBase+4 || s.Cause != 2 {
		t.Errorf("got %v pc %#x cause %d, want fatal illegal instruction at %#x", s.Reason, s.PC, s.Cause, uint32(ramBase+4))
	}
	// A fault inside the handler before mret is fatal too.
	m = trapMachine(t, Config{FatalTraps: true}, prog(uint32(ecall)))
	loadWords(t, m, ramBase+handlerOff, []uint32{lw(5, 0, 0)})
	s = m.Run(1000)
	if s.Reason != StopFatal || s.PC != ramBase+handlerOff || s.Cause != 5 {
		t.Errorf("nested: got %v pc %#x cause %d", s.Reason, s.PC, s.Cause)
	}
	// Without FatalTraps the same fault traps normally.
	m = newTestMachine(t, Config{}, prog(uint32(nop), 0))
	if s := m.Run(100); s.Reason != StopLimit {
		t.Errorf("without FatalTraps: %v", s.Reason)
	}
}

func TestTrapStopsBreakpointsWatchpoints(t *testing.T) {
	const data = ramBase + 0x3000
	p := prog(li(5, data), li(6, 7), sw(6, 5, 0), lw(7, 5, 0), uint32(ecall))
	m := trapMachine(t, Config{}, p)
	m.SetBreakpoint(ramBase + 20) // li(6,7) second word
	s := m.Run(1000)
	if s.Reason != StopBreakpoint || s.PC != ramBase+20 || s.Time != 5 {
		t.Fatalf("breakpoint: %+v", s)
	}
	m.SetWatchpoint(data, 4, AccessWrite)
	s = m.Run(1000)
	if s.Reason != StopWatchpoint || s.PC != ramBase+28 || s.Time != 7 || s.Access != AccessWrite {
		t.Fatalf("watchpoint: %+v", s)
	}
	m.ClearWatchpoint(data, 4, AccessWrite)
	m.SetTrapStops(true)
	s = m.Run(1000)
	if s.Reason != StopTrap || s.Cause != 11 || s.PC != ramBase+36 {
		t.Fatalf("trap stop: %+v", s)
	}
	m.SetTrapStops(false)
	runToExit(t, m, 1000)
}
