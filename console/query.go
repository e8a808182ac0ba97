package console

import (
	"encoding/binary"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/rewind-debugger/rewind/debugger"
)

// Whole-history queries: writes, calls, events, logpoint-history. Each
// takes --limit N (the hits listed, default 100) and --last (the latest
// hits instead of the earliest) and always says the total count.

// queryFlags takes --limit N and --last off an argument.
func queryFlags(arg string) (string, debugger.QueryPage, error) {
	var p debugger.QueryPage
	var rest []string
	f := strings.Fields(arg)
	for i := 0; i < len(f); i++ {
		switch {
		case f[i] == "--last":
			p.Last = true
		case f[i] == "--limit" && i+1 < len(f):
			n, err := strconv.Atoi(f[i+1])
			if err != nil || n <= 0 {
				return "", p, fmt.Errorf("--limit %q: want a positive count", f[i+1])
			}
			p.Limit = n
			i++
		case strings.HasPrefix(f[i], "--limit="):
			n, err := strconv.Atoi(strings.TrimPrefix(f[i], "--limit="))
			if err != nil || n <= 0 {
				return "", p, fmt.Errorf("%s: want a positive count", f[i])
			}
			p.Limit = n
		default:
			rest = append(rest, f[i])
		}
	}
	return strings.Join(rest, " "), p, nil
}

// queryFooter says when a page lists fewer hits than there are.
func (c *Console) queryFooter(info debugger.QueryInfo, listed int, what string) {
	if !info.Truncated {
		return
	}
	which := "first"
	if info.Last {
		which = "last"
	}
	fmt.Fprintf(c.out, "  (%d %s; showing the %s %d)\n", info.Total, what, which, listed)
}

// where formats a code position: file:line in function, or the pc.
func where(pc uint32, fn, file string, line int) string {
	w := fmt.Sprintf("%#x", pc)
	if line > 0 {
		w = fmt.Sprintf("%s:%d", baseName(file), line)
	}
	if fn != "" {
		w += " in " + fn
	}
	return w
}

// leHex formats little-endian bytes as one hexadecimal number.
func leHex(b []byte) string {
	var v [8]byte
	copy(v[:], b)
	return fmt.Sprintf("%#x", binary.LittleEndian.Uint64(v[:]))
}

