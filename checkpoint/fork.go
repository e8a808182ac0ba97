package checkpoint

import (
	"encoding/binary"
	"fmt"
	"sort"
)

// Input stamps an outside input with Now, applies it, and appends it to the
// input log. At the end of history this extends the log. Before the end it
// changes the past: the future (checkpoints, input and output after Now) is
// discarded and forked reports it. ev.Time is ignored.
func (t *Timeline) Input(ev Event) (forked bool, err error) {
	now := t.m.Time()
	ev.Time = now
	ev.Data = append([]byte(nil), ev.Data...)
	if err := checkEvents([]Event{ev}); err != nil {
		return false, err
	}
	forked = now < t.end || t.cursor < len(t.events)
	n := len(t.output)
	err = t.applyLive(&ev, true)
	sent := append([]Output(nil), t.output[n:]...)
	t.output = t.output[:n]
	if err != nil {
		return false, err
	}
	oldEnd := t.end
	t.truncate(now)
	t.output = append(t.output, sent...) // after the cut: they are new history
	t.events = append(t.events, ev)
	t.heard = len(t.events)
	t.cursor = len(t.events)
	if forked {
		t.forks = append(t.forks, ForkError{Time: now, OldEnd: oldEnd})
	}
	return forked, nil
}

// applyEvent applies event i of the log. The output it causes (a byte
// the debugger writes to a UART's transmit register) is new history the
// first time, recorded and sent to the sink as the guest's own output is;
// replays of it are silent.
func (t *Timeline) applyEvent(i int) error {
	first := i >= t.heard
	t.heard = max(t.heard, i+1)
	return t.applyLive(&t.events[i], first)
}

// applyLive applies an event, its output live or not.
func (t *Timeline) applyLive(ev *Event, live bool) error {
	t.live = live
	defer func() { t.live = false }()
	return ev.apply(t.m)
}

// UARTInput sends bytes to the UART receiver at Now (see Input).
func (t *Timeline) UARTInput(b []byte) (forked bool, err error) {
	return t.Input(Event{Kind: EventUART, Data: b})
}

// WriteMemory changes guest memory at Now (see Input: before the end of
// history this forks).
func (t *Timeline) WriteMemory(addr uint32, data []byte) (forked bool, err error) {
	return t.Input(Event{Kind: EventMemory, Addr: addr, Data: data})
}

// SetRegister changes a register of a hart at Now: reg 0-31 are x0-x31,
// RegPC the pc, RegCSR+n CSR n (see Input: before the end this forks).
func (t *Timeline) SetRegister(hart int, reg, value uint32) (forked bool, err error) {
	return t.Input(Event{Kind: EventRegister, Hart: hart, Addr: reg, Data: binary.LittleEndian.AppendUint32(nil, value)})
}

// Forks lists the changes of the past made so far, oldest first.
func (t *Timeline) Forks() []ForkError { return append([]ForkError(nil), t.forks...) }

// truncate makes now the end of history: later events, output and
// checkpoints go, and so do checkpoints at now (they predate the change).
func (t *Timeline) truncate(now uint64) {
	k := sort.Search(len(t.events), func(i int) bool { return t.events[i].Time > now })
	t.events = t.events[:k]
	t.heard = min(t.heard, k)
	o := sort.Search(len(t.output), func(i int) bool { return t.output[i].Time >= now })
	t.output = t.output[:o]
	if now < t.end {
		t.final = nil // the run's ending was in the discarded future
	}
	t.end = now
	t.store.truncate(now)
	t.cache.truncate(now)
	if len(t.store.snaps) == 0 {
		t.resetActivity(now)
		t.store.add(&snap{s: t.m.Snapshot(), time: now})
	}
}

// Events returns the input log.
func (t *Timeline) Events() []Event { return append([]Event(nil), t.events...) }

// Output returns the UART output produced in [from, to), with the time of
// each byte.
func (t *Timeline) Output(from, to uint64) []Output {
	i := sort.Search(len(t.output), func(i int) bool { return t.output[i].Time >= from })
	j := sort.Search(len(t.output), func(i int) bool { return t.output[i].Time >= to })
	return append([]Output(nil), t.output[i:j]...)
}

// LoadEvents installs an input log to replay (a recording's), replacing the
// log. It must be called at the start of history, before running.
func (t *Timeline) LoadEvents(evs []Event) error {
	if t.end != t.start || t.m.Time() != t.start {
		return fmt.Errorf("checkpoint: LoadEvents after history started (end %d)", t.end)
	}
	if err := checkEvents(evs); err != nil {
		return err
	}
	for _, e := range evs {
		if e.Time < t.start {
			return fmt.Errorf("checkpoint: input event at %d before the start %d", e.Time, t.start)
		}
	}
	t.events = append([]Event(nil), evs...)
	t.cursor = 0
	// The replaced log's events never happened: neither did their output,
	// and none of the loaded events has been heard yet.
	t.heard = 0
	t.output = t.output[:sort.Search(len(t.output), func(i int) bool { return t.output[i].Time >= t.start })]
	if err := t.applyDue(t.start); err != nil {
		return err
	}
	// the start checkpoint must include the events stamped at the start
	t.store.snaps[0].s = t.m.Snapshot()
	t.store.resize(0)
	if len(t.store.snaps) > 1 {
		t.store.resize(1)
	}
	return nil
}
