package rpc

import (
	"encoding/hex"

	"github.com/rewind-debugger/rewind/debugger"
)

// Whole-history queries: query.writes, query.calls, query.events,
// query.logpoint. Each answer says the total count; the list is the first
// limit hits (default 100, at most 10000), or the latest with last.

// QueryPage selects the hits listed.
type QueryPage struct {
	Limit int  `json:"limit"`
	Last  bool `json:"last"`
}

// QueryCount is what every query answer says besides its list.
type QueryCount struct {
	Total     int    `json:"total"`
	Truncated bool   `json:"truncated,omitempty"`
	Last      bool   `json:"last,omitempty"`
	Start     uint64 `json:"start"`
	End       uint64 `json:"end"`
}

func countOf(i debugger.QueryInfo) QueryCount {
	return QueryCount{Total: i.Total, Truncated: i.Truncated, Last: i.Last, Start: i.Start, End: i.End}
}

func pageOf(p QueryPage) debugger.QueryPage { return debugger.QueryPage{Limit: p.Limit, Last: p.Last} }

// WritesParams name the range: address and size, or an expression naming
// memory (in frame of the current hart).
type WritesParams struct {
	QueryPage
	Address    uint32 `json:"address"`
	Size       uint32 `json:"size"`
	Expression string `json:"expression"`
	Frame      int    `json:"frame"`
}

// QueryWrite is one store; old and new are the stored bytes in hex, in
// memory order.
type QueryWrite struct {
	Time     uint64 `json:"time"`
	Hart     int    `json:"hart"`
	PC       uint32 `json:"pc"`
	Function string `json:"function,omitempty"`
	File     string `json:"file,omitempty"`
	Line     int    `json:"line,omitempty"`
	Address  uint32 `json:"address"`
	Size     int    `json:"size"`
	Old      string `json:"old"`
	New      string `json:"new"`
}

// Writes answers query.writes.
type Writes struct {
	QueryCount
	Writes []QueryWrite `json:"writes"`
}

func queryWrites(srv *Server, p WritesParams) (any, error) {
	if p.Expression == "" && p.Size == 0 {
		return nil, needParam("expression (or address and size)")
	}
	var res debugger.Writes
	var err error
	if err := srv.sess.run.Do(func(s *debugger.Session) {
		addr, size := p.Address, p.Size
		if p.Expression != "" {
			var dt debugger.DataTarget
			if dt, err = s.DataTargetOf(s.Hart(), p.Frame, p.Expression); err != nil {
				return
			}
			addr, size = dt.Addr, dt.Size
		}
		res, err = s.QueryWrites(addr, size, pageOf(p.QueryPage))
	}); err != nil {
		return nil, failed(err)
	}
	if err != nil {
		return nil, failed(err)
	}
	out := Writes{QueryCount: countOf(res.QueryInfo), Writes: make([]QueryWrite, 0, len(res.Writes))}
	for _, w := range res.Writes {
		out.Writes = append(out.Writes, QueryWrite{Time: w.Time, Hart: w.Hart, PC: w.PC, Function: w.Function, File: w.File,
			Line: w.Line, Address: w.Addr, Size: w.Size, Old: hex.EncodeToString(w.Old), New: hex.EncodeToString(w.New)})
	}
	return out, nil
}

// CallsParams name the function.
type CallsParams struct {
	QueryPage
	Function string `json:"function"`
}

// QueryCall is one call.
type QueryCall struct {
	Time       uint64 `json:"time"`
	Hart       int    `json:"hart"`
	Caller     string `json:"caller,omitempty"`
	CallerFile string `json:"callerFile,omitempty"`
	CallerLine int    `json:"callerLine,omitempty"`
	Args       string `json:"args"`
	Returned   bool   `json:"returned"`
	ReturnTime uint64 `json:"returnTime,omitempty"`
	Return     string `json:"return,omitempty"`
}

// Calls answers query.calls.
type Calls struct {
	QueryCount
	Calls []QueryCall `json:"calls"`
}

