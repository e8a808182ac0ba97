package thumb

import (
	"bufio"
	"io"
	"regexp"
	"strconv"
	"strings"
)

// objdumpLine is one instruction line of `objdump -d` output.
type objdumpLine struct {
	addr uint32
	len  int
	text string
}

var objdumpRe = regexp.MustCompile(`^\s*([0-9a-f]+):\t([0-9a-f]{4}(?: [0-9a-f]{4})?|[0-9a-f]{8}) *\t(.*)$`)

// parseObjdump reads the instruction lines of `objdump -d` output. The
// text is kept as objdump printed it, except that the blank line objdump
// adds after "unpredictable branch in IT block" is folded back in as "\n".
func parseObjdump(r io.Reader) ([]objdumpLine, error) {
	var out []objdumpLine
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		line := sc.Text()
		if line == "" && len(out) > 0 && strings.HasSuffix(out[len(out)-1].text, "in IT block") {
			out[len(out)-1].text += "\n"
			continue
		}
		m := objdumpRe.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		addr, err := strconv.ParseUint(m[1], 16, 32)
		if err != nil {
			return nil, err
		}
		n := len(strings.ReplaceAll(m[2], " ", "")) / 2
		out = append(out, objdumpLine{uint32(addr), n, m[3]})
	}
	return out, sc.Err()
}
