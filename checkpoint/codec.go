package checkpoint

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"strings"

	"github.com/rewind-debugger/rewind/vm"
)

// The recording file format, version 1 (all integers little-endian):
//
//	magic    "RWNDREC\n"
//	version  u16, flags u16 (bit 0: ELF embedded, bit 1: semihosting off,
//	         bit 2: board, bit 3: models version)
//	firmware [32] sha256 of the ELF
//	harts u32, ram base u32, ram size u32
//	end u64
//	status   kind u8, code i32, pc u32, cause u32, tval u32
//	output   length u64, sha256 [32]
//	elf      length u32, bytes
//	board    (flag bit 2) length u32, a board name or JSON description
//	models   (flag bit 3) u32, the vm.ModelsVersion of the run
//	events   count u32, then each: time u64, kind u8, hart u16, addr u32,
//	         length u32, bytes
//	checksum [32] sha256 of everything before it
//
// The checksum detects a damaged or truncated file; it is not an
// authentication: anyone can write a file with a valid checksum. So every
// field is checked on decoding (a board within the limits of rewind record:
// 1 to 64 harts, RAM at the virt board's base, at most 2048 MiB; events
// in order and inside the run), and a recording is trusted no more than the
// firmware it carries, which only ever runs inside the emulator.
const (
	recMagic   = "RWNDREC\n"
	recVersion = 1
	flagELF    = 1
	flagNoSemi = 2
	flagBoard  = 4       // a board name follows the ELF (absent: virt)
	flagModels = 8       // the models version follows the board (absent: 0)
	maxHarts   = 64      // as many as the board and rewind record allow
	maxRAMSize = 2 << 30 // rewind record's --ram limit (2048 MiB)
	eventHead  = 8 + 1 + 2 + 4 + 4
)

// ErrNotRecording is returned for files that are not Rewind recordings.
var ErrNotRecording = errors.New("not a Rewind recording (bad magic)")

// MarshalBinary encodes the recording.
func (r *Recording) MarshalBinary() ([]byte, error) {
	if r.Harts < 1 || r.Harts > maxHarts {
		return nil, fmt.Errorf("encode recording: %d harts", r.Harts)
	}
	if err := checkEvents(r.Events); err != nil {
		return nil, fmt.Errorf("encode recording: %w", err)
	}
	le := binary.LittleEndian
	b := []byte(recMagic)
	flags := uint16(0)
	if len(r.ELF) > 0 {
		flags |= flagELF
	}
	if r.NoSemihosting {
		flags |= flagNoSemi
	}
	if r.Board != "" && r.Board != "virt" {
		flags |= flagBoard
	}
	if r.Models != 0 {
		flags |= flagModels
	}
	b = le.AppendUint16(b, recVersion)
	b = le.AppendUint16(b, flags)
	b = append(b, r.Firmware[:]...)
	b = le.AppendUint32(b, uint32(r.Harts))
	b = le.AppendUint32(b, r.RAMBase)
	b = le.AppendUint32(b, r.RAMSize)
	b = le.AppendUint64(b, r.End)
	b = append(b, byte(r.Status.Kind))
	b = le.AppendUint32(b, uint32(r.Status.Code))
	b = le.AppendUint32(b, r.Status.PC)
	b = le.AppendUint32(b, r.Status.Cause)
	b = le.AppendUint32(b, r.Status.Tval)
	b = le.AppendUint64(b, r.OutputLen)
	b = append(b, r.OutputHash[:]...)
	b = le.AppendUint32(b, uint32(len(r.ELF)))
	b = append(b, r.ELF...)
	if flags&flagBoard != 0 {
		b = le.AppendUint32(b, uint32(len(r.Board)))
		b = append(b, r.Board...)
	}
	if flags&flagModels != 0 {
		b = le.AppendUint32(b, r.Models)
	}
	b = le.AppendUint32(b, uint32(len(r.Events)))
	for _, e := range r.Events {
		if e.Hart < 0 || e.Hart > 0xffff {
			return nil, fmt.Errorf("encode recording: event hart %d", e.Hart)
		}
		b = le.AppendUint64(b, e.Time)
		b = append(b, byte(e.Kind))
		b = le.AppendUint16(b, uint16(e.Hart))
		b = le.AppendUint32(b, e.Addr)
		b = le.AppendUint32(b, uint32(len(e.Data)))
		b = append(b, e.Data...)
	}
	sum := sha256.Sum256(b)
	return append(b, sum[:]...), nil
}

// DecodeRecording decodes and checks a recording file's contents.
func DecodeRecording(data []byte) (*Recording, error) {
	if len(data) < len(recMagic)+4 || !bytes.Equal(data[:len(recMagic)], []byte(recMagic)) {
		return nil, ErrNotRecording
	}
	if v := binary.LittleEndian.Uint16(data[len(recMagic):]); v != recVersion {
		return nil, fmt.Errorf("recording format version %d is not supported (this Rewind reads version %d)", v, recVersion)
	}
	if len(data) < len(recMagic)+4+sha256.Size {
		return nil, errors.New("recording is truncated")
	}
	body, sum := data[:len(data)-sha256.Size], data[len(data)-sha256.Size:]
	if got := sha256.Sum256(body); !bytes.Equal(got[:], sum) {
		return nil, errors.New("recording is damaged or truncated (checksum mismatch)")
	}
	d := decoder{b: body[len(recMagic)+2:]}
	r, err := d.recording()
	if err != nil {
		return nil, fmt.Errorf("recording is malformed: %w", err)
	}
	return r, nil
}

// decoder reads little-endian fields, remembering the first overrun.
type decoder struct {
	b   []byte
	err error
}

