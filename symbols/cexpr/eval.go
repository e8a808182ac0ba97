package cexpr

// Eval evaluates e in env with C semantics on ILP32: integer promotions,
// usual arithmetic conversions, wrap-around, pointer arithmetic scaled by
// element size, . -> [] * & sizeof, casts, ?: && || ! ~, comparisons and
// assignment (plain and compound) written through env.
func Eval(e Expr, env Env) (Value, error) {
	return Value{}, errAt(e.Pos(), "evaluation not implemented yet")
}
