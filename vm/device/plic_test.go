package device

import "testing"

const (
	plicClaim0 = plicContextBase + 4                     // hart 0, M mode
	plicClaim1 = plicContextBase + plicContextStride + 4 // hart 0, S mode
	plicThr0   = plicContextBase
)

func TestPLICRegisters(t *testing.T) {
	p := NewPLIC(1)
	runScript(t, p, []step{
		wr(4*10, 4, 0xFFFFFFFF),
		rd("priority keeps 3 bits", 4*10, 4, 7),
		wr(4*10, 4, 9),
		rd("priority 9 is 1", 4*10, 4, 1),
		wr(0, 4, 5),
		rd("source 0 priority is 0", 0, 4, 0),
		wr(4*95, 4, 3),
		rd("last source", 4*95, 4, 3),
		rd("beyond the last source", 4*96, 4, 0),
		wr(plicThr0, 4, 0xFF),
		rd("threshold keeps 3 bits", plicThr0, 4, 7),
		wr(plicEnableBase, 4, 0xFFFFFFFF),
		rd("enable stores all bits", plicEnableBase, 4, 0xFFFFFFFF),
		wr(plicEnableBase+12, 4, 1),
		rd("no fourth enable word", plicEnableBase+12, 4, 0),
		rd("S-mode enables are separate", plicEnableBase+plicEnableStride, 4, 0),
		rd("no third context", plicEnableBase+2*plicEnableStride, 4, 0),
		wr(plicPendingBase, 4, 0xFFFFFFFF),
		rd("pending ignores writes", plicPendingBase, 4, 0),
		rd("byte read", 4*10, 1, 0),
		rd("context offset 8", plicContextBase+8, 4, 0),
	})
}

func TestPLICClaimComplete(t *testing.T) {
	p := NewPLIC(2)
	pending := func(name string, ctx ...bool) step {
		return do(name, func(t *testing.T) {
			for c, want := range ctx {
				if got := p.Pending(c); got != want {
					t.Errorf("%s: Pending(%d) = %v, want %v", name, c, got, want)
				}
			}
		})
	}
	level := func(irq int, high bool) step {
		return do("line", func(*testing.T) { p.Line(irq).SetLevel(high) })
	}
	runScript(t, p, []step{
		wr(4*3, 4, 2), wr(4*10, 4, 5), wr(4*40, 4, 5),
		wr(plicEnableBase, 4, 1<<3|1<<10), wr(plicEnableBase+4, 4, 1<<8), // context 0: 3, 10, 40
		wr(plicEnableBase+3*plicEnableStride, 4, 1<<10), // context 3 (hart 1 S): 10
		pending("idle", false, false, false, false),
		level(3, true),
		rd("pending word", plicPendingBase, 4, 1<<3),
		pending("source 3", true, false, false, false),
		level(40, true), level(10, true),
		pending("sources 3 10 40", true, false, false, true),
		do("peek shows the claim", func(t *testing.T) {
			if got := p.Peek(plicClaim0, 4); got != 10 {
				t.Errorf("Peek(claim) = %d, want 10", got)
			}
		}),
		wr(plicThr0, 4, 5),
		pending("threshold 5 masks priority 5", false, false, false, true),
		rd("claim below threshold", plicClaim0, 4, 0),
		wr(plicThr0, 4, 4),
		rd("highest priority, lowest number", plicClaim0, 4, 10),
		pending("10 claimed: 40 left for context 0", true, false, false, false),
		rd("pending after claim", plicPendingBase, 4, 1<<3),
		rd("claim 40", plicClaim0, 4, 40),
		rd("3 is under the threshold", plicClaim0, 4, 0),
		level(10, false), level(10, true),
		rd("claimed source does not re-pend", plicPendingBase, 4, 1<<3),
		wr(plicClaim0, 4, 10),
		rd("completed with line high: pending again", plicPendingBase, 4, 1<<3|1<<10),
		pending("after completion", true, false, false, true),
		rd("context 3 claims it", plicClaim0+3*plicContextStride, 4, 10),
		level(10, false),
		wr(plicClaim1+2*plicContextStride, 4, 10), // completion from another context
		rd("completed with line low: idle", plicPendingBase, 4, 1<<3),
		level(40, false),
		wr(plicClaim0, 4, 40),
		rd("40 fell before completion", plicPendingBase+4, 4, 0),
		level(40, true), level(40, false),
		rd("a pulse stays pending until claimed", plicPendingBase+4, 4, 1<<8),
		rd("claim the pulse", plicClaim0, 4, 40),
		rd("claimed pulse", plicPendingBase+4, 4, 0),
		wr(plicClaim0, 4, 40),
		rd("completed pulse", plicPendingBase+4, 4, 0),
		wr(plicClaim0, 4, 200),
		level(0, true), level(96, true), level(-1, true),
		rd("source 0 and out-of-range lines ignored", plicPendingBase, 4, 1<<3),
	})
	if p.Pending(-1) || p.Pending(4) {
		t.Error("absent contexts must not be pending")
	}
}

func TestPLICValidAccess(t *testing.T) {
	p := NewPLIC(1)
	for _, tc := range []struct {
		off  uint32
		size int
		ok   bool
	}{
		{0x28, 4, true}, {0x28, 1, false}, {0x28, 2, false}, {0x28, 8, false},
		{0x5FFFFC, 4, true}, {0x600000, 4, false},
	} {
		if got := p.ValidAccess(tc.off, tc.size, true); got != tc.ok {
			t.Errorf("ValidAccess(%#x, %d) = %v, want %v", tc.off, tc.size, got, tc.ok)
		}
	}
}

// TestPLICCompleteOtherContext pins QEMU 7.2's behaviour (recorded by the
// probe): a completion ends the claim even when written by a context where
// the source is not enabled, here hart 1's M context completing a claim
// made by hart 0's.
func TestPLICCompleteOtherContext(t *testing.T) {
	for _, enabledOnHart1 := range []bool{false, true} {
		p := NewPLIC(2)
		p.Write(10*4, 4, 1)               // priority of source 10
		p.Write(plicEnableBase, 4, 1<<10) // context 0 (hart 0 M)
		if enabledOnHart1 {
			p.Write(plicEnableBase+2*plicEnableStride, 4, 1<<10)
		}
		p.Line(10).SetLevel(true)
		claim0 := uint32(plicContextBase + 4)
		claim2 := uint32(plicContextBase + 2*plicContextStride + 4)
		if got := p.Read(claim0, 4); got != 10 {
			t.Fatalf("context 0 claims %d, want 10", got)
		}
		p.Write(claim2, 4, 10) // completed by context 2 (hart 1 M)
		p.Line(10).SetLevel(false)
		p.Line(10).SetLevel(true)
		if got := p.Read(claim0, 4); got != 10 {
			t.Errorf("enabled on hart 1 %v: claim after the other context's completion = %d, want 10", enabledOnHart1, got)
		}
	}
}
