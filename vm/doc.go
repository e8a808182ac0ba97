// Package vm emulates a RISC-V board deterministically: RV32IMAC harts with
// Zicsr and Zifencei in machine mode, a bus with RAM and memory-mapped
// devices laid out like QEMU's virt machine, and the snapshots that make the
// run reversible.
//
// Time is the number of steps (instructions executed or trapped) of the whole
// machine. The guest timer mtime advances one tick every InstructionsPerTick
// steps (10 MHz timebase at 100 million instructions per virtual second).
//
// Speed comes from decoding each instruction once into a per-page cache of
// predecoded instructions (see decode.go and exec.go). RAM is a slice of 4 KiB
// pages allocated on first write and shared copy-on-write with snapshots.
package vm
