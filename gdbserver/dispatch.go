package gdbserver

import (
	"strconv"
	"strings"
)

// Error replies. gdb shows only that the packet failed; the log says why.
const (
	errBadPacket = "E01"
	errNoThread  = "E02"
	errMemory    = "E14"
	errTarget    = "E03"
)

// handle answers one packet. It reports whether the session is over.
func (ss *session) handle(p string) (bool, error) {
	switch {
	case p == "k", strings.HasPrefix(p, "vKill"):
		ss.log.Info("gdb killed the session")
		if p != "k" {
			return true, ss.send("OK")
		}
		return true, nil
	case p == "D" || strings.HasPrefix(p, "D;"):
		return true, ss.send("OK")
	case p == "QStartNoAckMode":
		err := ss.send("OK")
		ss.noAck = true
		return false, err
	}
	return false, ss.send(ss.reply(p))
}

// reply computes the answer to every packet that gets exactly one reply.
func (ss *session) reply(p string) string {
	if p == "" {
		return ""
	}
	switch p[0] {
	case '?':
		return ss.stopReply(ss.lastStop)
	case 'g':
		return ss.readAllRegs()
	case 'G':
		return ss.writeAllRegs(p[1:])
	case 'p':
		return ss.readReg(p[1:])
	case 'P':
		return ss.writeReg(p[1:])
	case 'm':
		return ss.readMem(p[1:])
	case 'M':
		return ss.writeMemHex(p[1:])
	case 'X':
		return ss.writeMemBinary(p[1:])
	case 'Z', 'z':
		return ss.breakpoint(p)
	case 'H':
		return ss.setThread(p[1:])
	case 'T':
		return ss.threadAlive(p[1:])
	case 'c', 's', 'C', 'S':
		return ss.legacyResume(p)
	case 'b':
		return ss.reverse(p)
	case 'q':
		return ss.query(p)
	case 'v':
		return ss.vPacket(p)
	}
	return ""
}

// parseThread parses a thread id: -1 (all), 0 (any), or hart+1, in hex,
// optionally in the multiprocess form pPID.TID. It returns -1 for all or
// any, and reports whether the id names a thread that exists.
func (ss *session) parseThread(s string) (int, bool) {
	if strings.HasPrefix(s, "p") {
		if i := strings.IndexByte(s, '.'); i >= 0 {
			s = s[i+1:]
		} else {
			return -1, true
		}
	}
	if s == "-1" || s == "0" {
		return -1, true
	}
	n, err := strconv.ParseUint(s, 16, 32)
	if h, ok := ss.taskThread(int(n)); err == nil && ok {
		return h, true
	}
	if err != nil || n < 1 || int(n) > ss.t.Harts() {
		return 0, false
	}
	return int(n) - 1, true
}

func (ss *session) setThread(s string) string {
	if len(s) < 1 {
		return errBadPacket
	}
	h, ok := ss.parseThread(s[1:])
	if !ok {
		return errNoThread
	}
	switch s[0] {
	case 'g':
		if h < 0 {
			h = ss.lastStop.Hart
		}
		ss.gHart = h
	case 'c':
		ss.cHart = h
	default:
		return errBadPacket
	}
	return "OK"
}

func (ss *session) threadAlive(s string) string {
	if h, ok := ss.parseThread(s); ok && h >= 0 {
		return "OK"
	}
	return errNoThread
}

// threadID formats a hart as a gdb thread id.
func threadID(hart int) string {
	return strconv.FormatUint(uint64(hart)+1, 16)
}
