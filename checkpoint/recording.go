package checkpoint

import (
	"crypto/sha256"
	"fmt"
	"github.com/rewind-debugger/rewind/internal/hostfile"
	"os"
	"path/filepath"

	"github.com/rewind-debugger/rewind/vm"
)

// StatusKind says how a recorded run ended.
type StatusKind uint8

// Ways a recorded run can end. Their numbers are part of the file format.
const (
	StatusStopped StatusKind = 0 // the recorder stopped it (interrupt, input closed)
	StatusExit    StatusKind = 1 // the guest exited through the test device
	StatusFatal   StatusKind = 2 // the machine stopped on an unusable trap
	StatusIdle    StatusKind = 3 // the guest waited for input that never came
)

// Status is how a recorded run ended.
type Status struct {
	Kind  StatusKind
	Code  int32 // exit code (StatusExit)
	PC    uint32
	Cause uint32
	Tval  uint32
}

// String describes how the recorded run stopped (exit, fatal trap, idle
// or stopped by the recorder).
func (s Status) String() string {
	switch s.Kind {
	case StatusExit:
		return fmt.Sprintf("exit %d", s.Code)
	case StatusFatal:
		return fmt.Sprintf("fatal trap (mcause %#x, mtval %#x) at pc %#x", s.Cause, s.Tval, s.PC)
	case StatusIdle:
		return "idle, waiting for input"
	}
	return "stopped by the recorder"
}

// Recording is everything needed to reproduce a run exactly: the
// firmware's identity, the board configuration and the input log.
type Recording struct {
	Firmware [32]byte // sha256 of the ELF file
	ELF      []byte   // the ELF itself, if embedded
	Harts    int
	// Board is the built-in board the run used ("virt" when empty).
	Board   string
	RAMBase uint32
	RAMSize uint32
	// NoSemihosting records that the run had semihosting turned off.
	NoSemihosting bool
	// Models is the vm.ModelsVersion the run was made with (0: a
	// recording older than the number).
	Models uint32
	Events []Event
	End    uint64 // time the run reached
	Status Status
	// OutputLen and OutputHash identify the UART output of the whole run,
	// so a replay can verify it produced the same bytes.
	OutputLen  uint64
	OutputHash [32]byte
}

// Recording describes the history so far (Firmware and ELF left empty for
// the caller to fill, Status from the way history ended).
func (t *Timeline) Recording() *Recording {
	b := t.m.Board()
	h := sha256.New()
	for _, o := range t.output {
		h.Write([]byte{o.Byte})
	}
	r := &Recording{
		Harts: t.m.Harts(), Board: boardSpec(b), RAMBase: b.RAMBase, RAMSize: b.RAMSize,
		Events: t.Events(), End: t.end, OutputLen: uint64(len(t.output)),
		NoSemihosting: !t.m.Semihosting(), Models: vm.ModelsVersion,
	}
	copy(r.OutputHash[:], h.Sum(nil))
	if fin, ok := t.Final(); ok {
		r.Status = StatusOf(fin)
	}
	return r
}

// StatusOf converts a final machine stop into a recorded status.
func StatusOf(st vm.Stop) Status {
	switch st.Reason {
	case vm.StopExit:
		return Status{Kind: StatusExit, Code: int32(st.ExitCode), PC: st.PC}
	case vm.StopFatal:
		return Status{Kind: StatusFatal, PC: st.PC, Cause: st.Cause, Tval: st.Tval}
	case vm.StopIdle:
		return Status{Kind: StatusIdle, PC: st.PC}
	}
	return Status{Kind: StatusStopped, PC: st.PC}
}

// CheckFirmware verifies that elf is the firmware the run was recorded with.
func (r *Recording) CheckFirmware(elf []byte) error {
	if got := sha256.Sum256(elf); got != r.Firmware {
		return fmt.Errorf("recording was made with firmware sha256 %x, but this ELF has sha256 %x", r.Firmware[:8], got[:8])
	}
	return nil
}

// WriteRecording saves rec at path crash-safely: it writes a temporary file
// in the same directory, syncs it, and renames it over path.
func WriteRecording(path string, rec *Recording) error {
	data, err := rec.MarshalBinary()
	if err != nil {
		return err
	}
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return fmt.Errorf("write recording: %w", err)
	}
	tmp := f.Name()
	if err := f.Chmod(0o644); err != nil {
		f.Close()
		os.Remove(tmp)
		return fmt.Errorf("write recording %s: %w", path, err)
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		os.Remove(tmp)
		return fmt.Errorf("write recording %s: %w", path, err)
	}
	if err := f.Sync(); err != nil {
		f.Close()
		os.Remove(tmp)
		return fmt.Errorf("write recording %s: sync: %w", path, err)
	}
	if err := f.Close(); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("write recording %s: %w", path, err)
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("write recording %s: %w", path, err)
	}
	if d, err := os.Open(dir); err == nil {
		d.Sync() // make the rename durable; not all systems support it
		d.Close()
	}
	return nil
}

// ReadRecording loads a recording, refusing damaged, truncated and
// unsupported files, and anything that is not a regular file of at most
// hostfile.MaxInput bytes (a device or a FIFO named by a client must not
// block or exhaust the reader).
func ReadRecording(path string) (*Recording, error) {
	data, err := hostfile.ReadRegular(path, hostfile.MaxInput)
	if err != nil {
		return nil, fmt.Errorf("read recording: %w", err)
	}
	r, err := DecodeRecording(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return r, nil
}

// boardSpec is what a recording keeps of its board: "virt" (its RAM size
// is recorded beside), the name of another unchanged built-in board, or
// the whole description of a board from a file (so that a replay on
// another machine, without the file, builds the same board).
func boardSpec(b vm.Board) string {
	if b.Name == "virt" {
		return "virt"
	}
	return vm.BoardSpec(b)
}
