package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestDebugSVDFlag: --svd names the SVD file of the console's peripheral
// commands (the demo runs on virt, whose built-in file is the default);
// a bad file is a warning with its file and line, and the session goes on
// with no peripheral names.
func TestDebugSVDFlag(t *testing.T) {
	script := writeScript(t, "p.gdb", "info peripherals\np UART0.ier\n")
	virt, _ := filepath.Abs(filepath.Join("..", "..", "svd", "testdata", "virt.svd"))
	code, out, errs := runRewind(t, "", "debug", "--batch", "--svd", virt, "-x", script)
	if code != 0 || !strings.Contains(out, "(from "+virt+")") || !strings.Contains(out, "UART0.ier = 0x00 {erbfi=0") {
		t.Errorf("--svd virt.svd: exit %d, stderr %q\n%s", code, errs, out)
	}
	code, out, _ = runRewind(t, "", "debug", "--batch", "-x", script)
	if code != 0 || !strings.Contains(out, "(from built-in virt.svd)") {
		t.Errorf("default SVD: exit %d\n%s", code, out)
	}
	bad := writeScript(t, "bad.svd", "<device>\n<name>x</name>\n<peripherals>\n<peripheral><name>P</name><baseAddress>zz</baseAddress></peripheral>\n</peripherals>\n</device>\n")
	code, _, errs = runRewind(t, "", "debug", "--batch", "--svd", bad, "-x", script)
	if code != 1 || !strings.Contains(errs, "warning: --svd: peripheral views off: bad.svd:4") || !strings.Contains(errs, "no SVD file is loaded") {
		t.Errorf("bad SVD: exit %d, stderr %q", code, errs)
	}
}
