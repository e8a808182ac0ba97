package debugger

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/rewind-debugger/rewind/symbols"
)

var fmtOpts = symbols.FormatOptions{}

// demoPath is the demo firmware: a ring buffer overwrites
// sensor.calibration.
var demoPath = filepath.Join("..", "testdata", "firmware", "demo.elf")

func newDemo(t testing.TB) (*Session, *[]byte) {
	t.Helper()
	elf, err := os.ReadFile(demoPath)
	if err != nil {
		t.Fatal(err)
	}
	out := &[]byte{}
	s, err := New(elf, Options{Path: demoPath, Output: func(b byte, _ uint64) { *out = append(*out, b) }})
	if err != nil {
		t.Fatal(err)
	}
	return s, out
}

// lineNow is the source line hart 0 is at.
func lineNow(s *Session) int {
	return s.lineOf(s.m.Hart(0).PC())
}

// funcNow is the function hart 0 is in.
func funcNow(s *Session) string {
	if f := s.syms.FunctionAt(s.m.Hart(0).PC()); f != nil {
		return f.Name
	}
	return ""
}

// toCheckFailed runs the demo to the failed check (line 103).
func toCheckFailed(t testing.TB, s *Session) Stop {
	t.Helper()
	bs := s.SetLineBreakpoints("demo.c", []LineSpec{{Line: 103}})
	if !bs[0].Verified {
		t.Fatalf("breakpoint on demo.c:103: %s", bs[0].Message)
	}
	st := s.Continue()
	if st.Reason != ReasonBreakpoint || lineNow(s) != 103 {
		t.Fatalf("continue: %v at line %d", st, lineNow(s))
	}
	return st
}

// watchCalibration sets a write data breakpoint on sensor.calibration.
func watchCalibration(t testing.TB, s *Session) {
	t.Helper()
	d, err := s.DataTargetOf(0, 0, "sensor.calibration")
	if err != nil {
		t.Fatal(err)
	}
	s.SetDataBreakpoints([]DataSpec{{Name: "sensor.calibration", Addr: d.Addr, Size: d.Size, Access: AccessWrite}})
}

// openFirmware opens testdata/firmware/NAME.elf with Open.
func openFirmware(t testing.TB, name string) *Session {
	t.Helper()
	s, err := Open(Program{ELFPath: filepath.Join("..", "testdata", "firmware", name+".elf")}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	return s
}
