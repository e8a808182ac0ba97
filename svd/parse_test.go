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
