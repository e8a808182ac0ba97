package vm

import (
	"debug/elf"
	"encoding/binary"
	"fmt"
	"path/filepath"
	"testing"
)

// TestThumbFlowAgainstTrace single-steps the ISA suites (every Thumb-2
// instruction class, DSP, FPv4-SP, and the Cortex-M7's FPv5 double
// precision) and checks ThumbFlow is sound: every core or floating-point
// register an instruction changed is one its Flow says it writes. Steps
// that enter or leave an exception, and semihosting calls, are left out
// (their register changes are not the instruction's).
func TestThumbFlowAgainstTrace(t *testing.T) {
	for _, c := range []struct{ board, file string }{
		{"mps2-an500", "arm-m7/fp64.elf"},
		{"mps2-an500", "arm-m7/isa-m7.elf"},
		{"mps2-an386", "arm/isa/isa-m4f.elf"},
		{"mps2-an385", "arm/isa/isa-m3.elf"},
	} {
		t.Run(filepath.Base(c.file), func(t *testing.T) {
			path := filepath.Join("..", "testdata", c.file)
			m, _ := bootARM(t, c.board, path)
			checkFlowTrace(t, m, path)
		})
	}
}

// flowRegs is the registers a Flow numbers that the trace compares: r0-r14
// and s0-s31.
func flowRegs(h *Hart) (r [FlowS0 + 32]uint32) {
	for i := range 15 {
		r[i] = h.Reg(i)
	}
	for i := range 32 {
		r[FlowS0+i], _ = h.ARMSys(ARMS0 + ARMSysReg(i))
	}
	return r
}

// checkFlowTrace runs m to its exit, stopping at the first execution of
// each instruction of the ELF at path (a breakpoint on every halfword of
// its code, cleared when hit) to check that step's changes.
func checkFlowTrace(t *testing.T, m *Machine, path string) {
	t.Helper()
	ef, err := elf.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer ef.Close()
	for _, s := range ef.Sections {
		if s.Flags&elf.SHF_EXECINSTR != 0 && s.Type == elf.SHT_PROGBITS {
			for a := s.Addr; a < s.Addr+s.Size; a += 2 {
				m.SetBreakpoint(uint32(a))
			}
		}
	}
	h := m.harts[0]
	reported := map[string]bool{}
	checked := 0
	for {
		st := m.Run(m.Time() + 1<<26)
		if st.Reason == StopExit || st.Reason == StopFatal {
			break
		}
		if st.Reason != StopBreakpoint {
			t.Fatalf("stopped: %v at %#x", st.Reason, st.PC)
		}
		pc := h.PC()
		m.ClearBreakpoint(pc)
		var code [4]byte
		if m.ReadMemory(pc, code[:]) != nil {
			t.Fatalf("pc %#x unreadable", pc)
		}
		hw1, hw2 := binary.LittleEndian.Uint16(code[:]), binary.LittleEndian.Uint16(code[2:])
		f := ThumbFlow(hw1, hw2, pc)
		before, exc := flowRegs(h), h.Reg(16)&0x1ff
		if st := m.Step(); st.Reason == StopExit || st.Reason == StopFatal {
			break
		}
		checked++
		if h.Reg(16)&0x1ff != exc || hw1&0xff00 == 0xbe00 { // an exception, BKPT (semihosting)
			continue
		}
		after := flowRegs(h)
		for r := range after {
			if r >= 15 && r < FlowS0 || after[r] == before[r] || f.Writes(r) {
				continue
			}
			key := fmt.Sprintf("%04x %04x", hw1, hw2)
			if f.Len == 2 {
				key = fmt.Sprintf("%04x", hw1)
			}
			if !reported[key] {
				t.Errorf("%s at %#x changed register %d (%#x -> %#x), its Flow %+v does not write it", key, pc, r, before[r], after[r], f.Regs)
			}
			reported[key] = true
		}
	}
	if checked < 100 {
		t.Fatalf("only %d instructions checked", checked)
	}
	t.Logf("%d instructions checked", checked)
}
