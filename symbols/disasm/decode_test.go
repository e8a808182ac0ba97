package disasm

import (
	"encoding/binary"
	"errors"
	"testing"
)

func le32(x uint32) []byte { return binary.LittleEndian.AppendUint32(nil, x) }
func le16(x uint16) []byte { return binary.LittleEndian.AppendUint16(nil, x) }

func testSym(addr uint32) (string, bool) {
	if addr >= 0x80000000 && addr < 0x80000100 {
		if addr == 0x80000000 {
			return "main", true
		}
		return "main+0x" + hex(addr-0x80000000), true
	}
	return "", false
}

func hex(x uint32) string {
	const d = "0123456789abcdef"
	s := ""
	for ; x > 0; x >>= 4 {
		s = string(d[x&15]) + s
	}
	return s
}

// Instructions riscv64asm gets wrong or misses on RV32, and the ones this
// CPU executes that need our own decoding.
var decodeCases = []struct {
	name string
	code []byte
	addr uint32
	text string
	len  int
}{
	{"mret", le32(0x30200073), 0, "mret", 4},
	{"sret", le32(0x10200073), 0, "sret", 4},
	{"wfi", le32(0x10500073), 0, "wfi", 4},
	{"dret", le32(0x7b200073), 0, "dret", 4},
	{"sfence.vma", le32(0x12000073), 0, "sfence.vma", 4},
	{"sfence.vma a0, a1", le32(0x12b50073), 0, "sfence.vma a0, a1", 4},
	{"c.jal forward", le16(0x20b9), 0x8000025e, "jal 0x800002ac", 2},
	{"c.jal back", le16(0x3b5d), 0x80000260, "jal 0x80000016 <main+0x16>", 2},
	{"c.jal to symbol", le16(0x2011), 0x80000000, "jal 0x80000004 <main+0x4>", 2},
	{"jal to symbol", le32(0x0000006f), 0x80000000, "j 0x80000000 <main>", 4},
	{"c.j", le16(0xa01d), 0x80000286, "j 0x800002ac", 2},
	{"c.addi", le16(0x1101), 0, "addi sp, sp, -32", 2},
	{"c.unimp", le16(0x0000), 0, "unimp", 2},
	{"unimp", le32(0xc0001073), 0, "unimp", 4},
	{"slli 31", le32(0x01f59513), 0, "slli a0, a1, 0x1f", 4},
	{"csrrwi", le32(0x3402d573), 0, "csrrwi a0, mscratch, 5", 4},
	{"csrw mtvec", le32(0x30559073), 0, "csrw mtvec, a1", 4},
	{"rdcycleh", le32(0xc8002573), 0, "rdcycleh a0", 4},
	{"lr.w.aqrl", le32(0x1605a52f), 0, "lr.w.aqrl a0, (a1)", 4},
	{"sc.w", le32(0x18c5a52f), 0, "sc.w a0, a2, (a1)", 4},
	{"pause", le32(0x0100000f), 0, "pause", 4},
	{"fence r,w", le32(0x0210000f), 0, "fence r, w", 4},
}

func TestDecode(t *testing.T) {
	for _, c := range decodeCases {
		in, err := Decode(c.code, c.addr, testSym)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if in.Text != c.text || in.Len != c.len || in.Addr != c.addr {
			t.Errorf("%s: got %q len %d addr %#x, want %q len %d", c.name, in.Text, in.Len, in.Addr, c.text, c.len)
		}
	}
}

// Encodings riscv64asm accepts but an RV32IMAC CPU does not have.
var rejectCases = []struct {
	name string
	code []byte
	text string
}{
	{"ld", le32(0x0005b503), ".word 0x0005b503"},
	{"sd", le32(0x00a5b023), ".word 0x00a5b023"},
	{"lwu", le32(0x0005e503), ".word 0x0005e503"},
	{"addiw", le32(0x0015851b), ".word 0x0015851b"},
	{"slliw", le32(0x0015951b), ".word 0x0015951b"},
	{"srliw", le32(0x0015d51b), ".word 0x0015d51b"},
	{"sraiw", le32(0x4015d51b), ".word 0x4015d51b"},
	{"addw", le32(0x00c5853b), ".word 0x00c5853b"},
	{"subw", le32(0x40c5853b), ".word 0x40c5853b"},
	{"sllw", le32(0x00c5953b), ".word 0x00c5953b"},
	{"mulw", le32(0x02c5853b), ".word 0x02c5853b"},
	{"divw", le32(0x02c5c53b), ".word 0x02c5c53b"},
	{"divuw", le32(0x02c5d53b), ".word 0x02c5d53b"},
	{"remw", le32(0x02c5e53b), ".word 0x02c5e53b"},
	{"remuw", le32(0x02c5f53b), ".word 0x02c5f53b"},
	{"lr.d", le32(0x1005b52f), ".word 0x1005b52f"},
	{"amoadd.d", le32(0x00c5b52f), ".word 0x00c5b52f"},
	{"slli 32", le32(0x02059513), ".word 0x02059513"},
	{"srli 63", le32(0x03f5d513), ".word 0x03f5d513"},
	{"srai 32", le32(0x4205d513), ".word 0x4205d513"},
	{"flw", le32(0x0005a507), ".word 0x0005a507"},
	{"fadd.s", le32(0x00c58553), ".word 0x00c58553"},
	{"amocas.w", le32(0x28c5a52f), ".word 0x28c5a52f"},
	{"48-bit", le32(0x0000001f), ".word 0x0000001f"},
	{"c.flw", le16(0x6188), ".half 0x6188"},
	{"c.fsw", le16(0xe188), ".half 0xe188"},
	{"c.flwsp", le16(0x6502), ".half 0x6502"},
	{"c.fswsp", le16(0xe02a), ".half 0xe02a"},
	{"c.fld", le16(0x2188), ".half 0x2188"},
	{"c.fsd", le16(0xa188), ".half 0xa188"},
	{"c.fldsp", le16(0x2502), ".half 0x2502"},
	{"c.fsdsp", le16(0xa02a), ".half 0xa02a"},
	{"c.subw", le16(0x9d0d), ".half 0x9d0d"},
	{"c.addw", le16(0x9d2d), ".half 0x9d2d"},
	{"c.slli 32", le16(0x1502), ".half 0x1502"},
	{"c.srli 32", le16(0x9101), ".half 0x9101"},
	{"c.srai 32", le16(0x9501), ".half 0x9501"},
	{"c.addi4spn 0", le16(0x0004), ".half 0x0004"},
	{"c.lui 0", le16(0x6501), ".half 0x6501"},
}

