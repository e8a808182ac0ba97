package rpc

import (
	"github.com/rewind-debugger/rewind/debugger"
	"github.com/sourcegraph/jsonrpc2"
)

// CatchParams set a catchpoint: a stop when a trap of kind ("interrupt",
// "trap", or "exception", the Cortex-M word for trap) with one of causes
// (numbers or names; none: every trap of the kind) is taken.
type CatchParams struct {
	Kind         string `json:"kind"`
	Causes       string `json:"causes"`
	Condition    string `json:"condition"`
	HitCondition string `json:"hitCondition"`
}

// ExceptionsParams choose the exception filters.
type ExceptionsParams struct {
	Filters []ExceptionFilter `json:"filters"`
}

// ExceptionFilter is one exception filter with its optional condition.
type ExceptionFilter struct {
	ID        string `json:"id"`
	Condition string `json:"condition,omitempty"`
}

// FaultReport is the fault report: which fault, its status bits in words,
// the faulting instruction and where it is, and the time just before it.
type FaultReport struct {
	Name        string          `json:"name"`
	Cause       uint32          `json:"cause"`
	Time        uint64          `json:"time"`
	Hart        int             `json:"hart"`
	PC          uint32          `json:"pc"`
	Instruction string          `json:"instruction,omitempty"`
	Function    string          `json:"function,omitempty"`
	File        string          `json:"file,omitempty"`
	Path        string          `json:"path,omitempty"`
	Line        int             `json:"line,omitempty"`
	Details     []string        `json:"details"`
	Registers   []FaultRegister `json:"registers"`
	Halted      bool            `json:"halted,omitempty"`
	Summary     string          `json:"summary"`
	Text        []string        `json:"text"`
}

// FaultRegister is one register of a fault report.
type FaultRegister struct {
	Name  string `json:"name"`
	Value uint32 `json:"value"`
}

// catchKinds are the kinds catch.set takes.
var catchKinds = map[string]debugger.EventKind{
	"interrupt": debugger.EventInterrupt,
	"trap":      debugger.EventException,
	"exception": debugger.EventException,
}

func setCatch(srv *Server, p CatchParams) (any, error) {
	kind, ok := catchKinds[p.Kind]
	if !ok {
		return nil, rpcError(jsonrpc2.CodeInvalidParams, "bad params: kind must be interrupt, trap or exception")
	}
	b, err := srv.sess.s.AddCatchpoint(kind, p.Causes, debugger.Condition{Condition: p.Condition, HitCondition: p.HitCondition})
	if err != nil {
		return nil, failed(err)
	}
	return srv.sess.breakpointOf(b), nil
}

func setExceptions(srv *Server, p ExceptionsParams) (any, error) {
	opts := make([]debugger.ExceptionFilter, len(p.Filters))
	for i, f := range p.Filters {
		opts[i] = debugger.ExceptionFilter{ID: f.ID, Condition: f.Condition}
	}
	if err := srv.sess.s.SetExceptionFilterOptions(opts); err != nil {
		return nil, failed(err)
	}
	return struct{}{}, nil
}

func fault(srv *Server, _ empty) (any, error) {
	var r *debugger.FaultReport
	var err error
	if derr := srv.sess.run.Do(func(s *debugger.Session) { r, err = s.Fault() }); derr != nil {
		return nil, failed(derr)
	}
	if err != nil {
		return nil, failed(err)
	}
	return srv.sess.faultOf(r), nil
}

func faultGoto(srv *Server, _ empty) (any, error) {
	return srv.perform(func(s *debugger.Session) debugger.Stop { return s.GoToFault() })
}

// faultOf translates a fault report.
func (sess *session) faultOf(r *debugger.FaultReport) *FaultReport {
	out := &FaultReport{Name: r.Name, Cause: r.Cause, Time: r.Time, Hart: r.Hart, PC: r.PC, Instruction: r.Instruction,
		Function: r.Function, File: r.File, Line: r.Line, Details: r.Details, Halted: r.Halted,
		Summary: r.Summary(), Text: r.Lines()}
	if r.File != "" {
		out.Path = sess.paths.ToLocal(r.File)
	}
	for _, g := range r.Registers {
		out.Registers = append(out.Registers, FaultRegister(g))
	}
	return out
}
