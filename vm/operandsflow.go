package vm

// Flow is an instruction's data flow in a form both architectures share:
// the registers it writes (each with where its value comes from) and the
// memory it writes (with the registers stored there). Register numbers
// are the architecture's: RISC-V x0–x31; Cortex-M r0–r15 and, from
// FlowS0, the single-precision registers s0–s31. Addresses are register
// expressions (MemRef) the caller evaluates with the registers the
// instruction sees.
type Flow struct {
	Len    int       // instruction length in bytes: 2 or 4
	Regs   []RegFlow // registers written (the pc left out)
	Stores []MemFlow // memory written
	// Wback is the register a load or store writes its address back to
	// and WbDelta what it adds to it (Regs holds it too); -1: none.
	Wback   int
	WbDelta int32
	// Return is set when the instruction may write the pc from a
	// register or memory (BX, POP {pc}, LDR pc): on a Cortex-M core in
	// Handler mode that can be an exception return. ReturnReg is the
	// register (-1 when the pc is loaded from memory at ReturnMem).
	Return    bool
	ReturnReg int
	ReturnMem MemRef
	// SysDst is the Cortex-M special register (SYSm) an MSR writes from
	// register SysSrc; -1: none.
	SysDst, SysSrc int
}

// MemRef is an address expression: the value of Base (or 0 when Base is
// -1) plus Off plus Index shifted left by Shift (when Index is not -1);
// Size bytes are accessed there.
type MemRef struct {
	Base  int
	Index int
	Shift uint8
	Off   int32
	Size  int
}

// Addr evaluates the expression with reg reading a register.
func (r MemRef) Addr(reg func(int) uint32) uint32 {
	a := uint32(r.Off)
	if r.Base >= 0 {
		a += reg(r.Base)
	}
	if r.Index >= 0 {
		a += reg(r.Index) << r.Shift
	}
	return a
}

// RegFlow is one register an instruction writes and where its value
// comes from.
type RegFlow struct {
	Reg   int
	Class DataClass // DataConst, DataALU, DataLoad, DataCSR or DataStore (a status result)
	Src   []int     // DataALU: the registers it is computed from
	Mem   MemRef    // DataLoad: the memory read
	Sys   uint16    // DataCSR: the CSR, or the Cortex-M SYSm of an MRS
}

// MemFlow is memory an instruction writes: Src holds the registers whose
// bytes are stored there, low address first (none: a constant); OldToo
// says the stored value depends on the memory it replaces (an AMO).
type MemFlow struct {
	Mem    MemRef
	Src    []int
	OldToo bool
}

// Writes reports whether the instruction writes register r.
func (f Flow) Writes(r int) bool {
	for _, w := range f.Regs {
		if w.Reg == r {
			return true
		}
	}
	return false
}

// RISCVFlow is the Flow of the RV32 instruction word w (only the low half
// for a compressed one).
func RISCVFlow(w uint32) Flow {
	o := DecodeOperands(w)
	f := Flow{Len: o.Len, Wback: -1, ReturnReg: -1, SysDst: -1}
	at := MemRef{Base: o.Base, Index: -1, Off: o.Imm, Size: o.Size}
	switch o.Class {
	case DataStore:
		f.Stores = []MemFlow{{Mem: at, Src: o.Src}}
		if o.Dst > 0 { // sc writes its success flag
			f.Regs = []RegFlow{{Reg: o.Dst, Class: DataStore}}
		}
	case DataLoad:
		if o.Dst > 0 {
			f.Regs = []RegFlow{{Reg: o.Dst, Class: DataLoad, Mem: at}}
		}
		if len(o.Src) > 0 || o.Imm == 0 && o.Size == 4 && isAMO(w) { // an AMO also stores
			f.Stores = []MemFlow{{Mem: at, Src: o.Src, OldToo: true}}
		}
	case DataNone:
	default:
		if o.Dst > 0 {
			f.Regs = []RegFlow{{Reg: o.Dst, Class: o.Class, Src: o.Src, Sys: o.CSR}}
		}
	}
	return f
}

// isAMO reports whether w is an atomic memory operation other than lr.
func isAMO(w uint32) bool {
	return w&0x7f == 0x2f && w>>27 != 2
}
