package debugger

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/rewind-debugger/rewind/checkpoint"
)

// irqWords joins "IRQ 7" into "irq7" before a cause list is split.
var irqWords = regexp.MustCompile(`(?i)\birq\s+(\d)`)

// parseCauses reads a list of causes (numbers or names, separated by
// commas or spaces) for a catchpoint of kind: for interrupts a number is
// an interrupt number (RISC-V mcause code, Cortex-M IRQ n), otherwise the
// cause itself (RISC-V mcause, Cortex-M exception number). Empty text is
// every trap of the kind. It returns the ranges and a description.
func (s *Session) parseCauses(kind EventKind, text string) ([]checkpoint.CauseRange, string, error) {
	ta := s.traps()
	fields := strings.FieldsFunc(irqWords.ReplaceAllString(text, "irq$1"), func(r rune) bool { return r == ',' || r == ' ' || r == '\t' })
	if len(fields) == 0 {
		switch kind {
		case EventInterrupt:
			return ta.interrupts(), "any interrupt", nil
		case EventException:
			return ta.exceptions(), "any exception", nil
		}
		return []checkpoint.CauseRange{{Lo: 0, Hi: ^uint32(0)}}, "any trap", nil
	}
	var out []checkpoint.CauseRange
	var words []string
	for _, f := range fields {
		rs, err := s.parseCause(ta, kind, f)
		if err != nil {
			return nil, "", err
		}
		out = append(out, rs...)
		if len(rs) > 1 {
			words = append(words, f) // "ecall": three causes
			continue
		}
		words = append(words, ta.name(rs[0].Lo))
	}
	return out, strings.Join(words, ", "), nil
}

// parseCause reads one cause of a list.
func (s *Session) parseCause(ta traps, kind EventKind, f string) ([]checkpoint.CauseRange, error) {
	if n, err := strconv.ParseUint(f, 0, 32); err == nil {
		c := uint32(n)
		if kind == EventInterrupt {
			if c, err = ta.irq(c); err != nil {
				return nil, err
			}
		}
		return one(c), nil
	}
	rs, ok := ta.named(f)
	if !ok {
		return nil, fmt.Errorf("unknown cause %q (known: %s, or a number)", f, strings.Join(ta.names(), ", "))
	}
	if kind == EventInterrupt {
		for _, r := range rs {
			if !ta.interrupt(r.Lo) {
				return nil, fmt.Errorf("%s is not an interrupt (use catch trap)", ta.name(r.Lo))
			}
		}
	}
	return rs, nil
}
