package vm

import (
	"os"
	"testing"
)

// peekMem reads n bytes through the debugger.
func peekMem(m *Machine, addr uint32, n int) []byte {
	buf := make([]byte, n)
	_ = m.ReadMemory(addr, buf)
	return buf
}

// newHiFive1 builds the HiFive1 with testdata/hifive1/board.elf loaded.
func newHiFive1(t *testing.T) *Machine {
	t.Helper()
	data, err := os.ReadFile("../testdata/hifive1/board.elf")
	if err != nil {
		t.Fatal(err)
	}
	m, err := NewMachine(HiFive1Board(), Config{FatalTraps: true})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := m.LoadELF(data); err != nil {
		t.Fatal(err)
	}
	return m
}

// TestHiFive1Boot checks the mask ROM: the hart starts at 0x1004, not at
// the ELF entry, and two instructions later is at the flash's 0x20010000.
func TestHiFive1Boot(t *testing.T) {
	m := newHiFive1(t)
	if pc := m.Hart(0).PC(); pc != 0x1004 {
		t.Fatalf("reset pc %#x, want 0x1004", pc)
	}
	m.Run(2)
	if pc := m.Hart(0).PC(); pc != 0x20010000 {
		t.Fatalf("pc after the boot ROM %#x, want 0x20010000", pc)
	}
	if got := peekMem(m, 0x1004, 8); string(got) != "\xb7\x02\x01\x20\x67\x80\x02\x00" {
		t.Errorf("boot ROM words % x", got)
	}
}

// TestHiFive1ReadOnlyMemory checks that guest stores (plain, atomic) to
// the flash and the mask ROM fault with a store access fault and change
// nothing, that the debugger can still write flash, that the DTIM takes
// stores, and that holes (the ITIM QEMU 7.2 does not map) fault.
func TestHiFive1ReadOnlyMemory(t *testing.T) {
	const dtim = 0x80000000
	cases := []struct {
		name  string
		code  []uint32
		addr  uint32
		cause uint32
	}{
		{"sw flash", prog(li(5, 0x20010000), li(6, 0x1234), sw(6, 5, 0)), 0x20010000, causeStoreFault},
		{"sb flash data", prog(li(5, 0x20011001), li(6, 0x12), sb(6, 5, 0)), 0x20011001, causeStoreFault},
		{"sw mask ROM", prog(li(5, 0x1004), sw(0, 5, 0)), 0x1004, causeStoreFault},
		{"amoadd flash", prog(li(5, 0x20010000), li(6, 1), amoadd(7, 5, 6)), 0x20010000, causeStoreFault},
		{"lw ITIM hole", prog(li(5, 0x08000000), lw(6, 5, 0)), 0x08000000, causeLoadFault},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := newHiFive1(t)
			before := peekMem(m, c.addr&^3, 4)
			loadWords(t, m, dtim+0x100, c.code)
			m.Hart(0).SetPC(dtim + 0x100)
			st := m.Run(100)
			if st.Reason != StopFatal || st.Cause != c.cause || st.Tval != c.addr {
				t.Fatalf("stop %v cause %d tval %#x, want fatal cause %d tval %#x", st.Reason, st.Cause, st.Tval, c.cause, c.addr)
			}
			if after := peekMem(m, c.addr&^3, 4); string(after) != string(before) {
				t.Errorf("memory changed: % x -> % x", before, after)
			}
		})
	}
	m := newHiFive1(t)
	if err := m.WriteMemory(0x20010000, []byte{1, 2, 3, 4}); err != nil {
		t.Fatalf("debugger write to flash: %v", err)
	}
	loadWords(t, m, dtim+0x100, prog(li(5, dtim+0x200), li(6, 0x55), sw(6, 5, 0), li(5, 0x20010000), sw(6, 5, 0)))
	m.Hart(0).SetPC(dtim + 0x100)
	if st := m.Run(100); st.Reason != StopFatal || st.Tval != 0x20010000 {
		t.Fatalf("second store: %v tval %#x, want a fault at 0x20010000", st.Reason, st.Tval)
	}
	if got := peekMem(m, dtim+0x200, 1); got[0] != 0x55 {
		t.Errorf("DTIM store lost: %#x", got[0])
	}
	if got := peekMem(m, 0x20010000, 4); string(got) != "\x01\x02\x03\x04" {
		t.Errorf("flash after a faulting store: % x", got)
	}
}

// TestHiFive1UnknownMMIO checks that the always-on block and the SPI
// controllers read 0 and are reported, as QEMU's unimplemented devices.
func TestHiFive1UnknownMMIO(t *testing.T) {
	m := newHiFive1(t)
	var seen []MMIOAccess
	m.SetMMIOReport(func(a MMIOAccess) { seen = append(seen, a) })
	loadWords(t, m, 0x80000100, prog(li(5, 0x10000070), lw(6, 5, 0), li(5, 0x10024000), sw(6, 5, 0), jal(0, 0)))
	m.Hart(0).SetPC(0x80000100)
	m.Run(20)
	if len(seen) != 2 || seen[0].Addr != 0x10000070 || seen[0].Write || seen[1].Addr != 0x10024000 || !seen[1].Write {
		t.Fatalf("reported %+v", seen)
	}
}

// TestHiFive1InMemory: the board's memory is its ROM, flash and DTIM, not
// the devices and holes inside the window that spans them.
func TestHiFive1InMemory(t *testing.T) {
	b := HiFive1Board()
	for addr, want := range map[uint32]bool{0x1004: true, 0x20010000: true, 0x3fffffff: true, 0x80003fff: true,
		0x0fff: false, 0x02000000: false, 0x08000000: false, 0x10013004: false, 0x80004000: false} {
		if got := b.InMemory(addr); got != want {
			t.Errorf("InMemory(%#x) = %v, want %v", addr, got, want)
		}
	}
	if v := VirtBoard(0); !v.InMemory(0x80000000) || v.InMemory(0x10000000) {
		t.Error("virt: RAM and UART misjudged")
	}
}
