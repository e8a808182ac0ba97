package adapter

import (
	"strings"

	"github.com/google/go-dap"
	"github.com/rewind-debugger/rewind/debugger"
)

// continuedForCustom sends a continued event before a custom request
// (rewind/seek, rewind/reverseStepOut, ...) that moves the target is
// answered. A client makes that event itself around the requests it knows
// (VS Code: step, continue, stepBack, goto, ...) and clears the previous
// stop's label with it; for custom requests only the adapter can, and it
// must come before the response: VS Code 1.100 keeps the first stopped
// event since the last continued one for the Call Stack header.
func (s *Server) continuedForCustom(req *envelope) {
	if strings.HasPrefix(req.Command, "rewind/") {
		s.emit("continued", dap.ContinuedEventBody{ThreadId: 1, AllThreadsContinued: true})
	}
}

// seekArgs are rewind/seek's arguments.
type seekArgs struct {
	Time *uint64 `json:"time"`
}

func (s *Server) onSeek(req *envelope) {
	var a seekArgs
	if !s.decode(req, &a) {
		return
	}
	if a.Time == nil {
		s.fail(req, "rewind/seek needs a \"time\"")
		return
	}
	var t uint64
	if !s.withSession(req, func(sess *debugger.Session) {
		sp := sess.Span()
		t = min(max(*a.Time, sp.Start), sp.End)
	}) {
		return
	}
	s.continuedForCustom(req)
	s.reply(req, map[string]uint64{"time": t})
	s.run(func(d *debugger.Session) debugger.Stop { return d.Seek(t) })
}

// timelineBody is rewind/timeline's response.
type timelineBody struct {
	Start       uint64         `json:"start"`
	End         uint64         `json:"end"`
	Now         uint64         `json:"now"`
	Checkpoints []uint64       `json:"checkpoints"`
	Stops       []timelineStop `json:"stops"`
	Output      []timelineText `json:"output"`
	// Lanes are the event and task lanes the arguments asked for.
	Lanes []timelineLane `json:"lanes,omitempty"`
}

// timelineArgs are rewind/timeline's arguments: the lanes to add.
type timelineArgs struct {
	Lanes *laneSpec `json:"lanes"`
}

type timelineStop struct {
	Time        uint64 `json:"time"`
	Reason      string `json:"reason"`
	Description string `json:"description,omitempty"`
	// ExitCode is the code of the exit the run stopped just before
	// (reason "exiting"), so the extension can show it.
	ExitCode *int `json:"exitCode,omitempty"`
}

type timelineText struct {
	Time uint64 `json:"time"`
	Text string `json:"text"`
}

func (s *Server) onTimeline(req *envelope) {
	var a timelineArgs
	if !s.decode(req, &a) {
		return
	}
	cached := true
	if !s.withSession(req, func(sess *debugger.Session) {
		cached = a.Lanes == nil || s.lanesCached(*a.Lanes, sess.History())
	}) {
		return
	}
	var body timelineBody
	done := true
	if !s.withSession(req, func(sess *debugger.Session) {
		if cached {
			body = s.timelineOf(sess, a)
		} else {
			body, done = s.timelineWithin(sess, a)
		}
	}) {
		return
	}
	if !done { // a long search: on the runner, so pause and cancel stop it
		s.runQuery(req, func(sess *debugger.Session) (any, error) { return s.timelineOf(sess, a), nil })
		return
	}
	if !cached {
		s.endProgress() // the searches of the lanes may have opened one
	}
	s.reply(req, body)
}

// timelineOf is rewind/timeline's answer. Called with s.mu held.
func (s *Server) timelineOf(sess *debugger.Session, a timelineArgs) timelineBody {
	h := sess.History()
	var lanes []timelineLane
	if a.Lanes != nil {
		lanes = s.lanesFor(sess, *a.Lanes, h)
	}
	body := timelineBody{Start: h.Start, End: h.End, Now: h.Now, Checkpoints: h.Checkpoints,
		Stops: []timelineStop{}, Output: []timelineText{}, Lanes: lanes}
	if body.Checkpoints == nil {
		body.Checkpoints = []uint64{}
	}
	for _, st := range h.Stops {
		ts := timelineStop{Time: st.Time, Reason: st.Reason.String(), Description: st.Description}
		if st.Reason == debugger.ReasonExiting {
			ts.ExitCode = &st.ExitCode
		}
		body.Stops = append(body.Stops, ts)
	}
	for _, o := range h.Output {
		body.Output = append(body.Output, timelineText{Time: o.Time, Text: o.Text})
	}
	return body
}
