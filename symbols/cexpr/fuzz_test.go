package cexpr

import "testing"

func addSeeds(f *testing.F) {
	for _, c := range evalCases {
		f.Add(c.expr)
	}
	for _, c := range assignCases {
		f.Add(c.expr)
	}
	for _, c := range errorCases {
		f.Add(c.expr)
	}
}

// FuzzParse checks that Parse never panics.
func FuzzParse(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, src string) {
		if _, err := Parse(src); err != nil {
			if _, ok := err.(*Error); !ok {
				t.Fatalf("Parse(%q): error of type %T", src, err)
			}
		}
	})
}

// FuzzEval checks that evaluating anything against the fake world never
// panics, and that results can be loaded.
func FuzzEval(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, src string) {
		e, err := Parse(src)
		if err != nil {
			return
		}
		env := newFakeEnv()
		v, err := Eval(e, env)
		if err != nil {
			return
		}
		_, _ = v.Load(env)
	})
}
