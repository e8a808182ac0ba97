package vm

import (
	"bytes"
	"debug/elf"
)

// fe310Flash is the FE310's SPI flash window (execute in place): a RISC-V
// ELF loaded there is HiFive1 firmware, which virt's RAM at 0x80000000
// cannot hold.
const (
	fe310FlashBase = 0x20000000
	fe310FlashEnd  = 0x40000000
)

// riscvBoardForELF picks the built-in RISC-V board for an ELF: hifive1-revb
// when a loadable segment lies in the FE310's flash, else virt (also for an
// ELF whose program headers cannot be read: loading reports that).
func riscvBoardForELF(data []byte) (Board, error) {
	if loadsIn(data, fe310FlashBase, fe310FlashEnd) {
		return BoardByName("hifive1-revb")
	}
	return VirtBoard(0), nil
}

// loadsIn reports whether any PT_LOAD segment of the ELF with bytes in the
// file starts in [lo, hi).
func loadsIn(data []byte, lo, hi uint64) bool {
	f, err := elf.NewFile(bytes.NewReader(data))
	if err != nil {
		return false
	}
	defer f.Close()
	for _, p := range f.Progs {
		if p.Type == elf.PT_LOAD && p.Filesz > 0 && p.Paddr >= lo && p.Paddr < hi {
			return true
		}
	}
	return false
}
