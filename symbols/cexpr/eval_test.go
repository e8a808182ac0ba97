package cexpr

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"testing"
)

// show renders a result as "type: value" for comparisons.
func show(t *testing.T, env Env, v Value) string {
	t.Helper()
	b, err := v.Load(env)
	if err != nil {
		return "load error: " + err.Error()
	}
	if !isScalar(v.Type) {
		return fmt.Sprintf("%s: % x", TypeName(v.Type), b)
	}
	s, err := scalarFromBytes(v.Type, b)
	if err != nil {
		return "decode error: " + err.Error()
	}
	switch {
	case s.float:
		return fmt.Sprintf("%s: %s", TypeName(v.Type), strconv.FormatFloat(s.f, 'g', -1, int(Size(v.Type))*8))
	case isPointer(v.Type):
		return fmt.Sprintf("%s: 0x%08x", TypeName(v.Type), s.bits)
	case isSigned(v.Type):
		return fmt.Sprintf("%s: %d", TypeName(v.Type), int64(s.bits))
	}
	return fmt.Sprintf("%s: %d", TypeName(v.Type), s.bits)
}

// The expected values follow C11 on ILP32 (int/long/pointer 4 bytes,
// long long 8, plain char unsigned as on RISC-V).
var evalCases = []struct{ expr, want string }{
	// literals and their types (6.4.4.1)
	{"42", "int: 42"},
	{"0x7fffffff", "int: 2147483647"},
	{"0x80000000", "unsigned int: 2147483648"},
	{"2147483648", "long long: 2147483648"},
	{"4294967295u", "unsigned int: 4294967295"},
	{"017", "int: 15"},
	{"0b1011", "int: 11"},
	{"10l", "long: 10"},
	{"10ul", "unsigned long: 10"},
	{"10LL", "long long: 10"},
	{"0xffffffffffffffff", "unsigned long long: 18446744073709551615"},
	{"'a'", "int: 97"},
	{"'\\n'", "int: 10"},
	{"'\\x41'", "int: 65"},
	{"'\\101'", "int: 65"},
	{"'\\0'", "int: 0"},
	{"'\\xff'", "int: 255"},
	{"'\\''", "int: 39"},
	// arithmetic, wrap-around, conversions (6.3.1.1, 6.3.1.8)
	{"1 + 2 * 3", "int: 7"},
	{"(1 + 2) * 3", "int: 9"},
	{"2147483647 + 1", "int: -2147483648"},
	{"0xffffffffu + 1", "unsigned int: 0"},
	{"-1 < 0u", "int: 0"},
	{"-1 < 0", "int: 1"},
	{"-1 < 0ll", "int: 1"},
	{"-1 == 0xffffffff", "int: 1"},
	{"u + 1", "unsigned int: 0"},
	{"u > i", "int: 1"},
	{"uc + 1", "int: 201"},
	{"uc * uc", "int: 40000"},
	{"sc", "signed char: -3"},
	{"sc + 0", "int: -3"},
	{"sh * 2", "int: -4"},
	{"us + us", "int: 131070"},
	{"ll * 2", "long long: -10"},
	{"ll + u", "long long: 4294967290"},
	{"-7 / 2", "int: -3"},
	{"-7 % 2", "int: -1"},
	{"7 / -2", "int: -3"},
	{"7u / 2", "unsigned int: 3"},
	{"-7 / 2u", "unsigned int: 2147483644"},
	{"(-2147483647 - 1) / -1", "int: -2147483648"},
	{"1 << 31", "int: -2147483648"},
	{"1u << 31", "unsigned int: 2147483648"},
	{"-16 >> 2", "int: -4"},
	{"0x80000000 >> 4", "unsigned int: 134217728"},
	{"1ll << 40", "long long: 1099511627776"},
	{"uc << 24", "int: -939524096"},
	{"~0", "int: -1"},
	{"~0u", "unsigned int: 4294967295"},
	{"~uc", "int: -201"},
	{"-uc", "int: -200"},
	{"-0x80000000", "unsigned int: 2147483648"},
	{"!5", "int: 0"},
	{"!0", "int: 1"},
	{"6 & 3 | 8 ^ 1", "int: 11"},
	{"5 > 3 && 2 > 1", "int: 1"},
	{"0 || 0", "int: 0"},
	{"0 && 1/0", "int: 0"},
	{"1 || 1/0", "int: 1"},
	{"1 ? 2 : 3", "int: 2"},
	{"0 ? 2 : 3u", "unsigned int: 3"},
	{"i ? 1 : 2ll", "long long: 1"},
	{"1, 2", "int: 2"},
	{"(char)300", "char: 44"},
	{"(signed char)200", "signed char: -56"},
	{"(unsigned char)-1", "unsigned char: 255"},
	{"(short)0x18000", "short: -32768"},
	{"(unsigned)-1", "unsigned int: 4294967295"},
	{"(long long)-1", "long long: -1"},
	{"(unsigned long long)-1", "unsigned long long: 18446744073709551615"},
	{"(unsigned long long)-1 >> 63", "unsigned long long: 1"},
	{"(_Bool)5", "_Bool: 1"},
	{"(uint8_t)0x1ff", "uint8_t: 255"},
	{"(const volatile unsigned int)7", "const volatile unsigned int: 7"},
	{"(long unsigned int)1", "unsigned long: 1"},
	{"(double)7 / 2", "double: 3.5"},
	{"(int)((double)7 / 2)", "int: 3"},
	{"(float)1 / 4", "float: 0.25"},
	// sizeof (6.5.3.4)
	{"sizeof(int)", "unsigned int: 4"},
	{"sizeof(long)", "unsigned int: 4"},
	{"sizeof(long long)", "unsigned int: 8"},
	{"sizeof(char *)", "unsigned int: 4"},
	{"sizeof(struct point)", "unsigned int: 8"},
	{"sizeof(point_t)", "unsigned int: 8"},
	{"sizeof pt", "unsigned int: 8"},
	{"sizeof(arr)", "unsigned int: 16"},
	{"sizeof arr / sizeof arr[0]", "unsigned int: 4"},
	{"sizeof(grid)", "unsigned int: 24"},
	{"sizeof(grid[1])", "unsigned int: 12"},
	{"sizeof(uc + 1)", "unsigned int: 4"},
	{"sizeof(1ll)", "unsigned int: 8"},
	{"sizeof(big)", "unsigned long long: 4294967296"},
	{"sizeof big[0]", "unsigned int: 4194304"},
	{"sizeof \"abc\"", "unsigned int: 4"},
	{"sizeof(gone)", "unsigned int: 4"},
	// variables, members, arrays, pointers
	{"pt.x", "int: 3"},
	{"pt.y", "int: -4"},
	{"pp->x + pp->y", "int: -1"},
	{"(*pp).y", "int: -4"},
	{"pp", "point_t *: 0x80000000"},
	{"&pt", "struct point *: 0x80000000"},
	{"&pt.y", "int *: 0x80000004"},
	{"arr[2]", "int: 30"},
	{"2[arr]", "int: 30"},
	{"*(arr + 3)", "int: 40"},
	{"arr", "int [4]: 0a 00 00 00 14 00 00 00 1e 00 00 00 28 00 00 00"},
	{"arr + 1", "int *: 0x80000014"},
	{"&arr[3] - &arr[0]", "int: 3"},
	{"&arr[0] - &arr[3]", "int: -3"},
	{"&arr", "int (*)[4]: 0x80000010"},
	{"&arr + 1", "int (*)[4]: 0x80000020"},
	{"grid[1][2]", "int: 6"},
	{"grid[0][4]", "int: 5"},
	{"*grid[1]", "int: 4"},
	{"grid + 1", "int (*)[3]: 0x8000002c"},
	{"n1.next->val", "int: 2"},
	{"n1.next->next", "struct node *: 0x00000000"},
	{"n1.next == &n2", "int: 1"},
	{"!n2.next", "int: 1"},
	{"n1.next > &n1", "int: 1"},
	{"fl.a", "unsigned int: 5"},
	{"fl.b", "int: -3"},
	{"fl.c", "unsigned int: 200"},
	{"fl4.a", "unsigned int: 5"},
	{"fl4.b", "int: -3"},
	{"fl4.c", "unsigned int: 200"},
	{"fl.b * 2", "int: -6"},
	{"msg[1]", "char: 101"},
	{"*msg", "char: 104"},
	{"\"abc\"[1]", "char: 98"},
	{"un.b[0]", "unsigned char: 68"},
	{"un.b[3]", "unsigned char: 17"},
	{"col", "enum color: 6"},
	{"col + 1", "unsigned int: 7"}, // GCC: an enum without negative values is unsigned int,
	{"(enum color)5", "enum color: 5"},
	{"cv8 + 1", "int: 10"},
	{"nest.p.y", "int: 8"},
	{"nest.w", "int: 9"},
	{"nest.h", "short: 9"},
	{"rv", "int: 42"},
	{"rv * 2", "int: 84"},
	{"(char *)pp + 1", "char *: 0x80000001"},
	{"(void *)pp + 1", "void *: 0x80000001"},
	{"(struct point *)0x80000000 + 1", "struct point *: 0x80000008"},
	{"((struct point *)0x80000000)->y", "int: -4"},
	{"*(int *)0x80000074", "int: 7"},
	{"(unsigned)pp", "unsigned int: 2147483648"},
	{"pp != 0", "int: 1"},
	// enumerators resolved against the other operand's enum type
	{"col == BLUE", "int: 1"},
	{"BLUE == col", "int: 1"},
	{"col != GREEN", "int: 1"},
	{"col - GREEN", "unsigned int: 1"},
	// floating point (soft-float doubles exist in firmware too)
	{"1.5", "double: 1.5"},
	{"1.5f", "float: 1.5"},
	{"2.5e2 + 1", "double: 251"},
	{"1e-1 * 10", "double: 1"},
	{"(int)-2.7", "int: -2"},
	{"(unsigned char)3.9", "unsigned char: 3"},
	{"1.0 / 0 > 1e308", "int: 1"},
	{"0.1f == 0.1", "int: 0"},
	{"!0.0", "int: 1"},
	{"-1.5 < 1", "int: 1"},
	{"(float)0.1 + 0.2f", "float: 0.3"},
	{"i ? 1.5 : 2", "double: 1.5"},
	// conditional and comma
	{"0 ? pp : 0", "point_t *: 0x00000000"},
	{"pp ? pp->x : 0", "int: 3"},
	{"n2.next ? n2.next->val : -1", "int: -1"},
	{"sizeof(i = 99), i", "int: 7"},
	// values not in memory, functions, void pointers
	{"rpt.y", "int: -6"},
	{"rpt.x + rfl.c", "unsigned int: 205"},
	{"rfl.b", "int: -3"},
	{"(unsigned)main", "unsigned int: 2147483904"},
	{"&main", "int (*)(int, char *): 0x80000100"},
	{"fnp == main", "int: 1"},
	{"(unsigned)*fnp", "unsigned int: 2147483904"},
	{"fnp + 1", "int (*)(int, char *): 0x80000101"}, // GNU C: sizeof of a function is 1
	{"*(int *)vp", "int: 7"},
	{"vp + 1", "void *: 0x80000075"},
	{"(char)vp", "char: 116"},
	{"(long long)(int)vp", "long long: -2147483532"},
	// registers
	{"$a0", "int: 42"},
	{"$a1", "int: -2"},
	{"$pc", "void *: 0x80000100"},
	{"$sp + 4", "void *: 0x80000804"},
	{"$mcause & 0xff", "unsigned int: 11"},
	{"$mcause >> 31", "unsigned int: 1"},
}

