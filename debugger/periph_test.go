package debugger

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rewind-debugger/rewind/svd"
)

// openWithSVD opens a test firmware on virt with the built-in virt.svd.
func openWithSVD(t *testing.T, name string, opt Options) *Session {
	t.Helper()
	path := filepath.Join("..", "testdata", "firmware", name)
	elf, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	opt.Path = path
	s, err := New(elf, opt)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.LoadSVD(""); err != nil {
		t.Fatal(err)
	}
	if s.SVD() == nil || s.SVDSource() != "built-in virt.svd" {
		t.Fatalf("built-in SVD not loaded: %q", s.SVDSource())
	}
	return s
}

// TestPeripheralReverseDataBreakpoint watches CLINT.mtimecmph, which the
// timer firmware writes twice while arming the timer and once in its
// interrupt handler: forwards the run stops after each write, backwards
// from the end it stops before each, the handler's write (the last) first.
func TestPeripheralReverseDataBreakpoint(t *testing.T) {
	s := openWithSVD(t, "mtime.elf", Options{})
	dt, err := s.DataTargetOf(0, 0, "CLINT.mtimecmph")
	if err != nil || dt.Addr != 0x02004004 || dt.Size != 4 {
		t.Fatalf("data target: %+v, %v", dt, err)
	}
	// Named as DAP names it (the description): the register is found by
	// its address for the values shown at a stop.
	s.SetDataBreakpoints([]DataSpec{{Name: dt.Description, Addr: dt.Addr, Size: dt.Size}})
	var fwd []uint64
	var vals []string
	for st := s.Continue(); st.Reason == ReasonData; st = s.Continue() {
		fwd = append(fwd, st.Time)
		vals = append(vals, s.PeripheralText(mustPath(t, s, "CLINT.mtimecmph")))
	}
	if len(fwd) != 3 || strings.Join(vals, " ") != "0xffffffff 0x00000000 0xffffffff" {
		t.Fatalf("forward stops at %v with values %v; want 3 writes: 0xffffffff, 0, 0xffffffff", fwd, vals)
	}
	for i := len(fwd) - 1; i >= 0; i-- {
		st := s.ReverseContinue()
		if st.Reason != ReasonData || st.Time != fwd[i]-1 {
			t.Fatalf("reverse stop %d: %v; want the write at %d (stopped before it)", len(fwd)-i, st, fwd[i]-1)
		}
		fn := s.Symbols().FunctionAt(st.PC)
		if i == len(fwd)-1 && (fn == nil || fn.Name != "trap_handler") {
			t.Errorf("the last write to mtimecmph is at %#x (%v), want trap_handler", st.PC, fn)
		}
		if w := st.Watch; i == len(fwd)-1 && (w == nil || w.Old != "0x00000000" || w.New != "0xffffffff") {
			t.Errorf("values at the last write: %+v, want 0x00000000 then 0xffffffff", w)
		}
	}
	if st := s.ReverseContinue(); st.Reason != ReasonStartOfHistory {
		t.Errorf("before the first write: %v, want the start of history", st)
	}
}

// mustPath resolves a peripheral path.
func mustPath(t *testing.T, s *Session, expr string) svd.Path {
	t.Helper()
	p, ok, err := s.PeripheralPath(expr)
	if !ok || err != nil {
		t.Fatalf("%s: ok %v, %v", expr, ok, err)
	}
	return p
}

// TestWritePeripheral writes registers and fields through the device's
// own write: a field is read, modified and written back and the UART
// reacts as to a store (its transmit interrupt becomes pending), a write
// in the past forks history, and the refusals say why.
func TestWritePeripheral(t *testing.T) {
	s := openWithSVD(t, "echo_irq.elf", Options{})
	s.Continue() // set-up done, waiting for input
	assign := func(expr string) error {
		t.Helper()
		handled, err := s.AssignPeripheral(0, 0, expr)
		if !handled {
			t.Fatalf("%s: not taken as a peripheral assignment", expr)
		}
		return err
	}
	if got := s.PeripheralText(mustPath(t, s, "UART0.iir.id")); got != "1 (none)" {
		t.Fatalf("UART0.iir.id before: %s", got)
	}
	if s.TakeFork() {
		t.Error("a write at the end of history forked it")
	}
	if err := assign("UART0.ier.etbei = 1"); err != nil {
		t.Fatal(err)
	}
	if got := s.PeripheralText(mustPath(t, s, "UART0.ier")); !strings.HasPrefix(got, "0x03 {erbfi=1, etbei=1") {
		t.Errorf("UART0.ier after setting etbei: %s (erbfi must stay set)", got)
	}
	// The device's own write ran: the empty transmitter now interrupts.
	if got := s.PeripheralText(mustPath(t, s, "UART0.iir.id")); got != "2 (tx_empty)" {
		t.Errorf("UART0.iir.id after enabling the transmit interrupt: %s, want 2 (tx_empty)", got)
	}
	s.Seek(s.tl.Start())
	if err := assign("PLIC.priority10 = 7"); err != nil || !s.TakeFork() {
		t.Fatalf("a write at the start: %v (must fork)", err)
	}
	if got := s.PeripheralText(mustPath(t, s, "PLIC.priority10")); got != "0x00000007 {priority=7}" {
		t.Errorf("PLIC.priority10 after the write: %s", got)
	}
	for expr, want := range map[string]string{
		"UART0.lsr = 1":           "read-only",
		"UART0.ier.erbfi = 2":     "does not fit",
		"UART0 = 1":               "is a peripheral",
		"UART0.nope = 1":          "no register",
		"UART0.ier.nope = 1":      "no field",
		"UART0.ier = no_such_var": "no_such_var",
	} {
		if err := assign(expr); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want an error saying %q", expr, err, want)
		}
	}
	for _, expr := range []string{"x = 1", "UART0.ier == 1", "uart_getc() = 1"} {
		if handled, _ := s.AssignPeripheral(0, 0, expr); handled {
			t.Errorf("%s taken as a peripheral assignment", expr)
		}
	}
}

// TestLoadSVDErrors: a bad SVD file is an error naming the file and the
// line, and the peripheral views keep the file loaded before.
func TestLoadSVDErrors(t *testing.T) {
	s := openWithSVD(t, "echo_irq.elf", Options{})
	bad := filepath.Join(t.TempDir(), "bad.svd")
	if err := os.WriteFile(bad, []byte("<device>\n<name>x</name>\n<peripherals>\n<peripheral><name>P</name><baseAddress>zz</baseAddress></peripheral>\n</peripherals>\n</device>\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	err := s.LoadSVD(bad)
	if err == nil || !strings.Contains(err.Error(), "bad.svd:4") {
		t.Fatalf("bad SVD: %v, want an error naming bad.svd:4", err)
	}
	if err := s.LoadSVD(filepath.Join(t.TempDir(), "missing.svd")); err == nil || !strings.Contains(err.Error(), "missing.svd") {
		t.Errorf("missing SVD: %v", err)
	}
	if s.SVDSource() != "built-in virt.svd" {
		t.Errorf("after the errors the SVD is %q, want the built-in one kept", s.SVDSource())
	}
}
