package vm

// Hart is one RISC-V hardware thread in machine mode. Its registers are read
// and written through getters so that the executor can keep a sink register
// for x0.
//
// Room for user mode and PMP: a privilege field would join the execution
// state below, mstatus would store MPP (today it reads 3), mret/trap entry
// (trap.go) would switch privilege, and csrInsn would check CSR privilege
// bits. PMP checks belong on the slow paths only: a page whose access is
// restricted for the current privilege would simply be kept out of the
// rd/wr fast-path tables (memory.go), as watched pages are.
type Hart struct {
	x  [256]uint32 // x[0] is always 0; x[regSink] absorbs writes to x0
	pc uint32
	id int
	m  *Machine

	// Machine-mode CSR state.
	mstatus       uint32 // only MIE and MPIE are stored; MPP reads 3
	mie           uint32
	mip           uint32 // MEIP/MTIP/MSIP, derived from devices
	mtvec         uint32
	mepc          uint32
	mcause        uint32
	mtval         uint32
	mscratch      uint32
	mcountinhibit uint32
	cycle         uint64 // mcycle: steps of this hart
	instret       uint64 // minstret: retired instructions of this hart
	pmpcfg        [4]uint32
	pmpaddr       [16]uint32

	// Execution state.
	resValid bool   // LR reservation held
	resAddr  uint32 // reserved word address
	waiting  bool   // stalled in wfi
	inTrap   bool   // took an exception or interrupt and has not returned (mret) yet
	mtvecSet bool   // mtvec written since reset
	tmp      insn   // scratch slot for instructions that are not cached

	arm armState // the Cortex-M core, on Cortex-M boards
}

// ID returns the hart's mhartid.
func (h *Hart) ID() int { return h.id }

// PC returns the program counter.
func (h *Hart) PC() uint32 { return h.pc }

// SetPC sets the program counter (debugger view). Bit 0 is cleared.
func (h *Hart) SetPC(pc uint32) { h.pc = pc &^ 1 }

// Reg returns register x[i] (0 <= i < 32); other i read 0. On a Cortex-M
// core it returns r0-r15 (i < 16; r13 is the active stack pointer, r15 the
// PC) and 16 reads the xPSR.
func (h *Hart) Reg(i int) uint32 {
	if h.m != nil && h.m.arm {
		return h.armReg(i)
	}
	if i <= 0 || i >= 32 {
		return 0
	}
	return h.x[i]
}

// SetReg sets register x[i]; writes to x0 or out-of-range i are ignored.
// On a Cortex-M core it sets r0-r14 (i < 15), the PC (15) or the xPSR
// flags (16).
func (h *Hart) SetReg(i int, v uint32) {
	if h.m != nil && h.m.arm {
		h.armSetReg(i, v)
		return
	}
	if i > 0 && i < 32 {
		h.x[i] = v
	}
}

// Regs returns x0..x31.
func (h *Hart) Regs() [32]uint32 {
	var r [32]uint32
	copy(r[1:], h.x[1:32])
	return r
}

// Waiting reports whether the hart is stalled in wfi.
func (h *Hart) Waiting() bool { return h.waiting }
