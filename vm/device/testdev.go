package device

// SiFive test finisher commands (the low 16 bits of a store at offset 0).
const (
	testFail  = 0x3333 // exit with the code in bits 16..31
	testPass  = 0x5555 // exit 0
	testReset = 0x7777 // reset the machine
	testSize  = 0x1000
)

// TestDevice is the SiFive test finisher QEMU's virt machine maps at
// 0x100000: firmware ends the run by storing to offset 0.
//
// A 16- or 32-bit store of 0x5555 exits with code 0 and (code<<16)|0x3333
// exits with code; as in QEMU, the upper half of a pass command is ignored
// and the exit code is the full 16-bit field (a host process keeps its low
// 8 bits). 0x7777 asks QEMU to reset the machine; Rewind has no guest reset,
// so it exits with code 0 (what QEMU does with -no-reboot). Other values,
// offsets and sizes are ignored; QEMU faults on 8- and 64-bit accesses
// (see ValidAccess).
// Reads return 0. The device has no state.
type TestDevice struct {
	exit Exiter
}

// NewTestDevice returns a test finisher reporting to e.
func NewTestDevice(e Exiter) *TestDevice { return &TestDevice{exit: e} }

// Name implements Device.
func (t *TestDevice) Name() string { return "sifive_test" }

// Size implements Device.
func (t *TestDevice) Size() uint32 { return testSize }

// Read implements Device.
func (t *TestDevice) Read(off uint32, size int) uint64 { return 0 }

// Peek implements Device.
func (t *TestDevice) Peek(off uint32, size int) uint64 { return 0 }

// ValidAccess reports whether QEMU accepts the access: 16- or 32-bit ones.
// The machine raises an access fault otherwise.
func (t *TestDevice) ValidAccess(off uint32, size int, write bool) bool {
	return (size == 2 || size == 4) && off < testSize
}

// Write implements Device.
func (t *TestDevice) Write(off uint32, size int, val uint64) {
	if off != 0 || (size != 2 && size != 4) || t.exit == nil {
		return
	}
	switch val & 0xFFFF {
	case testFail:
		t.exit.Exit(int(val >> 16 & 0xFFFF))
	case testPass, testReset:
		t.exit.Exit(0)
	}
}

// Reset implements Device.
func (t *TestDevice) Reset() {}

const testTag, testVersion = "TEST", 1

// SaveState implements Device.
func (t *TestDevice) SaveState(dst []byte) []byte {
	w := stateWriter{b: dst}
	w.header(testTag, testVersion)
	return w.b
}

// RestoreState implements Device.
func (t *TestDevice) RestoreState(state []byte) error {
	r := stateReader{b: state}
	r.header(testTag, testVersion)
	return r.finish()
}
