package cexpr

import (
	"strings"
)

// MaxLen is the longest expression source Parse accepts.
const MaxLen = 4096

// tokKind classifies tokens.
type tokKind int

const (
	tEOF tokKind = iota
	tIdent
	tReg
	tInt
	tChar
	tString
	tPunct
)

// token is one lexical token; pos is its 0-based byte offset.
type token struct {
	kind tokKind
	text string // identifier, register name (without '$'), punctuator, or literal source
	pos  int
}

// puncts lists the punctuators, longest first so the lexer is greedy.
var puncts = []string{
	"<<=", ">>=",
	"->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||",
	"+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=",
	"(", ")", "[", "]", ".", ",", "?", ":",
	"+", "-", "*", "/", "%", "&", "|", "^", "!", "~", "<", ">", "=",
}

func isIdentStart(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

func isIdentChar(c byte) bool { return isIdentStart(c) || c >= '0' && c <= '9' }

// lex splits src into tokens, ending with tEOF.
func lex(src string) ([]token, error) {
	var toks []token
	i := 0
	for i < len(src) {
		c := src[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v':
			i++
		case isIdentStart(c):
			j := i + 1
			for j < len(src) && isIdentChar(src[j]) {
				j++
			}
			toks = append(toks, token{tIdent, src[i:j], i})
			i = j
		case c == '$':
			j := i + 1
			for j < len(src) && isIdentChar(src[j]) {
				j++
			}
			if j == i+1 {
				return nil, errAt(i, "expected register name after '$'")
			}
			toks = append(toks, token{tReg, src[i+1 : j], i})
			i = j
		case c >= '0' && c <= '9':
			j := i + 1
			hex := len(src) > i+1 && (src[i+1] == 'x' || src[i+1] == 'X')
			for j < len(src) && (isIdentChar(src[j]) || src[j] == '.' ||
				!hex && (src[j] == '+' || src[j] == '-') && (src[j-1] == 'e' || src[j-1] == 'E')) {
				j++
			}
			toks = append(toks, token{tInt, src[i:j], i})
			i = j
		case c == '\'' || c == '"':
			j, err := scanQuoted(src, i)
			if err != nil {
				return nil, err
			}
			k := tChar
			if c == '"' {
				k = tString
			}
			toks = append(toks, token{k, src[i:j], i})
			i = j
		default:
			p := matchPunct(src[i:])
			if p == "" {
				return nil, errAt(i, "unexpected character %q", rune(c))
			}
			toks = append(toks, token{tPunct, p, i})
			i += len(p)
		}
	}
	return append(toks, token{tEOF, "", len(src)}), nil
}

// matchPunct returns the longest punctuator at the start of s, or "".
func matchPunct(s string) string {
	for _, p := range puncts {
		if strings.HasPrefix(s, p) {
			return p
		}
	}
	return ""
}

// scanQuoted returns the end offset (exclusive) of the quoted literal
// starting at src[i].
func scanQuoted(src string, i int) (int, error) {
	q := src[i]
	for j := i + 1; j < len(src); j++ {
		switch src[j] {
		case '\\':
			j++
		case q:
			return j + 1, nil
		case '\n':
			return 0, errAt(i, "unterminated literal")
		}
	}
	return 0, errAt(i, "unterminated literal")
}
