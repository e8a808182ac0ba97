package cexpr

import "testing"

// TestCondTypeIndependentOfBranch checks that c ? a : b has one type
// whichever branch runs (C11 6.5.15p5-6): 0 ? pp : 0 once gave "int 0"
// while 1 ? pp : 0 gave a pointer.
func TestCondTypeIndependentOfBranch(t *testing.T) {
	cases := []struct{ expr, want string }{
		{"1 ? pp : 0", "point_t *: 0x80000000"},
		{"0 ? pp : 0", "point_t *: 0x00000000"},
		{"1 ? 0 : pp", "point_t *: 0x00000000"},
		{"0 ? 0 : pp", "point_t *: 0x80000000"},
		{"1 ? (void*)0 : pp", "point_t *: 0x00000000"},
		{"0 ? (void*)0 : pp", "point_t *: 0x80000000"},
		{"1 ? vp : pp", "void *: 0x80000074"},
		{"0 ? vp : pp", "void *: 0x80000000"},
		{"0 ? pp : vp", "void *: 0x80000074"},
		{"1 ? 1 : 2.5", "double: 1"},
		{"0 ? 1 : 2.5", "double: 2.5"},
		{"0 ? (char)1 : (short)2", "int: 2"},
		{"1 ? 1u : -1", "unsigned int: 1"},
		{"0 ? 1u : -1", "unsigned int: 4294967295"},
	}
	for _, c := range cases {
		env := newFakeEnv()
		e, err := Parse(c.expr)
		if err != nil {
			t.Fatalf("%s: %v", c.expr, err)
		}
		v, err := Eval(e, env)
		if err != nil {
			t.Errorf("%s: %v", c.expr, err)
			continue
		}
		if got := show(t, env, v); got != c.want {
			t.Errorf("%s = %s, want %s", c.expr, got, c.want)
		}
	}
}
