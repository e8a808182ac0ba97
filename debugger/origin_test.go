package debugger

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"testing"

	"github.com/rewind-debugger/rewind/checkpoint"
	"github.com/rewind-debugger/rewind/vm"
)

// traceStep is one step of a single-stepped replay, as the origin oracle
// needs it.
type traceStep struct {
	time      uint64
	pc        uint32
	ops       vm.Operands
	retired   bool
	dstAfter  uint32
	storeAddr uint32
}

// singleStepTrace replays the whole history of a one-hart session one step
// at a time and records each instruction's destination and store.
func singleStepTrace(t *testing.T, s *Session) []traceStep {
	var trace []traceStep
	var cur traceStep
	var instret uint32
	stepAll(t, s, checkpoint.Conditions{}, func(now uint64, st *vm.Stop) {
		h := s.m.Hart(0)
		if st == nil {
			code, _ := s.ReadMemory(h.PC(), 4)
			for len(code) < 4 {
				code = append(code, 0)
			}
			cur = traceStep{time: now, pc: h.PC(), ops: vm.DecodeOperands(binary.LittleEndian.Uint32(code))}
			cur.storeAddr = h.Reg(cur.ops.Base) + uint32(cur.ops.Imm)
			instret, _ = h.ReadCSR(csrMinstret)
			return
		}
		after, _ := h.ReadCSR(csrMinstret)
		cur.retired = after != instret
		cur.dstAfter = h.Reg(cur.ops.Dst)
		trace = append(trace, cur)
	})
	return trace
}

// oracle is the step that produced v according to the trace (nil: none).
func oracle(trace []traceStep, v Value) *traceStep {
	for i := len(trace) - 1; i >= 0; i-- {
		st := &trace[i]
		if st.time >= v.Time || !st.retired {
			continue
		}
		if v.Reg > 0 && st.ops.Dst == v.Reg {
			return st
		}
		if v.Reg == 0 && st.ops.Class == vm.DataStore && st.storeAddr < v.Addr+v.Size && v.Addr < st.storeAddr+uint32(st.ops.Size) {
			return st
		}
	}
	return nil
}

// TestOriginAgainstTrace follows the dataflow firmware's final value to
// the UART byte typed into it and checks every node against a
// single-stepped trace of the same run.
func TestOriginAgainstTrace(t *testing.T) {
	path := filepath.Join("..", "testdata", "dataflow", "dataflow.elf")
	elf, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	s, err := New(elf, Options{Path: path, CheckpointInterval: 64})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.UARTInput([]byte("A")); err != nil {
		t.Fatal(err)
	}
	if st := s.Continue(); st.Reason != ReasonExiting {
		t.Fatalf("run: %v", st)
	}
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
	trace := singleStepTrace(t, s)
	seen := map[string]bool{}
	var check func(n OriginTree)
	check = func(n OriginTree) {
		if n.Err != "" {
			t.Errorf("%s at %d: %s", n.Of, n.Of.Time, n.Err)
			return
		}
		seen[n.Kind.String()+" in "+n.Function] = true
		want := oracle(trace, n.Of)
		switch {
		case want == nil && (n.Kind == OriginReset || n.Kind == OriginInitialData):
		case want == nil:
			t.Errorf("%s at %d: %v at %d, the trace has no producer", n.Of, n.Of.Time, n.Kind, n.Time)
		case want.time != n.Time || want.pc != n.PC:
			t.Errorf("%s at %d: produced at %d by %#x, the trace says %d by %#x", n.Of, n.Of.Time, n.Time, n.PC, want.time, want.pc)
		case n.Of.Reg > 0 && uint64(want.dstAfter) != n.Value:
			t.Errorf("%s at %d: value %#x, the trace says %#x", n.Of, n.Of.Time, n.Value, want.dstAfter)
		}
		for _, c := range n.Children {
			check(c)
		}
	}
	check(tree)
	for _, want := range []string{"stored in main", "computed in finish", "stored in copy_bytes", "loaded in copy_bytes",
		"computed in main", "stored in trap_handler", "device read in trap_handler"} {
		if !seen[want] {
			t.Errorf("no node %q in the tree (have %v)", want, seen)
		}
	}
	if !reachesInput(tree, 'A') {
		t.Error("the tree does not reach the UART byte 'A'")
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
