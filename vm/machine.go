package vm

import (
	"fmt"
	"slices"
	"sort"
	"sync/atomic"

	"github.com/rewind-debugger/rewind/vm/device"
)

// Machine-wide constants of the time model and scheduler.
const (
	DefaultRAMBase      = 0x80000000
	DefaultRAMSize      = 128 << 20
	HartQuantum         = 1000 // steps a hart runs before the next one gets its turn
	InstructionsPerTick = 10   // steps per mtime tick at the default DefaultInstructionsPerSecond
	maxBatch            = 1 << 16
	maxHarts            = 64
)

// Config selects the machine to build.
type Config struct {
	Harts      int    // default 1
	RAMBase    uint32 // default 0x80000000
	RAMSize    uint32 // default 128 MiB; pages (4 KiB) allocated on first touch
	FatalTraps bool   // stop with StopFatal on an unusable trap handler

	// NoSemihosting turns semihosting off: the semihosting trap then
	// behaves as on QEMU without -semihosting.
	NoSemihosting bool
	// SemihostDir, if set, is the only host directory semihosting may
	// open files in (beyond the console); empty refuses host files.
	SemihostDir string
	// NoJIT runs every block by its interpreter, never by compiled host
	// code (jit.go): for differential tests and measurements.
	NoJIT bool
}

// Machine is a whole board: harts, RAM, devices and the deterministic clock.
type Machine struct {
	cfg   Config
	board Board
	harts []*Hart
	mem   *memory
	devs  []mapped // sorted by base
	clint clintDev
	plic  plicDev
	uart  uartDev

	time         uint64 // steps since reset
	mtimeOffset  uint64 // mtime = time/stepsPerTick + mtimeOffset
	stepsPerTick uint64 // steps per mtime tick (from Board.InstructionsPerSecond)
	ips          uint64 // steps per virtual second (Board.ips, looked up once: the run loop asks at every batch)
	cur          int    // scheduler: hart whose turn it is
	qleft        uint64 // scheduler: steps left in its quantum
	inflight     uint64 // steps of the running batch not yet added to time
	exit         exitState

	// Stop machinery (not state).
	pending   bool
	stop      Stop
	brk       bool     // a slow path asks the executor to end the batch
	brkPC     uint32   // pc of the instruction that ended the batch
	resvPages []uint32 // pages flagged pfResv
	watchHit  bool
	watchStop Stop
	exitReq   bool
	exitCode  int
	trapStops bool
	skipBP    bool
	noBP      bool
	paused    atomic.Bool
	bps       map[uint32]bool
	watches   []watch
	uartOut   func(byte)
	noFast    bool // test hook: no predecoded slots, so every step takes the full switch
	act       activity
	jit       jitState // compiled blocks' code memory (jit.go; a cache, not state)

	// Semihosting (semihost.go): the call a core makes for a semihosting
	// trap, nil when disabled; the state it keeps; the loaded image parts.
	semihost func(op, param uint32) (uint32, error)
	shState  *device.Semihost
	loaded   []span

	// Peripherals (peripherals.go): the interrupt controller's inputs when
	// it is not the PLIC (set by a core with its own controller, before the
	// peripherals are built), devices driven by time, OR gates, and the
	// unknown-MMIO report (not state).
	irqLines   func(irq int) device.IRQLine
	timed      []device.Timed
	orGates    map[int]*orGate
	mmioReport func(MMIOAccess)
	mmioSeen   map[uint32]bool

	// Cortex-M boards (arm is false on RISC-V boards).
	arm         bool
	armCfg      armConfig
	armResetReq bool      // AIRCR.SYSRESETREQ written during the batch
	armIO       uint64    // 1 during a Cortex-M device access (see armNow)
	image       []segment // the loaded ELF's segments, written again on a system reset
}

// NewVirt builds QEMU's virt board: test device 0x00100000, CLINT
// 0x02000000, PLIC 0x0c000000, UART 0x10000000 (PLIC irq 10), RAM at
// cfg.RAMBase (default 0x80000000).
func NewVirt(cfg Config) (*Machine, error) {
	b := VirtBoard(cfg.RAMSize)
	if cfg.RAMBase != 0 {
		b.RAMBase, b.HeapBase = cfg.RAMBase, cfg.RAMBase
	}
	return NewMachine(b, cfg)
}