// cmdWrites lists every store into an address range or an lvalue.
func (c *Console) cmdWrites(arg string) error {
	arg, page, err := queryFlags(arg)
	if err != nil {
		return err
	}
	if arg == "" {
		return errors.New("writes to what? (ADDR[,LEN] or an expression naming memory)")
	}
	var res debugger.Writes
	var addr, size uint32
	if err := c.run.Do(func(s *debugger.Session) {
		addr, size, err = writesRange(s, c.hart, c.frame, arg)
		if err == nil {
			res, err = s.QueryWrites(addr, size, page)
		}
	}); err != nil {
		return err
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(c.out, "%d write%s to %#x..%#x in the history (time %d to %d):\n", res.Total, plural(res.Total), addr, addr+size, res.Start, res.End)
	for _, w := range res.Writes {
		fmt.Fprintf(c.out, "  time %-8d hart %d %-28s %#x[%d] %s -> %s\n", w.Time, w.Hart, where(w.PC, w.Function, w.File, w.Line), w.Addr, w.Size, leHex(w.Old), leHex(w.New))
	}
	c.queryFooter(res.QueryInfo, len(res.Writes), "writes")
	return nil
}

// writesRange reads ADDR[,LEN] (LEN 4 by default) or an expression.
func writesRange(s *debugger.Session, hart, frame int, arg string) (uint32, uint32, error) {
	a, l, hasLen := strings.Cut(arg, ",")
	if addr, err := debugger.ParseUint(a); err == nil {
		size := uint64(4)
		if hasLen {
			if size, err = debugger.ParseUint(l); err != nil || size == 0 {
				return 0, 0, fmt.Errorf("length %q: want a positive count", l)
			}
		}
		if addr > 0xffffffff || size > 0xffffffff {
			return 0, 0, fmt.Errorf("%s is out of range", arg)
		}
		return uint32(addr), uint32(size), nil
	}
	dt, err := s.DataTargetOf(hart, frame, arg)
	if err != nil {
		return 0, 0, err
	}
	return dt.Addr, dt.Size, nil
}

// cmdCalls lists every call of a function.
func (c *Console) cmdCalls(arg string) error {
	arg, page, err := queryFlags(arg)
	if err != nil {
		return err
	}
	if arg == "" {
		return errors.New("calls of what? (a function name)")
	}
	var res debugger.Calls
	if err := c.run.Do(func(s *debugger.Session) { res, err = s.QueryCalls(arg, page) }); err != nil {
		return err
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(c.out, "%s was called %d time%s in the history (time %d to %d):\n", res.Function, res.Total, plural(res.Total), res.Start, res.End)
	for _, x := range res.Calls {
		ret := "did not return in the history"
		if x.Returned {
			ret = fmt.Sprintf("returned at %d", x.ReturnTime)
			if x.Return != "" {
				ret += " " + x.Return
			}
		}
		fmt.Fprintf(c.out, "  time %-8d hart %d %s (%s) from %s, %s\n", x.Time, x.Hart, res.Function, x.Args, where(0, x.Caller, x.CallerFile, x.CallerLine), ret)
	}
	c.queryFooter(res.QueryInfo, len(res.Calls), "calls")
	return nil
}

// eventFilter reads "irq|trap|exception [N]".
func eventFilter(arg string) (debugger.EventFilter, error) {
	f := debugger.EventFilter{Code: -1}
	kind, code, _ := strings.Cut(strings.TrimSpace(arg), " ")
	switch kind {
	case "irq", "interrupt":
		f.Kind = debugger.EventInterrupt
	case "exception", "fault":
		f.Kind = debugger.EventException
	case "trap", "":
		f.Kind = debugger.EventAnyTrap
	default:
		return f, fmt.Errorf("events %q: say irq, exception or trap (any), and optionally a number", kind)
	}
	if code = strings.TrimSpace(code); code != "" {
		n, err := debugger.ParseUint(code)
		if err != nil || n >= 1<<31 {
			return f, fmt.Errorf("events %s %q: want a cause number", kind, code)
		}
		f.Code = int(n)
	}
	return f, nil
}

// cmdEvents lists every trap of a kind.
func (c *Console) cmdEvents(arg string) error {
	arg, page, err := queryFlags(arg)
	if err != nil {
		return err
	}
	f, err := eventFilter(arg)
	if err != nil {
		return err
	}
	var res debugger.TrapEvents
	if err := c.run.Do(func(s *debugger.Session) { res, err = s.QueryEvents(f, page) }); err != nil {
		return err
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(c.out, "%d trap%s in the history (time %d to %d):\n", res.Total, plural(res.Total), res.Start, res.End)
	for _, e := range res.Events {
		fmt.Fprintf(c.out, "  time %-8d hart %d %-28s cause %#x (%s)\n", e.Time, e.Hart, where(e.PC, e.Function, e.File, e.Line), e.Cause, e.Name)
	}
	c.queryFooter(res.QueryInfo, len(res.Events), "traps")
	return nil
}

// cmdLogpointHistory prints what a log point would have printed over the
// whole history: logpoint-history FILE:LINE "message {expr}".
func (c *Console) cmdLogpointHistory(arg string) error {
	loc, msg, ok := strings.Cut(strings.TrimSpace(arg), " ")
	msg, page, err := queryFlags(msg)
	if err != nil {
		return err
	}
	msg = strings.TrimSpace(msg)
	if uq, err := strconv.Unquote(msg); err == nil {
		msg = uq
	}
	file, lineText, hasLine := strings.Cut(loc, ":")
	line, lerr := strconv.Atoi(lineText)
	if !ok || !hasLine || lerr != nil || msg == "" {
		return errors.New(`usage: logpoint-history FILE:LINE "message with {expressions}"`)
	}
	var res debugger.LogPointHistory
	if err := c.run.Do(func(s *debugger.Session) { res, err = s.QueryLogPoint(file, line, msg, page) }); err != nil {
		return err
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(c.out, "%s would have printed %d line%s in the history (time %d to %d):\n", loc, res.Total, plural(res.Total), res.Start, res.End)
	for _, l := range res.Lines {
		fmt.Fprintf(c.out, "  time %-8d %s\n", l.Time, l.Text)
	}
	c.queryFooter(res.QueryInfo, len(res.Lines), "lines")
	return nil
}
