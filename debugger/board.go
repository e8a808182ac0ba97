package debugger

import (
	"bytes"
	"debug/elf"
	"fmt"

	"github.com/rewind-debugger/rewind/symbols"
	"github.com/rewind-debugger/rewind/vm"
)

// newMachine builds the named board ("": the one the ELF is for). On virt,
// cfg's RAM base and size apply; the other boards have a fixed memory map.
func newMachine(elfData []byte, board string, cfg vm.Config) (*vm.Machine, error) {
	b, err := vm.BoardForELF(elfData, board)
	if err != nil {
		return nil, err
	}
	if b.Name == "virt" {
		return vm.NewVirt(cfg)
	}
	cfg.RAMBase, cfg.RAMSize = 0, 0
	return vm.NewMachine(b, cfg)
}

// bareSymbols is the symbol table of an ARM ELF, which the symbols package
// cannot read yet: no symbols or lines, and a log message that says so,
// so the session still runs and steps by instruction. Other architectures
// keep the error.
func bareSymbols(elfData []byte, opt Options, loadErr error) (*symbols.Table, error) {
	f, err := elf.NewFile(bytes.NewReader(elfData))
	if err != nil || f.Machine != elf.EM_ARM {
		return nil, fmt.Errorf("reading symbols of %s: %w", nameOr(opt.Path), loadErr)
	}
	why := "source-level debugging of ARM (Cortex-M) firmware is not supported yet: no symbols, source lines or variables; the firmware runs and steps by instruction"
	if opt.Log != nil {
		opt.Log(fmt.Sprintf("rewind: %s: %s\n", nameOr(opt.Path), why), 0)
	}
	return symbols.Bare(uint32(f.Entry), why), nil
}
