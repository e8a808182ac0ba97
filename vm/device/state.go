package device

import (
	"encoding/binary"
	"errors"
	"fmt"
)

// Saved device state is a short header (a four-byte tag naming the device
// kind and a version byte) followed by little-endian fields. Decoding is
// strict: a wrong tag, an unknown version, a short buffer, a value out of
// range or trailing bytes is an error, never a panic.

// errShortState reports a saved state that ends before all fields were read.
var errShortState = errors.New("device state truncated")

// stateWriter appends fields to a byte slice.
type stateWriter struct{ b []byte }

func (w *stateWriter) header(tag string, version uint8) {
	w.b = append(w.b, tag...)
	w.b = append(w.b, version)
}

func (w *stateWriter) u8(v uint8)   { w.b = append(w.b, v) }
func (w *stateWriter) u32(v uint32) { w.b = binary.LittleEndian.AppendUint32(w.b, v) }
func (w *stateWriter) u64(v uint64) { w.b = binary.LittleEndian.AppendUint64(w.b, v) }

func (w *stateWriter) bool(v bool) {
	if v {
		w.u8(1)
		return
	}
	w.u8(0)
}

// bytes writes a length-prefixed byte string.
func (w *stateWriter) bytes(p []byte) {
	w.u32(uint32(len(p)))
	w.b = append(w.b, p...)
}

// stateReader consumes fields; the first failure sticks in err and every
// later read returns zero.
type stateReader struct {
	b   []byte
	err error
}

func (r *stateReader) take(n int) []byte {
	if r.err != nil {
		return nil
	}
	if n < 0 || len(r.b) < n {
		r.err = errShortState
		return nil
	}
	p := r.b[:n]
	r.b = r.b[n:]
	return p
}

// header checks the tag and version written by stateWriter.header.
func (r *stateReader) header(tag string, version uint8) {
	p := r.take(len(tag) + 1)
	if p == nil {
		return
	}
	if string(p[:len(tag)]) != tag {
		r.err = fmt.Errorf("device state: tag %q, want %q", p[:len(tag)], tag)
		return
	}
	if p[len(tag)] != version {
		r.err = fmt.Errorf("device state %s: version %d, want %d", tag, p[len(tag)], version)
	}
}

func (r *stateReader) u8() uint8 {
	if p := r.take(1); p != nil {
		return p[0]
	}
	return 0
}

func (r *stateReader) u32() uint32 {
	if p := r.take(4); p != nil {
		return binary.LittleEndian.Uint32(p)
	}
	return 0
}

func (r *stateReader) u64() uint64 {
	if p := r.take(8); p != nil {
		return binary.LittleEndian.Uint64(p)
	}
	return 0
}

func (r *stateReader) bool() bool {
	v := r.u8()
	if v > 1 {
		r.fail("boolean field is %d", v)
	}
	return v == 1
}

// bytes reads a length-prefixed byte string into a fresh slice. The length
// is checked against what remains before anything is allocated.
func (r *stateReader) bytes() []byte {
	n := r.u32()
	if r.err != nil {
		return nil
	}
	if uint64(n) > uint64(len(r.b)) {
		r.err = errShortState
		return nil
	}
	return append([]byte(nil), r.take(int(n))...)
}

// fail records a validation error unless an earlier one is already set.
func (r *stateReader) fail(format string, args ...any) {
	if r.err == nil {
		r.err = fmt.Errorf("device state: "+format, args...)
	}
}

// finish returns the first error, or an error if bytes are left over.
func (r *stateReader) finish() error {
	if r.err != nil {
		return r.err
	}
	if len(r.b) != 0 {
		return fmt.Errorf("device state: %d trailing bytes", len(r.b))
	}
	return nil
}
