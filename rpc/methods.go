package rpc

import (
	"cmp"
	"fmt"
	"strings"

	"github.com/rewind-debugger/rewind/debugger"
	"github.com/rewind-debugger/rewind/symbols"
	"github.com/sourcegraph/jsonrpc2"
)

// methods is the API.
var methods = map[string]method{
	"launch":           {false, with(launch)},
	"breakpoint.set":   {true, with(setBreakpoint)},
	"breakpoint.clear": {true, with(clearBreakpoint)},
	"breakpoint.amend": {true, with(amendBreakpoint)},
	"breakpoint.list":  {true, with(listBreakpoints)},
	"watch.set":        {true, with(setWatch)},
	"catch.set":        {true, with(setCatch)},
	"exceptions.set":   {true, with(setExceptions)},
	"fault":            {true, with(fault)},
	"fault.goto":       {true, with(faultGoto)},
	"run":              {true, with(run)},
	"step":             {true, with(step)},
	"seek":             {true, with(seek)},
	"evaluate":         {true, with(evaluate)},
	"registers":        {true, with(registers)},
	"register.set":     {true, with(setRegister)},
	"stack":            {true, with(stack)},
	"timeline":         {true, with(timeline)},
	"threads":          {true, with(threads)},
	"tasks.timeline":   {true, with(tasksTimeline)},
	"history":          {true, with(history)},
	"query.writes":     {true, with(queryWrites)},
	"origin":           {true, with(origin)},
	"query.calls":      {true, with(queryCalls)},
	"query.events":     {true, with(queryEvents)},
	"query.logpoint":   {true, with(queryLogPoint)},
	"uart.send":        {true, with(uartSend)},
	"output":           {true, with(output)},
	"peripheral.list":  {true, with(peripheralList)},
	"peripheral.read":  {true, with(peripheralRead)},
	"peripheral.write": {true, with(peripheralWrite)},
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
	sess := &session{}
	s, err := debugger.Open(debugger.Program{ELFPath: p.Program, RecordingPath: p.Recording},
		debugger.Options{Harts: p.Harts, Board: cmp.Or(p.Board, srv.board), Output: func(b byte, _ uint64) { sess.out.WriteByte(b) },
			NoSemihosting: srv.noSemi, StopAtExit: p.StopAtExit})
	if err != nil {
		return nil, rpcError(CodeLaunchFailed, "launch: %v", err)
	}
	// A fault stops the run, so that firmware that faults with no usable
	// trap handler does not trap forever.
	if err := s.SetExceptionFilters([]string{debugger.FilterAllFaults}); err != nil {
		return nil, rpcError(CodeLaunchFailed, "launch: %v", err)
	}
	sess.s, sess.run = s, debugger.NewRunner(s, nil)
	sess.paths = newPathMap(s, p.SourceFileMap)
	sess.svdErr = srv.loadSVD(s, p.SVD)
	srv.sess = sess
	srv.running.Store(s)
	return sess.stopOf(s.Entry()), nil
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
	sp, err := s.ResolveLocation(s.Hart(), 0, srv.sess.buildLocation(p.Location), "")
	if err != nil {
		return nil, failed(err)
	}
	sp.Condition = debugger.Condition{Condition: p.Condition, HitCondition: p.HitCondition, LogMessage: p.LogMessage}
	sp.Temporary = p.Temporary
	if sp.Condition.Func, err = taskCondition(s, p.Thread); err != nil {
		return nil, failed(err)
	}
	b, err := s.AddBreakpoint(sp)
	if err != nil {
		return nil, failed(err)
	}
	return srv.sess.breakpointOf(b), nil
}

// breakpointOf describes a breakpoint of the session's table.
func (sess *session) breakpointOf(b *debugger.Breakpoint) Breakpoint {
	out := Breakpoint{ID: b.ID, File: b.File, Line: b.Line, Condition: b.Condition,
		HitCondition: b.Spec.HitCondition, LogMessage: b.LogMessage, Enabled: !b.Disabled, Hits: b.Stops}
	if b.File != "" {
		out.Path = sess.paths.ToLocal(b.File)
	}
	if len(b.Addrs) > 0 {
		out.Address = b.Addrs[0]
	}
	if b.Kind == debugger.KindData {
		out.Address, out.Size, out.Expression, out.Access = b.Addr, b.Size, b.Spec.Expr, accessName(b.Access)
	}
	if b.Kind == debugger.KindEvent {
		out.Catch = b.Message
	}
	return out
}

