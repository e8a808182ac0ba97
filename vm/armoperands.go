package vm

import (
	"math/bits"

	"github.com/rewind-debugger/rewind/vm/thumb"
)

// FlowS0 is the Flow register number of s0 on a Cortex-M core (s0–s31
// follow it; r0–r15 are 0–15).
const FlowS0 = 32

// ThumbFlow is the Flow of the Thumb instruction at pc whose halfwords
// are hw1 and hw2 (hw2 only for a 32-bit one). Flags are not followed: a
// conditional instruction is classified as if it executes (whether it did
// is a matter of the moment: see ARMConditionPasses).
func ThumbFlow(hw1, hw2 uint16, pc uint32) Flow {
	in := thumb.Decode(hw1, hw2)
	f := Flow{Len: int(in.Size), Wback: -1, ReturnReg: -1, SysDst: -1}
	switch in.Op {
	case thumb.OpLDR, thumb.OpLDRB, thumb.OpLDRH, thumb.OpLDRSB, thumb.OpLDRSH, thumb.OpLDREX, thumb.OpLDREXB, thumb.OpLDREXH:
		thumbLoad(&f, &in, pc)
	case thumb.OpSTR, thumb.OpSTRB, thumb.OpSTRH:
		at := thumbAddr(&f, &in, pc, accessSize(in.Op))
		f.Stores = []MemFlow{{Mem: at, Src: []int{int(in.Rd)}}}
	case thumb.OpSTREX, thumb.OpSTREXB, thumb.OpSTREXH:
		at := MemRef{Base: int(in.Rn), Index: -1, Off: int32(in.Imm), Size: accessSize(in.Op)}
		f.Stores = []MemFlow{{Mem: at, Src: []int{int(in.Rd)}}}
		f.Regs = []RegFlow{{Reg: int(in.Rm), Class: DataStore}}
	case thumb.OpLDRD, thumb.OpSTRD:
		thumbPair(&f, &in, pc)
	case thumb.OpLDM, thumb.OpLDMDB, thumb.OpSTM, thumb.OpSTMDB:
		thumbMultiple(&f, &in)
	case thumb.OpBL, thumb.OpBLX:
		f.Regs = []RegFlow{{Reg: 14, Class: DataConst}}
		if in.Op == thumb.OpBLX {
			f.Return, f.ReturnReg = true, int(in.Rm)
		}
	case thumb.OpBX:
		f.Return, f.ReturnReg = true, int(in.Rm)
	case thumb.OpMRS:
		f.Regs = []RegFlow{{Reg: int(in.Rd), Class: DataCSR, Sys: uint16(in.Imm)}}
	case thumb.OpMSR:
		f.SysDst, f.SysSrc = int(in.Imm&0xff), int(in.Rn)
	case thumb.OpDSP:
		thumbDSP(&f, in.Imm)
	case thumb.OpVFP:
		thumbVFP(&f, in.Imm>>16, in.Imm&0xffff, pc)
	default:
		thumbALU(&f, &in)
	}
	return f
}

// accessSize is the bytes a load or store of op accesses.
func accessSize(op thumb.Op) int {
	switch op {
	case thumb.OpLDRB, thumb.OpLDRSB, thumb.OpSTRB, thumb.OpLDREXB, thumb.OpSTREXB:
		return 1
	case thumb.OpLDRH, thumb.OpLDRSH, thumb.OpSTRH, thumb.OpLDREXH, thumb.OpSTREXH:
		return 2
	}
	return 4
}

