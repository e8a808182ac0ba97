package vm

import "testing"

// TestPMPWrites checks the WARL rules of the PMP registers: locked entries
// ignore writes, so does the address below a locked TOR entry, and R=0 W=1
// is stored with W cleared.
func TestPMPWrites(t *testing.T) {
	type w struct {
		csr uint16
		v   uint32
	}
	tests := []struct {
		name   string
		writes []w
		csr    uint16
		want   uint32
	}{
		{"plain cfg", []w{{csrPmpcfg0, 0x0f0b0907}}, csrPmpcfg0, 0x0f0b0907 & 0x9f9f9f9f},
		{"reserved bits", []w{{csrPmpcfg0, 0xffffffff}}, csrPmpcfg0, 0x9f9f9f9f},
		{"R=0 W=1 clears W", []w{{csrPmpcfg0 + 1, 0x02060a03}}, csrPmpcfg0 + 1, 0x00040803},
		{"locked byte kept", []w{{csrPmpcfg0, 0x00000081}, {csrPmpcfg0, 0x07070707}}, csrPmpcfg0, 0x07070781},
		{"locked addr", []w{{csrPmpaddr0 + 2, 0x100}, {csrPmpcfg0, 0x00810000}, {csrPmpaddr0 + 2, 0x200}}, csrPmpaddr0 + 2, 0x100},
		{"below locked TOR", []w{{csrPmpaddr0 + 4, 0x100}, {csrPmpcfg0 + 1, 0x00008900}, {csrPmpaddr0 + 4, 0x200}}, csrPmpaddr0 + 4, 0x100},
		{"below locked NAPOT", []w{{csrPmpaddr0 + 4, 0x100}, {csrPmpcfg0 + 1, 0x00009900}, {csrPmpaddr0 + 4, 0x200}}, csrPmpaddr0 + 4, 0x200},
		{"below unlocked TOR", []w{{csrPmpcfg0 + 1, 0x00000900}, {csrPmpaddr0 + 4, 0x200}}, csrPmpaddr0 + 4, 0x200},
		{"last entry locked", []w{{csrPmpcfg0 + 3, 0x89000000}, {csrPmpaddr0 + 15, 0x300}, {csrPmpaddr0 + 14, 0x400}}, csrPmpaddr0 + 15, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := newTestMachine(t, Config{}, nil)
			h := m.Hart(0)
			for _, x := range tt.writes {
				if !h.WriteCSR(x.csr, x.v) {
					t.Fatalf("WriteCSR(%#x) refused", x.csr)
				}
			}
			if got, _ := h.ReadCSR(tt.csr); got != tt.want {
				t.Errorf("CSR %#x = %#x, want %#x", tt.csr, got, tt.want)
			}
		})
	}
}
