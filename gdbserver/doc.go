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
//   - an adapter (TimelineTarget, timeline*.go) from Target to the
//     checkpoint engine; it also implements Console, so the firmware's UART
//     output reaches gdb's console.
//
// Threads are harts: gdb thread id N is hart N-1. Registers follow gdb's
// RISC-V numbering: x0..x31 are 0..31, pc is 32, and CSR number c is 65+c.
// Breakpoint conditions compiled by gdb into agent expressions are
// evaluated here (agentexpr.go), on the target side, so a false condition
// costs no network round trip in either direction of execution.
package gdbserver
