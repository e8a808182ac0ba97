package checkpoint

import (
	"encoding/binary"
	"testing"

	"github.com/rewind-debugger/rewind/vm"
)

// TestSeekAcrossAliasWrites: a guest counting in RAM through an alias
// (0x90000000 shows the RAM page at 0x80001000). Seeking back across its
// stores, and across a debugger write through the alias that forked the
// past, reads the same value at both addresses, the value a straight run
// reaches.
func TestSeekAcrossAliasWrites(t *testing.T) {
	newMachine := func() *vm.Machine {
		b := vm.Board{Name: "alias", RAMBase: 0x80000000, RAMSize: 0x10000,
			MemAliases: []vm.MemAlias{{Base: 0x90000000, Size: 0x1000, Of: 0x80001000}}}
		m, err := vm.NewMachine(b, vm.Config{FatalTraps: true})
		if err != nil {
			t.Fatal(err)
		}
		var code []byte
		for _, w := range []uint32{
			0x900002b7, // lui t0, 0x90000
			0x0002a303, // loop: lw t1, 0(t0)
			0x00130313, // addi t1, t1, 1
			0x0062a023, // sw t1, 0(t0)
			0xff5ff06f, // j loop
		} {
			code = binary.LittleEndian.AppendUint32(code, w)
		}
		if err := m.WriteMemory(0x80000000, code); err != nil {
			t.Fatal(err)
		}
		m.Hart(0).SetPC(0x80000000)
		return m
	}
	word := func(m *vm.Machine, addr uint32) uint32 {
		var b [4]byte
		if err := m.ReadMemory(addr, b[:]); err != nil {
			t.Fatal(err)
		}
		return binary.LittleEndian.Uint32(b[:])
	}
	both := func(tl *Timeline, when string, want uint32) {
		t.Helper()
		m := tl.Machine()
		if a, b := word(m, 0x80001000), word(m, 0x90000000); a != want || b != want {
			t.Errorf("%s (time %d): RAM %d, alias %d, want %d", when, tl.Now(), a, b, want)
		}
	}
	straight := newMachine()
	straight.Run(2001)
	at2001 := word(straight, 0x80001000)
	if at2001 < 400 {
		t.Fatalf("the counter reached %d in 2001 steps", at2001)
	}

	tl := New(newMachine(), Options{Interval: 256})
	if st := tl.Run(4001); st.Reason != vm.StopLimit {
		t.Fatal(st.Reason)
	}
	end := word(tl.Machine(), 0x80001000)
	if err := tl.Seek(2001); err != nil {
		t.Fatal(err)
	}
	both(tl, "seek back", at2001)
	if forked, err := tl.WriteMemory(0x90000000, binary.LittleEndian.AppendUint32(nil, 100_000)); !forked || err != nil {
		t.Fatalf("write through the alias in the past: forked %v, %v", forked, err)
	}
	both(tl, "after the write through the alias", 100_000)
	if st := tl.Run(3001); st.Reason != vm.StopLimit {
		t.Fatal(st.Reason)
	}
	later := word(tl.Machine(), 0x80001000)
	if later <= 100_000 || later >= 100_000+end {
		t.Errorf("the new future counts from the written value: %d", later)
	}
	if err := tl.Seek(1000); err != nil {
		t.Fatal(err)
	}
	straight = newMachine()
	straight.Run(1000)
	both(tl, "seek before the fork", word(straight, 0x80001000))
	if err := tl.Seek(2001); err != nil {
		t.Fatal(err)
	}
	both(tl, "seek to the fork again", 100_000)
	if err := tl.Seek(3001); err != nil {
		t.Fatal(err)
	}
	both(tl, "seek to the new end", later)
}
