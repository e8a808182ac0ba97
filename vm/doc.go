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
// return take no step. The core provides the NVIC's inputs (Machine.irqLines)
// before the board's devices are built, so the CMSDK UARTs and timers of
// MPS2Devices interrupt through the NVIC; the first CMSDK UART is the
// console. Those boards run 1e9 steps per virtual second: SysTick and the
// CMSDK devices read the same virtual nanoseconds, one per step (QEMU's
// -icount shift=0), and the time WFI skips counts as idle steps.
//
// Devices whose outputs change with time alone implement device.Timed:
// the machine ends a batch at their next event (timedSteps), calls Sync at
// every batch boundary (syncTimed) and, while every core sleeps, lets the
// time pass up to that event (idleToTimed), on both architectures.
//
// Time is the number of steps (instructions executed or trapped) of the whole
// machine. Each board sets how many steps make a virtual second
// (Board.InstructionsPerSecond, default 100 million): the guest timer mtime
// (10 MHz timebase) then advances one tick every 10 steps. At 1e9
// (QEMUIcountInstructionsPerSecond) virt's mtime advances as on QEMU with
// -icount shift=0.
//
// Semihosting (semihost*.go) serves the firmware's console, clock and exit
// calls deterministically, through the output and input logs the UART uses;
// both cores call the one hook (Machine.semihost): RISC-V's ebreak
// sequence, ARM's BKPT 0xAB.
//
// Speed comes from decoding each instruction once into a per-page cache of
// predecoded instructions (see decode.go and exec.go). RAM is a slice of 4 KiB
// pages allocated on first write and shared copy-on-write with snapshots.
package vm
