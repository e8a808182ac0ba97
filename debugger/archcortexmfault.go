package debugger

import (
	"fmt"

	"github.com/rewind-debugger/rewind/vm"
)

// The Cortex-M fault status bits the report's logic needs (cfsrBits and
// hfsrBits, in archfields.go, spell every bit; ARMv7-M ARM B3.2.15-B3.2.17).
const (
	cfsrDACCVIOL  = 1 << 1
	cfsrMMARVALID = 1 << 7
	cfsrPRECISERR = 1 << 9
	cfsrBFARVALID = 1 << 15
)

// cortexMFaultLines spells the fault status registers in words, most
// specific first: the CFSR bits (with the fault address where valid), then
// the HardFault status.
func cortexMFaultLines(r vm.FaultRegisters) []string {
	var out []string
	for _, b := range cfsrBits() {
		mask := uint32(1) << b.bit
		if r.CFSR&mask == 0 || b.words == "" {
			continue
		}
		line := b.words
		switch {
		case mask == cfsrPRECISERR && r.CFSR&cfsrBFARVALID != 0:
			line = fmt.Sprintf("%s at %#x (BFAR)", line, r.BFAR)
		case mask == cfsrDACCVIOL && r.CFSR&cfsrMMARVALID != 0:
			line = fmt.Sprintf("%s at %#x (MMFAR)", line, r.MMFAR)
		}
		out = append(out, line)
	}
	if r.CFSR&cfsrBFARVALID != 0 && r.CFSR&cfsrPRECISERR == 0 {
		out = append(out, fmt.Sprintf("bus fault address %#x (BFAR)", r.BFAR))
	}
	if r.CFSR&cfsrMMARVALID != 0 && r.CFSR&cfsrDACCVIOL == 0 {
		out = append(out, fmt.Sprintf("memory management fault address %#x (MMFAR)", r.MMFAR))
	}
	for _, b := range hfsrBits() {
		if r.HFSR&(1<<b.bit) != 0 {
			out = append(out, b.words)
		}
	}
	return out
}
