package adapter

import (
	"io"
	"strings"
	"testing"

	"github.com/rewind-debugger/rewind/debugger"
)

// TestLockReleasedOnPanic: a panic inside withLock or withSession (as a
// handler's locked section) leaves s.mu free for the next request.
func TestLockReleasedOnPanic(t *testing.T) {
	s := New(strings.NewReader(""), io.Discard, Options{})
	s.sess = &debugger.Session{} // never used: the sections panic first
	tests := []struct {
		name string
		run  func()
	}{
		{"withLock", func() { s.withLock(func() { panic("boom") }) }},
		{"withSession", func() {
			s.withSession(&envelope{Command: "x"}, func(*debugger.Session) { panic("boom") })
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			func() {
				defer func() { _ = recover() }()
				tt.run()
			}()
			if !s.mu.TryLock() {
				t.Fatal("s.mu is still held after the panic")
			}
			s.mu.Unlock()
		})
	}
}
