package debugger

import (
	"fmt"

	"github.com/rewind-debugger/rewind/checkpoint"
)

// PCRegister is the register number of the program counter, as used by
// Register.Num, SetRegister and RegisterValue, on every CPU.
const PCRegister = checkpoint.RegPC

// CSRRegister returns the register number of RISC-V control and status
// register n, as used by Register.Num, SetRegister and RegisterValue.
func CSRRegister(n uint16) uint32 { return checkpoint.RegCSR + uint32(n) }

// RegisterValue reads one register of hart now, by number (see
// RegisterByName). A register the board does not implement is an error;
// a 64-bit register gives its low word (Registers has both).
func (s *Session) RegisterValue(hart int, num uint32) (uint32, error) {
	if hart < 0 || hart >= s.m.Harts() {
		return 0, fmt.Errorf("no hart %d", hart)
	}
	v, err := s.regs().read(s.m.Hart(hart), num)
	return uint32(v), err
}
