package vm

import (
	"os"
	"strings"
	"testing"
)

// TestBuiltinBoards checks every embedded board file parses, builds a
// machine, and that names and aliases resolve to it.
func TestBuiltinBoards(t *testing.T) {
	want := map[string]string{"virt": "rv32imac", "mps2-an385": "cortex-m3", "mps2-an386": "cortex-m4f", "mps2-an500": "cortex-m7", "lm3s6965evb": "cortex-m3", "hifive1-revb": "rv32imac"}
	bs := Boards()
	if len(bs) != len(want) {
		t.Fatalf("%d built-in boards, want %d", len(bs), len(want))
	}
	for _, b := range bs {
		if want[b.Name] != b.CPU || b.Description == "" {
			t.Errorf("board %q: CPU %q, description %q", b.Name, b.CPU, b.Description)
		}
		if _, err := NewMachine(b, Config{}); err != nil {
			t.Errorf("board %q: %v", b.Name, err)
		}
		for _, n := range append([]string{b.Name}, b.Aliases...) {
			if got, err := ResolveBoard(n); err != nil || got.Name != b.Name {
				t.Errorf("ResolveBoard(%q) = %q, %v", n, got.Name, err)
			}
		}
		if got, err := BoardFromSpec(BoardSpec(b)); err != nil || !boardsEqual(got, b) || BoardSpec(b) != b.Name {
			t.Errorf("board %q: spec %q does not give the board back (%v)", b.Name, BoardSpec(b), err)
		}
	}
	if v := VirtBoard(0); v.RAMBase != 0x80000000 || v.RAMSize != 128<<20 || v.HeapSize != 126<<20 || len(v.Devices) != 4 {
		t.Errorf("virt: %+v", v)
	}
}

