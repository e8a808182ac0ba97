package debugger

import (
	"fmt"

	"github.com/go-delve/delve/pkg/dwarf/godwarf"
	"github.com/rewind-debugger/rewind/checkpoint"
	"github.com/rewind-debugger/rewind/symbols"
	"github.com/rewind-debugger/rewind/symbols/cexpr"
	"github.com/rewind-debugger/rewind/vm"
)

// Cortex-M register numbers: r0–r14 are 0–14, the pc is PCRegister (as on
// RISC-V), the xPSR 16 (a write sets its APSR flags), the system
// registers armSysRegister(vm.ARMSysReg) and d0–d15 armDRegister(n).
const (
	armXPSR  = 16
	armDBase = 0x3000
)

// armSysRegister is the number of a Cortex-M system register.
func armSysRegister(r vm.ARMSysReg) uint32 { return checkpoint.RegARMSys + uint32(r) }

// cortexMRegs is the register file of a Cortex-M core (with an FPU when
// fpu is set).
type cortexMRegs struct{ fpu bool }

// armSysInfo names one system register and its group.
type armSysInfo struct {
	name  string
	reg   vm.ARMSysReg
	group RegisterGroup
	data  bool
}

// armSysRegs lists the system and fault registers in display order.
func armSysRegs() []armSysInfo {
	return []armSysInfo{
		{"msp", vm.ARMMSP, GroupSystem, true}, {"psp", vm.ARMPSP, GroupSystem, true},
		{"primask", vm.ARMPRIMASK, GroupSystem, false}, {"basepri", vm.ARMBASEPRI, GroupSystem, false},
		{"faultmask", vm.ARMFAULTMASK, GroupSystem, false}, {"control", vm.ARMCONTROL, GroupSystem, false},
		{"cfsr", vm.ARMCFSR, GroupFault, false}, {"hfsr", vm.ARMHFSR, GroupFault, false},
		{"mmfar", vm.ARMMMFAR, GroupFault, true}, {"bfar", vm.ARMBFAR, GroupFault, true},
		{"shcsr", vm.ARMSHCSR, GroupFault, false},
	}
}

func (cortexMRegs) arch() string { return "armv7-m" }

func (c cortexMRegs) infos() []RegisterInfo {
	out := make([]RegisterInfo, 0, 80)
	for i := range 15 {
		ri := RegisterInfo{Name: fmt.Sprintf("r%d", i), Num: uint32(i), Group: GroupCore, DWARF: i, Bits: 32}
		switch i {
		case symbols.ARMRegSP:
			ri.Name, ri.Data = "sp", true
		case symbols.ARMRegLR:
			ri.Name, ri.Code = "lr", true
		}
		out = append(out, ri)
	}
	out = append(out,
		RegisterInfo{Name: "pc", Num: PCRegister, Group: GroupCore, DWARF: symbols.ARMRegPC, Bits: 32, Code: true},
		RegisterInfo{Name: "xpsr", Num: armXPSR, Group: GroupCore, DWARF: -1, Bits: 32})
	sys := armSysRegs()
	for _, r := range sys[:6] {
		out = append(out, RegisterInfo{Name: r.name, Num: armSysRegister(r.reg), Group: r.group, DWARF: -1, Bits: 32, Data: r.data})
	}
	if c.fpu {
		out = append(out, RegisterInfo{Name: "fpscr", Num: armSysRegister(vm.ARMFPSCR), Group: GroupFPU, DWARF: -1, Bits: 32})
		for i := range 32 {
			out = append(out, RegisterInfo{Name: fmt.Sprintf("s%d", i), Num: armSysRegister(vm.ARMS0 + vm.ARMSysReg(i)),
				Group: GroupFPU, DWARF: symbols.ARMRegS0 + i, Bits: 32, Float: true})
		}
		for i := range 16 {
			out = append(out, RegisterInfo{Name: fmt.Sprintf("d%d", i), Num: armDBase + uint32(i),
				Group: GroupFPU, DWARF: symbols.ARMRegD0 + i, Bits: 64, Float: true,
				Parts: []string{fmt.Sprintf("s%d", 2*i), fmt.Sprintf("s%d", 2*i+1)}})
		}
	}
	for _, r := range sys[6:] {
		out = append(out, RegisterInfo{Name: r.name, Num: armSysRegister(r.reg), Group: r.group, DWARF: -1, Bits: 32, Data: r.data})
	}
	return out
}

func (cortexMRegs) extras() []RegisterInfo { return nil }

func (c cortexMRegs) dwarf(h *vm.Hart, n int) (uint32, bool) {
	switch {
	case n >= 0 && n < 16:
		return h.Reg(n), true // 15: the pc
	case n >= symbols.ARMRegS0 && n < symbols.ARMRegS0+32:
		return h.ARMSys(vm.ARMS0 + vm.ARMSysReg(n-symbols.ARMRegS0))
	}
	return 0, false
}

