//go:build integration

package gdbserver

import (
	"context"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// TestGDBShowsRefusal: gdb-multiarch connecting while another client is
// served prints the stub's reason.
func TestGDBShowsRefusal(t *testing.T) {
	addr := listenFake(t, newFake(1), time.Hour)
	first := dialGDB(t, addr)
	if r := first.rt("qC"); r != "QC1" {
		t.Fatalf("qC: %q", r)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	out, _ := exec.CommandContext(ctx, "gdb-multiarch", "-nx", "-batch", "-ex", "target remote "+addr).CombinedOutput()
	if !strings.Contains(string(out), "Remote failure reply: E.rewind gdbserver serves one client at a time") {
		t.Errorf("gdb printed:\n%s", out)
	}
}
