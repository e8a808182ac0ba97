package debugger

import "fmt"

// interruptBit marks an interrupt in mcause.
const interruptBit = 1 << 31

// Exception causes of the privileged spec used by trap filters.
const (
	causeIllegal    = 2
	causeBreakpoint = 3
)

// exceptionName spells a synchronous exception code ("" if unknown).
func exceptionName(code uint32) string {
	switch code {
	case 0:
		return "instruction address misaligned"
	case 1:
		return "instruction access fault"
	case 2:
		return "illegal instruction"
	case 3:
		return "breakpoint (ebreak)"
	case 4:
		return "load address misaligned"
	case 5:
		return "load access fault"
	case 6:
		return "store address misaligned"
	case 7:
		return "store access fault"
	case 8:
		return "environment call from U-mode"
	case 9:
		return "environment call from S-mode"
	case 11:
		return "environment call from M-mode"
	case 12:
		return "instruction page fault"
	case 13:
		return "load page fault"
	case 15:
		return "store page fault"
	}
	return ""
}

// interruptName spells an interrupt code ("" if unknown).
func interruptName(code uint32) string {
	switch code {
	case 1:
		return "supervisor software interrupt"
	case 3:
		return "machine software interrupt"
	case 5:
		return "supervisor timer interrupt"
	case 7:
		return "machine timer interrupt"
	case 9:
		return "supervisor external interrupt"
	case 11:
		return "machine external interrupt"
	}
	return ""
}

// causeName spells an mcause value.
func causeName(cause uint32) string {
	if cause&interruptBit != 0 {
		if n := interruptName(cause &^ interruptBit); n != "" {
			return n
		}
		return fmt.Sprintf("interrupt %d", cause&^interruptBit)
	}
	if n := exceptionName(cause); n != "" {
		return n
	}
	return fmt.Sprintf("exception %d", cause)
}

// CauseName spells an mcause value ("illegal instruction").
func CauseName(cause uint32) string { return causeName(cause) }
