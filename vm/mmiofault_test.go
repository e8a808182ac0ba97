package vm

import "testing"

// TestMMIOAccessFaults: accesses a device rejects (as QEMU 7.2 does) raise
// a load (5) or store (7) access fault with mtval = the address and have
// no effect; the accesses it takes do not fault.
func TestMMIOAccessFaults(t *testing.T) {
	const (
		clintBase = 0x02000000
		testBase  = 0x00100000
	)
	tests := []struct {
		name  string
		insn  uint32 // uses x5 = address, x6 = value (1)
		addr  uint32
		cause uint32 // 0: no fault
	}{
		{"clint msip byte load", lbu(7, 5, 0), clintBase, causeLoadFault},
		{"clint msip half store", sh(6, 5, 0), clintBase, causeStoreFault},
		{"clint msip word load", lw(7, 5, 0), clintBase, 0},
		{"clint mtimecmp byte store", sb(6, 5, 0), clintBase + 0x4000, causeStoreFault},
		{"clint mtime word load", lw(7, 5, 0), clintBase + 0xbff8, 0},
		{"clint past mtime", lw(7, 5, 0), clintBase + 0xc000, causeLoadFault},
		{"plic byte load", lbu(7, 5, 0), plicBase + 4, causeLoadFault},
		{"plic half store", sh(6, 5, 0), plicBase + 4, causeStoreFault},
		{"plic word store", sw(6, 5, 0), plicBase + 4, 0},
		{"uart offset 8", lbu(7, 5, 0), uartBase + 8, causeLoadFault},
		{"uart offset 8 store", sb(6, 5, 0), uartBase + 8, causeStoreFault},
		{"uart scratch byte store", sb(6, 5, 0), uartBase + 7, 0},
		{"test device byte store", sb(6, 5, 0), testBase, causeStoreFault},
		{"test device byte load", lbu(7, 5, 0), testBase, causeLoadFault},
		{"clint amoadd", amoadd(7, 5, 6), clintBase, 0},
		{"uart amoswap offset 8", amoswap(7, 5, 6), uartBase + 8, causeStoreFault},
		{"plic lr", lrw(7, 5), plicBase + 2, causeLoadMisaligned},
		{"unmapped", lw(7, 5, 0), 0x30000000, causeLoadFault},
	}
	for _, tt := range tests {
		p := prog(li(8, ramBase+handlerOff), csrrw(0, csrMtvec, 8), li(5, tt.addr), li(6, 1), li(7, 0x77), tt.insn, exitProg())
		for len(p) < handlerOff/4 {
			p = append(p, nop)
		}
		p = append(p, jal(0, 0))
		m := newTestMachine(t, Config{}, p)
		m.SetTrapStops(true)
		st := m.Run(1000)
		if tt.cause == 0 {
			if st.Reason != StopExit {
				t.Errorf("%s: %v (cause %d), want no fault", tt.name, st.Reason, st.Cause)
			}
			continue
		}
		if st.Reason != StopTrap || st.Cause != tt.cause || st.Tval != tt.addr {
			t.Errorf("%s: %v cause %d tval %#x, want trap cause %d tval %#x", tt.name, st.Reason, st.Cause, st.Tval, tt.cause, tt.addr)
			continue
		}
		h := m.Hart(0)
		if v, _ := h.ReadCSR(csrMtval); v != tt.addr || h.Reg(7) != 0x77 {
			t.Errorf("%s: mtval %#x, x7 %#x: want %#x and the destination unchanged", tt.name, v, h.Reg(7), tt.addr)
		}
	}
}
