package cexpr

// MaxDepth bounds the nesting of a parsed expression.
const MaxDepth = 200

// parser is a precedence-climbing parser over a token slice.
type parser struct {
	toks  []token
	i     int
	depth int
}

// Parse parses one C expression. Errors carry a 1-based column:
// "unknown identifier 'foo' at column 7", "expected ')' at column 12".
func Parse(src string) (Expr, error) {
	if len(src) > MaxLen {
		return nil, errAt(MaxLen, "expression longer than %d bytes", MaxLen)
	}
	toks, err := lex(src)
	if err != nil {
		return nil, err
	}
	p := &parser{toks: toks}
	e, err := p.expr()
	if err != nil {
		return nil, err
	}
	if t := p.peek(); t.kind != tEOF {
		return nil, errAt(t.pos, "unexpected '%s'", t.text)
	}
	return e, nil
}

func (p *parser) peek() token { return p.toks[p.i] }

func (p *parser) peekAt(n int) token {
	if p.i+n < len(p.toks) {
		return p.toks[p.i+n]
	}
	return p.toks[len(p.toks)-1]
}

func (p *parser) next() token {
	t := p.toks[p.i]
	if t.kind != tEOF {
		p.i++
	}
	return t
}

// isPunct reports whether the next token is punctuator s.
func (p *parser) isPunct(s string) bool {
	t := p.peek()
	return t.kind == tPunct && t.text == s
}

// expect consumes punctuator s or fails.
func (p *parser) expect(s string) error {
	if !p.isPunct(s) {
		t := p.peek()
		if t.kind == tEOF {
			return errAt(t.pos, "expected '%s' at end of expression", s)
		}
		return errAt(t.pos, "expected '%s'", s)
	}
	p.next()
	return nil
}

// enter bumps the nesting depth; callers defer p.leave().
func (p *parser) enter() error {
	p.depth++
	if p.depth > MaxDepth {
		return errAt(p.peek().pos, "expression nested too deeply")
	}
	return nil
}

func (p *parser) leave() { p.depth-- }

// expr := assign { ',' assign }
func (p *parser) expr() (Expr, error) {
	x, err := p.assign()
	for err == nil && p.isPunct(",") {
		pos := p.next().pos
		var y Expr
		if y, err = p.assign(); err == nil {
			x = &commaExpr{pos, x, y}
		}
	}
	return x, err
}

var assignOps = map[string]bool{"=": true, "+=": true, "-=": true, "*=": true, "/=": true,
	"%=": true, "&=": true, "|=": true, "^=": true, "<<=": true, ">>=": true}

// assign := cond [ assignop assign ]
func (p *parser) assign() (Expr, error) {
	if err := p.enter(); err != nil {
		return nil, err
	}
	defer p.leave()
	x, err := p.cond()
	if err != nil {
		return nil, err
	}
	if t := p.peek(); t.kind == tPunct && assignOps[t.text] {
		p.next()
		y, err := p.assign()
		if err != nil {
			return nil, err
		}
		return &assignExpr{t.pos, t.text, x, y}, nil
	}
	return x, nil
}

// cond := binary [ '?' expr ':' cond ]
func (p *parser) cond() (Expr, error) {
	c, err := p.binary(1)
	if err != nil || !p.isPunct("?") {
		return c, err
	}
	if err := p.enter(); err != nil {
		return nil, err
	}
	defer p.leave()
	pos := p.next().pos
	yes, err := p.expr()
	if err != nil {
		return nil, err
	}
	if err := p.expect(":"); err != nil {
		return nil, err
	}
	no, err := p.cond()
	if err != nil {
		return nil, err
	}
	return &condExpr{pos, c, yes, no}, nil
}

// binPrec gives the precedence of binary operators (higher binds tighter).
var binPrec = map[string]int{
	"||": 1, "&&": 2, "|": 3, "^": 4, "&": 5, "==": 6, "!=": 6,
	"<": 7, "<=": 7, ">": 7, ">=": 7, "<<": 8, ">>": 8,
	"+": 9, "-": 9, "*": 10, "/": 10, "%": 10,
}

// binary parses left-associative binary operators of precedence >= min.
func (p *parser) binary(min int) (Expr, error) {
	x, err := p.unary()
	if err != nil {
		return nil, err
	}
	for {
		t := p.peek()
		prec, ok := binPrec[t.text]
		if t.kind != tPunct || !ok || prec < min {
			return x, nil
		}
		p.next()
		if err := p.enter(); err != nil {
			return nil, err
		}
		y, err := p.binary(prec + 1)
		p.leave()
		if err != nil {
			return nil, err
		}
		x = &binaryExpr{t.pos, t.text, x, y}
	}
}
