package rtos

// fillByte is tskSTACK_FILL_BYTE: the kernel fills a new task's stack with it.
const fillByte = 0xa5

// maxStackScan bounds how much of a stack the high-water scan reads.
const maxStackScan = 256 << 10

// unusedStack counts the bytes at the bottom of a downward-growing stack
// that still hold the fill pattern, from base up to at most limit: the
// stack space the task has never used (FreeRTOS's high-water mark, in
// bytes rather than words).
func unusedStack(r *reader, base, limit uint32) uint32 {
	if base == 0 || limit <= base {
		return 0
	}
	n := limit - base
	if n > maxStackScan {
		n = maxStackScan
	}
	const chunk = 256
	buf := make([]byte, chunk)
	var unused uint32
	for off := uint32(0); off < n; off += chunk {
		m := uint32(chunk)
		if n-off < m {
			m = n - off
		}
		if err := r.mem.ReadMemory(base+off, buf[:m]); err != nil {
			return unused
		}
		for _, b := range buf[:m] {
			if b != fillByte {
				return unused
			}
			unused++
		}
	}
	return unused
}
