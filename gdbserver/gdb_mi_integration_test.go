//go:build integration

package gdbserver

import (
	"bufio"
	"io"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// miSession drives gdb's machine interface the way Eclipse CDT does.
type miSession struct {
	t     *testing.T
	in    io.Writer
	lines chan string
	log   strings.Builder
}

func startMI(t *testing.T, s *stub, elf string) *miSession {
	path, err := exec.LookPath("gdb-multiarch")
	if err != nil {
		t.Fatalf("gdb-multiarch is needed for this test: %v", err)
	}
	cmd := exec.Command(path, "--interpreter=mi2", "-nx", "-q", filepath.Base(elf))
	cmd.Dir = filepath.Dir(elf)
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	m := &miSession{t: t, in: in, lines: make(chan string, 1024)}
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			m.lines <- sc.Text()
		}
		close(m.lines)
	}()
	m.do("-target-select remote "+s.addr, `^\^connected`)
	return m
}

// do sends one MI command and waits for a line matching until (for
// execution commands, the *stopped record); it returns the lines seen.
func (m *miSession) do(cmd, until string) string {
	m.t.Helper()
	io.WriteString(m.in, cmd+"\n")
	re := regexp.MustCompile(until)
	var seen strings.Builder
	timeout := time.After(20 * time.Second)
	for {
		select {
		case l, ok := <-m.lines:
			if !ok {
				m.t.Fatalf("gdb exited during %q:\n%s%s", cmd, m.log.String(), seen.String())
			}
			seen.WriteString(l + "\n")
			if strings.HasPrefix(l, "^error") {
				m.t.Fatalf("%q failed: %s", cmd, l)
			}
			if re.MatchString(l) {
				m.log.WriteString(seen.String())
				return seen.String()
			}
		case <-timeout:
			m.t.Fatalf("no %q after %q:\n%s%s", until, cmd, m.log.String(), seen.String())
		}
	}
}

// toRecord runs to the demo's record function.
func (m *miSession) toRecord() {
	m.t.Helper()
	m.do("-break-insert record", `^\^done`)
	stop := m.do("-exec-continue", `^\*stopped`)
	if !strings.Contains(stop, `reason="breakpoint-hit"`) || !strings.Contains(stop, `func="record"`) {
		m.t.Fatalf("continue: %s", stop)
	}
	m.do("-break-delete", `^\^done`)
}

// TestGDBMIEclipse replays what Eclipse CDT's DSF-GDB sends for a GDB
// Hardware Debugging launch with "Load image" checked and the Initialization
// Commands sourcing eclipse/rewind-record.py: the load, the reverse
// toggle's "record full" (a CLI command, made a no-op by the script; a
// success is what enables CDT's reverse buttons), and the commands behind
// the reverse buttons, which CDT sends as console commands of thread 1.
func TestGDBMIEclipse(t *testing.T) {
	elf := firmwarePath("demo.elf")
	s := startStub(t, elf, 1)
	m := startMI(t, s, elf)
	m.do("-interpreter-exec console \"source "+recordScript(t)+"\"", `^\^done`)
	if out := m.do("load", `^\^done`); !strings.Contains(out, "Transfer rate") {
		t.Fatalf("load: %s", out)
	}
	m.toRecord()
	for _, toggle := range []string{"record full", "record stop", "record", "record stop", "record btrace", "record stop",
		`-interpreter-exec console "record full"`} {
		if out := m.do(toggle, `^\^done`); !strings.Contains(out, "recorded already") {
			t.Fatalf("%s: %s", toggle, out)
		}
	}
	steps := []struct{ cmd, want string }{
		{`-interpreter-exec --thread 1 console "reverse-finish"`, `func="main"`},
		{`-interpreter-exec --thread 1 console "reverse-step 1"`, `reason="end-stepping-range"`},
		{`-interpreter-exec --thread 1 console "reverse-next 1"`, `reason="end-stepping-range"`},
		{"-exec-step", `reason="end-stepping-range"`},
		{`-interpreter-exec --thread 1 console "reverse-continue"`, `No more reverse-execution history`},
		{"-exec-finish --reverse", `reason="end-stepping-range"`},
		{"-exec-step --reverse", `reason="end-stepping-range"`},
		{"-exec-next --reverse", `reason="end-stepping-range"`},
		{"-exec-continue --reverse", `No more reverse-execution history`},
	}
	for i, st := range steps {
		if i == 5 { // the -exec-... --reverse forms other front-ends send, from record again
			m.toRecord()
		}
		if out := m.do(st.cmd, `^\*stopped`); !strings.Contains(out, st.want) {
			t.Errorf("%s: want %s in\n%s", st.cmd, st.want, out)
		}
	}
	m.do(`-interpreter-exec console "record stop"`, `^\^done`)
	m.do("-gdb-exit", `^\^exit`)
}
