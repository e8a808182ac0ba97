package debugger

import (
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
