package vm

import (
	"log/slog"
	"runtime"

	"github.com/rewind-debugger/rewind/vm/amd64"
)

// Compiled blocks: where the host can run generated code (linux/amd64,
// vm/amd64), a decoded block of either core may also be compiled to host
// code that does exactly what the block's interpreter does (the same
// registers, memory, activity marks, step counts and exits), only
// faster. This file holds what both cores share: the machine's code
// memory and its reset.

// jitCodeSize is the executable memory a machine maps for its compiled
// blocks (mapped lazily by the host; a few hundred KiB for most firmware).
const jitCodeSize = 16 << 20

// jitState is a machine's compiled-code memory. It is a cache, not
// state: snapshots do not hold it, and dropping it changes no result.
type jitState struct {
	code *amd64.Code // nil until first needed
	off  bool        // Config.NoJIT, no host support, or the mapping failed
	asm  amd64.Asm   // reused by each compilation
}

// jitCode returns the machine's code memory, mapping it (and the memory's
// page tables for compiled code, jittab.go) on first use; nil when blocks
// are not compiled.
func (m *Machine) jitCode() *amd64.Code {
	j := &m.jit
	if j.code != nil || j.off {
		return j.code
	}
	if m.cfg.NoJIT || !amd64.Supported {
		j.off = true
		return nil
	}
	c, err := amd64.NewCode(jitCodeSize)
	if err != nil {
		slog.Debug("vm: blocks run interpreted", "err", err)
		j.off = true
		return nil
	}
	if m.arm { // the Thumb compiler's loads and stores index them
		if !m.mem.attachJIT() {
			_ = c.Free()
			slog.Debug("vm: blocks run interpreted", "err", "no memory for the page tables of compiled code")
			j.off = true
			return nil
		}
		runtime.AddCleanup(m, func(jt *jitTables) { jt.free() }, m.mem.jt)
	}
	runtime.AddCleanup(m, func(c *amd64.Code) { _ = c.Free() }, c)
	j.code = c
	return c
}

// jitPlace places a compiled block's code and returns its entry. When the
// memory is full it empties it first, dropping every block of both cores
// (whose dropBlocks forget their entries), so the caller's own block is
// dropped too: ok is then false and the caller must not keep the entry
// nor run any block it holds by its compiled code; the interpreter runs
// them correctly.
func (m *Machine) jitPlace(fn []byte) (entry uintptr, ok bool) {
	c := m.jitCode()
	if c == nil {
		return 0, false
	}
	if entry, ok = c.Place(fn); ok {
		return entry, true
	}
	m.jitFlush()
	return 0, false
}

// jitFlush drops every block of both cores and empties the code memory.
func (m *Machine) jitFlush() {
	for _, cp := range m.mem.code {
		if cp != nil {
			cp.dropBlocks()
		}
	}
	for _, ap := range m.mem.acode {
		if ap != nil {
			ap.dropBlocks()
		}
	}
	if m.jit.code != nil {
		m.jit.code.Reset()
	}
}
