package svd

import "fmt"

// props are the register properties an element passes down to the
// registers inside it: size, access, reset value and mask.
type props struct {
	size       int
	access     Access
	resetValue uint64
	resetMask  uint64
}

// defaultProps apply when nothing in the file says otherwise.
var defaultProps = props{size: 32, resetMask: ^uint64(0)}

// readProps returns inherited overridden by what n says.
func readProps(n *node, inherited props) (props, error) {
	p := inherited
	if s := n.value("size"); s != "" {
		v, err := parseUint(s)
		if err != nil || v == 0 || v > 64 {
			return p, fmt.Errorf("size %q: must be 1 to 64 bits", s)
		}
		p.size = int(v)
	}
	if s := n.value("access"); s != "" {
		a, err := parseAccess(s)
		if err != nil {
			return p, err
		}
		p.access = a
	}
	for _, f := range []struct {
		tag string
		dst *uint64
	}{{"resetValue", &p.resetValue}, {"resetMask", &p.resetMask}} {
		if s := n.value(f.tag); s != "" {
			v, err := parseUint(s)
			if err != nil {
				return p, fmt.Errorf("%s: %w", f.tag, err)
			}
			*f.dst = v
		}
	}
	return p, nil
}

// parseAccess checks an access value.
func parseAccess(s string) (Access, error) {
	switch a := Access(s); a {
	case ReadOnly, WriteOnly, ReadWrite, WriteOnce, ReadWriteOnce:
		return a, nil
	}
	return "", fmt.Errorf("access %q: not one of read-only, write-only, read-write, writeOnce, read-writeOnce", s)
}

// checkReadAction checks a readAction value.
func checkReadAction(s string) error {
	switch s {
	case "", "clear", "set", "modify", "modifyExternal":
		return nil
	}
	return fmt.Errorf("readAction %q: not one of clear, set, modify, modifyExternal", s)
}
