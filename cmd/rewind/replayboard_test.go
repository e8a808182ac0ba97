package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReplayBoardFlag: `rewind replay --board` accepts a board that builds
// the recording's machine (the file itself, a renamed copy) and refuses
// another, naming the first setting that differs.
func TestReplayBoardFlag(t *testing.T) {
	dir := t.TempDir()
	file, data := copyMyBoard(t, dir)
	renamed := filepath.Join(dir, "renamed.json")
	copyText := strings.Replace(string(data), `"my-fe310"`, `"bench-board"`, 1)
	if err := os.WriteFile(renamed, []byte(copyText), 0o644); err != nil {
		t.Fatal(err)
	}
	slower := filepath.Join(dir, "slower.json")
	if err := os.WriteFile(slower, []byte(strings.Replace(copyText, "1000000000", "100000000", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	rwd := filepath.Join(dir, "run.rwd")
	code, out, errs := runRewind(t, "one\nquit\n", "record", "--board", file, "-o", rwd, hifiveELF)
	if code != 2 {
		t.Fatalf("record: exit %d output %q stderr %q", code, out, errs)
	}
	tests := []struct {
		board string
		code  int
		err   string
	}{
		{file, code, ""},
		{renamed, code, ""},
		{"sifive_e", exitUsage, `--board sifive_e is not the board the recording was made on (my-fe310): devices[2]: {"kind":"sifive-prci","base":0x10008000} in the recording, {"kind":"unimplemented"`},
		{slower, exitUsage, "(my-fe310): instructions_per_second: 1000000000 in the recording, 100000000 in --board " + slower},
		{"virt", exitUsage, "is not the board the recording was made on"},
		{"nosuch", exitUsage, `no built-in board "nosuch"`},
	}
	for _, tc := range tests {
		rcode, rout, rerrs := runRewind(t, "", "replay", "--board", tc.board, rwd)
		if rcode != tc.code || !strings.Contains(rerrs, tc.err) || tc.err == "" && rout != out {
			t.Errorf("--board %s: exit %d (want %d) output %q stderr %q (want %q)", tc.board, rcode, tc.code, rout, rerrs, tc.err)
		}
	}
	// A virt recording replays with --board virt (its RAM size is the run's).
	hello := filepath.Join("..", "..", "testdata", "firmware", "hello.elf")
	vrwd := filepath.Join(dir, "virt.rwd")
	if code, _, errs := runRewind(t, "", "record", "--ram", "64", "-o", vrwd, hello); code != 0 {
		t.Fatalf("record virt: exit %d stderr %q", code, errs)
	}
	if code, out, errs := runRewind(t, "", "replay", "--board", "virt", vrwd); code != 0 || !strings.Contains(out, "Hello") {
		t.Errorf("replay --board virt: exit %d output %q stderr %q", code, out, errs)
	}
}

// copyMyBoard copies vm's test board file into dir, returning its path and
// content.
func copyMyBoard(t *testing.T, dir string) (string, []byte) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "vm", "testdata", "boards", "myboard.json"))
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "myboard.json")
	if err := os.WriteFile(file, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return file, data
}
