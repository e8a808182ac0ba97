package main

import (
	"bufio"
	"crypto/sha256"
	"flag"
	"fmt"
	"os"

	"github.com/rewind-debugger/rewind/checkpoint"
	"github.com/rewind-debugger/rewind/vm"
)

// replayMainImpl implements "rewind replay [--elf firmware.elf] run.rwd":
// it re-runs a recording, feeding its input log, and reproduces the same
// output and exit code without reading any input. It fails if the replay
// does not end exactly as recorded.
func replayMainImpl(args []string, s stdio) int {
	fs := flag.NewFlagSet("rewind replay", flag.ContinueOnError)
	fs.SetOutput(s.Err)
	elfPath := fs.String("elf", "", "firmware ELF (needed unless the recording embeds it)")
	var semi semihostFlags
	semi.add(fs, true) // a run that used host files needs them again
	if err := fs.Parse(args); err != nil {
		return exitUsage
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(s.Err, "usage: rewind replay [--elf firmware.elf] run.rwd")
		return exitUsage
	}
	rec, err := checkpoint.ReadRecording(fs.Arg(0))
	if err != nil {
		fmt.Fprintf(s.Err, "rewind replay: %v\n", err)
		return exitFault
	}
	elf, err := replayFirmware(rec, *elfPath)
	if err != nil {
		fmt.Fprintf(s.Err, "rewind replay: %v\n", err)
		return exitFault
	}
	if semi.off && !rec.NoSemihosting {
		fmt.Fprintln(s.Err, "rewind replay: the recording was made with semihosting on; replay it without --no-semihosting")
		return exitUsage
	}
	m, err := replayMachine(rec, semi)
	if err == nil {
		_, err = m.LoadELF(elf)
	}
	if err != nil {
		fmt.Fprintf(s.Err, "rewind replay: %v\n", err)
		return exitFault
	}
	out := bufio.NewWriter(s.Out)
	sum := sha256.New()
	var n uint64
	tl := checkpoint.New(m, checkpoint.Options{Output: func(b byte) {
		out.WriteByte(b)
		sum.Write([]byte{b})
		n++
	}})
	if err := tl.LoadEvents(rec.Events); err != nil {
		fmt.Fprintf(s.Err, "rewind replay: %v\n", err)
		return exitFault
	}
	st := tl.Run(rec.End)
	if st.Reason == vm.StopLimit && (rec.Status.Kind == checkpoint.StatusFatal || rec.Status.Kind == checkpoint.StatusIdle) {
		st = tl.Run(rec.End + 1) // a fatal or idle stop takes no step: look once more at the end
	}
	out.Flush()
	got := rec.Status
	if st.Reason != vm.StopLimit || rec.Status.Kind != checkpoint.StatusStopped {
		got = checkpoint.StatusOf(st)
	}
	var h [32]byte
	copy(h[:], sum.Sum(nil))
	if tl.Now() != rec.End || got != rec.Status || n != rec.OutputLen || h != rec.OutputHash {
		fmt.Fprintf(s.Err, "rewind replay: the replay diverged from the recording: it ended at %d instructions (%v) with %d output bytes; recorded: %d (%v), %d bytes\n",
			tl.Now(), got, n, rec.End, rec.Status, rec.OutputLen)
		return exitFault
	}
	if rec.Status.Kind == checkpoint.StatusStopped {
		fmt.Fprintf(s.Err, "rewind replay: end of the recording (the recorded run was interrupted at %d instructions)\n", rec.End)
		return exitInterrupted
	}
	return reportStop(s.Err, st, elf, m)
}

// replayFirmware returns the ELF to replay with: the one named on the
// command line, which must match the recording, or the embedded one.
func replayFirmware(rec *checkpoint.Recording, path string) ([]byte, error) {
	if path == "" {
		if len(rec.ELF) == 0 {
			return nil, fmt.Errorf("the recording does not embed the firmware: pass --elf firmware.elf")
		}
		return rec.ELF, nil
	}
	elf, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("reading firmware: %w", err)
	}
	if err := rec.CheckFirmware(elf); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return elf, nil
}

// replayMachine builds the board the recording was made on.
func replayMachine(rec *checkpoint.Recording, semi semihostFlags) (*vm.Machine, error) {
	cfg := vm.Config{Harts: rec.Harts, FatalTraps: true, NoSemihosting: rec.NoSemihosting, SemihostDir: semi.dir}
	if rec.Board == "" || rec.Board == "virt" {
		cfg.RAMBase, cfg.RAMSize = rec.RAMBase, rec.RAMSize
		return vm.NewVirt(cfg)
	}
	b, err := vm.BoardFromSpec(rec.Board)
	if err != nil {
		return nil, err
	}
	return vm.NewMachine(b, cfg)
}
