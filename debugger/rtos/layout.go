package rtos

import (
	"fmt"

	"github.com/go-delve/delve/pkg/dwarf/godwarf"

	"github.com/rewind-debugger/rewind/symbols"
)

// field locates a member of a kernel structure: byte offset and size, or
// absent when the kernel's configuration leaves it out.
type field struct {
	off, size uint32
	ok        bool
}

// layout holds the offsets the reader needs, taken from the firmware's
// DWARF types.
type layout struct {
	// TCB_t
	topOfStack, stateItem, eventItem, priority, stack, name field
	endOfStack, tcbNumber, basePriority                     field
	// ListItem_t
	itemValue, next, owner, container field
	// List_t
	numItems, listEnd field
	listSize          uint32
	// Queue_t, when the kernel's queue.c has debug info
	waitToSend, waitToRecv, itemSize field
	queueSize                        uint32
}

// loadLayout reads the structures' members from the debug info.
func loadLayout(tab *symbols.Table) (*layout, error) {
	tcb, err := structType(tab, "TCB_t", "tskTCB")
	if err != nil {
		return nil, err
	}
	item, err := structType(tab, "ListItem_t", "xLIST_ITEM")
	if err != nil {
		return nil, err
	}
	list, err := structType(tab, "List_t", "xLIST")
	if err != nil {
		return nil, err
	}
	l := &layout{listSize: uint32(list.ByteSize)}
	required := []struct {
		dst  *field
		st   *godwarf.StructType
		name []string
	}{
		{&l.topOfStack, tcb, []string{"pxTopOfStack"}},
		{&l.stateItem, tcb, []string{"xStateListItem", "xGenericListItem"}},
		{&l.eventItem, tcb, []string{"xEventListItem"}},
		{&l.priority, tcb, []string{"uxPriority"}},
		{&l.stack, tcb, []string{"pxStack"}},
		{&l.name, tcb, []string{"pcTaskName"}},
		{&l.itemValue, item, []string{"xItemValue"}},
		{&l.next, item, []string{"pxNext"}},
		{&l.owner, item, []string{"pvOwner"}},
		{&l.container, item, []string{"pxContainer", "pvContainer"}},
		{&l.numItems, list, []string{"uxNumberOfItems"}},
		{&l.listEnd, list, []string{"xListEnd"}},
	}
	for _, r := range required {
		*r.dst = member(r.st, r.name...)
		if !r.dst.ok {
			return nil, fmt.Errorf("%s has no member %s: not a FreeRTOS kernel layout", r.st.StructName, r.name[0])
		}
	}
	l.endOfStack = member(tcb, "pxEndOfStack")
	l.tcbNumber = member(tcb, "uxTCBNumber")
	l.basePriority = member(tcb, "uxBasePriority")
	if q, err := structType(tab, "Queue_t", "QueueDefinition"); err == nil {
		l.waitToSend = member(q, "xTasksWaitingToSend")
		l.waitToRecv = member(q, "xTasksWaitingToReceive")
		l.itemSize = member(q, "uxItemSize")
		l.queueSize = uint32(q.ByteSize)
	}
	return l, nil
}

// structType finds the first of names that is a struct (typedefs resolved).
func structType(tab *symbols.Table, names ...string) (*godwarf.StructType, error) {
	for _, n := range names {
		for _, spelled := range []string{n, "struct " + n} {
			t, err := tab.LookupType(spelled)
			if err != nil {
				continue
			}
			if st, ok := resolve(t).(*godwarf.StructType); ok {
				return st, nil
			}
		}
	}
	return nil, fmt.Errorf("no type %s in the debug info", names[0])
}

// resolve strips typedefs and qualifiers.
func resolve(t godwarf.Type) godwarf.Type {
	for i := 0; i < 32; i++ {
		switch x := t.(type) {
		case *godwarf.TypedefType:
			t = x.Type
		case *godwarf.QualType:
			t = x.Type
		default:
			return t
		}
	}
	return t
}

// member finds the first of names among st's fields.
func member(st *godwarf.StructType, names ...string) field {
	for _, n := range names {
		for _, f := range st.Field {
			if f.Name == n && f.ByteOffset >= 0 {
				return field{off: uint32(f.ByteOffset), size: uint32(f.Type.Size()), ok: true}
			}
		}
	}
	return field{}
}
