//go:build integration

package vm

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/rewind-debugger/rewind/vm/thumb"
)

// objdumpLine is one line of `objdump -D -b binary -M force-thumb`.
var objdumpLine = regexp.MustCompile(`^\s*([0-9a-f]+):\s+([0-9a-f]{4})(?: ([0-9a-f]{4}))?\s*\t(.*)$`)

// neonType matches the Advanced SIMD data types and register forms
// (absent from every Cortex-M up to M7).
var neonType = regexp.MustCompile(`\.(i8|i16|i32|i64|s8|s16|s32|s64|u8|u16|u32|u64|p8|p64|8|16|64)\b|\bq\d+\b|^v(ld|st)[1-4]`)

// armObjdumpClass is what the architecture says about an instruction that
// objdump printed as text.
type armObjdumpClass int

const (
	classSkip      armObjdumpClass = iota // unpredictable, or a form this test does not judge
	classDefined                          // must execute (it may still fault for its own reasons)
	classUndefined                        // must raise UsageFault UNDEFINSTR or NOCP
)

// classifyObjdump judges one instruction as objdump -m armv7e-m prints it,
// for a Cortex-M4 with FPv4-SP.
func classifyObjdump(hw1, hw2 uint16, text string) armObjdumpClass {
	if strings.Contains(text, "UNPREDICTABLE") {
		return classSkip
	}
	if strings.Contains(text, "UNDEFINED") || strings.Contains(text, "<undefined>") ||
		strings.HasPrefix(text, ".") || strings.HasPrefix(text, "udf") {
		return classUndefined
	}
	if strings.Contains(text, "??") {
		return classSkip // objdump itself is unsure of the form
	}
	switch strings.SplitN(text, "\t", 2)[0] {
	case "bxns", "blxns", "sg", "tt", "ttt", "tta", "ttat", "lda", "ldab", "ldah", "ldaex", "ldaexb", "ldaexh", "ldaexd",
		"stl", "stlb", "stlh", "stlex", "stlexb", "stlexh", "stlexd":
		return classUndefined // ARMv8-M instructions objdump decodes even for armv7e-m
	}
	if m := strings.SplitN(text, "\t", 2)[0]; strings.HasPrefix(m, "bf") && m != "bfi" && m != "bfc" {
		return classUndefined // Armv8.1-M branch future
	}
	if hw1&0xec00 == 0xec00 && (hw1&0x1000 != 0 || hw2>>9&7 != 5) {
		return classUndefined // coprocessors other than the FPU (NOCP), and the FPU's unconditional space
	}
	mn, ops, _ := strings.Cut(text, "\t")
	switch {
	case mn == "blx" && !strings.HasPrefix(ops, "r") && !strings.HasPrefix(ops, "sl") && !strings.HasPrefix(ops, "fp") &&
		!strings.HasPrefix(ops, "ip") && !strings.HasPrefix(ops, "lr") && !strings.HasPrefix(ops, "sp"):
		return classUndefined // BLX (immediate) would enter ARM state: M-profile has none
	case strings.HasPrefix(mn, "ldm") || strings.HasPrefix(mn, "stm") || mn == "push.w" || mn == "pop.w":
		if armListUnpredictable(mn, ops) {
			return classSkip
		}
	}
	if strings.HasPrefix(mn, "f") {
		return classSkip // FLDMX/FSTMX, deprecated forms of VLDM/VSTM
	}
	if !strings.HasPrefix(mn, "v") {
		return classDefined
	}
	switch {
	case neonType.MatchString(text) && !strings.HasPrefix(mn, "vcvt"):
		return classUndefined // Advanced SIMD
	case strings.Contains(text, ".f64"):
		return classUndefined // double precision: FPv4-SP has none
	case strings.Contains(mn, ".f32") && !strings.HasPrefix(mn, "vcvt"):
		return classDefined // single-precision data processing
	}
	return classSkip // moves, conversions, loads and stores: judged against QEMU elsewhere
}

