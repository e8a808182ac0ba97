package debugger

import (
	"testing"

	"github.com/go-delve/delve/pkg/dwarf/godwarf"
	"github.com/rewind-debugger/rewind/symbols"
)

// TestReturnValueRegisters checks where each ABI returns a value: ilp32 in
// a0/a1 up to 8 bytes; AAPCS in r0/r1 for fundamental types up to 8 bytes
// but composites only up to 4 (larger ones in memory), and under
// hard-float in s0/s1 for floats, doubles and small homogeneous
// floating-point aggregates.
func TestReturnValueRegisters(t *testing.T) {
	common := func(name string, n int64) godwarf.CommonType { return godwarf.CommonType{ByteSize: n, Name: name} }
	i32 := &godwarf.IntType{BasicType: godwarf.BasicType{CommonType: common("int", 4)}}
	i64 := &godwarf.IntType{BasicType: godwarf.BasicType{CommonType: common("long long", 8)}}
	f32 := &godwarf.FloatType{BasicType: godwarf.BasicType{CommonType: common("float", 4)}}
	f64 := &godwarf.FloatType{BasicType: godwarf.BasicType{CommonType: common("double", 8)}}
	f32t := &godwarf.TypedefType{CommonType: common("float32_t", 4), Type: f32}
	strct := func(kind string, fields ...godwarf.Type) *godwarf.StructType {
		s := &godwarf.StructType{Kind: kind, StructName: "s"}
		for _, f := range fields {
			s.Field = append(s.Field, &godwarf.StructField{Name: "m", Type: f, ByteOffset: s.ByteSize})
			if kind == "struct" {
				s.ByteSize += f.Size()
			} else {
				s.ByteSize = max(s.ByteSize, f.Size())
			}
		}
		return s
	}
	type where struct {
		lo int
		ok bool
	}
	r0, s0, mem := where{0, true}, where{symbols.ARMRegS0, true}, where{ok: false}
	a0 := where{symbols.RegA0, true}
	tests := []struct {
		name             string
		t                godwarf.Type
		rv, armSoft, arm where
	}{
		{"int", i32, a0, r0, r0},
		{"long long", i64, a0, r0, r0},
		{"float", f32, a0, r0, s0},
		{"float32_t", f32t, a0, r0, s0},
		{"double", f64, a0, r0, s0},
		{"struct{int}", strct("struct", i32), a0, r0, r0},
		{"struct{int,int}", strct("struct", i32, i32), a0, mem, mem},
		{"struct{int,int,int}", strct("struct", i32, i32, i32), mem, mem, mem},
		{"union{float,int}", strct("union", f32, i32), a0, r0, r0},
		{"struct{float,float}", strct("struct", f32, f32), a0, mem, s0},
		{"struct{float32_t,struct{float}}", strct("struct", f32t, strct("struct", f32)), a0, mem, s0},
		{"struct{float,int}", strct("struct", f32, i32), a0, mem, mem},
		{"struct{float,double}", strct("struct", f32, f64), mem, mem, mem},
		{"struct{float,float,float}", strct("struct", f32, f32, f32), mem, mem, mem},
		{"float[2]", &godwarf.ArrayType{CommonType: common("", 8), Type: f32, Count: 2}, a0, mem, s0},
	}
	for _, tt := range tests {
		for _, c := range []struct {
			arch string
			regs regFile
			want where
		}{{"riscv", riscvRegs{}, tt.rv}, {"cortex-m3", cortexMRegs{}, tt.armSoft}, {"cortex-m4f", cortexMRegs{fpu: true}, tt.arm}} {
			lo, _, ok := returnValueOf(c.regs, tt.t)
			if ok != c.want.ok || ok && lo != c.want.lo {
				t.Errorf("%s on %s: register %d ok=%v, want %d ok=%v", tt.name, c.arch, lo, ok, c.want.lo, c.want.ok)
			}
		}
	}
}
