package rtos

import "fmt"

// maxListItems bounds a walk: no kernel has more tasks than this, so a
// longer list is corrupted memory, not a big system.
const maxListItems = 1024

// listItem is one item of a kernel list: its address, value and owner.
type listItem struct {
	addr, value, owner uint32
}

// walk returns the items of the list at addr, in list order from the
// head. A list whose links form a cycle, point outside the list, or run
// longer than maxListItems is an error naming it.
func (k *Kernel) walk(r *reader, name string, addr uint32) ([]listItem, error) {
	l := k.lay
	count := r.uint(addr, l.numItems)
	end := addr + l.listEnd.off
	next := r.u32(end + l.next.off)
	if r.err != nil {
		return nil, fmt.Errorf("list %s: %w", name, r.err)
	}
	var items []listItem
	seen := map[uint32]bool{}
	for it := next; it != end; it = r.u32(it + l.next.off) {
		if r.err != nil {
			return nil, fmt.Errorf("list %s: %w", name, r.err)
		}
		if it == 0 {
			return nil, fmt.Errorf("list %s is corrupted: a NULL link after %d items", name, len(items))
		}
		if seen[it] || len(items) >= maxListItems {
			return nil, fmt.Errorf("list %s is corrupted: its links loop (more than %d items, header says %d)", name, len(items), count)
		}
		seen[it] = true
		if c := r.u32(it + l.container.off); c != addr {
			return nil, fmt.Errorf("list %s is corrupted: item 0x%08x says it is on list 0x%08x", name, it, c)
		}
		items = append(items, listItem{addr: it, value: r.uint(it, l.itemValue), owner: r.u32(it + l.owner.off)})
	}
	if r.err != nil {
		return nil, fmt.Errorf("list %s: %w", name, r.err)
	}
	if uint32(len(items)) != count {
		return nil, fmt.Errorf("list %s is corrupted: %d items linked, header says %d", name, len(items), count)
	}
	return items, nil
}
