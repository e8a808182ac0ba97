package checkpoint

import (
	"strings"
	"testing"
)

// TestRecordingBoard: the board name survives a round trip (absent means
// virt), and a board's RAM and core count are checked against it.
func TestRecordingBoard(t *testing.T) {
	r := sampleRecording()
	if got, _ := recode(t, r); got.Board != "virt" {
		t.Errorf("board %q, want virt for a recording without one", got.Board)
	}
	r.Board, r.Harts, r.RAMBase, r.RAMSize = "mps2-an386", 1, 0, 0x22000000
	r.Events = r.Events[:2]
	if got, _ := recode(t, r); got.Board != "mps2-an386" {
		t.Errorf("board %q, want mps2-an386", got.Board)
	}
	for _, tc := range []struct {
		edit func(*Recording)
		want string
	}{
		{func(r *Recording) { r.Board = "nosuch" }, `no built-in board "nosuch"`},
		{func(r *Recording) { r.Board = `{"name": "x"` }, "board description"},
		{func(r *Recording) { r.RAMSize = 4096 }, "bad RAM"},
		{func(r *Recording) { r.Harts = 2 }, "one core"},
	} {
		bad := sampleRecording()
		bad.Board, bad.Harts, bad.RAMBase, bad.RAMSize = "mps2-an385", 1, 0, 0x22000000
		bad.Events = bad.Events[:2]
		tc.edit(bad)
		data, err := bad.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		if _, err := DecodeRecording(data); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("decode error %v, want %q", err, tc.want)
		}
	}
}
