package debugger

import (
	"fmt"

	"github.com/rewind-debugger/rewind/checkpoint"
)

// PCRegister is the register number of the program counter, as used by
// Register.Num, SetRegister and RegisterValue (x0-x31 are 0-31).
const PCRegister = checkpoint.RegPC

// CSRRegister returns the register number of control and status register
// n, as used by Register.Num, SetRegister and RegisterValue.
func CSRRegister(n uint16) uint32 { return checkpoint.RegCSR + uint32(n) }

// RegisterValue reads one register of hart now, by number: 0-31 for
// x0-x31, PCRegister, or CSRRegister(n). A CSR the board does not
// implement is an error.
func (s *Session) RegisterValue(hart int, num uint32) (uint32, error) {
	if hart < 0 || hart >= s.m.Harts() {
		return 0, fmt.Errorf("no hart %d", hart)
	}
	h := s.m.Hart(hart)
	switch {
	case num < 32:
		return h.Reg(int(num)), nil
	case num == PCRegister:
		return h.PC(), nil
	case num >= checkpoint.RegCSR && num-checkpoint.RegCSR < 1<<12:
		v, ok := h.ReadCSR(uint16(num - checkpoint.RegCSR))
		if !ok {
			return 0, fmt.Errorf("hart %d has no CSR %#x", hart, num-checkpoint.RegCSR)
		}
		return v, nil
	}
	return 0, fmt.Errorf("no register number %#x", num)
}
