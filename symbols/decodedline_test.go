package symbols

import (
	"bufio"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// objdumpRow is one row of `objdump --dwarf=decodedline`.
type objdumpRow struct {
	file string
	line int
	addr uint32
	stmt bool
}

// readDecodedLine parses golden/<variant>/decodedline.txt.
func readDecodedLine(t *testing.T, variant string) []objdumpRow {
	t.Helper()
	f, err := os.Open(filepath.Join(goldenDir, variant, "decodedline.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows []objdumpRow
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fs := strings.Fields(sc.Text())
		if len(fs) < 3 || !strings.HasPrefix(fs[2], "0x") {
			continue
		}
		line, err := strconv.Atoi(fs[1])
		if err != nil {
			continue // end of sequence ("-")
		}
		addr, err := strconv.ParseUint(fs[2], 0, 32)
		if err != nil {
			t.Fatal(err)
		}
		rows = append(rows, objdumpRow{file: fs[0], line: line, addr: uint32(addr),
			stmt: fs[len(fs)-1] == "x"})
	}
	return rows
}

// TestLinesMatchObjdump checks PCToLine at every row address against the
// row objdump lists, choosing as gdb does: the last row at the address,
// or the last statement row there when the last row is not a statement.
func TestLinesMatchObjdump(t *testing.T) {
	for _, v := range variants {
		tab := openVariant(t, v)
		rows := readDecodedLine(t, v)
		if len(rows) < 50 {
			t.Fatalf("%s: only %d rows parsed", v, len(rows))
		}
		want := map[uint32]objdumpRow{}
		for _, r := range rows {
			prev, seen := want[r.addr]
			if !seen || r.stmt || !prev.stmt {
				want[r.addr] = r
			}
		}
		bad := 0
		for addr, w := range want {
			loc, ok := tab.PCToLine(addr)
			if !ok || loc.Line != w.line || path.Base(loc.File.Name) != w.file {
				bad++
				t.Errorf("%s: 0x%x: got %s:%d, objdump %s:%d", v, addr, loc.File.Name, loc.Line, w.file, w.line)
			}
		}
		t.Logf("%s: %d addresses checked, %d differ", v, len(want), bad)
	}
}

// TestFilesAndPaths checks the file list and IDE-style path matching.
func TestFilesAndPaths(t *testing.T) {
	tab := openVariant(t, "O0")
	dir, _ := filepath.Abs(filepath.Join("..", "testdata", "symbols"))
	names := map[string]bool{}
	for _, f := range tab.Files() {
		names[f.Name] = true
	}
	for _, n := range []string{"main.c", "shapes.c", "crt0.S"} {
		if !names[n] {
			t.Errorf("file %s missing from %v", n, names)
		}
	}
	link := filepath.Join(t.TempDir(), "link")
	if err := os.Symlink(dir, link); err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{"main.c", "./main.c", filepath.Join(dir, "main.c"),
		filepath.Join(link, "main.c"), "symbols/main.c"} {
		m := tab.MatchFiles(q)
		if len(m) != 1 || m[0].Path != filepath.Join(dir, "main.c") {
			t.Errorf("MatchFiles(%q) = %v", q, m)
		}
	}
	if m := tab.MatchFiles("ain.c"); len(m) != 0 {
		t.Errorf("partial name matched: %v", m)
	}
	bps, err := tab.LineToPCs(filepath.Join(link, "main.c"), 24)
	if err != nil || len(bps) != 1 || bps[0].Line != 24 {
		t.Errorf("LineToPCs through symlink = %v, %v", bps, err)
	}
}
