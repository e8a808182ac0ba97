package debugger

import (
	"github.com/rewind-debugger/rewind/debugger/rtos"
	"github.com/rewind-debugger/rewind/vm"
)

// cpu is everything the debugger's algorithms ask of the session's
// architecture: its registers (regFile), its traps (trapArch) and the few
// behaviours stepping, RTOS tasks and fault reports need. Each
// architecture implements it in its own files (archriscv*.go,
// archcortexm*.go); adding one means a new set of those files, a case in
// Session.cpu and an entry in allCPUs, not edits in the algorithms. The code outside the arch
// files must not ask which architecture it runs on (a test checks).
type cpu interface {
	regFile
	trapArch
	// handlerMode returns the exception hart is handling (0 when it runs
	// thread code); ok is false on a CPU whose registers do not say
	// (RISC-V: a trap handler is ordinary code).
	handlerMode(h *vm.Hart) (exc uint32, ok bool)
	// rtosPort is the kernel port the firmware's context switch follows,
	// found from its code.
	rtosPort(s *Session) rtos.Port
	// inSwitchCode reports whether hart executes the RTOS port's context
	// switch (or trap handling) code, where a task is between its own
	// instructions.
	inSwitchCode(s *Session, hart int) bool
	// lastRunOf seeks to the latest moment before now at which task t,
	// switched out with the saved context regs, was running on hart; it
	// reports false, leaving the timeline where it was, when history has
	// none.
	lastRunOf(s *Session, hart int, t *rtos.Task, regs rtos.Regs) (bool, error)
	// stepCounters reads hart's cycle and retired-instruction counters,
	// which count its own steps on a board with several harts; ok is false
	// when the CPU has none or the firmware stopped the cycle counter.
	stepCounters(h *vm.Hart) (cycles, instret uint64, ok bool)
	// faultDetails classifies a fault taken at st, spells it in words and
	// lists the registers that tell it, given the fault status registers
	// read just after the trap (ok false: none could be read).
	faultDetails(st vm.Stop, regs vm.FaultRegisters, ok bool) (TrapKind, []string, []FaultRegister)
	// originArch is how dataflow origins read this CPU's instructions,
	// registers and exception frames (originarch.go).
	originArch() originArch
}

// cpu returns the architecture of the session's machine: the one place
// that asks the machine which it is.
func (s *Session) cpu() cpu {
	if s.m.IsCortexM() {
		return cortexMRegs{fpu: s.m.HasFPU()}
	}
	return riscvRegs{}
}

// allCPUs lists every architecture the debugger knows, for what is
// offered before a session exists (ArchExceptionFilters).
func allCPUs() []cpu { return []cpu{riscvRegs{}, cortexMRegs{}} }
