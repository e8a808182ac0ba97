package rpc

import (
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/rewind-debugger/rewind/checkpoint"
	"github.com/rewind-debugger/rewind/console/dbgext"
	"github.com/rewind-debugger/rewind/debugger"
	"github.com/rewind-debugger/rewind/symbols"
	"github.com/rewind-debugger/rewind/vm"
	"github.com/sourcegraph/jsonrpc2"
)

// methods is the API.
var methods = map[string]method{
	"launch":           {false, with(launch)},
	"breakpoint.set":   {true, with(setBreakpoint)},
	"breakpoint.clear": {true, with(clearBreakpoint)},
	"watch.set":        {true, with(setWatch)},
	"run":              {true, with(run)},
	"step":             {true, with(step)},
	"seek":             {true, with(seek)},
	"evaluate":         {true, with(evaluate)},
	"stack":            {true, with(stack)},
	"timeline":         {true, with(timeline)},
	"history":          {true, with(history)},
	"uart.send":        {true, with(uartSend)},
	"output":           {true, with(output)},
	"terminate":        {false, with(terminate)},
}

// empty is the params of methods that take none.
type empty struct{}

func launch(srv *Server, p LaunchParams) (any, error) {
	if p.Program == "" && p.Recording == "" {
		return nil, needParam("program")
	}
	if p.Harts < 0 || p.Harts > 64 {
		return nil, rpcError(jsonrpc2.CodeInvalidParams, "bad params: harts must be 1 to 64")
	}
	elf, rec, err := loadProgram(p)
	if err != nil {
		return nil, rpcError(CodeLaunchFailed, "launch: %v", err)
	}
	sess := &session{}
	s, err := debugger.New(elf, debugger.Options{Path: p.Program, Harts: p.Harts, Recording: rec,
		Output: func(b byte, _ uint64) { sess.out.WriteByte(b) }, StopAtExit: p.StopAtExit})
	if err != nil {
		return nil, rpcError(CodeLaunchFailed, "launch: %v", err)
	}
	if err := s.SetExceptionFilters(dbgext.StopOnFaults); err != nil {
		return nil, rpcError(CodeLaunchFailed, "launch: %v", err)
	}
	sess.s, sess.bps = s, dbgext.NewTable(s)
	srv.sess = sess
	srv.running.Store(s)
	return stopOf(s, s.Entry()), nil
}

// loadProgram reads the ELF and the recording of a launch.
func loadProgram(p LaunchParams) ([]byte, *checkpoint.Recording, error) {
	var elf []byte
	if p.Program != "" {
		var err error
		if elf, err = os.ReadFile(p.Program); err != nil {
			return nil, nil, err
		}
	}
	if p.Recording == "" {
		return elf, nil, nil
	}
	rec, err := checkpoint.ReadRecording(p.Recording)
	if err != nil {
		return nil, nil, err
	}
	if elf == nil {
		if len(rec.ELF) == 0 {
			return nil, nil, errors.New("the recording does not embed the firmware: give program too")
		}
		elf = rec.ELF
	}
	return elf, rec, nil
}

func terminate(srv *Server, _ empty) (any, error) {
	if s := srv.running.Load(); s != nil {
		s.Pause()
	}
	srv.sess = nil
	srv.running.Store(nil)
	return struct{}{}, nil
}

func setBreakpoint(srv *Server, p BreakpointParams) (any, error) {
	if p.Location == "" {
		return nil, needParam("location")
	}
	s := srv.sess.s
	sp, err := dbgext.CodeSpec(s, s.Hart(), 0, p.Location, "")
	if err != nil {
		return nil, failed(err)
	}
	sp.Condition = debugger.Condition{Condition: p.Condition, HitCondition: p.HitCondition}
	e, err := srv.sess.bps.Add(sp)
	if err != nil {
		return nil, failed(err)
	}
	out := Breakpoint{ID: e.ID, File: e.BP.File, Line: e.BP.Line}
	if len(e.BP.Addrs) > 0 {
		out.Address = e.BP.Addrs[0]
	}
	return out, nil
}

func clearBreakpoint(srv *Server, p IDParams) (any, error) {
	if err := srv.sess.bps.Delete(p.ID); err != nil {
		return nil, failed(err)
	}
	return struct{}{}, nil
}

// accesses maps watch.set's access names.
var accesses = map[string]vm.Access{"": vm.AccessWrite, "write": vm.AccessWrite,
	"read": vm.AccessRead, "readWrite": vm.AccessRead | vm.AccessWrite}

func setWatch(srv *Server, p WatchParams) (any, error) {
	if p.Expression == "" {
		return nil, needParam("expression")
	}
	acc, ok := accesses[p.Access]
	if !ok {
		return nil, rpcError(jsonrpc2.CodeInvalidParams, "bad params: access is write, read or readWrite, not %q", p.Access)
	}
	s := srv.sess.s
	sp, err := dbgext.WatchSpec(s, s.Hart(), 0, p.Expression, acc)
	if err != nil {
		return nil, failed(err)
	}
	sp.Condition.Condition = p.Condition
	e, err := srv.sess.bps.Add(sp)
	if err != nil {
		return nil, failed(err)
	}
	return Breakpoint{ID: e.ID, Address: sp.Addr, Size: sp.Size}, nil
}

// backward reads a direction.
func backward(d string) (bool, error) {
	switch d {
	case "", "forward":
		return false, nil
	case "backward":
		return true, nil
	}
	return false, rpcError(jsonrpc2.CodeInvalidParams, "bad params: direction is forward or backward, not %q", d)
}