// NewMachine builds a machine from a board description. cfg.RAMBase and
// cfg.RAMSize are ignored in favour of the board's.
func NewMachine(b Board, cfg Config) (*Machine, error) {
	if cfg.Harts == 0 {
		cfg.Harts = 1
	}
	if cfg.Harts < 0 || cfg.Harts > maxHarts {
		return nil, fmt.Errorf("harts: %d is not between 1 and %d", cfg.Harts, maxHarts)
	}
	if err := b.check(); err != nil {
		return nil, err
	}
	cfg.RAMBase, cfg.RAMSize = b.RAMBase, b.RAMSize
	m := &Machine{cfg: cfg, board: b, mem: newMemory(b.RAMBase, b.RAMSize), bps: map[uint32]bool{}, qleft: HartQuantum}
	m.stepsPerTick, m.ips = b.stepsPerTick(), b.ips()
	for i := 0; i < cfg.Harts; i++ {
		m.harts = append(m.harts, &Hart{id: i, m: m})
	}
	m.setupRegions()
	if isARMCPU(b.CPU) {
		if cfg.Harts != 1 {
			return nil, fmt.Errorf("board %q: a Cortex-M board has one core, not %d", b.Name, cfg.Harts)
		}
		m.setupARM(b) // before the devices: they take their lines from the NVIC
	}
	if err := m.buildDevices(); err != nil {
		return nil, err
	}
	if err := m.addUnimplemented(); err != nil {
		return nil, err
	}
	m.initSemihost()
	m.updateMIP() // mip is derived from the devices, as after Restore
	return m, nil
}

func (m *Machine) buildDevices() error {
	b := m.board
	// Interrupt controllers first: the UART needs the PLIC.
	order := []string{KindCLINT, KindPLIC, KindFE310PLIC, KindUART, KindTest}
	byKind := map[string]BoardDevice{}
	for _, d := range b.Devices {
		byKind[d.Kind] = d
	}
	for _, kind := range order {
		d, ok := byKind[kind]
		if !ok {
			continue
		}
		var dev device.Device
		switch kind {
		case KindCLINT:
			m.clint = newCLINT(len(m.harts), clock{m})
			dev = m.clint
		case KindPLIC, KindFE310PLIC:
			m.plic = newPLICKind(len(m.harts), kind)
			dev = m.plic
		case KindUART:
			m.uart = newUART(m.plic.Line(d.IRQ))
			m.uart.SetOutput(m.uartByte)
			dev = m.uart
		case KindTest:
			dev = newTestDevice(exiter{m})
		}
		md := mapped{base: d.Base, size: dev.Size(), dev: dev}
		md.chk, _ = dev.(device.AccessChecker)
		if uint64(md.base)+uint64(md.size) > 1<<32 {
			return fmt.Errorf("board %q: device %s at %#x does not fit below 4 GiB", b.Name, kind, d.Base)
		}
		m.devs = append(m.devs, md)
	}
	if err := m.buildPeripherals(); err != nil {
		return err
	}
	sort.Slice(m.devs, func(i, j int) bool { return m.devs[i].base < m.devs[j].base })
	all := slices.Clone(m.devs)
	for _, r := range b.regions() {
		all = append(all, mapped{base: r.Base, size: r.Size})
	}
	sort.Slice(all, func(i, j int) bool { return all[i].base < all[j].base })
	for i := 1; i < len(all); i++ {
		if uint64(all[i-1].base)+uint64(all[i-1].size) > uint64(all[i].base) {
			return fmt.Errorf("board %q: regions at %#x and %#x overlap", b.Name, all[i-1].base, all[i].base)
		}
	}
	return nil
}

func (m *Machine) uartByte(b byte) {
	if m.uartOut != nil {
		m.uartOut(b)
	}
}

// exitState records that the guest ended the run through the test device:
// from then on Run returns StopExit at once. It is state (snapshots keep it).
type exitState struct {
	done bool
	hart int
	pc   uint32
	code int
}

