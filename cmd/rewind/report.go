package main

import (
	"bytes"
	"debug/elf"
	"fmt"
	"io"
	"sort"

	"github.com/rewind-debugger/rewind/vm"
)

// reportStop turns the final stop of a run into the process exit code, with
// one clear line on w when the run did not end by the firmware's own exit.
func reportStop(w io.Writer, st vm.Stop, elfData []byte, m *vm.Machine) int {
	switch st.Reason {
	case vm.StopExit:
		return st.ExitCode
	case vm.StopLimit:
		fmt.Fprintf(w, "rewind: stopped after %d instructions (--max-instructions)\n", m.Time())
		return exitLimit
	case vm.StopIdle:
		fmt.Fprintf(w, "rewind: firmware is waiting for input (all harts in wfi, no timer armed) and stdin has ended, at %d instructions\n", m.Time())
		return exitFault
	case vm.StopFatal:
		syms := newSymtab(elfData)
		h := m.Hart(st.Hart)
		ra := h.Reg(1)
		fmt.Fprintf(w, "rewind: firmware fault on hart %d at pc 0x%08x%s: %s (mcause %d), mtval 0x%08x; ra 0x%08x%s; after %d instructions\n",
			st.Hart, st.PC, syms.describe(st.PC), causeName(st.Cause), st.Cause, st.Tval, ra, syms.describe(ra), st.Time)
		return exitFault
	default:
		fmt.Fprintf(w, "rewind: stopped unexpectedly (%s) at pc 0x%08x\n", st.Reason, st.PC)
		return exitFault
	}
}

// causeName names an mcause value as the privileged spec does.
func causeName(c uint32) string {
	if c&0x80000000 != 0 {
		switch c &^ 0x80000000 {
		case 3:
			return "machine software interrupt"
		case 7:
			return "machine timer interrupt"
		case 11:
			return "machine external interrupt"
		}
		return "interrupt"
	}
	names := map[uint32]string{
		0: "instruction address misaligned", 1: "instruction access fault",
		2: "illegal instruction", 3: "breakpoint", 4: "load address misaligned",
		5: "load access fault", 6: "store/AMO address misaligned",
		7: "store/AMO access fault", 8: "environment call from U-mode",
		11: "environment call from M-mode",
	}
	if n, ok := names[c]; ok {
		return n
	}
	return "exception"
}

// symtab maps addresses to function names from an ELF's symbol table; it is
// all a fault report needs (the symbols package serves the debugger).
type symtab []elf.Symbol

func newSymtab(data []byte) symtab {
	f, err := elf.NewFile(bytes.NewReader(data))
	if err != nil {
		return nil
	}
	all, err := f.Symbols()
	if err != nil {
		return nil
	}
	var funcs symtab
	for _, s := range all {
		if elf.ST_TYPE(s.Info) == elf.STT_FUNC && s.Value != 0 {
			funcs = append(funcs, s)
		}
	}
	sort.Slice(funcs, func(i, j int) bool { return funcs[i].Value < funcs[j].Value })
	return funcs
}

// describe returns " (name+0xoff)" for an address inside a known function.
func (t symtab) describe(addr uint32) string {
	i := sort.Search(len(t), func(i int) bool { return t[i].Value > uint64(addr) }) - 1
	if i < 0 {
		return ""
	}
	s := t[i]
	off := uint64(addr) - s.Value
	if s.Size != 0 && off >= s.Size {
		return ""
	}
	if off == 0 {
		return " (" + s.Name + ")"
	}
	return fmt.Sprintf(" (%s+0x%x)", s.Name, off)
}
