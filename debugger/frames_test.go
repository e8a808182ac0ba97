package debugger

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rewind-debugger/rewind/symbols"
)

// TestStepOutOfOutermost: finish and reverse-finish refuse in main (the
// outermost frame shown) and leave the session where it was.
func TestStepOutOfOutermost(t *testing.T) {
	s, _ := newDemo(t)
	toCheckFailed(t, s)
	now := s.Now()
	if err := s.CanStepOut(0, 0); !errors.Is(err, ErrOutermostFrame) {
		t.Fatalf("CanStepOut in main: %v", err)
	}
	for _, op := range []string{"out", "rout"} {
		if st := s.do(op); !errors.Is(st.Err, ErrOutermostFrame) || s.Now() != now {
			t.Fatalf("%s in main: %v, time %d (was %d)", op, st, s.Now(), now)
		}
	}
	add(t, s, "record", false)
	s.Seek(0)
	s.Continue()
	if err := s.CanStepOut(0, 0); err != nil {
		t.Fatalf("CanStepOut in record: %v", err)
	}
	if err := s.CanStepOut(0, 1); !errors.Is(err, ErrOutermostFrame) {
		t.Fatalf("CanStepOut of frame 1 (main): %v", err)
	}
}

// TestFrameRegisters: an outer frame's pc is the return address, its sp
// the caller's, callee-saved registers are recovered and caller-saved
// ones are not saved; $a0 there prints <not saved> as in gdb.
func TestFrameRegisters(t *testing.T) {
	s, _ := newDemo(t)
	add(t, s, "record", false)
	s.Continue()
	fs, _ := s.Frames(0)
	regs, err := s.FrameRegisters(0, 1)
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]Register{}
	for _, r := range regs {
		byName[r.Name] = r
	}
	if r := byName["pc"]; r.Value != fs[1].PC || r.NotSaved {
		t.Errorf("pc of frame 1: %+v, want %#x", r, fs[1].PC)
	}
	if r := byName["sp"]; r.Value != fs[0].CFA || r.NotSaved {
		t.Errorf("sp of frame 1: %+v, want the CFA %#x", r, fs[0].CFA)
	}
	if !byName["a0"].NotSaved || byName["s0"].NotSaved {
		t.Errorf("a0 %+v should be not saved, s0 %+v saved", byName["a0"], byName["s0"])
	}
	inner, _ := s.FrameRegisters(0, 0)
	for _, r := range inner {
		if r.NotSaved {
			t.Errorf("frame 0's %s is not saved", r.Name)
		}
	}
	v, err := s.Evaluate(0, 1, "$a0", symbols.FormatOptions{})
	if err != nil || v.Value != "<not saved>" {
		t.Errorf("p $a0 in frame 1: %q %v", v.Value, err)
	}
	if v, err := s.Evaluate(0, 0, "$a0", symbols.FormatOptions{}); err != nil || v.Value == "<not saved>" {
		t.Errorf("p $a0 in frame 0: %q %v", v.Value, err)
	}
	if _, err := s.Evaluate(0, 1, "$nosuch", symbols.FormatOptions{}); err == nil {
		t.Error("an unknown register evaluated")
	}
}

// TestWildJumpBacktrace: after a call through a bad function pointer the
// pc names no function, but the backtrace goes on through ra (as rewind
// run's crash line does).
func TestWildJumpBacktrace(t *testing.T) {
	s := openFirmware(t, "wildjump")
	if st := s.Continue(); st.Reason != ReasonHalted || st.PC != 0x00060000 {
		t.Fatalf("continue: %v", st)
	}
	fs, err := s.Frames(0)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range fs {
		names = append(names, f.Name)
	}
	if len(fs) != 3 || fs[0].PC != 0x00060000 || names[1] != "dispatch" || names[2] != "main" || fs[1].Location.Line != 21 {
		t.Fatalf("backtrace %q (frame 1 at line %d)", names, fs[1].Location.Line)
	}
	if err := s.CanStepOut(0, 0); err != nil {
		t.Fatalf("finish from the wild frame: %v", err)
	}
}

// TestOpenErrors: problems with the files are ErrBadProgram, with the
// cause's words only.
func TestOpenErrors(t *testing.T) {
	for _, p := range []Program{{ELFPath: "/nope.elf"}, {ELFPath: "doc.go"}, {}, {RecordingPath: "doc.go"},
		{ELFPath: "../testdata/firmware/hello.elf", RecordingPath: "/nope.rwd"}} {
		_, err := Open(p, Options{})
		if !errors.Is(err, ErrBadProgram) || strings.Contains(err.Error(), "\n") || strings.Contains(err.Error(), "bad program") {
			t.Errorf("%+v: %v", p, err)
		}
	}
	s, _ := newDemo(t)
	s.Continue()
	path := filepath.Join(t.TempDir(), "demo.rwd")
	if err := s.Recording().Write(path); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(Program{RecordingPath: path}, Options{}); err != nil {
		t.Fatalf("the demo's recording with its embedded ELF: %v", err)
	}
	if _, err := Open(Program{ELFPath: "../testdata/firmware/hello.elf", RecordingPath: path}, Options{}); !errors.Is(err, ErrBadProgram) {
		t.Fatalf("another firmware for the recording: %v", err)
	}
}
