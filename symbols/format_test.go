package symbols

import (
	"fmt"
	"strings"
	"testing"
)

// stopAt returns the frames at the first golden stop with this marker.
func stopAt(t *testing.T, variant, marker string) []*Frame {
	t.Helper()
	tab := openVariant(t, variant)
	for _, s := range loadStops(t, variant) {
		if s.Marker == marker {
			frames, err := tab.Unwind(s.target, UnwindOptions{})
			if err != nil {
				t.Fatal(err)
			}
			return frames
		}
	}
	t.Fatalf("no stop %s in %s", marker, variant)
	return nil
}

// TestFormatAndEvaluate checks C-style formatting and expressions against
// the values gdb printed at the same stop.
func TestFormatAndEvaluate(t *testing.T) {
	frames := stopAt(t, "O0", "main_end")
	f := frames[0]
	tab := f.Table()
	addr := func(name string) string {
		s, ok := tab.LookupSymbol(name)
		if !ok {
			t.Fatalf("no symbol %s", name)
		}
		return fmt.Sprintf("0x%x", s.Addr)
	}
	first, _ := f.Evaluate("(unsigned)head->label")
	firstAddr, _ := first.Load(f.Env())
	cases := []struct{ expr, want string }{
		{"counter", "7"},
		{"table", `"\001\002\003\004"`},
		{"grid", "{{1, 2, 3}, {4, 5, 6}}"},
		{"grid[1][2]", "6"},
		{"greeting", `"hello"`},
		{"big", "1234605616436508552"},
		{"small", `-5 '\373'`},
		{"flag", "true"},
		{"ratio", "1.5"},
		{"precise", "3.25"},
		{"head", "0x80001060 <nodes>"},
		{"head->next", "0x8000106c <nodes+12>"},
		{"head->label", fmt.Sprintf(`0x%x "first"`, leUint(firstAddr))},
		{"current_handler", addr("on_draw_red") + " <on_draw_red>"},
		{"$mcause", "2147483659"},
		{"local.color", "BLUE"},
		{"local.fl", "{ready = 1, mode = 5, level = -3, count = 17, tail = 999}"},
		{"local.on_draw", addr("on_draw_any") + " <on_draw_any>"},
		{"local.name", `"local"`},
		{"pattern.u", "3735928559"},
		{"sizeof(struct shape)", "32"},
		{"(char)65", "65 'A'"},
		{"$sp == $x2", "1"},
		{"nodes[1].value * 2 + 1", "21"},
		{"&nodes[2]", "0x80001078 <nodes+24>"},
	}
	for _, c := range cases {
		got, err := f.EvaluateString(c.expr, FormatOptions{})
		if err != nil {
			t.Errorf("%s: %v", c.expr, err)
			continue
		}
		if got != c.want {
			t.Errorf("%s = %s, want %s", c.expr, got, c.want)
		}
	}
	hex, err := f.EvaluateString("counter", FormatOptions{Hex: true})
	if err != nil || hex != "0x7" {
		t.Errorf("hex counter = %q, %v", hex, err)
	}
	if _, err := f.Evaluate("nosuch + 1"); err == nil || !strings.Contains(err.Error(), "nosuch") {
		t.Errorf("unknown identifier error = %v", err)
	}
}

// TestViews checks the children API used by a DAP Variables view.
func TestViews(t *testing.T) {
	frames := stopAt(t, "O0", "sum")
	f := frames[0]
	env := f.Env()
	var n View
	for _, v := range f.Views(FormatOptions{}) {
		if v.Name == "n" {
			n = v
		}
	}
	if n.Type != "const struct node *" || n.Children != 3 {
		t.Fatalf("view of n = %+v", n)
	}
	kids, err := f.Table().ChildViews(n.Val, env, FormatOptions{})
	if err != nil || len(kids) != 3 {
		t.Fatalf("children of n: %v %v", kids, err)
	}
	if kids[0].Name != "value" || kids[1].Name != "next" || kids[1].Children != 3 || !kids[0].HasMemory {
		t.Errorf("children of n = %+v", kids)
	}
	main := frames[len(frames)-1]
	var local View
	for _, v := range main.Views(FormatOptions{}) {
		if v.Name == "local" {
			local = v
		}
	}
	if local.Type != "struct shape" || local.Children != 6 {
		t.Fatalf("local = %+v", local)
	}
	kids, _ = f.Table().ChildViews(local.Val, main.Env(), FormatOptions{})
	if kids[1].Name != "corners" || kids[1].Children != 2 || kids[1].Type != "struct point [2]" {
		t.Errorf("corners = %+v", kids[1])
	}
	if s, _ := f.Table().LookupSymbol("on_draw_any"); kids[5].Value != fmt.Sprintf("0x%x <on_draw_any>", s.Addr) || kids[5].Type != "handler_t" {
		t.Errorf("on_draw = %+v", kids[5])
	}
}

// TestShadowedScope checks that the innermost block's variable wins.
func TestShadowedScope(t *testing.T) {
	for _, v := range []string{"O0", "Og"} {
		frames := stopAt(t, v, "shadow")
		f := frames[0]
		if f.Name != "shadow" {
			t.Fatalf("%s: frame 0 is %s", v, f.Name)
		}
		got, err := f.EvaluateString("depth", FormatOptions{})
		want, _ := f.EvaluateString("v + 2", FormatOptions{})
		if err != nil || got != want {
			t.Errorf("%s: depth = %s (%v), want the inner depth %s", v, got, err, want)
		}
		n := 0
		for _, x := range f.Variables() {
			if x.Name == "depth" {
				n++
			}
		}
		if n != 1 {
			t.Errorf("%s: %d variables named depth", v, n)
		}
	}
}

// TestAssignment writes through the frame's Env: a global, a bitfield and
// a register.
func TestAssignment(t *testing.T) {
	frames := stopAt(t, "O0", "main_end")
	f := frames[0]
	for _, c := range []struct{ set, get, want string }{
		{"counter = 42", "counter", "42"},
		{"local.fl.mode = 3", "local.fl", "{ready = 1, mode = 3, level = -3, count = 17, tail = 999}"},
		{"local.fl.level = -7", "local.fl.level", "-7"},
		{"$a5 = 0x1234", "$a5", "4660"},
	} {
		if _, err := f.Evaluate(c.set); err != nil {
			t.Errorf("%s: %v", c.set, err)
			continue
		}
		if c.get == "$a5" {
			if got := f.Target().Register(15); got != 0x1234 {
				t.Errorf("target a5 = 0x%x", got)
			}
		}
		if got, err := f.EvaluateString(c.get, FormatOptions{}); err != nil || got != c.want {
			t.Errorf("after %s: %s = %s (%v), want %s", c.set, c.get, got, err, c.want)
		}
	}
	if len(frames) > 1 {
		if _, err := frames[1].Evaluate("$a0 = 1"); err == nil {
			t.Error("writing a caller-saved register of an outer frame succeeded")
		}
	}
}
