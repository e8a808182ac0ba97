package console

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/rewind-debugger/rewind/debugger"
)

// infoRegisters prints the registers of the selected frame (all but the
// floating-point ones, as gdb's `info registers` does, or those named, in
// the order named). In an outer frame a register the unwinder cannot
// recover shows as <not saved>, as in gdb.
func (c *Console) infoRegisters(arg string) error {
	regs, err := c.s.FrameRegisters(c.frameHart(), c.frame)
	if err != nil {
		return err
	}
	if strings.TrimSpace(arg) == "" {
		for _, r := range regs {
			if r.Info.Group != debugger.GroupFPU {
				c.printRegister(r)
			}
		}
		return nil
	}
	return c.printNamed(regs, arg)
}

// infoAllRegisters prints every register: the selected frame's, then the
// further ones the CPU implements (on RISC-V every other CSR), read now.
func (c *Console) infoAllRegisters(arg string) error {
	regs, err := c.s.FrameRegisters(c.frameHart(), c.frame)
	if err != nil {
		return err
	}
	if all, err := c.s.AllRegisters(c.frameHart()); err == nil && len(all) > len(regs) {
		regs = append(regs, all[len(regs):]...)
	}
	if strings.TrimSpace(arg) != "" {
		return c.printNamed(regs, arg)
	}
	for _, r := range regs {
		c.printRegister(r)
	}
	return nil
}

// printNamed prints the registers named in arg ("a0 $pc x10 xpsr").
func (c *Console) printNamed(regs []debugger.Register, arg string) error {
	for _, n := range strings.Fields(arg) {
		num, ok := c.s.RegisterByName(n)
		var r *debugger.Register
		for i := range regs {
			if ok && regs[i].Num == num {
				r = &regs[i]
			}
		}
		if r == nil {
			all, _ := c.s.AllRegisters(c.frameHart())
			for i := range all {
				if ok && all[i].Num == num {
					r = &all[i]
				}
			}
		}
		if r == nil {
			return fmt.Errorf("invalid register `%s'", strings.TrimPrefix(n, "$"))
		}
		c.printRegister(*r)
	}
	return nil
}

// printRegister prints one line of info registers, as gdb does: hex and
// natural value, a code address as <symbol>, flags registers decoded,
// floating-point registers as numbers with their raw bits.
func (c *Console) printRegister(r debugger.Register) {
	if r.NotSaved {
		fmt.Fprintf(c.out, "%-9s %s\n", r.Name, "<not saved>")
		return
	}
	switch {
	case r.Info.Float && r.Info.Bits == 64:
		raw := uint64(r.High)<<32 | uint64(r.Value)
		f := strconv.FormatFloat(math.Float64frombits(raw), 'g', -1, 64)
		fmt.Fprintf(c.out, "%-9s %-12s (raw %#016x)\n", r.Name, f, raw)
		return
	case r.Info.Float:
		f := strconv.FormatFloat(float64(math.Float32frombits(r.Value)), 'g', -1, 32)
		fmt.Fprintf(c.out, "%-9s %-12s (raw %#08x)\n", r.Name, f, r.Value)
		return
	}
	extra := fmt.Sprint(int32(r.Value))
	switch {
	case r.Info.Code:
		if sym, ok := c.s.Symbols().SymbolAt(r.Value); ok {
			extra = "<" + sym + ">"
		}
	case len(r.Fields) > 0:
		extra = r.Summary()
	}
	fmt.Fprintf(c.out, "%-9s %-12s %s\n", r.Name, fmt.Sprintf("%#x", r.Value), extra)
}
