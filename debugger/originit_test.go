package debugger

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestOriginITBlock: in the Cortex-M demo's average(), `n = count < 8 ?
// count : 8` is `ldr r0, [r0, #40]; cmp r0, #8; it cs; movcs r0, #8`. While
// count is below 8 the movcs does not execute, and r0 after the block
// comes from the load; from the eighth call on, from the movcs.
func TestOriginITBlock(t *testing.T) {
	s := openSession(t, filepath.Join("..", "cmd", "rewind", "demo", "cortex-m", "demo.elf"))
	avg, ok := s.Symbols().FunctionByName("average")
	if !ok {
		t.Fatal("no average")
	}
	var ldr, movcs, after uint32
	for _, in := range s.Disassemble(avg.Low, 0, 8) {
		switch {
		case strings.HasPrefix(in.Text, "ldr") && ldr == 0:
			ldr = in.Addr
		case strings.HasPrefix(in.Text, "it"):
			movcs = in.Addr + 2
			after = in.Addr + 4
		}
	}
	if ldr == 0 || after == 0 {
		t.Fatalf("no it block in average: %+v", s.Disassemble(avg.Low, 0, 8))
	}
	s.SetInstructionBreakpoints([]InstructionSpec{{Addr: after}})
	r0, ok := s.originRegister("r0")
	if !ok {
		t.Fatal("no r0")
	}
	for call := 1; call <= 10; call++ {
		if st := s.Continue(); st.Reason != ReasonInstruction {
			t.Fatalf("call %d: %v", call, st)
		}
		n, err := s.Origin(Value{Reg: r0, Time: s.Now()})
		if err != nil {
			t.Fatal(err)
		}
		want, kind := ldr, OriginLoaded
		if call >= 8 {
			want, kind = movcs, OriginConstant
		}
		if n.PC != want || n.Kind != kind || n.Value != uint64(min(call, 8)) {
			t.Errorf("call %d: r0 = %#x %v by %#x (%s), want %v by %#x", call, n.Value, n.Kind, n.PC, n.Text, kind, want)
		}
	}
}
