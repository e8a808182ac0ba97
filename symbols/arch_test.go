package symbols

import (
	"bytes"
	"debug/elf"
	"encoding/binary"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestArchFromELF checks the Arch chosen for each test ELF and its
// register names and numbers.
func TestArchFromELF(t *testing.T) {
	rv := openVariant(t, "O0")
	arm := openARMVariant(t, "m4-O0")
	if rv.Arch().Machine() != elf.EM_RISCV || arm.Arch().Machine() != elf.EM_ARM {
		t.Fatalf("machines %v %v", rv.Arch().Machine(), arm.Arch().Machine())
	}
	cases := []struct {
		a    *Arch
		name string
		num  int
	}{
		{rv.Arch(), "sp", 2}, {rv.Arch(), "x10", 10}, {rv.Arch(), "fp", 8}, {rv.Arch(), "ra", 1},
		{arm.Arch(), "sp", 13}, {arm.Arch(), "lr", 14}, {arm.Arch(), "pc", 15}, {arm.Arch(), "r13", 13},
		{arm.Arch(), "r7", 7}, {arm.Arch(), "ip", 12}, {arm.Arch(), "s0", 64}, {arm.Arch(), "s31", 95},
	}
	for _, c := range cases {
		if n, ok := c.a.RegisterNumber(c.name); !ok || n != c.num {
			t.Errorf("%s: %s = %d (%v), want %d", c.a.Name(), c.name, n, ok, c.num)
		}
	}
	if _, ok := arm.Arch().RegisterNumber("r16"); ok {
		t.Error("r16 accepted")
	}
	if arm.Arch().RegisterName(13) != "sp" || arm.Arch().RegisterName(80) != "s16" || rv.Arch().RegisterName(10) != "a0" {
		t.Error("register names")
	}
	for n, want := range map[int]bool{4: true, 11: true, 12: false, 3: false, 13: true, 79: false, 80: true, 95: true} {
		if arm.Arch().CalleeSaved(n) != want {
			t.Errorf("ARM callee-saved %d: %v", n, !want)
		}
	}
	if arm.Arch().CodeAddress(0x1b5) != 0x1b4 || arm.Arch().CodeAddress(0xfffffff9) != 0xfffffff9 {
		t.Error("CodeAddress")
	}
}

// TestThumbBitInSymbols checks that function symbols lose the Thumb bit
// and mapping symbols are not names.
func TestThumbBitInSymbols(t *testing.T) {
	tab := openARMVariant(t, "m3-O0")
	for _, s := range tab.Symbols() {
		if s.Name[0] == '$' {
			t.Errorf("mapping symbol %s kept", s.Name)
		}
		if s.Kind == SymFunc && s.Addr&1 != 0 {
			t.Errorf("%s at 0x%x keeps the Thumb bit", s.Name, s.Addr)
		}
	}
	fn, ok := tab.FunctionByName("factorial")
	if !ok {
		t.Fatal("no factorial")
	}
	if name, _ := tab.SymbolAt(fn.Low); name != "factorial" {
		t.Errorf("SymbolAt(0x%x) = %q", fn.Low, name)
	}
	if tab.Entry()&1 != 0 || tab.FunctionAt(tab.Entry()) == nil {
		t.Errorf("entry 0x%x", tab.Entry())
	}
	if _, err := tab.Disassemble(nil, fn.Low, fn.High, false); err != nil {
		t.Errorf("disassembly without a Thumb decoder: %v", err)
	}
}

// TestRISCVFlow classifies calls, returns, jumps and branches.
func TestRISCVFlow(t *testing.T) {
	cases := []struct {
		raw  uint32
		n    int
		kind FlowKind
	}{
		{0x0080006f, 4, FlowJump},   // j +8
		{0x008000ef, 4, FlowCall},   // jal ra, +8
		{0x00008067, 4, FlowReturn}, // ret
		{0x000780e7, 4, FlowCall},   // jalr a5
		{0x00078067, 4, FlowJump},   // jr a5
		{0x00b50463, 4, FlowBranch}, // beq a0, a1, +8
		{0x00000073, 4, FlowTrap},   // ecall
		{0x30200073, 4, FlowTrap},   // mret
		{0x00a58533, 4, FlowNone},   // add a0, a1, a0
		{0x8082, 2, FlowReturn},     // c.jr ra
		{0x9782, 2, FlowCall},       // c.jalr a5
		{0x2011, 2, FlowCall},       // c.jal
		{0xa011, 2, FlowJump},       // c.j
		{0xc111, 2, FlowBranch},     // c.beqz a0
		{0x4501, 2, FlowNone},       // c.li a0, 0
	}
	for _, c := range cases {
		code := make([]byte, 4)
		binary.LittleEndian.PutUint32(code, c.raw)
		f, err := riscvISA{}.Flow(code[:c.n], 0x80000000)
		if err != nil || f.Kind != c.kind || f.Len != c.n {
			t.Errorf("0x%x: %+v %v, want kind %d", c.raw, f, err, c.kind)
		}
	}
}

// TestTypedStack evaluates GCC's hard-float expression for
// w = s->origin.x * s->scale with s->origin.x = -3 and s13 = 2.0.
func TestTypedStack(t *testing.T) {
	types := map[uint64]valType{0x10: {encSigned, 2}, 0x20: {encSigned, 4}, 0x30: {encFloat, 4}}
	ctx := &exprContext{
		reg: func(n int) (uint32, bool) {
			if n == 0 {
				return 0x20001000, true
			}
			return math.Float32bits(2), n == 77
		},
		mem: func(addr uint32, buf []byte) error {
			binary.LittleEndian.PutUint16(buf, uint16(0xfffd))
			return nil
		},
		baseType: func(off uint64) (valType, error) { return types[off], nil },
	}
	expr := []byte{0x70, 2, // breg0 +2
		0x94, 2, // deref_size 2
		0xa8, 0x10, 0xa8, 0x20, 0xa8, 0x30, // convert short, int, float
		0xa5, 77, 0x30, // regval_type s13 float
		0x1e, 0x9f} // mul, stack_value
	ps, err := evalLocation(expr, ctx)
	if err != nil || len(ps) != 1 || ps[0].kind != pieceValue {
		t.Fatalf("%v %v", ps, err)
	}
	if got := math.Float32frombits(uint32(ps[0].val)); got != -6 {
		t.Errorf("w = %v, want -6", got)
	}
}

// TestARMDoubleRegister reads a double described as DW_OP_regx d1 (DWARF
// 257, which other producers than GCC use) from s2 and s3.
func TestARMDoubleRegister(t *testing.T) {
	tab := openARMVariant(t, "m4-O0")
	tgt := &fakeTarget{base: 0x20000000, ram: make([]byte, 16)}
	bits := math.Float64bits(-1.25)
	tgt.regs[ARMRegS0+2], tgt.regs[ARMRegS0+3] = uint32(bits), uint32(bits>>32)
	f := tab.GlobalFrame(tgt)
	b, ok, err := f.pieceBytes(piece{kind: pieceReg, reg: ARMRegD0 + 1, size: 8}, nil)
	if err != nil || !ok || math.Float64frombits(binary.LittleEndian.Uint64(b)) != -1.25 {
		t.Errorf("d1 = %x %v %v", b, ok, err)
	}
}

// TestArchRejects refuses machines and byte orders other than RISC-V and
// little-endian ARM.
func TestArchRejects(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "testdata", "symbols-arm", "prog-m3-O0.elf"))
	if err != nil {
		t.Fatal(err)
	}
	x86 := append([]byte(nil), data...)
	binary.LittleEndian.PutUint16(x86[18:], uint16(elf.EM_386))
	if _, err := Load(bytes.NewReader(x86)); err == nil || !strings.Contains(err.Error(), "unsupported machine") {
		t.Errorf("EM_386: %v", err)
	}
	big := append([]byte(nil), data...)
	big[elf.EI_DATA] = byte(elf.ELFDATA2MSB)
	if _, err := Load(bytes.NewReader(big)); err == nil {
		t.Error("big-endian ELF accepted")
	}
	a := ARMv7M()
	if !a.IsExceptionReturn(0xfffffff9) || a.IsExceptionReturn(0x1b5) || RISCV32().IsExceptionReturn(0xfffffff9) {
		t.Error("IsExceptionReturn")
	}
}
