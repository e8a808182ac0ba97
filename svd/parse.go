package svd

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// parser holds the state of one Parse call.
type parser struct {
	file string
	// left is the registers and fields the file may still expand to,
	// out of budget.
	left, budget int
	// periphNodes indexes the raw peripheral elements by name.
	periphNodes map[string]*node
	enums       enumIndex
}

// ParseFile reads and parses the SVD file at path; errors name its base
// name.
func ParseFile(path string) (*Device, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("read SVD: %w", err)
	}
	return Parse(filepath.Base(path), data)
}

// Parse parses an SVD document; file names it in errors.
func Parse(file string, data []byte) (*Device, error) {
	return parse(file, data, maxElements)
}

// parse is Parse with a budget of registers and fields.
func parse(file string, data []byte, budget int) (*Device, error) {
	root, err := readTree(data)
	if err != nil {
		var e *Error
		if errors.As(err, &e) {
			e.File = file
		}
		return nil, err
	}
	p := &parser{file: file, left: budget, budget: budget, periphNodes: map[string]*node{}}
	return p.device(root)
}

// fail builds an *Error at n for the element path ctx.
func (p *parser) fail(n *node, ctx string, err error) error {
	var e *Error
	if errors.As(err, &e) {
		return err
	}
	return &Error{File: p.file, Line: n.line, Element: ctx, Err: err}
}

// spend takes n elements from the budget.
func (p *parser) spend(n int) error {
	if n > p.left {
		return fmt.Errorf("the file expands to more than %d registers and fields", p.budget)
	}
	p.left -= n
	return nil
}

// device reads the root element.
func (p *parser) device(root *node) (*Device, error) {
	if root.name != "device" {
		return nil, p.fail(root, root.name, errors.New("the root element must be <device>"))
	}
	d := &Device{Name: root.value("name"), Vendor: root.value("vendor"),
		Description: root.value("description"), Width: 32, AddressUnitBits: 8}
	ctx := "device " + d.Name
	for _, f := range []struct {
		tag string
		dst *int
	}{{"width", &d.Width}, {"addressUnitBits", &d.AddressUnitBits}} {
		if s := root.value(f.tag); s != "" {
			v, err := parseUint(s)
			if err != nil || v == 0 || v > 64 {
				return nil, p.fail(root.child(f.tag), ctx, fmt.Errorf("%s %q: must be 1 to 64", f.tag, s))
			}
			*f.dst = int(v)
		}
	}
	pr, err := readProps(root, defaultProps)
	if err != nil {
		return nil, p.fail(root, ctx, err)
	}
	list := root.child("peripherals")
	if list == nil {
		return nil, p.fail(root, ctx, errors.New("no <peripherals>"))
	}
	for _, pn := range list.all("peripheral") {
		if name := pn.value("name"); name != "" && p.periphNodes[name] == nil {
			p.periphNodes[name] = pn
		}
	}
	for _, pn := range list.all("peripheral") {
		ps, err := p.peripheral(pn, pr)
		if err != nil {
			return nil, err
		}
		d.Peripherals = append(d.Peripherals, ps...)
	}
	if err := p.enums.resolve(p); err != nil {
		return nil, err
	}
	return d, nil
}
