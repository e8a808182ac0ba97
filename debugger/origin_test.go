package debugger

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/rewind-debugger/rewind/checkpoint"
	"github.com/rewind-debugger/rewind/vm"
)

// traceWrite is a register or memory range one step of a single-stepped
// replay wrote, with the pc it is credited to.
type traceWrite struct {
	pc        uint32
	reg       int // Flow register, -1 for memory
	addr, end uint32
	after     uint32 // the register's value after the step
}

// traceStep is one step of a single-stepped replay.
type traceStep struct {
	time   uint64
	writes []traceWrite
}

// stepView is a hart's registers at one point of a step.
type stepView struct {
	pc, xpsr, msp, psp, instret uint32
	regs                        [originARMEnd - originARM]uint32
}

func viewOf(s *Session, a originArch) stepView {
	h := s.m.Hart(0)
	v := stepView{pc: h.PC()}
	for r := range v.regs {
		if _, ok := a.flowReg(a.valueReg(r)); ok {
			v.regs[r] = a.read(h, r)
		}
	}
	if s.m.IsCortexM() {
		v.xpsr = h.Reg(16)
		v.msp, _ = h.ARMSys(vm.ARMMSP)
		v.psp, _ = h.ARMSys(vm.ARMPSP)
	} else {
		v.instret, _ = h.ReadCSR(csrMinstret)
	}
	return v
}

// singleStepTrace replays the whole history of a one-hart session one step
// at a time, with trap stops (so that a Cortex-M exception entry is seen
// apart from the handler instruction the same step runs), and records what
// each step wrote: an instruction's destinations and stores when it
// executed (retired on RISC-V; its IT condition passed on Cortex-M), an
// exception entry's lr and frame, an exception return's unstacked
// registers.
func singleStepTrace(t *testing.T, s *Session) []traceStep {
	a := s.originArch()
	arm := s.m.IsCortexM()
	var trace []traceStep
	var cur traceStep
	var pre stepView // the registers the step's instruction sees
	var flow vm.Flow
	var retRegs []int // registers an exception return restores
	decode := func() {
		flow = s.flowAt(a, pre.pc)
		retRegs = nil
		if arm && flow.Return && pre.xpsr&0x1ff != 0 {
			target := uint32(0)
			if flow.ReturnReg >= 0 {
				target = pre.regs[flow.ReturnReg]
			} else {
				target = uint32(s.memValue(flow.ReturnMem.Addr(func(r int) uint32 { return pre.regs[r] }), 4))
			}
			for r := range pre.regs {
				if target >= excReturnMin && armUnstackSlot(r, target) >= 0 {
					retRegs = append(retRegs, r)
				}
			}
		}
	}
	stepAll(t, s, checkpoint.Conditions{Traps: arm}, func(now uint64, st *vm.Stop) {
		switch {
		case st == nil:
			cur, pre = traceStep{time: now}, viewOf(s, a)
			decode()
		case st.Reason == vm.StopTrap: // after the entry, before the handler's first instruction
			post := viewOf(s, a)
			lr := post.regs[14]
			base, size := post.msp, uint32(32)
			if lr&4 != 0 {
				base = post.psp
			}
			if lr&0x10 == 0 {
				size = 104
			}
			cur.writes = append(cur.writes, traceWrite{pc: pre.pc, reg: -1, addr: base, end: base + size},
				traceWrite{pc: post.pc, reg: 14})
			pre = post
			decode()
		default:
			post := viewOf(s, a)
			executed := post.instret != pre.instret
			if arm {
				executed = vm.ARMConditionPasses(pre.xpsr) && post.pc != pre.pc
			}
			if executed {
				reg := func(r int) uint32 { return pre.regs[r] }
				for _, w := range flow.Regs {
					cur.writes = append(cur.writes, traceWrite{pc: pre.pc, reg: w.Reg})
				}
				for _, r := range retRegs {
					cur.writes = append(cur.writes, traceWrite{pc: pre.pc, reg: r})
				}
				for _, w := range flow.Stores {
					addr := w.Mem.Addr(reg)
					cur.writes = append(cur.writes, traceWrite{pc: pre.pc, reg: -1, addr: addr, end: addr + uint32(w.Mem.Size)})
				}
			}
			for i := range cur.writes {
				if r := cur.writes[i].reg; r >= 0 {
					cur.writes[i].after = post.regs[r]
				}
			}
			trace = append(trace, cur)
		}
	})
	return trace
}

