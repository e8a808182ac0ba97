package console

import (
	"errors"
	"fmt"
	"os"
	"strings"
)

// maxScript bounds the size of a command file.
const maxScript = 1 << 20

// cmdSource runs the commands of a file.
func (c *Console) cmdSource(arg string) error {
	path := strings.TrimSpace(arg)
	if path == "" {
		return fmt.Errorf("source: which file?")
	}
	return c.SourceFile(path)
}

// SourceFile runs the commands of a file (gdb's "source", -x and the init
// file), stopping at the first command that fails.
func (c *Console) SourceFile(path string) (err error) {
	defer func() { c.failed = err != nil }()
	fi, err := os.Stat(path)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if !fi.Mode().IsRegular() || fi.Size() > maxScript {
		return fmt.Errorf("%s: not a regular file of at most %d bytes", path, maxScript)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	lines := strings.Split(strings.ReplaceAll(string(data), "\r\n", "\n"), "\n")
	err = c.runLines(path, lines)
	if errors.Is(err, errReported) {
		return fmt.Errorf("%s: %w", path, err)
	}
	return err
}
