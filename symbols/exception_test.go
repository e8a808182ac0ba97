package symbols

import (
	"encoding/binary"
	"testing"
)

// excCase is a synthetic Cortex-M exception entry: the handler's caller
// state (pc = EXC_RETURN), the stacks and what the unwinder must find.
type excCase struct {
	name     string
	exc      uint32
	xpsr     uint32
	psp      uint32 // 0: the target has no SystemRegisters answer
	fpccr    uint32
	fpcar    uint32
	wantSP   uint32
	wantS0   uint32
	wantOK   bool
	stackLoc uint32 // where the frame is
}

// TestCortexMExceptionFrames unwinds basic and extended frames on MSP and
// PSP, with and without the xPSR alignment word, with lazy FP stacking
// pending or done.
func TestCortexMExceptionFrames(t *testing.T) {
	const msp, psp = 0x20000100, 0x20000400
	cases := []excCase{
		{name: "thread MSP basic", exc: 0xfffffff9, xpsr: 0x01000000, stackLoc: msp,
			wantSP: msp + 0x20, wantS0: 0x5050, wantOK: true},
		{name: "handler MSP basic aligned", exc: 0xfffffff1, xpsr: 0x01000200, stackLoc: msp,
			wantSP: msp + 0x24, wantS0: 0x5050, wantOK: true},
		{name: "thread PSP basic", exc: 0xfffffffd, xpsr: 0x01000000, psp: psp, stackLoc: psp,
			wantSP: psp + 0x20, wantS0: 0x5050, wantOK: true},
		{name: "thread PSP without psp", exc: 0xfffffffd, stackLoc: psp},
		{name: "MSP extended, stacked", exc: 0xffffffe9, xpsr: 0x01000000, stackLoc: msp,
			wantSP: msp + 0x68, wantS0: 0xa0a0, wantOK: true},
		{name: "MSP extended, lazy pending", exc: 0xffffffe9, xpsr: 0x01000000, stackLoc: msp,
			fpccr: 0xc0000001, fpcar: msp + 0x20, wantSP: msp + 0x68, wantS0: 0x5050, wantOK: true},
		{name: "PSP extended aligned", exc: 0xffffffed, xpsr: 0x01000200, psp: psp, stackLoc: psp,
			wantSP: psp + 0x6c, wantS0: 0xa0a0, wantOK: true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			checkExceptionCase(t, c, msp)
		})
	}
}

// checkExceptionCase builds the target of one case and unwinds it.
func checkExceptionCase(t *testing.T, c excCase, msp uint32) {
	tgt := &fakeTarget{base: 0x20000000, ram: make([]byte, 0x1000)}
	if c.psp != 0 {
		tgt.sys = map[string]uint32{"psp": c.psp}
	}
	tgt.regs[ARMRegS0] = 0x5050 // live s0
	put := func(a, v uint32) { binary.LittleEndian.PutUint32(tgt.ram[a-tgt.base:], v) }
	for i, v := range []uint32{10, 11, 12, 13, 0x1212, 0x1e5, 0x1c0, c.xpsr} {
		put(c.stackLoc+uint32(4*i), v)
	}
	put(c.stackLoc+0x20, 0xa0a0) // stacked s0
	tgt.image = func(addr uint32, buf []byte) bool {
		var v uint32
		switch addr {
		case regFPCCR:
			v = c.fpccr
		case regFPCAR:
			v = c.fpcar
		default:
			return false
		}
		binary.LittleEndian.PutUint32(buf, v)
		return len(buf) == 4
	}
	a := ARMv7M()
	var st physRegs
	for i := 0; i < maxRegs; i++ {
		st.regs[i], st.known[i] = tgt.regs[i], true
	}
	st.pc, st.regs[ARMRegSP] = c.exc, msp
	got, ok := a.exceptions.unwind(tgt, a, st)
	if ok != c.wantOK {
		t.Fatalf("ok = %v", ok)
	}
	if !ok {
		return
	}
	if got.pc != 0x1c0 || !got.interrupted || got.regs[0] != 10 || got.regs[12] != 0x1212 || got.regs[ARMRegLR] != 0x1e5 {
		t.Errorf("pc 0x%x interrupted %v r0 %d r12 0x%x lr 0x%x", got.pc, got.interrupted, got.regs[0], got.regs[12], got.regs[ARMRegLR])
	}
	if got.regs[ARMRegSP] != c.wantSP {
		t.Errorf("sp 0x%x, want 0x%x", got.regs[ARMRegSP], c.wantSP)
	}
	if got.regs[ARMRegS0] != c.wantS0 {
		t.Errorf("s0 0x%x, want 0x%x", got.regs[ARMRegS0], c.wantS0)
	}
}

// TestThumbPrologue checks the prologue rules on hand-assembled code.
func TestThumbPrologue(t *testing.T) {
	cases := []struct {
		name  string
		code  []uint16
		size  int32
		saves map[int]int32
	}{
		{"push r4,r7,lr; sub sp,#16", []uint16{0xb590, 0xb084}, 28,
			map[int]int32{4: 16, 7: 20, ARMRegLR: 24}},
		{"push.w r4-r8,lr; vpush d8; subw sp,#0x204", []uint16{0xe92d, 0x41f0, 0xed2d, 0x8b02, 0xf2ad, 0x2d04},
			24 + 8 + 0x204, map[int]int32{4: 0x20c, 5: 0x210, 6: 0x214, 7: 0x218, 8: 0x21c, ARMRegLR: 0x220,
				ARMRegS0 + 16: 0x204, ARMRegS0 + 17: 0x208}},
		{"str.w lr,[sp,#-4]!; sub.w sp,sp,#0x100", []uint16{0xf84d, 0xed04, 0xf5ad, 0x7d80}, 4 + 0x100,
			map[int]int32{ARMRegLR: 0x100}},
	}
	for _, c := range cases {
		code := make([]byte, 2*len(c.code))
		for i, h := range c.code {
			binary.LittleEndian.PutUint16(code[2*i:], h)
		}
		read := func(addr uint32, buf []byte) bool {
			if int(addr)+len(buf) > len(code) {
				return false
			}
			copy(buf, code[addr:])
			return true
		}
		size, saves := thumbPrologue{}.scan(read, 0, uint32(len(code)))
		if size != c.size || len(saves) != len(c.saves) {
			t.Errorf("%s: size %d saves %v, want %d %v", c.name, size, saves, c.size, c.saves)
			continue
		}
		for r, off := range c.saves {
			if saves[r] != off {
				t.Errorf("%s: r%d at sp+%d, want %d", c.name, r, saves[r], off)
			}
		}
	}
}
