package adapter

import (
	"encoding/base64"

	"github.com/google/go-dap"
	"github.com/rewind-debugger/rewind/debugger"
)

func (s *Server) onReadMemory(req *envelope) {
	var a dap.ReadMemoryArguments
	if !s.decode(req, &a) {
		return
	}
	sess := s.acquire(req)
	if sess == nil {
		return
	}
	defer s.mu.Unlock()
	addr, ok := s.memoryAddr(req, a.MemoryReference, a.Offset)
	if !ok {
		return
	}
	data, unreadable := sess.ReadMemory(addr, a.Count)
	s.reply(req, dap.ReadMemoryResponseBody{Address: hexAddr(addr),
		Data: base64.StdEncoding.EncodeToString(data), UnreadableBytes: unreadable})
}

func (s *Server) onWriteMemory(req *envelope) {
	var a dap.WriteMemoryArguments
	if !s.decode(req, &a) {
		return
	}
	var data []byte
	var err error
	if !s.withSession(req, func(sess *debugger.Session) {
		var base uint32
		base, err = parseAddr(a.MemoryReference)
		if err == nil {
			data, err = base64.StdEncoding.DecodeString(a.Data)
		}
		if err == nil {
			err = sess.WriteMemory(base+uint32(a.Offset), data)
		}
		s.handles.reset()
	}) {
		return
	}
	if err != nil {
		s.fail(req, "writeMemory: "+err.Error())
		return
	}
	s.reply(req, dap.WriteMemoryResponseBody{BytesWritten: len(data)})
	s.noteFork()
	s.emit("invalidated", dap.InvalidatedEventBody{Areas: []dap.InvalidatedAreas{"variables"}})
}

func (s *Server) onDisassemble(req *envelope) {
	var a dap.DisassembleArguments
	if !s.decode(req, &a) {
		return
	}
	sess := s.acquire(req)
	if sess == nil {
		return
	}
	defer s.mu.Unlock()
	addr, ok := s.memoryAddr(req, a.MemoryReference, a.Offset)
	if !ok {
		return
	}
	ins := sess.Disassemble(addr, a.InstructionOffset, a.InstructionCount)
	out := make([]dap.DisassembledInstruction, 0, len(ins))
	lastFile, lastLine := "", 0
	for _, in := range ins {
		d := dap.DisassembledInstruction{Address: hexAddr(in.Addr), Instruction: in.Text,
			InstructionBytes: hexBytes(in.Bytes), Symbol: in.Symbol}
		if p := in.Loc.File.Path; p != "" && (p != lastFile || in.Loc.Line != lastLine) {
			d.Location = s.sourceOf(p)
			d.Line = in.Loc.Line
			lastFile, lastLine = p, in.Loc.Line
		}
		out = append(out, d)
	}
	s.reply(req, dap.DisassembleResponseBody{Instructions: out})
}

// hexBytes spells instruction bytes as objdump does (little-endian parcel
// order, most significant first within the instruction).
func hexBytes(b []byte) string {
	const digits = "0123456789abcdef"
	out := make([]byte, 0, 2*len(b))
	for i := len(b) - 1; i >= 0; i-- {
		out = append(out, digits[b[i]>>4], digits[b[i]&15])
	}
	return string(out)
}

// memoryAddr resolves a DAP memory reference plus a byte offset, answering
// req with the error when the reference is not an address.
func (s *Server) memoryAddr(req *envelope, ref string, offset int) (uint32, bool) {
	base, err := parseAddr(ref)
	if err != nil {
		s.fail(req, err.Error())
		return 0, false
	}
	return base + uint32(offset), true
}
