package checkpoint

import (
	"bytes"
	"testing"

	"github.com/rewind-debugger/rewind/vm"
)

// TestDebuggerUARTWriteIsOutput: a byte the debugger writes to the UART's
// transmit register is output like the guest's own, at the end of history
// and when it forks the past; replaying over it neither repeats nor loses
// it, and a timeline replaying the input log sends it too.
func TestDebuggerUARTWriteIsOutput(t *testing.T) {
	const thr = 0x10000000 // virt's NS16550A transmit holding register
	var live bytes.Buffer
	tl := New(boot(t, firmware{path: loopELF, harts: 1}), Options{Interval: 1 << 14, Output: func(b byte) { live.WriteByte(b) }})
	if st := tl.Run(200_000); st.Reason != vm.StopLimit {
		t.Fatal(st.Reason)
	}
	if forked, err := tl.WriteMemory(thr, []byte{'A'}); forked || err != nil {
		t.Fatalf("write at the end: forked=%v err=%v", forked, err)
	}
	if st := tl.Run(500_000); st.Reason != vm.StopLimit {
		t.Fatal(st.Reason)
	}
	if err := tl.Seek(300_000); err != nil {
		t.Fatal(err)
	}
	if forked, err := tl.WriteMemory(thr, []byte{'B'}); !forked || err != nil {
		t.Fatalf("write in the past: forked=%v err=%v", forked, err)
	}
	want := []Output{{Time: 200_000, Byte: 'A'}, {Time: 300_000, Byte: 'B'}}
	check := func(when string) {
		t.Helper()
		if got := tl.Output(0, Forever); !equalOutput(got, want) {
			t.Errorf("%s: output log %v, want %v", when, got, want)
		}
		if live.String() != "AB" {
			t.Errorf("%s: live output %q, want \"AB\"", when, live.String())
		}
	}
	check("after the fork")
	if err := tl.Seek(100_000); err != nil {
		t.Fatal(err)
	}
	if st := tl.Run(400_000); st.Reason != vm.StopLimit {
		t.Fatal(st.Reason)
	}
	check("after replaying over both writes")

	// A fresh timeline replaying the input log sends both bytes.
	live.Reset()
	re := New(boot(t, firmware{path: loopELF, harts: 1}), Options{Interval: 1 << 14, Output: func(b byte) { live.WriteByte(b) }})
	if err := re.LoadEvents(tl.Events()); err != nil {
		t.Fatal(err)
	}
	if st := re.Run(400_000); st.Reason != vm.StopLimit {
		t.Fatal(st.Reason)
	}
	if got := re.Output(0, Forever); !equalOutput(got, want) || live.String() != "AB" {
		t.Errorf("replay: output log %v, live %q", got, live.String())
	}
}

func equalOutput(a, b []Output) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestLoadEventsReplacesHeard: events written at the start and then
// replaced by a loaded log do not silence the loaded log's output (the
// mark of events already heard belongs to the replaced log).
func TestLoadEventsReplacesHeard(t *testing.T) {
	const thr = 0x10000000
	var live bytes.Buffer
	tl := New(boot(t, firmware{path: loopELF, harts: 1}), Options{Interval: 1 << 14, Output: func(b byte) { live.WriteByte(b) }})
	for _, c := range []byte("xy") {
		if _, err := tl.WriteMemory(thr, []byte{c}); err != nil {
			t.Fatal(err)
		}
	}
	live.Reset()
	loaded := []Event{
		{Kind: EventMemory, Time: 1000, Addr: thr, Data: []byte{'P'}},
		{Kind: EventMemory, Time: 2000, Addr: thr, Data: []byte{'Q'}},
	}
	if err := tl.LoadEvents(loaded); err != nil {
		t.Fatal(err)
	}
	if st := tl.Run(10_000); st.Reason != vm.StopLimit {
		t.Fatal(st.Reason)
	}
	if live.String() != "PQ" {
		t.Errorf("live output %q, want \"PQ\"", live.String())
	}
	want := []Output{{Time: 1000, Byte: 'P'}, {Time: 2000, Byte: 'Q'}}
	if got := tl.Output(0, Forever); !equalOutput(got, want) {
		t.Errorf("output log %v, want %v (the replaced log's bytes gone)", got, want)
	}
}
