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
	// Num is the checkpoint register number (0-31, RegPC, RegCSR+n).
	Num uint32
}

// keyCSRs lists the CSRs shown with the registers (a fresh slice each
// call: no shared mutable state).
func keyCSRs() []string {
	return []string{"mstatus", "misa", "mie", "mip", "mtvec", "mscratch",
		"mepc", "mcause", "mtval", "mhartid", "mcycle", "minstret"}
}

// Registers lists x0-x31 by ABI name, pc and the key CSRs of hart.
func (s *Session) Registers(hart int) ([]Register, error) {
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
