package vm

import (
	"testing"
	"time"
)

const (
	plicBase = 0x0c000000
	uartBase = 0x10000000
)

// irqSetup enables the UART receive interrupt through the PLIC for hart 0.
func irqSetup() []uint32 {
	return prog(
		li(5, uartBase), li(6, 1), sb(6, 5, 1), // IER: receive data available
		li(5, plicBase+4*10), sw(6, 5, 0), // priority of irq 10 = 1
		li(5, plicBase+0x2000), li(6, 1<<10), sw(6, 5, 0), // enable irq 10 for context 0
		li(5, plicBase+0x200000), sw(0, 5, 0), // threshold 0
	)
}

// TestExternalInterrupt takes a UART receive interrupt through the PLIC.
func TestExternalInterrupt(t *testing.T) {
	p := prog(
		li(5, ramBase+handlerOff), csrrw(0, csrMtvec, 5),
		irqSetup(),
		li(8, mipMEIP), csrrw(0, csrMie, 8), csrrsi(0, csrMstatus, mstatusMIE),
		uint32(wfi), jal(0, -4),
	)
	for len(p) < handlerOff/4 {
		p = append(p, nop)
	}
	p = append(p, prog(csrrs(20, csrMcause, 0),
		li(5, plicBase+0x200004), lw(21, 5, 0), // claim
		li(6, uartBase), lbu(22, 6, 0), // receive byte
		sw(21, 5, 0), // complete
		exitProg())...)
	m := newTestMachine(t, Config{FatalTraps: true}, p)
	if s := m.Run(100000); s.Reason != StopIdle {
		t.Fatalf("before input: %v, want idle", s.Reason)
	}
	m.UARTInput([]byte("A"))
	runToExit(t, m, 100000)
	h := m.Hart(0)
	if h.Reg(20) != 0x8000000b || h.Reg(21) != 10 || h.Reg(22) != 'A' {
		t.Errorf("mcause=%#x claim=%d byte=%q", h.Reg(20), h.Reg(21), rune(h.Reg(22)))
	}
}

// TestInterruptPriority makes MEI, MSI and MTI pending at once: MEI wins,
// then MSI, then MTI.
func TestInterruptPriority(t *testing.T) {
	tests := []struct {
		name string
		mie  uint32
		want uint32
	}{
		{"all", mipMEIP | mipMSIP | mipMTIP, 0x8000000b},
		{"soft and timer", mipMSIP | mipMTIP, 0x80000003},
		{"timer", mipMTIP, 0x80000007},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := prog(
				li(5, ramBase+handlerOff), csrrw(0, csrMtvec, 5),
				irqSetup(),
				li(5, clintBase), li(6, 1), sw(6, 5, 0), // msip hart 0
				li(8, tc.mie), csrrw(0, csrMie, 8), csrrsi(0, csrMstatus, mstatusMIE),
				jal(0, 0),
			)
			m := trapMachine(t, Config{FatalTraps: true}, p[3:])
			m.UARTInput([]byte("x"))
			runToExit(t, m, 10000)
			if got := m.Hart(0).Reg(20); got != tc.want {
				t.Errorf("mcause = %#x, want %#x", got, tc.want)
			}
		})
	}
}

// TestSoftwareInterruptAcrossHarts: hart 1 raises hart 0's MSIP.
func TestSoftwareInterruptAcrossHarts(t *testing.T) {
	p := prog(
		bne(10, 0, 32), // hart 1 skips to the poke
		li(8, mipMSIP), csrrw(0, csrMie, 8), csrrsi(0, csrMstatus, mstatusMIE),
		uint32(wfi), jal(0, -4),
		nop, nop,
		// hart 1: write msip of hart 0, then park
		li(5, clintBase), li(6, 1), sw(6, 5, 0), uint32(wfi), jal(0, -4),
	)
	m := trapMachine(t, Config{Harts: 2, FatalTraps: true}, p)
	m.Hart(1).SetReg(10, 1)
	runToExit(t, m, 100000)
	if got := m.Hart(0).Reg(20); got != 0x80000003 {
		t.Errorf("hart 0 mcause = %#x, want MSI", got)
	}
}

func TestPause(t *testing.T) {
	m := newTestMachine(t, Config{}, prog(jal(0, 0)))
	go func() {
		time.Sleep(10 * time.Millisecond)
		m.Pause()
	}()
	if s := m.Run(1 << 62); s.Reason != StopPause {
		t.Errorf("got %v, want pause", s.Reason)
	}
}

func TestParseBoard(t *testing.T) {
	b, err := ParseBoard([]byte(`{"name":"tiny","ram_base":2147483648,"ram_size":65536,
		"devices":[{"kind":"sifive_test","base":1048576},{"kind":"clint","base":33554432}]}`))
	if err != nil {
		t.Fatal(err)
	}
	m, err := NewMachine(b, Config{FatalTraps: true})
	if err != nil {
		t.Fatal(err)
	}
	loadWords(t, m, ramBase, exitProg())
	m.Hart(0).SetPC(ramBase)
	runToExit(t, m, 100)
	for _, bad := range []string{`{`, `{"ram_size":0}`, `{"ram_size":4096,"devices":[{"kind":"gpu"}]}`,
		`{"ram_base":2147483648,"ram_size":4096,"devices":[{"kind":"uart16550","base":0}]}`,
		`{"ram_base":0,"ram_size":1048576,"devices":[{"kind":"clint","base":4096}]}`} {
		b, err := ParseBoard([]byte(bad))
		if err == nil {
			_, err = NewMachine(b, Config{})
		}
		if err == nil {
			t.Errorf("board %s accepted", bad)
		}
	}
}
