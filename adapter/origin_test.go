package adapter

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rewind-debugger/rewind/debugger"
)

var dataflowELF, _ = filepath.Abs(filepath.Join("..", "testdata", "dataflow", "dataflow.elf"))

// originCases are the dataflow firmware of both architectures: where the
// final value is stored and what the chain ends at.
var originCases = []struct {
	elf, source string
	line        int
	device      string // the UART register the byte is read from
	handler     string
}{
	{"dataflow.elf", "dataflow.c", 76, "UART0 RBR", "trap_handler"},
	{"dataflow-cm.elf", "dataflow_cm.c", 85, "UART0 DATA", "rx_handler"},
}

// launchToExit launches elf with UART input and runs it to the stop
// before its exit.
func launchToExit(c *client, elf, input string) stoppedBody {
	c.t.Helper()
	c.ok("initialize", map[string]any{"adapterID": "rewind"}, nil)
	c.ok("launch", map[string]any{"program": elf, "uartInput": input}, nil)
	c.waitEvent("initialized", nil)
	c.ok("configurationDone", nil, nil)
	st := c.stopped()
	if st.Reason != "exit" {
		c.t.Fatalf("stopped for %q (%s), want the exit", st.Reason, st.Description)
	}
	return st
}

// sessionToExit opens the same firmware in a session of its own and runs
// it to its exit: the reference the adapter's answers are checked with.
func sessionToExit(t *testing.T, elf, input string) *debugger.Session {
	t.Helper()
	b, err := os.ReadFile(elf)
	if err != nil {
		t.Fatal(err)
	}
	s, err := debugger.New(b, debugger.Options{Path: elf})
	if err != nil {
		t.Fatal(err)
	}
	if input != "" {
		if err := s.UARTInput([]byte(input)); err != nil {
			t.Fatal(err)
		}
	}
	if st := s.Continue(); st.Reason != debugger.ReasonExiting {
		t.Fatalf("reference run: %v", st)
	}
	return s
}

// TestOriginRequest asks rewind/origin for the dataflow firmware's final
// value and follows it input by input, one request per node as the
// extension's tree does, down to the UART byte: every node equals the
// session's own origin tree (itself checked against a single-stepped
// trace in the debugger's tests), the depth-12 answer equals the walk,
// and seeking to a node shows its line.
func TestOriginRequest(t *testing.T) {
	for _, tc := range originCases {
		t.Run(tc.elf, func(t *testing.T) {
			elf, err := filepath.Abs(filepath.Join("..", "testdata", "dataflow", tc.elf))
			if err != nil {
				t.Fatal(err)
			}
			originRequest(t, elf, tc.source, tc.line, tc.device, tc.handler)
		})
	}
}

// originRequest is TestOriginRequest on one firmware.
func originRequest(t *testing.T, elf, source string, line int, device, handler string) {
	c := newClient(t)
	launchToExit(c, elf, "A")
	end := c.top()

	ref := sessionToExit(t, elf, "A")
	v, err := ref.ValueOf(0, 0, "final_value")
	if err != nil {
		t.Fatal(err)
	}
	want, err := ref.OriginTree(v, 40)
	if err != nil {
		t.Fatal(err)
	}

	var root originBody
	c.ok("rewind/origin", map[string]any{"expression": "final_value", "frameId": end.ID}, &root)
	if root.Name != "final_value" || root.Value != "0x4b2" || root.Kind != "stored" || root.Line != line ||
		root.Function != "main" || root.Source == nil || root.Source.Name != source {
		t.Fatalf("root: %+v", root)
	}
	if len(root.Inputs) == 0 || root.Children != nil {
		t.Fatalf("depth 1 lists inputs and no children: %+v", root)
	}
	// walk: follow each node's first input (the value, not the address)
	n, w := root, want
	var walked []string
	for depth := 0; ; depth++ {
		checkNode(t, n, w.OriginNode)
		walked = append(walked, n.Label)
		if len(n.Inputs) == 0 || len(w.Children) == 0 {
			break
		}
		if depth > 40 {
			t.Fatal("the chain does not end")
		}
		var next originBody
		c.ok("rewind/origin", map[string]any{"value": n.Inputs[0].ID}, &next)
		if next.Name != n.Inputs[0].Name {
			t.Errorf("input %q answered as %q", n.Inputs[0].Name, next.Name)
		}
		n, w = next, w.Children[0]
	}
	last := n
	if last.Kind != "device read" || !last.IsSource || last.Value != "0x41" || !strings.Contains(last.Note, device) {
		t.Errorf("the chain ends at %+v, want the UART byte 'A'", last)
	}
	t.Logf("chain:\n%s", strings.Join(walked, "\n"))

	// the same chain in one request
	var deep originBody
	c.ok("rewind/origin", map[string]any{"expression": "final_value", "depth": 12}, &deep)
	for i, d := 0, deep; ; i++ {
		if d.Label != walked[i] {
			t.Errorf("depth 12, level %d: %q, the walk had %q", i, d.Label, walked[i])
		}
		if len(d.Children) == 0 || i+1 == len(walked) {
			break
		}
		d = d.Children[0]
	}

	// the session did not move; seeking to a node shows its line
	if now := c.top(); now != end {
		t.Errorf("origin moved the session: %v, was %v", now, end)
	}
	c.ok("rewind/seek", map[string]any{"time": last.Time}, nil)
	c.stopped()
	c.at(handler, last.Line)
}

// checkNode compares an answer's node with the session's.
func checkNode(t *testing.T, got originBody, want debugger.OriginNode) {
	t.Helper()
	if got.Time != want.Time || got.Kind != want.Kind.String() || got.Line != want.Line || got.Function != want.Function ||
		got.Instruction != want.Text || got.Value != fmt.Sprintf("%#x", want.Value) {
		t.Errorf("node %s: got %s, want %s at %d (%s:%d `%s`)", got.Name, got.Label, want.Kind, want.Time, want.Function, want.Line, want.Text)
	}
	if len(got.Inputs) != len(want.Inputs) {
		t.Errorf("node %s: %d inputs, want %d", got.Name, len(got.Inputs), len(want.Inputs))
	}
	for i := range min(len(got.Inputs), len(want.Inputs)) {
		if got.Inputs[i].ID != valueID(want.Inputs[i]) {
			t.Errorf("node %s input %d: id %s, want %s", got.Name, i, got.Inputs[i].ID, valueID(want.Inputs[i]))
		}
	}
}
