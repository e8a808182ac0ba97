package vm

import "testing"

// TestCountInhibit checks that mcountinhibit.CY stops mcycle and IR stops
// minstret, from the instruction after the write, and that clearing them
// lets the counters run on from where they stopped.
func TestCountInhibit(t *testing.T) {
	tests := []struct {
		name         string
		inhibit      uint32
		cycle, instr bool // whether each counter should move while inhibited
	}{
		{"none", 0, true, true},
		{"cycle", 1, false, true},
		{"instret", 4, true, false},
		{"both", 5, false, false},
		{"tm ignored", 2, true, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := prog(nop, nop, li(5, tt.inhibit), csrrw(0, csrMcountinh, 5),
				csrrs(6, csrMcycle, 0), nop, nop, csrrs(7, csrMcycle, 0),
				csrrs(8, csrMinstret, 0), nop, csrrs(9, csrMinstret, 0),
				csrrs(10, csrMcountinh, 0),
				csrrw(0, csrMcountinh, 0), // counting again
				csrrs(11, csrMcycle, 0), nop, csrrs(12, csrMcycle, 0),
				exitProg())
			m := newTestMachine(t, Config{}, p)
			runToExit(t, m, 1000)
			h := m.Hart(0)
			if got, want := h.Reg(10), tt.inhibit&^2; got != want {
				t.Errorf("mcountinhibit reads %d, want %d", got, want)
			}
			if moved := h.Reg(7) != h.Reg(6); moved != tt.cycle {
				t.Errorf("mcycle %d -> %d while inhibit=%d", h.Reg(6), h.Reg(7), tt.inhibit)
			}
			if moved := h.Reg(9) != h.Reg(8); moved != tt.instr {
				t.Errorf("minstret %d -> %d while inhibit=%d", h.Reg(8), h.Reg(9), tt.inhibit)
			}
			if h.Reg(12)-h.Reg(11) != 2 {
				t.Errorf("mcycle %d -> %d after re-enabling, want +2", h.Reg(11), h.Reg(12))
			}
			// Up to and including the inhibiting csrw (5 steps), every step counted.
			if tt.inhibit&1 != 0 && h.Reg(6) != 5 {
				t.Errorf("mcycle frozen at %d, want 5", h.Reg(6))
			}
		})
	}
}
