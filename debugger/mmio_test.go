package debugger

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestUnknownMMIOReachesLog: the first access to an address with no device
// reaches the session's Log (the DAP adapter shows it as an output line),
// and semihosting output reaches Output like the UART's.
func TestUnknownMMIOReachesLog(t *testing.T) {
	path := filepath.Join("..", "testdata", "firmware", "crash.elf")
	elf, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var logs []string
	s, err := New(elf, Options{Path: path, Log: func(text string, _ uint64) { logs = append(logs, text) }})
	if err != nil {
		t.Fatal(err)
	}
	s.Continue()
	if len(logs) != 1 || !strings.Contains(logs[0], "unknown MMIO write of 4 bytes at 0x00050000 (access fault") {
		t.Errorf("log lines %q, want one report of the store to 0x00050000", logs)
	}

	path = filepath.Join("..", "testdata", "semihost", "hello.elf")
	if elf, err = os.ReadFile(path); err != nil {
		t.Fatal(err)
	}
	var out []byte
	for _, off := range []bool{false, true} {
		out = out[:0]
		s, err := New(elf, Options{Path: path, NoSemihosting: off, Output: func(b byte, _ uint64) { out = append(out, b) }})
		if err != nil {
			t.Fatal(err)
		}
		st := s.Continue()
		if got := string(out); (got == "hello from semihosting, 2 + 3 = 5\n") == off {
			t.Errorf("NoSemihosting %v: output %q, stop %v", off, got, st.Reason)
		}
	}
}
