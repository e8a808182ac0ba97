// Package vm emulates a RISC-V board deterministically: RV32IMAC harts with
// Zicsr and Zifencei in machine mode, a bus with RAM and memory-mapped
// devices laid out like QEMU's virt machine, and the snapshots that make the
// run reversible.
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
