package gdbserver

import (
	"bufio"
	"fmt"
	"net"
	"strings"
	"testing"
)

func TestPackets(t *testing.T) {
	f := newFake(2)
	f.x[0][1] = 0x11223344
	f.x[1][10] = 0xdeadbeef
	copy(f.mem, []byte{1, 2, 3, 4})
	c := startSession(t, f)
	tests := []struct{ in, want string }{
		{"qSupported:multiprocess+;swbreak+;hwbreak+", supported()},
		{"vMustReplyEmpty", ""},
		{"?", stopWant(f, "T05thread:1;")},
		{"Hg0", "OK"},
		{"qfThreadInfo", "m1,2"},
		{"qsThreadInfo", "l"},
		{"qC", "QC1"},
		{"qAttached", "1"},
		{"qOffsets", "Text=0;Data=0;Bss=0"},
		{"T1", "OK"}, {"T2", "OK"}, {"T3", "E02"}, {"Tzz", "E02"},
		{"p1", "44332211"},
		{"p20", "00000080"},
		{"p" + hexNum(65+0x300), "00180000"},
		{"p" + hexNum(65+0x341), "xxxxxxxx"},
		{"p21", "E01"},
		{"pzz", "E01"},
		{"P1=78563412", "OK"},
		{"p1", "78563412"},
		{"P1=123", "E01"},
		{"Hg2", "OK"},
		{"pa", "efbeadde"},
		{"p" + hexNum(65+0xf14), "01000000"},
		{"Hg9", "E02"},
		{"Hgp1.1", "OK"},
		{"pa", "00000000"},
		{"m80000000,4", "01020304"},
		{"m80000ffe,4", "0000"},
		{"m0,4", "E14"},
		{"m80000000", "E01"},
		{"m80000000,ffffffff", "E01"},
		{"M80000000,2:aabb", "OK"},
		{"m80000000,4", "aabb0304"},
		{"M80000000,2:aab", "E01"},
		{"M0,1:00", "E14"},
		{"X80000000,0:", "OK"},
		{"X80000002,2:\x05\x06", "OK"},
		{"m80000000,4", "aabb0506"},
		{"X80000002,3:\x05\x06", "E01"},
		{"Z0,80000010,4", "OK"},
		{"Z1,80000014,2", "OK"},
		{"Z2,80000100,4", "OK"},
		{"Z3,80000100,4", "OK"},
		{"Z4,80000100,4", "OK"},
		{"Z2,80000100,0", "E01"},
		{"Z9,80000100,4", ""},
		{"Z0,zz,4", "E01"},
		{"Z0,80000010", "E01"},
		{"Z0,80000010,4;X3,220127", "OK"},
		{"Z0,80000010,4;X3,2201", "E01"},
		{"Z0,80000010,4;Y3,220127", "E01"},
		{"z3,80000100,4", "OK"},
		{"z1,80000014,2", "OK"},
		{"qXfer:features:read:other.xml:0,100", "E00"},
		{"qXfer:features:read:target.xml:zz", "E01"},
		{"qXfer:features:read:target.xml:100000,10", "l"},
		{"qThreadExtraInfo,2", encodeHex([]byte("hart 1"))},
		{"vCont?", "vCont;c;C;s;S"},
		{"vCont;", "E01"},
		{"vCont;x", ""},
		{"vCont;s:9", "E02"},
		{"qSymbol::", "OK"},
		{"qTStatus", ""},
		{"!", ""},
		{"bx", ""},
		{"Hx1", "E01"},
		{"G00", "E01"},
	}
	for _, tt := range tests {
		if got := c.rt(tt.in); got != tt.want {
			t.Errorf("%q: got %q, want %q", tt.in, got, tt.want)
		}
	}
	if !f.wps[Watchpoint{0x80000100, 4, WatchWrite}] || !f.wps[Watchpoint{0x80000100, 4, WatchAccess}] {
		t.Errorf("watchpoints: %v", f.wps)
	}
	if f.wps[Watchpoint{0x80000100, 4, WatchRead}] {
		t.Errorf("read watchpoint not removed: %v", f.wps)
	}
	if b := f.bps[bpKey{0x80000010, false}]; b.Cond == nil || !b.Cond(0) {
		t.Errorf("conditional breakpoint: %+v", b)
	}
	if _, ok := f.bps[bpKey{0x80000014, true}]; ok {
		t.Errorf("hardware breakpoint not removed")
	}
	c.send("D")
	if r, _ := c.recv(); r != "OK" {
		t.Errorf("D: %q", r)
	}
	if err := <-c.done; err != nil {
		t.Errorf("session: %v", err)
	}
	if len(f.bps) != 0 || len(f.wps) != 0 {
		t.Errorf("detach left breakpoints %v and watchpoints %v", f.bps, f.wps)
	}
}

func hexNum(n int) string { return strings.TrimLeft(regHexBE(uint32(n)), "0") }

func regHexBE(v uint32) string {
	return encodeHex([]byte{byte(v >> 24), byte(v >> 16), byte(v >> 8), byte(v)})
}

