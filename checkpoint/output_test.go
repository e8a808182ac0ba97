package checkpoint

import (
	"testing"

	"github.com/rewind-debugger/rewind/vm"
)

// TestOutputTimes: the time stamped on each output byte is the time of
// the store instruction that sent it (a write watchpoint on the UART's
// transmit register reports the same times), also after a fork drops the
// output at and after Now.
func TestOutputTimes(t *testing.T) {
	const thr = 0x10000000
	for _, name := range []string{"hello", "timer", "demo"} {
		t.Run(name, func(t *testing.T) {
			fw := firmware{name: name, path: "../testdata/firmware/" + name + ".elf", harts: 1}
			m := boot(t, fw)
			m.SetWatchpoint(thr, 1, vm.AccessWrite)
			var want []uint64
			for {
				st := m.Run(2_000_000)
				if st.Reason != vm.StopWatchpoint {
					break
				}
				want = append(want, st.Time)
			}
			tl := New(boot(t, fw), Options{Interval: 1 << 12})
			tl.Run(2_000_000)
			out := tl.Output(0, Forever)
			if len(out) == 0 || len(out) != len(want) {
				t.Fatalf("%d output bytes, %d stores to THR", len(out), len(want))
			}
			for i := range out {
				if out[i].Time != want[i] {
					t.Fatalf("byte %d stamped %d, stored at %d", i, out[i].Time, want[i])
				}
			}
			// Fork exactly at the store of a byte: that byte goes, the earlier stay.
			k := len(want) / 2
			if err := tl.Seek(want[k]); err != nil {
				t.Fatal(err)
			}
			if _, err := tl.WriteMemory(vm.DefaultRAMBase+vm.DefaultRAMSize-4, []byte{1}); err != nil {
				t.Fatal(err)
			}
			if n := len(tl.Output(0, Forever)); n != k {
				t.Fatalf("after a fork at byte %d's store: %d bytes kept", k, n)
			}
		})
	}
}
