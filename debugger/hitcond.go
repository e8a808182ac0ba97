package debugger

import (
	"fmt"
	"strconv"
	"strings"
)

// hitCond is a parsed hit condition: the hit counts when op(count, n)
// holds. The zero value always holds.
type hitCond struct {
	op string // "", ">=", ">", "<=", "<", "==", "!=", "%"
	n  uint64
}

// parseHitCond reads ">= 5", "> 5", "== 7", "% 3 == 0", "%3" or a plain
// "5" (the same as ">= 5", as in VS Code's own adapters).
func parseHitCond(src string) (hitCond, error) {
	s := strings.TrimSpace(src)
	if s == "" {
		return hitCond{}, nil
	}
	if strings.HasPrefix(s, "%") {
		rest := strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(s[1:]), "== 0"))
		rest = strings.TrimSpace(strings.TrimSuffix(rest, "==0"))
		n, err := strconv.ParseUint(rest, 0, 64)
		if err != nil || n == 0 {
			return hitCond{}, fmt.Errorf("hit condition %q: want %% N with N > 0", src)
		}
		return hitCond{op: "%", n: n}, nil
	}
	for _, op := range []string{">=", "<=", "==", "!=", ">", "<", "="} {
		if strings.HasPrefix(s, op) {
			n, err := strconv.ParseUint(strings.TrimSpace(s[len(op):]), 0, 64)
			if err != nil {
				return hitCond{}, fmt.Errorf("hit condition %q: want %s N", src, op)
			}
			if op == "=" {
				op = "=="
			}
			return hitCond{op: op, n: n}, nil
		}
	}
	n, err := strconv.ParseUint(s, 0, 64)
	if err != nil {
		return hitCond{}, fmt.Errorf("hit condition %q: want N, >= N, == N or %% N", src)
	}
	return hitCond{op: ">=", n: n}, nil
}

// holds reports whether the count-th hit (1-based) satisfies the condition.
func (h hitCond) holds(count uint64) bool {
	switch h.op {
	case ">=":
		return count >= h.n
	case ">":
		return count > h.n
	case "<=":
		return count <= h.n
	case "<":
		return count < h.n
	case "==":
		return count == h.n
	case "!=":
		return count != h.n
	case "%":
		return count%h.n == 0
	}
	return true
}
