//go:build integration

package gdbserver

import (
	"bytes"
	"log/slog"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/rewind-debugger/rewind/debugger"
)

// stub serves one firmware over TCP for gdb, in this process.
type stub struct {
	addr string
	mu   sync.Mutex
	out  bytes.Buffer // UART output
	logs bytes.Buffer
}

func firmwarePath(name string) string {
	return filepath.Join("..", "testdata", "firmware", name)
}

func startStub(t testing.TB, elf string, harts int) *stub {
	t.Helper()
	return startStubOn(t, elf, harts, "")
}

// startStubOn is startStub on a named board ("" for the ELF's default).
func startStubOn(t testing.TB, elf string, harts int, board string) *stub {
	t.Helper()
	data, err := os.ReadFile(elf)
	if err != nil {
		t.Fatal(err)
	}
	s := &stub{}
	var target *SessionTarget
	sess, err := debugger.New(data, debugger.Options{Path: elf, Harts: harts, Board: board, CheckpointInterval: stubInterval,
		Output: func(b byte, _ uint64) {
			s.mu.Lock()
			s.out.WriteByte(b)
			s.mu.Unlock()
			target.Output(b)
		}})
	if err != nil {
		t.Fatal(err)
	}
	level := slog.LevelInfo
	if os.Getenv("GDBSERVER_DEBUG") != "" {
		level = slog.LevelDebug
	}
	log := slog.New(slog.NewTextHandler(&lockedWriter{mu: &s.mu, w: &s.logs}, &slog.HandlerOptions{Level: level}))
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		l.Close()
		if t.Failed() || os.Getenv("GDBSERVER_DEBUG") != "" {
			s.mu.Lock()
			t.Logf("stub log:\n%s", s.logs.String())
			s.mu.Unlock()
		}
	})
	target = NewSessionTarget(sess, log)
	go New(target, log).Serve(l)
	s.addr = l.Addr().String()
	return s
}

type lockedWriter struct {
	mu *sync.Mutex
	w  *bytes.Buffer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

// gdb runs gdb-multiarch in batch mode against the stub with the given
// commands and returns what it printed.
func (s *stub) gdb(t testing.TB, elf string, cmds ...string) string {
	t.Helper()
	return s.gdbAfter(t, elf, nil, cmds...)
}

// gdbAfter is gdb with commands run before connecting ("set architecture
// armv7e-m").
func (s *stub) gdbAfter(t testing.TB, elf string, pre []string, cmds ...string) string {
	t.Helper()
	path, err := exec.LookPath("gdb-multiarch")
	if err != nil {
		t.Fatalf("gdb-multiarch is needed for this test: %v", err)
	}
	args := []string{"-batch", "-nx", "-ex", "set confirm off", "-ex", "set pagination off"}
	for _, c := range pre {
		args = append(args, "-ex", c)
	}
	args = append(args, "-ex", "target remote "+s.addr)
	for _, c := range cmds {
		args = append(args, "-ex", c)
	}
	args = append(args, filepath.Base(elf))
	cmd := exec.Command(path, args...)
	cmd.Dir = filepath.Dir(elf)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Logf("gdb: %v", err)
	}
	return string(out)
}

func TestGDBExplore(t *testing.T) {
	cmds := os.Getenv("GDB_CMDS")
	if cmds == "" {
		t.Skip("set GDB_CMDS")
	}
	elf := firmwarePath(os.Getenv("GDB_ELF"))
	harts := 1
	if os.Getenv("GDB_HARTS") == "2" {
		harts = 2
	}
	s := startStub(t, elf, harts)
	t.Log(s.gdb(t, elf, strings.Split(cmds, ";;")...))
}

// stubInterval is the checkpoint spacing of test stubs.
var stubInterval uint64 = 1 << 14
