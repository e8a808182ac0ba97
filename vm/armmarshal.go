package vm

import (
	"bytes"
	"encoding/binary"
	"fmt"
)

// encodeBoardCPU writes the board fields beyond the RAM window and the
// devices: the time model, the semihosting heap, and the Cortex-M fields.
func encodeBoardCPU(e *encoder, b *Board) {
	e.u64(b.InstructionsPerSecond)
	e.u32(b.HeapBase)
	e.u32(b.HeapSize)
	e.u8(b2u8(b.StrictMMIO))
	e.str(b.CPU)
	e.u32(uint32(len(b.RAM)))
	for _, r := range b.RAM {
		e.u32(r.Base)
		e.u32(r.Size)
	}
	e.u32(uint32(b.IRQs))
	e.u64(b.CPUClockHz)
	e.u64(b.RefClockHz)
	e.u32(b.SysTickCalib)
}

func decodeBoardCPU(d *decoder, b *Board) {
	b.InstructionsPerSecond = d.u64()
	b.HeapBase, b.HeapSize = d.u32(), d.u32()
	b.StrictMMIO = d.u8() != 0
	b.CPU = string(d.bytes())
	n := d.count(8)
	for i := uint32(0); i < n && d.err == nil; i++ {
		b.RAM = append(b.RAM, Region{Base: d.u32(), Size: d.u32()})
	}
	b.IRQs = int(int32(d.u32()))
	b.CPUClockHz, b.RefClockHz = d.u64(), d.u64()
	b.SysTickCalib = d.u32()
}

// fields lists pointers to every field of the core state, in the encoded
// order. Adding a field to armState means adding it here.
func (a *armState) fields() []any {
	f := []any{&a.r, &a.spAlt, &a.nzcv, &a.q, &a.ge, &a.it, &a.ipsr, &a.tFault, &a.lockup,
		&a.primask, &a.faultmask, &a.basepri, &a.control, &a.excl, &a.exclAddr, &a.exclVal,
		&a.irqEnable, &a.irqPending, &a.irqActive, &a.irqLevel, &a.irqPrio, &a.sysPending, &a.sysActive, &a.shpr,
		&a.vtor, &a.prigroup, &a.scr, &a.ccr, &a.shcsr, &a.cfsr, &a.hfsr, &a.mmfar, &a.bfar, &a.cpacr,
		&a.stCSR, &a.stRVR, &a.stV0, &a.stStart, &a.stFired}
	return append(f, a.fpFields()...)
}

// encodeARM writes the whole Cortex-M core state.
func encodeARM(e *encoder, a *armState) {
	for _, p := range a.fields() {
		_ = binary.Write(e.w, binary.LittleEndian, p)
	}
}

// decodeARM reads the state encodeARM wrote.
func decodeARM(d *decoder, a *armState) {
	for _, p := range a.fields() {
		b := d.take(binary.Size(p))
		if b == nil {
			return
		}
		if err := binary.Read(bytes.NewReader(b), binary.LittleEndian, p); err != nil && d.err == nil {
			d.err = fmt.Errorf("%w: core state: %v", errSnapshot, err)
		}
	}
	a.prigroup &= 7
	if a.ipsr >= excIRQ0+armMaxIRQ {
		a.ipsr = 0
	}
}
