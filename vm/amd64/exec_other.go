//go:build !(linux && amd64)

package amd64

import (
	"errors"
	"unsafe"
)

// Supported reports whether this build can run generated code.
const Supported = false

var errUnsupported = errors.New("generated code runs only on linux/amd64")

func mapExec(int) ([]byte, error) { return nil, errUnsupported }

func unmapExec([]byte) error { return errUnsupported }

func mapData(int) ([]byte, error) { return nil, errUnsupported }

func unmapData([]byte) error { return errUnsupported }

func addrOf(mem []byte, at int) uintptr { return uintptr(unsafe.Pointer(&mem[at])) }

// Call panics: no generated code can run on this platform (NewCode fails,
// so there is no entry to call).
func Call(entry uintptr, ctx unsafe.Pointer) { panic("amd64: " + errUnsupported.Error()) }
