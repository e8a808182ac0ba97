package main

import "io"

// inputPump reads a stream (the user's stdin) on its own goroutine so the
// emulator can take whatever has arrived between batches without blocking.
type inputPump struct {
	ch <-chan []byte
}

func newInputPump(r io.Reader) *inputPump {
	ch := make(chan []byte, 16)
	go func() {
		defer close(ch)
		if r == nil {
			return
		}
		for {
			buf := make([]byte, 4096)
			n, err := r.Read(buf)
			if n > 0 {
				ch <- buf[:n]
			}
			if err != nil {
				return
			}
		}
	}()
	return &inputPump{ch: ch}
}

// poll returns the input that has arrived, without waiting.
func (p *inputPump) poll() []byte {
	var got []byte
	for {
		select {
		case b, ok := <-p.ch:
			if !ok {
				return got
			}
			got = append(got, b...)
		default:
			return got
		}
	}
}

// wait blocks until input arrives; ok is false at end of input.
func (p *inputPump) wait() ([]byte, bool) {
	b, ok := <-p.ch
	return b, ok
}
