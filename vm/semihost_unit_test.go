package vm

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// shMachine returns a machine whose hart spins, with RAM at scratch for
// building parameter blocks, and the output it produces.
func shMachine(t *testing.T, cfg Config) (*Machine, *bytes.Buffer) {
	t.Helper()
	m := newTestMachine(t, cfg, prog(jal(0, 0)))
	var out bytes.Buffer
	m.SetUARTOutput(func(b byte) { out.WriteByte(b) })
	return m, &out
}

const shScratch = ramBase + 0x10000

// shCall puts words at shScratch and calls op with it as the parameter.
func shCall(t *testing.T, m *Machine, op uint32, words ...uint32) uint32 {
	t.Helper()
	loadWords(t, m, shScratch, words)
	r, err := m.semihostCall(op, shScratch)
	if err != nil {
		t.Fatalf("op %#x: %v", op, err)
	}
	return r
}

// shName stores a string at shScratch+0x100 and returns its address.
func shName(t *testing.T, m *Machine, s string) uint32 {
	t.Helper()
	if err := m.WriteMemory(shScratch+0x100, append([]byte(s), 0)); err != nil {
		t.Fatal(err)
	}
	return shScratch + 0x100
}

func TestSemihostExitCodes(t *testing.T) {
	for _, c := range []struct {
		op    uint32
		words []uint32
		param uint32
		want  int
	}{
		{shExit, nil, shAppExit, 0},
		{shExit, nil, 0x20023, 1},
		{shExit, nil, 42, 1},
		{shExitExt, []uint32{shAppExit, 42}, 0, 42},
		{shExitExt, []uint32{0x20023, 42}, 0, 1},
	} {
		m, _ := shMachine(t, Config{})
		loadWords(t, m, shScratch, c.words)
		param := c.param
		if c.words != nil {
			param = shScratch
		}
		if _, err := m.semihostCall(c.op, param); err != nil {
			t.Fatal(err)
		}
		if !m.exitReq || m.exitCode != c.want {
			t.Errorf("op %#x param %#x %v: exit %v code %d, want %d", c.op, c.param, c.words, m.exitReq, m.exitCode, c.want)
		}
	}
}

// TestSemihostReadWaitsForInput: a console read with no input waits (the
// hart sleeps on the call, Run reports idle); input wakes it, and a
// snapshot taken while it waits replays the same way.
func TestSemihostReadWaitsForInput(t *testing.T) {
	want, err := os.ReadFile(filepath.Join("..", "testdata", "semihost", "golden", "input.out"))
	if err != nil {
		t.Fatal(err)
	}
	m, out := bootTestELF(t, filepath.Join("semihost", "input.elf"), VirtBoard(0), Config{FatalTraps: true})
	s := m.Run(1_000_000)
	if s.Reason != StopIdle || !m.Hart(0).Waiting() {
		t.Fatalf("without input: %v, want idle", s.Reason)
	}
	snap, before := m.Snapshot(), out.Len()
	finish := func() string {
		m.UARTInput([]byte("xyz\n"))
		m.Run(m.Time() + 1000)
		m.UARTInput([]byte("rest\n"))
		s := m.Run(m.Time() + 1_000_000)
		if s.Reason != StopExit {
			t.Fatalf("after input: %v", s.Reason)
		}
		return out.String() + "exit 0\n"
	}
	if got := finish(); got != string(want) {
		t.Errorf("output:\n%s\nwant:\n%s", got, want)
	}
	if err := m.Restore(snap); err != nil {
		t.Fatal(err)
	}
	out.Truncate(before)
	if got := finish(); got != string(want) {
		t.Errorf("after restore, output:\n%s\nwant:\n%s", got, want)
	}
}

