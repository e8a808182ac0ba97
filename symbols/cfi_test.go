package symbols

import (
	"encoding/binary"
	"testing"
)

// synthFrame builds a .debug_frame with one CIE and one FDE for a
// function at 0x80000000 (size 0x40) that hits quirks 1-3 of DWARF-QUIRKS.md: the CIE only
// says def_cfa_register, the FDE moves with DW_CFA_set_loc (4-byte
// address), and restores registers the CIE never mentioned.
func synthFrame() []byte {
	le := binary.LittleEndian
	cie := []byte{0xff, 0xff, 0xff, 0xff, 3, 0, 1, 0x7c, 1, // id, version, "", code 1, data -4, ra 1
		0x0d, 0x02} // def_cfa_register sp
	for len(cie)%4 != 0 {
		cie = append(cie, 0)
	}
	fdeIns := []byte{
		0x42,       // advance_loc 2
		0x0e, 0x10, // def_cfa_offset 16
		0x01, 0x08, 0x00, 0x00, 0x80, // set_loc 0x80000008
		0x81, 0x01, // offset ra, 1 (CFA-4)
		0x88, 0x02, // offset s0, 2 (CFA-8)
		0x01, 0x20, 0x00, 0x00, 0x80, // set_loc 0x80000020
		0xc1, 0xc8, // restore ra, restore s0
		0x0e, 0x00, // def_cfa_offset 0
	}
	fde := make([]byte, 12)
	le.PutUint32(fde[4:], 0x80000000)
	le.PutUint32(fde[8:], 0x40)
	fde = append(fde, fdeIns...)
	for (len(fde)+4)%4 != 0 {
		fde = append(fde, 0)
	}
	le.PutUint32(fde[0:], 0) // CIE pointer
	var out []byte
	out = le.AppendUint32(out, uint32(len(cie)))
	out = append(out, cie...)
	out = le.AppendUint32(out, uint32(len(fde)))
	return append(out, fde...)
}

// TestCFIGaps checks unwinding through the synthetic FDE at entry, after
// the stack adjustment, after the saves and after the restores.
func TestCFIGaps(t *testing.T) {
	fdes, err := parseCFI(synthFrame(), 0)
	if err != nil {
		t.Fatal(err)
	}
	tab := &Table{fdes: fdes, arch: RISCV32()}
	mem := &fakeTarget{base: 0x80001000, ram: make([]byte, 0x100)}
	const sp = 0x80001040
	binary.LittleEndian.PutUint32(mem.ram[sp+16-4-mem.base:], 0x80000abc) // saved ra
	binary.LittleEndian.PutUint32(mem.ram[sp+16-8-mem.base:], 0x12345678) // saved s0
	var st physRegs
	for i := range st.regs {
		st.regs[i], st.known[i] = uint32(0x1000+i), true
	}
	st.regs[RegSP], st.regs[RegRA], st.regs[RegS0] = sp, 0x80000222, 0x80001111
	cases := []struct {
		pc          uint32
		cfa, ra, s0 uint32
	}{
		{0x80000000, sp, 0x80000222, 0x80001111},
		{0x80000004, sp + 16, 0x80000222, 0x80001111},
		{0x80000010, sp + 16, 0x80000abc, 0x12345678},
		{0x80000024, sp, 0x80000222, 0x80001111},
	}
	for _, c := range cases {
		row, ok := tab.cfiAt(c.pc)
		if !ok {
			t.Fatalf("no CFI row at 0x%x", c.pc)
		}
		st.pc = c.pc
		caller, cfa, ok := tab.applyCFI(mem, st, row)
		if !ok || cfa != c.cfa || caller.pc != c.ra || caller.regs[RegS0] != c.s0 || !caller.known[RegS0] {
			t.Errorf("pc 0x%x: cfa 0x%x ra 0x%x s0 0x%x ok %v; want 0x%x 0x%x 0x%x",
				c.pc, cfa, caller.pc, caller.regs[RegS0], ok, c.cfa, c.ra, c.s0)
		}
		if caller.known[10] {
			t.Errorf("pc 0x%x: caller-saved a0 should be unknown in the caller", c.pc)
		}
	}
}
