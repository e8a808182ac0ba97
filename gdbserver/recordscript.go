package gdbserver

import _ "embed" // the record script below

//go:embed eclipse/rewind-record.py
var recordScriptFile []byte

// RecordScript returns eclipse/rewind-record.py, the gdb script that makes
// gdb's "record" commands succeed as no-ops. Eclipse CDT enables its
// reverse buttons only after a "record" command succeeds, and gdb refuses
// it for RISC-V, so CDT users load this script in their launch's
// Initialization Commands.
func RecordScript() []byte { return append([]byte(nil), recordScriptFile...) }
