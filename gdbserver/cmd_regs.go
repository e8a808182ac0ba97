package gdbserver

import (
	"strconv"
	"strings"
)

func (ss *session) readAllRegs() string {
	var b strings.Builder
	for n := range numGRegs {
		r, _ := regByNumber(n)
		v, err := ss.t.ReadRegister(ss.gHart, r)
		if err != nil {
			ss.log.Warn("reading register", "reg", n, "err", err)
			return errTarget
		}
		b.WriteString(regHex(v))
	}
	return b.String()
}

func (ss *session) writeAllRegs(data string) string {
	if len(data) < 8*numGRegs {
		return errBadPacket
	}
	for n := range numGRegs {
		v, err := parseRegHex(data[8*n : 8*n+8])
		if err != nil {
			return errBadPacket
		}
		r, _ := regByNumber(n)
		if err := ss.t.WriteRegister(ss.gHart, r, v); err != nil {
			ss.log.Warn("writing register", "reg", n, "err", err)
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
	r, ok := regByNumber(int(n))
	if !ok {
		return errBadPacket
	}
	v, err := ss.t.ReadRegister(ss.gHart, r)
	if err != nil {
		return "xxxxxxxx" // unavailable on this board
	}
	return regHex(v)
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
	r, ok := regByNumber(int(n))
	if !ok {
		return errBadPacket
	}
	v, err := parseRegHex(val)
	if err != nil {
		return errBadPacket
	}
	if err := ss.t.WriteRegister(ss.gHart, r, v); err != nil {
		ss.log.Warn("writing register", "reg", n, "err", err)
		return errTarget
	}
	return "OK"
}
