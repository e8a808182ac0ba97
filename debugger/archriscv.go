package debugger

import (
	"fmt"

	"github.com/go-delve/delve/pkg/dwarf/godwarf"
	"github.com/rewind-debugger/rewind/checkpoint"
	"github.com/rewind-debugger/rewind/symbols"
	"github.com/rewind-debugger/rewind/symbols/cexpr"
	"github.com/rewind-debugger/rewind/vm"
)

// riscvRegs is the register file of an RV32 hart: x0–x31 by ABI name
// (numbers 0–31), pc (PCRegister) and the key machine-mode CSRs
// (CSRRegister(n)).
type riscvRegs struct{}

// riscvKeyCSRs lists the CSRs shown with the registers (a fresh slice each
// call: no shared mutable state).
func riscvKeyCSRs() []string {
	return []string{"mstatus", "misa", "mie", "mip", "mtvec", "mscratch",
		"mepc", "mcause", "mtval", "mhartid", "mcycle", "minstret"}
}

func (riscvRegs) arch() string { return "riscv32" }

func (riscvRegs) infos() []RegisterInfo {
	out := make([]RegisterInfo, 0, 45)
	for i := range 32 {
		ri := RegisterInfo{Name: symbols.RegisterName(i), Num: uint32(i), Group: GroupCore, DWARF: i, Bits: 32}
		switch ri.Name {
		case "ra":
			ri.Code = true
		case "sp", "gp":
			ri.Data = true
		}
		out = append(out, ri)
	}
	out = append(out, RegisterInfo{Name: "pc", Num: PCRegister, Group: GroupCore, DWARF: -1, Bits: 32, Code: true})
	for _, n := range riscvKeyCSRs() {
		if num, ok := symbols.CSRNumber(n); ok {
			out = append(out, RegisterInfo{Name: n, Num: CSRRegister(num), Group: GroupCSR, DWARF: -1, Bits: 32})
		}
	}
	return out
}

// extras lists every CSR the CPU implements, by number (the key ones
// again too, as `info all-registers` has always shown them).
func (riscvRegs) extras() []RegisterInfo {
	var out []RegisterInfo
	for _, n := range symbols.CSRs() {
		name := symbols.CSRName(n)
		if num, ok := symbols.CSRNumber(name); !ok || num != n {
			continue
		}
		out = append(out, RegisterInfo{Name: name, Num: CSRRegister(n), Group: GroupCSR, DWARF: -1, Bits: 32})
	}
	return out
}

func (riscvRegs) dwarf(h *vm.Hart, n int) (uint32, bool) {
	if n < 0 || n >= 32 {
		return 0, false
	}
	return h.Reg(n), true
}

func (riscvRegs) read(h *vm.Hart, num uint32) (uint64, error) {
	switch {
	case num < 32:
		return uint64(h.Reg(int(num))), nil
	case num == PCRegister:
		return uint64(h.PC()), nil
	case num >= checkpoint.RegCSR && num-checkpoint.RegCSR < 1<<12:
		v, ok := h.ReadCSR(uint16(num - checkpoint.RegCSR))
		if !ok {
			return 0, fmt.Errorf("hart %d has no CSR %#x", h.ID(), num-checkpoint.RegCSR)
		}
		return uint64(v), nil
	}
	return 0, fmt.Errorf("no register number %#x", num)
}

func (riscvRegs) writes(num uint32, v uint64) ([]regWrite, error) {
	switch {
	case num == 0:
		return nil, fmt.Errorf("x0 (zero) cannot be written")
	case num < 32, num == PCRegister, num >= checkpoint.RegCSR && num-checkpoint.RegCSR < 1<<12:
		return []regWrite{{num, uint32(v)}}, nil
	}
	return nil, fmt.Errorf("no register number %#x", num)
}

// fields decodes the machine-mode status and trap CSRs as the privileged
// spec names their fields (the ones an M-mode-only hart has).
func (r riscvRegs) fields(name string, v uint32) []RegisterField {
	rw := func(n string, shift, width int) RegisterField { return bitField(v, n, shift, width, true) }
	ro := func(n string, shift, width int) RegisterField { return bitField(v, n, shift, width, false) }
	switch name {
	case "mstatus":
		return []RegisterField{rw("MIE", 3, 1), rw("MPIE", 7, 1), rw("MPP", 11, 2)}
	case "mcause":
		code := rw("Code", 0, 31)
		code.Text = traps{r}.name(v)
		return []RegisterField{rw("Interrupt", 31, 1), code}
	case "mie":
		return []RegisterField{rw("MSIE", 3, 1), rw("MTIE", 7, 1), rw("MEIE", 11, 1)}
	case "mip":
		return []RegisterField{ro("MSIP", 3, 1), ro("MTIP", 7, 1), ro("MEIP", 11, 1)}
	}
	return nil
}

// alias turns "x10" and "fp" into the ABI name and accepts any CSR the
// CPU implements by name.
func (riscvRegs) alias(name string) (string, bool) {
	if n, ok := symbols.RegisterNumber(name); ok {
		return symbols.RegisterName(n), true
	}
	return "", false
}

// handlerMode: a RISC-V trap handler runs like any other code.
func (riscvRegs) handlerMode(*vm.Hart) (uint32, bool) { return 0, false }

// savedSlot: the RISC-V port saves x registers by DWARF number.
func (riscvRegs) savedSlot(ri RegisterInfo) int { return ri.DWARF }

// returnValue: a0 and a1 for up to 8 bytes, scalars and aggregates alike
// (the ilp32 ABI: floats too); larger values are returned in memory.
func (riscvRegs) returnValue(t godwarf.Type) (int, int, bool) {
	return symbols.RegA0, symbols.RegA0 + 1, cexpr.Size(t) <= 8
}

// CSRs counting a hart's steps (low and high halves), and the one that
// stops them.
const (
	csrMcycle        = 0xb00
	csrMinstret      = 0xb02
	csrMcycleH       = 0xb80
	csrMinstretH     = 0xb82
	csrMcountinhibit = 0x320
	inhibitCycles    = 1 // mcountinhibit.CY
)

// stepCounters reads mcycle and minstret (64 bits each).
func (riscvRegs) stepCounters(h *vm.Hart) (uint64, uint64, bool) {
	csr64 := func(lo, hi uint16) uint64 {
		l, _ := h.ReadCSR(lo)
		u, _ := h.ReadCSR(hi)
		return uint64(u)<<32 | uint64(l)
	}
	inhibit, _ := h.ReadCSR(csrMcountinhibit)
	return csr64(csrMcycle, csrMcycleH), csr64(csrMinstret, csrMinstretH), inhibit&inhibitCycles == 0
}
