package vm

import (
	"slices"
	"testing"
)

// TestDecodeOperands checks the data flow of one instruction of each
// class, 32-bit and compressed (words as the GNU assembler encodes them).
func TestDecodeOperands(t *testing.T) {
	for _, tc := range []struct {
		text string
		w    uint32
		want Operands
	}{
		{"lui a0,0x12345", 0x12345537, Operands{Class: DataConst, Dst: 10, Imm: 0x12345000, Len: 4}},
		{"li a0,5 (addi a0,zero,5)", 0x00500513, Operands{Class: DataConst, Dst: 10, Imm: 5, Len: 4}},
		{"add a0,a1,a2", 0x00c58533, Operands{Class: DataALU, Dst: 10, Src: []int{11, 12}, Len: 4}},
		{"lw a5,8(sp)", 0x00812783, Operands{Class: DataLoad, Dst: 15, Base: 2, Imm: 8, Size: 4, Len: 4}},
		{"sb a0,3(a1)", 0x00a581a3, Operands{Class: DataStore, Src: []int{10}, Base: 11, Imm: 3, Size: 1, Len: 4}},
		{"csrr a0,mcause", 0x34202573, Operands{Class: DataCSR, Dst: 10, CSR: 0x342, Imm: 0x342, Len: 4}},
		{"c.lw a0,4(a1)", 0x41c8, Operands{Class: DataLoad, Dst: 10, Base: 11, Imm: 4, Size: 4, Len: 2}},
		{"c.sw a0,4(a1)", 0xc1c8, Operands{Class: DataStore, Src: []int{10}, Base: 11, Imm: 4, Size: 4, Len: 2}},
		{"c.mv a0,a1", 0x852e, Operands{Class: DataALU, Dst: 10, Src: []int{11}, Len: 2}},
		{"beq a0,a1,.", 0x00b50063, Operands{Imm: 0, Len: 4}},
	} {
		got := DecodeOperands(tc.w)
		if got.Class != tc.want.Class || got.Dst != tc.want.Dst || !slices.Equal(got.Src, tc.want.Src) ||
			got.Base != tc.want.Base || got.Size != tc.want.Size || got.Len != tc.want.Len ||
			(tc.want.Class == DataCSR && got.CSR != tc.want.CSR) || (tc.want.Class != DataCSR && tc.want.Class != DataNone && got.Imm != tc.want.Imm) {
			t.Errorf("%s: %+v, want %+v", tc.text, got, tc.want)
		}
	}
}
