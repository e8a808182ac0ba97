package adapter

import (
	"fmt"
	"testing"
	"time"

	"github.com/rewind-debugger/rewind/internal/hostiletest"
)

// FuzzServeListener feeds random and mutated frames to a listening
// server through a real connection, then checks that the next client is
// served.
func FuzzServeListener(f *testing.F) {
	frame := func(body string) []byte { return fmt.Appendf(nil, "Content-Length: %d\r\n\r\n%s", len(body), body) }
	launch := fmt.Sprintf(`{"seq":1,"type":"request","command":"launch","arguments":{"program":%q}}`, echoELF)
	run := append(frame(launch), frame(`{"seq":2,"type":"request","command":"configurationDone"}`)...)
	f.Add(run)
	f.Add(append(run, frame(`{"seq":3,"type":"request","command":"pause","arguments":{"threadId":1}}`)...))
	f.Add(frame(`{"seq":1,"type":"request","command":"source","arguments":{"source":{"path":"/dev/zero"}}}`))
	f.Add(frame(`{"seq":1,"type":"request","command":"launch","arguments":{"program":"/dev/zero"}}`))
	f.Add([]byte("Content-Length: 99999999999\r\n\r\n"))
	f.Add([]byte("Content-Length: 10\r\n\r\n{\"seq\":"))
	f.Add([]byte("\x00\xff\r\n\r\n"))
	addr := listen(f, time.Hour)
	f.Fuzz(func(t *testing.T, data []byte) {
		hostiletest.Feed(t, addr, data)
		served(t, addr)
	})
}
