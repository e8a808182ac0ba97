package debugger

import (
	"fmt"

	"github.com/rewind-debugger/rewind/checkpoint"
	"github.com/rewind-debugger/rewind/symbols"
)

// Register is one register of a hart.
type Register struct {
	Name  string
	Value uint32
	// Num is the register's number for SetRegister (0-31, then pc and
	// the CSRs; see RegisterByName).
	Num uint32
	// NotSaved marks a register the unwinder cannot recover in an outer
	// frame (a caller-saved one): Value is meaningless (gdb's <not saved>).
	NotSaved bool
}

// keyCSRs lists the CSRs shown with the registers (a fresh slice each
// call: no shared mutable state).
func keyCSRs() []string {
	return []string{"mstatus", "misa", "mie", "mip", "mtvec", "mscratch",
		"mepc", "mcause", "mtval", "mhartid", "mcycle", "minstret"}
}

// Registers lists x0-x31 by ABI name, pc and the key CSRs of hart (as in
// its innermost frame).
func (s *Session) Registers(hart int) ([]Register, error) {
	if hart >= TaskHartBase {
		return s.taskRegisters(hart - TaskHartBase) // tasks.go
	}
	if hart < 0 || hart >= s.m.Harts() {
		return nil, fmt.Errorf("no hart %d", hart)
	}
	h := s.m.Hart(hart)
	csrs := keyCSRs()
	out := make([]Register, 0, 33+len(csrs))
	for i := range 32 {
		out = append(out, Register{Name: symbols.RegisterName(i), Value: h.Reg(i), Num: uint32(i)})
	}
	out = append(out, Register{Name: "pc", Value: h.PC(), Num: checkpoint.RegPC})
	for _, n := range csrs {
		num, ok := symbols.CSRNumber(n)
		if !ok {
			continue
		}
		if v, ok := h.ReadCSR(num); ok {
			out = append(out, Register{Name: n, Value: v, Num: checkpoint.RegCSR + uint32(num)})
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

// RegisterByName resolves "a0", "x10", "pc" or a CSR name to its number.
func RegisterByName(name string) (uint32, bool) {
	if name == "pc" {
		return checkpoint.RegPC, true
	}
	if n, ok := symbols.RegisterNumber(name); ok {
		return uint32(n), true
	}
	if n, ok := symbols.CSRNumber(name); ok {
		return checkpoint.RegCSR + uint32(n), true
	}
	return 0, false
}

// FrameRegisters lists the registers as frame index of hart sees them:
// frame 0's are the hart's; in an outer frame pc is the return address,
// sp and the callee-saved registers are recovered from the call frame
// information, and the others are marked NotSaved. CSRs are the hart's.
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
		case r.Num < 32:
			v, ok := f.Register(int(r.Num))
			r.Value, r.NotSaved = v, !ok
		case r.Num == checkpoint.RegPC:
			r.Value = f.PC
		}
	}
	return regs, nil
}
