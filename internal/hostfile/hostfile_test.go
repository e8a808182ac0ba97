//go:build unix

package hostfile

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestReadRegular refuses devices, FIFOs, directories and large files,
// and reads a regular file.
func TestReadRegular(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	small := filepath.Join(dir, "small")
	if err := os.WriteFile(small, []byte("hello"), 0o600); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		path  string
		limit int64
		want  error
	}{
		{"/dev/zero", MaxInput, ErrNotRegular},
		{fifo, MaxInput, ErrNotRegular},
		{dir, MaxInput, ErrNotRegular},
		{small, 4, ErrTooLarge},
		{filepath.Join(dir, "missing"), MaxInput, os.ErrNotExist},
		{small, MaxInput, nil},
	}
	for _, tt := range tests {
		data, err := ReadRegular(tt.path, tt.limit)
		if !errors.Is(err, tt.want) {
			t.Errorf("%s: err %v, want %v", tt.path, err, tt.want)
		}
		if tt.want == nil && string(data) != "hello" {
			t.Errorf("%s: read %q", tt.path, data)
		}
	}
}
