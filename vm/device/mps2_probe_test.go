package device

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// TestMPS2ProbeMatchesQEMU replays testdata/arm/probe.elf's register
// accesses, recorded on QEMU 7.2's mps2-an385 (golden/probe.out), on the
// device models and compares every value read.
func TestMPS2ProbeMatchesQEMU(t *testing.T) {
	f, err := os.Open(filepath.Join("..", "..", "testdata", "arm", "golden", "probe.out"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	clk := &testClock{} // frozen: the probe reads nothing that depends on time
	devs := []struct {
		base uint32
		d    Device
	}{
		{0x40005000, NewCMSDKUART(nil, nil, nil, nil)},
		{0x40001000, NewCMSDKTimer(nil, clk, MPS2PeripheralHz)},
		{0x40002000, NewCMSDKDualTimer(nil, clk, MPS2PeripheralHz)},
		{0x40028000, NewMPS2FPGAIO(clk, MPS2PeripheralHz, 2)},
	}
	find := func(addr uint32) (Device, uint32) {
		for _, m := range devs {
			if addr-m.base < m.d.Size() {
				return m.d, addr - m.base
			}
		}
		return nil, 0
	}
	sc := bufio.NewScanner(f)
	reads := 0
	for n := 1; sc.Scan(); n++ {
		var op byte
		var addr, val uint32
		if _, err := fmt.Sscanf(sc.Text(), "%c %x %x", &op, &addr, &val); err != nil {
			continue // the exit line
		}
		d, off := find(addr)
		if d == nil {
			t.Fatalf("line %d: no device at %#x", n, addr)
		}
		switch op {
		case 'W':
			d.Write(off, 4, uint64(val))
		case 'R':
			reads++
			if got := uint32(d.Read(off, 4)); got != val {
				t.Errorf("line %d: %s+%#x reads %#x, QEMU %#x", n, d.Name(), off, got, val)
			}
		}
	}
	if reads < 50 {
		t.Fatalf("only %d reads in the probe output", reads)
	}
}