func (d *decoder) take(n int) []byte {
	if d.err != nil {
		return nil
	}
	if n < 0 || n > len(d.b) {
		d.err = errors.New("unexpected end of data")
		return nil
	}
	p := d.b[:n]
	d.b = d.b[n:]
	return p
}

func (d *decoder) u8() uint8 {
	if p := d.take(1); p != nil {
		return p[0]
	}
	return 0
}

func (d *decoder) u16() uint16 {
	if p := d.take(2); p != nil {
		return binary.LittleEndian.Uint16(p)
	}
	return 0
}

func (d *decoder) u32() uint32 {
	if p := d.take(4); p != nil {
		return binary.LittleEndian.Uint32(p)
	}
	return 0
}

func (d *decoder) u64() uint64 {
	if p := d.take(8); p != nil {
		return binary.LittleEndian.Uint64(p)
	}
	return 0
}

func (d *decoder) bytes(max int) []byte {
	n := d.u32()
	if uint64(n) > uint64(max) {
		d.fail("length %d exceeds the %d bytes left", n, len(d.b))
		return nil
	}
	return append([]byte(nil), d.take(int(n))...)
}

func (d *decoder) fail(format string, args ...any) {
	if d.err == nil {
		d.err = fmt.Errorf(format, args...)
	}
}

func (d *decoder) recording() (*Recording, error) {
	r := &Recording{}
	flags := d.u16()
	copy(r.Firmware[:], d.take(32))
	r.Harts = int(d.u32())
	r.RAMBase, r.RAMSize = d.u32(), d.u32()
	r.End = d.u64()
	r.Status = Status{Kind: StatusKind(d.u8()), Code: int32(d.u32()), PC: d.u32(), Cause: d.u32(), Tval: d.u32()}
	r.OutputLen = d.u64()
	copy(r.OutputHash[:], d.take(32))
	r.ELF = d.bytes(len(d.b))
	r.NoSemihosting = flags&flagNoSemi != 0
	r.Board = "virt"
	if flags&flagBoard != 0 {
		r.Board = string(d.bytes(maxBoardSpec))
	}
	if flags&flagModels != 0 {
		if r.Models = d.u32(); r.Models == 0 {
			d.fail("models version 0 with its flag set")
		}
	}
	d.events(r)
	if d.err != nil {
		return nil, d.err
	}
	return r, r.check(flags, len(d.b))
}

func (d *decoder) events(r *Recording) {
	n := d.u32()
	if uint64(n)*eventHead > uint64(len(d.b)) {
		d.fail("%d events cannot fit in %d bytes", n, len(d.b))
		return
	}
	r.Events = make([]Event, 0, n)
	for i := uint32(0); i < n && d.err == nil; i++ {
		e := Event{Time: d.u64(), Kind: EventKind(d.u8()), Hart: int(d.u16()), Addr: d.u32()}
		e.Data = d.bytes(len(d.b))
		r.Events = append(r.Events, e)
	}
}

// check validates decoded fields against each other.
func (r *Recording) check(flags uint16, rest int) error {
	switch {
	case rest != 0:
		return fmt.Errorf("%d unexpected bytes after the input log", rest)
	case flags&^(flagELF|flagNoSemi|flagBoard|flagModels) != 0:
		return fmt.Errorf("unknown flags %#x", flags)
	case (flags&flagELF != 0) != (len(r.ELF) > 0):
		return errors.New("embedded-ELF flag disagrees with the ELF length")
	case r.Harts < 1 || r.Harts > maxHarts:
		return fmt.Errorf("bad hart count %d (a board has 1 to %d harts)", r.Harts, maxHarts)
	case r.Status.Kind > StatusIdle:
		return fmt.Errorf("unknown end status %d", r.Status.Kind)
	}
	if err := r.checkBoard(); err != nil {
		return err
	}
	if len(r.ELF) > 0 && sha256.Sum256(r.ELF) != r.Firmware {
		return errors.New("embedded ELF does not match the firmware hash")
	}
	if err := checkEvents(r.Events); err != nil {
		return err
	}
	for i, e := range r.Events {
		if e.Time > r.End {
			return fmt.Errorf("event %d at time %d is after the end %d", i, e.Time, r.End)
		}
		if e.Hart >= r.Harts {
			return fmt.Errorf("event %d names hart %d of %d", i, e.Hart, r.Harts)
		}
	}
	return nil
}

// maxBoardSpec bounds a recorded board description (a name or JSON).
const maxBoardSpec = 1 << 20

// checkBoard validates the board name and its RAM against the built-in
// boards: virt with any RAM size, the others as built in, with one core.
func (r *Recording) checkBoard() error {
	if r.Board == "virt" {
		switch {
		case r.RAMBase != vm.DefaultRAMBase:
			return fmt.Errorf("bad RAM base %#x (the virt board's RAM starts at %#x)", r.RAMBase, uint32(vm.DefaultRAMBase))
		case r.RAMSize == 0 || r.RAMSize%4096 != 0 || r.RAMSize > maxRAMSize:
			return fmt.Errorf("bad RAM size %#x (a multiple of 4 KiB, at most %d MiB)", r.RAMSize, maxRAMSize>>20)
		}
		return nil
	}
	b, err := vm.BoardFromSpec(r.Board)
	switch {
	case err != nil:
		return fmt.Errorf("recorded board: %w", err)
	case r.RAMBase != b.RAMBase || r.RAMSize != b.RAMSize:
		return fmt.Errorf("bad RAM %#x+%#x for board %s (it has %#x+%#x)", r.RAMBase, r.RAMSize, b.Name, b.RAMBase, b.RAMSize)
	case r.Harts != 1 && strings.HasPrefix(b.CPU, "cortex-"):
		return fmt.Errorf("bad hart count %d (board %s has one core)", r.Harts, b.Name)
	}
	return nil
}
