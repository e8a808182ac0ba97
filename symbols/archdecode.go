package symbols

import (
	"errors"
	"strings"

	"github.com/rewind-debugger/rewind/symbols/disasm"
	"github.com/rewind-debugger/rewind/symbols/disasm/thumb"
)

// Decoder decodes consecutive instructions of one instruction set,
// carrying what one instruction leaves for the next (the conditions of a
// Thumb IT block), so a listing shows each instruction as objdump does in
// context. Get one from Arch.Decoder; it is not safe for concurrent use.
type Decoder struct {
	is  InstructionSet
	sym disasm.Symbolizer
	it  thumb.ITState // Thumb only
}

// Decoder starts a decoder for a run of instructions (addresses
// increasing, each following the previous one).
func (a *Arch) Decoder(sym disasm.Symbolizer) *Decoder {
	return &Decoder{is: a.isa, sym: sym}
}

// Next decodes the instruction at the start of code, located at addr,
// which must follow the previous one decoded. The text has no tabs (one
// space between mnemonic and operands). Errors are as for
// InstructionSet.Decode; after an error the carried state is dropped.
func (d *Decoder) Next(code []byte, addr uint32) (disasm.Inst, error) {
	if _, ok := d.is.(thumbISA); !ok {
		in, err := d.is.Decode(code, addr, d.sym)
		in.Text = strings.ReplaceAll(in.Text, "\t", " ")
		return in, err
	}
	tin, next, err := thumb.Decode(code, addr, d.it, thumb.Symbolizer(d.sym))
	if errors.Is(err, thumb.ErrShort) {
		d.it = 0
		return disasm.Inst{Addr: addr}, disasm.ErrShort
	}
	d.it = next
	in := disasm.Inst{Addr: addr, Len: tin.Len, Raw: tin.Raw, Target: tin.Target, HasTarget: tin.HasTarget,
		Text: strings.ReplaceAll(strings.TrimSuffix(tin.Text, "\n"), "\t", " ")}
	if err == nil && tin.Undefined {
		err = disasm.ErrUnknown
	}
	if err != nil {
		d.it = 0
	}
	return in, err
}
