package symbols

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestQuirkReferences checks that every "quirk N" (or "quirks N to M",
// "quirks N-M") a comment in this package cites is an entry of
// DWARF-QUIRKS.md, so the comments and the list cannot drift apart.
func TestQuirkReferences(t *testing.T) {
	doc, err := os.ReadFile("DWARF-QUIRKS.md")
	if err != nil {
		t.Fatal(err)
	}
	entries := map[string]bool{}
	for _, m := range regexp.MustCompile(`(?m)^(\d+)\. \*\*`).FindAllStringSubmatch(string(doc), -1) {
		entries[m[1]] = true
	}
	cite := regexp.MustCompile(`(?i)quirks? (\d+)(?:(?: to |-)(\d+))?`)
	n := 0
	err = filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, m := range cite.FindAllStringSubmatch(string(src), -1) {
			for _, num := range m[1:] {
				if num != "" && !entries[num] {
					t.Errorf("%s cites quirk %s, which DWARF-QUIRKS.md does not list", path, num)
				}
				n++
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n == 0 {
		t.Fatal("no comment cites a quirk")
	}
}
