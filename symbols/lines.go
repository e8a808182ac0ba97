package symbols

import (
	"debug/dwarf"
	"errors"
	"fmt"
	"io"
	"path"
	"path/filepath"
	"sort"
)

// lineRow is one row of a line-number program.
type lineRow struct {
	addr     uint32
	file     int32 // index into lineTable.files
	line     int32
	col      int32
	isStmt   bool
	prologue bool // prologue_end
}

// lineSeq is one sequence of rows (ends at end, exclusive).
type lineSeq struct {
	start, end uint32
	cu         *compUnit
	rows       []lineRow // sorted by address, original order among equals
}

// lineTable holds every sequence of every unit.
type lineTable struct {
	seqs   []*lineSeq // sorted by start
	files  []SourceFile
	byName map[string]int
}

// SourceFile is a source file named by the line tables.
type SourceFile struct {
	// Name is the path as recorded in DWARF (joined with the compilation
	// directory when that is absolute), e.g. "main.c" or "../common/crt0.S".
	Name string
	// Path is Name resolved against the base directory (the ELF's
	// directory for Open); equal to Name when that is unknown.
	Path string
}

// maxLineRows bounds rows read from hostile line programs.
const maxLineRows = 1 << 24

// loadLines reads the line program of every unit.
func (t *Table) loadLines() {
	t.lines.byName = map[string]int{}
	total := 0
	for _, cu := range t.units {
		lr, err := t.dwarf.LineReader(cu.entry)
		if err != nil || lr == nil {
			continue
		}
		for _, lf := range lr.Files() {
			idx := -1
			if lf != nil {
				idx = t.lines.fileIndex(lf.Name)
			}
			cu.files = append(cu.files, idx)
		}
		var cur *lineSeq
		for total < maxLineRows {
			var le dwarf.LineEntry
			if err := lr.Next(&le); err != nil {
				if !errors.Is(err, io.EOF) {
					break
				}
				break
			}
			total++
			if cur == nil {
				cur = &lineSeq{start: uint32(le.Address), cu: cu}
			}
			if le.EndSequence {
				cur.end = uint32(le.Address)
				if cur.end > cur.start && len(cur.rows) > 0 {
					t.lines.addSeq(cur)
				}
				cur = nil
				continue
			}
			name := ""
			if le.File != nil {
				name = le.File.Name
			}
			cur.rows = append(cur.rows, lineRow{addr: uint32(le.Address),
				file: int32(t.lines.fileIndex(name)), line: int32(le.Line),
				col: int32(le.Column), isStmt: le.IsStmt, prologue: le.PrologueEnd})
		}
	}
	sort.SliceStable(t.lines.seqs, func(i, j int) bool { return t.lines.seqs[i].start < t.lines.seqs[j].start })
	if len(t.lines.seqs) == 0 && t.noLines == "" {
		t.noLines = "the DWARF debug info has no line-number rows"
	}
}

// addSeq keeps a sequence with its rows sorted by address.
func (lt *lineTable) addSeq(s *lineSeq) {
	sort.SliceStable(s.rows, func(i, j int) bool { return s.rows[i].addr < s.rows[j].addr })
	lt.seqs = append(lt.seqs, s)
}

// fileIndex interns a file name.
func (lt *lineTable) fileIndex(name string) int {
	name = cleanDWARFPath(name)
	if i, ok := lt.byName[name]; ok {
		return i
	}
	lt.files = append(lt.files, SourceFile{Name: name, Path: name})
	lt.byName[name] = len(lt.files) - 1
	return len(lt.files) - 1
}

// cleanDWARFPath tidies a recorded path ("./main.c" -> "main.c").
func cleanDWARFPath(name string) string {
	if name == "" {
		return ""
	}
	return path.Clean(filepath.ToSlash(name))
}

// resolveDirs anchors relative file names at dir.
func (lt *lineTable) resolveDirs(dir string) {
	for i := range lt.files {
		f := &lt.files[i]
		if filepath.IsAbs(f.Name) || dir == "" {
			f.Path = filepath.FromSlash(f.Name)
			continue
		}
		f.Path = filepath.Join(dir, filepath.FromSlash(f.Name))
	}
}

