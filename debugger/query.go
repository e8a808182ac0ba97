package debugger

// Queries over the whole history (issue 15): every write to a range, every
// call of a function, every trap of a kind, every line a log point would
// have printed. Each is one reverse search of the timeline from the end of
// history to its start (checkpoint.SearchBack), so segments whose summary
// rules the conditions out are skipped without replay; only the hits of the
// page returned are then visited again for their details. The session is
// left where it was (time and breakpoints); Pause interrupts a query.

import (
	"errors"
	"fmt"

	"github.com/rewind-debugger/rewind/checkpoint"
)

// QueryPage selects which hits of a query are listed; the count is never
// bounded.
type QueryPage struct {
	// Limit bounds the hits listed (default DefaultQueryLimit, at most
	// MaxQueryLimit).
	Limit int
	// Last lists the latest hits instead of the earliest.
	Last bool
}

// Query limits.
const (
	DefaultQueryLimit = 100
	MaxQueryLimit     = 10000
)

// QueryInfo is what every query answer says besides its page.
type QueryInfo struct {
	// Total is the number of hits in the whole history.
	Total int
	// Truncated is set when the page lists fewer than Total.
	Truncated bool
	// Last says the page holds the latest hits.
	Last bool
	// Start and End are the extent of the history searched.
	Start, End uint64
}

// limit returns the page size to use.
func (p QueryPage) limit() int {
	switch {
	case p.Limit <= 0:
		return DefaultQueryLimit
	case p.Limit > MaxQueryLimit:
		return MaxQueryLimit
	}
	return p.Limit
}

// searchAll visits every hit of c in the whole history and returns the
// page of them p selects, oldest first, with the count. The timeline is
// left anywhere: the caller restores it (see query).
func (s *Session) searchAll(c checkpoint.Conditions, p QueryPage) ([]checkpoint.Hit, QueryInfo, error) {
	return s.searchSince(c, s.tl.Start(), p)
}

// searchSince is searchAll over [floor, end of history) only (the page
// and count of that stretch; Start says the history's start still).
func (s *Session) searchSince(c checkpoint.Conditions, floor uint64, p QueryPage) ([]checkpoint.Hit, QueryInfo, error) {
	info := QueryInfo{Start: s.tl.Start(), End: s.tl.End(), Last: p.Last}
	if err := s.tl.Seek(info.End); err != nil {
		return nil, info, fmt.Errorf("seeking to the end of history: %w", err)
	}
	n := p.limit()
	var page []checkpoint.Hit // newest first (Last), or a ring of the oldest visited
	_, _, err := s.tl.SearchBack(c, max(floor, info.Start), func(h checkpoint.Hit) bool {
		switch {
		case len(page) < n:
			page = append(page, h)
		case !p.Last:
			page[info.Total%n] = h
		}
		info.Total++
		return false
	})
	if err != nil {
		if errors.Is(err, checkpoint.ErrPaused) {
			s.ClearPause()
			return nil, info, fmt.Errorf("%w (%d hits counted before time %d)", ErrQueryPaused, info.Total, info.End)
		}
		return nil, info, err
	}
	if !p.Last && info.Total > n { // unring: index Total%n holds the newest kept
		k := info.Total % n
		page = append(page[k:], page[:k]...)
	}
	for i, j := 0, len(page)-1; i < j; i, j = i+1, j-1 {
		page[i], page[j] = page[j], page[i]
	}
	info.Truncated = info.Total > len(page)
	return page, info, nil
}

// query runs q and then puts the session back where it was: the time, the
// armed breakpoints and the frames.
func (s *Session) query(q func() error) error {
	s.begin()
	now := s.tl.Now()
	err := q()
	if serr := s.tl.Seek(now); serr != nil && err == nil {
		err = fmt.Errorf("returning to time %d: %w", now, serr)
	}
	s.arm(false)
	s.cache = frameCache{}
	return err
}

// ErrQueryPaused is the error (wrapped) of a query or timeline search
// that a Pause or a cancel interrupted.
var ErrQueryPaused = errors.New("query paused")

// queryPaused reports (and consumes) a Pause asked during a query's detail
// pass.
func (s *Session) queryPaused() error {
	if s.pausing() {
		s.ClearPause()
		return ErrQueryPaused
	}
	return nil
}
