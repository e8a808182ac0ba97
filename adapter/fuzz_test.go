package adapter

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"log/slog"
	"os"
	"testing"
)

// FuzzReadFrame feeds arbitrary bytes to the framing reader: it must
// return messages or errors, never panic or over-allocate.
func FuzzReadFrame(f *testing.F) {
	f.Add([]byte("Content-Length: 2\r\n\r\n{}"))
	f.Add([]byte("Content-Length: 99999999999\r\n\r\n"))
	f.Add([]byte("Content-Length: -1\r\n\r\n"))
	f.Add([]byte("X: y\r\nContent-Length: 3\r\n\r\nabc\r\n\r\nContent-Length: 1\r\n\r\n1"))
	f.Add([]byte("garbage without header\n\nContent-Length: 0\r\n\r\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		r := bufio.NewReader(bytes.NewReader(data))
		for range 100 {
			body, err := readFrame(r)
			if err == io.EOF || err == io.ErrUnexpectedEOF {
				return
			}
			if err == nil && len(body) > maxBody {
				t.Fatalf("body of %d bytes", len(body))
			}
		}
	})
}

// fuzzServer is a server stopped at the demo's entry, writing nowhere.
func fuzzServer(t testing.TB) *Server {
	s := New(bytes.NewReader(nil), io.Discard, Options{Log: slog.New(slog.NewTextHandler(os.Stderr, nil))})
	req := func(cmd string, args any) {
		a, _ := json.Marshal(args)
		b, _ := json.Marshal(map[string]any{"seq": 1, "type": "request", "command": cmd, "arguments": json.RawMessage(a)})
		s.handle(b)
		s.waitRun()
	}
	req("initialize", map[string]any{"adapterID": "fuzz"})
	req("launch", map[string]any{"program": demoELF, "stopOnEntry": true})
	req("configurationDone", nil)
	if s.sess == nil {
		t.Fatal("launch failed")
	}
	return s
}

// FuzzRequest sends arbitrary request bodies to a live session: every
// one must be answered without a panic reaching the server.
func FuzzRequest(f *testing.F) {
	seeds := []string{
		`{"seq":1,"type":"request","command":"stackTrace","arguments":{"threadId":1}}`,
		`{"seq":2,"type":"request","command":"variables","arguments":{"variablesReference":-1,"start":-5,"count":-1}}`,
		`{"seq":3,"type":"request","command":"readMemory","arguments":{"memoryReference":"0xffffffff","offset":-9,"count":100000000}}`,
		`{"seq":4,"type":"request","command":"disassemble","arguments":{"memoryReference":"0x0","instructionOffset":-100000,"instructionCount":100000}}`,
		`{"seq":5,"type":"request","command":"evaluate","arguments":{"expression":"*(int*)0 = 1"}}`,
		`{"seq":6,"type":"request","command":"setBreakpoints","arguments":{"source":{"path":"demo.c"},"breakpoints":[{"line":-1,"hitCondition":"%0"}]}}`,
		`{"seq":7,"type":"request","command":"dataBreakpointInfo","arguments":{"name":"0","asAddress":true,"bytes":-1}}`,
		`{"seq":8,"type":"request","command":"rewind/seek","arguments":{"time":18446744073709551615}}`,
		`{"seq":9,"type":"request","command":"stepBack","arguments":{"threadId":1,"granularity":"instruction"}}`,
		`{"seq":10,"type":"request","command":"setDataBreakpoints","arguments":{"breakpoints":[{"dataId":"0x0/4294967295"}]}}`,
		`{"seq":11,"type":"request","command":"breakpointLocations","arguments":{"source":{},"line":1,"endLine":2000000000}}`,
		`{"seq":12,"type":"request","command":"writeMemory","arguments":{"memoryReference":"0x80000000","data":"AAAA"}}`,
		`[1,2,3]`, `null`, `{"type":"request"}`,
	}
	for _, s := range seeds {
		f.Add([]byte(s))
	}
	var srv *Server
	f.Fuzz(func(t *testing.T, body []byte) {
		if srv == nil {
			srv = fuzzServer(t)
		}
		srv.handle(body)
		srv.waitRun()
		if n := srv.panics.Load(); n > 0 {
			t.Fatalf("%d requests panicked; last body %q", n, body)
		}
	})
}
