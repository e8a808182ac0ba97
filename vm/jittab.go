package vm

import (
	"unsafe"

	"github.com/rewind-debugger/rewind/vm/amd64"
)

// The page tables of compiled code: a copy of the memory's fast page table
// (memory.fast) that generated code indexes by the guest address alone,
// with no bound check and no scaling beyond a word: one entry for each of
// the 2^20 pages of the 32-bit space, in memory outside Go's heap (the
// host commits only the pages of entries ever set). An entry is 0 where
// fast has nil, or outside RAM:
//
//   - rd[a>>12] is the address of the page's data minus the page's guest
//     address, so that a load from guest address a reads host address
//     rd[a>>12] + a;
//   - wr[a>>12] is the address of the page (its data, then its written
//     lines), for stores, which mark the line they write.
//
// The entries hold the addresses of pages that memory.fast holds too, so
// the pages stay alive while an entry names them (Go's heap does not move
// objects): memory.setRd and setWr keep the two tables equal.

// jitPages is the number of entries of each table: the pages of 2^32 bytes.
const jitPages = 1 << (32 - pageShift)

// jitTables are a memory's page tables for compiled code (Cortex-M
// machines only: the RISC-V compiler takes memory.fast).
type jitTables struct {
	t      *amd64.Table
	rd, wr []uintptr // jitPages entries each, wr right after rd
}

// jitWrOff is the offset of the wr table from the rd table.
const jitWrOff = jitPages * int32(unsafe.Sizeof(uintptr(0)))

// attachJIT gives mem its page tables for compiled code, filled from
// fast, and reports whether it has them.
func (mem *memory) attachJIT() bool {
	if mem.jt != nil {
		return true
	}
	t, err := amd64.NewTable(2 * jitPages)
	if err != nil {
		return false
	}
	w := t.Words()
	jt := &jitTables{t: t, rd: w[:jitPages:jitPages], wr: w[jitPages:]}
	mem.jt = jt
	// Only allocated pages have views; reading all of fast would fault in
	// its untouched pages, and the tables start zeroed.
	for _, i := range mem.alloc {
		mem.setRd(i, mem.fast[i].rd)
		mem.setWr(i, mem.fast[i].wr)
	}
	return true
}

// setRd sets the load view of page i (of the memory, from its base).
func (mem *memory) setRd(i uint32, p *page) {
	mem.fast[i].rd = p
	if mem.jt != nil {
		g := mem.base>>pageShift + i
		var e uintptr
		if p != nil {
			e = uintptr(unsafe.Pointer(&p.data)) - uintptr(g)<<pageShift
		}
		if mem.jt.rd[g] != e { // a read of an untouched entry commits no memory
			mem.jt.rd[g] = e
		}
	}
}

// setWr sets the store view of page i.
func (mem *memory) setWr(i uint32, p *page) {
	mem.fast[i].wr = p
	if mem.jt != nil {
		if g, e := mem.base>>pageShift+i, uintptr(unsafe.Pointer(p)); mem.jt.wr[g] != e {
			mem.jt.wr[g] = e
		}
	}
}

// jitBase is the address of the rd table, for compiled code.
func (mem *memory) jitBase() uintptr {
	return uintptr(unsafe.Pointer(unsafe.SliceData(mem.jt.rd)))
}

// free releases the tables.
func (jt *jitTables) free() { _ = jt.t.Free() }
