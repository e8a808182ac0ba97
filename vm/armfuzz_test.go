package vm

import (
	"encoding/binary"
	"testing"
)

// FuzzARMExecute runs arbitrary Thumb code on the Cortex-M boards (every
// exception vector points back into it): the machine must not panic, two
// runs must agree, a snapshot must replay exactly, and the fast switch must
// agree with the full one.
func FuzzARMExecute(f *testing.F) {
	f.Add([]byte{0x01, 0x30, 0x01, 0x39, 0xfb, 0xe7}, uint8(0))
	f.Add([]byte{0x4f, 0xf0, 0x00, 0x00, 0xbd, 0xe8, 0xf0, 0x8f, 0x00, 0xdf, 0x30, 0xbf}, uint8(1))
	f.Add([]byte{0x08, 0xbf, 0x01, 0x20, 0xb1, 0xfb, 0xf2, 0xf0, 0x00, 0xee, 0x10, 0x0a, 0x51, 0xe8, 0x00, 0x0f}, uint8(2))
	f.Fuzz(func(t *testing.T, code []byte, cpu uint8) {
		if len(code) > 1<<12 {
			return
		}
		cpus := [...]string{"cortex-m3", "cortex-m4f", "cortex-m0"}
		run := func(noFast bool) [32]byte {
			b, err := MPS2Board("mps2-an386")
			if err != nil {
				t.Fatal(err)
			}
			b.CPU = cpus[int(cpu)%len(cpus)]
			m, err := NewMachine(b, Config{})
			if err != nil {
				t.Fatal(err)
			}
			m.noFast = noFast
			img := make([]byte, 0x100+len(code))
			binary.LittleEndian.PutUint32(img, 0x20001000)
			for i := 4; i < 0x100; i += 4 {
				binary.LittleEndian.PutUint32(img[i:], 0x101)
			}
			copy(img[0x100:], code)
			if err := m.WriteMemory(0, img); err != nil {
				t.Fatal(err)
			}
			m.armBoot(m.harts[0])
			a := &m.harts[0].arm
			a.cpacr = 0xf << 20
			for r := 0; r < 13; r++ {
				a.r[r] = 0x20000000 + uint32(r)*0x40
			}
			m.Run(2000)
			s := m.Snapshot()
			m.Run(5000)
			h1 := m.StateHash()
			if err := m.Restore(s); err != nil {
				t.Fatal(err)
			}
			m.Run(5000)
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
			t.Fatal("the fast switch and the full switch disagree")
		}
	})
}
