package debugger

import (
	"encoding/binary"
	"fmt"

	"github.com/rewind-debugger/rewind/checkpoint"
	"github.com/rewind-debugger/rewind/symbols"
	"github.com/rewind-debugger/rewind/vm"
)

// Value register numbers: one space for both architectures, so that a
// Value names its register without the session. 1–31 are RISC-V x1–x31;
// a Cortex-M core's r0–r15 are originARM+0–15, its s0–s31
// originARM+vm.FlowS0+0–31, and its two stack pointers as banked
// registers (whichever mode is current; sp is the active one)
// originARM+armFlowMSP and originARM+armFlowPSP. 0 means memory.
const (
	originARM    = 32
	armFlowMSP   = vm.FlowS0 + 32 // the Flow numbers of the banked stack pointers
	armFlowPSP   = vm.FlowS0 + 33
	originARMEnd = originARM + armFlowPSP + 1
)

// originRegName names a Value register number ("a5", "r3", "s15").
func originRegName(reg int) string {
	switch {
	case reg > 0 && reg < originARM:
		return symbols.RegisterName(reg)
	case reg == originARM+armFlowMSP:
		return "msp"
	case reg == originARM+armFlowPSP:
		return "psp"
	case reg >= originARM+vm.FlowS0 && reg < originARM+vm.FlowS0+32:
		return fmt.Sprintf("s%d", reg-originARM-vm.FlowS0)
	case reg >= originARM && reg < originARM+16:
		return [16]string{"r0", "r1", "r2", "r3", "r4", "r5", "r6", "r7", "r8", "r9", "r10", "r11", "r12", "sp", "lr", "pc"}[reg-originARM]
	}
	return fmt.Sprintf("register %d", reg)
}

// originArch is what the origin search asks of the session's CPU: the
// data flow of its instructions, its registers in the Value numbering,
// which breakpoint hits are writes of a register, and what a step did
// besides its instruction (Cortex-M exception entry and return).
type originArch interface {
	// flow decodes the instruction at pc from its bytes (4 given).
	flow(code []byte, pc uint32) vm.Flow
	// flowReg converts a Value register number to a Flow register
	// number (false: not a register of this CPU that has an origin).
	flowReg(v int) (int, bool)
	// valueReg converts back.
	valueReg(r int) int
	// resolve is the register a search for the writes of Flow register r
	// of v follows (Cortex-M: sp is the stack pointer bank active at
	// v.Time).
	resolve(s *Session, r int, v Value) int
	// read reads a Flow register of a hart now.
	read(h *vm.Hart, r int) uint32
	// sysName names a DataCSR source ("CSR mcause", "special register PSP").
	sysName(sys uint16) string
	// wants reports whether an instruction may write Flow register r.
	wants(f vm.Flow, r int) bool
	// writers adds to c the breakpoints, predicate and note that find the
	// writes of Flow register r of v (its hart; the program's writers are
	// given) before v.Time; r -1 prepares a search for a store.
	writers(s *Session, c *checkpoint.Conditions, r int, v Value, pcs []uint32)
	// state is the hart's registers as the instruction at hit h saw them
	// (a breakpoint hit) or left them (a watchpoint hit).
	state(s *Session, c *checkpoint.Conditions, h checkpoint.Hit) (hitState, error)
	// special explains a write of Flow register r at hit h that the
	// instruction's Flow does not (an exception return or entry); handled
	// is false to leave it to the instruction.
	special(s *Session, v Value, r int, h checkpoint.Hit, st hitState, f vm.Flow) (n OriginNode, handled bool, err error)
	// stacked explains a store found at watchpoint hit h that the
	// hardware made (Cortex-M exception entry stacking).
	stacked(s *Session, v Value, h checkpoint.Hit, st hitState) (OriginNode, bool, error)
	// executed reports whether the instruction at breakpoint hit h
	// completed (not a trap instead); the timeline may be left anywhere.
	executed(s *Session, h checkpoint.Hit, st hitState) (bool, error)
}