func clearBreakpoint(srv *Server, p IDParams) (any, error) {
	if err := srv.sess.s.RemoveBreakpoint(p.ID); err != nil {
		return nil, failed(err)
	}
	return struct{}{}, nil
}

// amendBreakpoint changes a breakpoint in place: condition, hit
// condition, log message (each kept when absent) and enabled.
func amendBreakpoint(srv *Server, p AmendParams) (any, error) {
	s := srv.sess.s
	b := s.Breakpoint(p.ID)
	if b == nil {
		return nil, failed(fmt.Errorf("no breakpoint %d", p.ID))
	}
	c := b.Spec.Condition
	for _, f := range []struct{ to, from *string }{{&c.Condition, p.Condition}, {&c.HitCondition, p.HitCondition}, {&c.LogMessage, p.LogMessage}} {
		if f.from != nil {
			*f.to = *f.from
		}
	}
	if _, err := s.AmendBreakpoint(p.ID, c); err != nil {
		return nil, failed(err)
	}
	if p.Enabled != nil {
		if err := s.EnableBreakpoint(p.ID, *p.Enabled); err != nil {
			return nil, failed(err)
		}
	}
	return srv.sess.breakpointOf(b), nil
}

func listBreakpoints(srv *Server, _ empty) (any, error) {
	out := []Breakpoint{}
	for _, b := range srv.sess.s.Breakpoints() {
		out = append(out, srv.sess.breakpointOf(b))
	}
	return out, nil
}

// accesses maps watch.set's access names.
var accesses = map[string]debugger.Access{"": debugger.AccessWrite, "write": debugger.AccessWrite,
	"read": debugger.AccessRead, "readWrite": debugger.AccessRW}

// accessName is the API's name of an access kind.
func accessName(a debugger.Access) string {
	switch a {
	case debugger.AccessRead:
		return "read"
	case debugger.AccessRW:
		return "readWrite"
	}
	return "write"
}

func setWatch(srv *Server, p WatchParams) (any, error) {
	if p.Expression == "" {
		return nil, needParam("expression")
	}
	acc, ok := accesses[p.Access]
	if !ok {
		return nil, rpcError(jsonrpc2.CodeInvalidParams, "bad params: access is write, read or readWrite, not %q", p.Access)
	}
	s := srv.sess.s
	sp, err := s.WatchSpec(s.Hart(), 0, p.Expression, acc)
	if err != nil {
		return nil, failed(err)
	}
	sp.Condition.Condition = p.Condition
	b, err := s.AddBreakpoint(sp)
	if err != nil {
		return nil, failed(err)
	}
	return srv.sess.breakpointOf(b), nil
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
	if back {
		return srv.perform(func(s *debugger.Session) debugger.Stop { return s.ReverseContinue() })
	}
	return srv.perform(func(s *debugger.Session) debugger.Stop { return s.Continue() })
}

func step(srv *Server, p StepParams) (any, error) {
	back, err := backward(p.Direction)
	if err != nil {
		return nil, err
	}
	s := srv.sess.s
	h := s.Hart()
	ops := map[[2]string]func() debugger.Stop{
		{"line", "f"}:           func() debugger.Stop { return s.ThreadStep(h, debugger.StepOver, false, debugger.Statement) },
		{"line", "b"}:           func() debugger.Stop { return s.ThreadStep(h, debugger.StepOver, true, debugger.Statement) },
		{"in", "f"}:             func() debugger.Stop { return s.ThreadStep(h, debugger.StepInto, false, debugger.Statement) },
		{"in", "b"}:             func() debugger.Stop { return s.ThreadStep(h, debugger.StepInto, true, debugger.Statement) },
		{"instruction", "f"}:    func() debugger.Stop { return s.Next(h, debugger.ByInstruction) },
		{"instruction-in", "f"}: func() debugger.Stop { return s.StepInstruction(h) },
		{"instruction-in", "b"}: func() debugger.Stop { return s.StepBack(h, debugger.ByInstruction) },
		{"instruction", "b"}:    func() debugger.Stop { return s.StepBack(h, debugger.ByInstruction) },
		{"out", "f"}:            func() debugger.Stop { return s.ThreadStep(h, debugger.StepOutOf, false, debugger.Statement) },
		{"out", "b"}:            func() debugger.Stop { return s.ThreadStep(h, debugger.StepOutOf, true, debugger.Statement) },
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
		return nil, rpcError(jsonrpc2.CodeInvalidParams, "bad params: granularity is line, in, instruction, instruction-in or out, not %q", p.Granularity)
	}
	if g == "out" {
		if err := s.CanStepOut(h, 0); err != nil {
			return nil, failed(err)
		}
	}
	if p.Count > 1 {
		k, gr := stepKinds(g)
		return srv.perform(func(*debugger.Session) debugger.Stop { return s.ThreadStepCount(h, k, back, gr, p.Count) })
	}
	return srv.perform(func(*debugger.Session) debugger.Stop { return op() })
}

