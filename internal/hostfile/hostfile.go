// Package hostfile reads the files a protocol client names (a firmware
// ELF, a recording, a source file) safely: only regular files, never a
// device, a FIFO or a directory, and no more than a size limit, so that a
// client cannot make a server block forever or read without bound.
//
// It imports no project package, so every front-end may use it.
package hostfile

import (
	"errors"
	"fmt"
	"io"
	"os"
)

// MaxInput is the size limit of a firmware ELF or a recording.
const MaxInput = 256 << 20

// MaxSource is the size limit of a source file.
const MaxSource = 16 << 20

// ErrNotRegular is returned for a path that names something other than a
// regular file.
var ErrNotRegular = errors.New("not a regular file")

// ErrTooLarge is returned for a file over the limit.
var ErrTooLarge = errors.New("file too large")

// ReadRegular reads the regular file at path, refusing anything else and
// any file larger than limit bytes. The file is opened without blocking
// (a FIFO swapped in after the first check cannot hang the caller) and
// checked again once open.
func ReadRegular(path string, limit int64) ([]byte, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if err := check(path, fi, limit); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(path, os.O_RDONLY|openFlags, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if fi, err = f.Stat(); err != nil {
		return nil, err
	}
	if err := check(path, fi, limit); err != nil {
		return nil, err
	}
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", path, err)
	}
	if int64(len(data)) > limit {
		return nil, fmt.Errorf("%s: %w (grew past %d MiB while read)", path, ErrTooLarge, limit>>20)
	}
	return data, nil
}

// check refuses what is not a regular file of at most limit bytes.
func check(path string, fi os.FileInfo, limit int64) error {
	if !fi.Mode().IsRegular() {
		return fmt.Errorf("%s: %w (it is %s)", path, ErrNotRegular, kind(fi.Mode()))
	}
	if fi.Size() > limit {
		return fmt.Errorf("%s: %w (%d bytes; the limit is %d MiB)", path, ErrTooLarge, fi.Size(), limit>>20)
	}
	return nil
}

// kind names a non-regular file mode.
func kind(m os.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&os.ModeNamedPipe != 0:
		return "a FIFO"
	case m&os.ModeCharDevice != 0:
		return "a character device"
	case m&os.ModeDevice != 0:
		return "a block device"
	case m&os.ModeSocket != 0:
		return "a socket"
	}
	return "not a regular file"
}
