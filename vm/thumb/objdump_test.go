//go:build integration

package thumb

import (
	"bufio"
	"bytes"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// insnLine is one instruction of `objdump -d` on Thumb code.
var insnLine = regexp.MustCompile(`^\s*([0-9a-f]+):\s+([0-9a-f]{4})(?: ([0-9a-f]{4}))?\s+\t(\S+)`)

// opsFor maps mnemonic stems to the operations they must decode to (a
// mnemonic not listed only needs to decode to something defined).
var opsFor = map[string][]Op{
	"bl": {OpBL}, "bx": {OpBX}, "blx": {OpBLX}, "cbz": {OpCBZ}, "cbnz": {OpCBNZ}, "it": {OpIT},
	"push": {OpSTMDB}, "pop": {OpLDM}, "ldm": {OpLDM}, "ldmia": {OpLDM}, "stmia": {OpSTM}, "stmdb": {OpSTMDB},
	"ldr": {OpLDR}, "ldrb": {OpLDRB}, "ldrh": {OpLDRH}, "ldrsb": {OpLDRSB}, "ldrsh": {OpLDRSH},
	"str": {OpSTR}, "strb": {OpSTRB}, "strh": {OpSTRH}, "ldrd": {OpLDRD}, "strd": {OpSTRD},
	"ldrex": {OpLDREX}, "strex": {OpSTREX}, "tbb": {OpTBB}, "tbh": {OpTBH},
	"mul": {OpMUL}, "mla": {OpMLA}, "mls": {OpMLS}, "udiv": {OpUDIV}, "sdiv": {OpSDIV},
	"svc": {OpSVC}, "bkpt": {OpBKPT}, "mrs": {OpMRS}, "msr": {OpMSR}, "cpsid": {OpCPS}, "cpsie": {OpCPS},
	"clz": {OpCLZ}, "rbit": {OpRBIT}, "rev": {OpREV}, "ubfx": {OpUBFX}, "sbfx": {OpSBFX}, "bfi": {OpBFI}, "bfc": {OpBFC},
	"movw": {OpMOVW}, "movt": {OpMOVT}, "cmp": {OpCMP}, "cmn": {OpCMN}, "tst": {OpTST}, "teq": {OpTEQ},
	"sadd16": {OpDSP}, "smlad": {OpDSP}, "usad8": {OpDSP}, "sel": {OpDSP}, "qadd": {OpDSP}, "pkhbt": {OpDSP},
	"vadd": {OpVFP}, "vmul": {OpVFP}, "vldr": {OpVFP}, "vstr": {OpVFP}, "vmov": {OpVFP}, "vmrs": {OpVFP},
	"vpush": {OpVFP}, "vpop": {OpVFP}, "vcvt": {OpVFP}, "vcmp": {OpVFP}, "vfma": {OpVFP}, "vsqrt": {OpVFP},
	"vseleq": {OpVFP}, "vselge": {OpVFP}, "vmaxnm": {OpVFP}, "vminnm": {OpVFP}, "vrinta": {OpVFP}, "vrintm": {OpVFP},
	"vcvta": {OpVFP}, "vcvtm": {OpVFP}, "vldmia": {OpVFP}, "vstmdb": {OpVFP},
}

// TestDecodeMatchesObjdump decodes every instruction arm-none-eabi-objdump
// finds in the ARM test programs: the length must agree, nothing objdump
// knows may be undefined here, and listed mnemonics must map to their
// operation.
func TestDecodeMatchesObjdump(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("..", "..", "testdata", "arm", "*", "*.elf"))
	m7, _ := filepath.Glob(filepath.Join("..", "..", "testdata", "arm-m7", "*.elf"))
	files = append(files, m7...)
	if len(files) == 0 {
		t.Fatal("no testdata/arm/*/*.elf")
	}
	for _, f := range files {
		out, err := exec.Command("arm-none-eabi-objdump", "-d", f).Output()
		if err != nil {
			t.Fatalf("objdump %s: %v", f, err)
		}
		n := 0
		sc := bufio.NewScanner(bytes.NewReader(out))
		for sc.Scan() {
			mm := insnLine.FindStringSubmatch(sc.Text())
			if mm == nil {
				continue
			}
			hw1, _ := strconv.ParseUint(mm[2], 16, 16)
			var hw2 uint64
			if mm[3] != "" {
				hw2, _ = strconv.ParseUint(mm[3], 16, 16)
			}
			mn := strings.TrimSuffix(strings.TrimSuffix(mm[4], ".w"), ".n")
			if mn == "udf" || strings.HasPrefix(mn, ".") {
				continue
			}
			in := Decode(uint16(hw1), uint16(hw2))
			n++
			if want := 2 + 2*len(mm[3])/4; int(in.Size) != want {
				t.Errorf("%s: %s: size %d, objdump %d", filepath.Base(f), sc.Text(), in.Size, want)
			}
			if in.Op == OpUndef || in.Op == OpCoproc {
				t.Errorf("%s: %s: decoded as undefined", filepath.Base(f), sc.Text())
				continue
			}
			stem := strings.Split(mn, ".")[0]
			if ops, ok := opsFor[stem]; ok && !hasOp(ops, in.Op) {
				t.Errorf("%s: %s: decoded as op %d", filepath.Base(f), sc.Text(), in.Op)
			}
		}
		if n < 50 { // the smallest (arm/wback, hand-written) has 81: fewer means objdump's output was not parsed
			t.Errorf("%s: only %d instructions found", f, n)
		}
	}
}

func hasOp(ops []Op, op Op) bool {
	for _, o := range ops {
		if o == op {
			return true
		}
	}
	return false
}