// hitState is a hart's registers at a search hit, by Flow number.
type hitState struct {
	r              [originARMEnd - originARM]uint32
	xpsr, msp, psp uint32
	// entered: the step at the hit entered an exception before running
	// the instruction (Cortex-M), so the registers differ from the
	// moment before the step.
	entered bool
	// after: the registers are those after the instruction (a
	// watchpoint hit), not before it.
	after bool
}

func (st *hitState) reg(r int) uint32 {
	if r < 0 || r >= len(st.r) {
		return 0
	}
	return st.r[r]
}

// originArch is the session's, from its cpu.
func (s *Session) originArch() originArch { return s.cpu().originArch() }

// originArch is the dataflow view of RV32 (part of cpu).
func (riscvRegs) originArch() originArch { return riscvOrigin{} }

// originArch is the dataflow view of Cortex-M (part of cpu); each search
// gets its own notes.
func (cortexMRegs) originArch() originArch { return cortexMOrigin{notes: &armNotes{}} }

// riscvOrigin is originArch for RV32: registers x1–x31 are Value numbers
// 1–31; a trap taken instead of an instruction retires nothing.
type riscvOrigin struct{}

func (riscvOrigin) flow(code []byte, _ uint32) vm.Flow {
	return vm.RISCVFlow(binary.LittleEndian.Uint32(code))
}

func (riscvOrigin) flowReg(v int) (int, bool) { return v, v > 0 && v < 32 }

func (riscvOrigin) resolve(_ *Session, r int, _ Value) int { return r }
func (riscvOrigin) valueReg(r int) int                     { return r }
func (riscvOrigin) read(h *vm.Hart, r int) uint32 {
	return h.Reg(r)
}
func (riscvOrigin) sysName(sys uint16) string   { return "CSR " + symbols.CSRName(sys) }
func (riscvOrigin) wants(f vm.Flow, r int) bool { return f.Writes(r) }

func (riscvOrigin) writers(_ *Session, c *checkpoint.Conditions, _ int, v Value, pcs []uint32) {
	for _, pc := range pcs {
		c.Breakpoints = append(c.Breakpoints, checkpoint.Breakpoint{Addr: pc, Hart: v.Hart})
	}
}

func (riscvOrigin) state(s *Session, _ *checkpoint.Conditions, h checkpoint.Hit) (hitState, error) {
	var st hitState
	if err := s.tl.Seek(h.Time); err != nil {
		return st, err
	}
	regs := s.m.Hart(h.Hart).Regs()
	copy(st.r[:], regs[:])
	return st, nil
}

func (riscvOrigin) special(*Session, Value, int, checkpoint.Hit, hitState, vm.Flow) (OriginNode, bool, error) {
	return OriginNode{}, false, nil
}

func (riscvOrigin) stacked(*Session, Value, checkpoint.Hit, hitState) (OriginNode, bool, error) {
	return OriginNode{}, false, nil
}

// executed: minstret advanced over the step (unless counting is
// inhibited).
func (riscvOrigin) executed(s *Session, h checkpoint.Hit, _ hitState) (bool, error) {
	if err := s.tl.Seek(h.Time); err != nil {
		return false, err
	}
	hr := s.m.Hart(h.Hart)
	before, _ := hr.ReadCSR(csrMinstret)
	inhibit, _ := hr.ReadCSR(csrMcountinhibit)
	if err := s.tl.Seek(h.Time + 1); err != nil {
		return false, err
	}
	after, _ := hr.ReadCSR(csrMinstret)
	return after != before || inhibit&4 != 0, nil
}

// originRegister is the Value register number of a register of the
// session's CPU by name ("a5", "r3", "lr", "s15"; a leading $ and gdb's
// aliases accepted); false for registers without an origin (pc, x0, the
// system registers).
func (s *Session) originRegister(name string) (int, bool) {
	ri, ok := s.registerInfo(name)
	if !ok {
		return 0, false
	}
	a := s.originArch()
	v := a.valueReg(int(ri.Num))
	var n int
	if _, err := fmt.Sscanf(ri.Name, "s%d", &n); err == nil && ri.Float && ri.Bits == 32 {
		v = a.valueReg(vm.FlowS0 + n)
	} else if ri.Group != GroupCore || ri.Num >= 32 {
		return 0, false
	}
	_, ok = a.flowReg(v)
	return v, ok
}
