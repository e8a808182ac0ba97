package gdbserver

import "fmt"

// ArchCortexM is what Architecture.Arch answers for a Cortex-M target.
const ArchCortexM = "armv7-m"

// gdb's M-profile numbering: r0–r12, sp, lr, pc are 0–15, the xPSR 25
// (16–24 were the FPA registers of old ARM targets), the VFP registers
// d0–d15 26–41 and fpscr 42; the system and fault registers follow.
const (
	armRegnumXPSR  = 25
	armRegnumD0    = 26
	armRegnumFPSCR = 42
)

// cortexMLayout describes a Cortex-M core as gdb expects it: feature
// org.gnu.gdb.arm.m-profile (core), org.gnu.gdb.arm.vfp when the core has
// an FPU (gdb derives s0–s31 from d0–d15), org.gnu.gdb.arm.m-system with
// msp and psp (gdb unwinds exception frames on either stack with them)
// plus primask, basepri, faultmask and control, and the SCB fault status
// registers in a feature of ours. The g packet carries r0–pc and xpsr.
func cortexMLayout(fpu bool) *regLayout {
	l := &regLayout{arch: "arm"}
	named := func(n string) []Reg { return []Reg{{Kind: RegNamed, Name: n}} }
	add := func(num int, name string, bits int, typ, group, feature string, inG bool, parts []Reg) {
		l.regs = append(l.regs, gdbReg{num: num, name: name, bits: bits, typ: typ, group: group,
			feature: feature, inG: inG, parts: parts})
	}
	const core = "org.gnu.gdb.arm.m-profile"
	for i := range 13 {
		n := fmt.Sprintf("r%d", i)
		add(i, n, 32, "int", "", core, true, named(n))
	}
	add(13, "sp", 32, "data_ptr", "", core, true, named("sp"))
	add(14, "lr", 32, "int", "", core, true, named("lr"))
	add(15, "pc", 32, "code_ptr", "", core, true, []Reg{{Kind: RegPC}})
	add(armRegnumXPSR, "xpsr", 32, "int", "", core, true, named("xpsr"))
	next := armRegnumXPSR + 1
	if fpu {
		for i := range 16 {
			add(armRegnumD0+i, fmt.Sprintf("d%d", i), 64, "ieee_double", "float", "org.gnu.gdb.arm.vfp", false,
				[]Reg{{Kind: RegNamed, Name: fmt.Sprintf("s%d", 2*i)}, {Kind: RegNamed, Name: fmt.Sprintf("s%d", 2*i+1)}})
		}
		add(armRegnumFPSCR, "fpscr", 32, "int", "float", "org.gnu.gdb.arm.vfp", false, named("fpscr"))
		next = armRegnumFPSCR + 1
	}
	for _, n := range []string{"msp", "psp", "primask", "basepri", "faultmask", "control"} {
		typ := "int"
		if n == "msp" || n == "psp" {
			typ = "data_ptr"
		}
		add(next, n, 32, typ, "system", "org.gnu.gdb.arm.m-system", false, named(n))
		next++
	}
	for _, n := range []string{"cfsr", "hfsr", "mmfar", "bfar", "shcsr"} {
		typ := "int"
		if n == "mmfar" || n == "bfar" {
			typ = "data_ptr"
		}
		add(next, n, 32, typ, "system", "org.rewind.arm.m-fault", false, named(n))
		next++
	}
	return l
}