func TestEval(t *testing.T) {
	for _, c := range evalCases {
		env := newFakeEnv()
		e, err := Parse(c.expr)
		if err != nil {
			t.Errorf("Parse(%q): %v", c.expr, err)
			continue
		}
		v, err := Eval(e, env)
		if err != nil {
			t.Errorf("Eval(%q): %v", c.expr, err)
			continue
		}
		if got := show(t, env, v); got != c.want {
			t.Errorf("Eval(%q) = %q, want %q", c.expr, got, c.want)
		}
	}
}

// Assignments: the expression, its result, and a check expression with
// its value afterwards.
var assignCases = []struct{ expr, want, check, after string }{
	{"i = 5", "int: 5", "i", "int: 5"},
	{"i += 3", "int: 10", "i", "int: 10"},
	{"i -= 10", "int: -3", "i", "int: -3"},
	{"i *= 6", "int: 42", "i", "int: 42"},
	{"i /= 2", "int: 3", "i", "int: 3"},
	{"i %= 4", "int: 3", "i", "int: 3"},
	{"i <<= 2", "int: 28", "i", "int: 28"},
	{"i >>= 1", "int: 3", "i", "int: 3"},
	{"i &= 3", "int: 3", "i", "int: 3"},
	{"i |= 8", "int: 15", "i", "int: 15"},
	{"i ^= 1", "int: 6", "i", "int: 6"},
	{"uc = 300", "unsigned char: 44", "uc", "unsigned char: 44"},
	{"uc += 100", "unsigned char: 44", "uc", "unsigned char: 44"},
	{"sc = 200", "signed char: -56", "sc", "signed char: -56"},
	{"pt.y = -1", "int: -1", "pt.x + pt.y", "int: 2"},
	{"pp->x = 11", "int: 11", "pt.x", "int: 11"},
	{"arr[1] = arr[2] + 1", "int: 31", "arr[1]", "int: 31"},
	{"grid[1][1] = 50", "int: 50", "grid[1][1] + grid[1][2]", "int: 56"},
	{"fl.a = 9", "unsigned int: 1", "fl.a + fl.c", "unsigned int: 201"},
	{"fl.b = 15", "int: 15", "fl.b", "int: 15"},
	{"fl.b = 16", "int: -16", "fl.c", "unsigned int: 200"},
	{"fl.c = 0x1ff", "unsigned int: 255", "fl.b", "int: -3"},
	{"fl4.b = -1", "int: -1", "fl4.a + fl4.c", "unsigned int: 205"},
	{"pp += 1", "point_t *: 0x80000008", "pp", "point_t *: 0x80000008"},
	{"++i", "int: 8", "i", "int: 8"},
	{"--i", "int: 6", "i", "int: 6"},
	{"rv = 7", "int: 7", "$a0", "int: 7"},
	{"$a1 = -5", "int: -5", "rv + $a1", "int: 37"},
	{"i = u", "int: -1", "i", "int: -1"},
	{"ll = u", "long long: 4294967295", "ll", "long long: 4294967295"},
	{"ll = i", "long long: 7", "ll", "long long: 7"},
	{"n2 = pt", "", "", ""},
	{"n2 = n1", "struct node: 01 00 00 00 48 00 00 80", "n2.next->val", "int: 1"}, // n2.next now points to n2 itself
	{"col = GREEN", "enum color: 5", "col", "enum color: 5"},
	{"col += GREEN", "enum color: 11", "col", "enum color: 11"},
	{"i = 2.9", "int: 2", "i", "int: 2"},
	{"n1.next = 0", "struct node *: 0x00000000", "n1.next", "struct node *: 0x00000000"},
	{"i = 1, u = 2", "unsigned int: 2", "i + u", "unsigned int: 3"},
	{"i = u = 5", "int: 5", "u", "unsigned int: 5"},
	{"col = GREEN2", "", "", ""},
	{"col = 5", "enum color: 5", "col", "enum color: 5"},
	{"nest.h = 0x10001", "short: 1", "nest.w", "int: 1"},
}