// stepKinds maps a step granularity to the session's step kind and
// granularity (ThreadStepCount).
func stepKinds(g string) (debugger.StepKind, debugger.Granularity) {
	switch g {
	case "in":
		return debugger.StepInto, debugger.Statement
	case "out":
		return debugger.StepOutOf, debugger.Statement
	case "instruction":
		return debugger.StepOver, debugger.ByInstruction
	case "instruction-in":
		return debugger.StepInto, debugger.ByInstruction
	}
	return debugger.StepOver, debugger.Statement
}

func seek(srv *Server, p SeekParams) (any, error) {
	return srv.perform(func(s *debugger.Session) debugger.Stop { return s.Seek(p.Time) })
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
		fr := Frame{Index: f.Index, Function: f.Name, File: f.Location.File.Name, Line: f.Location.Line, PC: f.PC}
		if f.Location.File.Path != "" {
			fr.Path = srv.sess.paths.ToLocal(f.Location.File.Path)
		}
		out.Frames = append(out.Frames, fr)
	}
	return out, nil
}

func timeline(srv *Server, _ empty) (any, error) {
	sp := srv.sess.s.Span()
	return Timeline{Start: sp.Start, End: sp.End, Now: sp.Now}, nil
}

func history(srv *Server, p HistoryParams) (any, error) {
	if p.Expression == "" {
		return nil, needParam("expression")
	}
	var h debugger.ValueHistory
	var err error
	if err := srv.sess.run.Do(func(s *debugger.Session) {
		h, err = s.ValueHistory(s.Hart(), p.Frame, p.Expression, debugger.HistoryOptions{Limit: p.Limit, Last: p.Last})
	}); err != nil {
		return nil, failed(err)
	}
	if err != nil {
		return nil, failed(err)
	}
	out := History{Changes: make([]Change, 0, len(h.Changes)), Count: h.Count, Truncated: h.Truncated, Last: h.Last}
	for _, c := range h.Changes {
		out.Changes = append(out.Changes, Change{Time: c.Time, PC: c.PC, Function: c.Function, File: c.File,
			Path: srv.sess.localPathAt(c.PC), Line: c.Line, Old: c.Old, New: c.New})
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

// perform runs an operation that moves in time and describes its stop.
func (srv *Server) perform(op debugger.Op) (any, error) {
	st, err := srv.sess.run.Run(op)
	if err != nil {
		return nil, failed(err)
	}
	return srv.sess.stopOf(st), nil
}

// stopOf describes a stop with its source position.
func (sess *session) stopOf(st debugger.Stop) Stop {
	s := sess.s
	out := Stop{Reason: st.Reason.String(), Time: st.Time, PC: st.PC, Hart: st.Hart, Description: st.Description}
	for _, b := range st.Breakpoints {
		out.Breakpoints = append(out.Breakpoints, b.ID)
	}
	if w := st.Watch; w != nil && w.New != "" {
		out.OldValue, out.NewValue = w.Old, w.New
	}
	syms := s.Symbols()
	if fn := syms.FunctionAt(st.PC); fn != nil {
		out.Function = fn.Name
	}
	if loc, ok := syms.PCToLine(st.PC); ok {
		out.File, out.Line = loc.File.Name, loc.Line
		out.Path = sess.paths.ToLocal(loc.File.Path)
	}
	if st.Exited() || st.Reason == debugger.ReasonExiting {
		code := st.ExitCode
		out.ExitCode = &code
	}
	if t := st.Trap; t != nil {
		out.Trap = t.Name
		if t.Fault != nil {
			out.Fault = sess.faultOf(t.Fault)
		}
	}
	if strings.HasPrefix(out.Description, "time ") && st.Reason == debugger.ReasonGoto {
		out.Description = fmt.Sprintf("went to time %d", st.Time)
	}
	return out
}
