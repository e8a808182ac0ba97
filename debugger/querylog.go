package debugger

import (
	"fmt"

	"github.com/rewind-debugger/rewind/checkpoint"
	"github.com/rewind-debugger/rewind/symbols"
)

// LogLine is one line a retroactive log point would have printed.
type LogLine struct {
	// Time is the moment of the hit (before the line's instruction), where
	// a live log point would have printed it.
	Time uint64
	Hart int
	PC   uint32
	Text string
}

// LogPointHistory is the answer of QueryLogPoint.
type LogPointHistory struct {
	QueryInfo
	Lines []LogLine
}

// QueryLogPoint is a log point added after the fact: the lines a log point
// at file:line with message msg ({expr} expanded in the hit's frame) would
// have printed at each hit over the whole history, oldest first (a page,
// with the count). Each line is what the same log point set before the run
// prints, without the newline.
func (s *Session) QueryLogPoint(file string, line int, msg string, p QueryPage) (LogPointHistory, error) {
	locs, err := s.syms.LineToPCs(file, line)
	if err != nil {
		return LogPointHistory{}, fmt.Errorf("%s:%d: %w", file, line, err)
	}
	var c checkpoint.Conditions
	for _, l := range locs {
		c.Breakpoints = append(c.Breakpoints, checkpoint.Breakpoint{Addr: l.Addr, Hart: -1})
	}
	var out LogPointHistory
	err = s.query(func() error {
		hits, info, err := s.searchAll(c, p)
		out.QueryInfo = info
		if err != nil {
			return err
		}
		for _, h := range hits {
			if err := s.queryPaused(); err != nil {
				return err
			}
			if err := s.tl.Seek(h.Time); err != nil {
				return fmt.Errorf("log point hit at time %d: %w", h.Time, err)
			}
			out.Lines = append(out.Lines, LogLine{Time: h.Time, Hart: h.Hart, PC: h.PC, Text: s.logText(msg, h.Hart)})
		}
		return nil
	})
	return out, err
}

// logText expands a log message in hart's innermost frame now, as a live
// log point does (see logPoint).
func (s *Session) logText(msg string, hart int) string {
	fs, _ := s.unwind(hart, 1)
	var f *symbols.Frame
	if len(fs) > 0 {
		f = fs[0]
	}
	var text string
	s.readOnly("log message", func() { text = formatLog(msg, f) })
	return text
}
