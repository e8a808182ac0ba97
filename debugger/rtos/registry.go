package rtos

import "github.com/rewind-debugger/rewind/symbols"

// registry is the kernel's queue registry (vQueueAddToRegistry), when the
// firmware has one: queue handle → name.
type registry struct {
	addr, entries, entrySize uint32
	nameOff, handleOff       uint32
}

// loadRegistry finds xQueueRegistry and the layout of its items.
func loadRegistry(tab *symbols.Table) registry {
	s, ok := tab.LookupSymbol("xQueueRegistry")
	if !ok || s.Size == 0 {
		return registry{}
	}
	st, err := structType(tab, "QueueRegistryItem_t", "QUEUE_REGISTRY_ITEM", "xQUEUE_REGISTRY_ITEM")
	if err != nil || st.ByteSize <= 0 {
		return registry{}
	}
	name, handle := member(st, "pcQueueName"), member(st, "xHandle")
	if !name.ok || !handle.ok {
		return registry{}
	}
	size := uint32(st.ByteSize)
	return registry{addr: s.Addr, entries: s.Size / size, entrySize: size, nameOff: name.off, handleOff: handle.off}
}

// lookup returns the registered name of queue q, if any.
func (g registry) lookup(r *reader, q uint32) (string, bool) {
	for i := uint32(0); i < g.entries && i < 256; i++ {
		e := g.addr + i*g.entrySize
		if r.u32(e+g.handleOff) == q {
			if s := readCString(r, r.u32(e+g.nameOff), 32); s != "" {
				return s, true
			}
		}
	}
	return "", false
}

// readCString reads a NUL-terminated string of at most max bytes.
func readCString(r *reader, addr uint32, max int) string {
	if addr == 0 || r.err != nil {
		return ""
	}
	b := make([]byte, max)
	if err := r.mem.ReadMemory(addr, b); err != nil {
		return ""
	}
	for i, c := range b {
		if c == 0 {
			return string(b[:i])
		}
	}
	return string(b)
}
