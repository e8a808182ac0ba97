package vm

import (
	"encoding/binary"
	"testing"

	"github.com/rewind-debugger/rewind/vm/amd64"
	"github.com/rewind-debugger/rewind/vm/thumb"
)

// armJITEdgeInsts are instructions of every lowered form on r0-r3 and r7-r10 (in
// host registers and in the context)
// (encodings by arm-none-eabi-as), for TestARMJITEdgeValues.
var armJITEdgeInsts = []struct {
	hw   []uint16
	text string
}{
	{[]uint16{0x0048}, "lsls r0, r1, #1"},
	{[]uint16{0x07c8}, "lsls r0, r1, #31"},
	{[]uint16{0x0848}, "lsrs r0, r1, #1"},
	{[]uint16{0x0808}, "lsrs r0, r1, #32"},
	{[]uint16{0x17c8}, "asrs r0, r1, #31"},
	{[]uint16{0x1008}, "asrs r0, r1, #32"},
	{[]uint16{0xea4f, 0x70c1}, "mov.w r0, r1, lsl #31"},
	{[]uint16{0x1888}, "adds r0, r1, r2"},
	{[]uint16{0x1a88}, "subs r0, r1, r2"},
	{[]uint16{0x1dc8}, "adds r0, r1, #7"},
	{[]uint16{0x1fc8}, "subs r0, r1, #7"},
	{[]uint16{0x4291}, "cmp r1, r2"},
	{[]uint16{0x2900}, "cmp r1, #0"},
	{[]uint16{0xeb11, 0x0f02}, "cmn.w r1, r2"},
	{[]uint16{0x4248}, "negs r0, r1"},
	{[]uint16{0x4011}, "ands r1, r2"},
	{[]uint16{0x4311}, "orrs r1, r2"},
	{[]uint16{0x4051}, "eors r1, r2"},
	{[]uint16{0x4351}, "muls r1, r2"},
	{[]uint16{0x4391}, "bics r1, r2"},
	{[]uint16{0x43d0}, "mvns r0, r2"},
	{[]uint16{0x4211}, "tst r1, r2"},
	{[]uint16{0x4151}, "adcs r1, r2"},
	{[]uint16{0x4191}, "sbcs r1, r2"},
	{[]uint16{0xf141, 0x00ff}, "adc.w r0, r1, #255"},
	{[]uint16{0xeb71, 0x00c2}, "sbcs.w r0, r1, r2, lsl #3"},
	{[]uint16{0xea91, 0x0f72}, "teq r1, r2, ror #1"},
	{[]uint16{0xea61, 0x70e2}, "orn r0, r1, r2, asr #31"},
	{[]uint16{0xebc1, 0x1042}, "rsb r0, r1, r2, lsl #5"},
	{[]uint16{0xeb01, 0x10f2}, "add.w r0, r1, r2, ror #7"},
	{[]uint16{0xeb11, 0x10f2}, "adds.w r0, r1, r2, ror #7"},
	{[]uint16{0xea11, 0x10f2}, "ands.w r0, r1, r2, ror #7"},
	{[]uint16{0xea51, 0x0052}, "orrs.w r0, r1, r2, lsr #1"},
	{[]uint16{0xea31, 0x70e2}, "bics.w r0, r1, r2, asr #31"},
	{[]uint16{0x0850}, "lsrs r0, r2, #1"},
	{[]uint16{0xf051, 0x4000}, "orrs.w r0, r1, #2147483648"},
	{[]uint16{0xf011, 0x20ff}, "ands.w r0, r1, #4278255360"},
	{[]uint16{0xf05f, 0x4070}, "movs.w r0, #4026531840"},
	{[]uint16{0xf011, 0x4f80}, "tst.w r1, #1073741824"},
	{[]uint16{0xeb01, 0x70d2}, "add.w r0, r1, r2, lsr #31"},
	{[]uint16{0xeba1, 0x00e2}, "sub.w r0, r1, r2, asr #3"},
	{[]uint16{0xea81, 0x0042}, "eor.w r0, r1, r2, lsl #1"},
	{[]uint16{0xea21, 0x0092}, "bic.w r0, r1, r2, lsr #2"},
	{[]uint16{0xf5b1, 0x3080}, "subs.w r0, r1, #65536"},
	{[]uint16{0xfbb1, 0xf0f2}, "udiv r0, r1, r2"},
	{[]uint16{0xfb91, 0xf0f2}, "sdiv r0, r1, r2"},
	{[]uint16{0xfba1, 0x0302}, "umull r0, r3, r1, r2"},
	{[]uint16{0xfb81, 0x0302}, "smull r0, r3, r1, r2"},
	{[]uint16{0xfbe1, 0x0302}, "umlal r0, r3, r1, r2"},
	{[]uint16{0xfbc1, 0x0302}, "smlal r0, r3, r1, r2"},
	{[]uint16{0xfb01, 0x3002}, "mla r0, r1, r2, r3"},
	{[]uint16{0xfb01, 0x3012}, "mls r0, r1, r2, r3"},
	{[]uint16{0xfb01, 0xf002}, "mul.w r0, r1, r2"},
	{[]uint16{0xfab1, 0xf081}, "clz r0, r1"},
	{[]uint16{0xf341, 0x00c4}, "sbfx r0, r1, #3, #5"},
	{[]uint16{0xf3c1, 0x00c4}, "ubfx r0, r1, #3, #5"},
	{[]uint16{0xf341, 0x001f}, "sbfx r0, r1, #0, #32"},
	{[]uint16{0xf3c1, 0x70c0}, "ubfx r0, r1, #31, #1"},
	{[]uint16{0xb2c8}, "uxtb r0, r1"},
	{[]uint16{0xb288}, "uxth r0, r1"},
	{[]uint16{0xb248}, "sxtb r0, r1"},
	{[]uint16{0xb208}, "sxth r0, r1"},
	{[]uint16{0xf2c1, 0x2034}, "movt r0, #4660"},
	{[]uint16{0xf64f, 0x60dc}, "movw r0, #65244"},
	{[]uint16{0x6808}, "ldr r0, [r1, #0]"},
	{[]uint16{0x6848}, "ldr r0, [r1, #4]"},
	{[]uint16{0x6008}, "str r0, [r1, #0]"},
	{[]uint16{0x604a}, "str r2, [r1, #4]"},
	{[]uint16{0x8808}, "ldrh r0, [r1, #0]"},
	{[]uint16{0x8008}, "strh r0, [r1, #0]"},
	{[]uint16{0x7808}, "ldrb r0, [r1, #0]"},
	{[]uint16{0x7048}, "strb r0, [r1, #1]"},
	{[]uint16{0x5888}, "ldr r0, [r1, r2]"},
	{[]uint16{0x5088}, "str r0, [r1, r2]"},
	{[]uint16{0x5e88}, "ldrsh r0, [r1, r2]"},
	{[]uint16{0x5688}, "ldrsb r0, [r1, r2]"},
	{[]uint16{0x5c88}, "ldrb r0, [r1, r2]"},
	{[]uint16{0x5488}, "strb r0, [r1, r2]"},
	{[]uint16{0xf851, 0x0022}, "ldr.w r0, [r1, r2, lsl #2]"},
	{[]uint16{0xf841, 0x0032}, "str.w r0, [r1, r2, lsl #3]"},
	{[]uint16{0xf851, 0x0d04}, "ldr.w r0, [r1, #-4]!"},
	{[]uint16{0xf851, 0x0b04}, "ldr.w r0, [r1], #4"},
	{[]uint16{0xf841, 0x0d04}, "str.w r0, [r1, #-4]!"},
	{[]uint16{0xf841, 0x0b04}, "str.w r0, [r1], #4"},
	{[]uint16{0xf811, 0x0f01}, "ldrb.w r0, [r1, #1]!"},
	{[]uint16{0xf801, 0x0901}, "strb.w r0, [r1], #-1"},
	{[]uint16{0xf931, 0x0f02}, "ldrsh.w r0, [r1, #2]!"},
	{[]uint16{0xf831, 0x0b02}, "ldrh.w r0, [r1], #2"},
	{[]uint16{0xf821, 0x0d02}, "strh.w r0, [r1, #-2]!"},
	{[]uint16{0xf911, 0x0c01}, "ldrsb.w r0, [r1, #-1]"},
	{[]uint16{0xf851, 0x0c08}, "ldr.w r0, [r1, #-8]"},
	{[]uint16{0x4802}, "ldr r0, [pc, #8]"},
	{[]uint16{0xc90d}, "ldmia r1!, {r0, r2, r3}"},
	{[]uint16{0xe891, 0x0005}, "ldmia.w r1, {r0, r2}"},
	{[]uint16{0xe921, 0x000d}, "stmdb r1!, {r0, r2, r3}"},
	{[]uint16{0xe901, 0x0006}, "stmdb r1, {r1, r2}"},
	{[]uint16{0xe8b1, 0x8005}, "ldmia.w r1!, {r0, r2, pc}"},
	{[]uint16{0x4708}, "bx r1"},
	{[]uint16{0x4788}, "blx r1"},
	{[]uint16{0xf20f, 0x0006}, "addw r0, pc, #6"},
	{[]uint16{0x2f25}, "cmp r7, #37"},
	{[]uint16{0xebb8, 0x0f09}, "cmp.w r8, r9"},
	{[]uint16{0x4580}, "cmp r8, r0"},
	{[]uint16{0xf119, 0x0801}, "adds.w r8, r9, #1"},
	{[]uint16{0xeba8, 0x0707}, "sub.w r7, r8, r7"},
	{[]uint16{0xebb0, 0x0707}, "subs.w r7, r0, r7"},
	{[]uint16{0x4447}, "add r7, r8"},
	{[]uint16{0x4440}, "add r0, r8"},
	{[]uint16{0xf1c8, 0x0800}, "rsb r8, r8, #0"},
	{[]uint16{0xea5f, 0x08c9}, "movs.w r8, r9, lsl #3"},
	{[]uint16{0xea5f, 0x00d8}, "movs.w r0, r8, lsr #3"},
	{[]uint16{0x4647}, "mov r7, r8"},
	{[]uint16{0x4648}, "mov r0, r9"},
	{[]uint16{0xea7f, 0x0800}, "mvns.w r8, r0"},
	{[]uint16{0xea18, 0x0707}, "ands.w r7, r8, r7"},
	{[]uint16{0xea58, 0x0000}, "orrs.w r0, r8, r0"},
	{[]uint16{0xea30, 0x0808}, "bics.w r8, r0, r8"},
	{[]uint16{0xea98, 0x01c1}, "eors.w r1, r8, r1, lsl #3"},
	{[]uint16{0xea18, 0x0f09}, "tst.w r8, r9"},
	{[]uint16{0xeb58, 0x0809}, "adcs.w r8, r8, r9"},
	{[]uint16{0xf8d8, 0x7004}, "ldr.w r7, [r8, #4]"},
	{[]uint16{0xf899, 0x8001}, "ldrb.w r8, [r9, #1]"},
	{[]uint16{0xf849, 0x8b04}, "str.w r8, [r9], #4"},
	{[]uint16{0xf849, 0x0d04}, "str.w r0, [r9, #-4]!"},
	{[]uint16{0xf850, 0x9b04}, "ldr.w r9, [r0], #4"},
	{[]uint16{0xf859, 0x0028}, "ldr.w r0, [r9, r8, lsl #2]"},
	{[]uint16{0xf829, 0x800a}, "strh.w r8, [r9, sl]"},
	{[]uint16{0xfba9, 0x780a}, "umull r7, r8, r9, sl"},
	{[]uint16{0xfbc9, 0x0801}, "smlal r0, r8, r9, r1"},
	{[]uint16{0xfb08, 0x7709}, "mla r7, r8, r9, r7"},
	{[]uint16{0xfb08, 0xf707}, "mul.w r7, r8, r7"},
	{[]uint16{0xfbb8, 0xf7f7}, "udiv r7, r8, r7"},
	{[]uint16{0xfb98, 0xf0f9}, "sdiv r0, r8, r9"},
	{[]uint16{0xfab8, 0xf888}, "clz r8, r8"},
	{[]uint16{0xfa5f, 0xf889}, "uxtb.w r8, r9"},
	{[]uint16{0xfa0f, 0xf088}, "sxth.w r0, r8"},
	{[]uint16{0xf349, 0x1807}, "sbfx r8, r9, #4, #8"},
	{[]uint16{0xf6ca, 0x38cd}, "movt r8, #43981"},
	{[]uint16{0xe8b8, 0x0281}, "ldmia.w r8!, {r0, r7, r9}"},
	{[]uint16{0xe929, 0x0181}, "stmdb r9!, {r0, r7, r8}"},
	{[]uint16{0xe898, 0x0206}, "ldmia.w r8, {r1, r2, r9}"},
}

