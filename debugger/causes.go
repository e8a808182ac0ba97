package debugger

import "fmt"

// interruptBit marks an interrupt in mcause.
const interruptBit = 1 << 31

// Exception causes of the privileged spec used by trap filters.
const (
	causeIllegal    = 2
	causeBreakpoint = 3
)

var exceptionNames = map[uint32]string{
	0: "instruction address misaligned", 1: "instruction access fault",
	2: "illegal instruction", 3: "breakpoint (ebreak)", 4: "load address misaligned",
	5: "load access fault", 6: "store address misaligned", 7: "store access fault",
	8: "environment call from U-mode", 9: "environment call from S-mode",
	11: "environment call from M-mode", 12: "instruction page fault",
	13: "load page fault", 15: "store page fault",
}

var interruptNames = map[uint32]string{
	1: "supervisor software interrupt", 3: "machine software interrupt",
	5: "supervisor timer interrupt", 7: "machine timer interrupt",
	9: "supervisor external interrupt", 11: "machine external interrupt",
}

// causeName spells an mcause value.
func causeName(cause uint32) string {
	if cause&interruptBit != 0 {
		if n, ok := interruptNames[cause&^interruptBit]; ok {
			return n
		}
		return fmt.Sprintf("interrupt %d", cause&^interruptBit)
	}
	if n, ok := exceptionNames[cause]; ok {
		return n
	}
	return fmt.Sprintf("exception %d", cause)
}

// CauseName spells an mcause value ("illegal instruction").
func CauseName(cause uint32) string { return causeName(cause) }
