package debugger

import (
	"fmt"
	"strings"

	"github.com/go-delve/delve/pkg/dwarf/godwarf"
	"github.com/rewind-debugger/rewind/symbols/cexpr"
	"github.com/rewind-debugger/rewind/vm"
)

// RegisterGroup is a group of registers a front-end can show together.
type RegisterGroup string

// Register groups.
const (
	// GroupCore: the general-purpose registers and the pc (RISC-V x0–x31,
	// pc; Cortex-M r0–r12, sp, lr, pc, xpsr).
	GroupCore RegisterGroup = "core"
	// GroupSystem: Cortex-M msp, psp, primask, basepri, faultmask, control.
	GroupSystem RegisterGroup = "system"
	// GroupFPU: the floating-point registers (fpscr, s0–s31, d0–d15).
	GroupFPU RegisterGroup = "fpu"
	// GroupFault: the Cortex-M SCB fault status and address registers.
	GroupFault RegisterGroup = "fault"
	// GroupCSR: RISC-V control and status registers.
	GroupCSR RegisterGroup = "csr"
)

// RegisterInfo describes one register of the session's CPU.
type RegisterInfo struct {
	Name string
	// Num is the register's number for RegisterValue and SetRegister.
	Num   uint32
	Group RegisterGroup
	// DWARF is the register's DWARF number, -1 when it has none.
	DWARF int
	// Bits is 32, or 64 for a double-precision register (d0–d15).
	Bits int
	// Parts names a 64-bit register's 32-bit halves, low first (d1: s2,
	// s3); nil for other registers.
	Parts []string
	// Float: the register holds a floating-point value.
	Float bool
	// Code: the register holds a code address (pc, ra, lr).
	Code bool
	// Data: the register holds a data address (sp, gp, msp...).
	Data bool
}

// RegisterField is one decoded bit field of a register ("C" of the xPSR,
// "ISR" with Text "SysTick").
type RegisterField struct {
	Name  string
	Value uint32
	// Width is the field's size in bits.
	Width int
	// Shift is the position of its lowest bit, -1 for a field whose bits
	// are not contiguous (the xPSR's IT).
	Shift int
	// Writable: SetRegisterField may change it (see there).
	Writable bool
	// Text spells the value when it has a name ("SysTick", "divide by zero").
	Text string
}

// bitField decodes bits shift..shift+width-1 of v.
func bitField(v uint32, name string, shift, width int, writable bool) RegisterField {
	return RegisterField{Name: name, Value: v >> shift & (1<<width - 1), Width: width, Shift: shift, Writable: writable}
}

// regFile is how a session reads and writes its CPU's registers: the
// list, by number, and what a write becomes in the timeline's input log.
type regFile interface {
	// arch names the architecture (Session.Arch).
	arch() string
	infos() []RegisterInfo
	// extras lists further registers that only a complete listing shows
	// (RISC-V: every other CSR).
	extras() []RegisterInfo
	// dwarf reads the 32-bit register with DWARF number n (fast: the
	// unwinder asks for every register of every frame).
	dwarf(h *vm.Hart, n int) (uint32, bool)
	// read returns the register's value (64-bit registers: both words).
	read(h *vm.Hart, num uint32) (uint64, error)
	// writes lists the timeline register writes that set num to v.
	writes(num uint32, v uint64) ([]regWrite, error)
	// fields decodes a register's bit fields (nil: none).
	fields(name string, v uint32) []RegisterField
	// returnValue names the DWARF numbers of the registers a function
	// returns a value of type t in (resolved: no typedef or qualifier),
	// low word first; ok is false when the ABI returns it in memory or in
	// more than two registers.
	returnValue(t godwarf.Type) (lo, hi int, ok bool)
	// savedSlot is the key of the register in an RTOS port's saved
	// context (rtos.Regs.Saved): its DWARF number, or -1.
	savedSlot(ri RegisterInfo) int
	// alias resolves other names of a register ("x10", "r13", "fp").
	alias(name string) (string, bool)
}

// regWrite is one register event for the timeline.
type regWrite struct{ num, v uint32 }

// regs is the register file of the session's CPU.
func (s *Session) regs() regFile { return s.cpu() }

