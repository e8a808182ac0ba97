package symbols

import (
	"debug/elf"
	"encoding/binary"
	"fmt"

	"github.com/go-delve/delve/pkg/dwarf/frame"
)

// loadFrames parses .debug_frame, or .eh_frame when that is all there is.
func (t *Table) loadFrames(f *elf.File) {
	if data := sectionData(f, ".debug_frame"); data != nil {
		fdes, err := parseCFI(data, 0)
		if err == nil {
			t.fdes = fdes
			return
		}
		t.cfiNote = fmt.Sprintf(".debug_frame unreadable: %v", err)
	}
	if s := f.Section(".eh_frame"); s != nil {
		if data := sectionData(f, ".eh_frame"); data != nil {
			fdes, err := parseCFI(data, s.Addr)
			if err == nil {
				t.fdes = fdes
				return
			}
			t.cfiNote = fmt.Sprintf(".eh_frame unreadable: %v", err)
		}
	}
	if t.cfiNote == "" {
		t.cfiNote = "no call frame information; unwinding by prologue analysis"
	}
}

// parseCFI wraps delve's parser, turning its panics on bad input into errors.
func parseCFI(data []byte, ehAddr uint64) (fdes frame.FrameDescriptionEntries, err error) {
	defer func() {
		if p := recover(); p != nil {
			fdes, err = nil, fmt.Errorf("malformed call frame information: %v", p)
		}
	}()
	fdes, err = frame.Parse(data, binary.LittleEndian, 0, 4, ehAddr)
	if err != nil {
		return nil, err
	}
	fixSetLoc(fdes)
	return fdes, nil
}

// cfaRule is the frame's canonical frame address rule.
type cfaRule struct {
	reg    int
	offset int64
}

// regRule says how to recover one register of the caller.
type regRule struct {
	kind   frame.Rule
	offset int64
	reg    int
}

// cfiRow is the unwinding row at one pc.
type cfiRow struct {
	cfa  cfaRule
	regs map[int]regRule
	ra   int
}

// cfiAt computes the CFI row for pc; ok=false without an FDE.
func (t *Table) cfiAt(pc uint32) (row cfiRow, ok bool) {
	defer func() {
		if p := recover(); p != nil {
			ok = false
		}
	}()
	if len(t.fdes) == 0 {
		return cfiRow{}, false
	}
	fde, err := t.fdes.FDEForPC(uint64(pc))
	if err != nil {
		return cfiRow{}, false
	}
	ctx, err := fde.EstablishFrame(uint64(pc))
	if err != nil || ctx == nil {
		return cfiRow{}, false
	}
	// Quirk 1 (DWARF-QUIRKS.md): GCC's RISC-V CIE only says DW_CFA_def_cfa_register, for which
	// delve sets the register but leaves the rule undefined: treat any
	// defined register as register+offset.
	row = cfiRow{cfa: cfaRule{reg: int(ctx.CFA.Reg), offset: ctx.CFA.Offset},
		regs: map[int]regRule{}, ra: int(ctx.RetAddrReg)}
	if ctx.CFA.Rule != frame.RuleCFA && ctx.CFA.Rule != frame.RuleUndefined {
		return cfiRow{}, false
	}
	for n, r := range ctx.Regs {
		if n >= maxRegs {
			continue
		}
		row.regs[int(n)] = regRule{kind: r.Rule, offset: r.Offset, reg: int(r.Reg)}
	}
	return row, true
}
