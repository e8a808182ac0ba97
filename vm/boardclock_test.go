package vm

import (
	"encoding/binary"
	"strings"
	"testing"
)

// TestDeviceClocks: a device's clock sets how fast it counts against
// virtual time: a CLINT at the FE310's 32768 Hz real-time clock, a CMSDK
// timer at 1 MHz beside one at the default 25 MHz.
func TestDeviceClocks(t *testing.T) {
	const timerA, timerB = 0x40000000, 0x40001000
	b := Board{Name: "clocks", RAMBase: DefaultRAMBase, RAMSize: 1 << 20,
		InstructionsPerSecond: 32768 * 1000, // 1000 steps per mtime tick
		Devices: []BoardDevice{
			{Kind: KindCLINT, Base: clintBase, Clock: 32768},
			{Kind: KindCMSDKTimer, Base: timerA, Clock: 1_000_000},
			{Kind: KindCMSDKTimer, Base: timerB},
		}}
	m := peripheralMachine(t, b, prog(jal(0, 0)))
	for _, base := range []uint32{timerA, timerB} {
		for _, w := range [][2]uint32{{0x08, 0xffffffff}, {0x04, 0xffffffff}, {0x00, 1}} { // RELOAD, VALUE, enable
			if err := m.WriteMemory(base+w[0], binary.LittleEndian.AppendUint32(nil, w[1])); err != nil {
				t.Fatal(err)
			}
		}
	}
	const steps = 3_276_800 // 0.1 virtual seconds
	m.Run(steps)
	if got := m.MTime(); got != 3276 {
		t.Errorf("mtime %d after 0.1 s, want 3276 (32768 Hz)", got)
	}
	for _, c := range []struct {
		base  uint32
		ticks uint32
	}{{timerA, 100_000}, {timerB, 2_500_000}} {
		d := m.findDev(c.base+4, 4) // a word read (ReadMemory peeks byte by byte)
		if got := 0xffffffff - uint32(d.dev.Peek(c.base+4-d.base, 4)); got < c.ticks-1 || got > c.ticks+1 {
			t.Errorf("timer at %#x counted %d in 0.1 s, want %d", c.base, got, c.ticks)
		}
	}
}

// TestDeviceClockErrors: the clock field's checks in board files.
func TestDeviceClockErrors(t *testing.T) {
	const head = "{\n\"name\": \"b\",\n\"cpu\": \"rv32imac\",\n\"memory\": [{ \"kind\": \"ram\", \"base\": \"0x80000000\", \"size\": \"64K\" }],\n"
	cases := []struct{ text, want string }{
		{head + "\"devices\": [\n{ \"kind\": \"clint\", \"base\": \"0x02000000\",\n\"clock\": 0 }]}", "b.json:7: devices[0].clock: a clock runs above 0 Hz"},
		{head + "\"devices\": [\n{ \"kind\": \"clint\", \"base\": \"0x02000000\", \"clock\": 32768 }]}", "b.json:6: devices[0].clock: 100000000 instructions per second is not a multiple of the 32768 Hz mtime timebase"},
		{head + "\"devices\": [\n{ \"kind\": \"plic\", \"base\": \"0x0c000000\", \"clock\": 5 }]}", "b.json:6: devices[0].clock: unknown field (known here: kind, base, name)"},
		{head + "\"devices\": [\n{ \"kind\": \"clint\", \"base\": \"0x02000000\", \"clock\": \"fast\" }]}", "b.json:6: devices[0].clock: \"fast\" is not an unsigned whole number"},
	}
	for _, c := range cases {
		_, err := ParseBoardFile("b.json", []byte(c.text))
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%q:\n got %v\nwant %s…", c.text, err, c.want)
		}
	}
	b, err := ParseBoardFile("b.json", []byte(head+"\"instructions_per_second\": 32768000,\n\"devices\": [\n{ \"kind\": \"clint\", \"base\": \"0x02000000\", \"clock\": \"32K\" }]}"))
	if err != nil || b.Devices[0].Clock != 32768 || b.stepsPerTick() != 1000 {
		t.Errorf("clock 32K: %v, %+v", err, b.Devices)
	}
}

