package svd

import (
	"errors"
	"fmt"
	"sort"
)

// peripheral reads one <peripheral> (resolving derivedFrom and dim) into
// one or more peripherals.
func (p *parser) peripheral(raw *node, inherited props) ([]*Peripheral, error) {
	name := raw.value("name")
	ctx := "peripheral " + name
	if name == "" {
		return nil, p.fail(raw, "peripheral", errors.New("no <name>"))
	}
	n, insts, err := p.instances(raw, name, ctx, func(s string) *node { return p.periphNodes[s] })
	if err != nil {
		return nil, err
	}
	base, err := parseUint(n.value("baseAddress"))
	if err != nil {
		return nil, p.fail(n, ctx, fmt.Errorf("baseAddress: %w", err))
	}
	pr, err := readProps(n, inherited)
	if err != nil {
		return nil, p.fail(n, ctx, err)
	}
	blocks, err := addressBlocks(n)
	if err != nil {
		return nil, p.fail(n, ctx, err)
	}
	irqs, err := interrupts(n)
	if err != nil {
		return nil, p.fail(n, ctx, err)
	}
	var out []*Peripheral
	for _, in := range insts {
		per := &Peripheral{Name: in.name, Description: n.value("description"),
			GroupName: n.value("groupName"), DerivedFrom: raw.attrs["derivedFrom"],
			BaseAddress: base + in.step, AddressBlocks: blocks, Interrupts: irqs, Line: raw.line}
		if regs := n.child("registers"); regs != nil {
			sc := scope{per: per, ctx: "peripheral " + per.Name, top: regs}
			if err := p.container(regs, "", 0, pr, sc, 0); err != nil {
				return nil, err
			}
		}
		sort.SliceStable(per.Registers, func(i, j int) bool { return per.Registers[i].Offset < per.Registers[j].Offset })
		out = append(out, per)
	}
	return out, nil
}

// addressBlocks reads a peripheral's <addressBlock> elements.
func addressBlocks(n *node) ([]AddressBlock, error) {
	var out []AddressBlock
	for _, b := range n.all("addressBlock") {
		off, err := parseUint(b.value("offset"))
		if err != nil {
			return nil, fmt.Errorf("addressBlock offset: %w", err)
		}
		size, err := parseUint(b.value("size"))
		if err != nil {
			return nil, fmt.Errorf("addressBlock size: %w", err)
		}
		out = append(out, AddressBlock{Offset: off, Size: size, Usage: b.value("usage")})
	}
	return out, nil
}

// interrupts reads a peripheral's <interrupt> elements.
func interrupts(n *node) ([]Interrupt, error) {
	var out []Interrupt
	for _, in := range n.all("interrupt") {
		v, err := parseUint(in.value("value"))
		if err != nil || v > 1<<31 {
			return nil, fmt.Errorf("interrupt %s: value %q", in.value("name"), in.value("value"))
		}
		out = append(out, Interrupt{Name: in.value("name"), Description: in.value("description"), Value: int(v)})
	}
	return out, nil
}
