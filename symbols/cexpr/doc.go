// Package cexpr parses and evaluates C expressions against a debugged RV32
// (ILP32) program: identifiers, registers ($pc, $a0, $mcause), literals,
// member access, indexing, dereference, address-of, sizeof, casts to C type
// names, the arithmetic, bitwise, comparison, logical and conditional
// operators with C's integer promotions and usual arithmetic conversions,
// and assignment (plain and compound) written back through the Env.
//
// Types are delve's godwarf types. Two conventions matter to callers:
//
//   - Array types are sized as Count × element size; GCC's ByteSize of -1 on
//     array types is ignored.
//   - Bitfield members (StructField.BitSize != 0) are located in one of two
//     forms. If StructField.ByteSize == 0 (the DWARF 5 DW_AT_data_bit_offset
//     form), the field's least significant bit is bit BitOffset counted
//     from bit 0 of the byte at ByteOffset (BitOffset may exceed 7). If
//     StructField.ByteSize > 0 (the DWARF 2–4 DW_AT_bit_offset form, as godwarf
//     reads it), BitOffset counts from the most significant bit of the
//     ByteSize-byte little-endian storage unit at ByteOffset, so the least
//     significant bit is at ByteSize*8 - BitOffset - BitSize.
//
// A bitfield Value carries the normalised form: Addr is the byte address of
// the storage, BitOffset the least significant bit counted from bit 0 of the
// byte at Addr, BitSize its width.
package cexpr
