// Package debugger is Rewind's protocol-independent debugging session: it
// joins the emulated board (vm), its reversible history (checkpoint) and the
// firmware's symbols (symbols) into the operations a developer uses, in
// both directions of time: breakpoints of every kind with conditions, hit
// counts and log points; source and instruction stepping forwards and
// backwards; continue and reverse-continue; run to a location; seek;
// restart-frame; pause; and the views (frames, variables, registers,
// memory, disassembly, expressions).
//
// The DAP adapter, the GDB stub, a console or JSON-RPC translate their
// protocol to a Session and hold no debugging logic of their own.
//
//	s, err := debugger.Open(debugger.Program{ELFPath: "demo.elf"}, debugger.Options{})
//	sp, err := s.ResolveLocation(0, 0, "demo.c:103", "")
//	b, err := s.AddBreakpoint(sp)  // b.ID is stable
//	ev := s.Continue()             // Stop{Reason: ReasonBreakpoint, ...}
//	w, err := s.WatchSpec(0, 0, "sensor.calibration", debugger.AccessWrite)
//	_, err = s.AddBreakpoint(w)
//	ev = s.ReverseContinue()       // lands before the write, in record(); ev.Watch has the values
//	ev = s.StepBack(0, debugger.Statement) // reverse step over
//
// Front-ends drive operations that move in time through a Runner (the
// run-state machine: start, pause, suspend for an edit, resume) and read
// everything else through the Session's methods; none of them reaches the
// machine or the timeline.
//
// # Semantics worth knowing
//
//   - Going forward, a hit's count is its number among the hits seen
//     from the start of history, wherever the session moved in time:
//     after a seek back or a reverse-continue, "== 3" stops at the third
//     hit again. Hits the session never saw (before the breakpoint was
//     set, or passed by a seek) are not counted; an edit of the past
//     forgets the hits of the discarded future; Restart forgets them all.
//     During a reverse-continue hit counts count the hits met going
//     backwards from where it started ("== 2" backwards is the
//     second-latest hit).
//   - Conditions are evaluated where the hit happens: before the
//     instruction for code breakpoints, after the access for data
//     breakpoints (so a condition on the new value works both ways). A
//     condition that fails to evaluate stops, with the error in the stop's
//     description. Conditions and log messages cannot change the machine
//     (an assignment in them is an error). Log points print only going
//     forward, and only past the end history had (replays are quiet, as
//     UART output is).
//   - A forward data breakpoint stops after the access; a reverse one
//     before it (the old value is visible; one instruction forward
//     performs it).
//   - Step over stops at the next line instance in the same frame
//     (identified by CFA; a jump back to the same line, as in a loop on
//     one line, is a new instance), or on return in the caller. Reverse
//     step over lands on the start of the previous line instance of this
//     frame, or of the calling line when the frame began in between.
//     Reverse step out lands before the call instruction; reverse step in
//     lands on the last line of a function called directly from the
//     previous line. All of them use the timeline's one reverse search
//     (checkpoint.Timeline.SearchBack), in bounded memory.
//   - Counted steps (StepCount, StepBackCount, Repeat) are one operation
//     that stops early at anything but a plain step end and on Pause;
//     "reverse-stepi N" costs about a seek.
//   - A forward run that reaches the firmware's exit stops just before it
//     (ReasonExiting, with the exit code); one more forward operation
//     performs it (ReasonExited). Options.StopAtExit false ends at the
//     exit at once. A replayed recording stops at its end
//     (ReasonEndOfHistory).
//   - At the start of history a backward operation stops with
//     ReasonStartOfHistory and says so.
//   - A data stop's Watch holds the watched memory just before and just
//     after the access (read from history, never remembered by a
//     front-end), whichever way the run went and wherever it started.
//   - Step out (finish, reverse-finish) of the outermost frame is refused
//     with ErrOutermostFrame; CanStepOut tells front-ends beforehand.
//   - Next by instruction steps over calls (gdb's nexti); StepIn by
//     instruction executes one instruction (stepi).
//
// A Session is not safe for concurrent use, except Pause, which may be
// called from any goroutine while an operation runs.
package debugger
