package disasm

import (
	"bufio"
	"debug/elf"
	"fmt"
	"io"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// objdumpLine is one instruction line of `objdump -d` output.
type objdumpLine struct {
	addr uint32
	len  int
	text string
}

var objdumpRe = regexp.MustCompile(`^\s*([0-9a-f]+):\t([0-9a-f]+)\s+\t?(.*)$`)

// parseObjdump reads the instruction lines of `objdump -d` output.
func parseObjdump(r io.Reader) ([]objdumpLine, error) {
	var out []objdumpLine
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		m := objdumpRe.FindStringSubmatch(sc.Text())
		if m == nil {
			continue
		}
		addr, err := strconv.ParseUint(m[1], 16, 32)
		if err != nil {
			return nil, err
		}
		out = append(out, objdumpLine{uint32(addr), len(m[2]) / 2, m[3]})
	}
	return out, sc.Err()
}

// elfSymbolizer names addresses as objdump does: the closest preceding
// symbol in the same section, "name" or "name+0xoff".
func elfSymbolizer(f *elf.File) Symbolizer {
	syms, _ := f.Symbols()
	type s struct {
		addr uint32
		name string
	}
	var list []s
	for _, y := range syms {
		t := elf.ST_TYPE(y.Info)
		if y.Name == "" || y.Section == elf.SHN_UNDEF || y.Section >= elf.SHN_LORESERVE ||
			t == elf.STT_SECTION || t == elf.STT_FILE || strings.HasPrefix(y.Name, "$") {
			continue
		}
		list = append(list, s{uint32(y.Value), y.Name})
	}
	sort.SliceStable(list, func(i, j int) bool { return list[i].addr < list[j].addr })
	return func(addr uint32) (string, bool) {
		i := sort.Search(len(list), func(i int) bool { return list[i].addr > addr }) - 1
		if i < 0 {
			return "", false
		}
		if off := addr - list[i].addr; off != 0 {
			return fmt.Sprintf("%s+0x%x", list[i].name, off), true
		}
		return list[i].name, true
	}
}

// dataMap reports, from the ELF's mapping symbols ($d starts data, $x
// starts code), whether an address lies in data that objdump shows as
// .word/.short rather than decoding it.
func dataMap(f *elf.File) func(uint32) bool {
	syms, _ := f.Symbols()
	type mark struct {
		addr uint32
		data bool
	}
	var marks []mark
	for _, y := range syms {
		if y.Name == "$d" || strings.HasPrefix(y.Name, "$d.") {
			marks = append(marks, mark{uint32(y.Value), true})
		} else if y.Name == "$x" || strings.HasPrefix(y.Name, "$x") {
			marks = append(marks, mark{uint32(y.Value), false})
		}
	}
	sort.SliceStable(marks, func(i, j int) bool { return marks[i].addr < marks[j].addr })
	return func(addr uint32) bool {
		i := sort.Search(len(marks), func(i int) bool { return marks[i].addr > addr }) - 1
		return i >= 0 && marks[i].data
	}
}

// decodeELF disassembles every executable section of an ELF file and
// returns the instructions by address and the data-region test.
func decodeELF(t *testing.T, path string) (map[uint32]Inst, func(uint32) bool) {
	t.Helper()
	f, err := elf.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sym := elfSymbolizer(f)
	out := map[uint32]Inst{}
	for _, sec := range f.Sections {
		if sec.Type != elf.SHT_PROGBITS || sec.Flags&elf.SHF_EXECINSTR == 0 {
			continue
		}
		data, err := sec.Data()
		if err != nil {
			t.Fatal(err)
		}
		for _, in := range DecodeAll(data, uint32(sec.Addr), sym) {
			out[in.Addr] = in
		}
	}
	return out, dataMap(f)
}

var (
	immRe    = regexp.MustCompile(`^-?(0x[0-9a-f]+|[0-9]+)$`)
	targetRe = regexp.MustCompile(`0x0*([0-9a-f]+)( <[^>]*>)?$`)
	spaceRe  = regexp.MustCompile(`\s+`)
)

