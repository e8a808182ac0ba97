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
	IRQ  int    `json:"irq,omitempty"` // PLIC source (RISC-V) or NVIC line (Cortex-M) for devices that interrupt
	// Size is the length of an "unimplemented" region.
	Size uint32 `json:"size,omitempty"`
	// OverflowIRQ is the interrupt a CMSDK UART's overrun interrupts are
	// OR-ed onto (0: not connected).
	OverflowIRQ int `json:"overflow_irq,omitempty"`
	// Count is the number of LEDs of an FPGA I/O block (0: 2).
	Count int `json:"count,omitempty"`
	// Clock is the frequency in Hz of the clock the device counts (0: its
	// kind's default, see deviceClock): the CLINT's mtime, the CMSDK
	// timers' and FPGA I/O counters' PCLK.
	Clock uint64 `json:"clock,omitempty"`
}

// Region is a block of RAM inside a board's RAM window.
type Region struct {
	Base uint32 `json:"base"`
	Size uint32 `json:"size"`
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

	// CPU is the core: "" or "rv32imac" for RISC-V harts, "cortex-m3" or
	// "cortex-m4f" for a Cortex-M core, or "cortex-m0" for the ARMv6-M
	// subset (instructions v6-M lacks raise HardFault; no fault status
	// registers, BASEPRI or FAULTMASK; 2 priority bits).
	CPU string `json:"cpu,omitempty"`
	// RAM lists the parts of the RAM window backed by memory; accesses
	// elsewhere in the window fault. Empty: the whole window is RAM.
	RAM []Region `json:"ram,omitempty"`
	// Flash lists read-only regions of the RAM window (execute in place):
	// the ELF loader and debugger writes fill them, guest stores fault.
	Flash []Region `json:"flash,omitempty"`
	// ROM lists read-only regions with fixed content (a boot ROM).
	ROM []ROMRegion `json:"rom,omitempty"`
	// MemAliases show memory of those regions at other addresses.
	MemAliases []MemAlias `json:"mem_aliases,omitempty"`
	// ResetVector, if not 0, is where a RISC-V board's harts start instead
	// of the ELF entry (the boot ROM then jumps to the firmware).
	ResetVector uint32 `json:"reset_vector,omitempty"`
	// Aliases are other names the board is known by ("sifive_e").
	Aliases []string `json:"aliases,omitempty"`
	// Description is one line for `rewind boards`.
	Description string `json:"description,omitempty"`

	// Cortex-M: NVIC external interrupts, SysTick clocks and calibration.
	IRQs         int    `json:"irqs,omitempty"`
	CPUClockHz   uint64 `json:"cpu_clock_hz,omitempty"`
	RefClockHz   uint64 `json:"ref_clock_hz,omitempty"`
	SysTickCalib uint32 `json:"systick_calib,omitempty"`
}

// MPS2Board returns QEMU 7.2's mps2-an385 (Cortex-M3) or mps2-an386
// (Cortex-M4F) memory map (boards/mps2-an385.json, boards/mps2-an386.json):
// SSRAM1 at 0 (code and vectors), block RAM at 0x01000000, SSRAM2/3 at
// 0x20000000, PSRAM at 0x21000000, the CMSDK APB peripherals at
// 0x40000000, and QEMU's RAM aliases: SSRAM1 again at 0x00400000, the
// block RAM three more times from 0x01004000, SSRAM2/3 at 0x20400000.
func MPS2Board(name string) (Board, error) {
	if name != "mps2-an385" && name != "mps2-an386" && name != "mps2-an500" {
		return Board{}, fmt.Errorf("no MPS2 board %q (have mps2-an385, mps2-an386, mps2-an500)", name)
	}
	return BoardByName(name)
}

// VirtBoard returns the QEMU virt memory map (boards/virt.json) with the
// given RAM size (0 means DefaultRAMSize).
func VirtBoard(ramSize uint32) Board {
	b, err := BoardByName("virt")
	if err != nil {
		panic(fmt.Sprintf("built-in board virt: %v", err)) // the embedded file is checked by tests
	}
	if ramSize == 0 {
		ramSize = DefaultRAMSize
	}
	heap := ramSize
	if heap > virtFDTReserve {
		heap -= virtFDTReserve // QEMU keeps the device tree in the last 2 MiB
	}
	b.RAMSize, b.HeapSize = ramSize, heap
	return b
}

