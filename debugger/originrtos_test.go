package debugger

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestOriginThroughPendSV: right after the kernel's PendSV handler
// returns into a task, r4 comes from the task's context on its stack
// (ldmia r0!, {r4-r11}), which PendSV saved when it switched the task out
// (stmdb r0!, {r4-r11}), or the kernel when it built a new task's first
// context; r0 comes from the hardware frame on the task's stack, unstacked
// by the exception return (bx r14) and written by an exception entry's
// stacking or by the kernel. On the ARM_CM3 and ARM_CM4F ports.
func TestOriginThroughPendSV(t *testing.T) {
	for _, elf := range []string{"rtos-cm3.elf", "rtos-cm4f.elf"} {
		t.Run(elf, func(t *testing.T) {
			s := openSession(t, filepath.Join("..", "testdata", "rtos", elf))
			s.SetInstructionBreakpoints([]InstructionSpec{{Addr: pendSVReturn(t, s)}})
			r4, _ := s.originRegister("r4")
			r0, _ := s.originRegister("r0")
			saved, stacked := 0, 0
			for sw := 1; sw <= 8; sw++ {
				if st := s.Continue(); st.Reason != ReasonInstruction {
					t.Fatalf("switch %d: %v", sw, st)
				}
				s.StepInstruction(0)
				n, err := s.OriginTree(Value{Reg: r4, Time: s.Now()}, 2)
				if err != nil {
					t.Fatal(err)
				}
				if n.Kind != OriginLoaded || n.Function != "PendSV_Handler" || !strings.HasPrefix(n.Text, "ldmia") || len(n.Children) == 0 {
					t.Fatalf("switch %d: r4 %v by %q in %s", sw, n.Kind, n.Text, n.Function)
				}
				switch c := n.Children[0]; {
				case c.Function == "PendSV_Handler" && strings.HasPrefix(c.Text, "stmdb"):
					saved++
				case c.Function != "pxPortInitialiseStack":
					t.Errorf("switch %d: r4's context word %v by %q in %s", sw, c.Kind, c.Text, c.Function)
				}
				m, err := s.OriginTree(Value{Reg: r0, Time: s.Now()}, 2)
				if err != nil {
					t.Fatal(err)
				}
				if m.Kind != OriginLoaded || !strings.HasPrefix(m.Note, "unstacked by the return from PendSV") || len(m.Children) == 0 ||
					m.Children[0].Kind != OriginStored || m.Children[0].Value != m.Value {
					t.Errorf("switch %d: r0 %v by %q (%s), from %+v", sw, m.Kind, m.Text, m.Note, m.Children)
				}
				switch c := m.Children[0]; {
				case strings.HasPrefix(c.Note, "stacked by the entry to "):
					stacked++
				case c.Function != "pxPortInitialiseStack":
					t.Errorf("switch %d: r0's frame word %v by %q in %s (%s)", sw, c.Kind, c.Text, c.Function, c.Note)
				}
			}
			if saved == 0 || stacked == 0 {
				t.Errorf("of 8 switches, %d restored r4 saved by PendSV, %d r0 stacked by an entry", saved, stacked)
			}
		})
	}
}

// pendSVReturn is the address of PendSV_Handler's return (its bx).
func pendSVReturn(t *testing.T, s *Session) uint32 {
	t.Helper()
	pendsv, ok := s.Symbols().FunctionByName("PendSV_Handler")
	if !ok {
		t.Fatal("no PendSV_Handler")
	}
	var ret uint32
	for _, in := range s.Disassemble(pendsv.Low, 0, 40) {
		if in.Addr < pendsv.High && strings.HasPrefix(in.Text, "bx") {
			ret = in.Addr
		}
	}
	if ret == 0 {
		t.Fatal("no bx in PendSV_Handler")
	}
	return ret
}