func TestRegisterPackets(t *testing.T) {
	f := newFake(1)
	for i := range 32 {
		f.x[0][i] = uint32(i) * 0x01010101
	}
	f.x[0][0] = 0
	c := startSession(t, f)
	g := c.rt("g")
	if len(g) != 8*33 || g[8:16] != "01010101" || g[8*32:] != "00000080" {
		t.Fatalf("g = %q", g)
	}
	in := strings.Repeat("00000000", 32) + "10000080"
	if r := c.rt("G" + in); r != "OK" {
		t.Fatalf("G: %q", r)
	}
	if f.pc[0] != 0x80000010 || f.x[0][5] != 0 {
		t.Errorf("after G: pc %#x x5 %#x", f.pc[0], f.x[0][5])
	}
}

func TestResumeAndStopReplies(t *testing.T) {
	f := newFake(2)
	f.events = []Event{
		{Kind: EventBreakpoint, Hart: 1},
		{Kind: EventBreakpoint, Hart: 0, Hardware: true},
		{Kind: EventWatchpoint, Hart: 0, Addr: 0x80000100, Access: WatchWrite},
		{Kind: EventWatchpoint, Hart: 0, Addr: 0x80000104, Access: WatchRead},
		{Kind: EventWatchpoint, Hart: 0, Addr: 0x80000108, Access: WatchAccess},
		{Kind: EventHistoryBegin, Hart: 0},
		{Kind: EventStep, Hart: 1},
		{Kind: EventHistoryEnd, Hart: 0},
		{Kind: EventFault, Hart: 0, Signal: 11},
		{Kind: EventStep, Hart: 0},
		{Kind: EventExited, ExitCode: 3},
	}
	c := startSession(t, f)
	tests := []struct {
		in, want string
		act      Action
	}{
		{"c", "T05thread:2;swbreak:;", Action{Hart: 0}},
		{"vCont;c", "T05thread:1;hwbreak:;", Action{Hart: 1}},
		{"bc", "T05thread:1;watch:80000100;", Action{Reverse: true, Hart: 0}},
		{"c", "T05thread:1;rwatch:80000104;", Action{Hart: 0}},
		{"c", "T05thread:1;awatch:80000108;", Action{Hart: 0}},
		{"bs", "T05thread:1;replaylog:begin;", Action{Reverse: true, Step: true, Hart: 0}},
		{"vCont;s:2;c", "T05thread:2;", Action{Step: true, Hart: 1}},
		{"c", "T05thread:1;replaylog:end;", Action{Hart: 1}},
		{"s80000020", "T0bthread:1;", Action{Step: true, Hart: 0}},
		{"vCont;s", "T05thread:1;", Action{Step: true, Hart: 0}},
		{"S05;80000040", "W03", Action{Step: true, Hart: 0}}, // a step may exit at once
		{"c", "W03", Action{}},
	}
	for i, tt := range tests {
		got, want := c.rt(tt.in), tt.want
		if strings.HasPrefix(want, "T") {
			want = stopWant(f, want)
		}
		if got != want {
			t.Errorf("%q: got %q, want %q", tt.in, got, want)
		}
		if i < len(f.actions) && f.actions[i] != tt.act {
			t.Errorf("%q: action %+v, want %+v", tt.in, f.actions[i], tt.act)
		}
	}
	if len(f.actions) != len(tests)-1 {
		t.Errorf("%d resumes after exit, want none", len(f.actions)-(len(tests)-1))
	}
}

func TestInterruptDuringRun(t *testing.T) {
	for _, run := range []string{"c", "bc"} {
		f := newFake(1)
		f.block = true
		c := startSession(t, f)
		c.send(run)
		<-f.resuming
		c.raw("\x03")
		if r, _ := c.recv(); !strings.HasPrefix(r, "T02thread:1;") {
			t.Errorf("%s then ^C: %q", run, r)
		}
	}
}

func TestDisconnectMidRun(t *testing.T) {
	f := newFake(1)
	f.block = true
	srv := New(f, nil)
	for range 2 { // the server takes a second connection after the first dies
		a, b := net.Pipe()
		done := make(chan error, 1)
		go func() { done <- srv.ServeConn(b) }()
		c := &testClient{t: t, conn: a, r: bufio.NewReader(a)}
		if r := c.rt("Z0,80000000,4"); r != "OK" {
			t.Fatalf("Z0: %q", r)
		}
		c.send("c")
		<-f.resuming
		a.Close()
		<-done // the stop reply cannot be written: an error is fine, a hang is not
		if len(f.bps) != 0 {
			t.Errorf("breakpoints left after disconnect: %v", f.bps)
		}
	}
}

