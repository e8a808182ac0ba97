package gdbserver

import "testing"

// TestRegisterTablesImmutable: the register tables are returned fresh, so
// changing a returned copy changes nothing else.
func TestRegisterTablesImmutable(t *testing.T) {
	names := abiNames()
	names[0] = "changed"
	if abiNames()[0] != "zero" {
		t.Error("abiNames changed through a copy")
	}
	c := csrs()
	c[0].num = 0xfff
	if r, ok := riscvLayout().byNumber(regnumFirstCSR + 0x300); !ok || r.parts[0].Num != 0x300 {
		t.Errorf("mstatus lookup after changing a copy: %+v %v", r, ok)
	}
}
