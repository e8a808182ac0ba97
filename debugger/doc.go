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
//	s, err := debugger.New(elf, debugger.Options{Path: "demo.elf"})
//	s.SetLineBreakpoints("demo.c", []debugger.LineSpec{{Line: 103}})
//	ev := s.Continue()          // Stop{Reason: ReasonBreakpoint, ...}
//	s.SetDataBreakpoints([]debugger.DataSpec{{Expr: "sensor.calibration", Access: vm.AccessWrite}})
//	ev = s.ReverseContinue()    // lands before the write, in record()
//	ev = s.StepBack(0)          // reverse step over
//
// A Session is not safe for concurrent use, except Pause, which may be
// called from any goroutine while an operation runs.
package debugger
