package rpc

import (
	"bufio"
	"context"
	"encoding/json"
	"net"
	"time"

	"github.com/rewind-debugger/rewind/internal/clientgate"
	"github.com/rewind-debugger/rewind/internal/frame"
	"github.com/sourcegraph/jsonrpc2"
)

// CodeRefused: another client is being served.
const CodeRefused = -32004

// Serve serves the clients accepted on ln, one at a time, until ln is
// closed. A client that connects while another is served gets a JSON-RPC
// error (CodeRefused: with a null id at once, and with the id of its
// first request if one comes quickly), then is disconnected; a served
// client idle for idleTimeout (zero or negative: never) gives way to it
// instead.
func (srv *Server) Serve(ln net.Listener, idleTimeout time.Duration) error {
	serve := func(c *clientgate.Client) {
		if err := srv.serve(context.Background(), c, true, c); err != nil && !c.Evicted() {
			srv.log.Warn("client session ended with an error", "err", err)
		}
	}
	gate := clientgate.Options{Name: "rewind rpc", IdleTimeout: idleTimeout, Log: srv.log}
	return clientgate.Serve(ln, gate, serve, refuseRPC)
}

// refuseRPC tells a client it cannot be served.
func refuseRPC(c net.Conn, msg string) {
	e := rpcError(CodeRefused, "%s", msg)
	send := func(id *jsonrpc2.ID) {
		if b, err := json.Marshal(errorReply(id, e)); err == nil {
			frame.Write(c, b)
		}
	}
	send(nil)
	body, err := frame.Read(bufio.NewReader(c), maxBody)
	if err != nil {
		return
	}
	if req, rerr := parseRequest(body); rerr == nil && req != nil && !req.Notif {
		send(&req.ID)
	}
}
