package adapter

import (
	"sync"

	"github.com/google/go-dap"
)

// outputBuffer gathers UART bytes into output events, one per line where
// possible.
type outputBuffer struct {
	mu  sync.Mutex
	buf []byte
}

// uartOutput receives a UART byte the guest produced for the first time.
func (s *Server) uartOutput(b byte, _ uint64) {
	s.outBuf.mu.Lock()
	s.outBuf.buf = append(s.outBuf.buf, b)
	flush := b == '\n' || len(s.outBuf.buf) >= 1024
	s.outBuf.mu.Unlock()
	if flush {
		s.flushOutput()
	}
}

// flushOutput sends buffered UART output.
func (s *Server) flushOutput() {
	s.outBuf.mu.Lock()
	text := string(s.outBuf.buf)
	s.outBuf.buf = s.outBuf.buf[:0]
	s.outBuf.mu.Unlock()
	if text != "" {
		s.emit("output", dap.OutputEventBody{Category: "stdout", Output: text})
	}
}

// logOutput receives log point messages.
func (s *Server) logOutput(text string, _ uint64) {
	s.flushOutput()
	s.emit("output", dap.OutputEventBody{Category: "console", Output: text})
}

// progressState tracks the progress report of a long search.
type progressState struct {
	mu      sync.Mutex
	started bool
	last    int // last percentage sent
	n       int // progress ids issued
}

// reportProgress receives reverse-search progress from the session.
func (s *Server) reportProgress(done, total uint64) {
	if !s.client.SupportsProgressReporting || total == 0 {
		return
	}
	p := &s.progress
	p.mu.Lock()
	pct := int(min(done*100/total, 100))
	start := !p.started
	if start {
		p.started, p.n, p.last = true, p.n+1, pct
	}
	update := !start && pct >= p.last+5
	if update {
		p.last = pct
	}
	id := progressID(p.n)
	p.mu.Unlock()
	if start {
		s.emit("progressStart", dap.ProgressStartEventBody{ProgressId: id, Title: "Searching history backwards",
			Cancellable: true, Percentage: pct})
	}
	if update {
		s.emit("progressUpdate", dap.ProgressUpdateEventBody{ProgressId: id, Percentage: pct})
	}
}

// endProgress closes an open progress report.
func (s *Server) endProgress() {
	p := &s.progress
	p.mu.Lock()
	started := p.started
	p.started = false
	id := progressID(p.n)
	p.mu.Unlock()
	if started {
		s.emit("progressEnd", dap.ProgressEndEventBody{ProgressId: id})
	}
}

func progressID(n int) string { return "rewind-search-" + string(rune('0'+n%10)) }
