// Package gdbserver speaks the GDB Remote Serial Protocol, reverse execution
// included, so that gdb (and every front-end that drives gdb, Eclipse CDT
// among them) can debug firmware running on the emulated board and step it
// backwards.
//
// The package has three layers:
//
//   - framing (packet.go): `$data#cs` packets, `+`/`-` acknowledgements,
//     escapes, run-length decoding and the `\x03` interrupt byte;
//   - a dispatcher (server.go and the cmd_*.go files) that translates
//     packets into calls on the Target interface and holds no debugging
//     logic of its own;
//   - an adapter (SessionTarget, session*.go) from Target to a
//     debugger.Session, the same session the DAP adapter, the console and
//     JSON-RPC drive: stepping, hart-step counting, reverse searches,
//     watchpoint semantics and the end of a recording are the session's.
//     It also implements Console, so the firmware's UART output reaches
//     gdb's console, and Notices, so gdb hears when a change to the past
//     discarded the recorded future.
//
// Threads are harts: gdb thread id N is hart N-1. Registers follow gdb's
// RISC-V numbering: x0..x31 are 0..31, pc is 32, and CSR number c is 65+c.
// Breakpoint conditions compiled by gdb into agent expressions
// (agentexpr.go) are handed to the session as debugger.CondFunc
// conditions: it evaluates them at each hit, forwards and during reverse
// searches, so a false condition costs no network round trip.
package gdbserver
