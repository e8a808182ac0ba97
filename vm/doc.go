// Package vm emulates a board deterministically: RV32IMAC harts with Zicsr
// and Zifencei in machine mode on a bus laid out like QEMU's virt machine,
// or a Cortex-M core (ARMv7-M Cortex-M3, ARMv7E-M Cortex-M4F with the
// FPv4-SP FPU, or the ARMv6-M subset) on QEMU's mps2-an385/an386 maps; and
// the snapshots that make the run reversible. The board (Board.CPU) picks
// the core; Run, Step, Snapshot, Restore, memory, time, breakpoints and
// watchpoints are the same for both.
//
// The Cortex-M core (arm*.go) decodes Thumb through vm/thumb into a
// per-page cache like the RISC-V one and runs a fast switch without calls
// outside IT blocks. Its System Control Space (NVIC, SCB, SysTick, FPU
// control) is part of the core's state (armState). Exception entry and
// return take no step; virtual time on those boards is in nanoseconds, one
// step each (QEMU's -icount shift=0), plus the time WFI skips.
//
// Time is the number of steps (instructions executed or trapped) of the whole
// machine. Each board sets how many steps make a virtual second
// (Board.InstructionsPerSecond, default 100 million): the guest timer mtime
// (10 MHz timebase) then advances one tick every 10 steps. At 1e9
// (QEMUIcountInstructionsPerSecond) virt's mtime advances as on QEMU with
// -icount shift=0.
//
// Semihosting (semihost*.go) serves the firmware's console, clock and exit
// calls deterministically, through the output and input logs the UART uses.
//
// Speed comes from decoding each instruction once into a per-page cache of
// predecoded instructions (see decode.go and exec.go). RAM is a slice of 4 KiB
// pages allocated on first write and shared copy-on-write with snapshots.
package vm