// oracle is the write that produced v according to the trace (nil: none).
func oracle(a originArch, trace []traceStep, v Value) (*traceStep, *traceWrite) {
	r, isReg := a.flowReg(v.Reg)
	for i := len(trace) - 1; i >= 0; i-- {
		st := &trace[i]
		if st.time >= v.Time {
			continue
		}
		for k := len(st.writes) - 1; k >= 0; k-- {
			w := &st.writes[k]
			if v.Reg > 0 && isReg && w.reg == r {
				return st, w
			}
			if v.Reg == 0 && w.reg < 0 && w.addr < v.Addr+v.Size && v.Addr < w.end {
				return st, w
			}
		}
	}
	return nil, nil
}

// dataflowCases are the dataflow firmware of both architectures, with
// the nodes (kind in function) their final value's tree must hold.
var dataflowCases = []struct {
	elf  string
	want []string
}{
	{"dataflow.elf", []string{"stored in main", "computed in finish", "stored in copy_bytes", "loaded in copy_bytes",
		"computed in main", "stored in trap_handler", "device read in trap_handler"}},
	{"dataflow-cm.elf", []string{"stored in main", "computed in finish", "stored in copy_bytes", "loaded in copy_bytes",
		"computed in main", "stored in rx_handler", "device read in rx_handler", "loaded in finish", "stored in finish",
		"loaded in rx_handler", "stored in hold_across_irq", "constant in main"}},
}

// TestOriginAgainstTrace follows the dataflow firmware's final value to
// the UART byte typed into it and checks every node against a
// single-stepped trace of the same run, on RISC-V and on Cortex-M (where
// the chain also crosses the FPU, a stack spill and an exception frame).
func TestOriginAgainstTrace(t *testing.T) {
	for _, tc := range dataflowCases {
		t.Run(tc.elf, func(t *testing.T) {
			s := dataflowSession(t, tc.elf)
			end := s.Now()
			v, err := s.ValueOf(0, 0, "final_value")
			if err != nil {
				t.Fatal(err)
			}
			tree, err := s.OriginTree(v, 40)
			if err != nil {
				t.Fatal(err)
			}
			if s.Now() != end {
				t.Fatalf("origin moved the session from %d to %d", end, s.Now())
			}
			checkAgainstTrace(t, s, tree, tc.want)
			if !reachesInput(tree, 'A') {
				t.Error("the tree does not reach the UART byte 'A'")
			}
		})
	}
}

// dataflowSession runs testdata/dataflow/elf to its end with "A" typed.
func dataflowSession(t *testing.T, elf string) *Session {
	t.Helper()
	path := filepath.Join("..", "testdata", "dataflow", elf)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	s, err := New(data, Options{Path: path, CheckpointInterval: 64})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.UARTInput([]byte("A")); err != nil {
		t.Fatal(err)
	}
	if st := s.Continue(); st.Reason != ReasonExiting {
		t.Fatalf("run: %v", st)
	}
	return s
}

// checkAgainstTrace checks every node of tree against the trace and that
// the nodes named in want ("kind in function") occur.
func checkAgainstTrace(t *testing.T, s *Session, tree OriginTree, want []string) {
	a := s.originArch()
	trace := singleStepTrace(t, s)
	seen := map[string]bool{}
	var check func(n OriginTree)
	check = func(n OriginTree) {
		if n.Err != "" {
			t.Errorf("%s at %d: %s", n.Of, n.Of.Time, n.Err)
			return
		}
		seen[n.Kind.String()+" in "+n.Function] = true
		st, w := oracle(a, trace, n.Of)
		switch {
		case st == nil && (n.Kind == OriginReset || n.Kind == OriginInitialData):
		case st == nil:
			t.Errorf("%s at %d: %v at %d, the trace has no producer", n.Of, n.Of.Time, n.Kind, n.Time)
		case st.time != n.Time || w.pc != n.PC:
			t.Errorf("%s at %d: produced at %d by %#x, the trace says %d by %#x", n.Of, n.Of.Time, n.Time, n.PC, st.time, w.pc)
		case n.Of.Reg > 0 && uint64(w.after) != n.Value:
			t.Errorf("%s at %d: value %#x, the trace says %#x", n.Of, n.Of.Time, n.Value, w.after)
		case !n.Kind.Source() && len(n.Inputs) == 0:
			t.Errorf("%s at %d: %v by %q with no inputs", n.Of, n.Of.Time, n.Kind, n.Text)
		}
		for _, c := range n.Children {
			check(c)
		}
	}
	check(tree)
	for _, w := range want {
		if !seen[w] {
			t.Errorf("no node %q in the tree (have %v)", w, seen)
		}
	}
}

// reachesInput reports whether a device read of b is in the tree.
func reachesInput(n OriginTree, b uint64) bool {
	if n.Kind == OriginDevice && n.Value == b {
		return true
	}
	for _, c := range n.Children {
		if reachesInput(c, b) {
			return true
		}
	}
	return false
}
