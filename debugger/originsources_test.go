package debugger

import (
	"testing"
)

// TestOriginSources checks each kind of true source a chain ends at.
func TestOriginSources(t *testing.T) {
	const cmDemo, cmFlow = "../../cmd/rewind/demo/cortex-m/demo.elf", "../dataflow/dataflow-cm.elf"
	for _, tc := range []struct {
		elf, stopAt, expr string
		depth             int
		want              OriginKind
		note              string
	}{
		{"demo.elf", "demo.c:90", "sensor.calibration", 3, OriginConstant, "constant of li"},
		{"timer.elf", "timer.c:41", "cause", 2, OriginCSR, "CSR mcause"},
		{"demo.elf", "demo.c:90", "*(unsigned int *)main", 1, OriginInitialData, "initial data of the ELF (main)"},
		{"demo.elf", "demo.c:90", "$tp", 1, OriginReset, "never written since reset"},
		{cmDemo, "demo.c:90", "sensor.calibration", 3, OriginConstant, "constant of mvn.w r2, #14"},
		{cmDemo, "demo.c:90", "*(unsigned int *)main", 1, OriginInitialData, "initial data of the ELF (main)"},
		{cmDemo, "demo.c:90", "$r10", 1, OriginReset, "never written since reset"},
		{cmFlow, "dataflow_cm.c:28", "$lr", 1, OriginException, "EXC_RETURN 0xffffffe9 of the entry to IRQ 0"},
		{cmFlow, "dataflow_cm.c:78", "bias", 8, OriginConstant, "constant of movs r0, #7"},
		// the IRQ's frame had room for s0–s15 but rx_handler ran no FP
		// instruction: the lazy save never happened, the return restored
		// nothing, s0 keeps its value from before
		{cmFlow, "dataflow_cm.c:78", "$s0", 1, OriginReset, "never written since reset"},
	} {
		t.Run(tc.elf+"/"+tc.expr, func(t *testing.T) {
			s := queryFirmwareWith(t, tc.elf, func(s *Session) {
				if err := s.UARTInput([]byte("A")); err != nil {
					t.Fatal(err)
				}
			}, nil)
			file, line := splitLoc(t, tc.stopAt)
			bs := s.SetLineBreakpoints(file, []LineSpec{{Line: line}})
			s.Seek(s.Span().Start)
			if st := s.Continue(); st.Reason != ReasonBreakpoint || !bs[0].Verified {
				t.Fatalf("to %s: %v", tc.stopAt, st)
			}
			v, err := s.ValueOf(0, 0, tc.expr)
			if err != nil {
				t.Fatal(err)
			}
			tree, err := s.OriginTree(v, tc.depth)
			if err != nil {
				t.Fatal(err)
			}
			leaf := tree
			for len(leaf.Children) > 0 {
				leaf = leaf.Children[0]
			}
			if leaf.Kind != tc.want || len(leaf.Note) < len(tc.note) || leaf.Note[:len(tc.note)] != tc.note {
				t.Fatalf("leaf %v %q (%s at %d)", leaf.Kind, leaf.Note, leaf.Text, leaf.Time)
			}
		})
	}
}

func splitLoc(t *testing.T, loc string) (string, int) {
	l, err := ParseLocation(loc)
	if err != nil {
		t.Fatal(err)
	}
	return l.File, l.Line
}

// TestOriginPaused: a Pause asked before an origin search stops it with
// an error and leaves the session where it was.
func TestOriginPaused(t *testing.T) {
	s, _ := newDemo(t)
	toCheckFailed(t, s)
	now := s.Now()
	v, err := s.ValueOf(0, 0, "sensor.calibration")
	if err != nil {
		t.Fatal(err)
	}
	s.Pause()
	if _, err := s.OriginTree(v, 5); err == nil {
		t.Fatal("a paused origin search succeeded")
	}
	if s.Now() != now {
		t.Fatalf("moved from %d to %d", now, s.Now())
	}
	if n, err := s.Origin(v); err != nil || n.Function != "record" {
		t.Fatalf("after the pause: %+v, %v", n, err)
	}
}

// TestOriginAMO: a value an AMO wrote comes from its register operand and
// the memory it read, on the hart that executed it.
func TestOriginAMO(t *testing.T) {
	s := queryFirmwareWith(t, "atomic.elf", func(*Session) {}, nil)
	v, err := s.ValueOf(0, 0, "amo_counter")
	if err != nil {
		t.Fatal(err)
	}
	n, err := s.Origin(v)
	if err != nil {
		t.Fatal(err)
	}
	if n.Kind != OriginStored || len(n.Inputs) != 2 || n.Inputs[0].Reg == 0 || n.Inputs[1].Addr != v.Addr || len(n.Address) != 1 {
		t.Fatalf("origin of amo_counter: %+v", n)
	}
	old, err := s.Origin(n.Inputs[1])
	if err != nil || old.Time >= n.Time || old.Kind != OriginStored {
		t.Fatalf("origin of the old value: %+v, %v", old, err)
	}
}
