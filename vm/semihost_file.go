package vm

import "github.com/rewind-debugger/rewind/vm/device"

// semihostFile performs the operations on handles: the console ":tt"
// (stdin, stdout or stderr by open mode), the read-only
// ":semihosting-features" file, and host files when Config.SemihostDir
// names a directory (semihost_host.go).
func (m *Machine) semihostFile(op, param uint32) (uint32, error) {
	var n int
	switch op {
	case shOpen, shWrite, shRead:
		n = 3
	case shSeek:
		n = 2
	case shClose, shIsTTY, shFlen:
		n = 1
	default:
		return m.shErr(errnoENOSYS), nil
	}
	a, ok := m.shArgs(param, n)
	if !ok {
		return m.shErr(errnoEFAULT), nil
	}
	if op == shOpen {
		return m.shOpen(a[0], a[1], a[2]), nil
	}
	h := m.shState.Handle(a[0])
	if h == nil {
		if op == shWrite || op == shRead {
			return m.shErrKeep(errnoEBADF, a[2]), nil // nothing transferred, as QEMU answers
		}
		return m.shErr(errnoEBADF), nil
	}
	switch op {
	case shClose:
		m.shState.Close(a[0])
		return 0, nil
	case shIsTTY:
		return b2u(h.Kind <= device.HandleStderr), nil
	case shWrite:
		return m.shWrite(h, a[1], a[2]), nil
	case shRead:
		return m.shRead(h, a[1], a[2])
	case shSeek:
		return m.shSeek(h, a[1]), nil
	}
	return m.shFlen(h), nil
}

// shOpen opens name (len bytes at addr) with an fopen mode number 0-11:
// 0-3 read, 4-7 write, 8-11 append.
func (m *Machine) shOpen(addr, mode, length uint32) uint32 {
	if mode > 11 || length > shMaxString {
		return m.shErr(errnoEINVAL)
	}
	name := make([]byte, length)
	if m.ReadMemory(addr, name) != nil {
		return m.shErr(errnoEFAULT)
	}
	switch string(name) {
	case ":tt":
		kind := device.HandleStdin
		if mode >= 8 {
			kind = device.HandleStderr
		} else if mode >= 4 {
			kind = device.HandleStdout
		}
		return m.shState.Open(device.SemihostHandle{Kind: kind})
	case ":semihosting-features":
		if mode >= 4 {
			return m.shErr(errnoEACCES)
		}
		return m.shState.Open(device.SemihostHandle{Kind: device.HandleFeatures})
	}
	return m.hostOpen(string(name), mode)
}

// shWrite writes n bytes at addr to h, in pieces of at most shMaxString,
// and returns the number not written.
func (m *Machine) shWrite(h *device.SemihostHandle, addr, n uint32) uint32 {
	if h.Kind != device.HandleStdout && h.Kind != device.HandleStderr && h.Kind != device.HandleFile {
		return m.shErrKeep(errnoEBADF, n)
	}
	for done := uint32(0); done < n; {
		buf := make([]byte, min(n-done, shMaxString))
		if m.ReadMemory(addr+done, buf) != nil {
			return m.shErrKeep(errnoEFAULT, n-done)
		}
		if h.Kind == device.HandleFile {
			if left := m.hostWrite(h, buf); left != 0 {
				return n - done - uint32(len(buf)) + left
			}
		} else {
			m.shOutput(buf)
		}
		done += uint32(len(buf))
	}
	return 0
}

// shRead reads up to n bytes from h into addr and returns the number not
// read (n at end of file). Console reads wait for at least one byte; a
// read transfers at most shMaxString bytes (a short read, as the
// specification allows).
func (m *Machine) shRead(h *device.SemihostHandle, addr, n uint32) (uint32, error) {
	want := min(n, shMaxString)
	var data []byte
	switch h.Kind {
	case device.HandleStdin:
		if n == 0 {
			return 0, nil
		}
		if m.shState.Pending() == 0 {
			return 0, errSemihostBlocked
		}
		data = m.shState.TakeInput(int(want))
	case device.HandleFeatures:
		if h.Pos < uint32(len(semihostFeatures)) {
			data = semihostFeatures[h.Pos:min(uint32(len(semihostFeatures)), h.Pos+want)]
		}
		h.Pos += uint32(len(data))
	case device.HandleFile:
		var ok bool
		if data, ok = m.hostRead(h, want); !ok {
			return m.shErrKeep(errnoEACCES, n), nil
		}
	default:
		return m.shErrKeep(errnoEBADF, n), nil
	}
	if m.WriteMemory(addr, data) != nil {
		return m.shErrKeep(errnoEFAULT, n), nil
	}
	return n - uint32(len(data)), nil
}

// shSeek moves h to absolute position pos (files only).
func (m *Machine) shSeek(h *device.SemihostHandle, pos uint32) uint32 {
	switch h.Kind {
	case device.HandleFeatures, device.HandleFile:
		h.Pos = pos
		return 0
	}
	return m.shErr(errnoESPIPE)
}

// shFlen returns the length of the file behind h; the console has none (0).
func (m *Machine) shFlen(h *device.SemihostHandle) uint32 {
	switch h.Kind {
	case device.HandleFeatures:
		return uint32(len(semihostFeatures))
	case device.HandleFile:
		return m.hostFlen(h)
	}
	return 0
}

// shErrKeep records errno e and returns v (the byte count not transferred).
func (m *Machine) shErrKeep(e, v uint32) uint32 {
	m.shState.SetErrno(e)
	return v
}
