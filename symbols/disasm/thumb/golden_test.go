package thumb

import (
	"bytes"
	"compress/gzip"
	"debug/elf"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// elfSymbolizer names addresses as objdump does: the closest preceding
// symbol ("name" or "name+0xoff"), with the Thumb bit of function
// symbols cleared and mapping symbols ($t, $d) ignored. Among symbols at
// one address it takes objdump's favourite: functions first, then
// global before weak before local, sized before zero-sized, then by name.
// Absolute symbols count too (objdump names addresses in an executable
// after the closest of any section), after the others at their address.
func elfSymbolizer(f *elf.File) Symbolizer {
	syms, _ := f.Symbols()
	type s struct {
		addr     uint32
		name     string
		rank     int
		zeroSize bool
	}
	var list []s
	for _, y := range syms {
		t := elf.ST_TYPE(y.Info)
		abs := y.Section == elf.SHN_ABS
		if y.Name == "" || y.Section == elf.SHN_UNDEF || (y.Section >= elf.SHN_LORESERVE && !abs) ||
			t == elf.STT_SECTION || t == elf.STT_FILE || strings.HasPrefix(y.Name, "$") {
			continue
		}
		a := uint32(y.Value)
		rank := 0
		if t == elf.STT_FUNC {
			a &^= 1
		} else {
			rank += 4
		}
		if abs {
			rank += 8
		}
		switch elf.ST_BIND(y.Info) {
		case elf.STB_WEAK:
			rank++
		case elf.STB_LOCAL:
			rank += 2
		}
		list = append(list, s{a, y.Name, rank, y.Size == 0})
	}
	sort.SliceStable(list, func(i, j int) bool {
		a, b := list[i], list[j]
		if a.addr != b.addr {
			return a.addr < b.addr
		}
		if a.rank != b.rank {
			return a.rank < b.rank
		}
		if a.zeroSize != b.zeroSize {
			return !a.zeroSize
		}
		return a.name < b.name
	})
	return func(addr uint32) (string, bool) {
		i := sort.Search(len(list), func(i int) bool { return list[i].addr > addr }) - 1
		if i < 0 {
			return "", false
		}
		for i > 0 && list[i-1].addr == list[i].addr {
			i--
		}
		if off := addr - list[i].addr; off != 0 {
			return fmt.Sprintf("%s+0x%x", list[i].name, off), true
		}
		return list[i].name, true
	}
}

// region is a run of code or data between mapping symbols.
type region struct {
	start, end uint32
	data       bool
}

// codeRegions splits an executable section by its mapping symbols ($t
// and $a start code, $d starts data).
func codeRegions(f *elf.File, sec *elf.Section, idx int) []region {
	syms, _ := f.Symbols()
	type mark struct {
		addr uint32
		data bool
	}
	var marks []mark
	for _, y := range syms {
		if int(y.Section) != idx {
			continue
		}
		switch {
		case y.Name == "$d" || strings.HasPrefix(y.Name, "$d."):
			marks = append(marks, mark{uint32(y.Value), true})
		case y.Name == "$t" || y.Name == "$a" || strings.HasPrefix(y.Name, "$t.") || strings.HasPrefix(y.Name, "$a."):
			marks = append(marks, mark{uint32(y.Value), false})
		}
	}
	sort.SliceStable(marks, func(i, j int) bool { return marks[i].addr < marks[j].addr })
	end := uint32(sec.Addr + sec.Size)
	var out []region
	for i, m := range marks {
		e := end
		if i+1 < len(marks) {
			e = marks[i+1].addr
		}
		if e > m.addr {
			out = append(out, region{m.addr, e, m.data})
		}
	}
	return out
}

// decodeELF disassembles the code regions of every executable section,
// each from an IT state of zero, and reports which addresses are data.
func decodeELF(t *testing.T, path string) (map[uint32]Inst, func(uint32) bool) {
	t.Helper()
	f, err := elf.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sym := elfSymbolizer(f)
	out := map[uint32]Inst{}
	var data []region
	for i, sec := range f.Sections {
		if sec.Type != elf.SHT_PROGBITS || sec.Flags&elf.SHF_EXECINSTR == 0 {
			continue
		}
		b, err := sec.Data()
		if err != nil {
			t.Fatal(err)
		}
		for _, rg := range codeRegions(f, sec, i) {
			if rg.data {
				data = append(data, rg)
				continue
			}
			lo, hi := rg.start-uint32(sec.Addr), rg.end-uint32(sec.Addr)
			for _, in := range DecodeAll(b[lo:hi], rg.start, sym) {
				out[in.Addr] = in
			}
		}
	}
	isData := func(a uint32) bool {
		for _, rg := range data {
			if a >= rg.start && a < rg.end {
				return true
			}
		}
		return false
	}
	return out, isData
}

// compareObjdump checks our disassembly of an ELF against objdump's,
// line by line and byte for byte, returning the matches, the
// instructions compared and the data lines skipped.
func compareObjdump(t *testing.T, elfPath string, dump io.Reader) (match, total, data int) {
	t.Helper()
	lines, err := parseObjdump(dump)
	if err != nil {
		t.Fatal(err)
	}
	ours, isData := decodeELF(t, elfPath)
	bad := 0
	for _, l := range lines {
		if isData(l.addr) {
			data++
			continue
		}
		total++
		in, ok := ours[l.addr]
		switch {
		case !ok:
			t.Errorf("%s 0x%08x: objdump has %q, we have no instruction there", elfPath, l.addr, l.text)
		case in.Len != l.len || in.Text != l.text:
			if bad++; bad <= 40 {
				t.Errorf("%s 0x%08x (%08x): %q, objdump %q", elfPath, l.addr, in.Raw, in.Text, l.text)
			}
		default:
			match++
		}
	}
	return match, total, data
}

// goldenDump reads the committed, gzipped `objdump -d` output of an ELF.
func goldenDump(t *testing.T, elfPath string) []byte {
	t.Helper()
	f, err := os.Open(strings.TrimSuffix(elfPath, ".elf") + ".objdump.gz")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	b, err := io.ReadAll(z)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestGoldenObjdump compares against the committed `objdump -d` output
// of the test programs in testdata (see testdata/Makefile).
func TestGoldenObjdump(t *testing.T) {
	elfs, err := filepath.Glob("testdata/*.elf")
	if err != nil || len(elfs) < 8 {
		t.Fatalf("test ELFs missing: %v %v", elfs, err)
	}
	all, sum := 0, 0
	for _, path := range elfs {
		dump := goldenDump(t, path)
		match, total, data := compareObjdump(t, path, bytes.NewReader(dump))
		t.Logf("%s: %d of %d instructions match objdump (%d data lines skipped)", path, match, total, data)
		if total < 300 {
			t.Errorf("%s: only %d instructions compared", path, total)
		}
		all, sum = all+match, sum+total
	}
	t.Logf("total: %d of %d", all, sum)
}
