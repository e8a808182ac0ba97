package cexpr

import (
	"encoding/binary"
	"fmt"

	"github.com/go-delve/delve/pkg/dwarf/godwarf"
)

// fakeEnv is a small in-memory program: 4 KiB of RAM at memBase, a few
// registers, globals and types.
type fakeEnv struct {
	mem   []byte
	regs  map[string]uint32
	vars  map[string]Value
	types map[string]godwarf.Type
}

const memBase = 0x80000000

func (f *fakeEnv) LookupVariable(name string) (Value, error) {
	if v, ok := f.vars[name]; ok {
		return v, nil
	}
	return Value{}, fmt.Errorf("no symbol %q in current context", name)
}

func (f *fakeEnv) LookupRegister(name string) (uint32, bool) {
	v, ok := f.regs[name]
	return v, ok
}

func (f *fakeEnv) LookupType(name string) (godwarf.Type, error) {
	if t, ok := f.types[name]; ok {
		return t, nil
	}
	return nil, fmt.Errorf("no type %q", name)
}

func (f *fakeEnv) span(addr uint32, n int) ([]byte, error) {
	off := int64(addr) - memBase
	if off < 0 || off+int64(n) > int64(len(f.mem)) {
		return nil, fmt.Errorf("cannot access memory at 0x%08x", addr)
	}
	return f.mem[off : off+int64(n)], nil
}

func (f *fakeEnv) ReadMemory(addr uint32, buf []byte) error {
	m, err := f.span(addr, len(buf))
	if err == nil {
		copy(buf, m)
	}
	return err
}

func (f *fakeEnv) WriteMemory(addr uint32, buf []byte) error {
	m, err := f.span(addr, len(buf))
	if err == nil {
		copy(m, buf)
	}
	return err
}

func (f *fakeEnv) WriteRegister(name string, val uint32) error {
	if _, ok := f.regs[name]; !ok {
		return fmt.Errorf("no register %s", name)
	}
	f.regs[name] = val
	return nil
}

// Helpers to build godwarf types.
func tBase(name string) godwarf.Type { return mustBase(name) }

func tTypedef(name string, t godwarf.Type) godwarf.Type {
	td := &godwarf.TypedefType{Type: t}
	td.Name = name
	td.ByteSize = t.Common().ByteSize
	return td
}

func tArray(elem godwarf.Type, n int64) godwarf.Type {
	a := &godwarf.ArrayType{Type: elem, Count: n}
	a.ByteSize = -1 // as GCC leaves it
	return a
}

func tStruct(kind, name string, size int64, fields ...*godwarf.StructField) *godwarf.StructType {
	s := &godwarf.StructType{StructName: name, Kind: kind, Field: fields}
	s.Name = name
	s.ByteSize = size
	return s
}

func fld(name string, t godwarf.Type, off int64) *godwarf.StructField {
	return &godwarf.StructField{Name: name, Type: t, ByteOffset: off}
}

// bit5 is a DWARF 5 style bitfield: data_bit_offset dbo.
func bit5(name string, t godwarf.Type, dbo, size int64) *godwarf.StructField {
	return &godwarf.StructField{Name: name, Type: t, BitOffset: dbo, BitSize: size}
}

// bit4 is a DWARF 4 style bitfield in a storage unit of unit bytes at off.
func bit4(name string, t godwarf.Type, off, unit, lsb, size int64) *godwarf.StructField {
	return &godwarf.StructField{Name: name, Type: t, ByteOffset: off, ByteSize: unit,
		BitOffset: unit*8 - lsb - size, BitSize: size}
}

