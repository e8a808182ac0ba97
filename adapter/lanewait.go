package adapter

import (
	"sync"
	"time"

	"github.com/rewind-debugger/rewind/debugger"
)

// laneWait is how long rewind/timeline searches the history for its lanes
// on the reader, under the lock: VS Code's requests after a stop then wait
// for it rather than fail. A longer search is paused and done again as an
// operation (Server.runQuery), which pause and cancel interrupt, while
// other requests are refused as running. The session keeps what it found
// (an events query resumes from the end it covered), so little is lost.
const laneWait = 250 * time.Millisecond

// timelineWithin answers rewind/timeline if its lanes are found within
// s.laneWait, and reports whether they were (false: the search was
// paused and nothing is kept; at once when s.laneWait is negative, as
// tests ask). Called with s.mu held.
func (s *Server) timelineWithin(sess *debugger.Session, a timelineArgs) (timelineBody, bool) {
	if s.laneWait < 0 {
		return timelineBody{}, false
	}
	sess.ClearPause() // the runner clears it for the operation (launch)
	var mu sync.Mutex
	over, fired := false, false
	t := time.AfterFunc(s.laneWait, func() {
		mu.Lock()
		defer mu.Unlock()
		if !over {
			sess.Pause()
			fired = true
		}
	})
	body := s.timelineOf(sess, a)
	mu.Lock()
	over = true
	mu.Unlock()
	t.Stop()
	if !fired {
		return body, true
	}
	sess.ClearPause() // the timer's, whether a search saw it or not
	return body, !lanesPaused(body.Lanes)
}
