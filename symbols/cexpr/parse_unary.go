package cexpr

// unary := op unary | sizeof unary | sizeof '(' type ')' | '(' type ')' unary | postfix
func (p *parser) unary() (Expr, error) {
	if err := p.enter(); err != nil {
		return nil, err
	}
	defer p.leave()
	t := p.peek()
	switch {
	case t.kind == tPunct && (t.text == "-" || t.text == "+" || t.text == "!" ||
		t.text == "~" || t.text == "*" || t.text == "&" || t.text == "++" || t.text == "--"):
		p.next()
		x, err := p.unary()
		if err != nil {
			return nil, err
		}
		return &unaryExpr{t.pos, t.text, x}, nil
	case t.kind == tIdent && t.text == "sizeof":
		return p.sizeof()
	case t.kind == tPunct && t.text == "(" && p.castAhead():
		p.next()
		tn, err := p.typeName()
		if err != nil {
			return nil, err
		}
		if err := p.expect(")"); err != nil {
			return nil, err
		}
		x, err := p.unary()
		if err != nil {
			return nil, err
		}
		return &castExpr{t.pos, tn, x}, nil
	}
	return p.postfix()
}

// sizeof parses the operand of sizeof (the keyword is next).
func (p *parser) sizeof() (Expr, error) {
	pos := p.next().pos
	if p.isPunct("(") {
		if n := p.peekAt(1); n.kind == tIdent && !isTypeKeyword(n.text) &&
			p.peekAt(2).kind == tPunct && p.peekAt(2).text == ")" {
			p.i += 3
			return p.postfixOps(&sizeofName{pos, n.text})
		}
		if p.typeAhead(1) || p.typedefPtrAhead() {
			p.next()
			tn, err := p.typeName()
			if err != nil {
				return nil, err
			}
			if err := p.expect(")"); err != nil {
				return nil, err
			}
			return &sizeofType{pos, tn}, nil
		}
	}
	x, err := p.unary()
	if err != nil {
		return nil, err
	}
	return &unaryExpr{pos, "sizeof", x}, nil
}

// castAhead reports whether the '(' at the cursor opens a cast. A type
// keyword makes it one. A lone identifier is taken as a typedef name when
// followed by '*' and ')' or when ')' is followed by something that can
// only start an operand (so "(a) - b" stays a subtraction).
func (p *parser) castAhead() bool {
	if p.typeAhead(1) {
		return true
	}
	if p.peekAt(1).kind != tIdent {
		return false
	}
	if p.typedefPtrAhead() {
		return true
	}
	if c := p.peekAt(2); c.kind != tPunct || c.text != ")" {
		return false
	}
	a := p.peekAt(3)
	switch a.kind {
	case tIdent, tReg, tInt, tChar, tString:
		return true
	case tPunct:
		return a.text == "(" || a.text == "~" || a.text == "!"
	}
	return false
}

// typedefPtrAhead reports whether the '(' at the cursor is followed by
// "name *...)" (a typedef name with pointer declarators), which can only
// be a type name.
func (p *parser) typedefPtrAhead() bool {
	if p.peekAt(1).kind != tIdent {
		return false
	}
	k, stars := 2, false
	for {
		t := p.peekAt(k)
		if t.kind == tPunct && t.text == "*" {
			stars = true
		} else if !(t.kind == tIdent && isQualifier(t.text)) {
			break
		}
		k++
	}
	c := p.peekAt(k)
	return stars && c.kind == tPunct && c.text == ")"
}

// typeAhead reports whether the token at offset n starts a type name with
// a keyword.
func (p *parser) typeAhead(n int) bool {
	t := p.peekAt(n)
	return t.kind == tIdent && isTypeKeyword(t.text)
}

// postfix := primary { '.' ident | '->' ident | '[' expr ']' | '++' | '--' }
func (p *parser) postfix() (Expr, error) {
	x, err := p.primary()
	if err != nil {
		return nil, err
	}
	return p.postfixOps(x)
}

func (p *parser) postfixOps(x Expr) (Expr, error) {
	for {
		t := p.peek()
		if t.kind != tPunct {
			return x, nil
		}
		switch t.text {
		case ".", "->":
			p.next()
			n := p.next()
			if n.kind != tIdent {
				return nil, errAt(n.pos, "expected member name after '%s'", t.text)
			}
			x = &memberExpr{t.pos, x, n.text, t.text == "->"}
		case "[":
			p.next()
			idx, err := p.expr()
			if err != nil {
				return nil, err
			}
			if err := p.expect("]"); err != nil {
				return nil, err
			}
			x = &indexExpr{t.pos, x, idx}
		case "++", "--":
			p.next()
			x = &postfixExpr{t.pos, t.text, x}
		case "(":
			return nil, errAt(t.pos, "function calls are not supported")
		default:
			return x, nil
		}
	}
}

// primary := ident | $reg | integer | char | string | '(' expr ')'
func (p *parser) primary() (Expr, error) {
	t := p.next()
	switch t.kind {
	case tIdent:
		if isTypeKeyword(t.text) || t.text == "sizeof" {
			return nil, errAt(t.pos, "unexpected keyword '%s'", t.text)
		}
		return &identExpr{t.pos, t.text}, nil
	case tReg:
		return &regExpr{t.pos, t.text}, nil
	case tInt:
		if isFloatLit(t.text) {
			f, typ, err := parseFloatLit(t)
			if err != nil {
				return nil, err
			}
			return &floatLit{t.pos, f, typ}, nil
		}
		v, typ, err := parseIntLit(t)
		if err != nil {
			return nil, err
		}
		return &intLit{t.pos, v, typ, t.text}, nil
	case tChar:
		v, err := parseCharLit(t)
		if err != nil {
			return nil, err
		}
		return &intLit{t.pos, v, "int", t.text}, nil
	case tString:
		b, err := unquote(t)
		if err != nil {
			return nil, err
		}
		return &strLit{t.pos, b}, nil
	case tEOF:
		return nil, errAt(t.pos, "expected expression at end of input")
	}
	if t.text == "(" {
		x, err := p.expr()
		if err != nil {
			return nil, err
		}
		if err := p.expect(")"); err != nil {
			return nil, err
		}
		return x, nil
	}
	return nil, errAt(t.pos, "expected expression, found '%s'", t.text)
}
