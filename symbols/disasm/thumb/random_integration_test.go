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
// whose first halfword is biased toward each 32-bit group.
func randomStream(r *rand.Rand, n int) []byte {
	var code []byte
	for i := 0; i < n; i++ {
		hw := uint16(r.Uint32())
		if i%2 == 0 {
			hw = hw&0x07ff | uint16(0xe800+r.IntN(3)*0x800)
		} else if Is32(hw) {
			hw &^= 0x8000
		}
		if i%23 == 0 { // some IT blocks
			hw = 0xbf00 | uint16(r.IntN(0xe0)) | uint16(1+r.IntN(15))
		}
		code = binary.LittleEndian.AppendUint16(code, hw)
		if Is32(hw) {
			code = binary.LittleEndian.AppendUint16(code, uint16(r.Uint32()))
		}
	}
	return code
}

// compareRandom disassembles code with objdump -m arch and with
// DecodeAll and reports the mismatches by mnemonic of objdump's text.
func compareRandom(t *testing.T, code []byte, arch string) (match, total int, diffs map[string][]string) {
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
	diffs = map[string][]string{}
	for _, l := range lines {
		total++
		in := ours[l.addr]
		if in.Text == l.text && in.Len == l.len {
			match++
			continue
		}
		key, _, _ := strings.Cut(strings.TrimSpace(l.text), "\t")
		diffs[key] = append(diffs[key], "0x"+strconv32(in.Raw)+": ours "+strconvQuote(in.Text)+" objdump "+strconvQuote(l.text))
	}
	return match, total, diffs
}

func TestObjdumpRandom(t *testing.T) {
	if _, err := exec.LookPath("arm-none-eabi-objdump"); err != nil {
		t.Fatalf("arm-none-eabi-objdump is required under the integration tag: %v", err)
	}
	for _, arch := range []string{"armv7e-m", "armv6s-m"} {
		r := rand.New(rand.NewPCG(13, 7))
		code := randomStream(r, 40000)
		match, total, diffs := compareRandom(t, code, arch)
		t.Logf("%s: %d of %d random instructions match objdump", arch, match, total)
		keys := make([]string, 0, len(diffs))
		for k := range diffs {
			keys = append(keys, k)
		}
		sort.Slice(keys, func(i, j int) bool { return len(diffs[keys[i]]) > len(diffs[keys[j]]) })
		for _, k := range keys {
			t.Logf("  %-12s %5d  e.g. %s", k, len(diffs[k]), diffs[k][0])
		}
	}
}

func strconv32(v uint32) string { return fmt.Sprintf("%08x", v) }

func strconvQuote(s string) string { return fmt.Sprintf("%q", s) }
