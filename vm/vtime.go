package vm

import (
	"fmt"
	"math/bits"
)

// Virtual time: every step is 1/InstructionsPerSecond of a virtual second.
const (
	// DefaultInstructionsPerSecond is the time model of a board that does
	// not choose one: 100 million steps per virtual second, so the virt
	// board's 10 MHz mtime advances one tick every 10 steps.
	DefaultInstructionsPerSecond = 100_000_000
	// QEMUIcountInstructionsPerSecond is the model of QEMU's -icount
	// shift=0 (one instruction per virtual nanosecond). With it the virt
	// board's mtime reads what QEMU's does at the same instruction count
	// (measured with testdata/firmware/mtime.elf, see vtime_test.go).
	QEMUIcountInstructionsPerSecond = 1_000_000_000
	// mtimeHz is the virt board's CLINT timebase.
	mtimeHz = 10_000_000
)

// ips returns the board's steps per virtual second.
func (b *Board) ips() uint64 {
	if b.InstructionsPerSecond == 0 && isARMCPU(b.CPU) {
		return QEMUIcountInstructionsPerSecond // SysTick counts steps as nanoseconds
	}
	if b.InstructionsPerSecond == 0 {
		return DefaultInstructionsPerSecond
	}
	return b.InstructionsPerSecond
}

// checkTime validates the time model: on a board with a CLINT the rate
// must be a whole number of steps per mtime tick.
func (b *Board) checkTime() error {
	ips := b.ips()
	if isARMCPU(b.CPU) && ips != QEMUIcountInstructionsPerSecond {
		return fmt.Errorf("board %q: a Cortex-M board runs one step per virtual nanosecond (instructions_per_second %d), not %d", b.Name, uint64(QEMUIcountInstructionsPerSecond), ips)
	}
	for _, d := range b.Devices {
		if hz := deviceClock(d); d.Kind == KindCLINT && (ips < hz || ips%hz != 0) {
			return fmt.Errorf("board %q: %d instructions per second is not a multiple of the %d Hz mtime timebase", b.Name, ips, hz)
		}
	}
	return nil
}

// stepsPerTick is the number of steps per mtime tick (at least 1).
func (b *Board) stepsPerTick() uint64 { return max(b.ips()/b.mtimeHz(), 1) }

// InstructionsPerSecond returns the machine's time model: steps per
// virtual second.
func (m *Machine) InstructionsPerSecond() uint64 { return m.ips }

// virtualTicks converts step count t into ticks of a hz clock (rounded down).
func (m *Machine) virtualTicks(t, hz uint64) uint64 {
	hi, lo := bits.Mul64(t, hz)
	ips := m.ips
	if hi >= ips {
		return ^uint64(0)
	}
	q, _ := bits.Div64(hi, lo, ips)
	return q
}

// stepOfTick returns the first step count at which a hz clock shows tick
// (ceil(tick*ips/hz)); ok is false when it is beyond any step count.
func stepOfTick(tick, hz, ips uint64) (uint64, bool) {
	hi, lo := bits.Mul64(tick, ips)
	if hi >= hz {
		return 0, false
	}
	q, r := bits.Div64(hi, lo, hz)
	if r != 0 {
		if q == ^uint64(0) {
			return 0, false
		}
		q++
	}
	return q, true
}
