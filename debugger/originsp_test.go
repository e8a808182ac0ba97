package debugger

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// TestOriginSPBanked: sp is the stack pointer bank active when asked.
// After PendSV switched tasks, the thread's sp (the PSP) was set by the
// exception return popping its frame from the PSP, which PendSV had
// loaded with msr psp from the task's saved context pointer (no push onto
// the MSP by a handler is taken for it). At SysTick's first instruction
// (and after it) the PSP was last written by the entry pushing its frame
// onto it.
func TestOriginSPBanked(t *testing.T) {
	for _, elf := range []string{"rtos-cm3.elf", "rtos-cm4f.elf"} {
		t.Run(elf, func(t *testing.T) {
			s := openSession(t, filepath.Join("..", "testdata", "rtos", elf))
			s.SetInstructionBreakpoints([]InstructionSpec{{Addr: pendSVReturn(t, s)}})
			sp, _ := s.originRegister("sp")
			for sw := 1; sw <= 4; sw++ {
				if st := s.Continue(); st.Reason != ReasonInstruction {
					t.Fatalf("switch %d: %v", sw, st)
				}
				s.StepInstruction(0)
				now, _ := s.RegisterValue(0, 13)
				n, err := s.OriginTree(Value{Reg: sp, Time: s.Now()}, 3)
				if err != nil {
					t.Fatal(err)
				}
				if n.Value != uint64(now) || n.Function != "PendSV_Handler" || n.Note != "the return from PendSV popped its frame from the PSP" || len(n.Children) != 1 {
					t.Fatalf("switch %d: sp %#x: %v %q (%s) in %s = %#x", sw, now, n.Kind, n.Text, n.Note, n.Function, n.Value)
				}
				msr := n.Children[0]
				if !strings.HasPrefix(msr.Text, "msr") || msr.Value+32 != n.Value || len(msr.Children) != 1 {
					t.Fatalf("switch %d: the PSP before the return: %v %q = %#x", sw, msr.Kind, msr.Text, msr.Value)
				}
				if c := msr.Children[0]; !strings.HasPrefix(c.Text, "ldmia") || c.Function != "PendSV_Handler" || c.Value != msr.Value {
					t.Errorf("switch %d: msr's r0: %v %q in %s = %#x", sw, c.Kind, c.Text, c.Function, c.Value)
				}
			}
			tick, ok := s.Symbols().FunctionByName("SysTick_Handler")
			if !ok {
				t.Fatal("no SysTick_Handler")
			}
			s.SetInstructionBreakpoints([]InstructionSpec{{Addr: tick.Low}})
			if st := s.Continue(); st.Reason != ReasonInstruction {
				t.Fatalf("to SysTick: %v", st)
			}
			s.StepInstruction(0) // past the step that entered SysTick
			psp := Value{Reg: originARM + armFlowPSP, Time: s.Now()}
			n, err := s.OriginTree(psp, 2)
			if err != nil {
				t.Fatal(err)
			}
			if n.Text != "exception entry" || !strings.HasPrefix(n.Note, "the entry to SysTick pushed its ") || !strings.HasSuffix(n.Note, "-byte frame onto the PSP") || len(n.Children) != 1 {
				t.Fatalf("psp at SysTick's entry: %v %q (%s)", n.Kind, n.Text, n.Note)
			}
			var size uint64
			fmt.Sscanf(strings.TrimPrefix(n.Note, "the entry to SysTick pushed its "), "%d", &size)
			if c := n.Children[0]; c.Value != n.Value+size || size != 32 && size != 104 {
				t.Errorf("psp before the entry %#x, after %#x, frame %d bytes", c.Value, n.Value, size)
			}
			if got := originRegName(psp.Reg); got != "psp" {
				t.Errorf("the PSP's name: %q", got)
			}
		})
	}
}
