package debugger

import "github.com/rewind-debugger/rewind/checkpoint"

// OutputLine is a line of UART output and the time its first byte was
// printed.
type OutputLine struct {
	Time uint64
	Text string
}

// History describes the timeline for a time slider.
type History struct {
	Start, End, Now uint64
	Checkpoints     []uint64
	Stops           []Stop
	Output          []OutputLine
}

// maxOutputLines bounds the output lines History returns (the latest).
const maxOutputLines = 1000

// History returns the extent of history, recent stops and the output.
func (s *Session) History() History {
	h := History{Start: s.tl.Start(), End: s.tl.End(), Now: s.tl.Now(), Checkpoints: s.tl.CheckpointTimes(),
		Stops: append([]Stop(nil), s.stops...)}
	h.Output = outputLines(s.tl.Output(h.Start, h.End+1))
	if len(h.Output) > maxOutputLines {
		h.Output = h.Output[len(h.Output)-maxOutputLines:]
	}
	return h
}

// outputLines groups output bytes into lines.
func outputLines(out []checkpoint.Output) []OutputLine {
	var lines []OutputLine
	var cur []byte
	var t uint64
	for _, o := range out {
		if len(cur) == 0 {
			t = o.Time
		}
		cur = append(cur, o.Byte)
		if o.Byte == '\n' {
			lines = append(lines, OutputLine{Time: t, Text: string(cur)})
			cur = cur[:0]
		}
	}
	if len(cur) > 0 {
		lines = append(lines, OutputLine{Time: t, Text: string(cur)})
	}
	return lines
}
