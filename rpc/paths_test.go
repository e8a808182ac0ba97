package rpc

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/rewind-debugger/rewind/debugger"
)

// TestSourceFileMap debugs the demo with its source shown from a copy in
// another folder: a breakpoint set in the copy is hit, and the stop,
// stack frames, breakpoints and value history name the copy; without a
// map they name the file beside the ELF.
func TestSourceFileMap(t *testing.T) {
	elf, err := filepath.Abs(demoELF)
	if err != nil {
		t.Fatal(err)
	}
	build := filepath.Dir(elf)
	ws := t.TempDir()
	data, err := os.ReadFile(filepath.Join(build, "demo.c"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(ws, "demo.c"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name   string
		launch map[string]any
		set    string // the breakpoint's file as the client names it
		want   string // the path results name
	}{
		{"mapped", map[string]any{"program": elf, "sourceFileMap": map[string]string{build + "/": ws}},
			filepath.Join(ws, "demo.c"), filepath.Join(ws, "demo.c")},
		{"mapped, breakpoint by build path", map[string]any{"program": elf, "sourceFileMap": map[string]string{build: ws}},
			filepath.Join(build, "demo.c"), filepath.Join(ws, "demo.c")},
		{"no map", map[string]any{"program": elf},
			"demo.c", filepath.Join(build, "demo.c")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := client(t)
			call[Stop](t, c, "launch", tc.launch)
			bp := call[Breakpoint](t, c, "breakpoint.set", map[string]any{"location": tc.set + ":102"})
			if bp.Line != 102 || bp.Path != tc.want {
				t.Fatalf("breakpoint.set: %+v, want path %s", bp, tc.want)
			}
			if list := call[[]Breakpoint](t, c, "breakpoint.list", nil); len(list) != 1 || list[0].Path != tc.want {
				t.Fatalf("breakpoint.list: %+v", list)
			}
			st := call[Stop](t, c, "run", nil)
			if st.Reason != "breakpoint" || st.Line != 102 || st.File != "demo.c" || st.Path != tc.want {
				t.Fatalf("run: %+v, want path %s", st, tc.want)
			}
			fs := call[Frames](t, c, "stack", nil)
			if len(fs.Frames) == 0 || fs.Frames[0].Path != tc.want || fs.Frames[0].Line != 102 {
				t.Fatalf("stack: %+v", fs)
			}
			h := call[History](t, c, "history", map[string]any{"expression": "sensor.calibration"})
			if len(h.Changes) == 0 || h.Changes[len(h.Changes)-1].Function != "record" || h.Changes[len(h.Changes)-1].Path != tc.want {
				t.Fatalf("history: %+v", h)
			}
		})
	}
}

// TestBuildLocation: a "file:line" location naming a local file under a
// sourceFileMap folder is rewritten to the DWARF's path (so that files
// of the same name in different folders stay apart); others are kept.
func TestBuildLocation(t *testing.T) {
	sess := &session{paths: debugger.NewPathMap(map[string]string{"/ci/build": "/home/u/fw"}, "",
		[]string{"/ci/build/src/main.c", "/ci/build/lib/main.c"}, nil)}
	for _, tc := range []struct{ in, want string }{
		{"/home/u/fw/src/main.c:12", "/ci/build/src/main.c:12"},
		{"/home/u/fw/lib/main.c:7", "/ci/build/lib/main.c:7"},
		{"/ci/build/src/main.c:12", "/ci/build/src/main.c:12"},
		{"/elsewhere/main.c:5", "/elsewhere/main.c:5"},
		{"main.c:12", "main.c:12"},
		{"record", "record"},
		{"*0x80000000", "*0x80000000"},
		{"+3", "+3"},
		{"/home/u/fw/src/main.c:x", "/home/u/fw/src/main.c:x"},
	} {
		if got := sess.buildLocation(tc.in); got != tc.want {
			t.Errorf("buildLocation(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