func (c cortexMRegs) read(h *vm.Hart, num uint32) (uint64, error) {
	switch {
	case num < 15, num == armXPSR:
		return uint64(h.Reg(int(num))), nil
	case num == PCRegister:
		return uint64(h.PC()), nil
	case num >= armDBase && num < armDBase+16 && c.fpu:
		lo, _ := h.ARMSys(vm.ARMS0 + vm.ARMSysReg(2*(num-armDBase)))
		hi, _ := h.ARMSys(vm.ARMS0 + vm.ARMSysReg(2*(num-armDBase)+1))
		return uint64(hi)<<32 | uint64(lo), nil
	case num >= checkpoint.RegARMSys && num < checkpoint.RegARMSys+0x1000:
		if v, ok := h.ARMSys(vm.ARMSysReg(num - checkpoint.RegARMSys)); ok {
			return uint64(v), nil
		}
	}
	return 0, fmt.Errorf("no register number %#x on this Cortex-M core", num)
}

func (c cortexMRegs) writes(num uint32, v uint64) ([]regWrite, error) {
	switch {
	case num < 15, num == armXPSR, num == PCRegister:
		return []regWrite{{num, uint32(v)}}, nil
	case num >= armDBase && num < armDBase+16 && c.fpu:
		s := armSysRegister(vm.ARMS0 + vm.ARMSysReg(2*(num-armDBase)))
		return []regWrite{{s, uint32(v)}, {s + 1, uint32(v >> 32)}}, nil
	case num >= checkpoint.RegARMSys && num < checkpoint.RegARMSys+0x1000:
		for _, ri := range c.infos() {
			if ri.Num == num {
				return []regWrite{{num, uint32(v)}}, nil
			}
		}
	}
	return nil, fmt.Errorf("no register number %#x on this Cortex-M core", num)
}

// alias accepts gdb's other names: r13–r15, fp (r7 in Thumb code), ip.
func (cortexMRegs) alias(name string) (string, bool) {
	switch name {
	case "r13":
		return "sp", true
	case "r14":
		return "lr", true
	case "r15":
		return "pc", true
	case "ip":
		return "r12", true
	case "fp":
		return "r7", true
	case "psr", "cpsr":
		return "xpsr", true
	}
	return "", false
}

// armXPSRIPSR masks the exception number in the xPSR.
const armXPSRIPSR = 0x1ff

// excReturnMin is the lowest EXC_RETURN value (0xFFFFFFE0-0xFFFFFFFF).
const excReturnMin = 0xffffffe0

// handlerMode reads the IPSR field of the xPSR.
func (cortexMRegs) handlerMode(h *vm.Hart) (uint32, bool) {
	return h.Reg(armXPSR) & armXPSRIPSR, true
}

// savedSlot: the Cortex-M ports save the core and FP registers by DWARF
// number and the stacked xPSR in slot 16 (rtos.CortexM).
func (cortexMRegs) savedSlot(ri RegisterInfo) int {
	if ri.Num == armXPSR {
		return armXPSR
	}
	return ri.DWARF
}

// returnValue (AAPCS): under the hard-float ABI, which the boards with an
// FPU run (vm picks the FPU board from the ELF's EF_ARM_ABI_FLOAT_HARD), a
// float, a double or a homogeneous aggregate of floating-point members in
// s0 and up (two words at most here); else r0 and r1 for a fundamental
// type of up to 8 bytes, r0 for a composite of up to 4; a larger
// composite is returned in memory, through a buffer the caller passes.
func (c cortexMRegs) returnValue(t godwarf.Type) (int, int, bool) {
	n := cexpr.Size(t)
	if c.fpu {
		if _, ok := t.(*godwarf.FloatType); ok {
			return symbols.ARMRegS0, symbols.ARMRegS0 + 1, n <= 8
		}
		if floatAggregate(t) > 0 {
			return symbols.ARMRegS0, symbols.ARMRegS0 + 1, n <= 8
		}
	}
	if composite(t) {
		return 0, 1, n <= 4
	}
	return 0, 1, n <= 8
}

// composite reports whether t is a structure, union or array (AAPCS's
// composite types: returned in r0 only up to 4 bytes).
func composite(t godwarf.Type) bool {
	switch t.(type) {
	case *godwarf.StructType, *godwarf.ArrayType:
		return true
	}
	return false
}

// floatAggregate is the number of members of t when it is a homogeneous
// floating-point aggregate of AAPCS-VFP (one to four members, nested
// structures and arrays flattened, all of one floating-point type), else
// 0.
func floatAggregate(t godwarf.Type) int {
	var base godwarf.Type
	count := 0
	var walk func(t godwarf.Type) bool
	walk = func(t godwarf.Type) bool {
		switch x := cexpr.Resolve(t).(type) {
		case *godwarf.FloatType:
			if base != nil && base.Size() != x.Size() {
				return false
			}
			base = x
			count++
			return count <= 4
		case *godwarf.StructType:
			if x.Kind == "union" || len(x.Field) == 0 {
				return false
			}
			for _, f := range x.Field {
				if !walk(f.Type) {
					return false
				}
			}
			return true
		case *godwarf.ArrayType:
			for i := int64(0); i < x.Count; i++ {
				if !walk(x.Type) {
					return false
				}
			}
			return x.Count > 0
		}
		return false
	}
	if _, ok := cexpr.Resolve(t).(*godwarf.FloatType); ok || !walk(t) {
		return 0
	}
	return count
}

// stepCounters: a Cortex-M board has one core, whose steps are the
// machine's.
func (cortexMRegs) stepCounters(*vm.Hart) (uint64, uint64, bool) { return 0, 0, false }
