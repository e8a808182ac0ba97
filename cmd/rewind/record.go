package main

import (
	"bufio"
	"crypto/sha256"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"sync/atomic"

	"github.com/rewind-debugger/rewind/checkpoint"
	"github.com/rewind-debugger/rewind/vm"
)

// exitInterrupted is the exit code of a recording stopped with Ctrl-C.
const exitInterrupted = 130

type recordOptions struct {
	runOptions
	out   string
	embed bool
}

func parseRecordFlags(args []string, s stdio) (recordOptions, error) {
	var o recordOptions
	fs := flag.NewFlagSet("rewind record", flag.ContinueOnError)
	fs.SetOutput(s.Err)
	fs.StringVar(&o.out, "o", "", "recording file to write (required)")
	fs.BoolVar(&o.embed, "embed-elf", true, "store the firmware itself in the recording (--embed-elf=false stores only its hash)")
	fs.IntVar(&o.harts, "harts", 1, "number of harts (CPUs)")
	fs.UintVar(&o.ramMiB, "ram", 128, "RAM size in MiB")
	fs.Var(&o.demo, "demo", demoUsage("record"))
	boardFlag(fs, &o.board)
	o.semi.add(fs, true)
	fs.Usage = func() {
		fmt.Fprintln(s.Err, "usage: rewind record -o run.rwd [flags] firmware.elf")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return o, err
	}
	switch {
	case o.out == "":
		return o, errors.New("-o run.rwd is required")
	case fs.NArg() > 1:
		return o, fmt.Errorf("expected one firmware file, got %d arguments", fs.NArg())
	case o.harts < 1 || o.harts > 64:
		return o, fmt.Errorf("--harts must be between 1 and 64, got %d", o.harts)
	case o.ramMiB < 1 || o.ramMiB > 2048:
		return o, fmt.Errorf("--ram must be between 1 and 2048 MiB, got %d", o.ramMiB)
	}
	o.path = o.demo.takeArg(fs.Arg(0))
	return o, nil
}

// recordMainImpl implements "rewind record -o run.rwd [--harts N]
// [--embed-elf=false] firmware.elf": it runs the firmware like "rewind run"
// (stdin to the UART stamped with the time it arrives, UART to stdout, the
// firmware's exit code) and saves a recording of the run.
func recordMainImpl(args []string, s stdio) int {
	o, err := parseRecordFlags(args, s)
	if err != nil {
		if !errors.Is(err, flag.ErrHelp) {
			fmt.Fprintf(s.Err, "rewind record: %v\n", err)
		}
		return exitUsage
	}
	data, name, err := loadFirmware(o.path, o.demo)
	if err != nil {
		fmt.Fprintf(s.Err, "rewind record: %v\n", err)
		return exitUsage
	}
	m, err := newBoard(data, o.runOptions)
	if err != nil {
		fmt.Fprintf(s.Err, "rewind record: %s: %v\n", name, err)
		return exitUsage // not a loadable ELF
	}
	out := bufio.NewWriter(s.Out)
	reportMMIO(m, out, s.Err)
	tl := checkpoint.New(m, checkpoint.Options{Output: func(b byte) { out.WriteByte(b) }})
	st, interrupted := recordLoop(tl, newInputPump(s.In), out)
	out.Flush()
	rec := tl.Recording()
	rec.Status = checkpoint.StatusOf(st)
	if interrupted {
		rec.Status = checkpoint.Status{Kind: checkpoint.StatusStopped, PC: st.PC}
	}
	rec.Firmware = sha256.Sum256(data)
	if o.embed {
		rec.ELF = data
	}
	if err := checkpoint.WriteRecording(o.out, rec); err != nil {
		fmt.Fprintf(s.Err, "rewind record: %v\n", err)
		return exitFault
	}
	if interrupted {
		fmt.Fprintf(s.Err, "rewind record: interrupted at %d instructions; recording saved\n", tl.Now())
		return exitInterrupted
	}
	return reportStop(s.Err, st, data, m)
}

// recordLoop runs the timeline at the end of history, feeding stdin to the
// UART as it arrives, until the guest ends, waits for input after stdin
// has ended, or the user interrupts (interrupted is then true).
func recordLoop(tl *checkpoint.Timeline, in *inputPump, out *bufio.Writer) (st vm.Stop, interrupted bool) {
	var stop atomic.Bool
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt)
	done := make(chan struct{})
	defer func() { signal.Stop(sig); close(done) }()
	go func() {
		select {
		case <-sig:
			stop.Store(true)
			tl.Pause()
		case <-done:
		}
	}()
	for {
		if b := in.poll(); len(b) > 0 {
			tl.UARTInput(b)
		}
		st = tl.Run(tl.Now() + runBatch)
		out.Flush()
		if stop.Load() {
			return st, true
		}
		switch st.Reason {
		case vm.StopExit, vm.StopFatal:
			return st, false
		case vm.StopIdle:
			b, ok := in.wait()
			if !ok {
				return st, false
			}
			tl.UARTInput(b)
		}
	}
}
