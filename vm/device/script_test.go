package device

import "testing"

// step is one line of a register script: a read checks its value, a write
// stores one; do runs arbitrary test code (input, line levels, checks).
type step struct {
	name  string
	write bool
	off   uint32
	size  int
	val   uint64 // value written, or value a read must return
	do    func(t *testing.T)
}

func rd(name string, off uint32, size int, want uint64) step {
	return step{name: name, off: off, size: size, val: want}
}

func wr(off uint32, size int, val uint64) step {
	return step{name: "write", write: true, off: off, size: size, val: val}
}

func do(name string, f func(t *testing.T)) step { return step{name: name, do: f} }

// runScript applies steps to d in order.
func runScript(t *testing.T, d Device, steps []step) {
	t.Helper()
	for i, s := range steps {
		switch {
		case s.do != nil:
			s.do(t)
		case s.write:
			d.Write(s.off, s.size, s.val)
		default:
			if got := d.Read(s.off, s.size); got != s.val {
				t.Errorf("step %d %s: read %#x/%d = %#x, want %#x", i, s.name, s.off, s.size, got, s.val)
			}
		}
	}
}