// thumbAddr is the address of a single load or store (noting its
// writeback in f).
func thumbAddr(f *Flow, in *thumb.Inst, pc uint32, size int) MemRef {
	if in.Op == thumb.OpLDREX || in.Op == thumb.OpLDREXB || in.Op == thumb.OpLDREXH {
		return MemRef{Base: int(in.Rn), Index: -1, Off: int32(in.Imm), Size: size}
	}
	if in.Rn == 15 { // a literal: the address is a constant
		a := (pc + 4) &^ 3
		if in.Flags&thumb.FAdd != 0 {
			a += in.Imm
		} else {
			a -= in.Imm
		}
		return MemRef{Base: -1, Index: -1, Off: int32(a), Size: size}
	}
	at := MemRef{Base: int(in.Rn), Index: -1, Size: size}
	if in.ShT != thumb.ShImm {
		at.Index, at.Shift = int(in.Rm), in.ShN
		return at
	}
	off := int32(in.Imm)
	if in.Flags&thumb.FAdd == 0 {
		off = -off
	}
	if in.Flags&thumb.FIndex != 0 {
		at.Off = off
	}
	if in.Flags&thumb.FWback != 0 {
		f.Wback, f.WbDelta = int(in.Rn), off
		f.Regs = append(f.Regs, RegFlow{Reg: int(in.Rn), Class: DataALU, Src: []int{int(in.Rn)}})
	}
	return at
}

// thumbLoad classifies a single-register load.
func thumbLoad(f *Flow, in *thumb.Inst, pc uint32) {
	at := thumbAddr(f, in, pc, accessSize(in.Op))
	if in.Rd == 15 {
		f.Return, f.ReturnMem = true, at
		return
	}
	f.Regs = append([]RegFlow{{Reg: int(in.Rd), Class: DataLoad, Mem: at}}, f.Regs...)
}

// thumbPair classifies LDRD and STRD (Rd at the address, Ra 4 above).
func thumbPair(f *Flow, in *thumb.Inst, pc uint32) {
	at := thumbAddr(f, in, pc, 4)
	hi := at
	hi.Off += 4
	if in.Op == thumb.OpSTRD {
		f.Stores = []MemFlow{{Mem: at, Src: []int{int(in.Rd)}}, {Mem: hi, Src: []int{int(in.Ra)}}}
		return
	}
	f.Regs = append([]RegFlow{{Reg: int(in.Rd), Class: DataLoad, Mem: at}, {Reg: int(in.Ra), Class: DataLoad, Mem: hi}}, f.Regs...)
}

// thumbMultiple classifies LDM, LDMDB, STM and STMDB (POP and PUSH): the
// lowest register at the lowest address.
func thumbMultiple(f *Flow, in *thumb.Inst) {
	list := in.Imm & 0xffff
	n := int32(bits.OnesCount32(list))
	start, delta := int32(0), 4*n
	if in.Op == thumb.OpLDMDB || in.Op == thumb.OpSTMDB {
		start, delta = -4*n, -4*n
	}
	load := in.Op == thumb.OpLDM || in.Op == thumb.OpLDMDB
	k := int32(0)
	for r := range 16 {
		if list&(1<<r) == 0 {
			continue
		}
		at := MemRef{Base: int(in.Rn), Index: -1, Off: start + 4*k, Size: 4}
		k++
		switch {
		case !load:
			f.Stores = append(f.Stores, MemFlow{Mem: at, Src: []int{r}})
		case r == 15:
			f.Return, f.ReturnMem = true, at
		case r != int(in.Rn) || in.Flags&thumb.FWback == 0:
			f.Regs = append(f.Regs, RegFlow{Reg: r, Class: DataLoad, Mem: at})
		}
	}
	if in.Flags&thumb.FWback != 0 {
		f.Wback, f.WbDelta = int(in.Rn), delta
		f.Regs = append(f.Regs, RegFlow{Reg: int(in.Rn), Class: DataALU, Src: []int{int(in.Rn)}})
	}
}

