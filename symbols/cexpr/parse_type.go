package cexpr

import "strings"

// specifiers are the base type keywords.
var specifiers = map[string]bool{
	"void": true, "char": true, "short": true, "int": true, "long": true,
	"float": true, "double": true, "signed": true, "unsigned": true,
	"_Bool": true, "struct": true, "union": true, "enum": true,
}

func isQualifier(s string) bool {
	return s == "const" || s == "volatile" || s == "restrict"
}

func isTypeKeyword(s string) bool { return specifiers[s] || isQualifier(s) }

// typeName parses a C type name: qualifiers and specifiers (or one typedef
// name, or struct/union/enum tag), then '*' declarators with qualifiers.
func (p *parser) typeName() (*typeName, error) {
	tn := &typeName{pos: p.peek().pos}
	var words []string
	typedef := ""
	for {
		t := p.peek()
		if t.kind != tIdent {
			break
		}
		switch {
		case isQualifier(t.text):
			tn.quals = append(tn.quals, t.text)
		case t.text == "struct" || t.text == "union" || t.text == "enum":
			p.next()
			tag := p.peek()
			if tag.kind != tIdent || isTypeKeyword(tag.text) {
				return nil, errAt(tag.pos, "expected tag name after '%s'", t.text)
			}
			words = append(words, t.text+" "+tag.text)
		case specifiers[t.text]:
			words = append(words, t.text)
		case len(words) == 0 && typedef == "":
			typedef = t.text
		default:
			return nil, errAt(t.pos, "unexpected '%s' in type name", t.text)
		}
		p.next()
	}
	base, err := canonicalBase(words, typedef, tn.pos)
	if err != nil {
		return nil, err
	}
	tn.base = base
	for p.isPunct("*") {
		p.next()
		var q []string
		for t := p.peek(); t.kind == tIdent && isQualifier(t.text); t = p.peek() {
			q = append(q, t.text)
			p.next()
		}
		tn.ptrs = append(tn.ptrs, q)
	}
	return tn, nil
}

// canonicalBase turns a specifier list into a canonical name:
// "unsigned" -> "unsigned int", "long unsigned int" -> "unsigned long",
// "signed" -> "int", "short int" -> "short".
func canonicalBase(words []string, typedef string, pos int) (string, error) {
	if typedef != "" {
		if len(words) > 0 {
			return "", errAt(pos, "bad type name")
		}
		return typedef, nil
	}
	if len(words) == 0 {
		return "", errAt(pos, "expected type name")
	}
	if len(words) == 1 && strings.ContainsRune(words[0], ' ') {
		return words[0], nil // struct/union/enum tag
	}
	n := map[string]int{}
	for _, w := range words {
		if strings.ContainsRune(w, ' ') {
			return "", errAt(pos, "bad type name")
		}
		n[w]++
	}
	if n["signed"]+n["unsigned"] > 1 || n["long"] > 2 || n["short"] > 1 ||
		n["short"]+n["long"] > 2 || n["short"] == 1 && n["long"] > 0 {
		return "", errAt(pos, "bad type name")
	}
	var core string
	switch {
	case n["char"] == 1 && len(words) == 1+n["signed"]+n["unsigned"]:
		core = "char"
		if n["signed"] == 1 {
			return "signed char", nil
		}
	case n["void"]+n["_Bool"]+n["float"] == 1 && len(words) == 1:
		return words[0], nil
	case n["double"] == 1 && len(words) == 1+n["long"] && n["long"] <= 1:
		return strings.Repeat("long ", n["long"]) + "double", nil
	case n["char"]+n["void"]+n["_Bool"]+n["float"]+n["double"] > 0 || n["int"] > 1:
		return "", errAt(pos, "bad type name")
	case n["short"] == 1:
		core = "short"
	case n["long"] == 1:
		core = "long"
	case n["long"] == 2:
		core = "long long"
	default:
		core = "int"
	}
	if n["unsigned"] == 1 {
		return "unsigned " + core, nil
	}
	return core, nil
}
