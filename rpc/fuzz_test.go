package rpc

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/sourcegraph/jsonrpc2"
)

// FuzzCall sends arbitrary params to every method of a launched session:
// each call must answer (a result or an error), never panic.
func FuzzCall(f *testing.F) {
	names := make([]string, 0, len(methods))
	for n := range methods {
		if n != "terminate" && n != "launch" {
			names = append(names, n)
		}
	}
	f.Add(uint8(0), []byte(`{"location":"demo.c:70"}`))
	f.Add(uint8(1), []byte(`{"expression":"sensor.ring[s->head]"}`))
	f.Add(uint8(2), []byte(`{"direction":"backward","granularity":"out"}`))
	f.Add(uint8(3), []byte(`{"time":18446744073709551615}`))
	f.Add(uint8(4), []byte(`[1,2,3]`))
	f.Add(uint8(5), []byte(`null`))
	srv := NewServer(Options{})
	launch := json.RawMessage(`{"program":"` + demoELF + `"}`)
	if _, err := srv.call(context.Background(), nil, &jsonrpc2.Request{Method: "launch", Params: &launch}); err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, m uint8, params []byte) {
		raw := json.RawMessage(params)
		req := &jsonrpc2.Request{Method: names[int(m)%len(names)], Params: &raw}
		res, err := srv.call(context.Background(), nil, req)
		if res == nil && err == nil {
			t.Fatalf("%s %s: no result and no error", req.Method, params)
		}
		if e, ok := err.(*jsonrpc2.Error); err != nil && (!ok || e.Code == jsonrpc2.CodeInternalError) {
			t.Fatalf("%s %s: %v", req.Method, params, err)
		}
	})
}
