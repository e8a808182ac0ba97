package rtos

import "fmt"

// Regs are the registers a switched-out task saved, by DWARF register
// number of the architecture (RISC-V: x0..x31 are 0..31; ARM: r0..r15 are
// 0..15, s0..s31 are 64..95), plus its pc and sp.
type Regs struct {
	PC, SP uint32
	// Saved holds every register the context switch stored.
	Saved map[int]uint32
}

// Port knows where a kernel port keeps a switched-out task's registers.
type Port interface {
	// Name names the port ("RISC-V (FreeRTOS V11 frame)").
	Name() string
	// Registers reads the saved context at top (the task's pxTopOfStack).
	Registers(mem Memory, top uint32) (Regs, error)
}

// RISCV is the RISC-V port: a frame at pxTopOfStack of mepc, x1, x5..x31,
// then (V11) the critical nesting count, then mstatus. Words is 31 for
// V11 and 30 for V10 (no nesting count). gp and tp are not switched.
type RISCV struct {
	Words int
}

// Name names the port and its frame.
func (p RISCV) Name() string { return fmt.Sprintf("RISC-V (%d-word frame)", p.words()) }

func (p RISCV) words() int {
	if p.Words == 30 {
		return 30
	}
	return 31
}

// Registers reads mepc as pc, x1 and x5..x31; sp is the top plus the frame.
func (p RISCV) Registers(mem Memory, top uint32) (Regs, error) {
	r := &reader{mem: mem}
	regs := Regs{PC: r.u32(top), SP: top + uint32(p.words())*4, Saved: map[int]uint32{}}
	regs.Saved[1] = r.u32(top + 4)
	for x := 5; x <= 31; x++ {
		regs.Saved[x] = r.u32(top + uint32(x-3)*4)
	}
	regs.Saved[0] = 0
	regs.Saved[2] = regs.SP
	if r.err != nil {
		return Regs{}, fmt.Errorf("saved context at 0x%08x: %w", top, r.err)
	}
	return regs, nil
}

// CortexM is the ARM_CM3 (FPU false) and ARM_CM4F (FPU true) ports: PendSV
// pushes r4-r11 (ARM_CM4F also EXC_RETURN, and s16-s31 when the task used
// the FPU) below the hardware exception frame r0-r3, r12, lr, pc, xPSR
// (followed by s0-s15 and FPSCR in an FP frame, and a padding word when
// xPSR bit 9 says the frame was aligned).
type CortexM struct {
	FPU bool
}

// Name names the port.
func (p CortexM) Name() string {
	if p.FPU {
		return "ARM Cortex-M4F"
	}
	return "ARM Cortex-M3"
}

// Registers reads the software-saved and hardware-stacked registers.
func (p CortexM) Registers(mem Memory, top uint32) (Regs, error) {
	r := &reader{mem: mem}
	regs := Regs{Saved: map[int]uint32{}}
	at := top
	for n := 4; n <= 11; n++ {
		regs.Saved[n] = r.u32(at)
		at += 4
	}
	fpFrame := false
	if p.FPU {
		excReturn := r.u32(at)
		at += 4
		if excReturn&0x10 == 0 {
			fpFrame = true
			for s := 16; s <= 31; s++ {
				regs.Saved[64+s] = r.u32(at)
				at += 4
			}
		}
	}
	for _, n := range []int{0, 1, 2, 3, 12, 14, 15} {
		regs.Saved[n] = r.u32(at)
		at += 4
	}
	xpsr := r.u32(at)
	at += 4
	regs.Saved[16] = xpsr // gdb's xPSR slot in the M-profile description
	if fpFrame {
		for s := 0; s <= 15; s++ {
			regs.Saved[64+s] = r.u32(at)
			at += 4
		}
		at += 8 // FPSCR and the reserved word
	}
	if xpsr&(1<<9) != 0 {
		at += 4
	}
	if r.err != nil {
		return Regs{}, fmt.Errorf("saved context at 0x%08x: %w", top, r.err)
	}
	regs.PC, regs.SP = regs.Saved[15], at
	regs.Saved[13] = at
	return regs, nil
}
