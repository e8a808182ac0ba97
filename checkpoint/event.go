package checkpoint

import (
	"fmt"

	"github.com/rewind-debugger/rewind/vm"
)

// EventKind tags an outside input in the input log.
type EventKind uint8

// Event kinds. New kinds are appended; their numbers are part of the
// recording format and never change.
const (
	// EventUART queues Data into the UART receiver.
	EventUART EventKind = 1
	// EventMemory writes Data to guest memory at Addr (a debugger edit).
	EventMemory EventKind = 2
	// EventRegister sets register Addr of hart Hart to the little-endian
	// 32-bit value in Data: 0-31 are x0-x31, RegPC is the pc,
	// RegCSR+n is CSR n, and RegARMSys+n is Cortex-M system register n
	// (vm.ARMSysReg).
	EventRegister EventKind = 3
)

// Register numbers for EventRegister beyond x0-x31.
const (
	RegPC     = 32
	RegCSR    = 0x1000
	RegARMSys = 0x2000
)

// Event is one input from outside the board, stamped with the time at which
// it takes effect: the machine state at time T includes every event stamped
// T (events apply on arrival at their stamp, before the step at T runs).
type Event struct {
	Time uint64
	Kind EventKind
	Hart int
	Addr uint32
	Data []byte
}

// String names the event kind: "uart", "memory" or "register".
func (k EventKind) String() string {
	switch k {
	case EventUART:
		return "uart"
	case EventMemory:
		return "memory"
	case EventRegister:
		return "register"
	}
	return fmt.Sprintf("kind%d", uint8(k))
}

// apply performs the event on the machine.
func (e *Event) apply(m *vm.Machine) error {
	switch e.Kind {
	case EventUART:
		m.UARTInput(e.Data)
		return nil
	case EventMemory:
		if err := m.WriteMemory(e.Addr, e.Data); err != nil {
			return fmt.Errorf("input log: memory write at %#x: %w", e.Addr, err)
		}
		return nil
	case EventRegister:
		return applyRegister(m, e)
	}
	return fmt.Errorf("input log: unknown event kind %d", e.Kind)
}

func applyRegister(m *vm.Machine, e *Event) error {
	if e.Hart < 0 || e.Hart >= m.Harts() || len(e.Data) != 4 {
		return fmt.Errorf("input log: bad register event (hart %d, %d bytes)", e.Hart, len(e.Data))
	}
	v := uint32(e.Data[0]) | uint32(e.Data[1])<<8 | uint32(e.Data[2])<<16 | uint32(e.Data[3])<<24
	h := m.Hart(e.Hart)
	switch {
	case e.Addr < 32: // a write to RISC-V x0 is ignored; ARM r0 is a register
		h.SetReg(int(e.Addr), v)
	case e.Addr == RegPC:
		h.SetPC(v)
	case e.Addr >= RegCSR && e.Addr < RegCSR+0x1000:
		if !h.WriteCSR(uint16(e.Addr-RegCSR), v) {
			return fmt.Errorf("input log: CSR %#x absent or read-only", e.Addr-RegCSR)
		}
	case e.Addr >= RegARMSys && e.Addr < RegARMSys+0x1000:
		if !h.SetARMSys(vm.ARMSysReg(e.Addr-RegARMSys), v) {
			return fmt.Errorf("input log: no Cortex-M system register %#x", e.Addr-RegARMSys)
		}
	default:
		return fmt.Errorf("input log: unknown register %d", e.Addr)
	}
	return nil
}

// checkEvents verifies that a log is ordered by time and well formed.
func checkEvents(evs []Event) error {
	for i, e := range evs {
		if i > 0 && e.Time < evs[i-1].Time {
			return fmt.Errorf("input log: event %d at time %d precedes event %d at %d", i, e.Time, i-1, evs[i-1].Time)
		}
		switch e.Kind {
		case EventUART, EventMemory:
		case EventRegister:
			if len(e.Data) != 4 {
				return fmt.Errorf("input log: register event %d has %d data bytes, want 4", i, len(e.Data))
			}
		default:
			return fmt.Errorf("input log: event %d has unknown kind %d", i, e.Kind)
		}
	}
	return nil
}
