package main

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rewind-debugger/rewind/checkpoint"
	"github.com/rewind-debugger/rewind/vm"
)

// TestReplayDivergenceNamesModels: a replay that diverges from a recording
// made with other board models (an older Rewind) says so; one made with
// this build's models does not blame them.
func TestReplayDivergenceNamesModels(t *testing.T) {
	dir := t.TempDir()
	hello := filepath.Join("..", "..", "testdata", "firmware", "hello.elf")
	rwd := filepath.Join(dir, "hello.rwd")
	if code, _, errs := runRewind(t, "", "record", "-o", rwd, hello); code != 0 {
		t.Fatalf("record: exit %d stderr %q", code, errs)
	}
	rec, err := checkpoint.ReadRecording(rwd)
	if err != nil {
		t.Fatal(err)
	}
	if rec.Models != vm.ModelsVersion {
		t.Fatalf("recorded models version %d, want %d", rec.Models, vm.ModelsVersion)
	}
	for _, tc := range []struct {
		models uint32
		want   string
	}{
		{vm.ModelsVersion, ""},
		{vm.ModelsVersion - 1, fmt.Sprintf("made with board models version %d, this Rewind has version %d", vm.ModelsVersion-1, vm.ModelsVersion)},
		{0, "the recording predates board-model versions"},
	} {
		r := *rec
		r.Models = tc.models
		r.OutputLen++ // the replay cannot match: it diverges
		bad := filepath.Join(dir, fmt.Sprintf("bad%d.rwd", tc.models))
		if err := checkpoint.WriteRecording(bad, &r); err != nil {
			t.Fatal(err)
		}
		code, _, errs := runRewind(t, "", "replay", bad)
		if code != exitFault || !strings.Contains(errs, "diverged") {
			t.Fatalf("models %d: exit %d stderr %q, want a divergence", tc.models, code, errs)
		}
		if tc.want == "" && strings.Contains(errs, "models") || !strings.Contains(errs, tc.want) {
			t.Errorf("models %d: stderr %q, want %q", tc.models, errs, tc.want)
		}
	}
}