// ReturnValueRegisters are the DWARF numbers of the registers a function
// returns a value of type t in, low word first, as a caller reads them
// right after the return (RISC-V ilp32: a0, a1 for values of up to 8
// bytes; AAPCS: r0, r1 for scalars and composites of up to 4 bytes, s0,
// s1 for a float, a double or an aggregate of up to two floats on a core
// with an FPU, which runs hard-float code). ok is false when the ABI
// returns the value in memory (a larger struct: through a buffer the
// caller passes) or in more registers than two, or t is void or unsized.
func (s *Session) ReturnValueRegisters(t godwarf.Type) (lo, hi int, ok bool) {
	return returnValueOf(s.regs(), t)
}

// returnValueOf is ReturnValueRegisters for register file rf.
func returnValueOf(rf regFile, t godwarf.Type) (lo, hi int, ok bool) {
	t = cexpr.Resolve(t)
	if _, void := t.(*godwarf.VoidType); void || t == nil || cexpr.Size(t) <= 0 {
		return 0, 0, false
	}
	return rf.returnValue(t)
}

// Arch names the session's CPU architecture: "riscv32" or "armv7-m"
// (Cortex-M, ARMv6-M and ARMv7E-M included).
func (s *Session) Arch() string { return s.regs().arch() }

// RegisterInfos lists the registers of the session's CPU in display
// order: the core registers, then the system, FPU, fault-status or CSR
// groups the board implements.
func (s *Session) RegisterInfos() []RegisterInfo {
	return s.readable(s.regs().infos())
}

// AllRegisterInfos lists RegisterInfos and then every further register
// the CPU implements (on RISC-V, all the other CSRs), as gdb's `info
// all-registers` does.
func (s *Session) AllRegisterInfos() []RegisterInfo {
	rf := s.regs()
	return append(s.readable(rf.infos()), s.readable(rf.extras())...)
}

// readable keeps the registers the board implements.
func (s *Session) readable(ris []RegisterInfo) []RegisterInfo {
	rf := s.regs()
	var out []RegisterInfo
	for _, ri := range ris {
		if _, err := rf.read(s.m.Hart(0), ri.Num); err == nil {
			out = append(out, ri)
		}
	}
	return out
}

// RegisterByName resolves a register name of the session's CPU ("a0",
// "x10", "pc", "mstatus"; "r0", "sp", "xpsr", "msp", "s3", "d1", "cfsr")
// to its number for RegisterValue and SetRegister. Case and a leading $
// are ignored.
func (s *Session) RegisterByName(name string) (uint32, bool) {
	ri, ok := s.registerInfo(name)
	return ri.Num, ok
}

// registerInfo finds a register by name or alias.
func (s *Session) registerInfo(name string) (RegisterInfo, bool) {
	name = strings.ToLower(strings.TrimPrefix(name, "$"))
	rf := s.regs()
	if n, ok := rf.alias(name); ok {
		name = n
	}
	for _, ri := range s.AllRegisterInfos() {
		if ri.Name == name {
			return ri, true
		}
	}
	return RegisterInfo{}, false
}

// hartRegister reads one register of a hart into a Register.
func (s *Session) hartRegister(h *vm.Hart, ri RegisterInfo) (Register, error) {
	rf := s.regs()
	v, err := rf.read(h, ri.Num)
	if err != nil {
		return Register{}, err
	}
	r := Register{Name: ri.Name, Value: uint32(v), High: uint32(v >> 32), Num: ri.Num, Info: ri}
	r.Fields = rf.fields(ri.Name, r.Value)
	return r, nil
}

// SetRegister writes a hart's register, by number (see RegisterByName);
// before the end of history this forks. It fails while side effects are
// not allowed, and for registers that cannot be written (x0).
func (s *Session) SetRegister(hart int, reg, v uint32) error {
	return s.SetRegister64(hart, reg, uint64(v))
}

// SetRegister64 is SetRegister for a 64-bit register (d0–d15); for
// 32-bit registers the high word of v is ignored.
func (s *Session) SetRegister64(hart int, reg uint32, v uint64) error {
	if hart < 0 || hart >= s.m.Harts() {
		return fmt.Errorf("no hart %d", hart)
	}
	if err := s.writable(); err != nil {
		return err
	}
	ws, err := s.regs().writes(reg, v)
	if err != nil {
		return err
	}
	for _, w := range ws {
		forked, err := s.tl.SetRegister(hart, w.num, w.v)
		s.noteFork(forked)
		if err != nil {
			return err
		}
	}
	return nil
}