// TestSemihostHostFiles: files open only inside Config.SemihostDir, and
// never outside it.
func TestSemihostHostFiles(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "in.txt"), []byte("payload"), 0o644); err != nil {
		t.Fatal(err)
	}
	outside := filepath.Join(t.TempDir(), "secret")
	if err := os.WriteFile(outside, []byte("secret"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, filepath.Join(dir, "link")); err != nil {
		t.Fatal(err)
	}
	open := func(m *Machine, name string, mode uint32) uint32 {
		return shCall(t, m, shOpen, shName(t, m, name), mode, uint32(len(name)))
	}
	m, _ := shMachine(t, Config{})
	if h := open(m, "in.txt", 0); h != shFail || shCall(t, m, shErrno) != errnoEACCES {
		t.Errorf("without a directory: handle %#x", h)
	}
	m, _ = shMachine(t, Config{SemihostDir: dir})
	for _, bad := range []string{"../secret", outside, "link", "missing"} {
		if h := open(m, bad, 0); h != shFail {
			t.Errorf("open %q: handle %d, want refusal", bad, h)
		}
	}
	h := open(m, "in.txt", 0)
	if h == shFail || shCall(t, m, shFlen, h) != 7 {
		t.Fatalf("open in.txt: %#x", h)
	}
	buf := uint32(shScratch + 0x200)
	if left := shCall(t, m, shRead, h, buf, 16); left != 9 {
		t.Errorf("read left %d, want 9", left)
	}
	got := make([]byte, 7)
	if err := m.ReadMemory(buf, got); err != nil || string(got) != "payload" {
		t.Errorf("read %q %v", got, err)
	}
	w := open(m, "new.txt", 4)
	if err := m.WriteMemory(buf, []byte("hello")); err != nil {
		t.Fatal(err)
	}
	if left := shCall(t, m, shWrite, w, buf, 5); left != 0 {
		t.Errorf("write left %d", left)
	}
	if b, err := os.ReadFile(filepath.Join(dir, "new.txt")); err != nil || string(b) != "hello" {
		t.Errorf("new.txt = %q, %v", b, err)
	}
	if shCall(t, m, shClose, h) != 0 || shCall(t, m, shClose, h) != shFail {
		t.Error("close twice did not fail the second time")
	}
}

// TestSemihostTimeIsVirtual: the clocks read virtual time.
func TestSemihostTimeIsVirtual(t *testing.T) {
	m, _ := shMachine(t, Config{})
	m.Run(3_000_000) // 30 ms at 1e8 steps per second
	if c := shCall(t, m, shClock); c != 3 {
		t.Errorf("SYS_CLOCK = %d centiseconds, want 3", c)
	}
	if f := shCall(t, m, shTickFreq); f != DefaultInstructionsPerSecond {
		t.Errorf("SYS_TICKFREQ = %d", f)
	}
	shCall(t, m, shElapsed, 0, 0)
	if lo := readWord(t, m, shScratch); lo != 3_000_000 {
		t.Errorf("SYS_ELAPSED = %d", lo)
	}
	if s := shCall(t, m, shTime); s != shEpoch {
		t.Errorf("SYS_TIME = %d, want %d", s, shEpoch)
	}
}

// TestSemihostLongWrite: a write longer than one transfer piece goes out
// whole.
func TestSemihostLongWrite(t *testing.T) {
	m, out := shMachine(t, Config{})
	data := bytes.Repeat([]byte("0123456789"), shMaxString/10+10)
	n := uint32(len(data))
	if err := m.WriteMemory(ramBase+0x100000, data); err != nil {
		t.Fatal(err)
	}
	h := shCall(t, m, shOpen, shName(t, m, ":tt"), 4, 3)
	if left := shCall(t, m, shWrite, h, ramBase+0x100000, n); left != 0 || !bytes.Equal(out.Bytes(), data) {
		t.Errorf("left %d, wrote %d of %d bytes", left, out.Len(), n)
	}
}

// TestSemihostConsoleCorruptsR0: SYS_WRITEC and SYS_WRITE0 return nothing;
// r0/a0 is left as QEMU leaves it (0xdeadbeef), so that registers compare
// equal with QEMU after console output.
func TestSemihostConsoleCorruptsR0(t *testing.T) {
	m, out := shMachine(t, Config{})
	if r := shCall(t, m, shWriteC, 'x'); r != 0xdeadbeef {
		t.Errorf("SYS_WRITEC returned %#x", r)
	}
	addr := shName(t, m, "yz")
	if r, err := m.semihostCall(shWrite0, addr); err != nil || r != 0xdeadbeef {
		t.Errorf("SYS_WRITE0 returned %#x, %v", r, err)
	}
	if out.String() != "xyz" {
		t.Errorf("output %q", out.String())
	}
}
