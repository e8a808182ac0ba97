package vm

import (
	"encoding/json"
	"fmt"
)

// Device kinds a Board can place on its bus.
const (
	KindCLINT = "clint"       // core-local interruptor: msip, mtimecmp, mtime
	KindPLIC  = "plic"        // platform-level interrupt controller
	KindUART  = "uart16550"   // NS16550A UART; IRQ is its PLIC source number
	KindTest  = "sifive_test" // SiFive test device: guest exit codes
)

// BoardDevice places one device on the bus.
type BoardDevice struct {
	Kind string `json:"kind"`
	Base uint32 `json:"base"`
	IRQ  int    `json:"irq,omitempty"` // PLIC source for devices that interrupt
	// Size is the length of an "unimplemented" region.
	Size uint32 `json:"size,omitempty"`
	// OverflowIRQ is the interrupt a CMSDK UART's overrun interrupts are
	// OR-ed onto (0: not connected).
	OverflowIRQ int `json:"overflow_irq,omitempty"`
	// Count is the number of LEDs of an FPGA I/O block (0: 2).
	Count int `json:"count,omitempty"`
}

// Board describes a machine as data: its RAM and its devices. NewMachine
// builds a machine from it; VirtBoard is QEMU's virt layout.
type Board struct {
	Name    string        `json:"name"`
	RAMBase uint32        `json:"ram_base"`
	RAMSize uint32        `json:"ram_size"`
	Devices []BoardDevice `json:"devices"`
	// InstructionsPerSecond is the virtual time model: how many steps make
	// one virtual second (0: DefaultInstructionsPerSecond). On a board with
	// a CLINT it must be a multiple of the 10 MHz mtime timebase. 1e9 (one
	// instruction per virtual nanosecond) matches QEMU's -icount shift=0.
	InstructionsPerSecond uint64 `json:"instructions_per_second,omitempty"`
	// HeapBase and HeapSize bound the RAM that semihosting's SYS_HEAPINFO
	// describes (HeapSize 0: all of RAM), as QEMU's machine RAM does.
	HeapBase uint32 `json:"heap_base,omitempty"`
	HeapSize uint32 `json:"heap_size,omitempty"`
	// StrictMMIO makes accesses to "unimplemented" regions fault instead
	// of reading 0 (they are reported either way).
	StrictMMIO bool `json:"strict_mmio,omitempty"`
}

// VirtBoard returns the QEMU virt memory map with the given RAM size
// (0 means DefaultRAMSize).
func VirtBoard(ramSize uint32) Board {
	if ramSize == 0 {
		ramSize = DefaultRAMSize
	}
	heap := ramSize
	if heap > virtFDTReserve {
		heap -= virtFDTReserve // QEMU keeps the device tree in the last 2 MiB
	}
	return Board{
		Name:     "virt",
		RAMBase:  DefaultRAMBase,
		RAMSize:  ramSize,
		HeapBase: DefaultRAMBase,
		HeapSize: heap,
		Devices: []BoardDevice{
			{Kind: KindTest, Base: 0x00100000},
			{Kind: KindCLINT, Base: 0x02000000},
			{Kind: KindPLIC, Base: 0x0c000000},
			{Kind: KindUART, Base: 0x10000000, IRQ: 10},
		},
	}
}

// ParseBoard reads a JSON board description and checks it.
func ParseBoard(data []byte) (Board, error) {
	var b Board
	if err := json.Unmarshal(data, &b); err != nil {
		return Board{}, fmt.Errorf("board description: %w", err)
	}
	if err := b.check(); err != nil {
		return Board{}, err
	}
	return b, nil
}

func (b *Board) check() error {
	if b.RAMSize == 0 || b.RAMSize%pageSize != 0 {
		return fmt.Errorf("board %q: RAM size %#x is not a non-zero multiple of 4 KiB", b.Name, b.RAMSize)
	}
	if b.RAMBase%pageSize != 0 || uint64(b.RAMBase)+uint64(b.RAMSize) > 1<<32 {
		return fmt.Errorf("board %q: RAM %#x+%#x is not page aligned or exceeds 4 GiB", b.Name, b.RAMBase, b.RAMSize)
	}
	if err := b.checkTime(); err != nil {
		return err
	}
	seen := map[string]bool{}
	for _, d := range b.Devices {
		switch {
		case peripheralKind(d.Kind):
			continue // may appear several times
		case d.Kind == KindCLINT, d.Kind == KindPLIC, d.Kind == KindUART, d.Kind == KindTest:
		default:
			return fmt.Errorf("board %q: unknown device kind %q", b.Name, d.Kind)
		}
		if seen[d.Kind] {
			return fmt.Errorf("board %q: device kind %q appears twice", b.Name, d.Kind)
		}
		seen[d.Kind] = true
	}
	if seen[KindUART] && !seen[KindPLIC] {
		return fmt.Errorf("board %q: a UART needs a PLIC", b.Name)
	}
	return nil
}

// Boards returns every built-in board description, so that conformance
// tests can iterate over all of them.
func Boards() []Board { return []Board{VirtBoard(0)} }
