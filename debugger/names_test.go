package debugger

import "testing"

func TestCauseNames(t *testing.T) {
	tests := []struct {
		cause uint32
		want  string
	}{
		{2, "illegal instruction"},
		{3, "breakpoint (ebreak)"},
		{11, "environment call from M-mode"},
		{10, "exception 10"},
		{1<<31 | 7, "machine timer interrupt"},
		{1<<31 | 4, "interrupt 4"},
	}
	for _, tt := range tests {
		if got := (traps{riscvRegs{}}).name(tt.cause); got != tt.want {
			t.Errorf("RISC-V cause %#x is %q, want %q", tt.cause, got, tt.want)
		}
	}
}

func TestKeyCSRsFresh(t *testing.T) {
	a := riscvKeyCSRs()
	a[0] = "changed"
	if riscvKeyCSRs()[0] != "mstatus" {
		t.Fatal("riscvKeyCSRs shares its list")
	}
}
