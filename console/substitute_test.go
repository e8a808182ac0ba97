package console

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSubstitutePath reads hello.c from a copy in another folder after
// "set substitute-path", as for firmware built elsewhere.
func TestSubstitutePath(t *testing.T) {
	var out bytes.Buffer
	c := firmwareConsole(t, &out, "hello")
	build := "../testdata/firmware" // as the DWARF path is resolved here
	src, err := os.ReadFile(filepath.Join(build, "hello.c"))
	if err != nil {
		t.Fatal(err)
	}
	local := t.TempDir()
	marked := strings.Replace(string(src), "\n", " /* the local copy */\n", 1)
	if err := os.WriteFile(filepath.Join(local, "hello.c"), []byte(marked), 0o644); err != nil {
		t.Fatal(err)
	}
	c.Exec("list main")
	if strings.Contains(out.String(), "the local copy") {
		t.Fatal("the copy is read before any substitution")
	}
	out.Reset()
	c.Exec("set substitute-path " + build + " " + local)
	c.Exec("list main")
	if !strings.Contains(out.String(), "Sources under "+build) || !strings.Contains(out.String(), "the local copy") {
		t.Errorf("after set substitute-path:\n%s", out.String())
	}
	out.Reset()
	c.Exec("set substitute-path onlyone")
	if !strings.Contains(out.String(), "want FROM TO") {
		t.Errorf("a bad substitute-path: %s", out.String())
	}
}
