package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"

	"github.com/rewind-debugger/rewind/checkpoint"
	"github.com/rewind-debugger/rewind/gdbserver"
	"github.com/rewind-debugger/rewind/vm"
)

// gdbserverMainImpl implements "rewind gdbserver [--listen ADDR] [--harts N]
// [--recording run.rwd] firmware.elf": it serves the GDB remote protocol,
// reverse execution included, one connection at a time.
func gdbserverMainImpl(args []string, s stdio) int {
	fs := flag.NewFlagSet("rewind gdbserver", flag.ContinueOnError)
	fs.SetOutput(s.Err)
	listen := fs.String("listen", "127.0.0.1:3333", "address to listen on (loopback unless given explicitly)")
	harts := fs.Int("harts", 1, "number of harts (gdb threads)")
	recording := fs.String("recording", "", "debug this recording instead of a live run")
	verbose := fs.Bool("v", false, "log every packet")
	var semi semihostFlags
	semi.add(fs, false)
	if err := fs.Parse(args); err != nil {
		return exitUsage
	}
	if fs.NArg() > 1 || (fs.NArg() == 0 && *recording == "") {
		fmt.Fprintln(s.Err, "usage: rewind gdbserver [--listen 127.0.0.1:3333] [--harts N] [--recording run.rwd] firmware.elf")
		return exitUsage
	}
	level := slog.LevelInfo
	if *verbose {
		level = slog.LevelDebug
	}
	log := slog.New(slog.NewTextHandler(s.Err, &slog.HandlerOptions{Level: level}))
	target, err := gdbTarget(fs.Arg(0), *recording, vm.Config{Harts: *harts, FatalTraps: true, NoSemihosting: semi.off},
		s.Out, log.With("component", "timeline"))
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
	fmt.Fprintf(s.Out, "rewind gdbserver: listening on %s; connect with:\n  gdb-multiarch %s -ex 'target remote %s'\n",
		l.Addr(), elfName, l.Addr())
	if err := gdbserver.New(target, log.With("component", "gdbserver")).Serve(l); err != nil {
		fmt.Fprintf(s.Err, "rewind gdbserver: %v\n", err)
		return exitFault
	}
	return 0
}

// gdbTarget builds the board and its timeline: a live run of the ELF, or
// the replay of a recording (forward runs then stop at its end).
func gdbTarget(elfPath, recPath string, cfg vm.Config, out io.Writer, log *slog.Logger) (*gdbserver.TimelineTarget, error) {
	limit := checkpoint.Forever
	var rec *checkpoint.Recording
	var elf []byte
	var err error
	if recPath != "" {
		if rec, err = checkpoint.ReadRecording(recPath); err != nil {
			return nil, err
		}
		if elf, err = replayFirmware(rec, elfPath); err != nil {
			return nil, err
		}
		cfg = vm.Config{Harts: rec.Harts, RAMBase: rec.RAMBase, RAMSize: rec.RAMSize, FatalTraps: true,
			NoSemihosting: rec.NoSemihosting}
		if k := rec.Status.Kind; k != checkpoint.StatusExit && k != checkpoint.StatusFatal {
			limit = rec.End
		}
	} else if elf, err = os.ReadFile(elfPath); err != nil {
		return nil, fmt.Errorf("reading firmware: %w", err)
	}
	m, err := vm.NewVirt(cfg)
	if err != nil {
		return nil, fmt.Errorf("building the board: %w", err)
	}
	if _, err := m.LoadELF(elf); err != nil {
		return nil, err
	}
	w := bufio.NewWriter(out)
	var target *gdbserver.TimelineTarget
	tl := checkpoint.New(m, checkpoint.Options{Interval: gdbCheckpointInterval, Output: func(b byte) {
		w.WriteByte(b)
		if b == '\n' || w.Buffered() > 256 {
			w.Flush()
		}
		if target != nil {
			target.Output(b) // also to gdb's console
		}
	}})
	if rec != nil {
		if err := tl.LoadEvents(rec.Events); err != nil {
			return nil, err
		}
	}
	target = gdbserver.NewTimelineTarget(tl, limit, log) // fork notices go to stderr too
	return target, nil
}

// gdbCheckpointInterval is the checkpoint spacing for gdb sessions: gdb
// builds reverse-step and reverse-next out of many one-instruction steps
// back, each of which replays from the nearest checkpoint, so they are
// denser than the timeline's default.
const gdbCheckpointInterval = 1 << 16
