package vm

import (
	"encoding/binary"
	"testing"
)

// FuzzExecute runs arbitrary code on one or two harts: whatever the guest
// does, the machine must not panic and must stay deterministic.
func FuzzExecute(f *testing.F) {
	f.Add(wordsBytes(computeProg()), uint8(1))
	f.Add(wordsBytes(workProg()[:40]), uint8(2))
	f.Add(wordsBytes(devicePollProg()), uint8(0)) // device loads inside blocks
	f.Add(wordsBytes(prog(lrw(5, 6), scw(7, 6, 5), amoadd(5, 6, 7), uint32(wfi), uint32(mret))), uint8(2))
	f.Fuzz(func(t *testing.T, code []byte, harts uint8) {
		if len(code) > 1<<14 {
			return
		}
		pad := append(append([]byte{}, code...), 0, 0, 0, 0, 0, 0, 0, 0)
		run := func(noFast bool) [32]byte {
			m, err := NewVirt(Config{Harts: 1 + int(harts%2), RAMSize: 1 << 16})
			if err != nil {
				t.Fatal(err)
			}
			m.noFast = noFast
			if len(code) > 0 {
				if err := m.WriteMemory(ramBase, code); err != nil {
					t.Fatal(err)
				}
			}
			for i := 0; i < m.Harts(); i++ {
				h := m.Hart(i)
				h.SetPC(ramBase)
				for r := 1; r < 32; r++ {
					h.SetReg(r, ramBase+uint32(r)*4+binary.LittleEndian.Uint32(pad[r%4:])%64)
				}
			}
			m.UARTInput([]byte("in"))
			m.Run(3000)
			s := m.Snapshot()
			m.Run(6000)
			h1 := m.StateHash()
			if err := m.Restore(s); err != nil {
				t.Fatal(err)
			}
			m.UARTInput(nil)
			m.Run(6000)
			if m.StateHash() != h1 {
				t.Fatal("restore and rerun differ")
			}
			return h1
		}
		h := run(false)
		if run(false) != h {
			t.Fatal("two runs of the same code differ")
		}
		if run(true) != h {
			t.Fatal("decoded blocks and the one-instruction switch disagree")
		}
	})
}