func TestFraming(t *testing.T) {
	f := newFake(1)
	c := startSession(t, f)
	// A bad checksum gets '-', then the retransmission works.
	c.raw("$qC#00")
	if b, _ := c.r.ReadByte(); b != '-' {
		t.Fatalf("bad checksum: got %q, want '-'", b)
	}
	if r := c.rt("qC"); r != "QC1" {
		t.Fatalf("qC: %q", r)
	}
	// A '-' from gdb makes the stub resend its last reply.
	c.raw("-")
	if r, _ := c.recv(); r != "QC1" {
		t.Fatalf("resend: %q", r)
	}
	// Run-length encoded input: "m80000000,4" written with '*'.
	c.raw(string(EncodePacket([]byte("m80000000,4"))))
	c.r.ReadByte()
	if r, _ := c.recv(); r != "00000000" {
		t.Fatalf("m: %q", r)
	}
	c.raw(string(EncodePacket([]byte("M80000000,4:a* 0* ")))) // "aaaa0000"
	c.r.ReadByte()
	if r, _ := c.recv(); r != "OK" {
		t.Fatalf("run-length M: %q", r)
	}
	if r := c.rt("m80000000,4"); r != "aaaa0000" {
		t.Fatalf("after run-length M: %q", r)
	}
	// No-ack mode: no more '+'.
	if r := c.rt("QStartNoAckMode"); r != "OK" {
		t.Fatalf("QStartNoAckMode: %q", r)
	}
	c.noAck = true
	if r := c.rt("qAttached"); r != "1" {
		t.Fatalf("qAttached: %q", r)
	}
	c.send("k")
	if err := <-c.done; err != nil {
		t.Errorf("k: %v", err)
	}
}

func TestTargetXML(t *testing.T) {
	c := startSession(t, newFake(1))
	var doc strings.Builder
	for off := 0; ; off += 0x100 {
		r := c.rt("qXfer:features:read:target.xml:" + strings.TrimLeft(regHexBE(uint32(off)), "0") + ",100")
		if off == 0 {
			r = c.rt("qXfer:features:read:target.xml:0,100")
		}
		doc.WriteString(r[1:])
		if r[0] == 'l' {
			break
		}
		if r[0] != 'm' {
			t.Fatalf("qXfer: %q", r)
		}
	}
	if doc.String() != riscvLayout().xml() {
		t.Errorf("reassembled target.xml differs:\n%s", doc.String())
	}
	for _, want := range []string{"riscv:rv32", "org.gnu.gdb.riscv.cpu", `name="zero"`, `name="t6"`,
		`name="pc"`, "org.gnu.gdb.riscv.csr", `name="mhartid"`, `regnum="3925"`} {
		if !strings.Contains(riscvLayout().xml(), want) {
			t.Errorf("target.xml lacks %s", want)
		}
	}
}

func TestMonitor(t *testing.T) {
	f := newFake(1)
	c := startSession(t, f)
	tests := []struct{ cmd, want string }{
		{"help", "monitor seek N"},
		{"time", "time 1000\n"},
		{"seek 42", "time 42 "},
		{"time", "time 42\n"},
		{"seek 9999", "error: seek 9999: beyond the end of history"},
		{"seek x", "error: seek wants a time"},
		{`uart hi\n\x41`, "sent 4 bytes"},
		{`uart \q`, "error: unknown escape"},
		{`uart \x4`, "error: short"},
		{"checkpoints", "history [0, 5000], now at time 42\n2 checkpoints (8 KiB), 0 in the seek cache (0 KiB), 1 input events\n"},
		{"frobnicate", "error: unknown monitor command"},
	}
	for _, tt := range tests {
		c.send("qRcmd," + encodeHex([]byte(tt.cmd)))
		r, out := c.recv()
		if r != "OK" || !strings.Contains(out, tt.want) {
			t.Errorf("monitor %s: reply %q, output %q, want output containing %q", tt.cmd, r, out, tt.want)
		}
	}
	if string(f.uart) != "hi\nA" {
		t.Errorf("uart got %q", f.uart)
	}
	if r := c.rt("qRcmd,zz"); r != "E01" {
		t.Errorf("bad hex: %q", r)
	}
}

// stopWant completes a stop reply with the registers the stub expedites,
// read from the fake (the thread id in prefix names the hart).
func stopWant(f *fakeTarget, prefix string) string {
	hart := int(prefix[strings.Index(prefix, "thread:")+7]-'0') - 1
	var b strings.Builder
	b.WriteString(prefix)
	for _, r := range riscvLayout().inG() {
		v, _ := f.ReadRegister(hart, r.parts[0])
		fmt.Fprintf(&b, "%02x:%s;", r.num, regHex(v))
	}
	return b.String()
}

// consoleFake is a fake target that prints while it runs.
type consoleFake struct {
	*fakeTarget
	sink func([]byte)
}

func (c *consoleFake) SetConsole(sink func([]byte)) { c.sink = sink }

func (c *consoleFake) Resume(a Action) (Event, error) {
	c.sink([]byte("hello from the board\n"))
	return c.fakeTarget.Resume(a)
}

func TestConsoleOutput(t *testing.T) {
	f := &consoleFake{fakeTarget: newFake(1)}
	f.events = []Event{{Kind: EventBreakpoint}}
	c := startSession(t, f)
	c.send("c")
	r, out := c.recv()
	if !strings.HasPrefix(r, "T05thread:1;swbreak:;") || out != "hello from the board\n" {
		t.Errorf("reply %q, console %q", r, out)
	}
	c.send("D")
	c.recv()
	<-c.done
	if f.sink != nil {
		t.Error("console sink left set after the session")
	}
}
