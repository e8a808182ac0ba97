package rtos

import (
	"encoding/binary"
	"errors"
	"fmt"

	"github.com/rewind-debugger/rewind/symbols"
)

// ErrNotStarted says the kernel is present but its scheduler has not
// started: there are no tasks to show yet.
var ErrNotStarted = errors.New("the FreeRTOS scheduler has not started")

// Memory is what the reader needs of the target: side-effect-free reads.
type Memory interface {
	ReadMemory(addr uint32, buf []byte) error
}

// Kernel is a detected FreeRTOS kernel: where its globals are and how its
// structures are laid out. It holds no target state; every query reads the
// target anew, so one Kernel serves every moment of a history.
type Kernel struct {
	tab  *symbols.Table
	lay  *layout
	port Port

	currentTCB, schedulerRunning, tickCount uint32 // addresses
	ready                                   []uint32
	named                                   []namedList // every list a task can be on
	registry                                registry
}

// namedList is one of the kernel's task lists and the state it means.
type namedList struct {
	name  string
	addr  uint32
	state State
}

// Detect finds a FreeRTOS kernel in the firmware's symbols, with port
// saying where switched-out tasks keep their registers. It fails, saying
// what is missing, for firmware without one.
func Detect(tab *symbols.Table, port Port) (*Kernel, error) {
	if port == nil {
		return nil, errors.New("rtos: no port given")
	}
	k := &Kernel{tab: tab, port: port}
	need := []struct {
		name string
		dst  *uint32
	}{{"pxCurrentTCB", &k.currentTCB}, {"xSchedulerRunning", &k.schedulerRunning}, {"xTickCount", &k.tickCount}}
	for _, n := range need { // in order, so the error names the first missing
		s, ok := tab.LookupSymbol(n.name)
		if !ok {
			return nil, fmt.Errorf("no FreeRTOS kernel: the firmware has no symbol %s", n.name)
		}
		*n.dst = s.Addr
	}
	lay, err := loadLayout(tab)
	if err != nil {
		return nil, fmt.Errorf("no FreeRTOS kernel: %w", err)
	}
	k.lay = lay
	rl, ok := tab.LookupSymbol("pxReadyTasksLists")
	if !ok || lay.listSize == 0 || rl.Size < lay.listSize {
		return nil, errors.New("no FreeRTOS kernel: the firmware has no sized symbol pxReadyTasksLists")
	}
	for i := uint32(0); i < rl.Size/lay.listSize; i++ {
		addr := rl.Addr + i*lay.listSize
		k.ready = append(k.ready, addr)
		k.named = append(k.named, namedList{fmt.Sprintf("pxReadyTasksLists[%d]", i), addr, StateReady})
	}
	for _, l := range []namedList{
		{"xDelayedTaskList1", 0, StateBlocked},
		{"xDelayedTaskList2", 0, StateBlocked},
		{"xPendingReadyList", 0, StateReady},
		{"xSuspendedTaskList", 0, StateSuspended},
		{"xTasksWaitingTermination", 0, StateDeleted},
	} {
		if s, ok := tab.LookupSymbol(l.name); ok {
			l.addr = s.Addr
			k.named = append(k.named, l)
		}
	}
	k.registry = loadRegistry(tab)
	return k, nil
}

// reader reads little-endian words of the target, remembering the first
// error so a walk can read on and check once.
type reader struct {
	mem Memory
	err error
}

func (r *reader) u32(addr uint32) uint32 {
	var b [4]byte
	if r.err != nil {
		return 0
	}
	if err := r.mem.ReadMemory(addr, b[:]); err != nil {
		r.err = fmt.Errorf("read 0x%08x: %w", addr, err)
		return 0
	}
	return binary.LittleEndian.Uint32(b[:])
}

// uint reads a field of size 1, 2 or 4 at base.
func (r *reader) uint(base uint32, f field) uint32 {
	if !f.ok {
		return 0
	}
	switch f.size {
	case 1, 2:
		b := make([]byte, f.size)
		if r.err == nil {
			if err := r.mem.ReadMemory(base+f.off, b); err != nil {
				r.err = fmt.Errorf("read 0x%08x: %w", base+f.off, err)
				return 0
			}
		}
		if f.size == 1 {
			return uint32(b[0])
		}
		return uint32(binary.LittleEndian.Uint16(b))
	default:
		return r.u32(base + f.off)
	}
}

// Started reports whether the scheduler runs (and so tasks exist).
func (k *Kernel) Started(mem Memory) (bool, error) {
	r := &reader{mem: mem}
	running := r.u32(k.schedulerRunning)
	cur := r.u32(k.currentTCB)
	return r.err == nil && running != 0 && cur != 0, r.err
}

// CurrentTCB returns pxCurrentTCB.
func (k *Kernel) CurrentTCB(mem Memory) (uint32, error) {
	r := &reader{mem: mem}
	v := r.u32(k.currentTCB)
	return v, r.err
}

// CurrentTCBAddr is the address of pxCurrentTCB itself: a write watchpoint
// on it stops at every context switch.
func (k *Kernel) CurrentTCBAddr() uint32 { return k.currentTCB }

// Port is the port the kernel was detected with.
func (k *Kernel) Port() Port { return k.port }

// SchedulerRunningAddr is the address of xSchedulerRunning: with
// CurrentTCBAddr, the memory that says which task runs.
func (k *Kernel) SchedulerRunningAddr() uint32 { return k.schedulerRunning }
