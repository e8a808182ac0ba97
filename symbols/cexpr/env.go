package cexpr

import "github.com/go-delve/delve/pkg/dwarf/godwarf"

// Env gives the evaluator access to the debugged program: names in the
// current scope, registers, types and memory.
type Env interface {
	// LookupVariable resolves an identifier in the current scope (locals,
	// parameters, statics, globals); an error if unknown.
	LookupVariable(name string) (Value, error)
	// LookupRegister resolves a register by name without '$' ("pc", "sp",
	// "a0", "x10", "mcause"); ok=false if there is none.
	LookupRegister(name string) (val uint32, ok bool)
	// LookupType resolves a type name: "int", "uint8_t", "struct node",
	// "union u", "enum color", typedef names. Base C types missing from the
	// debug info are synthesised by cexpr itself (int, unsigned, char, ...).
	LookupType(name string) (godwarf.Type, error)
	// ReadMemory fills buf from target memory at addr.
	ReadMemory(addr uint32, buf []byte) error
	// WriteMemory writes buf to target memory at addr.
	WriteMemory(addr uint32, buf []byte) error
	// WriteRegister sets a register by name without '$'.
	WriteRegister(name string, val uint32) error
}
