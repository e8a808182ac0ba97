// Package checkpoint makes a vm.Machine's run reversible: a Timeline keeps
// periodic copy-on-write snapshots and a log of every outside input, so any
// moment between the start and the furthest point reached can be revisited
// exactly, quickly, in bounded memory. It also reads and writes recordings.
//
// # Time and history
//
// Time is the machine's step count (vm.Machine.Time). History is [Start,
// End]: End is the furthest time reached. Now is the machine's position.
// The machine state at time T is exactly what it was the first time the
// run passed T: re-execution restores the nearest checkpoint at or before T
// and runs forward, feeding the input log.
//
//	tl := checkpoint.New(m, checkpoint.Options{Output: sink}) // after m.LoadELF
//	st := tl.Run(checkpoint.Forever)   // forward: a hit, exit, idle, or Pause
//	tl.Seek(t)                         // any t in [Start, End]
//	tl.StepBack(1)                     // = Seek(Now-1)
//	st, found, err := tl.ReverseContinue()
//
// # Stop conditions
//
// SetConditions installs breakpoints (any hart or one hart), watchpoints
// (read, write or access of an address range), trap stops and an optional
// Predicate evaluated at each hit (conditions and hit counts of the
// debugger above live there). Run stops after a watchpoint access and
// after trap entry; ReverseContinue lands before the instruction that made
// the access or trapped (Stop.Time), so the old value is visible, and it
// never reports the position it starts from. Pause, from any goroutine,
// stops Run (StopPause) or a reverse search (ErrPaused, position kept).
//
// # Input, output and forks
//
// Every outside input is an Event stamped with the time it takes effect;
// the state at T includes the events stamped T. UARTInput, WriteMemory and
// SetRegister (all through Input) apply at Now and extend the log at the end
// of history. Before the end they change the past: the future (later
// checkpoints, events and output) is discarded, End becomes Now, and they
// return forked=true (Forks lists these). UART output reaches
// Options.Output only the first time it is produced, never on re-execution;
// Output(from, to) returns it with the time of each byte: the time of the
// store instruction that sent it (the time before that step, as a write
// watchpoint on the UART's transmit register reports it).
//
// # Checkpoints and reverse search
//
// Checkpoints are taken every Options.Interval steps at the frontier (at
// multiples of it). With a budget (the default) every checkpoint is kept
// until they hold Options.Budget bytes; then the least useful are evicted.
// Memory is counted by owner: each page version belongs to the oldest
// checkpoint holding it, and moves to the next one when that is evicted,
// so the budget is a real bound. Without a budget, older checkpoints are
// thinned so that spacing doubles each time the age doubles (O(log L) in
// all). The start checkpoint is never evicted. A small seek cache adds
// checkpoints at geometrically growing distances back from each seek
// target, so repeated steps back deep in history replay only a few
// thousand steps.
//
// Each segment between checkpoints carries a summary (vm.Activity: code
// pages executed, RAM pages written). SearchBack is the one reverse
// search: it visits the hits of its conditions newest first, in windows
// growing back from Now (cost proportional to the distance of the answer),
// skipping segments whose summary rules out every breakpoint and write
// watchpoint, and holding a bounded number of hits (a window that hits
// often is searched by halves, the later half first). ReverseContinue and
// ReverseRun use it; ARCHITECTURE.md describes it in full.
//
// # Recordings
//
// A Recording holds the firmware's sha256 (and optionally the ELF), the
// board configuration, the input log, the end time, how the run ended, and
// the length and sha256 of its UART output. WriteRecording is crash-safe
// (temporary file, fsync, rename); ReadRecording refuses files that are
// not recordings, of another format version, damaged or truncated (sha256
// of the whole file), or inconsistent; CheckFirmware refuses another
// firmware. Timeline.Recording describes a history; LoadEvents replays one.
package checkpoint
