package gdbserver

import (
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// TestTaskThreadPackets serves the test RTOS kernel: before the scheduler
// the threads are the harts; at a breakpoint in the producer, the thread
// packets list its tasks, the stop reply names the producer, a
// switched-out task's g and p come from the frame its context switch
// saved (read from memory here), and its registers refuse writes.
func TestTaskThreadPackets(t *testing.T) {
	a, syms := loadTarget(t, filepath.Join("..", "testdata", "rtos", "rtos.elf"), 1)
	c := startSession(t, a)
	if got := c.rt("qfThreadInfo"); got != "m1" {
		t.Fatalf("threads at the entry: %q", got)
	}
	c.rt(fmt.Sprintf("Z0,%x,4", a.s.Symbols().BreakpointAddr(a.s.Symbols().FunctionAt(syms["xQueueSend"]))))
	stop := c.rt("c")
	if got := c.rt("qfThreadInfo"); got != "m1,2,3,4,5" {
		t.Fatalf("qfThreadInfo: %q", got)
	}
	if !strings.Contains(stop, "thread:1;") {
		t.Errorf("the stop reply does not name the producer: %q", stop)
	}
	extra, _ := hex.DecodeString(c.rt("qThreadExtraInfo,3"))
	if string(extra) != "Mon, blocked on semaphore batchSemaphore (take), priority 4" {
		t.Errorf("qThreadExtraInfo,3: %q", extra)
	}
	if got := c.rt("Hg2"); got != "OK" {
		t.Fatalf("Hg2: %q", got)
	}
	// The consumer's saved frame: mepc, x1, x5..x31 at pxTopOfStack.
	var top [4]byte
	if err := a.ReadMemory(syms["consTCB"], top[:]); err != nil {
		t.Fatal(err)
	}
	frame := make([]byte, 31*4)
	if err := a.ReadMemory(binary.LittleEndian.Uint32(top[:]), frame); err != nil {
		t.Fatal(err)
	}
	word := func(i int) string { return hex.EncodeToString(frame[4*i : 4*i+4]) }
	g := c.rt("g")
	if len(g) < 33*8 || g[1*8:2*8] != word(1) || g[10*8:11*8] != word(7) || g[32*8:33*8] != word(0) {
		t.Errorf("g of the consumer: %q, saved frame %x", g, frame)
	}
	sp := binary.LittleEndian.Uint32(top[:]) + 124
	if got := c.rt("p2"); got != fmt.Sprintf("%08x", swap(sp)) {
		t.Errorf("p2 (sp) of the consumer: %q, want %08x", got, swap(sp))
	}
	if got := c.rt("P a=00000000"); !strings.HasPrefix(got, "E") {
		t.Errorf("P to a switched-out task: %q", got)
	}
	if got := c.rt("T3"); got != "OK" {
		t.Errorf("T3: %q", got)
	}
}

// swap is a word as its little-endian bytes read as a big-endian number.
func swap(v uint32) uint32 {
	var b [4]byte
	binary.LittleEndian.PutUint32(b[:], v)
	return binary.BigEndian.Uint32(b[:])
}