// TestSiFiveUARTClock: with a clock, the SiFive UART sends at its baud
// rate (clock/(div+1), ten bits a byte): bytes reach the output when their
// frames end, txdata reads full with eight waiting, and ip.txwm follows
// the FIFO's level.
func TestSiFiveUARTClock(t *testing.T) {
	const uart = 0x10013000
	b := Board{Name: "uart-clock", RAMBase: DefaultRAMBase, RAMSize: 1 << 20, // 1e8 steps a second
		Devices: []BoardDevice{{Kind: KindSiFiveUART, Base: uart, Clock: 1_000_000}}}
	var words []any
	words = append(words, li(5, uart), li(6, 9), sw(6, 5, 0x18), // div 9: 100 kbaud, 10000 steps a byte
		li(6, 2<<16), sw(6, 5, 0x08)) // txcnt 2
	for c := 'a'; c <= 'j'; c++ { // ten bytes: the FIFO takes eight
		words = append(words, li(6, uint32(c)), sw(6, 5, 0))
	}
	words = append(words, jal(0, 0))
	m := peripheralMachine(t, b, prog(words...))
	type out struct {
		c    byte
		time uint64
	}
	var got []out
	m.SetUARTOutput(func(c byte) { got = append(got, out{c, m.Time()}) })
	peek := func(off uint32) uint32 {
		d := m.findDev(uart+off, 4)
		return uint32(d.dev.Peek(off, 4))
	}
	m.Run(1000)
	if peek(0)&(1<<31) == 0 || peek(0x14)&1 != 0 || len(got) != 0 {
		t.Errorf("after the writes: txdata %#x ip %#x, output %v; want full, no txwm, nothing sent", peek(0), peek(0x14), got)
	}
	snap := m.Snapshot() // two bytes on their way: a restore replays the same frames
	m.Run(200_000)
	first := append([]out(nil), got...)
	if err := m.Restore(snap); err != nil {
		t.Fatal(err)
	}
	got = nil
	m.Run(200_000)
	if len(first) != len(got) || len(got) > 0 && first[len(first)-1] != got[len(got)-1] {
		t.Errorf("after a restore: %v, first run %v", got, first)
	}
	if len(got) != 8 || string([]byte{got[0].c, got[7].c}) != "ah" {
		t.Fatalf("sent %v, want a..h (i and j met a full FIFO)", got)
	}
	for i, o := range got {
		if first := got[0].time; o.time != first+uint64(i)*10_000 {
			t.Errorf("byte %d at step %d, want %d", i, o.time, first+uint64(i)*10_000)
		}
	}
	if got[0].time < 10_000 || got[0].time > 11_000 {
		t.Errorf("first byte at step %d, want one frame (10000 steps) after its write", got[0].time)
	}
	if peek(0) != 0 || peek(0x14)&1 == 0 {
		t.Errorf("drained: txdata %#x ip %#x, want not full, txwm", peek(0), peek(0x14))
	}
}

// TestCMSDKUARTClock: with a clock, a CMSDK UART's byte stays in the
// transmit buffer for its frame (ten bits of BAUDDIV clock ticks): TXFULL
// reads set meanwhile, a second byte overruns, and the byte reaches the
// output when the frame ends, raising the TX interrupt.
func TestCMSDKUARTClock(t *testing.T) {
	const uart = 0x40004000
	b := Board{Name: "cmsdk-clock", RAMBase: DefaultRAMBase, RAMSize: 1 << 20, Devices: []BoardDevice{ // 1e8 steps a second
		{Kind: KindPLIC, Base: plicBase},
		{Kind: KindCMSDKUART, Base: uart, IRQ: 2, Clock: 25_000_000},
	}}
	p := prog(li(5, uart), li(6, 25), sw(6, 5, 0x10), // BAUDDIV 25: 1 Mbaud, 1000 steps a byte
		li(6, 5), sw(6, 5, 8), // TX enable, TX interrupt
		li(6, 'a'), sw(6, 5, 0), li(6, 'b'), sw(6, 5, 0), // 'b' meets a full buffer
		jal(0, 0))
	m := peripheralMachine(t, b, p)
	var at []uint64
	var out []byte
	m.SetUARTOutput(func(c byte) { out, at = append(out, c), append(at, m.Time()) })
	state := func() uint32 { d := m.findDev(uart+4, 4); return uint32(d.dev.Peek(4, 4)) }
	m.Run(100)
	if s := state(); s&1 == 0 || s&4 == 0 || len(out) != 0 {
		t.Errorf("after the writes: STATE %#x (want TXFULL and TXOVERRUN), output %q", s, out)
	}
	m.Run(5000)
	if string(out) != "a" || at[0] < 1000 || at[0] > 1100 {
		t.Errorf("output %q at steps %v, want \"a\" one frame (1000 steps) after its write", out, at)
	}
	if s := state(); s&1 != 0 || m.plic.Peek(0x1000, 4)&(1<<3) == 0 {
		t.Errorf("after the frame: STATE %#x, PLIC pending %#x: want the buffer empty and the TX interrupt (line 3)", s, m.plic.Peek(0x1000, 4))
	}
}
