package svd

import (
	"errors"
	"fmt"
	"regexp"
	"sort"
	"strconv"
)

// fields reads a register's <fields>; path is "PERIPH.REG" for
// enumerated-value lookups.
func (p *parser) fields(reg *node, rp props, readAction, ctx, path string) ([]*Field, error) {
	list := reg.child("fields")
	if list == nil {
		return nil, nil
	}
	var out []*Field
	for _, raw := range list.all("field") {
		fs, err := p.field(list, raw, rp, readAction, ctx, path)
		if err != nil {
			return nil, err
		}
		out = append(out, fs...)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].BitOffset < out[j].BitOffset })
	return out, nil
}

// field reads one <field> (with derivedFrom within the register and dim,
// whose increment is in bits).
func (p *parser) field(list, raw *node, rp props, readAction, ctx, path string) ([]*Field, error) {
	name := raw.value("name")
	fctx := ctx + ", field " + name
	if name == "" {
		return nil, p.fail(raw, ctx+", field", errors.New("no <name>"))
	}
	n, insts, err := p.instances(raw, name, fctx, func(s string) *node {
		for _, f := range list.all("field") {
			if f.value("name") == s {
				return f
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	lsb, width, err := bitPosition(n)
	if err != nil {
		return nil, p.fail(n, fctx, err)
	}
	access := rp.access
	if s := n.value("access"); s != "" {
		if access, err = parseAccess(s); err != nil {
			return nil, p.fail(n, fctx, err)
		}
	}
	ra := readAction
	if s := n.value("readAction"); s != "" {
		if err := checkReadAction(s); err != nil {
			return nil, p.fail(n, fctx, err)
		}
		ra = s
	}
	var out []*Field
	for _, in := range insts {
		f := &Field{Name: in.name, Description: n.value("description"),
			BitOffset: lsb + int(min(in.step, 64)), BitWidth: width, Access: access, ReadAction: ra}
		if f.BitOffset+f.BitWidth > rp.size {
			return nil, p.fail(n, ctx+", field "+in.name, fmt.Errorf("bits %d to %d do not fit a %d-bit register",
				f.BitOffset, f.BitOffset+f.BitWidth-1, rp.size))
		}
		if f.Enums, err = p.enumSets(n, f, fctx, path+"."+in.name); err != nil {
			return nil, err
		}
		out = append(out, f)
	}
	return out, nil
}

// bitRangeRE matches "[msb:lsb]".
var bitRangeRE = regexp.MustCompile(`^\[\s*(\d+)\s*:\s*(\d+)\s*\]$`)

// bitPosition reads a field's position in any of SVD's three forms:
// bitOffset and bitWidth, lsb and msb, or bitRange "[msb:lsb]".
func bitPosition(n *node) (lsb, width int, err error) {
	var lo, hi uint64
	switch {
	case n.child("bitOffset") != nil:
		if lo, err = parseUint(n.value("bitOffset")); err != nil {
			return 0, 0, fmt.Errorf("bitOffset: %w", err)
		}
		w := uint64(1)
		if s := n.value("bitWidth"); s != "" {
			if w, err = parseUint(s); err != nil {
				return 0, 0, fmt.Errorf("bitWidth: %w", err)
			}
		}
		if w == 0 || w > 64 || lo > 63 {
			return 0, 0, fmt.Errorf("bitOffset %d, bitWidth %d: outside 64 bits", lo, w)
		}
		return int(lo), int(w), nil
	case n.child("lsb") != nil || n.child("msb") != nil:
		if lo, err = parseUint(n.value("lsb")); err != nil {
			return 0, 0, fmt.Errorf("lsb: %w", err)
		}
		if hi, err = parseUint(n.value("msb")); err != nil {
			return 0, 0, fmt.Errorf("msb: %w", err)
		}
	case n.child("bitRange") != nil:
		s := n.value("bitRange")
		m := bitRangeRE.FindStringSubmatch(s)
		if m == nil {
			return 0, 0, fmt.Errorf("bitRange %q: not [msb:lsb]", s)
		}
		hi, _ = strconv.ParseUint(m[1], 10, 64)
		lo, _ = strconv.ParseUint(m[2], 10, 64)
	default:
		return 0, 0, errors.New("no position (bitOffset, lsb/msb or bitRange)")
	}
	if hi < lo {
		return 0, 0, fmt.Errorf("msb %d below lsb %d", hi, lo)
	}
	if hi > 63 {
		return 0, 0, fmt.Errorf("msb %d: outside 64 bits", hi)
	}
	return int(lo), int(hi - lo + 1), nil
}
