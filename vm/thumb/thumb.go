// Package thumb decodes the Thumb and Thumb-2 instruction sets of ARMv7-M
// (Cortex-M3/M4) into a small predecoded form that an executor switches on.
// It knows nothing of a machine: Decode takes the instruction halfwords and
// returns an Inst. Decoding never panics; anything it does not recognise is
// OpUndef (an executor raises UsageFault UNDEFINSTR for it), and
// coprocessor space is OpCoproc (UsageFault NOCP when no coprocessor
// answers).
package thumb

// Op is a decoded operation.
type Op uint8

// Inst is one decoded instruction (16 bytes, so a per-page cache of them
// stays small). Register fields are 0-15. The meaning of Imm, Sh and Cond
// depends on Op; see the Op constants.
type Inst struct {
	Op    Op
	Rd    uint8 // destination (Rt for loads and stores, RdLo for long multiplies)
	Rn    uint8 // first operand / base
	Rm    uint8 // second operand / offset register
	Ra    uint8 // accumulator, Rt2 of LDRD/STRD, RdHi of long multiplies
	Size  uint8 // 2 or 4 bytes
	Flags uint8 // F* bits
	ShT   uint8 // shift type of the second operand (Sh* constants)
	ShN   uint8 // shift amount (1-32) or rotation/width, per Op
	Cond  uint8 // condition of a conditional branch (0-14)
	X     uint8 // free for an executor's own classification; Decode leaves it 0
	_     byte
	Imm   uint32 // immediate, offset, register list or system register
}

// Flags bits.
const (
	FS      uint8 = 1 << iota // sets the flags
	FSIT                      // 16-bit encoding: sets the flags only outside an IT block
	FImmC                     // the immediate defines the carry out (ThumbExpandImm with rotation)
	FImmCV                    // value of that carry
	FAdd                      // loads/stores: add the offset (else subtract)
	FIndex                    // loads/stores: pre-indexed (offset applies to the address)
	FWback                    // loads/stores: write the address back to Rn
	FUnpriv                   // loads/stores: LDRT/STRT family (unprivileged access)
)

// Shift types.
const (
	ShLSL uint8 = iota
	ShLSR
	ShASR
	ShROR
	ShRRX
)

// Is32 reports whether a halfword starts a 32-bit instruction.
func Is32(hw1 uint16) bool { return hw1>>11 >= 0x1d }

// Decode decodes the instruction whose first halfword is hw1; hw2 is the
// following halfword, used only when Is32(hw1).
func Decode(hw1, hw2 uint16) Inst {
	if Is32(hw1) {
		in := decode32(uint32(hw1), uint32(hw2))
		in.Size = 4
		return in
	}
	in := decode16(uint32(hw1))
	in.Size = 2
	return in
}
