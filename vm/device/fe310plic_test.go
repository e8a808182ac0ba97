package device

import "testing"

// TestFE310PLICRegisters: 127 sources, one context per hart, a 64 MiB
// window; hart h's machine mode is context h (testdata/hifive1/plic.c
// shows QEMU 7.2 the same way).
func TestFE310PLICRegisters(t *testing.T) {
	p := NewPLICWith(2, FE310PLIC())
	runScript(t, p, []step{
		wr(4*127, 4, 0xffffffff),
		rd("source 127 keeps 3 bits", 4*127, 4, 7),
		wr(4*128, 4, 5),
		rd("no source 128", 4*128, 4, 0),
		wr(plicEnableBase+12, 4, 0xffffffff),
		rd("fourth enable word", plicEnableBase+12, 4, 0xffffffff),
		rd("no fifth", plicEnableBase+16, 4, 0),
		wr(plicEnableBase+plicEnableStride, 4, 7),
		rd("context 1 is hart 1's machine mode", plicEnableBase+plicEnableStride, 4, 7),
		wr(plicEnableBase+2*plicEnableStride, 4, 7),
		rd("no context 2", plicEnableBase+2*plicEnableStride, 4, 0),
		wr(plicContextBase+2*plicContextStride, 4, 7),
		rd("no third threshold", plicContextBase+2*plicContextStride, 4, 0),
	})
	if !p.ValidAccess(0x3fffffc, 4, false) || p.ValidAccess(0x4000000, 4, false) || p.Size() != 0x4000000 {
		t.Errorf("window: size %#x", p.Size())
	}
}

// TestFE310PLICPending: QEMU 7.2's pending rule. A raise pends a source
// even while it is claimed; completion does not re-pend it; a falling line
// keeps the bit; Pending answers for machine mode only.
func TestFE310PLICPending(t *testing.T) {
	p := NewPLICWith(2, FE310PLIC())
	line := p.Line(4).(Raiser)
	check := func(name string, meip, seip bool) step {
		return do(name, func(t *testing.T) {
			if p.Pending(2) != meip || p.Pending(3) != seip || p.Pending(0) {
				t.Errorf("%s: hart 1 MEIP %v SEIP %v, hart 0 MEIP %v", name, p.Pending(2), p.Pending(3), p.Pending(0))
			}
		})
	}
	claim1 := uint32(plicContextBase + plicContextStride + 4)
	runScript(t, p, []step{
		wr(4*4, 4, 1), wr(plicEnableBase+plicEnableStride, 4, 1<<4),
		do("raise", func(*testing.T) { line.Raise() }),
		check("pending", true, false),
		rd("claim", claim1, 4, 4),
		check("claimed", false, false),
		do("raise again while high and claimed", func(*testing.T) { line.Raise() }),
		rd("pending while claimed", plicPendingBase, 4, 1<<4),
		check("a claimed source is not offered", false, false),
		wr(claim1, 4, 4),
		check("completed: the new request", true, false),
		rd("claim it", claim1, 4, 4),
		wr(claim1, 4, 4),
		rd("completion with the line high does not re-pend", plicPendingBase, 4, 0),
		do("level unchanged", func(*testing.T) { line.SetLevel(true) }),
		rd("a steady level is no request", plicPendingBase, 4, 0),
		do("lower, raise", func(*testing.T) { line.SetLevel(false); line.SetLevel(true); line.SetLevel(false) }),
		rd("a falling line keeps the request", plicPendingBase, 4, 1<<4),
	})
	// Snapshots keep pending and claimed together.
	if p.Read(claim1, 4) != 4 {
		t.Fatal("no claim")
	}
	line.Raise()
	q := NewPLICWith(2, FE310PLIC())
	if err := q.RestoreState(p.SaveState(nil)); err != nil {
		t.Fatal(err)
	}
	if string(q.SaveState(nil)) != string(p.SaveState(nil)) {
		t.Error("restored state differs")
	}
	if err := NewPLIC(1).RestoreState(p.SaveState(nil)); err == nil {
		t.Error("virt's PLIC took an FE310 PLIC's state")
	}
}

// TestSiFiveUARTInterrupt: the line follows QEMU 7.2 (ie.txwm alone raises
// it, whatever txcnt; ie.rxwm while a byte waits), and only txdata and ie
// writes, pops and input are new requests.
func TestSiFiveUARTInterrupt(t *testing.T) {
	p := NewPLICWith(1, FE310PLIC())
	u := NewSiFiveUART(p.Line(3))
	claim := uint32(plicContextBase + 4)
	pend := func(name string, want uint64) step { return rd(name, plicPendingBase, 4, want) }
	steps := []step{
		wr(4*3, 4, 1), wr(plicEnableBase, 4, 1<<3),
	}
	runScript(t, p, steps)
	runScript(t, u, []step{
		wr(suIE, 4, 0xffffffff),
		rd("ie keeps every bit", suIE, 4, 0xffffffff),
		rd("ip: txcnt 0", suIP, 4, 0),
		wr(suIE, 4, suTxWM),
	})
	runScript(t, p, []step{pend("ie.txwm raises with txcnt 0", 1<<3), rd("claim", claim, 4, 3), wr(claim, 4, 3), pend("completed", 0)})
	runScript(t, u, []step{wr(suTxCtrl, 4, 1<<16), wr(suDiv, 4, 5), rd("ip.txwm", suIP, 4, suTxWM)})
	runScript(t, p, []step{pend("txctrl and div writes are no request", 0)})
	runScript(t, u, []step{wr(suTxData, 4, 'x')})
	runScript(t, p, []step{pend("a byte sent is", 1<<3), rd("claim", claim, 4, 3), wr(claim, 4, 3)})
	runScript(t, u, []step{wr(suIE, 4, suRxWM), wr(suRxCtrl, 4, 3<<16)})
	runScript(t, p, []step{pend("rx: nothing received", 0)})
	u.Input([]byte("ab"))
	runScript(t, p, []step{pend("a byte waits (rxcnt 3 does not matter)", 1<<3), rd("claim", claim, 4, 3), wr(claim, 4, 3)})
	runScript(t, u, []step{rd("pop", suRxData, 4, 'a')})
	runScript(t, p, []step{pend("a pop with a byte left", 1<<3), rd("claim", claim, 4, 3), wr(claim, 4, 3)})
	runScript(t, u, []step{rd("pop", suRxData, 4, 'b')})
	runScript(t, p, []step{pend("the last pop lowers it", 0)})
}
