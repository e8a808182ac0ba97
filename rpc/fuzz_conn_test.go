//go:build unix

package rpc

import (
	"fmt"
	"testing"
	"time"

	"github.com/rewind-debugger/rewind/internal/hostiletest"
)

// FuzzServe feeds random and mutated frames to a listening server through
// a real connection, then checks that the next client is served.
func FuzzServe(f *testing.F) {
	frame := func(body string) []byte { return fmt.Appendf(nil, "Content-Length: %d\r\n\r\n%s", len(body), body) }
	launch := frame(fmt.Sprintf(`{"jsonrpc":"2.0","id":1,"method":"launch","params":{"program":%q}}`, echoELF))
	f.Add(append(launch, frame(`{"jsonrpc":"2.0","id":2,"method":"run"}`)...))
	f.Add(append(launch, frame(`{"jsonrpc":"2.0","id":2,"method":"run","params":{"direction":"backward"}}`)...))
	f.Add(frame(`[{"jsonrpc":"2.0","id":1,"method":"timeline"}]`))
	f.Add(frame(`{"jsonrpc":"2.0","id":1,"method":"launch","params":{"program":"/dev/zero"}}`))
	f.Add([]byte("Content-Length: 99999999999\r\n\r\n"))
	f.Add([]byte("Content-Length: 3\r\n\r\n{\"a"))
	f.Add([]byte("\x00\xff\r\n\r\n"))
	addr := listen(f, time.Hour)
	f.Fuzz(func(t *testing.T, data []byte) {
		hostiletest.Feed(t, addr, data)
		served(t, addr)
	})
}
