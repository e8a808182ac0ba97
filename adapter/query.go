package adapter

import (
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/google/go-dap"
	"github.com/rewind-debugger/rewind/debugger"
)

// queryAnswer is the answer of a request run by runQuery, sent when the
// runner reports the end of the operation.
type queryAnswer struct {
	req  *envelope
	body any
	err  error
}

// runQuery runs q (a search of the history that leaves the session where
// it was: rewind/origin, rewind/query) on the session runner's goroutine
// as an operation, so pause and cancel interrupt it and the reader keeps
// reading meanwhile; req is answered when it ends, without a stopped
// event (the session did not move).
func (s *Server) runQuery(req *envelope, q func(sess *debugger.Session) (any, error)) {
	if !s.withSession(req, func(*debugger.Session) {}) {
		return
	}
	r := s.runner.Load()
	if r == nil {
		s.fail(req, "no program is being debugged yet (launch first)")
		return
	}
	s.activity.SetBusy(true)
	err := r.Start(func(*debugger.Session) debugger.Stop {
		defer s.activity.SetBusy(false)
		a := &queryAnswer{req: req}
		var st debugger.Stop
		s.withLock(func() {
			st = s.last
			a.body, a.err = s.guardedQuery(q)
		})
		s.endProgress()
		s.answer.Store(a)
		return st
	}, false)
	if err != nil {
		s.activity.SetBusy(false)
		s.fail(req, err.Error())
	}
}

// guardedQuery runs q, turning a panic into an error.
func (s *Server) guardedQuery(q func(sess *debugger.Session) (any, error)) (body any, err error) {
	defer func() {
		if r := recover(); r != nil {
			s.panics.Add(1)
			s.log.Error("query panicked", "panic", r)
			body, err = nil, fmt.Errorf("internal error: %v", r)
		}
	}()
	return q(s.sess)
}

// answerQuery sends the answer of a query that just ended and reports
// whether there was one (then the end is not a stop to report).
func (s *Server) answerQuery() bool {
	a := s.answer.Swap(nil)
	if a == nil {
		return false
	}
	if a.err != nil {
		s.fail(a.req, a.err.Error())
	} else {
		s.reply(a.req, a.body)
	}
	return true
}

// queryArgs are rewind/query's arguments: which query ("writes", "calls",
// "events" or "logpoint"), its parameters, and the page.
type queryArgs struct {
	Query string `json:"query"`
	// writes: an lvalue in frameId (default: the current hart's innermost
	// frame), or address and size.
	Expression string  `json:"expression"`
	FrameID    int     `json:"frameId"`
	Address    address `json:"address"`
	Size       uint32  `json:"size"`
	// calls
	Function string `json:"function"`
	// events: "irq", "exception" or "trap" (any), and a cause number.
	Kind string `json:"kind"`
	Code *int   `json:"code"`
	// logpoint: a source line (a client path) and a message with {expr}.
	Path    string `json:"path"`
	Line    int    `json:"line"`
	Message string `json:"message"`
	// Limit bounds the items listed (default 100, at most 10000); Last
	// lists the latest instead of the earliest.
	Limit int  `json:"limit"`
	Last  bool `json:"last"`
}

// address is a memory address given as a JSON number or a string
// ("0x10000000", decimal).
type address uint32

// UnmarshalJSON reads a number or a string.
func (a *address) UnmarshalJSON(b []byte) error {
	var s string
	if json.Unmarshal(b, &s) == nil {
		v, err := strconv.ParseUint(strings.TrimSpace(s), 0, 32)
		if err != nil {
			return fmt.Errorf("address %q: %w", s, err)
		}
		*a = address(v)
		return nil
	}
	var n uint32
	if err := json.Unmarshal(b, &n); err != nil {
		return fmt.Errorf("address: want a 32-bit number or a string: %w", err)
	}
	*a = address(n)
	return nil
}

