package debugger

import "fmt"

// ParseEventFilter reads the words front-ends take for an events query:
// kind "irq" (or "interrupt"), "exception", or "trap" / "" (any), and a
// cause as users number it (TrapEvent.Code) when code is not nil.
func ParseEventFilter(kind string, code *int) (EventFilter, error) {
	f := EventFilter{Code: -1}
	switch kind {
	case "irq", "interrupt":
		f.Kind = EventInterrupt
	case "exception":
		f.Kind = EventException
	case "trap", "":
	default:
		return f, fmt.Errorf("kind %q: want irq, exception or trap", kind)
	}
	if code != nil {
		if *code < 0 {
			return f, fmt.Errorf("code %d: want a cause number", *code)
		}
		f.Code = *code
	}
	return f, nil
}