func queryCalls(srv *Server, p CallsParams) (any, error) {
	if p.Function == "" {
		return nil, needParam("function")
	}
	var res debugger.Calls
	var err error
	if err := srv.sess.run.Do(func(s *debugger.Session) { res, err = s.QueryCalls(p.Function, pageOf(p.QueryPage)) }); err != nil {
		return nil, failed(err)
	}
	if err != nil {
		return nil, failed(err)
	}
	out := Calls{QueryCount: countOf(res.QueryInfo), Calls: make([]QueryCall, 0, len(res.Calls))}
	for _, c := range res.Calls {
		out.Calls = append(out.Calls, QueryCall(c))
	}
	return out, nil
}

// EventsParams select traps: kind "irq", "exception" or "trap" (any, the
// default), and a cause as users number it (QueryEvent.Code) when code
// is set.
type EventsParams struct {
	QueryPage
	Kind string `json:"kind"`
	Code *int   `json:"code"`
}

// QueryEvent is one trap taken.
type QueryEvent struct {
	Time     uint64 `json:"time"`
	Hart     int    `json:"hart"`
	PC       uint32 `json:"pc"`
	Function string `json:"function,omitempty"`
	File     string `json:"file,omitempty"`
	Line     int    `json:"line,omitempty"`
	Cause    uint32 `json:"cause"`
	Tval     uint32 `json:"tval"`
	Name     string `json:"name"`
	// Cause is the cause as the architecture reports it (RISC-V mcause,
	// Cortex-M exception number); Tval is RISC-V's mtval. Interrupt marks
	// an asynchronous trap; Code is the cause as users number it (RISC-V:
	// mcause without its interrupt bit; Cortex-M: the exception number).
	Interrupt bool   `json:"interrupt"`
	Code      uint32 `json:"code"`
}

// Events answers query.events.
type Events struct {
	QueryCount
	Events []QueryEvent `json:"events"`
}

func queryEvents(srv *Server, p EventsParams) (any, error) {
	f, err := debugger.ParseEventFilter(p.Kind, p.Code)
	if err != nil {
		return nil, failed(err)
	}
	var res debugger.TrapEvents
	if err := srv.sess.run.Do(func(s *debugger.Session) { res, err = s.QueryEvents(f, pageOf(p.QueryPage)) }); err != nil {
		return nil, failed(err)
	}
	if err != nil {
		return nil, failed(err)
	}
	out := Events{QueryCount: countOf(res.QueryInfo), Events: make([]QueryEvent, 0, len(res.Events))}
	for _, e := range res.Events {
		out.Events = append(out.Events, QueryEvent(e))
	}
	return out, nil
}

// LogPointParams are a retroactive log point: file, line and a message
// with {expressions}.
type LogPointParams struct {
	QueryPage
	File    string `json:"file"`
	Line    int    `json:"line"`
	Message string `json:"message"`
}

// QueryLogLine is one line the log point would have printed.
type QueryLogLine struct {
	Time uint64 `json:"time"`
	Hart int    `json:"hart"`
	PC   uint32 `json:"pc"`
	Text string `json:"text"`
}

// LogPointLines answers query.logpoint.
type LogPointLines struct {
	QueryCount
	Lines []QueryLogLine `json:"lines"`
}

func queryLogPoint(srv *Server, p LogPointParams) (any, error) {
	if p.File == "" || p.Line <= 0 || p.Message == "" {
		return nil, needParam("file, line and message")
	}
	var res debugger.LogPointHistory
	var err error
	if err := srv.sess.run.Do(func(s *debugger.Session) {
		res, err = s.QueryLogPoint(p.File, p.Line, p.Message, pageOf(p.QueryPage))
	}); err != nil {
		return nil, failed(err)
	}
	if err != nil {
		return nil, failed(err)
	}
	out := LogPointLines{QueryCount: countOf(res.QueryInfo), Lines: make([]QueryLogLine, 0, len(res.Lines))}
	for _, l := range res.Lines {
		out.Lines = append(out.Lines, QueryLogLine(l))
	}
	return out, nil
}
