package adapter

import (
	"github.com/google/go-dap"
	"github.com/rewind-debugger/rewind/symbols"
)

func (s *Server) onThreads(req *envelope) {
	if tasks, ok := s.taskThreads(); ok {
		s.reply(req, dap.ThreadsResponseBody{Threads: tasks})
		return
	}
	n := max(int(s.harts.Load()), 1)
	threads := make([]dap.Thread, n)
	for i := range threads {
		threads[i] = dap.Thread{Id: i + 1, Name: "hart " + itoa(i)}
	}
	s.reply(req, dap.ThreadsResponseBody{Threads: threads})
}

func (s *Server) onStackTrace(req *envelope) {
	var a dap.StackTraceArguments
	if !s.decode(req, &a) {
		return
	}
	sess := s.acquire(req)
	if sess == nil {
		return
	}
	defer s.mu.Unlock()
	hart, err := s.threadHart(a.ThreadId)
	if err != nil {
		s.fail(req, err.Error())
		return
	}
	fs, hart, err := s.threadFrames(sess, a.ThreadId, hart)
	if err != nil {
		s.fail(req, err.Error())
		return
	}
	start := min(max(a.StartFrame, 0), len(fs))
	end := len(fs)
	if a.Levels > 0 {
		end = start + min(a.Levels, len(fs)-start)
	}
	out := make([]dap.StackFrame, 0, end-start)
	for i := start; i < end; i++ {
		out = append(out, s.stackFrame(hart, fs[i]))
	}
	s.reply(req, dap.StackTraceResponseBody{StackFrames: out, TotalFrames: len(fs)})
}

// stackFrame converts one frame.
func (s *Server) stackFrame(hart int, f *symbols.Frame) dap.StackFrame {
	d := dap.StackFrame{Id: frameID(hart, f.Index), Name: f.Name, Line: f.Location.Line,
		Column: max(f.Location.Column, 1), InstructionPointerReference: hexAddr(f.PC),
		CanRestart: f.Function != nil && !f.Inlined}
	if d.Name == "" {
		d.Name = hexAddr(f.PC)
	}
	if f.Inlined {
		d.Name += " [inlined]"
	}
	if p := f.Location.File.Path; p != "" {
		d.Source = s.sourceOf(p)
	} else {
		d.PresentationHint = "subtle"
		d.Line, d.Column = 0, 0
	}
	return d
}

func (s *Server) onScopes(req *envelope) {
	var a dap.ScopesArguments
	if !s.decode(req, &a) {
		return
	}
	sess := s.acquire(req)
	if sess == nil {
		return
	}
	defer s.mu.Unlock()
	hart, index, ok := s.handles.frame(a.FrameId)
	if _, err := sess.Frame(hart, index); !ok || err != nil {
		s.fail(req, "unknown frame id")
		return
	}
	r := varRef{hart: hart, frame: index}
	mk := func(name, hint string, k refKind) dap.Scope {
		r.kind = k
		return dap.Scope{Name: name, PresentationHint: hint, VariablesReference: s.handles.add(r)}
	}
	globals := mk("Globals", "", refGlobals)
	globals.Expensive = sess.Symbols().GlobalCount() > largeGlobals
	scopes := []dap.Scope{mk("Locals", "locals", refLocals), globals, mk("Registers", "registers", refRegisters)}
	if p, ok := s.peripheralsScope(sess, r); ok {
		scopes = append(scopes, p)
	}
	s.reply(req, dap.ScopesResponseBody{Scopes: scopes})
}

// largeGlobals is the number of globals above which the Globals scope is
// marked expensive, so clients fetch it only when the user opens it.
const largeGlobals = 1000

func itoa(i int) string {
	if i < 10 {
		return string(rune('0' + i))
	}
	return itoa(i/10) + string(rune('0'+i%10))
}
