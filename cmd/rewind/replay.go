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

// replayMainImpl implements "rewind replay [--elf firmware.elf] [--board
// NAME|FILE] run.rwd": it re-runs a recording on the board it was made on
// (the recording keeps it), feeding its input log, and reproduces the same
// output and exit code without reading any input. It fails if the replay
// does not end exactly as recorded. --board names the board to replay on,
// which must build the same machine as the recorded one.
func replayMainImpl(args []string, s stdio) int {
	fs := flag.NewFlagSet("rewind replay", flag.ContinueOnError)
	fs.SetOutput(s.Err)
	elfPath := fs.String("elf", "", "firmware ELF (needed unless the recording embeds it)")
	var board string
	fs.StringVar(&board, "board", "", "replay on this built-in board or board `NAME|FILE`, which must build the same machine as the recording's (default: the recording's)")
	var semi semihostFlags
	semi.add(fs, true) // a run that used host files needs them again
	if err := fs.Parse(args); err != nil {
		return exitUsage
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(s.Err, "usage: rewind replay [--elf firmware.elf] [--board NAME|FILE] run.rwd")
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
	b, err := replayBoard(rec, board)
	if err != nil {
		fmt.Fprintf(s.Err, "rewind replay: %v\n", err)
		return exitUsage
	}
	cfg := vm.Config{Harts: rec.Harts, FatalTraps: true, NoSemihosting: rec.NoSemihosting, SemihostDir: semi.dir}
	m, err := vm.NewMachine(b, cfg)
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
		fmt.Fprintf(s.Err, "rewind replay: the replay diverged from the recording: it ended at %d instructions (%v) with %d output bytes; recorded: %d (%v), %d bytes%s\n",
			tl.Now(), got, n, rec.End, rec.Status, rec.OutputLen, modelsHint(rec.Models))
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

// replayBoard returns the board to replay on: the recording's, or the
// one --board names if it builds the same machine.
func replayBoard(rec *checkpoint.Recording, name string) (vm.Board, error) {
	recorded, err := recordedBoard(rec)
	if err != nil {
		return vm.Board{}, fmt.Errorf("the recording's board: %w", err)
	}
	if name == "" {
		return recorded, nil
	}
	b, err := vm.ResolveBoard(name)
	if err != nil {
		return vm.Board{}, err
	}
	if _, err := vm.BoardByName(name); err == nil && b.Name == "virt" { // the built-in's RAM is a setting of the run, kept beside
		b = virtOf(rec)
	}
	if d := vm.BoardDifference(recorded, b, "in the recording", "in --board "+name); d != "" {
		return vm.Board{}, fmt.Errorf("--board %s is not the board the recording was made on (%s): %s", name, recorded.Name, d)
	}
	return b, nil
}

// recordedBoard rebuilds the board a recording was made on.
func recordedBoard(rec *checkpoint.Recording) (vm.Board, error) {
	if rec.Board == "" || rec.Board == "virt" {
		return virtOf(rec), nil
	}
	return vm.BoardFromSpec(rec.Board)
}

// virtOf is the virt board with the recording's RAM.
func virtOf(rec *checkpoint.Recording) vm.Board {
	b := vm.VirtBoard(rec.RAMSize)
	if rec.RAMBase != 0 {
		b.RAMBase, b.HeapBase = rec.RAMBase, rec.RAMBase
	}
	return b
}

// modelsHint explains a divergence by a change of the board models since
// the recording was made, when there was one.
func modelsHint(recorded uint32) string {
	switch {
	case recorded == vm.ModelsVersion:
		return ""
	case recorded == 0:
		return fmt.Sprintf("; the recording predates board-model versions (this Rewind's models are version %d): a model changed since may explain it", vm.ModelsVersion)
	}
	return fmt.Sprintf("; the recording was made with board models version %d, this Rewind has version %d: a model changed since may explain it", recorded, vm.ModelsVersion)
}
