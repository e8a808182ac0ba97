package rpc

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// firmware is the absolute path of a test firmware.
func firmware(t *testing.T, name string) string {
	t.Helper()
	p, err := filepath.Abs(filepath.Join("..", "testdata", "firmware", name))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestPeripheralMethods: peripheral.list names the built-in virt.svd,
// peripheral.read shows a register at two moments with its fields
// decoded, watch.set on a register name plus a backward run finds the
// last write to it, and peripheral.write writes a field in the past
// (forking history).
func TestPeripheralMethods(t *testing.T) {
	c := client(t)
	call[Stop](t, c, "launch", map[string]any{"program": firmware(t, "mtime.elf")})
	list := call[PeripheralList](t, c, "peripheral.list", nil)
	if list.SVD != "built-in virt.svd" || len(list.Peripherals) != 4 || list.Peripherals[1].Name != "CLINT" || list.Peripherals[1].Address != 0x02000000 {
		t.Fatalf("peripheral.list: %+v", list)
	}
	read := func(reg string) RegisterValue {
		t.Helper()
		pv := call[PeripheralValues](t, c, "peripheral.read", map[string]any{"peripheral": "CLINT", "register": reg})
		if len(pv.Registers) != 1 {
			t.Fatalf("peripheral.read %s: %+v", reg, pv)
		}
		return pv.Registers[0]
	}
	if r := read("mtimecmph"); r.Value == nil || *r.Value != 0 || r.Hex != "0x00000000" || r.Address != 0x02004004 {
		t.Fatalf("mtimecmph at reset: %+v", r)
	}
	call[Breakpoint](t, c, "watch.set", map[string]any{"expression": "CLINT.mtimecmph", "access": "write"})
	for {
		st := call[Stop](t, c, "run", nil)
		if st.Reason != "data breakpoint" {
			break
		}
	}
	st := call[Stop](t, c, "run", map[string]any{"direction": "backward"})
	if st.Reason != "data breakpoint" || st.Function != "trap_handler" || st.OldValue != "0x00000000" || st.NewValue != "0xffffffff" {
		t.Fatalf("backward to the last write: %+v", st)
	}
	all := call[PeripheralValues](t, c, "peripheral.read", map[string]any{"peripheral": "CLINT"})
	if len(all.Registers) != 5 || all.Time != st.Time {
		t.Fatalf("CLINT at %d: %+v", st.Time, all)
	}
	msip := all.Registers[0]
	if msip.Name != "msip" || len(msip.Fields) != 1 || msip.Fields[0].Name != "msip" || msip.Fields[0].BitWidth != 1 {
		t.Errorf("msip: %+v", msip)
	}
	w := call[PeripheralValues](t, c, "peripheral.write", map[string]any{"peripheral": "CLINT", "register": "msip.msip", "value": 1})
	if !w.Forked || len(w.Registers) != 1 || w.Registers[0].Value == nil || *w.Registers[0].Value != 1 {
		t.Errorf("peripheral.write msip.msip = 1 in the past: %+v", w)
	}
	for _, tt := range []struct {
		method string
		params map[string]any
		code   int64
		want   string
	}{
		{"peripheral.read", map[string]any{"peripheral": "NOPE"}, CodeFailed, "no peripheral"},
		{"peripheral.read", map[string]any{"peripheral": "CLINT", "register": "nope"}, CodeFailed, "no register"},
		{"peripheral.write", map[string]any{"peripheral": "CLINT", "register": "msip.msip", "value": 2}, CodeFailed, "does not fit"},
		{"peripheral.write", map[string]any{"peripheral": "CLINT"}, -32602, "register"},
	} {
		if msg := callErr(t, c, tt.method, tt.params, tt.code); !strings.Contains(msg, tt.want) {
			t.Errorf("%s %v: %q, want it to say %q", tt.method, tt.params, msg, tt.want)
		}
	}
}

// TestPeripheralBadSVD: a bad svd launch parameter does not fail the
// launch; the peripheral methods answer with the file and line.
func TestPeripheralBadSVD(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "mine.svd")
	if err := os.WriteFile(bad, []byte("<device>\n<name>x</name>\n<peripherals>\n<peripheral><name>P</name><baseAddress>zz</baseAddress></peripheral>\n</peripherals>\n</device>\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c := client(t)
	call[Stop](t, c, "launch", map[string]any{"program": firmware(t, "mtime.elf"), "svd": bad})
	if msg := callErr(t, c, "peripheral.list", nil, CodeFailed); !strings.Contains(msg, "mine.svd:4") {
		t.Errorf("peripheral.list after a bad SVD: %q", msg)
	}
}

// TestPeripheralServerSVD: the server's SVD file (rewind rpc --svd) is
// used when launch names none, and launch's svd wins over it.
func TestPeripheralServerSVD(t *testing.T) {
	virt, _ := filepath.Abs(filepath.Join("..", "svd", "testdata", "virt.svd"))
	fe310, _ := filepath.Abs(filepath.Join("..", "svd", "testdata", "fe310.svd"))
	c := clientWith(t, Options{SVD: virt})
	call[Stop](t, c, "launch", map[string]any{"program": firmware(t, "mtime.elf")})
	if l := call[PeripheralList](t, c, "peripheral.list", nil); l.SVD != virt {
		t.Errorf("with --svd: %q, want %q", l.SVD, virt)
	}
	call[Stop](t, c, "launch", map[string]any{"program": firmware(t, "mtime.elf"), "svd": fe310})
	if l := call[PeripheralList](t, c, "peripheral.list", nil); l.SVD != fe310 || l.Device != "FE310-G002" {
		t.Errorf("with launch svd: %q (%s), want %q", l.SVD, l.Device, fe310)
	}
}