// stop returns the StopExit the machine reports once it has exited.
func (e exitState) stop(time uint64) Stop {
	return Stop{Reason: StopExit, Hart: e.hart, PC: e.pc, Time: time, ExitCode: e.code}
}

// clock gives devices the machine's deterministic mtime.
type clock struct{ m *Machine }

// MTime returns mtime as of the step running now (the accessing step).
func (c clock) MTime() uint64 { return c.m.mtimeAt(c.m.time + c.m.inflight) }

// SetMTime makes mtime read v at the step running now, by moving the
// offset between the step count and mtime.
func (c clock) SetMTime(v uint64) {
	c.m.mtimeOffset = v - (c.m.time+c.m.inflight)/c.m.stepsPerTick
}

// exiter receives the test device's exit request.
type exiter struct{ m *Machine }

// Exit records the guest's exit request and ends the running batch; the
// executor turns it into a StopExit at the batch end.
func (e exiter) Exit(code int) {
	e.m.exitReq = true
	e.m.exitCode = code
	e.m.brk = true
}

func (m *Machine) mtimeAt(t uint64) uint64 { return t/m.stepsPerTick + m.mtimeOffset }

// Config returns the configuration the machine was built with.
func (m *Machine) Config() Config { return m.cfg }

// Board returns the board description the machine was built from.
func (m *Machine) Board() Board { return m.board }

// Harts returns the number of harts.
func (m *Machine) Harts() int { return len(m.harts) }

// Hart returns hart i, or nil if there is none.
func (m *Machine) Hart(i int) *Hart {
	if i < 0 || i >= len(m.harts) {
		return nil
	}
	return m.harts[i]
}

// Time returns the number of steps since reset. Called from a device
// callback (the UART output hook) during Run, it is the time of the step
// that made the device access: the time before that instruction, as in a
// watchpoint's Stop.Time.
func (m *Machine) Time() uint64 { return m.time + m.inflight }

// MTime returns the guest timer's current value (inside a device callback,
// at the accessing step, like Time).
func (m *Machine) MTime() uint64 { return m.mtimeAt(m.time + m.inflight) }

// SetUARTOutput sets the function called for each byte the UART transmits.
// It is not part of the machine's state. Inside f, Time is the time of the
// store that transmitted the byte.
func (m *Machine) SetUARTOutput(f func(b byte)) { m.uartOut = f }

// UARTInput queues bytes into the UART receiver now.
func (m *Machine) UARTInput(b []byte) {
	if m.uart != nil {
		m.uart.Input(b)
		m.updateMIP()
	}
	m.semihostInput(b)
}

// Pause makes a running Run return StopPause soon (within one batch of at
// most 65536 steps). Safe from any goroutine. A Pause that arrives while
// nothing runs is kept (so one racing with the start of a Run is not lost):
// the next Run, RunFrom or Step returns StopPause at once, without a step.
// ClearPause drops it.
func (m *Machine) Pause() { m.paused.Store(true) }

// ClearPause drops a Pause request not yet honoured. Safe from any goroutine.
func (m *Machine) ClearPause() { m.paused.Store(false) }

// SetTrapStops makes Run stop after every trap entry.
func (m *Machine) SetTrapStops(on bool) { m.trapStops = on }

// updateMIP recomputes every hart's interrupt-pending bits from the devices
// and wakes harts waiting in wfi. It reports whether any mip changed.
func (m *Machine) updateMIP() (changed bool) {
	if m.arm {
		return m.armUpdate()
	}
	m.syncTimed()
	mt := m.mtimeAt(m.time + m.inflight)
	for i, h := range m.harts {
		var p uint32
		if m.plic != nil && m.plic.Pending(2*i) {
			p |= mipMEIP
		}
		if m.clint != nil {
			if m.clint.MSIP(i) {
				p |= mipMSIP
			}
			if mt >= m.clint.MTimeCmp(i) {
				p |= mipMTIP
			}
		}
		changed = changed || h.mip != p
		h.mip = p
		if h.waiting && p&h.mie != 0 {
			h.waiting = false // wfi ends when an enabled interrupt is pending
		}
	}
	return changed
}
