package rtos_test

import (
	"encoding/binary"
	"strings"
	"testing"

	"github.com/rewind-debugger/rewind/debugger/rtos"
)

// patched is target memory with some words overwritten.
type patched struct {
	base  rtos.Memory
	words map[uint32]uint32
}

func (p patched) ReadMemory(addr uint32, buf []byte) error {
	if err := p.base.ReadMemory(addr, buf); err != nil {
		return err
	}
	for a, v := range p.words {
		var w [4]byte
		binary.LittleEndian.PutUint32(w[:], v)
		for i := range w {
			if at := a + uint32(i); at >= addr && at < addr+uint32(len(buf)) {
				buf[at-addr] = w[i]
			}
		}
	}
	return nil
}

// TestCorruptedLists: a list whose links loop, end in NULL or disagree
// with its header is an error naming the list, never a hang.
func TestCorruptedLists(t *testing.T) {
	b := boot(t)
	b.runToHit(b.addr("xTaskIncrementTick"), 4)
	ready1 := b.addr("pxReadyTasksLists") + 1*20 // List_t is 20 bytes: count, index, end(value, next, prev)
	first := func() uint32 {
		var w [4]byte
		if err := b.m.ReadMemory(ready1+12, w[:]); err != nil {
			t.Fatal(err)
		}
		return binary.LittleEndian.Uint32(w[:])
	}()
	cases := []struct {
		name  string
		words map[uint32]uint32
		want  string
	}{
		{"loop", map[uint32]uint32{first + 4: first}, "links loop"},
		{"null", map[uint32]uint32{first + 4: 0}, "NULL link"},
		{"count", map[uint32]uint32{ready1: 7}, "header says 7"},
		{"foreign", map[uint32]uint32{first + 16: 0x80000000}, "says it is on list"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := b.k.Tasks(patched{b.m, c.words})
			if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "pxReadyTasksLists[1]") {
				t.Fatalf("Tasks = %v, want an error on pxReadyTasksLists[1] saying %q", err, c.want)
			}
		})
	}
}
