package cexpr

import "testing"

// TestEscapeRange checks numeric escapes against GCC: a hex escape takes
// all the hex digits that follow and must fit a char ('\x1000' once
// wrapped to 0, '\x10041' to 65); an octal escape takes up to three
// digits and must fit too ('\777' was reported as unknown). The column
// reported is the backslash's.
func TestEscapeRange(t *testing.T) {
	cases := []struct{ expr, want string }{
		{`'\x1000'`, "escape sequence out of range at column 2"},
		{`'\x10041'`, "escape sequence out of range at column 2"},
		{`1 + "ab\x10041"[0]`, "escape sequence out of range at column 8"},
		{`'\777'`, "escape sequence out of range at column 2"},
		{`'\400'`, "escape sequence out of range at column 2"},
		{`'\xff'`, "int: 255"},
		{`'\x0041'`, "int: 65"},
		{`'\377'`, "int: 255"},
		{`'\0'`, "int: 0"},
		{`"\1012"[1]`, "char: 50"},
		{`'\q'`, `unknown escape '\q' at column 3`},
		{`'\x'`, `unknown escape '\x' at column 3`},
	}
	for _, c := range cases {
		env := newFakeEnv()
		got := ""
		e, err := Parse(c.expr)
		if err == nil {
			var v Value
			if v, err = Eval(e, env); err == nil {
				got = show(t, env, v)
			}
		}
		if err != nil {
			got = err.Error()
		}
		if got != c.want {
			t.Errorf("%s: got %q, want %q", c.expr, got, c.want)
		}
	}
}
