package symbols

import (
	"fmt"
	"sort"
	"strings"

	"github.com/rewind-debugger/rewind/symbols/disasm"
)

// Symbolizer names code addresses for the disassembler in objdump's
// style: "main", "audit+0x14".
func (t *Table) Symbolizer() disasm.Symbolizer {
	return func(addr uint32) (string, bool) {
		name, ok := t.SymbolAt(addr)
		if !ok {
			return "", false
		}
		base, off, found := strings.Cut(name, "+")
		if !found {
			return name, true
		}
		var n uint32
		if _, err := fmt.Sscan(off, &n); err != nil {
			return name, true
		}
		return fmt.Sprintf("%s+0x%x", base, n), true
	}
}

// AsmLine is one line of a disassembly listing.
type AsmLine struct {
	disasm.Inst
	// Symbol names the address ("main+0x10"), "" if unknown.
	Symbol string
	// Source is set, when interleaving was asked for, on the first
	// instruction of each new source line.
	Source *Location
}

// maxDisasmBytes bounds one disassembly request.
const maxDisasmBytes = 1 << 20

// Disassemble decodes [lo, hi), reading code from tgt (the live memory) or
// from the ELF image when tgt is nil, optionally interleaving source
// lines.
func (t *Table) Disassemble(tgt Target, lo, hi uint32, withSource bool) ([]AsmLine, error) {
	if hi <= lo || hi-lo > maxDisasmBytes {
		return nil, fmt.Errorf("bad disassembly range 0x%08x-0x%08x", lo, hi)
	}
	code := make([]byte, hi-lo)
	if tgt != nil {
		if err := tgt.ReadMemory(lo, code); err != nil {
			return nil, fmt.Errorf("read code at 0x%08x: %w", lo, err)
		}
	} else if !t.ReadImage(lo, code) {
		return nil, fmt.Errorf("0x%08x-0x%08x is not in the ELF image", lo, hi)
	}
	sym := t.Symbolizer()
	var out []AsmLine
	lastLine, lastFile := -1, ""
	for _, in := range decodeAll(t.arch.isa, code, lo, sym) {
		l := AsmLine{Inst: in}
		l.Symbol, _ = sym(in.Addr)
		if withSource {
			if loc, ok := t.PCToLine(in.Addr); ok && (loc.Line != lastLine || loc.File.Name != lastFile) {
				lastLine, lastFile = loc.Line, loc.File.Name
				l.Source = &loc
			}
		}
		out = append(out, l)
	}
	return out, nil
}

// DisassembleFunction disassembles one function's main range.
func (t *Table) DisassembleFunction(name string, tgt Target, withSource bool) ([]AsmLine, error) {
	f, ok := t.FunctionByName(name)
	if !ok {
		return nil, fmt.Errorf("no function %q", name)
	}
	return t.Disassemble(tgt, f.Low, f.High, withSource)
}

// InstructionsBefore returns the start addresses of up to n instructions
// ending at pc (for a DAP Disassemble request with a negative offset),
// decoding forward from the start of the function holding them so the
// boundaries are right.
func (t *Table) InstructionsBefore(pc uint32, n int) []uint32 {
	start := pc
	if f := t.FunctionAt(pc); f != nil {
		start = f.Low
	}
	if pc-start > maxDisasmBytes {
		start = pc - maxDisasmBytes
	}
	var addrs []uint32
	code := make([]byte, pc-start)
	if !t.ReadImage(start, code) {
		return nil
	}
	for _, in := range decodeAll(t.arch.isa, code, start, nil) {
		addrs = append(addrs, in.Addr)
	}
	sort.Slice(addrs, func(i, j int) bool { return addrs[i] < addrs[j] })
	if len(addrs) > n {
		addrs = addrs[len(addrs)-n:]
	}
	return addrs
}
