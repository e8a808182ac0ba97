package checkpoint

import (
	"bytes"
	"crypto/sha256"
	"testing"

	"github.com/rewind-debugger/rewind/vm"
)

func TestForkDiscardsFuture(t *testing.T) {
	counter := symbol(t, loopELF, "counter")
	tl := newLoop(t, Options{Interval: 1 << 14}, 500_000)
	if forked, err := tl.WriteMemory(counter, []byte{1, 0, 0, 0}); forked || err != nil {
		t.Fatalf("write at the end: forked=%v err=%v", forked, err)
	}
	if st := tl.Run(800_000); st.Reason != vm.StopLimit {
		t.Fatal(st.Reason)
	}
	// The edit at 500000 is part of history: replaying through it keeps it.
	want := straightLoopWithEdit(t, counter, 500_000, 700_000)
	if err := tl.Seek(700_000); err != nil {
		t.Fatal(err)
	}
	if tl.Machine().StateHash() != want {
		t.Fatal("replay through a logged memory edit differs from a straight run")
	}
	// Changing the past forks.
	forked, err := tl.SetRegister(0, 9, 12345) // s1
	if !forked || err != nil {
		t.Fatalf("register write in the past: forked=%v err=%v", forked, err)
	}
	if tl.End() != 700_000 || len(tl.Forks()) != 1 || tl.Forks()[0].OldEnd != 800_000 {
		t.Fatalf("end %d forks %v", tl.End(), tl.Forks())
	}
	for _, sn := range tl.store.snaps {
		if sn.time >= 700_000 {
			t.Fatalf("checkpoint at %d survived the fork", sn.time)
		}
	}
	if err := tl.Seek(750_000); err == nil {
		t.Fatal("seek past the new end accepted")
	}
	// The new future replays the edit too.
	if st := tl.Run(750_000); st.Reason != vm.StopLimit || tl.Machine().Hart(0).Reg(9) < 12345 {
		t.Fatalf("%v s1=%d", st.Reason, tl.Machine().Hart(0).Reg(9))
	}
	h := tl.Machine().StateHash()
	if err := tl.Seek(600_000); err != nil {
		t.Fatal(err)
	}
	if err := tl.Seek(750_000); err != nil || tl.Machine().StateHash() != h {
		t.Fatalf("forked history does not replay: %v", err)
	}
}

func straightLoopWithEdit(t *testing.T, addr uint32, at, to uint64) [32]byte {
	m := boot(t, firmware{path: loopELF, harts: 1})
	m.Run(at)
	if err := m.WriteMemory(addr, []byte{1, 0, 0, 0}); err != nil {
		t.Fatal(err)
	}
	m.Run(to)
	return m.StateHash()
}

// TestOutputOnce: output reaches the live sink once, the first time;
// re-execution is silent; the output log keeps every byte with its time.
func TestOutputOnce(t *testing.T) {
	var live bytes.Buffer
	fw := firmware{name: "hello", path: "../testdata/firmware/hello.elf", harts: 1}
	tl := New(boot(t, fw), Options{Interval: 64, Output: func(b byte) { live.WriteByte(b) }})
	if st := tl.Run(Forever); st.Reason != vm.StopExit {
		t.Fatalf("hello: %v", st.Reason)
	}
	first := live.String()
	if first == "" {
		t.Fatal("no output")
	}
	if err := tl.Seek(0); err != nil {
		t.Fatal(err)
	}
	if st := tl.Run(Forever); st.Reason != vm.StopExit {
		t.Fatal(st.Reason)
	}
	if live.String() != first {
		t.Fatalf("re-execution reached the live sink: %q", live.String())
	}
	var logged []byte
	last := uint64(0)
	for _, o := range tl.Output(0, Forever) {
		if o.Time < last {
			t.Fatal("output log out of order")
		}
		last = o.Time
		logged = append(logged, o.Byte)
	}
	if string(logged) != first {
		t.Fatalf("output log %q, live %q", logged, first)
	}
}

// TestRecordReplayLiveInput records the echo firmware with live input,
// saves and loads the recording, replays it on a fresh machine and
// compares the output byte for byte.
func TestRecordReplayLiveInput(t *testing.T) {
	for _, name := range []string{"echo", "echo_irq"} {
		t.Run(name, func(t *testing.T) {
			fw := firmware{name: name, path: "../testdata/firmware/" + name + ".elf", harts: 1,
				input: [][]byte{[]byte("hello\n"), []byte("rewind "), []byte("me\n"), []byte("quit\n")}}
			var live bytes.Buffer
			tl := recordRun(t, fw, Options{Output: func(b byte) { live.WriteByte(b) }}, 10_000_000)
			fin, ok := tl.Final()
			if !ok || fin.Reason != vm.StopExit {
				t.Fatalf("recorded run did not exit: %v", fin)
			}
			rec := tl.Recording()
			if rec.OutputLen != uint64(live.Len()) || rec.OutputHash != sha256.Sum256(live.Bytes()) || rec.Status.Kind != StatusExit {
				t.Fatalf("recording: %d output bytes (live %d), status %v", rec.OutputLen, live.Len(), rec.Status)
			}
			path := t.TempDir() + "/run.rwd"
			if err := WriteRecording(path, rec); err != nil {
				t.Fatal(err)
			}
			got, err := ReadRecording(path)
			if err != nil {
				t.Fatal(err)
			}
			var replayed bytes.Buffer
			tl2 := New(boot(t, fw), Options{Output: func(b byte) { replayed.WriteByte(b) }})
			if err := tl2.LoadEvents(got.Events); err != nil {
				t.Fatal(err)
			}
			st := tl2.Run(got.End)
			if st.Reason != vm.StopExit || tl2.Now() != got.End || int32(st.ExitCode) != got.Status.Code {
				t.Fatalf("replay ended %v at %d, recorded %v at %d", st.Reason, tl2.Now(), got.Status, got.End)
			}
			if !bytes.Equal(replayed.Bytes(), live.Bytes()) || !bytes.Contains(live.Bytes(), []byte("HELLO")) {
				t.Fatalf("replayed output %q, recorded %q", replayed.Bytes(), live.Bytes())
			}
		})
	}
}

func TestRecordingStatusFatal(t *testing.T) {
	fw := firmware{name: "crash", path: "../testdata/firmware/crash.elf", harts: 1}
	tl := New(boot(t, fw), Options{})
	st := tl.Run(Forever)
	if st.Reason != vm.StopFatal {
		t.Fatalf("crash: %v", st.Reason)
	}
	rec := tl.Recording()
	if rec.Status.Kind != StatusFatal || rec.Status.Cause != st.Cause || rec.End != tl.Now() {
		t.Fatalf("status %v end %d", rec.Status, rec.End)
	}
	// Running again at the end reports the same ending.
	if again := tl.Run(Forever); again != st {
		t.Fatalf("again: %+v, want %+v", again, st)
	}
}
