package gdbserver

import (
	"strconv"
	"strings"
)

// breakpoint handles Z and z packets: type,addr,kind[;X len,expr...][;cmds:...].
func (ss *session) breakpoint(p string) string {
	insert := p[0] == 'Z'
	head, rest, _ := strings.Cut(p[1:], ";")
	fields := strings.Split(head, ",")
	if len(fields) != 3 {
		return errBadPacket
	}
	typ, err := strconv.ParseUint(fields[0], 16, 8)
	if err != nil {
		return errBadPacket
	}
	addr, err := parseHex32(fields[1])
	if err != nil {
		return errBadPacket
	}
	kind, err := parseHex32(fields[2])
	if err != nil {
		return errBadPacket
	}
	switch typ {
	case 0, 1:
		conds, ok := parseConditions(rest)
		if !ok {
			return errBadPacket
		}
		return ss.codeBreakpoint(insert, addr, typ == 1, conds)
	case 2, 3, 4:
		if kind == 0 || kind > 1<<20 {
			return errBadPacket
		}
		return ss.watchpoint(insert, Watchpoint{Addr: addr, Len: kind, Kind: WatchKind(typ)})
	}
	return "" // unsupported type
}

// parseConditions parses the condition list that follows a Z0 or Z1
// packet's first ';': "X len,hex" items, where each item's length says
// where its bytecode ends. gdb sends several conditions for one address
// back to back ("X3,aabbccX2,ddee"); a ';' between items is accepted too.
// A command list ("cmds:...") ends the conditions.
func parseConditions(s string) ([]*AgentExpr, bool) {
	var conds []*AgentExpr
	for s != "" {
		switch {
		case s[0] == ';':
			s = s[1:]
			continue
		case strings.HasPrefix(s, "cmds:"):
			return conds, true // target-side commands are not supported; gdb runs them
		case s[0] != 'X':
			return nil, false
		}
		l, rest, ok := strings.Cut(s[1:], ",")
		if !ok {
			return nil, false
		}
		n, err := strconv.ParseUint(l, 16, 16)
		if err != nil || 2*int(n) > len(rest) {
			return nil, false
		}
		b, err := decodeHex(rest[:2*n])
		if err != nil {
			return nil, false
		}
		conds = append(conds, NewAgentExpr(b))
		s = rest[2*n:]
	}
	return conds, true
}

func (ss *session) codeBreakpoint(insert bool, addr uint32, hw bool, conds []*AgentExpr) string {
	key := bpKey{addr, hw}
	var err error
	if insert {
		err = ss.t.SetBreakpoint(Breakpoint{Addr: addr, Hardware: hw, Cond: ss.condition(conds)})
		if err == nil {
			ss.breakpoints[key] = true
		}
	} else {
		err = ss.t.ClearBreakpoint(addr, hw)
		delete(ss.breakpoints, key)
	}
	if err != nil {
		ss.log.Warn("breakpoint", "insert", insert, "addr", addr, "err", err)
		return errTarget
	}
	return "OK"
}

func (ss *session) watchpoint(insert bool, w Watchpoint) string {
	var err error
	if insert {
		err = ss.t.SetWatchpoint(w)
		if err == nil {
			ss.watchpoints[w] = true
		}
	} else {
		err = ss.t.ClearWatchpoint(w)
		delete(ss.watchpoints, w)
	}
	if err != nil {
		ss.log.Warn("watchpoint", "insert", insert, "addr", w.Addr, "err", err)
		return errTarget
	}
	return "OK"
}

// condition turns gdb's condition list into the predicate the target calls
// at each hit: the breakpoint stops when any condition is true, or when one
// cannot be evaluated (gdb then evaluates it itself).
func (ss *session) condition(conds []*AgentExpr) func(hart int) bool {
	if len(conds) == 0 {
		return nil
	}
	t, log, regs := ss.t, ss.log, ss.regs
	return func(hart int) bool {
		env := targetEnv{t: t, hart: hart, regs: regs}
		for _, c := range conds {
			v, err := c.Eval(env)
			if err != nil {
				log.Debug("breakpoint condition failed", "err", err)
				return true
			}
			if v != 0 {
				return true
			}
		}
		return false
	}
}

// targetEnv lets an agent expression read a hart's registers and memory.
type targetEnv struct {
	t    Target
	hart int
	regs *regLayout
}

// Register reads a register by gdb number.
func (e targetEnv) Register(n int) (uint64, error) {
	r, ok := e.regs.byNumber(n)
	if !ok {
		return 0, errUnknownRegister(n)
	}
	return readParts(e.t, e.hart, r)
}

// ReadMemory reads target memory.
func (e targetEnv) ReadMemory(addr uint32, buf []byte) error {
	return e.t.ReadMemory(addr, buf)
}

// errUnknownRegister is the error for a register number gdb's agent
// expression names but the target does not have.
type errUnknownRegister int

// Error says which register number is unknown.
func (e errUnknownRegister) Error() string {
	return "unknown register " + strconv.Itoa(int(e))
}
