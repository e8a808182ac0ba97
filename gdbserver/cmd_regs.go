package gdbserver

import (
	"strconv"
	"strings"
)

func (ss *session) readAllRegs() string {
	var b strings.Builder
	for _, r := range ss.regs.inG() {
		v, err := ss.readReg64(ss.gHart, r)
		if err != nil {
			ss.log.Warn("reading register", "reg", r.name, "err", err)
			return errTarget
		}
		b.WriteString(regHexN(v, r.bits))
	}
	return b.String()
}

func (ss *session) writeAllRegs(data string) string {
	regs := ss.regs.inG()
	off := 0
	for _, r := range regs {
		off += r.bits / 4
	}
	if len(data) < off {
		return errBadPacket
	}
	off = 0
	for _, r := range regs {
		n := r.bits / 4
		v, err := parseRegHexN(data[off:off+n], r.bits)
		if err != nil {
			return errBadPacket
		}
		off += n
		if err := ss.writeReg64(ss.gHart, r, v); err != nil {
			ss.log.Warn("writing register", "reg", r.name, "err", err)
			return errTarget
		}
	}
	return "OK"
}

func (ss *session) readReg(s string) string {
	n, err := strconv.ParseUint(s, 16, 16)
	if err != nil {
		return errBadPacket
	}
	r, ok := ss.regs.byNumber(int(n))
	if !ok {
		return errBadPacket
	}
	v, err := ss.readReg64(ss.gHart, r)
	if err != nil {
		return strings.Repeat("x", r.bits/4) // unavailable on this board
	}
	return regHexN(v, r.bits)
}

func (ss *session) writeReg(s string) string {
	num, val, ok := strings.Cut(s, "=")
	if !ok {
		return errBadPacket
	}
	n, err := strconv.ParseUint(num, 16, 16)
	if err != nil {
		return errBadPacket
	}
	r, ok := ss.regs.byNumber(int(n))
	if !ok {
		return errBadPacket
	}
	v, err := parseRegHexN(val, r.bits)
	if err != nil {
		return errBadPacket
	}
	if err := ss.writeReg64(ss.gHart, r, v); err != nil {
		ss.log.Warn("writing register", "reg", n, "err", err)
		return errTarget
	}
	return "OK"
}
