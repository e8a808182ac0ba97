package gdbserver

import (
	"fmt"
	"strings"
	"time"
)

// Signals used in stop replies.
const (
	sigINT  = 2
	sigTRAP = 5
)

// legacyResume handles c, s, C and S, with an optional resume address.
func (ss *session) legacyResume(p string) string {
	step := p[0] == 's' || p[0] == 'S'
	arg := p[1:]
	if p[0] == 'C' || p[0] == 'S' { // signal;addr: signals are not delivered
		_, arg, _ = strings.Cut(arg, ";")
	}
	hart := ss.resumeHart()
	if arg != "" {
		addr, err := parseHex32(arg)
		if err != nil {
			return errBadPacket
		}
		if err := ss.t.WriteRegister(hart, Reg{Kind: RegPC}, addr); err != nil {
			return errTarget
		}
	}
	return ss.resume(Action{Step: step, Hart: hart})
}

// resumeHart is the hart a resumption without an explicit thread applies to.
func (ss *session) resumeHart() int {
	if ss.cHart >= 0 {
		return ss.cHart
	}
	return ss.gHart
}

// reverse handles bc and bs.
func (ss *session) reverse(p string) string {
	switch p {
	case "bc":
		return ss.resume(Action{Reverse: true, Hart: ss.resumeHart()})
	case "bs":
		return ss.resume(Action{Reverse: true, Step: true, Hart: ss.resumeHart()})
	}
	return ""
}

// vCont handles vCont;action[:thread]... in all-stop mode: a step action
// for some thread steps that hart (the others run as the schedule says);
// otherwise every hart continues.
func (ss *session) vCont(s string) string {
	if s == "" {
		return errBadPacket
	}
	a := Action{Hart: -1}
	stepAll := false
	for _, act := range strings.Split(s, ";") {
		name, thread, hasThread := strings.Cut(act, ":")
		if name == "" {
			return errBadPacket
		}
		hart := -1
		if hasThread {
			h, ok := ss.parseThread(thread)
			if !ok {
				return errNoThread
			}
			hart = h
		}
		switch name[0] {
		case 's', 'S':
			if hart < 0 {
				stepAll = true
			} else if !a.Step {
				a.Step, a.Hart = true, hart
			}
		case 'c', 'C':
			if hart >= 0 && a.Hart < 0 {
				a.Hart = hart
			}
		default:
			return "" // t, r and others are not supported
		}
	}
	if stepAll && !a.Step {
		a.Step, a.Hart = true, ss.resumeHart()
	}
	if a.Hart < 0 {
		a.Hart = ss.resumeHart()
	}
	return ss.resume(a)
}

// resume runs the target and returns the stop reply. A forward continue
// that reaches the firmware's exit stops just before it (see
// stopBeforeExit); continuing again from there lets it exit.
func (ss *session) resume(a Action) string {
	ss.flushNotices()
	if ss.exited {
		return ss.stopReply(ss.lastStop)
	}
	letExit := ss.atExit && ss.t.Now() == ss.exitTime
	ss.atExit = false
	ev := ss.run(a)
	switch {
	case ev.Kind == EventExiting: // the target stopped before the exit itself
		ev = ss.heldBeforeExit(ev, ev.Hart)
	case ev.Kind == EventExited && !a.Reverse && !a.Step && !letExit:
		ev = ss.stopBeforeExit(ev)
	}
	ss.flushNotices()
	ss.lastStop = ev
	ss.gHart = ev.Hart
	if ev.Kind == EventExited {
		ss.exited = true
	}
	return ss.stopReply(ev)
}

