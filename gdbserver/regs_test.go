package gdbserver

import "testing"

// TestRegisterTablesImmutable: the register tables are returned fresh, so
// changing a returned copy changes nothing else.
func TestRegisterTablesImmutable(t *testing.T) {
	c := csrs()
	c[0].num = 0xfff
	if r, ok := riscvLayout().byNumber(regnumFirstCSR + 0x300); !ok || r.parts[0].Num != 0x300 {
		t.Errorf("mstatus lookup after changing a copy: %+v %v", r, ok)
	}
}

// TestRISCVLayoutNames: the RISC-V description names x0..x31 as gdb's
// riscv:rv32 does and gives every CSR its architectural number.
func TestRISCVLayoutNames(t *testing.T) {
	l := riscvLayout()
	for _, tt := range []struct {
		num  int
		name string
	}{{0, "zero"}, {1, "ra"}, {8, "fp"}, {10, "a0"}, {31, "t6"}, {regnumPC, "pc"},
		{regnumFirstCSR + 0x342, "mcause"}, {regnumFirstCSR + 0xf14, "mhartid"}, {regnumFirstCSR + 0xb82, "minstreth"}} {
		if r, ok := l.byNumber(tt.num); !ok || r.name != tt.name {
			t.Errorf("gdb register %d: %+v %v, want %s", tt.num, r, ok, tt.name)
		}
	}
	if n := len(l.regs); n != 33+len(gdbCSRNames()) {
		t.Errorf("%d registers, want %d", n, 33+len(gdbCSRNames()))
	}
}
