package debugger

import (
	"os"
	"path/filepath"
	"testing"
)

// newTwoHarts runs the atomic firmware on two harts.
func newTwoHarts(t *testing.T) *Session {
	t.Helper()
	p := filepath.Join("..", "testdata", "firmware", "atomic.elf")
	elf, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	s, err := New(elf, Options{Path: p, Harts: 2})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// retired is a hart's minstret.
func retired(s *Session, hart int) uint32 {
	v, _ := s.m.Hart(hart).ReadCSR(csrMinstret)
	return v
}

// hartTurns are moments where hart 0 or hart 1 has the turn.
var hartTurns = []struct {
	name string
	at   uint64
	hart int
}{
	{"hart 1 while hart 0 runs", 2500, 1},
	{"hart 0 while hart 0 runs", 2500, 0},
	{"hart 0 while hart 1 runs", 1500, 0},
	{"hart 1 while hart 1 runs", 1500, 1},
}

// seekTo moves to t or fails the test.
func seekTo(t *testing.T, s *Session, at uint64) {
	t.Helper()
	if s.tl.End() < at {
		s.tl.Seek(s.tl.End())
		s.tl.Run(at)
	}
	if st := s.Seek(at); s.Now() != at {
		t.Fatalf("seek %d: %v", at, st)
	}
}

// An instruction step of one hart executes one instruction of that hart
// even when the other one has the turn.
func TestInstructionStepOfEachHart(t *testing.T) {
	s := newTwoHarts(t)
	for _, tt := range hartTurns {
		t.Run(tt.name, func(t *testing.T) {
			seekTo(t, s, tt.at)
			n := retired(s, tt.hart)
			if st := s.StepInstruction(tt.hart); st.Reason != ReasonStep {
				t.Fatalf("step: %v", st)
			}
			if got := retired(s, tt.hart); got != n+1 {
				t.Fatalf("step of hart %d: its minstret %d -> %d", tt.hart, n, got)
			}
		})
	}
}

// An instruction step back of one hart undoes that hart's latest step,
// not the other hart's.
func TestStepBackOfEachHart(t *testing.T) {
	s := newTwoHarts(t)
	for _, tt := range hartTurns {
		t.Run(tt.name, func(t *testing.T) {
			seekTo(t, s, tt.at)
			for i := range 2 {
				n := retired(s, tt.hart)
				if st := s.StepBack(tt.hart, ByInstruction); st.Reason != ReasonStep {
					t.Fatalf("step back %d: %v", i, st)
				}
				if got := retired(s, tt.hart); got != n-1 {
					t.Fatalf("step back %d of hart %d: its minstret %d -> %d", i, tt.hart, n, got)
				}
			}
			pc := s.m.Hart(tt.hart).PC()
			s.StepInstruction(tt.hart)
			s.StepBack(tt.hart, ByInstruction)
			if got := s.m.Hart(tt.hart).PC(); got != pc {
				t.Fatalf("step then step back of hart %d: pc %#x, want %#x", tt.hart, got, pc)
			}
		})
	}
}

// A hart that has not run yet has nothing to step back to.
func TestStepBackOfHartNotRunYet(t *testing.T) {
	s := newTwoHarts(t)
	seekTo(t, s, 500) // hart 1 has not had its turn
	if st := s.StepBack(1, ByInstruction); st.Reason != ReasonStartOfHistory || s.Now() != 500 {
		t.Fatalf("step back of hart 1 before it ran: %v at %d", st, s.Now())
	}
}

// A counted instruction step back of one hart undoes that many of its
// steps (found through its cycle counter), as single steps back do.
func TestCountedStepBackOfEachHart(t *testing.T) {
	s := newTwoHarts(t)
	for _, tt := range hartTurns {
		t.Run(tt.name, func(t *testing.T) {
			seekTo(t, s, tt.at+3000)
			for range 5 {
				s.StepBack(tt.hart, ByInstruction)
			}
			want := s.Now()
			seekTo(t, s, tt.at+3000)
			if st := s.StepBackCount(tt.hart, ByInstruction, 5); st.Reason != ReasonStep || s.Now() != want {
				t.Fatalf("reverse-stepi 5 of hart %d: %v at %d, want %d", tt.hart, st, s.Now(), want)
			}
			seekTo(t, s, tt.at+3000)
			if st := s.StepBackCount(tt.hart, ByInstruction, 1e6); st.Reason != ReasonStartOfHistory {
				t.Fatalf("reverse-stepi 10^6 of hart %d: %v", tt.hart, st)
			}
		})
	}
}
