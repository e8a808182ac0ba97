package debugger

import (
	"fmt"
)

// Register is one register of a hart, read from the session's register
// list (RegisterInfos).
type Register struct {
	Name  string
	Value uint32
	// High is the high word of a 64-bit register (Info.Bits 64).
	High uint32
	// Num is the register's number for SetRegister (see RegisterByName).
	Num uint32
	// NotSaved marks a register the unwinder cannot recover in an outer
	// frame (a caller-saved one): Value is meaningless (gdb's <not saved>).
	NotSaved bool
	// Info describes the register (group, width, kind of value).
	Info RegisterInfo
	// Fields are the register's decoded bit fields (xPSR flags and
	// exception number, CONTROL, FPSCR, fault status bits); see Summary.
	Fields []RegisterField
}

// Registers lists the registers of hart now (as in its innermost frame),
// in the order of RegisterInfos: on RISC-V x0–x31 by ABI name, pc and the
// key CSRs; on Cortex-M r0–r12, sp, lr, pc, xpsr, the system registers,
// the FPU's when present and the fault status registers.
func (s *Session) Registers(hart int) ([]Register, error) {
	if hart >= TaskHartBase {
		return s.ThreadRegisters(hart - TaskHartBase) // tasks.go
	}
	if hart < 0 || hart >= s.m.Harts() {
		return nil, fmt.Errorf("no hart %d", hart)
	}
	h := s.m.Hart(hart)
	infos := s.RegisterInfos()
	out := make([]Register, 0, len(infos))
	for _, ri := range infos {
		if r, err := s.hartRegister(h, ri); err == nil {
			out = append(out, r)
		}
	}
	return out, nil
}

// AllRegisters lists Registers and then every further register the CPU
// implements (AllRegisterInfos), read now.
func (s *Session) AllRegisters(hart int) ([]Register, error) {
	out, err := s.Registers(hart)
	if err != nil || hart >= TaskHartBase {
		return out, err
	}
	h := s.m.Hart(hart)
	for _, ri := range s.readable(s.regs().extras()) {
		if r, err := s.hartRegister(h, ri); err == nil {
			out = append(out, r)
		}
	}
	return out, nil
}

// SetFrameRegister writes a register as frame index of hart sees it: only
// the innermost frame's registers are the hart's own, so an outer frame's
// are refused (select frame 0).
func (s *Session) SetFrameRegister(hart, index int, reg, v uint32) error {
	if index != 0 {
		return fmt.Errorf("frame %d's registers cannot be changed: they are the caller's view of frame 0's (select frame 0)", index)
	}
	return s.SetRegister(hart, reg, v)
}

// FrameRegisters lists the registers as frame index of hart sees them:
// frame 0's are the hart's; in an outer frame pc is the return address,
// sp and the callee-saved registers are recovered from the call frame
// information, and the other registers with a DWARF number are marked
// NotSaved. Registers without one (CSRs, system registers) are the hart's.
func (s *Session) FrameRegisters(hart, index int) ([]Register, error) {
	regs, err := s.Registers(hart)
	if err != nil || index == 0 {
		return regs, err
	}
	f, err := s.Frame(hart, index)
	if err != nil {
		return nil, err
	}
	for i := range regs {
		r := &regs[i]
		switch {
		case r.Num == PCRegister:
			r.Value = f.PC
		case r.Info.DWARF >= 0 && r.Info.Bits == 32:
			v, ok := f.Register(r.Info.DWARF)
			r.Value, r.NotSaved = v, !ok
		case len(r.Info.Parts) == 2:
			lo, ok1 := f.Register(s.partDWARF(r.Info.Parts[0]))
			hi, ok2 := f.Register(s.partDWARF(r.Info.Parts[1]))
			r.Value, r.High, r.NotSaved = lo, hi, !ok1 || !ok2
		}
	}
	return regs, nil
}

// partDWARF is the DWARF number of a register named as a part of a wider
// one (-1 if none).
func (s *Session) partDWARF(name string) int {
	if ri, ok := s.registerInfo(name); ok {
		return ri.DWARF
	}
	return -1
}
