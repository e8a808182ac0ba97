package adapter

import "testing"

func TestChildExpr(t *testing.T) {
	for _, c := range []struct{ parent, name, want string }{
		{"dst", "scaled", "dst.scaled"},
		{"buf", "[3]", "buf[3]"},
		{"p", "*", "*p"},
		{"*p", "x", "(*p).x"},
		{"s.a[2]", "b", "s.a[2].b"},
		{"q->next", "*", "*q->next"},
		{"", "x", ""},
		{"a", "", ""},
		{"a", "<anonymous>", ""},
	} {
		if got := childExpr(c.parent, c.name); got != c.want {
			t.Errorf("childExpr(%q, %q) = %q, want %q", c.parent, c.name, got, c.want)
		}
	}
}
