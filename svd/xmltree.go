package svd

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strings"
)

// maxNesting bounds the depth of the XML tree (clusters nest).
const maxNesting = 64

// node is one XML element with the line it starts on.
type node struct {
	name     string
	attrs    map[string]string
	text     string
	children []*node
	line     int
}

// child returns the first child element called name, nil if none.
func (n *node) child(name string) *node {
	for _, c := range n.children {
		if c.name == name {
			return c
		}
	}
	return nil
}

// all returns every child element called name.
func (n *node) all(name string) []*node {
	var out []*node
	for _, c := range n.children {
		if c.name == name {
			out = append(out, c)
		}
	}
	return out
}

// value returns the trimmed text of child name, "" if absent.
func (n *node) value(name string) string {
	if c := n.child(name); c != nil {
		return c.text
	}
	return ""
}

// readTree parses an XML document into nodes, recording each element's
// starting line. Namespaces are dropped (SVD uses none that matter).
func readTree(data []byte) (*node, error) {
	d := xml.NewDecoder(bytes.NewReader(data))
	d.Strict = true
	var stack []*node
	var root *node
	var text strings.Builder
	for {
		line, _ := d.InputPos()
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, &Error{Line: line, Err: err}
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if len(stack) >= maxNesting {
				return nil, &Error{Line: line, Element: t.Name.Local,
					Err: fmt.Errorf("elements nested deeper than %d", maxNesting)}
			}
			n := &node{name: t.Name.Local, line: line}
			for _, a := range t.Attr {
				if n.attrs == nil {
					n.attrs = map[string]string{}
				}
				n.attrs[a.Name.Local] = a.Value
			}
			if len(stack) > 0 {
				p := stack[len(stack)-1]
				p.children = append(p.children, n)
			} else if root == nil {
				root = n
			}
			stack = append(stack, n)
			text.Reset()
		case xml.CharData:
			text.Write(t)
		case xml.EndElement:
			n := stack[len(stack)-1]
			if len(n.children) == 0 {
				n.text = strings.TrimSpace(text.String())
			}
			text.Reset()
			stack = stack[:len(stack)-1]
		}
	}
	if root == nil {
		return nil, &Error{Line: 1, Err: errors.New("no XML element")}
	}
	return root, nil
}
