package vm

import (
	"encoding/binary"
	"fmt"
	"strings"
	"testing"
)

// aliasBoard has 64 KiB of RAM at 0x80000000, flash at 0x20000000, and
// aliases of a RAM page at 0x90000000 and of the flash at 0x30000000.
func aliasBoard() Board {
	return Board{Name: "alias", RAMBase: 0x20000000, RAMSize: 0x60010000,
		RAM:        []Region{{0x80000000, 0x10000}},
		Flash:      []Region{{0x20000000, 0x1000}},
		MemAliases: []MemAlias{{Base: 0x90000000, Size: 0x1000, Of: 0x80001000}, {Base: 0x30000000, Size: 0x1000, Of: 0x20000000}},
	}
}

// TestMemAlias: a store through an alias is seen at the aliased address
// and the other way round, by the guest and the debugger; snapshots keep
// the one storage; a store through an alias of flash faults; a watchpoint
// on the aliased bytes sees a store through the alias.
func TestMemAlias(t *testing.T) {
	m, err := NewMachine(aliasBoard(), Config{})
	if err != nil {
		t.Fatal(err)
	}
	words := prog(li(5, 0x90000000), li(6, 0x80001000), li(7, 0x30000000),
		li(8, 7), sw(8, 5, 4), // through the alias
		lw(9, 6, 4),           // x9 = 7, read at the aliased address
		li(8, 9), sw(8, 6, 8), // at the aliased address
		lw(10, 5, 8), // x10 = 9, read through the alias
		sw(8, 7, 0),  // store through the alias of flash: access fault
		jal(0, 0))
	loadWords(t, m, 0x80000000, words)
	m.Hart(0).SetPC(0x80000000)
	snap := m.Snapshot()
	m.SetWatchpoint(0x80001004, 4, AccessWrite)
	if st := m.Run(100); st.Reason != StopWatchpoint || st.Addr != 0x80001004 {
		t.Fatalf("store through the alias: %+v, want the watchpoint on the aliased address", st)
	}
	m.ClearWatchpoint(0x80001004, 4, AccessWrite)
	m.SetTrapStops(true)
	m.Run(m.Time() + 100)
	if h := m.Hart(0); h.Reg(9) != 7 || h.Reg(10) != 9 {
		t.Errorf("x9 %d x10 %d, want 7 and 9", h.Reg(9), h.Reg(10))
	}
	cause, _ := m.Hart(0).ReadCSR(csrMcause)
	tval, _ := m.Hart(0).ReadCSR(csrMtval)
	if cause != 7 || tval != 0x30000000 {
		t.Errorf("mcause %d mtval %#x after a store through the flash alias, want 7 (store access fault) at 0x30000000", cause, tval)
	}
	if err := m.WriteMemory(0x90000010, []byte{1, 2, 3, 4}); err != nil {
		t.Fatal(err)
	}
	for _, a := range []uint32{0x80001010, 0x90000010} {
		if got := readWord(t, m, a); got != 0x04030201 {
			t.Errorf("debugger write through the alias: %#x reads %#x", a, got)
		}
	}
	if err := m.Restore(snap); err != nil {
		t.Fatal(err)
	}
	for _, a := range []uint32{0x80001004, 0x90000004, 0x90000010} {
		if got := readWord(t, m, a); got != 0 {
			t.Errorf("after restoring the snapshot %#x reads %#x, want 0", a, got)
		}
	}
}

// TestMemAliasBoardFile: aliases in a board file and their errors.
func TestMemAliasBoardFile(t *testing.T) {
	const head = "{\n\"name\": \"b\",\n\"cpu\": \"rv32imac\",\n\"memory\": [\n{ \"kind\": \"ram\", \"base\": \"0x80000000\", \"size\": \"64K\" },\n"
	b, err := ParseBoardFile("b.json", []byte(head+"{ \"kind\": \"alias\", \"base\": 0, \"size\": \"8K\", \"of\": \"0x80002000\" }]}"))
	if err != nil || len(b.MemAliases) != 1 || b.MemAliases[0] != (MemAlias{0, 0x2000, 0x80002000}) || b.RAMBase != 0x80000000 {
		t.Fatalf("parsed %+v, %v", b.MemAliases, err)
	}
	cases := []struct{ text, want string }{
		{head + "{ \"kind\": \"alias\", \"base\": 0, \"size\": \"8K\" }]}", "b.json:6: memory[1].of: missing: the address of the memory the alias shows"},
		{head + "{ \"kind\": \"alias\", \"base\": 0, \"size\": \"8K\",\n\"of\": \"0x80000100\" }]}", "b.json:7: memory[1].of: the aliased address 0x80000100 is not a multiple of 4 KiB"},
		{head + "{ \"kind\": \"alias\", \"base\": 0, \"size\": \"8K\",\n\"of\": \"0x8000f000\" }]}", "b.json:7: memory[1].of: 0x8000f000+0x2000 is not inside one memory region"},
		{head + "{ \"kind\": \"alias\", \"base\": \"0x80008000\", \"size\": \"8K\", \"of\": \"0x80000000\" }]}", "b.json:6: memory[1]: overlaps memory[0]"},
		{head + "{ \"kind\": \"ram\", \"base\": 0, \"size\": \"4K\",\n\"of\": 0 }]}", "b.json:7: memory[1].of: only an alias has of"},
		{"{\n\"name\": \"b\",\n\"cpu\": \"rv32imac\",\n\"memory\": [\n{ \"kind\": \"alias\", \"base\": 0, \"size\": \"4K\", \"of\": 0 }]}", "b.json:4: memory: a board needs a ram, flash or rom region besides its aliases"},
		{head + "{ \"kind\": \"alias\", \"base\": 0, \"size\": \"8K\", \"of\": \"0x80000000\" }],\n\"devices\": [\n{ \"kind\": \"clint\", \"base\": \"0x1000\" }]}", "b.json:8: devices[0].base: the clint at 0x1000 overlaps the alias at 0x0"},
	}
	for _, c := range cases {
		_, err := ParseBoardFile("b.json", []byte(c.text))
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%q:\n got %v\nwant %s…", c.text, err, c.want)
		}
	}
	bad := aliasBoard()
	bad.MemAliases[0].Of = 0x70000000
	if _, err := NewMachine(bad, Config{}); err == nil || !strings.Contains(err.Error(), "alias at 0x90000000: 0x70000000+0x1000 is not inside one memory region") {
		t.Errorf("a description with a bad alias: %v", err)
	}
}

