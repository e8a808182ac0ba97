package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rewind-debugger/rewind/debugger"
	"github.com/rewind-debugger/rewind/gdbserver"
)

// TestGDBServerRecordScript: --record-script prints the script Eclipse
// CDT needs, byte for byte the one in the repository.
func TestGDBServerRecordScript(t *testing.T) {
	code, out, errs := runRewind(t, "", "gdbserver", "--record-script")
	want, err := os.ReadFile(filepath.Join("..", "..", "gdbserver", "eclipse", "rewind-record.py"))
	if err != nil {
		t.Fatal(err)
	}
	if code != 0 || out != string(want) || errs != "" {
		t.Fatalf("exit %d, stderr %q, stdout %d bytes (want the %d-byte script)", code, errs, len(out), len(want))
	}
}

// TestGDBServerRecordingEnd: a recording that ended waiting for input is
// opened through the debugger; a continue replays it (input and output
// included) and stops at its end, as does a step there; going back works.
func TestGDBServerRecordingEnd(t *testing.T) {
	elf := filepath.Join("..", "..", "testdata", "firmware", "echo_irq.elf")
	rec := filepath.Join(t.TempDir(), "echo_irq.rwd")
	// The recording ends with the firmware waiting for more input: exit 1.
	if code, _, errs := runRewind(t, "hi\n", "record", "-o", rec, elf); !strings.Contains(errs, "waiting for input") {
		t.Fatalf("record: exit %d: %s", code, errs)
	}
	var out strings.Builder
	target, err := gdbTarget(debugger.Program{RecordingPath: rec}, debugger.Options{Harts: 1}, &out, nil)
	if err != nil {
		t.Fatal(err)
	}
	if ev, err := target.Resume(gdbserver.Action{}); err != nil || ev.Kind != gdbserver.EventHistoryEnd {
		t.Fatalf("continue: %+v, %v; want the end of the recording", ev, err)
	}
	end := target.Now()
	if h := target.History(); end == 0 || h.End != end || h.Events == 0 {
		t.Fatalf("stopped at %d, history %+v", end, h)
	}
	steps := []struct {
		act  gdbserver.Action
		want gdbserver.EventKind
		at   uint64
	}{
		{gdbserver.Action{Step: true}, gdbserver.EventHistoryEnd, end},
		{gdbserver.Action{}, gdbserver.EventHistoryEnd, end},
		{gdbserver.Action{Reverse: true, Step: true}, gdbserver.EventStep, end - 1},
		{gdbserver.Action{Step: true}, gdbserver.EventStep, end},
	}
	for i, st := range steps {
		ev, err := target.Resume(st.act)
		if err != nil || ev.Kind != st.want || target.Now() != st.at {
			t.Fatalf("step %d %+v: %+v, %v at %d; want kind %d at %d", i, st.act, ev, err, target.Now(), st.want, st.at)
		}
	}
	if !strings.Contains(out.String(), "HI") {
		t.Fatalf("the replay did not echo the recorded input: %q", out.String())
	}
}