// TestARMJITEdgeValues runs each instruction of armJITEdgeInsts in a loop
// (the instruction, adds r7, #1, a branch back) with r1-r3 and r8-r10 set from the
// edge values (0, -1, MinInt32, shift amounts, unaligned and
// page-crossing addresses, addresses off RAM and on devices, the code
// page), varied flags, with and without unaligned-access trapping,
// compiled and interpreted, and compares them at many stop times. Every
// instruction with a fast form must be compiled.
func TestARMJITEdgeValues(t *testing.T) {
	n := len(armJITEdge)
	values := 6
	if testing.Short() {
		values = 3
	}
	for k, tt := range armJITEdgeInsts {
		var code []byte
		for _, h := range tt.hw {
			code = binary.LittleEndian.AppendUint16(code, h)
		}
		code = binary.LittleEndian.AppendUint16(code, 0x3701) // adds r7, #1
		off := -int32(len(code)) - 4
		code = binary.LittleEndian.AppendUint16(code, 0xe000|uint16(off>>1)&0x7ff)
		for v := range values {
			var regs [13]uint32
			for r := range regs {
				regs[r] = 0x20000800
			}
			i := k*values + v
			regs[1], regs[2], regs[3] = armJITEdge[i%n], armJITEdge[(i*7+3)%n], armJITEdge[(i*5+1)%n]
			regs[8], regs[9], regs[10] = regs[2], regs[1], regs[3]
			armJITCompare(t, code, regs, uint8(i), i%3 == 0)
		}
		m := armRandomMachine(t, code, [13]uint32{}, false)
		m.Run(3)
		hw2 := uint16(0)
		if len(tt.hw) > 1 {
			hw2 = tt.hw[1]
		}
		in := thumb.Decode(tt.hw[0], hw2)
		if fast := armFastKind(&in) != xNone; amd64.Supported && fast {
			if ap := m.mem.acode[0]; ap == nil || ap.blk[0x80] == nil || ap.blk[0x80].gentry == 0 {
				t.Errorf("%s: its block was not compiled", tt.text)
			}
		}
	}
}
