package rpc

import "github.com/rewind-debugger/rewind/internal/clientgate"

// Limits that keep one client from exhausting the server (see README.md).
const (
	// maxBody bounds one message body.
	maxBody = 4 << 20
	// maxQueued bounds the requests read but not yet answered; one more
	// is answered with CodeBusy at once.
	maxQueued = 1024
	// maxQueuedBytes bounds the bodies of the queued requests together.
	maxQueuedBytes = 64 << 20
)

// CodeBusy: too many requests are waiting for their turn.
const CodeBusy = -32003

// activity is told what the client does (the listener's idle timeout uses
// it).
type activity = clientgate.Activity
