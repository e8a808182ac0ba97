package vm

// The RISC-V semihosting call is the uncompressed sequence
// "slli x0, x0, 0x1f; ebreak; srai x0, x0, 7" inside one page, with the
// operation in a0 and the parameter in a1; the result goes to a0.
const (
	shPreRISCV    = 0x01f01013 // slli x0, x0, 0x1f
	shEbreakRISCV = 0x00100073 // ebreak
	shPostRISCV   = 0x40705013 // srai x0, x0, 7
)

// semihostAt reports whether pc holds the ebreak of a RISC-V semihosting
// sequence (checked exactly as the specification and QEMU do).
func (m *Machine) semihostAt(pc uint32) bool {
	mem := m.mem
	if pc < 4 || (pc-4)>>pageShift != (pc+4)>>pageShift || !mem.contains(pc-4, 12) {
		return false
	}
	off := pc - 4 - mem.base
	return mem.readRAM(off, 4) == shPreRISCV && mem.readRAM(off+4, 4) == shEbreakRISCV &&
		mem.readRAM(off+8, 4) == shPostRISCV
}

// riscvSemihost performs the call whose ebreak is at pc (step inflight of
// the batch) and returns the next pc: after the ebreak, or the ebreak
// itself when the call waits for input (the hart then waits as in wfi).
func (m *Machine) riscvSemihost(h *Hart, pc uint32, inflight uint64) uint32 {
	m.inflight = inflight
	ret, err := m.semihost(h.x[10], h.x[11])
	m.inflight = 0
	if err != nil {
		h.waiting = true
		return pc
	}
	h.x[10] = ret
	return pc + 4
}

// wakeSemihostReaders ends the wait of harts stopped on a semihosting
// call, after console input arrived.
func (m *Machine) wakeSemihostReaders() {
	for _, h := range m.harts {
		if h.waiting && (m.arm && m.armSemihostAt(h.pc) || !m.arm && m.semihostAt(h.pc)) {
			h.waiting = false
		}
	}
}

// semihostInput queues console input for semihosting reads.
func (m *Machine) semihostInput(b []byte) {
	m.shState.Input(b)
	m.wakeSemihostReaders()
}
