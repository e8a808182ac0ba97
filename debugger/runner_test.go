package debugger

import (
	"testing"
)

// stops collects the stops a runner reports.
type stops chan Stop

func (c stops) next(t *testing.T) Stop {
	t.Helper()
	return <-c
}

// TestRunnerSuspendResume: a continue suspended for an edit runs on after
// Resume and stops at the breakpoint added meanwhile; a step suspended
// reports its pause.
func TestRunnerSuspendResume(t *testing.T) {
	s := openFirmware(t, "echo") // waits for input: runs until paused
	got := make(stops, 4)
	r := NewRunner(s, func(st Stop) { got <- st })
	if err := r.Start(func(s *Session) Stop { return s.Continue() }, true); err != nil {
		t.Fatal(err)
	}
	if err := r.Start(func(s *Session) Stop { return s.Continue() }, true); err != ErrRunning {
		t.Fatalf("a second start: %v", err)
	}
	if !r.Suspend() || r.State() != StateSuspended {
		t.Fatalf("suspend: state %v", r.State())
	}
	if len(got) != 0 {
		t.Fatalf("a suspension was reported: %v", <-got)
	}
	if _, err := r.Run(func(s *Session) Stop { return s.Continue() }); err != ErrRunning {
		t.Fatalf("run while suspended: %v", err)
	}
	add(t, s, "*0x80000000", false) // _start: only a restart reaches it again
	r.Resume()
	if r.State() != StateRunning {
		t.Fatalf("after resume: %v", r.State())
	}
	if !r.Pause() {
		t.Fatal("pause found nothing running")
	}
	if st := got.next(t); st.Reason != ReasonPause {
		t.Fatalf("paused continue: %v", st)
	}
	r.Wait()
	if r.State() != StateStopped || r.Pause() {
		t.Fatalf("after the pause: %v", r.State())
	}
	if st, err := r.Run(func(s *Session) Stop { return s.StepInstruction(0) }); err != nil || st.Reason != ReasonStep {
		t.Fatalf("a step after the pause: %v %v (a stale pause?)", st, err)
	}
}

// TestRunnerSuspendStep: a non-resumable operation suspended and resumed
// reports its pause; Drop forgets a suspension.
func TestRunnerSuspendStep(t *testing.T) {
	s := openFirmware(t, "echo")
	got := make(stops, 4)
	r := NewRunner(s, func(st Stop) { got <- st })
	_ = r.Start(func(s *Session) Stop { return s.Continue() }, false)
	if !r.Suspend() {
		t.Fatal("not suspended")
	}
	r.Resume()
	if st := got.next(t); st.Reason != ReasonPause || r.State() != StateStopped {
		t.Fatalf("resumed step: %v, state %v", st, r.State())
	}
	_ = r.Start(func(s *Session) Stop { return s.Continue() }, true)
	r.Suspend()
	r.Drop()
	if r.State() != StateStopped || len(got) != 0 {
		t.Fatalf("after drop: %v", r.State())
	}
	if r.Suspend() {
		t.Fatal("suspended with nothing running")
	}
}
