//go:build linux

package amd64

import (
	"syscall"
	"unsafe"
)

// Supported reports whether this build can run generated code.
const Supported = true

// mapExec maps anonymous read-write-execute memory.
func mapExec(size int) ([]byte, error) {
	return syscall.Mmap(-1, 0, size, syscall.PROT_READ|syscall.PROT_WRITE|syscall.PROT_EXEC, syscall.MAP_PRIVATE|syscall.MAP_ANON)
}

// unmapExec releases memory mapExec returned.
func unmapExec(mem []byte) error { return syscall.Munmap(mem) }

// mapData maps anonymous read-write memory, its pages committed on first
// touch.
func mapData(size int) ([]byte, error) {
	return syscall.Mmap(-1, 0, size, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE|syscall.MAP_ANON|syscall.MAP_NORESERVE)
}

// unmapData releases memory mapData returned.
func unmapData(mem []byte) error { return syscall.Munmap(mem) }

// addrOf is the address of mem[at].
func addrOf(mem []byte, at int) uintptr { return uintptr(unsafe.Pointer(&mem[at])) }

// Call runs the generated function at entry with ctx in RDI and returns
// when it executes RET. The function may change every general register
// but RSP (Call restores RBP, R14 and R15) and the flags, must not touch
// the stack beyond its own return address, call nothing, and should
// return within a bounded time: the goroutine running it cannot be
// preempted, so a garbage collection waits for it.
//
//go:noescape
func Call(entry uintptr, ctx unsafe.Pointer)
