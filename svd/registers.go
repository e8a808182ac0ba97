package svd

import (
	"errors"
	"fmt"
	"strings"
)

// scope is the peripheral being filled and its raw <registers> element,
// for derivedFrom lookups and error contexts.
type scope struct {
	per *Peripheral
	ctx string
	top *node
}

// container reads the registers and clusters of a <registers> or
// <cluster> element; prefix is the cluster names so far ("CH0."), offset
// the cluster's offset in the peripheral.
func (p *parser) container(c *node, prefix string, offset uint64, pr props, sc scope) error {
	for _, n := range c.children {
		var err error
		switch n.name {
		case "register":
			err = p.register(c, n, prefix, offset, pr, sc)
		case "cluster":
			err = p.cluster(c, n, prefix, offset, pr, sc)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// finder looks a derivedFrom name up: in the same container, then as a
// dotted path in the peripheral ("CLUSTER.REG"), then in another
// peripheral ("UART0.txctrl").
func (p *parser) finder(c *node, sc scope) func(string) *node {
	return func(name string) *node {
		if n := findPath(c, []string{name}); n != nil {
			return n
		}
		parts := strings.Split(name, ".")
		if n := findPath(sc.top, parts); n != nil {
			return n
		}
		if pn := p.periphNodes[parts[0]]; pn != nil && len(parts) > 1 {
			if regs := pn.child("registers"); regs != nil {
				return findPath(regs, parts[1:])
			}
		}
		return nil
	}
}

// findPath walks register and cluster names down from container c.
func findPath(c *node, parts []string) *node {
	for i, part := range parts {
		var next *node
		for _, n := range c.children {
			if (n.name == "register" || n.name == "cluster") && n.value("name") == part {
				next = n
				break
			}
		}
		if next == nil || (i < len(parts)-1 && next.name != "cluster") {
			return nil
		}
		c = next
	}
	return c
}

// element resolves a register's or cluster's derivedFrom and dim and
// reads its offset and properties.
func (p *parser) element(c, raw *node, kind string, pr props, sc scope, prefix string) (*node, []instance, uint64, props, string, error) {
	name := raw.value("name")
	ctx := sc.ctx + ", " + kind + " " + prefix + name
	if name == "" {
		return nil, nil, 0, pr, ctx, p.fail(raw, sc.ctx+", "+kind, errors.New("no <name>"))
	}
	n, insts, err := p.instances(raw, name, ctx, p.finder(c, sc))
	if err != nil {
		return nil, nil, 0, pr, ctx, err
	}
	off, err := parseUint(n.value("addressOffset"))
	if err != nil {
		return nil, nil, 0, pr, ctx, p.fail(n, ctx, fmt.Errorf("addressOffset: %w", err))
	}
	rp, err := readProps(n, pr)
	if err != nil {
		return nil, nil, 0, pr, ctx, p.fail(n, ctx, err)
	}
	return n, insts, off, rp, ctx, nil
}

// cluster reads a <cluster>: its registers and clusters, once per dim
// instance, under the instance's name.
func (p *parser) cluster(c, raw *node, prefix string, offset uint64, pr props, sc scope) error {
	n, insts, off, cp, _, err := p.element(c, raw, "cluster", pr, sc, prefix)
	if err != nil {
		return err
	}
	for _, in := range insts {
		if err := p.container(n, prefix+in.name+".", offset+off+in.step, cp, sc); err != nil {
			return err
		}
	}
	return nil
}

// register reads a <register>, once per dim instance (the instances
// share their fields).
func (p *parser) register(c, raw *node, prefix string, offset uint64, pr props, sc scope) error {
	n, insts, off, rp, ctx, err := p.element(c, raw, "register", pr, sc, prefix)
	if err != nil {
		return err
	}
	ra := n.value("readAction")
	if err := checkReadAction(ra); err != nil {
		return p.fail(n, ctx, err)
	}
	fields, err := p.fields(n, rp, ra, ctx, sc.per.Name+"."+prefix+insts[0].name)
	if err != nil {
		return err
	}
	for _, in := range insts {
		r := &Register{Name: prefix + in.name, DisplayName: n.value("displayName"),
			Description: n.value("description"), Offset: offset + off + in.step,
			Size: rp.size, Access: rp.access, ResetValue: rp.resetValue, ResetMask: rp.resetMask,
			ReadAction: ra, Fields: fields, Peripheral: sc.per, Line: raw.line}
		r.Address = sc.per.BaseAddress + r.Offset
		sc.per.Registers = append(sc.per.Registers, r)
	}
	return nil
}
