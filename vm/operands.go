package vm

// DataClass is how an instruction produces the value it writes, for a
// dataflow search (where did this value come from?).
type DataClass uint8

// Data classes.
const (
	DataNone  DataClass = iota // writes no register or memory (branch, fence, ...)
	DataConst                  // a constant of the instruction (lui, li, a link address, auipc)
	DataALU                    // computed from source registers
	DataLoad                   // loaded from memory (lr and AMOs load too)
	DataStore                  // stores a source register to memory
	DataCSR                    // read from a CSR
)

// Operands describe an RV32 instruction's data flow: the register it
// writes, the registers its value is computed from, and its memory access.
type Operands struct {
	Class DataClass
	Dst   int   // register written (0: none)
	Src   []int // registers the written value is computed from (x0 left out; an AMO's rs2)
	Base  int   // base register of a load or store
	Imm   int32 // the immediate (offset of a load or store; the constant of lui)
	Size  int   // bytes of a load or store
	CSR   uint16
	Len   int // instruction length: 2 or 4
}

// DecodeOperands decodes the instruction word w (only the low half for a
// compressed one).
func DecodeOperands(w uint32) Operands {
	in := decode(w)
	o := Operands{Imm: in.imm, Len: int(in.ln)}
	if o.Len == 0 {
		o.Len = 2
	}
	if in.rd != regSink {
		o.Dst = int(in.rd)
	}
	src := func(rs ...uint8) []int {
		var out []int
		for _, r := range rs {
			if r != 0 {
				out = append(out, int(r))
			}
		}
		return out
	}
	switch op := in.op; {
	case op == opLUI, op == opAUIPC, op == opJAL, op == opJALR:
		o.Class = DataConst
	case op >= opLB && op <= opLHU, op == opLR, op >= opAMOSWAP && op <= opAMOMAXU:
		o.Class, o.Base, o.Size = DataLoad, int(in.rs1), loadSize(op)
		if op >= opAMOSWAP { // an AMO also stores f(memory, rs2)
			o.Imm, o.Src = 0, src(in.rs2)
		}
	case op >= opSB && op <= opSW, op == opSC:
		o.Class, o.Base, o.Src, o.Size = DataStore, int(in.rs1), src(in.rs2), storeSize(op)
		if op == opSC {
			o.Imm = 0
		}
	case op >= opADDI && op <= opSRAI:
		o.Class, o.Src = DataALU, src(in.rs1)
		if in.rs1 == 0 {
			o.Class = DataConst
		}
	case op >= opADD && op <= opAND, op >= opMUL && op <= opREMU:
		o.Class, o.Src = DataALU, src(in.rs1, in.rs2)
	case op >= opCSRRW && op <= opCSRRCI:
		o.Class, o.CSR = DataCSR, uint16(in.imm&0xfff)
	default:
		o.Dst = 0
	}
	if o.Class == DataStore && in.op != opSC {
		o.Dst = 0
	}
	return o
}

func loadSize(op uint8) int {
	switch op {
	case opLB, opLBU:
		return 1
	case opLH, opLHU:
		return 2
	}
	return 4
}

func storeSize(op uint8) int {
	switch op {
	case opSB:
		return 1
	case opSH:
		return 2
	}
	return 4
}