// queryBody is rewind/query's response: the count over the whole history
// and the page of items, oldest first.
type queryBody struct {
	Query     string      `json:"query"`
	Total     int         `json:"total"`
	Truncated bool        `json:"truncated"`
	Last      bool        `json:"last"`
	Start     uint64      `json:"start"`
	End       uint64      `json:"end"`
	Items     []queryItem `json:"items"`
}

// queryItem is one hit: its moment (seek there), a one-line label, the
// place, and the fields of its query.
type queryItem struct {
	Time     uint64      `json:"time"`
	Hart     int         `json:"hart"`
	Label    string      `json:"label"`
	PC       string      `json:"pc,omitempty"`
	Function string      `json:"function,omitempty"`
	Source   *dap.Source `json:"source,omitempty"`
	Line     int         `json:"line,omitempty"`
	// writes
	Address string `json:"address,omitempty"`
	Size    int    `json:"size,omitempty"`
	Old     string `json:"old,omitempty"`
	New     string `json:"new,omitempty"`
	// calls
	Args       *string `json:"args,omitempty"`
	Returned   *bool   `json:"returned,omitempty"`
	ReturnTime uint64  `json:"returnTime,omitempty"`
	Return     string  `json:"return,omitempty"`
	// events
	Cause *uint32 `json:"cause,omitempty"`
	Tval  *uint32 `json:"tval,omitempty"`
	Name  string  `json:"name,omitempty"`
	// logpoint
	Text *string `json:"text,omitempty"`
}

func (s *Server) onQuery(req *envelope) {
	var a queryArgs
	if !s.decode(req, &a) {
		return
	}
	page := debugger.QueryPage{Limit: a.Limit, Last: a.Last}
	var q func(sess *debugger.Session) (any, error)
	switch a.Query {
	case "writes":
		if a.Expression == "" && a.Size == 0 {
			s.fail(req, "rewind/query writes needs an \"expression\" or an \"address\" and \"size\"")
			return
		}
		q = func(sess *debugger.Session) (any, error) { return s.queryWrites(sess, a, page) }
	case "calls":
		if a.Function == "" {
			s.fail(req, "rewind/query calls needs a \"function\"")
			return
		}
		q = func(sess *debugger.Session) (any, error) { return s.queryCalls(sess, a.Function, page) }
	case "events":
		f, err := debugger.ParseEventFilter(a.Kind, a.Code)
		if err != nil {
			s.fail(req, "rewind/query events: "+err.Error())
			return
		}
		q = func(sess *debugger.Session) (any, error) { return s.queryEvents(sess, f, page) }
	case "logpoint":
		if a.Path == "" || a.Line <= 0 || a.Message == "" {
			s.fail(req, "rewind/query logpoint needs a \"path\", a \"line\" and a \"message\"")
			return
		}
		q = func(sess *debugger.Session) (any, error) { return s.queryLogPoint(sess, a, page) }
	default:
		s.fail(req, fmt.Sprintf("rewind/query: unknown query %q (want writes, calls, events or logpoint)", a.Query))
		return
	}
	s.runQuery(req, q)
}

// countBody starts a query answer from its count.
func countBody(query string, i debugger.QueryInfo) queryBody {
	return queryBody{Query: query, Total: i.Total, Truncated: i.Truncated, Last: i.Last, Start: i.Start, End: i.End, Items: []queryItem{}}
}

// placeItem starts an item at a moment and a place.
func (s *Server) placeItem(t uint64, hart int, pc uint32, fn, file string, line int) queryItem {
	it := queryItem{Time: t, Hart: hart, PC: hexAddr(pc), Function: fn, Line: line}
	if file != "" {
		if loc, ok := s.sess.Symbols().PCToLine(pc); ok && loc.File.Path != "" {
			file = loc.File.Path
		}
		it.Source = s.sourceOf(file)
	}
	return it
}

