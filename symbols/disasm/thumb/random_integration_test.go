//go:build integration

package thumb

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// randomStream builds n random instructions: 16-bit ones and 32-bit ones
// whose first halfword is biased toward each 32-bit group, with an IT
// instruction now and then.
func randomStream(r *rand.Rand, n int) []byte {
	var code []byte
	for i := 0; i < n; i++ {
		hw := uint16(r.Uint32())
		if i%2 == 0 {
			hw = hw&0x07ff | uint16(0xe800+r.IntN(3)*0x800)
		} else if Is32(hw) {
			hw &^= 0x8000
		}
		if i%23 == 0 {
			hw = 0xbf00 | uint16(r.IntN(0xe0)) | uint16(1+r.IntN(15))
		}
		hw2 := uint16(r.Uint32())
		switch r.IntN(8) { // many encodings fix a field to 1111 or 0000
		case 0:
			hw |= 0xf
		case 1:
			hw2 |= 0xf000
		case 2:
			hw2 |= 0x0f00
		case 3:
			hw2 &^= 0x00f0
		}
		code = binary.LittleEndian.AppendUint16(code, hw)
		if Is32(hw) {
			code = binary.LittleEndian.AppendUint16(code, hw2)
		}
	}
	return code
}

// v81MMnemonics are the Armv8.1-M (and Armv8-M security, PACBTI)
// instructions objdump decodes whatever -m says, which no ARMv6-M/v7-M
// core executes.
var v81MMnemonics = map[string]bool{"bf": true, "bfx": true, "bfl": true, "bflx": true, "bfcsel": true,
	"le": true, "letp": true, "wls": true, "dls": true, "lctp": true, "vscclrm": true}

// category names the class of encodings a mismatch belongs to when it is
// one where this package deliberately differs from objdump, "" otherwise.
func category(in Inst, theirs, arch string) string {
	mn, ops, _ := strings.Cut(strings.TrimSpace(theirs), "\t")
	w := in.Raw
	ourMn, _, _ := strings.Cut(in.Text, "\t")
	switch {
	case arch != "arm" && strings.HasPrefix(theirs, "\t\t@ <UNDEFINED>") && len(ourMn) >= 3 &&
		strings.Contains("mcr mrc ldc stc cdp", ourMn[:3]) && !strings.Contains(ourMn, "2"):
		return "ARMv2 generic coprocessor forms, which -m " + arch + " leaves undefined (objdump -d shows them)"
	case in.Len == 4 && (w>>24 == 0xef || w>>24 == 0xff || w>>24 == 0xf9) ||
		strings.HasPrefix(mn, "vdup") || strings.Contains(ops, "<illegal reg"):
		return "Advanced SIMD (NEON): A/R-profile only"
	case strings.HasSuffix(mn, ".f16") || strings.HasSuffix(mn, ".bf16") || strings.HasPrefix(mn, "vins"):
		return "Armv8.2-A half-precision and BFloat16"
	case strings.HasPrefix(mn, "bf") && ops != "" && !strings.HasPrefix(ops, "r") && !strings.HasPrefix(ops, "s") &&
		!strings.HasPrefix(ops, "fp") && !strings.HasPrefix(ops, "ip") && !strings.HasPrefix(ops, "lr") && !strings.HasPrefix(ops, "pc"):
		return "Armv8.1-M Mainline"
	case v81MMnemonics[mn] || strings.HasPrefix(mn, "wlstp") || strings.HasPrefix(mn, "dlstp") ||
		strings.Contains(ops, "FPCXT") || strings.Contains(ops, "VPR") || strings.Contains(ops, "P0"):
		return "Armv8.1-M Mainline"
	case in.Len == 4 && (w>>26 == 0x3b || w>>26 == 0x3f) && bits(w, 9, 3) != 5:
		return "coprocessor other than cp10/cp11 (FPA, Maverick, iWMMXt, v8 SIMD in cp8/cp9 in objdump)"
	}
	return ""
}

// compareRandom disassembles code with `objdump -m arch` and with
// DecodeAll, counting matches and grouping mismatches.
func compareRandom(t *testing.T, code []byte, arch string) (match, total int, cats map[string]int, diffs map[string][]string) {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "r.bin")
	if err := os.WriteFile(bin, code, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("arm-none-eabi-objdump", "-D", "-b", "binary", "-m", arch, "-M", "force-thumb", bin).Output()
	if err != nil {
		t.Fatalf("objdump: %v", err)
	}
	lines, err := parseObjdump(bytes.NewReader(out))
	if err != nil {
		t.Fatal(err)
	}
	ours := map[uint32]Inst{}
	for _, in := range DecodeAll(code, 0, nil) {
		ours[in.Addr] = in
	}
	cats, diffs = map[string]int{}, map[string][]string{}
	for _, l := range lines {
		total++
		in := ours[l.addr]
		if in.Text == l.text && in.Len == l.len {
			match++
			continue
		}
		if c := category(in, l.text, arch); c != "" {
			cats[c]++
			continue
		}
		key, _, _ := strings.Cut(strings.TrimSpace(l.text), "\t")
		diffs[key] = append(diffs[key], fmt.Sprintf("%08x: ours %q objdump %q", in.Raw, in.Text, l.text))
	}
	return match, total, cats, diffs
}

