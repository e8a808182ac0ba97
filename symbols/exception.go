package symbols

// SystemRegisters is implemented by targets that can read registers
// outside the DWARF register file by name. The unwinder asks Cortex-M
// targets for "msp" and "psp" (the banked stack pointers) when a frame
// returns to an exception on the other stack. Targets without it unwind
// exceptions on the current stack only.
type SystemRegisters interface {
	SystemRegister(name string) (uint32, bool)
}

// ExceptionFrameName is the name of the frame standing for a hardware
// exception entry, as gdb shows it.
const ExceptionFrameName = "<signal handler called>"

// exceptionUnwinder continues unwinding through a hardware exception
// entry: a frame whose return address is a marker value (EXC_RETURN)
// rather than code.
type exceptionUnwinder interface {
	// isReturn reports whether a return address is an exception marker.
	isReturn(ra uint32) bool
	// unwind returns the interrupted context's registers from st, the
	// state whose pc is the marker; interrupted.pc is exact (the
	// instruction to resume), not a return address.
	unwind(tgt Target, a *Arch, st physRegs) (physRegs, bool)
}

// cortexMExceptions unwinds the ARMv7-M exception frame: r0–r3, r12, lr,
// pc and xPSR stacked on entry, followed by s0–s15, FPSCR and a reserved
// word when the frame is extended (EXC_RETURN bit 4 clear), on the main
// or process stack (EXC_RETURN bit 2), with 4 bytes of padding when the
// stacked xPSR has bit 9 set.
type cortexMExceptions struct{}

// isExcReturn reports whether v is an ARMv7-M EXC_RETURN value.
func isExcReturn(v uint32) bool { return v >= 0xffffff00 }

func (cortexMExceptions) isReturn(ra uint32) bool { return isExcReturn(ra) }

// Offsets in the basic exception frame.
const (
	excFrameBasic    = 0x20
	excFrameExtended = 0x68
	excXPSRAlign     = 1 << 9
)

// excStacked are the DWARF numbers of the words of the basic frame.
var excStacked = [...]int{0, 1, 2, 3, 12, ARMRegLR, ARMRegPC}

func (cortexMExceptions) unwind(tgt Target, a *Arch, st physRegs) (physRegs, bool) {
	exc := st.pc
	frame, ok := st.regs[a.sp], st.known[a.sp]
	if exc&4 != 0 && exc&8 != 0 { // thread mode on the process stack
		sys, has := tgt.(SystemRegisters)
		if !has {
			return physRegs{}, false
		}
		frame, ok = sys.SystemRegister("psp")
	}
	if !ok {
		return physRegs{}, false
	}
	c := st
	for i, r := range excStacked {
		v, err := readU32(tgt, frame+uint32(4*i))
		if err != nil {
			return physRegs{}, false
		}
		c.regs[r], c.known[r] = v, true
	}
	xpsr, err := readU32(tgt, frame+28)
	if err != nil {
		return physRegs{}, false
	}
	size := uint32(excFrameBasic)
	if exc&0x10 == 0 {
		size = excFrameExtended
		stacked := fpStacked(tgt, frame)
		for i := 0; i < 16; i++ {
			if !stacked { // still in the registers (lazy stacking)
				c.regs[ARMRegS0+i], c.known[ARMRegS0+i] = tgt.Register(ARMRegS0+i), true
				continue
			}
			v, err := readU32(tgt, frame+excFrameBasic+uint32(4*i))
			c.regs[ARMRegS0+i], c.known[ARMRegS0+i] = v, err == nil
		}
	}
	if xpsr&excXPSRAlign != 0 {
		size += 4
	}
	c.regs[a.sp], c.known[a.sp] = frame+size, true
	c.pc = c.regs[ARMRegPC] &^ 1
	c.interrupted = true
	return c, true
}

// exceptionFrame builds the frame standing for an exception entry from
// st (whose pc is the marker) and returns the interrupted context. With
// exc nil nothing could be shown; ok=false ends the unwinding after exc.
func (t *Table) exceptionFrame(tgt Target, st physRegs) (exc *Frame, interrupted physRegs, ok bool) {
	exc = &Frame{PC: st.pc, Name: ExceptionFrameName, Exception: true, table: t,
		target: tgt, regs: st.regs, known: st.known, lookupPC: st.pc}
	if p := t.arch.pc; p >= 0 {
		exc.regs[p], exc.known[p] = st.pc, true
	}
	interrupted, ok = t.arch.exceptions.unwind(tgt, t.arch, st)
	if ok {
		exc.CFA = interrupted.regs[t.arch.sp]
	}
	return exc, interrupted, ok
}

// Cortex-M FP context control: FPCCR.LSPACT says lazy stacking is still
// pending for the frame whose FP area FPCAR points at.
const (
	regFPCCR    = 0xe000ef34
	regFPCAR    = 0xe000ef38
	fpccrLSPACT = 1
)

// fpStacked reports whether the extended frame at frame holds s0–s15.
// With lazy stacking the hardware only reserves the space, and the
// interrupted code's values stay in the registers until the handler uses
// the FPU: then FPCCR.LSPACT is set and FPCAR points at the reserved area.
// When FPCCR cannot be read the registers are taken as live, as gdb does.
func fpStacked(tgt Target, frame uint32) bool {
	ccr, err := readU32(tgt, regFPCCR)
	if err != nil {
		return false
	}
	if ccr&fpccrLSPACT == 0 {
		return true
	}
	car, err := readU32(tgt, regFPCAR)
	return err == nil && car&^7 != (frame+excFrameBasic)&^7
}
