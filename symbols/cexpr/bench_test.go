package cexpr

import "testing"

// BenchmarkParseEval parses and evaluates a watch-style expression.
func BenchmarkParseEval(b *testing.B) {
	env := newFakeEnv()
	for b.Loop() {
		e, err := Parse("pp->x + arr[2] * (int)fl.b - sizeof(struct point)")
		if err != nil {
			b.Fatal(err)
		}
		if _, err := Eval(e, env); err != nil {
			b.Fatal(err)
		}
	}
}
