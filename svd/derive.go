package svd

import (
	"errors"
	"strings"
)

// maxDerive bounds chains of derivedFrom.
const maxDerive = 32

// errCycle reports a derivedFrom chain that comes back on itself.
var errCycle = errors.New("derivedFrom chain loops or is deeper than 32")

// merge returns derived completed by base: each child element of base
// whose tag derived lacks is added, except dim elements (whether an
// element is an array is its own declaration); the registers and clusters of a
// cluster, and of a "registers" container both have, are merged by name,
// derived's winning. derived's line and attributes (bar derivedFrom) stay.
func merge(base, derived *node) *node {
	out := &node{name: derived.name, line: derived.line, text: derived.text}
	for k, v := range derived.attrs {
		if k == "derivedFrom" {
			continue
		}
		if out.attrs == nil {
			out.attrs = map[string]string{}
		}
		out.attrs[k] = v
	}
	have := map[string]bool{}
	for _, c := range derived.children {
		have[c.name] = true
	}
	for _, c := range base.children {
		if !have[c.name] && !isRegisterLike(c) && !strings.HasPrefix(c.name, "dim") {
			out.children = append(out.children, c)
		}
	}
	for _, c := range derived.children {
		if bc := base.child(c.name); c.name == "registers" && bc != nil {
			c = &node{name: c.name, line: c.line, children: mergeByName(bc.children, c.children)}
		}
		if !isRegisterLike(c) {
			out.children = append(out.children, c)
		}
	}
	out.children = append(out.children, mergeByName(base.children, derived.children)...)
	return out
}

// isRegisterLike reports a register or cluster element.
func isRegisterLike(n *node) bool { return n.name == "register" || n.name == "cluster" }

// mergeByName merges the registers and clusters of two lists: base's
// whose <name> derived does not redefine, then derived's.
func mergeByName(base, derived []*node) []*node {
	var out []*node
	names := map[string]bool{}
	for _, c := range derived {
		if isRegisterLike(c) {
			names[c.value("name")] = true
		}
	}
	for _, c := range base {
		if isRegisterLike(c) && !names[c.value("name")] {
			out = append(out, c)
		}
	}
	for _, c := range derived {
		if isRegisterLike(c) {
			out = append(out, c)
		}
	}
	return out
}

// resolveDerived follows n's derivedFrom through find (which looks a
// name up in the right scope) and returns n merged with its bases.
func resolveDerived(n *node, find func(name string) *node) (*node, error) {
	for depth := 0; ; depth++ {
		from := n.attrs["derivedFrom"]
		if from == "" {
			return n, nil
		}
		if depth >= maxDerive {
			return nil, errCycle
		}
		base := find(from)
		if base == nil {
			return nil, errors.New("derivedFrom \"" + from + "\": no such element")
		}
		if base == n {
			return nil, errCycle
		}
		m := merge(base, n)
		if bf := base.attrs["derivedFrom"]; bf != "" {
			if m.attrs == nil {
				m.attrs = map[string]string{}
			}
			m.attrs["derivedFrom"] = bf
		}
		n = m
	}
}

// instances resolves an element's derivedFrom through find, expands its
// dim and takes the instances from the budget; errors are located at the
// element and named ctx.
func (p *parser) instances(raw *node, name, ctx string, find func(string) *node) (*node, []instance, error) {
	n, err := resolveDerived(raw, find)
	if err != nil {
		return nil, nil, p.fail(raw, ctx, err)
	}
	insts, err := expandDim(n, name)
	if err == nil {
		err = p.spend(len(insts))
	}
	if err != nil {
		return nil, nil, p.fail(n, ctx, err)
	}
	return n, insts, nil
}