func run(srv *Server, p RunParams) (any, error) {
	back, err := backward(p.Direction)
	if err != nil {
		return nil, err
	}
	s := srv.sess.s
	if back {
		return srv.stopped(s.ReverseContinue()), nil
	}
	return srv.stopped(s.Continue()), nil
}

func step(srv *Server, p StepParams) (any, error) {
	back, err := backward(p.Direction)
	if err != nil {
		return nil, err
	}
	s := srv.sess.s
	h := s.Hart()
	ops := map[[2]string]func() debugger.Stop{
		{"line", "f"}:        func() debugger.Stop { return s.Next(h, debugger.Statement) },
		{"line", "b"}:        func() debugger.Stop { return s.StepBack(h, debugger.Statement) },
		{"in", "f"}:          func() debugger.Stop { return s.StepIn(h, debugger.Statement) },
		{"in", "b"}:          func() debugger.Stop { return s.ReverseStepIn(h) },
		{"instruction", "f"}: func() debugger.Stop { return s.StepInstruction(h) },
		{"instruction", "b"}: func() debugger.Stop { return s.StepBack(h, debugger.ByInstruction) },
		{"out", "f"}:         func() debugger.Stop { return s.StepOut(h, debugger.Statement) },
		{"out", "b"}:         func() debugger.Stop { return s.ReverseStepOut(h) },
	}
	g := p.Granularity
	if g == "" {
		g = "line"
	}
	dir := "f"
	if back {
		dir = "b"
	}
	op, ok := ops[[2]string{g, dir}]
	if !ok {
		return nil, rpcError(jsonrpc2.CodeInvalidParams, "bad params: granularity is line, in, instruction or out, not %q", p.Granularity)
	}
	return srv.stopped(op()), nil
}

func seek(srv *Server, p SeekParams) (any, error) {
	return srv.stopped(srv.sess.s.Seek(p.Time)), nil
}

func evaluate(srv *Server, p EvaluateParams) (any, error) {
	if p.Expression == "" {
		return nil, needParam("expression")
	}
	s := srv.sess.s
	v, err := s.Evaluate(s.Hart(), p.Frame, p.Expression, symbols.FormatOptions{Hex: p.Hex})
	if err != nil {
		return nil, failed(err)
	}
	return Value{Value: v.Value, Type: v.Type, Forked: s.TakeFork()}, nil
}

func stack(srv *Server, _ empty) (any, error) {
	s := srv.sess.s
	fs, err := s.Frames(s.Hart())
	if err != nil {
		return nil, failed(err)
	}
	out := Frames{Hart: s.Hart(), Frames: make([]Frame, 0, len(fs))}
	for _, f := range fs {
		out.Frames = append(out.Frames, Frame{Index: f.Index, Function: f.Name, File: f.Location.File.Name, Line: f.Location.Line, PC: f.PC})
	}
	return out, nil
}

func timeline(srv *Server, _ empty) (any, error) {
	tl := srv.sess.s.Timeline()
	return Timeline{Start: tl.Start(), End: tl.End(), Now: tl.Now()}, nil
}

func history(srv *Server, p HistoryParams) (any, error) {
	if p.Expression == "" {
		return nil, needParam("expression")
	}
	s := srv.sess.s
	ch, more, err := dbgext.Changes(s, s.Hart(), p.Frame, p.Expression, symbols.FormatOptions{}, dbgext.StopOnFaults)
	if err != nil {
		return nil, failed(err)
	}
	out := History{Changes: make([]Change, 0, len(ch)), Truncated: more}
	for _, c := range ch {
		out.Changes = append(out.Changes, Change{Time: c.Time, PC: c.PC, Function: c.Function, File: c.File, Line: c.Line, Old: c.Old, New: c.New})
	}
	return out, nil
}

func uartSend(srv *Server, p UARTParams) (any, error) {
	if p.Text == "" {
		return nil, needParam("text")
	}
	s := srv.sess.s
	if err := s.UARTInput([]byte(p.Text)); err != nil {
		return nil, failed(err)
	}
	return Forked{Forked: s.TakeFork()}, nil
}

func output(srv *Server, _ empty) (any, error) {
	return Output{Text: srv.sess.out.String()}, nil
}

// stopped converts a stop, deleting temporary breakpoints it hit.
func (srv *Server) stopped(st debugger.Stop) Stop {
	var ids []int
	for _, e := range srv.sess.bps.Stopped(st) {
		ids = append(ids, e.ID)
	}
	out := stopOf(srv.sess.s, st)
	out.Breakpoints = ids
	return out
}

// stopOf describes a stop with its source position.
func stopOf(s *debugger.Session, st debugger.Stop) Stop {
	out := Stop{Reason: string(st.Reason), Time: st.Time, PC: st.PC, Hart: st.Hart, Description: st.Description}
	syms := s.Symbols()
	if fn := syms.FunctionAt(st.PC); fn != nil {
		out.Function = fn.Name
	}
	if loc, ok := syms.PCToLine(st.PC); ok {
		out.File, out.Line = loc.File.Name, loc.Line
	}
	if st.Exited() || st.Reason == debugger.ReasonExiting {
		code := st.ExitCode
		out.ExitCode = &code
	}
	if strings.HasPrefix(out.Description, "time ") && st.Reason == debugger.ReasonGoto {
		out.Description = fmt.Sprintf("went to time %d", st.Time)
	}
	return out
}
