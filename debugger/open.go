package debugger

import (
	"crypto/sha256"
	"errors"
	"fmt"

	"github.com/rewind-debugger/rewind/checkpoint"
	"github.com/rewind-debugger/rewind/internal/hostfile"
)

// ErrBadProgram marks errors about the program itself: a firmware or
// recording file that cannot be read, or is not a usable ELF or recording
// (a command line tool exits 2 for them, as for a usage error).
var ErrBadProgram = errors.New("bad program")

// programError is an error about the program: its text is the cause's,
// and it matches both the cause and ErrBadProgram.
type programError struct{ err error }

func (e programError) Error() string   { return e.err.Error() }
func (e programError) Unwrap() []error { return []error{e.err, ErrBadProgram} }

// badProgram wraps err as an ErrBadProgram.
func badProgram(err error) error { return programError{err} }

// Recording is a recorded run: the firmware's identity (and usually the
// firmware itself), the board and the input log. Replaying it gives the
// same run, instruction for instruction.
type Recording struct {
	r *checkpoint.Recording
}

// ReadRecording loads a recording file, refusing damaged, truncated and
// unsupported ones (errors are ErrBadProgram).
func ReadRecording(path string) (*Recording, error) {
	r, err := checkpoint.ReadRecording(path)
	if err != nil {
		return nil, badProgram(err)
	}
	return &Recording{r: r}, nil
}

// ELF is the firmware embedded in the recording, nil when it was not.
func (r *Recording) ELF() []byte { return r.r.ELF }

// Write saves the recording to path (atomically).
func (r *Recording) Write(path string) error {
	return checkpoint.WriteRecording(path, r.r)
}

// Recording is the session's history so far as a recording, with the
// firmware embedded.
func (s *Session) Recording() *Recording {
	r := s.tl.Recording()
	r.Firmware, r.ELF = sha256.Sum256(s.elf), s.elf
	return &Recording{r: r}
}

// Program says what to debug: a firmware ELF file, a recording (replayed
// with the ELF it embeds, or with ELFPath's, which must match it), or
// firmware already in memory (ELF, e.g. a built-in demo).
type Program struct {
	ELFPath       string
	RecordingPath string
	ELF           []byte
}

// Load reads the program: the firmware and the recording (nil when there
// is none). Every error is an ErrBadProgram.
func (p Program) Load() ([]byte, *Recording, error) {
	elf := p.ELF
	if p.ELFPath != "" {
		data, err := hostfile.ReadRegular(p.ELFPath, hostfile.MaxInput)
		if err != nil {
			return nil, nil, badProgram(fmt.Errorf("cannot read the program: %w", err))
		}
		elf = data
	}
	if p.RecordingPath == "" {
		if len(elf) == 0 {
			return nil, nil, badProgram(ErrNoProgram)
		}
		return elf, nil, nil
	}
	rec, err := ReadRecording(p.RecordingPath)
	if err != nil {
		return nil, nil, err
	}
	if elf == nil {
		if elf = rec.ELF(); len(elf) == 0 {
			return nil, nil, badProgram(errors.New("the recording does not embed the firmware: give the program too"))
		}
	}
	if err := rec.r.CheckFirmware(elf); err != nil {
		return nil, nil, badProgram(fmt.Errorf("%s: %w", nameOr(p.ELFPath), err))
	}
	return elf, rec, nil
}

// Open loads p and starts a session on it, stopped at the start: the one
// way every front-end opens a program or a recording. opt.Path and
// opt.Recording are taken from p.
func Open(p Program, opt Options) (*Session, error) {
	elf, rec, err := p.Load()
	if err != nil {
		return nil, err
	}
	opt.Path, opt.Recording = p.ELFPath, rec
	return New(elf, opt)
}