func TestAssign(t *testing.T) {
	for _, c := range assignCases {
		env := newFakeEnv()
		v, err := evalString(c.expr, env)
		if c.want == "" {
			if err == nil {
				t.Errorf("%q: no error", c.expr)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v", c.expr, err)
			continue
		}
		if got := show(t, env, v); got != c.want {
			t.Errorf("%q = %q, want %q", c.expr, got, c.want)
		}
		w, err := evalString(c.check, env)
		if err != nil {
			t.Errorf("%q then %q: %v", c.expr, c.check, err)
			continue
		}
		if got := show(t, env, w); got != c.after {
			t.Errorf("%q then %q = %q, want %q", c.expr, c.check, got, c.after)
		}
	}
}

func evalString(src string, env Env) (Value, error) {
	e, err := Parse(src)
	if err != nil {
		return Value{}, err
	}
	return Eval(e, env)
}

var errorCases = []struct{ expr, want string }{
	{"1 + foo", "unknown identifier 'foo' at column 5"},
	{"(1 + 2", "expected ')' at end of expression at column 7"},
	{"1 +", "expected expression at end of input at column 4"},
	{"1 / 0", "division by zero at column 3"},
	{"5 % (i - 7)", "division by zero at column 3"},
	{"1 << 32", "shift count 32 out of range for 'int' at column 3"},
	{"1 << -1", "shift count -1 out of range for 'int' at column 3"},
	{"pt.z", "struct point has no member named 'z' at column 3"},
	{"i.x", "member 'x' requested in 'int', not a struct or union at column 2"},
	{"i->x", "'->' applied to 'int', not a pointer at column 2"},
	{"*i", "cannot dereference a value of type 'int' at column 1"},
	{"&1", "cannot take the address of a value not in memory at column 1"},
	{"&fl.a", "cannot take the address of a bitfield at column 1"},
	{"&rv", "cannot take the address of a value held in register a0 at column 1"},
	{"1 = 2", "left side of assignment is not an lvalue at column 3"},
	{"gone + 1", "cannot read value: value optimized out at column 1"},
	{"gone = 1", "cannot assign to a value that is optimized out at column 1"},
	{"gonept.x + 1", "cannot read value: value optimized out at column 7"},
	{"&rpt", "cannot take the address of a value not in memory at column 1"},
	{"rpt.x = 1", "left side of assignment is not an lvalue at column 7"},
	{"vp[1]", "cannot subscript a 'void *' at column 3"},
	{"main = 0", "cannot assign to a value of type 'int (int, char *)' at column 6"},
	{"pt ? 1 : 2", "operand of type 'struct point' is not a number or pointer at column 1"},
	{"(struct point)1", "cannot cast to 'struct point' at column 1"},
	{"(int *)1.5", "bad cast: cannot convert double to int * at column 1"},
	{"pp - arr", "subtraction of incompatible pointers (point_t * and int *) at column 4"},
	{"1.5 % 2", "invalid operands to '%' (double and double) at column 5"},
	{"1.5 << 2", "invalid operands to '<<' (double and int) at column 5"},
	{"~1.5", "invalid operand to unary '~' (double) at column 1"},
	{"-pp", "invalid operand to unary '-' (point_t *) at column 1"},
	{"1.2.3", "invalid floating constant '1.2.3' at column 1"},
	{"$nope", "unknown register '$nope' at column 1"},
	{"(struct nope *)0", "unknown type 'struct nope' at column 2"},
	{"sizeof(nope)", "unknown identifier 'nope' at column 8"},
	{"(unsigned short long)1", "bad type name at column 2"},
	{"pt + 1", "operand of type 'struct point' is not a number or pointer at column 1"},
	{"pp * 2", "invalid operands to '*' (point_t * and int) at column 4"},
	{"99999999999999999999", "integer literal '99999999999999999999' too large at column 1"},
	{"09", "invalid digit '9' in integer literal '09' at column 1"},
	{"1ulu", "invalid suffix 'ulu' on integer literal at column 1"},
	{"'ab'", "character constant must hold one character at column 1"},
	{"'\\q'", "unknown escape '\\q' at column 3"},
	{"i++", "'++' is not supported; use '+= 1' at column 2"},
	{"f(1)", "function calls are not supported at column 2"},
	{"1 @ 2", "unexpected character '@' at column 3"},
	{"1 2", "unexpected '2' at column 3"},
	{"*(int *)0 + 1", "cannot read value: read 4 bytes at 0x00000000: cannot access memory at 0x00000000 at column 1"},
	{"*(void *)pp", "cannot dereference a 'void *' at column 1"},
	{"big = pt", "cannot assign to a value of type 'int [1024][1048576]' at column 5"},
	{strings.Repeat("(", 300) + "1" + strings.Repeat(")", 300), "expression nested too deeply"},
	{strings.Repeat("~", 300) + "1", "expression nested too deeply"},
	{strings.Repeat("1+", 3000) + "1", "expression longer than 4096 bytes at column 4097"},
}

func TestLoadTooLarge(t *testing.T) {
	env := newFakeEnv()
	v, err := evalString("big", env)
	if err != nil {
		t.Fatal(err)
	}
	_, err = v.Load(env)
	want := "value of type int [1024][1048576] too large to load (4294967296 bytes)"
	if err == nil || err.Error() != want {
		t.Fatalf("Load: %v, want %q", err, want)
	}
}

func TestUnknownIdentifierUnwraps(t *testing.T) {
	_, err := evalString("  foo", newFakeEnv())
	var e *Error
	if !errors.As(err, &e) || e.Col != 3 || e.Err == nil || !strings.Contains(e.Err.Error(), "no symbol") {
		t.Fatalf("error %#v", err)
	}
}

func TestErrors(t *testing.T) {
	for _, c := range errorCases {
		_, err := evalString(c.expr, newFakeEnv())
		if err == nil {
			t.Errorf("%q: no error, want %q", c.expr, c.want)
			continue
		}
		if !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%q: error %q, want %q", c.expr, err, c.want)
		}
	}
}
