package svd

import (
	"errors"
	"fmt"
	"strings"
)

// enumEntry is one enumeratedValues element waiting for (or done with)
// derivedFrom resolution.
type enumEntry struct {
	set   *EnumSet
	path  string // "PERIPH.REG.FIELD"
	from  string // derivedFrom, "" if none
	width int    // the field's width
	// usageSet: the element says its usage (a derived set without one
	// takes its base's).
	usageSet bool
	n        *node
	ctx      string
	done     bool
}

// enumIndex holds every enumerated value set of a file.
type enumIndex struct {
	all    []*enumEntry
	byName map[string][]*enumEntry
}

// enumSets reads a field's <enumeratedValues> elements.
func (p *parser) enumSets(n *node, f *Field, ctx, path string) ([]*EnumSet, error) {
	var out []*EnumSet
	for _, en := range n.all("enumeratedValues") {
		set := &EnumSet{Name: en.value("name"), Usage: UsageReadWrite}
		ectx := ctx + ", enumeratedValues " + set.Name
		if u := en.value("usage"); u != "" {
			switch Usage(u) {
			case UsageRead, UsageWrite, UsageReadWrite:
				set.Usage = Usage(u)
			default:
				return nil, p.fail(en, ectx, fmt.Errorf("usage %q: not read, write or read-write", u))
			}
		}
		e := &enumEntry{set: set, path: path, from: en.attrs["derivedFrom"], width: f.BitWidth, n: en,
			ctx: ectx, usageSet: en.child("usage") != nil}
		if e.from == "" {
			vals, err := p.enumValues(en, f.BitWidth, ectx)
			if err != nil {
				return nil, err
			}
			set.Values, e.done = vals, true
		}
		p.enums.all = append(p.enums.all, e)
		out = append(out, set)
	}
	return out, nil
}

// enumValues reads the <enumeratedValue> elements of a set.
func (p *parser) enumValues(en *node, width int, ctx string) ([]EnumValue, error) {
	var out []EnumValue
	for _, vn := range en.all("enumeratedValue") {
		ev := EnumValue{Name: vn.value("name"), Description: vn.value("description")}
		vctx := ctx + ", enumeratedValue " + ev.Name
		if err := p.spend(1); err != nil {
			return nil, p.fail(vn, vctx, err)
		}
		if s := vn.value("isDefault"); s != "" {
			d, err := parseBool(s)
			if err != nil {
				return nil, p.fail(vn, vctx, fmt.Errorf("isDefault: %w", err))
			}
			ev.IsDefault = d
		}
		if s := vn.value("value"); s != "" {
			v, m, err := parseEnumValue(s)
			if err != nil {
				return nil, p.fail(vn, vctx, err)
			}
			if width < 64 && v>>uint(width) != 0 {
				return nil, p.fail(vn, vctx, fmt.Errorf("value %s does not fit the field's %d bits", s, width))
			}
			ev.Value, ev.Mask = v, m
		} else if !ev.IsDefault {
			return nil, p.fail(vn, vctx, errors.New("neither <value> nor <isDefault>"))
		}
		out = append(out, ev)
	}
	return out, nil
}

// resolve copies the values of every derived set from its base.
func (x *enumIndex) resolve(p *parser) error {
	x.byName = map[string][]*enumEntry{}
	for _, e := range x.all {
		if e.set.Name != "" {
			x.byName[e.set.Name] = append(x.byName[e.set.Name], e)
		}
	}
	for _, e := range x.all {
		if err := x.resolveOne(p, e, 0); err != nil {
			return err
		}
	}
	return nil
}

// resolveOne resolves e, resolving its base first.
func (x *enumIndex) resolveOne(p *parser, e *enumEntry, depth int) error {
	if e.done {
		return nil
	}
	if depth >= maxDerive {
		return p.fail(e.n, e.ctx, errCycle)
	}
	base := x.find(e)
	if base == nil {
		return p.fail(e.n, e.ctx, fmt.Errorf("derivedFrom %q: no such enumeratedValues", e.from))
	}
	if err := x.resolveOne(p, base, depth+1); err != nil {
		return err
	}
	for _, v := range base.set.Values {
		if e.width < 64 && v.Value>>uint(e.width) != 0 {
			return p.fail(e.n, e.ctx, fmt.Errorf("derived value %s does not fit the field's %d bits", v.Name, e.width))
		}
	}
	e.set.Values, e.done = base.set.Values, true
	if !e.usageSet {
		e.set.Usage = base.set.Usage
	}
	if e.set.Name == "" {
		e.set.Name = base.set.Name
	}
	return nil
}

// maxCandidates bounds the same-named sets one derivedFrom looks at.
const maxCandidates = 4096

// find looks up e's derivedFrom: a dotted name matches the end of a set's
// full path ("REG.FIELD.NAME" or "PERIPH.REG.FIELD.NAME"); a plain name
// matches a set of that name, nearest first (same field, register,
// peripheral, then anywhere).
func (x *enumIndex) find(e *enumEntry) *enumEntry {
	name := e.from
	if i := strings.LastIndexByte(name, '.'); i >= 0 {
		name = name[i+1:]
	}
	best, bestScore := (*enumEntry)(nil), -1
	cands := x.byName[name]
	if len(cands) > maxCandidates {
		cands = cands[:maxCandidates]
	}
	for _, c := range cands {
		if c == e {
			continue
		}
		if name != e.from {
			if full := c.path + "." + name; full == e.from || strings.HasSuffix(full, "."+e.from) {
				return c
			}
			continue
		}
		if s := commonDepth(c.path, e.path); s > bestScore {
			best, bestScore = c, s
		}
	}
	return best
}

// commonDepth counts the leading dotted components two paths share.
func commonDepth(a, b string) int {
	pa, pb := strings.Split(a, "."), strings.Split(b, ".")
	n := 0
	for n < len(pa) && n < len(pb) && pa[n] == pb[n] {
		n++
	}
	return n
}
