package debugger

import (
	"os"
	"path/filepath"
	"testing"
)

func existsIn(files ...string) func(string) bool {
	set := map[string]bool{}
	for _, f := range files {
		set[f] = true
	}
	return func(p string) bool { return set[p] }
}

func TestPathMapBothWays(t *testing.T) {
	dwarf := []string{"/ci/build/src/ledger.c", "/ci/build/src/util/crc.c", "/ci/build/common/crt0.S", "/usr/lib/gcc/libgcc.c"}
	tests := []struct {
		name      string
		explicit  map[string]string
		ws        string
		exists    func(string) bool
		build     string // a DWARF path
		local     string // what ToLocal gives, and ToBuild maps back
		wantRules int
	}{
		{"explicit prefix", map[string]string{"/ci/build": "/home/me/fw"}, "", existsIn(),
			"/ci/build/src/ledger.c", "/home/me/fw/src/ledger.c", 1},
		{"explicit with trailing slashes", map[string]string{"/ci/build/": "/home/me/fw/"}, "", existsIn(),
			"/ci/build/src/util/crc.c", "/home/me/fw/src/util/crc.c", 1},
		{"longest prefix wins", map[string]string{"/ci/build": "/a", "/ci/build/src": "/b"}, "", existsIn(),
			"/ci/build/src/ledger.c", "/b/ledger.c", 2},
		{"no rule: unchanged", map[string]string{"/elsewhere": "/x"}, "", existsIn(),
			"/usr/lib/gcc/libgcc.c", "/usr/lib/gcc/libgcc.c", 1},
		{"a prefix matches whole components only", map[string]string{"/ci/buil": "/x"}, "", existsIn(),
			"/ci/build/src/ledger.c", "/ci/build/src/ledger.c", 1},
		{"automatic: same tree under the workspace", nil, "/ws", existsIn("/ws/src/ledger.c", "/ws/src/util/crc.c"),
			"/ci/build/src/util/crc.c", "/ws/src/util/crc.c", 1},
		{"automatic: a flat copy", nil, "/ws", existsIn("/ws/ledger.c"),
			"/ci/build/src/ledger.c", "/ws/ledger.c", 1},
		{"automatic: not when the build path exists", nil, "/ws", existsIn("/ci/build/src/ledger.c", "/ws/src/ledger.c"),
			"/ci/build/src/ledger.c", "/ci/build/src/ledger.c", 0},
		{"explicit wins over automatic", map[string]string{"/ci/build": "/mine"}, "/ws", existsIn("/ws/src/ledger.c"),
			"/ci/build/src/ledger.c", "/mine/src/ledger.c", 1},
		{"windows build paths", map[string]string{`C:\jenkins\fw`: "/home/me/fw"}, "", existsIn(),
			`C:\jenkins\fw\src\main.c`, "/home/me/fw/src/main.c", 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			files := dwarf
			if tc.build[0] != '/' {
				files = append([]string{tc.build}, dwarf...)
			}
			m := NewPathMap(tc.explicit, tc.ws, files, tc.exists)
			if got := len(m.Rules()); got != tc.wantRules {
				t.Errorf("rules = %v, want %d", m.Rules(), tc.wantRules)
			}
			if got := m.ToLocal(tc.build); got != tc.local {
				t.Errorf("ToLocal(%s) = %s, want %s", tc.build, got, tc.local)
			}
			if got, want := m.ToBuild(tc.local), slash(tc.build); got != want {
				t.Errorf("ToBuild(%s) = %s, want %s", tc.local, got, want)
			}
		})
	}
}

func TestPathMapToBuildPrefersKnownFiles(t *testing.T) {
	// two build trees copied flat into the same workspace: a breakpoint in
	// ws/crc.c must go to the build file that exists in the DWARF
	files := []string{"/b1/main.c", "/b2/lib/crc.c"}
	m := NewPathMap(nil, "/ws", files, existsIn("/ws/main.c", "/ws/crc.c"))
	if got := m.ToBuild("/ws/crc.c"); got != "/b2/lib/crc.c" {
		t.Errorf("ToBuild(/ws/crc.c) = %s (rules %v)", got, m.Rules())
	}
	if got := m.ToBuild("/ws/main.c"); got != "/b1/main.c" {
		t.Errorf("ToBuild(/ws/main.c) = %s (rules %v)", got, m.Rules())
	}
}

func TestPathMapWithAndNil(t *testing.T) {
	var none *PathMap
	if none.ToLocal("/a/b.c") != "/a/b.c" || none.ToBuild("/a/b.c") != "/a/b.c" || none.Rules() != nil {
		t.Error("a nil map changes paths")
	}
	m := none.With("/build", "/src").With("/build/", "/other")
	if rs := m.Rules(); len(rs) != 1 || rs[0].Local != "/other" {
		t.Errorf("With replaces the rule of the same prefix: %v", rs)
	}
	if got := m.ToLocal("/build/x.c"); got != "/other/x.c" {
		t.Errorf("ToLocal = %s", got)
	}
	if got := m.With("/", "/root/").ToLocal("/zzz/x.c"); got != "/root/zzz/x.c" {
		t.Errorf("root rule: %s", got)
	}
}

func TestPathMapOnDisk(t *testing.T) {
	ws := t.TempDir()
	if err := os.MkdirAll(filepath.Join(ws, "src"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(ws, "src", "demo.c"), []byte("int main;\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	build := "/nonexistent-rewind-build-dir/fw/src/demo.c"
	m := NewPathMap(nil, ws, []string{build}, nil)
	rs := m.Rules()
	if len(rs) != 1 || !rs[0].Auto || rs[0].Build != "/nonexistent-rewind-build-dir/fw" {
		t.Fatalf("rules = %v", rs)
	}
	if got := m.ToLocal(build); got != filepath.Join(ws, "src", "demo.c") {
		t.Errorf("ToLocal = %s", got)
	}
	if s := rs[0].String(); s == "" {
		t.Error("empty description")
	}
}
