package cexpr

// Expr is a parsed C expression.
type Expr interface {
	// Pos returns the 0-based byte offset of the expression in its source.
	Pos() int
}

// Parsed expression nodes; pos is a 0-based byte offset.
type (
	identExpr struct {
		pos  int
		name string
	}
	regExpr struct {
		pos  int
		name string
	}
	intLit struct {
		pos  int
		val  uint64
		typ  string // canonical base type name
		text string
	}
	floatLit struct {
		pos int
		val float64
		typ string // "float" or "double"
	}
	strLit struct {
		pos int
		val []byte
	}
	unaryExpr struct {
		pos int
		op  string // - + ! ~ * & ++ -- sizeof
		x   Expr
	}
	postfixExpr struct {
		pos int
		op  string // ++ --
		x   Expr
	}
	memberExpr struct {
		pos   int
		x     Expr
		name  string
		arrow bool
	}
	indexExpr struct {
		pos    int
		x, idx Expr
	}
	castExpr struct {
		pos int
		tn  *typeName
		x   Expr
	}
	sizeofType struct {
		pos int
		tn  *typeName
	}
	// sizeofName is sizeof(name) where name may be a variable or a type.
	sizeofName struct {
		pos  int
		name string
	}
	binaryExpr struct {
		pos  int
		op   string
		x, y Expr
	}
	condExpr struct {
		pos        int
		c, yes, no Expr
	}
	assignExpr struct {
		pos int
		op  string // = += -= ...
		lhs Expr
		rhs Expr
	}
	commaExpr struct {
		pos  int
		x, y Expr
	}
)

// typeName is a parsed C type name: a base ("unsigned int", "struct node",
// "uint8_t"), its qualifiers, and pointer declarators.
type typeName struct {
	pos   int
	base  string
	quals []string   // qualifiers on the base
	ptrs  [][]string // one entry per '*', with its qualifiers
}

func (e *identExpr) Pos() int   { return e.pos }
func (e *regExpr) Pos() int     { return e.pos }
func (e *intLit) Pos() int      { return e.pos }
func (e *strLit) Pos() int      { return e.pos }
func (e *floatLit) Pos() int    { return e.pos }
func (e *unaryExpr) Pos() int   { return e.pos }
func (e *postfixExpr) Pos() int { return e.pos }
func (e *memberExpr) Pos() int  { return e.pos }
func (e *indexExpr) Pos() int   { return e.pos }
func (e *castExpr) Pos() int    { return e.pos }
func (e *sizeofType) Pos() int  { return e.pos }
func (e *sizeofName) Pos() int  { return e.pos }
func (e *binaryExpr) Pos() int  { return e.pos }
func (e *condExpr) Pos() int    { return e.pos }
func (e *assignExpr) Pos() int  { return e.pos }
func (e *commaExpr) Pos() int   { return e.pos }
