//go:build integration

package disasm

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

// majorOpcodes are the 32-bit major opcodes of RV32IMA+Zicsr+Zifencei.
var majorOpcodes = []uint32{0x03, 0x0f, 0x13, 0x17, 0x23, 0x2f, 0x33, 0x37, 0x63, 0x67, 0x6f, 0x73}

// TestObjdumpRandom32 compares random 32-bit words with our major opcodes
// against `objdump -D -b binary -m riscv:rv32`. Every word we decode must
// read the same as objdump's; words we reject must be ones objdump also
// rejects or decodes as an extension this CPU lacks (listed in the log).
func TestObjdumpRandom32(t *testing.T) {
	objdump, err := exec.LookPath("riscv64-unknown-elf-objdump")
	if err != nil {
		t.Fatalf("riscv64-unknown-elf-objdump is required under the integration tag: %v", err)
	}
	r := rand.New(rand.NewPCG(1, 2))
	var code []byte
	for i := 0; i < 60000; i++ {
		w := r.Uint32()&^0x7f | majorOpcodes[i%len(majorOpcodes)]
		if i%3 == 0 { // bias toward the funct7 values that exist
			w &^= 0xfc000000
			w |= []uint32{0, 0x40000000, 0x02000000}[r.IntN(3)]
		}
		code = binary.LittleEndian.AppendUint32(code, w)
	}
	bin := filepath.Join(t.TempDir(), "r32.bin")
	if err := os.WriteFile(bin, code, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(objdump, "-D", "-b", "binary", "-m", "riscv:rv32", bin).Output()
	if err != nil {
		t.Fatalf("objdump: %v", err)
	}
	lines, err := parseObjdump(bytes.NewReader(out))
	if err != nil {
		t.Fatal(err)
	}
	match, unknownBoth, fences, fpCSR, csrNamed, bad := 0, 0, 0, 0, 0, 0
	others := map[string]int{}
	for _, l := range lines {
		in, derr := Decode(code[l.addr:], l.addr, nil)
		theirs := normalize(l.text)
		mn, _, _ := strings.Cut(theirs, " ")
		csr := in.Raw >> 20
		switch {
		case derr == nil && normalize(in.Text) == theirs:
			match++
		case derr == nil && in.Raw&0x7f == 0x0f && (mn == ".4byte" || mn == ".word"):
			fences++ // reserved fields set: the CPU ignores them, objdump refuses
		case in.Raw&0x7f == 0x73 && in.Raw>>12&3 != 0 && csr >= 1 && csr <= 3:
			fpCSR++ // objdump assumes F in binary mode and uses fsrm/frflags... aliases
		case derr == nil && in.Raw&0x7f == 0x73 && strings.Contains(in.Text, fmt.Sprintf("0x%x", csr)):
			csrNamed++ // a CSR objdump names and we print by number
		case derr != nil && (mn == ".4byte" || mn == ".word"):
			unknownBoth++
		case derr != nil:
			if others[mn] < 2 {
				t.Logf("rejected 0x%08x, objdump %q", in.Raw, l.text)
			}
			others[mn]++
		default:
			bad++
			if bad < 30 {
				t.Errorf("0x%08x: ours %q, objdump %q", in.Raw, in.Text, l.text)
			}
		}
	}
	var names []string
	for k, n := range others {
		if k != "slli" && k != "srli" && k != "srai" { // shifts by 32+: RV64 only
			t.Errorf("we reject %d words objdump decodes as %q", n, k)
		}
		names = append(names, k+"="+itoa(n))
	}
	sort.Strings(names)
	t.Logf("random 32-bit words: %d agree, %d unknown to both, %d differ, "+
		"%d fence/fence.i with reserved fields (decoded by us as the CPU executes them, .4byte in objdump), "+
		"%d F CSR accesses skipped, %d CSRs only objdump names; rejected by us, decoded by objdump: %s",
		match, unknownBoth, bad, fences, fpCSR, csrNamed, strings.Join(names, " "))
}

func itoa(n int) string {
	s := ""
	for ; n > 0 || s == ""; n /= 10 {
		s = string(rune('0'+n%10)) + s
	}
	return s
}
