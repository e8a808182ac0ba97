package gdbserver

import (
	"fmt"
	"strings"
	"testing"
)

// armFake is a fake Cortex-M target: registers by name.
type armFake struct {
	*fakeTarget
	regs map[string]uint32
}

func newARMFake(fpu bool) *armFake {
	f := &armFake{fakeTarget: newFake(1), regs: map[string]uint32{}}
	names := []string{"sp", "lr", "xpsr", "msp", "psp", "primask", "basepri", "faultmask", "control",
		"cfsr", "hfsr", "mmfar", "bfar", "shcsr"}
	for i := range 13 {
		names = append(names, fmt.Sprintf("r%d", i))
	}
	if fpu {
		names = append(names, "fpscr")
		for i := range 32 {
			names = append(names, fmt.Sprintf("s%d", i))
		}
	}
	for i, n := range names {
		f.regs[n] = 0x1000 + uint32(i)
	}
	return f
}

func (f *armFake) Arch() string { return ArchCortexM }

func (f *armFake) HasRegister(name string) bool { _, ok := f.regs[name]; return ok }

func (f *armFake) ReadRegister(h int, r Reg) (uint32, error) {
	if r.Kind != RegNamed {
		return f.fakeTarget.ReadRegister(h, r)
	}
	v, ok := f.regs[r.Name]
	if !ok {
		return 0, errFake
	}
	return v, nil
}

func (f *armFake) WriteRegister(h int, r Reg, v uint32) error {
	if r.Kind != RegNamed {
		return f.fakeTarget.WriteRegister(h, r, v)
	}
	if _, ok := f.regs[r.Name]; !ok {
		return errFake
	}
	f.regs[r.Name] = v
	return nil
}

// TestCortexMTargetDescription: a Cortex-M target gets gdb's M-profile
// description and numbering: r0–pc 0–15 and xpsr 25 in g, d0–d15 (from
// s pairs) 26–41 and fpscr 42 with an FPU, then m-system and the fault
// registers; without an FPU the system registers follow xpsr.
func TestCortexMTargetDescription(t *testing.T) {
	f := newARMFake(true)
	c := startSession(t, f)
	xml := c.rt("qXfer:features:read:target.xml:0,3000")
	for _, want := range []string{"<architecture>arm</architecture>", `<feature name="org.gnu.gdb.arm.m-profile">`,
		`name="xpsr" bitsize="32" type="int" regnum="25"`, `<feature name="org.gnu.gdb.arm.vfp">`,
		`name="d0" bitsize="64" type="ieee_double" regnum="26"`, `name="fpscr" bitsize="32" type="int" regnum="42"`,
		`<feature name="org.gnu.gdb.arm.m-system">`, `name="msp" bitsize="32" type="data_ptr" regnum="43"`,
		`name="control" bitsize="32" type="int" regnum="48"`, `name="shcsr" bitsize="32" type="int" regnum="53"`} {
		if !strings.Contains(xml, want) {
			t.Errorf("target.xml lacks %s:\n%s", want, xml)
		}
	}
	if g := c.rt("g"); len(g) != 17*8 || g[16*8:] != regHex(f.regs["xpsr"]) {
		t.Errorf("g = %q, want r0–pc then xpsr", g)
	}
	if p := c.rt("p1a"); p != regHex(f.regs["s0"])+regHex(f.regs["s1"]) {
		t.Errorf("p d0 = %q", p)
	}
	if r := c.rt("P1b=0000000000000840"); r != "OK" || f.regs["s2"] != 0 || f.regs["s3"] != 0x40080000 {
		t.Errorf("P d1: %q, s2 %#x s3 %#x", r, f.regs["s2"], f.regs["s3"])
	}
	if r := c.rt("P2b=01000000"); r != "OK" || f.regs["msp"] != 1 {
		t.Errorf("P msp: %q, msp %#x", r, f.regs["msp"])
	}

	m3 := newARMFake(false)
	delete(m3.regs, "basepri") // as on ARMv6-M
	c = startSession(t, m3)
	xml = c.rt("qXfer:features:read:target.xml:0,3000")
	if strings.Contains(xml, "vfp") || strings.Contains(xml, "basepri") || !strings.Contains(xml, `name="msp" bitsize="32" type="data_ptr" regnum="26"`) {
		t.Errorf("target.xml without an FPU:\n%s", xml)
	}
	if p := c.rt("p1a"); p != regHex(m3.regs["msp"]) {
		t.Errorf("p 26 = %q, want msp", p)
	}
}
