package svd

import (
	"path/filepath"
	"testing"
)

// TestGoldenDevices parses each SVD in testdata and compares a full dump
// of the result with its golden file.
func TestGoldenDevices(t *testing.T) {
	for _, name := range []string{"features", "fe310", "virt"} {
		t.Run(name, func(t *testing.T) {
			d, err := ParseFile(filepath.Join("testdata", name+".svd"))
			if err != nil {
				t.Fatal(err)
			}
			checkGolden(t, name+".golden", dump(d))
		})
	}
}

// TestBuiltin parses the SVD file of each built-in board and refuses a
// board Rewind has none for.
func TestBuiltin(t *testing.T) {
	for board, want := range map[string]string{"virt": "UART0", "hifive1-revb": "PRCI", "sifive_e": "GPIO0"} {
		dev, _, ok, err := Builtin(board)
		if !ok || err != nil {
			t.Fatalf("%s: ok %v, %v", board, ok, err)
		}
		if _, found := dev.Peripheral(want); !found {
			t.Errorf("%s: no %s", board, want)
		}
	}
	if _, _, ok, _ := Builtin("mps2-an385"); ok {
		t.Error("an SVD for mps2-an385, which Rewind does not carry")
	}
}