// TestARMExecuteMatchesObjdump executes seeded random Thumb instructions
// one at a time on a Cortex-M4F and judges each against
// arm-none-eabi-objdump's decoding of the same halfwords (built once per
// run): an instruction objdump decodes (for armv7e-m, minus the classes
// no Cortex-M4 has) must execute without UsageFault UNDEFINSTR or NOCP,
// one it calls undefined must raise one of them, and nothing panics.
// (Where objdump decodes an encoding whose should-be bits make it
// UNPREDICTABLE, the executor follows QEMU and raises UNDEFINSTR; those
// are counted and bounded, not failed.)
func TestARMExecuteMatchesObjdump(t *testing.T) {
	rng := rand.New(rand.NewPCG(2026, 12))
	const count = 12000
	cands := make([][2]uint16, 0, count)
	var bin []byte
	for len(cands) < count {
		hw1, hw2 := uint16(rng.Uint32()), uint16(rng.Uint32())
		if rng.IntN(3) != 0 {
			hw1 |= 0xe800 // two in three from the 32-bit space
		}
		if hw1&0xff00 == 0xbf00 && hw1&0xf != 0 {
			continue // IT would change how objdump prints what follows
		}
		if !thumb.Is32(hw1) {
			hw2 = 0xbf00 // pad 16-bit instructions with a NOP
		}
		cands = append(cands, [2]uint16{hw1, hw2})
		bin = binary.LittleEndian.AppendUint16(bin, hw1)
		bin = binary.LittleEndian.AppendUint16(bin, hw2)
	}
	ref := objdumpReference(t, bin)
	base := newARMStepMachine(t)
	counts := map[armObjdumpClass]int{}
	bad, stricter := 0, 0
	for i, c := range cands {
		text, ok := ref[uint32(4*i)]
		if !ok {
			t.Fatalf("objdump printed nothing at %#x (%04x %04x)", 4*i, c[0], c[1])
		}
		class := classifyObjdump(c[0], c[1], text)
		counts[class]++
		if class == classSkip {
			continue
		}
		undef := armStepOne(t, base, c[0], c[1])
		switch {
		case class == classUndefined && !undef && bad < 20:
			bad++
			t.Errorf("%04x %04x %q: executed, want UsageFault UNDEFINSTR or NOCP", c[0], c[1], text)
		case class == classDefined && undef:
			// objdump ignores the should-be-zero/one bits that make an
			// encoding UNPREDICTABLE; QEMU and the executor raise
			// UNDEFINSTR for them (samples in thumb.TestQEMUUndefined).
			stricter++
			if stricter <= 5 {
				t.Logf("%04x %04x %q: UsageFault where objdump decodes", c[0], c[1], text)
			}
		}
	}
	t.Logf("%d instructions: %d defined (%d of them UsageFault on should-be bits), %d undefined, %d not judged",
		count, counts[classDefined], stricter, counts[classUndefined], counts[classSkip])
	if stricter > counts[classDefined]/10 {
		t.Errorf("%d of %d defined instructions raise UsageFault: too many to be should-be bits", stricter, counts[classDefined])
	}
	if counts[classDefined] < count/4 || counts[classUndefined] < count/50 {
		t.Errorf("too few judged instructions: %v", counts)
	}
}

// objdumpReference disassembles bin as Thumb code for armv7e-m and maps
// each instruction's offset to its text.
func objdumpReference(t *testing.T, bin []byte) map[uint32]string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "code.bin")
	if err := os.WriteFile(path, bin, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("arm-none-eabi-objdump", "-D", "-b", "binary", "-m", "armv7e-m", "-M", "force-thumb", path).Output()
	if err != nil {
		t.Fatalf("objdump: %v", err)
	}
	ref := map[uint32]string{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		m := objdumpLine.FindStringSubmatch(sc.Text())
		if m == nil {
			continue
		}
		a, _ := strconv.ParseUint(m[1], 16, 32)
		ref[uint32(a)] = strings.TrimSpace(m[4])
	}
	return ref
}

// armStepMachine is a Cortex-M4F with the FPU enabled, registers pointing
// into RAM, about to run the instruction at 0x100, and its snapshot.
type armStepMachine struct {
	m *Machine
	s *Snapshot
}

func newARMStepMachine(t *testing.T) armStepMachine {
	var regs [13]uint32
	for i := range regs {
		regs[i] = 0x20000100 + 0x40*uint32(i)
	}
	m := armRandomMachine(t, []byte{0x00, 0xbf, 0x00, 0xbf}, regs, false)
	return armStepMachine{m, m.Snapshot()}
}

// armStepOne runs one instruction from the snapshot and reports whether
// it raised UsageFault UNDEFINSTR or NOCP.
func armStepOne(t *testing.T, b armStepMachine, hw1, hw2 uint16) bool {
	t.Helper()
	m := b.m
	if err := m.Restore(b.s); err != nil {
		t.Fatal(err)
	}
	code := binary.LittleEndian.AppendUint16(nil, hw1)
	code = binary.LittleEndian.AppendUint16(code, hw2)
	if err := m.WriteMemory(0x100, code); err != nil {
		t.Fatal(err)
	}
	defer func() {
		if p := recover(); p != nil {
			t.Fatalf("%04x %04x: panic %v", hw1, hw2, p)
		}
	}()
	m.Run(1)
	cfsr := m.harts[0].arm.cfsr
	return cfsr&(cfsrUNDEFINSTR|cfsrNOCP) != 0
}

// armListUnpredictable reports the register lists the architecture
// calls UNPREDICTABLE for LDM/STM/PUSH/POP (SP in the list, PC in a store
// list, LR and PC together in a load list, the written-back base in the
// list), where the executor may choose UNDEFINED.
func armListUnpredictable(mn, ops string) bool {
	base, list, _ := strings.Cut(ops, "{")
	regs := strings.Split(strings.TrimSuffix(strings.TrimSpace(list), "}"), ", ")
	has := func(r string) bool {
		for _, x := range regs {
			if strings.TrimSpace(x) == r {
				return true
			}
		}
		return false
	}
	load := strings.HasPrefix(mn, "ldm") || strings.HasPrefix(mn, "pop")
	b := strings.TrimSuffix(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(base), ",")), "!")
	return has("sp") || (!load && has("pc")) || (load && has("pc") && has("lr")) || len(regs) < 2 ||
		(strings.Contains(base, "!") && has(b))
}
