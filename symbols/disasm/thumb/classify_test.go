package thumb

import (
	"fmt"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// Expected classes, read from objdump's text independently of the
// decoder: the mnemonic without condition suffix and the operands.
var (
	callRe   = regexp.MustCompile(`^blx?(eq|ne|cs|cc|mi|pl|vs|vc|hi|ls|ge|lt|gt|le|al)?\t`)
	returnRe = regexp.MustCompile(`^(bx[a-z]*\tlr|pop[a-z]*\t\{.*pc\}|ldmia[a-z]*(\.w)?\tsp!?, \{.*pc\}|ldr[a-z]*(\.w)?\tpc, \[sp\], #\d+|mov[a-z]*\tpc, lr|subs[a-z]*\tpc, lr, .*)(\t|$)`)
)

// TestClassificationOnCorpus checks Call and Return on every instruction
// of the golden corpora against what objdump's text says they are, and
// that every instruction with a target prints it.
func TestClassificationOnCorpus(t *testing.T) {
	counts := map[string]int{}
	for _, path := range []string{"testdata/libc-m4f.elf", "testdata/libc-m0.elf", "testdata/m7.elf"} {
		ours, _ := decodeELF(t, path)
		addrs := make([]uint32, 0, len(ours))
		for a := range ours {
			addrs = append(addrs, a)
		}
		sort.Slice(addrs, func(i, j int) bool { return addrs[i] < addrs[j] })
		for _, a := range addrs {
			in := ours[a]
			text := strings.TrimSuffix(in.Text, "\n")
			wantCall, wantRet := callRe.MatchString(text), returnRe.MatchString(text)
			if in.Call != wantCall || in.Return != wantRet {
				t.Errorf("%s 0x%08x %q: call %v return %v, want %v %v", path, a, text, in.Call, in.Return, wantCall, wantRet)
			}
			if in.HasTarget && !strings.Contains(text, fmt.Sprintf("%x", in.Target)) {
				t.Errorf("%s 0x%08x %q: target %#x not in the text", path, a, text, in.Target)
			}
			switch {
			case in.Call:
				counts["call"]++
			case in.Return:
				counts["return"]++
			case in.Branch:
				counts["branch"]++
			}
		}
	}
	t.Logf("classified: %v", counts)
	if counts["call"] < 100 || counts["return"] < 100 || counts["branch"] < 100 {
		t.Errorf("too few of each class: %v", counts)
	}
}