func TestRejectNonRV32(t *testing.T) {
	for _, c := range rejectCases {
		in, err := Decode(c.code, 0x80000000, nil)
		if !errors.Is(err, ErrUnknown) {
			t.Errorf("%s: err %v (text %q), want ErrUnknown", c.name, err, in.Text)
			continue
		}
		if in.Text != c.text || in.Len != len(c.code) || in.HasTarget {
			t.Errorf("%s: got %q len %d, want %q len %d", c.name, in.Text, in.Len, c.text, len(c.code))
		}
	}
}

func TestTargets(t *testing.T) {
	in, err := Decode(le32(0xfeb504e3), 0x8000002e, nil) // beq a0,a1,-24
	if err != nil || !in.HasTarget || in.Target != 0x80000016 || in.Text != "beq a0, a1, 0x80000016" {
		t.Errorf("beq: %+v %v", in, err)
	}
	in, err = Decode(le32(0x00008067), 0, nil)
	if err != nil || in.HasTarget || in.Text != "ret" {
		t.Errorf("ret: %+v %v", in, err)
	}
}

func TestDecodeShort(t *testing.T) {
	for _, code := range [][]byte{nil, {0x13}, {0x13, 0x05, 0x15}} {
		if _, err := Decode(code, 0, nil); !errors.Is(err, ErrShort) {
			t.Errorf("Decode(% x): %v, want ErrShort", code, err)
		}
	}
}

func TestDecodeAll(t *testing.T) {
	// addi a0,a1,1; c.flw (unknown); c.nop; ld (unknown); ret; then the
	// first half of a 32-bit instruction.
	var code []byte
	code = append(code, le32(0x00158513)...)
	code = append(code, le16(0x6188)...)
	code = append(code, le16(0x0001)...)
	code = append(code, le32(0x0005b503)...)
	code = append(code, le32(0x00008067)...)
	code = append(code, 0x13, 0x05, 0x15)
	got := DecodeAll(code, 0x80000000, nil)
	want := []struct {
		addr uint32
		text string
	}{
		{0x80000000, "addi a0, a1, 1"}, {0x80000004, ".half 0x6188"}, {0x80000006, "nop"},
		{0x80000008, ".word 0x0005b503"}, {0x8000000c, "ret"}, {0x80000010, ".half 0x0513"},
	}
	if len(got) != len(want) {
		t.Fatalf("got %d instructions: %+v", len(got), got)
	}
	for i, w := range want {
		if got[i].Addr != w.addr || got[i].Text != w.text {
			t.Errorf("[%d] = %#x %q, want %#x %q", i, got[i].Addr, got[i].Text, w.addr, w.text)
		}
	}
}

// FuzzDecode checks that Decode never panics and keeps its invariants.
func FuzzDecode(f *testing.F) {
	for _, c := range decodeCases {
		f.Add(c.code, c.addr)
	}
	for _, c := range rejectCases {
		f.Add(c.code, uint32(0))
	}
	f.Fuzz(func(t *testing.T, code []byte, addr uint32) {
		in, err := Decode(code, addr, testSym)
		if err == nil && (in.Len != 2 && in.Len != 4 || in.Text == "") {
			t.Fatalf("Decode(% x) = %+v", code, in)
		}
		for _, in := range DecodeAll(code, addr, testSym) {
			if in.Len != 2 && in.Len != 4 {
				t.Fatalf("DecodeAll(% x): %+v", code, in)
			}
		}
	})
}
