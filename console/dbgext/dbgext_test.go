package dbgext

import (
	"os"
	"testing"

	"github.com/rewind-debugger/rewind/debugger"
	"github.com/rewind-debugger/rewind/symbols"
	"github.com/rewind-debugger/rewind/vm"
)

// demoSession starts a session on the demo firmware.
func demoSession(t *testing.T) *debugger.Session {
	t.Helper()
	elf, err := os.ReadFile("../../testdata/firmware/demo.elf")
	if err != nil {
		t.Fatal(err)
	}
	s, err := debugger.New(elf, debugger.Options{Path: "../../testdata/firmware/demo.elf"})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestWalkThrough(t *testing.T) {
	s := demoSession(t)
	tb := NewTable(s)
	sp, err := CodeSpec(s, 0, 0, "demo.c:102", "")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tb.Add(sp); err != nil {
		t.Fatal(err)
	}
	st := s.Continue()
	t.Logf("%v", st)
	w, err := WatchSpec(s, 0, 0, "sensor.calibration", vm.AccessWrite)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tb.Add(w); err != nil {
		t.Fatal(err)
	}
	ch, _, err := Changes(s, 0, 0, "sensor.calibration", symbols.FormatOptions{})
	t.Logf("%+v %v now=%d", ch, err, s.Now())
	st = s.ReverseContinue()
	t.Logf("%v", st)
	v, err := s.Evaluate(0, 0, "s->head", symbols.FormatOptions{})
	t.Logf("%v %v", v.Value, err)
	ch, _, err = Changes(s, 0, 0, "s->head", symbols.FormatOptions{})
	t.Logf("%+v %v now=%d", ch, err, s.Now())
}
