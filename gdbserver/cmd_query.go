package gdbserver

import (
	"fmt"
	"strconv"
	"strings"
)

// supported returns the qSupported reply.
func supported() string {
	return fmt.Sprintf("PacketSize=%x;swbreak+;hwbreak+;qXfer:features:read+;"+
		"ReverseStep+;ReverseContinue+;vContSupported+;ConditionalBreakpoints+;QStartNoAckMode+",
		MaxPacketSize)
}

// query handles q packets.
func (ss *session) query(p string) string {
	name, arg, _ := strings.Cut(p, ":")
	switch {
	case name == "qSupported":
		return supported()
	case name == "qXfer" && strings.HasPrefix(arg, "features:read:"):
		return xferRead(strings.TrimPrefix(arg, "features:read:"), ss.regs.xml())
	case p == "qfThreadInfo":
		if reply, ok := ss.taskThreadInfo(); ok {
			return reply
		}
		ids := make([]string, ss.t.Harts())
		for h := range ids {
			ids[h] = threadID(h)
		}
		return "m" + strings.Join(ids, ",")
	case p == "qsThreadInfo":
		return "l"
	case p == "qC":
		return "QC" + ss.threadName(ss.gHart)
	case strings.HasPrefix(p, "qAttached"):
		return "1"
	case p == "qOffsets":
		return "Text=0;Data=0;Bss=0"
	case strings.HasPrefix(p, "qThreadExtraInfo,"):
		h, ok := ss.parseThread(strings.TrimPrefix(p, "qThreadExtraInfo,"))
		if !ok || h < 0 {
			return errNoThread
		}
		if extra, ok := ss.taskExtra(h); ok {
			return encodeHex([]byte(extra))
		}
		return encodeHex([]byte("hart " + strconv.Itoa(h)))
	case p == "qSymbol::":
		return "OK"
	case strings.HasPrefix(p, "qRcmd,"):
		return ss.monitor(strings.TrimPrefix(p, "qRcmd,"))
	}
	return ""
}

// xferRead serves "annex:offset,length" reads of target.xml.
func xferRead(s, doc string) string {
	annex, rng, ok := strings.Cut(s, ":")
	if !ok {
		return errBadPacket
	}
	if annex != "target.xml" {
		return "E00"
	}
	off, n, ok := parseAddrLen(rng)
	if !ok {
		return errBadPacket
	}
	if int(off) >= len(doc) {
		return "l"
	}
	end := min(int(off)+n, len(doc))
	kind := "m"
	if end == len(doc) {
		kind = "l"
	}
	return kind + string(EscapeBinary([]byte(doc[off:end])))
}

// vPacket handles v packets other than vKill.
func (ss *session) vPacket(p string) string {
	switch {
	case p == "vCont?":
		return "vCont;c;C;s;S"
	case strings.HasPrefix(p, "vCont;"):
		return ss.vCont(strings.TrimPrefix(p, "vCont;"))
	}
	return "" // vMustReplyEmpty, vFile, vRun...: not supported
}
