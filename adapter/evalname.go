package adapter

import (
	"regexp"
	"strings"
)

// simpleExpr matches expressions that need no parentheses before a
// member, element or dereference: names joined by ., -> and [index].
var simpleExpr = regexp.MustCompile(`^[A-Za-z_$][\w$]*(?:(?:\.|->)[A-Za-z_]\w*|\[\d+\])*$`)

// childExpr is the C expression of a row under a value whose expression
// is parent: an element ("[3]"), the target of a pointer ("*"), or a
// member; "" when the parent has none.
func childExpr(parent, name string) string {
	if parent == "" || name == "" {
		return ""
	}
	p := parent
	if !simpleExpr.MatchString(p) {
		p = "(" + p + ")"
	}
	switch {
	case name == "*":
		return "*" + p
	case strings.HasPrefix(name, "["):
		return p + name
	case simpleExpr.MatchString(name):
		return p + "." + name
	}
	return ""
}
