//go:build !linux

package console

import (
	"errors"
	"os"
)

// rawMode is not available here: the terminal's own line editing applies.
func rawMode(*os.File) (func(), error) {
	return nil, errors.New("no raw terminal mode on this system")
}
