package debugger

import (
	"strings"
	"testing"
)

// TestThreadRegistersPerArch: a switched-out task's registers are the
// register set of the session's architecture as its port saved them
// (Cortex-M: r0-r12, sp, lr, pc and the stacked xPSR, in Thumb state and
// Thread mode; RISC-V: x1-x31 and pc), without the system registers or
// CSRs, which are no part of a task's context; the running task's are its
// hart's, all of them.
func TestThreadRegistersPerArch(t *testing.T) { forEachRTOS(t, testThreadRegistersPerArch) }

func testThreadRegistersPerArch(t *testing.T, elf string) {
	s := openRTOS(t, elf)
	if _, err := s.AddBreakpoint(BreakpointSpec{Kind: KindLine, File: "kernel.c", Line: 339}); err != nil {
		t.Fatal(err)
	}
	s.Continue()
	arm := strings.HasPrefix(elf, "rtos-cm")
	checked := 0
	for _, th := range s.Threads() {
		regs, err := s.ThreadRegisters(th.ID)
		if err != nil {
			t.Fatalf("%s: %v", th.Name, err)
		}
		byName := map[string]Register{}
		for _, r := range regs {
			byName[r.Name] = r
		}
		switch {
		case th.Running():
			sys := "mstatus"
			if arm {
				sys = "msp"
			}
			if _, ok := byName[sys]; !ok {
				t.Errorf("running %s lacks %s: %v", th.Name, sys, regNames(regs))
			}
			continue
		case arm:
			x, ok := byName["xpsr"]
			if !ok || x.Value&(1<<24) == 0 || x.Value&0x1ff != 0 || len(x.Fields) == 0 {
				t.Errorf("%s's saved xpsr: %+v", th.Name, x)
			}
		default:
			if _, ok := byName["gp"]; !ok {
				t.Errorf("%s lacks gp: %v", th.Name, regNames(regs))
			}
		}
		for _, r := range regs {
			if g := r.Info.Group; g == GroupSystem || g == GroupCSR || g == GroupFault {
				t.Errorf("%s's saved context has %s (%s)", th.Name, r.Name, g)
			}
		}
		if byName["sp"].Value == 0 || byName["pc"].Value == 0 {
			t.Errorf("%s: sp %#x pc %#x", th.Name, byName["sp"].Value, byName["pc"].Value)
		}
		checked++
	}
	if checked == 0 {
		t.Fatal("no switched-out task at the stop")
	}
}

// regNames lists the names of regs.
func regNames(regs []Register) []string {
	out := make([]string, len(regs))
	for i, r := range regs {
		out[i] = r.Name
	}
	return out
}
