package adapter

import (
	"errors"
	"fmt"
	"testing"

	"github.com/rewind-debugger/rewind/debugger"
)

// TestLanesPausedByError: a lane is paused when its search's error wraps
// debugger.ErrQueryPaused, not when a user's name in the error says
// "paused" (such a lane hid every later lane and was never cached).
func TestLanesPausedByError(t *testing.T) {
	var user, paused timelineLane
	user.failed(errors.New(`no function named "is_paused"`))
	paused.failed(fmt.Errorf("task timeline: %w", debugger.ErrQueryPaused))
	if lanesPaused([]timelineLane{user}) {
		t.Error(`an error naming "is_paused" counted as a pause`)
	}
	if !lanesPaused([]timelineLane{user, paused}) {
		t.Error("a paused search did not count as a pause")
	}
}
