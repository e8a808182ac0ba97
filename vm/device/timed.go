package device

// Ticker gives devices the machine's virtual time as ticks of a clock of
// their own frequency, derived from the step count (see vm's
// Board.InstructionsPerSecond). No host clock ever reaches a device.
type Ticker interface {
	// Ticks returns how many whole periods of a hz clock have passed
	// since reset, as of the step running now.
	Ticks(hz uint64) uint64
}

// Timed is implemented by devices whose outputs change with time alone
// (timers). The machine bounds its batches by NextEvent and calls Sync at
// every batch boundary, so interrupt lines change at the exact step.
type Timed interface {
	// NextEvent returns the tick of a hz clock (Ticker.Ticks) at which the
	// device next changes its outputs by itself; ok is false if it never will.
	NextEvent() (hz, tick uint64, ok bool)
	// Sync brings the device's state and interrupt lines up to the
	// current time.
	Sync()
}
