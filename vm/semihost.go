package vm

import (
	"errors"

	"github.com/rewind-debugger/rewind/vm/device"
)

// Semihosting (the Arm semihosting specification, which RISC-V adopts):
// the firmware asks the debugger for console and file services with an
// operation number and a parameter, usually the address of a block of
// 32-bit arguments. Rewind answers deterministically: output goes to the
// machine's output log (like the UART's), input comes from the input log,
// and every clock reads virtual time.

// Semihosting operation numbers.
const (
	shOpen        = 0x01
	shClose       = 0x02
	shWriteC      = 0x03
	shWrite0      = 0x04
	shWrite       = 0x05
	shRead        = 0x06
	shReadC       = 0x07
	shIsError     = 0x08
	shIsTTY       = 0x09
	shSeek        = 0x0a
	shFlen        = 0x0c
	shClock       = 0x10
	shTime        = 0x11
	shErrno       = 0x13
	shGetCmdline  = 0x15
	shHeapInfo    = 0x16
	shExit        = 0x18
	shExitExt     = 0x20
	shElapsed     = 0x30
	shTickFreq    = 0x31
	shAppExit     = 0x20026 // ADP_Stopped_ApplicationExit
	shFail        = ^uint32(0)
	shMaxString   = 1 << 16 // longest string or transfer a call may name
	shFeatureByte = 0x03    // SH_EXT_EXIT_EXTENDED | SH_EXT_STDOUT_STDERR
	// shEpoch is what SYS_TIME reads at reset (2000-01-01 00:00:00 UTC):
	// wall time advances with virtual time from there, never with the host's.
	shEpoch = 946684800
)

// Error numbers SYS_ERRNO returns (newlib's and picolibc's values).
const (
	errnoENOENT = 2
	errnoEBADF  = 9
	errnoEACCES = 13
	errnoEFAULT = 14
	errnoEINVAL = 22
	errnoESPIPE = 29
	errnoENOSYS = 88
)

// errSemihostBlocked is returned by semihostCall when a read finds no
// console input: the call has not happened. The core must leave the
// program counter on the call and wait (as in wfi); input that arrives
// later (UARTInput) wakes harts stopped on a semihosting call.
var errSemihostBlocked = errors.New("semihosting: waiting for console input")

// semihostFeatures is the content of the ":semihosting-features" file.
var semihostFeatures = []byte{'S', 'H', 'F', 'B', shFeatureByte}

// How a core makes the call (semihost_rv32.go does it for RISC-V): when
// m.semihost is not nil and the trap is a semihosting call (ARM: BKPT
// 0xAB, operation in r0, parameter in r1), set m.inflight to the step's
// position in the batch, call m.semihost(op, param), reset m.inflight,
// write the result to r0/a0 and go on after the call, ending the batch
// (SYS_EXIT sets the exit request and m.brk like the test device does).
// On errSemihostBlocked leave the pc on the call and let the hart wait as
// in wfi; wakeSemihostReaders must then recognise the call to wake it.
// When m.semihost is nil the trap behaves as without semihosting.

// initSemihost adds the semihosting state to the machine's saved devices
// (an empty window: nothing on the bus) and enables the calls unless the
// configuration turns them off.
func (m *Machine) initSemihost() {
	m.shState = device.NewSemihost()
	m.devs = append(m.devs, mapped{dev: m.shState})
	if !m.cfg.NoSemihosting {
		m.semihost = m.semihostCall
	}
}

// Semihosting reports whether semihosting calls are served.
func (m *Machine) Semihosting() bool { return m.semihost != nil }

// shCorrupted is what SYS_WRITEC and SYS_WRITE0 leave in r0/a0: the
// specification says the register is corrupted, and QEMU writes this
// value, so registers compare equal with QEMU after console output.
const shCorrupted = 0xdeadbeef