// stopBeforeExit steps back over the instruction that made the firmware
// exit and reports a plain stop there, so the user can still go backwards
// (after a W reply gdb considers the process gone). When stepping back
// fails, the exit is reported.
func (ss *session) stopBeforeExit(exit Event) Event {
	back, err := ss.t.Resume(Action{Reverse: true, Step: true, Hart: exit.Hart})
	if err != nil {
		ss.log.Warn("stepping back from the exit", "err", err)
		return exit
	}
	if back.Hart < 0 || back.Hart >= ss.t.Harts() {
		back.Hart = exit.Hart
	}
	return ss.heldBeforeExit(exit, back.Hart)
}

// heldBeforeExit reports the stop just before the firmware's exit as a
// plain stop of hart and remembers it, so a continue from there exits.
func (ss *session) heldBeforeExit(exit Event, hart int) Event {
	ss.atExit, ss.exitTime = true, ss.t.Now()
	ss.console(fmt.Sprintf("rewind: the firmware is about to exit with code %d; "+
		"continue again to let it exit, or go backwards\n", exit.ExitCode))
	return Event{Kind: EventStep, Hart: hart}
}

// run resumes the target and returns the event, its hart made valid.
func (ss *session) run(a Action) Event {
	ss.running.Store(true)
	start := time.Now()
	ev, err := ss.t.Resume(a)
	ss.running.Store(false)
	ss.log.Debug("resume", "action", a, "event", ev.Kind, "took", time.Since(start))
	if err != nil {
		ss.log.Warn("resume failed", "action", fmt.Sprintf("%+v", a), "err", err)
		ev = Event{Kind: EventInterrupted, Hart: a.Hart}
		if ev.Hart < 0 {
			ev.Hart = ss.gHart
		}
		ss.console(fmt.Sprintf("rewind: %v\n", err))
	}
	if ev.Kind == EventIdle {
		ss.console("rewind: every hart waits for input; send some with 'monitor uart TEXT'\n")
	}
	if ev.Hart < 0 || ev.Hart >= ss.t.Harts() {
		ev.Hart = 0
	}
	return ev
}

// flushNotices sends the target's pending notices to gdb's console; call
// it only where O packets are allowed.
func (ss *session) flushNotices() {
	if n, ok := ss.t.(Notices); ok {
		for _, text := range n.TakeNotices() {
			ss.console(text)
		}
	}
}

// console sends text to gdb's console with an O packet (allowed while the
// target runs, before the stop reply).
func (ss *session) console(text string) {
	if err := ss.send("O" + encodeHex([]byte(text))); err != nil {
		ss.log.Warn("console output", "err", err)
	}
}

// stopReply formats the stop reply packet for ev.
func (ss *session) stopReply(ev Event) string {
	sig := sigTRAP
	reason := ""
	switch ev.Kind {
	case EventExited:
		return fmt.Sprintf("W%02x", uint8(ev.ExitCode))
	case EventFault:
		sig = ev.Signal
	case EventInterrupted, EventIdle:
		sig = sigINT
	case EventBreakpoint:
		reason = "swbreak:;"
		if ev.Hardware {
			reason = "hwbreak:;"
		}
	case EventWatchpoint:
		reason = fmt.Sprintf("%s:%x;", watchName(ev.Access), ev.Addr)
	case EventHistoryBegin:
		reason = "replaylog:begin;"
	case EventHistoryEnd:
		reason = "replaylog:end;"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "T%02xthread:%s;%s", uint8(sig), ss.threadName(ev.Hart), reason)
	ss.expedite(&b, ev.Hart)
	return b.String()
}

func watchName(k WatchKind) string {
	switch k {
	case WatchRead:
		return "rwatch"
	case WatchAccess:
		return "awatch"
	}
	return "watch"
}

// expedite appends the registers of the g packet to a stop reply, so gdb
// need not ask for them (a reverse-next over a recursive call stops
// thousands of times).
func (ss *session) expedite(b *strings.Builder, hart int) {
	for _, r := range ss.regs.inG() {
		if v, err := ss.readReg64(hart, r); err == nil {
			fmt.Fprintf(b, "%02x:%s;", r.num, regHexN(v, r.bits))
		}
	}
}