// Files lists every source file named by the line tables.
func (t *Table) Files() []SourceFile { return t.lines.files }

// seqAt finds the sequence covering pc; when sequences overlap (an
// assembler unit recorded before relaxation), the one starting last wins.
func (lt *lineTable) seqAt(pc uint32) *lineSeq {
	i := sort.Search(len(lt.seqs), func(i int) bool { return lt.seqs[i].start > pc })
	for j := i - 1; j >= 0; j-- {
		if s := lt.seqs[j]; pc < s.end {
			return s
		}
	}
	return nil
}

// rowAt returns the last row at or before pc in its sequence (addr2line's
// choice when several rows share an address).
func (lt *lineTable) rowAt(pc uint32) (*lineSeq, int) {
	s := lt.seqAt(pc)
	if s == nil {
		return nil, -1
	}
	i := sort.Search(len(s.rows), func(i int) bool { return s.rows[i].addr > pc })
	if i == 0 {
		return nil, -1
	}
	return s, i - 1
}

// Location is a source position.
type Location struct {
	File     SourceFile
	Line     int
	Column   int
	Function *Function // nil if no function covers the address
	IsStmt   bool
}

// String renders "main.c:24".
func (l Location) String() string { return fmt.Sprintf("%s:%d", l.File.Name, l.Line) }

// PCToLine maps a code address to its source position.
func (t *Table) PCToLine(pc uint32) (Location, bool) {
	s, i := t.lines.rowAt(pc)
	if s == nil {
		return Location{}, false
	}
	// Like gdb: when the last row at the address is not a statement, a
	// statement row at the same address wins.
	if !s.rows[i].isStmt {
		for j := i - 1; j >= 0 && s.rows[j].addr == s.rows[i].addr; j-- {
			if s.rows[j].isStmt {
				i = j
				break
			}
		}
	}
	r := s.rows[i]
	loc := Location{Line: int(r.line), Column: int(r.col), IsStmt: r.isStmt,
		Function: t.FunctionAt(pc)}
	if int(r.file) < len(t.lines.files) {
		loc.File = t.lines.files[r.file]
	}
	return loc, true
}

// IsStatement reports whether pc starts a source statement: an is_stmt row
// is at pc whose line differs from the row before (the stepping boundary).
func (t *Table) IsStatement(pc uint32) bool {
	s, i := t.lines.rowAt(pc)
	if s == nil || s.rows[i].addr != pc {
		return false
	}
	for j := i; j >= 0 && s.rows[j].addr == pc; j-- {
		if s.rows[j].isStmt {
			return true
		}
	}
	return false
}

// StatementsIn lists the statement boundaries (is_stmt row addresses,
// ascending, distinct) within [lo, hi).
func (t *Table) StatementsIn(lo, hi uint32) []uint32 {
	var out []uint32
	for _, s := range t.lines.seqs {
		if s.end <= lo || s.start >= hi {
			continue
		}
		for _, r := range s.rows {
			if r.addr >= lo && r.addr < hi && r.isStmt {
				out = append(out, r.addr)
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return dedup(out)
}

// dedup removes adjacent duplicates.
func dedup(a []uint32) []uint32 {
	out := a[:0]
	for i, v := range a {
		if i == 0 || v != a[i-1] {
			out = append(out, v)
		}
	}
	return out
}

// LineBounds returns the address range [lo, hi) of the source line that
// holds pc, within its sequence: from the row at or before pc back to the
// first row of the same line, forward to the next row of another line.
// A debugger steps over a line by running until pc leaves this range.
func (t *Table) LineBounds(pc uint32) (lo, hi uint32, ok bool) {
	s, i := t.lines.rowAt(pc)
	if s == nil {
		return 0, 0, false
	}
	line, file := s.rows[i].line, s.rows[i].file
	j := i
	for j > 0 && s.rows[j-1].line == line && s.rows[j-1].file == file {
		j--
	}
	k := i + 1
	for k < len(s.rows) && (s.rows[k].addr == s.rows[i].addr ||
		s.rows[k].line == line && s.rows[k].file == file) {
		k++
	}
	hi = s.end
	if k < len(s.rows) {
		hi = s.rows[k].addr
	}
	return s.rows[j].addr, hi, true
}
