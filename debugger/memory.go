package debugger

import "fmt"

// maxMemoryRead bounds one ReadMemory.
const maxMemoryRead = 1 << 20

// ReadMemory reads n bytes at addr. It returns the readable prefix and
// how many bytes after it could not be read (unmapped addresses).
func (s *Session) ReadMemory(addr uint32, n int) (data []byte, unreadable int) {
	n = min(max(n, 0), maxMemoryRead)
	if uint64(addr)+uint64(n) > 1<<32 {
		n = int(1<<32 - uint64(addr))
	}
	data = make([]byte, 0, n)
	var b [1]byte
	for i := 0; i < n; i++ {
		chunk := min(n-i, 256)
		buf := make([]byte, chunk)
		if s.m.ReadMemory(addr+uint32(i), buf) == nil {
			data = append(data, buf...)
			i += chunk - 1
			continue
		}
		if s.m.ReadMemory(addr+uint32(i), b[:]) != nil {
			return data, n - i
		}
		data = append(data, b[0])
	}
	return data, 0
}

// WriteMemory writes guest memory now (forking history when in the past;
// see TakeFork).
func (s *Session) WriteMemory(addr uint32, data []byte) error {
	if len(data) > maxMemoryRead {
		return fmt.Errorf("cannot write %d bytes at once", len(data))
	}
	return s.target(s.hart).WriteMemory(addr, data)
}
