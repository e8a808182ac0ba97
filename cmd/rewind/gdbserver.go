package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"

	"github.com/rewind-debugger/rewind/debugger"
	"github.com/rewind-debugger/rewind/gdbserver"
)

// gdbserverMainImpl implements "rewind gdbserver [--listen ADDR] [--harts N]
// [--recording run.rwd] firmware.elf": it serves the GDB remote protocol,
// reverse execution included, one connection at a time. "rewind gdbserver
// --record-script" prints the gdb script Eclipse CDT needs instead.
func gdbserverMainImpl(args []string, s stdio) int {
	fs := flag.NewFlagSet("rewind gdbserver", flag.ContinueOnError)
	fs.SetOutput(s.Err)
	listen := fs.String("listen", "127.0.0.1:3333", "address to listen on (loopback unless given explicitly)")
	harts := fs.Int("harts", 1, "number of harts (gdb threads)")
	recording := fs.String("recording", "", "debug this recording instead of a live run")
	var board string
	boardFlag(fs, &board)
	verbose := fs.Bool("v", false, "log every packet")
	script := fs.Bool("record-script", false, "print the gdb script Eclipse CDT's reverse buttons need, and exit")
	idle := idleFlag(fs)
	var semi semihostFlags
	semi.add(fs, false)
	if err := fs.Parse(args); err != nil {
		return exitUsage
	}
	if *script {
		s.Out.Write(gdbserver.RecordScript())
		return 0
	}
	if fs.NArg() > 1 || (fs.NArg() == 0 && *recording == "") {
		fmt.Fprintln(s.Err, "usage: rewind gdbserver [--listen 127.0.0.1:3333] [--harts N] [--idle-timeout 5m] [--recording run.rwd] firmware.elf")
		return exitUsage
	}
	level := slog.LevelInfo
	if *verbose {
		level = slog.LevelDebug
	}
	log := slog.New(slog.NewTextHandler(s.Err, &slog.HandlerOptions{Level: level}))
	target, err := gdbTarget(debugger.Program{ELFPath: fs.Arg(0), RecordingPath: *recording},
		debugger.Options{Harts: *harts, Board: board, NoSemihosting: semi.off}, s.Out, log.With("component", "session"))
	if err != nil {
		fmt.Fprintf(s.Err, "rewind gdbserver: %v\n", err)
		return exitFault
	}
	l, err := net.Listen("tcp", *listen)
	if err != nil {
		fmt.Fprintf(s.Err, "rewind gdbserver: %v\n", err)
		return exitFault
	}
	defer l.Close()
	elfName := fs.Arg(0)
	if elfName == "" {
		elfName = "firmware.elf"
	}
	fmt.Fprintf(s.Out, "rewind gdbserver: listening on %s; connect with:\n  gdb-multiarch %s -ex 'target remote %s'\n"+
		"Eclipse CDT: its reverse buttons stay disabled unless gdb first runs 'source rewind-record.py'\n"+
		"  (Startup > Initialization Commands); 'rewind gdbserver --record-script > rewind-record.py' writes it.\n",
		l.Addr(), elfName, l.Addr())
	srv := gdbserver.New(target, log.With("component", "gdbserver"))
	srv.SetIdleTimeout(*idle)
	if err := srv.Serve(l); err != nil {
		fmt.Fprintf(s.Err, "rewind gdbserver: %v\n", err)
		return exitFault
	}
	return 0
}

// gdbTarget opens the firmware through the debugger, as the other
// front-ends do: a live run of the ELF, or the replay of a recording
// (forward runs then stop at its end, unless it ended in an exit or halt).
// UART output goes to out and to gdb's console.
func gdbTarget(prog debugger.Program, opt debugger.Options, out io.Writer, log *slog.Logger) (*gdbserver.SessionTarget, error) {
	opt.CheckpointInterval = gdbCheckpointInterval
	w := bufio.NewWriter(out)
	var target *gdbserver.SessionTarget
	opt.Output = func(b byte, _ uint64) {
		w.WriteByte(b)
		if b == '\n' || w.Buffered() > 256 {
			w.Flush()
		}
		if target != nil {
			target.Output(b) // also to gdb's console
		}
	}
	s, err := debugger.Open(prog, opt)
	if err != nil {
		return nil, err
	}
	target = gdbserver.NewSessionTarget(s, log) // fork notices go to stderr too
	return target, nil
}

// gdbCheckpointInterval is the checkpoint spacing for gdb sessions: gdb
// builds reverse-step and reverse-next out of many one-instruction steps
// back, each of which replays from the nearest checkpoint, so they are
// denser than the timeline's default.
const gdbCheckpointInterval = 1 << 16
