package vm

import (
	"bytes"
	"debug/elf"
	"encoding/binary"
	"errors"
	"fmt"
)

// ErrNotARM says a Cortex-M board was given an ELF for another machine.
var ErrNotARM = errors.New("ELF is not for ARM")

// checkELFMachine checks an ELF's e_machine against the board's core.
func (m *Machine) checkELFMachine(em elf.Machine) error {
	switch {
	case m.arm && em != elf.EM_ARM:
		return fmt.Errorf("%w (machine %v)", ErrNotARM, em)
	case !m.arm && em != elf.EM_RISCV:
		return fmt.Errorf("%w (machine %v)", ErrNotRISCV, em)
	}
	return nil
}

// efARMABIFloatHard is e_flags' EF_ARM_ABI_FLOAT_HARD (the VFP registers
// carry float arguments).
const efARMABIFloatHard = 0x400

// BoardForELF picks the board for an ELF: the named board (a built-in
// board's name or alias, or a board file's path, see ResolveBoard) if name
// is not empty, else by e_machine (EM_RISCV: virt, or hifive1-revb when the
// ELF loads into the FE310's SPI flash at 0x20000000; EM_ARM: mps2-an385, or
// mps2-an386, the Cortex-M4F, when the ELF uses the hard-float ABI, which
// needs an FPU, and mps2-an500, the Cortex-M7, when its build attributes
// name an FPv5 FPU, with double precision).
func BoardForELF(data []byte, name string) (Board, error) {
	if name != "" {
		return ResolveBoard(name)
	}
	if len(data) < 20 || !bytes.Equal(data[:4], []byte(elf.ELFMAG)) {
		return Board{}, ErrNotELF
	}
	var em elf.Machine
	switch elf.Data(data[elf.EI_DATA]) {
	case elf.ELFDATA2LSB:
		em = elf.Machine(uint16(data[18]) | uint16(data[19])<<8)
	default:
		em = elf.Machine(uint16(data[18])<<8 | uint16(data[19]))
	}
	switch em {
	case elf.EM_ARM:
		if len(data) >= 40 && elf.Data(data[elf.EI_DATA]) == elf.ELFDATA2LSB &&
			binary.LittleEndian.Uint32(data[36:])&efARMABIFloatHard != 0 {
			if armFPArch(data) >= fpArchFPv5 {
				return MPS2Board("mps2-an500")
			}
			return MPS2Board("mps2-an386")
		}
		return MPS2Board("mps2-an385")
	case elf.EM_RISCV:
		return riscvBoardForELF(data)
	}
	return Board{}, fmt.Errorf("no board for ELF machine %v", em)
}
