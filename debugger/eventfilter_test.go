package debugger

import "testing"

func TestParseEventFilter(t *testing.T) {
	seven, minus := 7, -1
	for _, c := range []struct {
		kind string
		code *int
		want EventFilter
		bad  bool
	}{
		{"", nil, EventFilter{Kind: EventAnyTrap, Code: -1}, false},
		{"trap", &seven, EventFilter{Kind: EventAnyTrap, Code: 7}, false},
		{"irq", &seven, EventFilter{Kind: EventInterrupt, Code: 7}, false},
		{"interrupt", nil, EventFilter{Kind: EventInterrupt, Code: -1}, false},
		{"exception", nil, EventFilter{Kind: EventException, Code: -1}, false},
		{"sometimes", nil, EventFilter{}, true},
		{"irq", &minus, EventFilter{}, true},
	} {
		f, err := ParseEventFilter(c.kind, c.code)
		if (err != nil) != c.bad || (!c.bad && f != c.want) {
			t.Errorf("ParseEventFilter(%q, %v) = %+v, %v", c.kind, c.code, f, err)
		}
	}
}