// ParseBoard reads a JSON board description (a recording's inline
// board, BoardSpec) and checks it as a board file is checked.
func ParseBoard(data []byte) (Board, error) {
	var b Board
	if err := json.Unmarshal(data, &b); err != nil {
		return Board{}, fmt.Errorf("board description: %w", err)
	}
	if err := b.check(); err != nil {
		return Board{}, err
	}
	if field, err := b.deviceOverlap(); err != nil { // as a board file's check does
		return Board{}, fmt.Errorf("board %q: %s: %w", b.Name, field, err)
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
	if b.CPU != "" && b.CPU != "rv32imac" && !isARMCPU(b.CPU) {
		return fmt.Errorf("board %q: unknown CPU %q", b.Name, b.CPU)
	}
	if err := b.checkRAM(); err != nil {
		return err
	}
	if err := b.checkAliases(); err != nil {
		return err
	}
	if isARMCPU(b.CPU) {
		return b.checkARMDevices()
	}
	seen := map[string]bool{}
	for _, d := range b.Devices {
		switch {
		case peripheralKind(d.Kind):
			continue // may appear several times
		case d.Kind == KindCLINT, d.Kind == KindPLIC, d.Kind == KindUART, d.Kind == KindTest:
		case d.Kind == KindFE310PLIC:
			if seen[KindPLIC] {
				return fmt.Errorf("board %q: two PLICs", b.Name)
			}
			seen[KindPLIC] = true
			continue
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

// checkRAM checks the memory regions lie page-aligned inside the window,
// apart from each other, and that ROM content fits.
func (b *Board) checkRAM() error {
	for _, r := range b.ROM {
		if uint64(len(r.Words))*4 > uint64(r.Size) {
			return fmt.Errorf("board %q: ROM at %#x holds %d words, more than its %#x bytes", b.Name, r.Base, len(r.Words), r.Size)
		}
	}
	rs := b.regions()
	for i, r := range rs {
		for _, o := range rs[i+1:] {
			if uint64(r.Base) < uint64(o.Base)+uint64(o.Size) && uint64(o.Base) < uint64(r.Base)+uint64(r.Size) {
				return fmt.Errorf("board %q: memory regions at %#x and %#x overlap", b.Name, r.Base, o.Base)
			}
		}
	}
	for _, r := range rs {
		if r.Base%pageSize != 0 || r.Size%pageSize != 0 || r.Base < b.RAMBase ||
			uint64(r.Base)+uint64(r.Size) > uint64(b.RAMBase)+uint64(b.RAMSize) {
			return fmt.Errorf("board %q: RAM region %#x+%#x is not page aligned inside the RAM window", b.Name, r.Base, r.Size)
		}
	}
	return nil
}

// checkARMDevices checks a Cortex-M board's device list.
func (b *Board) checkARMDevices() error {
	if b.IRQs < 0 || b.IRQs > armMaxIRQ {
		return fmt.Errorf("board %q: %d interrupts, at most %d", b.Name, b.IRQs, armMaxIRQ)
	}
	for _, d := range b.Devices {
		switch d.Kind {
		case KindCMSDKUART, KindCMSDKTimer, KindCMSDKDualTimer, KindMPS2FPGAIO, KindPL011, KindStellarisSysCtl:
		case KindUnimplemented:
			if d.Size == 0 {
				return fmt.Errorf("board %q: unimplemented region at %#x has no size", b.Name, d.Base)
			}
		default:
			return fmt.Errorf("board %q: unknown device kind %q", b.Name, d.Kind)
		}
		if d.IRQ < 0 || d.IRQ >= armMaxIRQ {
			return fmt.Errorf("board %q: device %s at %#x: IRQ %d out of range", b.Name, d.Kind, d.Base, d.IRQ)
		}
	}
	return nil
}
