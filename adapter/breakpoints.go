package adapter

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/google/go-dap"
	"github.com/rewind-debugger/rewind/debugger"
)

// toDAP converts session breakpoints to DAP ones, with local paths.
func (s *Server) toDAP(bs []*debugger.Breakpoint) []dap.Breakpoint {
	out := make([]dap.Breakpoint, 0, len(bs))
	for _, b := range bs {
		d := dap.Breakpoint{Id: b.ID, Verified: b.Verified, Message: b.Message, Line: b.Line}
		if b.File != "" {
			d.Source = s.sourceOf(b.File)
		}
		if len(b.Addrs) > 0 {
			d.InstructionReference = hexAddr(b.Addrs[0])
		}
		out = append(out, d)
	}
	return out
}

func hexAddr(a uint32) string { return fmt.Sprintf("0x%08x", a) }

// parseAddr reads a memory or instruction reference ("0x80000000" or
// decimal).
func parseAddr(ref string) (uint32, error) {
	v, err := strconv.ParseUint(strings.TrimSpace(ref), 0, 32)
	if err != nil {
		return 0, fmt.Errorf("bad address %q", ref)
	}
	return uint32(v), nil
}

func (s *Server) onSetBreakpoints(req *envelope) {
	var a dap.SetBreakpointsArguments
	if !s.decode(req, &a) {
		return
	}
	sess := s.acquireConfig(req)
	if sess == nil {
		return
	}
	defer s.releaseConfig()
	path := s.buildPath(a.Source.Path)
	if path == "" {
		path = a.Source.Name
	}
	specs := make([]debugger.LineSpec, 0, len(a.Breakpoints))
	for _, b := range a.Breakpoints {
		specs = append(specs, debugger.LineSpec{Line: b.Line, Condition: debugger.Condition{
			Condition: b.Condition, HitCondition: b.HitCondition, LogMessage: b.LogMessage}})
	}
	if len(a.Breakpoints) == 0 {
		for _, l := range a.Lines {
			specs = append(specs, debugger.LineSpec{Line: l})
		}
	}
	s.reply(req, dap.SetBreakpointsResponseBody{Breakpoints: s.toDAP(sess.SetLineBreakpoints(path, specs))})
}

func (s *Server) onSetFunctionBreakpoints(req *envelope) {
	var a dap.SetFunctionBreakpointsArguments
	if !s.decode(req, &a) {
		return
	}
	sess := s.acquireConfig(req)
	if sess == nil {
		return
	}
	defer s.releaseConfig()
	specs := make([]debugger.FunctionSpec, 0, len(a.Breakpoints))
	for _, b := range a.Breakpoints {
		specs = append(specs, debugger.FunctionSpec{Name: b.Name, Condition: conditionOf(b.Condition, b.HitCondition)})
	}
	s.reply(req, dap.SetFunctionBreakpointsResponseBody{Breakpoints: s.toDAP(sess.SetFunctionBreakpoints(specs))})
}

func (s *Server) onSetInstructionBreakpoints(req *envelope) {
	var a dap.SetInstructionBreakpointsArguments
	if !s.decode(req, &a) {
		return
	}
	sess := s.acquireConfig(req)
	if sess == nil {
		return
	}
	defer s.releaseConfig()
	specs := make([]debugger.InstructionSpec, 0, len(a.Breakpoints))
	var bad []int
	for i, b := range a.Breakpoints {
		addr, err := parseAddr(b.InstructionReference)
		if err != nil {
			bad = append(bad, i)
		}
		specs = append(specs, debugger.InstructionSpec{Addr: addr + uint32(b.Offset), Condition: conditionOf(b.Condition, b.HitCondition)})
	}
	out := s.toDAP(sess.SetInstructionBreakpoints(specs))
	for _, i := range bad {
		out[i].Verified, out[i].Message = false, "bad instruction reference "+strconv.Quote(a.Breakpoints[i].InstructionReference)
	}
	s.reply(req, dap.SetInstructionBreakpointsResponseBody{Breakpoints: out})
}

// dataInfoArgs are dataBreakpointInfo's arguments (with the DAP 1.65
// asAddress and bytes fields go-dap lacks).
type dataInfoArgs struct {
	VariablesReference int    `json:"variablesReference"`
	Name               string `json:"name"`
	FrameId            int    `json:"frameId"`
	Bytes              int    `json:"bytes"`
	AsAddress          bool   `json:"asAddress"`
}

func (s *Server) onDataBreakpointInfo(req *envelope) {
	var a dataInfoArgs
	if !s.decode(req, &a) {
		return
	}
	sess := s.acquire(req)
	if sess == nil {
		return
	}
	defer s.mu.Unlock()
	t, err := s.dataTarget(sess, a)
	if err != nil {
		s.reply(req, dap.DataBreakpointInfoResponseBody{DataId: nil, Description: err.Error()})
		return
	}
	id := debugger.DataID(t.Addr, t.Size)
	s.rememberDataID(id, t.Description)
	s.reply(req, dap.DataBreakpointInfoResponseBody{DataId: id, Description: t.Description,
		AccessTypes: []dap.DataBreakpointAccessType{"write", "read", "readWrite"}})
}

