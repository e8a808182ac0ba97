package vm

import (
	"testing"

	"github.com/rewind-debugger/rewind/vm/device"
)

const (
	cmsdkTimer = 0x40000000
	unimpBase  = 0x40010000
)

// peripheralBoard is virt plus a CMSDK timer on PLIC source 8 and an
// unimplemented region.
func peripheralBoard(strict bool) Board {
	b := VirtBoard(0)
	b.Devices = append(b.Devices,
		BoardDevice{Kind: KindCMSDKTimer, Base: cmsdkTimer, IRQ: 8},
		// a background region over the timer, as QEMU's peripheral blocks
		BoardDevice{Kind: KindUnimplemented, Base: cmsdkTimer, Size: 0x20000})
	b.StrictMMIO = strict
	return b
}

func peripheralMachine(t *testing.T, b Board, words []uint32) *Machine {
	t.Helper()
	m, err := NewMachine(b, Config{})
	if err != nil {
		t.Fatal(err)
	}
	loadWords(t, m, ramBase, words)
	m.Hart(0).SetPC(ramBase)
	return m
}

// TestCMSDKTimerInterruptStep: the timer's interrupt reaches the PLIC at
// the exact step its count reaches 0 (the machine ends batches there).
func TestCMSDKTimerInterruptStep(t *testing.T) {
	p := prog(
		li(5, ramBase+handlerOff), csrrw(0, csrMtvec, 5), li(8, mipMEIP), csrrw(0, csrMie, 8), csrrsi(0, csrMstatus, mstatusMIE),
		li(5, plicBase+4*8), li(6, 1), sw(6, 5, 0), // source 8 priority 1
		li(5, plicBase+0x2000), li(6, 1<<8), sw(6, 5, 0), // enabled for hart 0
		li(5, cmsdkTimer), li(6, 1000), sw(6, 5, ctReloadOff), li(6, 9), sw(6, 5, 0), // RELOAD 1000, CTRL EN|INTEN
		jal(0, 0),
	)
	m := peripheralMachine(t, peripheralBoard(false), p)
	const ctrlStep = 24 // the store to CTRL is the 25th instruction
	anchor := ctrlStep * device.MPS2PeripheralHz / DefaultInstructionsPerSecond
	fire := (anchor + 1000) * DefaultInstructionsPerSecond / device.MPS2PeripheralHz
	m.Run(uint64(fire) - 1)
	if mip, _ := m.Hart(0).ReadCSR(csrMip); mip&mipMEIP != 0 {
		t.Fatalf("interrupt pending at step %d, before the count reached 0", m.Time())
	}
	m.Run(uint64(fire))
	if mip, _ := m.Hart(0).ReadCSR(csrMip); mip&mipMEIP == 0 {
		t.Fatalf("no interrupt at step %d", m.Time())
	}
	var v [4]byte
	if err := m.ReadMemory(cmsdkTimer+4, v[:]); err != nil || le.Uint32(v[:]) != 0 {
		t.Errorf("VALUE at the crossing = %d (%v), want 0", le.Uint32(v[:]), err)
	}
	// In one long run the interrupt is taken at that very step.
	m = peripheralMachine(t, peripheralBoard(false), p)
	m.SetTrapStops(true)
	if s := m.Run(100_000); s.Reason != StopTrap || s.Time != uint64(fire) || s.Cause != 1<<31|11 {
		t.Errorf("trap stop %+v, want the external interrupt at step %d", s, fire)
	}
}

const ctReloadOff = 8

// TestUnknownMMIO: accesses to an unimplemented region read 0 and are
// reported once per address; with StrictMMIO they fault (the trap is the
// report), as accesses to unmapped addresses always do.
func TestUnknownMMIO(t *testing.T) {
	body := prog(li(5, unimpBase), lw(6, 5, 4), lw(6, 5, 4), sw(6, 5, 8), li(5, 0x50000000), lw(7, 5, 0))
	for _, strict := range []bool{false, true} {
		m := trapMachineOn(t, peripheralBoard(strict), body)
		var got []MMIOAccess
		m.SetMMIOReport(func(a MMIOAccess) { got = append(got, a) })
		m.Run(200)
		want := []MMIOAccess{{Addr: unimpBase + 4, Size: 4}, {Addr: unimpBase + 8, Size: 4, Write: true}}
		if strict {
			want = nil
		}
		if len(got) != len(want) {
			t.Fatalf("strict %v: reports %+v, want %+v", strict, got, want)
		}
		for i := range want {
			got[i].Time = 0
			if got[i] != want[i] {
				t.Errorf("strict %v: report %d = %+v, want %+v", strict, i, got[i], want[i])
			}
		}
		if cause := m.Hart(0).Reg(20); cause != causeLoadFault {
			t.Errorf("strict %v: mcause %d, want a load fault", strict, cause)
		}
	}
}

// trapMachineOn is trapMachine on board b: the handler records mcause in
// x20 and exits.
func trapMachineOn(t *testing.T, b Board, body []uint32) *Machine {
	t.Helper()
	p := prog(li(5, ramBase+handlerOff), csrrw(0, csrMtvec, 5), body)
	for len(p) < handlerOff/4 {
		p = append(p, nop)
	}
	p = append(p, csrrs(20, csrMcause, 0))
	p = append(p, exitProg()...)
	return peripheralMachine(t, b, p)
}

// TestWFIWaitsForCMSDKTimer: with every hart in wfi, time runs on to the
// timer's event, whose interrupt wakes the hart.
func TestWFIWaitsForCMSDKTimer(t *testing.T) {
	p := prog(
		li(8, mipMEIP), csrrw(0, csrMie, 8),
		li(5, plicBase+4*8), li(6, 1), sw(6, 5, 0),
		li(5, plicBase+0x2000), li(6, 1<<8), sw(6, 5, 0),
		li(5, cmsdkTimer), li(6, 100_000), sw(6, 5, ctReloadOff), li(6, 9), sw(6, 5, 0),
		uint32(wfi),
		exitProg(),
	)
	m := peripheralMachine(t, peripheralBoard(false), p)
	if s := m.Run(m.Time() + 1_000); s.Reason != StopLimit || !m.Hart(0).Waiting() {
		t.Fatalf("first run: %v, waiting %v", s.Reason, m.Hart(0).Waiting())
	}
	s := m.Run(10_000_000)
	if s.Reason != StopExit || s.Time < 400_000 || s.Time > 400_100 {
		t.Errorf("stop %v at %d, want exit just after the timer event at step ~400000", s.Reason, s.Time)
	}
}