// newFakeEnv builds the test world:
//
//	struct point { int x, y; } pt = {3, -4};       @0x80000000
//	typedef struct point point_t; point_t *pp = &pt; @0x80000008
//	int arr[4] = {10, 20, 30, 40};                 @0x80000010
//	int grid[2][3] = {{1,2,3},{4,5,6}};            @0x80000020
//	struct node { int val; struct node *next; } n1 = {1, &n2}, n2 = {2, 0}; @0x80000040, 0x80000048
//	struct flags { unsigned a:3; int b:5; unsigned c:8; } fl = {5, -3, 200}; (DWARF 5 form) @0x80000050
//	struct flags4 (same, DWARF 4 form) fl4 = {5, -3, 200};  @0x80000054
//	unsigned char uc = 200; signed char sc = -3; short sh = -2; unsigned short us = 65535; @0x80000060..
//	long long ll = -5; unsigned u = 0xffffffff; int i = 7; @0x80000068, 0x80000070, 0x80000074
//	char msg[6] = "hello"; @0x80000078
//	union u { int i; unsigned char b[4]; } un = {0x11223344}; @0x80000080
//	enum color { RED, GREEN = 5, BLUE } col = BLUE; @0x80000084
//	const volatile uint8_t cv8 = 9; @0x80000088
//	struct { struct point p; union { int w; short h; }; } nest = {{7, 8}, {9}}; @0x8000008c
//	int rv (in register a0 = 42), int gone (optimized out)
func newFakeEnv() *fakeEnv {
	f := &fakeEnv{mem: make([]byte, 4096), regs: map[string]uint32{
		"pc": 0x80000100, "sp": 0x80000800, "a0": 42, "a1": 0xfffffffe, "mcause": 0x8000000b, "ra": 0x80000004,
	}, vars: map[string]Value{}, types: map[string]godwarf.Type{}}
	i32, u32, u8, i8 := tBase("int"), tBase("unsigned int"), tBase("unsigned char"), tBase("signed char")
	point := tStruct("struct", "point", 8, fld("x", i32, 0), fld("y", i32, 4))
	pointT := tTypedef("point_t", point)
	node := tStruct("struct", "node", 8, fld("val", i32, 0))
	node.Field = append(node.Field, fld("next", ptrTo(node), 4))
	flags := tStruct("struct", "flags", 4, bit5("a", u32, 0, 3), bit5("b", i32, 3, 5), bit5("c", u32, 8, 8))
	flags4 := tStruct("struct", "flags4", 4, bit4("a", u32, 0, 4, 0, 3), bit4("b", i32, 0, 4, 3, 5), bit4("c", u32, 0, 4, 8, 8))
	uni := tStruct("union", "u", 4, fld("i", i32, 0), fld("b", tArray(u8, 4), 0))
	color := &godwarf.EnumType{EnumName: "color", Val: []*godwarf.EnumValue{{Name: "RED", Val: 0}, {Name: "GREEN", Val: 5}, {Name: "BLUE", Val: 6}}}
	color.ByteSize = 4
	uint8T := tTypedef("uint8_t", u8)
	anonU := tStruct("union", "", 4, fld("w", i32, 0), fld("h", tBase("short"), 0))
	nest := tStruct("struct", "", 12, fld("p", point, 0), fld("", anonU, 8))
	for name, t := range map[string]godwarf.Type{"struct point": point, "point_t": pointT, "struct node": node,
		"struct flags": flags, "union u": uni, "enum color": color, "uint8_t": uint8T, "int": i32} {
		f.types[name] = t
	}
	at := func(name string, t godwarf.Type, off uint32) {
		f.vars[name] = Value{Type: t, Addr: memBase + off, HasAddr: true}
	}
	at("pt", point, 0)
	at("pp", ptrTo(pointT), 8)
	at("arr", tArray(i32, 4), 0x10)
	at("grid", tArray(tArray(i32, 3), 2), 0x20)
	at("n1", node, 0x40)
	at("n2", node, 0x48)
	at("fl", flags, 0x50)
	at("fl4", flags4, 0x54)
	at("uc", u8, 0x60)
	at("sc", i8, 0x61)
	at("sh", tBase("short"), 0x62)
	at("us", tBase("unsigned short"), 0x64)
	at("ll", tBase("long long"), 0x68)
	at("u", u32, 0x70)
	at("i", i32, 0x74)
	at("msg", tArray(tBase("char"), 6), 0x78)
	at("un", uni, 0x80)
	at("col", color, 0x84)
	at("cv8", qualify(uint8T, []string{"const", "volatile"}), 0x88)
	at("nest", nest, 0x8c)
	at("big", tArray(tArray(i32, 1<<20), 1<<10), 0x200)
	f.vars["rv"] = Value{Type: i32, Reg: "a0"}
	f.vars["rpt"] = Value{Type: point, Bytes: []byte{5, 0, 0, 0, 0xfa, 0xff, 0xff, 0xff}} // computed {5, -6}
	f.vars["rfl"] = Value{Type: flags, Bytes: []byte{0xed, 200, 0, 0}}                    // computed {5, -3, 200}
	f.vars["gonept"] = Value{Type: point, OptimizedOut: true}
	fn := &godwarf.FuncType{ReturnType: i32, ParamType: []godwarf.Type{i32, ptrTo(tBase("char"))}}
	fn.ByteSize = 1
	f.vars["main"] = Value{Type: fn, Addr: memBase + 0x100, HasAddr: true}
	f.vars["fnp"] = Value{Type: ptrTo(fn), Addr: memBase + 0x98, HasAddr: true}
	f.vars["vp"] = Value{Type: ptrTo(tBase("void")), Addr: memBase + 0x9c, HasAddr: true}
	f.vars["gone"] = Value{Type: i32, OptimizedOut: true}
	le := binary.LittleEndian
	w := func(off uint32, v uint32) { le.PutUint32(f.mem[off:], v) }
	w(0, 3)
	w(4, uint32(0xfffffffc))
	w(8, memBase)
	for k, v := range []uint32{10, 20, 30, 40} {
		w(0x10+uint32(k)*4, v)
	}
	for k := uint32(0); k < 6; k++ {
		w(0x20+k*4, k+1)
	}
	w(0x40, 1)
	w(0x44, memBase+0x48)
	w(0x48, 2)
	// a=5 (bits 0-2), b=-3 (bits 3-7: 0b11101), c=200 (bits 8-15)
	fl := uint32(5 | (0x1d << 3) | (200 << 8))
	w(0x50, fl)
	w(0x54, fl)
	f.mem[0x60] = 200
	f.mem[0x61] = 0xfd
	le.PutUint16(f.mem[0x62:], 0xfffe)
	le.PutUint16(f.mem[0x64:], 0xffff)
	le.PutUint64(f.mem[0x68:], uint64(0xfffffffffffffffb))
	w(0x70, 0xffffffff)
	w(0x74, 7)
	copy(f.mem[0x78:], "hello\x00")
	w(0x80, 0x11223344)
	w(0x84, 6)
	f.mem[0x88] = 9
	w(0x8c, 7)
	w(0x90, 8)
	w(0x94, 9)
	w(0x98, memBase+0x100)
	w(0x9c, memBase+0x74)
	return f
}
