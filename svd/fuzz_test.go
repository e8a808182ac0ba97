package svd

import (
	"os"
	"path/filepath"
	"testing"
)

// fuzzBudget is the element budget while fuzzing: small, so that inputs
// that multiply dim counts reach it quickly.
const fuzzBudget = 4096

// FuzzParse feeds arbitrary documents to the parser and decodes every
// register of what parses: no panic, and huge dim counts stay bounded by
// the element budget.
func FuzzParse(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*.svd"))
	for _, fn := range files {
		data, err := os.ReadFile(fn)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte(budgetDoc()))
	f.Add([]byte(wrapRegs("<register><name>R%s</name><dim>9999999999999</dim><dimIncrement>4</dimIncrement><dimIndex>0-9999999999</dimIndex></register>")))
	f.Fuzz(func(t *testing.T, data []byte) {
		d, err := parse("fuzz.svd", data, fuzzBudget)
		if err != nil {
			return
		}
		n := 0
		for _, p := range d.Peripherals {
			for _, r := range p.Registers {
				n++
				_ = r.Decode(r.ResetValue)
				if n < 100 {
					_, _ = d.Lookup(p.Name + "." + r.Name)
				}
			}
		}
		if n > fuzzBudget {
			t.Fatalf("%d registers, budget %d", n, fuzzBudget)
		}
	})
}
