package debugger

import (
	"fmt"

	"github.com/rewind-debugger/rewind/svd"
)

// periphState is the SVD file a session shows peripherals from.
type periphState struct {
	dev *svd.Device
	// source names it: the path given, or "built-in virt.svd".
	source string
}

// LoadSVD loads the CMSIS-SVD file at path for the peripheral views; with
// path "" it loads the file Rewind carries for the session's board, if any
// (none is not an error). On error the previous file stays loaded: a bad
// SVD file costs the peripheral views, not the session. Errors name the
// file and the line.
func (s *Session) LoadSVD(path string) error {
	if path == "" {
		dev, name, ok, err := svd.Builtin(s.Board())
		if !ok || err != nil {
			return err
		}
		s.periph = periphState{dev: dev, source: "built-in " + name}
		return nil
	}
	dev, err := svd.ParseFile(path)
	if err != nil {
		return fmt.Errorf("peripheral views off: %w", err)
	}
	s.periph = periphState{dev: dev, source: path}
	return nil
}

// SVD is the loaded SVD device, nil when none is.
func (s *Session) SVD() *svd.Device { return s.periph.dev }

// SVDSource says where the loaded SVD file came from ("" when none is).
func (s *Session) SVDSource() string { return s.periph.source }

// ErrNoSVD is returned by the peripheral calls when no SVD file is loaded.
var ErrNoSVD = fmt.Errorf("no SVD file is loaded (give one with svdPath or --svd)")