// where is " at file:line in fn" for a label.
func where(it queryItem) string {
	var b strings.Builder
	if it.Source != nil && it.Line > 0 {
		fmt.Fprintf(&b, " at %s:%d", it.Source.Name, it.Line)
	}
	if it.Function != "" {
		fmt.Fprintf(&b, " in %s", it.Function)
	}
	return b.String()
}

func (s *Server) queryWrites(sess *debugger.Session, a queryArgs, page debugger.QueryPage) (any, error) {
	addr, size := uint32(a.Address), a.Size
	if a.Expression != "" {
		hart, index := s.frameOf(sess, a.FrameID)
		dt, err := sess.DataTargetOf(hart, index, a.Expression)
		if err != nil {
			return nil, err
		}
		addr, size = dt.Addr, dt.Size
	}
	res, err := sess.QueryWrites(addr, size, page)
	if err != nil {
		return nil, err
	}
	out := countBody("writes", res.QueryInfo)
	for _, w := range res.Writes {
		it := s.placeItem(w.Time, w.Hart, w.PC, w.Function, w.File, w.Line)
		it.Address, it.Size, it.Old, it.New = hexAddr(w.Addr), w.Size, hex.EncodeToString(w.Old), hex.EncodeToString(w.New)
		it.Label = fmt.Sprintf("%s[%d]: %s → %s%s", it.Address, w.Size, it.Old, it.New, where(it))
		out.Items = append(out.Items, it)
	}
	return out, nil
}

func (s *Server) queryCalls(sess *debugger.Session, fn string, page debugger.QueryPage) (any, error) {
	res, err := sess.QueryCalls(fn, page)
	if err != nil {
		return nil, err
	}
	out := countBody("calls", res.QueryInfo)
	for _, c := range res.Calls {
		it := queryItem{Time: c.Time, Hart: c.Hart, Function: c.Caller, Line: c.CallerLine}
		if c.CallerFile != "" {
			it.Source = s.sourceOf(c.CallerFile)
		}
		args, returned := c.Args, c.Returned
		it.Args, it.Returned, it.ReturnTime, it.Return = &args, &returned, c.ReturnTime, c.Return
		it.Label = fmt.Sprintf("%s(%s)", res.Function, c.Args)
		if c.Returned && c.Return != "" {
			it.Label += " = " + c.Return
		} else if !c.Returned {
			it.Label += " (no return within history)"
		}
		if c.Caller != "" {
			it.Label += " from " + c.Caller
		}
		out.Items = append(out.Items, it)
	}
	return out, nil
}

func (s *Server) queryEvents(sess *debugger.Session, f debugger.EventFilter, page debugger.QueryPage) (any, error) {
	res, err := sess.QueryEvents(f, page)
	if err != nil {
		return nil, err
	}
	out := countBody("events", res.QueryInfo)
	for _, e := range res.Events {
		it := s.placeItem(e.Time, e.Hart, e.PC, e.Function, e.File, e.Line)
		cause, tval := e.Cause, e.Tval
		it.Cause, it.Tval, it.Name = &cause, &tval, e.Name
		it.Label = e.Name + where(it)
		out.Items = append(out.Items, it)
	}
	return out, nil
}

func (s *Server) queryLogPoint(sess *debugger.Session, a queryArgs, page debugger.QueryPage) (any, error) {
	res, err := sess.QueryLogPoint(s.buildPath(a.Path), a.Line, a.Message, page)
	if err != nil {
		return nil, err
	}
	out := countBody("logpoint", res.QueryInfo)
	for _, l := range res.Lines {
		fn, file, line := "", "", 0
		if loc, ok := sess.Symbols().PCToLine(l.PC); ok {
			file, line = loc.File.Path, loc.Line
			if loc.Function != nil {
				fn = loc.Function.Name
			}
		}
		it := s.placeItem(l.Time, l.Hart, l.PC, fn, file, line)
		text := l.Text
		it.Text, it.Label = &text, text
		out.Items = append(out.Items, it)
	}
	return out, nil
}
