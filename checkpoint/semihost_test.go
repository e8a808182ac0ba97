package checkpoint

import (
	"testing"

	"github.com/rewind-debugger/rewind/vm"
)

// TestRecordingKeepsSemihostingSetting: the file stores whether
// semihosting was off, and a timeline reports its machine's setting.
func TestRecordingKeepsSemihostingSetting(t *testing.T) {
	for _, off := range []bool{false, true} {
		r := sampleRecording()
		r.NoSemihosting = off
		if got, _ := recode(t, r); got.NoSemihosting != off {
			t.Errorf("NoSemihosting %v came back as %v", off, !off)
		}
		m, err := vm.NewVirt(vm.Config{NoSemihosting: off})
		if err != nil {
			t.Fatal(err)
		}
		if rec := New(m, Options{}).Recording(); rec.NoSemihosting != off {
			t.Errorf("timeline of a machine with NoSemihosting=%v records %v", off, rec.NoSemihosting)
		}
	}
}

// recode encodes and decodes r, and returns the decoded recording and the
// encoding.
func recode(t *testing.T, r *Recording) (*Recording, []byte) {
	t.Helper()
	data, err := r.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	got, err := DecodeRecording(data)
	if err != nil {
		t.Fatal(err)
	}
	return got, data
}
