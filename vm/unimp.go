package vm

// unimplemented is a region QEMU maps as an unimplemented device: reads
// return 0 and writes are ignored. It has no state.
type unimplemented struct{ size uint32 }

// Name is the device kind.
func (u *unimplemented) Name() string { return KindUnimplemented }

// Size is the region's length.
func (u *unimplemented) Size() uint32 { return u.size }

// Read returns 0.
func (u *unimplemented) Read(uint32, int) uint64 { return 0 }

// Peek returns 0.
func (u *unimplemented) Peek(uint32, int) uint64 { return 0 }

// Write ignores the store.
func (u *unimplemented) Write(uint32, int, uint64) {}

// Reset does nothing.
func (u *unimplemented) Reset() {}

// SaveState appends nothing: the region has no state.
func (u *unimplemented) SaveState(dst []byte) []byte { return dst }

// RestoreState accepts only the empty state.
func (u *unimplemented) RestoreState(state []byte) error {
	if len(state) != 0 {
		return errSnapshot
	}
	return nil
}