// immForms maps objdump 2.40's spellings of immediate instructions (it
// prints addi as "add" when no alias applies) to the ISA mnemonics.
var immForms = map[string]string{
	"add": "addi", "and": "andi", "or": "ori", "xor": "xori",
	"sll": "slli", "srl": "srli", "sra": "srai",
	"csrrw": "csrrwi", "csrrs": "csrrsi", "csrrc": "csrrci",
	"csrw": "csrwi", "csrs": "csrsi", "csrc": "csrci",
}

// normalize brings an instruction text to a comparable form:
//   - objdump's "# ..." comments dropped, whitespace collapsed, ", " -> ",";
//   - objdump's immediate forms renamed (add a0,a1,1 -> addi a0,a1,1;
//     csrrw a0,mscratch,5 -> csrrwi ...), since it omits the 'i';
//   - branch targets written without "0x" and leading zeros (objdump prints
//     "8000005a <x>", or "0x3002" when it has no symbols);
//   - CSR operands as numbers (objdump 2.40 prints mstatush as 0x310);
//   - "fence w,unknown" (objdump) and "pause" (ours) are the same.
func normalize(s string) string {
	if i := strings.Index(s, "#"); i >= 0 {
		s = s[:i]
	}
	s = strings.TrimSpace(spaceRe.ReplaceAllString(s, " "))
	mn, ops, _ := strings.Cut(s, " ")
	ops = strings.ReplaceAll(ops, ", ", ",")
	args := strings.Split(ops, ",")
	if ops == "" {
		args = nil
	}
	if n := len(args); n > 0 && immRe.MatchString(args[n-1]) {
		if r, ok := immForms[mn]; ok && (n == 3 || strings.HasPrefix(mn, "csr")) {
			mn = r
		}
	}
	if n := len(args); n > 0 {
		if strings.Contains(args[n-1], " <") || isBranch(mn) {
			args[n-1] = targetRe.ReplaceAllString(args[n-1], "$1$2")
		}
	}
	if strings.HasPrefix(mn, "csr") || strings.HasPrefix(mn, "rd") {
		for i, a := range args {
			args[i] = csrNumber(a)
		}
	}
	if mn == "fence" && ops == "w,unknown" {
		return "pause"
	}
	if len(args) == 0 {
		return mn
	}
	return mn + " " + strings.Join(args, ",")
}

func isBranch(mn string) bool {
	switch mn {
	case "j", "jal", "beq", "bne", "blt", "bge", "bltu", "bgeu", "beqz", "bnez", "bltz", "bgez", "blez", "bgtz":
		return true
	}
	return false
}

// csrByName maps the CSR names we print back to their numbers.
var csrByName = func() map[string]string {
	m := map[string]string{}
	for n := 0; n < 1<<12; n++ {
		m[CSRName(uint16(n))] = fmt.Sprintf("0x%x", n)
	}
	return m
}()

// csrNumber turns a CSR name into "0x..." so names and numbers compare.
func csrNumber(a string) string {
	if n, ok := csrByName[a]; ok {
		return n
	}
	return a
}

// compareObjdump checks our disassembly against objdump's, instruction by
// instruction, and returns how many matched, how many were compared, and
// how many were skipped as data (objdump prints words in $d regions as
// .word; Decode sees only bytes and decodes them).
func compareObjdump(t *testing.T, elfPath string, dump io.Reader) (match, total, data int) {
	t.Helper()
	lines, err := parseObjdump(dump)
	if err != nil {
		t.Fatal(err)
	}
	ours, isData := decodeELF(t, elfPath)
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
		case in.Len != l.len:
			t.Errorf("%s 0x%08x: length %d, objdump %d (%q)", elfPath, l.addr, in.Len, l.len, l.text)
		case normalize(in.Text) != normalize(l.text):
			t.Errorf("%s 0x%08x: %q, objdump %q (normalized %q vs %q)", elfPath, l.addr, in.Text, l.text, normalize(in.Text), normalize(l.text))
		default:
			match++
		}
	}
	return match, total, data
}

// TestGoldenObjdump compares against the committed objdump output of
// testdata/allinsns.elf, built from allinsns.S by testdata/gen.sh.
func TestGoldenObjdump(t *testing.T) {
	f, err := os.Open("testdata/allinsns.objdump")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	match, total, _ := compareObjdump(t, "testdata/allinsns.elf", f)
	t.Logf("allinsns.elf: %d of %d instructions match objdump", match, total)
	if total < 200 {
		t.Errorf("only %d instructions compared", total)
	}
}
