package gdbserver

import (
	"errors"
	"testing"
)

// axEnv is an AgentEnv over fixed registers and a small memory at 0x1000.
type axEnv struct {
	regs map[int]uint64
	mem  []byte
}

func (e axEnv) Register(n int) (uint64, error) {
	v, ok := e.regs[n]
	if !ok {
		return 0, errors.New("no such register")
	}
	return v, nil
}

func (e axEnv) ReadMemory(addr uint32, buf []byte) error {
	if addr < 0x1000 || int(addr-0x1000)+len(buf) > len(e.mem) {
		return errors.New("unmapped")
	}
	copy(buf, e.mem[addr-0x1000:])
	return nil
}

func TestAgentExpr(t *testing.T) {
	env := axEnv{
		regs: map[int]uint64{2: 0x1000, 10: 5, 32: 0x80000000},
		mem:  []byte{0xff, 0xfe, 0x34, 0x12, 0x78, 0x56, 0x34, 0x12, 1, 0, 0, 0, 0, 0, 0, 0},
	}
	neg1 := uint64(0xffffffffffffffff)
	tests := []struct {
		name string
		code []byte
		want uint64
		err  bool
	}{
		{"const8", []byte{axConst8, 7, axEnd}, 7, false},
		{"const16", []byte{axConst16, 1, 2, axEnd}, 0x102, false},
		{"const32", []byte{axConst32, 1, 2, 3, 4, axEnd}, 0x01020304, false},
		{"const64", []byte{axConst64, 1, 2, 3, 4, 5, 6, 7, 8, axEnd}, 0x0102030405060708, false},
		{"reg a0 == 5", []byte{axReg, 0, 10, axConst8, 5, axEqual, axEnd}, 1, false},
		{"reg a0 == 6", []byte{axReg, 0, 10, axConst8, 6, axEqual, axEnd}, 0, false},
		{"unknown reg", []byte{axReg, 0, 99, axEnd}, 0, true},
		{"ref8", []byte{axConst16, 0x10, 0, axRef8, axEnd}, 0xff, false},
		{"ref16", []byte{axConst16, 0x10, 0, axRef16, axEnd}, 0xfeff, false},
		{"ref32 sp+4", []byte{axReg, 0, 2, axConst8, 4, axAdd, axRef32, axEnd}, 0x12345678, false},
		{"ref64", []byte{axConst16, 0x10, 8, axRef64, axEnd}, 1, false},
		{"ref unmapped", []byte{axConst8, 0, axRef32, axEnd}, 0, true},
		{"ref beyond 32 bits", []byte{axConst64, 1, 0, 0, 0, 0, 0, 0, 0, axRef8, axEnd}, 0, true},
		{"ext 8", []byte{axConst8, 0xff, axExt, 8, axEnd}, neg1, false},
		{"ext 32 positive", []byte{axConst8, 0x7f, axExt, 32, axEnd}, 0x7f, false},
		{"zero_ext 8", []byte{axConst16, 0x12, 0x34, axZeroExt, 8, axEnd}, 0x34, false},
		{"sub", []byte{axConst8, 3, axConst8, 5, axSub, axEnd}, neg1 - 1, false},
		{"mul", []byte{axConst8, 3, axConst8, 5, axMul, axEnd}, 15, false},
		{"div_signed", []byte{axConst8, 0xf9, axExt, 8, axConst8, 2, axDivSigned, axEnd}, neg1 - 2, false},
		{"div_unsigned", []byte{axConst8, 7, axConst8, 2, axDivUnsigned, axEnd}, 3, false},
		{"rem_signed", []byte{axConst8, 0xf9, axExt, 8, axConst8, 2, axRemSigned, axEnd}, neg1, false},
		{"rem_unsigned", []byte{axConst8, 7, axConst8, 4, axRemUnsigned, axEnd}, 3, false},
		{"div by zero", []byte{axConst8, 7, axConst8, 0, axDivSigned, axEnd}, 0, true},
		{"rem by zero", []byte{axConst8, 7, axConst8, 0, axRemUnsigned, axEnd}, 0, true},
		{"lsh", []byte{axConst8, 1, axConst8, 4, axLsh, axEnd}, 16, false},
		{"rsh_signed", []byte{axConst8, 0xf0, axExt, 8, axConst8, 4, axRshSigned, axEnd}, neg1, false},
		{"rsh_unsigned", []byte{axConst8, 0xf0, axConst8, 4, axRshUnsigned, axEnd}, 0xf, false},
		{"log_not 0", []byte{axConst8, 0, axLogNot, axEnd}, 1, false},
		{"log_not 3", []byte{axConst8, 3, axLogNot, axEnd}, 0, false},
		{"bit ops", []byte{axConst8, 0xc, axConst8, 0xa, axBitAnd, axConst8, 1, axBitOr, axConst8, 3, axBitXor, axEnd}, 0xa, false},
		{"bit_not", []byte{axConst8, 0, axBitNot, axEnd}, neg1, false},
		{"less_signed", []byte{axConst8, 0xff, axExt, 8, axConst8, 1, axLessSigned, axEnd}, 1, false},
		{"less_unsigned", []byte{axConst8, 0xff, axExt, 8, axConst8, 1, axLessUnsigned, axEnd}, 0, false},
		{"if_goto taken", []byte{axConst8, 1, axIfGoto, 0, 8, axConst8, 9, axEnd, axConst8, 4, axEnd}, 4, false},
		{"if_goto not taken", []byte{axConst8, 0, axIfGoto, 0, 8, axConst8, 9, axEnd, axConst8, 4, axEnd}, 9, false},
		{"goto", []byte{axGoto, 0, 5, axConst8, 1, axConst8, 2, axEnd}, 2, false},
		{"goto outside", []byte{axGoto, 0, 50}, 0, true},
		{"infinite loop", []byte{axGoto, 0, 0}, 0, true},
		{"dup add", []byte{axConst8, 4, axDup, axAdd, axEnd}, 8, false},
		{"pop", []byte{axConst8, 4, axConst8, 5, axPop, axEnd}, 4, false},
		{"swap sub", []byte{axConst8, 3, axConst8, 5, axSwap, axSub, axEnd}, 2, false},
		{"pick 1", []byte{axConst8, 3, axConst8, 5, axPick, 1, axEnd}, 3, false},
		{"pick too deep", []byte{axConst8, 3, axPick, 1, axEnd}, 0, true},
		{"rot", []byte{axConst8, 1, axConst8, 2, axConst8, 3, axRot, axEnd}, 2, false},
		{"rot bottom", []byte{axConst8, 1, axConst8, 2, axConst8, 3, axRot, axPop, axPop, axEnd}, 3, false},
		{"trace ignored", []byte{axConst8, 1, axConst8, 2, axConst8, 4, axTrace, axTraceQuick, 4, axTrace16, 0, 4, axTracev, 0, 1, axEnd}, 1, false},
		{"tracenz ignored", []byte{axConst8, 1, axConst8, 2, axConst8, 4, axTracenz, axEnd}, 1, false},
		{"empty", nil, 0, true},
		{"no end", []byte{axConst8, 1}, 0, true},
		{"end on empty stack", []byte{axEnd}, 0, true},
		{"truncated operand", []byte{axConst32, 1, 2}, 0, true},
		{"underflow", []byte{axAdd, axEnd}, 0, true},
		{"float unsupported", []byte{0x01, axEnd}, 0, true},
		{"getv unsupported", []byte{0x2c, 0, 1, axEnd}, 0, true},
		{"unknown opcode", []byte{0xee, axEnd}, 0, true},
	}
	for _, tt := range tests {
		got, err := NewAgentExpr(tt.code).Eval(env)
		if (err != nil) != tt.err || (!tt.err && got != tt.want) {
			t.Errorf("%s: got %#x, %v; want %#x, error %v", tt.name, got, err, tt.want, tt.err)
		}
	}
}

func TestAgentExprStackOverflow(t *testing.T) {
	code := []byte{axConst8, 1, axDup, axGoto, 0, 2}
	if _, err := NewAgentExpr(code).Eval(axEnv{}); err == nil {
		t.Error("unbounded stack growth was not stopped")
	}
}

func FuzzAgentExpr(f *testing.F) {
	f.Add([]byte{axReg, 0, 10, axConst8, 5, axEqual, axEnd})
	f.Add([]byte{axReg, 0, 2, axConst8, 4, axAdd, axRef32, axConst16, 0, 3, axLessSigned, axEnd})
	f.Add([]byte{axConst8, 1, axIfGoto, 0, 8, axConst8, 9, axEnd, axConst8, 4, axEnd})
	f.Add([]byte{axConst8, 1, axConst8, 2, axConst8, 3, axRot, axPick, 2, axSwap, axDivSigned, axEnd})
	env := axEnv{regs: map[int]uint64{2: 0x1000, 10: 5}, mem: make([]byte, 64)}
	f.Fuzz(func(t *testing.T, code []byte) {
		NewAgentExpr(code).Eval(env) // must not panic or hang
	})
}