// thumbALU classifies the data-processing instructions.
func thumbALU(f *Flow, in *thumb.Inst) {
	rd, rn, rm, ra := int(in.Rd), int(in.Rn), int(in.Rm), int(in.Ra)
	op2 := []int{rm}
	if in.ShT == thumb.ShImm {
		op2 = nil
	}
	var srcs []int
	switch in.Op {
	case thumb.OpMOV, thumb.OpMVN:
		srcs = op2
	case thumb.OpADD, thumb.OpSUB, thumb.OpAND, thumb.OpEOR, thumb.OpORR, thumb.OpBIC, thumb.OpRSB,
		thumb.OpORN, thumb.OpADC, thumb.OpSBC:
		srcs = append([]int{rn}, op2...)
		if rn == 15 { // ADD Rd, pc, #imm: a constant
			srcs = op2
		}
	case thumb.OpLSLr, thumb.OpLSRr, thumb.OpASRr, thumb.OpRORr, thumb.OpMUL, thumb.OpSDIV, thumb.OpUDIV:
		srcs = []int{rn, rm}
	case thumb.OpMLA, thumb.OpMLS:
		srcs = []int{rn, rm, ra}
	case thumb.OpUMULL, thumb.OpSMULL:
		f.Regs = []RegFlow{{Reg: rd, Class: DataALU, Src: []int{rn, rm}}, {Reg: ra, Class: DataALU, Src: []int{rn, rm}}}
		return
	case thumb.OpSMLAL, thumb.OpUMLAL:
		s := []int{rn, rm, rd, ra}
		f.Regs = []RegFlow{{Reg: rd, Class: DataALU, Src: s}, {Reg: ra, Class: DataALU, Src: s}}
		return
	case thumb.OpMOVW, thumb.OpADR:
	case thumb.OpMOVT, thumb.OpBFC:
		srcs = []int{rd} // the other bits of Rd
	case thumb.OpBFI:
		srcs = []int{rd, rn}
	case thumb.OpSBFX, thumb.OpUBFX, thumb.OpSSAT, thumb.OpUSAT:
		srcs = []int{rn}
	case thumb.OpCLZ, thumb.OpRBIT, thumb.OpREV, thumb.OpREV16, thumb.OpREVSH:
		srcs = []int{rm}
	case thumb.OpSXTB, thumb.OpSXTH, thumb.OpUXTB, thumb.OpUXTH:
		srcs = []int{rm}
		if rn != 15 {
			srcs = []int{rn, rm}
		}
	default:
		return // branches, compares, hints, system
	}
	if rd == 15 {
		return
	}
	class := DataALU
	if len(srcs) == 0 {
		class = DataConst
	}
	f.Regs = []RegFlow{{Reg: rd, Class: class, Src: srcs}}
}

// thumbDSP classifies an ARMv7E-M DSP instruction from its halfwords:
// the long multiply-accumulates write RdLo and RdHi, the others Rd from
// Rn, Rm and an accumulator.
func thumbDSP(f *Flow, raw uint32) {
	h1, h2 := raw>>16, raw&0xffff
	rn, rm, rd, ra := int(h1&15), int(h2&15), int(h2>>8&15), int(h2>>12&15)
	switch {
	case h1&0xff80 == 0xfb80: // SMLAL<x><y>, SMLALD, SMLSLD, UMAAL
		s := []int{rn, rm, ra, rd}
		f.Regs = []RegFlow{{Reg: ra, Class: DataALU, Src: s}, {Reg: rd, Class: DataALU, Src: s}}
	case h1&0xff80 == 0xfb00: // multiplies with an optional accumulator
		s := []int{rn, rm}
		if ra != 15 {
			s = append(s, ra)
		}
		f.Regs = []RegFlow{{Reg: rd, Class: DataALU, Src: s}}
	case h1&0xfb50 == 0xf300: // SSAT16, USAT16
		f.Regs = []RegFlow{{Reg: rd, Class: DataALU, Src: []int{rn}}}
	default: // parallel add/subtract, saturating, packing, extend-add, SEL, USAD8
		s := []int{rm}
		if rn != 15 {
			s = []int{rn, rm}
		}
		f.Regs = []RegFlow{{Reg: rd, Class: DataALU, Src: s}}
	}
}

// ARMConditionPasses reports whether the instruction about to run on a
// Cortex-M core whose xPSR is xpsr executes: outside an IT block always,
// inside one when the block's condition holds for the flags.
func ARMConditionPasses(xpsr uint32) bool {
	it := uint8(xpsr>>25&3 | xpsr>>10&0x3f<<2)
	if it&15 == 0 {
		return true
	}
	return condTable[it>>4]>>(xpsr>>28&15)&1 != 0
}
