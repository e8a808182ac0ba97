package main

import (
	"fmt"
	"strings"
	"testing"
)

// frame puts a protocol message in the Content-Length framing that DAP and
// the JSON-RPC API share.
func frame(body string) string {
	return fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(body), body)
}

// TestDAPOnStdio talks to `rewind dap` over its standard streams.
func TestDAPOnStdio(t *testing.T) {
	in := frame(`{"seq":1,"type":"request","command":"initialize","arguments":{"adapterID":"rewind"}}`) +
		frame(`{"seq":2,"type":"request","command":"disconnect","arguments":{}}`)
	code, out, errs := runRewind(t, in, "dap")
	if code != 0 || !strings.Contains(out, `"supportsStepBack":true`) {
		t.Errorf("exit %d, stderr %q, output lacks supportsStepBack:\n%s", code, errs, out)
	}
}

// TestRPCOnStdio talks to `rewind rpc` over its standard streams.
func TestRPCOnStdio(t *testing.T) {
	in := frame(`{"jsonrpc":"2.0","id":1,"method":"launch","params":{"program":"../../testdata/firmware/hello.elf"}}`) +
		frame(`{"jsonrpc":"2.0","id":2,"method":"terminate"}`)
	code, out, errs := runRewind(t, in, "rpc")
	if code != 0 || !strings.Contains(out, `"reason":"entry"`) {
		t.Errorf("exit %d, stderr %q, output lacks the entry stop:\n%s", code, errs, out)
	}
}

// TestServerFlags: --idle-timeout takes a duration; a bad one is a usage
// error; a stray argument too.
func TestServerFlags(t *testing.T) {
	for _, cmd := range []string{"dap", "rpc"} {
		if code, _, errs := runRewind(t, "", cmd, "--idle-timeout", "soon"); code != exitUsage || !strings.Contains(errs, "idle-timeout") {
			t.Errorf("%s --idle-timeout soon: exit %d, stderr %q", cmd, code, errs)
		}
		if code, _, errs := runRewind(t, "", cmd, "--idle-timeout", "1m"); code != 0 {
			t.Errorf("%s --idle-timeout 1m on stdio: exit %d, stderr %q", cmd, code, errs)
		}
		if code, _, _ := runRewind(t, "", cmd, "fw.elf"); code != exitUsage {
			t.Errorf("%s fw.elf: exit %d", cmd, code)
		}
	}
	if code, _, errs := runRewind(t, "", "gdbserver", "--idle-timeout", "soon", "fw.elf"); code != exitUsage || !strings.Contains(errs, "idle-timeout") {
		t.Errorf("gdbserver --idle-timeout soon: exit %d, stderr %q", code, errs)
	}
}
