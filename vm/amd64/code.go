package amd64

import "fmt"

// Code is a region of executable memory that finished functions are
// placed in, one after another. It is not safe for concurrent use; code
// placed in it stays valid until Reset or Free.
type Code struct {
	mem  []byte
	used int
}

// codeAlign aligns each placed function (a cache-friendly entry).
const codeAlign = 16

// NewCode maps size bytes of executable memory. It fails where the
// platform has no executable mapping for Go (every platform but
// linux/amd64 and friends: Supported reports which) or refuses one.
func NewCode(size int) (*Code, error) {
	if size <= 0 {
		return nil, fmt.Errorf("amd64: code size %d", size)
	}
	mem, err := mapExec(size)
	if err != nil {
		return nil, fmt.Errorf("amd64: mapping %d bytes of executable memory: %w", size, err)
	}
	return &Code{mem: mem}, nil
}

// Place copies fn into c and returns its entry address; ok is false, with
// nothing placed, when c has no room left.
func (c *Code) Place(fn []byte) (entry uintptr, ok bool) {
	at := (c.used + codeAlign - 1) &^ (codeAlign - 1)
	if at+len(fn) > len(c.mem) || len(fn) == 0 {
		return 0, false
	}
	copy(c.mem[at:], fn)
	c.used = at + len(fn)
	return addrOf(c.mem, at), true
}

// Used is the number of bytes placed since the last Reset.
func (c *Code) Used() int { return c.used }

// Cap is the size of c.
func (c *Code) Cap() int { return len(c.mem) }

// Reset forgets every function placed: their memory is reused by later
// Places, so no entry returned before may run again.
func (c *Code) Reset() { c.used = 0 }

// Free unmaps c's memory; c must not be used again.
func (c *Code) Free() error {
	if c.mem == nil {
		return nil
	}
	err := unmapExec(c.mem)
	c.mem, c.used = nil, 0
	return err
}

// PatchJmp rewrites the code at address at, placed since the last Reset,
// into a 5-byte relative jump to target, and reports whether it could:
// at and its 5 bytes must lie in placed code and target be in rel32 reach.
// The caller must be sure no thread runs the bytes it overwrites.
func (c *Code) PatchJmp(at, target uintptr) bool {
	if c.mem == nil {
		return false
	}
	base := addrOf(c.mem, 0)
	if at < base || at-base+5 > uintptr(c.used) {
		return false
	}
	rel := int64(target) - int64(at+5)
	if rel != int64(int32(rel)) {
		return false
	}
	o := at - base
	c.mem[o] = 0xe9
	c.mem[o+1], c.mem[o+2], c.mem[o+3], c.mem[o+4] = byte(rel), byte(rel>>8), byte(rel>>16), byte(rel>>24)
	return true
}
