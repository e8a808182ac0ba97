package amd64

import (
	"fmt"
	"unsafe"
)

// Table is zeroed read-write memory outside Go's heap, seen as words:
// tables of host addresses that generated code indexes and that Go's
// collector must neither scan nor count. The host maps its pages on first
// touch, so a large table whose entries are mostly zero costs little.
type Table struct {
	mem []byte
}

// NewTable maps a table of n words.
func NewTable(n int) (*Table, error) {
	if n <= 0 {
		return nil, fmt.Errorf("amd64: table of %d words", n)
	}
	mem, err := mapData(n * int(unsafe.Sizeof(uintptr(0))))
	if err != nil {
		return nil, fmt.Errorf("amd64: mapping a table of %d words: %w", n, err)
	}
	return &Table{mem: mem}, nil
}

// Words is the table's words (nil after Free).
func (t *Table) Words() []uintptr {
	if t.mem == nil {
		return nil
	}
	return unsafe.Slice((*uintptr)(unsafe.Pointer(&t.mem[0])), len(t.mem)/int(unsafe.Sizeof(uintptr(0))))
}

// Free unmaps the table; t must not be used again.
func (t *Table) Free() error {
	if t.mem == nil {
		return nil
	}
	err := unmapData(t.mem)
	t.mem = nil
	return err
}
