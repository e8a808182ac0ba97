package main

import (
	"os"
	"path/filepath"
	"testing"
)

// TestGDBServerRecordScript: --record-script prints the script Eclipse
// CDT needs, byte for byte the one in the repository.
func TestGDBServerRecordScript(t *testing.T) {
	code, out, errs := runRewind(t, "", "gdbserver", "--record-script")
	want, err := os.ReadFile(filepath.Join("..", "..", "gdbserver", "eclipse", "rewind-record.py"))
	if err != nil {
		t.Fatal(err)
	}
	if code != 0 || out != string(want) || errs != "" {
		t.Fatalf("exit %d, stderr %q, stdout %d bytes (want the %d-byte script)", code, errs, len(out), len(want))
	}
}
