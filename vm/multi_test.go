package vm

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

// TestLRSCTwoHarts increments a shared counter with LR/SC loops on two
// harts; lost updates would show if reservations were not broken by the
// other hart's stores.
func TestLRSCTwoHarts(t *testing.T) {
	const counter, done = ramBase + 0x4000, ramBase + 0x4004
	const n = 5000
	p := prog(
		li(5, counter), li(6, n), li(9, done),
		// retry: lr.w t2,(t0); addi t2,t2,1; sc.w t3,t2,(t0); bnez t3,retry
		lrw(7, 5), addi(7, 7, 1), scw(28, 5, 7), bne(28, 0, -12),
		addi(6, 6, -1), bne(6, 0, -20),
		li(8, 1), amoadd(0, 9, 8),
		bne(10, 0, 44), // hart 1 (a0 = 1) parks in wfi
		// hart 0 waits for both harts to finish
		lw(8, 9, 0), li(11, 2), bne(8, 11, -12),
		lw(12, 5, 0),
		exitProg(),
		uint32(wfi), jal(0, -4),
	)
	m := newTestMachine(t, Config{Harts: 2, FatalTraps: true}, p)
	m.Hart(1).SetReg(10, 1)
	runToExit(t, m, 10_000_000)
	if got := m.Hart(0).Reg(12); got != 2*n {
		t.Errorf("counter = %d, want %d", got, 2*n)
	}
}

// TestSelfModifyingCode patches an instruction that has already run and
// checks that the new one runs after fence.i.
func TestSelfModifyingCode(t *testing.T) {
	const target = ramBase + 16
	newWord := addi(5, 5, 100)
	p := prog(
		li(6, 2), li(8, target),
		addi(5, 5, 1), // target: patched to addi x5,x5,100
		li(7, newWord), sw(7, 8, 0), uint32(fencei),
		addi(6, 6, -1), bne(6, 0, -24),
		exitProg(),
	)
	m := newTestMachine(t, Config{FatalTraps: true}, p)
	runToExit(t, m, 1000)
	if got := m.Hart(0).Reg(5); got != 101 {
		t.Errorf("x5 = %d, want 101", got)
	}
	// A debugger write is seen as well.
	m = newTestMachine(t, Config{FatalTraps: true}, prog(addi(5, 5, 1), jal(0, -4)))
	m.Run(10)
	loadWords(t, m, ramBase, []uint32{addi(5, 5, 2)})
	before := m.Hart(0).Reg(5)
	m.Run(20)
	if got := m.Hart(0).Reg(5); got != before+10 {
		t.Errorf("after debugger patch: x5 went %d -> %d, want +10", before, got)
	}
}

// workProg does a mix of computation, stores, UART output and timer
// interrupts, forever.
func workProg() []uint32 {
	const data = ramBase + 0x10000
	vec := uint32(ramBase + 0x800)
	p := prog(
		li(5, vec), csrrw(0, csrMtvec, 5),
		li(6, mtimecmp0), csrrs(15, csrMhartid, 0), slli(15, 15, 3), add(6, 6, 15),
		li(7, 300), sw(7, 6, 0), sw(0, 6, 4),
		li(8, mipMTIP), csrrw(0, csrMie, 8), csrrsi(0, csrMstatus, mstatusMIE),
		li(9, data), li(12, 0x10000000),
		// loop: x10 = x10*3+1; store at data + (x10 & 0x3ffc); every 64 print
		slli(11, 10, 1), add(10, 10, 11), addi(10, 10, 1),
		andi(11, 10, 0x7fc), add(11, 11, 9), sw(10, 11, 0),
		andi(13, 10, 0x3f), bne(13, 0, 8), sb(10, 12, 0),
		jal(0, -36),
	)
	for len(p) < 0x800/4 {
		p = append(p, nop)
	}
	// timer handler: bump this hart's mtimecmp by 300, count in x20
	p = append(p, prog(li(6, mtimecmp0), csrrs(15, csrMhartid, 0), slli(15, 15, 3), add(6, 6, 15), lw(7, 6, 0), addi(7, 7, 300), sw(7, 6, 0), addi(20, 20, 1), uint32(mret))...)
	return p
}

