package symbols

import (
	"fmt"
	"testing"
)

// standardCSRs are the CSRs vm/csr.go implements, with their numbers from
// the RISC-V privileged specification (chapter 2, tables 2.2-2.6).
func standardCSRs() map[string]uint16 {
	m := map[string]uint16{
		"mstatus": 0x300, "misa": 0x301, "mie": 0x304, "mtvec": 0x305,
		"mstatush": 0x310, "mcountinhibit": 0x320,
		"mscratch": 0x340, "mepc": 0x341, "mcause": 0x342, "mtval": 0x343, "mip": 0x344,
		"tselect": 0x7a0, "tdata1": 0x7a1, "tdata2": 0x7a2, "tdata3": 0x7a3,
		"mcycle": 0xb00, "minstret": 0xb02, "mcycleh": 0xb80, "minstreth": 0xb82,
		"cycle": 0xc00, "time": 0xc01, "instret": 0xc02,
		"cycleh": 0xc80, "timeh": 0xc81, "instreth": 0xc82,
		"mvendorid": 0xf11, "marchid": 0xf12, "mimpid": 0xf13, "mhartid": 0xf14, "mconfigptr": 0xf15,
	}
	for i := uint16(0); i < 4; i++ {
		m[fmt.Sprintf("pmpcfg%d", i)] = 0x3a0 + i
	}
	for i := uint16(0); i < 16; i++ {
		m[fmt.Sprintf("pmpaddr%d", i)] = 0x3b0 + i
	}
	for i := uint16(3); i < 32; i++ {
		m[fmt.Sprintf("mhpmevent%d", i)] = 0x320 + i
		m[fmt.Sprintf("mhpmcounter%d", i)] = 0xb00 + i
		m[fmt.Sprintf("mhpmcounter%dh", i)] = 0xb80 + i
		m[fmt.Sprintf("hpmcounter%d", i)] = 0xc00 + i
		m[fmt.Sprintf("hpmcounter%dh", i)] = 0xc80 + i
	}
	return m
}

// TestCSRTable checks that the debugger's CSR table is exactly the CPU's:
// it once lacked mcountinhibit, the PMP and trigger CSRs, and offered
// supervisor CSRs the CPU does not have.
func TestCSRTable(t *testing.T) {
	want := standardCSRs()
	for name, num := range want {
		if got, ok := CSRNumber(name); !ok || got != num {
			t.Errorf("CSRNumber(%q) = 0x%x, %v; want 0x%x", name, got, ok, num)
		}
	}
	if got := len(CSRs()); got != len(want) {
		t.Errorf("%d CSRs listed, want %d", got, len(want))
	}
	if got := len(csrNumbers()); got != len(want) {
		t.Errorf("%d CSR names, want %d (a name is not unique)", got, len(want))
	}
	for _, name := range []string{"satp", "sstatus", "sepc", "scause", "medeleg",
		"mideleg", "mcounteren", "dcsr", "fcsr", "pmpcfg4", "pmpaddr16", "mhpmcounter3h0"} {
		if n, ok := CSRNumber(name); ok {
			t.Errorf("CSRNumber(%q) = 0x%x, but the CPU has no such CSR", name, n)
		}
	}
}
