// Package device defines the memory-mapped peripherals of an emulated board
// and the small interfaces that connect them to the machine: a device is a
// block of registers on the bus whose whole state is plain data that can be
// saved and restored exactly (see DESIGN.md, "The determinism contract").
//
// The devices of QEMU's virt machine (NewCLINT, NewPLIC, NewUART,
// NewTestDevice; Kinds lists them) behave as QEMU 7.2 shows them to
// firmware. testdata/probe holds firmware that reads their registers on
// QEMU and the output it printed; a test replays the same accesses here
// and compares every value and access fault. Known differences, all for
// want of a clock or by choice of the specification over a QEMU quirk:
//   - UART: with the FIFO on, fewer bytes than the trigger level are
//     reported at once as a character timeout (IIR 0xCC), not after four
//     character times.
//   - PLIC: completing a source whose line is still high makes it pending
//     again (the PLIC specification); QEMU waits for the device to
//     re-signal, and shows a source pending while claimed if it does.
//   - Accesses QEMU answers with an access fault are reported through
//     AccessChecker; the machine must raise the fault.
//
// The MPS2 boards' Arm CMSDK peripherals (NewCMSDKUART, NewCMSDKTimer,
// NewCMSDKDualTimer) and FPGA I/O block (NewMPS2FPGAIO) count virtual time
// through a Ticker and, when their outputs change with time alone,
// implement Timed. testdata/arm/probe.elf checks their registers on QEMU
// the same way. Semihost holds the semihosting state (console input, open
// handles) so that snapshots cover it. The HiFive1's FE310 devices
// (NewSiFiveUART, NewSiFiveGPIO, NewSiFivePRCI) follow QEMU 7.2's
// sifive_e models; testdata/hifive1 checks them on QEMU.
package device

// Device is a memory-mapped peripheral. Offsets are relative to the base
// address the board maps it at. Accesses are 1, 2, 4 or 8 bytes wide.
//
// Read may have side effects (reading a UART's receive register pops a byte);
// Peek never does, and serves debuggers and snapshots of the bus.
type Device interface {
	// Name is the device's kind, such as "uart16550", unique per board.
	Name() string
	// Size is the length in bytes of the device's register window.
	Size() uint32
	// Read performs a guest load of size bytes at off.
	Read(off uint32, size int) uint64
	// Peek returns what Read would return, without side effects.
	Peek(off uint32, size int) uint64
	// Write performs a guest store of size bytes at off.
	Write(off uint32, size int, val uint64)
	// Reset returns the device to its power-on state.
	Reset()
	// SaveState appends the device's complete state to dst and returns it.
	// Two devices whose SaveState bytes are equal behave identically.
	SaveState(dst []byte) []byte
	// RestoreState replaces the device's state with one saved by SaveState.
	// It rebuilds any derived data and re-signals interrupt lines so the
	// rest of the machine sees the restored levels.
	RestoreState(state []byte) error
}

// IRQLine is an interrupt input of an interrupt controller: a device drives
// it high or low (level-triggered, as the PLIC's sources are on virt).
type IRQLine interface {
	SetLevel(high bool)
}

// Clock gives devices the machine's deterministic time. No host clock ever
// reaches a device.
type Clock interface {
	// MTime is the current value of the 64-bit machine timer (mtime).
	MTime() uint64
	// SetMTime sets mtime (a guest store to the CLINT's mtime register);
	// time keeps advancing from the new value.
	SetMTime(v uint64)
}

// Exiter receives a guest's request to end the run (SiFive test device).
type Exiter interface {
	// Exit ends the run with the given process exit code.
	Exit(code int)
}

// AccessChecker is implemented by devices that, like their QEMU models,
// reject some accesses inside their window (a width the registers do not
// take, an offset with nothing behind it). The machine should call
// ValidAccess on the MMIO path and raise a load or store access fault
// (mcause 5 or 7) when it returns false, instead of calling Read or Write.
// Devices without it accept every access. off is aligned to size.
type AccessChecker interface {
	ValidAccess(off uint32, size int, write bool) bool
}