// TestMPS2Aliases: QEMU's mps2 RAM mirrors show the same bytes.
func TestMPS2Aliases(t *testing.T) {
	b, err := MPS2Board("mps2-an385")
	if err != nil {
		t.Fatal(err)
	}
	m, err := NewMachine(b, Config{})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range [][2]uint32{{0x00000100, 0x00400100}, {0x01000010, 0x0100c010}, {0x20000020, 0x20400020}} {
		if err := m.WriteMemory(c[0], binary.LittleEndian.AppendUint32(nil, c[0])); err != nil {
			t.Fatal(err)
		}
		if got := readWord(t, m, c[1]); got != c[0] {
			t.Errorf("%#x reads %#x, want what was written at %#x", c[1], got, c[0])
		}
	}
}

// TestDebuggerWritesThroughAlias: the debugger writes through an alias as
// it writes the memory the alias shows: any length, flash included, and
// without a watchpoint stop (no instruction stored anything; a search
// replaying the edit with watchpoints armed once stopped at time -1).
func TestDebuggerWritesThroughAlias(t *testing.T) {
	m, err := NewMachine(aliasBoard(), Config{})
	if err != nil {
		t.Fatal(err)
	}
	loadWords(t, m, 0x80000000, prog(jal(0, 0)))
	m.Hart(0).SetPC(0x80000000)
	m.SetWatchpoint(0x80001000, 4, AccessWrite)
	buf := []byte{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16}
	if err := m.WriteMemory(0x90000000, buf); err != nil {
		t.Fatalf("16-byte debugger write through the alias: %v", err)
	}
	if err := m.WriteMemory(0x30000000, []byte{0xaa, 0xbb}); err != nil {
		t.Fatalf("debugger write through the flash alias: %v", err)
	}
	if st := m.Run(m.Time() + 10); st.Reason == StopWatchpoint {
		t.Fatalf("a debugger write through the alias stopped at a watchpoint: %+v", st)
	}
	for a, want := range map[uint32]uint32{0x80001000: 0x04030201, 0x8000100c: 0x100f0e0d, 0x9000000c: 0x100f0e0d} {
		if got := readWord(t, m, a); got != want {
			t.Errorf("%#x reads %#x, want %#x", a, got, want)
		}
	}
	if got := readWord(t, m, 0x20000000) & 0xffff; got != 0xbbaa {
		t.Errorf("flash reads %#x after the write through its alias, want 0xbbaa", got)
	}
}

// TestParseBoardChecksOverlaps: a recording's inline board (BoardSpec's
// JSON) gets the overlap checks a board file gets: a device over an
// alias is refused.
func TestParseBoardChecksOverlaps(t *testing.T) {
	b, err := BoardByName("mps2-an385")
	if err != nil {
		t.Fatal(err)
	}
	if len(b.MemAliases) == 0 || len(b.Devices) == 0 {
		t.Fatal("mps2-an385 has no alias or device to test with")
	}
	if _, err := ParseBoard([]byte(BoardSpec(withName(b, "copy")))); err != nil {
		t.Fatalf("a sound board: %v", err)
	}
	bad := withName(b, "bad")
	bad.Devices = append([]BoardDevice(nil), b.Devices...)
	for i, d := range bad.Devices {
		if d.Kind != KindUnimplemented {
			bad.Devices[i].Base = b.MemAliases[0].Base
			break
		}
	}
	_, err = ParseBoard([]byte(BoardSpec(bad)))
	if err == nil || !strings.Contains(err.Error(), fmt.Sprintf("overlaps the alias at %#x", b.MemAliases[0].Base)) {
		t.Errorf("a device over an alias: err = %v", err)
	}
}

// withName is b renamed (so BoardSpec writes its whole description).
func withName(b Board, name string) Board {
	b.Name, b.Aliases = name, nil
	return b
}