// TestBoardFile loads a user's board file, runs the HiFive1 firmware's
// first output on it (the same UART and CLINT), and checks a recording
// keeps the whole description.
func TestBoardFile(t *testing.T) {
	b, err := ResolveBoard("testdata/boards/myboard.json")
	if err != nil {
		t.Fatal(err)
	}
	if b.Name != "my-fe310" || b.RAMBase != 0x20000000 || b.RAMSize != 0x60010000 || len(b.Flash) != 1 || len(b.RAM) != 1 || b.ResetVector != 0x20010000 {
		t.Fatalf("parsed %+v", b)
	}
	data, err := os.ReadFile("../testdata/hifive1/board.elf")
	if err != nil {
		t.Fatal(err)
	}
	m, err := NewMachine(b, Config{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := m.LoadELF(data); err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	m.SetUARTOutput(func(c byte) { out.WriteByte(c) })
	m.Run(20_000)
	if !strings.HasPrefix(out.String(), "semihosting console: hello\nhifive1 board test\ntxctrl=0x00000001\n") {
		t.Errorf("output %q", out.String())
	}
	spec := BoardSpec(b)
	if !strings.HasPrefix(spec, "{") {
		t.Fatalf("spec of a file board is %q, want the description", spec)
	}
	back, err := BoardFromSpec(spec)
	if err != nil || !boardsEqual(back, b) {
		t.Errorf("spec round trip: %v", err)
	}
}

// TestBoardFileErrors checks each error names the file, the line and the
// field.
func TestBoardFileErrors(t *testing.T) {
	const head = "{\n\"name\": \"b\",\n\"cpu\": \"rv32imac\",\n"
	const mem = "\"memory\": [\n{ \"kind\": \"ram\", \"base\": \"0x80000000\", \"size\": \"64K\" }\n]"
	cases := []struct{ text, want string }{
		{"{\n\"name\": \"b\",\n", "b.json:3: invalid JSON: unexpected end of file"},
		{"{\n\"name\": \"b\" \"cpu\": 1}", "b.json:2: invalid JSON: invalid character '\"' after object key:value pair"},
		{"[1]", "b.json:1: must be an object"},
		{"{\n\"name\": \"b\",\n\"colour\": 1}", "b.json:3: colour: unknown field (known here: name, aliases,"},
		{"{\n\"name\": \"a b\"}", "b.json:2: name: a board needs a name without spaces or slashes"},
		{"{\n\"name\": \"b\",\n\"name\": \"c\"}", "b.json:3: name: appears twice"},
		{"{\n\"name\": \"b\",\n\"cpu\": \"z80\"}", "b.json:3: cpu: unknown CPU \"z80\" (have rv32imac, cortex-m0, cortex-m3, cortex-m4f, cortex-m7)"},
		{"{\n\"name\": \"b\",\n\"aliases\": \"x\",\n\"cpu\": \"rv32imac\"}", "b.json:3: aliases: must be a list of names"},
		{head + "\"memory\": []}", "b.json:4: memory: a board needs a list of memory regions"},
		{head + "\"memory\": [\n{ \"kind\": \"sram\", \"base\": 0, \"size\": \"4K\" }]}", "b.json:5: memory[0].kind: unknown memory kind \"sram\" (have ram, flash, rom, alias)"},
		{head + "\"memory\": [\n{ \"kind\": \"ram\",\n\"base\": \"0x80000100\", \"size\": \"4K\" }]}", "b.json:6: memory[0].base: 0x80000100 is not a multiple of 4 KiB"},
		{head + "\"memory\": [\n{ \"kind\": \"ram\", \"base\": 0,\n\"size\": \"lots\" }]}", "b.json:6: memory[0].size: \"lots\" is not an unsigned whole number"},
		{head + "\"memory\": [\n{ \"kind\": \"ram\", \"base\": 0 }]}", "b.json:5: memory[0].size: missing"},
		{head + "\"memory\": [\n{ \"kind\": \"ram\", \"base\": \"0xfffff000\", \"size\": \"8K\" }]}", "b.json:5: memory[0].size: the region ends beyond 4 GiB"},
		{head + "\"memory\": [\n{ \"kind\": \"ram\", \"base\": 0, \"size\": \"8K\" },\n{ \"kind\": \"flash\", \"base\": \"4K\", \"size\": \"8K\" }]}", "b.json:6: memory[1]: overlaps memory[0]"},
		{head + "\"memory\": [\n{ \"kind\": \"ram\", \"base\": 0, \"size\": \"4K\", \"words\": [1] }]}", "b.json:5: memory[0].words: only a rom region has words"},
		{head + "\"memory\": [\n{ \"kind\": \"rom\", \"base\": 0, \"size\": \"4K\", \"words\": [1,\n\"0x1ffffffff\"] }]}", "b.json:6: memory[0].words[1]: 0x1ffffffff does not fit in 32 bits"},
		{head + mem + ",\n\"devices\": [\n{ \"kind\": \"uart\", \"base\": 0 }]}", "b.json:8: devices[0].kind: unknown device kind \"uart\" (have clint, cmsdk-dualtimer,"},
		{head + mem + ",\n\"devices\": [\n{ \"kind\": \"cmsdk-uart\", \"base\": 0 }]}", "b.json:8: devices[0].kind: a cmsdk-uart does not fit a RISC-V board"},
		{head + mem + ",\n\"devices\": [\n{ \"kind\": \"clint\" }]}", "b.json:8: devices[0].base: missing"},
		{head + mem + ",\n\"devices\": [\n{ \"kind\": \"clint\", \"base\": 0, \"irq\": 3 }]}", "b.json:8: devices[0].irq: unknown field (known here: kind, base, name, clock)"},
		{head + mem + ",\n\"devices\": [\n{ \"kind\": \"plic\", \"base\": 0 },\n{ \"kind\": \"sifive-uart\", \"base\": 0,\n\"irq\": 5000 }]}", "b.json:10: devices[1].irq: 5000 is out of range (below 1024)"},
		{head + mem + ",\n\"devices\": [\n{ \"kind\": \"unimplemented\", \"base\": 0 }]}", "b.json:8: devices[0].size: an unimplemented region needs a size"},
		{head + mem + ",\n\"devices\": [\n{ \"kind\": \"uart16550\", \"base\": \"0x10000000\", \"irq\": 10 }]}", "b.json:7: devices: a UART needs a PLIC"},
		{head + mem + ",\n\"devices\": [\n{ \"kind\": \"plic\", \"base\": \"0x0c000000\" },\n{ \"kind\": \"clint\",\n\"base\": \"0x0c100000\" }]}", "b.json:10: devices[1].base: the clint at 0xc100000 overlaps devices[0]"},
		{head + mem + ",\n\"devices\": [\n{ \"kind\": \"clint\", \"base\": \"0x80000000\" }]}", "b.json:8: devices[0].base: the clint at 0x80000000 overlaps the memory region at 0x80000000"},
		{head + mem + ",\n\"reset_vector\": \"0x1000\"}", "b.json:7: reset_vector: 0x1000 is not inside a memory region"},
		{head + mem + ",\n\"heap\": { \"base\": \"0x90000000\", \"size\": \"4K\" }}", "b.json:7: heap: 0x90000000+0x1000 is not inside a RAM region"},
		{head + mem + ",\n\"heap\": { \"start\": 0 }}", "b.json:7: heap.start: unknown field (known here: base, size)"},
		{head + mem + ",\n\"strict_mmio\": \"yes\"}", "b.json:7: strict_mmio: must be true or false"},
		{head + mem + ",\n\"devices\": [\n{ \"kind\": \"clint\", \"base\": 0 }],\n\"instructions_per_second\": 12345}", "b.json:9: instructions_per_second: 12345 instructions per second is not a multiple of the 10000000 Hz mtime timebase"},
		{"{\n\"name\": \"b\",\n\"cpu\": \"cortex-m3\",\n" + mem + ",\n\"reset_vector\": 4}", "b.json:7: reset_vector: a Cortex-M core boots from its vector table"},
		{"{\n\"name\": \"b\",\n\"cpu\": \"cortex-m3\",\n" + mem + ",\n\"devices\": [\n{ \"kind\": \"cmsdk-timer\", \"base\": \"0x40000000\", \"irq\": 600 }]}", "b.json:8: devices[0].irq: 600 is out of range (below 64)"},
		{"{\n\"name\": \"b\",\n\"cpu\": \"cortex-m3\",\n" + mem + ",\n\"devices\": [\n{ \"kind\": \"sifive-prci\", \"base\": 0 }]}", "b.json:8: devices[0].kind: a sifive-prci does not fit a Cortex-M board"},
		{strings.Repeat("[", 40) + strings.Repeat("]", 40), "b.json:1: [0][0][0]"},
	}
	for _, c := range cases {
		_, err := ParseBoardFile("b.json", []byte(c.text))
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%q:\n got %v\nwant %s…", c.text, err, c.want)
		}
	}
	if _, err := ResolveBoard("nosuch"); err == nil || !strings.Contains(err.Error(), `no built-in board "nosuch" (have hifive1-revb, lm3s6965evb, mps2-an385, mps2-an386, mps2-an500, virt; or give a board file's path)`) {
		t.Errorf("unknown name: %v", err)
	}
	if _, err := ResolveBoard("testdata/boards/missing.json"); err == nil || !strings.Contains(err.Error(), "board file: open testdata/boards/missing.json") {
		t.Errorf("missing file: %v", err)
	}
}
