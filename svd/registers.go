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
func (p *parser) container(c *node, prefix string, offset uint64, pr props, sc scope, depth int) error {
	for _, n := range c.children {
		var err error
		switch n.name {
		case "register":
			err = p.register(c, n, prefix, offset, pr, sc)
		case "cluster":
			err = p.cluster(c, n, prefix, offset, pr, sc, depth)
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

// elem is a register or cluster with derivedFrom and dim resolved.
type elem struct {
	n     *node
	insts []instance
	off   uint64
	props props
	ctx   string
}

// element resolves a register's or cluster's derivedFrom and dim and
// reads its offset and properties.
func (p *parser) element(c, raw *node, kind string, pr props, sc scope, prefix string) (elem, error) {
	name := raw.value("name")
	e := elem{ctx: sc.ctx + ", " + kind + " " + prefix + name}
	if name == "" {
		return e, p.fail(raw, sc.ctx+", "+kind, errors.New("no <name>"))
	}
	var err error
	if e.n, e.insts, err = p.instances(raw, name, e.ctx, p.finder(c, sc)); err != nil {
		return e, err
	}
	if e.off, err = parseUint(e.n.value("addressOffset")); err != nil {
		return e, p.fail(e.n, e.ctx, fmt.Errorf("addressOffset: %w", err))
	}
	if e.props, err = readProps(e.n, pr); err != nil {
		return e, p.fail(e.n, e.ctx, err)
	}
	return e, nil
}

// cluster reads a <cluster>: its registers and clusters, once per dim
// instance, under the instance's name. depth counts the clusters around
// it: a cluster derived from one that contains it would nest forever.
func (p *parser) cluster(c, raw *node, prefix string, offset uint64, pr props, sc scope, depth int) error {
	e, err := p.element(c, raw, "cluster", pr, sc, prefix)
	if err != nil {
		return err
	}
	if depth >= maxNesting {
		return p.fail(raw, e.ctx, fmt.Errorf("clusters nested deeper than %d", maxNesting))
	}
	for _, in := range e.insts {
		if err := p.container(e.n, prefix+in.name+".", offset+e.off+in.step, e.props, sc, depth+1); err != nil {
			return err
		}
	}
	return nil
}

// register reads a <register>, once per dim instance (the instances
// share their fields).
func (p *parser) register(c, raw *node, prefix string, offset uint64, pr props, sc scope) error {
	e, err := p.element(c, raw, "register", pr, sc, prefix)
	if err != nil {
		return err
	}
	ra := e.n.value("readAction")
	if err := checkReadAction(ra); err != nil {
		return p.fail(e.n, e.ctx, err)
	}
	fields, err := p.fields(e.n, e.props, ra, e.ctx, sc.per.Name+"."+prefix+e.insts[0].name)
	if err != nil {
		return err
	}
	rp := e.props
	for _, in := range e.insts {
		r := &Register{Name: prefix + in.name, DisplayName: e.n.value("displayName"),
			Description: e.n.value("description"), Offset: offset + e.off + in.step,
			Size: rp.size, Access: rp.access, ResetValue: rp.resetValue, ResetMask: rp.resetMask,
			ReadAction: ra, Fields: fields, Peripheral: sc.per, Line: raw.line}
		r.Address = sc.per.BaseAddress + r.Offset
		sc.per.Registers = append(sc.per.Registers, r)
	}
	return nil
}
