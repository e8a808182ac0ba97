package vm

import "testing"

// TestARMSystemReset writes AIRCR.SYSRESETREQ (with VECTKEY) until a RAM
// counter outside the image reaches 3: each reset boots from the vector
// table with the core state cleared and RAM kept.
func TestARMSystemReset(t *testing.T) {
	code := []uint16{
		0x2120, 0x0609, 0x6808, 0x3001, 0x6008, 0x2803, 0xd009, // r1 = 0x20000000; (*r1)++; == 3 -> done
		0xf64e, 0x520c, 0xf2ce, 0x0200, 0xf240, 0x0304, 0xf2c0, 0x53fa, // r2 = AIRCR, r3 = 0x05fa0004
		0x6013, 0xe7fe, 0xe7fe, // str r3, [r2]; b .; done: b .
	}
	m := armTestMachine(t, "cortex-m3", code)
	m.Run(200)
	if got := readWord(t, m, 0x20000000); got != 3 {
		t.Errorf("counter %d, want 3 (two resets)", got)
	}
	if pc := m.harts[0].pc; pc != 0x122 {
		t.Errorf("pc %#x, want the final loop at 0x122", pc)
	}
	if r3 := m.harts[0].arm.r[3]; r3 != 0 {
		t.Errorf("r3 = %#x after a reset, want 0", r3)
	}
}

// TestARMLockup faults inside the HardFault handler: the core locks up and
// the machine stops with StopFatal instead of spinning.
func TestARMLockup(t *testing.T) {
	m := armTestMachine(t, "cortex-m3", []uint16{0xde00}) // udf #0
	if err := m.WriteMemory(0x200, []byte{0x00, 0xde}); err != nil {
		t.Fatal(err)
	}
	s := m.Run(1000)
	a := &m.harts[0].arm
	if s.Reason != StopFatal || !a.lockup || s.PC != 0x200 {
		t.Errorf("stop %v at %#x, lockup %v; want StopFatal at 0x200 locked up", s.Reason, s.PC, a.lockup)
	}
}
