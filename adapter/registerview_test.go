package adapter

import (
	"testing"

	"github.com/rewind-debugger/rewind/debugger"
	"github.com/rewind-debugger/rewind/symbols"
)

// TestRegisterView: register rows format by what the session says about
// each register, on either CPU.
func TestRegisterView(t *testing.T) {
	core := debugger.RegisterInfo{Group: debugger.GroupCore, Bits: 32}
	ptr := debugger.RegisterInfo{Group: debugger.GroupCore, Bits: 32, Data: true}
	tests := []struct {
		r    debugger.Register
		hex  bool
		want string
		typ  string
	}{
		{debugger.Register{Name: "a0", Value: 0xffffffff, Info: core}, false, "0xffffffff (-1)", "uint32_t"},
		{debugger.Register{Name: "a0", Value: 0xffffffff, Info: core}, true, "0xffffffff", "uint32_t"},
		{debugger.Register{Name: "sp", Value: 0x20001000, Info: ptr}, false, "0x20001000", "uint32_t"},
		{debugger.Register{Name: "mcause", Value: 7, Info: debugger.RegisterInfo{Group: debugger.GroupCSR, Bits: 32}}, false, "0x00000007", "uint32_t"},
		{debugger.Register{Name: "xpsr", Value: 0x6100000f, Info: core, Fields: []debugger.RegisterField{
			{Name: "Z", Value: 1, Width: 1}, {Name: "C", Value: 1, Width: 1}, {Name: "ISR", Value: 15, Width: 9, Text: "SysTick"}}},
			false, "0x6100000f [ Z C ISR=15 (SysTick) ]", "uint32_t"},
		{debugger.Register{Name: "s0", Value: 0x3e800000, Info: debugger.RegisterInfo{Group: debugger.GroupFPU, Bits: 32, Float: true}},
			false, "0.25 (0x3e800000)", "float"},
		{debugger.Register{Name: "d1", Value: 0, High: 0x40080000, Info: debugger.RegisterInfo{Group: debugger.GroupFPU, Bits: 64, Float: true}},
			false, "3 (0x4008000000000000)", "double"},
	}
	for _, tt := range tests {
		v := registerView(tt.r, symbols.FormatOptions{Hex: tt.hex})
		if v.Name != tt.r.Name || v.Value != tt.want || v.Type != tt.typ {
			t.Errorf("%s: %q %q, want %q %q", tt.r.Name, v.Value, v.Type, tt.want, tt.typ)
		}
	}
}
