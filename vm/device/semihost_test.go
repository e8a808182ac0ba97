package device

import (
	"bytes"
	"testing"
)

func TestSemihostState(t *testing.T) {
	s := NewSemihost()
	s.Input([]byte("hello"))
	in := s.Open(SemihostHandle{Kind: HandleStdin})
	f := s.Open(SemihostHandle{Kind: HandleFile, Write: true, Pos: 7, Path: "a/b"})
	s.SetErrno(9)
	if in != 1 || f != 2 || string(s.TakeInput(2)) != "he" {
		t.Fatalf("handles %d %d", in, f)
	}
	saved := s.SaveState(nil)
	r := NewSemihost()
	if err := r.RestoreState(saved); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(r.SaveState(nil), saved) || r.Pending() != 3 || r.Errno() != 9 || r.Handle(2).Path != "a/b" {
		t.Fatal("restored state differs")
	}
	if !r.Close(1) || r.Close(1) || r.Open(SemihostHandle{Kind: HandleStdout}) != 1 {
		t.Error("the lowest free handle is not reused")
	}
	for n := range len(saved) {
		if NewSemihost().RestoreState(saved[:n]) == nil {
			t.Errorf("accepted %d of %d bytes", n, len(saved))
		}
	}
	big := make([]byte, SemihostInputCap+10)
	s.Input(big)
	if s.Pending() != SemihostInputCap {
		t.Errorf("input kept %d bytes", s.Pending())
	}
	s.Reset()
	if !bytes.Equal(s.SaveState(nil), NewSemihost().SaveState(nil)) {
		t.Error("Reset is not the power-on state")
	}
}
