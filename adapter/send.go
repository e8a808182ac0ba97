package adapter

import (
	"encoding/json"

	"github.com/google/go-dap"
)

// response is a DAP response with any body.
type response struct {
	dap.Response
	Body any `json:"body,omitempty"`
}

// event is a DAP event with any body.
type event struct {
	dap.Event
	Body any `json:"body,omitempty"`
}

// errorBody is the body of an error response.
type errorBody struct {
	Error *dap.ErrorMessage `json:"error,omitempty"`
}

// write sends one message, numbering it.
func (s *Server) write(msg any, setSeq func(int)) {
	s.wmu.Lock()
	defer s.wmu.Unlock()
	s.seq++
	setSeq(s.seq)
	b, err := json.Marshal(msg)
	if err != nil {
		s.log.Error("encoding a message", "err", err)
		return
	}
	if s.gone.Load() {
		return // the client went away: nobody reads
	}
	if err := writeFrame(s.out, b); err != nil {
		s.log.Warn("writing a message", "err", err)
		if s.hangup {
			s.hangUp()
		}
	}
}

// reply answers a request successfully.
func (s *Server) reply(req *envelope, body any) {
	r := &response{Response: dap.Response{
		ProtocolMessage: dap.ProtocolMessage{Type: "response"},
		RequestSeq:      req.Seq, Success: true, Command: req.Command}, Body: body}
	s.write(r, func(n int) { r.Seq = n })
}

// quietError reports whether command is one a client sends on its own to
// refresh its views (possibly for a stop that is already past): its errors
// are shown where the value would be, not as a notification.
func quietError(command string) bool {
	switch command {
	case "variables", "scopes", "stackTrace", "evaluate", "source", "dataBreakpointInfo",
		"exceptionInfo", "readMemory", "disassemble", "breakpointLocations", "rewind/timeline":
		return true
	}
	return false
}

// sendError answers a request with a readable error.
func (s *Server) sendError(seq int, command, msg string) {
	r := &response{Response: dap.Response{
		ProtocolMessage: dap.ProtocolMessage{Type: "response"},
		RequestSeq:      seq, Success: false, Command: command, Message: msg},
		Body: errorBody{Error: &dap.ErrorMessage{Id: 1, Format: msg, ShowUser: !quietError(command)}}}
	s.write(r, func(n int) { r.Seq = n })
}

// fail answers req with an error.
func (s *Server) fail(req *envelope, msg string) { s.sendError(req.Seq, req.Command, msg) }

// emit sends an event.
func (s *Server) emit(name string, body any) {
	e := &event{Event: dap.Event{ProtocolMessage: dap.ProtocolMessage{Type: "event"}, Event: name}, Body: body}
	s.write(e, func(n int) { e.Seq = n })
}

// console prints a message in the client's debug console.
func (s *Server) console(text string) {
	s.emit("output", dap.OutputEventBody{Category: "console", Output: text + "\n"})
}
