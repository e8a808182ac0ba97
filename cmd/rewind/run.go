package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"runtime/debug"
	"time"

	"github.com/rewind-debugger/rewind/vm"
)

// Exit codes of rewind run besides the firmware's own.
const (
	exitFault = 1   // the firmware faulted with no usable trap handler, or a server failed
	exitUsage = 2   // bad command line, or an unreadable ELF or recording
	exitLimit = 124 // --max-instructions reached (as timeout(1) does)
)

// runBatch is how many steps run between looks at stdin and flushes of stdout.
const runBatch = 1 << 20

type runOptions struct {
	harts   int
	maxInst uint64
	ramMiB  uint
	demo    demoFlag
	stats   bool
	path    string
	board   string // "" : chosen from the ELF
	semi    semihostFlags
	noJIT   bool // --no-jit
}

// boardFlag adds --board to fs.
func boardFlag(fs *flag.FlagSet, board *string) {
	fs.StringVar(board, "board", "", "board to run on: a built-in board's name ('rewind boards' lists them) or a board file's `NAME|FILE` (default: from the ELF's machine, RISC-V -> virt, ARM -> mps2-an385, hard-float ARM -> mps2-an386, FPv5 hard-float ARM -> mps2-an500)")
}

func parseRunFlags(name string, args []string, s stdio) (runOptions, error) {
	var o runOptions
	fs := flag.NewFlagSet("rewind "+name, flag.ContinueOnError)
	fs.SetOutput(s.Err)
	fs.IntVar(&o.harts, "harts", 1, "number of harts (CPUs)")
	fs.Uint64Var(&o.maxInst, "max-instructions", 0, "stop after this many instructions (0: no limit)")
	fs.UintVar(&o.ramMiB, "ram", 128, "RAM size in MiB")
	fs.Var(&o.demo, "demo", demoUsage("run"))
	fs.BoolVar(&o.stats, "stats", false, "print instructions executed and speed on stderr")
	boardFlag(fs, &o.board)
	fs.BoolVar(&o.noJIT, "no-jit", false, "run the firmware by the interpreter only, never by blocks compiled to host code (same results, slower: for comparisons)")
	o.semi.add(fs, true)
	fs.Usage = func() {
		fmt.Fprintf(s.Err, "usage: rewind %s [flags] firmware.elf\n", name)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return o, err
	}
	if fs.NArg() > 1 {
		return o, fmt.Errorf("expected one firmware file, got %d arguments", fs.NArg())
	}
	o.path = o.demo.takeArg(fs.Arg(0))
	if o.harts < 1 || o.harts > 64 {
		return o, fmt.Errorf("--harts must be between 1 and 64, got %d", o.harts)
	}
	if o.ramMiB < 1 || o.ramMiB > 2048 {
		return o, fmt.Errorf("--ram must be between 1 and 2048 MiB, got %d", o.ramMiB)
	}
	return o, nil
}

func runMain(args []string, s stdio) int {
	// A run builds its machine at the start and allocates little after, so
	// the collector has little to free; each collection scans the board's
	// page tables, faulting their untouched pages in (a Cortex-M board's
	// 544 MiB window: 25 ms of a 0.2 s run). A run's heap stays small:
	// collect four times less often.
	defer debug.SetGCPercent(debug.SetGCPercent(400))
	o, err := parseRunFlags("run", args, s)
	if err != nil {
		if !errors.Is(err, flag.ErrHelp) {
			fmt.Fprintf(s.Err, "rewind run: %v\n", err)
		}
		return exitUsage
	}
	data, name, err := loadFirmware(o.path, o.demo)
	if err != nil {
		fmt.Fprintf(s.Err, "rewind run: %v\n", err)
		return exitUsage
	}
	m, err := newBoard(data, o)
	if err != nil {
		fmt.Fprintf(s.Err, "rewind run: %s: %v\n", name, err)
		return exitUsage // not a loadable ELF (the README promises 2)
	}
	out := bufio.NewWriter(s.Out)
	m.SetUARTOutput(func(b byte) { out.WriteByte(b) })
	reportMMIO(m, out, s.Err)
	start := time.Now()
	stop := runLive(m, o.maxInst, newInputPump(s.In), out)
	out.Flush()
	if o.stats {
		printStats(s.Err, m.Time(), time.Since(start))
	}
	return reportStop(s.Err, stop, data, m)
}

// newBoard builds the board (--board, else the one the ELF is for; --ram
// sizes virt's RAM) and loads the firmware into it.
func newBoard(data []byte, o runOptions) (*vm.Machine, error) {
	b, err := vm.BoardForELF(data, o.board)
	if err != nil {
		return nil, err
	}
	if b.Name == "virt" {
		b = vm.VirtBoard(uint32(o.ramMiB) << 20)
	}
	m, err := vm.NewMachine(b, vm.Config{Harts: o.harts, FatalTraps: true,
		NoSemihosting: o.semi.off, SemihostDir: o.semi.dir, NoJIT: o.noJIT})
	if err != nil {
		return nil, fmt.Errorf("building the board: %w", err)
	}
	if _, err := m.LoadELF(data); err != nil {
		return nil, err
	}
	return m, nil
}

// runLive runs m until it exits, faults or reaches maxInst (0: no limit),
// feeding it stdin between batches and flushing its output.
func runLive(m *vm.Machine, maxInst uint64, in *inputPump, out *bufio.Writer) vm.Stop {
	for {
		until := m.Time() + runBatch
		if maxInst != 0 && until > maxInst {
			until = maxInst
		}
		if b := in.poll(); len(b) > 0 {
			m.UARTInput(b)
		}
		st := m.Run(until)
		out.Flush()
		switch st.Reason {
		case vm.StopLimit:
			if maxInst != 0 && m.Time() >= maxInst {
				return st
			}
		case vm.StopIdle:
			// Every hart sleeps and no timer is armed: only input can wake it.
			b, ok := in.wait()
			if !ok {
				return st
			}
			m.UARTInput(b)
		case vm.StopBreakpoint, vm.StopWatchpoint, vm.StopTrap:
			// Not armed by rewind run; keep going.
		default:
			return st
		}
	}
}

func printStats(w io.Writer, n uint64, d time.Duration) {
	mips := float64(n) / d.Seconds() / 1e6
	fmt.Fprintf(w, "rewind: %d instructions in %.3f s (%.1f million instructions/s)\n", n, d.Seconds(), mips)
}
