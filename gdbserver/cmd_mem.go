package gdbserver

import (
	"strings"
)

// parseAddrLen parses "addr,len" in hex, with len bounded by the packet size.
func parseAddrLen(s string) (uint32, int, bool) {
	a, l, ok := strings.Cut(s, ",")
	if !ok {
		return 0, 0, false
	}
	addr, err := parseHex32(a)
	if err != nil {
		return 0, 0, false
	}
	n, err := parseHex32(l)
	if err != nil || n > MaxPacketSize {
		return 0, 0, false
	}
	return addr, int(n), true
}

func (ss *session) readMem(s string) string {
	addr, n, ok := parseAddrLen(s)
	if !ok {
		return errBadPacket
	}
	if n > MaxPacketSize/2 {
		n = MaxPacketSize / 2
	}
	buf := make([]byte, n)
	if err := ss.t.ReadMemory(addr, buf); err == nil {
		return encodeHex(buf)
	}
	// Return the readable prefix, as gdb allows, or an error if none.
	got := 0
	for got < n && ss.t.ReadMemory(addr+uint32(got), buf[got:got+1]) == nil {
		got++
	}
	if got == 0 {
		return errMemory
	}
	return encodeHex(buf[:got])
}

func (ss *session) writeMemHex(s string) string {
	head, data, ok := strings.Cut(s, ":")
	if !ok {
		return errBadPacket
	}
	addr, n, ok := parseAddrLen(head)
	if !ok {
		return errBadPacket
	}
	b, err := decodeHex(data)
	if err != nil || len(b) != n {
		return errBadPacket
	}
	return ss.writeMem(addr, b)
}

func (ss *session) writeMemBinary(s string) string {
	head, data, ok := strings.Cut(s, ":")
	if !ok {
		return errBadPacket
	}
	addr, n, ok := parseAddrLen(head)
	if !ok || len(data) != n {
		return errBadPacket
	}
	return ss.writeMem(addr, []byte(data))
}

func (ss *session) writeMem(addr uint32, b []byte) string {
	if len(b) == 0 {
		return "OK"
	}
	if err := ss.t.WriteMemory(addr, b); err != nil {
		ss.log.Warn("writing memory", "addr", addr, "len", len(b), "err", err)
		return errMemory
	}
	return "OK"
}
