package symbols

import (
	"errors"

	"github.com/rewind-debugger/rewind/symbols/disasm"
)

// InstructionSet is what the debugger needs from an architecture's
// decoder: objdump-style text for disassembly views and the control flow
// of an instruction for stepping ("next" steps over calls, "finish" and
// reverse stepping recognise returns). symbols/disasm provides RISC-V; the
// Thumb/Thumb-2 decoder plugs in here for ARM (Arch.isa in arch_arm.go).
type InstructionSet interface {
	// Decode decodes the instruction at the start of code, located at
	// addr. An unknown encoding gives an error together with an Inst
	// whose Len says how many bytes to skip and whose Text is a data
	// directive. Implementations keep no state between calls (for Thumb:
	// IT blocks are decoded from the IT instruction onwards).
	Decode(code []byte, addr uint32, sym disasm.Symbolizer) (disasm.Inst, error)
	// Flow classifies the instruction at the start of code.
	Flow(code []byte, addr uint32) (Flow, error)
}

// FlowKind is how an instruction transfers control.
type FlowKind int

// Kinds of control transfer.
const (
	// FlowNone: execution continues with the next instruction.
	FlowNone FlowKind = iota
	// FlowCall links a return address (jal ra, jalr ra; bl, blx).
	FlowCall
	// FlowReturn returns to the linked address (ret; bx lr, pop {..., pc}).
	FlowReturn
	// FlowJump always transfers control without linking.
	FlowJump
	// FlowBranch transfers control on a condition.
	FlowBranch
	// FlowTrap enters an exception or returns from one (ecall, mret; svc).
	FlowTrap
)

// Flow is the control flow of one instruction.
type Flow struct {
	Kind FlowKind
	// Len is the instruction's length in bytes.
	Len int
	// Target is the destination when statically known (HasTarget).
	Target    uint32
	HasTarget bool
}

// decodeAll decodes code from addr to its end with an instruction set.
func decodeAll(is InstructionSet, code []byte, addr uint32, sym disasm.Symbolizer) []disasm.Inst {
	var out []disasm.Inst
	for off := 0; off+2 <= len(code); {
		in, err := is.Decode(code[off:], addr+uint32(off), sym)
		if errors.Is(err, disasm.ErrShort) && in.Len == 0 {
			break
		}
		if in.Len <= 0 {
			in.Len = 2
		}
		out = append(out, in)
		off += in.Len
	}
	return out
}