// TestBoardConformance runs every built-in board with one and two harts:
// run, snapshot, run M, hash; restore, run M, hash: equal; also through
// MarshalBinary/UnmarshalSnapshot into a fresh machine.
func TestBoardConformance(t *testing.T) {
	for _, b := range Boards() {
		if isARMCPU(b.CPU) {
			continue // one core: TestARMBoardConformance
		}
		if b.RAMBase != DefaultRAMBase {
			continue // workProg is built for RAM at 0x80000000: TestHiFive1Conformance
		}
		for _, harts := range []int{1, 2} {
			t.Run(fmt.Sprintf("%s/%d", b.Name, harts), func(t *testing.T) {
				checkSnapshotDeterminism(t, b, harts)
			})
		}
	}
}

func checkSnapshotDeterminism(t *testing.T, b Board, harts int) {
	var out bytes.Buffer
	m, err := NewMachine(b, Config{Harts: harts})
	if err != nil {
		t.Fatal(err)
	}
	loadWords(t, m, b.RAMBase, workProg())
	for i := 0; i < harts; i++ {
		m.Hart(i).SetPC(b.RAMBase)
	}
	m.SetUARTOutput(func(b byte) { out.WriteByte(b) })
	m.Run(50_000)
	s := m.Snapshot()
	m.UARTInput([]byte("xyz"))
	m.Run(150_000)
	want := m.StateHash()
	wantOut := out.String()
	if m.Hart(0).Reg(20) == 0 {
		t.Fatal("no timer interrupt happened")
	}
	out.Reset()
	if err := m.Restore(s); err != nil {
		t.Fatal(err)
	}
	m.UARTInput([]byte("xyz"))
	m.Run(150_000)
	if m.StateHash() != want {
		t.Error("restore + run differs from the original run")
	}
	data, err := s.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	s2, err := UnmarshalSnapshot(data)
	if err != nil {
		t.Fatal(err)
	}
	m2, _ := NewMachine(b, Config{Harts: harts})
	var out2 bytes.Buffer
	m2.SetUARTOutput(func(b byte) { out2.WriteByte(b) })
	if err := m2.Restore(s2); err != nil {
		t.Fatal(err)
	}
	m2.UARTInput([]byte("xyz"))
	m2.Run(150_000)
	if m2.StateHash() != want {
		t.Error("decoded snapshot run differs from the original run")
	}
	if len(wantOut) == 0 || !strings.HasSuffix(wantOut, out2.String()) || out2.Len() == 0 {
		t.Errorf("UART output differs: %q vs %q", out2.String(), wantOut)
	}
	if err := m.Restore(s); err != nil || m.Time() != 50_000 {
		t.Errorf("time after restore = %d (%v)", m.Time(), err)
	}
}

func TestSnapshotSharesPages(t *testing.T) {
	m := newTestMachine(t, Config{}, workProg())
	m.Run(10_000)
	s1 := m.Snapshot()
	m.Run(20_000)
	s2 := m.Snapshot()
	if s2.Bytes() > s1.Bytes()+8*pageSize {
		t.Errorf("second snapshot owns %d bytes, first %d: pages not shared", s2.Bytes(), s1.Bytes())
	}
	if err := m.Restore(s1); err != nil {
		t.Fatal(err)
	}
	h1 := m.StateHash()
	m.Run(20_000)
	if err := m.Restore(s1); err != nil {
		t.Fatal(err)
	}
	if m.StateHash() != h1 {
		t.Error("restoring twice gives different states")
	}
	other, _ := NewVirt(Config{Harts: 2})
	if err := other.Restore(s1); err == nil {
		t.Error("restore into a 2-hart machine succeeded")
	}
}

func TestActivity(t *testing.T) {
	m := newTestMachine(t, Config{}, workProg())
	m.Run(1000)
	m.ResetActivity()
	m.Run(5000)
	exec, written := m.Activity()
	if len(exec) == 0 || exec[0] != ramBase>>12 {
		t.Errorf("exec pages %x", exec)
	}
	if len(written) == 0 || written[0] != (ramBase+0x10000)>>12 {
		t.Errorf("written pages %x", written)
	}
}

func TestRestoreBadDeviceStateChangesNothing(t *testing.T) {
	m := newTestMachine(t, Config{}, workProg())
	m.Run(20_000)
	s := m.Snapshot()
	m.Run(40_000)
	before := m.StateHash()
	bad := *s
	bad.devs = append([][]byte{}, s.devs...)
	bad.devs[len(bad.devs)-1] = []byte{1, 2, 3}
	if err := m.Restore(&bad); err == nil {
		t.Fatal("restore of a corrupt device state succeeded")
	}
	if m.StateHash() != before {
		t.Error("a failed restore changed the machine")
	}
}
