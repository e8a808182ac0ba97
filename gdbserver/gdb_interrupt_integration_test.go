//go:build integration

package gdbserver

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestGDBInterrupt sends SIGINT to gdb while the target runs forwards and
// then backwards, as a user pressing Ctrl-C does: gdb passes it to the stub
// as \x03 and the run stops with SIGINT.
func TestGDBInterrupt(t *testing.T) {
	path, err := exec.LookPath("gdb-multiarch")
	if err != nil {
		t.Fatalf("gdb-multiarch is needed for this test: %v", err)
	}
	// An endless program: the forward run is still going when Ctrl-C comes,
	// however fast the machine is.
	elf := filepath.Join("..", "checkpoint", "testdata", "loop.elf")
	s := startStub(t, elf, 1)
	cmd := exec.Command(path, "-nx", "-q", "-ex", "set confirm off", "-ex", "set pagination off",
		"-ex", "target remote "+s.addr, filepath.Base(elf))
	cmd.Dir = filepath.Dir(elf)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out := &syncBuffer{}
	cmd.Stdout, cmd.Stderr = out, out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	// Each step types a line, waits for gdb to show it started, and for a
	// run, presses Ctrl-C and waits for the stop.
	// The forward run lasts long enough that searching it backwards for a
	// write to counter+8 (never written, but in the 64-byte line the loop
	// writes counter and counter+4 in, so no segment summary rules it out)
	// outlasts the short wait before the second Ctrl-C.
	steps := []struct {
		input, started, stopped string
		wait                    time.Duration
	}{
		{"continue\n", "Continuing.", "SIGINT, Interrupt.", time.Second},
		{"monitor time\n", "time ", "", 0},
		{"watch *((int *)&counter + 2)\n", "atchpoint 1", "", 0},
		{"reverse-continue\n", "Continuing.", "SIGINT, Interrupt.", 50 * time.Millisecond},
		{"monitor time\n", "time ", "", 0},
		{"quit\n", "", "", 0},
	}
	for _, st := range steps {
		from := out.Len()
		stdin.Write([]byte(st.input))
		out.waitFor(t, from, st.started)
		if st.stopped != "" {
			time.Sleep(st.wait)
			cmd.Process.Signal(os.Interrupt)
			out.waitFor(t, from, st.stopped)
		}
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		t.Fatalf("gdb did not quit:\n%s", out.String())
	}
	got := out.String()
	if i := containsInOrder(got, []string{`received signal SIGINT`, `time [1-9]\d+`, `received signal SIGINT`,
		`time [1-9]\d+`}); i >= 0 {
		t.Errorf("step %d missing:\n%s", i, got)
	}
	t.Log(got)
}

// syncBuffer collects a process's output for a test that watches it.
type syncBuffer struct {
	mu  sync.Mutex
	buf strings.Builder
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

func (b *syncBuffer) Len() int { return len(b.String()) }

// waitFor waits until text appears after offset from.
func (b *syncBuffer) waitFor(t *testing.T, from int, text string) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for !strings.Contains(b.String()[from:], text) {
		if time.Now().After(deadline) {
			t.Fatalf("gdb never printed %q:\n%s", text, b.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
}