// semihostCall performs semihosting operation op with parameter param and
// returns the value for r0/a0. Failures the firmware can see return -1
// and set the error number; errSemihostBlocked means no input yet.
func (m *Machine) semihostCall(op, param uint32) (uint32, error) {
	switch op {
	case shWriteC:
		var b [1]byte
		if m.ReadMemory(param, b[:]) != nil {
			return m.shErr(errnoEFAULT), nil
		}
		m.uartByte(b[0])
		return shCorrupted, nil
	case shWrite0:
		s, ok := m.shString(param)
		if !ok {
			return m.shErr(errnoEFAULT), nil
		}
		m.shOutput(s)
		return shCorrupted, nil
	case shReadC:
		if m.shState.Pending() == 0 {
			return 0, errSemihostBlocked
		}
		return uint32(m.shState.TakeInput(1)[0]), nil
	case shClock:
		return uint32(m.virtualTicks(m.Time(), 100)), nil
	case shTime:
		return shEpoch + uint32(m.virtualTicks(m.Time(), 1)), nil
	case shTickFreq:
		return uint32(min(m.InstructionsPerSecond(), 1<<31-1)), nil
	case shElapsed:
		t := m.Time()
		if !m.shPutWords(param, uint32(t), uint32(t>>32)) {
			return m.shErr(errnoEFAULT), nil
		}
		return 0, nil
	case shErrno:
		return m.shState.Errno(), nil
	case shHeapInfo:
		return m.shHeapInfo(param), nil
	case shExit:
		m.shExit(param, 0)
		return 0, nil
	case shExitExt:
		a, ok := m.shArgs(param, 2)
		if !ok {
			return m.shErr(errnoEFAULT), nil
		}
		m.shExit(a[0], a[1])
		return 0, nil
	case shIsError:
		a, ok := m.shArgs(param, 1)
		if !ok {
			return m.shErr(errnoEFAULT), nil
		}
		return b2u(int32(a[0]) < 0), nil
	case shGetCmdline:
		return m.shCmdline(param), nil
	}
	return m.semihostFile(op, param)
}

// shExit ends the run: reason ADP_Stopped_ApplicationExit exits with
// code (0 for SYS_EXIT, which passes no code on 32-bit targets), any
// other reason with 1, as QEMU does.
func (m *Machine) shExit(reason, code uint32) {
	if reason != shAppExit {
		code = 1
	}
	exiter{m}.Exit(int(int32(code)))
}

// shErr records errno e and returns the failure value -1.
func (m *Machine) shErr(e uint32) uint32 {
	m.shState.SetErrno(e)
	return shFail
}

// shOutput sends bytes to the output log, as the UART's transmitter does.
func (m *Machine) shOutput(b []byte) {
	for _, c := range b {
		m.uartByte(c)
	}
}

// shArgs reads n 32-bit argument words at addr.
func (m *Machine) shArgs(addr uint32, n int) ([]uint32, bool) {
	buf := make([]byte, 4*n)
	if m.ReadMemory(addr, buf) != nil {
		return nil, false
	}
	out := make([]uint32, n)
	for i := range out {
		out[i] = le.Uint32(buf[4*i:])
	}
	return out, true
}

// shPutWords writes 32-bit words at addr.
func (m *Machine) shPutWords(addr uint32, words ...uint32) bool {
	buf := make([]byte, 4*len(words))
	for i, w := range words {
		le.PutUint32(buf[4*i:], w)
	}
	return m.WriteMemory(addr, buf) == nil
}

// shString reads a NUL-terminated string at addr (at most shMaxString bytes).
func (m *Machine) shString(addr uint32) ([]byte, bool) {
	var out []byte
	var b [1]byte
	for len(out) < shMaxString {
		if m.ReadMemory(addr+uint32(len(out)), b[:]) != nil {
			return nil, false
		}
		if b[0] == 0 {
			return out, true
		}
		out = append(out, b[0])
	}
	return nil, false
}

// shCmdline answers SYS_GET_CMDLINE with an empty command line.
func (m *Machine) shCmdline(param uint32) uint32 {
	a, ok := m.shArgs(param, 2)
	if !ok || a[1] == 0 {
		return m.shErr(errnoEFAULT)
	}
	if m.WriteMemory(a[0], []byte{0}) != nil || !m.shPutWords(param+4, 0) {
		return m.shErr(errnoEFAULT)
	}
	return 0
}