// TestObjdumpRandom compares random halfword streams with
// `arm-none-eabi-objdump -D -b binary -M force-thumb`, with -m arm (what
// `objdump -d` does on an ELF: every architecture) and with the M-profile
// architectures. Every mismatch must fall in a category listed (and
// logged) by category.
func TestObjdumpRandom(t *testing.T) {
	if _, err := exec.LookPath("arm-none-eabi-objdump"); err != nil {
		t.Fatalf("arm-none-eabi-objdump is required under the integration tag: %v", err)
	}
	runs := []struct {
		arch  string
		seeds uint64
	}{{"arm", 4}, {"armv7e-m", 1}, {"armv6s-m", 1}}
	for _, run := range runs {
		arch := run.arch
		for seed := uint64(1); seed <= run.seeds; seed++ {
			r := rand.New(rand.NewPCG(seed, 7))
			code := randomStream(r, 60000)
			match, total, cats, diffs := compareRandom(t, code, arch)
			t.Logf("%s: %d of %d random instructions match objdump exactly", arch, match, total)
			for c, n := range cats {
				t.Logf("  deliberately different, %s: %d", c, n)
			}
			keys := make([]string, 0, len(diffs))
			for k := range diffs {
				keys = append(keys, k)
			}
			sort.Slice(keys, func(i, j int) bool { return len(diffs[keys[i]]) > len(diffs[keys[j]]) })
			for _, k := range keys {
				t.Errorf("%s: %-12s %5d  e.g. %s", arch, k, len(diffs[k]), diffs[k][0])
			}
		}
	}
}

// TestObjdumpAll16 compares every 16-bit encoding with objdump, once as
// a plain stream (the IT instructions in it apply to what follows, as on
// the CPU) and once each behind an "it" with a condition that cycles
// through all sixteen, so every instruction is also seen inside a block.
func TestObjdumpAll16(t *testing.T) {
	if _, err := exec.LookPath("arm-none-eabi-objdump"); err != nil {
		t.Fatalf("arm-none-eabi-objdump is required under the integration tag: %v", err)
	}
	var plain, inIT []byte
	for hw := 0; hw < 0xe800; hw++ {
		plain = binary.LittleEndian.AppendUint16(plain, uint16(hw))
		it := uint16(0xbf08 | (hw%16)<<4)
		inIT = binary.LittleEndian.AppendUint16(inIT, it)
		inIT = binary.LittleEndian.AppendUint16(inIT, uint16(hw))
	}
	for name, code := range map[string][]byte{"plain": plain, "in IT": inIT} {
		match, total, cats, diffs := compareRandom(t, code, "arm")
		t.Logf("all 16-bit encodings, %s: %d of %d match objdump (%v)", name, match, total, cats)
		for k, v := range diffs {
			t.Errorf("%s: %s %d e.g. %s", name, k, len(v), v[0])
		}
	}
}

// TestObjdumpEveryFirstHalfword compares every first halfword of a 32-bit
// instruction with objdump, each with fixed second halfwords that fill
// the fields encodings pin (1111 and 0000 nibbles) and with random ones.
func TestObjdumpEveryFirstHalfword(t *testing.T) {
	if _, err := exec.LookPath("arm-none-eabi-objdump"); err != nil {
		t.Fatalf("arm-none-eabi-objdump is required under the integration tag: %v", err)
	}
	r := rand.New(rand.NewPCG(32, 1))
	second := []uint16{0x0000, 0xffff, 0xf000, 0x0f00, 0x00f0, 0x000f, 0x8000, 0xf0f0, 0x0f0f, 0xff00,
		0x8f00, 0xf00f, 0x0ff0, 0xa000, 0xd000, 0xc000, 0x9000, 0x4000}
	for len(second) < 32 {
		second = append(second, uint16(r.Uint32()))
	}
	// The second stream puts each instruction in an IT block, first or
	// not last in it, so conditions and objdump's IT notes are covered.
	var code, inIT []byte
	for hw1 := 0xe800; hw1 <= 0xffff; hw1++ {
		for i, hw2 := range second {
			code = binary.LittleEndian.AppendUint16(code, uint16(hw1))
			code = binary.LittleEndian.AppendUint16(code, hw2)
			if i%4 == 0 {
				it := uint16(0xbf00 | (hw1+i)%15<<4 | []int{8, 4, 0xc, 2}[hw1%4])
				inIT = binary.LittleEndian.AppendUint16(inIT, it)
				inIT = binary.LittleEndian.AppendUint16(inIT, uint16(hw1))
				inIT = binary.LittleEndian.AppendUint16(inIT, hw2)
				inIT = binary.LittleEndian.AppendUint16(inIT, 0xbf00) // nop ends any block
				inIT = binary.LittleEndian.AppendUint16(inIT, 0xbf00)
				inIT = binary.LittleEndian.AppendUint16(inIT, 0xbf00)
			}
		}
	}
	code = append(code, inIT...)
	match, total, cats, diffs := compareRandom(t, code, "arm")
	t.Logf("every first halfword, alone and in IT blocks: %d of %d match objdump exactly", match, total)
	for c, n := range cats {
		t.Logf("  deliberately different, %s: %d", c, n)
	}
	keys := make([]string, 0, len(diffs))
	for k := range diffs {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return len(diffs[keys[i]]) > len(diffs[keys[j]]) })
	for _, k := range keys {
		t.Errorf("%-12s %5d  e.g. %s", k, len(diffs[k]), diffs[k][0])
	}
}