// dataTarget resolves what a data breakpoint info request names.
func (s *Server) dataTarget(sess *debugger.Session, a dataInfoArgs) (debugger.DataTarget, error) {
	if a.AsAddress {
		addr, err := parseAddr(a.Name)
		if err != nil {
			return debugger.DataTarget{}, err
		}
		n := uint32(max(a.Bytes, 1))
		return debugger.DataTarget{Addr: addr, Size: n, Description: fmt.Sprintf("%d bytes at %s", n, hexAddr(addr))}, nil
	}
	hart, index := sess.Hart(), 0
	if a.FrameId != 0 {
		hart, index, _ = s.handles.frame(a.FrameId)
	}
	expr := a.Name
	if a.VariablesReference != 0 {
		r, ok := s.handles.get(a.VariablesReference)
		if !ok {
			return debugger.DataTarget{}, fmt.Errorf("unknown variables reference")
		}
		return s.childTarget(sess, r, a.Name)
	}
	return sess.DataTargetOf(hart, index, expr)
}

func (s *Server) onSetDataBreakpoints(req *envelope) {
	var a dap.SetDataBreakpointsArguments
	if !s.decode(req, &a) {
		return
	}
	sess := s.acquireConfig(req)
	if sess == nil {
		return
	}
	defer s.releaseConfig()
	specs := make([]debugger.DataSpec, 0, len(a.Breakpoints))
	var bad []int
	for i, b := range a.Breakpoints {
		addr, size, err := debugger.ParseDataID(b.DataId)
		if err != nil {
			bad = append(bad, i)
		}
		specs = append(specs, debugger.DataSpec{Name: s.dataIDs[b.DataId], Addr: addr, Size: size,
			Access: accessOf(b.AccessType), Condition: conditionOf(b.Condition, b.HitCondition)})
	}
	used := make([]string, 0, len(a.Breakpoints))
	for _, b := range a.Breakpoints {
		used = append(used, b.DataId)
	}
	s.keepDataIDs(used)
	out := s.toDAP(sess.SetDataBreakpoints(specs))
	for _, i := range bad {
		out[i].Verified, out[i].Message = false, "bad data id "+strconv.Quote(a.Breakpoints[i].DataId)
	}
	s.reply(req, dap.SetDataBreakpointsResponseBody{Breakpoints: out})
}

// accessOf maps a DAP access type (default write).
func accessOf(t dap.DataBreakpointAccessType) debugger.Access {
	switch t {
	case "read":
		return debugger.AccessRead
	case "readWrite":
		return debugger.AccessRW
	}
	return debugger.AccessWrite
}

func (s *Server) onBreakpointLocations(req *envelope) {
	var a dap.BreakpointLocationsArguments
	if !s.decode(req, &a) {
		return
	}
	// answered while running too (VS Code asks while the user scrolls):
	// the symbols and the path map never change during a session
	syms := s.syms.Load()
	if syms == nil {
		s.fail(req, "no program is being debugged yet (launch first)")
		return
	}
	path := s.buildPath(a.Source.Path)
	if path == "" {
		path = a.Source.Name
	}
	first, end := lineRange(a.Line, a.EndLine)
	locs := []dap.BreakpointLocation{}
	for l := first; l <= end; l++ {
		if addrs, err := syms.LineToPCs(path, l); err == nil && len(addrs) > 0 && addrs[0].Line == l {
			locs = append(locs, dap.BreakpointLocation{Line: l})
		}
	}
	s.reply(req, dap.BreakpointLocationsResponseBody{Breakpoints: locs})
}

// maxLocationLines bounds the lines one breakpointLocations request scans.
const maxLocationLines = 10000

// maxSourceLine is the largest line number looked up; keeping lines far
// below the int limit lets a loop count up to the last one safely.
const maxSourceLine = 1<<31 - 1

// lineRange clamps a breakpointLocations range to lines in
// [1, maxSourceLine] and at most maxLocationLines lines, without
// overflowing on hostile values.
func lineRange(line, endLine int) (first, last int) {
	first = min(max(line, 1), maxSourceLine)
	last = min(max(endLine, first), maxSourceLine)
	if last-first > maxLocationLines { // both >= 1: no overflow
		last = first + maxLocationLines
	}
	return first, last
}

// conditionOf is a DAP breakpoint's condition and hit condition.
func conditionOf(cond, hit string) debugger.Condition {
	return debugger.Condition{Condition: cond, HitCondition: hit}
}
