package svd

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// features parses testdata/features.svd.
func features(t testing.TB) *Device {
	t.Helper()
	d, err := ParseFile(filepath.Join("testdata", "features.svd"))
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// render joins decoded fields as "name=value (enum)".
func render(fvs []FieldValue) string {
	var s []string
	for _, fv := range fvs {
		s = append(s, fv.String())
	}
	return strings.Join(s, " ")
}

// TestDecode decodes register values of the features device: exact enum
// values, don't-care bits, defaults, derived sets and write-only sets
// that must not name read values.
func TestDecode(t *testing.T) {
	d := features(t)
	tests := []struct {
		path  string
		value uint64
		want  string
	}{
		{"TIMER0.CTRL", 0x102, "EN=0 (disabled) MODE=1 (periodic) PRESCALE=0x1 IE0=0 IE1=0 IE2=0 IE3=0 RUNNING=0 (disabled)"},
		{"TIMER0.CTRL", 0x8005ff09, "EN=1 (enabled) MODE=4 (pwm) PRESCALE=0xff IE0=1 IE1=0 IE2=1 IE3=0 RUNNING=1 (enabled)"},
		{"TIMER0.CTRL", 0x0c, "EN=0 (disabled) MODE=6 (pwm) PRESCALE=0x0 IE0=0 IE1=0 IE2=0 IE3=0 RUNNING=0 (disabled)"},
		{"TIMER0.CTRL", 0x06, "EN=0 (disabled) MODE=3 (reserved) PRESCALE=0x0 IE0=0 IE1=0 IE2=0 IE3=0 RUNNING=0 (disabled)"},
		{"timer1.ctrl_shadow", 0x1, "EN=1 (enabled) MODE=0 (oneshot) PRESCALE=0x0 IE0=0 IE1=0 IE2=0 IE3=0 RUNNING=0 (disabled)"},
		{"TIMER0.CH1.TOP", 0x1abcd, "VALUE=0xabcd DIR=1 (enabled)"},
		{"TIMER2.EXTRA", 0x5, "STATE=5 (reserved)"},
		{"TIMER0.STATUS", 0x1, "OVF=1"},
		{"TIMER0.CC[2]", 0xffff, ""},
	}
	for _, tt := range tests {
		p, err := d.Lookup(tt.path)
		if err != nil {
			t.Errorf("%s: %v", tt.path, err)
			continue
		}
		if got := render(p.Register.Decode(tt.value)); got != tt.want {
			t.Errorf("%s = 0x%x: got %q, want %q", tt.path, tt.value, got, tt.want)
		}
	}
}

// TestLookup resolves peripherals, registers (in clusters too) and
// fields, and names what is missing.
func TestLookup(t *testing.T) {
	d := features(t)
	tests := []struct {
		path, want string
	}{
		{"TIMER0", "TIMER0"},
		{"GPIOB", "GPIOB"},
		{"TIMER0.CTRL", "TIMER0.CTRL@0x40000000"},
		{"TIMER1.CH1.SUB.X", "TIMER1.CH1.SUB.X@0x400010b2"},
		{"TIMER0.CH0.TOP.DIR", "TIMER0.CH0.TOP@0x40000084.DIR"},
		{"TIMER0.CTRL.ie3", "TIMER0.CTRL@0x40000000.IE3"},
		{"TIMER0.CC[3]", "TIMER0.CC[3]@0x4000001c"},
		{"NOPE", `error: no peripheral "NOPE"`},
		{"TIMER0.NOPE", `error: peripheral TIMER0 has no register "NOPE"`},
		{"TIMER0.CTRL.NOPE", `error: register TIMER0.CTRL has no field "NOPE"`},
		{"TIMER0.CH0.TOP.DIR.X", `error: peripheral TIMER0 has no register "CH0.TOP.DIR.X"`},
	}
	for _, tt := range tests {
		p, err := d.Lookup(tt.path)
		got := ""
		switch {
		case err != nil:
			got = "error: " + err.Error()
		default:
			got = p.Peripheral.Name
			if p.Register != nil {
				got += fmt.Sprintf(".%s@0x%08x", p.Register.Name, p.Register.Address)
			}
			if p.Field != nil {
				got += "." + p.Field.Name
			}
		}
		if got != tt.want {
			t.Errorf("Lookup(%q) = %q, want %q", tt.path, got, tt.want)
		}
	}
}
